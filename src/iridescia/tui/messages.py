"""The terminal's view of the shared catalogue: ``iridescia.i18n.Messages`` plus a few helpers.

The texts themselves live in ``iridescia/i18n/<lang>/`` (``common.json`` for what the terminal
and the browser both say, ``terminal.json`` for the terminal's own sentences, one section per
game for its words and event sentences). Where the terminal words a shared thing differently
from the browser, its key is ``tui.<key>``; ``reason`` and ``kind`` look that wording up first.

Action texts (``reveal 23``) and the commands (``help``, ``log``, ``save``, ``quit``) are typed
in English in every language: they are the game's canonical action texts, not translations.
"""

from __future__ import annotations

from iridescia.i18n import FALLBACK, languages
from iridescia.i18n import Messages as CatalogueMessages

__all__ = ["Messages", "languages"]


class Messages(CatalogueMessages):
    """Look up and fill templates in one language (English per key where it lacks one)."""

    def __init__(self, lang: str = FALLBACK) -> None:
        super().__init__(lang)

    def seat(self, seat: int) -> str:
        """The name of a 0-based seat: ``Seat 1``. (Plug-ins name automa seats their way.)"""
        return self("seat", n=seat + 1)

    def colour(self, name: str) -> str:
        return self.get(f"colour.{name}", name)

    def reason(self, text: str) -> str:
        """An engine's reason (``"stone die"``) in words, the terminal's wording first."""
        return self.get(f"tui.reason.{text}", self.get(f"reason.{text}", text))

    def kind(self, kind: str) -> str:
        """Who plays a seat, in words: ``human`` or ``automa`` translated, a bot as its spec
        (``random``, ``mcts:iterations=500``: what ``--seat`` takes)."""
        if kind in ("human", "automa"):
            return self(f"tui.kind.{kind}")
        return kind
