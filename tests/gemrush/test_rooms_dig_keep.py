"""Room scenarios with exact outcomes: the dig families (Gem Rush R37, R63, spec §4.3, §4.5).

Rooms: ``dig_keep`` (Echoglass Vein, Diamond Vein, Permafrost Vein, Nova Vein, Fire Ruby Vein),
``discard_dig`` (Chaos Vein, Crystalarium, Orichalcum Vein), ``name_dig`` (Wish Vein, Wish
Geyser), ``split`` (Diamond Splitter), ``transmute`` (Transmuter) and ``dig_draw`` (Warpstone
Vein). A dig turns cards face up until enough pass its test; the rejected ones are set aside in
the revealed row (never refilled into the deck) and go to the pile at cleanup, in the order they
were turned up (Gem Rush R39, R63). Edge cases: a dig through a refill (Gem Rush R35), a dig with
the deck and the pile both empty (Gem Rush R64), a dig for a combination no card shows
(Diamond Splitter, Gem Rush R80), Fire Ruby Vein's third dug card (Gem Rush R94) and Transmuter
with X = 0 (Gem Rush R98, ruling GR-R98a).
"""

from __future__ import annotations

from collections.abc import Sequence

from room_cases import (
    covers,
    deck_top,
    effect_events,
    effect_kinds,
    reshuffled,
    room_game,
    run,
    texts,
)

from iridescia.games.gemrush.schemas import GEM_CODES

PILE = [73, 74]  # the discard pile before the effect, bottom first
NAMES = [f"name {g}" for g in GEM_CODES]
PAIRS = [f"name {a} {b}" for i, a in enumerate(GEM_CODES) for b in GEM_CODES[i + 1 :]]


def dig_keep_all(tile: int, deck: Sequence[int], dug: Sequence[int], n: int = 2) -> None:
    """DIG n FOR test. KEEP ALL dug: ``deck`` ends with one card the dig never reaches."""
    game = room_game(tile, hand=[75], deck=deck, discard=PILE)
    events = run(game, "room")
    turned = list(deck[:-1])
    rest = [c for c in turned if c not in dug]
    assert effect_events(events)[1:] == [
        ("dig", {"cards": turned, "dug": list(dug), "wanted": n}),
        ("keep", {"cards": list(dug)}),
        ("cleanup", {"cards": rest}),
        ("effect_end", {"tile": tile}),
    ]
    s = game.state
    assert s.me.hand == sorted([75, *dug]) and s.me.known == sorted(dug)
    assert s.discard == PILE + rest and s.revealed == [] and s.dug == []
    assert deck_top(game, 1) == [deck[-1]]


# ------------------------------------------------------------------ dig n, keep all


@covers("Echoglass Vein")
def test_echoglass_vein_digs_two_echoglass_cards() -> None:
    dig_keep_all(15, [1, 50, 2, 51, 3], [50, 51])


@covers("Diamond Vein")
def test_diamond_vein_digs_two_cards_showing_only_diamond_dust() -> None:
    dig_keep_all(10, [43, 71, 44, 72, 3], [71, 72])  # FR+DD and OB+DD show more than DD


@covers("Diamond Vein")
def test_diamond_vein_with_deck_and_pile_empty_finds_nothing() -> None:
    """R37, R64: the dig stops at once; the effect is still legal (R53)."""
    game = room_game(10, hand=[], exact_deck=True)
    assert texts(game) == ["draw", "room"]
    events = run(game, "room")
    assert effect_events(events)[1] == ("dig", {"cards": [], "dug": [], "wanted": 2})
    assert effect_kinds(events) == ["effect", "dig", "effect_end"]


@covers("Permafrost Vein")
def test_permafrost_vein_digs_permafrost_or_soulstone() -> None:
    dig_keep_all(47, [1, 9, 5, 13, 3], [9, 13])


@covers("Nova Vein")
def test_nova_vein_digs_star_tear_fire_ruby_or_electrum() -> None:
    dig_keep_all(40, [13, 41, 1, 44, 31, 3], [1, 31])


@covers("Nova Vein")
def test_nova_vein_digs_through_a_refill_but_not_through_its_rejects() -> None:
    """R35, R37, R63: G13 is set aside in the row, so the refill holds only the pile's G05; then
    the deck and the pile are empty and the dig stops with one card."""
    game = room_game(40, hand=[], deck=[13], discard=[5], exact_deck=True)
    events = run(game, "room")
    assert effect_kinds(events) == ["effect", "reshuffle", "dig", "keep", "cleanup", "effect_end"]
    assert effect_events(events)[2] == ("dig", {"cards": [13, 5], "dug": [5], "wanted": 2})
    s = game.state
    assert s.me.hand == [5] and s.discard == [13] and s.deck == []


@covers("Fire Ruby Vein")
def test_fire_ruby_vein_digs_three_and_keeps_two_of_them() -> None:
    """R94: DIG 3 FOR FR; KEEP 2 of the dug cards only; the third is cleaned up."""
    game = room_game(21, hand=[], deck=[13, 1, 14, 3, 15, 5, 2], discard=PILE)
    events = run(game, "room")
    assert effect_events(events)[1] == (
        "dig", {"cards": [13, 1, 14, 3, 15, 5], "dug": [1, 3, 5], "wanted": 3},
    )  # fmt: skip
    assert texts(game) == ["keep G01", "keep G03", "keep G05"]  # the rejects are not eligible
    run(game, "keep G05")
    assert texts(game) == ["keep G01", "keep G03"]
    run(game, "keep G01")
    s = game.state
    assert s.me.hand == [1, 5] and s.me.known == [1, 5]
    assert s.discard == PILE + [13, 14, 3, 15] and deck_top(game, 1) == [2]


@covers("Fire Ruby Vein")
def test_fire_ruby_vein_with_two_fire_rubies_left_keeps_both_without_asking() -> None:
    game = room_game(21, hand=[], deck=[13, 1, 14, 3], exact_deck=True)
    events = run(game, "room")
    assert effect_kinds(events) == ["effect", "dig", "keep", "cleanup", "effect_end"]
    assert game.state.me.hand == [1, 3] and game.state.discard == [13, 14]


# ------------------------------------------------------------------ discard c, dig by relation


@covers("Chaos Vein")
def test_chaos_vein_digs_cards_sharing_nothing_with_the_discarded_card() -> None:
    assert texts(room_game(3, hand=[])) == ["draw"]
    game = room_game(3, hand=[1, 40], deck=[2, 23, 44, 71, 15, 41, 3], discard=PILE)
    run(game, "room")
    assert texts(game) == ["discard G01", "discard G40"]
    events = run(game, "discard G01")  # c = FR+OB
    assert effect_events(events)[1] == (
        "dig", {"cards": [2, 23, 44, 71, 15, 41], "dug": [23, 71, 41], "wanted": 3},
    )  # fmt: skip
    s = game.state
    assert s.me.hand == [23, 40, 41, 71] and s.discard == PILE + [1, 2, 44, 15]


@covers("Crystalarium")
def test_crystalarium_digs_cards_sharing_a_gem_with_the_discarded_card() -> None:
    game = room_game(5, hand=[1, 71], deck=[2, 43, 3, 72, 45, 4], discard=PILE)
    run(game, "room")
    assert texts(game) == ["discard G01", "discard G71"]
    run(game, "discard G71")  # c = DD: the cards showing DD share it
    s = game.state
    assert s.me.hand == [1, 43, 45, 72] and s.discard == PILE + [71, 2, 3]
    assert deck_top(game, 1) == [4]


@covers("Orichalcum Vein")
def test_orichalcum_vein_discards_any_card_and_digs_two_orichalcum() -> None:
    assert texts(room_game(44, hand=[])) == ["draw"]
    game = room_game(44, hand=[9], deck=[1, 57, 2, 3, 58, 4], discard=PILE)
    run(game, "room")
    assert texts(game) == ["discard G09"]  # asked even with one choice (ruling GR-9c)
    run(game, "discard G09")
    s = game.state
    assert s.me.hand == [57, 58] and s.discard == PILE + [9, 1, 2, 3]


# ------------------------------------------------------------------ name, dig


@covers("Wish Vein")
def test_wish_vein_names_a_gem_and_digs_one_card_showing_it() -> None:
    for tile in (77, 78):
        game = room_game(tile, hand=[], deck=[1, 2, 64, 3], discard=PILE)
        run(game, "room")
        assert texts(game) == NAMES
        events = run(game, "name WS")
        assert effect_kinds(events) == ["name", "dig", "keep", "cleanup", "effect_end"]
        s = game.state
        assert s.me.hand == [64] and s.discard == PILE + [1, 2] and deck_top(game, 1) == [3]


@covers("Wish Geyser")
def test_wish_geyser_names_two_gems_and_digs_two_cards_showing_either() -> None:
    game = room_game(75, hand=[], deck=[1, 52, 2, 13, 3], discard=PILE)
    run(game, "room")
    assert texts(game) == PAIRS
    run(game, "name PF EG")
    s = game.state
    assert s.me.hand == [13, 52] and s.discard == PILE + [1, 2] and deck_top(game, 1) == [3]


# ------------------------------------------------------------------ Diamond Splitter


@covers("Diamond Splitter")
def test_diamond_splitter_digs_a_card_with_both_named_gems_and_scores_one() -> None:
    assert texts(room_game(8, hand=[1, 50])) == ["draw"]  # no DD card (R53)
    game = room_game(8, hand=[1, 43, 71], deck=[13, 3, 2, 4], discard=PILE, scores=[2, 0])
    run(game, "room")
    assert texts(game) == ["discard G43", "discard G71"]
    run(game, "discard G71")
    assert texts(game) == PAIRS
    events = run(game, "name FR OB")
    assert effect_kinds(events) == ["name", "dig", "keep", "score", "cleanup", "effect_end"]
    s = game.state
    assert s.me.hand == [1, 2, 43] and s.me.score == 3
    assert s.discard == PILE + [71, 13, 3] and deck_top(game, 1) == [4]


@covers("Diamond Splitter")
def test_diamond_splitter_naming_a_pair_no_card_shows_still_scores() -> None:
    """R80, R63: EG with OR is on no card: the dig turns the deck and the refilled pile (with
    the discarded DD card) over, finds nothing and ends; the point is scored anyway."""
    game = room_game(8, hand=[71], deck=[1, 2, 3], discard=[4, 5], exact_deck=True)
    refill = reshuffled(game, [4, 5, 71])
    events = run(game, "room", "discard G71", "name EG OR")
    turned = [1, 2, 3, *refill]
    assert effect_kinds(events) == [
        "effect", "discard", "name", "reshuffle", "dig", "score", "cleanup", "effect_end",
    ]  # fmt: skip
    assert effect_events(events)[4] == ("dig", {"cards": turned, "dug": [], "wanted": 1})
    s = game.state
    assert s.me.hand == [] and s.me.score == 1
    assert s.discard == turned and s.deck == []


# ------------------------------------------------------------------ Transmuter


@covers("Transmuter")
def test_transmuter_discards_x_names_a_gem_and_digs_x() -> None:
    game = room_game(62, hand=[1, 2, 3], deck=[13, 11, 14, 30, 29], discard=PILE)
    run(game, "room")
    assert texts(game) == ["discard G01", "discard G02", "discard G03", "done"]
    events = run(game, "discard G02", "discard G01", "done")
    assert effect_events(events)[-1] == ("x_chosen", {"x": 2})
    assert texts(game) == NAMES
    events = run(game, "name RH")
    assert effect_events(events)[1] == (
        "dig", {"cards": [13, 11, 14, 30], "dug": [11, 30], "wanted": 2},
    )  # fmt: skip
    s = game.state
    assert s.me.hand == [3, 11, 30] and s.discard == PILE + [1, 2, 13, 14]


@covers("Transmuter")
def test_transmuter_with_x_zero_does_nothing() -> None:
    """R98: X = 0 is legal and does nothing; GR-R98a: no gem is named."""
    game = room_game(62, hand=[1], deck=[13], discard=PILE)
    events = run(game, "room", "done")
    assert effect_kinds(events) == ["effect", "x_chosen", "effect_end"]
    s = game.state
    assert s.me.hand == [1] and s.discard == PILE and deck_top(game, 1) == [13]
    empty = room_game(62, hand=[], deck=[13])
    assert texts(empty) == ["draw", "room"]
    assert effect_kinds(run(empty, "room")) == ["effect", "effect_end"]


# ------------------------------------------------------------------ Warpstone Vein


@covers("Warpstone Vein")
def test_warpstone_vein_digs_a_warpstone_card_then_draws_one() -> None:
    game = room_game(73, hand=[], deck=[1, 64, 2, 3], discard=PILE)
    events = run(game, "room")
    assert effect_kinds(events) == ["effect", "dig", "keep", "draw", "cleanup", "effect_end"]
    s = game.state
    assert s.me.hand == [2, 64] and s.me.known == [64]  # the drawn card is not known (R89)
    assert s.discard == PILE + [1] and deck_top(game, 1) == [3]


@covers("Warpstone Vein")
def test_warpstone_vein_after_a_failed_dig_draws_nothing() -> None:
    """R35, R63: every card not in a hand is set aside in the row, which is never refilled
    from, so the DRAW 1 that follows yields nothing."""
    game = room_game(73, hand=[], deck=[1, 2], exact_deck=True)
    events = run(game, "room")
    assert next(e for e in events if e.kind == "draw").data["count"] == 0
    assert game.state.me.hand == [] and game.state.discard == [1, 2]
