"""The ``serve`` subcommand of the ``iridescia`` command line (the web face).

The parser needs only argparse; the server and its dependencies (the ``web`` extra) load when
the command runs, so ``iridescia play`` works without them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console

from iridescia.argtypes import delay as _delay

COMMANDS = ("serve",)


def _port(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError("a port is 0 to 65535")
    return n


def add_commands(sub: Any) -> None:
    """Add ``serve`` to the ``iridescia`` subparsers."""
    serve = sub.add_parser("serve", help="serve the web app (lobby, tables, bots) over HTTP")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    serve.add_argument(
        "--db",
        default="iridescia-web.sqlite3",
        metavar="URL",
        help="SQLite file (default iridescia-web.sqlite3) or postgresql://user@host/db",
    )
    serve.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help="redis://host:port to share live games between several server processes",
    )
    serve.add_argument(
        "--bot-delay",
        type=_delay,
        default=0.8,
        metavar="SECONDS",
        help="pause before each bot action (default 0.8)",
    )
    serve.add_argument(
        "--step-delay",
        type=_delay,
        default=0.5,
        metavar="SECONDS",
        help="pause between the Rhom's shown steps (default 0.5)",
    )


def _serve(args: argparse.Namespace) -> int:
    try:
        from iridescia.web.server import ServeOptions, serve
    except ImportError as exc:  # the web extra is not installed
        print(f"iridescia serve: {exc}; install with: pip install -e '.[web]'", file=sys.stderr)
        return 2
    opts = ServeOptions(
        host=args.host,
        port=args.port,
        db=args.db,
        redis=args.redis,
        bot_delay=args.bot_delay,
        step_delay=args.step_delay,
    )
    serve(opts)
    return 0


def run_command(args: argparse.Namespace, console: Console, argv: Sequence[str]) -> int:
    return _serve(args)
