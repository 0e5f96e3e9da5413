"""The ``play`` and ``replay`` subcommands of the ``iridescia`` command line (the terminal face).

    iridescia play [--game NAME] [--mode MODE] [--players N] [--seat K=KIND ...] [--seed S]
                   [--lang en|fr|ja] [--load GAME.json] [--save PATH] [--delay SECONDS]
                   [the game's table options]
    iridescia replay GAME.json [--lang en|fr|ja]

``play`` chooses the game by name (``--game``, the default game when left out) and everything
else from that game's metadata (``GameInfo``): ``--mode`` takes its modes, each mode but the
first also has a flag of its own (``--solo`` is ``--mode solo``); ``--players`` counts the seats
people and bots play (default: the mode's smallest table; without ``--mode`` the first mode
that takes that many is chosen, so ``--players 1`` plays Gems of Iridescia solo); every table
option becomes a flag (a bool ``--name``, an int ``--name N`` within its range, a str with
choices ``--name CHOICE``), except those the modes set. Because those flags depend on the game,
the ``play`` subparser only collects its words (its ``prefix_chars`` are a character no option
uses): ``run_command`` reads ``--game`` first (``parse_known_args``) and then parses the words
with the parser built for that game, which is also what ``iridescia play --help`` shows.

Seats are 1-based; every seat not named by ``--seat`` is ``human``; a KIND other than
``human`` names a bot that can play the game (``match.check_bot``); automa seats (the Rhom) are
the engine's and take no ``--seat``. The table is checked by ``match.Seating.build`` and the
game made by the game itself: any refusal is a usage error. ``--load`` resumes a saved game
(the record fixes the game, the seed, the table and the options; its seat kinds are used unless
``--seat`` says otherwise); ``replay`` takes the game from the record (format versions 1 and 2).

How an automa's turn is shown: with ``--delay`` its steps appear one by one; else, when stdin
is a terminal, a screen lists them and waits for Enter; else (piped input) they are printed as
lines and no extra input line is read.

Exit codes: 0 done (finished or left), 1 a record that cannot be read or replayed here, 2 bad
arguments (a message, never a traceback). ``run_command`` takes an optional input function so
tests can drive it (an input function given to it never gets the automa's Enter prompt).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console

from iridescia.argtypes import delay as delay_type
from iridescia.argtypes import positive
from iridescia.argtypes import seed as seed_type
from iridescia.bots import bot_names
from iridescia.core.game import GameInfo, GameSpec, Mode, OptionSpec
from iridescia.core.record import GameRecord
from iridescia.games import DEFAULT_GAME, names
from iridescia.games import get as get_game
from iridescia.match import HUMAN, Seating, check_bot
from iridescia.tui.games import plugin_for
from iridescia.tui.messages import Messages, languages
from iridescia.tui.play import PlaySession
from iridescia.tui.plugin import TerminalPlugin
from iridescia.tui.replay import ReplaySession
from iridescia.tui.terminal import InputFn, default_input, error, info, opening

COMMANDS = ("play", "replay")
WORDS_ONLY = "\x00"  # the play subparser's prefix character: no option starts with it
GENERIC_FLAGS = frozenset(
    ("help", "game", "mode", "players", "seat", "seed", "lang", "load", "save", "delay")
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


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _mode_words(mode: Mode, default: bool) -> str:
    players = "player" if mode.max_players == 1 else "players"
    extras = [f"{_span(mode.min_players, mode.max_players)} {players}"]
    if default:
        extras.append("default")
    return f"{mode.name} ({mode.title}; {', '.join(extras)})"


def _flag(option: OptionSpec) -> str:
    name = option.name.replace("_", "-")
    return f"--option-{name}" if name in GENERIC_FLAGS else f"--{name}"


def table_options(info: GameInfo) -> list[OptionSpec]:
    """The options ``play`` offers as flags: all but those the modes set (``--mode`` does)."""
    by_modes = {key for mode in info.modes for key in mode.options}
    return [o for o in info.options if o.name not in by_modes]


def mode_flags(info: GameInfo) -> list[Mode]:
    """The modes with a flag of their own (``--solo``): every mode but the default one whose
    name is not already a flag."""
    taken = GENERIC_FLAGS | {_flag(o)[2:] for o in table_options(info)}
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
    parser.add_argument("--lang", choices=languages(), default="en", help="language (default en)")
    parser.add_argument(
        "--load",
        metavar="GAME.json",
        help="resume a saved game (it fixes the game, the table, the seed and the options)",
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
        flag = _flag(option)
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
            _flag(option), dest=dest, type=_bounded(option), metavar="N", help=help_text
        )
        return
    if option.default is not None:
        notes.append(f"default {option.default}")
    help_text = option.help + (f" [{'; '.join(notes)}]" if notes else "")
    group.add_argument(
        _flag(option),
        dest=dest,
        choices=list(option.choices) or None,
        metavar="CHOICE" if option.choices else "TEXT",
        help=help_text + (f"; one of {', '.join(option.choices)}" if option.choices else ""),
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


def _kinds(
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


def _mode_for(args: argparse.Namespace, info: GameInfo) -> tuple[Mode, str]:
    """The mode to play and the flag that chose it (for messages)."""
    if args.mode is not None:
        return info.mode(args.mode), args.mode_flag
    if args.players is None:
        return info.default_mode, "--mode"
    for mode in info.modes:
        if mode.min_players <= args.players <= mode.max_players:
            return mode, f"--players {args.players}"
    takes = ", ".join(f"{_span(m.min_players, m.max_players)} ({m.name})" for m in info.modes)
    raise UsageError(f"--players {args.players}: {info.title} takes {takes} players")


def _new_game(args: argparse.Namespace, spec: GameSpec) -> tuple[Seating, int]:
    info = spec.info
    mode, flag = _mode_for(args, info)
    players = mode.min_players if args.players is None else args.players
    if not mode.min_players <= players <= mode.max_players:
        span = _span(mode.min_players, mode.max_players)
        word = "player" if mode.max_players == 1 else "players"
        raise UsageError(f"{flag}: {mode.title} takes {span} {word}, not {players}")
    options = chosen_options(args, info)
    for name in options:
        option = info.option(name)
        if option.modes and mode.name not in option.modes:
            raise UsageError(f"{_flag(option)}: only in mode {', '.join(option.modes)}")
    kinds = _kinds(args.seat, players, spec)
    try:
        seating = Seating.build(spec, players=players, mode=mode.name, kinds=kinds, options=options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    return seating, seed


def _play(words: Sequence[str], console: Console, read: InputFn | None) -> int:
    try:
        args, spec = parse_play(words)
    except SystemExit as exc:  # argparse has printed the help, or the usage and the problem
        return exc.code if isinstance(exc.code, int) else 2
    msgs = Messages(args.lang)
    if args.load:
        fixed = [
            name
            for name, given in (
                ("--players", args.players is not None),
                ("--seed", args.seed is not None),
                (args.mode_flag or "--mode", args.mode is not None),
                *((_flag(o), o.name in chosen_options(args, spec.info)) for o in spec.info.options),
            )
            if given
        ]
        if fixed:
            raise UsageError(f"{', '.join(fixed)}: the loaded record fixes these")
        try:
            record = GameRecord.load(args.load)
            spec = get_game(record.game)
            plugin = plugin_for(record.game)
            game = spec.from_record(record)
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            error(console, msgs("load.failed", path=args.load, error=exc))
            return 1
        if args.game_given and args.game != record.game:
            raise UsageError(f"--game {args.game}: {args.load} is a game of {record.game}")
        automa = set(game.automa_seats)
        players = game.num_players - len(automa)
        kinds = _kinds(args.seat, players, spec, record.seats)
        try:
            seating = Seating.build(spec, mode=game.mode, kinds=kinds)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        seed = record.seed
        info(console, msgs("load.done", path=args.load, actions=len(record.actions)))
    else:
        plugin = _plugin(spec)
        seating, seed = _new_game(args, spec)
        try:
            game = seating.new_game(seed)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        info(console, msgs("seed.chosen", seed=seed))
    lines = opening(plugin, spec.info, msgs)
    for line in lines:
        console.print(line)
    pause = read is None and sys.stdin.isatty()
    if lines and pause and spec.info.notice:
        # The first screen replaces these lines: a notice (Gem Rush's provisional components)
        # is read before the game starts, not only found in the scrollback.
        try:
            default_input(console)(msgs("prompt.start"))
        except EOFError:
            return 0
    session = PlaySession(
        game,
        seating.seat_kinds(),
        console,
        read or default_input(console),
        msgs,
        seed=seed,
        save_path=args.save,
        delay=args.delay,
        pause=pause,
        plugin=plugin,
    )
    return session.run()


def _plugin(spec: GameSpec) -> TerminalPlugin:
    try:
        return plugin_for(spec.info.name)
    except ValueError as exc:
        raise UsageError(f"--game {spec.info.name}: {exc}") from None


# ---------------------------------------------------------------- replay


def _replay(args: argparse.Namespace, console: Console, read: InputFn | None) -> int:
    msgs = Messages(args.lang)
    try:
        record = GameRecord.load(args.record)
        session = ReplaySession(record, console, read or default_input(console), msgs)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        error(console, msgs("load.failed", path=args.record, error=exc))
        return 1
    if args.game is not None and args.game != record.game:
        raise UsageError(f"--game {args.game}: {args.record} is a game of {record.game}")
    return session.run()


# ---------------------------------------------------------------- the subcommands


def add_commands(sub: Any) -> None:
    """Add ``play`` and ``replay`` to the ``iridescia`` subparsers."""
    play = sub.add_parser(
        "play",
        help="play a game at this terminal (people and bots); 'iridescia play --help' for the "
        "options, 'iridescia play --game NAME --help' for another game's",
        add_help=False,
        prefix_chars=WORDS_ONLY,
    )
    play.add_argument("words", nargs="*")
    replay = sub.add_parser(
        "replay",
        help="step through a saved game record (any game)",
        description="Step through a game record saved by 'play' (the game is the record's). "
        "At each screen: Enter shows the next action, b goes back one, a number jumps to "
        "that step, q quits.",
    )
    replay.add_argument("record", metavar="GAME.json", help="a record saved by 'play'")
    replay.add_argument(
        "--game", choices=names(), metavar="NAME",
        help="the game the record must be of (the record says which game it is; this checks)",
    )  # fmt: skip
    replay.add_argument("--lang", choices=languages(), default="en", help="language (default en)")


def run_command(
    args: argparse.Namespace, console: Console, argv: Sequence[str], read: InputFn | None = None
) -> int:
    """Run a parsed ``play``/``replay`` command; returns the exit code."""
    if args.command == "play":
        return _play(args.words, console, read)
    return _replay(args, console, read)
