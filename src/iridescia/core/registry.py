"""The registry of games by name: how every face finds the game it was asked for.

Each game package registers its ``GameSpec`` here when ``iridescia.games`` is imported (that
package lists the games the edition ships). Faces look games up by name (``--game gem-rush``,
the lobby's chooser, a record's ``game`` field) and never import a game they were not asked for
by name. ``from_record`` replays a record by the game it names (``RecordError`` for a game this
edition does not have, as for anything else wrong with a record).
"""

from __future__ import annotations

from typing import Final

from iridescia.core.errors import RecordError, shown
from iridescia.core.game import Game, GameSpec
from iridescia.core.record import GameRecord

DEFAULT_GAME: Final = "gems-of-iridescia"

_GAMES: Final[dict[str, GameSpec]] = {}


def register(spec: GameSpec) -> None:
    """Add a game (a second registration under the same name must be the same object)."""
    name = spec.info.name
    if name in _GAMES and _GAMES[name] is not spec:
        raise ValueError(f"a different game is already registered as {name!r}")
    _GAMES[name] = spec


def get(name: str | None = None) -> GameSpec:
    """The game registered as ``name`` (the default game for None); ValueError if none."""
    key = DEFAULT_GAME if name is None else name
    spec = _GAMES.get(key)
    if spec is None:
        known = ", ".join(sorted(_GAMES)) or "none registered"
        raise ValueError(f"unknown game {key!r}; games: {known}")
    return spec


def names() -> list[str]:
    """Every registered game's name, the default game first."""
    return sorted(_GAMES, key=lambda n: (n != DEFAULT_GAME, n))


def all_games() -> list[GameSpec]:
    return [_GAMES[n] for n in names()]


def from_record(record: GameRecord, upto: int | None = None) -> Game:
    """Replay ``record`` (all of it, or its first ``upto`` actions) with the game it names;
    RecordError when that game is not registered or the record does not replay."""
    spec = _GAMES.get(record.game) if isinstance(record.game, str) else None
    if spec is None:
        known = ", ".join(sorted(_GAMES)) or "none registered"
        raise RecordError(
            f"this record is for an unknown game {shown(record.game)}; games: {known}"
        )
    return spec.from_record(record, upto)
