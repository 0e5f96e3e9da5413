"""Worlds rebuilt from a view (``worlds.world_from_view``): what search bots simulate.

Over random games of every table kind (2-4 players, solo, the Rhom variant, the "busy" policy
that reaches items, overflows and shortages), at every step, for the seat to act and for another
seat: the world's view of that seat equals the view it was built from, its legal actions are the
same, it satisfies every engine invariant, and it plays on to the end. Hidden parts really are
re-dealt (different worlds from different seeds), and bad input is refused.
"""

from __future__ import annotations

import copy

import pytest

from conftest import busy, check_invariants, uniform
from iridescia import Game, Options
from iridescia.core.rng import Rng
from iridescia.games.iridescia import rules, views
from iridescia.games.iridescia.worlds import world_from_view

TABLES = [
    (2, False),
    (3, False),
    (4, False),
    (1, True),
    (2, True),
    (3, True),
]


def _new(players: int, rhom: bool, seed: int) -> Game:
    if players == 1:
        return Game.new(1, seed)
    return Game.new(players, seed, Options(rhom=rhom))


@pytest.mark.parametrize(("players", "rhom"), TABLES)
@pytest.mark.parametrize("policy", [uniform, busy], ids=["uniform", "busy"])
def test_world_reproduces_the_view(players: int, rhom: bool, policy: object) -> None:
    checked = 0
    for seed in range(3):
        game = _new(players, rhom, seed)
        rng = Rng(seed)
        step = 0
        while not game.is_terminal():
            seat = game.current_player
            assert seat is not None
            seats = [seat, (seat + 1) % game.num_players]
            for viewer in seats:
                if viewer == game.rhom_seat:
                    continue
                v = game.view(viewer)
                original = copy.deepcopy(v)
                w = world_from_view(v, Rng(step * 7 + viewer))
                assert v == original, "building a world must not change the view"
                assert views.view(w, viewer) == v
                if viewer == seat:
                    assert rules.legal_actions(w) == game.legal_actions()
                if step % 23 == 0:
                    check_invariants(w)
                checked += 1
            if step % 41 == 0:
                w = world_from_view(game.view(seat), Rng(step))
                while rules.decision_kind(w) is not None:
                    legal = rules.legal_actions(w)
                    rules.apply(w, legal[rng.below(len(legal))])
            legal = game.legal_actions()
            game.apply(policy(legal, rng))  # type: ignore[operator]
            step += 1
    assert checked > 200


def test_hidden_parts_are_redealt() -> None:
    game = Game.new(4, 3)
    rng = Rng(1)
    for _ in range(60):
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    seat = game.current_player
    assert seat is not None
    v = game.view(seat)
    worlds = [world_from_view(v, Rng(k)) for k in range(6)]
    assert len({tuple(w.tile_at) for w in worlds}) > 1
    assert len({tuple(w.relic_deck) for w in worlds}) > 1
    others = [p for p in range(4) if p != seat]
    assert len({tuple(w.players[others[0]].objectives) for w in worlds}) > 1
    for w in worlds:
        assert w.players[seat].objectives == game.state.players[seat].objectives


def test_world_from_a_determinised_game_is_the_same_world() -> None:
    """A world depends on the view only: the true game and a re-dealt one give the same world."""
    game = Game.new(3, 11)
    rng = Rng(2)
    for _ in range(50):
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    seat = game.current_player
    assert seat is not None
    other = game.determinize(seat, Rng(99))
    a = world_from_view(game.view(seat), Rng(5))
    b = world_from_view(other.view(seat), Rng(5))
    assert a.state_hash() == b.state_hash()


def test_spectator_and_inconsistent_views_are_refused() -> None:
    game = Game.new(2, 1)
    with pytest.raises(ValueError, match="spectator"):
        world_from_view(game.spectator_view(), Rng(0))
    v = game.view(0)
    v["relic_deck"]["count"] += 1
    with pytest.raises(ValueError, match="relics"):
        world_from_view(v, Rng(0))
    v = game.view(0)
    v["item_deck_count"] -= 1
    with pytest.raises(ValueError, match="item"):
        world_from_view(v, Rng(0))
