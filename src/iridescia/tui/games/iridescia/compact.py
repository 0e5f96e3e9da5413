"""Gems of Iridescia in a small window (from 80 x 24): the map and the decision first.

Laid out for windows smaller than the full table (``screen.compact``):

    hex map (63 columns)                      | turn, who acts; market and stone dice;
                                              | your coins, cargo, tiles, points; the keys
    decision: prompt, latest roll, numbered actions (as many as fit; ``a`` lists them all)

Everything else is a **panel** the player opens by key and closes with Enter; an open panel
takes the map's place: ``p`` the players, ``m`` the market, supply and the Rhom, ``r`` the relic
row, ``i`` the item market, ``o`` your objectives, ``a`` every action with its typeable text.
The full layout (``screen.py``) shows the same panels in place of the map when asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from iridescia.core.game import View
from iridescia.tui.games.iridescia import panels, theme
from iridescia.tui.games.iridescia.board import explorers_by_position, map_width, render_board
from iridescia.tui.games.iridescia.words import Words, rhom_seat
from iridescia.tui.plugin import Panel, Screen

PANEL_KEYS = ("p", "m", "r", "i", "o", "a")
BOARD_LINES = 18  # nine rows of two lines
SIDE_MIN = 14  # the column beside the map


def panel_list(view: View, msgs: Words) -> list[Panel]:
    """The panels a viewer may open (``o`` only for a seat's own view)."""
    keys = [k for k in PANEL_KEYS if k != "o" or panels.objectives_panel(view, msgs, 80)]
    return [Panel(k, msgs(f"tui.panel.{k}")) for k in keys]


def side_column(screen: Screen, msgs: Words, width: int) -> Text:
    """Beside the map: the turn and who acts, the market, the viewer's own goods, the keys."""
    view = screen.view
    lines: list[Text] = []
    turn = Text(msgs("tui.compact.turn", n=view["turn"]["number"]), "bold #c77dff")
    lines.append(turn)
    if screen.acting is not None:
        seat = screen.acting
        lines.append(Text(msgs.seat(seat), theme.seat_style(seat, msgs.rhom) + " bold"))
    elif screen.heading is None:
        lines.append(Text(msgs("title.over"), "bold"))
    lines.append(Text(msgs("panel.market"), "bold"))
    market = Text()
    for colour in theme.GEMS:
        value = f"{theme.gem_letter(colour)}{view['market'][colour]} "
        market.append(value, theme.gem_style(colour) + " bold")
    lines.append(market)
    lines.append(Text(msgs("panel.stone", n=view["stone_supply"]), "#bbbbbb"))
    me = _own(view)
    if me is not None:
        lines.append(Text(""))
        lines.append(Text(msgs.count("coins", int(me["coins"])), "bold #ffd60a"))
        lines.append(panels.letter_counts(me["cargo"]))
        points = sum(int(v) for v in me["points"].values())
        lines.append(Text(msgs("tui.compact.points", n=points), "bold"))
    lines.extend(outside_lines(view, msgs))
    lines.append(Text(""))
    for panel in panel_list(view, msgs):
        if panel.key == "a" and not screen.actions:
            continue  # nothing to list (another seat decides, or a replay)
        key = Text(panel.key, "bold #ffd60a")
        lines.append(key.append(" " + panel.name, theme.DIM))
    more = Text("help", "bold #ffd60a").append(" " + msgs("tui.panel.help"), theme.DIM)
    lines.append(more.append("  log", "bold #ffd60a"))
    while len(lines) > BOARD_LINES and any(not line.plain for line in lines):
        lines.remove(next(line for line in lines if not line.plain))  # spacing goes first
    out = Text("\n").join(lines[:BOARD_LINES])
    out.no_wrap = True
    out.overflow = "ellipsis"
    return out


def outside_lines(view: View, msgs: Words) -> list[Text]:
    """Explorers off the board and in the Castle: a label line, then their marks."""
    at = explorers_by_position(view)
    rhom = rhom_seat(view)
    out: list[Text] = []
    for position, where in ((0, "tui.where.off"), (-1, "tui.where.castle")):
        if at.get(position):
            out.append(Text(msgs("board.where", where=msgs(where)), theme.DIM))
            marks = Text()
            for seat in at[position]:
                marks.append_text(theme.seat_mark(seat, rhom)).append(" ")
            out.append(marks)
    return out


def _own(view: View) -> dict[str, Any] | None:
    viewer = view.get("viewer")
    if viewer is None:
        return None
    me: dict[str, Any] = view["players"][viewer]
    return None if me.get("rhom") else me


def players_panel(screen: Screen, msgs: Words, who: Sequence[str]) -> Table:
    """Every seat: a line with where it is and its points, then its goods (the full table's
    columns, folded for a narrow window)."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=1, no_wrap=True)
    grid.add_column()
    for p in screen.view["players"]:
        seat = int(p["seat"])
        head = Text(msgs.seat(seat), theme.seat_style(seat, msgs.rhom) + " bold")
        if seat < len(who) and who[seat]:
            head.append(f" {who[seat]}", theme.DIM)
        head.append("  " + theme.where_words(int(p["position"]), msgs, short=True))
        points = sum(int(v) for v in p["points"].values())
        head.append("  " + msgs("tui.compact.points", n=points), "bold")
        grid.add_row(Text(">" if seat == screen.acting else " ", "bold"), head)
        grid.add_row(Text(""), panels.player_details(p, msgs))
    return grid


def all_actions(screen: Screen, msgs: Words) -> Table:
    """Every action of the decision: its number, its sentence and the text one may type."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(no_wrap=True, overflow="ellipsis")
    grid.add_row(Text(""), Text(msgs("tui.actions.title"), "bold"))
    for n, (label, typed) in enumerate(
        zip(screen.actions, screen.action_texts, strict=False), start=1
    ):
        line = Text(label, "bold")
        line.append(f"  [{typed}]", theme.DIM)
        grid.add_row(Text(str(n), "bold #ffd60a"), line)
    return grid


def panel_body(screen: Screen, msgs: Words, width: int, who: Sequence[str]) -> RenderableType:
    """The open panel ``screen.panel`` within ``width`` columns."""
    view = screen.view
    key = screen.panel
    if key == "p":
        return players_panel(screen, msgs, who)
    if key == "m":
        parts: list[RenderableType] = [panels.market_panel(view, msgs)]
        rhom = panels.rhom_panel(view, msgs)
        if rhom is not None:
            parts.append(rhom)
        return Group(*parts)
    if key == "r":
        return panels.relics_panel(view, msgs, width)
    if key == "i":
        return Group(panels.items_panel(view, msgs, width), panels.own_items(view, msgs))
    if key == "o":
        return panels.objectives_panel(view, msgs, width) or Text("")
    if key == "a":
        return all_actions(screen, msgs)
    return Text("")


def decision_lines(screen: Screen, msgs: Words, width: int, height: int) -> RenderableType:
    """The prompt (with the latest roll) and as many numbered actions as fit in ``height``
    lines; when some do not fit, the last cell says how to see them all."""
    if screen.note is not None or screen.prompt is None or screen.acting is None:
        return Text(screen.note or "", "bold")
    seat = screen.acting
    if not screen.actions:
        text = Text(msgs("panel.waiting", seat=msgs.seat(seat), prompt=screen.prompt))
        text.highlight_words([msgs.seat(seat)], theme.seat_style(seat, msgs.rhom))
        return text
    head = Text(msgs("panel.decision", seat=msgs.seat(seat), prompt=screen.prompt), "bold")
    head.highlight_words([msgs.seat(seat)], theme.seat_style(seat, msgs.rhom))
    roll = panels.roll_text(screen.view, msgs)
    if roll is not None:
        head.append("  ").append_text(roll)
    head.truncate(width, overflow="ellipsis")
    cells = panels.action_cells(screen.actions, screen.view, msgs)
    rows = max(height - 1, 1)
    shown = fitting(cells, width, rows)
    if shown < len(cells):
        more = Text(msgs("tui.actions.more", n=len(cells)), "bold #ffd60a")
        cells = [*cells[: max(shown - 1, 0)], more]
    return Group(head, panels.actions_grid(cells, width))


def fitting(cells: Sequence[Text], width: int, rows: int) -> int:
    """How many of ``cells`` fit a grid of ``rows`` lines ``width`` wide (laid out as
    ``panels.actions_grid`` lays them: filled row by row into equal columns)."""
    for count in range(len(cells), 0, -1):
        longest = max(c.cell_len for c in cells[:count])
        columns = max(1, min(4, (width + 2) // (longest + 2)))
        if -(-count // columns) <= rows:
            return count
    return 0


def render_compact(screen: Screen, msgs: Words, who: Sequence[str], targets: set[int]) -> Table:
    """The whole compact screen (see the module docstring)."""
    width = screen.width
    left = map_width(msgs)
    side = max(width - left - 1, SIDE_MIN)
    if screen.panel in PANEL_KEYS:
        top: RenderableType = panel_body(screen, msgs, left, who)
    elif screen.steps or screen.steps_title:
        top = steps_body(screen, msgs)
    else:
        top = render_board(screen.view, msgs, targets, outside=False)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=left, no_wrap=True, overflow="ellipsis")
    grid.add_column(width=side, no_wrap=True, overflow="ellipsis")
    grid.add_row(top, side_column(screen, msgs, side))
    below = max(screen.height - BOARD_LINES, 1)
    outer = Table.grid()
    outer.add_column(width=width)
    outer.add_row(grid)
    if not (screen.steps or screen.steps_title):
        outer.add_row(decision_lines(screen, msgs, width, below))
    return outer


def steps_body(screen: Screen, msgs: Words) -> Table:
    """The Rhom's turn step by step, in the map's place."""
    grid = Table.grid()
    grid.add_column(no_wrap=False)
    if screen.steps_title:
        title = Text(screen.steps_title, "bold")
        title.highlight_words([msgs("seat.rhom")], theme.RHOM_STYLE)
        grid.add_row(title)
    for step in screen.steps[-(BOARD_LINES - 1) :]:
        grid.add_row(Text("  ").append_text(step))
    if screen.note is not None:
        grid.add_row(Text(screen.note, "bold"))
    return grid
