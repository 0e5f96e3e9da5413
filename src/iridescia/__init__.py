"""iridescia: the digital edition of *Gems of Iridescia* and *Gem Rush* on one engine.

Each game is a package under :mod:`iridescia.games` (``iridescia.games.get(name)`` finds one by
name). For the first game, ``from iridescia import Game`` is its forward model. Names are
loaded on first use so that importing one layer never drags in the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
__all__ = ["Game", "Options", "RulesParams"]

if TYPE_CHECKING:
    from iridescia.games.iridescia import Game, Options, RulesParams


def __getattr__(name: str) -> Any:
    if name in __all__:
        from iridescia.games import iridescia

        return getattr(iridescia, name)
    raise AttributeError(f"module 'iridescia' has no attribute {name!r}")
