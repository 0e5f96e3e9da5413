"""The operator's log: one line of JSON per request, connection, message, table event and error.

``iridescia serve --access-log PATH`` (``-``: standard error, the default; ``none``: off) writes
lines such as::

    {"time": "2026-11-25T10:02:03.412Z", "event": "http", "method": "POST",
     "path": "/api/tables", "status": 201, "ms": 4.1, "client": "203.0.113.7"}
    {"time": "...", "event": "ws_open", "table": "k3Jd9aQx0bLm", "seat": 1, "client": "..."}
    {"time": "...", "event": "message", "table": "...", "seat": 1, "type": "act",
     "result": "ok", "ms": 2.3}
    {"time": "...", "event": "ws_close", "table": "...", "seat": 1, "seconds": 312.5,
     "messages": 40}
    {"time": "...", "event": "takeover", "table": "...", "seat": 1, "bot": "medium",
     "reason": "away"}

Events: ``http`` (every request but successful health checks), ``ws_open``, ``ws_refused``,
``ws_close``, ``message`` (each WebSocket message handled: its type and ``ok`` or the error
code), ``table`` (a table created), ``seat`` (a seat taken, given to a bot), ``takeover`` and
``takeback`` (a bot playing for an absent player), ``error`` (a request or message the server
could not handle: storage away, a bug). **Never** a token, an invite, a chat line or a name:
what people type is counted (``chars``), not written; paths carry table ids only (seat links
keep their token after ``#``, which browsers never send).

Lines go through the logger ``iridescia.access`` (its own handler, not propagated), so writing
one is cheap and safe from any task or thread; ``record`` does nothing until ``configure`` has
given it somewhere to write (the tests' in-process services log nothing).
"""

from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

log = logging.getLogger("iridescia.access")
log.propagate = False
log.setLevel(logging.INFO)
OFF = "none"
STDERR = "-"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Standard error as it is when a line is written (a test runner replaces it)."""

    @property
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, value: Any) -> None:
        pass


def configure(target: str) -> None:
    """Send the log to ``target``: ``-`` (standard error), ``none`` (nowhere) or a file
    (appended to). Replaces any earlier target."""
    for old in list(log.handlers):
        log.removeHandler(old)
        old.close()
    if target == OFF:
        return
    handler: logging.Handler = (
        _Stderr() if target == STDERR else logging.FileHandler(target, encoding="utf-8")
    )
    handler.setFormatter(logging.Formatter("%(message)s"))
    log.addHandler(handler)


def enabled() -> bool:
    return bool(log.handlers)


def stamp(now: float | None = None) -> str:
    """A UTC time with milliseconds, ISO 8601."""
    now = time.time() if now is None else now
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + f".{int(now * 1000) % 1000:03d}Z"


def record(event: str, **fields: Any) -> None:
    """Write one line: ``event`` and ``fields`` (numbers, short texts; never a secret)."""
    if not log.handlers:
        return
    line = {"time": stamp(), "event": event, **fields}
    log.info(json.dumps(line, ensure_ascii=False, separators=(", ", ": "), default=str))


def client(scope: Scope) -> str:
    found = scope.get("client")
    return str(found[0]) if found else "?"


class AccessLog:
    """ASGI middleware: one ``http`` line per request (its method, path without the query,
    status, milliseconds and client address)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not log.handlers:
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 0

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            path = str(scope.get("path", ""))
            if not (path == "/health" and status == 200):
                record(
                    "http",
                    method=scope.get("method"),
                    path=path[:200],
                    status=status or 500,
                    ms=round((time.perf_counter() - start) * 1000, 1),
                    client=client(scope),
                )
