"""The decision panel: the prompt, what the decision is about, and the numbered actions.

The generic loop hands over the labels (``action_label`` of each legal action, in order); this
panel numbers them from 1, colours their gem codes and card ids, and lays them out in as many
columns as the longest label allows. When a tile is being turned (Gem Rush R23), each offered
rotation is also drawn as a small tile, numbered like its action. Whatever does not fit is
counted (``+12 more``), since every canonical text stays typeable.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.text import Text

from iridescia.core.game import View
from iridescia.games.gemrush import GEM_CODES
from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import theme as th
from iridescia.tui.games.gemrush.final import headline
from iridescia.tui.games.gemrush.tiles import TILE_H, TILE_W, Cell, draw_tile, turned_tile

_TOKEN = re.compile(r"\b(" + "|".join(GEM_CODES) + r"|G\d\d|T\d\d)\b")
MIN_COLUMN = 14  # the narrowest column of actions


def _tokens(part: str, base: str, ids: str) -> Text:
    out = Text()
    pos = 0
    for m in _TOKEN.finditer(part):
        out.append(part[pos : m.start()], style=base)
        token = m.group(0)
        out.append_text(th.gem_chip(token) if token in GEM_CODES else th.seg(token, ids))
        pos = m.end()
    out.append(part[pos:], style=base)
    return out


def _canonical(label: str) -> str:
    """The canonical text at the start of a label (before `` → `` or `` (``)."""
    cut = len(label)
    for sep in (" → ", " ("):
        at = label.find(sep)
        if 0 <= at < cut:
            cut = at
    return label[:cut]


def styled_label(label: str) -> Text:
    """A label with its canonical part bright, gem codes as chips, card and tile ids marked."""
    cut = len(_canonical(label))
    out = _tokens(label[:cut], "bold " + th.TEXT, "bold " + th.CARD_ID)
    out.append_text(_tokens(label[cut:], th.DIM, th.CARD_ID))
    return out


def _context(view: View, msgs: Messages) -> Text:
    decision = view.get("decision") or {}
    kind = decision.get("kind")
    details = decision.get("details") or {}
    chosen = decision.get("chosen")
    turning = th.turning(view)
    out = Text()
    if kind == "payment":
        out.append(msgs("gr.ctx.pay") + " ", style=th.DIM)
        out.append_text(th.door_text(details.get("cost", []), int(details.get("points", 0)), msgs))
        out.append(
            " " + msgs("gr.ctx.door", tile=th.tile_label(int(details.get("tile", 0))),
                       dir=details.get("dir", "")),
            style=th.DIM,
        )  # fmt: skip
        if details.get("warped"):
            out.append(" " + msgs("gr.ctx.warped"), style=th.WARP)
    elif kind == "hand limit":
        out.append(msgs("gr.ctx.limit", n=details.get("limit", 4)), style=th.DIM)
    elif kind == "burn":
        out.append(msgs("gr.ctx.burns_left", n=details.get("burns_left", 0)), style=th.DIM)
    elif kind == "keep":
        out.append(msgs("gr.ctx.keep", n=details.get("keep", 1)), style=th.DIM)
    elif kind == "destination":
        how = str(details.get("how", "")).replace(" ", "_")
        out.append(msgs.get(f"gr.ctx.dest.{how}", how), style=th.DIM)
    elif kind == "rotation" and turning is not None:
        out.append_text(th.tile_ref(turning[0]))
        towards = details.get("towards")
        if towards:
            out.append(" " + msgs("gr.ctx.back", dir=msgs(f"gr.dir.{towards}")), style=th.DIM)
    elif kind == "order" and details.get("tiles"):
        out.append(msgs("gr.ctx.order") + " ", style=th.DIM)
        out.append(" ".join(th.tile_label(int(t)) for t in details["tiles"]), style=th.TEXT)
    if chosen:
        out.append("  " + msgs("gr.ctx.chosen") + " ", style=th.DIM)
        if kind == "order":
            out.append(" ".join(th.tile_label(int(c)) for c in chosen), style=th.TEXT)
        else:
            out.append_text(th.cards_text([int(c) for c in chosen]))
    return out


def _previews(view: View, labels: Sequence[str], width: int, msgs: Messages) -> list[Text]:
    turning = th.turning(view)
    if turning is None:
        return []
    tile = turning[0]
    blocks: list[list[Text]] = []
    for i, label in enumerate(labels):
        words = label.split()
        if len(words) < 2 or words[0] != "rotate" or not words[1].isdigit():
            return []
        cell = Cell(turned_tile(tile, int(words[1])), {})
        head = th.seg(f"{i + 1:>2} ", "bold " + th.ACCENT)
        head.append(f"rotate {words[1]}", style="bold " + th.TEXT)
        blocks.append([th.fit(head, TILE_W + 1)] + [
            line.copy().append(" ") for line in draw_tile(cell, msgs)
        ])  # fmt: skip
    if not blocks or len(blocks) * (TILE_W + 1) > width:
        return []
    return th.beside(*blocks)


def _grid(labels: Sequence[str], width: int, rows: int, msgs: Messages) -> list[Text]:
    n = len(labels)
    if n == 0 or rows <= 0:
        return []
    num_w = len(str(n))
    longest = max(num_w + 1 + th.fit(lbl, 200, pad=False).cell_len for lbl in labels)
    canonical = max(num_w + 1 + len(_canonical(lbl)) for lbl in labels)
    natural = max(1, width // max(min(longest + 2, width), 1))  # columns without cutting labels
    needed = -(-n // rows)  # columns needed to show every label
    narrowest = max(canonical + 2, MIN_COLUMN)  # a column never cuts a canonical text
    cols = max(1, min(needed, max(natural, width // narrowest)))
    per_col = -(-n // cols)
    shown = n
    if per_col > rows:
        per_col = rows
        shown = rows * cols - 1  # the last cell says how many more there are
    col_w = width // cols
    lines = []
    for r in range(per_col):
        line = Text()
        for c in range(cols):
            i = c * per_col + r
            if i >= shown:
                if i == shown and shown < n:
                    more = th.seg(msgs("gr.decision.more", n=n - shown), "italic " + th.DIM)
                    line.append_text(th.fit(more, col_w))
                continue
            cell = th.seg(f"{i + 1:>{num_w}} ", "bold " + th.ACCENT)
            label = labels[i]
            if (
                num_w + 1 + len(label) > col_w - 1
                and col_w - 2 - num_w - len(_canonical(label)) < 8
            ):
                label = _canonical(label)  # no room for a useful hint: no dangling "…"
            cell.append_text(styled_label(label))
            line.append_text(th.fit(cell, col_w - 1))
            line.append(" ")
        lines.append(th.fit(line, width))
    return lines


def decision_lines(
    view: View,
    width: int,
    height: int,
    msgs: Messages,
    *,
    prompt: str | None,
    actions: Sequence[str],
    acting: int | None,
    note: str | None,
) -> tuple[Text, list[Text]]:
    """The panel's title and its body lines (at most ``height``)."""
    decision = view.get("decision") or {}
    kind = str(decision.get("kind", ""))
    viewer = view.get("viewer")
    if note is not None:
        return Text(msgs("gr.decision.next")), [th.fit(th.seg(note, th.TEXT), width)]
    if acting is None:
        lines: list[Text] = []
        outcome = view.get("outcome")
        if outcome:
            result, why = headline(outcome, view.get("mode") == "crisis", msgs)
            lines = [result, why]
            scores = th.join(
                [th.seat_short(s, msgs).append(f" {v}", style=th.POINTS)
                 for s, v in enumerate(outcome.get("scores", []))],
                "  ",
            )  # fmt: skip
            lines.append(scores)
        return Text(msgs("gr.decision.over")), [th.fit(x, width) for x in lines][:height]
    if not actions:
        title = Text(msgs("gr.decision.waiting", who=th.seat_name(acting, msgs)))
        line = th.seg(msgs.get(f"gr.prompt.{th.key(kind)}", prompt or kind), th.DIM)
        context = _context(view, msgs)
        return title, [th.fit(x, width) for x in (line, context) if x.cell_len]
    who = msgs("gr.decision.you") if acting == viewer else th.seat_name(acting, msgs)
    title = th.seg(who, th.seat_style(acting))
    head = th.seg(msgs.get(f"gr.prompt.{th.key(kind)}", prompt or kind), "bold " + th.TEXT)
    lines = [th.fit(head, width)]
    context = _context(view, msgs)
    if context.cell_len:
        lines.append(th.fit(context, width))
    if kind == "rotation" and height - len(lines) >= TILE_H + 1:
        previews = _previews(view, actions, width, msgs)
        if previews:
            return title, [th.fit(x, width) for x in (lines + previews)[:height]]
    lines += _grid(actions, width, height - len(lines), msgs)
    return title, lines[:height]
