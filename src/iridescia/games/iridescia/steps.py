"""The basic steps of the game, shared by the turn flow, the items and the Rhom automa.

Revealing a tile, arriving on one (R12 objective, bonus, gem), the blocked explorer's check (R9)
and closest-empty-hex search, gaining and returning gems (the supply cap of R1, the cargo check
of R17), moving the market dice, restoring relics (R18) and refilling the relic row, the item
market and its refresh (R15), collecting the tile at the end of a turn and entering the Castle.

Each function keeps the state consistent on its own and emits the events that describe what it
did. Nothing here decides whose turn it is: that is ``turn.py`` (the flow), which uses these
steps like ``items.py`` and ``automa.py`` do, so the three never import each other in a circle.
"""

from __future__ import annotations

from typing import Final

from iridescia.games.iridescia.board import ADJACENT, CASTLE_ROW, ROW_HEXES, ROW_OF
from iridescia.games.iridescia.data import (
    BONUS_COINS,
    BONUS_POINTS,
    BONUS_STONE,
    BOOK,
    COLOUR_NAMES,
    FOREST,
    IRIDIA,
    RAINBOW,
    RELIC_BY_ID,
    TILE_BY_ID,
    TOKEN_BY_KEY,
)
from iridescia.games.iridescia.state import (
    ACTIONS_PHASE,
    IN_CASTLE,
    P_ARRIVAL_COLOUR,
    P_BLOCKED_DISCARD,
    P_BLOCKED_PLACE,
    P_OBJECTIVE,
    P_OVERFLOW,
    State,
)

# ---------------------------------------------------------------- gems, market, decks


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
        relic = state.relic_deck[-1]
        state.relic_deck = state.relic_deck[:-1]
        state.relic_row = (*state.relic_row, relic)
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
        state.item_deck = list(state.item_discard)
        state.item_discard = ()
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
        pool = [k for k in market if k >= 0] + list(state.item_discard) + state.item_deck
        state.item_discard = ()
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


# ---------------------------------------------------------------- reveal, arrive, blocked


def reveal(s: State, h: int) -> None:
    s.face_up[h] = True
    s.reveals += 1
    s.start_items = False
    tile = TILE_BY_ID[s.tile_at[h]]
    s.emit("reveal", s.current, hex=h, tile=tile.id)


def arrive(s: State, h: int) -> None:
    """Arriving on a tile (3.3): objective discard, bonus, gem, cargo check."""
    p = s.players[s.current]
    p.pos = h
    s.start_items = False
    s.phase = ACTIONS_PHASE
    tile = TILE_BY_ID[s.tile_at[h]]
    s.mine_colour = tile.gem if tile.gem < RAINBOW else -1
    if tile.region >= FOREST and len(p.objectives) >= 2:
        s.pending.append((P_OBJECTIVE,))  # R12
        return
    arrive_rest(s)


def arrive_rest(s: State) -> None:
    p = s.players[s.current]
    tile = TILE_BY_ID[s.tile_at[p.pos]]
    if tile.bonus == BONUS_COINS:
        p.coins += tile.amount
        s.emit("coins", s.current, count=tile.amount, reason="tile bonus")
    elif tile.bonus == BONUS_POINTS:
        p.tile_bonus_points += tile.amount
        s.emit("points", s.current, count=tile.amount, reason="tile bonus")
    elif tile.bonus == BONUS_STONE:
        if s.stone_supply > 0:
            s.stone_supply -= 1
            p.stone_idle += 1
            s.emit("stone_die", s.current, got=True)
        else:
            s.emit("stone_die", s.current, got=False)
    if tile.gem == IRIDIA:
        p.iridia_stone = True
        s.emit("iridia_stone", s.current, points=s.params.iridia_stone_points)
    if tile.gem >= RAINBOW:
        s.pending.append((P_ARRIVAL_COLOUR,))
        return
    gain(s, s.current, tile.gem, 1, "arrival")


def check_blocked(s: State) -> None:
    """R9: with no adjacent tile at all, the explorer discards a tile and restarts elsewhere."""
    p = s.players[s.current]
    if any(has_open_tile(s, h) for h in ADJACENT[p.pos]):
        return
    s.emit("blocked", s.current, at=p.pos)
    s.pending.append((P_BLOCKED_PLACE,))
    if p.tiles:
        s.pending.append((P_BLOCKED_DISCARD,))


# ---------------------------------------------------------------- restore, collect, Castle


def missing_colour(cargo: list[int], cost: tuple[int, ...]) -> int:
    """The first colour of which ``cargo`` holds fewer gems than ``cost`` asks, or -1 when it
    pays the cost (R18): what ``restorable`` asks, and the refusals name."""
    # Unrolled, and called from a plain loop: a loop over range(4) and a generator made
    # ``restorable`` about twice as slow (measured).
    if cargo[0] < cost[0]:
        return 0
    if cargo[1] < cost[1]:
        return 1
    if cargo[2] < cost[2]:
        return 2
    if cargo[3] < cost[3]:
        return 3
    return -1


def restorable(s: State) -> list[int]:
    p = s.players[s.current]
    cargo = p.cargo
    out = []
    candidates = [*s.relic_row, p.reserved] if p.reserved else s.relic_row
    for r in candidates:
        if missing_colour(cargo, RELIC_BY_ID[r].cost) < 0:
            out.append(r)
    out.sort()
    return out


def restore(s: State, relic_id: int) -> None:
    p = s.players[s.current]
    relic = RELIC_BY_ID[relic_id]
    for c in range(4):
        if relic.cost[c]:
            pay_gems(s, s.current, c, relic.cost[c], "restore")
    p.relics = (*p.relics, relic_id)
    p.relic_points += relic.points
    if p.reserved == relic_id:
        p.reserved = 0
        s.item_discard = (
            *s.item_discard,
            BOOK,
        )  # the Book under the reserved relic is discarded (R23)
        s.emit("restore", s.current, relic=relic_id, points=relic.points, reserved=True)
    else:
        row = s.relic_row
        idx = row.index(relic_id)
        s.emit("restore", s.current, relic=relic_id, points=relic.points, reserved=False)
        if s.relic_deck:
            new = s.relic_deck[-1]
            s.relic_deck = s.relic_deck[:-1]
            s.relic_row = (*row[:idx], new, *row[idx + 1 :])  # refilled at once, in place
            s.emit("relic_dealt", -1, relic=new)
        else:
            s.relic_row = row[:idx] + row[idx + 1 :]


def collect_tile(s: State) -> None:
    """End of turn after restoring (3.5): collect the tile, return active stone dice, adjust the
    market, and enter the Castle from its row. The turn flow then passes the turn."""
    p = s.players[s.current]
    h = p.pos
    tid = s.tile_at[h]
    s.tile_at[h] = 0
    s.face_up[h] = False
    p.tiles = (*p.tiles, tid)
    tile = TILE_BY_ID[tid]
    s.emit("collect", s.current, tile=tid, hex=h)
    if s.active_stone:
        s.stone_supply += s.active_stone
        s.emit("stone_returned", s.current, count=s.active_stone)
        s.active_stone = 0
    if tile.gem < RAINBOW:
        bump_market(s, tile.gem, 1, "collect")
    if ROW_OF[h] == CASTLE_ROW:
        reach_castle(s)


def reach_castle(s: State) -> None:
    p = s.players[s.current]
    p.pos = IN_CASTLE
    p.finished = True
    token = ""
    if s.tokens_left:
        token = s.tokens_left[0]
        s.tokens_left = s.tokens_left[1:]
        p.token = token
    s.emit(
        "castle",
        s.current,
        token=token or None,
        points=TOKEN_BY_KEY[token].points if token else 0,
    )


# Section 5: a player in the Castle removes a tile from any row below the Castle's.
REMOVABLE_HEXES: Final = range(1, ROW_HEXES[CASTLE_ROW][0])


def removable_hexes(s: State) -> list[int]:
    tile_at, barricade = s.tile_at, s.barricade
    return [h for h in REMOVABLE_HEXES if tile_at[h] and not barricade[h]]
