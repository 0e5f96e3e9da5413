"""Which build is running: the pure-Python package, or the copy compiled with mypyc.

The optional compiled build (``python scripts/build_compiled.py``, see the README) compiles every
module of ``COMPILED_PACKAGES`` from the same typed sources, all together, into a separate copy
of the package used with ``PYTHONPATH=build/compiled``. The pure package stays the default and
behaves identically (the same game hashes and bot choices, checked in CI on both builds).
"""

from __future__ import annotations

from typing import Final

# The packages the compiled build compiles (every module in them, sub-packages excluded): the
# rules core of Gems of Iridescia with its search heuristics, the contract, and the bots.
COMPILED_PACKAGES: Final = ("iridescia.core", "iridescia.games.iridescia", "iridescia.bots")


def is_compiled() -> bool:
    """Whether the rules core runs compiled (this module is compiled with all the others)."""
    return not __file__.endswith(".py")
