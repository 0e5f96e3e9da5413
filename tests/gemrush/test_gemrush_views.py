"""Gem Rush views, event redaction, determinisation and worlds from views (R47, R76, R89, §3.11).

The strongest check of "no secret in a view": a seat's view of the real game equals its view of
any determinised copy, in which everything it cannot see was re-dealt; and a world built from
the view alone gives back the same view. Structural checks then pin what each mode shows.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from gemrush_helpers import play

from iridescia.core.rng import Rng
from iridescia.games.gemrush import DATA_SET, GAME, NOTICE, GemRushGame, catalogue, scenario


def _dump(v: Any) -> str:
    return json.dumps(v, sort_keys=True)


def _positions(players: int, seed: int, mode: str, options: dict[str, Any], every: int) -> Any:
    """Random positions of one game (every ``every``-th decision) for each seat."""
    game = GAME.new(players, seed, options, mode=mode, keep_log=False)
    rng = Rng(seed)
    step = 0
    while not game.is_terminal():
        if step % every == 0:
            yield game
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
        step += 1
    yield game


CASES = [
    (3, 1, "rush", {}),
    (5, 2, "rush", {"rush_burns": True}),
    (4, 3, "crisis", {}),
    (3, 4, "crisis", {"hidden_hands": True}),
    (1, 5, "crisis", {"level": "none"}),
]


@pytest.mark.parametrize(("players", "seed", "mode", "options"), CASES)
def test_world_from_view_gives_back_the_view(
    players: int, seed: int, mode: str, options: dict[str, Any]
) -> None:
    checked = 0
    for game in _positions(players, seed, mode, options, every=7):
        for seat in range(players):
            v = game.view(seat)
            text = _dump(v)
            v = json.loads(text)  # views are JSON
            world = GAME.world_from_view(v, Rng(seat + 17 * checked))
            assert _dump(world.view(seat)) == text
            if not world.is_terminal():
                world.apply(world.legal_actions()[0])  # the world plays on
            checked += 1
    assert checked > 20


@pytest.mark.parametrize(("players", "seed", "mode", "options"), CASES)
def test_views_hide_what_determinisation_redeals(
    players: int, seed: int, mode: str, options: dict[str, Any]
) -> None:
    redealt = 0
    for game in _positions(players, seed, mode, options, every=5):
        for seat in range(players):
            text = _dump(game.view(seat))
            other = game.determinize(seat, Rng(seed * 31 + seat))
            assert _dump(other.view(seat)) == text
            redealt += other.state.deck != game.state.deck
    assert redealt > 0, "determinisation changed something the views do not show"


def test_rush_views_show_only_own_and_known_cards() -> None:
    for game in _positions(4, 9, "rush", {}, every=3):
        s = game.state
        for seat in range(4):
            v = game.view(seat)
            for pv in v["players"]:
                if pv["seat"] == seat:
                    assert pv["hand"] == s.players[seat].hand
                else:
                    assert pv["hand"] is None  # R47: private hands, public sizes
                    assert pv["hand_size"] == len(s.players[pv["seat"]].hand)
                    assert set(pv["known"]) <= set(s.players[pv["seat"]].hand)
            assert "deck" not in v and v["deck_size"] == len(s.deck)
            assert v["burnt_from_deck"] == len(s.burnt_deck)
            assert "seed" not in _dump(v) and "rng" not in v
            decision = v["decision"]
            if decision is not None and decision["actions"] is not None:
                assert seat == s.current


def test_crisis_hands_are_open_by_default_and_hidden_on_request() -> None:
    open_game = GAME.new(3, 2, mode="crisis")
    assert all(p["hand"] is not None for p in open_game.view(0)["players"])
    hidden = GAME.new(3, 2, {"hidden_hands": True}, mode="crisis")
    assert [p["hand"] is not None for p in hidden.view(0)["players"]] == [True, False, False]


def test_views_carry_what_a_table_needs() -> None:
    game = GAME.new(2, 6, mode="rush")
    v = game.view(0)
    assert v["notice"] == NOTICE and v["data_set"] == DATA_SET
    tile = v["mine"]["tiles"][0]
    assert {"x", "y", "rotation", "sides", "dwarves", "room", "type"} <= set(tile)
    assert len(tile["sides"]) == 4
    assert all(site["cost"] is not None for site in v["mine"]["sites"])
    assert v["steps"] == 3 and v["time_vein_used"] is False
    assert v["free_effect_limit"] == 8 and v["target"] == 20
    cat = catalogue()
    assert len(cat["cards"]) == 75 and len(cat["tiles"]) == 80 and len(cat["rooms"]) == 65
    json.dumps(cat)
    spectator = game.spectator_view()
    assert spectator["viewer"] is None
    assert all(p["hand"] is None for p in spectator["players"])
    with pytest.raises(ValueError):
        game.view(2)
    with pytest.raises(ValueError):
        GAME.world_from_view(spectator, Rng(1))


def _scrying_game(mode: str) -> GemRushGame:
    """Seat 0 in a Scrying Pool (T54), about to order the top 5 tiles of the stack."""
    game = scenario(
        2,
        mode=mode,
        tiles=[(54, 0, 0, 0)],
        stack=[5, 6, 7, 8, 9, 10],
        phase="action",
    )
    game.apply("room")
    game.apply("order T07")
    return game


def test_scrying_pool_order_is_private_in_rush() -> None:
    """R76: in Rush only the user sees the tiles and their new order."""
    game = _scrying_game("rush")
    mine, theirs = game.view(0), game.view(1)
    my_decision, their_decision = mine["decision"], theirs["decision"]
    assert my_decision is not None and their_decision is not None
    assert my_decision["details"]["tiles"] == [5, 6, 7, 8, 9]
    assert my_decision["chosen"] == [7]
    assert their_decision["details"]["tiles"] is None
    assert their_decision["chosen"] is None and their_decision["chosen_count"] == 1
    assert theirs["stack_top"] == [] and mine["stack_top"] == [5, 6, 7, 8, 9]
    for text in ("order T05", "order T06", "order T08"):
        game.apply(text)
    assert game.view(0)["stack_top"] == [7, 5, 6, 8, 9]
    assert game.view(1)["stack_top"] == []
    look = next(e for e in game.log if e.kind == "scry_look")
    assert "tiles" not in GAME.events.redact(look, 1).data  # type: ignore[union-attr]
    assert GAME.events.redact(look, 0) == look


def test_scrying_pool_is_seen_by_everyone_in_crisis() -> None:
    game = _scrying_game("crisis")
    decision = game.view(1)["decision"]
    assert decision is not None and decision["details"]["tiles"] == [5, 6, 7, 8, 9]
    assert game.view(1)["stack_top"] == [5, 6, 7, 8, 9]


def test_event_redaction() -> None:
    """Spec §9: draws go to the drawer only in Rush; a card burnt from the deck has no id."""
    rush = GAME.new(3, 3, mode="rush")
    rng = Rng(3)
    while not any(e.kind == "draw" for e in rush.log):
        legal = rush.legal_actions()
        rush.apply(legal[rng.below(len(legal))])
    draw = next(e for e in rush.log if e.kind == "draw")
    assert "cards" in GAME.events.redact(draw, draw.player).data  # type: ignore[union-attr]
    other = (draw.player + 1) % 3
    assert "cards" not in GAME.events.redact(draw, other).data  # type: ignore[union-attr]
    assert "cards" not in GAME.events.redact(draw, None).data  # type: ignore[union-attr]
    crisis = GAME.new(2, 3, mode="crisis")
    play(crisis, Rng(3))
    burns = [e for e in crisis.log if e.kind == "burn_deck"]
    assert burns and all(set(e.data) == {"burnt"} for e in burns)
    deal = next(e for e in crisis.log if e.kind == "deal")
    assert GAME.events.redact(deal, 1) == deal  # open hands
    for e in crisis.log:
        assert e.kind in GAME.events


def test_undo_never_crosses_hidden_information() -> None:
    events = GAME.events
    for kind in ("draw", "reveal", "dig", "tile_drawn", "burn_deck", "burn_hand", "reshuffle"):
        assert not events[kind].undoable and events[kind].random
    for kind in ("move", "keep", "discard", "score", "tile_placed"):
        assert events[kind].undoable
