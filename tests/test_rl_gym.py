"""Gymnasium environments: Gymnasium's own checker, determinism, rewards, masks, illegal actions."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import iridescia.rl  # noqa: F401 - registers the environments
from iridescia import Game, Options
from iridescia.bots import bot_names
from iridescia.core.errors import IllegalActionError
from iridescia.rl import NUM_ACTIONS, OBS_SIZE
from iridescia.rl import games as encoders
from iridescia.rl.gym_env import IridesciaEnv
from iridescia.rl.rewards import final_rewards, potential

OPPONENTS = ["greedy", "random"] if "greedy" in bot_names() else ["random", "random"]


def play_out(env: Any, seed: int, policy_seed: int = 0) -> list[tuple[Any, ...]]:
    """A whole game with uniformly random legal actions; every transition, for comparison."""
    rng = np.random.default_rng(policy_seed)
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
        ("iridescia/Solo-v0", {}),
        ("iridescia/Versus-v0", {}),
        ("iridescia/Versus-v0", {"opponents": ["random", "random"], "rhom": True, "seat": 1}),
        ("iridescia/Versus-v0", {"opponents": [*OPPONENTS, "random"], "reward": "win_loss"}),
    ],
)
def test_gymnasium_check_env_passes(env_id: str, kwargs: dict[str, Any]) -> None:
    env = gym.make(env_id, render_mode="ansi", **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures
        check_env(env.unwrapped)
    assert env.observation_space["observation"].shape == (OBS_SIZE,)
    assert env.action_space.n == NUM_ACTIONS


def test_same_seed_same_game() -> None:
    one = gym.make("iridescia/Versus-v0", opponents=OPPONENTS[:1])
    two = gym.make("iridescia/Versus-v0", opponents=OPPONENTS[:1])
    a, b = play_out(one, seed=11), play_out(two, seed=11)
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        assert gym.utils.env_checker.data_equivalence(x, y, exact=True)
    c = play_out(two, seed=12)
    assert not gym.utils.env_checker.data_equivalence(a[:3], c[:3])


def test_reset_seed_is_the_engine_seed_and_bots_are_reproducible() -> None:
    env = IridesciaEnv(opponents=["random"], seat=1)
    env.reset(seed=5)
    assert env.game_seed == 5 and env.game.record().seed == 5
    game = Game.new(2, 5)
    assert env.game.history() == game.history()[: len(env.game.history())]
    env.reset()  # the next seed comes from the environment's generator
    first = env.game_seed
    env.reset(seed=5)
    env.reset()
    assert env.game_seed == first


@pytest.mark.parametrize("opponents", [[], ["random"], ["random", "random"]])
def test_masks_match_the_engine_and_the_final_reward_is_the_margin(opponents: list[str]) -> None:
    env = IridesciaEnv(opponents=opponents)
    rng = np.random.default_rng(3)
    obs, info = env.reset(seed=21)
    terminated, reward = False, 0.0
    while not terminated:
        legal = sorted(a.id for a in env.game.legal_actions())
        assert env.game.current_player == env.seat
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        assert np.array_equal(info["action_mask"], obs["action_mask"])
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        assert not truncated
        if not terminated:
            assert reward == 0.0
    scores = info["scores"]
    assert reward == scores[0] - max(scores[1:])
    assert not obs["action_mask"].any()


def test_reward_options() -> None:
    for kind in ("win_loss", "score"):
        env = IridesciaEnv(opponents=["random"], reward=kind)
        trace = play_out(env, seed=4)
        final = trace[-1][2]
        assert final == final_rewards(env.game, kind)[0]  # type: ignore[arg-type]
        if kind == "win_loss":
            assert final in (-1.0, 1.0) and (final == 1.0) == (0 in trace[-1][5]["winners"])
    with pytest.raises(ValueError, match="reward"):
        IridesciaEnv(reward="points")


def test_shaping_is_potential_based() -> None:
    env = IridesciaEnv(opponents=["random"], shaping=0.1)
    env.reset(seed=8)
    start = potential(env.game, 0, 0.1, encoders.get(None).score)
    trace = play_out(env, seed=8)
    total = sum(step[2] for step in trace[1:])
    final = final_rewards(env.game, "margin")[0]
    assert total == pytest.approx(final - start)
    assert any(step[2] != 0.0 for step in trace[1:-1])  # shaped rewards before the end


def test_illegal_actions_are_penalized_or_raise() -> None:
    env = IridesciaEnv(opponents=["random"])
    obs, _ = env.reset(seed=2)
    before = env.game.state_hash()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info = env.step(illegal)
    assert reward == -1.0 and not terminated and not truncated and info["illegal_action"]
    assert np.array_equal(obs2["observation"], obs["observation"])
    assert env.game.state_hash() == before
    env.step("not an action")
    assert env.game.state_hash() == before
    strict = IridesciaEnv(opponents=["random"], illegal_action="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError) as refused:
        strict.step(illegal)
    # the game's reason travels with the error, as every face shows it
    assert refused.value.refusal is not None
    assert refused.value.refusal == strict.game.refusal(illegal)
    assert refused.value.refusal.text() in str(refused.value)
    assert strict.game.state_hash() == env.game.state_hash()
    with pytest.raises(IllegalActionError, match="not an action of"):
        strict.step("not an action")


def test_configuration_errors() -> None:
    with pytest.raises(ValueError, match="bot"):
        IridesciaEnv(opponents=["no-such-bot"])
    with pytest.raises(ValueError, match="Rhom"):
        IridesciaEnv(opponents=["random", "random", "random"], rhom=True)
    with pytest.raises(ValueError, match="seat"):
        IridesciaEnv(opponents=["random"], seat=2)
    with pytest.raises(ValueError, match="list"):
        IridesciaEnv(opponents="random")


def test_render_and_time_limit() -> None:
    env = gym.make("iridescia/Solo-v0", render_mode="ansi", max_episode_steps=5)
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "castle" in text and "seat 1" in text
    truncated = False
    for _ in range(5):
        mask = env.unwrapped.action_masks()
        _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(mask)[0]))
    assert truncated and not terminated


def test_rhom_variant_seat_layout() -> None:
    env = IridesciaEnv(opponents=["random"], rhom=True, seat=1)
    env.reset(seed=3)
    assert env.game.num_players == 3 and env.game.rhom_seat == 2
    expected = Game.new(2, 3, Options(rhom=True))
    assert env.game.state.seed == expected.state.seed
