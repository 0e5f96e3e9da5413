"""Gem Rush engine speed, measured by hand (not a test): ``python -m benchmarks.gemrush_engine``.

``[GAMES]`` (default 200) random games per measure. Prints the figures of the performance
targets: checked actions per second in random playouts, random 4-player Crisis games per second,
``clone()`` time, and the median time of computing the legal actions (all decisions, and payment
decisions with a 12-card hand). One core, pure Python; run it pinned (``taskset -c 1``) for
steadier figures. Results: docs/performance.md, Gem Rush. It reaches into the rules package
(``rules``, ``state``) to time the legal-action generator alone, without the cache the public
API keeps.
"""

from __future__ import annotations

import statistics
import sys
import time

from iridescia.core.rng import Rng
from iridescia.games.gemrush import GAME, scenario
from iridescia.games.gemrush import rules as R
from iridescia.games.gemrush.state import P_PAY


def playouts(games: int, players: int, mode: str) -> tuple[int, float]:
    """Random playouts with checked apply; (actions, seconds), setup included."""
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        g = GAME.new(players, seed, mode=mode, keep_log=False)
        rng = Rng(seed)
        while not g.is_terminal():
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
            actions += 1
    return actions, time.perf_counter() - start


def legal_timings(games: int) -> tuple[list[float], list[float]]:
    """Fresh (uncached) legal-action times over random positions, and over payment decisions."""
    times: list[float] = []
    for seed in range(games):
        g = GAME.new(4, seed, mode="crisis" if seed % 2 else "rush", keep_log=False)
        s = g.state
        rng = Rng(seed)
        while not g.is_terminal():
            s.legal_cache = None
            t0 = time.perf_counter()
            legal = R.legal_actions(s)
            times.append(time.perf_counter() - t0)
            g.apply(legal[rng.below(len(legal))])
    pay: list[float] = []
    for seed in range(200):
        rng = Rng(seed)
        deck = list(range(1, 76))
        rng.shuffle(deck)
        hand = deck[:12]
        # Mine Shaft (#2) T34: its N door costs 5 gems (OB+PF+EL+SS+RH), a hard payment.
        g = scenario(1, tiles=[(34, 0, 0, 0)], hands=[hand], stack=[5])
        s = g.state
        for a in g.legal_actions():
            if str(a).startswith(("walk", "build")):
                g.apply(a)
                break
        while s.pending and s.pending[-1][0] == P_PAY:
            s.legal_cache = None
            t0 = time.perf_counter()
            legal = R.legal_actions(s)
            pay.append(time.perf_counter() - t0)
            g.apply(legal[rng.below(len(legal))])
    return times, pay


def clone_time(n: int) -> float:
    g = GAME.new(4, 3, keep_log=False)
    rng = Rng(3)
    for _ in range(150):
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
    s = g.state
    t0 = time.perf_counter()
    for _ in range(n):
        s.clone()
    return (time.perf_counter() - t0) / n


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    acts, secs = playouts(games, 4, "crisis")
    print(f"4p Crisis: {games / secs:.1f} games/s, {acts / secs:,.0f} checked actions/s")
    acts, secs = playouts(games, 4, "rush")
    print(f"4p Rush: {games / secs:.1f} games/s, {acts / secs:,.0f} checked actions/s")
    total_a = total_s = 0.0
    for players in range(1, 8):
        a, t = playouts(games // 4, players, "crisis" if players == 1 else "rush")
        total_a += a
        total_s += t
    print(f"mixed 1-7p: {total_a / total_s:,.0f} checked actions/s")
    print(f"clone: {clone_time(20000) * 1e6:.1f} us")
    times, pay = legal_timings(max(1, games // 10))
    print(
        f"legal_actions: median {statistics.median(times) * 1e6:.1f} us, "
        f"p90 {statistics.quantiles(times, n=10)[-1] * 1e6:.1f} us over {len(times)} positions"
    )
    print(
        f"payment with a 12-card hand: median {statistics.median(pay) * 1e6:.1f} us, "
        f"max {max(pay) * 1e6:.1f} us over {len(pay)} decisions"
    )


if __name__ == "__main__":
    main()
