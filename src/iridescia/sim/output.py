"""The run directory: writing a run's files as its games come, and reading them back for reports.

A run directory holds

- ``meta.json``: the command line, versions, the game (name, title, mode, rules version, data
  set, notice), the config (every option and rules parameter), timings and games/s; the only
  file with wall-clock values;
- ``results.jsonl`` or ``results.csv``: one row per seat per game (``columns``, and the game's
  sim plug-in); a CSV of a game with a notice (provisional data) starts with ``#`` lines that
  say so and name the data set;
- ``games.jsonl``: one row per game;
- ``records.jsonl`` (with ``--records``): ``{"game": k, "record": {...}}`` per game, each record
  replayable with ``iridescia.games.get(record.game).from_record(record)``;
- ``errors.jsonl`` (only when a game failed): the game, its seed, seats, error and traceback.

Everything but ``meta.json`` is a function of the config alone: files are written in game order
with a fixed key order and no timestamps, so two runs of one config are byte-identical whatever
the backend. ``RunWriter`` writes each chunk's lines as soon as the chunk is in order and keeps
none of them (a CSV's rows wait in a spool file until the run ends, because its header lists
every column). ``load_run`` raises ``RunDirError`` (a ValueError) with a message for the user
when the directory is missing or its files are malformed.
"""

from __future__ import annotations

import csv
import json
import platform
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import IO, Any

from iridescia import __version__
from iridescia.core.game import GameSpec
from iridescia.games import DEFAULT_GAME
from iridescia.games import get as get_game
from iridescia.sim.backends import RunOutcome
from iridescia.sim.columns import check_row, column_order, decode_csv_row, encode_csv_value
from iridescia.sim.config import SimConfig
from iridescia.sim.games import plugin as sim_plugin
from iridescia.sim.play import ChunkResult
from iridescia.sim.plugin import SimPlugin

FORMATS = ("jsonl", "csv")
_SPOOL = ".results.spool.jsonl"
_OWN_FILES = (
    "results.jsonl", "results.csv", "games.jsonl", "records.jsonl", "errors.jsonl", _SPOOL,
)  # fmt: skip


class RunDirError(ValueError):
    """A run directory that cannot be read; the message says which file and why."""


@dataclass(slots=True)
class Run:
    """A run read back from its directory."""

    path: Path
    meta: dict[str, Any]
    rows: list[dict[str, Any]]
    games: list[dict[str, Any]]

    @property
    def game(self) -> str:
        """The game's name (runs written before games had names are Gems of Iridescia)."""
        return str(self.meta.get("game") or DEFAULT_GAME)


def _line(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def notice_lines(spec: GameSpec, data_set: str | None = None) -> list[str]:
    """What a results file of ``spec`` says before its rows (nothing for a game without a
    notice); ``data_set``: the run's, when not the game's default."""
    info = spec.info
    if not info.notice:
        return []
    return [f"{info.title}: {info.notice}", f"data set: {data_set or info.data_set}"]


class RunWriter:
    """Writes the files of a run as its chunks come in game order (a sink for ``backends.run``).

    It first removes this tool's files left from an earlier run in the directory, so that a
    directory never mixes two runs. ``finish`` writes ``meta.json``; ``abort`` removes what was
    written (a run that could not finish leaves nothing half written).
    """

    def __init__(
        self,
        directory: Path,
        fmt: str,
        fixed: Sequence[str],
        spec: GameSpec,
        data_set: str | None = None,
    ) -> None:
        if fmt not in FORMATS:
            raise ValueError(f"unknown results format {fmt!r}; use {' or '.join(FORMATS)}")
        self.directory = directory
        self.fmt = fmt
        self.fixed = tuple(fixed)
        self.comments = notice_lines(spec, data_set)
        directory.mkdir(parents=True, exist_ok=True)
        for name in _OWN_FILES:
            (directory / name).unlink(missing_ok=True)
        rows_name = "results.jsonl" if fmt == "jsonl" else _SPOOL
        self._rows = self._open(rows_name)
        self._games = self._open("games.jsonl")
        self._records: IO[str] | None = None
        self._errors: IO[str] | None = None

    def _open(self, name: str) -> IO[str]:
        return (self.directory / name).open("w", encoding="utf-8", newline="\n")

    def __call__(self, chunk: ChunkResult) -> None:
        _write_lines(self._rows, chunk.rows)
        _write_lines(self._games, chunk.games)
        if chunk.records:
            if self._records is None:
                self._records = self._open("records.jsonl")
            _write_lines(self._records, chunk.records)
        if chunk.errors:
            if self._errors is None:
                self._errors = self._open("errors.jsonl")
            _write_lines(self._errors, chunk.errors)

    def _close(self) -> None:
        for f in (self._rows, self._games, self._records, self._errors):
            if f is not None:
                f.close()

    def finish(self, meta: dict[str, Any]) -> None:
        self._close()
        if self.fmt == "csv":
            spool = self.directory / _SPOOL
            rows = partial(_spooled, spool)  # read twice: for the header, then the rows
            write_csv(self.directory / "results.csv", rows, self.fixed, self.comments)
            spool.unlink()
        text = json.dumps(meta, indent=2, ensure_ascii=False) + "\n"
        (self.directory / "meta.json").write_text(text, encoding="utf-8")

    def abort(self) -> None:
        self._close()
        for name in _OWN_FILES:
            (self.directory / name).unlink(missing_ok=True)


def _write_lines(f: IO[str], values: Iterable[Any]) -> None:
    for v in values:
        f.write(_line(v) + "\n")


def _spooled(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        for text in f:
            value: dict[str, Any] = json.loads(text)
            yield value


def write_csv(
    path: Path,
    rows: Callable[[], Iterable[dict[str, Any]]],
    fixed: Sequence[str],
    comments: Sequence[str] = (),
) -> None:
    """``results.csv``: ``#`` comment lines, the header (``fixed`` first, then every other
    column in first-seen order) and the rows. ``rows()`` gives the rows afresh: it is called
    twice, once for the header and once for the rows, so they need not be in memory."""
    columns = column_order(rows(), fixed)
    with path.open("w", encoding="utf-8", newline="") as f:
        for comment in comments:
            f.write(f"# {comment}\n")
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(columns)
        for row in rows():
            writer.writerow([encode_csv_value(row.get(c)) for c in columns])


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
    """``meta.json``: what was run (the game, the config, every rules parameter), how, and how
    fast."""
    spec = config.spec
    info = spec.info
    mode = config.resolved_mode()
    overrides, every = sim_plugin(config.game).params(config.params)
    return {
        "kind": kind,
        "command": ["iridescia", *argv],
        "game": info.name,
        "game_title": info.title,
        "mode": mode.name,
        "mode_title": mode.title,
        "cooperative": mode.cooperative,
        "rules_version": info.rules_version,
        "data_set": config.data_set(),
        "notice": info.notice,
        "iridescia_version": __version__,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "versions": {p: _version(p) for p in ("rich", "matplotlib", "openskill", "ray", "numpy")},
        "started": started,
        "finished": now(),
        "seconds": round(outcome.seconds, 3),
        "games_per_second": round(outcome.games_per_second, 2),
        "games_played": outcome.played,
        "errors": len(outcome.errors),
        "chunks": outcome.chunks,
        "run": run,
        "config": {**config.to_json(), "mode": mode.name},
        # Every rules parameter when the game's sim plug-in knows them, else the changed ones.
        "rules_params": every if every is not None else overrides,
        "rules_params_complete": every is not None,
        **sim_plugin(config.game).meta(),
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


def _read_csv(path: Path, plugin: SimPlugin) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8", newline="") as f:
        lines = list(f)
    skipped = 0
    while skipped < len(lines) and lines[skipped].startswith("#"):
        skipped += 1  # the game's notice, before the header
    reader = csv.DictReader(lines[skipped:])
    rows = []
    for n, raw in enumerate(reader, skipped + 2):
        try:
            rows.append(decode_csv_row(raw, plugin.kinds))
        except ValueError as exc:
            raise RunDirError(f"{path}: line {n}: {exc}") from None
    return rows


def load_run(directory: str | Path, game: str | None = None) -> Run:
    """Read a run directory written by ``simulate`` or ``tournament`` (``game``, when given,
    must be the run's game)."""
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
    name = str(meta.get("game") or DEFAULT_GAME)
    if game is not None and game != name:
        raise RunDirError(f"{path} is a run of {name!r}, not {game!r}")
    try:
        get_game(name)
    except ValueError as exc:
        raise RunDirError(f"{meta_path}: {exc}") from None
    plugin = sim_plugin(name)
    jsonl, csv_path = path / "results.jsonl", path / "results.csv"
    if jsonl.is_file():
        rows = _read_lines(jsonl)
    elif csv_path.is_file():
        rows = _read_csv(csv_path, plugin)
    else:
        raise RunDirError(f"{path} has no results.jsonl or results.csv")
    required = plugin.required_columns()
    for n, row in enumerate(rows, 1):
        try:
            check_row(row, n, required, plugin.kinds)
        except ValueError as exc:
            raise RunDirError(f"{path}: results {exc}") from None
    games_path = path / "games.jsonl"
    games = _read_lines(games_path) if games_path.is_file() else []
    if not rows:
        raise RunDirError(f"{path} holds no results (every game failed? see errors.jsonl)")
    return Run(path, meta, rows, games)
