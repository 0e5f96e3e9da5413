"""Table-driven rules tests of the 12 item cards (spec 1.6 and section 4, R10, R11, R20-R23).

Dice are forced with ``script_dice``; the miner stands on an Emerald tile on hex 15 unless a test
says otherwise. ``D`` numbers are our own rulings (``docs/rulings.md``).
"""

from __future__ import annotations

import pytest

from iridescia.games.iridescia.game import Game
from iridescia.games.iridescia.state import IN_CASTLE
from rules_helpers import (
    act,
    barricade,
    begin_turn,
    decision,
    empty,
    end_actions,
    give_items,
    item,
    kinds,
    legal,
    new_game,
    pick_tile,
    put,
    script_dice,
    set_cargo,
    set_coins,
    set_item_market,
    set_market,
    set_pos,
    set_relic_row,
    stand_on,
    take_token,
)


def _miner(
    *keys: str,
    players: int = 2,
    market: tuple[int, int, int, int] = (2, 2, 4, 2),
    coins: int = 20,
) -> Game:
    """Seat 0 in its optional actions on an Emerald tile on hex 15, holding ``keys``."""
    g = new_game(players)
    stand_on(g, 0, 15, pick_tile(g, "emerald", "desert"))
    set_market(g, *market)
    set_coins(g, 0, coins)
    give_items(g, 0, *keys)
    return g


def _cargo(g: Game, seat: int = 0) -> list[int]:
    return g.state.players[seat].cargo


def _send_to_castle(g: Game, seat: int) -> None:
    s = g.state
    p = s.players[seat]
    p.pos, p.finished = IN_CASTLE, True
    if s.tokens_left:
        p.token = take_token(s)


# ================================================================= Lucky Libation


def test_libation_rerolls_chosen_dice_of_the_latest_roll_once_each() -> None:
    g = _miner("libation")
    script_dice(g, 1, 6)
    act(g, "mine 0")
    assert _cargo(g) == [0, 0, 1, 0]
    act(g, "play libation")
    assert legal(g) == {"libation roll", "libation market"}
    act(g, "libation roll")
    assert legal(g) == {"pick roll:1", "pick roll:2"}
    act(g, "pick roll:1")
    assert legal(g) == {"pick roll:2", "roll"}, "each die at most once per card"
    script_dice(g, 5)
    events = act(g, "roll")
    assert kinds(events, "die") == [{"die": 1, "before": 1, "after": 5, "reason": "libation"}]
    assert _cargo(g) == [0, 0, 2, 0], "failure turned success: its gem now (R21)"
    assert item("libation") in g.state.item_discard


def test_libation_reroll_of_a_success_into_a_failure_takes_its_gem_back() -> None:
    g = _miner("libation")
    script_dice(g, 6, 1)
    act(g, "mine 0", "play libation", "libation roll", "pick roll:1", "pick roll:2")
    script_dice(g, 2, 4)
    act(g, "roll")
    assert g.state.roll == (2, 4)
    assert _cargo(g) == [0, 0, 1, 0] and g.state.supply[2] == 15


def test_d18_libation_settles_take_backs_before_new_gains() -> None:
    g = _miner("libation")
    set_cargo(g, 0, [0, 0, 6, 0])
    script_dice(g, 6, 1)
    act(g, "mine 0", "play libation", "libation roll", "pick roll:1", "pick roll:2")
    assert _cargo(g) == [0, 0, 7, 0]
    script_dice(g, 1, 6)
    act(g, "roll")
    assert _cargo(g) == [0, 0, 7, 0] and decision(g) == "actions", "never 8 gems in between"


def test_libation_rerolls_activated_stone_dice_too() -> None:
    g = _miner("libation")
    g.state.stone_supply -= 1
    g.state.players[0].stone_idle = 1
    script_dice(g, 1, 1, 1)
    act(g, "mine 1", "play libation", "libation roll")
    assert legal(g) == {"pick roll:1", "pick roll:2", "pick roll:3"}


def test_libation_market_mode_rolls_chosen_market_dice_and_locks_the_roll() -> None:
    g = _miner("libation", "jackhammer")
    s = g.state
    script_dice(g, 1, 1)
    act(g, "mine 0", "play libation", "libation market")
    assert legal(g) == {f"pick market:{c}" for c in ("amethyst", "citrine", "emerald", "sapphire")}
    act(g, "pick market:emerald", "pick market:sapphire")
    script_dice(g, 1, 6)
    act(g, "roll")
    assert s.market == [2, 2, 1, 6]
    assert _cargo(g) == [0, 0, 0, 0], "a market change never re-judges a roll"
    act(g, "play jackhammer")
    assert legal(g) == {f"die market:{c}" for c in ("amethyst", "citrine", "emerald", "sapphire")}


def test_libation_without_a_roll_offers_only_market_dice() -> None:
    g = _miner("libation")
    act(g, "play libation")
    assert legal(g) == {"libation market"}


def test_d4_libation_cannot_reroll_a_success_whose_gems_are_gone() -> None:
    g = _miner("libation")
    script_dice(g, 6, 1)
    act(g, "mine 0", "sell emerald 1", "play libation", "libation roll")
    assert legal(g) == {"pick roll:2"}


# ================================================================= Jackhammer and Dynamite (R21)


def test_r21_jackhammer_failure_to_success_gives_the_gem_now() -> None:
    g = _miner("jackhammer")
    script_dice(g, 3, 1)
    act(g, "mine 0", "play jackhammer")
    assert legal(g) == {"die roll:1", "die roll:2"} | {
        f"die market:{c}" for c in ("amethyst", "citrine", "emerald", "sapphire")
    }
    act(g, "die roll:1")
    assert legal(g) == {"die roll:1 -1", "die roll:1 +1"}
    act(g, "die roll:1 +1")
    assert g.state.roll == (4, 1) and _cargo(g) == [0, 0, 1, 0]


def test_r21_success_to_failure_takes_the_gem_back() -> None:
    g = _miner("dynamite")
    script_dice(g, 4, 1)
    act(g, "mine 0", "play dynamite", "die roll:1", "die roll:1 -2")
    assert _cargo(g) == [0, 0, 0, 0] and g.state.supply[2] == 16


def test_r21_success_to_failure_refused_when_its_gems_are_gone() -> None:
    g = _miner("dynamite")
    script_dice(g, 4, 1)
    act(g, "mine 0", "sell emerald 1", "play dynamite", "die roll:1")
    assert legal(g) == {"die roll:1 +1", "die roll:1 +2"}


def test_r21_changes_track_the_real_current_face() -> None:
    g = _miner("jackhammer", "dynamite")
    script_dice(g, 3, 1)
    act(g, "mine 0", "play jackhammer", "die roll:1", "die roll:1 +1")
    assert _cargo(g) == [0, 0, 1, 0]
    act(g, "play dynamite", "die roll:1", "die roll:1 -2")
    assert g.state.roll == (2, 1) and _cargo(g) == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("key", "face", "delta", "after"),
    [
        ("jackhammer", 6, "+1", 1),
        ("jackhammer", 1, "-1", 6),
        ("dynamite", 5, "+2", 1),
        ("dynamite", 6, "+2", 2),
        ("dynamite", 2, "-2", 6),
        ("dynamite", 1, "-1", 6),
    ],
)
def test_dice_items_wrap_six_and_one_on_roll_dice(
    key: str, face: int, delta: str, after: int
) -> None:
    g = _miner(key, market=(2, 2, 1, 2))  # at market 1 every face succeeds
    script_dice(g, face, 3)
    act(g, "mine 0", f"play {key}", "die roll:1", f"die roll:1 {delta}")
    assert g.state.roll[0] == after and _cargo(g) == [0, 0, 2, 0]


@pytest.mark.parametrize(
    ("key", "before", "delta", "after"),
    [("jackhammer", 1, "-1", 6), ("jackhammer", 6, "+1", 1), ("dynamite", 5, "+2", 1)],
)
def test_dice_items_change_market_dice_with_wrap_and_lock_the_roll(
    key: str, before: int, delta: str, after: int
) -> None:
    g = _miner(key, "libation", market=(2, 2, before, 2))
    script_dice(g, 1, 1)
    act(g, "mine 0", f"play {key}", "die market:emerald", f"die market:emerald {delta}")
    assert g.state.market[2] == after
    act(g, "play libation")
    assert legal(g) == {"libation market"}, "the roll can no longer be modified"


def test_r21_failure_to_success_uses_cart_and_pickaxe_as_they_applied_to_the_roll() -> None:
    g = _miner("pickaxe", "cart", "jackhammer")
    put(g, 16, "sapphire", up=True)
    act(g, "play pickaxe", "pickaxe 16")
    script_dice(g, 3, 1)
    act(g, "mine 0", "play cart")  # the Cart comes after this roll
    act(g, "play jackhammer", "die roll:1", "die roll:1 +1")
    assert _cargo(g) == [0, 0, 1, 1], "no Cart doubling: it did not apply to that roll"


def test_r21_failure_to_success_with_cart_and_pickaxe_active() -> None:
    g = _miner("pickaxe", "cart", "jackhammer")
    put(g, 16, "sapphire", up=True)
    act(g, "play cart", "play pickaxe", "pickaxe 16")
    script_dice(g, 4, 3)
    act(g, "mine 0")
    assert _cargo(g) == [0, 0, 2, 2]
    act(g, "play jackhammer", "die roll:2", "die roll:2 +1")
    assert _cargo(g) == [0, 0, 4, 4] and decision(g) == "cargo limit"


def test_r21_take_back_refused_when_the_pickaxe_gem_is_already_sold() -> None:
    # The roll's success also gave the Pickaxe's sapphire; once that gem is sold, turning the
    # die to a failure cannot take it back, so only the change that keeps the success is offered.
    g = _miner("pickaxe", "jackhammer")
    put(g, 16, "sapphire", up=True)
    act(g, "play pickaxe", "pickaxe 16")
    script_dice(g, 4, 1)
    act(g, "mine 0")
    assert _cargo(g) == [0, 0, 1, 1]
    act(g, "sell sapphire 1", "play jackhammer", "die roll:1")
    assert legal(g) == {"die roll:1 +1"}
    act(g, "die roll:1 +1")
    assert _cargo(g) == [0, 0, 1, 0] and min(_cargo(g)) >= 0


def test_r21_a_pickaxe_played_after_a_failed_roll_does_not_apply_to_it() -> None:
    # R22: the Pickaxe applies to later attempts only; turning a die of the earlier roll into a
    # success gives that roll's gem, without the Pickaxe's.
    g = _miner("pickaxe", "jackhammer")
    put(g, 16, "sapphire", up=True)
    script_dice(g, 3, 1)
    act(g, "mine 0")
    assert _cargo(g) == [0, 0, 0, 0]
    act(g, "play pickaxe", "pickaxe 16", "play jackhammer", "die roll:1", "die roll:1 +1")
    assert _cargo(g) == [0, 0, 1, 0], "the Pickaxe came after that roll: no sapphire"


# ================================================================= Mine Cart (R22)


def test_r22_cart_applies_to_later_attempts_only() -> None:
    g = _miner("cart")
    script_dice(g, 4, 1)
    act(g, "mine 0")
    assert _cargo(g) == [0, 0, 1, 0]
    act(g, "play cart")
    assert _cargo(g) == [0, 0, 1, 0], "playing the Cart changes nothing by itself"
    script_dice(g, 4, 5)
    act(g, "mine 0")
    assert _cargo(g) == [0, 0, 5, 0]


def test_r22_cart_never_doubles_the_arrival_gem() -> None:
    g = new_game(2)
    give_items(g, 0, "cart")
    put(g, 15, "emerald", up=True)
    begin_turn(g, 0, at=9)
    assert "play cart" not in legal(g), "the Cart is played among the optional actions"
    act(g, "move 15", "play cart")
    assert _cargo(g) == [0, 0, 1, 0]


def test_d8_cart_cannot_be_played_while_one_is_active_this_turn() -> None:
    g = _miner("cart")
    set_item_market(g, "cart", "axe", "well", "libation", "jackhammer")
    act(g, "play cart", "buy 1")
    assert "play cart" not in legal(g)
    end_actions(g)
    assert g.state.cart is False


# ================================================================= Prosperous Pickaxe (R20, R22)


def test_r20_pickaxe_tile_is_any_revealed_neighbour_in_six_directions() -> None:
    g = _miner("pickaxe", players=3)
    s = g.state
    for h in (8, 9, 14, 16, 22):  # 8 and 9 are behind hex 15
        s.face_up[h] = True
    s.face_up[21] = False
    act(g, "play pickaxe")
    assert legal(g) == {"pickaxe 8", "pickaxe 9", "pickaxe 14", "pickaxe 16", "pickaxe 22"}


def test_pickaxe_needs_a_revealed_neighbour() -> None:
    g = _miner("pickaxe", players=3)
    assert "play pickaxe" not in legal(g)


def test_r22_pickaxe_gives_one_gem_of_its_tile_per_gem_mined() -> None:
    g = _miner("pickaxe")
    put(g, 9, "sapphire", up=True)
    act(g, "play pickaxe", "pickaxe 9")
    script_dice(g, 4, 5)
    act(g, "mine 0")
    assert _cargo(g) == [0, 0, 2, 2]


def test_r22_pickaxe_applies_to_later_attempts_only() -> None:
    g = _miner("pickaxe")
    put(g, 16, "citrine", up=True)
    script_dice(g, 4, 1)
    act(g, "mine 0", "play pickaxe", "pickaxe 16")
    assert _cargo(g) == [0, 0, 1, 0]
    script_dice(g, 4, 1)
    act(g, "mine 0")
    assert _cargo(g) == [0, 1, 2, 0]


def test_r22_pickaxe_with_cart_counts_the_doubled_gems() -> None:
    g = _miner("pickaxe", "cart")
    put(g, 16, "amethyst", up=True)
    act(g, "play cart", "play pickaxe", "pickaxe 16")
    script_dice(g, 5, 2)
    act(g, "mine 0")
    assert _cargo(g) == [2, 0, 2, 0]


def test_r22_pickaxe_on_a_rainbow_tile_names_its_colour_once() -> None:
    g = _miner("pickaxe")
    put(g, 16, "rainbow", "canyon", up=True)
    act(g, "play pickaxe", "pickaxe 16")
    assert decision(g) == "pickaxe colour"
    act(g, "colour sapphire")
    script_dice(g, 6, 6, 6, 1)
    act(g, "mine 0", "mine 0")
    assert _cargo(g) == [0, 0, 3, 3]


def test_d8_pickaxe_cannot_be_played_while_one_is_active_this_turn() -> None:
    g = _miner("pickaxe")
    put(g, 16, "amethyst", up=True)
    set_item_market(g, "pickaxe", "axe", "well", "libation", "jackhammer")
    act(g, "play pickaxe", "pickaxe 16", "buy 1")
    assert "play pickaxe" not in legal(g)


# ================================================================= Wishing Well


def test_wishing_well_takes_a_colour_valued_at_most_the_higher_die() -> None:
    g = _miner("well", market=(2, 5, 6, 3))
    script_dice(g, 4, 1)
    act(g, "play well")
    assert decision(g) == "wishing well"
    assert legal(g) == {"take amethyst", "take sapphire"}
    act(g, "take sapphire")
    assert _cargo(g) == [0, 0, 0, 1] and g.state.players[0].coins == 20


def test_d5_wishing_well_takes_none_only_when_no_colour_qualifies() -> None:
    g = _miner("well", market=(3, 4, 5, 6))
    script_dice(g, 1, 2)
    act(g, "play well")
    assert legal(g) == {"take none"}
    events = act(g, "take none")
    assert kinds(events, "well_nothing") and _cargo(g) == [0, 0, 0, 0]


def test_wishing_well_is_not_a_mining_attempt() -> None:
    g = _miner("well", "cart", "pickaxe", market=(6, 6, 6, 1))
    put(g, 16, "citrine", up=True)
    s = g.state
    s.stone_supply -= 1
    s.players[0].stone_idle = 1
    script_dice(g, 6, 6, 6)
    act(g, "mine 1", "play cart", "play pickaxe", "pickaxe 16")  # 1 stone die active
    before = list(_cargo(g))
    coins = s.players[0].coins
    script_dice(g, 6, 2)  # two dice only: no stone die (strict script)
    act(g, "play well", "take sapphire")
    assert s.players[0].coins == coins, "no mining cost"
    after = _cargo(g)
    assert after[3] == before[3] + 1 and after[1] == before[1], "no Cart, no Pickaxe"


def test_wishing_well_dice_may_be_changed_before_taking() -> None:
    g = _miner("well", "jackhammer", market=(6, 6, 5, 6))
    script_dice(g, 4, 1)
    act(g, "play well")
    assert legal(g) == {"take none", "play jackhammer"}
    act(g, "play jackhammer", "die roll:1", "die roll:1 +1")
    assert legal(g) == {"take emerald"}


def test_d6_while_the_well_waits_only_dice_items_and_the_elixir_may_be_played() -> None:
    g = _miner("well", "axe", "cart", "jackhammer", "libation", "elixir", market=(1, 6, 6, 6))
    set_cargo(g, 0, [1, 0, 0, 0])
    script_dice(g, 2, 2)
    act(g, "play well")
    assert legal(g) == {"take amethyst", "play jackhammer", "play libation", "play elixir"}


def test_d7_after_the_well_resolves_no_die_of_an_earlier_roll_can_change() -> None:
    g = _miner("well", "libation")
    script_dice(g, 1, 1, 3, 3)
    act(g, "mine 0", "play well", "take amethyst", "play libation")
    assert legal(g) == {"libation market"}


# ================================================================= Cauldron and Axe


def test_cauldron_returns_two_gems_of_any_mix_for_one_of_any_colour() -> None:
    g = _miner("cauldron")
    set_cargo(g, 0, [1, 1, 0, 0])
    act(g, "play cauldron")
    assert legal(g) == {"return amethyst", "return citrine"}
    act(g, "return amethyst")
    assert legal(g) == {"return citrine"}
    act(g, "return citrine")
    assert legal(g) == {f"take {c}" for c in ("amethyst", "citrine", "emerald", "sapphire")}
    act(g, "take sapphire")
    assert _cargo(g) == [0, 0, 0, 1] and g.state.supply == [16, 16, 16, 15]


def test_cauldron_needs_two_gems() -> None:
    g = _miner("cauldron")
    set_cargo(g, 0, [0, 0, 1, 0])
    assert "play cauldron" not in legal(g)


def test_d17_cauldron_and_axe_take_only_colours_left_in_the_supply() -> None:
    g = _miner("cauldron", "axe", players=4)
    set_cargo(g, 1, [0, 0, 0, 7])
    set_cargo(g, 2, [0, 0, 0, 7])
    set_cargo(g, 3, [0, 0, 1, 2])
    set_cargo(g, 0, [1, 1, 0, 0])
    act(g, "play cauldron", "return amethyst", "return citrine")
    assert legal(g) == {"take amethyst", "take citrine", "take emerald"}


def test_axe_gains_one_more_gem_of_a_colour_held() -> None:
    g = _miner("axe")
    set_cargo(g, 0, [1, 0, 2, 0])
    act(g, "play axe")
    assert legal(g) == {"take amethyst", "take emerald"}
    act(g, "take emerald")
    assert _cargo(g) == [1, 0, 3, 0]


def test_axe_needs_a_gem_and_may_overflow() -> None:
    g = _miner("axe")
    assert "play axe" not in legal(g)
    set_cargo(g, 0, [0, 0, 7, 0])
    act(g, "play axe", "take emerald")
    assert decision(g) == "cargo limit" and legal(g) == {"give emerald 2"}


# ================================================================= Regal Reference Book (R23)


def test_r23_book_reserves_from_the_row_which_is_refilled_at_once() -> None:
    g = _miner("book")
    s = g.state
    set_relic_row(g, 10, 1, 2, 3, 4)
    act(g, "play book")
    assert legal(g) == {f"reserve {r}" for r in range(1, 25)}, "row and the whole deck"
    events = act(g, "reserve 10")
    assert s.players[0].reserved == 10
    assert len(s.relic_row) == 5 and s.relic_row[1:] == (1, 2, 3, 4) and 10 not in s.relic_row
    assert kinds(events, "reserve") == [{"relic": 10, "from_row": True}]
    assert item("book") not in s.item_discard, "the Book stays under the reserved relic"


def test_r23_book_reserves_from_anywhere_in_the_deck_then_shuffles_it() -> None:
    g = _miner("book")
    s = g.state
    set_relic_row(g, 1, 2, 3, 4, 5)
    deep = s.relic_deck[0]  # the bottom card
    before = [r for r in s.relic_deck if r != deep]
    act(g, "play book", f"reserve {deep}")
    assert s.relic_row == (1, 2, 3, 4, 5) and deep not in s.relic_deck
    assert sorted(s.relic_deck) == sorted(before) and s.relic_deck != before, "shuffled"


def test_r23_at_most_one_pending_reservation() -> None:
    g = _miner("book")
    set_item_market(g, "book", "axe", "well", "libation", "jackhammer")
    act(g, "play book", "reserve 24", "buy 1")
    assert "play book" not in legal(g)


def test_r23_d11_only_the_owner_restores_the_reserved_relic_then_the_book_is_discarded() -> None:
    g = _miner("book")
    s = g.state
    set_relic_row(g, 1, 2, 3, 4, 5)
    act(g, "play book", "reserve 10")
    end_actions(g)
    # Seat 1 holds the gems but cannot restore a relic reserved by seat 0.
    stand_on(g, 1, 16, pick_tile(g, "amethyst", "desert"))
    set_cargo(g, 1, [0, 1, 0, 2])
    act(g, "end")
    assert s.current == 0, "nothing restorable for seat 1: its turn ended"
    set_cargo(g, 1, [0, 0, 0, 0])
    stand_on(g, 0, 22, pick_tile(g, "amethyst", "desert"))
    set_cargo(g, 0, [0, 1, 0, 2])
    act(g, "end")
    assert legal(g) == {"restore 10", "done"}
    act(g, "restore 10")
    p = s.players[0]
    assert p.relics == (10,) and p.relic_points == 5 and p.reserved == 0
    assert item("book") in s.item_discard
    assert s.relic_row == (1, 2, 3, 4, 5), "a reserved relic leaves no gap in the row"


# ================================================================= Epic Elixir


def test_elixir_gives_a_complete_extra_turn_after_this_one() -> None:
    g = _miner("elixir")
    put(g, 16, "amethyst", up=False)
    act(g, "play elixir")
    events = end_actions(g)
    s = g.state
    assert s.current == 0 and decision(g) == "reveal" and s.elixir_turn
    assert kinds(events, "turn")[-1]["kind"] == "extra"
    act(g, "reveal 16", "move 16")
    end_actions(g)
    assert s.current == 1 and not s.elixir_turn


def test_elixir_cannot_be_bought_in_a_turn_started_by_an_elixir() -> None:
    g = _miner("elixir")
    put(g, 16, "amethyst", up=False)
    set_item_market(g, "elixir", "axe", "well", "libation", "jackhammer")
    act(g, "play elixir")
    assert "buy 1" in legal(g), "in a normal turn the Elixir can be bought"
    end_actions(g)
    act(g, "reveal 16", "move 16")
    assert g.state.elixir_turn and g.state.item_market[0] == item("elixir")
    assert "buy 1" not in legal(g) and "buy 2" in legal(g)


def test_d12_several_extra_turns_may_be_pending() -> None:
    g = _miner("elixir")
    put(g, 16, "amethyst", up=False)
    put(g, 17, "citrine", up=False)
    set_item_market(g, "elixir", "axe", "well", "libation", "jackhammer")
    act(g, "play elixir", "buy 1", "play elixir")
    assert g.state.elixir_pending == 2
    for reveal in (16, 17):
        end_actions(g)
        assert g.state.current == 0 and g.state.elixir_turn
        act(g, f"reveal {reveal}", f"move {reveal}")
    end_actions(g)
    assert g.state.current == 1


def test_d13_elixir_may_be_played_at_any_moment_of_the_turn() -> None:
    g = new_game(2)
    give_items(g, 0, "elixir")
    begin_turn(g, 0)
    assert "play elixir" in legal(g), "before revealing"
    g = _miner("elixir")
    set_relic_row(g, 10, 1, 2, 3, 4)
    act(g, "end")
    assert legal(g) == {"play elixir", "done"}, "the end of turn waits for a possible Elixir"
    act(g, "play elixir")
    assert g.state.current == 0 and decision(g) == "reveal", "the extra turn started"


# ================================================================= Swapping Stones (R10)


def _three_on_board() -> Game:
    g = new_game(3)
    set_pos(g, 1, 12)
    give_items(g, 0, "swapping", "catapult")
    begin_turn(g, 0, at=9)
    return g


def test_r10_swap_with_an_explorer_on_the_board_then_play_from_reveal() -> None:
    g = _three_on_board()
    s = g.state
    assert {"play swapping", "play catapult"} <= legal(g)
    act(g, "play swapping")
    assert legal(g) == {"swap 2"}, "seat 3 is off the board"
    act(g, "swap 2")
    assert s.players[0].pos == 12 and s.players[1].pos == 9
    assert legal(g) >= {"reveal 11", "reveal 13", "reveal 18", "reveal 19"}


def test_r10_no_swap_with_an_explorer_off_the_board_or_in_the_castle() -> None:
    g = new_game(3)
    give_items(g, 0, "swapping")
    _send_to_castle(g, 1)
    begin_turn(g, 0, at=9)
    assert "play swapping" not in legal(g)
    set_pos(g, 2, 20)
    assert "play swapping" in legal(g)


def test_r10_no_swap_from_off_the_board() -> None:
    g = new_game(3)
    set_pos(g, 1, 12)
    give_items(g, 0, "swapping")
    begin_turn(g, 0)
    assert "play swapping" not in legal(g)


def test_r10_start_items_only_before_the_first_reveal() -> None:
    g = _three_on_board()
    act(g, "reveal 8")
    assert "play swapping" not in legal(g) and "play catapult" not in legal(g)


def test_d9_swapping_then_catapult_both_allowed_before_the_first_reveal() -> None:
    g = _three_on_board()
    act(g, "play swapping", "swap 2")
    assert "play catapult" in legal(g)
    act(g, "play catapult")
    assert legal(g) == {"land 10", "land 24", "land 26"}


# ================================================================= Clever Catapult (R11)


def test_r11_catapult_lands_in_a_straight_line_over_anything() -> None:
    g = new_game(3)
    give_items(g, 0, "catapult")
    empty(g, 8)  # the space jumped over may be an empty hex...
    set_pos(g, 1, 15)  # ...or hold an explorer
    begin_turn(g, 0, at=9)
    act(g, "play catapult")
    assert legal(g) == {"land 7", "land 11", "land 21", "land 23"}


def test_r11_catapult_landing_needs_a_free_unbarricaded_tile() -> None:
    g = new_game(3)
    give_items(g, 0, "catapult")
    empty(g, 11)
    barricade(g.state, 23)
    begin_turn(g, 0, at=9)
    act(g, "play catapult")
    assert legal(g) == {"land 7", "land 21"}


def test_r11_landing_on_a_face_down_tile_reveals_it_as_one_of_two_reveals() -> None:
    g = new_game(3)
    s = g.state
    give_items(g, 0, "catapult")
    put(g, 21, "emerald", "canyon", "points", up=False)
    begin_turn(g, 0, at=9)
    events = act(g, "play catapult", "land 21")
    assert [e.kind for e in events if e.kind in ("reveal", "move")] == ["reveal", "move"]
    assert s.reveals == 1 and s.face_up[21] and s.players[0].pos == 21
    assert _cargo(g) == [0, 0, 1, 0] and s.players[0].tile_bonus_points == 1
    assert decision(g) == "actions", "then straight to the optional actions"


def test_r11_catapult_from_off_the_board_lands_on_row_two() -> None:
    g = new_game(3)
    give_items(g, 0, "catapult")
    begin_turn(g, 0)
    act(g, "play catapult")
    assert legal(g) == {f"land {h}" for h in range(7, 14)}
    act(g, "land 10")
    assert g.state.players[0].pos == 10


def test_fourth_player_catapult_option_is_playable_on_the_first_turn() -> None:
    g = new_game(4, catapult_for_fourth=True)
    assert "play catapult" not in legal(g)
    begin_turn(g, 3)
    assert "play catapult" in legal(g)
