"""Why an action is not legal now, in data: the ``Refusal`` every game gives and every face shows.

A game asked about an action it would not accept (``Game.refusal``, and the ``refusal``
attribute of the ``IllegalActionError`` that ``apply`` raises) answers with a ``Refusal``: a
message catalogue key (``"refusal.not_adjacent"``) and the typed values its sentence needs
(``hex=23``). Like events, it is data: the engine never translates it. The faces fill the key's
template from the catalogue of the reader's language (``iridescia.i18n.describe_refusal`` for
a text, ``iridescia.i18n.refusal_message`` for the browser), naming the values that are ids
(colours, items, relics, seats...) in that language; ``text()`` is the plain English sentence
the engine itself uses (the message of ``IllegalActionError``, logs, the English fallback).

Values are ints and strs only, so a refusal goes to JSON and back unchanged (``to_json``,
``from_json``: the web protocol). Naming convention: a value whose name is ``seat`` or ends in
``_seat`` is a 0-based seat (shown 1-based to people); other ids (``colour``, ``item``...) are
the canonical ids the game's actions and events use, never translated words.

Each game declares its refusal kinds once, in a ``RefusalCatalogue`` (key -> English
template), the way it declares its events; declaring a catalogue registers its templates here,
so ``text()`` finds them (keys are unique across games, as in the message catalogues). A key
no catalogue declares cannot be made (``RefusalCatalogue.make`` refuses it), and a refusal read
from JSON with an unknown key still has a readable ``text()``. ``CORE_REFUSALS`` holds the
kinds every game shares: the game is over, it is another seat's turn.
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

Value = int | str

# Every declared key -> its English template (filled by ``RefusalCatalogue``).
_TEMPLATES: Final[dict[str, str]] = {}

MAX_VALUES: Final = 16  # a refusal read from outside has at most this many values


def is_seat_value(name: str) -> bool:
    """Whether the value called ``name`` is a 0-based seat (see the naming convention)."""
    return name == "seat" or name.endswith("_seat")


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is not legal now: a catalogue key and the values its template names.

    ``values`` is a tuple of ``(name, value)`` pairs, so the value is frozen and hashable;
    ``Refusal.of(key, hex=23)`` builds one from keywords, ``value(name)`` reads one back.
    """

    key: str
    values: tuple[tuple[str, Value], ...] = ()

    @staticmethod
    def of(key: str, **values: Value) -> Refusal:
        return Refusal(key, tuple(values.items()))

    def value(self, name: str) -> Value:
        """The value called ``name`` (KeyError when this refusal has none)."""
        for k, v in self.values:
            if k == name:
                return v
        raise KeyError(f"{self.key} has no value {name!r}")

    def as_dict(self) -> dict[str, Value]:
        return dict(self.values)

    def text(self) -> str:
        """The reason as a plain English sentence (seats 1-based, ids as they are). Never
        raises: an undeclared key, or values that do not fill its template (a refusal read
        from outside), give the key and the values as they are."""
        shown = {k: f"seat {v + 1}" if is_seat_value(k) and isinstance(v, int) else v
                 for k, v in self.values}  # fmt: skip
        template = _TEMPLATES.get(self.key)
        if template is not None:
            try:
                return template.format_map(shown)
            except (KeyError, IndexError, ValueError):
                pass  # not the values the key takes: say what there is
        detail = ", ".join(f"{k}={v}" for k, v in shown.items())
        return f"{self.key} ({detail})" if detail else self.key

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by its fields: the compiled build's frozen dataclass cannot be set field by
        # field when unpickled (errors carrying a refusal cross process pools).
        return (Refusal, (self.key, self.values))

    def to_json(self) -> dict[str, Any]:
        """``{"key": ..., "values": {name: value}}``, for the web protocol."""
        return {"key": self.key, "values": dict(self.values)}

    @staticmethod
    def from_json(data: object) -> Refusal:
        """A refusal from its JSON form (ValueError saying what is wrong, for any other input)."""
        if not isinstance(data, dict):
            raise ValueError("a refusal must be an object with 'key' and 'values'")
        unknown = set(data) - {"key", "values"}
        if unknown:
            raise ValueError(f"a refusal has only 'key' and 'values', not {sorted(unknown)}")
        key = data.get("key")
        raw = data.get("values", {})
        if not isinstance(key, str) or not key:
            raise ValueError("a refusal's 'key' must be a non-empty string")
        if not isinstance(raw, dict) or len(raw) > MAX_VALUES:
            raise ValueError(f"a refusal's 'values' must be an object of at most {MAX_VALUES}")
        values: list[tuple[str, Value]] = []
        for name, value in raw.items():
            if not isinstance(name, str) or not name.isidentifier():
                raise ValueError(f"a refusal's value name must be an identifier, not {name!r}")
            if isinstance(value, bool) or not isinstance(value, int | str):
                raise ValueError(f"a refusal's value {name!r} must be an int or a string")
            values.append((name, value))
        return Refusal(key, tuple(values))


def _placeholders(template: str) -> tuple[str, ...]:
    return tuple(sorted({f for _, f, _, _ in string.Formatter().parse(template) if f}))


class RefusalCatalogue:
    """One game's refusal kinds: each key with its English template, declared once.

    ``make(key, **values)`` builds a refusal and checks that the key is declared and that the
    values are exactly the template's placeholders (ValueError otherwise: a bug in the game,
    found by its tests). Declaring the catalogue registers its templates for ``text()``; a key
    another catalogue declared with a different template is a ValueError.
    """

    __slots__ = ("_names", "_templates", "name")

    def __init__(self, name: str, templates: Mapping[str, str]) -> None:
        self.name = name
        self._templates: dict[str, str] = dict(templates)
        self._names: dict[str, tuple[str, ...]] = {}
        for key, template in self._templates.items():
            if not (key.startswith("refusal.") or ".refusal." in key):
                raise ValueError(f"refusal key {key!r} must be 'refusal.<name>' (or 'x.refusal.')")
            known = _TEMPLATES.get(key)
            if known is not None and known != template:
                raise ValueError(f"refusal key {key!r} is declared twice, differently")
            self._names[key] = _placeholders(template)
        _TEMPLATES.update(self._templates)

    def __contains__(self, key: object) -> bool:
        return key in self._templates

    def __iter__(self) -> Iterator[str]:
        return iter(self._templates)

    def __len__(self) -> int:
        return len(self._templates)

    def template(self, key: str) -> str:
        """The English template of ``key`` (KeyError when this catalogue lacks it)."""
        return self._templates[key]

    def value_names(self, key: str) -> tuple[str, ...]:
        """The names of the values ``key``'s refusals carry, sorted."""
        return self._names[key]

    def make(self, key: str, **values: Value) -> Refusal:
        names = self._names.get(key)
        if names is None:
            raise ValueError(f"{self.name}: undeclared refusal key {key!r}")
        if tuple(sorted(values)) != names:
            raise ValueError(f"{key} takes the values {list(names)}, not {sorted(values)}")
        return Refusal(key, tuple(values.items()))


def template(key: str) -> str | None:
    """The English template any catalogue declared for ``key``, or None."""
    return _TEMPLATES.get(key)


def declared_keys() -> list[str]:
    """Every key a catalogue declared so far (those of the games imported), sorted."""
    return sorted(_TEMPLATES)


GAME_OVER: Final = "refusal.game_over"
NOT_YOUR_TURN: Final = "refusal.not_your_turn"

CORE_REFUSALS: Final = RefusalCatalogue(
    "core",
    {
        GAME_OVER: "The game is over: no action is possible.",
        NOT_YOUR_TURN: "It is not your turn: {seat} is to act.",
    },
)


def game_over() -> Refusal:
    return CORE_REFUSALS.make(GAME_OVER)


def not_your_turn(current: int) -> Refusal:
    """Another seat (``current``, 0-based) is to act."""
    return CORE_REFUSALS.make(NOT_YOUR_TURN, seat=current)
