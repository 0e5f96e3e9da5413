"""Hex geometry of the board, precomputed once at import (spec 1.2).

Hex ids 1..58 run left to right, row after row from the bottom. Position 0 is "off the board"
(below row 1, before an explorer's first move). Columns are doubled: 6-hex rows sit at columns
2..12, 7-hex rows at 1..13. "Adjacent" for revealing, moving, the catapult and the blocked
search means side + forward (never behind); the Pickaxe uses all six neighbours (R20).
"""

from __future__ import annotations

from typing import Final

from iridescia.games.iridescia.data import BOARD_ROWS

OFF_BOARD: Final = 0
NUM_HEXES: Final = 58
HEXES: Final[tuple[int, ...]] = tuple(range(1, NUM_HEXES + 1))
CASTLE_ROW: Final = 9
LEFT: Final = 0
FORWARD_LEFT: Final = 1
FORWARD_RIGHT: Final = 2
RIGHT: Final = 3
DIRECTION_NAMES: Final[tuple[str, ...]] = ("L", "FL", "FR", "R")


def _build() -> tuple[dict[tuple[int, int], int], list[int], list[int], list[int]]:
    at: dict[tuple[int, int], int] = {}
    row_of = [0] * (NUM_HEXES + 1)
    col_of = [0] * (NUM_HEXES + 1)
    region_of = [0] * (NUM_HEXES + 1)
    for br in BOARD_ROWS:
        first_col = 2 if (br.last_hex - br.first_hex + 1) == 6 else 1
        for i, h in enumerate(range(br.first_hex, br.last_hex + 1)):
            c = first_col + 2 * i
            at[(br.row, c)] = h
            row_of[h] = br.row
            col_of[h] = c
            region_of[h] = br.region
    return at, row_of, col_of, region_of


_AT, _ROW, _COL, _REGION = _build()

ROW_OF: Final[tuple[int, ...]] = tuple(_ROW)
COL_OF: Final[tuple[int, ...]] = tuple(_COL)
REGION_OF_HEX: Final[tuple[int, ...]] = tuple(_REGION)


def hex_at(row: int, col: int) -> int:
    """The hex id at (row, column), or 0 when that position is not on the board."""
    return _AT.get((row, col), 0)


def _neighbours(h: int, deltas: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    r, c = _ROW[h], _COL[h]
    return tuple(n for dr, dc in deltas if (n := hex_at(r + dr, c + dc)))


SIDE: Final[tuple[tuple[int, ...], ...]] = ((),) + tuple(
    _neighbours(h, ((0, -2), (0, 2))) for h in HEXES
)
FORWARD: Final[tuple[tuple[int, ...], ...]] = ((),) + tuple(
    _neighbours(h, ((1, -1), (1, 1))) for h in HEXES
)
BEHIND: Final[tuple[tuple[int, ...], ...]] = ((),) + tuple(
    _neighbours(h, ((-1, -1), (-1, 1))) for h in HEXES
)
ROW_HEXES: Final[dict[int, tuple[int, ...]]] = {
    br.row: tuple(range(br.first_hex, br.last_hex + 1)) for br in BOARD_ROWS
}
# ADJACENT[0] is "off the board": every hex of row 1 counts as adjacent (R5).
ADJACENT: Final[tuple[tuple[int, ...], ...]] = (ROW_HEXES[1],) + tuple(
    SIDE[h] + FORWARD[h] for h in HEXES
)
ALL_SIX: Final[tuple[tuple[int, ...], ...]] = ((),) + tuple(
    SIDE[h] + FORWARD[h] + BEHIND[h] for h in HEXES
)

# The neighbour in each of the four directions (0 where the board ends), in L, FL, FR, R order.
DIRECTIONAL: Final[tuple[tuple[int, int, int, int], ...]] = ((0, 0, 0, 0),) + tuple(
    (
        hex_at(_ROW[h], _COL[h] - 2),
        hex_at(_ROW[h] + 1, _COL[h] - 1),
        hex_at(_ROW[h] + 1, _COL[h] + 1),
        hex_at(_ROW[h], _COL[h] + 2),
    )
    for h in HEXES
)


def _catapult_targets(h: int) -> tuple[tuple[int, int], ...]:
    """(direction, landing hex) for the straight-line jump of R11."""
    r, c = _ROW[h], _COL[h]
    jumps = ((LEFT, 0, -4), (FORWARD_LEFT, 2, -2), (FORWARD_RIGHT, 2, 2), (RIGHT, 0, 4))
    out = []
    for d, dr, dc in jumps:
        over = DIRECTIONAL[h][d]
        land = hex_at(r + dr, c + dc)
        if over and land:
            out.append((d, land))
    return tuple(out)


# CATAPULT_LANDINGS[0]: from off the board the catapult may land on any hex of row 2 (R11).
CATAPULT_LANDINGS: Final[tuple[tuple[int, ...], ...]] = (ROW_HEXES[2],) + tuple(
    tuple(land for _, land in _catapult_targets(h)) for h in HEXES
)


def row_of(h: int) -> int:
    """Row 1..9 of a hex; 0 for off the board."""
    return _ROW[h] if h > 0 else 0
