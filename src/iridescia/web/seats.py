"""Who sits at a table: seats taken by invite or from the lobby, the creator's links and bots,
names, chat, and bots playing for absent players (with votes and the seat taken back).

``SeatService`` is the part of the game service (its subclass) that changes a table's seats and
notes, never its game. Every change is one conditional write with the note recording it
(``storage_changes.SeatChange``): two people opening the same invite link, two processes
handing the same absent player's seat to a bot, a vote racing the absent player's move: storage
lets exactly one through, and the loser reads the table again (``_refresh``). After a change
the table's row is read back from storage, the table's connections are told (its driver wakes)
and so are the other processes (a notice; a change of who plays bumps the version).

- **Private tables** are not listed and cannot be joined nor watched by id: only their invite
  links (``claim``: one per free seat, taken once), their players' seat links and their
  creator's token open them. Public tables are listed; anyone may ``join`` a free seat.
- **The creator** (``invites``, ``fill``, ``renew_invite``) sees the free seats' links again at
  any time, may give a free seat to a bot, and may replace a free seat's link by a new one (the
  old link then opens nothing); the game starts when every seat is taken.
- **Absence** (``check_absence``, run by each table's driver; ``absence`` says when a seat
  holds the table up): by the table's rule a bot plays at once, or the other players ``vote``;
  the player takes the seat back (``take_back``) with their seat link whenever they return.
  Connected seats are marked seen every ``grace / 3`` seconds (``heartbeat``), so another
  process knows they are there.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from iridescia.bots import bot_names
from iridescia.match import HUMAN
from iridescia.web import protocol
from iridescia.web.absence import Stall, next_deadline, stall, voters, votes_needed
from iridescia.web.notes import TextError, clean_chat, clean_name, optional_name, votes_for
from iridescia.web.protocol import ProtocolError
from iridescia.web.pubsub import PubSub
from iridescia.web.slots import LoadedTables, Slot
from iridescia.web.storage import NoteRow, SeatChange, Storage, TableRow
from iridescia.web.storage_changes import (
    FREE,
    HAS_BOT,
    HUMAN_KIND,
    NO_BOT,
    absent_since,
    invite_is,
)
from iridescia.web.table_spec import bot_kind, new_token, same_secret

log = logging.getLogger("iridescia.web")
MAX_RENAMES = 10  # name changes a seat may make (each is a note)
MAX_KNOWN = 50  # tables one "my tables" request may ask about


def _text_error(exc: TextError, code: str) -> ProtocolError:
    return ProtocolError(code, str(exc))


def not_found() -> ProtocolError:
    return ProtocolError("no_table", "there is no such table")


class SeatService(LoadedTables):
    """The seats and notes of the tables a process holds (module docstring)."""

    def __init__(self, storage: Storage, pubsub: PubSub, *, grace: float, **kw: Any) -> None:
        super().__init__(storage, pubsub, **kw)
        self.grace = grace  # seconds a disconnected player has before counting as away
        self.now: Callable[[], float] = time.time  # the tests' clock replaces it
        self.started_at = 0.0  # when this process started: no absence acted on before + grace
        # (table, seat) whose last connection to this process closed since the last heartbeat
        self._left: set[tuple[str, int]] = set()

    # ---------------------------------------------------------------- reading

    def connected(self, table_id: str) -> dict[int, int]:
        """Connections of each seat to this process."""
        counts: dict[int, int] = {}
        slot = self._slots.get(table_id)
        for sub in slot.subs if slot else ():
            if sub.seat is not None:
                counts[sub.seat] = counts.get(sub.seat, 0) + 1
        return counts

    def table_json(self, table_id: str, row: TableRow | None = None) -> dict[str, Any]:
        slot = self._slots.get(table_id)
        if slot is None:
            assert row is not None
            return protocol.table_json(row, {})
        t = slot.table
        stalled = slot.stall
        votes = [] if stalled is None else sorted(votes_for(t.notes, stalled.seat, len(t.steps)))
        return protocol.table_json(
            t.row,
            self.connected(table_id),
            version=t.version,
            num_actions=len(t.steps),
            status="finished" if t.finished else "running",
            current=t.game.current_player,
            turn=t.turn(),
            result=t.result(),
            stall=None if stalled is None else {**stalled.to_json(), "votes": votes},
        )

    async def list_tables(self, limit: int = 100) -> list[dict[str, Any]]:
        """The lobby's list: the public tables, newest first."""
        rows = await self.storage.list_tables(None, limit, public=True)
        out = []
        for r in rows:
            slot = self._slots.get(r.id)
            if slot is not None and r.version > slot.table.version:  # behind: storage says
                out.append(protocol.table_json(r, self.connected(r.id)))
                slot.wake.set()
                try:
                    await self.on_remote_change(r.id, r.version)
                except Exception as exc:
                    log.warning("table %s: could not catch up (%s)", r.id, exc)
            else:
                out.append(self.table_json(r.id, r))
        return out

    async def info(self, table_id: str, token: str | None = None) -> dict[str, Any]:
        """One table, for anyone if it is public, else for its players and creator only."""
        slot = await self._fresh(table_id)
        if not slot.table.may_see(token):
            raise not_found()
        return self.table_json(table_id)

    async def known(self, pairs: list[tuple[str, str]]) -> list[dict[str, Any]]:
        """The tables of ``pairs`` (table id, a seat's or the creator's token) that the token
        opens: a browser's own tables, private ones included (at most ``MAX_KNOWN``)."""
        out = []
        for table_id, token in pairs[:MAX_KNOWN]:
            row = await self.storage.load_table(table_id)
            if row is None:
                continue
            slot = self._slots.get(table_id)
            table = slot.table if slot is not None else None
            if table is not None and table.may_see(token):
                out.append(self.table_json(table_id))
            elif table is None and _opens(row, token):
                out.append(protocol.table_json(row, {}))
        return out

    # ---------------------------------------------------------------- taking seats

    async def _write(self, slot: Slot, change: SeatChange) -> NoteRow | None:
        """Store ``change`` (the caller holds the table's lock) and read the table back; the
        note, or None when a condition failed (someone else was first)."""
        note = await self.storage.apply_change(slot.table.id, change)
        if change.version is not None and note is not None:
            await self._reload(slot)
        else:
            await self._refresh(slot)
        if note is not None:
            await self._changed(slot)
        return note

    def _change(self, slot: Slot, kind: str, seat: int, data: dict[str, Any], **kw: Any) -> Any:
        return SeatChange(kind, seat, data, self.now(), len(slot.table.steps), **kw)

    async def claim(self, table_id: str, invite: str, name: Any) -> tuple[int, str]:
        """Take the seat of an invite link: (seat, its token). The link is spent: anyone
        opening it again is told so (``invite_used``)."""
        try:
            name = optional_name(name)
        except TextError as exc:
            raise _text_error(exc, "bad_name") from None
        slot = await self._fresh(table_id)
        async with slot.lock:
            seat = slot.table.seat_of_invite(invite) if protocol.is_token(invite) else None
            if seat is None:
                raise ProtocolError("bad_invite", "this invite link is not valid for this table")
            now = self.now()
            change = self._change(
                slot, "join", seat, {"name": name},
                set_seat=(("claimed", 1), ("name", name), ("seen", now)),
                only_if=(FREE, HUMAN_KIND, invite_is(invite)), start=now,
            )  # fmt: skip
            if await self._write(slot, change) is None:
                raise ProtocolError("invite_used", "this invite link was used: its seat is taken")
            return seat, slot.table.row.seats[seat].token

    async def join(self, table_id: str, name: Any = None) -> tuple[int, str]:
        """Take the first free seat of a public table: (seat, token)."""
        try:
            name = optional_name(name)
        except TextError as exc:
            raise _text_error(exc, "bad_name") from None
        slot = await self._fresh(table_id)
        if slot.table.row.private:
            raise not_found()
        async with slot.lock:
            for s in slot.table.row.seats:
                if s.kind != HUMAN or s.claimed:
                    continue
                now = self.now()
                change = self._change(
                    slot, "join", s.seat, {"name": name},
                    set_seat=(("claimed", 1), ("name", name), ("seen", now)),
                    only_if=(FREE, HUMAN_KIND), start=now,
                )  # fmt: skip
                if await self._write(slot, change) is not None:
                    return s.seat, s.token
            raise ProtocolError("no_seat", "every seat at this table is taken")

    async def _claim_by_token(self, slot: Slot, seat: int) -> None:
        """A free seat's own link (tables of an earlier schema handed them out): it takes the
        seat, unnamed."""
        if not slot.table.row.seats[seat].claimed:
            now = self.now()
            change = self._change(
                slot, "join", seat, {"name": ""},
                set_seat=(("claimed", 1), ("seen", now)), only_if=(FREE,), start=now,
            )  # fmt: skip
            await self._write(slot, change)

    async def _creator_slot(self, table_id: str, creator: Any) -> Slot:
        slot = await self._fresh(table_id)
        if not (isinstance(creator, str) and slot.table.is_creator(creator)):
            raise not_found()  # a private table stays invisible to a wrong token
        return slot

    async def invites(self, table_id: str, creator: Any) -> dict[str, Any]:
        """For the creator: every seat, with the invite link of each free one."""
        slot = await self._creator_slot(table_id, creator)
        row = slot.table.row
        seats = [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "claimed": s.claimed,
                "invite": s.invite if s.kind == HUMAN and not s.claimed else None,
            }
            for s in row.seats
        ]
        return {"table": self.table_json(table_id), "seats": seats}

    async def fill(self, table_id: str, creator: Any, seat: Any, bot: Any) -> dict[str, Any]:
        """For the creator: a bot of the game takes a free seat, for the whole game."""
        slot = await self._creator_slot(table_id, creator)
        bots = bot_names(slot.table.spec)
        if bot not in bots:
            raise ProtocolError("bad_bot", f"bot is one of {', '.join(bots)}")
        seats = slot.table.row.seats
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(seats)):
            raise ProtocolError("bad_seat", "seat is the number of a seat of the table (0-based)")
        async with slot.lock:
            change = self._change(
                slot, "fill", seat, {"bot": bot},
                set_seat=(("kind", bot_kind(str(bot))), ("claimed", 1)),
                only_if=(FREE, HUMAN_KIND), start=self.now(),
            )  # fmt: skip
            if await self._write(slot, change) is None:
                raise ProtocolError("no_seat", "that seat is not free")
        return self.table_json(table_id)

    async def renew_invite(self, table_id: str, creator: Any, seat: Any) -> dict[str, Any]:
        """For the creator: a new invite link for a free seat; the old one stops working (a
        link sent to the wrong person, or posted where it should not be). Answers as
        ``invites``."""
        slot = await self._creator_slot(table_id, creator)
        seats = slot.table.row.seats
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(seats)):
            raise ProtocolError("bad_seat", "seat is the number of a seat of the table (0-based)")
        async with slot.lock:
            if seats[seat].invite is None:
                raise ProtocolError("no_seat", "that seat has no invite link")
            change = self._change(
                slot, "invite", seat, {},  # the note says a link changed, never the link
                set_seat=(("invite", new_token()),), only_if=(FREE, HUMAN_KIND),
            )  # fmt: skip
            if await self._write(slot, change) is None:
                raise ProtocolError("no_seat", "that seat is not free")
        return await self.invites(table_id, creator)

    # ---------------------------------------------------------------- at the table

    def _seated(self, sub: Any) -> int:
        if sub.seat is None:
            raise ProtocolError("spectator", "spectators can watch and read, not write nor vote")
        return int(sub.seat)

    async def rename(self, sub: Any, name: Any) -> None:
        seat = self._seated(sub)
        try:
            name = clean_name(name)
        except TextError as exc:
            raise _text_error(exc, "bad_name") from None
        slot = await self._slot(sub.table_id)
        async with slot.lock:
            done = sum(1 for n in slot.table.notes if n.kind == "name" and n.seat == seat)
            if done >= MAX_RENAMES:
                raise ProtocolError("too_many_names", "this seat has changed its name enough")
            if slot.table.row.seats[seat].name == name:
                return
            change = self._change(slot, "name", seat, {"name": name}, set_seat=(("name", name),))
            if await self._write(slot, change) is None:
                raise ProtocolError("notes_full", "this table keeps no more notes")

    async def chat(self, sub: Any, text: Any) -> None:
        """A chat line by a player (spectators read only)."""
        seat = self._seated(sub)
        try:
            text = clean_chat(text)
        except TextError as exc:
            raise _text_error(exc, "bad_chat") from None
        slot = await self._slot(sub.table_id)
        async with slot.lock:
            name = slot.table.row.seats[seat].name
            change = self._change(slot, "chat", seat, {"text": text, "name": name})
            if await self._write(slot, change) is None:
                raise ProtocolError("chat_full", "this table's chat is full")

    async def vote(self, sub: Any, target: Any) -> None:
        """A vote to let the table's bot play for the absent player at ``target``; when more
        than half of the other players voted, the bot takes the seat."""
        seat = self._seated(sub)
        slot = await self._slot(sub.table_id)
        async with slot.lock:
            table = slot.table
            stalled = slot.stall
            if table.row.away != "vote":
                raise ProtocolError("no_vote", "at this table nobody votes on absent players")
            if stalled is None or stalled.seat != target:
                raise ProtocolError("no_vote", "that player is not holding the table up")
            allowed = voters(table.row, stalled.seat)
            if seat not in allowed:
                raise ProtocolError("no_vote", "you cannot vote on this")
            step = len(table.steps)
            if seat not in votes_for(table.notes, stalled.seat, step):
                change = self._change(slot, "vote", seat, {"for": stalled.seat})
                if await self._write(slot, change) is None:
                    raise ProtocolError("notes_full", "this table keeps no more notes")
            count = len(votes_for(slot.table.notes, stalled.seat, step) & set(allowed))
            if count >= votes_needed(len(allowed)) and len(slot.table.steps) == step:
                await self._take_over(slot, stalled, "vote")

    async def take_back(self, sub: Any) -> None:
        """The player takes their seat back from the bot playing in their place."""
        seat = self._seated(sub)
        slot = await self._slot(sub.table_id)
        async with slot.lock:
            for _ in range(3):  # the bot may move meanwhile (elsewhere): try at the new version
                table = slot.table
                if table.row.seats[seat].bot is None:
                    raise ProtocolError("no_stand_in", "nobody plays in your place")
                now = self.now()
                change = self._change(
                    slot, "takeback", seat, {},
                    set_seat=(("bot", None), ("seen", now)), only_if=(HAS_BOT,),
                    version=table.version,
                    turn_started=now if table.game.current_player == seat else None,
                )  # fmt: skip
                if await self._write(slot, change) is not None:
                    log.info("table %s: seat %d taken back", table.id, seat)
                    return
            raise ProtocolError("stale", "the game moved on; try again")

    # ---------------------------------------------------------------- absence

    async def _take_over(self, slot: Slot, stalled: Stall, why: str) -> bool:
        """The table's bot plays for the absent player at ``stalled.seat`` (the caller holds
        the lock); False when storage said no (they came back, acted, or another process did
        it first)."""
        table = slot.table
        conditions = [NO_BOT, HUMAN_KIND]
        if stalled.reason == "away":
            conditions.append(absent_since(self.now() - self.grace))
        change = self._change(
            slot, "takeover", stalled.seat, {"bot": table.row.away_bot, "reason": why},
            set_seat=(("bot", table.row.away_bot),), only_if=tuple(conditions),
            version=table.version,
        )  # fmt: skip
        done = await self._write(slot, change) is not None
        slot.stall = None
        if done:
            log.info("table %s: a bot plays seat %d (%s)", table.id, stalled.seat, why)
        return done

    def _stall_now(self, slot: Slot) -> Stall | None:
        table = slot.table
        if table.finished:
            return None
        here = set(self.connected(table.id))
        return stall(
            table.row, table.game.current_player, here, self.grace, self.now(), self._guard()
        )

    def _guard(self) -> float:
        return self.started_at + self.grace

    async def check_absence(self, slot: Slot) -> None:
        """Whether the seat the table waits for holds it up (checked against a fresh read of
        storage before anything is done), what the table's rule then does, and when to look
        again (``slot.check_at``)."""
        found = self._stall_now(slot)
        if found is not None:
            async with slot.lock:
                await self._refresh(slot)
                found = self._stall_now(slot)
                if found != slot.stall:
                    slot.stall = found
                    slot.wake.set()
                if found is not None and slot.table.row.away == "bot":
                    await self._take_over(slot, found, found.reason)
        elif slot.stall is not None:
            slot.stall = None
            slot.wake.set()
        table = slot.table
        if slot.stall is not None and slot.stall.reason == "away":
            slot.check_at = self.now() + max(1.0, self.grace / 3)  # are they back?
        elif slot.stall is not None or table.finished:
            slot.check_at = None  # a move or a vote wakes the table
        else:
            here = set(self.connected(table.id))
            current = table.game.current_player
            slot.check_at = next_deadline(table.row, current, here, self.grace, self._guard())

    async def heartbeat(self) -> None:
        """Mark every seat connected to this process as seen now (and those that just left)."""
        seats = [(t, s) for t, slot in self._slots.items() for s in self.connected(t)]
        seats.extend(self._left)
        self._left.clear()
        if seats:
            await self.storage.mark_seen(seats, self.now())


def _opens(row: TableRow, token: str) -> bool:
    """Whether ``token`` opens a table this process does not hold (its row only)."""
    if not row.private:
        return True
    return any(same_secret(s, token) for s in (row.creator, *(seat.token for seat in row.seats)))
