"""The decision: the prompt, what the decision is about, and the numbered actions.

The generic loop hands over, in order, each legal action's sentence (``labels.action_label``)
and its canonical text (``Screen.action_texts``); ``choices`` pairs them, ``action_lines``
numbers them from 1, colours their gem codes and card ids, and lays them out to the room it is
given: one a line with the text to type at the right, else in columns (of sentences, else of
typeable texts), else as many as fit and a last line that counts the rest and names the key of
the panel that lists them all.
When a tile is being turned (Gem Rush R23), each offered rotation can also be drawn as a small
tile, numbered like its action (``previews``). Both layouts use these; ``decision_lines`` is
the full layout's decision box.
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
from iridescia.tui.plugin import Screen

_TOKEN = re.compile(r"\b(" + "|".join(GEM_CODES) + r"|G\d\d|T\d\d)\b")
MIN_COLUMN = 14  # the narrowest column of actions
GAP = 2  # cells between two columns of actions
CUT_SHARE = 4  # columns of sentences may cut one sentence in this many (else texts instead)
MIN_SENTENCE = 16  # a sentence narrower than this loses its typeable text at the right
MIN_GLOSS = 10  # the least of a sentence worth showing after a typeable text


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


def styled_sentence(sentence: str) -> Text:
    """A sentence with gem codes as chips and card and tile ids marked."""
    return _tokens(sentence, th.TEXT, "bold " + th.CARD_ID)


def _number(i: int, num_w: int) -> Text:
    return th.seg(f"{i + 1:>{num_w}} ", "bold " + th.ACCENT)


Choice = tuple[str, str]  # an action on offer: its sentence, and the text one may type


def choices(screen: Screen) -> list[Choice]:
    """The actions on offer: ``screen.actions`` (sentences) with ``screen.action_texts`` (a
    sentence stands for its own text when a caller gave no texts)."""
    texts = list(screen.action_texts)
    if len(texts) != len(screen.actions):
        texts = list(screen.actions)
    return list(zip(screen.actions, texts, strict=True))


def _full_row(i: int, choice: Choice, width: int, num_w: int) -> Text:
    """One action on a line of its own: number, sentence, and its text at the right."""
    sentence, canonical = choice
    line = _number(i, num_w)
    tail = th.seg(canonical, th.DIM) if canonical != sentence else Text()
    room = width - line.cell_len - (tail.cell_len + 2 if tail.cell_len else 0)
    if room < MIN_SENTENCE:
        tail, room = Text(), width - line.cell_len  # too narrow for both: the sentence
    line.append_text(th.fit(styled_sentence(sentence), room, pad=bool(tail.cell_len)))
    if tail.cell_len:
        line.append("  ")
        line.append_text(tail)
    return th.fit(line, width)


def _short_cell(i: int, choice: Choice, width: int, num_w: int) -> Text:
    """One action in a column: number, its text bright, then as much of the sentence as fits."""
    sentence, canonical = choice
    cell = _number(i, num_w)
    cell.append_text(_tokens(canonical, "bold " + th.TEXT, "bold " + th.CARD_ID))
    if sentence != canonical and width - cell.cell_len >= MIN_GLOSS:
        cell.append(" · ", style=th.FAINT)
        cell.append(sentence, style=th.DIM)
    return th.fit(cell, width)


def _sentence_cell(i: int, choice: Choice, width: int, num_w: int) -> Text:
    cell = _number(i, num_w)
    cell.append_text(styled_sentence(choice[0]))
    return th.fit(cell, width)


def _column_width(width: int, cols: int) -> int:
    return (width - GAP * (cols - 1)) // cols


def _columns(cells: Sequence[Text], cols: int, rows: int, width: int) -> list[Text]:
    col_w = _column_width(width, cols)
    lines = []
    for r in range(rows):
        line = Text()
        for c in range(cols):
            i = c * rows + r
            if i < len(cells):
                line.append(" " * GAP if c else "")
                line.append_text(th.fit(cells[i], col_w))
        lines.append(th.fit(line, width))
    return lines


def marked_tiles(texts: Sequence[str]) -> set[int]:
    """Tiles named by the offered actions (``to T12``, ``copy T12``...), marked on the map."""
    out = set()
    for text in texts:
        words = text.split()
        if len(words) >= 2 and words[0] in ("to", "copy", "remove", "door", "build", "order"):
            word = words[1]
            if word[:1] in "Tt" and word[1:].isdigit():
                out.add(int(word[1:]))
    return out


def action_layout(
    actions: Sequence[Choice], width: int, rows: int, msgs: Messages, more: str | None = None
) -> tuple[list[Text], bool]:
    """The numbered actions in at most ``rows`` lines of ``width`` cells, read as sentences,
    and whether they are all there: one a line with its typeable text at the right when they
    all fit so; else in columns of sentences (a few long ones cut); else in columns of
    typeable texts (each with as much of its sentence as fits); else as many as fit, and a last
    line that counts the rest (``more``: the key of the panel that lists them all)."""
    n = len(actions)
    if n == 0 or rows <= 0 or width <= 0:
        return [], n == 0
    num_w = len(str(n))
    if n <= rows:
        return [_full_row(i, choice, width, num_w) for i, choice in enumerate(actions)], True
    sentences = [num_w + 1 + th.fit(a[0], 400, pad=False).cell_len for a in actions]
    texts = [num_w + 1 + len(a[1]) for a in actions]
    cols = -(-n // rows)
    col_w = _column_width(width, cols)
    per_col = -(-n // cols)
    if col_w >= MIN_COLUMN and sum(w > col_w for w in sentences) <= n // CUT_SHARE:
        cells = [_sentence_cell(i, a, col_w, num_w) for i, a in enumerate(actions)]
        return _columns(cells, cols, per_col, width), True
    if max(texts) <= col_w:
        cells = [_short_cell(i, a, col_w, num_w) for i, a in enumerate(actions)]
        return _columns(cells, cols, per_col, width), True
    if rows < 2:
        return [th.fit(_more(n, msgs, more), width)], False
    cols = max(1, min(cols, (width + GAP) // (max(max(texts), MIN_COLUMN) + GAP)))
    col_w = _column_width(width, cols)
    shown = (rows - 1) * cols  # the last line says how many more there are
    cells = [_short_cell(i, a, col_w, num_w) for i, a in enumerate(actions[:shown])]
    lines = _columns(cells, cols, rows - 1, width)
    return [*lines, th.fit(_more(n - shown, msgs, more), width)], False


def _more(n: int, msgs: Messages, key: str | None) -> Text:
    text = msgs("gr.decision.more_at", n=n, key=key) if key else msgs("gr.decision.more", n=n)
    return th.seg(text, "italic " + th.ACCENT)


def action_lines(
    actions: Sequence[Choice], width: int, rows: int, msgs: Messages, more: str | None = None
) -> list[Text]:
    """``action_layout``'s lines."""
    return action_layout(actions, width, rows, msgs, more)[0]


def context_line(view: View, msgs: Messages) -> Text:
    """What the decision is about: the door being paid for, the hand limit, the cards chosen
    so far... (empty when there is nothing to add to the prompt)."""
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
                       dir=msgs.get(f"gr.dir.{details.get('dir')}", "")),
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


def previews(view: View, texts: Sequence[str], width: int, msgs: Messages) -> list[Text]:
    """Each offered rotation drawn as the tile would stand, numbered like its action (nothing
    when they do not fit ``width`` or the actions are not rotations)."""
    turning = th.turning(view)
    if turning is None:
        return []
    tile = turning[0]
    blocks: list[list[Text]] = []
    for i, text in enumerate(texts):
        words = text.split()
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


def decision_lines(
    view: View,
    width: int,
    height: int,
    msgs: Messages,
    *,
    prompt: str | None,
    actions: Sequence[Choice],
    acting: int | None,
    note: str | None,
    more: str | None = None,
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
        context = context_line(view, msgs)
        return title, [th.fit(x, width) for x in (line, context) if x.cell_len]
    who = msgs("gr.decision.you") if acting == viewer else th.seat_name(acting, msgs)
    title = th.seg(who, th.seat_style(acting))
    head = th.seg(msgs.get(f"gr.prompt.{th.key(kind)}", prompt or kind), "bold " + th.TEXT)
    lines = [th.fit(head, width)]
    context = context_line(view, msgs)
    if context.cell_len:
        lines.append(th.fit(context, width))
    if kind == "rotation" and height - len(lines) >= TILE_H + 1:
        shown = previews(view, [text for _, text in actions], width, msgs)
        if shown:
            return title, [th.fit(x, width) for x in (lines + shown)[:height]]
    lines += action_lines(actions, width, height - len(lines), msgs, more)
    return title, lines[:height]
