"""What goes over the wire for Gem Rush: random full games played through the web app's
WebSockets, one connection per seat and one spectator, every message each receives recorded
and checked against the engine.

- **No leak**: a view is exactly the engine's view for that reader; no message names a card
  of another hand the reader does not know (Rush, and Crisis with hidden hands; the cards
  everyone saw enter a hand, R89, excepted), in the view, the log lines, the labels or the
  legal actions; another seat's Scrying Pool look stays hidden in Rush (R76); no seed, no RNG
  state. The finished game's replay (``/api/tables/{id}/replay``) is checked the same way.
- **Records**: the finished table's record as its end screen downloads it (``GET
  /api/tables/{id}/record``: a hot-seat table's, and a table with invited players', ruling
  GR-W1) replays with ``iridescia replay`` to the same state hashes as the game played here.
"""

from __future__ import annotations

import io
import json
import random
import re
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from iridescia.cli import main
from iridescia.core.record import GameRecord
from iridescia.games.gemrush import ACTIONS, GAME, GemRushGame
from iridescia.tui import scripted_input
from iridescia.web.protocol import apply_patch
from iridescia.web.server import ServeOptions, build_app

TOKEN = "x-iridescia-token"
SEED = 7315028846  # ten digits: found in a message only if the seed itself were sent
CARD = re.compile(r'"G(\d\d)"')  # a card as messages name it (its label)
TILE = re.compile(r'"T(\d\d)"')
# The seed or the RNG, the deck's or the room stack's order (``deck``, ``stack`` as counts are
# fine: events say how many cards or tiles are left)
SECRET_KEYS = re.compile(r'"(seed|rng|rng_state)"\s*:|"(deck|stack)"\s*:\s*\[')
Viewer = int | None  # a seat, or None for the spectator


def _app(db: Path) -> Any:
    return build_app(
        ServeOptions(
            db=str(db), bot_delay=0, step_delay=0, allow_seed=True, msg_rate=1e6,
            msg_burst=1e6, address_msg_rate=1e6, address_msg_burst=1e6,
        )
    )  # fmt: skip


def _view_of(game: GemRushGame, viewer: Viewer) -> dict[str, Any]:
    view = game.spectator_view() if viewer is None else game.view(viewer)
    return dict(json.loads(json.dumps(view)))


def _secret_cards(game: GemRushGame, viewer: Viewer) -> set[int]:
    """The cards in other hands that ``viewer`` may not know (all of them when hands are
    open: none)."""
    if game.mode == "crisis" and not game.options.hidden_hands:
        return set()
    out: set[int] = set()
    for seat in range(game.num_players):
        if seat == viewer:
            continue
        mine = game.view(seat)["players"][seat]
        out |= set(mine["hand"] or ()) - set(mine["known"])
    return out


def _event_cards(event: dict[str, Any]) -> set[int]:
    """The card ids an event as sent carries in its data (``reshuffle``'s ``cards`` is a
    count)."""
    data = event.get("data") or {}
    out = {data["card"]} if isinstance(data.get("card"), int) else set()
    for name in ("cards", "dug"):
        if isinstance(data.get(name), list):
            out |= set(data[name])
    return out


class Reader:
    """One connection: its viewer, its view (patches applied) and every message it got."""

    def __init__(self, ws: Any, viewer: Viewer) -> None:
        self.ws = ws
        self.viewer = viewer
        self.view: dict[str, Any] = {}
        self.last: dict[str, Any] = {}
        self.count = 0

    def until(self, steps: int, check: Any) -> dict[str, Any]:
        """Read until the state after ``steps`` actions, checking every message on the way."""
        while True:
            raw = self.ws.receive_text()
            m = json.loads(raw)
            self.count += 1
            assert m["type"] != "error", m
            if m["type"] != "state":
                check(self, raw, m, None)
                continue
            self.view = m["view"] if "view" in m else apply_patch(self.view, m["patch"])
            check(self, raw, m, self.view)
            if m["table"]["num_actions"] == steps:
                self.last = m
                return m


def _play(
    tmp_path: Path, mode: str, players: int, options: dict[str, Any], invited: bool = False
) -> None:
    """One game: played at random through the server, every message checked; then its replay
    and its record. ``invited``: seat 1 is the creator's, the others take their invites (else
    every seat is the creator's, hot-seat)."""
    rng = random.Random(players)
    game = GAME.new(players, SEED, options, None, mode=mode)
    scry_hidden = mode == "rush"
    viewers: list[Viewer] = [*range(players), None]
    secrets = {v: [_secret_cards(game, v)] for v in viewers}
    # Each reader's view after each step, kept for two steps: a message made before the last
    # action (a seat's connection noted, say) may still be on its way.
    views = {0: {v: _view_of(game, v) for v in viewers}}
    steps = 0
    hashes: list[str] = []
    # Messages naming a card some other reader may not know: the check below can see a leak.
    seen_secrets = [0]

    def check(reader: Reader, raw: str, m: dict[str, Any], view: dict[str, Any] | None) -> None:
        assert str(SEED) not in raw and not SECRET_KEYS.search(raw), raw[:300]
        at = m["table"]["num_actions"] if "table" in m else steps
        hidden = secrets[reader.viewer][at]
        named = {int(n) for n in CARD.findall(raw)}
        assert not named & hidden, (reader.viewer, at, named & hidden)
        for e in m.get("events", ()):
            named |= _event_cards(e)
            assert not named & hidden, (reader.viewer, at, e)
            if e["kind"] in ("scry_look", "scry") and e["player"] != reader.viewer:
                assert not scry_hidden or e["text"]["key"].endswith(".hidden"), e
        seen_secrets[0] += bool(named & set().union(*(k[at] for k in secrets.values())))
        if view is None:
            return
        assert view == views[at][reader.viewer], (reader.viewer, at)
        for action in m["actions"]:
            text = str(ACTIONS[action])
            assert not {int(n) for n in re.findall(r"G(\d\d)", text)} & hidden, text

    with TestClient(_app(tmp_path / "wire.sqlite3")) as c, ExitStack() as sockets:
        body = {"game": "gem-rush", "mode": mode, "seats": ["human"] * players,
                "options": options, "mine": [0] if invited else list(range(players)),
                "seed": SEED}  # fmt: skip
        made = c.post("/api/tables", json=body).json()
        tid = made["table"]["id"]
        tokens = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
        for s in made["seats"]:
            if s["invite"]:
                claimed = c.post(f"/api/tables/{tid}/claim", json={"invite": s["invite"]}).json()
                tokens[claimed["seat"]] = claimed["token"]
        assert sorted(tokens) == list(range(players))
        readers = [
            Reader(sockets.enter_context(c.websocket_connect(f"/ws/{tid}")), v)
            for v in [*range(players), None]
        ]
        for r in readers:
            hello = {"type": "hello", "token": tokens[r.viewer]} if r.viewer is not None else {}
            r.ws.send_text(json.dumps({"type": "hello", **hello}))
        for r in readers:
            r.until(0, check)
        while not game.is_terminal():
            seat = game.current_player
            assert seat is not None
            state = readers[seat].last
            action = rng.choice(state["actions"])
            readers[seat].ws.send_text(
                json.dumps({"type": "act", "action": action, "version": state["version"]})
            )
            game.apply(action)
            hashes.append(game.state_hash())
            steps += 1
            for v, known in secrets.items():
                known.append(_secret_cards(game, v))
            views[steps] = {v: _view_of(game, v) for v in viewers}
            views.pop(steps - 2, None)
            for r in readers:
                r.until(steps, check)
        assert all(r.count > steps for r in readers) and steps > 20
        assert seen_secrets[0] > steps // 10, "players see their own cards"
        # The replay, as the spectator saw the game, with every step's log.
        replay = c.get(f"/api/tables/{tid}/replay/{steps // 2}?log=1").text
        assert str(SEED) not in replay and not SECRET_KEYS.search(replay)
        for at, events in enumerate(json.loads(replay)["log"]):
            named = {int(n) for n in CARD.findall(json.dumps(events))}
            for e in events:
                named |= _event_cards(e)
            assert not named & secrets[None][at], at
        # The record, as the end screen downloads it, for the last seat's player.
        got = c.get(f"/api/tables/{tid}/record", headers={TOKEN: tokens[players - 1]})
        assert got.status_code == 200, got.text
    _replays_with_the_cli(tmp_path, got.text, game, hashes)


def _replays_with_the_cli(tmp_path: Path, text: str, game: GemRushGame, hashes: list[str]) -> None:
    record = GameRecord.from_json(json.loads(text))
    assert record.game == "gem-rush" and record.seed == SEED and list(record.hashes) == hashes
    path = tmp_path / "table.json"
    path.write_text(text, encoding="utf-8")
    screen = Console(file=io.StringIO(), width=160)
    assert main(["replay", str(path)], console=screen, read=scripted_input(["q"])) == 0
    assert GAME.from_record(GameRecord.load(str(path))).state_hash() == game.state_hash()


def test_rush_for_three_with_invited_players_sends_no_hidden_card(tmp_path: Path) -> None:
    _play(tmp_path, "rush", 3, {}, invited=True)


def test_rush_for_four_with_burns_sends_no_hidden_card(tmp_path: Path) -> None:
    _play(tmp_path, "rush", 4, {"rush_burns": True})


def test_hot_seat_crisis_with_hidden_hands_sends_no_hidden_card(tmp_path: Path) -> None:
    _play(tmp_path, "crisis", 3, {"hidden_hands": True})
