"""PostgreSQL storage for web games (``--db postgresql://...``), through ``asyncpg``.

The same schema and the same guarantees as ``SqliteStorage``: every change is one transaction,
conditional on the game's stored version, committed before the service broadcasts. Several
server processes may share one database; the version check makes sure one action is applied to
one state exactly once, whichever process received it. Schema creation takes an advisory lock so
two processes starting together do not race.

The URL may name a schema: ``postgresql://user@host/db?schema=games`` keeps every table of the
app in that schema (created if missing), so several installations, or test runs, share one
database without meeting. Without it the tables live in the connection's default schema.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

try:  # optional: only a server given a postgresql:// URL needs it (the "web" extra)
    import asyncpg  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - the message below says what to install
    asyncpg = None

from iridescia.web.storage_base import (
    BUMP_VERSION,
    INDEXES,
    INSERT_SEAT,
    INSERT_TABLE,
    SCHEMA,
    SCHEMA_VERSION,
    SELECT_ACTIONS,
    SNAPSHOT_EVERY,
    ActionRow,
    StorageError,
    TableRow,
    VersionConflict,
    action_row,
    migration,
    row_to_table,
    seat_insert_params,
    table_insert_params,
)
from iridescia.web.storage_changes import (
    INSERT_NOTE,
    SELECT_NOTES,
    NoteRow,
    SeatChange,
    change_epilogue,
    change_statements,
    note_params,
    note_row,
)

_MIGRATE_LOCK = 0x1D1E5C1A  # pg_advisory_xact_lock key for schema changes


class _OneLine(logging.Filter):
    """asyncpg's pool logs a warning with a whole traceback each time it fails to restore its
    connection floor while the database is away ("Failed to restore the pool connection floor;
    retrying", every 1-60 s): the cause goes into the line instead, as the server reports the
    rest of an outage (found by benchmarks/server_faults.py)."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None:
            record.msg = f"{record.getMessage()} ({type(exc).__name__}: {exc})"
            record.args = ()
            record.exc_info = None
        return True


logging.getLogger("asyncpg.pool").addFilter(_OneLine())

# One statement (so one round trip, and atomic on its own): bump the version if it is the
# expected one, and only then store the action and perhaps a snapshot. Measured on loopback: 3.9
# ms per action against 4.4 ms for the same writes as a BEGIN ... COMMIT block of five round
# trips; the commit's WAL flush is most of either.
APPEND_ACTION = """
WITH bumped AS (
    UPDATE tables SET version = version + 1, num_actions = $1, status = $2, result = $3,
        updated = $4, turn_started = COALESCE($12, turn_started)
    WHERE id = $5 AND version = $6
    RETURNING id
), added AS (
    INSERT INTO actions (table_id, step, seat, action, state_hash, client_id)
    SELECT id, $1, $7, $8, $9, $11 FROM bumped
    RETURNING 1
), snapped AS (
    INSERT INTO snapshots (table_id, step, state_hash)
    SELECT id, $1, $9 FROM bumped WHERE $10
    ON CONFLICT (table_id, step) DO UPDATE SET state_hash = EXCLUDED.state_hash
    RETURNING 1
)
SELECT count(*) FROM bumped
"""

# An expiry in one statement: the abandoned tables and everything that goes with them.
EXPIRE = """
WITH gone AS (
    DELETE FROM tables WHERE status = 'running' AND updated < $1 RETURNING id
), seats_gone AS (
    DELETE FROM seats WHERE table_id IN (SELECT id FROM gone)
), actions_gone AS (
    DELETE FROM actions WHERE table_id IN (SELECT id FROM gone)
), snapshots_gone AS (
    DELETE FROM snapshots WHERE table_id IN (SELECT id FROM gone)
), notes_gone AS (
    DELETE FROM notes WHERE table_id IN (SELECT id FROM gone)
)
SELECT id FROM gone
"""


def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...``."""
    counter = iter(range(1, 1000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def split_schema(url: str) -> tuple[str, str | None]:
    """The URL without its ``schema`` query parameter, and that schema (None if absent).
    Raises StorageError for a name that is not a plain lower-case SQL identifier."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    schema = None
    rest = []
    for k, v in query:
        if k == "schema":
            schema = v
        else:
            rest.append((k, v))
    if schema is not None and not _SCHEMA_NAME.match(schema):
        raise StorageError(
            f"schema must be a lower-case SQL name (letters, digits, _), not {schema!r}"
        )
    return urlunsplit(parts._replace(query=urlencode(rest))), schema


def _affected(status: str) -> int:
    """The row count from an asyncpg command status such as ``UPDATE 1``."""
    try:
        return int(status.rsplit(" ", 1)[-1])
    except ValueError:
        return 0


class PostgresStorage:
    """A pool of asyncpg connections to one PostgreSQL database."""

    def __init__(
        self, url: str, min_size: int = 1, max_size: int = 8, timeout: float | None = 10.0
    ) -> None:
        self.url, self.schema = split_schema(url)
        self._min, self._max = min_size, max_size
        # Every statement fails after ``timeout`` seconds: a lost reply (a dropped connection
        # the kernel has not noticed) must not hold a table's lock for ever.
        self.timeout = timeout
        self._pool: Any = None
        self._opening = asyncio.Lock()

    async def _get_pool(self) -> Any:
        if self._pool is not None:
            return self._pool
        async with self._opening:
            if self._pool is None:
                if asyncpg is None:
                    raise StorageError("PostgreSQL storage needs asyncpg: pip install asyncpg")
                settings = {"search_path": self.schema} if self.schema else None
                try:
                    self._pool = await asyncpg.create_pool(
                        self.url,
                        min_size=self._min,
                        max_size=self._max,
                        server_settings=settings,
                        command_timeout=self.timeout,
                        timeout=self.timeout or 60.0,
                    )
                except (OSError, asyncpg.PostgresError) as exc:
                    where = self.url.split("@")[-1]
                    raise StorageError(f"cannot connect to PostgreSQL at {where}: {exc}") from exc
        return self._pool

    async def migrate(self) -> None:
        pool = await self._get_pool()
        async with pool.acquire() as con, con.transaction():
            await con.execute(f"SELECT pg_advisory_xact_lock({_MIGRATE_LOCK})")
            if self.schema:
                await con.execute(f"CREATE SCHEMA IF NOT EXISTS {self.schema}")
            for stmt in SCHEMA:
                await con.execute(stmt)
            got = await con.fetchval("SELECT value FROM meta WHERE key = 'schema_version'")
            if got is None:
                await con.execute(
                    "INSERT INTO meta (key, value) VALUES ('schema_version', $1)",
                    str(SCHEMA_VERSION),
                )
            else:
                for stmt in migration(int(got)):
                    await con.execute(stmt)
                await con.execute(
                    "UPDATE meta SET value = $1 WHERE key = 'schema_version'", str(SCHEMA_VERSION)
                )
            for stmt in INDEXES:
                await con.execute(stmt)

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    async def create_table(self, row: TableRow) -> None:
        pool = await self._get_pool()
        async with pool.acquire() as con, con.transaction():
            await con.execute(numbered(INSERT_TABLE), *table_insert_params(row))
            for s in row.seats:
                await con.execute(numbered(INSERT_SEAT), *seat_insert_params(row.id, s))

    async def load_table(self, table_id: str) -> TableRow | None:
        pool = await self._get_pool()
        async with pool.acquire() as con:
            r = await con.fetchrow("SELECT * FROM tables WHERE id = $1", table_id)
            if r is None:
                return None
            seats = await con.fetch(
                "SELECT * FROM seats WHERE table_id = $1 ORDER BY seat", table_id
            )
            return row_to_table(r, list(seats))

    async def table_for_token(self, token: str) -> tuple[str, int] | None:
        pool = await self._get_pool()
        r = await pool.fetchrow("SELECT table_id, seat FROM seats WHERE token = $1", token)
        return None if r is None else (str(r["table_id"]), int(r["seat"]))

    async def list_tables(
        self, status: str | None, limit: int, public: bool = False
    ) -> list[TableRow]:
        pool = await self._get_pool()
        where = ["status = ?"] if status is not None else []
        if public:
            where.append("private = 0")
        sql = "SELECT * FROM tables" + (" WHERE " + " AND ".join(where) if where else "")
        params = (status,) if status is not None else ()
        async with pool.acquire() as con:
            rows = await con.fetch(numbered(sql + " ORDER BY updated DESC LIMIT ?"), *params, limit)
            seats = await con.fetch(
                "SELECT * FROM seats WHERE table_id = ANY($1::text[]) ORDER BY table_id, seat",
                [r["id"] for r in rows],
            )
        by_table: dict[str, list[Any]] = {}
        for s in seats:
            by_table.setdefault(s["table_id"], []).append(s)
        return [row_to_table(r, by_table.get(r["id"], [])) for r in rows]

    async def drop_schema(self) -> None:
        """Remove the URL's schema and everything in it (tests and tools; no-op without one)."""
        if not self.schema:
            return
        pool = await self._get_pool()
        await pool.execute(f"DROP SCHEMA IF EXISTS {self.schema} CASCADE")

    async def ping(self) -> None:
        pool = await self._get_pool()
        await pool.fetchval("SELECT 1")

    async def apply_change(self, table_id: str, change: SeatChange) -> NoteRow | None:
        pool = await self._get_pool()
        async with pool.acquire() as con:
            tx = con.transaction()
            await tx.start()
            try:
                for sql, params in change_statements(table_id, change):
                    if _affected(await con.execute(numbered(sql), *params)) != 1:
                        await tx.rollback()
                        return None
                n = int(await con.fetchval("SELECT notes FROM tables WHERE id = $1", table_id))
                await con.execute(numbered(INSERT_NOTE), *note_params(table_id, n, change))
                for sql, params in change_epilogue(table_id, change):
                    await con.execute(numbered(sql), *params)
            except BaseException:
                await tx.rollback()
                raise
            await tx.commit()
        return NoteRow(n, change.at, change.step, change.seat, change.kind, change.data)

    async def load_notes(self, table_id: str, after: int = 0) -> list[NoteRow]:
        pool = await self._get_pool()
        return [note_row(r) for r in await pool.fetch(numbered(SELECT_NOTES), table_id, after)]

    async def mark_seen(self, seats: list[tuple[str, int]], now: float) -> None:
        pool = await self._get_pool()
        await pool.execute(
            "UPDATE seats SET seen = $1 FROM unnest($2::text[], $3::int[]) AS u(t, s)"
            " WHERE seats.table_id = u.t AND seats.seat = u.s",
            now,
            [t for t, _ in seats],
            [s for _, s in seats],
        )

    async def load_actions(self, table_id: str) -> list[ActionRow]:
        pool = await self._get_pool()
        rows = await pool.fetch(numbered(SELECT_ACTIONS), table_id)
        return [action_row(r) for r in rows]

    async def load_record(self, table_id: str) -> tuple[TableRow, list[ActionRow]] | None:
        pool = await self._get_pool()
        async with (
            pool.acquire() as con,
            con.transaction(isolation="repeatable_read", readonly=True),
        ):
            r = await con.fetchrow("SELECT * FROM tables WHERE id = $1", table_id)
            if r is None:
                return None
            seats = await con.fetch(
                "SELECT * FROM seats WHERE table_id = $1 ORDER BY seat", table_id
            )
            rows = await con.fetch(numbered(SELECT_ACTIONS), table_id)
        actions = [action_row(a) for a in rows]
        return row_to_table(r, list(seats)), actions

    async def append_action(
        self,
        table_id: str,
        expected_version: int,
        row: ActionRow,
        status: str,
        result: dict[str, Any] | None,
        turn_started: float | None = None,
    ) -> None:
        pool = await self._get_pool()
        res = json.dumps(result) if result is not None else None
        snapshot = row.step % SNAPSHOT_EVERY == 0 or status == "finished"
        bumped = await pool.fetchval(
            APPEND_ACTION,
            row.step, status, res, time.time(), table_id, expected_version,
            row.seat, row.action, row.state_hash, snapshot, row.client_id, turn_started,
        )  # fmt: skip
        if bumped != 1:
            raise VersionConflict(table_id)

    async def truncate_actions(self, table_id: str, expected_version: int, keep: int) -> None:
        pool = await self._get_pool()
        async with pool.acquire() as con, con.transaction():
            done = await con.execute(
                numbered(BUMP_VERSION), keep, "running", None, time.time(), None, table_id,
                expected_version,
            )  # fmt: skip
            if _affected(done) != 1:
                raise VersionConflict(table_id)
            await con.execute(
                "DELETE FROM actions WHERE table_id = $1 AND step > $2", table_id, keep
            )
            await con.execute(
                "DELETE FROM snapshots WHERE table_id = $1 AND step > $2", table_id, keep
            )

    async def table_versions(self, table_ids: list[str]) -> dict[str, tuple[int, int]]:
        pool = await self._get_pool()
        rows = await pool.fetch(
            "SELECT id, version, notes FROM tables WHERE id = ANY($1::text[])", table_ids
        )
        return {str(r[0]): (int(r[1]), int(r[2])) for r in rows}

    async def touch(self, table_ids: list[str], now: float) -> None:
        pool = await self._get_pool()
        await pool.execute(
            "UPDATE tables SET updated = $1 WHERE status = 'running' AND id = ANY($2::text[])",
            now,
            table_ids,
        )

    async def expire(self, before: float) -> list[str]:
        pool = await self._get_pool()
        return [str(r[0]) for r in await pool.fetch(EXPIRE, before)]

    async def snapshots(self, table_id: str) -> list[tuple[int, str]]:
        pool = await self._get_pool()
        rows = await pool.fetch(
            "SELECT step, state_hash FROM snapshots WHERE table_id = $1 ORDER BY step", table_id
        )
        return [(int(r[0]), str(r[1])) for r in rows]
