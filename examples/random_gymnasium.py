"""A random agent on the Gymnasium environments: the loop every Gymnasium agent runs.

    python examples/random_gymnasium.py [--env iridescia/Versus-v0] [--games 3] [--game NAME]

Needs the ``rl`` extra (``pip install -e ".[rl]"``). The agent picks uniformly among the legal
actions given by the observation's ``action_mask``; the reward is 0 until the game ends, then the
final score margin. ``--game`` chooses the game by name (default: Gems of Iridescia); a game the
research APIs cannot encode yet is refused with a message saying so.
"""

from __future__ import annotations

import argparse

import gymnasium as gym
import numpy as np

import iridescia.rl  # noqa: F401 - registers iridescia/Solo-v0 and iridescia/Versus-v0
from iridescia.rl import ActionIds, EncoderNotAvailable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--env", default="iridescia/Solo-v0")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--show", action="store_true", help="print the board at the end")
    parser.add_argument("--game", default=None, help="the game's name (default: the first game)")
    args = parser.parse_args()
    kwargs = {"opponents": ["random"]} if "Versus" in args.env else {}
    try:
        env = gym.make(args.env, render_mode="ansi", game=args.game, **kwargs)
    except EncoderNotAvailable as e:
        raise SystemExit(str(e)) from None
    names = ActionIds.of(args.game).names
    rng = np.random.default_rng(0)
    for game in range(args.games):
        obs, info = env.reset(seed=game)
        steps, total, done = 0, 0.0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            if steps < 3 and game == 0:
                print(f"  step {steps}: {names[action]}")
            obs, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            steps += 1
            done = terminated or truncated
        print(f"game {game}: {steps} steps, scores {info['scores']}, return {total:+.0f}")
    if args.show:
        print(env.render())
    env.close()


if __name__ == "__main__":
    main()
