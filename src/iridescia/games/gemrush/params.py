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
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from iridescia.games.gemrush.data import COMPONENTS, DATA_SET, DATA_SETS, LEVELS, param_defaults

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
        # Ranges only: types are checked where untyped data comes in (``from_json``), so that a
        # compiled build (mypyc checks annotated types itself) raises the same ValueError.
        if len(self.crisis_levels) != len(_LEVEL_TARGETS) or min(self.crisis_levels) < 1:
            raise ValueError(
                f"rules parameter 'crisis_levels' takes {len(_LEVEL_TARGETS)} positive integers"
            )
        for name in _INT_FIELDS:
            if getattr(self, name) < 0:
                raise ValueError(f"rules parameter {name!r} must be an integer >= 0")
        if self.rush_target_small < 1 or self.rush_target_large < 1:
            raise ValueError("Rush targets must be at least 1")
        if self.data_set not in DATA_SETS:
            raise ValueError(
                f"unknown data set {self.data_set!r}; this engine plays {', '.join(DATA_SETS)}"
            )

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
        changes: dict[str, Any] = {}
        fields = {f.name: f for f in dataclasses.fields(self)}
        for name, text in overrides.items():
            if name not in fields:
                raise ValueError(f"unknown rules parameter {name!r}; known: {sorted(fields)}")
            current = getattr(self, name)
            word = text.strip().lower()
            try:
                if name == "data_set":
                    changes[name] = word
                elif isinstance(current, bool):
                    if word not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                        raise ValueError(text)
                    changes[name] = word in ("true", "1", "yes", "on")
                elif isinstance(current, tuple):
                    changes[name] = tuple(int(x) for x in word.replace(",", "/").split("/"))
                else:
                    changes[name] = int(word)
            except ValueError as exc:
                raise ValueError(f"bad value {text!r} for rules parameter {name!r}") from exc
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
        if not isinstance(data, dict):
            raise ValueError("rules parameters must be a JSON object")
        known = {f.name for f in dataclasses.fields(RulesParams)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rules parameters: {sorted(unknown)}")
        values: dict[str, Any] = {}
        data_set = data.get("data_set", DATA_SET)
        if not isinstance(data_set, str):
            raise ValueError("rules parameter 'data_set' must be a data set id")
        for name, value in data.items():
            if name == "data_set":
                continue
            if name == "crisis_levels":
                if not isinstance(value, list | tuple) or not all(_is_int(v) for v in value):
                    raise ValueError("rules parameter 'crisis_levels' must be a list of integers")
                values[name] = tuple(value)
            elif name in _INT_FIELDS:
                if not _is_int(value):
                    raise ValueError(f"rules parameter {name!r} must be an integer")
                values[name] = value
            else:
                if not isinstance(value, bool):
                    raise ValueError(f"rules parameter {name!r} must be true or false")
                values[name] = value
        return RulesParams.for_data_set(data_set, **values)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_INT_FIELDS = tuple(
    f.name
    for f in dataclasses.fields(RulesParams)
    if isinstance(f.default, int) and not isinstance(f.default, bool)
)
DEFAULT_PARAMS = RulesParams.for_data_set(DATA_SET)  # new games: the newest data set
# Every derived data set's parameters must make valid parameters: checked once, at import.
for _data_set in DATA_SETS:
    RulesParams.for_data_set(_data_set)
