"""OpenSpiel: Gems of Iridescia as the Python game ``python_gems_of_iridescia``.

Importing this module registers the game; then
``pyspiel.load_game("python_gems_of_iridescia(players=3)")``. Parameters: ``players`` (1-4 human
seats; 1 is solo against the Rhom), ``rhom`` (the Rhom as one more explorer for 2-3 players; it
is a seat but no OpenSpiel player), ``seed`` (see below) and ``returns`` (``"score"``: final
scores, ``"win_loss"``: +1 for the winners else -1, ``"margin"``: score minus the best other).

* Sequential, imperfect information, general-sum, terminal rewards. Chance is
  ``SAMPLED_STOCHASTIC``: the engine draws tiles, dice and cards from the state's own RNG inside
  ``apply`` and there are no chance nodes. Player ``i`` is engine seat ``i``; actions are the
  engine's action ids (``ACTION_NAMES``).
* Initial states: with ``seed=s`` (s >= 0) every initial state plays ``Game.new(players, s)``.
  With ``seed=-1`` (the default) fresh states take the deals 0, 1, 2, ... of the game object's
  counter, each when it is first played or inspected; only observing a fresh state takes no deal
  (OpenSpiel makes and observes a throw-away initial state for every tensor-shape query, so
  these are served from a cache). ``new_initial_state_for_seed(s)`` picks a deal directly. Any
  state is reproducible from (engine seed, actions): that is its ``serialize()``.
* Observations: ``observation_tensor`` / ``information_state_tensor`` are the shared encoding of
  the player's view (``docs/observation.md``); ``observation_string`` is the view as JSON;
  ``information_state_string`` adds the action history (every seat's ``discard objective``
  without its objective). That is close to, not exactly, perfect recall: what the player saw
  once and no longer shows anywhere (the faces of an earlier roll) is not repeated. The tensors
  are the current view only. A public observer (``private_info=NONE``) sees the spectator view.
* ``resample_from_infostate(player, sampler)`` returns ``game.determinize(player, Rng(seed))``
  with the seed drawn from the sampler: OpenSpiel's IS-MCTS can play.
* ``state.serialize()`` / ``game.deserialize_state(text)`` carry the game record (JSON) and, for
  a resampled world, which seat and seed re-dealt it after how many actions; deserializing
  replays them. ``pyspiel.serialize_game_and_state`` (and pickling a state) cannot work: for a
  sampled-stochastic game it also stores the game's RNG through ``Game::GetRNGState``, which
  OpenSpiel 2.0 does not let a Python game implement. So ``random_sim_test`` runs with
  ``serialize=False`` and our tests check the state round trip themselves.

No rules logic here: everything goes through ``Game``.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.games.iridescia.game import Game
from iridescia.rl.actions import NUM_ACTIONS, action_name
from iridescia.rl.layout import OBS_SIZE
from iridescia.rl.observation import encode
from iridescia.rl.rewards import check_kind, final_rewards, reward_range
from iridescia.rl.seats import Table

SHORT_NAME = "python_gems_of_iridescia"
# Decisions in one game: the longest of 1,600 random games took 427 (4 players,
# docs/research.md); this bound is far above anything play reaches.
MAX_GAME_LENGTH = 5000
DEFAULT_PARAMS: dict[str, Any] = {"players": 2, "rhom": False, "seed": -1, "returns": "score"}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Gems of Iridescia",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=DEFAULT_PARAMS,
)


class Engine:
    """The engine game behind one OpenSpiel state, and the re-deals that led to it.

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
        game = Game.from_record(record, upto=cuts[0])
        for (_, seat, seed), start, end in zip(worlds, cuts, cuts[1:], strict=False):
            game = game.determinize(seat, Rng(seed))
            for text in record.actions[start:end]:
                game.apply(text)
        return Engine(game, worlds)


class IridesciaState(pyspiel.State):
    """One position; see the module docstring. ``engine.game`` is the engine's ``Game``."""

    def __init__(self, game: IridesciaGame, engine: Engine | None = None) -> None:
        super().__init__(game)
        self._engine = engine  # the only attribute: OpenSpiel copies and pickles __dict__

    @property
    def engine(self) -> Engine:
        if self._engine is None:  # a fresh state takes its deal when first used
            spiel_game: IridesciaGame = self.get_game()
            self._engine = Engine(spiel_game.claim_deal())
        return self._engine

    @property
    def is_fresh(self) -> bool:
        """A fresh initial state that has not taken its deal yet."""
        return self._engine is None

    @property
    def game(self) -> Game:
        """The engine game (read it, do not change it: OpenSpiel tracks the history)."""
        return self.engine.game

    def current_player(self) -> int:
        seat = self.game.current_player
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return [a.id for a in self.game.legal_actions()]

    def _apply_action(self, action: int) -> None:
        self.game.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return action_name(action)

    def is_terminal(self) -> bool:
        return self.game.is_terminal()

    def returns(self) -> list[float]:
        n = self.num_players()
        if not self.game.is_terminal():
            return [0.0] * n
        kind = self.get_game().returns_kind
        return final_rewards(self.game, kind)[:n]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> IridesciaState:
        """A state the player cannot tell from this one, everything hidden re-dealt."""
        seed = int(probability_sampler() * 2**53)
        world = self.game.determinize(player_id, Rng(seed))
        clone: IridesciaState = self.clone()  # keeps OpenSpiel's own history
        done = len(self.game.history())
        clone._engine = Engine(world, (*self.engine.worlds, (done, player_id, seed)))
        return clone

    def __str__(self) -> str:
        game = self.game
        who = "over" if game.is_terminal() else f"seat {game.current_player} to act"
        return f"{len(game.history())} actions, {who}, state {game.state_hash()}"


class IridesciaObserver:
    """OpenSpiel's Python observer: the shared encoding and JSON of a player's view."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every player's private information is not provided")
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(OBS_SIZE, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: IridesciaState, player: int) -> dict[str, Any]:
        game = state.get_game().next_deal() if state.is_fresh else state.game
        return game.spectator_view() if self.public_only else game.view(player)

    def set_from(self, state: IridesciaState, player: int) -> None:
        if state.is_fresh:  # e.g. a tensor-shape query: cached, and no deal is taken
            self.tensor[:] = state.get_game().initial_observation(player, self.public_only)
        else:
            self.tensor[:] = encode(self._view(state, player))

    def string_from(self, state: IridesciaState, player: int) -> str:
        text = json.dumps(self._view(state, player), separators=(",", ":"))
        if not self.perfect_recall:
            return text
        history = (
            "discard objective" if str(a).startswith("discard objective") else str(a)
            for a in state.game.history()
        )
        return text + "\nhistory: " + ", ".join(history)


class IridesciaGame(pyspiel.Game):
    """The OpenSpiel game object (one per parameter set)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**DEFAULT_PARAMS, **(params or {})}
        self.table = Table(int(merged["players"]), bool(merged["rhom"]))
        self.returns_kind = check_kind(str(merged["returns"]))
        self.seed = int(merged["seed"])
        if self.seed < -1:
            raise ValueError("seed must be -1 (a new deal for each state) or a deal's seed")
        self._next_deal = 0
        self._template: Game | None = None  # the deal the next fresh state will take
        self._initial_obs: dict[tuple[int, bool], np.ndarray[Any, Any]] = {}
        low, high = reward_range(self.returns_kind)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=0,
            num_players=self.table.humans,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(GAME_TYPE, info, merged)

    def new_initial_state(self) -> IridesciaState:
        return IridesciaState(self)

    def new_initial_state_for_seed(self, seed: int) -> IridesciaState:
        """The initial state of the engine's deal for ``seed``."""
        return IridesciaState(self, Engine(self.table.new_game(seed)))

    def next_deal(self) -> Game:
        """The engine game the next fresh state will take (do not change it)."""
        if self._template is None:
            seed = self.seed if self.seed >= 0 else self._next_deal
            self._template = self.table.new_game(seed)
            self._initial_obs = {}
        return self._template

    def claim_deal(self) -> Game:
        """The engine game of a fresh state that is being used (see the module docstring)."""
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
            self._initial_obs[key] = encode(view)
        return self._initial_obs[key]

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> IridesciaObserver:
        return IridesciaObserver(iig_obs_type or pyspiel.IIGObservationType(False), params)


pyspiel.register_game(GAME_TYPE, IridesciaGame)

__all__ = ["GAME_TYPE", "SHORT_NAME", "Engine", "IridesciaGame", "IridesciaState"]
