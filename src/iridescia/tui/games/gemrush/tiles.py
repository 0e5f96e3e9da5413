"""One cell of the mine map: a placed room, a tunnel, a construction site, or nothing.

Each cell is ``TILE_W`` x ``TILE_H`` terminal cells (14 x 6), drawn from a view's ``TileView``
or ``SiteView`` rows only:

    ┏━━━━━━━━━━━━┑   a wall (heavy line) to the north
    ┃Resonant   ⚒│   the room's name (two lines at most) and its type icon
    ┃Chamber     │
    ┃      OBOB2 │   the east door: its cost as gem chips, its points in gold
    ┗━━━━━━━━━━━━┙   walls to the south and the west

A door to the north or south sits in the border line itself; a door to the west or east is
written against that border inside the tile. A door that opens onto another room's wall is a
one-way passage: an arrow in the border shows the way out. Dwarves are their seat numbers on
their colours. A construction site (an empty position some room's door opens onto, Gem Rush
R21) is a dashed cell listing each door that leads there: an arrow towards that door, its
cost and its points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import theme as th

TILE_W, TILE_H = 14, 6
INNER_W, INNER_H = TILE_W - 2, TILE_H - 2

DIRS = ("N", "E", "S", "W")
DELTA = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
ARROW = {"N": "▲", "E": "▶", "S": "▼", "W": "◀"}

# Corners by (horizontal side heavy, vertical side heavy).
_CORNERS = {
    "tl": {(False, False): "┌", (True, False): "┍", (False, True): "┎", (True, True): "┏"},
    "tr": {(False, False): "┐", (True, False): "┑", (False, True): "┒", (True, True): "┓"},
    "bl": {(False, False): "└", (True, False): "┕", (False, True): "┖", (True, True): "┗"},
    "br": {(False, False): "┘", (True, False): "┙", (False, True): "┚", (True, True): "┛"},
}


@dataclass
class Cell:
    """What the map knows around one tile when drawing it."""

    tile: dict[str, Any]  # a TileView
    neighbours: dict[str, dict[str, Any] | None]  # placed tile per direction, or None
    acting: bool = False  # the acting dwarf stands here
    marked: bool = False  # an offered action names this tile
    acting_seat: int | None = None


@dataclass
class SiteCell:
    """An empty position: the doors that lead there (direction towards the door, cost, points)."""

    entries: list[tuple[str, list[Any], int, int]] = field(default_factory=list)
    near: bool = False  # the acting dwarf can walk there now
    placing: int | None = None  # a tile about to be placed here
    paying: bool = False  # the door being paid for leads here


def _split_name(name: str, width: int) -> tuple[str, str]:
    """A room name on at most two lines of ``width`` cells (words kept whole where possible)."""
    if len(name) <= width:
        return name, ""
    words = name.split(" ")
    first = words[0]
    i = 1
    while i < len(words) and len(first) + 1 + len(words[i]) <= width:
        first += " " + words[i]
        i += 1
    rest = " ".join(words[i:])
    if len(first) > width:
        first, rest = first[: width - 1] + ".", rest
    if len(rest) > INNER_W:
        rest = rest[: INNER_W - 1] + "."
    return first, rest


class _Rows:
    """Four interior rows, each with a left part and a right part."""

    def __init__(self) -> None:
        self.left = [Text() for _ in range(INNER_H)]
        self.right = [Text() for _ in range(INNER_H)]

    def fits(self, row: int, item: Text, side: str) -> bool:
        other = self.right[row] if side == "left" else self.left[row]
        mine = self.left[row] if side == "left" else self.right[row]
        if mine.cell_len:
            return False
        gap = 1 if other.cell_len else 0
        return other.cell_len + gap + item.cell_len <= INNER_W

    def put(self, item: Text, side: str, rows: Sequence[int]) -> int | None:
        for r in rows:
            if self.fits(r, item, side):
                (self.left if side == "left" else self.right)[r] = item
                return r
        return None

    def lines(self) -> list[Text]:
        out = []
        for r in range(INNER_H):
            line = self.left[r].copy()
            pad = INNER_W - line.cell_len - self.right[r].cell_len
            line.append(" " * max(pad, 0))
            line.append_text(self.right[r])
            out.append(th.fit(line, INNER_W))
        return out


def _side(tile: dict[str, Any], d: str) -> dict[str, Any]:
    side: dict[str, Any] = tile["sides"][DIRS.index(d)]
    return side


def _one_way(cell: Cell, d: str) -> bool:
    """A door of this tile towards ``d`` opening onto a neighbouring room's wall (R15)."""
    other = cell.neighbours.get(d)
    if other is None or _side(cell.tile, d)["kind"] != "door":
        return False
    return bool(_side(other, OPPOSITE[d])["kind"] == "wall")


def _hline(cell: Cell, d: str, msgs: Messages, border: str) -> Text:
    side = _side(cell.tile, d)
    kind = side["kind"]
    if kind == "wall":
        return th.seg("━" * INNER_W, border if cell.acting else th.WALL)
    if kind == "tunnel":
        half = (INNER_W - 2) // 2
        return th.seg("┄" * half + "  " + "┄" * (INNER_W - 2 - half), th.TUNNEL_LINE)
    label = th.door_text(side["cost"], int(side["points"]), msgs)
    if _one_way(cell, d):
        arrow = th.seg(ARROW[d], "bold " + th.ACCENT)
        arrow.append_text(label)
        label = arrow
    return th.centre(label, INNER_W, "─", border)


def _vchar(cell: Cell, d: str, row: int, door_row: int | None, border: str) -> Text:
    kind = _side(cell.tile, d)["kind"]
    if kind == "wall":
        return th.seg("┃", border if cell.acting else th.WALL)
    if kind == "tunnel":
        return th.seg(" " if row in (1, 2) else "┆", th.TUNNEL_LINE)
    if row == door_row and _one_way(cell, d):
        return th.seg(ARROW[d], "bold " + th.ACCENT)
    return th.seg("│", border)


def _corner(cell: Cell, which: str, h: str, v: str, border: str) -> Text:
    heavy_h = _side(cell.tile, h)["kind"] == "wall"
    heavy_v = _side(cell.tile, v)["kind"] == "wall"
    style = border if cell.acting or not (heavy_h or heavy_v) else th.WALL
    return th.seg(_CORNERS[which][(heavy_h, heavy_v)], style)


def _room_rows(cell: Cell, msgs: Messages) -> tuple[list[Text], dict[str, int | None]]:
    """The interior: name and icon, the west and east doors, the dwarves, the tile's id. The
    doors and the dwarves always find a row; the name's second line gives way to them."""
    t = cell.tile
    name1, name2 = _split_name(str(t["room"]), INNER_W - 1)
    name_style = "bold " + (th.ACCENT if cell.acting else th.TEXT)
    doors = {}
    for d in ("W", "E"):
        s = _side(t, d)
        if s["kind"] == "door":
            doors[d] = th.door_text(s["cost"], int(s["points"]), msgs)
    dwarves = Text()
    for seat in t["dwarves"]:
        dwarves.append_text(th.dwarf_chip(seat, acting=seat == cell.acting_seat))
    for second_line in (bool(name2), False):
        rows = _Rows()
        rows.left[0] = th.seg(name1, name_style)
        rows.right[0] = th.type_icon(str(t["type"]))
        if second_line:
            rows.left[1] = th.seg(name2, name_style)
        door_rows: dict[str, int | None] = {"W": None, "E": None}
        placed = True
        for d, side, prefs in (("W", "left", (2, 1, 3)), ("E", "right", (2, 3, 1))):
            if d in doors:
                door_rows[d] = rows.put(doors[d], side, prefs)
                placed = placed and door_rows[d] is not None
        if dwarves.cell_len:
            placed = placed and rows.put(dwarves, "left", (3, 1, 2)) is not None
        if placed:
            break
    label_style = th.PLACING if cell.marked else th.FAINT
    rows.put(th.seg(str(t["label"]), label_style), "right", (3, 1, 2))
    return rows.lines(), door_rows


def _tunnel_rows(cell: Cell, msgs: Messages) -> list[Text]:
    t = cell.tile
    rows = [Text() for _ in range(INNER_H)]
    rows[0] = th.centre(th.seg(msgs("gr.mine.tunnel"), th.DIM), INNER_W)
    for i, pair in enumerate(t["pairs"][:2]):
        a, b = pair[0], pair[1]
        glyph = "↕" if {a, b} == {"N", "S"} else "↔" if {a, b} == {"E", "W"} else "↝"
        rows[1 + i] = th.centre(th.seg(f"{a}{glyph}{b}", "bold " + th.TEXT), INNER_W)
    label_style = th.PLACING if cell.marked else th.FAINT
    rows[3] = th.right(th.seg(str(t["label"]), label_style), INNER_W)
    return rows


def draw_tile(cell: Cell, msgs: Messages) -> list[Text]:
    """The ``TILE_H`` lines of a placed tile, each ``TILE_W`` cells."""
    t = cell.tile
    bg = th.TYPE_BG.get(str(t["type"]), "#161616")
    border = th.ACCENT if cell.acting else th.DOOR_LINE
    tunnel = t["type"] == "tunnel"
    if tunnel:
        inner = _tunnel_rows(cell, msgs)
        door_rows: dict[str, int | None] = {"W": 1, "E": 1}
    else:
        inner, door_rows = _room_rows(cell, msgs)
    top = Text()
    top.append_text(_corner(cell, "tl", "N", "W", border))
    top.append_text(_hline(cell, "N", msgs, border))
    top.append_text(_corner(cell, "tr", "N", "E", border))
    lines = [top]
    for r in range(INNER_H):
        line = Text()
        line.append_text(_vchar(cell, "W", r, door_rows["W"], border))
        body = Text(style=f"on {bg}")  # under the chips' own backgrounds
        body.append_text(inner[r])
        line.append_text(body)
        line.append_text(_vchar(cell, "E", r, door_rows["E"], border))
        lines.append(line)
    bottom = Text()
    bottom.append_text(_corner(cell, "bl", "S", "W", border))
    bottom.append_text(_hline(cell, "S", msgs, border))
    bottom.append_text(_corner(cell, "br", "S", "E", border))
    lines.append(bottom)
    return [th.fit(line, TILE_W) for line in lines]


def draw_site(site: SiteCell, msgs: Messages) -> list[Text]:
    """A construction site: a dashed cell with the doors that lead into it."""
    style = (
        th.PLACING if site.placing or site.paying else th.SITE_NEAR if site.near else th.SITE_LINE
    )
    body: list[Text] = []
    if site.placing:
        body.append(th.centre(th.seg(msgs("gr.mine.placing"), th.PLACING), INNER_W))
        body.append(th.centre(th.seg(th.tile_label(site.placing), th.PLACING), INNER_W))
        name1, _ = _split_name(th.room_name(site.placing), INNER_W)
        body.append(th.centre(th.seg(name1, th.TEXT), INNER_W))
    else:
        entries = sorted(site.entries, key=lambda e: DIRS.index(e[0]))
        if len(entries) < INNER_H:
            body.append(th.centre(th.seg(msgs("gr.mine.site"), style), INNER_W))
        for towards, cost, points, tile in entries:
            line = th.seg(ARROW[towards], style)
            line.append_text(th.door_text(cost, points, msgs))
            if line.cell_len + 4 <= INNER_W:
                line.append(" " + th.tile_label(tile), style=th.FAINT)
            body.append(th.centre(line, INNER_W))
    body = body[:INNER_H]
    while len(body) < INNER_H:
        body.append(Text(" " * INNER_W))
    lines = [th.seg("┌" + "╌" * INNER_W + "┐", style)]
    for r in range(INNER_H):
        line = th.seg("╎", style)
        line.append_text(th.fit(body[r], INNER_W))
        line.append("╎", style=style)
        lines.append(line)
    lines.append(th.seg("└" + "╌" * INNER_W + "┘", style))
    return lines


def _printed_side(printed: str) -> dict[str, Any]:
    if printed == "wall":
        return {"kind": "wall", "cost": [], "points": 0}
    if printed == "tunnel":
        return {"kind": "tunnel", "cost": [], "points": 0}
    cost, _, points = printed.partition(":")
    gems = [] if cost == "free" else cost.split("+")
    return {"kind": "door", "cost": gems, "points": int(points or 0)}


def turned_tile(tile: int, rotation: int) -> dict[str, Any]:
    """A tile as it would stand with ``rotation`` (Gem Rush §1: side d shows printed
    side (d − r) mod 4), shaped like a view's ``TileView``."""
    row = th.TILES[tile]
    printed = [str(s) for s in row["sides"]]
    sides = [_printed_side(printed[(d - rotation) % 4]) for d in range(4)]
    pairs = []
    for pair in row.get("pairs", []):
        a, b = (DIRS[(DIRS.index(c) + rotation) % 4] for c in pair)
        pairs.append("".join(sorted((a, b), key=DIRS.index)))
    room = str(row["room"])
    return {
        "id": tile, "label": row["label"], "room": room, "type": th.room_type(room),
        "sides": sides, "pairs": pairs, "dwarves": [], "x": 0, "y": 0,
    }  # fmt: skip


def draw_empty() -> list[Text]:
    return [Text(" " * TILE_W) for _ in range(TILE_H)]
