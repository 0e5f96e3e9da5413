"""The simulation's per-game plug-ins, registered by game name.

``plugin(name)`` is the plug-in of the game registered as ``name`` (``iridescia.games``), or
the generic ``SimPlugin`` for a game that has none: such a game simulates with the generic
columns and report. ``PLUGINS`` lists those that exist (Gems of Iridescia, Gem Rush).
"""

from __future__ import annotations

from iridescia.sim.games import (
    gemrush,
    gemrush_report,
    gemrush_report_mine,
    iridescia,
    iridescia_report,
)
from iridescia.sim.plugin import SimPlugin

GENERIC = SimPlugin()

PLUGINS: dict[str, SimPlugin] = {
    iridescia.IridesciaSim.game: iridescia.IridesciaSim(iridescia_report.SECTIONS),
    gemrush.GemRushSim.game: gemrush.GemRushSim(
        gemrush_report.SECTIONS + gemrush_report_mine.SECTIONS
    ),
}


def plugin(name: str) -> SimPlugin:
    """The sim plug-in of the game ``name`` (the generic one when the game has none)."""
    return PLUGINS.get(name, GENERIC)


__all__ = ["GENERIC", "PLUGINS", "plugin"]
