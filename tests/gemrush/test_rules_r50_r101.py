"""Gem Rush R50-R54 (room-effect building blocks) and R60-R101 (the spec's rulings), one or more
tests per rule, and the coverage check of every rule R1-R101 over the three ``test_rules_*``
files (``test_every_rule_is_covered``, at the end).

Numbers R48-R49 and R55-R59 are unused by the spec ("kept free for additions", spec §3), so no
test cites them. Helpers and card ids: ``gemrush_rule_helpers.py``. Tiles used (printed sides
N, E, S, W; spec §2.4.7) are named where they are placed; tunnels: T63, T64 crosses (N-S, E-W),
T65, T66 bends (N-E, S-W).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from gemrush_rule_helpers import at, kind, play, quiet_turn, texts

from iridescia.games.gemrush import GAME, RulesParams, scenario
from iridescia.games.gemrush.data import ACTION, CARD_MASK, FREE, MOVEMENT, ROOM_BY_NAME
from iridescia.games.gemrush.grid import encode
from iridescia.games.gemrush.ops_cards import change_score
from iridescia.games.gemrush.payment import match
from iridescia.games.gemrush.program import NAMED_ANY, NAMED_BOTH, NAMED_NONE
from iridescia.games.gemrush.schemas import (
    DD,
    EG,
    EL,
    FR,
    OB,
    OR,
    PF,
    RH,
    SS,
    ST,
    WS,
    CardTest,
    CompiledTest,
    gem_mask,
    passes,
)

ALL = list(range(1, 76))


def rest_of(*used: list[int]) -> list[int]:
    """Every card not in ``used``: a hand that keeps the deck and the pile as built."""
    taken = {c for cards in used for c in cards}
    return [c for c in ALL if c not in taken]


def far_away(*keep: int) -> list[tuple[int, int, int, int]]:
    """Every tile but ``keep``, each alone far from the origin: the room stack is then empty."""
    return [(t, 3 * t, 300, 0) for t in range(1, 81) if t not in keep]


# ------------------------------------------------------------------ R50-R54 effects


def test_r50_an_effects_primitives_run_in_the_order_written() -> None:
    """R50: every effect is written with the primitives, which "run strictly in the order
    written"."""
    game = scenario(1, tiles=[(8, 0, 0, 0)], hands=[[71]], deck=[3, 1], phase="action")
    start = len(game.log)
    play(game, "room", "discard G71", "name FR OB")  # Diamond Splitter
    order = [e.kind for e in game.log[start:] if e.kind not in ("effect", "effect_end")]
    assert order == ["discard", "name", "dig", "keep", "score", "cleanup"]
    assert game.state.me.hand == [1] and game.state.me.score == 1  # G03 (FR+PF) set aside
    assert game.state.discard == [71, 3]


# (test kind, gems or a named/c source, card, c, named gems, passes?)
_TESTS: list[tuple[str, CompiledTest, int, int, tuple[int, ...], bool]] = [
    ("has FR", CardTest("has", (FR,)).compiled, 43, 0, (), True),
    ("has FR", CardTest("has", (FR,)).compiled, 71, 0, (), False),  # DD is only DD (R27)
    ("has any of {EL, PF}", CardTest("any", (PF, EL)).compiled, 25, 0, (), True),
    ("has any of {EL, PF}", CardTest("any", (PF, EL)).compiled, 1, 0, (), False),
    ("has only {DD}", CardTest("only", (DD,)).compiled, 71, 0, (), True),
    ("has only {DD}", CardTest("only", (DD,)).compiled, 43, 0, (), False),
    ("has none of {FR, OB}", CardTest("none", (FR, OB)).compiled, 23, 0, (), True),
    ("has none of {FR, OB}", CardTest("none", (FR, OB)).compiled, 3, 0, (), False),
    ("has both g1, g2", NAMED_BOTH, 1, 0, (FR, OB), True),
    ("has both g1, g2", NAMED_BOTH, 3, 0, (FR, OB), False),
    ("has named g", NAMED_ANY, 57, 0, (OR,), True),
    ("has none of named", NAMED_NONE, 57, 0, (OR, WS), False),
    ("shares with c", CardTest("shares").compiled, 5, 1, (), True),
    ("shares with c", CardTest("shares").compiled, 23, 1, (), False),
    ("shares nothing with c", CardTest("shares_nothing").compiled, 23, 1, (), True),
    ("shares nothing with c", CardTest("shares_nothing").compiled, 44, 1, (), False),
    ("special", CardTest("special").compiled, 64, 0, (), True),
    ("special", CardTest("special").compiled, 41, 0, (), False),
    ("standard only", CardTest("standard_only").compiled, 41, 0, (), True),
    ("standard only", CardTest("standard_only").compiled, 50, 0, (), False),
]


@pytest.mark.parametrize(("name", "test", "card", "c", "named", "ok"), _TESTS)
def test_r51_card_tests_look_at_the_gems_printed_on_the_card(
    name: str, test: CompiledTest, card: int, c: int, named: tuple[int, ...], ok: bool
) -> None:
    """R51: "Each test looks at the set of gems printed on the card. Diamond Dust counts only as
    DD"."""
    assert passes(test, CARD_MASK[card], CARD_MASK[c], gem_mask(named)) is ok, name


def test_r52_x_is_chosen_within_what_is_available_and_used_throughout() -> None:
    """R52: the player picks X and "must pick a value at which the whole effect can run"; "they
    all take the same value" (Transmuter: discard X, dig X)."""
    game = scenario(1, tiles=[(62, 0, 0, 0)], hands=[[1, 2, 3]], deck=[13, 5, 14, 15],
                    phase="action")  # fmt: skip
    play(game, "room")
    assert texts(game) == ["discard G01", "discard G02", "discard G03", "done"]
    play(game, "discard G01", "discard G02")
    assert texts(game) == ["discard G03", "done"]  # never more than the hand holds
    play(game, "done", "name OB")  # X = 2: DIG 2 FOR has OB
    s = game.state
    assert s.me.hand == [3, 13, 14] and s.discard == [1, 2, 5] and s.deck[-1] == 15
    assert [e.data["x"] for e in game.log if e.kind == "x_chosen"] == [2]


@pytest.mark.parametrize(
    ("case", "tiles", "rooms", "hands", "scores", "legal"),
    [
        ("DISCARD ONE without a match", [(20, 0, 0, 0)], None, [[23], []], [0, 0], ["draw"]),
        ("DISCARD ONE with a match", [(20, 0, 0, 0)], None, [[3], []], [0, 0], ["draw", "room"]),
        ("Dark Pit at 0 points", [(6, 0, 0, 0)], None, None, [0, 0], ["draw"]),
        ("Dark Pit at 1 point", [(6, 0, 0, 0)], None, None, [1, 0], ["draw", "room"]),
        ("Warped Mirror, same room", [(72, 0, 0, 0), (33, 0, 1, 2)], [72, 72], None, [0, 0],
         ["draw"]),
        ("Warped Mirror, other room", [(72, 0, 0, 0), (33, 0, 1, 2)], [72, 33], None, [0, 0],
         ["draw", "room"]),
        ("Observatory, Void only", [(41, 0, 0, 0), (67, 0, 1, 0)], [41, 67], None, [0, 0],
         ["draw"]),
        ("Portal, no other room", [(48, 0, 0, 0), (63, 0, 1, 0)], None, None, [0, 0], ["draw"]),
        ("Crystal Garden, empty hand", [(4, 0, 0, 0)], None, None, [0, 0], ["draw", "room"]),
    ],
)  # fmt: skip
def test_r53_an_effect_is_usable_only_if_its_mandatory_parts_can_be_done(
    case: str,
    tiles: list[tuple[int, int, int, int]],
    rooms: list[int] | None,
    hands: list[list[int]] | None,
    scores: list[int],
    legal: list[str],
) -> None:
    """R53: "An effect may be chosen only if every mandatory part can be carried out in full";
    "An effect that would do nothing is still legal"."""
    game = scenario(2, tiles=tiles, rooms=rooms, hands=hands, scores=scores, phase="action")
    assert texts(game) == legal, case


def test_r54_each_choice_is_made_when_the_effect_reaches_it() -> None:
    """R54: "Each choice is made when the effect reaches it": Resonant Chamber names its gem after
    the reveal, and Chaos Fountain's card c is the card actually discarded."""
    resonant = scenario(1, tiles=[(50, 0, 0, 0)], deck=[1, 23, 3, 15], phase="action")
    play(resonant, "room")
    assert kind(resonant) == "name" and resonant.state.revealed == [1, 23, 3, 15]
    chaos = scenario(1, tiles=[(2, 0, 0, 0)], hands=[[1, 41]], deck=[23, 2, 29, 15, 35],
                     phase="action")  # fmt: skip
    play(chaos, "room", "discard G01")  # c = FR+OB: keep what shares nothing with it
    assert chaos.state.me.hand == [23, 29, 35, 41] and chaos.state.discard == [1, 2, 15]


# ------------------------------------------------------------------ R60-R68


def test_r60_only_crisis_burns_unless_rush_burns_is_chosen() -> None:
    """R60: "Phase 4 exists only in Crisis"; with rush_burns "the current player may burn only
    the deck's top card or cards from their own hand"."""
    rush = scenario(2, mode="rush", hands=[[1], [2]], phase="action")
    play(rush, "draw")
    assert rush.state.current == 1 and rush.state.burnt_deck == []
    variant = scenario(2, mode="rush", options={"rush_burns": True}, hands=[[1], [2]],
                       deck=[9], phase="action")  # fmt: skip
    play(variant, "draw")
    assert texts(variant) == ["burn deck", "burn G01", "burn G09"]  # not seat 2's G02
    crisis = scenario(2, hands=[[1], [2]], deck=[9], phase="action")
    play(crisis, "draw")
    assert texts(crisis) == ["burn deck", "burn G01", "burn G02", "burn G09"]


def test_r61_crisis_has_no_end_check() -> None:
    """R61: "The end check (phase 0) is used in Rush only. Crisis ends by R42 or R67"."""
    game = scenario(2, options={"target": 10}, scores=[30, 30], phase="turn start")
    for _ in range(3):
        assert not game.is_terminal()
        quiet_turn(game)
    assert not game.is_terminal() and game.state.turns_done == 3


def test_r62_only_the_door_facing_back_must_match() -> None:
    """R62: "Only the door facing back must match. The other sides may face anything"; a door
    facing a neighbour's wall is a one-way passage out of the new room."""
    tiles = [(33, 0, 0, 0), (6, 1, 1, 0)]  # T06 Dark Pit N of the site: its S side is a wall
    game = scenario(1, tiles=tiles, hands=[[15]], stack=[34])
    play(game, "walk E", "pay G15", "paid")
    assert texts(game) == ["rotate 0", "rotate 1", "rotate 2", "rotate 3"]
    play(game, "rotate 0")  # T34's big N door now faces the Dark Pit's wall
    assert "walk N" in texts(game)
    play(game, "walk N")
    assert game.state.me.room == 6 and "walk S" not in texts(game)  # one way only


def test_r63_a_dig_sets_rejects_aside_so_it_ends_on_an_exhausted_deck() -> None:
    """R63: rejects "go to the discard pile only at cleanup"; "A dig therefore stops when the deck
    and the discard pile are both empty"."""
    game = scenario(1, tiles=[(8, 0, 0, 0)], hands=[[71]], phase="action")
    play(game, "room", "discard G71", "name EG OR")  # no card shows both
    dig = next(e for e in game.log if e.kind == "dig")
    assert sorted(dig.data["cards"]) == ALL and dig.data["dug"] == []  # each card once
    s = game.state
    assert s.deck == [] and sorted(s.discard) == ALL and s.me.hand == [] and s.me.score == 1


def test_r64_short_draws_yield_what_there_is_and_the_effect_goes_on() -> None:
    """R64: "Draws, reveals, digs and takes yield what is available, and the effect goes on with
    fewer cards"."""
    shaft = scenario(2, tiles=[(33, 0, 0, 0)], hands=[[], rest_of([7])], deck=[7],
                     phase="action")  # fmt: skip
    play(shaft, "room")  # Mine Shaft: DRAW 2
    assert shaft.state.players[0].hand == [7]
    workshop = scenario(2, tiles=[(79, 0, 0, 0)], hands=[[], ALL], phase="action")
    play(workshop, "room")  # Workshop: DRAW 1 (nothing there), SCORE +1
    assert workshop.state.players[0].hand == [] and workshop.state.players[0].score == 1


def test_r65_no_construction_starts_on_an_empty_stack_and_a_chain_stops() -> None:
    """R65: "No construction, walking or warped, may start while the room stack is empty"; if a
    chain needs a tile, the dwarf goes to room A, tunnels stay, payment, points and step stand."""
    empty = scenario(1, tiles=[(39, 0, 0, 0), *far_away(39)], hands=[[64]])
    assert not [t for t in texts(empty) if t.startswith(("walk", "build"))]
    chain = scenario(1, tiles=[(34, 0, 0, 0), *far_away(34, 63)], hands=[[1]], stack=[63])
    play(chain, "walk E", "pay G01", "paid")  # FR:1; the cross is drawn, then nothing is left
    s = chain.state
    assert at(chain, 63) == (1, 0) and s.me.room == 34 and s.steps == 2
    assert s.me.score == 1 and s.discard == [1] and kind(chain) == "movement"
    tiles = [(33, 0, 0, 0), (34, 10, 10, 0), *far_away(33, 34, 63)]
    warped = scenario(1, tiles=tiles, hands=[[1, 64]], stack=[63], steps=1)
    play(warped, "build T34 E", "pay G01", "pay G64", "paid")  # far from the dwarf's T33
    s = warped.state
    assert at(warped, 63) == (11, 10) and s.me.room == 34 and s.steps == 1 and s.me.score == 1


def test_r66_current_scores_count_and_ties_share_the_win() -> None:
    """R66: "Phase 0 looks at current scores only"; "the highest score wins"; "Players tied for
    the highest score share the win"."""
    pit = scenario(2, mode="rush", tiles=[(6, 0, 0, 0)], scores=[0, 20], current=1,
                   phase="action")  # fmt: skip
    play(pit, "room")  # Dark Pit: seat 2 drops to 19 before the first player's turn
    assert not pit.is_terminal() and pit.state.current == 0
    tie = scenario(3, mode="rush", scores=[22, 22, 20], phase="turn start")
    assert tie.outcome().winners == (0, 1) and tie.outcome().returns == (0.5, 0.5, 0.0)
    lead = scenario(3, mode="rush", scores=[21, 25, 20], phase="turn start")
    assert lead.outcome().winners == (1,)


def test_r67_crisis_may_stop_at_the_target_only_with_the_option() -> None:
    """R67: with crisis_may_stop, "after phase 4 of a turn that did not end the game, if the team
    total is at or above the target, the current player chooses between end now and play on"."""
    game = scenario(2, options={"target": 10, "crisis_may_stop": True}, scores=[6, 5],
                    phase="burn")  # fmt: skip
    play(game, "burn deck", "burn deck", "burn deck")
    assert texts(game) == ["stop", "play on"]
    play(game, "stop")
    assert game.outcome().reason == "stopped at the target" and game.outcome().winners == (0, 1)
    on = scenario(2, options={"target": 10, "crisis_may_stop": True}, scores=[6, 5], phase="burn")
    play(on, "burn deck", "burn deck", "burn deck", "play on")
    assert on.state.current == 1 and not on.is_terminal()
    for options in ({"target": 10}, {"level": "none", "crisis_may_stop": True}):
        plain = scenario(2, options=options, scores=[6, 5], phase="burn")
        play(plain, "burn deck", "burn deck", "burn deck")
        assert plain.state.current == 1 and kind(plain) == "movement"


def test_r68_the_current_player_burns_and_hidden_hands_narrow_the_sources() -> None:
    """R68: "the current player makes the three burn choices"; with hidden hands "the current
    player may burn only from the deck or from their own hand", else a random card of another
    hand."""
    hidden = scenario(2, options={"hidden_hands": True}, hands=[[1], [2]], phase="burn")
    assert texts(hidden) == ["burn deck", "burn G01"] and hidden.decision().player == 0  # type: ignore[union-attr]
    short = scenario(2, options={"hidden_hands": True}, hands=[[], ALL], phase="burn")
    assert texts(short) == ["burn seat 2"]
    play(short, "burn seat 2")
    assert len(short.state.burnt_hand) == 1 and len(short.state.players[1].hand) == 74


# ------------------------------------------------------------------ R69-R77 rooms


def test_r69_observatory_copies_an_action_or_movement_room_of_another_player() -> None:
    """R69: a copyable room holds "another player's" dwarf, is an action or movement room and is
    not an Observatory; two rooms with the same name are one choice; the copy runs for the
    user."""
    tiles = [(41, 0, 0, 0), (33, 0, 1, 2), (34, 5, 5, 0), (29, 6, 6, 0)]
    game = scenario(4, tiles=tiles, rooms=[41, 33, 34, 29], phase="action")
    play(game, "room")
    assert texts(game) == ["copy T33"]  # both Mine Shafts are one choice; the cart is free
    play(game, "copy T33")
    s = game.state
    assert len(s.players[0].hand) == 2 and s.players[1].hand == [] and s.me.room == 41
    portal = scenario(2, tiles=[(41, 0, 0, 0), (48, 0, 1, 2)], rooms=[41, 48], phase="action")
    play(portal, "room", "copy T48")
    assert texts(portal) == ["to T48"]  # the copied Portal itself is a destination (R75)
    alone = scenario(1, tiles=[(41, 0, 0, 0)], phase="action")
    assert texts(alone) == ["draw"]


def test_r70_dimensional_rift_returns_a_tile_without_dwarves_to_the_bottom() -> None:
    """R70: "Any placed tile without a dwarf may be removed, including tunnels and the starting
    tile. The Rift holds its user"; "If no tile qualifies, the effect only draws 1 card"."""
    tiles = [(33, 0, 0, 0), (11, 1, 0, 0), (63, 2, 0, 0)]
    game = scenario(1, tiles=tiles, rooms=[11], deck=[5], phase="action")
    play(game, "room")
    assert game.state.me.hand == [5] and texts(game) == ["remove T33", "remove T63"]
    play(game, "remove T63")
    s = game.state
    assert (
        s.stack[0] == 63 and 63 not in s.tile_at.values() and game.view(0)["stack_bottom"] == [63]
    )
    assert any(v["tile"] == 11 and v["dir"] == "E" for v in game.view(0)["mine"]["sites"])
    alone = scenario(1, tiles=[(11, 0, 0, 0)], deck=[5], phase="action")
    play(alone, "room")
    assert alone.state.me.hand == [5] and kind(alone) == "burn"


def test_r71_mystic_elevator_moves_with_its_dwarves_to_an_open_door() -> None:
    """R71: the elevator goes in front of an open door of another tile, "rotated so that one of
    its own doors faces that door", with every dwarf in it; its old position becomes empty."""
    tiles = [(33, 0, 0, 0), (38, 0, 1, 0)]  # Mystic Elevator: N, E, S doors, W wall
    game = scenario(2, tiles=tiles, rooms=[38, 38], hands=[[15], []])
    play(game, "use")
    assert texts(game) == ["door T33 E", "door T33 S", "door T33 W"]  # N faces the elevator
    play(game, "door T33 E")
    assert texts(game) == ["rotate 1", "rotate 2", "rotate 3"]  # W must show a door
    play(game, "rotate 2")
    s = game.state
    assert at(game, 38) == (1, 0) and [p.room for p in s.players] == [38, 38]
    assert s.steps == 3 and s.free_uses == 1 and s.me.score == 0 and s.me.hand == [15]
    assert any(v["tile"] == 33 and v["dir"] == "N" for v in game.view(0)["mine"]["sites"])


def test_r72_time_vein_refills_steps_to_three_once_a_turn() -> None:
    """R72: "steps left become max(steps left, 3)", "at most once per turn"."""
    game = scenario(1, tiles=[(61, 0, 0, 0)], steps=1)
    play(game, "use")
    assert game.state.steps == 3 and "use" not in texts(game)
    play(game, "end", "draw", "burn deck", "burn deck", "burn deck")
    assert "use" in texts(game)  # a new turn
    full = scenario(1, tiles=[(61, 0, 0, 0)])
    play(full, "use")
    assert full.state.steps == 3 and "use" not in texts(full)


@pytest.mark.parametrize(("limit", "rides"), [(8, 8), (0, 12)])
def test_r73_free_effects_are_capped_per_turn(limit: int, rides: int) -> None:
    """R73: Mine Cart rides and Mystic Elevator moves are capped "at free_effect_limit per turn
    ... 8 by default"; "Setting the parameter to 0 restores the rulebook's unlimited reading"."""
    game = scenario(1, tiles=[(29, 0, 0, 0), (30, 5, 5, 0)], params={"free_effect_limit": limit})
    for i in range(rides):
        play(game, "use", "to T30" if i % 2 == 0 else "to T29")
    assert game.state.free_uses == rides
    assert ("use" in texts(game)) is (limit == 0)


@pytest.mark.parametrize("tile", [29, 61, 38, 67], ids=["cart", "time", "elevator", "void"])
def test_r74_free_rooms_and_void_only_draw_as_the_action(tile: int) -> None:
    """R74: "In a free room or in Void, the action is drawing 1"."""
    game = scenario(1, tiles=[(tile, 0, 0, 0), (30, 5, 5, 0)], phase="action")
    assert texts(game) == ["draw"]


def test_r75_portal_goes_elsewhere_and_warp_stream_may_stay() -> None:
    """R75: Portal "sends the dwarf to any room other than the one it is in"; "Tunnels are
    excluded"; Warp Stream "sends the dwarf to any room, and the current room counts"."""
    portal = scenario(1, tiles=[(48, 0, 0, 0), (63, 0, 1, 0), (33, 9, 9, 0)])
    play(portal, "use")
    assert texts(portal) == ["to T33"]
    stream = scenario(1, tiles=[(71, 0, 0, 0), (63, 0, 1, 0), (33, 9, 9, 0)], deck=[1, 2],
                      phase="action")  # fmt: skip
    play(stream, "room")
    assert texts(stream) == ["to T33", "to T71"]
    play(stream, "to T71")
    assert stream.state.me.room == 71 and stream.state.me.hand == [1, 2]


@pytest.mark.parametrize("mode", ["crisis", "rush"])
def test_r76_scrying_pool_reorders_the_top_five_tiles(mode: str) -> None:
    """R76: "m = min(5, size of the room stack)"; "The new order is chosen one tile at a time,
    top tile first"; in Rush only the user sees them, in Crisis everyone."""
    game = scenario(2, mode=mode, tiles=[(54, 0, 0, 0)], stack=[5, 6, 7, 8, 9, 10],
                    phase="action")  # fmt: skip
    play(game, "room")
    assert texts(game) == ["order T05", "order T06", "order T07", "order T08", "order T09"]
    play(game, "order T09", "order T07", "order T05", "order T08")  # T06 goes last by itself
    s = game.state
    assert list(reversed(s.stack))[:6] == [9, 7, 5, 8, 6, 10]
    assert game.view(0)["stack_top"] == [9, 7, 5, 8, 6]
    assert game.view(1)["stack_top"] == ([] if mode == "rush" else [9, 7, 5, 8, 6])
    two = scenario(1, tiles=[(54, 0, 0, 0), *far_away(54, 5, 6)], stack=[5, 6], phase="action")
    play(two, "room", "order T06")
    assert two.state.stack == [5, 6]  # T06 on top now, T05 under it


def test_r77_warped_mirror_swaps_with_a_dwarf_in_another_room() -> None:
    """R77: "The other dwarf must stand in a different room from the user's"; "The two dwarves
    trade rooms"; "In a one-player game it can never be used"."""
    tiles = [(72, 0, 0, 0), (33, 0, 1, 2)]
    game = scenario(3, tiles=tiles, rooms=[72, 72, 33])
    play(game, "use")
    assert texts(game) == ["swap 3"]
    play(game, "swap 3")
    s = game.state
    assert [p.room for p in s.players] == [33, 72, 72] and s.steps == 2
    assert "use" not in texts(scenario(1, tiles=tiles))


# ------------------------------------------------------------------ R78-R84


def test_r78_scores_never_go_below_zero_and_have_no_cap() -> None:
    """R78: "Scores are integers with a lower bound of 0 and no upper cap"; "Dark Pit needs a
    score of at least 1"."""
    pit = scenario(1, tiles=[(6, 0, 0, 0)], scores=[1], phase="action")
    play(pit, "room")
    assert pit.state.me.score == 0
    assert texts(scenario(1, tiles=[(6, 0, 0, 0)], scores=[0], phase="action")) == ["draw"]
    workshop = scenario(1, tiles=[(79, 0, 0, 0)], scores=[300], phase="action")
    play(workshop, "room")
    assert workshop.state.me.score == 301
    change_score(workshop.state, -500, "test")  # no room can do this; the floor holds anyway
    assert workshop.state.me.score == 0


def test_r79_name_two_means_two_different_gem_types() -> None:
    """R79: "two different gem types out of the 11. Naming the same type twice is not allowed"."""
    game = scenario(1, tiles=[(12, 0, 0, 0)], deck=[23, 2, 41], phase="action")
    play(game, "room")  # Dissonance Fountain: NAME 2, REVEAL 3, KEEP ALL none of them
    legal = texts(game)
    assert len(legal) == 55 and "name FR FR" not in legal and "name FR EG" in legal
    play(game, "name EG FR")  # read as "name FR EG"
    assert game.state.me.hand == [23, 41] and game.state.discard == [2]


def test_r80_diamond_splitter_scores_even_when_the_dig_finds_nothing() -> None:
    """R80: "Its point is scored even if the dig finds nothing"."""
    game = scenario(2, tiles=[(8, 0, 0, 0)], hands=[[71], rest_of([71, 2])], deck=[2],
                    phase="action")  # fmt: skip
    play(game, "room", "discard G71", "name PF ST")
    s = game.state
    assert s.players[0].score == 1 and s.players[0].hand == [] and s.discard == [2, 71]


def test_r81_resonant_chamber_names_after_the_reveal() -> None:
    """R81: "The player names the gem after the reveal, following the order of the effect"."""
    game = scenario(1, tiles=[(50, 0, 0, 0)], deck=[1, 23, 3, 15], phase="action")
    play(game, "room")
    assert game.state.revealed == [1, 23, 3, 15] and len(texts(game)) == 11
    play(game, "name FR")
    assert game.state.me.hand == [1, 3] and game.state.discard == [23, 15]


def test_r82_eddy_takes_the_top_two_and_echo_chamber_the_four_beneath() -> None:
    """R82: "Both take as many cards as the pile has, up to their number"; "Eddy takes the top two
    cards"; Echo Chamber takes "the four cards beneath" the Echoglass card."""
    eddy = scenario(1, tiles=[(16, 0, 0, 0)], discard=[1, 2, 3], phase="action")
    play(eddy, "room")
    assert (
        eddy.state.me.hand == [2, 3] and eddy.state.discard == [1] and eddy.state.me.known == [2, 3]
    )
    short = scenario(1, tiles=[(16, 0, 0, 0)], discard=[1], phase="action")
    play(short, "room")
    assert short.state.me.hand == [1] and short.state.discard == []
    echo = scenario(1, tiles=[(14, 0, 0, 0)], hands=[[51]], discard=[1, 2], phase="action")
    play(echo, "room", "discard G51")
    assert echo.state.me.hand == [1, 2] and echo.state.discard == [51]


_PAYMENTS: list[tuple[str, list[tuple[int, ...]], tuple[int, ...], bool, int | None]] = [
    ("EG copies a printed FR of the same payment", [(FR, OB), (OB, EG)], (FR, FR), False, 0),
    ("EG never copies what DD stands for", [(DD,), (OB, EG)], (FR, FR), False, None),
    ("several EGs copy one printed gem", [(FR, OB), (OB, EG), (PF, EG)], (FR, FR, FR), False, 0),
    ("no spare card", [(OB, SS), (FR, OR)], (SS,), False, None),
    ("OR counts with its own card's gem", [(SS, OR)], (SS,), False, 1),
    ("one WS card is exempt for its warp", [(FR, WS)], (), True, 0),
    ("a second WS card is not", [(FR, WS), (OB, WS)], (), True, None),
    ("the exempt WS card's OR scores nothing", [(ST,), (OR, WS)], (ST,), True, 0),
    ("a WS card warps or pays, never both", [(ST, WS)], (ST,), True, 0),
    ("warping needs a WS card", [(ST, OR)], (ST,), True, None),
    ("RH is paid by RH, DD or a copy", [(RH, EL), (DD,)], (RH, RH), False, 0),
]


@pytest.mark.parametrize(("name", "cards", "cost", "warp", "bonus"), _PAYMENTS,
                         ids=[row[0] for row in _PAYMENTS])  # fmt: skip
def test_r83_payment_readings(
    name: str, cards: list[tuple[int, ...]], cost: tuple[int, ...], warp: bool, bonus: int | None
) -> None:
    """R83: Echoglass copies "a printed gem of that type filling a slot of the same payment", DD is
    never "spent" as a standard gem for it, no spare cards, WS exempt only for its warp, OR only
    with its own card's gem."""
    assert match(cards, cost, warp) == bonus, name


def test_r84_warping_is_phase_2_only_works_with_no_steps_and_repeats() -> None:
    """R84: "possible only in phase 2, but works with 0 steps left"; it may use "the doors of the
    room the dwarf is in"; "A player may warp several times in one turn, one WS card each"."""
    game = scenario(1, tiles=[(33, 0, 0, 0)], hands=[[15, 16, 64, 65]], steps=0, stack=[6, 9])
    play(game, "build T33 E", "pay G15", "pay G64", "paid")
    assert game.state.me.room == 6 and game.state.steps == 0
    play(game, "build T33 N", "pay G16", "pay G65", "paid")
    s = game.state
    assert s.me.room == 9 and s.me.score == 4 and s.me.hand == [] and s.discard == [15, 64, 16, 65]
    late = scenario(1, tiles=[(33, 0, 0, 0), (53, 5, 5, 0)], hands=[[15, 64]], phase="action")
    assert texts(late) == ["draw", "room"]  # no jump and no warped construction in phase 3


# ------------------------------------------------------------------ R85-R93


def test_r85_a_trace_enters_a_tunnel_chain_at_one_end_and_leaves_by_the_other() -> None:
    """R85: "A trace that begins at a room's door can only enter a chain at one end and leave by
    the other"; a trace never loops."""
    chain = [(63, 1, 0, 0), (65, 2, 0, 0), (64, 2, -1, 0), (66, 2, -2, 0)]  # E, S, S, E
    game = scenario(1, tiles=[(34, 0, 0, 0), *chain, (53, 3, -2, 0)])
    play(game, "walk E")
    assert game.state.me.room == 53 and game.state.steps == 2
    play(game, "walk W")  # back through all four tunnels
    assert game.state.me.room == 34 and game.state.steps == 1


def test_r86_a_tunnel_start_is_extended_by_the_first_player_scoring_nothing() -> None:
    """R86: "The first player makes the rotation choices, each new tile goes where the trace
    through the chain ends ... and nothing is paid or scored"; at most 4 tunnels."""
    game = GAME.new(2, 167, {"first_player": 1})  # T66 then T64 start the mine
    placed = [
        (e.data["tile"], e.data["x"], e.data["y"]) for e in game.log if e.kind == "tile_placed"
    ]
    assert placed == [(66, 0, 0), (64, 0, 1)]  # the bend at rotation 0 leads N, the cross on
    assert game.decision().player == 1 and kind(game) == "rotation"  # type: ignore[union-attr]
    play(game, texts(game)[0])
    s = game.state
    room = s.tile_at[encode(0, 2)]  # the room N of the cross
    assert [p.room for p in s.players] == [room, room] and game.scores() == [0, 0]
    assert s.current == 1 and kind(game) == "movement" and s.discard == []


def test_r87_rush_needs_at_least_two_players() -> None:
    """R87: "A one-player game is always a Crisis game"."""
    with pytest.raises(ValueError, match="2-7"):
        GAME.new(1, 0, mode="rush")
    assert GAME.new(1, 0).mode == "crisis"


def test_r88_rush_ends_at_the_round_limit() -> None:
    """R88: "If, at phase 0, the number of completed rounds reaches rush_round_limit ... the game
    ends as if the target had been reached"; "ended by round limit"."""
    params = {"rush_round_limit": 3}
    over = scenario(2, mode="rush", params=params, scores=[4, 6], turns_done=6, phase="turn start")
    assert over.is_terminal() and over.outcome().reason == "round limit"
    assert over.outcome().winners == (1,)
    going = scenario(2, mode="rush", params=params, turns_done=4, phase="turn start")
    assert not going.is_terminal()


def test_r89_cards_seen_entering_a_rush_hand_stay_known_until_they_leave() -> None:
    """R89: views carry the cards "kept from a reveal or a dig, or taken from the discard pile. A
    card leaves the list when it leaves the hand"; "Cards drawn face down never join"."""
    game = scenario(2, mode="rush", tiles=[(59, 0, 0, 0)], hands=[[1, 2, 3], []],
                    known=[[2, 3], []], deck=[4, 5, 6], phase="action")  # fmt: skip
    play(game, "room", "discard G02")  # Temperance Vein: DISCARD ONE, DRAW 3 (face down)
    s = game.state
    assert s.players[0].hand == [1, 3, 4, 5, 6] and s.players[0].known == [3]
    seen = game.view(1)["players"][0]
    assert seen["hand"] is None and seen["known"] == [3]
    kept = scenario(2, mode="rush", tiles=[(51, 0, 0, 0)], deck=[1, 2, 3], phase="action")
    play(kept, "room", "keep G01", "keep G03")
    assert kept.view(1)["players"][0]["known"] == [1, 3]


def test_r90_the_hand_limit_applies_only_in_phase_1() -> None:
    """R90: "The limit ... is applied only in phase 1 ... At any other moment a hand may hold any
    number of cards"."""
    game = scenario(1, tiles=[(4, 0, 0, 0)], hands=[[1, 2, 3, 4]], phase="action")
    play(game, "room")  # Crystal Garden: 8 cards
    assert len(game.state.me.hand) == 8 and kind(game) == "burn"
    play(game, "burn deck", "burn deck", "burn deck")
    assert kind(game) == "hand limit"


def test_r91_keeping_is_mandatory_and_exact() -> None:
    """R91: "Keep k" keeps exactly min(k, eligible) cards; "A player never declines to keep"."""
    game = scenario(1, tiles=[(26, 0, 0, 0)], deck=[11, 1, 2, 3, 4], phase="action")
    play(game, "room")  # Hope Well: REVEAL 5, KEEP ALL has RH, then KEEP 1 more
    assert game.state.me.hand == [11]
    assert texts(game) == ["keep G01", "keep G02", "keep G03", "keep G04"]  # no way to decline
    play(game, "keep G02")
    assert game.state.me.hand == [2, 11] and kind(game) == "burn"


def test_r92_every_mine_cart_in_the_mine_counts_and_none_in_the_stack() -> None:
    """R92: "Every Mine Cart tile in the mine counts, whether or not it is connected"; "Mine Carts
    in the room stack do not count"."""
    stacked = scenario(1, tiles=[(29, 0, 0, 0)], stack=[30, 31, 32])
    assert "use" not in texts(stacked)
    apart = scenario(1, tiles=[(29, 0, 0, 0), (30, 40, -40, 0)])
    play(apart, "use")
    assert texts(apart) == ["to T30"]


def test_r93_dwarves_share_rooms_and_never_block() -> None:
    """R93: "Any number of dwarves may stand in one room, and no dwarf blocks another"."""
    tiles = [(33, 0, 0, 0), (53, 1, 0, 0)]
    game = scenario(4, tiles=tiles, rooms=[33, 53, 53, 53])
    play(game, "walk E")
    assert [p.room for p in game.state.players] == [53, 53, 53, 53]


# ------------------------------------------------------------------ R94-R101


def test_r94_fire_ruby_vein_digs_for_fire_ruby_only() -> None:
    """R94: "the spec uses FR only": DIG 3 FOR has FR, then KEEP 2 of the dug cards."""
    game = scenario(1, tiles=[(21, 0, 0, 0)], deck=[5, 23, 1, 31, 3, 7], phase="action")
    play(game, "room")
    assert texts(game) == ["keep G01", "keep G03", "keep G05"]  # ST alone was set aside
    play(game, "keep G05", "keep G03")
    s = game.state
    assert s.me.hand == [3, 5] and s.discard == [23, 1, 31] and s.deck[-1] == 7


def test_r95_guessed_gem_slots_are_room_parameters_in_the_data() -> None:
    """R95: the guessed slots are data: Soulstone Fountain keeps SS or RH and Star Tear Fountain
    ST or EL under the guessed colour key, flagged provisional."""
    for name, gems in (("Soulstone Fountain", (SS, RH)), ("Star Tear Fountain", (ST, EL))):
        room = ROOM_BY_NAME[name]
        assert room.params.test.gems == gems and "params.test.gems" in room.provisional
    game = scenario(1, tiles=[(57, 0, 0, 0)], deck=[31, 25, 1, 23, 13, 41], phase="action")
    play(game, "room")  # Star Tear Fountain: REVEAL 6, KEEP ALL has any of {ST, EL}
    assert game.state.me.hand == [23, 25, 31] and game.state.discard == [1, 13, 41]


def test_r96_the_no_skills_offset_defaults_to_zero_and_lowers_every_level() -> None:
    """R96: "By default the printed targets are used unchanged (offset 0)"; the value is a
    parameter."""
    assert GAME.new(2, 0, {"level": "artisan"}).state.target == 52
    lowered = GAME.new(2, 0, {"level": "artisan"}, {"no_skills_offset": 8})
    assert lowered.state.target == 44
    assert RulesParams(no_skills_offset=100).level_target(0) == 1  # a target stays positive


def test_r97_the_action_is_mandatory_and_draw_is_always_there() -> None:
    """R97: "Phase 3 always takes one of the actions of R33. Drawing 1 card is always available,
    even when it yields nothing"; "Phase 2, by contrast, may be empty"."""
    game = scenario(2, tiles=[(67, 0, 0, 0)], hands=[[], ALL])
    assert "end" in texts(game)
    play(game, "end")
    assert texts(game) == ["draw"]  # Void; deck and discard pile empty
    play(game, "draw")
    assert game.state.players[0].hand == [] and kind(game) == "burn"


@pytest.mark.parametrize(
    ("tile", "hand", "score", "hand_after"),
    [(62, [1, 11], 0, [1, 11]), (24, [11, 29], 0, [11, 29, 40]), (28, [1, 2, 3], 0, [1, 2, 3])],
    ids=["Transmuter", "Hope Refinery", "Maelstrom"],
)
def test_r98_x_may_be_zero(tile: int, hand: list[int], score: int, hand_after: list[int]) -> None:
    """R98: "Transmuter, Hope Refinery and Maelstrom accept X = 0"; Hope Refinery "scores
    nothing and draws 1 card"."""
    game = scenario(1, tiles=[(tile, 0, 0, 0)], hands=[hand], deck=[40, 41], phase="action")
    play(game, "room", "done")
    s = game.state
    assert s.me.hand == hand_after and s.me.score == score and kind(game) == "burn"
    assert s.discard == [] and [e.data["x"] for e in game.log if e.kind == "x_chosen"] == [0]


def test_r99_counts_are_taken_when_their_step_runs() -> None:
    """R99: Crystal Garden "counts the hand when the effect starts"; Maelstrom "after its own
    discards"; Recycler counts players "with a strictly higher individual score", Crisis too."""
    garden = scenario(1, tiles=[(4, 0, 0, 0)], hands=[[1, 2, 3]], phase="action")
    play(garden, "room")
    assert len(garden.state.me.hand) == 6
    storm = scenario(1, tiles=[(28, 0, 0, 0)], hands=[[1, 2, 3, 4]], deck=[5, 6, 7],
                     phase="action")  # fmt: skip
    play(storm, "room", "discard G01", "discard G02", "discard G03", "done")
    assert storm.state.me.hand == [4, 5, 6]
    recycler = scenario(4, tiles=[(49, 0, 0, 0)], scores=[5, 7, 5, 9], deck=[1, 2, 3],
                        phase="action")  # fmt: skip
    play(recycler, "room")
    assert recycler.state.players[0].hand == [1, 2]


def test_r100_room_types_the_rulebook_leaves_open() -> None:
    """R100: "Time Vein is a free room. Portal is a movement room. Every other room is an action
    room, including Scrying Pool, Warp Stream and Dimensional Rift"."""
    names = ("Time Vein", "Portal", "Scrying Pool", "Warp Stream", "Dimensional Rift")
    assert [ROOM_BY_NAME[name].type for name in names] == [FREE, MOVEMENT, ACTION, ACTION, ACTION]
    stream = scenario(1, tiles=[(71, 0, 0, 0), (33, 0, 1, 2)])
    assert "use" not in texts(stream)  # an action room has no phase-2 use
    time = scenario(1, tiles=[(61, 0, 0, 0)], steps=0)
    assert "use" in texts(time)


def test_r101_a_closed_mine_is_reopened_before_moving() -> None:
    """R101: with no site and tiles in the stack, the current player places the top tile next to
    their room (else the nearest room with an empty neighbour) and moves in; "Nothing is paid or
    scored"; repeat while the mine stays closed."""
    game = scenario(1, tiles=[(4, 0, 0, 0), (9, 0, 1, 2)], hands=[[37]], stack=[6, 33])
    assert texts(game) == ["reopen E", "reopen S", "reopen W"]
    play(game, "reopen E")  # T06 faces back W into T04's wall: still closed
    assert game.state.me.room == 6 and kind(game) == "reopen"
    assert texts(game) == ["reopen N", "reopen E", "reopen S"]
    play(game, "reopen N", "rotate 0")
    s = game.state
    assert at(game, 33) == (1, 1) and s.me.room == 33 and s.me.score == 0 and s.steps == 3
    assert s.me.hand == [37] and kind(game) == "movement"
    boxed = [(4, 0, 0, 0), (9, 0, 1, 2), (6, 1, 0, 3), (25, -1, 0, 1), (41, 0, -1, 0)]
    walled = scenario(1, tiles=boxed, rooms=[4], stack=[33])
    assert texts(walled) == ["reopen N", "reopen E", "reopen W"]  # around T09, one step away
    assert [e.data["tile"] for e in walled.log if e.kind == "mine_closed"] == [9]


# ------------------------------------------------------------------ coverage of R1-R101

UNUSED = {48, 49, 55, 56, 57, 58, 59}  # numbers the spec keeps free (spec §3): no rule to test
RULE_FILES = ("test_rules_r01_r20.py", "test_rules_r21_r47.py", "test_rules_r50_r101.py")
# Rules whose test of record lives in another file, as "file::test" (checked to exist). Every
# rule above also has its own test here; these are extra scenarios worth reading alongside.
ELSEWHERE = {
    19: "test_gemrush_rules.py::test_r19_warpstone_jump",
    65: "test_gemrush_rules.py::test_r65_stack_runs_out_during_a_chain",
    82: "test_gemrush_rules.py::test_r82_echo_chamber_takes_the_cards_beneath",
}
_RULE_NAME = re.compile(r"^test_r(\d{2,3})_")


def _test_names(path: Path) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"))
    return [
        n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")
    ]


def test_every_rule_is_covered() -> None:
    """Every rule R1-R101 but the unused numbers has a test named after it here."""
    folder = Path(__file__).parent
    covered: dict[int, list[str]] = {}
    for name in RULE_FILES:
        for test in _test_names(folder / name):
            found = _RULE_NAME.match(test)
            if found:
                covered.setdefault(int(found.group(1)), []).append(test)
    for rule, where in ELSEWHERE.items():
        file, test = where.split("::")
        assert test in _test_names(folder / file), where
        covered.setdefault(rule, []).append(where)
    assert not set(covered) & UNUSED, "a test cites a rule number the spec does not use"
    missing = sorted(set(range(1, 102)) - UNUSED - set(covered))
    assert missing == [], f"rules without a test: {missing}"
    assert set(covered) <= set(range(1, 102))
