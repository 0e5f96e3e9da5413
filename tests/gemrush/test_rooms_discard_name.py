"""Room scenarios with exact outcomes: the discard, name and take families (Gem Rush §4.3, §4.5).

Rooms: the six Shafts and Insight Well (``discard_reveal_keep``), Chaos Fountain, Wish Spring,
Wish Fountain, Dissonance Fountain, Resonant Chamber, Temperance Vein, Dream Shaft, Diamond
Refinery, Hope Refinery, Maelstrom, Vortex, Eddy and Echo Chamber. Each scenario checks which
choices are offered (DISCARD ONE offers exactly the matching hand cards; an effect without one
is not offered at all, Gem Rush R53; NAME offers the 11 gems and NAME 2 the 55 unordered pairs,
Gem Rush R79), then the hand, the pile's order (Gem Rush R39, R40), the deck, the score and the
events. Edge cases: X = 0 (Hope Refinery, Maelstrom; Gem Rush R98), counts after the discards
(Maelstrom, Gem Rush R99), a discarded card coming back through a refill within the same effect
(Gem Rush R35), and Echo Chamber taking the four cards beneath the Echoglass (Gem Rush R82).
"""

from __future__ import annotations

from collections.abc import Sequence

from room_cases import covers, deck_top, effect_events, effect_kinds, room_game, run, texts

from iridescia.games.gemrush.schemas import GEM_CODES

PILE = [73, 74]  # the discard pile before the effect, bottom first
NAMES = [f"name {g}" for g in GEM_CODES]
PAIRS = [f"name {a} {b}" for i, a in enumerate(GEM_CODES) for b in GEM_CODES[i + 1 :]]


def discard_reveal_keep(tile: int, matching: Sequence[int], other: int, k: int = 3) -> None:
    """DISCARD ONE test (the matching cards are offered, ``other`` is not). REVEAL 5. KEEP k."""
    assert texts(room_game(tile, hand=[other])) == ["draw"]  # no matching card (R53)
    deck = [31, 32, 33, 34, 35, 36]
    game = room_game(tile, hand=[*matching, other], deck=deck, discard=PILE)
    assert texts(game) == ["draw", "room"]
    run(game, "room")
    assert texts(game) == [f"discard G{c:02d}" for c in sorted(matching)]
    c = matching[0]
    events = run(game, f"discard G{c:02d}")
    assert texts(game) == ["keep G31", "keep G32", "keep G33", "keep G34", "keep G35"]
    choice = [35, 31, 33][:k]
    for card in choice:
        events += run(game, f"keep G{card:02d}")
    s = game.state
    rest = [card for card in deck[:5] if card not in choice]
    assert effect_kinds(events) == ["discard", "reveal", "keep", "cleanup", "effect_end"]
    assert s.me.hand == sorted([*matching[1:], other, *choice]) and s.me.known == sorted(choice)
    assert s.discard == PILE + [c] + rest  # c first, then the cleanup (R39)
    assert deck_top(game, 1) == [36] and s.fx_room == -1


# ------------------------------------------------------------------ discard one, reveal, keep


@covers("Electrum Shaft")
def test_electrum_shaft_discards_an_electrum_card() -> None:
    discard_reveal_keep(18, [17, 47], other=13)  # OB+EL, EL+DD; not OB+PF


@covers("Fire Ruby Shaft")
def test_fire_ruby_shaft_discards_a_fire_ruby_card() -> None:
    discard_reveal_keep(20, [3, 43], other=13)  # FR+PF, FR+DD; not OB+PF


@covers("Obsidian Shaft")
def test_obsidian_shaft_discards_an_obsidian_card() -> None:
    discard_reveal_keep(43, [13, 44], other=3)  # OB+PF, OB+DD; not FR+PF


@covers("Permafrost Shaft")
def test_permafrost_shaft_discards_a_permafrost_card() -> None:
    discard_reveal_keep(46, [13, 45], other=7)  # OB+PF, PF+DD; not FR+EL


@covers("Soulstone Shaft")
def test_soulstone_shaft_discards_a_soulstone_card() -> None:
    discard_reveal_keep(56, [19, 48], other=13)  # OB+SS, SS+DD; not OB+PF


@covers("Star Tear Shaft")
def test_star_tear_shaft_discards_a_star_tear_card() -> None:
    discard_reveal_keep(58, [15, 46], other=13)  # OB+ST, ST+DD; not OB+PF


@covers("Insight Well")
def test_insight_well_discards_any_card_and_keeps_two() -> None:
    assert texts(room_game(27, hand=[])) == ["draw"]  # DISCARD ONE needs a card (R53)
    game = room_game(27, hand=[71, 3], deck=[31, 32, 33, 34, 35, 36], discard=PILE)
    run(game, "room")
    assert texts(game) == ["discard G03", "discard G71"]  # any card
    run(game, "discard G71", "keep G34")
    assert texts(game) == ["keep G31", "keep G32", "keep G33", "keep G35"]
    run(game, "keep G32")
    s = game.state
    assert s.me.hand == [3, 32, 34] and s.discard == PILE + [71, 31, 33, 35]


# ------------------------------------------------------------------ discard c, keep by relation


@covers("Chaos Fountain")
def test_chaos_fountain_keeps_what_shares_nothing_with_the_discarded_card() -> None:
    """R54: the comparison card c is the card actually discarded."""
    assert texts(room_game(2, hand=[])) == ["draw"]
    deck = [2, 23, 44, 71, 35, 9]  # FR+OB, PF+ST, OB+DD, DD, ST+RH; then FR+SS
    game = room_game(2, hand=[1, 41], deck=deck, discard=PILE)
    run(game, "room")
    assert texts(game) == ["discard G01", "discard G41"]
    events = run(game, "discard G01")  # c = FR+OB
    s = game.state
    assert effect_kinds(events) == ["discard", "reveal", "keep", "cleanup", "effect_end"]
    assert s.me.hand == [23, 35, 41, 71] and s.discard == PILE + [1, 2, 44]
    other = room_game(2, hand=[1, 41], deck=deck, discard=PILE)
    run(other, "room", "discard G41")  # c = SS+RH: now G35 (ST+RH) shares RH
    assert other.state.me.hand == [1, 2, 23, 44, 71] and other.state.discard == PILE + [41, 35]


# ------------------------------------------------------------------ name, reveal, keep


@covers("Wish Spring")
def test_wish_spring_names_a_gem_and_keeps_the_cards_showing_it() -> None:
    game = room_game(76, hand=[], deck=[1, 57, 2, 58, 3, 59, 4], discard=PILE)
    run(game, "room")
    assert texts(game) == NAMES  # any of the 11 gems, special ones too (R50)
    events = run(game, "name OR")
    assert effect_events(events)[0] == ("name", {"gems": ["OR"]})
    assert effect_kinds(events) == ["name", "reveal", "keep", "cleanup", "effect_end"]
    s = game.state
    assert s.me.hand == [57, 58, 59] and s.discard == PILE + [1, 2, 3]
    assert deck_top(game, 1) == [4]


@covers("Wish Fountain")
def test_wish_fountain_names_two_gems_and_keeps_any_of_them() -> None:
    game = room_game(74, hand=[], deck=[13, 64, 5, 9], discard=PILE)
    run(game, "room")
    assert texts(game) == PAIRS and len(PAIRS) == 55  # unordered pairs of different gems (R79)
    events = run(game, "name WS FR")  # either order is read as the canonical "name FR WS"
    assert effect_events(events)[0] == ("name", {"gems": ["FR", "WS"]})
    s = game.state
    assert s.me.hand == [5, 64] and s.discard == PILE + [13]


@covers("Dissonance Fountain")
def test_dissonance_fountain_keeps_the_cards_showing_neither_named_gem() -> None:
    game = room_game(12, hand=[], deck=[13, 23, 5, 9], discard=PILE)
    run(game, "room")
    assert texts(game) == PAIRS
    run(game, "name FR OB")
    s = game.state
    assert s.me.hand == [23] and s.discard == PILE + [13, 5]


@covers("Resonant Chamber")
def test_resonant_chamber_names_the_gem_after_seeing_the_cards() -> None:
    """R81: REVEAL 4 comes first; the name is chosen with the cards face up."""
    game = room_game(50, hand=[], deck=[5, 13, 46, 60, 1], discard=PILE)
    events = run(game, "room")
    assert effect_kinds(events)[-1] == "reveal" and game.state.revealed == [5, 13, 46, 60]
    assert texts(game) == NAMES
    events = run(game, "name ST")
    assert effect_kinds(events) == ["name", "keep", "cleanup", "effect_end"]
    s = game.state
    assert s.me.hand == [5, 46, 60] and s.discard == PILE + [13]


# ------------------------------------------------------------------ discard, then draw or score


@covers("Temperance Vein")
def test_temperance_vein_discards_any_card_and_draws_three() -> None:
    assert texts(room_game(59, hand=[])) == ["draw"]
    game = room_game(59, hand=[1, 2], deck=[5, 7, 9, 11], discard=PILE)
    run(game, "room")
    assert texts(game) == ["discard G01", "discard G02"]
    events = run(game, "discard G02")
    assert effect_kinds(events) == ["discard", "draw", "effect_end"]
    s = game.state
    assert s.me.hand == [1, 5, 7, 9] and s.discard == PILE + [2] and deck_top(game, 1) == [11]


@covers("Temperance Vein")
def test_temperance_vein_draws_its_own_discard_back_through_a_refill() -> None:
    """R35: a refill takes the whole pile, cards discarded earlier in the effect included;
    R64: then both are empty and the third draw yields nothing."""
    game = room_game(60, hand=[2], deck=[5], exact_deck=True)
    events = run(game, "room", "discard G02")
    assert effect_kinds(events)[-4:] == ["discard", "reshuffle", "draw", "effect_end"]
    draw = next(e for e in events if e.kind == "draw")
    assert draw.data["cards"] == [5, 2] and draw.data["wanted"] == 3
    assert game.state.me.hand == [2, 5] and game.state.discard == game.state.deck == []


@covers("Dream Shaft")
def test_dream_shaft_discards_a_soulstone_or_raw_hope_card_and_draws_four() -> None:
    assert texts(room_game(13, hand=[1, 3, 71])) == ["draw"]
    game = room_game(13, hand=[1, 3, 9, 11, 48], deck=[5, 7, 13, 14, 15], discard=PILE)
    run(game, "room")
    assert texts(game) == ["discard G09", "discard G11", "discard G48"]
    run(game, "discard G11")
    s = game.state
    assert s.me.hand == [1, 3, 5, 7, 9, 13, 14, 48] and s.discard == PILE + [11]


@covers("Diamond Refinery")
def test_diamond_refinery_discards_diamond_dust_scores_two_and_draws_one() -> None:
    assert texts(room_game(7, hand=[1, 50])) == ["draw"]
    game = room_game(7, hand=[1, 43, 71], deck=[5, 7], discard=PILE, scores=[3, 0])
    run(game, "room")
    assert texts(game) == ["discard G43", "discard G71"]
    events = run(game, "discard G71")
    assert effect_kinds(events) == ["discard", "score", "draw", "effect_end"]
    s = game.state
    assert s.me.hand == [1, 5, 43] and s.me.score == 5 and s.discard == PILE + [71]


@covers("Hope Refinery")
def test_hope_refinery_scores_one_per_raw_hope_card_discarded() -> None:
    game = room_game(24, hand=[1, 11, 21, 49], deck=[5, 7], discard=PILE, scores=[1, 0])
    run(game, "room")
    assert texts(game) == ["discard G11", "discard G21", "discard G49", "done"]
    run(game, "discard G49")
    assert texts(game) == ["discard G11", "discard G21", "done"]
    events = run(game, "discard G11", "done")
    assert effect_kinds(events) == ["discard", "x_chosen", "score", "draw", "effect_end"]
    s = game.state
    assert s.discard == PILE + [11, 49]  # one event, id order (R40)
    assert s.me.score == 3 and s.me.hand == [1, 5, 21]


@covers("Hope Refinery")
def test_hope_refinery_with_x_zero_scores_nothing_and_draws_one() -> None:
    """R98: X = 0 is legal, whether chosen (a Raw Hope card kept) or forced (none held)."""
    game = room_game(24, hand=[11], deck=[5], discard=PILE)
    events = run(game, "room", "done")
    assert effect_kinds(events) == ["effect", "x_chosen", "draw", "effect_end"]
    assert game.state.me.hand == [5, 11] and game.state.me.score == 0
    forced = room_game(24, hand=[1], deck=[5], discard=PILE)
    assert texts(forced) == ["draw", "room"]
    events = run(forced, "room")  # nothing qualifies: no decision at all
    assert effect_kinds(events) == ["effect", "draw", "effect_end"]
    assert forced.state.me.hand == [1, 5] and forced.state.discard == PILE


@covers("Maelstrom")
def test_maelstrom_draws_up_to_three_counted_after_the_discards() -> None:
    """R99: 4 cards, 2 discarded, so 1 is drawn."""
    game = room_game(28, hand=[1, 13, 20, 30], deck=[5, 7], discard=PILE)
    run(game, "room")
    assert texts(game) == ["discard G01", "discard G13", "discard G20", "discard G30", "done"]
    events = run(game, "discard G30", "discard G13", "done")
    assert effect_kinds(events) == ["discard", "x_chosen", "draw", "effect_end"]
    s = game.state
    assert s.discard == PILE + [13, 30] and s.me.hand == [1, 5, 20]


@covers("Maelstrom")
def test_maelstrom_with_x_zero() -> None:
    """R98: keeping all 4 cards draws nothing; an empty hand (X = 0 forced) draws 3."""
    game = room_game(28, hand=[1, 13, 20, 30], deck=[5], discard=PILE)
    events = run(game, "room", "done")
    assert effect_kinds(events) == ["effect", "x_chosen", "effect_end"]
    assert game.state.me.hand == [1, 13, 20, 30] and deck_top(game, 1) == [5]
    empty = room_game(28, hand=[], deck=[5, 7, 9, 11])
    events = run(empty, "room")
    assert effect_kinds(events) == ["effect", "draw", "effect_end"]
    assert empty.state.me.hand == [5, 7, 9]


@covers("Vortex")
def test_vortex_discards_the_whole_hand_and_draws_four() -> None:
    game = room_game(70, hand=[40, 3, 17], deck=[5, 7, 9, 11, 13], discard=PILE)
    events = run(game, "room")
    assert effect_kinds(events) == ["effect", "discard", "draw", "effect_end"]
    s = game.state
    assert s.discard == PILE + [3, 17, 40] and s.me.hand == [5, 7, 9, 11]
    empty = room_game(70, hand=[], deck=[5, 7, 9, 11, 13])
    assert effect_kinds(run(empty, "room")) == ["effect", "draw", "effect_end"]


# ------------------------------------------------------------------ take from the discard pile


@covers("Eddy")
def test_eddy_takes_the_top_two_cards_of_the_pile() -> None:
    game = room_game(16, hand=[1], discard=[5, 9, 14])
    events = run(game, "room")
    assert effect_events(events)[1] == ("take", {"cards": [9, 14], "wanted": 2})
    s = game.state
    assert s.discard == [5] and s.me.hand == [1, 9, 14] and s.me.known == [9, 14]  # R89
    short = room_game(16, discard=[5])  # R82: as many as the pile has
    run(short, "room")
    assert short.state.me.hand == [5] and short.state.discard == []
    empty = room_game(16)
    assert texts(empty) == ["draw", "room"]  # a take may fall short (R53)
    run(empty, "room")
    assert empty.state.me.hand == []


@covers("Echo Chamber")
def test_echo_chamber_takes_the_four_cards_beneath_the_echoglass() -> None:
    """R82: the Echoglass card goes on the pile first and stays alone on top."""
    assert texts(room_game(14, hand=[1, 71], discard=[2, 3])) == ["draw"]
    game = room_game(14, hand=[1, 50, 52], discard=[2, 3, 4, 5, 6, 7])
    run(game, "room")
    assert texts(game) == ["discard G50", "discard G52"]
    events = run(game, "discard G52")
    assert effect_kinds(events) == ["discard", "take", "effect_end"]
    s = game.state
    assert s.discard == [2, 3, 52] and s.me.hand == [1, 4, 5, 6, 7, 50]
    assert s.me.known == [4, 5, 6, 7]
    short = room_game(14, hand=[50], discard=[2, 3])
    run(short, "room", "discard G50")
    assert short.state.discard == [50] and short.state.me.hand == [2, 3]
