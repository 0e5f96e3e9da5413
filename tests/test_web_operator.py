"""Tables for friends over the REST API and the WebSocket, and what the operator sees: the
access and event log (one JSON line per request, connection and message, never a secret) and
the health check.

- a private table: not listed, 404 without one of its tokens (the ``X-Iridescia-Token`` header
  for a GET), its invites taken once (409 the second time), the creator's links and bots, a
  browser's own tables (``/api/tables/known``), its replay with the chat and who played;
- bad bodies of the new requests get a clear 4xx, never a 500;
- chat, names, votes and take-back over the WebSocket; chat lines are rate limited per address;
- ``/health``: storage and Redis, version, uptime; 503 when storage does not answer;
- a real server process's access log: every line JSON with its time and event, no token,
  invite, creator token, name or chat line in it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from iridescia import __version__
from iridescia.web.testing import SeatClient, ServerProcess, get_json, post_json
from test_web_api import _app, _create, _hello, _play_until, _state
from test_web_limits import JSON, no_tracebacks_fixture  # noqa: F401 - a fixture by name

TOKEN = "X-Iridescia-Token"


def test_a_private_table_over_rest_and_its_replay_with_chat() -> None:
    app = _app()
    with TestClient(app) as c:
        d = _create(c, mode="solo", seats=["human"], seed=11, private=True, player="Ada")
        tid, token, creator = d["table"]["id"], d["seats"][0]["token"], d["creator"]
        assert d["table"]["private"] and d["table"]["started"] and d["seats"][0]["invite"] is None
        assert tid not in [t["id"] for t in c.get("/api/tables").json()["tables"]]
        assert c.get(f"/api/tables/{tid}").status_code == 404
        assert c.get(f"/api/tables/{tid}", headers={TOKEN: "nope"}).status_code == 404
        assert c.get(f"/api/tables/{tid}", headers={TOKEN: creator}).json()["id"] == tid
        assert c.post(f"/api/tables/{tid}/join", json={}).status_code == 404
        known = c.post("/api/tables/known", json={"tables": [{"id": tid, "token": token}]})
        assert [t["id"] for t in known.json()["tables"]] == [tid]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            m = _play_until(ws, _hello(ws, token), stop=3)
            ws.send_text(json.dumps({"type": "chat", "text": "gl <i>hf</i>"}))
            m = _play_until(ws, m)
            assert m["view"]["game_over"]
        steps = m["table"]["num_actions"]
        assert c.get(f"/api/tables/{tid}/replay/0").status_code == 404
        r = c.get(f"/api/tables/{tid}/replay/{steps}", headers={TOKEN: token}).json()
        assert [n["data"]["text"] for n in r["notes"] if n["kind"] == "chat"] == ["gl <i>hf</i>"]
        assert r["actions"][0] == {"seat": 0, "bot": None}
        assert c.get(f"/api/tables/{tid}/replay/2", headers={TOKEN: token}).json()["notes"] == []


def test_invites_claims_and_the_creators_bots_over_rest() -> None:
    with TestClient(_app()) as c:
        d = _create(c, seats=["human"] * 3, private=True, player="Ada", seed=3)
        tid, creator = d["table"]["id"], d["creator"]
        invites = [s["invite"] for s in d["seats"]]
        assert d["seats"][1]["token"] is None and invites[1] and invites[2]
        r = c.post(f"/api/tables/{tid}/claim", json={"invite": invites[1], "name": "Bo"})
        assert r.status_code == 200 and r.json()["seat"] == 1
        again = c.post(f"/api/tables/{tid}/claim", json={"invite": invites[1], "name": "Eve"})
        assert (again.status_code, again.json()["error"]["code"]) == (409, "invite_used")
        bad = c.post(f"/api/tables/{tid}/claim", json={"invite": "x" * 20, "name": "Eve"})
        assert (bad.status_code, bad.json()["error"]["code"]) == (404, "bad_invite")
        seen = c.post(f"/api/tables/{tid}/invites", json={"creator": creator}).json()
        assert [s["invite"] for s in seen["seats"]] == [None, None, invites[2]]
        assert [s["name"] for s in seen["seats"]] == ["Ada", "Bo", ""]
        assert c.post(f"/api/tables/{tid}/invites", json={"creator": "x"}).status_code == 404
        filled = c.post(
            f"/api/tables/{tid}/fill", json={"creator": creator, "seat": 2, "bot": "easy"}
        )
        assert filled.status_code == 200 and filled.json()["table"]["started"]
        public = _create(c, seats=["human", "human"], seed=4)
        r = c.post(f"/api/tables/{public['table']['id']}/join", json={"name": "Cy"})
        assert r.json()["seat"] == 1


@pytest.mark.parametrize(
    "path, body",
    [
        ("claim", {"invite": 3}), ("claim", {"invite": "ok", "name": "\x00"}), ("claim", []),
        ("claim", {"invite": "x" * 70}), ("fill", {"creator": None}), ("fill", "x"),
        ("invites", {}), ("join", {"name": ["x"]}), ("join", {"name": "y" * 99}),
    ],
)  # fmt: skip
def test_bad_bodies_of_the_seat_requests_get_a_clear_4xx(path: str, body: Any) -> None:
    with TestClient(_app()) as c:
        tid = _create(c, seats=["human", "human"], seed=4)["table"]["id"]
        r = c.post(f"/api/tables/{tid}/{path}", json=body)
        assert 400 <= r.status_code < 500 and r.json()["error"]["code"], r.text
        for bad in ({"tables": "x"}, {"tables": [{"id": 3}] * 200}, [1], "x"):
            r = c.post("/api/tables/known", json=bad)
            assert (r.status_code in (200, 400) and "tables" in r.text) or "error" in r.text


@pytest.mark.usefixtures("no_tracebacks")
def test_any_body_of_a_seat_request_gets_a_clear_answer() -> None:
    with TestClient(_app(join_rate=1e6, join_burst=1e6)) as c:
        d = _create(c, seats=["human"] * 3, seed=4, private=True)
        tid = d["table"]["id"]
        texts = st.text(max_size=40) | st.sampled_from([d["creator"], d["seats"][1]["invite"]])
        fields = st.fixed_dictionaries(
            {},
            optional={k: JSON | texts for k in ("invite", "name", "creator", "bot", "tables")}
            | {"seat": JSON | st.integers(-2, 5)},
        )

        @settings(max_examples=150, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))  # fmt: skip
        @given(st.sampled_from(["claim", "join", "invites", "fill", "known"]), fields | JSON)
        def one(path: str, body: Any) -> None:
            url = "/api/tables/known" if path == "known" else f"/api/tables/{tid}/{path}"
            r = c.post(url, content=json.dumps(body).encode())
            assert r.status_code in (200, 400, 404, 409), (path, body, r.text)

        one()


def test_chat_names_votes_and_take_back_over_the_websocket() -> None:
    with TestClient(_app(chat_burst=2, chat_rate=0.001)) as c:
        d = _create(c, seats=["human", "human"], mine=[0, 1], seed=6)
        tid, tokens = d["table"]["id"], [s["token"] for s in d["seats"]]
        with c.websocket_connect(f"/ws/{tid}") as ws, c.websocket_connect(f"/ws/{tid}") as spy:
            _hello(ws, tokens[0])
            _hello(spy, None)
            ws.send_text(json.dumps({"type": "name", "name": "Ada"}))
            assert _state(ws)["table"]["seats"][0]["name"] == "Ada"
            for text in ("one", "two", "three"):
                ws.send_text(json.dumps({"type": "chat", "text": text}))
            errors = []
            while not errors:
                m = ws.receive_json()
                errors += [m["code"]] if m["type"] == "error" else []
            assert errors == ["rate_limited"]
            spy.send_text(json.dumps({"type": "chat", "text": "me too"}))
            assert _error_code(spy) == "spectator"
            ws.send_text(json.dumps({"type": "vote", "seat": 1}))
            assert _error_code(ws) == "no_vote"
            ws.send_text(json.dumps({"type": "takeback"}))
            assert _error_code(ws) == "no_stand_in"
            ws.send_text(json.dumps({"type": "vote", "seat": "1"}))
            assert _error_code(ws) == "bad_seat"
            ws.send_text(json.dumps({"type": "chat", "text": 5}))
            assert _error_code(ws) == "bad_chat"
        app_service = c.app.state.service  # type: ignore[attr-defined]
        notes = app_service._slots[tid].table.notes
        assert [(n.kind, n.data.get("text")) for n in notes] == [
            ("name", None), ("chat", "one"), ("chat", "two"),
        ]  # fmt: skip


def _error_code(ws: Any) -> str:
    while True:
        m = ws.receive_json()
        if m["type"] == "error":
            return str(m["code"])


def test_the_health_check_says_what_answers() -> None:
    app = _app()
    with TestClient(app) as c:
        r = c.get("/health")
        body = r.json()
        assert r.status_code == 200 and body["status"] == "ok" and body["version"] == __version__
        assert (body["storage"], body["redis"]) == ("ok", "off") and body["uptime"] >= 0
        service = app.state.service

        async def down() -> None:
            raise ConnectionRefusedError("the database does not answer")

        service.storage.ping = down
        web = next(r.endpoint.__self__ for r in app.routes if getattr(r, "path", "") == "/health")
        web._health = None  # forget the answer cached for a second
        r = c.get("/health")
        assert r.status_code == 503 and r.json()["storage"] == "failing (ConnectionRefusedError)"
        assert "database" not in r.text


def test_the_access_log_has_a_line_per_request_connection_and_message_and_no_secret(
    tmp_path: Path,
) -> None:
    with ServerProcess(
        "--allow-seed", "--db", str(tmp_path / "a.sqlite3"), log_dir=tmp_path
    ) as srv:
        d = post_json(srv.url + "/api/tables", {
            "seats": ["human", "human"], "private": True, "player": "Ada Secretname", "seed": 3,
        })  # fmt: skip
        tid, invite, creator = d["table"]["id"], d["seats"][1]["invite"], d["creator"]
        joined = post_json(
            f"{srv.url}/api/tables/{tid}/claim", {"invite": invite, "name": "Bo Hidden"}
        )
        post_json(f"{srv.url}/api/tables/{tid}/invites", {"creator": creator})
        with SeatClient(srv, tid, joined["token"]) as bo:
            bo.send({"type": "chat", "text": "whisper-words-here"})
            bo.send({"type": "act", "action": "nonsense", "version": 0})
            bo.error()
        get_json(srv.url + "/health")
        lines = srv.access()
        text = srv.access_text()
        own = srv.log()
    assert "whisper" not in own and "Traceback" not in own
    events = {line["event"] for line in lines}
    assert {"http", "table", "seat", "ws_open", "message", "ws_close"} <= events, events
    assert all(line["time"].endswith("Z") for line in lines)
    messages = [(m["type"], m["result"]) for m in lines if m["event"] == "message"]
    assert ("chat", "ok") in messages and any(t == "act" and r != "ok" for t, r in messages)
    for secret in (invite, creator, joined["token"], d["seats"][0]["token"], "Secretname",
                   "Hidden", "whisper"):  # fmt: skip
        assert secret not in text
