"""Gem Rush bots: strength and speed, with confidence intervals (results in docs/bots.md).

``python -m benchmarks.gemrush_bots --match greedy,random --games 200``   2-player Rush
``python -m benchmarks.gemrush_bots --match hard,greedy --games 200 --workers 2``
``python -m benchmarks.gemrush_bots --crisis greedy --players 4 --games 100``   a bot team

Rush matches: game k uses seed ``first_seed + k`` and the two bots swap seats every game, so
neither keeps the first player's seat. A tie for first counts as a share of the win (R45). Crisis:
every seat is the same bot; the team score is compared with the six levels of R3.

A bot at seat i gets ``Rng(seed * 16 + i + 1)``, as in the terminal and the simulator. Time per
decision is CPU time of the bot's thread over decisions with a real choice (so a busy machine
does not inflate it), and games/s are per CPU second of the process (one core). Gem Rush's
components are provisional: every printout says so, with the data set.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from iridescia.bots import make_bot
from iridescia.core.rng import Rng
from iridescia.games import get

GAME = get("gem-rush")
LEVELS = {"apprentice": 36, "journeyman": 44, "artisan": 52, "expert": 60, "master": 66,
          "grandmaster": 72}  # fmt: skip


def play_one(specs: list[str], mode: str, seed: int, timed: set[int]) -> dict[str, Any]:
    """One game; CPU time per decision of the seats in ``timed``."""
    game = GAME.new(len(specs), seed, mode=mode, keep_log=False)
    bots = [make_bot(spec, GAME) for spec in specs]
    rngs = [Rng(seed * 16 + i + 1) for i in range(len(specs))]
    times: list[float] = []
    decisions = 0
    start_game = time.process_time()
    while not game.is_terminal():
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        start = time.thread_time()
        action = bots[seat].choose(game.view(seat), legal, rngs[seat])
        elapsed = time.thread_time() - start
        decisions += 1
        if seat in timed and len(legal) > 1:
            times.append(elapsed)
        game.apply(action)
    outcome = game.outcome()
    return {
        "seed": seed,
        "scores": list(outcome.scores),
        "returns": list(outcome.returns),
        "team": outcome.team_score,
        "times": times,
        "decisions": decisions,
        "cpu": time.process_time() - start_game,
    }


def _match_game(args: tuple[str, str, int, int]) -> dict[str, Any]:
    first, second, seed, index = args
    me = index % 2
    specs = [first, second] if me == 0 else [second, first]
    result = play_one(specs, "rush", seed, {me})
    result["win"] = result["returns"][me]
    result["margin"] = result["scores"][me] - result["scores"][1 - me]
    return result


def _crisis_game(args: tuple[str, int, int]) -> dict[str, Any]:
    spec, players, seed = args
    return play_one([spec] * players, "crisis", seed, set(range(players)))


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _times_line(results: list[dict[str, Any]]) -> str:
    times = [t for r in results for t in r["times"]]
    if not times:
        return "no timed decisions"
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return (
        f"{statistics.fmean(times) * 1000:.1f} ms mean, p99 {p99 * 1000:.0f} ms, "
        f"max {times[-1] * 1000:.0f} ms over {len(times)} decisions"
    )


def _run(tasks: list[Any], worker: Any, workers: int) -> list[dict[str, Any]]:
    if workers <= 1:
        return [worker(t) for t in tasks]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(worker, tasks, chunksize=4))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--match", help="two bot specs, e.g. hard,greedy (2-player Rush)")
    ap.add_argument("--crisis", help="one bot spec for every seat of a Crisis team")
    ap.add_argument("--players", type=int, default=4, help="Crisis table size")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first-seed", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    print(f"Gem Rush, provisional components (data set {GAME.info.data_set})")
    start = time.perf_counter()
    if args.match:
        first, second = (x.strip() for x in args.match.split(","))
        tasks = [(first, second, args.first_seed + k, k) for k in range(args.games)]
        results = _run(tasks, _match_game, args.workers)
        wins = sum(r["win"] for r in results)
        lo, hi = wilson(wins, len(results))
        margins = [r["margin"] for r in results]
        half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else 0
        print(f"| {first} vs {second} | games | win rate (95% CI) | margin | {first} time |")
        print("| --- | --- | --- | --- | --- |")
        print(
            f"| 2-player Rush | {len(results)} | **{wins / len(results):.1%}** "
            f"({lo:.1%}-{hi:.1%}) | {statistics.fmean(margins):+.1f} ± {half:.1f} | "
            f"{_times_line(results)} |"
        )
    elif args.crisis:
        tasks = [(args.crisis, args.players, args.first_seed + k) for k in range(args.games)]
        results = _run(tasks, _crisis_game, args.workers)
        teams = sorted(r["team"] for r in results)
        q = statistics.quantiles(teams, n=4) if len(teams) > 1 else [teams[0]] * 3
        reached = ", ".join(
            f"{name} {sum(t >= target for t in teams) / len(teams):.0%}"
            for name, target in LEVELS.items()
        )
        print(
            f"{args.players}-player Crisis, {args.crisis} team, {len(teams)} games: median "
            f"{statistics.median(teams):g} (quartiles {q[0]:g}-{q[2]:g}); reached: {reached}"
        )
        print(f"time per decision: {_times_line(results)}")
        cpu = sum(r["cpu"] for r in results)
        print(f"games per CPU second (one core): {len(results) / cpu:.2f}")
    else:
        ap.error("give --match A,B or --crisis BOT")
    print(f"elapsed {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
