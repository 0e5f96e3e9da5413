"""Final scoring (spec 7): set tables, objectives, wilds (R30, R32), tie-breaks (R33).

The wild assignment is checked against a brute force that tries every colour for every wild
tile and every (type, lead) for every Iridia relic independently.
"""

from __future__ import annotations

import dataclasses
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iridescia.games.iridescia.data import OBJECTIVES
from iridescia.games.iridescia.scoring import (
    PlayerTally,
    WildAssignment,
    objective_completed,
    rank_players,
    relic_set_points,
    score_all,
    score_player,
    tile_set_points,
    total_scores,
    winners,
)


def tally(**kw: object) -> PlayerTally:
    base: dict[str, object] = {
        "cargo_gems": 0,
        "coins": 0,
        "tile_colours": (0, 0, 0, 0),
        "wild_tiles": 0,
        "relic_types": (0, 0, 0),
        "relic_leads": (0, 0, 0, 0),
        "iridia_relics": 0,
        "objectives": (),
    }
    base.update(kw)
    return PlayerTally(**base)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("n", "points"),
    [(0, 0), (1, 0), (2, 0), (3, 3), (4, 3), (5, 7), (6, 7), (7, 12), (8, 12), (9, 12),
     (10, 15), (11, 15), (12, 19), (14, 24)],
)  # fmt: skip
def test_handbook_scoring_table_tile_sets(n: int, points: int) -> None:
    assert tile_set_points(n) == points


@pytest.mark.parametrize(
    ("j", "t", "lo", "points"),
    [
        (3, 0, 0, 5),
        (0, 3, 0, 7),
        (0, 0, 3, 9),
        (1, 1, 1, 5),
        (2, 2, 2, 10),
        (3, 3, 3, 21),
        (4, 1, 1, 10),  # 3J + one leftover J with T and L
        (1, 3, 3, 16),  # 3T + 3L beats J+T+L
        (0, 2, 5, 9),
        (6, 0, 0, 10),
    ],
)
def test_handbook_scoring_table_relic_sets(j: int, t: int, lo: int, points: int) -> None:
    assert relic_set_points(j, t, lo) == points


def test_gems_score_one_point_per_two() -> None:
    assert score_player(tally(cargo_gems=7), []).gems == 3


def test_r30_tie_for_most_counts_as_most() -> None:
    me = tally(tile_colours=(2, 0, 0, 0), objectives=(2,))
    other = tally(tile_colours=(2, 0, 0, 0))
    assert score_player(me, [other]).objective == 5


def test_r30_most_needs_at_least_one() -> None:
    me = tally(objectives=(1,))  # Glimmering Gold with 0 coins
    assert score_player(me, [tally()]).objective == 0
    assert score_player(tally(coins=1, objectives=(1,)), [tally()]).objective == 7


def test_r30_opponents_wilds_are_ignored() -> None:
    me = tally(tile_colours=(0, 0, 2, 0), objectives=(4,))
    other = tally(tile_colours=(0, 0, 2, 0), wild_tiles=3)
    assert score_player(me, [other]).objective_completed
    me_relics = tally(relic_types=(0, 0, 1), relic_leads=(1, 0, 0, 0), objectives=(13,))
    other_relics = tally(relic_types=(0, 0, 1), relic_leads=(1, 0, 0, 0), iridia_relics=4)
    assert score_player(me_relics, [other_relics]).objective == 7


def test_r30_own_wild_tile_makes_the_most() -> None:
    me = tally(tile_colours=(0, 1, 0, 0), wild_tiles=1, objectives=(3,))
    other = tally(tile_colours=(0, 2, 0, 0))
    b = score_player(me, [other])
    assert b.objective == 5 and b.wilds.tile_colours == (0, 1, 0, 0)


def test_r32_iridia_relic_plays_one_type_for_sets_and_objective() -> None:
    # Two Jewelry + one Iridia: the Iridia can finish 3 Jewelry (5) or be the Tech for
    # Master Miner... which also needs Lore: 2J + Lore + Iridia-as-Tech -> J+T+L set (5) and
    # the objective (7). Counting it twice (3J set and Tech) would be wrong.
    me = tally(relic_types=(2, 0, 1), relic_leads=(2, 1, 0, 0), iridia_relics=1, objectives=(15,))
    b = score_player(me, [])
    assert b.relic_sets + b.objective == 12
    assert b.wilds.relic_types == (0, 1, 0)
    # Only one Iridia and no Lore: it can be Tech or Lore, not both.
    me2 = tally(relic_types=(1, 0, 0), relic_leads=(1, 0, 0, 0), iridia_relics=1, objectives=(15,))
    assert score_player(me2, []).objective == 0


def test_r32_rainbow_counts_in_one_set_only() -> None:
    me = tally(tile_colours=(2, 2, 0, 0), wild_tiles=1)
    assert score_player(me, []).tile_sets == 3


@pytest.mark.parametrize("obj", [o.id for o in OBJECTIVES])
def test_every_objective_condition(obj: int) -> None:
    rich = tally(
        coins=9,
        tile_colours=(3, 3, 3, 3),
        relic_types=(2, 2, 2),
        relic_leads=(2, 2, 1, 1),
        objectives=(obj,),
    )
    poor = tally()
    assert objective_completed(obj, rich, WildAssignment(), [poor])
    assert not objective_completed(obj, poor, WildAssignment(), [rich])


def test_remarkable_restorer_counts_iridia_relics() -> None:
    me = tally(relic_types=(1, 1, 1), relic_leads=(1, 1, 1, 0), iridia_relics=2, objectives=(11,))
    assert score_player(me, []).objective == 7


def test_two_objectives_held_score_the_better() -> None:
    me = tally(coins=3, relic_types=(0, 0, 0), objectives=(1, 11))
    b = score_player(me, [])
    assert b.objective == 7 and b.objective_id == 1


def _brute(me: PlayerTally, opponents: list[PlayerTally]) -> int:
    best = -1
    objs = list(me.objectives) or [None]
    for tile_choice in product(range(4), repeat=me.wild_tiles):
        tiles = [0, 0, 0, 0]
        for c in tile_choice:
            tiles[c] += 1
        for relic_choice in product(product(range(3), range(4)), repeat=me.iridia_relics):
            types = [0, 0, 0]
            leads = [0, 0, 0, 0]
            for t, lead in relic_choice:
                types[t] += 1
                leads[lead] += 1
            wa = WildAssignment(
                (tiles[0], tiles[1], tiles[2], tiles[3]),
                (types[0], types[1], types[2]),
                (leads[0], leads[1], leads[2], leads[3]),
            )
            own_tiles = [a + b for a, b in zip(me.tile_colours, tiles, strict=True)]
            own_types = [a + b for a, b in zip(me.relic_types, types, strict=True)]
            base = sum(tile_set_points(n) for n in own_tiles) + relic_set_points(*own_types)
            for obj in objs:
                value = base
                if obj is not None and objective_completed(obj, me, wa, opponents):
                    value += next(o.points for o in OBJECTIVES if o.id == obj)
                best = max(best, value)
    return best


counts4 = st.tuples(*(st.integers(0, 4) for _ in range(4)))
counts3 = st.tuples(*(st.integers(0, 4) for _ in range(3)))


@st.composite
def tallies(draw: st.DrawFn, wild: bool = True) -> PlayerTally:
    types = draw(counts3)
    n = sum(types)
    leads = [0, 0, 0, 0]
    for _ in range(n):
        leads[draw(st.integers(0, 3))] += 1
    return tally(
        coins=draw(st.integers(0, 10)),
        cargo_gems=draw(st.integers(0, 7)),
        tile_colours=draw(counts4),
        wild_tiles=draw(st.integers(0, 3 if wild else 2)),
        relic_types=types,
        relic_leads=(leads[0], leads[1], leads[2], leads[3]),
        iridia_relics=draw(st.integers(0, 2)),
        objectives=tuple(draw(st.lists(st.integers(1, 15), min_size=0, max_size=2, unique=True))),
    )


@settings(max_examples=150, deadline=None)
@given(me=tallies(), opponents=st.lists(tallies(wild=False), min_size=1, max_size=3))
def test_r32_wild_assignment_matches_brute_force(
    me: PlayerTally, opponents: list[PlayerTally]
) -> None:
    b = score_player(me, opponents)
    assert b.tile_sets + b.relic_sets + b.objective == _brute(me, opponents)
    # The reported assignment really gives the reported objective result.
    if b.objective_id is not None:
        assert objective_completed(b.objective_id, me, b.wilds, opponents) == (
            b.objective_completed
        )


@settings(max_examples=150, deadline=None)
@given(table=st.lists(tallies(), min_size=1, max_size=5), points=st.integers(0, 12))
def test_total_scores_are_the_breakdowns_totals(table: list[PlayerTally], points: int) -> None:
    # The search's evaluator scores with ``total_scores``, which builds no breakdown.
    table = [
        dataclasses.replace(t, relic_points=points, merchant_points=i) for i, t in enumerate(table)
    ]
    assert total_scores(table) == [b.total for b in score_all(table)]


def test_r33_tie_breaks_in_order() -> None:
    base = {"relic_points": 20}
    a = tally(**base, has_iridia_stone=True)
    b = tally(**base, token_rank=2)  # Throne
    c = tally(**base, token_rank=3)  # Scepter
    d = tally(**base, token_rank=4)  # Banner
    ts = [d, c, b, a]
    bs = score_all(ts)
    assert rank_players(ts, bs) == [4, 3, 2, 1]
    assert winners(ts, bs) == [3]


def test_r33_still_tied_players_share_the_place() -> None:
    ts = [tally(relic_points=10), tally(relic_points=10), tally(relic_points=4)]
    bs = score_all(ts)
    assert rank_players(ts, bs) == [1, 1, 3]
    assert winners(ts, bs) == [0, 1]


def test_breakdown_total_and_dict() -> None:
    b = score_player(
        tally(
            cargo_gems=5,
            relic_points=11,
            tile_bonus_points=4,
            iridia_stone_points=10,
            token_points=7,
            tile_colours=(3, 0, 0, 0),
            relic_types=(3, 0, 0),
            relic_leads=(3, 0, 0, 0),
        ),
        [],
    )
    d = b.as_dict()
    assert d["total"] == b.total == 11 + 4 + 10 + 7 + 2 + 5 + 3
    assert set(d) == {
        "relic_points", "tile_bonus_points", "iridia_stone", "token", "gems", "relic_sets",
        "tile_sets", "objective", "merchant", "overflow", "total",
    }  # fmt: skip
