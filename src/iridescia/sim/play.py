"""Playing the games of a run: one game between bots, its result rows, and the chunk function.

``run_chunk(config, start, stop)`` plays games ``start..stop-1`` of a run and returns their rows;
it is the one function every backend executes (in-process, in a process pool, as a Ray task),
so a game's result depends only on the config and its index. It never raises for a failing
game: an exception from a bot or the engine becomes an error entry with the game's seed and
traceback, and the other games of the chunk still run.

Market value per round (``games.jsonl``): the market value of a colour is what a seller gets
for one gem of it (``sell`` pays that many coins per gem). A round starts with the game's first
turn and again whenever a turn goes to a seat that is not later in turn order than the seat of
the previous turn (the order wrapped round; Elixir extra turns never start a round). The value
recorded for a round is the market as the round's first turn begins, folded from the ``market``
events of the log; ``market_final`` is the market when the game ends.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from typing import Any

from iridescia.bots import Bot, make_bot
from iridescia.core.rng import Rng
from iridescia.games.iridescia.data import COLOUR_NAMES, OBJECTIVE_BY_ID
from iridescia.games.iridescia.game import Game
from iridescia.games.iridescia.state import Event
from iridescia.sim.columns import SCORE_SOURCES, item_columns, stat_columns
from iridescia.sim.config import SimConfig

# A bot that loops is an error to report, not a run that never ends. Random 4-player games take
# about 350 actions (the longest of 10,000 about 700), so this is far from any real game.
MAX_ACTIONS = 20_000

# Bots that never read their view say so with a class attribute ``needs_view = False`` (the
# random bot). Building a view is most of a random game's time, so these get an empty dict.


@dataclass(slots=True)
class ChunkResult:
    """What a chunk of games produced, every list in game order."""

    start: int
    stop: int
    rows: list[dict[str, Any]] = field(default_factory=list)  # one per seat per game
    games: list[dict[str, Any]] = field(default_factory=list)  # one per game
    records: list[dict[str, Any]] = field(default_factory=list)  # when config.records
    errors: list[dict[str, Any]] = field(default_factory=list)  # one per failed game


def bot_rng(seed: int, seat: int) -> Rng:
    """The RNG of the bot at ``seat`` in the game of ``seed`` (the terminal's convention)."""
    return Rng(seed * 16 + seat + 1)


def _needs_view(bot: Bot) -> bool:
    return bool(getattr(bot, "needs_view", True))


def play_game(config: SimConfig, index: int) -> Game:
    """Play game ``index`` of the run to its end and return it (raises what a bot or the
    engine raises; a bot's illegal choice raises IllegalActionError)."""
    seed = config.seed_of(index)
    specs = config.seats_of(index)
    game = Game.new(config.players, seed, config.options(), config.rules_params())
    rhom = game.rhom_seat
    bots = {seat: make_bot(spec) for seat, spec in enumerate(specs) if seat != rhom}
    views = {seat: config.always_views or _needs_view(bot) for seat, bot in bots.items()}
    rngs = {seat: bot_rng(seed, seat) for seat in bots}
    steps = 0
    while not game.is_terminal():
        seat = game.current_player
        assert seat is not None  # not terminal: someone acts, and never the Rhom
        view = game.view(seat) if views[seat] else {}
        action = bots[seat].choose(view, game.legal_actions(), rngs[seat])
        game.apply(action)  # the checked path: an illegal choice is the bot's error
        steps += 1
        if steps >= MAX_ACTIONS:
            raise RuntimeError(f"the game did not end after {MAX_ACTIONS} actions")
    return game


def first_player(log: list[Event]) -> int:
    for e in log:
        if e.kind == "setup":
            return int(e.data["first"])
    raise ValueError("the game log has no setup event")


def market_series(game: Game, first: int, start: int) -> tuple[list[list[int]], list[int]]:
    """The market value of each colour at the start of every round, and at the end (see the
    module docstring for what a round is); ``start`` is every colour's value at setup."""
    n = game.num_players
    market = [start] * len(COLOUR_NAMES)
    rounds: list[list[int]] = []
    previous: int | None = None
    for e in game.log:
        if e.kind == "market":
            market[COLOUR_NAMES.index(e.data["colour"])] = int(e.data["after"])
        elif e.kind == "turn" and e.data.get("kind") != "extra":
            position = (e.player - first) % n
            if previous is None or position <= previous:
                rounds.append(market[:])
            previous = position
    return rounds, market


def _relics(view: dict[str, Any], seat: int) -> tuple[list[int], list[str]]:
    relics = view["players"][seat]["relics"]
    return [int(r["id"]) for r in relics], [str(r["name"]) for r in relics]


def result_rows(game: Game, config: SimConfig, index: int) -> list[dict[str, Any]]:
    """The rows of a finished game, one per seat (see ``columns`` for what each column means)."""
    specs = config.seats_of(index)
    first = first_player(game.log)
    n = game.num_players
    scores = game.scores()
    totals = [s.total for s in scores]
    ranks = game.ranking()
    winners = set(game.winners())
    stats = game.statistics()
    spectator = game.spectator_view()
    turns = sum(1 for e in game.log if e.kind == "turn")
    rows = []
    for seat in range(n):
        score = scores[seat]
        points = score.as_dict()
        st = stats[seat]
        relic_ids, relic_names = _relics(spectator, seat)
        obj = score.objective_id
        row: dict[str, Any] = {
            "game": index,
            "seed": config.seed_of(index),
            "players": n,
            "seat": seat,
            "bot": specs[seat],
            "is_rhom": seat == game.rhom_seat,
            "first_player": first,
            "position": (seat - first) % n + 1,
            "score_total": points["total"],
            **{f"score_{s}": int(points.get(s, 0)) for s in SCORE_SOURCES},
            "margin": totals[seat] - max(t for i, t in enumerate(totals) if i != seat),
            "rank": ranks[seat],
            "winner": seat in winners,
            "turns": int(st["turns_taken"]),
            "game_turns": turns,
            "length": len(game.history()),
            "items_bought": sum(st["items_bought"].values()),
            "items_used": sum(st["items_used"].values()),
            "relics_restored": len(relic_ids),
            "relic_ids": relic_ids,
            "relic_names": relic_names,
            "objective_id": obj,
            "objective_name": OBJECTIVE_BY_ID[obj].name if obj else "",
            "objective_completed": bool(score.objective_completed),
        }
        row.update(item_columns(st["items_bought"], st["items_used"]))
        row.update(stat_columns(st))
        rows.append(row)
    return rows


def game_row(game: Game, config: SimConfig, index: int) -> dict[str, Any]:
    """The ``games.jsonl`` row of a finished game."""
    specs = config.seats_of(index)
    first = first_player(game.log)
    rounds, final = market_series(game, first, config.rules_params().market_start_value)
    winners = game.winners()
    return {
        "game": index,
        "seed": config.seed_of(index),
        "players": game.num_players,
        "seats": list(specs),
        "rhom_seat": game.rhom_seat,
        "first_player": first,
        "winners": winners,
        "winning_bots": [specs[w] for w in winners],
        "scores": [s.total for s in game.scores()],
        "length": len(game.history()),
        "turns": sum(1 for e in game.log if e.kind == "turn"),
        "rounds": len(rounds),
        "market": {c: [r[i] for r in rounds] for i, c in enumerate(COLOUR_NAMES)},
        "market_final": dict(zip(COLOUR_NAMES, final, strict=True)),
    }


def run_chunk(config: SimConfig, start: int, stop: int) -> ChunkResult:
    """Play games ``start..stop-1``; a failing game becomes an error entry (with its seed and
    traceback) instead of stopping the chunk."""
    out = ChunkResult(start, stop)
    for index in range(start, stop):
        try:
            game = play_game(config, index)
            rows = result_rows(game, config, index)
            summary = game_row(game, config, index)
            record = None
            if config.records:
                record = game.record(seats=config.seats_of(index)).to_json()
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
