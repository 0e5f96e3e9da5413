"""Argument types shared by the command-line tools (``iridescia play``, ``simulate``, ...).

Each turns one command-line word into a value or raises ``argparse.ArgumentTypeError`` with a
message that says what was expected, so every subcommand reports bad input the same way.
"""

from __future__ import annotations

import argparse


def positive(text: str) -> int:
    """A count of at least 1 (games, workers, players)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def seed(text: str) -> int:
    """A game seed: a non-negative whole number (decimal, or 0x... hexadecimal)."""
    try:
        n = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError("a seed cannot be negative")
    return n


def delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError("the delay must be between 0 and 60 seconds")
    return value
