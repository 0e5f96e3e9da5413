"""The random bot: a uniformly random legal action. The baseline every other bot must beat; it
plays every game, since it needs to know nothing about it."""

from __future__ import annotations

from collections.abc import Sequence

from iridescia.bots.base import register
from iridescia.core.actions import Action
from iridescia.core.game import GameSpec, View
from iridescia.core.rng import Rng


class RandomBot:
    name = "random"
    needs_view = False  # it never reads the view: simulators may pass {} and save building one

    def choose(self, view: View, legal_actions: Sequence[Action], rng: Rng) -> Action:
        if not legal_actions:
            raise ValueError("the random bot was asked to choose among no actions")
        return legal_actions[rng.below(len(legal_actions))]


def _make(options: str, game: GameSpec) -> RandomBot:
    return RandomBot()


register("random", _make)
