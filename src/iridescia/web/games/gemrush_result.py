"""The end of a game of Gem Rush as the browser shows it (``final_result``): the team's result
in Crisis, the winners in Rush, every seat's score and its statistics of the spec §8 kind.

The statistics are folded by the package's ``Statistics`` from the engine's own events: the
game's own log when it is whole (it begins with the setup and the hands folded from it are the
game's), else the events of a replay of its record (a table's game rolled back after an undo
starts a new log; a replay costs 10-70 ms, and the result is made in the server's event loop).
Either way once per finished game (``final_result`` keeps the last results made).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from iridescia.games.gemrush import GAME, GemRushGame, Statistics
from iridescia.web.games import gemrush_words as words

# The figures of each seat the result shows (SeatStats.as_json's names), in order.
SEAT_FIGURES = (
    "score", "turns", "constructions", "construction_points", "points_per_construction",
    "orichalcum_bonus", "warped_constructions", "free_doors", "room_points", "room_uses",
    "draw_actions", "room_actions", "cards_per_action", "burns_deck", "burns_hand",
)  # fmt: skip
# The game's figures the result shows (Statistics.as_json's names).
GAME_FIGURES = (
    "turns", "rounds", "constructions", "construction_points", "points_per_construction",
    "reshuffles", "burns", "tiles_placed", "tiles_removed", "mine_cart_rides", "stack_left",
)  # fmt: skip
_CACHE_SIZE = 64
_CACHE: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()


def final_result(game: GemRushGame) -> dict[str, Any]:
    """A finished game's result, stored with the table and sent to every seat and spectator::

    {"mode": "crisis" | "rush",
     "winners": [seat, ...],            # Crisis: every seat (won) or none (lost)
     "scores": [points by seat],
     "ranking": [seat, ...],            # best score first (ties keep seat order)
     "reason": "target reached",        # the engine's words; "why" is the message
     "why": {"key": "gr.end.target_reached"},
     "target": int | None,              # Crisis or Rush target (None: no target)
     "team_score": int | None,          # Crisis
     "won": bool | None,                # Crisis with a target
     "level": "journeyman" | None,      # the Crisis level played (None: custom, none)
     "level_reached": "artisan" | None, # Crisis: the highest level the score reaches
     "levels": {"apprentice": 20, ...}, # Crisis: every level's target
     "seats": [{"seat": 0, "score": ..., "share": 0.4 (Crisis: of the team score),
                "constructions": ..., "construction_points": ...,
                "points_per_construction": float | None, "room_uses": ...,
                ... (SEAT_FIGURES)}, ...],
     "rooms": [{"room": "Auric Fountain", "uses": n, "cards": n, "points": n}, ...],
     "statistics": {turns, rounds, constructions, reshuffles, burns, tiles_placed...}}
    """
    key = (game.seed, game.mode, game.num_players, tuple(str(a) for a in game.history()))
    cached = _CACHE.get(key)
    if cached is None:
        cached = _CACHE[key] = _result(game)
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return cached


def _result(game: GemRushGame) -> dict[str, Any]:
    outcome = game.outcome()
    stats = _statistics(game)
    record = stats.as_json()
    scores = list(outcome.scores)
    crisis = game.mode == "crisis"
    team = outcome.team_score
    seats = []
    for seat in range(game.num_players):
        figures = stats.seat_json(seat)
        row: dict[str, Any] = {"seat": seat, **{k: figures.get(k) for k in SEAT_FIGURES}}
        row["score"] = scores[seat]
        if crisis:
            row["share"] = round(scores[seat] / team, 4) if team else None
        seats.append(row)
    level = game.options.level if crisis else None
    return {
        "mode": game.mode,
        "winners": list(outcome.winners),
        "scores": scores,
        "ranking": sorted(range(len(scores)), key=lambda s: -scores[s]),
        "reason": outcome.reason,
        "why": words.reason(outcome.reason),
        "target": outcome.target,
        "team_score": team,
        "won": bool(outcome.winners) if crisis and outcome.target else None,
        "level": level if level not in (None, "none") and game.options.target is None else None,
        "level_reached": record.get("level_reached"),
        "levels": record.get("levels"),
        "seats": seats,
        "rooms": _rooms(record.get("rooms") or {}),
        "statistics": {name: record.get(name) for name in GAME_FIGURES},
    }


def _statistics(game: GemRushGame) -> Statistics:
    """The game's statistics, from its own log when whole (see the module docstring)."""
    log = game.log
    if log and log[0].kind == "game_start":
        stats = Statistics.of(game)
        stats.observe(log)
        hands = [sorted(game.view(s)["players"][s]["hand"] or ()) for s in range(game.num_players)]
        if stats.hands() == hands:
            return stats
    replayed = GAME.from_record(game.record())
    stats = Statistics.of(replayed)
    stats.observe(replayed.log)
    return stats


def _rooms(rooms: dict[str, list[int]]) -> list[dict[str, Any]]:
    """The rooms whose effects were used, most used first (ROOM_FIELDS: uses, actions,
    present, cards, spent, points)."""
    used = [
        {"room": name, "uses": row[0], "cards": row[3], "points": row[5]}
        for name, row in rooms.items()
        if row and row[0]
    ]
    return sorted(used, key=lambda r: (-r["uses"], r["room"]))
