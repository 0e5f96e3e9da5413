"""The web face's per-game plug-ins, registered by game name (``web.plugin.WebGame``).

``plugin(name)`` gives a game's plug-in, or ``GenericWebGame`` for a registered game the web
face has no plug-in for: listed in the lobby, no board in the browser, no tables (ValueError for
a name no game is registered under). A plug-in with a board has its browser half in
``static/games/<name>/index.js``.
"""

from __future__ import annotations

from iridescia.games import get as get_game
from iridescia.web.games.gemrush import PLUGIN as GEM_RUSH
from iridescia.web.games.iridescia import PLUGIN as IRIDESCIA
from iridescia.web.plugin import GenericWebGame, WebGame

PLUGINS: dict[str, WebGame] = {p.game: p for p in (IRIDESCIA, GEM_RUSH)}


def plugin(name: str) -> WebGame:
    """The web plug-in of the game ``name`` (the generic one when it has none)."""
    return PLUGINS.get(name) or GenericWebGame(get_game(name))


__all__ = ["PLUGINS", "plugin"]
