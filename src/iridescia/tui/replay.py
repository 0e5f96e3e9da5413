"""Step through a saved game record, of any game: the spectator's table and log after each step.

``ReplaySession(record, console, read, msgs).run()`` shows step 0 (the set-up game), then reads
one line per screen: Enter for the next action, ``b`` to go back one, a number to jump to that
step (0 .. number of actions), ``q`` to quit. At the last step the final screen is shown.
Going forward applies one action; going back or jumping replays the record from the start with
``spec.from_record(record, upto=step)`` (which also checks the record's stored hashes).

The game comes from the record (``record.game``, looked up in ``iridescia.games``), and its
drawing from that game's terminal plug-in. The whole record is replayed once when the session
is created, so a record whose actions do not replay is refused before anything is shown
(``RecordError``). A step whose action ended in automa turns (the Rhom's) lists the last of
them beside the table.
"""

from __future__ import annotations

from dataclasses import replace

from rich.console import Console
from rich.text import Text

from iridescia.core.errors import RecordError
from iridescia.core.record import GameRecord
from iridescia.games import get as get_game
from iridescia.match import AUTOMA
from iridescia.tui import log as game_log
from iridescia.tui import terminal
from iridescia.tui.display import Display, Resized
from iridescia.tui.frame import LOG, Framed
from iridescia.tui.games import plugin_for
from iridescia.tui.messages import Messages
from iridescia.tui.plugin import (
    Screen,
    TerminalPlugin,
    automa_turn_of,
    final_screen_of,
    panels_of,
    prompt_of,
    steps_of,
)
from iridescia.tui.terminal import InputFn

BACK = ("b", "back")
QUIT = ("q", "quit", "exit")
NEXT = ("", "n", "next")


class ReplaySession(Framed):
    """A record and a cursor over its steps (0 = before the first action)."""

    def __init__(
        self,
        record: GameRecord,
        console: Console,
        read: InputFn,
        msgs: Messages,
        plugin: TerminalPlugin | None = None,
        display: Display | None = None,
    ):
        super().__init__(console, msgs, plugin or plugin_for(record.game), read, display)
        self.record = record
        self.spec = get_game(record.game)
        self.total = len(record.actions)
        self.spec.from_record(record)  # RecordError if any action fails to replay
        self.game = self.spec.from_record(record, upto=0)
        self.automa = frozenset(self.game.automa_seats)
        self.step = 0
        self.previous_log = 0  # step 0: the set-up (and an automa's first turn) is all new

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
            self.game = self.spec.from_record(self.record, upto=step)
            self.previous_log = len(self.game.log)
        self.step = step

    def note(self) -> str:
        if self.step >= self.total:
            return self.msgs("replay.end")
        decision = self.game.decision()
        seat = decision.player if decision else -1
        view = self.game.spectator_view()
        name = self.plugin.seat_name(seat, view, self.msgs)
        action = self.record.actions[self.step]
        nxt = self.msgs("tui.replay.next", seat=name, action=action)
        if decision is None:
            return nxt
        return f"{nxt}\n({prompt_of(self.plugin, decision, view, self.msgs)})"

    def seat_kinds(self) -> list[str]:
        """Who played each seat, as the record says (automa seats: ``"automa"``)."""
        n = self.game.num_players
        seats = list(self.record.seats)[:n]
        seats += [""] * (n - len(seats))
        return [AUTOMA if s in self.automa else kind for s, kind in enumerate(seats)]

    def new_events(self) -> int:
        return len(self.game.log) - self.previous_log

    def screen(self) -> Screen:
        """The spectator's screen at the cursor, with the last automa turn among the new
        events, if any."""
        game = self.game
        view = game.spectator_view()
        log = game.log
        new_from = len(log) - self.new_events()
        decision = game.decision()
        size = self.size()
        screen = Screen(
            view=view,
            viewer=None,
            seat_kinds=tuple(self.seat_kinds()),
            width=size.width,
            height=size.height,
            compact=size.compact,
            panel=self.panel,
            heading=self.msgs("title.replay", step=self.step, total=self.total),
            acting=decision.player if decision else None,
            note=self.note(),
            log=game_log.log_lines(
                self.plugin,
                self.spec.events,
                log,
                None,
                view,
                self.msgs,
                max(size.height, 1),
                new_from,
            ),
        )
        turns = game_log.automa_turns(self.spec.events, log, self.automa, new_from)
        if not turns:
            return screen
        first, end = turns[-1]
        steps = game_log.steps(self.spec.events, log, first, end, None)
        turn = automa_turn_of(self.plugin, log[first], view, self.msgs)
        lines = steps_of(self.plugin, steps, view, self.msgs)
        return replace(screen, steps=lines, steps_title=turn.title)

    def draw(self) -> None:
        screen = self.screen()
        if self.step >= self.total and self.game.is_terminal():
            self.show(
                final_screen_of(self.plugin, replace(screen, panel=None), self.game, self.msgs)
            )
        else:
            self.show(self.plugin.render(screen, self.msgs))

    def run(self) -> int:
        """Step until ``q`` or the end of input; returns the exit code (0)."""
        rec = self.record
        lines = [self.msgs("replay.start", players=rec.players, seed=rec.seed, total=self.total)]
        for text in terminal.opening(self.plugin, self.spec.info, self.msgs, rec.notice):
            lines.append(text.plain)
        self.say("\n".join(lines))
        with self.display:
            self.loop()
        return 0

    def full_log(self) -> list[Text]:
        """The whole log up to the cursor, as a spectator reads it (the log panel)."""
        view = self.game.spectator_view()
        lines = game_log.log_lines(
            self.plugin, self.spec.events, self.game.log, None, view, self.msgs, 10_000
        )
        return list(lines)

    def loop(self) -> None:
        keys = {p.key for p in panels_of(self.plugin, self.game.spectator_view(), self.msgs)}
        while True:
            self.draw()
            try:
                line = self.display.read(self.read, self.msgs("prompt.replay")).strip().lower()
            except Resized:
                continue
            except (EOFError, KeyboardInterrupt):
                return
            self.message = None
            if line in QUIT:
                return
            if line in keys:
                self.open_panel(line)
            elif line in ("l", "log"):
                self.log_lines = self.full_log()
                self.open_panel(LOG)
            elif line in NEXT:
                if self.next_page():
                    pass
                elif self.panel is not None:
                    self.open_panel(None)
                elif self.step >= self.total:
                    self.say(self.msgs("replay.end"))
                else:
                    self.goto(self.step + 1)
            elif line in BACK:
                if self.step == 0:
                    self.say(self.msgs("replay.at_start"))
                else:
                    self.goto(self.step - 1)
            elif line.isdigit() and len(line) < 8:
                self.goto(int(line))
            else:
                self.error(self.msgs("replay.bad", total=self.total))
