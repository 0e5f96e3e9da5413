"""``Game``: the public forward model of Gems of Iridescia.

Create a game from (players, seed, options), ask for the current decision and its legal actions,
apply actions (as values, texts or ids), test for the end, score, build views, clone, hash,
determinise, and save or replay game records. Everything else in the package (bots, the terminal,
the web app, simulations, RL wrappers) goes through this class.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from iridescia.core.errors import IllegalActionError, InvalidActionError, RecordError
from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games.iridescia import rules, scoring, views
from iridescia.games.iridescia.actions import ACTION_TABLE, Action
from iridescia.games.iridescia.data import (
    IRIDIA_TYPE,
    RAINBOW,
    RELIC_BY_ID,
    TILE_BY_ID,
    TOKEN_BY_KEY,
)
from iridescia.games.iridescia.params import RulesParams
from iridescia.games.iridescia.setup import new_state
from iridescia.games.iridescia.state import RULES_VERSION, Event, Options, State
from iridescia.games.iridescia.stats import Statistics

GAME_NAME = "gems-of-iridescia"


@dataclass(frozen=True, slots=True)
class Decision:
    """Who acts, what is being decided, and the legal actions (sorted by id)."""

    player: int
    kind: str
    prompt: str
    actions: tuple[Action, ...]


class Game:
    """One game of Gems of Iridescia. Seats are 0-based here and 1-based in action texts."""

    __slots__ = ("_history", "keep_log", "log", "state")

    def __init__(self, state: State, keep_log: bool = True) -> None:
        self.state = state
        # The ids of the actions applied since setup: the record. It lives here, not in the
        # state, so that the copies a search makes of states never copy it.
        self._history: list[int] = []
        # Every event since creation (a clone starts a new log). Simulations and search keep
        # none: a finished game's log is about 90% of its memory (docs/performance.md).
        self.keep_log = keep_log
        self.log: list[Event] = []

    # ------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        players: int = 2,
        seed: int = 0,
        options: Options | None = None,
        params: RulesParams | None = None,
        *,
        keep_log: bool = True,
    ) -> Game:
        """A new game; ``keep_log=False`` keeps no event log (``apply`` still returns each
        action's events)."""
        state = new_state(players, seed, options, params)
        g = cls(state, keep_log)
        if keep_log:
            g.log.extend(state.events)
        state.events = []
        return g

    # ------------------------------------------------------------ the forward model

    @property
    def num_players(self) -> int:
        return self.state.num_players

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

    def apply(self, action: Action | str | int) -> list[Event]:
        """Apply an action (value, text or id). Raises InvalidActionError if it cannot be read,
        IllegalActionError if it is not legal now; the game is unchanged in both cases."""
        a = rules.coerce(action)
        events = rules.apply(self.state, a)  # a fresh list per action: safe to hand out
        self._history.append(a.id)
        if self.keep_log:
            self.log.extend(events)
        return events

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

    # ------------------------------------------------------------ scoring

    def tallies(self) -> list[scoring.PlayerTally]:
        s = self.state
        out = []
        for p in s.players:
            colours = [0, 0, 0, 0]
            wild = 0
            for t in p.tiles:
                gem = TILE_BY_ID[t].gem
                if gem >= RAINBOW:
                    wild += 1
                else:
                    colours[gem] += 1
            types = [0, 0, 0]
            leads = [0, 0, 0, 0]
            iridia = 0
            for r in p.relics:
                relic = RELIC_BY_ID[r]
                if relic.type == IRIDIA_TYPE:
                    iridia += 1
                else:
                    types[relic.type] += 1
                    leads[relic.lead] += 1
            out.append(
                scoring.PlayerTally(
                    cargo_gems=sum(p.cargo),
                    coins=p.coins,
                    tile_colours=(colours[0], colours[1], colours[2], colours[3]),
                    wild_tiles=wild,
                    relic_types=(types[0], types[1], types[2]),
                    relic_leads=(leads[0], leads[1], leads[2], leads[3]),
                    iridia_relics=iridia,
                    objectives=tuple(p.objectives),
                    relic_points=p.relic_points,
                    tile_bonus_points=p.tile_bonus_points,
                    iridia_stone_points=s.params.iridia_stone_points if p.iridia_stone else 0,
                    token_points=TOKEN_BY_KEY[p.token].points if p.token else 0,
                    merchant_points=p.merchant_points,
                    overflow_points=p.overflow_points,
                    has_iridia_stone=p.iridia_stone,
                    token_rank=TOKEN_BY_KEY[p.token].rank if p.token else 0,
                )
            )
        return out

    def scores(self) -> list[scoring.ScoreBreakdown]:
        """Each seat's score with its breakdown by source (final scoring if the game is over,
        else what final scoring would give now)."""
        return scoring.score_all(self.tallies(), self.state.params)

    def ranking(self) -> list[int]:
        """Each seat's place (1 = best) after tie-breaks (R33); tied seats share a place."""
        tallies = self.tallies()
        return scoring.rank_players(tallies, scoring.score_all(tallies, self.state.params))

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
    if record.game != GAME_NAME:
        raise RecordError(f"this record is for {record.game!r}, not {GAME_NAME!r}")
    if record.rules_version != RULES_VERSION:
        raise RecordError(
            f"this record follows rules version {record.rules_version}; "
            f"this engine plays version {RULES_VERSION}"
        )
    try:
        options = Options.from_json(record.options)
        params = RulesParams.from_json(record.params)
        return Game.new(record.players, record.seed, options, params)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"cannot set up the recorded game: {exc}") from exc


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


__all__ = ["Decision", "Game", "Options", "RulesParams"]
