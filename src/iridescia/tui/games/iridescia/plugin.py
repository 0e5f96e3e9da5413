"""``IridesciaTerminal``: Gems of Iridescia's plug-in of the terminal (``tui.plugin``).

It reads views (never a game state) and the rules package's public API, and returns ``rich``
renderables; the generic terminal does the rest (the loop, hand-offs, numbering, the log,
saving, bots, pacing the Rhom's turns). Besides the protocol's members it has the optional ones:
``prompt`` (the engine's prompt by decision kind, from the shared catalogue), ``help``,
``automa_turn`` and ``describe_steps`` (the Rhom's turns), ``final_screen`` (the score breakdown
by source, read from the finished game), ``seat_style`` and ``automa_kind`` (records call the
Rhom's seat ``"rhom"``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from iridescia.core.actions import Action
from iridescia.core.events import Event
from iridescia.core.game import Decision, Game, GameInfo, Outcome, View
from iridescia.games.iridescia import GAME_NAME
from iridescia.games.iridescia import Game as IridesciaGame
from iridescia.i18n import Messages
from iridescia.tui.games.iridescia import compact, events, scores, sentences, theme
from iridescia.tui.games.iridescia import screen as layout
from iridescia.tui.games.iridescia.words import Words, rhom_seat
from iridescia.tui.plugin import AutomaTurn, Panel, Screen

RELIC_TYPES = ("jewelry", "tech", "lore", "iridia")  # in the players' relic counts' order


class IridesciaTerminal:
    """Gems of Iridescia on the terminal: the hex map, the market, relics, items, players."""

    @property
    def game(self) -> str:
        return GAME_NAME

    @property
    def automa_kind(self) -> str:
        return "rhom"

    def seat_name(self, seat: int, view: View, msgs: Messages) -> str:
        return Words.of(msgs, view).seat(seat)

    def seat_style(self, seat: int, view: View) -> str:
        return theme.seat_style(seat, rhom_seat(view))

    def opening(self, info: GameInfo, msgs: Messages) -> Sequence[Text]:
        return ()  # the base box's components: nothing to announce

    def describe(self, event: Event, view: View, msgs: Messages) -> Text:
        return events.event_text(event, Words.of(msgs, view), int(view["num_players"]))

    def action_label(self, action: Action, view: View, msgs: Messages) -> str:
        return sentences.sentence(str(action), view, Words.of(msgs, view))

    def prompt(self, decision: Decision, view: View, msgs: Messages) -> str:
        # The terminal's short wording first (one line under the map), then the browser's.
        kind = decision.kind
        return msgs.get(f"tui.decision.{kind}", msgs.get(f"decision.{kind}", decision.prompt))

    def panels(self, view: View, msgs: Messages) -> Sequence[Panel]:
        return compact.panel_list(view, Words.of(msgs, view))

    def help(self, msgs: Messages) -> tuple[str, str]:
        types = " ".join(f"{msgs(f'type.{t}')[0]}1" for t in ("jewelry", "tech", "lore", "iridia"))
        names = ", ".join(
            f"{msgs(f'type.{t}')[0]} {msgs(f'type.{t}')}"
            for t in ("jewelry", "tech", "lore", "iridia")
        )
        return msgs("help.typing"), msgs("help.board", types=f"{types:<9} ({names})")

    def render(self, screen: Screen, msgs: Messages) -> RenderableType:
        return layout.render(screen, Words.of(msgs, screen.view))

    def automa_turn(self, first: Event, view: View, msgs: Messages) -> AutomaTurn:
        words = Words.of(msgs, view)
        number = first.data.get("number", "?")
        header = Text(words("rhom.turn_header", number=number), "bold")
        header.highlight_words([words("seat.rhom")], theme.RHOM_STYLE)
        return AutomaTurn(
            heading=words("title.rhom", turn=number),
            title=words("panel.rhom_turn", number=number),
            header=header,
            prompt=words("prompt.rhom"),
        )

    def describe_steps(self, steps: Sequence[Event], view: View, msgs: Messages) -> list[Text]:
        return events.rhom_steps(steps, Words.of(msgs, view), int(view["num_players"]))

    def final(self, view: View, outcome: Outcome, msgs: Messages) -> RenderableType:
        words = Words.of(msgs, view)
        line = scores.outcome_text(outcome.winners, outcome.scores, words)
        return Group(scores.totals_table(outcome, words, ()), line)

    def final_screen(self, screen: Screen, game: Game, msgs: Messages) -> RenderableType:
        words = Words.of(msgs, screen.view)
        outcome = game.outcome()
        who = layout.who(screen, words)
        parts: list[RenderableType]
        if isinstance(game, IridesciaGame):
            breakdown = game.scores()
            parts = [
                scores.scores_table(breakdown, game.ranking(), words, who),
                scores.result_line(outcome.winners, breakdown, words),
            ]
        else:  # a game of this name this plug-in does not know: totals only
            parts = [
                scores.totals_table(outcome, words, who),
                scores.outcome_text(outcome.winners, outcome.scores, words),
            ]
        if screen.note is not None:
            parts.append(Text(screen.note, "bold"))
        return layout.render_final(screen, words, Group(*parts))


PLUGIN = IridesciaTerminal()
