"""Views and hidden information: what each seat may see, and determinisation.

A seat's view must not change when everything hidden from that seat is re-dealt
(``views.determinize``); it never holds another player's objective (held or discarded), a
face-down, thinned or face-down-removed tile, a deck order or RNG state; it is plain JSON.
``determinize`` keeps every public constraint (tiles per region, the thinning rule, the relic
deck's visible top lead, objective counts, the viewer's own objectives) and gives a state on which
the game plays on to its end.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import check_invariants, hidden_tiles_by_region, play_randomly, random_game
from iridescia.core.rng import Rng
from iridescia.games.iridescia import views
from iridescia.games.iridescia.board import HEXES
from iridescia.games.iridescia.data import OBJECTIVE_BY_ID, RELIC_BY_ID, TILE_BY_ID
from iridescia.games.iridescia.game import Game
from iridescia.games.iridescia.state import P_OBJECTIVE, P_OVERFLOW, P_RESERVE, State

INTERESTING = (P_RESERVE, P_OBJECTIVE, P_OVERFLOW)
LEADS = ("amethyst", "citrine", "emerald", "sapphire", "wild")  # by lead index (4 = wild)


@functools.cache
def sample_games() -> tuple[Game, ...]:
    """Games stopped at every 17th step of 18 random games, at every Book reservation,
    objective discard and cargo-limit decision, and at their ends."""
    out = []
    for seed in range(18):
        players = 2 + seed % 3
        game = Game.new(players, seed)
        rng = Rng(seed)
        step = 0
        while not game.is_terminal():
            s = game.state
            if step % 17 == 0 or (s.pending and s.pending[-1][0] in INTERESTING):
                out.append(game.clone())
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
            step += 1
        out.append(game)
    return tuple(out)


def views_of(game: Game) -> Iterator[tuple[int | None, dict[str, Any]]]:
    for seat in range(game.num_players):
        yield seat, game.view(seat)
    yield None, game.spectator_view()


def test_the_sample_covers_the_hidden_information() -> None:
    games = sample_games()
    assert any(g.state.removed_hidden for g in games), "tiles removed face down"
    assert any(p.discarded_objective for g in games for p in g.state.players)
    assert any(g.state.pending and g.state.pending[-1][0] == P_RESERVE for g in games)
    assert any(g.state.thinned for g in games)
    assert any(g.is_terminal() for g in games)


# ---------------------------------------------------------------- the determinisation property


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
    actions=st.integers(0, 450),
    seat=st.integers(0, 3),
    redeal=st.integers(0, 2**64 - 1),
)
def test_a_view_is_unchanged_when_its_hidden_part_is_redealt(
    seed: int, players: int, actions: int, seat: int, redeal: int
) -> None:
    viewer = seat % players
    game = random_game(players, seed, actions)
    before = game.state_hash()
    view = game.view(viewer)
    world = views.determinize(game.state, viewer, Rng(redeal))
    assert views.view(world, viewer) == view
    assert game.determinize(viewer, Rng(redeal)).view(viewer) == view
    assert game.state_hash() == before, "determinize must not touch the game"


def test_views_are_unchanged_on_every_sampled_state() -> None:
    for i, game in enumerate(sample_games()):
        for seat in range(game.num_players):
            world = game.determinize(seat, Rng(i * 7 + seat))
            assert world.view(seat) == game.view(seat), f"sample {i}, seat {seat}"


def test_reordering_the_decks_and_the_rng_does_not_change_any_view() -> None:
    for game in sample_games()[::3]:
        s = game.state
        other = game.clone()
        o = other.state
        o.item_deck.reverse()
        o.objective_deck = o.objective_deck[::-1]
        if len(o.relic_deck) > 2:
            # the top card's back is public: reverse the cards under it
            o.relic_deck = (*o.relic_deck[-2::-1], o.relic_deck[-1])
        o.rng = Rng(s.rng.state ^ 0xABCDEF)
        for seat, view in views_of(game):
            assert views.view(o, seat) == view


# ---------------------------------------------------------------- what a view may hold


def _walk(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, f"{path}[{i}]")


def _tile_ids_in(view: dict[str, Any]) -> set[int]:
    """Every tile identity a view shows: tile records anywhere, and the removed list."""
    ids = {
        v["id"]
        for _, v in _walk(view)
        if isinstance(v, dict) and set(v) == {"id", "gem", "bonus", "amount"}
    }
    return ids | set(view["removed"])


def test_views_are_plain_json() -> None:
    for game in sample_games():
        for _, view in views_of(game):
            text = json.dumps(view)
            assert json.loads(text) == view, "only dicts, lists, str, int, bool and None"


def test_the_spectator_view_holds_no_objective() -> None:
    names = [o.name for o in OBJECTIVE_BY_ID.values()]
    for game in sample_games():
        view = game.spectator_view()
        text = json.dumps(view)
        for p, pv in zip(game.state.players, view["players"], strict=True):
            assert pv["objectives"] is None and pv["discarded_objective"] is None
            assert pv["objective_count"] == len(p.objectives)
        assert not any(name in text for name in names)
        assert "decision" in view and "actions" not in (view["decision"] or {})


def test_no_view_holds_an_objective_its_seat_has_not_seen() -> None:
    for game in sample_games():
        s = game.state
        for seat in range(s.num_players):
            me = s.players[seat]
            view = game.view(seat)
            text = json.dumps(view)
            seen = set(me.objectives) | {me.discarded_objective}
            for o in OBJECTIVE_BY_ID:
                form = json.dumps(views.objective_json(o))
                if o in seen:
                    assert form in text, "the seat's own objectives are in its view"
                else:
                    assert form not in text, f"seat {seat} sees objective {o}"
                    assert OBJECTIVE_BY_ID[o].name not in text, f"seat {seat} sees objective {o}"
            mine = view["players"][seat]
            assert mine["objectives"] == [views.objective_json(o) for o in me.objectives]
            for p, pv in zip(s.players, view["players"], strict=True):
                if p.seat != seat:
                    assert pv["objectives"] is None and pv["discarded_objective"] is None
                    assert pv["objective_count"] == len(p.objectives)


def test_no_view_shows_a_tile_nobody_has_seen() -> None:
    for game in sample_games():
        s = game.state
        secret = {s.tile_at[h] for h in HEXES if s.tile_at[h] and not s.face_up[h]}
        secret |= set(s.thinned) | set(s.removed_hidden)
        for _, view in views_of(game):
            for entry in view["board"]:
                h = entry["hex"]
                assert entry["has_tile"] == (s.tile_at[h] != 0)
                assert entry["face_up"] == s.face_up[h]
                if s.tile_at[h] and s.face_up[h]:
                    assert entry["tile"] == views.tile_json(s.tile_at[h])
                else:
                    assert entry["tile"] is None, f"hex {h} shows a face-down tile"
            assert not (_tile_ids_in(view) & secret)
            assert view["thinned_count"] == len(s.thinned)
            assert view["removed_face_down"] == len(s.removed_hidden)


def test_no_view_holds_a_deck_order_or_rng_state() -> None:
    for game in sample_games():
        s = game.state
        for seat, view in views_of(game):
            keys = {path.rsplit(".", 1)[-1] for path, _ in _walk(view)}
            assert not keys & {"seed", "rng", "item_deck", "objective_deck", "thinned"}
            assert set(view["relic_deck"]) == {"count", "top_lead"}
            assert view["relic_deck"]["count"] == len(s.relic_deck)
            assert str(s.rng.state) not in json.dumps(view)
            decision = view["decision"] or {}
            if "relic_deck" in decision:  # a Book's owner looks through the deck: no order
                assert seat == s.current and s.pending[-1][0] == P_RESERVE
                assert decision["relic_deck"] == [views.relic_json(r) for r in sorted(s.relic_deck)]
            if s.relic_deck:
                lead = RELIC_BY_ID[s.relic_deck[-1]].lead
                assert view["relic_deck"]["top_lead"] == LEADS[lead]


def test_only_the_acting_seat_sees_its_legal_actions() -> None:
    for game in sample_games():
        for seat, view in views_of(game):
            decision = view["decision"]
            if game.is_terminal():
                assert decision is None and view["game_over"]
                continue
            assert decision["player"] == game.current_player
            if seat == game.current_player:
                assert decision["action_ids"] == [a.id for a in game.legal_actions()]
                assert decision["actions"] == [str(a) for a in game.legal_actions()]
            else:
                assert "actions" not in decision and "action_ids" not in decision


@pytest.mark.parametrize("seat", [-1, 3, 4, 17])
def test_a_view_for_a_seat_not_in_the_game_is_refused(seat: int) -> None:
    game = Game.new(3, 1)
    with pytest.raises(ValueError, match="no seat"):
        game.view(seat)


# ---------------------------------------------------------------- determinize's constraints


def _check_redeal(s: State, d: State, viewer: int) -> None:
    check_invariants(d)
    # The board: the same hexes hold tiles, the same are face up, face-up tiles are unchanged.
    for h in HEXES:
        assert (d.tile_at[h] != 0) == (s.tile_at[h] != 0) and d.face_up[h] == s.face_up[h]
        if s.face_up[h]:
            assert d.tile_at[h] == s.tile_at[h]
        elif s.tile_at[h]:
            assert TILE_BY_ID[d.tile_at[h]].region == TILE_BY_ID[s.tile_at[h]].region
    # Hidden tiles: the same set per region, re-dealt over the same hidden places.
    assert hidden_tiles_by_region(d) == hidden_tiles_by_region(s)
    assert len(d.removed_hidden) == len(s.removed_hidden)
    assert sorted(set(d.removed) - set(d.removed_hidden)) == sorted(
        set(s.removed) - set(s.removed_hidden)
    )
    # Thinning (R2): one tile of each colour from each of the four lower regions.
    if s.num_players <= 2:
        assert sorted((TILE_BY_ID[t].region, TILE_BY_ID[t].gem) for t in d.thinned) == [
            (r, c) for r in range(4) for c in range(4)
        ]
    else:
        assert d.thinned == ()
    # Relics: the same deck contents and row; the top card's lead gem is public.
    assert sorted(d.relic_deck) == sorted(s.relic_deck) and d.relic_row == s.relic_row
    if s.relic_deck:
        assert RELIC_BY_ID[d.relic_deck[-1]].lead == RELIC_BY_ID[s.relic_deck[-1]].lead
    # Items: public market and discard, the same deck contents.
    assert sorted(d.item_deck) == sorted(s.item_deck)
    assert d.item_market == s.item_market and d.item_discard == s.item_discard
    # Objectives: the viewer's own are kept; the others keep their counts.
    for p, q in zip(s.players, d.players, strict=True):
        assert len(q.objectives) == len(p.objectives)
        assert bool(q.discarded_objective) == bool(p.discarded_objective)
        if p.seat == viewer:
            assert q.objectives == p.objectives
            assert q.discarded_objective == p.discarded_objective
    assert len(d.objective_deck) == len(s.objective_deck)
    # Everything else is public and unchanged.
    for p, q in zip(s.players, d.players, strict=True):
        assert (q.cargo, q.coins, q.tiles, q.relics, q.items, q.pos) == (
            p.cargo,
            p.coins,
            p.tiles,
            p.relics,
            p.items,
            p.pos,
        )
    assert (d.market, d.supply, d.current, d.phase, d.pending) == (
        s.market,
        s.supply,
        s.current,
        s.phase,
        s.pending,
    )


def test_determinize_keeps_the_public_constraints() -> None:
    for i, game in enumerate(sample_games()):
        s = game.state
        before = game.state_hash()
        for viewer in range(s.num_players):
            for k in range(2):
                d = views.determinize(s, viewer, Rng(1000 * i + 10 * viewer + k))
                _check_redeal(s, d, viewer)
        assert game.state_hash() == before


def test_determinize_is_reproducible_and_redeals_for_real() -> None:
    game = random_game(2, 5, actions=6)  # early: most of the board is still face down
    s = game.state
    a = views.determinize(s, 0, Rng(3))
    b = views.determinize(s, 0, Rng(3))
    assert a.key() == b.key(), "same RNG, same world"
    worlds = [views.determinize(s, 0, Rng(k)) for k in range(20)]
    assert len({tuple(w.tile_at) for w in worlds}) > 10, "face-down tiles are re-dealt"
    assert len({tuple(w.thinned) for w in worlds}) > 10, "thinned tiles are re-dealt"
    assert len({tuple(w.item_deck) for w in worlds}) > 10, "the merchant deck is shuffled"
    assert len({tuple(w.relic_deck) for w in worlds}) > 10, "the relic deck is shuffled"
    assert len({tuple(w.players[1].objectives) for w in worlds}) > 5, "objectives re-dealt"
    assert all(w.players[0].objectives == s.players[0].objectives for w in worlds)
    assert len({w.rng.state for w in worlds} | {s.rng.state}) == 21, "future chance unknown"


def test_a_determinized_game_plays_on_to_its_end() -> None:
    for i, game in enumerate(sample_games()[::4]):
        if game.is_terminal():
            continue
        viewer = i % game.num_players
        world = game.determinize(viewer, Rng(i))
        rng = Rng(i + 500)
        steps = 0
        while not world.is_terminal():
            check_invariants(world.state)
            legal = world.legal_actions()
            assert legal
            world.apply(legal[rng.below(len(legal))])
            steps += 1
            assert steps < 3000
        check_invariants(world.state)
        assert world.winners()


def test_determinize_from_a_determinized_world() -> None:
    """Re-dealing twice (as a search bot does at every node) keeps the view too."""
    for i, game in enumerate(sample_games()[::5]):
        seat = i % game.num_players
        once = game.determinize(seat, Rng(i))
        twice = once.determinize(seat, Rng(i + 1))
        assert twice.view(seat) == game.view(seat)
        check_invariants(twice.state)
        play_randomly(twice, Rng(i))
        assert twice.is_terminal()


# ---------------------------------------------------------------- events


def test_redact_event_hides_another_players_discarded_objective() -> None:
    found = 0
    for game in sample_games():
        if not game.is_terminal():
            continue
        for event in game.log:
            if event.kind != "objective_discarded":
                continue
            found += 1
            assert views.redact_event(event, event.player) == event
            assert event.data["objective"]
            for viewer in [*range(game.num_players), None]:
                if viewer == event.player:
                    continue
                hidden = views.redact_event(event, viewer)
                assert hidden.kind == event.kind and hidden.player == event.player
                assert "objective" not in hidden.data
                assert str(event.data["objective"]) not in json.dumps(hidden.to_json())
    assert found >= 10


def test_redacted_events_never_show_a_face_down_tile() -> None:
    for game in sample_games():
        if not game.is_terminal():
            continue
        for event in game.log:
            if event.kind == "remove" and event.data["tile"] is None:
                assert views.redact_event(event, None).data["tile"] is None
            json.dumps(views.redact_event(event, 0).to_json())


def test_redacted_events_do_not_reveal_the_seed() -> None:
    """With the seed anyone could recompute every hidden tile, deck order and objective."""
    game = Game.new(3, 123456789)
    play_randomly(game, Rng(1))
    for event in game.log:
        for viewer in (0, 1, 2, None):
            data = views.redact_event(event, viewer).to_json()
            assert "seed" not in data and "123456789" not in json.dumps(data)
