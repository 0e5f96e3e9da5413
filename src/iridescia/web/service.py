"""The game service: tables of any game, seats and tokens, actions applied exactly once, undo,
bots and automata stepped on the server, broadcasts to every connection, and recovery after a
restart.

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
pub/sub notice; the table is reloaded from storage and the local connections are updated.

A finished table nobody is connected to leaves memory after ``evict_after`` seconds; any request
for it (a connection, the replay, the lobby's details) loads it again from storage.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
import time
from dataclasses import dataclass, field
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
    shared_parts,
    state_message,
)
from iridescia.web.protocol import ProtocolError
from iridescia.web.pubsub import LocalPubSub, PubSub
from iridescia.web.storage import ActionRow, Storage, TableRow, VersionConflict
from iridescia.web.tables import LiveTable, TableSpec

log = logging.getLogger("iridescia.web")


@dataclass
class _Slot:
    """What the service keeps per loaded table."""

    table: LiveTable
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    subs: set[Subscriber] = field(default_factory=set)
    driver: asyncio.Task[None] | None = None
    epoch: int = 0  # bumped when the log is rewritten (undo, reload)
    # The current decision and its prompt, for the state version it was read at (every
    # connection's state message carries them: read once per change).
    decision: tuple[tuple[int, int, int], Decision | None, Any] | None = None


class GameService:
    def __init__(
        self,
        storage: Storage,
        pubsub: PubSub | None = None,
        *,
        bot_delay: float = 0.8,
        step_delay: float = 0.5,
        allow_seed: bool = False,
        evict_after: float = 60.0,
    ) -> None:
        self.storage = storage
        self.pubsub = pubsub or LocalPubSub()
        self.bot_delay = bot_delay
        self.step_delay = step_delay
        self.allow_seed = allow_seed
        self.evict_after = evict_after
        self._slots: dict[str, _Slot] = {}
        self._loading = asyncio.Lock()

    # ---------------------------------------------------------------- life cycle

    async def start(self) -> None:
        await self.storage.migrate()
        await self.pubsub.start(self.on_remote_change)
        for row in await self.storage.list_tables("running", 100_000):
            try:
                await self._slot(row.id)
            except RecordError as exc:
                log.error("table %s cannot be resumed: %s", row.id, exc)

    async def stop(self) -> None:
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

    async def _slot(self, table_id: str) -> _Slot:
        slot = self._slots.get(table_id)
        if slot is not None:
            return slot
        async with self._loading:
            slot = self._slots.get(table_id)
            if slot is not None:
                return slot
            record = await self.storage.load_record(table_id)
            if record is None:
                raise ProtocolError("no_table", "there is no such table")
            row, actions = record
            table = await asyncio.to_thread(LiveTable.restore, row, actions)
            slot = _Slot(table)
            self._slots[table_id] = slot
            slot.driver = asyncio.create_task(self._drive(slot))
            slot.wake.set()  # resume a bot whose turn it is
            return slot

    # ---------------------------------------------------------------- lobby

    async def create(
        self, spec: TableSpec, mine: set[int], seed: int | None = None
    ) -> tuple[TableRow, LiveTable]:
        if seed is None or not self.allow_seed:
            seed = secrets.randbits(62)
        row = spec.new_row(secrets.token_urlsafe(9), seed, time.time(), mine)
        table = LiveTable.start(row)
        await self.storage.create_table(row)
        slot = _Slot(table)
        self._slots[row.id] = slot
        slot.driver = asyncio.create_task(self._drive(slot))
        slot.wake.set()
        return row, table

    async def join(self, table_id: str) -> tuple[int, str]:
        """Claim the first free human seat: (seat, token)."""
        slot = await self._slot(table_id)
        async with slot.lock:
            for s in slot.table.row.seats:
                free = s.kind == HUMAN and not s.claimed
                if free and await self.storage.claim_seat(table_id, s.seat):
                    self._mark_claimed(slot, s.seat)
                    slot.wake.set()
                    await self.pubsub.publish(table_id, slot.table.version)
                    return s.seat, s.token
            raise ProtocolError("no_seat", "every seat at this table is taken")

    def _mark_claimed(self, slot: _Slot, seat: int) -> None:
        row = slot.table.row
        seats = tuple(
            dataclasses.replace(s, claimed=True) if s.seat == seat else s for s in row.seats
        )
        slot.table.row = dataclasses.replace(row, seats=seats)

    def connected(self, table_id: str) -> dict[int, int]:
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
        return protocol.table_json(
            t.row,
            self.connected(table_id),
            version=t.version,
            num_actions=len(t.steps),
            status="finished" if t.finished else "running",
            current=t.game.current_player,
            turn=t.turn(),
            result=t.result(),
        )

    async def list_tables(self, limit: int = 100) -> list[dict[str, Any]]:
        rows = await self.storage.list_tables(None, limit)
        return [self.table_json(r.id, r) for r in rows]

    async def info(self, table_id: str) -> dict[str, Any]:
        await self._slot(table_id)
        return self.table_json(table_id)

    # ---------------------------------------------------------------- connections

    async def connect(self, table_id: str, token: str | None) -> Subscriber:
        while True:
            slot = await self._slot(table_id)
            seat: int | None = None
            if token:
                seat = slot.table.seat_of_token(token)
                if seat is None or slot.table.kind(seat) != HUMAN:
                    raise ProtocolError("bad_token", "this seat link is not valid for this table")
            sub = Subscriber(table_id, seat)
            async with slot.lock:
                if self._slots.get(table_id) is not slot:
                    continue  # evicted meanwhile: load it again
                claimed = False
                if seat is not None and not slot.table.row.seats[seat].claimed:
                    await self.storage.claim_seat(table_id, seat)
                    self._mark_claimed(slot, seat)
                    claimed = True
                slot.subs.add(sub)
                self._send_state(slot, sub)
            slot.wake.set()  # others see the new connection
            if claimed:
                await self.pubsub.publish(table_id, slot.table.version)
            return sub

    def disconnect(self, sub: Subscriber) -> None:
        slot = self._slots.get(sub.table_id)
        if slot is not None and sub in slot.subs:
            slot.subs.discard(sub)
            slot.wake.set()

    # ---------------------------------------------------------------- actions

    async def act(self, sub: Subscriber, action: str | int, version: int) -> None:
        slot = await self._slot(sub.table_id)
        async with slot.lock:
            self._check_turn(slot, sub, version)
            try:
                await self._commit(slot, sub.seat, action)  # type: ignore[arg-type]
            except IllegalActionError as exc:
                raise ProtocolError("illegal", str(exc), exc.refusal) from None
            except InvalidActionError as exc:
                raise ProtocolError("illegal", str(exc)) from None

    async def undo(self, sub: Subscriber, version: int) -> None:
        slot = await self._slot(sub.table_id)
        async with slot.lock:
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
            table.undo()
            table.version += 1
            slot.epoch += 1
            await self._changed(slot)

    def _check_turn(self, slot: _Slot, sub: Subscriber, version: int) -> LiveTable:
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
        current = table.game.current_player
        if current != sub.seat:
            why = None if current is None else not_your_turn(current)
            raise ProtocolError("not_your_turn", "it is not your turn", why)
        return table

    async def _commit(self, slot: _Slot, seat: int, action: str | int) -> None:
        table = slot.table
        step, before = table.try_apply(seat, action)
        row = ActionRow(len(table.steps), seat, step.action, step.state_hash)
        status = "finished" if table.finished else "running"
        try:
            await self.storage.append_action(table.id, table.version, row, status, table.result())
        except VersionConflict:
            table.roll_back(before)
            await self._reload(slot)
            raise ProtocolError("stale", "the game moved on; here is the current state") from None
        except BaseException:
            table.roll_back(before)
            raise
        table.version += 1
        await self._changed(slot)

    async def _changed(self, slot: _Slot) -> None:
        slot.wake.set()
        await self.pubsub.publish(slot.table.id, slot.table.version)

    async def _bot_move(self, slot: _Slot, seat: int, version: int) -> None:
        async with slot.lock:
            table = slot.table
            if table.version != version or table.bot_to_act() != seat:
                return
            bots = table.bots
            # The inputs on the loop's thread (the game is read there only); the thinking in
            # a worker thread, with the stream of this step (match.bot_rng_at).
            view, legal = bots.inputs(table.game, seat)
            rng = table.bot_rng(seat)
            action = await asyncio.to_thread(bots.decide, seat, view, legal, rng)
            with contextlib.suppress(ProtocolError):
                await self._commit(slot, seat, action.id)

    # ---------------------------------------------------------------- other processes

    async def on_remote_change(self, table_id: str, version: int) -> None:
        slot = self._slots.get(table_id)
        if slot is None:
            return
        async with slot.lock:
            if version > slot.table.version:
                await self._reload(slot)
            else:  # perhaps a seat was taken elsewhere (claims only ever go from free to taken)
                row = await self.storage.load_table(table_id)
                for s in row.seats if row is not None else ():
                    if s.claimed and not slot.table.row.seats[s.seat].claimed:
                        self._mark_claimed(slot, s.seat)
                        slot.wake.set()

    async def _reload(self, slot: _Slot) -> None:
        """Bring a table up to what storage holds (another process changed it)."""
        table = slot.table
        record = await self.storage.load_record(table.id)
        if record is None:
            return
        row, actions = record
        n = len(table.steps)
        same_prefix = len(actions) >= n and all(
            a.state_hash == s.state_hash for a, s in zip(actions[:n], table.steps, strict=True)
        )
        if same_prefix:
            for a in actions[n:]:
                table.replay_step(a)
            table.row = row
            table.version = row.version
        else:
            slot.table = await asyncio.to_thread(LiveTable.restore, row, actions)
            slot.epoch += 1
        slot.wake.set()

    # ---------------------------------------------------------------- broadcasting

    async def _drive(self, slot: _Slot) -> None:
        """The table's driver: broadcast each change, pace the Rhom's steps, move the bots."""
        while True:
            if slot.table.finished and not slot.subs and self.evict_after >= 0:
                try:
                    await asyncio.wait_for(slot.wake.wait(), self.evict_after)
                except TimeoutError:
                    if await self._evict(slot):
                        return
                    continue
            else:
                await slot.wake.wait()
            slot.wake.clear()
            try:
                await self._broadcast(slot)
                table = slot.table
                seat = table.bot_to_act()
                if seat is not None:
                    version = table.version
                    await asyncio.sleep(self.bot_delay)
                    await self._bot_move(slot, seat, version)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: driver step failed", slot.table.id)
                await asyncio.sleep(0.5)
                slot.wake.set()

    async def _evict(self, slot: _Slot) -> bool:
        """Drop a finished, unwatched table from memory (storage keeps it)."""
        async with self._loading, slot.lock:
            if slot.subs or not slot.table.finished or self._slots.get(slot.table.id) is not slot:
                return False
            del self._slots[slot.table.id]
            return True

    def loaded(self) -> list[str]:
        """The ids of the tables in memory."""
        return list(self._slots)

    async def _broadcast(self, slot: _Slot) -> None:
        table = slot.table
        end = len(table.log)
        if self.step_delay > 0:
            await self._pace(slot, end)
        shared = self._shared(slot)
        # The seat that just acted hears first: it waits for the answer to its own action.
        steps = slot.table.steps
        last = steps[-1].seat if steps else None
        for sub in sorted(slot.subs, key=lambda s: s.seat != last):
            self._send_state(slot, sub, shared)

    async def _pace(self, slot: _Slot, end: int) -> None:
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

    def _send_events(self, slot: _Slot, sub: Subscriber, upto: int, memo: dict[Any, str]) -> None:
        if sub.epoch == slot.epoch and 0 <= sub.log_pos < upto:
            sub.send(events_message(slot.table, sub, upto, memo))

    def _decision(self, slot: _Slot) -> tuple[Decision | None, Any]:
        """The current decision and its prompt (read once per state version)."""
        key = (slot.table.version, slot.epoch, len(slot.table.steps))
        if slot.decision is None or slot.decision[0] != key:
            decision = slot.table.game.decision()
            prompt = None if decision is None else slot.table.plugin.prompt(decision)
            slot.decision = (key, decision, prompt)
        return slot.decision[1], slot.decision[2]

    def _shared(self, slot: _Slot) -> Shared:
        """What the state messages of one broadcast share (see ``broadcast``)."""
        decision, prompt = self._decision(slot)
        return shared_parts(self.table_json(slot.table.id), decision, prompt)

    def _send_state(self, slot: _Slot, sub: Subscriber, shared: Shared | None = None) -> None:
        """Send ``sub`` the table's state if it has not seen it yet."""
        if shared is None:
            shared = self._shared(slot)
        message = state_message(slot.table, slot.epoch, sub, shared)
        if message is not None:
            sub.send(message)

    # ---------------------------------------------------------------- replay

    async def replay(self, table_id: str, step: int) -> dict[str, Any]:
        """A finished game at ``step`` as a spectator saw it, with that step's events."""
        slot = await self._slot(table_id)
        table = slot.table
        if not table.finished:
            raise ProtocolError("not_finished", "only finished games can be replayed")
        game, events, before = await asyncio.to_thread(table.game_at, step)
        label = None
        if before is not None:  # the step's action, as it read when it was played
            played = table.spec.actions.coerce(table.steps[step - 1].action)
            labels = table.plugin.labels(before.spectator_view(), [played])
            label = labels.get(played.id, table.plugin.action_table()[played.id]["label"])
        return {
            "step": step,
            "steps": len(table.steps),
            "actions": [{"seat": s.seat, "action": s.action} for s in table.steps],
            "label": label,
            "over": game.is_terminal(),
            "view": game.spectator_view(),
            "events": protocol.events_json(table.spec.events, table.plugin, events, None),
            "table": self.table_json(table_id),
        }
