"""Version-1 game records written by the old code still load and replay to the same hashes.

The fixtures in ``tests/records_v1/`` were saved by commit 8a00cea (the last one before the record
format became version 2; see the README there) with a state hash after every action: 2, 3 and
4 explorers, solo against the Rhom, and the Rhom variant with 2 explorers. For each one this
checks that the current code reads it as an upgraded version-1 record (the data set its game had
then, ``V1_DATA_SETS``), that a fresh game built through the registry and the game contract
reaches the stored hash after every single action, that ``from_record`` agrees, and that saving
the record again writes version 2, which loads back equal and replays to the same final hash.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from iridescia import games
from iridescia.core.errors import RecordError
from iridescia.core.record import FORMAT_VERSION, V1_DATA_SETS, GameRecord

RECORDS = Path(__file__).resolve().parent / "records_v1"
FIXTURES = sorted(RECORDS.glob("*.json"))
IDS = [p.stem for p in FIXTURES]


def _raw(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_the_fixtures_cover_every_table() -> None:
    tables = {(r.players, bool(r.options.get("rhom"))) for r in map(GameRecord.load, FIXTURES)}
    # 2, 3 and 4 explorers; solo against the Rhom; the Rhom joining 2 explorers.
    assert tables == {(2, False), (3, False), (4, False), (1, True), (2, True)}


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_a_fixture_is_a_version_1_record_as_the_old_code_wrote_it(path: Path) -> None:
    data = _raw(path)
    assert data["format_version"] == 1
    assert "data_set" not in data and "notice" not in data
    assert data["game"] == "gems-of-iridescia"
    assert len(data["hashes"]) == len(data["actions"]) > 0


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_a_version_1_record_loads_upgraded(path: Path) -> None:
    record = GameRecord.load(path)
    spec = games.get(record.game)
    assert record.data_set == V1_DATA_SETS[record.game] == spec.info.data_set
    assert record.notice is None
    assert record.rules_version == spec.info.rules_version
    assert len(record.hashes) == len(record.actions) == len(_raw(path)["actions"])


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_a_version_1_record_replays_to_the_stored_hash_at_every_step(path: Path) -> None:
    record = GameRecord.load(path)
    spec = games.get(record.game)
    game = spec.new(record.players, record.seed, record.options, record.params)
    assert game.state_hash() == spec.from_record(record, upto=0).state_hash()
    assert len(game.automa_seats) == (1 if record.options.get("rhom") else 0)
    for step, (action, stored) in enumerate(zip(record.actions, record.hashes, strict=True), 1):
        assert game.current_player is not None, f"the game ended before action {step}"
        assert game.current_player not in game.automa_seats
        game.apply(action)
        assert game.state_hash() == stored, f"state hash differs after action {step} ({action!r})"
    assert game.is_terminal() == ("partial" not in path.stem)

    replayed = spec.from_record(record)  # checks every stored hash itself
    assert replayed.state_hash() == game.state_hash() == record.hashes[-1]
    # The current code writes the same record for that game (now tagged with its data set).
    assert replayed.record(with_hashes=True, seats=record.seats) == record


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_a_version_1_record_saved_again_is_version_2_and_replays(
    path: Path, tmp_path: Path
) -> None:
    record = GameRecord.load(path)
    again = tmp_path / path.name
    record.save(again)
    data = _raw(again)
    assert data["format_version"] == FORMAT_VERSION == 2
    assert data["data_set"] == V1_DATA_SETS[record.game]
    assert data["actions"] == list(record.actions) and data["hashes"] == list(record.hashes)

    loaded = GameRecord.load(again)
    assert loaded == record
    replayed = games.get(loaded.game).from_record(loaded)
    assert replayed.state_hash() == _raw(path)["hashes"][-1]


def test_a_changed_hash_in_a_version_1_record_is_refused() -> None:
    data = _raw(RECORDS / "solo-rhom.json")
    step = len(data["hashes"]) // 2
    data["hashes"][step] = "0" * len(data["hashes"][step])
    record = GameRecord.from_json(data)
    with pytest.raises(RecordError, match=f"after action {step + 1} "):
        games.get(record.game).from_record(record)
