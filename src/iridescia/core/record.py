"""Game records: (game, rules version, data set, seed, players, options, params, actions) as JSON.

A record fully defines a game: replaying its actions from a new game with the same seed and
options reaches the same state hash at every step. ``hashes`` (optional) lets a replay check that.

Format version 2 added ``data_set`` (the component data the game was played with) and an
optional ``notice`` (shown with games on provisional data). Version-1 records still load: their
data set is the one their game had when version 1 was current (``V1_DATA_SETS``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from iridescia.core.errors import RecordError

FORMAT: Final = "iridescia-record"
FORMAT_VERSION: Final = 2
READABLE_VERSIONS: Final = (1, 2)
# Version-1 records predate the data-set field: the one game of that time had one data set.
V1_DATA_SETS: Final = {"gems-of-iridescia": "iridescia-base-1"}


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

    @staticmethod
    def from_json(data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a game record (format should be {FORMAT!r})")
        version = data.get("format_version", 1)  # records before the field existed were v1
        if version not in READABLE_VERSIONS or isinstance(version, bool):
            raise RecordError(
                f"unsupported record format version {version!r} "
                f"(this build reads {', '.join(map(str, READABLE_VERSIONS))})"
            )
        try:
            game = _typed(data, "game", str)
            v1 = version == 1
            data_set = V1_DATA_SETS.get(game, "") if v1 else _typed(data, "data_set", str)
            notice = _typed(data, "notice", str, None) if version >= 2 else None
            rec = GameRecord(
                game=game,
                rules_version=_typed(data, "rules_version", int),
                seed=_typed(data, "seed", int),
                players=_typed(data, "players", int),
                options=_typed(data, "options", dict, {}),
                params=_typed(data, "params", dict, {}),
                actions=tuple(_strings(data, "actions")),
                hashes=tuple(_strings(data, "hashes")),
                seats=tuple(_strings(data, "seats")),
                data_set=data_set,
                notice=notice,
            )
        except (TypeError, KeyError) as exc:
            raise RecordError(f"malformed game record: {exc}") from exc
        if rec.hashes and len(rec.hashes) != len(rec.actions):
            raise RecordError("a record's hashes must be one per action")
        return rec

    @staticmethod
    def loads(text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"a game record must be JSON: {exc}") from exc
        return GameRecord.from_json(data)

    @staticmethod
    def load(path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(f"cannot read {path}: {exc}") from exc
        return GameRecord.loads(text)


_MISSING: Final = object()


def _typed(data: dict[str, Any], key: str, kind: type, default: Any = _MISSING) -> Any:
    if key not in data:
        if default is _MISSING:
            raise RecordError(f"a game record needs {key!r}")
        return default
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"{key!r} must be of type {kind.__name__}")
    return value


def _strings(data: dict[str, Any], key: str) -> list[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise RecordError(f"{key!r} must be a list of strings")
    return value
