"""The game data (``data/*.json`` as loaded by ``data.py``) against the rules spec, row by row.

Part 1 reads the markdown tables of spec section 1 and compares every row of every table with the
loaded records. It reads the project's verbatim copy of that section
(``tests/spec_data/gems-of-iridescia-section-1.md``), so the data check runs in any checkout; where
the spec itself (``shared/spec/gems-of-iridescia.md``) is beside the checkout, a test checks that
the copy still equals it, so a change of the spec cannot go unnoticed. Part 2 holds
checks that do not read the spec: counts, the board geometry recomputed by hand from the doubled
column rule (spec 1.2, R11, R20), dealt boards (R2) and the records being frozen.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from iridescia.core.rng import Rng
from iridescia.games.iridescia import board, data
from iridescia.games.iridescia.setup import deal_tiles, item_deck, new_state
from iridescia.games.iridescia.state import Options, State

SPEC_PATH = Path(__file__).resolve().parents[2] / "shared" / "spec" / "gems-of-iridescia.md"
SECTION_COPY = Path(__file__).resolve().parent / "spec_data" / "gems-of-iridescia-section-1.md"

LETTERS = {"A": data.AMETHYST, "C": data.CITRINE, "E": data.EMERALD, "S": data.SAPPHIRE}
COLOUR_WORDS = {"amethyst": 0, "citrine": 1, "emerald": 2, "sapphire": 3}
TIMINGS = {
    "optional actions": "optional",
    "any time in your turn": "any_time",
    "start of turn (green flag)": "start_of_turn",
}
ORDINALS = {"1st": 1, "2nd": 2, "3rd": 3, "4th": 4}


# ----------------------------------------------------------------------------------------------
# Reading the spec


def _section_one(spec_text: str) -> str:
    """Spec section 1 as the spec writes it: from its heading up to section 2's."""
    start = spec_text.index("\n## 1. Components and data") + 1
    return spec_text[start : spec_text.index("\n## 2. Setup") + 1]


@cache
def _spec_text() -> str:
    """Section 1 from the project's copy (its first line is a comment saying what it is)."""
    return SECTION_COPY.read_text("utf-8").split("\n", 1)[1]


@pytest.fixture(scope="module")
def spec() -> str:
    return _spec_text()


def test_the_copy_of_section_1_still_equals_the_spec() -> None:
    if not SPEC_PATH.is_file():
        pytest.skip(f"the spec is not beside this checkout ({SPEC_PATH}): nothing to compare")
    assert _spec_text() == _section_one(SPEC_PATH.read_text("utf-8")), (
        "spec section 1 changed: update tests/spec_data/gems-of-iridescia-section-1.md "
        "(and the data) to match it"
    )


def _section(text: str, number: str) -> str:
    """The body of the ``### <number> ...`` subsection, up to the next heading."""
    m = re.search(rf"^###\s+{re.escape(number)}\s.*$", text, re.M)
    assert m, f"spec section {number} not found"
    rest = text[m.end() :]
    nxt = re.search(r"^#{2,3}\s", rest, re.M)
    return rest[: nxt.start()] if nxt else rest


def _clean(cell: str) -> str:
    return cell.replace("**", "").strip()


def _table(text: str, number: str) -> list[dict[str, str]]:
    """The first markdown table of a spec subsection, as a list of {header: cell} rows."""
    lines = [ln.strip() for ln in _section(text, number).splitlines()]
    start = next(i for i, ln in enumerate(lines) if ln.startswith("|"))
    block = []
    for ln in lines[start:]:
        if not ln.startswith("|"):
            break
        block.append(ln)
    header = [_clean(c) for c in block[0].strip("|").split("|")]
    assert set(block[1].replace("|", "").split()) <= {"---", ":---", "---:", ":---:"}
    rows = []
    for ln in block[2:]:
        cells = [_clean(c) for c in ln.strip("|").split("|")]
        assert len(cells) == len(header), f"malformed row in spec {number}: {ln}"
        rows.append(dict(zip(header, cells, strict=True)))
    return rows


def _by_number(text: str, number: str, key: str) -> dict[int, dict[str, str]]:
    return {int(r[key]): r for r in _table(text, number)}


def _cost(text: str) -> tuple[int, int, int, int]:
    cost = [0, 0, 0, 0]
    for part in text.split():
        m = re.fullmatch(r"(\d+)([ACES])", part)
        assert m, f"unreadable cost {text!r}"
        cost[LETTERS[m.group(2)]] += int(m.group(1))
    return (cost[0], cost[1], cost[2], cost[3])


def _id_groups(cell: str) -> list[list[int]]:
    """Tile-id groups: "1–3, 4–6" -> [[1, 2, 3], [4, 5, 6]]; "14, 17" -> [[14], [17]]."""
    groups = []
    for part in cell.split(","):
        part = part.strip()
        m = re.fullmatch(r"(\d+)\s*[–-]\s*(\d+)", part)
        if m:
            groups.append(list(range(int(m.group(1)), int(m.group(2)) + 1)))
        else:
            groups.append([int(part)])
    return groups


def _tile_gems(cell: str) -> list[int]:
    low = cell.lower()
    if "iridia stone" in low:
        return [data.IRIDIA]
    if low.startswith("rainbow"):
        return [data.RAINBOW]
    m = re.fullmatch(r"(\d+) each of (.+)", cell)
    if m:
        return [COLOUR_WORDS[w.strip().lower()] for w in m.group(2).split(",")]
    return [LETTERS[w.strip()] for w in cell.split(",")]


def _tile_bonus(cell: str) -> tuple[int, int]:
    low = cell.lower()
    if low.startswith("none"):
        return (data.NO_BONUS, 0)
    if low == "stone die":
        return (data.BONUS_STONE, 1)  # "take one stone die from the supply"
    m = re.fullmatch(r"(\d+) (coins?|points?)", low)
    assert m, f"unreadable tile bonus {cell!r}"
    kind = data.BONUS_COINS if m.group(2).startswith("coin") else data.BONUS_POINTS
    return (kind, int(m.group(1)))


@cache
def _spec_tiles() -> dict[int, tuple[int, int, int, int]]:
    """Tile id -> (region, gem, bonus kind, amount), expanded from the table of spec 1.3."""
    text = _spec_text()
    out: dict[int, tuple[int, int, int, int]] = {}
    for row in _table(text, "1.3"):
        groups = _id_groups(row["tiles"])
        gems = _tile_gems(row["gem"])
        assert len(groups) == len(gems), f"tile groups and gems do not pair up: {row}"
        region = data.REGION_NAMES.index(row["region"].lower())
        bonus, amount = _tile_bonus(row["bonus"])
        for ids, gem in zip(groups, gems, strict=True):
            for tid in ids:
                assert tid not in out, f"tile {tid} appears twice in spec 1.3"
                out[tid] = (region, gem, bonus, amount)
    return out


def _objective_rule(text: str) -> tuple[str, int | None]:
    """The (condition, argument) our data uses for the spec's "completed when" text."""
    colours = "Amethyst|Citrine|Emerald|Sapphire"
    types = "Jewelry|Tech|Lore"
    patterns: list[tuple[str, str]] = [
        (r"most coins", "most_coins"),
        (rf"most ({colours}) tiles", "most_tiles"),
        (rf"most relics with lead gem ({colours})", "most_relics_lead"),
        (rf"most ({colours})-lead relics", "most_relics_lead"),
        (rf"most ({types}) relics", "most_relics_type"),
        (r"(\d+) or more relics", "relics_at_least"),
        (r"at least one relic of each of the 4 lead gems", "relic_each_lead"),
        (r"at least one Jewelry, one Tech and one Lore relic", "relic_each_type"),
    ]
    for pattern, condition in patterns:
        m = re.search(pattern, text)
        if not m:
            continue
        if not m.groups():
            return condition, None
        arg = m.group(1)
        if condition in ("most_tiles", "most_relics_lead"):
            return condition, COLOUR_WORDS[arg.lower()]
        if condition == "most_relics_type":
            return condition, data.RELIC_TYPE_NAMES.index(arg.lower())
        return condition, int(arg)
    raise AssertionError(f"objective text not understood: {text!r}")


# ----------------------------------------------------------------------------------------------
# Part 1: every row against the spec tables


def test_spec_tables_have_every_row(spec: str) -> None:
    assert len(_table(spec, "1.2")) == 9
    assert len(_spec_tiles()) == 58
    assert sorted(_spec_tiles()) == list(range(1, 59))
    assert len(_table(spec, "1.4")) == 24
    assert len(_table(spec, "1.5")) == 15
    assert len(_table(spec, "1.6")) == 12
    assert len(_table(spec, "1.7")) == 16
    assert len(_table(spec, "1.8")) == 4


@pytest.mark.parametrize("row", range(1, 10))
def test_board_row_matches_spec(spec: str, row: int) -> None:
    rows = _by_number(spec, "1.2", "row")
    first, last = (int(x) for x in re.split(r"\s*[–-]\s*", rows[row]["hexes"]))
    region = data.REGION_NAMES.index(rows[row]["region"].lower())
    (ours,) = [br for br in data.BOARD_ROWS if br.row == row]
    assert (ours.first_hex, ours.last_hex, ours.region) == (first, last, region)
    assert board.ROW_HEXES[row] == tuple(range(first, last + 1))
    assert all(board.REGION_OF_HEX[h] == region for h in range(first, last + 1))


def test_board_rows_cover_the_spec_rows_only(spec: str) -> None:
    assert sorted(br.row for br in data.BOARD_ROWS) == sorted(_by_number(spec, "1.2", "row"))


def test_empty_hexes_match_spec(spec: str) -> None:
    m = re.search(r"hold no tile:\s*([\d,\s]+)\.", _section(spec, "1.2"))
    assert m, "list of empty hexes not found in spec 1.2"
    listed = [int(x) for x in m.group(1).replace("\n", " ").split(",")]
    assert len(listed) == 16
    assert sorted(data.EMPTY_HEXES_SMALL) == sorted(listed)
    assert len(set(data.EMPTY_HEXES_SMALL)) == len(data.EMPTY_HEXES_SMALL)


@pytest.mark.parametrize("tid", range(1, 59))
def test_tile_matches_spec(spec: str, tid: int) -> None:
    region, gem, bonus, amount = _spec_tiles()[tid]
    tile = data.TILE_BY_ID[tid]
    got = (
        data.REGION_NAMES[tile.region],
        data.TILE_GEM_NAMES[tile.gem],
        data.BONUS_NAMES[tile.bonus],
        tile.amount,
    )
    want = (
        data.REGION_NAMES[region],
        data.TILE_GEM_NAMES[gem],
        data.BONUS_NAMES[bonus],
        amount,
    )
    assert got == want, f"tile {tid}"


def test_spec_named_tiles(spec: str) -> None:
    # Tile 57 is the Iridia Stone without a bonus of its own; 58 is the rainbow worth 5 points.
    tiles = _spec_tiles()
    assert tiles[57] == (data.CASTLE, data.IRIDIA, data.NO_BONUS, 0)
    assert tiles[58] == (data.CASTLE, data.RAINBOW, data.BONUS_POINTS, 5)
    assert data.TILE_BY_ID[57].gem == data.IRIDIA and data.TILE_BY_ID[57].bonus == data.NO_BONUS
    t58 = data.TILE_BY_ID[58]
    assert (t58.gem, t58.bonus, t58.amount) == (data.RAINBOW, data.BONUS_POINTS, 5)
    # Spec 1.8 names tile 57 as the Iridia Stone.
    assert any("tile 57" in r["token"] for r in _table(spec, "1.8"))


@pytest.mark.parametrize("rid", range(1, 25))
def test_relic_matches_spec(spec: str, rid: int) -> None:
    row = _by_number(spec, "1.4", "#")[rid]
    relic = data.RELIC_BY_ID[rid]
    lead = data.WILD_LEAD if row["lead"] == "wild" else LETTERS[row["lead"]]
    assert relic.name == row["name"]
    assert relic.lead == lead
    assert relic.type == data.RELIC_TYPE_NAMES.index(row["type"].lower())
    assert relic.points == int(row["points"])
    assert relic.cost == _cost(row["cost"])


def test_relic_type_counts_match_spec_text(spec: str) -> None:
    sentence = _section(spec, "1.4")
    counts = Counter(r.type for r in data.RELICS)
    for name in ("Jewelry", "Tech", "Lore", "Iridia"):
        m = re.search(rf"{name} \((\d+)", sentence)
        assert m, f"relic type {name} not counted in spec 1.4"
        assert counts[data.RELIC_TYPE_NAMES.index(name.lower())] == int(m.group(1)), name


@pytest.mark.parametrize("oid", range(1, 16))
def test_objective_matches_spec(spec: str, oid: int) -> None:
    row = _by_number(spec, "1.5", "#")[oid]
    obj = data.OBJECTIVE_BY_ID[oid]
    assert obj.name == row["name"]
    assert obj.points == int(row["points"])
    assert (obj.condition, obj.argument) == _objective_rule(
        row["completed when (at final scoring)"]
    )


@pytest.mark.parametrize("index", range(12))
def test_item_kind_matches_spec(spec: str, index: int) -> None:
    row = _table(spec, "1.6")[index]
    item = data.ITEMS[index]
    assert item.name == row["kind"]
    assert item.cost == int(row["cost"])
    assert item.timing == TIMINGS[row["timing"]]
    heading = re.search(r"(\d+) kinds × (\d+) copies = (\d+)", spec)
    assert heading, "item heading of spec 1.6 not found"
    assert item.copies == int(heading.group(2))
    # "With 1 or 2 explorers ... the 3 Swapping Stones and 3 Clever Catapults are removed."
    body = " ".join(_section(spec, "1.6").split())
    removed = re.search(r"With 1 or 2 explorers[^.]*? the ([^.]+?) are removed", body)
    assert removed, "removed item kinds not found in spec 1.6"
    named = re.search(rf"\b{re.escape(item.name)}s?\b", removed.group(1))
    assert item.needs_three_explorers == bool(named)


def test_item_totals_match_spec(spec: str) -> None:
    heading = re.search(r"(\d+) kinds × (\d+) copies = (\d+)", spec)
    assert heading
    kinds, copies, total = (int(g) for g in heading.groups())
    assert len(data.ITEMS) == kinds
    assert sum(i.copies for i in data.ITEMS) == total == kinds * copies
    assert [i.name for i in data.ITEMS] == [r["kind"] for r in _table(spec, "1.6")]
    body = " ".join(_section(spec, "1.6").split())
    m = re.search(r"are removed from the deck \((\d+) cards\)", body)
    assert m
    assert len(item_deck(2)) == int(m.group(1))


@pytest.mark.parametrize("cid", range(1, 17))
def test_rhom_card_matches_spec(spec: str, cid: int) -> None:
    row = _by_number(spec, "1.7", "card")[cid]
    card = data.RHOM_CARDS[cid - 1]
    assert card.id == cid
    assert card.reveal_order == tuple(d.strip() for d in row["reveal order"].split(","))
    assert card.icon == row["icon"].lower()
    assert card.weathervane == row["weathervane"].lower()


@pytest.mark.parametrize("rank", range(1, 5))
def test_royalty_token_matches_spec(spec: str, rank: int) -> None:
    row = _table(spec, "1.8")[rank - 1]
    name = re.sub(r"\s*\(.*\)", "", row["token"]).strip()
    (token,) = [t for t in data.ROYALTY_TOKENS if t.name == name]
    assert token.points == int(row["points"])
    assert token.rank == ORDINALS[row["tie-break rank"]] == rank


def _spec_tokens_in_play(spec: str) -> dict[int, tuple[str, ...]]:
    body = " ".join(_section(spec, "1.8").split())
    m = re.search(r"Tokens in play by number of explorers:(.*?)\(R3", body)
    assert m, "tokens-in-play sentence not found in spec 1.8"
    key_of = {t.name: t.key for t in data.ROYALTY_TOKENS}
    out: dict[int, tuple[str, ...]] = {}
    for part in m.group(1).split(";"):
        pm = re.fullmatch(r"\s*(\d)( \(and solo\))? → (.+?)( only)?\s*", part)
        assert pm, f"unreadable tokens-in-play clause {part!r}"
        names = [n.strip() for n in pm.group(3).split(",")]
        out[int(pm.group(1))] = tuple(key_of[n] for n in names)
    return out


def test_tokens_in_play_match_spec(spec: str) -> None:
    wanted = _spec_tokens_in_play(spec)
    assert wanted == {
        4: ("throne", "scepter", "banner"),
        3: ("throne", "banner"),
        2: ("scepter",),
    }
    for explorers, keys in wanted.items():
        assert data.TOKENS_BY_EXPLORERS[explorers] == keys
    # Solo counts the human and the Rhom as 2 explorers; a 1-explorer entry, if any, agrees.
    if 1 in data.TOKENS_BY_EXPLORERS:
        assert data.TOKENS_BY_EXPLORERS[1] == wanted[2]


# ----------------------------------------------------------------------------------------------
# Part 2: structural checks, independent of the spec file

EMPTY_SMALL = (1, 6, 7, 13, 14, 19, 20, 26, 27, 32, 33, 39, 40, 45, 46, 52)
# (row, first hex, last hex, region) as in spec 1.2.
ROWS = (
    (1, 1, 6, data.DESERT),
    (2, 7, 13, data.DESERT),
    (3, 14, 19, data.CANYON),
    (4, 20, 26, data.CANYON),
    (5, 27, 32, data.FOREST),
    (6, 33, 39, data.FOREST),
    (7, 40, 45, data.RUINS),
    (8, 46, 52, data.RUINS),
    (9, 53, 58, data.CASTLE),
)
REGION_HEXES = {
    region: {h for r, a, b, reg in ROWS if reg == region for h in range(a, b + 1)}
    for region in range(5)
}


def _my_coordinates() -> dict[int, tuple[int, int]]:
    """Hex -> (row, doubled column), worked out here from the row table and the column rule."""
    out = {}
    for row, first, last, _ in ROWS:
        start = 2 if last - first + 1 == 6 else 1
        for i, h in enumerate(range(first, last + 1)):
            out[h] = (row, start + 2 * i)
    return out


COORD = _my_coordinates()
AT = {rc: h for h, rc in COORD.items()}


def _near(h: int, deltas: tuple[tuple[int, int], ...]) -> set[int]:
    r, c = COORD[h]
    return {AT[(r + dr, c + dc)] for dr, dc in deltas if (r + dr, c + dc) in AT}


def test_ids_are_contiguous() -> None:
    assert [t.id for t in data.TILES] == list(range(1, 59))
    assert [r.id for r in data.RELICS] == list(range(1, 25))
    assert [o.id for o in data.OBJECTIVES] == list(range(1, 16))
    assert [c.id for c in data.RHOM_CARDS] == list(range(1, 17))
    assert [i.index for i in data.ITEMS] == list(range(12))
    assert sorted(t.rank for t in data.ROYALTY_TOKENS) == [1, 2, 3, 4]
    assert [br.row for br in data.BOARD_ROWS] == list(range(1, 10))
    assert len({i.key for i in data.ITEMS}) == 12
    assert len({r.name for r in data.RELICS}) == 24
    assert len({o.name for o in data.OBJECTIVES}) == 15


def _all_records() -> list[object]:
    return [
        *data.TILES,
        *data.RELICS,
        *data.OBJECTIVES,
        *data.ITEMS,
        *data.RHOM_CARDS,
        *data.ROYALTY_TOKENS,
        *data.BOARD_ROWS,
    ]


@pytest.mark.parametrize("record", _all_records(), ids=lambda r: f"{type(r).__name__}")
def test_records_are_frozen(record: object) -> None:
    assert dataclasses.is_dataclass(record)
    field = dataclasses.fields(record)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(record, field, 999)
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError, TypeError)):
        record.extra = 1  # type: ignore[attr-defined]


def test_tables_are_immutable_sequences() -> None:
    for table in (data.TILES, data.RELICS, data.OBJECTIVES, data.ITEMS, data.RHOM_CARDS):
        assert isinstance(table, tuple)
    assert all(isinstance(r.cost, tuple) for r in data.RELICS)
    assert all(isinstance(c.reveal_order, tuple) for c in data.RHOM_CARDS)


def test_tile_counts_per_region() -> None:
    per_region = Counter(t.region for t in data.TILES)
    assert len(data.TILES) == 58
    assert per_region == {
        data.DESERT: 13,
        data.CANYON: 13,
        data.FOREST: 13,
        data.RUINS: 13,
        data.CASTLE: 6,
    }
    for region in (data.DESERT, data.CANYON, data.FOREST, data.RUINS):
        gems = Counter(t.gem for t in data.TILES if t.region == region)
        assert gems == {0: 3, 1: 3, 2: 3, 3: 3, data.RAINBOW: 1}, data.REGION_NAMES[region]
    castle = Counter(t.gem for t in data.TILES if t.region == data.CASTLE)
    assert castle == {0: 1, 1: 1, 2: 1, 3: 1, data.RAINBOW: 1, data.IRIDIA: 1}
    assert [t.id for t in data.TILES if t.gem == data.IRIDIA] == [57]


def test_tile_bonuses_are_consistent() -> None:
    for t in data.TILES:
        if t.bonus == data.NO_BONUS:
            assert t.amount == 0, t
        else:
            assert t.amount >= 1, t
        if t.bonus == data.BONUS_STONE:
            assert t.amount == 1, t
    # Desert tiles and non-castle rainbows carry no bonus.
    assert all(t.bonus == data.NO_BONUS for t in data.TILES if t.region == data.DESERT)
    assert all(
        t.bonus == data.NO_BONUS
        for t in data.TILES
        if t.gem == data.RAINBOW and t.region != data.CASTLE
    )


def test_relic_type_counts() -> None:
    counts = Counter(r.type for r in data.RELICS)
    assert counts == {data.JEWELRY: 8, data.TECH: 6, data.LORE: 6, data.IRIDIA_TYPE: 4}
    for r in data.RELICS:
        assert r.is_iridia == (r.lead == data.WILD_LEAD), r
        if r.is_iridia:
            assert r.cost == (1, 1, 1, 1) and r.points == 10
        else:
            # The lead gem is printed in the name.
            assert data.COLOUR_NAMES[r.lead] in r.name.lower(), r


def test_item_decks() -> None:
    full3, full4, small = item_deck(3), item_deck(4), item_deck(2)
    assert len(full3) == len(full4) == 36
    assert Counter(full3) == {i.index: 3 for i in data.ITEMS}
    assert len(small) == 30
    assert data.SWAPPING not in small and data.CATAPULT not in small
    assert Counter(full3) - Counter(small) == {data.SWAPPING: 3, data.CATAPULT: 3}
    assert len(item_deck(1)) == 30
    assert all(i.copies == 3 for i in data.ITEMS)
    assert {i.key for i in data.ITEMS if i.needs_three_explorers} == {"swapping", "catapult"}


def test_rhom_cards_structure() -> None:
    assert Counter(c.icon for c in data.RHOM_CARDS) == {
        "merchant": 4,
        "2x": 4,
        "3x": 4,
        "barricade": 4,
    }
    assert Counter(c.weathervane for c in data.RHOM_CARDS) == {"left": 8, "right": 8}
    for c in data.RHOM_CARDS:
        assert sorted(c.reveal_order) == ["FL", "FR", "L", "R"], c


def test_royalty_values() -> None:
    by_key = {t.key: (t.points, t.rank) for t in data.ROYALTY_TOKENS}
    assert by_key == {
        "iridia_stone": (10, 1),
        "throne": (7, 2),
        "scepter": (5, 3),
        "banner": (3, 4),
    }
    assert new_state(1, 3).tokens_left == ("scepter",)
    assert new_state(2, 3).tokens_left == ("scepter",)
    assert new_state(3, 3).tokens_left == ("throne", "banner")
    assert new_state(4, 3).tokens_left == ("throne", "scepter", "banner")


# --- geometry (spec 1.2)


def test_row_sizes() -> None:
    for row, hexes in board.ROW_HEXES.items():
        assert len(hexes) == (6 if row % 2 else 7), row
    assert sorted(h for hexes in board.ROW_HEXES.values() for h in hexes) == list(range(1, 59))
    for row, first, last, region in ROWS:
        assert board.ROW_HEXES[row] == tuple(range(first, last + 1))
        for h in range(first, last + 1):
            assert board.row_of(h) == row
            assert board.REGION_OF_HEX[h] == region
            assert (board.ROW_OF[h], board.COL_OF[h]) == COORD[h]
    assert board.row_of(board.OFF_BOARD) == 0


@pytest.mark.parametrize(
    ("h", "side", "forward", "behind"),
    [
        (8, {7, 9}, {14, 15}, {1, 2}),
        (7, {8}, {14}, {1}),
        (13, {12}, {19}, {6}),
        (53, {54}, set(), {46, 47}),
        (1, {2}, {7, 8}, set()),
        (58, {57}, set(), {51, 52}),
    ],
)
def test_spec_geometry_examples(
    h: int, side: set[int], forward: set[int], behind: set[int]
) -> None:
    assert set(board.SIDE[h]) == side
    assert set(board.FORWARD[h]) == forward
    assert set(board.BEHIND[h]) == behind
    assert set(board.ADJACENT[h]) == side | forward
    assert set(board.ALL_SIX[h]) == side | forward | behind


@pytest.mark.parametrize("h", range(1, 59))
def test_neighbours_recomputed_by_hand(h: int) -> None:
    side = _near(h, ((0, -2), (0, 2)))
    forward = _near(h, ((1, -1), (1, 1)))
    behind = _near(h, ((-1, -1), (-1, 1)))
    assert set(board.SIDE[h]) == side
    assert set(board.FORWARD[h]) == forward
    assert set(board.BEHIND[h]) == behind
    assert set(board.ADJACENT[h]) == side | forward
    assert len(board.ADJACENT[h]) == len(side | forward)
    assert set(board.ALL_SIX[h]) == side | forward | behind  # R20: the Pickaxe's six
    assert len(board.ALL_SIX[h]) == len(side | forward | behind)
    r, c = COORD[h]
    dirs = [AT.get((r, c - 2), 0), AT.get((r + 1, c - 1), 0), AT.get((r + 1, c + 1), 0)]
    assert board.DIRECTIONAL[h] == (*dirs, AT.get((r, c + 2), 0))


def test_neighbour_symmetry() -> None:
    for a in board.HEXES:
        for b in board.SIDE[a]:
            assert a in board.SIDE[b], (a, b)
        for b in board.HEXES:
            assert (b in board.FORWARD[a]) == (a in board.BEHIND[b]), (a, b)
        assert a not in board.ALL_SIX[a]


def test_off_board() -> None:
    assert tuple(board.ADJACENT[0]) == (1, 2, 3, 4, 5, 6)  # R5
    assert set(board.CATAPULT_LANDINGS[0]) == set(range(7, 14))  # R11
    assert len(board.CATAPULT_LANDINGS[0]) == 7


# --- catapult (R11): (r, c-4), (r+2, c-2), (r+2, c+2), (r, c+4) over an existing space

CATAPULT_BY_HAND = {
    1: {3, 15},  # R over 2 -> 3; FR over 8 -> 15; FL over 7 would land off the board
    6: {4, 18},  # L over 5 -> 4; FL over 12 -> 18
    7: {9, 21},  # R over 8 -> 9; FR over 14 -> 21
    8: {10, 20, 22},  # R over 9; FL over 14; FR over 15
    13: {11, 25},  # L over 12; FL over 19
    19: {17, 31},  # L over 18; FL over 25 -> 31
    30: {28, 32, 42, 44},  # all four
    45: {43, 57},  # L over 44; FL over 51 -> Castle 57
    46: {48},  # R over 47; FR over 53 leaves the board
    52: {50},
    53: {55},  # Castle row: sideways only
    58: {56},
}


@pytest.mark.parametrize(("h", "landings"), sorted(CATAPULT_BY_HAND.items()))
def test_catapult_examples(h: int, landings: set[int]) -> None:
    assert set(board.CATAPULT_LANDINGS[h]) == landings


@pytest.mark.parametrize("h", range(1, 59))
def test_catapult_recomputed_by_hand(h: int) -> None:
    r, c = COORD[h]
    want = set()
    for over, land in (
        ((r, c - 2), (r, c - 4)),
        ((r + 1, c - 1), (r + 2, c - 2)),
        ((r + 1, c + 1), (r + 2, c + 2)),
        ((r, c + 2), (r, c + 4)),
    ):
        if over in AT and land in AT:
            want.add(AT[land])
    assert set(board.CATAPULT_LANDINGS[h]) == want
    assert len(board.CATAPULT_LANDINGS[h]) == len(want)
    # Never a landing behind or on an adjacent hex.
    assert not set(board.CATAPULT_LANDINGS[h]) & set(board.ALL_SIX[h])


# --- dealt boards (spec 1.3, R2)

SEEDS = (0, 1, 2, 7, 42, 2024)


def _check_small_board(tile_at: list[int], thinned: list[int]) -> None:
    on_board = {h: tile_at[h] for h in range(1, 59) if tile_at[h]}
    assert {h for h in range(1, 59) if not tile_at[h]} == set(EMPTY_SMALL)
    assert len(on_board) == 58 - 16
    assert len(set(on_board.values())) == len(on_board)
    assert len(thinned) == 16 and len(set(thinned)) == 16
    assert set(thinned).isdisjoint(on_board.values())
    assert set(thinned) | set(on_board.values()) == set(range(1, 59))
    for region in (data.DESERT, data.CANYON, data.FOREST, data.RUINS):
        gone = [data.TILE_BY_ID[t] for t in thinned if data.TILE_BY_ID[t].region == region]
        assert sorted(t.gem for t in gone) == [0, 1, 2, 3], data.REGION_NAMES[region]
    assert all(data.TILE_BY_ID[t].region != data.CASTLE for t in thinned)
    assert all(not data.TILE_BY_ID[t].is_wild for t in thinned)  # never a rainbow (R2)
    for h, tid in on_board.items():
        assert h in REGION_HEXES[data.TILE_BY_ID[tid].region], (h, tid)
    assert {on_board[h] for h in range(53, 59)} == set(range(53, 59))


def _check_full_board(tile_at: list[int], thinned: list[int]) -> None:
    assert sorted(tile_at[h] for h in range(1, 59)) == list(range(1, 59))
    assert not thinned
    for h in range(1, 59):
        assert h in REGION_HEXES[data.TILE_BY_ID[tile_at[h]].region], h


def _deal_only(explorers: int, seed: int) -> State:
    """A bare state with only the tiles dealt (no turn played yet, unlike the Rhom's games)."""
    s = State()
    s.rng = Rng(seed)
    deal_tiles(s, explorers)
    return s


@pytest.mark.parametrize("seed", SEEDS)
def test_two_player_board_deal(seed: int) -> None:
    s = new_state(2, seed)
    _check_small_board(s.tile_at, s.thinned)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("players", [3, 4])
def test_three_four_player_board_deal(players: int, seed: int) -> None:
    s = new_state(players, seed)
    _check_full_board(s.tile_at, s.thinned)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("explorers", [1, 2, 3, 4])
def test_deal_tiles_by_explorers(explorers: int, seed: int) -> None:
    s = _deal_only(explorers, seed)
    if explorers <= 2:
        _check_small_board(s.tile_at, s.thinned)
    else:
        _check_full_board(s.tile_at, s.thinned)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("humans", "small"), [(1, True), (2, False), (3, False)])
def test_rhom_game_board_deal(humans: int, small: bool, seed: int) -> None:
    # The Rhom plays first and its first turn is already over when new_state returns: the
    # tiles it collected are in its victory pile, their hexes are empty.
    s = new_state(humans, seed, Options(rhom=True))
    collected = [t for p in s.players for t in p.tiles]
    on_board = [s.tile_at[h] for h in range(1, 59) if s.tile_at[h]]
    assert len(s.thinned) == (16 if small else 0)
    assert sorted(on_board + collected + list(s.thinned)) == list(range(1, 59))
    empty = {h for h in range(1, 59) if not s.tile_at[h]}
    assert empty >= (set(EMPTY_SMALL) if small else set())
    assert len(empty) == (16 if small else 0) + len(collected)


def test_deals_differ_between_seeds() -> None:
    boards = {tuple(new_state(2, seed).tile_at) for seed in SEEDS}
    assert len(boards) > 1
    thinned = {tuple(sorted(new_state(2, seed).thinned)) for seed in SEEDS}
    assert len(thinned) > 1
