"""``GET /api/tables/{id}/record`` (``iridescia.web.records``): a finished game's record, for its
players and creator, that ``iridescia replay`` steps through to the same state hashes; refused
for an unfinished game (409), without a token of the table (404), and for a game with players on
other devices whose rules keep secrets after the end (403 ``record_secret``)."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from iridescia.core.record import GameRecord
from iridescia.games import get as get_game
from iridescia.web.games import PLUGINS
from iridescia.web.protocol import ProtocolError
from iridescia.web.records import table_record
from iridescia.web.server import ServeOptions, build_app
from iridescia.web.service import GameService
from iridescia.web.storage import SqliteStorage
from iridescia.web.tables import TableSpec

TOKEN = "x-iridescia-token"
WAIT = 60.0  # seconds a bots' game may take to finish (a failure, never a measurement)


def _client() -> TestClient:
    fast = dict(msg_rate=1e6, msg_burst=1e6, address_msg_rate=1e6, address_msg_burst=1e6)
    opts = ServeOptions(db=":memory:", bot_delay=0, step_delay=0, allow_seed=True, **fast)
    return TestClient(build_app(opts))


def _finished(c: TestClient, tid: str) -> None:
    deadline = time.monotonic() + WAIT
    while c.get(f"/api/tables/{tid}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots never finished"
        time.sleep(0.05)


def _record(c: TestClient, tid: str, token: str | None) -> Any:
    return c.get(f"/api/tables/{tid}/record", headers={TOKEN: token} if token else {})


def test_a_finished_bots_game_downloads_and_replays_to_the_same_hashes(tmp_path: Path) -> None:
    with _client() as c:
        made = c.post(
            "/api/tables", json={"mode": "standard", "seats": ["bot:random"] * 2, "seed": 3}
        )
        assert made.status_code == 201, made.text
        tid, creator = made.json()["table"]["id"], made.json()["creator"]
        _finished(c, tid)
        r = _record(c, tid, creator)
        assert r.status_code == 200, r.text
        assert (
            r.headers["content-disposition"]
            == f'attachment; filename="gems-of-iridescia-{tid}.json"'
        )
        data = r.json()
        table = c.get(f"/api/tables/{tid}").json()
    record = GameRecord.from_json(data)
    assert record.seed == 3 and record.seats == ("bot:random", "bot:random")
    assert len(record.hashes) == len(record.actions) == table["num_actions"] > 0
    game = get_game(record.game).from_record(record)  # checks every stored hash on the way
    assert game.is_terminal() and game.state_hash() == record.hashes[-1]
    # The terminal's replay reads the file as the browser saved it, to its last step.
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    shown = subprocess.run(
        [sys.executable, "-m", "iridescia", "replay", str(path), "--lang", "en"],
        input=f"{len(record.actions)}\nq\n", capture_output=True, text=True, timeout=120,
        env={"IRIDESCIA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "TERM": "dumb"},
    )  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    assert "Traceback" not in shown.stderr


def test_who_may_have_a_record() -> None:
    with _client() as c:
        made = c.post("/api/tables", json={"mode": "solo", "seats": ["human"], "seed": 4})
        tid, seat_token = made.json()["table"]["id"], made.json()["seats"][0]["token"]
        assert _record(c, tid, seat_token).json()["error"]["code"] == "not_finished"
        assert _record(c, tid, seat_token).status_code == 409
        assert _record(c, tid, None).status_code == 404
        assert _record(c, tid, "x" * 24).status_code == 404
        assert _record(c, "no-such-table", seat_token).status_code == 404


def test_a_game_with_invited_players_keeps_its_record_when_its_rules_keep_secrets(
    tmp_path: Path,
) -> None:
    assert not PLUGINS["gems-of-iridescia"].record_public_at_end  # ruling D35

    async def scenario(svc: GameService) -> None:
        spec = TableSpec.from_json({"mode": "standard", "seats": ["human"] * 2, "private": True})
        row, table = await svc.create(spec, {0}, seed=5)
        await svc.claim(row.id, str(row.seats[1].invite), "Bo")  # a friend on another device
        subs = [await svc.connect(row.id, s.token) for s in row.seats]
        rng = random.Random(2)
        while not table.finished:
            seat = table.game.current_player
            assert seat is not None
            action = rng.choice(table.game.legal_actions())
            await svc.act(subs[seat], action.id, table.version)
            table = svc._slots[row.id].table
        for token in (row.creator, row.seats[0].token, row.seats[1].token):
            with pytest.raises(ProtocolError) as refused:
                await table_record(svc, row.id, token)
            assert refused.value.code == "record_secret"

    async def main() -> None:
        svc = GameService(
            SqliteStorage(str(tmp_path / "records.sqlite3")),
            bot_delay=0,
            step_delay=0,
            allow_seed=True,
        )
        await svc.start()
        try:
            await scenario(svc)
        finally:
            await svc.stop()

    asyncio.run(main())
