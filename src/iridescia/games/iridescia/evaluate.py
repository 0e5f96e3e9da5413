"""The heuristic evaluator: what the greedy and search bots know about this game's positions.

``estimate(state)`` predicts every seat's final score from a state the bot built from its own
view (``worlds.world_from_view``), never from the real game. It is the final score as if the game
ended now (``exact_now``: exact scoring, wild assignment included) plus what the seat's holdings
and remaining road are still likely to turn into (``features``):

- a value for the rows still to travel, from a table by rows left: the turns, tiles, gems and
  bonuses still to come (the Rhom's table is fitted on its games: 13-16 points a row);
- for a player, the road ahead: the turns it can still play (``road``: the longest walk over
  the tiles left, a dead end being a walk of 0), the tiles left in the rows ahead
  (``tiles_ahead``), and the same once the Rhom has reached the Castle (``free_tiles``: the
  player then plays on alone). A turn is a tile, a gem and a bonus: the bots' points grow by
  about 7 a turn they play, and the rows left alone do not say how many turns a row holds.
  Their shipped weights are 0: fitted, they helped greedy and not the search levels
  (docs/bots.md, "Step 3"), and ``scripts/fit_evaluator.py fit --road`` fits them again;
- for a player, the turns still to play along its row (``row_run``: the open tiles in a line
  beside it, the longer side), hand-set at 3 points a turn: the walk along a row is planned —
  a bot enters a row at the end with the longer run and walks towards it (docs/bots.md,
  "Step 4");
- gems in cargo towards the relic row: the relics they pay for now, progress towards up to two
  more, the rest; a player's own reserved relic is one more relic of its row, so a reservation
  is worth what the cargo can make of it (a reserved relic far from the cargo is worth little);
- a player's coins (as many as the rows left can spend), stone dice, items in hand (a share of
  their price that fades over the last rows, when they are rarely played);
- the Rhom's cargo (it turns into relics and overflow points) and the relics it pays for now,
  which it restores on its next turn unless a player takes them first.

The weights are plain numbers in ``Weights``, per phase of the game (rows left), loaded from
``data/evaluator.json``, which ``scripts/fit_evaluator.py`` fits on bots' solo games and writes
(docs/bots.md says which parts are fitted and which hand-set, and what each choice measured).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Final

from iridescia.games.iridescia.board import (
    CASTLE_ROW,
    DIRECTIONAL,
    FORWARD,
    LEFT,
    RIGHT,
    ROW_HEXES,
    ROW_OF,
)
from iridescia.games.iridescia.data import ITEMS, RELIC_BY_ID
from iridescia.games.iridescia.params import DEFAULT_PARAMS, RulesParams
from iridescia.games.iridescia.scoring import PlayerTally, total_scores
from iridescia.games.iridescia.state import IN_CASTLE, State
from iridescia.games.iridescia.tally import TallyKey, tally_key

# What the evaluator adds to a seat's exact score: a value for the rows it still has to
# travel (a table by rows left: the turns, tiles and bonuses to come) and weighted features of
# its holdings, the weights per phase of the game (by rows left). A player's features and the
# Rhom's differ. ``restorable`` is the points of the best set of relics the cargo pays for now
# (a player's own reserved relic counts as one of the row), ``progress`` the points of up to
# two more relics by the share of their cost the gems left cover, ``spare_gems`` the gems left
# after both; ``cargo`` the Rhom's gems (its hold overflows into points, R45).
HUMAN_FEATURES: Final = (
    "coins", "idle_coins", "stone_dice", "item_cost", "restorable", "progress", "spare_gems",
    "tiles_ahead", "free_tiles", "road", "row_run",
)  # fmt: skip
RHOM_FEATURES: Final = ("restorable", "progress", "cargo")
PHASES: Final = 3  # rows left 6-9, 3-5, 0-2
# A turn still to play along the explorer's row (``row_run``), hand-set: each turn a bot plays
# is worth about 7 points (a tile, a gem, a bonus), but the Rhom may take the tiles first and
# the rows left already count an average row's turns (docs/bots.md, "Step 4").
ROW_RUN: Final = 3.0
ROWS: Final = CASTLE_ROW + 1  # rows left 0..9

Table = tuple[tuple[float, ...], ...]


def phase_of(rows_left: int) -> int:
    return 0 if rows_left >= 6 else (1 if rows_left >= 3 else 2)


def _hand_set() -> tuple[tuple[float, ...], Table, tuple[float, ...], Table]:
    """The weights before the fit (the hand-tuned evaluator of docs/bots.md, "before")."""
    rows = tuple(9.0 * r for r in range(ROWS))
    human = (0.3, 0.03, 1.0, 0.25, 0.8, 0.45, 0.15, 0.0, 0.0, 0.0, ROW_RUN)
    return rows, (human,) * PHASES, rows, ((0.0, 0.0, 0.0),) * PHASES


def _load_fitted() -> tuple[tuple[float, ...], Table, tuple[float, ...], Table]:
    """The weights fitted by ``scripts/fit_evaluator.py`` (``data/evaluator.json``)."""
    path = resources.files("iridescia.games.iridescia").joinpath("data", "evaluator.json")
    if not path.is_file():
        return _hand_set()
    data = json.loads(path.read_text("utf-8"))
    tables = []
    for who, names in (("human", HUMAN_FEATURES), ("rhom", RHOM_FEATURES)):
        rows = tuple(float(v) for v in data[who]["rows_left"])
        weights = tuple(tuple(float(ph.get(f, 0.0)) for f in names) for ph in data[who]["phases"])
        if len(rows) != ROWS or len(weights) != PHASES:
            raise ValueError(f"data/evaluator.json: {ROWS} row values and {PHASES} phases")
        tables.append((rows, weights))
    return tables[0][0], tables[0][1], tables[1][0], tables[1][1]


_FITTED: Final = _load_fitted()


@dataclass(frozen=True, slots=True)
class Weights:
    """A player's value of the rows left and, per phase, the weight of each of
    ``HUMAN_FEATURES``; the same for the Rhom with ``RHOM_FEATURES``."""

    human_rows: tuple[float, ...] = _FITTED[0]
    human: Table = _FITTED[1]
    rhom_rows: tuple[float, ...] = _FITTED[2]
    rhom: Table = _FITTED[3]
    coins_per_row: int = 6  # coins the remaining rows can use: two mining attempts a turn
    coins_spare: int = 3
    item_turns: int = 3  # an item in hand is worth its share only with this many rows left
    tiles_per_row: int = 3  # ``tiles_ahead`` counts at most this many tiles of a row


DEFAULT_WEIGHTS: Final = Weights()
HAND_SET: Final = Weights(*_hand_set())
_ITEM_COST: Final = tuple(k.cost for k in ITEMS)
# The set of relics a cargo is judged to aim at is chosen with these fixed weights (restorable
# now, progress, a spare gem); the evaluator then weighs the parts with its own.
_CHOICE: Final = (0.8, 0.45, 0.15)


def relic_parts(cargo: tuple[int, ...], relic_row: tuple[int, ...]) -> tuple[float, float, int]:
    """What the cargo is worth towards the relics of ``relic_row``: (points of the best set of
    relics it pays for now, points of up to two more relics by the share of their cost the
    remaining gems cover, the gems left after both).

    The four colours are spelt out (``a``, ``c``, ``e``, ``s``) rather than looped over: this
    runs for every new (cargo, row) a search meets, and the generator sums and list copies of
    the loops took half its time (pure build: 190 µs a call before, 100 µs now)."""
    best = (0.0, 0.0, cargo[0] + cargo[1] + cargo[2] + cargo[3])
    best_value = best[2] * _CHOICE[2]
    n = len(relic_row)
    costs = [RELIC_BY_ID[r].cost for r in relic_row]
    points = [RELIC_BY_ID[r].points for r in relic_row]
    sizes = [cost[0] + cost[1] + cost[2] + cost[3] for cost in costs]
    for mask in range(1 << n):
        a, c, e, s = cargo[0], cargo[1], cargo[2], cargo[3]  # the gems left
        got = 0
        for i in range(n):
            if mask >> i & 1:
                cost = costs[i]
                a, c, e, s = a - cost[0], c - cost[1], e - cost[2], s - cost[3]
                got += points[i]
        if a < 0 or c < 0 or e < 0 or s < 0:
            continue  # the cargo cannot pay for this set
        partial = 0.0
        remaining = [i for i in range(n) if not mask >> i & 1]
        for _ in range(2):  # the gems left pay towards up to two more relics, best first
            best_i, best_part = -1, 0.0
            for i in remaining:
                cost = costs[i]
                covered = min(a, cost[0]) + min(c, cost[1]) + min(e, cost[2]) + min(s, cost[3])
                part = points[i] * covered / sizes[i]
                if part > best_part:
                    best_i, best_part = i, part
            if best_i < 0:
                break
            partial += best_part
            remaining.remove(best_i)
            cost = costs[best_i]
            a, c, e, s = (
                a - min(a, cost[0]),
                c - min(c, cost[1]),
                e - min(e, cost[2]),
                s - min(s, cost[3]),
            )
        spare = a + c + e + s
        value = got * _CHOICE[0] + partial * _CHOICE[1] + spare * _CHOICE[2]
        if value > best_value:
            best, best_value = (float(got), partial, spare), value
    return best


# The caches below are keyed on plain tuples of ints. Keys that held the frozen dataclasses
# (``PlayerTally``, ``RulesParams``, ``Weights``) made every lookup hash and compare them field by
# field in Python (compiled too: a dataclass's ``__hash__`` and ``__eq__`` stay interpreted), and
# ``estimate`` cost 60 µs a call in both builds; now 18 µs pure, 7 µs compiled (see ``tally``).
# Each cache serves one configuration (rules parameters, weights) at a time, recognised by
# identity first: a different one empties it.
_CACHE_LIMIT: Final = 1 << 16  # entries; a full cache starts again empty


class _TotalsCache:
    """Exact final scores by the seats' tallies (in a search, two lookups in three hit), and
    the ``PlayerTally`` of each seat's tally (a seat's tally recurs far more often than the
    whole table's: building them was a quarter to a third of the cost of a new table)."""

    __slots__ = ("params", "tallies", "totals")

    def __init__(self) -> None:
        self.params = DEFAULT_PARAMS
        self.totals: dict[tuple[TallyKey, ...], tuple[int, ...]] = {}
        self.tallies: dict[TallyKey, PlayerTally] = {}

    def get(self, keys: tuple[TallyKey, ...], params: RulesParams) -> tuple[int, ...]:
        if params is not self.params:
            if params != self.params:
                self.totals = {}
            self.params = params
        found = self.totals.get(keys)
        if found is None:
            if len(self.totals) >= _CACHE_LIMIT:
                self.totals = {}
                self.tallies = {}
            held = []
            for key in keys:
                tally = self.tallies.get(key)
                if tally is None:
                    tally = self.tallies[key] = PlayerTally(*key)
                held.append(tally)
            found = tuple(total_scores(held, params))
            self.totals[keys] = found
        return found


class _PartsCache:
    """``relic_parts`` by (cargo, relic row) (in a search, 95% of lookups hit)."""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[float, float, int]] = {}

    def get(self, cargo: tuple[int, ...], row: tuple[int, ...]) -> tuple[float, float, int]:
        key = (cargo, row)
        found = self.values.get(key)
        if found is None:
            if len(self.values) >= _CACHE_LIMIT:
                self.values = {}
            found = relic_parts(cargo, row)
            self.values[key] = found
        return found


_TOTALS: Final = _TotalsCache()
_PARTS: Final = _PartsCache()


def exact_now(s: State) -> tuple[int, ...]:
    """Every seat's final score if the game ended now, the tile under an explorer counted as
    collected (it is collected when the seat's turn passes)."""
    stone = s.params.iridia_stone_points
    tile_at = s.tile_at
    keys: list[TallyKey] = []
    for p in s.players:
        tiles = p.tiles
        pos = p.pos
        if pos > 0 and tile_at[pos]:
            tiles = (*tiles, tile_at[pos])
        keys.append(tally_key(p, tiles, stone))
    return _TOTALS.get(tuple(keys), s.params)


def features(s: State, seat: int, weights: Weights = DEFAULT_WEIGHTS) -> tuple[float, ...]:
    """The seat's features (``RHOM_FEATURES`` for the Rhom, else ``HUMAN_FEATURES``)."""
    p = s.players[seat]
    rows = _rows_left(p.pos)
    cargo = p.cargo
    held = (cargo[0], cargo[1], cargo[2], cargo[3])
    if seat == s.rhom:
        got, partial, _ = _PARTS.get(held, s.relic_row)
        return (got, partial, float(held[0] + held[1] + held[2] + held[3]))
    row = s.relic_row if not p.reserved else (*s.relic_row, p.reserved)
    got, partial, spare = _PARTS.get(held, row)
    # Coins only pay off as mining attempts and items on the turns still to come: beyond
    # what those can use, a coin is nearly worthless (and worthless at the end).
    coins = p.coins
    useful = min(coins, weights.coins_per_row * rows + weights.coins_spare)
    cost = 0
    for k in p.items:
        cost += _ITEM_COST[k]
    # An item kept to the last rows is rarely played: its worth fades with the road left.
    item = cost * min(1.0, rows / weights.item_turns)
    # Once the Rhom has reached the Castle the player plays on alone (spec 6): the tiles
    # ahead are its own, no longer raced for nor barricaded.
    ahead = float(tiles_ahead(s, p.pos, weights.tiles_per_row))
    alone = s.rhom >= 0 and s.players[s.rhom].pos == IN_CASTLE
    return (
        float(useful), float(coins - useful), float(p.stone_idle), item, got, partial,
        float(spare), ahead, ahead if alone else 0.0, float(_ROADS.get(s, p.pos)),
        float(row_run(s, p.pos)),
    )  # fmt: skip


def estimate(s: State, weights: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """Every seat's predicted final score: the exact score as it stands plus the features of
    its holdings and road, weighted for its phase of the game. A seat in the Castle has no
    road left: its exact score stands (its cargo's gems score there already)."""
    totals = exact_now(s)
    out: list[float] = []
    for i, p in enumerate(s.players):
        value = float(totals[i])
        if p.pos != IN_CASTLE:
            rows = _rows_left(p.pos)
            if i == s.rhom:
                value += weights.rhom_rows[rows]
                w = weights.rhom[phase_of(rows)]
            else:
                value += weights.human_rows[rows]
                w = weights.human[phase_of(rows)]
            for x, k in zip(features(s, i, weights), w, strict=True):
                value += x * k
        out.append(value)
    return out


def tiles_ahead(s: State, pos: int, per_row: int) -> int:
    """The turns the road ahead can still pay for: the tiles left (not barricaded) in every
    row above the explorer's, at most ``per_row`` of a row. The rows left alone say nothing
    of the tiles the Rhom has taken or barricaded ahead, nor of a dead end to come."""
    row = ROW_OF[pos] if pos > 0 else 0
    tile_at = s.tile_at
    barricade = s.barricade
    total = 0
    for r in range(row + 1, CASTLE_ROW + 1):
        count = 0
        for h in ROW_HEXES[r]:
            if tile_at[h] and not barricade[h]:
                count += 1
        total += count if count < per_row else per_row
    return total


_SIDEWAYS: Final = (LEFT, RIGHT)


def row_run(s: State, pos: int) -> int:
    """The turns the explorer at ``pos`` can still play along its row: the most open tiles
    (present, not barricaded) in a line beside it, to the left or to the right. The hex it
    came from along the row is empty (a collected tile), so a walk keeps its direction; a
    step forward starts a new row's run. Off the board or in the Castle row: 0."""
    if pos <= 0 or ROW_OF[pos] == CASTLE_ROW:
        return 0
    tile_at = s.tile_at
    barricade = s.barricade
    best = 0
    for d in _SIDEWAYS:
        n = 0
        h = DIRECTIONAL[pos][d]
        while h and tile_at[h] and not barricade[h]:
            n += 1
            h = DIRECTIONAL[h][d]
        if n > best:
            best = n
    return best


def road(open_hexes: frozenset[int] | set[int], pos: int) -> int:
    """The most turns the explorer at ``pos`` can still play before the Castle: the longest
    walk over open tiles (present, not barricaded) from ``pos``, each step to a tile beside
    (left or right) or forward, never back onto a hex it left (collected tiles leave empty
    hexes, so a walk along a row keeps its direction), ending on a Castle tile or in a dead
    end. A walk into a dead end costs the explorer a tile and a turn (R9); a road of 0 away
    from the Castle is one. The other explorers are left out: the Rhom takes tiles too."""
    memo: dict[tuple[int, int], int] = {}

    def walk(h: int, heading: int) -> int:  # turns after standing on h; heading: -1 any
        key = (h, heading)
        found = memo.get(key)
        if found is not None:
            return found
        best = 0
        if ROW_OF[h] < CASTLE_ROW:
            for d in _SIDEWAYS:
                if heading in (-1, d):
                    n = DIRECTIONAL[h][d]
                    if n and n in open_hexes:
                        best = max(best, 1 + walk(n, d))
            for n in FORWARD[h]:
                if n in open_hexes:
                    best = max(best, 1 + walk(n, -1))
        memo[key] = best
        return best

    if pos == IN_CASTLE:
        return 0
    if pos > 0:
        return walk(pos, -1)
    return max((1 + walk(h, -1) for h in ROW_HEXES[1] if h in open_hexes), default=0)


class _RoadCache:
    """``road`` by (open hexes, position): the open hexes change only when a tile is taken
    or barricaded, so in a search nearly every lookup hits."""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: dict[tuple[bytes, tuple[bool, ...], int], int] = {}

    def get(self, s: State, pos: int) -> int:
        # Which hexes hold a tile, not which tiles: re-dealt worlds share their roads.
        # (A loop building a bit mask cost more than the rest of ``estimate``.)
        held = bytes(map(bool, s.tile_at))
        key = (held, s.barricade, pos)
        found = self.values.get(key)
        if found is None:
            if len(self.values) >= _CACHE_LIMIT:
                self.values = {}
            barricade = s.barricade
            hexes = {h for h in range(1, len(held)) if held[h] and not barricade[h]}
            found = self.values[key] = road(hexes, pos)
        return found


_ROADS: Final = _RoadCache()


def _rows_left(pos: int) -> int:
    if pos == IN_CASTLE:
        return 0
    return CASTLE_ROW - ROW_OF[pos] if pos > 0 else CASTLE_ROW


def margin(values: list[float], seat: int) -> float:
    """The seat's predicted lead over the best other seat (negative when behind)."""
    best_other = float("-inf")
    for i, v in enumerate(values):
        if i != seat and v > best_other:
            best_other = v
    return values[seat] - (0.0 if best_other == float("-inf") else best_other)


def leads(values: list[float]) -> list[float]:
    """Every seat's ``margin``: its predicted lead over the best other seat."""
    return [margin(values, seat) for seat in range(len(values))]
