"""Gems of Iridescia at the terminal: ``PLUGIN`` satisfies ``tui.plugin.TerminalPlugin``.

Modules, bottom up: ``words`` (the catalogue, knowing the Rhom's seat), ``theme`` (colours and
short text forms of gems, tiles, relics, seats), ``board`` (the hex map), ``panels`` (market,
relics, items, players, objectives, the decision), ``scores`` (the final breakdown and who won),
``events`` (events as log sentences), ``screen`` (the 120 x 40 layout), ``plugin`` (the class).
"""

from iridescia.tui.games.iridescia.plugin import PLUGIN, IridesciaTerminal

__all__ = ["PLUGIN", "IridesciaTerminal"]
