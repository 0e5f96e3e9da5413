"""PettingZoo AEC environment: PettingZoo's API and seed tests, truncation, rewards, wrappers."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from iridescia.core.errors import IllegalActionError
from iridescia.rl import pettingzoo_env
from iridescia.rl.rewards import final_rewards

CONFIGS = [(1, False), (2, False), (3, False), (4, False), (2, True), (3, True)]


@pytest.mark.parametrize(("players", "rhom"), CONFIGS)
def test_pettingzoo_api_test_passes(players: int, rhom: bool) -> None:
    with warnings.catch_warnings():
        # PettingZoo recommends Box/Discrete observation spaces; a Dict with an action mask is
        # what its own classic games use.
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(pettingzoo_env.env(players=players, rhom=rhom), num_cycles=150)


@pytest.mark.parametrize(("players", "rhom"), [(2, False), (3, True)])
def test_pettingzoo_seed_test_passes(players: int, rhom: bool) -> None:
    seed_test(lambda: pettingzoo_env.env(players=players, rhom=rhom), num_cycles=60)


def test_a_whole_game_ends_with_final_rewards_for_every_agent() -> None:
    env = pettingzoo_env.env(players=3, rhom=True)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    raw = env.unwrapped
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        seat = raw.seat_of[agent]
        assert raw.game.current_player == seat
        legal = sorted(a.id for a in raw.game.legal_actions())
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(legal)))
        steps += 1
    assert raw.game.is_terminal() and env.agents == []
    expected = final_rewards(raw.game, "margin")
    assert [totals[a] for a in env.possible_agents] == expected[:3]
    assert steps == len(raw.game.history())


def test_max_cycles_truncates_every_agent() -> None:
    env = pettingzoo_env.env(players=2, max_cycles=3)
    env.reset(seed=1)
    decisions = 0
    truncated_seen = set()
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            truncated_seen.add(agent)
            env.step(None)
            continue
        env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
        decisions += 1
    assert decisions == 6 and truncated_seen == {"player_0", "player_1"}


def test_illegal_action_ends_the_game_through_the_standard_wrapper() -> None:
    env = pettingzoo_env.env(players=2, illegal_reward=-5.0)
    env.reset(seed=3)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the wrapper warns about the illegal move
        env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -5.0
    raw = pettingzoo_env.raw_env(players=2)
    raw.reset(seed=3)
    before = raw.game.state_hash()
    with pytest.raises(IllegalActionError) as refused:
        raw.step(illegal)
    assert refused.value.refusal == raw.game.refusal(illegal) is not None  # the game's reason
    assert raw.game.state_hash() == before


def test_same_seed_same_deal_and_render() -> None:
    a, b = pettingzoo_env.raw_env(players=4), pettingzoo_env.raw_env(players=4, render_mode="ansi")
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.game.state_hash() == b.game.state_hash() and a.game_seed == 9
    text = b.render()
    assert text is not None and "spectator" in text and "objectives" not in text
