"""Gem Rush's sim plug-in: its result columns, the spec §8 statistics in ``games.jsonl``, its
rules parameters, turn-order grouping and (through the registry) its report sections.

Every game is folded by the engine's own observer, ``iridescia.games.gemrush.Statistics``, from
the events as they come (setup's, then each action's). Rows (one per seat) hold the generic
columns first (``columns.GENERIC_FIXED``, and ``team_score``, ``target`` in Crisis), so a run
reads like any other game's, then Gem Rush's (``SEAT_COLUMNS``, then the per-game columns
repeated on each seat's row: ``GAME_COLUMNS`` and the mode's own; Rush's ``target`` is its
target score). ``turns`` and
``game_turns`` are exact here (the ``turn`` events), not the generic estimate.

``games.jsonl`` holds the generic per-game facts, the data set, and every figure of
``Statistics.as_json`` (``docs/simulation.md``: "Gem Rush in games.jsonl"): what a balance
script reads for spec §8.

Win rates are grouped by turn-order position (1 = the first player), which is what seat
fairness in Rush asks about (spec §8.2); the first player is drawn per game unless fixed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from iridescia.core.game import Game as AnyGame
from iridescia.games.gemrush import (
    GAME_NAME,
    ROOM_FIELDS,
    TURN_COLUMNS,
    GemRushGame,
    RulesParams,
    Statistics,
)
from iridescia.sim.columns import COOPERATIVE, GENERIC_FIXED, ColumnKinds
from iridescia.sim.plugin import Finished, Row, Section, SimPlugin, Tally

# A seat's own figures, from ``Statistics.seat_json`` (its names, in its order).
SEAT_COLUMNS: tuple[str, ...] = (
    "position",  # place in turn order, 1 = the first player
    "constructions",
    "construction_points",  # door points and Orichalcum bonus of the rooms it built
    "door_points",
    "orichalcum_bonus",
    "room_points",  # net points from room effects (Dark Pit's loss included)
    "points_per_construction",  # null without a construction
    "free_doors",
    "zero_point_doors",  # doors with a cost and 0 printed points
    "warped_constructions",
    "draw_actions",
    "draw_cards",
    "room_actions",  # room effects as the phase-3 action
    "room_action_cards",
    "cards_per_action",  # cards gained per phase-3 action (null without one)
    "room_uses",  # every effect started, phase-2 uses of movement and free rooms included
    "burns_deck",  # Crisis: burns this seat chose from the deck / from hands
    "burns_hand",
)
# Per-game figures repeated on every row, so that a spreadsheet of rows alone can answer §8.
GAME_COLUMNS: tuple[str, ...] = ("rounds", "constructions_in_game", "reshuffles", "reopenings")
CRISIS_COLUMNS: tuple[str, ...] = ("target_reached", "level_reached")
RUSH_COLUMNS: tuple[str, ...] = ("target", "target_reached", "round_limit_hit")

_INTS = frozenset(
    {"game", "seed", "players", "seat", "score", "rank", "length", "position", "rounds"}
)


def mode_columns(cooperative: bool) -> tuple[str, ...]:
    """Every column of a Gem Rush row in that kind of mode, in order."""
    generic = GENERIC_FIXED + (COOPERATIVE if cooperative else ())
    own = CRISIS_COLUMNS if cooperative else RUSH_COLUMNS
    return generic + SEAT_COLUMNS + GAME_COLUMNS + own


def seat_group(row: Mapping[str, Any]) -> str:
    """A row's turn-order position ("1" played first)."""
    return str(row["position"])


def _narrow(done: Finished, tally: Tally | None) -> tuple[GemRushGame, Statistics]:
    if not isinstance(done.game, GemRushGame) or not isinstance(tally, Statistics):
        raise TypeError("the Gem Rush plug-in was handed another game")
    return done.game, tally


class GemRushSim(SimPlugin):
    """Gem Rush in the simulation (the module docstring)."""

    game = GAME_NAME
    folds_events = True
    seat_title = "turn order"
    seat_axis = "position (1 = first player)"
    kinds = ColumnKinds(
        ints=_INTS,
        bools=frozenset({"is_automa", "winner", "shared_win", "target_reached", "round_limit_hit"}),
        strings=frozenset({"mode", "bot", "reason", "level_reached"}),
        floats=frozenset({"return", "points_per_construction", "cards_per_action"}),
    )

    def __init__(self, sections: tuple[Section, ...] = ()) -> None:
        self._sections = sections

    def fixed_columns(self, cooperative: bool) -> tuple[str, ...]:
        return mode_columns(cooperative)

    def required_columns(self) -> tuple[str, ...]:
        return GENERIC_FIXED + SEAT_COLUMNS + GAME_COLUMNS

    def tally(self, game: AnyGame) -> Statistics:
        if not isinstance(game, GemRushGame):
            raise TypeError("the Gem Rush plug-in was handed another game")
        return Statistics.of(game)

    def seat_rows(self, done: Finished, tally: Tally | None) -> list[Row]:
        game, folded = _narrow(done, tally)
        rows = super().seat_rows(done, tally)
        record = folded.record()
        n = game.num_players
        first = int(record["first_player"])
        crisis = done.mode.cooperative
        for seat, row in enumerate(rows):
            mine = folded.seat_json(seat)
            row["turns"] = mine.pop("turns")
            row["game_turns"] = record["turns"]
            del mine["score"]  # the generic ``score``
            row["position"] = (seat - first) % n + 1
            row.update(mine)
            row["rounds"] = record["rounds"]
            row["constructions_in_game"] = record["constructions"]
            row["reshuffles"] = record["reshuffles"]
            row["reopenings"] = record["reopenings"]
            if crisis:
                row["target_reached"] = bool(record["target_reached"])
                row["level_reached"] = record["level_reached"] or ""
            else:
                row["target"] = record["target"]
                row["target_reached"] = bool(record["target_reached"])
                row["round_limit_hit"] = record["round_limit_hit"]
        return rows

    def game_row(self, done: Finished, tally: Tally | None) -> Row:
        game, folded = _narrow(done, tally)
        row = super().game_row(done, tally)
        row["data_set"] = game.params.data_set  # each row says which data set it measured
        row.update(folded.record())
        return row

    def params(self, overrides: Sequence[tuple[str, str]]) -> tuple[dict[str, Any], Any]:
        """A value is read as JSON (``7``, ``true``, ``[30,40,50,60,66,72]``) or in the text
        syntax of ``RulesParams.with_overrides`` (``crisis_levels=30/40/50/60/66/72``); the
        game checks them. Every parameter's value is given for ``meta.json``."""
        values: dict[str, Any] = {}
        for name, text in overrides:
            try:
                values[name] = json.loads(text)
            except (ValueError, RecursionError):  # not JSON (or nested too deep): the text syntax
                values[name] = RulesParams().with_overrides({name: text}).to_json()[name]
        every = RulesParams.from_json(values).to_json()
        return {name: every[name] for name, _ in overrides}, every

    def meta(self) -> dict[str, Any]:
        """How to read ``games.jsonl``'s compact figures."""
        return {
            "room_fields": list(ROOM_FIELDS),  # rooms: {name: [uses, actions, ...]}
            "turn_columns": list(TURN_COLUMNS),  # per_turn: {column: [turn 1, turn 2, ...]}
            "turn_order": "turn i (from 0) is seat (first_player + i) % players, "
            "round i // players + 1",
        }

    def seat_group(self, row: Mapping[str, Any]) -> str:
        return seat_group(row)

    def length_measures(self, games: Sequence[Row]) -> list[tuple[str, list[int]]]:
        return [("rounds", [int(g["rounds"]) for g in games if "rounds" in g])]

    def sections(self) -> tuple[Section, ...]:
        """The sections of ``gemrush_report`` (given by the registry, which imports both)."""
        return self._sections
