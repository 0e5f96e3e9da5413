"""Analysis of a finished (or unfinished) game: what a strong bot would have done, and at what
cost each of a seat's choices came, for any game with search heuristics.

``analyse(record, seat)`` replays the record and, at every decision of ``seat`` that had a real
choice, looks at the table **from that seat's view only** (what the player could see then):

* the bot's choice (``bot``, by default the strongest level, ``hard``), from that view;
* the value of the action played and of the bot's choice, measured the same way for both: the
  game's evaluator (``heuristics.value``: for Gems of Iridescia the predicted lead over the best
  other seat, in points) after the action and the rest of the turn played by the game's default
  policy, averaged over ``worlds`` re-dealings of what the seat could not see and the game's
  chance samples — the same worlds and samples for both actions, so the difference is fair;
* the seat's value before the decision, for the curve of the game.

A **mistake** is a decision where the bot's choice is worth more than the one played
(``loss > 0``); ``Analysis.mistakes()`` lists them, biggest first. Nothing here knows a game:
everything comes from the game contract, its heuristics and the bots.

The result is plain data (``to_json``) for the command line (``iridescia analyse``) and the
browser. Determinism: the same record, seat, bot and ``seed`` give the same analysis.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from iridescia.bots import make_bot
from iridescia.bots.greedy import action_value
from iridescia.core.actions import Action
from iridescia.core.game import Game, GameSpec, SearchHeuristics
from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games import from_record
from iridescia.games import get as get_game

DEFAULT_BOT = "hard"
DEFAULT_WORLDS = 4
SMALL = 0.05  # a loss below this (in the evaluator's units) is noise, not a mistake


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision of the analysed seat."""

    step: int  # actions played before it (the record's index of the action played)
    turn: int  # the game's turn index at that point
    played: str  # the action's canonical text
    suggested: str  # the bot's choice
    played_value: float
    suggested_value: float
    value_before: float  # the seat's value just before deciding (the curve)
    choices: int  # legal actions there

    @property
    def loss(self) -> float:
        """How much the action played gave up against the bot's choice (0 when as good)."""
        return max(0.0, self.suggested_value - self.played_value)


@dataclass(frozen=True, slots=True)
class Analysis:
    game: str
    seat: int
    bot: str
    worlds: int
    moments: list[Moment] = field(default_factory=list)

    def mistakes(self, threshold: float = SMALL) -> list[Moment]:
        """Decisions where the bot's choice is worth more than the one played, biggest first."""
        worse = [m for m in self.moments if m.loss > threshold]
        return sorted(worse, key=lambda m: (-m.loss, m.step))

    def agreement(self) -> float:
        """The share of decisions where the seat played what the bot chose (or as good)."""
        if not self.moments:
            return 1.0
        return sum(1 for m in self.moments if m.loss <= SMALL) / len(self.moments)

    def total_loss(self) -> float:
        return sum(m.loss for m in self.moments)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "bot": self.bot,
            "worlds": self.worlds,
            "agreement": round(self.agreement(), 4),
            "total_loss": round(self.total_loss(), 3),
            "moments": [{**asdict(m), "loss": round(m.loss, 3)} for m in self.moments],
            "mistakes": [m.step for m in self.mistakes()],
        }


Progress = Callable[[int, int], None]  # (actions replayed, actions in all)


def analyse(
    record: GameRecord,
    seat: int,
    *,
    bot: str = DEFAULT_BOT,
    worlds: int = DEFAULT_WORLDS,
    seed: int = 0,
    progress: Progress | None = None,
) -> Analysis:
    """Analyse ``seat``'s decisions in ``record`` (see the module docstring). ValueError for a
    seat that does not decide in this game, or a game without search heuristics; RecordError
    for a record that does not replay."""
    spec = get_game(record.game)
    heuristics = spec.heuristics()
    if heuristics is None:
        raise ValueError(f"{spec.info.title} has no search heuristics: it cannot be analysed")
    game = from_record(record, upto=0)
    if not 0 <= seat < game.num_players or seat in game.automa_seats:
        raise ValueError(f"seat {seat + 1} does not make decisions in this game")
    chooser = make_bot(bot, spec)
    moments: list[Moment] = []
    total = len(record.actions)
    for step, text in enumerate(record.actions):
        decision = game.decision()
        if decision is not None and decision.player == seat and len(decision.actions) > 1:
            played = spec.actions.coerce(text)
            rng = Rng((seed << 24) ^ (step * 0x9E3779B1) ^ seat)
            suggested = chooser.choose(game.view(seat), decision.actions, rng.fork())
            values = _values(spec, heuristics, game, seat, [played, suggested], worlds, rng)
            moments.append(
                Moment(
                    step=step,
                    turn=heuristics.turn_index(game),
                    played=str(played),
                    suggested=str(suggested),
                    played_value=values[0],
                    suggested_value=values[1],
                    value_before=values[2],
                    choices=len(decision.actions),
                )
            )
        game.apply(text)
        if progress is not None:
            progress(step + 1, total)
    return Analysis(record.game, seat, bot, worlds, moments)


def _values(
    spec: GameSpec,
    heuristics: SearchHeuristics[Any],
    game: Game,
    seat: int,
    actions: list[Action],
    worlds: int,
    rng: Rng,
) -> list[float]:
    """The mean value of each of ``actions`` for ``seat``, then the value before any, over
    ``worlds`` worlds dealt from the seat's view (the same worlds and samples for all)."""
    view = game.view(seat)
    sums = [0.0] * (len(actions) + 1)
    for _ in range(max(1, worlds)):
        world = spec.world_from_view(view, rng.fork())
        samples = [rng.next64() for _ in range(heuristics.chance_samples)]
        for k, action in enumerate(actions):
            sums[k] += action_value(world, action, seat, samples, heuristics)
        sums[-1] += heuristics.value(world, seat)
    return [s / max(1, worlds) for s in sums]
