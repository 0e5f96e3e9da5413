"""Playing the games of a run: one game between bots, its result rows, and the chunk function.

``run_chunk(config, start, stop)`` plays games ``start..stop-1`` of a run and returns their rows;
it is the one function every backend executes (in-process, in a process pool, as a Ray task),
so a game's result depends only on the config and its index. It never raises for a failing
game: an exception from a bot or the engine becomes an error entry with the game's seed and
traceback, and the other games of the chunk still run.

A game is played through ``match``: ``Seating`` makes it, ``BotSeats`` builds fresh bots for it
with the ``bot_rng(seed, seat)`` streams and hands views only to bots that read them. No event
log is kept: each action's events go to the game's sim plug-in as they come (its ``Tally``), and
the rows are made from the finished game, its ``Outcome`` and that tally (``sim.plugin``).

Setup's events: ``spec.new(..., keep_log=False)`` keeps none, and the contract gives no other way
to see them, so a game whose plug-in folds events is made with ``keep_log=True`` and its log is
emptied after setup and after every action (it never holds more than one action's events); a
game without a tally is made with ``keep_log=False``.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from typing import Any

from iridescia.core.actions import Action
from iridescia.core.events import Event
from iridescia.core.game import Game, Mode
from iridescia.match import BotSeats, Seating
from iridescia.sim.config import SimConfig, check_params
from iridescia.sim.plugin import Finished, SimPlugin, Tally

# A bot that loops is an error to report, not a run that never ends. Random 4-player games of
# Gems of Iridescia take about 350 actions (the longest of 10,000 about 700) and random Rush
# games of Gem Rush about 750 with 7 players, so this is far from any real game.
MAX_ACTIONS = 20_000


@dataclass(slots=True)
class ChunkResult:
    """What a chunk of games produced, every list in game order."""

    start: int
    stop: int
    rows: list[dict[str, Any]] = field(default_factory=list)  # one per seat per game
    games: list[dict[str, Any]] = field(default_factory=list)  # one per game
    records: list[dict[str, Any]] = field(default_factory=list)  # when config.records
    errors: list[dict[str, Any]] = field(default_factory=list)  # one per failed game


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a run, checked once per chunk: its seating and every seat's name."""

    seating: Seating
    seats: tuple[str, ...]  # bot spec per seat; automa seats hold the plug-in's automa_name


class Runner:
    """Plays the games of one config (built once per chunk, in whichever process runs it)."""

    __slots__ = ("_tables", "config", "mode", "params", "plugin")

    def __init__(self, config: SimConfig) -> None:
        self.config = config
        self.plugin: SimPlugin = config.plugin
        self.mode: Mode = config.resolved_mode()
        self.params, _ = check_params(self.plugin, config.params)
        self._tables: dict[int, Table] = {}

    def table(self, index: int) -> Table:
        k = index % len(self.config.tables)
        table = self._tables.get(k)
        if table is None:
            seating = self.config.seating(k)
            seats = tuple(
                self.plugin.automa_name if seat >= seating.players else kind
                for seat, kind in enumerate(seating.seat_kinds())
            )
            table = self._tables[k] = Table(seating, seats)
        return table

    def play(self, index: int) -> tuple[Finished, Tally | None]:
        """Play game ``index`` of the run to its end (raises what a bot or the engine raises;
        a bot's illegal choice raises IllegalActionError)."""
        table = self.table(index)
        seed = self.config.seed_of(index)
        seating = table.seating
        game = seating.new_game(seed, self.params, keep_log=self.plugin.folds_events)
        tally = self.plugin.tally(game)
        if tally is not None:
            tally.observe(game.log)
            game.log.clear()
        bots = BotSeats(seating.game, seating.bots)
        bots.start(seed)
        if self.config.always_views:
            bots.views = dict.fromkeys(bots.views, True)
        length, turns = _play(game, bots, tally)
        outcome = game.outcome()
        # A table with one deciding seat cannot tell its turns apart (sim.plugin's docstring).
        counted = tuple(turns) if seating.players > 1 else None
        done = Finished(index, seed, self.mode, table.seats, game, outcome, length, counted)
        return done, tally


def _play(game: Game, bots: BotSeats, tally: Tally | None) -> tuple[int, list[int]]:
    """Let the bots play ``game`` to its end (``BotSeats.play``); returns the actions taken
    and, per seat, the runs of consecutive decisions it made."""
    turns = [0] * game.num_players
    last = -1

    def observe(seat: int, action: Action, events: list[Event]) -> None:
        nonlocal last
        if seat != last:
            turns[seat] += 1
            last = seat
        if tally is not None:
            tally.observe(events)
            game.log.clear()

    length = bots.play(game, on_action=observe, limit=MAX_ACTIONS)
    if not game.is_terminal():
        if length >= MAX_ACTIONS:
            raise RuntimeError(f"the game did not end after {MAX_ACTIONS} actions")
        raise RuntimeError(f"seat {game.current_player} has no bot but must decide")
    return length, turns


def run_chunk(config: SimConfig, start: int, stop: int) -> ChunkResult:
    """Play games ``start..stop-1``; a failing game becomes an error entry (with its seed and
    traceback) instead of stopping the chunk."""
    out = ChunkResult(start, stop)
    runner = Runner(config)
    plugin = runner.plugin
    for index in range(start, stop):
        try:
            done, tally = runner.play(index)
            rows = plugin.seat_rows(done, tally)
            summary = plugin.game_row(done, tally)
            record = None
            if config.records:
                record = done.game.record(seats=done.seats).to_json()
        except Exception as exc:  # reported with the seed, never dropped (see the docstring)
            out.errors.append(
                {
                    "game": index,
                    "seed": config.seed_of(index),
                    "seats": list(config.seats_of(index)),
                    "error": f"{type(exc).__name__}: {exc}",
                    "traceback": traceback.format_exc(),
                }
            )
            continue
        out.rows.extend(rows)
        out.games.append(summary)
        if record is not None:
            out.records.append({"game": index, "record": record})
    return out
