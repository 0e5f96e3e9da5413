"""Web server load: N concurrent tables of bots playing over real WebSockets on loopback.

Run by hand: ``python -m benchmarks.server_load [--tables 200] [--seconds 60] [--think 1.0]``
(``--db postgresql://...?schema=load --redis redis://...`` to measure that set-up). It starts
one real server process (uvicorn, ``python -m iridescia.web.server``, SQLite in a temporary
folder by default) and, in this process, one WebSocket client per seat of every table of Gems
of Iridescia (``--game``). Each client is a random bot: when its seat must act it waits
``--think`` seconds (a bot's visible delay on a real table), sends a random legal action by id,
as the browser does (the state message's ``actions``), with the state version, and
measures the latency from sending to receiving the ``state`` message with the next version. A
finished game is replaced by a new table, so N tables stay busy for the whole run.

It prints the actions applied per second and the latency percentiles (p50, p90, p99, max), the
server's CPU use, and any error; copy the figures into docs/web.md with the date and machine.
The first ``--warmup`` seconds (connecting, the first moves) are not counted.

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
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import redis

from iridescia.web.protocol import apply_patch
from iridescia.web.service import GameService
from iridescia.web.storage import SqliteStorage
from iridescia.web.tables import TableSpec
from iridescia.web.testing import ServerProcess, post_json


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.games = 0
        self.errors: dict[str, int] = {}
        self.counting = False
        self.watched = 0  # messages the spectators received while counting
        self.watched_bytes = 0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


async def seat_bot(
    ws_url: str, table_id: str, token: str, think: float, rng: random.Random, stats: Stats
) -> None:
    """Play one seat until the game is over."""
    from websockets.asyncio.client import connect

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
                    await ws.send(json.dumps(message))
            m = json.loads(await ws.recv())
            if m["type"] == "error":
                stats.error(m["code"])
                sent_at = None
            elif m["type"] == "state":
                if "patch" in m:
                    m["view"] = apply_patch(state["view"], m["patch"])
                state = m
                if sent_at is not None and m["version"] > sent_version:
                    if stats.counting:
                        stats.latencies.append(time.perf_counter() - sent_at)
                        stats.actions += 1
                    sent_at = None


async def spectator(ws_url: str, table_id: str, stats: Stats) -> None:
    """Watch one table until its game is over (or the run ends)."""
    from websockets.asyncio.client import connect

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
    srv: ServerProcess,
    args: argparse.Namespace,
    seed: int,
    watchers: int,
    stats: Stats,
    stop: asyncio.Event,
) -> None:
    """Keep one table busy: play a game with one bot client per seat and ``watchers``
    spectators, then start another."""
    rng = random.Random(seed)
    while not stop.is_set():
        body = {"game": args.game, "seats": ["human"] * args.seats, "mine": list(range(args.seats))}
        d = await asyncio.to_thread(post_json, srv.url + "/api/tables", body)
        tid = d["table"]["id"]
        tasks = [
            asyncio.create_task(
                seat_bot(
                    srv.ws_url, tid, s["token"], args.think, random.Random(rng.random()), stats
                )
            )
            for s in d["seats"]
        ]
        watching = [asyncio.create_task(spectator(srv.ws_url, tid, stats)) for _ in range(watchers)]
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


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100.0  # utime, stime in clock ticks


async def run(args: argparse.Namespace, srv: ServerProcess) -> dict[str, Any]:
    stats = Stats()
    stop = asyncio.Event()
    slots = []
    for i in range(args.tables):  # open tables gradually, as players would arrive
        watchers = args.spectators // args.tables + (i < args.spectators % args.tables)
        slot = table_slot(srv, args, i, watchers, stats, stop)
        slots.append(asyncio.create_task(slot))
        await asyncio.sleep(args.warmup / 2 / args.tables)
    await asyncio.sleep(args.warmup / 2)
    assert srv.proc is not None
    cpu0, t0, mine0 = cpu_seconds(srv.proc.pid), time.perf_counter(), time.process_time()
    stats.counting = True
    await asyncio.sleep(args.seconds)
    stats.counting = False
    elapsed = time.perf_counter() - t0
    cpu = cpu_seconds(srv.proc.pid) - cpu0
    client_cpu = time.process_time() - mine0
    stop.set()
    await asyncio.gather(*slots, return_exceptions=True)
    lat = sorted(stats.latencies)

    def pct(q: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(q * len(lat)))] if lat else float("nan")

    return {
        "game": args.game,
        "tables": args.tables,
        "seats": args.seats,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "actions": stats.actions,
        "actions_per_s": round(stats.actions / elapsed, 1),
        "p50_ms": round(pct(0.50), 1),
        "p90_ms": round(pct(0.90), 1),
        "p99_ms": round(pct(0.99), 1),
        "max_ms": round(1000 * lat[-1], 1) if lat else None,
        "mean_ms": round(1000 * statistics.fmean(lat), 1) if lat else None,
        "server_cpu_pct": round(100 * cpu / elapsed, 1),
        "client_cpu_pct": round(100 * client_cpu / elapsed, 1),
        "load_avg_1min": round(os.getloadavg()[0], 2),
        "games_finished": stats.games,
        "spectators": args.spectators,
        "spectator_msgs_per_s": round(stats.watched / elapsed, 1),
        "spectator_kb_per_s": round(stats.watched_bytes / elapsed / 1024, 1),
        "errors": stats.errors,
    }


async def spectator_cost(watchers: int, moves: int) -> dict[str, Any]:
    """CPU seconds the game service spends per move on a table watched by ``watchers``
    spectators, in process (see the module docstring)."""
    svc = GameService(SqliteStorage(":memory:"), bot_delay=0, step_delay=0)
    if hasattr(svc, "max_spectators"):
        svc.max_spectators = watchers
    await svc.start()
    spec = TableSpec.from_json({"mode": "standard", "seats": ["human", "human"]})
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
    return {"spectators": watchers, "moves": made, "cpu_ms_per_move": round(1000 * spent / made, 2)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--game", default="gems-of-iridescia", help="a game with a board in the browser")
    p.add_argument("--seats", type=int, default=2, help="bot clients per table (2-4)")
    p.add_argument("--seconds", type=float, default=60.0, help="measured time")
    p.add_argument("--warmup", type=float, default=10.0)
    p.add_argument("--think", type=float, default=1.0, help="mean seconds before each action")
    p.add_argument("--db", default=None, help="database URL (default: SQLite in a temp folder)")
    p.add_argument("--redis", default=None)
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
        result = asyncio.run(spectator_cost(args.spectator_cost, args.moves))
        print(json.dumps(result))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "load.sqlite3")
        extra = ["--redis", args.redis] if args.redis else []
        opts = ["--db", db, "--bot-delay", "0", "--step-delay", "0", *extra]
        # Every client of the benchmark comes from one address: lift the per-address limits.
        limits = ["--create-burst", "100000", "--create-rate", "1000", "--msg-rate", "1000"]
        if not args.old_server:
            limits += [
                "--address-msg-rate", "1000000", "--address-msg-burst", "1000000",
                "--max-address-connections", "1000000", "--max-spectators", "1000000",
            ]  # fmt: skip
        if args.redis and not args.old_server:
            limits += ["--redis-prefix", f"load{os.getpid()}"]
        with ServerProcess(*opts, *limits, log_dir=tmp) as srv:
            try:  # the client's own event loop adds to every latency: use the fastest one
                import uvloop

                result = uvloop.run(run(args, srv))
            except ImportError:
                result = asyncio.run(run(args, srv))
            log = srv.log()
    if args.redis and not args.old_server:  # the run's own notice stream
        redis.Redis.from_url(args.redis).delete(f"load{os.getpid()}:notices")
    if args.json:
        print(json.dumps(result))
    else:
        print(f"# server_load on {platform.machine()}, Python {platform.python_version()}")
        for k, v in result.items():
            print(f"{k:>16}: {v}")
    if "Traceback" in log:
        print(log, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
