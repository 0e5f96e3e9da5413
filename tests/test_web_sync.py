"""Server processes that share one database never serve a stale table, whatever notice is lost.

Each test runs two game services ("processes" A and B) in one event loop, sharing one SQLite
file and an in-memory notice bus that can drop a notice or report an outage, as Redis does when
it restarts. Seat 0 plays on A and seat 1 on B (or the other way round, whoever moves first is
on A). The faults reproduced:

- a lost notice left B at the old version for good, even for a new connection (a page reload);
  now a new connection re-reads the table, an outage of the bus makes B check every table, and
  with a shared bus B checks its tables every ``resync_every`` seconds anyway;
- a commit whose reply is lost (the database moved on, A was told it failed) made A roll back,
  tell its client ``server_error`` and stay behind, its retry answered ``stale``; now A reads
  the table back, learns the truth, tells the other processes, and a retry carrying the same
  action id is answered ``applied`` (never applied twice), on A or on B;
- abandoned tables never expired; now the sweep deletes them, tells their connections and the
  other processes.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from iridescia.web.broadcast import Subscriber
from iridescia.web.protocol import AlreadyApplied, ProtocolError, apply_patch
from iridescia.web.pubsub import Callback, LostCallback
from iridescia.web.service import GameService
from iridescia.web.storage import SqliteStorage
from iridescia.web.tables import TableSpec

WAIT = 20.0  # seconds a reader waits for what must come (a failure, never a measurement)


class Bus:
    """The notices between the test's processes: ``drop`` loses the next ones."""

    def __init__(self) -> None:
        self.members: list[BusPubSub] = []
        self.drop = 0
        self.tasks: set[asyncio.Task[None]] = set()


class BusPubSub:
    """One process's end of the bus (the ``PubSub`` protocol)."""

    shared = True

    def __init__(self, bus: Bus) -> None:
        self.bus = bus
        self.callback: Callback | None = None
        self.lost: LostCallback | None = None

    async def start(self, callback: Callback, lost: LostCallback) -> None:
        self.callback, self.lost = callback, lost
        self.bus.members.append(self)

    async def publish(self, table_id: str, version: int) -> None:
        if self.bus.drop:
            self.bus.drop -= 1
            return
        for other in self.bus.members:
            if other is not self and other.callback is not None:
                task = asyncio.create_task(other.callback(table_id, version))
                self.bus.tasks.add(task)
                task.add_done_callback(self.bus.tasks.discard)

    async def outage_over(self) -> None:
        """The connection to the bus came back after an outage (what Redis's reader says)."""
        assert self.lost is not None
        await self.lost()

    async def close(self) -> None:
        self.bus.members.remove(self)


class Flaky:
    """A storage whose next replies can be lost after the write (``lose_replies``) and whose
    next reads can fail (``fail_reads``), as a database behind a broken connection."""

    def __init__(self, inner: SqliteStorage) -> None:
        self.inner = inner
        self.lose_replies = 0
        self.fail_reads = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def append_action(self, *args: Any) -> None:
        await self.inner.append_action(*args)
        if self.lose_replies:
            self.lose_replies -= 1
            raise ConnectionResetError("the connection closed before the reply")

    async def load_record(self, table_id: str) -> Any:
        if self.fail_reads:
            self.fail_reads -= 1
            raise ConnectionRefusedError("the database does not answer")
        return await self.inner.load_record(table_id)


class Reader:
    """What one connection received: the latest state (views rebuilt from patches), errors."""

    def __init__(self, sub: Subscriber) -> None:
        self.sub = sub
        self.state: dict[str, Any] = {}
        self.errors: list[dict[str, Any]] = []
        self.closed = False

    async def until(self, done: Callable[[Reader], bool]) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        while not done(self):
            left = deadline - loop.time()
            if left <= 0 or (self.closed and self.sub.queue.empty()):
                raise AssertionError(f"never happened; latest {self.state.get('version')}")
            try:
                raw = await asyncio.wait_for(self.sub.queue.get(), left)
            except TimeoutError:
                raise AssertionError(
                    f"never happened; latest {self.state.get('version')}"
                ) from None
            if raw is None:
                self.closed = True
                continue
            m = json.loads(raw) if isinstance(raw, str) else raw
            if m["type"] == "state":
                if "patch" in m:
                    m["view"] = apply_patch(self.state["view"], m["patch"])
                self.state = m
            elif m["type"] == "error":
                self.errors.append(m)

    async def at(self, version: int) -> dict[str, Any]:
        await self.until(lambda r: bool(r.state) and r.state["version"] >= version)
        return self.state


async def _services(tmp: Path, bus: Bus, **kw: Any) -> tuple[GameService, GameService, Flaky]:
    path = str(tmp / "shared.sqlite3")
    flaky = Flaky(SqliteStorage(path))
    opts: dict[str, Any] = dict(bot_delay=0, step_delay=0, allow_seed=True, resync_every=3600)
    opts.update(kw)
    a = GameService(flaky, BusPubSub(bus), **opts)  # type: ignore[arg-type]
    b = GameService(SqliteStorage(path), BusPubSub(bus), **opts)
    await a.start()
    await b.start()
    return a, b, flaky


async def _table(a: GameService, b: GameService) -> tuple[str, Reader, Reader, list[str]]:
    """A 2-player table; returns its id, the reader of the seat to move (on A), the other
    seat's reader (on B), and the tokens."""
    spec = TableSpec.from_json({"mode": "standard", "seats": ["human", "human"]})
    row, table = await a.create(spec, {0, 1}, seed=7)
    tokens = [s.token for s in row.seats]
    first = table.game.current_player
    assert first is not None
    mover = Reader(await a.connect(row.id, tokens[first]))
    other = Reader(await b.connect(row.id, tokens[1 - first]))
    await mover.at(0)
    await other.at(0)
    return row.id, mover, other, tokens


def _run(scenario: Callable[..., Awaitable[None]], *args: Any) -> None:
    asyncio.run(scenario(*args))


async def _move(svc: GameService, reader: Reader, client_id: str | None = None) -> int:
    """Play the first legal action of ``reader``'s seat; returns the version it was made at."""
    st = reader.state
    await svc.act(reader.sub, st["actions"][0], st["version"], client_id)
    return int(st["version"])


async def _stop(*services: GameService) -> None:
    for s in services:
        await s.stop()


def test_a_lost_notice_is_caught_up_when_the_bus_comes_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        bus = Bus()
        a, b, _ = await _services(tmp_path, bus)
        _, mover, other, _ = await _table(a, b)
        bus.drop = 1  # Redis restarts: the notice of this move is lost
        v = await _move(a, mover)
        await mover.at(v + 1)
        b_end = b.pubsub
        assert isinstance(b_end, BusPubSub)
        await b_end.outage_over()
        assert (await other.at(v + 1))["version"] == v + 1
        await _stop(a, b)

    _run(scenario)


def test_a_page_reload_never_serves_a_stale_table(tmp_path: Path) -> None:
    async def scenario() -> None:
        bus = Bus()
        a, b, _ = await _services(tmp_path, bus)
        tid, mover, _, tokens = await _table(a, b)
        bus.drop = 1
        v = await _move(a, mover)
        seat = 1 - mover.state["seat"]
        again = Reader(await b.connect(tid, tokens[seat]))  # the same seat reloads its page on B
        await again.until(lambda r: bool(r.state))
        assert again.state["version"] == v + 1
        spectator = Reader(await b.connect(tid, None))
        await spectator.until(lambda r: bool(r.state))
        assert spectator.state["version"] == v + 1
        info = await b.info(tid)
        assert info["version"] == v + 1
        await _stop(a, b)

    _run(scenario)


def test_a_gap_in_the_notices_is_read_at_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        bus = Bus()
        a, b, _ = await _services(tmp_path, bus)
        _, mover, other, _ = await _table(a, b)
        bus.drop = 1
        v = await _move(a, mover)
        await mover.at(v + 1)
        if mover.state["actions"]:  # the same seat moves again: this notice arrives
            await _move(a, mover)
            assert (await other.at(v + 2))["version"] == v + 2
        await _stop(a, b)

    _run(scenario)


def test_the_periodic_check_catches_a_lost_notice(tmp_path: Path) -> None:
    async def scenario() -> None:
        bus = Bus()
        a, b, _ = await _services(tmp_path, bus, resync_every=0.05)
        _, mover, other, _ = await _table(a, b)
        bus.drop = 1
        v = await _move(a, mover)
        assert (await other.at(v + 1))["version"] == v + 1  # no notice, no outage: the check
        await _stop(a, b)

    _run(scenario)


def test_a_commit_whose_reply_is_lost_is_applied_and_told(tmp_path: Path) -> None:
    async def scenario() -> None:
        bus = Bus()
        a, b, flaky = await _services(tmp_path, bus)
        tid, mover, other, _ = await _table(a, b)
        flaky.lose_replies = 1  # the database commits; its answer never comes
        v = await _move(a, mover, "x1")  # no error: A read the table back and found it
        assert (await mover.at(v + 1))["version"] == v + 1 and not mover.errors
        assert (await other.at(v + 1))["version"] == v + 1  # and told B
        assert len(a._slots[tid].table.steps) == len(b._slots[tid].table.steps) == 1
        await _stop(a, b)

    _run(scenario)


def test_a_retry_of_a_committed_action_is_answered_applied(tmp_path: Path) -> None:
    async def scenario() -> None:
        bus = Bus()
        a, b, flaky = await _services(tmp_path, bus)
        tid, mover, other, _ = await _table(a, b)
        flaky.lose_replies, flaky.fail_reads = 1, 1  # and the read-back fails too
        st = mover.state
        with pytest.raises(ProtocolError) as unknown:
            await a.act(mover.sub, st["actions"][0], st["version"], "x1")
        assert unknown.value.code == "server_error" and "again" in unknown.value.message
        # The client sends the same action again, with its id: applied once, and said so.
        with pytest.raises(AlreadyApplied) as done:
            await a.act(mover.sub, st["actions"][0], st["version"], "x1")
        assert done.value.step == 1 and done.value.client_id == "x1"
        assert len(a._slots[tid].table.steps) == 1
        assert (await mover.at(st["version"] + 1))["version"] == st["version"] + 1
        assert (await other.at(st["version"] + 1))["version"] == st["version"] + 1
        await _stop(a, b)

    _run(scenario)


def test_a_retry_through_another_process_is_answered_applied(tmp_path: Path) -> None:
    async def scenario() -> None:
        bus = Bus()
        a, b, _ = await _services(tmp_path, bus)
        tid, mover, _, tokens = await _table(a, b)
        seat = mover.state["seat"]
        on_b = Reader(await b.connect(tid, tokens[seat]))  # the mover's other tab, on B
        await on_b.at(0)
        bus.drop = 1  # B never hears of the move
        st = mover.state
        await a.act(mover.sub, st["actions"][0], st["version"], "y7")
        with pytest.raises(AlreadyApplied) as done:  # sent again through B, as first made
            await b.act(on_b.sub, st["actions"][0], st["version"], "y7")
        assert done.value.step == 1
        assert len(b._slots[tid].table.steps) == 1
        await _stop(a, b)

    _run(scenario)


def test_abandoned_tables_expire_and_everyone_hears_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        bus = Bus()
        a, b, _ = await _services(tmp_path, bus, expire_after=3600)
        tid, mover, other, tokens = await _table(a, b)
        a.disconnect(mover.sub)  # seat 1 left; seat 2 still watches, on B
        later = time.time() + 7200
        assert await b.sweep(later) == []  # B marks the table it serves as in use
        assert await a.sweep(later + 1000) == []
        assert await a.sweep(later + 7200) == [tid]  # nobody for two hours: gone
        assert tid not in a.loaded()
        await other.until(lambda r: bool(r.errors))  # B heard it and told its connection
        assert other.errors[0]["code"] == "no_table"
        assert tid not in b.loaded()
        with pytest.raises(ProtocolError) as gone:
            await b.connect(tid, tokens[0])
        assert gone.value.code == "no_table"
        await _stop(a, b)

    _run(scenario)


def test_a_bot_waits_out_a_storage_outage_without_tracebacks(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The database refuses the bot's first writes and the reads after them: the bot's move
    fails with a warning, is tried again, and goes through once the database is back."""

    async def scenario() -> None:
        storage = Flaky(SqliteStorage(str(tmp_path / "bot.sqlite3")))
        real = storage.inner.append_action
        failures = 3

        async def refused(table_id: str, expected: int, row: Any, *rest: Any) -> None:
            nonlocal failures
            if row.seat == 1 and failures:
                failures -= 1
                storage.fail_reads = 1  # the read-back fails too
                raise ConnectionRefusedError("the database does not answer")
            await real(table_id, expected, row, *rest)

        storage.inner.append_action = refused  # type: ignore[method-assign]
        svc = GameService(storage, bot_delay=0, step_delay=0)  # type: ignore[arg-type]
        await svc.start()
        spec = TableSpec.from_json({"mode": "standard", "seats": ["human", "bot:random"]})
        row, _ = await svc.create(spec, {0}, seed=3)
        human = Reader(await svc.connect(row.id, row.seats[0].token))
        await human.at(0)
        while not any(s.seat == 1 for s in svc._slots[row.id].table.steps):
            version = human.state["version"]
            if human.state["actions"]:
                await _move(svc, human)
            await human.at(version + 1)  # the human's move, or the bot's once it gets through
        assert failures == 0
        await svc.stop()

    with caplog.at_level("WARNING", logger="iridescia.web"):
        _run(scenario)
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    assert any("trying again" in r.getMessage() for r in caplog.records)


class SlowCommit:
    """A storage whose writes of an action wait for ``go``: a commit in flight."""

    def __init__(self, inner: SqliteStorage) -> None:
        self.inner = inner
        self.go = asyncio.Event()
        self.writing = asyncio.Event()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def append_action(self, *args: Any) -> None:
        self.writing.set()
        await self.go.wait()
        await self.inner.append_action(*args)


def _drain(sub: Subscriber) -> list[Any]:
    got = []
    while not sub.queue.empty():
        got.append(sub.queue.get_nowait())
    return got


def test_nothing_of_an_action_leaves_before_its_commit(tmp_path: Path) -> None:
    """The game in memory changes before the action is written (applied, then committed); a
    broadcast made meanwhile (here woken by a spectator leaving) sent that unstored step: the
    fault benchmark (benchmarks/server_faults.py) saw seats shown the end of a game that was
    then stored later, or not at all, and seats acting on a turn that was not theirs."""

    async def scenario() -> None:
        storage = SlowCommit(SqliteStorage(str(tmp_path / "slow.sqlite3")))
        svc = GameService(storage, bot_delay=0, step_delay=0)  # type: ignore[arg-type]
        await svc.start()
        spec = TableSpec.from_json({"mode": "standard", "seats": ["human", "human"]})
        row, table = await svc.create(spec, {0, 1}, 5)
        seats = [await svc.connect(row.id, s.token) for s in row.seats]
        watcher, passer_by = await svc.connect(row.id, None), await svc.connect(row.id, None)
        await asyncio.sleep(0.1)  # the first broadcasts go out
        listeners = [*seats, watcher]
        for sub in listeners:
            _drain(sub)
        version, mover = table.version, table.game.current_player
        assert mover is not None
        act = asyncio.create_task(svc.act(seats[mover], table.game.legal_actions()[0].id, version))
        await asyncio.wait_for(storage.writing.wait(), WAIT)  # applied, its write in flight
        svc.disconnect(passer_by)  # wakes the table's driver
        await asyncio.sleep(0.2)
        assert [_drain(sub) for sub in listeners] == [[], [], []]
        storage.go.set()
        await asyncio.wait_for(act, WAIT)
        for sub in listeners:  # then everyone hears it, at the new version
            while True:
                m = await asyncio.wait_for(sub.queue.get(), WAIT)
                m = json.loads(m) if isinstance(m, str) else m
                if m and m["type"] == "state" and m["version"] == version + 1:
                    break
        await svc.stop()

    asyncio.run(scenario())


def test_a_write_in_doubt_is_read_back_when_storage_returns(tmp_path: Path) -> None:
    """The commit's reply is lost and the read-back fails too (the database is down): the
    client hears ``server_error``. Nobody sends anything again, yet once the database answers
    the table is read back and both seats, on both processes, see the committed move
    (benchmarks/server_faults.py saw them wait for the client's next retry, 2-3 s later)."""

    async def scenario() -> None:
        bus = Bus()
        a, b, flaky = await _services(tmp_path, bus)
        _, mover, other, _ = await _table(a, b)
        flaky.lose_replies, flaky.fail_reads = 1, 2  # the first retry of the read fails too
        st = mover.state
        with pytest.raises(ProtocolError) as unknown:
            await a.act(mover.sub, st["actions"][0], st["version"], "z1")
        assert unknown.value.code == "server_error"
        assert (await mover.at(st["version"] + 1))["version"] == st["version"] + 1
        assert (await other.at(st["version"] + 1))["version"] == st["version"] + 1
        assert flaky.fail_reads == 0
        await _stop(a, b)

    _run(scenario)


def test_a_process_that_loads_a_table_tells_the_others_its_version(tmp_path: Path) -> None:
    """A commits a move and dies before its notice goes (the notice is lost): B would wait for
    its periodic check. The mover's page reconnects to a new process C, which loads the table
    and says which version it read: B catches up at once."""

    async def scenario() -> None:
        bus = Bus()
        a, b, _ = await _services(tmp_path, bus)
        tid, mover, other, tokens = await _table(a, b)
        seat = mover.state["seat"]
        bus.drop = 1  # A's notice of the move is lost with A
        v = await _move(a, mover)
        await a.stop()
        c = GameService(
            SqliteStorage(str(tmp_path / "shared.sqlite3")),
            BusPubSub(bus),  # type: ignore[arg-type]
            bot_delay=0,
            step_delay=0,
            resync_every=3600,
        )
        await c.start()
        again = Reader(await c.connect(tid, tokens[seat]))
        assert (await again.at(v + 1))["version"] == v + 1
        assert (await other.at(v + 1))["version"] == v + 1
        await _stop(b, c)

    _run(scenario)
