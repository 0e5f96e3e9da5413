"""Random agents on the PettingZoo AEC environment: PettingZoo's standard agent loop.

    python examples/random_pettingzoo.py [--players 3] [--rhom] [--game NAME]

Needs the ``rl`` extra. Each agent picks uniformly among its legal actions (``action_mask``);
when the game ends every agent receives its final score margin.
"""

from __future__ import annotations

import argparse

import numpy as np

from iridescia.rl import EncoderNotAvailable, pettingzoo_env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rhom", action="store_true", help="add the Rhom (2-3 players)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", default=None, help="the game's name (default: the first game)")
    args = parser.parse_args()
    options = {"rhom": True} if args.rhom else {}  # a table option of Gems of Iridescia
    try:
        env = pettingzoo_env.env(
            players=args.players, game=args.game, render_mode="ansi", **options
        )
    except EncoderNotAvailable as e:
        raise SystemExit(str(e)) from None
    env.reset(seed=args.seed)
    rng = np.random.default_rng(args.seed)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    decisions = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        returns[agent] += reward
        if termination or truncation:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            decisions += 1
        env.step(action)
    print(env.unwrapped.render())
    print(f"{decisions} decisions; returns {returns}")
    env.close()


if __name__ == "__main__":
    main()
