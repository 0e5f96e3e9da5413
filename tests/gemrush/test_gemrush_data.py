"""Gem Rush component data (spec §2.5 D1-D9), its provisional labels, and the data loader.

Each data check is labelled, in its name and in ``KIND``, "rulebook" (what the rulebook states:
must hold for the published data too) or "design" (this project's choices for the provisional
set: may be relaxed when the real data replaces it, spec §0.4). The loader must reject
malformed data with a message naming the file and row.
"""

from __future__ import annotations

import ast
import copy
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from iridescia.games.gemrush import data as D
from iridescia.games.gemrush.rooms import FAMILIES, PROGRAMS
from iridescia.games.gemrush.schemas import (
    DD,
    EG,
    EL,
    GEM_CODES,
    OB,
    OR,
    PF,
    SCHEMAS,
    SPECIAL_MASK,
    SS,
    ST,
    STANDARD_MASK,
    WS,
)

KIND = {
    "D1": "rulebook", "D2": "rulebook", "D3": "design", "D4": "rulebook", "D5": "rulebook",
    "D5a": "design", "D6": "rulebook", "D7": "rulebook", "D8": "design",
    "D9": "rulebook for the stated types, design for the rest",
}  # fmt: skip

ROOM_NAMES_4_3 = (
    "Auric Fountain", "Chaos Fountain", "Chaos Vein", "Crystal Garden", "Crystalarium",
    "Dark Pit", "Diamond Refinery", "Diamond Splitter", "Diamond Spring", "Diamond Vein",
    "Dimensional Rift", "Dissonance Fountain", "Dream Shaft", "Echo Chamber", "Echoglass Vein",
    "Eddy", "Electrum Fountain", "Electrum Shaft", "Entropic Fountain", "Fire Ruby Shaft",
    "Fire Ruby Vein", "Honeycomb", "Hope Refinery", "Hope Spring", "Hope Well", "Insight Well",
    "Maelstrom", "Mine Cart", "Mine Shaft", "Mirror Fountain", "Mystic Elevator", "Nexus",
    "Nova Vein", "Observatory", "Obsidian Fountain", "Obsidian Shaft", "Orichalcum Vein",
    "Patience Vein", "Permafrost Shaft", "Permafrost Vein", "Portal", "Recycler",
    "Resonant Chamber", "Rich Deposits", "Ruins", "Scrying Pool", "Soulstone Fountain",
    "Soulstone Shaft", "Star Tear Fountain", "Star Tear Shaft", "Temperance Vein", "Time Vein",
    "Transmuter", "Tunnel", "Void", "Volcanic Well", "Vortex", "Warp Stream", "Warped Mirror",
    "Warpstone Vein", "Wish Fountain", "Wish Geyser", "Wish Spring", "Wish Vein", "Workshop",
)  # fmt: skip
RULEBOOK_TYPES = {
    "Warped Mirror": D.MOVEMENT,
    "Mystic Elevator": D.FREE,
    "Mine Cart": D.FREE,
    "Tunnel": D.TUNNEL,
    "Void": D.NO_TYPE,
}
SPEC_TYPES = {"Time Vein": D.FREE, "Portal": D.MOVEMENT}  # R100; every other room is action


def _doors() -> list[D.Side]:
    return [s for t in D.TILES if not t.is_tunnel for s in t.sides if s.kind == D.DOOR]


def _has(card: D.Card, gem: int) -> bool:
    return bool(card.mask >> gem & 1)


# ------------------------------------------------------------------ D1-D9


def test_d1_rulebook_cards() -> None:
    assert len(D.CARDS) == 75
    assert all(1 <= len(c.gems) <= 2 for c in D.CARDS)
    assert all(all(0 <= g < 11 for g in c.gems) for c in D.CARDS)
    assert sum(1 for c in D.CARDS if len(c.gems) == 2) > 75 / 2


def test_d2_rulebook_example_pairs_exist() -> None:
    pairs = {c.gems for c in D.CARDS}
    for pair in ((OB, EL), (PF, SS), (SS, OR), (ST, WS)):
        assert pair in pairs


def test_d3_design_deck_balance() -> None:
    for g in range(7):
        assert sum(1 for c in D.CARDS if _has(c, g)) == 16
    pairs = Counter(c.gems for c in D.CARDS if c.mask & SPECIAL_MASK == 0)
    assert len(pairs) == 21 and set(pairs.values()) == {2}
    counts = {g: sum(1 for c in D.CARDS if _has(c, g)) for g in (DD, EG, OR, WS)}
    assert counts == {DD: 12, EG: 7, OR: 7, WS: 7}
    assert sum(1 for c in D.CARDS if c.gems == (DD,)) == 5
    for c in D.CARDS:
        if c.mask & (1 << OR | 1 << WS):
            assert c.mask & STANDARD_MASK, "OR and WS always share a card with a standard gem"


def test_d4_rulebook_tiles_and_room_names() -> None:
    assert len(D.TILES) == 80
    assert {t.room.name for t in D.TILES} == set(ROOM_NAMES_4_3)
    assert len(D.ROOMS) == 65


def test_d5_rulebook_carts_and_a_cross_tunnel() -> None:
    assert sum(1 for t in D.TILES if t.room.effect == "mine_cart") >= 2
    assert any(t.is_tunnel and t.partner == (2, 3, 0, 1) for t in D.TILES)


def test_d5a_design_both_tunnel_shapes() -> None:
    shapes = {t.partner for t in D.TILES if t.is_tunnel}
    assert (2, 3, 0, 1) in shapes  # straight cross: N-S, E-W
    assert (1, 0, 3, 2) in shapes  # double bend: N-E, S-W


def test_d6_rulebook_doors() -> None:
    for t in D.TILES:
        if t.is_tunnel:
            assert all(s.kind == D.TUNNEL_DOOR for s in t.sides)
            assert all(s.cost == () and s.points == 0 for s in t.sides)
            assert sorted(t.partner) == [0, 1, 2, 3]
            assert all(t.partner[t.partner[a]] == a != t.partner[a] for a in range(4))
        else:
            assert 1 <= t.doors <= 4
            assert all(s.kind != D.TUNNEL_DOOR for s in t.sides)


def test_d7_rulebook_costs() -> None:
    doors = _doors()
    assert all(all(g < 7 for g in s.cost) for s in doors)
    assert any(not s.cost for s in doors), "some doors cost nothing"
    assert any(s.points == 0 for s in doors), "some doors are worth nothing"


def test_d8_design_copies_doors_costs_points() -> None:
    copies = Counter(t.room.name for t in D.TILES)
    extra = {"Mine Cart": 4, "Tunnel": 4, "Mine Shaft": 4, "Void": 2}
    extra |= dict.fromkeys(
        ("Rich Deposits", "Temperance Vein", "Workshop", "Honeycomb", "Wish Vein"), 2
    )
    assert copies == Counter({name: extra.get(name, 1) for name in ROOM_NAMES_4_3})
    by_doors = Counter(t.doors for t in D.TILES if not t.is_tunnel)
    assert by_doors == {1: 6, 2: 22, 3: 30, 4: 18}
    doors = _doors()
    assert len(doors) == 212
    assert Counter(len(s.cost) for s in doors) == {0: 14, 1: 52, 2: 66, 3: 48, 4: 22, 5: 10}
    zero = sorted(
        f"T{t.id:02d} {'NESW'[i]}"
        for t in D.TILES
        for i, s in enumerate(t.sides)
        if s.kind == D.DOOR and len(s.cost) == 1 and s.points == 0
    )
    assert zero == ["T01 E", "T16 E", "T22 E", "T26 S", "T55 S", "T68 S", "T71 N", "T79 S"]
    for t in D.TILES:
        for i, s in enumerate(t.sides):
            if s.kind == D.DOOR and f"T{t.id:02d} {'NESW'[i]}" not in zero:
                n = len(s.cost)
                assert s.points == (n if n <= 3 else n + 1)
    slots = Counter(g for s in doors for g in s.cost)
    assert all(66 <= slots[g] <= 67 for g in range(7))
    assert sum(s.points for s in doors) == 490


def test_d9_rulebook_and_design_rooms_effect_keys_and_types() -> None:
    assert set(r.effect for r in D.ROOMS) <= set(SCHEMAS)
    assert set(SCHEMAS) == set(FAMILIES)
    for room in D.ROOMS:
        schema = SCHEMAS[room.effect]
        assert isinstance(room.params, schema.record)
        expected = RULEBOOK_TYPES.get(room.name, SPEC_TYPES.get(room.name, D.ACTION))
        assert room.type == expected, room.name  # rulebook for the stated ones, R100 else
        assert (room.type_source == "rulebook") == (room.name in RULEBOOK_TYPES)
    assert len(PROGRAMS) == len(D.ROOMS)


# ------------------------------------------------------------------ provisional labels


def _raw_text(name: str) -> str:
    return resources.files("iridescia.games.gemrush").joinpath(f"data/{name}.toml").read_text()


@pytest.mark.parametrize("name", D.FILES)
def test_every_file_opens_with_the_provisional_notice(name: str) -> None:
    head = _raw_text(name).split("\n\n")[0]
    assert head.startswith("#") and "PROVISIONAL" in head
    assert "0.3" in head and "gemrush-2e-provisional-1" in _raw_text(name)


def test_provisional_fields_are_flagged() -> None:
    assert all(t.provisional[0] == "sides" for t in D.TILES)
    assert all(c.provisional == ("gems",) for c in D.CARDS)
    for room in D.ROOMS:
        assert ("type" in room.provisional) == (room.type_source != "rulebook")
    guessed = {r.name for r in D.ROOMS if any(p.startswith("params") for p in r.provisional)}
    assert guessed == {
        "Auric Fountain", "Electrum Fountain", "Entropic Fountain", "Mirror Fountain",
        "Obsidian Fountain", "Soulstone Fountain", "Star Tear Fountain", "Volcanic Well",
        "Nova Vein", "Permafrost Vein", "Dream Shaft",
    }  # fmt: skip
    assert {g.code for g in D.GEMS if g.provisional} == {"EL", "RH"}
    assert D.SKILLS == ()
    assert D.COMPONENTS == D.DATA_SETS[0] == "gemrush-2e-provisional-1"


def test_no_rules_module_names_a_room() -> None:
    """Spec §0.3: the rules know rooms by effect key and type, never by name (string
    constants other than docstrings are checked; ``scenario.py`` is a test helper)."""
    package = resources.files("iridescia.games.gemrush")
    names = set(ROOM_NAMES_4_3)
    for entry in package.iterdir():
        if not entry.name.endswith(".py") or entry.name == "scenario.py":
            continue
        tree = ast.parse(entry.read_text())
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and id(node) not in docstrings:
                assert node.value not in names, (entry.name, node.value)


# ------------------------------------------------------------------ the loader


def _raw() -> dict[str, dict[str, Any]]:
    return copy.deepcopy(D.read_raw())


@pytest.mark.parametrize(
    ("file", "mutate", "message"),
    [
        ("cards", lambda r: r["card"][0].update(gems=["FR", "XX"]), "unknown gem codes"),
        ("cards", lambda r: r["card"][0].update(gems=["OB", "FR"]), "canonical order"),
        ("cards", lambda r: r["card"][0].update(gems=["FR", "OB", "PF"]), "1 or 2 gems"),
        ("cards", lambda r: r["card"][3].update(id=99), "ids must run"),
        ("tiles", lambda r: r["tile"][0].update(sides=["wall"] * 4), "at least one door"),
        ("tiles", lambda r: r["tile"][0].update(sides=["DD:1", "wall", "wall", "wall"]),
         "standard gems only"),
        ("tiles", lambda r: r["tile"][0].update(room="Nowhere"), "unknown room"),
        ("tiles", lambda r: r["tile"][62].update(pairs=["NS", "NE"]), "each side once"),
        ("rooms", lambda r: r["room"][0].update(effect="fly"), "unknown effect key"),
        ("rooms", lambda r: r["room"][0]["params"].update(k=2), "takes"),
        ("rooms", lambda r: r["room"][0]["params"].pop("n"), "missing"),
        ("rooms", lambda r: r["room"][0].update(type="magic"), "type must be"),
        ("gems", lambda r: r["gem"].reverse(), "in that order"),
        ("crisis_targets", lambda r: r["level"][0].update(target=0), "positive"),
    ],
)  # fmt: skip
def test_bad_data_is_refused_with_a_clear_message(file: str, mutate: Any, message: str) -> None:
    raw = _raw()
    mutate(raw[file])
    with pytest.raises(D.DataError, match=message):
        D.build_data_set(raw)


def test_the_package_data_rebuilds_equal() -> None:
    again = D.build_data_set(_raw())
    assert again == D.DEFAULT
    assert [g.code for g in again.gems] == list(GEM_CODES)
