"""The game contract: what every game on the engine provides, and what every face relies on.

A game plugs in with one ``GameSpec`` (its metadata declared once in ``GameInfo``, its action
table, its event catalogue, and the constructors ``new``, ``from_record`` and
``world_from_view``), and one class of games in progress that satisfies ``Game``: the current
``Decision``, ``apply`` (checked) and ``apply_unchecked`` (for search), ``refusal`` (why an
action is not legal now, in data: ``core.refusals``), ``is_terminal``, one ``Outcome`` computed
once, views per seat and for spectators, determinisation, ``clone``, ``state_hash`` and
records. The terminal, the web app, simulations, bots and the research APIs
use only this contract and a game's package API; they never reach into a game's internals.

Seats are 0-based everywhere in code and 1-based in texts shown to people. ``players`` in
``new`` counts the seats people or bots play; a mode may add seats the engine plays itself
(an automa, such as the Rhom of Gems of Iridescia), listed by ``Game.automa_seats``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast

from iridescia.core.actions import Action, ActionTable
from iridescia.core.events import Event, EventCatalogue
from iridescia.core.record import GameRecord
from iridescia.core.refusals import Refusal
from iridescia.core.rng import Rng

# A view is a JSON-ready mapping built for one seat (or a spectator). Each game documents its
# schema as a ``TypedDict``; faces treat it as data and hand it to the game's renderers. Every
# view holds ``"viewer"``: the seat it was built for, or None for a spectator.
View = Mapping[str, Any]

G = TypeVar("G", bound="Game")


@dataclass(frozen=True, slots=True)
class Mode:
    """One way to play a game, with its seat range and the options it implies."""

    name: str  # "crisis", "solo"...: what ``--mode`` and the lobby use
    title: str  # "Crisis (cooperative)", shown in choosers (translated by the faces by name)
    min_players: int
    max_players: int
    cooperative: bool = False  # one team result: every seat wins or loses together
    options: Mapping[str, Any] = field(default_factory=dict)  # options this mode sets
    automa_seats: int = 0  # seats the engine adds and plays itself

    def check_players(self, players: object) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"the number of players must be an integer, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            span = (
                f"{self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players}-{self.max_players}"
            )
            noun = "player" if self.max_players == 1 else "players"
            raise ValueError(f"{self.title} takes {span} {noun}, not {players}")

    def with_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` plus the ones this mode sets; ValueError when they contradict it."""
        merged = dict(options)
        for key, value in self.options.items():
            if key in merged and merged[key] != value:
                raise ValueError(f"option {key}={merged[key]!r} contradicts mode {self.name!r}")
            merged[key] = value
        return merged


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A table option: its name, type, default and allowed values."""

    name: str
    kind: type  # bool, int or str
    default: Any
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    nullable: bool = False  # None is allowed (meaning "not set", e.g. no fixed first player)
    modes: tuple[str, ...] = ()  # the modes it applies to; empty means every mode

    def check(self, value: Any) -> Any:
        """``value`` if it fits this option; ValueError saying what is expected otherwise."""
        if value is None and self.nullable:
            return None
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValueError(f"option {self.name} takes an integer, not {value!r}")
        if self.kind is not int and not isinstance(value, self.kind):
            raise ValueError(f"option {self.name} takes a {self.kind.__name__}, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise ValueError(f"option {self.name} must be at least {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise ValueError(f"option {self.name} must be at most {self.maximum}")
        if self.choices and value not in self.choices:
            raise ValueError(f"option {self.name} must be one of {', '.join(self.choices)}")
        return value

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.kind.__name__,
            "default": self.default,
            "help": self.help,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "choices": list(self.choices),
            "nullable": self.nullable,
            "modes": list(self.modes),
        }


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's metadata, declared once and read by every face."""

    name: str  # the registry key and record tag: "gems-of-iridescia", "gem-rush"
    title: str
    rules_version: int  # bumped only when behaviour changes: records say which rules they follow
    data_set: str  # the component data set id, written into every record
    modes: tuple[Mode, ...]
    num_actions: int  # the size of the fixed action table
    options: tuple[OptionSpec, ...] = ()
    notice: str | None = None  # a notice every face shows with this game (provisional data)

    @property
    def default_mode(self) -> Mode:
        return self.modes[0]

    @property
    def max_seats(self) -> int:
        return max(m.max_players + m.automa_seats for m in self.modes)

    def mode(self, name: str | None) -> Mode:
        if name is None:
            return self.default_mode
        for m in self.modes:
            if m.name == name:
                return m
        raise ValueError(
            f"{self.title} has no mode {name!r}; modes: {', '.join(m.name for m in self.modes)}"
        )

    def option(self, name: str) -> OptionSpec:
        for o in self.options:
            if o.name == name:
                return o
        raise ValueError(f"{self.title} has no option {name!r}")

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "rules_version": self.rules_version,
            "data_set": self.data_set,
            "notice": self.notice,
            "num_actions": self.num_actions,
            "max_seats": self.max_seats,
            "modes": [
                {
                    "name": m.name,
                    "title": m.title,
                    "min_players": m.min_players,
                    "max_players": m.max_players,
                    "cooperative": m.cooperative,
                    "automa_seats": m.automa_seats,
                    "options": dict(m.options),
                }
                for m in self.modes
            ],
            "options": [o.to_json() for o in self.options],
        }


@dataclass(frozen=True, slots=True)
class Decision:
    """Who acts, what is being decided, and the legal actions (sorted by id)."""

    player: int
    kind: str
    prompt: str
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended, computed once.

    ``winners`` may be every seat (a cooperative win, or everybody tied), none (a cooperative
    loss) or any subset (shared wins). ``returns`` is what learning agents and search receive per
    seat. ``team_score`` and ``target`` are set by cooperative modes (and ``target`` by any mode
    that plays to one).
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    returns: tuple[float, ...]
    reason: str
    team_score: int | None = None
    target: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "returns": list(self.returns),
            "reason": self.reason,
            "team_score": self.team_score,
            "target": self.target,
        }


class Game(Protocol):
    """A game in progress. Everything a face may do with it."""

    log: list[Event]  # events since creation when the game keeps its log, else empty

    @property
    def spec(self) -> GameSpec: ...

    @property
    def num_players(self) -> int:
        """Every seat, automa seats included."""
        ...

    @property
    def automa_seats(self) -> tuple[int, ...]:
        """Seats the engine plays itself: they never have a decision."""
        ...

    @property
    def seed(self) -> int: ...

    @property
    def mode(self) -> str: ...

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None when the game is over."""
        ...

    def decision(self) -> Decision | None: ...

    def legal_actions(self) -> Sequence[Action]:
        """The current decision's legal actions, sorted by id ([] once the game is over)."""
        ...

    def apply(self, action: Action | str | int) -> list[Event]:
        """Apply an action (value, text or id) and return its events. Raises
        InvalidActionError when it cannot be read and IllegalActionError when it is not legal
        now, whose ``refusal`` says why (the same as ``refusal(action)``); the game is
        unchanged in both cases."""
        ...

    def refusal(self, action: Action | str | int, seat: int | None = None) -> Refusal | None:
        """Why ``action`` (value, text or id) is not legal now, or None when it is legal.

        ``refusal(a) is None`` exactly when ``a`` is among ``legal_actions()``. With ``seat``,
        an action asked for any other seat than the one to act is refused too
        (``refusal.not_your_turn``); a finished game refuses everything
        (``refusal.game_over``). Text that does not name an action is not a refusal: it raises
        InvalidActionError, as ``apply`` does. Never changes the game (its ``state_hash``).
        The reason is computed only when asked (or when ``apply`` fails), never on the way of
        a legal action. Faces show it with ``iridescia.i18n.describe_refusal``."""
        ...

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Apply an action taken from ``legal_actions()`` of this very state, without checking
        it (search). Anything else is undefined behaviour."""
        ...

    def is_terminal(self) -> bool: ...

    def reseed(self, seed: int) -> None:
        """Replace the game's RNG, so every chance event from now on is drawn anew (search: a
        copy of a world with fresh dice)."""
        ...

    def outcome(self) -> Outcome:
        """The result of a finished game (ValueError before the end), computed once."""
        ...

    def view(self, seat: int) -> View: ...

    def spectator_view(self) -> View: ...

    def determinize(self: G, seat: int, rng: Rng) -> G:
        """A copy in which everything ``seat`` cannot see is re-dealt from ``rng``."""
        ...

    def clone(self: G) -> G:
        """An independent copy (its log starts empty)."""
        ...

    def state_hash(self) -> str: ...

    def history(self) -> list[Action]: ...

    def record(self, with_hashes: bool = False, seats: tuple[str, ...] = ()) -> GameRecord: ...


class SearchHeuristics(Protocol[G]):
    """What a game tells the generic bots about itself (it lives in the game package).

    The search plays within the deciding seat's turn: ``turn_index`` changes when the turn passes,
    ``may_pass_turn`` says before which actions a copy must be kept (so the line can be judged from
    just before the turn passed, by ``judge_passing``; a game whose lines are judged just after the
    turn passed says False for every action), ``finish_turn`` plays the seat's turn on by a cheap
    default policy, ``leads`` predicts every seat's standing (higher is better, exact once the game
    is over) and ``value`` one seat's. ``chance_samples`` says over how many reseeded copies of one
    re-dealt world a one-step look-ahead averages each action: several where chance within a turn
    comes from the game's RNG (dice), one where a re-dealt world already fixes what the turn draws
    (the order of a shuffled deck). ``candidates`` lets a game prune actions that are never better
    than another before any search looks at them.
    """

    chance_samples: int

    def leads(self, game: G) -> list[float]: ...

    def value(self, game: G, seat: int) -> float: ...

    def finish_turn(self, game: G, seat: int, rng: Rng) -> G: ...

    def turn_index(self, game: G) -> int: ...

    def may_pass_turn(self, action: Action) -> bool: ...

    def judge_passing(self, before: G, action: Action) -> G:
        """The game by which to judge a line whose ``action``, played in ``before`` (a game
        ``may_pass_turn`` kept), passed the turn: ``before`` itself, or a copy with the part of
        the action that is the seat's own (a relic restored) done. Never changes ``before``."""
        ...

    def candidates(self, game: G, legal: Sequence[Action]) -> Sequence[Action]:
        """The actions of ``legal`` worth searching: all of them, or fewer where the game
        knows some can never do better than another (never empty when ``legal`` is not)."""
        ...


class Horizon(Protocol[G]):
    """What a game's heuristics add so that the search can look past the deciding seat's turn
    (optional: heuristics without it are judged within the seat's turn, as before).

    ``play_on`` plays a world on, by the game's default policies (an automa by its own rules),
    from any point of ``seat``'s turn numbered ``turn`` (``SearchHeuristics.turn_index``) until
    ``seat``'s next turn starts or the game ends: the rest of ``seat``'s turn, then every other
    seat's turn. The search then judges the world there, so what the other seats (and an automa)
    will do before the seat acts again is seen by play rather than by the evaluator's weights.
    ``game`` may be changed; the result is ``game`` or a later copy.
    """

    def play_on(self, game: G, seat: int, turn: int, rng: Rng) -> G: ...


def horizon_of(heuristics: object) -> Horizon[Any] | None:
    """``heuristics`` as a ``Horizon`` when it has ``play_on``, else None. (A method check, not
    ``isinstance`` of a runtime-checkable protocol: the compiled build cannot make those.)"""
    if callable(getattr(heuristics, "play_on", None)):
        return cast("Horizon[Any]", heuristics)
    return None


class GameSpec(Protocol):
    """A game as a plug-in: metadata, action table, event catalogue and constructors."""

    @property
    def info(self) -> GameInfo: ...

    @property
    def actions(self) -> ActionTable: ...

    @property
    def events(self) -> EventCatalogue: ...

    def new(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | None = None,
        *,
        mode: str | None = None,
        keep_log: bool = True,
    ) -> Game:
        """A new game. ``options`` and ``params`` are JSON-style mappings checked against the
        metadata (ValueError saying what is wrong); ``mode`` adds the options that mode sets.
        ``keep_log=False`` keeps no event log (simulation and search)."""
        ...

    def from_record(self, record: GameRecord, upto: int | None = None) -> Game:
        """Replay a record (RecordError when it is not this game's or does not replay)."""
        ...

    def world_from_view(self, view: View, rng: Rng) -> Game:
        """A full game in which ``view``'s seat sees exactly ``view``, the rest dealt from
        ``rng`` (for search bots, which never see the real game)."""
        ...

    def heuristics(self) -> SearchHeuristics[Any] | None:
        """What the tree search needs to know about this game, or None if it has none yet."""
        ...
