"""The columns of ``results.jsonl`` / ``results.csv``, and how rows go to CSV and back.

One row per seat per game, flat (``name -> int | float | bool | str | list | None``) so that the
JSON lines and the CSV file hold the same table. The generic columns (``GENERIC_FIXED``, then
``COOPERATIVE`` in cooperative modes) are those of every game without a sim plug-in; a game's
plug-in lays out its own (``SimPlugin.fixed_columns``) and says which of its columns are
booleans, texts, floats or lists (``ColumnKinds``), so that CSV reads back into the same types.

In CSV a boolean is ``true``/``false``, a list is joined with ``;`` and a missing value is empty;
``decode_csv_row`` reads that back, so both formats load to equal rows. Lines of a CSV file that
start with ``#`` before the header are comments (a game's notice, such as provisional data).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

GENERIC_FIXED: tuple[str, ...] = (
    "game",  # index of the game in the run (0-based)
    "seed",  # the game's seed (run seed + game index)
    "players",  # seats at the table, automa seats included
    "mode",  # the game's mode (GameInfo.modes)
    "seat",  # 0-based seat
    "bot",  # bot spec at this seat ("automa" for a seat the engine plays)
    "is_automa",
    "score",  # final score (Outcome.scores)
    "rank",  # 1 for the winners, then by score; tied seats share a place
    "margin",  # score minus the best score among the other seats (null when alone)
    "winner",  # among Outcome.winners (a tie or a cooperative win: several seats win)
    "shared_win",  # won together with other seats
    "return",  # Outcome.returns: what learning agents receive
    "turns",  # turns this seat played (see sim.plugin on how they are counted)
    "game_turns",  # turns in the game, every seat's
    "length",  # actions taken in the game
    "reason",  # how the game ended (Outcome.reason)
)
COOPERATIVE: tuple[str, ...] = (
    "team_score",  # Outcome.team_score: the table's score in a cooperative mode
    "target",  # the score the team plays to (null without one)
)


@dataclass(frozen=True, slots=True)
class ColumnKinds:
    """Which columns are not whole numbers, so that CSV text reads back in the JSON types, and
    which must be whole numbers (checked when a run is read)."""

    ints: frozenset[str] = frozenset()
    bools: frozenset[str] = frozenset()
    strings: frozenset[str] = frozenset()
    floats: frozenset[str] = frozenset()
    lists: Mapping[str, type] = field(default_factory=dict)  # column -> element type


def column_order(rows: Iterable[Mapping[str, Any]], fixed: Sequence[str]) -> list[str]:
    """Every column of ``rows``, in first-seen order (the fixed ones first)."""
    seen: dict[str, None] = dict.fromkeys(fixed)
    for row in rows:
        for key in row:
            seen.setdefault(key, None)
    return list(seen)


def encode_csv_value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ";".join(str(v) for v in value)
    return str(value)


def decode_csv_row(raw: Mapping[str | None, Any], kinds: ColumnKinds) -> dict[str, Any]:
    """A CSV row read by ``csv.DictReader`` back in the types of the JSON lines; raises
    ValueError for a value that does not fit its column."""
    row: dict[str, Any] = {}
    for name, text in raw.items():
        if name is None:
            raise ValueError("a row has more values than the header has columns")
        if text is None:
            raise ValueError(f"a row has no value for column {name!r}")
        if name in kinds.bools:
            if text not in ("true", "false"):
                raise ValueError(f"column {name!r} holds {text!r}, not true/false")
            row[name] = text == "true"
        elif name in kinds.strings:
            row[name] = text
        elif name in kinds.lists:
            kind = kinds.lists[name]
            row[name] = [kind(v) for v in text.split(";")] if text else []
        elif text == "":
            row[name] = None
        elif name in kinds.floats:
            try:
                row[name] = float(text)
            except ValueError:
                raise ValueError(f"column {name!r} holds {text!r}, not a number") from None
        else:
            try:
                row[name] = int(text)
            except ValueError:
                row[name] = text  # a column this build does not know: keep the text
    return row


def check_row(
    row: Mapping[str, Any], line: int, required: Sequence[str], kinds: ColumnKinds
) -> None:
    """Raise ValueError unless ``row`` has the ``required`` columns with values of the right
    kind."""
    missing = [c for c in required if c not in row]
    if missing:
        raise ValueError(f"row {line} lacks columns {', '.join(missing[:5])}")
    for name in sorted(kinds.ints):
        value = row[name]
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"row {line}: column {name!r} should be a whole number, not {value!r}")
    for name in sorted(kinds.bools):
        if name in required and not isinstance(row[name], bool):
            raise ValueError(f"row {line}: column {name!r} should be true or false")
