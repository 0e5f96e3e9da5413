"""The Gem Rush payment matcher: which sets of gem cards pay for a door (Gem Rush R26–R32).

The engine asks three questions while a player builds a room, and this module answers them as
pure functions of card *contents*, never of card ids:

- ``can_pay``: can some subset of the hand pay this door? (R22: only payable sites are offered.)
- ``extensions``: which further card may be added to the cards chosen so far so that a valid
  payment is still reachable? (``pay Gnn`` in §9 of the spec; ``paid`` is offered when ``match``
  of the chosen cards is not None.)
- ``match``: is this set of cards a valid payment, and what is its Orichalcum bonus (R29, R32)?

``best_payment`` is a helper for bots. A card is the tuple of the gem indices printed on it, a
door cost is a sorted tuple of standard gem indices (empty for a free door), and ``warp`` says
that the construction is a warped one (R25, R30).

How it works. Relative to a cost, each printed gem has a *role*: each distinct gem of the cost
is a role, then Diamond Dust, then Echoglass; every other gem (a standard gem the cost lacks,
Orichalcum, Warpstone) fills nothing. A card is projected to a small int *code* holding its
count of gems per role, whether it shows WS and its number of OR; cards with equal codes are
interchangeable for that cost. One cached test (``_feasible``) decides whether the slots can be
filled by all of a *mandatory* count plus any part of a pool (R26–R28). R31 (every card fills a
slot) is enforced by making each card that must fill *designate* one of its fillable gems as
mandatory; its other gems join the optional pool. So no function enumerates subsets of a hand:
a valid payment has at most ``len(cost)`` cards plus one warp card, and the search is over the
designations of the few cards that must fill. Results are cached on canonical keys (the cost,
the sorted codes, ``warp``) and mapped back to indices.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

Card = tuple[int, ...]

# Gem indices in the canonical order of the spec (§1).
_FR, _OB, _PF, _ST, _EL, _SS, _RH = 0, 1, 2, 3, 4, 5, 6
_DD, _EG, _OR, _WS = 7, 8, 9, 10
_NUM_STANDARD = 7
_NUM_GEMS = 11

_MAX_COST = 8  # slots of a door; a card's count per role is capped at this, which loses nothing
_TABLE_LIMIT = 4096  # distinct cards whose codes are remembered per cost

# A code counts gems per role (at most 7 roles) in 8-bit fields, then the cards showing WS in
# another 8-bit field, then the number of OR. Codes add up: the code of a set of cards is the sum
# of theirs, exact for up to _CHUNK cards (8 * 30 + 8 < 256); a *pool* is such a sum with each
# count capped where more stops mattering (the role's slots; one WS card), a canonical key.
_BITS = 8
_FIELD = (1 << _BITS) - 1
_WS_SHIFT = 7 * _BITS
_WS_BIT = 1 << _WS_SHIFT
_OR_SHIFT = 8 * _BITS
_POOL = _WS_BIT - 1  # the counts per role
_NO_OR = (1 << _OR_SHIFT) - 1  # the counts and the WS cards: all that matters but the bonus
_CHUNK = 30


@dataclass(frozen=True, slots=True, eq=False)
class _Plan:
    """A door cost seen as slots: its distinct gems, their multiplicities and the gem roles."""

    size: int  # number of slots
    mult: tuple[int, ...]  # multiplicity of each distinct gem of the cost, canonical order
    role: tuple[int, ...]  # per gem index: its role, or -1 if it never fills a slot
    cap: tuple[int, ...]  # per role: pooled counts above this never matter
    codes: dict[Card, int] = field(default_factory=dict)  # the codes of the cards seen so far
    ext_codes: dict[Card, int] = field(default_factory=dict)  # the same without the OR


@lru_cache(maxsize=1024)
def _plan(cost: tuple[int, ...]) -> _Plan:
    if len(cost) > _MAX_COST:
        raise ValueError(f"a door cost has at most {_MAX_COST} gems, got {cost!r}")
    if any(not 0 <= g < _NUM_STANDARD for g in cost):
        raise ValueError(f"a door cost holds standard gems only (0..6), got {cost!r}")
    gems = sorted(set(cost))
    role = [-1] * _NUM_GEMS
    for r, g in enumerate(gems):
        role[g] = r
    if cost:  # Diamond Dust (R27) and Echoglass (R28) may fill a slot of any standard gem
        role[_DD] = len(gems)
        role[_EG] = len(gems) + 1
    mult = tuple(cost.count(g) for g in gems)
    return _Plan(len(cost), mult, tuple(role), (*mult, len(cost), len(cost)))


def _project(plan: _Plan, card: Card, bonus: bool) -> int:
    """The code of ``card`` under ``plan``, with the number of OR only if ``bonus``; remembered."""
    if any(not 0 <= g < _NUM_GEMS for g in card):
        raise ValueError(f"a card holds gem indices 0..10, got {card!r}")
    counts = [0] * len(plan.cap)
    for g in card:
        r = plan.role[g]
        if r >= 0:
            counts[r] += 1
    code = sum(min(n, _MAX_COST) << (_BITS * r) for r, n in enumerate(counts))
    code |= _WS_BIT if _WS in card else 0
    if len(plan.ext_codes) >= _TABLE_LIMIT:
        plan.codes.clear()
        plan.ext_codes.clear()
    plan.ext_codes[card] = code
    plan.codes[card] = code | card.count(_OR) << _OR_SHIFT
    return plan.codes[card] if bonus else code


def _codes(plan: _Plan, cards: Sequence[Card], bonus: bool = False) -> list[int]:
    """The codes of ``cards``, in order; with the number of OR only if ``bonus``."""
    table = plan.codes if bonus else plan.ext_codes
    try:
        return list(map(table.__getitem__, cards))
    except KeyError:
        return [table[c] if c in table else _project(plan, c, bonus) for c in cards]


@lru_cache(maxsize=1 << 14)
def _cap(cost: tuple[int, ...], raw: int) -> int:
    """The pool of an exact sum ``raw`` of codes without OR: each count capped."""
    pool = _WS_BIT if raw >> _WS_SHIFT else 0
    for r, cap in enumerate(_plan(cost).cap):
        n = (raw >> (_BITS * r)) & _FIELD
        pool |= (n if n < cap else cap) << (_BITS * r)
    return pool


def _pool_of(cost: tuple[int, ...], codes: Sequence[int]) -> int:
    """The pool of ``codes``: capped counts per role, and the WS bit if any card shows WS."""
    if len(codes) <= _CHUNK:
        return _cap(cost, sum(codes) & _NO_OR)
    pool = 0  # capped counts (at most 8 each) plus up to _CHUNK more cards stay exact
    for i in range(0, len(codes), _CHUNK):
        pool = _cap(cost, pool + (sum(codes[i : i + _CHUNK]) & _NO_OR))
    return pool


@lru_cache(maxsize=4096)
def _units(code: int) -> tuple[int, ...]:
    """The distinct roles of the gems counted in a card's ``code``, as one-gem codes."""
    return tuple(1 << sh for sh in range(0, _WS_SHIFT, _BITS) if (code >> sh) & _FIELD)


def _designations(plan: _Plan, codes: Sequence[int]) -> set[int]:
    """Every mandatory count reached by letting each card designate one of its fillable gems.

    Gem Rush R31: a card that must fill a slot has at least one gem filling one. Empty when some
    card can fill nothing or when there are more cards than slots.
    """
    if len(codes) > plan.size:
        return set()
    needs = {0}
    for code in codes:
        units = _units(code & _POOL)
        if not units:
            return set()
        needs = {n + u for n in needs for u in units}
    return needs


@lru_cache(maxsize=1 << 16)
def _feasible(mult: tuple[int, ...], need: int, total: int) -> bool:
    """Whether the slots can all be filled by the gems counted in ``need`` plus some of the rest.

    ``need`` and ``total`` are counts per role (``total`` includes ``need`` and is capped).
    Gem Rush R26–R28: a printed g fills a g slot, a Diamond Dust any slot, and an Echoglass a g
    slot only when another g slot is filled by a printed g. Let U_g printed g fill; the
    r_g = m_g - U_g slots left over take Diamond Dust or Echoglass, and Echoglass only where
    U_g >= 1. Each gem of the cost either uses no printed g (its slots need Diamond Dust) or uses
    a number of them from a contiguous range; for each such choice two interval checks remain.
    """
    k = len(mult)
    need_dd = (need >> (_BITS * k)) & _FIELD
    need_eg = (need >> (_BITS * (k + 1))) & _FIELD
    all_dd = (total >> (_BITS * k)) & _FIELD
    all_eg = (total >> (_BITS * (k + 1))) & _FIELD
    none_left = 0  # slots of gems that use no printed gem: Diamond Dust only
    lo = hi = 0  # range of the slots left over by gems that use a printed gem: DD or EG
    optional: list[tuple[int, int, int]] = []
    for role, m in enumerate(mult):
        n = (need >> (_BITS * role)) & _FIELD
        t = (total >> (_BITS * role)) & _FIELD  # already capped at m
        if n > m:
            return False
        if n:
            lo += m - t
            hi += m - n
        elif t == 0:
            none_left += m
        else:
            optional.append((m, m - t, m - 1))
    for mask in range(1 << len(optional)):
        dd_only, a, b = none_left, lo, hi
        for bit, (m, o_lo, o_hi) in enumerate(optional):
            if mask >> bit & 1:
                dd_only += m
            else:
                a += o_lo
                b += o_hi
        # a..b slots may take DD or EG; dd_only slots take DD. Used DD + EG = all those slots.
        if dd_only > all_dd:
            continue
        if max(a, need_eg, need_dd + need_eg - dd_only) <= min(b, all_dd + all_eg - dd_only):
            return True
    return False


def _fills_all(plan: _Plan, codes: Sequence[int], pool: int) -> bool:
    """Whether every card of ``codes`` can fill a slot while slots are filled from ``pool``."""
    mult = plan.mult
    if not _feasible(mult, 0, pool):  # the slots cannot be filled at all
        return False
    return any(_feasible(mult, n, pool) for n in _designations(plan, codes))


def match(cards: Sequence[Card], cost: Sequence[int], warp: bool) -> int | None:
    """None if ``cards`` (the whole set S) is not a valid payment for ``cost``; else the largest
    Orichalcum bonus over the matchings that make it valid (Gem Rush R26–R31)."""
    cost_t = tuple(cost)
    plan = _plan(cost_t)
    codes = _codes(plan, cards, bonus=True)
    if len(codes) > plan.size + warp:  # every card but the warp card fills its own slot (R31)
        return None
    return _match(cost_t, tuple(sorted(codes)), warp)


@lru_cache(maxsize=1 << 14)
def _match(cost: tuple[int, ...], codes: tuple[int, ...], warp: bool) -> int | None:
    plan = _plan(cost)
    pool = _pool_of(cost, codes)
    any_ws = pool & _WS_BIT
    pool &= _POOL
    bonus = sum(code >> _OR_SHIFT for code in codes)  # R29: each OR on a card that fills a slot
    if _fills_all(plan, codes, pool):
        return None if warp and not any_ws else bonus  # R30: warping needs a WS card
    if not warp:
        return None
    best: int | None = None
    for ws_code in {code for code in codes if code & _WS_BIT}:
        # R30: this WS card is the one exempt from R31. If it fills nothing, its OR scores nothing.
        others = list(codes)
        others.remove(ws_code)
        if _fills_all(plan, others, pool):
            value = bonus - (ws_code >> _OR_SHIFT)
            best = value if best is None else max(best, value)
    return best


def can_pay(hand: Sequence[Card], cost: Sequence[int], warp: bool) -> bool:
    """Whether some subset of ``hand`` is a valid payment for ``cost`` (Gem Rush R22, R26–R31).

    Any way of filling the slots from the hand gives a valid payment: the cards that fill a slot,
    plus one WS card for a warped construction if none of them shows WS (R30). A free door is
    always payable when walking (nothing is paid) and needs a WS card when warping.
    """
    cost_t = tuple(cost)
    plan = _plan(cost_t)
    pool = _pool_of(cost_t, _codes(plan, hand))
    if warp and not pool & _WS_BIT:
        return False
    return _feasible(plan.mult, 0, pool & _POOL)


def extensions(
    chosen: Sequence[Card], rest: Sequence[Card], cost: Sequence[int], warp: bool
) -> list[int]:
    """Indices i into ``rest`` such that some valid payment S contains all of ``chosen``,
    ``rest[i]``, and possibly more cards of ``rest`` (Gem Rush R26–R31, spec §9).

    This drives the one-card-at-a-time payment decision: ``pay Gnn`` is offered only for these
    cards, and ``paid`` when ``match(chosen, cost, warp)`` is not None. Adding an offered card
    keeps a valid payment reachable, so the decision can never get stuck.
    """
    cost_t = tuple(cost)
    plan = _plan(cost_t)
    chosen_codes = _codes(plan, chosen)
    if len(chosen_codes) >= plan.size + warp:  # no room for one more card (R31)
        return []
    rest_codes = _codes(plan, rest)
    pool = _pool_of(cost_t, chosen_codes + rest_codes)
    good, ws_card = _offered(cost_t, tuple(sorted(chosen_codes)), pool, warp)
    if ws_card:
        return [i for i, code in enumerate(rest_codes) if code & good or code & _WS_BIT]
    if good:
        return [i for i, code in enumerate(rest_codes) if code & good]
    return []


@lru_cache(maxsize=1 << 14)
def _offered(
    cost: tuple[int, ...], chosen: tuple[int, ...], pool: int, warp: bool
) -> tuple[int, bool]:
    """What a further card needs to be offered: a gem of a role in the returned mask (it fills a
    slot), or (if the flag is set) a WS, as the exempt card of R30. ``pool`` is that of the hand.

    A card c extends ``chosen`` iff some designation makes every card of ``chosen`` and c fill a
    slot, the whole hand's pool filling the rest (when warping, a WS card of the hand then joins
    as a filler or as the exempt card); or, warping, one chosen WS card or c itself is the exempt
    card and the other cards all fill. Only the role of c's designated gem matters.
    """
    if warp and not pool & _WS_BIT:
        return 0, False
    plan = _plan(cost)
    pool &= _POOL
    mult = plan.mult
    if not _feasible(mult, 0, pool):  # the hand cannot pay at all
        return 0, False
    base = _designations(plan, chosen)  # every chosen card fills a slot
    needs = set(base)
    if warp:  # or every chosen card but one WS card, the exempt one
        for ws_code in {code for code in chosen if code & _WS_BIT}:
            others = list(chosen)
            others.remove(ws_code)
            needs |= _designations(plan, others)
    good = 0
    for r in range(len(plan.cap)):
        unit = 1 << (_BITS * r)
        if pool & (_FIELD * unit) and any(_feasible(mult, n + unit, pool) for n in needs):
            good |= _FIELD * unit
    return good, warp and any(_feasible(mult, n, pool) for n in base)


def best_payment(
    hand: Sequence[Card], cost: Sequence[int], warp: bool
) -> tuple[tuple[int, ...], int] | None:
    """A valid payment from ``hand`` for bots: ``(indices into hand, Orichalcum bonus)``, or None.

    Fewest cards first, then the largest bonus (R29), then the lexicographically lowest indices.
    Only cards that can fill a slot, and WS cards when warping, are tried.
    """
    cost_t = tuple(cost)
    if not can_pay(hand, cost_t, warp):
        return None
    plan = _plan(cost_t)
    useful = [
        i for i, code in enumerate(_codes(plan, hand)) if code & _POOL or (warp and code & _WS_BIT)
    ]
    for size in range(plan.size + warp + 1):
        best: tuple[tuple[int, ...], int] | None = None
        for picked in combinations(useful, size):
            bonus = match([hand[i] for i in picked], cost_t, warp)
            if bonus is not None and (best is None or bonus > best[1]):
                best = (picked, bonus)
        if best is not None:
            return best
    return None  # unreachable: can_pay found a payment, and it has at most size + warp cards
