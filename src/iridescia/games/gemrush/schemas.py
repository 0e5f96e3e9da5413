"""Gem indices, card tests, and the one parameter schema of each room-effect family.

Gem indices follow the canonical order of Gem Rush spec §1 and are shared with ``payment.py``:
FR=0, OB=1, PF=2, ST=3, EL=4, SS=5, RH=6 (standard), DD=7, EG=8, OR=9, WS=10 (special). A card's
gems are also kept as a bitmask (bit g for gem g), which is what every card test reads.

A card test (Gem Rush R51) is written in the rooms data file as a table ``{kind, gems}`` and
becomes a ``CardTest``; the rules evaluate its compiled form ``(mode, source, mask)`` (see
``CardTest.compiled``), where the mask may come from the data, from the named gems (NAME) or
from the discarded card *c* (DISCARD ONE).

Each effect family (spec §4.5) has exactly one ``ParamSchema``: the fields its ``params`` table
must hold, with their kinds. ``parse_params`` checks a row against it and builds the family's
frozen parameter record. Nothing here knows a room by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# ------------------------------------------------------------------ gems (spec §1, §2.2)

FR, OB, PF, ST, EL, SS, RH, DD, EG, OR, WS = range(11)
GEM_CODES = ("FR", "OB", "PF", "ST", "EL", "SS", "RH", "DD", "EG", "OR", "WS")
GEM_INDEX = {code: i for i, code in enumerate(GEM_CODES)}
NUM_GEMS = 11
NUM_STANDARD = 7
STANDARD_MASK = (1 << NUM_STANDARD) - 1
SPECIAL_MASK = ((1 << NUM_GEMS) - 1) & ~STANDARD_MASK


def gem_mask(gems: tuple[int, ...]) -> int:
    mask = 0
    for g in gems:
        mask |= 1 << g
    return mask


def mask_gems(mask: int) -> tuple[int, ...]:
    """The gems of a mask, in canonical order."""
    return tuple(g for g in range(NUM_GEMS) if mask >> g & 1)


def parse_gems(codes: Any, where: str) -> tuple[int, ...]:
    """Gem codes (a list of strings, canonical order, no repeats) as indices."""
    if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
        raise ValueError(f"{where}: gems must be a list of gem codes")
    unknown = [c for c in codes if c not in GEM_INDEX]
    if unknown:
        raise ValueError(f"{where}: unknown gem codes {unknown}; codes: {', '.join(GEM_CODES)}")
    gems = tuple(GEM_INDEX[c] for c in codes)
    if list(gems) != sorted(set(gems)):
        raise ValueError(f"{where}: gems must be distinct and in canonical order: {codes}")
    return gems


# ------------------------------------------------------------------ card tests (Gem Rush R51)

# Compiled test modes: how the card's mask is compared with the test's mask.
T_TRUE, T_ANY, T_ONLY, T_NONE, T_ALL = range(5)
# Where the test's mask comes from when the effect runs.
SRC_FIXED, SRC_C, SRC_NAMED = range(3)

CompiledTest = tuple[int, int, int]  # (mode, source, mask)

# kind -> (mode, source, how many gems the kind takes: None any number >= 1, 0 none)
_TEST_KINDS: dict[str, tuple[int, int, int | None]] = {
    "has": (T_ANY, SRC_FIXED, 1),
    "any": (T_ANY, SRC_FIXED, None),
    "only": (T_ONLY, SRC_FIXED, None),
    "none": (T_NONE, SRC_FIXED, None),
    "both": (T_ALL, SRC_FIXED, 2),
    "special": (T_ANY, SRC_FIXED, 0),
    "standard_only": (T_ONLY, SRC_FIXED, 0),
    "any_card": (T_TRUE, SRC_FIXED, 0),
    "shares": (T_ANY, SRC_C, 0),
    "shares_nothing": (T_NONE, SRC_C, 0),
}
TEST_KINDS = tuple(_TEST_KINDS)


@dataclass(frozen=True, slots=True)
class CardTest:
    """A test on the gems printed on one card (Gem Rush R51)."""

    kind: str
    gems: tuple[int, ...] = ()

    @property
    def compiled(self) -> CompiledTest:
        mode, source, _ = _TEST_KINDS[self.kind]
        if self.kind == "special":
            return (mode, source, SPECIAL_MASK)
        if self.kind == "standard_only":
            return (mode, source, STANDARD_MASK)
        return (mode, source, gem_mask(self.gems))

    @property
    def relational(self) -> bool:
        """Whether it compares with the discarded card *c*."""
        return _TEST_KINDS[self.kind][1] == SRC_C

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "gems": [GEM_CODES[g] for g in self.gems]}


def parse_test(value: Any, where: str) -> CardTest:
    if not isinstance(value, dict) or not isinstance(value.get("kind"), str):
        raise ValueError(f"{where}: a card test is a table with a 'kind'")
    unknown = set(value) - {"kind", "gems"}
    if unknown:
        raise ValueError(f"{where}: unknown keys {sorted(unknown)} in a card test")
    kind = value["kind"]
    if kind not in _TEST_KINDS:
        raise ValueError(f"{where}: unknown test kind {kind!r}; kinds: {', '.join(TEST_KINDS)}")
    wanted = _TEST_KINDS[kind][2]
    gems = parse_gems(value.get("gems", []), where)
    if wanted == 0 and gems:
        raise ValueError(f"{where}: test {kind!r} takes no gems")
    if wanted is None and not gems:
        raise ValueError(f"{where}: test {kind!r} needs at least one gem")
    if wanted is not None and wanted > 0 and len(gems) != wanted:
        raise ValueError(f"{where}: test {kind!r} takes exactly {wanted} gem(s)")
    return CardTest(kind, gems)


def passes(test: CompiledTest, card: int, c_mask: int, named: int) -> bool:
    """Whether a card (its gem mask) passes a compiled test, given *c* and the named gems."""
    mode, source, mask = test
    if source == SRC_C:
        mask = c_mask
    elif source == SRC_NAMED:
        mask = named
    if mode == T_ANY:
        return card & mask != 0
    if mode == T_NONE:
        return card & mask == 0
    if mode == T_ONLY:
        return card & ~mask == 0
    if mode == T_ALL:
        return card & mask == mask
    return True


# ------------------------------------------------------------------ family parameters (§4.5)

# One frozen record per family; its fields are the family's schema. ``n`` and ``k`` are card
# counts, ``points`` a score change, ``names`` how many gems are named (1 or 2), ``mode`` how
# the named gems test a card (has, any, none), ``test``/``discard``/``relation`` card tests.


@dataclass(frozen=True, slots=True)
class NoParams:
    """The record of the families that take no parameters."""


@dataclass(frozen=True, slots=True)
class RevealKeepAll:
    n: int
    test: CardTest


@dataclass(frozen=True, slots=True)
class RevealKeepAllPlus:
    n: int
    test: CardTest
    extra: int


@dataclass(frozen=True, slots=True)
class RevealKeep:
    n: int
    k: int


@dataclass(frozen=True, slots=True)
class DiscardRevealKeep:
    discard: CardTest
    n: int
    k: int


@dataclass(frozen=True, slots=True)
class DigKeep:
    n: int
    test: CardTest
    k: int  # 0 keeps every dug card


@dataclass(frozen=True, slots=True)
class DiscardDig:
    discard: CardTest
    n: int
    relation: CardTest  # may compare with the discarded card c


@dataclass(frozen=True, slots=True)
class DiscardRevealRelation:
    n: int
    relation: CardTest


@dataclass(frozen=True, slots=True)
class NameReveal:
    names: int
    n: int
    mode: str


@dataclass(frozen=True, slots=True)
class NameDig:
    names: int
    n: int


@dataclass(frozen=True, slots=True)
class Count:
    """Families whose one parameter is a card count (reveal_name_keep, draw_to, vortex,
    patience, scry)."""

    n: int


@dataclass(frozen=True, slots=True)
class DrawScore:
    n: int
    points: int


@dataclass(frozen=True, slots=True)
class LoseDraw:
    points: int
    n: int


@dataclass(frozen=True, slots=True)
class DiscardDraw:
    discard: CardTest
    n: int


@dataclass(frozen=True, slots=True)
class DiscardScoreDraw:
    discard: CardTest
    points: int
    n: int


@dataclass(frozen=True, slots=True)
class DiscardAnyScoreDraw:
    discard: CardTest
    n: int


@dataclass(frozen=True, slots=True)
class Split:
    discard: CardTest
    points: int


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    n: int
    discard: CardTest | None  # None: no discard first (Eddy)


@dataclass(frozen=True, slots=True)
class DigDraw:
    test: CardTest
    dig: int
    draw: int


@dataclass(frozen=True, slots=True)
class MoveRoom:
    draw: int
    may_stay: bool


@dataclass(frozen=True, slots=True)
class Rift:
    draw: int


@dataclass(frozen=True, slots=True)
class RefillSteps:
    to: int


EffectParams = (
    NoParams | RevealKeepAll | RevealKeepAllPlus | RevealKeep | DiscardRevealKeep | DigKeep
    | DiscardDig | DiscardRevealRelation | NameReveal | NameDig | Count | DrawScore | LoseDraw
    | DiscardDraw | DiscardScoreDraw | DiscardAnyScoreDraw | Split | TakeDiscard | DigDraw
    | MoveRoom | Rift | RefillSteps
)  # fmt: skip

# Field kinds: "int" (>= 0), "bool", "names" (1 or 2), "mode" (has/any/none), "test",
# "test?" (a test, or absent for None).
FieldKind = str


@dataclass(frozen=True, slots=True)
class ParamSchema:
    """The one parameter schema of an effect family: its record type and ``(name, kind)`` per
    field, in the record's order."""

    family: str
    record: type
    fields: tuple[tuple[str, FieldKind], ...] = ()

    def parse(self, raw: Mapping[str, Any], where: str) -> Any:
        """The family's parameter record from a data row's ``params`` table (ValueError)."""
        names = {n for n, _ in self.fields}
        unknown = set(raw) - names
        if unknown:
            raise ValueError(
                f"{where}: family {self.family!r} takes {sorted(names) or 'no parameters'}, "
                f"not {sorted(unknown)}"
            )
        values: dict[str, Any] = {}
        for name, kind in self.fields:
            here = f"{where}: params.{name}"
            if name not in raw:
                if kind == "test?":
                    values[name] = None
                    continue
                raise ValueError(f"{here} is missing (family {self.family!r})")
            values[name] = _parse_field(raw[name], kind, here)
        return self.record(**values)


def params_json(params: Any) -> dict[str, Any]:
    """A parameter record as JSON (tests as ``{kind, gems}``; absent tests left out)."""
    out: dict[str, Any] = {}
    for name in getattr(params, "__slots__", ()):
        value = getattr(params, name)
        if isinstance(value, CardTest):
            out[name] = value.to_json()
        elif value is not None:
            out[name] = value
    return out


def _parse_field(value: Any, kind: FieldKind, where: str) -> Any:
    if kind in ("test", "test?"):
        return parse_test(value, where)
    if kind == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"{where} must be true or false")
        return value
    if kind == "mode":
        if value not in ("has", "any", "none"):
            raise ValueError(f"{where} must be has, any or none")
        return value
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{where} must be an integer >= 0")
    if kind == "names" and value not in (1, 2):
        raise ValueError(f"{where} must be 1 or 2")
    return value


_N = ("n", "int")
_DISCARD = ("discard", "test")
SCHEMAS: dict[str, ParamSchema] = {
    s.family: s
    for s in (
        ParamSchema("reveal_keep_all", RevealKeepAll, (_N, ("test", "test"))),
        ParamSchema(
            "reveal_keep_all_plus", RevealKeepAllPlus, (_N, ("test", "test"), ("extra", "int"))
        ),
        ParamSchema("reveal_keep", RevealKeep, (_N, ("k", "int"))),
        ParamSchema("discard_reveal_keep", DiscardRevealKeep, (_DISCARD, _N, ("k", "int"))),
        ParamSchema("dig_keep", DigKeep, (_N, ("test", "test"), ("k", "int"))),
        ParamSchema("discard_dig", DiscardDig, (_DISCARD, _N, ("relation", "test"))),
        ParamSchema("discard_reveal_relation", DiscardRevealRelation, (_N, ("relation", "test"))),
        ParamSchema("name_reveal", NameReveal, (("names", "names"), _N, ("mode", "mode"))),
        ParamSchema("name_dig", NameDig, (("names", "names"), _N)),
        ParamSchema("reveal_name_keep", Count, (_N,)),
        ParamSchema("draw_score", DrawScore, (_N, ("points", "int"))),
        ParamSchema("lose_draw", LoseDraw, (("points", "int"), _N)),
        ParamSchema("discard_draw", DiscardDraw, (_DISCARD, _N)),
        ParamSchema("discard_score_draw", DiscardScoreDraw, (_DISCARD, ("points", "int"), _N)),
        ParamSchema("discard_any_score_draw", DiscardAnyScoreDraw, (_DISCARD, _N)),
        ParamSchema("split", Split, (_DISCARD, ("points", "int"))),
        ParamSchema("transmute", NoParams),
        ParamSchema("draw_hand_size", NoParams),
        ParamSchema("draw_to", Count, (_N,)),
        ParamSchema("vortex", Count, (_N,)),
        ParamSchema("take_discard", TakeDiscard, (_N, ("discard", "test?"))),
        ParamSchema("draw_per_leader", NoParams),
        ParamSchema("patience", Count, (_N,)),
        ParamSchema("dig_draw", DigDraw, (("test", "test"), ("dig", "int"), ("draw", "int"))),
        ParamSchema("move_room", MoveRoom, (("draw", "int"), ("may_stay", "bool"))),
        ParamSchema("swap", NoParams),
        ParamSchema("copy", NoParams),
        ParamSchema("scry", Count, (_N,)),
        ParamSchema("rift", Rift, (("draw", "int"),)),
        ParamSchema("elevator", NoParams),
        ParamSchema("mine_cart", NoParams),
        ParamSchema("refill_steps", RefillSteps, (("to", "int"),)),
        ParamSchema("none", NoParams),
    )
}
EFFECT_KEYS = tuple(SCHEMAS)

# A schema's fields are exactly its record's fields, in order (checked once, at import).
for _schema in SCHEMAS.values():
    assert tuple(n for n, _ in _schema.fields) == tuple(getattr(_schema.record, "__slots__", ())), (
        _schema.family
    )
