"""A random agent on the Gymnasium environments: the loop every Gymnasium agent runs.

    python examples/random_gymnasium.py [--env iridescia/Versus-v0] [--games 3] [--game NAME]
    python examples/random_gymnasium.py --env iridescia/GemRushRush-v0 --opponents random

Needs the ``rl`` extra (``pip install -e ".[rl]"``). The agent picks uniformly among the legal
actions given by the observation's ``action_mask``; the reward is 0 until the game ends, then the
game's final reward. ``--game`` chooses the game by name (default: Gems of Iridescia; a game's
own ids, such as Gem Rush's, choose it themselves); ``--opponents`` names the bots of the other
seats. A game the research APIs cannot encode yet, or a table that does not fit, is refused with
a message saying so.
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium as gym
import numpy as np

import iridescia.rl  # noqa: F401 - registers iridescia/Solo-v0 and iridescia/Versus-v0
from iridescia.rl import ActionIds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--env", default="iridescia/Solo-v0")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--show", action="store_true", help="print the board at the end")
    parser.add_argument("--game", default=None, help="the game's name (default: the first game)")
    parser.add_argument("--opponents", help="bots on the other seats, comma-separated")
    args = parser.parse_args()
    kwargs: dict[str, Any] = {} if args.game is None else {"game": args.game}
    if args.opponents:
        kwargs["opponents"] = args.opponents.split(",")
    elif "Versus" in args.env:
        kwargs["opponents"] = ["random"]
    try:
        env = gym.make(args.env, render_mode="ansi", **kwargs)
    except ValueError as e:  # EncoderNotAvailable, or a table that does not fit
        raise SystemExit(str(e)) from None
    names = ActionIds.of(env.unwrapped.encoder.game).names
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
