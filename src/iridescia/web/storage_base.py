"""What every storage of web games shares: the versioned schema, the row types, the ``Storage``
interface the game service uses, its errors, and the SQL both implementations run.

``storage.py`` (SQLite, and ``open_storage``) and ``storage_pg.py`` (PostgreSQL) both build on
this module and neither imports the other's internals. The statements use ``?`` placeholders;
PostgreSQL numbers them when it runs them.

Besides the game record, a table keeps its **notes** (schema 4): numbered, timestamped entries
that are not game actions, each with the number of actions made when it was written (its
``step``): a seat taken (with the player's name), a name changed, a seat given to a bot by the
creator, a bot playing for an absent player and the player taking the seat back, a vote, a chat
line. A change of the seats and the note recording it are one transaction (``SeatChange``),
conditional like the actions' writes, so whichever process tries first wins and the others are
refused; the counts are bounded (``MAX_NOTES``, ``MAX_CHAT``). Who played which steps is read
from the notes (``web.notes``), never written into the game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from iridescia.core.record import V1_DATA_SETS
from iridescia.web.storage_changes import NoteRow, SeatChange

SCHEMA_VERSION = 4

# One statement per item; "?" placeholders (PostgreSQL numbers them when it runs them).
SCHEMA = [
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        name TEXT NOT NULL,
        mode TEXT NOT NULL,
        game TEXT NOT NULL,
        data_set TEXT NOT NULL DEFAULT '',
        rules_version INTEGER NOT NULL,
        seed BIGINT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        params TEXT NOT NULL,
        status TEXT NOT NULL,
        version INTEGER NOT NULL,
        num_actions INTEGER NOT NULL,
        result TEXT,
        private INTEGER NOT NULL DEFAULT 0,
        creator TEXT NOT NULL DEFAULT '',
        clock INTEGER NOT NULL DEFAULT 0,
        away TEXT NOT NULL DEFAULT 'wait',
        away_bot TEXT NOT NULL DEFAULT '',
        turn_started DOUBLE PRECISION,
        notes INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS seats (
        table_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        token TEXT NOT NULL UNIQUE,
        claimed INTEGER NOT NULL,
        invite TEXT,
        name TEXT NOT NULL DEFAULT '',
        bot TEXT,
        seen DOUBLE PRECISION,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS actions (
        table_id TEXT NOT NULL,
        step INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        state_hash TEXT NOT NULL,
        client_id TEXT,
        PRIMARY KEY (table_id, step)
    )""",
    """CREATE TABLE IF NOT EXISTS snapshots (
        table_id TEXT NOT NULL,
        step INTEGER NOT NULL,
        state_hash TEXT NOT NULL,
        PRIMARY KEY (table_id, step)
    )""",
    """CREATE TABLE IF NOT EXISTS notes (
        table_id TEXT NOT NULL,
        n INTEGER NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        step INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (table_id, n)
    )""",
    "CREATE INDEX IF NOT EXISTS tables_status ON tables (status, updated)",
]
# Run after the migrations (they name columns an older database gets from them).
INDEXES = ["CREATE INDEX IF NOT EXISTS tables_listed ON tables (private, updated)"]

# What an existing database runs to reach a schema version (the version: its statements). A new
# database is created at SCHEMA_VERSION directly. "?" placeholders take no parameters here.
MIGRATIONS: dict[int, list[str]] = {
    2: [
        "ALTER TABLE tables ADD COLUMN data_set TEXT NOT NULL DEFAULT ''",
        *(
            f"UPDATE tables SET data_set = '{data_set}' WHERE game = '{game}' AND data_set = ''"
            for game, data_set in V1_DATA_SETS.items()
        ),
        "UPDATE tables SET mode = 'standard' WHERE game = 'gems-of-iridescia' AND mode = 'multi'",
    ],
    # The id a client gave an action, so that the same action sent again is recognised.
    3: ["ALTER TABLE actions ADD COLUMN client_id TEXT"],
    # Tables for friends: private tables, the creator's token, the turn clock and what happens
    # to an absent player; per seat an invite token, a name, the bot playing for an absent
    # player and when the player was last connected; the notes.
    4: [
        "ALTER TABLE tables ADD COLUMN private INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE tables ADD COLUMN creator TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE tables ADD COLUMN clock INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE tables ADD COLUMN away TEXT NOT NULL DEFAULT 'wait'",
        "ALTER TABLE tables ADD COLUMN away_bot TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE tables ADD COLUMN turn_started DOUBLE PRECISION",
        "ALTER TABLE tables ADD COLUMN notes INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE seats ADD COLUMN invite TEXT",
        "ALTER TABLE seats ADD COLUMN name TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE seats ADD COLUMN bot TEXT",
        "ALTER TABLE seats ADD COLUMN seen DOUBLE PRECISION",
        # Tables of earlier schemas could be played from their creation: they have started.
        "UPDATE tables SET turn_started = updated",
    ],
}

SNAPSHOT_EVERY = 10  # a state-hash snapshot every this many actions (and at the end)


class StorageError(Exception):
    """The database could not be opened or used."""


def migration(stored: int) -> list[str]:
    """The statements that bring a database of schema ``stored`` to ``SCHEMA_VERSION``
    (StorageError for a database newer than this build)."""
    if stored > SCHEMA_VERSION:
        raise StorageError(
            f"the database has schema version {stored}; this build knows {SCHEMA_VERSION} "
            "(upgrade iridescia)"
        )
    return [stmt for v in range(stored + 1, SCHEMA_VERSION + 1) for stmt in MIGRATIONS[v]]


class VersionConflict(Exception):
    """The stored game moved on (another process applied an action first): reload it."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat: its kind, its player's secret token, whether a player (or a bot) took it, the
    invite token that lets one person take it (None: it had none), the player's name, the bot
    playing for an absent player (None: the player plays) and when the player was last
    connected (None: not since the seat was taken)."""

    seat: int
    kind: str  # "human", "bot:<name>" or "rhom"
    token: str
    claimed: bool
    invite: str | None = None
    name: str = ""
    bot: str | None = None
    seen: float | None = None


@dataclass(frozen=True, slots=True)
class TableRow:
    """One stored table: its game record (without actions) and lobby information."""

    id: str
    created: float
    updated: float
    name: str
    mode: str  # the game's mode ("standard", "solo", "rhom"...: GameInfo.modes)
    game: str  # the game's registry name
    rules_version: int
    seed: int
    players: int  # explorer seats (the Rhom not counted), as in GameRecord
    options: dict[str, Any]
    params: dict[str, Any]
    status: str  # "running" or "finished"
    version: int
    num_actions: int
    result: dict[str, Any] | None = None
    seats: tuple[SeatRow, ...] = field(default_factory=tuple)
    data_set: str = ""  # the component data set (GameInfo.data_set)
    private: bool = False  # not listed, not joined nor watched by id: only by invite
    creator: str = ""  # the creator's token ("": a table of an earlier schema)
    clock: int = 0  # seconds a player has per turn (0: no clock)
    away: str = "wait"  # an absent player: "wait", "vote" (the others may let a bot play), "bot"
    away_bot: str = ""  # the bot that plays for an absent player
    turn_started: float | None = None  # when the current turn began (None: not started)
    notes: int = 0  # notes written


@dataclass(frozen=True, slots=True)
class ActionRow:
    step: int  # 1-based: the state after this action is step ``step``
    seat: int
    action: str
    state_hash: str
    client_id: str | None = None  # the id the seat's client gave the action (protocol)


class Storage(Protocol):
    """What the game service needs from a database. All methods are coroutines."""

    async def migrate(self) -> None: ...

    async def close(self) -> None: ...

    async def create_table(self, row: TableRow) -> None: ...

    async def load_table(self, table_id: str) -> TableRow | None: ...

    async def table_for_token(self, token: str) -> tuple[str, int] | None: ...

    async def list_tables(
        self, status: str | None, limit: int, public: bool = False
    ) -> list[TableRow]:
        """The newest tables (of ``status``; ``public``: only the tables the lobby lists)."""
        ...

    async def ping(self) -> None:
        """Raise when the database does not answer (the health check)."""
        ...

    async def load_actions(self, table_id: str) -> list[ActionRow]: ...

    async def load_record(self, table_id: str) -> tuple[TableRow, list[ActionRow]] | None:
        """The table and its actions read together (one snapshot: the row's version always
        matches the actions, even while another process writes)."""
        ...

    async def append_action(
        self,
        table_id: str,
        expected_version: int,
        row: ActionRow,
        status: str,
        result: dict[str, Any] | None,
        turn_started: float | None = None,
    ) -> None:
        """Store the action made at ``expected_version`` (VersionConflict if the table moved
        on); ``turn_started``: the action passed the turn, whose clock starts then."""
        ...

    async def truncate_actions(self, table_id: str, expected_version: int, keep: int) -> None: ...

    async def apply_change(self, table_id: str, change: SeatChange) -> NoteRow | None:
        """Store ``change`` and its note in one transaction; the note, or None when a
        condition failed (nothing was changed). See ``SeatChange``."""
        ...

    async def load_notes(self, table_id: str, after: int = 0) -> list[NoteRow]:
        """The table's notes after number ``after``, in order."""
        ...

    async def mark_seen(self, seats: list[tuple[str, int]], now: float) -> None:
        """The players of these (table, seat) are connected now (a heartbeat)."""
        ...

    async def table_versions(self, table_ids: list[str]) -> dict[str, tuple[int, int]]:
        """(version, notes) of each of the tables that exist (one query: a server process
        checks every table it holds against storage with it; every change of the seats writes
        a note)."""
        ...

    async def touch(self, table_ids: list[str], now: float) -> None:
        """Mark running tables as in use now (someone is connected), so they do not expire."""
        ...

    async def expire(self, before: float) -> list[str]:
        """Delete every unfinished table not updated since ``before`` (and its seats, actions
        and snapshots); returns their ids."""
        ...


def row_to_table(r: Any, seats: list[Any]) -> TableRow:
    """A TableRow from a database row (mapping) and its seat rows."""
    return TableRow(
        id=r["id"],
        created=float(r["created"]),
        updated=float(r["updated"]),
        name=r["name"],
        mode=r["mode"],
        game=r["game"],
        data_set=r["data_set"],
        rules_version=int(r["rules_version"]),
        seed=int(r["seed"]),
        players=int(r["players"]),
        options=json.loads(r["options"]),
        params=json.loads(r["params"]),
        status=r["status"],
        version=int(r["version"]),
        num_actions=int(r["num_actions"]),
        result=json.loads(r["result"]) if r["result"] else None,
        seats=tuple(
            SeatRow(
                int(s["seat"]), s["kind"], s["token"], bool(s["claimed"]), s["invite"],
                s["name"], s["bot"], None if s["seen"] is None else float(s["seen"]),
            )
            for s in seats
        ),
        private=bool(r["private"]),
        creator=r["creator"],
        clock=int(r["clock"]),
        away=r["away"],
        away_bot=r["away_bot"],
        turn_started=None if r["turn_started"] is None else float(r["turn_started"]),
        notes=int(r["notes"]),
    )  # fmt: skip


def table_insert_params(row: TableRow) -> tuple[Any, ...]:
    return (
        row.id,
        row.created,
        row.updated,
        row.name,
        row.mode,
        row.game,
        row.data_set,
        row.rules_version,
        row.seed,
        row.players,
        json.dumps(row.options),
        json.dumps(row.params),
        row.status,
        row.version,
        row.num_actions,
        json.dumps(row.result) if row.result is not None else None,
        int(row.private),
        row.creator,
        row.clock,
        row.away,
        row.away_bot,
        row.turn_started,
        row.notes,
    )


def seat_insert_params(table_id: str, s: SeatRow) -> tuple[Any, ...]:
    return (table_id, s.seat, s.kind, s.token, int(s.claimed), s.invite, s.name, s.bot, s.seen)


INSERT_TABLE = (
    "INSERT INTO tables (id, created, updated, name, mode, game, data_set, rules_version, seed,"
    " players, options, params, status, version, num_actions, result, private, creator, clock,"
    " away, away_bot, turn_started, notes)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
INSERT_SEAT = (
    "INSERT INTO seats (table_id, seat, kind, token, claimed, invite, name, bot, seen)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
# An action's write: the turn clock restarts (turn_started) when the action passed the turn.
BUMP_VERSION = (
    "UPDATE tables SET version = version + 1, num_actions = ?, status = ?, result = ?,"
    " updated = ?, turn_started = COALESCE(?, turn_started) WHERE id = ? AND version = ?"
)


SELECT_ACTIONS = (
    "SELECT step, seat, action, state_hash, client_id FROM actions WHERE table_id = ? ORDER BY step"
)
INSERT_ACTION = (
    "INSERT INTO actions (table_id, step, seat, action, state_hash, client_id)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)
# What goes with a table when it expires (its row goes first, conditional on still being
# abandoned: see ``Storage.expire``).
DELETE_TABLE_ROWS = [
    "DELETE FROM notes WHERE table_id = ?",
    "DELETE FROM snapshots WHERE table_id = ?",
    "DELETE FROM actions WHERE table_id = ?",
    "DELETE FROM seats WHERE table_id = ?",
]


def action_row(r: Any) -> ActionRow:
    """An ActionRow from a database row (step, seat, action, state_hash, client_id)."""
    return ActionRow(int(r[0]), int(r[1]), str(r[2]), str(r[3]), r[4])
