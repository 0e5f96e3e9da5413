"""Valid ranges of rules parameters: one row per parameter, declared beside it, checked everywhere.

Each game's ``RulesParams`` declares a ``ParamTable``: a ``ParamRange`` row per field (its kind,
bounds and why, read from the spec: what the rules and the components allow) and the
``SumLimit`` rows that bind several fields together. Every way parameters come in goes through
it: construction (``check``, from ``__post_init__``), JSON from records, views, the web and
``simulate --param`` (``read``), and ``name=value`` text (``parse``). An out-of-range or
wrongly typed value is a ``ValueError`` that names the parameter and its range. ``markdown``
renders the table that ``docs/rules-parameters.md`` shows (a test keeps the page equal to it).

Why every number is bounded, even where the rules are not: a parameter sizes loops and lists
(a relic row of 10**9 dealt one card at a time hangs setup), so unbounded values let a tampered
record or request hang or exhaust the machine. A value that means "no limit" (Gem Rush's 0 for
its safety caps) is declared as the row's ``unlimited`` value and stays valid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from iridescia.core.errors import shown

# Kinds of parameter.
INTEGER: Final = "integer"
FLAG: Final = "flag"  # true or false
INTEGERS: Final = "integers"  # a list of integers, each in minimum..maximum
PAIRS: Final = "pairs"  # a list of [first, second] pairs: first in minimum..maximum
CHOICE: Final = "choice"  # one of the listed names

_TRUE_WORDS: Final = ("true", "1", "yes", "on")
_FALSE_WORDS: Final = ("false", "0", "no", "off")
# A parameter's text is short; longer text is refused before it is read (int() of a long
# number string costs quadratic time).
_MAX_TEXT: Final = 200


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class ParamRange:
    """The valid values of one rules parameter and why (use the constructors below)."""

    name: str
    kind: str
    why: str
    minimum: int = 0
    maximum: int = 0
    unlimited: int | None = None  # a value outside minimum..maximum that means "no limit"
    count: tuple[int, int] = (0, 0)  # INTEGERS, PAIRS: how many entries (least, most)
    second: tuple[int, int] = (0, 0)  # PAIRS: the range of each pair's second number
    choices: tuple[str, ...] = ()  # CHOICE

    def text(self) -> str:
        """The valid values in words (documentation and error messages)."""
        if self.kind == FLAG:
            return "true or false"
        if self.kind == CHOICE:
            return "one of " + ", ".join(self.choices)
        span = f"{self.minimum}..{self.maximum}"
        if self.kind == INTEGER:
            return span if self.unlimited is None else f"{span}, or {self.unlimited} for no limit"
        least, most = self.count
        entries = str(least) if least == most else f"{least} to {most}"
        if self.kind == INTEGERS:
            return f"a list of {entries} integers, each {span}"
        return (
            f"a list of {entries} [size, points] pairs, size {span}, "
            f"points {self.second[0]}..{self.second[1]}"
        )

    def _refuse(self, value: object) -> ValueError:
        expected = f"an integer in {self.text()}" if self.kind == INTEGER else self.text()
        return ValueError(
            f"bad value {shown(value)} for rules parameter {self.name!r}: expected {expected}"
        )

    def check(self, value: object) -> Any:
        """``value`` in its stored form (lists become tuples) if it is valid; otherwise a
        ValueError naming the parameter and its range."""
        if self.kind == FLAG:
            if not isinstance(value, bool):
                raise self._refuse(value)
            return value
        if self.kind == CHOICE:
            if not isinstance(value, str) or value not in self.choices:
                raise self._refuse(value)
            return value
        if self.kind == INTEGER:
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._refuse(value)
            if not (self.minimum <= value <= self.maximum or value == self.unlimited):
                raise self._refuse(value)
            return value
        if not isinstance(value, list | tuple) or not (
            self.count[0] <= len(value) <= self.count[1]
        ):
            raise self._refuse(value)
        if self.kind == INTEGERS:
            if not all(_is_int(x) and self.minimum <= x <= self.maximum for x in value):
                raise self._refuse(value)
            return tuple(value)
        low, high = self.second
        for pair in value:
            if not (
                isinstance(pair, list | tuple)
                and len(pair) == 2
                and _is_int(pair[0])
                and _is_int(pair[1])
                and self.minimum <= pair[0] <= self.maximum
                and low <= pair[1] <= high
            ):
                raise self._refuse(value)
        return tuple((pair[0], pair[1]) for pair in value)

    def parse(self, text: str) -> Any:
        """The value of ``name=text`` (``7``, ``true``, ``30/40/50``, ``3:3,5:7``), checked."""
        word = text.strip().lower()
        if len(word) > _MAX_TEXT:
            raise self._refuse(text)
        if self.kind == FLAG:
            if word not in _TRUE_WORDS + _FALSE_WORDS:
                raise self._refuse(text)
            return word in _TRUE_WORDS
        if self.kind == CHOICE:
            return self.check(word)
        try:
            if self.kind == INTEGER:
                return self.check(int(word))
            if self.kind == INTEGERS:
                return self.check([int(x) for x in word.replace(",", "/").split("/")])
            pairs = [p.split(":") for p in word.split(",")] if word else []
            return self.check([[int(x) for x in p] for p in pairs])
        except ValueError:  # not numbers: say what is expected
            raise self._refuse(text) from None


def whole(
    name: str, minimum: int, maximum: int, why: str, unlimited: int | None = None
) -> ParamRange:
    """An integer parameter in ``minimum..maximum`` (or ``unlimited``, meaning no limit)."""
    return ParamRange(name, INTEGER, why, minimum, maximum, unlimited)


def flag(name: str, why: str) -> ParamRange:
    return ParamRange(name, FLAG, why)


def whole_list(
    name: str, count: tuple[int, int], minimum: int, maximum: int, why: str
) -> ParamRange:
    """A list of ``count`` integers, each in ``minimum..maximum``."""
    return ParamRange(name, INTEGERS, why, minimum, maximum, count=count)


def pair_list(
    name: str, count: tuple[int, int], first: tuple[int, int], second: tuple[int, int], why: str
) -> ParamRange:
    """A list of ``count`` pairs, each ``[first, second]`` within the given ranges."""
    return ParamRange(name, PAIRS, why, first[0], first[1], count=count, second=second)


def choice(name: str, choices: Sequence[str], why: str) -> ParamRange:
    return ParamRange(name, CHOICE, why, choices=tuple(choices))


@dataclass(frozen=True, slots=True)
class SumLimit:
    """Several integer parameters whose sum may not exceed ``maximum``."""

    names: tuple[str, ...]
    maximum: int
    why: str

    def text(self) -> str:
        return f"{' + '.join(self.names)} <= {self.maximum}"


class ParamTable:
    """A game's parameter ranges: one ``ParamRange`` per field, then the ``SumLimit`` rows."""

    __slots__ = ("by_name", "ranges", "sums")

    def __init__(self, ranges: Sequence[ParamRange], sums: Sequence[SumLimit] = ()) -> None:
        self.ranges = tuple(ranges)
        self.sums = tuple(sums)
        self.by_name = {r.name: r for r in self.ranges}
        if len(self.by_name) != len(self.ranges):
            raise ValueError("a parameter is declared twice")
        for limit in self.sums:
            if any(
                self.by_name.get(n, ParamRange(n, FLAG, "")).kind != INTEGER for n in limit.names
            ):
                raise ValueError(f"{limit.text()}: every name must be an integer parameter")

    def require_fields(self, names: Sequence[str]) -> None:
        """Fail at import unless every field of the parameters object has exactly one row."""
        if sorted(names) != sorted(self.by_name):
            missing = sorted(set(names) - set(self.by_name))
            extra = sorted(set(self.by_name) - set(names))
            raise ValueError(f"parameter ranges: missing {missing}, unknown {extra}")

    def row(self, name: object) -> ParamRange:
        """The row of ``name``; ValueError naming the known parameters if there is none."""
        found = self.by_name.get(name) if isinstance(name, str) else None
        if found is None:
            raise ValueError(
                f"unknown rules parameter {shown(name)}; known: {sorted(self.by_name)}"
            )
        return found

    def check(self, params: object) -> None:
        """ValueError unless every field of ``params`` (a parameters object) is valid."""
        for r in self.ranges:
            r.check(getattr(params, r.name))
        self.check_sums(params)

    def check_sums(self, params: object) -> None:
        for limit in self.sums:
            if sum(int(getattr(params, n)) for n in limit.names) > limit.maximum:
                raise ValueError(f"rules parameters must keep {limit.text()} ({limit.why})")

    def read(self, data: object) -> dict[str, Any]:
        """JSON-style parameters (a mapping; some or all fields) in their stored form, each
        checked; ValueError for anything else, an unknown name or a bad value."""
        if not isinstance(data, Mapping):
            raise ValueError("rules parameters must be a JSON object of names and values")
        return {str(name): self.row(name).check(value) for name, value in data.items()}

    def parse(self, overrides: Mapping[str, str]) -> dict[str, Any]:
        """``name=value`` texts (``{"cargo_limit": "8"}``) read and checked, by name."""
        return {str(name): self.row(name).parse(text) for name, text in overrides.items()}

    def markdown(self, defaults: Mapping[str, Any]) -> str:
        """The documentation table: parameter, default, valid values, why."""
        lines = ["| parameter | default | valid values | why |", "| --- | --- | --- | --- |"]
        for r in self.ranges:
            default = _json_text(defaults[r.name])
            lines.append(f"| `{r.name}` | {default} | {r.text()} | {r.why} |")
        for limit in self.sums:
            lines.append(f"| {' + '.join(f'`{n}`' for n in limit.names)} | | at most "
                         f"{limit.maximum} | {limit.why} |")  # fmt: skip
        return "\n".join(lines)


def _json_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_json_text(v) for v in value) + "]"
    return str(value)
