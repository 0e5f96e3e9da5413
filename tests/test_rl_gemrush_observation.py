"""Gem Rush's encoder: layout from the catalogue, leaks, masks, views only, bad views refused.

Positions come from a few seeded random games of each kind of table (Crisis alone, with open and
with hidden hands, Rush for 2 and 5, with burns); every check below runs over all of them.
"""

from __future__ import annotations

import ast
import copy
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from iridescia.core.rng import Rng
from iridescia.games.gemrush import DATA_SET, GAME, catalogue
from iridescia.games.gemrush import rules as engine_rules
from iridescia.games.gemrush import state as engine_state
from iridescia.games.gemrush.data import ROOM_TYPES as ENGINE_ROOM_TYPES
from iridescia.rl import games as encoders
from iridescia.rl.actions import ActionIds
from iridescia.rl.games.gemrush import ENCODER, LAYOUT, TABLES, ViewEncoder, encode, render_view
from iridescia.rl.games.gemrush import layout as gemrush_layout
from iridescia.rl.games.gemrush.layout import Tables

ROOT = Path(__file__).resolve().parents[1]
PLUGIN = ROOT / "src" / "iridescia" / "rl" / "games" / "gemrush"
IDS = ActionIds.of("gem-rush")

# (players, options): the kinds of table the research APIs offer.
TABLES_PLAYED: list[tuple[int, dict[str, Any]]] = [
    (1, {"mode": "crisis"}),
    (3, {"mode": "crisis", "level": "none"}),
    (4, {"mode": "crisis", "hidden_hands": True}),
    (2, {"mode": "rush"}),
    (5, {"mode": "rush", "rush_burns": True}),
]


def _positions(every: int = 6) -> list[Any]:
    """Clones of every ``every``-th position (and the last) of one random game per table."""
    out = []
    for k, (players, options) in enumerate(TABLES_PLAYED):
        game = GAME.new(players, 40 + k, options, keep_log=False)
        rng = Rng(k)
        step = 0
        while not game.is_terminal():
            if step % every == 0:
                out.append(game.clone())
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
            step += 1
        out.append(game)
    return out


POSITIONS = _positions()


def test_the_layout_is_sized_from_the_data_sets_catalogue() -> None:
    data = catalogue()
    f = LAYOUT.by_name
    assert TABLES.data_set == DATA_SET == "gemrush-2e-provisional-2"
    assert f["tiles"].rows == f["tile_sides"].rows == len(data["tiles"])
    assert f["cards"].rows == f["card_gems"].rows == len(data["cards"])
    assert f["effect_kind"].width == len({r["effect"] for r in data["rooms"]})
    assert f["card_counts"].scale == len(data["cards"])
    end = 0
    for field in LAYOUT.fields:
        assert field.start == end and field.size > 0
        end += field.size
    assert end == LAYOUT.size == ENCODER.layout.size
    # A data set with fewer tiles and cards gets a smaller layout from the same code.
    smaller = copy.deepcopy(data)
    smaller["tiles"], smaller["cards"] = smaller["tiles"][:70], smaller["cards"][:60]
    other = ViewEncoder(Tables.from_catalogue(smaller, "another-data-set"))
    assert other.layout["tiles"].rows == 70 and other.layout["cards"].rows == 60
    assert other.layout.size < LAYOUT.size
    broken = copy.deepcopy(data)
    broken["cards"] = broken["cards"][1:]
    with pytest.raises(ValueError, match="card ids"):
        Tables.from_catalogue(broken, "broken")


def test_the_vocabularies_are_the_engines() -> None:
    kinds = [d.name for d in (*engine_rules._PHASES.values(), *engine_rules._PENDING.values())]
    assert sorted(gemrush_layout.DECISION_KINDS) == sorted(kinds)
    assert gemrush_layout.PHASES == engine_state.PHASE_NAMES
    assert len(engine_state.PENDING_NAMES) == gemrush_layout.NUM_PENDING_CODES
    assert gemrush_layout.DESTINATIONS == engine_state.DEST_NAMES
    purposes = gemrush_layout.PURPOSES
    assert purposes == (*engine_state.CHAIN_NAMES, "elevator")
    assert set(ENGINE_ROOM_TYPES) <= set(gemrush_layout.ROOM_TYPES)


def test_observations_have_a_fixed_shape_and_stay_in_bounds() -> None:
    for game in POSITIONS:
        for view in [game.view(s) for s in range(game.num_players)] + [game.spectator_view()]:
            obs = encode(view)
            assert obs.dtype == np.float32 and obs.shape == (LAYOUT.size,)
            assert (obs >= LAYOUT.low).all() and (obs <= LAYOUT.high).all()


def test_redealing_hidden_information_leaves_the_observation_unchanged() -> None:
    """Both ways (true game and re-dealt world), by ``determinize`` and by ``world_from_view``."""
    changed = 0
    for i, game in enumerate(POSITIONS):
        for seat in range(game.num_players):
            view = game.view(seat)
            mine = encode(view)
            world = game.determinize(seat, Rng(1000 * i + seat))
            assert np.array_equal(encode(world.view(seat)), mine)
            rebuilt = GAME.world_from_view(view, Rng(7 * i + seat))
            assert np.array_equal(encode(rebuilt.view(seat)), mine)
            changed += world.state_hash() != game.state_hash()
    assert changed > len(POSITIONS)  # the re-deals really changed hidden information


def test_a_rush_seat_does_not_see_another_seats_hidden_hand() -> None:
    game = GAME.new(3, 5, mode="rush")
    hands = [p["hand"] for p in game.view(0)["players"]]
    assert hands[0] is not None and hands[1] is None and hands[2] is None
    mine = encode(game.view(0))
    redealt = 0
    for k in range(10):
        world = game.determinize(0, Rng(k))
        theirs, ours = world.state.players[1].hand, game.state.players[1].hand
        redealt += theirs != ours
        assert np.array_equal(encode(world.view(0)), mine)
        assert world.view(1)["players"][1]["hand"] == theirs  # seat 1 sees its new hand
    assert redealt == 10


def test_the_mask_is_the_engines_legal_actions() -> None:
    for game in POSITIONS:
        legal = sorted(a.id for a in game.legal_actions())
        for seat in range(game.num_players):
            mask = IDS.mask(IDS.legal_ids(game, seat))
            assert mask.dtype == np.int8 and mask.shape == (GAME.info.num_actions,)
            expected = legal if seat == game.current_player else []
            assert np.flatnonzero(mask).tolist() == expected
            decision = game.view(seat)["decision"]
            if decision is not None and seat == game.current_player:
                assert decision["action_ids"] == expected  # the view offers the same ids


def test_the_encoder_reads_only_views() -> None:
    """A view's JSON round trip encodes the same (nothing but plain data is read), and the
    plug-in imports nothing of the game but its public API."""
    for game in POSITIONS[::5]:
        view = game.view(game.current_player or 0)
        assert np.array_equal(encode(json.loads(json.dumps(view))), encode(view))
    for path in PLUGIN.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("iridescia.games.gemrush."), path.name


def test_tiles_and_cards_are_rows_by_id() -> None:
    """Each placed tile's row shows its rotation and the sides the view shows; the observer's
    hand and the discard pile are rows by card id."""
    game = POSITIONS[len(POSITIONS) // 2]
    seat = game.current_player or 0
    view = game.view(seat)
    parts = LAYOUT.split(encode(view))
    sides, costs = parts["tile_sides"], parts["tile_door_costs"]
    gems = TABLES.standard_gems
    assert view["mine"]["tiles"]
    for tile in view["mine"]["tiles"]:
        row = tile["id"] - 1
        assert parts["tiles"][row, 0] == 1 and parts["tiles_rotation"][row, tile["rotation"]] == 1
        for d, side in enumerate(tile["sides"]):
            kind = "free_door" if side["kind"] == "door" and not side["cost"] else side["kind"]
            assert sides[row, 4 * d + gemrush_layout.SIDE_KINDS.index(kind)] == 1
            for g, gem in enumerate(gems):
                assert costs[row, 7 * d + g] == side["cost"].count(gem) / 2
    hand = view["players"][seat]["hand"]
    assert np.flatnonzero(parts["cards"][:, 0]).tolist() == [c - 1 for c in hand]
    if view["discard"]:
        assert parts["cards_discard_depth"][view["discard"][-1] - 1, 0] == pytest.approx(0.1)


def test_bad_views_are_refused_with_a_clear_error() -> None:
    view = GAME.new(2, 1, mode="rush").view(0)
    for change, match in [
        (lambda v: v.update(data_set="gemrush-2e"), "data set"),
        (lambda v: v.update(phase="a new phase"), "phase"),
        (lambda v: v["players"][0].update(hand=[999]), "card"),
        (lambda v: v["mine"]["tiles"][0].update(id=0), "tile"),
        (lambda v: v["mine"]["tiles"][0].update(rotation=5), "rotation"),
        (lambda v: v.update(viewer=4), "seat"),
    ]:
        bad = copy.deepcopy(view)
        change(bad)
        with pytest.raises(ValueError, match=match):
            encode(bad)


def test_render_shows_the_notice_and_hides_other_hands() -> None:
    game = GAME.new(2, 3, mode="rush")
    text = render_view(game.view(0))
    assert DATA_SET in text and "Provisional components" in text and "to decide" in text
    assert "hand 4: hidden" in text and encoders.get("gem-rush").render(game.view(0)) == text


def test_docs_describe_the_current_layout() -> None:
    doc = (ROOT / "docs" / "observation-gemrush.md").read_text(encoding="utf-8")
    assert LAYOUT.markdown_table() in doc, (
        'regenerate: python -c "from iridescia.rl.games import get; '
        "print(get('gem-rush').layout.markdown_table())\""
    )
