"""The Gem Rush renderer of the terminal: ``PLUGIN`` satisfies ``tui.plugin.TerminalPlugin``.

Modules: ``theme`` (colours, gem chips, cards, dwarves, the cell-exact layout primitives),
``tiles`` (one cell of the map: a room, a tunnel, a construction site), ``mine`` (the map's
viewport on the acting dwarf, with what lies beyond its edges), ``panels`` (title line, status,
players and hands, cards on the table), ``decision`` (prompt and numbered actions, rotation
previews), ``screen`` (the 120 x 40 layout), ``labels`` (``action_label``), ``describe`` (one
log line per event kind), ``effects`` (room effects in words), ``final`` (opening lines and
results), ``plugin`` (the class). The components are provisional (Gem Rush spec §0.3): the
title line carries a permanent label, the opening and the results the whole notice.
"""

from iridescia.tui.games.gemrush.plugin import PLUGIN, GemRushTerminal

__all__ = ["PLUGIN", "GemRushTerminal"]
