"""iridescia: the digital edition of *Gems of Iridescia* and *Gem Rush* on one engine.

Each game is a package under :mod:`iridescia.games` (``iridescia.games.get(name)`` finds one by
name). For the first game, ``from iridescia import Game`` is its forward model; ``GameRecord``
(any game's record) comes from the shared core. Names are loaded on first use so that importing
one layer never drags in the others.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
__all__ = ["Game", "GameRecord", "Options", "RulesParams"]

# Where each name of ``__all__`` lives, imported when the name is first used.
_HOMES = {
    "Game": "iridescia.games.iridescia",
    "Options": "iridescia.games.iridescia",
    "RulesParams": "iridescia.games.iridescia",
    "GameRecord": "iridescia.core.record",
}

if TYPE_CHECKING:
    from iridescia.core.record import GameRecord
    from iridescia.games.iridescia import Game, Options, RulesParams


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'iridescia' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
