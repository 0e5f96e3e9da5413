"""The compiled build against the pure one: the same workload, both builds, one run.

    python scripts/build_compiled.py                       # builds build/compiled (once)
    python -m benchmarks.compiled [--rounds 5] [--before OTHER/src] [--pieces]
    python -m benchmarks.compiled --check                  # CI: same hashes and choices

Each build runs in its own process (``PYTHONPATH`` = ``src`` or the compiled copy), alternately,
``--rounds`` times; every figure is the median of the rounds and the ratio column compares the
two builds of the same run. Times are CPU time of the measuring thread (``time.thread_time``),
so that other jobs on a shared machine disturb both builds alike and inflate neither much.
``--before`` adds a third tree (another checkout's ``src``) to compare the pure build with.

Workload (only functions that older trees have too):

- random 4-player games, checked ``apply`` (``legal_actions`` then ``apply`` of a uniformly
  random choice): games/s and actions/s;
- ``State.clone()`` of a 4-player mid-game state, µs per call;
- the ``hard`` search bot on fixed positions (every sixth decision with a choice, from random
  games of 2, 3 and 4 players and solo): iterations/s;
- with ``--pieces``, per-call µs of the search's parts: ``legal_actions``, ``apply_unchecked``,
  ``estimate``, ``finish_turn``, ``determinize``, ``world_from_view``.

Every run also reports digests of the random games' state hashes and of the search's choices,
which must be the same in every build (the run fails otherwise). ``--check`` skips the timings
and compares, across the two builds, the state hash every 10 actions of random games of every
table kind and about 300 decisions of the random, greedy, easy, medium and hard bots.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from iridescia import Game
from iridescia.bots import make_bot
from iridescia.core.rng import Rng
from iridescia.games.iridescia import rules, views
from iridescia.games.iridescia.state import Options, State
from iridescia.games.iridescia.worlds import world_from_view

try:  # the search's parts (``--pieces``) moved from bots/ into the game with the game contract
    from iridescia.games.iridescia.evaluate import DEFAULT_WEIGHTS, estimate
    from iridescia.games.iridescia.policy import finish_turn
except ImportError:  # an older tree given with --before: it runs without --pieces
    from iridescia.bots.evaluate import DEFAULT_WEIGHTS, estimate  # type: ignore[no-redef]
    from iridescia.bots.policy import finish_turn  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parents[1]

# ---------------------------------------------------------------- the workload (in a child)


def _digest(values: list[Any]) -> str:
    return hashlib.blake2b(repr(values).encode(), digest_size=8).hexdigest()


def random_games(games: int) -> dict[str, Any]:
    actions = 0
    hashes = []
    start = time.thread_time()
    for seed in range(games):
        game = Game.new(4, seed)
        rng = Rng(seed + 1000)
        legal = game.legal_actions()
        while legal:
            game.apply(legal[rng.below(len(legal))])
            actions += 1
            legal = game.legal_actions()
        hashes.append(game.state_hash())
    cpu = time.thread_time() - start
    return {"games/s": games / cpu, "actions/s": actions / cpu, "games digest": _digest(hashes)}


def _mid_game(players: int, seed: int, actions: int) -> Game:
    game = Game.new(players, seed)
    rng = Rng(seed)
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(legal[rng.below(len(legal))])
    return game


def _per_call(f: Callable[[], object], calls: int) -> float:
    """µs per call, the best of three batches."""
    best = float("inf")
    for _ in range(3):
        start = time.thread_time()
        for _ in range(calls):
            f()
        best = min(best, time.thread_time() - start)
    return best / calls * 1e6


def positions(count: int) -> list[Game]:
    """Fixed search positions: every sixth decision with a choice of seeded random games."""
    out: list[Game] = []
    tables = [(2, Options()), (3, Options()), (4, Options()), (1, Options(rhom=True))]
    seed = 0
    while len(out) < count:
        players, options = tables[seed % len(tables)]
        game = Game.new(players, 100 + seed, options)
        rng = Rng(seed)
        step = 0
        while not game.is_terminal() and len(out) < count:
            legal = game.legal_actions()
            if len(legal) > 1:
                if step % 6 == 0:
                    out.append(game.clone())
                step += 1
            game.apply(legal[rng.below(len(legal))])
        seed += 1
    return out


def search(count: int, level: str = "hard") -> dict[str, Any]:
    iterations = 0
    cpu = 0.0
    choices = []
    for k, game in enumerate(positions(count)):
        seat = game.current_player
        assert seat is not None
        view, legal = game.view(seat), game.legal_actions()
        bot = make_bot(level)
        start = time.thread_time()
        choice = bot.choose(view, legal, Rng(k))
        cpu += time.thread_time() - start
        iterations += getattr(bot, "last_iterations", 0)
        choices.append(str(choice))
    return {f"MCTS {level} it/s": iterations / cpu, "search digest": _digest(choices)}


def pieces(calls: int) -> dict[str, float]:
    game = _mid_game(3, 11, 120)
    s: State = game.state
    seat = s.current
    view = game.view(seat)
    world = world_from_view(view, Rng(1))
    world.silent = True

    def playout() -> None:
        c = s.clone()
        c.silent = True
        for _ in range(30):
            legal = rules.legal_actions(c)
            if not legal:
                break
            rules.apply_unchecked(c, legal[0])

    def finish() -> None:
        c = world.clone()
        finish_turn(c, c.current, DEFAULT_WEIGHTS, Rng(3))

    return {
        "legal_actions µs": _per_call(lambda: rules.legal_actions(s), calls * 10),
        "30 apply_unchecked µs": _per_call(playout, calls),
        "estimate µs": _per_call(lambda: estimate(world), calls * 2),
        "finish_turn µs": _per_call(finish, calls),
        "determinize µs": _per_call(lambda: views.determinize(world, seat, Rng(2)), calls // 2),
        "world_from_view µs": _per_call(lambda: world_from_view(view, Rng(1)), calls // 2),
    }


def timings(games: int, clones: int, searches: int, with_pieces: bool) -> dict[str, Any]:
    out: dict[str, Any] = {}
    out.update(random_games(games))
    state = _mid_game(4, 7, 150).state
    out["clone µs"] = _per_call(state.clone, clones)
    out.update(search(searches))
    if with_pieces:
        out.update(pieces(max(1, clones // 20)))
    return out


# ---------------------------------------------------------------- the cross-build check


def _step_hashes(players: int, options: Options, seed: int) -> list[str]:
    game = Game.new(players, seed, options)
    rng = Rng(seed * 7 + 1)
    out = [game.state_hash()]
    step = 0
    legal = game.legal_actions()
    while legal:
        game.apply(legal[rng.below(len(legal))])
        step += 1
        if step % 10 == 0:
            out.append(game.state_hash())
        legal = game.legal_actions()
    out.append(game.state_hash())
    return out


# (players, options, the bot in each seat, decisions recorded): about 300 decisions in all.
BOT_TABLES: list[tuple[int, Options, tuple[str, ...], int]] = [
    (2, Options(), ("greedy", "easy"), 90),
    (3, Options(), ("random", "medium", "greedy"), 80),
    (4, Options(), ("hard", "easy", "greedy", "random"), 60),
    (1, Options(rhom=True), ("medium",), 40),
    (2, Options(rhom=True), ("hard", "greedy"), 30),
]


def bot_choices() -> list[str]:
    out = []
    for t, (players, options, seats, decisions) in enumerate(BOT_TABLES):
        game = Game.new(players, 40 + t, options)
        bots = [make_bot(spec) for spec in seats]
        made = 0
        while not game.is_terminal() and made < decisions:
            seat = game.current_player
            assert seat is not None
            legal = game.legal_actions()
            bot = bots[seat]
            choice = bot.choose(game.view(seat), legal, Rng(1000 * t + made))
            out.append(f"{t}:{made}:{seat}:{bot.name}:{choice}")
            game.apply(choice)
            made += 1
        out.append(f"{t}:end:{game.state_hash()}")
    return out


def check() -> dict[str, Any]:
    games = [
        _step_hashes(players, options, seed)
        for seed in range(6)
        for players, options in ((2, Options()), (3, Options()), (4, Options()),
                                 (1, Options(rhom=True)), (3, Options(rhom=True)))
    ]  # fmt: skip
    choices = bot_choices()
    return {
        "games": len(games),
        "hashes": sum(len(g) for g in games),
        "games digest": _digest(games),
        "decisions": sum(1 for c in choices if ":end:" not in c),
        "choices digest": _digest(choices),
        "choices": choices,
    }


def child(options: dict[str, Any]) -> dict[str, Any]:
    state_module = sys.modules[State.__module__]
    out: dict[str, Any] = {"compiled": not str(state_module.__file__).endswith(".py")}
    out["from"] = str(Path(str(state_module.__file__)).parents[3])
    if options["check"]:
        out.update(check())
    else:
        out.update(
            timings(options["games"], options["clones"], options["searches"], options["pieces"])
        )
    return out


# ---------------------------------------------------------------- the driver


def speedup(key: str, old: float, new: float) -> float:
    """How many times faster ``new`` is: times (µs) shrink, rates grow."""
    return old / new if key.endswith("µs") else new / old


def run_build(tree: Path, options: dict[str, Any]) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    cmd = [sys.executable, "-m", "benchmarks.compiled", "--child", json.dumps(options)]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the run with PYTHONPATH={tree} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if Path(result["from"]) != tree.resolve():
        raise SystemExit(f"PYTHONPATH={tree} ran the package from {result['from']}")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compiled", type=Path, default=ROOT / "build" / "compiled")
    parser.add_argument("--pure", type=Path, default=ROOT / "src")
    parser.add_argument("--before", type=Path, help="another checkout's src/, pure, to compare")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=40, help="random 4-player games per run")
    parser.add_argument("--clones", type=int, default=20000)
    parser.add_argument("--searches", type=int, default=12, help="hard decisions per run")
    parser.add_argument("--pieces", action="store_true", help="also time the search's parts")
    parser.add_argument("--check", action="store_true", help="only compare hashes and choices")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        print(json.dumps(child(json.loads(args.child))))
        return 0
    options = {
        "check": args.check,
        "games": args.games,
        "clones": args.clones,
        "searches": args.searches,
        "pieces": args.pieces,
    }
    builds = {"pure": args.pure, "compiled": args.compiled}
    if args.before is not None and not args.check:
        builds["before"] = args.before
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in builds}
    start = time.perf_counter()
    rounds = 1 if args.check else args.rounds
    for r in range(rounds):
        order = list(builds) if r % 2 == 0 else list(reversed(builds))
        for name in order:
            results[name].append(run_build(builds[name], options))
    failed = False
    for name, runs in results.items():
        if runs[0]["compiled"] != (name == "compiled"):
            print(f"{name}: expected {'a compiled' if name == 'compiled' else 'the pure'} build")
            failed = True
    digests = sorted({k for k in results["pure"][0] if k.endswith("digest")})
    for key in digests:
        seen = {f"{n}#{i}": run[key] for n, runs in results.items() for i, run in enumerate(runs)}
        same = len(set(seen.values())) == 1
        print(f"{key}: {'identical in every run' if same else 'DIFFERENT: ' + str(seen)}")
        failed |= not same
    if args.check:
        pure, compiled = results["pure"][0], results["compiled"][0]
        print(
            f"{pure['games']} random games ({pure['hashes']} state hashes) and "
            f"{pure['decisions']} bot decisions compared in {time.perf_counter() - start:.0f} s"
        )
        for i, (a, b) in enumerate(zip(pure["choices"], compiled["choices"], strict=True)):
            if a != b:
                print(f"first different choice, #{i}: pure {a!r}, compiled {b!r}")
                break
        return 1 if failed else 0
    figures = [k for k in results["pure"][0] if isinstance(results["pure"][0][k], float)]
    header = f"{'measure':24s} {'pure':>10s} {'compiled':>10s} {'ratio':>7s}"
    if "before" in builds:
        header += f" {'before':>10s} {'pure/before':>11s}"
    print(header)
    for key in figures:
        med = {n: statistics.median(run[key] for run in runs) for n, runs in results.items()}
        line = f"{key:24s} {med['pure']:10.1f} {med['compiled']:10.1f} "
        line += f"{speedup(key, med['pure'], med['compiled']):6.2f}×"
        if "before" in med:
            line += f" {med['before']:10.1f} {speedup(key, med['before'], med['pure']):10.2f}×"
        print(line)
    print(f"{rounds} rounds, {time.perf_counter() - start:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
