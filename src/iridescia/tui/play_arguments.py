"""The arguments of ``iridescia play``: the parser built for one game, and the table they describe.

``play`` chooses the game by name (``--game``, the default game when left out) and everything
else from that game's metadata (``GameInfo``): ``--mode`` takes its modes, each mode but the
first also has a flag of its own (``--solo`` is ``--mode solo``); every table option becomes a
flag (a bool ``--name``, an int ``--name N`` within its range, a str with choices ``--name
CHOICE``), except those the modes set. Because those flags depend on the game, the ``play``
subparser only collects its words: ``parse_play`` reads ``--game`` first
(``parse_known_args``) and then parses the words with the parser built for that game
(``play_parser``), which is also what ``iridescia play --help`` shows.

``new_table`` turns the parsed arguments into a checked ``match.Seating`` and a seed;
``seat_kinds`` applies ``--seat`` on top of a record's seats (``--load``, ``--continue``);
``fixed_by_record`` names the flags a resumed game's record already fixes. Every refusal is a
``UsageError`` (exit code 2, one line).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from typing import Any

from iridescia.argtypes import delay as delay_type
from iridescia.argtypes import positive
from iridescia.argtypes import seed as seed_type
from iridescia.bots import bot_names
from iridescia.core.game import GameInfo, GameSpec, Mode, OptionSpec
from iridescia.games import DEFAULT_GAME, names
from iridescia.games import get as get_game
from iridescia.match import HUMAN, Seating, check_bot
from iridescia.tui.messages import languages

WORDS_ONLY = "\x00"  # the play subparser's prefix character: no option starts with it
# The flags every game's parser has: a table option of the same name gets ``--option-NAME``.
GENERIC_FLAGS = frozenset(
    ("help", "game", "mode", "players", "seat", "seed", "lang", "load", "save", "delay")
    + ("continue", "autosave", "no-autosave", "hints")
)


class UsageError(Exception):
    """Arguments that parse but do not make sense together (exit code 2)."""


# ---------------------------------------------------------------- argument types


def _seat(text: str) -> tuple[int, str]:
    seat, sep, kind = text.partition("=")
    if not sep or not seat.strip().isdigit() or not kind.strip():
        raise argparse.ArgumentTypeError(f"expected K=KIND (for example 2=random), not {text!r}")
    return int(seat), kind.strip().lower()


def _bounded(option: OptionSpec) -> Callable[[str], int]:
    """The argument type of an int option: a whole number within the option's range."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        try:
            option.check(value)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return value

    return read


# ---------------------------------------------------------------- the parser of one game


def seat_span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _mode_words(mode: Mode, default: bool) -> str:
    players = "player" if mode.max_players == 1 else "players"
    extras = [f"{seat_span(mode.min_players, mode.max_players)} {players}"]
    if default:
        extras.append("default")
    return f"{mode.name} ({mode.title}; {', '.join(extras)})"


def option_flag(option: OptionSpec) -> str:
    name = option.name.replace("_", "-")
    return f"--option-{name}" if name in GENERIC_FLAGS else f"--{name}"


def table_options(info: GameInfo) -> list[OptionSpec]:
    """The options ``play`` offers as flags: all but those the modes set (``--mode`` does)."""
    by_modes = {key for mode in info.modes for key in mode.options}
    return [o for o in info.options if o.name not in by_modes]


def mode_flags(info: GameInfo) -> list[Mode]:
    """The modes with a flag of their own (``--solo``): every mode but the default one whose
    name is not already a flag."""
    taken = GENERIC_FLAGS | {option_flag(o)[2:] for o in table_options(info)}
    return [m for m in info.modes[1:] if m.name not in taken]


class _ChooseMode(argparse.Action):
    """``--mode M`` or a mode's own flag: sets ``mode`` and remembers which flag said it."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        mode = values if self.const is None else self.const
        namespace.mode = mode
        namespace.mode_flag = option_string if self.const is not None else f"--mode {mode}"


def _example(bots: Sequence[str]) -> str:
    return next((b for b in ("hard", "greedy") if b in bots), bots[0] if bots else "random")


def play_parser(spec: GameSpec) -> argparse.ArgumentParser:
    """The parser of ``iridescia play`` for the game ``spec``."""
    info = spec.info
    parser = argparse.ArgumentParser(
        prog="iridescia play",
        description=(
            f"Play {info.title} at this terminal: people take turns at the keyboard (hot "
            "seat) and bots play the other seats. The game's own options are listed under "
            f"'{info.title} table options'; 'iridescia play --game NAME --help' lists another "
            "game's."
        ),
        epilog="During the game, type 'help' for the commands (log, redraw, save, quit).",
    )
    games = ", ".join(f"{n} (default)" if n == DEFAULT_GAME else n for n in names())
    parser.add_argument(
        "--game", choices=names(), default=DEFAULT_GAME, metavar="NAME", help=f"the game: {games}"
    )
    table = parser.add_mutually_exclusive_group()
    modes = ", ".join(_mode_words(m, m is info.default_mode) for m in info.modes)
    table.add_argument(
        "--mode",
        choices=[m.name for m in info.modes],
        action=_ChooseMode,
        metavar="MODE",
        help=f"how to play: {modes}",
    )
    for mode in mode_flags(info):
        table.add_argument(
            f"--{mode.name}",
            action=_ChooseMode,
            nargs=0,
            const=mode.name,
            help=f"the same as --mode {mode.name}",
        )
    parser.add_argument(
        "--players",
        type=positive,
        metavar="N",
        help="how many seats people and bots play (default: the mode's smallest table); "
        "without --mode, the first mode that takes N players"
        + (" (1 = solo)" if any(m.name == "solo" for m in info.modes) else ""),
    )
    bots = bot_names(spec)
    family = " (mcts also takes options: mcts:iterations=N,worlds=W)" if "mcts" in bots else ""
    parser.add_argument(
        "--seat",
        type=_seat,
        action="append",
        default=[],
        metavar="K=KIND",
        help=f"who plays seat K (1-based): human (default) or a bot that can play {info.title}: "
        f"{', '.join(bots)}{family}; e.g. 2={_example(bots)}; repeatable",
    )
    parser.add_argument(
        "--seed", type=seed_type, metavar="S", help="random seed (default: a fresh one, printed)"
    )
    add_lang(parser)
    resume = parser.add_mutually_exclusive_group()
    resume.add_argument(
        "--load",
        metavar="GAME.json",
        help="resume a saved game (it fixes the game, the table, the seed and the options)",
    )
    resume.add_argument(
        "--continue",
        dest="continue_game",
        type=positive,
        nargs="?",
        const=0,
        metavar="N",
        help="resume the most recent unfinished game kept in your games folder, or game N of "
        "'iridescia games' (the same seats, bots and options)",
    )
    parser.add_argument(
        "--hints",
        nargs="?",
        const="hard",
        metavar="BOT",
        help="allow the 'hint' command: what a bot (default hard) would play now, judged from "
        "your seat's view only; off by default",
    )
    parser.add_argument(
        "--no-autosave",
        dest="autosave",
        action="store_false",
        help="do not keep this game in your games folder ('iridescia games'); quitting then "
        "asks whether to save it",
    )
    parser.add_argument(
        "--save",
        metavar="PATH",
        help="where 'save' writes (default iridescia-<seed>.json); the game is also saved "
        "there when it ends",
    )
    parser.add_argument(
        "--delay",
        type=delay_type,
        default=0.0,
        metavar="SECONDS",
        help="pause after each bot action, to watch them; an automa's turn shows its steps one "
        "by one, each as long as its kind asks at this speed (0.5 = as declared; default 0)",
    )
    group = parser.add_argument_group(f"{info.title} table options")
    for option in table_options(info):
        _add_option(group, option, info)
    parser.set_defaults(mode=None, mode_flag=None)
    return parser


def _add_option(group: argparse._ArgumentGroup, option: OptionSpec, info: GameInfo) -> None:
    notes = []
    if option.modes and len(option.modes) < len(info.modes):
        notes.append(f"mode {', '.join(option.modes)}")
    dest = f"option_{option.name}"
    if option.kind is bool:
        flag = option_flag(option)
        if option.default is True:
            flag = flag.replace("--", "--no-", 1)
        help_text = option.help + (f" [{'; '.join(notes)}]" if notes else "")
        group.add_argument(
            flag, dest=dest, action="store_const", const=not option.default, help=help_text
        )
        return
    if option.kind is int:
        if option.minimum is not None and option.maximum is not None:
            notes.insert(0, f"{option.minimum}-{option.maximum}")
        elif option.minimum is not None:
            notes.insert(0, f"at least {option.minimum}")
        if option.default is not None:
            notes.append(f"default {option.default}")
        help_text = option.help + (f" [{'; '.join(notes)}]" if notes else "")
        group.add_argument(
            option_flag(option), dest=dest, type=_bounded(option), metavar="N", help=help_text
        )
        return
    if option.default is not None:
        notes.append(f"default {option.default}")
    help_text = option.help + (f" [{'; '.join(notes)}]" if notes else "")
    group.add_argument(
        option_flag(option),
        dest=dest,
        choices=list(option.choices) or None,
        metavar="CHOICE" if option.choices else "TEXT",
        help=help_text + (f"; one of {', '.join(option.choices)}" if option.choices else ""),
    )


def add_lang(parser: argparse.ArgumentParser, default: Any = None) -> None:
    """``--lang``: when left out, the language chosen last time, else the system's."""
    parser.add_argument(
        "--lang",
        choices=languages(),
        default=default,
        help="language, remembered (default: the last one chosen, else the system's, else en)",
    )


def chosen_options(args: argparse.Namespace, info: GameInfo) -> dict[str, Any]:
    """The table options given on the command line (those left out keep their defaults)."""
    out = {}
    for option in table_options(info):
        value = getattr(args, f"option_{option.name}", None)
        if value is not None:
            out[option.name] = value
    return out


def parse_play(words: Sequence[str]) -> tuple[argparse.Namespace, GameSpec]:
    """The ``play`` arguments, parsed for the game ``--game`` names (SystemExit as argparse
    does: 0 after ``--help``, 2 after a message)."""
    first = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    first.add_argument("--game")
    first.add_argument("--mode")
    try:
        known, _ = first.parse_known_args(words)
        given = known.game
    except argparse.ArgumentError:  # the full parser says what is wrong
        given = None
    spec = get_game(given if given in names() else None)
    args = play_parser(spec).parse_args(words)
    args.game_given = given is not None
    return args, spec


# ---------------------------------------------------------------- play


def seat_kinds(
    pairs: Sequence[tuple[int, str]], players: int, spec: GameSpec, base: Sequence[str] = ()
) -> list[str]:
    """The kind of each seat people and bots play: ``base`` where it names a kind that can
    play (a record's seats), ``human`` elsewhere, then ``--seat`` (1-based) on top."""
    kinds = [HUMAN] * players
    for seat, kind in enumerate(base[:players]):
        if kind == HUMAN:
            continue
        try:
            check_bot(kind, spec)
        except ValueError:
            continue
        kinds[seat] = kind
    for seat, kind in pairs:
        if not 1 <= seat <= players:
            raise UsageError(f"--seat {seat}={kind}: seats are 1 to {players} in this game")
        if kind != HUMAN:
            try:
                check_bot(kind, spec)
            except ValueError as exc:
                raise UsageError(f"--seat {seat}={kind}: {exc}") from None
        kinds[seat - 1] = kind
    return kinds


def mode_for(args: argparse.Namespace, info: GameInfo) -> tuple[Mode, str]:
    """The mode to play and the flag that chose it (for messages)."""
    if args.mode is not None:
        return info.mode(args.mode), args.mode_flag
    if args.players is None:
        return info.default_mode, "--mode"
    for mode in info.modes:
        if mode.min_players <= args.players <= mode.max_players:
            return mode, f"--players {args.players}"
    takes = ", ".join(f"{seat_span(m.min_players, m.max_players)} ({m.name})" for m in info.modes)
    raise UsageError(f"--players {args.players}: {info.title} takes {takes} players")


def new_table(args: argparse.Namespace, spec: GameSpec) -> tuple[Seating, int]:
    info = spec.info
    mode, flag = mode_for(args, info)
    players = mode.min_players if args.players is None else args.players
    if not mode.min_players <= players <= mode.max_players:
        span = seat_span(mode.min_players, mode.max_players)
        word = "player" if mode.max_players == 1 else "players"
        raise UsageError(f"{flag}: {mode.title} takes {span} {word}, not {players}")
    options = chosen_options(args, info)
    for name in options:
        option = info.option(name)
        if option.modes and mode.name not in option.modes:
            raise UsageError(f"{option_flag(option)}: only in mode {', '.join(option.modes)}")
    kinds = seat_kinds(args.seat, players, spec)
    try:
        seating = Seating.build(spec, players=players, mode=mode.name, kinds=kinds, options=options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    return seating, seed


def fixed_by_record(args: argparse.Namespace, spec: GameSpec) -> list[str]:
    """The flags given that a resumed game's record fixes (``--load``, ``--continue``)."""
    chosen = chosen_options(args, spec.info)
    given = (
        ("--players", args.players is not None),
        ("--seed", args.seed is not None),
        (args.mode_flag or "--mode", args.mode is not None),
        *((option_flag(o), o.name in chosen) for o in spec.info.options),
    )
    return [name for name, said in given if said]
