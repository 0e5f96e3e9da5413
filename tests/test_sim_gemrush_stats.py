"""Gem Rush's statistics observer (``games.gemrush.Statistics``), checked against facts recomputed
from the games themselves: seeded random games in both modes, played here with the observer
fed as the simulator feeds it (setup's events, then each action's), and a few hand-made event
streams for what random play rarely reaches (a closed mine, a dig that runs dry).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from iridescia.core.events import Event
from iridescia.core.rng import Rng
from iridescia.games.gemrush import (
    DOOR_SIZES,
    GAME,
    ROOM_FIELDS,
    GemRushGame,
    Payability,
    RulesParams,
    Statistics,
    catalogue,
    full_deck_cards,
)


def play(
    mode: str, players: int, seed: int, **params: Any
) -> tuple[GemRushGame, Statistics, list[Event]]:
    """A random game with its observer, and every event. At each turn start the folded hands
    are the views' and the turn event's ``sites`` are the view's construction sites."""
    game = GAME.new(players, seed, mode=mode, params=params or None, keep_log=True)
    stats = Statistics.of(game)
    stats.observe(game.log)
    events = list(game.log)
    rng = Rng(seed + 99)
    while not game.is_terminal():
        legal = game.legal_actions()
        batch = game.apply(legal[rng.below(len(legal))])
        stats.observe(batch)
        events += batch
        if any(e.kind == "turn" for e in batch):
            turn = next(e for e in batch if e.kind == "turn")
            assert turn.data["sites"] == len(game.spectator_view()["mine"]["sites"])
            views = [game.view(seat)["players"][seat]["hand"] for seat in range(players)]
            assert stats.hands() == views
    return game, stats, events


GAMES = [("crisis", 3, 5), ("crisis", 1, 8), ("rush", 4, 6), ("rush", 2, 11)]


@pytest.fixture(scope="module", params=GAMES, ids=[f"{m}{n}-seed{s}" for m, n, s in GAMES])
def played(request: pytest.FixtureRequest) -> tuple[GemRushGame, Statistics, list[Event]]:
    mode, players, seed = request.param
    game, stats, events = play(mode, players, seed)
    return game, stats, events


def test_points_add_up_to_the_scores(
    played: tuple[GemRushGame, Statistics, list[Event]],
) -> None:
    game, stats, events = played
    record = stats.as_json()
    outcome = game.outcome()
    seats = [stats.seat_json(s) for s in range(game.num_players)]
    assert [s["score"] for s in seats] == list(outcome.scores)
    for s in seats:
        assert s["construction_points"] + s["room_points"] == s["score"]
        assert s["door_points"] + s["orichalcum_bonus"] == s["construction_points"]
    assert sum(record["points_by_cost"].values()) + record["orichalcum_bonus"] == sum(
        s["construction_points"] for s in seats
    )
    built = [e for e in events if e.kind == "construction"]
    assert record["constructions"] == len(built) == sum(record["doors_by_cost"].values())
    assert record["constructions_by_seat"] == [
        sum(1 for e in built if e.player == seat) for seat in range(game.num_players)
    ]
    assert record["free_doors"] == sum(1 for e in built if not e.data["cost"])
    assert record["zero_point_doors"] == sum(
        1 for e in built if e.data["cost"] and e.data["points"] == 0
    )
    by_size = Counter(len(e.data["cost"]) for e in built)
    assert record["doors_by_cost"] == {str(k): by_size[k] for k in range(6)}


def test_deck_mine_and_turn_figures(played: tuple[GemRushGame, Statistics, list[Event]]) -> None:
    game, stats, events = played
    record = stats.as_json()
    kinds = Counter(e.kind for e in events)
    view = game.spectator_view()
    assert record["reshuffles"] == kinds["reshuffle"]
    assert sum(len(d["lengths"]) for d in record["digs"].values()) == kinds["dig"]
    assert record["burns"]["deck"] + record["burns"]["hand"] == view["burnt"]
    placed = sum(record["tiles_placed"].values())
    assert placed - record["tiles_removed"] == len(view["mine"]["tiles"])
    assert record["stack_left"] == view["stack_size"]
    assert (
        record["mine_closures"] == kinds["mine_closed"] and record["reopenings"] == kinds["reopen"]
    )
    turns = record["per_turn"]
    assert record["turns"] == kinds["turn"] == len(turns["decisions"])
    assert all(len(column) == kinds["turn"] for column in turns.values())
    first_turn = next(e for e in events if e.kind == "turn")
    assert sum(turns["decisions"]) == len(game.history()) - first_turn.data["actions"]
    assert sum(turns["constructions"]) == record["constructions"]
    assert sum(turns["points"]) == sum(game.outcome().scores)
    rounds = [e.data["round"] for e in events if e.kind == "turn"]
    seats = [e.player for e in events if e.kind == "turn"]
    n = game.num_players
    assert record["rounds"] == max(rounds) == (record["turns"] - 1) // n + 1
    assert seats == [(record["first_player"] + i) % n for i in range(record["turns"])]
    checks = sum(sum(line["checks"]) for line in record["payability"].values())
    assert checks == kinds["turn"]  # one door tested per turn's phase 2
    for hand, line in record["payability"].items():
        assert all(p <= c for p, c in zip(line["payable"], line["checks"], strict=True))
        assert len(line["checks"]) == len(DOOR_SIZES) and int(hand) >= 0
    actions = record["draw_actions"] + record["room_actions"]
    assert actions == kinds["turn"]  # one phase-3 action per turn
    rooms = [dict(zip(ROOM_FIELDS, line, strict=True)) for line in record["rooms"].values()]
    uses = sum(r["uses"] for r in rooms)
    assert uses == kinds["effect"] and sum(r["present"] for r in rooms) == actions
    gained = sum(len(e.data["cards"]) for e in events if e.kind in ("draw", "keep", "take"))
    assert record["draw_cards"] + record["room_action_cards"] == gained == sum(turns["cards"])


def test_mode_figures(played: tuple[GemRushGame, Statistics, list[Event]]) -> None:
    game, stats, _ = played
    record = stats.as_json()
    outcome = game.outcome()
    assert record["target"] == outcome.target and record["round_limit_hit"] is False
    if game.mode == "crisis":
        assert record["target_reached"] == (sum(outcome.scores) >= record["target"])
        levels = record["levels"]
        assert list(levels.values()) == [36, 44, 52, 60, 66, 72]
        reached = [k for k, v in levels.items() if sum(outcome.scores) >= v]
        assert record["level_reached"] == (reached[-1] if reached else None)
    else:
        assert "levels" not in record
        assert record["target_reached"] == (max(outcome.scores) >= record["target"])


def test_the_same_game_gives_the_same_figures() -> None:
    assert play("rush", 3, 4)[1].as_json() == play("rush", 3, 4)[1].as_json()


def test_round_limit_and_free_effect_cap() -> None:
    game, stats, events = play("rush", 3, 2, rush_round_limit=2, free_effect_limit=1)
    record = stats.as_json()
    assert game.outcome().reason == "round limit" and record["round_limit_hit"] is True
    assert record["rounds"] == 2
    capped: set[int] = set()
    turn = 0
    for e in events:
        if e.kind == "turn":
            turn += 1
        elif e.kind == "effect" and e.data["effect"] in ("mine_cart", "elevator"):
            capped.add(turn)
    assert record["free_effect_cap_hits"] == len(capped)


TILES: list[dict[str, Any]] = catalogue()["tiles"]


def doors(tile: dict[str, Any]) -> int:
    return sum(1 for side in tile["sides"] if side != "wall")


def event(kind: str, player: int = 0, **data: Any) -> Event:
    return Event(kind, player, data)


def test_a_hand_made_stream() -> None:
    """A dead-end start, a dig that reshuffles and runs dry, a tunnel chain, a closed mine
    reopened, the hand-limit discard before the payability check, Observatory's copy."""
    stats = Statistics(2, RulesParams(), seed=1)
    dead_end = next(t["id"] for t in TILES if not t["pairs"] and doors(t) == 1)
    tunnel = next(t["id"] for t in TILES if t["pairs"])
    stats.observe(
        [
            event("game_start", -1, mode="rush", players=2, first_player=1, target=20, data_set=""),
            event("deal", 0, cards=[1, 2, 3, 4, 5]),
            event("deal", 1, cards=[6, 7, 8, 9]),
            event("tile_placed", -1, tile=dead_end, x=0, y=0, rotation=0, purpose="setup"),
            event("start_room", -1, tile=dead_end),
            event("turn", 0, number=1, round=1, sites=0, actions=0),
            event("discard", 0, cards=[5], reason="hand limit"),
            event("mine_closed", 0, tile=dead_end),
            event("reopen", 0, tile=dead_end, dir="N"),
            event("tile_placed", 0, tile=tunnel, x=0, y=-1, rotation=0, purpose="reopening"),
            event("tile_placed", 0, tile=80, x=0, y=-2, rotation=0, purpose="reopening"),
            event("move", 0, room=80, before=dead_end, how="reopening"),
            event("effect", 0, tile=80, room="Observatory", effect="copy", as_action=True),
            event("copy", 0, tile=12, room="Diamond Vein", effect="dig_keep"),
            event("reshuffle", -1, cards=30),
            event("dig", 0, cards=[10, 11, 12], dug=[12], wanted=2),
            event("keep", 0, cards=[12]),
            event("effect_end", 0, tile=80),
            event("turn_end", 0, actions=9),
        ]
    )
    record = stats.as_json()
    assert record["dead_end_start"] is True and record["start_tunnels"] == 0
    assert record["mine_closures"] == 1 and record["reopenings"] == 1
    assert record["tiles_placed"] == {"construction": 0, "setup": 1, "reopening": 2}
    assert record["tunnel_chains"] == [1]
    assert record["digs"] == {"Diamond Vein": {"lengths": [3], "short": 1, "reshuffled": 1}}
    assert record["observatory_copies"] == {"Diamond Vein": 1}
    assert record["rooms"]["Observatory"] == [1, 1, 1, 1, 0, 0]  # ROOM_FIELDS
    assert list(record["payability"]) == ["4"]  # tested after the discard: a hand of 4
    assert sum(record["payability"]["4"]["checks"]) == 1
    assert record["per_turn"]["hand"] == [4] and record["per_turn"]["decisions"] == [9]
    assert record["stack_left"] == -1  # no tile was drawn
    assert stats.hands() == [[1, 2, 3, 4, 12], [6, 7, 8, 9]]


def test_full_deck_yields_follow_the_spec() -> None:
    """Spec §2.3.2's expected values, from the data."""
    yields = full_deck_cards()
    assert yields["Hope Spring"] == pytest.approx(2.56)
    assert yields["Ruins"] == pytest.approx(2.24)
    assert yields["Nexus"] == pytest.approx(1.76)
    assert yields["Diamond Spring"] == pytest.approx(1.44)
    assert yields["Mine Shaft"] == 2 and yields["Crystal Garden"] is None


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="at least 1 player"):
        Statistics(0)


@pytest.mark.parametrize(
    ("cards", "spec"),
    [(4, (0.83, 0.65, 0.48, 0.34, 0.19)), (6, (0.93, None, None, None, 0.59))],
)
def test_payability_of_random_hands_is_the_spec_quick_check(
    cards: int, spec: tuple[float | None, ...]
) -> None:
    """Spec §8.3's quick check (random hands from the full deck, random doors of each size):
    the sampler reproduces it within sampling error, and draws every size about as often."""
    payability = Payability(seed=cards)
    rng = Rng(11)
    for _ in range(6000):
        deck = list(range(1, 76))
        rng.shuffle(deck)
        payability.check(deck[:cards])
    line = payability.as_json()[str(cards)]
    assert all(abs(n - 1200) < 150 for n in line["checks"])
    for want, k, n in zip(spec, line["payable"], line["checks"], strict=True):
        if want is not None:
            assert k / n == pytest.approx(want, abs=0.05)
