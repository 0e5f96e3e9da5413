"""What Gem Rush's balancing pass (spec §8) measures against, and its small per-room records.

- ``DOORS_BY_SIZE``: every printed door of the data set's rooms by cost size, once per side
  that shows it, and ``Payability``, which tests hands against doors drawn from it with the
  engine's own payment matcher (spec §8.3: how often a door of each cost size can be
  paid from the hands that actually occur);
- ``full_deck_cards``: what one use of each room gains from a full deck where the data alone
  decides it (the expected values of spec §2.3.2); ``level_targets``, the Crisis levels;
- ``SeatStats``, ``RoomStats`` and ``DigStats``: one seat's figures, one room's use and its
  digs in a game (the records ``stats.Statistics`` folds into).

Everything here is read from the data rows (room parameters, door costs), never from a room's
or a tile's name or id.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from iridescia.core.rng import Rng
from iridescia.games.gemrush.data import CARD_GEMS, CARD_MASK, LEVELS, NUM_CARDS, ROOMS, TILES
from iridescia.games.gemrush.params import RulesParams
from iridescia.games.gemrush.payment import can_pay
from iridescia.games.gemrush.schemas import (
    CardTest,
    DigDraw,
    DigKeep,
    DiscardDraw,
    DiscardRevealKeep,
    DiscardScoreDraw,
    DrawScore,
    LoseDraw,
    MoveRoom,
    RevealKeep,
    RevealKeepAll,
    Rift,
    passes,
)

DOOR_SIZES: Final = (1, 2, 3, 4, 5)  # the cost sizes whose payability is measured
DOORS_BY_SIZE: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    size: tuple(
        side.cost
        for tile in TILES
        if not tile.is_tunnel
        for side in tile.sides
        if side.is_door and len(side.cost) == size
    )
    for size in DOOR_SIZES
}
_SAMPLED: Final = tuple(i for i, size in enumerate(DOOR_SIZES) if DOORS_BY_SIZE[size])
_SPAN: Final = math.lcm(*(len(DOORS_BY_SIZE[DOOR_SIZES[i]]) for i in _SAMPLED))
# The sampler's stream: the game's seed mixed with a constant of its own, so that it is never
# the game's stream (Rng(seed)) nor a bot's (match.bot_rng); the game is not disturbed.
_SAMPLER_SALT: Final = 0x6A09E667F3BCC908


class Payability:
    """Counts, per hand size and door-cost size, the hands tested against a door of that size
    and how many could pay it (a walking construction: no Warpstone needed, R26-R31).

    Each hand is tested against one door: a cost size drawn uniformly from 1-5, then one of the
    data set's doors of that size. A check then costs one call of the matcher (a few
    microseconds; testing a door of every size made random-bot simulations about 40% slower).
    Over many hands ``payable / checks`` estimates the share of that size's printed doors a hand
    of that size can pay: spec §8.3's quick check, taken on the hands play produces."""

    __slots__ = ("_below", "lines")

    def __init__(self, seed: int) -> None:
        self._below = Rng(seed ^ _SAMPLER_SALT).below
        # hand size -> [checks of size 1..5, then payable of size 1..5]
        self.lines: dict[int, list[int]] = {}

    def check(self, hand: Sequence[int]) -> None:
        line = self.lines.get(len(hand))
        if line is None:
            line = self.lines[len(hand)] = [0] * (2 * len(DOOR_SIZES))
        # One draw picks the size and the door: uniform over sizes, then over that size's
        # doors, because _SPAN is a multiple of every size's number of doors.
        size, door = divmod(self._below(len(_SAMPLED) * _SPAN), _SPAN)
        index = _SAMPLED[size]
        doors = DOORS_BY_SIZE[DOOR_SIZES[index]]
        line[index] += 1
        if can_pay([CARD_GEMS[c] for c in hand], doors[door % len(doors)], False):
            line[len(DOOR_SIZES) + index] += 1

    def as_json(self) -> dict[str, dict[str, list[int]]]:
        """``{"<hand size>": {"checks": [size 1, ..., size 5], "payable": [...]}}``."""
        n = len(DOOR_SIZES)
        return {
            str(size): {"checks": line[:n], "payable": line[n:]}
            for size, line in sorted(self.lines.items())
        }


@dataclass(slots=True)
class SeatStats:
    """One seat's figures (``seat_json``)."""

    score: int = 0
    turns: int = 0
    constructions: int = 0
    door_points: int = 0  # the printed points of the doors it built
    orichalcum_bonus: int = 0  # Gem Rush R29
    room_points: int = 0  # net score change from room effects
    free_doors: int = 0
    zero_point_doors: int = 0  # doors with a cost that score 0 printed points
    warped_constructions: int = 0
    draw_actions: int = 0
    draw_cards: int = 0
    room_actions: int = 0  # room effects as the phase-3 action
    room_action_cards: int = 0
    room_uses: int = 0  # every effect started, phase-2 uses of movement and free rooms too
    burns_deck: int = 0
    burns_hand: int = 0

    def as_json(self) -> dict[str, Any]:
        actions = self.draw_actions + self.room_actions
        cards = self.draw_cards + self.room_action_cards
        built = self.constructions
        return {
            "score": self.score,
            "turns": self.turns,
            "constructions": built,
            "construction_points": self.door_points + self.orichalcum_bonus,
            "door_points": self.door_points,
            "orichalcum_bonus": self.orichalcum_bonus,
            "room_points": self.room_points,
            "points_per_construction": ratio(self.door_points + self.orichalcum_bonus, built),
            "free_doors": self.free_doors,
            "zero_point_doors": self.zero_point_doors,
            "warped_constructions": self.warped_constructions,
            "draw_actions": self.draw_actions,
            "draw_cards": self.draw_cards,
            "room_actions": self.room_actions,
            "room_action_cards": self.room_action_cards,
            "cards_per_action": ratio(cards, actions),
            "room_uses": self.room_uses,
            "burns_deck": self.burns_deck,
            "burns_hand": self.burns_hand,
        }


def level_targets(params: RulesParams) -> dict[str, int]:
    """Crisis: each level's target after the No Skills offset (Gem Rush R3, R96), by key."""
    return {level.key: params.level_target(i) for i, level in enumerate(LEVELS)}


def highest_level(levels: dict[str, int], team_score: int) -> str | None:
    """The highest level whose target ``team_score`` reaches (None: not even the first)."""
    reached = [key for key, target in levels.items() if team_score >= target]
    return reached[-1] if reached else None


def ratio(part: int, whole: int) -> float | None:
    """``part / whole`` to 4 decimals, None for nothing to divide by."""
    return round(part / whole, 4) if whole else None


ROOM_FIELDS: Final = ("uses", "actions", "present", "cards", "spent", "points")


@dataclass(slots=True)
class RoomStats:
    """One room's use in a game (every tile of that room together)."""

    uses: int = 0  # effects started
    actions: int = 0  # of which as the phase-3 action
    present: int = 0  # phase-3 actions taken standing in it (used or not)
    cards: int = 0  # cards gained by its effects
    spent: int = 0  # cards its effects discarded as their cost
    points: int = 0  # net score change by its effects

    def as_list(self) -> list[int]:
        """The figures in ``ROOM_FIELDS`` order (a game's record lists every room used)."""
        return [self.uses, self.actions, self.present, self.cards, self.spent, self.points]


@dataclass(slots=True)
class DigStats:
    """The digs of one room in a game (Gem Rush R37)."""

    lengths: list[int] = field(default_factory=list)  # cards turned, one entry per dig
    short: int = 0  # digs that found fewer than asked: the deck and discard pile ran dry
    reshuffled: int = 0  # digs that reshuffled the discard pile into the deck

    def as_json(self) -> dict[str, Any]:
        return {"lengths": list(self.lengths), "short": self.short, "reshuffled": self.reshuffled}


def _share(test: CardTest) -> float:
    """The share of the 75 cards that pass a card test with fixed gems."""
    compiled = test.compiled
    hits = sum(1 for card in range(1, NUM_CARDS + 1) if passes(compiled, CARD_MASK[card], 0, 0))
    return hits / NUM_CARDS


def _full_deck_cards(family: str, p: Any) -> float | None:
    """Cards one use gains from a full, fresh deck, where the data alone decides it."""
    if isinstance(p, RevealKeepAll):
        return round(p.n * _share(p.test), 4)  # §2.3.2: e.g. Hope Spring 12 x 16/75 = 2.56
    if isinstance(p, RevealKeep | DiscardRevealKeep):
        return float(min(p.n, p.k))
    if isinstance(p, DigKeep):
        return float(p.k or p.n)  # a full deck holds enough matches for every dig of the data
    if isinstance(p, DigDraw):
        return float(p.dig + p.draw)
    if isinstance(p, DrawScore | LoseDraw | DiscardDraw | DiscardScoreDraw):
        return float(p.n)
    if isinstance(p, MoveRoom | Rift):
        return float(p.draw)
    if family in ("patience", "vortex"):
        return float(p.n)
    return None  # it depends on the player's choices or on the hand


def full_deck_cards() -> dict[str, float | None]:
    """Per room, the cards one use of its effect gains from a full deck (spec §2.3.2's
    expected values, e.g. Hope Spring 2.56, Ruins 2.24, Mine Shaft 2), or None where that
    depends on the player's choices or hand (Crystal Garden, the Shafts' discard, Transmuter)."""
    return {room.name: _full_deck_cards(room.effect, room.params) for room in ROOMS}
