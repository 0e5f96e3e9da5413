"""OpenSpiel: each game with an observation encoder as a Python game (``python_<game>``).

Importing this module registers one OpenSpiel game per game the research APIs can play
(``rl.games.names()``), named ``python_`` + the game's registry name with ``_`` for ``-``
(``short_name(game)``); then ``pyspiel.load_game("python_gems_of_iridescia(players=3)")``, or
``load(game, players=3)``, which names a game without an encoder instead of OpenSpiel's
"unknown game". Parameters: ``players`` (decision-making seats; default the smallest table of
the game's default mode), the game's table options (Gems of Iridescia: ``rhom``, the Rhom as
one more explorer for 2-3 players; it is a seat but no OpenSpiel player; one player is solo
against it; Gem Rush: ``mode``, ``level``, ``hidden_hands``, ``rush_burns``,
``crisis_may_stop``), ``seed`` (see below) and ``returns`` (``"score"``: final scores,
``"win_loss"``: +1 for the winners else -1, ``"margin"``: score minus the best other,
``"returns"``: the outcome's returns; the default is the encoder's ``default_returns``: scores
for Gems of Iridescia, returns for Gem Rush). The game's metadata (``GameInfo``) gives the type:
names, player range, action count.

* Sequential, imperfect information, terminal rewards. General-sum, except a cooperative mode
  (Gem Rush's Crisis) with ``returns`` or ``win_loss``: every seat gets the team's result, and
  the game object's type says identical utilities. Chance is
  ``SAMPLED_STOCHASTIC``: the game draws from the state's own RNG inside ``apply`` and there
  are no chance nodes. Player ``i`` is seat ``i``; actions are the ids of the game's action
  table (``ActionIds.names``).
* Initial states: with ``seed=s`` (s >= 0) every initial state plays the deal of ``s``. With
  ``seed=-1`` (the default) fresh states take the deals 0, 1, 2, ... of the game object's
  counter, each when it is first played or inspected; only observing a fresh state takes no deal
  (OpenSpiel makes and observes a throw-away initial state for every tensor-shape query, so
  these are served from a cache). ``new_initial_state_for_seed(s)`` picks a deal directly. Any
  state is reproducible from (seed, actions): that is its ``serialize()``.
* Observations: ``observation_tensor`` / ``information_state_tensor`` are the encoding of the
  player's view (``docs/observation.md``), as OpenSpiel's Python list; the observer of
  ``open_spiel.python.observation.make_observation(game)`` (``SpielObserver``) fills its NumPy
  ``tensor`` in place instead, which is the fast way: no list of thousands of floats a call
  (``docs/research.md``, Throughput). ``observation_string`` is the view as JSON;
  ``information_state_string`` adds the action history as every seat saw it (the encoder's
  ``public_text``: Gems of Iridescia's ``discard objective`` without its objective). That is
  close to, not exactly, perfect recall: what the player saw once and no longer shows anywhere
  (the faces of an earlier roll) is not repeated. The tensors are the current view only. A
  public observer (``private_info=NONE``) sees the spectator view.
* ``resample_from_infostate(player, sampler)`` returns ``game.determinize(player, Rng(seed))``
  with the seed drawn from the sampler: OpenSpiel's IS-MCTS can play.
* ``state.serialize()`` / ``game.deserialize_state(text)`` carry the game record (JSON) and, for
  a resampled world, which seat and seed re-dealt it after how many actions; deserializing
  replays them. ``pyspiel.serialize_game_and_state`` (and pickling a state) cannot work: for a
  sampled-stochastic game it also stores the game's RNG through ``Game::GetRNGState``, which
  OpenSpiel 2.0 does not let a Python game implement. So ``random_sim_test`` runs with
  ``serialize=False`` and our tests check the state round trip themselves.

No rules logic and no game lives here: everything goes through the contract and the encoder.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, cast

import numpy as np
import pyspiel

from iridescia.core.game import Game, GameSpec
from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games import DEFAULT_GAME
from iridescia.games import get as get_game
from iridescia.rl import games as encoders
from iridescia.rl.actions import ActionIds
from iridescia.rl.plugin import ObservationEncoder
from iridescia.rl.rewards import check_kind, final_rewards, reward_range
from iridescia.rl.seats import Table

# ``returns`` that give every seat the same value in a cooperative mode (one team result).
TEAM_RETURNS = ("returns", "win_loss")


def short_name(game: str | None = None) -> str:
    """The OpenSpiel name of ``game`` (the default game for None): ``python_gems_of_iridescia``."""
    return "python_" + get_game(game).info.name.replace("-", "_")


def default_params(game: str | None = None) -> dict[str, Any]:
    """The OpenSpiel parameters of ``game`` with their defaults."""
    spec = get_game(game)
    return {
        "players": spec.info.default_mode.min_players,
        **encoders.get(spec.info.name).table_options,
        "seed": -1,
        "returns": encoders.get(spec.info.name).default_returns,
    }


def game_type(game: str | None = None, *, identical: bool = False) -> pyspiel.GameType:
    """The OpenSpiel type of ``game``, from its metadata; ``identical`` utilities for a table
    whose every seat gets the same return (a cooperative mode), else general-sum."""
    info = get_game(game).info
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(info.name),
        long_name=f"Python {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.IDENTICAL if identical else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(m.max_players for m in info.modes),
        min_num_players=min(m.min_players for m in info.modes),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=default_params(info.name),
    )


class Engine:
    """The game behind one OpenSpiel state, and the re-deals that led to it.

    ``worlds`` lists ``(actions before, seat, seed)`` for each ``determinize`` on the way, so the
    state can be rebuilt from the game record. Copying clones the game; pickling stores JSON.
    """

    __slots__ = ("game", "worlds")

    def __init__(self, game: Game, worlds: tuple[tuple[int, int, int], ...] = ()) -> None:
        self.game = game
        self.worlds = worlds

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        return Engine(self.game.clone(), self.worlds)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Engine.loads, (self.dumps(),))

    def dumps(self) -> str:
        return json.dumps(
            {"record": self.game.record().to_json(), "worlds": [list(w) for w in self.worlds]}
        )

    @staticmethod
    def loads(text: str) -> Engine:
        data = json.loads(text)
        record = GameRecord.from_json(data["record"])
        worlds = tuple((int(k), int(seat), int(seed)) for k, seat, seed in data["worlds"])
        cuts = [k for k, _, _ in worlds] + [len(record.actions)]
        game = get_game(record.game).from_record(record, upto=cuts[0])
        for (_, seat, seed), start, end in zip(worlds, cuts, cuts[1:], strict=False):
            game = game.determinize(seat, Rng(seed))
            for text in record.actions[start:end]:
                game.apply(text)
        return Engine(game, worlds)


class SpielState(pyspiel.State):
    """One position; see the module docstring. ``game`` is the game in progress."""

    def __init__(self, game: SpielGame, engine: Engine | None = None) -> None:
        super().__init__(game)
        self._engine = engine  # the only attribute: OpenSpiel copies and pickles __dict__

    @property
    def engine(self) -> Engine:
        if self._engine is None:  # a fresh state takes its deal when first used
            spiel_game: SpielGame = self.get_game()
            self._engine = Engine(spiel_game.claim_deal())
        return self._engine

    @property
    def is_fresh(self) -> bool:
        """A fresh initial state that has not taken its deal yet."""
        return self._engine is None

    @property
    def game(self) -> Game:
        """The game in progress (read it, do not change it: OpenSpiel tracks the history)."""
        return self.engine.game

    def current_player(self) -> int:
        seat = self.game.current_player
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return [a.id for a in self.game.legal_actions()]

    def _apply_action(self, action: int) -> None:
        self.game.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        spiel_game: SpielGame = self.get_game()
        return spiel_game.actions.name(action)

    def is_terminal(self) -> bool:
        return self.game.is_terminal()

    def returns(self) -> list[float]:
        n = self.num_players()
        if not self.game.is_terminal():
            return [0.0] * n
        kind = self.get_game().returns_kind
        return final_rewards(self.game, kind)[:n]

    def observation_tensor(self, player: Any = None) -> list[float]:
        """OpenSpiel's ``observation_tensor``: the same list, built faster (``_tensor_list``)."""
        return self._tensor_list(pyspiel.State.observation_tensor, player)

    def information_state_tensor(self, player: Any = None) -> list[float]:
        """OpenSpiel's ``information_state_tensor``: the same list, built faster."""
        return self._tensor_list(pyspiel.State.information_state_tensor, player)

    def _tensor_list(self, openspiel: Callable[..., list[float]], player: Any) -> list[float]:
        """The player's tensor as the Python list OpenSpiel's own method returns, without its
        detours: OpenSpiel's C++ first asks for the tensor's shape (observing a throw-away
        initial state) and then converts the floats one at a time, where NumPy's ``tolist``
        makes the same floats in one call (Gem Rush's 9,444 floats and the observation: 250-360
        against 215-290 us a call on the loaded machine). Both tensors are the current view
        (see the module docstring), so one observer serves both. Anything but a player's seat
        goes to OpenSpiel's method, so that errors stay OpenSpiel's own."""
        if player is None:
            player = self.current_player()
        if not isinstance(player, int) or not 0 <= player < self.num_players():
            return openspiel(self, player)
        spiel_game: SpielGame = self.get_game()
        observer = spiel_game.list_observer
        observer.set_from(self, player)
        values: list[float] = observer.tensor.tolist()
        return values

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state the player cannot tell from this one, everything hidden re-dealt."""
        seed = int(probability_sampler() * 2**53)
        world = self.game.determinize(player_id, Rng(seed))
        clone: SpielState = self.clone()  # keeps OpenSpiel's own history
        done = len(self.game.history())
        clone._engine = Engine(world, (*self.engine.worlds, (done, player_id, seed)))
        return clone

    def __str__(self) -> str:
        game = self.game
        who = "over" if game.is_terminal() else f"seat {game.current_player} to act"
        return f"{len(game.history())} actions, {who}, state {game.state_hash()}"


class SpielObserver:
    """OpenSpiel's Python observer: the game's encoding and the JSON of a player's view.

    ``make_observation(game)`` returns it as it is (a Python game makes its own observers), so
    ``set_from`` fills ``tensor`` (and ``dict["observation"]``, the same array) in place with no
    Python list on the way; OpenSpiel's C++ copies from that array for its own tensors.
    """

    def __init__(
        self, encoder: ObservationEncoder, iig_obs_type: Any, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every player's private information is not provided")
        self.encoder = encoder
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(encoder.layout.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: SpielState, player: int) -> Mapping[str, Any]:
        game = state.get_game().next_deal() if state.is_fresh else state.game
        return game.spectator_view() if self.public_only else game.view(player)

    def set_from(self, state: SpielState, player: int) -> None:
        if state.is_fresh:  # e.g. a tensor-shape query: cached, and no deal is taken
            self.tensor[:] = state.get_game().initial_observation(player, self.public_only)
        else:
            self.tensor[:] = self.encoder.encode(self._view(state, player))

    def string_from(self, state: SpielState, player: int) -> str:
        text = json.dumps(self._view(state, player), separators=(",", ":"))
        if not self.perfect_recall:
            return text
        public = self.encoder.public_text
        return text + "\nhistory: " + ", ".join(public(a) for a in state.game.history())


class SpielGame(pyspiel.Game):
    """The OpenSpiel game object of one game, for one parameter set: OpenSpiel makes it from
    the game's own subclass (``game_class``), which names the game."""

    game_name: str = DEFAULT_GAME

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.game_name
        self.encoder = encoders.get(game)
        self.spec: GameSpec = get_game(game)
        self.actions = ActionIds.of(game)
        defaults = default_params(game)
        merged = {**defaults, **(params or {})}
        options = {k: v for k, v in merged.items() if k not in ("players", "seed", "returns")}
        self.table = Table.build(game, int(merged["players"]), options=options)
        self.returns_kind = check_kind(str(merged["returns"]))
        self.seed = int(merged["seed"])
        if self.seed < -1:
            raise ValueError("seed must be -1 (a new deal for each state) or a deal's seed")
        self._next_deal = 0
        self._template: Game | None = None  # the deal the next fresh state will take
        self._initial_obs: dict[tuple[int, bool], np.ndarray[Any, Any]] = {}
        seating = self.table.seating
        returns = self.encoder.returns_range(seating.mode.name, seating.options)
        low, high = reward_range(self.returns_kind, self.encoder.max_score, returns)
        # The list route's observer (``SpielState.observation_tensor``), made once per game.
        self.list_observer = SpielObserver(
            self.encoder, pyspiel.IIGObservationType(perfect_recall=False), None
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.size,
            max_chance_outcomes=0,
            num_players=self.table.players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=self.encoder.max_game_length,
        )
        identical = seating.mode.cooperative and self.returns_kind in TEAM_RETURNS
        super().__init__(game_type(game, identical=identical), info, merged)

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def new_initial_state_for_seed(self, seed: int) -> SpielState:
        """The initial state of the deal for ``seed``."""
        return SpielState(self, Engine(self.table.new_game(seed)))

    def next_deal(self) -> Game:
        """The game the next fresh state will take (do not change it)."""
        if self._template is None:
            seed = self.seed if self.seed >= 0 else self._next_deal
            self._template = self.table.new_game(seed)
            self._initial_obs = {}
        return self._template

    def claim_deal(self) -> Game:
        """The game of a fresh state that is being used (see the module docstring)."""
        game = self.next_deal()
        if self.seed >= 0:
            return game.clone()
        self._template = None
        self._next_deal += 1
        return game

    def initial_observation(self, player: int, public_only: bool) -> np.ndarray[Any, Any]:
        """The encoded view of the next deal's initial position (cached)."""
        key = (player, public_only)
        if key not in self._initial_obs:
            game = self.next_deal()
            view = game.spectator_view() if public_only else game.view(player)
            self._initial_obs[key] = self.encoder.encode(view)
        return self._initial_obs[key]

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SpielObserver:
        return SpielObserver(
            self.encoder, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


_CLASSES: dict[str, type[SpielGame]] = {}


def game_class(game: str | None = None) -> type[SpielGame]:
    """The ``SpielGame`` subclass OpenSpiel makes ``game``'s game objects from. (A class, not a
    closure: OpenSpiel keeps the factory until after the interpreter is gone, and releasing a
    closure then aborts the process; a class is never released.)"""
    name = get_game(game).info.name
    if name not in _CLASSES:
        made = type(f"SpielGame_{name.replace('-', '_')}", (SpielGame,), {"game_name": name})
        _CLASSES[name] = cast("type[SpielGame]", made)
    return _CLASSES[name]


def register_games() -> list[str]:
    """Register every game the research APIs can play with OpenSpiel (idempotent); returns
    their OpenSpiel names."""
    known = set(pyspiel.registered_names())
    out = []
    for name in encoders.names():
        kind = game_type(name)
        if kind.short_name not in known:
            pyspiel.register_game(kind, game_class(name))
        out.append(kind.short_name)
    return out


def load(game: str | None = None, **params: Any) -> SpielGame:
    """``pyspiel.load_game`` of ``game`` (the default game for None) with ``params``; a game
    without an encoder is refused by name (``EncoderNotAvailable``)."""
    encoders.get(game)
    loaded: SpielGame = pyspiel.load_game(short_name(game), params)
    return loaded


register_games()
SHORT_NAME = short_name(DEFAULT_GAME)
GAME_TYPE = game_type(DEFAULT_GAME)
IridesciaGame = SpielGame  # the names before games plugged in
IridesciaState = SpielState

__all__ = [
    "GAME_TYPE",
    "SHORT_NAME",
    "Engine",
    "IridesciaGame",
    "IridesciaState",
    "SpielGame",
    "SpielObserver",
    "SpielState",
    "default_params",
    "game_class",
    "game_type",
    "load",
    "register_games",
    "short_name",
]
