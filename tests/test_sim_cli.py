"""Bad arguments and unreadable run directories: a clear message, a non-zero exit code, and
never a traceback, for ``simulate``, ``report`` and ``tournament``."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from iridescia.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv, console=Console(file=io.StringIO()))
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "--players must be 1 to 4"),
        (["--players", "0"], "--players must be 1 to 4"),
        (["--players", "4", "--rhom"], "must be 1 to 3 for Gems of Iridescia with rhom=true"),
        (["--players", "3", "--seats", "random,random"], "lists 2 bots for 3 bot seats"),
        (["--seats", "nobody"], "bot 'nobody'"),
        (["--seats", "rhom"], "the Rhom is not a bot"),
        (["--seats", "random,"], "expected a list of bot specs"),
        (["--param", "no_such=1"], "unknown rules parameter 'no_such'"),
        (["--param", "starting_coins=lots"], "bad value 'lots'"),
        (["--param", "starting_coins"], "--param expects name=value"),
        (["--param", "starting_coins=-1"], "expected an integer in 0..100"),
        (["--param", "relic_row_size=1000000000"], "expected an integer in 0..24"),
        (["--param", "cargo_limit=-1"], "'cargo_limit': expected an integer in 0..64"),
        (["--param", "mining_dice=0"], "'mining_dice': expected an integer in 1..6"),
        (["--param", "mining_dice=3"], "mining_dice + stone_dice <= 6"),
        (["--param", "tile_sets=3:3:3"], "'tile_sets': expected a list of 0 to 10"),
        (["--param", "starting_coins=" + "9" * 5000], "for rules parameter 'starting_coins'"),
        (["--seed", str(2**64 - 1), "--games", "2"], "below 2**64"),
        (["--param", "cargo_limit=5", "--param", "cargo_limit=6"], "more than once"),
        (["--catapult-for-fourth"], "Catapult option is for 4-player games"),
        (["--address", "auto"], "--address is for the Ray backend"),
        (["--games", "0"], "must be at least 1"),
        (["--workers", "x"], "not a whole number"),
        (["--format", "xml"], "invalid choice"),
        (["--seed", "-3"], "cannot be negative"),
    ],
)
def test_simulate_argument_errors(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--games", "1", "--out", str(tmp_path / "x"), *args]
    code, err = run(argv, capsys)
    assert code == 2
    assert message in err
    assert not (tmp_path / "x").exists()  # nothing is written for a run that cannot start


def test_simulate_needs_an_output_directory(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(["simulate", "--games", "1"], capsys)
    assert code == 2 and "--out" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random"], "at least two bots"),
        (["--bots", "random,random"], "more than once"),
        (["--bots", "random,nobody"], "bot 'nobody'"),
        (["--bots", "random,greedy", "--players", "5"], "2 to 4 players"),
        (["--bots", "random,greedy", "--players", "1"], "2 to 4 players"),
    ],
)
def test_tournament_argument_errors(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = run(["tournament", "--games", "2", "--out", str(tmp_path), *args], capsys)
    assert code == 2 and message in err


def _run_dir(path: Path, meta: object = None, results: str | None = None) -> Path:
    path.mkdir()
    if meta is not None:
        text = meta if isinstance(meta, str) else json.dumps(meta)
        (path / "meta.json").write_text(text)
    if results is not None:
        (path / "results.jsonl").write_text(results)
    return path


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p / "missing", "does not exist"),
        (lambda p: _run_dir(p / "d"), "has no meta.json"),
        (lambda p: _run_dir(p / "d", "{not json"), "is not valid JSON"),
        (lambda p: _run_dir(p / "d", {"kind": "x"}), "no 'config'"),
        (lambda p: _run_dir(p / "d", {"config": {}}), "no results.jsonl or results.csv"),
        (lambda p: _run_dir(p / "d", {"config": {}}, "{}\n"), "lacks columns"),
        (lambda p: _run_dir(p / "d", {"config": {}}, "{oops\n"), "line 1 is not JSON"),
        (lambda p: _run_dir(p / "d", {"config": {}}, "[1]\n"), "not a JSON object"),
        (lambda p: _run_dir(p / "d", {"config": {}}, ""), "holds no results"),
    ],
)
def test_report_on_a_malformed_directory(
    make: Callable[[Path], Path], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = make(tmp_path)
    code, err = run(["report", str(directory)], capsys)
    assert code == 1
    assert message in err and err.startswith("iridescia report: error:")


def test_report_on_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text("{}\n")
    code, err = run(["report", str(path)], capsys)
    assert code == 1 and "is not a directory" in err


def test_report_on_a_damaged_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "--games", "2", "--quiet", "--format", "csv", "--out", str(tmp_path)])
        == 0
    )
    capsys.readouterr()
    csv_path = tmp_path / "results.csv"
    text = csv_path.read_text().replace(",true,", ",maybe,", 1).replace(",false,", ",maybe,", 1)
    csv_path.write_text(text)
    code, err = run(["report", str(tmp_path)], capsys)
    assert code == 1 and "not true/false" in err


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sim") / "run"
    assert main(["simulate", "--games", "2", "--quiet", "--out", str(out)]) == 0
    return out


@pytest.mark.parametrize(
    ("command", "module"),
    [
        ("report", "matplotlib.figure"),
        ("tournament", "matplotlib.figure"),
        ("tournament", "openskill.models"),
    ],
)
def test_report_and_tournament_without_the_sim_extra(
    command: str,
    module: str,
    run_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without matplotlib or openskill: one line naming the extra, exit code 2, nothing played
    or written (a None in sys.modules makes the import fail as if the package were absent)."""
    monkeypatch.setitem(sys.modules, module, None)
    out = tmp_path / "out"
    argv = {
        "report": ["report", str(run_dir), "--out", str(out)],
        "tournament": ["tournament", "--bots", "random,greedy", "--games", "2", "--out", str(out)],
    }[command]
    code, err = run(argv, capsys)
    assert code == 2
    assert err.count("\n") == 1
    assert err.startswith(f"iridescia {command}: ") and module in err
    assert err.endswith("install with: pip install -e '.[sim]'\n")
    assert not out.exists()
