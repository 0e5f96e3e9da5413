"""Games plug into the research APIs: the registry of encoders, generic adapters, table modes.

The adapters (Gymnasium, PettingZoo, OpenSpiel) know no game: the source scan below holds them
to that, and a toy encoder put in place of Gem Rush's lets each library's own conformance suite
play a game through the very same adapters with the least an encoder can be. A game without an
encoder (Gem Rush with its encoder taken out of the registry) is refused by name.
"""

from __future__ import annotations

import ast
import json
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import iridescia.rl  # registers the Gymnasium environments
from iridescia.core.actions import Action
from iridescia.core.game import Game, View
from iridescia.games import get as get_game
from iridescia.rl import games as encoders
from iridescia.rl import openspiel_game, pettingzoo_env
from iridescia.rl.layout import Layout, Vector, Writer, one_hot
from iridescia.rl.seats import Table, choose_mode
from iridescia.rl.text import render_view

RL = Path(iridescia.rl.__file__).resolve().parent
GEM_RUSH = "gem-rush"

# ---------------------------------------------------------------- the adapters know no game


def _imports(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            out += [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
    return out


def test_the_generic_research_code_imports_no_game_and_no_game_plugin() -> None:
    """Only a game's own plug-in folder imports that game; the registry imports the plug-ins;
    the package keeps Gems of Iridescia's names of before from its plug-in."""
    allowed = {RL / "games" / "__init__.py", RL / "__init__.py"}
    offenders = []
    for path in sorted(RL.rglob("*.py")):
        if path.parent != RL and path not in allowed:
            continue  # a game's plug-in folder
        for name in _imports(path):
            game_package = name.startswith(("iridescia.games.iridescia", "iridescia.games.gemrush"))
            plugin = name.startswith("iridescia.rl.games.") and path not in allowed
            if game_package or plugin:
                offenders.append(f"{path.relative_to(RL)}: {name}")
    assert offenders == []


# ---------------------------------------------------------------- the registry


def test_the_registry_finds_encoders_by_game_name() -> None:
    assert encoders.names() == ["gems-of-iridescia", "gem-rush"]
    assert encoders.get(None) is encoders.get("gems-of-iridescia")
    assert encoders.get(None).layout.size == 2119
    assert encoders.get(GEM_RUSH).game == GEM_RUSH
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        encoders.get("chess")


NO_ENCODER = r"observation encoder for Gem Rush \(gem-rush\) is not available yet"


@pytest.mark.parametrize(
    "make",
    [
        lambda: gym.make("iridescia/Versus-v0", game=GEM_RUSH),
        lambda: gym.make("iridescia/Solo-v0", game=GEM_RUSH),
        lambda: pettingzoo_env.env(game=GEM_RUSH, players=3),
        lambda: pettingzoo_env.raw_env(game=GEM_RUSH),
        lambda: openspiel_game.load(GEM_RUSH, players=2),
        lambda: render_view(get_game(GEM_RUSH).new(2).view(0), GEM_RUSH),
    ],
)
def test_a_game_without_an_encoder_is_refused_by_name(
    make: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(encoders.ENCODERS, GEM_RUSH)
    assert encoders.names() == ["gems-of-iridescia"]
    with pytest.raises(encoders.EncoderNotAvailable, match=NO_ENCODER):
        make()


def test_openspiel_registers_one_game_per_encoder() -> None:
    python_games = [n for n in pyspiel.registered_names() if n.startswith("python_gem")]
    assert sorted(python_games) == ["python_gem_rush", "python_gems_of_iridescia"]
    names = ["python_gems_of_iridescia", "python_gem_rush"]
    assert openspiel_game.register_games() == names  # idempotent
    assert openspiel_game.short_name(GEM_RUSH) == "python_gem_rush"


def test_each_game_registers_its_own_gymnasium_ids() -> None:
    for name in encoders.names():
        for env_id, defaults in encoders.get(name).gym_envs.items():
            assert gym.spec(env_id).kwargs == dict(defaults)
    assert {"iridescia/GemRushCrisis-v0", "iridescia/GemRushRush-v0"} <= set(gym.registry)


# ---------------------------------------------------------------- tables and modes


@pytest.mark.parametrize(
    ("players", "options", "mode", "seats"),
    [
        (1, {}, "solo", 2),
        (1, {"rhom": False}, "solo", 2),  # one player always plays against the Rhom
        (2, {}, "standard", 2),
        (4, {"rhom": False}, "standard", 4),
        (2, {"rhom": True}, "rhom", 3),
        (3, {"rhom": True}, "rhom", 4),
    ],
)
def test_the_mode_follows_from_the_table(
    players: int, options: dict[str, Any], mode: str, seats: int
) -> None:
    table = Table.build(None, players, options=options)
    assert table.seating.mode.name == mode and table.num_seats == seats
    assert table.new_game(3).num_players == seats
    assert (
        choose_mode(get_game(None), players, {k: v for k, v in options.items() if v}).name == mode
    )


def test_table_errors_say_what_does_not_fit() -> None:
    with pytest.raises(ValueError, match="no mode for 4 players with rhom=True"):
        Table.build(None, 4, options={"rhom": True})
    with pytest.raises(ValueError, match="no option 'rhoom'"):
        Table.build(None, 2, options={"rhoom": True})
    with pytest.raises(ValueError, match="takes 2-4 players"):
        Table.build(None, 5, mode="standard")
    with pytest.raises(ValueError, match="seat 3"):
        Table.with_opponents(None, 3, ["random"])
    explicit = Table.build(None, 2, mode="rhom", bots={1: "random"})
    assert explicit.num_seats == 3 and explicit.bots == {1: "random"}
    assert Table.build(GEM_RUSH, 3, options={"mode": "rush"}).seating.mode.name == "rush"


# ---------------------------------------------------------------- any game, given an encoder

_MAX_SEATS = 8
_TOY_FIELDS = [
    ("viewer", 1, one_hot("seat", range(_MAX_SEATS)), "the observing seat", 1, 1),
    ("current", 1, one_hot("seat", range(_MAX_SEATS)), "the deciding seat", 1, 1),
    ("state", 1, ("my_decision", "game_over"), "flags", 1, 1),
    ("seats", 1, ("seats",), "seats / 8", 8, 8),
]


class ToyEncoder:
    """The least an encoder can be: who observes, who decides, whether the game is over."""

    game = GEM_RUSH
    layout = Layout(_TOY_FIELDS)
    table_options = {"mode": "crisis"}  # noqa: RUF012 - a test double
    max_score = 100.0
    max_game_length = 5000
    default_reward = "margin"
    default_returns = "score"
    gym_envs: dict[str, dict[str, Any]] = {}  # noqa: RUF012 - a test double

    def __init__(self) -> None:
        self.asked: list[tuple[str, dict[str, Any]]] = []  # returns_range's arguments

    def encode(self, view: View) -> Vector:
        w, f = Writer(), self.layout.by_name
        viewer, current = view["viewer"], view["current_player"]
        if viewer is not None:
            w.flag(f["viewer"], 0, viewer)
        if current is not None:
            w.flag(f["current"], 0, current)
            if current == viewer:
                w.flag(f["state"], 0, 0)
        else:
            w.flag(f["state"], 0, 1)
        w.value(f["seats"], 0, 0, view["num_players"])
        return w.vector(self.layout.size)

    def render(self, view: View) -> str:
        return json.dumps({"viewer": view["viewer"], "current": view["current_player"]})

    def score(self, game: Game, seat: int) -> float:
        return 0.0

    def returns_range(self, mode: str, options: Mapping[str, Any]) -> tuple[float, float]:
        self.asked.append((mode, dict(options)))
        return (-2.0, 3.0) if options.get("hidden_hands") else (0.0, 1.0)

    def public_text(self, action: Action) -> str:
        return str(action)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> ToyEncoder:
    encoder = ToyEncoder()
    monkeypatch.setitem(encoders.ENCODERS, GEM_RUSH, encoder)
    return encoder


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [
        ("iridescia/Solo-v0", {}),
        ("iridescia/Versus-v0", {"mode": "rush", "opponents": ["random", "random"], "seat": 1}),
    ],
)
def test_gymnasium_plays_any_game_with_an_encoder(
    toy: ToyEncoder, env_id: str, kwargs: dict[str, Any]
) -> None:
    env = gym.make(env_id, game=GEM_RUSH, render_mode="ansi", **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    spec = get_game(GEM_RUSH)
    assert env.action_space.n == spec.info.num_actions
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(150):
        legal = sorted(a.id for a in env.unwrapped.game.legal_actions())
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        obs, _, terminated, _, info = env.step(int(rng.choice(legal)))
        if terminated:
            assert info["scores"] == list(env.unwrapped.game.outcome().scores)
            break
    assert json.loads(str(env.render()))["viewer"] == env.unwrapped.seat


def test_pettingzoo_plays_any_game_with_an_encoder(toy: ToyEncoder) -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(pettingzoo_env.env(game=GEM_RUSH, players=3, mode="rush"), num_cycles=60)


def test_openspiel_plays_any_game_with_an_encoder(toy: ToyEncoder) -> None:
    # Made from its class, not registered: OpenSpiel's registry would keep it for the process.
    game = openspiel_game.game_class(GEM_RUSH)({"players": 3, "mode": "rush"})
    assert game.num_players() == 3 and game.num_distinct_actions() == len(
        get_game(GEM_RUSH).actions
    )
    assert game.get_type().short_name == "python_gem_rush"
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    state = game.new_initial_state_for_seed(4)
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state)


def test_openspiel_declares_the_returns_range_the_encoder_gives(toy: ToyEncoder) -> None:
    # The generic code asks the encoder for the table's mode and options: no game by name.
    make = openspiel_game.game_class(GEM_RUSH)
    game = make({"players": 2, "mode": "crisis", "hidden_hands": True, "returns": "returns"})
    mode, options = toy.asked[-1]
    assert mode == "crisis" and options["hidden_hands"] is True
    assert (game.min_utility(), game.max_utility()) == (-2.0, 3.0)
    game = make({"players": 2, "mode": "rush", "returns": "returns"})
    mode, options = toy.asked[-1]
    assert mode == "rush" and "hidden_hands" not in options
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    scored = make({"players": 2, "mode": "rush", "returns": "score"})
    assert (scored.min_utility(), scored.max_utility()) == (0.0, toy.max_score)
