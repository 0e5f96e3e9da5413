"""The browser's "Analyse" of a finished game: ``GET /api/tables/{id}/analysis?seat=N``.

The analysis itself is ``iridescia.analysis.analyse`` (a seat's decisions next to the strongest
bot's, from that seat's view only). Its suggestions say what the seat could see, so who may ask
follows the replay's rule: a seat's analysis is for the holder of that seat's own token only
(``X-Iridescia-Token``), not the creator, not another seat; a private table is 404 to anyone
else; an unfinished game has no analysis (409 ``not_finished``).

An analysis costs seconds of CPU, so it runs in a worker thread and is bounded per process: at
most ``running`` at a time, at most ``waiting`` more queue behind them, and any further request
gets 503 ``busy`` with a message saying to try again. The same (table, seat) asked twice while
it runs waits for the first; results are kept in a small LRU (a finished game never changes).
"""

from __future__ import annotations

import asyncio
import os
from collections import OrderedDict
from typing import Any

from iridescia.analysis import DEFAULT_BOT, analyse
from iridescia.bots import make_bot
from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games import from_record
from iridescia.games import get as get_game
from iridescia.match import HUMAN
from iridescia.web.games import plugin
from iridescia.web.protocol import ProtocolError
from iridescia.web.seats import not_found
from iridescia.web.service import GameService
from iridescia.web.tables import LiveTable

RUNNING = 1  # analyses computed at once (the machine's other work goes on meanwhile)
WAITING = 3  # analyses that may queue behind them before the next is refused
CACHED = 32  # finished analyses kept
WORLDS = 2  # re-dealings of the hidden information per decision (more: slower, steadier)
BOT = os.environ.get("IRIDESCIA_ANALYSIS_BOT", DEFAULT_BOT)  # a faster bot for tests

Key = tuple[str, int]


class Analyses:
    """The analyses of one server process: bounded, shared while running, cached when done."""

    def __init__(
        self,
        service: GameService,
        *,
        bot: str = BOT,
        worlds: int = WORLDS,
        running: int = RUNNING,
        waiting: int = WAITING,
        cached: int = CACHED,
    ) -> None:
        self.service = service
        self.bot = bot
        self.worlds = worlds
        self.running = running
        self.waiting = waiting
        self.cached = cached
        self._slots = asyncio.Semaphore(running)
        self._pending = 0  # requests computing or queued (each distinct (table, seat) once)
        self._cache: OrderedDict[Key, dict[str, Any]] = OrderedDict()
        self._inflight: dict[Key, asyncio.Task[dict[str, Any]]] = {}

    async def of(self, table_id: str, seat: int | None, token: str | None) -> dict[str, Any]:
        """The analysis of ``seat`` in the finished table ``table_id`` for the holder of
        ``token`` (see the module docstring for the refusals)."""
        slot = await self.service._slot(table_id)
        table = slot.table
        if not table.may_see(token):
            raise not_found()
        if not table.finished:
            raise ProtocolError("not_finished", "only a finished game can be analysed")
        if seat is None or token is None or table.seat_of_token(token) != seat:
            raise ProtocolError("not_your_seat", "only a seat's player analyses its decisions")
        if seat in table.game.automa_seats:
            raise ProtocolError("bad_seat", "this seat makes no decisions")
        key = (table_id, seat)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        if key in self._inflight:
            return await asyncio.shield(self._inflight[key])
        if self._pending >= self.running + self.waiting:
            raise ProtocolError("busy", "the server is analysing other games; try again soon")
        # The record is read here, in the service's loop: the table is not thread-safe.
        record = table.game.record()
        steps = len(table.steps)
        # The computation is a task of its own: a request that goes away (its page closed)
        # neither stops it (its answer is cached for the next) nor frees its place early.
        task = asyncio.get_running_loop().create_task(self._run(key, record, steps))
        task.add_done_callback(lambda done: done.cancelled() or done.exception())  # retrieved
        self._inflight[key] = task
        self._pending += 1
        return await asyncio.shield(task)

    async def _run(self, key: Key, record: GameRecord, steps: int) -> dict[str, Any]:
        """Compute one analysis when a place is free, then cache it."""
        try:
            async with self._slots:
                result = await asyncio.to_thread(self._compute, record, key[1])
        except ValueError as exc:  # a game without search heuristics, a seat without choices
            raise ProtocolError("no_analysis", str(exc)) from None
        finally:
            self._pending -= 1
            del self._inflight[key]
        result = {**result, "table": key[0], "steps": steps}
        self._cache[key] = result
        while len(self._cache) > self.cached:
            self._cache.popitem(last=False)
        return result

    async def hint(self, table_id: str, token: Any) -> dict[str, Any]:
        """The strongest bot's choice for the seat of ``token`` now, from that seat's view only:
        ``{"action": text, "label"}``. Only at a table where every person's seat is played on
        the device that made it (solo, hot-seat, against bots: ``local_only``), never at a table
        with invited or joined players (403 ``no_hints``); only on the seat's turn (409
        ``not_your_turn``); bounded like the analyses (503 ``busy``)."""
        slot = await self.service._slot(table_id)
        table = slot.table
        seat = table.seat_of_token(token) if isinstance(token, str) else None
        if seat is None:
            raise not_found()
        if not local_only(table):
            raise ProtocolError("no_hints", "hints are only for tables played on one device")
        decision = None if table.finished else table.game.decision()
        if decision is None or decision.player != seat:
            raise ProtocolError("not_your_turn", "a hint is for the seat whose turn it is")
        if self._pending >= self.running + self.waiting:
            raise ProtocolError("busy", "the server is analysing other games; try again soon")
        view, actions = table.game.view(seat), list(decision.actions)
        spec, face = table.spec, table.plugin
        self._pending += 1
        try:
            async with self._slots:
                rng = Rng(len(table.steps) * 0x9E3779B1 ^ seat)
                choice = await asyncio.to_thread(
                    lambda: make_bot(self.bot, spec).choose(view, actions, rng)
                )
        finally:
            self._pending -= 1
        return {"action": str(choice), "label": face.labels(view, [choice]).get(choice.id)}

    def _compute(self, record: GameRecord, seat: int) -> dict[str, Any]:
        """The analysis itself (in a worker thread: it touches no table, only the record)."""
        result = analyse(record, seat, bot=self.bot, worlds=self.worlds).to_json()
        add_labels(record, seat, result["moments"])
        return result


def local_only(table: LiveTable) -> bool:
    """Whether every person's seat of ``table`` is played on the device that made it: no seat
    had an invite and nobody joined a free seat."""
    people = [s for s in table.row.seats if s.kind == HUMAN]
    return all(s.invite is None for s in people) and not any(n.kind == "join" for n in table.notes)


def add_labels(record: GameRecord, seat: int, moments: list[dict[str, Any]]) -> None:
    """Each moment's ``played_label`` and ``suggested_label``: what the two actions said in the
    seat's prompt then (the item bought and its cost, mining's cost and target...), as the
    game's web face labels them from the seat's view; None where the action table's label
    says it all. The record is replayed once, from the seat's view only."""
    spec = get_game(record.game)
    face = plugin(record.game)
    at = {m["step"]: m for m in moments}
    game = from_record(record, upto=0)
    for step, text in enumerate(record.actions):
        moment = at.get(step)
        if moment is not None:
            played = spec.actions.coerce(moment["played"])
            suggested = spec.actions.coerce(moment["suggested"])
            labels = face.labels(game.view(seat), [played, suggested])
            moment["played_label"] = labels.get(played.id)
            moment["suggested_label"] = labels.get(suggested.id)
        game.apply(text)
