"""OpenSpiel game: OpenSpiel's random simulation test, serialisation, resampling, search bots."""

from __future__ import annotations

import re

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

from iridescia.bots import bot_names
from iridescia.core.rng import Rng
from iridescia.rl import ACTION_NAMES, NUM_ACTIONS, OBS_SIZE, encode
from iridescia.rl.openspiel_bots import OursBot, ismcts_bot, mcts_bot, play
from iridescia.rl.openspiel_game import SHORT_NAME, SpielObserver, SpielState, load
from iridescia.rl.rewards import final_rewards

SECOND_BOT = "greedy" if "greedy" in bot_names() else "random"


def random_playout(state: SpielState, rng: np.random.Generator, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_game_metadata() -> None:
    game = pyspiel.load_game(f"{SHORT_NAME}(players=3)")
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.num_players() == 3 and game.num_distinct_actions() == NUM_ACTIONS
    assert game.observation_tensor_shape() == [OBS_SIZE]
    assert game.information_state_tensor_shape() == [OBS_SIZE]
    solo = pyspiel.load_game(f"{SHORT_NAME}(players=1)")
    assert solo.num_players() == 1
    state = solo.new_initial_state()
    assert state.game.num_players == 2 and state.current_player() == 0  # the Rhom is no player
    assert state.action_to_string(0, 5) == ACTION_NAMES[5]
    with pytest.raises((ValueError, pyspiel.SpielError), match="Rhom"):
        pyspiel.load_game(f"{SHORT_NAME}(players=4,rhom=True)")


@pytest.mark.parametrize(
    "params", ["players=2", "players=3,rhom=True,returns=win_loss", "players=1,returns=margin"]
)
def test_openspiel_random_sim_test_passes(params: str) -> None:
    game = pyspiel.load_game(f"{SHORT_NAME}({params})")
    # serialize=False: pyspiel.serialize_game_and_state needs Game::GetRNGState for a
    # sampled-stochastic game, which OpenSpiel does not let Python games implement; the state's
    # own serialize() is tested below.
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_fresh_states_take_successive_deals_and_fixed_seeds_repeat() -> None:
    game = pyspiel.load_game(f"{SHORT_NAME}(players=2)")
    first, second = game.new_initial_state(), game.new_initial_state()
    seen = first.observation_tensor(1)  # observing (and shape queries) takes no deal
    for _ in range(3):
        assert game.observation_tensor_size() == OBS_SIZE
    assert str(first) == str(game.new_initial_state_for_seed(0))  # deal 0, as observed
    assert first.observation_tensor(1) == seen
    assert str(second) == str(game.new_initial_state_for_seed(1))
    fixed = pyspiel.load_game(f"{SHORT_NAME}(players=2,seed=7)")
    assert str(fixed.new_initial_state()) == str(fixed.new_initial_state())
    assert str(fixed.new_initial_state()) == str(game.new_initial_state_for_seed(7))


def test_serialize_round_trips_at_every_step_including_resampled_worlds() -> None:
    game = pyspiel.load_game(f"{SHORT_NAME}(players=3,rhom=True)")
    state = game.new_initial_state_for_seed(5)
    rng = np.random.default_rng(1)
    sampler = np.random.RandomState(2).random_sample
    checked = 0
    while not state.is_terminal():
        if checked % 10 == 0:
            copy = game.deserialize_state(state.serialize())
            assert str(copy) == str(state) and copy.history() == state.history()
        if checked == 40:
            state = state.resample_from_infostate(state.current_player(), sampler)
        checked += 1
        random_playout(state, rng, 1)
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state) and copy.returns() == state.returns()


def test_resampled_worlds_share_the_information_state() -> None:
    game = pyspiel.load_game(f"{SHORT_NAME}(players=4)")
    state = game.new_initial_state_for_seed(3)
    random_playout(state, np.random.default_rng(0), 60)
    player = state.current_player()
    sampler = np.random.RandomState(0).random_sample
    worlds = [state.resample_from_infostate(player, sampler) for _ in range(3)]
    for world in worlds:
        assert str(world) != str(state) and world.history() == state.history()
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.legal_actions() == state.legal_actions()
    other = (player + 1) % 4
    assert any(
        w.information_state_string(other) != state.information_state_string(other) for w in worlds
    )


def test_observations_and_information_states() -> None:
    game = pyspiel.load_game(f"{SHORT_NAME}(players=2)")
    state = game.new_initial_state_for_seed(4)
    random_playout(state, np.random.default_rng(5), 30)
    tensor = np.array(state.observation_tensor(1), dtype=np.float32)
    assert np.array_equal(tensor, encode(state.game.view(1)))
    info = state.information_state_string(1)
    assert info.startswith(state.observation_string(1)) and "history: " in info
    kind = pyspiel.IIGObservationType(False, False, pyspiel.PrivateInfoType.NONE)
    public = game.make_py_observer(kind)
    text = public.string_from(state, 0)
    assert '"viewer":null' in text and '"objectives":[' not in text
    public.set_from(state, 1)
    assert np.array_equal(public.tensor, encode(state.game.spectator_view()))


@pytest.mark.parametrize(
    ("game_name", "params"),
    [
        ("gems-of-iridescia", {"players": 2}),
        ("gem-rush", {"players": 2, "mode": "rush"}),
        ("gem-rush", {"players": 3, "mode": "crisis", "hidden_hands": True}),
    ],
)
def test_tensor_lists_are_openspiels_own_and_make_observation_fills_in_place(
    game_name: str, params: dict[str, object]
) -> None:
    # SpielState builds observation_tensor's list itself (faster); OpenSpiel's C++ route, called
    # by the base class's method, must give the very same list, errors included.
    game = load(game_name, **params)
    observer = make_observation(game)
    assert isinstance(observer, SpielObserver)
    fresh = game.new_initial_state()
    assert fresh.observation_tensor(0) == pyspiel.State.observation_tensor(fresh, 0)
    assert fresh.is_fresh  # observing takes no deal on either route
    state = game.new_initial_state_for_seed(3)
    rng = np.random.default_rng(3)
    for step in range(400):
        if step % 20 == 0 or state.is_terminal():
            for p in range(game.num_players()):
                ours, theirs = (
                    state.observation_tensor(p),
                    pyspiel.State.observation_tensor(state, p),
                )
                assert type(ours) is list and type(ours[0]) is float and ours == theirs
                info = state.information_state_tensor(p)
                assert info == pyspiel.State.information_state_tensor(state, p)
                tensor = observer.tensor
                observer.set_from(state, p)
                assert observer.tensor is tensor and observer.dict["observation"] is tensor
                assert tensor.tolist() == ours
            if not state.is_terminal():
                mover = state.current_player()
                assert state.observation_tensor() == state.observation_tensor(mover)
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    bad: list[object] = [-1, game.num_players(), 1.5]
    if state.is_terminal():
        bad.append(None)  # no current player
    for player in bad:
        for ours_fn, theirs_fn in [
            (state.observation_tensor, pyspiel.State.observation_tensor),
            (state.information_state_tensor, pyspiel.State.information_state_tensor),
        ]:
            with pytest.raises(Exception) as theirs:
                theirs_fn(state, *([] if player is None else [player]))
            with pytest.raises(type(theirs.value), match=re.escape(str(theirs.value))):
                ours_fn(*([] if player is None else [player]))


@pytest.mark.parametrize("returns", ["score", "win_loss", "margin"])
def test_returns_are_the_engines_final_rewards(returns: str) -> None:
    game = pyspiel.load_game(f"{SHORT_NAME}(players=2,returns={returns})")
    state = game.new_initial_state_for_seed(6)
    assert state.returns() == [0.0, 0.0]
    random_playout(state, np.random.default_rng(6), 10_000)
    assert state.is_terminal()
    assert state.returns() == final_rewards(state.game, returns)[:2]  # type: ignore[arg-type]
    assert game.min_utility() <= min(state.returns()) <= max(state.returns()) <= game.max_utility()


def test_openspiel_search_bots_play_full_games_against_ours() -> None:
    game = pyspiel.load_game(f"{SHORT_NAME}(players=2,returns=win_loss)")
    result = play(game, [ismcts_bot(game, 2, seed=1), OursBot("random", 1)], seed=3)
    assert sorted(result.returns) == [-1.0, 1.0] and all(d > 0 for d in result.decisions)
    three = pyspiel.load_game(f"{SHORT_NAME}(players=3,returns=win_loss)")
    bots = [OursBot(SECOND_BOT, 0), mcts_bot(three, 2, seed=2), ismcts_bot(three, 2, seed=3)]
    result = play(three, bots, seed=4)
    assert len(result.scores) == 3 and 1.0 in result.returns and all(result.decisions)


def test_ours_bot_sees_only_its_view() -> None:
    game = pyspiel.load_game(f"{SHORT_NAME}(players=2)")
    state = game.new_initial_state_for_seed(2)
    bot = OursBot("random", state.current_player())
    bot.restart_at(state)
    action = bot.step(state)
    assert action in state.legal_actions()
    world = state.resample_from_infostate(bot.player, np.random.RandomState(1).random_sample)
    again = OursBot("random", bot.player)
    again.restart_at(state)
    assert again.step(world) == action  # same view, same rng: same choice in any world
    with pytest.raises(ValueError):
        OursBot("random", 1 - bot.player).step(state)
    assert Rng(2 * 16 + bot.player + 1).below(10) == Rng(2 * 16 + bot.player + 1).below(10)
