"""Web app over the wire: full games through the WebSocket, stale and duplicate messages, bad
input, undo, restart recovery, and no leak of hidden information in any message (views, patches,
events redacted by the game's catalogue and their log lines, action labels). Translations are
checked in test_web_games.py."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from iridescia.games.iridescia.data import OBJECTIVE_BY_ID, RELIC_BY_ID
from iridescia.web.protocol import apply_patch
from iridescia.web.server import ServeOptions, build_app


def _app(db: str = ":memory:", **kw: Any) -> Any:
    opts = dict(
        bot_delay=0,
        step_delay=0,
        allow_seed=True,
        msg_rate=1e6,
        msg_burst=1e6,
        address_msg_rate=1e6,
        address_msg_burst=1e6,
    )
    opts.update(kw)
    return build_app(ServeOptions(db=db, **opts))  # type: ignore[arg-type]


def _create(c: TestClient, **body: Any) -> dict[str, Any]:
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def _recv(ws: Any) -> dict[str, Any]:
    """The next message; a state message's ``patch`` is applied to the connection's view."""
    m: dict[str, Any] = ws.receive_json()
    if m["type"] == "state":
        if "patch" in m:
            assert "view" not in m
            m["view"] = apply_patch(ws.iridescia_view, m["patch"])
        ws.iridescia_view = m["view"]
    return m


def _state(ws: Any) -> dict[str, Any]:
    while True:
        m = _recv(ws)
        if m["type"] in ("state", "error"):
            return m  # type: ignore[no-any-return]


def _error(ws: Any) -> dict[str, Any]:
    while True:
        m = _recv(ws)
        if m["type"] == "error":
            return m  # type: ignore[no-any-return]


def _hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    return _state(ws)


def _play_until(ws: Any, m: dict[str, Any], stop: int | None = None) -> dict[str, Any]:
    rng = random.Random(1)
    n = 0
    while not m["view"]["game_over"] and (stop is None or n < stop):
        d = m["view"]["decision"]
        if d["player"] != m["seat"]:
            m = _state(ws)
            continue
        ws.send_text(
            json.dumps({"type": "act", "action": rng.choice(d["actions"]), "version": m["version"]})
        )
        m = _state(ws)
        assert m["type"] == "state", m
        n += 1
    return m


def test_solo_full_game_and_replay() -> None:
    with TestClient(_app()) as c:
        d = _create(c, mode="solo", seats=["human"], seed=11)
        tid, token = d["table"]["id"], d["seats"][0]["token"]
        assert "seed" not in json.dumps(d)
        with c.websocket_connect(f"/ws/{tid}") as ws:
            m = _play_until(ws, _hello(ws, token))
            assert m["view"]["game_over"] and m["table"]["result"]["winners"]
        with c.websocket_connect(f"/ws/{tid}") as ws:  # patches rebuilt the very same view
            assert _hello(ws, token)["view"] == m["view"]
        r = c.get(f"/api/tables/{tid}/replay/5").json()
        assert r["step"] == 5 and r["steps"] == m["table"]["num_actions"]
        tables = c.get("/api/tables").json()["tables"]
        assert tables[0]["status"] == "finished"


def test_bots_and_rhom_variant_play_on_the_server() -> None:
    with TestClient(_app()) as c:
        d = _create(c, mode="rhom", seats=["human", "bot:random"], seed=3)
        tid, token = d["table"]["id"], d["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            m = _play_until(ws, _hello(ws, token))
            assert m["view"]["game_over"]


def test_stale_duplicate_wrong_seat_and_bad_input() -> None:
    with TestClient(_app()) as c:
        d = _create(c, mode="standard", seats=["human", "human"], seed=5, mine=[0, 1])
        tid = d["table"]["id"]
        tokens = [s["token"] for s in d["seats"]]
        with c.websocket_connect(f"/ws/{tid}") as a, c.websocket_connect(f"/ws/{tid}") as b:
            ma, mb = _hello(a, tokens[0]), _hello(b, tokens[1])
            cur = ma["view"]["current_player"]
            ws, m, other = (a, ma, b) if cur == 0 else (b, mb, a)
            action = m["view"]["decision"]["actions"][0]
            msg = json.dumps({"type": "act", "action": action, "version": m["version"]})
            ws.send_text(msg)
            m2 = _state(ws)
            assert m2["version"] == m["version"] + 1
            ws.send_text(msg)  # the same message again: rejected, applied once
            assert _error(ws)["code"] == "stale"
            other.send_text(json.dumps({"type": "act", "action": "done", "version": m2["version"]}))
            assert _error(other)["code"] == "not_your_turn"
            for bad, code in [
                ("{not json", "bad_json"),
                ("[1, 2]", "bad_json"),
                (json.dumps({"type": "launch"}), "unknown_type"),
                (
                    json.dumps({"type": "act", "action": "fly 3", "version": m2["version"]}),
                    "illegal",
                ),
                (json.dumps({"type": "act", "action": "x", "version": "7"}), "bad_version"),
                (json.dumps({"type": "act", "action": "a" * 5000, "version": 1}), "too_large"),
            ]:
                ws.send_text(bad)
                got = _error(ws)
                assert got["type"] == "error" and got["code"] == code, (bad[:40], got)
        info = c.get(f"/api/tables/{tid}").json()
        assert info["version"] == m2["version"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": "not-a-token"}))
            assert ws.receive_json()["code"] == "bad_token"
        assert c.post("/api/tables", content=b"{").status_code == 400
        assert (
            c.post("/api/tables", json={"mode": "standard", "seats": ["human"]}).status_code == 400
        )
        assert c.get("/api/tables/nope").status_code == 404


def test_a_refused_action_says_why_in_data_and_as_a_message() -> None:
    """The game's refusal travels with the error: its JSON form and a message to render;
    another seat's turn is a refusal too, and a typo (not an action) has neither."""
    with TestClient(_app()) as c:
        d = _create(c, mode="standard", seats=["human", "human"], seed=5, mine=[0, 1])
        tid = d["table"]["id"]
        tokens = [s["token"] for s in d["seats"]]
        with c.websocket_connect(f"/ws/{tid}") as a, c.websocket_connect(f"/ws/{tid}") as b:
            ma, mb = _hello(a, tokens[0]), _hello(b, tokens[1])
            cur = ma["view"]["current_player"]
            ws, m, other = (a, ma, b) if cur == 0 else (b, mb, a)
            version = m["version"]
            ws.send_text(json.dumps({"type": "act", "action": "move 40", "version": version}))
            got = _error(ws)
            assert got["code"] == "illegal" and "move 40 is not legal now" in got["message"]
            assert got["refusal"] == {"key": "refusal.not_adjacent", "values": {"hex": 40}}
            assert got["text"] == {"key": "refusal.not_adjacent", "args": {"hex": 40}}
            ws.send_text(json.dumps({"type": "act", "action": "play cart", "version": version}))
            got = _error(ws)
            assert got["refusal"] == {"key": "refusal.item_not_held", "values": {"item": "cart"}}
            assert got["text"]["args"] == {"item": {"key": "item.cart"}}
            ws.send_text(json.dumps({"type": "act", "action": "end", "version": version}))
            got = _error(ws)
            assert got["refusal"]["key"] == "refusal.not_now"
            assert got["text"]["args"] == {"decision": {"key": "decision.reveal"}}
            other.send_text(json.dumps({"type": "act", "action": "end", "version": version}))
            got = _error(other)
            assert got["code"] == "not_your_turn"
            assert got["refusal"] == {"key": "refusal.not_your_turn", "values": {"seat": cur}}
            assert got["text"]["args"] == {"seat": {"seat": cur}}
            ws.send_text(json.dumps({"type": "act", "action": "fly 3", "version": version}))
            got = _error(ws)
            assert got["code"] == "illegal" and "refusal" not in got and "text" not in got
            legal = m["view"]["decision"]["actions"][0]
            ws.send_text(json.dumps({"type": "act", "action": legal, "version": version}))
            assert _state(ws)["version"] == version + 1  # nothing refused was applied


def test_flooding_is_rate_limited() -> None:
    with TestClient(_app(msg_rate=1, msg_burst=3)) as c:
        d = _create(c, mode="solo", seats=["human"], seed=1)
        with c.websocket_connect(f"/ws/{d['table']['id']}") as ws:
            _hello(ws, d["seats"][0]["token"])
            for _ in range(6):
                ws.send_text(json.dumps({"type": "ping"}))
            got = [ws.receive_json() for _ in range(6)]
            assert any(g.get("code") == "rate_limited" for g in got)


def test_undo_only_for_safe_steps() -> None:
    with TestClient(_app()) as c:
        d = _create(c, mode="solo", seats=["human"], seed=2)
        with c.websocket_connect(f"/ws/{d['table']['id']}") as ws:
            m = _hello(ws, d["seats"][0]["token"])
            assert not m["can_undo"]
            undone = False
            for _ in range(300):
                acts = m["view"]["decision"]["actions"]
                safe = [a for a in acts if a.startswith(("sell", "end", "move"))]
                pick = safe[0] if safe else acts[0]
                ws.send_text(json.dumps({"type": "act", "action": pick, "version": m["version"]}))
                before = m
                m = _state(ws)
                if m["can_undo"]:
                    ws.send_text(json.dumps({"type": "undo", "version": m["version"]}))
                    after = _state(ws)
                    assert after["version"] == m["version"] + 1
                    assert after["view"]["players"] == before["view"]["players"]
                    undone = True
                    break
                if m["view"]["game_over"]:
                    break
            assert undone
            # a reveal can never be undone
            ws.send_text(json.dumps({"type": "undo", "version": after["version"]}))
            assert _error(ws)["code"] == "no_undo"


def test_restart_mid_game_then_finish(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite3")
    with TestClient(_app(db)) as c:
        d = _create(c, mode="standard", seats=["human", "bot:random"], seed=9)
        tid, token = d["table"]["id"], d["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            m = _play_until(ws, _hello(ws, token), stop=15)
    # a new server process on the same database
    with TestClient(_app(db)) as c, c.websocket_connect(f"/ws/{tid}") as ws:
        m2 = _hello(ws, token)
        assert m2["version"] == m["version"] and m2["view"] == m["view"]
        assert _play_until(ws, m2)["view"]["game_over"]


def _hidden(game: Any, seat: int | None) -> tuple[set[int], list[int], list[int]]:
    """Face-down tile ids, other players' objective ids, and the ids of relics deeper in the
    deck."""
    s = game.state
    tiles = {s.tile_at[h] for h in range(1, 59) if s.tile_at[h] and not s.face_up[h]}
    tiles |= set(s.thinned) | set(s.removed_hidden)
    objectives = [
        o
        for p in s.players
        if p.seat != seat
        for o in [*p.objectives, *([p.discarded_objective] if p.discarded_objective else [])]
    ]
    return tiles, objectives, list(s.relic_deck[:-1])


def _tile_refs(obj: Any) -> set[int]:
    out: set[int] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "tile" and isinstance(v, int):
                out.add(v)
            elif k == "tile" and isinstance(v, dict) and "id" in v:
                out.add(v["id"])
            out |= _tile_refs(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= _tile_refs(v)
    return out


def _check(m: dict[str, Any], game: Any) -> None:
    """Nothing ``m``'s seat may not see is in it: not in the view or patch, not in the events'
    data, not in their log lines or the action labels (which name cards by key)."""
    seat = m.get("seat")
    text = json.dumps(m)
    tiles, objectives, deck = _hidden(game, seat)
    assert not (_tile_refs(m) & tiles), "a face-down tile identity was sent"
    for o in objectives:
        name = OBJECTIVE_BY_ID[o].name
        assert name not in text, f"another player's objective {name} was sent"
        assert f'"objective.{o}"' not in text, f"another player's objective {o} was named"
    view = m.get("view") or {}
    if not (view.get("decision") or {}).get("relic_deck"):
        for r in deck:
            assert RELIC_BY_ID[r].name not in text, "the relic deck order was sent"
            assert f'"relic.{r}"' not in text, "a relic of the deck was named"
    assert '"seed"' not in text and str(game.state.rng.state) not in text


@pytest.mark.parametrize(
    ("mode", "seats", "seed"),
    [("standard", 3, 21), ("standard", 4, 24), ("solo", 1, 22), ("rhom", 2, 23)],
)
def test_no_leak_in_any_message(mode: str, seats: int, seed: int) -> None:
    app = _app()
    with TestClient(app) as c:
        d = _create(c, mode=mode, seats=["human"] * seats, seed=seed, mine=list(range(seats)))
        tid = d["table"]["id"]
        live = app.state.service._slots[tid]
        conns = [c.websocket_connect(f"/ws/{tid}") for _ in range(seats + 1)]
        wss = [cm.__enter__() for cm in conns]
        tokens = [s["token"] for s in d["seats"][:seats]] + [None]

        latest: list[dict[str, Any]] = []

        def read(i: int, version: int) -> dict[str, Any]:
            while latest[i]["version"] < version:
                m = _recv(wss[i])
                _check(m, live.table.game)
                if m["type"] == "state":
                    latest[i] = m
            return latest[i]

        try:
            for ws, tok in zip(wss, tokens, strict=True):
                latest.append(_hello(ws, tok))
                _check(latest[-1], live.table.game)
            rng = random.Random(seed)
            steps = 0
            version = 0
            while not live.table.finished:
                msgs = [read(i, version) for i in range(len(wss))]
                cur = msgs[-1]["view"]["current_player"]
                if cur is None:
                    break
                act = rng.choice(msgs[cur]["view"]["decision"]["actions"])
                wss[cur].send_text(json.dumps({"type": "act", "action": act, "version": version}))
                version += 1
                steps += 1
            for i in range(len(wss)):
                assert read(i, version)["view"]["game_over"]
            assert steps > 20
        finally:
            for cm in conns:
                cm.__exit__(None, None, None)


def test_the_replay_shows_each_step_as_a_live_spectator_saw_it() -> None:
    """The replay passes the same redaction as live views (spec R12: a discarded objective is
    secret): for anyone, the replay of every step equals what a live spectator received at that
    step, and names no secret anywhere (it used to list every action's text)."""
    app = _app()
    with TestClient(app) as c:
        d = _create(c, mode="standard", seats=["human"] * 3, seed=13, mine=[0, 1, 2])
        tid = d["table"]["id"]
        live = app.state.service._slots[tid]
        conns = [c.websocket_connect(f"/ws/{tid}") for _ in range(4)]
        wss = [cm.__enter__() for cm in conns]
        try:
            seats = [_hello(ws, s["token"]) for ws, s in zip(wss, d["seats"], strict=False)]
            watched = {0: _hello(wss[3], None)}  # the spectator's state message at each version
            rng = random.Random(13)
            while not live.table.finished:
                cur = live.table.game.current_player
                m = seats[cur]
                wss[cur].send_text(json.dumps(
                    {"type": "act", "action": rng.choice(m["actions"]), "version": m["version"]}
                ))  # fmt: skip
                for i in range(3):
                    seats[i] = _state(wss[i]) if i == cur else seats[i]
                seen = _state(wss[3])
                watched[seen["version"]] = seen
                for i in range(3):  # the others read theirs too
                    while i != cur and seats[i]["version"] < seen["version"]:
                        seats[i] = _state(wss[i])
        finally:
            for cm in conns:
                cm.__exit__(None, None, None)
        steps = len(live.table.steps)
        assert sorted(watched) == list(range(steps + 1))
        discarded = [p.discarded_objective for p in live.table.game.state.players]
        assert all(discarded)
        for n in range(steps + 1):
            r = c.get(f"/api/tables/{tid}/replay/{n}").json()
            assert r["view"] == watched[n]["view"], n
            assert r["events"] == watched[n]["events"], n
            assert r["actions"] == [{"seat": s.seat, "bot": None} for s in live.table.steps]
            text = json.dumps(r)
            for o in discarded:
                assert f'"objective.{o}"' not in text or f'"objective.{o}"' in json.dumps(
                    watched[n]
                ), (n, o)
                assert f"discard objective {o}" not in text
