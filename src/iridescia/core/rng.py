"""A small, fast, seedable random number generator owned by a game state.

Why not :mod:`random`: its state is 625 words, so cloning a game state (which search bots do
thousands of times per decision) would cost several microseconds; and we want the exact same
stream on every platform and Python version. SplitMix64 keeps one 64-bit integer of state,
so a clone copies one int. The stream is fixed forever: changing it changes every recorded game.
"""

from __future__ import annotations

from typing import Final, Protocol, TypeVar

from iridescia.core.errors import shown

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
# A game's seed is an integer in 0..2**64 - 1: the generator keeps 64 bits of it, so a larger
# or negative seed would only repeat the stream of one in range. Records refuse the others.
SEED_LIMIT: Final = 1 << 64

T = TypeVar("T")


class DrawSource(Protocol):
    """Draws that come from elsewhere than the stream, such as dice a rules test scripts.

    ``die`` and ``below`` return the value to use, or None to draw it from the stream as usual;
    ``clone`` copies what is left to come (``Rng.clone`` copies the source with the stream).
    """

    def die(self) -> int | None: ...

    def below(self, n: int) -> int | None: ...

    def clone(self) -> DrawSource: ...


def check_seed(seed: object) -> int:
    """``seed`` if it is a game seed (an integer in 0..2**64 - 1); ValueError otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"the seed must be an integer in 0..2**64 - 1, not {shown(seed)}")
    return seed


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64. Deterministic for a seed; ``clone()`` is one integer copy.

    ``source`` (None but in tests) supplies ``die`` and ``below`` draws before the stream does:
    the class is compiled in the compiled build, where Python code cannot subclass it.
    ``state`` (a clone's) resumes a stream at that position instead of seeding a new one.
    """

    __slots__ = ("source", "state")

    def __init__(self, seed: int = 0, source: DrawSource | None = None, state: int = -1) -> None:
        # Mix the seed once so that nearby seeds (0, 1, 2...) give unrelated streams.
        self.state = _mix((seed * _GAMMA + 0x632BE59BD9B4E019) & _MASK) if state < 0 else state
        self.source = source

    def clone(self) -> Rng:
        # Not ``Rng.__new__(Rng)``: compiled, that runs ``__init__`` (and mixes a seed) anyway.
        source = self.source
        return Rng(0, None if source is None else source.clone(), self.state)

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
        if self.source is not None:
            scripted = self.source.below(n)
            if scripted is not None:
                return scripted
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def die(self) -> int:
        """One roll of a six-sided die: 1..6."""
        if self.source is not None:
            scripted = self.source.die()
            if scripted is not None:
                return scripted
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (((z ^ (z >> 31)) * 6) >> 64) + 1

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place: ``below(i + 1)`` for i from the top down, each draw
        inlined with the state kept in a local (the same stream; search bots re-deal a deck
        and a room stack for every decision: a 70-item shuffle is about 10% faster)."""
        if self.source is not None:
            for i in range(len(items) - 1, 0, -1):
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def fork(self) -> Rng:
        """A new generator seeded from this one (advances this one by one step)."""
        return Rng(self.next64())
