"""Gems of Iridescia's encoder and the action ids: observation layout, leaks, masks, names."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import iridescia.rl
from iridescia import Game, Options
from iridescia.core.rng import Rng
from iridescia.games.iridescia import ACTIONS
from iridescia.rl import games as encoders
from iridescia.rl.actions import ActionIds
from iridescia.rl.games.iridescia import LAYOUT, OBS_SIZE, encode, mask_from_view
from iridescia.rl.text import render_view

IDS = ActionIds.of("gems-of-iridescia")
NUM_ACTIONS = IDS.size
ACTION_NAMES = IDS.names

DOCS = Path(__file__).resolve().parents[1] / "docs"

# (human players, Rhom variant): solo, plain 2-4 players, and the Rhom as an extra explorer.
CONFIGS = [(1, False), (2, False), (3, False), (4, False), (2, True), (3, True)]


def random_states(games_per_config: int = 2, every: int = 9) -> Iterator[Game]:
    """Positions of random games in every configuration (every ``every``-th decision)."""
    for c, (players, rhom) in enumerate(CONFIGS):
        for k in range(games_per_config):
            seed = 100 * c + k
            game = Game.new(players, seed, Options(rhom=True) if rhom else None)
            rng = Rng(seed)
            step = 0
            while not game.is_terminal():
                if step % every == 0:
                    yield game
                legal = game.legal_actions()
                game.apply(legal[rng.below(len(legal))])
                step += 1
            yield game


STATES = [g.clone() for g in random_states()]


def test_layout_is_contiguous_and_bounded() -> None:
    end = 0
    for f in LAYOUT.fields:
        assert f.start == end and f.size > 0 and f.width == len(f.columns)
        assert f.high >= 1.0 or f.cap == f.scale
        end += f.size
    assert end == OBS_SIZE == LAYOUT.high.shape[0]
    assert len({f.name for f in LAYOUT.fields}) == len(LAYOUT.fields)


def test_observation_has_fixed_shape_and_stays_in_bounds() -> None:
    for game in STATES:
        for seat in range(game.num_players):
            obs = encode(game.view(seat))
            assert obs.dtype == np.float32 and obs.shape == (OBS_SIZE,)
            assert (obs >= LAYOUT.low).all() and (obs <= LAYOUT.high).all()
        spectator = encode(game.spectator_view())
        assert spectator.shape == (OBS_SIZE,)


def test_redealing_hidden_information_leaves_the_observation_unchanged() -> None:
    changed_worlds = 0
    for i, game in enumerate(STATES):
        for seat in range(game.num_players):
            if game.rhom_seat == seat:
                continue
            mine = encode(game.view(seat))
            for k in range(2):
                world = game.determinize(seat, Rng(1000 * i + 10 * seat + k))
                assert np.array_equal(encode(world.view(seat)), mine)
                # and the other way round: the true game seen from a re-dealt world
                assert np.array_equal(encode(game.view(seat)), encode(world.view(seat)))
                changed_worlds += world.state_hash() != game.state_hash()
    assert changed_worlds > len(STATES)  # the re-deals really changed hidden information


def test_hidden_information_of_others_is_not_encoded() -> None:
    """Another seat's objectives change in a re-dealt world; no observation of mine shows it."""
    game = Game.new(4, 7)
    world = game.determinize(0, Rng(3))
    theirs = [p.objectives for p in game.state.players[1:]]
    assert theirs != [p.objectives for p in world.state.players[1:]]
    assert np.array_equal(encode(game.view(0)), encode(world.view(0)))
    assert not np.array_equal(encode(game.view(1)), encode(world.view(1)))


def test_observation_depends_on_the_viewer() -> None:
    game = Game.new(3, 5)
    obs = [encode(game.view(s)) for s in range(3)]
    assert not np.array_equal(obs[0], obs[1]) and not np.array_equal(obs[1], obs[2])
    parts = LAYOUT.split(obs[1])
    assert parts["viewer_seat"][0].tolist() == [0, 1, 0, 0]
    assert parts["players_flags"][:, 0].tolist() == [1, 1, 1, 0]  # three present slots
    assert parts["my_objectives"][:, 0].sum() == len(game.view(1)["players"][1]["objectives"])


def test_mask_matches_the_engine_in_every_state() -> None:
    for game in STATES:
        current = game.current_player
        legal = sorted(a.id for a in game.legal_actions())
        for seat in range(game.num_players):
            mask = mask_from_view(game.view(seat))
            assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,)
            ids = np.flatnonzero(mask).tolist()
            assert ids == (legal if seat == current else [])
        for i in np.flatnonzero(mask_from_view(game.view(current or 0))):
            assert ACTIONS[i] in game.legal_actions()
        for seat in range(game.num_players):  # what the adapters use: the legal actions
            assert np.array_equal(
                IDS.mask(IDS.legal_ids(game, seat)), mask_from_view(game.view(seat))
            )


def test_every_action_has_a_unique_name_that_reads_back() -> None:
    assert len(ACTION_NAMES) == NUM_ACTIONS == len(set(ACTION_NAMES)) == 618
    for i, name in enumerate(ACTION_NAMES):
        assert IDS.name(i) == name and IDS.id(name) == i
    assert IDS.to_action(np.int64(5)).id == 5 and IDS.to_action(np.array(7)).id == 7
    assert IDS.to_action("reveal 3").id == IDS.id("reveal 3")
    assert IDS.to_action(ACTIONS[9]) is ACTIONS[9]
    for bad in (-1, NUM_ACTIONS, 2.5, None, True):
        with pytest.raises(ValueError):
            IDS.to_action(bad)


def test_unknown_view_values_are_errors() -> None:
    view = Game.new(2, 1).view(0)
    view["phase"] = "a new phase"
    with pytest.raises(ValueError, match="phase"):
        encode(view)


def test_render_shows_board_and_secrets_of_the_viewer_only() -> None:
    game = Game.new(2, 3, Options(rhom=True))
    text = render_view(game.view(0))
    names = [o["name"] for o in game.view(0)["players"][0]["objectives"]]
    others = [o["name"] for o in game.view(1)["players"][1]["objectives"]]
    assert "castle" in text and "to decide" in text
    assert all(n in text for n in names)
    assert not any(n in text for n in others if n not in names)


def test_the_package_keeps_the_names_of_before_for_gems_of_iridescia() -> None:
    assert iridescia.rl.LAYOUT is LAYOUT is encoders.get(None).layout
    assert iridescia.rl.OBS_SIZE == OBS_SIZE == 2119
    assert iridescia.rl.encode is encode and iridescia.rl.mask_from_view is mask_from_view
    assert iridescia.rl.ACTION_NAMES == ACTION_NAMES and iridescia.rl.NUM_ACTIONS == NUM_ACTIONS
    assert iridescia.rl.action_name(5) == ACTION_NAMES[5]


def test_docs_describe_the_current_layout() -> None:
    doc = (DOCS / "observation.md").read_text(encoding="utf-8")
    assert LAYOUT.markdown_table() in doc, (
        'regenerate: python -c "from iridescia.rl.games import get; '
        "print(get('gems-of-iridescia').layout.markdown_table())\""
    )
