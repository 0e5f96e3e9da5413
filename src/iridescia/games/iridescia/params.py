"""The tunable numbers of the rules, in one frozen object a simulation can vary.

Defaults are the published game (spec section 1). ``RulesParams.with_overrides`` builds a
variant from ``name=value`` strings, which is how ``iridescia simulate --param`` will use it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Final


@dataclass(frozen=True, slots=True)
class RulesParams:
    starting_coins: int = 5
    cargo_limit: int = 7
    gem_supply_per_colour: int = 16
    unlimited_gem_supply: bool = False  # R1: a rules parameter may lift the cap
    market_start_value: int = 2
    mining_cost: int = 3
    mining_dice: int = 2
    stone_dice: int = 4
    relic_row_size: int = 5
    item_market_size: int = 5
    item_market_size_with_rhom: int = 6
    max_reveals: int = 2
    objectives_dealt: int = 2
    # Relic sets (spec 7.2): three of a type, and one of each.
    set_three_jewelry: int = 5
    set_three_tech: int = 7
    set_three_lore: int = 9
    set_one_of_each: int = 5
    # Tile sets by colour (spec 7.3): size -> points.
    tile_sets: tuple[tuple[int, int], ...] = field(default=((3, 3), (5, 7), (7, 12)))
    gems_per_point: int = 2
    iridia_stone_points: int = 10
    market_refresh_attempts: int = 100

    def with_overrides(self, overrides: dict[str, str]) -> RulesParams:
        """A copy with fields replaced from text values (``{"starting_coins": "7"}``)."""
        changes: dict[str, Any] = {}
        fields = {f.name: f for f in dataclasses.fields(self)}
        for name, text in overrides.items():
            if name not in fields:
                raise ValueError(f"unknown rules parameter {name!r}; known: {sorted(fields)}")
            current = getattr(self, name)
            try:
                if isinstance(current, bool):
                    if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
                        raise ValueError(text)
                    changes[name] = text.lower() in ("true", "1", "yes")
                elif isinstance(current, int):
                    changes[name] = int(text)
                else:
                    pairs = tuple(
                        (int(a), int(b)) for a, b in (p.split(":") for p in text.split(","))
                    )
                    changes[name] = pairs
            except ValueError as exc:
                raise ValueError(f"bad value {text!r} for rules parameter {name!r}") from exc
        return dataclasses.replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["tile_sets"] = [list(p) for p in self.tile_sets]
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> RulesParams:
        known = {f.name for f in dataclasses.fields(RulesParams)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rules parameters: {sorted(unknown)}")
        values: dict[str, Any] = {}
        defaults = RulesParams()
        for name, value in data.items():
            current = getattr(defaults, name)
            if name == "tile_sets":
                if not isinstance(value, list | tuple) or not all(
                    isinstance(p, list | tuple)
                    and len(p) == 2
                    and all(isinstance(x, int) and not isinstance(x, bool) for x in p)
                    for p in value
                ):
                    raise ValueError("rules parameter 'tile_sets' must be a list of [size, points]")
                values[name] = tuple((int(a), int(b)) for a, b in value)
            elif isinstance(current, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"rules parameter {name!r} must be true or false")
                values[name] = value
            else:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise ValueError(f"rules parameter {name!r} must be an integer")
                values[name] = value
        return RulesParams(**values)


DEFAULT_PARAMS: Final = RulesParams()
