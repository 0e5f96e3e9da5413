"""Gems of Iridescia's sim plug-in: its result columns, statistics folded from its events, the
gem market per round, its rules parameters, turn-order grouping and its report sections.

Rows (one per seat): ``FIXED`` first (the game, seat and bot, turn order, the score and its
sources, margin, rank, winner, turns and length, items, relics, the objective), then
``bought_<item>`` / ``used_<item>`` for the 12 item kinds, then every per-player statistic of
the game's ``Statistics`` flattened as ``stat_<name>`` or ``stat_<name>_<key>`` in the order it
gives them, so a statistic added to the engine appears in the results by itself. Statistics
another column already holds are left out (``points`` = the ``score_*`` columns,
``items_bought``/``items_used`` = ``bought_*``/``used_*``, ``turns_taken`` = ``turns``). This
layout predates the generic columns and is kept as it was, so runs stay comparable: the final
score is ``score_total``, the automa (the Rhom) is ``is_rhom``, the mode is in ``meta.json``.

Market value per round (``games.jsonl``): the market value of a colour is what a seller gets for
one gem of it (``sell`` pays that many coins per gem). A round starts with the game's first
turn and again whenever a turn goes to a seat that is not later in turn order than the seat of
the previous turn (the order wrapped round; Elixir extra turns never start a round). The value
recorded for a round is the market as the round's first turn begins, folded from the ``market``
events; ``market_final`` is the market when the game ends.

Every statistic is folded from the events as they come (``IridesciaTally``), from the setup's
(who plays first, and the Rhom's opening turn) to the last action's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from iridescia.core.events import Event
from iridescia.core.game import Game as AnyGame
from iridescia.games.iridescia import (
    COLOUR_NAMES,
    GAME_NAME,
    OBJECTIVE_BY_ID,
    Game,
    RulesParams,
    Statistics,
)
from iridescia.sim.columns import ColumnKinds
from iridescia.sim.plugin import Finished, Row, Section, SimPlugin, Tally

# Sources of ScoreBreakdown.as_dict(); "other" is present there only when not 0, so it is given
# explicitly here to keep every row's columns the same.
SCORE_SOURCES: tuple[str, ...] = (
    "relic_points", "tile_bonus_points", "iridia_stone", "token", "gems", "relic_sets",
    "tile_sets", "objective", "merchant", "overflow", "other",
)  # fmt: skip

FIXED: tuple[str, ...] = (
    "game",  # index of the game in the run (0-based)
    "seed",  # the game's seed (run seed + game index)
    "players",  # seats at the table, the Rhom's included
    "seat",  # 0-based seat
    "bot",  # bot spec at this seat ("rhom" for the automa)
    "is_rhom",
    "first_player",  # seat that played first (drawn from the seed, R4)
    "position",  # place in turn order, 1 = played first
    "score_total",
    *(f"score_{s}" for s in SCORE_SOURCES),
    "margin",  # score_total minus the best score among the other seats
    "rank",  # 1 = best after tie-breaks (R33); tied seats share a rank
    "winner",  # rank 1 (several seats can win a tie)
    "turns",  # turns this seat played (extra turns and Castle turns included)
    "game_turns",  # turns played in the game by every seat
    "length",  # actions taken in the game (decisions made by the bots)
    "items_bought",
    "items_used",
    "relics_restored",
    "relic_ids",  # list of relic ids in the order restored
    "relic_names",
    "objective_id",  # objective scored or evaluated at the end (None without one)
    "objective_name",
    "objective_completed",
)

# Statistics already present under another column (see the module docstring).
_SKIPPED_STATS = frozenset({"points", "items_bought", "items_used", "turns_taken"})

MARKET_DEFINITION = (
    "market[colour][r] = coins a seller gets for one gem of that colour as round r begins; "
    "a round starts at the first turn and whenever turn order wraps round (extra turns excluded)"
)
RHOM_GROUP = "Rhom"  # the Rhom's rows are grouped apart from the turn-order positions


def seat_group(row: Mapping[str, Any]) -> str:
    """A row's turn-order position ("1" played first), or the Rhom's group."""
    return RHOM_GROUP if row["is_rhom"] else str(row["position"])


def item_columns(bought: Mapping[str, int], used: Mapping[str, int]) -> dict[str, int]:
    """``bought_<item>`` for every item kind, then ``used_<item>``."""
    out = {f"bought_{k}": int(v) for k, v in bought.items()}
    out.update({f"used_{k}": int(v) for k, v in used.items()})
    return out


def stat_columns(stats: Mapping[str, Any]) -> dict[str, Any]:
    """One seat's statistics flattened to ``stat_*`` columns."""
    out: dict[str, Any] = {}
    for name, value in stats.items():
        if name in _SKIPPED_STATS:
            continue
        if isinstance(value, Mapping):
            for key, sub in value.items():
                out[f"stat_{name}_{key}"] = sub
        else:
            out[f"stat_{name}"] = value
    return out


class IridesciaTally:
    """Folds a game's events as they come: the statistics, who played first, turns, and the
    market value of each colour at the start of every round (the module docstring)."""

    __slots__ = ("first", "market", "previous", "rounds", "seats", "stats", "turns")

    def __init__(self, game: Game) -> None:
        self.seats = game.num_players
        self.stats = Statistics(self.seats)
        self.first = -1
        self.market = [game.params.market_start_value] * len(COLOUR_NAMES)
        self.rounds: list[list[int]] = []
        self.previous: int | None = None
        self.turns = 0

    def observe(self, events: Sequence[Event]) -> None:
        self.stats.observe(events)
        for e in events:
            kind = e.kind
            if kind == "market":
                self.market[COLOUR_NAMES.index(e.data["colour"])] = int(e.data["after"])
            elif kind == "turn":
                self.turns += 1
                if e.data.get("kind") != "extra":
                    position = (e.player - self.first) % self.seats
                    if self.previous is None or position <= self.previous:
                        self.rounds.append(self.market[:])
                    self.previous = position
            elif kind == "setup":
                self.first = int(e.data["first"])

    def first_player(self) -> int:
        if self.first < 0:
            raise ValueError("the game's events had no setup event")
        return self.first


def _relics(view: Mapping[str, Any], seat: int) -> tuple[list[int], list[str]]:
    relics = view["players"][seat]["relics"]
    return [int(r["id"]) for r in relics], [str(r["name"]) for r in relics]


def _narrow(done: Finished, tally: Tally | None) -> tuple[Game, IridesciaTally]:
    if not isinstance(done.game, Game) or not isinstance(tally, IridesciaTally):
        raise TypeError("the Gems of Iridescia plug-in was handed another game")
    return done.game, tally


class IridesciaSim(SimPlugin):
    """Gems of Iridescia in the simulation (the module docstring)."""

    game = GAME_NAME
    automa_name = "rhom"
    automa_title = "the Rhom"
    automa_group = RHOM_GROUP
    score_column = "score_total"
    folds_events = True
    seat_title = "turn order"
    seat_axis = "position (1 = first)"
    kinds = ColumnKinds(
        ints=frozenset(
            {"game", "seed", "players", "seat", "position", "score_total", "rank", "length"}
        ),
        bools=frozenset({"is_rhom", "winner", "objective_completed"}),
        strings=frozenset({"bot", "objective_name"}),
        lists={"relic_ids": int, "relic_names": str},
    )

    def fixed_columns(self, cooperative: bool) -> tuple[str, ...]:
        return FIXED

    def required_columns(self) -> tuple[str, ...]:
        return FIXED

    def tally(self, game: AnyGame) -> IridesciaTally:
        if not isinstance(game, Game):
            raise TypeError("the Gems of Iridescia plug-in was handed another game")
        return IridesciaTally(game)

    def seat_rows(self, done: Finished, tally: Tally | None) -> list[Row]:
        game, folded = _narrow(done, tally)
        first = folded.first_player()
        n = game.num_players
        scores = game.scores()
        totals = [s.total for s in scores]
        ranks = game.ranking()
        winners = set(done.outcome.winners)
        folded.stats.finish(scores)
        stats = folded.stats.as_json()
        spectator = game.spectator_view()
        rows = []
        for seat in range(n):
            score = scores[seat]
            points = score.as_dict()
            st = stats[seat]
            relic_ids, relic_names = _relics(spectator, seat)
            obj = score.objective_id
            row: Row = {
                "game": done.index,
                "seed": done.seed,
                "players": n,
                "seat": seat,
                "bot": done.seats[seat],
                "is_rhom": seat == game.rhom_seat,
                "first_player": first,
                "position": (seat - first) % n + 1,
                "score_total": points["total"],
                **{f"score_{s}": int(points.get(s, 0)) for s in SCORE_SOURCES},
                "margin": totals[seat] - max(t for i, t in enumerate(totals) if i != seat),
                "rank": ranks[seat],
                "winner": seat in winners,
                "turns": int(st["turns_taken"]),
                "game_turns": folded.turns,
                "length": done.length,
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

    def game_row(self, done: Finished, tally: Tally | None) -> Row:
        game, folded = _narrow(done, tally)
        winners = list(done.outcome.winners)
        return {
            "game": done.index,
            "seed": done.seed,
            "players": game.num_players,
            "seats": list(done.seats),
            "rhom_seat": game.rhom_seat,
            "first_player": folded.first_player(),
            "winners": winners,
            "winning_bots": [done.seats[w] for w in winners],
            "scores": list(done.outcome.scores),
            "length": done.length,
            "turns": folded.turns,
            "rounds": len(folded.rounds),
            "market": {c: [r[i] for r in folded.rounds] for i, c in enumerate(COLOUR_NAMES)},
            "market_final": dict(zip(COLOUR_NAMES, folded.market, strict=True)),
        }

    def params(self, overrides: Sequence[tuple[str, str]]) -> tuple[dict[str, Any], Any]:
        """The ``RulesParams`` text syntax (``tile_sets=3:3,5:7,7:12``); ValueError naming an
        unknown parameter or a bad value."""
        chosen = RulesParams().with_overrides(dict(overrides))
        every = chosen.to_json()
        return {name: every[name] for name, _ in overrides}, every

    def meta(self) -> dict[str, Any]:
        return {"market_definition": MARKET_DEFINITION}

    def __init__(self, sections: tuple[Section, ...] = ()) -> None:
        self._sections = sections

    def seat_group(self, row: Mapping[str, Any]) -> str:
        return seat_group(row)

    def length_measures(self, games: Sequence[Row]) -> list[tuple[str, list[int]]]:
        return [("rounds", [int(g["rounds"]) for g in games if "rounds" in g])]

    def sections(self) -> tuple[Section, ...]:
        """The sections of ``iridescia_report`` (given by the registry, which imports both)."""
        return self._sections
