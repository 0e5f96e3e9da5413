"""Gem Rush through the research APIs: each library's own conformance suite, determinism,
returns (Crisis: the team's for every seat; Rush: 1/k for k tied winners), OpenSpiel's types.

Rush opponents are passed as ``["random"]`` explicitly where speed matters; the default,
``"greedy"``, plays one whole game in ``test_the_rush_env_plays_greedy_opponents_by_default``.
"""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env, data_equivalence
from pettingzoo.test import api_test, seed_test

import iridescia.rl  # noqa: F401 - registers the environments
from iridescia.bots import bot_names
from iridescia.games.gemrush import GAME, RulesParams
from iridescia.rl import games as encoders
from iridescia.rl import openspiel_game, pettingzoo_env
from iridescia.rl.rewards import final_rewards, potential

CRISIS, RUSH = "iridescia/GemRushCrisis-v0", "iridescia/GemRushRush-v0"
ENCODER = encoders.get("gem-rush")


def play_out(env: Any, seed: int) -> list[tuple[Any, ...]]:
    """A whole Gymnasium episode with uniformly random legal actions; every transition."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    trace: list[tuple[Any, ...]] = [(obs, info)]
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        trace.append((action, obs, reward, terminated, truncated, info))
        done = terminated or truncated
    return trace


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [
        (CRISIS, {}),
        (CRISIS, {"opponents": ["random", "random"], "seat": 1, "hidden_hands": True}),
        (RUSH, {"opponents": ["random"]}),
        (RUSH, {"opponents": ["random"] * 3, "seat": 2, "reward": "margin", "shaping": 0.1}),
    ],
)
def test_gymnasium_check_env_passes(env_id: str, kwargs: dict[str, Any]) -> None:
    env = gym.make(env_id, render_mode="ansi", **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures
        check_env(env.unwrapped)
    assert env.observation_space["observation"].shape == (ENCODER.layout.size,)
    assert env.action_space.n == GAME.info.num_actions
    env.reset(seed=0)
    assert "Provisional components" in str(env.render())


def test_the_rush_env_plays_greedy_opponents_by_default() -> None:
    assert gym.spec(RUSH).kwargs["opponents"] == ("greedy",)
    assert gym.spec(CRISIS).kwargs == {"game": "gem-rush", "mode": "crisis"}
    assert "greedy" in bot_names(GAME)
    env = gym.make(RUSH)
    assert env.unwrapped.table.bots == {1: "greedy"}
    _, info = env.reset(seed=3)
    done, steps = False, 0
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, reward, terminated, truncated, info = env.step(action)
        done, steps = terminated or truncated, steps + 1
    assert terminated and reward in (0.0, 0.5, 1.0) and steps > 10


@pytest.mark.parametrize(("env_id", "opponents"), [(CRISIS, ["random"]), (RUSH, ["random"])])
def test_same_seed_same_observations_and_rewards(env_id: str, opponents: list[str]) -> None:
    one, two = gym.make(env_id, opponents=opponents), gym.make(env_id, opponents=opponents)
    a, b = play_out(one, seed=11), play_out(two, seed=11)
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        assert data_equivalence(x, y, exact=True)
    assert not data_equivalence(a[:3], play_out(two, seed=12)[:3])


def test_crisis_every_seat_gets_the_team_return() -> None:
    """Gem Rush R43: 1/0 with a target, the team score without; shaping follows the team."""
    for level in ("apprentice", "none"):
        env = pettingzoo_env.raw_env(players=3, game="gem-rush", level=level)
        env.reset(seed=2)
        rng = np.random.default_rng(2)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(
                obs["action_mask"]))))  # fmt: skip
        outcome = env.game.outcome()
        team = float(outcome.team_score or 0)
        expected = team if level == "none" else float(team >= (outcome.target or 0))
        assert list(totals.values()) == [expected] * 3 == list(outcome.returns)


def test_shaping_follows_the_team_in_crisis_and_the_seat_in_rush() -> None:
    for mode, expected in (("crisis", [5.0, 5.0]), ("rush", [0.0, 5.0])):
        game = GAME.new(2, 4, mode=mode)
        game.state.players[1].score = 5  # a test's shortcut into the state
        assert [potential(game, s, 1.0, ENCODER.score) for s in (0, 1)] == expected


def test_rush_winners_share_the_return() -> None:
    """Gem Rush R45: each of k tied winners gets 1/k; Gymnasium's final reward says so."""
    env = gym.make(RUSH, opponents=["random"])
    trace = play_out(env, seed=5)
    game = env.unwrapped.game
    outcome = game.outcome()
    k = len(outcome.winners)
    assert list(outcome.returns) == [1 / k if s in outcome.winners else 0.0 for s in range(2)]
    assert trace[-1][2] == outcome.returns[0] == final_rewards(game, "returns")[0]


def test_the_rush_safety_limit_ends_a_game() -> None:
    """Gem Rush R88, which bounds OpenSpiel's max_game_length."""
    env = gym.make(RUSH, opponents=["random"])
    env.reset(seed=0)
    limited = GAME.new(2, 0, mode="rush", params={"rush_round_limit": 2, "rush_target_small": 99})
    rng = np.random.default_rng(0)
    while not limited.is_terminal():
        legal = limited.legal_actions()
        limited.apply(legal[int(rng.integers(len(legal)))])
    assert limited.outcome().reason == "round limit" and limited.view(0)["round"] <= 3
    assert ENCODER.max_game_length == RulesParams().rush_round_limit * 7 * 200


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 1},
        {"players": 3},
        {"players": 2, "mode": "rush"},
        {"players": 7, "mode": "rush"},
    ],
)
def test_pettingzoo_api_test_passes(kwargs: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(pettingzoo_env.env(game="gem-rush", **kwargs), num_cycles=100)


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: pettingzoo_env.env(game="gem-rush", players=3, mode="rush"), num_cycles=60)


@pytest.mark.parametrize(
    ("params", "utility"),
    [
        ("players=2", pyspiel.GameType.Utility.IDENTICAL),
        ("players=3,mode=crisis,level=none,hidden_hands=True", pyspiel.GameType.Utility.IDENTICAL),
        # rush_burns ends the game once every card is burnt: a short Rush game to simulate
        ("players=3,mode=rush,rush_burns=True", pyspiel.GameType.Utility.GENERAL_SUM),
        ("players=2,mode=crisis,returns=score", pyspiel.GameType.Utility.GENERAL_SUM),
    ],
)
def test_openspiel_random_sim_test_passes(params: str, utility: Any) -> None:
    game = pyspiel.load_game(f"python_gem_rush({params})")
    assert game.get_type().utility == utility
    assert game.max_game_length() == ENCODER.max_game_length
    assert game.observation_tensor_shape() == [ENCODER.layout.size]
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize(
    ("params", "low", "high"),
    [
        ({"players": 2}, 0.0, 1.0),  # Crisis at the default level: the team wins or not (R43)
        ({"players": 3, "mode": "crisis", "level": "master"}, 0.0, 1.0),
        ({"players": 2, "mode": "rush"}, 0.0, 1.0),  # winners share 1 (R45)
        ({"players": 2, "mode": "crisis", "level": "none"}, 0.0, ENCODER.max_score),
        ({"players": 2, "mode": "crisis", "level": "none", "returns": "win_loss"}, -1.0, 1.0),
        ({"players": 2, "mode": "crisis", "returns": "score"}, 0.0, ENCODER.max_score),
    ],
)
def test_openspiel_declares_the_utility_range_of_the_returns(
    params: dict[str, Any], low: float, high: float
) -> None:
    game = openspiel_game.load("gem-rush", **params)
    assert (game.min_utility(), game.max_utility()) == (low, high)
    state = game.new_initial_state_for_seed(1)
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert all(low <= r <= high for r in state.returns())


def test_the_returns_range_follows_the_target() -> None:
    # A custom target (a Gymnasium and PettingZoo keyword) makes a level of "none" play to one.
    assert ENCODER.returns_range("crisis", {"level": "none", "target": 40}) == (0.0, 1.0)
    assert ENCODER.returns_range("crisis", {"level": "none"}) == (0.0, ENCODER.max_score)
    assert ENCODER.returns_range("rush", {"target": 12}) == (0.0, 1.0)


def test_openspiel_states_round_trip_and_hide_the_scrying_order() -> None:
    game = openspiel_game.load("gem-rush", players=2, mode="rush")
    assert game.get_parameters()["returns"] == "returns"
    state = game.new_initial_state_for_seed(3)
    rng = np.random.default_rng(3)
    while not state.is_terminal() and len(state.history()) < 120:
        state.apply_action(int(rng.choice(state.legal_actions())))
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state)
    assert np.array_equal(
        np.array(state.observation_tensor(0), dtype=np.float32),
        ENCODER.encode(state.game.view(0)),
    )
    observer = game.make_py_observer()  # OpenSpiel's default observation type
    observer.set_from(state, 1)
    assert np.array_equal(observer.tensor, ENCODER.encode(state.game.view(1)))
    assert ENCODER.public_text(GAME.actions.parse("order T12")) == "order"
    assert ENCODER.public_text(GAME.actions.parse("keep G07")) == "keep G07"


def test_bad_configurations_say_what_is_wrong() -> None:
    for make, match in [
        (lambda: gym.make(CRISIS, hidden_hands=3), "hidden_hands"),
        (lambda: gym.make(RUSH, opponents=[]), "2-7 players"),
        (lambda: gym.make(RUSH, opponents=["random"], reward="points"), "reward"),
        (lambda: openspiel_game.load("gem-rush", mode="chess"), "no mode 'chess'"),
        (lambda: pettingzoo_env.env(game="gem-rush", players=8), "no mode for 8 players"),
    ]:
        with pytest.raises(ValueError, match=match):
            make()
    env = gym.make(RUSH, opponents=["random"])
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert reward == -1.0 and not terminated and info["illegal_action"]
