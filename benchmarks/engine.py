"""Engine throughput: random playouts, legal-action generation, apply and clone costs.

Run by hand on one core: ``python -m benchmarks.engine [--games N] [--seconds S]``. It prints a
table; copy the figures into docs/performance.md with the date and machine. Random playouts use
the forward model the way a simulation does: ``legal_actions`` then ``apply`` (checked).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from iridescia import Game
from iridescia.core.rng import Rng
from iridescia.games.iridescia import rules
from iridescia.games.iridescia.setup import new_state
from iridescia.games.iridescia.state import State


def playout(players: int, seed: int, checked: bool = True) -> int:
    s = new_state(players, seed)
    rng = Rng(seed ^ 0x5EED)
    n = 0
    apply = rules.apply if checked else rules.apply_unchecked
    while True:
        legal = rules.legal_actions(s)
        if not legal:
            return n
        apply(s, legal[rng.below(len(legal))])
        n += 1


def bench_playouts(players: int, games: int, checked: bool = True) -> tuple[float, float, float]:
    start = time.perf_counter()
    actions = 0
    for seed in range(games):
        actions += playout(players, seed, checked)
    dt = time.perf_counter() - start
    return games / dt, actions / dt, actions / games


def sample_states(players: int, count: int) -> list[State]:
    """Mid-game states from random playouts, for per-call costs."""
    out: list[State] = []
    seed = 0
    while len(out) < count:
        s = new_state(players, seed)
        rng = Rng(seed)
        step = 0
        while True:
            legal = rules.legal_actions(s)
            if not legal:
                break
            if step % 7 == 0:
                out.append(s.clone())
            rules.apply(s, legal[rng.below(len(legal))])
            step += 1
        seed += 1
    return out[:count]


def per_call(fn_name: str, states: list[State], repeat: int = 5) -> float:
    """Median microseconds per call over ``states``."""
    timings = []
    for _ in range(repeat):
        if fn_name == "clone":
            start = time.perf_counter()
            for s in states:
                s.clone()
        elif fn_name == "legal":
            start = time.perf_counter()
            for s in states:
                rules.legal_actions(s)
        elif fn_name == "apply":
            pairs = [(s.clone(), rules.legal_actions(s)[0]) for s in states]
            start = time.perf_counter()
            for c, a in pairs:
                rules.apply(c, a)
        elif fn_name == "hash":
            start = time.perf_counter()
            for s in states:
                s.state_hash()
        else:
            raise ValueError(fn_name)
        timings.append((time.perf_counter() - start) / len(states) * 1e6)
    return statistics.median(timings)


def scoring_cost(players: int, games: int) -> float:
    """Microseconds for final scoring (optimal wilds, tie-breaks) of a finished game."""
    finished = []
    for seed in range(games):
        g = Game.new(players, seed)
        rng = Rng(seed)
        while not g.is_terminal():
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
        finished.append(g)
    start = time.perf_counter()
    for g in finished:
        g.ranking()
    return (time.perf_counter() - start) / games * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    parser.add_argument("--states", type=int, default=2000, help="states for per-call costs")
    args = parser.parse_args(argv)
    print(f"# engine benchmark — Python {platform.python_version()} on {platform.machine()}")
    print("| measure | 2 players | 3 players | 4 players |")
    print("| --- | --- | --- | --- |")
    rows: dict[str, list[str]] = {
        "random games/s (checked apply)": [],
        "actions/s (checked apply)": [],
        "random games/s (unchecked apply)": [],
        "actions per game": [],
        "legal_actions µs/call": [],
        "apply µs/call (checked)": [],
        "clone µs/call": [],
        "state_hash µs/call": [],
        "final scoring µs/game": [],
    }
    for players in (2, 3, 4):
        gps, aps, apg = bench_playouts(players, args.games)
        ugps, _, _ = bench_playouts(players, args.games, checked=False)
        states = sample_states(players, args.states)
        rows["random games/s (checked apply)"].append(f"{gps:.0f}")
        rows["actions/s (checked apply)"].append(f"{aps:.0f}")
        rows["random games/s (unchecked apply)"].append(f"{ugps:.0f}")
        rows["actions per game"].append(f"{apg:.0f}")
        rows["legal_actions µs/call"].append(f"{per_call('legal', states):.1f}")
        rows["apply µs/call (checked)"].append(f"{per_call('apply', states):.1f}")
        rows["clone µs/call"].append(f"{per_call('clone', states):.1f}")
        rows["state_hash µs/call"].append(f"{per_call('hash', states):.1f}")
        rows["final scoring µs/game"].append(f"{scoring_cost(players, 50):.0f}")
    for name, values in rows.items():
        print(f"| {name} | {' | '.join(values)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
