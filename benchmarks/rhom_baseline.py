"""The Rhom's baseline: solo games against the random bot, with score statistics.

``python -m benchmarks.rhom_baseline --games 10000`` plays that many seeded solo games (the human
seat played by ``make_bot("random")`` through views, as any bot would) and prints the Rhom's score
distribution and sources, the random player's score, win rates with 95% intervals, game length,
barricades and who finished first. Results are recorded in docs/automa.md; the bots of the next
issue must beat this baseline.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import Counter

from iridescia import Game
from iridescia.bots import make_bot
from iridescia.core.rng import Rng

SOURCES = (
    "relic_points", "tile_bonus_points", "iridia_stone", "token", "gems", "relic_sets",
    "tile_sets", "objective", "merchant", "overflow",
)  # fmt: skip


def play_solo(seed: int) -> dict[str, object]:
    game = Game.new(1, seed)
    bot = make_bot("random")
    rng = Rng(seed ^ 0xB07)
    actions = 0
    while not game.is_terminal():
        legal = game.legal_actions()
        game.apply(bot.choose(game.view(0), legal, rng))
        actions += 1
    scores = game.scores()
    rhom = game.rhom_seat
    assert rhom is not None
    castle_order = [e.player for e in game.log if e.kind == "castle"]
    return {
        "human": scores[0].total,
        "rhom": scores[rhom].total,
        "rhom_sources": scores[rhom].as_dict(),
        "winners": game.winners(),
        "actions": actions,
        "turns": list(game.state.turns_taken[:2]),
        "barricades": sum(game.state.barricade),
        "rhom_first": castle_order[0] == rhom,
    }


def interval(wins: float, n: int) -> tuple[float, float]:
    """Wilson 95% interval for a proportion."""
    if n == 0:
        return (0.0, 0.0)
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def pct(values: list[int], q: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    results = [play_solo(args.seed + i) for i in range(args.games)]
    elapsed = time.perf_counter() - start
    n = len(results)
    rhom = [int(r["rhom"]) for r in results]  # type: ignore[call-overload]
    human = [int(r["human"]) for r in results]  # type: ignore[call-overload]
    outcome: Counter[str] = Counter()
    for r in results:
        w = r["winners"]
        assert isinstance(w, list)
        outcome["draw" if len(w) == 2 else ("rhom" if w == [1] else "human")] += 1
    print(f"# {n} solo games, random bot vs the Rhom — {n / elapsed:.1f} games/s")
    print("| measure | value |\n| --- | --- |")
    print(f"| Rhom score mean ± sd | {statistics.mean(rhom):.1f} ± {statistics.stdev(rhom):.1f} |")
    qs = ", ".join(f"{pct(rhom, q):.0f}" for q in (0.05, 0.25, 0.5, 0.75, 0.95))
    print(f"| Rhom score min / p5, p25, p50, p75, p95 / max | {min(rhom)} / {qs} / {max(rhom)} |")
    print(f"| random player score mean ± sd | {statistics.mean(human):.1f} ± "
          f"{statistics.stdev(human):.1f} |")  # fmt: skip
    margin = [a - b for a, b in zip(rhom, human, strict=True)]
    print(f"| Rhom margin mean | {statistics.mean(margin):.1f} |")
    for key in ("rhom", "human", "draw"):
        lo, hi = interval(outcome[key], n)
        print(f"| {key} wins | {outcome[key] / n:.1%} (95% CI {lo:.1%}–{hi:.1%}) |")
    for src in SOURCES:
        mean = statistics.mean(int(r["rhom_sources"][src]) for r in results)  # type: ignore[index]
        print(f"| Rhom mean points: {src} | {mean:.2f} |")
    turns = [r["turns"] for r in results]
    print(f"| turns per game (human, Rhom) | "
          f"{statistics.mean(t[0] for t in turns):.1f}, "  # type: ignore[index]
          f"{statistics.mean(t[1] for t in turns):.1f} |")  # type: ignore[index]  # fmt: skip
    print(f"| human actions per game | {statistics.mean(int(r['actions']) for r in results):.0f} |")  # type: ignore[call-overload]
    print(f"| barricades per game | {statistics.mean(int(r['barricades']) for r in results):.2f} |")  # type: ignore[call-overload]
    first = sum(1 for r in results if r["rhom_first"]) / n
    print(f"| Rhom reaches the Castle first | {first:.1%} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
