"""Gem Rush data sets: the components' own and the derived ones (``data/data_sets.toml``).

A derived data set keeps every card, tile and room and changes default rules parameters with a
changelog. New games use the newest; a game names another with the rules parameter ``data_set``;
records carry it and replay with it, so games of the first data set keep their state hashes
(the golden transcripts are of that data set); views, worlds and the research encoder accept
every data set the engine plays; anything else is refused clearly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from iridescia.core.errors import RecordError
from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games.gemrush import DATA_SET, DATA_SETS, GAME, VARIANTS, RulesParams
from iridescia.games.gemrush.data import DataError, parse_variants
from iridescia.rl.games import get as get_encoder

FIRST, SECOND = "gemrush-2e-provisional-1", "gemrush-2e-provisional-2"
GOLDEN = Path(__file__).parent / "golden" / "rush_4p_seed6.json"


def test_the_data_sets_and_their_changelog() -> None:
    assert DATA_SETS == (FIRST, SECOND) and DATA_SET == SECOND
    (variant,) = VARIANTS
    assert variant.id == SECOND and variant.based_on == FIRST
    assert dict(variant.params) == {"rush_target_large": 20}
    assert variant.changes and all(c.what and c.why for c in variant.changes)
    assert GAME.info.data_set == SECOND


@pytest.mark.parametrize(("data_set", "targets"), [(FIRST, (20, 15, 15)), (SECOND, (20, 20, 20))])
def test_a_game_plays_with_its_data_sets_defaults(data_set: str, targets: tuple[int, ...]) -> None:
    params = {"data_set": data_set}
    got = tuple(GAME.new(n, 1, None, params, mode="rush").state.target for n in (4, 5, 7))
    assert got == targets
    game = GAME.new(5, 1, None, params, mode="rush")
    assert game.view(0)["data_set"] == data_set and game.state.params.data_set == data_set
    record = game.record()
    assert record.data_set == data_set
    assert record.params == ({} if data_set == DATA_SET else {"data_set": data_set})
    # Other overrides go on top of the data set's defaults.
    custom = GAME.new(6, 1, None, {"data_set": FIRST, "rush_target_large": 17}, mode="rush")
    assert custom.state.target == 17


def test_records_replay_with_their_data_set_and_keep_their_hashes() -> None:
    record = GameRecord.from_json(json.loads(GOLDEN.read_text())["record"])
    assert record.data_set == FIRST
    final = json.loads(GOLDEN.read_text())["steps"][-1]["hash"]
    assert GAME.from_record(record).state_hash() == final
    # As written before any derived data set existed: no data set among the parameters.
    old = GameRecord.from_json(json.loads(GOLDEN.read_text())["record"] | {"params": {}})
    assert GAME.from_record(old).state_hash() == final
    # A game of each data set round-trips through its record, hashes included.
    for data_set in DATA_SETS:
        game = GAME.new(5, 4, None, {"data_set": data_set}, mode="rush")
        rng = Rng(4)
        for _ in range(60):
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
        text = json.dumps(game.record(with_hashes=True).to_json())
        again = GAME.from_record(GameRecord.from_json(json.loads(text)))
        assert again.state_hash() == game.state_hash()


def test_unknown_or_contradictory_data_sets_are_refused() -> None:
    with pytest.raises(ValueError, match="bad value 'nope' for rules parameter 'data_set'"):
        GAME.new(2, 0, None, {"data_set": "nope"})
    with pytest.raises(ValueError, match="bad value 3 for rules parameter 'data_set'"):
        GAME.new(2, 0, None, {"data_set": 3})
    with pytest.raises(ValueError, match="unknown data set"):
        RulesParams.for_data_set("nope")
    with pytest.raises(ValueError, match="rules parameter 'data_set'"):
        RulesParams.for_data_set(DATA_SET).with_overrides({"data_set": "nope"})
    base = GAME.new(2, 0).record().to_json()
    with pytest.raises(RecordError, match="this engine plays"):
        GAME.from_record(GameRecord.from_json(base | {"data_set": "gemrush-9"}))
    with pytest.raises(RecordError, match="differ"):
        GAME.from_record(
            GameRecord.from_json(base | {"data_set": FIRST, "params": {"data_set": SECOND}})
        )


def test_overrides_switch_data_sets_with_their_defaults() -> None:
    newest = RulesParams.for_data_set(DATA_SET)
    first = newest.with_overrides({"data_set": FIRST})
    assert first == RulesParams() and first.rush_target_large == 15
    assert first.with_overrides(
        {"data_set": SECOND, "hand_limit": "5"}
    ) == RulesParams.for_data_set(SECOND, hand_limit=5)
    assert first.non_default_json() == {"data_set": FIRST}
    assert newest.non_default_json() == {}


def test_worlds_and_the_encoder_accept_every_data_set() -> None:
    encoder = get_encoder("gem-rush")
    for data_set in DATA_SETS:
        game = GAME.new(3, 2, None, {"data_set": data_set}, mode="rush")
        view = game.view(0)
        world = GAME.world_from_view(view, Rng(5))
        assert world.view(0) == view and world.state.data_set == data_set
        assert encoder.encode(view).shape == (encoder.layout.size,)
    with pytest.raises(ValueError, match="data set"):
        encoder.encode(dict(GAME.new(2, 0).view(0), data_set="gemrush-9"))


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([{"id": FIRST, "based_on": FIRST, "change": [{"what": "a", "why": "b"}]}], "taken"),
        ([{"id": "x", "based_on": "y", "change": [{"what": "a", "why": "b"}]}], "not listed"),
        ([{"id": "x", "based_on": FIRST, "change": []}], "non-empty"),
        ([{"id": "x", "based_on": FIRST, "change": [{"what": "a"}]}], "why"),
    ],
)
def test_a_bad_data_sets_file_says_what_is_wrong(
    rows: list[dict[str, object]], message: str
) -> None:
    with pytest.raises(DataError, match=message):
        parse_variants({"data_set": rows}, (FIRST,))


def test_derived_data_sets_build_on_each_other() -> None:
    rows = [
        {"id": "a", "based_on": FIRST, "params": {"hand_limit": 5},
         "change": [{"what": "w", "why": "y"}]},
        {"id": "b", "based_on": "a", "params": {"steps_per_turn": 4},
         "change": [{"what": "w", "why": "y"}]},
    ]  # fmt: skip
    _, b = parse_variants({"data_set": rows}, (FIRST,))
    assert dict(b.params) == {"hand_limit": 5, "steps_per_turn": 4} and b.based_on == "a"
