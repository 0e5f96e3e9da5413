"""Tournament: our ``hard`` bot against OpenSpiel's IS-MCTS, on the OpenSpiel game.

Run by hand: ``python -m benchmarks.openspiel_vs_ours [--games N] [--mode sims|time|both]
[--first K]``. Two-player games (``returns=win_loss``), seats swapped every game, deals from
seeds K, K + 1, ... (our bot takes seat 0 on even deals).

* ``sims``: the same number of simulations. Our bot's budget per decision is
  ``min(iterations, per_action * legal actions)`` (800 and 100 for ``hard``) and IS-MCTS gets its
  simulations by the same rule on its own decisions; a forced move costs neither anything.
* ``time``: the same wall time. IS-MCTS's simulations per decision are set so that its mean
  thinking time per decision follows ours (a running estimate of its seconds per simulation).

IS-MCTS is OpenSpiel's Python ``ISMCTSBot`` with one random rollout per simulation (to the end of
the game), ``uct_c=2``, worlds from ``resample_from_infostate`` (the engine's determinisation).
Our bot searches with its heuristic evaluator and no rollouts. Needs the ``hard`` bot
(``iridescia.bots``). Prints a Markdown table for docs/research.md.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import pyspiel

from iridescia.bots import bot_names, make_bot
from iridescia.rl.openspiel_bots import OursBot, ismcts_bot, play
from iridescia.rl.openspiel_game import SHORT_NAME, SpielState


@dataclass
class BudgetedIsmcts:
    """IS-MCTS whose simulation budget is chosen per decision (a fresh search each time)."""

    game: Any
    mode: str
    seed: int
    ours_iterations: int
    ours_per_action: int
    ours_seconds: list[float] = field(default_factory=list)  # our time per searched decision
    sims: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    def budget(self, legal: int) -> int:
        if self.mode == "sims":
            return min(self.ours_iterations, self.ours_per_action * legal)
        if not self.ours_seconds or not self.sims:
            return 20  # first decision: a small probe to estimate the cost of a simulation
        per_sim = sum(self.seconds) / sum(self.sims)
        return max(1, round(statistics.fmean(self.ours_seconds) / per_sim))

    def step(self, state: SpielState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        n = self.budget(len(legal))
        bot = ismcts_bot(self.game, n, seed=self.seed)
        self.seed += 3
        start = time.perf_counter()
        action = int(bot.step(state))
        self.seconds.append(time.perf_counter() - start)
        self.sims.append(n)
        return action


class TimedOurs(OursBot):
    """Our bot, recording its thinking time on decisions with a choice."""

    def __init__(self, spec: str, player: int, log: list[float]) -> None:
        super().__init__(spec, player)
        self.log = log

    def step(self, state: SpielState) -> int:
        start = time.perf_counter()
        action = super().step(state)
        if len(state.legal_actions()) > 1:
            self.log.append(time.perf_counter() - start)
        return action


def tournament(games: int, mode: str, spec: str, first: int = 0) -> dict[str, Any]:
    game = pyspiel.load_game(f"{SHORT_NAME}(players=2,returns=win_loss)")
    probe = make_bot(spec)
    iterations = int(getattr(probe, "iterations", 800))
    per_action = int(getattr(probe, "per_action", 100))
    wins = [0, 0]  # ours, IS-MCTS
    ours_scores: list[int] = []
    their_scores: list[int] = []
    ours_log: list[float] = []
    ism = BudgetedIsmcts(game, mode, 1000, iterations, per_action, ours_log)
    start = time.perf_counter()
    for g in range(first, first + games):
        ours_seat = g % 2
        ours = TimedOurs(spec, ours_seat, ours_log)
        bots: list[Any] = [ours, ism] if ours_seat == 0 else [ism, ours]
        result = play(game, bots, seed=g)
        wins[0] += result.returns[ours_seat] > 0
        wins[1] += result.returns[1 - ours_seat] > 0
        ours_scores.append(result.scores[ours_seat])
        their_scores.append(result.scores[1 - ours_seat])
        print(
            f"  deal {g} ({mode}): ours {result.scores[ours_seat]} vs IS-MCTS "
            f"{result.scores[1 - ours_seat]}, {time.perf_counter() - start:.0f} s so far",
            flush=True,
        )
    return {
        "mode": mode,
        "games": games,
        "wins": wins,
        "ours_score": statistics.fmean(ours_scores),
        "their_score": statistics.fmean(their_scores),
        "ours_seconds": statistics.fmean(ours_log) if ours_log else 0.0,
        "their_seconds": statistics.fmean(ism.seconds) if ism.seconds else 0.0,
        "their_sims": statistics.fmean(ism.sims) if ism.sims else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--mode", choices=("sims", "time", "both"), default="both")
    parser.add_argument("--bot", default="hard", help="our bot (default: hard)")
    parser.add_argument("--first", type=int, default=0, help="first deal (seed)")
    args = parser.parse_args()
    name = args.bot.partition(":")[0]
    if name not in bot_names():
        raise SystemExit(f"the {args.bot!r} bot is not registered yet (have: {bot_names()})")
    print(f"Python {platform.python_version()} on {platform.machine()}")
    modes = ("sims", "time") if args.mode == "both" else (args.mode,)
    results = [tournament(args.games, mode, args.bot, args.first) for mode in modes]
    print(
        f"\n| budget | games | {args.bot} wins | IS-MCTS wins | mean score {args.bot} : IS-MCTS "
        f"| s/decision {args.bot} | s/decision IS-MCTS | IS-MCTS simulations/decision |"
    )
    print("| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |")
    for r in results:
        print(
            f"| same {'simulations' if r['mode'] == 'sims' else 'wall time'} | {r['games']} "
            f"| {r['wins'][0]} | {r['wins'][1]} | {r['ours_score']:.1f} : {r['their_score']:.1f} "
            f"| {r['ours_seconds']:.2f} | {r['their_seconds']:.2f} | {r['their_sims']:.0f} |"
        )


if __name__ == "__main__":
    main()
