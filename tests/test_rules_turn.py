"""Table-driven rules tests of setup and the turn (spec sections 2 and 3).

Each test builds an exact situation with ``rules_helpers`` and plays real actions through
``Game.apply``. Names carry the spec's ruling number where there is one (``test_r9_...``);
``D`` numbers are our own rulings (``docs/rulings.md``).
"""

from __future__ import annotations

from collections import Counter

import pytest

from iridescia.games.iridescia import steps
from iridescia.games.iridescia.board import ADJACENT, ALL_SIX, HEXES, REGION_OF_HEX, ROW_HEXES
from iridescia.games.iridescia.data import (
    CATAPULT,
    EMPTY_HEXES_SMALL,
    RAINBOW,
    SWAPPING,
    TILE_BY_ID,
)
from iridescia.games.iridescia.game import Game
from iridescia.games.iridescia.params import RulesParams
from iridescia.games.iridescia.state import ACTIONS_PHASE, IN_CASTLE, Options
from rules_helpers import (
    CITRINE,
    EMERALD,
    SAPPHIRE,
    act,
    barricade,
    begin_turn,
    check,
    decision,
    deck_to_discard,
    dice_left,
    empty,
    end_actions,
    give_items,
    give_relics,
    give_stone_dice,
    give_tiles,
    item,
    kinds,
    legal,
    new_game,
    pick_tile,
    put,
    put_tile,
    script_dice,
    set_cargo,
    set_coins,
    set_item_market,
    set_market,
    set_objectives,
    set_pos,
    set_relic_deck_top,
    set_relic_row,
    stack_item_deck,
    stand_on,
    take_token,
    tiles_of,
)

# ================================================================= setup (spec 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_tiles_dealt_face_down_by_region(players: int) -> None:
    s = new_game(players, seed=11).state
    on_board = [s.tile_at[h] for h in HEXES if s.tile_at[h]]
    assert len(on_board) == (42 if players == 2 else 58)
    assert not any(s.face_up)
    for h in HEXES:
        if players == 2 and h in EMPTY_HEXES_SMALL:
            assert s.tile_at[h] == 0, f"hex {h} must stay empty with 2 explorers"
        else:
            assert TILE_BY_ID[s.tile_at[h]].region == REGION_OF_HEX[h]
    assert sorted(s.tile_at[h] for h in ROW_HEXES[9]) == [53, 54, 55, 56, 57, 58]


@pytest.mark.parametrize("seed", range(6))
def test_r2_two_players_thin_one_tile_of_each_colour_per_region(seed: int) -> None:
    s = new_game(2, seed=seed).state
    assert len(s.thinned) == 16
    thinned = [TILE_BY_ID[t] for t in s.thinned]
    for region in range(4):  # Desert, Canyon, Forest, Ruins; never the Castle
        gems = sorted(t.gem for t in thinned if t.region == region)
        assert gems == [0, 1, 2, 3], f"region {region} thinned {gems}"
    assert all(t.gem < RAINBOW for t in thinned), "the rainbow is never thinned"
    for region, rows in {0: (1, 2), 1: (3, 4), 2: (5, 6), 3: (7, 8)}.items():
        left = [s.tile_at[h] for r in rows for h in ROW_HEXES[r] if s.tile_at[h]]
        colours = Counter(TILE_BY_ID[t].gem for t in left)
        assert colours == {0: 2, 1: 2, 2: 2, 3: 2, RAINBOW: 1}, f"region {region}: {colours}"


def test_r2_thinning_is_random_per_seed() -> None:
    assert len({tuple(sorted(new_game(2, seed=k).state.thinned)) for k in range(8)}) > 1


@pytest.mark.parametrize(("players", "cards"), [(2, 30), (3, 36), (4, 36)])
def test_setup_item_deck_and_market(players: int, cards: int) -> None:
    for seed in range(20):
        s = new_game(players, seed=seed).state
        everything = s.item_deck + s.item_market + list(s.item_discard)
        assert len(everything) == cards
        if players == 2:
            assert SWAPPING not in everything and CATAPULT not in everything
        assert len(s.item_market) == 5 and -1 not in s.item_market
        counts = Counter(s.item_market).values()
        assert max(counts) < 3 and sum(1 for c in counts if c == 2) < 2, "refresh check"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_players_market_dice_relics_supply(players: int) -> None:
    s = new_game(players, seed=3).state
    assert s.market == [2, 2, 2, 2]
    assert s.supply == [16, 16, 16, 16]
    assert s.stone_supply == 4
    assert len(s.relic_row) == 5 and len(s.relic_deck) == 19
    held = []
    for p in s.players:
        assert p.coins == 5 and p.cargo == [0, 0, 0, 0] and p.stone_idle == 0
        assert len(p.objectives) == 2 and p.items == () and p.pos == 0
        held += p.objectives
    assert len(set(held)) == 2 * players
    assert len(s.objective_deck) == 15 - 2 * players


@pytest.mark.parametrize(
    ("players", "tokens"),
    [(2, ["scepter"]), (3, ["throne", "banner"]), (4, ["throne", "scepter", "banner"])],
)
def test_r3_royalty_tokens_by_number_of_explorers(players: int, tokens: list[str]) -> None:
    assert new_game(players).state.tokens_left == tuple(tokens)


def test_r4_first_player_drawn_from_the_seed_unless_fixed() -> None:
    firsts = {Game.new(3, seed).state.current for seed in range(40)}
    assert firsts == {0, 1, 2}
    assert all(Game.new(4, k).state.current == Game.new(4, k).state.current for k in range(10))
    for seat in range(4):
        assert Game.new(4, 5, Options(first_player=seat)).state.current == seat


def test_setup_fourth_player_catapult_option_d22_four_players_only() -> None:
    for first in range(4):
        s = Game.new(4, 9, Options(catapult_for_fourth=True, first_player=first)).state
        fourth = (first + 3) % 4
        assert s.players[fourth].items == (CATAPULT,)
        assert all(p.items == () for p in s.players if p.seat != fourth)
        assert (s.item_deck + s.item_market).count(CATAPULT) == 2  # taken from the deck
        check_total = len(s.item_deck) + len(s.item_market) + 1
        assert check_total == 36
    assert all(p.items == () for p in Game.new(4, 9).state.players)
    with pytest.raises(ValueError):
        Game.new(3, 9, Options(catapult_for_fourth=True))


@pytest.mark.parametrize("players", [0, 5])
def test_d22_setup_refuses_unsupported_player_counts(players: int) -> None:
    with pytest.raises(ValueError):
        Game.new(players, 0)


def test_d22_one_player_means_solo_against_the_rhom() -> None:
    g = Game.new(1, 0)
    assert g.num_players == 2 and g.rhom_seat == 1 and g.state.options.rhom


# ================================================================= board geometry (spec 1.2)


@pytest.mark.parametrize(
    ("hex_id", "side", "forward", "behind"),
    [
        (8, (7, 9), (14, 15), (1, 2)),
        (7, (8,), (14,), (1,)),
        (13, (12,), (19,), (6,)),
        (53, (54,), (), (46, 47)),
        (1, (2,), (7, 8), ()),
        (16, (15, 17), (22, 23), (9, 10)),
    ],
)
def test_board_neighbours_side_forward_behind(
    hex_id: int, side: tuple[int, ...], forward: tuple[int, ...], behind: tuple[int, ...]
) -> None:
    assert set(ADJACENT[hex_id]) == set(side) | set(forward), "reveal/move: never behind"
    assert set(ALL_SIX[hex_id]) == set(side) | set(forward) | set(behind), "Pickaxe (R20)"


def test_r5_off_the_board_every_row1_hex_is_adjacent() -> None:
    assert ADJACENT[0] == (1, 2, 3, 4, 5, 6)


@pytest.mark.parametrize(
    ("region", "bonus", "amount"),
    [
        ("canyon", "coins", 1),
        ("canyon", "points", 1),
        ("forest", "coins", 2),
        ("forest", "points", 2),
        ("ruins", "coins", 3),
        ("ruins", "points", 3),
        ("castle", "points", 5),
    ],
)
def test_tile_bonus_amounts_by_region(region: str, bonus: str, amount: int) -> None:
    ids = [t for gem in ("amethyst", "citrine", "emerald", "sapphire") for t in
           tiles_of(gem, region, bonus)]  # fmt: skip
    assert len(ids) == 4 and all(TILE_BY_ID[t].amount == amount for t in ids)


# ================================================================= reveal (3.2)


def test_r5_first_turn_any_face_down_row1_tile_may_be_revealed() -> None:
    g = new_game(3)
    assert legal(g) == {f"reveal {h}" for h in range(1, 7)}
    act(g, "reveal 1")
    assert legal(g) == {"move 1"} | {f"reveal {h}" for h in range(2, 7)}
    act(g, "reveal 6")  # not adjacent to hex 1: fine from off the board
    assert legal(g) == {"move 1", "move 6"}
    act(g, "move 6")
    assert g.state.players[0].pos == 6 and decision(g) == "actions"


def test_r5_first_turn_row1_tile_revealed_by_another_player_can_be_entered() -> None:
    g = new_game(3)
    act(g, "reveal 2", "reveal 3", "move 2")
    end_actions(g)
    assert g.state.current == 1
    assert "move 3" in legal(g) and "reveal 4" in legal(g)  # revealing is optional now (R6)
    act(g, "move 3")
    assert g.state.players[1].pos == 3


def test_r6_reveal_required_without_a_face_up_neighbour() -> None:
    g = new_game(2)
    begin_turn(g, 0, at=9)
    assert legal(g) == {"reveal 8", "reveal 10", "reveal 15", "reveal 16"}


def test_r6_reveal_optional_with_a_face_up_neighbour() -> None:
    g = new_game(2)
    put(g, 15, "emerald", up=True)
    begin_turn(g, 0, at=9)
    assert legal(g) == {"move 15", "reveal 8", "reveal 10", "reveal 16"}
    act(g, "move 15")
    assert decision(g) == "actions"


def test_reveal_at_most_two_tiles_one_at_a_time() -> None:
    g = new_game(2)
    begin_turn(g, 0, at=9)
    act(g, "reveal 8")
    assert legal(g) == {"move 8", "reveal 10", "reveal 15", "reveal 16"}
    act(g, "reveal 16")
    assert legal(g) == {"move 8", "move 16"}
    assert g.state.reveals == 2


def test_revealed_tiles_stay_face_up_after_the_turn() -> None:
    g = new_game(2)
    begin_turn(g, 0, at=9)
    act(g, "reveal 8", "reveal 16", "move 16")
    end_actions(g)
    s = g.state
    assert s.face_up[8] and s.tile_at[8]
    assert s.tile_at[16] == 0  # collected


def test_reveal_never_behind_and_never_a_barricaded_tile() -> None:
    g = new_game(2)
    s = g.state
    put(g, 2, "amethyst", up=False)
    put(g, 3, "citrine", up=False)
    barricade(s, 15)
    begin_turn(g, 0, at=9)
    assert legal(g) == {"reveal 8", "reveal 10", "reveal 16"}
    s.face_up[15] = True  # a face-up barricaded tile cannot be entered either
    assert "move 15" not in legal(g)


def test_d2_reveal_cap_never_leaves_an_explorer_without_a_move() -> None:
    g = new_game(2)
    begin_turn(g, 0, at=9)
    g.state.reveals = 2  # a state normal play never reaches: two reveals and no move
    assert legal(g) == {"reveal 8", "reveal 10", "reveal 15", "reveal 16"}
    act(g, "reveal 10")
    assert legal(g) == {"move 10"}


# ================================================================= move (3.3)


def test_move_only_side_or_forward_and_mandatory() -> None:
    g = new_game(2)
    for h, gem in ((2, "amethyst"), (3, "citrine"), (8, "emerald"), (10, "sapphire")):
        put(g, h, gem, up=True)
    for h in (15, 16):
        put(g, h, "sapphire", up=True)
    begin_turn(g, 0, at=9)
    assert legal(g) == {"move 8", "move 10", "move 15", "move 16"}  # never behind (2, 3)
    assert "end" not in legal(g)


def test_move_onto_a_tile_revealed_by_another_player() -> None:
    g = new_game(2)
    put(g, 16, "amethyst", up=False)
    put(g, 17, "citrine", up=False)
    begin_turn(g, 1, at=10)
    act(g, "reveal 16", "reveal 17", "move 17")
    end_actions(g)
    begin_turn(g, 0, at=9)
    assert "move 16" in legal(g)
    act(g, "move 16")
    assert g.state.players[0].pos == 16


# ================================================================= blocked explorer (R9)


def _blocked_at_9(players: int = 3) -> Game:
    g = new_game(players)
    empty(g, 8, 10, 15, 16)  # every side/forward neighbour of hex 9 is an empty hex
    return g


def test_r9_blocked_explorer_discards_a_tile_then_places_on_closest_empty_hex() -> None:
    g = _blocked_at_9()
    s = g.state
    t1, t2 = tiles_of("emerald", "desert")[:2]
    give_tiles(g, 0, t1, t2)
    market = list(s.market)
    events = begin_turn(g, 0, at=9)
    assert kinds(events, "blocked") == [{"at": 9}]
    assert decision(g) == "blocked: discard"
    assert legal(g) == {f"discard tile {t1}", f"discard tile {t2}"}
    act(g, f"discard tile {t1}")
    assert s.players[0].tiles == (t2,) and t1 in s.removed
    assert s.market == market, "a discard never moves the market"
    assert decision(g) == "blocked: place"
    # Ties: all four neighbours are empty hexes with a tile next to them.
    assert legal(g) == {"place 8", "place 10", "place 15", "place 16"}
    act(g, "place 15")
    assert s.players[0].pos == 15 and decision(g) == "reveal"
    assert legal(g) == {"reveal 14", "reveal 21", "reveal 22"}  # the turn restarts at Reveal


def test_r9_blocked_without_tiles_skips_the_discard() -> None:
    g = _blocked_at_9()
    begin_turn(g, 0, at=9)
    assert decision(g) == "blocked: place"


def test_r9_closest_empty_hex_excludes_hexes_with_explorers() -> None:
    g = _blocked_at_9()
    set_pos(g, 1, 10)
    begin_turn(g, 0, at=9)
    assert legal(g) == {"place 8", "place 15", "place 16"}


def test_r9_closest_empty_hex_is_the_first_distance_with_a_candidate() -> None:
    g = _blocked_at_9()
    # Distance 1 (8, 10, 15, 16) has no tile next to it any more...
    empty(g, 7, 14, 21, 22, 11, 17, 23)
    begin_turn(g, 0, at=9)
    # ...so the choice set is distance 2, minus hex 7 whose neighbours (8, 14) hold no tile.
    assert legal(g) == {f"place {h}" for h in (11, 14, 17, 21, 22, 23)}


def test_r9_restart_counts_reveals_already_made() -> None:
    g = _blocked_at_9()
    begin_turn(g, 0, at=9)
    g.state.reveals = 1  # one reveal already made this turn
    act(g, "place 15", "reveal 21")
    assert legal(g) == {"move 21"}


def test_d3_blocked_search_relaxes_free_when_explorers_hold_every_candidate() -> None:
    g = new_game(4)
    s = g.state
    empty(g, *(h for h in HEXES if h != 53))  # the whole board but hex 53
    set_pos(g, 1, 46)
    set_pos(g, 2, 47)
    set_pos(g, 3, 54)
    begin_turn(g, 0, at=40)
    assert legal(g) == {"place 46", "place 47"}
    act(g, "place 47")
    assert s.players[0].pos == s.players[2].pos == 47
    assert legal(g) == {"reveal 53"}


def test_d1_a_barricaded_tile_does_not_count_as_an_adjacent_tile() -> None:
    g = _blocked_at_9()
    s = g.state
    put(g, 16, "emerald", up=False)
    barricade(s, 16)
    begin_turn(g, 0, at=9)
    assert decision(g) == "blocked: place", "only a barricaded tile next to it: blocked"
    assert "place 15" in legal(g) and "place 10" in legal(g)


def test_r10_d10_start_item_when_blocked_replaces_the_discard_and_placement() -> None:
    g = _blocked_at_9()
    s = g.state
    t1 = tiles_of("citrine", "desert")[0]
    give_tiles(g, 0, t1)
    give_items(g, 0, "catapult")
    begin_turn(g, 0, at=9)
    assert legal(g) == {f"discard tile {t1}", "play catapult"}
    act(g, "play catapult")
    assert legal(g) == {"land 7", "land 11", "land 21", "land 23"}
    act(g, "land 21")
    assert s.players[0].tiles == (t1,), "no discard when the catapult resolves the block"
    assert s.players[0].pos == 21 and s.reveals == 1


def test_r10_start_items_offered_at_every_blocked_decision_before_the_first_reveal() -> None:
    g = _blocked_at_9()
    t1, t2 = tiles_of("citrine", "desert")[:2]
    give_tiles(g, 0, t1, t2)
    give_items(g, 0, "catapult", "elixir")
    begin_turn(g, 0, at=9)
    act(g, f"discard tile {t1}")
    assert decision(g) == "blocked: place"
    assert {"play catapult", "play elixir"} <= legal(g), "a discard is not a reveal"
    act(g, "play catapult", "land 11")
    assert g.state.players[0].tiles == (t2,) and g.state.players[0].pos == 11


# ================================================================= arrival (3.3)


def test_r12_objective_discard_on_reaching_the_forest_before_bonus_and_gem() -> None:
    g = new_game(2)
    s = g.state
    tid = put(g, 28, "emerald", "forest", "coins", up=True)
    set_objectives(g, 0, 4, 9)
    begin_turn(g, 0, at=22)
    act(g, "move 28")
    assert decision(g) == "objective"
    assert s.players[0].coins == 5 and s.players[0].cargo == [0, 0, 0, 0], "nothing yet"
    assert legal(g) == {"discard objective 4", "discard objective 9"}
    act(g, "discard objective 9")
    p = s.players[0]
    assert p.objectives == (4,) and p.discarded_objective == 9
    assert p.coins == 5 + TILE_BY_ID[tid].amount and p.cargo == [0, 0, 1, 0]


@pytest.mark.parametrize(
    ("region", "hex_from", "hex_to", "discard"),
    [("canyon", 16, 22, False), ("forest", 22, 28, True), ("ruins", 35, 41, True)],
)
def test_r12_objective_discard_only_from_the_forest_up(
    region: str, hex_from: int, hex_to: int, discard: bool
) -> None:
    g = new_game(3)
    put(g, hex_to, "amethyst", region, up=True)
    begin_turn(g, 0, at=hex_from)
    act(g, f"move {hex_to}")
    assert (decision(g) == "objective") is discard


def test_r12_no_discard_when_holding_one_objective() -> None:
    g = new_game(2)
    put(g, 28, "citrine", "forest", up=True)
    set_objectives(g, 0, 5)
    begin_turn(g, 0, at=22)
    act(g, "move 28")
    assert decision(g) == "actions" and g.state.players[0].objectives == (5,)


@pytest.mark.parametrize(
    ("region", "bonus", "coins", "points", "stone"),
    [
        ("canyon", "coins", 6, 0, 0),
        ("forest", "coins", 7, 0, 0),
        ("canyon", "points", 5, 1, 0),
        ("ruins", "points", 5, 3, 0),
        ("canyon", "stone_die", 5, 0, 1),
        ("desert", None, 5, 0, 0),
    ],
)
def test_arrival_tile_bonus(
    region: str, bonus: str | None, coins: int, points: int, stone: int
) -> None:
    g = new_game(2)
    set_objectives(g, 0, 1)
    put(g, 22, "sapphire", region, bonus, up=True)
    begin_turn(g, 0, at=16)
    act(g, "move 22")
    p = g.state.players[0]
    assert (p.coins, p.tile_bonus_points, p.stone_idle) == (coins, points, stone)
    assert p.cargo == [0, 0, 0, 1]
    assert g.state.stone_supply == 4 - stone


def test_arrival_stone_die_bonus_with_none_left_gives_nothing() -> None:
    g = new_game(2)
    give_stone_dice(g, 1, 4)
    put(g, 22, "emerald", "canyon", "stone_die", up=True)
    begin_turn(g, 0, at=16)
    events = act(g, "move 22")
    assert g.state.players[0].stone_idle == 0
    assert kinds(events, "stone_die") == [{"got": False}]
    assert g.state.players[0].cargo == [0, 0, 1, 0]


def test_arrival_rainbow_colour_choice_is_the_mined_colour_and_market_unchanged() -> None:
    g = new_game(2)
    s = g.state
    put(g, 22, "rainbow", "canyon", up=True)
    set_market(g, 2, 3, 4, 5)
    begin_turn(g, 0, at=16)
    act(g, "move 22")
    assert decision(g) == "tile colour"
    assert legal(g) == {"colour amethyst", "colour citrine", "colour emerald", "colour sapphire"}
    act(g, "colour sapphire")
    assert s.players[0].cargo == [0, 0, 0, 1]
    script_dice(g, 5, 4)  # sapphire at 5: one success
    act(g, "mine 0")
    assert s.players[0].cargo == [0, 0, 0, 2]
    end_actions(g)
    assert s.market == [2, 3, 4, 5], "a rainbow tile changes nothing"


def test_arrival_iridia_tile_gives_the_stone_then_a_colour() -> None:
    g = new_game(2)
    s = g.state
    put_tile(g, 53, 57, up=True)
    set_objectives(g, 0, 3)
    begin_turn(g, 0, at=46)
    events = act(g, "move 53")
    assert s.players[0].iridia_stone
    assert kinds(events, "iridia_stone") == [{"points": 10}]
    assert decision(g) == "tile colour"
    act(g, "colour citrine")
    assert s.players[0].cargo == [0, 1, 0, 0]
    end_actions(g)
    assert s.market == [2, 2, 2, 2], "the Iridia tile changes no market die"
    assert s.players[0].finished and s.players[0].tiles == (57,)


def test_arrival_castle_rainbow_tile_gives_five_points_and_a_colour() -> None:
    g = new_game(2)
    put_tile(g, 54, 58, up=True)
    set_objectives(g, 0, 3)
    begin_turn(g, 0, at=47)
    act(g, "move 54", "colour emerald")
    p = g.state.players[0]
    assert p.tile_bonus_points == 5 and p.cargo == [0, 0, 1, 0] and not p.iridia_stone


# ================================================================= cargo limit (R17)


def test_r17_overflow_give_to_chosen_players_with_room() -> None:
    g = new_game(3)
    s = g.state
    set_cargo(g, 0, [3, 2, 1, 1])
    set_cargo(g, 1, [0, 0, 7, 0])  # full: no room
    set_cargo(g, 2, [1, 0, 0, 0])
    put(g, 15, "emerald", up=True)
    begin_turn(g, 0, at=9)
    act(g, "move 15")
    assert decision(g) == "cargo limit"
    # Any held gem (old or new) to any other player with room (seat 3 in 1-based texts).
    assert legal(g) == {"give amethyst 3", "give citrine 3", "give emerald 3", "give sapphire 3"}
    act(g, "give citrine 3")
    assert s.players[0].cargo == [3, 1, 2, 1] and s.players[2].cargo == [1, 1, 0, 0]
    assert decision(g) == "actions"


def test_r17_overflow_offers_every_player_with_room() -> None:
    g = new_game(3)
    set_cargo(g, 0, [7, 0, 0, 0])
    put(g, 15, "sapphire", up=True)
    begin_turn(g, 0, at=9)
    act(g, "move 15")
    assert legal(g) == {
        "give amethyst 2", "give amethyst 3", "give sapphire 2", "give sapphire 3",
    }  # fmt: skip


def test_r17_excess_returns_to_supply_only_when_nobody_has_room() -> None:
    g = new_game(2)
    s = g.state
    set_cargo(g, 0, [0, 4, 3, 0])
    set_cargo(g, 1, [7, 0, 0, 0])
    put(g, 15, "sapphire", up=True)
    begin_turn(g, 0, at=9)
    act(g, "move 15")  # gains are never refused: 8 gems, then the limit
    assert legal(g) == {"return citrine", "return emerald", "return sapphire"}
    act(g, "return citrine")
    assert s.players[0].cargo == [0, 3, 3, 1] and s.supply[CITRINE] == 16 - 3


def test_r17_d19_players_in_the_castle_can_still_receive_gems() -> None:
    g = new_game(2)
    s = g.state
    p1 = s.players[1]
    p1.pos, p1.finished, p1.token = IN_CASTLE, True, take_token(s)
    set_cargo(g, 0, [7, 0, 0, 0])
    put(g, 15, "sapphire", up=True)
    begin_turn(g, 0, at=9)
    act(g, "move 15")
    assert legal(g) == {"give amethyst 2", "give sapphire 2"}


def test_r17_several_gems_over_are_given_one_at_a_time_until_seven() -> None:
    g = new_game(2)
    s = g.state
    stand_on(g, 0, 15, pick_tile(g, "emerald", "desert"))
    set_cargo(g, 0, [0, 0, 6, 0])
    set_market(g, 2, 2, 2, 2)
    script_dice(g, 5, 6)
    act(g, "mine 0")  # 8 gems
    assert decision(g) == "cargo limit"
    act(g, "give emerald 2")
    assert decision(g) == "actions" and s.players[0].cargo == [0, 0, 7, 0]
    set_coins(g, 0, 3)
    script_dice(g, 5, 6)
    act(g, "mine 0")  # 9 gems
    act(g, "give emerald 2")
    assert decision(g) == "cargo limit"
    act(g, "give emerald 2")
    assert decision(g) == "actions"
    assert s.players[1].cargo == [0, 0, 3, 0]


# ================================================================= mining (3.4, R13, R1)


@pytest.mark.parametrize(
    ("market", "faces", "gems"),
    [(3, (2, 4), 1), (3, (3, 3), 2), (4, (1, 3), 0), (6, (6, 5), 1), (1, (1, 1), 2)],
)
def test_mining_one_gem_per_die_at_or_above_the_market(
    market: int, faces: tuple[int, int], gems: int
) -> None:
    g = new_game(2)
    stand_on(g, 0, 15, pick_tile(g, "citrine", "desert"))
    set_market(g, 2, market, 2, 2)
    script_dice(g, *faces)
    events = act(g, "mine 0")
    p = g.state.players[0]
    assert p.coins == 2 and p.cargo == [0, gems, 0, 0]
    assert kinds(events, "mine")[0]["successes"] == gems


def test_mining_needs_three_coins_per_attempt() -> None:
    g = new_game(2)
    stand_on(g, 0, 15, pick_tile(g, "citrine", "desert"))
    set_coins(g, 0, 2)
    assert not any(a.startswith("mine") for a in legal(g))
    set_coins(g, 0, 6)
    script_dice(g, 1, 1, 1, 1)
    act(g, "mine 0", "mine 0")
    assert g.state.players[0].coins == 0
    assert not any(a.startswith("mine") for a in legal(g))


def test_r13_stone_dice_activated_stay_for_the_turn_and_return_unused_ones_kept() -> None:
    g = new_game(2)
    s = g.state
    give_stone_dice(g, 0, 2)
    stand_on(g, 0, 15, pick_tile(g, "emerald", "desert"))
    set_coins(g, 0, 9)
    set_market(g, 2, 2, 6, 2)
    assert {"mine 0", "mine 1", "mine 2"} <= legal(g)
    script_dice(g, 1, 1, 6)
    act(g, "mine 1")  # 2 mining dice + 1 stone die
    assert (s.active_stone, s.players[0].stone_idle) == (1, 1)
    script_dice(g, 6, 1, 6)
    act(g, "mine 0")  # the activated stone die is rolled again
    assert s.players[0].cargo == [0, 0, 3, 0]
    assert "mine 1" in legal(g) and "mine 2" not in legal(g)
    end_actions(g)
    assert s.stone_supply == 2 + 1, "the activated die went back to the supply"
    assert s.players[0].stone_idle == 1, "the idle die stays for later turns"


def test_r1_gain_capped_at_the_supply_and_shortfall_logged() -> None:
    g = new_game(4)
    s = g.state
    for seat in (1, 2, 3):
        set_cargo(g, seat, [0, 0, 0, 5])
    stand_on(g, 0, 15, pick_tile(g, "sapphire", "desert"))
    assert s.supply[SAPPHIRE] == 1
    script_dice(g, 6, 6)
    events = act(g, "mine 0")
    assert s.players[0].cargo == [0, 0, 0, 1] and s.supply[SAPPHIRE] == 0
    assert kinds(events, "supply_short") == [{"colour": "sapphire", "missing": 1}]


def test_r1_unlimited_supply_parameter() -> None:
    g = new_game(2, params=RulesParams(unlimited_gem_supply=True))
    stand_on(g, 0, 15, pick_tile(g, "sapphire", "desert"))
    script_dice(g, 6, 6)
    act(g, "mine 0")
    assert g.state.players[0].cargo == [0, 0, 0, 2] and g.state.supply == [16] * 4


# ================================================================= buying (3.4, R14, R15)


def _shop(players: int = 2) -> Game:
    g = new_game(players)
    stand_on(g, 0, 15, pick_tile(g, "emerald", "desert"))
    set_coins(g, 0, 20)
    set_item_market(g, "axe", "cart", "well", "libation", "jackhammer")
    return g


def test_buy_once_per_turn_and_refill_from_the_deck_top() -> None:
    g = _shop()
    s = g.state
    stack_item_deck(g, "dynamite")
    assert {f"buy {k}" for k in range(1, 6)} <= legal(g)
    events = act(g, "buy 2")
    assert s.players[0].items == (item("cart"),) and s.players[0].coins == 16
    assert s.item_market[1] == item("dynamite"), "refilled at once, in the same slot"
    assert kinds(events, "buy")[0]["cost"] == 4
    assert not any(a.startswith("buy") for a in legal(g)), "one purchase per turn"


def test_buy_needs_the_coins() -> None:
    g = _shop()
    set_coins(g, 0, 3)
    assert {a for a in legal(g) if a.startswith("buy")} == {"buy 1", "buy 4", "buy 5"}


def test_r14_never_two_cards_of_a_kind_in_hand() -> None:
    g = _shop()
    give_items(g, 0, "cart")
    assert "buy 2" not in legal(g)
    assert "buy 1" in legal(g)


def test_r15_empty_merchant_deck_is_rebuilt_from_the_shuffled_discard() -> None:
    g = _shop()
    s = g.state
    deck_to_discard(g)
    assert s.item_deck == []
    n = len(s.item_discard)
    events = act(g, "buy 1")
    assert kinds(events, "item_reshuffle") == [{"cards": n}]
    assert s.item_market[0] >= 0 and s.item_discard == () and len(s.item_deck) == n - 1


def test_r15_slot_stays_empty_when_deck_and_discard_are_empty() -> None:
    g = new_game(4)
    s = g.state
    # Hand every card of the deck out (no two of a kind in a hand): deck and discard empty.
    while s.item_deck:
        kind = s.item_deck.pop()
        seat = next(p.seat for p in s.players[1:] if kind not in p.items)
        s.players[seat].items += (kind,)
    stand_on(g, 0, 15, pick_tile(g, "emerald", "desert"))
    set_coins(g, 0, 20)
    act(g, "buy 1")
    assert s.item_market[0] == -1


def test_d15_empty_market_slot_is_filled_by_the_next_refill() -> None:
    g = new_game(4)
    s = g.state
    while s.item_deck:
        kind = s.item_deck.pop()
        seat = next(p.seat for p in s.players[1:] if kind not in p.items)
        s.players[seat].items += (kind,)
    stand_on(g, 0, 15, pick_tile(g, "emerald", "desert"))
    set_coins(g, 0, 20)
    act(g, "buy 1")
    assert s.item_market[0] == -1
    end_actions(g)
    card = s.players[1].items[-1]
    s.players[1].items = s.players[1].items[:-1]
    s.item_discard += (card,)  # as if seat 2 had played it
    stand_on(g, 1, 16, pick_tile(g, "citrine", "desert"))
    set_coins(g, 1, 20)
    buy = next(a for a in sorted(legal(g)) if a.startswith("buy"))
    act(g, buy)
    slot = int(buy.split()[1]) - 1
    assert s.item_market[0] == card and s.item_market[slot] == -1


@pytest.mark.parametrize(
    ("market", "top"),
    [
        (("axe", "axe", "cart", "well", "libation"), "cart"),  # two pairs
        (("axe", "axe", "cart", "well", "libation"), "axe"),  # three identical
    ],
)
def test_market_refresh_on_three_identical_or_two_pairs(market: tuple[str, ...], top: str) -> None:
    g = _shop()
    s = g.state
    set_item_market(g, *market)
    stack_item_deck(g, top)
    events = act(g, "buy 5")
    assert kinds(events, "item_market_refresh"), "the refill made an invalid market"
    counts = Counter(s.item_market).values()
    assert max(counts) < 3 and sum(1 for c in counts if c == 2) < 2
    assert len(s.item_market) == 5 and s.item_discard == ()


def test_d16_market_refresh_loop_is_capped() -> None:
    g = new_game(2, params=RulesParams(market_refresh_attempts=5))
    s = g.state
    axe = item("axe")
    # A pool that can never make a valid market: three axes and nothing else.
    s.item_deck, s.item_discard, s.item_market = [], (), [axe, axe, axe, -1, -1]
    steps.fill_item_market(s)
    assert sum(1 for e in s.events if e.kind == "item_market_refresh") == 5


def test_item_bought_this_turn_may_be_played_this_turn() -> None:
    g = _shop()
    set_cargo(g, 0, [0, 0, 1, 0])
    act(g, "buy 1")
    assert "play axe" in legal(g)


# ================================================================= selling (R16)


def test_r16_sell_one_colour_once_per_turn_at_market_value() -> None:
    g = new_game(2)
    s = g.state
    stand_on(g, 0, 15, pick_tile(g, "emerald", "desert"))
    set_cargo(g, 0, [0, 0, 3, 2])
    set_market(g, 2, 2, 4, 5)
    sells = {a for a in legal(g) if a.startswith("sell")}
    assert sells == {
        "sell emerald 1", "sell emerald 2", "sell emerald 3", "sell sapphire 1", "sell sapphire 2",
    }  # fmt: skip
    act(g, "sell emerald 2")
    p = s.players[0]
    assert p.coins == 5 + 8 and p.cargo == [0, 0, 1, 2] and s.supply[EMERALD] == 15
    assert s.market == [2, 2, 4, 5], "selling never moves the market"
    assert not any(a.startswith("sell") for a in legal(g))


# ================================================================= end of turn (3.6, R18)


def _restorer() -> Game:
    g = new_game(2)
    stand_on(g, 0, 15, pick_tile(g, "amethyst", "desert"))
    set_relic_row(g, 10, 1, 2, 3, 4)  # Sapphire Spyglass 1C 2S first
    return g


def test_r18_restore_only_at_the_end_of_the_turn() -> None:
    g = _restorer()
    set_cargo(g, 0, [0, 1, 0, 2])
    assert not any(a.startswith("restore") for a in legal(g))
    act(g, "end")
    assert legal(g) == {"restore 10", "done"}  # no more optional actions


def test_r18_row_refilled_at_once_and_the_new_relic_may_be_restored() -> None:
    g = _restorer()
    s = g.state
    set_relic_deck_top(g, 15)  # Sapphire Sun Dial 1E 2S
    set_cargo(g, 0, [0, 1, 1, 4])
    act(g, "end", "restore 10")
    assert s.relic_row == (15, 1, 2, 3, 4)
    assert legal(g) == {"restore 15", "done"}
    act(g, "restore 15")
    p = s.players[0]
    assert p.relics == (10, 15) and p.relic_points == 10 and p.cargo == [0, 0, 0, 0]
    assert s.supply == [16, 16, 16, 16]
    assert s.current == 1, "nothing left to restore: the turn finished by itself"


def test_r18_relic_row_shrinks_when_the_deck_is_empty() -> None:
    g = _restorer()
    s = g.state
    give_relics(g, 1, *list(s.relic_deck))
    set_cargo(g, 0, [0, 1, 0, 2])
    act(g, "end", "restore 10")
    assert s.relic_row == (1, 2, 3, 4)


def test_end_of_turn_collects_the_tile_and_raises_its_market_die() -> None:
    g = new_game(2)
    s = g.state
    tid = put(g, 15, "amethyst", "desert", up=True)
    begin_turn(g, 0, at=9)
    act(g, "move 15")
    events = end_actions(g)
    p = s.players[0]
    assert p.tiles == (tid,) and s.tile_at[15] == 0 and not s.face_up[15]
    assert p.pos == 15, "the explorer stays on the empty hex"
    assert s.market == [3, 2, 2, 2]
    assert kinds(events, "collect") == [{"tile": tid, "hex": 15}]
    assert s.current == 1 and decision(g) == "reveal"


@pytest.mark.parametrize(("before", "after"), [(1, 2), (5, 6), (6, 1)])
def test_end_of_turn_market_plus_one_wraps_six_to_one(before: int, after: int) -> None:
    g = new_game(2)
    stand_on(g, 0, 15, pick_tile(g, "sapphire", "desert"))
    set_market(g, 2, 2, 2, before)
    end_actions(g)
    assert g.state.market == [2, 2, 2, after]


def test_end_of_turn_phase_order_and_next_player() -> None:
    g = new_game(3)
    stand_on(g, 0, 15, pick_tile(g, "citrine", "desert"))
    events = end_actions(g)
    order = [e.kind for e in events if e.kind in ("collect", "market", "turn")]
    assert order == ["collect", "market", "turn"]
    assert g.state.current == 1 and g.state.phase != ACTIONS_PHASE
    check(g)


# ================================================================= the helpers themselves


def test_helpers_scripted_dice_survive_clone_and_unplanned_rolls_fail() -> None:
    g = new_game(2)
    stand_on(g, 0, 15, pick_tile(g, "emerald", "desert"))
    script_dice(g, 6, 6)
    twin = g.clone()
    act(twin, "mine 0")
    assert dice_left(twin) == [] and dice_left(g) == [6, 6], "a clone has its own queue"
    assert twin.state.players[0].cargo == [0, 0, 2, 0]
    set_coins(g, 0, 6)
    act(g, "mine 0")
    with pytest.raises(AssertionError, match="did not script"):
        g.apply("mine 0")
