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

from iridescia.web.protocol import apply_patch
from iridescia.web.testing import ServerProcess, post_json


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.games = 0
        self.errors: dict[str, int] = {}
        self.counting = False

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


async def table_slot(
    srv: ServerProcess,
    game: str,
    seats: int,
    think: float,
    seed: int,
    stats: Stats,
    stop: asyncio.Event,
) -> None:
    """Keep one table busy: play a game with one bot client per seat, then start another."""
    rng = random.Random(seed)
    while not stop.is_set():
        body = {"game": game, "seats": ["human"] * seats, "mine": list(range(seats))}
        d = await asyncio.to_thread(post_json, srv.url + "/api/tables", body)
        tid = d["table"]["id"]
        tasks = [
            asyncio.create_task(
                seat_bot(srv.ws_url, tid, s["token"], think, random.Random(rng.random()), stats)
            )
            for s in d["seats"]
        ]
        stopper = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait([*tasks, stopper], return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            return
        stopper.cancel()
        for t in await asyncio.gather(*tasks, return_exceptions=True):
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
        slot = table_slot(srv, args.game, args.seats, args.think, i, stats, stop)
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
        "errors": stats.errors,
    }


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
    p.add_argument("--json", action="store_true", help="print one JSON line only")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "load.sqlite3")
        extra = ["--redis", args.redis] if args.redis else []
        opts = ["--db", db, "--bot-delay", "0", "--step-delay", "0", *extra]
        limits = ["--create-burst", "100000", "--create-rate", "1000", "--msg-rate", "1000"]
        with ServerProcess(*opts, *limits, log_dir=tmp) as srv:
            try:  # the client's own event loop adds to every latency: use the fastest one
                import uvloop

                result = uvloop.run(run(args, srv))
            except ImportError:
                result = asyncio.run(run(args, srv))
            log = srv.log()
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
