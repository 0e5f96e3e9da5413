"""Game records: (game, rules version, data set, seed, players, options, params, actions) as JSON.

A record fully defines a game: replaying its actions from a new game with the same seed and
options reaches the same state hash at every step. ``hashes`` (optional) lets a replay check that.

Format version 2 added ``data_set`` (the component data the game was played with) and an
optional ``notice`` (shown with games on provisional data). Version-1 records still load: their
data set is the one their game had when version 1 was current (``V1_DATA_SETS``).

Records come from outside (files, uploads), so loading one is bounded and refuses any bad input
with ``RecordError``, never another exception: a file is read up to ``MAX_RECORD_BYTES``, must
be UTF-8 JSON (too deep a nesting is refused, not a ``RecursionError``), and every field is
checked for type and range by ``GameRecord.check`` (the limits below), which each game's
``from_record`` runs too, so a replay is bounded: at most ``MAX_ACTIONS`` actions, each one
bounded work. What only the game knows (its name, data set, rules version, options, params, the
seats of its modes) the game checks in ``from_record``, also with ``RecordError``.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from iridescia.core.errors import RecordError, shown
from iridescia.core.rng import SEED_LIMIT

FORMAT: Final = "iridescia-record"
FORMAT_VERSION: Final = 2
READABLE_VERSIONS: Final = (1, 2)
# Version-1 records predate the data-set field: the one game of that time had one data set.
V1_DATA_SETS: Final = {"gems-of-iridescia": "iridescia-base-1"}

# The bounds of a loadable record (docs/rules-parameters.md). Real games are far below them:
# random-bot games take 150-350 actions (Gems of Iridescia) and 150-1,300 (Gem Rush, 7-player
# Rush), and ``simulate`` stops any game at 20,000; a record of 200,000 actions with hashes is
# about 14 MB of JSON.
MAX_ACTIONS: Final = 200_000
MAX_RECORD_BYTES: Final = 32 * 2**20
MAX_PLAYERS: Final = 64  # before the game checks its own modes' seat counts
MAX_RULES_VERSION: Final = 2**31 - 1
MAX_TEXT: Final = 200  # an action, a hash, a seat kind, a game or data set name
MAX_NOTICE: Final = 10_000
# Options and params are small JSON objects: these bound their nesting and size, so that no
# later step (a check, an error message) meets a structure deep enough to exhaust the stack.
MAX_NESTING: Final = 8
MAX_VALUES: Final = 1_000


@dataclass(frozen=True, slots=True)
class GameRecord:
    game: str
    rules_version: int
    seed: int
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()
    hashes: tuple[str, ...] = ()  # state hash after each action (optional)
    seats: tuple[str, ...] = ()  # who played each seat ("human", "random", ...), informative
    data_set: str = ""  # the component data set ("" only for a record built by old code)
    notice: str | None = None  # e.g. the provisional-components notice, for people reading it

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "data_set": self.data_set,
            **({"notice": self.notice} if self.notice else {}),
            "seed": self.seed,
            "players": self.players,
            "options": self.options,
            "params": self.params,
            "seats": list(self.seats),
            "actions": list(self.actions),
            "hashes": list(self.hashes),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    def check(self) -> GameRecord:
        """This record if every field has its type and is within ``LIMITS``' bounds;
        RecordError naming the first that is not. (Records built in code skip ``from_json``:
        each game's ``from_record`` runs this before replaying.)"""
        for name, low, high in _INT_LIMITS:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise RecordError(f"{name!r} must be an integer in {low}..{_bound(high)}, "
                                  f"not {shown(value)}")  # fmt: skip
        for name, most in _TEXT_LIMITS:
            _check_text(repr(name), getattr(self, name), most)
        if self.notice is not None:
            _check_text("'notice'", self.notice, MAX_NOTICE)
        for name, most in _LIST_LIMITS:
            values = getattr(self, name)
            if not isinstance(values, tuple) or len(values) > most:
                raise RecordError(f"{name!r} must be a list of at most {most:,} texts")
            for value in values:
                _check_text(f"each of {name!r}", value, MAX_TEXT)
        if self.hashes and len(self.hashes) != len(self.actions):
            raise RecordError("a record's hashes must be one per action")
        for name in ("options", "params"):
            _check_json_object(name, getattr(self, name))
        return self

    @staticmethod
    def from_json(data: Any) -> GameRecord:
        """A record from its JSON value; RecordError for anything that is not a valid one."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a game record (format should be {FORMAT!r})")
        version = data.get("format_version", 1)  # records before the field existed were v1
        if (
            isinstance(version, bool)
            or not isinstance(version, int)
            or (version not in READABLE_VERSIONS)
        ):
            raise RecordError(
                f"unsupported record format version {shown(version)} "
                f"(this build reads {', '.join(map(str, READABLE_VERSIONS))})"
            )
        game = _typed(data, "game", str)
        v1 = version == 1
        data_set = V1_DATA_SETS.get(game, "") if v1 else _typed(data, "data_set", str)
        notice = _typed(data, "notice", str, None) if version >= 2 else None
        return GameRecord(
            game=game,
            rules_version=_typed(data, "rules_version", int),
            seed=_typed(data, "seed", int),
            players=_typed(data, "players", int),
            options=_typed(data, "options", dict, {}),
            params=_typed(data, "params", dict, {}),
            actions=_strings(data, "actions"),
            hashes=_strings(data, "hashes"),
            seats=_strings(data, "seats"),
            data_set=data_set,
            notice=notice,
        ).check()

    @staticmethod
    def loads(text: str | bytes) -> GameRecord:
        """A record from JSON text (bytes must be UTF-8); RecordError for anything else."""
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(f"a game record is at most {MAX_RECORD_BYTES:,} bytes")
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise RecordError(f"a game record must be UTF-8 text: {exc}") from None
        try:
            data = json.loads(text)
        except RecursionError:
            raise RecordError("a game record must be JSON: it is nested too deeply") from None
        except ValueError as exc:  # JSONDecodeError, or a number of more than 4,300 digits
            raise RecordError(f"a game record must be JSON: {exc}") from None
        return GameRecord.from_json(data)

    @staticmethod
    def load(path: str | Path) -> GameRecord:
        """The record saved at ``path``: a regular file (a pipe or a device could block or never
        end) of at most ``MAX_RECORD_BYTES``; RecordError if it cannot be read or is not one."""
        try:
            if not stat.S_ISREG(os.stat(path).st_mode):
                raise RecordError(f"cannot read {path}: not a regular file")
            with open(path, "rb") as file:
                data = file.read(MAX_RECORD_BYTES + 1)
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc}") from exc
        return GameRecord.loads(data)


# (field, least, most) of the integer fields, (field, longest) of the texts, (field, most
# entries) of the lists of texts: the bounds ``GameRecord.check`` applies.
_INT_LIMITS: Final = (
    ("rules_version", 0, MAX_RULES_VERSION),
    ("seed", 0, SEED_LIMIT - 1),
    ("players", 1, MAX_PLAYERS),
)
_TEXT_LIMITS: Final = (("game", MAX_TEXT), ("data_set", MAX_TEXT))
_LIST_LIMITS: Final = (("actions", MAX_ACTIONS), ("hashes", MAX_ACTIONS), ("seats", MAX_PLAYERS))

_MISSING: Final = object()


def _bound(n: int) -> str:
    return "2**64 - 1" if n == SEED_LIMIT - 1 else f"{n:,}"


def _typed(data: dict[str, Any], key: str, kind: type, default: Any = _MISSING) -> Any:
    if key not in data:
        if default is _MISSING:
            raise RecordError(f"a game record needs {key!r}")
        return default
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"{key!r} must be of type {kind.__name__}, not {shown(value)}")
    return value


def _strings(data: dict[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise RecordError(f"{key!r} must be a list of strings")
    return tuple(value)


def _check_text(name: str, value: object, most: int) -> None:
    if not isinstance(value, str) or len(value) > most:
        raise RecordError(f"{name} must be a text of at most {most:,} characters")


def _check_json_object(name: str, value: object) -> None:
    """RecordError unless ``value`` is a JSON object of at most ``MAX_NESTING`` levels and
    ``MAX_VALUES`` values, with text keys (walked without recursion)."""
    if not isinstance(value, dict):
        raise RecordError(f"{name!r} must be a JSON object")
    stack: list[tuple[object, int]] = [(value, 1)]
    count = 1
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list | tuple):
            if depth > MAX_NESTING:
                raise RecordError(f"{name!r} is nested more than {MAX_NESTING} levels deep")
            count += len(item)
            if count > MAX_VALUES:
                raise RecordError(f"{name!r} holds more than {MAX_VALUES:,} values")
            if isinstance(item, dict):
                if not all(isinstance(k, str) for k in item):
                    raise RecordError(f"{name!r} must have text keys")
                stack += [(v, depth + 1) for v in item.values()]
            else:
                stack += [(v, depth + 1) for v in item]
        elif not (item is None or isinstance(item, str | int | float | bool)):
            raise RecordError(f"{name!r} must hold JSON values only, not {shown(item)}")
