"""Persistence of web games: each table's record (rules version, seed, options, seats, actions)
and state-hash snapshots, in SQLite (the default, one file) or PostgreSQL.

``Storage`` is the one async interface the game service uses. ``SqliteStorage`` runs the
standard ``sqlite3`` module on one connection, in the event loop's own thread: a write in WAL
mode with ``synchronous=NORMAL`` takes about 0.1 ms (no fsync), far less than handing it to a
worker thread cost (measured with benchmarks/server_load.py: the thread hand-offs were about a
sixth of the server's CPU). The slow part of WAL, copying the log back into the database file
and syncing it (a checkpoint), runs in a background thread on a second connection, so a write
in the loop stays under a few milliseconds even then. ``open_storage(url)`` picks the
implementation from the URL (a file path or ``sqlite:///path``; ``postgresql://...`` for
``storage_pg``). The schema, rows and interface both share are in ``storage_base``.

Writes that change a game are conditional on its state version (optimistic concurrency): the
update succeeds only if the stored version is the one the caller's state was built from, so two
server processes sharing a database can never both apply an action to the same state. Every
write is committed before the caller broadcasts anything.

The schema is versioned (``meta.schema_version``); ``migrate`` creates or upgrades it. Schema 2
(two games on the engine) added ``tables.data_set``, the component data a table is played with
(rows of schema 1 get the data set their game had then, ``core.record.V1_DATA_SETS``), and gave
modes the game's own names (``multi`` became ``standard``). ``tables.game`` names the game since
schema 1 (every row of that time is ``gems-of-iridescia``). Schema 4 (tables for friends) added
private tables, the creator's token, the turn clock and the absence rule, the seats' invite
tokens, names, stand-in bots and last connections, and the notes (``storage_changes``).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from iridescia.web.storage_base import (
    BUMP_VERSION,
    DELETE_TABLE_ROWS,
    INDEXES,
    INSERT_ACTION,
    INSERT_SEAT,
    INSERT_TABLE,
    SCHEMA,
    SCHEMA_VERSION,
    SELECT_ACTIONS,
    SNAPSHOT_EVERY,
    ActionRow,
    SeatRow,
    Storage,
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
from iridescia.web.storage_pg import PostgresStorage

# The web app's storage API: the shared types come from storage_base, re-exported here.
__all__ = [
    "ActionRow",
    "NoteRow",
    "PostgresStorage",
    "SeatChange",
    "SeatRow",
    "SqliteStorage",
    "Storage",
    "StorageError",
    "TableRow",
    "VersionConflict",
    "open_storage",
]

CHECKPOINT_EVERY = 0.25  # seconds between the background thread's passive WAL checkpoints


class SqliteStorage:
    """SQLite in one file (``:memory:`` for tests), WAL journal, one statement at a time."""

    def __init__(self, path: str) -> None:
        self.path = path
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open the SQLite database {path}: {exc}") from exc
        self._db.row_factory = sqlite3.Row
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None

    async def _run(self, fn: Any, *args: Any) -> Any:
        return fn(*args)  # in the loop's thread: see the module docstring

    def _checkpoints(self) -> None:
        """Copy the WAL back into the database file now and then, without blocking writers."""
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error:
            return
        with contextlib.closing(db):
            while not self._stop.wait(CHECKPOINT_EVERY):
                with contextlib.suppress(sqlite3.Error):
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")

    # ---------------------------------------------------------------- schema

    def _migrate(self) -> None:
        db = self._db
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("BEGIN IMMEDIATE")
        try:
            for stmt in SCHEMA:
                db.execute(stmt)
            got = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
            if got is None:
                db.execute(
                    "INSERT INTO meta (key, value) VALUES ('schema_version', ?)",
                    (str(SCHEMA_VERSION),),
                )
            else:
                for stmt in migration(int(got["value"])):
                    db.execute(stmt)
                db.execute(
                    "UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION),)
                )
            for stmt in INDEXES:
                db.execute(stmt)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    async def migrate(self) -> None:
        await self._run(self._migrate)
        if self.path != ":memory:" and self._checkpointer is None:
            self._checkpointer = threading.Thread(
                target=self._checkpoints, name="sqlite-checkpoints", daemon=True
            )
            self._checkpointer.start()

    async def close(self) -> None:
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(5)
        self._db.close()

    # ---------------------------------------------------------------- tables and seats

    def _create_table(self, row: TableRow) -> None:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute(INSERT_TABLE, table_insert_params(row))
            for s in row.seats:
                db.execute(INSERT_SEAT, seat_insert_params(row.id, s))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    async def create_table(self, row: TableRow) -> None:
        await self._run(self._create_table, row)

    def _load_table(self, table_id: str) -> TableRow | None:
        r = self._db.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone()
        if r is None:
            return None
        seats = self._db.execute(
            "SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        ).fetchall()
        return row_to_table(r, seats)

    async def load_table(self, table_id: str) -> TableRow | None:
        result: TableRow | None = await self._run(self._load_table, table_id)
        return result

    def _table_for_token(self, token: str) -> tuple[str, int] | None:
        r = self._db.execute(
            "SELECT table_id, seat FROM seats WHERE token = ?", (token,)
        ).fetchone()
        return None if r is None else (str(r["table_id"]), int(r["seat"]))

    async def table_for_token(self, token: str) -> tuple[str, int] | None:
        result: tuple[str, int] | None = await self._run(self._table_for_token, token)
        return result

    def _list_tables(self, status: str | None, limit: int, public: bool) -> list[TableRow]:
        where = ["status = ?"] if status is not None else []
        if public:
            where.append("private = 0")
        sql = "SELECT * FROM tables" + (" WHERE " + " AND ".join(where) if where else "")
        params = (status,) if status is not None else ()
        rows = self._db.execute(sql + " ORDER BY updated DESC LIMIT ?", (*params, limit)).fetchall()
        by_table: dict[str, list[Any]] = {r["id"]: [] for r in rows}
        ids = list(by_table)
        for i in range(0, len(ids), 500):  # SQLite limits the number of parameters
            chunk = ids[i : i + 500]
            marks = ", ".join("?" * len(chunk))
            for seat in self._db.execute(
                f"SELECT * FROM seats WHERE table_id IN ({marks}) ORDER BY seat", chunk
            ):
                by_table[seat["table_id"]].append(seat)
        return [row_to_table(r, by_table[r["id"]]) for r in rows]

    async def list_tables(
        self, status: str | None, limit: int, public: bool = False
    ) -> list[TableRow]:
        result: list[TableRow] = await self._run(self._list_tables, status, limit, public)
        return result

    async def ping(self) -> None:
        self._db.execute("SELECT 1").fetchone()

    # ---------------------------------------------------------------- seats and notes

    def _apply_change(self, table_id: str, change: SeatChange) -> NoteRow | None:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            for sql, params in change_statements(table_id, change):
                if db.execute(sql, params).rowcount != 1:
                    db.execute("ROLLBACK")
                    return None
            n = int(db.execute("SELECT notes FROM tables WHERE id = ?", (table_id,)).fetchone()[0])
            db.execute(INSERT_NOTE, note_params(table_id, n, change))
            for sql, params in change_epilogue(table_id, change):
                db.execute(sql, params)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return NoteRow(n, change.at, change.step, change.seat, change.kind, change.data)

    async def apply_change(self, table_id: str, change: SeatChange) -> NoteRow | None:
        result: NoteRow | None = await self._run(self._apply_change, table_id, change)
        return result

    def _load_notes(self, table_id: str, after: int) -> list[NoteRow]:
        return [note_row(r) for r in self._db.execute(SELECT_NOTES, (table_id, after))]

    async def load_notes(self, table_id: str, after: int = 0) -> list[NoteRow]:
        result: list[NoteRow] = await self._run(self._load_notes, table_id, after)
        return result

    def _mark_seen(self, seats: list[tuple[str, int]], now: float) -> None:
        db = self._db
        db.execute("BEGIN IMMEDIATE")  # one commit for all (each would be its own otherwise)
        try:
            db.executemany(
                "UPDATE seats SET seen = ? WHERE table_id = ? AND seat = ?",
                [(now, table_id, seat) for table_id, seat in seats],
            )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    async def mark_seen(self, seats: list[tuple[str, int]], now: float) -> None:
        await self._run(self._mark_seen, seats, now)

    # ---------------------------------------------------------------- actions

    def _load_actions(self, table_id: str) -> list[ActionRow]:
        rows = self._db.execute(SELECT_ACTIONS, (table_id,)).fetchall()
        return [action_row(r) for r in rows]

    async def load_actions(self, table_id: str) -> list[ActionRow]:
        result: list[ActionRow] = await self._run(self._load_actions, table_id)
        return result

    def _load_record(self, table_id: str) -> tuple[TableRow, list[ActionRow]] | None:
        self._db.execute("BEGIN")  # a read transaction: one snapshot of both tables (WAL)
        try:
            row = self._load_table(table_id)
            return None if row is None else (row, self._load_actions(table_id))
        finally:
            self._db.execute("COMMIT")

    async def load_record(self, table_id: str) -> tuple[TableRow, list[ActionRow]] | None:
        result: tuple[TableRow, list[ActionRow]] | None = await self._run(
            self._load_record, table_id
        )
        return result

    def _append_action(
        self,
        table_id: str,
        expected_version: int,
        row: ActionRow,
        status: str,
        result: dict[str, Any] | None,
        turn_started: float | None,
    ) -> None:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            res = json.dumps(result) if result is not None else None
            cur = db.execute(
                BUMP_VERSION,
                (row.step, status, res, time.time(), turn_started, table_id, expected_version),
            )
            if cur.rowcount != 1:
                raise VersionConflict(table_id)
            db.execute(
                INSERT_ACTION,
                (table_id, row.step, row.seat, row.action, row.state_hash, row.client_id),
            )
            if row.step % SNAPSHOT_EVERY == 0 or status == "finished":
                db.execute(
                    "INSERT OR REPLACE INTO snapshots (table_id, step, state_hash)"
                    " VALUES (?, ?, ?)",
                    (table_id, row.step, row.state_hash),
                )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    async def append_action(
        self,
        table_id: str,
        expected_version: int,
        row: ActionRow,
        status: str,
        result: dict[str, Any] | None,
        turn_started: float | None = None,
    ) -> None:
        await self._run(
            self._append_action, table_id, expected_version, row, status, result, turn_started
        )

    def _truncate(self, table_id: str, expected_version: int, keep: int) -> None:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            cur = db.execute(
                BUMP_VERSION, (keep, "running", None, time.time(), None, table_id, expected_version)
            )
            if cur.rowcount != 1:
                raise VersionConflict(table_id)
            db.execute("DELETE FROM actions WHERE table_id = ? AND step > ?", (table_id, keep))
            db.execute("DELETE FROM snapshots WHERE table_id = ? AND step > ?", (table_id, keep))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    async def truncate_actions(self, table_id: str, expected_version: int, keep: int) -> None:
        await self._run(self._truncate, table_id, expected_version, keep)

    # ---------------------------------------------------------------- upkeep

    def _table_versions(self, table_ids: list[str]) -> dict[str, tuple[int, int]]:
        out: dict[str, tuple[int, int]] = {}
        for i in range(0, len(table_ids), 500):  # SQLite limits the number of parameters
            chunk = table_ids[i : i + 500]
            marks = ", ".join("?" * len(chunk))
            for r in self._db.execute(
                f"SELECT id, version, notes FROM tables WHERE id IN ({marks})", chunk
            ):
                out[str(r[0])] = (int(r[1]), int(r[2]))
        return out

    async def table_versions(self, table_ids: list[str]) -> dict[str, tuple[int, int]]:
        result: dict[str, tuple[int, int]] = await self._run(self._table_versions, table_ids)
        return result

    def _touch(self, table_ids: list[str], now: float) -> None:
        for i in range(0, len(table_ids), 500):
            chunk = table_ids[i : i + 500]
            marks = ", ".join("?" * len(chunk))
            self._db.execute(
                f"UPDATE tables SET updated = ? WHERE status = 'running' AND id IN ({marks})",
                (now, *chunk),
            )

    async def touch(self, table_ids: list[str], now: float) -> None:
        await self._run(self._touch, table_ids, now)

    def _expire(self, before: float) -> list[str]:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            ids = [
                str(r[0])
                for r in db.execute(
                    "SELECT id FROM tables WHERE status = 'running' AND updated < ?", (before,)
                ).fetchall()
            ]
            for table_id in ids:
                db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
                for stmt in DELETE_TABLE_ROWS:
                    db.execute(stmt, (table_id,))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return ids

    async def expire(self, before: float) -> list[str]:
        result: list[str] = await self._run(self._expire, before)
        return result

    # ---------------------------------------------------------------- for tests and tools

    def _snapshots(self, table_id: str) -> list[tuple[int, str]]:
        rows = self._db.execute(
            "SELECT step, state_hash FROM snapshots WHERE table_id = ? ORDER BY step", (table_id,)
        ).fetchall()
        return [(int(r[0]), str(r[1])) for r in rows]

    async def snapshots(self, table_id: str) -> list[tuple[int, str]]:
        result: list[tuple[int, str]] = await self._run(self._snapshots, table_id)
        return result


def open_storage(url: str, timeout: float = 10.0) -> Storage:
    """A storage for ``url``: ``postgresql://...`` / ``postgres://...`` (each statement failing
    after ``timeout`` seconds), ``sqlite:///path``, ``sqlite://:memory:`` or a plain file
    path."""
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStorage(url, timeout=timeout)
    if url.startswith("sqlite:///"):
        return SqliteStorage(url[len("sqlite:///") :] or ":memory:")
    if url.startswith("sqlite://"):
        return SqliteStorage(url[len("sqlite://") :] or ":memory:")
    if "://" in url:
        raise StorageError(f"unsupported database URL {url!r} (use a file path or postgresql://)")
    return SqliteStorage(url)
