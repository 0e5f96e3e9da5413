"""The action side of the research APIs: ``Discrete(spec.info.num_actions)`` over a game's table.

Action ``i`` is ``spec.actions.from_id(i)`` for every API and every game, and ``names[i]`` is its
canonical text (``"reveal 23"``, ``"sell emerald 3"``); a game's table is fixed per rules
version. The legal-action mask of a seat has ones at the ids of ``game.legal_actions()`` when
that seat decides, and is all zeros otherwise. ``ActionIds.of(name)`` gives a game's (cached).
``refused(game, action)`` is the error an environment raises for an action it may not take now,
carrying the game's reason (``IllegalActionError.refusal``) as the faces show it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from iridescia.core.actions import Action
from iridescia.core.errors import IllegalActionError, InvalidActionError
from iridescia.core.game import Game, GameSpec
from iridescia.games import get as get_game

Mask = npt.NDArray[np.int8]


class ActionIds:
    """One game's action ids, names and masks."""

    __slots__ = ("names", "size", "spec")

    _cache: dict[str, ActionIds] = {}  # noqa: RUF012 - one per game, shared by design

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.size = spec.info.num_actions
        self.names: tuple[str, ...] = tuple(str(a) for a in spec.actions)
        if len(self.names) != self.size:
            raise ValueError(
                f"{spec.info.title}: the action table has {len(self.names)} entries, the "
                f"metadata says {self.size}"
            )

    @classmethod
    def of(cls, game: str | None = None) -> ActionIds:
        """The action ids of the game registered as ``game`` (the default game for None)."""
        spec = get_game(game)
        found = cls._cache.get(spec.info.name)
        if found is None:
            found = cls._cache[spec.info.name] = cls(spec)
        return found

    def name(self, action_id: int) -> str:
        """The canonical text of action ``action_id``; ValueError if there is no such id."""
        return str(self.spec.actions.from_id(int(action_id)))

    def id(self, text: str) -> int:
        """The id of the action named by ``text`` (``"move 23"``); ValueError if none."""
        return self.spec.actions.parse(text).id

    def mask(self, ids: Iterable[int]) -> Mask:
        """A fresh ``int8`` mask with ones at ``ids``."""
        mask = np.zeros(self.size, dtype=np.int8)
        for i in ids:
            mask[i] = 1
        return mask

    @staticmethod
    def legal_ids(game: Game, seat: int) -> list[int]:
        """The ids of the legal actions of ``seat`` (empty unless it decides now)."""
        if game.current_player != seat:
            return []
        return [a.id for a in game.legal_actions()]

    def to_action(self, action: Any) -> Action:
        """The game's ``Action`` from an id (int or NumPy integer), a text or an action.

        Raises ``InvalidActionError`` (a ``ValueError``) when nothing in the table matches.
        """
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if isinstance(action, np.integer):
            action = int(action)
        if isinstance(action, Action | str | int):
            return self.spec.actions.coerce(action)
        raise InvalidActionError(f"cannot read an action from {action!r}")


__all__ = ["ActionIds", "Mask"]


def refused(game: Game, action: Action | None, asked: object) -> IllegalActionError:
    """The error for ``asked`` (what the caller passed), which is ``action`` of the table (None:
    no action of this game) and not legal now: with the game's reason when it has one."""
    if action is None:
        return IllegalActionError(f"{asked!r} is not an action of {game.spec.info.title}")
    why = game.refusal(action)
    reason = f": {why.text()}" if why is not None else ""
    return IllegalActionError(f"{action} is not legal now{reason}", why)
