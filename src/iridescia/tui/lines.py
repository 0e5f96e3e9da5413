"""Reading what a player types at a decision, and the texts the help and log panels show.

``read_action`` turns a typed line into one of the decision's actions (its number, or its
canonical text read by the game's action table) or into the sentence that says why it is not
one: a number out of range, a text that names no action, or an action the rules refuse now, with
the engine's reason (``Game.refusal``) in the player's language. ``help_lines`` and
``log_lines_for`` fill the generic ``help`` and ``log`` panels; ``hint_for`` words a bot's
suggestion (tables that allow hints). Nothing here changes a game.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from iridescia.bots import Bot
from iridescia.core.actions import Action
from iridescia.core.errors import InvalidActionError
from iridescia.core.game import Game, View
from iridescia.i18n import Messages
from iridescia.i18n.refusals import describe_refusal
from iridescia.match import bot_rng_at
from iridescia.tui import log as game_log
from iridescia.tui.plugin import TerminalPlugin, help_of, panels_of
from iridescia.tui.terminal import INFO_STYLE

LONGEST_NUMBER = 8  # digits read as an action's number; longer is out of range anyway


def span(actions: Sequence[object]) -> str:
    """The numbers a player may type: ``1`` or ``1-N``."""
    return "1" if len(actions) == 1 else f"1-{len(actions)}"


def hint(actions: Sequence[Action], msgs: Messages) -> str:
    return msgs("input.hint", range=span(actions), first=str(actions[0]))


def read_action(
    text: str, actions: Sequence[Action], game: Game, plugin: TerminalPlugin, msgs: Messages
) -> Action | str:
    """The action ``text`` names among ``actions``, or why it names none (a sentence)."""
    if text.isdigit():
        n = int(text) if len(text) < LONGEST_NUMBER else 0
        if 1 <= n <= len(actions):
            return actions[n - 1]
        return msgs("input.bad_number", n=text, range=span(actions))
    try:
        action = game.spec.actions.parse(text)
    except InvalidActionError:
        return msgs("input.unknown", text=text, hint=hint(actions, msgs))
    if action in actions:
        return action
    return refused(text, action, actions, game, plugin, msgs)


def refused(
    text: str,
    action: Action,
    actions: Sequence[Action],
    game: Game,
    plugin: TerminalPlugin,
    msgs: Messages,
) -> str:
    """Why ``action`` is not legal now, in the player's language (the engine's reason)."""
    why = game.refusal(action)
    if why is None:  # legal after all: cannot happen for an action not in the list
        return msgs("input.illegal", text=text, hint=hint(actions, msgs))
    view = game.spectator_view()
    reason = describe_refusal(why, msgs, seat_name=lambda seat: plugin.seat_name(seat, view, msgs))
    return msgs("input.refused", text=text, reason=reason, range=span(actions))


def hint_for(
    bot: Bot, game: Game, seat: int, seed: int, plugin: TerminalPlugin, msgs: Messages
) -> str:
    """What ``bot`` would play now at ``seat``, judged from that seat's view only (the
    ``hint`` command of a table that allows hints), as a sentence with its number."""
    decision = game.decision()
    if decision is None:
        return msgs("hint.off")
    view = game.view(seat)
    rng = bot_rng_at(seed, seat, len(game.history()))
    action = bot.choose(view, decision.actions, rng)
    number = decision.actions.index(action) + 1
    label = plugin.action_label(action, view, msgs)
    return msgs("hint.says", bot=bot.name, n=number, action=label)


def help_lines(plugin: TerminalPlugin, view: View, msgs: Messages, save_path: str) -> list[Text]:
    """The help panel: how to type actions, the commands, the panels' keys, the legend."""
    typing, legend = help_of(plugin, msgs)
    keys = panels_of(plugin, view, msgs)
    panels = "".join("\n" + msgs("help.panel", key=p.key.ljust(12), name=p.name) for p in keys)
    parts = [typing, msgs("help.commands", path=save_path) + panels]
    out: list[Text] = []
    for part in (*parts, legend):
        if part:
            out.extend(Text(line) for line in part.splitlines())
    return out


def log_lines_for(
    game: Game, plugin: TerminalPlugin, viewer: int, msgs: Messages, count: int
) -> list[Text]:
    """The log panel: the last ``count`` lines ``viewer`` may read, under a title."""
    log = game.log
    view = game.view(viewer)
    texts = game_log.log_lines(plugin, game.spec.events, log, viewer, view, msgs, max(1, count))
    title = Text(msgs("log.more", n=len(texts), total=len(log)), INFO_STYLE)
    return [title, *texts]
