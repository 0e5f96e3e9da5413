"""A live web table: one game, its seats, its state version, the step log and the undo rule.

``TableSpec`` checks what a lobby asked for against the game's metadata (``match.Seating``:
mode, seats, bots, options) and the game's own setup, and makes the stored row; ``LiveTable``
holds the running game (any registered game, found by the name its row records) with everything
the service needs around it:

- ``version`` counts every change (an action or an undo) and never goes back, so a message made
  for an older version is recognised as stale and rejected;
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
moves the bot, the game continues exactly as it would have.

No I/O here: the service persists and broadcasts.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from iridescia.bots import bot_names, make_bot
from iridescia.core.errors import RecordError
from iridescia.core.events import Event
from iridescia.core.game import Game, GameSpec
from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games import DEFAULT_GAME
from iridescia.games import get as get_game
from iridescia.match import AUTOMA, HUMAN, BotSeats, Seating, bot_rng_at
from iridescia.web.games import plugin
from iridescia.web.plugin import WebGame
from iridescia.web.storage import ActionRow, SeatRow, TableRow

BOT_PREFIX = "bot:"
MAX_NAME = 40
KEEP_COPIES = 40  # in-memory states before the latest steps, for undo without a replay
# Requests from before the lobby had a game chooser name the 2-4 explorer mode "multi".
LEGACY_MODES = {"multi": "standard"}


class SpecError(ValueError):
    """A table request that does not describe a table this server can start; ``code`` is
    stable: ``bad_table``, ``unknown_game``, or ``no_board`` (the browser cannot play it yet)."""

    def __init__(self, message: str, code: str = "bad_table") -> None:
        super().__init__(message)
        self.code = code


def bot_kind(name: str) -> str:
    return BOT_PREFIX + name


def seat_kinds(spec: GameSpec) -> list[str]:
    """The kinds a lobby may give a seat of ``spec``: human and every bot that plays it."""
    return [HUMAN, *(bot_kind(n) for n in bot_names(spec))]


def terminal_command(game: str) -> str:
    return f"iridescia play --game {game}"


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What a lobby asks for, checked: the seating (game, mode, seat kinds, options), a name."""

    seating: Seating
    plugin: WebGame
    options: Mapping[str, Any]  # every option of the game, as its records store them
    params: Mapping[str, Any]
    name: str = ""

    @staticmethod
    def from_json(data: Any) -> TableSpec:
        """Read a table request::

            {"game": "gems-of-iridescia", "mode": "standard", "seats": ["human", "bot:easy"],
             "options": {"catapult_for_fourth": false}, "name": "..."}

        ``game`` defaults to the default game; ``seats`` lists the seats people or bots play
        (a mode's automa seats are added). Older requests (``"mode": "multi"``, a top-level
        ``catapult_for_fourth``) still read. SpecError says what does not fit."""
        if not isinstance(data, dict):
            raise SpecError("a table request must be a JSON object")
        name = data.get("game", DEFAULT_GAME)
        try:
            spec = get_game(name if isinstance(name, str) else repr(name))
        except ValueError as exc:
            raise SpecError(str(exc), "unknown_game") from None
        web = plugin(spec.info.name)
        if not web.board:
            raise SpecError(
                f"{spec.info.title} has no board in the browser yet; play it in the terminal: "
                f"{terminal_command(spec.info.name)}",
                "no_board",
            )
        mode = data.get("mode")
        if mode is not None and not isinstance(mode, str):
            raise SpecError("mode must be the name of one of the game's modes")
        mode = LEGACY_MODES.get(mode, mode) if mode else None
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise SpecError("seats must be a list of seat kinds such as 'human' or 'bot:random'")
        known = seat_kinds(spec)
        for s in seats:
            if s not in known:
                raise SpecError(f"unknown seat kind {s!r}; use one of {', '.join(known)}")
        options = _options(data, spec)
        try:
            seating = Seating.build(
                spec,
                mode=mode,
                kinds=[s[len(BOT_PREFIX) :] if s.startswith(BOT_PREFIX) else s for s in seats],
                options=options,
            )
            # the game's own setup checks what the metadata cannot say (a table's size)
            record = seating.new_game(0, keep_log=False).record()
        except ValueError as exc:
            raise SpecError(str(exc)) from None
        title = data.get("name", "")
        if not isinstance(title, str) or len(title) > MAX_NAME:
            raise SpecError(f"name must be a text of at most {MAX_NAME} characters")
        return TableSpec(seating, web, record.options, record.params, title.strip())

    def all_seats(self) -> tuple[str, ...]:
        """The stored kind of every seat: "human", "bot:<name>", or the game's automa kind."""
        kinds = {HUMAN: HUMAN, AUTOMA: self.plugin.automa_kind}
        return tuple(kinds.get(k) or bot_kind(k) for k in self.seating.seat_kinds())

    def new_row(self, table_id: str, seed: int, now: float, mine: set[int]) -> TableRow:
        """The stored row of a new table; seats in ``mine`` are claimed by the creator."""
        seating = self.seating
        info = seating.game.info
        seats = tuple(
            SeatRow(i, kind, secrets.token_urlsafe(18), kind != HUMAN or i in mine)
            for i, kind in enumerate(self.all_seats())
        )
        return TableRow(
            id=table_id,
            created=now,
            updated=now,
            name=self.name,
            mode=seating.mode.name,
            game=info.name,
            data_set=info.data_set,
            rules_version=info.rules_version,
            seed=seed,
            players=seating.players,
            options=dict(self.options),
            params=dict(self.params),
            status="running",
            version=0,
            num_actions=0,
            seats=seats,
        )


def _options(data: dict[str, Any], spec: GameSpec) -> dict[str, Any]:
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SpecError("options must be an object of option names and values")
    options = dict(options)
    if "catapult_for_fourth" in data:  # the request format before options were a mapping
        options.setdefault("catapult_for_fourth", data["catapult_for_fourth"])
    chosen_by_modes = {key for m in spec.info.modes for key in m.options}
    for key in options:
        if key in chosen_by_modes:
            raise SpecError(f"option {key} is chosen with the mode")
    return options


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
        self.bots = BotSeats(self.spec, _bots(row, self.spec))

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

    def kind(self, seat: int) -> str:
        return self.row.seats[seat].kind

    def seat_of_token(self, token: str) -> int | None:
        # Compared as UTF-8 bytes: compare_digest raises TypeError for texts that are not ASCII.
        given = token.encode("utf-8", "replace")
        for s in self.row.seats:
            if secrets.compare_digest(s.token.encode("utf-8"), given):
                return s.seat
        return None

    def step_of(self, seat: int, client_id: str) -> int | None:
        """The step (1-based) ``seat`` made with the action its client named ``client_id``,
        if that step is in the record (the latest such, were an id ever reused)."""
        for i in range(len(self.steps) - 1, -1, -1):
            s = self.steps[i]
            if s.client_id == client_id and s.seat == seat:
                return i + 1
        return None

    def bot_to_act(self) -> int | None:
        return self.bots.to_act(self.game)

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


def _bots(row: TableRow, spec: GameSpec) -> Mapping[int, str]:
    bots = {}
    for s in row.seats:
        if s.kind.startswith(BOT_PREFIX):
            name = s.kind[len(BOT_PREFIX) :]
            try:
                make_bot(name, spec)
            except ValueError:  # a bot that left the registry: keep the game going
                name = "random"
            bots[s.seat] = name
    return bots
