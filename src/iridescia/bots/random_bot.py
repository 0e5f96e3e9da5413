"""The random bot: a uniformly random legal action. The baseline every other bot must beat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from iridescia.bots.base import register
from iridescia.core.rng import Rng
from iridescia.games.iridescia.actions import Action


class RandomBot:
    name = "random"
    needs_view = False  # it never reads the view: simulators may pass {} and save building one

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        if not legal_actions:
            raise ValueError("the random bot was asked to choose among no actions")
        return legal_actions[rng.below(len(legal_actions))]


register("random", RandomBot)
