"""The end of a game of Gems of Iridescia as the browser shows it: the scores by source, the
places and winners, the tie-break that decided (R33), every kept objective revealed with
whether it was met, and the statistics of spec section 10 (``final_result``, stored with the
table and sent to every seat and spectator)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from iridescia.games.iridescia import Game

TOKEN_BY_RANK = {2: "throne", 3: "scepter", 4: "banner"}


def final_result(g: Game) -> dict[str, Any]:
    """The end of a game, as every seat and spectator sees it (stored with the table).

    Objectives: a seat's kept objective is scored at the end, so once the game is over it is
    revealed to everyone with whether it was met (D35; ``objectives``: per seat, the objectives
    still held and the one scored). A discarded objective stays secret (R12: "hidden from
    others"; final scoring never needs it). ``tiebreak``: per seat, what R33 compares after the
    total (the Iridia Stone, the royalty token), and ``decided_by``: ``"points"`` (one seat
    had the most), ``"iridia_stone"`` or ``"token"`` (the tie-break that separated the seats
    tied on points), ``"shared"`` (still tied: the place is shared)."""
    tallies = g.tallies()
    scores = g.scores()
    winners = g.winners()
    totals = [s.total for s in scores]
    tied = [i for i, total in enumerate(totals) if total == max(totals)]
    return {
        "scores": [s.as_dict() for s in scores],
        "ranking": g.ranking(),
        "winners": winners,
        "decided_by": _decided_by(tallies, tied),
        "tiebreak": [
            {"iridia_stone": t.has_iridia_stone, "token": TOKEN_BY_RANK.get(t.token_rank)}
            for t in tallies
        ],
        "objectives": [
            {
                "held": list(t.objectives),
                "scored": s.objective_id if t.objectives else None,
                "met": bool(t.objectives) and s.objective_completed,
                "points": s.objective,
            }
            for t, s in zip(tallies, scores, strict=True)
        ],
        "statistics": g.statistics(),
    }


def _decided_by(tallies: Sequence[Any], tied: list[int]) -> str:
    """What separated the seats tied on points (R33), as ``final_result`` documents it: the
    last tie-break that narrowed them down (with three seats tied, the Stone may set one
    aside and the token part the other two: the token decided the winner)."""
    if len(tied) == 1:
        return "points"
    levels: tuple[tuple[str, Callable[[Any], Any]], ...] = (
        ("iridia_stone", lambda t: t.has_iridia_stone),
        ("token", lambda t: (t.token_rank > 0, -t.token_rank)),
    )
    left, decided = tied, "shared"
    for name, key in levels:
        best = max(key(tallies[i]) for i in left)
        narrowed = [i for i in left if key(tallies[i]) == best]
        if len(narrowed) < len(left):
            left, decided = narrowed, name
    return decided if len(left) == 1 else "shared"
