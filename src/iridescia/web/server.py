"""Run the web app: ``iridescia serve`` (uvicorn, one process), or ``python -m
iridescia.web.server`` with the same options plus the ones tests and benchmarks need
(``--allow-seed``, rate limits, ``--port 0`` for any free port: the chosen address is printed
on the first line, ``listening on http://...``).

``build_app`` wires the storage (SQLite file by default, or PostgreSQL), the pub/sub (Redis when
``--redis`` is given, so several processes can serve the same games) and the game service into
the Starlette app. ``serve`` prints the address and runs until interrupted. WebSocket frames
larger than ``WS_MAX_SIZE`` are refused by the server itself; smaller messages above the
protocol's limit get a clear error from the app.
"""

from __future__ import annotations

import argparse
import gc
import socket
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from starlette.applications import Starlette

from iridescia.games import all_games
from iridescia.web.app import create_app
from iridescia.web.protocol import MAX_MESSAGE_BYTES, RATE_BURST, RATE_PER_SECOND
from iridescia.web.pubsub import open_pubsub
from iridescia.web.service import GameService
from iridescia.web.storage import open_storage

DEFAULT_DB = "iridescia-web.sqlite3"
WS_MAX_SIZE = 16 * MAX_MESSAGE_BYTES


@dataclass(frozen=True, slots=True)
class ServeOptions:
    host: str = "127.0.0.1"
    port: int = 8000
    db: str = DEFAULT_DB
    redis: str | None = None
    bot_delay: float = 0.8
    step_delay: float = 0.5
    allow_seed: bool = False  # tests only: let a request fix the seed
    create_rate: float = 1.0
    create_burst: float = 30.0
    msg_rate: float = RATE_PER_SECOND
    msg_burst: float = RATE_BURST
    evict_after: float = 60.0  # seconds a finished table with no connection stays in memory


def build_app(opts: ServeOptions) -> Starlette:
    service = GameService(
        open_storage(opts.db),
        open_pubsub(opts.redis),
        bot_delay=opts.bot_delay,
        step_delay=opts.step_delay,
        allow_seed=opts.allow_seed,
        evict_after=opts.evict_after,
    )
    return create_app(
        service,
        create_rate=opts.create_rate,
        create_burst=opts.create_burst,
        msg_rate=opts.msg_rate,
        msg_burst=opts.msg_burst,
    )


def display_url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def serve(opts: ServeOptions, *, quiet: bool = False, announce: bool = False) -> None:
    """Run the server until interrupted. ``announce`` prints ``listening on URL`` first (the
    real port when ``opts.port`` is 0), for the process that started this one."""
    import uvicorn

    # The live games hold a few hundred thousand long-lived objects and no reference cycles;
    # with the default thresholds (700, 10, 10) the collector ran so often that its passes were
    # the slowest 1% of all replies (p99 78 ms -> 25 ms with 200 tables, server CPU 36% -> 30%,
    # measured with benchmarks/server_load.py). Collect less often.
    gc.set_threshold(10_000, 20, 10)
    sock = _bind(opts.host, opts.port)
    port = int(sock.getsockname()[1])
    app = build_app(opts)
    config = uvicorn.Config(
        app,
        host=opts.host,
        port=port,
        ws_max_size=WS_MAX_SIZE,
        log_level="warning",
        access_log=False,
        lifespan="on",
        backlog=2048,
        # Measured with benchmarks/server_load.py: compressing every state message
        # (permessage-deflate) cost a third of a millisecond of server CPU per message; the
        # messages are about 10 KB, so they go uncompressed.
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=3,
    )
    server = uvicorn.Server(config)
    if announce:
        print(f"listening on {display_url(opts.host, port)}", flush=True)
    if not quiet:
        db = opts.db if "://" not in opts.db else opts.db.split("@")[-1]
        titles = " and ".join(spec.info.title for spec in all_games())
        print(f"{titles}: served at {display_url(opts.host, port)}", flush=True)
        print(f"(database: {db}{', redis: on' if opts.redis else ''}; Ctrl+C stops)", flush=True)
    server.run(sockets=[sock])  # uvicorn's event loop: uvloop when installed


def parse_args(argv: Sequence[str] | None = None) -> ServeOptions:
    d = ServeOptions()
    p = argparse.ArgumentParser(prog="python -m iridescia.web.server", description=__doc__)
    p.add_argument("--host", default=d.host)
    p.add_argument("--port", type=int, default=d.port, help="0: any free port")
    p.add_argument("--db", default=d.db, metavar="URL")
    p.add_argument("--redis", default=None, metavar="URL")
    p.add_argument("--bot-delay", type=float, default=d.bot_delay, metavar="SECONDS")
    p.add_argument(
        "--step-delay", type=float, default=d.step_delay, metavar="SECONDS",
        help="the pace of automa and bot steps: each event lingers as its game's catalogue says, "
        "scaled so that 0.5 (the default) plays them as declared; 0 sends them at once",
    )  # fmt: skip
    p.add_argument("--allow-seed", action="store_true", help="tests: let a request fix the seed")
    p.add_argument("--create-rate", type=float, default=d.create_rate, metavar="PER_SECOND")
    p.add_argument("--create-burst", type=float, default=d.create_burst)
    p.add_argument("--msg-rate", type=float, default=d.msg_rate, metavar="PER_SECOND")
    p.add_argument("--msg-burst", type=float, default=d.msg_burst)
    p.add_argument("--evict-after", type=float, default=d.evict_after, metavar="SECONDS")
    a = p.parse_args(argv)
    for name in ("bot_delay", "step_delay", "evict_after"):
        if getattr(a, name) < 0:
            p.error(f"--{name.replace('_', '-')} must not be negative")
    return ServeOptions(
        host=a.host,
        port=a.port,
        db=a.db,
        redis=a.redis,
        bot_delay=a.bot_delay,
        step_delay=a.step_delay,
        allow_seed=a.allow_seed,
        create_rate=a.create_rate,
        create_burst=a.create_burst,
        msg_rate=a.msg_rate,
        msg_burst=a.msg_burst,
        evict_after=a.evict_after,
    )


def main(argv: Sequence[str] | None = None) -> int:
    opts = parse_args(argv)
    try:
        serve(opts, quiet=True, announce=True)
    except OSError as exc:
        print(f"cannot listen on {opts.host}:{opts.port}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
