"""Every one of the 65 rooms of the engine's data has a scenario with exact outcomes.

The room tests in ``test_rooms_*.py`` register themselves with ``room_cases.covers``; this test
imports those modules (which fills ``COVERED``) and compares the registry with the room names
of the data set (spec §4.3: 65 rooms, Tunnel and Void included).
"""

from __future__ import annotations

import test_rooms_dig_keep
import test_rooms_discard_name
import test_rooms_draw_reveal
import test_rooms_move_mine
from room_cases import COVERED

from iridescia.games.gemrush.data import ROOMS

MODULES = (test_rooms_dig_keep, test_rooms_discard_name, test_rooms_draw_reveal,
           test_rooms_move_mine)  # fmt: skip


def test_every_room_has_a_scenario() -> None:
    names = {room.name for room in ROOMS}
    assert len(names) == len(ROOMS) == 65
    assert sorted(names - COVERED.keys()) == [], "rooms without a scenario"
    assert sorted(COVERED.keys() - names) == [], "scenarios naming no room of the data"
    defined = {name for module in MODULES for name in vars(module) if name.startswith("test_")}
    for room, tests in COVERED.items():
        assert set(tests) <= defined, room
        assert any(t.startswith("test_" + room.lower().replace(" ", "_")) for t in tests), (
            f"{room}: at least one test is named after the room"
        )
