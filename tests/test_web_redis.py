"""Redis notices between server processes survive a Redis restart, and stay within their own
installation.

The fault: two server processes on PostgreSQL and Redis, seat 1 on process A and seat 2 on
process B; Redis restarts during seat 1's turn; the database moves on, and process B stays at
the old version for good, even for a page reload. Here Redis is a private ``redis-server`` on
a free port (the shared one on 6379 is left alone: other test runs use it), stopped and
started again for real. Also checked directly on ``RedisPubSub``: a notice published while
Redis is away is sent once it is back, the reader reports the outage (so the service checks
every table), and installations with different ``--redis-prefix`` do not hear each other.

PostgreSQL and Redis must be installed and PostgreSQL running (the tests fail, saying how to
start it, otherwise); every run uses its own schema and prefix.
"""

from __future__ import annotations

import asyncio
import secrets
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

import redis

from iridescia.web.pubsub import RedisPubSub
from iridescia.web.testing import (
    PG_URL,
    REDIS_URL,
    SeatClient,
    ServerProcess,
    check_postgres,
    check_redis,
    drop_schema,
    post_json,
    unique_schema,
)

WAIT = 30.0  # seconds to wait for what must happen (never a measurement)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PrivateRedis:
    """A redis-server of the test's own, on a free port, that the test stops and restarts."""

    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.folder = folder
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is not installed (scripts/install-system-packages.sh)")
        self.proc = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + WAIT
        while True:
            try:
                redis.Redis.from_url(self.url, socket_connect_timeout=1).ping()
                return
            except redis.RedisError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


@pytest.fixture(name="private_redis")
def private_redis_fixture(tmp_path: Path) -> Iterator[PrivateRedis]:
    server = PrivateRedis(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module", name="pg_url")
def pg_url_fixture() -> Iterator[str]:
    problem = check_postgres()
    if problem:
        pytest.fail(problem, pytrace=False)
    schema = unique_schema("redis")
    yield f"{PG_URL}?schema={schema}"
    drop_schema(PG_URL, schema)


FAST = [
    "--bot-delay", "0", "--step-delay", "0", "--allow-seed", "--msg-rate", "1000",
    "--address-msg-rate", "1000", "--address-msg-burst", "1000",
    "--resync-every", "3600",  # the periodic check would hide a missed notice: off
]  # fmt: skip


def test_a_redis_restart_mid_turn_leaves_no_process_behind(
    pg_url: str, private_redis: PrivateRedis, tmp_path: Path
) -> None:
    prefix = f"t{secrets.token_hex(4)}"
    extra = [*FAST, "--redis", private_redis.url, "--redis-prefix", prefix]
    with (
        ServerProcess("--db", pg_url, *extra, log_dir=tmp_path) as a,
        ServerProcess("--db", pg_url, *extra, log_dir=tmp_path) as b,
    ):
        body = {"mode": "standard", "seats": ["human", "human"], "seed": 21, "mine": [0, 1]}
        d = post_json(a.url + "/api/tables", body)
        tid, tokens = d["table"]["id"], [s["token"] for s in d["seats"]]
        first = d["table"]["current_player"]
        with (
            SeatClient(a, tid, tokens[first]) as mover,
            SeatClient(b, tid, tokens[1 - first]) as other,
        ):
            m = mover.state()
            private_redis.stop()  # Redis goes away during the mover's turn
            mover.act(m["actions"][0], m["version"])
            assert mover.state(m["version"] + 1)["version"] == m["version"] + 1  # not stalled
            with SeatClient(b, tid, tokens[1 - first]) as reload:  # a page reload on B
                assert reload.state()["version"] == m["version"] + 1
            private_redis.start()  # a new Redis, empty
            assert other.state(m["version"] + 1, timeout=WAIT)["version"] == m["version"] + 1
            # and the notices flow again, both ways
            n = other.state()
            while n["view"]["decision"]["player"] != other.state()["seat"]:
                cur = mover.state(n["version"])
                mover.act(cur["actions"][0], cur["version"])
                n = other.state(cur["version"] + 1, timeout=WAIT)
            other.act(n["actions"][0], n["version"])
            assert mover.state(n["version"] + 1, timeout=WAIT)["version"] == n["version"] + 1
            assert not mover.errors and not other.errors
        for srv in (a, b):
            assert "Traceback" not in srv.log(), srv.log()


async def _pubsub_outage(private: PrivateRedis) -> None:
    prefix = f"t{secrets.token_hex(4)}"
    heard: list[tuple[str, int]] = []
    lost: list[bool] = []

    async def on_notice(table_id: str, version: int) -> None:
        heard.append((table_id, version))

    async def on_lost() -> None:
        lost.append(True)

    async def nothing(*_: Any) -> None:
        return None

    sender, reader = RedisPubSub(private.url, prefix), RedisPubSub(private.url, prefix)
    await sender.start(nothing, nothing)
    await reader.start(on_notice, on_lost)
    await sender.publish("t1", 1)
    await _until(lambda: ("t1", 1) in heard)
    private.stop()
    await sender.publish("t1", 2)  # returns at once: the notice waits for Redis
    await sender.publish("t2", 5)
    await asyncio.to_thread(private.start)
    await _until(lambda: bool(lost) and ("t1", 2) in heard and ("t2", 5) in heard)
    await sender.close()
    await reader.close()


async def _until(done: Any) -> None:
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, "never happened"
        await asyncio.sleep(0.05)


def test_notices_wait_for_redis_and_the_reader_reports_the_outage(
    private_redis: PrivateRedis,
) -> None:
    asyncio.run(_pubsub_outage(private_redis))


async def _slow_notice(private: PrivateRedis) -> None:
    prefix = f"t{secrets.token_hex(4)}"
    heard: list[tuple[str, int]] = []
    release = asyncio.Event()
    busy: list[str] = []  # the tables whose notice is being followed now
    overlaps: list[str] = []

    async def on_notice(table_id: str, version: int) -> None:
        if table_id in busy:
            overlaps.append(table_id)
        busy.append(table_id)
        heard.append((table_id, version))
        if table_id == "slow":
            await release.wait()  # reading the table back takes long
        busy.remove(table_id)

    async def nothing(*_: Any) -> None:
        return None

    reader = RedisPubSub(private.url, prefix)
    await reader.start(on_notice, nothing)
    other = redis.Redis.from_url(private.url)  # another process's notices, entry by entry

    def notice(table_id: str, version: int) -> None:
        other.xadd(f"{prefix}:notices", {"t": table_id, "v": version, "o": "elsewhere"})

    notice("slow", 1)
    await _until(lambda: ("slow", 1) in heard)
    for table_id, version in (("slow", 2), ("slow", 3), ("fast", 7)):
        notice(table_id, version)
    await _until(lambda: ("fast", 7) in heard)  # not held up by the slow one
    assert heard == [("slow", 1), ("fast", 7)]  # one notice of a table at a time
    release.set()
    await _until(lambda: ("slow", 3) in heard)
    await reader.close()
    other.close()
    # The notices that waited were followed once, by the newest; never two of one table at once.
    assert heard == [("slow", 1), ("fast", 7), ("slow", 3)]
    assert overlaps == []


def test_a_slow_notice_holds_up_no_other_table(private_redis: PrivateRedis) -> None:
    """Each table's notices are followed by a task of their own: one that takes long (reading
    the table back) delays neither the reader nor the other tables' notices, and the notices of
    its table that came meanwhile are followed after it, once, by the newest."""
    asyncio.run(_slow_notice(private_redis))


async def _failing_notice(private: PrivateRedis) -> None:
    prefix = f"t{secrets.token_hex(4)}"
    calls: list[tuple[str, int]] = []

    async def on_notice(table_id: str, version: int) -> None:
        calls.append((table_id, version))
        if len(calls) <= 2:
            raise OSError("the database is away")  # reading the table back failed

    async def nothing(*_: Any) -> None:
        return None

    sender, reader = RedisPubSub(private.url, prefix), RedisPubSub(private.url, prefix)
    await sender.start(nothing, nothing)
    await reader.start(on_notice, nothing)
    await sender.publish("t1", 4)
    await _until(lambda: len(calls) == 3)
    await sender.close()
    await reader.close()
    assert calls == [("t1", 4)] * 3  # the same notice, until it was followed


def test_a_notice_that_cannot_be_followed_is_followed_again(
    private_redis: PrivateRedis, caplog: pytest.LogCaptureFixture
) -> None:
    """The database was away when a notice came: the table is read back again shortly (it
    used to wait for the periodic check, up to --resync-every seconds: 14 s measured with
    benchmarks/server_faults.py), and the outage is said once."""
    asyncio.run(_failing_notice(private_redis))
    said = [r for r in caplog.records if "could not be followed" in r.getMessage()]
    assert len(said) == 1 and said[0].exc_info is None


def test_installations_on_one_redis_do_not_hear_each_other() -> None:
    problem = check_redis()
    if problem:
        pytest.fail(problem, pytrace=False)

    async def scenario() -> None:
        ours, theirs = f"t{secrets.token_hex(4)}", f"t{secrets.token_hex(4)}"
        heard: dict[str, list[str]] = {"same": [], "other": []}

        def listener(name: str) -> Any:
            async def on_notice(table_id: str, version: int) -> None:
                heard[name].append(table_id)

            return on_notice

        async def nothing(*_: Any) -> None:
            return None

        sender = RedisPubSub(REDIS_URL, ours)
        same, other = RedisPubSub(REDIS_URL, ours), RedisPubSub(REDIS_URL, theirs)
        for p, cb in ((sender, nothing), (same, listener("same")), (other, listener("other"))):
            await p.start(cb, nothing)
        await sender.publish("mine", 3)
        await _until(lambda: heard["same"] == ["mine"])
        await other.publish("elsewhere", 1)
        await _until(lambda: heard["other"] == [])  # its own notice: skipped
        assert heard == {"same": ["mine"], "other": []}
        for p in (sender, same, other):
            await p.close()
        client = redis.Redis.from_url(REDIS_URL)
        client.delete(f"{ours}:notices", f"{theirs}:notices")

    asyncio.run(scenario())
