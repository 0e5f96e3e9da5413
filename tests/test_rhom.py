"""Table-driven tests of the Rhom's turn (spec section 8, rulings R40-R45 and D24-D30).

Each test builds the exact situation of one Rhom rule in a solo game (``Game.new(1, seed)``: the
human is seat 0, the Rhom seat 1): the board around the Rhom, the relic row, the Rhom card drawn
and the weathervane on the back of the next one (``stack_rhom_deck``), its cargo, the market and
the dice (``script_dice``, strict: an unplanned roll fails). ``rhom_turn`` then lets the engine
play the Rhom's whole turn, and the test checks what it did through its events and the state.

Geometry used throughout: the Rhom on hex 3 (row 1) has L = 2, FL = 9, FR = 10, R = 4 (columns
4, 5, 7, 8; Desert tiles carry no bonus); on hex 16 (row 3) L = 15, FL = 22, FR = 23, R = 17.
Setup, the game end and the solo result are in ``test_rhom_setup_end.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from iridescia.games.iridescia import automa, turn
from iridescia.games.iridescia.data import COLOUR_NAMES, ITEMS
from iridescia.games.iridescia.game import Game
from iridescia.games.iridescia.params import RulesParams
from iridescia.games.iridescia.state import IN_CASTLE, Event, Options
from rules_helpers import (
    act,
    barricade,
    begin_turn,
    check,
    decision,
    dice_left,
    empty,
    empty_rows,
    give_stone_dice,
    give_tiles,
    item,
    kinds,
    legal,
    put,
    put_tile,
    rhom_back_off_board,
    rhom_card,
    rhom_turn,
    script_dice,
    set_cargo,
    set_item_market,
    set_market,
    set_pos,
    set_relic_deck_top,
    set_relic_row,
    stack_item_deck,
    stack_rhom_deck,
    take_token,
    tiles_of,
    without,
)

HUMAN, RHOM = 0, 1
L, FL, FR, R = 2, 9, 10, 4  # around hex 3

# Relic rows and their demand (A, C, E, S); an Iridia relic (21-24) counts 1 for every colour.
SAPPHIRE_ROW = (4, 10, 13, 15, 21)  # demand 2, 4, 2, 9
AMETHYST_ROW = (1, 12, 14, 9, 22)  # demand 8, 2, 5, 2
EVEN_AC_ROW = (5, 6, 18, 16, 21)  # demand 5, 5, 3, 3: Amethyst and Citrine tie
SAPPHIRE_COST_ROW = (2, 3, 4, 7, 10)  # every relic needs Sapphire: nothing restorable without


def solo(seed: int = 0, params: RulesParams | None = None) -> Game:
    return Game.new(1, seed, None, params)


def vane_cards(icon: str, vane: str) -> tuple[int, int]:
    """A card with this icon to draw, then a card whose back shows ``vane`` once it is drawn."""
    drawn = rhom_card(icon, "left" if vane == "right" else "right")
    return drawn, rhom_card("2x" if icon != "2x" else "3x", vane)


def around(g: Game, at: int, tiles: dict[int, str | None], up: bool = True) -> None:
    """The Rhom on ``at`` with these tiles around it (a gem name, or None for an empty hex)."""
    set_pos(g, RHOM, at)
    for h, gem in tiles.items():
        if gem is not None:
            put(g, h, gem, up=up)
    for h, gem in tiles.items():
        if gem is None:
            empty(g, h)


def data(events: list[Event], kind: str) -> dict[str, Any]:
    found = kinds(events, kind)
    assert len(found) == 1, f"{kind}: {found}"
    return found[0]


def rhom_events(events: list[Event]) -> list[Event]:
    return [e for e in events if e.player == RHOM]


# ---------------------------------------------------------------- the Rhom deck and weathervane


def test_weathervane_is_the_back_of_the_next_card_after_the_draw() -> None:
    g = solo()
    around(g, 3, {L: None, FL: "amethyst", FR: None, R: None})
    stack_rhom_deck(g, 5, 1)  # draw 5 (2x, its back: right); then card 1 (back: left) is on top
    assert automa.weathervane(g.state) == "right"
    events = rhom_turn(g)
    card = data(events, "rhom_card")
    assert (card["card"], card["icon"], card["weathervane"]) == (5, "2x", "left")
    assert card["reveal_order"] == ["L", "FL", "FR", "R"]
    assert g.state.rhom_deck[-1] == 1 and g.state.rhom_discard[-1] == 5
    assert automa.weathervane(g.state) == "left"


def test_d30_rhom_deck_reshuffled_as_soon_as_it_is_empty() -> None:
    g = solo()
    s = g.state
    around(g, 3, {L: None, FL: "amethyst", FR: None, R: None})
    s.rhom_discard = tuple(c for c in s.rhom_deck if c != 6)
    s.rhom_deck = (6,)  # the last card: 2x
    events = rhom_turn(g)
    assert kinds(events, "rhom_reshuffle") == [{"cards": 16}]
    assert len(s.rhom_deck) == 16 and s.rhom_discard == ()  # the drawn card is shuffled in too
    assert data(events, "rhom_card")["weathervane"] == automa.weathervane(s)
    assert data(events, "gain")["count"] == 2  # its icon still applies this turn


# ---------------------------------------------------------------- R40: the first turn


@pytest.mark.parametrize(
    ("dice", "vane", "revealed"),
    [
        ((1, 4), "left", [2, 5]),  # the handbook: 1st and 4th tiles of row 1 (hexes 2-5)
        ((3, 2), "right", [4, 3]),
        ((5, 6), "left", [2, 3]),  # above 4 tiles: wraps around (5 -> 1st, 6 -> 2nd)
        ((2, 2), "left", [3, 2]),  # D29: the same tile twice: the next face-down one leftwards
        ((2, 2), "right", [3, 4]),  # ... or rightwards
        ((1, 5), "left", [2, 5]),  # D29: same tile by wrapping; leftwards from the 1st wraps
        ((4, 4), "right", [5, 2]),  # rightwards from the 4th wraps to the 1st
    ],
)
def test_r40_d29_first_turn_dice_count_the_tiles_of_row_1(
    dice: tuple[int, int], vane: str, revealed: list[int]
) -> None:
    g = solo()
    rhom_back_off_board(g)
    stack_rhom_deck(g, rhom_card("merchant", vane))  # no card is drawn: its back is the vane
    script_dice(g, *dice)
    events = rhom_turn(g)
    assert data(events, "rhom_dice") == {"faces": list(dice), "reason": "first turn"}
    assert [e["hex"] for e in kinds(events, "reveal")] == revealed
    assert kinds(events, "rhom_card") == []  # the first turn draws no card
    moved = data(events, "move")["to"]
    assert moved in revealed and data(events, "gain")["count"] == 1
    assert dice_left(g) == []


# ---------------------------------------------------------------- reveals (8.3)


@pytest.mark.parametrize(
    ("card", "face_up", "no_tile", "barricaded", "revealed"),
    [
        (5, (), (), (), [L, FL]),  # L, FL, FR, R: the first two
        (6, (R,), (), (), [L, FL]),  # R, L, FL, FR: R is face up, skipped
        (7, (), (FR,), (R,), [L, FL]),  # FR, R, L, FL: no tile at FR, R barricaded
        (8, (FL, FR, R), (), (), [L]),  # FL, FR, R, L: only L is face down
        (8, (FL, FR), (L, R), (), []),  # nothing left to reveal
    ],
)
def test_rhom_reveals_two_tiles_in_the_card_order_skipping_directions(
    card: int,
    face_up: tuple[int, ...],
    no_tile: tuple[int, ...],
    barricaded: tuple[int, ...],
    revealed: list[int],
) -> None:
    g = solo()
    gems = {L: "amethyst", FL: "citrine", FR: "emerald", R: "sapphire"}
    set_pos(g, RHOM, 3)
    for h, gem in gems.items():
        put(g, h, gem, up=h in face_up)
    empty(g, *no_tile)
    for h in barricaded:
        barricade(g.state, h)
    stack_rhom_deck(g, card)
    events = rhom_turn(g)
    assert data(events, "rhom_card")["card"] == card
    assert [e["hex"] for e in kinds(events, "reveal")] == revealed
    assert data(events, "move")["to"] not in barricaded
    check(g)


# ---------------------------------------------------------------- R42: where it moves


@pytest.mark.parametrize(
    ("row", "demand"),
    [
        (SAPPHIRE_ROW, (2, 4, 2, 9)),
        (AMETHYST_ROW, (8, 2, 5, 2)),
        ((21, 22, 23, 24, 1), (6, 5, 4, 4)),  # four Iridia relics: 1 each per colour
    ],
)
def test_r42_demand_counts_relic_costs_and_iridia_relics_one_per_colour(
    row: tuple[int, ...], demand: tuple[int, int, int, int]
) -> None:
    g = solo()
    set_relic_row(g, *row)
    assert automa.demand(g.state) == list(demand)
    around(g, 3, {L: None, FL: "amethyst", FR: None, R: None})
    events = rhom_turn(g)
    assert data(events, "rhom_choice")["demand"] == dict(zip(COLOUR_NAMES, demand, strict=True))


@pytest.mark.parametrize(
    ("tiles", "cargo", "row", "vane", "to", "reason"),
    [
        # both lacking: the most demanded colour
        ({L: "amethyst", R: "sapphire"}, (0, 0, 0, 0), SAPPHIRE_ROW, "left", R,
         "most demanded colour it lacks"),
        # a colour it lacks beats a more demanded colour it holds
        ({L: "amethyst", R: "sapphire"}, (0, 0, 0, 1), SAPPHIRE_ROW, "left", L,
         "most demanded colour it lacks"),
        # it lacks none: every candidate stays, the most demanded wins
        ({L: "amethyst", R: "sapphire"}, (1, 0, 0, 1), SAPPHIRE_ROW, "right", R,
         "most demanded colour"),
        ({L: "amethyst", R: "sapphire"}, (1, 0, 0, 1), AMETHYST_ROW, "right", L,
         "most demanded colour"),
        # a lacking colour in low demand beats held colours in high demand
        ({L: "amethyst", FL: "emerald", FR: "sapphire"}, (1, 1, 1, 0), AMETHYST_ROW, "left",
         FR, "most demanded colour it lacks"),
        # equal demand: the weathervane (leftmost or rightmost tile by column)
        ({FL: "citrine", FR: "amethyst"}, (0, 0, 0, 0), EVEN_AC_ROW, "left", FL,
         "most demanded colour it lacks"),
        ({FL: "citrine", FR: "amethyst"}, (0, 0, 0, 0), EVEN_AC_ROW, "right", FR,
         "most demanded colour it lacks"),
        ({L: "amethyst", FL: "amethyst"}, (0, 0, 0, 0), AMETHYST_ROW, "right", FL,
         "most demanded colour it lacks"),
        # never a rainbow while a colour is possible, even a held one in low demand
        ({L: "rainbow", R: "sapphire"}, (0, 0, 0, 1), AMETHYST_ROW, "left", R,
         "most demanded colour"),
        # only a rainbow: it goes there
        ({FL: "rainbow"}, (0, 0, 0, 0), AMETHYST_ROW, "left", FL, "only rainbows"),
    ],
)  # fmt: skip
def test_r42_move_choice(
    tiles: dict[int, str],
    cargo: tuple[int, int, int, int],
    row: tuple[int, ...],
    vane: str,
    to: int,
    reason: str,
) -> None:
    g = solo()
    set_relic_row(g, *row)
    set_cargo(g, RHOM, cargo)
    around(g, 3, {h: tiles.get(h) for h in (L, FL, FR, R)})
    stack_rhom_deck(g, *vane_cards("2x", vane))
    events = rhom_turn(g)
    choice = data(events, "rhom_choice")
    assert (choice["hex"], choice["reason"], choice["weathervane"]) == (to, reason, vane)
    assert data(events, "move")["to"] == to
    assert kinds(events, "collect")[0]["hex"] == to


def test_r42_r43_iridia_tile_first_then_the_stone_and_the_most_demanded_colour() -> None:
    g = solo()
    s = g.state
    set_relic_row(g, *SAPPHIRE_ROW)
    set_cargo(g, RHOM, (0, 0, 0, 0))
    set_pos(g, RHOM, 50)  # row 8: L 49, FL 56, FR 57, R 51
    put_tile(g, 56, 56)  # Sapphire Castle tile, the most demanded colour, which it lacks
    put_tile(g, 57, 57)  # the Iridia tile
    empty(g, 49, 51)
    stack_rhom_deck(g, *vane_cards("3x", "left"))
    events = rhom_turn(g)
    assert data(events, "rhom_choice")["reason"] == "the Iridia tile"
    assert data(events, "iridia_stone")["points"] == 10
    assert data(events, "colour_chosen") == {"colour": "sapphire"}
    assert data(events, "gain") == {"colour": "sapphire", "count": 3, "reason": "arrival"}
    assert data(events, "castle") == {"token": "scepter", "points": 5}
    assert s.players[RHOM].iridia_stone and s.players[RHOM].finished
    b = g.scores()[RHOM]
    assert (b.iridia_stone, b.token) == (10, 5)
    check(g)


# ---------------------------------------------------------------- R43: a rainbow's colour


@pytest.mark.parametrize(
    ("cargo", "row", "vane", "colour"),
    [
        ((0, 0, 0, 0), SAPPHIRE_ROW, "left", "sapphire"),
        ((0, 0, 0, 1), SAPPHIRE_ROW, "left", "citrine"),  # the most demanded it does not hold
        ((0, 0, 0, 0), EVEN_AC_ROW, "left", "amethyst"),  # A and C tie: leftmost in A, C, E, S
        ((0, 0, 0, 0), EVEN_AC_ROW, "right", "citrine"),
        ((1, 1, 1, 1), SAPPHIRE_ROW, "right", "sapphire"),  # holds all: the most demanded
        ((1, 1, 1, 1), EVEN_AC_ROW, "right", "citrine"),
    ],
)
def test_r43_rainbow_colour_most_demanded_it_lacks_then_weathervane(
    cargo: tuple[int, int, int, int], row: tuple[int, ...], vane: str, colour: str
) -> None:
    g = solo()
    set_relic_row(g, *row)
    set_cargo(g, RHOM, cargo)
    around(g, 3, {L: None, FL: "rainbow", FR: None, R: None})
    stack_rhom_deck(g, *vane_cards("2x", vane))
    events = rhom_turn(g)
    assert data(events, "colour_chosen") == {"colour": colour}
    assert data(events, "gain") == {"colour": colour, "count": 2, "reason": "arrival"}


# ---------------------------------------------------------------- R44: bonuses as points


@pytest.mark.parametrize(
    ("bonus", "stones_free", "dice", "points"),
    [
        ("coins", 4, (), 1),  # a Canyon 1-coin tile: 1 point
        ("points", 4, (), 1),
        ("stone_die", 4, (5,), 5),  # rolls a free stone die and scores its face
        ("stone_die", 0, (), 0),  # no die in the supply: no roll, no points
    ],
)
def test_r44_tile_bonuses_become_points_and_the_multiplier_never_applies(
    bonus: str, stones_free: int, dice: tuple[int, ...], points: int
) -> None:
    g = solo()
    s = g.state
    set_pos(g, RHOM, 16)
    put(g, 23, "emerald", bonus=bonus)
    empty(g, 15, 17, 22)
    give_stone_dice(g, HUMAN, 4 - stones_free)
    stack_rhom_deck(g, rhom_card("3x", "left"))
    script_dice(g, *dice)
    events = rhom_turn(g)
    assert s.players[RHOM].tile_bonus_points == points
    assert data(events, "gain")["count"] == 3  # 3x on the gem only
    assert s.stone_supply == stones_free and s.players[RHOM].stone_idle == 0
    if bonus == "stone_die":
        rolled = [e for e in kinds(events, "rhom_dice") if e["reason"] == "stone die"]
        assert rolled == ([{"faces": [5], "reason": "stone die"}] if stones_free else [])
        if not stones_free:
            assert data(events, "stone_die") == {"got": False}
    if points:
        assert kinds(events, "points")[-1]["count"] == points
    assert g.scores()[RHOM].tile_bonus_points == points
    assert dice_left(g) == []


# ---------------------------------------------------------------- R45: too many gems


@pytest.mark.parametrize(
    ("cargo", "gem", "card", "vane", "market", "returned", "after"),
    [
        # the handbook: a full hold gains 2 of a new colour; 2 of its most-held go back at 2 each
        ((3, 4, 0, 0), "emerald", "2x", "left", 2, [("citrine", 2, 4)], (3, 2, 2, 0)),
        # a colour it holds: the excess of that colour goes back, at its market value
        ((3, 4, 0, 0), "citrine", "3x", "left", 5, [("citrine", 3, 15)], (3, 4, 0, 0)),
        ((3, 3, 0, 0), "amethyst", "3x", "left", 4, [("amethyst", 2, 8)], (4, 3, 0, 0)),
        # a new colour with only part of the gain in excess
        ((3, 2, 1, 0), "sapphire", "2x", "left", 3, [("amethyst", 1, 3)], (2, 2, 1, 2)),
        # the most-held colours tie: the weathervane over A, C, E, S
        ((3, 3, 1, 0), "sapphire", "2x", "left", 2, [("amethyst", 2, 4)], (1, 3, 1, 2)),
        ((3, 3, 1, 0), "sapphire", "2x", "right", 2, [("citrine", 2, 4)], (3, 1, 1, 2)),
    ],
)
def test_r45_too_many_gems_score_their_market_value(
    cargo: tuple[int, int, int, int],
    gem: str,
    card: str,
    vane: str,
    market: int,
    returned: list[tuple[str, int, int]],
    after: tuple[int, int, int, int],
) -> None:
    g = solo()
    s = g.state
    set_relic_row(g, *(SAPPHIRE_COST_ROW if gem != "sapphire" else AMETHYST_ROW))
    set_cargo(g, RHOM, cargo)
    set_market(g, market, market, market, market)
    around(g, 3, {L: None, FL: gem, FR: None, R: None})
    stack_rhom_deck(g, *vane_cards(card, vane))
    events = rhom_turn(g)
    over = [(e["colour"], e["count"], e["points"]) for e in kinds(events, "rhom_overflow")]
    assert over == returned
    back = [(e["colour"], e["count"]) for e in kinds(events, "return") if e["reason"] != "restore"]
    assert back == [(c, n) for c, n, _ in returned]
    # The cargo right after the overflow (a relic may then have been restored at once).
    held = list(s.players[RHOM].cargo)
    for e in kinds(events, "return"):
        if e["reason"] == "restore":
            held[COLOUR_NAMES.index(e["colour"])] += e["count"]
    assert tuple(held) == after
    points = sum(p for _, _, p in returned)
    assert s.players[RHOM].overflow_points == points and g.scores()[RHOM].overflow == points
    check(g)


def test_r45_d28_new_colour_returns_its_most_held_colour_then_the_next() -> None:
    # A hold of 4 (a rules parameter) makes the most-held colour run out: 2 Amethyst, then
    # the next most-held (Citrine and Emerald tie, leftmost by the weathervane).
    g = solo(params=RulesParams(cargo_limit=4))
    s = g.state
    set_relic_row(g, *AMETHYST_ROW)
    set_cargo(g, RHOM, (2, 1, 1, 0))
    set_market(g, 2, 3, 4, 5)
    around(g, 3, {L: None, FL: "sapphire", FR: None, R: None})
    stack_rhom_deck(g, *vane_cards("3x", "left"))
    events = rhom_turn(g)
    over = [(e["colour"], e["count"], e["points"]) for e in kinds(events, "rhom_overflow")]
    assert over == [("amethyst", 2, 4), ("citrine", 1, 3)]
    assert s.players[RHOM].cargo == [0, 0, 1, 3]


# ---------------------------------------------------------------- the Merchant icon


MARKET = ("cauldron", "book", "elixir", "libation", "jackhammer", "dynamite")


@pytest.mark.parametrize(
    ("die", "slot", "key", "points"),
    [(1, 1, "cauldron", 4), (3, 3, "elixir", 6), (6, 6, "dynamite", 3), (4, 4, "libation", 2)],
)
def test_rhom_merchant_takes_the_counted_card_and_scores_its_cost(
    die: int, slot: int, key: str, points: int
) -> None:
    g = solo()
    s = g.state
    set_item_market(g, *MARKET)
    stack_item_deck(g, "axe")
    around(g, 3, {L: None, FL: "amethyst", FR: None, R: None})
    stack_rhom_deck(g, rhom_card("merchant", "left"))
    script_dice(g, die)
    events = rhom_turn(g)
    assert data(events, "rhom_dice") == {"faces": [die], "reason": "merchant"}
    assert data(events, "rhom_merchant") == {"item": key, "slot": slot, "points": points}
    assert s.item_market[slot - 1] == item("axe")  # refilled at once
    assert s.item_discard[-1] == item(key) and s.players[RHOM].items == ()
    assert s.players[RHOM].merchant_points == points == g.scores()[RHOM].merchant
    assert data(events, "gain")["count"] == 1  # it still takes its tile's gem
    order = [e.kind for e in rhom_events(events)]
    assert order.index("rhom_card") < order.index("rhom_merchant") < order.index("move")
    check(g)


def test_d27_merchant_counts_only_occupied_market_slots() -> None:
    # Variant with 3 humans (36 cards): the humans hold 33 cards, the deck and the discard are
    # empty, so the market shows 3 cards in its 6 slots.
    g = Game.new(3, 0, Options(rhom=True))
    s = g.state
    rhom = s.rhom
    set_item_market(g, "cauldron", "", "book", "", "elixir", "")
    s.item_deck += s.item_discard
    s.item_discard = ()
    for seat in range(3):
        for kind in range(len(ITEMS)):
            if kind in s.item_deck:
                s.item_deck.remove(kind)
                s.players[seat].items += (kind,)
    assert s.item_deck == []
    set_pos(g, rhom, 3)
    put(g, FL, "amethyst")
    empty(g, L, FR, R)
    stack_rhom_deck(g, rhom_card("merchant", "left"))
    script_dice(g, 5)  # 5 over 3 cards: wraps to the 2nd card, in slot 3
    events = begin_turn(g, rhom)
    assert kinds(events, "rhom_merchant") == [{"item": "book", "slot": 3, "points": 2}]
    # The Book went to the discard, which refilled the first empty slot.
    assert s.item_market == [item("cauldron"), item("book"), -1, -1, item("elixir"), -1]
    check(g)


def test_merchant_with_an_empty_market_scores_nothing() -> None:
    # Not reachable in play (a guard): no card in the market, the deck or the discard.
    g = solo()
    s = g.state
    s.item_market, s.item_deck, s.item_discard = [-1] * 6, [], ()
    set_pos(g, RHOM, 3)
    put(g, FL, "amethyst")
    empty(g, L, FR, R)
    stack_rhom_deck(g, rhom_card("merchant", "left"))
    script_dice(g, 2)
    s.current = RHOM
    turn.play_rhom_turn(s)
    assert kinds(s.events, "rhom_merchant")[-1] == {"item": None, "points": 0}
    assert s.players[RHOM].merchant_points == 0


# ---------------------------------------------------------------- R41: barricades


@pytest.mark.parametrize(
    ("human_at", "vane", "die", "barricaded", "emptied", "expected"),
    [
        (0, "left", 3, (), (), 3),  # off the board: row 1 (hexes 1-6, 1 and 6 empty)
        (0, "left", 1, (), (), 2),  # hex 1 has no tile: the next tile rightwards
        (0, "right", 1, (), (), 5),  # from the right edge: hex 6 empty, then 5
        (0, "right", 3, (), (), 4),
        (0, "left", 6, (), (), 2),  # 6 empty, wraps to 1 (empty), then 2
        (0, "right", 6, (), (), 5),  # 1 empty, wraps to 6 (empty), then 5
        (0, "left", 3, (), (3, 4, 5), 2),  # collected hexes are passed over, wrapping
        (16, "left", 1, (), (), 21),  # the human in row 3: row 4 (20 and 26 empty)
        (16, "right", 2, (), (), 25),
        (16, "left", 2, (21,), (), 22),  # D26: a barricaded tile is passed over
        (16, "right", 6, (21,), (), 25),  # 21 barricaded, 20 empty, wraps: 26 empty, 25
    ],
)
def test_r41_d26_barricade_counts_spaces_in_the_row_above_the_human(
    human_at: int,
    vane: str,
    die: int,
    barricaded: tuple[int, ...],
    emptied: tuple[int, ...],
    expected: int,
) -> None:
    g = solo()
    s = g.state
    put_tile(g, 2, s.players[RHOM].tiles[0], up=False)  # row 1 full again (first turn)
    set_pos(g, HUMAN, human_at)
    around(g, 36, {35: None, 37: None, 42: None, 43: None})
    put(g, 35, "amethyst", bonus="points")
    empty(g, *emptied)
    for h in barricaded:
        barricade(s, h)
    stack_rhom_deck(g, *vane_cards("barricade", vane))
    script_dice(g, die)
    events = rhom_turn(g)
    row = 1 if human_at == 0 else 4
    assert data(events, "rhom_dice") == {"faces": [die], "reason": "barricade"}
    assert data(events, "rhom_barricade") == {"hex": expected, "row": row, "count": die}
    assert s.barricade[expected] and s.tile_at[expected]
    assert sum(s.barricade) == 1 + len(barricaded)
    check(g)


@pytest.mark.parametrize("case", ["row 8", "castle", "six placed", "row empty"])
def test_r41_barricade_icon_ignored(case: str) -> None:
    g = solo()
    s = g.state
    dice: tuple[int, ...] = ()
    reason = "ignored"
    if case == "row 8":
        set_pos(g, HUMAN, 47)
        reason = "never in the Castle row"
    elif case == "castle":
        human = s.players[HUMAN]
        human.pos, human.finished = IN_CASTLE, True
        human.token = take_token(s)
    elif case == "six placed":
        for h in (8, 9, 10, 11, 12, 15):
            barricade(s, h)
    else:
        set_pos(g, HUMAN, 16)
        empty_rows(g, 4)
        dice, reason = (4,), "no tile left in that row"
    before = sum(s.barricade)
    around(g, 36, {35: None, 37: None, 42: None, 43: None})
    put(g, 35, "amethyst", bonus="points")
    stack_rhom_deck(g, *vane_cards("barricade", "left"))
    script_dice(g, *dice)  # strict: no other die may be rolled
    events = rhom_turn(g)
    assert data(events, "rhom_barricade") == {"hex": None, "reason": reason}
    assert sum(s.barricade) == before and dice_left(g) == []
    if case == "castle":
        assert decision(g) == "remove"
    check(g)


def test_r41_a_barricaded_tile_cannot_be_revealed_entered_collected_or_removed() -> None:
    g = solo()
    s = g.state
    set_relic_row(g, *AMETHYST_ROW)
    around(g, 3, {L: "amethyst", FL: "amethyst", FR: "sapphire", R: None})
    s.face_up[L] = False
    barricade(s, L, FL)  # L face down, FL face up and most demanded
    stack_rhom_deck(g, 5)  # reveal order L, FL, FR, R
    events = rhom_turn(g)
    assert kinds(events, "reveal") == []
    assert data(events, "rhom_choice")["hex"] == FR
    assert s.tile_at[L] and s.tile_at[FL]  # not collected
    # The human, off the board, may neither reveal nor enter them; nor remove them later.
    assert not any(a.endswith(" 2") for a in legal(g))
    from iridescia.games.iridescia.steps import removable_hexes

    assert L not in removable_hexes(s) and FL not in removable_hexes(s)


def test_r46_variant_barricade_row_is_above_the_next_human() -> None:
    g = Game.new(2, 0, Options(rhom=True))
    s = g.state
    assert s.rhom == 2 and automa.barricade_target_seat(s) == 0
    set_pos(g, 0, 16)  # seat 0, next after the Rhom: row 3 -> row 4
    set_pos(g, 1, 35)  # seat 1: row 6 (ignored)
    rhom = s.rhom
    set_pos(g, rhom, 3)
    put(g, FL, "amethyst")
    empty(g, L, FR, R)
    stack_rhom_deck(g, *vane_cards("barricade", "left"))
    script_dice(g, 2)  # 3-explorer board: row 4 is 20-26 with no empty hex
    events = begin_turn(g, rhom)
    assert kinds(events, "rhom_barricade") == [{"hex": 21, "row": 4, "count": 2}]
    check(g)


# ---------------------------------------------------------------- the blocked Rhom (8.1, R9)


@pytest.mark.parametrize(
    ("card", "placed"),
    [
        (rhom_card("2x", "left"), 15),  # the drawn card's back is the vane before the draw
        (rhom_card("2x", "right"), 17),
    ],
)
def test_r9_d25_blocked_rhom_discards_its_latest_tile_and_takes_the_closest_empty_hex(
    card: int, placed: int
) -> None:
    g = solo()
    s = g.state
    latest = tiles_of("emerald", "ruins")[0]
    give_tiles(g, RHOM, latest)
    set_pos(g, RHOM, 16)
    for h, gem in ((18, "amethyst"), (21, "citrine"), (24, "emerald")):
        put(g, h, gem, bonus="coins", up=False)  # no stone dice: no unplanned roll
    empty(g, 15, 17, 22, 23)  # nothing adjacent: blocked; 15, 17, 22, 23 all qualify
    stack_rhom_deck(g, card)
    events = rhom_turn(g)
    kinds_in_order = [e.kind for e in rhom_events(events)]
    assert kinds_in_order[:5] == ["turn", "blocked", "tile_discarded", "placed", "rhom_card"]
    assert data(events, "tile_discarded") == {"tile": latest}
    assert data(events, "placed") == {"hex": placed}
    assert latest in s.removed and latest not in s.players[RHOM].tiles
    from iridescia.games.iridescia.board import ADJACENT

    assert data(events, "move")["to"] in ADJACENT[placed]
    check(g)


def test_r9_blocked_rhom_without_tiles_discards_nothing() -> None:
    g = solo()
    s = g.state
    s.removed += s.players[RHOM].tiles
    s.players[RHOM].tiles = ()
    set_pos(g, RHOM, 16)
    for h, gem in ((18, "amethyst"), (21, "citrine"), (24, "emerald")):
        put(g, h, gem, bonus="coins", up=False)
    empty(g, 15, 17, 22, 23)
    stack_rhom_deck(g, rhom_card("2x", "left"))
    events = rhom_turn(g)
    assert kinds(events, "tile_discarded") == [] and data(events, "placed") == {"hex": 15}
    check(g)


def test_d24_its_own_barricade_blocks_the_rhom_which_does_the_blocked_step_again() -> None:
    g = solo()
    s = g.state
    first = s.players[RHOM].tiles[-1]
    set_pos(g, HUMAN, 15)  # row 3: barricades go to row 4
    set_pos(g, RHOM, 16)
    put(g, 22, "amethyst", bonus="coins")  # its only adjacent tile
    for h, gem in ((18, "citrine"), (24, "emerald"), (29, "sapphire"), (30, "citrine")):
        put(g, h, gem, bonus="coins", up=False)
    empty(g, 17, 23)
    stack_rhom_deck(g, *vane_cards("barricade", "left"))
    script_dice(g, 3)  # row 4 from the left: 20 (empty), 21, 22 -> 22
    events = rhom_turn(g)
    order = [e.kind for e in rhom_events(events)]
    assert order[:7] == [
        "turn", "rhom_card", "rhom_dice", "rhom_barricade", "blocked", "tile_discarded", "placed",
    ]  # fmt: skip
    assert data(events, "rhom_barricade")["hex"] == 22
    assert data(events, "tile_discarded") == {"tile": first}
    assert data(events, "placed") == {"hex": 23}  # 15 holds the human; 17 and 23: leftmost
    assert data(events, "move")["to"] in (24, 29, 30)
    check(g)


def test_d25_blocked_placement_ties_use_the_column() -> None:
    g = solo()
    s = g.state
    stack_rhom_deck(g, rhom_card("2x", "left"))
    assert automa._by_vane(s, [17, 23, 15], {15: 4, 17: 8, 23: 7}) == 15
    stack_rhom_deck(g, rhom_card("2x", "right"))
    assert automa._by_vane(s, [17, 23, 15], {15: 4, 17: 8, 23: 7}) == 17


# ---------------------------------------------------------------- restoring at once (8.7)


def test_rhom_restores_the_highest_value_relic_first() -> None:
    g = solo()
    s = g.state
    set_relic_row(g, 13, 5, 1, 9, 10)  # 7, 6, 5, 5, 5 points
    set_relic_deck_top(g, 14)  # 2A 2E: not restorable
    set_cargo(g, RHOM, (1, 1, 0, 2))
    around(g, 3, {L: None, FL: "citrine", FR: None, R: None})
    stack_rhom_deck(g, *vane_cards("2x", "left"))
    events = rhom_turn(g)
    # It could restore 13 (7), or 5 and 10 (11): it restores the highest value first, 13,
    # after which neither 5 nor 10 is affordable.
    assert kinds(events, "restore") == [{"relic": 13, "points": 7, "reserved": False}]
    assert s.players[RHOM].relics == (13,) and s.players[RHOM].cargo == [1, 1, 0, 0]
    assert s.relic_row == (14, 5, 1, 9, 10)
    check(g)


def test_rhom_restores_as_many_as_it_can_including_the_new_relic() -> None:
    g = solo()
    s = g.state
    set_relic_row(g, 19, 14, 13, 9, 15)
    set_relic_deck_top(g, 6, 20)  # 6 (1A 1C 1E) is dealt in 19's place, then 20
    set_cargo(g, RHOM, (2, 1, 1, 1))
    around(g, 3, {L: None, FL: "citrine", FR: None, R: None})
    stack_rhom_deck(g, *vane_cards("2x", "left"))
    events = rhom_turn(g)
    assert [e["relic"] for e in kinds(events, "restore")] == [19, 6]
    assert [e["relic"] for e in kinds(events, "relic_dealt")] == [6, 20]
    assert s.players[RHOM].cargo == [0, 0, 0, 0] and s.players[RHOM].relic_points == 15
    check(g)


@pytest.mark.parametrize(("vane", "relic"), [("left", 5), ("right", 8)])
def test_rhom_restore_ties_by_weathervane(vane: str, relic: int) -> None:
    g = solo()
    set_relic_row(g, 5, 14, 8, 12, 9)  # 5 and 8: 6 points each, one affordable at a time
    set_relic_deck_top(g, 20)
    set_cargo(g, RHOM, (1, 1, 1, 0))
    around(g, 3, {L: None, FL: "sapphire", FR: None, R: None})
    stack_rhom_deck(g, *vane_cards("2x", vane))
    events = rhom_turn(g)
    assert [e["relic"] for e in kinds(events, "restore")] == [relic]
    check(g)


def test_rhom_never_restores_a_relic_reserved_by_a_player() -> None:
    g = solo()
    s = g.state
    set_relic_row(g, 14, 12, 1, 9, 3)  # each needs 2 Amethyst or 2 Emerald
    s.relic_deck = without(s.relic_deck, 23)
    s.players[HUMAN].reserved = 23  # under the human's Regal Reference Book
    s.item_deck.remove(item("book"))
    set_cargo(g, RHOM, (1, 1, 1, 0))
    around(g, 3, {L: None, FL: "sapphire", FR: None, R: None})  # then it holds 1, 1, 1, 1
    stack_rhom_deck(g, *vane_cards("2x", "left"))
    events = rhom_turn(g)
    assert kinds(events, "restore") == [] and s.players[HUMAN].reserved == 23
    assert s.players[RHOM].cargo == [1, 1, 1, 2]
    check(g)


# ---------------------------------------------------------------- gems given to the Rhom (R17)


@pytest.mark.parametrize(
    ("rhom_cargo", "offered"), [(6, "give amethyst 2"), (7, "return amethyst")]
)
def test_r17_the_human_gives_excess_gems_to_the_rhom_while_it_has_room(
    rhom_cargo: int, offered: str
) -> None:
    g = solo()
    s = g.state
    set_cargo(g, RHOM, (0, rhom_cargo, 0, 0))
    set_cargo(g, HUMAN, (3, 0, 2, 2))
    put(g, 4, "amethyst")
    act(g, "move 4")
    kind = "give {} 2" if rhom_cargo == 6 else "return {}"
    assert decision(g) == "cargo limit"
    assert legal(g) == {kind.format(c) for c in ("amethyst", "emerald", "sapphire")}
    events = act(g, offered)
    if rhom_cargo == 6:
        assert kinds(events, "give") == [{"colour": "amethyst", "to": RHOM}]
        assert s.players[RHOM].cargo == [1, 6, 0, 0]
    else:
        assert s.players[RHOM].cargo == [0, 7, 0, 0]
    assert s.players[HUMAN].cargo == [3, 0, 2, 2]


def test_d32_variant_barricade_ignored_when_the_next_human_has_reached_the_castle() -> None:
    g = Game.new(2, 0, Options(rhom=True))
    s = g.state
    first = s.players[0]
    first.pos, first.finished, first.token = IN_CASTLE, True, take_token(s)
    set_pos(g, 1, 16)  # the other human is on the board: its row does not count
    rhom = s.rhom
    set_pos(g, rhom, 3)
    put(g, FL, "amethyst")
    empty(g, L, FR, R)
    stack_rhom_deck(g, *vane_cards("barricade", "left"))
    events = begin_turn(g, rhom)  # strict dice: none may be rolled
    assert kinds(events, "rhom_barricade") == [{"hex": None, "reason": "ignored"}]
    assert sum(s.barricade) == 0
    check(g)


def test_d31_rhom_with_no_tile_to_reach_ends_its_turn_where_it_stands() -> None:
    # A guard, not reached in play: no open tile anywhere ahead of the blocked Rhom.
    g = solo()
    s = g.state
    set_pos(g, RHOM, 16)
    empty_rows(g, 3, 4, 5, 6, 7, 8, 9)
    stack_rhom_deck(g, rhom_card("2x", "left"))
    s.current = RHOM
    s.events = []
    turn.play_rhom_turn(s)
    assert [e.kind for e in s.events if e.player == RHOM][:2] == ["blocked", "tile_discarded"]
    assert kinds(s.events, "rhom_stuck") == [{"at": 16}] and kinds(s.events, "collect") == []
    assert s.players[RHOM].pos == 16 and s.current == HUMAN
