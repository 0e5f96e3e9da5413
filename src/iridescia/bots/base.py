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


_REGISTRY: dict[str, Callable[[str], Bot]] = {}
_TAKES_OPTIONS: set[str] = set()


def register(name: str, factory: Callable[[], Bot]) -> None:
    """Register a bot that takes no options: ``make_bot(name)``."""

    def build(options: str) -> Bot:
        if options:
            raise ValueError(f"the {name} bot takes no options (got {options!r})")
        return factory()

    _REGISTRY[name] = build


def register_with_options(name: str, factory: Callable[[str], Bot]) -> None:
    """Register a bot family: ``make_bot("name")`` or ``make_bot("name:options")``."""
    _REGISTRY[name] = factory
    _TAKES_OPTIONS.add(name)


def bot_names() -> list[str]:
    """Every registered bot name (a family also accepts ``name:options``)."""
    return sorted(_REGISTRY)


def make_bot(spec: str) -> Bot:
    """A fresh bot from its spec: ``random``, ``greedy``, ``easy``/``medium``/``hard``, ``mcts``,
    ``mcts:hard`` or ``mcts:iterations=500,worlds=20``. Raises ValueError for an unknown spec."""
    if not isinstance(spec, str):
        raise ValueError("a bot spec must be a string")
    name, _, options = spec.strip().partition(":")
    factory = _REGISTRY.get(name.lower())
    if factory is None:
        raise ValueError(f"unknown bot {spec!r}; available: {', '.join(bot_names())}")
    return factory(options.strip())
