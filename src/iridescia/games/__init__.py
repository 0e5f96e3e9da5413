"""The games of the edition, registered by name: every face finds its game here.

``get(name)`` returns a game's plug-in (``core.game.GameSpec``; the default game for None),
``names()`` lists them, the default first; ``from_record(record)`` replays a record with the game
it names (``RecordError`` for an unknown one). Importing this package registers every game the
edition ships; a face never imports a game it was not asked for by name (records, ``--game`` and
the lobby say which).
"""

from __future__ import annotations

from iridescia.core.registry import DEFAULT_GAME, all_games, from_record, get, names, register
from iridescia.games import gemrush, iridescia

register(iridescia.GAME)
register(gemrush.GAME)

__all__ = ["DEFAULT_GAME", "all_games", "from_record", "get", "names"]
