"""Tests of the terminal front: screens, the log, the play loop with scripted input, hot seat.

The play loop is driven through its injectable input function and a ``rich`` console writing to
a ``StringIO``; no terminal is needed. Only the tests read ``game.state`` (to know the real
hidden objectives); the front itself never does. Gems of Iridescia's screens and sentences come
from its plug-in (``tui.games.iridescia``); the loop, the log and the catalogue are generic.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from iridescia import games
from iridescia.core.events import Event
from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games.iridescia import EVENTS, OBJECTIVE_BY_ID, Game, Options
from iridescia.tui import Messages, PlaySession, scripted_input, stream_input
from iridescia.tui.games.iridescia import PLUGIN
from iridescia.tui.games.iridescia.events import _DESCRIBERS, describe
from iridescia.tui.games.iridescia.words import Words
from iridescia.tui.log import automa_turns, log_lines, steps, visible
from iridescia.tui.plugin import Screen

WIDTH = 120


def screen_of(
    game: Game, viewer: int | None, kinds: list[str], width: int = WIDTH, **fields: Any
) -> Screen:
    """What the play loop would show ``viewer`` now (``fields``: the decision to show)."""
    view = game.view(viewer) if viewer is not None else game.spectator_view()
    lines = log_lines(PLUGIN, EVENTS, game.log, viewer, view, Messages(), 40, 0)
    return Screen(view=view, viewer=viewer, seat_kinds=kinds, width=width, log=lines, **fields)


def render(screen: Screen, width: int = WIDTH) -> str:
    buf = io.StringIO()
    Console(file=buf, width=width).print(PLUGIN.render(screen, Messages()))
    return buf.getvalue()


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
    screen = screen_of(
        game,
        seat,
        ["human"] * 4,
        prompt=decision.prompt,
        acting=seat,
        actions=[str(a) for a in decision.actions],
    )
    text = render(screen)
    lines = text.splitlines()
    assert all(len(line) <= WIDTH for line in lines)
    assert len(lines) <= 40 or len(decision.actions) > 24
    for word in ("Castle", "Desert", "Market", "Relic row", "Item market", "Your objectives"):
        assert word in text
    for h in (1, 23, 58):
        assert f"{h:>2}" in text


def test_narrow_screen_stacks() -> None:
    game = Game.new(2, 3)
    text = render(screen_of(game, None, [], width=80), 80)
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "Your objectives" not in text  # a spectator has none


def test_every_event_kind_reads_as_a_sentence() -> None:
    msgs = Words()
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
    view = game.spectator_view()
    discards = [e for e in game.log if e.kind == "objective_discarded"]
    assert discards

    def line(event: Event, viewer: int) -> str:
        seen = visible(EVENTS, event, viewer)
        assert seen is not None
        return PLUGIN.describe(seen, view, Messages()).plain

    for event in discards:
        mine = line(event, event.player)
        theirs = line(event, 1 - event.player)
        name = OBJECTIVE_BY_ID[event.data["objective"]].name
        assert name in mine and name not in theirs


def test_unknown_event_kind_still_renders() -> None:
    text = describe(Event("brand_new", 0, {"x": 1}), Words())
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
    assert "'sell emerald 7': That is not possible now; the decision now is: Reveal" in text
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
    assert "Commands (typed in English):" in text and "Last 5 of" in text
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


# ---------------------------------------------------------------- the Rhom automa

RHOM_KINDS = {
    "rhom_card",
    "rhom_dice",
    "rhom_choice",
    "rhom_overflow",
    "rhom_merchant",
    "rhom_barricade",
    "rhom_reshuffle",
    "rhom_stuck",
}


def first_action_reader(game: Game) -> Callable[[str], str]:
    """Answer every prompt with the first legal action, checking the Rhom is never asked."""

    def read(prompt: str) -> str:
        decision = game.decision()
        assert decision is not None and decision.player != game.rhom_seat
        assert "Rhom" not in prompt
        return "1"

    return read


def test_solo_game_with_first_actions_ends_with_the_solo_result() -> None:
    out, buf = console()
    game = Game.new(1, 3)
    s = session(game, ["human", "human"], first_action_reader(game), out)
    assert s.seats == ["human", "rhom"]  # the Rhom's seat is the Rhom's, whatever was given
    assert s.run() == 0
    assert game.is_terminal()
    text = buf.getvalue()
    assert "Final scores" in text
    for label in ("Merchant (Rhom)", "Overflow (Rhom)", "Seat 1 (human)", "Rhom's turn"):
        assert label in text
    scores = game.scores()
    you, rhom = scores[0].total, scores[1].total
    winners = game.winners()
    if winners == [0]:
        assert f"You win ({you} to {rhom})." in text
    elif winners == [1]:
        assert f"The Rhom wins ({rhom} to {you})." in text
    else:
        assert "Draw" in text
    assert "Winner" not in text  # solo says who won in its own words
    # The Rhom's column of the breakdown holds its merchant points.
    merchant = next(line for line in text.splitlines() if "Merchant (Rhom)" in line)
    assert merchant.split("│")[-2].strip() == str(scores[1].merchant)


def test_solo_result_lines() -> None:
    from iridescia.tui.games.iridescia.scores import result_line

    a = b = Game.new(1, 0).scores()[0]  # equal totals; the winners decide the line
    msgs = Words().with_rhom(1)
    assert result_line([0], [a, b], msgs).plain.startswith("You win")
    assert result_line([1], [a, b], msgs).plain.startswith("The Rhom wins")
    assert result_line([0, 1], [a, b], msgs).plain.startswith("Draw")
    three = Words().with_rhom(2)
    assert result_line([2], [a, b, a], three).plain == "Winner: Rhom"


def rhom_games() -> list[Game]:
    """A few finished games with the Rhom (solo and variant), played at random."""
    games = []
    for seed in range(8):
        humans = 1 + seed % 3
        game = Game.new(humans, seed, Options(rhom=True))
        random_moves(game, 3000, seed)
        assert game.is_terminal()
        games.append(game)
    return games


def test_every_rhom_event_reads_as_a_sentence() -> None:
    kinds: set[str] = set()
    for game in rhom_games():
        msgs = Words().with_rhom(game.rhom_seat)
        for event in game.log:
            if event.player != game.rhom_seat and not event.kind.startswith("rhom"):
                continue
            kinds.add(event.kind)
            assert event.kind in _DESCRIBERS, event
            sentence = describe(event, msgs)
            assert sentence and "{" not in sentence and "_" not in sentence, sentence
            assert not sentence.startswith(("Rhom: ", "the table: ")), sentence
            if event.player == game.rhom_seat:
                assert "Rhom" in sentence and "Seat" not in sentence.split()[0], sentence
    assert {"rhom_card", "rhom_dice", "rhom_choice", "rhom_merchant", "rhom_barricade"} <= kinds
    assert {"turn", "reveal", "gain", "collect", "restore", "rhom_overflow"} <= kinds


def test_rhom_sentences_read_as_the_rules_say() -> None:
    msgs = Words().with_rhom(1)
    demand = {"amethyst": 3, "citrine": 5, "emerald": 2, "sapphire": 4}
    cases = [
        (
            Event(
                "rhom_card",
                1,
                {
                    "card": 7,
                    "icon": "2x",
                    "reveal_order": ["FR", "R", "L", "FL"],
                    "weathervane": "left",
                },
            ),
            "Rhom draws card 7: 2x, reveal FR, R, L, FL; weathervane left.",
        ),
        (
            Event(
                "rhom_choice",
                1,
                {
                    "hex": 23,
                    "reason": "most demanded colour it lacks",
                    "demand": demand,
                    "weathervane": "left",
                },
            ),
            "Rhom chooses hex 23 (most demanded colour it lacks; demand A3 C5 E2 S4).",
        ),
        (
            Event("rhom_overflow", 1, {"colour": "sapphire", "count": 2, "points": 4}),
            "Rhom returns 2 sapphire (hold full): +4 points.",
        ),
        (
            Event("rhom_merchant", 1, {"item": "elixir", "slot": 3, "points": 6}),
            "Rhom takes Epic Elixir from slot 3: +6 points.",
        ),
        (
            Event("rhom_barricade", 1, {"hex": 30, "row": 5, "count": 4}),
            "Rhom places a barricade on hex 30 (row 5, counted 4).",
        ),
        (
            Event("rhom_barricade", 1, {"hex": None, "reason": "never in the Castle row"}),
            "Rhom places no barricade (never in the Castle row).",
        ),
        (Event("rhom_merchant", 1, {"item": None, "points": 0}), "Rhom finds no item"),
        (Event("rhom_dice", 1, {"faces": [3, 2], "reason": "first turn"}), "Rhom rolls 3 2"),
        (Event("rhom_dice", 1, {"faces": [5], "reason": "barricade"}), "for the barricade"),
        (Event("rhom_dice", 1, {"faces": [4], "reason": "merchant"}), "for the Merchant"),
        (Event("rhom_dice", 1, {"faces": [6], "reason": "stone die"}), "the stone die: 6"),
        (Event("rhom_reshuffle", 1, {"cards": 16}), "shuffled into a new deck of 16"),
        (Event("rhom_stuck", 1, {"at": 12}), "Rhom has no tile to move onto"),
        (Event("turn", 1, {"number": 5, "kind": "rhom"}), "-- Turn 5: Rhom --"),
        (
            Event("points", 1, {"count": 4, "reason": "stone die"}),
            "Rhom scores 4 points (stone die)",
        ),
        (Event("placed", 1, {"hex": 30}), "Rhom restarts from hex 30."),
    ]
    for event, expected in cases:
        assert expected in describe(event, msgs), (event, describe(event, msgs))
    overflow_return = Event(
        "return", 1, {"colour": "sapphire", "count": 2, "reason": "rhom hold full"}
    )
    assert visible(EVENTS, overflow_return, None) is None  # the rhom_overflow line says it


def test_solo_screen_shows_the_rhom_and_its_barricades() -> None:
    game = next(
        g for seed in range(40) for g in [Game.new(1, seed)] if _play_until_barricade(g, seed)
    )
    view = game.view(0)
    barricades = view["rhom"]["barricades"]
    text = render(screen_of(game, 0, ["human", "automa"]))
    msgs = Words().with_rhom(game.rhom_seat)
    assert all(len(line) <= WIDTH for line in text.splitlines())
    assert "BAR" in text and f"{6 - len(barricades)} of 6 barricades left" in text
    assert "weathervane" in text and f"deck {view['rhom']['deck_count']}" in text
    assert "Rhom automa" in text and "@R" in text
    rhom_row = next(line for line in text.splitlines() if "Rhom automa" in line)
    assert re.search(r"Rhom automa\s+(hex \d+|off board|Castle)\s+-\s", rhom_row)  # no coins
    # One BAR on the map per barricade, each under its hex number.
    from iridescia.tui.games.iridescia.board import cell, render_board

    assert render_board(view, msgs).plain.count("BAR") == len(barricades)
    for h in barricades:
        top, bottom = cell(view["board"][h - 1], [])
        assert top.plain.strip() == str(h) and bottom.plain.strip() == "BAR"


def _play_until_barricade(game: Game, seed: int) -> bool:
    rng = Rng(seed)
    for _ in range(400):
        if game.is_terminal():
            return False
        view = game.spectator_view()
        if view["rhom"]["barricades"]:
            return True
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    return False


def test_rhom_turn_waits_for_enter_when_asked_to_pause() -> None:
    out, buf = console()
    game = Game.new(1, 4)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if "Rhom's turn" in prompt:
            return "1"  # anything typed at the Rhom's pause is not an action
        if len(prompts) > 60:
            raise EOFError
        return "1"

    s = session(game, ["human", "rhom"], read, out, pause=True)
    assert s.run() == 0
    rhom_prompts = [p for p in prompts if "Rhom's turn" in p]
    actions = [p for p in prompts if "Rhom's turn" not in p]
    assert prompts[0].startswith("Rhom's turn")  # its first turn comes before the human's
    assert len(rhom_prompts) >= 3
    assert len(game.history()) == len(actions) - 1  # every other line was an action (not EOF)
    text = buf.getvalue()
    assert "the Rhom plays" in text and "Rhom draws card" in text


def test_rhom_steps_appear_one_by_one_with_a_delay() -> None:
    out, buf = console()
    game = Game.new(1, 6)
    waits: list[float] = []
    reads = {"n": 0}

    def read(prompt: str) -> str:
        reads["n"] += 1
        if reads["n"] > 15:
            raise EOFError
        return "1"

    s = session(game, ["human", "rhom"], read, out, delay=0.25, sleep=waits.append)
    s.run()
    shown = [
        step
        for first, end in automa_turns(EVENTS, game.log, game.automa_seats)
        for step in steps(EVENTS, game.log, first, end, 0)
    ]
    # One redraw and one pause per step, as long as its kind asks at this speed (half the
    # catalogue's pauses at 0.25 s: a Rhom's dice 0.3 s, a step without a pause none).
    assert waits == [EVENTS.pause(step, 0.25) for step in shown]
    assert 0.3 in waits and len(set(waits)) > 1
    text = buf.getvalue()
    # The first screen of the Rhom's first turn shows its first step alone.
    first = text.split("Gems of Iridescia")[1]
    assert "Rhom rolls" in first and "Rhom reveals" not in first


def test_piped_solo_needs_no_extra_lines_for_the_rhom() -> None:
    out, buf = console()
    game = Game.new(1, 2)
    stream = io.StringIO("1\n" * 30)
    session(game, ["human", "rhom"], stream_input(stream, out), out).run()
    assert len(game.history()) == 30  # every line was an action
    text = buf.getvalue()
    assert "Rhom's turn 1:" in text and "Rhom's turn - press Enter" not in text
    assert "Rhom draws card" in text


def test_variant_hot_seat_never_prompts_the_rhom() -> None:
    out, buf = console()
    game = Game.new(2, 5, Options(rhom=True))
    handoffs: list[str] = []
    reader = first_action_reader(game)

    def read(prompt: str) -> str:
        if prompt.startswith(">"):
            handoffs.append(buf.getvalue()[-80:])
            return ""
        return reader(prompt)

    assert session(game, ["human", "human", "rhom"], read, out).run() == 0
    assert game.is_terminal()
    text = buf.getvalue()
    assert "Pass to Rhom" not in text and handoffs
    assert all("Pass to Seat" in h for h in handoffs)
    assert "Final scores" in text and "Merchant (Rhom)" in text


# ---------------------------------------------------------------- generic terminal, languages


def test_a_window_too_small_for_the_compact_layout_is_told_its_size() -> None:
    for width, height, warned in ((70, 20, True), (80, 24, False), (100, 30, False)):
        buf = io.StringIO()
        out = Console(file=buf, width=width, height=height, force_terminal=True)
        game = Game.new(2, 3)
        s = PlaySession(game, ["human", "random"], out, scripted_input(["quit", "n"]), Messages())
        assert s.run() == 0
        assert ("drawn for a terminal of at least 80x24" in buf.getvalue()) is warned
        assert (f"{width}x{height}: enlarge the window" in buf.getvalue()) is warned


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_translated_screens_fit_120_columns(lang: str) -> None:
    from rich.cells import cell_len

    msgs = Messages(lang)
    for seed, players in ((11, 4), (4, 1), (7, 3)):
        game = Game.new(players, seed, Options(rhom=players < 4))
        random_moves(game, 60, seed)
        decision = game.decision()
        assert decision is not None
        view = game.view(decision.player)
        kinds = ["human"] * game.num_players
        for seat in game.automa_seats:
            kinds[seat] = "automa"
        screen = Screen(
            view=view,
            viewer=decision.player,
            seat_kinds=kinds,
            prompt=decision.prompt,
            acting=decision.player,
            actions=[str(a) for a in decision.actions],
            log=log_lines(PLUGIN, EVENTS, game.log, decision.player, view, msgs, 40, 0),
        )
        buf = io.StringIO()
        Console(file=buf, width=WIDTH).print(PLUGIN.render(screen, msgs))
        lines = buf.getvalue().splitlines()
        assert max(cell_len(line) for line in lines) <= WIDTH
        assert lines[0].startswith(msgs("game.gems-of-iridescia"))


def test_french_and_japanese_games_play_to_the_end() -> None:
    for lang, final in (("fr", "Décompte final"), ("ja", "最終得点")):
        out, buf = console()
        game = Game.new(1, 5)
        s = PlaySession(game, ["human", "rhom"], out, first_action_reader(game), Messages(lang))
        assert s.run() == 0 and game.is_terminal()
        text = buf.getvalue()
        assert final in text and "Final scores" not in text


def test_a_game_without_a_plugin_is_refused_clearly() -> None:
    from iridescia.tui.games import plugin_for

    with pytest.raises(ValueError, match="cannot show the game 'chess'"):
        plugin_for("chess")
    assert plugin_for("gems-of-iridescia") is PLUGIN


def test_optional_members_fall_back_for_a_plugin_without_them() -> None:
    """A plug-in with only the protocol's members still plays: the engine's prompt, a generic
    help line, generic automa titles, records naming automa seats "automa"."""
    from iridescia.tui.plugin import automa_kind_of, automa_turn_of, help_of, prompt_of

    class Bare:
        game = PLUGIN.game
        seat_name = PLUGIN.seat_name
        opening = PLUGIN.opening
        describe = PLUGIN.describe
        action_label = PLUGIN.action_label
        render = PLUGIN.render
        final = PLUGIN.final

    bare = Bare()
    msgs = Messages("fr")
    game = Game.new(1, 2)
    decision = game.decision()
    assert decision is not None
    view = game.view(0)
    assert prompt_of(bare, decision, view, msgs) == decision.prompt
    assert prompt_of(PLUGIN, decision, view, msgs) == msgs(f"tui.decision.{decision.kind}")
    assert help_of(bare, msgs) == (msgs("help.intro"), "")
    assert automa_kind_of(bare) == "automa" and automa_kind_of(PLUGIN) == "rhom"
    first = game.log[automa_turns(EVENTS, game.log, game.automa_seats)[0][0]]
    assert automa_turn_of(bare, first, view, msgs).title == "Tour de Rhom"
    out, buf = console()
    s = PlaySession(game, ["human", "rhom"], out, first_action_reader(game), msgs, plugin=bare)
    assert s.run() == 0 and game.is_terminal()
    assert s.seats == ["human", "automa"]
    assert "Tour de Rhom:" in buf.getvalue()  # the generic header of an automa's turn


def test_automa_turns_are_found_from_the_catalogue() -> None:
    """Each Rhom turn found by the generic log starts with the Rhom's own event, holds an event
    the catalogue marks as the automa's, and ends before another seat's event."""
    for game in rhom_games()[:4]:
        rhom = game.rhom_seat
        turns = automa_turns(EVENTS, game.log, game.automa_seats)
        assert turns
        for first, end in turns:
            assert game.log[first].player == rhom
            assert game.log[first].kind == "turn" and game.log[first].data["kind"] == "rhom"
            assert any(EVENTS[e.kind].automa for e in game.log[first:end])
            assert end == len(game.log) or game.log[end].player not in (rhom, -1)
        rhom_turn_starts = [
            i for i, e in enumerate(game.log) if e.kind == "turn" and e.data["kind"] == "rhom"
        ]
        assert [first for first, _ in turns] == rhom_turn_starts


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize(("width", "height"), [(120, 40), (100, 30), (80, 24)])
def test_every_games_screen_fits_the_window_above_the_message_area_and_prompt(
    name: str, width: int, height: int
) -> None:
    # The body gets the window less the prompt line and the two-line message area; the full
    # layout from 120x40, the compact one below; nothing wider than the window.
    spec = games.get(name)
    mode = spec.info.modes[0]
    game = spec.new(max(mode.min_players, 2), 5, mode=mode.name)
    out = Console(file=io.StringIO(), width=width, height=height, force_terminal=True)
    msgs = Messages("en")
    play = PlaySession(game, ["human"] * game.num_players, out, lambda _: "", msgs)
    decision = game.decision()
    assert decision is not None
    screen = play.screen(decision.player)
    assert screen.height == height - 1 - 2
    assert screen.compact is (width < 120 or height < 40)
    buf = io.StringIO()
    Console(file=buf, width=width, height=height).print(play.plugin.render(screen, msgs))
    lines = buf.getvalue().splitlines()
    assert len(lines) <= screen.height
