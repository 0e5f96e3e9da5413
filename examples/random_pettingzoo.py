"""Random agents on the PettingZoo AEC environment: PettingZoo's standard agent loop.

    python examples/random_pettingzoo.py [--players 3] [--rhom]

Needs the ``rl`` extra. Each agent picks uniformly among its legal actions (``action_mask``);
when the game ends every agent receives its final score margin.
"""

from __future__ import annotations

import argparse

import numpy as np

from iridescia.rl import pettingzoo_env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rhom", action="store_true", help="add the Rhom (2-3 players)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    env = pettingzoo_env.env(players=args.players, rhom=args.rhom, render_mode="ansi")
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
