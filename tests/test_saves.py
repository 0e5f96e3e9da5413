"""Games at the terminal are never lost: autosave, ``play --continue``, ``iridescia games``, the
language remembered.

Every test has a per-user folder of its own (``IRIDESCIA_HOME``, set by ``conftest``); the tests
that look into it set it to their ``tmp_path``. The killed-process test runs the real command
line (``python -m iridescia.cli``) with piped input and kills it with SIGKILL.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

import iridescia
from iridescia.cli import main
from iridescia.core.game import Game
from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games import get as get_game
from iridescia.tui import Messages, saves, scripted_input
from iridescia.tui.saved_games import game_text, seats_text, state_text
from iridescia.tui.saves import Autosaver, GameFolder, games_folder, write_atomically
from iridescia.tui.settings import Settings, locale_language, settings_path

SOURCE = Path(iridescia.__file__).resolve().parents[1]  # the package these tests import
PROMPT = re.compile(r"help\]> ")  # a person's action prompt (piped: printed once per read)
WAIT_LIMIT = 120.0  # seconds a subprocess may take to reach a prompt before the test gives up


def console(width: int = 300) -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=width, color_system=None), buf


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("IRIDESCIA_HOME", str(tmp_path))
    return tmp_path


def kept_files(home: Path) -> list[Path]:
    """The games kept (not a temporary file a killed write may have left beside them)."""
    folder = home / "games"
    return sorted(p for p in folder.glob("*.json")) if folder.is_dir() else []


def clock(start: datetime) -> Iterator[datetime]:
    moment = start
    while True:
        yield moment
        moment += timedelta(minutes=1)


def ticking(start: datetime) -> saves.Clock:
    times = clock(start)
    return lambda: next(times)


def played(game: str, players: int, seed: int, actions: int | None = None) -> Game:
    """A game of ``game`` after ``actions`` random actions (to the end when None)."""
    spec = get_game(game)
    played_game = spec.new(players, seed)
    rng = Rng(seed)
    while not played_game.is_terminal() and (actions is None or actions > 0):
        legal = played_game.legal_actions()
        played_game.apply(legal[rng.below(len(legal))])
        actions = None if actions is None else actions - 1
    return played_game


def keep(folder: GameFolder, game: Game, seats: tuple[str, ...]) -> Path:
    autosave = Autosaver(folder, game)
    autosave(game.record(with_hashes=True, seats=seats), game.is_terminal())
    assert autosave.failure is None
    return autosave.path


# ---------------------------------------------------------------- autosave


def test_autosave_writes_after_each_action(home: Path) -> None:
    counts: list[int] = []

    def read(prompt: str) -> str:
        files = kept_files(home)
        counts.append(len(GameRecord.load(files[0]).actions) if files else 0)
        return "1" if len(counts) <= 4 else "quit"

    out, buf = console()
    assert main(["play", "--seat", "2=random", "--seed", "21"], console=out, read=read) == 0
    assert len(counts) == 5
    assert all(b > a for a, b in pairwise(counts)), counts
    (path,) = kept_files(home)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["seats"] == ["human", "random"]
    assert data["saved"]["finished"] is False and data["saved"]["mode"] == "standard"
    assert re.fullmatch(r"\d{8}-\d{6}-gems-of-iridescia-\d{4}\.json", path.name)
    assert "pick it up with: iridescia play --continue" in buf.getvalue()
    record = GameRecord.load(path)  # a plain record as well: it replays to its hashes
    assert len(record.actions) == counts[-1]
    get_game(record.game).from_record(record)


def test_no_autosave_and_games_of_bots_keep_nothing(home: Path) -> None:
    out, buf = console()
    argv = ["play", "--seat", "2=random", "--seed", "21", "--no-autosave"]
    assert main(argv, console=out, read=scripted_input(["1", "quit", "n"], out)) == 0
    assert "Save before quitting?" in buf.getvalue()
    bots = ["play", "--seat", "1=random", "--seat", "2=random", "--seed", "4"]
    assert main(bots, console=console()[0], read=scripted_input([])) == 0
    assert kept_files(home) == []


def test_the_kept_file_replays_loads_and_keeps_being_written(home: Path) -> None:
    out, _ = console()
    argv = ["play", "--seat", "2=random", "--seed", "21"]
    assert main(argv, console=out, read=scripted_input(["1", "1", "quit"])) == 0
    (path,) = kept_files(home)
    before = GameRecord.load(path)
    assert main(["replay", str(path)], console=console()[0], read=scripted_input(["q"])) == 0
    # --load of a file of the folder goes on writing to it (no second file).
    loaded = ["play", "--load", str(path)]
    assert main(loaded, console=console()[0], read=scripted_input(["1", "quit"])) == 0
    (again,) = kept_files(home)
    after = GameRecord.load(again)
    assert again == path and after.actions[: len(before.actions)] == before.actions
    assert len(after.actions) > len(before.actions)


# ---------------------------------------------------------------- a killed process


def _wait_for_prompts(output: Path, count: int, process: subprocess.Popen[str]) -> None:
    """Wait until the game has printed its ``count``-th action prompt (it then waits for a
    line, every earlier change already kept)."""
    deadline = time.monotonic() + WAIT_LIMIT
    while True:
        text = output.read_text(encoding="utf-8", errors="replace")
        if len(PROMPT.findall(text)) >= count:
            return
        if process.poll() is not None:
            pytest.fail(f"the game ended early ({process.returncode}):\n{text[-3000:]}")
        if time.monotonic() > deadline:
            pytest.fail(f"no prompt {count} after {WAIT_LIMIT} s:\n{text[-3000:]}")
        time.sleep(0.05)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_game_continues_where_it_was_left(home: Path) -> None:
    env = dict(os.environ, PYTHONUNBUFFERED="1", COLUMNS="120")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SOURCE), env.get("PYTHONPATH")]))
    output = home / "output.txt"
    argv = [sys.executable, "-m", "iridescia.cli", "play", "--seat", "2=random", "--seed", "21"]
    with output.open("w", encoding="utf-8") as transcript:
        process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=transcript,
            stderr=subprocess.STDOUT,
            env=env,
            text=True,
        )
        try:
            assert process.stdin is not None
            _wait_for_prompts(output, 1, process)
            for batch in range(1, 4):  # three actions at a time, each batch read to the end
                process.stdin.write("1\n1\n1\n")
                process.stdin.flush()
                _wait_for_prompts(output, 1 + 3 * batch, process)
            (path,) = kept_files(home)
            waiting = GameRecord.load(path)
            process.stdin.write("1\n1\n")  # two more on their way when the process dies
            process.stdin.flush()
            process.send_signal(signal.SIGKILL)
            process.wait()
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    assert process.returncode == -signal.SIGKILL
    (path,) = kept_files(home)
    left = GameRecord.load(path)  # complete, whenever the kill came
    assert left.actions[: len(waiting.actions)] == waiting.actions
    left_hash = get_game(left.game).from_record(left).state_hash()  # checks every stored hash
    assert left.hashes[-1] == left_hash

    out, buf = console()
    seen: list[str] = []

    def read(prompt: str) -> str:
        seen.append(buf.getvalue())
        return "quit"

    assert main(["play", "--continue"], console=out, read=read) == 0
    assert f"Resumed {path} after {len(left.actions)} actions" in seen[0]
    (same,) = kept_files(home)
    resumed = GameRecord.load(same)
    assert same == path and resumed.actions == left.actions and resumed.seats == left.seats
    assert get_game(resumed.game).from_record(resumed).state_hash() == left_hash

    # The continued game keeps writing to the same file.
    assert main(["play", "--continue"], console=console()[0], read=scripted_input(["1"])) == 0
    (still,) = kept_files(home)
    assert len(GameRecord.load(still).actions) > len(left.actions)


# ---------------------------------------------------------------- --continue


def test_continue_with_nothing_to_continue_says_so(home: Path) -> None:
    out, buf = console()
    assert main(["play", "--continue"], console=out, read=scripted_input([])) == 2
    assert f"No unfinished game to continue in {home / 'games'}" in buf.getvalue()
    folder = GameFolder(home / "games")
    keep(folder, played("gems-of-iridescia", 2, 3), ("human", "random"))  # finished only
    out, buf = console()
    assert main(["play", "--continue"], console=out, read=scripted_input([])) == 2
    assert "No unfinished game to continue" in buf.getvalue()
    out, buf = console()
    assert main(["play", "--continue", "1"], console=out, read=scripted_input([])) == 2
    assert "Game 1 is finished: iridescia games replay 1" in buf.getvalue()
    out, buf = console()
    assert main(["games", "continue", "7"], console=out, read=scripted_input([])) == 2
    assert "There is no game 7: the list has 1" in buf.getvalue()


def test_continue_n_takes_the_games_list_number(home: Path) -> None:
    folder = GameFolder(home / "games", clock=ticking(datetime(2026, 1, 2, tzinfo=UTC)))
    older = keep(folder, played("gems-of-iridescia", 2, 5, 6), ("human", "random"))
    keep(folder, played("gem-rush", 2, 5, 4), ("human", "human"))
    out, buf = console()
    argv = ["games", "continue", "2"]
    assert main(argv, console=out, read=scripted_input(["quit"])) == 0
    assert f"Resumed {older} after 6 actions" in buf.getvalue()
    out, buf = console()
    assert main(["play", "--continue", "2", "--seed", "3"], console=out) == 2


# ---------------------------------------------------------------- iridescia games


def _folder_of_every_kind(home: Path) -> GameFolder:
    """Oldest to newest: a foreign file, a plain record, a finished game, a malformed file,
    a cooperative loss, an unfinished solo game."""
    folder = GameFolder(home / "games", clock=ticking(datetime(2026, 3, 1, tzinfo=UTC)))
    folder.path.mkdir(parents=True)
    foreign = folder.path / "notes.json"
    foreign.write_text('{"hello": "world"}', encoding="utf-8")
    plain = folder.path / "copied.json"
    played("gems-of-iridescia", 3, 9).record(seats=("human", "greedy", "random")).save(plain)
    for n, path in enumerate((foreign, plain)):
        moment = datetime(2026, 2, 1 + n, tzinfo=UTC).timestamp()
        os.utime(path, (moment, moment))
    keep(folder, played("gems-of-iridescia", 2, 3), ("human", "random"))
    broken = folder.path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    moment = datetime(2026, 3, 1, 0, 1, 30, tzinfo=UTC).timestamp()
    os.utime(broken, (moment, moment))
    keep(folder, played("gem-rush", 2, 1), ("human", "human"))
    solo = get_game("gems-of-iridescia").new(1, 4, mode="solo")
    keep(folder, solo, ("human", "rhom"))
    return folder


def test_games_lists_every_file_newest_first_in_80_columns(home: Path) -> None:
    folder = _folder_of_every_kind(home)
    games = folder.games()
    assert [g.unfinished for g in games] == [True, False, False, False, False, False]
    assert games[2].record is None and games[5].record is None  # broken, foreign
    out, buf = console(width=200)
    assert main(["games"], console=out) == 0
    text = buf.getvalue()
    assert all(cell_len(line) <= 80 for line in text.splitlines()), text
    assert str(folder.path) in text
    rows = re.findall(r"^ *(\d+) +\d{4}-\d\d-\d\d ", text, flags=re.MULTILINE)
    assert rows == ["1", "2", "3", "4", "5", "6"]
    for words in ("in progress, 0 actions", "human, Rhom", "lost together", "unreadable"):
        assert words in text, words
    msgs = Messages("en")
    assert seats_text(games[4], msgs) == "human, greedy, random"  # a plain record
    assert state_text(games[3], msgs).plain.startswith("won by Seat ")
    assert game_text(games[0], msgs) == "Gems of Iridescia\nSolo expedition against the Rhom"
    assert state_text(games[5], msgs).plain.startswith("unreadable: not a game record")
    out, buf = console(width=200)
    assert main(["games", "--lang", "ja"], console=out) == 0
    text = buf.getvalue()
    assert all(cell_len(line) <= 80 for line in text.splitlines()), text
    assert "イリデシアの宝石" in text and "読み込めません" in text


def test_games_replay_and_delete(home: Path) -> None:
    folder = _folder_of_every_kind(home)
    out, buf = console()
    assert main(["games", "replay", "4"], console=out, read=scripted_input(["", "q"])) == 0
    assert "Replay of a 2-player game, seed 3" in buf.getvalue()
    out, buf = console()
    assert main(["games", "replay", "3"], console=out, read=scripted_input([])) == 1
    assert "Cannot load" in buf.getvalue() and "broken.json" in buf.getvalue()
    assert main(["games", "replay", "9"], console=console()[0]) == 2

    broken = folder.path / "broken.json"
    out, buf = console()
    assert main(["games", "delete", "3"], console=out, read=scripted_input(["n"])) == 0
    assert broken.exists() and "Nothing deleted" in buf.getvalue()
    assert main(["games", "delete", "3"], console=out, read=scripted_input(["y"])) == 0
    assert not broken.exists() and len(folder.games()) == 5


def test_finished_games_are_capped_oldest_first_never_unfinished(home: Path) -> None:
    folder = GameFolder(
        home / "games", keep_finished=2, clock=ticking(datetime(2026, 4, 1, tzinfo=UTC))
    )
    unfinished = keep(folder, played("gems-of-iridescia", 2, 1, 5), ("human", "random"))
    finished = [keep(folder, played("gem-rush", 2, s), ("human", "human")) for s in (1, 2, 3)]
    assert sorted(kept_files(home)) == sorted([unfinished, *finished[1:]])
    Path(home / "settings.json").write_text('{"keep_finished": 1}', encoding="utf-8")
    assert Settings.load(settings_path()).keep_finished == 1


# ---------------------------------------------------------------- language


def test_the_language_is_remembered_across_runs(home: Path) -> None:
    out, buf = console()
    assert main(["games", "--lang", "fr"], console=out) == 0
    assert "Aucune partie conservée" in buf.getvalue()
    out, buf = console()
    assert main(["games"], console=out) == 0
    assert "Aucune partie conservée" in buf.getvalue()
    assert json.loads((home / "settings.json").read_text(encoding="utf-8")) == {"lang": "fr"}
    out, buf = console()
    argv = ["play", "--seat", "2=random", "--seed", "2", "--lang", "ja"]
    assert main(argv, console=out, read=scripted_input(["quit"])) == 0
    out, buf = console()
    assert main(["games"], console=out) == 0
    assert "保存されたゲーム" in buf.getvalue()


def test_without_a_choice_the_locale_decides(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    out, buf = console()
    assert main(["games"], console=out) == 0
    assert "まだゲームがありません" in buf.getvalue()
    monkeypatch.setenv("LC_ALL", "fr_CA.UTF-8")  # LC_ALL comes before LANG
    assert locale_language() == "fr"
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")  # a language without a catalogue: English
    out, buf = console()
    assert main(["games"], console=out) == 0
    assert "No games kept" in buf.getvalue()
    assert locale_language({"LANG": "C"}) is None and locale_language({}) is None
    assert main(["games", "--lang", "en"], console=console()[0]) == 0
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")  # a remembered choice beats the locale
    out, buf = console()
    assert main(["games"], console=out) == 0
    assert "No games kept" in buf.getvalue()


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"lang": "xx"}', "\udcff"])
def test_a_malformed_settings_file_is_ignored_with_a_warning(home: Path, content: str) -> None:
    (home / "settings.json").write_text(content, encoding="utf-8", errors="surrogateescape")
    out, buf = console()
    assert main(["games"], console=out) == 0
    assert "Settings ignored" in buf.getvalue() and "No games kept" in buf.getvalue()
    assert main(["games", "--lang", "fr"], console=console()[0]) == 0  # written afresh
    assert Settings.load(home / "settings.json").lang == "fr"


def test_the_folders_follow_iridescia_home_else_xdg() -> None:
    home = {"IRIDESCIA_HOME": "/h"}
    assert games_folder(home) == Path("/h/games")
    assert settings_path(home) == Path("/h/settings.json")
    xdg = {"XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c"}
    assert games_folder(xdg) == Path("/d/iridescia/games")
    assert settings_path(xdg) == Path("/c/iridescia/settings.json")
    assert games_folder({}) == Path("~/.local/share/iridescia/games").expanduser()
    assert settings_path({}) == Path("~/.config/iridescia/settings.json").expanduser()


# ---------------------------------------------------------------- atomic writes, failures


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_write_that_fails_midway_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    path = tmp_path / "game.json"
    write_atomically(path, "the old game\n")

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, fail)
    with pytest.raises(OSError):
        write_atomically(path, "the new game, half written\n" * 1000)
    assert path.read_text(encoding="utf-8") == "the old game\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_an_autosave_that_cannot_write_never_stops_the_game(home: Path) -> None:
    (home / "games").write_text("a file where the folder should be", encoding="utf-8")
    out, buf = console()
    argv = ["play", "--seat", "2=random", "--seed", "21"]
    assert main(argv, console=out, read=scripted_input(["1", "quit", "n"], out)) == 0
    assert "Games cannot be kept in" in buf.getvalue()
    assert "Save before quitting?" in buf.getvalue()  # without autosave, quitting asks
    folder = GameFolder(home / "games")
    game = played("gems-of-iridescia", 2, 3, 4)
    autosave = Autosaver(folder, game, path=home / "games" / "x.json")
    autosave(game.record(), False)
    assert autosave.failure is not None


def test_a_write_failing_during_the_game_is_said_after_it(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "write_atomically", fail)
    out, buf = console()
    argv = ["play", "--seat", "2=random", "--seed", "21"]
    assert main(argv, console=out, read=scripted_input(["1", "1", "quit"])) == 0
    text = " ".join(buf.getvalue().split())
    assert "This game could not be kept in" in text and "No space left on device" in text


# ---------------------------------------------------------------- Ctrl+C


def test_ctrl_c_before_the_game_and_in_games_leaves_with_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def interrupt(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr("iridescia.tui.commands.Settings.load", interrupt)
        out, buf = console()
        assert main(["play", "--lang", "fr"], console=out) == 130
        assert buf.getvalue().strip() == "Interrompu."
    monkeypatch.setattr(GameFolder, "games", interrupt)
    out, buf = console()
    assert main(["games"], console=out) == 130
    assert buf.getvalue().strip() == "Interrupted."
    out, buf = console()
    assert main(["games", "delete", "1"], console=out) == 130
    assert "Traceback" not in buf.getvalue()
