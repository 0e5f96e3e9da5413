"""A random game on the OpenSpiel game, then OpenSpiel's IS-MCTS against our greedy bot.

    python examples/random_openspiel.py [--players 3] [--simulations 20] [--game NAME]

Needs the ``rl`` extra. Importing ``iridescia.rl.openspiel_game`` registers one OpenSpiel game
per game the research APIs can play (``python_gems_of_iridescia``); ``--game`` chooses one by
name (default: Gems of Iridescia).
"""

from __future__ import annotations

import argparse

import numpy as np

from iridescia.bots import bot_names
from iridescia.rl import EncoderNotAvailable
from iridescia.rl.openspiel_bots import OursBot, ismcts_bot, play
from iridescia.rl.openspiel_game import load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", default=None, help="the game's name (default: the first game)")
    args = parser.parse_args()

    try:
        game = load(args.game, players=args.players)  # pyspiel.load_game by the game's name
    except EncoderNotAvailable as e:
        raise SystemExit(str(e)) from None
    state = game.new_initial_state_for_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    while not state.is_terminal():
        player = state.current_player()
        action = int(rng.choice(state.legal_actions()))
        if len(state.history()) < 3:
            print(f"player {player}: {state.action_to_string(player, action)}")
        state.apply_action(action)
    print(f"random game: {len(state.history())} actions, returns (scores) {state.returns()}")

    duel = load(args.game, players=2, returns="win_loss")
    ours = "greedy" if "greedy" in bot_names(duel.spec) else "random"
    bots = [ismcts_bot(duel, args.simulations, seed=1), OursBot(ours, 1, args.game)]
    result = play(duel, bots, args.seed)
    print(
        f"IS-MCTS ({args.simulations} simulations) vs {ours}: scores {result.scores}, "
        f"seconds {[round(s, 1) for s in result.seconds]}"
    )


if __name__ == "__main__":
    main()
