"""The tutorial table (``{"tutorial": true}`` in a table request): the game's tutorial mode with
one person, private, and always the same game (the plug-in's fixed seed, even on a server that
does not let requests choose a seed), so the browser's coach (static/js/tutorial.js) can follow
its first turns. A bad ``tutorial`` value is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from iridescia.match import Seating
from iridescia.web.catalog import meta
from iridescia.web.games import plugin
from iridescia.web.plugin import Tutorial
from iridescia.web.server import ServeOptions, build_app
from iridescia.web.table_spec import SpecError, TableSpec

GAME = "gems-of-iridescia"


def _first_state(c: TestClient, table: str, token: str) -> dict[str, Any]:
    with c.websocket_connect(f"/ws/{table}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        while True:
            m: dict[str, Any] = ws.receive_json()
            if m["type"] == "state":
                return m


def test_a_tutorial_request_makes_the_plug_ins_solo_table() -> None:
    setup = getattr(plugin(GAME), "tutorial", None)
    assert isinstance(setup, Tutorial)
    spec = TableSpec.from_json({"tutorial": True, "mode": "standard", "seats": ["bot:easy"] * 3})
    assert spec.tutorial_seed == setup.seed
    assert spec.seating.mode.name == setup.mode == "solo"
    assert spec.all_seats() == ("human", "rhom")  # the request's other fields are not read
    assert spec.private and spec.clock == 0


@pytest.mark.parametrize("bad", ["yes", 1, None, [True]])
def test_a_bad_tutorial_value_is_refused(bad: Any) -> None:
    with pytest.raises(SpecError, match="tutorial"):
        TableSpec.from_json({"tutorial": bad})


def test_a_game_without_a_tutorial_says_so() -> None:
    with pytest.raises(SpecError) as refused:
        TableSpec.from_json({"tutorial": True, "game": "gem-rush"})
    assert refused.value.code == "no_tutorial"


def test_the_lobby_learns_which_games_have_a_tutorial() -> None:
    """``/api/meta`` says it per game: the rules dialog offers a tutorial only for those."""
    games = {g["name"]: g for g in meta()["games"]}
    assert games["gems-of-iridescia"]["tutorial"] is True
    assert games["gem-rush"]["tutorial"] is False


def test_tutorial_tables_always_start_from_the_same_game() -> None:
    """Two tutorial tables, on a server that ignores requested seeds, show the same board, the
    same view as a game started from the plug-in's seed."""
    app = build_app(ServeOptions(db=":memory:", bot_delay=0, step_delay=0, allow_seed=False))
    views = []
    with TestClient(app) as c:
        for _ in range(2):
            r = c.post("/api/tables", json={"tutorial": True, "seed": 5})
            assert r.status_code == 201, r.text
            body = r.json()
            assert body["table"]["private"] is True
            token = next(s["token"] for s in body["seats"] if s["token"])
            views.append(_first_state(c, body["table"]["id"], token)["view"])
    assert views[0]["board"] == views[1]["board"]
    setup = getattr(plugin(GAME), "tutorial", None)
    assert isinstance(setup, Tutorial)
    game = Seating.build(GAME, mode=setup.mode, kinds=["human"]).new_game(setup.seed)
    assert json.loads(json.dumps(game.view(0)))["board"] == views[0]["board"]
