"""The greedy bot: one step of look-ahead with the heuristic evaluator.

From its view the bot builds one world (``worlds.world_from_view``: what it cannot see is dealt
at random), tries every legal action on a copy, finishes the turn with the default policy
(``policy.finish_turn``: so that every action is judged at the same point, just before the turn
passes), and keeps the action whose outcome the evaluator likes best: its predicted lead over the
best other seat. Chance outcomes (dice, revealed tiles) are averaged over a few samples, the same
samples for every action so that the comparison is fair.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from iridescia.bots.base import register
from iridescia.bots.evaluate import DEFAULT_WEIGHTS, Weights
from iridescia.bots.policy import finish_turn, static_value
from iridescia.core.rng import Rng
from iridescia.games.iridescia import rules
from iridescia.games.iridescia.actions import Action
from iridescia.games.iridescia.state import State
from iridescia.games.iridescia.worlds import world_from_view


def action_value(
    world: State, action: Action, seat: int, samples: Sequence[int], weights: Weights
) -> float:
    """The mean value for ``seat`` of playing ``action`` in ``world`` and finishing the turn by
    default, over the chance ``samples`` (the same for every action)."""
    total = 0.0
    for sample in samples:
        s = world.clone()
        s.rng = Rng(sample)
        rules.apply_unchecked(s, action)
        s.events = []
        if s.turn_number != world.turn_number or rules.decision_kind(s) is None:
            s = world  # the action passed the turn: judge the state it was played in
        else:
            s = finish_turn(s, seat, weights, Rng(sample ^ 0x5A5A))
        total += static_value(s, seat, weights)
    return total / len(samples)


class GreedyBot:
    """One-step look-ahead with ``estimate``; ``samples`` chance samples per action."""

    def __init__(self, samples: int = 3, weights: Weights = DEFAULT_WEIGHTS, name: str = "greedy"):
        self.samples = samples
        self.weights = weights
        self.name = name

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        if not legal_actions:
            raise ValueError("the greedy bot was asked to choose among no actions")
        if len(legal_actions) == 1:
            return legal_actions[0]
        seat = view["viewer"]
        world = world_from_view(view, rng)
        world.silent = True  # its copies emit no events: nobody reads them here
        samples = [rng.next64() for _ in range(self.samples)]
        best_action = legal_actions[0]
        best_value = float("-inf")
        for a in legal_actions:
            value = action_value(world, a, seat, samples, self.weights)
            if value > best_value:  # ties keep the lowest action id: deterministic
                best_value, best_action = value, a
        return best_action


register("greedy", GreedyBot)
