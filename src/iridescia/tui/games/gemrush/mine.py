"""The mine map: a square grid of tiles seen through a viewport that follows the acting dwarf.

The mine grows without bound (Gem Rush §1: N is +y), so the map shows a window of whole cells
(``tiles.TILE_W`` x ``tiles.TILE_H`` each) around the room of the dwarf that acts now, or around
the empty position where a tile is being placed or whose door is being paid for (a warped
construction may be far from the dwarf). When the whole mine (its tiles and construction
sites) fits, it is centred instead. The outermost line
and column on each side of the window are kept for arrows that say what lies beyond the edge:
``▲3`` above a column means three more tiles further north in that column, a dwarf chip next to
an arrow means that dwarf stands out of sight in that direction.

Everything is read from the view: ``mine.tiles`` (sides as shown, tunnel pairings, dwarves),
``mine.sites`` (where a door opens onto an empty position) and the decision's details (where a
drawn tile is about to be placed).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from iridescia.core.game import View
from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import theme as th
from iridescia.tui.games.gemrush.tiles import (
    DELTA,
    OPPOSITE,
    TILE_H,
    TILE_W,
    Cell,
    SiteCell,
    draw_empty,
    draw_site,
    draw_tile,
)

Pos = tuple[int, int]


@dataclass
class Window:
    """The part of the mine on screen: its top-left position and its size in cells."""

    x0: int
    y_top: int
    cols: int
    rows: int

    def contains(self, pos: Pos) -> bool:
        x, y = pos
        return self.x0 <= x < self.x0 + self.cols and self.y_top - self.rows < y <= self.y_top


def tiles_by_position(view: View) -> dict[Pos, dict[str, Any]]:
    return {(int(t["x"]), int(t["y"])): t for t in view["mine"]["tiles"]}


def trace(
    grid: dict[Pos, dict[str, Any]], tile: dict[str, Any], d: str
) -> tuple[str, dict[str, Any] | None]:
    """Where a walk from ``tile`` towards ``d`` ends (Gem Rush R14): the direction of the last
    step, and the room reached (None for an empty position), following tunnel pairings."""
    x, y = int(tile["x"]), int(tile["y"])
    for _ in range(len(grid) + 1):
        dx, dy = DELTA[d]
        x, y = x + dx, y + dy
        here = grid.get((x, y))
        if here is None:
            return d, None
        if here["type"] != "tunnel":
            return d, here
        enter = OPPOSITE[d]
        nxt = next((p.replace(enter, "") for p in here["pairs"] if enter in p), None)
        if not nxt:
            return d, None
        d = nxt
    return d, None


def arrival(grid: dict[Pos, dict[str, Any]], tile: dict[str, Any], d: str) -> str:
    """The direction in which the trace from ``tile`` towards ``d`` reaches its end."""
    return trace(grid, tile, d)[0]


def site_cells(view: View, acting_room: int | None) -> dict[Pos, SiteCell]:
    grid = tiles_by_position(view)
    by_id = {int(t["id"]): t for t in view["mine"]["tiles"]}
    out: dict[Pos, SiteCell] = {}
    decision = view.get("decision") or {}
    paying = decision.get("details") if decision.get("kind") == "payment" else None
    for s in view["mine"]["sites"]:
        pos = (int(s["x"]), int(s["y"]))
        cell = out.setdefault(pos, SiteCell())
        if paying and paying.get("tile") == s["tile"] and paying.get("dir") == s["dir"]:
            cell.paying = True
        source = by_id.get(int(s["tile"]))
        d = arrival(grid, source, str(s["dir"])) if source is not None else str(s["dir"])
        cell.entries.append((OPPOSITE[d], list(s["cost"]), int(s["points"]), int(s["tile"])))
        if acting_room is not None and int(s["tile"]) == acting_room:
            cell.near = True
    turning = th.turning(view)
    if turning is not None:
        tile, x, y = turning
        out.setdefault((x, y), SiteCell()).placing = tile
    return out


def choose_window(positions: Collection[Pos], focus: Pos | None, cols: int, rows: int) -> Window:
    """A window of ``cols`` x ``rows`` cells: the whole extent centred when it fits, else
    centred on ``focus`` and kept inside the extent."""
    xs = [p[0] for p in positions] or [0]
    ys = [p[1] for p in positions] or [0]
    fx, fy = focus if focus is not None else (0, 0)

    def axis(lo: int, hi: int, f: int, size: int) -> int:
        span = hi - lo + 1
        if span <= size:
            return lo - (size - span) // 2
        start = f - (size - 1) // 2
        return max(lo, min(start, hi - size + 1))

    x0 = axis(min(xs), max(xs), fx, cols)
    # Rows run from the top (largest y) down: mirror y to reuse the same rule.
    y_low = axis(-max(ys), -min(ys), -fy, rows)
    return Window(x0, -y_low, cols, rows)


def _beyond_mark(count: int, seats: list[int], arrow: str) -> Text:
    out = Text()
    if count:
        out.append(f"{arrow}{count}", style=th.DIM)
    for seat in seats:
        out.append(" " if out.cell_len else "")
        out.append_text(th.dwarf_chip(seat))
    return out


def render_mine(
    view: View,
    width: int,
    height: int,
    msgs: Messages,
    *,
    acting: int | None,
    marked: Collection[int] = (),
) -> list[Text]:
    """Exactly ``height`` lines of ``width`` cells: the window, with arrows around it."""
    grid = tiles_by_position(view)
    players = view["players"]
    focus_seat = acting if acting is not None else view.get("viewer")
    acting_room = int(players[acting]["room"]) if acting is not None else None
    sites = site_cells(view, acting_room)
    focus: Pos | None = None
    room_of = {int(t["id"]): pos for pos, t in grid.items()}
    if focus_seat is not None and 0 <= focus_seat < len(players):
        focus = room_of.get(int(players[focus_seat]["room"]))
    for pos, s in sites.items():
        if s.placing or s.paying:
            focus = pos  # a tile is being placed, or a door paid for: show where
    cols = max((width - 2) // TILE_W, 1)
    rows = max((height - 2) // TILE_H, 1)
    win = choose_window(list(grid) + list(sites), focus, cols, rows)
    left_pad = (width - 2 - cols * TILE_W) // 2
    right_pad = width - 2 - cols * TILE_W - left_pad

    def dwarves_at(tiles: list[dict[str, Any]]) -> list[int]:
        return sorted(seat for t in tiles for seat in t["dwarves"])

    # What lies beyond each edge, per column (above / below) and per row (left / right).
    top = Text(" " * (1 + left_pad))
    bottom = Text(" " * (1 + left_pad))
    for c in range(cols):
        x = win.x0 + c
        above = [t for (tx, ty), t in grid.items() if tx == x and ty > win.y_top]
        below = [t for (tx, ty), t in grid.items() if tx == x and ty <= win.y_top - rows]
        top.append_text(th.centre(_beyond_mark(len(above), dwarves_at(above), "▲"), TILE_W))
        bottom.append_text(th.centre(_beyond_mark(len(below), dwarves_at(below), "▼"), TILE_W))
    lines = [th.fit(top, width)]
    for r in range(rows):
        y = win.y_top - r
        west = [t for (tx, ty), t in grid.items() if ty == y and tx < win.x0]
        east = [t for (tx, ty), t in grid.items() if ty == y and tx >= win.x0 + cols]
        cells = []
        for c in range(cols):
            pos = (win.x0 + c, y)
            if pos in grid:
                t = grid[pos]
                neighbours = {
                    d: grid.get((pos[0] + dx, pos[1] + dy)) for d, (dx, dy) in DELTA.items()
                }
                cell = Cell(
                    t,
                    neighbours,
                    acting=acting_room == int(t["id"]),
                    marked=int(t["id"]) in marked,
                    acting_seat=acting,
                )
                cells.append(draw_tile(cell, msgs))
            elif pos in sites:
                cells.append(draw_site(sites[pos], msgs))
            else:
                cells.append(draw_empty())
        for i in range(TILE_H):
            line = Text()
            if i == TILE_H // 2 - 1 and west:
                line.append("◀", style=th.DIM)
            elif i == TILE_H // 2 and west and dwarves_at(west):
                line.append_text(th.dwarf_chip(dwarves_at(west)[0]))
            else:
                line.append(" ")
            line.append(" " * left_pad)
            for cell_lines in cells:
                line.append_text(cell_lines[i])
            line.append(" " * right_pad)
            if i == TILE_H // 2 - 1 and east:
                line.append("▶", style=th.DIM)
            elif i == TILE_H // 2 and east and dwarves_at(east):
                line.append_text(th.dwarf_chip(dwarves_at(east)[0]))
            else:
                line.append(" ")
            lines.append(th.fit(line, width))
    lines.append(th.fit(bottom, width))
    while len(lines) < height:
        lines.append(Text(" " * width))
    return lines[:height]
