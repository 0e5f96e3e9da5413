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

Every malformed request gets a 4xx and a clear code, never a 500 nor a logged traceback: a body
over ``max_body`` bytes is refused with 413 as soon as its ``Content-Length`` or its streamed
bytes say so (``limits.read_body``), JSON that is not JSON this server reads (nested too deep, a
number of thousands of digits) is ``bad_json``, a replay step that is not a small number is
``bad_step``. A request from a page of another site (its ``Origin`` is neither this server nor
one of ``allowed_origins``) is refused with 403 ``bad_origin``. Creating tables and joining
seats are rate limited per client address (429). When storage does not answer, the reply is
503 ``server_error``.

WebSocket ``/ws/{id}``: see ``protocol``. The first message (``hello``) carries the seat token,
so tokens never appear in URLs the server logs. The handshake is refused for a foreign
``Origin``; a client address holds at most ``max_address_connections`` connections
(``too_many_connections``). Messages are rate limited per connection and per address (all its
connections together); malformed or oversized messages get an ``error`` and change nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
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
from iridescia.web.broadcast import Subscriber, parse_step
from iridescia.web.catalog import meta
from iridescia.web.games import plugin
from iridescia.web.limits import AddressLimits, Rate, client_address, origin_allowed, read_body
from iridescia.web.protocol import AlreadyApplied, ProtocolError, RateLimiter
from iridescia.web.service import GameService
from iridescia.web.settings import ServeOptions
from iridescia.web.tables import SpecError, TableSpec

STATIC = Path(__file__).parent / "static"
HELLO_TIMEOUT = 15.0
log = logging.getLogger("iridescia.web")
# The status of each REST error code that is not 400.
STATUS = {
    "no_table": 404, "too_large": 413, "rate_limited": 429, "bad_origin": 403,
    "no_seat": 409, "not_finished": 409, "server_error": 503,
}  # fmt: skip
# WebSocket close codes: 4403 and 4404 tell the browser not to come back with that link.
CLOSE_CODES = {"bad_token": 4403, "no_table": 4404, "table_full": 1013, "server_error": 1011}
TRY_LATER = 1013


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _dumps(message: dict[str, Any] | str) -> str:
    """A message as sent (the service encodes state messages itself: see protocol.joined)."""
    return message if isinstance(message, str) else json.dumps(message, separators=(",", ":"))


class WebApp:
    """Routes bound to one ``GameService``; ``app`` is the ASGI application."""

    def __init__(self, service: GameService, opts: ServeOptions | None = None) -> None:
        self.service = service
        self.opts = opts = opts or ServeOptions()
        self._msg_rate = (opts.msg_rate, opts.msg_burst)
        self.limits = AddressLimits(
            {
                "create": Rate(opts.create_rate, opts.create_burst),
                "join": Rate(opts.join_rate, opts.join_burst),
                "message": Rate(opts.address_msg_rate, opts.address_msg_burst),
            },
            opts.max_address_connections,
        )
        routes = [
            Route("/", self.index),
            Route("/api/meta", self.meta),
            Route("/i18n/{lang}.json", self.messages),
            Route("/api/games/{game}/actions", self.actions),
            Route("/api/tables", self.list_tables, methods=["GET"]),
            Route("/api/tables", self.create_table, methods=["POST"]),
            Route("/api/tables/{table_id}", self.table_info),
            Route("/api/tables/{table_id}/join", self.join, methods=["POST"]),
            Route("/api/tables/{table_id}/replay/{step}", self.replay),
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
        return await self._answer(self._tables_json)

    async def _tables_json(self) -> Response:
        return JSONResponse({"tables": await self.service.list_tables()})

    async def _answer(self, handler: Callable[[], Awaitable[Response]]) -> Response:
        """Run a request's handler: a ProtocolError or SpecError is the client's (4xx, with its
        code); anything else raised while storage is away is a 503, logged in one line."""
        try:
            return await handler()
        except ProtocolError as exc:
            return _error(STATUS.get(exc.code, 400), exc.code, exc.message)
        except SpecError as exc:
            return _error(400, exc.code, str(exc))
        except RecursionError:  # a request nested beyond reason, past the parser
            return _error(400, "bad_json", "the request is nested too deeply")
        except Exception as exc:
            log.warning("a request failed: %s: %s", type(exc).__name__, exc)
            return _error(503, "server_error", "the server cannot do that now; try again")

    def _check(self, request: Request, kind: str) -> None:
        """The checks of a request that changes something: a page of this site (or an allowed
        one), and the address's rate of ``kind``."""
        headers = request.headers
        if not origin_allowed(
            headers.get("origin"), headers.get("host"), self.opts.allowed_origins
        ):
            raise ProtocolError("bad_origin", "requests from other sites are not accepted")
        if not self.limits.allow(kind, client_address(request.client)):
            raise ProtocolError("rate_limited", f"too many requests ({kind}); wait a moment")

    async def _body(self, request: Request) -> Any:
        body = await read_body(request, self.opts.max_body)
        return protocol.parse_json(body) if body else {}

    async def create_table(self, request: Request) -> Response:
        async def create() -> Response:
            self._check(request, "create")
            data = await self._body(request)
            spec = TableSpec.from_json(data)
            mine = data.get("mine", [0])
            if not isinstance(mine, list) or not all(
                isinstance(m, int) and not isinstance(m, bool) and 0 <= m < 64 for m in mine
            ):
                raise SpecError("mine must be a list of seat numbers (0-based)")
            seed = data.get("seed")
            if seed is not None and (
                not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**62
            ):
                raise SpecError("seed must be a whole number")
            row, _ = await self.service.create(spec, set(mine), seed)
            seats = [
                {"seat": s.seat, "kind": s.kind, "token": s.token if s.kind == "human" else None}
                for s in row.seats
            ]
            return JSONResponse(
                {"table": self.service.table_json(row.id), "seats": seats}, status_code=201
            )

        response = await self._answer(create)
        if response.status_code == 413:  # the rest of the body is not read: close after this
            response.headers["Connection"] = "close"
        return response

    async def table_info(self, request: Request) -> Response:
        async def info() -> Response:
            return JSONResponse(await self.service.info(request.path_params["table_id"]))

        return await self._answer(info)

    async def join(self, request: Request) -> Response:
        async def join() -> Response:
            self._check(request, "join")
            seat, token = await self.service.join(request.path_params["table_id"])
            return JSONResponse({"seat": seat, "token": token})

        return await self._answer(join)

    async def replay(self, request: Request) -> Response:
        async def replay() -> Response:
            try:
                step = parse_step(request.path_params["step"])
                data = await self.service.replay(request.path_params["table_id"], step)
            except ValueError as exc:
                raise ProtocolError("bad_step", str(exc)) from None
            return JSONResponse(data)

        return await self._answer(replay)

    # ---------------------------------------------------------------- the table connection

    async def websocket(self, ws: WebSocket) -> None:
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
            sub = await self.service.connect(table_id, hello.token)
        except ProtocolError as exc:
            await self._refuse(ws, exc.code, exc.message)
            return
        except (TimeoutError, WebSocketDisconnect, KeyError, RuntimeError):
            with contextlib.suppress(Exception):
                await ws.close(1008)
            return
        except Exception as exc:  # storage away, say: tell the client, keep no traceback
            log.warning("table %s: a connection failed: %s: %s", table_id, type(exc).__name__, exc)
            await self._refuse(ws, "server_error", "the server cannot open this table now")
            return
        sender = asyncio.create_task(self._sender(ws, sub))
        try:
            await self._receive_loop(ws, sub, address)
        finally:
            self.service.disconnect(sub)
            sub.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(sender, 2.0)

    async def _refuse(self, ws: WebSocket, code: str, message: str) -> None:
        with contextlib.suppress(Exception):
            await ws.send_text(_dumps(protocol.error(code, message)))
            await ws.close(CLOSE_CODES.get(code, TRY_LATER if code.startswith("too") else 1008))

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

    async def _receive_loop(self, ws: WebSocket, sub: Subscriber, address: str) -> None:
        limiter = RateLimiter(*self._msg_rate)
        while not sub.closed:
            try:
                msg = await ws.receive()
            except (WebSocketDisconnect, RuntimeError):
                return
            if msg["type"] == "websocket.disconnect":
                return
            raw = msg.get("text") if msg.get("text") is not None else msg.get("bytes", b"")
            if not self._allowed(limiter, address, sub):
                continue
            try:
                m = protocol.parse_client(raw or b"")
                if m.type == "ping":
                    sub.send({"type": "pong"})
                elif m.type == "hello":
                    raise ProtocolError("already_bound", "this connection already has its seat")
                elif m.type == "act":
                    assert m.action is not None and m.version is not None
                    await self.service.act(sub, m.action, m.version, m.client_id)
                else:
                    assert m.version is not None
                    await self.service.undo(sub, m.version)
            except AlreadyApplied as exc:
                sub.send(protocol.applied(exc.client_id, exc.step))
            except ProtocolError as exc:
                sub.send(protocol.error(exc.code, exc.message, exc.refusal))
            except PermissionError as exc:
                sub.send(protocol.error("not_your_turn", str(exc)))
            except Exception:  # a bug: the state is as before (every change rolls back)
                log.exception("table %s: a message could not be handled", sub.table_id)
                sub.send(protocol.error("server_error", "the server could not do that; try again"))


def create_app(service: GameService, opts: ServeOptions | None = None, **options: Any) -> Starlette:
    """The ASGI app serving ``service`` with the limits of ``opts`` (``settings``), any of
    them replaced by ``options`` (``create_rate=5``...)."""
    opts = dataclasses.replace(opts or ServeOptions(), **options)
    app = WebApp(service, opts).app
    app.state.service = service
    return app
