"""The terminal's window: the alternate screen and the scrollback, sizes, the message area,
resizing, undo, and whole games at 80x24 and 120x40 in every language.

Most tests drive ``PlaySession`` with a ``Console`` that says it is a terminal
(``force_terminal``), writing to a ``StringIO``: each frame begins with the clearing sequence,
so the frames can be cut apart and measured. One test plays a hot-seat game in a real terminal
(tmux, on its own server socket) and reads the terminal's whole history back.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

from iridescia.core.rng import Rng
from iridescia.games.iridescia import OBJECTIVE_BY_ID, Game, Options
from iridescia.match import Seating
from iridescia.tui import Messages, PlaySession, ReplaySession, scripted_input
from iridescia.tui.display import CLEAR, Display, Resized

LEAVE = "\x1b[?1049l"  # the alternate screen's end
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


def frames(output: str) -> list[list[str]]:
    """The frames a session drew in its window (cut at each clearing), as plain lines."""
    parts = output.split(LEAVE)[0].split(CLEAR)[1:]
    return [ANSI.sub("", part).split("\n") for part in parts]


def terminal(width: int, height: int) -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=width, height=height, force_terminal=True), buf


def random_player(game: object, seed: int, limit: int = 2000) -> Callable[[str], str]:
    """Answers every prompt with a random legal action's number (Enter for other prompts)."""
    rng = Rng(seed)
    count = {"n": 0}

    def read(prompt: str) -> str:
        count["n"] += 1
        if count["n"] > limit:
            raise EOFError
        decision = game.decision()  # type: ignore[attr-defined]
        if decision is None or "[" not in prompt:
            return ""
        return str(rng.below(len(decision.actions)) + 1)

    return read


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_a_game_plays_to_the_end_and_every_frame_fits_the_window(
    lang: str, width: int, height: int
) -> None:
    out, buf = terminal(width, height)
    game = Game.new(2, 31, Options(rhom=True))
    session = PlaySession(
        game, ["human", "greedy", "rhom"], out, random_player(game, 5), Messages(lang), pause=True
    )
    assert session.run() == 0
    assert game.is_terminal()
    drawn = frames(buf.getvalue())
    assert len(drawn) > 20
    for frame in drawn:
        # The body, the two message lines, then the prompt's line: never more than the window.
        assert len(frame) <= height + 1, frame
        for line in frame:
            assert cell_len(line) <= width, line
    # The last frame is the final screen (before the window closes and the scores are
    # printed again on the normal screen).
    tail = ANSI.sub("", buf.getvalue().split(LEAVE)[-1])
    assert Messages(lang)("score.title") in tail


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_the_compact_layout_shows_the_map_the_decision_and_the_keys(lang: str) -> None:
    out, buf = terminal(80, 24)
    game = Game.new(2, 3)
    msgs = Messages(lang)
    PlaySession(game, ["human", "random"], out, scripted_input(["quit"]), msgs).run()
    frame = frames(buf.getvalue())[-1]
    text = "\n".join(frame)
    assert "53" in frame[0]  # the Castle row on top
    assert msgs("tui.panel.p") in text and msgs("tui.panel.o") in text
    decision = game.decision()
    assert decision is not None
    prompt = msgs.get(f"tui.decision.{decision.kind}", decision.prompt)
    assert prompt in frame[18]  # the decision right under the map, then numbered actions
    assert frame[19].startswith(" 1 "), frame


def test_panels_open_by_key_and_close_with_enter() -> None:
    out, buf = terminal(80, 24)
    game = Game.new(2, 3, Options(first_player=0))
    lines = ["o", "", "p", "a", "", "quit"]
    PlaySession(game, ["human", "random"], out, scripted_input(lines), Messages()).run()
    drawn = ["\n".join(f) for f in frames(buf.getvalue())]
    mine = [OBJECTIVE_BY_ID[i].name for i in game.state.players[0].objectives]
    objectives, closed, players, actions, closed_again = drawn[1:6]
    assert all(name in objectives for name in mine) and "Castle" not in objectives
    assert "Castle" in closed
    assert "Seat 2" in players and "Castle" not in players
    assert "[reveal" in actions or "[move" in actions  # each sentence with its typed text
    assert "Castle" in closed_again


def test_messages_replace_each_other_and_never_push_the_map_away() -> None:
    out, buf = terminal(80, 24)
    game = Game.new(2, 3, Options(first_player=0))
    bad = ["move 40", "99", "nonsense", "", "move 40", "reveal 58", "x"]
    PlaySession(game, ["human", "random"], out, scripted_input([*bad, "quit"]), Messages()).run()
    last = frames(buf.getvalue())[-1]
    assert "Castle" in last[0]  # the map's top row is still the first line
    text = "\n".join(last)
    assert "'x' is not an action" in text
    assert "move 40" not in text and "nonsense" not in text  # earlier messages are gone


def test_help_is_a_paged_panel_with_the_legend() -> None:
    out, buf = terminal(80, 24)
    game = Game.new(2, 3)
    game = Game.new(2, 3, Options(first_player=0))
    PlaySession(game, ["human", "random"], out, scripted_input(["help", "", ""]), Messages()).run()
    pages = ["\n".join(f) for f in frames(buf.getvalue())]
    first, second = pages[1], pages[2]
    assert "Commands (typed in English)" in first and "Page 1 of 2" in first
    for symbol in ("BAR", "*1", "=3", "J1 T1 L1 I1", "die roll:2", "·", "?"):
        assert symbol in first + second, symbol


# ---------------------------------------------------------------- undo


def test_undo_takes_back_a_move_but_not_a_reveal_nor_anything_after_a_bot() -> None:
    out, buf = terminal(120, 40)
    session: PlaySession
    start = None
    hashes: list[str] = []

    def read(prompt: str) -> str:
        nonlocal start
        game = session.game  # undo puts the game as it was in the session
        if start is None:
            start = game.state_hash()
            return "undo"  # nothing of this turn yet
        if not hashes:
            hashes.append(game.state_hash())
            return next(str(a) for a in game.legal_actions() if str(a).startswith("move"))
        if len(hashes) == 1:
            hashes.append(game.state_hash())
            return "undo"
        if len(hashes) == 2:
            hashes.append(game.state_hash())
            return next(str(a) for a in game.legal_actions() if str(a).startswith("reveal"))
        if len(hashes) == 3:
            hashes.append(game.state_hash())
            return "undo"
        raise EOFError

    game = Game.new(2, 5, Options(rhom=True))
    session = PlaySession(game, ["human", "random", "rhom"], out, read, Messages())
    session.run()
    text = ANSI.sub("", buf.getvalue())
    assert "Nothing to undo" in text
    assert hashes[2] == hashes[0]  # the move was taken back
    assert "That cannot be undone" in text  # the reveal was not
    assert session.game.state_hash() == hashes[3]


# ---------------------------------------------------------------- the window


def test_a_resize_while_waiting_redraws_for_the_new_size() -> None:
    out, buf = terminal(120, 40)
    game = Game.new(2, 3)
    calls = {"n": 0}

    def read(prompt: str) -> str:
        calls["n"] += 1
        if calls["n"] == 1:
            out.size = (80, 24)  # the window shrinks while the prompt waits
            os.kill(os.getpid(), signal.SIGWINCH)
            time.sleep(0.05)
        raise EOFError

    PlaySession(game, ["human", "random"], out, read, Messages()).run()
    full, compact = frames(buf.getvalue())[-2:]
    assert any("Relic row" in line for line in full)
    assert not any("Relic row" in line for line in compact) and len(compact) <= 25


def test_a_resize_while_drawing_is_handled_at_the_next_read() -> None:
    out, _ = terminal(80, 24)
    display = Display(out)
    with display:
        os.kill(os.getpid(), signal.SIGWINCH)
        with pytest.raises(Resized):
            display.read(lambda prompt: "never read", "> ")
        assert display.read(lambda prompt: "read", "> ") == "read"


def test_a_pipe_is_a_transcript_without_escape_sequences() -> None:
    buf = io.StringIO()
    out = Console(file=buf, width=120)
    game = Game.new(2, 3)
    PlaySession(game, ["human", "random"], out, scripted_input(["1", "quit"]), Messages()).run()
    assert "\x1b[" not in buf.getvalue() and "Castle" in buf.getvalue()


# ---------------------------------------------------------------- the scrollback (tmux)


def _tmux(socket: str, *args: str) -> str:
    done = subprocess.run(
        ["tmux", "-L", socket, *args], capture_output=True, text=True, check=False, timeout=20
    )
    return done.stdout


def _wait_for(socket: str, texts: tuple[str, ...], unlike: str = "", timeout: float = 20.0) -> str:
    """The screen once it shows one of ``texts`` and differs from ``unlike`` (the screen
    before the last keys were sent)."""
    end = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < end:
        screen = _tmux(socket, "capture-pane", "-p", "-t", "hs")
        if screen != unlike and any(t in screen for t in texts):
            time.sleep(0.05)
            again = _tmux(socket, "capture-pane", "-p", "-t", "hs")
            if again == screen:  # drawn completely
                return screen
        time.sleep(0.1)
    raise AssertionError(f"none of {texts} appeared; the screen:\n{screen}")


@pytest.fixture
def tmux_socket() -> Iterator[str]:
    if shutil.which("tmux") is None:
        pytest.fail("tmux is needed (scripts/install-system-packages.sh installs it)")
    socket = f"iridescia-test-{os.getpid()}"
    yield socket
    _tmux(socket, "kill-server")


def test_hot_seat_leaves_no_secret_in_the_terminals_scrollback(
    tmux_socket: str, tmp_path: Path
) -> None:
    seed = 6
    game = Seating.build("gems-of-iridescia", players=2).new_game(seed)
    secrets = {
        seat: [OBJECTIVE_BY_ID[i].name for i in game.state.players[seat].objectives]
        for seat in (0, 1)
    }
    src = Path(__file__).resolve().parents[1] / "src"
    command = (
        f"cd {tmp_path} && IRIDESCIA_HOME={tmp_path} PYTHONPATH={src} {sys.executable} -m "
        f"iridescia play --players 2 --seed {seed}; sleep 60"
    )
    env = {**os.environ, "TERM": "xterm-256color"}
    subprocess.run(
        ["tmux", "-L", tmux_socket, "new-session", "-d", "-s", "hs", "-x", "120", "-y", "40",
         "bash", "-c", command],
        check=True, env=env, timeout=20,
    )  # fmt: skip
    handoffs = 0
    screen = ""
    for _ in range(80):
        screen = _wait_for(tmux_socket, ("Seat 1 [", "Seat 2 [", "Pass to"), unlike=screen)
        if "Pass to" in screen:
            handoffs += 1
            history = _tmux(tmux_socket, "capture-pane", "-p", "-S", "-", "-E", "-", "-t", "hs")
            # Neither the screen nor anything above it shows either player's objectives.
            for names in secrets.values():
                for name in names:
                    assert name not in history and name not in screen, name
            _tmux(tmux_socket, "send-keys", "-t", "hs", "Enter")
            if handoffs == 3:
                break
        else:
            _tmux(tmux_socket, "send-keys", "-t", "hs", "1", "Enter")
    assert handoffs == 3


def test_a_replay_in_a_small_window_opens_the_log_and_panels() -> None:
    game = Game.new(2, 9)
    random_moves = Rng(3)
    for _ in range(30):
        legal = game.legal_actions()
        game.apply(legal[random_moves.below(len(legal))])
    record = game.record(with_hashes=True, seats=("random", "random"))
    out, buf = terminal(80, 24)
    ReplaySession(record, out, scripted_input(["20", "l", "", "p", "q"]), Messages()).run()
    at_20, log, back, players = ["\n".join(f) for f in frames(buf.getvalue())][1:5]
    assert "Castle" in at_20 and "Castle" in back
    assert "Seat 1 " in log and "Castle" not in log
    assert "Seat 2" in players and "Castle" not in players


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Hex 40 is not next to your explorer"),
        ("fr", "L'hexagone 40 n'est pas voisin de votre explorateur"),
        ("ja", "マス40はあなたの探検者の隣"),
    ],
)
def test_an_illegal_action_is_refused_with_the_engines_reason_translated(
    lang: str, said: str
) -> None:
    out, buf = terminal(120, 40)
    game = Game.new(2, 3, Options(first_player=0))
    read = scripted_input(["move 40", "quit"])
    PlaySession(game, ["human", "random"], out, read, Messages(lang)).run()
    last = " ".join("\n".join(frames(buf.getvalue())[-1]).split())
    assert said in last
    assert "not legal now" not in last


def test_hints_only_where_the_table_allows_them() -> None:
    out, buf = terminal(120, 40)
    game = Game.new(2, 3, Options(first_player=0))
    PlaySession(game, ["human", "random"], out, scripted_input(["hint", "quit"]), Messages()).run()
    assert "Hints are off" in " ".join("\n".join(frames(buf.getvalue())[-1]).split())
    out, buf = terminal(120, 40)
    game = Game.new(2, 3, Options(first_player=0))
    read = scripted_input(["hint", "quit"])
    PlaySession(game, ["human", "random"], out, read, Messages(), hints="greedy").run()
    said = " ".join("\n".join(frames(buf.getvalue())[-1]).split())
    assert re.search(r"Hint \(greedy\): \d+ = \S", said), said
    assert game.history() == []  # a hint plays nothing
