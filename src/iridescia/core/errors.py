"""Error classes shared by every game on the engine.

Both action errors are :class:`ValueError` so callers that only care about "bad input" can
catch one class, while fronts that want to tell a typo from a rules violation can catch them
separately. An ``IllegalActionError`` raised by a game's ``apply`` carries the reason in data
(``refusal``, a ``core.refusals.Refusal``) for the faces to show in the reader's language; its
message stays a readable English sentence.
"""

from __future__ import annotations

from typing import Any

from iridescia.core.refusals import Refusal


class InvalidActionError(ValueError):
    """The text (or id) does not name any action of the game: it cannot be parsed."""


class IllegalActionError(ValueError):
    """The action is well formed but not legal in the current state; ``refusal`` says why
    (None when whoever raised it did not know)."""

    def __init__(self, message: str, refusal: Refusal | None = None) -> None:
        super().__init__(message)
        self.refusal = refusal

    def __reduce__(self) -> tuple[Any, ...]:
        # Errors cross process pools (simulation backends): keep the refusal when pickled.
        return (type(self), (str(self), self.refusal))


class RecordError(ValueError):
    """A game record is malformed or does not replay."""
