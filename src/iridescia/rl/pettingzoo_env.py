"""PettingZoo: Gems of Iridescia as a turn-based AEC environment for 1-4 agents.

``env(players=3)`` is the environment wrapped like PettingZoo's classic games (an illegal action
ends the game with ``illegal_reward`` for the offender, actions out of range are refused, the
call order is enforced); ``raw_env`` is the bare one. Agents are ``player_0`` ... one per human
seat; ``rhom=True`` adds the Rhom automa as a seat that is no agent (2-3 players), and
``players=1`` is the solo expedition against it. The agent to act is the engine's current player.

Each agent observes ``{"observation": float32[OBS_SIZE], "action_mask": int8[NUM_ACTIONS]}``
built from its own view (the mask is all zeros when it is not that agent's decision). Rewards
are 0 until the game ends, then every agent gets its final reward (``reward="margin"``,
``"win_loss"`` or ``"score"``, see ``rewards``; ``shaping`` as there). A game always ends;
``max_cycles=n`` truncates it after ``n * num_agents`` decisions. ``reset(seed=s)`` plays
``Game.new(players, s)``; later resets without a seed draw the next seed from the environment.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from iridescia.core.errors import IllegalActionError
from iridescia.games.iridescia.game import Game
from iridescia.rl.actions import NUM_ACTIONS, legal_ids, mask_of, to_action
from iridescia.rl.gym_env import SEED_BOUND, Obs, observation_space
from iridescia.rl.observation import encode
from iridescia.rl.rewards import SeatReward, check_kind
from iridescia.rl.seats import Table
from iridescia.rl.text import render_view


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
        players: int = 2,
        rhom: bool = False,
        reward: str = "margin",
        shaping: float = 0.0,
        max_cycles: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if max_cycles is not None and max_cycles < 1:
            raise ValueError("max_cycles must be at least 1")
        self.table = Table(players, rhom)
        self.reward_kind = check_kind(reward)
        self.shaping = float(shaping)
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(players)]
        self.seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        space = observation_space()
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._np_random: np.random.Generator | None = None
        self._game: Game | None = None
        self._game_seed = 0
        self._decisions = 0
        self._seat_rewards: dict[str, SeatReward] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> Game:
        """The engine game being played (for analysis; changing it breaks the environment)."""
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
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._seat_rewards = {
            a: SeatReward(self.seat_of[a], self.reward_kind, self.shaping) for a in self.agents
        }
        for r in self._seat_rewards.values():
            r.start(game)
        seat = game.current_player
        assert seat is not None
        self.agent_selection = agent_name(seat)

    def observe(self, agent: str) -> Obs:
        view = self.game.view(self.seat_of[agent])
        return {"observation": encode(view), "action_mask": mask_of(legal_ids(view))}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        chosen = to_action(action)
        if chosen not in game.legal_actions():
            raise IllegalActionError(f"{chosen} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        game.apply(chosen)
        self._decisions += 1
        for a in self.agents:
            self.rewards[a] = self._seat_rewards[a].step(game)
        if game.is_terminal():
            scores = [s.total for s in game.scores()]
            winners = game.winners()
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
        return render_view(self.game.spectator_view())

    def close(self) -> None:
        pass


def env(illegal_reward: float = -1.0, **kwargs: Any) -> AECEnv:
    """The AEC environment with PettingZoo's standard wrappers (see the module docstring)."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=illegal_reward)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


__all__ = ["agent_name", "env", "raw_env"]
