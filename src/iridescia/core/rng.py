"""A small, fast, seedable random number generator owned by a game state.

Why not :mod:`random`: its state is 625 words, so cloning a game state (which search bots do
thousands of times per decision) would cost several microseconds; and we want the exact same
stream on every platform and Python version. SplitMix64 keeps one 64-bit integer of state,
so a clone copies one int. The stream is fixed forever: changing it changes every recorded game.
"""

from __future__ import annotations

from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64. Deterministic for a seed; ``clone()`` is one integer copy."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        # Mix the seed once so that nearby seeds (0, 1, 2...) give unrelated streams.
        self.state = _mix((seed * _GAMMA + 0x632BE59BD9B4E019) & _MASK)

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other.state = self.state
        return other

    def next64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    # ``below`` and ``die`` repeat ``next64``'s mixing inline: they are most of the draws, and
    # the saved call was about 5% of a random game. The stream is exactly ``next64``'s.

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (n >= 1). Multiply-shift: bias below 2**-58."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def die(self) -> int:
        """One roll of a six-sided die: 1..6."""
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (((z ^ (z >> 31)) * 6) >> 64) + 1

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def fork(self) -> Rng:
        """A new generator seeded from this one (advances this one by one step)."""
        return Rng(self.next64())
