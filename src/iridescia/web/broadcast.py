"""What each connection of a table is sent: its state message, and the paced events message.

A connection (``Subscriber``) has a seat, or none (a spectator), and a queue of messages its
WebSocket handler sends in order. ``state_message`` builds, for one connection, everything new
since its previous message (``protocol`` documents the format): the seat's view or a patch of
it, the events it has not had (redacted by the game's catalogue, with their log lines), whether
it may undo, the decision, its legal actions by id, and the table's information.

The parts every connection of one broadcast shares (``Shared``: the table's information, the
decision, the public events) are described and encoded once per broadcast, and the state message
is assembled from encoded parts (``protocol.joined``). Measured in process (docs/web.md,
Performance): with each connection encoding everything and the legal actions described in every
message, a 2-seat table's messages cost 10-20% more CPU per action than before the log lines,
prompts and actions were sent; shared, and with the actions named by id (their descriptions go
once per game, ``GET /api/games/<game>/actions``), 6% more for 2 seats and 1.5% less for 4.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from iridescia.core.game import Decision
from iridescia.web import protocol
from iridescia.web.protocol import dumps, flag, view_patch
from iridescia.web.tables import LiveTable

QUEUE_LIMIT = 512  # messages waiting for one slow connection before it is dropped


@dataclass(eq=False)
class Subscriber:
    """One connection: its seat (None for a spectator) and what it has received."""

    table_id: str
    seat: int | None
    queue: asyncio.Queue[dict[str, Any] | str | None] = field(
        default_factory=lambda: asyncio.Queue(QUEUE_LIMIT)
    )
    log_pos: int = -1  # events of the table log already sent; -1: send the whole log
    epoch: int = -1
    closed: bool = False
    sent: tuple[Any, ...] = ()  # what the latest state message showed, to skip repeats
    view: Mapping[str, Any] | None = None  # the view as this connection has it (for patches)

    def close(self) -> None:
        """Ask the connection handler to close this connection."""
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message: a JSON-ready dict, or one already encoded."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.closed = True  # too slow: the connection handler closes it
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)


@dataclass
class Shared:
    """What every connection's state message shares in one broadcast, encoded once."""

    info: dict[str, Any]  # the table's information (protocol.table_json)
    decision: Decision | None
    tail: str  # '"decision":{"player","prompt"},"table":{...}', encoded
    memo: dict[Any, str] = field(default_factory=dict)  # public events, encoded by span


def shared_parts(info: dict[str, Any], decision: Decision | None, prompt: Any) -> Shared:
    """The shared parts of a broadcast's state messages."""
    brief = None if decision is None else {"player": decision.player, "prompt": prompt}
    return Shared(info, decision, protocol.members({"decision": brief, "table": info}))


def state_message(table: LiveTable, epoch: int, sub: Subscriber, shared: Shared) -> str | None:
    """``sub``'s state message, or None when it has seen this state already (``epoch``: the
    table's log generation, bumped when the log is rewritten). Updates what ``sub`` has had."""
    seats = tuple((s["claimed"], s["connected"]) for s in shared.info["seats"])
    key = (table.version, epoch, len(table.log), seats)
    if key == sub.sent:
        return None
    sub.sent = key
    reset = sub.epoch != epoch or sub.log_pos < 0 or sub.log_pos > len(table.log)
    start = 0 if reset else sub.log_pos
    game = table.game
    view = game.spectator_view() if sub.seat is None else game.view(sub.seat)
    seat = "null" if sub.seat is None else str(sub.seat)
    fields = [("type", '"state"'), ("version", str(table.version)), ("seat", seat)]
    if sub.view is None:
        fields.append(("view", dumps(view)))
    else:
        fields.append(("patch", dumps(view_patch(sub.view, view, table.plugin.keyed_lists))))
    sub.view = view
    span = (start, len(table.log))
    events = protocol.events_encoded(
        table.spec.events, table.plugin, table.log, span, sub.seat, shared.memo
    )
    decision = shared.decision
    actions = '"actions":[],"labels":{}'
    if decision is not None and decision.player == sub.seat:
        labels = table.plugin.labels(view, decision.actions)
        actions = protocol.members({"actions": [a.id for a in decision.actions], "labels": labels})
    fields += [
        ("events", events),
        ("reset", flag(reset)),
        ("can_undo", flag(sub.seat is not None and table.can_undo(sub.seat))),
    ]
    sub.log_pos = len(table.log)
    sub.epoch = epoch
    return protocol.joined(fields, actions, shared.tail)


def events_message(table: LiveTable, sub: Subscriber, upto: int, memo: dict[Any, str]) -> str:
    """The events of the table's log ``sub`` has not had, up to ``upto`` (an automa's or a
    bot's steps, shown one by one); ``memo`` is shared by the connections of that step."""
    span = (sub.log_pos, upto)
    events = protocol.events_encoded(
        table.spec.events, table.plugin, table.log, span, sub.seat, memo
    )
    sub.log_pos = upto
    return protocol.joined((("type", '"events"'), ("events", events)))
