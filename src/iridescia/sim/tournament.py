"""Round-robin tournaments between bots, rated with OpenSkill (Plackett-Luce).

The schedule: every combination of ``players`` bots (or, with fewer bots than seats, every
multiset of them that mixes at least two bots), and for each combination every distinct seat
order. Game ``k`` plays table ``k mod tables`` with seed ``seed + k``; the total number of games
is rounded up to a whole number of passes over the tables, so each bot plays each seat of each
pairing equally often. When the game has a ``first_player`` option for the mode, tournaments
fix it to seat 0, so that the seat order *is* the turn order and the balance is exact rather
than left to the game's draw of the first player (Gems of Iridescia's R4, Gem Rush's R6).

Any game and mode in which every seat plays for itself can hold a tournament: not a cooperative
mode (the table wins or loses together) nor one with automa seats (the bots are rated against
each other only).

Ratings: one ``PlackettLuce`` model with its default prior (mu 25, sigma 25/3), games rated one
at a time in game-index order (so the result does not depend on which worker finished first),
each seat a one-player team ranked by the game's ranking (ties share a rank). When a bot holds
two seats of one game, both seats start from its current rating and its new rating is the mean
of their updates. ``ordinal`` is OpenSkill's conservative estimate mu - 3 sigma, used to sort.

Pairwise matrix: ``pairwise[a][b]`` is the share of seat pairs (a's seat, b's seat) in games
with both where a finished ahead of b, a tie counting one half.

The ratings are folded from a projection of the result rows kept as the games come
(``Standings``: game, seat, bot, rank, winner, score, margin), not from the rows themselves.
"""

from __future__ import annotations

import itertools
import json
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from iridescia.core.game import GameInfo, Mode
from iridescia.games import get as get_game
from iridescia.sim import html as h
from iridescia.sim import stats as st
from iridescia.sim.config import SimConfig, SimConfigError
from iridescia.sim.play import ChunkResult

Row = dict[str, Any]
FIRST_PLAYER = "first_player"  # the option tournaments fix to seat 0 when the game has it


def tournament_mode(info: GameInfo, options: dict[str, Any], mode: str | None) -> Mode:
    """The mode a tournament plays: ``mode``, or the first mode in which every seat plays for
    itself and that agrees with the options given; SimConfigError when it cannot be rated."""
    try:
        chosen = info.mode(mode) if mode is not None else None
    except ValueError as exc:
        raise SimConfigError(str(exc)) from None
    if chosen is None:
        setting = {key for m in info.modes for key in m.options}
        for m in info.modes:
            agrees = all(
                m.options.get(k, info.option(k).default) == v
                for k, v in options.items()
                if k in setting
            )
            if agrees and not m.cooperative and not m.automa_seats:
                return m
        raise SimConfigError(f"{info.title} has no mode in which bots can be rated against "
                             "each other (every seat playing for itself)")  # fmt: skip
    if chosen.cooperative:
        raise SimConfigError(
            f"{chosen.title} is cooperative: the table wins or loses together, so its bots "
            "cannot be rated against each other; choose a competitive --mode, or compare "
            f"team scores: 'iridescia simulate --game {info.name} --mode {chosen.name} "
            "--seats BOT' for each bot, then 'iridescia report' on each run"
        )
    if chosen.automa_seats:
        raise SimConfigError(f"a tournament rates bots only; mode {chosen.name} adds automa seats")
    return chosen


def tournament_players(info: GameInfo, mode: Mode, players: int | None) -> int:
    """The table size (default: the smallest with two bots); SimConfigError if it does not fit."""
    low, high = max(2, mode.min_players), mode.max_players
    count = low if players is None else players
    if not low <= count <= high:
        raise SimConfigError(
            f"a tournament of {info.title} ({mode.title}) has {low} to {high} players, not {count}"
        )
    return count


def schedule(bots: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """Every table of the round robin: bot combinations, each in every distinct seat order."""
    if len(bots) < 2:
        raise SimConfigError("a tournament needs at least two bots (--bots a,b)")
    twice = sorted({b for b in bots if list(bots).count(b) > 1})
    if twice:
        raise SimConfigError(f"--bots lists {', '.join(twice)} more than once")
    if len(bots) >= players:
        combos = list(itertools.combinations(bots, players))
    else:
        combos = [
            c for c in itertools.combinations_with_replacement(bots, players) if len(set(c)) > 1
        ]
    tables: list[tuple[str, ...]] = []
    for combo in combos:
        tables.extend(dict.fromkeys(itertools.permutations(combo)))
    return tuple(tables)


def tournament_config(
    bots: Sequence[str],
    players: int,
    games: int,
    seed: int,
    records: bool = False,
    *,
    info: GameInfo | None = None,
    mode: Mode | None = None,
    options: dict[str, Any] | None = None,
    params: tuple[tuple[str, str], ...] = (),
) -> SimConfig:
    """The run of a tournament: at least ``games`` games, a whole number of passes (of the
    default game and its tournament mode unless ``info`` and ``mode`` say otherwise)."""
    if games < 1:
        raise SimConfigError("--games must be at least 1")
    tables = schedule(bots, players)
    total = math.ceil(games / len(tables)) * len(tables)
    chosen = dict(options or {})
    game = info or get_game(None).info
    played = mode or tournament_mode(game, chosen, None)
    first = [o for o in game.options if o.name == FIRST_PLAYER]
    if first and (not first[0].modes or played.name in first[0].modes):
        chosen.setdefault(FIRST_PLAYER, 0)
    return SimConfig(
        games=total,
        players=players,
        tables=tables,
        seed=seed,
        game=game.name,
        mode=played.name,
        options=tuple(chosen.items()),
        params=params,
        records=records,
        labels=tuple(",".join(t) for t in tables),
    )


class Standings:
    """Keeps, as chunks come, what the ratings need of each seat (a sink for ``run``)."""

    __slots__ = ("rows", "score")

    def __init__(self, score_column: str) -> None:
        self.score = score_column
        self.rows: list[Row] = []

    def __call__(self, chunk: ChunkResult) -> None:
        for r in chunk.rows:
            self.rows.append(
                {
                    "game": r["game"],
                    "seat": r["seat"],
                    "bot": r["bot"],
                    "rank": r["rank"],
                    "winner": r["winner"],
                    "score": r[self.score],
                    "margin": r["margin"],
                }
            )


@dataclass(frozen=True, slots=True)
class Standing:
    bot: str
    seats: int  # games played, counting a bot's every seat
    wins: int
    mean_score: float
    mean_margin: float
    mu: float
    sigma: float
    ordinal: float

    @property
    def win_rate(self) -> st.Rate:
        return st.Rate(self.wins, self.seats)

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.win_rate.interval
        return {
            "bot": self.bot,
            "games": self.seats,
            "wins": self.wins,
            "win_rate": round(self.win_rate.p, 4),
            "win_rate_low": round(lo, 4),
            "win_rate_high": round(hi, 4),
            "mean_score": round(self.mean_score, 3),
            "mean_margin": round(self.mean_margin, 3),
            "mu": round(self.mu, 4),
            "sigma": round(self.sigma, 4),
            "ordinal": round(self.ordinal, 4),
        }


def _by_game(rows: Sequence[Row]) -> list[list[Row]]:
    games: dict[int, list[Row]] = defaultdict(list)
    for r in rows:
        games[r["game"]].append(r)
    return [sorted(games[k], key=lambda r: r["seat"]) for k in sorted(games)]


def rate(rows: Sequence[Row], bots: Sequence[str]) -> dict[str, tuple[float, float]]:
    """Each bot's (mu, sigma) after rating every game in game-index order."""
    # openskill is an optional dependency (the "sim" extra): imported when ratings are made.
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    prior = model.rating()
    ratings = {b: (prior.mu, prior.sigma) for b in bots}
    for seats in _by_game(rows):
        teams = [[model.rating(mu=ratings[r["bot"]][0], sigma=ratings[r["bot"]][1])] for r in seats]
        new = model.rate(teams, ranks=[float(r["rank"]) for r in seats])
        updates: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for r, team in zip(seats, new, strict=True):
            updates[r["bot"]].append((team[0].mu, team[0].sigma))
        for bot, values in updates.items():
            ratings[bot] = (st.mean(m for m, _ in values), st.mean(s for _, s in values))
    return ratings


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma  # OpenSkill's default ordinal (z = 3)


def standings(rows: Sequence[Row], bots: Sequence[str]) -> list[Standing]:
    """The table, best ordinal first (ties by name, so the order is stable)."""
    ratings = rate(rows, bots)
    groups = st.group(rows, st.bot_group)
    out = []
    for bot in bots:
        mine = groups.get(bot, [])
        mu, sigma = ratings[bot]
        out.append(
            Standing(
                bot,
                len(mine),
                sum(1 for r in mine if r["winner"]),
                st.mean(r["score"] for r in mine),
                st.mean(r["margin"] for r in mine),
                mu,
                sigma,
                ordinal(mu, sigma),
            )
        )
    return sorted(out, key=lambda s: (-s.ordinal, s.bot))


def pairwise(rows: Sequence[Row], bots: Sequence[str]) -> dict[str, dict[str, float | None]]:
    """``[a][b]``: share of (a seat, b seat) pairs where a finished ahead (ties half)."""
    ahead: dict[tuple[str, str], float] = defaultdict(float)
    count: dict[tuple[str, str], int] = defaultdict(int)
    for seats in _by_game(rows):
        for x, y in itertools.permutations(seats, 2):
            if x["bot"] == y["bot"]:
                continue
            key = (x["bot"], y["bot"])
            count[key] += 1
            ahead[key] += 1.0 if x["rank"] < y["rank"] else (0.5 if x["rank"] == y["rank"] else 0)
    return {
        a: {b: (round(ahead[a, b] / count[a, b], 4) if count[a, b] else None) for b in bots}
        for a in bots
    }


def summary(config: SimConfig, rows: Sequence[Row], bots: Sequence[str]) -> dict[str, Any]:
    """``tournament.json``: a function of the config alone (no timings; see meta.json)."""
    info = config.spec.info
    return {
        "bots": list(bots),
        "players": config.players,
        "games": config.games,
        "games_played": len({r["game"] for r in rows}),
        "seed": config.seed,
        "tables": [list(t) for t in config.tables],
        "games_per_table": config.games // len(config.tables),
        "rating_model": f"openskill {metadata.version('openskill')} PlackettLuce (default prior)",
        "standings": [s.to_json() for s in standings(rows, bots)],
        "pairwise": pairwise(rows, bots),
        "game": info.name,
        "mode": config.resolved_mode().name,
        "data_set": config.data_set(),
        **({"notice": info.notice} if info.notice else {}),
    }


def _ratings_figure(data: dict[str, Any], stamp: h.Stamp) -> str:
    table = data["standings"]
    fig = h.new_figure(8, 0.6 * len(table) + 1.5)
    ax = fig.add_subplot()
    ys = list(range(len(table)))
    ax.errorbar(
        [s["mu"] for s in table],
        ys,
        xerr=[2 * s["sigma"] for s in table],
        fmt="o",
        capsize=4,
        color=h.PALETTE[0],
    )
    ax.set_yticks(ys, labels=[s["bot"] for s in table])
    ax.invert_yaxis()
    ax.set_xlabel("rating mu (bars: ± 2 sigma)")
    ax.set_title("OpenSkill Plackett-Luce ratings")
    return h.img(fig, "ratings", stamp)


def _pairwise_figure(data: dict[str, Any], stamp: h.Stamp) -> str:
    bots = data["bots"]
    matrix = [[data["pairwise"][a][b] for b in bots] for a in bots]
    fig = h.new_figure(1.2 * len(bots) + 3, 1.0 * len(bots) + 2)
    ax = fig.add_subplot()
    shown = [[math.nan if v is None else v for v in line] for line in matrix]
    image = ax.imshow(shown, vmin=0, vmax=1, cmap="RdYlGn")
    for i, line in enumerate(matrix):
        for j, v in enumerate(line):
            ax.text(j, i, "-" if v is None else f"{v:.0%}", ha="center", va="center")
    ax.set_xticks(range(len(bots)), labels=bots)
    ax.set_yticks(range(len(bots)), labels=bots)
    ax.set_xlabel("opponent")
    ax.set_ylabel("bot")
    ax.set_title("Share of head-to-head finishes ahead (row vs column)")
    fig.colorbar(image, ax=ax)
    return h.img(fig, "pairwise", stamp)


def tournament_html(data: dict[str, Any], meta: dict[str, Any]) -> str:
    head = ["bot", "games", "wins", "win rate", "95% CI", "mean score", "mean margin"]
    head += ["mu", "sigma", "ordinal"]
    lines = [
        [
            s["bot"],
            s["games"],
            s["wins"],
            f"{s['win_rate']:.1%}",
            f"[{s['win_rate_low']:.1%}, {s['win_rate_high']:.1%}]",
            s["mean_score"],
            s["mean_margin"],
            s["mu"],
            s["sigma"],
            s["ordinal"],
        ]
        for s in data["standings"]
    ]
    bots = data["bots"]
    matrix = [
        [a, *("-" if v is None else f"{v:.1%}" for v in data["pairwise"][a].values())] for a in bots
    ]
    title = str(meta.get("game_title") or data.get("game", ""))
    notice = data.get("notice")
    stamp = h.game_stamp(title, notice, str(data.get("data_set", "")))
    facts = [
        ("game", f"{title} ({data.get('game')}), mode {data.get('mode')}"),
        ("rules version / data set", f"{meta.get('rules_version')} / {data.get('data_set')}"),
        ("command", " ".join(meta.get("command", []))),
        ("players", data["players"]),
        ("games (per table)", f"{data['games']} ({data['games_per_table']})"),
        ("tables", len(data["tables"])),
        ("seed", data["seed"]),
        ("rating model", data["rating_model"]),
        ("games/s", meta.get("games_per_second")),
    ]
    standings_html = h.section(
        "standings", "Standings", _ratings_figure(data, stamp), h.table(head, lines)
    )
    pairwise_html = h.section(
        "pairwise", "Head to head", _pairwise_figure(data, stamp), h.table(["", *bots], matrix)
    )
    sections = [
        ("standings", "Standings", standings_html),
        ("pairwise", "Head to head", pairwise_html),
    ]
    header = h.notice(str(notice or "")) + h.facts(facts)
    return h.page(f"{title} tournament", header, sections, subtitle=f"{data['games']} games")


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
