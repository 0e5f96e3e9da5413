"""The numbers behind the report and the tournament, from result rows (pure Python, no numpy).

Win rates come with 95% Wilson score intervals: unlike the normal approximation they stay inside
[0, 1] and behave for the small samples and extreme rates a balance run produces (a 0-for-20
bot gets [0, 16%], not [0, 0]). A seat "wins" when it is ranked first; in a tie every tied seat
wins, so the win rates of a table can add up to more than 1.

Rows are grouped by a label: the turn-order position (``"1"`` plays first) for bots, ``"Rhom"``
for the automa, so the Rhom is always a group of its own.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from iridescia.sim.columns import SCORE_SOURCES

Z95 = 1.959963984540054  # two-sided 95% normal quantile
RHOM_GROUP = "Rhom"
Row = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Rate:
    """``k`` successes out of ``n`` with the 95% Wilson interval."""

    k: int
    n: int

    @property
    def p(self) -> float:
        return self.k / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.k, self.n)

    def text(self) -> str:
        lo, hi = self.interval
        return f"{self.p:.1%} [{lo:.1%}, {hi:.1%}]" if self.n else "-"


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials ((0, 1) when n == 0)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def seat_group(row: Row) -> str:
    return RHOM_GROUP if row["is_rhom"] else str(row["position"])


def bot_group(row: Row) -> str:
    return str(row["bot"])


def group(rows: Iterable[Row], key: Callable[[Row], str]) -> dict[str, list[Row]]:
    """Rows by label, labels in a stable order: numbers ascending, then text, the Rhom last."""
    out: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        out[key(row)].append(row)

    def order(label: str) -> tuple[int, int, str]:
        if label == RHOM_GROUP or label == "rhom":
            return (2, 0, label)
        return (0, int(label), "") if label.isdigit() else (1, 0, label)

    return {label: out[label] for label in sorted(out, key=order)}


def win_rate(rows: Sequence[Row]) -> Rate:
    return Rate(sum(1 for r in rows if r["winner"]), len(rows))


def mean(values: Iterable[float]) -> float:
    data = list(values)
    return statistics.fmean(data) if data else 0.0


def describe(values: Sequence[float]) -> dict[str, float]:
    """Count, mean, standard deviation, min, median, max."""
    if not values:
        return {"n": 0, "mean": 0.0, "sd": 0.0, "min": 0.0, "median": 0.0, "max": 0.0}
    return {
        "n": len(values),
        "mean": statistics.fmean(values),
        "sd": statistics.stdev(values) if len(values) > 1 else 0.0,
        "min": min(values),
        "median": statistics.median(values),
        "max": max(values),
    }


def humans(rows: Iterable[Row]) -> list[Row]:
    """The bots' rows (the Rhom buys no items and holds no objective)."""
    return [r for r in rows if not r["is_rhom"]]


def source_means(rows: Sequence[Row]) -> dict[str, float]:
    """Mean points by source (sources that never scored are left out)."""
    means = {s: mean(r.get(f"score_{s}") or 0 for r in rows) for s in SCORE_SOURCES}
    return {s: m for s, m in means.items() if any(r.get(f"score_{s}") for r in rows)}


@dataclass(frozen=True, slots=True)
class ItemLine:
    item: str
    bought: Rate  # share of bot seats that bought it at least once
    used: Rate  # share of bot seats that played it at least once
    win_bought: Rate
    win_not_bought: Rate


def item_lines(rows: Sequence[Row], items: Sequence[str]) -> list[ItemLine]:
    seats = humans(rows)
    out = []
    for item in items:
        bought = [r for r in seats if (r.get(f"bought_{item}") or 0) > 0]
        not_bought = [r for r in seats if not (r.get(f"bought_{item}") or 0) > 0]
        used = sum(1 for r in seats if (r.get(f"used_{item}") or 0) > 0)
        out.append(
            ItemLine(
                item,
                Rate(len(bought), len(seats)),
                Rate(used, len(seats)),
                win_rate(bought),
                win_rate(not_bought),
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class RelicLine:
    relic_id: int
    name: str
    restored: Rate  # share of games in which some seat restored it
    by_rhom: int  # how many of those the Rhom took
    win_restorer: Rate  # how often the seat that restored it won


def relic_lines(rows: Sequence[Row], relics: Sequence[tuple[int, str]]) -> list[RelicLine]:
    games = {r["game"] for r in rows}
    holders: dict[int, list[Row]] = defaultdict(list)
    for r in rows:
        for relic in r["relic_ids"]:
            holders[relic].append(r)
    out = []
    for relic_id, name in relics:
        got = holders.get(relic_id, [])
        restored_in = {r["game"] for r in got}
        out.append(
            RelicLine(
                relic_id,
                name,
                Rate(len(restored_in), len(games)),
                sum(1 for r in got if r["is_rhom"]),
                win_rate(got),
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class ObjectiveLine:
    objective_id: int
    name: str
    completed: Rate  # of the seats that kept it to the end
    win_completed: Rate
    win_missed: Rate


def objective_lines(
    rows: Sequence[Row], objectives: Sequence[tuple[int, str]]
) -> list[ObjectiveLine]:
    seats = humans(rows)
    out = []
    for obj_id, name in objectives:
        held = [r for r in seats if r["objective_id"] == obj_id]
        done = [r for r in held if r["objective_completed"]]
        missed = [r for r in held if not r["objective_completed"]]
        out.append(
            ObjectiveLine(
                obj_id, name, Rate(len(done), len(held)), win_rate(done), win_rate(missed)
            )
        )
    return out


def market_means(games: Sequence[Row], colours: Sequence[str]) -> dict[str, list[float]]:
    """Mean market value of each colour at the start of round 1, 2, ... (over the games still
    running at that round)."""
    out: dict[str, list[float]] = {}
    for colour in colours:
        series = [g["market"][colour] for g in games if colour in g.get("market", {})]
        longest = max((len(s) for s in series), default=0)
        out[colour] = [mean(s[i] for s in series if len(s) > i) for i in range(longest)]
    return out


def games_per_round(games: Sequence[Row]) -> list[int]:
    """How many games were still running at the start of round 1, 2, ..."""
    lengths = [int(g.get("rounds", 0)) for g in games]
    longest = max(lengths, default=0)
    return [sum(1 for n in lengths if n > i) for i in range(longest)]


def first_player_lines(rows: Sequence[Row]) -> list[tuple[str, Rate, Rate, float]]:
    """Per bot (and the Rhom), the win rate when playing first and when not, with the even
    share 1/seats for reference: (label, rate when first, rate otherwise, even share)."""
    out = []
    for label, group_rows in group(rows, bot_group).items():
        first = [r for r in group_rows if r["position"] == 1]
        later = [r for r in group_rows if r["position"] != 1]
        even = mean(1 / r["players"] for r in group_rows)
        out.append((label, win_rate(first), win_rate(later), even))
    return out
