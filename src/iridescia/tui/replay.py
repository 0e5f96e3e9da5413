"""Step through a saved game record: the spectator's board and log after each action.

``ReplaySession(record, console, read, msgs).run()`` shows step 0 (the set-up game), then reads
one line per screen: Enter for the next action, ``b`` to go back one, a number to jump to that
step (0 .. number of actions), ``q`` to quit. At the last step the final scores are shown.
Going forward applies one action; going back or jumping replays the record from the start with
``Game.from_record(record, upto=step)`` (which also checks the record's stored hashes).

The whole record is replayed once when the session is created, so a record whose actions do not
replay is refused before anything is shown (``RecordError``). In a game with the Rhom, a step
whose action ended in Rhom turns lists the Rhom's steps beside the board.
"""

from __future__ import annotations

from rich.console import Console, Group
from rich.text import Text

from iridescia.core.errors import RecordError
from iridescia.core.record import GameRecord
from iridescia.games.iridescia.game import Game
from iridescia.games.iridescia.state import Event
from iridescia.tui import terminal
from iridescia.tui.events import rhom_turns, shown_in_log
from iridescia.tui.messages import Messages
from iridescia.tui.panels import result_line, scores_table
from iridescia.tui.screen import Frame, render, render_final
from iridescia.tui.terminal import InputFn

BACK = ("b", "back")
QUIT = ("q", "quit", "exit")
NEXT = ("", "n", "next")


class ReplaySession:
    """A record and a cursor over its steps (0 = before the first action)."""

    def __init__(self, record: GameRecord, console: Console, read: InputFn, msgs: Messages):
        self.record = record
        self.console = console
        self.read = read
        self.total = len(record.actions)
        Game.from_record(record)  # RecordError if any action fails to replay
        self.game = Game.from_record(record, upto=0)
        self.msgs = msgs.with_rhom(self.game.rhom_seat)
        self.step = 0
        self.previous_log = 0  # step 0: the set-up (and the Rhom's first turn) is all new

    def goto(self, step: int) -> None:
        """Move the cursor to ``step`` (clamped to the record)."""
        step = max(0, min(self.total, step))
        self.previous_log = len(self.game.log) if step == self.step + 1 else 0
        if step == self.step + 1:
            text = self.record.actions[self.step]
            try:
                self.game.apply(text)
            except ValueError as exc:  # checked at start; kept for files changed meanwhile
                raise RecordError(f"action {step} ({text!r}) does not replay: {exc}") from exc
        elif step != self.step:
            self.game = Game.from_record(self.record, upto=step)
            self.previous_log = len(self.game.log)
        self.step = step

    def note(self) -> str:
        if self.step >= self.total:
            return self.msgs("replay.end")
        decision = self.game.decision()
        seat = decision.player if decision else -1
        nxt = self.msgs(
            "replay.next", seat=self.msgs.seat(seat), action=self.record.actions[self.step]
        )
        return f"{nxt}\n({decision.prompt})" if decision else nxt

    def who(self) -> list[str]:
        n = self.game.num_players
        seats = list(self.record.seats)[:n]
        seats += [""] * (n - len(seats))
        rhom = self.game.rhom_seat
        if rhom is not None:
            seats[rhom] = self.msgs("kind.rhom")
        return seats

    def rhom_steps(self) -> tuple[int | None, list[Event]]:
        """The number and the steps of the last Rhom turn among the new events, if any."""
        log = self.game.log
        turns = rhom_turns(log, len(log) - self.new_events())
        if not turns:
            return None, []
        first, end = turns[-1]
        steps = [e for e in log[first + 1 : end] if shown_in_log(e)]
        return int(log[first].data.get("number", 0)), steps

    def new_events(self) -> int:
        return len(self.game.log) - self.previous_log

    def draw(self) -> None:
        game = self.game
        decision = game.decision()
        number, steps = self.rhom_steps()
        frame = Frame(
            view=game.spectator_view(),
            who=self.who(),
            events=game.log,
            viewer=None,
            heading=self.msgs("title.replay", step=self.step, total=self.total),
            acting=decision.player if decision else None,
            note=self.note(),
            new_events=self.new_events(),
            steps=tuple(steps),
            steps_title=None if number is None else self.msgs("panel.rhom_turn", number=number),
        )
        self.console.clear()
        if self.step >= self.total and game.is_terminal():
            scores = game.scores()
            table = scores_table(scores, game.ranking(), self.msgs, self.who())
            line = result_line(game.winners(), scores, self.msgs)
            results = Group(table, line, Text(frame.note or "", "bold"))
            self.console.print(render_final(frame, self.msgs, results, self.console.width))
        else:
            self.console.print(render(frame, self.msgs, self.console.width))

    def run(self) -> int:
        """Step until ``q`` or the end of input; returns the exit code (0)."""
        rec = self.record
        terminal.info(
            self.console,
            self.msgs("replay.start", players=rec.players, seed=rec.seed, total=self.total),
        )
        redraw = True
        while True:
            if redraw:
                self.draw()
            redraw = True
            try:
                line = self.read(self.msgs("prompt.replay")).strip().lower()
            except EOFError:
                return 0
            if line in QUIT:
                return 0
            if line in NEXT:
                if self.step >= self.total:
                    terminal.info(self.console, self.msgs("replay.end"))
                    redraw = False
                else:
                    self.goto(self.step + 1)
            elif line in BACK:
                if self.step == 0:
                    terminal.info(self.console, self.msgs("replay.at_start"))
                    redraw = False
                else:
                    self.goto(self.step - 1)
            elif line.isdigit():
                self.goto(int(line))
            else:
                terminal.error(self.console, self.msgs("replay.bad", total=self.total))
                redraw = False
