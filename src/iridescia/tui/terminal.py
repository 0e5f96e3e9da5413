"""Terminal plumbing shared by play and replay: reading lines, messages, saving, opening lines.

The play and replay loops never call ``input()`` or touch ``sys.stdin`` themselves: they take an
``InputFn`` (``prompt -> line``, raising ``EOFError`` when input ends) and write to a ``rich``
``Console``. ``default_input`` picks the right reader for the real terminal: the line editor
when stdin is a TTY, plain line-by-line reading with the prompt and the line echoed when it is a
pipe or a file (so a scripted session still reads as a transcript). Tests pass their own
``InputFn`` and a ``Console(file=io.StringIO())``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.text import Text

from iridescia.core.game import GameInfo
from iridescia.core.record import GameRecord
from iridescia.i18n import Messages
from iridescia.tui.plugin import TerminalPlugin

InputFn = Callable[[str], str]

ERROR_STYLE = "bold #ff6b6b"
INFO_STYLE = "bold #4dd0e1"
WARN_STYLE = "bold #ffa94d"
DIM = "#8a8a8a"  # log lines the viewer has seen already
YES = ("y", "yes", "o", "oui", "はい")
NO = ("", "n", "no", "non", "いいえ")


def stream_input(stream: TextIO, console: Console, echo: bool = True) -> InputFn:
    """Read lines from ``stream``; show the prompt (and the line read, if ``echo``)."""

    def read(prompt: str) -> str:
        console.print(Text(prompt, "bold"), end="")
        line = stream.readline()
        if not line:
            console.print()
            raise EOFError
        line = line.rstrip("\r\n")
        console.print(line if echo else "", markup=False, highlight=False)
        return line

    return read


def scripted_input(lines: Iterable[str], console: Console | None = None) -> InputFn:
    """Answer prompts from ``lines`` in turn, then raise ``EOFError`` (for tests and demos)."""
    it: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        try:
            line = next(it)
        except StopIteration:
            raise EOFError from None
        if console is not None:
            console.print(Text(prompt, "bold"), end="")
            console.print(line, markup=False, highlight=False)
        return line

    return read


def tty_input(console: Console) -> InputFn:
    """The interactive reader: ``Console.input`` (line editing, history where available)."""

    def read(prompt: str) -> str:
        return console.input(Text(prompt, "bold"))

    return read


def default_input(console: Console, stdin: TextIO | None = None) -> InputFn:
    """``tty_input`` when stdin is a terminal, else line-by-line ``stream_input``."""
    stream = sys.stdin if stdin is None else stdin
    if stream.isatty():
        return tty_input(console)
    return stream_input(stream, console, echo=True)


def error(console: Console, message: str) -> None:
    console.print(Text(message, ERROR_STYLE))


def info(console: Console, message: str) -> None:
    console.print(Text(message, INFO_STYLE))


def save_record(record: GameRecord, path: str, msgs: Messages) -> tuple[bool, str]:
    """Save ``record`` to ``path``: whether it worked, and the sentence that says so (a
    failure is reported, not raised)."""
    try:
        target = Path(path).expanduser()
        record.save(target)
    except OSError as exc:
        return False, msgs("save.failed", path=path, error=exc.strerror or exc)
    return True, msgs("save.done", path=str(target))


def ask_save_path(read: InputFn, default: str, msgs: Messages) -> str | None:
    """Ask whether to save before quitting: a path to save to, or None.

    ``y``/``yes`` -> ``default``; ``n``/``no``/empty/end of input -> None; anything else is
    taken as the file name.
    """
    try:
        answer = read(msgs("prompt.quit_save")).strip()
    except EOFError:
        return None
    low = answer.lower()
    if low in YES:
        return default
    if low in NO:
        return None
    return answer


def opening(
    plugin: TerminalPlugin, info: GameInfo, msgs: Messages, notice: str | None = None
) -> list[Text]:
    """The lines shown before a game: the plug-in's (``opening``), or, when it has none, the
    game's notice (``notice``, e.g. a record's, else ``info.notice``) if there is one. A
    plug-in with opening lines says the notice itself (in the player's language)."""
    lines = list(plugin.opening(info, msgs))
    text = notice or info.notice
    if not lines and text:
        lines.append(Text(msgs.get(f"notice.{info.name}", text), WARN_STYLE))
    return lines
