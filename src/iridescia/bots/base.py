"""The bot interface, and the registry of bots by name.

A bot is built for one game (``make_bot("hard", game)``) and then decides from what its seat may
see: ``choose(view, legal_actions, rng)``. It never receives the game in progress; search bots
rebuild worlds from the view through the game's ``world_from_view`` and play them with the
game's heuristics (``GameSpec.heuristics()``). A bot that needs heuristics refuses, with a clear
error, a game that has none yet.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from iridescia.core.actions import Action
from iridescia.core.game import GameSpec, View
from iridescia.core.rng import Rng
from iridescia.games import get as get_game


class Bot(Protocol):
    """A player that decides from what its seat may see."""

    name: str

    def choose(self, view: View, legal_actions: Sequence[Action], rng: Rng) -> Action:
        """Pick one of ``legal_actions`` (non-empty) given the seat's ``view``."""
        ...


# A factory gets the options after ``name:`` ("" if none) and the game the bot plays.
Factory = Callable[[str, GameSpec], Bot]


@dataclass(frozen=True, slots=True)
class BotKind:
    name: str
    factory: Factory
    needs_heuristics: bool  # it searches: the game must provide ``heuristics()``
    takes_options: bool


_REGISTRY: Final[dict[str, BotKind]] = {}


def register(
    name: str,
    factory: Factory,
    *,
    needs_heuristics: bool = False,
    takes_options: bool = False,
) -> None:
    """Register a bot family: ``make_bot("name")``, or ``make_bot("name:options")`` when it
    takes options."""
    _REGISTRY[name] = BotKind(name, factory, needs_heuristics, takes_options)


def plays(name: str, game: GameSpec) -> bool:
    """Whether the bot ``name`` can play ``game``."""
    kind = _REGISTRY.get(name)
    return kind is not None and (not kind.needs_heuristics or game.heuristics() is not None)


def bot_names(game: GameSpec | None = None) -> list[str]:
    """Every registered bot name, or those that can play ``game`` (a family also accepts
    ``name:options``)."""
    return sorted(n for n in _REGISTRY if game is None or plays(n, game))


def make_bot(spec: object, game: GameSpec | None = None) -> Bot:
    """A fresh bot for ``game`` (the default game for None) from its spec: ``random``,
    ``greedy``, ``easy``/``medium``/``hard``, ``mcts``, ``mcts:hard`` or
    ``mcts:iterations=500,worlds=20``. ValueError for an unknown spec, or a bot that needs
    search heuristics the game does not have."""
    if not isinstance(spec, str):
        raise ValueError("a bot spec must be a string")
    chosen = get_game(None) if game is None else game
    name, _, options = spec.strip().partition(":")
    kind = _REGISTRY.get(name.lower())
    if kind is None:
        raise ValueError(f"unknown bot {spec!r}; available: {', '.join(bot_names(chosen))}")
    if options.strip() and not kind.takes_options:
        raise ValueError(f"the {kind.name} bot takes no options (got {options.strip()!r})")
    if kind.needs_heuristics and chosen.heuristics() is None:
        raise ValueError(
            f"the {kind.name} bot cannot play {chosen.info.title} yet (it has no search "
            f"heuristics); bots for it: {', '.join(bot_names(chosen))}"
        )
    return kind.factory(options.strip(), chosen)
