"""The greedy bot: one step of look-ahead with the game's heuristic evaluator.

From its view the bot builds one world (the game's ``world_from_view``: what it cannot see is
dealt at random), tries every legal action on a copy, finishes the turn with the game's default
policy (``heuristics.finish_turn``: so that every action is judged at the same point, just before
the turn passes), and keeps the action whose outcome the evaluator likes best
(``heuristics.value``: for Gems of Iridescia, the predicted lead over the best other seat).
An action that passes the turn is judged where the game's heuristics judge such lines: just
before it when ``may_pass_turn`` says so (Gems of Iridescia), else just after it (Gem Rush,
whose turn-passing actions are where the turn's cards come from).
Chance outcomes (dice, revealed tiles) are averaged over the game's ``chance_samples`` reseeded
copies, the same samples for every action so that the comparison is fair. It tries the game's
``candidates`` among the legal actions (a game may prune some that are never better than
another). ``greedy:horizon`` judges each action at the start of the seat's next turn instead,
the other seats' turns played by the game's ``Horizon`` (when its heuristics have one). It
knows no game: all it knows comes from the game's heuristics.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from iridescia.bots.base import register
from iridescia.core.actions import Action
from iridescia.core.game import Game, GameSpec, Horizon, SearchHeuristics, View, horizon_of
from iridescia.core.rng import Rng


def action_value(
    world: Game,
    action: Action,
    seat: int,
    samples: Sequence[int],
    heuristics: SearchHeuristics[Any],
    horizon: Horizon[Any] | None = None,
) -> float:
    """The mean value for ``seat`` of playing ``action`` in ``world`` and finishing the turn by
    default, over the chance ``samples`` (the same for every action); with a ``horizon``, of
    playing on to the start of the seat's next turn (``Horizon.play_on``)."""
    total = 0.0
    turn = heuristics.turn_index(world)
    for sample in samples:
        g = world.clone()
        g.reseed(sample)
        g.apply_unchecked(action)
        if horizon is not None:
            if not g.is_terminal():
                g = horizon.play_on(g, seat, turn, Rng(sample ^ 0x5A5A))
        elif heuristics.turn_index(g) != turn or g.is_terminal():
            if heuristics.may_pass_turn(action):
                g = heuristics.judge_passing(world, action)  # judged from before it passed
        else:
            g = heuristics.finish_turn(g, seat, Rng(sample ^ 0x5A5A))
        total += heuristics.value(g, seat)
    return total / len(samples)


class GreedyBot:
    """One-step look-ahead with the game's evaluator; ``samples`` chance samples per action
    (by default the game's ``chance_samples``)."""

    def __init__(
        self,
        game: GameSpec,
        samples: int | None = None,
        horizon: bool = False,
        name: str = "greedy",
    ) -> None:
        heuristics = game.heuristics()
        if heuristics is None:
            raise ValueError(f"the greedy bot needs search heuristics for {game.info.title}")
        self.game = game
        self.heuristics = heuristics
        self.samples = heuristics.chance_samples if samples is None else samples
        # With ``horizon`` (and a game whose heuristics can play the others' turns), actions
        # are judged at the start of the seat's next turn rather than just before it passes.
        self.horizon: Horizon[Any] | None = horizon_of(heuristics) if horizon else None
        self.name = name

    def choose(self, view: View, legal_actions: Sequence[Action], rng: Rng) -> Action:
        if not legal_actions:
            raise ValueError("the greedy bot was asked to choose among no actions")
        if len(legal_actions) == 1:
            return legal_actions[0]
        seat = view["viewer"]
        world = self.game.world_from_view(view, rng)
        samples = [rng.next64() for _ in range(self.samples)]
        best_action = legal_actions[0]
        best_value = float("-inf")
        for a in self.heuristics.candidates(world, legal_actions):
            value = action_value(world, a, seat, samples, self.heuristics, self.horizon)
            if value > best_value:  # ties keep the lowest action id: deterministic
                best_value, best_action = value, a
        return best_action


def _make(options: str, game: GameSpec) -> GreedyBot:
    """``greedy`` or ``greedy:horizon`` (judged at the start of the seat's next turn)."""
    if options not in ("", "horizon"):
        raise ValueError(f"bad greedy option {options!r}: the only option is 'horizon'")
    return GreedyBot(
        game, horizon=options == "horizon", name=f"greedy:{options}" if options else "greedy"
    )


register("greedy", _make, needs_heuristics=True, takes_options=True)
