"""The changes of a table that are not game actions, as storage writes them: ``SeatChange`` (a
change of the seats and the note recording it, in one transaction, conditional) and ``NoteRow``
(a table's note: a seat taken, a name, a bot playing for an absent player, a vote, a chat line).

The statements are built here from this module's own SQL fragments (the conditions below) and
column names, never from a client's text; both storages (``storage.py``, ``storage_pg.py``) run
them, ``?`` placeholders numbered by PostgreSQL. Each table keeps at most ``MAX_NOTES`` notes,
of which at most ``MAX_CHAT`` chat lines, so chat never crowds out a takeover.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

MAX_NOTES = 2000  # notes a table keeps (seat changes, votes, chat lines)
MAX_CHAT = 500  # of which chat lines


@dataclass(frozen=True, slots=True)
class NoteRow:
    """A note of a table (module docstring): ``n`` from 1, ``step`` the number of actions in
    the record when it was written, ``seat`` the seat it is by or about."""

    n: int
    at: float
    step: int
    seat: int
    kind: str
    data: dict[str, Any]


# Conditions a SeatChange may put on its seat's row (SQL of this module only, never a client's).
FREE = ("claimed = 0", ())
HUMAN_KIND = ("kind = 'human'", ())
NO_BOT = ("bot IS NULL", ())
HAS_BOT = ("bot IS NOT NULL", ())
SEAT_COLUMNS = ("claimed", "name", "bot", "seen", "kind", "invite")


def invite_is(invite: str) -> tuple[str, tuple[Any, ...]]:
    return ("invite = ?", (invite,))


def absent_since(cutoff: float) -> tuple[str, tuple[Any, ...]]:
    """The seat's player was not connected after ``cutoff`` (a heartbeat elsewhere wins)."""
    return ("(seen IS NULL OR seen < ?)", (cutoff,))


@dataclass(frozen=True, slots=True)
class SeatChange:
    """A change of a table that is not a game action, with the note recording it: stored in
    one transaction, or not at all when a condition fails (``apply_change`` returns None).

    ``seat``'s row gets ``set_seat`` if it meets every ``only_if``; ``version``: the table must
    be at that version, and moves to the next (a change of who plays makes any message made for
    the old version stale); ``turn_started``: the turn clock restarts then; ``start``: if every
    seat is now taken and the game had not started, it starts then. The note is refused when
    the table has ``MAX_NOTES`` notes (a chat line: ``MAX_CHAT`` chat lines)."""

    kind: str
    seat: int
    data: dict[str, Any]
    at: float
    step: int
    set_seat: tuple[tuple[str, Any], ...] = ()
    only_if: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    version: int | None = None
    turn_started: float | None = None
    start: float | None = None


def change_statements(table_id: str, c: SeatChange) -> list[tuple[str, tuple[Any, ...]]]:
    """The statements of ``c`` that must each change exactly one row (else: roll back)."""
    out: list[tuple[str, tuple[Any, ...]]] = []
    if c.version is not None:
        out.append((
            "UPDATE tables SET version = version + 1, updated = ? WHERE id = ? AND version = ?",
            (c.at, table_id, c.version),
        ))  # fmt: skip
    out.append(("UPDATE tables SET notes = notes + 1 WHERE id = ? AND notes < ?",
                (table_id, MAX_NOTES)))  # fmt: skip
    if c.kind == "chat":
        out.append((
            "UPDATE tables SET id = id WHERE id = ? AND"
            " (SELECT count(*) FROM notes WHERE table_id = ? AND kind = 'chat') < ?",
            (table_id, table_id, MAX_CHAT),
        ))  # fmt: skip
    if c.set_seat:
        for column, _ in c.set_seat:
            assert column in SEAT_COLUMNS, column
        sets = ", ".join(f"{column} = ?" for column, _ in c.set_seat)
        conds = "".join(f" AND {sql}" for sql, _ in c.only_if)
        params = tuple(v for _, v in c.set_seat) + (table_id, c.seat)
        params += tuple(p for _, ps in c.only_if for p in ps)
        out.append((f"UPDATE seats SET {sets} WHERE table_id = ? AND seat = ?{conds}", params))
    return out


def change_epilogue(table_id: str, c: SeatChange) -> list[tuple[str, tuple[Any, ...]]]:
    """The statements of ``c`` that may change no row (after the note is written)."""
    out: list[tuple[str, tuple[Any, ...]]] = []
    if c.turn_started is not None:
        out.append(("UPDATE tables SET turn_started = ? WHERE id = ?", (c.turn_started, table_id)))
    if c.start is not None:
        out.append((
            "UPDATE tables SET turn_started = ? WHERE id = ? AND turn_started IS NULL AND NOT"
            " EXISTS (SELECT 1 FROM seats WHERE table_id = ? AND claimed = 0)",
            (c.start, table_id, table_id),
        ))  # fmt: skip
    return out


SELECT_NOTES = (
    "SELECT n, at, step, seat, kind, data FROM notes WHERE table_id = ? AND n > ? ORDER BY n"
)
INSERT_NOTE = (
    "INSERT INTO notes (table_id, n, at, step, seat, kind, data) VALUES (?, ?, ?, ?, ?, ?, ?)"
)


def note_params(table_id: str, n: int, c: SeatChange) -> tuple[Any, ...]:
    return (table_id, n, c.at, c.step, c.seat, c.kind, json.dumps(c.data))


def note_row(r: Any) -> NoteRow:
    """A NoteRow from a database row (n, at, step, seat, kind, data)."""
    return NoteRow(int(r[0]), float(r[1]), int(r[2]), int(r[3]), str(r[4]), json.loads(r[5]))
