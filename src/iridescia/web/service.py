"""The game service: tables of any game, actions applied exactly once, undo, bots and automata
stepped on the server, broadcasts to every connection, and recovery after a restart. Its base
class ``seats.SeatService`` keeps the seats (invites, names, chat, bots for absent players).

Every change to a table runs under that table's lock: check the seat and the state version,
apply through the engine, commit to storage (conditional on the version), and only then wake
the table's driver task, which sends each connection what is new for its seat (``broadcast``;
the seat that acted first) and lets a bot move after ``bot_delay``. The steps of the seats
nobody sits at (an automa such as the Rhom, played by the engine inside ``apply``, and the bots)
are sent one event at a time, before the new view, so people can follow them: the events the
game's catalogue marks as an automa's or as worth a pause, each followed by its pause (the
catalogue's, scaled by ``step_delay``: 0.5 s plays them as declared).

On start the service loads every running table from storage (replaying and checking the record)
and resumes its bots. With several processes, a change committed elsewhere arrives through the
pub/sub notice, and the table is reloaded from storage; ``slots.LoadedTables``, the base class,
makes sure a missed notice is caught up too (and does the upkeep: eviction, expiry).

An action may carry its client's id (``protocol``): it is stored with the step, and the same
action sent again is answered ``applied`` instead of being applied twice or called stale. When
storage fails during a commit, the outcome is not guessed: the table is read back from storage,
and the client is told the truth (applied, not applied, or not known yet: send it again).

Connections are capped per table: ``max_spectators`` spectators, ``max_seat_connections`` per
seat (the per-address caps are the app's). A private table is served only to its players and
creator. Nobody acts before the game has started (every seat taken), nor at a seat a bot plays
for its absent player; the turn clock restarts whenever an action passes the turn.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

from iridescia.core.errors import IllegalActionError, InvalidActionError, RecordError
from iridescia.core.events import Event
from iridescia.core.game import Decision
from iridescia.core.refusals import game_over, not_your_turn
from iridescia.match import HUMAN
from iridescia.web import protocol
from iridescia.web.broadcast import (
    Shared,
    Subscriber,
    events_message,
    notes_message,
    replay_json,
    shared_parts,
    state_message,
)
from iridescia.web.notes import chat_lines, played_by
from iridescia.web.protocol import AlreadyApplied, ProtocolError
from iridescia.web.pubsub import LocalPubSub, PubSub
from iridescia.web.seats import SeatService, not_found
from iridescia.web.slots import Slot
from iridescia.web.storage import ActionRow, Storage, TableRow, VersionConflict
from iridescia.web.tables import LiveTable, TableSpec

log = logging.getLogger("iridescia.web")

# Seconds between tries to read back a table whose last write is in doubt (storage away).
SETTLE_EVERY = 0.5


class GameService(SeatService):
    def __init__(
        self,
        storage: Storage,
        pubsub: PubSub | None = None,
        *,
        bot_delay: float = 0.8,
        step_delay: float = 0.5,
        allow_seed: bool = False,
        evict_after: float = 60.0,
        expire_after: float = 7 * 24 * 3600.0,
        sweep_every: float = 300.0,
        resync_every: float = 15.0,
        max_spectators: int = 200,
        max_seat_connections: int = 8,
        grace: float = 60.0,
    ) -> None:
        super().__init__(
            storage,
            pubsub or LocalPubSub(),
            grace=grace,
            evict_after=evict_after,
            expire_after=expire_after,
            sweep_every=sweep_every,
            resync_every=resync_every,
        )
        self.bot_delay = bot_delay
        self.step_delay = step_delay
        self.allow_seed = allow_seed
        self.max_spectators = max_spectators
        self.max_seat_connections = max_seat_connections

    # ---------------------------------------------------------------- life cycle

    async def start(self) -> None:
        self.started_at = self.now()
        await self.storage.migrate()
        await self.pubsub.start(self.on_remote_change, self.on_notices_lost)
        for row in await self.storage.list_tables("running", 100_000):
            try:
                await self._slot(row.id)
            except RecordError as exc:
                log.error("table %s cannot be resumed: %s", row.id, exc)
        self.start_upkeep()
        beat = asyncio.create_task(self._every(max(1.0, self.grace / 3), self.heartbeat))
        self._upkeep.append(beat)

    async def stop(self) -> None:
        await self.stop_upkeep()
        for slot in self._slots.values():
            if slot.driver is not None:
                slot.driver.cancel()
            for sub in slot.subs:
                sub.close()
        for slot in self._slots.values():
            if slot.driver is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await slot.driver
        self._slots.clear()
        await self.pubsub.close()
        await self.storage.close()

    # ---------------------------------------------------------------- lobby

    async def create(
        self, spec: TableSpec, mine: set[int], seed: int | None = None
    ) -> tuple[TableRow, LiveTable]:
        if spec.tutorial_seed is not None:  # the tutorial's game is always the same one
            seed = spec.tutorial_seed
        elif seed is None or not self.allow_seed:
            seed = secrets.randbits(62)
        row = spec.new_row(secrets.token_urlsafe(9), seed, self.now(), mine)
        table = LiveTable.start(row)
        await self.storage.create_table(row)
        self._adopt(Slot(table))
        return row, table

    # ---------------------------------------------------------------- connections

    async def connect(
        self, table_id: str, token: str | None, creator: str | None = None
    ) -> Subscriber:
        """A new connection to the table, at a seat (``token``) or watching (a private table:
        only with its ``creator``'s token): the table is read again from storage first, so
        nobody is ever served a stale table."""
        if token is not None and not protocol.is_token(token):
            raise ProtocolError("bad_token", "this seat link is not valid for this table")
        while True:
            slot = await self._fresh(table_id)
            seat: int | None = None
            if token is not None:
                seat = slot.table.seat_of_token(token)
                if seat is None or slot.table.kind(seat) != HUMAN:
                    raise ProtocolError("bad_token", "this seat link is not valid for this table")
            elif not slot.table.may_see(creator):
                raise not_found()
            sub = Subscriber(table_id, seat)
            async with slot.lock:
                if self._slots.get(table_id) is not slot:
                    continue  # evicted meanwhile: load it again
                self._admit(slot, seat)
                if seat is not None:
                    await self._claim_by_token(slot, seat)
                    await self.storage.mark_seen([(table_id, seat)], self.now())
                slot.subs.add(sub)
                self._send_state(slot, sub)
            slot.wake.set()  # others see the new connection
            return sub

    def _admit(self, slot: Slot, seat: int | None) -> None:
        """Refuse a connection beyond the table's caps (ProtocolError ``table_full``)."""
        same = sum(1 for s in slot.subs if s.seat == seat)
        if seat is None and same >= self.max_spectators:
            raise ProtocolError("table_full", "this table has as many spectators as it takes")
        if seat is not None and same >= self.max_seat_connections:
            raise ProtocolError("table_full", "this seat is open in too many places already")

    def disconnect(self, sub: Subscriber) -> None:
        slot = self._slots.get(sub.table_id)
        if slot is not None and sub in slot.subs:
            slot.subs.discard(sub)
            slot.wake.set()
            if sub.seat is not None and not any(s.seat == sub.seat for s in slot.subs):
                self._left.add((sub.table_id, sub.seat))  # seen until now (next heartbeat)

    # ---------------------------------------------------------------- actions

    async def act(
        self, sub: Subscriber, action: str | int, version: int, client_id: str | None = None
    ) -> None:
        """Apply ``sub``'s action made for state ``version``. AlreadyApplied when its
        ``client_id`` names a step already made (a retry), ProtocolError otherwise."""
        slot = await self._slot(sub.table_id)
        async with slot.lock:
            await self._catch_up(slot, version)
            self._check_repeat(slot, sub.seat, client_id)
            self._check_turn(slot, sub, version)
            try:
                await self._commit(slot, sub.seat, action, client_id)  # type: ignore[arg-type]
            except IllegalActionError as exc:
                raise ProtocolError("illegal", str(exc), exc.refusal) from None
            except InvalidActionError as exc:
                raise ProtocolError("illegal", str(exc)) from None

    async def undo(self, sub: Subscriber, version: int) -> None:
        slot = await self._slot(sub.table_id)
        async with slot.lock:
            await self._catch_up(slot, version)
            table = self._check_turn(slot, sub, version)
            assert sub.seat is not None
            if not table.can_undo(sub.seat):
                raise ProtocolError(
                    "no_undo", "nothing to undo: a reveal, roll or card draw cannot be taken back"
                )
            try:
                await self.storage.truncate_actions(table.id, table.version, len(table.steps) - 1)
            except VersionConflict:
                await self._reload(slot)
                raise ProtocolError(
                    "stale", "the game moved on; here is the current state"
                ) from None
            except Exception as exc:
                await self._learn_outcome(slot, exc)
                if slot.table.version > version:
                    return  # it was done: the new state follows
                raise ProtocolError(
                    "server_error", "the server could not store that; nothing was undone"
                ) from None
            table.undo()
            table.version += 1
            slot.epoch += 1
            await self._changed(slot)

    async def _catch_up(self, slot: Slot, version: int) -> None:
        """Before a change: a suspect table is read back, and a client that saw a newer
        version than this process has means this process missed a change."""
        await self._settle(slot)
        if version > slot.table.version:
            await self._reload(slot)
        if slot.gone:
            raise ProtocolError("no_table", "this table no longer exists")

    def _check_repeat(self, slot: Slot, seat: int | None, client_id: str | None) -> None:
        if client_id is not None and seat is not None:
            step = slot.table.step_of(seat, client_id)
            if step is not None:
                raise AlreadyApplied(client_id, step)

    def _check_turn(self, slot: Slot, sub: Subscriber, version: int) -> LiveTable:
        table = slot.table
        if sub.seat is None:
            raise ProtocolError("spectator", "spectators cannot act")
        if version != table.version:
            raise ProtocolError(
                "stale", f"this message was made for version {version}; the game is at "
                f"version {table.version}"
            )  # fmt: skip
        if table.finished:
            raise ProtocolError("game_over", "the game is over", game_over())
        if not table.started:
            raise ProtocolError("not_started", "the game starts when every seat has its player")
        if table.row.seats[sub.seat].bot is not None:
            raise ProtocolError("stand_in", "a bot plays in your place: take your seat back")
        current = table.game.current_player
        if current != sub.seat:
            why = None if current is None else not_your_turn(current)
            raise ProtocolError("not_your_turn", "it is not your turn", why)
        return table

    async def _commit(
        self, slot: Slot, seat: int, action: str | int, client_id: str | None = None
    ) -> None:
        table = slot.table
        step, before = table.try_apply(seat, action, client_id)
        n = len(table.steps)
        row = ActionRow(n, seat, step.action, step.state_hash, client_id)
        status = "finished" if table.finished else "running"
        # The turn clock restarts when the turn passed (a heading event opens a turn).
        passed = table.game.current_player != seat or any(map(table.plugin.heading, step.events))
        now = self.now() if passed else None
        try:
            await self.storage.append_action(
                table.id, table.version, row, status, table.result(), now
            )
        except VersionConflict:
            table.roll_back(before)
            await self._reload(slot)
            self._check_repeat(slot, seat, client_id)  # it was this action, through another door
            raise ProtocolError("stale", "the game moved on; here is the current state") from None
        except BaseException as exc:
            table.roll_back(before)
            if not isinstance(exc, Exception):
                slot.suspect = True  # cancelled mid-write: read it back before anything else
                slot.wake.set()
                raise
            await self._learn_outcome(slot, exc)
            made = slot.table.steps[n - 1] if len(slot.table.steps) >= n else None
            if made is None or made.state_hash != step.state_hash or made.seat != seat:
                raise ProtocolError(
                    "server_error", "the server could not store that; nothing was applied"
                ) from None
            if made.client_id != client_id:  # another copy of the same move won
                self._check_repeat(slot, seat, client_id)
                raise ProtocolError(
                    "stale", "the game moved on; here is the current state"
                ) from None
            # Stored after all: the read-back told the other processes (``_settle``).
            log.warning("table %s: step %d was stored though its reply was lost", table.id, n)
            return
        table.version += 1
        if now is not None:
            table.restart_turn(now)
        await self._changed(slot)

    async def _learn_outcome(self, slot: Slot, exc: Exception) -> None:
        """A write failed with no answer from storage: read the table back to learn whether
        it was made after all. Raises ``unconfirmed`` when storage cannot be read either (the
        table is then read back before its next use)."""
        log.warning("table %s: a write failed (%s: %s)", slot.table.id, type(exc).__name__, exc)
        slot.suspect = True
        await self._settle(slot)

    async def _bot_move(self, slot: Slot, seat: int, version: int) -> None:
        async with slot.lock:
            await self._settle(slot)
            table = slot.table
            if table.version != version or table.bot_to_act() != seat:
                return
            bots = table.bots
            # The inputs on the loop's thread (the game is read there only); the thinking in
            # a worker thread, with the stream of this step (match.bot_rng_at).
            view, legal = bots.inputs(table.game, seat)
            rng = table.bot_rng(seat)
            action = await asyncio.to_thread(bots.decide, seat, view, legal, rng)
            try:
                await self._commit(slot, seat, action.id)
            except ProtocolError as exc:
                if exc.code == "server_error":
                    raise  # storage is away: the driver moves the bot again shortly

    # ---------------------------------------------------------------- broadcasting

    async def _drive(self, slot: Slot) -> None:
        """The table's driver: broadcast each change, pace the Rhom's steps, move the bots."""
        while not slot.gone:
            # (asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow the
            # cancellation that stops the service when the event is set at the same moment.)
            if slot.table.finished and not slot.subs and self.evict_after >= 0:
                try:
                    async with asyncio.timeout(self.evict_after):
                        await slot.wake.wait()
                except TimeoutError:
                    if await self._evict(slot):
                        return
                    continue
            elif slot.suspect:  # a write in doubt: read it back as soon as storage answers
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(SETTLE_EVERY):
                        await slot.wake.wait()
            elif slot.check_at is None:
                await slot.wake.wait()
            else:  # an absence deadline (absence): when it passes, look at the table
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(max(0.0, slot.check_at - self.now())):
                        await slot.wake.wait()
            slot.wake.clear()
            try:
                if slot.suspect:
                    # Nobody has to act for the table to catch up: the seats see a commit whose
                    # reply was lost (or learn it was not made) once storage is back, not at
                    # the client's next retry.
                    async with slot.lock:
                        await self._settle(slot)
                await self._broadcast(slot)
                await self.check_absence(slot)
                table = slot.table
                seat = table.bot_to_act()
                if seat is not None:
                    version = table.version
                    await asyncio.sleep(self.bot_delay)
                    await self._bot_move(slot, seat, version)
            except asyncio.CancelledError:
                raise
            except ProtocolError as exc:  # storage away (said once per try, no traceback)
                log.warning("table %s: %s; trying again", slot.table.id, exc.message)
                await asyncio.sleep(0.5)
                slot.wake.set()
            except Exception:
                log.exception("table %s: driver step failed", slot.table.id)
                await asyncio.sleep(0.5)
                slot.wake.set()

    async def _broadcast(self, slot: Slot) -> None:
        # What is sent is read under the table's lock: an action being committed has changed
        # the game in memory already (applied, then written), and nothing of it may leave
        # before its commit. Read without the lock, a state message sent meanwhile (woken by a
        # connection, or by a read-back before a retried action) showed a step that was then
        # rolled back or not yet stored: benchmarks/server_faults.py saw seats shown the end of
        # a game that was not stored, and act on a turn that was not theirs.
        async with slot.lock:
            end = len(slot.table.log)
        if self.step_delay > 0:
            await self._pace(slot, end)
        async with slot.lock:  # no await below: held only while the messages are made
            shared = self._shared(slot)
            # The seat that just acted hears first: it waits for the answer to its own action.
            steps = slot.table.steps
            last = steps[-1].seat if steps else None
            for sub in sorted(slot.subs, key=lambda s: s.seat != last):
                self._send_state(slot, sub, shared)

    async def _pace(self, slot: Slot, end: int) -> None:
        """Send the new events of non-human seats one at a time, each followed by its pause
        (the catalogue's, scaled by ``step_delay``: ``EventCatalogue.pause``)."""
        table = slot.table
        starts = [s.log_pos for s in slot.subs if s.epoch == slot.epoch and s.log_pos >= 0]
        if not starts:
            return
        pos = min(starts)
        log_ = table.log
        while pos < end:
            e = log_[pos]
            pos += 1
            if e.player < 0 or not self._paced(table, e):
                continue
            memo: dict[Any, str] = {}
            for sub in slot.subs:
                self._send_events(slot, sub, pos, memo)
            # As long as the game's catalogue says, at the server's speed (a kind with no
            # pause goes out at once, with the next one).
            await asyncio.sleep(table.spec.events.pause(e, self.step_delay))
            if slot.table is not table or len(table.log) < end:
                return  # reloaded or undone meanwhile: the full state follows

    def _paced(self, table: LiveTable, e: Event) -> bool:
        automatic = e.player in table.game.automa_seats or e.player in table.bots.bots
        if not automatic:
            return False
        kind = table.spec.events[e.kind]
        return kind.automa or kind.pause > 0

    def _send_events(self, slot: Slot, sub: Subscriber, upto: int, memo: dict[Any, str]) -> None:
        if sub.epoch == slot.epoch and 0 <= sub.log_pos < upto:
            sub.send(events_message(slot.table, sub, upto, memo))

    def _decision(self, slot: Slot) -> tuple[Decision | None, Any]:
        """The current decision and its prompt (read once per state version)."""
        key = (slot.table.version, slot.epoch, len(slot.table.steps))
        if slot.decision is None or slot.decision[0] != key:
            decision = slot.table.game.decision()
            prompt = None if decision is None else slot.table.plugin.prompt(decision)
            slot.decision = (key, decision, prompt)
        return slot.decision[1], slot.decision[2]

    def _shared(self, slot: Slot) -> Shared:
        """What the state messages of one broadcast share (see ``broadcast``)."""
        decision, prompt = self._decision(slot)
        return shared_parts(self.table_json(slot.table.id), decision, prompt, self.now())

    def _send_state(self, slot: Slot, sub: Subscriber, shared: Shared | None = None) -> None:
        """Send ``sub`` the table's state if it has not seen it yet."""
        if shared is None:
            shared = self._shared(slot)
        message = state_message(slot.table, slot.epoch, sub, shared)
        if message is not None:
            sub.send(message)
        notes = notes_message(slot.table, sub, shared.memo)
        if notes is not None:
            sub.send(notes)

    # ---------------------------------------------------------------- replay

    async def replay(
        self,
        table_id: str,
        step: int,
        token: str | None = None,
        seat: int | None = None,
        log: bool = False,
    ) -> dict[str, Any]:
        """A finished game at ``step`` exactly as a spectator saw it (``broadcast.replay_json``:
        the same redaction as live), with the table's notes (chat) written by then and, for
        each step, the bot that made it in its player's place. ValueError for a step the game
        does not have. A private table's replay is for its players and creator (``token``).

        ``seat``: the game through that seat's eyes (its view at each step, its hidden
        information and no one else's), for the holder of that seat's own token only: not the
        creator, not another seat (a hot-seat browser holds every local seat's token). Asked
        without it, ``not_your_seat``; an unfinished game has no replay at all."""
        slot = await self._slot(table_id)
        table = slot.table
        if not table.may_see(token):
            raise not_found()
        if not table.finished:
            raise ProtocolError("not_finished", "only finished games can be replayed")
        if seat is not None and (token is None or table.seat_of_token(token) != seat):
            raise ProtocolError("not_your_seat", "only a seat's player replays through its eyes")
        out = await asyncio.to_thread(
            replay_json, table, step, self.table_json(table_id), seat, log
        )
        bots = played_by(table.notes, [s.seat for s in table.steps])
        for entry, bot in zip(out["actions"], bots, strict=True):
            entry["bot"] = bot
        out["notes"] = chat_lines(table.notes, step)
        return out
