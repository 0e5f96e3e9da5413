"""A table's WebSocket (``/ws/{id}``): the handshake, the seat it binds to, the messages it
sends and receives, their limits, and a line of the operator's log for each (``oplog``).

The first message (``hello``, within ``HELLO_TIMEOUT`` seconds) carries the seat token, or none
(a spectator; at a private table only with the creator's token), so tokens never appear in URLs
the server logs. The handshake is refused for a foreign ``Origin``; a client address holds at
most ``max_address_connections`` connections (``too_many_connections``). Messages are rate
limited per connection and per address (all its connections together), chat lines also per
address (``chat_rate``); malformed or oversized messages get an ``error`` and change nothing.
A refusal that should not be retried closes with 4403 (``bad_token``) or 4404 (``no_table``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from iridescia.web import oplog, protocol
from iridescia.web.broadcast import Subscriber
from iridescia.web.limits import AddressLimits, client_address, origin_allowed
from iridescia.web.protocol import AlreadyApplied, ClientMessage, ProtocolError, RateLimiter
from iridescia.web.service import GameService
from iridescia.web.settings import ServeOptions

HELLO_TIMEOUT = 15.0
log = logging.getLogger("iridescia.web")
# WebSocket close codes: 4403 and 4404 tell the browser not to come back with that link.
CLOSE_CODES = {"bad_token": 4403, "no_table": 4404, "table_full": 1013, "server_error": 1011}
TRY_LATER = 1013


def dumps(message: dict[str, Any] | str) -> str:
    """A message as sent (the service encodes state messages itself: see protocol.joined)."""
    return message if isinstance(message, str) else json.dumps(message, separators=(",", ":"))


def _seat(sub: Subscriber) -> int | str:
    return "spectator" if sub.seat is None else sub.seat


class TableSocket:
    """The WebSocket endpoint of the tables of one ``GameService``."""

    def __init__(self, service: GameService, opts: ServeOptions, limits: AddressLimits) -> None:
        self.service = service
        self.opts = opts
        self.limits = limits

    async def endpoint(self, ws: WebSocket) -> None:
        """The endpoint of the route ``/ws/{table_id}``."""
        headers = ws.headers
        if not origin_allowed(
            headers.get("origin"), headers.get("host"), self.opts.allowed_origins
        ):
            await ws.close(1008)  # before the handshake: the browser gets a 403
            return
        await ws.accept()
        address = client_address(ws.client)
        if not self.limits.connect(address):
            await self._refuse(ws, "too_many_connections", "too many connections from here")
            return
        try:
            await self._serve(ws, address)
        finally:
            self.limits.disconnect(address)

    async def _serve(self, ws: WebSocket, address: str) -> None:
        table_id = ws.path_params["table_id"]
        try:
            raw = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT)
            hello = protocol.parse_client(raw)
            if hello.type != "hello":
                raise ProtocolError("hello_first", "the first message must be 'hello'")
            sub = await self.service.connect(table_id, hello.token, hello.creator)
        except ProtocolError as exc:
            await self._refuse(ws, exc.code, exc.message, table_id)
            return
        except (TimeoutError, WebSocketDisconnect, KeyError, RuntimeError):
            with contextlib.suppress(Exception):
                await ws.close(1008)
            return
        except Exception as exc:  # storage away, say: tell the client, keep no traceback
            log.warning("table %s: a connection failed: %s: %s", table_id, type(exc).__name__, exc)
            oplog.record("error", table=table_id, where="connect", error=type(exc).__name__)
            await self._refuse(ws, "server_error", "the server cannot open this table now")
            return
        oplog.record("ws_open", table=table_id, seat=_seat(sub), client=address)
        opened = time.monotonic()
        sender = asyncio.create_task(self._sender(ws, sub))
        count = 0
        try:
            count = await self._receive_loop(ws, sub, address)
        finally:
            self.service.disconnect(sub)
            sub.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(sender, 2.0)
            seconds = round(time.monotonic() - opened, 1)
            oplog.record(
                "ws_close", table=table_id, seat=_seat(sub), seconds=seconds, messages=count
            )

    async def _refuse(self, ws: WebSocket, code: str, message: str, table: str = "") -> None:
        oplog.record("ws_refused", table=table, code=code, client=client_address(ws.client))
        with contextlib.suppress(Exception):
            await ws.send_text(dumps(protocol.error(code, message)))
            await ws.close(CLOSE_CODES.get(code, TRY_LATER if code.startswith("too") else 1008))

    async def _sender(self, ws: WebSocket, sub: Subscriber) -> None:
        try:
            while True:
                message = await sub.queue.get()
                if message is None:
                    break
                await ws.send_text(dumps(message))
        except Exception:
            pass
        with contextlib.suppress(Exception):
            await ws.close()

    def _allowed(self, limiter: RateLimiter, address: str, sub: Subscriber) -> bool:
        """Whether one more message may be handled: the connection's bucket and its address's
        (all its connections together) both allow it. A connection that keeps flooding is
        closed."""
        if limiter.allow() and self.limits.allow("message", address):
            return True
        limiter.strikes += 1  # counted once more when the address's bucket said no
        if limiter.exhausted:
            sub.send(protocol.error("rate_limited", "too many messages; disconnected"))
            sub.close()
        else:
            sub.send(protocol.error("rate_limited", "too many messages; slow down"))
        return False

    async def _receive_loop(self, ws: WebSocket, sub: Subscriber, address: str) -> int:
        """Handle the connection's messages until it closes; returns how many it sent."""
        limiter = RateLimiter(self.opts.msg_rate, self.opts.msg_burst)
        count = 0
        while not sub.closed:
            try:
                msg = await ws.receive()
            except (WebSocketDisconnect, RuntimeError):
                return count
            if msg["type"] == "websocket.disconnect":
                return count
            count += 1
            raw = msg.get("text") if msg.get("text") is not None else msg.get("bytes", b"")
            if not self._allowed(limiter, address, sub):
                continue
            start = time.perf_counter()
            kind, result = "?", "ok"
            try:
                m = protocol.parse_client(raw or b"")
                kind = m.type
                await self._handle(m, sub, address)
            except AlreadyApplied as exc:
                result = "applied"
                sub.send(protocol.applied(exc.client_id, exc.step))
            except ProtocolError as exc:
                result = exc.code
                sub.send(protocol.error(exc.code, exc.message, exc.refusal))
            except PermissionError as exc:
                result = "not_your_turn"
                sub.send(protocol.error("not_your_turn", str(exc)))
            except Exception as exc:  # a bug: the state is as before (every change rolls back)
                result = "server_error"
                log.exception("table %s: a message could not be handled", sub.table_id)
                oplog.record("error", table=sub.table_id, where=kind, error=type(exc).__name__)
                sub.send(protocol.error("server_error", "the server could not do that; try again"))
            if kind != "ping":
                ms = round((time.perf_counter() - start) * 1000, 1)
                oplog.record(
                    "message", table=sub.table_id, seat=_seat(sub), type=kind, result=result, ms=ms
                )
        return count

    async def _handle(self, m: ClientMessage, sub: Subscriber, address: str) -> None:
        service = self.service
        if m.type == "ping":
            sub.send({"type": "pong"})
        elif m.type == "hello":
            raise ProtocolError("already_bound", "this connection already has its seat")
        elif m.type == "act":
            assert m.action is not None and m.version is not None
            await service.act(sub, m.action, m.version, m.client_id)
        elif m.type == "undo":
            assert m.version is not None
            await service.undo(sub, m.version)
        elif m.type == "chat":
            if sub.seat is not None and not self.limits.allow("chat", address):
                raise ProtocolError("rate_limited", "too many chat lines; wait a moment")
            await service.chat(sub, m.text)
        elif m.type == "name":
            await service.rename(sub, m.text)
        elif m.type == "vote":
            await service.vote(sub, m.seat)
        else:
            await service.take_back(sub)
