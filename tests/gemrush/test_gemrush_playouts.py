"""Random playouts of Gem Rush with the state invariants checked at every step.

Both modes, 1-7 players, the table's variants. Every step: each card in exactly one zone, each
tile once, dwarves only in rooms, scores and steps never negative (``gemrush_helpers``). Every
turn ends. Crisis with the defaults ends after ceil(75 / 3) = 25 turns (R42); Rush ends by
phase 0 (R11) or the round limit (R88); with ``rush_burns`` also once every card is burnt (R60).
"""

from __future__ import annotations

import math

import pytest
from gemrush_helpers import play

from iridescia.core.rng import Rng
from iridescia.games.gemrush import GAME

# 2,064 playouts in all: 200 Crisis games for each of 1-7 players (about 10 ms each with the
# checks), 100 Rush games for each of 2-7 players (about 50 ms: Rush games are 3-5 times
# longer), and 64 with the table's variants. Split into chunks so that pytest-xdist spreads
# them over its workers; each chunk uses its own range of seeds.
CRISIS_SEEDS, RUSH_SEEDS, CHUNKS = 200, 100, 4


def chunk_seeds(total: int, chunk: int) -> range:
    size = total // CHUNKS
    return range(chunk * size, (chunk + 1) * size)


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", range(1, 8))
def test_crisis_playouts(players: int, chunk: int) -> None:
    for seed in chunk_seeds(CRISIS_SEEDS, chunk):
        game = GAME.new(players, seed, mode="crisis", keep_log=False)
        play(game, Rng(seed), check=True)
        outcome = game.outcome()
        assert game.state.turns_done == math.ceil(75 / 3)  # R42
        assert outcome.reason == "all cards burnt"
        assert outcome.team_score == sum(outcome.scores)
        won = outcome.team_score >= 44  # journeyman, the default level
        assert outcome.returns == ((1.0 if won else 0.0),) * players  # R43
        assert len(game.state.burnt_deck) + len(game.state.burnt_hand) == 75


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", range(2, 8))
def test_rush_playouts(players: int, chunk: int) -> None:
    for seed in chunk_seeds(RUSH_SEEDS, chunk):
        game = GAME.new(players, seed, mode="rush", keep_log=False)
        play(game, Rng(seed), check=True)
        outcome = game.outcome()
        s = game.state
        assert outcome.reason in ("target reached", "round limit")  # R11, R88
        assert s.current == s.first_player and s.turns_done % players == 0  # whole rounds
        if outcome.reason == "target reached":
            assert max(outcome.scores) >= s.target
        best = max(outcome.scores)
        winners = tuple(i for i in range(players) if outcome.scores[i] == best)
        assert outcome.winners == winners  # R45, R66
        assert sum(outcome.returns) == pytest.approx(1.0)
        assert not s.burnt_deck and not s.burnt_hand  # R60: no burning in Rush


@pytest.mark.parametrize(
    ("mode", "options", "params"),
    [
        ("crisis", {"hidden_hands": True}, {}),
        ("crisis", {"level": "none"}, {}),
        ("crisis", {"crisis_may_stop": True, "target": 20}, {}),
        ("crisis", {}, {"burn_per_turn": 4, "starting_hand": 6}),
        ("rush", {"rush_burns": True}, {}),
        ("rush", {}, {"rush_round_limit": 3}),
        ("rush", {"target": 60}, {"free_effect_limit": 0, "steps_per_turn": 5}),
    ],
)
def test_variant_playouts(mode: str, options: dict[str, object], params: dict[str, int]) -> None:
    for seed in range(8):
        players = 2 + seed % 5
        game = GAME.new(players, seed, options, params, mode=mode, keep_log=False)
        play(game, Rng(seed), check=True)
        outcome = game.outcome()
        if params.get("rush_round_limit"):
            assert game.state.turns_done <= 3 * players
        if options.get("rush_burns"):
            assert outcome.reason in ("target reached", "all cards burnt", "round limit")
        if options.get("level") == "none":
            assert outcome.target is None and outcome.winners == ()
            assert outcome.returns == (float(outcome.team_score or 0),) * players
        if options.get("crisis_may_stop"):
            assert outcome.reason in ("all cards burnt", "stopped at the target")
        if mode == "crisis" and outcome.reason == "all cards burnt":
            burn = params.get("burn_per_turn", 3)
            assert game.state.turns_done == math.ceil(75 / burn)  # R42


@pytest.mark.parametrize("burn", [1, 2, 4, 5, 7, 10, 75])
def test_crisis_ends_after_ceil_75_over_the_burn_rate_turns(burn: int) -> None:
    """R41, R42: whatever the burn rate, the deck burns out after ceil(75 / burn) turns."""
    for seed in range(3):
        players = 1 + seed * 3
        game = GAME.new(players, seed, {}, {"burn_per_turn": burn}, mode="crisis", keep_log=False)
        play(game, Rng(seed), check=True)
        assert game.outcome().reason == "all cards burnt"
        assert game.state.turns_done == math.ceil(75 / burn)


def test_the_round_limit_ends_rush_games() -> None:
    """R88: with a round limit of 1, the game ends at the start of round 2."""
    game = GAME.new(3, 5, {}, {"rush_round_limit": 1}, mode="rush", keep_log=False)
    play(game, Rng(5), check=True)
    assert game.outcome().reason == "round limit"
    assert game.state.turns_done == 3
