"""Bots: players that see only their seat's view and the legal actions, for any game.

The interface is one method, ``choose(view, legal_actions, rng) -> Action``; a bot never receives
the game in progress (search bots rebuild worlds from the view with the game's
``world_from_view``). ``make_bot(spec, game)`` builds a fresh bot for a game: ``random`` (every
game), and for games with search heuristics ``greedy`` (one step of look-ahead with the game's
evaluator) and ``mcts`` (information-set Monte Carlo tree search) with the levels ``easy``,
``medium`` and ``hard`` (also ``mcts:hard``, or ``mcts:iterations=N,...``).
"""

from iridescia.bots.base import Bot, bot_names, make_bot, plays
from iridescia.bots.greedy import GreedyBot
from iridescia.bots.mcts import MctsBot
from iridescia.bots.random_bot import RandomBot

__all__ = ["Bot", "GreedyBot", "MctsBot", "RandomBot", "bot_names", "make_bot", "plays"]
