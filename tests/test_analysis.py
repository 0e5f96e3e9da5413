"""``iridescia analyse`` and ``iridescia.analysis``: a seat's decisions next to a bot's.

The analysis is generic (the contract, the game's heuristics, the bots); it is checked on short
games of both games with the fast greedy bot: it is deterministic, it sees only the seat's view
(the other seats' secrets re-dealt do not change it), it finds a planted mistake, and the
command line prints the summary, the curve and the table, and writes JSON.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from iridescia import games
from iridescia.analysis import analyse
from iridescia.bots import make_bot
from iridescia.cli import main
from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games.iridescia import Game, Options


def greedy_record(seed: int, actions: int, blunder_at: int | None = None) -> GameRecord:
    """Two greedy players for ``actions`` actions; at action ``blunder_at`` seat 1 ends its
    optional actions at once when it could do something (a plain, measurable mistake)."""
    game = Game.new(2, seed, Options(first_player=0))
    bot = make_bot("greedy", games.get("gems-of-iridescia"))
    rng = Rng(seed)
    for step in range(actions):
        decision = game.decision()
        if decision is None:
            break
        legal = decision.actions
        choice = bot.choose(game.view(decision.player), legal, rng.fork())
        if step == blunder_at and decision.player == 0:
            ends = [a for a in legal if str(a) == "end"]
            choice = ends[0] if ends else choice
        game.apply(choice)
    return game.record(with_hashes=True, seats=("human", "greedy"))


def test_the_analysis_is_deterministic_and_covers_each_real_choice() -> None:
    record = greedy_record(7, 60)
    first = analyse(record, 0, bot="greedy", worlds=2, seed=3)
    again = analyse(record, 0, bot="greedy", worlds=2, seed=3)
    assert first.to_json() == again.to_json()
    assert first.moments and all(m.choices > 1 for m in first.moments)
    steps = [m.step for m in first.moments]
    assert steps == sorted(steps) and len(set(steps)) == len(steps)


def test_a_planted_mistake_is_found() -> None:
    # Find a step where seat 1 could act but is made to end its optional actions.
    for at in range(4, 60):
        base = greedy_record(11, 70)
        game = games.from_record(base, upto=at)
        decision = game.decision()
        ends = decision is not None and any(str(a) == "end" for a in decision.actions)
        if ends and decision is not None and decision.player == 0 and len(decision.actions) > 2:
            break
    record = greedy_record(11, at + 1, blunder_at=at)
    result = analyse(record, 0, bot="greedy", worlds=3)
    moment = next(m for m in result.moments if m.step == at)
    assert moment.played == "end"
    assert moment.suggested != "end" and moment.loss > 0
    assert moment in result.mistakes()


def test_a_seat_that_never_decides_is_refused() -> None:
    game = Game.new(1, 4, Options(rhom=True))
    record = game.record()
    with pytest.raises(ValueError, match="does not make decisions"):
        analyse(record, 1)


def test_gem_rush_games_are_analysed_too() -> None:
    spec = games.get("gem-rush")
    game = spec.new(2, 5, mode="rush")
    rng = Rng(5)
    for _ in range(25):
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    result = analyse(game.record(), 0, bot="greedy", worlds=1)
    assert result.game == "gem-rush" and result.moments


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_the_command_prints_the_summary_curve_and_mistakes_and_writes_json(
    tmp_path: Path, lang: str
) -> None:
    path = tmp_path / "g.json"
    greedy_record(7, 80).save(path)
    out = tmp_path / "analysis.json"
    buf = io.StringIO()
    argv = ["analyse", str(path), "--bot", "greedy", "--worlds", "1", "--json", str(out)]
    assert main([*argv, "--lang", lang], console=Console(file=buf, width=100)) == 0
    text = buf.getvalue()
    assert ("greedy" in text and "▁" in text) or "█" in text
    data = json.loads(out.read_text())
    assert data["seat"] == 0 and data["moments"]


def test_bad_arguments_get_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    greedy_record(7, 10).save(path)
    assert main(["analyse", str(path), "--bot", "nobody"], console=Console(file=io.StringIO())) == 2
    assert main(["analyse", str(path), "--worlds", "0"], console=Console(file=io.StringIO())) == 2
    assert (
        main(["analyse", str(tmp_path / "missing.json")], console=Console(file=io.StringIO())) == 1
    )
    assert "Traceback" not in capsys.readouterr().err
