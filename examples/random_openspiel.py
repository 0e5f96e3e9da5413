"""A random game on the OpenSpiel game, then OpenSpiel's IS-MCTS against our greedy bot.

    python examples/random_openspiel.py [--players 3] [--simulations 20]

Needs the ``rl`` extra. Importing ``iridescia.rl.openspiel_game`` registers
``python_gems_of_iridescia`` with OpenSpiel.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel

import iridescia.rl.openspiel_game  # noqa: F401 - registers the game
from iridescia.bots import bot_names
from iridescia.rl.openspiel_bots import OursBot, ismcts_bot, play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    game = pyspiel.load_game(f"python_gems_of_iridescia(players={args.players})")
    state = game.new_initial_state_for_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    while not state.is_terminal():
        player = state.current_player()
        action = int(rng.choice(state.legal_actions()))
        if len(state.history()) < 3:
            print(f"player {player}: {state.action_to_string(player, action)}")
        state.apply_action(action)
    print(f"random game: {len(state.history())} actions, returns (scores) {state.returns()}")

    duel = pyspiel.load_game("python_gems_of_iridescia(players=2,returns=win_loss)")
    ours = "greedy" if "greedy" in bot_names() else "random"
    result = play(duel, [ismcts_bot(duel, args.simulations, seed=1), OursBot(ours, 1)], args.seed)
    print(
        f"IS-MCTS ({args.simulations} simulations) vs {ours}: scores {result.scores}, "
        f"seconds {[round(s, 1) for s in result.seconds]}"
    )


if __name__ == "__main__":
    main()
