"""Gymnasium environments: one agent plays a seat, the Rhom and bots play the others.

Registered ids (registration happens on ``import iridescia.rl``):

* ``iridescia/Solo-v0``: the agent plays the solo expedition against the Rhom automa.
* ``iridescia/Versus-v0``: the agent plays against bots, ``opponents=["greedy", "mcts:easy"]``
  (2-4 players; ``rhom=True`` adds the Rhom as one more explorer for 2-3 players).

Observations are ``{"observation": float32[OBS_SIZE], "action_mask": int8[NUM_ACTIONS]}`` built
from the agent's view only (``observation.encode``); the mask is also in ``info``, and
``action_masks()`` returns it for sb3-contrib's ``MaskablePPO``. Actions are ids into the engine's
action table (``actions.ACTION_NAMES``). The reward is 0 until the game ends, then the final
margin (or ``reward="win_loss"`` / ``"score"``); ``shaping=w`` adds the potential-based shaping
of ``rewards``. An illegal action leaves the game unchanged and gives ``illegal_reward`` (or
raises with ``illegal_action="raise"``). A game always ends; for a step limit use
``gymnasium.make(..., max_episode_steps=n)``.

``reset(seed=s)`` plays the engine's game ``Game.new(players, s)``; later resets without a seed
draw the next game seed from the environment's generator. No rules logic lives here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from iridescia.core.errors import IllegalActionError, InvalidActionError
from iridescia.games.iridescia.game import Game
from iridescia.rl.actions import NUM_ACTIONS, Mask, legal_ids, mask_of, to_action
from iridescia.rl.layout import LAYOUT
from iridescia.rl.observation import encode
from iridescia.rl.rewards import SeatReward, check_kind
from iridescia.rl.seats import BotSeats, Table
from iridescia.rl.text import render_view

Obs = dict[str, np.ndarray[Any, Any]]
SEED_BOUND = 2**31 - 1


def observation_space() -> spaces.Dict:
    """The observation space shared by every API: the encoded view and the legal-action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(LAYOUT.low, LAYOUT.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8),
        }
    )


class IridesciaEnv(gym.Env[dict[str, Any], np.int64]):
    """One seat of Gems of Iridescia as a single-agent environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - declared so by the base class
        "render_modes": ["ansi"],
        "render_fps": 1,
    }

    def __init__(
        self,
        opponents: Sequence[str] = (),
        seat: int = 0,
        rhom: bool = False,
        reward: str = "margin",
        shaping: float = 0.0,
        illegal_action: Literal["penalize", "raise"] = "penalize",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if illegal_action not in ("penalize", "raise"):
            raise ValueError("illegal_action must be 'penalize' or 'raise'")
        self.table = Table.with_opponents(seat, opponents, rhom)
        self.seat = seat
        self.reward_kind = check_kind(reward)
        self.shaping = float(shaping)
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._bots = BotSeats(self.table)
        self._reward = SeatReward(seat, self.reward_kind, self.shaping)
        self._game: Game | None = None
        self._game_seed = 0
        self._legal: list[int] = []
        self._obs: Obs | None = None

    # ------------------------------------------------------------ the Gymnasium API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        if options:
            raise ValueError(f"reset takes no options (got {sorted(options)})")
        self._game_seed = (
            int(seed) if seed is not None else int(self.np_random.integers(0, SEED_BOUND))
        )
        game = self._game = self.table.new_game(self._game_seed)
        self._bots.start(self._game_seed)
        self._bots.play(game)
        self._reward.start(game)
        obs, info = self._observe()
        return obs, info

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        game = self._game
        if game is None or self._obs is None:
            raise RuntimeError("call reset() before step()")
        if game.is_terminal():
            raise RuntimeError("the game is over: call reset()")
        try:
            chosen = to_action(action)
            legal = chosen.id in self._legal
        except InvalidActionError:
            legal = False
        if not legal:
            if self.illegal_action == "raise":
                raise IllegalActionError(f"action {action!r} is not legal now")
            obs = {k: v.copy() for k, v in self._obs.items()}
            info = self._info(obs["action_mask"])
            info["illegal_action"] = True
            return obs, self.illegal_reward, False, False, info
        game.apply(chosen)
        self._bots.play(game)
        reward = self._reward.step(game)
        obs, info = self._observe()
        return obs, reward, game.is_terminal(), False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return render_view(self.game.view(self.seat))

    # ------------------------------------------------------------ extras

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The current legal-action mask as booleans (the hook sb3-contrib's MaskablePPO calls)."""
        return mask_of(self._legal).astype(bool)

    @property
    def game(self) -> Game:
        """The engine game being played (for analysis; changing it breaks the environment)."""
        if self._game is None:
            raise RuntimeError("call reset() first")
        return self._game

    @property
    def game_seed(self) -> int:
        return self._game_seed

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        game = self.game
        view = game.view(self.seat)
        self._legal = legal_ids(view)
        mask = mask_of(self._legal)
        obs: Obs = {"observation": encode(view), "action_mask": mask}
        self._obs = obs
        obs = {k: v.copy() for k, v in obs.items()}
        return obs, self._info(mask)

    def _info(self, mask: Mask) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": mask.copy(), "game_seed": self._game_seed}
        game = self.game
        if game.is_terminal():
            info["scores"] = [s.total for s in game.scores()]
            info["winners"] = game.winners()
        return info


def solo_env(**kwargs: Any) -> IridesciaEnv:
    """``iridescia/Solo-v0``: the agent against the Rhom (takes the options of IridesciaEnv
    except ``opponents``, ``seat`` and ``rhom``)."""
    return IridesciaEnv(opponents=(), **kwargs)


def versus_env(opponents: Sequence[str] = ("random",), **kwargs: Any) -> IridesciaEnv:
    """``iridescia/Versus-v0``: the agent against bots (default one random bot)."""
    return IridesciaEnv(opponents=opponents, **kwargs)


def register_envs() -> None:
    """Register ``iridescia/Solo-v0`` and ``iridescia/Versus-v0`` with Gymnasium (idempotent)."""
    for env_id, entry in (
        ("iridescia/Solo-v0", "iridescia.rl.gym_env:solo_env"),
        ("iridescia/Versus-v0", "iridescia.rl.gym_env:versus_env"),
    ):
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=entry)


__all__ = ["IridesciaEnv", "observation_space", "register_envs", "solo_env", "versus_env"]
