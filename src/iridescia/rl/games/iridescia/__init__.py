"""Gems of Iridescia for the research APIs: its observation encoder plug-in.

``ENCODER`` satisfies ``rl.plugin.ObservationEncoder``: the 2,119-value vector of
``layout.LAYOUT`` (``observation.encode``, ``docs/observation.md``), the text picture of a view
(``text.render_view``), the running score used for shaping (the engine's score breakdown of the
seat, hidden objectives included: they are the seat's own), and information-state histories in
which every ``discard objective`` hides which objective it was.

``legal_ids`` / ``mask_from_view`` read the legal actions from this game's view (the view lists
them for its deciding seat); the adapters take the mask from ``game.legal_actions()`` instead,
and a test checks that the two agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from iridescia.core.actions import Action
from iridescia.core.game import Game, View
from iridescia.games.iridescia import ACTIONS, GAME_NAME
from iridescia.games.iridescia import Game as IridesciaGame
from iridescia.rl.games.iridescia.layout import LAYOUT, OBS_SIZE
from iridescia.rl.games.iridescia.observation import encode
from iridescia.rl.games.iridescia.text import render_view
from iridescia.rl.layout import Layout

# Scores seen in play are 15..140; this bound is for the utility ranges OpenSpiel declares.
MAX_SCORE = 400.0
# Decisions in one game: the longest of 1,600 random games took 427 (4 players,
# docs/research.md); this bound is far above anything play reaches.
MAX_GAME_LENGTH = 5000
_DISCARD_OBJECTIVE = "discard objective"


class IridesciaEncoder:
    """Gems of Iridescia's ``ObservationEncoder`` (see the module docstring)."""

    __slots__ = ()

    game: str = GAME_NAME
    layout: Layout = LAYOUT
    # The Rhom as one more explorer (2-3 players); one player always plays against it.
    table_options: Mapping[str, Any] = MappingProxyType({"rhom": False})
    max_score: float = MAX_SCORE
    max_game_length: int = MAX_GAME_LENGTH
    default_reward: str = "margin"
    default_returns: str = "score"
    # Its Gymnasium ids are the generic iridescia/Solo-v0 and iridescia/Versus-v0.
    gym_envs: Mapping[str, Mapping[str, Any]] = MappingProxyType({})
    encode = staticmethod(encode)
    render = staticmethod(render_view)

    @staticmethod
    def score(game: Game, seat: int) -> float:
        if not isinstance(game, IridesciaGame):
            raise TypeError(f"not a game of Gems of Iridescia: {type(game).__name__}")
        return float(game.scores()[seat].total)

    @staticmethod
    def returns_range(mode: str, options: Mapping[str, Any]) -> tuple[float, float]:
        """0..1 at every table: each of k winners gets 1/k (solo: 1 for beating the Rhom)."""
        return 0.0, 1.0

    @staticmethod
    def public_text(action: Action) -> str:
        text = str(action)
        return _DISCARD_OBJECTIVE if text.startswith(_DISCARD_OBJECTIVE) else text


ENCODER = IridesciaEncoder()


def legal_ids(view: View) -> list[int]:
    """The legal action ids the view offers its seat (empty unless that seat decides now)."""
    decision = view["decision"]
    if decision is None or decision["player"] != view["viewer"]:
        return []
    ids: list[int] = decision["action_ids"]
    return ids


def mask_from_view(view: View) -> npt.NDArray[np.int8]:
    """The legal-action mask of the view's seat, read from the view."""
    mask = np.zeros(len(ACTIONS), dtype=np.int8)
    mask[legal_ids(view)] = 1
    return mask


__all__ = [
    "ENCODER",
    "LAYOUT",
    "OBS_SIZE",
    "IridesciaEncoder",
    "encode",
    "legal_ids",
    "mask_from_view",
    "render_view",
]
