"""The tunable numbers of the rules, in one frozen object a simulation can vary, with their ranges.

Defaults are the published game (spec section 1). Every field has one row in ``RANGES`` (its valid
values and why, from what the rules and the components allow; ``docs/rules-parameters.md``
shows the table), checked whenever parameters are made: ``RulesParams(...)`` itself,
``from_json`` (records, views, ``GAME.new``) and ``with_overrides`` (``name=value`` text, as
``iridescia simulate --param`` gives it). A bad value is a ValueError naming the parameter and
its range, so no parameter can make setup loop for ever, an action raise, or a game reach a
state with no legal action.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Final

from iridescia.core.params import ParamTable, SumLimit, flag, pair_list, whole
from iridescia.games.iridescia.actions import MAX_SEATS, MAX_SLOTS, MAX_STONE, ROLL_TARGETS
from iridescia.games.iridescia.data import OBJECTIVES, RELICS, TILES


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

    def __post_init__(self) -> None:
        # Types and ranges, so that no way of making parameters skips them. (The compiled build
        # refuses a wrong type itself, with a TypeError, before this runs; input from outside
        # comes through ``from_json`` or ``with_overrides``, which check types first.)
        RANGES.check(self)

    def with_overrides(self, overrides: dict[str, str]) -> RulesParams:
        """A copy with fields replaced from text values (``{"starting_coins": "7"}``,
        ``{"tile_sets": "3:3,5:7"}``); ValueError naming an unknown parameter or a bad value."""
        return dataclasses.replace(self, **RANGES.parse(overrides))

    def to_json(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["tile_sets"] = [list(p) for p in self.tile_sets]
        return out

    @staticmethod
    def from_json(data: object) -> RulesParams:
        """Parameters from a JSON object (missing fields take their defaults); ValueError for
        an unknown name or a value of the wrong type or out of its range."""
        return RulesParams(**RANGES.read(data))


# Most of one colour a player can hold: every tile could be of it (or a wild playing it).
_MOST_TILES: Final = len(TILES)
# A generous bound for numbers the components do not limit (coins, points, costs): far above
# the published game's, low enough that no loop or list they size can grow large.
_SANE: Final = 100
_POINTS_WHY: Final = "points (spec 7.2); 100 is far above the published 5-9"

RANGES: Final = ParamTable(
    (
        whole("starting_coins", 0, _SANE,
              "coins are unlimited (spec 1.1); 100 is far above the published 5"),
        whole("cargo_limit", 0, 4 * 16,
              "0 still plays (every gain is given away or returned, R17); at most the 4 × 16 "
              "gems of the published supply"),
        whole("gem_supply_per_colour", 0, _SANE,
              "an empty supply still plays (gains are capped, R1); 100 is far above the "
              "published 16"),
        flag("unlimited_gem_supply", "R1: lifts the supply cap"),
        whole("market_start_value", 1, 6, "a market die shows 1..6 (spec 1.1)"),
        whole("mining_cost", 1, _SANE,
              "at least 1 coin, so the mining attempts of a turn are bounded by the coins held"),
        whole("mining_dice", 1, ROLL_TARGETS,
              "a mining roll and a Wishing Well roll need a die; a roll has at most "
              f"{ROLL_TARGETS} dice (the action table's dice targets)"),
        whole("stone_dice", 0, MAX_STONE,
              f"'mine <k>' activates at most {MAX_STONE} stone dice (the action table)"),
        whole("relic_row_size", 0, len(RELICS),
              f"the row cannot hold more than the {len(RELICS)} relics (spec 1.4)"),
        whole("item_market_size", 0, MAX_SLOTS,
              f"'buy <slot>' names slots 1..{MAX_SLOTS} (the action table); an empty market "
              "still plays (R15)"),
        whole("item_market_size_with_rhom", 0, MAX_SLOTS, "as item_market_size"),
        whole("max_reveals", 1, 6,
              "R6 makes a reveal mandatory when no face-up tile is adjacent (with 0 the Rhom "
              "finds no tile to move to); at most the 6 tiles of row 1, the most ever adjacent"),
        whole("objectives_dealt", 0, len(OBJECTIVES) // MAX_SEATS,
              f"the {len(OBJECTIVES)} objectives dealt to up to {MAX_SEATS} players (spec 1.5)"),
        whole("set_three_jewelry", 0, _SANE, _POINTS_WHY),
        whole("set_three_tech", 0, _SANE, _POINTS_WHY),
        whole("set_three_lore", 0, _SANE, _POINTS_WHY),
        whole("set_one_of_each", 0, _SANE, _POINTS_WHY),
        pair_list("tile_sets", (0, 10), (1, _MOST_TILES), (0, _SANE),
                  f"spec 7.3: a set holds 1..{_MOST_TILES} tiles (the tiles of the game); "
                  "at most 10 set sizes"),
        whole("gems_per_point", 1, _SANE, "spec 7.1 divides the gems left by it: at least 1"),
        whole("iridia_stone_points", 0, _SANE,
              "points (spec 1.8); 100 is far above the published 10"),
        whole("market_refresh_attempts", 0, 1000,
              "D16: the refresh loop's cap; each attempt reshuffles the merchant deck, so it "
              "must stay small"),
    ),
    (
        SumLimit(("mining_dice", "stone_dice"), ROLL_TARGETS,
                 f"a roll of the mining dice and every stone die has at most {ROLL_TARGETS} dice "
                 "(the action table's dice targets)"),
    ),
)  # fmt: skip
RANGES.require_fields([f.name for f in dataclasses.fields(RulesParams)])

DEFAULT_PARAMS: Final = RulesParams()
