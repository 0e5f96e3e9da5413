"""Golden transcripts (spec §9, style rule 12): a 3-player Crisis game and a 4-player Rush game.

Each game is played again by the same seeded random policy and compared with its file in
``tests/gemrush/golden/`` step by step: acting seat, action, state hash and the events as that
seat sees them. The stored record (with its data-set id) must also replay on its own to the
same final hash. ``make_golden.py`` says how the games are played; after a deliberate change
of behaviour regenerate the files with ``python -m tests.gemrush.make_golden`` (or run this
test with ``GEMRUSH_REGEN_GOLDEN=1``).
"""

from __future__ import annotations

import json
import os

import pytest
from make_golden import DATA_SET, GAMES, GoldenGame, render, transcript

from iridescia.core.record import GameRecord
from iridescia.games.gemrush import GAME, NOTICE, RULES_VERSION

REGEN = os.environ.get("GEMRUSH_REGEN_GOLDEN") == "1"
MAX_BYTES = 300_000


@pytest.mark.parametrize("spec", GAMES, ids=lambda g: g.name)
def test_golden_transcript(spec: GoldenGame) -> None:
    got = transcript(spec)
    if REGEN:
        spec.path.parent.mkdir(exist_ok=True)
        spec.path.write_text(render(got), encoding="utf-8")
    if not spec.path.exists():
        pytest.fail(f"{spec.path} is missing: run python -m tests.gemrush.make_golden")
    text = spec.path.read_text(encoding="utf-8")
    assert len(text.encode()) < MAX_BYTES
    want = json.loads(text)
    record = want["record"]
    assert record["data_set"] == DATA_SET and record["notice"] == NOTICE
    assert record["rules_version"] == RULES_VERSION and record["seed"] == spec.seed
    assert {k: v for k, v in got.items() if k != "steps"} == {
        k: v for k, v in want.items() if k != "steps"
    }
    for i, (mine, theirs) in enumerate(zip(got["steps"], want["steps"], strict=False)):
        if mine != theirs:
            pytest.fail(f"step {i + 1} differs:\n now:    {mine}\n golden: {theirs}")
    assert len(got["steps"]) == len(want["steps"])
    assert text == render(got)  # the file is exactly what make_golden writes
    replayed = GAME.from_record(GameRecord.from_json(record))
    assert replayed.is_terminal()
    assert replayed.state_hash() == want["steps"][-1]["hash"]
    assert [s["action"] for s in want["steps"]] == record["actions"]
