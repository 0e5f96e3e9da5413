"""Room scenarios with exact outcomes: the draw and reveal families (Gem Rush spec §4.3, §4.5).

Rooms: the eleven ``reveal_keep_all`` rooms (the seven fountains, Diamond Spring, Hope Spring,
Nexus, Ruins), ``reveal_keep_all_plus`` (Hope Well, Volcanic Well), ``reveal_keep`` (Rich
Deposits, Honeycomb), and the plain draws (Mine Shaft, Workshop, Crystal Garden, Dark Pit,
Recycler, Patience Vein). Each scenario sets the hand, the deck (top first) and the discard pile
(bottom first), uses the room as the phase-3 action, and checks the hand, the known cards
(Gem Rush R89), the pile's order after cleanup (Gem Rush R39), the deck, the score and the
events. Edge cases: a reveal across a refill (Gem Rush R35), a reveal with the deck and the pile
both empty (Gem Rush R64), counts taken at the start (Crystal Garden) or against strictly higher
scores (Recycler, Gem Rush R99), Dark Pit at 0 points (Gem Rush R78), and the Patience flag
(Gem Rush R12).
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

from iridescia.games.gemrush.data import TILE_BY_ID
from iridescia.games.gemrush.state import PH_HAND, PH_MOVE

HAND = [75]  # a lone DD: a card the effects below never touch
PILE = [73, 74]  # the discard pile before the effect, bottom first


def reveal_keep_all(tile: int, deck: Sequence[int], kept: Sequence[int]) -> None:
    """REVEAL n (n = len(deck) - 1). KEEP ALL test: exactly ``kept`` are kept, in the order they
    were turned up; the others go to the pile in that order (Gem Rush R39); the last card of
    ``deck`` stays on top of the deck."""
    n = len(deck) - 1
    game = room_game(tile, hand=HAND, deck=deck, discard=PILE)
    assert texts(game) == ["draw", "room"]
    events = run(game, "room")
    s = game.state
    turned = list(deck[:n])
    rest = [c for c in turned if c not in kept]
    room = TILE_BY_ID[tile].room
    want = [("effect", {"tile": tile, "room": room.name, "effect": room.effect, "as_action": True})]
    want += [("reveal", {"cards": turned, "wanted": n})]
    want += [("keep", {"cards": list(kept)})] if kept else []
    want += [("cleanup", {"cards": rest})] if rest else []
    want += [("effect_end", {"tile": tile})]
    assert effect_events(events) == want
    assert s.me.hand == sorted(HAND + list(kept))
    assert s.me.known == sorted(kept)  # kept face up: everyone saw them (R89)
    assert s.discard == PILE + rest
    assert s.revealed == [] and s.dug == []
    assert deck_top(game, 1) == [deck[n]]
    assert s.me.score == 0 and s.me.room == tile


# ------------------------------------------------------------------ reveal n, keep all matching


@covers("Auric Fountain")
def test_auric_fountain_keeps_star_tear_and_fire_ruby() -> None:
    # 5 cards: OB+PF, FR+ST, ST+DD, PF+RH, FR+OR; keeps any of {ST, FR}
    reveal_keep_all(1, [13, 5, 46, 29, 57, 24], [5, 46, 57])


@covers("Electrum Fountain")
def test_electrum_fountain_keeps_electrum_and_permafrost() -> None:
    # 7 cards: FR+OB, PF+EL, EL+DD, OB+ST, OB+PF, SS+RH, PF+OR; keeps any of {EL, PF}
    reveal_keep_all(17, [1, 25, 47, 15, 13, 41, 59, 2], [25, 47, 13, 59])


@covers("Electrum Fountain")
def test_electrum_fountain_reveals_across_a_refill() -> None:
    """R35, R36: the deck holds 3 cards; the 4th card needed reshuffles the whole pile."""
    pile = [47, 15, 13, 42]
    game = room_game(17, hand=[], deck=[25, 1, 7], discard=pile, exact_deck=True)
    refill = reshuffled(game, pile)
    events = run(game, "room")
    turned = [25, 1, 7, *refill]
    kinds = effect_kinds(events)
    assert kinds[:3] == ["effect", "reshuffle", "reveal"]  # the refill comes first (R35)
    assert effect_events(events)[2] == ("reveal", {"cards": turned, "wanted": 7})
    kept = [c for c in turned if c in (25, 7, 47, 13)]  # the EL or PF cards, in row order
    s = game.state
    assert s.me.hand == [7, 13, 25, 47]
    assert s.discard == [c for c in turned if c not in kept]
    assert s.deck == []


@covers("Entropic Fountain")
def test_entropic_fountain_keeps_obsidian_and_soulstone() -> None:
    # 6 cards: FR+PF, OB+SS, SS+DD, PF+ST, OB+DD, ST+EL; keeps any of {OB, SS}
    reveal_keep_all(19, [3, 19, 48, 23, 44, 31, 2], [19, 48, 44])


@covers("Mirror Fountain")
def test_mirror_fountain_keeps_permafrost_and_raw_hope() -> None:
    # 6 cards: FR+OB, PF+RH, OB+ST, PF+EG, RH+WS, ST+SS; keeps any of {PF, RH}
    reveal_keep_all(37, [1, 30, 16, 52, 70, 33, 5], [30, 52, 70])


@covers("Obsidian Fountain")
def test_obsidian_fountain_keeps_obsidian_and_fire_ruby_not_diamond_dust() -> None:
    # 6 cards: PF+ST, FR+OB, FR+OR, SS+RH, OB+WS, DD; a DD counts only as DD (R27, R51)
    reveal_keep_all(42, [23, 2, 57, 42, 65, 71, 9], [2, 57, 65])


@covers("Soulstone Fountain")
def test_soulstone_fountain_keeps_soulstone_and_raw_hope() -> None:
    # 7 cards: FR+OB, SS+RH, SS+OR, FR+PF, RH+DD, FR+ST, FR+EL; keeps any of {SS, RH}
    reveal_keep_all(55, [1, 42, 62, 3, 49, 5, 7, 8], [42, 62, 49])


@covers("Star Tear Fountain")
def test_star_tear_fountain_keeps_star_tear_and_electrum() -> None:
    # 6 cards: FR+OB, ST+EL, FR+PF, ST+OR, EL+WS, OB+PF; keeps any of {ST, EL}
    reveal_keep_all(57, [1, 32, 3, 60, 68, 13, 2], [32, 60, 68])


@covers("Diamond Spring")
def test_diamond_spring_reveals_nine_and_keeps_diamond_dust() -> None:
    reveal_keep_all(9, [1, 43, 2, 71, 3, 5, 49, 13, 14, 15], [43, 71, 49])


@covers("Hope Spring")
def test_hope_spring_reveals_twelve_and_keeps_raw_hope() -> None:
    deck = [1, 11, 2, 3, 21, 5, 6, 7, 70, 9, 10, 13, 14]
    reveal_keep_all(25, deck, [11, 21, 70])


@covers("Hope Spring")
def test_hope_spring_with_deck_and_pile_empty_reveals_what_there_is() -> None:
    """R64: the deck holds 5 cards and the pile none: 5 are revealed, the effect goes on."""
    game = room_game(25, hand=[], deck=[1, 11, 2, 3, 21], exact_deck=True)
    events = run(game, "room")
    assert effect_events(events)[1] == ("reveal", {"cards": [1, 11, 2, 3, 21], "wanted": 12})
    s = game.state
    assert s.me.hand == [11, 21] and s.discard == [1, 2, 3] and s.deck == []
    assert "reshuffle" not in effect_kinds(events)


@covers("Nexus")
def test_nexus_keeps_the_cards_with_a_special_gem() -> None:
    # FR+OB, FR+EG, DD, FR+OB: the special cards are G50 and G71
    reveal_keep_all(39, [1, 50, 71, 2, 3], [50, 71])


@covers("Ruins")
def test_ruins_keeps_the_cards_with_only_standard_gems() -> None:
    reveal_keep_all(53, [1, 50, 71, 2, 3], [1, 2])


@covers("Ruins")
def test_ruins_may_keep_nothing() -> None:
    reveal_keep_all(53, [50, 71, 64, 57, 3], [])


# ------------------------------------------------------------------ keep all, then keep 1 more


@covers("Hope Well")
def test_hope_well_keeps_raw_hope_then_one_of_the_rest() -> None:
    game = room_game(26, hand=HAND, deck=[11, 1, 30, 13, 15, 2], discard=PILE)
    events = run(game, "room")
    s = game.state
    assert s.me.hand == [11, 30, 75]  # KEEP ALL has RH, before the choice
    assert texts(game) == ["keep G01", "keep G13", "keep G15"]  # the cards not yet kept (R50)
    events += run(game, "keep G13")
    assert effect_kinds(events) == ["effect", "reveal", "keep", "keep", "cleanup", "effect_end"]
    assert s.me.hand == [11, 13, 30, 75] and s.me.known == [11, 13, 30]
    assert s.discard == PILE + [1, 15]  # in the order turned up (R39)
    assert deck_top(game, 1) == [2]


@covers("Hope Well")
def test_hope_well_with_every_card_kept_asks_nothing() -> None:
    """R91: KEEP 1 of no eligible card keeps nothing, without a decision."""
    game = room_game(26, hand=[], deck=[11, 12, 21, 22, 29])
    run(game, "room")
    s = game.state
    assert s.me.hand == [11, 12, 21, 22, 29] and s.fx_room == -1 and s.discard == []


@covers("Volcanic Well")
def test_volcanic_well_keeps_fire_ruby_or_obsidian_then_one_more() -> None:
    game = room_game(69, hand=HAND, deck=[1, 23, 31, 5], discard=PILE)
    run(game, "room")
    s = game.state
    assert s.me.hand == [1, 75]
    assert texts(game) == ["keep G23", "keep G31"]
    run(game, "keep G31")
    assert s.me.hand == [1, 31, 75] and s.discard == PILE + [23]
    assert deck_top(game, 1) == [5]


@covers("Volcanic Well")
def test_volcanic_well_with_one_card_left_keeps_it_without_asking() -> None:
    game = room_game(69, hand=[], deck=[1, 2, 31])
    events = run(game, "room")
    assert effect_kinds(events) == ["effect", "reveal", "keep", "keep", "effect_end"]
    assert game.state.me.hand == [1, 2, 31]


# ------------------------------------------------------------------ reveal n, keep k


@covers("Rich Deposits")
def test_rich_deposits_reveals_three_and_keeps_two() -> None:
    game = room_game(51, hand=HAND, deck=[5, 71, 64, 13], discard=PILE)
    run(game, "room")
    assert texts(game) == ["keep G05", "keep G64", "keep G71"]  # KEEP 2 of all 3 (R38)
    run(game, "keep G71")
    assert texts(game) == ["keep G05", "keep G64"]
    events = run(game, "keep G05")  # the second keep closes the choice (R91)
    s = game.state
    assert s.me.hand == [5, 71, 75] and s.me.known == [5, 71]
    assert s.discard == PILE + [64]
    assert effect_kinds(events) == ["keep", "cleanup", "effect_end"]
    assert [e.data["cards"] for e in events if e.kind == "keep"] == [[71, 5]]


@covers("Rich Deposits")
def test_rich_deposits_on_the_second_tile_too() -> None:
    """R64, R91: 2 cards between the deck and the pile: both revealed, both kept, no choice."""
    game = room_game(52, hand=[], deck=[5, 71], exact_deck=True)
    events = run(game, "room")
    assert effect_kinds(events) == ["effect", "reveal", "keep", "effect_end"]
    assert game.state.me.hand == [5, 71] and game.state.deck == game.state.discard == []


@covers("Honeycomb")
def test_honeycomb_reveals_six_and_keeps_one() -> None:
    game = room_game(22, hand=HAND, deck=[1, 2, 3, 5, 7, 9, 11], discard=PILE)
    run(game, "room")
    assert texts(game) == ["keep G01", "keep G02", "keep G03", "keep G05", "keep G07", "keep G09"]
    run(game, "keep G07")
    s = game.state
    assert s.me.hand == [7, 75] and s.discard == PILE + [1, 2, 3, 5, 9]
    assert deck_top(game, 1) == [11]


@covers("Honeycomb")
def test_honeycomb_with_one_card_left_keeps_it() -> None:
    """R64, R91: one card between the deck and the pile: it is revealed and kept."""
    game = room_game(23, hand=[], deck=[9], exact_deck=True)
    events = run(game, "room")
    assert effect_events(events)[1] == ("reveal", {"cards": [9], "wanted": 6})
    assert game.state.me.hand == [9] and game.state.discard == []


# ------------------------------------------------------------------ draws


@covers("Mine Shaft")
def test_mine_shaft_draws_two_face_down() -> None:
    game = room_game(33, hand=HAND, deck=[5, 9, 13], mode="rush")
    events = run(game, "room")
    me = game.state.players[0]
    assert me.hand == [5, 9, 75] and me.known == [] and me.score == 0
    draw = next(e for e in events if e.kind == "draw")
    assert draw.data == {"cards": [5, 9], "count": 2, "wanted": 2, "open": False}
    seen = next(e for e in game.redact(events, 1) if e.kind == "draw")
    assert "cards" not in seen.data and seen.data["count"] == 2  # R47: hidden in Rush
    assert deck_top(game, 1) == [13]


@covers("Mine Shaft")
def test_mine_shaft_draws_across_a_refill_and_then_nothing() -> None:
    """R35: the second card comes from the reshuffled pile; R64: with both empty, nothing."""
    game = room_game(34, hand=[], deck=[5], discard=[9], exact_deck=True)
    events = run(game, "room")
    assert effect_kinds(events) == ["effect", "reshuffle", "draw", "effect_end"]
    assert game.state.me.hand == [5, 9] and game.state.deck == game.state.discard == []
    empty = room_game(36, hand=[], exact_deck=True)
    events = run(empty, "room")
    assert next(e for e in events if e.kind == "draw").data["count"] == 0
    assert empty.state.me.hand == []


@covers("Workshop")
def test_workshop_draws_one_and_scores_one() -> None:
    game = room_game(79, hand=[], deck=[5, 9], scores=[4, 0])
    events = run(game, "room")
    s = game.state
    assert s.me.hand == [5] and s.me.score == 5
    assert effect_kinds(events) == ["effect", "draw", "score", "effect_end"]
    assert effect_events(events)[2][1] == {"delta": 1, "total": 5, "reason": "effect"}


@covers("Crystal Garden")
def test_crystal_garden_draws_as_many_as_the_hand_held_at_the_start() -> None:
    """R99: h is counted when the effect starts: 3 cards in hand, 3 drawn."""
    game = room_game(4, hand=[1, 2, 3], deck=[10, 11, 12, 13])
    run(game, "room")
    assert game.state.me.hand == [1, 2, 3, 10, 11, 12]
    assert deck_top(game, 1) == [13]


@covers("Crystal Garden")
def test_crystal_garden_with_an_empty_hand_is_legal_and_does_nothing() -> None:
    """R53: an effect that would do nothing is still legal."""
    game = room_game(4, hand=[], deck=[10])
    assert texts(game) == ["draw", "room"]
    events = run(game, "room")
    assert effect_kinds(events) == ["effect", "effect_end"]
    assert game.state.me.hand == [] and deck_top(game, 1) == [10]


@covers("Dark Pit")
def test_dark_pit_is_unusable_at_zero_points() -> None:
    """R53, R78: Dark Pit needs a score of at least 1."""
    assert texts(room_game(6, scores=[0, 5])) == ["draw"]


@covers("Dark Pit")
def test_dark_pit_loses_a_point_and_draws_four() -> None:
    game = room_game(6, hand=HAND, deck=[1, 2, 3, 5, 7], scores=[1, 0])
    assert texts(game) == ["draw", "room"]
    events = run(game, "room")
    s = game.state
    assert s.me.score == 0 and s.me.hand == [1, 2, 3, 5, 75]
    assert effect_kinds(events) == ["effect", "score", "draw", "effect_end"]
    assert effect_events(events)[1][1] == {"delta": -1, "total": 0, "reason": "effect"}


@covers("Recycler")
def test_recycler_draws_one_per_player_strictly_ahead() -> None:
    """R99: individual scores, strictly higher: 5 and 7 count, the tie at 3 does not (Crisis)."""
    game = room_game(49, players=4, deck=[1, 2, 3], scores=[3, 5, 3, 7])
    run(game, "room")
    assert game.state.me.hand == [1, 2] and deck_top(game, 1) == [3]


@covers("Recycler")
def test_recycler_in_the_lead_draws_nothing() -> None:
    game = room_game(49, players=3, deck=[1], scores=[7, 7, 2], mode="rush")
    assert texts(game) == ["draw", "room"]
    events = run(game, "room")
    assert effect_kinds(events) == ["effect", "effect_end"] and game.state.players[0].hand == []


@covers("Patience Vein")
def test_patience_vein_draws_one_and_skips_the_next_hand_limit() -> None:
    """R12: the flag skips the next phase 1 (the hand keeps 6 cards) and is then cleared."""
    game = room_game(45, hand=[1, 2, 3, 5, 7], deck=[9, 10, 11, 12], mode="rush")
    events = run(game, "room")
    s = game.state
    assert effect_kinds(events) == ["effect", "draw", "patience", "effect_end"]
    assert s.players[0].hand == [1, 2, 3, 5, 7, 9] and s.players[0].patience
    events = run(game, "end", "draw")  # seat 1's turn
    assert s.current == 0 and s.phase == PH_MOVE  # phase 1 skipped
    assert [e.kind for e in events][-2:] == ["turn", "patience_skip"]
    assert len(s.me.hand) == 6 and not s.me.patience
    run(game, "end", "draw", "end", "draw")  # seat 0 draws G11, seat 1 G12
    assert s.current == 0 and s.phase == PH_HAND  # the limit applies again
    assert texts(game) == [f"discard G{c:02d}" for c in (1, 2, 3, 5, 7, 9, 11)]
