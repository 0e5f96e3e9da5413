"""The heuristic evaluator: what the greedy and search bots know about this game's positions.

``estimate(state)`` predicts every seat's final score from a state the bot built from its own
view (``worlds.world_from_view``), never from the real game. It is the final score as if the game
ended now (exact scoring, wild assignment included) plus what the seat's holdings and remaining
road are still likely to turn into:

- gems in cargo are worth more than the half point they score at the end, since three or four
  of them restore a relic worth 5-10 points, and more when they match a relic on the row;
- coins buy mining attempts and items; stone dice add mining dice; items in hand are worth a
  share of their price; a reserved relic is nearly restored;
- every row still to travel is one more turn of tiles, gems and bonuses.

The weights are plain numbers in ``Weights`` so they can be tuned by tournaments (docs/bots.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from iridescia.games.iridescia.board import CASTLE_ROW, ROW_OF
from iridescia.games.iridescia.data import ITEMS, RELIC_BY_ID
from iridescia.games.iridescia.params import DEFAULT_PARAMS, RulesParams
from iridescia.games.iridescia.scoring import PlayerTally, total_scores
from iridescia.games.iridescia.state import IN_CASTLE, State
from iridescia.games.iridescia.tally import TallyKey, tally_key


@dataclass(frozen=True, slots=True)
class Weights:
    restorable: float = 0.8  # of the points of row relics the cargo can pay for now
    progress: float = 0.45  # of the best next relic's points, by the share of its cost held
    gem: float = 0.15  # any other gem, on top of the 1/2 point it scores at the end
    coin: float = 0.3
    coins_per_row: int = 6  # two mining attempts a turn
    coins_spare: int = 3
    idle_coin: float = 0.03
    stone_die: float = 1.0
    item_share: float = 0.25  # of the item's price
    reserved_share: float = 0.6  # of the reserved relic's points
    per_row_left: float = 9.0  # a turn of tiles, gems and bonuses still to come (see docs/bots.md)


DEFAULT_WEIGHTS: Final = Weights()
_ITEM_COST: Final = tuple(k.cost for k in ITEMS)


def relic_potential(cargo: tuple[int, ...], relic_row: tuple[int, ...], weights: Weights) -> float:
    """What the cargo is worth towards the relic row: the best set of relics it pays for now,
    then a share of the best next relic by how much of its cost the remaining gems cover.

    The four colours are spelt out (``a``, ``c``, ``e``, ``s``) rather than looped over: this
    runs for every new (cargo, row) a search meets, and the generator sums and list copies of
    the loops took half its time (pure build: 190 µs a call before, 100 µs now)."""
    best = 0.0
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
        value = got * weights.restorable + partial * weights.progress
        value += (a + c + e + s) * weights.gem
        if value > best:
            best = value
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


class _PotentialCache:
    """``relic_potential`` by (cargo, relic row) (in a search, 95% of lookups hit)."""

    __slots__ = ("values", "weights")

    def __init__(self) -> None:
        self.weights = DEFAULT_WEIGHTS
        self.values: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}

    def get(self, cargo: tuple[int, ...], row: tuple[int, ...], weights: Weights) -> float:
        if weights is not self.weights:
            if weights != self.weights:
                self.values = {}
            self.weights = weights
        key = (cargo, row)
        found = self.values.get(key)
        if found is None:
            if len(self.values) >= _CACHE_LIMIT:
                self.values = {}
            found = relic_potential(cargo, row, weights)
            self.values[key] = found
        return found


_TOTALS: Final = _TotalsCache()
_POTENTIAL: Final = _PotentialCache()


def estimate(s: State, weights: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """Every seat's predicted final score."""
    params = s.params
    stone = params.iridia_stone_points
    tile_at = s.tile_at
    keys: list[TallyKey] = []
    for p in s.players:
        tiles = p.tiles
        pos = p.pos
        if pos > 0 and tile_at[pos]:
            # The tile under an explorer is collected when its turn passes: count it already.
            tiles = (*tiles, tile_at[pos])
        keys.append(tally_key(p, tiles, stone))
    totals = _TOTALS.get(tuple(keys), params)
    row = s.relic_row
    rhom = s.rhom
    out: list[float] = []
    for i, p in enumerate(s.players):
        value = float(totals[i])
        rows = _rows_left(p.pos)
        if p.seat == rhom:
            out.append(value + rows * weights.per_row_left)
            continue
        cargo = p.cargo
        value += _POTENTIAL.get((cargo[0], cargo[1], cargo[2], cargo[3]), row, weights)
        # Coins only pay off as mining attempts and items on the turns still to come: beyond
        # what those can use, a coin is nearly worthless (and worthless at the end).
        coins = p.coins
        useful = min(coins, weights.coins_per_row * rows + weights.coins_spare)
        value += useful * weights.coin + (coins - useful) * weights.idle_coin
        value += p.stone_idle * weights.stone_die
        cost = 0
        for k in p.items:
            cost += _ITEM_COST[k]
        value += cost * weights.item_share
        if p.reserved:
            value += RELIC_BY_ID[p.reserved].points * weights.reserved_share
        value += rows * weights.per_row_left
        out.append(value)
    return out


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
