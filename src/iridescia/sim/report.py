"""``iridescia report DIR``: one self-contained HTML page about a simulation run.

The page opens with the run's metadata (command, versions, options, rules parameters), then one
section per question a designer asks, each with a figure and the same numbers as a table:

``win-by-seat`` (turn-order position, the Rhom apart), ``win-by-bot``, ``score-by-seat``,
``score-by-source``, ``game-length``, ``items`` (bought/used rates, win rate with and without),
``relics`` (restore rate by relic), ``objectives`` (completion rate by objective), ``market``
(mean market value per round) and ``first-player`` (advantage of playing first).

``SECTIONS`` lists the anchors in page order; every section has exactly one figure (a "no data"
figure when the run cannot answer it), which the tests rely on.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from iridescia.games.iridescia.data import COLOUR_NAMES, ITEM_KEYS, OBJECTIVE_BY_ID, RELIC_BY_ID
from iridescia.sim import html as h
from iridescia.sim import stats as st
from iridescia.sim.columns import SCORE_SOURCES
from iridescia.sim.output import Run, load_run

SECTIONS: tuple[tuple[str, str], ...] = (
    ("win-by-seat", "Win rate by seat (turn order)"),
    ("win-by-bot", "Win rate by bot"),
    ("score-by-seat", "Score distribution by seat"),
    ("score-by-source", "Score by source"),
    ("game-length", "Game length"),
    ("items", "Items: purchases, use and winning"),
    ("relics", "Relic restore rates"),
    ("objectives", "Objective completion rates"),
    ("market", "Gem market value over time"),
    ("first-player", "First-player advantage"),
)
Row = dict[str, Any]


def _rate_row(label: str, rate: st.Rate) -> list[Any]:
    lo, hi = rate.interval
    return [label, rate.n, rate.k, f"{rate.p:.1%}", f"{lo:.1%}", f"{hi:.1%}"]


_RATE_HEAD = ["group", "seats", "wins", "win rate", "95% low", "95% high"]


def _win_section(rows: Sequence[Row], key: Any, title: str, xlabel: str) -> str:
    groups = st.group(rows, key)
    rates = {label: st.win_rate(g) for label, g in groups.items()}
    fig = h.new_figure()
    even = st.mean(1 / r["players"] for r in rows)
    h.rate_bars(
        fig,
        list(rates),
        [(r.p, *r.interval) for r in rates.values()],
        title=title,
        xlabel=xlabel,
        reference=even,
    )
    return h.img(fig, title) + h.table(_RATE_HEAD, [_rate_row(k, r) for k, r in rates.items()])


def _score_by_seat(rows: Sequence[Row]) -> str:
    groups = st.group(rows, st.seat_group)
    fig = h.new_figure()
    ax = fig.add_subplot()
    ax.boxplot([[r["score_total"] for r in g] for g in groups.values()])
    ax.set_xticks(range(1, len(groups) + 1), labels=list(groups))
    ax.set_xlabel("turn-order position")
    ax.set_ylabel("final score")
    ax.set_title("Final score by seat")
    lines = []
    for label, g in groups.items():
        d = st.describe([r["score_total"] for r in g])
        lines.append([label, d["n"], d["mean"], d["sd"], d["min"], d["median"], d["max"]])
    head = ["seat", "n", "mean", "sd", "min", "median", "max"]
    return h.img(fig, "score by seat") + h.table(head, lines)


def _score_by_source(rows: Sequence[Row]) -> str:
    groups = st.group(rows, st.seat_group)
    means = {label: st.source_means(g) for label, g in groups.items()}
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
    for i, (label, g) in enumerate(groups.items()):
        right.hist(
            [r["score_total"] for r in g], bins=20, alpha=0.5, label=label, color=h.PALETTE[i]
        )
    right.set_title("Final score histogram")
    right.set_xlabel("final score")
    right.legend(title="seat", fontsize=7)
    lines = [[s, *(m.get(s, 0.0) for m in means.values())] for s in sources]
    lines.append(["total", *(st.mean(r["score_total"] for r in g) for g in groups.values())])
    return h.img(fig, "score by source") + h.table(["source", *groups], lines)


def _game_length(games: Sequence[Row], rows: Sequence[Row]) -> str:
    by_game: dict[int, Row] = {r["game"]: r for r in rows}
    lengths = [r["length"] for r in by_game.values()]
    turns = [r["game_turns"] for r in by_game.values()]
    rounds = [g["rounds"] for g in games if "rounds" in g]
    fig = h.new_figure(10, 3.5)
    axes = fig.subplots(1, 3)
    for ax, values, name in zip(
        axes, (lengths, turns, rounds), ("actions", "turns", "rounds"), strict=True
    ):
        ax.hist(values, bins=20, color=h.PALETTE[0])
        ax.set_xlabel(f"{name} per game")
    axes[0].set_ylabel("games")
    fig.suptitle("Game length")
    lines = []
    for name, values in (("actions", lengths), ("turns", turns), ("rounds", rounds)):
        d = st.describe(values)
        lines.append([name, d["n"], d["mean"], d["sd"], d["min"], d["median"], d["max"]])
    head = ["per game", "games", "mean", "sd", "min", "median", "max"]
    return h.img(fig, "game length") + h.table(head, lines)


def _items(rows: Sequence[Row]) -> str:
    lines = st.item_lines(rows, ITEM_KEYS)
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
    return h.img(fig, "items") + h.table(head, table)


def _relics(rows: Sequence[Row]) -> str:
    catalogue = [(r.id, r.name) for r in sorted(RELIC_BY_ID.values(), key=lambda r: r.id)]
    lines = st.relic_lines(rows, catalogue)
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
    return h.img(fig, "relics") + h.table(head, table)


def _objectives(rows: Sequence[Row]) -> str:
    catalogue = [(o.id, o.name) for o in sorted(OBJECTIVE_BY_ID.values(), key=lambda o: o.id)]
    lines = st.objective_lines(rows, catalogue)
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
    return h.img(fig, "objectives") + h.table(head, table)


def _market(games: Sequence[Row]) -> str:
    means = st.market_means(games, COLOUR_NAMES)
    running = st.games_per_round(games)
    fig = h.new_figure()
    if not running:
        h.no_data(fig, "no market data (games.jsonl missing)")
        return h.img(fig, "market")
    ax = fig.add_subplot()
    for colour, series in means.items():
        ax.plot(range(1, len(series) + 1), series, label=colour, color=h.GEM_COLOURS[colour])
    ax.set_xlabel("round")
    ax.set_ylabel("mean market value (coins per gem sold)")
    ax.set_title("Gem market value at the start of each round")
    ax.legend()
    table = [[i + 1, running[i], *(means[c][i] for c in COLOUR_NAMES)] for i in range(len(running))]
    return h.img(fig, "market") + h.table(["round", "games", *COLOUR_NAMES], table)


def _first_player(rows: Sequence[Row]) -> str:
    lines = st.first_player_lines(rows)
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
    return h.img(fig, "first player") + h.table(head, table)


def _header(run: Run) -> str:
    meta = run.meta
    config = meta.get("config", {})
    params = meta.get("rules_params", {})
    overrides = config.get("params", {})
    facts = [
        ("run", meta.get("kind", "")),
        ("command", " ".join(str(a) for a in meta.get("command", []))),
        ("started / finished", f"{meta.get('started', '')} / {meta.get('finished', '')}"),
        (
            "iridescia / rules version",
            f"{meta.get('iridescia_version')} / {meta.get('rules_version')}",
        ),
        ("games (rows)", f"{len({r['game'] for r in run.rows})} ({len(run.rows)})"),
        ("errors", meta.get("errors", 0)),
        ("games/s", meta.get("games_per_second")),
        ("players, Rhom", f"{config.get('players')}, {config.get('rhom')}"),
        ("tables (bots by seat)", "; ".join(",".join(t) for t in config.get("tables", []))),
        ("seed", config.get("seed")),
        ("catapult for fourth", config.get("catapult_for_fourth")),
        ("changed rules parameters", json.dumps(overrides) if overrides else "none"),
        ("backend", json.dumps(meta.get("run", {}))),
    ]
    all_params = h.table(["parameter", "value"], [(k, json.dumps(v)) for k, v in params.items()])
    return (
        h.table(["", ""], facts, "meta")
        + f"<details><summary>All rules parameters</summary>{all_params}</details>"
    )


def build_report(run: Run) -> str:
    rows, games = run.rows, run.games
    bodies = {
        "win-by-seat": _win_section(
            rows, st.seat_group, "Win rate by turn-order position", "position (1 = first)"
        ),
        "win-by-bot": _win_section(rows, st.bot_group, "Win rate by bot", "bot"),
        "score-by-seat": _score_by_seat(rows),
        "score-by-source": _score_by_source(rows),
        "game-length": _game_length(games, rows),
        "items": _items(rows),
        "relics": _relics(rows),
        "objectives": _objectives(rows),
        "market": _market(games),
        "first-player": _first_player(rows),
    }
    notes = {
        "win-by-seat": "Ties count as a win for every tied seat. Dashed line: the even share.",
        "market": "Market value = coins a seller gets per gem, as each round begins.",
        "items": "Over the bots' seats (the Rhom buys no items).",
    }
    sections = [
        (anchor, title, h.section(anchor, title, bodies[anchor], note=notes.get(anchor, "")))
        for anchor, title in SECTIONS
    ]
    title = f"iridescia simulation report: {run.path.name}"
    return h.page(title, _header(run), sections)


def write_report(directory: str | Path, out: str | Path | None = None) -> Path:
    """Read the run in ``directory`` and write its report (default ``DIR/report.html``)."""
    run = load_run(directory)
    path = Path(out) if out is not None else run.path / "report.html"
    path.write_text(build_report(run), encoding="utf-8")
    return path
