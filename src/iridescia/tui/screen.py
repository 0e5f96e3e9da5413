"""One full screen of the game, laid out for a 120 x 40 terminal (and stacked when narrower).

A ``Frame`` says what to draw: a view, who plays each seat, the event log, whose eyes the log
is redacted for, and the decision to show (the acting seat's prompt and numbered actions, or only
a prompt while someone else thinks). ``render`` turns it into one ``rich`` renderable:

    title line
    hex map (63 columns)       | market, supply, Rhom, relic row, item market, own objectives
    players table
    log (last events)          | decision: prompt, latest roll, numbered legal actions

A frame with ``steps`` (the Rhom's turn) shows them instead of the log and the decision, one
sentence a line across the whole width, then the note if any.

``render`` reads nothing but the frame, so the same code serves play, replay and the final board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from iridescia.games.iridescia.state import Event
from iridescia.tui import panels, theme
from iridescia.tui.board import MAP_WIDTH, render_board
from iridescia.tui.events import event_text, is_rhom_turn, log_texts, shown_in_log
from iridescia.tui.messages import Messages

WIDE = 118  # from this width the screen uses two columns
LOG_LINES = 12
HEX_ACTIONS = ("reveal", "move", "land", "place", "remove", "pickaxe")


@dataclass
class Frame:
    """Everything one screen shows."""

    view: dict[str, Any]
    who: Sequence[str]
    events: Sequence[Event]
    viewer: int | None
    heading: str | None = None  # replaces the "seed - turn - who acts" part of the title
    prompt: str | None = None
    acting: int | None = None
    actions: Sequence[str] = field(default_factory=tuple)
    note: str | None = None  # shown instead of the decision (replay: the next recorded action)
    new_events: int = 0  # how many of the last events are new to the viewer (drawn brighter)
    log_lines: int = LOG_LINES
    steps: Sequence[Event] = field(default_factory=tuple)  # the Rhom's turn, shown at right
    steps_title: str | None = None


def targets(actions: Sequence[str]) -> set[int]:
    """Hexes named by hex-taking actions (``reveal 23`` -> 23), to highlight on the map."""
    out = set()
    for action in actions:
        words = action.split()
        if len(words) == 2 and words[0] in HEX_ACTIONS and words[1].isdigit():
            out.add(int(words[1]))
    return out


def title_line(frame: Frame, msgs: Messages) -> Text:
    text = Text(msgs("title"), "bold #c77dff")
    if frame.heading is not None:
        info = frame.heading
    else:
        acting = frame.acting
        who = msgs("title.over") if acting is None else msgs("title.to_act", seat=msgs.seat(acting))
        info = msgs("title.info", turn=frame.view["turn"]["number"], who=who)
    text.append("  -  " + info, "bold")
    if frame.acting is not None:
        text.highlight_words([msgs.seat(frame.acting)], theme.seat_style(frame.acting, msgs.rhom))
    return text


def side_panel(frame: Frame, msgs: Messages) -> Table:
    view = frame.view
    side = Table.grid()
    side.add_row(panels.market_panel(view, msgs))
    rhom = panels.rhom_panel(view, msgs)
    if rhom is not None:
        side.add_row(rhom)
    side.add_row(panels.relics_panel(view, msgs))
    side.add_row(panels.items_panel(view, msgs))
    objectives = panels.objectives_panel(view, msgs)
    if objectives is not None:
        side.add_row(objectives)
    return side


def log_panel(frame: Frame, msgs: Messages) -> Table:
    n = int(frame.view["num_players"])
    new_from = len(frame.events) - frame.new_events
    lines = log_texts(frame.events, frame.viewer, msgs, n, frame.log_lines, new_from)
    grid = Table.grid()
    grid.add_column(no_wrap=True, overflow="ellipsis")
    for line in lines:
        grid.add_row(line)
    return grid


def steps_panel(frame: Frame, msgs: Messages) -> Table:
    """The Rhom's turn as sentences, one a line, under its title, then the note if any. A
    move onto the hex the line before chose is left out (the log keeps it)."""
    n = int(frame.view["num_players"])
    grid = Table.grid()
    grid.add_column(no_wrap=True, overflow="ellipsis")
    if frame.steps_title:
        title = Text(frame.steps_title, "bold")
        title.highlight_words([msgs("seat.rhom")], theme.RHOM_STYLE)
        grid.add_row(title)
    chosen = None
    for event in frame.steps:
        if not shown_in_log(event) or is_rhom_turn(event):
            continue
        if event.kind == "move" and event.data.get("to") == chosen:
            continue
        chosen = event.data.get("hex") if event.kind == "rhom_choice" else None
        line = Text("  ")
        line.append_text(event_text(event, frame.viewer, msgs, n))
        grid.add_row(line)
    if frame.note is not None:
        grid.add_row(Text(frame.note, "bold"))
    return grid


def decision_panel(frame: Frame, msgs: Messages, width: int) -> RenderableType:
    if frame.note is not None:
        text = Text(frame.note, "bold")
        for seat in range(int(frame.view["num_players"])):
            text.highlight_words([msgs.seat(seat)], theme.seat_style(seat, msgs.rhom))
        return text
    if frame.prompt is None or frame.acting is None:
        return Text("")
    if not frame.actions:
        text = Text(msgs("panel.waiting", seat=msgs.seat(frame.acting), prompt=frame.prompt))
        text.highlight_words([msgs.seat(frame.acting)], theme.seat_style(frame.acting, msgs.rhom))
        return text
    return panels.decision_panel(frame.view, msgs, frame.prompt, frame.acting, frame.actions, width)


def render_final(
    frame: Frame, msgs: Messages, results: RenderableType, width: int = 120
) -> RenderableType:
    """The end of the game: the title, the map and the panels beside it, then ``results``
    (the score table) where the players table and the log were."""
    board = render_board(frame.view, msgs)
    if width >= WIDE:
        top = Table.grid(padding=(0, 2))
        top.add_column(width=MAP_WIDTH, no_wrap=True)
        top.add_column(width=width - MAP_WIDTH - 2)
        top.add_row(board, side_panel(frame, msgs))
        return Group(title_line(frame, msgs), top, results)
    return Group(title_line(frame, msgs), board, side_panel(frame, msgs), results)


def render(frame: Frame, msgs: Messages, width: int = 120) -> RenderableType:
    """The whole screen for ``frame`` at ``width`` columns."""
    view = frame.view
    board = render_board(view, msgs, targets(frame.actions))
    players = panels.players_table(view, msgs, frame.who, frame.acting)
    if frame.steps or frame.steps_title:
        if width >= WIDE:
            top = Table.grid(padding=(0, 2))
            top.add_column(width=MAP_WIDTH, no_wrap=True)
            top.add_column(width=width - MAP_WIDTH - 2)
            top.add_row(board, side_panel(frame, msgs))
            return Group(title_line(frame, msgs), top, players, steps_panel(frame, msgs))
        return Group(
            title_line(frame, msgs),
            board,
            side_panel(frame, msgs),
            players,
            steps_panel(frame, msgs),
        )
    if width >= WIDE:
        right = width - MAP_WIDTH - 2
        top = Table.grid(padding=(0, 2))
        top.add_column(width=MAP_WIDTH, no_wrap=True)
        top.add_column(width=right)
        top.add_row(board, side_panel(frame, msgs))
        bottom = Table.grid(padding=(0, 2))
        bottom.add_column(width=MAP_WIDTH, no_wrap=True, overflow="ellipsis")
        bottom.add_column(width=right)
        bottom.add_row(log_panel(frame, msgs), decision_panel(frame, msgs, right))
        return Group(title_line(frame, msgs), top, players, bottom)
    return Group(
        title_line(frame, msgs),
        board,
        side_panel(frame, msgs),
        players,
        log_panel(frame, msgs),
        decision_panel(frame, msgs, width),
    )
