"""Tests of the Gem Rush payment matcher (Gem Rush R26–R31, R83; spec §9 for the decision).

Three layers:

- the rulebook's worked examples and the spec's rulings, as tables (each row names its rule);
- a brute-force reference written straight from R26–R31: it tries every way of giving each slot
  its own printed gem and keeps the card sets whose non-filling cards the rules allow. Hypothesis
  compares ``match``, ``can_pay``, ``extensions`` and ``best_payment`` with it on random hands,
  from the provisional deck (§2.3.1) and from synthetic cards (OR+WS, doubled gems, 3-gem cards);
- the one-card-at-a-time payment walk of §9 never gets stuck.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iridescia.games.gemrush.payment import Card, best_payment, can_pay, extensions, match

FR, OB, PF, ST, EL, SS, RH = range(7)
DD, EG, OR, WS = 7, 8, 9, 10
STANDARD = range(7)


def _provisional_deck() -> list[Card]:
    """The 75 provisional cards G01–G75 of spec §2.3.1, in id order."""
    deck: list[Card] = []
    for a, b in combinations(STANDARD, 2):  # G01–G42: each standard pair twice
        deck += [(a, b), (a, b)]
    for special in (DD, EG, OR, WS):  # G43–G70: each standard gem with each special gem once
        deck += [(g, special) for g in STANDARD]
    deck += [(DD,)] * 5  # G71–G75
    return deck


DECK = _provisional_deck()


def test_the_provisional_deck_matches_the_spec_table() -> None:
    assert len(DECK) == 75
    assert sum(len(card) == 1 for card in DECK) == 5
    for g in STANDARD:
        assert sum(g in card for card in DECK) == 16
    assert [sum(s in card for card in DECK) for s in (DD, EG, OR, WS)] == [12, 7, 7, 7]
    assert all(list(card) == sorted(card) for card in DECK)


# --- the brute-force reference -------------------------------------------------------------


def _assignments(
    hand: Sequence[Card], cost: Sequence[int]
) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every way to give each slot its own printed gem (card, position) that may stand in it.

    R26: a slot of gem g takes a printed g, a DD or an EG. Slots of the same gem are
    interchangeable, so equal slots take positions in increasing order (no duplicates).
    """
    positions = [(c, p) for c, card in enumerate(hand) for p in range(len(card))]
    picked: list[int] = []

    def extend(slot: int) -> Iterator[tuple[tuple[int, int], ...]]:
        if slot == len(cost):
            yield tuple(positions[i] for i in picked)
            return
        g = cost[slot]
        start = picked[-1] + 1 if slot and cost[slot - 1] == g else 0
        for i in range(start, len(positions)):
            c, p = positions[i]
            if i in picked or hand[c][p] not in (g, DD, EG):
                continue
            picked.append(i)
            yield from extend(slot + 1)
            picked.pop()

    yield from extend(0)


def _echoglass_ok(
    hand: Sequence[Card], cost: Sequence[int], slots: Sequence[tuple[int, int]]
) -> bool:
    """R28: an EG in a slot of g needs another slot of g filled by a printed g."""
    printed = [hand[c][p] for c, p in slots]
    return all(
        printed[s] != EG
        or any(t != s and cost[t] == cost[s] and printed[t] == cost[s] for t in range(len(cost)))
        for s in range(len(cost))
    )


def _bonus(hand: Sequence[Card], slots: Sequence[tuple[int, int]]) -> int:
    """R29: each OR on a card scores if another gem on that same card fills a slot."""
    used = set(slots)
    return sum(
        1
        for c, card in enumerate(hand)
        for p, gem in enumerate(card)
        if gem == OR and any((c, q) in used for q in range(len(card)) if q != p)
    )


def reference(hand: Sequence[Card], cost: Sequence[int], warp: bool) -> dict[frozenset[int], int]:
    """Every valid payment S (card indices into ``hand``) with its largest bonus, from R26–R31.

    A matching of the slots into the hand is a matching for every S containing the cards it uses.
    The other cards of S fill nothing, so R31 allows none of them, except that a warped payment
    (R30) may hold exactly one such card if it shows WS, and must hold a card showing WS.
    """
    valid: dict[frozenset[int], int] = {}
    ws_cards = [c for c, card in enumerate(hand) if WS in card]
    for slots in _assignments(hand, cost):
        if not _echoglass_ok(hand, cost, slots):
            continue
        filling = frozenset(c for c, _ in slots)
        bonus = _bonus(hand, slots)
        payments = []
        if not warp or any(WS in hand[c] for c in filling):
            payments.append(filling)
        if warp:
            payments += [filling | {w} for w in ws_cards if w not in filling]
        for payment in payments:
            valid[payment] = max(valid.get(payment, bonus), bonus)
    return valid


def literal_match(cards: Sequence[Card], cost: Sequence[int], warp: bool) -> int | None:
    """R26–R31 applied to the single set S = ``cards``, with no shortcut at all."""
    best: int | None = None
    for slots in _assignments(cards, cost):
        if not _echoglass_ok(cards, cost, slots):
            continue
        idle = [c for c in range(len(cards)) if c not in {c for c, _ in slots}]
        if warp:
            if not any(WS in card for card in cards):
                continue
            if len(idle) > 1 or (idle and WS not in cards[idle[0]]):
                continue
        elif idle:
            continue
        bonus = _bonus(cards, slots)
        best = bonus if best is None else max(best, bonus)
    return best


def reference_extensions(
    valid: dict[frozenset[int], int], chosen: frozenset[int], rest: Sequence[int]
) -> list[int]:
    return [j for j, i in enumerate(rest) if any(chosen | {i} <= payment for payment in valid)]


# --- the rulebook's examples and the spec's rulings ---------------------------------------

EXAMPLES = [
    # (rule, cards, cost, warp, expected bonus or None)
    (
        "R26 OB+PF+EL paid by OB+EL and PF+SS, SS wasted",
        [(OB, EL), (PF, SS)],
        (OB, PF, EL),
        False,
        0,
    ),
    ("R26 a gem that fills nothing is wasted", [(OB, EL)], (OB,), False, 0),
    ("R26 both gems of a card may fill", [(OB, EL)], (OB, EL), False, 0),
    ("R26 every slot needs a gem", [(OB, EL)], (OB, PF, EL), False, None),
    ("R26 a printed gem fills one slot only", [(FR, OB)], (FR, FR), False, None),
    ("R26 doubled gems fill two slots", [(FR, FR)], (FR, FR), False, 0),
    ("R28 FR+FR by FR + EG", [(FR,), (EG,)], (FR, FR), False, 0),
    ("R28 FR+FR by FR+OB + PF+EG", [(FR, OB), (PF, EG)], (FR, FR), False, 0),
    ("R28 FR+FR not by DD + EG", [(DD,), (EG,)], (FR, FR), False, None),
    ("R28 FR+FR not by DD + PF+EG", [(DD,), (PF, EG)], (FR, FR), False, None),
    ("R27 FR+FR by DD + DD", [(DD,), (DD,)], (FR, FR), False, 0),
    ("R27 FR+FR by DD + FR", [(DD,), (FR,)], (FR, FR), False, 0),
    ("R27 FR+FR by DD + FR+OB", [(DD,), (FR, OB)], (FR, FR), False, 0),
    ("R27 DD fills any standard slot", [(DD,), (DD,)], (OB, RH), False, 0),
    ("R28 FR+FR+FR by FR, EG, EG", [(FR,), (EG,), (EG,)], (FR, FR, FR), False, 0),
    ("R28 FR+FR+FR by FR+OB, PF+EG, ST+EG", [(FR, OB), (PF, EG), (ST, EG)], (FR, FR, FR), False, 0),
    ("R28 EG copies a gem of its own card", [(FR, EG)], (FR, FR), False, 0),
    ("R28 EG needs another slot of its gem", [(FR,), (EG,)], (FR, OB), False, None),
    ("R28 EG alone copies nothing", [(EG,)], (FR,), False, None),
    ("R28 EG copies no DD on its own card", [(DD, EG)], (FR, FR), False, None),
    ("R28 EG copies no gem a DD stands in for", [(OB, DD), (EG,)], (FR, OB), False, None),
    ("R28 EG copies only a printed gem of its slot", [(FR, OB), (EG,)], (FR, FR, OB), False, 0),
    ("R29 SS door paid by SS+OR scores 1 more", [(SS, OR)], (SS,), False, 1),
    ("R29 SS from one card, OR from another: invalid", [(SS, RH), (FR, OR)], (SS,), False, None),
    ("R29 OR with a DD that fills", [(DD, OR)], (FR,), False, 1),
    ("R29 two OR cards", [(SS, OR), (FR, OR)], (FR, SS), False, 2),
    (
        "R29 OR on a card whose other gem is wasted: invalid",
        [(FR, OB), (PF, OR)],
        (FR,),
        False,
        None,
    ),
    ("R30 Warpstone example: ST door warped by ST+WS", [(ST, WS)], (ST,), True, 0),
    ("R30 ST+WS pays ST in an ordinary construction", [(ST, WS)], (ST,), False, 0),
    ("R30 warping needs a WS card", [(ST, OB)], (ST,), True, None),
    ("R30 the warp card may fill nothing", [(ST, OB), (FR, WS)], (ST,), True, 0),
    ("R30 an idle WS card in ordinary construction", [(ST, OB), (FR, WS)], (ST,), False, None),
    ("R30 only one card is exempt", [(ST, OB), (FR, WS), (OB, WS)], (ST,), True, None),
    ("R30 the exempt card must show WS", [(ST, WS), (FR, OB)], (ST,), True, None),
    ("R30 two WS cards that both fill", [(ST, WS), (FR, WS)], (FR, ST), True, 0),
    ("R30 an OR+WS warp card scores nothing", [(ST, OB), (OR, WS)], (ST,), True, 0),
    ("R30 an OR+WS card never pays ordinarily", [(ST, OB), (OR, WS)], (ST,), False, None),
    ("R30 free door walked: nothing paid", [], (), False, 0),
    ("R30 free door walked: no card may be paid", [(FR, OB)], (), False, None),
    ("R30 free door warped: one WS card", [(FR, WS)], (), True, 0),
    ("R30 free door warped: no WS card", [], (), True, None),
    ("R30 free door warped: two WS cards", [(FR, WS), (OB, WS)], (), True, None),
    ("R30 free door warped: WS card and another", [(FR, WS), (FR, OB)], (), True, None),
    ("R31 no spare cards", [(FR, OB), (FR, PF)], (FR,), False, None),
    ("R31 largest bonus over matchings", [(FR, OR, WS), (FR, WS)], (FR,), True, 1),
    ("R31 largest bonus, reversed order", [(FR, WS), (FR, OR, WS)], (FR,), True, 1),
    ("R29 each OR on a filling card", [(FR, OR, OR)], (FR,), False, 2),
    ("R29 OR+OR fills nothing", [(FR,), (OR, OR)], (FR,), False, None),
]


@pytest.mark.parametrize(
    ("cards", "cost", "warp", "expected"),
    [row[1:] for row in EXAMPLES],
    ids=[row[0] for row in EXAMPLES],
)
def test_rulebook_examples_and_rulings(
    cards: list[Card], cost: tuple[int, ...], warp: bool, expected: int | None
) -> None:
    assert match(cards, cost, warp) == expected
    assert match(list(reversed(cards)), cost, warp) == expected
    assert literal_match(cards, cost, warp) == expected  # the reference agrees with the table
    assert reference(cards, cost, warp).get(frozenset(range(len(cards)))) == expected
    if expected is not None:
        assert can_pay(cards, cost, warp)


def test_orichalcum_example_scores_two_with_the_door_point() -> None:
    door_points = 1
    bonus = match([(SS, OR)], (SS,), False)
    assert bonus is not None and door_points + bonus == 2  # R32


def test_warpstone_example_as_a_payment_decision() -> None:
    hand = [(ST, OB), (FR, WS), (ST, WS), (PF, EL)]
    # R30: the ST+WS card can do both jobs; ST+OB with either WS card also pays.
    assert can_pay(hand, (ST,), True)
    assert extensions([], hand, (ST,), True) == [0, 1, 2]
    # After ST+WS, ST+OB may fill (ST+WS is then the exempt card) or FR+WS be the exempt card.
    assert extensions([(ST, WS)], [(ST, OB), (FR, WS), (PF, EL)], (ST,), True) == [0, 1]
    assert extensions([(ST, WS), (FR, WS)], [(ST, OB), (PF, EL)], (ST,), True) == []
    assert match([(ST, WS), (FR, WS)], (ST,), True) == 0
    assert extensions([(FR, WS)], [(ST, OB), (ST, WS), (PF, EL)], (ST,), True) == [0, 1]
    assert best_payment(hand, (ST,), True) == ((2,), 0)
    assert not can_pay([(ST, OB)], (ST,), True)
    assert can_pay([(ST, OB)], (ST,), False)


def test_free_doors() -> None:
    assert can_pay([], (), False)
    assert extensions([], [(FR, WS), (FR, OB)], (), False) == []
    assert can_pay([(FR, WS)], (), True) and not can_pay([(FR, OB)], (), True)
    assert extensions([], [(FR, WS), (FR, OB), (OR, WS)], (), True) == [0, 2]
    assert extensions([(FR, WS)], [(OR, WS), (FR, OB)], (), True) == []
    assert best_payment([(FR, OB)], (), False) == ((), 0)
    assert best_payment([(FR, OB), (OR, WS)], (), True) == ((1,), 0)


def test_equal_cards_get_equal_answers_and_indices_follow_rest() -> None:
    rest = [(PF, EL), (SS, OR), (FR, OB), (SS, OR), (DD,)]
    assert extensions([], rest, (SS,), False) == [1, 3, 4]
    assert extensions([(DD,)], rest[:4], (SS, SS), False) == [1, 3]


def test_best_payment_prefers_fewer_cards_then_bonus() -> None:
    hand = [(FR, OB), (FR, OR), (FR, PF), (DD,)]
    assert best_payment(hand, (FR,), False) == ((1,), 1)
    assert best_payment(hand, (FR, OB), False) == ((0,), 0)
    assert best_payment(hand, (FR, FR, OB), False) == ((0, 1), 1)
    assert best_payment(hand, (RH, RH), False) is None


def test_large_hands() -> None:
    """Hands longer than one summing chunk (30 cards), and the whole provisional deck."""
    assert can_pay(DECK, (FR, FR, OB, OB, PF), False)
    assert can_pay(DECK, (RH, RH, RH, RH, RH), True)
    with_fr_or_dd = [i for i, card in enumerate(DECK) if FR in card or DD in card]
    assert extensions([], DECK, (FR,), False) == with_fr_or_dd
    five = (FR, OB, PF, ST, EL)
    dust = [(DD, DD)] * 40
    assert can_pay(dust, five, False)
    assert not can_pay(dust, five, True)
    assert can_pay([*dust, (RH, WS)], five, True)  # the WS card is in the second chunk
    assert extensions([(DD, DD)] * 2, [*dust, (RH, WS)], five, True) == list(range(41))
    assert extensions([(DD, DD)] * 5, [*dust, (RH, WS)], five, True) == [40]  # only the warp card
    assert extensions([(DD, DD)] * 5, dust, five, False) == []
    assert not can_pay([(FR, OB)] * 40, (PF,), False)
    assert can_pay([(DD, DD)] * 130, five, False)  # 260 DD: more than a byte's worth
    assert can_pay([(FR, OB)] * 130 + [(OR, WS)], (FR, OB), True)
    echo = [(FR, OB)] * 35 + [(EG,)] * 35
    assert extensions([], echo, (FR, FR, FR), False) == list(range(70))
    assert extensions([], echo, (FR, OB, PF), False) == []
    assert best_payment(echo, (FR, FR, FR), False) == ((0, 1, 2), 0)
    assert best_payment(echo[34:], (FR, FR, FR), False) == ((0, 1, 2), 0)  # FR+OB, EG, EG


def test_gem_indices_are_the_engines() -> None:
    """payment.py keeps private gem constants; they must be the engine's (spec §1)."""
    schemas = pytest.importorskip("iridescia.games.gemrush.schemas")
    engine = (schemas.FR, schemas.OB, schemas.PF, schemas.ST, schemas.EL, schemas.SS, schemas.RH)
    assert engine + (schemas.DD, schemas.EG, schemas.OR, schemas.WS) == tuple(range(11))


@pytest.mark.parametrize(
    ("cards", "cost"),
    [([(FR, OB)], (FR, DD)), ([(FR, 11)], (FR,)), ([(-1, FR)], (FR,)), ([], (FR,) * 9)],
    ids=["special gem in a cost", "gem index too high", "negative gem index", "cost too long"],
)
def test_bad_input_is_refused(cards: list[Card], cost: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        match(cards, cost, False)
    with pytest.raises(ValueError):
        can_pay(cards, cost, False)


# --- property tests against the reference --------------------------------------------------


def _costs(max_repeat: int) -> st.SearchStrategy[tuple[int, ...]]:
    """Door costs of 0–5 standard gems, sorted, no gem more than ``max_repeat`` times."""
    return (
        st.sampled_from(range(6))
        .flatmap(lambda n: st.lists(st.integers(0, 6), min_size=n, max_size=n))
        .filter(lambda gems: all(gems.count(g) <= max_repeat for g in gems))
        .map(lambda gems: tuple(sorted(gems)))
    )


def _hands(cards: st.SearchStrategy[Card], max_size: int) -> st.SearchStrategy[list[Card]]:
    """Hands whose size is drawn uniformly, so that large hands are as common as small ones."""
    return st.sampled_from(range(max_size + 1)).flatmap(
        lambda n: st.lists(cards, min_size=n, max_size=n)
    )


# Cards G43–G75 (the special gems) are drawn more often than in a shuffled deck.
deck_hands = (
    st.sampled_from(range(13))
    .flatmap(
        lambda n: st.lists(
            st.one_of(st.integers(0, 74), st.integers(42, 74)), unique=True, min_size=n, max_size=n
        )
    )
    .map(lambda ids: [DECK[i] for i in ids])
)
synthetic_cards = st.one_of(
    st.tuples(st.integers(0, 10)),
    st.tuples(st.integers(0, 10), st.integers(0, 10)).map(lambda c: tuple(sorted(c))),
    st.sampled_from([(OR, WS), (DD, DD), (EG, EG), (FR, FR), (DD, EG), (EG, OR), (DD, WS)]),
)
synthetic_hands = _hands(synthetic_cards, 12)
triple_hands = _hands(
    st.lists(st.integers(0, 10), min_size=1, max_size=3).map(lambda c: tuple(sorted(c))), 7
)


def _check_against_reference(
    hand: list[Card], cost: tuple[int, ...], warp: bool, rng: random.Random
) -> None:
    valid = reference(hand, cost, warp)
    assert can_pay(hand, cost, warp) == bool(valid)
    for payment, bonus in valid.items():
        assert match([hand[i] for i in sorted(payment)], cost, warp) == bonus
    for _ in range(6):  # arbitrary sets, mostly invalid
        subset = frozenset(i for i in range(len(hand)) if rng.random() < 0.3)
        assert match([hand[i] for i in subset], cost, warp) == valid.get(subset)
    expected_best = min(
        valid.items(), key=lambda kv: (len(kv[0]), -kv[1], sorted(kv[0])), default=None
    )
    got_best = best_payment(hand, cost, warp)
    if expected_best is None:
        assert got_best is None
    else:
        assert got_best == (tuple(sorted(expected_best[0])), expected_best[1])
    # extensions from chosen sets inside a valid payment, and from arbitrary ones
    starts: list[frozenset[int]] = [frozenset()]
    for payment in rng.sample(sorted(valid, key=sorted), min(3, len(valid))):
        starts.append(frozenset(i for i in payment if rng.random() < 0.5))
    starts.append(frozenset(i for i in range(len(hand)) if rng.random() < 0.2))
    for chosen in starts:
        rest = [i for i in range(len(hand)) if i not in chosen]
        got = extensions([hand[i] for i in sorted(chosen)], [hand[i] for i in rest], cost, warp)
        assert got == reference_extensions(valid, chosen, rest), (sorted(chosen), got)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=deck_hands, cost=_costs(2), warp=st.booleans(), rng=st.randoms(use_true_random=False))
def test_deck_hands_agree_with_the_reference(
    hand: list[Card], cost: tuple[int, ...], warp: bool, rng: random.Random
) -> None:
    _check_against_reference(hand, cost, warp, rng)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=synthetic_hands, cost=_costs(3), warp=st.booleans(), rng=st.randoms(use_true_random=False)
)
def test_synthetic_hands_agree_with_the_reference(
    hand: list[Card], cost: tuple[int, ...], warp: bool, rng: random.Random
) -> None:
    _check_against_reference(hand, cost, warp, rng)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=triple_hands, cost=_costs(3), warp=st.booleans(), rng=st.randoms(use_true_random=False))
def test_three_gem_cards_agree_with_the_reference(
    hand: list[Card], cost: tuple[int, ...], warp: bool, rng: random.Random
) -> None:
    _check_against_reference(hand, cost, warp, rng)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=_hands(st.one_of(st.sampled_from(DECK), synthetic_cards), 6),
    cost=_costs(3),
    warp=st.booleans(),
)
def test_the_reference_agrees_with_the_literal_rules(
    hand: list[Card], cost: tuple[int, ...], warp: bool
) -> None:
    """Every subset, however large, checked by R26–R31 alone (no bound on the payment's size)."""
    valid = reference(hand, cost, warp)
    for size in range(len(hand) + 1):
        for subset in combinations(range(len(hand)), size):
            expected = literal_match([hand[i] for i in subset], cost, warp)
            assert valid.get(frozenset(subset)) == expected
            assert match([hand[i] for i in subset], cost, warp) == expected


# --- the payment decision of spec §9 -------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=st.one_of(deck_hands, synthetic_hands),
    cost=_costs(3),
    warp=st.booleans(),
    rng=st.randoms(use_true_random=False),
)
def test_paying_one_card_at_a_time_never_gets_stuck(
    hand: list[Card], cost: tuple[int, ...], warp: bool, rng: random.Random
) -> None:
    valid = reference(hand, cost, warp)
    if not cost and not warp:
        return  # a free door that is walked through has no payment decision
    assert can_pay(hand, cost, warp) == bool(valid)
    if not valid:
        return
    chosen: list[int] = []
    while True:
        rest = [i for i in range(len(hand)) if i not in chosen]
        chosen_cards = [hand[i] for i in chosen]
        offered = extensions(chosen_cards, [hand[i] for i in rest], cost, warp)
        paid = match(chosen_cards, cost, warp)
        assert (paid is not None) == (frozenset(chosen) in valid)  # `paid` is offered
        assert any(frozenset(chosen) <= payment for payment in valid)  # still reachable
        if not offered:
            assert paid is not None  # the walk ends only at a valid payment
            assert paid == valid[frozenset(chosen)]
            return
        chosen.append(rest[rng.choice(offered)])
