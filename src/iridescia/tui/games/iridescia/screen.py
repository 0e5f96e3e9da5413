"""One full screen of Gems of Iridescia, laid out for a 120 x 40 window (``compact.py`` below).

The generic terminal decides what a screen shows (a ``tui.plugin.Screen``: a view, who plays
each seat, the latest log lines, the decision to show); ``render`` lays it out:

    title line
    hex map (63 columns)       | market, supply, Rhom, relic row, item market, own objectives
    players table
    log (last 12 lines)        | decision: prompt, latest roll, numbered legal actions

A screen with ``steps`` (the Rhom's turn) shows them instead of the log and the decision, one
sentence a line across the whole width, then the note if any. ``render_final`` puts the results
(the score table) where the players table and the log were.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from iridescia.tui.games.iridescia import compact, panels, theme
from iridescia.tui.games.iridescia.board import map_width, render_board
from iridescia.tui.games.iridescia.words import Words
from iridescia.tui.plugin import Screen

WIDE = 118  # from this width the screen uses two columns
LOG_LINES = 12
HEX_ACTIONS = ("reveal", "move", "land", "place", "remove", "pickaxe")


def targets(actions: Sequence[str]) -> set[int]:
    """Hexes named by hex-taking actions (``reveal 23`` -> 23), to highlight on the map."""
    out = set()
    for action in actions:
        words = action.split()
        if len(words) == 2 and words[0] in HEX_ACTIONS and words[1].isdigit():
            out.add(int(words[1]))
    return out


def title_line(screen: Screen, msgs: Words) -> Text:
    text = Text(msgs("game.gems-of-iridescia"), "bold #c77dff")
    if screen.heading is not None:
        info = screen.heading
    else:
        acting = screen.acting
        whose = (
            msgs("title.over") if acting is None else msgs("title.to_act", seat=msgs.seat(acting))
        )
        info = msgs("title.info", turn=screen.view["turn"]["number"], who=whose)
    text.append("  -  " + info, "bold")
    if screen.acting is not None:
        seat = screen.acting
        text.highlight_words([msgs.seat(seat)], theme.seat_style(seat, msgs.rhom))
    return text


def title_row(screen: Screen, msgs: Words) -> RenderableType:
    """The title line and, right-aligned where it fits, the key line: the map's symbols and
    the keys that open panels (``help`` says the rest)."""
    title = title_line(screen, msgs)
    keys = Text(msgs("tui.keyline"), theme.DIM)
    if title.cell_len + keys.cell_len + 2 > screen.width:
        return title
    row = Table.grid(expand=True)
    row.add_column(no_wrap=True)
    row.add_column(justify="right", no_wrap=True)
    row.add_row(title, keys)
    return row


def who(screen: Screen, msgs: Words) -> list[str]:
    """Who plays each seat, in words (``human``, a bot's name, ``automa``)."""
    return [msgs.kind(kind) if kind else "" for kind in screen.seat_kinds]


def side_panel(screen: Screen, msgs: Words, width: int) -> Table:
    """Everything beside the map, within ``width`` columns."""
    view = screen.view
    side = Table.grid()
    side.add_row(panels.market_panel(view, msgs))
    rhom = panels.rhom_panel(view, msgs)
    if rhom is not None:
        side.add_row(rhom)
    side.add_row(panels.relics_panel(view, msgs, width))
    side.add_row(panels.items_panel(view, msgs, width))
    objectives = panels.objectives_panel(view, msgs, width)
    if objectives is not None:
        side.add_row(objectives)
    return side


def log_panel(screen: Screen, width: int, height: int = LOG_LINES) -> Table:
    """The latest log lines, each whole (a long one wraps), as many as fit ``height`` lines
    of ``width`` columns."""
    grid = Table.grid()
    grid.add_column()
    shown: list[Text] = []
    used = 0
    for line in reversed(screen.log):
        rows = max(1, -(-line.cell_len // max(width, 1)))
        if used + rows > height:
            break
        shown.append(line)
        used += rows
    for line in reversed(shown):
        grid.add_row(line)
    return grid


def lines_of(renderable: RenderableType, width: int) -> int:
    """How many lines ``renderable`` takes at ``width`` columns."""
    console = Console(width=width, file=io.StringIO(), color_system=None)
    return len(console.render_lines(renderable, console.options, pad=False))


def steps_panel(screen: Screen, msgs: Words) -> Table:
    """The Rhom's turn as sentences, one a line, under its title, then the note if any."""
    grid = Table.grid()
    grid.add_column(no_wrap=True, overflow="ellipsis")
    if screen.steps_title:
        title = Text(screen.steps_title, "bold")
        title.highlight_words([msgs("seat.rhom")], theme.RHOM_STYLE)
        grid.add_row(title)
    for step in screen.steps:
        grid.add_row(Text("  ").append_text(step))
    if screen.note is not None:
        grid.add_row(Text(screen.note, "bold"))
    return grid


def decision_panel(screen: Screen, msgs: Words, width: int) -> RenderableType:
    if screen.note is not None:
        text = Text(screen.note, "bold")
        for seat in range(int(screen.view["num_players"])):
            text.highlight_words([msgs.seat(seat)], theme.seat_style(seat, msgs.rhom))
        return text
    if screen.prompt is None or screen.acting is None:
        return Text("")
    seat = screen.acting
    if not screen.actions:
        text = Text(msgs("panel.waiting", seat=msgs.seat(seat), prompt=screen.prompt))
        text.highlight_words([msgs.seat(seat)], theme.seat_style(seat, msgs.rhom))
        return text
    return panels.decision_panel(screen.view, msgs, screen.prompt, seat, screen.actions, width)


def _top(screen: Screen, msgs: Words, board: RenderableType, width: int) -> Table:
    """The map and, beside it, the market, the Rhom, the relics, the items, the objectives."""
    left = map_width(msgs)
    top = Table.grid(padding=(0, 2))
    top.add_column(width=left, no_wrap=True)
    top.add_column(width=width - left - 2)
    top.add_row(board, side_panel(screen, msgs, width - left - 2))
    return top


def render_final(screen: Screen, msgs: Words, results: RenderableType) -> RenderableType:
    """The end of the game: the title, the map and the panels beside it, then ``results``
    (the score table) where the players table and the log were; in a small window, the
    title and the results only."""
    if screen.compact:
        return Group(title_line(screen, msgs), Text(""), results)
    board = render_board(screen.view, msgs)
    if screen.width >= WIDE:
        return Group(title_line(screen, msgs), _top(screen, msgs, board, screen.width), results)
    side = side_panel(screen, msgs, screen.width)
    return Group(title_line(screen, msgs), board, side, results)


def render(screen: Screen, msgs: Words) -> RenderableType:
    """The whole screen at ``screen.width`` columns."""
    view = screen.view
    width = screen.width
    if screen.compact:
        return compact.render_compact(screen, msgs, who(screen, msgs), targets(screen.action_texts))
    board: RenderableType = render_board(view, msgs, targets(screen.action_texts))
    if screen.panel in compact.PANEL_KEYS:
        board = compact.panel_body(screen, msgs, map_width(msgs), who(screen, msgs))
    players = panels.players_table(view, msgs, who(screen, msgs), screen.acting)
    if screen.steps or screen.steps_title:
        if width >= WIDE:
            top = _top(screen, msgs, board, width)
            return Group(title_row(screen, msgs), top, players, steps_panel(screen, msgs))
        return Group(
            title_line(screen, msgs),
            board,
            side_panel(screen, msgs, width),
            players,
            steps_panel(screen, msgs),
        )
    if width >= WIDE:
        left = map_width(msgs)
        right = width - left - 2
        bottom = Table.grid(padding=(0, 2))
        bottom.add_column(width=left)
        bottom.add_column(width=right)
        top = _top(screen, msgs, board, width)
        room = screen.height - 1 - lines_of(Group(top, players), width)
        bottom.add_row(log_panel(screen, left, max(room, 3)), decision_panel(screen, msgs, right))
        return Group(title_row(screen, msgs), top, players, bottom)
    return Group(
        title_line(screen, msgs),
        board,
        side_panel(screen, msgs, width),
        players,
        log_panel(screen, width),
        decision_panel(screen, msgs, width),
    )
