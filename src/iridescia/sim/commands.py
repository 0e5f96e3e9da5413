"""The ``simulate``, ``report`` and ``tournament`` subcommands of the ``iridescia`` command line.

    iridescia simulate --games N --players 1..4 --seats greedy,random,... [--rhom] [--rotate]
                       [--seed S] [--workers K] [--backend local|ray] [--address ADDR]
                       [--param name=value ...] [--catapult-for-fourth] [--format jsonl|csv]
                       [--records] [--quiet] --out DIR
    iridescia report DIR [--out report.html]
    iridescia tournament --bots a,b,c --games N [--players 2..4] [--seed S] [--workers K]
                         [--backend local|ray] [--address ADDR] [--records] [--quiet] --out DIR

``cli.py`` adds these parsers and hands the parsed arguments to ``run_command``. Only argparse
is imported at module level: the engine, matplotlib, openskill and Ray load inside the handlers.

Exit codes: 0 done; 1 a game failed (reported with its seed, the other games are written), a
run directory that cannot be read, or a run that could not finish; 2 bad arguments.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from iridescia.argtypes import seed as seed_type

if TYPE_CHECKING:
    from rich.console import Console

    from iridescia.sim.backends import RunOutcome
    from iridescia.sim.config import SimConfig

COMMANDS = ("simulate", "report", "tournament")


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def _run_options(p: argparse.ArgumentParser) -> None:
    """Options shared by simulate and tournament: seeds, where games run, output."""
    p.add_argument(
        "--seed", type=seed_type, default=0, metavar="S", help="game k uses seed S+k (0)"
    )
    p.add_argument(
        "--workers", type=_positive, default=1, metavar="K", help="parallel workers (default 1)"
    )
    p.add_argument("--backend", choices=("local", "ray"), default="local", help="default local")
    p.add_argument("--address", metavar="ADDR", help="Ray cluster to join (auto, ray://host:10001)")
    p.add_argument("--records", action="store_true", help="keep every game record (records.jsonl)")
    p.add_argument("--quiet", action="store_true", help="no progress bar or summary")
    p.add_argument("--out", required=True, metavar="DIR", help="directory for the results")


def add_commands(sub: Any) -> None:
    """Add the three subcommands to the ``iridescia`` subparsers."""
    sim = sub.add_parser("simulate", help="play many games between bots and save the results")
    sim.add_argument("--games", type=_positive, required=True, metavar="N")
    sim.add_argument(
        "--players", type=int, default=2, metavar="N", help="explorers 1-4 (1 = solo vs the Rhom)"
    )
    sim.add_argument(
        "--seats",
        default="random",
        metavar="SPECS",
        help="bot spec per explorer seat, comma separated (one spec = every seat); "
        "use ';' between specs whose options hold commas",
    )
    sim.add_argument("--rhom", action="store_true", help="the Rhom joins 2 or 3 explorers")
    sim.add_argument(
        "--rotate", action="store_true", help="rotate the bots round the seats game by game"
    )
    sim.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change a rules parameter (repeatable), e.g. starting_coins=7",
    )
    sim.add_argument(
        "--catapult-for-fourth", action="store_true", help="the 4th in turn order gets a Catapult"
    )
    sim.add_argument("--format", choices=("jsonl", "csv"), default="jsonl", help="results format")
    _run_options(sim)
    rep = sub.add_parser("report", help="an HTML report of a simulation directory")
    rep.add_argument("directory", metavar="DIR", help="the --out directory of simulate")
    rep.add_argument("--out", metavar="FILE", help="where to write (default DIR/report.html)")
    tour = sub.add_parser("tournament", help="round-robin between bots with OpenSkill ratings")
    tour.add_argument("--bots", required=True, metavar="A,B,...", help="two or more bot specs")
    tour.add_argument(
        "--games", type=_positive, required=True, metavar="N", help="games in all (rounded up)"
    )
    tour.add_argument("--players", type=int, default=2, metavar="N", help="2-4 (default 2)")
    _run_options(tour)


def _error(command: str, message: str) -> None:
    print(f"iridescia {command}: error: {message}", file=sys.stderr)


def run_command(args: argparse.Namespace, console: Console, argv: Sequence[str]) -> int:
    """Run a parsed ``simulate``/``report``/``tournament`` command; returns the exit code."""
    from iridescia.sim.backends import SimRunError
    from iridescia.sim.config import SimConfigError
    from iridescia.sim.output import RunDirError

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


def _execute(args: argparse.Namespace, config: SimConfig, label: str) -> RunOutcome:
    from rich.console import Console

    from iridescia.sim.backends import progress_bar, run
    from iridescia.sim.config import SimConfigError

    if args.address and args.backend != "ray":
        raise SimConfigError("--address is for the Ray backend (add --backend ray)")
    err = Console(stderr=True)
    shown = not args.quiet and err.is_terminal
    with progress_bar(config.games, err, shown, label) as advance:
        return run(
            config,
            backend=args.backend,
            workers=args.workers,
            address=args.address,
            advance=advance,
        )


def _finish(
    kind: str,
    args: argparse.Namespace,
    config: SimConfig,
    outcome: RunOutcome,
    argv: Sequence[str],
    started: str,
    fmt: str,
    console: Console,
) -> tuple[Path, dict[str, Any]]:
    from iridescia.sim.output import build_meta, write_run

    run_info = {"backend": args.backend, "workers": args.workers, "address": args.address}
    run_info["format"] = fmt
    meta = build_meta(kind, config, outcome, argv=argv, started=started, run=run_info)
    out = Path(args.out)
    write_run(out, outcome, meta, fmt)
    if not args.quiet:
        console.print(
            f"{len(outcome.games)} games in {outcome.seconds:.1f} s "
            f"({outcome.games_per_second:.1f} games/s) -> {out}"
        )
    for e in outcome.errors[:10]:
        _error(kind, f"game {e['game']} (seed {e['seed']}, seats {e['seats']}): {e['error']}")
    if outcome.errors:
        _error(kind, f"{len(outcome.errors)} game(s) failed; tracebacks in {out / 'errors.jsonl'}")
    return out, meta


def _simulate(args: argparse.Namespace, console: Console, argv: Sequence[str]) -> int:
    from iridescia.sim.config import (
        SimConfig,
        parse_param,
        seat_tables,
        split_specs,
        table_size,
        validate,
    )
    from iridescia.sim.output import now

    players, rhom = table_size(args.players, args.rhom)
    config = SimConfig(
        games=args.games,
        players=players,
        tables=seat_tables(split_specs(args.seats), players, args.rotate),
        seed=args.seed,
        rhom=rhom,
        params=tuple(parse_param(p) for p in args.param),
        catapult_for_fourth=args.catapult_for_fourth,
        records=args.records,
    )
    validate(config)
    started = now()
    outcome = _execute(args, config, "simulate")
    _finish("simulate", args, config, outcome, argv, started, args.format, console)
    if not args.quiet and outcome.rows:
        _print_summary(outcome.rows, console)
    return 1 if outcome.errors else 0


def _print_summary(rows: list[dict[str, Any]], console: Console) -> None:
    from rich.table import Table

    from iridescia.sim import stats as st

    for title, key in (("by bot", st.bot_group), ("by turn order", st.seat_group)):
        table = Table(title=f"Win rate {title}")
        for col in ("group", "seats", "win rate [95% CI]", "mean score"):
            table.add_column(col, justify="left" if col == "group" else "right")
        for label, group_rows in st.group(rows, key).items():
            rate = st.win_rate(group_rows)
            mean_score = st.mean(r["score_total"] for r in group_rows)
            table.add_row(label, str(rate.n), rate.text(), f"{mean_score:.1f}")
        console.print(table)


def _report(args: argparse.Namespace, console: Console) -> int:
    from iridescia.sim.report import write_report

    path = write_report(args.directory, args.out)
    console.print(f"report written to {path}")
    return 0


def _tournament(args: argparse.Namespace, console: Console, argv: Sequence[str]) -> int:
    from rich.table import Table

    from iridescia.sim import tournament as t
    from iridescia.sim.config import split_specs, validate
    from iridescia.sim.output import now

    bots = split_specs(args.bots)
    config = t.tournament_config(bots, args.players, args.games, args.seed, args.records)
    validate(config)
    started = now()
    outcome = _execute(args, config, "tournament")
    out, meta = _finish("tournament", args, config, outcome, argv, started, "jsonl", console)
    if not outcome.rows:
        return 1
    data = t.summary(config, outcome.rows, bots)
    (out / "tournament.json").write_text(t.dumps(data), encoding="utf-8")
    (out / "tournament.html").write_text(t.tournament_html(data, meta), encoding="utf-8")
    if not args.quiet:
        table = Table(title=f"Tournament: {data['games_played']} games, {args.players} players")
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
