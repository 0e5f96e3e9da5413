"""The key to every symbol the Gem Rush screens draw, declared once as data.

``ENTRIES`` pairs each symbol, drawn exactly as the mine, the status line and the panels draw it,
with the catalogue key of its meaning (``gr.legend.*``). Three places read it, so they cannot
disagree: the symbols panel (``k``, laid out in as many columns as the window needs), the text
of ``help`` (plain, two entries a line) and the short key under the full layout's mine. The gem
codes and their names close the key, since a card or a door shows gems by code only (spec §2.2
gives each gem a code, a name and a colour; the colour is never the only cue).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.cells import cell_len
from rich.text import Text

from iridescia.games.gemrush import GEM_CODES
from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import theme as th

HELP_WIDTH = 78  # a help line stays within the narrowest window the terminal supports
MIN_COLUMN = 12  # the narrowest column of the symbols panel

_Symbol = Callable[[Messages], Text]  # draws a symbol as the screens do


def _dwarves(msgs: Messages) -> Text:
    out = th.dwarf_chip(0, acting=True)
    out.append_text(th.dwarf_chip(1))
    out.append_text(th.dwarf_chip(2))
    return out


def _door(msgs: Messages) -> Text:
    out = th.gems_text(["FR", "OB"])
    out.append("2", style=th.POINTS)
    return out


def _site(msgs: Messages) -> Text:
    out = th.seg("╎◀", th.SITE_LINE)
    out.append_text(th.gems_text(["OB"]))
    out.append("1", style=th.POINTS)
    out.append(" T74", style=th.FAINT)
    return out


def _hidden(msgs: Messages) -> Text:
    out = th.seg("▮▮", th.CARD_BACK)
    out.append("×2", style=th.DIM)
    return out


def _steps(msgs: Messages) -> Text:
    out = th.seg("●●", "bold " + th.ACCENT)
    out.append("○", style=th.FAINT)
    return out


def _beyond(msgs: Messages) -> Text:
    out = th.seg("▲3 ◀ ▶", th.DIM)
    out.append(" ")
    out.append_text(th.dwarf_chip(3))
    return out


def _card(msgs: Messages) -> Text:
    return th.card_text(7)


def _tile(msgs: Messages) -> Text:
    out = th.seg("T74", th.FAINT)
    out.append(" T12", style=th.PLACING)
    return out


def _icon(kind: str) -> _Symbol:
    return lambda msgs: th.type_icon(kind)


def _mark(text: str, style: str) -> _Symbol:
    return lambda msgs: th.seg(text, style)


def _word(key: str, style: str) -> _Symbol:
    """A symbol that is a word on screen (a free door, a tile being placed)."""
    return lambda msgs: th.seg(msgs(key), style)


# (how the symbol looks, the key of what it means), in the order the key lists them.
ENTRIES: tuple[tuple[_Symbol, str], ...] = (
    (_icon("action"), "gr.legend.action"),
    (_icon("movement"), "gr.legend.movement"),
    (_icon("free"), "gr.legend.free"),
    (_icon("none"), "gr.legend.none"),
    (_mark("━┃", th.WALL), "gr.legend.wall"),
    (_mark("─│", th.DOOR_LINE), "gr.legend.door"),
    (_door, "gr.legend.cost"),
    (_word("gr.door.free", "italic " + th.GOOD), "gr.legend.free_door"),
    (_mark("▶", "bold " + th.ACCENT), "gr.legend.oneway"),
    (_mark("┄┆ N↕S", th.TUNNEL_LINE), "gr.legend.tunnel"),
    (_dwarves, "gr.legend.dwarves"),
    (_tile, "gr.legend.tile"),
    (_site, "gr.legend.site"),
    (_word("gr.mine.placing", th.PLACING), "gr.legend.placing"),
    (_beyond, "gr.legend.beyond"),
    (_card, "gr.legend.card"),
    (_hidden, "gr.legend.hidden"),
    (_steps, "gr.legend.steps"),
    (_mark("◷", th.DIM), "gr.legend.clock"),
    (_mark("▶", "bold " + th.ACCENT), "gr.legend.acting"),
    (_mark("★", "bold " + th.ACCENT), "gr.legend.first"),
    (_mark("∥", "bold #80cbc4"), "gr.legend.patience"),
)


def entries(msgs: Messages) -> list[Text]:
    """Every symbol with its meaning, one a line (``⚒ action room: its effect with room``)."""
    out = []
    for symbol, key in ENTRIES:
        line = symbol(msgs)
        line.append(" " + msgs(key), style=th.TEXT)
        out.append(line)
    return out


def gems(msgs: Messages) -> list[Text]:
    """Each gem's code as its chip, with its name (``FR Fire Ruby``)."""
    out = []
    for code in GEM_CODES:
        line = th.gem_chip(code)
        line.append(" " + msgs(f"gr.gem.{code}"), style=th.TEXT)
        out.append(line)
    return out


def columns(items: Sequence[Text], width: int, height: int, gap: int = 2) -> list[Text]:
    """``items`` in newspaper columns, as few as let them all fit in ``height`` lines, each
    column as wide as its widest item while they fit ``width`` (else the widest are narrowed,
    their items cut); when even columns of ``MIN_COLUMN`` cells cannot hold them all, the last
    line shown says how many more there are."""
    if not items or height <= 0 or width <= 0:
        return []
    most = max(1, (width + gap) // (MIN_COLUMN + gap))
    cols = max(1, min(most, -(-len(items) // height)))
    rows = min(height, -(-len(items) // cols))
    shown = list(items[: rows * cols])
    if len(items) > len(shown):
        shown[-1] = th.seg(f"+{len(items) - len(shown) + 1} …", th.DIM)
    grid = [shown[c * rows : (c + 1) * rows] for c in range(cols)]
    widths = [max((item.cell_len for item in column), default=0) for column in grid]
    while sum(widths) + gap * (cols - 1) > width:
        widths[widths.index(max(widths))] -= 1
    lines = []
    for r in range(rows):
        line = Text()
        for c, column in enumerate(grid):
            if r < len(column):
                line.append(" " * gap if c else "")
                line.append_text(th.fit(column[r], widths[c]))
        lines.append(th.fit(line, width))
    return lines


def legend_lines(msgs: Messages, width: int, height: int) -> list[Text]:
    """The symbols panel: every symbol in columns, then the gems, within ``width`` x
    ``height``."""
    names = th.wrap_items(gems(msgs), width, "  ")
    symbols = columns(entries(msgs), width, max(height - len(names), 1))
    return (symbols + names)[:height]


def help_legend(msgs: Messages) -> str:
    """The key as plain text for ``help``: a title, then two symbols a line where they fit,
    then the gems, several a line."""
    lines = [msgs("gr.legend.title")]
    plain = [e.plain for e in entries(msgs)]
    half = (HELP_WIDTH - 2) // 2
    i = 0
    while i < len(plain):
        first = plain[i]
        second = plain[i + 1] if i + 1 < len(plain) else ""
        if second and cell_len(first) <= half - 2 and cell_len(second) <= half:  # 2 apart
            lines.append("  " + first + " " * (half - cell_len(first)) + second)
            i += 2
        else:
            lines.append("  " + first)
            i += 1
    lines += ["  " + line.plain for line in th.wrap_items(gems(msgs), HELP_WIDTH - 2, "  ")]
    return "\n".join(lines)


def footer_key(msgs: Messages, width: int) -> Text:
    """The short key under the full layout's mine: as many entries as fit in ``width``."""
    short = (
        (_mark("━", th.WALL), "gr.legend.short.wall"),
        (_mark("─", th.DOOR_LINE), "gr.legend.short.door"),
        (_mark("▶", "bold " + th.ACCENT), "gr.legend.short.oneway"),
        (_icon("action"), "gr.type.action"),
        (_icon("movement"), "gr.type.movement"),
        (_icon("free"), "gr.type.free"),
        (_mark("╌", th.SITE_LINE), "gr.legend.short.site"),
        (_mark("k", "bold " + th.ACCENT), "gr.legend.short.more"),
    )
    out = Text()
    for symbol, key in short:
        item = symbol(msgs)
        item.append(" " + msgs(key), style=th.DIM)
        if out.cell_len + 2 + item.cell_len > width:
            break
        if out.cell_len:
            out.append("  ")
        out.append_text(item)
    return out
