"""The tables one server process holds in memory, and how they stay the same as storage.

A process must never serve a stale table, even when it misses a change another process made
(a Redis notice lost in an outage, or a commit whose reply was lost so that the process that
made it does not know). ``LoadedTables`` (the base of the game service) keeps each loaded table
in a ``Slot`` and brings it back to what storage holds:

- on a notice from another process (``on_remote_change``): a newer version is reloaded, and for
  the same version the table's row is read again (seats taken, names, bots, last connections)
  with its new notes (``_refresh``); a notice for a table that is gone drops it;
- whenever notices may have been missed (``on_notices_lost``, after a Redis outage) and, with a
  shared pub/sub, every ``resync_every`` seconds: one query reads the version and the number of
  notes of every loaded table (every change of the seats writes a note), and each table that
  differs is reloaded (``resync``);
- when a connection subscribes and when the lobby asks about one table (``_fresh``): that
  table's row is read again first;
- a table whose last write has an unknown outcome (the database did not answer) is marked
  ``suspect`` and reloaded before anything else is done with it.

The same class does the upkeep of memory and storage: a finished table nobody watches leaves
memory after ``evict_after`` seconds, and every ``sweep_every`` seconds the tables someone is
connected to are marked in use and the unfinished tables nobody touched for ``expire_after``
seconds are deleted (their connections are told, other processes hear it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

from iridescia.core.game import Decision
from iridescia.web import protocol
from iridescia.web.absence import Stall
from iridescia.web.broadcast import Subscriber
from iridescia.web.protocol import ProtocolError
from iridescia.web.pubsub import GONE, PubSub
from iridescia.web.storage import Storage
from iridescia.web.tables import LiveTable

log = logging.getLogger("iridescia.web")


@dataclass(eq=False)
class Slot:
    """What a process keeps per loaded table."""

    table: LiveTable
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    subs: set[Subscriber] = field(default_factory=set)
    driver: asyncio.Task[None] | None = None
    epoch: int = 0  # bumped when the log is rewritten (undo, reload)
    # The current decision and its prompt, for the state version it was read at (every
    # connection's state message carries them: read once per change).
    decision: tuple[tuple[int, int, int], Decision | None, Any] | None = None
    suspect: bool = False  # a write's outcome is unknown: reload before using the table
    gone: bool = False  # deleted from storage (expired): nothing more happens here
    stall: Stall | None = None  # the seat the table waits for, checked against storage
    check_at: float | None = None  # when to look at the absence deadlines again (epoch)


def unconfirmed() -> ProtocolError:
    return ProtocolError(
        "server_error",
        "the server could not confirm that action; send it again (it is never applied twice)",
    )


class LoadedTables:
    """The loaded tables of one process, kept the same as storage (module docstring)."""

    def __init__(
        self,
        storage: Storage,
        pubsub: PubSub,
        *,
        evict_after: float,
        expire_after: float,
        sweep_every: float,
        resync_every: float,
    ) -> None:
        self.storage = storage
        self.pubsub = pubsub
        self.evict_after = evict_after
        self.expire_after = expire_after
        self.sweep_every = sweep_every
        self.resync_every = resync_every
        self._slots: dict[str, Slot] = {}
        self._loading = asyncio.Lock()
        self._upkeep: list[asyncio.Task[None]] = []

    def _drive(self, slot: Slot) -> Coroutine[Any, Any, None]:
        """The task that broadcasts a table's changes and moves its bots (the service's)."""
        raise NotImplementedError

    # ---------------------------------------------------------------- loading

    async def _slot(self, table_id: str) -> Slot:
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
            notes = await self.storage.load_notes(table_id)
            table = await asyncio.to_thread(LiveTable.restore, row, actions, notes)
            slot = self._adopt(Slot(table))
        if self.pubsub.shared:
            # The process that made the last change may have died between its commit and its
            # notice (a restarted process loads its tables again): whoever holds the table
            # compares this version with its own.
            await self.pubsub.publish(table_id, table.version)
        return slot

    def _adopt(self, slot: Slot) -> Slot:
        """Hold a table from now on, and start its driver (which resumes a bot's turn)."""
        self._slots[slot.table.id] = slot
        slot.driver = asyncio.create_task(self._drive(slot))
        slot.wake.set()
        return slot

    async def _fresh(self, table_id: str) -> Slot:
        """The table, checked against storage first (a connection subscribing, the lobby
        asking): a process that missed a change catches up here at the latest."""
        slot = await self._slot(table_id)
        async with slot.lock:
            if slot.suspect:
                await self._settle(slot)
            else:
                await self._refresh(slot)
        if slot.gone:
            raise ProtocolError("no_table", "there is no such table")
        return slot

    async def _settle(self, slot: Slot) -> None:
        """Reload a suspect table (the caller holds its lock); if storage does not answer,
        nothing can be done with the table yet."""
        if not slot.suspect:
            return
        try:
            await self._reload(slot)
        except Exception as exc:
            log.warning("table %s: still cannot read it back (%s)", slot.table.id, exc)
            slot.wake.set()  # its driver tries again every SETTLE_EVERY seconds
            raise unconfirmed() from None
        # The write in doubt may have been made: the other processes may not know it either.
        await self.pubsub.publish(slot.table.id, slot.table.version)

    async def _reload(self, slot: Slot) -> None:
        """Bring a table up to what storage holds (the caller holds its lock)."""
        table = slot.table
        record = await self.storage.load_record(table.id)
        if record is None:
            self._drop(slot)
            return
        row, actions = record
        n = len(table.steps)
        same_prefix = len(actions) >= n and all(
            a.state_hash == s.state_hash for a, s in zip(actions[:n], table.steps, strict=True)
        )
        if same_prefix:
            for a in actions[n:]:
                table.replay_step(a)
            table.adopt_row(row)
            table.version = row.version
        else:
            notes = await self.storage.load_notes(table.id)
            slot.table = await asyncio.to_thread(LiveTable.restore, row, actions, notes)
            slot.epoch += 1
        await self._read_notes(slot, row.notes)
        slot.suspect = False
        slot.wake.set()

    async def _refresh(self, slot: Slot) -> None:
        """Read a table's row again (the caller holds its lock): a newer version is reloaded;
        otherwise the seats (taken, names, bots, last connections) and the new notes are
        adopted."""
        row = await self.storage.load_table(slot.table.id)
        if row is None:
            self._drop(slot)
        elif row.version != slot.table.version:
            await self._reload(slot)
        else:
            changed = row.seats != slot.table.row.seats or row.notes != slot.table.row.notes
            changed = changed or row.turn_started != slot.table.row.turn_started
            slot.table.adopt_row(row)
            await self._read_notes(slot, row.notes)
            if changed:
                slot.wake.set()

    async def _read_notes(self, slot: Slot, count: int) -> None:
        """The table's notes up to number ``count``, those not held yet read from storage."""
        table = slot.table
        held = table.notes[-1].n if table.notes else 0
        if count > held:
            table.add_notes(await self.storage.load_notes(table.id, held))

    async def _changed(self, slot: Slot) -> None:
        """A change was committed: the table's driver tells its connections, the other
        processes are told."""
        slot.wake.set()
        await self.pubsub.publish(slot.table.id, slot.table.version)

    def _drop(self, slot: Slot) -> None:
        """Forget a table storage no longer has (it expired): its connections are told."""
        slot.gone = True
        if self._slots.get(slot.table.id) is slot:
            del self._slots[slot.table.id]
        for sub in list(slot.subs):
            sub.send(protocol.error("no_table", "this table no longer exists (it was abandoned)"))
            sub.close()
        slot.subs.clear()
        if slot.driver is not None and slot.driver is not asyncio.current_task():
            slot.driver.cancel()

    def loaded(self) -> list[str]:
        """The ids of the tables in memory."""
        return list(self._slots)

    # ---------------------------------------------------------------- other processes

    async def on_remote_change(self, table_id: str, version: int) -> None:
        slot = self._slots.get(table_id)
        if slot is None:
            return
        async with slot.lock:
            if version == GONE or version > slot.table.version or slot.suspect:
                await self._reload(slot)  # a gap of several versions is read all at once
            else:  # the seats or the notes changed elsewhere
                await self._refresh(slot)

    async def on_notices_lost(self) -> None:
        """Notices may have been missed (Redis was away): check every table."""
        await self.resync()

    async def resync(self) -> list[str]:
        """Check every loaded table against storage (one query) and reload those that differ;
        returns their ids."""
        slots = list(self._slots.values())
        if not slots:
            return []
        stored = await self.storage.table_versions([s.table.id for s in slots])
        changed = []
        for slot in slots:
            table = slot.table
            if slot.suspect or stored.get(table.id) != (table.version, table.row.notes):
                changed.append(table.id)
                async with slot.lock:
                    if not slot.gone:
                        await self._reload(slot)
        if changed:
            log.info("caught up with storage: %d tables", len(changed))
        return changed

    # ---------------------------------------------------------------- upkeep

    def start_upkeep(self) -> None:
        self._upkeep.append(asyncio.create_task(self._every(self.sweep_every, self.sweep)))
        if self.pubsub.shared:
            self._upkeep.append(asyncio.create_task(self._every(self.resync_every, self.resync)))

    async def stop_upkeep(self) -> None:
        for task in self._upkeep:
            task.cancel()
        for task in self._upkeep:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._upkeep.clear()

    async def _every(self, seconds: float, job: Any) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await job()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # storage away: the next round tries again
                log.warning("%s failed: %s", job.__name__, exc)

    async def sweep(self, now: float | None = None) -> list[str]:
        """Mark the tables someone is connected to as in use, then delete the unfinished ones
        nobody touched for ``expire_after`` seconds (0: never); returns their ids."""
        if self.expire_after <= 0:
            return []
        now = time.time() if now is None else now
        watched = [s.table.id for s in self._slots.values() if s.subs and not s.table.finished]
        if watched:
            await self.storage.touch(watched, now)
        expired = await self.storage.expire(now - self.expire_after)
        for table_id in expired:
            slot = self._slots.get(table_id)
            if slot is not None:
                async with slot.lock:
                    self._drop(slot)
            await self.pubsub.publish(table_id, GONE)
        if expired:
            log.info("%d abandoned tables deleted", len(expired))
        return expired

    async def _evict(self, slot: Slot) -> bool:
        """Drop a finished, unwatched table from memory (storage keeps it)."""
        async with self._loading, slot.lock:
            if slot.subs or not slot.table.finished or self._slots.get(slot.table.id) is not slot:
                return False
            del self._slots[slot.table.id]
            return True
