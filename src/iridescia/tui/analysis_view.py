"""``iridescia analyse GAME.json``: a seat's decisions next to a strong bot's, at the terminal.

    iridescia analyse GAME.json [--seat N] [--bot hard] [--worlds W] [--top K] [--json FILE]
                      [--lang en|fr|ja]

It runs ``iridescia.analysis.analyse`` (with a progress bar on a terminal) and prints: how often
the seat played as the bot would have, the points it gave up in all, the curve of the seat's
value over the game (one mark a decision), and the biggest mistakes first, each with the turn,
what was played and what the bot suggests, as sentences in the reader's language (the game's
terminal plug-in words them from the seat's view at that moment), and what it cost. ``--json``
also writes the whole analysis as data (for the browser, or a notebook).

The seat defaults to the record's first human seat (else seat 1). Exit codes: 0 done, 1 a
record that cannot be read or replayed, 2 bad arguments.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn
from rich.table import Table
from rich.text import Text

from iridescia.analysis import DEFAULT_BOT, DEFAULT_WORLDS, Analysis, Moment, analyse
from iridescia.bots import bot_names
from iridescia.core.errors import RecordError
from iridescia.core.record import GameRecord
from iridescia.games import from_record
from iridescia.games import get as get_game
from iridescia.i18n import Messages, languages
from iridescia.tui.games import plugin_for
from iridescia.tui.terminal import ERROR_STYLE, INFO_STYLE

COMMANDS = ("analyse",)
SPARK = "▁▂▃▄▅▆▇█"


def add_command(sub: Any) -> None:
    parser = sub.add_parser(
        "analyse",
        help="a seat's decisions in a saved game next to a strong bot's, biggest mistakes first",
        description="Replay a saved game and, at each decision of one seat, compare what was "
        "played with what a strong bot would have played from that seat's view; list the "
        "biggest mistakes and the seat's value over the game.",
    )
    parser.add_argument("record", metavar="GAME.json", help="a game record (play, games, web)")
    parser.add_argument("--seat", type=int, help="the seat to analyse, 1-based")
    parser.add_argument(
        "--bot", default=DEFAULT_BOT, help=f"the bot to compare with (default {DEFAULT_BOT})"
    )
    parser.add_argument(
        "--worlds", type=int, default=DEFAULT_WORLDS,
        help=f"hidden-information samples per decision (1-64, default {DEFAULT_WORLDS})",
    )  # fmt: skip
    parser.add_argument("--top", type=int, default=10, help="mistakes to list (default 10)")
    parser.add_argument("--json", metavar="FILE", help="also write the analysis as JSON")
    parser.add_argument("--lang", choices=languages(), help="language (default: remembered)")


def run(args: argparse.Namespace, console: Console, lang: str) -> int:
    msgs = Messages(lang)
    try:
        record = GameRecord.load(args.record)
        spec = get_game(record.game)
    except (RecordError, ValueError) as exc:
        console.print(Text(msgs("load.failed", path=args.record, error=exc), ERROR_STYLE))
        return 1
    if not 1 <= args.worlds <= 64:
        raise ValueError("--worlds: expected 1 to 64")
    if args.bot.partition(":")[0] not in bot_names(spec):
        raise ValueError(f"--bot {args.bot}: bots for {spec.info.title}: {bot_names(spec)}")
    seat = (args.seat - 1) if args.seat is not None else _first_human(record)
    with Progress(
        TextColumn(msgs("analyse.progress")), BarColumn(), console=console, transient=True
    ) as bar:
        task = bar.add_task("", total=max(1, len(record.actions)))
        result = analyse(
            record,
            seat,
            bot=args.bot,
            worlds=args.worlds,
            progress=lambda done, total: bar.update(task, completed=done),
        )
    if args.json:
        Path(args.json).write_text(json.dumps(result.to_json(), indent=1), encoding="utf-8")
    show(result, record, console, msgs, args.top)
    return 0


def _first_human(record: GameRecord) -> int:
    return next((s for s, kind in enumerate(record.seats) if kind == "human"), 0)


def show(result: Analysis, record: GameRecord, console: Console, msgs: Messages, top: int) -> None:
    """The summary, the value curve and the biggest mistakes."""
    plugin = plugin_for(record.game)
    seat_name = msgs("seat", n=result.seat + 1)
    console.print(
        Text(
            msgs(
                "analyse.summary",
                seat=seat_name,
                bot=result.bot,
                decisions=len(result.moments),
                agreement=round(100 * result.agreement()),
                lost=f"{result.total_loss():.1f}",
            ),
            INFO_STYLE,
        )
    )
    label = msgs("analyse.curve") + " "
    room = max(10, console.width - len(label) - 16)
    console.print(Text(label, "bold").append(curve(result.moments, room)))
    mistakes = result.mistakes()[: max(0, top)]
    if not mistakes:
        console.print(msgs("analyse.none"))
        return
    table = Table(title=msgs("analyse.title"), title_justify="left", expand=False)
    for key in ("analyse.col.turn", "analyse.col.played", "analyse.col.better", "analyse.col.cost"):
        table.add_column(msgs(key), overflow="fold")
    for moment in mistakes:
        played, better = _sentences(record, result.seat, moment, plugin, msgs)
        table.add_row(str(moment.turn + 1), played, better, f"{moment.loss:.1f}")
    console.print(table)


def curve(moments: list[Moment], width: int = 80) -> Text:
    """The seat's value over the game as a sparkline of at most ``width`` marks (lowest to
    highest; decisions averaged in groups when there are more of them)."""
    if not moments:
        return Text("-")
    values = [m.value_before for m in moments]
    if len(values) > width:
        groups = [
            values[k * len(values) // width : (k + 1) * len(values) // width] for k in range(width)
        ]
        values = [sum(g) / len(g) for g in groups if g]
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    marks = "".join(SPARK[int((v - low) / span * (len(SPARK) - 1))] for v in values)
    return Text(marks, "#4dd0e1").append(f"  {low:+.0f} .. {high:+.0f}", "#8a8a8a")


def _sentences(
    record: GameRecord, seat: int, moment: Moment, plugin: Any, msgs: Messages
) -> tuple[str, str]:
    """The played and the suggested action as the game's plug-in words them, from the seat's
    view at that moment."""
    game = from_record(record, upto=moment.step)
    view = game.view(seat)
    spec = game.spec
    played = plugin.action_label(spec.actions.coerce(moment.played), view, msgs)
    better = plugin.action_label(spec.actions.coerce(moment.suggested), view, msgs)
    return str(played), str(better)
