"""``Words``: the terminal's catalogue for one game of Gems of Iridescia, which knows the Rhom.

The Rhom automa sits at a seat like the explorers but is called "Rhom" (not "Seat 3") and has
its own colour; every renderer of this plug-in gets a ``Words`` built for the game on screen
(``Words.of(msgs, view)``: the seat comes from the view).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from iridescia.core.game import View
from iridescia.i18n import FALLBACK
from iridescia.i18n import Messages as CatalogueMessages
from iridescia.tui.messages import Messages


def rhom_seat(view: View) -> int | None:
    """The Rhom's seat in a view, or None when there is no Rhom."""
    rhom: dict[str, Any] | None = view.get("rhom")
    return int(rhom["seat"]) if rhom else None


class Words(Messages):
    """The catalogue of one language for a game whose Rhom sits at ``rhom`` (None: no Rhom)."""

    def __init__(self, lang: str = FALLBACK, rhom: int | None = None) -> None:
        super().__init__(lang)
        self.rhom = rhom

    @staticmethod
    def of(msgs: CatalogueMessages, view: View) -> Words:
        """The words of ``msgs``'s language for the game ``view`` shows."""
        return _words(msgs.lang, rhom_seat(view))

    def with_rhom(self, rhom: int | None) -> Words:
        return _words(self.lang, rhom)

    def seat(self, seat: int) -> str:
        """The name of a 0-based seat ("Seat 1", or "Rhom" for the automa's seat)."""
        if seat == self.rhom:
            return self("seat.rhom")
        return super().seat(seat)


@cache
def _words(lang: str, rhom: int | None) -> Words:
    return Words(lang, rhom)
