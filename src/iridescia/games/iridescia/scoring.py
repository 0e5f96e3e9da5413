"""Final scoring (spec section 7) and tie-breaks (R33), as pure functions of player tallies.

Wilds (R32): each rainbow / Iridia tile takes exactly one colour, and each Iridia relic exactly
one type and one lead gem, for all of final scoring; the assignment maximising the player's total
is found exactly. The objective depends either on tiles or on relics, never both, so the tile
side (distributions of wild tiles over 4 colours) and the relic side (type distributions x lead
distributions of the interchangeable Iridia relics) are optimised separately. "Most" objectives
(R30): at least 1 is needed, a tie for the most counts, and opponents are counted without their
wilds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from iridescia.games.iridescia.data import OBJECTIVE_BY_ID
from iridescia.games.iridescia.params import DEFAULT_PARAMS, RulesParams


@dataclass(frozen=True, slots=True)
class PlayerTally:
    """What final scoring needs to know about one player."""

    cargo_gems: int
    coins: int
    tile_colours: tuple[int, int, int, int]  # collected non-wild tiles per colour
    wild_tiles: int  # rainbow tiles + the Iridia tile
    relic_types: tuple[int, int, int]  # restored non-Iridia relics per type (J, T, L)
    relic_leads: tuple[int, int, int, int]  # restored non-Iridia relics per lead gem
    iridia_relics: int
    objectives: tuple[int, ...]  # objective ids still held (1 normally; 2 -> the better scores)
    relic_points: int = 0
    tile_bonus_points: int = 0
    iridia_stone_points: int = 0
    token_points: int = 0
    merchant_points: int = 0  # the Rhom: Merchant icon
    overflow_points: int = 0  # the Rhom: gems returned above its hold (R45)
    has_iridia_stone: bool = False
    token_rank: int = 0  # 2 Throne, 3 Scepter, 4 Banner; 0 none

    @property
    def relic_count(self) -> int:
        return sum(self.relic_types) + self.iridia_relics


@dataclass(frozen=True, slots=True)
class WildAssignment:
    tile_colours: tuple[int, int, int, int] = (0, 0, 0, 0)
    relic_types: tuple[int, int, int] = (0, 0, 0)
    relic_leads: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    relic_points: int
    tile_bonus_points: int
    iridia_stone: int
    token: int
    gems: int
    relic_sets: int
    tile_sets: int
    objective: int
    merchant: int
    overflow: int
    objective_id: int | None
    objective_completed: bool
    wilds: WildAssignment

    @property
    def total(self) -> int:
        return (
            self.relic_points + self.tile_bonus_points + self.iridia_stone + self.token
            + self.gems + self.relic_sets + self.tile_sets + self.objective + self.merchant
            + self.overflow
        )  # fmt: skip

    @property
    def other(self) -> int:
        """The spec's "other (Rhom)" line: Merchant and overflow points."""
        return self.merchant + self.overflow

    def as_dict(self) -> dict[str, int]:
        return {
            "relic_points": self.relic_points,
            "tile_bonus_points": self.tile_bonus_points,
            "iridia_stone": self.iridia_stone,
            "token": self.token,
            "gems": self.gems,
            "relic_sets": self.relic_sets,
            "tile_sets": self.tile_sets,
            "objective": self.objective,
            "merchant": self.merchant,
            "overflow": self.overflow,
            "total": self.total,
        }


@lru_cache(maxsize=4096)
def _tile_sets(n: int, sets: tuple[tuple[int, int], ...]) -> int:
    best = 0
    for size, points in sets:
        if size <= n:
            best = max(best, points + _tile_sets(n - size, sets))
    return best


def tile_set_points(n: int, params: RulesParams = DEFAULT_PARAMS) -> int:
    """Best partition of ``n`` same-colour tiles into sets (each tile in at most one set)."""
    return _tile_sets(n, params.tile_sets)


@lru_cache(maxsize=4096)
def _relic_sets(j: int, t: int, lo: int, values: tuple[int, int, int, int]) -> int:
    three_j, three_t, three_l, each = values
    best = 0
    for mixed in range(min(j, t, lo) + 1):
        points = (
            mixed * each
            + (j - mixed) // 3 * three_j
            + (t - mixed) // 3 * three_t
            + (lo - mixed) // 3 * three_l
        )
        best = max(best, points)
    return best


def relic_set_points(j: int, t: int, lo: int, params: RulesParams = DEFAULT_PARAMS) -> int:
    """Best relic sets: 3 Jewelry, 3 Tech, 3 Lore, 1 of each; each relic in at most one set."""
    values = (
        params.set_three_jewelry,
        params.set_three_tech,
        params.set_three_lore,
        params.set_one_of_each,
    )
    return _relic_sets(j, t, lo, values)


@lru_cache(maxsize=64)
def distributions(k: int, bins: int) -> tuple[tuple[int, ...], ...]:
    """Every way to put ``k`` identical wilds into ``bins`` bins, in lexicographic order."""
    if bins == 1:
        return ((k,),)
    out: list[tuple[int, ...]] = []
    for first in range(k, -1, -1):
        out += [(first, *rest) for rest in distributions(k - first, bins - 1)]
    return tuple(out)


def _add(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _four(x: Sequence[int]) -> tuple[int, int, int, int]:
    return (x[0], x[1], x[2], x[3])


def _three(x: Sequence[int]) -> tuple[int, int, int]:
    return (x[0], x[1], x[2])


def _most(mine: int, others: Sequence[int]) -> bool:
    return mine >= 1 and all(mine >= o for o in others)


def objective_completed(
    obj_id: int,
    me: PlayerTally,
    own_wilds: WildAssignment,
    opponents: Sequence[PlayerTally],
) -> bool:
    """Whether objective ``obj_id`` is met with this wild assignment (R30, R31)."""
    obj = OBJECTIVE_BY_ID[obj_id]
    cond, arg = obj.condition, obj.argument
    tiles = _add(me.tile_colours, own_wilds.tile_colours)
    types = _add(me.relic_types, own_wilds.relic_types)
    leads = _add(me.relic_leads, own_wilds.relic_leads)
    if cond == "most_coins":
        return _most(me.coins, [o.coins for o in opponents])
    if cond == "most_tiles":
        assert arg is not None
        return _most(tiles[arg], [o.tile_colours[arg] for o in opponents])
    if cond == "relic_each_lead":
        return all(n >= 1 for n in leads)
    if cond == "most_relics_lead":
        assert arg is not None
        return _most(leads[arg], [o.relic_leads[arg] for o in opponents])
    if cond == "relics_at_least":
        assert arg is not None
        return me.relic_count >= arg
    if cond == "most_relics_type":
        assert arg is not None
        return _most(types[arg], [o.relic_types[arg] for o in opponents])
    if cond == "relic_each_type":
        return all(n >= 1 for n in types)
    raise ValueError(f"unknown objective condition {cond!r}")


_TILE_CONDITIONS = ("most_tiles",)


def _best_for_objective(
    obj_id: int | None,
    me: PlayerTally,
    opponents: Sequence[PlayerTally],
    params: RulesParams,
) -> tuple[int, int, int, bool, WildAssignment]:
    """(tile sets, relic sets, objective points, completed, assignment), maximising the sum."""
    tile_side = obj_id is not None and OBJECTIVE_BY_ID[obj_id].condition in _TILE_CONDITIONS
    relic_side = obj_id is not None and not tile_side
    points = OBJECTIVE_BY_ID[obj_id].points if obj_id is not None else 0

    best_tiles: tuple[int, tuple[int, ...], bool] = (-1, (0, 0, 0, 0), False)
    for dist in distributions(me.wild_tiles, 4):
        tiles = _add(me.tile_colours, dist)
        value = sum(tile_set_points(n, params) for n in tiles)
        done = False
        if tile_side:
            assert obj_id is not None
            wa = WildAssignment(tile_colours=_four(dist))
            done = objective_completed(obj_id, me, wa, opponents)
            value += points if done else 0
        if value > best_tiles[0]:
            best_tiles = (value, dist, done)

    best_relics: tuple[int, tuple[int, ...], tuple[int, ...], bool] = (
        -1,
        (0, 0, 0),
        (0, 0, 0, 0),
        False,
    )
    type_dists = distributions(me.iridia_relics, 3)
    lead_dists = distributions(me.iridia_relics, 4) if relic_side else ((0, 0, 0, 0),)
    if not relic_side and me.iridia_relics:
        lead_dists = (distributions(me.iridia_relics, 4)[0],)
    for tdist in type_dists:
        types = _add(me.relic_types, tdist)
        sets = relic_set_points(types[0], types[1], types[2], params)
        for ldist in lead_dists:
            value = sets
            done = False
            if relic_side:
                assert obj_id is not None
                wa = WildAssignment(relic_types=_three(tdist), relic_leads=_four(ldist))
                done = objective_completed(obj_id, me, wa, opponents)
                value += points if done else 0
            if value > best_relics[0]:
                best_relics = (value, tdist, ldist, done)

    tile_value, tile_dist, tile_done = best_tiles
    relic_value, type_dist, lead_dist, relic_done = best_relics
    completed = tile_done or relic_done
    if obj_id is not None and not tile_side and not relic_side:
        completed = False
    objective_points = points if completed else 0
    tile_sets = tile_value - (objective_points if tile_side else 0)
    relic_sets = relic_value - (objective_points if relic_side else 0)
    wilds = WildAssignment(_four(tile_dist), _three(type_dist), _four(lead_dist))
    return tile_sets, relic_sets, objective_points, completed, wilds


def score_player(
    me: PlayerTally,
    opponents: Sequence[PlayerTally],
    params: RulesParams = DEFAULT_PARAMS,
) -> ScoreBreakdown:
    """One player's final score with its breakdown and the optimal wild assignment."""
    candidates: list[int | None] = list(me.objectives) or [None]
    best: tuple[int, int | None, tuple[int, int, int, bool, WildAssignment]] | None = None
    for obj in candidates:
        result = _best_for_objective(obj, me, opponents, params)
        value = result[0] + result[1] + result[2]
        if best is None or value > best[0]:
            best = (value, obj, result)
    assert best is not None
    _, obj, (tile_sets, relic_sets, objective_points, completed, wilds) = best
    return ScoreBreakdown(
        relic_points=me.relic_points,
        tile_bonus_points=me.tile_bonus_points,
        iridia_stone=me.iridia_stone_points,
        token=me.token_points,
        gems=me.cargo_gems // params.gems_per_point,
        relic_sets=relic_sets,
        tile_sets=tile_sets,
        objective=objective_points,
        merchant=me.merchant_points,
        overflow=me.overflow_points,
        objective_id=obj,
        objective_completed=completed,
        wilds=wilds,
    )


def score_all(
    tallies: Sequence[PlayerTally], params: RulesParams = DEFAULT_PARAMS
) -> list[ScoreBreakdown]:
    return [
        score_player(t, [o for j, o in enumerate(tallies) if j != i], params)
        for i, t in enumerate(tallies)
    ]


def _tiebreak_key(t: PlayerTally, b: ScoreBreakdown) -> tuple[int, int, int]:
    # R33: total, then the Iridia Stone, then Throne (rank 2), Scepter (3), Banner (4).
    token = 5 - t.token_rank if t.token_rank else 0
    return (b.total, 1 if t.has_iridia_stone else 0, token)


def rank_players(tallies: Sequence[PlayerTally], breakdowns: Sequence[ScoreBreakdown]) -> list[int]:
    """Place per player (1 = best); players still tied after R33 share the place."""
    keys = [_tiebreak_key(t, b) for t, b in zip(tallies, breakdowns, strict=True)]
    return [1 + sum(1 for other in keys if other > k) for k in keys]


def winners(tallies: Sequence[PlayerTally], breakdowns: Sequence[ScoreBreakdown]) -> list[int]:
    return [i for i, place in enumerate(rank_players(tallies, breakdowns)) if place == 1]


__all__ = [
    "PlayerTally",
    "ScoreBreakdown",
    "WildAssignment",
    "objective_completed",
    "rank_players",
    "relic_set_points",
    "score_all",
    "score_player",
    "tile_set_points",
    "winners",
]
