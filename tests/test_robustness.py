"""Illegal and garbage input never crashes the engine and never changes the state.

Whatever ``Game.apply`` is given that is not a legal action now (an id of the wrong decision,
an id out of range, an object of the wrong type, any text, a legal-looking text with a bad
number, another seat's action, anything after the end) raises ``InvalidActionError`` (cannot be
read) or ``IllegalActionError`` (not legal now), both ``ValueError``, and leaves the state hash
as it was. ``Game.new`` refuses bad arguments with a ``ValueError`` that says what is expected.
"""

from __future__ import annotations

import functools
import math

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import check_invariants
from iridescia.core.errors import IllegalActionError, InvalidActionError
from iridescia.core.rng import Rng
from iridescia.games.iridescia.actions import ACTION_TABLE, NUM_ACTIONS, Action, parse
from iridescia.games.iridescia.game import Game
from iridescia.games.iridescia.params import RulesParams
from iridescia.games.iridescia.state import Options

BAD_ERRORS = (InvalidActionError, IllegalActionError)


@functools.cache
def sample_games() -> tuple[Game, ...]:
    """One game stopped in every kind of decision reached by 30 random games (several of each
    where possible), plus finished games."""
    by_kind: dict[str, list[Game]] = {}
    finished = []
    for seed in range(30):
        game = Game.new(2 + seed % 3, seed)
        rng = Rng(seed)
        while not game.is_terminal():
            decision = game.decision()
            assert decision is not None
            bucket = by_kind.setdefault(decision.kind, [])
            if len(bucket) < 4 and rng.below(8) == 0:
                bucket.append(game.clone())
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
        finished.append(game)
    return tuple(g for games in by_kind.values() for g in games) + tuple(finished[:3])


def assert_refused(
    game: Game, action: object, error: type[Exception] | tuple[type[Exception], ...] = BAD_ERRORS
) -> None:
    """``action`` is refused with one of ``error`` and the game is exactly as it was."""
    key, digest = game.state.key(), game.state_hash()
    history, log = game.history(), len(game.log)
    with pytest.raises(error) as info:
        game.apply(action)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError) and str(info.value)
    assert game.state.key() == key and game.state_hash() == digest
    assert game.history() == history and len(game.log) == log


def test_the_sample_covers_many_decisions() -> None:
    kinds = {g.decision().kind for g in sample_games() if g.decision() is not None}  # type: ignore[union-attr]
    assert {"reveal", "actions", "restore", "remove", "cargo limit", "tile colour"} <= kinds
    assert len(kinds) >= 12, kinds


def test_every_action_id_not_legal_now_is_refused() -> None:
    """All 618 ids in every sampled decision; as texts and values in every third one."""
    for i, game in enumerate(sample_games()):
        key, digest = game.state.key(), game.state_hash()
        legal = {a.id for a in game.legal_actions()}
        forms = 3 if i % 3 == 0 else 1
        for action_id in range(NUM_ACTIONS):
            if action_id in legal:
                continue
            a = ACTION_TABLE[action_id]
            for value in (action_id, str(a), a)[:forms]:
                with pytest.raises(IllegalActionError, match=r"not legal now|game is over"):
                    game.apply(value)  # type: ignore[arg-type]
                assert game.state.key() == key, f"{value!r} changed the state"
        assert game.state_hash() == digest
        check_invariants(game.state)


def test_an_illegal_action_message_lists_what_is_legal() -> None:
    game = Game.new(3, 1)
    with pytest.raises(IllegalActionError, match=r"end is not legal now \(seat \d, reveal\)"):
        game.apply("end")
    with pytest.raises(IllegalActionError, match="legal: reveal 1"):
        game.apply("end")


GARBAGE: list[object] = [
    -1,
    -NUM_ACTIONS,
    NUM_ACTIONS,
    NUM_ACTIONS + 1,
    10**30,
    -(10**30),
    True,
    False,
    0.0,
    1.0,
    2.5,
    math.nan,
    math.inf,
    None,
    b"end",
    ["end"],
    ("reveal", 1),
    {"kind": 0},
    object(),
    Action(0, 1, 0),  # a loose value, not the table's (no id)
    Action(0, 1, 0, 5),  # a wrong id
    Action(99, 0, 0, 0),  # no such kind
    Action(0, 77, 0, 0),  # no such hex
]


# Stable ids (xdist workers must collect the same names: no memory addresses).
@pytest.mark.parametrize(
    "value", GARBAGE, ids=[f"{i}-{type(v).__name__}" for i, v in enumerate(GARBAGE)]
)
def test_garbage_is_refused_without_a_change(value: object) -> None:
    for game in sample_games()[::3]:
        assert_refused(game, value, InvalidActionError)


@pytest.mark.parametrize(
    "text",
    [
        "reveal 0",
        "reveal 59",
        "reveal -1",
        "reveal 1.0",
        "move 0",
        "sell emerald 0",
        "sell emerald 8",
        "sell emerald -1",
        "give emerald 5",
        "give emerald 0",
        "buy 7",
        "buy 0",
        "mine 5",
        "restore 0",
        "restore 25",
        "reserve 25",
        "discard objective 0",
        "discard objective 16",
        "discard tile 59",
        "remove 0",
        "remove 59",
        "swap 0",
        "swap 5",
        "land 99",
        "die roll:7",
        "die roll:1 +3",
        "die market:ruby +1",
        "pick roll:0",
        "colour rainbow",
        "take rainbow",
        "play excalibur",
        "",
        " ",
        "end end",
        "\x00",
        "reveal\x001",
    ],
)
def test_legal_looking_texts_with_bad_numbers_are_refused(text: str) -> None:
    for game in sample_games()[::3]:
        assert_refused(game, text, InvalidActionError)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 10**6), text=st.text())
def test_any_text_is_refused_or_legal(index: int, text: str) -> None:
    games = sample_games()
    game = games[index % len(games)].clone()
    try:
        action = parse(text)
    except InvalidActionError:
        assert_refused(game, text, InvalidActionError)
        return
    assume(action not in game.legal_actions())
    assert_refused(game, text, IllegalActionError)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, 10**6),
    value=st.one_of(
        st.integers(),
        st.floats(allow_nan=True),
        st.booleans(),
        st.none(),
        st.binary(max_size=8),
        st.lists(st.integers(0, 5), max_size=3),
    ),
)
def test_any_value_is_refused_or_legal(index: int, value: object) -> None:
    games = sample_games()
    game = games[index % len(games)].clone()
    legal_ids = {a.id for a in game.legal_actions()}
    assume(not (type(value) is int and value in legal_ids))
    expected = IllegalActionError if type(value) is int and 0 <= value < NUM_ACTIONS else None
    assert_refused(game, value, expected or InvalidActionError)


@pytest.mark.parametrize("variant", ["sorted", "text", "id"])
def test_another_decisions_actions_are_refused(variant: str) -> None:
    """Actions legal for another seat's (or another moment's) decision are illegal here."""
    games = sample_games()
    for i, game in enumerate(games):
        legal = set(game.legal_actions())
        other = games[(i * 7 + 3) % len(games)]
        for a in other.legal_actions():
            if a in legal:
                continue
            value: object = {"sorted": a, "text": str(a), "id": a.id}[variant]
            assert_refused(game, value, IllegalActionError)


def test_actions_naming_the_acting_seat_itself_are_refused() -> None:
    """Seats in texts are 1-based: nobody gives gems to, or swaps with, themself."""
    checked = 0
    for game in sample_games():
        seat = game.current_player
        if seat is None:
            continue
        for colour in ("amethyst", "citrine", "emerald", "sapphire"):
            assert_refused(game, f"give {colour} {seat + 1}", IllegalActionError)
        assert_refused(game, f"swap {seat + 1}", IllegalActionError)
        for text in (f"give emerald {game.num_players + 1}", f"swap {game.num_players + 1}"):
            if game.num_players < 4:
                assert_refused(game, text, IllegalActionError)  # no such seat at this table
        checked += 1
    assert checked > 20


def test_the_previous_decision_cannot_be_answered_twice() -> None:
    game = Game.new(4, 8)
    rng = Rng(8)
    for _ in range(200):
        legal = game.legal_actions()
        a = legal[rng.below(len(legal))]
        game.apply(a)
        if a not in game.legal_actions():
            assert_refused(game, a, IllegalActionError)


def test_applying_after_the_game_is_over_is_refused() -> None:
    for game in sample_games():
        if not game.is_terminal():
            continue
        assert game.legal_actions() == [] and game.current_player is None
        for value in (0, NUM_ACTIONS - 1, "end", "done", "remove 1", ACTION_TABLE[10]):
            assert_refused(game, value, IllegalActionError)
        with pytest.raises(IllegalActionError, match="the game is over"):
            game.apply("end")
        assert_refused(game, "jump", InvalidActionError)


def test_a_refused_action_leaves_the_game_playable() -> None:
    game = Game.new(3, 77)
    rng = Rng(77)
    junk = ["end", 10**9, None, "reveal 59", 3.5, "remove 1"]
    step = 0
    while not game.is_terminal():
        legal = game.legal_actions()
        value = junk[step % len(junk)]
        if not (isinstance(value, str) and value in {str(a) for a in legal}):
            with pytest.raises(BAD_ERRORS):
                game.apply(value)  # type: ignore[arg-type]
        game.apply(legal[rng.below(len(legal))])
        check_invariants(game.state)
        step += 1


# ---------------------------------------------------------------- Game.new arguments


@pytest.mark.parametrize(
    ("players", "match"),
    [
        (0, "2-4 players"),
        (5, "2-4 players"),
        (-3, "2-4 players"),
        (100, "2-4 players"),
        ("2", "must be an integer"),
        (True, "must be an integer"),
        (False, "must be an integer"),
        (2.0, "must be an integer"),
        (None, "must be an integer"),
    ],
)
def test_new_refuses_a_bad_player_count(players: object, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        Game.new(players, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [0, 4, 5])
def test_new_refuses_a_bad_player_count_with_the_rhom(players: int) -> None:
    with pytest.raises(ValueError, match="1-3 human players"):
        Game.new(players, 0, Options(rhom=True))


@pytest.mark.parametrize("seed", ["1", 1.5, None, True, False, b"\x01", [1], 2.0])
def test_new_refuses_a_bad_seed(seed: object) -> None:
    with pytest.raises(ValueError, match="seed must be an integer"):
        Game.new(2, seed)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "first"), [(2, 2), (2, -1), (3, 3), (4, 4), (4, -4), (2, 9)])
def test_new_refuses_a_first_player_not_at_the_table(players: int, first: int) -> None:
    with pytest.raises(ValueError, match=rf"first_player must be a seat in 0\.\.{players - 1}"):
        Game.new(players, 0, Options(first_player=first))


@pytest.mark.parametrize("players", [2, 3])
def test_new_refuses_the_catapult_option_without_four_players(players: int) -> None:
    with pytest.raises(ValueError, match="4-player"):
        Game.new(players, 0, Options(catapult_for_fourth=True))


def test_new_accepts_every_good_argument() -> None:
    for players in (2, 3, 4):
        for first in range(players):
            game = Game.new(players, 10**12, Options(first_player=first))
            assert game.current_player == first
            check_invariants(game.state)
    Game.new(4, 2**64 - 1, Options(catapult_for_fourth=True), RulesParams())
    Game.new(4, 0, Options(catapult_for_fourth=True), RulesParams())


@pytest.mark.parametrize(
    "seed", [-1, -(10**12), 2**64, 2**80, 10**5000], ids=["-1", "-1e12", "2^64", "2^80", "1e5000"]
)
def test_new_refuses_a_seed_out_of_range(seed: int) -> None:
    # The generator keeps 64 bits of a seed: others would only repeat a seed in range.
    with pytest.raises(ValueError, match=r"seed must be an integer in 0\.\.2\*\*64 - 1"):
        Game.new(2, seed)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"options": "fast"},
        {"options": {"first_player": 1}},
        {"params": "default"},
        {"params": {"starting_coins": 7}},
        {"options": Options(first_player=True)},  # type: ignore[arg-type]
    ],
    ids=["options-str", "options-dict", "params-str", "params-dict", "first-player-bool"],
)
def test_new_refuses_options_and_params_of_the_wrong_type(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"(options|params|first_player) must be"):
        Game.new(3, 0, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs",
    [{"rhom": "yes"}, {"catapult_for_fourth": 1}, {"first_player": "2"}],
)
def test_options_of_the_wrong_type_are_refused_alike_in_both_builds(
    kwargs: dict[str, object],
) -> None:
    # mypyc checks argument types on construction; the pure build must refuse the same values.
    with pytest.raises(TypeError):
        Options(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="bad option types"):
        Options.from_json(kwargs)
