"""``GET /api/tables/{id}/analysis?seat=N`` (``iridescia.web.analysis``): a finished game's
analysis for the holder of that seat's token; refusals (unfinished 409, wrong or missing token
403, busy 503, bad seat 400) and a real analysis of a finished solo game with the fast bot."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from iridescia.web.protocol import apply_patch
from iridescia.web.server import ServeOptions, build_app

TOKEN = "x-iridescia-token"


def _app() -> Any:
    app = build_app(
        ServeOptions(
            db=":memory:",
            bot_delay=0,
            step_delay=0,
            allow_seed=True,
            msg_rate=1e6,
            msg_burst=1e6,
            address_msg_rate=1e6,
            address_msg_burst=1e6,
        )
    )
    app.state.analyses.bot = "greedy"  # fast and deterministic: the test checks the plumbing
    app.state.analyses.worlds = 1
    return app


def _recv(ws: Any) -> dict[str, Any]:
    """The next message; a state message's ``patch`` is applied to the connection's view."""
    m: dict[str, Any] = ws.receive_json()
    if m["type"] == "state":
        if "patch" in m:
            m["view"] = apply_patch(ws.iridescia_view, m["patch"])
        ws.iridescia_view = m["view"]
    return m


def _state(ws: Any) -> dict[str, Any]:
    while True:
        m = _recv(ws)
        if m["type"] in ("state", "error"):
            return m


def _play(c: TestClient, tid: str, token: str, stop: int | None = None) -> None:
    """Random legal moves for the seat of ``token`` (``stop``: that many, else to the end)."""
    rng = random.Random(1)
    with c.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        m = _state(ws)
        n = 0
        while not m["view"]["game_over"] and (stop is None or n < stop):
            d = m["view"]["decision"]
            if d["player"] != m["seat"]:
                m = _state(ws)
                continue
            action = rng.choice(d["actions"])
            ws.send_text(json.dumps({"type": "act", "action": action, "version": m["version"]}))
            m = _state(ws)
            n += 1


def _solo(c: TestClient, seed: int = 11) -> tuple[str, str]:
    r = c.post("/api/tables", json={"mode": "solo", "seats": ["human"], "seed": seed})
    assert r.status_code == 201, r.text
    d = r.json()
    return d["table"]["id"], d["seats"][0]["token"]


def test_an_unfinished_game_is_409_and_a_wrong_token_403() -> None:
    with TestClient(_app()) as c:
        tid, token = _solo(c)
        _play(c, tid, token, stop=2)
        r = c.get(f"/api/tables/{tid}/analysis?seat=0", headers={TOKEN: token})
        assert r.status_code == 409 and r.json()["error"]["code"] == "not_finished"
        _play(c, tid, token)
        _other, other_token = _solo(c, 12)
        for headers in ({}, {TOKEN: other_token}):
            r = c.get(f"/api/tables/{tid}/analysis?seat=0", headers=headers)
            assert r.status_code == 403 and r.json()["error"]["code"] == "not_your_seat"
        r = c.get(f"/api/tables/{tid}/analysis", headers={TOKEN: token})  # no seat
        assert r.status_code == 403
        r = c.get(f"/api/tables/{tid}/analysis?seat=zz", headers={TOKEN: token})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_seat"
        r = c.get("/api/tables/nope/analysis?seat=0", headers={TOKEN: token})
        assert r.status_code == 404


def test_a_finished_solo_game_is_analysed_once_then_cached() -> None:
    with TestClient(_app()) as c:
        tid, token = _solo(c)
        _play(c, tid, token)
        r = c.get(f"/api/tables/{tid}/analysis?seat=0", headers={TOKEN: token})
        assert r.status_code == 200, r.text
        a = r.json()
        assert a["seat"] == 0 and a["bot"] == "greedy" and a["table"] == tid
        assert a["moments"] and all(m["choices"] > 1 for m in a["moments"])
        assert all(0 <= m["step"] < a["steps"] for m in a["moments"])
        losses = [next(m["loss"] for m in a["moments"] if m["step"] == s) for s in a["mistakes"]]
        assert losses == sorted(losses, reverse=True)
        # Random play against the greedy bot: it has mistakes to show.
        assert a["mistakes"]
        # labels from the seat's prompt then, where the state says more (a purchase's item)
        labels = [m[k] for m in a["moments"] for k in ("played_label", "suggested_label")]
        assert any(isinstance(x, dict) and x.get("key") for x in labels)
        analyses = c.app.state.analyses  # type: ignore[attr-defined]
        analyses.bot = "random"  # a second request does not compute again
        assert c.get(f"/api/tables/{tid}/analysis?seat=0", headers={TOKEN: token}).json() == a


def test_a_full_server_answers_busy() -> None:
    with TestClient(_app()) as c:
        tid, token = _solo(c)
        _play(c, tid, token)
        analyses = c.app.state.analyses  # type: ignore[attr-defined]
        analyses.waiting = 0
        analyses._pending = analyses.running  # as if the analyses it runs were all taken
        r = c.get(f"/api/tables/{tid}/analysis?seat=0", headers={TOKEN: token})
        assert r.status_code == 503 and r.json()["error"]["code"] == "busy"
        assert "try again" in r.json()["error"]["message"]
        analyses._pending = 0
        r = c.get(f"/api/tables/{tid}/analysis?seat=0", headers={TOKEN: token})
        assert r.status_code == 200


def test_two_requests_for_the_same_seat_share_one_computation() -> None:
    with TestClient(_app()) as c:
        tid, token = _solo(c)
        _play(c, tid, token)
        analyses = c.app.state.analyses  # type: ignore[attr-defined]
        calls = []
        compute = analyses._compute

        def counted(record: Any, seat: int) -> dict[str, Any]:
            calls.append(seat)
            return compute(record, seat)  # type: ignore[no-any-return]

        analyses._compute = counted

        async def both() -> list[dict[str, Any]]:
            return list(
                await asyncio.gather(analyses.of(tid, 0, token), analyses.of(tid, 0, token))
            )

        first, second = c.portal.call(both)  # type: ignore[union-attr]
        assert first == second and calls == [0]


def test_a_private_tables_analysis_is_hidden_from_strangers() -> None:
    with TestClient(_app()) as c:
        r = c.post(
            "/api/tables", json={"mode": "solo", "seats": ["human"], "seed": 4, "private": True}
        )
        assert r.status_code == 201, r.text
        tid, token = r.json()["table"]["id"], r.json()["seats"][0]["token"]
        _play(c, tid, token)
        _other, stranger = _solo(c, 5)
        for headers in ({}, {TOKEN: stranger}):
            r = c.get(f"/api/tables/{tid}/analysis?seat=0", headers=headers)
            assert r.status_code == 404
        r = c.get(f"/api/tables/{tid}/analysis?seat=0", headers={TOKEN: token})
        assert r.status_code == 200 and r.json()["moments"]


def test_a_game_that_cannot_be_analysed_says_so() -> None:
    with TestClient(_app()) as c:
        tid, token = _solo(c)
        _play(c, tid, token)

        def refuse(record: Any, seat: int) -> dict[str, Any]:
            raise ValueError("this game has no search heuristics")

        c.app.state.analyses._compute = refuse  # type: ignore[attr-defined]
        r = c.get(f"/api/tables/{tid}/analysis?seat=0", headers={TOKEN: token})
        assert r.status_code == 400 and r.json()["error"]["code"] == "no_analysis"
        assert not c.app.state.analyses._inflight  # type: ignore[attr-defined]


def _hint(c: TestClient, tid: str, token: str) -> Any:
    return c.post(f"/api/tables/{tid}/hint", json={"token": token})


def test_a_hint_is_the_bots_legal_choice_for_the_seat_on_turn() -> None:
    with TestClient(_app()) as c:
        tid, token = _solo(c)
        r = _hint(c, tid, token)
        assert r.status_code == 200, r.text
        with c.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": token}))
            m = _state(ws)
        table = c.get("/api/games/gems-of-iridescia/actions").json()["actions"]
        assert r.json()["action"] in [table[i]["text"] for i in m["actions"]]
        assert _hint(c, tid, "x" * 24).status_code == 404
        # hot-seat: only the seat whose turn it is
        r = c.post(
            "/api/tables",
            json={"mode": "standard", "seats": ["human", "human"], "mine": [0, 1], "seed": 3},
        )
        d = r.json()
        tokens = [s["token"] for s in d["seats"]]
        codes = sorted(_hint(c, d["table"]["id"], t).status_code for t in tokens)
        assert codes == [200, 409]


def test_no_hints_at_a_table_with_invited_or_joined_players() -> None:
    with TestClient(_app()) as c:
        r = c.post(
            "/api/tables",
            json={"mode": "standard", "seats": ["human", "human"], "mine": [0], "seed": 3},
        )
        d = r.json()
        tid, token = d["table"]["id"], d["seats"][0]["token"]
        r = _hint(c, tid, token)
        assert r.status_code == 403 and r.json()["error"]["code"] == "no_hints"
