"""Error classes shared by every game on the engine, and ``shown``, for values in their messages.

Each is a :class:`ValueError` so callers that only care about "bad input" can catch one class,
while fronts that want to tell a typo from a rules violation can catch them separately. An
``IllegalActionError`` raised by a game's ``apply`` carries the reason in data (``refusal``, a
``core.refusals.Refusal``) for the faces to show in the reader's language; its message stays a
readable English sentence.

A message that quotes a bad value must not fail itself: ``str`` of an integer of more than 4,300
digits raises ``ValueError``, and ``repr`` of a deeply nested list raises ``RecursionError``.
``shown(value)`` gives a short text for any value (``reprlib`` with a depth limit; huge integers
by their size), so errors about hostile input stay one short line.
"""

from __future__ import annotations

import reprlib
from typing import Any, Final

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


# Integers up to this many digits are quoted in full; longer ones by their size.
_DIGITS_SHOWN: Final = 40

_REPR = reprlib.Repr()
_REPR.maxlevel = 3  # deeper containers print as "[...]": no recursion on hostile nesting
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 6


def shown(value: object) -> str:
    """A short, safe text for ``value`` in an error message (never raises)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > _DIGITS_SHOWN * 3:  # ~3.3 bits a digit: surely too long
            return f"an integer of {value.bit_length()} bits"
        return str(value)
    try:
        return _REPR.repr(value)
    except (ValueError, RecursionError):  # a huge integer inside a container
        return f"a {type(value).__name__}"
