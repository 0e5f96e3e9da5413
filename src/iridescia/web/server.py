"""Run the web app: ``iridescia serve`` (uvicorn, one process), or ``python -m
iridescia.web.server`` with the same options plus the ones tests and benchmarks need
(``--allow-seed``, rate limits, ``--port 0`` for any free port: the chosen address is printed
on the first line, ``listening on http://...``).

``build_app`` wires the storage (SQLite file by default, or PostgreSQL), the pub/sub (Redis when
``--redis`` is given, so several processes can serve the same games) and the game service into
the Starlette app, with the settings of ``settings.ServeOptions`` (every one documented in
docs/web.md). ``serve`` prints the address and runs until interrupted. WebSocket frames
larger than ``WS_MAX_SIZE`` are refused by the server itself; smaller messages above the
protocol's limit get a clear error from the app.
"""

from __future__ import annotations

import argparse
import gc
import socket
import sys
from collections.abc import Sequence

from starlette.applications import Starlette

from iridescia.games import all_games
from iridescia.web import oplog
from iridescia.web.app import create_app
from iridescia.web.protocol import MAX_MESSAGE_BYTES
from iridescia.web.pubsub import open_pubsub
from iridescia.web.service import GameService
from iridescia.web.settings import ServeOptions, add_options, from_args
from iridescia.web.storage import open_storage

__all__ = ["ServeOptions", "build_app", "main", "parse_args", "serve"]

WS_MAX_SIZE = 16 * MAX_MESSAGE_BYTES


def build_app(opts: ServeOptions) -> Starlette:
    service = GameService(
        open_storage(opts.db, opts.db_timeout),
        open_pubsub(opts.redis, opts.redis_prefix),
        bot_delay=opts.bot_delay,
        step_delay=opts.step_delay,
        allow_seed=opts.allow_seed,
        evict_after=opts.evict_after,
        expire_after=opts.expire_after,
        sweep_every=opts.sweep_every,
        resync_every=opts.resync_every,
        max_spectators=opts.max_spectators,
        max_seat_connections=opts.max_seat_connections,
        grace=opts.grace,
    )
    oplog.configure(opts.access_log)
    return create_app(service, opts)


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
        # Behind a reverse proxy: the client's address and scheme from X-Forwarded-For and
        # X-Forwarded-Proto, believed from these addresses only (docs/web.md).
        proxy_headers=True,
        forwarded_allow_ips=opts.forwarded_allow_ips,
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
    p = argparse.ArgumentParser(prog="python -m iridescia.web.server", description=__doc__)
    add_options(p, tests=True)
    return from_args(p, p.parse_args(argv))


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
