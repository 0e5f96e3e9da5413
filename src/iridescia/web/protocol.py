"""The WebSocket protocol: reading client messages safely and building what each seat receives.

Client to server (JSON objects, at most ``MAX_MESSAGE_BYTES``); the first message binds the
connection to a seat by its secret token, or to no seat (a spectator)::

    {"type": "hello", "token": "..."}                       # or {"type": "hello"}
    {"type": "act", "action": "reveal 23", "version": 12, "id": "k3f9..."}
    {"type": "undo", "version": 13}
    {"type": "ping"}
    {"type": "chat", "text": "good luck!"}                  # players only
    {"type": "name", "name": "Ada"}                         # the seat's name
    {"type": "vote", "seat": 1}     # let the table's bot play for the absent player at seat 1
    {"type": "takeback"}            # take my seat back from the bot playing in my place

A spectator's ``hello`` may carry ``creator`` (the creator's token): a private table is served
only to its players and its creator.

``action`` is an action text or its id; ``version`` is the state version the message was made
for; a message for any other version is rejected as ``stale`` (so a duplicate or a late message
is never applied twice). ``id`` (optional, 1 to 64 of ``A-Z a-z 0-9 _ -``) names the action
for its seat: it is stored with the step, and the same action sent again (after a lost
connection or a ``server_error``) is answered ``applied`` with the step it made, never applied
twice nor called ``stale``. Every field is checked: a malformed one (a token that is not a
token, a number too large to be a version or an action id, JSON nested too deep) gets an
``error`` naming it, and changes nothing.

Server to client::

    {"type": "state", "version", "seat", "view" | "patch", "events", "reset", "can_undo",
     "decision", "actions", "labels", "table"}
    {"type": "events", "events": [...]}     # the automa's and bots' steps, one by one
    {"type": "notes", "notes": [...]}       # the table's new notes (chat, seats): web.notes
    {"type": "applied", "id", "step"}       # a repeated action id: it made step ``step``
    {"type": "error", "code", "message"[, "refusal", "text"]}
    {"type": "pong"}

Error codes a client acts on: ``bad_token`` (the seat link is not valid for this table: forget
it, offer to watch), ``no_table`` (no such table, perhaps expired), ``table_full`` /
``too_many_connections`` (try later), ``rate_limited``, ``stale`` (the current state follows),
``server_error`` (nothing is known to be applied: send the same action, with its id, again).

``view`` is the engine's view for the seat (or the spectator view), sent whole in a connection's
first state message; later ones carry ``patch`` instead: the view's top-level keys that changed
since the previous message. The lists the game's web plug-in names (``keyed_lists``: for Gems
of Iridescia the board, by ``hex``) are sent element by element: ``patch["@lists"]`` maps each
such key to the field naming an element, and the key's value lists only the changed elements.
``apply_patch`` rebuilds the view (the browser client does the same). A state message is about
10 KB whole; a patch is usually under 2 KB, which more than halves the server's time per action
(JSON encoding and socket writes, measured with benchmarks/server_load.py).

``decision`` is ``{"player", "prompt"}`` (None once the game is over) and ``actions`` the ids of
the legal actions of the connection's seat when it decides (else empty), to be sent back as they
are; their texts, labels and places on the table come once from ``GET
/api/games/<game>/actions``, and ``labels`` (by id) replaces the labels that depend on the state
(Gems of Iridescia: the item a purchase buys). Describing the legal actions in every message
instead made a state message about a fifth bigger (docs/web.md, Performance).

``events`` are the engine events the connection has not received yet, each redacted for the
seat by the game's event catalogue and sent as ``{"kind", "player", "data", "text",
"heading"}``: ``text`` is the log line as a message (``web.plugin`` documents the format; None
for events logs do not show) and ``heading`` (only when true) marks an event that opens a
section of the log. The browser translates the messages in the reader's language and never
reads ``kind``. ``reset`` says the list replaces the log
(after an undo or on connecting). The seed and the RNG state are never sent.

An ``error``'s ``code`` is stable and its ``message`` English. When the game refused an action
(code ``illegal``, and ``not_your_turn`` and ``game_over``), the error also says why in data:
``refusal`` is the engine's ``Refusal`` as JSON (``{"key": "refusal.not_adjacent", "values":
{"hex": 40}}``), and ``text`` the same reason as a message the browser renders in the reader's
language (``iridescia.i18n.refusals.refusal_message``: ids as nested messages, seats as
``{"seat": n}``). Both are absent for other errors; clients that do not know them keep showing
``message``.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from iridescia.core.events import Event, EventCatalogue
from iridescia.core.refusals import Refusal
from iridescia.i18n.refusals import refusal_message
from iridescia.web.plugin import WebGame
from iridescia.web.storage import TableRow

MAX_MESSAGE_BYTES = 4096
MAX_ACTION_TEXT = 64
MAX_TOKEN = 64
RATE_PER_SECOND = 10.0  # sustained messages per second per connection
RATE_BURST = 30.0  # messages allowed at once
MAX_STRIKES = 50  # rate-limited messages before the connection is closed
MAX_INT = 2**31 - 1  # the largest version or action id a message may name
MAX_CLIENT_ID = 64
# Seat tokens are secrets.token_urlsafe; anything else cannot be one (and comparing a text that
# is not ASCII with hmac.compare_digest raises TypeError).
_TOKEN = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_TOKEN}}}")
_CLIENT_ID = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_CLIENT_ID}}}")


class ProtocolError(Exception):
    """A client message that cannot be accepted; ``code`` is stable, ``message`` is English,
    ``refusal`` the game's reason when the game refused an action."""

    def __init__(self, code: str, message: str, refusal: Refusal | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.refusal = refusal


class AlreadyApplied(ProtocolError):
    """Not an error: the action's ``id`` names a step already made (the client sent it again
    after losing the answer). The client is answered ``applied`` (see ``applied``)."""

    def __init__(self, client_id: str, step: int) -> None:
        super().__init__("applied", f"this action was applied already, as step {step}")
        self.client_id = client_id
        self.step = step


@dataclass(frozen=True, slots=True)
class ClientMessage:
    type: str
    action: str | int | None = None
    version: int | None = None
    token: str | None = None
    client_id: str | None = None  # the act's ``id``
    text: str | None = None  # a chat line or a name, as sent (checked by ``web.notes``)
    seat: int | None = None  # a vote's seat
    creator: str | None = None  # hello: the creator's token


def parse_json(raw: str | bytes) -> Any:
    """JSON from a client, or ProtocolError ``bad_json``: never an exception of the parser's
    own (nesting too deep raises RecursionError; a number of more than 4300 digits, ValueError;
    bytes that are not UTF-8, UnicodeDecodeError)."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError included
        raise ProtocolError("bad_json", "the message is not JSON this server reads") from None


def _small_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_INT


def is_token(value: Any) -> bool:
    """Whether ``value`` can be a seat token at all (a URL-safe text of at most MAX_TOKEN)."""
    return isinstance(value, str) and _TOKEN.fullmatch(value) is not None


def parse_client(raw: str | bytes) -> ClientMessage:
    """Read one client message; raises ProtocolError with a clear reason."""
    size = len(raw.encode("utf-8", "replace") if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", f"messages are limited to {MAX_MESSAGE_BYTES} bytes")
    data = parse_json(raw)
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "a message must be one JSON object")
    kind = data.get("type")
    if kind == "ping":
        return ClientMessage("ping")
    if kind == "hello":
        token, creator = data.get("token"), data.get("creator")
        if token is not None and not is_token(token):
            raise ProtocolError("bad_token", "'token' must be a seat token (or absent)")
        if creator is not None and not is_token(creator):
            raise ProtocolError("bad_token", "'creator' must be the creator's token (or absent)")
        return ClientMessage("hello", token=token, creator=creator)
    if kind in SEAT_MESSAGES:
        return _seat_message(kind, data)
    if kind not in ("act", "undo"):
        raise ProtocolError(
            "unknown_type",
            "type must be 'hello', 'act', 'undo', 'ping', 'chat', 'name', 'vote' or 'takeback'",
        )
    version = data.get("version")
    if not _small_int(version):
        raise ProtocolError("bad_version", "'version' must be the state version you acted on")
    if kind == "undo":
        return ClientMessage("undo", None, version)
    action = data.get("action")
    if isinstance(action, str):
        if not 0 < len(action) <= MAX_ACTION_TEXT:
            raise ProtocolError(
                "bad_action", f"an action text has 1 to {MAX_ACTION_TEXT} characters"
            )
    elif not _small_int(action):
        raise ProtocolError("bad_action", "'action' must be an action text or an action id")
    client_id = data.get("id")
    if client_id is not None and not (
        isinstance(client_id, str) and _CLIENT_ID.fullmatch(client_id)
    ):
        raise ProtocolError(
            "bad_id", f"'id' names the action: 1 to {MAX_CLIENT_ID} of A-Z a-z 0-9 _ -"
        )
    return ClientMessage("act", action, version, client_id=client_id)


SEAT_MESSAGES = ("chat", "name", "vote", "takeback")


def _seat_message(kind: str, data: dict[str, Any]) -> ClientMessage:
    """A message about the seats rather than the game (chat, name, vote, takeback)."""
    if kind in ("chat", "name"):
        text = data.get("text" if kind == "chat" else "name")
        if not isinstance(text, str):
            field = "text" if kind == "chat" else "name"
            raise ProtocolError(f"bad_{kind}", f"'{field}' must be a text")
        return ClientMessage(kind, text=text)
    if kind == "vote":
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 64:
            raise ProtocolError("bad_seat", "'seat' is the number of a seat (0-based)")
        return ClientMessage("vote", seat=seat)
    return ClientMessage("takeback")


class RateLimiter:
    """A token bucket per connection: ``allow()`` is False when the client floods."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: float = RATE_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.strikes = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.strikes += 1
        return False

    @property
    def exhausted(self) -> bool:
        return self.strikes >= MAX_STRIKES

    def idle(self) -> bool:
        """Whether the bucket has refilled (forgetting it changes nothing)."""
        return self.tokens + (time.monotonic() - self.stamp) * self.rate >= self.burst


LISTS = "@lists"  # the patch key naming the lists sent element by element


def view_patch(
    old: Mapping[str, Any], new: Mapping[str, Any], keyed: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """What changed from ``old`` to ``new`` (two views for the same seat), as sent in ``patch``;
    ``keyed`` (the game plug-in's ``keyed_lists``) names the lists sent element by element."""
    patch = {k: v for k, v in new.items() if old.get(k) != v}
    lists = {}
    for key, field in (keyed or {}).items():
        items = patch.get(key)
        was = old.get(key)
        if isinstance(items, list) and isinstance(was, list) and len(items) == len(was):
            patch[key] = [x for x, y in zip(items, was, strict=True) if x != y]
            lists[key] = field
    if lists:
        patch[LISTS] = lists
    return patch


def apply_patch(view: Mapping[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
    """The view after ``patch`` (a new dict; ``view`` is not changed)."""
    out = dict(view)
    lists = patch.get(LISTS, {})
    for k, v in patch.items():
        if k == LISTS:
            continue
        field = lists.get(k)
        if field is not None and k in view:
            changed = {x[field]: x for x in v}
            out[k] = [changed.get(x[field], x) for x in view[k]]
        else:
            out[k] = v
    return out


# One encoder for every message: json.dumps with arguments builds a new encoder on each call,
# which cost more than encoding the small parts of a state message.
_ENCODER = json.JSONEncoder(separators=(",", ":"))


def dumps(message: Any) -> str:
    """JSON as sent: compact."""
    return _ENCODER.encode(message)


def flag(value: bool) -> str:
    return "true" if value else "false"


def members(values: Mapping[str, Any]) -> str:
    """The members of a JSON object, encoded, without its braces (for ``joined``)."""
    return dumps(values)[1:-1]


def joined(fields: Iterable[tuple[str, str]], *more: str) -> str:
    """A JSON object from values already encoded (``dumps``), keys being plain names, and
    ``more`` members already encoded (``members``): what several connections share is encoded
    once per broadcast, not once per connection. (Each encoder call costs several microseconds
    however small its value, so the small parts are encoded together.)"""
    parts = [f'"{k}":{v}' for k, v in fields]
    parts.extend(m for m in more if m)
    return "{" + ",".join(parts) + "}"


def error(code: str, message: str, refusal: Refusal | None = None) -> dict[str, Any]:
    """An error message; with the game's ``refusal``, its data and its text to render."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if refusal is not None:
        out["refusal"] = refusal.to_json()
        out["text"] = refusal_message(refusal)
    return out


def applied(client_id: str, step: int) -> dict[str, Any]:
    """The answer to an action whose ``id`` names a step already made (see the module
    docstring): it was applied, as step ``step``."""
    return {"type": "applied", "id": client_id, "step": step}


def event_json(
    catalogue: EventCatalogue, web: WebGame, event: Event, seat: int | None
) -> dict[str, Any] | None:
    """An event as ``seat`` may see it (None: that seat does not see it at all), with its log
    line: ``{"kind", "player", "data", "text", "heading"}`` (the data keeps its own keys apart,
    since some events carry a ``kind`` of their own)."""
    seen = catalogue.redact(event, seat)
    if seen is None:
        return None
    text = web.describe_event(seen) if catalogue.shown(seen) else None
    out = {"kind": seen.kind, "player": seen.player, "data": seen.data, "text": text}
    if web.heading(seen):
        out["heading"] = True
    return out


def events_json(
    catalogue: EventCatalogue, web: WebGame, events: Iterable[Event], seat: int | None
) -> list[dict[str, Any]]:
    """The events ``seat`` may see, as sent."""
    out = []
    for e in events:
        seen = event_json(catalogue, web, e, seat)
        if seen is not None:
            out.append(seen)
    return out


def events_encoded(
    catalogue: EventCatalogue,
    web: WebGame,
    log: Sequence[Event],
    span: tuple[int, int],
    seat: int | None,
    memo: dict[Any, str],
) -> str:
    """``events_json`` of ``log[start:end]`` (``span``) encoded as a JSON array. ``memo`` is
    shared by the connections of one broadcast (the caller does not change ``log`` while it
    holds it): when no event of the span is redacted for anyone, every reader gets the same
    text, described and encoded once."""
    shared = memo.get(span)
    if shared is not None:
        return shared
    events = log[span[0] : span[1]]
    if any(catalogue[e.kind].redact is not None for e in events):
        return dumps(events_json(catalogue, web, events, seat))
    memo[span] = text = dumps(events_json(catalogue, web, events, None))
    return text


def seat_json(row: TableRow, connected: dict[int, int]) -> list[dict[str, Any]]:
    """The public seat list: kind, whether someone took the seat, live connections (to this
    process), the player's name, the bot playing in their place (null: none)."""
    return [
        {
            "seat": s.seat,
            "kind": s.kind,
            "claimed": s.claimed,
            "connected": connected.get(s.seat, 0),
            "name": s.name,
            "bot": s.bot,
        }
        for s in row.seats
    ]


def table_json(
    row: TableRow,
    connected: dict[int, int],
    *,
    version: int | None = None,
    num_actions: int | None = None,
    status: str | None = None,
    current: int | None = None,
    turn: int | None = None,
    result: dict[str, Any] | None = None,
    stall: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A table as the lobby and the table page show it: never the seed nor a token. Besides
    the game: ``private``, ``started`` (every seat taken), ``clock`` (seconds per turn, 0:
    none) and ``turn_started`` (when the current turn's clock started), ``away`` (the rule for
    absent players) and ``away_bot``, ``stall`` (the seat holding the table up: ``{"seat",
    "reason", "since", "votes"}``, or null)."""
    return {
        "id": row.id,
        "name": row.name,
        "game": row.game,
        "mode": row.mode,
        "players": row.players,
        "options": row.options,
        "status": status or row.status,
        "version": row.version if version is None else version,
        "num_actions": row.num_actions if num_actions is None else num_actions,
        "current_player": current,
        "turn": turn,
        "created": row.created,
        "updated": row.updated,
        "seats": seat_json(row, connected),
        "open_seats": [s.seat for s in row.seats if s.kind == "human" and not s.claimed],
        "result": result if result is not None else row.result,
        "private": row.private,
        "started": row.turn_started is not None,
        "clock": row.clock,
        "turn_started": row.turn_started,
        "away": row.away,
        "away_bot": row.away_bot,
        "stall": stall,
    }
