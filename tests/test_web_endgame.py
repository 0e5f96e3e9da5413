"""The end of a game on the web: the final result every seat and spectator gets (scores by
source, the tie-break that decided, every kept objective revealed and marked met or not, the
statistics of spec section 10), and the replay through a seat's eyes (for that seat's own
player only; never for an unfinished game) with the whole game's log."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from iridescia.games.iridescia import Game
from iridescia.web.games.iridescia_result import _decided_by, final_result
from iridescia.web.server import ServeOptions, build_app

SOURCES = {"relic_points", "tile_bonus_points", "iridia_stone", "token", "gems", "relic_sets"}
STATS = {"coins_collected", "mining_attempts", "failed_attempts", "items_bought", "items_used"}
STATS |= {"tiles_collected", "relics_by_lead", "relics_by_type", "iridia_relics", "points"}
STATS |= {"dice_faces", "turns_taken"}


def _app() -> Any:
    return build_app(
        ServeOptions(  # type: ignore[call-arg]
            db=":memory:", bot_delay=0, step_delay=0, allow_seed=True, msg_rate=1e6,
            msg_burst=1e6, address_msg_rate=1e6, address_msg_burst=1e6,
        )
    )  # fmt: skip


def _finished_game(players: int, seed: int) -> Game:
    g = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_the_result_reveals_kept_objectives_and_has_the_statistics() -> None:
    g = _finished_game(3, 5)
    r = final_result(g)
    assert json.loads(json.dumps(r)) == r  # plain JSON, as stored
    assert len(r["scores"]) == len(r["objectives"]) == len(r["statistics"]) == 3
    for seat, p in enumerate(g.state.players):
        assert r["objectives"][seat]["held"] == list(p.objectives)
        assert r["objectives"][seat]["scored"] in p.objectives
        # a discarded objective stays secret (R12), even at the end
        assert p.discarded_objective not in r["objectives"][seat]["held"]
        assert r["objectives"][seat]["met"] == (r["scores"][seat]["objective"] > 0)
        assert set(r["statistics"][seat]) >= STATS
        assert set(r["scores"][seat]) >= SOURCES
        assert r["statistics"][seat]["points"]["total"] == r["scores"][seat]["total"]
    assert r["decided_by"] in ("points", "iridia_stone", "token", "shared")
    assert (r["decided_by"] == "shared") == (len(r["winners"]) > 1)
    assert [t["token"] for t in r["tiebreak"]].count(None) <= 3


def test_the_rhom_has_no_objective_in_the_result() -> None:
    r = final_result(_finished_game(1, 3))
    assert r["objectives"][1] == {"held": [], "scored": None, "met": False, "points": 0}
    assert len(r["objectives"][0]["held"]) == 1


def _tally(stone: bool, rank: int) -> Any:
    return SimpleNamespace(has_iridia_stone=stone, token_rank=rank)


def test_what_decided_a_tie_on_points() -> None:
    tallies = [_tally(False, 2), _tally(True, 0), _tally(False, 3)]
    assert _decided_by(tallies, [0]) == "points"
    assert _decided_by(tallies, [0, 1]) == "iridia_stone"
    assert _decided_by(tallies, [0, 2]) == "token"  # Throne over Scepter
    assert _decided_by([_tally(False, 2), _tally(False, 2)], [0, 1]) == "shared"
    # three tied: the Stone sets one aside, the token parts the other two
    three = [_tally(True, 3), _tally(False, 0), _tally(True, 2)]
    assert _decided_by(three, [0, 1, 2]) == "token"
    assert _decided_by([_tally(True, 3), _tally(True, 3), _tally(False, 2)], [0, 1, 2]) == (
        "shared"
    )


def _play_to_end(c: TestClient, tid: str, token: str) -> None:
    rng = random.Random(2)
    with c.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        while True:
            m = ws.receive_json()
            if m["type"] != "state":
                continue
            if m["table"]["status"] == "finished":
                return
            if m["seat"] == m["table"]["current_player"] and m["actions"]:
                act = {"type": "act", "action": rng.choice(m["actions"]), "version": m["version"]}
                ws.send_text(json.dumps(act))


def _get(c: TestClient, path: str, token: str | None = None) -> Any:
    return c.get(path, headers={"X-Iridescia-Token": token} if token else {})


def test_a_seat_replays_through_its_own_eyes_only() -> None:
    app = _app()
    with TestClient(app) as c:
        made = c.post("/api/tables", json={"mode": "standard", "seats": ["human", "bot:random"],
                                           "seed": 9}).json()  # fmt: skip
        tid, creator = made["table"]["id"], made["creator"]
        token = made["seats"][0]["token"]
        url = f"/api/tables/{tid}/replay/3"
        # Unfinished: nobody gets a replay, least of all a seat's private view.
        for who in (None, token, creator):
            assert _get(c, f"{url}?seat=0", who).json()["error"]["code"] == "not_finished"
            assert _get(c, f"{url}?seat=1", who).status_code == 409
        _play_to_end(c, tid, token)
        table = app.state.service._slots[tid].table
        for who in (None, creator, token):  # seat 1's eyes: not the creator, not another seat
            r = _get(c, f"{url}?seat=1", who)
            assert r.status_code == 403 and r.json()["error"]["code"] == "not_your_seat"
        assert _get(c, f"{url}?seat=0", creator).status_code == 403
        assert _get(c, f"{url}?seat=x", token).json()["error"]["code"] == "bad_seat"
        for step in (0, 3, len(table.steps)):
            mine = _get(c, f"/api/tables/{tid}/replay/{step}?seat=0", token).json()
            game = table.game_at(step)[0]
            assert mine["seat"] == 0 and mine["view"] == game.view(0)
            assert mine["view"]["players"][0]["objectives"]  # my own objectives
            assert mine["view"]["players"][1]["objectives"] is None  # never the other's
            spectator = _get(c, f"/api/tables/{tid}/replay/{step}").json()
            assert spectator["seat"] is None and spectator["view"] == game.spectator_view()
        full = _get(c, f"/api/tables/{tid}/replay/0?log=1").json()
        assert len(full["log"]) == len(table.steps) + 1
        assert full["log"][0] == full["events"]
        last = _get(c, f"/api/tables/{tid}/replay/{len(table.steps)}").json()
        assert full["log"][-1] == last["events"]
        assert "log" not in last
        result = last["table"]["result"]
        assert result["objectives"][0]["held"] == list(table.game.state.players[0].objectives)
        assert result["statistics"][0]["turns_taken"] > 0


def test_a_seats_replay_is_what_that_seat_saw_live() -> None:
    """Through a seat's eyes, every step of the replay equals the state message that seat
    received live (its view, its events redacted for it): the same redaction as live."""
    app = _app()
    with TestClient(app) as c:
        made = c.post("/api/tables", json={"mode": "standard", "seats": ["human", "human"],
                                           "seed": 21, "mine": [0, 1]}).json()  # fmt: skip
        tid = made["table"]["id"]
        tokens = [s["token"] for s in made["seats"]]
        live = app.state.service._slots[tid]
        seen: dict[int, dict[str, Any]] = {}  # seat 0's state message at each version
        rng = random.Random(21)
        with c.websocket_connect(f"/ws/{tid}") as a, c.websocket_connect(f"/ws/{tid}") as b:
            wss = [a, b]
            last = [_hello_state(ws, token) for ws, token in zip(wss, tokens, strict=True)]
            seen[last[0]["version"]] = last[0]
            while not live.table.finished:
                cur = live.table.game.current_player
                m = last[cur]
                act = {"type": "act", "action": rng.choice(m["actions"]), "version": m["version"]}
                wss[cur].send_text(json.dumps(act))
                for i in (0, 1):  # each seat reads up to the new version
                    last[i] = _next_state(wss[i], last[i])
                    while last[i]["version"] < m["version"] + 1:
                        last[i] = _next_state(wss[i], last[i])
                seen.setdefault(last[0]["version"], last[0])
        steps = len(live.table.steps)
        assert sorted(seen) == list(range(steps + 1))
        for n in range(steps + 1):
            r = _get(c, f"/api/tables/{tid}/replay/{n}?seat=0", tokens[0]).json()
            assert r["view"] == seen[n]["view"], n
            assert r["events"] == seen[n]["events"], n


def _hello_state(ws: Any, token: str) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    return _next_state(ws, None)


def _next_state(ws: Any, previous: dict[str, Any] | None) -> dict[str, Any]:
    """The next state message, its view rebuilt from a patch (``protocol.apply_patch``)."""
    from iridescia.web.protocol import apply_patch

    while True:
        m: dict[str, Any] = ws.receive_json()
        if m["type"] != "state":
            continue
        if "patch" in m:
            assert previous is not None
            m["view"] = apply_patch(previous["view"], m["patch"])
        return m
