"""Error classes shared by every game on the engine.

Both are :class:`ValueError` so callers that only care about "bad input" can catch one class,
while fronts that want to tell a typo from a rules violation can catch them separately.
"""

from __future__ import annotations


class InvalidActionError(ValueError):
    """The text (or id) does not name any action of the game: it cannot be parsed."""


class IllegalActionError(ValueError):
    """The action is well formed but not legal in the current state."""


class RecordError(ValueError):
    """A game record is malformed or does not replay."""
