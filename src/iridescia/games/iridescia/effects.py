"""Primitive state changes shared by the turn flow and the items.

Gaining and returning gems (with the supply cap of R1 and the cargo check of R17), moving the
market dice, refilling the relic row and the item market (R15 and the market refresh), and the
blocked explorer's closest-empty-hex search (R9). Each function keeps the state consistent on its
own and emits the events that describe what it did.
"""

from __future__ import annotations

from iridescia.games.iridescia.board import ADJACENT
from iridescia.games.iridescia.data import COLOUR_NAMES
from iridescia.games.iridescia.state import P_OVERFLOW, State


def cargo_size(cargo: list[int]) -> int:
    return cargo[0] + cargo[1] + cargo[2] + cargo[3]


def gain(state: State, seat: int, colour: int, n: int, reason: str) -> int:
    """Give ``n`` gems of ``colour`` to ``seat`` from the supply; returns how many it got.

    R1: a gain is capped at what is left in the supply and the shortfall is logged. A gain that
    takes the current player above the cargo limit opens the give-away decision (R17).
    """
    if n <= 0:
        return 0
    got = n
    if not state.params.unlimited_gem_supply:
        got = min(n, state.supply[colour])
        state.supply[colour] -= got
    player = state.players[seat]
    player.cargo[colour] += got
    state.emit("gain", seat, colour=COLOUR_NAMES[colour], count=got, reason=reason)
    if got < n:
        state.emit("supply_short", seat, colour=COLOUR_NAMES[colour], missing=n - got)
    check_overflow(state)
    return got


def check_overflow(state: State) -> None:
    cur = state.current
    if cargo_size(state.players[cur].cargo) > state.params.cargo_limit and not (
        state.pending and state.pending[-1][0] == P_OVERFLOW
    ):
        state.pending.append((P_OVERFLOW,))


def pay_gems(state: State, seat: int, colour: int, n: int, reason: str) -> None:
    """Return ``n`` gems of ``colour`` from ``seat``'s cargo to the supply (caller checked)."""
    player = state.players[seat]
    player.cargo[colour] -= n
    if not state.params.unlimited_gem_supply:
        state.supply[colour] += n
    state.emit("return", seat, colour=COLOUR_NAMES[colour], count=n, reason=reason)


def bump_market(state: State, colour: int, delta: int, reason: str) -> None:
    """Move a market die by ``delta``, wrapping 6->1 and 1->6 ("market crash")."""
    before = state.market[colour]
    after = (before - 1 + delta) % 6 + 1
    state.market[colour] = after
    state.emit("market", -1, colour=COLOUR_NAMES[colour], before=before, after=after, reason=reason)


def refill_relic_row(state: State) -> None:
    """Fill the relic row from the deck top; when the deck is empty the row shrinks."""
    while len(state.relic_row) < state.params.relic_row_size and state.relic_deck:
        relic = state.relic_deck.pop()
        state.relic_row.append(relic)
        state.emit("relic_dealt", -1, relic=relic)


def _market_invalid(market: list[int]) -> bool:
    counts: dict[int, int] = {}
    for kind in market:
        if kind >= 0:
            counts[kind] = counts.get(kind, 0) + 1
    pairs = sum(1 for c in counts.values() if c >= 2)
    return any(c >= 3 for c in counts.values()) or pairs >= 2


def _draw_item(state: State) -> int:
    if not state.item_deck and state.item_discard:
        # R15: an empty merchant deck is rebuilt from the shuffled discard.
        state.item_deck = state.item_discard
        state.item_discard = []
        state.rng.shuffle(state.item_deck)
        state.emit("item_reshuffle", -1, cards=len(state.item_deck))
    return state.item_deck.pop() if state.item_deck else -1


def fill_item_market(state: State) -> None:
    """Refill empty market slots, then apply the market-refresh check until the market is valid.

    Refresh: three identical cards or two different identical pairs -> shuffle market, discard
    and deck together and deal a new market. A pathological pool that can never make a valid
    market stops after ``params.market_refresh_attempts`` deals (never loops forever).
    """
    market = state.item_market
    for i, kind in enumerate(market):
        if kind < 0:
            market[i] = _draw_item(state)
    attempts = 0
    while _market_invalid(market) and attempts < state.params.market_refresh_attempts:
        attempts += 1
        pool = [k for k in market if k >= 0] + state.item_discard + state.item_deck
        state.item_discard = []
        state.rng.shuffle(pool)
        state.item_deck = pool
        for i in range(len(market)):
            market[i] = state.item_deck.pop() if state.item_deck else -1
        state.emit("item_market_refresh", -1, market=list(market))


def others_with_room(state: State, seat: int) -> list[int]:
    limit = state.params.cargo_limit
    return [p.seat for p in state.players if p.seat != seat and cargo_size(p.cargo) < limit]


def explorer_at(state: State, hex_id: int) -> bool:
    return any(p.pos == hex_id for p in state.players)


def has_open_tile(state: State, hex_id: int) -> bool:
    """A tile that can be revealed or entered: present and not barricaded."""
    return state.tile_at[hex_id] != 0 and not state.barricade[hex_id]


def closest_empty_hexes(state: State, start: int) -> list[int]:
    """R9: the blocked explorer's choice set.

    Breadth-first over side/forward neighbours from ``start``; at each distance keep the free
    empty hexes (no tile, no explorer) from which at least one open tile is adjacent; the first
    non-empty set wins. If explorers occupy every such hex, the "free" condition is relaxed
    (ruling D3 in docs/rulings.md) so the explorer is never stuck.
    """
    for require_free in (True, False):
        seen = {start}
        frontier = [start]
        while frontier:
            level: list[int] = []
            for h in frontier:
                for n in ADJACENT[h]:
                    if n not in seen:
                        seen.add(n)
                        level.append(n)
            found = sorted(
                h
                for h in level
                if state.tile_at[h] == 0
                and not (require_free and explorer_at(state, h))
                and any(has_open_tile(state, n) for n in ADJACENT[h])
            )
            if found:
                return found
            frontier = level
    return []
