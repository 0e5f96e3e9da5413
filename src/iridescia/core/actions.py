"""Actions every game shares: a small frozen value, and one ordered table of them per game.

An ``Action`` is a kind and up to two small integer arguments. Every action a game can ever offer
sits in that game's ``ActionTable``, in a fixed order: an action's ``id`` is its index there,
stable for a rules version (new kinds are appended at the end). Each entry carries its canonical
text, so ``str(action)`` needs no lookup, and ``table.parse(text)`` reads any capitalisation and
spacing of it back. Equality and hashing look at ``(kind, a, b)`` only.

Faces (terminal, browser, simulation, research APIs) only ever need ``id`` and ``str(action)``;
the meaning of ``kind``, ``a`` and ``b`` belongs to the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final, SupportsIndex

from iridescia.core.errors import InvalidActionError

# Every table by game name, so that ``repr(action)`` evaluates back: ``Action.parse(text, game)``.
_TABLES: Final[dict[str, ActionTable]] = {}


@dataclass(frozen=True, slots=True)
class Action:
    """One action: a kind and up to two small integer arguments (see the module docstring)."""

    kind: int
    a: int = 0
    b: int = 0
    id: int = field(default=-1, compare=False, hash=False, repr=False)
    text: str = field(default="", compare=False, hash=False, repr=False)
    game: str = field(default="", compare=False, hash=False, repr=False)

    def __str__(self) -> str:
        if self.text:
            return self.text
        return f"<not a table action: kind={self.kind!r} a={self.a!r} b={self.b!r}>"

    def __repr__(self) -> str:
        if self.text and self.game:
            return f"Action.parse({self.text!r}, {self.game!r})"
        return f"Action({self.kind!r}, {self.a!r}, {self.b!r})"

    @staticmethod
    def parse(text: str, game: str) -> Action:
        """The action of ``game`` named by ``text`` (InvalidActionError if none)."""
        table = _TABLES.get(game)
        if table is None:
            raise InvalidActionError(f"no action table for the game {game!r}")
        return table.parse(text)


def normalise(text: str) -> str:
    """The lookup key of an action text: lower case, single spaces, no padding."""
    return " ".join(text.strip().lower().split())


class ActionTable:
    """The ordered, fixed table of a game's actions, with text lookup.

    ``entries`` are ``(kind, a, b, text)`` rows in table order; texts must be unique once
    normalised. ``hint(key)`` (optional) explains a text that does not parse, and ``alias(key)``
    (optional) maps an accepted alternative spelling to a canonical key.
    """

    __slots__ = ("_alias", "_by_key", "_by_text", "_hint", "actions", "game", "texts")

    def __init__(
        self,
        game: str,
        entries: Iterable[tuple[int, int, int, str]],
        *,
        hint: Callable[[str], str] | None = None,
        alias: Callable[[str], str | None] | None = None,
    ) -> None:
        self.game = game
        rows = list(entries)
        self.actions: tuple[Action, ...] = tuple(
            Action(kind, a, b, i, text, game) for i, (kind, a, b, text) in enumerate(rows)
        )
        self.texts: tuple[str, ...] = tuple(row[3] for row in rows)
        self._by_text: dict[str, Action] = {normalise(x.text): x for x in self.actions}
        self._by_key: dict[tuple[int, int, int], Action] = {
            (x.kind, x.a, x.b): x for x in self.actions
        }
        if len(self._by_text) != len(self.actions):
            raise ValueError(f"{game}: action texts must be unique")
        if len(self._by_key) != len(self.actions):
            raise ValueError(f"{game}: (kind, a, b) must be unique")
        self._hint = hint
        self._alias = alias
        _TABLES[game] = self

    def __len__(self) -> int:
        return len(self.actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def __getitem__(self, action_id: SupportsIndex) -> Action:
        return self.actions[action_id]

    def get(self, kind: int, a: int = 0, b: int = 0) -> Action | None:
        """The table's action for ``(kind, a, b)``, or None."""
        return self._by_key.get((kind, a, b))

    def lookup(self, kind: int, a: int = 0, b: int = 0) -> Action:
        """The table's action for ``(kind, a, b)``; InvalidActionError if there is none."""
        found = self._by_key.get((kind, a, b))
        if found is None:
            raise InvalidActionError(f"{self.game}: no action (kind={kind}, a={a}, b={b})")
        return found

    def from_id(self, action_id: object) -> Action:
        """The action with this id; InvalidActionError for anything else (a bool included).

        Arguments that are checked here are typed ``object``: compiled, a narrower annotation
        would raise TypeError (or turn True into 1) before the check.
        """
        if (
            isinstance(action_id, bool)
            or not isinstance(action_id, int)
            or not 0 <= action_id < len(self.actions)
        ):
            raise InvalidActionError(
                f"action id must be an integer in 0..{len(self.actions) - 1}, got {action_id!r}"
            )
        return self.actions[action_id]

    def parse(self, text: object) -> Action:
        """The action named by ``text`` (case and spacing forgiven); InvalidActionError if none."""
        if not isinstance(text, str):
            raise InvalidActionError(f"an action text must be a string, not {type(text).__name__}")
        key = normalise(text)
        found = self._by_text.get(key)
        if found is None and self._alias is not None:
            other = self._alias(key)
            if other is not None:
                found = self._by_text.get(other)
        if found is None:
            hint = self._hint(key) if self._hint is not None else self.default_hint(key)
            raise InvalidActionError(f"cannot parse {text!r} as an action; {hint}")
        return found

    def coerce(self, action: object) -> Action:
        """The table's action from an action value, its text or its id; InvalidActionError for
        anything else (``object``: see ``from_id``)."""
        if isinstance(action, Action):
            i = action.id
            if not 0 <= i < len(self.actions) or self.actions[i] != action:
                raise InvalidActionError(f"{action!r} is not an action of the {self.game} table")
            return self.actions[i]
        if isinstance(action, str):
            return self.parse(action)
        if isinstance(action, int) and not isinstance(action, bool):
            return self.from_id(action)
        raise InvalidActionError(f"cannot read an action from {type(action).__name__}")

    def default_hint(self, key: str) -> str:
        """Which words actions start with, or examples of the word the text started with."""
        word = key.split(" ")[0] if key else ""
        forms = sorted({normalise(t).split(" ")[0] for t in self.texts})
        if word in forms:
            examples = [t for t in self.texts if normalise(t).split(" ")[0] == word][:3]
            return f"'{word}' takes arguments like: {', '.join(examples)}"
        return f"actions start with one of: {', '.join(forms)}"
