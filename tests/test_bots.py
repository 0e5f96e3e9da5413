"""Bots: the interface, hidden information, determinism, specs, and a little strength.

- Conformance: a bot sees only its view. Given the view of the true game and the view of a game
  in which everything hidden from it was re-dealt (the same view), with the same RNG, every bot
  picks the same action; it never changes the view or the legal-action list it was given, and
  always returns one of the legal actions.
- Determinism: the same seed and budget give the same game, move for move.
- Specs: ``make_bot`` accepts names, levels and MCTS options, and refuses bad ones clearly.
- Strength (a small sample; the measured figures are in docs/bots.md): greedy beats random.
"""

from __future__ import annotations

import copy
from typing import Any, cast

import pytest

from iridescia import Game, Options
from iridescia.bots import bot_names, make_bot
from iridescia.bots.mcts import MctsBot
from iridescia.core.game import GameSpec
from iridescia.core.rng import Rng
from iridescia.games.iridescia.data import RELIC_BY_ID
from iridescia.games.iridescia.evaluate import estimate, relic_parts

FAST_SPECS = [
    "random",
    "greedy",
    "greedy:horizon",
    "easy",
    "mcts:iterations=40,per_action=10,worlds=8",
    "mcts:iterations=40,per_action=10,worlds=8,horizon=1",
]


def _advance(game: Game, steps: int, seed: int) -> None:
    rng = Rng(seed)
    for _ in range(steps):
        if game.is_terminal():
            return
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])


def play(specs: list[str], seed: int, solo: bool = False) -> Game:
    game = Game.new(1, seed) if solo else Game.new(len(specs), seed)
    bots = {i: make_bot(spec) for i, spec in enumerate(specs)}
    rngs = {i: Rng(seed * 16 + i + 1) for i in bots}
    while not game.is_terminal():
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        action = bots[seat].choose(game.view(seat), legal, rngs[seat])
        assert action in legal
        game.apply(action)
    return game


def test_registry_lists_every_level() -> None:
    assert {"random", "greedy", "mcts", "easy", "medium", "hard"} <= set(bot_names())
    assert make_bot("hard").name == "hard"
    assert make_bot("mcts:hard").name == "mcts:hard"
    bot = make_bot("mcts:iterations=77,worlds=3,c=0.9,per_action=5")
    assert isinstance(bot, MctsBot)
    assert (bot.iterations, bot.worlds, bot.exploration, bot.per_action) == (77, 3, 0.9, 5)
    assert bot.horizon is None
    looking = make_bot("mcts:iterations=77,horizon=2")
    assert isinstance(looking, MctsBot) and looking.horizon is not None
    assert looking.horizon_turns == 2


@pytest.mark.parametrize(
    "spec",
    ["nobody", "greedy:fast", "random:1", "mcts:iterations", "mcts:iterations=x", "mcts:depth=3",
     "mcts:iterations=0", "mcts:horizon=-1", ""],
)  # fmt: skip
def test_bad_specs_are_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        make_bot(spec)


@pytest.mark.parametrize("spec", FAST_SPECS)
@pytest.mark.parametrize(("players", "rhom"), [(2, False), (4, False), (1, True), (3, True)])
def test_bots_see_only_their_view(spec: str, players: int, rhom: bool) -> None:
    for seed in range(3):
        game = Game.new(players, seed, Options(rhom=rhom)) if players > 1 else Game.new(1, seed)
        _advance(game, 25 + 17 * seed, seed)
        if game.is_terminal():
            continue
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        view = game.view(seat)
        frozen_view, frozen_legal = copy.deepcopy(view), list(legal)
        action = make_bot(spec).choose(view, legal, Rng(seed))
        assert view == frozen_view and legal == frozen_legal
        assert action in legal
        redealt = game.determinize(seat, Rng(1000 + seed))
        assert redealt.view(seat) == view
        again = make_bot(spec).choose(redealt.view(seat), redealt.legal_actions(), Rng(seed))
        assert again == action


@pytest.mark.parametrize(
    "spec", ["greedy", "greedy:horizon", "easy", "mcts:iterations=60,horizon=2"]
)
def test_bot_games_are_deterministic(spec: str) -> None:
    a = play([spec, "random"], 5)
    b = play([spec, "random"], 5)
    assert a.state_hash() == b.state_hash()
    assert [str(x) for x in a.history()] == [str(x) for x in b.history()]


def test_solo_and_variant_games_finish() -> None:
    game = play(["easy"], 3, solo=True)
    assert game.is_terminal() and len(game.scores()) == 2
    variant = Game.new(2, 4, Options(rhom=True))
    bots = [make_bot("greedy"), make_bot("easy")]
    rng = Rng(1)
    while not variant.is_terminal():
        seat = variant.current_player
        assert seat is not None
        variant.apply(bots[seat].choose(variant.view(seat), variant.legal_actions(), rng))
    assert variant.is_terminal()


def test_single_legal_action_needs_no_search() -> None:
    game = Game.new(2, 0)
    while len(game.legal_actions()) != 1:
        _advance(game, 1, 3)
    bot = make_bot("hard")
    assert isinstance(bot, MctsBot)
    seat = game.current_player
    assert seat is not None
    assert bot.choose(game.view(seat), game.legal_actions(), Rng(0)) == game.legal_actions()[0]
    assert bot.last_iterations == 0


def test_greedy_beats_random() -> None:
    wins = 0
    for seed in range(8):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        game = play(specs, 100 + seed)
        wins += specs.index("greedy") in game.winners()
    assert wins >= 7


def test_evaluator_values_what_a_player_holds() -> None:
    game = Game.new(2, 9)
    s = game.state
    base = estimate(s)
    richer = s.clone()
    richer.players[0].coins += 6
    assert estimate(richer)[0] > base[0]
    assert estimate(richer)[1] == base[1]
    row = tuple(s.relic_row)
    exact = RELIC_BY_ID[row[0]].cost
    assert relic_parts((0, 0, 0, 0), row) == (0.0, 0.0, 0)
    assert relic_parts(exact, row)[0] >= RELIC_BY_ID[row[0]].points


class _NoHeuristics:
    """Gem Rush as a game that has no search heuristics (a game being added to the edition)."""

    def __init__(self, spec: GameSpec) -> None:
        self._spec = spec

    def __getattr__(self, name: str) -> Any:
        return getattr(self._spec, name)

    def heuristics(self) -> None:
        return None


def test_bots_are_built_for_a_game_and_refuse_one_they_cannot_play() -> None:
    import iridescia.games as games

    rush = games.get("gem-rush")
    assert {"random", "greedy", "mcts", "easy", "medium", "hard"} <= set(bot_names(rush))
    bare = cast(GameSpec, _NoHeuristics(rush))
    names = set(bot_names(bare))  # (other tests may register bots of their own)
    assert "random" in names and not names & {"greedy", "mcts", "easy", "medium", "hard"}
    assert make_bot("random", bare).name == "random"
    for spec in ("greedy", "hard", "mcts:iterations=5"):
        with pytest.raises(ValueError, match="cannot play Gem Rush"):
            make_bot(spec, bare)
    game = rush.new(3, 5, mode="crisis")
    bot = make_bot("random", bare)
    rng = Rng(1)
    while not game.is_terminal():
        seat = game.current_player
        assert seat is not None
        game.apply(bot.choose(game.view(seat), game.legal_actions(), rng))
    assert game.outcome().team_score is not None
