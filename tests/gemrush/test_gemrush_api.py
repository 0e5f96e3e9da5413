"""The public API of Gem Rush: ``GAME`` as a ``GameSpec``, its metadata, options and rules
parameters, the provisional-components notice, and ``GemRushGame`` as a ``Game``."""

from __future__ import annotations

import json

import pytest
from gemrush_helpers import play

from iridescia.core.errors import IllegalActionError, InvalidActionError
from iridescia.core.game import Game, GameSpec
from iridescia.core.rng import Rng
from iridescia.games import gemrush
from iridescia.games.gemrush import DATA_SET, GAME, NOTICE, GemRushGame, Options, RulesParams


def test_game_info() -> None:
    info = GAME.info
    assert info.name == "gem-rush" and info.title == "Gem Rush"
    assert info.data_set == DATA_SET == "gemrush-2e-provisional-2" and info.notice == NOTICE
    assert "Provisional components" in NOTICE
    crisis, rush = info.modes
    assert (crisis.name, crisis.min_players, crisis.max_players, crisis.cooperative) == (
        "crisis", 1, 7, True,
    )  # fmt: skip
    assert (rush.name, rush.min_players, rush.max_players, rush.cooperative) == (
        "rush", 2, 7, False,
    )  # fmt: skip
    assert info.max_seats == 7 and info.num_actions == len(GAME.actions)
    names = {o.name for o in info.options}
    assert {"mode", "level", "target", "hidden_hands", "first_player", "rush_burns",
            "crisis_may_stop", "skills"} == names  # fmt: skip
    json.dumps(info.to_json())
    assert GAME.heuristics() is not None  # the search bots play it (test_gemrush_bots)


def test_protocols_at_runtime() -> None:
    spec: GameSpec = GAME
    game: Game = spec.new(2)
    assert isinstance(game, GemRushGame)
    assert game.spec is GAME and game.automa_seats == () and game.num_players == 2
    assert game.mode == "crisis" and game.seed == 0 and game.current_player is not None
    for name in gemrush.__all__:
        assert hasattr(gemrush, name)


@pytest.mark.parametrize(
    ("players", "options", "kwargs", "message"),
    [
        (1, {}, {"mode": "rush"}, "2-7 players"),
        (8, {}, {}, "1-7 players"),
        (0, {}, {}, "players"),
        (2, {"mode": "crisis"}, {"mode": "rush"}, "contradicts"),
        (2, {"level": "master"}, {"mode": "rush"}, "applies to crisis only"),
        (2, {"first_player": 2}, {}, "first_player"),
        (2, {"skills": "normal"}, {}, "not available"),
        (2, {"target": 0}, {}, "at least 1"),
        (2, {"colour": "red"}, {}, "unknown options"),
        (2, {"hidden_hands": "yes"}, {}, "bool"),
    ],
)
def test_bad_tables_are_refused(
    players: int, options: dict[str, object], kwargs: dict[str, str], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        GAME.new(players, 1, options, **kwargs)  # type: ignore[arg-type]


def test_targets() -> None:
    assert GAME.new(2).state.target == 44  # journeyman, the default level (R3)
    assert GAME.new(2, 0, {"level": "grandmaster"}).state.target == 72
    assert GAME.new(2, 0, {"level": "none"}).state.target == 0
    assert GAME.new(2, 0, {"target": 50}).state.target == 50
    assert GAME.new(2, 0, {}, {"no_skills_offset": 8}).state.target == 36  # R96
    assert GAME.new(4, mode="rush").state.target == 20  # R4
    assert GAME.new(5, mode="rush").state.target == 20  # data set -2 (docs/gemrush-balance.md)
    first = {"data_set": "gemrush-2e-provisional-1"}
    assert GAME.new(5, 0, {}, first, mode="rush").state.target == 15  # R4 as printed
    assert GAME.new(3, 0, {"target": 9}, mode="rush").state.target == 9


def test_rules_params_round_trip_and_overrides() -> None:
    p = RulesParams.for_data_set(DATA_SET).with_overrides(
        {"burn_per_turn": "4", "crisis_levels": "30/40/50/60/66/72", "rush_burns": "yes"}
    )
    assert p.burn_per_turn == 4 and p.crisis_levels[0] == 30 and p.rush_burns
    assert RulesParams.from_json(json.loads(json.dumps(p.to_json()))) == p
    assert p.non_default_json() == {
        "burn_per_turn": 4, "crisis_levels": [30, 40, 50, 60, 66, 72], "rush_burns": True,
    }  # fmt: skip
    for bad in ({"steps": "3"}, {"hand_limit": "four"}, {"rush_burns": "maybe"}):
        with pytest.raises(ValueError):
            RulesParams.for_data_set(DATA_SET).with_overrides(bad)
    for bad_json in ({"hand_limit": -1}, {"hand_limit": True}, {"crisis_levels": [1, 2]}):
        with pytest.raises(ValueError):
            RulesParams.from_json(bad_json)
    assert Options.from_json(Options(mode="rush").to_json()) == Options(mode="rush")


def test_outcome_is_computed_once_and_logs_are_optional() -> None:
    game = GAME.new(2, 3, mode="rush")
    with pytest.raises(ValueError):
        game.outcome()
    play(game, Rng(3))
    assert game.outcome() is game.outcome()
    assert game.current_player is None and game.decision() is None
    assert game.legal_actions() == []
    assert game.log and game.log[-1].kind == "game_over"
    quiet = GAME.new(2, 3, mode="rush", keep_log=False)
    play(quiet, Rng(3))
    assert quiet.log == [] and quiet.state_hash() == game.state_hash()
    redacted = game.redact(game.log, 0)
    assert len(redacted) == len(game.log)


def test_decision_and_legal_actions_agree() -> None:
    game = GAME.new(3, 4)
    rng = Rng(4)
    for _ in range(200):
        if game.is_terminal():
            break
        d = game.decision()
        assert d is not None and d.player == game.current_player
        assert list(d.actions) == game.legal_actions()
        assert [a.id for a in d.actions] == sorted(a.id for a in d.actions)
        game.legal_actions().clear()  # a copy: the game's own list is untouched
        game.apply(d.actions[rng.below(len(d.actions))])


@pytest.mark.parametrize("players", [1, 3, 6])
def test_actions_naming_a_seat_the_table_has_not_are_refused_and_change_nothing(
    players: int,
) -> None:
    """A 'wrong seat' (``swap 5`` or ``burn seat 5`` at a 3-player table) is refused with the
    documented error, whatever the decision, and the game stays exactly as it was; a seat no
    table has (``swap 8``) does not even parse."""
    absent = [f"swap {n}" for n in range(players + 1, 8)]
    absent += [f"burn seat {n}" for n in range(players + 1, 8)]
    game = GAME.new(players, 11, mode="crisis", keep_log=True)
    rng = Rng(11)
    checked = 0
    while not game.is_terminal() and checked < 40:
        before = (game.state_hash(), len(game.history()), len(game.log))
        for text in absent:
            with pytest.raises(IllegalActionError):
                game.apply(text)
        for text in ("swap 8", "burn seat 0", "swap -1"):
            with pytest.raises(InvalidActionError):
                game.apply(text)
        assert (game.state_hash(), len(game.history()), len(game.log)) == before
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
        checked += 1
