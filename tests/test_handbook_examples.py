"""Every worked example of the English Explorer's Handbook (``seeds/000_…``), replayed exactly.

Dice are forced with ``script_dice`` so each example rolls what the handbook says it rolled.
The solo (Rhom) examples are at the end; the Rhom's rules are tested one by one in
``test_rhom.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from iridescia.games.iridescia.data import SAPPHIRE
from iridescia.games.iridescia.game import Game
from rules_helpers import (
    act,
    begin_turn,
    decision,
    dice_left,
    empty,
    end_actions,
    give_relics,
    give_tiles,
    kinds,
    legal,
    new_game,
    pick_tile,
    put,
    rhom_back_off_board,
    rhom_card,
    rhom_turn,
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
    stack_rhom_deck,
    stand_on,
    tiles_of,
)

SPYGLASS, SUN_DIAL = 10, 15  # Sapphire Spyglass 1C 2S (5 points); Sapphire Sun Dial 1E 2S


def test_handbook_jane_stone_die_saved_then_used_twice_on_one_tile() -> None:
    """ "Jane moves onto a tile with a Stone die bonus ... saves the Stone die. On her next turn
    ... the current value of Sapphire is five ... rolls a four, four and five: gains one
    Sapphire. Jane spends 3 to roll again ... keeps the Stone die in her dice pool ... five, five,
    six: gains three. She collects the tile, adjusts the Sapphire market and returns the Stone
    die to the supply.\""""
    g = new_game(2)
    s = g.state
    jane = s.players[0]
    put(g, 22, "citrine", "canyon", "stone_die", up=True)
    set_market(g, 2, 1, 2, 5)  # Citrine at one: she saves the die
    begin_turn(g, 0, at=16)
    act(g, "move 22")
    assert jane.stone_idle == 1 and s.stone_supply == 3
    end_actions(g)
    assert jane.stone_idle == 1, "kept for a later turn"

    put(g, 23, "sapphire", "canyon", "points", up=True)
    begin_turn(g, 0, at=22)
    act(g, "move 23")
    set_coins(g, 0, 6)
    script_dice(g, 4, 4, 5)
    events = act(g, "mine 1")  # two mining dice and the stone die
    assert kinds(events, "mine")[0]["faces"] == [4, 4, 5]
    assert jane.cargo[SAPPHIRE] == 1 + 1  # the arrival gem + one success
    script_dice(g, 5, 5, 6)
    events = act(g, "mine 0")  # the stone die stays in her pool
    assert kinds(events, "mine")[0]["faces"] == [5, 5, 6]
    assert jane.cargo[SAPPHIRE] == 2 + 3
    events = end_actions(g)
    assert kinds(events, "stone_returned") == [{"count": 1}]
    assert s.stone_supply == 4 and jane.stone_idle == 0
    assert s.market[SAPPHIRE] == 6
    assert dice_left(g) == []


def test_handbook_mining_example_one_success_of_two() -> None:
    """ "The current value of Sapphire is three. Jane rolls ... a two and a four. The two is a
    failure, but the four is a success! Jane gains one Sapphire.\""""
    g = new_game(2)
    stand_on(g, 0, 15, pick_tile(g, "sapphire", "desert"))
    set_market(g, 2, 2, 2, 3)
    script_dice(g, 2, 4)
    events = act(g, "mine 0")
    assert kinds(events, "mine")[0]["successes"] == 1
    p = g.state.players[0]
    assert p.cargo == [0, 0, 0, 1] and p.coins == 5 - 3


def test_handbook_jane_sells_two_emeralds_then_cannot_sell_again() -> None:
    """ "The Emerald gem market value die is currently at 2. She decides to sell two to gain four
    coins. She then spends 3 to mine more Emeralds ... she would like to sell more but will need
    to wait until her next turn.\""""
    g = new_game(2)
    s = g.state
    stand_on(g, 0, 15, pick_tile(g, "emerald", "desert"))
    set_market(g, 2, 2, 2, 2)
    set_cargo(g, 0, [0, 0, 3, 0])
    act(g, "sell emerald 2")
    assert s.players[0].coins == 5 + 4 and s.market[2] == 2
    script_dice(g, 3, 1)
    act(g, "mine 0")
    assert s.players[0].cargo == [0, 0, 2, 0]
    assert not any(a.startswith("sell") for a in legal(g))
    end_actions(g)
    stand_on(g, 0, 22, pick_tile(g, "amethyst", "desert"))
    assert "sell emerald 2" in legal(g), "next turn she may sell again"


def test_handbook_jack_restores_the_sapphire_spyglass() -> None:
    """ "Jack decides to restore the Sapphire Spy Glass. He returns two Sapphire and one Citrine
    to the supply ... immediately moves his scoring marker up five points ... Immediately replace
    the relic card ... If you have the gems to do so, you can restore another relic, including the
    one just revealed.\""""
    g = new_game(2)
    s = g.state
    stand_on(g, 0, 15, pick_tile(g, "amethyst", "desert"))
    set_relic_row(g, 1, 2, SPYGLASS, 3, 4)
    set_relic_deck_top(g, SUN_DIAL)
    set_cargo(g, 0, [0, 1, 1, 4])
    act(g, "end")
    events = act(g, f"restore {SPYGLASS}")
    jack = s.players[0]
    assert jack.relic_points == 5 and jack.relics == (SPYGLASS,)
    assert jack.cargo == [0, 0, 1, 2] and s.supply == [16, 16, 15, 14]
    assert s.relic_row == (1, 2, SUN_DIAL, 3, 4)
    assert kinds(events, "relic_dealt") == [{"relic": SUN_DIAL}]
    assert legal(g) == {f"restore {SUN_DIAL}", "done"}, "the new relic is restorable too"
    act(g, f"restore {SUN_DIAL}")
    assert jack.relic_points == 10


def test_handbook_restoring_only_at_the_end_of_the_turn() -> None:
    """ "Restoring Relics must always be performed during the end of turn. It cannot be done prior
    to revealing tiles, moving your Explorer or any other optional actions.\""""
    g = new_game(2)
    set_relic_row(g, SPYGLASS, 1, 2, 3, 4)
    set_cargo(g, 0, [0, 1, 0, 2])
    put(g, 15, "emerald", up=True)
    begin_turn(g, 0, at=9)
    assert not any(a.startswith("restore") for a in legal(g))
    act(g, "move 15")
    assert not any(a.startswith("restore") for a in legal(g))
    act(g, "end")
    assert f"restore {SPYGLASS}" in legal(g)


def test_handbook_jill_prosperous_pickaxe() -> None:
    """ "Jill landed on an Emerald tile. She decides to use her Prosperous Pickaxe card. She spends
    3 to roll her dice. The current value of Emerald is four, so she has two successes. She gains
    two gems plus two gems from the revealed adjacent tile.\""""
    g = new_game(2)
    s = g.state
    put(g, 16, "citrine", up=True)
    put(g, 15, "emerald", "canyon", "coins", up=True)
    set_market(g, 2, 2, 4, 2)
    set_item_market(g, "pickaxe", "axe", "well", "libation", "jackhammer")
    set_coins(g, 0, 9)
    begin_turn(g, 0, at=9)
    act(g, "move 15", "buy 1", "play pickaxe", "pickaxe 16")
    script_dice(g, 4, 6)
    act(g, "mine 0")
    jill = s.players[0]
    assert jill.cargo == [0, 2, 1 + 2, 0]
    assert jill.coins == 9 + 1 - 6 - 3


def test_handbook_reveal_example_behind_never_and_up_to_two_of_three() -> None:
    """ "The tile below the Explorer ... cannot be revealed because it is considered to be behind
    the Explorer. The tile on the right with the Sapphire gem has already been revealed, therefore
    up to two of the other three tiles may be revealed.\""""
    g = new_game(2)
    put(g, 3, "amethyst", up=False)  # behind
    put(g, 10, "sapphire", up=True)  # on the right, already revealed
    begin_turn(g, 0, at=9)
    assert {a for a in legal(g) if a.startswith("reveal")} == {
        "reveal 8",
        "reveal 15",
        "reveal 16",
    }
    act(g, "reveal 8", "reveal 15")
    assert not any(a.startswith("reveal") for a in legal(g))


def test_handbook_first_turn_reveals_need_not_be_adjacent() -> None:
    """ "On your first turn, reveal up to two tiles in the first row; these do not need to be
    adjacent.\""""
    g = new_game(2)
    act(g, "reveal 2", "reveal 5")
    assert legal(g) == {"move 2", "move 5"}


def test_handbook_rainbow_tile_choose_one_colour_and_no_market_change() -> None:
    """ "If your Explorer moves onto a rainbow tile, you choose which gem type you collect and mine
    on that tile ... When a rainbow tile is removed, the gem market is not affected.\""""
    g = new_game(2)
    put(g, 8, "rainbow", "desert", up=True)
    begin_turn(g, 0, at=2)
    act(g, "move 8", "colour amethyst")
    assert g.state.mine_colour == 0
    end_actions(g)
    assert g.state.market == [2, 2, 2, 2]


def test_handbook_market_crash_six_to_one() -> None:
    """ "When the value increases past six, change the die value to a one.\""""
    g = new_game(2)
    stand_on(g, 0, 15, pick_tile(g, "citrine", "desert"))
    set_market(g, 2, 6, 2, 2)
    end_actions(g)
    assert g.state.market == [2, 1, 2, 2]


def test_handbook_market_refresh_on_two_identical_pairs() -> None:
    """ "If there are three identical Item cards or two identical pairs in the market row, shuffle
    all market, discard, and Merchant Deck cards, then draw five new Item cards.\""""
    g = new_game(2)
    stand_on(g, 0, 15, pick_tile(g, "citrine", "desert"))
    set_coins(g, 0, 10)
    set_item_market(g, "well", "well", "axe", "cart", "book")
    stack_item_deck(g, "axe")
    events = act(g, "buy 5")
    assert kinds(events, "item_market_refresh")


def test_handbook_cargo_hold_give_away_before_anything_else() -> None:
    """ "If ever you gain more gems than you can fit into your seven cargo spaces, you must
    immediately give away gems to other players (prior to completing any other action) ... This
    can be the gem(s) you just acquired, or from your cargo space.\""""
    g = new_game(2)
    set_cargo(g, 0, [4, 3, 0, 0])
    put(g, 15, "emerald", up=True)
    begin_turn(g, 0, at=9)
    act(g, "move 15")
    assert legal(g) == {"give amethyst 2", "give citrine 2", "give emerald 2"}


def test_handbook_secret_objective_discard_on_reaching_the_forest() -> None:
    """ "Once their Explorer token moves onto a tile in the Forest region or higher, they must
    immediately discard one of these two Secret Objective cards.\""""
    g = new_game(2)
    put(g, 28, "amethyst", "forest", up=True)
    set_objectives(g, 0, 2, 7)
    begin_turn(g, 0, at=22)
    act(g, "move 28")
    assert decision(g) == "objective"


@pytest.mark.parametrize(("n", "points"), [(3, 3), (5, 7), (7, 12)])
def test_handbook_scoring_table_tile_sets(n: int, points: int) -> None:
    g = new_game(4)
    set_objectives(g, 0, 11)
    give_tiles(g, 0, *tiles_of("emerald")[:n])
    assert g.scores()[0].tile_sets == points


@pytest.mark.parametrize(
    ("relics", "points"),
    [
        ((1, 2, 3), 5),  # three Jewelry
        ((9, 10, 11), 7),  # three Tech
        ((15, 16, 17), 9),  # three Lore
        ((1, 9, 15), 5),  # one of each
        ((1, 2, 21), 5),  # an Iridia relic is wild
    ],
)
def test_handbook_scoring_table_relic_sets(relics: tuple[int, ...], points: int) -> None:
    g = new_game(2)
    set_objectives(g, 0, 6)
    give_relics(g, 0, *relics)
    assert g.scores()[0].relic_sets == points


def test_handbook_one_point_per_two_gems_left() -> None:
    g = new_game(2)
    set_objectives(g, 0, 11)
    set_cargo(g, 0, [1, 2, 1, 3])
    assert g.scores()[0].gems == 3


# ---------------------------------------------------------------- Solo Expedition (the Rhom)


def rhom_turn_from_3(g: Game, tiles: dict[int, str], up: tuple[int, ...], card: int) -> list[Any]:
    """The Rhom on hex 3 (L 2, FL 9, FR 10, R 4) with these tiles around (others emptied)."""
    set_pos(g, 1, 3)
    for h, gem in tiles.items():
        put(g, h, gem, up=h in up)
    empty(g, *(h for h in (2, 9, 10, 4) if h not in tiles))
    stack_rhom_deck(g, card, rhom_card("3x", "left"))
    return rhom_turn(g)


def test_handbook_rhom_first_turn_reveals_the_1st_and_4th_tiles_then_most_demanded() -> None:
    # "Jack rolled a one and a four. He reveals the 1st tile from the left in the first row ...
    # and the 4th." The Rhom moves onto the gem most in demand that it does not hold.
    g = Game.new(1, 0)
    rhom_back_off_board(g)
    put(g, 2, "citrine", up=False)
    put(g, 5, "sapphire", up=False)
    set_relic_row(g, 4, 10, 3, 11, 14)  # demand: Sapphire 5, Citrine 3
    script_dice(g, 1, 4)
    events = rhom_turn(g)
    assert [e["hex"] for e in kinds(events, "reveal")] == [2, 5]
    assert kinds(events, "rhom_choice")[0]["demand"]["sapphire"] == 5
    assert kinds(events, "move") == [{"to": 5}]
    assert kinds(events, "gain") == [{"colour": "sapphire", "count": 1, "reason": "arrival"}]


def test_handbook_rhom_reveals_in_card_order_skipping_a_revealed_tile_and_gains_2x() -> None:
    # "#1 can be revealed. Tile #2 is already revealed, so the Rhom reveals tile #3 instead.
    # The Rhom moves to the tile ... in highest demand. Because there is a 2x ... two gems."
    g = Game.new(1, 0)
    set_cargo(g, 1, (0, 0, 0, 0))
    set_relic_row(g, 4, 10, 13, 15, 21)  # Sapphire in highest demand
    tiles = {2: "citrine", 9: "amethyst", 10: "sapphire", 4: "emerald"}
    events = rhom_turn_from_3(g, tiles, up=(9,), card=5)  # 2x; order L, FL, FR, R
    assert [e["hex"] for e in kinds(events, "reveal")] == [2, 10]
    assert kinds(events, "move") == [{"to": 10}]
    assert kinds(events, "gain") == [{"colour": "sapphire", "count": 2, "reason": "arrival"}]


def test_handbook_rhom_too_many_gems_keeps_the_new_colour_for_4_points() -> None:
    # "The Rhom already has a full cargo hold of seven gems ... they do not have any, so they
    # discard [two of the colour they have most of] instead ... value is 2, so 4 points."
    g = Game.new(1, 0)
    set_cargo(g, 1, (3, 4, 0, 0))
    set_market(g, 2, 2, 2, 2)
    set_relic_row(g, 2, 3, 4, 7, 10)
    events = rhom_turn_from_3(g, {9: "emerald"}, up=(9,), card=rhom_card("2x", "right"))
    assert kinds(events, "rhom_overflow") == [{"colour": "citrine", "count": 2, "points": 4}]
    assert g.state.players[1].cargo == [3, 2, 2, 0]
    assert g.scores()[1].overflow == 4


def test_handbook_rhom_merchant_rolls_3_and_takes_the_epic_elixir_for_6_points() -> None:
    g = Game.new(1, 0)
    set_item_market(g, "cauldron", "book", "elixir", "libation", "jackhammer", "dynamite")
    stack_item_deck(g, "axe")
    script_dice(g, 3)
    events = rhom_turn_from_3(g, {9: "amethyst"}, up=(9,), card=rhom_card("merchant", "left"))
    assert kinds(events, "rhom_merchant") == [{"item": "elixir", "slot": 3, "points": 6}]
    assert kinds(events, "gain")[0]["count"] == 1  # "They still get a gem ... as normal"
    assert g.scores()[1].merchant == 6 and dice_left(g) == []


def test_handbook_rhom_stone_die_bonus_is_rolled_for_points_and_returned() -> None:
    g = Game.new(1, 0)
    s = g.state
    set_pos(g, 1, 16)
    put(g, 23, "amethyst", bonus="stone_die")
    empty(g, 15, 17, 22)
    stack_rhom_deck(g, rhom_card("2x", "left"))
    script_dice(g, 4)
    events = rhom_turn(g)
    assert kinds(events, "rhom_dice") == [{"faces": [4], "reason": "stone die"}]
    assert s.players[1].tile_bonus_points == 4 and s.stone_supply == 4
