"""The WebSocket protocol: reading client messages safely and building what each seat receives.

Client to server (JSON objects, at most ``MAX_MESSAGE_BYTES``); the first message binds the
connection to a seat by its secret token, or to no seat (a spectator)::

    {"type": "hello", "token": "..."}                       # or {"type": "hello"}
    {"type": "act", "action": "reveal 23", "version": 12}   # an action text or its id
    {"type": "undo", "version": 13}
    {"type": "ping"}

``version`` is the state version the message was made for; a message for any other version is
rejected as ``stale`` (so a duplicate or a late message is never applied twice).

Server to client::

    {"type": "state", "version", "seat", "view" | "patch", "events", "reset", "can_undo", "table"}
    {"type": "events", "events": [...]}     # the Rhom's and bots' steps, one by one
    {"type": "error", "code", "message"}
    {"type": "pong"}

``view`` is the engine's view for the seat (or the spectator view), sent whole in a connection's
first state message; later ones carry ``patch`` instead: the view's top-level keys that changed
since the previous message, where ``patch["board"]`` lists only the changed hexes (each with its
``hex``). ``apply_patch`` rebuilds the view (the browser client does the same). A state message
is about 10 KB whole; a patch is usually under 2 KB, which more than halves the server's time
per action (JSON encoding and socket writes, measured with benchmarks/server_load.py).
``events`` are the engine
events the connection has not received yet, each redacted for the seat with
``views.redact_event`` and sent as data (``{"kind", "player", "data"}``) for the client to render
in the player's language. ``reset`` says the list replaces the log (after an undo or on
connecting). The seed and the RNG state are never sent.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from iridescia.games.iridescia.state import Event
from iridescia.games.iridescia.views import redact_event
from iridescia.web.storage import TableRow

MAX_MESSAGE_BYTES = 4096
MAX_ACTION_TEXT = 64
MAX_TOKEN = 64
RATE_PER_SECOND = 10.0  # sustained messages per second per connection
RATE_BURST = 30.0  # messages allowed at once
MAX_STRIKES = 50  # rate-limited messages before the connection is closed


class ProtocolError(Exception):
    """A client message that cannot be accepted; ``code`` is stable, ``message`` is English."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class ClientMessage:
    type: str
    action: str | int | None = None
    version: int | None = None
    token: str | None = None


def parse_client(raw: str | bytes) -> ClientMessage:
    """Read one client message; raises ProtocolError with a clear reason."""
    size = len(raw.encode("utf-8", "replace") if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", f"messages are limited to {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise ProtocolError("bad_json", "a message must be one JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "a message must be one JSON object")
    kind = data.get("type")
    if kind == "ping":
        return ClientMessage("ping")
    if kind == "hello":
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > MAX_TOKEN):
            raise ProtocolError("bad_token", "'token' must be a seat token (or absent)")
        return ClientMessage("hello", token=token)
    if kind not in ("act", "undo"):
        raise ProtocolError("unknown_type", "type must be 'hello', 'act', 'undo' or 'ping'")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise ProtocolError("bad_version", "'version' must be the state version you acted on")
    if kind == "undo":
        return ClientMessage("undo", None, version)
    action = data.get("action")
    if isinstance(action, bool) or not isinstance(action, (str, int)):
        raise ProtocolError("bad_action", "'action' must be an action text or an action id")
    if isinstance(action, str) and not 0 < len(action) <= MAX_ACTION_TEXT:
        raise ProtocolError("bad_action", f"an action text has 1 to {MAX_ACTION_TEXT} characters")
    return ClientMessage("act", action, version)


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


def view_patch(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """What changed from ``old`` to ``new`` (two views for the same seat), as sent in ``patch``."""
    patch = {k: v for k, v in new.items() if old.get(k) != v}
    board = patch.get("board")
    if board is not None and len(board) == len(old.get("board") or ()):
        patch["board"] = [h for h, was in zip(board, old["board"], strict=True) if h != was]
    return patch


def apply_patch(view: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """The view after ``patch`` (a new dict; ``view`` is not changed)."""
    out = dict(view)
    for k, v in patch.items():
        if k == "board" and "board" in view:
            changed = {h["hex"]: h for h in v}
            out["board"] = [changed.get(h["hex"], h) for h in view["board"]]
        else:
            out[k] = v
    return out


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def event_json(event: Event, seat: int | None) -> dict[str, Any]:
    """An event as ``seat`` may see it: ``{"kind", "player", "data"}`` (the data keeps its own
    keys apart, since some events carry a ``kind`` of their own)."""
    seen = redact_event(event, seat)
    return {"kind": seen.kind, "player": seen.player, "data": seen.data}


def events_json(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    return [event_json(e, seat) for e in events]


def seat_json(row: TableRow, connected: dict[int, int]) -> list[dict[str, Any]]:
    """The public seat list: kind, whether someone took the seat, live connections."""
    return [
        {
            "seat": s.seat,
            "kind": s.kind,
            "claimed": s.claimed,
            "connected": connected.get(s.seat, 0),
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
) -> dict[str, Any]:
    """A table as the lobby and the table page show it: never the seed nor a token."""
    return {
        "id": row.id,
        "name": row.name,
        "mode": row.mode,
        "players": row.players,
        "catapult_for_fourth": bool(row.options.get("catapult_for_fourth", False)),
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
    }
