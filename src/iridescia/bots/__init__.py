"""Bots: players that see only their seat's view and the legal actions.

The interface is one method, ``choose(view, legal_actions, rng) -> Action``; a bot never receives
the game state (search bots rebuild worlds from the view: ``games.iridescia.worlds``).
``make_bot(spec)`` builds a fresh bot: ``random``, ``greedy`` (one step of look-ahead with the
heuristic evaluator), ``mcts`` (information-set Monte Carlo tree search) with the levels
``easy``, ``medium`` and ``hard`` (also ``mcts:hard``, or ``mcts:iterations=N,...``).
"""

from iridescia.bots.base import Bot, bot_names, make_bot
from iridescia.bots.greedy import GreedyBot
from iridescia.bots.mcts import MctsBot
from iridescia.bots.random_bot import RandomBot

__all__ = ["Bot", "GreedyBot", "MctsBot", "RandomBot", "bot_names", "make_bot"]
