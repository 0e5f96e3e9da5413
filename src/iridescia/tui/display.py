"""The window a terminal session draws in: the alternate screen, clearing, resizing, a spinner.

A session on a real terminal draws each screen on the **alternate screen** (as ``less`` and
``vim`` do), so nothing it shows ever reaches the terminal's scrollback: when the keyboard
passes to another player at a hot-seat table, scrolling up cannot show the previous player's
secrets. ``clear`` also erases the scrollback (``ESC [3J``) for terminals that keep one on the
alternate screen. Leaving the session returns to the normal screen as it was.

Each screen is laid out for the window's size (``compact``: the layout for windows under the
``FULL_WIDTH`` x ``FULL_HEIGHT`` the full table needs) and fitted to its height, so the window
never scrolls. When the window is resized while the session waits for a line, ``Display``
interrupts the read (``Resized``) so the session draws the screen again for the new size and
asks again; a resize while drawing is remembered and handled at the next read.

On anything that is not a terminal (a pipe, a file, the tests' ``StringIO`` consoles) the
display is a transcript: no escape sequences, nothing cut, screens one after another, and the
layout chosen by width alone.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TypeVar

from rich.console import Console, RenderableType
from rich.segment import Segment, Segments
from rich.text import Text

from iridescia.tui.plugin import FULL_HEIGHT, FULL_WIDTH, MIN_HEIGHT, MIN_WIDTH

CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # home, erase the screen, erase the scrollback
SPINNER_STYLE = "bold #4dd0e1"
T = TypeVar("T")


class Resized(Exception):
    """Raised out of a read when the window changed size (the caller draws again)."""


class Display:
    """Draws screens on ``console``; use as a context manager around a session."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.live = console.is_terminal
        self._reading = False
        self._resized = False
        self._previous: object = None

    # ------------------------------------------------------------ entering and leaving

    def __enter__(self) -> Display:
        if self.live:
            self.console.set_alt_screen(True)
            if hasattr(signal, "SIGWINCH"):
                self._previous = signal.signal(signal.SIGWINCH, self._on_resize)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.live:
            if hasattr(signal, "SIGWINCH"):
                signal.signal(signal.SIGWINCH, self._previous or signal.SIG_DFL)  # type: ignore[arg-type]
            self.console.set_alt_screen(False)

    def _on_resize(self, signum: int, frame: FrameType | None) -> None:
        if self._reading:
            raise Resized
        self._resized = True

    # ------------------------------------------------------------ size

    @property
    def compact(self) -> bool:
        """Whether screens use the compact layout: a window smaller than the full table's
        (a transcript only looks at its width)."""
        width, height = self.console.width, self.console.height
        if not self.live:
            return width < FULL_WIDTH
        return width < FULL_WIDTH or height < FULL_HEIGHT

    @property
    def too_small(self) -> bool:
        """A window smaller than even the compact layout needs."""
        return self.live and (self.console.width < MIN_WIDTH or self.console.height < MIN_HEIGHT)

    # ------------------------------------------------------------ drawing

    def clear(self) -> None:
        """Erase the window and, on a terminal, its scrollback."""
        if self.live:
            self.console.file.write(CLEAR)
            self.console.file.flush()

    def draw(self, body: RenderableType, footer: list[Text], height: int) -> None:
        """Clear and draw ``body`` in exactly ``height`` lines (cut or padded on a terminal),
        then the ``footer`` lines (the message area)."""
        self.clear()
        console = self.console
        if not self.live:
            console.print(body)
            for line in footer:
                if line.plain:
                    console.print(line)
            return
        options = console.options.update(height=height)
        rows = console.render_lines(body, options, pad=False)[:height]
        rows += [[]] * (height - len(rows))
        out: list[Segment] = []
        for row in rows:
            out.extend(row)
            out.append(Segment.line())
        console.print(Segments(out), end="")
        for line in footer:
            console.print(line, overflow="crop", no_wrap=True)

    def lines_of(self, renderable: RenderableType) -> list[Text]:
        """``renderable`` drawn at the window's width, as lines of styled text."""
        console = self.console
        rows = console.render_lines(renderable, console.options, pad=False)
        out = []
        for row in rows:
            line = Text()
            for segment in row:
                if not segment.control:
                    line.append(segment.text, segment.style)
            out.append(line)
        return out

    def read(self, read: Callable[[str], T], prompt: str) -> T:
        """``read(prompt)``, interrupted by ``Resized`` when the window changes size (also
        when it changed while the screen was being drawn)."""
        if self._resized:
            self._resized = False
            raise Resized
        self._reading = True
        try:
            return read(prompt)
        finally:
            self._reading = False

    @contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        """A spinner with ``text`` while a bot thinks (on a terminal; nothing otherwise)."""
        if not self.live:
            yield
            return
        with self.console.status(Text(text, SPINNER_STYLE), spinner="dots"):
            yield
