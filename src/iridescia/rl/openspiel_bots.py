"""Our bots and OpenSpiel's search bots at one table, on the OpenSpiel game of any game.

* ``OursBot(spec, player, game=None)``: any bot ``make_bot`` knows (``"random"``, ``"greedy"``,
  ``"hard"``...) for ``game`` (default: Gems of Iridescia) as a ``pyspiel.Bot``, played through
  ``match.BotSeats``. It sees its player's view and the legal actions, never the state, and
  draws from ``match.bot_rng(seed, player)`` like everywhere else.
* ``ismcts_bot``: OpenSpiel's information-set MCTS (``ISMCTSBot``) with random rollouts. Its root
  worlds come from ``resample_from_infostate``, i.e. the engine's determinisation, and a seeded
  sampler makes a game reproducible.
* ``mcts_bot``: OpenSpiel's ``MCTSBot``. It searches clones of the true state, so it sees hidden
  tiles, objectives and even the state's future dice: a reference point, not a fair opponent.
* ``play(game, bots, seed)``: one game on the deal of ``seed``; returns the OpenSpiel returns,
  the final scores and each player's thinking time.

Search bots compare returns, so load the game with ``returns=win_loss`` (values in -1..1) for the
usual exploration constant (``uct_c=2``); with scores in points the search barely explores.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from iridescia.games import get as get_game
from iridescia.match import BotSeats
from iridescia.rl.openspiel_game import SpielGame, SpielState


class OursBot(pyspiel.Bot):
    """One of our bots playing ``player`` in the OpenSpiel game of ``game``."""

    def __init__(self, spec: str, player: int, game: str | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self.spec = spec
        self.player = player
        self.game = get_game(game)
        self.seats = BotSeats(self.game, {player: spec})  # ValueError for an unknown bot
        self.decisions = 0

    def restart_at(self, state: SpielState) -> None:
        self.seats.start(state.game.seed)

    def step(self, state: SpielState) -> int:
        game = state.game
        if game.spec.info.name != self.game.info.name:
            raise ValueError(f"{self.spec} was made for {self.game.info.title}")
        if game.current_player != self.player:
            raise ValueError(f"{self.spec} plays player {self.player}, not {game.current_player}")
        if not self.seats.rngs:
            self.restart_at(state)
        self.decisions += 1
        return self.seats.choose(game, self.player).id

    def inform_action(self, state: SpielState, player: int, action: int) -> None:
        pass


def _seeded_resampler(seed: int) -> Callable[[SpielState, int], SpielState]:
    draws = np.random.RandomState(seed)

    def resample(state: SpielState, player: int) -> SpielState:
        return state.resample_from_infostate(player, draws.random_sample)

    return resample


def ismcts_bot(
    game: SpielGame, simulations: int, seed: int, uct_c: float = 2.0, rollouts: int = 1
) -> ismcts.ISMCTSBot:
    """OpenSpiel's IS-MCTS with ``simulations`` per decision and random rollouts."""
    evaluator = mcts.RandomRolloutEvaluator(rollouts, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c,
        simulations,
        random_state=np.random.RandomState(seed + 1),
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    bot.set_resampler(_seeded_resampler(seed + 2))
    return bot


def mcts_bot(
    game: SpielGame, simulations: int, seed: int, uct_c: float = 2.0, rollouts: int = 1
) -> mcts.MCTSBot:
    """OpenSpiel's MCTS on the true state (sees hidden information; see the module docstring)."""
    evaluator = mcts.RandomRolloutEvaluator(rollouts, np.random.RandomState(seed))
    return mcts.MCTSBot(
        game,
        uct_c,
        simulations,
        evaluator,
        solve=False,  # a terminal node depends on sampled chance: nothing is proven
        random_state=np.random.RandomState(seed + 1),
    )


@dataclass(frozen=True)
class GameResult:
    returns: list[float]
    scores: list[int]
    seconds: list[float]  # thinking time per player
    decisions: list[int]  # decisions per player


def play(
    game: SpielGame,
    bots: Sequence[Any],
    seed: int,
    on_decision: Callable[[SpielState, int], None] | None = None,
) -> GameResult:
    """Play one game on the deal of ``seed``, ``bots[p]`` for player ``p``.

    ``on_decision(state, player)`` is called before each decision (e.g. to set a search budget).
    """
    if len(bots) != game.num_players():
        raise ValueError(f"{game.num_players()} players need as many bots, not {len(bots)}")
    state = game.new_initial_state_for_seed(seed)
    for bot in bots:
        if isinstance(bot, OursBot):  # OpenSpiel's search bots start afresh at every step
            bot.restart_at(state)
    seconds = [0.0] * len(bots)
    decisions = [0] * len(bots)
    while not state.is_terminal():
        player = state.current_player()
        if on_decision is not None:
            on_decision(state, player)
        start = time.perf_counter()
        action = bots[player].step(state)
        seconds[player] += time.perf_counter() - start
        decisions[player] += 1
        state.apply_action(action)
    scores = list(state.game.outcome().scores)
    return GameResult(list(state.returns()), scores, seconds, decisions)


__all__ = ["GameResult", "OursBot", "ismcts_bot", "mcts_bot", "play"]
