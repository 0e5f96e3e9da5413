"""When a table waits for an absent player, read from stored times only (no timer state).

The game waits for the seat that decides. When a person plays it (not a bot, and no bot plays
in their place), that seat **holds the table up**:

- ``clock``: the table has a clock and the turn began (``turn_started``, stored with the action
  that passed the turn, the game's start or the seat taken back) more than ``clock`` seconds ago;
- ``away``: nobody is connected at that seat on this process, and the player was last connected
  (``seen``: stored on connecting, on leaving and every few seconds while connected, by whichever
  process holds the connection) more than ``grace`` seconds ago.

Each deadline is a stored time plus a duration, so it survives a restart and every process
computes the same one; a process acts on it only after checking it against a fresh read of the
table, and the write that follows is conditional (``storage_changes``): the first process wins,
the others are refused. A process that has just started waits ``grace`` seconds before acting on
any deadline (``not_before``): its players are reconnecting, and a server that was down for a
while must not hand every seat to a bot.

What then happens is the table's ``away`` rule: ``wait`` (say so, nothing more), ``vote`` (the
other players may vote to let the table's bot play in the absent player's place: more than half
of them, ``votes_needed``), ``bot`` (the table's bot plays at once). The player takes the seat
back whenever they return.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from iridescia.match import HUMAN
from iridescia.web.storage_base import SeatRow, TableRow

AWAY_RULES = ("wait", "vote", "bot")
CLOCK_MAX = 24 * 3600  # seconds a turn may be given at most


@dataclass(frozen=True, slots=True)
class Stall:
    """The seat the table waits for, why (``clock`` or ``away``) and since when."""

    seat: int
    reason: str
    since: float

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "reason": self.reason, "since": self.since}


def played_by_person(seat: SeatRow) -> bool:
    """Whether a person plays ``seat`` now (a human seat taken, no bot in their place)."""
    return seat.kind == HUMAN and seat.claimed and seat.bot is None


def deadlines(
    row: TableRow, current: int | None, here: Collection[int], grace: float
) -> list[tuple[float, str]]:
    """When the seat deciding (``current``) will hold the table up, and why, earliest first
    (``here``: the seats connected to this process)."""
    if current is None or row.turn_started is None or row.status != "running":
        return []
    seat = row.seats[current]
    if not played_by_person(seat):
        return []
    out = []
    if row.clock > 0:
        out.append((row.turn_started + row.clock, "clock"))
    if current not in here:
        last = seat.seen if seat.seen is not None else row.turn_started
        out.append((last + grace, "away"))
    return sorted(out)


def stall(
    row: TableRow,
    current: int | None,
    here: Collection[int],
    grace: float,
    now: float,
    not_before: float = 0.0,
) -> Stall | None:
    """The stall at ``now``, if any (none before ``not_before``)."""
    if now < not_before:
        return None
    for when, reason in deadlines(row, current, here, grace):
        if when <= now:
            assert current is not None
            return Stall(current, reason, when)
    return None


def next_deadline(
    row: TableRow, current: int | None, here: Collection[int], grace: float, not_before: float
) -> float | None:
    """When to look again (None: nothing to wait for)."""
    found = deadlines(row, current, here, grace)
    return max(found[0][0], not_before) if found else None


def voters(row: TableRow, target: int) -> list[int]:
    """The seats that may vote for a bot to play in ``target``'s place: every other seat a
    person plays now."""
    return [s.seat for s in row.seats if s.seat != target and played_by_person(s)]


def votes_needed(count: int) -> int:
    """More than half of ``count`` voters (one of one, two of three, three of four or five)."""
    return count // 2 + 1
