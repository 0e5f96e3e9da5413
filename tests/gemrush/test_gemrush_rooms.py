"""Every room's effect runs to its end (R50-R54), and the setup chain (R8, R86).

For each of the 65 rooms, the first tile of that room is placed at (0, 0) with seat 0 in it,
next to a Mine Shaft holding seat 1 (so Observatory and Warped Mirror have someone to use) and
with a second Mine Cart elsewhere; seat 0 holds cards showing every gem. The room is used (as
the action, or in phase 2 for movement and free rooms) and its decisions are taken at random
until the effect ends; the invariants hold throughout and the revealed row is cleaned up.
Per-room scenarios with exact outcomes are added separately.
"""

from __future__ import annotations

import pytest
from gemrush_helpers import check_invariants

from iridescia.core.rng import Rng
from iridescia.games.gemrush import GAME, rules, scenario
from iridescia.games.gemrush.construction import begin_chain
from iridescia.games.gemrush.data import FREE, MOVEMENT, NO_TYPE, ROOMS, TILES, TUNNEL, Room
from iridescia.games.gemrush.grid import encode
from iridescia.games.gemrush.state import CH_SETUP, PH_TURN_START

FIRST_TILE = {room.index: next(t.id for t in TILES if t.room is room) for room in ROOMS}
HAND = [1, 27, 35, 39, 43, 50, 57, 64, 71]  # FR OB PF SS ST RH EL + DD EG OR WS between them


@pytest.mark.parametrize("room", [r for r in ROOMS if r.type not in (TUNNEL, NO_TYPE)],
                         ids=lambda r: r.name)  # fmt: skip
def test_every_room_effect_runs_to_its_end(room: Room) -> None:
    tile = FIRST_TILE[room.index]
    kind = room.type
    shaft = 33 if tile != 33 else 34
    cart = 30 if tile != 30 else 29
    for seed in range(4):
        game = scenario(
            2,
            tiles=[(tile, 0, 0, 0), (shaft, 0, 1, 2), (cart, 6, 6, 0)],
            rooms=[tile, shaft],
            hands=[HAND, [2, 3]],
            discard=[4, 5, 6, 7, 8, 9],
            scores=[3, 5],
            phase="movement" if kind in (FREE, MOVEMENT) else "action",
            seed=seed,
        )
        trigger = "use" if kind in (FREE, MOVEMENT) else "room"
        assert trigger in [str(a) for a in game.legal_actions()], room.name
        game.apply(trigger)
        s = game.state
        rng = Rng(seed)
        while s.fx_room >= 0:
            check_invariants(s)
            legal = game.legal_actions()
            assert legal
            game.apply(legal[rng.below(len(legal))])
        check_invariants(s)
        assert any(e.kind == "effect_end" for e in game.log)
        assert s.revealed == [] and s.dug == []


def test_r8_void_and_tunnels_have_no_effect() -> None:
    void = scenario(1, tiles=[(67, 0, 0, 0)], phase="action")
    assert [str(a) for a in void.legal_actions()] == ["draw"]  # R33, R74


def test_r8_a_tunnel_start_is_extended_by_the_first_player() -> None:
    # Seed 178 starts with a bend tunnel; the first player's chain ends in a room.
    game = GAME.new(2, 178)
    placed = [e.data for e in game.log if e.kind == "tile_placed"]
    assert placed[0]["tile"] == 65 and (placed[0]["x"], placed[0]["y"]) == (0, 0)
    s = game.state
    assert all(p.room == placed[-1]["tile"] for p in s.players)
    assert (placed[1]["x"], placed[1]["y"]) == (0, 1)  # the chain heads N from (0, 0)


def test_r8_setup_door_when_the_chain_meets_a_placed_tile() -> None:
    """R8 step 2: when the setup trace would enter a placed tile, the first player picks an
    open tunnel door of the chain (the data needs 3 bends for this; a wall of rooms stands in
    for them here)."""
    game = scenario(1, tiles=[(63, 0, 0, 0), (33, 0, 2, 0)], rooms=[33], stack=[64, 5])
    s = game.state
    s.pending = []
    begin_chain(s, CH_SETUP, 0, encode(0, 1), 0, walking=False)
    rules.advance(s)
    doors = [str(a) for a in game.legal_actions()]
    assert doors == ["door T63 E", "door T63 S", "door T63 W", "door T64 E", "door T64 W"]
    game.apply("door T63 E")
    assert s.pos_of[5] == encode(1, 0) or s.placing == 5
    if s.placing:
        game.apply(str(game.legal_actions()[0]))
    assert s.players[0].room == 5 and s.phase != PH_TURN_START
