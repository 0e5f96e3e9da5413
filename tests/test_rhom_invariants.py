"""Random playouts with the Rhom: 2,000 solo games and 500 variant games, invariants at every step.

On top of the engine's invariants (``conftest.check_invariants``): barricades at most 6 and never
in the Castle row, barricaded tiles never leave the board, the Rhom never holds coins or
objectives and never more than 7 gems, the Rhom never has a decision, no Rhom turn after it
reached the Castle, every explorer finished at the end, and a consistent final breakdown.
"""

from __future__ import annotations

import pytest

from conftest import MAX_ACTIONS, check_invariants
from iridescia import Game, Options
from iridescia.core.rng import Rng
from iridescia.games.iridescia import views

CASTLE_ROW = range(53, 59)


def _play(game: Game, seed: int) -> None:
    s = game.state
    rhom = game.rhom_seat
    assert rhom is not None
    rng = Rng(seed * 7 + 1)
    barricaded: dict[int, int] = {}
    steps = 0
    while not game.is_terminal():
        assert game.current_player != rhom
        legal = game.legal_actions()
        assert legal
        game.apply(legal[rng.below(len(legal))])
        steps += 1
        assert steps < MAX_ACTIONS
        check_invariants(s)
        assert sum(s.barricade) <= 6
        assert not any(s.barricade[h] for h in CASTLE_ROW)
        for h in range(1, 59):
            if s.barricade[h]:
                barricaded.setdefault(h, s.tile_at[h])
        for h, tile in barricaded.items():
            assert s.tile_at[h] == tile, f"barricaded tile {tile} left hex {h}"
        r = s.players[rhom]
        assert r.coins == 0 and r.objectives == () and sum(r.cargo) <= 7
        if steps % 25 == 0:
            human = 0
            before = game.view(human)
            assert views.view(views.determinize(s, human, Rng(steps)), human) == before
            assert "deck" not in str(before["rhom"]).replace("deck_count", "")
    assert all(p.finished for p in s.players)
    castle = [i for i, e in enumerate(game.log) if e.kind == "castle" and e.player == rhom]
    assert len(castle) == 1
    later = [e for e in game.log[castle[0] :] if e.kind == "turn" and e.player == rhom]
    assert later == [], "the Rhom acted after reaching the Castle"
    scores = game.scores()
    b = scores[rhom]
    assert b.objective == 0 and b.objective_id is None
    assert b.total == sum(v for k, v in b.as_dict().items() if k != "total")
    assert game.winners()


@pytest.mark.parametrize("chunk", range(8))
def test_solo_playouts(chunk: int) -> None:
    for seed in range(chunk * 250, chunk * 250 + 250):
        _play(Game.new(1, seed), seed)


@pytest.mark.parametrize("humans", [2, 3])
@pytest.mark.parametrize("chunk", range(2))
def test_variant_playouts(humans: int, chunk: int) -> None:
    for seed in range(chunk * 125, chunk * 125 + 125):
        _play(Game.new(humans, seed, Options(rhom=True)), seed)
