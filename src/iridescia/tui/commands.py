"""The terminal's subcommands of the ``iridescia`` command line: ``play``, ``replay``, ``games``.

    iridescia play [--game NAME] [--mode MODE] [--players N] [--seat K=KIND ...] [--seed S]
                   [--lang en|fr|ja] [--load GAME.json | --continue [N]] [--no-autosave]
                   [--save PATH] [--delay SECONDS] [the game's table options]
    iridescia replay GAME.json [--game NAME] [--lang en|fr|ja]
    iridescia games [replay N | continue N | delete N] [--lang en|fr|ja]

``play``'s arguments are parsed for the game ``--game`` names (``tui.play_arguments``: the
modes, seats and table options come from the game's metadata). Seats are 1-based; every seat
not named by ``--seat`` is ``human``; automa seats (the Rhom) are the engine's. ``--load``
resumes a record (it fixes the game, the seed, the table and the options; its seat kinds are
used unless ``--seat`` says otherwise); ``replay`` takes the game from the record (format
versions 1 and 2).

Every game with at least one person at the table is kept in the games folder as it is played
(``tui.saves``: after each action, undo, the end, and on leaving by ``quit``, end of input or
Ctrl+C), unless ``--no-autosave`` is given; then ``quit`` asks whether to save. ``--continue``
resumes the most recently played unfinished game of the folder (``--continue N``: game N of
``iridescia games``) with its seats, bots and options, and keeps writing to its file; ``--load``
of a file of the folder does the same. ``games`` lists the folder, replays, continues or deletes
one of its games (``tui.saved_games``).

The language is ``--lang`` (remembered), else the one remembered, else the locale's, else
English (``tui.settings``). How an automa's turn is shown: with ``--delay`` its steps appear
one by one; else, when stdin is a terminal, a screen lists them and waits for Enter; else (piped
input) they are printed as lines and no extra input line is read.

Exit codes: 0 done (finished or left), 1 a record or a folder that cannot be read, 2 bad
arguments or nothing to continue (a message, never a traceback), 130 interrupted (one line).
``run_command`` takes an optional input function so tests can drive it (an input function
given to it never gets the automa's Enter prompt).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from iridescia.argtypes import positive
from iridescia.core.game import Game, GameSpec
from iridescia.core.record import GameRecord
from iridescia.games import get as get_game
from iridescia.games import names
from iridescia.match import Seating
from iridescia.tui import analysis_view
from iridescia.tui.games import plugin_for
from iridescia.tui.messages import Messages, languages
from iridescia.tui.play import PlaySession
from iridescia.tui.play_arguments import (
    WORDS_ONLY,
    UsageError,
    add_lang,
    fixed_by_record,
    new_table,
    parse_play,
    seat_kinds,
)
from iridescia.tui.plugin import TerminalPlugin
from iridescia.tui.replay import ReplaySession
from iridescia.tui.saved_games import (
    ACTIONS,
    Refusal,
    delete_game,
    game_to_continue,
    kept_game_at,
    replay_game,
    show_games,
)
from iridescia.tui.saves import Autosaver, GameFolder, SavedGame, games_folder
from iridescia.tui.settings import Settings, choose_language, locale_language
from iridescia.tui.terminal import WARN_STYLE, InputFn, default_input, error, info, opening

__all__ = ["COMMANDS", "UsageError", "add_commands", "run_command"]

COMMANDS = ("play", "replay", "games", "analyse")


@dataclass(frozen=True, slots=True)
class Table:
    """A game ready to be played: the game, who sits where, and how to draw it."""

    spec: GameSpec
    plugin: TerminalPlugin
    game: Game
    seating: Seating
    seed: int


# ---------------------------------------------------------------- language and folder


def _settings_and_messages(lang: str | None, console: Console) -> tuple[Settings, Messages]:
    """The player's settings and the messages of this command's language (remembering
    ``--lang``); what cannot be read or remembered is said as a warning."""
    settings = Settings.load()
    problems = [f"{settings.path}: {problem}" for problem in settings.problems]
    chosen, not_remembered = choose_language(lang, settings)
    msgs = Messages(chosen)
    for problem in problems:
        console.print(msgs("settings.ignored", problem=problem), style=WARN_STYLE)
    if not_remembered is not None:
        console.print(msgs("settings.not_saved", problem=not_remembered), style=WARN_STYLE)
    return settings, msgs


def _folder(settings: Settings) -> GameFolder:
    return GameFolder(games_folder(), keep_finished=settings.keep_finished)


# ---------------------------------------------------------------- play


def _play(words: Sequence[str], console: Console, read: InputFn | None) -> int:
    try:
        args, spec = parse_play(words)
    except SystemExit as exc:  # argparse has printed the help, or the usage and the problem
        return exc.code if isinstance(exc.code, int) else 2
    settings, msgs = _settings_and_messages(args.lang, console)
    folder = _folder(settings)
    resumed: SavedGame | None = None
    path: str | None = args.load
    try:
        if args.continue_game is not None:
            resumed = game_to_continue(folder, args.continue_game or None)
            path = str(resumed.path)
        elif args.load:
            resumed = kept_game_at(args.load, folder)
    except Refusal as refusal:
        error(console, refusal.message(msgs))
        return refusal.code
    if path is not None:
        table = _resumed_table(args, spec, path, console, msgs)
        if table is None:
            return 1
    else:
        table = _new_table(args, spec)
        info(console, msgs("seed.chosen", seed=table.seed))
    lines = opening(table.plugin, table.spec.info, msgs)
    for line in lines:
        console.print(line)
    pause = read is None and sys.stdin.isatty()
    if lines and pause and table.spec.info.notice:
        # The first screen replaces these lines: a notice (Gem Rush's provisional components)
        # is read before the game starts, not only found in the scrollback.
        try:
            default_input(console)(msgs("prompt.start"))
        except EOFError:
            return 0
    autosave = _autosaver(args.autosave, table, folder, resumed, console, msgs)
    session = PlaySession(
        table.game,
        table.seating.seat_kinds(),
        console,
        read or default_input(console),
        msgs,
        seed=table.seed,
        save_path=args.save,
        delay=args.delay,
        pause=pause,
        plugin=table.plugin,
        autosave=autosave,
        resume_hint=msgs("resume.hint") if autosave is not None else None,
        hints=args.hints,
    )
    code = session.run()
    if autosave is not None and autosave.failure is not None:
        error(console, msgs("autosave.failed", path=str(autosave.path), error=autosave.failure))
    return code


def _new_table(args: argparse.Namespace, spec: GameSpec) -> Table:
    plugin = _plugin(spec)
    seating, seed = new_table(args, spec)
    try:
        game = seating.new_game(seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return Table(spec, plugin, game, seating, seed)


def _resumed_table(
    args: argparse.Namespace, spec: GameSpec, path: str, console: Console, msgs: Messages
) -> Table | None:
    """The game of the record at ``path`` (``--load``, ``--continue``), or None once it was
    said that the record cannot be read or replayed."""
    fixed = fixed_by_record(args, spec)
    if fixed:
        flag = "--load" if args.load else "--continue"
        raise UsageError(f"{', '.join(fixed)}: the game {flag} resumes fixes these")
    try:
        record = GameRecord.load(path)
        spec = get_game(record.game)
        plugin = plugin_for(record.game)
        game = spec.from_record(record)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        error(console, msgs("load.failed", path=path, error=exc))
        return None
    if args.game_given and args.game != record.game:
        raise UsageError(f"--game {args.game}: {path} is a game of {record.game}")
    players = game.num_players - len(game.automa_seats)
    kinds = seat_kinds(args.seat, players, spec, record.seats)
    try:
        seating = Seating.build(spec, mode=game.mode, kinds=kinds)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    info(console, msgs("load.done", path=path, actions=len(record.actions)))
    return Table(spec, plugin, game, seating, record.seed)


def _autosaver(
    wanted: bool,
    table: Table,
    folder: GameFolder,
    resumed: SavedGame | None,
    console: Console,
    msgs: Messages,
) -> Autosaver | None:
    """What keeps the game in the folder: for a game people play that is not over yet, unless
    ``--no-autosave``. A folder that cannot be made turns it off, with a warning."""
    if not wanted or not table.seating.humans or table.game.is_terminal():
        return None
    try:
        folder.path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        console.print(msgs("autosave.off", path=str(folder.path), error=reason), style=WARN_STYLE)
        return None
    if resumed is not None:
        return Autosaver.resume(folder, resumed, table.game)
    return Autosaver(folder, table.game)


def _plugin(spec: GameSpec) -> TerminalPlugin:
    try:
        return plugin_for(spec.info.name)
    except ValueError as exc:
        raise UsageError(f"--game {spec.info.name}: {exc}") from None


# ---------------------------------------------------------------- replay and games


def _replay(args: argparse.Namespace, console: Console, read: InputFn | None) -> int:
    _, msgs = _settings_and_messages(args.lang, console)
    try:
        record = GameRecord.load(args.record)
        session = ReplaySession(record, console, read or default_input(console), msgs)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        error(console, msgs("load.failed", path=args.record, error=exc))
        return 1
    if args.game is not None and args.game != record.game:
        raise UsageError(f"--game {args.game}: {args.record} is a game of {record.game}")
    return session.run()


def _games(args: argparse.Namespace, console: Console, read: InputFn | None) -> int:
    action = args.games_action
    if action == "continue":
        lang = ["--lang", args.lang] if args.lang else []
        return _play(["--continue", str(args.number), *lang], console, read)
    settings, msgs = _settings_and_messages(args.lang, console)
    folder = _folder(settings)
    try:
        if action == "replay":
            return replay_game(console, folder, args.number, read or default_input(console), msgs)
        if action == "delete":
            return delete_game(console, folder, args.number, read or default_input(console), msgs)
        return show_games(console, folder, msgs)
    except Refusal as refusal:
        error(console, refusal.message(msgs))
        return refusal.code


# ---------------------------------------------------------------- the subcommands


def add_commands(sub: Any) -> None:
    """Add ``play``, ``replay``, ``games`` and ``analyse`` to the ``iridescia`` subparsers."""
    analysis_view.add_command(sub)
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
    add_lang(replay)
    games = sub.add_parser(
        "games",
        usage="iridescia games [-h] [--lang {en,fr,ja}] [replay N | continue N | delete N]",
        help="the games kept as you played them: list, replay, continue or delete them",
        description="List the games kept in your games folder (every game played with "
        "'iridescia play', newest first), or replay, continue or delete game N of the list.",
    )
    add_lang(games)
    actions = games.add_subparsers(dest="games_action", metavar="ACTION")
    helps = {
        "replay": "step through game N",
        "continue": "play game N on (the same as 'iridescia play --continue N')",
        "delete": "delete game N (asks first)",
    }
    for name in ACTIONS:
        action = actions.add_parser(
            name, prog=f"iridescia games {name}", help=helps[name], description=helps[name]
        )
        action.add_argument("number", type=positive, metavar="N", help="its number in the list")
        add_lang(action, default=argparse.SUPPRESS)  # given after N or before the action


def _analyse(args: argparse.Namespace, console: Console) -> int:
    _, msgs = _settings_and_messages(args.lang, console)
    try:
        return analysis_view.run(args, console, msgs.lang)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def run_command(
    args: argparse.Namespace, console: Console, argv: Sequence[str], read: InputFn | None = None
) -> int:
    """Run a parsed ``play``/``replay``/``games`` command; returns the exit code. Ctrl+C
    outside a game (starting, listing, replaying) leaves with one line."""
    try:
        if args.command == "play":
            return _play(args.words, console, read)
        if args.command == "games":
            return _games(args, console, read)
        if args.command == "analyse":
            return _analyse(args, console)
        return _replay(args, console, read)
    except KeyboardInterrupt:
        console.print()
        info(console, Messages(_language_of(args))("interrupted"))
        return 130


def _language_of(args: argparse.Namespace) -> str:
    """The language of a command, for a word when it is interrupted (nothing is written)."""
    given = getattr(args, "lang", None)
    words = list(getattr(args, "words", ()))
    for at, word in enumerate(words):
        if word == "--lang" and at + 1 < len(words):
            given = words[at + 1]
        elif word.startswith("--lang="):
            given = word.partition("=")[2]
    if given in languages():
        return str(given)
    return Settings.load().lang or locale_language() or "en"
