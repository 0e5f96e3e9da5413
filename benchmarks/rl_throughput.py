"""Research-API throughput: decisions per second through each adapter against the bare engine.

Run by hand on one core: ``python -m benchmarks.rl_throughput [--games N]``.
Every measurement plays the same ``N`` games (seeds 0..N-1) with uniformly random legal actions,
so the ratios compare like with like; each row is the best of ``--repeat`` runs (the machine's
other work only ever slows a run down):

* ``engine``: ``legal_actions`` then ``apply``, nothing else (what a simulation pays);
* ``engine + view``: also ``game.view(seat)`` for the deciding seat, the least any view-based
  observation costs (the view is built by the engine, not by the adapters);
* ``Gymnasium`` / ``PettingZoo`` / ``OpenSpiel``: the adapters, observation and mask included at
  every decision (OpenSpiel also bare, without observations, as its search bots use it);
* OpenSpiel's observation routes (``ROUTES``), measured in alternation (one run of each in turn,
  ``--repeat`` times) so that they see the same load: ``observation_tensor`` as OpenSpiel's C++
  builds the list (``pyspiel.State.observation_tensor(state, p)``, what every call took before
  the adapter built the list itself), ``observation_tensor`` (the adapter's list), and
  ``make_observation``: the observer's ``set_from`` filling its NumPy ``tensor`` in place.

A "decision" is any seat's (the agent's and its bot opponents' in Gymnasium); the Rhom's turns
run inside ``apply`` in every row. PettingZoo's own ``performance_benchmark`` is run as well.
Copy the table into docs/research.md with the date and machine.

``--against OTHER_SRC`` compares two versions of the code in one run: every API row is measured
in fresh processes, alternately with this checkout's code and with the ``src`` folder given
(e.g. an older commit checked out with ``git worktree add /tmp/rl-old <commit>``), best of
``--repeat`` each, so both see the same machine (``--ours SRC``: a snapshot of our code instead
of this checkout). It uses only names both versions have.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import make_observation
from pettingzoo.test import performance_benchmark

from iridescia import Game, Options
from iridescia.core.rng import Rng
from iridescia.rl import pettingzoo_env
from iridescia.rl.gym_env import IridesciaEnv
from iridescia.rl.openspiel_game import SHORT_NAME

Result = tuple[int, float]  # (decisions, seconds)
# Wall time for the table; ``--against`` measures CPU time of the process (``process_time``),
# which the machine's other work disturbs far less than wall time (see ``compare``).
CLOCK: list[Callable[[], float]] = [time.perf_counter]


def engine_games(players: int, rhom: bool, games: int, with_view: bool) -> Result:
    decisions = 0
    start = CLOCK[0]()
    for seed in range(games):
        game = Game.new(players, seed, Options(rhom=True) if rhom else None)
        rng = Rng(seed ^ 0x5EED)
        while not game.is_terminal():
            legal = game.legal_actions()
            if with_view:
                game.view(game.current_player or 0)
            game.apply(legal[rng.below(len(legal))])
            decisions += 1
    return decisions, CLOCK[0]() - start


def gym_games(opponents: list[str], rhom: bool, games: int) -> Result:
    env = IridesciaEnv(opponents=opponents, rhom=rhom)
    rng = np.random.default_rng(0)
    start = CLOCK[0]()
    decisions = 0
    for seed in range(games):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += len(env.game.history())
    return decisions, CLOCK[0]() - start


def pettingzoo_games(players: int, rhom: bool, games: int) -> Result:
    env = pettingzoo_env.raw_env(players=players, rhom=rhom)
    rng = np.random.default_rng(0)
    decisions = 0
    start = CLOCK[0]()
    for seed in range(games):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                decisions += 1
            del agent
    return decisions, CLOCK[0]() - start


def observe_route(game: Any, route: str) -> Callable[[pyspiel.State, int], Any]:
    """How an OpenSpiel user takes the player's observation by ``route`` (``ROUTES``)."""
    if route == "cpp list":
        return lambda state, player: pyspiel.State.observation_tensor(state, player)
    if route == "list":
        return lambda state, player: state.observation_tensor(player)
    observer = make_observation(game)

    def fill(state: pyspiel.State, player: int) -> Any:
        observer.set_from(state, player)
        return observer.tensor

    return fill


# What the rows' configurations call each observation route.
ROUTES = {
    "cpp list": "observation_tensor, OpenSpiel's C++ list",
    "list": "observation_tensor",
    "in place": "make_observation, in place",
}


def openspiel_games(players: int, rhom: bool, games: int, route: str | None) -> Result:
    """``route``: None for no observations, else one of ``ROUTES``."""
    game = pyspiel.load_game(f"{SHORT_NAME}(players={players},rhom={rhom})")
    observe = None if route is None else observe_route(game, route)
    rng = np.random.default_rng(0)
    decisions = 0
    start = CLOCK[0]()
    for seed in range(games):
        state = game.new_initial_state_for_seed(seed)
        while not state.is_terminal():
            if observe is not None:
                observe(state, state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            decisions += 1
    return decisions, CLOCK[0]() - start


def pettingzoo_benchmark(players: int) -> float:
    """Turns per second from PettingZoo's own performance_benchmark (it runs for 5 s)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(pettingzoo_env.env(players=players))
    for line in out.getvalue().splitlines():
        if line.endswith("turns per second"):
            return float(line.split()[0])
    raise RuntimeError("performance_benchmark printed no figure")


# (API, configuration, players, Rhom, run(games), batch), by row number: consecutive rows of
# one batch (not None) are measured in alternation.
ROWS: list[tuple[str, str, int, bool, Callable[[int], Result], str | None]] = [
    ("Gymnasium Solo-v0", "solo vs the Rhom", 1, False, lambda n: gym_games([], False, n), None),
    ("Gymnasium Versus-v0", "2 players, random opponent", 2, False,
     lambda n: gym_games(["random"], False, n), None),
    ("PettingZoo AEC", "2 players", 2, False, lambda n: pettingzoo_games(2, False, n), None),
    ("PettingZoo AEC", "4 players", 4, False, lambda n: pettingzoo_games(4, False, n), None),
    ("OpenSpiel", "2 players, bare", 2, False, lambda n: openspiel_games(2, False, n, None),
     None),
    *[("OpenSpiel", f"2 players, {label}", 2, False,
       lambda n, r=route: openspiel_games(2, False, n, r), "2") for route, label in ROUTES.items()],
    *[("OpenSpiel", f"3 players + Rhom, {label}", 3, True,
       lambda n, r=route: openspiel_games(3, True, n, r), "3+Rhom")
      for route, label in ROUTES.items()],
]  # fmt: skip


def best(run: Callable[[], Result], repeat: int) -> float:
    """The best decisions-per-second of ``repeat`` runs (other work only slows a run down)."""
    return best_alternating([run], repeat)[0]


def best_alternating(runs: Sequence[Callable[[], Result]], repeat: int) -> list[float]:
    """The best decisions-per-second of each of ``runs``, run in turn ``repeat`` times: rows to
    compare side by side, under the same load."""
    rates: list[list[float]] = [[] for _ in runs]
    for _ in range(repeat):
        for rate, run in zip(rates, runs, strict=True):
            decisions, seconds = run()
            rate.append(decisions / seconds)
    return [max(r) for r in rates]


def batches(rows: Sequence[tuple[Any, ...]]) -> list[list[tuple[Any, ...]]]:
    """The rows in measuring order: consecutive rows of one batch (a row's last element, None
    for none) together, the others alone."""
    out: list[list[tuple[Any, ...]]] = []
    for row in rows:
        if out and row[-1] is not None and out[-1][-1][-1] == row[-1]:
            out[-1].append(row)
        else:
            out.append([row])
    return out


def one_rate(row: int, games: int, src: str | None) -> float:
    """One measurement of ``row`` in a fresh process, with the code in ``src`` (None: ours),
    in decisions per CPU second."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks.rl_throughput",
            "--row",
            str(row),
            "--games",
            str(games),
        ],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    rate: float = json.loads(out.stdout.strip().splitlines()[-1])["rate"]
    return rate


def compare(
    other: str, games: int, repeat: int, ours_src: str | None = None, rows: list[int] | None = None
) -> None:
    """Each row ``repeat`` times with each version, alternately, in decisions per CPU second
    (on the shared machine, wall-time rates of the same code varied by 30%; CPU time is what
    the code costs, less the time it waited for a core)."""
    print(
        "| API | configuration | decisions per CPU s before | after | after / before "
        "| after / before, medians |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for row, (name, config, *_) in enumerate(ROWS):
        if rows is not None and row not in rows:
            continue
        ours: list[float] = []
        theirs: list[float] = []
        for _ in range(repeat):  # alternate, so that both see the same load
            ours.append(one_rate(row, games, ours_src))
            theirs.append(one_rate(row, games, other))
        before, after = max(theirs), max(ours)
        medians = statistics.median(ours) / statistics.median(theirs)
        print(
            f"| {name} | {config} | {before:,.0f} | {after:,.0f} | {after / before:.3f} "
            f"| {medians:.3f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs per row")
    parser.add_argument("--against", metavar="OTHER_SRC", help="compare with the code there")
    parser.add_argument(
        "--ours", metavar="SRC", help="with --against: our code (default: this one)"
    )
    parser.add_argument("--rows", help="with --against: only these rows (0-based, e.g. 0,2)")
    parser.add_argument("--row", type=int, help=argparse.SUPPRESS)  # one measurement, as JSON
    args = parser.parse_args()
    n = args.games
    if args.row is not None:
        CLOCK[0] = time.process_time
        decisions, seconds = ROWS[args.row][4](n)
        print(json.dumps({"rate": decisions / seconds}))
        return
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {n} games per row, "
        f"best of {args.repeat}\n"
    )
    if args.against:
        rows = [int(r) for r in args.rows.split(",")] if args.rows else None
        compare(args.against, n, args.repeat, args.ours, rows)
        return

    print(
        "| API | configuration | decisions/s | engine | engine + view "
        "| engine / API | (engine + view) / API |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    baselines: dict[tuple[int, bool, bool], float] = {}
    for batch in batches(ROWS):
        players, rhom = batch[0][2], batch[0][3]
        for with_view in (False, True):
            key = (players, rhom, with_view)
            if key not in baselines:
                baselines[key] = best(
                    lambda p=players, r=rhom, v=with_view: engine_games(p, r, n, v), args.repeat
                )
        runs = [lambda run=row[4]: run(n) for row in batch]
        rates = best_alternating(runs, args.repeat)
        bare, viewed = baselines[(players, rhom, False)], baselines[(players, rhom, True)]
        for (name, config, *_), rate in zip(batch, rates, strict=True):
            print(
                f"| {name} | {config} | {rate:,.0f} | {bare:,.0f} | {viewed:,.0f} "
                f"| {bare / rate:.1f} | {viewed / rate:.1f} |"
            )
    turns = pettingzoo_benchmark(2)
    print(f"\nPettingZoo performance_benchmark (2 players, wrapped env): {turns:,.0f} turns/s")


if __name__ == "__main__":
    main()
