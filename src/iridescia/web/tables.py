"""A live web table: one game, its seats, its state version, the step log and the undo rule.

``TableSpec`` (``table_spec``, read through this module too) checks what a lobby asked for
against the game's metadata and the game's own setup, and makes the stored row; ``LiveTable``
holds the running game (any registered game, found by the name its row records) with everything
the service needs around it:

- ``version`` counts every change (an action, an undo, a bot starting or ceasing to play for
  an absent player) and never goes back, so a message made for an older version is recognised
  as stale and rejected;
- ``steps`` is the record's actions, each with the seat that acted, the events it produced and
  the state hash after it; ``log`` is every event since the start (the game log);
- the undo rule: the last step may be taken back by the seat that made it when the game's event
  catalogue says every event it produced may be undone (``EventCatalogue.undoable``: nothing
  revealed, rolled or drawn, no other seat's turn began), so repeated undos walk back through
  the seat's own turn and stop at any reveal, roll, draw or turn boundary. The state before a
  step comes from an in-memory copy or, after a restart, from replaying the record without it
  (the engine is deterministic).

A bot's random stream for a decision is ``match.bot_rng_at(seed, seat, steps so far)``, so the
same record always gets the same bot move: after a restart, or on whichever server process
moves the bot, the game continues exactly as it would have. That holds for a bot playing in an
absent player's place too (``SeatRow.bot``): the bots of a table are read from its seats.

Around the game a table has what friends expect (``TableSpec``): it is public (listed in the
lobby, joined by anyone) or private (only its invite links: one per free seat, each taken once);
its creator holds a token of their own (to see the links again, to give a free seat to a bot);
each seat has its player's secret token and name; a clock per turn and a rule for absent players
(``absence``). The game starts when every seat is taken (``started``). The table's notes (seats
taken, names, stand-in bots, votes, chat: ``notes``) are kept beside the record, never in it.

No I/O here: the service persists and broadcasts.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from iridescia.bots import make_bot
from iridescia.core.errors import RecordError
from iridescia.core.events import Event
from iridescia.core.game import Game, GameSpec
from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games import get as get_game
from iridescia.match import BotSeats, bot_rng_at
from iridescia.web.games import plugin
from iridescia.web.storage import ActionRow, NoteRow, TableRow
from iridescia.web.table_spec import (
    BOT_PREFIX,
    SpecError,
    TableSpec,
    bot_kind,
    same_secret,
    seat_kinds,
    terminal_command,
)

# The table requests' module is read through this one too.
__all__ = [
    "LiveTable",
    "SpecError",
    "Step",
    "TableSpec",
    "bot_kind",
    "same_secret",
    "seat_kinds",
    "terminal_command",
]

KEEP_COPIES = 40  # in-memory states before the latest steps, for undo without a replay


@dataclass(slots=True)
class Step:
    seat: int
    action: str
    events: list[Event]
    state_hash: str
    client_id: str | None = None  # the id the seat's client gave the action, if any


class LiveTable:
    """A running (or finished) table in memory. Not thread-safe: the service serialises."""

    def __init__(self, row: TableRow, game: Game) -> None:
        self.row = row
        self.id = row.id
        self.spec: GameSpec = game.spec
        self.plugin = plugin(row.game)
        self.game = game
        self.version = row.version
        self.steps: list[Step] = []
        self.log: list[Event] = list(game.log)  # setup events, then every step's events
        self._before: list[Game | None] = []  # the state before each step, when kept
        self._bot_names = _bots(row, self.spec)
        self.bots = BotSeats(self.spec, self._bot_names)
        self.notes: list[NoteRow] = []  # the table's notes (seats, stand-in bots, votes, chat)

    # ---------------------------------------------------------------- building

    @classmethod
    def start(cls, row: TableRow) -> LiveTable:
        """The table's game before any action, from its record (RecordError when the record
        is for a game, a data set or rules this build does not have)."""
        try:
            spec = get_game(row.game)
        except ValueError as exc:
            raise RecordError(f"table {row.id}: {exc}") from None
        return cls(row, spec.from_record(_record(row)))

    @classmethod
    def restore(
        cls, row: TableRow, actions: list[ActionRow], notes: list[NoteRow] | None = None
    ) -> LiveTable:
        """Replay a stored table, checking every stored state hash (RecordError if one
        differs)."""
        table = cls.start(row)
        for a in actions:
            table.replay_step(a)
        table.notes = list(notes or ())
        return table

    def adopt_row(self, row: TableRow) -> None:
        """The table's stored row, read again (its seats changed: names, claims, bots)."""
        self.row = row
        bots = _bots(row, self.spec)
        if bots != self._bot_names:
            self._bot_names = bots
            self.bots = BotSeats(self.spec, bots)

    def restart_turn(self, now: float) -> None:
        """The turn clock restarts (an action passed the turn; stored with it)."""
        self.row = dataclasses.replace(self.row, turn_started=now)

    def add_notes(self, notes: list[NoteRow]) -> None:
        """Notes read from storage or just written (those already held are skipped)."""
        held = self.notes[-1].n if self.notes else 0
        self.notes.extend(n for n in notes if n.n > held)

    def replay_step(self, a: ActionRow) -> None:
        if a.step != len(self.steps) + 1:
            raise RecordError(f"table {self.id}: stored step {a.step} out of order")
        try:
            events = self.game.apply(a.action)
        except ValueError as exc:
            raise RecordError(f"table {self.id}: step {a.step} does not replay: {exc}") from exc
        h = self.game.state_hash()
        if h != a.state_hash:
            raise RecordError(f"table {self.id}: state hash differs after step {a.step}")
        self._push(Step(a.seat, a.action, events, h, a.client_id), None)

    def _push(self, step: Step, before: Game | None) -> None:
        self.steps.append(step)
        self.log.extend(step.events)
        if not self.spec.events.undoable(step.events):
            # Undo can never walk back past this step: the copies before it are useless. Each
            # copy is a few thousand objects the garbage collector scans; keeping 40 per table
            # made its full passes last 0.2-0.4 s with 200 tables (benchmarks/server_load.py).
            i = len(self._before) - 1
            while i >= 0 and self._before[i] is not None:
                self._before[i] = None
                i -= 1
            before = None
        self._before.append(before)
        if len(self._before) > KEEP_COPIES:
            self._before[-KEEP_COPIES - 1] = None

    # ---------------------------------------------------------------- queries

    @property
    def finished(self) -> bool:
        return self.game.is_terminal()

    @property
    def started(self) -> bool:
        """Whether the game has started (every seat was taken)."""
        return self.row.turn_started is not None

    def kind(self, seat: int) -> str:
        return self.row.seats[seat].kind

    def seat_of_token(self, token: str) -> int | None:
        for s in self.row.seats:
            if same_secret(s.token, token):
                return s.seat
        return None

    def seat_of_invite(self, invite: str) -> int | None:
        for s in self.row.seats:
            if same_secret(s.invite, invite):
                return s.seat
        return None

    def is_creator(self, token: str | None) -> bool:
        return token is not None and same_secret(self.row.creator, token)

    def may_see(self, token: str | None) -> bool:
        """Whether the holder of ``token`` (a seat's or the creator's) may see this table: any
        one may see a public table, only its players and creator a private one."""
        if not self.row.private:
            return True
        if token is None:
            return False
        return self.is_creator(token) or self.seat_of_token(token) is not None

    def step_of(self, seat: int, client_id: str) -> int | None:
        """The step (1-based) ``seat`` made with the action its client named ``client_id``,
        if that step is in the record (the latest such, were an id ever reused)."""
        for i in range(len(self.steps) - 1, -1, -1):
            s = self.steps[i]
            if s.client_id == client_id and s.seat == seat:
                return i + 1
        return None

    def bot_to_act(self) -> int | None:
        return self.bots.to_act(self.game) if self.started else None

    def bot_rng(self, seat: int) -> Rng:
        """The random stream for ``seat``'s bot at this point of the game: a function of the
        record only (seed, seat, steps so far), never of the process or of earlier calls."""
        return bot_rng_at(self.row.seed, seat, len(self.steps))

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back the latest step now (see the module docstring)."""
        if not self.steps or self.finished or self.game.current_player != seat:
            return False
        last = self.steps[-1]
        return last.seat == seat and self.spec.events.undoable(last.events)

    # ---------------------------------------------------------------- changes

    def try_apply(
        self, seat: int, action: str | int, client_id: str | None = None
    ) -> tuple[Step, Game]:
        """Apply ``action`` for ``seat`` (named ``client_id`` by its client); returns the new
        step and the state before it (to roll back if storing fails). Raises ValueError (the
        engine's error) and leaves the game as it was when the action cannot be read or is not
        legal."""
        if self.game.current_player != seat:
            raise PermissionError("it is not this seat's turn")
        played = self.spec.actions.coerce(action)  # InvalidActionError if it cannot be read
        before = self.game.clone()
        events = self.game.apply(played)
        step = Step(seat, str(played), events, self.game.state_hash(), client_id)
        self._push(step, before)
        return step, before

    def roll_back(self, before: Game) -> None:
        """Undo the effect of the latest ``try_apply`` in memory (storing it failed)."""
        step = self.steps.pop()
        self._before.pop()
        del self.log[len(self.log) - len(step.events) :]
        self.game = self._adopt(before)

    def undo(self) -> Step:
        """Take back the latest step (the caller checked ``can_undo`` and stored it)."""
        step = self.steps.pop()
        before = self._before.pop()
        del self.log[len(self.log) - len(step.events) :]
        if before is None:
            before = self._replayed(len(self.steps))
        self.game = self._adopt(before)
        return step

    def _adopt(self, game: Game) -> Game:
        game.log = list(self.log)
        return game

    def _replayed(self, upto: int) -> Game:
        game = self.spec.from_record(_record(self.row))
        for s in self.steps[:upto]:
            game.apply(s.action)
        return game

    def game_at(self, step: int) -> tuple[Game, list[Event], Game | None]:
        """A copy of the game after ``step`` actions, the events of that step, and the game just
        before it (None at step 0), for the replay."""
        if not 0 <= step <= len(self.steps):
            raise ValueError(f"step must be 0 to {len(self.steps)}")
        if step == 0:
            game = self._replayed(0)
            return game, list(game.log), None
        game = self._replayed(step - 1)
        before = game.clone()
        game.apply(self.steps[step - 1].action)
        return game, self.steps[step - 1].events, before

    def result(self) -> dict[str, Any] | None:
        """The result the game's plug-in stores and shows, once the game is over."""
        return self.plugin.result(self.game) if self.finished else None

    def turn(self) -> int | None:
        return self.plugin.turn(self.game)


def _record(row: TableRow) -> GameRecord:
    """A stored table's record without its actions (its game, data set, rules, setup)."""
    return GameRecord(
        game=row.game,
        rules_version=row.rules_version,
        seed=row.seed,
        players=row.players,
        options=row.options,
        params=row.params,
        data_set=row.data_set,
    )


def _bots(row: TableRow, spec: GameSpec) -> dict[int, str]:
    """The bot of each seat a bot plays: by its kind, or in its absent player's place."""
    bots = {}
    for s in row.seats:
        name = s.kind[len(BOT_PREFIX) :] if s.kind.startswith(BOT_PREFIX) else s.bot
        if name is None:
            continue
        try:
            make_bot(name, spec)
        except ValueError:  # a bot that left the registry: keep the game going
            name = "random"
        bots[s.seat] = name
    return bots
