"""A view as plain text, for ``render()`` in the research APIs and for logs.

``render_view(view, game)`` hands the view to the game's encoder plug-in (``rl/games/<game>/``),
which draws it without colours or terminal control codes, so it is safe to print for the view's
seat. Gems of Iridescia (the default) draws the hex map with the Castle on top, the markets,
every player's public holdings, the viewer's own objectives and the decision in progress.
"""

from __future__ import annotations

from iridescia.core.game import View
from iridescia.rl import games as encoders


def render_view(view: View, game: str | None = None) -> str:
    """The whole view as text (the viewer's secrets only when the viewer is a seat)."""
    return encoders.get(game).render(view)


__all__ = ["render_view"]
