"""Every row of the game data checked against the spec's tables (spec section 1).

Two ways: the markdown tables of ``shared/spec/gems-of-iridescia.md`` are parsed and compared row
by row (skipped if the spec is not beside the checkout), and structural facts are checked on
their own (counts per region and type, geometry examples of spec 1.2, catapult lines of R11).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from iridescia.games.iridescia import board as B
from iridescia.games.iridescia.data import (
    BOARD_ROWS,
    COLOUR_NAMES,
    EMPTY_HEXES_SMALL,
    ITEMS,
    OBJECTIVES,
    REGION_NAMES,
    RELIC_TYPE_NAMES,
    RELICS,
    RHOM_CARDS,
    ROYALTY_TOKENS,
    TILE_GEM_NAMES,
    TILES,
    TOKENS_BY_EXPLORERS,
    WILD_LEAD,
)
from iridescia.games.iridescia.setup import item_deck, new_state

SPEC = Path(__file__).resolve().parents[2] / "shared" / "spec" / "gems-of-iridescia.md"
LETTER = {"A": "amethyst", "C": "citrine", "E": "emerald", "S": "sapphire"}


def spec_text() -> str:
    if not SPEC.exists():
        pytest.skip(f"the rules spec is not beside this checkout ({SPEC})")
    return SPEC.read_text(encoding="utf-8")


def section(title: str) -> str:
    text = spec_text()
    start = text.index(title)
    end = text.find("\n### ", start + 1)
    end2 = text.find("\n## ", start + 1)
    ends = [e for e in (end, end2) if e > 0]
    return text[start : min(ends) if ends else len(text)]


def table_rows(block: str) -> list[list[str]]:
    rows = []
    for line in block.splitlines():
        if line.startswith("|") and not re.match(r"^\|\s*-", line):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows[1:]  # drop the header


def cost_of(text: str) -> tuple[int, int, int, int]:
    out = [0, 0, 0, 0]
    for part in text.split():
        out["ACES".index(part[1])] += int(part[0])
    return (out[0], out[1], out[2], out[3])


# ---------------------------------------------------------------- against the spec text


def test_relics_match_spec_table() -> None:
    rows = table_rows(section("### 1.4 The 24 relics"))
    assert len(rows) == len(RELICS) == 24
    for row, relic in zip(rows, RELICS, strict=True):
        num, name, lead, rtype, points, cost = row
        assert relic.id == int(num)
        assert relic.name == name
        want_lead = WILD_LEAD if lead == "wild" else COLOUR_NAMES.index(LETTER[lead])
        assert relic.lead == want_lead, name
        assert RELIC_TYPE_NAMES[relic.type] == rtype.lower(), name
        assert relic.points == int(points), name
        assert relic.cost == cost_of(cost), name


OBJECTIVE_TEXT = {
    "most_coins": "most coins",
    "most_tiles": "tiles",
    "relic_each_lead": "each of the 4 lead gems",
    "most_relics_lead": "lead",
    "relics_at_least": "5 or more relics",
    "most_relics_type": "relics",
    "relic_each_type": "one Jewelry, one Tech and one Lore",
}


def test_objectives_match_spec_table() -> None:
    rows = table_rows(section("### 1.5 The 15 secret objectives"))
    assert len(rows) == len(OBJECTIVES) == 15
    for row, obj in zip(rows, OBJECTIVES, strict=True):
        num, name, points, condition = row
        assert (obj.id, obj.name, obj.points) == (int(num), name, int(points))
        assert OBJECTIVE_TEXT[obj.condition] in condition, name
        if obj.condition in ("most_tiles", "most_relics_lead"):
            assert obj.argument is not None
            colour = COLOUR_NAMES[obj.argument].capitalize()
            assert colour in condition or (obj.id in (2, 7) and "Amethyst" in condition), name
        if obj.condition == "most_relics_type":
            assert obj.argument is not None
            assert RELIC_TYPE_NAMES[obj.argument].capitalize() in condition, name


TIMING = {
    "optional actions": "optional",
    "any time in your turn": "any_time",
    "start of turn (green flag)": "start_of_turn",
}


def test_items_match_spec_table() -> None:
    rows = table_rows(section("### 1.6 The item cards"))
    assert len(rows) == len(ITEMS) == 12
    for row, item in zip(rows, ITEMS, strict=True):
        name, cost, timing, _effect = row
        assert item.name == name
        assert item.cost == int(cost), name
        assert item.timing == TIMING[timing], name
        assert item.copies == 3


def test_rhom_cards_match_spec_table() -> None:
    rows = table_rows(section("### 1.7 The 16 Rhom cards"))
    assert len(rows) == len(RHOM_CARDS) == 16
    for row, card in zip(rows, RHOM_CARDS, strict=True):
        num, order, icon, vane = row
        assert card.id == int(num)
        assert card.reveal_order == tuple(x.strip() for x in order.split(","))
        assert card.icon == icon.lower()
        assert card.weathervane == vane


def test_royalty_tokens_match_spec() -> None:
    block = section("### 1.8 Royalty tokens and the Iridia Stone")
    rows = table_rows(block)
    assert [(t.name, t.points, t.rank) for t in ROYALTY_TOKENS] == [
        (name.split(" (")[0], int(points), int(rank[0])) for name, points, rank in rows
    ]
    flat = " ".join(block.split())
    assert "4 → Throne, Scepter, Banner; 3 → Throne, Banner; 2 (and solo) → Scepter" in flat
    assert TOKENS_BY_EXPLORERS == {
        1: ("scepter",),
        2: ("scepter",),
        3: ("throne", "banner"),
        4: ("throne", "scepter", "banner"),
    }


def test_board_rows_and_empty_hexes_match_spec() -> None:
    block = section("### 1.2 Board geometry")
    rows = table_rows(block)
    assert len(rows) == 9
    by_row = {r.row: r for r in BOARD_ROWS}
    for row, hexes, region in rows:
        first, last = (int(x) for x in hexes.split("–"))
        br = by_row[int(row)]
        assert (br.first_hex, br.last_hex, REGION_NAMES[br.region]) == (
            first,
            last,
            region.lower(),
        )
    listed = re.search(r"rows 1–8 hold no tile: ([\d, ]+)\.", block.replace("\n", " "))
    assert listed is not None
    assert tuple(int(x) for x in listed.group(1).split(",")) == EMPTY_HEXES_SMALL


def _expand(ids: str) -> list[list[int]]:
    groups = []
    for part in ids.split(","):
        part = part.strip()
        if "–" in part:
            a, b = (int(x) for x in part.split("–"))
            groups.append(list(range(a, b + 1)))
        else:
            groups.append([int(part)])
    return groups


def test_tiles_match_spec_table() -> None:
    rows = table_rows(section("### 1.3 The 58 terrain tiles"))
    expected: dict[int, tuple[str, str, str | None, int]] = {}
    for ids, region, gem, bonus in rows:
        groups = _expand(ids)
        region = region.lower()
        if gem.startswith("3 each of"):
            for colour, group in zip("ACES", groups, strict=True):
                for t in group:
                    expected[t] = (region, LETTER[colour], None, 0)
            continue
        if gem in ("A, C, E, S",):
            gems = [LETTER[c] for c in "ACES"]
        elif "Iridia" in gem:
            gems = ["iridia"]
        elif gem == "rainbow":
            gems = ["rainbow"] * len(groups)
        else:
            raise AssertionError(f"unexpected gem cell {gem!r}")
        m = re.match(r"(\d+) (coins?|points?)", bonus)
        if bonus.startswith("none"):
            kind, amount = None, 0
        elif bonus == "stone die":
            kind, amount = "stone_die", 1
        else:
            assert m is not None, bonus
            kind = "coins" if m.group(2).startswith("coin") else "points"
            amount = int(m.group(1))
        flat = [t for g in groups for t in g]
        if len(gems) == 1 and len(flat) > 1:
            gems = gems * len(flat)
        for t, g in zip(flat, gems, strict=True):
            expected[t] = (region, g, kind, amount)
    assert sorted(expected) == list(range(1, 59))
    for tile in TILES:
        got = (REGION_NAMES[tile.region], TILE_GEM_NAMES[tile.gem], _bonus(tile), tile.amount)
        assert got == expected[tile.id], tile.id


def _bonus(tile: object) -> str | None:
    from iridescia.games.iridescia.data import BONUS_NAMES

    return BONUS_NAMES[tile.bonus]  # type: ignore[attr-defined]


# ---------------------------------------------------------------- structural facts


def test_tile_counts_per_region() -> None:
    for region in range(4):
        tiles = [t for t in TILES if t.region == region]
        assert len(tiles) == 13
        for colour in range(4):
            assert sum(1 for t in tiles if t.gem == colour) == 3
        assert sum(1 for t in tiles if t.gem == 4) == 1
    castle = [t for t in TILES if t.region == 4]
    assert len(castle) == 6
    assert sorted(TILE_GEM_NAMES[t.gem] for t in castle) == sorted(
        [*COLOUR_NAMES, "iridia", "rainbow"]
    )


def test_relic_type_counts_and_item_deck_sizes() -> None:
    counts = [sum(1 for r in RELICS if r.type == k) for k in range(4)]
    assert counts == [8, 6, 6, 4]
    assert len(item_deck(3)) == len(item_deck(4)) == 36
    assert len(item_deck(2)) == 30
    assert "swapping" not in {ITEMS[k].key for k in item_deck(2)}


def test_ids_contiguous_and_records_frozen() -> None:
    for rows in (TILES, RELICS, OBJECTIVES, RHOM_CARDS):
        assert [r.id for r in rows] == list(range(1, len(rows) + 1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        TILES[0].gem = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        RELICS[0].points = 99  # type: ignore[misc]


@pytest.mark.parametrize(
    ("hex_id", "side", "forward", "behind"),
    [
        (8, (7, 9), (14, 15), (1, 2)),
        (7, (8,), (14,), (1,)),
        (13, (12,), (19,), (6,)),
        (53, (54,), (), (46, 47)),
        (1, (2,), (7, 8), ()),
    ],
)
def test_geometry_examples_of_spec_1_2(
    hex_id: int, side: tuple[int, ...], forward: tuple[int, ...], behind: tuple[int, ...]
) -> None:
    assert B.SIDE[hex_id] == side
    assert B.FORWARD[hex_id] == forward
    assert B.BEHIND[hex_id] == behind
    assert set(B.ADJACENT[hex_id]) == set(side) | set(forward)
    assert set(B.ALL_SIX[hex_id]) == set(side) | set(forward) | set(behind)


def test_geometry_symmetry_and_rows() -> None:
    for r, hexes in B.ROW_HEXES.items():
        assert len(hexes) == (6 if r % 2 else 7)
    for a in B.HEXES:
        for b in B.SIDE[a]:
            assert a in B.SIDE[b]
        for b in B.FORWARD[a]:
            assert a in B.BEHIND[b]
    assert B.ADJACENT[0] == B.ROW_HEXES[1]
    assert B.CATAPULT_LANDINGS[0] == B.ROW_HEXES[2]


@pytest.mark.parametrize(
    ("hex_id", "landings"),
    [
        (8, {10, 20, 22}),  # L would land off the board; FL 20, FR 22, R 10
        (1, {3, 15}),  # R over 2 onto 3; FR over 8 onto 15; FL over 7 would land off the board
        (10, {8, 12, 22, 24}),
        (47, {49}),  # row 8: forward jumps leave the board; L lands off the board
        (53, {55}),
    ],
)
def test_r11_catapult_straight_lines(hex_id: int, landings: set[int]) -> None:
    expected = set()
    r, c = B.ROW_OF[hex_id], B.COL_OF[hex_id]
    for (dr1, dc1), (dr2, dc2) in (((0, -2), (0, -4)), ((1, -1), (2, -2)), ((1, 1), (2, 2)),
                                   ((0, 2), (0, 4))):  # fmt: skip
        if B.hex_at(r + dr1, c + dc1) and B.hex_at(r + dr2, c + dc2):
            expected.add(B.hex_at(r + dr2, c + dc2))
    assert set(B.CATAPULT_LANDINGS[hex_id]) == expected
    assert expected == landings


def test_r2_dealt_two_player_board() -> None:
    for seed in range(20):
        s = new_state(2, seed)
        empty = [h for h in B.HEXES if s.tile_at[h] == 0]
        assert tuple(empty) == EMPTY_HEXES_SMALL
        assert len(s.thinned) == 16
        for region in range(4):
            gone = [TILES[t - 1] for t in s.thinned if TILES[t - 1].region == region]
            assert sorted(t.gem for t in gone) == [0, 1, 2, 3]
        for h in B.HEXES:
            if s.tile_at[h]:
                assert TILES[s.tile_at[h] - 1].region == B.REGION_OF_HEX[h]


@pytest.mark.parametrize("players", [3, 4])
def test_full_board_for_three_or_more(players: int) -> None:
    s = new_state(players, 9)
    assert sorted(s.tile_at[1:]) == list(range(1, 59))
    assert s.thinned == []
    for h in B.HEXES:
        assert TILES[s.tile_at[h] - 1].region == B.REGION_OF_HEX[h]
