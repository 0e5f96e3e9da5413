"""Determinism, records, clones and bad input for Gem Rush.

A game is (rules version, data set, seed, options, params, actions): the same seed gives the
same hashes at every step; a record survives JSON and replays with its hashes; a tampered
record is refused. ``clone()`` shares no mutable part (proved by walking ``__slots__``) and a
game played on a clone leaves the original's hash unchanged. Input that cannot be read or is
not legal raises the core errors and leaves the game exactly as it was.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from gemrush_helpers import play

from iridescia.core.errors import IllegalActionError, InvalidActionError, RecordError
from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games.gemrush import DATA_SET, GAME, NOTICE, GemRushGame
from iridescia.games.gemrush.state import PlayerState, State


def _trajectory(game: GemRushGame, seed: int) -> list[str]:
    hashes = [game.state_hash()]
    play(game, Rng(seed), on_step=lambda g: hashes.append(g.state_hash()))
    hashes.append(game.state_hash())
    return hashes


@pytest.mark.parametrize(("players", "mode"), [(1, "crisis"), (4, "crisis"), (3, "rush")])
def test_same_seed_same_hashes(players: int, mode: str) -> None:
    a = _trajectory(GAME.new(players, 11, mode=mode), 3)
    b = _trajectory(GAME.new(players, 11, mode=mode), 3)
    assert a == b
    c = GAME.new(players, 12, mode=mode)
    assert c.state_hash() != a[0]


@pytest.mark.parametrize(("players", "mode", "seed"), [(2, "crisis", 1), (4, "rush", 2)])
def test_record_round_trip_with_hashes(players: int, mode: str, seed: int) -> None:
    game = GAME.new(players, seed, {"first_player": 1}, {"burn_per_turn": 3}, mode=mode)
    play(game, Rng(seed))
    record = game.record(with_hashes=True, seats=("random",) * players)
    assert len(record.hashes) == len(record.actions) == len(game.history())
    assert record.hashes[-1] == game.state_hash()
    assert record.data_set == DATA_SET and record.notice == NOTICE
    assert record.options["mode"] == mode and record.params == {}
    loaded = GameRecord.loads(record.dumps())
    assert loaded == record
    replayed = GAME.from_record(loaded)
    assert replayed.state_hash() == game.state_hash()
    assert replayed.outcome() == game.outcome()
    halfway = GAME.from_record(loaded, upto=len(record.actions) // 2)
    assert halfway.state_hash() == record.hashes[len(record.actions) // 2 - 1]


def test_tampered_records_are_refused() -> None:
    game = GAME.new(2, 4)
    play(game, Rng(4))
    record = game.record(with_hashes=True)
    hashes = list(record.hashes)
    hashes[5] = "0" * 32
    with pytest.raises(RecordError, match="hash differs"):
        GAME.from_record(dataclasses.replace(record, hashes=tuple(hashes)))
    actions = list(record.actions)
    actions[3] = "fly away"
    with pytest.raises(RecordError, match="does not replay"):
        GAME.from_record(dataclasses.replace(record, actions=tuple(actions), hashes=()))
    for bad in (
        dataclasses.replace(record, game="gems-of-iridescia"),
        dataclasses.replace(record, rules_version=99),
        dataclasses.replace(record, data_set="gemrush-2e"),
        dataclasses.replace(record, options={"mode": "rush"}, players=1),
    ):
        with pytest.raises(RecordError):
            GAME.from_record(bad)


# ------------------------------------------------------------------ clones


def _mutable_parts(obj: Any, path: str, out: dict[int, str]) -> None:
    """Every list, dict and PlayerState reachable through ``__slots__`` (caches excepted)."""
    if isinstance(obj, list | dict):
        out[id(obj)] = path
        for i, item in enumerate(obj.values() if isinstance(obj, dict) else obj):
            _mutable_parts(item, f"{path}[{i}]", out)
    elif isinstance(obj, State | PlayerState):
        out[id(obj)] = path
        for name in type(obj).__slots__:
            if name.endswith("_cache"):
                continue  # derived, replaced on change, never modified in place
            _mutable_parts(getattr(obj, name), f"{path}.{name}", out)


def _assert_disjoint(a: State, b: State) -> None:
    left: dict[int, str] = {}
    right: dict[int, str] = {}
    _mutable_parts(a, "a", left)
    _mutable_parts(b, "b", right)
    shared = set(left) & set(right)
    assert not shared, [left[i] for i in shared]
    assert a.rng is not b.rng


def test_clone_shares_no_mutable_part_and_plays_apart() -> None:
    for seed in range(6):
        game = GAME.new(2 + seed % 5, seed, mode="rush" if seed % 2 else "crisis")
        rng = Rng(seed)
        for _ in range(60 + 25 * seed):
            if game.is_terminal():
                break
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
        before = game.state_hash()
        copy = game.clone()
        _assert_disjoint(game.state, copy.state)
        assert copy.state_hash() == before and copy.log == []
        play(copy, Rng(seed + 100))
        assert game.state_hash() == before
        assert game.state.key() != copy.state.key() or game.is_terminal()


def test_determinize_and_world_do_not_touch_the_game() -> None:
    game = GAME.new(3, 8, mode="rush")
    rng = Rng(2)
    for _ in range(80):
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    before = game.state_hash()
    world = game.determinize(0, Rng(1))
    _assert_disjoint(game.state, world.state)
    play(world, Rng(3))
    assert game.state_hash() == before


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    ("action", "error"),
    [
        ("fly away", InvalidActionError),
        ("walk X", InvalidActionError),
        ("pay G99", InvalidActionError),
        (10**6, InvalidActionError),
        (-1, InvalidActionError),
        (True, InvalidActionError),
        (3.5, InvalidActionError),
        ("burn deck", IllegalActionError),
        ("stop", IllegalActionError),
        ("rotate 2", IllegalActionError),
        ("to T01", IllegalActionError),
    ],
)
def test_bad_input_leaves_the_game_unchanged(action: Any, error: type[Exception]) -> None:
    game = GAME.new(3, 21, mode="crisis")
    rng = Rng(21)
    for _ in range(30):
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    before = (game.state_hash(), len(game.history()), len(game.log))
    legal_before = game.legal_actions()
    with pytest.raises(error):
        game.apply(action)
    assert (game.state_hash(), len(game.history()), len(game.log)) == before
    assert game.legal_actions() == legal_before


def test_illegal_actions_are_refused_in_every_decision() -> None:
    """At many positions, an action of the table that is not legal is refused, unchanged."""
    game = GAME.new(4, 31, mode="rush")
    rng = Rng(31)
    table = GAME.actions
    while not game.is_terminal():
        legal = game.legal_actions()
        ids = {a.id for a in legal}
        probe = table[rng.below(len(table))]
        if probe.id not in ids:
            before = game.state_hash()
            with pytest.raises(IllegalActionError):
                game.apply(probe)
            assert game.state_hash() == before
        game.apply(legal[rng.below(len(legal))])
    with pytest.raises(IllegalActionError, match="over"):
        game.apply("end")
    with pytest.raises(ValueError):
        GAME.new(4, 1).outcome()
