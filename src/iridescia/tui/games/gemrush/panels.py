"""The panels around the mine: title line, status, players and hands, cards on the table.

Each function returns plain lists of ``rich`` lines already cut to the panel's inner width, so
the screen module only stacks them. What a panel may show is exactly what the view holds: a
hand the viewer may not see is ``None`` in the view and is drawn as card backs with its size
and its known cards (Gem Rush R89); the deck is only a number.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from iridescia.core.game import View
from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import theme as th
from iridescia.tui.games.gemrush.effects import room_steps

BAR = 14  # cells of a score bar


def _mode_title(view: View, msgs: Messages) -> str:
    return msgs(f"mode.gem-rush.{view.get('mode', 'crisis')}")


def title_line(
    view: View, width: int, msgs: Messages, *, acting: int | None, heading: str | None
) -> Text:
    """Game, mode, round and turn, who acts; the permanent provisional label at the right."""
    left = th.seg(" ◆ ", "bold #ff9800")
    left.append(msgs("gr.title"), style="bold " + th.ACCENT)
    left.append("  ·  ", style=th.FAINT)
    left.append(_mode_title(view, msgs), style="bold " + th.TEXT)
    left.append("  ·  ", style=th.FAINT)
    if heading:
        left.append(heading, style=th.TEXT)
    else:
        left.append(
            msgs("gr.title.turn", round=view.get("round", 1), turn=view.get("turn", 1)),
            style=th.TEXT,
        )
        if acting is not None:
            left.append("  ·  ", style=th.FAINT)
            left.append("▶ ", style="bold " + th.ACCENT)
            left.append_text(th.dwarf_chip(acting))
            left.append(" ")
            left.append(th.seat_name(acting, msgs), style=th.seat_style(acting))
            decision = view.get("decision") or {}
            kind = str(decision.get("kind", ""))
            if kind:
                left.append(" — " + msgs.get(f"gr.kind.{th.key(kind)}", kind), style=th.DIM)
        elif view.get("outcome") is not None:
            left.append("  ·  ", style=th.FAINT)
            left.append(msgs("gr.title.over"), style="bold " + th.TEXT)
    label = th.seg(f" ⚠ {msgs('gr.notice.label')} ", th.NOTICE_STYLE)
    return th.spread(left, label, width)


def _bar(value: int, target: int, width: int = BAR) -> Text:
    filled = 0 if target <= 0 else min(width, value * width // target)
    out = th.seg("█" * filled, th.GOOD if value >= target > 0 else th.ACCENT)
    out.append("░" * (width - filled), style=th.FAINT)
    return out


def burn_clock(view: View) -> tuple[int, int]:
    """(turns left, this one included; cards not yet burnt) in Crisis (Gem Rush R41, R42)."""
    total = len(th.CARD_GEMS)
    unburnt = max(total - int(view.get("burnt", 0)), 0)
    per_turn = max(int(view.get("params", {}).get("burn_per_turn", 3)), 1)
    if view.get("outcome") is not None:
        return 0, unburnt
    due_now = int(view.get("burns_left", 0)) if view.get("phase") == "burn" else per_turn
    after = max(unburnt - due_now, 0)
    return (1 + -(-after // per_turn)) if unburnt else 0, unburnt


def burns(view: View) -> bool:
    return view.get("mode") == "crisis" or bool(view.get("options", {}).get("rush_burns"))


def status_lines(view: View, width: int, msgs: Messages, acting: int | None) -> list[Text]:
    """Score against the target, the burn clock, steps and the room the acting dwarf is in."""
    lines: list[Text] = []
    target = view.get("target")
    if view.get("mode") == "crisis":
        team = int(view.get("team_score") or 0)
        line = th.seg(msgs("gr.status.team") + " ", th.DIM)
        line.append(str(team), style=th.POINTS)
        if target:
            line.append(f" / {target} ", style=th.TEXT)
            line.append_text(_bar(team, int(target)))
        else:
            line.append("  " + msgs("gr.status.no_target"), style=th.DIM)
        lines.append(line)
    else:
        line = th.seg(msgs("gr.status.target") + " ", th.DIM)
        line.append(str(target or "—"), style=th.POINTS)
        first = next((p["seat"] for p in view["players"] if p.get("first_player")), None)
        if first is not None:
            line.append("   ★ ", style="bold " + th.ACCENT)
            line.append(msgs("gr.status.first") + " ", style=th.DIM)
            line.append_text(th.seat_short(int(first), msgs))
        lines.append(line)
    if burns(view):
        turns, cards = burn_clock(view)
        line = th.seg("◷ " + msgs("gr.status.clock") + " ", th.DIM)
        line.append(msgs("gr.status.turns_left", n=turns), style="bold " + th.TEXT)
        remaining = th.seg(msgs("gr.status.cards_left", n=cards), th.TEXT)
        lines.extend(th.wrap_items([line, remaining], width, " · "))
    steps = int(view.get("steps", 0))
    per_turn = int(view.get("params", {}).get("steps_per_turn", 3))
    parts = []
    part = th.seg(msgs("gr.status.steps") + " ", th.DIM)
    part.append("●" * steps, style="bold " + th.ACCENT)
    part.append("○" * max(per_turn - steps, 0), style=th.FAINT)
    part.append(f" {steps}", style=th.TEXT)
    parts.append(part)
    used = bool(view.get("time_vein_used"))
    tv = "gr.status.time_vein_used" if used else "gr.status.time_vein_free"
    parts.append(th.seg(msgs(tv), th.TEXT if used else th.DIM))
    limit = int(view.get("free_effect_limit", 0))
    if limit:
        left = max(limit - int(view.get("free_effects_used", 0)), 0)
        parts.append(th.seg(msgs("gr.status.free_uses", n=left, limit=limit), th.DIM))
    patience = [int(p["seat"]) for p in view["players"] if p.get("patience")]
    if patience:
        part = th.seg("∥ " + msgs("gr.status.patience") + " ", "#80cbc4")
        part.append_text(th.join([th.seat_short(s, msgs) for s in patience], ", "))
        parts.append(part)
    lines.extend(th.wrap_items(parts, width, "  ·  "))
    if acting is not None:
        room = int(view["players"][acting]["room"])
        name = th.room_name(room)
        line = th.seg(msgs("gr.status.here") + " ", th.DIM)
        line.append_text(th.type_icon(th.room_type(name)))
        line.append(" " + name + msgs("gr.colon"), style="bold " + th.TEXT)
        effect = view.get("effect")
        current = int(effect["step"]) if effect and effect.get("room") == name else None
        line.append_text(room_steps(name, msgs, current))
        lines.extend(th.wrap_text(line, width))
        if effect and effect.get("room") != name:
            line = th.seg(msgs("gr.status.copying") + " ", th.DIM)
            line.append(str(effect["room"]) + msgs("gr.colon"), style="bold " + th.TEXT)
            line.append_text(room_steps(str(effect["room"]), msgs, int(effect["step"])))
            lines.append(line)
    return [th.fit(x, width) for x in lines]


def _hand_items(p: dict[str, Any], msgs: Messages) -> list[Text]:
    hand = p.get("hand")
    if hand is not None:
        return [th.card_text(c) for c in hand]
    known = [int(c) for c in p.get("known", [])]
    backs = int(p.get("hand_size", 0)) - len(known)
    items: list[Text] = [th.card_text(c) for c in known]
    if backs > 0:
        back = th.seg("▮" * min(backs, 8), th.CARD_BACK)
        back.append(f"×{backs}", style=th.DIM)
        items.append(back)
    return items


def pile_counts(view: View, msgs: Messages) -> list[Text]:
    """The deck, the stack and the burnt pile's sizes, each as ``label N``."""
    counts = []
    for key, value in (
        ("gr.cards.deck", view.get("deck_size", 0)),
        ("gr.cards.stack", view.get("stack_size", 0)),
        ("gr.cards.burnt", view.get("burnt", 0)),
    ):
        part = th.seg(msgs(key) + " ", th.DIM)
        part.append(str(value), style="bold " + th.TEXT)
        counts.append(part)
    return counts


def score_marks(p: dict[str, Any], msgs: Messages, rush: bool, target: object) -> Text:
    """A seat's score (against the Rush target), then its marks: ★ first player, ∥ patience."""
    text = th.seg(str(p["score"]), th.POINTS)
    if rush and target:
        text.append(f"/{target}", style=th.DIM)
    text.append(" " + msgs("gr.players.pts"), style=th.DIM)
    if p.get("first_player"):
        text.append(" ★", style="bold " + th.ACCENT)
    if p.get("patience"):
        text.append(" ∥", style="bold #80cbc4")
    return text


def player_lines(
    view: View, width: int, budget: int, msgs: Messages, acting: int | None
) -> list[Text]:
    """Each seat: marker, dwarf, name, score (against the Rush target), hand. Hands wrap onto
    extra lines while the budget lasts, the viewer's own first."""
    players = view["players"]
    viewer = view.get("viewer")
    target = view.get("target")
    rush = view.get("mode") == "rush"
    heads: list[Text] = []
    hands: list[list[Text]] = []
    for p in players:
        seat = int(p["seat"])
        head = th.seg("▶" if seat == acting else " ", "bold " + th.ACCENT)
        head.append_text(th.dwarf_chip(seat, acting=seat == acting))
        head.append(" ")
        head.append(msgs("gr.seat.short", n=seat + 1), style=th.seat_style(seat))
        if seat == viewer:
            head.append(" " + msgs("gr.players.you"), style=th.DIM)
        head.append(" ")
        head.append_text(score_marks(p, msgs, rush, target))
        heads.append(head)
        hands.append(_hand_items(p, msgs))
    # Lay each hand after its header when it fits, else on lines of its own.
    blocks: list[list[Text]] = []
    for head, items in zip(heads, hands, strict=True):
        one = head.copy()
        one.append(" ")
        one.append_text(th.join(items, " "))
        if one.cell_len <= width or not items:
            blocks.append([one])
        else:
            blocks.append([head, *th.wrap_items(items, width - 3)])
    spare = budget - len(blocks)
    out: list[Text] = []
    order = sorted(range(len(blocks)), key=lambda i: (i != viewer, i))
    allowed = {i: 1 for i in range(len(blocks))}
    for i in order:
        extra = len(blocks[i]) - 1
        take = min(extra, max(spare, 0))
        allowed[i] += take
        spare -= take
    for i, block in enumerate(blocks):
        shown = block[: allowed[i]]
        if len(block) > 1 and allowed[i] == 1:
            # No room for a hand line: fold what fits into the header.
            one = block[0].copy()
            one.append(" ")
            one.append_text(th.join(hands[i], " "))
            shown = [one]
        for j, line in enumerate(shown):
            if j:
                line = Text("   ").append_text(line)
            out.append(th.fit(line, width))
    return out[: max(budget, 0)]


def card_lines(view: View, width: int, msgs: Messages) -> list[Text]:
    """The revealed row, the discard pile, the deck and stack sizes, burnt cards."""
    lines: list[Text] = []
    revealed = [int(c) for c in view.get("revealed", [])]
    if revealed:
        effect = view.get("effect") or {}
        dug = {int(c) for c in effect.get("dug", [])}
        items = []
        for c in revealed:
            t = th.card_text(c)
            if c in dug:
                t.stylize("underline")
            items.append(t)
        head = th.seg(msgs("gr.cards.revealed") + " ", th.DIM)
        lines.extend(th.wrap_items([head, *items], width))
    discard = [int(c) for c in view.get("discard", [])]
    line = th.seg(msgs("gr.cards.discard", n=len(discard)) + " ", th.DIM)
    if discard:
        line.append_text(th.cards_text(list(reversed(discard[-4:]))))
    else:
        line.append("—", style=th.FAINT)
    lines.append(line)
    parts = pile_counts(view, msgs)
    if view.get("burnt"):
        parts[-1].append(
            " " + msgs("gr.cards.burnt_split", deck=view.get("burnt_from_deck", 0),
                       hands=len(view.get("burnt_from_hands", []))),
            style=th.FAINT,
        )  # fmt: skip
    lines.extend(th.wrap_items(parts, width, "  ·  "))
    top = [int(t) for t in view.get("stack_top", [])]
    bottom = [int(t) for t in view.get("stack_bottom", [])]
    if top or bottom:
        line = Text()
        if top:
            line.append(msgs("gr.cards.stack_top") + " ", style=th.DIM)
            line.append(" ".join(th.tile_label(t) for t in top), style=th.TEXT)
        if bottom:
            line.append("  " if top else "")
            line.append(msgs("gr.cards.stack_bottom") + " ", style=th.DIM)
            line.append(" ".join(th.tile_label(t) for t in bottom), style=th.TEXT)
        lines.append(line)
    return [th.fit(x, width) for x in lines]
