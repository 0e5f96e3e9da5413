"""``Game``: the public forward model of Gems of Iridescia, and ``GAME``, the game as a plug-in.

Create a game from (players, seed, options), ask for the current decision and its legal actions,
apply actions (as values, texts or ids), test for the end, score, build views, clone, hash,
determinise, and save or replay game records. ``Game`` satisfies the core contract
(``core.game.Game``) and ``GAME`` the plug-in contract (``core.game.GameSpec``): metadata, action
table, event catalogue, constructors from JSON-style options, ``world_from_view`` and the search
heuristics (``Heuristics``). Every face goes through these two, never through the modules below.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from iridescia.core.actions import ActionTable
from iridescia.core.errors import IllegalActionError, InvalidActionError, RecordError
from iridescia.core.events import EventCatalogue
from iridescia.core.game import Decision, GameInfo, Outcome
from iridescia.core.record import GameRecord
from iridescia.core.refusals import Refusal
from iridescia.core.rng import Rng
from iridescia.games.iridescia import rules, scoring, steps, views, worlds
from iridescia.games.iridescia.actions import (
    ACTION_TABLE,
    DONE,
    END,
    GAME_NAME,
    PLAY,
    REMOVE,
    RESTORE,
    TABLE,
    Action,
)
from iridescia.games.iridescia.evaluate import DEFAULT_WEIGHTS, Weights, estimate, leads, margin
from iridescia.games.iridescia.events import EVENTS
from iridescia.games.iridescia.info import DATA_SET, INFO, mode_of
from iridescia.games.iridescia.params import RulesParams
from iridescia.games.iridescia.policy import finish_turn, play_on
from iridescia.games.iridescia.setup import new_state
from iridescia.games.iridescia.state import RULES_VERSION, Event, Options, State
from iridescia.games.iridescia.stats import Statistics
from iridescia.games.iridescia.tally import tallies

END_REASON: Final = "every explorer has reached the Castle"


class Game:
    """One game of Gems of Iridescia. Seats are 0-based here and 1-based in action texts."""

    __slots__ = ("_history", "_outcome", "keep_log", "log", "state")

    def __init__(self, state: State, keep_log: bool = True) -> None:
        self.state = state
        # The ids of the actions applied since setup: the record. It lives here, not in the
        # state, so that the copies a search makes of states never copy it.
        self._history: list[int] = []
        # Every event since creation (a clone starts a new log). Simulations and search keep
        # none: a finished game's log is about 90% of its memory (docs/performance.md).
        self.keep_log = keep_log
        self.log: list[Event] = []
        self._outcome: Outcome | None = None

    # ------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        players: object = 2,
        seed: object = 0,
        options: object = None,
        params: object = None,
        *,
        keep_log: bool = True,
    ) -> Game:
        """A new game; ``keep_log=False`` keeps no event log (``apply`` still returns each
        action's events). ``players`` and ``seed`` are ints, ``options`` an ``Options`` and
        ``params`` a ``RulesParams`` (or None): anything else is a ValueError (typed ``object``
        because ``setup.new_state`` checks them: see there)."""
        state = new_state(players, seed, options, params)
        g = cls(state, keep_log)
        if keep_log:
            g.log.extend(state.events)
        state.events = []
        return g

    # ------------------------------------------------------------ the forward model

    @property
    def spec(self) -> GemsOfIridescia:
        return GAME

    @property
    def num_players(self) -> int:
        """Every seat, the Rhom's included."""
        return self.state.num_players

    @property
    def automa_seats(self) -> tuple[int, ...]:
        """The seats the engine plays itself (the Rhom's, if any)."""
        return (self.state.rhom,) if self.state.rhom >= 0 else ()

    @property
    def seed(self) -> int:
        return self.state.seed

    @property
    def mode(self) -> str:
        s = self.state
        return mode_of(s.num_players - len(self.automa_seats), s.options.to_json())

    @property
    def options(self) -> Options:
        return self.state.options

    @property
    def params(self) -> RulesParams:
        return self.state.params

    @property
    def rhom_seat(self) -> int | None:
        """The Rhom automa's seat (it never has a decision to make), or None."""
        return self.state.rhom if self.state.rhom >= 0 else None

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None when the game is over."""
        return None if self.is_terminal() else self.state.current

    def decision(self) -> Decision | None:
        d = rules.decision_kind(self.state)
        if d is None:
            return None
        return Decision(self.state.current, d.name, d.prompt, tuple(self.legal_actions()))

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self.state)

    def apply(self, action: object) -> list[Event]:
        """Apply an action (value, text or id). Raises InvalidActionError if it cannot be read
        (anything else: typed ``object`` for the compiled build, see ``rules.coerce``),
        IllegalActionError if it is not legal now; the game is unchanged in both cases."""
        a = rules.coerce(action)
        events = rules.apply(self.state, a)  # a fresh list per action: safe to hand out
        self._history.append(a.id)
        if self.keep_log:
            self.log.extend(events)
        return events

    def refusal(self, action: object, seat: int | None = None) -> Refusal | None:
        """Why ``action`` (value, text or id) is not legal now, or None when it is; with
        ``seat``, also refused when it is not that seat's turn. InvalidActionError when it
        cannot be read; never changes the game."""
        return rules.refusal(self.state, rules.coerce(action), seat)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Apply an action taken from ``legal_actions()`` of this very state, unchecked
        (search). Anything else is undefined behaviour."""
        events = rules.apply_unchecked(self.state, action)
        self._history.append(action.id)
        if self.keep_log:
            self.log.extend(events)
        return events

    def is_terminal(self) -> bool:
        return rules.decision_kind(self.state) is None

    def reseed(self, seed: int) -> None:
        """Replace the game's RNG: every chance event from now on is drawn anew (search)."""
        self.state.rng = Rng(seed)

    # ------------------------------------------------------------ scoring

    def tallies(self) -> list[scoring.PlayerTally]:
        return tallies(self.state)

    def scores(self) -> list[scoring.ScoreBreakdown]:
        """Each seat's score with its breakdown by source (final scoring if the game is over,
        else what final scoring would give now)."""
        return scoring.score_all(self.tallies(), self.state.params)

    def ranking(self) -> list[int]:
        """Each seat's place (1 = best) after tie-breaks (R33); tied seats share a place."""
        tallies = self.tallies()
        return scoring.rank_players(tallies, scoring.score_all(tallies, self.state.params))

    def outcome(self) -> Outcome:
        """The result of the finished game (ValueError before the end), computed once: each
        seat's score, the winners after the tie-breaks of R33 (several only when still tied;
        in a solo game the human or the Rhom), and returns of 1/k for each of k winners."""
        if self._outcome is None:
            if not self.is_terminal():
                raise ValueError("the game is not over: it has no outcome yet")
            held = self.tallies()
            scores = scoring.score_all(held, self.state.params)
            winners = tuple(scoring.winners(held, scores))
            share = 1.0 / len(winners)
            returns = tuple(share if i in winners else 0.0 for i in range(self.num_players))
            self._outcome = Outcome(tuple(b.total for b in scores), winners, returns, END_REASON)
        return self._outcome

    def winners(self) -> list[int]:
        tallies = self.tallies()
        return scoring.winners(tallies, scoring.score_all(tallies, self.state.params))

    def statistics(self) -> list[dict[str, Any]]:
        """Per-player statistics (spec section 10) folded from this game's event log; points by
        source are added once the game is over. A clone's log starts empty: use the original."""
        st = Statistics(self.num_players)
        st.observe(self.log)
        if self.is_terminal():
            st.finish(self.scores())
        return st.as_json()

    # ------------------------------------------------------------ views and hidden information

    def view(self, player: int) -> dict[str, Any]:
        return views.view(self.state, player)

    def spectator_view(self) -> dict[str, Any]:
        return views.view(self.state, None)

    def determinize(self, player: int, rng: Rng) -> Game:
        """A clone where everything ``player`` cannot see is re-dealt from ``rng`` (same
        history: the same actions were played in it)."""
        g = Game(views.determinize(self.state, player, rng), self.keep_log)
        g._history = self._history[:]
        return g

    # ------------------------------------------------------------ copies, hashes, records

    def clone(self) -> Game:
        g = Game(self.state.clone(), self.keep_log)
        g._history = self._history[:]
        return g

    def state_hash(self) -> str:
        return self.state.state_hash()

    def history(self) -> list[Action]:
        return [ACTION_TABLE[i] for i in self._history]

    def record(self, with_hashes: bool = False, seats: tuple[str, ...] = ()) -> GameRecord:
        """The game record; ``with_hashes`` replays to store the hash after every action."""
        s = self.state
        actions = tuple(str(a) for a in self.history())
        hashes: tuple[str, ...] = ()
        if with_hashes:
            hashes = tuple(h for _, h in list(_replay_steps(self.record(), check=False))[1:])
        defaults = RulesParams().to_json()
        params = {k: v for k, v in s.params.to_json().items() if defaults[k] != v}
        return GameRecord(
            game=GAME_NAME,
            rules_version=RULES_VERSION,
            data_set=DATA_SET,
            seed=s.seed,
            players=s.num_players - (1 if s.rhom >= 0 else 0),  # human seats
            options=s.options.to_json(),
            params=params,
            actions=actions,
            hashes=hashes,
            seats=seats,
        )

    @classmethod
    def from_record(cls, record: GameRecord, upto: int | None = None) -> Game:
        """Replay a record (all of it, or its first ``upto`` actions), checking stored hashes.

        Raises RecordError when the record is for another game or rules version, an action
        does not parse or is illegal, or a stored hash differs from the replay.
        """
        game: Game | None = None
        for i, (g, _) in enumerate(_replay_steps(record, check=True)):
            game = g
            if upto is not None and i >= upto:
                break
        assert game is not None
        return game


def start_of(record: GameRecord) -> Game:
    """The recorded game before its first action; RecordError if the record is out of bounds
    (``GameRecord.check``), for another game, data set or rules version, or its table
    (players, seats, options, params) cannot be set up."""
    record.check()
    if record.game != GAME_NAME:
        raise RecordError(f"this record is for {record.game!r}, not {GAME_NAME!r}")
    if record.data_set and record.data_set != DATA_SET:
        raise RecordError(
            f"this record was played with the data set {record.data_set!r}; "
            f"this engine has {DATA_SET!r}"
        )
    if record.rules_version != RULES_VERSION:
        raise RecordError(
            f"this record follows rules version {record.rules_version}; "
            f"this engine plays version {RULES_VERSION}"
        )
    try:
        options = Options.from_json(record.options)
        params = RulesParams.from_json(record.params)
        game = Game.new(record.players, record.seed, options, params)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"cannot set up the recorded game: {exc}") from exc
    # Seats list the people's seats, or every seat with the Rhom's (records of each kind exist).
    if record.seats and len(record.seats) not in (record.players, game.num_players):
        raise RecordError(
            f"the record lists {len(record.seats)} seats for a table of {game.num_players}"
        )
    return game


def _replay_steps(record: GameRecord, check: bool) -> Any:
    """Yield (game, hash) at the start and after each action (the same Game object, advanced)."""
    game = start_of(record)
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


# ---------------------------------------------------------------- the game as a plug-in

# The action kinds after which the turn may pass (measured over random games of every table
# kind): before these the search keeps a copy, so a line is judged from just before it passed.
TURN_PASSING: Final = frozenset({END, DONE, RESTORE, REMOVE, PLAY})


class Heuristics:
    """What the generic tree search knows of Gems of Iridescia (``core.game.SearchHeuristics``):
    the evaluator (``evaluate.estimate``), the default policy that finishes a turn
    (``policy.finish_turn``) and where turns pass. Never given the real game: only worlds
    rebuilt from a seat's view."""

    __slots__ = ("weights",)

    chance_samples = 3  # dice decide much of a turn: average over a few rolls

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights

    def leads(self, game: Game) -> list[float]:
        """Each seat's predicted lead over the best other seat (exact once the game is over)."""
        s = game.state
        if rules.decision_kind(s) is None:
            est = [float(b.total) for b in scoring.score_all(tallies(s), s.params)]
        else:
            est = estimate(s, self.weights)
        return leads(est)

    def value(self, game: Game, seat: int) -> float:
        """The seat's predicted lead over the best other seat as the game stands."""
        return margin(estimate(game.state, self.weights), seat)

    def finish_turn(self, game: Game, seat: int, rng: Rng) -> Game:
        """The game when ``seat``'s turn is about to pass, played on by the default policy
        (``game`` may be changed; the result is ``game`` or a later copy)."""
        s = finish_turn(game.state, seat, self.weights, rng)
        return game if s is game.state else Game(s, keep_log=False)

    def play_on(self, game: Game, seat: int, turn: int, rng: Rng) -> Game:
        """The game when ``seat``'s next turn starts, played on by the default policy and the
        Rhom's rules (``core.game.Horizon``; ``policy.play_on``)."""
        s = play_on(game.state, seat, turn, self.weights, rng)
        return game if s is game.state else Game(s, keep_log=False)

    def turn_index(self, game: Game) -> int:
        return game.state.turn_number

    def may_pass_turn(self, action: Action) -> bool:
        return action.kind in TURN_PASSING

    def judge_passing(self, before: Game, action: Action) -> Game:
        """A line whose last restore passed the turn is judged with that relic restored (from
        a copy of ``before``): judged from ``before`` itself, every restore that ends a turn
        looked alike and the bots took the relic with the lowest id — a row relic worth 5
        rather than their reserved Iridia relic worth 10. Other actions: ``before``."""
        if action.kind != RESTORE:
            return before
        s = before.state.clone()
        steps.restore(s, action.a)
        s.events = []
        return Game(s, keep_log=False)

    def candidates(self, game: Game, legal: Sequence[Action]) -> Sequence[Action]:
        return legal  # every action may be the best


class GemsOfIridescia:
    """Gems of Iridescia as a plug-in (``core.game.GameSpec``)."""

    __slots__ = ()

    @property
    def info(self) -> GameInfo:
        return INFO

    @property
    def actions(self) -> ActionTable:
        return TABLE

    @property
    def events(self) -> EventCatalogue:
        return EVENTS

    def new(
        self,
        players: object,
        seed: object = 0,
        options: Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | RulesParams | None = None,
        *,
        mode: str | None = None,
        keep_log: bool = True,
    ) -> Game:
        """A new game at its first decision. ``options`` and ``params`` are JSON-style mappings
        checked against the metadata (ValueError says what is wrong); ``mode`` adds the
        options that mode sets (``solo`` and ``rhom`` set ``rhom``)."""
        chosen = dict(options or {})
        for key, value in chosen.items():
            INFO.option(key).check(value)
        if mode is not None:
            chosen = INFO.mode(mode).with_options(chosen)
        INFO.mode(mode or mode_of(players, chosen)).check_players(players)
        rules_params = params if isinstance(params, RulesParams) else _params(params)
        return Game.new(players, seed, Options.from_json(chosen), rules_params, keep_log=keep_log)

    def from_record(self, record: GameRecord, upto: int | None = None) -> Game:
        return Game.from_record(record, upto)

    def world_from_view(self, view: Mapping[str, Any], rng: Rng) -> Game:
        """A world for search: it keeps no log and its actions emit no events."""
        state = worlds.world_from_view(dict(view), rng)
        state.silent = True
        return Game(state, keep_log=False)

    def heuristics(self) -> Heuristics:
        return Heuristics()


def _params(data: Mapping[str, Any] | None) -> RulesParams:
    if data is None:
        return RulesParams()
    if not isinstance(data, Mapping):
        raise ValueError("rules parameters must be a mapping of names to values")
    return RulesParams.from_json(dict(data))


GAME: Final = GemsOfIridescia()

__all__ = ["GAME", "Decision", "Game", "GemsOfIridescia", "Heuristics", "Options", "RulesParams"]
