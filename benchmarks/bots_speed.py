"""Bot speed: greedy games/s, MCTS iterations per second and per decision, world building.

``python -m benchmarks.bots_speed [--games 20] [--positions 40]``

- greedy: 2-player greedy-vs-greedy games per second, and ms per decision;
- MCTS: iterations per second over sampled decisions of real games (positions where the seat to
  act has at least two legal actions), iterations and seconds per decision for each level;
- ``worlds.world_from_view`` and ``views.determinize`` µs per call (the per-decision and the
  per-world cost of re-dealing what a bot cannot see).

Times are CPU time of the benchmark's thread (``time.thread_time``), so other jobs on a busy
machine do not inflate them; on an idle core they equal wall time. Prints Markdown tables; the
figures are recorded in docs/performance.md.
"""

from __future__ import annotations

import argparse
import statistics
import time

from iridescia import Game
from iridescia.bots import make_bot
from iridescia.bots.mcts import LEVELS, MctsBot
from iridescia.core.rng import Rng
from iridescia.games.iridescia import views
from iridescia.games.iridescia.worlds import world_from_view


def sample_positions(count: int) -> list[Game]:
    """Positions from greedy self-play games, where the seat to act has a real choice."""
    out: list[Game] = []
    seed = 0
    while len(out) < count:
        game = Game.new(2, seed)
        bots = [make_bot("greedy"), make_bot("greedy")]
        rngs = [Rng(seed * 16 + 1), Rng(seed * 16 + 2)]
        step = 0
        while not game.is_terminal() and len(out) < count:
            seat = game.current_player
            assert seat is not None
            legal = game.legal_actions()
            if len(legal) > 1 and step % 11 == 0:
                out.append(game.clone())
            game.apply(bots[seat].choose(game.view(seat), legal, rngs[seat]))
            step += 1
        seed += 1
    return out


def greedy_games(games: int) -> tuple[float, float]:
    start = time.thread_time()
    decisions = 0
    for seed in range(games):
        game = Game.new(2, seed)
        bots = [make_bot("greedy"), make_bot("greedy")]
        rngs = [Rng(seed * 16 + 1), Rng(seed * 16 + 2)]
        while not game.is_terminal():
            seat = game.current_player
            assert seat is not None
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(), rngs[seat]))
            decisions += 1
    wall = time.thread_time() - start
    return games / wall, 1000 * wall / decisions


def mcts_rates(positions: list[Game], level: str) -> dict[str, float]:
    per_decision: list[float] = []
    iterations: list[int] = []
    for k, game in enumerate(positions):
        seat = game.current_player
        assert seat is not None
        bot = make_bot(level)
        assert isinstance(bot, MctsBot)
        start = time.thread_time()  # CPU time, not disturbed by other processes
        bot.choose(game.view(seat), game.legal_actions(), Rng(k))
        per_decision.append(time.thread_time() - start)
        iterations.append(bot.last_iterations)
    total = sum(per_decision)
    return {
        "it_per_s": sum(iterations) / total,
        "it_per_decision": statistics.fmean(iterations),
        "s_mean": statistics.fmean(per_decision),
        "s_max": max(per_decision),
    }


def world_costs(positions: list[Game]) -> tuple[float, float]:
    reps = 20
    start = time.thread_time()
    for k, game in enumerate(positions):
        seat = game.current_player
        assert seat is not None
        v = game.view(seat)
        for r in range(reps):
            world_from_view(v, Rng(k * reps + r))
    build = (time.thread_time() - start) / (len(positions) * reps) * 1e6
    start = time.thread_time()
    for k, game in enumerate(positions):
        seat = game.current_player
        assert seat is not None
        for r in range(reps):
            views.determinize(game.state, seat, Rng(k * reps + r))
    redeal = (time.thread_time() - start) / (len(positions) * reps) * 1e6
    return build, redeal


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="greedy self-play games")
    ap.add_argument("--positions", type=int, default=40, help="decisions sampled for MCTS")
    args = ap.parse_args()
    rate, ms = greedy_games(args.games)
    print("| greedy (2 players) | games/s | ms per decision |")
    print("| --- | --- | --- |")
    print(f"| greedy vs greedy | {rate:.2f} | {ms:.1f} |")
    positions = sample_positions(args.positions)
    print()
    print("| MCTS level | budget | iterations/s | iterations/decision | s/decision mean | max |")
    print("| --- | --- | --- | --- | --- | --- |")
    for level in LEVELS:
        r = mcts_rates(positions, level)
        budget = LEVELS[level]
        print(
            f"| {level} | {budget['iterations']} (≤ {budget['per_action']}/action) | "
            f"{r['it_per_s']:.0f} | {r['it_per_decision']:.0f} | {r['s_mean']:.3f} | "
            f"{r['s_max']:.2f} |"
        )
    build, redeal = world_costs(positions)
    print()
    print(f"world_from_view: {build:.0f} µs/call; views.determinize: {redeal:.0f} µs/call")


if __name__ == "__main__":
    main()
