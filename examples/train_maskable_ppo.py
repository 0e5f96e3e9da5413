"""Train sb3-contrib's MaskablePPO on ``iridescia/Solo-v0`` and plot its learning curve.

    pip install -e ".[examples]"          # sb3-contrib (with PyTorch) and matplotlib
    python examples/train_maskable_ppo.py --timesteps 100000 --out examples/ppo_solo

The agent plays the solo expedition against the Rhom; the reward is the final score margin
(agent minus Rhom), so a return above 0 is a win on points; ``--shaping 0.1`` adds dense,
potential-based rewards (the curve then shows shaped returns). Illegal actions are masked through
the environment's ``action_masks()`` (the hook MaskablePPO calls); the policy sees only the
observation vector. Writes ``<out>.csv`` (episode, timestep, return) and ``<out>.png`` (returns
and their moving average, with a random agent's mean for reference).
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor

import iridescia.rl  # noqa: F401 - registers the environments


class EpisodeLog(BaseCallback):
    """Records (timestep, return) of every finished episode."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[int, float]] = []

    def _on_step(self) -> bool:
        for info in self.locals["infos"]:
            if "episode" in info:
                self.rows.append((self.num_timesteps, float(info["episode"]["r"])))
        return True


def make_env(seed: int, shaping: float) -> gym.Env[Any, Any]:
    env = gym.make("iridescia/Solo-v0", shaping=shaping)
    space = env.observation_space["observation"]
    env = gym.wrappers.TransformObservation(env, lambda obs: obs["observation"], space)
    env = Monitor(env)
    env.reset(seed=seed)
    return env


def random_baseline(games: int, seed: int) -> float:
    env = gym.make("iridescia/Solo-v0")
    rng = np.random.default_rng(seed)
    returns = []
    for g in range(games):
        obs, _ = env.reset(seed=10_000 + g)
        done, total = False, 0.0
        while not done:
            obs, reward, terminated, truncated, _ = env.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"])))
            )
            total += float(reward)
            done = terminated or truncated
        returns.append(total)
    return float(np.mean(returns))


def plot(rows: list[tuple[int, float]], baseline: float, path: Path, window: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = np.array([r[0] for r in rows])
    returns = np.array([r[1] for r in rows])
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.scatter(steps, returns, s=4, alpha=0.25, label="episode return")
    if len(returns) >= window:
        smooth = np.convolve(returns, np.ones(window) / window, mode="valid")
        ax.plot(steps[window - 1 :], smooth, color="C1", label=f"moving mean ({window} episodes)")
    ax.axhline(baseline, color="grey", linestyle="--", label="random agent (mean)")
    ax.axhline(0, color="black", linewidth=0.5)
    ax.set_xlabel("environment steps")
    ax.set_ylabel("final margin vs the Rhom")
    ax.set_title("MaskablePPO on iridescia/Solo-v0")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timesteps", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="examples/ppo_solo")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument(
        "--shaping", type=float, default=0.0, help="potential-based shaping weight (e.g. 0.1)"
    )
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    out = Path(args.out)

    env = make_env(args.seed, args.shaping)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=2048, batch_size=256, learning_rate=3e-4, gamma=1.0,
        seed=args.seed, verbose=0,
    )  # fmt: skip
    log = EpisodeLog()
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps, callback=log)
    seconds = time.perf_counter() - start
    baseline = random_baseline(50, args.seed)

    with open(out.with_suffix(".csv"), "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["episode", "timestep", "return"])
        for i, (step, ret) in enumerate(log.rows):
            writer.writerow([i, step, ret])
    plot(log.rows, baseline, out.with_suffix(".png"), window=50)
    last = [r for _, r in log.rows[-100:]]
    print(
        f"{args.timesteps} steps in {seconds:.0f} s ({args.timesteps / seconds:.0f} steps/s), "
        f"{len(log.rows)} episodes; mean return of the last {len(last)}: {np.mean(last):+.1f} "
        f"(random agent {baseline:+.1f}); wrote {out.with_suffix('.png')}"
    )


if __name__ == "__main__":
    main()
