"""A live web table: one game, its seats, its state version, the step log and the undo rule.

``TableSpec`` checks what a lobby asked for (mode, seats, options) and makes the engine game;
``LiveTable`` holds the running ``Game`` with everything the service needs around it:

- ``version`` counts every change (an action or an undo) and never goes back, so a message made
  for an older version is recognised as stale and rejected;
- ``steps`` is the record's actions, each with the seat that acted, the events it produced and
  the state hash after it; ``log`` is every event since the start (the game log);
- the undo rule: the last step may be taken back by the seat that made it when every event it
  produced is in ``UNDO_SAFE_EVENTS`` (nothing revealed, rolled or drawn, no other seat's turn
  began), so repeated undos walk back through the seat's own turn and stop at any reveal, roll,
  draw or turn boundary. The state before a step comes from an in-memory copy or, after a
  restart, from replaying the record without it (the engine is deterministic).

A bot's random stream for a decision is derived from (seed, seat, number of steps so far), so
the same record always gets the same bot move: after a restart, or on whichever server process
moves the bot, the game continues exactly as it would have.

No I/O here: the service persists and broadcasts.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from iridescia.bots import Bot, bot_names, make_bot
from iridescia.core.errors import RecordError
from iridescia.core.rng import Rng
from iridescia.games.iridescia.game import GAME_NAME, Game, Options
from iridescia.games.iridescia.state import RULES_VERSION, Event
from iridescia.web.storage import ActionRow, SeatRow, TableRow

HUMAN, RHOM, BOT_PREFIX = "human", "rhom", "bot:"
MODES = ("multi", "solo", "rhom")
MAX_NAME = 40
MASK62 = (1 << 62) - 1
KEEP_COPIES = 40  # in-memory states before the latest steps, for undo without a replay

# Events that reveal nothing hidden, roll nothing and draw nothing: a step whose events are all
# in this set may be undone. Anything else (reveal, mine, well_roll, buy and its refill, restore
# and its relic deal, reserve, pickaxe, catapult, turn, the Rhom's steps...) blocks undo.
UNDO_SAFE_EVENTS = frozenset(
    {
        "move", "collect", "gain", "coins", "points", "market", "stone_die", "stone_returned",
        "colour_chosen", "give", "return", "end_actions", "sell", "play", "tile_discarded",
        "objective_discarded", "iridia_stone", "castle", "swap", "supply_short", "die",
        "roll_locked",
    }
)  # fmt: skip


class SpecError(ValueError):
    """A table request that does not describe a playable table."""


def bot_kind(name: str) -> str:
    return BOT_PREFIX + name


def seat_kinds() -> list[str]:
    """The kinds a lobby may give an explorer seat: human and every registered bot."""
    return [HUMAN, *(bot_kind(n) for n in bot_names())]


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What a lobby asks for: mode, explorer seat kinds, options and a name."""

    mode: str
    seats: tuple[str, ...]  # explorer seats only (the Rhom's seat is added by the mode)
    catapult_for_fourth: bool = False
    name: str = ""

    @staticmethod
    def from_json(data: Any) -> TableSpec:
        if not isinstance(data, dict):
            raise SpecError("a table request must be a JSON object")
        mode = data.get("mode", "multi")
        if mode not in MODES:
            raise SpecError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise SpecError("seats must be a list of seat kinds such as 'human' or 'bot:random'")
        known = seat_kinds()
        for s in seats:
            if s not in known:
                raise SpecError(f"unknown seat kind {s!r}; use one of {', '.join(known)}")
        n = len(seats)
        if mode == "solo" and n != 1:
            raise SpecError("a solo table has exactly one explorer seat (the Rhom is added)")
        if mode == "rhom" and n not in (2, 3):
            raise SpecError("the Rhom variant takes 2 or 3 explorer seats")
        if mode == "multi" and not 2 <= n <= 4:
            raise SpecError("a table takes 2 to 4 seats (or use the solo mode)")
        catapult = data.get("catapult_for_fourth", False)
        if not isinstance(catapult, bool):
            raise SpecError("catapult_for_fourth must be true or false")
        if catapult and n + (mode != "multi") != 4:
            raise SpecError("the 4th-player Catapult needs 4 explorers (the Rhom counts)")
        name = data.get("name", "")
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise SpecError(f"name must be a text of at most {MAX_NAME} characters")
        return TableSpec(mode, tuple(seats), catapult, name.strip())

    @property
    def rhom(self) -> bool:
        return self.mode != "multi"

    def all_seats(self) -> tuple[str, ...]:
        return (*self.seats, RHOM) if self.rhom else self.seats

    def new_row(self, table_id: str, seed: int, now: float, mine: set[int]) -> TableRow:
        """The stored row of a new table; seats in ``mine`` are claimed by the creator."""
        options = Options(catapult_for_fourth=self.catapult_for_fourth, rhom=self.rhom)
        seats = tuple(
            SeatRow(i, kind, secrets.token_urlsafe(18), kind != HUMAN or i in mine)
            for i, kind in enumerate(self.all_seats())
        )
        return TableRow(
            id=table_id,
            created=now,
            updated=now,
            name=self.name,
            mode=self.mode,
            game=GAME_NAME,
            rules_version=RULES_VERSION,
            seed=seed,
            players=len(self.seats),
            options=options.to_json(),
            params={},
            status="running",
            version=0,
            num_actions=0,
            seats=seats,
        )


@dataclass(slots=True)
class Step:
    seat: int
    action: str
    events: list[Event]
    state_hash: str


class LiveTable:
    """A running (or finished) table in memory. Not thread-safe: the service serialises."""

    def __init__(self, row: TableRow, game: Game) -> None:
        self.row = row
        self.id = row.id
        self.game = game
        self.version = row.version
        self.steps: list[Step] = []
        self.log: list[Event] = list(game.log)  # setup events, then every step's events
        self._before: list[Game | None] = []  # the state before each step, when kept
        self.bots: dict[int, Bot] = {}
        for s in row.seats:
            if s.kind.startswith(BOT_PREFIX):
                name = s.kind[len(BOT_PREFIX) :]
                try:
                    self.bots[s.seat] = make_bot(name)
                except ValueError:  # a bot that left the registry: keep the game going
                    self.bots[s.seat] = make_bot("random")

    # ---------------------------------------------------------------- building

    @classmethod
    def start(cls, row: TableRow) -> LiveTable:
        options = Options.from_json(row.options)
        return cls(row, Game.new(row.players, row.seed, options))

    @classmethod
    def restore(cls, row: TableRow, actions: list[ActionRow]) -> LiveTable:
        """Replay a stored table, checking every stored state hash (RecordError if one
        differs)."""
        table = cls.start(row)
        for a in actions:
            table.replay_step(a)
        return table

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
        self._push(Step(a.seat, a.action, events, h), None)

    def _push(self, step: Step, before: Game | None) -> None:
        self.steps.append(step)
        self.log.extend(step.events)
        if not all(e.kind in UNDO_SAFE_EVENTS for e in step.events):
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

    def kind(self, seat: int) -> str:
        return self.row.seats[seat].kind

    def seat_of_token(self, token: str) -> int | None:
        for s in self.row.seats:
            if secrets.compare_digest(s.token, token):
                return s.seat
        return None

    def bot_to_act(self) -> int | None:
        seat = self.game.current_player
        return seat if seat is not None and seat in self.bots else None

    def bot_rng(self, seat: int) -> Rng:
        """The random stream for ``seat``'s bot at this point of the game: a function of the
        record only (seed, seat, steps so far), never of the process or of earlier calls."""
        return Rng((((self.row.seed & MASK62) * 8 + seat) << 20) + len(self.steps))

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back the latest step now (see the module docstring)."""
        if not self.steps or self.finished or self.game.current_player != seat:
            return False
        last = self.steps[-1]
        return last.seat == seat and all(e.kind in UNDO_SAFE_EVENTS for e in last.events)

    # ---------------------------------------------------------------- changes

    def try_apply(self, seat: int, action: str | int) -> tuple[Step, Game]:
        """Apply ``action`` for ``seat``; returns the new step and the state before it (to roll
        back if storing fails). Raises ValueError (the engine's error) and leaves the game as it
        was when the action cannot be read or is not legal."""
        if self.game.current_player != seat:
            raise PermissionError("it is not this seat's turn")
        before = self.game.clone()
        events = self.game.apply(action)
        text = str(self.game.history()[-1])
        step = Step(seat, text, events, self.game.state_hash())
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
        options = Options.from_json(self.row.options)
        game = Game.new(self.row.players, self.row.seed, options)
        for s in self.steps[:upto]:
            game.apply(s.action)
        return game

    def game_at(self, step: int) -> tuple[Game, list[Event]]:
        """A copy of the game after ``step`` actions and the events of that step (replay)."""
        if not 0 <= step <= len(self.steps):
            raise ValueError(f"step must be 0 to {len(self.steps)}")
        game = self._replayed(step)
        events = list(game.log) if step == 0 else self.steps[step - 1].events
        return game, events

    def result(self) -> dict[str, Any] | None:
        """Final scores, places and winners once the game is over (stored with the table)."""
        if not self.finished:
            return None
        return {
            "scores": [s.as_dict() for s in self.game.scores()],
            "ranking": self.game.ranking(),
            "winners": self.game.winners(),
        }
