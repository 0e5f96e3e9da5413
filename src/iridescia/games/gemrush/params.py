"""The tunable numbers of Gem Rush (Gem Rush R5), in one frozen object a balance tool can vary.

The class defaults are the rulebook's numbers with the spec's rulings (``crisis_levels``: the
targets in ``data/crisis_targets.toml``): the defaults of the components' own data set. A derived
data set (``data/data_sets.toml``) changes some of them: ``RulesParams.for_data_set`` builds its
defaults, and ``DEFAULT_PARAMS`` are those of the newest data set, which new games use. The
``data_set`` field names the data set; ``from_json`` and ``with_overrides`` start from its
defaults. ``RulesParams.with_overrides`` builds a variant from
``name=value`` strings (``{"burn_per_turn": "4", "crisis_levels": "30/40/50/60/66/72"}``), and
``to_json``/``from_json`` round-trip it through JSON (records store the non-default values).

The three booleans are the balance tool's defaults for the table's variants: a table option
(``rush_burns``, ``crisis_may_stop``, ``hidden_hands``) can switch the variant on for one game.

Every field has one row in ``RANGES`` (its valid values and why; ``docs/rules-parameters.md``
shows the table), checked whenever parameters are made: construction, ``from_json``,
``with_overrides`` and every data set's defaults (at import). A bad value is a ValueError naming
the parameter and its range. The spec's 0 for "no limit" (``free_effect_limit``,
``rush_round_limit``) stays valid.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Final

from iridescia.core.params import ParamTable, choice, flag, whole, whole_list
from iridescia.games.gemrush.data import (
    COMPONENTS,
    DATA_SET,
    DATA_SETS,
    LEVELS,
    NUM_CARDS,
    param_defaults,
)
from iridescia.games.gemrush.options import MAX_SEATS

_LEVEL_TARGETS = tuple(lv.target for lv in LEVELS)


# Each data set's parameter defaults, once read (``RulesParams.for_data_set``).
_DEFAULTS: dict[str, dict[str, Any]] = {}


@dataclass(frozen=True, slots=True)
class RulesParams:
    """Gem Rush R5. Every field is documented by the rule it feeds."""

    starting_hand: int = 4  # Gem Rush R7: cards dealt to each player
    hand_limit: int = 4  # Gem Rush R12: the phase-1 limit
    steps_per_turn: int = 3  # Gem Rush R13
    burn_per_turn: int = 3  # Gem Rush R41 (Crisis, and Rush with rush_burns)
    crisis_levels: tuple[int, ...] = _LEVEL_TARGETS  # Gem Rush R3: printed targets, one per level
    no_skills_offset: int = 0  # Gem Rush R96: lowers every level's target
    rush_target_small: int = 20  # Gem Rush R4: 2-4 players
    rush_target_large: int = 15  # Gem Rush R4: 5 or more players
    # Gem Rush R73: Mine Cart rides + Mystic Elevator moves a turn; 0 = no cap
    free_effect_limit: int = 8
    rush_round_limit: int = 100  # Gem Rush R88: 0 = no limit
    rush_burns: bool = False  # Gem Rush R60 variant
    crisis_open_hands: bool = True  # Gem Rush R47
    crisis_may_stop: bool = False  # Gem Rush R67
    # The data set whose defaults these are (``data.DATA_SETS``). Out of the repr, which the
    # state hash reads, so that games of the first data set keep their hashes.
    data_set: str = field(default=COMPONENTS, repr=False)

    def __post_init__(self) -> None:
        # Types and ranges, so that no way of making parameters skips them (input from
        # outside comes through ``from_json`` or ``with_overrides``, which check it first).
        RANGES.check(self)

    @staticmethod
    def for_data_set(data_set: str, **changes: Any) -> RulesParams:
        """The defaults of ``data_set`` (the components' own numbers, then what the data set
        changes), with ``changes`` on top."""
        values = _DEFAULTS.get(data_set)
        if values is None:
            defaults = param_defaults(data_set)  # ValueError for an unknown data set
            names = {f.name for f in dataclasses.fields(RulesParams)}
            unknown = sorted(set(defaults) - names)
            if unknown:
                raise ValueError(f"data set {data_set!r} sets unknown rules parameters: {unknown}")
            values = {k: tuple(v) if isinstance(v, list) else v for k, v in defaults.items()}
            _DEFAULTS[data_set] = values  # every search world reads its parameters anew
        return RulesParams(**{**values, **changes, "data_set": data_set})

    def level_target(self, level: int) -> int:
        """The Crisis target of level ``level`` (0 = Apprentice) after the No Skills offset
        (Gem Rush R3, R96); at least 1."""
        return max(1, self.crisis_levels[level] - self.no_skills_offset)

    def rush_target(self, players: int) -> int:
        """Gem Rush R4: the default Rush target for a table of ``players``."""
        return self.rush_target_small if players <= 4 else self.rush_target_large

    def with_overrides(self, overrides: dict[str, str]) -> RulesParams:
        """A copy with fields replaced from text values; ValueError naming a bad one. A new
        ``data_set`` brings its defaults, and the other overrides go on top of them."""
        changes = RANGES.parse(overrides)
        if "data_set" in changes and changes["data_set"] != self.data_set:
            data_set = changes.pop("data_set")
            return RulesParams.for_data_set(data_set, **changes)
        return dataclasses.replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def non_default_json(self) -> dict[str, Any]:
        """Only the fields that differ from their data set's defaults, and the data set if it is
        not the newest (what a record stores)."""
        defaults = RulesParams.for_data_set(self.data_set).to_json()
        defaults["data_set"] = DATA_SET
        return {k: v for k, v in self.to_json().items() if defaults[k] != v}

    @staticmethod
    def from_json(data: Any) -> RulesParams:
        """Parameters from JSON: missing fields take the defaults of the data set named (the
        newest if none); ValueError if malformed."""
        if data is None:
            return DEFAULT_PARAMS
        values = RANGES.read(data)
        data_set = values.pop("data_set", DATA_SET)
        return RulesParams.for_data_set(data_set, **values)


# A generous bound for numbers the components do not limit (targets, caps): far above the
# published game's, low enough that no loop they drive can run long.
_MOST_POINTS: Final = 1000

RANGES: Final = ParamTable(
    (
        whole("starting_hand", 0, NUM_CARDS // MAX_SEATS,
              f"R7: {MAX_SEATS} hands dealt from the {NUM_CARDS} gem cards; an empty hand "
              "still plays (drawing is always possible, R97)"),
        whole("hand_limit", 0, NUM_CARDS,
              f"R12: 0 discards every card; at most the {NUM_CARDS} cards"),
        whole("steps_per_turn", 0, 20,
              "R13: phase 2 may be empty; 20 is far above the published 3 (each step is a "
              "decision)"),
        whole("burn_per_turn", 1, NUM_CARDS,
              "R41/R42: a Crisis game ends when the last card is burnt, so at least 1"),
        whole_list("crisis_levels", (len(_LEVEL_TARGETS), len(_LEVEL_TARGETS)), 1, _MOST_POINTS,
                   f"R3: one positive target per level ({len(_LEVEL_TARGETS)} levels); "
                   f"{_MOST_POINTS} is far above any team's score (greedy teams score about 50)"),
        whole("no_skills_offset", 0, _MOST_POINTS,
              "R96: lowers every level's target, which never drops below 1"),
        whole("rush_target_small", 1, _MOST_POINTS,
              f"R4: any positive target; {_MOST_POINTS} is far above any player's score"),
        whole("rush_target_large", 1, _MOST_POINTS, "as rush_target_small"),
        whole("free_effect_limit", 1, 100,
              "R73: Mine Cart rides and elevator moves a turn; 0 is the rulebook's unlimited "
              "reading", unlimited=0),
        whole("rush_round_limit", 1, 500,
              "R88: the Rush safety limit, at most 5 times the published 100; 0 is none (a "
              "Rush game may then never end: records still bound its length)", unlimited=0),
        flag("rush_burns", "R60 variant"),
        flag("crisis_open_hands", "R47"),
        flag("crisis_may_stop", "R67"),
        choice("data_set", DATA_SETS, "the data sets this engine plays (data/data_sets.toml)"),
    )
)  # fmt: skip
RANGES.require_fields([f.name for f in dataclasses.fields(RulesParams)])
DEFAULT_PARAMS = RulesParams.for_data_set(DATA_SET)  # new games: the newest data set
# Every derived data set's parameters must make valid parameters: checked once, at import.
for _data_set in DATA_SETS:
    RulesParams.for_data_set(_data_set)
