"""Gymnasium environments: one agent plays a seat of a game, bots and automata play the others.

Registered ids (registration happens on ``import iridescia.rl``), for any game with an
observation encoder, chosen with ``game=`` (default: Gems of Iridescia), and each game's own ids
from its encoder (``gym_envs``; Gem Rush: ``iridescia/GemRushCrisis-v0``,
``iridescia/GemRushRush-v0``):

* ``iridescia/Solo-v0``: the agent is the only player (Gems of Iridescia: the solo expedition
  against the Rhom automa).
* ``iridescia/Versus-v0``: the agent plays against bots, ``opponents=["greedy", "mcts:easy"]``
  (default one random bot); ``seat`` is the agent's seat.

Other keywords: ``mode`` (default: the mode the table implies, ``seats.choose_mode``) and the
game's table options (Gems of Iridescia: ``rhom=True`` adds the Rhom as one more explorer for 2-3
players). Observations are ``{"observation": float32[layout.size], "action_mask":
int8[num_actions]}`` built from the agent's view only (the game's encoder); the mask is also in
``info``, and ``action_masks()`` returns it for sb3-contrib's ``MaskablePPO``. Actions are ids
into the game's action table (``ActionIds.names``). The reward is 0 until the game ends, then
the game's default (its encoder's ``default_reward``: the final margin for Gems of Iridescia,
the outcome's returns for Gem Rush) or ``reward="margin"`` / ``"win_loss"`` / ``"score"`` /
``"returns"``; ``shaping=w`` adds
the potential-based shaping of ``rewards``. An illegal action leaves the game unchanged and
gives ``illegal_reward`` (or raises with ``illegal_action="raise"``). For a step limit use
``gymnasium.make(..., max_episode_steps=n)``.

``reset(seed=s)`` plays the game the seating makes for seed ``s``; later resets without a seed
draw the next game seed from the environment's generator. No rules logic and no game lives here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from iridescia.core.actions import Action
from iridescia.core.errors import InvalidActionError
from iridescia.core.game import Game
from iridescia.match import BotSeats
from iridescia.rl import games as encoders
from iridescia.rl.actions import ActionIds, Mask, refused
from iridescia.rl.rewards import SeatReward, check_kind
from iridescia.rl.seats import Table

Obs = dict[str, np.ndarray[Any, Any]]
SEED_BOUND = 2**31 - 1
_GAME_ENV = "iridescia.rl.gym_env:GameEnv"  # the entry point of every game's own ids


def observation_space(game: str | None = None) -> spaces.Dict:
    """The observation space every API shares for ``game``: the encoded view and the mask."""
    layout = encoders.get(game).layout
    return spaces.Dict(
        {
            "observation": spaces.Box(layout.low, layout.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(ActionIds.of(game).size,), dtype=np.int8),
        }
    )


class GameEnv(gym.Env[dict[str, Any], np.int64]):
    """One seat of a game as a single-agent environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - declared so by the base class
        "render_modes": ["ansi"],
        "render_fps": 1,
    }

    def __init__(
        self,
        opponents: Sequence[str] = (),
        seat: int = 0,
        *,
        game: str | None = None,
        mode: str | None = None,
        reward: str | None = None,
        shaping: float = 0.0,
        illegal_action: Literal["penalize", "raise"] = "penalize",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.encoder = encoders.get(game)  # first: a game without an encoder says so
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if illegal_action not in ("penalize", "raise"):
            raise ValueError("illegal_action must be 'penalize' or 'raise'")
        self.table = Table.with_opponents(game, seat, opponents, mode=mode, options=options)
        self.actions = ActionIds.of(game)
        self.seat = seat
        self.reward_kind = check_kind(self.encoder.default_reward if reward is None else reward)
        self.shaping = float(shaping)
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = observation_space(game)
        self.action_space = spaces.Discrete(self.actions.size)
        self._bots = BotSeats(self.table.spec, self.table.bots)
        self._reward = SeatReward(seat, self.reward_kind, self.shaping, self.encoder.score)
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
        chosen: Action | None
        try:
            chosen = self.actions.to_action(action)
            legal = chosen.id in self._legal
        except InvalidActionError:
            chosen, legal = None, False
        if chosen is None or not legal:
            if self.illegal_action == "raise":
                raise refused(game, chosen, action)
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
        return self.encoder.render(self.game.view(self.seat))

    # ------------------------------------------------------------ extras

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The current legal-action mask as booleans (the hook sb3-contrib's MaskablePPO calls)."""
        return self.actions.mask(self._legal).astype(bool)

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

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        game = self.game
        self._legal = self.actions.legal_ids(game, self.seat)
        mask = self.actions.mask(self._legal)
        obs: Obs = {"observation": self.encoder.encode(game.view(self.seat)), "action_mask": mask}
        self._obs = obs
        obs = {k: v.copy() for k, v in obs.items()}
        return obs, self._info(mask)

    def _info(self, mask: Mask) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": mask.copy(), "game_seed": self._game_seed}
        game = self.game
        if game.is_terminal():
            outcome = game.outcome()
            info["scores"] = list(outcome.scores)
            info["winners"] = list(outcome.winners)
        return info


IridesciaEnv = GameEnv  # the name before games plugged in


def solo_env(**kwargs: Any) -> GameEnv:
    """``iridescia/Solo-v0``: the agent as the only player (takes the keywords of GameEnv
    except ``opponents`` and ``seat``)."""
    return GameEnv(opponents=(), **kwargs)


def versus_env(opponents: Sequence[str] = ("random",), **kwargs: Any) -> GameEnv:
    """``iridescia/Versus-v0``: the agent against bots (default one random bot)."""
    return GameEnv(opponents=opponents, **kwargs)


def register_envs() -> None:
    """Register ``iridescia/Solo-v0``, ``iridescia/Versus-v0`` and every game's own ids (its
    encoder's ``gym_envs``) with Gymnasium (idempotent)."""
    for env_id, entry in (
        ("iridescia/Solo-v0", "iridescia.rl.gym_env:solo_env"),
        ("iridescia/Versus-v0", "iridescia.rl.gym_env:versus_env"),
    ):
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=entry)
    for name in encoders.names():
        for env_id, defaults in encoders.get(name).gym_envs.items():
            if env_id not in gym.registry:
                gym.register(id=env_id, entry_point=_GAME_ENV, kwargs=dict(defaults))


__all__ = [
    "GameEnv",
    "IridesciaEnv",
    "observation_space",
    "register_envs",
    "solo_env",
    "versus_env",
]
