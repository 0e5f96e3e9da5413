"""The bot interface and the registry of bots by name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from iridescia.core.rng import Rng
from iridescia.games.iridescia.actions import Action


class Bot(Protocol):
    """A player that decides from what its seat may see."""

    name: str

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        """Pick one of ``legal_actions`` (non-empty) given the seat's ``view``."""
        ...


_REGISTRY: dict[str, Callable[[], Bot]] = {}


def register(name: str, factory: Callable[[], Bot]) -> None:
    _REGISTRY[name] = factory


def bot_names() -> list[str]:
    return sorted(_REGISTRY)


def make_bot(name: str) -> Bot:
    factory = _REGISTRY.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; available: {', '.join(bot_names())}")
    return factory()
