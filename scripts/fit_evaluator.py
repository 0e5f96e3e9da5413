"""Fit the evaluator's weights (``games/iridescia/data/evaluator.json``) on a bot's solo games.

``python scripts/fit_evaluator.py play --bot greedy --games 300 --samples S.csv``
``python scripts/fit_evaluator.py fit --samples S.csv [--samples T.csv] --write``
``python scripts/fit_evaluator.py fit --road --without tiles_ahead --without free_tiles
--samples benchmarks/results/evaluator_samples_greedy_road.csv.gz --write --out road.json``

``play`` plays seeded solo games of a bot against the Rhom (seat 0 gets ``Rng(seed * 16 + 1)``,
as the benchmarks do) and, at every state the evaluator is asked about in play — the bot's turn
about to pass, before the action that passes it — writes one line per seat on the board: its
rows left, its features (``evaluate.features``) and the points it went on to score from there
(its final score less ``evaluate.exact_now``). ``fit`` solves, for players and for the Rhom
separately, a least-squares fit (a little ridge) of those points on a value per rows left (0..9)
plus the features weighted per phase (``evaluate.phase_of``), prints the fit and, with
``--write``, stores it where the evaluator loads it. The samples live in
``benchmarks/results/`` (docs/bots.md says which runs they come from).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import math
from pathlib import Path
from typing import IO, cast

import numpy as np

from iridescia import Game
from iridescia.bots import make_bot
from iridescia.core.rng import Rng
from iridescia.games.iridescia import evaluate
from iridescia.games.iridescia.board import CASTLE_ROW, ROW_OF
from iridescia.games.iridescia.state import IN_CASTLE

WEIGHTS_FILE = Path(__file__).resolve().parents[1] / (
    "src/iridescia/games/iridescia/data/evaluator.json"
)
RIDGE = 1.0
# A line's features in order (``HUMAN_FEATURES`` or ``RHOM_FEATURES`` by its ``who``).
FEATURE_COLUMNS = [f"x{m + 1}" for m in range(len(evaluate.HUMAN_FEATURES))]


def rows_left(pos: int) -> int:
    if pos == IN_CASTLE:
        return -1
    return CASTLE_ROW - ROW_OF[pos] if pos > 0 else CASTLE_ROW


def play(spec: str, seeds: range, out: Path) -> None:
    new = not out.exists()
    with _open(out, "a") as f:
        w = csv.writer(f)
        if new:
            w.writerow(["seed", "who", "rows_left", "target", *FEATURE_COLUMNS])
        for seed in seeds:
            for line in _one_game(spec, seed):
                w.writerow(line)
            print(f"seed {seed} done", flush=True)


def _open(path: Path, mode: str) -> IO[str]:
    """A samples file, gzipped when its name ends in ``.gz`` (the stored ones are)."""
    if path.suffix == ".gz":
        return cast(IO[str], gzip.open(path, mode + "t", newline="", encoding="utf-8"))
    return path.open(mode, newline="", encoding="utf-8")


def _one_game(spec: str, seed: int) -> list[list[object]]:
    game = Game.new(1, seed)
    bot = make_bot(spec)
    rng = Rng(seed * 16 + 1)
    snaps: list[tuple[list[tuple[str, int, tuple[float, ...]]], tuple[int, ...]]] = []
    while not game.is_terminal():
        legal = game.legal_actions()
        action = bot.choose(game.view(0), legal, rng)
        s = game.state
        after = game.clone()
        after.apply_unchecked(action)
        if after.state.turn_number != s.turn_number or after.is_terminal():
            seats = []
            for i, p in enumerate(s.players):
                r = rows_left(p.pos)
                if r >= 0:
                    who = "rhom" if i == s.rhom else "human"
                    seats.append((who, r, evaluate.features(s, i)))
            snaps.append((seats, evaluate.exact_now(s)))
        game.apply(action)
    final = [b.total for b in game.scores()]
    lines: list[list[object]] = []
    for seats, now in snaps:
        for who, r, feats in seats:
            i = (game.rhom_seat or 0) if who == "rhom" else 0
            lines.append([seed, who, r, final[i] - now[i], *(round(x, 3) for x in feats)])
    return lines


def _solve(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Ridge least squares with every feature weight at least 0 (the row values are free): a
    weight the fit wants negative (stone dice, items: on-policy confounding, not worth) is
    fixed at 0 and the rest fitted again, until none is negative."""
    free = np.ones(x.shape[1], dtype=bool)
    while True:
        penalty = RIDGE * np.eye(int(free.sum()))
        rows = np.arange(x.shape[1])[free] < evaluate.ROWS
        penalty[rows, rows] = 1e-3  # the row values are barely shrunk
        xf = x[:, free]
        sub = np.linalg.solve(xf.T @ xf + penalty, xf.T @ y)
        coef = np.zeros(x.shape[1])
        coef[free] = sub
        negative = (coef < 0) & (np.arange(x.shape[1]) >= evaluate.ROWS)
        if not negative.any():
            return coef
        free &= ~negative


def _increasing(values: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The closest non-decreasing sequence (pool adjacent violators): a row more to travel is
    never worth less, whatever the noise of the samples."""
    blocks: list[list[float]] = []  # [mean, weight, count]
    for v, w in zip(values, weights, strict=True):
        blocks.append([float(v), max(float(w), 1.0), 1.0])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            b = blocks.pop()
            a = blocks[-1]
            total = a[1] + b[1]
            a[0] = (a[0] * a[1] + b[0] * b[1]) / total
            a[1], a[2] = total, a[2] + b[2]
    out: list[float] = []
    for mean, _, count in blocks:
        out.extend([mean] * int(count))
    return np.array(out)


# The player's features of the road ahead (the turns left): with ``--road``, only these and the
# value per row left are fitted, the holdings keeping their hand-set weights.
ROAD_FEATURES = ("tiles_ahead", "free_tiles", "road")


def fit(
    paths: list[Path], road_only: bool = False, without: tuple[str, ...] = ()
) -> dict[str, object]:
    rows: list[dict[str, str]] = []
    for path in paths:
        with _open(path, "r") as f:
            rows.extend(csv.DictReader(f))
    result: dict[str, object] = {}
    for who, names in (("human", evaluate.HUMAN_FEATURES), ("rhom", evaluate.RHOM_FEATURES)):
        data = [r for r in rows if r["who"] == who]
        k = len(names)
        x = np.zeros((len(data), evaluate.ROWS + evaluate.PHASES * k))
        y = np.zeros(len(data))
        for j, r in enumerate(data):
            left = int(r["rows_left"])
            x[j, left] = 1.0
            base = evaluate.ROWS + evaluate.phase_of(left) * k
            for m in range(k):
                if who == "human" and names[m] in without:
                    continue  # left out of the fit: its weight comes out 0
                x[j, base + m] = float(r.get(FEATURE_COLUMNS[m]) or 0.0)  # older files: fewer
            y[j] = float(r["target"])
        fixed = np.zeros(x.shape[1], dtype=bool)
        if road_only and who == "human":
            # The holdings keep their hand-set weights: their part of the target is taken off
            # and only the rows and the road are fitted.
            hand = evaluate.HAND_SET.human[0]
            for p in range(evaluate.PHASES):
                for m, name in enumerate(names):
                    if name not in ROAD_FEATURES:
                        col = evaluate.ROWS + p * k + m
                        fixed[col] = True
                        y -= x[:, col] * hand[m]
        coef = np.zeros(x.shape[1])
        coef[~fixed] = _solve(x[:, ~fixed], y)
        if road_only and who == "human":
            hand = evaluate.HAND_SET.human[0]
            for p in range(evaluate.PHASES):
                for m, name in enumerate(names):
                    if name not in ROAD_FEATURES:
                        coef[evaluate.ROWS + p * k + m] = hand[m]
                        y += x[:, evaluate.ROWS + p * k + m] * hand[m]
        seen = x[:, : evaluate.ROWS].sum(axis=0)
        for left in range(evaluate.ROWS):  # a row never seen (the Rhom's 9): the next row's trend
            if seen[left] == 0 and left >= 2:
                coef[left] = 2 * coef[left - 1] - coef[left - 2]
        coef[: evaluate.ROWS] = _increasing(coef[: evaluate.ROWS], seen)
        residual = y - x @ coef
        r2 = 1.0 - float(residual @ residual) / float(((y - y.mean()) ** 2).sum())
        rmse = math.sqrt(float(residual @ residual) / len(y))
        phases = [
            {name: round(float(coef[evaluate.ROWS + p * k + m]), 3) for m, name in enumerate(names)}
            for p in range(evaluate.PHASES)
        ]
        result[who] = {
            "rows_left": [round(float(v), 2) for v in coef[: evaluate.ROWS]],
            "phases": phases,
            "samples": len(y),
            "r2": round(r2, 3),
            "rmse": round(rmse, 2),
        }
    return result


def chosen_road(result: dict[str, object]) -> dict[str, object]:
    """With ``--road``: the Rhom as in ``chosen``, the player's rows and road fitted (its
    holdings hand-set, as the fit assumed)."""
    out = chosen(result)
    human = cast(dict[str, object], result["human"])
    out["human"] = {
        "rows_left": human["rows_left"],
        "phases": human["phases"],
        "fitted": human,
    }
    return out


def chosen(result: dict[str, object]) -> dict[str, object]:
    """What the evaluator uses of a fit (each choice measured with ``solo_diagnostics``,
    greedy, 200 solo games, docs/bots.md): the Rhom's fit, its ``restorable`` weight raised to
    1 (it restores those relics on its very next turn: a relic a player takes first is lost to
    it; the fit left them to the cargo's weight), and the player's hand-set weights (the
    player's fit, on-policy, gave items and stone dice no worth and lost: 22% against 24.5%)."""
    rhom = json.loads(json.dumps(result["rhom"]))
    for phase in rhom["phases"]:
        phase["restorable"] = max(phase["restorable"], 1.0)
    hand = dict(zip(evaluate.HUMAN_FEATURES, evaluate.HAND_SET.human[0], strict=True))
    human = {
        "rows_left": list(evaluate.HAND_SET.human_rows),
        "phases": [hand] * evaluate.PHASES,
        "fitted": result["human"],
    }
    return {"human": human, "rhom": rhom}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=["play", "fit"])
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first-seed", type=int, default=10_000)
    ap.add_argument("--samples", type=Path, action="append", required=True)
    ap.add_argument("--write", action="store_true", help="store the fit for the evaluator")
    ap.add_argument(
        "--road", action="store_true", help="fit only the player's rows and road features"
    )
    ap.add_argument("--out", type=Path, default=WEIGHTS_FILE, help="where --write stores it")
    ap.add_argument(
        "--without",
        action="append",
        default=[],
        choices=evaluate.HUMAN_FEATURES,
        help="leave a player's feature out of the fit",
    )
    args = ap.parse_args()
    if args.command == "play":
        play(args.bot, range(args.first_seed, args.first_seed + args.games), args.samples[0])
        return
    result = fit(args.samples, road_only=args.road, without=tuple(args.without))
    print(json.dumps(result, indent=1))
    if args.write:
        weights = chosen_road(result) if args.road else chosen(result)
        args.out.write_text(json.dumps(weights, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
