"""Simulating Gem Rush with its sim plug-in: the generic columns then Gem Rush's in both modes,
the spec §8 figures in ``games.jsonl`` (checked against the rows), the provisional-components
notice and the data-set id on every output, its report, the same files for 1 and 2 workers,
and the errors for an unknown game, an unknown bot or bad bot options, and a flag of another
game."""

from __future__ import annotations

import io
import json
import re
import shutil
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
from iridescia.games import get
from iridescia.sim.columns import COOPERATIVE, GENERIC_FIXED
from iridescia.sim.games.gemrush import mode_columns
from iridescia.sim.output import load_run
from iridescia.sim.report import sections_of

GEM_RUSH = get("gem-rush").info
NOTICE = GEM_RUSH.notice or ""
DATA_SET = "gemrush-2e-provisional-2"


class FirstBot:
    """Always the first legal action: a second bot that plays any game, for tournaments."""

    name = "simtest-first"
    needs_view = False

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        return legal_actions[0]


register("simtest-first", lambda options, game: FirstBot())


def cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), console=Console(file=out, width=150))
    return code, out.getvalue()


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(t) for t in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("gemrush")
    made = {}
    for name, args in {
        "crisis4": ["--mode", "crisis", "--players", "4", "--format", "csv", "--records"],
        "crisis2": ["--mode", "crisis", "--players", "2", "--level", "apprentice"],
        "rush3": ["--mode", "rush", "--players", "3", "--records", "--workers", "2"],
        "rush5": ["--mode", "rush", "--players", "5", "--format", "csv"],
    }.items():
        common = ["--game", "gem-rush", "--seats", "random", "--games", "6", "--seed", "3"]
        code, _ = cli("simulate", "--quiet", *common, *args, "--out", str(base / name))
        assert code == 0
        made[name] = base / name
    return made


@pytest.mark.parametrize(
    ("name", "mode", "players"),
    [
        ("crisis4", "crisis", 4),
        ("crisis2", "crisis", 2),
        ("rush3", "rush", 3),
        ("rush5", "rush", 5),
    ],
)
def test_rows_hold_the_generic_columns_then_gem_rush_s(
    runs: dict[str, Path], name: str, mode: str, players: int
) -> None:
    run = load_run(runs[name])
    cooperative = mode == "crisis"
    generic = list(GENERIC_FIXED + (COOPERATIVE if cooperative else ()))
    fixed = list(mode_columns(cooperative))
    assert fixed[: len(generic)] == generic
    assert len(run.rows) == 6 * players and len(run.games) == 6
    for row in run.rows:
        assert list(row) == fixed
        assert row["mode"] == mode and row["players"] == players and row["bot"] == "random"
        assert row["is_automa"] is False and (row["rank"] == 1 or not row["winner"])
        if not cooperative:  # a cooperative loss still ranks the seats by their own scores
            assert row["winner"] == (row["rank"] == 1)
        assert row["seed"] == 3 + row["game"] and row["length"] > 0 and row["turns"] >= 1
    for game in run.games:
        seats = [r for r in run.rows if r["game"] == game["game"]]
        assert [r["score"] for r in seats] == game["scores"]
        assert [r["seat"] for r in seats if r["winner"]] == game["winners"]
        assert [r["return"] for r in seats] == game["returns"]
        assert game["mode"] == mode and game["reason"] and game["turns"] == seats[0]["game_turns"]
        if cooperative:  # the table wins or loses together, against a target
            assert len(game["winners"]) in (0, players) and game["target"] >= 1
            assert all(r["team_score"] == game["team_score"] for r in seats)
            assert all(r["shared_win"] == r["winner"] for r in seats)
        else:
            assert game["winners"] and "team_score" not in game


@pytest.mark.parametrize("name", ["crisis4", "crisis2", "rush3", "rush5"])
def test_gem_rush_columns_agree_with_games_jsonl(runs: dict[str, Path], name: str) -> None:
    run = load_run(runs[name])
    for game in run.games:
        seats = [r for r in run.rows if r["game"] == game["game"]]
        n = len(seats)
        assert [r["constructions"] for r in seats] == game["constructions_by_seat"]
        assert sum(r["turns"] for r in seats) == game["turns"] == len(game["per_turn"]["hand"])
        assert sorted(r["position"] for r in seats) == list(range(1, n + 1))
        assert next(r["seat"] for r in seats if r["position"] == 1) == game["first_player"]
        for r in seats:
            assert r["construction_points"] + r["room_points"] == r["score"]
            assert r["rounds"] == game["rounds"] and r["reshuffles"] == game["reshuffles"]
            assert r["reopenings"] == game["reopenings"]
            assert r["constructions_in_game"] == game["constructions"]
            assert r["target_reached"] == game["target_reached"]
        if "crisis" in name:
            assert all(r["level_reached"] == (game["level_reached"] or "") for r in seats)
            assert game["burns"]["deck"] + game["burns"]["hand"] == 75
        else:
            assert all(r["round_limit_hit"] is game["round_limit_hit"] is False for r in seats)
            assert all(r["target"] == game["target"] == 20 for r in seats)  # data set -2
        assert game["data_set"] == DATA_SET
        for key in ("rooms", "digs", "payability", "per_turn", "doors_by_cost", "moves"):
            assert isinstance(game[key], dict)


def test_rules_parameters_take_json_or_text(tmp_path: Path) -> None:
    args = ["--game", "gem-rush", "--mode", "crisis", "--players", "2", "--games", "2"]
    for value in ("30/40/50/60/66/72", "[30,40,50,60,66,72]"):
        out = tmp_path / value.strip("[]").replace("/", "-").replace(",", "-")
        code, _ = cli("simulate", "--quiet", *args, "--param", f"crisis_levels={value}",
                      "--param", "no_skills_offset=4", "--out", str(out))  # fmt: skip
        assert code == 0
        meta = json.loads((out / "meta.json").read_text())
        assert meta["config"]["params"] == {"crisis_levels": value, "no_skills_offset": "4"}
        assert meta["rules_params"]["crisis_levels"] == [30, 40, 50, 60, 66, 72]
        levels = lines(out / "games.jsonl")[0]["levels"]
        assert list(levels.values()) == [26, 36, 46, 56, 62, 68]


def test_every_output_carries_the_notice_and_the_data_set(runs: dict[str, Path]) -> None:
    for name, directory in runs.items():
        meta = json.loads((directory / "meta.json").read_text())
        assert (meta["game"], meta["data_set"], meta["notice"]) == ("gem-rush", DATA_SET, NOTICE)
        assert meta["mode"] == name.rstrip("0123456789") and meta["rules_version"] >= 1
        assert meta["config"]["game"] == "gem-rush" and meta["rules_params_complete"]
        assert meta["rules_params"]["crisis_levels"] == [36, 44, 52, 60, 66, 72]
    csv_head = (runs["crisis4"] / "results.csv").read_text().splitlines()[:3]
    assert csv_head[0] == f"# Gem Rush: {NOTICE}" and csv_head[1] == f"# data set: {DATA_SET}"
    assert csv_head[2].startswith("game,seed,players,mode,")
    for name in ("crisis4", "rush3"):
        for line in lines(runs[name] / "records.jsonl"):
            record = GameRecord.from_json(line["record"])
            assert (record.notice, record.data_set) == (NOTICE, DATA_SET)
            game = get("gem-rush").from_record(record)  # and it replays
            assert (
                list(game.outcome().scores)
                == lines(runs[name] / "games.jsonl")[line["game"]]["scores"]
            )


def test_csv_and_jsonl_load_to_the_same_rows(runs: dict[str, Path], tmp_path: Path) -> None:
    args = ["--game", "gem-rush", "--mode", "rush", "--players", "5", "--games", "6", "--seed", "3"]
    assert cli("simulate", "--quiet", *args, "--out", str(tmp_path))[0] == 0
    assert load_run(tmp_path).rows == load_run(runs["rush5"]).rows


@pytest.fixture(scope="module")
def reports(runs: dict[str, Path]) -> dict[str, str]:
    """The report of one run of each mode, written once (a report takes a few seconds)."""
    pages = {}
    for name in ("crisis2", "rush3"):
        code, out = cli("report", str(runs[name]), "--game", "gem-rush")
        assert code == 0 and "report written to" in out
        pages[name] = (runs[name] / "report.html").read_text(encoding="utf-8")
    return pages


@pytest.mark.parametrize("name", ["crisis2", "rush3"])
def test_report_renders_with_the_notice_on_every_figure(
    runs: dict[str, Path], reports: dict[str, str], name: str
) -> None:
    page = reports[name]
    sections = sections_of(load_run(runs[name]))
    anchors = [a for a, _ in sections]
    generic = ["win-by-seat", "win-by-bot", "score-by-seat", "game-length", "rush"]
    if "crisis" in name:
        generic = ["team", "score-by-seat", "game-length", "crisis-levels"]
    assert anchors == [*generic, "economy", "payability", "rooms", "deck-and-mine"]
    for anchor, title in sections:
        assert f'<section id="{anchor}">' in page and f"<h2>{title}</h2>" in page
    header = page.split("<nav>")[0]
    assert f'<p class="notice">{NOTICE}</p>' in header and DATA_SET in header
    assert "Gem Rush simulation report" in header
    figures = re.findall(r"<figure><img [^>]+><figcaption>(.*?)</figcaption></figure>", page)
    assert len(figures) == page.count("<img") == len(sections)
    assert all(NOTICE in caption and DATA_SET in caption for caption in figures)


def test_report_tables_answer_section_8(
    runs: dict[str, Path], reports: dict[str, str], tmp_path: Path
) -> None:
    """The sections' tables name what §8 asks for; without games.jsonl each section still
    has its one figure (saying there is no data)."""
    for text in ("apprentice (36)", "grandmaster (72)", "share of printed points from 4-5-gem",
                 "games reopened by R101", "full deck", "every hand"):  # fmt: skip
        assert text in reports["crisis2"]
    for text in ("R88 hits", "within 8-14", "vs even share", "mean length", "dead-end starts"):
        assert text in reports["rush3"]
    bare = tmp_path / "bare"
    shutil.copytree(runs["rush3"], bare)
    (bare / "games.jsonl").unlink()
    assert cli("report", str(bare))[0] == 0
    page = (bare / "report.html").read_text(encoding="utf-8")
    assert page.count("<img") == len(sections_of(load_run(bare)))


@pytest.mark.parametrize(
    ("name", "args", "files"),
    [
        ("rush3", ["--mode", "rush", "--players", "3", "--records"], ("results.jsonl",)),
        ("crisis4", ["--mode", "crisis", "--players", "4", "--format", "csv", "--records",
                     "--workers", "2"], ("results.csv",)),
    ],
)  # fmt: skip
def test_results_do_not_depend_on_workers(
    runs: dict[str, Path], tmp_path: Path, name: str, args: list[str], files: tuple[str, ...]
) -> None:
    """rush3 was run with 2 workers, crisis4 with 1: here the other way round."""
    common = ["--game", "gem-rush", "--seats", "random", "--games", "6", "--seed", "3"]
    assert cli("simulate", "--quiet", *common, *args, "--out", str(tmp_path))[0] == 0
    for file in (*files, "games.jsonl", "records.jsonl"):
        assert (tmp_path / file).read_bytes() == (runs[name] / file).read_bytes()


def test_a_tournament_of_gem_rush_is_stamped_too(tmp_path: Path) -> None:
    args = ["--game", "gem-rush", "--bots", "random,simtest-first", "--games", "4", "--quiet"]
    code, _ = cli("tournament", *args, "--out", str(tmp_path))
    assert code == 0
    data = json.loads((tmp_path / "tournament.json").read_text())
    assert (data["game"], data["mode"], data["data_set"]) == ("gem-rush", "rush", DATA_SET)
    assert data["notice"] == NOTICE and sum(s["games"] for s in data["standings"]) == 8
    page = (tmp_path / "tournament.html").read_text()
    assert f'<p class="notice">{NOTICE}</p>' in page and page.count("<figcaption>") == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "nope"], "unknown game 'nope'; games: gem-rush, gems-of-iridescia"),
        (["--game", "gem-rush", "--seats", "grumpy"], "unknown bot 'grumpy'"),
        (["--game", "gem-rush", "--players", "2", "--seats", "random,mcts:x=1"], "bad MCTS option"),
        (["--game", "gem-rush", "--mode", "solo"], "Gem Rush has no mode 'solo'"),
        (["--game", "gem-rush", "--mode", "rush", "--players", "1"], "takes 2-7 players, not 1"),
        (["--game", "gem-rush", "--players", "8"], "--players must be 1 to 7 for Gem Rush"),
        (["--game", "gem-rush", "--rhom"], "--rhom is an option of Gems of Iridescia, not of"),
        (["--level", "master"], "--level is an option of Gem Rush, not of Gems of Iridescia"),
        (["--game", "gem-rush", "--level", "nope"], "--level: option level must be one of"),
        (["--game", "gem-rush", "--mode", "rush", "--level", "master"], "not used in mode rush"),
        (["--game", "gem-rush", "--param", "no_such=1"], "unknown rules parameter 'no_such'"),
        (["--game", "gem-rush", "--param", "no_such=x"], "unknown rules parameter 'no_such'"),
        (["--game", "gem-rush", "--param", "hand_limit=lots"], "bad value 'lots' for rules"),
        (["--game", "gem-rush", "--param", "crisis_levels=[1,2]"], "a list of 6 integers"),
        (["--game", "gem-rush", "--seats", "automa"], "unknown bot 'automa'"),
    ],
)
def test_clear_errors(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = cli("simulate", "--games", "1", "--out", str(tmp_path / "x"), *args)
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "x").exists()


def test_a_tournament_needs_a_mode_where_seats_compete(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--game", "gem-rush", "--mode", "crisis", "--bots", "random,simtest-first"]
    code, _ = cli("tournament", *args, "--games", "2", "--out", str(tmp_path / "t"))
    assert code == 2 and "Crisis (cooperative) is cooperative" in capsys.readouterr().err


def test_a_report_of_rows_it_cannot_read_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    code, _ = cli("simulate", "--game", "gem-rush", "--mode", "rush", "--players", "2",
                  "--games", "2", "--quiet", "--out", str(run))  # fmt: skip
    assert code == 0
    games = run / "games.jsonl"
    rows = [json.loads(line) for line in games.read_text().splitlines()]
    for row in rows:  # rooms as an older layout wrote them: figures by name
        row["rooms"] = {"Ruins": {"uses": 1, "actions": 1}}
    games.write_text("".join(json.dumps(r) + "\n" for r in rows))
    code, _ = cli("report", str(run))
    err = capsys.readouterr().err
    assert code != 0 and "cannot draw the section 'Rooms: use and value'" in err
    assert "Traceback" not in err and not (run / "report.html").exists()
