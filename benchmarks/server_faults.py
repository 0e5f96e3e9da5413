"""Web server faults: games of bots over WebSockets while Redis, PostgreSQL and a server process
are killed and started again at random moments; nothing acknowledged may be lost, no table may
stall.

Run by hand (Linux, as root, with PostgreSQL and ``redis-server`` installed; about 5 minutes)::

    python -m benchmarks.server_faults [--tables 50] [--games 50] [--think 0.3] [--seed 1]

It starts services of its own, never the machine's: a PostgreSQL cluster (``initdb`` in a
temporary folder, run as the ``postgres`` user, fsync on) and a ``redis-server`` (in memory
only), each on a free port, and two server processes on them, each on a fixed port of its own so
that a restarted process is found where it was. ``--tables`` tables of two client bots play
until ``--games`` games are finished (a finished table is replaced by a new one). Table i is
created through process i mod 2 and its seat s connects to process (i + s) mod 2, so the seats
of one table are on different processes, behind a load balancer in front of both: a connection
goes to the seat's process, or to the other one when that refuses it (as nginx's
``proxy_next_upstream`` does).

Each client behaves as the browser's table page does (``static/js/table.js``): on a closed or
refused connection it connects again after growing pauses with jitter (1 s doubling to 30 s,
times 0.5-1); every action carries an ``id``; an action not yet acknowledged is sent again, as
it was (same id, same version), after each reconnection and after each ``server_error`` (1 s,
2 s... later: the browser stops after 5 tries and lets its player act again; these bots keep
trying, with pauses of at most 5 s, and the report counts the tries past the browser's fifth).
An action is acknowledged when the seat receives a state at a later version or ``applied``.

Meanwhile a chaos loop injects one fault at a time, the kinds in a shuffled cycle:

- ``redis``: SIGKILL to redis-server (its notices are lost with it), started again (empty)
  after a random pause of 0-3 s;
- ``postgres``: a crash of the cluster (``pg_ctl stop -m immediate``, or SIGKILL to the
  postmaster and every one of its processes), started again (recovery from the WAL) after
  0-3 s;
- ``server``: SIGKILL to one server process, started again at once.

When the service is back (it answers), the loop reads every playing table's stored version and
waits until every seat of it has received that version (or a later one): that wait is the
seat's catch-up time; a table with a seat that needs more than ``--stall-after`` seconds (2) is
stalled. Then it waits a random 2-8 s before the next fault.

At the end, from the database: every acknowledged action must be in the final record, at the
step it was made for, with its seat, text and id (acknowledged actions lost: 0); no action id
may be stored twice (duplicates: 0); every stored record replays to its stored state hashes;
and every seat of a finished game saw the final version. It also reports the games finished,
the worst catch-up time per fault kind, the clients' reconnections, resends and errors, and
each server log's tracebacks (a fault must never print one). Exit status 1 when a check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import platform
import random
import secrets
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import asyncpg  # type: ignore[import-untyped]
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from benchmarks.web_services import (
    PrivateCluster,
    PrivateRedis,
    free_port,
    server_options,
)
from iridescia.core.errors import RecordError
from iridescia.web.protocol import apply_patch
from iridescia.web.storage_base import action_row, row_to_table
from iridescia.web.tables import LiveTable
from iridescia.web.testing import ServerProcess, get_json, post_json

RETRY_FIRST, RETRY_MAX = 1.0, 30.0  # the browser's pauses between reconnections (table.js)
RESEND_TRIES = 5  # the browser's tries of an action answered server_error
RESEND_MAX = 5.0  # these bots keep trying, at most this long apart
CATCH_UP_WAIT = 30.0  # seconds the loop waits for every seat after a fault
KINDS = ("redis", "postgres", "server")


@dataclass
class Pending:
    """An action sent and not acknowledged yet."""

    client_id: str
    action: int
    version: int
    message: str
    tries: int = 0


@dataclass
class Ack:
    table_id: str
    seat: int
    client_id: str
    action: int
    step: int  # the step the action makes (its version + 1)
    how: str  # "state" (a later version arrived) or "applied"


@dataclass
class Totals:
    acks: list[Ack] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    reconnects: int = 0
    refused_connects: int = 0  # connection attempts no process accepted
    resends: int = 0
    resends_past_browser: int = 0  # tries past the browser's fifth
    games_started: int = 0
    games_done: int = 0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


class Balancer:
    """The load balancer in front of the server processes: a connection goes to the seat's
    process, or to the next one that accepts it."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports

    def urls(self, home: int, scheme: str) -> list[str]:
        n = len(self.ports)
        return [f"{scheme}://127.0.0.1:{self.ports[(home + k) % n]}" for k in range(n)]

    async def connect(self, home: int, path: str) -> ClientConnection:
        error: BaseException | None = None
        for base in self.urls(home, "ws"):
            try:
                return await connect(base + path, open_timeout=5, close_timeout=1, max_size=2**24)
            except (OSError, TimeoutError, InvalidHandshake) as exc:
                error = exc
        assert error is not None
        raise error

    async def post(self, home: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
        error: BaseException | None = None
        for base in self.urls(home, "http"):
            try:
                return await asyncio.to_thread(post_json, base + path, body)
            except OSError as exc:  # refused, or 503 while storage is away (HTTPError)
                error = exc
        assert error is not None
        raise error


def pause(retries: int, rng: random.Random) -> float:
    """The browser's pause before reconnection number ``retries`` (0-based)."""
    return min(RETRY_MAX, RETRY_FIRST * 2**retries) * (0.5 + rng.random() / 2)


class Seat:
    """One bot client at one seat, playing until its game is over."""

    def __init__(
        self, table_id: str, seat: int, token: str, home: int, think: float, rng: random.Random
    ) -> None:
        self.table_id, self.seat, self.token, self.home = table_id, seat, token, home
        self.think, self.rng = think, rng
        self.state: dict[str, Any] = {}
        self.history: list[tuple[float, int]] = []  # (time, version) each time it grew
        self.pending: Pending | None = None
        self.done = False
        self.connected_once = False
        self.retries = 0  # reconnections since the last state message (the browser's count)
        self.trace: list[tuple[float, str]] = []  # what happened to this client, for a report

    def note(self, what: str) -> None:
        self.trace.append((time.monotonic(), what))

    @property
    def version(self) -> int:
        return self.history[-1][1] if self.history else -1

    def reached(self, version: int) -> float | None:
        """When this seat first had ``version`` or a later one (None: not yet)."""
        for t, v in self.history:
            if v >= version:
                return t
        return None

    async def play(self, lb: Balancer, totals: Totals) -> None:
        while not self.done:
            try:
                self.note("connecting")
                ws = await lb.connect(self.home, f"/ws/{self.table_id}")
            except (OSError, TimeoutError, InvalidHandshake) as exc:
                totals.refused_connects += 1
                self.note(f"no connection ({type(exc).__name__})")
            else:
                self.note(f"connected to process {lb.ports.index(ws.remote_address[1])}")
                if self.connected_once:
                    totals.reconnects += 1
                try:
                    await self._session(ws, totals)
                except (ConnectionClosed, OSError) as exc:
                    self.note(f"closed ({type(exc).__name__})")
                finally:
                    with contextlib.suppress(Exception):
                        await ws.close()
            if self.done:
                return
            await asyncio.sleep(pause(self.retries, self.rng))
            self.retries += 1

    def _new_action(self) -> str | None:
        state = self.state
        if self.pending is not None or not state.get("actions"):
            return None
        cid = secrets.token_urlsafe(9)
        action = self.rng.choice(state["actions"])
        message = json.dumps(
            {"type": "act", "action": action, "version": state["version"], "id": cid}
        )
        self.pending = Pending(cid, action, state["version"], message)
        self.note(f"act {action} at {state['version']} as {cid}")
        return message

    def _acknowledge(self, how: str, totals: Totals) -> None:
        p = self.pending
        assert p is not None
        totals.acks.append(Ack(self.table_id, self.seat, p.client_id, p.action, p.version + 1, how))
        self.pending = None

    async def _session(self, ws: ClientConnection, totals: Totals) -> None:
        """One connection, until it closes or the game is over."""
        await ws.send(json.dumps({"type": "hello", "token": self.token}))
        fresh = True
        self.state = {}
        act_at: float | None = None  # when to send the next action, or the pending one again
        while True:
            timeout = None if act_at is None else max(0.0, act_at - time.monotonic())
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout)
            except TimeoutError:
                act_at = None
                if self.pending is not None:
                    self.note(f"resend {self.pending.client_id} made at {self.pending.version}")
                    totals.resends += 1
                    totals.resends_past_browser += self.pending.tries > RESEND_TRIES
                    await ws.send(self.pending.message)
                elif (message := self._new_action()) is not None:
                    await ws.send(message)
                continue
            m = json.loads(raw)
            if m["type"] == "state":
                self.connected_once = True
                self.retries = 0  # the browser resets its pauses on a state message
                if "patch" in m:
                    m["view"] = apply_patch(self.state["view"], m["patch"])
                self.state = m
                if m["version"] > self.version:
                    self.history.append((time.monotonic(), m["version"]))
                self.note(f"state {m['version']}")
                p = self.pending
                if p is not None and m["version"] > p.version:
                    self._acknowledge("state", totals)
                if m["decision"] is None:
                    self.done = True
                    return
                if fresh and self.pending is not None:  # reconnected: the same action again
                    self.note("resend on reconnecting")
                    totals.resends += 1
                    await ws.send(self.pending.message)
                fresh = False
                if self.pending is None and not m["actions"]:
                    act_at = None
                elif self.pending is None and act_at is None:  # this seat decides: think
                    act_at = time.monotonic() + self.think * (0.5 + self.rng.random())
            elif m["type"] == "applied":
                self.note("applied")
                if self.pending is not None and m["id"] == self.pending.client_id:
                    self._acknowledge("applied", totals)
            elif m["type"] == "error":
                code = m["code"]
                totals.error(code)
                self.note(f"error {code}")
                p = self.pending
                if code == "server_error" and p is not None:
                    p.tries += 1
                    act_at = time.monotonic() + min(RESEND_MAX, 1.0 * p.tries)
                elif code in ("bad_token", "no_table"):
                    self.done = True
                    return
                elif p is not None:  # stale, say: it was not applied; the state follows
                    self.pending = None


class Run:
    """The services, the server processes, the games and the chaos loop of one run."""

    def __init__(self, args: argparse.Namespace, folder: str) -> None:
        self.args = args
        self.folder = folder
        self.rng = random.Random(args.seed)
        self.cluster = PrivateCluster()
        self.redis = PrivateRedis()
        self.ports = [free_port() for _ in range(args.processes)]
        self.servers: list[ServerProcess] = []
        self.logs: list[str] = []  # the logs of the processes killed so far
        self.lb = Balancer(self.ports)
        self.totals = Totals()
        self.seats: dict[str, list[Seat]] = {}  # table -> its clients
        self.faults: list[dict[str, Any]] = []
        self.stalls: list[dict[str, Any]] = []
        self.behind: list[dict[str, Any]] = []  # seats that did not see a finished game's end
        self.began = 0.0  # when the fault being measured began
        self.finished = asyncio.Event()

    # ------------------------------------------------------------------ services

    def server(self, i: int) -> ServerProcess:
        opts = server_options(
            self.cluster.url, self.redis.url, "faults", "--port", str(self.ports[i])
        )
        return ServerProcess(*opts, log_dir=self.folder).start()

    def start(self) -> None:
        self.cluster.start()
        self.redis.start()
        self.servers = [self.server(i) for i in range(self.args.processes)]

    def close(self) -> None:
        for srv in self.servers:
            srv.stop()
            self.logs.append(srv.log_path.read_text(errors="replace"))
        self.redis.close()
        self.cluster.close()

    async def stored(self, sql: str, *params: Any) -> list[Any]:
        """Rows of the run's database (a new connection: the cluster restarts)."""
        for attempt in itertools.count():
            try:
                con = await asyncpg.connect(self.cluster.url, timeout=5)
                try:
                    return list(await con.fetch(sql, *params))
                finally:
                    await con.close()
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                if attempt > 100:
                    raise
                await asyncio.sleep(0.1)
        raise AssertionError("unreachable")

    # ------------------------------------------------------------------ games

    async def table_slot(self, index: int) -> None:
        """Play games at table ``index`` until enough games are finished."""
        rng = random.Random(self.rng.random())
        n = len(self.ports)
        while self.totals.games_started < self.args.games:
            self.totals.games_started += 1
            body = {"game": "gems-of-iridescia", "seats": ["human", "human"], "mine": [0, 1]}
            for attempt in itertools.count():
                try:
                    d = await self.lb.post(index % n, "/api/tables", body)
                    break
                except OSError:
                    await asyncio.sleep(pause(min(attempt, 3), rng))
            tid = d["table"]["id"]
            seats = [
                Seat(tid, s["seat"], s["token"], (index + s["seat"]) % n, self.args.think,
                     random.Random(rng.random()))
                for s in d["seats"]
            ]  # fmt: skip
            self.seats[tid] = seats
            await asyncio.gather(*(s.play(self.lb, self.totals) for s in seats))
            self.totals.games_done += 1
        if self.totals.games_done >= self.args.games:
            self.finished.set()

    # ------------------------------------------------------------------ chaos

    async def inject(self, kind: str) -> dict[str, Any]:
        """One fault; returns what was done, with the moments it began and ended."""
        down = self.rng.uniform(0.0, 3.0)
        began = time.monotonic()
        what: dict[str, Any] = {"kind": kind}
        if kind == "redis":
            self.redis.kill()
            await asyncio.sleep(down)
            await asyncio.to_thread(self.redis.start)
        elif kind == "postgres":
            how = self.rng.choice(["immediate", "kill"])
            what["how"] = how
            await asyncio.to_thread(self.cluster.crash, how)
            await asyncio.sleep(down)
            await asyncio.to_thread(self.cluster.start)
        else:
            i = self.rng.randrange(len(self.servers))
            what["process"] = i
            old = self.servers[i]
            old.kill()
            self.logs.append(old.log_path.read_text(errors="replace"))
            if old.proc is not None and old.proc.stdout is not None:
                old.proc.stdout.close()
            self.servers[i] = await asyncio.to_thread(self.server, i)
        what["outage_s"] = round(time.monotonic() - began, 2)
        return what

    async def catch_up(self, back: float) -> dict[str, Any]:
        """Wait until every seat of every playing table has the version stored when the
        service came back; the worst wait and the tables that took too long."""
        playing = {
            tid: seats for tid, seats in self.seats.items()
            if all(s.connected_once for s in seats) and not all(s.done for s in seats)
        }  # fmt: skip
        rows = await self.stored(
            "SELECT id, version FROM tables WHERE id = ANY($1::text[])", list(playing)
        )
        target = {str(r[0]): int(r[1]) for r in rows}
        waits: dict[str, float] = {}
        deadline = back + CATCH_UP_WAIT
        while True:
            late = False
            for tid, version in target.items():
                if tid in waits:
                    continue
                times = [s.reached(version) for s in playing[tid]]
                if all(t is not None for t in times):
                    waits[tid] = max(0.0, max(t for t in times if t is not None) - back)
                else:
                    late = True
            if not late or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.02)
        never = [tid for tid in target if tid not in waits]
        stall = self.args.stall_after
        for tid in [t for t, w in waits.items() if w > stall] + never:
            self.stalls.append(self.stall_report(tid, target[tid], back))
        return {
            "tables": len(target),
            "worst_catch_up_s": round(max(waits.values(), default=0.0), 2),
            "stalled": sum(w > stall for w in waits.values()) + len(never),
            "never": len(never),
        }

    def stall_report(self, table_id: str, version: int, back: float) -> dict[str, Any]:
        """What the clients of a stalled table did around the fault (times from its start)."""
        seats = {}
        for s in self.seats[table_id]:
            seats[s.seat] = [
                f"{t - self.began:+.2f} {what}" for t, what in s.trace
                if self.began - 2 <= t <= back + CATCH_UP_WAIT
            ]  # fmt: skip
        return {"table": table_id, "version": version, "back_at": round(back - self.began, 2),
                "seats": seats}  # fmt: skip

    async def chaos(self) -> None:
        kinds: list[str] = []
        await asyncio.sleep(self.rng.uniform(3.0, 6.0))
        while not self.finished.is_set():
            if not kinds:
                kinds = [k for k in KINDS if k in self.args.faults]
                self.rng.shuffle(kinds)
            self.began = time.monotonic()
            fault = await self.inject(kinds.pop())
            fault.update(await self.catch_up(time.monotonic()))
            fault["at_s"] = round(self.began - self.t0, 1)
            self.faults.append(fault)
            print(json.dumps(fault), file=sys.stderr, flush=True)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.finished.wait(), self.rng.uniform(2.0, 8.0))

    async def play(self) -> None:
        self.t0 = time.monotonic()
        slots = [asyncio.create_task(self.table_slot(i)) for i in range(self.args.tables)]
        chaos = asyncio.create_task(self.chaos())
        games = asyncio.gather(*slots)
        done, _ = await asyncio.wait(
            [games, chaos], timeout=self.args.deadline, return_when=asyncio.FIRST_COMPLETED
        )
        if chaos in done:  # a fault could not be injected or repaired: stop here
            games.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await games
            chaos.result()
        if not done:
            print("deadline reached: games left unfinished", file=sys.stderr)
        self.finished.set()
        await chaos
        self.elapsed = time.monotonic() - self.t0

    # ------------------------------------------------------------------ checks

    def lost_report(self, ack: Ack, stored: dict[tuple[str, int], Any]) -> dict[str, Any]:
        """An acknowledged action missing from the record: what is stored instead, and what
        its client did (times in seconds from the start of the run)."""
        row = stored.get((ack.table_id, ack.step))
        seat = next(s for s in self.seats[ack.table_id] if s.seat == ack.seat)
        at = next((t for t, what in seat.trace if ack.client_id in what), None)
        if at is None:
            at = next((t for t, v in seat.history if v >= ack.step), self.t0)
        return {
            **vars(ack),
            "stored": None if row is None else list(row)[2:],
            "trace": [f"{t - self.t0:.2f} {what}" for t, what in seat.trace if abs(t - at) < 12],
            "faults": [(f["at_s"], f["kind"]) for f in self.faults],
        }

    async def check(self) -> dict[str, Any]:
        base = self.lb.urls(0, "http")[0]
        texts = [
            a["text"] for a in get_json(base + "/api/games/gems-of-iridescia/actions")["actions"]
        ]
        rows = await self.stored("SELECT table_id, step, seat, action, client_id FROM actions")
        stored = {(r[0], r[1]): r for r in rows}
        lost = []
        for ack in self.totals.acks:
            r = stored.get((ack.table_id, ack.step))
            if r is None or (r[2], r[3], r[4]) != (ack.seat, texts[ack.action], ack.client_id):
                lost.append(ack)
        ids = [(r[0], r[2], r[4]) for r in rows if r[4] is not None]
        duplicates = len(ids) - len(set(ids))
        tables = await self.stored("SELECT * FROM tables")
        seats = await self.stored("SELECT * FROM seats ORDER BY table_id, seat")
        by_table: dict[str, list[Any]] = {}
        for s in seats:
            by_table.setdefault(s["table_id"], []).append(s)
        actions: dict[str, list[Any]] = {}
        for r in await self.stored(
            "SELECT table_id, step, seat, action, state_hash, client_id FROM actions"
            " ORDER BY table_id, step"
        ):
            actions.setdefault(r[0], []).append(action_row(tuple(r)[1:]))
        bad_records, behind = [], 0
        finished = 0
        for t in tables:
            row = row_to_table(t, by_table.get(t["id"], []))
            try:
                LiveTable.restore(row, actions.get(row.id, []))
            except RecordError as exc:
                bad_records.append(str(exc))
            if row.status == "finished":
                finished += 1
                late = [s for s in self.seats.get(row.id, []) if s.version != row.version]
                behind += len(late)
                for s in late[:2]:
                    self.behind.append({
                        "table": row.id, "stored_version": row.version, "seat": s.seat,
                        "seen": s.version, "trace": [
                            f"{t - self.t0:.2f} {what}" for t, what in s.trace[-12:]
                        ],
                    })  # fmt: skip
        return {
            "acknowledged": len(self.totals.acks),
            "acknowledged_by_applied": sum(a.how == "applied" for a in self.totals.acks),
            "acknowledged_lost": len(lost),
            "lost_examples": [self.lost_report(a, stored) for a in lost[:5]],
            "duplicate_ids": duplicates,
            "stored_actions": len(rows),
            "records_not_replaying": bad_records[:5],
            "games_finished": finished,
            "seats_behind_at_end": behind,
        }


def summary(faults: list[dict[str, Any]]) -> dict[str, Any]:
    out = {}
    for kind in KINDS:
        mine = [f for f in faults if f["kind"] == kind]
        if mine:
            out[kind] = {
                "count": len(mine),
                "outage_s_max": max(f["outage_s"] for f in mine),
                "worst_catch_up_s": max(f["worst_catch_up_s"] for f in mine),
                "stalled_tables": sum(f["stalled"] for f in mine),
            }
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=50, help="tables playing at once")
    p.add_argument("--games", type=int, default=50, help="games to finish")
    p.add_argument("--think", type=float, default=0.3, help="mean seconds before each action")
    p.add_argument("--processes", type=int, default=2)
    p.add_argument("--faults", default=",".join(KINDS), help="the kinds of faults to inject")
    p.add_argument("--stall-after", type=float, default=2.0, help="seconds that make a stall")
    p.add_argument("--deadline", type=float, default=1800.0, help="seconds before giving up")
    p.add_argument("--seed", type=int, default=1, help="the chaos loop's choices")
    p.add_argument("--json", action="store_true", help="print one JSON line only")
    p.add_argument(
        "--keep", metavar="DIR", default=None,
        help="keep the server logs and a report of every fault and stall (JSON) there",
    )  # fmt: skip
    args = p.parse_args(argv)
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or tmp
        os.makedirs(folder, exist_ok=True)
        run = Run(args, folder)
        try:
            run.start()
            asyncio.run(run.play())
            checks = asyncio.run(run.check())
        finally:
            run.close()
    tracebacks = sum(log.count("Traceback") for log in run.logs)
    result = {
        "tables": args.tables,
        "games": args.games,
        "think_s": args.think,
        "processes": args.processes,
        "seconds": round(run.elapsed, 1),
        "faults": len(run.faults),
        "by_kind": summary(run.faults),
        "stalled_tables": sum(f["stalled"] for f in run.faults),
        **checks,
        "reconnects": run.totals.reconnects,
        "refused_connects": run.totals.refused_connects,
        "resends": run.totals.resends,
        "resends_past_browser": run.totals.resends_past_browser,
        "errors": run.totals.errors,
        "server_tracebacks": tracebacks,
        "load_avg_before": [round(x, 2) for x in load_before],
        "load_avg_after": [round(x, 2) for x in os.getloadavg()],
        "command": " ".join(["python -m benchmarks.server_faults", *sys.argv[1:]]),
    }
    if args.keep:
        report = {
            "result": result,
            "faults": run.faults,
            "stalls": run.stalls,
            "behind": run.behind,
        }
        with open(os.path.join(args.keep, "report.json"), "w") as f:
            json.dump(report, f, indent=1)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"# server_faults on {platform.machine()}, Python {platform.python_version()}")
        for k, v in result.items():
            print(f"{k:>24}: {v}")
    if tracebacks:
        for log in run.logs:
            if "Traceback" in log:
                at = log.index("Traceback")
                print(log[max(0, at - 300) : at + 3000], file=sys.stderr)
    ok = (
        not checks["acknowledged_lost"] and not checks["duplicate_ids"]
        and not checks["records_not_replaying"] and not result["stalled_tables"]
        and not checks["seats_behind_at_end"] and not tracebacks
    )  # fmt: skip
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
