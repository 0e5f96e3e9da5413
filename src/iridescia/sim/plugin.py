"""What the simulation knows about any game, and how a game's own sim plug-in adds to it.

``SimPlugin`` is the per-game plug-in interface of the simulation face, and its methods are the
generic behaviour every game gets without one: the generic result columns (``columns``), a
``games.jsonl`` row from the game's ``Outcome``, rules parameters given as JSON, win rates
grouped by seat, and no report section of its own. A game's plug-in (``sim/games/<game>.py``,
registered by name in ``sim/games/__init__.py``) subclasses it and overrides what it knows
better: its own columns, statistics folded from the game's events (``tally``), its rules
parameters' text syntax, how seats are grouped (turn order), and report sections that only make
sense for that game.

The runner (``play``) hands a plug-in only contract values: the finished ``Game`` and its
``Outcome``, the mode, the seats' bot specs and what it counted while playing (``Finished``).
While the game is played it feeds every event, from setup on, to the plug-in's ``Tally`` (when
the plug-in asks for one), one action's events at a time: no event log is kept.

Turns: the runner counts, per seat, the runs of consecutive decisions by that seat. That is a
seat's turns in games where a turn is one seat deciding until another seat decides, which holds
for Gem Rush (checked against its ``turn`` events); it cannot tell two turns of one seat in a
row apart, so a table with a single deciding seat reports no turns (null). A plug-in that reads
its game's turn events counts exactly (Gems of Iridescia's ``turns`` and ``game_turns``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from iridescia.core.events import Event
from iridescia.core.game import Game, Mode, Outcome
from iridescia.match import AUTOMA
from iridescia.sim.columns import COOPERATIVE, GENERIC_FIXED, ColumnKinds
from iridescia.sim.html import Stamp

Row = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished game of a run, with what the runner counted while playing it."""

    index: int  # the game's index in the run
    seed: int
    mode: Mode
    seats: tuple[str, ...]  # bot spec per seat; automa seats hold the plug-in's automa_name
    game: Game  # over: ``is_terminal()``
    outcome: Outcome
    length: int  # actions applied
    turns: tuple[int, ...] | None  # per seat: runs of consecutive decisions (module docstring)


class Tally(Protocol):
    """Folds one game's events as they come (setup's first, then each action's)."""

    def observe(self, events: Sequence[Event]) -> None: ...


@dataclass(frozen=True, slots=True)
class ReportData:
    """What a report section is drawn from: a run's result rows and ``games.jsonl`` rows, and
    the stamp every figure carries (a game's notice)."""

    rows: Sequence[Row]
    games: Sequence[Row]
    stamp: Stamp


# A report section of a plug-in returns the section's HTML body (one figure and its table).
Render = Callable[[ReportData], str]


@dataclass(frozen=True, slots=True)
class Section:
    """A report section of a plug-in; ``cooperative`` limits it to cooperative modes (True) or
    to the others (False), None shows it in every mode."""

    anchor: str
    title: str
    render: Render
    note: str = ""
    cooperative: bool | None = None


def rank(outcome: Outcome, seat: int) -> int:
    """A seat's place: 1 for the winners, then the others by score (ties share a place)."""
    winners = set(outcome.winners)
    if seat in winners:
        return 1
    mine = outcome.scores[seat]
    ahead = sum(1 for s, v in enumerate(outcome.scores) if s in winners or v > mine)
    return 1 + ahead


def margin(scores: Sequence[int], seat: int) -> int | None:
    """Score minus the best score among the other seats (None when alone at the table)."""
    others = [v for s, v in enumerate(scores) if s != seat]
    return scores[seat] - max(others) if others else None


class SimPlugin:
    """The simulation's knowledge of one game. This base class is the generic behaviour: the
    plug-in of every game that has none of its own."""

    game = ""  # the registry name of the game ("" for the generic plug-in)
    automa_name = AUTOMA  # the ``bot`` of automa seats
    automa_title = "the automa"
    automa_group = "automa"  # the seat group of automa seats (``seat_group``)
    score_column = "score"  # the final score's column
    folds_events = False  # whether ``tally`` returns an observer (it then sees setup's events)
    seat_title = "seat"  # what win rates are grouped by (``seat_group``)
    seat_axis = "seat (1 = the first seat)"
    kinds = ColumnKinds(
        ints=frozenset({"game", "seed", "players", "seat", "score", "rank", "length"}),
        bools=frozenset({"is_automa", "winner", "shared_win"}),
        strings=frozenset({"mode", "bot", "reason"}),
        floats=frozenset({"return"}),
    )

    def fixed_columns(self, cooperative: bool) -> tuple[str, ...]:
        """The columns every row has, in order (CSV puts them first)."""
        return GENERIC_FIXED + (COOPERATIVE if cooperative else ())

    def required_columns(self) -> tuple[str, ...]:
        """What a results file must hold for the report (checked when a run is read)."""
        return GENERIC_FIXED

    def tally(self, game: Game) -> Tally | None:
        """An observer of the game's events when ``folds_events``, else None."""
        return None

    def seat_rows(self, done: Finished, tally: Tally | None) -> list[Row]:
        """One result row per seat."""
        o = done.outcome
        winners = set(o.winners)
        automa = set(done.game.automa_seats)
        rows = []
        for seat, score in enumerate(o.scores):
            row: Row = {
                "game": done.index,
                "seed": done.seed,
                "players": len(o.scores),
                "mode": done.mode.name,
                "seat": seat,
                "bot": done.seats[seat],
                "is_automa": seat in automa,
                "score": score,
                "rank": rank(o, seat),
                "margin": margin(o.scores, seat),
                "winner": seat in winners,
                "shared_win": seat in winners and len(winners) > 1,
                "return": o.returns[seat],
                "turns": None if done.turns is None else done.turns[seat],
                "game_turns": None if done.turns is None else sum(done.turns),
                "length": done.length,
                "reason": o.reason,
            }
            if done.mode.cooperative:
                row["team_score"] = o.team_score
                row["target"] = o.target
            rows.append(row)
        return rows

    def game_row(self, done: Finished, tally: Tally | None) -> Row:
        """The ``games.jsonl`` row of a finished game."""
        o = done.outcome
        row: Row = {
            "game": done.index,
            "seed": done.seed,
            "players": len(o.scores),
            "mode": done.mode.name,
            "seats": list(done.seats),
            "winners": list(o.winners),
            "winning_bots": [done.seats[w] for w in o.winners],
            "scores": list(o.scores),
            "returns": list(o.returns),
            "length": done.length,
            "turns": None if done.turns is None else sum(done.turns),
            "reason": o.reason,
        }
        if done.mode.cooperative:
            row["team_score"] = o.team_score
            row["target"] = o.target
        return row

    def params(self, overrides: Sequence[tuple[str, str]]) -> tuple[dict[str, Any], Any]:
        """``--param`` texts as the game's JSON-style rules parameters, and every parameter's
        value when the plug-in knows them (None here). A value is read as JSON when it is JSON
        (``7``, ``true``, ``[30,40,50]``), else kept as text; the game checks them."""
        values: dict[str, Any] = {}
        for name, text in overrides:
            try:
                values[name] = json.loads(text)
            except json.JSONDecodeError:
                values[name] = text
        return values, None

    def meta(self) -> dict[str, Any]:
        """Extra facts for ``meta.json`` (definitions of the plug-in's columns)."""
        return {}

    def seat_group(self, row: Mapping[str, Any]) -> str:
        """The label a row's win rate is grouped under (automa seats apart)."""
        return self.automa_group if row.get("is_automa") else str(int(row["seat"]) + 1)

    def length_measures(self, games: Sequence[Row]) -> list[tuple[str, list[int]]]:
        """Further per-game length measures for the report, from ``games.jsonl``."""
        return []

    def sections(self) -> tuple[Section, ...]:
        """Report sections only this game has, after the generic ones."""
        return ()
