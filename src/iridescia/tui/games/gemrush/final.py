"""The opening lines before a game and the results after it, both with the provisional notice.

Crisis ends with one team result (Gem Rush R43): won or lost against the target (or the bare
score without one) and what each player contributed. Rush ends with its winners (Gem Rush R45;
players tied for the highest score share the win) and every score against the target. Both say
why the game ended and repeat that the components are provisional (spec §0.3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from iridescia.core.game import GameInfo, Outcome, View
from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import theme as th


def notice_text(msgs: Messages) -> Text:
    out = th.seg(f" ⚠ {msgs('gr.notice.label')} ", th.NOTICE_STYLE)
    out.append(" " + msgs("notice.gem-rush"), style="#ffcc80")
    return out


def opening(info: GameInfo, msgs: Messages) -> list[Text]:
    head = th.seg("◆ ", "bold #ff9800")
    head.append(msgs("gr.title"), style="bold " + th.ACCENT)
    head.append("  " + msgs("gr.opening.edition", version=info.rules_version), style=th.DIM)
    modes = th.seg(msgs("gr.opening.modes") + " ", th.DIM)
    for i, mode in enumerate(info.modes):
        if i:
            modes.append(" · ", style=th.FAINT)
        span = (
            str(mode.min_players)
            if mode.min_players == mode.max_players
            else f"{mode.min_players}–{mode.max_players}"
        )
        modes.append(msgs(f"mode.gem-rush.{mode.name}"), style="bold " + th.TEXT)
        modes.append(" " + msgs("gr.opening.players", span=span), style=th.DIM)
    data = th.seg(msgs("gr.opening.data_set", id=info.data_set), th.DIM)
    return [head, modes, notice_text(msgs), data]


def _bar(value: int, best: int, width: int = 24) -> Text:
    filled = 0 if best <= 0 else max(0, min(width, round(value * width / best)))
    out = th.seg("█" * filled, th.ACCENT)
    out.append("░" * (width - filled), style=th.FAINT)
    return out


def _seat_cell(seat: int, msgs: Messages) -> Text:
    out = th.dwarf_chip(seat)
    out.append(" ")
    out.append(th.seat_name(seat, msgs), style=th.seat_style(seat))
    return out


def headline(outcome: Mapping[str, Any], crisis: bool, msgs: Messages) -> tuple[Text, Text]:
    """The result in one sentence (team won or lost, or who won), and why the game ended.
    ``outcome`` is ``Outcome.to_json()``, as in a view's ``outcome``."""
    scores = [int(s) for s in outcome.get("scores", [])]
    winners = [int(s) for s in outcome.get("winners", [])]
    reason = str(outcome.get("reason", ""))
    key = f"gr.end.{th.key(reason)}"
    why = th.seg(msgs("gr.final.why", why=msgs(key) if msgs.has(key) else reason), th.DIM)
    target = outcome.get("target")
    if crisis:
        team = outcome.get("team_score")
        team = sum(scores) if team is None else int(team)
        if target:
            won = bool(winners)
            key = "gr.final.won" if won else "gr.final.lost"
            colour = th.GOOD if won else th.BAD
            return th.seg(msgs(key, score=team, target=target), "bold " + colour), why
        return th.seg(msgs("gr.final.team", score=team), "bold " + th.ACCENT), why
    names = ", ".join(th.seat_name(s, msgs) for s in winners)
    key = "gr.final.winner" if len(winners) == 1 else "gr.final.shared"
    return th.seg(msgs(key, who=names), "bold " + th.GOOD), why


def final(view: View, outcome: Outcome, msgs: Messages) -> RenderableType:
    scores: Sequence[int] = outcome.scores
    crisis = view.get("mode") == "crisis"
    result, sub = headline(outcome.to_json(), crisis, msgs)
    table = Table(box=None, padding=(0, 2), show_header=True, header_style="bold " + th.DIM)
    table.add_column(msgs("gr.final.seat"))
    table.add_column(msgs("gr.final.score"), justify="right")
    table.add_column(msgs("gr.final.share") if crisis else msgs("gr.final.vs_target"))
    best = max([*scores, outcome.target or 0, 1])
    total = max(sum(scores), 1)
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    for seat in order:
        if crisis:
            extra = _bar(scores[seat], total)
            extra.append(f" {round(100 * scores[seat] / total)}%", style=th.DIM)
        else:
            extra = _bar(scores[seat], best)
            if outcome.target:
                extra.append(f" {scores[seat]}/{outcome.target}", style=th.DIM)
            if seat in outcome.winners:
                extra.append(" ★", style="bold " + th.ACCENT)
        table.add_row(_seat_cell(seat, msgs), th.seg(str(scores[seat]), th.POINTS), extra)
    body = Group(result, sub, Text(), table, Text(), notice_text(msgs))
    title = Text(msgs("gr.final.title", mode=msgs(f"mode.gem-rush.{view.get('mode', 'crisis')}")))
    return Panel(body, title=title, border_style=th.ACCENT, expand=False, width=118)
