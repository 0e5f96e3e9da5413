"""``GemRushGame`` and ``GAME``: Gem Rush on the engine's game contract (``core.game``).

``GAME`` (a ``GemRushSpec``) is the game as a plug-in: its ``GameInfo`` (name ``gem-rush``,
modes ``crisis`` 1-7 players and ``rush`` 2-7, options, data set, the provisional-components
notice), its action table, its event catalogue, and the constructors ``new``, ``from_record``
and ``world_from_view``. ``GemRushGame`` is one game in progress: decisions, legal actions,
checked and unchecked apply, the outcome (computed once, at the end), views, determinisation,
clones, hashes and records. Bad input raises the core errors and leaves the game unchanged.

A game is fully defined by (rules version, data set, seed, options, params, actions): its
record replays to the same state hash at every step.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from iridescia.core.actions import Action, ActionTable
from iridescia.core.errors import IllegalActionError, InvalidActionError, RecordError
from iridescia.core.events import Event, EventCatalogue
from iridescia.core.game import Decision, GameInfo, Mode, Outcome, SearchHeuristics
from iridescia.core.record import GameRecord
from iridescia.core.refusals import Refusal
from iridescia.core.rng import Rng
from iridescia.games.gemrush import evaluate, policy, rules, views, worlds
from iridescia.games.gemrush.actions import ACTIONS, GAME_NAME, NUM_ACTIONS
from iridescia.games.gemrush.data import DATA_SET, DATA_SETS, NOTICE
from iridescia.games.gemrush.events import EVENTS
from iridescia.games.gemrush.options import MAX_SEATS, OPTION_SPECS, Options
from iridescia.games.gemrush.params import DEFAULT_PARAMS, RulesParams
from iridescia.games.gemrush.setup import new_state
from iridescia.games.gemrush.state import MODE_NAMES, PH_OVER, RULES_VERSION, State
from iridescia.games.gemrush.view_types import GemRushView

INFO = GameInfo(
    name=GAME_NAME,
    title="Gem Rush",
    rules_version=RULES_VERSION,
    data_set=DATA_SET,
    modes=(
        Mode("crisis", "Crisis (cooperative)", 1, MAX_SEATS, cooperative=True,
             options={"mode": "crisis"}),
        Mode("rush", "Rush (competitive)", 2, MAX_SEATS, options={"mode": "rush"}),
    ),
    num_actions=NUM_ACTIONS,
    options=OPTION_SPECS,
    notice=NOTICE,
)  # fmt: skip


class GemRushGame:
    """One game of Gem Rush. Seats are 0-based here and 1-based in action texts."""

    __slots__ = ("keep_log", "log", "state")

    def __init__(self, state: State, keep_log: bool = True) -> None:
        self.state = state
        self.keep_log = keep_log
        self.log: list[Event] = []  # events since creation when keep_log (a clone starts empty)

    # ------------------------------------------------------------ identity

    @property
    def spec(self) -> GemRushSpec:
        return GAME

    @property
    def num_players(self) -> int:
        return self.state.num_players

    @property
    def automa_seats(self) -> tuple[int, ...]:
        return ()

    @property
    def seed(self) -> int:
        return self.state.seed

    @property
    def mode(self) -> str:
        return MODE_NAMES[self.state.mode]

    @property
    def options(self) -> Options:
        return self.state.options

    @property
    def params(self) -> RulesParams:
        return self.state.params

    # ------------------------------------------------------------ the forward model

    @property
    def current_player(self) -> int | None:
        return None if self.state.phase == PH_OVER else self.state.current

    def decision(self) -> Decision | None:
        d = rules.decision_kind(self.state)
        if d is None:
            return None
        legal = tuple(rules.legal_actions(self.state))
        return Decision(self.state.current, d.name, d.prompt, legal)

    def legal_actions(self) -> list[Action]:
        return list(rules.legal_actions(self.state))

    def apply(self, action: Action | str | int) -> list[Event]:
        events = rules.apply(self.state, action)
        if self.keep_log:
            self.log.extend(events)
        return events

    def refusal(self, action: Action | str | int, seat: int | None = None) -> Refusal | None:
        """Why ``action`` (value, text or id) is not legal now, or None when it is; with
        ``seat``, also refused when it is not that seat's turn. InvalidActionError when it
        cannot be read; never changes the game."""
        return rules.refusal(self.state, action, seat)

    def apply_unchecked(self, action: Action) -> list[Event]:
        events = rules.apply_unchecked(self.state, action)
        if self.keep_log:
            self.log.extend(events)
        return events

    def is_terminal(self) -> bool:
        return self.state.phase == PH_OVER

    def reseed(self, seed: int) -> None:
        """Replace the game's RNG: every chance event from now on is drawn anew (search)."""
        self.state.rng = Rng(seed)

    def outcome(self) -> Outcome:
        """Gem Rush R43 / Gem Rush R45: the result, computed once when the game ended (ValueError
        before)."""
        if self.state.outcome is None:
            raise ValueError("the game is not over")
        return self.state.outcome

    def scores(self) -> list[int]:
        return [p.score for p in self.state.players]

    # ------------------------------------------------------------ views and hidden information

    def view(self, seat: int) -> GemRushView:
        return views.view(self.state, seat)

    def spectator_view(self) -> GemRushView:
        return views.view(self.state, None)

    def redact(self, events: Sequence[Event], seat: int | None) -> list[Event]:
        """``events`` as ``seat`` (None: a spectator) may see them (spec §9)."""
        return EVENTS.redact_all(events, seat)

    def determinize(self, seat: int, rng: Rng) -> GemRushGame:
        """A copy in which everything ``seat`` cannot see is re-dealt from ``rng``."""
        return GemRushGame(worlds.determinize(self.state, seat, rng), keep_log=False)

    # ------------------------------------------------------------ copies, hashes, records

    def clone(self) -> GemRushGame:
        return GemRushGame(self.state.clone(), self.keep_log)

    def state_hash(self) -> str:
        return self.state.state_hash()

    def history(self) -> list[Action]:
        return [ACTIONS[i] for i in self.state.history]

    def record(self, with_hashes: bool = False, seats: tuple[str, ...] = ()) -> GameRecord:
        """The game record; ``with_hashes`` replays it to store the hash after every action."""
        s = self.state
        rec = GameRecord(
            game=GAME_NAME,
            rules_version=RULES_VERSION,
            seed=s.seed,
            players=s.num_players,
            options=s.options.to_json(),
            params=s.params.non_default_json(),
            actions=tuple(str(a) for a in self.history()),
            seats=seats,
            data_set=s.data_set,
            notice=NOTICE,
        )
        if not with_hashes:
            return rec
        hashes = tuple(h for _, h in list(_replay(rec, check=False))[1:])
        return GameRecord(
            rec.game, rec.rules_version, rec.seed, rec.players, rec.options, rec.params,
            rec.actions, hashes, rec.seats, rec.data_set, rec.notice,
        )  # fmt: skip


def _start_of(record: GameRecord) -> GemRushGame:
    """The recorded game before its first action; RecordError if the record is out of bounds
    (``GameRecord.check``), for another game, data set or rules version, or its table
    (players, seats, options, params) cannot be set up."""
    record.check()
    if record.game != GAME_NAME:
        raise RecordError(f"this record is for {record.game!r}, not {GAME_NAME!r}")
    if record.rules_version != RULES_VERSION:
        raise RecordError(
            f"this record follows rules version {record.rules_version}; "
            f"this engine plays version {RULES_VERSION}"
        )
    if record.data_set and record.data_set not in DATA_SETS:
        raise RecordError(
            f"this record uses data set {record.data_set!r}; this engine plays "
            f"{', '.join(DATA_SETS)}"
        )
    # Its parameters are stored as changes to its own data set's defaults.
    params = dict(record.params)
    if record.data_set and params.setdefault("data_set", record.data_set) != record.data_set:
        raise RecordError("the record's data set and its parameters' data set differ")
    try:
        game = GAME.new(record.players, record.seed, record.options, params)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"cannot set up the recorded game: {exc}") from exc
    if record.seats and len(record.seats) != record.players:
        raise RecordError(
            f"the record lists {len(record.seats)} seats for a table of {record.players}"
        )
    return game


def _replay(record: GameRecord, check: bool) -> Iterator[tuple[GemRushGame, str]]:
    """Yield (game, hash) at the start and after each action (the same game, advanced)."""
    game = _start_of(record)
    yield game, game.state_hash()
    for i, text in enumerate(record.actions):
        try:
            game.apply(text)
        except (IllegalActionError, InvalidActionError) as exc:
            raise RecordError(f"action {i + 1} ({text!r}) does not replay: {exc}") from exc
        h = game.state_hash()
        if check and record.hashes and record.hashes[i] != h:
            raise RecordError(f"state hash differs after action {i + 1} ({text!r})")
        yield game, h


class GemRushSpec:
    """Gem Rush as a plug-in (``core.game.GameSpec``)."""

    __slots__ = ()

    @property
    def info(self) -> GameInfo:
        return INFO

    @property
    def actions(self) -> ActionTable:
        return ACTIONS

    @property
    def events(self) -> EventCatalogue:
        return EVENTS

    def new(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | RulesParams | None = None,
        *,
        mode: str | None = None,
        keep_log: bool = True,
    ) -> GemRushGame:
        """A new game at its first decision. ``options`` and ``params`` are JSON-style mappings
        (ValueError says what is wrong); ``mode`` adds the options that mode sets."""
        chosen = dict(options or {})
        if mode is not None:
            chosen = INFO.mode(mode).with_options(chosen)
        table = Options.from_json(chosen, None)
        INFO.mode(table.mode).check_players(players)
        table = Options.from_json(chosen, players)
        rules_params = params if isinstance(params, RulesParams) else _params(params)
        game = GemRushGame(new_state(players, seed, table, rules_params), keep_log)
        if keep_log:
            game.log.extend(game.state.events)
        game.state.events = []
        return game

    def from_record(self, record: GameRecord, upto: int | None = None) -> GemRushGame:
        """Replay a record (all of it, or its first ``upto`` actions), checking stored hashes;
        RecordError when it is not this game's or does not replay."""
        game: GemRushGame | None = None
        for i, (g, _) in enumerate(_replay(record, check=True)):
            game = g
            if upto is not None and i >= upto:
                break
        assert game is not None
        return game

    def world_from_view(self, view: Mapping[str, Any], rng: Rng) -> GemRushGame:
        return GemRushGame(worlds.world_from_view(view, rng), keep_log=False)

    def heuristics(self) -> SearchHeuristics[Any] | None:
        return HEURISTICS


class Heuristics:
    """What the generic bots know of Gem Rush (``core.game.SearchHeuristics``): the evaluator
    (``evaluate.leads``: the team's potential in Crisis, the lead over the best other seat in
    Rush) and the default policy (``policy``: the heuristic player of spec §8).

    Every line of play is judged just *after* the turn has passed (``policy`` says why), so no
    action needs a copy kept from before it: ``may_pass_turn`` is always False.
    """

    __slots__ = ()

    # A re-dealt world fixes the deck's order, and so what the turn draws and reveals: the
    # game's RNG only shuffles a refilled deck. Reseeding it would average nearly equal values.
    chance_samples = 1

    def leads(self, game: GemRushGame) -> list[float]:
        return evaluate.leads(game.state)

    def value(self, game: GemRushGame, seat: int) -> float:
        return evaluate.leads(game.state)[seat]

    def finish_turn(self, game: GemRushGame, seat: int, rng: Rng) -> GemRushGame:
        policy.finish_turn(game.state, seat, rng)
        return game

    def turn_index(self, game: GemRushGame) -> int:
        return game.state.turns_done

    def may_pass_turn(self, action: Action) -> bool:
        return False

    def judge_passing(self, before: GemRushGame, action: Action) -> GemRushGame:
        return before  # never asked: no action keeps a copy

    def candidates(self, game: GemRushGame, legal: Sequence[Action]) -> Sequence[Action]:
        return policy.candidates(game.state, legal)


HEURISTICS = Heuristics()


def _params(data: Mapping[str, Any] | None) -> RulesParams:
    if data is None:
        return DEFAULT_PARAMS
    return RulesParams.from_json(dict(data))


GAME = GemRushSpec()
