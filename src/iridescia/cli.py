"""The ``iridescia`` command line: one program, each face adding its own subcommands.

    iridescia play | replay | games | analyse  the terminal (``tui.commands``)
    iridescia serve                          the web app (``web.commands``)
    iridescia simulate | report | tournament  the designer's tools (``sim.commands``)

Every subcommand takes ``--game NAME`` where it applies (``gems-of-iridescia`` by default).
Exit codes: 0 done, 1 a record or a run that cannot be read or finished, 2 bad arguments, 130
interrupted. ``main`` takes an optional console and input function so tests can drive it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from rich.console import Console

from iridescia.sim import commands as sim_commands
from iridescia.tui import commands as tui_commands
from iridescia.tui.commands import UsageError
from iridescia.tui.terminal import InputFn
from iridescia.web import commands as web_commands

FACES: tuple[ModuleType, ...] = (tui_commands, web_commands, sim_commands)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="iridescia",
        description="Gems of Iridescia and Gem Rush: play at the terminal or in the browser, "
        "replay games, simulate and rate bots.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for face in FACES:
        face.add_commands(sub)
    return parser


def make_console() -> Console:
    console = Console()
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(width=120)
    return console


def main(
    argv: Sequence[str] | None = None,
    *,
    console: Console | None = None,
    read: InputFn | None = None,
) -> int:
    """Run the command line; returns the exit code (0 ok, 1 bad record, 2 bad arguments)."""
    parser = build_parser()
    try:
        words = list(sys.argv[1:] if argv is None else argv)
        args = parser.parse_args(words)
    except SystemExit as exc:  # argparse has printed the usage and the problem
        return exc.code if isinstance(exc.code, int) else 2
    out = console or make_console()
    try:
        if args.command in tui_commands.COMMANDS:
            return tui_commands.run_command(args, out, words, read)
        for face in (web_commands, sim_commands):
            if args.command in face.COMMANDS:
                return int(face.run_command(args, out, words))
        raise UsageError(f"unknown command {args.command!r}")
    except UsageError as exc:
        print(f"iridescia {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        out.print()
        return 130


if __name__ == "__main__":
    sys.exit(main())
