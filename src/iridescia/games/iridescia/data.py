"""Card, tile and board data of Gems of Iridescia, loaded once from the JSON files in ``data/``.

Every row becomes a frozen record; the rest of the rules refer to things by small integer ids
(colours 0..3, tiles 1..58, relics 1..24, objectives 1..15, item kinds 0..11, Rhom cards 1..16).
The JSON files mirror the tables of the rules specification (section 1); ``tests/`` checks them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

# Gem colours, in the spec's canonical order (A, C, E, S).
AMETHYST: Final = 0
CITRINE: Final = 1
EMERALD: Final = 2
SAPPHIRE: Final = 3
COLOURS: Final[tuple[int, ...]] = (AMETHYST, CITRINE, EMERALD, SAPPHIRE)
COLOUR_NAMES: Final[tuple[str, ...]] = ("amethyst", "citrine", "emerald", "sapphire")
COLOUR_LETTERS: Final[tuple[str, ...]] = ("A", "C", "E", "S")
# Tile "gems" beyond the four colours.
RAINBOW: Final = 4
IRIDIA: Final = 5
TILE_GEM_NAMES: Final[tuple[str, ...]] = (*COLOUR_NAMES, "rainbow", "iridia")

DESERT: Final = 0
CANYON: Final = 1
FOREST: Final = 2
RUINS: Final = 3
CASTLE: Final = 4
REGION_NAMES: Final[tuple[str, ...]] = ("desert", "canyon", "forest", "ruins", "castle")

NO_BONUS: Final = 0
BONUS_COINS: Final = 1
BONUS_POINTS: Final = 2
BONUS_STONE: Final = 3
BONUS_NAMES: Final[tuple[str | None, ...]] = (None, "coins", "points", "stone_die")

JEWELRY: Final = 0
TECH: Final = 1
LORE: Final = 2
IRIDIA_TYPE: Final = 3
RELIC_TYPE_NAMES: Final[tuple[str, ...]] = ("jewelry", "tech", "lore", "iridia")
WILD_LEAD: Final = 4


@dataclass(frozen=True, slots=True)
class Tile:
    id: int
    region: int
    gem: int  # 0..3 a colour, RAINBOW or IRIDIA
    bonus: int
    amount: int

    @property
    def is_wild(self) -> bool:
        return self.gem >= RAINBOW


@dataclass(frozen=True, slots=True)
class Relic:
    id: int
    name: str
    lead: int  # 0..3 or WILD_LEAD
    type: int  # JEWELRY, TECH, LORE or IRIDIA_TYPE
    points: int
    cost: tuple[int, int, int, int]

    @property
    def is_iridia(self) -> bool:
        return self.type == IRIDIA_TYPE


@dataclass(frozen=True, slots=True)
class Objective:
    id: int
    name: str
    points: int
    condition: str  # most_coins, most_tiles, relic_each_lead, most_relics_lead, ...
    argument: int | None  # a colour, a relic type, or a count, depending on the condition


@dataclass(frozen=True, slots=True)
class ItemKind:
    index: int
    key: str
    name: str
    cost: int
    copies: int
    timing: str  # "optional", "any_time" or "start_of_turn"
    text: str
    needs_three_explorers: bool


@dataclass(frozen=True, slots=True)
class RhomCard:
    id: int
    reveal_order: tuple[str, ...]
    icon: str
    weathervane: str


@dataclass(frozen=True, slots=True)
class RoyaltyToken:
    key: str
    name: str
    points: int
    rank: int


@dataclass(frozen=True, slots=True)
class BoardRow:
    row: int
    first_hex: int
    last_hex: int
    region: int


def _load(name: str) -> Any:
    text = resources.files("iridescia.games.iridescia").joinpath("data", name).read_text("utf-8")
    return json.loads(text)


def _colour(name: str) -> int:
    return COLOUR_NAMES.index(name)


def _load_tiles() -> tuple[Tile, ...]:
    rows = _load("tiles.json")
    return tuple(
        Tile(
            id=r["id"],
            region=REGION_NAMES.index(r["region"]),
            gem=TILE_GEM_NAMES.index(r["gem"]),
            bonus=BONUS_NAMES.index(r["bonus"]),
            amount=r["amount"],
        )
        for r in rows
    )


def _load_relics() -> tuple[Relic, ...]:
    out = []
    for r in _load("relics.json"):
        cost = r["cost"]
        out.append(
            Relic(
                id=r["id"],
                name=r["name"],
                lead=WILD_LEAD if r["lead"] == "wild" else _colour(r["lead"]),
                type=RELIC_TYPE_NAMES.index(r["type"]),
                points=r["points"],
                cost=(cost["amethyst"], cost["citrine"], cost["emerald"], cost["sapphire"]),
            )
        )
    return tuple(out)


def _objective_argument(condition: str, arg: str | None) -> int | None:
    if arg is None:
        return None
    if condition in ("most_tiles", "most_relics_lead"):
        return _colour(arg)
    if condition == "most_relics_type":
        return RELIC_TYPE_NAMES.index(arg)
    return int(arg)


def _load_objectives() -> tuple[Objective, ...]:
    return tuple(
        Objective(
            id=r["id"],
            name=r["name"],
            points=r["points"],
            condition=r["condition"],
            argument=_objective_argument(r["condition"], r["argument"]),
        )
        for r in _load("objectives.json")
    )


def _load_items() -> tuple[ItemKind, ...]:
    return tuple(
        ItemKind(
            index=i,
            key=r["key"],
            name=r["name"],
            cost=r["cost"],
            copies=r["copies"],
            timing=r["timing"],
            text=r["text"],
            needs_three_explorers=r["needs_three_explorers"],
        )
        for i, r in enumerate(_load("items.json"))
    )


def _load_rhom() -> tuple[RhomCard, ...]:
    return tuple(
        RhomCard(
            id=r["id"],
            reveal_order=tuple(r["reveal_order"]),
            icon=r["icon"],
            weathervane=r["weathervane"],
        )
        for r in _load("rhom_cards.json")
    )


_royalty: Final = _load("royalty.json")
_board: Final = _load("board.json")

TILES: Final[tuple[Tile, ...]] = _load_tiles()
TILE_BY_ID: Final[dict[int, Tile]] = {t.id: t for t in TILES}
RELICS: Final[tuple[Relic, ...]] = _load_relics()
RELIC_BY_ID: Final[dict[int, Relic]] = {r.id: r for r in RELICS}
OBJECTIVES: Final[tuple[Objective, ...]] = _load_objectives()
OBJECTIVE_BY_ID: Final[dict[int, Objective]] = {o.id: o for o in OBJECTIVES}
ITEMS: Final[tuple[ItemKind, ...]] = _load_items()
ITEM_BY_KEY: Final[dict[str, ItemKind]] = {i.key: i for i in ITEMS}
RHOM_CARDS: Final[tuple[RhomCard, ...]] = _load_rhom()
ROYALTY_TOKENS: Final[tuple[RoyaltyToken, ...]] = tuple(
    RoyaltyToken(key=t["key"], name=t["name"], points=t["points"], rank=t["rank"])
    for t in _royalty["tokens"]
)
TOKEN_BY_KEY: Final[dict[str, RoyaltyToken]] = {t.key: t for t in ROYALTY_TOKENS}
TOKENS_BY_EXPLORERS: Final[dict[int, tuple[str, ...]]] = {
    int(k): tuple(v) for k, v in _royalty["tokens_by_explorers"].items()
}
BOARD_ROWS: Final[tuple[BoardRow, ...]] = tuple(
    BoardRow(
        row=r["row"],
        first_hex=r["first_hex"],
        last_hex=r["last_hex"],
        region=REGION_NAMES.index(r["region"]),
    )
    for r in _board["rows"]
)
EMPTY_HEXES_SMALL: Final[tuple[int, ...]] = tuple(_board["empty_hexes_small"])

# Item kind indices, for readable rules code.
CAULDRON: Final = ITEM_BY_KEY["cauldron"].index
BOOK: Final = ITEM_BY_KEY["book"].index
CART: Final = ITEM_BY_KEY["cart"].index
ELIXIR: Final = ITEM_BY_KEY["elixir"].index
LIBATION: Final = ITEM_BY_KEY["libation"].index
JACKHAMMER: Final = ITEM_BY_KEY["jackhammer"].index
DYNAMITE: Final = ITEM_BY_KEY["dynamite"].index
AXE: Final = ITEM_BY_KEY["axe"].index
PICKAXE: Final = ITEM_BY_KEY["pickaxe"].index
SWAPPING: Final = ITEM_BY_KEY["swapping"].index
CATAPULT: Final = ITEM_BY_KEY["catapult"].index
WELL: Final = ITEM_BY_KEY["well"].index
ITEM_KEYS: Final[tuple[str, ...]] = tuple(i.key for i in ITEMS)


def catalogue() -> dict[str, Any]:
    """The printed content of every card and tile, as JSON: items (cost, timing, text), relics,
    objectives, tiles, royalty tokens and Rhom cards. Public game-box data that lets a face draw
    and translate what views mention by id; it never says where a tile lies or how a deck is
    ordered. A fresh copy each call (callers may cache it)."""
    royalty = _load("royalty.json")
    return {
        "items": [
            {k: it[k] for k in ("key", "name", "cost", "timing", "text")}
            for it in _load("items.json")
        ],
        "relics": _load("relics.json"),
        "objectives": _load("objectives.json"),
        "tiles": _load("tiles.json"),
        "tokens": royalty["tokens"],
        "rhom_cards": _load("rhom_cards.json"),
    }
