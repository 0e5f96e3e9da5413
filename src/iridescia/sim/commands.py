"""The ``simulate``, ``report`` and ``tournament`` subcommands of the ``iridescia`` command line.

    iridescia simulate --games N [--game NAME] [--mode M] [--players N] [--seats SPECS]
                       [--rotate] [--seed S] [--param name=value ...] [option flags]
                       [--workers K] [--backend local|ray] [--address ADDR]
                       [--format jsonl|csv] [--records] [--quiet] --out DIR
    iridescia report DIR [--out report.html] [--game NAME]
    iridescia tournament --bots a,b,c --games N [--game NAME] [--mode M] [--players N]
                         [option flags] [--param ...] [--seed S] [--workers K]
                         [--backend local|ray] [--address ADDR] [--records] [--quiet] --out DIR

The game (default ``gems-of-iridescia``), its modes, table sizes and option flags come from the
games' metadata (``sim.flags``); Gems of Iridescia's ``--players 1`` (solo), ``--rhom`` and
``--catapult-for-fourth`` are its metadata's too. ``cli.py`` adds these parsers and hands the
parsed arguments to ``run_command``.

Exit codes: 0 done; 1 a game failed (reported with its seed, the other games are written), a
run directory that cannot be read, or a run that could not finish; 2 bad arguments or, for
``report`` and ``tournament``, the ``sim`` extra (matplotlib, openskill) not installed (nothing
is written).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from iridescia.argtypes import positive
from iridescia.argtypes import seed as seed_type
from iridescia.sim import tournament as t
from iridescia.sim.backends import RunOutcome, SimRunError, progress_bar, rate_text, run
from iridescia.sim.config import (
    SimConfig,
    SimConfigError,
    choose_mode,
    parse_param,
    seat_tables,
    split_specs,
    validate,
)
from iridescia.sim.flags import add_table_flags, game_spec, table_options
from iridescia.sim.output import RunDirError, RunWriter, build_meta, now
from iridescia.sim.play import ChunkResult
from iridescia.sim.report import write_report
from iridescia.sim.stats import GroupTally, TeamTally, bot_group

COMMANDS = ("simulate", "report", "tournament")


def _run_options(p: argparse.ArgumentParser) -> None:
    """Options shared by simulate and tournament: seeds, rules parameters, where games run,
    output."""
    p.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change one of the game's rules parameters (repeatable), e.g. starting_coins=7",
    )
    p.add_argument(
        "--seed", type=seed_type, default=0, metavar="S", help="game k uses seed S+k (0)"
    )
    p.add_argument(
        "--workers", type=positive, default=1, metavar="K", help="parallel workers (default 1)"
    )
    p.add_argument("--backend", choices=("local", "ray"), default="local", help="default local")
    p.add_argument("--address", metavar="ADDR", help="Ray cluster to join (auto, ray://host:10001)")
    p.add_argument("--records", action="store_true", help="keep every game record (records.jsonl)")
    p.add_argument("--quiet", action="store_true", help="no progress bar or summary")
    p.add_argument("--out", required=True, metavar="DIR", help="directory for the results")


def add_commands(sub: Any) -> None:
    """Add the three subcommands to the ``iridescia`` subparsers."""
    sim = sub.add_parser("simulate", help="play many games between bots and save the results")
    sim.add_argument("--games", type=positive, required=True, metavar="N")
    add_table_flags(sim, "seats bots play (default: the mode's smallest table); in Gems of "
                         "Iridescia 1 = solo against the Rhom")  # fmt: skip
    sim.add_argument(
        "--seats",
        default="random",
        metavar="SPECS",
        help="bot spec per bot seat, comma separated (one spec = every seat); "
        "use ';' between specs whose options hold commas",
    )
    sim.add_argument(
        "--rotate", action="store_true", help="rotate the bots round the seats game by game"
    )
    sim.add_argument("--format", choices=("jsonl", "csv"), default="jsonl", help="results format")
    _run_options(sim)
    rep = sub.add_parser("report", help="an HTML report of a simulation directory")
    rep.add_argument("directory", metavar="DIR", help="the --out directory of simulate")
    rep.add_argument("--out", metavar="FILE", help="where to write (default DIR/report.html)")
    rep.add_argument("--game", metavar="NAME", help="check that the run is of this game")
    tour = sub.add_parser("tournament", help="round-robin between bots with OpenSkill ratings")
    tour.add_argument("--bots", required=True, metavar="A,B,...", help="two or more bot specs")
    tour.add_argument(
        "--games", type=positive, required=True, metavar="N", help="games in all (rounded up)"
    )
    add_table_flags(tour, "seats at the table (default: the smallest with two bots)")
    _run_options(tour)


def _error(command: str, message: str) -> None:
    print(f"iridescia {command}: error: {message}", file=sys.stderr)


# What ``report`` and ``tournament`` need from the ``sim`` extra: both pages draw figures, and
# a tournament rates its bots.
_SIM_EXTRA = {
    "report": ("matplotlib.figure",),
    "tournament": ("matplotlib.figure", "openskill.models"),
}


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a parent package missing, or a broken install
        return False


def _sim_extra_missing(command: str) -> bool:
    """Say in one line which extra to install if ``report``/``tournament`` lack the ``sim``
    extra; checked before any work, so a tournament does not play its games first."""
    for module in _SIM_EXTRA.get(command, ()):
        if not _installed(module):
            print(
                f"iridescia {command}: {module} is not installed; install with: "
                "pip install -e '.[sim]'",
                file=sys.stderr,
            )
            return True
    return False


def run_command(args: argparse.Namespace, console: Console, argv: Sequence[str]) -> int:
    """Run a parsed ``simulate``/``report``/``tournament`` command; returns the exit code."""
    if args.command in ("report", "tournament") and _sim_extra_missing(args.command):
        return 2
    try:
        if args.command == "simulate":
            return _simulate(args, console, argv)
        if args.command == "tournament":
            return _tournament(args, console, argv)
        return _report(args, console)
    except SimConfigError as exc:
        _error(args.command, str(exc))
        return 2
    except (RunDirError, SimRunError, OSError) as exc:
        _error(args.command, str(exc))
        return 1


def _summary_tallies(config: SimConfig) -> tuple[GroupTally, GroupTally]:
    plugin = config.plugin
    score = plugin.score_column
    by_bot = GroupTally(bot_group, score, (plugin.automa_name,))
    by_seat = GroupTally(plugin.seat_group, score, (plugin.automa_group,))
    return by_bot, by_seat


def _execute(
    kind: str,
    args: argparse.Namespace,
    config: SimConfig,
    argv: Sequence[str],
    fmt: str,
    console: Console,
    *sinks: Any,
) -> tuple[RunOutcome, Path, dict[str, Any]]:
    """Play the run, writing its files as its games come; returns the outcome, the directory
    and the metadata written."""
    if args.address and args.backend != "ray":
        raise SimConfigError("--address is for the Ray backend (add --backend ray)")
    spec, plugin = config.spec, config.plugin
    notice = spec.info.notice
    data_set = config.data_set()
    if notice and not args.quiet:
        console.print(f"[bold]{spec.info.title}[/]: {notice} (data set {data_set})")
    started = now()
    out = Path(args.out)
    fixed = plugin.fixed_columns(config.resolved_mode().cooperative)
    writer = RunWriter(out, fmt, fixed, spec, data_set)

    def sink(chunk: ChunkResult) -> None:
        writer(chunk)
        for s in sinks:
            s(chunk)

    err = Console(stderr=True)
    shown = not args.quiet and err.is_terminal
    label = f"{kind} {spec.info.name}"
    try:
        with progress_bar(config.games, err, shown, label) as advance:
            outcome = run(
                config,
                backend=args.backend,
                workers=args.workers,
                address=args.address,
                advance=advance,
                sink=sink,
            )
    except BaseException:
        writer.abort()
        raise
    run_info = {"backend": args.backend, "workers": args.workers, "address": args.address}
    run_info["format"] = fmt
    meta = build_meta(kind, config, outcome, argv=argv, started=started, run=run_info)
    writer.finish(meta)
    if not args.quiet:
        console.print(
            f"{outcome.played} games in {outcome.seconds:.1f} s "
            f"({rate_text(outcome.played, outcome.seconds)}) -> {out}"
        )
    for e in outcome.errors[:10]:
        _error(kind, f"game {e['game']} (seed {e['seed']}, seats {e['seats']}): {e['error']}")
    if outcome.errors:
        _error(kind, f"{len(outcome.errors)} game(s) failed; tracebacks in {out / 'errors.jsonl'}")
    return outcome, out, meta


def _simulate(args: argparse.Namespace, console: Console, argv: Sequence[str]) -> int:
    spec = game_spec(args.game)
    options = table_options(args, spec)
    try:
        mode = choose_mode(spec.info, args.players, options, args.mode)
    except ValueError as exc:
        raise SimConfigError(str(exc)) from None
    players = mode.min_players if args.players is None else args.players
    config = SimConfig(
        games=args.games,
        players=players,
        tables=seat_tables(split_specs(args.seats), players, args.rotate),
        seed=args.seed,
        game=spec.info.name,
        mode=mode.name,
        options=tuple(options.items()),
        params=tuple(parse_param(p) for p in args.param),
        records=args.records,
    )
    validate(config)
    by_bot, by_seat = _summary_tallies(config)
    team = TeamTally()

    def summarise(chunk: ChunkResult) -> None:
        by_bot.add(chunk.rows)
        by_seat.add(chunk.rows)
        team.add(chunk.games)

    outcome, _, _ = _execute("simulate", args, config, argv, args.format, console, summarise)
    if not args.quiet and outcome.played:
        if mode.cooperative:
            _print_team(team, console)
        _print_summary(config, by_bot, by_seat, console)
    return 1 if outcome.errors else 0


def _print_team(team: TeamTally, console: Console) -> None:
    table = Table(title="Team result (the table wins or loses together)")
    for col in ("games", "team win rate [95% CI]", "mean team score", "target"):
        table.add_column(col, justify="right")
    targets = ", ".join(str(t) for t in sorted(team.targets)) or "-"
    table.add_row(str(team.games), team.rate.text(), f"{team.mean_score:.1f}", targets)
    console.print(table)


def _print_summary(
    config: SimConfig, by_bot: GroupTally, by_seat: GroupTally, console: Console
) -> None:
    for title, tally in (("by bot", by_bot), (f"by {config.plugin.seat_title}", by_seat)):
        table = Table(title=f"Win rate {title}")
        for col in ("group", "seats", "win rate [95% CI]", "mean score"):
            table.add_column(col, justify="left" if col == "group" else "right")
        for label, rate, mean_score in tally.lines():
            table.add_row(label, str(rate.n), rate.text(), f"{mean_score:.1f}")
        console.print(table)


def _report(args: argparse.Namespace, console: Console) -> int:
    path = write_report(args.directory, args.out, args.game)
    console.print(f"report written to {path}")
    return 0


def _tournament(args: argparse.Namespace, console: Console, argv: Sequence[str]) -> int:
    spec = game_spec(args.game)
    options = table_options(args, spec)
    mode = t.tournament_mode(spec.info, options, args.mode)
    players = t.tournament_players(spec.info, mode, args.players)
    bots = split_specs(args.bots)
    config = t.tournament_config(
        bots,
        players,
        args.games,
        args.seed,
        args.records,
        info=spec.info,
        mode=mode,
        options=options,
        params=tuple(parse_param(p) for p in args.param),
    )
    validate(config)
    standings = t.Standings(config.plugin.score_column)
    outcome, out, meta = _execute("tournament", args, config, argv, "jsonl", console, standings)
    if not outcome.played:
        return 1
    data = t.summary(config, standings.rows, bots)
    (out / "tournament.json").write_text(t.dumps(data), encoding="utf-8")
    (out / "tournament.html").write_text(t.tournament_html(data, meta), encoding="utf-8")
    if not args.quiet:
        title = f"Tournament: {spec.info.title}, {data['games_played']} games, {players} players"
        table = Table(title=title)
        heads = ("bot", "games", "wins", "win rate [95% CI]", "score", "margin", "mu", "sigma")
        for col in (*heads, "ordinal"):
            table.add_column(col, justify="left" if col == "bot" else "right")
        for s in data["standings"]:
            rate = f"{s['win_rate']:.1%} [{s['win_rate_low']:.1%}, {s['win_rate_high']:.1%}]"
            table.add_row(
                s["bot"],
                str(s["games"]),
                str(s["wins"]),
                rate,
                f"{s['mean_score']:.1f}",
                f"{s['mean_margin']:+.1f}",
                f"{s['mu']:.2f}",
                f"{s['sigma']:.2f}",
                f"{s['ordinal']:.2f}",
            )
        console.print(table)
        console.print(f"-> {out / 'tournament.json'}, {out / 'tournament.html'}")
    return 1 if outcome.errors else 0
