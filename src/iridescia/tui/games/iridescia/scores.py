"""The end of a game of Gems of Iridescia: the score breakdown by source, and who won.

``scores_table`` takes the engine's ``ScoreBreakdown`` per seat (one column per seat, one row
per source, the objective card, the total and the place); ``result_line`` says who won (in solo
"You win", "The Rhom wins" or "Draw"). ``totals_table`` and ``outcome_text`` are the short
form, from an ``Outcome`` alone (totals and winners), for a caller that has no breakdown.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from iridescia.core.game import Outcome
from iridescia.games.iridescia import ScoreBreakdown
from iridescia.tui.games.iridescia import theme
from iridescia.tui.games.iridescia.words import Words

SCORE_ROWS: tuple[tuple[str, str], ...] = (  # (label key, ScoreBreakdown.as_dict() key)
    ("score.relics", "relic_points"),
    ("score.tile_bonus", "tile_bonus_points"),
    ("score.iridia_stone", "iridia_stone"),
    ("score.token", "token"),
    ("score.gems", "gems"),
    ("score.relic_sets", "relic_sets"),
    ("score.tile_sets", "tile_sets"),
    ("score.objective", "objective"),
    ("score.merchant", "merchant"),
    ("score.overflow", "overflow"),
)


def _seat_columns(table: Table, seats: int, msgs: Words, who: Sequence[str]) -> None:
    """A column per seat, headed by its name and who plays it (the Rhom's only by name)."""
    table.add_column("")
    for seat in range(seats):
        kind = who[seat] if seat < len(who) and seat != msgs.rhom else ""
        label = msgs.seat(seat) + (f" ({kind})" if kind else "")
        table.add_column(Text(label, theme.seat_style(seat, msgs.rhom)), justify="right")


def scores_table(
    scores: Sequence[ScoreBreakdown], places: Sequence[int], msgs: Words, who: Sequence[str]
) -> Table:
    """The final score breakdown: one column per seat, one row per source, then the total."""
    table = Table(title=msgs("score.title"), box=box.ROUNDED, title_style="bold")
    _seat_columns(table, len(scores), msgs, who)
    parts = [dict(s.as_dict()) for s in scores]
    for label_key, name in SCORE_ROWS:
        table.add_row(msgs(label_key), *(str(part.get(name, 0)) for part in parts))
    known = {name for _, name in SCORE_ROWS} | {"total"}
    for name in sorted({k for part in parts for k in part} - known):  # a source added later
        table.add_row(name, *(str(part.get(name, 0)) for part in parts))
    table.add_row(
        Text(msgs("score.objective_name"), theme.DIM),
        *(_objective_cell(s, msgs) for s in scores),
    )
    table.add_section()
    table.add_row(Text(msgs("score.total"), "bold"), *(Text(str(s.total), "bold") for s in scores))
    table.add_row(Text(msgs("score.place"), "bold"), *(Text(str(p), "bold") for p in places))
    return table


def totals_table(outcome: Outcome, msgs: Words, who: Sequence[str]) -> Table:
    """The totals of an ``Outcome`` (no breakdown by source), one column per seat."""
    table = Table(title=msgs("score.title"), box=box.ROUNDED, title_style="bold")
    _seat_columns(table, len(outcome.scores), msgs, who)
    total = Text(msgs("score.total"), "bold")
    table.add_row(total, *(Text(str(s), "bold") for s in outcome.scores))
    return table


def result_line(winners: Sequence[int], scores: Sequence[ScoreBreakdown], msgs: Words) -> Text:
    """Who won: in solo (one explorer and the Rhom) "You win", "The Rhom wins" or "Draw";
    otherwise the winner or the seats sharing first place."""
    return outcome_text(winners, [s.total for s in scores], msgs)


def outcome_text(winners: Sequence[int], totals: Sequence[int], msgs: Words) -> Text:
    """``result_line`` from the winners and each seat's total."""
    rhom = msgs.rhom
    if rhom is not None and len(totals) == 2:
        you = 1 - rhom
        values = {"you": totals[you], "rhom": totals[rhom]}
        if len(winners) != 1:
            key, style = "score.solo.draw", "bold"
        elif winners[0] == you:
            key, style = "score.solo.win", "bold #2ec27e"
        else:
            key, style = "score.solo.loss", theme.RHOM_STYLE
        return Text(msgs(key, **values), style)
    names = ", ".join(msgs.seat(s) for s in winners)
    key = "score.winner" if len(winners) == 1 else "score.winners"
    line = Text(msgs(key, seats=names), "bold")
    for s in winners:
        line.highlight_words([msgs.seat(s)], theme.seat_style(s, msgs.rhom))
    return line


def _objective_cell(score: ScoreBreakdown, msgs: Words) -> Text:
    if not score.objective_id:
        return Text("-", theme.DIM)
    done = score.objective_completed
    mark = msgs("score.done") if done else msgs("score.missed")
    name = theme.objective_name(score.objective_id, msgs)
    return Text(f"{mark} {name}", "#2ec27e" if done else theme.DIM)
