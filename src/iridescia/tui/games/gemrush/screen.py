"""The whole Gem Rush table for one viewer, laid out for 120 x 39 cells (a 120 x 40 terminal
less the prompt line; more when given):

    title: game, mode, round and turn, who acts, what is decided      ⚠ provisional components
    ╭ mine (viewport on the acting dwarf) ──────────╮╭ status: score vs target, clock, steps ╮
    │                                                ││ players: scores, hands                 │
    │                                                ││ cards: revealed row, discard, deck...  │
    ╰ legend ────────────────────────────────────────╯╰────────────────────────────────────────╯
    ╭ log ───────────────────────────╮╭ decision: prompt, context, numbered actions ─────────╮
    ╰────────────────────────────────╯╰──────────────────────────────────────────────────────╯

Every line is built to an exact cell width, so the screen is exactly ``screen.width`` cells
wide and ``screen.height`` lines tall, whatever the language. A larger screen gives the extra
room to the mine.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import theme as th
from iridescia.tui.games.gemrush.decision import decision_lines
from iridescia.tui.games.gemrush.mine import legend, render_mine
from iridescia.tui.games.gemrush.panels import (
    card_lines,
    player_lines,
    status_lines,
    title_line,
)
from iridescia.tui.plugin import Screen

RIGHT_W = 46  # the right column: status, players, cards
BOTTOM_H = 11  # the log and the decision
DECISION_SHARE = 0.54


def _marked_tiles(actions: tuple[str, ...] | list[str]) -> set[int]:
    """Tiles named by the offered actions (``to T12``, ``copy T12``...), marked on the map."""
    out = set()
    for label in actions:
        words = label.split()
        if len(words) >= 2 and words[0] in ("to", "copy", "remove", "door", "build", "order"):
            word = words[1]
            if word[:1] in "Tt" and word[1:].isdigit():
                out.add(int(word[1:]))
    return out


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


def render_screen(screen: Screen, msgs: Messages) -> Group:
    view = screen.view
    width, height = screen.width, screen.height
    acting = screen.acting
    if acting is None and view.get("outcome") is None:
        acting = view.get("current_player")
    bottom_h = min(BOTTOM_H, max(height - 29, 6))
    main_h = max(height - 1 - bottom_h, 8)
    mine_w = max(width - RIGHT_W, 30)
    lines = [title_line(view, width, msgs, acting=acting, heading=screen.heading)]
    mine_body = render_mine(
        view, mine_w - 2, main_h - 2, msgs, acting=acting,
        marked=_marked_tiles(list(screen.actions)),
    )  # fmt: skip
    count = len(view["mine"]["tiles"])
    mine_title = th.seg(msgs("gr.panel.mine"), "bold " + th.TEXT)
    key = "gr.mine.count.one" if count == 1 else "gr.mine.count"
    mine_title.append("  " + msgs(key, n=count), style=th.DIM)
    mine_box = th.box(mine_title, mine_body, mine_w, main_h, footer=legend(msgs, mine_w - 8))
    right = _right_column(screen, main_h, msgs, acting)
    lines += th.beside(mine_box, right)
    decision_w = int(width * DECISION_SHARE)
    log_w = width - decision_w
    title, body = decision_lines(
        view, decision_w - 2, bottom_h - 2, msgs, prompt=screen.prompt,
        actions=list(screen.actions), acting=acting if view.get("outcome") is None else None,
        note=screen.note,
    )  # fmt: skip
    log_title = th.seg(screen.steps_title or msgs("gr.panel.log"), "bold " + th.TEXT)
    log_box = th.box(log_title, _log_lines(screen, log_w - 2, bottom_h - 2), log_w, bottom_h)
    decision_style = th.ACCENT if screen.actions else th.FAINT
    decision_box = th.box(title, body, decision_w, bottom_h, style=decision_style)
    lines += th.beside(log_box, decision_box)
    lines = [th.fit(line, width) for line in lines[:height]]
    return Group(*lines)
