"""The web face chooses its game by name: the lobby's metadata for every registered game, tables
checked by ``match.Seating``, a game without a board refused clearly, the undo rule read from the
game's event catalogue, actions and events sent as messages the browser only translates, and
every message key the server or the client uses present in every language."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

import iridescia.i18n
from iridescia import games
from iridescia.core.events import Event
from iridescia.i18n import catalogue, languages
from iridescia.web.games import PLUGINS, plugin
from iridescia.web.protocol import apply_patch
from iridescia.web.server import ServeOptions, build_app
from iridescia.web.storage import TableRow
from iridescia.web.tables import LiveTable, SpecError, TableSpec

STATIC = Path(__file__).resolve().parents[1] / "src" / "iridescia" / "web" / "static"
IRIDESCIA = "gems-of-iridescia"
# The undo rule before the games plugged in (web/tables.py listed the event kinds a step could
# be undone across); the Iridescia catalogue's ``undoable`` facts were set to match it exactly.
OLD_UNDO_SAFE_EVENTS = {
    "move", "collect", "gain", "coins", "points", "market", "stone_die", "stone_returned",
    "colour_chosen", "give", "return", "end_actions", "sell", "play", "tile_discarded",
    "objective_discarded", "iridia_stone", "castle", "swap", "supply_short", "die",
    "roll_locked",
}  # fmt: skip


def _app() -> Any:
    return build_app(
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


def _known(lang: str) -> set[str]:
    """The keys ``lang`` says, a key with plural forms (``n.coins.other``) included."""
    keys = set(catalogue(lang))
    return keys | {k.rpartition(".")[0] for k in keys if k.endswith(".other")}


def _keys(text: Any) -> Iterator[str]:
    """Every message key in a message (see web/plugin.py for the format)."""
    if isinstance(text, dict):
        if "key" in text:
            yield text["key"]
        for v in text.get("args", {}).values():
            yield from _keys(v)
        for v in text.get("list", ()):
            yield from _keys(v)


# ---------------------------------------------------------------- the lobby's metadata


def test_meta_lists_every_game_with_its_modes_seats_options_and_notice() -> None:
    with TestClient(_app()) as c:
        meta = c.get("/api/meta").json()
    by_name = {g["name"]: g for g in meta["games"]}
    assert list(by_name) == games.names() and meta["default_game"] == IRIDESCIA
    assert set(meta["languages"]) >= {"en", "fr", "ja"}
    for name, g in by_name.items():
        info = games.get(name).info.to_json()
        assert {k: g[k] for k in info} == info  # the metadata as the game declares it
    gems, rush = by_name[IRIDESCIA], by_name["gem-rush"]
    assert gems["board"] and rush["board"]
    assert [(m["name"], m["min_players"], m["max_players"]) for m in gems["modes"]] == [
        ("standard", 2, 4), ("solo", 1, 1), ("rhom", 2, 3),
    ]  # fmt: skip
    assert [(m["name"], m["min_players"], m["max_players"]) for m in rush["modes"]] == [
        ("crisis", 1, 7), ("rush", 2, 7),
    ]  # fmt: skip
    assert "Provisional components" in rush["notice"] and gems["notice"] is None
    assert rush["terminal"] == "iridescia play --game gem-rush"
    assert "catapult_for_fourth" in {o["name"] for o in gems["options"]}
    assert gems["lobby_options"] == [
        {"name": "catapult_for_fourth", "label": "lobby.catapult", "seats": [4, 4]}
    ]
    assert "bot:hard" in gems["seat_kinds"] and gems["seat_kinds"][0] == "human"
    assert {"bot:random", "bot:greedy", "bot:hard"} <= set(rush["seat_kinds"])
    assert gems["automa_kind"] == "rhom" and gems["data"]["items"]
    assert len(rush["data"]["cards"]) == 75 and len(rush["data"]["tiles"]) == 80
    assert rush["data"]["data_set"] and "Provisional components" in rush["data"]["notice"]
    assert [o["name"] for o in rush["lobby_options"]] == [
        "level", "target", "hidden_hands", "crisis_may_stop", "rush_burns",
    ]  # fmt: skip


def test_every_game_with_a_board_has_its_browser_plug_in() -> None:
    for name, web in PLUGINS.items():
        index = STATIC / "games" / name / "index.js"
        assert web.board and index.exists(), name
        assert f'name: "{name}"' in index.read_text(encoding="utf-8")
    assert set(PLUGINS) == set(games.names())  # every game plays in the browser


def test_the_generic_client_knows_no_game() -> None:
    """The lobby, the table shell, the log, undo and the replay name no game and none of a
    game's words; event kinds and action grammar are never read there."""
    words = re.compile(
        r"rhom|iridescia\b|gem.rush|relic|\bhex|reveal|explorer|objective|cargo|"
        r"e\.kind ===|\.split\(\" \"\)",
        re.IGNORECASE,
    )
    for path in sorted((STATIC / "js").glob("*.js")):
        code = re.sub(r"//.*", "", path.read_text(encoding="utf-8"))
        code = code.replace("iridescia.replay.speed", "")  # the replay's speed, remembered
        # local storage keys, and the header a GET carries a table's token in
        code = re.sub(
            r"iridescia\.(seats|zoom|lang|lobby|creator|name|invite|tutorial|settings|hints)",
            "",
            code,
        )
        code = code.replace("X-Iridescia-Token", "")
        code = code.replace("iridescia:rendered", "")  # the table page's event (js/learn.js)
        assert not words.findall(code), (path.name, words.findall(code))
    assert not (STATIC / "i18n").exists()  # the shared catalogue is served at /i18n/<lang>.json


# ---------------------------------------------------------------- tables: seating and refusals


@pytest.mark.parametrize(
    ("mode", "seats", "automa"),
    [
        ("standard", ["human", "bot:random"], 0),
        ("standard", ["human", "bot:easy", "bot:greedy"], 0),
        ("standard", ["human", "human", "bot:random", "bot:random"], 0),
        ("solo", ["human"], 1),
        ("rhom", ["human", "bot:random"], 1),
        ("rhom", ["human", "bot:medium", "human"], 1),
    ],
)
def test_a_table_of_each_mode_is_seated_by_the_metadata(
    mode: str, seats: list[str], automa: int
) -> None:
    spec = TableSpec.from_json({"game": IRIDESCIA, "mode": mode, "seats": seats})
    assert spec.seating.mode.name == mode and spec.seating.players == len(seats)
    kinds = spec.all_seats()
    assert kinds[: len(seats)] == tuple(seats) and kinds[len(seats) :] == ("rhom",) * automa
    with TestClient(_app()) as c:
        r = c.post("/api/tables", json={"game": IRIDESCIA, "mode": mode, "seats": seats})
        assert r.status_code == 201, r.text
        table = r.json()["table"]
        assert table["game"] == IRIDESCIA and table["mode"] == mode
        assert [s["kind"] for s in table["seats"]] == list(kinds)


@pytest.mark.parametrize(
    ("body", "code", "says"),
    [
        ({"mode": "solo", "seats": ["human", "human"]}, "bad_table", "takes 1 player, not 2"),
        ({"mode": "rhom", "seats": ["human"]}, "bad_table", "takes 2-3 players, not 1"),
        ({"mode": "rhom", "seats": ["human"] * 4}, "bad_table", "takes 2-3 players, not 4"),
        ({"seats": ["human"]}, "bad_table", "takes 2-4 players, not 1"),
        ({"seats": ["human"] * 5}, "bad_table", "takes 2-4 players, not 5"),
        ({"mode": "duel", "seats": ["human"] * 2}, "bad_table", "has no mode 'duel'"),
        ({"seats": ["human", "bot:genius"]}, "bad_table", "unknown seat kind 'bot:genius'"),
        ({"seats": "human"}, "bad_table", "seats must be a list"),
        (
            {"seats": ["human"] * 2, "options": {"catapult_for_fourth": True}},
            "bad_table",
            "4-player games",
        ),
        ({"seats": ["human"] * 2, "options": {"speed": 3}}, "bad_table", "has no option 'speed'"),
        ({"seats": ["human"] * 2, "options": {"rhom": True}}, "bad_table", "chosen with the mode"),
        (
            {"mode": "solo", "seats": ["human"], "options": {"first_player": 0}},
            "bad_table",
            "not used in mode solo",
        ),
        ({"game": "chess", "seats": ["human"] * 2}, "unknown_game", "unknown game 'chess'"),
        (
            {"game": "gem-rush", "mode": "rush", "seats": ["human"]},
            "bad_table",
            "Rush (competitive) takes 2-7 players, not 1",
        ),
    ],
)
def test_tables_that_do_not_fit_are_refused_with_clear_errors(
    body: dict[str, Any], code: str, says: str
) -> None:
    with pytest.raises(SpecError, match=re.escape(says)) as err:
        TableSpec.from_json(body)
    assert err.value.code == code
    with TestClient(_app()) as c:
        r = c.post("/api/tables", json=body)
        assert r.status_code == 400 and r.json()["error"]["code"] == code
        assert says in r.json()["error"]["message"]


def test_a_game_without_a_board_is_refused_in_every_mode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A registered game with no browser plug-in (Gem Rush, as it was before it had one) is
    listed but its tables are refused, with the terminal command to play it."""
    monkeypatch.delitem(PLUGINS, "gem-rush")
    assert not plugin("gem-rush").board
    with TestClient(_app()) as c:
        for mode, seats in (("crisis", ["human"]), ("rush", ["human", "bot:random"])):
            r = c.post("/api/tables", json={"game": "gem-rush", "mode": mode, "seats": seats})
            assert r.status_code == 400, r.text
            error = r.json()["error"]
            assert error["code"] == "no_board"
            assert error["message"].startswith("Gem Rush has no board in the browser yet")
            assert "play it in the terminal: iridescia play --game gem-rush" in error["message"]
        assert c.get("/api/tables").json()["tables"] == []


def test_requests_from_before_the_game_chooser_still_work() -> None:
    """No ``game`` (the default game), the mode ``multi``, a top-level catapult option."""
    body = {"mode": "multi", "seats": ["human"] * 4, "catapult_for_fourth": True}
    with TestClient(_app()) as c:
        r = c.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        table = r.json()["table"]
        assert table["game"] == IRIDESCIA and table["mode"] == "standard"
        assert table["options"]["catapult_for_fourth"] is True


# ---------------------------------------------------------------- the undo rule


def test_the_iridescia_catalogue_keeps_the_old_undo_rule() -> None:
    """The catalogue says the same of every step of random games as the old list did. (Its
    one extra undoable kind, ``extra_turn``, always comes with the next ``turn``, which is
    not.)"""
    events = games.get(IRIDESCIA).events
    assert {k.name for k in events if k.undoable} - OLD_UNDO_SAFE_EVENTS == {"extra_turn"}
    assert {k.name for k in events if k.undoable} >= OLD_UNDO_SAFE_EVENTS
    spec = games.get(IRIDESCIA)
    steps = undoable = 0
    for seed, mode, players in [(1, "standard", 4), (2, "solo", 1), (3, "rhom", 3)]:
        game = spec.new(players, seed, mode=mode)
        rng = random.Random(seed)
        while not game.is_terminal():
            step = game.apply(rng.choice(game.legal_actions()))
            old = all(e.kind in OLD_UNDO_SAFE_EVENTS for e in step)
            assert events.undoable(step) == old, [e.kind for e in step]
            steps += 1
            undoable += old
    assert steps > 300 and 0 < undoable < steps


def _live(mode: str, seats: list[str], seed: int) -> LiveTable:
    spec = TableSpec.from_json({"mode": mode, "seats": seats})
    row: TableRow = spec.new_row("t", seed, 0.0, set(range(len(seats))))
    return LiveTable.start(row)


@pytest.mark.parametrize(("mode", "seats", "seed"), [("standard", 3, 4), ("solo", 1, 5)])
def test_undo_follows_the_event_catalogue(mode: str, seats: int, seed: int) -> None:
    table = _live(mode, ["human"] * seats, seed)
    catalogue_ = table.spec.events
    rng = random.Random(seed)
    undone = 0
    while not table.finished:
        seat = table.game.current_player
        assert seat is not None
        step, _ = table.try_apply(seat, rng.choice(table.game.legal_actions()).id)
        same_seat = table.game.current_player == seat and not table.finished
        assert table.can_undo(seat) == (same_seat and catalogue_.undoable(step.events))
        if table.can_undo(seat) and rng.random() < 0.3:
            before = table.steps[-2].state_hash if len(table.steps) > 1 else None
            table.undo()
            if before is not None:
                assert table.game.state_hash() == before
            undone += 1
    assert undone > 3


def test_undo_reads_only_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    """A catalogue that lets nothing be undone: no step can be taken back."""
    table = _live("standard", ["human", "human"], 6)
    seat = table.game.current_player
    assert seat is not None
    for _ in range(40):  # a step that may be undone (a move, say)
        if table.can_undo(seat):
            break
        table.try_apply(seat, table.game.legal_actions()[-1].id)
        seat = table.game.current_player
        assert seat is not None
    assert table.can_undo(seat)
    monkeypatch.setattr(type(table.spec.events), "undoable", lambda self, events: False)
    assert not table.can_undo(seat)


# ---------------------------------------------------------------- what the browser is sent


def _hello(ws: Any, token: str) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    m: dict[str, Any] = ws.receive_json()
    ws.iridescia_view = m["view"]
    return m


def _next_state(ws: Any) -> dict[str, Any]:
    while True:
        m: dict[str, Any] = ws.receive_json()
        if m["type"] == "error":
            raise AssertionError(m)
        if m["type"] == "state":
            m["view"] = apply_patch(ws.iridescia_view, m["patch"])
            ws.iridescia_view = m["view"]
            return m


def test_actions_are_ids_of_the_game_action_table_and_go_back_by_id() -> None:
    with TestClient(_app()) as c:
        table = c.get(f"/api/games/{IRIDESCIA}/actions").json()["actions"]
        assert [a["text"] for a in table] == [str(a) for a in games.get(IRIDESCIA).actions]
        assert table[0] == {
            "text": "reveal 1",
            "label": {"key": "act.reveal", "args": {"hex": 1}},
            "at": "hex:1",
        }
        by_text = {a["text"]: a for a in table}
        assert by_text["end"] == {"text": "end", "label": {"key": "act.end"}}
        assert by_text["give emerald 2"]["label"]["args"]["seat"] == {"seat": 1}  # 0-based
        assert by_text["die market:citrine +2"]["at"] == "die:market:citrine"
        rush = c.get("/api/games/gem-rush/actions").json()["actions"]
        assert [a["text"] for a in rush] == [str(a) for a in games.get("gem-rush").actions]
        assert rush[0] == {
            "text": "walk N",
            "label": {"key": "gr.say.walk", "args": {"towards": {"key": "gr.say.towards.N"}}},
            "at": "dir:N",
        }
        assert c.get("/api/games/chess/actions").status_code == 404
        d = c.post("/api/tables", json={"mode": "solo", "seats": ["human"], "seed": 8}).json()
        tid, token = d["table"]["id"], d["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{tid}") as ws, c.websocket_connect(f"/ws/{tid}") as spy:
            m = _hello(ws, token)
            spy.send_text(json.dumps({"type": "hello"}))
            watched = spy.receive_json()
            assert m["decision"] == {"player": 0, "prompt": {"key": "decision.reveal"}}
            assert watched["decision"] == m["decision"] and watched["actions"] == []
            assert m["actions"] == m["view"]["decision"]["action_ids"]
            # the state's labels say what is on each hex (web/games/iridescia.STATE_LABELS)
            assert sorted(int(i) for i in m["labels"]) == sorted(m["actions"])
            assert {v["key"] for v in m["labels"].values()} <= {
                "act.reveal.face_down",
                "act.move.tile",
            }
            act = {"type": "act", "action": m["actions"][0], "version": m["version"]}
            ws.send_text(json.dumps(act))
            after = _next_state(ws)
            assert after["version"] == m["version"] + 1


def test_a_purchase_is_labelled_with_the_item_in_its_slot() -> None:
    web = plugin(IRIDESCIA)
    spec = games.get(IRIDESCIA)
    buy = spec.actions.parse("buy 2")
    view = {"item_market": ["cauldron", "book", None]}
    assert web.labels(view, [spec.actions.parse("end"), buy]) == {
        buy.id: {"key": "act.buy", "args": {"item": {"key": "item.book"}, "cost": 2}}
    }
    assert web.action_table()[buy.id]["at"] == "slot:2"


def test_events_carry_their_log_line_as_a_message() -> None:
    web = plugin(IRIDESCIA)
    buy = Event("buy", 0, {"item": "book", "cost": 2, "slot": 3})
    assert web.describe_event(buy) == {
        "key": "ev.buy",
        "args": {"seat": {"seat": 0}, "item": {"key": "item.book"}, "cost": 2},
    }
    refresh = Event("item_market_refresh", -1, {"market": [1, 0]})
    assert web.describe_event(refresh)["args"]["items"] == {
        "list": [{"key": "item.book"}, {"key": "item.cauldron"}]
    }
    events = games.get(IRIDESCIA).events
    secret = Event("objective_discarded", 1, {"objective": 7})
    seen = events.redact(secret, 0)
    assert seen is not None
    assert web.describe_event(seen) == {
        "key": "ev.objective_discarded.hidden",
        "args": {"seat": {"seat": 1}},
    }
    assert web.describe_event(Event("brand_new", 2, {}))["key"] == "ev.unknown"
    with TestClient(_app()) as c:
        d = c.post("/api/tables", json={"mode": "solo", "seats": ["human"], "seed": 3}).json()
        with c.websocket_connect(f"/ws/{d['table']['id']}") as ws:
            m = _hello(ws, d["seats"][0]["token"])
    setup, turn = m["events"][:2]
    assert setup["text"]["key"] == "ev.setup" and "heading" not in setup
    assert turn["kind"] == "turn" and turn["heading"] is True
    assert turn["text"]["args"]["seat"] == {"seat": turn["player"]}


def _every_message(seed: int, mode: str, players: int) -> Iterator[Any]:
    """Every message the server makes in one random game: each event as each seat and a
    spectator see it, each decision's prompt and the labels of its actions."""
    spec = games.get(IRIDESCIA)
    web = plugin(IRIDESCIA)
    game = spec.new(players, seed, mode=mode)
    rng = random.Random(seed)
    viewers: list[int | None] = [*range(game.num_players), None]
    events = list(game.log)
    while True:
        for e in events:
            for viewer in viewers:
                seen = spec.events.redact(e, viewer)
                if seen is not None:
                    yield web.describe_event(seen)
        decision = game.decision()
        if decision is None:
            return
        yield web.prompt(decision)
        labels = web.labels(game.view(decision.player), decision.actions)
        table = web.action_table()
        yield from (labels.get(a.id, table[a.id]["label"]) for a in decision.actions)
        events = game.apply(rng.choice(decision.actions))


def test_every_message_the_server_makes_is_in_every_language() -> None:
    used: set[str] = set()
    unknown = []
    for seed, mode, players in [
        (1, "standard", 2), (2, "standard", 3), (3, "standard", 4), (4, "solo", 1),
        (5, "rhom", 2), (6, "rhom", 3), (7, "solo", 1), (8, "standard", 4),
    ]:  # fmt: skip
        for text in _every_message(seed, mode, players):
            keys = list(_keys(text))
            used.update(keys)
            if "ev.unknown" in keys:
                unknown.append(text)
    assert not unknown, unknown[:3]
    assert len(used) > 150
    for lang in languages():
        assert sorted(used - _known(lang)) == [], lang


def test_every_key_the_client_names_is_in_every_language() -> None:
    literal = re.compile(r"""\bt\(\s*"([^"]+)"|label: "([^"]+)\"""")
    named: set[str] = set()
    for path in STATIC.rglob("*.js"):
        for a, b in literal.findall(path.read_text(encoding="utf-8")):
            named.add(a or b)
    for web in PLUGINS.values():
        named.update(o.label for o in web.lobby_options)
    for name in games.names():
        named.add(f"game.{name}")
        named.update(f"mode.{name}.{m.name}" for m in games.get(name).info.modes)
        if games.get(name).info.notice:
            named.add(f"notice.{name}")  # in the game's own section
    assert len(named) > 80
    for lang in languages():
        assert sorted(named - _known(lang)) == [], lang


def test_the_web_section_is_complete_in_every_language() -> None:
    folder = Path(iridescia.i18n.__file__).parent
    english = json.loads((folder / "en" / "web.json").read_text(encoding="utf-8"))
    for lang in languages():
        table = json.loads((folder / lang / "web.json").read_text(encoding="utf-8"))
        unused_forms = {k for k in english if iridescia.i18n.is_plural_form(table, k)}
        assert sorted(set(english) - set(table) - unused_forms) == [], lang
        assert sorted(set(table) - set(english)) == [], lang
        for key, text in table.items():  # the same placeholders as the English template
            assert set(re.findall(r"\{(\w+)\}", text)) == set(
                re.findall(r"\{(\w+)\}", english[key])
            ), (lang, key)


def test_the_shared_catalogue_is_served_per_language() -> None:
    with TestClient(_app()) as c:
        for lang in languages():
            r = c.get(f"/i18n/{lang}.json")
            assert r.status_code == 200 and r.json() == catalogue(lang)
        assert c.get("/i18n/xx.json").status_code == 404
        assert c.get("/static/i18n/en.json").status_code == 404
        assert c.get("/static/games/gems-of-iridescia/index.js").status_code == 200
