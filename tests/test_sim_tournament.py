"""Tests of ``iridescia tournament``: the round-robin schedule, deterministic OpenSkill ratings,
a weak bot ranked below random, the head-to-head matrix and the files written."""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from iridescia.bots.base import register
from iridescia.cli import main
from iridescia.core.actions import Action
from iridescia.core.rng import Rng
from iridescia.sim.tournament import schedule, tournament_config


class PassiveBot:
    """Ends every optional phase at once (never mines, buys, sells or restores when it can stop):
    a bot clearly weaker than random."""

    name = "simtest-passive"

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        for action in legal_actions:
            if str(action) in ("end", "done"):
                return action
        return legal_actions[rng.below(len(legal_actions))]


register("simtest-passive", lambda options, game: PassiveBot())


def tournament(out: Path, *args: str) -> tuple[int, str]:
    buf = io.StringIO()
    code = main(["tournament", "--out", str(out), *args], console=Console(file=buf, width=150))
    return code, buf.getvalue()


def test_schedule_gives_every_pairing_every_seat_order() -> None:
    tables = schedule(["a", "b", "c"], 2)
    assert len(tables) == 6 and len(set(tables)) == 6
    assert (
        Counter(t[0] for t in tables) == Counter(t[1] for t in tables) == {"a": 2, "b": 2, "c": 2}
    )
    four = schedule(["a", "b", "c", "d"], 4)
    assert len(four) == 24
    few = schedule(["a", "b"], 3)  # fewer bots than seats: every mix of at least two bots
    assert set(few) == {
        ("a", "a", "b"), ("a", "b", "a"), ("b", "a", "a"),
        ("a", "b", "b"), ("b", "a", "b"), ("b", "b", "a"),
    }  # fmt: skip
    config = tournament_config(["a", "b", "c"], 2, games=10, seed=4)
    assert config.games == 12 and dict(config.options)["first_player"] == 0  # two passes
    assert [config.seats_of(k) for k in range(6)] == list(tables)


def test_tournament_is_deterministic_and_ranks_the_weak_bot_last(tmp_path: Path) -> None:
    args = ["--bots", "simtest-passive,random", "--games", "16", "--seed", "3"]
    code, text = tournament(tmp_path / "a", *args)
    assert code == 0 and "simtest-passive" in text and "ordinal" in text
    code, _ = tournament(tmp_path / "b", *args, "--quiet")
    assert code == 0
    first = (tmp_path / "a" / "tournament.json").read_bytes()
    assert first == (tmp_path / "b" / "tournament.json").read_bytes()
    data = json.loads(first)
    standings = data["standings"]
    assert [s["bot"] for s in standings] == ["random", "simtest-passive"]
    assert standings[0]["mu"] > standings[1]["mu"]
    assert standings[0]["ordinal"] > standings[1]["ordinal"]
    assert all(s["games"] == 16 for s in standings)
    assert standings[0]["mean_margin"] == -standings[1]["mean_margin"] > 0
    pair = data["pairwise"]
    assert pair["random"]["simtest-passive"] + pair["simtest-passive"]["random"] == 1.0
    assert pair["random"]["random"] is None
    page = (tmp_path / "a" / "tournament.html").read_text()
    assert page.count('<img src="data:image/png;base64,') == 2
    assert '<section id="standings">' in page and '<section id="pairwise">' in page
    # The run files are those of simulate, so 'iridescia report' reads a tournament too.
    assert (tmp_path / "a" / "results.jsonl").exists()
    meta = json.loads((tmp_path / "a" / "meta.json").read_text())
    assert meta["kind"] == "tournament" and meta["config"]["options"]["first_player"] == 0


def test_three_player_tournament_balances_seats(tmp_path: Path) -> None:
    args = ["--bots", "random,simtest-passive", "--players", "3", "--games", "6", "--quiet"]
    code, _ = tournament(tmp_path, *args)
    assert code == 0
    rows = [json.loads(t) for t in (tmp_path / "results.jsonl").read_text().splitlines()]
    seats = Counter((r["bot"], r["position"]) for r in rows)
    assert seats == {(b, p): 3 for b in ("random", "simtest-passive") for p in (1, 2, 3)}
    data = json.loads((tmp_path / "tournament.json").read_text())
    assert sum(s["games"] for s in data["standings"]) == 18
