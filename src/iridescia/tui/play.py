"""The play loop, for any game: people at one terminal (hot seat) and bots, to the final screen.

``PlaySession(game, seats, console, read, msgs).run()`` plays until the game ends or a player
quits. Each decision of a person draws the acting seat's screen (its view: its own secrets, the
log redacted for it) and reads one line: an action number, an action text (read by the game's
action table, ``spec.actions.parse``), or a command (``help``, ``log [N]``, ``redraw``,
``save [path]``, ``quit``). Bad input gets a message and a new prompt; the game only changes
through ``Game.apply`` of a legal action. When the turn passes between two different people the
screen is cleared and the next player is asked to take the keyboard, so secrets are not left on
screen. Bots play through ``match.BotSeats`` (each with the ``match.bot_rng`` stream of the
game's seed), from their seat's view only.

Automa seats (``Game.automa_seats``: the Rhom of Gems of Iridescia) never get a prompt: the
engine plays their turns inside ``apply``. Before the next decision the session shows each
automa turn it has not shown yet (``tui.log.automa_turns``): with ``delay`` its steps appear one
by one (a redraw and a pause per step: the catalogue's pause for its kind, scaled by ``delay``
as ``EventCatalogue.pause`` says); else with ``pause`` (the command line sets it when stdin
is a terminal) one screen lists its steps and waits for Enter; else (piped input) its steps are
printed as lines and play goes on, so a script needs no extra lines for the automa.

Everything drawn that belongs to one game comes from the game's terminal plug-in
(``tui.games.plugin_for``); the session itself uses only the game contract.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import NoReturn

from rich.console import Console
from rich.text import Text

from iridescia.core.actions import Action
from iridescia.core.errors import InvalidActionError
from iridescia.core.events import Event
from iridescia.core.game import Decision, Game, View
from iridescia.match import AUTOMA, BotSeats, Seating
from iridescia.tui import log as game_log
from iridescia.tui import terminal
from iridescia.tui.games import plugin_for
from iridescia.tui.messages import Messages
from iridescia.tui.plugin import (
    Screen,
    TerminalPlugin,
    automa_kind_of,
    automa_turn_of,
    final_screen_of,
    help_of,
    prompt_of,
    seat_style_of,
    shows_secrets_of,
    steps_of,
)
from iridescia.tui.terminal import InputFn

COMMANDS = ("help", "log", "redraw", "save", "quit", "exit")


def span(actions: Sequence[object]) -> str:
    """The numbers a player may type: ``1`` or ``1-N``."""
    return "1" if len(actions) == 1 else f"1-{len(actions)}"


class QuitGame(Exception):
    """Raised inside the loop when the player leaves (``quit`` or end of input)."""


class PlaySession:
    """One game at the terminal. ``seats[i]`` is ``"human"`` or a bot spec for seat ``i``; an
    automa seat's entry is ignored (the plug-in's ``automa_kind`` is kept there, as records
    name it). The seats people and bots play are checked with ``match.Seating.build``."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        console: Console,
        read: InputFn,
        msgs: Messages,
        *,
        seed: int | None = None,
        save_path: str | None = None,
        delay: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
        pause: bool = False,
        plugin: TerminalPlugin | None = None,
    ) -> None:
        if len(seats) != game.num_players:
            raise ValueError(f"{len(seats)} seat kinds for a {game.num_players}-player game")
        self.game = game
        self.spec = game.spec
        self.plugin = plugin or plugin_for(self.spec.info.name)
        self.automa = frozenset(game.automa_seats)
        deciding = [k.strip().lower() for s, k in enumerate(seats) if s not in self.automa]
        seating = Seating.build(self.spec, mode=game.mode, kinds=deciding)
        kinds = iter(seating.kinds)
        # Per seat: "human", a bot spec or "automa" (what the plug-in's screens are told).
        self.kinds = [AUTOMA if s in self.automa else next(kinds) for s in range(len(seats))]
        self.console = console
        self.read = read
        self.msgs = msgs
        self.pause = pause
        self.seed = game.seed if seed is None else seed
        self.save_path = save_path
        self.delay = delay
        self.sleep = sleep
        self.bots = BotSeats(self.spec, seating.bots)
        self.bots.start(self.seed)
        self.humans = seating.humans
        self.last_human: int | None = None
        self.seen: dict[int | None, int] = {}  # log length each viewer has seen
        self.automa_shown = 0  # the log up to here holds no automa turn left to show

    @property
    def seats(self) -> list[str]:
        """Who plays each seat, as records say it."""
        automa = automa_kind_of(self.plugin)
        return [automa if kind == AUTOMA else kind for kind in self.kinds]

    # ------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play to the end (or until the player quits); returns the exit code (0)."""
        try:
            if not self.humans and self.delay <= 0:
                self.stream(0, None)  # the set-up (and an automa's first turn)
            while True:
                self.show_automa_turns()
                decision = self.game.decision()
                if decision is None:
                    break
                if self.bots.to_act(self.game) is not None:
                    self.bot_move(decision)
                else:
                    self.human_move(decision)
            self.finish()
        except QuitGame:
            return 0
        return 0

    def default_save_path(self) -> str:
        return self.save_path or f"iridescia-{self.seed}.json"

    # ------------------------------------------------------------ drawing

    def viewer_for_bots(self) -> int | None:
        """Whose screen to show while bots play: the only person's, else a spectator's."""
        return self.humans[0] if len(self.humans) == 1 else None

    def view_for(self, viewer: int | None) -> View:
        return self.game.view(viewer) if viewer is not None else self.game.spectator_view()

    def screen(self, viewer: int | None, log_end: int | None = None) -> Screen:
        """A screen for ``viewer``: its view, every seat's kind, the console's size and the
        latest log lines up to ``log_end`` (lines it has seen dimmed); the caller fills the
        rest (``dataclasses.replace``)."""
        view = self.view_for(viewer)
        log = self.game.log[:log_end]
        lines = game_log.log_lines(
            self.plugin,
            self.spec.events,
            log,
            viewer,
            view,
            self.msgs,
            max(self.console.height, 1),
            self.seen.get(viewer, 0),
        )
        return Screen(
            view=view,
            viewer=viewer,
            seat_kinds=tuple(self.kinds),
            width=self.console.width,
            height=terminal.screen_height(self.console, self.msgs),
            log=lines,
        )

    def show(self, screen: Screen) -> None:
        """Clear the terminal and draw ``screen`` (then, on a terminal too small for it, say
        so where it is still seen: under the screen, just above the prompt)."""
        self.console.clear()
        self.console.print(self.plugin.render(screen, self.msgs))
        terminal.size_warning(self.console, self.msgs)

    def draw(self, viewer: int | None, decision: Decision | None) -> None:
        view = self.view_for(viewer)
        actions: tuple[str, ...] = ()
        if decision is not None and decision.player == viewer:
            actions = tuple(self.plugin.action_label(a, view, self.msgs) for a in decision.actions)
        prompt = prompt_of(self.plugin, decision, view, self.msgs) if decision else None
        acting = decision.player if decision else None
        self.show(replace(self.screen(viewer), prompt=prompt, acting=acting, actions=actions))

    # ------------------------------------------------------------ bots

    def bot_move(self, decision: Decision) -> None:
        start = len(self.game.log)
        self.game.apply(self.bots.choose(self.game, decision.player))
        if not self.humans and self.delay <= 0:
            self.stream(start, None)
        elif self.delay > 0:
            self.draw(self.viewer_for_bots(), self.game.decision())
            self.sleep(self.delay)

    def stream(self, start: int, viewer: int | None) -> None:
        """Print the events from ``start`` as log lines (games of bots only, without a
        delay)."""
        view = self.view_for(viewer)
        for event in self.game.log[start:]:
            seen = game_log.visible(self.spec.events, event, viewer)
            if seen is not None:
                self.console.print(self.plugin.describe(seen, view, self.msgs))

    # ------------------------------------------------------------ automa seats

    def show_automa_turns(self) -> None:
        """Show each automa turn in the log not shown yet (see the module's docstring)."""
        log = self.game.log
        turns = game_log.automa_turns(self.spec.events, log, self.automa, self.automa_shown)
        self.automa_shown = len(log)
        if not turns or (not self.humans and self.delay <= 0):
            return  # a game of bots prints every event as it happens
        viewer = self.viewer_for_bots()
        view = self.view_for(viewer)
        for first, end in turns:
            steps = game_log.steps(self.spec.events, log, first, end, viewer)
            turn = automa_turn_of(self.plugin, log[first], view, self.msgs)
            if self.delay > 0:
                for k in range(1, len(steps) + 1):
                    self.draw_automa(first, steps[:k], turn.heading, turn.title)
                    self.sleep(self.spec.events.pause(steps[k - 1], self.delay))
            elif self.pause:
                self.draw_automa(first, steps, turn.heading, turn.title)
                try:
                    self.read(turn.prompt)
                except EOFError:
                    self.end_of_input()
            else:
                self.console.print(turn.header)
                for event in steps:
                    text = self.plugin.describe(event, view, self.msgs)
                    self.console.print(Text("  ").append_text(text))

    def draw_automa(self, first: int, steps: Sequence[Event], heading: str, title: str) -> None:
        """The screen of an automa's turn: the table now, the log before the turn, and the
        turn's steps so far."""
        viewer = self.viewer_for_bots()
        lines = steps_of(self.plugin, steps, self.view_for(viewer), self.msgs)
        screen = self.screen(viewer, first)
        self.show(replace(screen, heading=heading, steps=lines, steps_title=title))

    # ------------------------------------------------------------ people

    def human_move(self, decision: Decision) -> None:
        seat = decision.player
        if len(self.humans) >= 2 and seat != self.last_human and self.secrets_change_hands(seat):
            self.hand_off(seat)
        self.last_human = seat
        self.draw(seat, decision)
        self.seen[seat] = len(self.game.log)
        name = self.plugin.seat_name(seat, self.view_for(seat), self.msgs)
        prompt = self.msgs("prompt.action", seat=name, range=span(decision.actions))
        while True:
            try:
                line = self.read(prompt)
            except EOFError:
                self.end_of_input()
            if self.handle(line, seat, decision):
                return

    def secrets_change_hands(self, seat: int) -> bool:
        """Whether the keyboard passes a secret: the previous person's view or ``seat``'s shows
        something private (the plug-in's ``shows_secrets``). At an open table (Gem Rush's
        Crisis with open hands) people just take turns, without a hand-off screen."""
        viewers = [v for v in (self.last_human, seat) if v is not None]
        return any(shows_secrets_of(self.plugin, self.game.view(v)) for v in viewers)

    def hand_off(self, seat: int) -> None:
        self.console.clear()
        self.console.print()
        view = self.game.spectator_view()
        name = self.plugin.seat_name(seat, view, self.msgs)
        text = Text(self.msgs("prompt.handoff", seat=name), "bold")
        text.highlight_words([name], seat_style_of(self.plugin, seat, view))
        self.console.print(text)
        try:
            self.read("> ")
        except EOFError:
            self.end_of_input()

    def handle(self, line: str, seat: int, decision: Decision) -> bool:
        """Act on one input line; True once an action was applied."""
        text = line.strip()
        actions = decision.actions
        if not text:
            terminal.error(self.console, self.msgs("input.empty", range=span(actions)))
            return False
        word, _, rest = text.partition(" ")
        if word.lower() in COMMANDS:
            self.command(word.lower(), rest.strip(), seat, decision)
            return False
        action = self.pick(text, actions)
        if action is None:
            return False
        try:
            self.game.apply(action)
        except ValueError as exc:  # cannot happen for a listed action; never crash on it
            terminal.error(self.console, str(exc))
            return False
        return True

    def hint(self, actions: Sequence[Action]) -> str:
        return self.msgs("input.hint", range=span(actions), first=str(actions[0]))

    def pick(self, text: str, actions: Sequence[Action]) -> Action | None:
        """The action named by a number or a text among ``actions``, or None (with a message)."""
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(actions):
                return actions[n - 1]
            terminal.error(self.console, self.msgs("input.bad_number", n=n, range=span(actions)))
            return None
        try:
            action = self.spec.actions.parse(text)
        except InvalidActionError:
            terminal.error(
                self.console, self.msgs("input.unknown", text=text, hint=self.hint(actions))
            )
            return None
        if action not in actions:
            terminal.error(
                self.console, self.msgs("input.illegal", text=text, hint=self.hint(actions))
            )
            return None
        return action

    def command(self, word: str, arg: str, seat: int, decision: Decision) -> None:
        msgs = self.msgs
        if word == "help":
            typing, legend = help_of(self.plugin, msgs)
            parts = [typing, msgs("help.commands", path=self.default_save_path())]
            self.console.print("\n".join(p for p in (*parts, legend) if p), markup=False)
        elif word == "log":
            self.show_log(seat, int(arg) if arg.isdigit() else 40)
        elif word == "redraw":
            self.draw(seat, decision)
        elif word == "save":
            self.save(arg or self.default_save_path())
        else:
            path = terminal.ask_save_path(self.read, self.default_save_path(), msgs)
            if path is not None:
                self.save(path)
            terminal.info(self.console, msgs("quit.done"))
            raise QuitGame

    def show_log(self, viewer: int, count: int) -> None:
        log = self.game.log
        view = self.game.view(viewer)
        texts = game_log.log_lines(
            self.plugin, self.spec.events, log, viewer, view, self.msgs, max(1, count)
        )
        terminal.info(self.console, self.msgs("log.more", n=len(texts), total=len(log)))
        for text in texts:
            self.console.print(text)

    def save(self, path: str) -> bool:
        record = self.game.record(with_hashes=True, seats=tuple(self.seats))
        return terminal.save_record(record, path, self.console, self.msgs)

    def end_of_input(self) -> NoReturn:
        terminal.info(self.console, self.msgs("input.ended"))
        if self.save_path:
            self.save(self.save_path)
        raise QuitGame

    # ------------------------------------------------------------ the end

    def finish(self) -> None:
        """The final screen (the plug-in's: scores, winners); saves if ``save_path`` is set."""
        screen = self.screen(None)
        if self.humans:
            self.console.clear()
        self.console.print(final_screen_of(self.plugin, screen, self.game, self.msgs))
        terminal.size_warning(self.console, self.msgs)
        if self.save_path:
            self.save(self.save_path)
