"""Rewards shared by the research APIs: what a seat earns when the game ends, and optional shaping.

Final rewards come from the game's ``Outcome`` (``game.outcome()``), chosen by name:

* ``"margin"``: the seat's final score minus the best final score among the other seats (an
  automa's included); positive means a clear win on points.
* ``"win_loss"``: ``+1`` if the seat is among the winners (after the game's tie-breaks), else
  ``-1``.
* ``"score"``: the seat's final score.
* ``"returns"``: the outcome's own returns (``1/k`` for each of ``k`` winners, else 0; in a
  cooperative mode every seat gets the team's: for Gem Rush's Crisis 1 or 0 with a target, the
  team score without, Gem Rush R43).

Every step before the end gives 0 unless shaping is chosen. Shaping is potential-based (Ng,
Harada and Russell, 1999) with the potential ``weight * (the seat's own score if the game ended
now)``, which the game's encoder plug-in computes (``ObservationEncoder.score``), and the
potential of a finished game is 0: a step's shaping term is ``potential(after) -
potential(before)``, the terms of a whole game add up to ``-potential(start)``, and the best
policies are the same as without shaping. The potential uses only the seat's own score, which
depends on nothing the seat cannot see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from iridescia.core.game import Game

RewardKind = Literal["margin", "win_loss", "score", "returns"]
REWARD_KINDS: tuple[str, ...] = ("margin", "win_loss", "score", "returns")
ScoreNow = Callable[[Game, int], float]  # a seat's score if the game ended now


def check_kind(kind: str) -> RewardKind:
    if kind not in REWARD_KINDS:
        raise ValueError(f"unknown reward {kind!r}; choose one of {', '.join(REWARD_KINDS)}")
    return kind  # type: ignore[return-value]


def reward_range(
    kind: RewardKind, max_score: float, returns: tuple[float, float] = (0.0, 1.0)
) -> tuple[float, float]:
    """Lower and upper bounds of the final reward of ``kind`` when scores lie in
    ``0..max_score`` and the outcome's returns in ``returns`` (the encoder's
    ``returns_range`` for the table: a share of a win, or a cooperative team's score)."""
    if kind == "win_loss":
        return -1.0, 1.0
    if kind == "returns":
        return returns
    if kind == "score":
        return 0.0, max_score
    return -max_score, max_score


def final_rewards(game: Game, kind: RewardKind) -> list[float]:
    """Every seat's final reward (the game must be over)."""
    if not game.is_terminal():
        raise ValueError("final rewards need a finished game")
    outcome = game.outcome()
    if kind == "returns":
        return list(outcome.returns)
    totals = [float(s) for s in outcome.scores]
    if kind == "score":
        return totals
    if kind == "win_loss":
        winners = set(outcome.winners)
        return [1.0 if seat in winners else -1.0 for seat in range(len(totals))]
    out = []
    for seat, mine in enumerate(totals):
        best_other = max((t for other, t in enumerate(totals) if other != seat), default=0.0)
        out.append(mine - best_other)
    return out


def potential(game: Game, seat: int, weight: float, score: ScoreNow) -> float:
    """The shaping potential of ``seat``: ``weight`` times its own score if the game ended now
    (0 once the game is over)."""
    if weight == 0.0 or game.is_terminal():
        return 0.0
    return weight * score(game, seat)


class SeatReward:
    """The reward stream of one seat: zero until the end, plus optional shaping."""

    __slots__ = ("_last", "kind", "score", "seat", "weight")

    def __init__(self, seat: int, kind: RewardKind, shaping: float, score: ScoreNow) -> None:
        self.seat = seat
        self.kind = kind
        self.weight = float(shaping)
        self.score = score
        self._last = 0.0

    def start(self, game: Game) -> None:
        """Call once at the start of a game."""
        self._last = potential(game, self.seat, self.weight, self.score)

    def step(self, game: Game) -> float:
        """The reward earned since the previous call (or ``start``)."""
        reward = 0.0
        if self.weight:
            now = potential(game, self.seat, self.weight, self.score)
            reward += now - self._last
            self._last = now
        if game.is_terminal():
            reward += final_rewards(game, self.kind)[self.seat]
        return reward


__all__ = [
    "REWARD_KINDS",
    "RewardKind",
    "ScoreNow",
    "SeatReward",
    "check_kind",
    "final_rewards",
    "potential",
    "reward_range",
]
