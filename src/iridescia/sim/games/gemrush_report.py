"""Gem Rush's report sections: the questions of spec §8, each a figure and its table.

From ``games.jsonl`` (the figures of ``games.gemrush.Statistics``) and the result rows:

- ``crisis-levels`` (Crisis): the team score by number of players against the six levels, and
  how often each level is reached (§8.1);
- ``rush`` (Rush): rounds per game against the intended 8-14, R88 hits, and the win rate by
  turn-order position with its 95% Wilson interval (§8.2);
- ``economy``: constructions and their points by door-cost size, points per construction,
  constructions per turn, cards per action, free and 0-point doors (§8.3);
- ``payability``: how often the hands play produces could pay a door of each cost size (§8.3);
- ``rooms`` and ``deck-and-mine`` are in ``gemrush_report_mine``: rooms' use and value
  (§8.4), the deck, the mine, robustness and turn length (§8.5-§8.7).

A run without these figures (written before Gem Rush had a plug-in) gets a "no data" figure.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from iridescia.games.gemrush import DOOR_SIZES
from iridescia.sim import html as h
from iridescia.sim import stats as st
from iridescia.sim.plugin import ReportData, Row, Section

RUSH_ROUNDS = (8, 14)  # spec §8.2: the intended length of a Rush game, in rounds
# Spec §8.3's quick check: random 4-card hands against random doors of 1..5 gems.
QUICK_CHECK_4_CARDS = (0.83, 0.65, 0.48, 0.34, 0.19)
MIN_CHECKS = 20  # a hand size is drawn in the payability figure from this many checks on


def games_with(data: ReportData, key: str) -> list[Row]:
    """The ``games.jsonl`` rows that hold ``key`` (those of a Gem Rush plug-in run)."""
    return [g for g in data.games if key in g]


def by_players(games: Iterable[Row]) -> dict[int, list[Row]]:
    out: dict[int, list[Row]] = defaultdict(list)
    for g in games:
        out[int(g["players"])].append(g)
    return dict(sorted(out.items()))


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    """(first quartile, median, third quartile), inclusive method."""
    if not values:
        return 0.0, 0.0, 0.0
    if len(values) == 1:
        return float(values[0]), float(values[0]), float(values[0])
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, median, q3


def no_data(data: ReportData, alt: str, what: str) -> str:
    fig = h.new_figure()
    h.no_data(fig, f"no {what} in this run (games.jsonl of the Gem Rush plug-in)")
    return h.img(fig, alt, data.stamp)


def ratio(part: float, whole: float) -> float | None:
    return part / whole if whole else None


def total(games: Iterable[Row], key: str) -> int:
    return sum(int(g.get(key) or 0) for g in games)


# ------------------------------------------------------------------ §8.1 Crisis levels


def _crisis_levels(data: ReportData) -> str:
    games = [g for g in games_with(data, "levels") if g.get("team_score") is not None]
    if not games:
        return no_data(data, "crisis levels", "Crisis team scores")
    levels: dict[str, int] = dict(games[0]["levels"])
    groups = by_players(games)
    scores = {n: [int(g["team_score"]) for g in gs] for n, gs in groups.items()}
    fig = h.new_figure(9, 4.5)
    ax = fig.add_subplot()
    ax.boxplot(list(scores.values()))
    ax.set_xticks(range(1, len(scores) + 1), labels=[str(n) for n in scores])
    for i, (key, target) in enumerate(levels.items()):
        ax.axhline(target, color=h.PALETTE[i % 12], linestyle="--", linewidth=1)
        ax.text(len(scores) + 0.55, target, f"{key} {target}", va="center", fontsize=8,
                color=h.PALETTE[i % 12])  # fmt: skip
    ax.set_xlim(0.4, len(scores) + 1.6)
    ax.set_xlabel("players")
    ax.set_ylabel("team score at the end")
    ax.set_title("Crisis: team score by number of players, against the six levels")
    spread = [["players", "games", "median", "Q1", "Q3", "mean", "min", "max"]]
    lines = []
    for n, values in scores.items():
        q1, median, q3 = quartiles(values)
        lines.append([n, len(values), median, q1, q3, st.mean(values), min(values), max(values)])
    reached = [
        [
            n,
            *(
                st.Rate(sum(1 for v in values if v >= t), len(values)).text()
                for t in levels.values()
            ),
        ]
        for n, values in scores.items()
    ]
    medians = [line[2] for line in lines]
    note = ""
    if len(medians) > 1:  # §8.1: the spread between player counts should stay within ~10
        note = h.facts(
            [("spread of the medians across player counts", max(medians) - min(medians))]
        )
    head = ["players", *(f"{k} ({t})" for k, t in levels.items())]
    return (
        h.img(fig, "crisis levels", data.stamp)
        + h.table(spread[0], lines)
        + h.table(head, reached)
        + note
    )


# ------------------------------------------------------------------ §8.2 Rush length and seats


def _rush(data: ReportData) -> str:
    games = [g for g in games_with(data, "rounds") if g.get("round_limit_hit") is not None]
    if not games:
        return no_data(data, "rush", "Rush rounds")
    groups = by_players(games)
    fig = h.new_figure(10, 4)
    left, right = fig.subplots(1, 2)
    every = [int(g["rounds"]) for g in games]
    bins = h.int_bins(every)
    low, high = RUSH_ROUNDS
    left.axvspan(low - 0.5, high + 0.5, color="#dddddd", label=f"intended {low}-{high}")
    for i, (n, gs) in enumerate(groups.items()):
        left.hist([int(g["rounds"]) for g in gs], bins=bins, alpha=0.6, color=h.PALETTE[i % 12],
                  label=f"{n} players")  # fmt: skip
    left.set_xlabel("rounds per game")
    left.set_ylabel("games")
    left.set_title("Rush length")
    left.legend(fontsize=8)
    positions = st.group(data.rows, lambda r: str(r["position"]))
    rates = {label: st.win_rate(rows) for label, rows in positions.items()}
    bars = [(r.p, *r.interval) for r in rates.values()]
    right.bar(range(len(rates)), [b[0] for b in bars], yerr=h.error_bars(bars), capsize=4,
              color=h.PALETTE[0])  # fmt: skip
    even = st.mean(1 / r["players"] for r in data.rows)
    right.axhline(even, color="#555", linestyle="--", linewidth=1, label="even share")
    right.set_xticks(range(len(rates)), labels=list(rates))
    h.rate_axis(right, len(rates))
    right.set_xlabel("turn-order position (1 = first player)")
    right.set_ylabel("win rate (95% Wilson interval)")
    right.set_title("Seat fairness")
    right.legend(fontsize=8)
    length = []
    for n, gs in groups.items():
        rounds = [int(g["rounds"]) for g in gs]
        q1, median, q3 = quartiles(rounds)
        inside = st.Rate(sum(1 for r in rounds if low <= r <= high), len(rounds))
        hits = sum(1 for g in gs if g["round_limit_hit"])
        targets = sorted({int(g["target"]) for g in gs if g.get("target") is not None})
        length.append([n, len(gs), "/".join(map(str, targets)), st.mean(rounds), median, q1, q3,
                       min(rounds), max(rounds), inside.text(), hits])  # fmt: skip
    head = ["players", "games", "target", "mean rounds", "median", "Q1", "Q3", "min", "max",
            f"within {low}-{high}", "R88 hits"]  # fmt: skip
    seats = [[k, r.n, r.k, r.text(), f"{r.p - even:+.1%}"] for k, r in rates.items()]
    seat_head = ["position", "seats", "wins", "win rate [95% CI]", "vs even share"]
    return (
        h.img(fig, "rush length and seats", data.stamp)
        + h.table(head, length)
        + h.table(seat_head, seats)
    )


# ------------------------------------------------------------------ §8.3 the economy


def _economy(data: ReportData) -> str:
    games = games_with(data, "doors_by_cost")
    if not games:
        return no_data(data, "economy", "construction figures")
    sizes = sorted({int(k) for g in games for k in g["doors_by_cost"]})
    built = {k: sum(int(g["doors_by_cost"].get(str(k), 0)) for g in games) for k in sizes}
    points = {k: sum(int(g["points_by_cost"].get(str(k), 0)) for g in games) for k in sizes}
    n = len(games)
    all_points = sum(points.values())
    labels = ["free" if k == 0 else str(k) for k in sizes]
    fig = h.new_figure(10, 3.8)
    left, right = fig.subplots(1, 2)
    left.bar(labels, [built[k] / n for k in sizes], color=h.PALETTE[0])
    left.set_xlabel("door cost (gems)")
    left.set_ylabel("constructions per game")
    left.set_title("Constructions by door-cost size")
    right.bar(labels, [points[k] / all_points if all_points else 0.0 for k in sizes],
              color=h.PALETTE[1])  # fmt: skip
    right.set_ylim(0, 1)
    right.set_xlabel("door cost (gems)")
    right.set_ylabel("share of the printed points")
    right.set_title("Where the points formula's value comes from")
    constructions = total(games, "constructions")
    turns = total(games, "turns")
    large = sum(points[k] for k in sizes if k >= 4)
    draws, room_actions = total(games, "draw_actions"), total(games, "room_actions")
    draw_cards, room_cards = total(games, "draw_cards"), total(games, "room_action_cards")
    facts: list[tuple[str, Any]] = [
        ("games", n),
        ("constructions per game", constructions / n),
        ("constructions per turn", ratio(constructions, turns)),
        ("points per construction (door points + Orichalcum bonus)",
         ratio(total(games, "construction_points"), constructions)),
        ("share of printed points from 4-5-gem doors", _percent(ratio(large, all_points))),
        ("cards per action, all", ratio(draw_cards + room_cards, draws + room_actions)),
        ("cards per draw action", ratio(draw_cards, draws)),
        ("cards per room action", ratio(room_cards, room_actions)),
        ("share of actions that use the room", _percent(ratio(room_actions, draws + room_actions))),
        ("free doors built per game", total(games, "free_doors") / n),
        ("0-point doors (with a cost) built per game", total(games, "zero_point_doors") / n),
        ("warped constructions per game", total(games, "warped_constructions") / n),
        ("Orichalcum bonus per game", total(games, "orichalcum_bonus") / n),
        ("room points per game (net)", total(games, "room_points") / n),
    ]  # fmt: skip
    table = [[label, built[k], built[k] / n, points[k], _percent(ratio(points[k], all_points))]
             for label, k in zip(labels, sizes, strict=True)]  # fmt: skip
    head = ["door cost", "constructions", "per game", "printed points", "share of points"]
    return h.img(fig, "economy", data.stamp) + h.facts(facts) + h.table(head, table)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


# ------------------------------------------------------------------ §8.3 payability


def payability_lines(games: Iterable[Row]) -> dict[int, tuple[list[int], list[int]]]:
    """Per hand size: (checks, payable) by door-cost size, summed over the games."""
    out: dict[int, tuple[list[int], list[int]]] = {}
    width = len(DOOR_SIZES)
    for g in games:
        for hand, line in g.get("payability", {}).items():
            checks, payable = out.setdefault(int(hand), ([0] * width, [0] * width))
            for i in range(width):
                checks[i] += int(line["checks"][i])
                payable[i] += int(line["payable"][i])
    return dict(sorted(out.items()))


def _payability(data: ReportData) -> str:
    lines = payability_lines(games_with(data, "payability"))
    if not lines:
        return no_data(data, "payability", "payability checks")
    width = len(DOOR_SIZES)
    overall = ([sum(c[i] for c, _ in lines.values()) for i in range(width)],
               [sum(p[i] for _, p in lines.values()) for i in range(width)])  # fmt: skip

    def rates(line: tuple[list[int], list[int]]) -> list[st.Rate]:
        return [st.Rate(line[1][i], line[0][i]) for i in range(width)]

    fig = h.new_figure(9, 4.5)
    ax = fig.add_subplot()
    xs = list(DOOR_SIZES)
    for i, (hand, line) in enumerate(lines.items()):
        if min(line[0]) >= MIN_CHECKS:
            ax.plot(xs, [r.p for r in rates(line)], marker="o", linewidth=1, alpha=0.7,
                    color=h.PALETTE[(i + 2) % 12], label=f"hand of {hand}")  # fmt: skip
    every = rates(overall)
    bars = [(r.p, *r.interval) for r in every]
    ax.errorbar(xs, [b[0] for b in bars], yerr=h.error_bars(bars), color="#222", marker="s",
                capsize=4, linewidth=2, label="every hand")  # fmt: skip
    ax.plot(xs, QUICK_CHECK_4_CARDS, color="#999", linestyle="--",
            label="§8.3 quick check, random 4 cards")  # fmt: skip
    ax.set_xticks(xs)
    ax.set_ylim(0, 1.05)
    ax.set_xlabel("door cost (gems)")
    ax.set_ylabel("share of doors the hand could pay")
    ax.set_title("Door-cost payability, hands at the start of phase 2")
    ax.legend(fontsize=8, loc="upper right")
    head = ["hand size", "hands tested", *(f"{k} gem{'s' if k > 1 else ''}" for k in DOOR_SIZES)]
    table = [[hand, sum(line[0]), *(r.text() for r in rates(line))] for hand, line in lines.items()]
    table.append(["every hand", sum(overall[0]), *(r.text() for r in every)])
    return h.img(fig, "payability", data.stamp) + h.table(head, table)


SECTIONS: tuple[Section, ...] = (
    Section("crisis-levels", "Crisis: team score against the levels", _crisis_levels,
            "Spec §8.1. Levels after the No Skills offset; the boxes show quartiles.",
            cooperative=True),
    Section("rush", "Rush: length and seat fairness", _rush,
            "Spec §8.2. Seats by turn-order position; ties count as a win for every tied seat.",
            cooperative=False),
    Section("economy", "Economy: constructions, points and cards", _economy,
            "Spec §8.3. Printed points exclude the Orichalcum bonus."),
    Section("payability", "Door-cost payability", _payability,
            "Spec §8.3. Each turn one printed door of a random cost size is tested against "
            "the hand the mover starts phase 2 with (a walking construction)."),
)  # fmt: skip
# rooms and deck-and-mine: gemrush_report_mine.SECTIONS, after these (the registry joins them)
