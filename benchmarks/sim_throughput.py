"""Simulation throughput: games/s of ``iridescia simulate`` with 1 and 2 workers, and on Ray;
and the memory a run holds per finished game.

Run by hand: ``python -m benchmarks.sim_throughput [--games N] [--greedy-games N] [--repeat R]
[--game NAME] [--memory] [--ray] [--plugin-cost]``. It prints Markdown tables; copy the figures into
docs/simulation.md with the date and machine.

Each figure is the wall time of one whole ``sim.backends.run`` call, so it includes what a user
waits for: building result rows and, for 2 workers, starting the spawned process pool (about
0.3 s, which is why short runs scale by less than 2); with ``--repeat R`` the best of R runs.
The CPU column is the process time of the 1-worker run (in this process), which other jobs on
the machine disturb much less than the wall time. The Ray line includes starting a local Ray
instance (several seconds) unless one is already running; a second line without it is measured
on the instance the first one leaves running.

``--memory``: tracemalloc over 100 games of the command's path (rows written to a run directory
as chunks come): the traced memory the run still holds afterwards, per finished game, and the
peak while the games are played.

``--plugin-cost``: what the game's sim plug-in (its columns and the statistics it folds from
the events) costs over the generic one, for each mode, random bots, 2 and 4 players: the
1-worker run in this process, writing the run directory as the command does (its rows are
larger), the two plug-ins alternately ``--repeat`` times (at least 3), the median of games per
CPU second of each.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from iridescia.bots import bot_names
from iridescia.games import DEFAULT_GAME, get
from iridescia.sim import games as sim_games
from iridescia.sim.backends import RunOutcome, run
from iridescia.sim.config import SimConfig
from iridescia.sim.output import RunWriter


def config(players: int, bot: str, games: int, game: str = DEFAULT_GAME) -> SimConfig:
    return SimConfig(games=games, players=players, tables=((bot,) * players,), seed=1000, game=game)


def measure(cfg: SimConfig, repeat: int = 1, **how: Any) -> tuple[float, float, RunOutcome]:
    """(games/s wall, best of ``repeat``; games/s of process time; the outcome)."""
    best_wall = best_cpu = 0.0
    outcome = RunOutcome()
    for _ in range(repeat):
        began, cpu = time.perf_counter(), time.process_time()
        outcome = run(cfg, **how)
        seconds, cpu_seconds = time.perf_counter() - began, time.process_time() - cpu
        if outcome.errors:
            raise SystemExit(f"benchmark games failed: {outcome.errors[0]['error']}")
        best_wall = max(best_wall, cfg.games / seconds)
        best_cpu = max(best_cpu, cfg.games / cpu_seconds if cpu_seconds > 0 else 0.0)
    return best_wall, best_cpu, outcome


def memory(cfg: SimConfig) -> tuple[float, float]:
    """(KB held per finished game after the run, peak KB while playing) on the command path."""
    run(config(2, "random", 2, cfg.game))  # warm the card tables and caches first
    with tempfile.TemporaryDirectory() as directory:
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        mode = cfg.resolved_mode()
        writer = RunWriter(Path(directory), "jsonl", cfg.plugin.fixed_columns(mode.cooperative),
                           cfg.spec)  # fmt: skip
        run(cfg, sink=writer)
        gc.collect()
        held, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        writer.finish({})
    return (held - base) / 1024 / cfg.games, (peak - base) / 1024


def plugin_cost(game: str, games: int, repeat: int) -> None:
    """Games per CPU second with the game's sim plug-in and with the generic one, alternately."""
    own = sim_games.PLUGINS.get(game)
    if own is None:
        print(f"\n{game} has no sim plug-in of its own: nothing to compare")
        return
    print(f"\n| {game}: mode, random bots | players | games | generic plug-in (games/CPU s) "
          "| own plug-in (games/CPU s) | cost |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- |")
    for mode in get(game).info.modes:
        for players in (2, 4):
            if not mode.min_players <= players <= mode.max_players:
                continue
            cfg = SimConfig(games=games, players=players, tables=(("random",) * players,),
                            seed=1000, game=game, mode=mode.name)  # fmt: skip
            rates: dict[bool, list[float]] = {False: [], True: []}
            try:
                for _ in range(max(3, repeat)):
                    for with_own in (False, True):
                        if with_own:
                            sim_games.PLUGINS[game] = own
                        else:
                            del sim_games.PLUGINS[game]
                        with tempfile.TemporaryDirectory() as directory:
                            fixed = cfg.plugin.fixed_columns(mode.cooperative)
                            writer = RunWriter(Path(directory), "jsonl", fixed, cfg.spec)
                            rates[with_own].append(measure(cfg, workers=1, sink=writer)[1])
                            writer.finish({})
            finally:
                sim_games.PLUGINS[game] = own
            generic, mine = statistics.median(rates[False]), statistics.median(rates[True])
            print(f"| {mode.name} | {players} | {games} | {generic:.1f} | {mine:.1f} "
                  f"| {generic / mine - 1:+.0%} |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random-bot games per line (200)")
    parser.add_argument("--greedy-games", type=int, default=6, help="greedy-bot games (6)")
    parser.add_argument("--repeat", type=int, default=1, help="best of this many runs (1)")
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"the game ({DEFAULT_GAME})")
    parser.add_argument("--memory", action="store_true", help="also measure memory per game")
    parser.add_argument("--ray", action="store_true", help="also time the Ray backend")
    parser.add_argument("--plugin-cost", action="store_true",
                        help="also compare the game's sim plug-in and the generic one")  # fmt: skip
    args = parser.parse_args()

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, load average {load} before")
    print(f"Python {platform.python_version()}, {platform.system()}, game {args.game}\n")
    print("| bots | players | games | 1 worker (games/s) | 1 worker, CPU (games/s) "
          "| 2 workers (games/s) | scaling |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- | --- |")
    lines = [("random", 2, args.games), ("random", 4, args.games)]
    spec = get(args.game)
    if "greedy" in bot_names(spec) and args.greedy_games:
        lines.append(("greedy", 2, args.greedy_games))
    for bot, players, games in lines:
        cfg = config(players, bot, games, args.game)
        one, cpu, first = measure(cfg, args.repeat, workers=1)
        two, _, second = measure(cfg, args.repeat, workers=2)
        assert first.rows == second.rows  # the same results whatever the number of workers
        print(f"| {bot} | {players} | {games} | {one:.1f} | {cpu:.1f} | {two:.1f} "
              f"| {two / one:.2f}x |")  # fmt: skip

    if args.memory:
        print("\n| memory (random, command path, 100 games) | KB held per finished game "
              "| peak KB while playing |")  # fmt: skip
        print("| --- | --- | --- |")
        for players in (2, 4):
            held, peak = memory(config(players, "random", 100, args.game))
            print(f"| {players} players | {held:.2f} | {peak:.0f} |")

    if args.plugin_cost:
        plugin_cost(args.game, args.games, args.repeat)

    if args.ray:
        # Ray is an optional dependency (the "ray" extra): imported only for this line.
        import ray

        cfg = config(4, "random", args.games, args.game)
        local, _, reference = measure(cfg, workers=2)
        cold, _, outcome = measure(cfg, backend="ray", workers=2)  # starts and stops Ray
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        try:
            warm, _, _ = measure(cfg, backend="ray", workers=2)
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
