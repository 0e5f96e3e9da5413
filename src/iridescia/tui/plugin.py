"""What a game gives the terminal: its renderer plug-in, found by the game's name.

The terminal's generic code (the play loop, replay, hand-off screens, numbered actions, the
scrolling log, saving and loading, bots through ``match``) knows no game. Everything it draws
that belongs to one game comes from that game's ``TerminalPlugin`` in ``tui/games/<game>/``,
registered in ``tui/games/__init__.py`` under the game's registry name.

A plug-in reads views (never a game state) and the game's package API, and returns ``rich``
renderables. ``render`` must fit ``screen.width`` x ``screen.height`` (120 x 40 is the size
every game is designed for; the generic code says so when the terminal is smaller).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rich.console import RenderableType
from rich.text import Text

from iridescia.core.actions import Action
from iridescia.core.events import Event
from iridescia.core.game import GameInfo, Outcome, View
from iridescia.i18n import Messages

MIN_WIDTH, MIN_HEIGHT = 120, 40


@dataclass
class Screen:
    """Everything one screen shows, already decided by the generic code."""

    view: View  # what the viewer may see (a seat's view, or a spectator's)
    viewer: int | None
    seat_kinds: Sequence[str]  # per seat: "human", a bot spec, or "automa"
    width: int = MIN_WIDTH
    height: int = MIN_HEIGHT
    heading: str | None = None  # replaces the plug-in's own title info (replay: "step 4/120")
    prompt: str | None = None  # the decision's prompt, when the viewer decides
    acting: int | None = None  # the seat that decides now (None when the game is over)
    actions: Sequence[str] = field(default_factory=tuple)  # numbered labels, 1-based on screen
    note: str | None = None  # shown instead of the decision (replay: the next recorded action)
    log: Sequence[Text] = field(default_factory=tuple)  # the latest log lines, oldest first
    steps: Sequence[Text] = field(default_factory=tuple)  # an automa's turn, step by step
    steps_title: str | None = None


class TerminalPlugin(Protocol):
    """One game's renderers for the terminal."""

    @property
    def game(self) -> str:
        """The game's registry name (``iridescia.games.get(plugin.game)``)."""
        ...

    def seat_name(self, seat: int, view: View, msgs: Messages) -> str:
        """How a seat is called on screen and in the log ("Seat 2", "Rhom", "Blue dwarf")."""
        ...

    def opening(self, info: GameInfo, msgs: Messages) -> Sequence[Text]:
        """Lines shown before the game starts (a provisional-data notice belongs here)."""
        ...

    def describe(self, event: Event, view: View, msgs: Messages) -> Text:
        """One event, already redacted for the viewer, as a line of the log."""
        ...

    def action_label(self, action: Action, view: View, msgs: Messages) -> str:
        """How an action is listed for choosing (its canonical text must stay typeable)."""
        ...

    def render(self, screen: Screen, msgs: Messages) -> RenderableType:
        """The whole table for the viewer, within ``screen.width`` x ``screen.height``."""
        ...

    def final(self, view: View, outcome: Outcome, msgs: Messages) -> RenderableType:
        """The end of the game: scores (by source where the game has them), winners."""
        ...
