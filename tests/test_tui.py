"""Tests of the terminal front: screens, the log, the play loop with scripted input, hot seat.

The play loop is driven through its injectable input function and a ``rich`` console writing to
a ``StringIO``; no terminal is needed. Only the tests read ``game.state`` (to know the real
hidden objectives); the front itself never does.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games.iridescia.data import OBJECTIVE_BY_ID
from iridescia.games.iridescia.game import Game, Options
from iridescia.tui import Messages, PlaySession, scripted_input, stream_input
from iridescia.tui.events import _DESCRIBERS, describe, event_text
from iridescia.tui.screen import Frame, render

WIDTH = 120


def console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=WIDTH), buf


def session(
    game: Game,
    seats: list[str],
    read: Callable[[str], str],
    out: Console,
    **kwargs: Any,
) -> PlaySession:
    return PlaySession(game, seats, out, read, Messages("en"), seed=7, **kwargs)


def random_moves(game: Game, n: int, seed: int = 5) -> None:
    rng = Rng(seed)
    for _ in range(n):
        legal = game.legal_actions()
        if not legal:
            return
        game.apply(legal[rng.below(len(legal))])


def other_objective_names(game: Game, seat: int) -> set[str]:
    """The real objective names of ``seat`` (held and discarded), read from the state."""
    p = game.state.players[seat]
    ids = list(p.objectives) + ([p.discarded_objective] if p.discarded_objective else [])
    return {OBJECTIVE_BY_ID[i].name for i in ids}


# ---------------------------------------------------------------- screens


def test_screen_fits_a_120x40_terminal() -> None:
    game = Game.new(4, 11)
    random_moves(game, 60)
    decision = game.decision()
    assert decision is not None
    seat = decision.player
    frame = Frame(
        view=game.view(seat),
        who=["human"] * 4,
        events=game.log,
        viewer=seat,
        prompt=decision.prompt,
        acting=seat,
        actions=[str(a) for a in decision.actions],
    )
    out, buf = console()
    out.print(render(frame, Messages(), WIDTH))
    lines = buf.getvalue().splitlines()
    assert all(len(line) <= WIDTH for line in lines)
    assert len(lines) <= 40 or len(decision.actions) > 24
    text = buf.getvalue()
    for word in ("Castle", "Desert", "Market", "Relic row", "Item market", "Your objectives"):
        assert word in text
    for h in (1, 23, 58):
        assert f"{h:>2}" in text


def test_narrow_screen_stacks() -> None:
    game = Game.new(2, 3)
    frame = Frame(view=game.spectator_view(), who=[], events=game.log, viewer=None)
    buf = io.StringIO()
    Console(file=buf, width=80).print(render(frame, Messages(), 80))
    assert all(len(line) <= 80 for line in buf.getvalue().splitlines())
    assert "Your objectives" not in buf.getvalue()  # a spectator has none


def test_every_event_kind_reads_as_a_sentence() -> None:
    msgs = Messages()
    kinds: set[str] = set()
    for seed in range(4):
        game = Game.new(2 + seed % 3, seed)
        random_moves(game, 3000, seed)
        for event in game.log:
            kinds.add(event.kind)
            sentence = describe(event, msgs)
            assert sentence and "{" not in sentence
            assert not sentence.startswith(("Seat 1: ", "the table: ")), sentence
    assert kinds <= set(_DESCRIBERS), kinds - set(_DESCRIBERS)


def test_log_redacts_other_players_discarded_objective() -> None:
    game = Game.new(2, 4)
    random_moves(game, 3000, 4)
    msgs = Messages()
    discards = [e for e in game.log if e.kind == "objective_discarded"]
    assert discards
    for event in discards:
        mine = event_text(event, event.player, msgs, 2).plain
        theirs = event_text(event, 1 - event.player, msgs, 2).plain
        name = OBJECTIVE_BY_ID[event.data["objective"]].name
        assert name in mine and name not in theirs


def test_unknown_event_kind_still_renders() -> None:
    from iridescia.games.iridescia.state import Event

    text = describe(Event("brand_new", 0, {"x": 1}), Messages())
    assert "brand_new" in text


def test_catalog_falls_back_and_rejects_unknown_languages() -> None:
    msgs = Messages("en")
    assert msgs.seat(2) == "Seat 3"
    assert msgs("no.such.key") == "no.such.key"
    with pytest.raises(ValueError):
        Messages("xx")


# ---------------------------------------------------------------- the play loop


def test_human_against_random_plays_to_the_final_scores() -> None:
    out, buf = console()
    game = Game.new(2, 1)
    calls = {"n": 0}

    def read(prompt: str) -> str:
        calls["n"] += 1
        decision = game.decision()
        assert decision is not None and decision.player == 0
        # Alternate between the first action's number and its text.
        return "1" if calls["n"] % 2 else str(decision.actions[0])

    assert session(game, ["human", "random"], read, out).run() == 0
    assert game.is_terminal()
    text = buf.getvalue()
    assert "Final scores" in text
    for label in (
        "Relic points",
        "Tile bonus",
        "Iridia Stone",
        "Royalty token",
        "Gems",
        "Relic sets",
        "Tile sets",
        "Objective",
        "Merchant (Rhom)",
        "Overflow (Rhom)",
        "Total",
        "Place",
    ):
        assert label in text
    assert "Winner" in text


def test_garbage_input_is_rejected_without_changing_the_game() -> None:
    out, buf = console()
    game = Game.new(2, 2, Options(first_player=0))
    before = game.state_hash()
    lines = ["", "999", "0", "foo bar", "reveal 99", "sell emerald 7", "quit", "n"]
    assert session(game, ["human", "random"], scripted_input(lines), out).run() == 0
    assert game.state_hash() == before
    text = buf.getvalue()
    assert "Type an action number" in text
    assert "There is no action 999" in text
    assert "'foo bar' is not an action or a command" in text
    assert "'reveal 99' is not an action" in text
    assert "'sell emerald 7' is not legal now" in text
    assert "Game left unfinished" in text


def test_the_acting_player_never_sees_the_other_objectives() -> None:
    out, buf = console()
    game = Game.new(2, 9)
    checked = {"n": 0}

    def read(prompt: str) -> str:
        secret = other_objective_names(game, 1)
        shown = buf.getvalue()
        assert not any(name in shown for name in secret)
        mine = [OBJECTIVE_BY_ID[i].name for i in game.state.players[0].objectives]
        assert all(name in shown for name in mine)  # the check is not vacuous
        checked["n"] += 1
        return "1"

    session(game, ["human", "random"], read, out).run()
    assert game.is_terminal() and checked["n"] > 10


def test_hot_seat_hands_off_and_hides_the_previous_player() -> None:
    out, buf = console()
    game = Game.new(2, 6)
    marks: list[int] = []
    calls = {"n": 0}

    def read(prompt: str) -> str:
        if prompt.startswith(">"):  # "Pass to seat K - press Enter"
            marks.append(len(buf.getvalue()))
            return ""
        calls["n"] += 1
        if calls["n"] > 40:
            return "quit" if calls["n"] == 41 else "n"  # then: do not save
        decision = game.decision()
        assert decision is not None
        since_handoff = buf.getvalue()[marks[-1] :]
        assert f"Pass to Seat {decision.player + 1}" in buf.getvalue()[max(0, marks[-1] - 60) :]
        assert not any(n in since_handoff for n in other_objective_names(game, 1 - decision.player))
        return "1"

    session(game, ["human", "human"], read, out).run()
    assert len(marks) >= 3


def test_commands_help_log_redraw_save(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "g.json"
    out, buf = console()
    game = Game.new(2, 3)
    lines = ["help", "log 5", "redraw", f"save {path}", "1", "quit", "y"]
    s = session(game, ["human", "random"], scripted_input(lines), out, save_path=str(path))
    assert s.run() == 0
    text = buf.getvalue()
    assert "Commands:" in text and "Last 5 of" in text
    assert f"Game saved to {path}" in text
    record = GameRecord.load(path)
    assert Game.from_record(record).state_hash() == game.state_hash()
    assert record.seats == ("human", "random")


def test_end_of_input_leaves_and_saves_when_asked(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "eof.json"
    out, buf = console()
    game = Game.new(2, 3)
    s = session(game, ["human", "random"], scripted_input(["1", "1"]), out, save_path=str(path))
    assert s.run() == 0
    assert "Input ended" in buf.getvalue()
    assert Game.from_record(GameRecord.load(path)).state_hash() == game.state_hash()


def test_piped_input_works_line_by_line() -> None:
    out, buf = console()
    game = Game.new(2, 8)
    stream = io.StringIO("1\n2\nnonsense\n1\n")
    session(game, ["human", "human"], stream_input(stream, out), out).run()
    assert len(game.history()) >= 2
    assert "'nonsense' is not an action" in buf.getvalue()


def test_bots_with_a_delay_redraw_and_wait() -> None:
    out, buf = console()
    game = Game.new(2, 12)
    waits: list[float] = []

    class Enough(Exception):
        pass

    def sleep(seconds: float) -> None:
        waits.append(seconds)
        if len(waits) == 5:
            raise Enough

    s = session(game, ["random", "random"], scripted_input([]), out, delay=0.5, sleep=sleep)
    with pytest.raises(Enough):
        s.run()
    assert waits == [0.5] * 5
    assert buf.getvalue().count("Gems of Iridescia") == 5  # one screen per bot action


@pytest.mark.parametrize("seed", [13, 14])
def test_hot_seat_game_with_varied_choices_reaches_the_end(seed: int) -> None:
    """Humans answering random numbers (rarely 'end'), to draw every kind of decision."""
    out, buf = console()
    game = Game.new(3, seed)
    rng = Rng(seed)

    def read(prompt: str) -> str:
        if prompt.startswith(">"):
            return ""
        decision = game.decision()
        assert decision is not None
        texts = [str(a) for a in decision.actions]
        busy = [i for i, t in enumerate(texts) if t not in ("end", "done")]
        pool = busy if busy and rng.below(4) else list(range(len(texts)))
        return str(pool[rng.below(len(pool))] + 1)

    assert session(game, ["human", "human", "random"], read, out).run() == 0
    assert game.is_terminal() and "Final scores" in buf.getvalue()
