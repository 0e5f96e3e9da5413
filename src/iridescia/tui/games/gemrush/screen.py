"""The full layout of the Gem Rush table, for windows from 120 x 40 (a body of 120 x 37: the
window less the prompt's line and the two lines of the message area; more when given):

    title: game, mode, round and turn, who acts, what is decided      ⚠ provisional components
    ╭ mine (viewport on the acting dwarf) ──────────╮╭ status: score vs target, clock, steps ╮
    │                                                ││ players: scores, hands                 │
    │                                                ││ cards: revealed row, discard, deck...  │
    ╰ legend ────────────────────────────────────────╯╰────────────────────────────────────────╯
    ╭ log ───────────────────────────╮╭ decision: prompt, context, numbered actions ─────────╮
    ╰────────────────────────────────╯╰──────────────────────────────────────────────────────╯

Every line is built to an exact cell width, so the screen is exactly ``screen.width`` cells
wide and ``screen.height`` lines tall, whatever the language. The bottom boxes grow with the
number of actions (within bounds) and the mine takes whole rows of tiles above them; a larger
screen gives the extra room to the mine. A panel the player opened (``key_panels``) is drawn
inside the mine's frame, in its place.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import theme as th
from iridescia.tui.games.gemrush.decision import choices, decision_lines, marked_tiles
from iridescia.tui.games.gemrush.key_panels import ACTIONS, panel_lines, panel_title
from iridescia.tui.games.gemrush.legend import footer_key
from iridescia.tui.games.gemrush.mine import render_mine
from iridescia.tui.games.gemrush.panels import (
    card_lines,
    player_lines,
    status_lines,
    title_line,
)
from iridescia.tui.games.gemrush.tiles import TILE_H
from iridescia.tui.plugin import Screen

RIGHT_W = 46  # the right column: status, players, cards
BOTTOM_H = 8  # the log and the decision, at least (a prompt, its context, four actions)
BOTTOM_MAX = 14  # ... and at most
MAIN_MIN = 8  # the mine and the right column, at least
DECISION_SHARE = 0.6  # of the width, for the decision (the log wraps its lines)


def _right_column(screen: Screen, height: int, msgs: Messages, acting: int | None) -> list[Text]:
    view = screen.view
    inner = RIGHT_W - 2
    status = status_lines(view, inner, msgs, acting)[: max(height // 3, 3)]
    cards = card_lines(view, inner, msgs)
    players_budget = max(height - (len(status) + 2) - (len(cards) + 2) - 2, 1)
    players = player_lines(view, inner, players_budget, msgs, acting)
    spare = height - (len(status) + 2) - (len(players) + 2) - (len(cards) + 2)
    if spare < 0:
        cards = cards[: max(len(cards) + spare, 1)]
        spare = height - (len(status) + 2) - (len(players) + 2) - (len(cards) + 2)
    mode = msgs(f"mode.gem-rush.{view.get('mode', 'crisis')}")
    column = th.box(th.seg(mode, "bold " + th.TEXT), status, RIGHT_W, len(status) + 2)
    column += th.box(
        th.seg(msgs("gr.panel.players"), "bold " + th.TEXT), players, RIGHT_W,
        len(players) + 2 + max(spare, 0),
    )  # fmt: skip
    column += th.box(th.seg(msgs("gr.panel.cards"), "bold " + th.TEXT), cards, RIGHT_W,
                     len(cards) + 2)  # fmt: skip
    return column[:height]


def _log_lines(screen: Screen, width: int, height: int) -> list[Text]:
    """The latest log lines that fit, newest at the bottom; a long line wraps (indented)."""
    source = list(screen.steps) if screen.steps else list(screen.log)
    out: list[Text] = []
    for line in reversed(source):
        if len(out) >= height:
            break
        out[:0] = th.wrap_text(line, width, indent=2)
    return [th.fit(line, width) for line in out[-height:]] if height > 0 else []


def _bottom_height(screen: Screen, height: int) -> int:
    """The log and decision boxes' height: enough for the prompt, its context and every action
    on a line of its own (or the rotation previews), within ``BOTTOM_H`` and ``BOTTOM_MAX``;
    the mine takes whole rows of tiles above, and gives back what a row cannot use."""
    n = len(screen.actions)
    kind = (screen.view.get("decision") or {}).get("kind")
    wanted = 2 + 2 + (TILE_H + 1 if kind == "rotation" and n else n)
    bottom = min(max(BOTTOM_H, wanted), BOTTOM_MAX, max(height - 1 - MAIN_MIN, 6))
    main = height - 1 - bottom
    rows = max((main - 4) // TILE_H, 1)
    return max(height - 1 - (4 + rows * TILE_H), bottom)


def _mine_box(
    screen: Screen, width: int, height: int, msgs: Messages, acting: int | None
) -> list[Text]:
    """The mine in its frame, or the panel the player opened in its place."""
    view = screen.view
    if screen.panel:
        body = panel_lines(screen, screen.panel, width - 2, height - 2, msgs)
        title = panel_title(screen.panel, msgs)
        title.append("  " + msgs("gr.key.back"), style=th.DIM)
        return th.box(title, body, width, height, style=th.ACCENT)
    mine_body = render_mine(
        view, width - 2, height - 2, msgs, acting=acting, marked=marked_tiles(screen.action_texts)
    )
    count = len(view["mine"]["tiles"])
    mine_title = th.seg(msgs("gr.panel.mine"), "bold " + th.TEXT)
    key = "gr.mine.count.one" if count == 1 else "gr.mine.count"
    mine_title.append("  " + msgs(key, n=count), style=th.DIM)
    return th.box(mine_title, mine_body, width, height, footer=footer_key(msgs, width - 8))


def render_screen(screen: Screen, msgs: Messages) -> Group:
    view = screen.view
    width, height = screen.width, screen.height
    acting = screen.acting
    if acting is None and view.get("outcome") is None:
        acting = view.get("current_player")
    bottom_h = _bottom_height(screen, height)
    main_h = max(height - 1 - bottom_h, MAIN_MIN)
    mine_w = max(width - RIGHT_W, 30)
    lines = [title_line(view, width, msgs, acting=acting, heading=screen.heading)]
    right = _right_column(screen, main_h, msgs, acting)
    lines += th.beside(_mine_box(screen, mine_w, main_h, msgs, acting), right)
    decision_w = int(width * DECISION_SHARE)
    log_w = width - decision_w
    title, body = decision_lines(
        view, decision_w - 2, bottom_h - 2, msgs, prompt=screen.prompt,
        actions=choices(screen), acting=acting if view.get("outcome") is None else None,
        note=screen.note, more=ACTIONS,
    )  # fmt: skip
    log_title = th.seg(screen.steps_title or msgs("gr.panel.log"), "bold " + th.TEXT)
    log_box = th.box(log_title, _log_lines(screen, log_w - 2, bottom_h - 2), log_w, bottom_h)
    decision_style = th.ACCENT if screen.actions else th.FAINT
    decision_box = th.box(title, body, decision_w, bottom_h, style=decision_style)
    lines += th.beside(log_box, decision_box)
    lines = [th.fit(line, width) for line in lines[:height]]
    return Group(*lines)
