"""The ``serve`` subcommand of the ``iridescia`` command line (the web face).

The parser needs only argparse and the settings' declarations (``web.settings``, which imports
none of the server's dependencies); the server and its dependencies (the ``web`` extra) load
when the command runs, so ``iridescia play`` works without them. ``iridescia serve`` takes every
setting but the few meant for tests (``python -m iridescia.web.server`` has those too).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console

from iridescia.web.settings import ServeOptions, add_options, from_args

COMMANDS = ("serve",)
_PARSER: dict[str, argparse.ArgumentParser] = {}  # the serve parser, to report bad values


def add_commands(sub: Any) -> None:
    """Add ``serve`` to the ``iridescia`` subparsers."""
    serve = sub.add_parser(
        "serve",
        help="serve the web app (lobby, tables, bots) over HTTP",
        description="Serve the web app. Every setting is described in docs/web.md.",
    )
    add_options(serve)
    _PARSER["serve"] = serve


def options(args: argparse.Namespace) -> ServeOptions:
    """The settings of a parsed ``iridescia serve`` command line (a value out of range exits
    with a usage message, as argparse does)."""
    return from_args(_PARSER["serve"], args)


def _serve(args: argparse.Namespace) -> int:
    opts = options(args)
    try:
        from iridescia.web.server import serve
    except ImportError as exc:  # the web extra is not installed
        print(f"iridescia serve: {exc}; install with: pip install -e '.[web]'", file=sys.stderr)
        return 2
    serve(opts)
    return 0


def run_command(args: argparse.Namespace, console: Console, argv: Sequence[str]) -> int:
    try:
        return _serve(args)
    except SystemExit as exc:  # a setting out of range: the parser said why
        return exc.code if isinstance(exc.code, int) else 2
