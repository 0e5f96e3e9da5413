"""The hex map: nine offset rows drawn from a view, Castle on top, hex numbers on every cell.

Geometry follows the rules (spec 1.2): doubled columns, 6-hex rows at columns 2..12 and 7-hex
rows at 1..13, so a column step of one is four characters on screen and each hex is a cell of
seven characters and two lines. A cell shows the hex number (so players can type
``reveal 23``), explorers as ``@1``..``@4`` in their seat colours (the Rhom as ``@R``), and
below:

* a face-down tile: the region's colour and ``?``;
* a face-up tile: its gem letter in the gem's colour and its bonus (``E+2c``, ``Rbw``, ``Irid``);
* a barricade (the Rhom's, R41): ``BAR`` on red, whatever the tile under it; an empty hex: a
  dim dot.

Hexes named by the current decision's legal actions can be highlighted (underlined numbers).
The map needs 8 + 12 * 4 + 7 = 63 columns; the row labels on the left take 8 columns, or more
in a language whose region names or row labels are longer (``map_width``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text

from iridescia.core.game import View
from iridescia.games.iridescia import REGION_NAMES
from iridescia.tui.games.iridescia import theme
from iridescia.tui.games.iridescia.words import Words, rhom_seat

CELL = 7  # characters per hex cell
STEP = 4  # characters per doubled column
LABEL = 8  # width of the row labels on the left (at least)
ROWS = 9
MAP_WIDTH = LABEL + 12 * STEP + CELL


def label_width(msgs: Words) -> int:
    """The row labels' width in ``msgs``'s language (``LABEL``, or more for long names)."""
    labels = [msgs.get(f"region.{r}", r) for r in REGION_NAMES]
    return theme.label_width([*labels, msgs("board.row", n=ROWS)], LABEL)


def map_width(msgs: Words) -> int:
    return label_width(msgs) + 12 * STEP + CELL


def explorers_by_position(view: View) -> dict[int, list[int]]:
    """Seats (0-based) standing on each position (0 = off the board, -1 = in the Castle)."""
    out: dict[int, list[int]] = {}
    for p in view["players"]:
        out.setdefault(int(p["position"]), []).append(int(p["seat"]))
    return out


def _marks(seats: list[int], rhom: int | None = None) -> Text:
    text = Text()
    for seat in seats[:2]:
        text.append_text(theme.seat_mark(seat, rhom))
    return text


def _line(parts: list[Text], base: str, centre: bool = False) -> Text:
    """One cell line: ``parts`` padded to the cell width over the background ``base``."""
    body = Text()
    for part in parts:
        body.append_text(part)
    body.truncate(CELL)
    gap = CELL - body.cell_len
    left = gap // 2 if centre else 0
    out = Text(" " * left, style=base)
    out.append_text(body)
    out.append(" " * (gap - left))
    return out


def cell(
    h: dict[str, Any], seats: list[int], target: bool = False, rhom: int | None = None
) -> tuple[Text, Text]:
    """The two lines of one hex cell."""
    if h["barricade"]:
        base = theme.BARRICADE_STYLE
        body = Text("BAR")
    elif h["face_up"] and h["tile"] is not None:
        base = theme.FACE_UP_STYLE
        body = theme.tile_label(h["tile"])
    elif h["has_tile"]:
        base = theme.region_style(h["region"])
        body = Text("?")
    else:
        base = ""
        body = Text("·", theme.EMPTY_STYLE)
    number = Text(f"{h['hex']:>2}", "" if base else theme.EMPTY_STYLE)
    if target:
        number.stylize("bold underline")
    parts = [number]
    if seats:
        parts += [Text(" "), _marks(seats, rhom)]
    return _line(parts, base), _line([body], base, centre=True)


def render_board(
    view: View, msgs: Words, targets: Iterable[int] = (), outside: bool = True
) -> Text:
    """The whole map, Castle row first, then (``outside``) a line for explorers off the board
    or finished (``outside_line``)."""
    label = label_width(msgs)
    hexes = {int(h["hex"]): h for h in view["board"]}
    at = explorers_by_position(view)
    rhom = rhom_seat(view)
    wanted = set(targets)
    by_row: dict[int, list[dict[str, Any]]] = {}
    for h in hexes.values():
        by_row.setdefault(int(h["row"]), []).append(h)
    lines: list[Text] = []
    for row in range(ROWS, 0, -1):
        cells = sorted(by_row.get(row, []), key=lambda x: int(x["col"]))
        region = theme.region_name(cells[0]["region"]) if cells else ""
        top = Text()
        top.append(theme.fit(msgs.get(f"region.{region}", region), label - 1) + " ", theme.DIM)
        bottom = Text()
        bottom.append(theme.fit(msgs("board.row", n=row), label - 1) + " ", theme.DIM)
        x = 0
        for h in cells:
            start = (int(h["col"]) - 1) * STEP
            if start > x:
                top.append(" " * (start - x))
                bottom.append(" " * (start - x))
            a, b = cell(h, at.get(int(h["hex"]), []), int(h["hex"]) in wanted, rhom)
            top.append_text(a)
            bottom.append_text(b)
            x = start + CELL
        lines += [top, bottom]
    if outside:
        lines.append(outside_line(view, msgs))
    return Text("\n").join(lines)


def outside_line(view: View, msgs: Words) -> Text:
    """Explorers off the board (before their first move, or blocked) and in the Castle."""
    at = explorers_by_position(view)
    rhom = rhom_seat(view)
    text = Text()
    text.append(msgs("board.where", where=msgs("tui.where.off")), theme.DIM)
    for seat in at.get(0, []):
        text.append_text(_marks([seat], rhom))
        text.append(" ")
    if at.get(-1):
        text.append("   " + msgs("board.where", where=msgs("tui.where.castle")), theme.DIM)
        for seat in at[-1]:
            text.append_text(_marks([seat], rhom))
            text.append(" ")
    return text
