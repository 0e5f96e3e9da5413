"""The web app on real PostgreSQL and Redis servers (loopback), through real server processes.

- a full game on PostgreSQL, with the server killed (SIGKILL) mid-game and a new process
  finishing it from the stored record;
- two server processes sharing PostgreSQL and Redis: a player on each plays a whole 2-player
  game, each seeing the other's moves (Redis notices), and one action sent to both processes at
  once is applied exactly once (the database's version check);
- the storage layer's conditional writes, directly: actions, and the seats' changes with their
  notes (two processes handing one seat to a bot at once: one wins), heartbeats, the lobby's
  public tables;
- a database of schema 1 (before the games plugged in) migrated by a new server process, whose
  games resume at the same state hashes.

Nothing is skipped: when PostgreSQL or Redis is not there, the tests fail and say which service
is missing and how to start it. Every run uses a schema of its own, dropped afterwards.
"""

from __future__ import annotations

import asyncio
import logging
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

pytest.importorskip("starlette")

import asyncpg  # type: ignore[import-untyped]
import redis

from iridescia.web.storage import ActionRow, SeatChange, SeatRow, TableRow, VersionConflict
from iridescia.web.storage_changes import FREE, NO_BOT, absent_since
from iridescia.web.storage_pg import PostgresStorage, numbered, split_schema
from iridescia.web.testing import (
    PG_URL,
    REDIS_URL,
    SeatClient,
    ServerProcess,
    check_postgres,
    check_redis,
    drop_schema,
    get_json,
    post_json,
    unique_schema,
)
from test_web_service import OLD_TABLES, SCHEMA_1, schema_1_tables

FAST = [
    "--bot-delay", "0", "--step-delay", "0", "--allow-seed", "--msg-rate", "1000",
    "--address-msg-rate", "1000", "--address-msg-burst", "1000",
]  # fmt: skip


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    problem = check_postgres()
    if problem:
        pytest.fail(problem, pytrace=False)
    schema = unique_schema("web")
    yield f"{PG_URL}?schema={schema}"
    drop_schema(PG_URL, schema)


@pytest.fixture(scope="module")
def redis_url() -> str:
    problem = check_redis()
    if problem:
        pytest.fail(problem, pytrace=False)
    return REDIS_URL


def _server(db: str, tmp: Path, *extra: str) -> ServerProcess:
    return ServerProcess("--db", db, *FAST, *extra, log_dir=tmp)


def _play(clients: dict[int, SeatClient], rng: random.Random, stop: int | None = None) -> int:
    """Random legal actions by whichever client's seat must act; every client must see every
    version. Returns the number of actions played."""
    any_client = next(iter(clients.values()))
    m = any_client.state()
    played = 0
    while not m["view"]["game_over"]:
        version = m["version"]
        for c in clients.values():
            c.state(version)
        cur = m["view"]["decision"]["player"]
        if stop is not None and played >= stop and cur in clients:
            break  # stop on a human's turn, so nothing moves meanwhile
        if cur not in clients:  # a bot or the Rhom: wait for the server to move it
            m = any_client.state(version + 1)
            continue
        mine = clients[cur].state(version)
        clients[cur].act(rng.choice(mine["view"]["decision"]["actions"]), version)
        m = clients[cur].state(version + 1)
        assert not clients[cur].errors, clients[cur].errors
        played += 1
    for c in clients.values():
        c.state(m["version"])
    return played


def test_full_game_on_postgres_with_a_crash_mid_game(pg_url: str, tmp_path: Path) -> None:
    with _server(pg_url, tmp_path) as srv:
        d = post_json(
            srv.url + "/api/tables",
            {"mode": "standard", "seats": ["human", "bot:random"], "seed": 9},
        )
        tid, token = d["table"]["id"], d["seats"][0]["token"]
        with SeatClient(srv, tid, token) as c:
            _play({0: c}, random.Random(3), stop=25)
            before = c.state()
        srv.kill()  # a crash: nothing closed, nothing flushed by the server
    with _server(pg_url, tmp_path) as srv, SeatClient(srv, tid, token) as c:
        again = c.state()
        assert again["version"] == before["version"]
        assert again["view"] == before["view"]
        _play({0: c}, random.Random(4))
        final = c.state()
        assert final["view"]["game_over"] and final["table"]["status"] == "finished"
        info = get_json(f"{srv.url}/api/tables/{tid}")
        assert info["status"] == "finished" and info["result"]["winners"]
        steps = info["num_actions"]
        replay = get_json(f"{srv.url}/api/tables/{tid}/replay/{steps}")
        assert replay["view"]["game_over"] and replay["steps"] == steps
    # a third process loads the finished game from the record (every state hash checked)
    with _server(pg_url, tmp_path) as srv:
        assert get_json(f"{srv.url}/api/tables/{tid}")["num_actions"] == steps


@pytest.mark.parametrize("seats", [["human", "human"], ["human", "human", "bot:random"]])
def test_two_processes_share_one_game(
    pg_url: str, redis_url: str, tmp_path: Path, seats: list[str]
) -> None:
    """Both processes drive the bot seat; the version check lets one move through, and both
    compute the same move (the bot's random stream comes from the record)."""
    prefix = unique_schema("web")  # this run's own notices (removed at the end)
    extra = ("--redis", redis_url, "--redis-prefix", prefix)
    with _server(pg_url, tmp_path, *extra) as a, _server(pg_url, tmp_path, *extra) as b:
        d = post_json(
            a.url + "/api/tables",
            {"mode": "standard", "seats": seats, "seed": 17 + len(seats), "mine": [0]},
        )
        tid = d["table"]["id"]
        joined = post_json(f"{b.url}/api/tables/{tid}/join", {})
        assert joined["seat"] == 1
        # process A learns that the seat was taken on B
        for _ in range(100):
            if not get_json(f"{a.url}/api/tables/{tid}")["open_seats"]:
                break
            threading.Event().wait(0.05)
        assert get_json(f"{a.url}/api/tables/{tid}")["open_seats"] == []
        with (
            SeatClient(a, tid, d["seats"][0]["token"]) as p0,
            SeatClient(b, tid, joined["token"]) as p1,
        ):
            clients = {0: p0, 1: p1}
            played = _play(clients, random.Random(5), stop=30)
            assert played >= 30
            _exactly_once(a, b, tid, clients, {0: d["seats"][0]["token"], 1: joined["token"]})
            played += 1 + _play(clients, random.Random(6))
            f0, f1 = p0.state(), p1.state()
            assert f0["view"]["game_over"] and f1["view"]["game_over"]
            assert f0["version"] == f1["version"]
            assert f0["table"]["result"] == f1["table"]["result"]
            total = f0["table"]["num_actions"]
            assert total == played if len(seats) == 2 else total > played
        for srv in (a, b):
            info = get_json(f"{srv.url}/api/tables/{tid}")
            assert info["num_actions"] == total and info["status"] == "finished"
        for srv in (a, b):  # neither process logged an error
            assert "Traceback" not in srv.log() and "ERROR" not in srv.log(), srv.log()
            health = get_json(f"{srv.url}/health")
            assert (health["status"], health["storage"], health["redis"]) == ("ok", "ok", "ok")
    redis.Redis.from_url(redis_url).delete(f"{prefix}:notices")


def _exactly_once(
    a: ServerProcess,
    b: ServerProcess,
    tid: str,
    clients: dict[int, SeatClient],
    tokens: dict[int, str],
) -> None:
    """The seat to act has a second tab on the other process; the same action is sent through
    both at once: it is applied once, and the other copy is rejected as stale."""
    m = clients[0].state()
    version, cur = m["version"], m["view"]["decision"]["player"]
    other_server = b if cur == 0 else a
    with SeatClient(other_server, tid, tokens[cur]) as twin:
        assert twin.state()["version"] == version
        action = clients[cur].state()["view"]["decision"]["actions"][0]
        barrier = threading.Barrier(2)

        def send(c: SeatClient) -> None:
            barrier.wait()
            c.act(action, version)

        threads = [threading.Thread(target=send, args=(c,)) for c in (clients[cur], twin)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for c in (clients[cur], twin, clients[1 - cur]):
            assert c.state(version + 1)["version"] >= version + 1
        # exactly one copy was applied: one stale error between the two tabs, version + 1
        threading.Event().wait(0.3)
        for c in (clients[cur], twin):
            while True:
                try:
                    c.recv(0.2)
                except TimeoutError:
                    break
        stale = [e for c in (clients[cur], twin) for e in c.errors if e["code"] == "stale"]
        clients[cur].errors.clear()
        twin.errors.clear()
        assert len(stale) == 1, stale
        info = get_json(f"{a.url}/api/tables/{tid}")
        if info["current_player"] in clients:  # no bot moved since: exactly one step more
            assert info["version"] == version + 1


def _row(tid: str, private: bool = False) -> TableRow:
    return TableRow(
        id=tid, created=1.0, updated=1.0, name="t", mode="standard", game="gems-of-iridescia",
        rules_version=1, seed=2**61, players=2, options={}, params={}, status="running",
        version=0, num_actions=0,
        seats=(SeatRow(0, "human", tid + "-a", True), SeatRow(1, "bot:random", tid + "-b", True)),
        private=private,
    )  # fmt: skip


def test_postgres_storage_conditional_writes(pg_url: str) -> None:
    schema = unique_schema("st")

    async def run() -> dict[str, Any]:
        st = PostgresStorage(f"{PG_URL}?schema={schema}")
        await st.migrate()
        await st.migrate()  # idempotent
        try:
            await st.create_table(_row("x1"))
            await st.append_action("x1", 0, ActionRow(1, 0, "reveal 3", "h1"), "running", None)
            with pytest.raises(VersionConflict):  # the same version again: refused
                await st.append_action("x1", 0, ActionRow(1, 0, "reveal 4", "h2"), "running", None)
            for i in range(2, 11):
                await st.append_action(
                    "x1", i - 1, ActionRow(i, 0, "end", f"h{i}"), "running", None
                )
            await st.truncate_actions("x1", 10, 9)
            with pytest.raises(VersionConflict):
                await st.truncate_actions("x1", 10, 8)
            await st.append_action("x1", 11, ActionRow(10, 1, "end", "z"), "finished", {"w": [1]})
            taken = SeatChange("join", 0, {"name": "Ada"}, 5.0, 10, (("claimed", 1),), (FREE,))
            assert await st.apply_change("x1", taken) is None  # seat 0 is taken already
            await st.create_table(_row("x2", private=True))
            await st.mark_seen([("x2", 0)], 50.0)
            # Two processes hand seat 0 to a bot at once: one write goes through.
            over = SeatChange(
                "takeover", 0, {"bot": "easy", "reason": "away"}, 100.0, 0,
                (("bot", "easy"),), (NO_BOT, absent_since(70.0)), version=0,
            )  # fmt: skip
            won = await asyncio.gather(st.apply_change("x2", over), st.apply_change("x2", over))
            late = SeatChange("takeover", 0, {}, 100.0, 0, (("bot", "easy"),), (NO_BOT,))
            await st.mark_seen([("x2", 0)], 90.0)
            chat = SeatChange("chat", 1, {"text": "hi", "name": ""}, 101.0, 0, turn_started=7.0)
            return {
                "won": won,
                "late": await st.apply_change("x2", late),
                "chat": await st.apply_change("x2", chat),
                "x2": await st.load_table("x2"),
                "notes": await st.load_notes("x2"),
                "after": await st.load_notes("x2", 1),
                "versions": await st.table_versions(["x1", "x2", "x3"]),
                "public": [r.id for r in await st.list_tables(None, 10, public=True)],
                "row": await st.load_table("x1"),
                "actions": await st.load_actions("x1"),
                "snaps": await st.snapshots("x1"),
                "token": await st.table_for_token("x1-b"),
                "listed": await st.list_tables("finished", 10),
            }
        finally:
            await st.drop_schema()
            await st.close()

    got = asyncio.run(run())
    row = got["row"]
    assert row.version == 12 and row.num_actions == 10 and row.status == "finished"
    assert row.seed == 2**61 and row.result == {"w": [1]} and len(row.seats) == 2
    assert [a.action for a in got["actions"]][:2] == ["reveal 3", "end"]
    assert got["actions"][-1] == ActionRow(10, 1, "end", "z")
    assert got["snaps"] == [(10, "z")]
    assert got["token"] == ("x1", 1)
    assert [r.id for r in got["listed"]] == ["x1"] and got["listed"][0].seats == row.seats
    assert sorted(n is None for n in got["won"]) == [False, True] and got["late"] is None
    x2 = got["x2"]
    assert x2.seats[0].bot == "easy" and x2.seats[0].seen == 90.0 and x2.version == 1
    assert x2.notes == 2 and x2.turn_started == 7.0 and x2.private
    assert [(n.n, n.kind, n.step) for n in got["notes"]] == [(1, "takeover", 0), (2, "chat", 0)]
    assert got["chat"].n == 2 and got["chat"].data == {"text": "hi", "name": ""}
    assert [n.n for n in got["after"]] == [2]
    assert got["versions"] == {"x1": (12, 0), "x2": (1, 2)}
    assert got["public"] == ["x1"]


def test_schema_names_are_checked() -> None:
    assert split_schema("postgresql://u@h/db?schema=ab_1&x=2") == (
        "postgresql://u@h/db?x=2",
        "ab_1",
    )
    assert split_schema("postgresql://u@h/db") == ("postgresql://u@h/db", None)
    with pytest.raises(Exception, match="schema"):
        split_schema("postgresql://u@h/db?schema=a;drop")


def test_a_schema_1_database_on_postgres_is_migrated(pg_url: str, tmp_path: Path) -> None:
    schema = unique_schema("old")
    statements: list[tuple[str, tuple[Any, ...]]] = []
    played = schema_1_tables(lambda sql, params: statements.append((sql, params)), OLD_TABLES)

    async def build() -> None:
        con = await asyncpg.connect(PG_URL, timeout=10)
        try:
            await con.execute(f"CREATE SCHEMA {schema}")
            await con.execute(f"SET search_path TO {schema}")
            for stmt in SCHEMA_1:
                await con.execute(stmt)
            for sql, params in statements:
                await con.execute(numbered(sql), *params)
        finally:
            await con.close()

    asyncio.run(build())
    try:
        with _server(f"{PG_URL}?schema={schema}", tmp_path) as srv:
            listed = {t["id"]: t for t in get_json(srv.url + "/api/tables")["tables"]}
            assert {t: listed[t]["mode"] for t in listed} == {
                "duo": "standard", "solo": "solo", "four": "rhom",
            }  # fmt: skip
            for tid, (steps, _, view) in played.items():
                with SeatClient(srv, tid, f"{tid}-0") as c:
                    m = c.state()
                    assert m["version"] == steps and m["view"] == view
                    _play({0: c}, random.Random(2))
                    assert c.state()["table"]["status"] == "finished"
    finally:
        drop_schema(PG_URL, schema)


class _Proxy:
    """A TCP relay to PostgreSQL that the test can take away (an outage): its connections are
    cut and new ones are refused."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.server: asyncio.Server | None = None
        self.writers: list[asyncio.StreamWriter] = []

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        self.writers += [writer, up_writer]

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except OSError:
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def cut(self) -> None:
        assert self.server is not None
        self.server.close()
        for w in self.writers:
            w.transport.abort()


def test_a_database_outage_is_logged_without_a_traceback(
    pg_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """asyncpg's pool logs a warning with a traceback each time it fails to restore its
    connection floor while the database is away (found by benchmarks/server_faults.py): the
    server says it in one line, like the rest of an outage."""
    parts = urlsplit(pg_url)

    async def scenario() -> None:
        proxy = _Proxy(parts.hostname or "127.0.0.1", parts.port or 5432)
        port = await proxy.start()
        url = urlunsplit(parts._replace(netloc=f"{parts.username}@127.0.0.1:{port}"))
        storage = PostgresStorage(url, min_size=1, max_size=2, timeout=5)
        try:
            await storage.migrate()
            assert await storage.table_versions(["none"]) == {}
            proxy.cut()
            with pytest.raises((OSError, asyncpg.PostgresError, asyncpg.InterfaceError)):
                await storage.table_versions(["none"])
            deadline = asyncio.get_running_loop().time() + 30
            while not any(r.name == "asyncpg.pool" for r in caplog.records):
                assert asyncio.get_running_loop().time() < deadline, "the pool never retried"
                await asyncio.sleep(0.05)
        finally:
            await asyncio.wait_for(storage.close(), 10)

    with caplog.at_level(logging.WARNING):
        asyncio.run(scenario())
    pool_records = [r for r in caplog.records if r.name == "asyncpg.pool"]
    assert all(r.exc_info is None for r in pool_records)
    assert all("Error" in r.getMessage() for r in pool_records)  # the cause, in the line
