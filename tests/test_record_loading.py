"""Records from outside: any bad input is a ``RecordError``, never another exception, and loading
and replaying stay bounded.

Starts from real saved records of both games (the version-1 Gems of Iridescia fixtures in
``records_v1/``, the Gem Rush golden records, and a fresh version-2 record of each game) and
mutates them: values, types, nesting, lengths, parameters at and past their bounds, bytes. The
property: ``GameRecord.loads`` then ``games.from_record`` either replays or raises
``RecordError``. Hypothesis runs few examples and no deadline (no timing is asserted: a hang
would show as a test that never returns). The reported hangs are covered one by one below.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iridescia.core.errors import RecordError
from iridescia.core.record import MAX_ACTIONS, MAX_NESTING, MAX_RECORD_BYTES, GameRecord
from iridescia.core.rng import Rng
from iridescia.games import from_record, gemrush, get, iridescia

TESTS = Path(__file__).resolve().parent


def _played(game: str, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    g = get(game).new(players, seed, options)
    rng = Rng(seed)
    for _ in range(120):  # a mid-game record: replays stay quick
        legal = g.legal_actions()
        if not legal:
            break
        g.apply(legal[rng.below(len(legal))])
    return g.record(with_hashes=True, seats=("random",) * players).to_json()


@functools.cache
def saved_records() -> tuple[str, ...]:
    """The JSON text of real records of both games."""
    texts = [p.read_text(encoding="utf-8") for p in sorted((TESTS / "records_v1").glob("*.json"))]
    for path in sorted((TESTS / "gemrush" / "golden").glob("*.json")):
        texts.append(json.dumps(json.loads(path.read_text(encoding="utf-8"))["record"]))
    texts.append(json.dumps(_played("gems-of-iridescia", 3, 5, {})))
    texts.append(json.dumps(_played("gem-rush", 4, 9, {"mode": "rush"})))
    return tuple(texts)


def load_and_replay(text: str | bytes) -> None:
    """Replay ``text`` if it is a valid record; anything but RecordError fails the test."""
    try:
        from_record(GameRecord.loads(text))
    except RecordError as exc:
        assert str(exc)


def test_every_saved_record_replays() -> None:
    for text in saved_records():
        record = GameRecord.loads(text)
        assert from_record(record).history() == [
            get(record.game).actions.parse(a) for a in record.actions
        ]


# ---------------------------------------------------------------- fuzzing

HUGE_INTS = [-1, -(2**63), 2**63, 2**64, 2**64 - 1, 10**9, -(10**9), 10**30, 10**4000]
INTS = st.one_of(st.integers(-3, 10), st.integers(), st.sampled_from(HUGE_INTS))
LEAVES = st.one_of(st.none(), st.booleans(), INTS, st.floats(allow_nan=True), st.text(max_size=12))
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
# The fields to change, the most often drawn first (hypothesis favours early entries).
FIELDS = ["params", "options", "seats", "seed", "players", "actions", "hashes", "notice",
          "data_set", "rules_version", "game", "format_version", "format"]  # fmt: skip
PARAM_NAMES = sorted(
    {r.name for t in (iridescia.PARAM_RANGES, gemrush.PARAM_RANGES) for r in t.ranges}
)
OPTION_NAMES = sorted({o.name for g in (iridescia.INFO, gemrush.INFO) for o in g.options})


def _edge_values(name: str) -> list[Any]:
    """Values at and past the bounds of the parameter ``name`` in either game."""
    out: list[Any] = [10**9, -(10**9)]
    for table in (iridescia.PARAM_RANGES, gemrush.PARAM_RANGES):
        row = table.by_name.get(name)
        if row is not None:
            out += [row.minimum - 1, row.minimum, row.maximum, row.maximum + 1]
    return out


def _game_of(data: dict[str, Any]) -> Any:
    return gemrush if data.get("game") == "gem-rush" else iridescia


@st.composite
def mutated_records(draw: st.DrawFn) -> str:
    data: dict[str, Any] = json.loads(draw(st.sampled_from(saved_records())))
    package = _game_of(data)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["param", "option", "actions", "field", "drop", "nest"]))
        name = draw(st.sampled_from(FIELDS))
        if kind == "field":
            data[name] = draw(VALUES)
        elif kind == "drop":
            data.pop(name, None)
        elif kind in ("param", "option"):
            key = "params" if kind == "param" else "options"
            own = (
                [r.name for r in package.PARAM_RANGES.ranges]
                if kind == "param"
                else [o.name for o in package.INFO.options]
            )
            pick = draw(st.sampled_from(own + (PARAM_NAMES if kind == "param" else OPTION_NAMES)))
            value = draw(st.one_of(VALUES, st.sampled_from(_edge_values(pick))))
            if isinstance(data.get(key), dict):
                data[key][pick] = value
        elif kind == "actions" and isinstance(data.get("actions"), list):
            actions = data["actions"]
            cut = draw(st.integers(0, len(actions)))
            how = draw(st.sampled_from(["truncate", "replace", "other", "repeat", "hashes"]))
            hashes = data.get("hashes") if isinstance(data.get("hashes"), list) else []
            if how == "truncate":
                data["actions"] = actions[:cut]
                data["hashes"] = hashes[:cut]
            elif how == "replace" and actions:
                actions[min(cut, len(actions) - 1)] = draw(st.one_of(VALUES, st.text()))
            elif how == "other" and actions:  # another action of the game: often legal too
                table = package.GAME.actions.actions
                actions[min(cut, len(actions) - 1)] = str(draw(st.sampled_from(table)))
                data["hashes"] = []
            elif how == "repeat":
                data["actions"] = actions + actions[-3:] * draw(st.integers(1, 200))
                data["hashes"] = []
            else:
                data["hashes"] = hashes[:cut]
        elif kind == "nest" and name in data:
            for _ in range(draw(st.integers(1, MAX_NESTING + 3))):
                data[name] = [data[name]] if draw(st.booleans()) else {"x": data[name]}
    return json.dumps(data)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_mutated_records_give_only_record_errors(text: str) -> None:
    load_and_replay(text)


@st.composite
def damaged_bytes(draw: st.DrawFn) -> bytes:
    raw = bytearray(draw(st.sampled_from(saved_records())).encode("utf-8"))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(raw)))
        how = draw(st.sampled_from(["cut", "insert", "flip"]))
        if how == "cut":
            del raw[at : at + draw(st.integers(1, 200))]
        elif how == "insert":
            raw[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif at < len(raw):
            raw[at] = draw(st.integers(0, 255))
    return bytes(raw)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged_bytes())
def test_damaged_bytes_give_only_record_errors(raw: bytes) -> None:
    load_and_replay(raw)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return
    load_and_replay(text)


# ---------------------------------------------------------------- each reported kind of input


def _base(game: str) -> dict[str, Any]:
    texts = saved_records()
    return json.loads(texts[-2] if game == "gems-of-iridescia" else texts[-1])


def _refused(data: dict[str, Any] | str | bytes, match: str) -> None:
    text = data if isinstance(data, str | bytes) else json.dumps(data)
    with pytest.raises(RecordError, match=match):
        from_record(GameRecord.loads(text))


GAMES = ["gems-of-iridescia", "gem-rush"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("field", "value", "match"),
    [
        ("seed", -1, r"'seed' must be an integer in 0\.\.2\*\*64 - 1"),
        ("seed", 2**64, r"'seed' must be an integer in 0\.\.2\*\*64 - 1"),
        ("seed", 10**4000, "'seed' must be an integer .* not an integer of"),
        ("seed", 1.5, "'seed' must be of type int"),
        ("players", 10**9, r"'players' must be an integer in 1\.\.64"),
        ("players", 9, "cannot set up the recorded game"),
        ("rules_version", 10**30, "'rules_version' must be an integer"),
        ("rules_version", 99, "rules version"),
        ("game", "chess", "unknown game 'chess'"),
        ("game", "x" * 10_000, "'game' must be a text of at most 200"),
        ("data_set", "elsewhere-1", "data set"),
        ("seats", ["random"] * 6, "seats"),
        ("seats", ["random"] * 65, "'seats' must be a list of at most 64"),
        ("actions", ["x" * 201], "each of 'actions' must be a text of at most 200 characters"),
        ("hashes", ["0"], "one per action"),
        ("options", {"a": [[[[[[[[[[1]]]]]]]]]]}, "nested more than 8 levels"),
        ("options", {str(i): i for i in range(1001)}, "more than 1,000 values"),
        ("params", None, "'params' must be of type dict"),
        ("notice", ["x"], "'notice' must be of type str"),
        ("format_version", 2.0, "unsupported record format version"),
        ("format_version", 10**4000, "unsupported record format version an integer of"),
    ],
)
def test_each_bad_field_is_a_record_error(game: str, field: str, value: Any, match: str) -> None:
    _refused({**_base(game), field: value}, match)


@pytest.mark.parametrize(
    ("game", "params"),
    [
        ("gems-of-iridescia", {"relic_row_size": 10**9}),  # dealt one relic at a time: a hang
        ("gems-of-iridescia", {"item_market_size": 10**9}),  # a list of 10**9 slots
        ("gems-of-iridescia", {"market_refresh_attempts": 10**9}),  # reshuffles without end
        ("gems-of-iridescia", {"cargo_limit": -1}),  # no legal action
        ("gems-of-iridescia", {"mining_dice": 0}),  # a legal action raised
        ("gems-of-iridescia", {"max_reveals": 0}),  # the Rhom recursed without end
        ("gems-of-iridescia", {"gems_per_point": 0}),  # division by zero at scoring
        ("gems-of-iridescia", {"objectives_dealt": 10**9}),  # IndexError at setup
        ("gem-rush", {"starting_hand": 10**9}),  # dealt one card at a time: a hang
        ("gem-rush", {"burn_per_turn": 0}),  # a Crisis game that never ends
        ("gem-rush", {"crisis_levels": [10**30] * 6}),
        ("gem-rush", {"rush_round_limit": -5}),
    ],
)
def test_parameters_that_hung_or_crashed_are_record_errors(
    game: str, params: dict[str, Any]
) -> None:
    data = _base(game)
    data["params"] = {**data["params"], **params}
    name = next(iter(params))
    _refused(data, f"cannot set up the recorded game: bad value .* rules parameter '{name}'")


def test_too_many_actions_are_refused_before_any_replay() -> None:
    data = _base("gem-rush")
    data["actions"] = ["draw"] * (MAX_ACTIONS + 1)
    data["hashes"] = []
    _refused(data, "'actions' must be a list of at most 200,000 texts")


def test_deep_nesting_and_huge_numbers_in_the_json_itself() -> None:
    text = json.dumps(_base("gems-of-iridescia"))
    _refused("[" * 100_000 + "]" * 100_000, "nested too deeply")
    _refused(
        text.replace('"params": {', '"params": {"x": ' + "[" * 100_000, 1), "nested too deeply"
    )
    _refused(text.replace('"seed": 5', '"seed": ' + "9" * 5000, 1), "must be JSON")
    _refused("{" * 50, "must be JSON")
    _refused("", "must be JSON")
    _refused('{"format": NaN}', "not a game record")


def test_unknown_game_data_set_and_rules_version() -> None:
    for game in GAMES:
        base = _base(game)
        _refused({**base, "game": "gem-rush-3"}, "unknown game 'gem-rush-3'")
        _refused({**base, "data_set": "nope"}, "data set 'nope'")
        _refused({**base, "rules_version": base["rules_version"] + 1}, "rules version")


def test_a_record_built_in_code_is_held_to_the_same_bounds() -> None:
    record = GameRecord.loads(json.dumps(_base("gem-rush")))
    for change in ({"seed": -1}, {"players": 0}, {"actions": ("draw",) * (MAX_ACTIONS + 1)}):
        bad = dataclasses.replace(record, **change)
        with pytest.raises(RecordError):
            gemrush.GAME.from_record(bad)
        with pytest.raises(RecordError):
            from_record(bad)


# ---------------------------------------------------------------- files


def test_files_that_are_not_records(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_base("gems-of-iridescia")), encoding="utf-8")
    assert from_record(GameRecord.load(good)).history()
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"format": "iridescia-record", "game": "\xff"}')
    with pytest.raises(RecordError, match="UTF-8"):
        GameRecord.load(latin)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as f:
        f.truncate(MAX_RECORD_BYTES + 1)  # sparse: nothing is written
    with pytest.raises(RecordError, match="at most 33,554,432 bytes"):
        GameRecord.load(huge)
    with pytest.raises(RecordError, match="cannot read"):
        GameRecord.load(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="not a regular file"):
        GameRecord.load(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(RecordError, match="not a regular file"):
        GameRecord.load(pipe)


def test_a_record_error_message_stays_short_for_hostile_values() -> None:
    data = _base("gem-rush")
    data["seed"] = [[[[[[[["deep"]]]]]]]] * 50
    with pytest.raises(RecordError) as info:
        from_record(GameRecord.loads(json.dumps(data)))
    assert len(str(info.value)) < 200
    _refused({**data, "seed": "x" * 10**6}, "'seed' must be of type int")
