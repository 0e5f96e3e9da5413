"""The research APIs' per-game plug-ins, registered by game name.

``get(name)`` returns the ``ObservationEncoder`` of a registered game (the default game for
None); ``names()`` lists the games that have one, the default first. A game the edition has but
the research APIs cannot encode yet is refused with ``EncoderNotAvailable``, a ``ValueError``
that names the game; an unknown name is refused by the game registry (``iridescia.games.get``).
"""

from __future__ import annotations

from iridescia.games import get as get_game
from iridescia.games import names as game_names
from iridescia.rl.games import gemrush, iridescia
from iridescia.rl.plugin import ObservationEncoder

ENCODERS: dict[str, ObservationEncoder] = {e.game: e for e in (iridescia.ENCODER, gemrush.ENCODER)}


class EncoderNotAvailable(ValueError):
    """The game exists, but the research APIs have no observation encoder for it yet."""


def get(name: str | None = None) -> ObservationEncoder:
    """The encoder of the game registered as ``name`` (the default game for None)."""
    spec = get_game(name)  # ValueError naming the known games for an unknown name
    encoder = ENCODERS.get(spec.info.name)
    if encoder is None:
        raise EncoderNotAvailable(
            f"the observation encoder for {spec.info.title} ({spec.info.name}) is not available "
            f"yet, so the research APIs cannot play it; games they can play: {', '.join(names())}"
        )
    return encoder


def names() -> list[str]:
    """The games the research APIs can play, the default game first."""
    return [n for n in game_names() if n in ENCODERS]


__all__ = ["ENCODERS", "EncoderNotAvailable", "get", "names"]
