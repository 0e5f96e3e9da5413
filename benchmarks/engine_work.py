"""The engine benchmark's measuring process: run under one source tree (``PYTHONPATH``), it
prints its figures as one JSON line. ``python -m benchmarks.engine`` starts it, once per round
for each tree it compares, so the two trees never share a process."""

from __future__ import annotations

import argparse
import json
import statistics
import time

from iridescia import Game
from iridescia.core.rng import Rng
from iridescia.games.iridescia import rules
from iridescia.games.iridescia.setup import new_state


def measure(games: int, states: int) -> dict[str, float]:
    def playout(players: int, seed: int, checked: bool) -> int:
        s = new_state(players, seed)
        rng = Rng(seed ^ 0x5EED)
        apply = rules.apply if checked else rules.apply_unchecked
        n = 0
        while True:
            legal = rules.legal_actions(s)
            if not legal:
                return n
            apply(s, legal[rng.below(len(legal))])
            n += 1

    out: dict[str, float] = {}
    for players in (2, 3, 4):
        start = time.perf_counter()
        actions = sum(playout(players, seed, True) for seed in range(games))
        dt = time.perf_counter() - start
        out[f"random games/s, {players} players"] = games / dt
        if players == 4:
            out["checked actions/s, 4 players"] = actions / dt
            out["actions per 4-player game"] = actions / games
    start = time.perf_counter()
    for seed in range(games):
        playout(4, seed, False)
    out["random games/s, 4 players, unchecked"] = games / (time.perf_counter() - start)

    # The public API, as the faces use it.
    start = time.perf_counter()
    actions = 0
    for seed in range(games // 2):
        g = Game.new(4, seed)
        rng = Rng(seed)
        while not g.is_terminal():
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
            actions += 1
    out["Game.apply actions/s, 4 players"] = actions / (time.perf_counter() - start)

    sample = []
    seed = 0
    while len(sample) < states:
        s = new_state(4, seed)
        rng = Rng(seed)
        step = 0
        while True:
            legal = rules.legal_actions(s)
            if not legal:
                break
            if step % 7 == 0:
                sample.append(s.clone())
            rules.apply(s, legal[rng.below(len(legal))])
            step += 1
        seed += 1
    sample = sample[:states]

    def per_call(fn: str) -> float:
        timings = []
        for _ in range(5):
            if fn == "apply":
                pairs = [(x.clone(), rules.legal_actions(x)[0]) for x in sample]
                start = time.perf_counter()
                for c, a in pairs:
                    rules.apply(c, a)
            else:
                start = time.perf_counter()
                if fn == "clone":
                    for x in sample:
                        x.clone()
                elif fn == "legal":
                    for x in sample:
                        rules.legal_actions(x)
                else:
                    for x in sample:
                        x.state_hash()
            timings.append((time.perf_counter() - start) / len(sample) * 1e6)
        return statistics.median(timings)

    out["legal_actions µs"] = per_call("legal")
    out["apply µs (checked)"] = per_call("apply")
    out["clone µs, 4 players"] = per_call("clone")
    out["state_hash µs"] = per_call("hash")

    finished = []
    for seed in range(30):
        g = Game.new(4, seed)
        rng = Rng(seed)
        while not g.is_terminal():
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
        finished.append(g)
    start = time.perf_counter()
    for g in finished:
        g.ranking()
    out["final scoring µs/game"] = (time.perf_counter() - start) / len(finished) * 1e6
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--worker", action="store_true")
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--states", type=int, default=1500)
    args = parser.parse_args()
    print(json.dumps(measure(args.games, args.states)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
