"""Colours, chips and static lookups shared by every part of the Gem Rush terminal renderer.

Everything here turns public data (card ids, tile ids, gem codes, seats) into ``rich`` text:
a gem is always a chip that shows its code on its display colour (spec §2.2: colour is never
the only cue), a card is its id followed by its gems' chips, a dwarf is its 1-based seat number
on its dwarf colour. What each card shows and what each tile is come from the rules package's
``catalogue()`` (static component data), read once at import.

``fit`` and ``box`` are the layout primitives: every line the renderer returns is cut or padded
to an exact number of terminal cells with ``rich``'s cell widths, so double-width Japanese text
keeps the columns aligned.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Console
from rich.style import Style
from rich.text import Text

from iridescia.games.gemrush import (
    DWARF_COLOURS,
    GEM_CODES,
    GEM_COLOURS,
    catalogue,
)
from iridescia.i18n import Messages

_CATALOGUE: dict[str, Any] = catalogue()

# What each card shows (card id -> gem codes) and what each tile is (tile id -> catalogue row).
CARD_GEMS: dict[int, tuple[str, ...]] = {
    int(c["id"]): tuple(c["gems"]) for c in _CATALOGUE["cards"]
}
TILES: dict[int, dict[str, Any]] = {int(t["id"]): t for t in _CATALOGUE["tiles"]}
ROOMS: dict[str, dict[str, Any]] = {str(r["name"]): r for r in _CATALOGUE["rooms"]}

# ------------------------------------------------------------------ colours

DIM = "#8a8a8a"
FAINT = "#5a5a5a"
TEXT = "#e8e2d6"
ACCENT = "#ffd54f"  # the acting dwarf's room, headings, points
POINTS = "bold #ffd54f"
GOOD = "#7bd88f"
BAD = "#ff6b6b"
NOTICE_STYLE = "bold #1c1c1c on #ffb300"
CARD_ID = "#b8b0a0"
CARD_BACK = "bold #c5cae9 on #3949ab"
WALL = "#a1887f"
DOOR_LINE = "#6d6d6d"
TUNNEL_LINE = "#7e7e7e"
SITE_LINE = "#4f8a5b"
SITE_NEAR = "bold #69f0ae"
PLACING = "bold #ff80ab"
WARP = "bold #e91e63"  # a warped construction (Warpstone's magenta)

# Tile interiors are tinted by room type; the type icon repeats it in a second cue (spec §2.4.1:
# an orange anvil for action rooms, a blue arrow for movement rooms, a grey headlamp for free).
TYPE_BG: dict[str, str] = {
    "action": "#3a2a1c",
    "movement": "#1c2f45",
    "free": "#363636",
    "none": "#1e1e1e",
    "tunnel": "#1e1e1e",
}
TYPE_ICON: dict[str, tuple[str, str]] = {
    "action": ("⚒", "bold #ff9800"),
    "movement": ("➜", "bold #42a5f5"),
    "free": ("☼", "bold #bdbdbd"),
    "none": ("·", DIM),
    "tunnel": ("≈", DIM),
}

# Dwarf colours (spec §2.6: red, blue, yellow and black from the rulebook, then green, purple and
# white), as chip backgrounds with a readable digit on top.
_DWARF_HEX: dict[str, tuple[str, str]] = {
    "red": ("#e53935", "#ffffff"),
    "blue": ("#1e88e5", "#ffffff"),
    "yellow": ("#fdd835", "#1a1a1a"),
    "black": ("#000000", "#ffffff"),
    "green": ("#43a047", "#ffffff"),
    "purple": ("#8e24aa", "#ffffff"),
    "white": ("#f5f5f5", "#1a1a1a"),
}
# A dwarf's name on screen (log lines, panels) in a colour readable on a dark terminal.
_DWARF_TEXT: dict[str, str] = {
    "red": "#ff6e6e",
    "blue": "#64b5f6",
    "yellow": "#fff176",
    "black": "#cfcfcf",
    "green": "#81c784",
    "purple": "#ce93d8",
    "white": "#ffffff",
}


def _luminance(hex_colour: str) -> float:
    r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


GEM_STYLE: dict[str, Style] = {
    code: Style.parse(
        f"bold {'#111111' if _luminance(hex_) > 0.5 else '#ffffff'} on {hex_}"
        # Obsidian is black: a light underline keeps its chip visible on a dark screen.
        + (" underline" if _luminance(hex_) < 0.05 else "")
    )
    for code, hex_ in zip(GEM_CODES, GEM_COLOURS, strict=True)
}


def seg(text: str, style: str | Style = "") -> Text:
    """``text`` in ``style`` as a span, so that what is appended later does not inherit it."""
    out = Text()
    out.append(text, style=style)
    return out


def key(word: str) -> str:
    """An engine word as part of a catalogue key: ``hand limit`` -> ``hand_limit``."""
    return word.replace(" ", "_")


def dwarf_colour(seat: int) -> str:
    return DWARF_COLOURS[seat % len(DWARF_COLOURS)]


def seat_style(seat: int) -> str:
    """A seat's name colour on a dark screen."""
    return "bold " + _DWARF_TEXT.get(dwarf_colour(seat), TEXT)


def dwarf_chip(seat: int, *, acting: bool = False) -> Text:
    """A dwarf on the map and in the panels: its 1-based seat number on its colour."""
    bg, fg = _DWARF_HEX.get(dwarf_colour(seat), ("#757575", "#ffffff"))
    style = f"bold {fg} on {bg}" + (" underline" if acting else "")
    return seg(str(seat + 1), style)


# ------------------------------------------------------------------ gems and cards


def gem_code(gem: object) -> str:
    """A gem from event or view data: its code, or its index in canonical order."""
    if isinstance(gem, int) and 0 <= gem < len(GEM_CODES):
        return GEM_CODES[gem]
    return str(gem)


def gem_chip(code: str) -> Text:
    return seg(code, GEM_STYLE.get(code, "bold"))


def gems_text(gems: Iterable[object], sep: str = "") -> Text:
    """Gem chips side by side (``FROB``: two chips), or joined by ``sep``."""
    out = Text()
    for i, g in enumerate(gems):
        if i and sep:
            out.append(sep, style=DIM)
        out.append_text(gem_chip(gem_code(g)))
    return out


def card_label(card: int) -> str:
    return f"G{card:02d}"


def tile_label(tile: int) -> str:
    return f"T{tile:02d}"


def card_text(card: int) -> Text:
    """A face-up card: ``G07`` and its gems' chips."""
    out = seg(card_label(card), CARD_ID)
    out.append_text(gems_text(CARD_GEMS.get(card, ())))
    return out


def cards_text(cards: Sequence[int], sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c))
    return out


def card_gems_plain(card: int) -> str:
    return "+".join(CARD_GEMS.get(card, ()))


def cost_plain(cost: Sequence[object]) -> str:
    return "+".join(gem_code(g) for g in cost)


def door_text(cost: Sequence[object], points: int, msgs: Messages, *, sep: str = "") -> Text:
    """A door: its cost as chips and its points in gold, or the word for a free door."""
    if not cost:
        return seg(msgs("gr.door.free"), "italic " + GOOD)
    out = gems_text(cost, sep)
    out.append(str(points), style=POINTS)
    return out


def room_name(tile: int) -> str:
    row = TILES.get(tile)
    return str(row["room"]) if row else tile_label(tile)


def room_type(name: str) -> str:
    row = ROOMS.get(name)
    return str(row["type"]) if row else "none"


def type_icon(kind: str) -> Text:
    icon, style = TYPE_ICON.get(kind, ("?", DIM))
    return seg(icon, style)


def tile_ref(tile: int) -> Text:
    """``T12 Resonant Chamber``: a tile's id and its room, for lists and the log."""
    out = seg(tile_label(tile), DIM)
    out.append(" " + room_name(tile), style=TEXT)
    return out


# ------------------------------------------------------------------ seats


def seat_name(seat: int, msgs: Messages) -> str:
    colour = msgs(f"gr.colour.{dwarf_colour(seat)}")
    return msgs("gr.seat", n=seat + 1, colour=colour)


def seat_short(seat: int, msgs: Messages) -> Text:
    """A seat in running text: ``Seat 2`` in its dwarf's colour."""
    return seg(msgs("gr.seat.short", n=seat + 1), seat_style(seat))


# ------------------------------------------------------------------ layout primitives


def fit(text: Text | str, width: int, *, pad: bool = True) -> Text:
    """``text`` cut (with an ellipsis) or padded to exactly ``width`` cells."""
    out = Text(text) if isinstance(text, str) else text.copy()
    out.no_wrap = True
    if "\n" in out.plain:
        out = out.split("\n")[0]
    out.truncate(max(width, 0), overflow="ellipsis", pad=pad)
    return out


def centre(text: Text | str, width: int, fill: str = " ", style: str = "") -> Text:
    t = fit(text, width, pad=False)
    spare = width - t.cell_len
    left = spare // 2
    out = seg(fill * left, style)
    out.append_text(t)
    out.append(fill * (spare - left), style=style)
    return out


def right(text: Text | str, width: int) -> Text:
    t = fit(text, width, pad=False)
    out = Text(" " * (width - t.cell_len))
    out.append_text(t)
    return out


def spread(left: Text, right_part: Text, width: int) -> Text:
    """``left`` at the left and ``right_part`` at the right of one line (left cut first)."""
    r = fit(right_part, width, pad=False)
    gap = 1 if r.cell_len else 0
    out = fit(left, max(width - r.cell_len - gap, 0))
    if gap:
        out.append(" ")
    out.append_text(r)
    return out


_WRAPPER = Console(width=400, color_system=None, file=io.StringIO())  # for Text.wrap only


def wrap_text(text: Text, width: int, indent: int = 0) -> list[Text]:
    """A long line cut into lines of ``width`` cells (on spaces where it can), the lines after
    the first indented by ``indent``."""
    first = list(text.wrap(_WRAPPER, max(width, 1), no_wrap=False))
    if not first:
        return [Text()]
    if indent <= 0 or len(first) == 1:
        return first
    rest = Text()
    for i, part in enumerate(first[1:]):
        if i:
            rest.append(" ")
        rest.append_text(part)
    out = [first[0]]
    for part in rest.wrap(_WRAPPER, max(width - indent, 1), no_wrap=False):
        line = Text(" " * indent)
        line.append_text(part)
        out.append(line)
    return out


def join(parts: Iterable[Text], sep: str = " ", style: str = "") -> Text:
    out = Text()
    for i, p in enumerate(parts):
        if i:
            out.append(sep, style=style)
        out.append_text(p)
    return out


def wrap_items(
    items: Sequence[Text], width: int, sep: str = " ", sep_style: str = FAINT
) -> list[Text]:
    """Lay ``items`` left to right, starting a new line when the next one does not fit."""
    lines: list[Text] = []
    line = Text()
    for item in items:
        need = item.cell_len + (len(sep) if line.cell_len else 0)
        if line.cell_len and line.cell_len + need > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append(sep, style=sep_style)
        line.append_text(item)
    if line.cell_len or not lines:
        lines.append(line)
    return lines


def box(
    title: Text | str,
    body: Sequence[Text],
    width: int,
    height: int,
    *,
    style: str = FAINT,
    footer: Text | None = None,
) -> list[Text]:
    """A rounded panel of exactly ``width`` x ``height`` cells around ``body`` (cut to fit)."""
    inner = max(width - 2, 0)
    top = seg("╭─", style)
    head = fit(title, max(inner - 3, 0), pad=False)
    if head.cell_len:
        top.append(" ")
        top.append_text(head)
        top.append(" ")
    top.append("─" * max(width - 1 - top.cell_len, 0), style=style)
    top.append("╮", style=style)
    lines = [fit(top, width)]
    rows = max(height - 2, 0)
    for i in range(rows):
        line = seg("│", style)
        line.append_text(fit(body[i] if i < len(body) else Text(), inner))
        line.append("│", style=style)
        lines.append(line)
    bottom = seg("╰", style)
    if footer is not None and footer.cell_len:
        foot = fit(footer, max(inner - 4, 0), pad=False)
        bottom.append("─" * max(inner - foot.cell_len - 3, 0), style=style)
        bottom.append(" ")
        bottom.append_text(foot)
        bottom.append(" ─", style=style)
    else:
        bottom.append("─" * inner, style=style)
    bottom.append("╯", style=style)
    lines.append(fit(bottom, width))
    return lines[:height]


def beside(*columns: Sequence[Text]) -> list[Text]:
    """Columns of lines side by side (each column's lines already of one width)."""
    height = max(len(c) for c in columns)
    widths = [max((line.cell_len for line in c), default=0) for c in columns]
    out = []
    for i in range(height):
        line = Text()
        for col, w in zip(columns, widths, strict=True):
            line.append_text(col[i] if i < len(col) else Text(" " * w))
        out.append(line)
    return out


def turning(view: Any) -> tuple[int, int, int] | None:
    """The tile being turned now and where it goes (a drawn tile, or Mystic Elevator, Gem Rush
    R23, R71): ``(tile, x, y)``, or None."""
    decision = view.get("decision") or {}
    if decision.get("kind") != "rotation":
        return None
    details = decision.get("details") or {}
    tile = view.get("placing") or details.get("tile")
    if not tile or "x" not in details:
        return None
    return int(tile), int(details["x"]), int(details["y"])
