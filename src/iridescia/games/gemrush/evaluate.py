"""The Gem Rush evaluator of the search bots: how well placed each seat is, in points.

A seat's *potential* is its score plus what its hand should still turn into: each card's worth
(``policy.CARD_WORTH``, in standard-gem units) at ``POINTS_PER_WORTH`` points per unit. Only the
best ``hand_limit`` cards count in full, since phase 1 discards the rest before they can pay for
anything (Gem Rush R12); and cards are worth less as the seat runs out of turns to spend them in
(``policy.card_share``: in Crisis the burn clock of R42 says how many turns are left), nothing
once it has none.

``leads`` turns potentials into what each seat plays for:
- Crisis (R43): every seat gets the same value, the team's potential; with a target, reaching
  it is worth ``TARGET_BONUS`` more (a finished game scores exactly: the team score, plus the
  bonus if the target was reached).
- Rush (R45): a seat's potential less the best other seat's (exact once the game is over).
"""

from __future__ import annotations

from typing import Final

from iridescia.games.gemrush.policy import (
    CARD_WORTH,
    POINTS_PER_WORTH,
    card_share,
    hand_worth,
    has_access,
    table_turns_left,
)
from iridescia.games.gemrush.state import PH_OVER, State

TARGET_BONUS: Final = 12.0  # points: how much more reaching the Crisis target is worth
CUT_OFF: Final = 4.0  # points: a dwarf that cannot reach any site, nor warp, loses its turns
LINE_CHARGE: Final = 1e-6  # points per action since setup: among equal lines, the shorter


def hand_potential(s: State, seat: int, table_turns: int | None = None) -> float:
    """The points ``seat``'s hand should still turn into."""
    hand = s.players[seat].hand
    if not hand:
        return 0.0
    share = card_share(s, seat, table_turns)
    if share <= 0.0:
        return 0.0
    return POINTS_PER_WORTH * share * hand_worth([CARD_WORTH[c] for c in hand], s.params.hand_limit)


def potentials(s: State) -> list[float]:
    """Each seat's score plus its hand's potential, less ``CUT_OFF`` for a dwarf that can no
    longer reach a site (``policy.has_access``); the score alone once the game is over."""
    if s.phase == PH_OVER:
        return [float(p.score) for p in s.players]
    table_turns = table_turns_left(s) if s.burns else None
    return [
        p.score
        + hand_potential(s, p.seat, table_turns)
        - (0.0 if has_access(s, p.seat) else CUT_OFF)
        for p in s.players
    ]


def leads(s: State) -> list[float]:
    """What each seat plays for (module docstring), higher is better.

    Before the end, a tiny charge per action played since setup breaks ties for the shorter
    line: a ride, a step back and forth, a free effect that changes nothing are not taken."""
    pots = potentials(s)
    n = len(pots)
    over = s.phase == PH_OVER
    if not s.rush:
        team = sum(pots)
        if s.target > 0:
            if over:
                team += TARGET_BONUS if team >= s.target else 0.0
            else:
                team += TARGET_BONUS * _reach(team - s.target)
        out = [team] * n
    elif n == 1:
        out = pots
    else:
        out = []
        for i, p in enumerate(pots):
            out.append(p - max(q for j, q in enumerate(pots) if j != i))
    if over:
        return out
    charge = LINE_CHARGE * len(s.history)
    return [v - charge for v in out]


def _reach(margin: float) -> float:
    """A smooth 0..1 guess that a team ``margin`` points from its target reaches it."""
    x = max(-8.0, min(8.0, margin / 4.0))
    return 0.5 + x / 16.0
