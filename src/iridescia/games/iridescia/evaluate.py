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
from functools import lru_cache

from iridescia.games.iridescia.board import CASTLE_ROW, ROW_OF
from iridescia.games.iridescia.data import ITEMS, RELIC_BY_ID
from iridescia.games.iridescia.params import RulesParams
from iridescia.games.iridescia.scoring import PlayerTally, score_all
from iridescia.games.iridescia.state import IN_CASTLE, State
from iridescia.games.iridescia.tally import tallies


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


DEFAULT_WEIGHTS = Weights()
_ITEM_COST = tuple(k.cost for k in ITEMS)


@lru_cache(maxsize=1 << 16)
def relic_potential(cargo: tuple[int, ...], relic_row: tuple[int, ...], weights: Weights) -> float:
    """What the cargo is worth towards the relic row: the best set of relics it pays for now,
    then a share of the best next relic by how much of its cost the remaining gems cover."""
    best = 0.0
    n = len(relic_row)
    costs = [RELIC_BY_ID[r].cost for r in relic_row]
    points = [RELIC_BY_ID[r].points for r in relic_row]
    for mask in range(1 << n):
        left = list(cargo)
        got = 0
        ok = True
        for i in range(n):
            if mask >> i & 1:
                cost = costs[i]
                for c in range(4):
                    left[c] -= cost[c]
                    if left[c] < 0:
                        ok = False
                got += points[i]
        if not ok:
            continue
        partial = 0.0
        remaining = [i for i in range(n) if not mask >> i & 1]
        for _ in range(2):  # the gems left pay towards up to two more relics, best first
            best_i, best_part = -1, 0.0
            for i in remaining:
                cost = costs[i]
                covered = sum(min(left[c], cost[c]) for c in range(4))
                part = points[i] * covered / sum(cost)
                if part > best_part:
                    best_i, best_part = i, part
            if best_i < 0:
                break
            partial += best_part
            remaining.remove(best_i)
            for c in range(4):
                left[c] -= min(left[c], costs[best_i][c])
        value = got * weights.restorable + partial * weights.progress
        value += sum(left) * weights.gem
        best = max(best, value)
    return best


@lru_cache(maxsize=1 << 15)
def _totals(tallies: tuple[PlayerTally, ...], params: RulesParams) -> tuple[int, ...]:
    """Exact final scores of these holdings (cached: leaves of a search share most of them)."""
    return tuple(b.total for b in score_all(tallies, params))


def estimate(s: State, weights: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """Every seat's predicted final score."""
    # The tile under an explorer is collected when its turn passes: count it already.
    standing = [(p, s.tile_at[p.pos]) for p in s.players if p.pos > 0 and s.tile_at[p.pos]]
    for p, tile in standing:
        p.tiles = (*p.tiles, tile)
    try:
        totals = _totals(tuple(tallies(s)), s.params)
    finally:
        for p, _ in standing:
            p.tiles = p.tiles[:-1]
    out = []
    for p, total in zip(s.players, totals, strict=True):
        value = float(total)
        if p.seat == s.rhom:
            out.append(value + _rows_left(p.pos) * weights.per_row_left)
            continue
        rows = _rows_left(p.pos)
        value += relic_potential(tuple(p.cargo), tuple(s.relic_row), weights)
        # Coins only pay off as mining attempts and items on the turns still to come: beyond
        # what those can use, a coin is nearly worthless (and worthless at the end).
        useful = min(p.coins, weights.coins_per_row * rows + weights.coins_spare)
        value += useful * weights.coin + (p.coins - useful) * weights.idle_coin
        value += p.stone_idle * weights.stone_die
        value += sum(_ITEM_COST[k] for k in p.items) * weights.item_share
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
    best_other = max((v for i, v in enumerate(values) if i != seat), default=0.0)
    return values[seat] - best_other
