"""Statistics (spec section 10) folded from events, and the rules-parameters object."""

from __future__ import annotations

import pytest

from iridescia import Game, RulesParams
from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games.iridescia.actions import BUY, MINE, PLAY, RESTORE
from iridescia.games.iridescia.steps import cargo_size


def random_game(players: int, seed: int, params: RulesParams | None = None) -> Game:
    g = Game.new(players, seed, params=params)
    rng = Rng(seed + 1000)
    while not g.is_terminal():
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
    return g


@pytest.mark.parametrize("seed", range(12))
def test_statistics_agree_with_the_game(seed: int) -> None:
    players = 2 + seed % 3
    g = random_game(players, seed)
    stats = g.statistics()
    history = g.history()
    scores = g.scores()
    for seat, st in enumerate(stats):
        p = g.state.players[seat]
        assert sum(st["relics_by_type"].values()) == len(p.relics)
        assert sum(st["relics_by_lead"].values()) == len(p.relics)
        # Blocked explorers give tiles up, so the pile can only be smaller than what was taken.
        assert sum(st["tiles_collected"].values()) >= len(p.tiles)
        assert st["turns_taken"] == g.state.turns_taken[seat]
        assert st["points"]["total"] == scores[seat].total
        assert st["failed_attempts"] <= st["mining_attempts"]
        assert sum(st["dice_faces"].values()) >= 2 * st["mining_attempts"]
    # Counts folded from events match the actions taken.
    mines = sum(1 for a in history if a.kind == MINE)
    buys = sum(1 for a in history if a.kind == BUY)
    plays = sum(1 for a in history if a.kind == PLAY)
    restores = sum(1 for a in history if a.kind == RESTORE)
    assert sum(st["mining_attempts"] for st in stats) == mines
    assert sum(sum(st["items_bought"].values()) for st in stats) == buys
    assert sum(sum(st["items_used"].values()) for st in stats) == plays
    assert sum(sum(st["relics_by_type"].values()) for st in stats) == restores


def test_statistics_before_the_end_have_no_final_points() -> None:
    g = Game.new(3, 5)
    g.apply(g.legal_actions()[0])
    stats = g.statistics()
    assert len(stats) == 3
    assert all(st["points"] == {} for st in stats)


def test_params_overrides_parse_and_validate() -> None:
    p = RulesParams().with_overrides(
        {"starting_coins": "7", "unlimited_gem_supply": "true", "tile_sets": "3:4,5:8"}
    )
    assert p.starting_coins == 7
    assert p.unlimited_gem_supply is True
    assert p.tile_sets == ((3, 4), (5, 8))
    with pytest.raises(ValueError, match="unknown rules parameter"):
        RulesParams().with_overrides({"no_such_thing": "1"})
    with pytest.raises(ValueError, match="bad value"):
        RulesParams().with_overrides({"starting_coins": "seven"})
    with pytest.raises(ValueError, match="bad value"):
        RulesParams().with_overrides({"unlimited_gem_supply": "maybe"})
    assert RulesParams.from_json(p.to_json()) == p
    with pytest.raises(ValueError):
        RulesParams.from_json({"bogus": 1})


def test_params_change_the_game() -> None:
    params = RulesParams().with_overrides({"starting_coins": "9", "item_market_size": "4"})
    g = Game.new(2, 3, params=params)
    assert all(p.coins == 9 for p in g.state.players)
    assert len(g.state.item_market) == 4


@pytest.mark.parametrize("seed", range(6))
def test_smaller_cargo_limit_is_enforced(seed: int) -> None:
    params = RulesParams().with_overrides({"cargo_limit": "4"})
    g = Game.new(3, seed, params=params)
    rng = Rng(seed)
    while not g.is_terminal():
        d = g.decision()
        assert d is not None
        if d.kind != "cargo limit":
            assert all(cargo_size(p.cargo) <= 4 for p in g.state.players)
        g.apply(d.actions[rng.below(len(d.actions))])


def test_unlimited_supply_never_runs_short() -> None:
    params = RulesParams().with_overrides({"unlimited_gem_supply": "true"})
    g = random_game(4, 11, params)
    assert not any(e.kind == "supply_short" for e in g.log)


def test_params_travel_with_the_record() -> None:
    params = RulesParams().with_overrides({"starting_coins": "8"})
    g = random_game(2, 4, params)
    rec = GameRecord.loads(g.record().dumps())
    assert rec.params == {"starting_coins": 8}
    assert Game.from_record(rec).state_hash() == g.state_hash()
