"""The table flags of ``simulate`` and ``tournament``, generated from every game's metadata.

``--game NAME`` chooses the game (``iridescia.games``), ``--mode`` one of its modes, and
``--players`` the seats bots play; every table option a game declares (``GameInfo.options``)
becomes a flag of its own (``catapult_for_fourth`` -> ``--catapult-for-fourth``; a boolean gets
``--no-...`` too), except an option every mode sets (that is the mode itself, ``--mode``).
``--option NAME=VALUE`` sets any option by name. The parser is built before the game is known,
so it holds the flags of every game; ``table_options`` then refuses a flag the chosen game does
not have, and checks each value against the game's ``OptionSpec``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from iridescia.core.game import GameSpec, OptionSpec
from iridescia.games import DEFAULT_GAME, all_games, names
from iridescia.games import get as get_game
from iridescia.sim.config import SimConfigError

# Flags of the commands themselves: an option of the same name is reachable with --option.
_RESERVED = frozenset(
    {
        "games", "game", "mode", "players", "seats", "rotate", "seed", "param", "option",
        "format", "records", "quiet", "out", "workers", "backend", "address", "bots", "help",
    }
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class OptionFlag:
    name: str  # the option's name in the game's metadata
    kind: type
    games: tuple[str, ...]  # titles of the games that have it

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def dest(self) -> str:
        return "option_" + self.name


def _mode_option(spec: GameSpec, option: OptionSpec) -> bool:
    """Whether every mode sets the option: it is the mode, chosen with --mode."""
    return all(option.name in m.options for m in spec.info.modes)


def option_flags() -> list[OptionFlag]:
    """One flag per option name over every registered game, in the games' order."""
    found: dict[str, OptionFlag] = {}
    for spec in all_games():
        for option in spec.info.options:
            if _mode_option(spec, option) or option.name in _RESERVED:
                continue
            known = found.get(option.name)
            titles = (*known.games, spec.info.title) if known else (spec.info.title,)
            found[option.name] = OptionFlag(option.name, known.kind if known else option.kind,
                                            titles)  # fmt: skip
    return list(found.values())


def _help(text: str) -> str:
    return text.replace("%", "%%")  # argparse formats help with %


def add_table_flags(p: argparse.ArgumentParser, players_help: str) -> None:
    """``--game``, ``--mode``, ``--players``, every game's option flags and ``--option``."""
    modes = "; ".join(
        f"{spec.info.name}: {', '.join(m.name for m in spec.info.modes)}" for spec in all_games()
    )
    p.add_argument(
        "--game",
        default=DEFAULT_GAME,
        metavar="NAME",
        help=f"the game: {', '.join(names())} (default {DEFAULT_GAME})",
    )
    p.add_argument("--mode", metavar="NAME", help=_help(f"the game's mode ({modes})"))
    p.add_argument("--players", type=int, metavar="N", help=_help(players_help))
    for flag in option_flags():
        spec_help = _first_help(flag.name)
        where = ", ".join(flag.games)
        if flag.kind is bool:
            p.add_argument(
                flag.flag,
                dest=flag.dest,
                action=argparse.BooleanOptionalAction,
                default=None,
                help=_help(f"{spec_help} [{where}]"),
            )
        else:
            p.add_argument(
                flag.flag, dest=flag.dest, metavar="VALUE", help=_help(f"{spec_help} [{where}]")
            )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a table option of the game by name (repeatable)",
    )


def _first_help(name: str) -> str:
    """The first game's help for the option, with its choices or range."""
    for spec in all_games():
        for option in spec.info.options:
            if option.name == name:
                if option.choices:
                    return f"{option.help} (one of {', '.join(option.choices)})"
                return option.help
    return ""


def game_spec(name: str) -> GameSpec:
    try:
        return get_game(name)
    except ValueError as exc:
        raise SimConfigError(f"--game: {exc}") from None


def convert(option: OptionSpec, raw: Any, flag: str) -> Any:
    """A flag's value as the option's type, checked (SimConfigError says what is expected)."""
    value = raw
    if isinstance(raw, str):
        word = raw.strip()
        if option.nullable and word.lower() in ("none", "null"):
            value = None
        elif option.kind is bool:
            if word.lower() not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
                raise SimConfigError(f"{flag} takes true or false, not {raw!r}")
            value = word.lower() in ("true", "yes", "1", "on")
        elif option.kind is int:
            try:
                value = int(word)
            except ValueError:
                raise SimConfigError(f"{flag} takes a whole number, not {raw!r}") from None
        else:
            value = word
    try:
        return option.check(value)
    except ValueError as exc:
        raise SimConfigError(f"{flag}: {exc}") from None


def table_options(args: argparse.Namespace, spec: GameSpec) -> dict[str, Any]:
    """The options the command line gives for ``spec``, typed and checked."""
    info = spec.info
    own = {o.name: o for o in info.options}
    chosen: dict[str, Any] = {}
    for flag in option_flags():
        raw = getattr(args, flag.dest, None)
        if raw is None:
            continue
        if flag.name not in own or _mode_option(spec, own[flag.name]):
            flags = ", ".join(f.flag for f in option_flags() if f.name in own) or "none"
            raise SimConfigError(
                f"{flag.flag} is an option of {', '.join(flag.games)}, not of {info.title} "
                f"(its option flags: {flags})"
            )
        chosen[flag.name] = convert(own[flag.name], raw, flag.flag)
    for text in args.option:
        name, sep, value = text.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            raise SimConfigError(f"--option expects name=value, not {text!r}")
        if name not in own:
            raise SimConfigError(
                f"{info.title} has no option {name!r}; options: {', '.join(own) or 'none'}"
            )
        if name in chosen:
            raise SimConfigError(f"option {name} is given twice")
        chosen[name] = convert(own[name], _json_or_text(value), f"--option {name}")
    return chosen


def _json_or_text(text: str) -> Any:
    try:
        value: Any = json.loads(text)
    except json.JSONDecodeError:
        return text
    return text if isinstance(value, Mapping | list) else value
