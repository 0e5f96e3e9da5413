"""Gem Rush through the research APIs: decisions per second with observations, against the engine.

Run by hand on one core: ``taskset -c 1 python -m benchmarks.rl_throughput_gemrush [--games N]``.
The companion of ``benchmarks.rl_throughput`` (Gems of Iridescia), with the same method: every
row plays the same ``N`` games (seeds 0..N-1) with uniformly random legal actions and is the
best of ``--repeat`` runs (the machine's other work only ever slows a run down):

* ``engine``: ``legal_actions`` then ``apply``, nothing else;
* ``engine + view``: also ``game.view(seat)`` for the deciding seat;
* ``encode``: the encoder alone, microseconds per view, over the views of those games;
* ``Gymnasium`` / ``PettingZoo`` / ``OpenSpiel``: the adapters, observation and mask included
  at every decision of an agent (the Rush bot opponent in Gymnasium is the random bot, which
  reads no view: ``greedy``, the default, cannot play Gem Rush yet);
* OpenSpiel's observation routes (``ROUTES``), measured in alternation (one run of each in
  turn, ``--repeat`` times) so that they see the same load: ``observation_tensor`` as OpenSpiel's
  C++ builds the list (``pyspiel.State.observation_tensor(state, p)``, what every call took
  before the adapter built the list itself), ``observation_tensor`` (the adapter's list), and
  ``make_observation``: the observer's ``set_from`` filling its NumPy ``tensor`` in place.

A "decision" is any seat's. The target is 2,000 decisions per second with observations on one
core. Gem Rush's component data is provisional (data set ``gemrush-2e-provisional-1``), and so
are these figures: other tiles and cards make other games. Results: docs/research.md.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

from benchmarks.rl_throughput import ROUTES, batches, best, best_alternating, observe_route
from iridescia.core.rng import Rng
from iridescia.games import get as get_game
from iridescia.rl import games as encoders
from iridescia.rl import pettingzoo_env
from iridescia.rl.gym_env import GameEnv
from iridescia.rl.openspiel_game import load

GAME = "gem-rush"
Result = tuple[int, float]  # (decisions, seconds)


def engine_games(players: int, mode: str, games: int, with_view: bool) -> Result:
    spec = get_game(GAME)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = spec.new(players, seed, mode=mode, keep_log=False)
        rng = Rng(seed ^ 0x5EED)
        while not game.is_terminal():
            legal = game.legal_actions()
            if with_view:
                game.view(game.current_player or 0)
            game.apply(legal[rng.below(len(legal))])
            decisions += 1
    return decisions, time.perf_counter() - start


def encode_micros(players: int, mode: str, games: int) -> float:
    """Microseconds per ``encode`` of a deciding seat's view (the best of three passes)."""
    spec, encode = get_game(GAME), encoders.get(GAME).encode
    views = []
    for seed in range(games):
        game = spec.new(players, seed, mode=mode, keep_log=False)
        rng = Rng(seed ^ 0x5EED)
        while not game.is_terminal():
            views.append(game.view(game.current_player or 0))
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for view in views:
            encode(view)
        best = min(best, (time.perf_counter() - start) / len(views))
    return best * 1e6


def gym_games(options: Mapping[str, Any], games: int) -> Result:
    env = GameEnv(game=GAME, **options)
    rng = np.random.default_rng(0)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += len(env.game.history())
    return decisions, time.perf_counter() - start


def pettingzoo_games(players: int, mode: str, games: int) -> Result:
    env = pettingzoo_env.raw_env(players=players, game=GAME, mode=mode)
    rng = np.random.default_rng(0)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        env.reset(seed=seed)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                decisions += 1
    return decisions, time.perf_counter() - start


def openspiel_games(players: int, mode: str, games: int, route: str | None) -> Result:
    """``route``: None for no observations, else one of ``ROUTES``."""
    game = load(GAME, players=players, mode=mode)
    observe = None if route is None else observe_route(game, route)
    rng = np.random.default_rng(0)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        state: pyspiel.State = game.new_initial_state_for_seed(seed)
        while not state.is_terminal():
            if observe is not None:
                observe(state, state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            decisions += 1
    return decisions, time.perf_counter() - start


# (API, configuration, players, mode, run(games), batch): consecutive rows of one batch (not
# None) are measured in alternation.
Row = tuple[str, str, int, str, Callable[[int], Result], str | None]
ROWS: list[Row] = [
    ("Gymnasium GemRushCrisis-v0", "Crisis, 1 player", 1, "crisis",
     lambda n: gym_games({"mode": "crisis"}, n), None),
    ("Gymnasium GemRushRush-v0", "Rush, 2 players, random opponent", 2, "rush",
     lambda n: gym_games({"mode": "rush", "opponents": ["random"]}, n), None),
    ("PettingZoo AEC", "Crisis, 4 players", 4, "crisis",
     lambda n: pettingzoo_games(4, "crisis", n), None),
    ("PettingZoo AEC", "Rush, 4 players", 4, "rush", lambda n: pettingzoo_games(4, "rush", n),
     None),
    ("OpenSpiel", "Rush, 2 players, bare", 2, "rush",
     lambda n: openspiel_games(2, "rush", n, None), None),
    *[("OpenSpiel", f"Rush, 2 players, {label}", 2, "rush",
       lambda n, r=route: openspiel_games(2, "rush", n, r), "rush")
      for route, label in ROUTES.items()],
    *[("OpenSpiel", f"Crisis, 3 players, {label}", 3, "crisis",
       lambda n, r=route: openspiel_games(3, "crisis", n, r), "crisis")
      for route, label in ROUTES.items()],
]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs per row")
    args = parser.parse_args()
    n = args.games
    print(
        f"Gem Rush (provisional data set), Python {platform.python_version()} on "
        f"{platform.machine()}, {n} games per row, best of {args.repeat}\n"
    )
    print(
        "| API | configuration | decisions/s | engine | engine + view | encode (us) "
        "| (engine + view) / API |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    baselines: dict[tuple[int, str, bool], float] = {}
    micros: dict[tuple[int, str], float] = {}
    for batch in batches(ROWS):
        _, _, players, mode, _, _ = batch[0]
        for with_view in (False, True):
            key = (players, mode, with_view)
            if key not in baselines:
                baselines[key] = best(
                    lambda p=players, m=mode, v=with_view: engine_games(p, m, n, v), args.repeat
                )
        if (players, mode) not in micros:
            micros[(players, mode)] = encode_micros(players, mode, n)
        runs = [lambda run=row[4]: run(n) for row in batch]
        rates = best_alternating(runs, args.repeat)
        bare, viewed = baselines[(players, mode, False)], baselines[(players, mode, True)]
        for (name, config, *_), rate in zip(batch, rates, strict=True):
            print(
                f"| {name} | {config} | {rate:,.0f} | {bare:,.0f} | {viewed:,.0f} "
                f"| {micros[(players, mode)]:.0f} | {viewed / rate:.1f} |"
            )


if __name__ == "__main__":
    main()
