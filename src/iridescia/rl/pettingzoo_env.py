"""PettingZoo: a game as a turn-based AEC environment, one agent per decision-making seat.

``env(players=3)`` is the environment wrapped like PettingZoo's classic games (an illegal action
ends the game with ``illegal_reward`` for the offender, actions out of range are refused, the
call order is enforced); ``raw_env`` is the bare one. ``game=`` chooses the game by name
(default: Gems of Iridescia), ``mode=`` its mode (default: the one the table implies,
``seats.choose_mode``), and the game's table options are keywords too (Gems of Iridescia:
``rhom=True`` adds the Rhom automa as a seat that is no agent, 2-3 players; ``players=1`` is the
solo expedition against it). Agents are ``player_0`` ...; the agent to act is the game's current
player (a turn may hold several decisions, so the same agent often acts several times in a row).

Each agent observes ``{"observation": float32[layout.size], "action_mask": int8[num_actions]}``
built from its own view by the game's encoder (the mask is all zeros when it is not that agent's
decision). Rewards are 0 until the game ends, then every agent gets its final reward (the
game's default, its encoder's ``default_reward``, or ``reward="margin"``, ``"win_loss"``,
``"score"`` or ``"returns"``, see ``rewards``; ``shaping`` as there). ``max_cycles=n``
truncates a game after ``n * num_agents`` decisions. ``reset(seed=s)`` plays the game the
seating makes for ``s``; later resets without a seed draw the next seed from the environment.
No rules logic and no game lives here.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from iridescia.core.game import Game
from iridescia.rl import games as encoders
from iridescia.rl.actions import ActionIds, refused
from iridescia.rl.gym_env import SEED_BOUND, Obs, observation_space
from iridescia.rl.rewards import SeatReward, check_kind
from iridescia.rl.seats import Table


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class raw_env(AECEnv):  # PettingZoo's name for the bare environment
    """The bare AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - declared so by the base class
        "render_modes": ["ansi"],
        "name": "iridescia_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int | None = None,
        *,
        game: str | None = None,
        mode: str | None = None,
        reward: str | None = None,
        shaping: float = 0.0,
        max_cycles: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.encoder = encoders.get(game)  # first: a game without an encoder says so
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if max_cycles is not None and max_cycles < 1:
            raise ValueError("max_cycles must be at least 1")
        self.table = Table.build(game, players, mode=mode, options=options)
        self.actions = ActionIds.of(game)
        self.reward_kind = check_kind(self.encoder.default_reward if reward is None else reward)
        self.shaping = float(shaping)
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self.table.players)]
        self.seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        space = observation_space(game)
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.actions.size) for a in self.possible_agents}
        self._np_random: np.random.Generator | None = None
        self._game: Game | None = None
        self._game_seed = 0
        self._decisions = 0
        self._legal: tuple[int, list[int]] | None = None  # (decisions, the decider's legal ids)
        self._seat_rewards: dict[str, SeatReward] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> Game:
        """The game being played (for analysis: it holds hidden information, and changing it
        breaks the environment)."""
        if self._game is None:
            raise RuntimeError("call reset() first")
        return self._game

    @property
    def game_seed(self) -> int:
        return self._game_seed

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            self._game_seed = int(seed)
        else:
            if self._np_random is None:
                self._np_random, _ = seeding.np_random()
            self._game_seed = int(self._np_random.integers(0, SEED_BOUND))
        game = self._game = self.table.new_game(self._game_seed)
        self._decisions = 0
        self._legal = None
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._seat_rewards = {
            a: SeatReward(self.seat_of[a], self.reward_kind, self.shaping, self.encoder.score)
            for a in self.agents
        }
        for r in self._seat_rewards.values():
            r.start(game)
        seat = game.current_player
        assert seat is not None
        self.agent_selection = agent_name(seat)

    def observe(self, agent: str) -> Obs:
        seat = self.seat_of[agent]
        game = self.game
        ids = self._legal_ids() if seat == game.current_player else []
        mask = self.actions.mask(ids)
        return {"observation": self.encoder.encode(game.view(seat)), "action_mask": mask}

    def _legal_ids(self) -> list[int]:
        """The deciding seat's legal action ids, computed once per decision (the mask and the
        legality check share them: the legal actions cost about 7 us a decision)."""
        if self._legal is None or self._legal[0] != self._decisions:
            self._legal = (self._decisions, [a.id for a in self.game.legal_actions()])
        return self._legal[1]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        chosen = self.actions.to_action(action)
        if chosen.id not in self._legal_ids():
            raise refused(game, chosen, action)
        self._cumulative_rewards[agent] = 0.0
        game.apply(chosen)
        self._decisions += 1
        for a in self.agents:
            self.rewards[a] = self._seat_rewards[a].step(game)
        if game.is_terminal():
            outcome = game.outcome()
            scores, winners = list(outcome.scores), list(outcome.winners)
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"scores": scores, "winners": winners}
        elif self.max_cycles is not None and self._decisions >= self.max_cycles * len(
            self.possible_agents
        ):
            for a in self.agents:
                self.truncations[a] = True
        else:
            seat = game.current_player
            assert seat is not None
            self.agent_selection = agent_name(seat)
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.encoder.render(self.game.spectator_view())

    def close(self) -> None:
        pass


def env(illegal_reward: float = -1.0, **kwargs: Any) -> AECEnv:
    """The AEC environment with PettingZoo's standard wrappers (see the module docstring)."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=illegal_reward)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


__all__ = ["agent_name", "env", "raw_env"]
