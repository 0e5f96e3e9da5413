"""The terminal's plug-ins, one per game, by the game's registry name.

``PLUGINS`` maps a game's name (``iridescia.games.names()``) to its ``TerminalPlugin``;
``plugin_for(name)`` finds one, with a clear error for a game the terminal cannot draw yet.
The generic terminal (``play``, ``replay``, ``commands``) imports this package, never a game's
plug-in directly.
"""

from __future__ import annotations

from iridescia.tui.games import gemrush, iridescia
from iridescia.tui.plugin import TerminalPlugin

PLUGINS: dict[str, TerminalPlugin] = {
    plugin.game: plugin for plugin in (iridescia.PLUGIN, gemrush.PLUGIN)
}


def plugin_for(name: str) -> TerminalPlugin:
    """The terminal plug-in of the game ``name`` (ValueError saying which games have one)."""
    plugin = PLUGINS.get(name)
    if plugin is None:
        known = ", ".join(sorted(PLUGINS)) or "none"
        raise ValueError(f"the terminal cannot show the game {name!r} yet (it can show: {known})")
    return plugin


__all__ = ["PLUGINS", "plugin_for"]
