"""Solo diagnostics: a bot against the Rhom, with the failings issue 16 names, game by game.

``python -m benchmarks.solo_diagnostics --bot greedy --games 100``
``python -m benchmarks.solo_diagnostics --bot hard --games 40 --first-seed 0 --progress h.jsonl``
``python -m benchmarks.solo_diagnostics --bot hard --summarise h.jsonl`` (a run so far)

Game k uses seed ``first_seed + k``; the bot is the one human seat (seat 0) and gets
``Rng(seed * 16 + 1)``, as in ``bots_strength`` (so the same seeds give the same games there).
Besides the win rate (95% Wilson interval, a tie counts half), the scores and the margin (95%
normal interval), it prints what the records of the issue showed, as means per game: Regal
Reference Books bought, reservations made and restored (and how many reserved Iridia relics);
gems given to the Rhom over the cargo limit (R17) and the points the Rhom scored from its own
overflow (R45); gems sold at 1 or 2 coins each; items bought and never played; relics restored
by each side (Iridia relics apart); times the bot was blocked (a dead end) and its sideways
moves; turns each side took to reach the Castle and how often the Rhom got there first; the
bot's points by source; CPU seconds per decision with a real choice (mean, p99, max).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections import Counter
from typing import Any

from iridescia import Game
from iridescia.bots import make_bot
from iridescia.core.rng import Rng

IRIDIA_RELICS = frozenset({21, 22, 23, 24})
COUNTS = (
    "books_bought", "reserved", "reserved_iridia", "reserved_restored", "gems_given_to_rhom",
    "rhom_overflow_points", "cheap_sells", "cheap_gems_sold", "items_unplayed",
    "relics", "iridia_relics", "rhom_relics", "rhom_iridia_relics", "blocked", "sideways",
    "turns_to_castle", "rhom_turns_to_castle", "rhom_first",
)  # fmt: skip


def play_one(spec: str, seed: int) -> dict[str, Any]:
    game = Game.new(1, seed)
    rhom = game.rhom_seat
    assert rhom is not None
    bot = make_bot(spec)
    rng = Rng(seed * 16 + 1)
    times: list[float] = []
    while not game.is_terminal():
        legal = game.legal_actions()
        start = time.thread_time()
        action = bot.choose(game.view(0), legal, rng)
        if len(legal) > 1:
            times.append(time.thread_time() - start)
        game.apply(action)
    row: dict[str, Any] = dict.fromkeys(COUNTS, 0)
    row["seed"] = seed
    turns = Counter[int]()
    castle: dict[int, int] = {}
    bought: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for e in game.log:
        d = e.data
        if e.kind == "turn" and d.get("kind") != "remove":
            turns[e.player] += 1
        elif e.kind == "castle":
            castle.setdefault(e.player, turns[e.player])
        elif e.player != 0:
            if e.kind == "restore":
                row["rhom_relics"] += 1
                row["rhom_iridia_relics"] += d["relic"] in IRIDIA_RELICS
            elif e.kind == "rhom_overflow":
                row["rhom_overflow_points"] += d["points"]
        elif e.kind == "buy":
            bought[d["item"]] += 1
            row["books_bought"] += d["item"] == "book"
        elif e.kind == "play":
            played[d["item"]] += 1
        elif e.kind == "reserve":
            row["reserved"] += 1
            row["reserved_iridia"] += d["relic"] in IRIDIA_RELICS
        elif e.kind == "restore":
            row["relics"] += 1
            row["iridia_relics"] += d["relic"] in IRIDIA_RELICS
            row["reserved_restored"] += bool(d["reserved"])
        elif e.kind == "give" and d["to"] == rhom:
            row["gems_given_to_rhom"] += 1
        elif e.kind == "sell" and d["coins"] <= 2 * d["count"]:
            row["cheap_sells"] += 1
            row["cheap_gems_sold"] += d["count"]
        elif e.kind == "blocked":
            row["blocked"] += 1
    row["items_unplayed"] = sum(max(0, n - played[k]) for k, n in bought.items())
    row["sideways"] = _sideways(game)
    row["turns_to_castle"] = castle.get(0, turns[0])
    row["rhom_turns_to_castle"] = castle.get(rhom, turns[rhom])
    firsts = [e.player for e in game.log if e.kind == "castle"]
    row["rhom_first"] = int(bool(firsts) and firsts[0] == rhom)
    scores = game.scores()
    winners = game.winners()
    row["win"] = (1.0 / len(winners)) if 0 in winners else 0.0
    row["score"] = scores[0].total
    row["rhom_score"] = scores[rhom].total
    row["sources"] = scores[0].as_dict()
    row["times"] = times
    return row


def _sideways(game: Game) -> int:
    """Moves of seat 0 that stayed in the same row (hexes are numbered row by row)."""
    from_hex = 0
    count = 0
    for e in game.log:
        if e.kind == "move" and e.player == 0:
            to = int(e.data["to"])
            if from_hex and _row(to) == _row(from_hex):
                count += 1
            from_hex = to
    return count


_ROW_STARTS = (1, 7, 14, 20, 27, 33, 40, 46, 53, 59)


def _row(h: int) -> int:
    return next(i for i in range(9) if _ROW_STARTS[i] <= h < _ROW_STARTS[i + 1]) + 1


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def report(spec: str, rows: list[dict[str, Any]]) -> None:
    n = len(rows)
    wins = sum(r["win"] for r in rows)
    lo, hi = wilson(wins, n)
    margins = [r["score"] - r["rhom_score"] for r in rows]
    half = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else 0.0
    times = sorted(t for r in rows for t in r["times"])
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
    print(f"# {spec} vs the Rhom: {n} solo games (seeds {rows[0]['seed']}..{rows[-1]['seed']})")
    print("| measure | per game |\n| --- | --- |")
    print(f"| win rate | {wins / n:.1%} ({lo:.1%}–{hi:.1%}) |")
    print(
        f"| scores | {statistics.fmean(r['score'] for r in rows):.1f} vs "
        f"{statistics.fmean(r['rhom_score'] for r in rows):.1f}, margin "
        f"{statistics.fmean(margins):+.1f} (±{half:.1f}) |"
    )
    for key in COUNTS:
        print(f"| {key.replace('_', ' ')} | {statistics.fmean(r[key] for r in rows):.2f} |")
    sources = sorted({k for r in rows for k in r["sources"] if k != "total"})
    parts = ", ".join(
        f"{k} {statistics.fmean(r['sources'].get(k, 0) for r in rows):.1f}" for k in sources
    )
    print(f"| bot's points by source | {parts} |")
    if times:
        print(
            f"| CPU s per decision (mean, p99, max) | {statistics.fmean(times):.3f}, "
            f"{p99:.3f}, {times[-1]:.3f} |"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--progress", help="append each finished game's row here")
    ap.add_argument("--summarise", metavar="PROGRESS", help="only summarise a progress file")
    args = ap.parse_args()
    if args.summarise:
        with open(args.summarise, encoding="utf-8") as f:
            report(args.bot, [json.loads(line) for line in f if line.strip()])
        return
    rows = []
    for k in range(args.games):
        rows.append(play_one(args.bot, args.first_seed + k))
        if args.progress:
            with open(args.progress, "a", encoding="utf-8") as f:
                f.write(json.dumps(rows[-1]) + "\n")
    report(args.bot, rows)


if __name__ == "__main__":
    main()
