"""The run directory: writing a run's files and reading them back for reports.

A run directory holds

- ``meta.json``: the command line, versions, the config (every option and rules parameter),
  timings and games/s; the only file with wall-clock values;
- ``results.jsonl`` or ``results.csv``: one row per seat per game (``columns``);
- ``games.jsonl``: one row per game (seats, winners, length, market value per round);
- ``records.jsonl`` (with ``--records``): ``{"game": k, "record": {...}}`` per game, each record
  replayable with ``Game.from_record(GameRecord.from_json(line["record"]))``;
- ``errors.jsonl`` (only when a game failed): the game, its seed, seats, error and traceback.

Everything but ``meta.json`` is a function of the config alone: files are written in game order
with a fixed key order and no timestamps, so two runs of one config are byte-identical whatever
the backend. ``load_run`` raises ``RunDirError`` (a ValueError) with a message for the user when
the directory is missing or its files are malformed.
"""

from __future__ import annotations

import csv
import json
import platform
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

from iridescia.sim.backends import RunOutcome
from iridescia.sim.columns import check_row, column_order, decode_csv_row, encode_csv_value
from iridescia.sim.config import SimConfig

FORMATS = ("jsonl", "csv")
MARKET_DEFINITION = (
    "market[colour][r] = coins a seller gets for one gem of that colour as round r begins; "
    "a round starts at the first turn and whenever turn order wraps round (extra turns excluded)"
)
_OWN_FILES = ("results.jsonl", "results.csv", "games.jsonl", "records.jsonl", "errors.jsonl")


class RunDirError(ValueError):
    """A run directory that cannot be read; the message says which file and why."""


@dataclass(slots=True)
class Run:
    """A run read back from its directory."""

    path: Path
    meta: dict[str, Any]
    rows: list[dict[str, Any]]
    games: list[dict[str, Any]]


def _line(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _write_lines(path: Path, values: Iterable[Any]) -> None:
    with path.open("w", encoding="utf-8", newline="\n") as f:
        for v in values:
            f.write(_line(v) + "\n")


def write_results(directory: Path, rows: Sequence[dict[str, Any]], fmt: str) -> Path:
    """``results.<fmt>`` in ``directory``; returns its path."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown results format {fmt!r}; use {' or '.join(FORMATS)}")
    path = directory / f"results.{fmt}"
    if fmt == "jsonl":
        _write_lines(path, rows)
        return path
    columns = column_order(rows)
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow([encode_csv_value(row.get(c)) for c in columns])
    return path


def write_run(directory: Path, outcome: RunOutcome, meta: dict[str, Any], fmt: str) -> None:
    """Write every file of a run (and remove this tool's files left from an earlier run there,
    so that a directory never mixes two runs)."""
    directory.mkdir(parents=True, exist_ok=True)
    for name in _OWN_FILES:
        (directory / name).unlink(missing_ok=True)
    write_results(directory, outcome.rows, fmt)
    _write_lines(directory / "games.jsonl", outcome.games)
    if outcome.records:
        _write_lines(directory / "records.jsonl", outcome.records)
    if outcome.errors:
        _write_lines(directory / "errors.jsonl", outcome.errors)
    text = json.dumps(meta, indent=2, ensure_ascii=False) + "\n"
    (directory / "meta.json").write_text(text, encoding="utf-8")


def _version(package: str) -> str | None:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def build_meta(
    kind: str,
    config: SimConfig,
    outcome: RunOutcome,
    *,
    argv: Sequence[str],
    started: str,
    run: dict[str, Any],
) -> dict[str, Any]:
    """``meta.json``: what was run (the config, every rules parameter), how, and how fast."""
    from iridescia import __version__
    from iridescia.games.iridescia.state import RULES_VERSION

    return {
        "kind": kind,
        "command": ["iridescia", *argv],
        "iridescia_version": __version__,
        "rules_version": RULES_VERSION,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "versions": {p: _version(p) for p in ("rich", "matplotlib", "openskill", "ray", "numpy")},
        "started": started,
        "finished": now(),
        "seconds": round(outcome.seconds, 3),
        "games_per_second": round(outcome.games_per_second, 2),
        "games_played": len(outcome.games),
        "errors": len(outcome.errors),
        "chunks": outcome.chunks,
        "run": run,
        "config": config.to_json(),
        "rules_params": config.rules_params().to_json(),
        "market_definition": MARKET_DEFINITION,
        "executable": sys.executable,
    }


def _read_lines(path: Path) -> list[dict[str, Any]]:
    out = []
    with path.open(encoding="utf-8") as f:
        for n, text in enumerate(f, 1):
            if not text.strip():
                continue
            try:
                value = json.loads(text)
            except json.JSONDecodeError as exc:
                raise RunDirError(f"{path}: line {n} is not JSON ({exc.msg})") from None
            if not isinstance(value, dict):
                raise RunDirError(f"{path}: line {n} is not a JSON object")
            out.append(value)
    return out


def _read_csv(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        rows = []
        for n, raw in enumerate(reader, 2):
            try:
                rows.append(decode_csv_row(raw))
            except ValueError as exc:
                raise RunDirError(f"{path}: line {n}: {exc}") from None
    return rows


def load_run(directory: str | Path) -> Run:
    """Read a run directory written by ``simulate`` or ``tournament``."""
    path = Path(directory)
    if not path.exists():
        raise RunDirError(f"{path} does not exist (run 'iridescia simulate --out {path}' first)")
    if not path.is_dir():
        raise RunDirError(f"{path} is not a directory; give the --out directory of a simulation")
    meta_path = path / "meta.json"
    if not meta_path.is_file():
        raise RunDirError(f"{path} is not a simulation directory: it has no meta.json")
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RunDirError(f"{meta_path} is not valid JSON: {exc}") from None
    if not isinstance(meta, dict) or not isinstance(meta.get("config"), dict):
        raise RunDirError(f"{meta_path} is not the metadata of a simulation (no 'config')")
    jsonl, csv_path = path / "results.jsonl", path / "results.csv"
    if jsonl.is_file():
        rows = _read_lines(jsonl)
    elif csv_path.is_file():
        rows = _read_csv(csv_path)
    else:
        raise RunDirError(f"{path} has no results.jsonl or results.csv")
    for n, row in enumerate(rows, 1):
        try:
            check_row(row, n)
        except ValueError as exc:
            raise RunDirError(f"{path}: results {exc}") from None
    games_path = path / "games.jsonl"
    games = _read_lines(games_path) if games_path.is_file() else []
    if not rows:
        raise RunDirError(f"{path} holds no results (every game failed? see errors.jsonl)")
    return Run(path, meta, rows, games)
