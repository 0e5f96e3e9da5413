"""Gem Rush in the browser, the server's side (``web.plugin.WebGame``): how its events, actions
and decisions read, its final result, the lobby's options and the component data the browser
plug-in ``static/games/gem-rush/`` draws the mine and the cards with.

**Provisional components**: the room tiles and gem cards were designed by the project (spec
§0.3); ``client_data`` and every view carry the ``notice`` every face shows.

Every legal action says where it belongs on the table (``at``, the agreed places):

- ``walk D``, ``reopen D`` -> ``dir:D`` (side D of the acting dwarf's room)
- ``build Tnn D`` -> ``site:nn:D``; ``door Tnn D`` -> ``door:nn:D``
- ``to Tnn``, ``copy Tnn``, ``remove Tnn`` -> ``tile:nn``; ``order Tnn`` -> ``stack:nn``
- ``pay``, ``discard``, ``keep``, ``burn``, ``jump Gnn`` -> ``card:nn``
- ``rotate r`` -> ``rotate:r``; ``name G`` -> ``gem:G``; ``name G H`` -> ``gems:G:H``
- ``swap s``, ``burn seat s`` -> ``seat:s`` (0-based, as in the view)
- the rest (``use end paid draw room done stop``, ``play on``, ``burn deck``) are prompt
  buttons, without ``at``.

Numbers in places have no leading zeros (``tile:7``). Labels of the table say what an action
is; ``labels`` says what it costs and yields in the current state (``gemrush_labels``). The
final result's shape is ``gemrush_result.final_result``'s docstring.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, cast

from iridescia.core.actions import Action
from iridescia.core.events import Event
from iridescia.core.game import Decision, View
from iridescia.core.game import Game as AnyGame
from iridescia.games.gemrush import ACTIONS, DATA_SET, GAME, GAME_NAME, GemRushGame, catalogue
from iridescia.web.games import gemrush_words as words
from iridescia.web.games.gemrush_events import describe
from iridescia.web.games.gemrush_labels import state_labels
from iridescia.web.games.gemrush_result import final_result
from iridescia.web.plugin import LobbyOption, Text, action_json, msg, seat_ref

CARD_ACTIONS = {"pay": "gr.say.pay", "discard": "gr.say.discard", "keep": "gr.say.keep",
                "burn": "gr.say.burn", "jump": "gr.say.jump"}  # fmt: skip
PROMPT_BUTTONS = {"use": "gr.say.use", "end": "gr.say.end", "paid": "grw.act.paid",
                  "draw": "gr.say.draw", "room": "grw.act.room", "done": "gr.say.done",
                  "stop": "gr.say.stop", "play on": "gr.say.play_on",
                  "burn deck": "gr.say.burn_deck"}  # fmt: skip


def _number(label: str) -> int:
    """``G07`` / ``T12`` -> 7 / 12."""
    return int(label[1:])


def _label(text: str) -> tuple[Text, str | None]:
    """An action's label and its place on the table, from its canonical text."""
    if text in PROMPT_BUTTONS:
        return msg(PROMPT_BUTTONS[text]), None
    head, *args = text.split(" ")
    if head in ("walk", "reopen"):
        towards = msg(f"gr.say.towards.{args[0]}")
        return msg(f"gr.say.{head}", towards=towards), f"dir:{args[0]}"
    if head == "burn" and args[0] == "seat":
        seat = int(args[1]) - 1
        return msg("gr.say.burn_seat", seat=seat_ref(seat)), f"seat:{seat}"
    if head in CARD_ACTIONS:
        n = _number(args[0])
        return msg(CARD_ACTIONS[head], card=words.card(n)), f"card:{n}"
    if head == "build":
        n = _number(args[0])
        return msg("grw.act.build", dir=words.direction(args[1]), tile=words.tile(n)), (
            f"site:{n}:{args[1]}"
        )
    if head == "door":
        n = _number(args[0])
        return msg("grw.act.door", dir=words.direction(args[1]), tile=words.tile(n)), (
            f"door:{n}:{args[1]}"
        )
    if head in ("to", "copy", "remove", "order"):
        n = _number(args[0])
        key = {"to": "gr.say.to", "copy": "grw.act.copy", "remove": "gr.say.remove",
               "order": "gr.say.order"}[head]  # fmt: skip
        return msg(key, room=words.tile(n)), f"{'stack' if head == 'order' else 'tile'}:{n}"
    if head == "rotate":
        return msg("gr.say.rotate_plain", n=int(args[0])), f"rotate:{args[0]}"
    if head == "name" and len(args) == 2:
        first, second = words.gem(args[0]), words.gem(args[1])
        return msg("gr.say.name_two", first=first, second=second), f"gems:{args[0]}:{args[1]}"
    if head == "name":
        return msg("gr.say.name", gem=words.gem(args[0])), f"gem:{args[0]}"
    if head == "swap":
        seat = int(args[0]) - 1
        return msg("grw.act.swap", seat=seat_ref(seat)), f"seat:{seat}"
    return text, None


@cache
def _action_table() -> list[dict[str, Any]]:
    """Every action as the browser gets it, by action id (built once)."""
    return [action_json(a, *_label(str(a))) for a in ACTIONS]


class GemRushWeb:
    """Gem Rush's web plug-in (``web.plugin.WebGame``)."""

    __slots__ = ()

    game = GAME_NAME
    board = True
    # Ruling GR-W1: no rule keeps a hand, the deck or the room stack secret once the game is
    # over (scores never depend on them), so a finished table's record goes to its players.
    record_public_at_end = True
    automa_kind = "automa"  # no mode adds seats the engine plays: never stored
    lobby_options = (
        LobbyOption("level", "grw.lobby.level"),
        LobbyOption("target", "grw.lobby.target"),
        LobbyOption("hidden_hands", "grw.lobby.hidden_hands"),
        LobbyOption("crisis_may_stop", "grw.lobby.crisis_may_stop"),
        LobbyOption("rush_burns", "grw.lobby.rush_burns"),
    )
    # Most actions change one seat's record (its hand, score or room): patches send that one.
    # The mine's tiles sit inside ``mine`` and grow in number, which patches cannot key.
    keyed_lists: Mapping[str, str] = {"players": "seat"}

    def client_data(self) -> dict[str, Any]:
        return {**catalogue(), "data_set": DATA_SET}

    def describe_event(self, event: Event) -> Text:
        return describe(event)

    def heading(self, event: Event) -> bool:
        return event.kind == "turn"

    def action_table(self) -> list[dict[str, Any]]:
        return _action_table()

    def labels(self, view: View, actions: Sequence[Action]) -> dict[int, Text]:
        """What the legal actions cost and yield in this state (``gemrush_labels``)."""
        return state_labels(view, actions, _action_table())

    def prompt(self, decision: Decision) -> Text:
        key = f"gr.prompt.{decision.kind.replace(' ', '_')}"
        return msg(key) if words.known(key) else decision.prompt

    def result(self, game: AnyGame) -> dict[str, Any]:
        """The team's or the winners' result with every seat's statistics (``final_result``)."""
        return final_result(cast(GemRushGame, game))

    def turn(self, game: AnyGame) -> int | None:
        """The turn in progress, 1 for the first (the last one played once the game is over),
        as the view's ``turn`` counts them."""
        if _HEURISTICS is None:
            return None
        done = int(_HEURISTICS.turn_index(game))
        return done if game.is_terminal() else done + 1


_HEURISTICS = GAME.heuristics()
PLUGIN = GemRushWeb()
