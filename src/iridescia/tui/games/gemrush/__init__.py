"""The Gem Rush renderer of the terminal: ``PLUGIN`` satisfies ``tui.plugin.TerminalPlugin``.

Modules: ``theme`` (colours, gem chips, cards, dwarves, the cell-exact layout primitives),
``tiles`` (one cell of the map: a room, a tunnel, a construction site), ``mine`` (the map's
viewport on the acting dwarf, with what lies beyond its edges), ``panels`` (the full layout's
title line, status, players and hands, cards on the table), ``decision`` (prompt, context and
numbered actions laid out to any room, rotation previews), ``screen`` (the full layout, from
120 x 40), ``compact`` (the compact layout, down to 80 x 24), ``key_panels`` (the panels a
player opens by key: players, hand, cards, rooms, symbols, actions), ``legend`` (the key to
every symbol, for the symbols panel and ``help``), ``labels`` (``action_label``: a sentence and
the canonical text), ``describe`` (one log line per event kind), ``effects`` (room effects in
words), ``final`` (opening lines, results, the last screen), ``plugin`` (the class). The
components are provisional (Gem Rush spec §0.3): the title line carries a permanent label (a
short one in the compact layout), the opening and the results the whole notice.
"""

from iridescia.tui.games.gemrush.plugin import PLUGIN, GemRushTerminal

__all__ = ["PLUGIN", "GemRushTerminal"]
