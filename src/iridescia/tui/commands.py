"""The ``play`` and ``replay`` subcommands of the ``iridescia`` command line (the terminal face).

    iridescia play [--players N] [--solo | --rhom] [--seat K=KIND ...] [--seed S] [--lang en]
                   [--catapult-for-fourth] [--load game.json] [--save path] [--delay SECONDS]
    iridescia replay game.json [--lang en]

``--players`` counts the explorers at the table (humans and bots), 2-4 by default. ``--solo``
plays one explorer against the Rhom automa (``--players`` 1 or left out; ``--players 1`` alone
means the same); ``--rhom`` adds the Rhom to 2 or 3 explorers (the variant, default 2). The Rhom
takes the seat after the last explorer, plays first and never asks for input.

Seats are 1-based; every seat not named by ``--seat`` is ``human``; a KIND other than
``human`` is a bot name (``random``); ``--seat`` names the explorers' seats only, never the
Rhom's. ``--load`` resumes a saved game (the record fixes the seed, the number of players, the
Rhom and the options; its seat kinds are used unless ``--seat`` says otherwise).

How the Rhom's turn is shown: with ``--delay`` its steps appear one by one; else, when stdin is a
terminal, a screen lists them and waits for Enter; else (piped input) they are printed as lines
and no extra input line is read.

Exit codes: 0 done (finished or left), 1 a record that cannot be read or replayed, 2 bad
arguments. ``main`` takes an optional console and input function so tests can drive it (an
input function given to ``main`` never gets the Rhom's Enter prompt).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console

from iridescia.argtypes import delay as _delay
from iridescia.argtypes import seed as seed_type
from iridescia.tui.messages import Messages, languages
from iridescia.tui.terminal import InputFn

COMMANDS = ("play", "replay")


class UsageError(Exception):
    """Arguments that parse but do not make sense together (exit code 2)."""


HUMAN = "human"
RHOM = "rhom"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
RHOM_VARIANT_PLAYERS = (2, 3)


def _players(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 1 <= n <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"the game takes {MIN_PLAYERS} to {MAX_PLAYERS} players (1 with --solo)"
        )
    return n


def _seat(text: str) -> tuple[int, str]:
    seat, sep, kind = text.partition("=")
    if not sep or not seat.strip().isdigit() or not kind.strip():
        raise argparse.ArgumentTypeError(f"expected K=KIND (for example 2=random), not {text!r}")
    return int(seat), kind.strip().lower()


def _seat_kinds(pairs: Sequence[tuple[int, str]], players: int, base: Sequence[str]) -> list[str]:
    from iridescia.bots import bot_names, make_bot

    known = [HUMAN, *bot_names()]

    def valid(kind: str) -> bool:
        if kind == HUMAN:
            return True
        try:
            make_bot(kind)  # families take options too: mcts:iterations=500
        except ValueError:
            return False
        return True

    kinds = [k if valid(k) else HUMAN for k in base] + [HUMAN] * (players - len(base))
    kinds = kinds[:players]
    for seat, kind in pairs:
        if not 1 <= seat <= players:
            raise UsageError(f"--seat {seat}={kind}: seats are 1 to {players} in this game")
        if not valid(kind):
            raise UsageError(
                f"--seat {seat}={kind}: unknown player kind; use {', '.join(known)} "
                "(or mcts:LEVEL, mcts:iterations=N,time=S,worlds=W)"
            )
        kinds[seat - 1] = kind
    return kinds


def _table(args: argparse.Namespace) -> tuple[int, bool]:
    """The number of explorers (humans and bots) and whether the Rhom plays."""
    if args.solo:
        if args.players not in (None, 1):
            raise UsageError(
                f"--solo is one explorer against the Rhom; --players {args.players} does not fit"
            )
        return 1, True
    if args.rhom:
        players = args.players or RHOM_VARIANT_PLAYERS[0]
        if players not in RHOM_VARIANT_PLAYERS:
            raise UsageError(
                f"--rhom adds the Rhom to 2 or 3 explorers, not {players} (use --solo for one)"
            )
        return players, True
    players = args.players or MIN_PLAYERS
    return players, players == 1


def _play(args: argparse.Namespace, console: Console, read: InputFn | None) -> int:
    from iridescia.core.record import GameRecord
    from iridescia.games.iridescia.game import Game, Options
    from iridescia.tui.play import PlaySession
    from iridescia.tui.terminal import default_input, error, info

    msgs = Messages(args.lang)
    if args.load:
        fixed = [
            name
            for name, given in (
                ("--players", args.players is not None),
                ("--seed", args.seed is not None),
                ("--catapult-for-fourth", args.catapult_for_fourth),
                ("--solo", args.solo),
                ("--rhom", args.rhom),
            )
            if given
        ]
        if fixed:
            raise UsageError(f"{', '.join(fixed)}: the loaded record fixes these")
        try:
            record = GameRecord.load(args.load)
            game = Game.from_record(record)
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            error(console, msgs("load.failed", path=args.load, error=exc))
            return 1
        seed = record.seed
        rhom = game.rhom_seat is not None
        explorers = game.num_players - (1 if rhom else 0)
        seats = _seat_kinds(args.seat, explorers, record.seats) + ([RHOM] if rhom else [])
        info(console, msgs("load.done", path=args.load, actions=len(record.actions)))
    else:
        players, rhom = _table(args)
        if args.catapult_for_fourth and players + (1 if rhom else 0) != 4:
            raise UsageError(
                "--catapult-for-fourth needs 4 explorers (--players 4, or --rhom --players 3)"
            )
        seats = _seat_kinds(args.seat, players, ()) + ([RHOM] if rhom else [])
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
        options = Options(catapult_for_fourth=args.catapult_for_fourth, rhom=rhom)
        game = Game.new(players, seed, options)
        info(console, msgs("seed.chosen", seed=seed))
    session = PlaySession(
        game,
        seats,
        console,
        read or default_input(console),
        msgs,
        seed=seed,
        save_path=args.save,
        delay=args.delay,
        pause=read is None and sys.stdin.isatty(),
    )
    return session.run()


def _replay(args: argparse.Namespace, console: Console, read: InputFn | None) -> int:
    from iridescia.core.record import GameRecord
    from iridescia.tui.replay import ReplaySession
    from iridescia.tui.terminal import default_input, error

    msgs = Messages(args.lang)
    try:
        record = GameRecord.load(args.record)
        session = ReplaySession(record, console, read or default_input(console), msgs)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        error(console, msgs("load.failed", path=args.record, error=exc))
        return 1
    return session.run()


def add_commands(sub: Any) -> None:
    """Add ``play`` and ``replay`` to the ``iridescia`` subparsers."""
    play = sub.add_parser("play", help="play a game (humans at this terminal and bots)")
    play.add_argument(
        "--players",
        type=_players,
        default=None,
        metavar="N",
        help="number of explorers (humans and bots), 2-4 (default 2); 1 = --solo; "
        "with --rhom 2 or 3",
    )
    rhom = play.add_mutually_exclusive_group()
    rhom.add_argument(
        "--solo",
        action="store_true",
        help="solo: one explorer against the Rhom automa",
    )
    rhom.add_argument(
        "--rhom",
        action="store_true",
        help="variant: the Rhom joins 2 or 3 explorers as one more player",
    )
    play.add_argument(
        "--seat",
        type=_seat,
        action="append",
        default=[],
        metavar="K=KIND",
        help="who plays explorer seat K (1-based): human (default) or a bot: random, greedy, "
        "easy, medium, hard (MCTS levels) or mcts:iterations=N,worlds=W; e.g. 2=hard",
    )
    play.add_argument(
        "--seed",
        type=seed_type,
        default=None,
        metavar="S",
        help="random seed (default: a fresh one, printed)",
    )
    play.add_argument("--lang", choices=languages(), default="en", help="language (default en)")
    play.add_argument(
        "--catapult-for-fourth",
        action="store_true",
        help="4 explorers (the Rhom counts): the 4th in turn order starts with a Clever Catapult",
    )
    play.add_argument("--load", metavar="GAME.json", help="resume a saved game")
    play.add_argument(
        "--save",
        metavar="PATH",
        help="where 'save' writes (default iridescia-<seed>.json); the game is "
        "also saved there when it ends",
    )
    play.add_argument(
        "--delay",
        type=_delay,
        default=0.0,
        metavar="SECONDS",
        help="pause after each bot action and each of the Rhom's steps, to watch them (default 0)",
    )
    replay = sub.add_parser("replay", help="step through a saved game record")
    replay.add_argument("record", metavar="GAME.json", help="a record saved by 'play'")
    replay.add_argument("--lang", choices=languages(), default="en", help="language (default en)")


def run_command(
    args: argparse.Namespace, console: Console, argv: Sequence[str], read: InputFn | None = None
) -> int:
    """Run a parsed ``play``/``replay`` command; returns the exit code."""
    if args.command == "play":
        return _play(args, console, read)
    return _replay(args, console, read)
