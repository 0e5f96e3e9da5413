"""Room effects as programs of primitives (Gem Rush R50): the opcodes and their builders.

Every room effect is a short program: a tuple of ops, run strictly in order (Gem Rush R54). An op is
a tuple whose first item is an opcode (``OP_*``) and whose other items are its arguments: card
counts (``Count``), compiled card tests (``schemas.CompiledTest``), sources and flags. The effect
families in ``rooms.py`` build the programs from each room's data; ``effects.py`` runs them;
``ops_cards.py`` and ``ops_mine.py`` implement the primitives.

Counts may be fixed or decided when the op runs (Gem Rush R52, R99): X (the number of cards
discarded by the effect's DISCARD ANY), the hand size, "up to n in hand" (Maelstrom), or the number
of players ahead (Recycler).
"""

from __future__ import annotations

from typing import Any

from iridescia.games.gemrush.schemas import (
    SRC_NAMED,
    T_ALL,
    T_ANY,
    T_NONE,
    T_TRUE,
    CompiledTest,
)

Op = tuple[Any, ...]
Program = tuple[Op, ...]

# Opcodes. "(choice)" marks the ones that may open a pending decision.
OP_DISCARD_ONE = 0  # (op, test)                 DISCARD ONE T; sets c (choice)
OP_DISCARD_ANY = 1  # (op, test)                 DISCARD ANY T (X); sets X (choice)
OP_DISCARD_HAND = 2  # (op,)                     discard the whole hand (Vortex)
OP_REVEAL = 3  # (op, count)                     REVEAL n
OP_DIG = 4  # (op, count, test)                  DIG n FOR T
OP_KEEP_ALL = 5  # (op, source, test)            KEEP ALL T
OP_KEEP = 6  # (op, k, source)                   KEEP k (choice)
OP_NAME = 7  # (op, how many, skip when X = 0)   NAME / NAME 2 (choice)
OP_DRAW = 8  # (op, count)                       DRAW n
OP_SCORE = 9  # (op, count)                      SCORE +n (or +X)
OP_LOSE = 10  # (op, points)                     SCORE -n, mandatory (Gem Rush R53, R78)
OP_TAKE = 11  # (op, n, beneath c)               TAKE n FROM DISCARD
OP_DEST = 12  # (op, how)                        MOVE TO a room (choice)
OP_SWAP = 13  # (op,)                            Warped Mirror (choice)
OP_COPY = 14  # (op,)                            Observatory (choice)
OP_SCRY = 15  # (op, n)                          Scrying Pool (choice)
OP_RIFT = 16  # (op,)                            Dimensional Rift's removal (choice)
OP_ELEVATOR = 17  # (op,)                        Mystic Elevator (choice)
OP_CART = 18  # (op,)                            Mine Cart (choice)
OP_REFILL = 19  # (op, to)                       Time Vein
OP_PATIENCE = 20  # (op,)                        Patience Vein's flag
OP_NAMES = (
    "discard one", "discard any", "discard hand", "reveal", "dig", "keep all", "keep", "name",
    "draw", "score", "lose", "take", "move to", "swap", "copy", "scry", "rift", "elevator",
    "mine cart", "refill steps", "patience",
)  # fmt: skip

# Where KEEP and KEEP ALL look: the whole revealed row, or only the cards dug (Gem Rush R37, R50).
FROM_ROW, FROM_DUG = 0, 1

# Counts: (how, n).
CNT_FIXED, CNT_X, CNT_HAND, CNT_UP_TO, CNT_LEADERS = range(5)
Count = tuple[int, int]

ANY_CARD: CompiledTest = (T_TRUE, 0, 0)
NAMED_ANY: CompiledTest = (T_ANY, SRC_NAMED, 0)  # has g, or has any of {g1, g2}
NAMED_NONE: CompiledTest = (T_NONE, SRC_NAMED, 0)  # has none of {g1, g2}
NAMED_BOTH: CompiledTest = (T_ALL, SRC_NAMED, 0)  # has both g1, g2 (Diamond Splitter)


def fixed(n: int) -> Count:
    return (CNT_FIXED, n)


X: Count = (CNT_X, 0)
HAND_SIZE: Count = (CNT_HAND, 0)
LEADERS: Count = (CNT_LEADERS, 0)


def up_to(n: int) -> Count:
    return (CNT_UP_TO, n)


def discard_one(test: CompiledTest) -> Op:
    return (OP_DISCARD_ONE, test)


def discard_any(test: CompiledTest) -> Op:
    return (OP_DISCARD_ANY, test)


def discard_hand() -> Op:
    return (OP_DISCARD_HAND,)


def reveal(n: int) -> Op:
    return (OP_REVEAL, fixed(n))


def dig(count: Count, test: CompiledTest) -> Op:
    return (OP_DIG, count, test)


def keep_all(source: int, test: CompiledTest = ANY_CARD) -> Op:
    return (OP_KEEP_ALL, source, test)


def keep(k: int, source: int) -> Op:
    return (OP_KEEP, k, source)


def name(how_many: int, skip_when_x_is_zero: bool = False) -> Op:
    return (OP_NAME, how_many, skip_when_x_is_zero)


def draw(count: Count) -> Op:
    return (OP_DRAW, count)


def score(count: Count) -> Op:
    return (OP_SCORE, count)


def lose(points: int) -> Op:
    return (OP_LOSE, points)


def take(n: int, beneath_c: bool) -> Op:
    return (OP_TAKE, n, beneath_c)


def move_to(how: int) -> Op:
    return (OP_DEST, how)


def swap() -> Op:
    return (OP_SWAP,)


def copy() -> Op:
    return (OP_COPY,)


def scry(n: int) -> Op:
    return (OP_SCRY, n)


def rift() -> Op:
    return (OP_RIFT,)


def elevator() -> Op:
    return (OP_ELEVATOR,)


def cart() -> Op:
    return (OP_CART,)


def refill(to: int) -> Op:
    return (OP_REFILL, to)


def patience() -> Op:
    return (OP_PATIENCE,)


def count_text(count: Count) -> str:
    how, n = count
    return (str(n), "X", "hand size", f"up to {n} in hand", "one per leader")[how]


def describe(op: Op) -> str:
    """A short text of an op, for views and logs (``reveal 5``, ``keep 2 of the dug cards``)."""
    code = op[0]
    if code in (OP_REVEAL, OP_DRAW, OP_SCORE):
        return f"{OP_NAMES[code]} {count_text(op[1])}"
    if code == OP_DIG:
        return f"dig {count_text(op[1])}"
    if code == OP_KEEP:
        return f"keep {op[1]}" + (" of the dug cards" if op[2] == FROM_DUG else "")
    if code == OP_KEEP_ALL:
        return "keep all dug" if op[1] == FROM_DUG else "keep all matching"
    if code == OP_NAME:
        return "name 2 gems" if op[1] == 2 else "name a gem"
    if code in (OP_LOSE, OP_TAKE, OP_SCRY, OP_REFILL):
        return f"{OP_NAMES[code]} {op[1]}"
    return OP_NAMES[code]
