"""The square grid of the mine and what each tile shows under each rotation (Gem Rush spec §1).

Positions ``(x, y)`` are encoded as one int, ``x * STRIDE + y``, so a neighbour is one addition
(``pos + DELTA[d]``) and a position is a cheap dict key. The grid is unbounded in the rules; the
encoding holds any ``|x|, |y| < STRIDE // 2`` (half a million), far beyond what 80 tiles can
reach even when Dimensional Rift and Mystic Elevator move tiles around for a thousand turns.

Directions are N=0, E=1, S=2, W=3, clockwise; ``opposite(d) = (d + 2) % 4``. A tile placed with
rotation r shows in direction d its printed side ``(d - r) % 4``. Everything per tile and
rotation is precomputed here at import, from the data only (no tile id is special):

- ``DOOR_DIRS[t][r]``: directions in which tile t shows a door (tunnel doors included);
- ``SHOWN[t][r][d]``: the printed side shown towards d;
- ``TUNNEL_EXIT[t][r][d]``: for a tunnel, the direction a trace leaves it when it moves into
  it heading d (Gem Rush R14);
- ``ROTATIONS_TOWARDS[t][b]``: the rotations to offer when tile t must show a door towards b,
  one per distinct placement, each the smallest such r (Gem Rush R23, R24, R71);
  ``ALL_ROTATIONS[t]`` the same for a tile that may take any rotation (a tunnel).
"""

from __future__ import annotations

from iridescia.games.gemrush.data import TILES, Side, Tile

N, E, S, W = range(4)
DIRECTION_CODES = ("N", "E", "S", "W")
STRIDE = 1 << 20
_HALF = STRIDE // 2
DELTA = (1, STRIDE, -1, -STRIDE)  # N, E, S, W
ORIGIN = 0


def opposite(d: int) -> int:
    return (d + 2) % 4


def encode(x: int, y: int) -> int:
    """The position of ``(x, y)`` (ValueError beyond the encoding's reach)."""
    if not (-_HALF < x < _HALF and -_HALF < y < _HALF):
        raise ValueError(f"position ({x}, {y}) is beyond the grid's encoding")
    return x * STRIDE + y


def decode(pos: int) -> tuple[int, int]:
    """``(x, y)`` of an encoded position."""
    y = (pos + _HALF) % STRIDE - _HALF
    return (pos - y) // STRIDE, y


def neighbour(pos: int, d: int) -> int:
    return pos + DELTA[d]


def direction_between(a: int, b: int) -> int:
    """The direction from position a to the orthogonal neighbour b (ValueError otherwise)."""
    for d in range(4):
        if a + DELTA[d] == b:
            return d
    raise ValueError("the positions are not neighbours")


# ------------------------------------------------------------------ per-tile tables


def _shown(tile: Tile, r: int) -> tuple[Side, Side, Side, Side]:
    s = tile.sides
    return (s[(0 - r) % 4], s[(1 - r) % 4], s[(2 - r) % 4], s[(3 - r) % 4])


def _pairing(tile: Tile, r: int) -> frozenset[frozenset[int]]:
    """The pairs of directions a tunnel links under rotation r."""
    return frozenset(frozenset(((a + r) % 4, (tile.partner[a] + r) % 4)) for a in range(4))


def _placement(tile: Tile, r: int) -> object:
    """What a placement looks like on the table: equal values are the same choice (Gem Rush R23)."""
    if tile.is_tunnel:
        return _pairing(tile, r)
    return _shown(tile, r)


def _exit(tile: Tile, r: int, d: int) -> int:
    """Moving into tunnel ``tile`` heading d: it enters by the side facing opposite(d) and
    leaves by that side's partner."""
    printed_in = (opposite(d) - r) % 4
    return (tile.partner[printed_in] + r) % 4


def _canonical(tile: Tile) -> tuple[int, int, int, int]:
    looks = [_placement(tile, r) for r in range(4)]
    return (
        looks.index(looks[0]),
        looks.index(looks[1]),
        looks.index(looks[2]),
        looks.index(looks[3]),
    )


_PLACEHOLDER = TILES[0]  # row 0 of the id-indexed tables; never a real tile
_BY_ID = (_PLACEHOLDER, *TILES)

SHOWN: tuple[tuple[tuple[Side, Side, Side, Side], ...], ...] = tuple(
    tuple(_shown(t, r) for r in range(4)) for t in _BY_ID
)
DOOR_DIRS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(d for d in range(4) if SHOWN[i][r][d].is_door) for r in range(4))
    for i in range(len(_BY_ID))
)
TUNNEL_EXIT: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_exit(t, r, d) for d in range(4)) for r in range(4))
    if t.is_tunnel
    else ((-1,) * 4,) * 4
    for t in _BY_ID
)
CANONICAL: tuple[tuple[int, int, int, int], ...] = tuple(_canonical(t) for t in _BY_ID)
ALL_ROTATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(set(CANONICAL[i]))) for i in range(len(_BY_ID))
)
ROTATIONS_TOWARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(sorted({CANONICAL[i][r] for r in range(4) if SHOWN[i][r][b].is_door}))
        for b in range(4)
    )
    for i in range(len(_BY_ID))
)


def rotations_for(tile: int, towards: int) -> tuple[int, ...]:
    """The rotations to offer for placing ``tile``: showing a door towards ``towards``, or any
    rotation when ``towards`` is negative; one per distinct placement (Gem Rush R23, R24)."""
    if towards < 0:
        return ALL_ROTATIONS[tile]
    return ROTATIONS_TOWARDS[tile][towards]
