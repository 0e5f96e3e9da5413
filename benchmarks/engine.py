"""Engine throughput: random playouts, legal-action generation, apply, clone, hash and scoring.

Run by hand (never in CI; the figures go to docs/performance.md)::

    python -m benchmarks.engine                       # this checkout, vs the stored figures
    python -m benchmarks.engine --against ../prev/src # side by side with another checkout
    python -m benchmarks.engine --catanatron /tmp/catvenv/bin/python   # and Catanatron
    python -m benchmarks.engine --save                # store these figures as the reference

Random playouts use the forward model the way a simulation does: ``legal_actions`` then
``apply`` (checked: the action is validated), with a uniformly random choice, 4 players unless
said. Each figure is the median over ``--rounds`` runs, and with ``--against`` the two code trees
run alternately in the same session, so the ratio column is the one to quote. The workload only
uses functions both old and new trees have (``setup.new_state``, ``rules.legal_actions``,
``rules.apply``, ``rules.apply_unchecked``, ``State.clone``, ``State.state_hash``, ``Game``).

``--catanatron PYTHON`` also times Catanatron (``pip install catanatron`` in another virtual
environment: it is not a dependency of this project) playing random 4-player games with its
``RandomPlayer``, in the same run, for a comparison with a well-known Python board-game engine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess

from benchmarks.sidebyside import compare

CATANATRON = """
import json, random, time
from catanatron import Color, Game, RandomPlayer
random.seed(1)
start, games, actions = time.perf_counter(), 0, 0
while time.perf_counter() - start < {seconds}:
    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    game = Game([RandomPlayer(c) for c in colors], seed=games)
    game.play()
    actions += len(game.state.actions)
    games += 1
dt = time.perf_counter() - start
print(json.dumps({{"games/s": games / dt, "actions/s": actions / dt}}))
"""


def catanatron(python: str, seconds: float, cpu: int | None) -> dict[str, float]:
    cmd = [python, "-c", CATANATRON.format(seconds=seconds)]
    if cpu is not None:
        cmd = ["taskset", "-c", str(cpu), *cmd]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env)
    figures: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=120, help="games per player count")
    parser.add_argument("--states", type=int, default=1500, help="states for per-call costs")
    parser.add_argument("--rounds", type=int, default=3, help="runs per tree (median kept)")
    parser.add_argument("--against", metavar="SRC", help="another tree's src/ to compare with")
    parser.add_argument("--catanatron", metavar="PYTHON", help="a Python with catanatron")
    parser.add_argument("--cpu", type=int, default=None, help="pin every run to this CPU")
    parser.add_argument("--save", action="store_true", help="store these figures")
    args = parser.parse_args(argv)
    extra = {}
    if args.catanatron:
        runs = [catanatron(args.catanatron, 10.0, args.cpu) for _ in range(args.rounds)]
        extra["Catanatron, random 4-player games (same machine, same session)"] = {
            k: statistics.median(r[k] for r in runs) for k in runs[0]
        }
    compare(
        "benchmarks.engine_work",
        ["--games", str(args.games), "--states", str(args.states)],
        against=args.against,
        rounds=args.rounds,
        cpu=args.cpu,
        save=args.save,
        label="engine",
        extra=extra,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
