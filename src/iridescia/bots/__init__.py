"""Bots: players that see only their seat's view and the legal actions.

The interface is one method, ``choose(view, legal_actions, rng) -> Action``; a bot never receives
the game state. ``make_bot(name)`` builds a bot from its name (``random`` for now).
"""

from iridescia.bots.base import Bot, bot_names, make_bot
from iridescia.bots.greedy import GreedyBot
from iridescia.bots.mcts import MctsBot
from iridescia.bots.random_bot import RandomBot

__all__ = ["Bot", "GreedyBot", "MctsBot", "RandomBot", "bot_names", "make_bot"]
