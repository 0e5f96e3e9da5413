"""Research-API throughput: decisions per second through each adapter against the bare engine.

Run by hand on one core: ``python -m benchmarks.rl_throughput [--games N]``.
Every measurement plays the same ``N`` games (seeds 0..N-1) with uniformly random legal actions,
so the ratios compare like with like; each row is the best of ``--repeat`` runs (the machine's
other work only ever slows a run down):

* ``engine``: ``legal_actions`` then ``apply``, nothing else (what a simulation pays);
* ``engine + view``: also ``game.view(seat)`` for the deciding seat, the least any view-based
  observation costs (the view is built by the engine, not by the adapters);
* ``Gymnasium`` / ``PettingZoo`` / ``OpenSpiel``: the adapters, observation and mask included at
  every decision (OpenSpiel also bare, without observations, as its search bots use it).

A "decision" is any seat's (the agent's and its bot opponents' in Gymnasium); the Rhom's turns
run inside ``apply`` in every row. PettingZoo's own ``performance_benchmark`` is run as well.
Copy the table into docs/research.md with the date and machine.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import platform
import time
from collections.abc import Callable

import numpy as np
import pyspiel
from pettingzoo.test import performance_benchmark

from iridescia import Game, Options
from iridescia.core.rng import Rng
from iridescia.rl import pettingzoo_env
from iridescia.rl.gym_env import IridesciaEnv
from iridescia.rl.openspiel_game import SHORT_NAME

Result = tuple[int, float]  # (decisions, seconds)


def engine_games(players: int, rhom: bool, games: int, with_view: bool) -> Result:
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Game.new(players, seed, Options(rhom=True) if rhom else None)
        rng = Rng(seed ^ 0x5EED)
        while not game.is_terminal():
            legal = game.legal_actions()
            if with_view:
                game.view(game.current_player or 0)
            game.apply(legal[rng.below(len(legal))])
            decisions += 1
    return decisions, time.perf_counter() - start


def gym_games(opponents: list[str], rhom: bool, games: int) -> Result:
    env = IridesciaEnv(opponents=opponents, rhom=rhom)
    rng = np.random.default_rng(0)
    start = time.perf_counter()
    decisions = 0
    for seed in range(games):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += len(env.game.history())
    return decisions, time.perf_counter() - start


def pettingzoo_games(players: int, rhom: bool, games: int) -> Result:
    env = pettingzoo_env.raw_env(players=players, rhom=rhom)
    rng = np.random.default_rng(0)
    decisions = 0
    start = time.perf_counter()
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
    return decisions, time.perf_counter() - start


def openspiel_games(players: int, rhom: bool, games: int, observe: bool) -> Result:
    game = pyspiel.load_game(f"{SHORT_NAME}(players={players},rhom={rhom})")
    rng = np.random.default_rng(0)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_initial_state_for_seed(seed)
        while not state.is_terminal():
            player = state.current_player()
            if observe:
                state.observation_tensor(player)
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            decisions += 1
    return decisions, time.perf_counter() - start


def pettingzoo_benchmark(players: int) -> float:
    """Turns per second from PettingZoo's own performance_benchmark (it runs for 5 s)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(pettingzoo_env.env(players=players))
    for line in out.getvalue().splitlines():
        if line.endswith("turns per second"):
            return float(line.split()[0])
    raise RuntimeError("performance_benchmark printed no figure")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs per row")
    args = parser.parse_args()
    n = args.games
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {n} games per row, "
        f"best of {args.repeat}\n"
    )

    def best(run: Callable[[], Result]) -> float:
        rates = []
        for _ in range(args.repeat):
            d, s = run()
            rates.append(d / s)
        return max(rates)

    print(
        "| API | configuration | decisions/s | engine | engine + view "
        "| engine / API | (engine + view) / API |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")

    rows: list[tuple[str, str, int, bool, Callable[[], Result]]] = [
        ("Gymnasium Solo-v0", "solo vs the Rhom", 1, False, lambda: gym_games([], False, n)),
        (
            "Gymnasium Versus-v0",
            "2 players, random opponent",
            2,
            False,
            lambda: gym_games(["random"], False, n),
        ),
        ("PettingZoo AEC", "2 players", 2, False, lambda: pettingzoo_games(2, False, n)),
        ("PettingZoo AEC", "4 players", 4, False, lambda: pettingzoo_games(4, False, n)),
        ("OpenSpiel", "2 players, bare", 2, False, lambda: openspiel_games(2, False, n, False)),
        (
            "OpenSpiel",
            "2 players, observation_tensor",
            2,
            False,
            lambda: openspiel_games(2, False, n, True),
        ),
        (
            "OpenSpiel",
            "3 players + Rhom, observation_tensor",
            3,
            True,
            lambda: openspiel_games(3, True, n, True),
        ),
    ]
    baselines: dict[tuple[int, bool, bool], float] = {}
    for name, config, players, rhom, run in rows:
        for with_view in (False, True):
            key = (players, rhom, with_view)
            if key not in baselines:
                baselines[key] = best(
                    lambda p=players, r=rhom, v=with_view: engine_games(p, r, n, v)
                )
        rate = best(run)
        bare, viewed = baselines[(players, rhom, False)], baselines[(players, rhom, True)]
        print(
            f"| {name} | {config} | {rate:,.0f} | {bare:,.0f} | {viewed:,.0f} "
            f"| {bare / rate:.1f} | {viewed / rate:.1f} |"
        )
    turns = pettingzoo_benchmark(2)
    print(f"\nPettingZoo performance_benchmark (2 players, wrapped env): {turns:,.0f} turns/s")


if __name__ == "__main__":
    main()
