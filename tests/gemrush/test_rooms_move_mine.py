"""Room scenarios with exact outcomes: rooms that move dwarves or tiles (Gem Rush §4.3, §4.5).

Rooms: Portal and Warp Stream (Gem Rush R75), Warped Mirror (Gem Rush R77), Observatory
(Gem Rush R69), Scrying Pool (Gem Rush R76), Dimensional Rift (Gem Rush R70), Mystic Elevator
(Gem Rush R71, R73), Mine Cart (Gem Rush R18, R92, R73), Time Vein (Gem Rush R72), Tunnel
(Gem Rush R14, R24) and Void. Movement rooms are used in phase 2 for a step (Gem Rush R16) and as
the phase-3 action for none; free rooms in phase 2 at no cost, never as the action (Gem Rush R17,
R74); Observatory copies run for the user and a copied movement room costs no step.

Tiles used (printed sides N, E, S, W; spec §2.4.7): T11 Dimensional Rift (PF+EL+RH:3, EL+SS:2,
FR+ST+SS:3, free:0), T29-T32 Mine Carts, T33 Mine Shaft (OB+ST:2, OB+ST:2, RH+RH:2, FR+FR+SS:3),
T38 Mystic Elevator (PF+ST+EL:3, OB+RH:2, FR+OB+EL:3, wall), T41 Observatory, T48 Portal (four
doors that cost gems), T54 Scrying Pool, T61 Time Vein (OB+SS:2, EL+EL+SS:3, RH:1, PF+EL:2), T63
and T64 cross tunnels, T65 a bend tunnel, T71 Warp Stream, T72 Warped Mirror (free:0, wall,
FR+EL+SS:3, wall), T79 and T80 Workshops.
"""

from __future__ import annotations

from typing import Any

from room_cases import covers, effect_events, effect_kinds, run, texts

from iridescia.games.gemrush import GemRushGame, scenario
from iridescia.games.gemrush import mine as M
from iridescia.games.gemrush.data import NUM_TILES, TILE_IS_TUNNEL
from iridescia.games.gemrush.grid import E, decode, encode
from iridescia.games.gemrush.state import OFF_MINE, PH_MOVE


def at(game: GemRushGame, tile: int) -> tuple[int, int]:
    return decode(game.state.pos_of[tile])


def stack_top(game: GemRushGame, n: int) -> list[int]:
    return list(reversed(game.state.stack))[:n]


# ------------------------------------------------------------------ Portal, Warp Stream


PORTAL_MINE = [(48, 0, 0, 0), (63, 1, 0, 0), (33, 2, 0, 0), (79, 7, 7, 0)]


@covers("Portal")
def test_portal_in_phase_two_costs_a_step_and_goes_to_any_other_room() -> None:
    """R16, R75: any room but this one, reachable or not (T79); never a tunnel (T63)."""
    game = scenario(2, tiles=PORTAL_MINE, rooms=[48, 33], hands=[[], []])
    assert texts(game) == ["walk E", "use", "end"]
    events = run(game, "use")
    s = game.state
    assert s.steps == 2 and texts(game) == ["to T33", "to T79"]
    events += run(game, "to T79")
    assert effect_kinds(events) == ["effect", "move", "effect_end"]
    assert effect_events(events)[1][1] == {"room": 79, "before": 48, "how": "portal"}
    assert s.me.room == 79 and s.steps == 2 and s.phase == PH_MOVE  # phase 2 goes on
    no_step = scenario(2, tiles=PORTAL_MINE, rooms=[48, 33], hands=[[], []], steps=0)
    assert texts(no_step) == ["end"]  # a movement room needs a step in phase 2 (R16)


@covers("Portal")
def test_portal_as_the_action_costs_no_step() -> None:
    game = scenario(2, tiles=PORTAL_MINE, rooms=[48, 33], phase="action", steps=1)
    run(game, "room", "to T33")
    assert game.state.me.room == 33 and game.state.steps == 1


@covers("Portal")
def test_portal_needs_another_room() -> None:
    """R53: with only the Portal and a tunnel, there is nowhere to go."""
    game = scenario(1, tiles=[(48, 0, 0, 0), (63, 1, 0, 0)], hands=[[]])
    assert texts(game) == ["end"]
    run(game, "end")
    assert texts(game) == ["draw"]


@covers("Warp Stream")
def test_warp_stream_moves_anywhere_or_stays_and_draws_two() -> None:
    """R75: the current room counts, so the draw is always available."""
    tiles = [(71, 0, 0, 0), (63, 1, 0, 0), (33, 2, 0, 0), (79, 7, 7, 0)]
    game = scenario(2, tiles=tiles, rooms=[71, 33], deck=[5, 7, 9], phase="action")
    run(game, "room")
    assert texts(game) == ["to T33", "to T71", "to T79"]
    events = run(game, "to T71")
    assert effect_kinds(events) == ["move", "draw", "effect_end"]
    assert game.state.me.room == 71 and game.state.me.hand == [5, 7]
    moved = scenario(2, tiles=tiles, rooms=[71, 33], deck=[5, 7, 9], phase="action")
    run(moved, "room", "to T79")
    assert moved.state.me.room == 79 and moved.state.me.hand == [5, 7]
    alone = scenario(1, tiles=[(71, 0, 0, 0)], phase="movement", hands=[[]])
    assert texts(alone) == ["end"]  # an action room: no use in phase 2
    run(alone, "end", "room", "to T71")
    assert alone.state.me.room == 71 and len(alone.state.me.hand) == 2


# ------------------------------------------------------------------ Warped Mirror


MIRROR_MINE = [(72, 0, 0, 0), (33, 5, 5, 0)]


@covers("Warped Mirror")
def test_warped_mirror_swaps_with_a_dwarf_in_another_room() -> None:
    """R77: seat 2 shares the mirror, so only seat 3 (in T33) may be swapped with; R16: a step."""
    game = scenario(3, tiles=MIRROR_MINE, rooms=[72, 72, 33], hands=[[], [], []])
    assert texts(game) == ["walk N", "use", "end"]  # N is a free door to an empty position
    events = run(game, "use")
    assert texts(game) == ["swap 3"] and game.state.steps == 2
    events += run(game, "swap 3")
    assert effect_kinds(events) == ["effect", "move", "move", "effect_end"]
    moves = [(e.player, e.data["room"], e.data["how"]) for e in events if e.kind == "move"]
    assert moves == [(0, 33, "swap"), (2, 72, "swapped")]
    s = game.state
    assert [p.room for p in s.players] == [33, 72, 72] and s.phase == PH_MOVE
    assert s.steps == 2


@covers("Warped Mirror")
def test_warped_mirror_is_unusable_when_every_other_dwarf_shares_the_room() -> None:
    game = scenario(2, tiles=MIRROR_MINE, rooms=[72, 72], hands=[[], []])
    assert texts(game) == ["walk N", "end"]
    run(game, "end")
    assert texts(game) == ["draw"]
    solo = scenario(1, tiles=MIRROR_MINE, rooms=[72], phase="action")
    assert texts(solo) == ["draw"]  # R77: never in a one-player game


@covers("Warped Mirror")
def test_warped_mirror_as_the_action_costs_no_step() -> None:
    game = scenario(2, tiles=MIRROR_MINE, rooms=[72, 33], phase="action", steps=0)
    run(game, "room", "swap 2")
    s = game.state
    assert [p.room for p in s.players] == [33, 72] and s.steps == 0


# ------------------------------------------------------------------ Observatory


@covers("Observatory")
def test_observatory_offers_only_copyable_rooms_and_runs_the_copy_for_its_user() -> None:
    """R69: not a free room (Mine Cart), not Void, not an Observatory, one choice per room
    (T79 and T80 are both Workshops: the lowest id), only if usable now (Dark Pit at 0)."""
    tiles = [(41, 0, 0, 0), (29, 2, 0, 0), (67, 3, 0, 0), (80, 4, 0, 0), (79, 5, 0, 0),
             (6, 6, 0, 0)]  # fmt: skip
    rooms = [41, 29, 67, 80, 79, 6, 41]
    game = scenario(7, tiles=tiles, rooms=rooms, deck=[5, 7, 9, 11, 13], phase="action")
    run(game, "room")
    assert texts(game) == ["copy T79"]
    events = run(game, "copy T79")
    assert effect_kinds(events) == ["copy", "draw", "score", "effect_end"]
    assert effect_events(events)[0][1] == {"tile": 79, "room": "Workshop", "effect": "draw_score"}
    s = game.state
    assert s.me.room == 41 and s.me.hand == [5] and s.me.score == 1  # the user's (R69)
    assert [p.score for p in s.players[1:]] == [0] * 6
    scored = scenario(7, tiles=tiles, rooms=rooms, deck=[5, 7, 9, 11, 13], phase="action",
                      scores=[1, 0, 0, 0, 0, 0, 0])  # fmt: skip
    run(scored, "room")
    assert texts(scored) == ["copy T06", "copy T79"]  # Dark Pit, now usable
    run(scored, "copy T06")
    assert scored.state.me.score == 0 and scored.state.me.hand == [5, 7, 9, 11]


@covers("Observatory")
def test_observatory_without_a_copyable_room_is_not_offered() -> None:
    cart = scenario(2, tiles=[(41, 0, 0, 0), (29, 2, 0, 0)], rooms=[41, 29], phase="action")
    assert texts(cart) == ["draw"]
    solo = scenario(1, tiles=[(41, 0, 0, 0)], phase="action")
    assert texts(solo) == ["draw"]  # R69: never in a one-player game
    tiles = [(41, 0, 0, 0), (18, 2, 0, 0)]  # Electrum Shaft needs an EL card of the user's
    shaft = scenario(2, tiles=tiles, rooms=[41, 18], hands=[[13], [17]], phase="action")
    assert texts(shaft) == ["draw"]
    game = scenario(2, tiles=tiles, rooms=[41, 18], hands=[[17], [13]], phase="action",
                    deck=[31, 32, 33, 34, 35])  # fmt: skip
    run(game, "room", "copy T18")
    assert texts(game) == ["discard G17"]
    run(game, "discard G17", "keep G31", "keep G32", "keep G33")
    assert game.state.me.hand == [31, 32, 33] and game.state.discard == [17, 34, 35]


@covers("Observatory", "Recycler", "Patience Vein")
def test_observatory_copies_count_and_flag_for_the_user() -> None:
    """R69, R99: a copied Recycler counts the players ahead of the user (seats 2 and 3); a
    copied Patience Vein sets the user's flag, not the owner's."""
    tiles = [(41, 0, 0, 0), (49, 3, 0, 0), (45, 6, 0, 0)]
    kw: dict[str, Any] = {"tiles": tiles, "rooms": [41, 49, 45], "deck": [5, 7, 9]}
    game = scenario(3, scores=[0, 5, 2], phase="action", **kw)
    run(game, "room")
    assert texts(game) == ["copy T45", "copy T49"]
    run(game, "copy T49")
    assert game.state.me.hand == [5, 7] and game.state.players[1].hand == []
    patient = scenario(3, phase="action", **kw)
    run(patient, "room", "copy T45")
    assert [p.patience for p in patient.state.players] == [True, False, False]
    assert patient.state.me.hand == [5]


@covers("Observatory", "Portal")
def test_observatory_copying_portal_costs_no_step_and_may_land_on_the_portal() -> None:
    """R69, R75: the copied Portal's own tile is a destination; the Observatory is not."""
    tiles = [(41, 0, 0, 0), (48, 3, 0, 0), (33, 6, 0, 0)]
    game = scenario(2, tiles=tiles, rooms=[41, 48], phase="action", steps=2)
    run(game, "room")
    assert texts(game) == ["copy T48"]
    events = run(game, "copy T48")
    assert texts(game) == ["to T33", "to T48"]
    events += run(game, "to T48")
    assert effect_kinds(events) == ["copy", "move", "effect_end"]
    assert game.state.me.room == 48 and game.state.steps == 2


@covers("Observatory", "Warped Mirror")
def test_observatory_copying_warped_mirror_swaps_the_user() -> None:
    """R69, R77: seat 3 shares the Observatory with the user, so only seat 2 is offered."""
    tiles = [(41, 0, 0, 0), (72, 3, 0, 0)]
    game = scenario(3, tiles=tiles, rooms=[41, 72, 41], phase="action")
    run(game, "room", "copy T72")
    assert texts(game) == ["swap 2"]
    run(game, "swap 2")
    assert [p.room for p in game.state.players] == [72, 41, 41]


@covers("Observatory", "Dimensional Rift")
def test_observatory_copying_dimensional_rift_spares_both_occupied_rooms() -> None:
    """Ruling GR-R70a: the Observatory (the user) and the Rift (seat 2) hold dwarves."""
    tiles = [(41, 0, 0, 0), (11, 3, 0, 0), (33, 6, 0, 0)]
    game = scenario(2, tiles=tiles, rooms=[41, 11], deck=[5], phase="action")
    run(game, "room", "copy T11")
    assert texts(game) == ["remove T33"]
    run(game, "remove T33")
    s = game.state
    assert s.me.hand == [5] and s.stack[0] == 33 and s.pos_of[33] == OFF_MINE


# ------------------------------------------------------------------ Scrying Pool


def scry_game(mode: str, stack: list[int]) -> GemRushGame:
    return scenario(2, mode=mode, tiles=[(54, 0, 0, 0), (33, 5, 5, 0)], rooms=[54, 33],
                    stack=stack, phase="action")  # fmt: skip


@covers("Scrying Pool")
def test_scrying_pool_reorders_the_top_five_tiles_one_at_a_time() -> None:
    """R76: m = min(5, stack); the new order is chosen top tile first, the last one follows;
    in Crisis everyone sees the tiles and the order."""
    game = scry_game("crisis", [5, 6, 7, 8, 9, 10])
    events = run(game, "room")
    assert effect_events(events)[1] == ("scry_look", {"tiles": [5, 6, 7, 8, 9], "open": True})
    assert texts(game) == ["order T05", "order T06", "order T07", "order T08", "order T09"]
    run(game, "order T09")
    assert texts(game) == ["order T05", "order T06", "order T07", "order T08"]
    events = run(game, "order T05", "order T07", "order T06")  # T08 goes last by itself
    assert effect_kinds(events) == ["scry", "effect_end"]
    assert events[0].data == {"tiles": [9, 5, 7, 6, 8], "open": True}
    assert stack_top(game, 6) == [9, 5, 7, 6, 8, 10]
    assert game.view(0)["stack_top"] == game.view(1)["stack_top"] == [9, 5, 7, 6, 8]


@covers("Scrying Pool")
def test_scrying_pool_in_rush_is_seen_by_its_user_only() -> None:
    game = scry_game("rush", [5, 6, 7, 8, 9, 10])
    events = run(game, "room", "order T06", "order T05", "order T07", "order T08")
    assert stack_top(game, 6) == [6, 5, 7, 8, 9, 10]
    assert game.view(0)["stack_top"] == [6, 5, 7, 8, 9]
    assert game.view(1)["stack_top"] == []
    seen = [e.data for e in game.redact(events, 1) if e.kind in ("scry_look", "scry")]
    assert seen == [{"open": False, "count": 5}, {"open": False, "count": 5}]


@covers("Scrying Pool")
def test_scrying_pool_with_a_short_stack() -> None:
    """R76: m = 2 asks one choice; m = 1 and m = 0 ask nothing (ruling GR-R76b)."""
    for left, asked in (([5, 6], ["order T05", "order T06"]), ([5], []), ([], [])):
        tiles = [(54, 0, 0, 0)] + [
            (t, t, 100, 0) for t in range(1, NUM_TILES + 1) if t != 54 and t not in left
        ]
        game = scenario(1, tiles=tiles, stack=left, phase="action")
        events = run(game, "room")
        assert effect_events(events)[1] == ("scry_look", {"tiles": left, "open": True})
        assert (texts(game) if game.state.fx_room >= 0 else []) == asked
        if asked:
            run(game, "order T06")
            assert stack_top(game, 2) == [6, 5]
        assert game.state.fx_room == -1


@covers("Scrying Pool", "Dimensional Rift")
def test_scrying_pool_reaching_the_rift_tiles_hides_the_bottom_again() -> None:
    """R47, R70, R76: T33, sent to the bottom by the Rift, is public there; seat 2's Scrying
    Pool in Rush then reorders the whole 3-tile stack out of seat 1's sight, so seat 1's view
    may no longer name a bottom tile (it used to name T06, which seat 1 never saw move)."""
    placed = [(t, t, 100, 0) for t in range(1, NUM_TILES + 1) if t not in (11, 54, 33, 5, 6)]
    tiles = [(11, 0, 0, 0), (54, 0, 5, 0), (33, 0, 9, 0), *placed]
    game = scenario(2, mode="rush", tiles=tiles, rooms=[11, 54], stack=[5, 6], deck=[1],
                    phase="action")  # fmt: skip
    run(game, "room", "remove T33")
    assert stack_top(game, 3) == [5, 6, 33] and game.view(0)["stack_bottom"] == [33]
    run(game, "end", "room", "order T33", "order T05")
    assert stack_top(game, 3) == [33, 5, 6]
    assert game.view(0)["stack_bottom"] == [] and game.view(0)["stack_top"] == []
    assert game.view(1)["stack_top"] == [33, 5, 6]


# ------------------------------------------------------------------ Dimensional Rift


@covers("Dimensional Rift")
def test_dimensional_rift_draws_then_sends_a_dwarf_free_tile_to_the_stack_bottom() -> None:
    """R70: any tile without a dwarf, the tunnel T63 and the starting tile T33 included; the
    position becomes empty (here a new site for the Rift's E door), the tile goes face down to
    the bottom of the stack, in public."""
    tiles = [(33, 0, 0, 0), (11, 1, 0, 0), (63, 2, 0, 0), (79, 3, 0, 0), (80, 0, 1, 0)]
    game = scenario(2, tiles=tiles, rooms=[11, 79], deck=[5, 7], stack=[4], phase="action")
    s = game.state
    assert M.site_of(s, 11, E) is None  # E leads through the tunnel into T79
    events = run(game, "room")
    assert s.me.hand == [5]  # DRAW 1 comes first
    assert texts(game) == ["remove T33", "remove T63", "remove T80"]
    events += run(game, "remove T63")
    assert effect_kinds(events) == ["effect", "draw", "tile_removed", "effect_end"]
    assert effect_events(events)[2][1] == {"tile": 63, "x": 2, "y": 0}
    assert s.stack[0] == 63 and s.stack[-1] == 4 and s.pos_of[63] == OFF_MINE
    assert encode(2, 0) not in s.tile_at and M.site_of(s, 11, E) is not None
    assert game.view(1)["stack_bottom"] == [63] and game.view(1)["stack_size"] == len(s.stack)


@covers("Dimensional Rift")
def test_dimensional_rift_without_an_empty_tile_only_draws() -> None:
    tiles = [(11, 0, 0, 0), (79, 1, 0, 0)]
    game = scenario(2, tiles=tiles, rooms=[11, 79], deck=[5], phase="action")
    assert texts(game) == ["draw", "room"]
    events = run(game, "room")
    assert effect_kinds(events) == ["effect", "draw", "effect_end"]
    assert game.state.me.hand == [5] and len(game.state.tile_at) == 2


# ------------------------------------------------------------------ Mystic Elevator


ELEVATOR_MINE = [(33, 0, 0, 0), (38, 1, 0, 0), (63, 0, -1, 0)]


@covers("Mystic Elevator")
def test_mystic_elevator_moves_with_every_dwarf_in_it_to_an_open_door() -> None:
    """R71: an open door of another tile (a room or a tunnel) facing an empty position; T33's E
    door faces the elevator and its S door the tunnel, so neither is open. The elevator is
    rotated to show a door back; the dwarves of seats 1 and 2 ride along; no step is spent."""
    game = scenario(3, tiles=ELEVATOR_MINE, rooms=[38, 38, 33], hands=[[], [], []])
    assert texts(game) == ["use", "end"]
    run(game, "use")
    assert texts(game) == [
        "door T33 N", "door T33 W", "door T63 E", "door T63 S", "door T63 W",
    ]  # fmt: skip
    run(game, "door T33 W")
    assert texts(game) == ["rotate 0", "rotate 1", "rotate 3"]  # its 3 doors, each towards E
    events = run(game, "rotate 1")
    elevator = next(e for e in events if e.kind == "elevator")
    assert elevator.data == {"tile": 38, "x": -1, "y": 0, "rotation": 1, "before": [1, 0],
                             "dwarves": [0, 1]}  # fmt: skip
    s = game.state
    assert at(game, 38) == (-1, 0) and s.rot_of[38] == 1
    assert [p.room for p in s.players] == [38, 38, 33]
    assert s.steps == 3 and s.free_uses == 1 and s.phase == PH_MOVE
    assert M.site_of(s, 33, E) is not None  # the old position is empty again
    assert texts(game) == ["walk E", "use", "end"]  # E: T33 again, through the door it shows


@covers("Mystic Elevator")
def test_mystic_elevator_is_free_capped_and_never_the_action() -> None:
    """R17: usable with 0 steps; R73: within the free-effect limit; R74: not an action."""
    capped = scenario(2, tiles=ELEVATOR_MINE, rooms=[38, 33], hands=[[], []], steps=0,
                      params={"free_effect_limit": 1})  # fmt: skip
    assert texts(capped) == ["use", "end"]
    run(capped, "use", "door T33 N")
    assert texts(capped) == ["rotate 0", "rotate 1", "rotate 2"]  # a door towards S
    run(capped, "rotate 2")
    assert at(capped, 38) == (0, 1) and capped.state.free_uses == 1
    assert "use" not in texts(capped)
    run(capped, "end")
    assert texts(capped) == ["draw"]


# ------------------------------------------------------------------ Mine Cart


@covers("Mine Cart")
def test_mine_cart_rides_to_another_cart_for_free() -> None:
    """R18, R92: to another cart in the mine, connected or not; a cart in the stack (T31) does
    not count; no step is spent, even at 0 steps; R73: at most 8 rides a turn."""
    tiles = [(29, 0, 0, 0), (30, 5, 5, 0), (33, 0, 1, 0)]
    game = scenario(1, tiles=tiles, stack=[31], hands=[[]], steps=0)
    assert texts(game) == ["use", "end"]
    events = run(game, "use")
    assert texts(game) == ["to T30"]
    events += run(game, "to T30")
    assert effect_kinds(events) == ["effect", "move", "effect_end"]
    assert effect_events(events)[1][1] == {"room": 30, "before": 29, "how": "mine cart"}
    s = game.state
    assert s.me.room == 30 and s.steps == 0 and s.free_uses == 1
    for ride in range(7):
        run(game, "use", "to T29" if ride % 2 == 0 else "to T30")
    assert s.free_uses == 8 and texts(game) == ["end"]
    run(game, "end")
    assert texts(game) == ["draw"]  # R74


@covers("Mine Cart")
def test_mine_cart_needs_a_second_cart_and_offers_every_other_one() -> None:
    lone = scenario(1, tiles=[(29, 0, 0, 0), (33, 0, 1, 0)], stack=[30], hands=[[]])
    assert texts(lone) == ["walk N", "end"]
    tiles = [(29, 0, 0, 0), (30, 5, 5, 0), (32, 9, 9, 0)]
    three = scenario(1, tiles=tiles, hands=[[]])
    run(three, "use")
    assert texts(three) == ["to T30", "to T32"]


@covers("Mine Cart", "Mystic Elevator")
def test_mine_cart_rides_and_elevator_moves_share_one_limit() -> None:
    """R73: rides and moves are counted together against free_effect_limit."""
    tiles = [(29, 0, 0, 0), (38, 0, 1, 0), (30, 5, 5, 0)]
    game = scenario(1, tiles=tiles, hands=[[]], params={"free_effect_limit": 2})
    run(game, "use", "to T30", "use", "to T29")
    assert game.state.free_uses == 2 and "use" not in texts(game)
    run(game, "walk N")
    assert game.state.me.room == 38 and texts(game) == ["walk S", "end"]


# ------------------------------------------------------------------ Time Vein


TIME_MINE = [(61, 0, 0, 0), (33, 0, 1, 0)]


@covers("Time Vein")
def test_time_vein_refills_the_steps_to_three_once_a_turn() -> None:
    """R72: steps become max(steps, 3), once a turn: walking out and back does not renew it."""
    game = scenario(1, tiles=TIME_MINE, hands=[[]], steps=1)
    assert texts(game) == ["walk N", "use", "end"]
    events = run(game, "use")
    assert effect_kinds(events) == ["effect", "time_vein", "effect_end"]
    s = game.state
    assert s.steps == 3 and s.time_vein_used and texts(game) == ["walk N", "end"]
    run(game, "walk N", "walk S")
    assert s.me.room == 61 and s.steps == 1 and "use" not in texts(game)
    run(game, "end")
    assert texts(game) == ["draw"]  # R74: not an action


@covers("Time Vein")
def test_time_vein_at_zero_steps_and_at_three() -> None:
    """R17: free, so usable at 0 steps; ruling GR-R17a: with 3 left it changes nothing but is
    used up."""
    empty = scenario(1, tiles=TIME_MINE, hands=[[]], steps=0)
    assert texts(empty) == ["use", "end"]
    run(empty, "use")
    assert empty.state.steps == 3
    full = scenario(1, tiles=TIME_MINE, hands=[[]], steps=3)
    run(full, "use")
    assert full.state.steps == 3 and "use" not in texts(full)
    more = scenario(1, tiles=TIME_MINE, hands=[[]], steps=5)
    run(more, "use")
    assert more.state.steps == 5  # max(5, 3)


# ------------------------------------------------------------------ Tunnel, Void


@covers("Tunnel")
def test_tunnel_is_crossed_in_one_step_and_never_stopped_in() -> None:
    """R14: a trace through two cross tunnels ends in the room beyond, for one step."""
    tiles = [(33, 0, 0, 0), (63, 1, 0, 0), (64, 2, 0, 0), (79, 3, 0, 0)]
    game = scenario(1, tiles=tiles, hands=[[]])
    run(game, "walk E")
    assert game.state.me.room == 79 and game.state.steps == 2
    assert all(TILE_IS_TUNNEL[t] for t in (63, 64))


@covers("Tunnel")
def test_tunnel_drawn_in_a_construction_takes_a_rotation() -> None:
    """R24: a bend tunnel offers its two pairings; the trace goes on through it."""
    game = scenario(1, tiles=[(39, 0, 0, 0)], hands=[[]], stack=[65, 4])  # T39: free door E
    run(game, "walk E")
    assert texts(game) == ["rotate 0", "rotate 1"]
    run(game, "rotate 1")  # E-S and W-N: entering by its W side, it leads N
    assert at(game, 65) == (1, 0) and at(game, 4) == (1, 1) and game.state.me.room == 4


@covers("Void")
def test_void_has_no_effect() -> None:
    """R74: in Void the action is drawing 1; in phase 2 there is nothing to use."""
    game = scenario(1, tiles=[(67, 0, 0, 0)], hands=[[]])
    assert texts(game) == ["end"]
    run(game, "end")
    assert texts(game) == ["draw"]
    second = scenario(1, tiles=[(68, 0, 0, 0)], phase="action")
    assert texts(second) == ["draw"]
