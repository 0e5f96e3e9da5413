"""Each seat's holdings as final scoring sees them (``scoring.PlayerTally``), read from a state.

Shared by the public ``Game`` (scores, ranking, the outcome) and the search heuristics, which
score the states they simulate without building a ``Game``. ``tally_key`` reads one seat as a
plain tuple in ``PlayerTally``'s field order, so that ``PlayerTally(*key)`` is its tally: the
evaluator keys its cache of exact scores on these tuples. Keyed on the frozen dataclasses
themselves, building, hashing and comparing them made ``evaluate.estimate`` cost 60 µs a call
in both builds (compiled, a dataclass's ``__init__``, ``__hash__`` and ``__eq__`` stay
interpreted); now 18 µs in the pure build and 7 µs compiled.
"""

from __future__ import annotations

from typing import Final

from iridescia.games.iridescia.data import (
    IRIDIA_TYPE,
    RAINBOW,
    RELIC_BY_ID,
    TILE_BY_ID,
    TOKEN_BY_KEY,
)
from iridescia.games.iridescia.scoring import PlayerTally
from iridescia.games.iridescia.state import PlayerState, State

# ``PlayerTally``'s fields in order: cargo gems, coins, tile colours, wild tiles, relic types,
# relic leads, Iridia relics, objectives, relic points, tile bonus points, Iridia Stone points,
# token points, other points, has the Iridia Stone, token rank, merchant points, overflow points.
TallyKey = tuple[
    int, int, tuple[int, int, int, int], int, tuple[int, int, int], tuple[int, int, int, int],
    int, tuple[int, ...], int, int, int, int, int, bool, int, int, int,
]  # fmt: skip

# Per tile id: its colour 0..3, or 4 for a wild tile (rainbow or Iridia).
_TILE_SLOT: Final = tuple(
    min(TILE_BY_ID[t].gem, RAINBOW) if t in TILE_BY_ID else 0 for t in range(max(TILE_BY_ID) + 1)
)
# Per relic id: (type, lead), type 3 (IRIDIA_TYPE) for the wild relics, whose lead is not read.
_RELIC_TYPE: Final = tuple(
    RELIC_BY_ID[r].type if r in RELIC_BY_ID else 0 for r in range(max(RELIC_BY_ID) + 1)
)
_RELIC_LEAD: Final = tuple(
    RELIC_BY_ID[r].lead if r in RELIC_BY_ID else 0 for r in range(max(RELIC_BY_ID) + 1)
)


def tally_key(p: PlayerState, tiles: tuple[int, ...], iridia_stone_points: int) -> TallyKey:
    """What final scoring needs to know of ``p`` holding the victory pile ``tiles``, as the
    fields of its ``PlayerTally`` (``iridia_stone_points``: the rules' points for the Stone)."""
    colours = [0, 0, 0, 0, 0]  # four colours, then wild tiles
    for t in tiles:
        colours[_TILE_SLOT[t]] += 1
    types = [0, 0, 0, 0]  # Jewelry, Tech, Lore, then Iridia relics
    leads = [0, 0, 0, 0]
    for r in p.relics:
        kind = _RELIC_TYPE[r]
        types[kind] += 1
        if kind != IRIDIA_TYPE:
            leads[_RELIC_LEAD[r]] += 1
    cargo = p.cargo
    token = p.token
    return (
        cargo[0] + cargo[1] + cargo[2] + cargo[3],
        p.coins,
        (colours[0], colours[1], colours[2], colours[3]),
        colours[4],
        (types[0], types[1], types[2]),
        (leads[0], leads[1], leads[2], leads[3]),
        types[3],
        p.objectives,
        p.relic_points,
        p.tile_bonus_points,
        iridia_stone_points if p.iridia_stone else 0,
        TOKEN_BY_KEY[token].points if token else 0,
        0,
        p.iridia_stone,
        TOKEN_BY_KEY[token].rank if token else 0,
        p.merchant_points,
        p.overflow_points,
    )


def tallies(s: State) -> list[PlayerTally]:
    """What final scoring needs to know of every seat, read from the state."""
    points = s.params.iridia_stone_points
    return [PlayerTally(*tally_key(p, p.tiles, points)) for p in s.players]
