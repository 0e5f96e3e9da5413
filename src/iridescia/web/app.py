"""The Starlette application: the lobby's REST API, the table WebSocket and the static client.

REST (JSON in and out; errors are ``{"error": {"code", "message"}}`` with a 4xx status)::

    GET  /api/meta                          the games (metadata, board or not, seat kinds,
                                            lobby options, card data), languages
    GET  /api/games/{game}/actions          the game's action table as the browser shows it
    GET  /api/tables                        open, running and finished tables
    POST /api/tables                        create: {"game", "mode", "seats", "options",
                                            "name", "mine": [seats on this device]}
    GET  /api/tables/{id}                   one table (never its seed nor a token)
    POST /api/tables/{id}/join              take a free human seat: {"seat", "token"}
    GET  /api/tables/{id}/replay/{step}     a finished game at a step, as a spectator saw it

``GET /i18n/{lang}.json`` is the shared message catalogue of a language (``iridescia.i18n``),
which the browser translates every message with. Creating a table of a game the browser has no
board for is refused (``no_board``); an unknown game is ``unknown_game``; any other table that
does not fit the game's metadata is ``bad_table``, with a message saying why.

WebSocket ``/ws/{id}``: see ``protocol``. The first message (``hello``) carries the seat token,
so tokens never appear in URLs the server logs. Each connection is rate limited; malformed or
oversized messages get an ``error`` and change nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from iridescia.games import names
from iridescia.i18n import catalogue, languages
from iridescia.web import protocol
from iridescia.web.broadcast import Subscriber
from iridescia.web.catalog import meta
from iridescia.web.games import plugin
from iridescia.web.protocol import ProtocolError, RateLimiter
from iridescia.web.service import GameService
from iridescia.web.tables import SpecError, TableSpec

STATIC = Path(__file__).parent / "static"
MAX_BODY = 16 * 1024
HELLO_TIMEOUT = 15.0
log = logging.getLogger("iridescia.web")


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _dumps(message: dict[str, Any] | str) -> str:
    """A message as sent (the service encodes state messages itself: see protocol.joined)."""
    return message if isinstance(message, str) else json.dumps(message, separators=(",", ":"))


class WebApp:
    """Routes bound to one ``GameService``; ``app`` is the ASGI application."""

    def __init__(
        self,
        service: GameService,
        *,
        create_rate: float = 1.0,
        create_burst: float = 30.0,
        msg_rate: float = protocol.RATE_PER_SECOND,
        msg_burst: float = protocol.RATE_BURST,
    ) -> None:
        self.service = service
        self._msg_rate = (msg_rate, msg_burst)
        self._create_rate = (create_rate, create_burst)
        self._create_limits: dict[str, RateLimiter] = {}
        routes = [
            Route("/", self.index),
            Route("/api/meta", self.meta),
            Route("/i18n/{lang}.json", self.messages),
            Route("/api/games/{game}/actions", self.actions),
            Route("/api/tables", self.list_tables, methods=["GET"]),
            Route("/api/tables", self.create_table, methods=["POST"]),
            Route("/api/tables/{table_id}", self.table_info),
            Route("/api/tables/{table_id}/join", self.join, methods=["POST"]),
            Route("/api/tables/{table_id}/replay/{step:int}", self.replay),
            WebSocketRoute("/ws/{table_id}", self.websocket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
        self.app = Starlette(routes=routes, lifespan=self._lifespan)

    @contextlib.asynccontextmanager
    async def _lifespan(self, app: Starlette) -> AsyncIterator[None]:
        await self.service.start()
        try:
            yield
        finally:
            await self.service.stop()

    # ---------------------------------------------------------------- pages and lobby

    async def index(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def meta(self, request: Request) -> Response:
        return JSONResponse(meta(), headers={"Cache-Control": "no-cache"})

    async def actions(self, request: Request) -> Response:
        name = request.path_params["game"]
        if name not in names():
            return _error(404, "unknown_game", f"there is no game {name!r}")
        return JSONResponse(
            {"game": name, "actions": plugin(name).action_table()},
            headers={"Cache-Control": "no-cache"},
        )

    async def messages(self, request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in languages():
            return _error(404, "no_language", f"no catalogue for {lang!r}")
        return JSONResponse(catalogue(lang), headers={"Cache-Control": "no-cache"})

    async def list_tables(self, request: Request) -> Response:
        return JSONResponse({"tables": await self.service.list_tables()})

    async def _body(self, request: Request) -> Any:
        body = await request.body()
        if len(body) > MAX_BODY:
            raise ProtocolError("too_large", f"request bodies are limited to {MAX_BODY} bytes")
        if not body:
            return {}
        try:
            return json.loads(body)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise ProtocolError("bad_json", "the request body must be JSON") from None

    def _limited(self, request: Request) -> bool:
        host = request.client.host if request.client else "?"
        limiter = self._create_limits.get(host)
        if limiter is None:
            limiter = self._create_limits[host] = RateLimiter(*self._create_rate)
        return not limiter.allow()

    async def create_table(self, request: Request) -> Response:
        if self._limited(request):
            return _error(429, "rate_limited", "too many tables created; wait a moment")
        try:
            data = await self._body(request)
            spec = TableSpec.from_json(data)
            mine = data.get("mine", [0])
            if not isinstance(mine, list) or not all(
                isinstance(m, int) and not isinstance(m, bool) for m in mine
            ):
                raise SpecError("mine must be a list of seat numbers (0-based)")
            seed = data.get("seed")
            if seed is not None and (not isinstance(seed, int) or not 0 <= seed < 2**62):
                raise SpecError("seed must be a whole number")
        except ProtocolError as exc:
            return _error(400, exc.code, exc.message)
        except SpecError as exc:
            return _error(400, exc.code, str(exc))
        row, _ = await self.service.create(spec, set(mine), seed)
        seats = [
            {"seat": s.seat, "kind": s.kind, "token": s.token if s.kind == "human" else None}
            for s in row.seats
        ]
        return JSONResponse(
            {"table": self.service.table_json(row.id), "seats": seats}, status_code=201
        )

    async def table_info(self, request: Request) -> Response:
        try:
            return JSONResponse(await self.service.info(request.path_params["table_id"]))
        except ProtocolError as exc:
            return _error(404, exc.code, exc.message)

    async def join(self, request: Request) -> Response:
        try:
            seat, token = await self.service.join(request.path_params["table_id"])
        except ProtocolError as exc:
            return _error(404 if exc.code == "no_table" else 409, exc.code, exc.message)
        return JSONResponse({"seat": seat, "token": token})

    async def replay(self, request: Request) -> Response:
        try:
            data = await self.service.replay(
                request.path_params["table_id"], int(request.path_params["step"])
            )
        except ProtocolError as exc:
            return _error(404 if exc.code == "no_table" else 409, exc.code, exc.message)
        except ValueError as exc:
            return _error(400, "bad_step", str(exc))
        return JSONResponse(data)

    # ---------------------------------------------------------------- the table connection

    async def websocket(self, ws: WebSocket) -> None:
        await ws.accept()
        table_id = ws.path_params["table_id"]
        try:
            raw = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT)
            hello = protocol.parse_client(raw)
            if hello.type != "hello":
                raise ProtocolError("hello_first", "the first message must be 'hello'")
            sub = await self.service.connect(table_id, hello.token)
        except ProtocolError as exc:
            await self._refuse(ws, exc.code, exc.message)
            return
        except (TimeoutError, WebSocketDisconnect, KeyError, RuntimeError):
            with contextlib.suppress(Exception):
                await ws.close(1008)
            return
        sender = asyncio.create_task(self._sender(ws, sub))
        try:
            await self._receive_loop(ws, sub)
        finally:
            self.service.disconnect(sub)
            sub.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(sender, 2.0)

    async def _refuse(self, ws: WebSocket, code: str, message: str) -> None:
        with contextlib.suppress(Exception):
            await ws.send_text(_dumps(protocol.error(code, message)))
            await ws.close(4403 if code in ("bad_token", "no_table") else 1008)

    async def _sender(self, ws: WebSocket, sub: Subscriber) -> None:
        try:
            while True:
                message = await sub.queue.get()
                if message is None:
                    break
                await ws.send_text(_dumps(message))
        except Exception:
            pass
        with contextlib.suppress(Exception):
            await ws.close()

    async def _receive_loop(self, ws: WebSocket, sub: Subscriber) -> None:
        limiter = RateLimiter(*self._msg_rate)
        while not sub.closed:
            try:
                msg = await ws.receive()
            except (WebSocketDisconnect, RuntimeError):
                return
            if msg["type"] == "websocket.disconnect":
                return
            raw = msg.get("text") if msg.get("text") is not None else msg.get("bytes", b"")
            if not limiter.allow():
                if limiter.exhausted:
                    sub.send(protocol.error("rate_limited", "too many messages; disconnected"))
                    sub.close()
                    return
                sub.send(protocol.error("rate_limited", "too many messages; slow down"))
                continue
            try:
                m = protocol.parse_client(raw or b"")
                if m.type == "ping":
                    sub.send({"type": "pong"})
                elif m.type == "hello":
                    raise ProtocolError("already_bound", "this connection already has its seat")
                elif m.type == "act":
                    assert m.action is not None and m.version is not None
                    await self.service.act(sub, m.action, m.version)
                else:
                    assert m.version is not None
                    await self.service.undo(sub, m.version)
            except ProtocolError as exc:
                sub.send(protocol.error(exc.code, exc.message, exc.refusal))
            except PermissionError as exc:
                sub.send(protocol.error("not_your_turn", str(exc)))
            except Exception:  # the database is down, say: nothing was applied (rolled back)
                log.exception("table %s: a message could not be handled", sub.table_id)
                sub.send(protocol.error("server_error", "the server could not do that; try again"))


def create_app(service: GameService, **options: Any) -> Starlette:
    """The ASGI app serving ``service`` (options: ``create_rate``, ``create_burst`` for tables
    per client address; ``msg_rate``, ``msg_burst`` for messages per connection)."""
    app = WebApp(service, **options).app
    app.state.service = service
    return app
