"""``GemRushTerminal``: the Gem Rush plug-in of the terminal (``tui.plugin.TerminalPlugin``).

It reads views (never a game state), the event catalogue's already-redacted events and the rules
package's public API, and returns ``rich`` renderables; the generic terminal does the rest
(the loop, hand-off screens where hands are hidden, numbering, saving, bots, the window's size).
``render`` draws the full layout (``screen``) from 120 x 40 and the compact one (``compact``)
in smaller windows, each with the panel the player opened. Besides the protocol's members it
has the optional ``prompt`` (translated by decision kind), ``help`` (how to type actions, the
key to every symbol), ``panels`` (``key_panels``), ``final_screen`` (``final``), ``seat_style``
and ``shows_secrets``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from iridescia.core.actions import Action
from iridescia.core.events import Event
from iridescia.core.game import Decision, Game, GameInfo, Outcome, View
from iridescia.games.gemrush import GAME_NAME
from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import describe as describe_module
from iridescia.tui.games.gemrush import final as final_module
from iridescia.tui.games.gemrush import labels, theme
from iridescia.tui.games.gemrush.compact import render_compact
from iridescia.tui.games.gemrush.key_panels import offered
from iridescia.tui.games.gemrush.legend import help_legend
from iridescia.tui.games.gemrush.screen import render_screen
from iridescia.tui.plugin import Panel, Screen


class GemRushTerminal:
    """Gem Rush on the terminal: the mine, the hands, the burn clock, the log, the decision."""

    @property
    def game(self) -> str:
        return GAME_NAME

    def seat_name(self, seat: int, view: View, msgs: Messages) -> str:
        return theme.seat_name(seat, msgs)

    def opening(self, info: GameInfo, msgs: Messages) -> Sequence[Text]:
        return final_module.opening(info, msgs)

    def describe(self, event: Event, view: View, msgs: Messages) -> Text:
        return describe_module.describe(event, view, msgs)

    def action_label(self, action: Action, view: View, msgs: Messages) -> str:
        return labels.action_label(action, view, msgs)

    def render(self, screen: Screen, msgs: Messages) -> RenderableType:
        return render_compact(screen, msgs) if screen.compact else render_screen(screen, msgs)

    def final(self, view: View, outcome: Outcome, msgs: Messages) -> RenderableType:
        return final_module.final(view, outcome, msgs)

    # Optional members (``tui.plugin``'s small protocols).

    def prompt(self, decision: Decision, view: View, msgs: Messages) -> str:
        """The decision's prompt in the player's language."""
        return msgs.get(f"gr.prompt.{theme.key(decision.kind)}", decision.prompt)

    def help(self, msgs: Messages) -> tuple[str, str]:
        """How to type Gem Rush actions, and the key to every symbol on the screen."""
        return msgs("gr.help.actions"), help_legend(msgs)

    def panels(self, view: View, msgs: Messages) -> Sequence[Panel]:
        """Players, your hand, cards, rooms, symbols, and every action when you decide."""
        return offered(view, msgs)

    def final_screen(self, screen: Screen, game: Game, msgs: Messages) -> RenderableType:
        """The result (and as much of the mine as fits under it), in the window's size."""
        return final_module.final_screen(screen, game.outcome(), msgs)

    def seat_style(self, seat: int, view: View) -> str:
        """A seat's dwarf colour."""
        return theme.seat_style(seat)

    def shows_secrets(self, view: View) -> bool:
        """Only hands are private (R47): in Rush, or in Crisis with hidden hands (R68), a
        view hides the other hands; in Crisis every hand and everything else is open."""
        return any(p["hand"] is None for p in view["players"])


PLUGIN = GemRushTerminal()
