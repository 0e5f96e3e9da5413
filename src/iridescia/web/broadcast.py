"""What each connection of a table is sent (its state message, the paced events message), and
what a replay shows: everything that leaves the server about a game, redacted the same way.

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

The table's notes (chat lines, seats taken, bots for absent players: ``web.notes``) go in a
message of their own, ``notes``, with what a connection has not had (on connecting: the latest
``NOTES_SENT``); everyone at the table reads them, spectators too.

Views are built once per seat per broadcast (the spectator view once for every spectator), and
connections that had the same previous message get the very same new one, built once: a
thousand spectators of one table cost one view, one patch and one encoding per change, not a
thousand (they cost 0.48 s of CPU per move before; docs/web.md, Performance).

The replay of a finished game (``replay_json``) passes the same redaction as a live spectator:
the game's ``spectator_view`` after the step and the step's events redacted for a spectator by
the event catalogue; nothing else of the record is sent. In particular the actions' texts are
not: "discard objective 5" names a card the other players never see (spec R12 of Gems of
Iridescia). The list of steps gives each step's seat only, and a step's action is labelled only
when every event it made is public.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from iridescia.core.events import Event, EventCatalogue
from iridescia.core.game import Decision
from iridescia.web import protocol
from iridescia.web.notes import note_json
from iridescia.web.plugin import Text
from iridescia.web.protocol import dumps, flag, view_patch
from iridescia.web.tables import LiveTable

QUEUE_LIMIT = 512  # messages waiting for one slow connection before it is dropped
MAX_STEP_DIGITS = 6  # a step in a replay URL: no game is a million steps long
NOTES_SENT = 300  # a new connection gets the table's latest notes (chat lines), not more


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
    notes_n: int = 0  # the number of the latest note sent

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
    now: float  # the server's time (the browser shows the turn clock with it)
    # What a reader has seen of the table, but the time of its last write (``updated``): a
    # chat line, say, reads the table's row again, and must not resend every state message.
    key: str = ""
    memo: dict[Any, str] = field(default_factory=dict)  # public events, encoded by span
    views: dict[int | None, Mapping[str, Any]] = field(default_factory=dict)  # by seat
    # Messages already built, by (seat, the view the reader had, events from, reset): with the
    # view the reader had kept alive, so that its id cannot be reused within the broadcast.
    messages: dict[Any, tuple[Mapping[str, Any] | None, str]] = field(default_factory=dict)


def shared_parts(
    info: dict[str, Any], decision: Decision | None, prompt: Any, now: float
) -> Shared:
    """The shared parts of a broadcast's state messages."""
    brief = None if decision is None else {"player": decision.player, "prompt": prompt}
    tail = protocol.members({"decision": brief, "table": info})
    key = protocol.dumps([brief, {k: v for k, v in info.items() if k != "updated"}])
    return Shared(info, decision, tail, now, key)


def state_message(table: LiveTable, epoch: int, sub: Subscriber, shared: Shared) -> str | None:
    """``sub``'s state message, or None when it has seen this state already (``epoch``: the
    table's log generation, bumped when the log is rewritten). Updates what ``sub`` has had."""
    key = (table.version, epoch, len(table.log), shared.key)  # the table's seats, clock...
    if key == sub.sent:
        return None
    sub.sent = key
    reset = sub.epoch != epoch or sub.log_pos < 0 or sub.log_pos > len(table.log)
    start = 0 if reset else sub.log_pos
    view = shared.views.get(sub.seat)
    if view is None:
        game = table.game
        view = game.spectator_view() if sub.seat is None else game.view(sub.seat)
        shared.views[sub.seat] = view
    built = (sub.seat, id(sub.view), start, reset)
    had = shared.messages.get(built)
    if had is not None and had[0] is sub.view:
        message = had[1]
    else:
        message = _build(table, sub, shared, view, start, reset)
        shared.messages[built] = (sub.view, message)
    sub.view = view
    sub.log_pos = len(table.log)
    sub.epoch = epoch
    return message


def _build(
    table: LiveTable,
    sub: Subscriber,
    shared: Shared,
    view: Mapping[str, Any],
    start: int,
    reset: bool,
) -> str:
    """The state message for a reader of ``sub``'s seat who has ``sub.view`` and the events
    before ``start``."""
    seat = "null" if sub.seat is None else str(sub.seat)
    fields = [("type", '"state"'), ("version", str(table.version)), ("seat", seat)]
    if sub.view is None:
        fields.append(("view", dumps(view)))
    else:
        fields.append(("patch", dumps(view_patch(sub.view, view, table.plugin.keyed_lists))))
    span = (start, len(table.log))
    events = protocol.events_encoded(
        table.spec.events, table.plugin, table.log, span, sub.seat, shared.memo
    )
    decision = shared.decision
    actions = '"actions":[],"labels":{}'
    if decision is not None and decision.player == sub.seat and _plays(table, sub.seat):
        labels = table.plugin.labels(view, decision.actions)
        actions = protocol.members({"actions": [a.id for a in decision.actions], "labels": labels})
    undo = sub.seat is not None and _plays(table, sub.seat) and table.can_undo(sub.seat)
    fields += [
        ("events", events),
        ("reset", flag(reset)),
        ("can_undo", flag(undo)),
        ("now", repr(round(shared.now, 3))),
    ]
    return protocol.joined(fields, actions, shared.tail)


def _plays(table: LiveTable, seat: int | None) -> bool:
    """Whether the person at ``seat`` may act: the game has started and no bot plays for
    them."""
    return seat is not None and table.started and table.row.seats[seat].bot is None


def notes_message(table: LiveTable, sub: Subscriber, memo: dict[Any, str]) -> str | None:
    """The table's notes ``sub`` has not had (None: none), and marks them had; ``memo`` is
    shared by the connections of one broadcast (each message is encoded once)."""
    notes = table.notes
    if not notes or notes[-1].n <= sub.notes_n:
        return None
    key = ("notes", sub.notes_n, notes[-1].n)
    message = memo.get(key)
    if message is None:
        start = len(notes)
        while start > 0 and notes[start - 1].n > sub.notes_n and len(notes) - start < NOTES_SENT:
            start -= 1
        message = dumps({"type": "notes", "notes": [note_json(n) for n in notes[start:]]})
        memo[key] = message
    sub.notes_n = notes[-1].n
    return message


def events_message(table: LiveTable, sub: Subscriber, upto: int, memo: dict[Any, str]) -> str:
    """The events of the table's log ``sub`` has not had, up to ``upto`` (an automa's or a
    bot's steps, shown one by one); ``memo`` is shared by the connections of that step."""
    span = (sub.log_pos, upto)
    events = protocol.events_encoded(
        table.spec.events, table.plugin, table.log, span, sub.seat, memo
    )
    sub.log_pos = upto
    return protocol.joined((("type", '"events"'), ("events", events)))


# ---------------------------------------------------------------- replays


def parse_step(text: str) -> int:
    """A step number from a URL, or ValueError saying what a step is (a 5,000-digit number
    is refused before Python tries to convert it)."""
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_STEP_DIGITS):
        raise ValueError(f"a step is a whole number of at most {MAX_STEP_DIGITS} digits")
    return int(text)


def public(catalogue: EventCatalogue, events: Sequence[Event], seat: int | None = None) -> bool:
    """Whether a spectator (or ``seat``) sees every one of ``events`` whole."""
    return all(catalogue.redact(e, seat) == e for e in events)


def step_label(
    table: LiveTable, step: int, before_view: Any, seat: int | None = None
) -> Text | None:
    """How the action of ``step`` (1-based) reads for a spectator (or ``seat``), or None when
    its events are not all public to them (the action would tell what the redaction hides)."""
    made = table.steps[step - 1]
    if made.seat != seat and not public(table.spec.events, made.events, seat):
        return None
    played = table.spec.actions.coerce(made.action)
    labels = table.plugin.labels(before_view, [played])
    label: Text = labels.get(played.id, table.plugin.action_table()[played.id]["label"])
    return label


def replay_json(
    table: LiveTable, step: int, info: dict[str, Any], seat: int | None = None, log: bool = False
) -> dict[str, Any]:
    """The body of ``GET /api/tables/{id}/replay/{step}`` (``info``: the table as the lobby
    shows it): the game at ``step`` as a spectator saw it, or as ``seat`` saw it (its own
    view, the events redacted for it: the caller checked that it may). With ``log``, also
    ``log``: the events of every step of the game (index 0: the setup) as that viewer saw
    them. ValueError for a step the game does not have."""
    game, events, before = table.game_at(step)

    def view_of(g: Any) -> Any:
        return g.spectator_view() if seat is None else g.view(seat)

    label = None if before is None else step_label(table, step, view_of(before), seat)
    seen = table.spec.events, table.plugin
    out = {
        "step": step,
        "steps": len(table.steps),
        "seat": seat,
        "actions": [{"seat": s.seat} for s in table.steps],
        "label": label,
        "over": game.is_terminal(),
        "view": view_of(game),
        "events": protocol.events_json(*seen, events, seat),
        "table": info,
    }
    if log:
        setup = events if step == 0 else table.game_at(0)[1]
        out["log"] = [protocol.events_json(*seen, setup, seat)] + [
            protocol.events_json(*seen, s.events, seat) for s in table.steps
        ]
    return out
