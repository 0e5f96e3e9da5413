"""Shared helpers for the per-room scenarios of Gem Rush (``test_rooms_*.py``).

Every room test is decorated with ``@covers("Room name", ...)``, which records it in ``COVERED``;
``test_rooms_coverage.py`` checks that every one of the 65 rooms of the engine's data has at
least one scenario. ``room_game`` builds the usual position: the room under test at (0, 0) with
seat 0 in it, and a Mine Shaft (T35) far away holding the other seats. With ``exact_deck`` the
deck is exactly the cards given (the cards placed nowhere else go to seat 1's hand), so that
refills (Gem Rush R35) and exhaustion (Gem Rush R64) can be set up card by card.

Card ids used in the scenarios (spec §2.3.1): G01-02 FR+OB, G03-04 FR+PF, G05-06 FR+ST, G07-08
FR+EL, G09-10 FR+SS, G11-12 FR+RH, G13-14 OB+PF, G15-16 OB+ST, G17-18 OB+EL, G19-20 OB+SS, G21-22
OB+RH, G23-24 PF+ST, G25-26 PF+EL, G27-28 PF+SS, G29-30 PF+RH, G31-32 ST+EL, G33-34 ST+SS, G35-36
ST+RH, G37-38 EL+SS, G39-40 EL+RH, G41-42 SS+RH, G43-49 (FR..RH)+DD, G50-56 (FR..RH)+EG, G57-63
(FR..RH)+OR, G64-70 (FR..RH)+WS, G71-75 DD alone.

Imported by the tests as ``from room_cases import ...`` (this folder is on ``sys.path``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from iridescia.core.events import Event
from iridescia.games.gemrush import GemRushGame, scenario
from iridescia.games.gemrush.data import NUM_CARDS

F = TypeVar("F", bound=Callable[..., Any])

COVERED: dict[str, list[str]] = {}  # room name -> the tests that give it a scenario
FAR_SHAFT = 35  # Mine Shaft #3, placed away from the room under test


def covers(*rooms: str) -> Callable[[F], F]:
    """Record that the decorated test is a scenario for these rooms."""

    def mark(fn: F) -> F:
        for room in rooms:
            COVERED.setdefault(room, []).append(fn.__name__)
        return fn

    return mark


def room_game(
    tile: int,
    *,
    hand: Sequence[int] = (),
    deck: Sequence[int] = (),
    discard: Sequence[int] = (),
    exact_deck: bool = False,
    players: int = 2,
    phase: str = "action",
    **kw: Any,
) -> GemRushGame:
    """Seat 0 in ``tile`` at (0, 0), the other seats in T35 at (9, 9); the deck starts with
    ``deck`` (top first), the pile is ``discard`` (bottom first)."""
    hands: list[list[int]] = [list(hand)] + [[] for _ in range(players - 1)]
    if exact_deck:
        placed = set(hand) | set(deck) | set(discard)
        hands[1] = [c for c in range(1, NUM_CARDS + 1) if c not in placed]
    kw.setdefault("tiles", [(tile, 0, 0, 0), (FAR_SHAFT, 9, 9, 0)])
    kw.setdefault("rooms", [tile] + [FAR_SHAFT] * (players - 1))
    return scenario(players, hands=hands, deck=deck, discard=discard, phase=phase, **kw)


def texts(game: GemRushGame) -> list[str]:
    """The legal actions' texts, sorted by action id."""
    return [str(a) for a in game.legal_actions()]


def run(game: GemRushGame, *actions: str) -> list[Event]:
    """Apply the actions in order; every event they produced."""
    out: list[Event] = []
    for text in actions:
        out += game.apply(text)
    return out


def effect_events(events: Iterable[Event]) -> list[tuple[str, dict[str, Any]]]:
    """``(kind, data)`` of the events from the first ``effect`` (or the first event) to the
    last ``effect_end`` (or the last event)."""
    pairs = [(e.kind, e.data) for e in events]
    kinds = [k for k, _ in pairs]
    start = kinds.index("effect") if "effect" in kinds else 0
    end = len(kinds) - kinds[::-1].index("effect_end") if "effect_end" in kinds else len(kinds)
    return pairs[start:end]


def effect_kinds(events: Iterable[Event]) -> list[str]:
    return [k for k, _ in effect_events(events)]


def deck_top(game: GemRushGame, n: int) -> list[int]:
    """The top n cards of the deck, top first."""
    return list(reversed(game.state.deck))[:n]


def reshuffled(game: GemRushGame, pile: Sequence[int]) -> list[int]:
    """The deck the state's RNG makes of ``pile`` (Gem Rush R35), top first, without touching
    the game: the order a refill of the deck from that discard pile will have."""
    cards = list(pile)
    game.state.rng.clone().shuffle(cards)
    return list(reversed(cards))
