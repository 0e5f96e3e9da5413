"""The play loop: human seats at one terminal (hot seat) and bot seats, to the final scores.

``PlaySession(game, seats, console, read, msgs).run()`` plays until the game ends or a player
quits. Each human decision draws the acting seat's screen (its view: its own objectives, the log
redacted for it) and reads one line: an action number, an action text, or a command (``help``,
``log [N]``, ``redraw``, ``save [path]``, ``quit``). Bad input gets a message and a new prompt;
the game only changes through ``Game.apply`` of a legal action. When the turn passes between two
different human seats the screen is cleared and the next player is asked to take the keyboard,
so private information is not left on screen. Bots choose from their seat's view only.

The Rhom automa (solo, or the variant) has a seat whose kind is ``"rhom"``: it never gets a
prompt, since the engine plays its whole turn inside ``apply``. Before the next decision the
session shows each Rhom turn it has not shown yet, from the events in the log: with ``delay``
the Rhom's steps appear one by one (a redraw and a pause per step); else with ``pause`` (the
command line sets it when stdin is a terminal) one screen lists its steps and waits for Enter;
else (piped input) its steps are printed as lines and play goes on, so a script needs no extra
lines for the Rhom.

The session uses only the engine's public API (``decision``, ``apply``, ``view``, ``log``,
``scores``, ``ranking``, ``winners``, ``record``), never the game state.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import NoReturn

from rich.console import Console, Group
from rich.text import Text

from iridescia.bots import Bot, make_bot
from iridescia.core.rng import Rng
from iridescia.games.iridescia.actions import Action
from iridescia.games.iridescia.actions import parse as parse_action
from iridescia.games.iridescia.game import Decision, Game
from iridescia.games.iridescia.state import Event
from iridescia.tui import terminal, theme
from iridescia.tui.events import event_text, log_texts, rhom_turns, shown_in_log
from iridescia.tui.messages import Messages
from iridescia.tui.panels import result_line, scores_table
from iridescia.tui.screen import Frame, render, render_final
from iridescia.tui.terminal import InputFn

HUMAN = "human"
RHOM = "rhom"
COMMANDS = ("help", "log", "redraw", "save", "quit", "exit")


def span(actions: Sequence[object]) -> str:
    """The numbers a player may type: ``1`` or ``1-N``."""
    return "1" if len(actions) == 1 else f"1-{len(actions)}"


class QuitGame(Exception):
    """Raised inside the loop when the player leaves (``quit`` or end of input)."""


class PlaySession:
    """One game at the terminal. ``seats[i]`` is ``"human"`` or a bot name for seat ``i``
    (the Rhom's seat, if any, is always ``"rhom"``, whatever ``seats`` says there)."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        console: Console,
        read: InputFn,
        msgs: Messages,
        *,
        seed: int,
        save_path: str | None = None,
        delay: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
        pause: bool = False,
    ) -> None:
        if len(seats) != game.num_players:
            raise ValueError(f"{len(seats)} seat kinds for a {game.num_players}-player game")
        self.game = game
        self.seats = list(seats)
        self.rhom = game.rhom_seat
        if self.rhom is not None:
            self.seats[self.rhom] = RHOM
        self.console = console
        self.read = read
        self.msgs = msgs.with_rhom(self.rhom)
        self.pause = pause
        self.seed = seed
        self.save_path = save_path
        self.delay = delay
        self.sleep = sleep
        self.bots: dict[int, Bot] = {
            i: make_bot(kind) for i, kind in enumerate(self.seats) if kind not in (HUMAN, RHOM)
        }
        self.bot_rngs = {i: Rng(seed * 16 + i + 1) for i in self.bots}
        self.humans = [i for i, kind in enumerate(self.seats) if kind == HUMAN]
        self.last_human: int | None = None
        self.seen: dict[int | None, int] = {}  # log length each viewer has seen
        self.rhom_shown = 0  # the log up to here holds no Rhom turn left to show

    # ------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play to the end (or until the player quits); returns the exit code (0)."""
        try:
            if not self.humans and self.delay <= 0:
                self.stream(0, None)  # the set-up (and the Rhom's first turn)
            while True:
                self.show_rhom_turns()
                decision = self.game.decision()
                if decision is None:
                    break
                if decision.player in self.bots:
                    self.bot_move(decision)
                else:
                    self.human_move(decision)
            self.finish()
        except QuitGame:
            return 0
        return 0

    def default_save_path(self) -> str:
        return self.save_path or f"iridescia-{self.seed}.json"

    def record_seats(self) -> tuple[str, ...]:
        return tuple(self.seats)

    def who(self) -> list[str]:
        """Who plays each seat, as the players table shows it."""
        return [self.msgs("kind.rhom") if kind == RHOM else kind for kind in self.seats]

    # ------------------------------------------------------------ drawing

    def viewer_for_bots(self) -> int | None:
        """Whose screen to show while bots play: the only human's, else a spectator's."""
        return self.humans[0] if len(self.humans) == 1 else None

    def draw(self, viewer: int | None, decision: Decision | None) -> None:
        game = self.game
        view = game.view(viewer) if viewer is not None else game.spectator_view()
        actions: tuple[str, ...] = ()
        if decision is not None and decision.player == viewer:
            actions = tuple(str(a) for a in decision.actions)
        frame = Frame(
            view=view,
            who=self.who(),
            events=game.log,
            viewer=viewer,
            prompt=decision.prompt if decision else None,
            acting=decision.player if decision else None,
            actions=actions,
            new_events=len(game.log) - self.seen.get(viewer, 0),
        )
        self.console.clear()
        self.console.print(render(frame, self.msgs, self.console.width))

    # ------------------------------------------------------------ bots

    def bot_move(self, decision: Decision) -> None:
        seat = decision.player
        view = self.game.view(seat)
        action = self.bots[seat].choose(view, list(decision.actions), self.bot_rngs[seat])
        start = len(self.game.log)
        self.game.apply(action)
        if not self.humans and self.delay <= 0:
            self.stream(start, None)
        elif self.delay > 0:
            self.draw(self.viewer_for_bots(), self.game.decision())
            self.sleep(self.delay)

    def stream(self, start: int, viewer: int | None) -> None:
        """Print the events from ``start`` as log lines (all-bot games without a delay)."""
        n = self.game.num_players
        for event in self.game.log[start:]:
            if shown_in_log(event):
                self.console.print(event_text(event, viewer, self.msgs, n))

    # ------------------------------------------------------------ the Rhom

    def show_rhom_turns(self) -> None:
        """Show each Rhom turn in the log not shown yet (see the module's docstring)."""
        log = self.game.log
        turns = rhom_turns(log, self.rhom_shown)
        self.rhom_shown = len(log)
        if not turns or (not self.humans and self.delay <= 0):
            return  # an all-bot game prints every event as it happens
        for first, end in turns:
            steps = [e for e in log[first + 1 : end] if shown_in_log(e)]
            if self.delay > 0:
                for k in range(1, len(steps) + 1):
                    self.draw_rhom(first, steps[:k])
                    self.sleep(self.delay)
            elif self.pause:
                self.draw_rhom(first, steps)
                try:
                    self.read(self.msgs("prompt.rhom"))
                except EOFError:
                    self.end_of_input()
            else:
                number = log[first].data.get("number", "?")
                head = Text(self.msgs("rhom.turn_header", number=number), "bold")
                head.stylize(theme.RHOM_STYLE, 0, len(self.msgs("seat.rhom")))
                self.console.print(head)
                viewer = self.viewer_for_bots()
                for event in steps:
                    self.console.print(
                        Text("  ").append_text(
                            event_text(event, viewer, self.msgs, self.game.num_players)
                        )
                    )

    def draw_rhom(self, first: int, steps: Sequence[Event]) -> None:
        """The screen of a Rhom turn: the board now, the log before the turn at left and the
        Rhom's steps so far at right."""
        game = self.game
        viewer = self.viewer_for_bots()
        view = game.view(viewer) if viewer is not None else game.spectator_view()
        number = game.log[first].data.get("number", "?")
        before = game.log[:first]
        frame = Frame(
            view=view,
            who=self.who(),
            events=before,
            viewer=viewer,
            heading=self.msgs("title.rhom", turn=number),
            new_events=max(0, len(before) - self.seen.get(viewer, 0)),
            steps=tuple(steps),
            steps_title=self.msgs("panel.rhom_turn", number=number),
        )
        self.console.clear()
        self.console.print(render(frame, self.msgs, self.console.width))

    # ------------------------------------------------------------ humans

    def human_move(self, decision: Decision) -> None:
        seat = decision.player
        if len(self.humans) >= 2 and seat != self.last_human:
            self.hand_off(seat)
        self.last_human = seat
        self.draw(seat, decision)
        self.seen[seat] = len(self.game.log)
        prompt = self.msgs("prompt.action", seat=self.msgs.seat(seat), range=span(decision.actions))
        while True:
            try:
                line = self.read(prompt)
            except EOFError:
                self.end_of_input()
            if self.handle(line, seat, decision):
                return

    def hand_off(self, seat: int) -> None:
        self.console.clear()
        self.console.print()
        text = Text(self.msgs("prompt.handoff", seat=self.msgs.seat(seat)), "bold")
        text.highlight_words([self.msgs.seat(seat)], theme.seat_style(seat, self.msgs.rhom))
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
            action = parse_action(text)
        except ValueError:
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
            self.console.print(msgs("help", path=self.default_save_path()), markup=False)
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
        texts = log_texts(log, viewer, self.msgs, self.game.num_players, max(1, count))
        terminal.info(self.console, self.msgs("log.more", n=len(texts), total=len(log)))
        for text in texts:
            self.console.print(text)

    def save(self, path: str) -> bool:
        record = self.game.record(with_hashes=True, seats=self.record_seats())
        return terminal.save_record(record, path, self.console, self.msgs)

    def end_of_input(self) -> NoReturn:
        terminal.info(self.console, self.msgs("input.ended"))
        if self.save_path:
            self.save(self.save_path)
        raise QuitGame

    # ------------------------------------------------------------ the end

    def finish(self) -> None:
        """The final board, the score breakdown and the winners (in solo: "You win", "The Rhom
        wins" or "Draw"); saves if ``--save`` was given."""
        game = self.game
        msgs = self.msgs
        who = [msgs("kind.human") if k == HUMAN else k for k in self.seats]
        scores = game.scores()
        table = scores_table(scores, game.ranking(), msgs, who)
        line = result_line(game.winners(), scores, msgs)
        frame = Frame(view=game.spectator_view(), who=self.who(), events=game.log, viewer=None)
        if self.humans:
            self.console.clear()
        self.console.print(render_final(frame, msgs, Group(table, line), self.console.width))
        if self.save_path:
            self.save(self.save_path)
