"""Gems of Iridescia's report sections: what only makes sense for this game.

``score-by-source`` (mean points by source per turn-order position, score histograms),
``items`` (bought/used rates, win rate with and without), ``relics`` (restore rate by relic),
``objectives`` (completion rate by objective), ``market`` (mean market value per round) and
``first-player`` (the advantage of playing first). Each draws one figure and gives the same
numbers as a table, from the rows of ``sim.games.iridescia``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from iridescia.games.iridescia import COLOUR_NAMES, ITEM_KEYS, OBJECTIVE_BY_ID, RELIC_BY_ID
from iridescia.sim import html as h
from iridescia.sim import stats as st
from iridescia.sim.games.iridescia import RHOM_GROUP, SCORE_SOURCES, seat_group
from iridescia.sim.plugin import ReportData, Section
from iridescia.sim.stats import Rate, Row, mean, win_rate

GEM_COLOURS = {
    "amethyst": "#8e44ad",
    "citrine": "#d4a017",
    "emerald": "#1e8449",
    "sapphire": "#1f4e9c",
}
_LAST = (RHOM_GROUP, "rhom")  # the Rhom's seat group and bot label sort last


def humans(rows: Sequence[Row]) -> list[Row]:
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
    for label, group_rows in st.group(rows, st.bot_group, _LAST).items():
        first = [r for r in group_rows if r["position"] == 1]
        later = [r for r in group_rows if r["position"] != 1]
        even = mean(1 / r["players"] for r in group_rows)
        out.append((label, win_rate(first), win_rate(later), even))
    return out


def _score_by_source(data: ReportData) -> str:
    groups = st.group(data.rows, seat_group, _LAST)
    means = {label: source_means(g) for label, g in groups.items()}
    sources = [s for s in SCORE_SOURCES if any(s in m for m in means.values())]
    fig = h.new_figure(10, 4)
    left, right = fig.subplots(1, 2)
    bottoms = [0.0] * len(groups)
    for i, source in enumerate(sources):
        values = [m.get(source, 0.0) for m in means.values()]
        left.bar(list(groups), values, bottom=bottoms, label=source, color=h.PALETTE[i % 12])
        bottoms = [b + v for b, v in zip(bottoms, values, strict=True)]
    left.set_title("Mean points by source")
    left.set_xlabel("turn-order position")
    left.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1, 1))
    bins = h.int_bins([r["score_total"] for r in data.rows])  # the same bins for every seat
    for i, (label, g) in enumerate(groups.items()):
        scores = [r["score_total"] for r in g]
        right.hist(scores, bins=bins, alpha=0.5, label=label, color=h.PALETTE[i])
    right.set_title("Final score histogram")
    right.set_xlabel("final score")
    right.legend(title="seat", fontsize=7)
    lines = [[s, *(m.get(s, 0.0) for m in means.values())] for s in sources]
    lines.append(["total", *(mean(r["score_total"] for r in g) for g in groups.values())])
    return h.img(fig, "score by source", data.stamp) + h.table(["source", *groups], lines)


def _items(data: ReportData) -> str:
    lines = item_lines(data.rows, ITEM_KEYS)
    fig = h.new_figure(10, 4)
    ax = fig.add_subplot()
    xs = list(range(len(lines)))
    width = 0.27
    for offset, name, values in (
        (-width, "bought (share of seats)", [ln.bought.p for ln in lines]),
        (0.0, "win rate when bought", [ln.win_bought.p for ln in lines]),
        (width, "win rate when not bought", [ln.win_not_bought.p for ln in lines]),
    ):
        ax.bar([x + offset for x in xs], values, width, label=name)
    ax.set_xticks(xs, labels=[ln.item for ln in lines], rotation=30)
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)
    ax.set_title("Items: purchase rate and win rate with and without")
    table = [
        [ln.item, ln.bought.text(), ln.used.text(), ln.win_bought.text(), ln.win_not_bought.text()]
        for ln in lines
    ]
    head = ["item", "bought", "used", "win rate if bought", "win rate if not"]
    return h.img(fig, "items", data.stamp) + h.table(head, table)


def _relics(data: ReportData) -> str:
    catalogue = [(r.id, r.name) for r in sorted(RELIC_BY_ID.values(), key=lambda r: r.id)]
    lines = relic_lines(data.rows, catalogue)
    fig = h.new_figure(9, 6)
    ax = fig.add_subplot()
    ys = list(range(len(lines)))
    ax.barh(ys, [ln.restored.p for ln in lines], color=h.PALETTE[2])
    ax.set_yticks(ys, labels=[f"{ln.relic_id} {ln.name}" for ln in lines], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of games in which it was restored")
    ax.set_title("Relic restore rates")
    table = [
        [ln.relic_id, ln.name, ln.restored.text(), ln.by_rhom, ln.win_restorer.text()]
        for ln in lines
    ]
    head = ["id", "relic", "restored (share of games)", "by the Rhom", "restorer won"]
    return h.img(fig, "relics", data.stamp) + h.table(head, table)


def _objectives(data: ReportData) -> str:
    catalogue = [(o.id, o.name) for o in sorted(OBJECTIVE_BY_ID.values(), key=lambda o: o.id)]
    lines = objective_lines(data.rows, catalogue)
    fig = h.new_figure(9, 5)
    h.rate_bars(
        fig,
        [ln.name for ln in lines],
        [(ln.completed.p, *ln.completed.interval) for ln in lines],
        title="Objective completion (seats that kept it)",
        xlabel="objective",
    )
    table = [
        [
            ln.objective_id,
            ln.name,
            ln.completed.n,
            ln.completed.text(),
            ln.win_completed.text(),
            ln.win_missed.text(),
        ]
        for ln in lines
    ]
    head = ["id", "objective", "kept", "completed", "win rate if done", "win rate if missed"]
    return h.img(fig, "objectives", data.stamp) + h.table(head, table)


def _market(data: ReportData) -> str:
    means = market_means(data.games, COLOUR_NAMES)
    running = games_per_round(data.games)
    fig = h.new_figure()
    if not running:
        h.no_data(fig, "no market data (games.jsonl missing)")
        return h.img(fig, "market", data.stamp)
    ax = fig.add_subplot()
    for colour, series in means.items():
        ax.plot(range(1, len(series) + 1), series, label=colour, color=GEM_COLOURS[colour])
    ax.set_xlabel("round")
    ax.locator_params(axis="x", integer=True)
    ax.set_ylabel("mean market value (coins per gem sold)")
    ax.set_title("Gem market value at the start of each round")
    ax.legend()
    table = [[i + 1, running[i], *(means[c][i] for c in COLOUR_NAMES)] for i in range(len(running))]
    return h.img(fig, "market", data.stamp) + h.table(["round", "games", *COLOUR_NAMES], table)


def _first_player(data: ReportData) -> str:
    lines = first_player_lines(data.rows)
    fig = h.new_figure()
    ax = fig.add_subplot()
    xs = list(range(len(lines)))
    firsts = [ln[1] for ln in lines]
    others = [ln[2] for ln in lines]
    for offset, name, rates in ((-0.2, "when first", firsts), (0.2, "when not first", others)):
        ps = [r.p for r in rates]
        # No games in that role (the Rhom is always first): no bar and no interval to show.
        err = h.error_bars([(r.p, *r.interval) if r.n else (0.0, 0.0, 0.0) for r in rates])
        ax.bar([x + offset for x in xs], ps, 0.4, yerr=err, capsize=3, label=name)
    for x, ln in zip(xs, lines, strict=True):
        ax.hlines(ln[3], x - 0.4, x + 0.4, colors="#555", linestyles="--")
    ax.set_xticks(xs, labels=[ln[0] for ln in lines])
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title("Playing first: win rate when first and otherwise (dashes: even share)")
    ax.legend()
    table = [[label, a.text(), b.text(), f"{even:.1%}"] for label, a, b, even in lines]
    head = ["bot", "win rate when first", "win rate otherwise", "even share"]
    return h.img(fig, "first player", data.stamp) + h.table(head, table)


SECTIONS: tuple[Section, ...] = (
    Section("score-by-source", "Score by source", _score_by_source),
    Section("items", "Items: purchases, use and winning", _items,
            "Over the bots' seats (the Rhom buys no items)."),
    Section("relics", "Relic restore rates", _relics),
    Section("objectives", "Objective completion rates", _objectives),
    Section("market", "Gem market value over time", _market,
            "Market value = coins a seller gets per gem, as each round begins."),
    Section("first-player", "First-player advantage", _first_player),
)  # fmt: skip
