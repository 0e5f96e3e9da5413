"""No malformed request and no flood stalls the web server or costs it what it cannot afford.

Each test reproduces a fault found in the server, and checks the answer is a clear 4xx or
``error`` message, with no traceback logged and nothing changed:

- a 100 MB POST was read whole before the 16 KiB limit was checked (the server grew from 43 to
  238 MB): now refused with 413 from its Content-Length, or once the streamed bytes exceed it;
- a non-ASCII token crashed the hello handler (TypeError from ``hmac.compare_digest``);
- 15,000 nested ``[`` gave a 500 and a traceback per message; a 5,000-digit replay step too;
- any Origin could open a WebSocket; joining had no rate limit; the per-connection rate limit
  was bypassed by opening more sockets (now also per address, with a cap on connections);
- every spectator had its own view built per move (1,000 spectators: 0.48 s of CPU per move);
- a retried action whose commit reply was lost was answered ``stale``; with its id it is
  answered ``applied``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from iridescia.web import settings as web_settings
from iridescia.web.broadcast import Subscriber
from iridescia.web.protocol import apply_patch
from iridescia.web.server import ServeOptions, build_app
from iridescia.web.service import GameService
from iridescia.web.storage import SqliteStorage
from iridescia.web.tables import TableSpec
from iridescia.web.testing import ServerProcess

DOCS = Path(__file__).resolve().parents[1] / "docs" / "web.md"
FAST: dict[str, Any] = dict(
    bot_delay=0, step_delay=0, allow_seed=True, msg_rate=1e6, msg_burst=1e6,
    address_msg_rate=1e6, address_msg_burst=1e6,
)  # fmt: skip


def _app(**kw: Any) -> Any:
    return build_app(ServeOptions(db=":memory:", **{**FAST, **kw}))


def _create(c: TestClient, **body: Any) -> dict[str, Any]:
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def _state(ws: Any) -> dict[str, Any]:
    while True:
        m: dict[str, Any] = ws.receive_json()
        if m["type"] == "state":
            if "patch" in m:
                m["view"] = apply_patch(ws.iridescia_view, m["patch"])
            ws.iridescia_view = m["view"]
            return m
        if m["type"] in ("error", "applied"):
            return m


def _hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    return _state(ws)


@pytest.fixture(name="no_tracebacks")
def no_tracebacks_fixture(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Fails the test if the server logged an error (a traceback) while it ran."""
    with caplog.at_level(logging.WARNING, logger="iridescia.web"):
        yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]


# ---------------------------------------------------------------- request bodies


async def _post(app: Any, headers: list[tuple[bytes, bytes]], chunks: Iterator[bytes]) -> Any:
    """POST /api/tables straight into the ASGI app; returns (status, chunks it pulled)."""
    pulled = 0
    pending = next(chunks, None)

    async def receive() -> dict[str, Any]:
        nonlocal pulled, pending
        if pending is None:
            return {"type": "http.disconnect"}
        pulled += 1
        body, pending = pending, next(chunks, None)
        return {"type": "http.request", "body": body, "more_body": pending is not None}

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": "/api/tables", "raw_path": b"/api/tables", "root_path": "",
        "query_string": b"", "headers": [(b"host", b"testserver"), *headers],
        "client": ("10.0.0.1", 1234), "server": ("testserver", 80),
    }  # fmt: skip
    await app(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], json.loads(body), pulled


def _megabytes(n: int) -> Iterator[bytes]:
    chunk = b"[" + b" " * 65534 + b","
    for _ in range(n * 16):
        yield chunk


def test_a_large_body_is_refused_before_it_is_read() -> None:
    app = _app()
    # The Content-Length says 100 MB: refused before a single byte is read.
    status, body, pulled = asyncio.run(
        _post(app, [(b"content-length", str(100 << 20).encode())], _megabytes(100))
    )
    assert (status, body["error"]["code"], pulled) == (413, "too_large", 0)
    # No Content-Length (chunked): refused as soon as the streamed bytes pass 16 KiB.
    status, body, pulled = asyncio.run(_post(app, [], _megabytes(100)))
    assert (status, body["error"]["code"]) == (413, "too_large") and pulled == 1
    for bad in (b"lots", b"-1", b"9" * 40):
        status, body, _ = asyncio.run(_post(app, [(b"content-length", bad)], iter([b"{}"])))
        assert (status, body["error"]["code"]) == (400, "bad_request")


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_a_100_mb_post_does_not_grow_the_server(tmp_path: Path) -> None:
    with ServerProcess("--db", str(tmp_path / "big.sqlite3"), log_dir=tmp_path) as srv:
        assert srv.proc is not None
        before = _rss_kb(srv.proc.pid)
        for declared in (True, False):
            with socket.create_connection(("127.0.0.1", srv.port), timeout=30) as sock:
                head = "POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                head += (
                    f"Content-Length: {100 << 20}\r\n\r\n"
                    if declared
                    else "Transfer-Encoding: chunked\r\n\r\n"
                )
                sock.sendall(head.encode())
                sent = 0
                try:
                    for chunk in _megabytes(100):
                        data = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
                        sock.sendall(chunk if declared else data)
                        sent += len(chunk)
                except OSError:
                    pass  # the server answered and closed: it will not read 100 MB
                reply = sock.recv(4096).decode(errors="replace")
                assert reply.startswith("HTTP/1.1 413"), reply[:200]
                assert sent < 100 << 20
        assert _rss_kb(srv.proc.pid) - before < 20_000  # KB; it grew by 195 MB before


# ---------------------------------------------------------------- malformed messages


@pytest.mark.usefixtures("no_tracebacks")
def test_malformed_hello_fields_get_a_clear_error() -> None:
    with TestClient(_app()) as c:
        d = _create(c, mode="solo", seats=["human"], seed=1)
        tid, token = d["table"]["id"], d["seats"][0]["token"]
        for bad in ["é", "ü" * 20, "a b", token + "é", "", "x" * 65, 7, ["t"], {"t": 1}, True]:
            with c.websocket_connect(f"/ws/{tid}") as ws:
                ws.send_text(json.dumps({"type": "hello", "token": bad}))
                got = ws.receive_json()
                assert (got["type"], got["code"]) == ("error", "bad_token"), (bad, got)
        with c.websocket_connect(f"/ws/{tid}") as ws:  # the table is as it was
            m = _hello(ws, token)
            assert m["version"] == 0 and m["seat"] == 0


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
FIELDS = st.fixed_dictionaries(
    {"type": st.sampled_from(["act", "undo", "hello", "ping", "x"]) | JSON},
    optional={"action": JSON | st.integers(-(2**70), 2**70), "version": JSON, "id": JSON},
)


@pytest.mark.usefixtures("no_tracebacks")
def test_any_message_is_answered_and_changes_nothing() -> None:
    with TestClient(_app()) as c:
        d = _create(c, mode="solo", seats=["human"], seed=2)
        tid, token = d["table"]["id"], d["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            first = _hello(ws, token)

            @settings(max_examples=150, deadline=None, database=None,
                      suppress_health_check=list(HealthCheck))  # fmt: skip
            @given(FIELDS)
            def one(message: dict[str, Any]) -> None:
                if message.get("type") == "act" and message.get("version") == 0:
                    message["version"] = 10**6  # never a legal move: the state must not change
                ws.send_text(json.dumps(message))
                if message.get("type") == "ping":
                    assert ws.receive_json()["type"] == "pong"
                    return
                got = _state(ws)
                assert got["type"] == "error" and got["code"] != "server_error", (message, got)

            one()
            ws.send_text(json.dumps({"type": "ping"}))
            assert ws.receive_json()["type"] == "pong"
        info = c.get(f"/api/tables/{tid}").json()
        assert info["version"] == first["version"] == 0


@pytest.mark.usefixtures("no_tracebacks")
def test_deep_json_and_huge_numbers_get_4xx_and_no_traceback() -> None:
    deep = "[" * 15_000 + "]" * 15_000
    huge = "9" * 5000
    with TestClient(_app(max_body=64 * 1024)) as c:
        d = _create(c, mode="solo", seats=["human"], seed=3)
        tid, token = d["table"]["id"], d["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            _hello(ws, token)
            for raw in ["[" * 2000, '{"type":"act","action":' + "[" * 1500 + "]" * 1500 + "}"]:
                ws.send_text(raw)
                assert _state(ws)["code"] == "bad_json"
            ws.send_text('{"type":"act","action":1,"version":' + "9" * 3000 + "}")
            assert _state(ws)["code"] == "bad_version"
            ws.send_text('{"type":"act","action":' + "9" * 3000 + ',"version":0}')
            assert _state(ws)["code"] == "bad_action"
        for body in (deep, '{"seed": ' + huge + "}", '{"mode": ' + deep[:3000] + "}"):
            r = c.post("/api/tables", content=body.encode())
            assert r.status_code == 400 and r.json()["error"]["code"] == "bad_json", r.text
        r = c.post("/api/tables", json={"mode": "solo", "seats": ["human"], "seed": 10**30})
        assert r.status_code == 400
        for step in (huge, "-1", "1e3", "５"):
            r = c.get(f"/api/tables/{tid}/replay/{step}")
            assert r.status_code == 400 and r.json()["error"]["code"] == "bad_step", r.text


TABLE_BODIES = st.fixed_dictionaries(
    {},
    optional={
        "game": JSON | st.just("gems-of-iridescia"),
        "mode": JSON | st.sampled_from(["solo", "standard", "rhom", "multi"]),
        "seats": JSON | st.lists(st.sampled_from(["human", "bot:random", "x"]), max_size=5),
        "options": JSON, "name": JSON, "mine": JSON, "seed": JSON,
        "private": JSON | st.booleans(), "clock": JSON | st.integers(-5, 10**6),
        "away": JSON | st.sampled_from(["vote", "bot", "wait", "x"]),
        "away_bot": JSON | st.sampled_from(["easy", "medium", "x"]),
        "player": JSON | st.text(max_size=30),
    },
)  # fmt: skip


@pytest.mark.usefixtures("no_tracebacks")
def test_any_table_request_gets_201_or_a_clear_400() -> None:
    with TestClient(_app(create_rate=1e6, create_burst=1e6)) as c:

        @settings(max_examples=200, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))  # fmt: skip
        @given(TABLE_BODIES | JSON)
        def one(body: Any) -> None:
            r = c.post("/api/tables", content=json.dumps(body).encode())
            assert r.status_code in (201, 400), (body, r.text)
            if r.status_code == 400:
                assert r.json()["error"]["code"] in ("bad_table", "unknown_game", "no_board")

        one()


# ---------------------------------------------------------------- origins and floods


def test_pages_of_other_sites_cannot_connect_nor_post() -> None:
    with TestClient(_app(allowed_origins=("https://friends.example",))) as c:
        d = _create(c, mode="solo", seats=["human"], seed=4)
        tid = d["table"]["id"]
        evil = {"origin": "https://evil.example"}
        with pytest.raises(WebSocketDisconnect), c.websocket_connect(f"/ws/{tid}", headers=evil):
            pass
        for origin in ("http://testserver", "https://friends.example", None):
            headers = {"origin": origin} if origin else {}
            with c.websocket_connect(f"/ws/{tid}", headers=headers) as ws:
                assert _hello(ws, None)["type"] == "state"
        body = {"mode": "solo", "seats": ["human"]}
        r = c.post("/api/tables", json=body, headers={"origin": "https://evil.example"})
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_origin"
        r = c.post(f"/api/tables/{tid}/join", headers={"origin": "null"})
        assert r.status_code == 403
        assert c.post("/api/tables", json=body, headers={"origin": "http://testserver"}).is_success


def test_connections_per_address_are_capped() -> None:
    with TestClient(_app(max_address_connections=3)) as c:
        tid = _create(c, mode="solo", seats=["human"], seed=5)["table"]["id"]
        conns = [c.websocket_connect(f"/ws/{tid}") for _ in range(3)]
        wss = [cm.__enter__() for cm in conns]
        try:
            for ws in wss:
                _hello(ws, None)
            with c.websocket_connect(f"/ws/{tid}") as extra:
                assert extra.receive_json()["code"] == "too_many_connections"
        finally:
            for cm in conns:
                cm.__exit__(None, None, None)
        with c.websocket_connect(f"/ws/{tid}") as ws:  # closed ones are counted out
            assert _hello(ws, None)["type"] == "state"


def test_more_sockets_do_not_buy_more_messages() -> None:
    app = _app(msg_rate=1, msg_burst=5, address_msg_rate=1, address_msg_burst=6)
    with TestClient(app) as c:
        tid = _create(c, mode="solo", seats=["human"], seed=6)["table"]["id"]
        with c.websocket_connect(f"/ws/{tid}") as a, c.websocket_connect(f"/ws/{tid}") as b:
            _hello(a, None)
            _hello(b, None)
            answers = []
            for ws in (a, b):  # 4 each: within each connection's burst of 5, not the address's
                for _ in range(4):
                    ws.send_text(json.dumps({"type": "ping"}))
                answers += [ws.receive_json() for _ in range(4)]
            assert sum(m.get("code") == "rate_limited" for m in answers) >= 2


def test_joining_is_rate_limited() -> None:
    with TestClient(_app(join_rate=0.001, join_burst=2)) as c:
        tid = _create(c, mode="standard", seats=["human"] * 4, seed=7)["table"]["id"]
        codes = [c.post(f"/api/tables/{tid}/join").status_code for _ in range(3)]
        assert codes == [200, 200, 429]


# ---------------------------------------------------------------- spectators


async def _drain(sub: Subscriber) -> list[str]:
    out = []
    while not sub.queue.empty():
        m = sub.queue.get_nowait()
        assert m is not None
        out.append(m if isinstance(m, str) else json.dumps(m))
    return out


def test_spectators_share_one_view_per_update_and_are_capped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        svc = GameService(SqliteStorage(":memory:"), bot_delay=0, step_delay=0, max_spectators=60)
        await svc.start()
        spec = TableSpec.from_json({"mode": "standard", "seats": ["human", "human"]})
        row, table = await svc.create(spec, {0, 1}, seed=8)
        seat = table.game.current_player
        player = await svc.connect(row.id, row.seats[seat].token)
        watchers = [await svc.connect(row.id, None) for _ in range(60)]
        with pytest.raises(Exception) as full:
            await svc.connect(row.id, None)
        assert getattr(full.value, "code", None) == "table_full"
        calls = []
        real = type(table.game).spectator_view

        def counted(game: Any) -> Any:
            calls.append(1)
            return real(game)

        monkeypatch.setattr(type(table.game), "spectator_view", counted)
        for _ in range(3):
            await asyncio.sleep(0.05)
            for s in (player, *watchers):
                await _drain(s)
            calls.clear()
            version = svc._slots[row.id].table.version
            actions = svc._slots[row.id].table.game.legal_actions()
            await svc.act(player, actions[0].id, version)
            for _ in range(200):
                if all(not w.queue.empty() for w in watchers):
                    break
                await asyncio.sleep(0.01)
            got = [await _drain(w) for w in watchers]
            assert all(g == got[0] for g in got) and got[0]  # the very same message for all
            assert len(calls) == 1  # one spectator view for sixty spectators
            if svc._slots[row.id].table.game.current_player != seat:
                break
        await svc.stop()

    asyncio.run(scenario())


# ---------------------------------------------------------------- action ids


@pytest.mark.usefixtures("no_tracebacks")
def test_a_retried_action_is_answered_applied_never_stale() -> None:
    app = _app()
    with TestClient(app) as c:
        d = _create(c, mode="solo", seats=["human"], seed=9)
        tid, token = d["table"]["id"], d["seats"][0]["token"]
        service = app.state.service
        real = service.storage
        with c.websocket_connect(f"/ws/{tid}") as ws:
            m = _hello(ws, token)
            act = {"type": "act", "action": m["actions"][0], "version": 0, "id": "a-1"}

            class LostReply:  # the commit is made, its reply lost, and reads fail once
                reads = 1

                def __getattr__(self, name: str) -> Any:
                    return getattr(real, name)

                async def append_action(self, *args: Any) -> None:
                    await real.append_action(*args)
                    service.storage = self
                    raise ConnectionResetError("reply lost")

                async def load_record(self, table_id: str) -> Any:
                    if self.reads:
                        self.reads -= 1
                        raise ConnectionRefusedError("database away")
                    return await real.load_record(table_id)

            service.storage = LostReply()
            ws.send_text(json.dumps(act))
            got = _state(ws)
            assert got["code"] == "server_error" and "again" in got["message"]
            ws.send_text(json.dumps(act))  # the client sends it again, with its id
            # The answer, and the state at version 1 (which the table's driver may already
            # have sent on its own, having read the table back: the order is not fixed).
            got = [_state(ws), _state(ws)]
            assert {"type": "applied", "id": "a-1", "step": 1} in got
            assert [m["version"] for m in got if m.get("type") == "state"] == [1]
            service.storage = real
            ws.send_text(json.dumps(act))  # and again: still applied once
            assert _state(ws) == {"type": "applied", "id": "a-1", "step": 1}
            ws.send_text(json.dumps({**act, "id": "a-2"}))  # a new id for an old version
            assert _state(ws)["code"] == "stale"
        assert len(service._slots[tid].table.steps) == 1


def test_a_bad_seat_link_is_refused_with_a_code_the_client_acts_on() -> None:
    with TestClient(_app()) as c:
        tid = _create(c, mode="solo", seats=["human"], seed=10)["table"]["id"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": "junk"}))
            assert ws.receive_json()["code"] == "bad_token"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403  # the browser drops the link, does not retry
        with c.websocket_connect("/ws/nope") as ws:
            ws.send_text(json.dumps({"type": "hello"}))
            assert ws.receive_json()["code"] == "no_table"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4404


# ---------------------------------------------------------------- settings


def test_every_setting_is_documented_with_its_default() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for option, default, _ in web_settings.default_documentation():
        assert f"| `{option}` | `{default}` |" in text, option


def test_settings_out_of_range_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--max-body", "3"], ["--msg-rate", "0"], ["--redis-prefix", "a b"],
                 ["--port", "70000"], ["--max-spectators", "-1"]):  # fmt: skip
        with pytest.raises(SystemExit):
            web_settings.from_args(*_parsed(argv))
        assert "--" in capsys.readouterr().err


def _parsed(argv: list[str]) -> Any:
    p = argparse.ArgumentParser()
    web_settings.add_options(p, tests=True)
    return p, p.parse_args(argv)
