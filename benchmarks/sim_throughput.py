"""Simulation throughput: games/s of ``iridescia simulate`` with 1 and 2 workers, and on Ray.

Run by hand: ``python -m benchmarks.sim_throughput [--games N] [--greedy-games N] [--ray]``.
It prints a Markdown table; copy the figures into docs/simulation.md with the date and machine.

Each figure is the wall time of one whole ``sim.backends.run`` call, so it includes what a user
waits for: building result rows and, for 2 workers, starting the spawned process pool (about
0.3 s, which is why short runs scale by less than 2). The Ray line includes starting a local
Ray instance (several seconds) unless one is already running; a second line without it is
measured on the instance the first one leaves running.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from typing import Any

from iridescia.bots import bot_names
from iridescia.sim.backends import RunOutcome, run
from iridescia.sim.config import SimConfig


def config(players: int, bot: str, games: int) -> SimConfig:
    return SimConfig(games=games, players=players, tables=((bot,) * players,), seed=1000)


def measure(cfg: SimConfig, **how: Any) -> tuple[float, RunOutcome]:
    began = time.perf_counter()
    outcome = run(cfg, **how)
    seconds = time.perf_counter() - began
    if outcome.errors:
        raise SystemExit(f"benchmark games failed: {outcome.errors[0]['error']}")
    return cfg.games / seconds, outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random-bot games per line (200)")
    parser.add_argument("--greedy-games", type=int, default=6, help="greedy-bot games (6)")
    parser.add_argument("--ray", action="store_true", help="also time the Ray backend")
    args = parser.parse_args()

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, load average {load} before")
    print(f"Python {platform.python_version()}, {platform.system()}\n")
    print("| bots | players | games | 1 worker (games/s) | 2 workers (games/s) | scaling |")
    print("| --- | --- | --- | --- | --- | --- |")
    lines = [("random", 2, args.games), ("random", 4, args.games)]
    if "greedy" in bot_names():
        lines.append(("greedy", 2, args.greedy_games))
    for bot, players, games in lines:
        cfg = config(players, bot, games)
        one, first = measure(cfg, workers=1)
        two, second = measure(cfg, workers=2)
        assert first.rows == second.rows  # the same results whatever the number of workers
        print(f"| {bot} | {players} | {games} | {one:.1f} | {two:.1f} | {two / one:.2f}x |")

    if args.ray:
        import ray

        cfg = config(4, "random", args.games)
        local, reference = measure(cfg, workers=2)
        cold, outcome = measure(cfg, backend="ray", workers=2)  # starts and stops Ray
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        try:
            warm, _ = measure(cfg, backend="ray", workers=2)
        finally:
            ray.shutdown()
        assert outcome.rows == reference.rows
        print("\n| backend (random, 4 players, 2 workers) | games | games/s | seconds |")
        print("| --- | --- | --- | --- |")
        for name, rate in (
            ("local process pool", local),
            ("Ray, starting a local instance", cold),
            ("Ray, instance already running", warm),
        ):
            print(f"| {name} | {cfg.games} | {rate:.1f} | {cfg.games / rate:.1f} |")


if __name__ == "__main__":
    main()
