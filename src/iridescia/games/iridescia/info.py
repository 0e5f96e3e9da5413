"""Gems of Iridescia's metadata, declared once: name, rules version, data set, modes, options.

Every face reads this (``GAME.info``): the lobby's game chooser and seat limits, ``--mode`` and
``--players`` on the command line, the simulation's table checks, the research APIs' action-space
size. The modes are the ways the box can be played: 2-4 explorers, the solo expedition against
the Rhom automa, and the variant where the Rhom joins 2-3 explorers (R46). The Rhom's seat is an
automa seat: the engine plays it inside ``apply`` and it never has a decision.
"""

from __future__ import annotations

from typing import Any, Final

from iridescia.core.game import GameInfo, Mode, OptionSpec
from iridescia.games.iridescia.actions import GAME_NAME, NUM_ACTIONS
from iridescia.games.iridescia.state import RULES_VERSION

DATA_SET: Final = "iridescia-base-1"  # the components of the base box (spec sections 1-2)

STANDARD: Final = "standard"
SOLO: Final = "solo"
RHOM: Final = "rhom"

MODES: Final = (
    Mode(STANDARD, "Explorers", 2, 4),
    Mode(SOLO, "Solo expedition against the Rhom", 1, 1, options={"rhom": True}, automa_seats=1),
    Mode(RHOM, "Variant: the Rhom joins the explorers", 2, 3, options={"rhom": True},
         automa_seats=1),
)  # fmt: skip

OPTIONS: Final = (
    OptionSpec(
        "catapult_for_fourth",
        bool,
        False,
        "The 4th explorer starts with a Clever Catapult (spec 2.7; 4-player games)",
        modes=(STANDARD, RHOM),  # the Rhom counts: 3 explorers and the Rhom are 4
    ),
    OptionSpec(
        "first_player",
        int,
        None,
        "Fix the first seat (0-based) instead of drawing it at random (R4)",
        minimum=0,
        maximum=3,
        nullable=True,
        modes=(STANDARD,),
    ),
    OptionSpec(
        "rhom",
        bool,
        False,
        "The Rhom automa plays one more explorer (set by the solo and Rhom modes)",
    ),
)

INFO: Final = GameInfo(
    name=GAME_NAME,
    title="Gems of Iridescia",
    rules_version=RULES_VERSION,
    data_set=DATA_SET,
    modes=MODES,
    num_actions=NUM_ACTIONS,
    options=OPTIONS,
)


def mode_of(players: object, options: dict[str, Any]) -> str:
    """The mode a (players, options) table is played in."""
    if players == 1:
        return SOLO  # one player always plays against the Rhom
    if options.get("rhom"):
        return RHOM
    return STANDARD
