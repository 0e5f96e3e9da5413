"""Bot strength: head-to-head matches and solo games against the Rhom, with confidence intervals.

``python -m benchmarks.bots_strength --match greedy,random --games 200``
``python -m benchmarks.bots_strength --match hard,greedy --games 60 --workers 2``
``python -m benchmarks.bots_strength --match hard,rhom --games 60 --progress hr.jsonl``
``python -m benchmarks.bots_strength --match hard,rhom --summarise hr.jsonl`` (a run so far)

Game k uses seed ``first_seed + k``; in a 2-player match the two bots swap seats every game (the
engine draws the first player from the seed, R4), so neither bot keeps a seat advantage. A bot at
seat i gets ``Rng(seed * 16 + i + 1)``, as in the terminal and the simulator. ``rhom`` as the
second bot plays solo games: the first bot is the one human seat. A tie for first counts half.

Prints a Markdown table: the first bot's win rate with a 95% Wilson interval, mean scores and
margin (with a 95% normal interval), CPU time per decision (mean and max over decisions where
the bot had a real choice; CPU time of the bot's thread, so a busy machine does not inflate it:
on an idle core it is the wall time), games/s. Results are recorded in docs/bots.md.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from iridescia import Game
from iridescia.bots import make_bot
from iridescia.core.rng import Rng


def play_one(first: str, second: str, seed: int, index: int) -> dict[str, Any]:
    solo = second == "rhom"
    if solo:
        game, specs, me = Game.new(1, seed), [first], 0
    else:
        specs = [first, second] if index % 2 == 0 else [second, first]
        game, me = Game.new(2, seed), (0 if index % 2 == 0 else 1)
    bots = {i: make_bot(spec) for i, spec in enumerate(specs)}
    rngs = {i: Rng(seed * 16 + i + 1) for i in bots}
    times: list[float] = []
    decisions = 0
    while not game.is_terminal():
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        start = time.thread_time()  # CPU time: other processes on the machine do not count
        action = bots[seat].choose(game.view(seat), legal, rngs[seat])
        elapsed = time.thread_time() - start
        if seat == me:
            decisions += 1
            if len(legal) > 1:
                times.append(elapsed)
        game.apply(action)
    scores = [b.total for b in game.scores()]
    other = 1 - me
    winners = game.winners()
    win = (1.0 / len(winners)) if me in winners else 0.0
    return {
        "seed": seed,
        "win": win,
        "score": scores[me],
        "other": scores[other],
        "decisions": decisions,
        "times": times,
    }


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(first: str, second: str, rows: list[dict[str, Any]], wall: float) -> dict[str, Any]:
    n = len(rows)
    wins = sum(r["win"] for r in rows)
    margins = [r["score"] - r["other"] for r in rows]
    times = [t for r in rows for t in r["times"]]
    sd = statistics.stdev(margins) if n > 1 else 0.0
    lo, hi = wilson(wins, n)
    return {
        "match": f"{first} vs {second}",
        "games": n,
        "win_rate": wins / n,
        "win_ci": [lo, hi],
        "score": statistics.fmean(r["score"] for r in rows),
        "other_score": statistics.fmean(r["other"] for r in rows),
        "margin": statistics.fmean(margins),
        "margin_ci": 1.96 * sd / math.sqrt(n) if n > 1 else 0.0,
        "decision_mean_s": statistics.fmean(times) if times else 0.0,
        "decision_max_s": max(times, default=0.0),
        "decisions_per_game": statistics.fmean(r["decisions"] for r in rows),
        "games_per_s": n / wall,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--match", required=True, help="BOT,OPPONENT (OPPONENT may be 'rhom')")
    ap.add_argument("--summarise", metavar="PROGRESS", help="only summarise a progress file")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", help="also write the summary and rows here")
    ap.add_argument("--progress", help="append each finished game's row here (1 worker)")
    args = ap.parse_args()
    first, _, second = args.match.partition(",")
    if args.summarise:
        with open(args.summarise, encoding="utf-8") as f:
            done = [json.loads(line) for line in f if line.strip()]
        print_summary(summarise(first, second, done, float("inf")))
        return
    seeds = [args.first_seed + k for k in range(args.games)]
    start = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            futures = [pool.submit(play_one, first, second, s, k) for k, s in enumerate(seeds)]
            rows = [f.result() for f in futures]
    else:
        rows = []
        for k, s in enumerate(seeds):
            rows.append(play_one(first, second, s, k))
            if args.progress:  # one line per finished game, so a long run can be read early
                with open(args.progress, "a", encoding="utf-8") as f:
                    f.write(json.dumps(rows[-1]) + "\n")
    summary = summarise(first, second, rows, time.perf_counter() - start)
    print_summary(summary)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"summary": summary, "rows": rows}, f)


def print_summary(summary: dict[str, Any]) -> None:
    lo, hi = summary["win_ci"]
    print("| match | games | win rate (95% CI) | scores | margin (95% CI) | s/decision mean, max |")
    print("| --- | --- | --- | --- | --- | --- |")
    print(
        f"| {summary['match']} | {summary['games']} | {summary['win_rate']:.1%} "
        f"({lo:.1%}–{hi:.1%}) | {summary['score']:.1f} vs {summary['other_score']:.1f} | "
        f"{summary['margin']:+.1f} (±{summary['margin_ci']:.1f}) | "
        f"{summary['decision_mean_s']:.3f}, {summary['decision_max_s']:.2f} |"
    )


if __name__ == "__main__":
    main()
