"""The game service's memory and determinism: finished tables leave memory and come back from
storage on demand; a bot continues after a restart exactly as it would have without one; view
patches rebuild the view exactly."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from iridescia import Game
from iridescia.web.protocol import apply_patch, view_patch
from iridescia.web.server import ServeOptions, build_app


def _app(db: str, **kw: Any) -> Any:
    opts = dict(bot_delay=0, step_delay=0, allow_seed=True, msg_rate=1e6, msg_burst=1e6)
    opts.update(kw)
    return build_app(ServeOptions(db=db, **opts))  # type: ignore[arg-type]


def _recv(ws: Any) -> dict[str, Any]:
    m: dict[str, Any] = ws.receive_json()
    if m["type"] == "state":
        if "patch" in m:
            m["view"] = apply_patch(ws.iridescia_view, m["patch"])
        ws.iridescia_view = m["view"]
    return m


def _hello(ws: Any, token: str) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    return _recv(ws)


def _play(ws: Any, m: dict[str, Any], rng: random.Random, humans: int | None) -> dict[str, Any]:
    """Play seat 0 with ``rng`` (``humans`` of its actions, or to the end)."""
    played = 0
    while not m["view"]["game_over"]:
        d = m["view"]["decision"]
        if d["player"] != m["seat"]:
            m = _recv(ws)
            continue
        if humans is not None and played == humans:
            break
        ws.send_text(json.dumps({"type": "act", "action": rng.choice(d["actions"]),
                                 "version": m["version"]}))  # fmt: skip
        while (m := _recv(ws))["type"] != "state":
            assert m["type"] == "events", m
        played += 1
    return m


def _actions(app: Any, table_id: str) -> list[str]:
    return [s.action for s in app.state.service._slots[table_id].table.steps]


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_continue_exactly_after_a_restart(tmp_path: Path, bot: str) -> None:
    body = {"mode": "multi", "seats": ["human", f"bot:{bot}", "bot:random"], "seed": 31}
    # without a restart
    app = _app(str(tmp_path / "one.sqlite3"))
    with TestClient(app) as c:
        d = c.post("/api/tables", json=body).json()
        with c.websocket_connect(f"/ws/{d['table']['id']}") as ws:
            _play(ws, _hello(ws, d["seats"][0]["token"]), random.Random(8), None)
        straight = _actions(app, d["table"]["id"])
    # the same game with a restart after 12 of seat 0's actions
    db = str(tmp_path / "two.sqlite3")
    rng = random.Random(8)
    with TestClient(_app(db)) as c:
        d = c.post("/api/tables", json=body).json()
        tid, token = d["table"]["id"], d["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            _play(ws, _hello(ws, token), rng, 12)
    app = _app(db)
    with TestClient(app) as c, c.websocket_connect(f"/ws/{tid}") as ws:
        _play(ws, _hello(ws, token), rng, None)
        assert _actions(app, tid) == straight


def test_finished_tables_leave_memory_and_come_back(tmp_path: Path) -> None:
    app = _app(str(tmp_path / "evict.sqlite3"), evict_after=0.05)
    service = app.state.service
    with TestClient(app) as c:
        d = c.post("/api/tables", json={"mode": "solo", "seats": ["human"], "seed": 4}).json()
        tid, token = d["table"]["id"], d["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            final = _play(ws, _hello(ws, token), random.Random(2), None)
            time.sleep(0.2)
            assert tid in service.loaded()  # watched: stays
        for _ in range(100):
            if tid not in service.loaded():
                break
            time.sleep(0.05)
        assert tid not in service.loaded()
        listed = c.get("/api/tables").json()["tables"]
        assert listed[0]["id"] == tid and listed[0]["status"] == "finished"
        assert tid not in service.loaded()  # the lobby reads storage, no reload
        steps = final["table"]["num_actions"]
        replay = c.get(f"/api/tables/{tid}/replay/{steps}").json()
        assert replay["view"]["game_over"] and replay["steps"] == steps
        with c.websocket_connect(f"/ws/{tid}") as ws:  # and a connection loads it again
            again = _hello(ws, token)
            assert again["view"] == final["view"] and again["version"] == final["version"]
            ws.send_text(json.dumps({"type": "act", "action": "end", "version": again["version"]}))
            assert _recv(ws)["code"] == "game_over"


def test_view_patches_rebuild_the_view() -> None:
    game = Game.new(3, 12)
    rng = random.Random(12)
    before = game.view(1)
    sizes = []
    while not game.is_terminal():
        game.apply(rng.choice(game.legal_actions()))
        after = game.view(1)
        patch = view_patch(before, after)
        assert apply_patch(before, patch) == after
        sizes.append(len(json.dumps(patch)) / len(json.dumps(after)))
        before = after
    assert sum(sizes) / len(sizes) < 0.4  # a patch is much smaller than the view


def test_a_failing_database_changes_nothing(tmp_path: Path) -> None:
    app = _app(str(tmp_path / "down.sqlite3"))
    with TestClient(app) as c:
        d = c.post("/api/tables", json={"mode": "solo", "seats": ["human"], "seed": 6}).json()
        tid, token = d["table"]["id"], d["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            m = _hello(ws, token)
            table = app.state.service._slots[tid].table
            before = (table.version, len(table.steps), table.game.state_hash())
            real = app.state.service.storage._db
            app.state.service.storage._db = None  # every statement now fails
            action = m["view"]["decision"]["actions"][0]
            ws.send_text(json.dumps({"type": "act", "action": action, "version": m["version"]}))
            assert _recv(ws)["code"] == "server_error"
            assert (table.version, len(table.steps), table.game.state_hash()) == before
            app.state.service.storage._db = real  # back: the same action now goes through
            ws.send_text(json.dumps({"type": "act", "action": action, "version": m["version"]}))
            assert _recv(ws)["version"] == m["version"] + 1
