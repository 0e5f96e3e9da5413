"""The numbers behind the report, the summary and the tournament (pure Python, no numpy).

Win rates come with 95% Wilson score intervals: unlike the normal approximation they stay inside
[0, 1] and behave for the small samples and extreme rates a balance run produces (a 0-for-20
bot gets [0, 16%], not [0, 0]). A seat "wins" when it is among the game's winners; in a tie
every tied seat wins (and in a cooperative win every seat), so the win rates of a table can add
up to more than 1.

Rows are grouped by a label (a seat group from the game's sim plug-in, or a bot spec); labels
sort numbers first, then text, then the automa's labels, so the automa is a group of its own
at the end. ``GroupTally`` folds the same win rates from rows as they come, for the summary a
run prints without keeping its rows.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # two-sided 95% normal quantile
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


def label_order(labels: Iterable[str], last: Collection[str] = ()) -> list[str]:
    """Numbers ascending, then text, then the labels in ``last`` (the automa's)."""

    def key(label: str) -> tuple[int, int, str]:
        if label in last:
            return (2, 0, label)
        return (0, int(label), "") if label.isdigit() else (1, 0, label)

    return sorted(labels, key=key)


def group(
    rows: Iterable[Row], key: Callable[[Row], str], last: Collection[str] = ()
) -> dict[str, list[Row]]:
    """Rows by label, in ``label_order``."""
    out: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        out[key(row)].append(row)
    return {label: out[label] for label in label_order(out, last)}


def bot_group(row: Row) -> str:
    return str(row["bot"])


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


class GroupTally:
    """Seats, wins and the sum of scores per label, folded from rows as they come."""

    __slots__ = ("_key", "_last", "_score", "groups")

    def __init__(self, key: Callable[[Row], str], score: str, last: Collection[str] = ()) -> None:
        self._key = key
        self._score = score
        self._last = last
        self.groups: dict[str, list[int]] = {}  # label -> [seats, wins, score sum]

    def add(self, rows: Iterable[Row]) -> None:
        for row in rows:
            line = self.groups.setdefault(self._key(row), [0, 0, 0])
            line[0] += 1
            line[1] += 1 if row["winner"] else 0
            line[2] += row[self._score] or 0

    def lines(self) -> list[tuple[str, Rate, float]]:
        """(label, win rate, mean score), in ``label_order``."""
        out = []
        for label in label_order(self.groups, self._last):
            seats, wins, total = self.groups[label]
            out.append((label, Rate(wins, seats), total / seats if seats else 0.0))
        return out


class TeamTally:
    """Games, team wins, team scores and targets of a cooperative run, folded from its
    ``games.jsonl`` rows as they come."""

    __slots__ = ("games", "score", "targets", "wins")

    def __init__(self) -> None:
        self.games = self.wins = self.score = 0
        self.targets: set[int] = set()

    def add(self, games: Iterable[Row]) -> None:
        for g in games:
            self.games += 1
            self.wins += 1 if g["winners"] else 0
            self.score += g.get("team_score") or 0
            if g.get("target") is not None:
                self.targets.add(int(g["target"]))

    @property
    def rate(self) -> Rate:
        return Rate(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        return self.score / self.games if self.games else 0.0
