"""Every rules parameter's declared range, for both games: just in is accepted (and a game at
that value plays to its end), just out is refused with a ValueError naming the parameter and
its range, on every way in (constructor, JSON, ``name=value`` text, ``GAME.new``). Also the three
cases of the issue (``relic_row_size=10**9``, ``cargo_limit=-1``, ``mining_dice=0``), the sum
limit, the list parameters, the docs page, and ``simulate --param``'s one-line refusal.
"""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from iridescia.cli import main
from iridescia.core.params import FLAG, INTEGER, ParamRange, ParamTable
from iridescia.core.rng import Rng
from iridescia.games import gemrush, get, iridescia

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules-parameters.md"


@dataclasses.dataclass(frozen=True)
class Case:
    """One game's parameters: its table, defaults, and how to make parameters and games."""

    game: str
    table: ParamTable
    params_type: Any
    defaults: dict[str, Any]
    # Fields set beside the one under test so that a value near its bound is valid on its own
    # (mining_dice up to 6 needs fewer stone dice: their sum is at most 6).
    companions: dict[str, dict[str, Any]]
    tables: tuple[tuple[int, dict[str, Any]], ...]  # (players, options) of the games played


CASES = (
    Case("gems-of-iridescia", iridescia.PARAM_RANGES, iridescia.RulesParams,
         iridescia.RulesParams().to_json(), {"mining_dice": {"stone_dice": 0}},
         ((2, {}), (1, {"rhom": True}))),
    Case("gem-rush", gemrush.PARAM_RANGES, gemrush.RulesParams,
         gemrush.RulesParams.for_data_set(gemrush.DATA_SET).to_json(), {},
         ((3, {"mode": "crisis"}), (2, {"mode": "rush"}))),
)  # fmt: skip
CASE_IDS = [c.game for c in CASES]


def _integer_rows() -> list[tuple[Case, ParamRange]]:
    return [(c, r) for c in CASES for r in c.table.ranges if r.kind == INTEGER]


def _just_in(row: ParamRange) -> list[int]:
    values = [row.minimum, row.maximum]
    return [*values, row.unlimited] if row.unlimited is not None else values


def _just_out(row: ParamRange) -> list[int]:
    return [v for v in (row.minimum - 1, row.maximum + 1) if v != row.unlimited]


INTEGER_ROWS = _integer_rows()
ROW_IDS = [f"{c.game}:{r.name}" for c, r in INTEGER_ROWS]


def _make_every_way(case: Case, values: dict[str, Any]) -> list[Any]:
    """The parameters made from ``values`` by each way in, all equal."""
    made = [
        case.params_type.from_json(values),
        case.params_type.from_json(case.defaults).with_overrides(
            {k: str(v) for k, v in values.items()}
        ),
    ]
    if case.game == "gem-rush":
        made.append(case.params_type.for_data_set(gemrush.DATA_SET, **values))
    else:
        made.append(case.params_type(**values))
    return made


def _play_to_the_end(case: Case, values: dict[str, Any], seed: int) -> None:
    spec = get(case.game)
    for players, options in case.tables:
        game = spec.new(players, seed, options, values, keep_log=False)
        rng = Rng(seed)
        for _ in range(30_000):  # far above any game at these values (a few thousand at most)
            if game.is_terminal():
                break
            legal = game.legal_actions()
            assert legal, f"no legal action with {values} ({players} players, {options})"
            game.apply(legal[rng.below(len(legal))])
        assert game.is_terminal(), f"no end with {values} ({players} players, {options})"
        game.outcome()
        game.view(0)


@pytest.mark.parametrize(("case", "row"), INTEGER_ROWS, ids=ROW_IDS)
def test_every_integer_parameter_accepts_its_bounds_and_plays(case: Case, row: ParamRange) -> None:
    for value in _just_in(row):
        values = {**case.companions.get(row.name, {}), row.name: value}
        made = _make_every_way(case, values)
        assert all(getattr(p, row.name) == value for p in made)
        assert len(set(made)) == 1
        _play_to_the_end(case, values, seed=value % 7)


@pytest.mark.parametrize(("case", "row"), INTEGER_ROWS, ids=ROW_IDS)
def test_every_integer_parameter_refuses_just_out_of_range(case: Case, row: ParamRange) -> None:
    spec = get(case.game)
    expected = re.escape(f"rules parameter {row.name!r}: expected an integer in {row.text()}")
    for value in _just_out(row):
        values = {**case.companions.get(row.name, {}), row.name: value}
        with pytest.raises(ValueError, match=expected):
            case.params_type.from_json(values)
        with pytest.raises(ValueError, match=expected):
            case.params_type.from_json(case.defaults).with_overrides({row.name: str(value)})
        with pytest.raises(ValueError, match=expected):
            spec.new(2, 0, None, values)
        with pytest.raises(ValueError, match=expected):
            dataclasses.replace(case.params_type.from_json(case.defaults), **values)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
@pytest.mark.parametrize(
    "bad",
    ["7", 7.0, None, [7], {"n": 7}, True, 10**5000],
    ids=["str", "float", "none", "list", "dict", "bool", "huge"],
)
def test_parameters_of_the_wrong_type_are_refused(case: Case, bad: object) -> None:
    for row in case.table.ranges:
        if row.kind == FLAG and isinstance(bad, bool):
            continue
        with pytest.raises(ValueError, match=f"bad value .* for rules parameter {row.name!r}"):
            case.params_type.from_json({row.name: bad})


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_unknown_parameters_and_non_objects_are_refused(case: Case) -> None:
    with pytest.raises(ValueError, match="unknown rules parameter 'dragons'"):
        case.params_type.from_json({"dragons": 1})
    with pytest.raises(ValueError, match="unknown rules parameter 'dragons'"):
        case.params_type.from_json(case.defaults).with_overrides({"dragons": "1"})
    for bad in ([], "fast", 7):
        with pytest.raises(ValueError, match="must be a JSON object"):
            case.params_type.from_json(bad)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_every_field_has_one_row_and_the_defaults_are_valid(case: Case) -> None:
    names = [f.name for f in dataclasses.fields(case.params_type)]
    assert [r.name for r in case.table.ranges] == names
    case.table.check(case.params_type.from_json(case.defaults))
    with pytest.raises(ValueError, match="missing"):
        case.table.require_fields([*names, "another"])


# ---------------------------------------------------------------- the three cases


def test_a_relic_row_of_a_billion_is_refused_at_once() -> None:
    # It used to deal the row one relic at a time: setup ran 10**9 loops.
    message = r"'relic_row_size': expected an integer in 0\.\.24"
    with pytest.raises(ValueError, match=message):
        iridescia.RulesParams(relic_row_size=10**9)
    with pytest.raises(ValueError, match=message):
        iridescia.GAME.new(2, 0, None, {"relic_row_size": 10**9})


def test_a_negative_cargo_limit_is_refused() -> None:
    # It reached a state with no legal action (no hold is ever at most -1 gems).
    with pytest.raises(ValueError, match=r"'cargo_limit': expected an integer in 0\.\.64"):
        iridescia.RulesParams().with_overrides({"cargo_limit": "-1"})


def test_zero_mining_dice_are_refused() -> None:
    # A legal Wishing Well raised on an empty roll.
    with pytest.raises(ValueError, match=r"'mining_dice': expected an integer in 1\.\.6"):
        iridescia.RulesParams.from_json({"mining_dice": 0})


def test_mining_and_stone_dice_together_fit_the_action_table() -> None:
    iridescia.RulesParams(mining_dice=2, stone_dice=4)
    iridescia.RulesParams(mining_dice=6, stone_dice=0)
    with pytest.raises(ValueError, match=r"mining_dice \+ stone_dice <= 6"):
        iridescia.RulesParams(mining_dice=3, stone_dice=4)


def test_list_parameters_are_checked_entry_by_entry() -> None:
    ok = iridescia.RulesParams().with_overrides({"tile_sets": "1:0,58:100"})
    assert ok.tile_sets == ((1, 0), (58, 100))
    assert iridescia.RulesParams.from_json({"tile_sets": []}).tile_sets == ()
    for bad in ([[0, 3]], [[59, 3]], [[3, -1]], [[3, 101]], [[3, 3]] * 11, [[3, 3, 3]], [3]):
        with pytest.raises(ValueError, match="for rules parameter 'tile_sets'"):
            iridescia.RulesParams.from_json({"tile_sets": bad})
    levels = gemrush.RulesParams.from_json({"crisis_levels": [1, 2, 3, 4, 5, 1000]})
    assert levels.crisis_levels == (1, 2, 3, 4, 5, 1000)
    for bad in ([1, 2, 3, 4, 5], [0, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 1001], [1] * 7):
        with pytest.raises(ValueError, match="for rules parameter 'crisis_levels'"):
            gemrush.RulesParams.from_json({"crisis_levels": bad})


def test_gem_rush_keeps_zero_as_no_limit() -> None:
    p = gemrush.RulesParams.from_json({"free_effect_limit": 0, "rush_round_limit": 0})
    assert (p.free_effect_limit, p.rush_round_limit) == (0, 0)
    with pytest.raises(ValueError, match=r"1\.\.500, or 0 for no limit"):
        gemrush.RulesParams.from_json({"rush_round_limit": -1})


def test_a_text_value_too_long_to_read_is_refused_quickly() -> None:
    # int() of a long digit string is slow: the text is refused before it is read.
    with pytest.raises(ValueError, match="rules parameter 'starting_coins'"):
        iridescia.RulesParams().with_overrides({"starting_coins": "9" * 100_000})


# ---------------------------------------------------------------- docs and the command line


def test_the_docs_page_shows_each_games_table() -> None:
    page = DOCS.read_text(encoding="utf-8")
    for case in CASES:
        assert case.table.markdown(case.defaults) in page, f"regenerate {case.game}'s table"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--param", "relic_row_size=1000000000"],
            "'relic_row_size': expected an integer in 0..24",
        ),
        (["--param", "cargo_limit=-1"], "'cargo_limit': expected an integer in 0..64"),
        (["--param", "mining_dice=0"], "'mining_dice': expected an integer in 1..6"),
        (["--game", "gem-rush", "--param", "burn_per_turn=0"], "expected an integer in 1..75"),
        (["--game", "gem-rush", "--param", "crisis_levels=" + "[" * 100_000], "crisis_levels"),
    ],
    ids=["relic-row", "cargo", "mining-dice", "burn", "deep-json"],
)
def test_simulate_refuses_a_bad_param_in_one_line(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["simulate", "--games", "1", "--out", str(tmp_path / "run"), *args],
        console=Console(file=io.StringIO()),
    )
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "run").exists()
