"""What a game gives the terminal: its renderer plug-in, found by the game's name.

The terminal's generic code (the play loop, replay, hand-off screens, numbered actions, the
scrolling log, saving and loading, bots through ``match``) knows no game. Everything it draws
that belongs to one game comes from that game's ``TerminalPlugin`` in ``tui/games/<game>/``,
registered in ``tui/games/__init__.py`` under the game's registry name.

A plug-in reads views (never a game state) and the game's package API, and returns ``rich``
renderables. ``render`` must fit ``screen.width`` x ``screen.height``: the window less the
message area and the prompt's line. Two layouts: the **full** table from ``FULL_WIDTH`` x
``FULL_HEIGHT`` (120 x 40) and a **compact** one (``screen.compact``) that stays fully playable
down to ``MIN_WIDTH`` x ``MIN_HEIGHT`` (80 x 24): the board and the decision first, the rest in
panels the player opens by key (``screen.panel``; see ``HasPanels``). The generic code chooses
the layout from the window's size, draws again when the window is resized, and says so when
the window is smaller than even the compact layout needs.

Optional members. A plug-in may also have any of the members of the small protocols at the end
of this module; the generic code asks for them with the ``*_of`` functions there, which fall
back to a default when a plug-in has not got them: ``prompt`` (a decision's prompt in the
player's language; default: the engine's prompt), ``help`` (how to type actions and what the
screen shows; default: one generic sentence), ``automa_turn`` and ``describe_steps`` (how an
automa's turn is announced and listed while it plays, step by step), ``final_screen`` (the whole
last screen, given the finished game; default: ``render`` then ``final``), ``seat_style`` (a
seat's colour on the hand-off screen), ``automa_kind`` (how records name automa seats;
default ``"automa"``) and ``panels`` (the panels a player may open by key; default none).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from rich.console import Group, RenderableType
from rich.text import Text

from iridescia.core.actions import Action
from iridescia.core.events import Event
from iridescia.core.game import Decision, Game, GameInfo, Outcome, View
from iridescia.i18n import Messages

FULL_WIDTH, FULL_HEIGHT = 120, 40  # the full table from this window size
MIN_WIDTH, MIN_HEIGHT = 80, 24  # the compact layout down to this size
PROMPT_LINES = 1  # the line under the screen where the player types
MESSAGE_LINES = 2  # the message area above it: the latest error, notice or hint


@dataclass
class Screen:
    """Everything one screen shows, already decided by the generic code."""

    view: View  # what the viewer may see (a seat's view, or a spectator's)
    viewer: int | None
    seat_kinds: Sequence[str]  # per seat: "human", a bot spec, or "automa"
    width: int = FULL_WIDTH
    height: int = FULL_HEIGHT - PROMPT_LINES - MESSAGE_LINES
    compact: bool = False  # the compact layout (a window under FULL_WIDTH x FULL_HEIGHT)
    panel: str | None = None  # a panel the player opened (a ``HasPanels`` key), shown instead
    # of the board (compact) or beside it
    heading: str | None = None  # replaces the plug-in's own title info (replay: "step 4/120")
    prompt: str | None = None  # the decision's prompt, when the viewer decides
    acting: int | None = None  # the seat that decides now (None when the game is over)
    actions: Sequence[str] = field(default_factory=tuple)  # numbered labels, 1-based on screen
    action_texts: Sequence[str] = field(default_factory=tuple)  # the same actions' canonical texts
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
        """How an action is listed for choosing: a sentence in the player's language (the
        player types its number, or its canonical text, which ``help`` explains)."""
        ...

    def render(self, screen: Screen, msgs: Messages) -> RenderableType:
        """The whole table for the viewer, within ``screen.width`` x ``screen.height``."""
        ...

    def final(self, view: View, outcome: Outcome, msgs: Messages) -> RenderableType:
        """The end of the game: scores (by source where the game has them), winners."""
        ...


# ---------------------------------------------------------------- optional members


@runtime_checkable
class TranslatesPrompts(Protocol):
    def prompt(self, decision: Decision, view: View, msgs: Messages) -> str:
        """The decision's prompt in the player's language."""
        ...


@runtime_checkable
class ExplainsItself(Protocol):
    def help(self, msgs: Messages) -> tuple[str, str]:
        """For the ``help`` command: how to type this game's actions (with examples), and what
        its screen shows (a legend; may be "")."""
        ...


@dataclass(frozen=True, slots=True)
class AutomaTurn:
    """How the terminal announces one turn of an automa seat."""

    heading: str  # the title line's info while the turn is on screen ("turn 5 - the Rhom plays")
    title: str  # above the turn's steps ("Rhom's turn 5")
    header: Text  # printed before the steps when input is piped ("Rhom's turn 5:")
    prompt: str  # asks for Enter once the turn is shown ("Rhom's turn - press Enter ")


@runtime_checkable
class ShowsAutomaTurns(Protocol):
    """An automa's turn is the run of events from its first event of the turn (``first``) to
    the next event of another seat; the generic code finds it with the catalogue's ``automa``
    fact and ``Game.automa_seats``, and shows its later events as steps."""

    def automa_turn(self, first: Event, view: View, msgs: Messages) -> AutomaTurn: ...

    def describe_steps(self, events: Sequence[Event], view: View, msgs: Messages) -> list[Text]:
        """The steps so far (redacted, shown events after ``first``) as lines; a plug-in may
        leave out a step another line already says."""
        ...


@runtime_checkable
class DrawsFinalScreen(Protocol):
    def final_screen(self, screen: Screen, game: Game, msgs: Messages) -> RenderableType:
        """The whole screen of a finished game. ``game`` is over, so nothing is secret any
        more: a plug-in may read its game's score breakdown from it (through the game
        package's API)."""
        ...


@runtime_checkable
class StylesSeats(Protocol):
    def seat_style(self, seat: int, view: View) -> str:
        """A seat's ``rich`` style (its colour on the hand-off screen)."""
        ...


@runtime_checkable
class KnowsSecrets(Protocol):
    def shows_secrets(self, view: View) -> bool:
        """Whether this seat's view shows something other people at the keyboard must not see
        (a hand, an objective). When neither the previous person's view nor the next one's
        does, people just take turns, without a hand-off screen."""
        ...


@runtime_checkable
class NamesAutomaSeats(Protocol):
    @property
    def automa_kind(self) -> str:
        """The seat kind written in records for automa seats (e.g. ``"rhom"``)."""
        ...


@dataclass(frozen=True, slots=True)
class Panel:
    """A panel the player opens by typing its key (``p``), shown until Enter."""

    key: str  # what the player types: one or two lowercase letters, never an action text
    name: str  # its name in the player's language, for the key line and ``help``


@runtime_checkable
class HasPanels(Protocol):
    def panels(self, view: View, msgs: Messages) -> Sequence[Panel]:
        """The panels this game's screen can open now (``render`` draws ``screen.panel``)."""
        ...


def panels_of(plugin: TerminalPlugin, view: View, msgs: Messages) -> Sequence[Panel]:
    return plugin.panels(view, msgs) if isinstance(plugin, HasPanels) else ()


def prompt_of(plugin: TerminalPlugin, decision: Decision, view: View, msgs: Messages) -> str:
    if isinstance(plugin, TranslatesPrompts):
        return plugin.prompt(decision, view, msgs)
    return decision.prompt


def help_of(plugin: TerminalPlugin, msgs: Messages) -> tuple[str, str]:
    if isinstance(plugin, ExplainsItself):
        return plugin.help(msgs)
    return msgs("help.intro"), ""


def automa_turn_of(plugin: TerminalPlugin, first: Event, view: View, msgs: Messages) -> AutomaTurn:
    if isinstance(plugin, ShowsAutomaTurns):
        return plugin.automa_turn(first, view, msgs)
    seat = plugin.seat_name(first.player, view, msgs)
    return AutomaTurn(
        heading=msgs("automa.heading", seat=seat),
        title=msgs("automa.title", seat=seat),
        header=Text(msgs("automa.title", seat=seat) + ":", "bold"),
        prompt=msgs("automa.prompt", seat=seat),
    )


def steps_of(
    plugin: TerminalPlugin, events: Sequence[Event], view: View, msgs: Messages
) -> list[Text]:
    if isinstance(plugin, ShowsAutomaTurns):
        return plugin.describe_steps(events, view, msgs)
    return [plugin.describe(e, view, msgs) for e in events]


def final_screen_of(
    plugin: TerminalPlugin, screen: Screen, game: Game, msgs: Messages
) -> RenderableType:
    if isinstance(plugin, DrawsFinalScreen):
        return plugin.final_screen(screen, game, msgs)
    return Group(plugin.render(screen, msgs), plugin.final(screen.view, game.outcome(), msgs))


def seat_style_of(plugin: TerminalPlugin, seat: int, view: View) -> str:
    return plugin.seat_style(seat, view) if isinstance(plugin, StylesSeats) else "bold"


def shows_secrets_of(plugin: TerminalPlugin, view: View) -> bool:
    return plugin.shows_secrets(view) if isinstance(plugin, KnowsSecrets) else True


def automa_kind_of(plugin: TerminalPlugin) -> str:
    return plugin.automa_kind if isinstance(plugin, NamesAutomaSeats) else "automa"
