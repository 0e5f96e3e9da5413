"""iridescia: the digital edition of the board game *Gems of Iridescia*.

The rules engine lives in :mod:`iridescia.games.iridescia`; :class:`Game` is its forward model
(``from iridescia import Game``). Names are loaded on first use so that importing one layer
never drags in the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
__all__ = ["Game", "Options", "RulesParams"]

if TYPE_CHECKING:
    from iridescia.games.iridescia.game import Game, Options, RulesParams


def __getattr__(name: str) -> Any:
    if name in __all__:
        from iridescia.games.iridescia import game

        return getattr(game, name)
    raise AttributeError(f"module 'iridescia' has no attribute {name!r}")
