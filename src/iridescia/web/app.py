"""The Starlette application: the lobby's REST API, the table WebSocket and the static client.

REST (JSON in and out; errors are ``{"error": {"code", "message"}}`` with a 4xx status)::

    GET  /api/meta                          the games (metadata, board or not, seat kinds,
                                            lobby options, card data), languages
    GET  /api/games/{game}/actions          the game's action table as the browser shows it
    GET  /api/tables                        the public tables: open, running and finished
    POST /api/tables                        create: {"game", "mode", "seats", "options",
                                            "name", "mine": [seats on this device],
                                            "private", "clock", "away", "away_bot", "player"}
                                            or {"game", "tutorial": true}: the game's tutorial
    POST /api/tables/known                  {"tables": [{"id", "token"}]}: a browser's own
                                            tables (private ones included)
    GET  /api/tables/{id}                   one table (never its seed nor a token)
    POST /api/tables/{id}/join              take a free seat of a public table: {"name"}
    POST /api/tables/{id}/claim             take the seat of an invite: {"invite", "name"}
    POST /api/tables/{id}/invites           the creator's view of the seats and links
    POST /api/tables/{id}/fill              the creator gives a free seat to a bot
    POST /api/tables/{id}/renew             the creator replaces a free seat's invite link:
                                            {"creator", "seat"} -> as /invites
    GET  /api/tables/{id}/replay/{step}     a finished game at a step, as a spectator saw it;
                                            ?seat=N: as seat N saw it (its token only),
                                            ?log=1: with every step's log lines
    GET  /api/tables/{id}/record            a finished game's record (a seat's or the creator's
                                            token; ``web.records`` says when), as a download
    GET  /api/tables/{id}/analysis?seat=N   a finished game's analysis for seat N (its token
                                            only; ``web.analysis``: 503 ``busy`` when full)
    POST /api/tables/{id}/hint              {"token"}: the strongest bot's choice for that
                                            seat now (tables played on one device only)
    GET  /health                            storage and Redis reachable, version, uptime

A private table is invisible to anyone without one of its tokens: not listed, and 404 to a
request that does not carry a seat's or the creator's token (in the body, or for a GET in the
``X-Iridescia-Token`` header: never in a URL).

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

WebSocket ``/ws/{id}``: ``connection`` (the messages: ``protocol``). Every request, connection
and message is a line of the operator's log (``oplog``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from iridescia import __version__
from iridescia.games import names
from iridescia.i18n import catalogue, languages
from iridescia.web import oplog, protocol
from iridescia.web.analysis import Analyses
from iridescia.web.broadcast import parse_step
from iridescia.web.catalog import meta
from iridescia.web.connection import TableSocket
from iridescia.web.games import plugin
from iridescia.web.limits import AddressLimits, Rate, client_address, origin_allowed, read_body
from iridescia.web.protocol import ProtocolError
from iridescia.web.records import table_record
from iridescia.web.service import GameService
from iridescia.web.settings import ServeOptions
from iridescia.web.tables import SpecError, TableSpec

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("iridescia.web")
# The status of each REST error code that is not 400.
STATUS = {
    "no_table": 404, "bad_invite": 404, "too_large": 413, "rate_limited": 429,
    "bad_origin": 403, "no_seat": 409, "invite_used": 409, "not_finished": 409,
    "server_error": 503, "not_your_seat": 403, "busy": 503, "no_hints": 403,
    "not_your_turn": 409, "record_secret": 403,
}  # fmt: skip
TOKEN_HEADER = "x-iridescia-token"  # a GET's seat or creator token (never in the URL)
HEALTH_CACHE = 1.0  # seconds a health answer is reused (a flood of checks costs one)
HEALTH_TIMEOUT = 2.0  # seconds storage and Redis have to answer a health check


def _replay_seat(text: str | None) -> int | None:
    """The ``seat`` of a replay request (absent: the spectator's view), or ProtocolError."""
    if text is None or text == "":
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        raise ProtocolError("bad_seat", "a seat is a small whole number")
    return int(text)


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _token(value: Any) -> str | None:
    """A token from a request (None when absent or not one)."""
    return value if protocol.is_token(value) else None


class WebApp:
    """Routes bound to one ``GameService``; ``app`` is the ASGI application."""

    def __init__(self, service: GameService, opts: ServeOptions | None = None) -> None:
        self.service = service
        self.opts = opts = opts or ServeOptions()
        self.limits = AddressLimits(
            {
                "create": Rate(opts.create_rate, opts.create_burst),
                "join": Rate(opts.join_rate, opts.join_burst),
                # reads that cost the database a query per table named: five times the joins
                "lookup": Rate(opts.join_rate * 5, opts.join_burst * 5),
                "message": Rate(opts.address_msg_rate, opts.address_msg_burst),
                "chat": Rate(opts.chat_rate, opts.chat_burst),
            },
            opts.max_address_connections,
        )
        self.started = time.monotonic()
        self._health: tuple[float, int, dict[str, Any]] | None = None
        self.analyses = Analyses(service)
        routes = [
            Route("/", self.index),
            Route("/api/meta", self.meta),
            Route("/i18n/{lang}.json", self.messages),
            Route("/api/games/{game}/actions", self.actions),
            Route("/api/tables", self.list_tables, methods=["GET"]),
            Route("/api/tables", self.create_table, methods=["POST"]),
            Route("/api/tables/known", self.known, methods=["POST"]),
            Route("/api/tables/{table_id}", self.table_info),
            Route("/api/tables/{table_id}/join", self.join, methods=["POST"]),
            Route("/api/tables/{table_id}/claim", self.claim, methods=["POST"]),
            Route("/api/tables/{table_id}/invites", self.invites, methods=["POST"]),
            Route("/api/tables/{table_id}/fill", self.fill, methods=["POST"]),
            Route("/api/tables/{table_id}/renew", self.renew, methods=["POST"]),
            Route("/api/tables/{table_id}/record", self.record),
            Route("/api/tables/{table_id}/replay/{step}", self.replay),
            Route("/api/tables/{table_id}/analysis", self.analysis),
            Route("/api/tables/{table_id}/hint", self.hint, methods=["POST"]),
            Route("/health", self.health),
            WebSocketRoute("/ws/{table_id}", TableSocket(service, opts, self.limits).endpoint),
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
            oplog.record("error", where="request", error=type(exc).__name__)
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
            oplog.record("table", table=row.id, game=row.game, mode=row.mode, private=row.private)
            # The creator gets the tokens of their own seats and the other seats' invites.
            seats = [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "token": s.token if s.kind == "human" and s.invite is None else None,
                    "invite": s.invite,
                }
                for s in row.seats
            ]
            table = self.service.table_json(row.id)
            body = {"table": table, "seats": seats, "creator": row.creator}
            return JSONResponse(body, status_code=201)

        response = await self._answer(create)
        if response.status_code == 413:  # the rest of the body is not read: close after this
            response.headers["Connection"] = "close"
        return response

    async def table_info(self, request: Request) -> Response:
        async def info() -> Response:
            token = _token(request.headers.get(TOKEN_HEADER))
            return JSONResponse(await self.service.info(request.path_params["table_id"], token))

        return await self._answer(info)

    async def known(self, request: Request) -> Response:
        async def known() -> Response:
            self._check(request, "lookup")
            data = await self._body(request)
            asked = data.get("tables") if isinstance(data, dict) else None
            if not isinstance(asked, list):
                raise ProtocolError("bad_request", 'the body is {"tables": [{"id", "token"}]}')
            pairs = [
                (str(a["id"]), str(a["token"]))
                for a in asked
                if isinstance(a, dict) and protocol.is_token(a.get("id"))
                and protocol.is_token(a.get("token"))
            ]  # fmt: skip
            return JSONResponse({"tables": await self.service.known(pairs)})

        return await self._answer(known)

    async def _seat_request(self, request: Request, kind: str) -> tuple[str, dict[str, Any]]:
        """The table id and the JSON object of a request about a table's seats."""
        self._check(request, kind)
        data = await self._body(request)
        if not isinstance(data, dict):
            raise ProtocolError("bad_request", "the body must be a JSON object")
        return request.path_params["table_id"], data

    async def join(self, request: Request) -> Response:
        async def join() -> Response:
            table_id, data = await self._seat_request(request, "join")
            seat, token = await self.service.join(table_id, data.get("name"))
            oplog.record("seat", table=table_id, seat=seat, how="join")
            return JSONResponse({"seat": seat, "token": token})

        return await self._answer(join)

    async def claim(self, request: Request) -> Response:
        async def claim() -> Response:
            table_id, data = await self._seat_request(request, "join")
            invite = data.get("invite")
            if not protocol.is_token(invite):
                raise ProtocolError("bad_invite", "this invite link is not valid for this table")
            seat, token = await self.service.claim(table_id, str(invite), data.get("name"))
            oplog.record("seat", table=table_id, seat=seat, how="invite")
            return JSONResponse({"seat": seat, "token": token})

        return await self._answer(claim)

    async def invites(self, request: Request) -> Response:
        async def invites() -> Response:
            table_id, data = await self._seat_request(request, "lookup")
            return JSONResponse(await self.service.invites(table_id, data.get("creator")))

        return await self._answer(invites)

    async def renew(self, request: Request) -> Response:
        async def renew() -> Response:
            table_id, data = await self._seat_request(request, "join")
            got = data.get
            answer = await self.service.renew_invite(table_id, got("creator"), got("seat"))
            oplog.record("invite", table=table_id, seat=got("seat"))
            return JSONResponse(answer)

        return await self._answer(renew)

    async def fill(self, request: Request) -> Response:
        async def fill() -> Response:
            table_id, data = await self._seat_request(request, "join")
            got = data.get
            table = await self.service.fill(table_id, got("creator"), got("seat"), got("bot"))
            oplog.record("seat", table=table_id, seat=got("seat"), how="bot", bot=got("bot"))
            return JSONResponse({"table": table})

        return await self._answer(fill)

    async def replay(self, request: Request) -> Response:
        async def replay() -> Response:
            try:
                step = parse_step(request.path_params["step"])
                token = _token(request.headers.get(TOKEN_HEADER))
                seat = _replay_seat(request.query_params.get("seat"))
                log = request.query_params.get("log") == "1"
                table_id = request.path_params["table_id"]
                data = await self.service.replay(table_id, step, token, seat, log)
            except ValueError as exc:
                raise ProtocolError("bad_step", str(exc)) from None
            return JSONResponse(data)

        return await self._answer(replay)

    async def record(self, request: Request) -> Response:
        async def record() -> Response:
            self._check(request, "lookup")
            token = _token(request.headers.get(TOKEN_HEADER))
            table_id = request.path_params["table_id"]
            name, data = await table_record(self.service, table_id, token)
            disposition = f'attachment; filename="{name}"'
            return JSONResponse(data, headers={"Content-Disposition": disposition})

        return await self._answer(record)

    async def analysis(self, request: Request) -> Response:
        async def analysis() -> Response:
            token = _token(request.headers.get(TOKEN_HEADER))
            seat = _replay_seat(request.query_params.get("seat"))
            table_id = request.path_params["table_id"]
            return JSONResponse(await self.analyses.of(table_id, seat, token))

        return await self._answer(analysis)

    async def hint(self, request: Request) -> Response:
        async def hint() -> Response:
            self._check(request, "lookup")
            data = await self._body(request)
            token = data.get("token") if isinstance(data, dict) else None
            return JSONResponse(await self.analyses.hint(request.path_params["table_id"], token))

        return await self._answer(hint)

    # ---------------------------------------------------------------- the operator

    async def health(self, request: Request) -> Response:
        """Storage and Redis reachable, the version, the uptime (no secret; answered from a
        cache for ``HEALTH_CACHE`` seconds, so checking often costs the database nothing)."""
        now = time.monotonic()
        if self._health is None or now - self._health[0] > HEALTH_CACHE:
            pubsub = self.service.pubsub
            storage = await _probe(self.service.storage.ping())
            redis = await _probe(pubsub.ping()) if pubsub.shared else "off"
            ok = storage == "ok" and redis in ("ok", "off")
            body = {
                "status": "ok" if ok else "failing",
                "version": __version__,
                "uptime": 0.0,
                "storage": storage,
                "redis": redis,
                "tables": len(self.service.loaded()),
            }
            self._health = (now, 200 if ok else 503, body)
        _, status, body = self._health
        body = {**body, "uptime": round(now - self.started, 1)}
        return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-cache"})


async def _probe(check: Awaitable[None]) -> str:
    """ "ok", or what went wrong (the error's kind only: a message may name a host)."""
    try:
        await asyncio.wait_for(check, HEALTH_TIMEOUT)
    except Exception as exc:
        return f"failing ({type(exc).__name__})"
    return "ok"


def create_app(service: GameService, opts: ServeOptions | None = None, **options: Any) -> Starlette:
    """The ASGI app serving ``service`` with the limits of ``opts`` (``settings``), any of
    them replaced by ``options`` (``create_rate=5``...)."""
    opts = dataclasses.replace(opts or ServeOptions(), **options)
    web = WebApp(service, opts)
    app = web.app
    app.state.service = service
    app.state.analyses = web.analyses
    app.add_middleware(oplog.AccessLog)
    return app
