"""The Gem Rush component data: loaded once from the TOML files in ``data/`` into frozen records.

**Provisional.** The tiles, the gem deck, the room types the rulebook does not state and the
guessed gem slots were designed by the iridescia project, because the real component data is
not public (Gem Rush spec §0.3). The data set is ``gemrush-2e-provisional-1`` (``DATA_SET``) and
``NOTICE`` is the text every face shows with it. Someone with the physical game replaces the
files row for row; the rules code knows rooms only by effect key and type, never a tile or card
id, so no code changes.

``data/data_sets.toml`` lists the derived data sets (``Variant``: the same components, other
defaults for rules parameters, with a changelog); ``DATA_SET`` is the newest, which new games use,
and ``DATA_SETS`` every one this engine replays.

``build_data_set`` validates raw file contents and raises ``DataError`` naming the file, the row and
what is wrong; ``read_raw`` reads the package's own files. The guessed gem slots are room parameters
in ``rooms.toml`` (Gem Rush R95), so a transcription replaces them without code. The module
constants (``CARDS``, ``TILES``, ``ROOMS``...) are the package's own data set, and the flat tables
after them (``CARD_MASK``, ``TILE_ROOM``...) are what the rules read on the hot path.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from iridescia.games.gemrush.schemas import (
    GEM_CODES,
    GEM_INDEX,
    NUM_STANDARD,
    SCHEMAS,
    gem_mask,
    parse_gems,
)

COMPONENTS = "gemrush-2e-provisional-1"  # the data set the component files define
NOTICE = (
    "Provisional components: the room tiles and gem cards in this version were designed by "
    "the iridescia project to fit the published rules, because the real component data is not "
    "public. Scores are not comparable with the physical game."
)
FILES = ("gems", "cards", "rooms", "tiles", "crisis_targets", "skills")

# Room types (spec §2.4.1), in this order everywhere.
ACTION, MOVEMENT, FREE, TUNNEL, NO_TYPE = range(5)
ROOM_TYPES = ("action", "movement", "free", "tunnel", "none")

# Kinds of printed side.
WALL, DOOR, TUNNEL_DOOR = range(3)
DIRECTIONS = "NESW"


class DataError(ValueError):
    """The component data is malformed (the message names the file and row)."""


@dataclass(frozen=True, slots=True)
class Gem:
    index: int
    code: str
    name: str
    special: bool
    colour: str
    hex: str
    provisional: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    gems: tuple[int, ...]  # canonical order; the tuple ``payment`` takes
    mask: int  # bit g set for each gem g printed on the card
    provisional: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Side:
    """A printed side: a wall, a door with its cost and points, or a tunnel door."""

    kind: int  # WALL, DOOR or TUNNEL_DOOR
    cost: tuple[int, ...] = ()  # sorted standard gem indices (a multiset); () for a free door
    points: int = 0

    @property
    def is_door(self) -> bool:
        return self.kind != WALL

    def text(self) -> str:
        if self.kind == WALL:
            return "wall"
        if self.kind == TUNNEL_DOOR:
            return "tunnel"
        cost = "+".join(GEM_CODES[g] for g in self.cost) if self.cost else "free"
        return f"{cost}:{self.points}"


@dataclass(frozen=True, slots=True)
class Room:
    index: int  # 0-based row in the rooms file
    number: int  # the rulebook's order, 1..65
    name: str
    type: int  # ACTION, MOVEMENT, FREE, TUNNEL or NO_TYPE
    type_source: str  # "rulebook", "Gem Rush R100" or "default"
    effect: str  # the effect family's key (spec §4.5)
    params: Any  # the family's parameter record (schemas.py)
    provisional: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Tile:
    id: int
    room: Room
    copy: int
    sides: tuple[Side, Side, Side, Side]  # printed N, E, S, W
    partner: tuple[int, int, int, int]  # tunnels: the printed side each side pairs with
    provisional: tuple[str, ...]

    @property
    def is_tunnel(self) -> bool:
        return self.room.type == TUNNEL

    @property
    def doors(self) -> int:
        return sum(1 for s in self.sides if s.is_door)

    @property
    def label(self) -> str:
        return f"T{self.id:02d}"


@dataclass(frozen=True, slots=True)
class Level:
    key: str
    name: str
    target: int


@dataclass(frozen=True, slots=True)
class DataSet:
    id: str
    gems: tuple[Gem, ...]
    cards: tuple[Card, ...]  # cards[i].id == i + 1
    rooms: tuple[Room, ...]
    tiles: tuple[Tile, ...]  # tiles[i].id == i + 1
    levels: tuple[Level, ...]
    skills: tuple[dict[str, Any], ...]


# ------------------------------------------------------------------ validation


def _rows(raw: dict[str, Any], file: str, key: str) -> list[dict[str, Any]]:
    rows = raw.get(key)
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise DataError(f"{file}.toml: expected a list of [[{key}]] tables")
    return rows


def _field(row: dict[str, Any], name: str, kind: type, where: str) -> Any:
    value = row.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DataError(f"{where}: field {name!r} must be a {kind.__name__}, not {value!r}")
    return value


def _provisional(row: dict[str, Any], where: str) -> tuple[str, ...]:
    value = row.get("provisional")
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise DataError(f"{where}: 'provisional' must be a list of field names")
    return tuple(value)


def _ids(rows: list[dict[str, Any]], file: str) -> None:
    ids = [r.get("id") for r in rows]
    if ids != list(range(1, len(rows) + 1)):
        raise DataError(f"{file}.toml: ids must run 1..{len(rows)} in order")


def _gems(raw: dict[str, Any]) -> tuple[Gem, ...]:
    rows = _rows(raw, "gems", "gem")
    codes = [r.get("code") for r in rows]
    if codes != list(GEM_CODES):
        raise DataError(f"gems.toml: the gems must be {', '.join(GEM_CODES)} in that order")
    out = []
    for i, r in enumerate(rows):
        where = f"gems.toml gem {codes[i]}"
        klass = _field(r, "class", str, where)
        if klass != ("standard" if i < NUM_STANDARD else "special"):
            raise DataError(f"{where}: class must be {'standard' if i < 7 else 'special'}")
        out.append(
            Gem(
                i,
                codes[i],
                _field(r, "name", str, where),
                klass == "special",
                _field(r, "colour", str, where),
                _field(r, "hex", str, where),
                _provisional(r, where),
            )
        )
    return tuple(out)


def _cards(raw: dict[str, Any]) -> tuple[Card, ...]:
    rows = _rows(raw, "cards", "card")
    _ids(rows, "cards")
    out = []
    for r in rows:
        where = f"cards.toml card G{r['id']:02d}"
        try:
            gems = parse_gems(r.get("gems"), where)
        except ValueError as exc:
            raise DataError(str(exc)) from None
        if not 1 <= len(gems) <= 2:
            raise DataError(f"{where}: a card shows 1 or 2 gems (D1)")
        out.append(Card(r["id"], gems, gem_mask(gems), _provisional(r, where)))
    return tuple(out)


def _rooms(raw: dict[str, Any]) -> tuple[Room, ...]:
    rows = _rows(raw, "rooms", "room")
    out = []
    names: set[str] = set()
    for i, r in enumerate(rows):
        where = f"rooms.toml room {r.get('name', i + 1)!r}"
        name = _field(r, "name", str, where)
        if name in names:
            raise DataError(f"{where}: room names must be unique (D9)")
        names.add(name)
        type_name = _field(r, "type", str, where)
        if type_name not in ROOM_TYPES:
            raise DataError(f"{where}: type must be one of {', '.join(ROOM_TYPES)}")
        source = _field(r, "type_source", str, where)
        if source not in ("rulebook", "R100", "default"):
            raise DataError(f"{where}: type_source must be rulebook, R100 or default")
        effect = _field(r, "effect", str, where)
        if effect not in SCHEMAS:
            raise DataError(f"{where}: unknown effect key {effect!r} (spec §4.5)")
        try:
            params = SCHEMAS[effect].parse(_field(r, "params", dict, where), where)
        except ValueError as exc:
            raise DataError(str(exc)) from None
        out.append(
            Room(
                i,
                _field(r, "number", int, where),
                name,
                ROOM_TYPES.index(type_name),
                source,
                effect,
                params,
                _provisional(r, where),
            )
        )
    return tuple(out)


def parse_side(text: Any, where: str) -> Side:
    """A printed side from its data text: ``wall``, ``tunnel``, ``free:0`` or ``FR+FR+OB:3``."""
    if not isinstance(text, str):
        raise DataError(f"{where}: a side must be a string")
    if text == "wall":
        return Side(WALL)
    if text == "tunnel":
        return Side(TUNNEL_DOOR)
    cost_text, sep, points_text = text.partition(":")
    if not sep or not points_text.isdigit():
        raise DataError(f"{where}: bad side {text!r}; expected wall, tunnel or COST:POINTS")
    cost: tuple[int, ...] = ()
    if cost_text != "free":
        codes = cost_text.split("+")
        if any(c not in GEM_INDEX or GEM_INDEX[c] >= NUM_STANDARD for c in codes):
            raise DataError(f"{where}: a cost holds standard gems only (D7): {text!r}")
        cost = tuple(GEM_INDEX[c] for c in codes)
        if list(cost) != sorted(cost):
            raise DataError(f"{where}: cost gems must be in canonical order: {text!r}")
    return Side(DOOR, cost, int(points_text))


def _partner(pairs: Any, where: str) -> tuple[int, int, int, int]:
    if not isinstance(pairs, list) or len(pairs) != 2:
        raise DataError(f"{where}: a tunnel lists 2 pairs of sides, like ['NS', 'EW']")
    partner = [-1, -1, -1, -1]
    for pair in pairs:
        if not isinstance(pair, str) or len(pair) != 2 or any(c not in DIRECTIONS for c in pair):
            raise DataError(f"{where}: bad tunnel pair {pair!r}")
        a, b = DIRECTIONS.index(pair[0]), DIRECTIONS.index(pair[1])
        if a == b or partner[a] >= 0 or partner[b] >= 0:
            raise DataError(f"{where}: tunnel pairs must use each side once (D6)")
        partner[a], partner[b] = b, a
    return (partner[0], partner[1], partner[2], partner[3])


def _tiles(raw: dict[str, Any], rooms: tuple[Room, ...]) -> tuple[Tile, ...]:
    rows = _rows(raw, "tiles", "tile")
    _ids(rows, "tiles")
    by_name = {r.name: r for r in rooms}
    out = []
    for r in rows:
        where = f"tiles.toml tile T{r['id']:02d}"
        room_name = _field(r, "room", str, where)
        if room_name not in by_name:
            raise DataError(f"{where}: unknown room {room_name!r}")
        room = by_name[room_name]
        texts = r.get("sides")
        if not isinstance(texts, list) or len(texts) != 4:
            raise DataError(f"{where}: 'sides' lists the 4 printed sides N, E, S, W")
        sides = tuple(parse_side(t, f"{where} side {DIRECTIONS[i]}") for i, t in enumerate(texts))
        tunnel_sides = sum(1 for s in sides if s.kind == TUNNEL_DOOR)
        partner = (-1, -1, -1, -1)
        if room.type == TUNNEL:
            if tunnel_sides != 4:
                raise DataError(f"{where}: a tunnel has 4 tunnel doors (D6)")
            partner = _partner(r.get("pairs"), where)
        else:
            if tunnel_sides or "pairs" in r:
                raise DataError(f"{where}: only tunnel tiles have tunnel doors (D6)")
            if not any(s.is_door for s in sides):
                raise DataError(f"{where}: every tile has at least one door (D6)")
        out.append(
            Tile(
                r["id"],
                room,
                _field(r, "copy", int, where),
                (sides[0], sides[1], sides[2], sides[3]),
                partner,
                _provisional(r, where),
            )
        )
    return tuple(out)


def _levels(raw: dict[str, Any]) -> tuple[Level, ...]:
    rows = _rows(raw, "crisis_targets", "level")
    out = []
    for r in rows:
        where = f"crisis_targets.toml level {r.get('key')!r}"
        target = _field(r, "target", int, where)
        if target < 1:
            raise DataError(f"{where}: a target is a positive integer")
        out.append(Level(_field(r, "key", str, where), _field(r, "name", str, where), target))
    return tuple(out)


def build_data_set(raw: dict[str, dict[str, Any]], data_set: str = COMPONENTS) -> DataSet:
    """Validate the parsed contents of the six data files (keyed by ``FILES``) into a DataSet."""
    missing = [f for f in FILES if f not in raw]
    if missing:
        raise DataError(f"missing data files: {', '.join(missing)}")
    rooms = _rooms(raw["rooms"])
    skills = raw["skills"].get("skill", [])
    if not isinstance(skills, list):
        raise DataError("skills.toml: 'skill' must be a list")
    return DataSet(
        data_set,
        _gems(raw["gems"]),
        _cards(raw["cards"]),
        rooms,
        _tiles(raw["tiles"], rooms),
        _levels(raw["crisis_targets"]),
        tuple(skills),
    )


def read_raw() -> dict[str, dict[str, Any]]:
    """The parsed TOML of the package's own data files, by file name (no validation)."""
    folder = resources.files(__package__).joinpath("data")
    return {f: tomllib.loads(folder.joinpath(f"{f}.toml").read_text("utf-8")) for f in FILES}


DEFAULT = build_data_set(read_raw())


# ------------------------------------------------------------------ derived data sets


@dataclass(frozen=True, slots=True)
class Change:
    """One entry of a derived data set's changelog."""

    what: str
    why: str


@dataclass(frozen=True, slots=True)
class Variant:
    """A data set that keeps every card, tile and room of the component files and changes the
    defaults of rules parameters (Gem Rush R5) that the balancing pass found wrong. Its id names
    it in records, views and reports; a game played with it replays only with it."""

    id: str
    based_on: str
    params: tuple[tuple[str, Any], ...]  # (rules parameter, its default in this data set)
    changes: tuple[Change, ...]


def parse_variants(raw: dict[str, Any], known: tuple[str, ...]) -> tuple[Variant, ...]:
    """The derived data sets of ``data_sets.toml``, in order; each builds on a data set listed
    before it (or on the components). DataError naming what is wrong. The parameter names and
    values are checked by ``params.py``, which knows the parameters."""
    out: list[Variant] = []
    ids = list(known)
    for r in _rows(raw, "data_sets", "data_set"):
        where = f"data_sets.toml data set {r.get('id')!r}"
        ident = _field(r, "id", str, where)
        based_on = _field(r, "based_on", str, where)
        if ident in ids:
            raise DataError(f"{where}: the id is already taken")
        if based_on not in ids:
            raise DataError(f"{where}: it builds on {based_on!r}, which is not listed before it")
        params = r.get("params", {})
        changes = r.get("change", [])
        if not isinstance(params, dict) or not isinstance(changes, list) or not changes:
            raise DataError(f"{where}: 'params' is a table and 'change' a non-empty list")
        log = tuple(
            Change(_field(c, "what", str, where), _field(c, "why", str, where)) for c in changes
        )
        base = next((v.params for v in out if v.id == based_on), ())
        merged = dict(base) | params
        out.append(Variant(ident, based_on, tuple(sorted(merged.items())), log))
        ids.append(ident)
    return tuple(out)


def _read_variants() -> dict[str, Any]:
    folder = resources.files(__package__).joinpath("data")
    return tomllib.loads(folder.joinpath("data_sets.toml").read_text("utf-8"))


VARIANTS = parse_variants(_read_variants(), (COMPONENTS,))
VARIANT_BY_ID = {v.id: v for v in VARIANTS}
# Every data set this engine plays, oldest first; new games use the newest (``DATA_SET``).
DATA_SETS: tuple[str, ...] = (COMPONENTS, *(v.id for v in VARIANTS))
DATA_SET = DATA_SETS[-1]


def param_defaults(data_set: str) -> dict[str, Any]:
    """The rules parameters whose defaults ``data_set`` changes (ValueError for an unknown one)."""
    if data_set == COMPONENTS:
        return {}
    variant = VARIANT_BY_ID.get(data_set)
    if variant is None:
        raise ValueError(f"unknown data set {data_set!r}; known: {', '.join(DATA_SETS)}")
    return dict(variant.params)


GEMS = DEFAULT.gems
CARDS = DEFAULT.cards
ROOMS = DEFAULT.rooms
TILES = DEFAULT.tiles
LEVELS = DEFAULT.levels
SKILLS = DEFAULT.skills
NUM_CARDS = len(CARDS)
NUM_TILES = len(TILES)

# Flat tables indexed by card or tile id (index 0 unused): what the rules read on the hot path.
CARD_MASK: tuple[int, ...] = (0, *(c.mask for c in CARDS))
CARD_GEMS: tuple[tuple[int, ...], ...] = ((), *(c.gems for c in CARDS))
TILE_BY_ID: tuple[Tile, ...] = (TILES[0], *TILES)  # index 0 is a placeholder, never used
TILE_ROOM: tuple[int, ...] = (-1, *(t.room.index for t in TILES))
TILE_TYPE: tuple[int, ...] = (NO_TYPE, *(t.room.type for t in TILES))
TILE_IS_TUNNEL: tuple[bool, ...] = (False, *(t.is_tunnel for t in TILES))
TILE_EFFECT: tuple[str, ...] = ("none", *(t.room.effect for t in TILES))
ROOM_BY_NAME = {r.name: r for r in ROOMS}
LEVEL_BY_KEY = {lv.key: lv for lv in LEVELS}


def card_label(card: int) -> str:
    return f"G{card:02d}"


def tile_label(tile: int) -> str:
    return f"T{tile:02d}"


def card_codes(card: int) -> list[str]:
    return [GEM_CODES[g] for g in CARD_GEMS[card]]
