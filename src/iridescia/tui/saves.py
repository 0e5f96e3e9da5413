"""The games folder: every game people play at the terminal, kept as it goes (autosave).

Where: ``$IRIDESCIA_HOME/games`` when ``IRIDESCIA_HOME`` is set, else
``$XDG_DATA_HOME/iridescia/games`` (``~/.local/share/iridescia/games`` by default). One file per
game, named by its start time and its game (``20261124-063512-gems-of-iridescia-1234.json``:
listed by name, the files are in the order the games began; the last four digits keep two games
begun in the same second apart).

A file is a game record (``GameRecord.to_json``) with one more key, ``"saved"``, which holds what
a listing shows without replaying the game: when it began and was last saved, its mode, its
automa seats, whether it is finished and, once it is, its result. ``GameRecord`` ignores keys it
does not know, so each file is a complete record on its own: ``iridescia replay FILE`` and
``iridescia play --load FILE`` read it as they read any record.

Every write replaces the file atomically (``write_atomically``: a temporary file in the same
folder, flushed to disk, then ``os.replace``), so a process killed at any moment leaves either
the previous complete file or the new one. The folder keeps at most ``keep_finished`` finished
games (the oldest finished go first); an unfinished game is never removed but by
``GameFolder.delete``. Reading the folder never fails because of one file: a file that is not a
readable record (malformed, foreign, too large) is listed with the reason it cannot be read.
Two processes playing the same game file at once are not coordinated: the last write wins.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Final, TypeGuard

from iridescia.core.errors import RecordError
from iridescia.core.game import Game, GameSpec, Outcome
from iridescia.core.record import GameRecord
from iridescia.games import get as get_game

KEEP_FINISHED: Final = 200  # finished games kept by default (settings: "keep_finished")
SAVED_KEY: Final = "saved"  # the record key that holds the listing's summary
MAX_FILE_BYTES: Final = 50_000_000  # a larger file in the folder is not a game we wrote
Clock = Callable[[], datetime]


def local_now() -> datetime:
    """Now, in the local time zone (what the listing shows)."""
    return datetime.now().astimezone()


def user_folder(environ: Mapping[str, str], xdg_variable: str, default: str) -> Path:
    """The per-user folder: ``$IRIDESCIA_HOME``, else ``$<xdg_variable>/iridescia`` (the XDG
    base directory, ``~/<default>`` when the variable is unset or empty)."""
    home = environ.get("IRIDESCIA_HOME", "")
    if home:
        return Path(home).expanduser()
    base = environ.get(xdg_variable, "") or str(Path("~", default))
    return Path(base).expanduser() / "iridescia"


def games_folder(environ: Mapping[str, str] | None = None) -> Path:
    """Where the games are kept (see the module's docstring)."""
    env = os.environ if environ is None else environ
    return user_folder(env, "XDG_DATA_HOME", ".local/share") / "games"


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that, whatever happens, it holds either its previous
    content or all of ``text``: written to a temporary file beside it, flushed to disk, then
    renamed over it. The temporary file is removed when anything fails (OSError is raised)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(path.parent)
    # A process killed mid-write leaves its temporary file: the next write clears it.
    for leftover in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        with contextlib.suppress(OSError):
            leftover.unlink()


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry of a renamed file to disk (POSIX; elsewhere a no-op)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@dataclass(frozen=True, slots=True)
class Result:
    """How a kept game ended: each seat's score and the winning seats (0-based)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    cooperative: bool = False
    team_score: int | None = None
    target: int | None = None


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One file of the games folder, as a listing sees it. ``record`` is None when the file
    cannot be read (``problem`` says why); ``finished`` is None for a plain record that could
    not be replayed to tell."""

    path: Path
    started: datetime
    updated: datetime
    record: GameRecord | None = None
    problem: str | None = None
    finished: bool | None = None
    mode: str = ""
    automa_seats: tuple[int, ...] = ()
    result: Result | None = None

    @property
    def actions(self) -> int:
        return len(self.record.actions) if self.record is not None else 0

    @property
    def unfinished(self) -> bool:
        return self.record is not None and self.finished is False


class GameFolder:
    """The games folder at ``path``: listing, writing and bounding its files."""

    def __init__(
        self, path: Path, keep_finished: int = KEEP_FINISHED, clock: Clock = local_now
    ) -> None:
        self.path = path
        self.keep_finished = keep_finished
        self.clock = clock

    def games(self) -> list[SavedGame]:
        """Every file of the folder, the most recently saved first (OSError only when the
        folder itself cannot be read; an absent folder holds no games)."""
        if not self.path.is_dir():
            return []
        found = [
            read_saved_game(entry)
            for entry in self.path.iterdir()
            if not entry.name.startswith(".") and entry.is_file()
        ]
        found.sort(key=lambda g: (g.updated, g.started, g.path.name), reverse=True)
        return found

    def new_file(self, game: str, started: datetime) -> Path:
        """A free file name for a game of ``game`` begun at ``started``."""
        stamp = started.strftime("%Y%m%d-%H%M%S")
        while True:
            tag = int.from_bytes(os.urandom(2), "big") % 10_000
            path = self.path / f"{stamp}-{game}-{tag:04d}.json"
            if not path.exists():
                return path

    def keep(self, path: Path, record: GameRecord, summary: Mapping[str, Any]) -> None:
        """Write ``record`` with its listing ``summary`` to ``path`` (atomically); after a
        finished game, remove the oldest finished ones beyond ``keep_finished``."""
        data = record.to_json()
        data[SAVED_KEY] = dict(summary)
        write_atomically(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        if summary.get("finished") is True:
            with contextlib.suppress(OSError):  # housekeeping: the game itself is safe
                self.prune()

    def prune(self) -> list[Path]:
        """Remove the oldest finished games beyond ``keep_finished``; returns their paths."""
        finished = [g for g in self.games() if g.record is not None and g.finished is True]
        removed = []
        for game in finished[max(self.keep_finished, 0) :]:
            with contextlib.suppress(FileNotFoundError):
                game.path.unlink()
            removed.append(game.path)
        return removed

    def delete(self, game: SavedGame) -> None:
        """Remove one file of the folder (a game the player chose to delete)."""
        game.path.unlink(missing_ok=True)


def read_saved_game(path: Path) -> SavedGame:
    """The file at ``path`` as a listing sees it; never raises for what the file holds."""
    try:
        stat = path.stat()
        modified = datetime.fromtimestamp(stat.st_mtime).astimezone()
    except OSError as exc:
        now = local_now()
        return SavedGame(path, now, now, problem=exc.strerror or str(exc))
    if stat.st_size > MAX_FILE_BYTES:
        return SavedGame(path, modified, modified, problem=f"larger than {MAX_FILE_BYTES} bytes")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        record = GameRecord.from_json(data)
    except (OSError, UnicodeDecodeError, ValueError, RecordError) as exc:
        return SavedGame(path, modified, modified, problem=_reason(exc))
    summary = data.get(SAVED_KEY)
    if not isinstance(summary, dict):
        return _plain_record(path, record, modified)
    started = _time(summary.get("started"), modified)
    automa = summary.get("automa_seats")
    return SavedGame(
        path,
        started,
        _time(summary.get("updated"), started),
        record,
        finished=summary.get("finished") is True,
        mode=str(summary.get("mode", "")),
        automa_seats=tuple(automa) if _ints(automa) else (),
        result=_result(summary.get("result")),
    )


def _plain_record(path: Path, record: GameRecord, modified: datetime) -> SavedGame:
    """A record written by someone else (``save`` to this folder, a copy): replayed to tell
    whether it is finished; one that does not replay is unreadable."""
    try:
        game = get_game(record.game).from_record(record)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        return SavedGame(path, modified, modified, problem=_reason(exc))
    summary = summary_of(game, modified, modified)
    return SavedGame(
        path,
        modified,
        modified,
        record,
        finished=game.is_terminal(),
        mode=game.mode,
        automa_seats=tuple(game.automa_seats),
        result=_result(summary.get("result")),
    )


def summary_of(game: Game, started: datetime, updated: datetime) -> dict[str, Any]:
    """The ``"saved"`` object of ``game``'s file (see the module's docstring)."""
    outcome = game.outcome() if game.is_terminal() else None
    return summary(game.spec, game.mode, game.automa_seats, started, updated, outcome)


def summary(
    spec: GameSpec,
    mode: str,
    automa_seats: tuple[int, ...],
    started: datetime,
    updated: datetime,
    outcome: Outcome | None,
) -> dict[str, Any]:
    """The ``"saved"`` object of a game of ``spec`` (``outcome`` once it is finished)."""
    result: dict[str, Any] | None = None
    if outcome is not None:
        result = {
            "scores": list(outcome.scores),
            "winners": list(outcome.winners),
            "cooperative": spec.info.mode(mode).cooperative,
            "team_score": outcome.team_score,
            "target": outcome.target,
        }
    return {
        "by": "iridescia play",
        "started": started.isoformat(timespec="milliseconds"),
        "updated": updated.isoformat(timespec="milliseconds"),
        "mode": mode,
        "automa_seats": list(automa_seats),
        "finished": outcome is not None,
        "result": result,
    }


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc) or type(exc).__name__


def _time(value: object, default: datetime) -> datetime:
    if not isinstance(value, str):
        return default
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return default
    return moment if moment.tzinfo is not None else moment.astimezone()


def _ints(value: object) -> TypeGuard[list[int]]:
    return isinstance(value, list) and all(
        isinstance(x, int) and not isinstance(x, bool) for x in value
    )


def _result(value: object) -> Result | None:
    """A summary's ``result``, or None when it is absent or malformed."""
    if not isinstance(value, dict):
        return None
    scores, winners = value.get("scores"), value.get("winners")
    if not _ints(scores) or not _ints(winners):
        return None
    team, target = value.get("team_score"), value.get("target")
    return Result(
        tuple(scores),
        tuple(winners),
        cooperative=value.get("cooperative") is True,
        team_score=team if isinstance(team, int) and not isinstance(team, bool) else None,
        target=target if isinstance(target, int) and not isinstance(target, bool) else None,
    )


class Autosaver:
    """A ``PlaySession``'s ``autosave``: keeps one game's file up to date.

    Called with the record after every change; writes when the record differs from the one
    last written (so the first call always writes: a continued game becomes the most recent).
    Only a finished game is replayed (for its outcome); the mode and the automa seats are the
    game's from the start. A write that fails is remembered in ``failure`` (the game goes on
    and the next change tries again): the command line says so once the session is over."""

    def __init__(
        self,
        folder: GameFolder,
        game: Game,
        *,
        path: Path | None = None,
        started: datetime | None = None,
    ) -> None:
        self.folder = folder
        self.spec = game.spec
        self.mode = game.mode
        self.automa_seats = tuple(game.automa_seats)
        self.started = started or folder.clock()
        self.path = path or folder.new_file(self.spec.info.name, self.started)
        self.failure: str | None = None
        self.last: tuple[tuple[str, ...], bool] | None = None

    @staticmethod
    def resume(folder: GameFolder, saved: SavedGame, game: Game) -> Autosaver:
        """Keep writing a continued game to its own file (its start time kept)."""
        return Autosaver(folder, game, path=saved.path, started=saved.started)

    def __call__(self, record: GameRecord, finished: bool) -> None:
        if self.last == (record.actions, finished):
            return
        outcome = None
        if finished:
            try:
                outcome = self.spec.from_record(record).outcome()
            except ValueError as exc:  # the session's own record: cannot happen; never crash
                self.failure = str(exc)
                return
        now = self.folder.clock()
        saved = summary(self.spec, self.mode, self.automa_seats, self.started, now, outcome)
        try:
            self.folder.keep(self.path, record, saved)
        except OSError as exc:
            self.failure = _reason(exc)
            return
        self.failure = None
        self.last = (record.actions, finished)
