"""Web server load: N concurrent tables of bots playing over real WebSockets on loopback.

Run by hand: ``python -m benchmarks.server_load [--tables 200] [--seconds 60] [--think 1.0]``
(``--db postgresql://... --redis redis://... [--processes 2]`` to measure that set-up). It starts
real server processes (uvicorn, ``python -m iridescia.web.server``, SQLite in a temporary
folder by default) and, in this process, one WebSocket client per seat of every table of Gems
of Iridescia (``--game``: or Gem Rush, ``--game gem-rush``, in its first mode, Crisis, unless
``--mode rush``).

``--processes N`` (PostgreSQL and Redis only) starts N server processes sharing the database
and the Redis notices, and spreads the clients over them as a load balancer would: table i is
created through process i mod N and its seat s connects to process (i + s) mod N, so the seats
of one table are on different processes and each action reaches the other seats through a
Redis notice and a reload. On PostgreSQL the run uses a schema of its own (dropped at the end),
and with Redis a prefix of its own (its keys deleted at the end).

Each client is a random bot: when its seat must act it waits ``--think`` seconds (a bot's
visible delay on a real table), sends a random legal action by id, as the browser does (the
state message's ``actions``), with the state version, and measures the latency from sending to
receiving the ``state`` message with the next version. A finished game is replaced by a new
table, so N tables stay busy for the whole run.

It prints the actions applied per second and the latency percentiles (p50, p90, p99, max) of two
delays: ``reply`` (the acting seat's own update) and ``seen`` (every other seat of the table
receiving it: with several processes, through the notice); the CPU use of the server processes
(all together and each), of this client process, of every ``postgres`` and ``redis-server``
process of the machine (shared with whoever else uses them) and of the whole machine; the load
average before and after; and any error. Copy the figures into docs/web.md with the date, the
load average and the command line. The first ``--warmup`` seconds (connecting, the first
moves) are not counted. On a machine that other sessions keep busy, Linux shares the CPU between
sessions (autogroups: their ``nice`` does not give way): ``echo -10 > /proc/$$/autogroup`` in
the shell that starts the run gives it a server's share, and says so in the figures' notes.

``--spectators M`` adds M spectator connections spread evenly over the tables (each watches its
table's games one after the other, reading every message as a browser would receive it); the
server's limits on spectators, connections and messages per address are lifted, since every
client here comes from one address.

``--spectator-cost M`` measures something else, in this process and without the network: the
game service's CPU time per move on one table watched by M spectators (the view, patch and
encoding of every spectator's message; not the socket writes). It runs against whichever
``iridescia`` is imported, so the same command measures an older checkout
(``PYTHONPATH=<old>/src``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from benchmarks.web_services import (
    cpu_seconds,
    delete_redis_keys,
    machine_cpu,
    named_cpu_seconds,
    server_options,
    start_servers,
    with_schema,
)
from iridescia.web.protocol import apply_patch
from iridescia.web.service import GameService
from iridescia.web.storage import SqliteStorage
from iridescia.web.storage_pg import split_schema
from iridescia.web.tables import TableSpec
from iridescia.web.testing import ServerProcess, drop_schema, post_json

try:  # the client's own event loop adds to every latency: the fastest one when installed
    import uvloop

    run_loop: Callable[[Awaitable[Any]], Any] = uvloop.run
except ImportError:  # pragma: no cover
    run_loop = asyncio.run


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []  # the acting seat's own update
        self.seen: list[float] = []  # every other seat of the table receiving it
        self.actions = 0
        self.games = 0
        self.errors: dict[str, int] = {}
        self.counting = False
        self.watched = 0  # messages the spectators received while counting
        self.watched_bytes = 0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


class GcPauses:
    """The collector's pauses in this (the client) process: they delay every client's
    reading, so they are reported beside the latencies."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._began = 0.0
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.pauses.append(time.perf_counter() - self._began)

    def close(self) -> None:
        gc.callbacks.remove(self._callback)


class Sent:
    """When each version of one table was asked for (the action that makes it was sent)."""

    def __init__(self) -> None:
        self.at: dict[int, tuple[float, int]] = {}  # version -> (send time, seat)

    def seen(self, seat: int, before: int, now_at: int, stats: Stats) -> None:
        """``seat`` went from version ``before`` to ``now_at``: the other seats' actions in
        between reached it."""
        now = time.perf_counter()
        for v in range(before + 1, now_at + 1):
            sent = self.at.get(v)
            if sent is not None and sent[1] != seat and stats.counting:
                stats.seen.append(now - sent[0])


async def seat_bot(
    ws_url: str,
    table_id: str,
    seat: int,
    token: str,
    think: float,
    rng: random.Random,
    stats: Stats,
    sent_log: Sent,
) -> None:
    """Play one seat until the game is over."""
    async with connect(f"{ws_url}/ws/{table_id}", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        state: dict[str, Any] = {}
        sent_at: float | None = None
        sent_version = -1
        while True:
            if state and sent_at is None:
                if state["decision"] is None:
                    return
                if state["actions"]:  # this seat decides
                    await asyncio.sleep(think * (0.5 + rng.random()))
                    action = rng.choice(state["actions"])
                    sent_version = state["version"]
                    message = {"type": "act", "action": action, "version": sent_version}
                    sent_at = time.perf_counter()
                    sent_log.at[sent_version + 1] = (sent_at, seat)
                    await ws.send(json.dumps(message))
            m = json.loads(await ws.recv())
            if m["type"] == "error":
                stats.error(m["code"])
                sent_at = None
            elif m["type"] == "state":
                if "patch" in m:
                    m["view"] = apply_patch(state["view"], m["patch"])
                if state:
                    sent_log.seen(seat, state["version"], m["version"], stats)
                state = m
                if sent_at is not None and m["version"] > sent_version:
                    if stats.counting:
                        stats.latencies.append(time.perf_counter() - sent_at)
                        stats.actions += 1
                    sent_at = None


async def spectator(ws_url: str, table_id: str, stats: Stats) -> None:
    """Watch one table until its game is over (or the run ends)."""
    async with connect(f"{ws_url}/ws/{table_id}", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        while True:
            raw = await ws.recv()
            if stats.counting:
                stats.watched += 1
                stats.watched_bytes += len(raw)
            if '"type":"error"' in raw:
                stats.error("spectator:" + json.loads(raw)["code"])
            if '"decision":null' in raw:
                return


async def table_slot(
    servers: list[ServerProcess],
    args: argparse.Namespace,
    index: int,
    watchers: int,
    stats: Stats,
    stop: asyncio.Event,
) -> None:
    """Keep table ``index`` busy: play a game with one bot client per seat and ``watchers``
    spectators, then start another. The clients are spread over the server processes (module
    docstring)."""
    rng = random.Random(index)
    n = len(servers)
    while not stop.is_set():
        body = {"game": args.game, "seats": ["human"] * args.seats, "mine": list(range(args.seats))}
        if args.mode:
            body["mode"] = args.mode
        d = await asyncio.to_thread(post_json, servers[index % n].url + "/api/tables", body)
        tid = d["table"]["id"]
        sent_log = Sent()
        tasks = []
        for s in d["seats"]:
            url = servers[(index + s["seat"]) % n].ws_url
            bot_rng = random.Random(rng.random())
            bot = seat_bot(url, tid, s["seat"], s["token"], args.think, bot_rng, stats, sent_log)
            tasks.append(asyncio.create_task(bot))
        watching = [
            asyncio.create_task(spectator(servers[(index + j) % n].ws_url, tid, stats))
            for j in range(watchers)
        ]
        stopper = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait([*tasks, stopper], return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            for t in [*tasks, *watching]:
                t.cancel()
            await asyncio.gather(*tasks, *watching, return_exceptions=True)
            return
        stopper.cancel()
        for t in await asyncio.gather(*tasks, *watching, return_exceptions=True):
            if isinstance(t, BaseException):
                stats.error(type(t).__name__)
        stats.games += 1


class Meters:
    """CPU seconds of everything that takes part, read at the start and the end of a run."""

    def __init__(self, servers: list[ServerProcess]) -> None:
        self.pids = [srv.proc.pid for srv in servers if srv.proc is not None]
        self.start = self.read()

    def read(self) -> dict[str, Any]:
        busy, total = machine_cpu()
        return {
            "servers": [cpu_seconds(pid) for pid in self.pids],
            "client": time.process_time(),
            "postgres": named_cpu_seconds("postgres"),
            "redis": named_cpu_seconds("redis-server"),
            "machine_busy": busy,
            "machine_total": total,
            "wall": time.perf_counter(),
        }

    def percents(self) -> dict[str, Any]:
        """CPU use since the start, in % of one core (the machine: % of all its cores)."""
        end, start = self.read(), self.start
        wall = end["wall"] - start["wall"]

        def pct(a: float, b: float) -> float:
            return round(100 * (a - b) / wall, 1)

        servers = [pct(a, b) for a, b in zip(end["servers"], start["servers"], strict=True)]
        total = end["machine_total"] - start["machine_total"]
        return {
            "seconds": round(wall, 1),
            "server_cpu_pct": round(sum(servers), 1),
            "server_cpu_pct_each": servers,
            "client_cpu_pct": pct(end["client"], start["client"]),
            "postgres_cpu_pct": pct(end["postgres"], start["postgres"]),
            "redis_cpu_pct": pct(end["redis"], start["redis"]),
            "machine_busy_pct": round(
                100 * (end["machine_busy"] - start["machine_busy"]) / total, 1
            ),
        }


def percentiles(values: list[float], prefix: str) -> dict[str, Any]:
    lat = sorted(values)

    def pct(q: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(q * len(lat)))], 1) if lat else float("nan")

    return {
        f"{prefix}p50_ms": pct(0.50),
        f"{prefix}p90_ms": pct(0.90),
        f"{prefix}p99_ms": pct(0.99),
        f"{prefix}max_ms": round(1000 * lat[-1], 1) if lat else None,
        f"{prefix}mean_ms": round(1000 * statistics.fmean(lat), 1) if lat else None,
    }


async def run(args: argparse.Namespace, servers: list[ServerProcess]) -> dict[str, Any]:
    stats = Stats()
    stop = asyncio.Event()
    slots = []
    load_before = os.getloadavg()
    for i in range(args.tables):  # open tables gradually, as players would arrive
        watchers = args.spectators // args.tables + (i < args.spectators % args.tables)
        slot = table_slot(servers, args, i, watchers, stats, stop)
        slots.append(asyncio.create_task(slot))
        await asyncio.sleep(args.warmup / 2 / args.tables)
    await asyncio.sleep(args.warmup / 2)
    meters = Meters(servers)
    pauses = GcPauses()
    stats.counting = True
    await asyncio.sleep(args.seconds)
    stats.counting = False
    pauses.close()
    cpu = meters.percents()
    load_after = os.getloadavg()
    stop.set()
    await asyncio.gather(*slots, return_exceptions=True)
    return {
        "game": args.game,
        "mode": args.mode,
        "tables": args.tables,
        "seats": args.seats,
        "processes": len(servers),
        "think_s": args.think,
        "actions": stats.actions,
        "actions_per_s": round(stats.actions / cpu["seconds"], 1),
        **percentiles(stats.latencies, ""),
        **percentiles(stats.seen, "seen_"),
        **cpu,
        "client_gc_pauses": len(pauses.pauses),
        "client_gc_max_ms": round(1000 * max(pauses.pauses, default=0.0), 1),
        "client_gc_total_ms": round(1000 * sum(pauses.pauses), 1),
        "load_avg_before": [round(x, 2) for x in load_before],
        "load_avg_after": [round(x, 2) for x in load_after],
        "games_finished": stats.games,
        "spectators": args.spectators,
        "spectator_msgs_per_s": round(stats.watched / cpu["seconds"], 1),
        "spectator_kb_per_s": round(stats.watched_bytes / cpu["seconds"] / 1024, 1),
        "errors": stats.errors,
    }


async def spectator_cost(
    watchers: int, moves: int, game: str = "gems-of-iridescia", mode: str | None = None
) -> dict[str, Any]:
    """CPU seconds the game service spends per move on a 2-seat table of ``game`` (in ``mode``,
    default: Gems of Iridescia's ``standard``, another game's first) watched by ``watchers``
    spectators, in process (see the module docstring)."""
    svc = GameService(SqliteStorage(":memory:"), bot_delay=0, step_delay=0)
    if hasattr(svc, "max_spectators"):
        svc.max_spectators = watchers
    await svc.start()
    request: dict[str, Any] = {"game": game, "seats": ["human", "human"]}
    if mode or game == "gems-of-iridescia":
        request["mode"] = mode or "standard"
    spec = TableSpec.from_json(request)
    row, _ = await svc.create(spec, {0, 1}, 5)
    seats = [await svc.connect(row.id, s.token) for s in row.seats]
    subs = [await svc.connect(row.id, None) for _ in range(watchers)]
    rng = random.Random(5)
    spent, made = 0.0, 0
    for _ in range(moves):
        for sub in (*seats, *subs):
            while not sub.queue.empty():
                sub.queue.get_nowait()
        live = svc.loaded() and svc._slots[row.id].table  # type: ignore[attr-defined]
        if not live or live.finished:
            break
        seat = live.game.current_player
        cpu = time.process_time()
        await svc.act(seats[seat], rng.choice(live.game.legal_actions()).id, live.version)
        while any(sub.queue.empty() for sub in subs):  # every spectator's message is built
            await asyncio.sleep(0)
        spent += time.process_time() - cpu
        made += 1
    await svc.stop()
    per_move = round(1000 * spent / made, 2)
    return {"game": game, "spectators": watchers, "moves": made, "cpu_ms_per_move": per_move}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--game", default="gems-of-iridescia", help="a game with a board in the browser")
    p.add_argument("--mode", default=None, help="the game's mode (default: its first)")
    p.add_argument("--seats", type=int, default=2, help="bot clients per table (2-4)")
    p.add_argument("--seconds", type=float, default=60.0, help="measured time")
    p.add_argument("--warmup", type=float, default=10.0)
    p.add_argument("--think", type=float, default=1.0, help="mean seconds before each action")
    p.add_argument("--db", default=None, help="database URL (default: SQLite in a temp folder)")
    p.add_argument("--redis", default=None)
    p.add_argument(
        "--processes", type=int, default=1,
        help="server processes sharing the database (more than 1: PostgreSQL and Redis)",
    )  # fmt: skip
    p.add_argument("--spectators", type=int, default=0, help="spectators over all the tables")
    p.add_argument(
        "--spectator-cost", type=int, default=0, metavar="M",
        help="instead: the service's CPU per move with M spectators of one table, in process",
    )  # fmt: skip
    p.add_argument("--moves", type=int, default=60, help="moves measured by --spectator-cost")
    p.add_argument(
        "--old-server", action="store_true",
        help="the server measured (PYTHONPATH) predates the per-address limits: pass none",
    )  # fmt: skip
    p.add_argument("--json", action="store_true", help="print one JSON line only")
    args = p.parse_args(argv)
    if args.spectator_cost:
        cost = spectator_cost(args.spectator_cost, args.moves, args.game, args.mode)
        result = asyncio.run(cost)
        print(json.dumps(result))
        return 0
    postgres = bool(args.db and args.db.startswith("postgresql://"))
    if args.processes > 1 and not (postgres and args.redis):
        p.error("--processes above 1 needs --db postgresql://... and --redis redis://...")
    prefix = f"load{os.getpid()}"
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "load.sqlite3")
        if postgres and split_schema(db)[1] is None:
            db = with_schema(db, prefix)  # the run's own tables, dropped at the end
        if args.old_server:  # it knows neither the prefix nor the newer limits
            opts = ["--db", db, "--bot-delay", "0", "--step-delay", "0"]
            opts += ["--redis", args.redis] if args.redis else []
            opts += ["--create-burst", "100000", "--create-rate", "1000", "--msg-rate", "1000"]
        else:
            opts = server_options(db, args.redis, prefix)
        servers = start_servers(args.processes, opts, tmp)
        try:
            result = run_loop(run(args, servers))
        finally:
            for srv in servers:
                srv.stop()
        logs = "".join(srv.log() for srv in servers)
    if args.redis and not args.old_server:
        delete_redis_keys(args.redis, prefix)
    if postgres and db != args.db:
        url, schema = split_schema(db)
        with contextlib.suppress(Exception):
            drop_schema(url, schema or "")
    result["command"] = " ".join(["python -m benchmarks.server_load", *sys.argv[1:]])
    if args.json:
        print(json.dumps(result))
    else:
        print(f"# server_load on {platform.machine()}, Python {platform.python_version()}")
        for k, v in result.items():
            print(f"{k:>20}: {v}")
    if "Traceback" in logs:
        print(logs, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
