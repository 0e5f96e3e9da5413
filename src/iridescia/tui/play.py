"""The play loop, for any game: people at one terminal (hot seat) and bots, to the final screen.

``PlaySession(game, seats, console, read, msgs).run()`` plays until the game ends or a player
leaves. Each decision of a person draws the acting seat's screen (its view, the log redacted
for it) and reads a line: an action's number or text (``tui.lines.read_action``; a refusal
says the engine's reason), a panel's key, or a command (``help``, ``log [N]``, ``undo``,
``hint``, ``redraw``, ``save [path]``, ``quit``). The game changes only through ``Game.apply``
of a legal action (or ``undo``, under the events' ``undoable`` rule). When the keyboard passes
between people and a view holds secrets, an empty hand-off screen comes between them. Bots play
through ``match.BotSeats`` from their seat's view only, with a spinner while they think.

Automa seats (the Rhom) never get a prompt: the engine plays their turns inside ``apply``; the
session shows each new automa turn: step by step with ``delay`` (each step as long as the
catalogue's pause says), else on one screen that waits for Enter (``pause``), else (piped
input) as lines. Everything drawn that belongs to one game comes from its terminal plug-in.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import NoReturn

from rich.console import Console, Group, RenderableType
from rich.text import Text

from iridescia.bots import make_bot
from iridescia.core.actions import Action
from iridescia.core.events import Event
from iridescia.core.game import Decision, Game, View
from iridescia.core.record import GameRecord
from iridescia.match import AUTOMA, BotSeats, Seating
from iridescia.tui import log as game_log
from iridescia.tui import terminal
from iridescia.tui.display import Display
from iridescia.tui.frame import HELP, LOG, Framed
from iridescia.tui.games import plugin_for
from iridescia.tui.lines import help_lines, hint_for, log_lines_for, read_action, span
from iridescia.tui.messages import Messages
from iridescia.tui.plugin import (
    Screen,
    TerminalPlugin,
    automa_kind_of,
    automa_turn_of,
    final_screen_of,
    panels_of,
    prompt_of,
    seat_style_of,
    shows_secrets_of,
    steps_of,
)
from iridescia.tui.terminal import ERROR_STYLE, INFO_STYLE, InputFn

COMMANDS = ("help", "log", "redraw", "save", "undo", "hint", "quit", "exit")
Autosave = Callable[[GameRecord, bool], None]  # (record, finished): keep the game safe


class QuitGame(Exception):
    """Raised inside the loop when the player leaves (``quit`` or end of input)."""


@dataclass(frozen=True, slots=True)
class Taken:
    """One person's action that ``undo`` may take back: the game just before it."""

    seat: int
    before: Game
    log_length: int
    undoable: bool


class PlaySession(Framed):
    """One game at the terminal. ``seats[i]`` is ``"human"`` or a bot spec for seat ``i``; an
    automa seat's entry is ignored (the plug-in's ``automa_kind`` is kept there, as records
    name it). The seats people and bots play are checked with ``match.Seating.build``.

    ``autosave(record, finished)``, when given, is called after every change of a game that
    people play, so a game is never lost (``tui.saves``); ``save_path`` is where ``save``
    writes by default (and, when set, where the game is also saved as it ends)."""

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
        display: Display | None = None,
        autosave: Autosave | None = None,
        resume_hint: str | None = None,
        hints: str | None = None,
    ) -> None:
        if len(seats) != game.num_players:
            raise ValueError(f"{len(seats)} seat kinds for a {game.num_players}-player game")
        super().__init__(console, msgs, plugin or plugin_for(game.spec.info.name), read, display)
        self.game = game
        self.spec = game.spec
        self.automa = frozenset(game.automa_seats)
        deciding = [k.strip().lower() for s, k in enumerate(seats) if s not in self.automa]
        seating = Seating.build(self.spec, mode=game.mode, kinds=deciding)
        kinds = iter(seating.kinds)
        # Per seat: "human", a bot spec or "automa" (what the plug-in's screens are told).
        self.kinds = [AUTOMA if s in self.automa else next(kinds) for s in range(len(seats))]
        self.pause = pause
        self.seed = game.seed if seed is None else seed
        self.save_path = save_path
        self.goodbye: list[str] = []  # said on the normal screen once the window closes
        self.final: RenderableType | None = None  # the final screen, printed again there
        self.delay = delay
        self.sleep = sleep
        self.bots = BotSeats(self.spec, seating.bots)
        self.bots.start(self.seed)
        self.humans = seating.humans
        self.last_human: int | None = None
        self.seen: dict[int | None, int] = {}  # log length each viewer has seen
        self.automa_shown = 0  # the log up to here holds no automa turn left to show
        self.taken: list[Taken] = []  # this turn's actions that undo may take back
        self.autosave = autosave
        self.resume_hint = resume_hint  # how to pick the game up again, said on leaving
        self.saved_at = -1  # the number of actions when the game was last saved by hand
        # ``hint`` (when the table allows hints): this bot's choice from the seat's view.
        self.hints = make_bot(hints, self.spec) if hints else None

    @property
    def seats(self) -> list[str]:
        """Who plays each seat, as records say it."""
        automa = automa_kind_of(self.plugin)
        return [automa if kind == AUTOMA else kind for kind in self.kinds]

    # ------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play to the end (or until the player quits); returns the exit code (0, 130 after
        Ctrl+C)."""
        code = 0
        with self.display:
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
                pass
            except KeyboardInterrupt:
                self.leave(self.msgs("input.interrupted"))
                code = 130  # still say goodbye (and how to pick the game up) below
        self.farewell()
        return code

    def default_save_path(self) -> str:
        return self.save_path or f"iridescia-{self.seed}.json"

    def record(self) -> GameRecord:
        return self.game.record(with_hashes=True, seats=tuple(self.seats))

    def keep(self) -> None:
        """Autosave the game as it is now (games people play)."""
        if self.autosave is not None and self.humans:
            self.autosave(self.record(), self.game.is_terminal())

    # ------------------------------------------------------------ drawing

    def viewer_for_bots(self) -> int | None:
        """Whose screen to show while bots play: the only person's, else a spectator's."""
        return self.humans[0] if len(self.humans) == 1 else None

    def view_for(self, viewer: int | None) -> View:
        return self.game.view(viewer) if viewer is not None else self.game.spectator_view()

    def screen(self, viewer: int | None, log_end: int | None = None) -> Screen:
        """A screen for ``viewer``: its view, every seat's kind, the window's size and layout,
        the open panel and the latest log lines up to ``log_end`` (lines it has seen dimmed);
        the caller fills the rest (``dataclasses.replace``)."""
        view = self.view_for(viewer)
        size = self.size()
        lines = game_log.log_lines(
            self.plugin,
            self.spec.events,
            self.game.log[:log_end],
            viewer,
            view,
            self.msgs,
            max(size.height, 1),
            self.seen.get(viewer, 0),
        )
        return Screen(
            view=view,
            viewer=viewer,
            seat_kinds=tuple(self.kinds),
            width=size.width,
            height=size.height,
            compact=size.compact,
            panel=self.panel,
            log=lines,
        )

    def draw(self, viewer: int | None, decision: Decision | None) -> None:
        view = self.view_for(viewer)
        actions: tuple[str, ...] = ()
        texts: tuple[str, ...] = ()
        if decision is not None and decision.player == viewer:
            actions = tuple(self.plugin.action_label(a, view, self.msgs) for a in decision.actions)
            texts = tuple(str(a) for a in decision.actions)
        prompt = prompt_of(self.plugin, decision, view, self.msgs) if decision else None
        acting = decision.player if decision else None
        screen = replace(
            self.screen(viewer), prompt=prompt, acting=acting, actions=actions, action_texts=texts
        )
        self.show(self.plugin.render(screen, self.msgs))

    # ------------------------------------------------------------ bots

    def bot_move(self, decision: Decision) -> None:
        start = len(self.game.log)
        seat = decision.player
        if self.humans and self.delay <= 0 and self.display.live:
            viewer = self.viewer_for_bots()
            self.draw(viewer, decision)
            name = self.plugin.seat_name(seat, self.view_for(viewer), self.msgs)
            thinking = self.msgs("bot.thinking", seat=name, bot=self.kinds[seat])
            with self.display.thinking(thinking):
                action = self.bots.choose(self.game, seat)
        else:
            action = self.bots.choose(self.game, seat)
        self.game.apply(action)
        self.taken.clear()
        self.keep()
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
                draw = partial(self.draw_automa, first, steps, turn.heading, turn.title)
                if self.ask(draw, turn.prompt) is None:
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
        screen = replace(self.screen(viewer, first), panel=None)
        screen = replace(screen, heading=heading, steps=lines, steps_title=title)
        self.show(self.plugin.render(screen, self.msgs))

    # ------------------------------------------------------------ people

    def human_move(self, decision: Decision) -> None:
        seat = decision.player
        if len(self.humans) >= 2 and seat != self.last_human and self.secrets_change_hands(seat):
            self.hand_off(seat)
        if seat != self.last_human:
            self.message = None
            self.panel = None
        self.last_human = seat
        name = self.plugin.seat_name(seat, self.view_for(seat), self.msgs)
        prompt = self.msgs("prompt.action", seat=name, range=span(decision.actions))
        while True:
            line = self.ask(lambda: self.draw(seat, decision), prompt)
            if line is None:
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
        """An empty screen (and no scrollback) that asks the next person to take over."""
        view = self.game.spectator_view()
        name = self.plugin.seat_name(seat, view, self.msgs)
        text = Text(self.msgs("prompt.handoff", seat=name), "bold")
        text.highlight_words([name], seat_style_of(self.plugin, seat, view))
        if self.ask(lambda: self.display.draw(Group(Text(""), text), [], 2), "> ") is None:
            self.end_of_input()

    def handle(self, line: str, seat: int, decision: Decision) -> bool:
        """Act on one input line; True once the game changed (an action, or an undo)."""
        text = line.strip()
        actions = decision.actions
        if not text:
            if self.next_page():
                pass
            elif self.panel is not None:
                self.message = None
                self.open_panel(None)
            else:
                self.error(self.msgs("input.empty", range=span(actions)))
            return False
        word, _, rest = text.partition(" ")
        keys = {p.key for p in panels_of(self.plugin, self.view_for(seat), self.msgs)}
        if word.lower() in COMMANDS:
            return self.command(word.lower(), rest.strip(), seat)
        if text.lower() in keys:
            self.open_panel(text.lower())
            self.message = None
            return False
        action = self.pick(text, actions)
        if action is None:
            return False
        before = self.game.clone()
        log_length = len(self.game.log)
        try:
            events = self.game.apply(action)
        except ValueError as exc:  # cannot happen for a listed action; never crash on it
            self.error(str(exc))
            return False
        undoable = self.spec.events.undoable(events)
        self.taken.append(Taken(seat, before, log_length, undoable))
        self.message = None
        self.panel = None
        self.keep()
        return True

    def pick(self, text: str, actions: Sequence[Action]) -> Action | None:
        """The action named by a number or a text among ``actions``, or None (with a message
        that says why it cannot be played)."""
        chosen = read_action(text, actions, self.game, self.plugin, self.msgs)
        if isinstance(chosen, str):
            self.error(chosen)
            return None
        return chosen

    def command(self, word: str, arg: str, seat: int) -> bool:
        """Carry out a command; True when it changed the game (``undo``)."""
        msgs = self.msgs
        self.message = None
        if word == "help":
            view = self.view_for(seat)
            self.help_lines = help_lines(self.plugin, view, msgs, self.default_save_path())
            self.open_panel(HELP)
            self.say(msgs("panel.close"))
        elif word == "log":
            count = int(arg) if arg.isdigit() and len(arg) < 6 else 40
            self.log_lines = log_lines_for(self.game, self.plugin, seat, msgs, count)
            self.open_panel(LOG)
            self.say(msgs("panel.close"))
        elif word == "redraw":
            self.open_panel(None)
        elif word == "save":
            self.save(arg or self.default_save_path())
        elif word == "undo":
            return self.undo(seat)
        elif word == "hint":
            self.hint(seat)
        else:
            self.quit()
        return False

    def hint(self, seat: int) -> None:
        """Say what the hint bot would play now, from ``seat``'s view (if hints are on)."""
        decision = self.game.decision()
        if self.hints is None or decision is None:
            self.error(self.msgs("hint.off"))
            return
        with self.display.thinking(self.msgs("hint.thinking")):
            self.say(hint_for(self.hints, self.game, seat, self.seed, self.plugin, self.msgs))

    # ------------------------------------------------------------ undo

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s latest action of this turn, when the rules allow it: never
        across a reveal, roll, draw or another seat's action (the events' ``undoable``)."""
        if not self.taken:
            self.error(self.msgs("undo.nothing"))
            return False
        last = self.taken[-1]
        if last.seat != seat or not last.undoable:
            self.error(self.msgs("undo.refused"))
            return False
        self.taken.pop()
        log = self.game.log[: last.log_length]
        self.game = last.before
        self.game.log = log
        self.seen[seat] = min(self.seen.get(seat, 0), len(log))
        self.automa_shown = min(self.automa_shown, len(log))
        self.keep()
        self.panel = None
        self.say(self.msgs("undo.done"))
        return True

    # ------------------------------------------------------------ leaving

    def save(self, path: str) -> bool:
        ok, message = terminal.save_record(self.record(), path, self.msgs)
        self.say(message, INFO_STYLE if ok else ERROR_STYLE)
        if ok:
            self.saved_at = len(self.game.history())
        return ok

    def quit(self) -> NoReturn:
        """Leave the game: it is kept (autosave), else the player is asked whether to save
        it, unless it was saved since its last action."""
        asked = self.autosave is None and self.saved_at != len(self.game.history())
        if asked:
            path = terminal.ask_save_path(self.read, self.default_save_path(), self.msgs)
            if path is not None:
                self.save(path)
        self.leave(self.msgs("quit.done"), asked=asked)
        raise QuitGame

    def end_of_input(self) -> NoReturn:
        self.leave(self.msgs("input.ended"))
        raise QuitGame

    def leave(self, why: str, asked: bool = False) -> None:
        """Keep the unfinished game and say how to pick it up again (after the session's
        window is closed: ``farewell``). Unless the player was just asked, a game left
        without a word (end of input, Ctrl+C) is also saved to ``save_path`` if set."""
        if self.save_path and not asked:
            self.save(self.save_path)
        self.keep()
        self.goodbye.append(why)
        if self.autosave is not None and self.humans and self.resume_hint:
            self.goodbye.append(self.resume_hint)

    def farewell(self) -> None:
        """Lines printed on the normal screen once the session's window is closed."""
        if self.final is not None and self.display.live:
            self.console.print(self.final)
        for line in self.goodbye:
            terminal.info(self.console, line)

    # ------------------------------------------------------------ the end

    def finish(self) -> None:
        """The final screen (the plug-in's: scores, winners); saves if ``save_path`` is set.
        On a terminal the screen stays until Enter, then its scores are printed again on the
        normal screen (where the session's window was)."""
        self.keep()
        screen = replace(self.screen(None), panel=None)
        final = final_screen_of(self.plugin, screen, self.game, self.msgs)
        if self.save_path:
            self.save(self.save_path)
        if not self.display.live:
            self.console.print(final)
            return
        while self.humans:
            # A final screen taller than the window is read page by page.
            self.help_lines = self.display.lines_of(final)
            self.panel = HELP
            if self.ask(lambda: self.show(final), self.msgs("prompt.leave")) is None:
                break
            if not self.next_page():
                break
        self.final = final
