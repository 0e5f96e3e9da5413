"""Tests of the ``iridescia`` command line: play, load/save, replay, and bad arguments/files."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from iridescia.cli import main
from iridescia.core.record import GameRecord
from iridescia.games.iridescia import Game
from iridescia.tui import scripted_input


def console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=120), buf


def all_random(players: int) -> list[str]:
    out: list[str] = []
    for seat in range(1, players + 1):
        out += ["--seat", f"{seat}=random"]
    return out


def test_four_random_players_finish() -> None:
    out, buf = console()
    argv = ["play", "--players", "4", *all_random(4), "--seed", "3"]
    assert main(argv, console=out, read=scripted_input([])) == 0
    text = buf.getvalue()
    assert "Seed 3" in text and "Final scores" in text and "Winner" in text


def test_search_and_greedy_bots_take_seats() -> None:
    out, buf = console()
    argv = ["play", "--seat", "1=easy", "--seat", "2=greedy", "--seed", "8"]
    assert main(argv, console=out, read=scripted_input([])) == 0
    assert "Final scores" in buf.getvalue()
    out, buf = console()
    argv = ["play", "--solo", "--seat", "1=mcts:iterations=20,per_action=5", "--seed", "3"]
    assert main(argv, console=out, read=scripted_input([])) == 0
    assert "Final scores" in buf.getvalue()


def test_default_seed_is_fresh_and_printed() -> None:
    out, buf = console()
    assert main(["play", *all_random(2)], console=out, read=scripted_input([])) == 0
    first = buf.getvalue().splitlines()[0]
    assert first.startswith("Seed ") and first.split()[1].isdigit()


def test_catapult_for_the_fourth_player() -> None:
    out, buf = console()
    argv = ["play", "--players", "4", *all_random(4), "--seed", "2", "--catapult-for-fourth"]
    assert main(argv, console=out, read=scripted_input([])) == 0
    assert "Final scores" in buf.getvalue()


def test_main_without_console_uses_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "2", *all_random(2), "--seed", "5"]) == 0
    assert "Final scores" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["dance"],
        ["play", "--players", "5"],
        ["play", "--players", "two"],
        ["play", "--seat", "3=random"],
        ["play", "--seat", "1=grandmaster"],
        ["play", "--seat", "1=mcts:depth=3"],
        ["play", "--seat", "1=greedy:fast"],
        ["play", "--seat", "random"],
        ["play", "--seed", "-4"],
        ["play", "--seed", "x"],
        ["play", "--lang", "tlh"],
        ["play", "--delay", "-1"],
        ["play", "--catapult-for-fourth"],
        ["play", "--load", "x.json", "--seed", "0"],
        ["replay"],
        ["play", "--solo", "--players", "3"],
        ["play", "--solo", "--players", "2"],
        ["play", "--solo", "--seat", "2=random"],  # the Rhom's seat is not a --seat
        ["play", "--solo", "--rhom"],
        ["play", "--rhom", "--players", "4"],
        ["play", "--rhom", "--players", "1"],
        ["play", "--rhom", "--players", "2", "--seat", "3=random"],
        ["play", "--rhom", "--catapult-for-fourth"],  # 2 humans + Rhom: 3 explorers
        ["play", "--load", "x.json", "--solo"],
    ],
)
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = console()
    assert main(argv, console=out, read=scripted_input([])) == 2
    assert "error" in capsys.readouterr().err


def _finished_record(tmp_path: Path) -> Path:
    path = tmp_path / "done.json"
    out, _ = console()
    argv = ["play", *all_random(2), "--seed", "4", "--save", str(path)]
    assert main(argv, console=out, read=scripted_input([])) == 0
    return path


def test_save_then_load_resumes_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "mid.json"
    out, buf = console()
    lines = ["1", "1", "1", f"save {path}", "quit"]
    argv = ["play", "--seat", "2=random", "--seed", "21"]
    assert main(argv, console=out, read=scripted_input(lines)) == 0
    assert f"Game saved to {path}" in buf.getvalue()
    record = GameRecord.load(path)
    saved_hash = Game.from_record(record).state_hash()
    assert len(record.actions) >= 3

    out2, buf2 = console()
    seen: list[str] = []

    def read(prompt: str) -> str:
        seen.append(buf2.getvalue())
        return "quit"

    # Leaving a game started with --save saves it there: the same game, the same hash.
    path2 = tmp_path / "again.json"
    argv = ["play", "--load", str(path), "--save", str(path2)]
    assert main(argv, console=out2, read=read) == 0
    assert f"Resumed {path} after {len(record.actions)} actions" in seen[0]
    assert len(seen) == 1  # the game is kept (autosave): quitting asks nothing
    assert Game.from_record(GameRecord.load(path2)).state_hash() == saved_hash

    # Without autosave, quitting asks whether to save; "n" leaves no file behind.
    out3, buf3 = console()
    argv = ["play", "--load", str(path), "--no-autosave"]
    assert main(argv, console=out3, read=scripted_input(["quit", "n"], out3)) == 0
    assert "Save before quitting?" in buf3.getvalue()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["again.json", "mid.json"]


def test_loading_a_finished_game_shows_the_scores(tmp_path: Path) -> None:
    path = _finished_record(tmp_path)
    out, buf = console()
    assert main(["play", "--load", str(path)], console=out, read=scripted_input([])) == 0
    assert "Final scores" in buf.getvalue()


def test_replay_steps_to_the_end(tmp_path: Path) -> None:
    path = _finished_record(tmp_path)
    total = len(GameRecord.load(path).actions)
    out, buf = console()
    lines = ["", "", "b", "b", "b", "zz", "10", str(total - 2), "", "", "", "q"]
    assert main(["replay", str(path)], console=out, read=scripted_input(lines)) == 0
    text = buf.getvalue()
    assert f"Replay {total}/{total}" in text
    assert "End of the record" in text and "Final scores" in text
    assert "Already at the start" in text
    assert "Press Enter, 'b', 'q'" in text


def test_replay_stepping_matches_a_fresh_replay(tmp_path: Path) -> None:
    from iridescia.tui import Messages, ReplaySession

    record = GameRecord.load(_finished_record(tmp_path))
    out, _ = console()
    s = ReplaySession(record, out, scripted_input([]), Messages())
    for step in (1, 2, 3, 2, 40, 41, 0):
        s.goto(step)
        assert s.game.state_hash() == Game.from_record(record, upto=step).state_hash()


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "[]",
        json.dumps({"format": "something else"}),
        json.dumps({"format": "iridescia-record", "format_version": 1, "game": "chess"}),
        "\x00\xff binary",
    ],
)
def test_malformed_records_exit_1(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    for argv in (["play", "--load", str(path)], ["replay", str(path)]):
        out, buf = console()
        assert main(argv, console=out, read=scripted_input([])) == 1
        assert f"Cannot load {path}" in buf.getvalue()


def test_malformed_record_variants_exit_1(tmp_path: Path) -> None:
    base = Game.new(2, 1).record().to_json()
    variants = [
        {**base, "players": 9},
        {**base, "options": {"colour": "blue"}},
        {**base, "actions": ["fly away"]},
        {**base, "actions": ["reveal 58"]},
        {**base, "hashes": ["0" * 16]},
        {**base, "seed": "one"},
        {**base, "rules_version": 999},
    ]
    for i, data in enumerate(variants):
        path = tmp_path / f"v{i}.json"
        path.write_text(json.dumps(data))
        out, buf = console()
        assert main(["replay", str(path)], console=out, read=scripted_input([])) == 1, data
        assert "Cannot load" in buf.getvalue()
    out, buf = console()
    missing = tmp_path / "missing.json"
    assert main(["play", "--load", str(missing)], console=out, read=scripted_input([])) == 1


# ---------------------------------------------------------------- the Rhom


def test_solo_refuses_three_players_with_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = console()
    assert main(["play", "--solo", "--players", "3"], console=out, read=scripted_input([])) == 2
    assert "--solo" in capsys.readouterr().err


def test_solo_bot_game_shows_the_solo_result() -> None:
    out, buf = console()
    argv = ["play", "--solo", "--seat", "1=random", "--seed", "9"]
    assert main(argv, console=out, read=scripted_input([])) == 0
    text = buf.getvalue()
    assert "Final scores" in text and "Merchant (Rhom)" in text
    assert any(w in text for w in ("You win (", "The Rhom wins (", "Draw ("))
    assert "Rhom draws card" in text  # an all-bot game prints every event, the Rhom's too


def test_players_1_alone_means_solo() -> None:
    out, buf = console()
    argv = ["play", "--players", "1", "--seat", "1=random", "--seed", "2"]
    assert main(argv, console=out, read=scripted_input([])) == 0
    assert "Rhom" in buf.getvalue() and "Final scores" in buf.getvalue()


def test_variant_with_two_random_explorers_and_the_rhom_finishes(tmp_path: Path) -> None:
    path = tmp_path / "variant.json"
    out, buf = console()
    argv = ["play", "--rhom", "--players", "2", *all_random(2), "--seed", "5"]
    assert main([*argv, "--save", str(path)], console=out, read=scripted_input([])) == 0
    text = buf.getvalue()
    assert "Final scores" in text and "Winner" in text and "Rhom" in text
    record = GameRecord.load(path)
    assert record.players == 2 and record.options["rhom"] is True
    assert record.seats == ("random", "random", "rhom")
    game = Game.from_record(record)
    assert game.is_terminal() and game.rhom_seat == 2


def test_variant_catapult_for_the_fourth_explorer() -> None:
    out, buf = console()
    argv = ["play", "--rhom", "--players", "3", *all_random(3), "--seed", "1"]
    argv += ["--catapult-for-fourth"]
    assert main(argv, console=out, read=scripted_input([])) == 0
    assert "Final scores" in buf.getvalue()


def test_solo_save_then_load_keeps_the_state_hash(tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    out, buf = console()
    lines = ["1"] * 12 + [f"save {path}", "quit", "n"]
    assert main(["play", "--solo", "--seed", "3"], console=out, read=scripted_input(lines)) == 0
    assert f"Game saved to {path}" in buf.getvalue()
    record = GameRecord.load(path)
    assert record.players == 1 and record.seats == ("human", "rhom")
    saved = Game.from_record(record)
    assert saved.rhom_seat == 1 and len(record.actions) == 12

    again = tmp_path / "again.json"
    out2, buf2 = console()
    lines2 = [f"save {again}", "quit", "n"]
    assert main(["play", "--load", str(path)], console=out2, read=scripted_input(lines2)) == 0
    assert f"Resumed {path} after 12 actions" in buf2.getvalue()
    assert Game.from_record(GameRecord.load(again)).state_hash() == saved.state_hash()


def test_loaded_solo_game_plays_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    out, _ = console()
    lines = ["1"] * 5 + [f"save {path}", "quit", "n"]
    assert main(["play", "--solo", "--seed", "8"], console=out, read=scripted_input(lines)) == 0
    out2, buf2 = console()
    argv = ["play", "--load", str(path), "--seat", "1=random", "--save", str(path)]
    assert main(argv, console=out2, read=scripted_input([])) == 0
    assert "Final scores" in buf2.getvalue()
    game = Game.from_record(GameRecord.load(path))
    assert game.is_terminal() and game.rhom_seat == 1


def test_replay_of_a_solo_game(tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    out, _ = console()
    argv = ["play", "--solo", "--seat", "1=random", "--seed", "4", "--save", str(path)]
    assert main(argv, console=out, read=scripted_input([])) == 0
    record = GameRecord.load(path)
    total = len(record.actions)
    game = Game.from_record(record, upto=0)
    # The first action after which the Rhom plays a turn with a card.
    step = next(
        i
        for i, action in enumerate(record.actions, start=1)
        if any(e.kind == "rhom_card" for e in game.apply(action))
    )
    out2, buf2 = console()
    lines = [str(step - 1), "", str(total - 1), "", "q"]
    assert main(["replay", str(path)], console=out2, read=scripted_input(lines)) == 0
    text = buf2.getvalue()
    assert "Rhom's turn 1" in text  # step 0: the Rhom has played its first turn
    screen = text.split(f"Replay {step}/{total}")[1].split("Gems of Iridescia")[0]
    assert "Rhom's turn 3" in screen and "Rhom draws card" in screen
    assert f"Replay {total}/{total}" in text and "Final scores" in text
    assert any(w in text for w in ("You win (", "The Rhom wins (", "Draw ("))


# ---------------------------------------------------------------- games by name, languages


def test_play_help_lists_the_games_options(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = console()
    assert main(["play", "--help"], console=out, read=scripted_input([])) == 0
    text = capsys.readouterr().out
    for flag in ("--game", "--mode", "--solo", "--rhom", "--players", "--seat", "--lang"):
        assert flag in text
    assert "--catapult-for-fourth" in text and "Gems of Iridescia table options" in text
    assert main(["play", "--game", "gem-rush", "--help"], console=out) == 0
    text = capsys.readouterr().out
    for flag in ("--level", "--target", "--hidden-hands", "--rush-burns", "--crisis-may-stop"):
        assert flag in text
    assert "--catapult-for-fourth" not in text and "--rush" in text


def test_mode_flag_and_mode_option_are_the_same_game() -> None:
    texts = []
    for argv in (["--solo"], ["--mode", "solo"], ["--players", "1"]):
        out, buf = console()
        args = ["play", *argv, "--seat", "1=random", "--seed", "6"]
        assert main(args, console=out, read=scripted_input([])) == 0
        texts.append(buf.getvalue())
    assert texts[0] == texts[1] == texts[2] and "Rhom draws card" in texts[0]


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--game", "chess"],
        ["play", "--game", "gem-rush", "--seat", "1=grumpy"],  # no such bot
        ["play", "--game", "gem-rush", "--mode", "rush", "--level", "expert"],
        ["play", "--game", "gem-rush", "--players", "8"],
        ["play", "--game", "gem-rush", "--catapult-for-fourth"],
        ["play", "--solo", "--first-player", "1"],
        ["play", "--first-player", "9"],
        ["play", "--mode", "duel"],
        ["play", "--load", "x.json", "--game", "gem-rush", "--level", "expert"],
    ],
)
def test_bad_game_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = console()
    assert main(argv, console=out, read=scripted_input([])) == 2
    err = capsys.readouterr().err
    assert "error" in err and "Traceback" not in err


def test_gem_rush_plays_by_name_and_replays_from_its_record(tmp_path: Path) -> None:
    path = tmp_path / "rush.json"
    out, buf = console()
    argv = ["play", "--game", "gem-rush", "--rush", *all_random(2), "--seed", "2"]
    assert main([*argv, "--save", str(path)], console=out, read=scripted_input([])) == 0
    assert "Seed 2" in buf.getvalue()
    record = GameRecord.load(path)
    assert record.game == "gem-rush" and record.seats == ("random", "random")
    out2, buf2 = console()
    assert main(["replay", str(path)], console=out2, read=scripted_input(["", "q"])) == 0
    assert "Replay 1/" in buf2.getvalue()


@pytest.mark.parametrize(
    ("lang", "words"), [("fr", ("Graine 4", "Décompte final")), ("ja", ("シード 4", "最終得点"))]
)
def test_languages_play_and_replay(lang: str, words: tuple[str, str], tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    out, buf = console()
    argv = ["play", *all_random(2), "--seed", "4", "--lang", lang, "--save", str(path)]
    assert main(argv, console=out, read=scripted_input([])) == 0
    assert all(w in buf.getvalue() for w in words)
    out2, buf2 = console()
    lines = ["9999", "q"]
    assert (
        main(["replay", str(path), "--lang", lang], console=out2, read=scripted_input(lines)) == 0
    )
    assert words[1] in buf2.getvalue()


def test_version_1_records_still_replay(tmp_path: Path) -> None:
    game = Game.new(2, 5)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    data = game.record().to_json()
    del data["data_set"]
    data["format_version"] = 1
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(data))
    out, buf = console()
    assert main(["replay", str(path)], console=out, read=scripted_input(["6", "q"])) == 0
    assert "Replay 6/6" in buf.getvalue() and "End of the record" in buf.getvalue()


def test_replay_checks_the_game_it_is_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _finished_record(tmp_path)
    out, _ = console()
    argv = ["replay", "--game", "gem-rush", str(path)]
    assert main(argv, console=out, read=scripted_input(["q"])) == 2
    assert "is a game of gems-of-iridescia" in capsys.readouterr().err
    argv = ["replay", "--game", "gems-of-iridescia", str(path)]
    assert main(argv, console=out, read=scripted_input(["q"])) == 0
