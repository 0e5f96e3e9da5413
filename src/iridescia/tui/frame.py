"""What every terminal session draws around a game's screen: the message area and the panels.

A session (play or replay) draws one frame at a time: the body (the plug-in's screen, or a
panel the player opened) fitted to the window, then the **message area**: the latest error,
notice or hint, in one place, replaced by the next one and cleared once the game moves on, so
messages never pile up under the screen. ``help`` and ``log`` are panels too: they take the
body's place until the player presses Enter.

``Framed`` holds that state for a session; ``PlaySession`` and ``ReplaySession`` build on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.text import Text

from iridescia.i18n import Messages
from iridescia.tui.display import Display, Resized
from iridescia.tui.plugin import (
    MESSAGE_LINES,
    MIN_HEIGHT,
    MIN_WIDTH,
    PROMPT_LINES,
    TerminalPlugin,
)
from iridescia.tui.terminal import ERROR_STYLE, INFO_STYLE, WARN_STYLE, InputFn

HELP = "help"  # the generic panels' keys
LOG = "log"


@dataclass(frozen=True, slots=True)
class Size:
    """The body's size in the window, and which layout it uses."""

    width: int
    height: int
    compact: bool


class Framed:
    """A session's window: its display, message area and open panel."""

    def __init__(
        self,
        console: Console,
        msgs: Messages,
        plugin: TerminalPlugin,
        read: InputFn,
        display: Display | None = None,
    ) -> None:
        self.console = console
        self.msgs = msgs
        self.plugin = plugin
        self.display = display or Display(console)
        self.read: InputFn = read
        self.message: Text | None = None
        self.panel: str | None = None
        self.help_lines: list[Text] = []  # what the help panel shows
        self.page = 0  # the help panel's page
        self.log_lines: list[Text] = []  # what the log panel shows

    # ------------------------------------------------------------ the message area

    def say(self, message: str, style: str = INFO_STYLE) -> None:
        """Put ``message`` in the message area (replacing what was there)."""
        self.message = Text(message, style)

    def error(self, message: str) -> None:
        self.say(message, ERROR_STYLE)

    def footer(self) -> list[Text]:
        """The message area's lines: the message (wrapped, cut to ``MESSAGE_LINES``) and,
        when the window is smaller than the compact layout, a warning in its place."""
        message = self.message
        if self.display.too_small:
            size = self.msgs(
                "tui.size",
                min_width=MIN_WIDTH,
                min_height=MIN_HEIGHT,
                width=self.console.width,
                height=self.console.height,
            )
            message = Text(size, WARN_STYLE)
        if not self.display.live:
            return [message] if message is not None else []
        lines = list(message.wrap(self.console, max(self.console.width, 1))) if message else []
        if len(lines) > MESSAGE_LINES:
            lines = lines[:MESSAGE_LINES]
            lines[-1].truncate(max(self.console.width - 1, 1))
            lines[-1].append("…")
        return lines + [Text("")] * (MESSAGE_LINES - len(lines))

    # ------------------------------------------------------------ drawing

    def size(self) -> Size:
        height = max(self.console.height - PROMPT_LINES - MESSAGE_LINES, 1)
        return Size(self.console.width, height, self.display.compact)

    def show(self, body: RenderableType) -> None:
        """Draw ``body`` (or the open generic panel instead) and the message area."""
        size = self.size()
        if self.panel == HELP:
            pages = self.pages(self.help_lines, size)
            self.page = min(self.page, len(pages) - 1)
            if len(pages) > 1:
                self.say(self.msgs("panel.page", page=self.page + 1, pages=len(pages)))
            body = Group(*pages[self.page])
        elif self.panel == LOG:
            body = Group(*self.pages(self.log_lines, size)[-1])
        self.display.draw(body, self.footer(), size.height)

    def pages(self, lines: Sequence[Text], size: Size) -> list[list[Text]]:
        """``lines`` wrapped to the window's width and cut into pages of the body's height
        (one page holding everything in a transcript)."""
        if not self.display.live:
            return [list(lines)]
        rows: list[Text] = []
        for line in lines:
            rows.extend(line.wrap(self.console, max(size.width, 1)))
        step = max(size.height, 1)
        return [rows[k : k + step] for k in range(0, len(rows), step)] or [[]]

    def next_page(self) -> bool:
        """Turn the help panel's page; False when it was the last one."""
        if self.panel != HELP:
            return False
        if self.page + 1 < len(self.pages(self.help_lines, self.size())):
            self.page += 1
            return True
        return False

    def ask(self, draw: Callable[[], None], prompt: str) -> str | None:
        """Draw (again after each resize of the window) and read a line; None when input
        has ended."""
        while True:
            draw()
            try:
                return self.display.read(self.read, prompt)
            except Resized:
                continue
            except EOFError:
                return None

    def open_panel(self, key: str | None) -> None:
        """Open panel ``key`` (a second time closes it); None closes any."""
        self.panel = None if key is None or key == self.panel else key
        self.page = 0
