"""The columns of ``results.jsonl`` / ``results.csv``: how a finished game becomes flat rows.

One row per seat per game, flat (``name -> int | bool | str | list``) so that the JSON lines and
the CSV file hold the same table. The fixed columns come first in the order of ``FIXED``; then
items by kind, then every per-player statistic of ``Game.statistics()`` flattened as
``stat_<name>`` or ``stat_<name>_<key>`` (in the order the statistics give them), so a
statistic added to the engine appears in the results without a change here. Statistics that
another column already holds are left out (``points`` = the ``score_*`` columns,
``items_bought``/``items_used`` = ``bought_*``/``used_*``, ``turns_taken`` = ``turns``).

In CSV a boolean is ``true``/``false``, a list is joined with ``;`` and a missing value is empty;
``decode_csv_row`` reads that back into the JSON types, so both formats load to equal rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

# Sources of ScoreBreakdown.as_dict(); "other" is present there only when not 0, so it is given
# explicitly here to keep every row's columns the same.
SCORE_SOURCES: tuple[str, ...] = (
    "relic_points", "tile_bonus_points", "iridia_stone", "token", "gems", "relic_sets",
    "tile_sets", "objective", "merchant", "overflow", "other",
)  # fmt: skip

FIXED: tuple[str, ...] = (
    "game",  # index of the game in the run (0-based)
    "seed",  # the game's seed (run seed + game index)
    "players",  # seats at the table, the Rhom's included
    "seat",  # 0-based seat
    "bot",  # bot spec at this seat ("rhom" for the automa)
    "is_rhom",
    "first_player",  # seat that played first (drawn from the seed, R4)
    "position",  # place in turn order, 1 = played first
    "score_total",
    *(f"score_{s}" for s in SCORE_SOURCES),
    "margin",  # score_total minus the best score among the other seats
    "rank",  # 1 = best after tie-breaks (R33); tied seats share a rank
    "winner",  # rank 1 (several seats can win a tie)
    "turns",  # turns this seat played (extra turns and Castle turns included)
    "game_turns",  # turns played in the game by every seat
    "length",  # actions taken in the game (decisions made by the bots)
    "items_bought",
    "items_used",
    "relics_restored",
    "relic_ids",  # list of relic ids in the order restored
    "relic_names",
    "objective_id",  # objective scored or evaluated at the end (None without one)
    "objective_name",
    "objective_completed",
)

BOOL_COLUMNS = frozenset({"is_rhom", "winner", "objective_completed"})
STR_COLUMNS = frozenset({"bot", "objective_name"})
LIST_COLUMNS = {"relic_ids": int, "relic_names": str}

# Statistics already present under another column (see the module docstring).
_SKIPPED_STATS = frozenset({"points", "items_bought", "items_used", "turns_taken"})


def item_columns(bought: Mapping[str, int], used: Mapping[str, int]) -> dict[str, int]:
    """``bought_<item>`` for every item kind, then ``used_<item>``."""
    out = {f"bought_{k}": int(v) for k, v in bought.items()}
    out.update({f"used_{k}": int(v) for k, v in used.items()})
    return out


def stat_columns(stats: Mapping[str, Any]) -> dict[str, Any]:
    """One seat's ``Game.statistics()`` entry flattened to ``stat_*`` columns."""
    out: dict[str, Any] = {}
    for name, value in stats.items():
        if name in _SKIPPED_STATS:
            continue
        if isinstance(value, Mapping):
            for key, sub in value.items():
                out[f"stat_{name}_{key}"] = sub
        else:
            out[f"stat_{name}"] = value
    return out


def column_order(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every column of ``rows``, in first-seen order (the fixed ones first)."""
    seen: dict[str, None] = dict.fromkeys(FIXED)
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


def decode_csv_row(raw: Mapping[str, str]) -> dict[str, Any]:
    """A CSV row read by ``csv.DictReader`` back in the types of the JSON lines; raises
    ValueError for a value that does not fit its column."""
    row: dict[str, Any] = {}
    for name, text in raw.items():
        if name is None:
            raise ValueError("a row has more values than the header has columns")
        if text is None:
            raise ValueError(f"a row has no value for column {name!r}")
        if name in BOOL_COLUMNS:
            if text not in ("true", "false"):
                raise ValueError(f"column {name!r} holds {text!r}, not true/false")
            row[name] = text == "true"
        elif name in STR_COLUMNS:
            row[name] = text
        elif name in LIST_COLUMNS:
            kind = LIST_COLUMNS[name]
            row[name] = [kind(v) for v in text.split(";")] if text else []
        elif text == "":
            row[name] = None
        else:
            try:
                row[name] = int(text)
            except ValueError:
                row[name] = text  # a column this build does not know: keep the text
    return row


def check_row(row: Mapping[str, Any], line: int) -> None:
    """Raise ValueError unless ``row`` has the fixed columns with values of the right kind."""
    missing = [c for c in FIXED if c not in row]
    if missing:
        raise ValueError(f"row {line} lacks columns {', '.join(missing[:5])}")
    for name in ("game", "seat", "position", "score_total", "rank", "length", "players"):
        value = row[name]
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"row {line}: column {name!r} should be a whole number, not {value!r}")
    for name in BOOL_COLUMNS:
        if not isinstance(row[name], bool):
            raise ValueError(f"row {line}: column {name!r} should be true or false")
