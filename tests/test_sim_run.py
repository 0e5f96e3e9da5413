"""Tests of ``iridescia simulate``: the rows, determinism across workers and formats, what-if
parameters, seat rotation, solo and Rhom runs, game records, and failing games."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from iridescia.bots.base import register
from iridescia.cli import main
from iridescia.core.actions import Action
from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games.iridescia import Game
from iridescia.sim.backends import rate_text, run
from iridescia.sim.config import SimConfig
from iridescia.sim.games.iridescia import FIXED, SCORE_SOURCES
from iridescia.sim.output import load_run
from iridescia.sim.play import Runner, run_chunk


class FlakyBot:
    """Fails at its first decision in about half of the games (decided by its seeded RNG)."""

    name = "simtest-flaky"

    def __init__(self) -> None:
        self.first = True

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        if self.first:
            self.first = False
            if rng.below(2) == 0:
                raise RuntimeError("simtest-flaky gave up")
        return legal_actions[rng.below(len(legal_actions))]


register("simtest-flaky", lambda options, game: FlakyBot())


def simulate(out: Path, *args: str) -> int:
    return main(
        ["simulate", "--quiet", "--out", str(out), *args], console=Console(file=io.StringIO())
    )


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(t) for t in path.read_text(encoding="utf-8").splitlines()]


def test_rows_hold_every_column_and_the_scores_add_up() -> None:
    config = SimConfig(games=6, players=3, tables=(("random",) * 3,), seed=11)
    result = run_chunk(config, 0, 6)
    assert not result.errors
    assert len(result.rows) == 18 and len(result.games) == 6
    for row in result.rows:
        assert set(FIXED) <= set(row)
        assert sum(row[f"score_{s}"] for s in SCORE_SOURCES) == row["score_total"]
        assert row["items_bought"] == sum(v for k, v in row.items() if k.startswith("bought_"))
        assert row["items_used"] == sum(v for k, v in row.items() if k.startswith("used_"))
        assert row["relics_restored"] == len(row["relic_ids"]) == len(row["relic_names"])
        assert row["winner"] == (row["rank"] == 1)
        assert row["seed"] == 11 + row["game"]
        assert any(k.startswith("stat_dice_faces_") for k in row)
    for game in result.games:
        rows = [r for r in result.rows if r["game"] == game["game"]]
        assert sorted(r["position"] for r in rows) == [1, 2, 3]
        assert [r["seat"] for r in rows if r["position"] == 1] == [game["first_player"]]
        assert game["winners"] == [r["seat"] for r in rows if r["winner"]]
        margins = sorted(r["margin"] for r in rows)
        assert margins[-1] >= 0 >= margins[0]
        assert all(len(v) == game["rounds"] for v in game["market"].values())
        assert game["rounds"] >= 1 and all(v[0] == 2 for v in game["market"].values())


def test_results_do_not_depend_on_workers_or_format(tmp_path: Path) -> None:
    common = ["--games", "12", "--players", "3", "--seats", "random", "--seed", "5"]
    assert simulate(tmp_path / "one", *common, "--workers", "1") == 0
    assert simulate(tmp_path / "two", *common, "--workers", "2") == 0
    assert simulate(tmp_path / "csv", *common, "--format", "csv") == 0
    for name in ("results.jsonl", "games.jsonl"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    assert load_run(tmp_path / "csv").rows == load_run(tmp_path / "one").rows
    meta = json.loads((tmp_path / "two" / "meta.json").read_text())
    assert meta["games_played"] == 12 and meta["run"]["workers"] == 2
    assert meta["command"][:2] == ["iridescia", "simulate"]
    assert meta["rules_version"] >= 1 and meta["games_per_second"] > 0
    config = SimConfig.from_json(meta["config"])
    assert (config.games, config.players, config.seed, config.tables) == (
        12,
        3,
        5,
        (("random",) * 3,),
    )


def test_views_are_skipped_only_where_no_bot_reads_them() -> None:
    config = SimConfig(games=2, players=2, tables=(("random", "random"),), seed=3)
    with_views = SimConfig(games=2, players=2, tables=config.tables, seed=3, always_views=True)
    assert run_chunk(config, 0, 2).rows == run_chunk(with_views, 0, 2).rows


def test_param_what_if_changes_results_and_is_recorded(tmp_path: Path) -> None:
    common = ["--games", "4", "--players", "2", "--seed", "1"]
    assert simulate(tmp_path / "base", *common) == 0
    assert simulate(tmp_path / "rich", *common, "--param", "starting_coins=12") == 0
    meta = json.loads((tmp_path / "rich" / "meta.json").read_text())
    assert meta["config"]["params"] == {"starting_coins": "12"}
    assert meta["rules_params"]["starting_coins"] == 12
    base = (tmp_path / "base" / "results.jsonl").read_bytes()
    assert (tmp_path / "rich" / "results.jsonl").read_bytes() != base


def test_rotate_puts_every_bot_in_every_seat(tmp_path: Path) -> None:
    argv = ["--games", "4", "--players", "2", "--seats", "random,simtest-flaky", "--rotate"]
    simulate(tmp_path, *argv)  # flaky games fail; the others are written
    games = {g["game"]: g["seats"] for g in lines(tmp_path / "games.jsonl")}
    failed = tmp_path / "errors.jsonl"
    errors = {e["game"]: e["seats"] for e in lines(failed)} if failed.exists() else {}
    seats = {**games, **errors}
    rotations = (["random", "simtest-flaky"], ["simtest-flaky", "random"])
    assert seats == {k: rotations[k % 2] for k in range(4)}


def test_solo_and_rhom_rows(tmp_path: Path) -> None:
    assert simulate(tmp_path / "solo", "--games", "3", "--players", "1") == 0
    assert simulate(tmp_path / "var", "--games", "3", "--players", "2", "--rhom") == 0
    solo = load_run(tmp_path / "solo").rows
    assert [(r["bot"], r["is_rhom"], r["seat"]) for r in solo[:2]] == [
        ("random", False, 0),
        ("rhom", True, 1),
    ]
    variant = load_run(tmp_path / "var").rows
    rhom = [r for r in variant if r["is_rhom"]]
    assert len(rhom) == 3 and all(r["seat"] == 2 and r["position"] == 1 for r in rhom)
    assert all(r["objective_id"] is None and r["items_bought"] == 0 for r in rhom)


def test_records_replay_to_the_same_scores(tmp_path: Path) -> None:
    assert simulate(tmp_path, "--games", "2", "--players", "3", "--records", "--seed", "9") == 0
    records = lines(tmp_path / "records.jsonl")
    games = lines(tmp_path / "games.jsonl")
    assert [r["game"] for r in records] == [0, 1]
    for line, summary in zip(records, games, strict=True):
        game = Game.from_record(GameRecord.from_json(line["record"]))
        assert game.is_terminal()
        assert [s.total for s in game.scores()] == summary["scores"]
        assert list(line["record"]["seats"]) == summary["seats"]


def test_failing_games_are_reported_with_their_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = simulate(tmp_path, "--games", "6", "--players", "2", "--seats", "simtest-flaky")
    err = capsys.readouterr().err
    errors = lines(tmp_path / "errors.jsonl")
    assert code == 1 and errors
    assert all("simtest-flaky gave up" in e["error"] and e["seed"] == e["game"] for e in errors)
    assert all(f"seed {e['seed']}" in err for e in errors) and "Traceback" not in err
    played = {r["game"] for r in load_run(tmp_path).rows}
    assert played.isdisjoint(e["game"] for e in errors)
    assert len(played) + len(errors) == 6
    assert json.loads((tmp_path / "meta.json").read_text())["errors"] == len(errors)


def test_games_keep_no_event_log_and_rows_come_in_game_order() -> None:
    config = SimConfig(games=5, players=2, tables=(("random", "random"),), seed=4,
                       options=(("rhom", True),))  # fmt: skip
    done, tally = Runner(config).play(0)
    assert done.game.is_terminal() and done.game.log == []  # folded as they came, kept none
    assert tally is not None and done.mode.name == "rhom" and done.seats[-1] == "rhom"
    delivered: list[int] = []
    outcome = run(config, workers=2, chunk_size=2, sink=lambda c: delivered.append(c.start))
    assert delivered == [0, 2, 4] and outcome.played == 5 and outcome.rows == []
    assert run(config).rows == run_chunk(config, 0, 5).rows


def test_the_rate_reads_well_at_any_speed() -> None:
    assert rate_text(850, 1.0) == "850 games/s"
    assert rate_text(5, 2.0) == "2.5 games/s"
    assert rate_text(4, 50.0) == "12.5 s/game"  # slow bots: never "0.0 games/s"
    assert rate_text(0, 3.0) == "-"
