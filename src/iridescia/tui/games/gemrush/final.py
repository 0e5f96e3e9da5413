"""The opening lines before a game and the results after it, both with the provisional notice.

Crisis ends with one team result (Gem Rush R43): won or lost against the target (or the bare
score without one) and what each player contributed. Rush ends with its winners (Gem Rush R45;
players tied for the highest score share the win) and every score against the target. Both say
why the game ended and repeat that the components are provisional (spec §0.3).

``final`` is the results as one ``rich`` panel (printed again once the session's window is
closed); ``final_screen`` is the session's last screen: the same results built line by line to
the window's width and height, with as much of the mine as fits under them.
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
from iridescia.tui.games.gemrush.mine import render_mine
from iridescia.tui.games.gemrush.tiles import TILE_H
from iridescia.tui.plugin import Screen


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


def _share(seat: int, scores: Sequence[int], outcome: Outcome, crisis: bool, width: int) -> Text:
    """A seat's bar: its share of the team's points (Crisis), or its score against the target
    and the best score, with a star for a winner (Rush)."""
    if crisis:
        out = _bar(scores[seat], max(sum(scores), 1), width)
        out.append(f" {round(100 * scores[seat] / max(sum(scores), 1))}%", style=th.DIM)
        return out
    out = _bar(scores[seat], max([*scores, outcome.target or 0, 1]), width)
    if outcome.target:
        out.append(f" {scores[seat]}/{outcome.target}", style=th.DIM)
    if seat in outcome.winners:
        out.append(" ★", style="bold " + th.ACCENT)
    return out


def result_lines(view: View, outcome: Outcome, width: int, msgs: Messages) -> list[Text]:
    """The results as lines of ``width`` cells: the result, why the game ended, a line per
    seat (best first), the provisional notice."""
    crisis = view.get("mode") == "crisis"
    scores: Sequence[int] = outcome.scores
    result, why = headline(outcome.to_json(), crisis, msgs)
    lines = [*th.wrap_text(result, width), *th.wrap_text(why, width), Text()]
    names = [_seat_cell(s, msgs) for s in range(len(scores))]
    name_w = min(max(n.cell_len for n in names) + 2, max(width // 3, 8))
    bar_w = max(min(24, width - name_w - 16), 4)
    for seat in sorted(range(len(scores)), key=lambda s: (-scores[s], s)):
        line = th.fit(names[seat], name_w)
        line.append_text(th.right(th.seg(str(scores[seat]), th.POINTS), 4))
        line.append("  ")
        line.append_text(_share(seat, scores, outcome, crisis, bar_w))
        lines.append(line)
    lines.append(Text())
    lines.extend(th.wrap_text(notice_text(msgs), width, indent=1))
    return [th.fit(x, width) for x in lines]


def final_screen(screen: Screen, outcome: Outcome, msgs: Messages) -> Group:
    """The last screen: a title, the results in a frame, and the mine under them when a row of
    tiles fits (else the log's last lines), in exactly ``screen.width`` x ``screen.height``
    cells."""
    view = screen.view
    width, height = max(screen.width, 20), max(screen.height, 1)
    mode = msgs(f"mode.gem-rush.{view.get('mode', 'crisis')}")
    title = th.seg(" ◆ ", "bold #ff9800")
    title.append(msgs("gr.final.title", mode=mode), style="bold " + th.ACCENT)
    lines = [th.spread(title, th.seg(f" ⚠ {msgs('gr.notice.short')} ", th.NOTICE_STYLE), width)]
    body = result_lines(view, outcome, width - 4, msgs)
    body = [Text(" ").append_text(x) for x in body]
    box_h = min(len(body) + 2, height - 1)
    lines += th.box(th.seg(msgs("gr.title.over"), "bold " + th.TEXT), body, width, box_h,
                    style=th.ACCENT)  # fmt: skip
    room = height - len(lines)
    if room >= TILE_H + 2:
        lines += render_mine(view, width, room, msgs, acting=None)
    elif room > 0:  # no room for a row of tiles: how the game ended, in the log's words
        lines += [th.fit(Text(" ").append_text(x), width) for x in list(screen.log)[-room:]]
    lines = lines[:height] + [Text(" " * width)] * (height - len(lines))
    return Group(*[th.fit(x, width) for x in lines])


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
