"""``iridescia report DIR``: one self-contained HTML page about a simulation run.

The page opens with the run's metadata (the game, its mode, rules version and data set, and its
notice when it has one; the command, versions, options and rules parameters), then one section
per question, each with a figure and the same numbers as a table. The generic sections, for
every game: ``win-by-seat`` (the seats grouped as the game's sim plug-in says: turn order in
Gems of Iridescia, automa seats apart) and ``win-by-bot`` with 95% Wilson intervals, or in a
cooperative mode ``team`` (the table's win rate, and its score against the target);
``score-by-seat`` (score distributions) and ``game-length``. Then the sections of the game's
sim plug-in, if it has one (``SimPlugin.sections``).

``sections_of(run)`` lists the anchors in page order; every section has exactly one figure (a
"no data" figure when the run cannot answer it), which the tests rely on. A game with a notice
(provisional data) has it on top of the page and on every figure (``html.Stamp``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from iridescia.sim import html as h
from iridescia.sim import stats as st
from iridescia.sim.games import plugin as sim_plugin
from iridescia.sim.output import Run, RunDirError, load_run
from iridescia.sim.plugin import ReportData, Row, SimPlugin

COMPETITIVE: tuple[tuple[str, str], ...] = (
    ("win-by-seat", "Win rate by seat"),
    ("win-by-bot", "Win rate by bot"),
    ("score-by-seat", "Score distribution by seat"),
    ("game-length", "Game length"),
)
COOPERATIVE: tuple[tuple[str, str], ...] = (
    ("team", "Team result"),
    ("score-by-seat", "Score distribution by seat"),
    ("game-length", "Game length"),
)


def cooperative(run: Run) -> bool:
    return bool(run.meta.get("cooperative")) or "team_score" in run.rows[0]


def sections_of(run: Run) -> list[tuple[str, str]]:
    """(anchor, title) of every section of the run's report, in page order."""
    plugin = sim_plugin(run.game)
    generic = COOPERATIVE if cooperative(run) else COMPETITIVE
    titles = {}
    if plugin.seat_title != SimPlugin.seat_title:  # "Win rate by seat (turn order)"
        titles["win-by-seat"] = f"Win rate by seat ({plugin.seat_title})"
    coop = cooperative(run)
    own = [(s.anchor, s.title) for s in plugin.sections() if s.cooperative in (None, coop)]
    return [(a, titles.get(a, t)) for a, t in generic] + own


def _rate_row(label: str, rate: st.Rate) -> list[Any]:
    lo, hi = rate.interval
    return [label, rate.n, rate.k, f"{rate.p:.1%}", f"{lo:.1%}", f"{hi:.1%}"]


_RATE_HEAD = ["group", "seats", "wins", "win rate", "95% low", "95% high"]


def _win_section(
    data: ReportData, key: Callable[[Row], str], last: Sequence[str], title: str, xlabel: str
) -> str:
    groups = st.group(data.rows, key, last)
    rates = {label: st.win_rate(g) for label, g in groups.items()}
    fig = h.new_figure()
    even = st.mean(1 / r["players"] for r in data.rows)
    h.rate_bars(
        fig,
        list(rates),
        [(r.p, *r.interval) for r in rates.values()],
        title=title,
        xlabel=xlabel,
        reference=even,
    )
    lines = [_rate_row(k, r) for k, r in rates.items()]
    return h.img(fig, title, data.stamp) + h.table(_RATE_HEAD, lines)


def _team(data: ReportData) -> str:
    """Cooperative modes: the table's win rate by line-up, and its score against the target."""
    by_game = _first_rows(data.rows)
    lineups: dict[str, list[Row]] = {}
    for g in data.games:
        lineups.setdefault(",".join(g["seats"]), []).append(g)
    if not lineups:  # games.jsonl missing: one line-up for every game
        lineups["all games"] = [{"winners": [0] if r["winner"] else []} for r in by_game]
    rates = {
        name: st.Rate(sum(1 for g in gs if g["winners"]), len(gs)) for name, gs in lineups.items()
    }
    scores = [r["team_score"] for r in by_game if r.get("team_score") is not None]
    targets = sorted({r["target"] for r in by_game if r.get("target") is not None})
    fig = h.new_figure(10, 4)
    left, right = fig.subplots(1, 2, width_ratios=(1, 2))
    labels = list(rates)
    bars = [(r.p, *r.interval) for r in rates.values()]
    left.bar(range(len(labels)), [b[0] for b in bars], color=h.PALETTE[2], capsize=4,
             yerr=h.error_bars(bars), width=0.5 if len(labels) <= 2 else 0.8)  # fmt: skip
    h.rate_labels(left, bars)
    left.set_xticks(range(len(labels)), labels=labels, rotation=30 if len(labels) > 3 else 0)
    h.rate_axis(left, len(labels))
    left.set_ylabel("team win rate (95% Wilson interval)")
    left.set_title("Team win rate by line-up")
    right.hist(scores, bins=h.int_bins([*scores, *targets]), color=h.PALETTE[0])
    for target in targets:
        right.axvline(target, color=h.PALETTE[3], linestyle="--", label=f"target {target}")
    if targets:
        right.legend(loc="upper center")
    right.set_xlabel("team score")
    right.set_ylabel("games")
    right.set_title("Team score at the end")
    table = [_rate_row(k, r) for k, r in rates.items()]
    d = st.describe(scores)
    score_table = [["team score", d["n"], d["mean"], d["sd"], d["min"], d["median"], d["max"]]]
    head = ["", "games", "mean", "sd", "min", "median", "max"]
    return (
        h.img(fig, "team result", data.stamp)
        + h.table(["line-up", "games", "wins", "win rate", "95% low", "95% high"], table)
        + h.table(head, score_table)
    )


def _score_by_seat(data: ReportData, plugin: SimPlugin) -> str:
    score = plugin.score_column
    groups = st.group(data.rows, plugin.seat_group, (plugin.automa_group,))
    fig = h.new_figure()
    ax = fig.add_subplot()
    ax.boxplot([[r[score] for r in g] for g in groups.values()])
    ax.set_xticks(range(1, len(groups) + 1), labels=list(groups))
    ax.set_xlabel(plugin.seat_axis)
    ax.set_ylabel("final score")
    ax.set_title("Final score by seat")
    lines = []
    for label, g in groups.items():
        d = st.describe([r[score] for r in g])
        lines.append([label, d["n"], d["mean"], d["sd"], d["min"], d["median"], d["max"]])
    head = ["seat", "n", "mean", "sd", "min", "median", "max"]
    return h.img(fig, "score by seat", data.stamp) + h.table(head, lines)


def _first_rows(rows: Sequence[Row]) -> list[Row]:
    """One row per game (the first seat's), for per-game columns."""
    by_game: dict[int, Row] = {}
    for r in rows:
        by_game.setdefault(r["game"], r)
    return list(by_game.values())


def _game_length(data: ReportData, plugin: SimPlugin) -> str:
    by_game = _first_rows(data.rows)
    measures: list[tuple[str, list[int]]] = [("actions", [r["length"] for r in by_game])]
    turns = [r["game_turns"] for r in by_game if r.get("game_turns") is not None]
    if turns:
        measures.append(("turns", turns))
    measures += plugin.length_measures(data.games)
    fig = h.new_figure(10, 3.5)
    axes = fig.subplots(1, len(measures), squeeze=False)[0]
    for ax, (name, values) in zip(axes, measures, strict=True):
        ax.hist(values, bins=h.int_bins(values), color=h.PALETTE[0])
        ax.locator_params(axis="x", integer=True)
        ax.set_xlabel(f"{name} per game")
    axes[0].set_ylabel("games")
    fig.suptitle("Game length")
    lines = []
    for name, values in measures:
        d = st.describe(values)
        lines.append([name, d["n"], d["mean"], d["sd"], d["min"], d["median"], d["max"]])
    head = ["per game", "games", "mean", "sd", "min", "median", "max"]
    out = h.img(fig, "game length", data.stamp) + h.table(head, lines)
    reasons = Counter(str(r["reason"]) for r in by_game if r.get("reason"))
    if reasons:
        total = sum(reasons.values())
        ended = [[k, n, f"{n / total:.1%}"] for k, n in reasons.most_common()]
        out += h.table(["how the game ended", "games", "share"], ended)
    return out


def _header(run: Run, plugin: SimPlugin) -> str:
    meta = run.meta
    config = meta.get("config", {})
    params = meta.get("rules_params", {})
    overrides = config.get("params", {})
    options = config.get("options", {})
    mode = meta.get("mode_title") or meta.get("mode") or "(not recorded)"
    facts = [
        ("game", f"{meta.get('game_title') or run.game} ({run.game})"),
        ("mode", f"{mode} ({meta['mode']})" if meta.get("mode_title") else mode),
        ("rules version / data set", f"{meta.get('rules_version')} / {meta.get('data_set', '')}"),
        ("run", meta.get("kind", "")),
        ("command", " ".join(str(a) for a in meta.get("command", []))),
        ("started / finished", f"{meta.get('started', '')} / {meta.get('finished', '')}"),
        ("iridescia version", meta.get("iridescia_version")),
        ("games (rows)", f"{len({r['game'] for r in run.rows})} ({len(run.rows)})"),
        ("errors", meta.get("errors", 0)),
        ("games/s", meta.get("games_per_second")),
        ("players (bot seats)", config.get("players")),
        ("tables (bots by seat)", "; ".join(",".join(t) for t in config.get("tables", []))),
        ("seed", config.get("seed")),
        ("options", json.dumps(options) if options else "none"),
        ("changed rules parameters", json.dumps(overrides) if overrides else "none"),
        ("backend", json.dumps(meta.get("run", {}))),
    ]
    details = ""
    if params and meta.get("rules_params_complete", True):  # the plug-in knows every parameter
        table = h.table(["parameter", "value"], [(k, json.dumps(v)) for k, v in params.items()])
        details = f"<details><summary>All rules parameters</summary>{table}</details>"
    return h.notice(str(meta.get("notice") or "")) + h.facts(facts) + details


def build_report(run: Run) -> str:
    plugin = sim_plugin(run.game)
    meta = run.meta
    title = str(meta.get("game_title") or run.game)
    stamp = h.game_stamp(title, meta.get("notice"), str(meta.get("data_set", "")))
    data = ReportData(run.rows, run.games, stamp)
    seat_title = f"Win rate by {plugin.seat_title}"
    automa = (plugin.automa_group, plugin.automa_name)
    bodies: Mapping[str, Callable[[], str]] = {
        "win-by-seat": lambda: _win_section(
            data, plugin.seat_group, automa, seat_title, plugin.seat_axis
        ),
        "win-by-bot": lambda: _win_section(data, st.bot_group, automa, "Win rate by bot", "bot"),
        "team": lambda: _team(data),
        "score-by-seat": lambda: _score_by_seat(data, plugin),
        "game-length": lambda: _game_length(data, plugin),
    }
    notes = {
        "win-by-seat": "Ties count as a win for every tied seat. Dashed line: the even share.",
        "team": "The table wins or loses together.",
    }
    own = {s.anchor: s for s in plugin.sections()}
    sections = []
    for anchor, heading in sections_of(run):
        try:
            if anchor in own:
                body, note = own[anchor].render(data), own[anchor].note
            else:
                body, note = bodies[anchor](), notes.get(anchor, "")
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            # Rows this version cannot read (hand-edited, or written by another version).
            raise RunDirError(
                f"{run.path}: cannot draw the section {heading!r}: a field of the run's rows is "
                f"missing or not as this version writes it ({type(exc).__name__}: {exc})"
            ) from None
        sections.append((anchor, heading, h.section(anchor, heading, body, note=note)))
    page_title = f"{title} simulation report: {run.path.name}"
    subtitle = f"{len({r['game'] for r in run.rows})} games"
    return h.page(page_title, _header(run, plugin), sections, subtitle=subtitle)


def write_report(
    directory: str | Path, out: str | Path | None = None, game: str | None = None
) -> Path:
    """Read the run in ``directory`` and write its report (default ``DIR/report.html``)."""
    run = load_run(directory, game)
    path = Path(out) if out is not None else run.path / "report.html"
    path.write_text(build_report(run), encoding="utf-8")
    return path
