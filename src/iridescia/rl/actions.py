"""The action side of the research APIs: ``Discrete(NUM_ACTIONS)`` over the engine's action table.

Action ``i`` is ``ACTION_TABLE[i]`` (``from_id(i)``) for every API, and ``ACTION_NAMES[i]``
is its canonical text (``"reveal 23"``, ``"sell emerald 3"``); the table is fixed per rules
version. The legal-action mask comes from the deciding seat's view (``view["decision"]
["action_ids"]``), which lists exactly the engine's legal actions; any other seat's mask is all
zeros. ``tests/test_rl_observation.py`` checks mask and engine against each other.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from iridescia.core.errors import InvalidActionError
from iridescia.games.iridescia.actions import ACTION_TABLE, Action, from_id, parse

NUM_ACTIONS = len(ACTION_TABLE)
ACTION_NAMES: tuple[str, ...] = tuple(str(a) for a in ACTION_TABLE)

Mask = npt.NDArray[np.int8]


def action_name(action_id: int) -> str:
    """The canonical text of action ``action_id``; ValueError if there is no such id."""
    return str(from_id(int(action_id)))


def action_id(text: str) -> int:
    """The id of the action named by ``text`` (``"move 23"``); ValueError if none."""
    return parse(text).id


def legal_ids(view: Mapping[str, Any]) -> list[int]:
    """The legal action ids offered to the view's seat (empty unless that seat decides now)."""
    decision = view["decision"]
    if decision is None or decision["player"] != view["viewer"]:
        return []
    ids: list[int] = decision["action_ids"]
    return ids


def mask_of(ids: Iterable[int]) -> Mask:
    """A fresh ``int8`` mask of length ``NUM_ACTIONS`` with ones at ``ids``."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    for i in ids:
        mask[i] = 1
    return mask


def mask_from_view(view: Mapping[str, Any]) -> Mask:
    """The legal-action mask of the view's seat."""
    return mask_of(legal_ids(view))


def to_action(action: Any) -> Action:
    """An engine ``Action`` from an id (int or NumPy integer) or a text.

    Raises ``InvalidActionError`` (a ``ValueError``) when nothing in the table matches.
    """
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        return parse(action)
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    if isinstance(action, np.integer):
        action = int(action)
    if isinstance(action, int) and not isinstance(action, bool):
        return from_id(action)
    raise InvalidActionError(f"cannot read an action from {action!r}")


__all__ = [
    "ACTION_NAMES",
    "NUM_ACTIONS",
    "Mask",
    "action_id",
    "action_name",
    "legal_ids",
    "mask_from_view",
    "mask_of",
    "to_action",
]
