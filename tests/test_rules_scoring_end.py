"""Table-driven rules tests of the Castle, the game end and final scoring at game level
(spec sections 5, 6 and 7; R30-R33 through ``Game.scores()``, ``ranking()`` and ``winners()``).

The scoring functions themselves (set tables, every objective, the wild search against a brute
force) are tested in ``test_scoring_rules.py``; here the same rules are checked end to end, from
a game state to the scores the ``Game`` reports.
"""

from __future__ import annotations

import pytest

from iridescia.games.iridescia.board import ROW_HEXES
from iridescia.games.iridescia.game import Game
from iridescia.games.iridescia.state import IN_CASTLE
from rules_helpers import (
    act,
    barricade,
    begin_turn,
    check,
    decision,
    empty_rows,
    end_actions,
    give_items,
    give_relics,
    give_tiles,
    kinds,
    legal,
    new_game,
    put,
    put_tile,
    set_cargo,
    set_coins,
    set_market,
    set_objectives,
    take_token,
    tiles_of,
)

# Castle tile ids: 53-56 Amethyst, Citrine, Emerald, Sapphire (5 points), 57 Iridia, 58 rainbow.
CASTLE_A, CASTLE_C, CASTLE_E, CASTLE_S, IRIDIA_TILE, CASTLE_RAINBOW = 53, 54, 55, 56, 57, 58


def reach_castle(g: Game, seat: int, row8_hex: int, castle_tile: int) -> None:
    """Seat ``seat`` stands on ``row8_hex`` and moves onto ``castle_tile``, put face up on the
    Castle hex forward-left of it, then ends its turn."""
    target = row8_hex + 6 if row8_hex < 52 else 58
    put_tile(g, target, castle_tile, up=True)
    if len(g.state.players[seat].objectives) == 2:
        set_objectives(g, seat, g.state.players[seat].objectives[0])
    begin_turn(g, seat, at=row8_hex)
    act(g, f"move {target}")
    if decision(g) == "tile colour":
        act(g, "colour amethyst")
    end_actions(g)


# ================================================================= the Castle (section 5)


@pytest.mark.parametrize(
    ("players", "tokens"),
    [
        (2, ["scepter", ""]),
        (3, ["throne", "banner", ""]),
        (4, ["throne", "scepter", "banner", ""]),
    ],
)
def test_castle_tokens_taken_best_first_by_number_of_explorers(
    players: int, tokens: list[str]
) -> None:
    g = new_game(players)
    for seat in range(players):
        reach_castle(g, seat, 47 + seat, CASTLE_A + seat)
    assert [p.token for p in g.state.players] == tokens
    points = {"throne": 7, "scepter": 5, "banner": 3, "": 0}
    assert [b.token for b in g.scores()] == [points[t] for t in tokens]


def test_castle_explorer_collects_the_tile_and_leaves_the_board() -> None:
    g = new_game(3)
    s = g.state
    set_market(g, 2, 2, 6, 2)
    reach_castle(g, 0, 48, CASTLE_E)
    p = s.players[0]
    assert p.pos == IN_CASTLE and p.finished and p.tiles == (CASTLE_E,)
    assert p.tile_bonus_points == 5 and p.token == "throne"
    assert s.market == [2, 2, 1, 2], "the Castle tile moves the market like any tile"
    assert s.current == 1 and not g.is_terminal()


def test_castle_player_turns_remove_one_tile_outside_the_castle_row_d23_hidden() -> None:
    g = new_game(2)
    s = g.state
    reach_castle(g, 0, 47, CASTLE_C)
    end_turn_for_seat_1(g)
    assert s.current == 0 and decision(g) == "remove"
    expected = {f"remove {h}" for h in range(1, 53) if s.tile_at[h]}
    assert legal(g) == expected and not any(f"remove {h}" in legal(g) for h in ROW_HEXES[9])
    up, down = 8, 2
    s.face_up[up] = True
    assert s.tile_at[up] and s.tile_at[down] and not s.face_up[down]
    market = list(s.market)
    tid = s.tile_at[up]
    events = act(g, f"remove {up}")
    assert s.tile_at[up] == 0 and tid in s.removed and tid not in s.removed_hidden
    assert kinds(events, "remove") == [{"hex": up, "tile": tid}]
    assert s.market == market, "removals never change the market"
    assert s.current == 1
    end_turn_for_seat_1(g)
    tid = s.tile_at[down]
    events = act(g, f"remove {down}")
    assert tid in s.removed_hidden and kinds(events, "remove") == [{"hex": down, "tile": None}]


def end_turn_for_seat_1(g: Game) -> None:
    """Seat 1 plays a short turn from hex 9 onto a revealed tile."""
    put(g, 15, "emerald", up=True)
    begin_turn(g, 1, at=9)
    act(g, "move 15")
    end_actions(g)


def test_castle_removal_never_takes_a_barricaded_tile() -> None:
    g = new_game(2)
    s = g.state
    reach_castle(g, 0, 47, CASTLE_C)
    barricade(s, 21)
    begin_turn(g, 0)
    assert "remove 21" not in legal(g) and "remove 22" in legal(g)


def test_castle_turn_skipped_when_nothing_is_left_to_remove() -> None:
    g = new_game(3)
    s = g.state
    reach_castle(g, 0, 47, CASTLE_C)
    empty_rows(g, *range(1, 9))
    events = begin_turn(g, 0)
    assert kinds(events, "turn_skipped") == [{"reason": "nothing left to remove"}]
    assert s.current == 1 and decision(g) == "blocked: place"


def test_d14_castle_player_with_a_pending_elixir_gets_an_extra_removal_turn() -> None:
    g = new_game(2)
    s = g.state
    give_items(g, 0, "elixir")
    put_tile(g, 53, CASTLE_A, up=True)
    set_objectives(g, 0, 1)
    begin_turn(g, 0, at=47)
    act(g, "move 53", "play elixir")
    end_actions(g)
    assert s.current == 0 and decision(g) == "remove"
    act(g, "remove 9")
    assert s.current == 1


# ================================================================= game end (section 6)


def test_game_ends_when_the_last_explorer_reaches_the_castle() -> None:
    g = new_game(2)
    reach_castle(g, 0, 47, CASTLE_C)
    assert not g.is_terminal()
    give_items(g, 1, "elixir")
    put_tile(g, 55, CASTLE_E, up=True)
    set_objectives(g, 1, 2)
    begin_turn(g, 1, at=49)
    act(g, "move 55", "play elixir")  # a pending extra turn does not prolong the game
    events = end_actions(g)
    assert g.is_terminal() and g.decision() is None and g.current_player is None
    assert g.legal_actions() == []
    assert kinds(events, "game_over") == [{}]
    assert [p.token for p in g.state.players] == ["scepter", ""]
    check(g)


def test_game_goes_on_while_one_explorer_is_out() -> None:
    g = new_game(3)
    s = g.state
    reach_castle(g, 0, 47, CASTLE_A)
    reach_castle(g, 1, 48, CASTLE_C)
    assert not g.is_terminal()
    begin_turn(g, 0)
    assert decision(g) == "remove"
    act(g, "remove 1")
    assert s.current == 1 and decision(g) == "remove"
    act(g, "remove 2")
    assert s.current == 2 and decision(g) == "reveal"


# ================================================================= final scoring (section 7)


def test_final_scoring_breakdown_through_game_scores() -> None:
    g = new_game(3)
    s = g.state
    set_objectives(g, 0, 15)  # Master Miner: one Jewelry, one Tech, one Lore
    set_objectives(g, 1, 11)
    set_objectives(g, 2, 6)
    give_relics(g, 0, 1, 9, 15)  # Jewelry, Tech, Lore: 5 + 5 + 5 points, one set of each (5)
    give_tiles(g, 0, *tiles_of("amethyst", "desert"))  # 3 Amethyst: 3
    give_tiles(g, 0, *tiles_of("sapphire", "canyon"))  # 3 Sapphire: 3
    set_cargo(g, 0, [2, 1, 1, 1])  # 5 gems: 2 points
    p = s.players[0]
    p.tile_bonus_points = 4
    p.iridia_stone = True
    p.token = take_token(s)
    b = g.scores()[0]
    assert b.as_dict() == {
        "relic_points": 15,
        "tile_bonus_points": 4,
        "iridia_stone": 10,
        "token": 7,
        "gems": 2,
        "relic_sets": 5,
        "tile_sets": 6,
        "objective": 7,
        "merchant": 0,
        "overflow": 0,
        "total": 56,
    }
    assert g.scores()[1].total == 0 and g.winners() == [0] and g.ranking() == [1, 2, 2]


@pytest.mark.parametrize(
    ("mine", "theirs", "their_rainbows", "done"),
    [
        (2, 2, 0, True),  # a tie for the most counts as the most
        (2, 1, 3, True),  # the opponent's rainbow tiles are ignored
        (1, 2, 0, False),
        (0, 0, 0, False),  # at least one is needed
    ],
)
def test_r30_most_tiles_objective_at_game_level(
    mine: int, theirs: int, their_rainbows: int, done: bool
) -> None:
    g = new_game(4)
    set_objectives(g, 0, 2)  # Amethyst Aficionado: the most Amethyst tiles
    amethysts = tiles_of("amethyst")
    give_tiles(g, 0, *amethysts[:mine])
    give_tiles(g, 1, *amethysts[mine : mine + theirs])
    give_tiles(g, 1, *tiles_of("rainbow")[:their_rainbows])
    b = g.scores()[0]
    assert b.objective_completed is done and b.objective == (5 if done else 0)


@pytest.mark.parametrize(("mine", "theirs", "done"), [(5, 5, True), (6, 5, True), (4, 5, False)])
def test_r30_glimmering_gold_most_coins(mine: int, theirs: int, done: bool) -> None:
    g = new_game(2)
    set_objectives(g, 0, 1)
    set_coins(g, 0, mine)
    set_coins(g, 1, theirs)
    assert g.scores()[0].objective_completed is done


def test_r30_own_rainbow_tile_counts_toward_the_most() -> None:
    g = new_game(3)
    set_objectives(g, 0, 3)  # Citrine Crazy
    citrines = tiles_of("citrine")
    give_tiles(g, 0, citrines[0], tiles_of("rainbow")[0])
    give_tiles(g, 1, *citrines[1:3])
    b = g.scores()[0]
    assert b.objective_completed and b.wilds.tile_colours == (0, 1, 0, 0)


@pytest.mark.parametrize(
    ("objective", "mine", "rhom", "done"),
    [
        (2, {"amethyst": 2}, {"amethyst": 3}, False),  # the Rhom holds more Amethyst tiles
        (2, {"amethyst": 2}, {"amethyst": 2}, True),  # a tie with the Rhom is the most
        (2, {"amethyst": 1}, {"rainbow": 2}, True),  # the Rhom's wilds are not counted
        (1, {"coins": 1}, {}, True),  # Glimmering Gold: the Rhom has 0 coins
        (1, {"coins": 0}, {}, False),  # ... and "most" needs at least 1
        (10, {"relics": (4,)}, {"relics": (10, 13)}, False),  # Sapphire-lead relics
        (10, {"relics": (4, 15)}, {"relics": (10, 13)}, True),
        (13, {"relics": (15,)}, {"relics": (16, 17)}, False),  # Lore relics
    ],
)
def test_r31_rhom_counted_as_an_opponent(
    objective: int, mine: dict[str, object], rhom: dict[str, object], done: bool
) -> None:
    g = Game.new(1, 0)  # solo: the human is seat 0, the Rhom seat 1
    s = g.state
    s.removed += s.players[1].tiles  # the tile of the Rhom's first turn
    s.players[1].tiles = ()
    set_objectives(g, 0, objective)
    set_coins(g, 0, int(str(mine.get("coins", 5))))
    pool = {
        gem: [t for t in tiles_of(gem) if t not in s.thinned] for gem in ("amethyst", "rainbow")
    }
    for seat, wants in ((0, mine), (1, rhom)):
        for gem in ("amethyst", "rainbow"):
            n = int(str(wants.get(gem, 0)))
            give_tiles(g, seat, *pool[gem][:n])
            pool[gem] = pool[gem][n:]
        relics = wants.get("relics", ())
        assert isinstance(relics, tuple)
        give_relics(g, seat, *relics)
    assert s.players[1].coins == 0
    b = g.scores()[0]
    assert b.objective_completed is done


def test_r32_rainbow_tile_takes_one_colour_for_one_set() -> None:
    g = new_game(3)
    set_objectives(g, 0, 11)
    give_tiles(g, 0, *tiles_of("emerald")[:4], *tiles_of("sapphire")[:2], tiles_of("rainbow")[0])
    b = g.scores()[0]
    assert b.tile_sets == 7 and b.wilds.tile_colours == (0, 0, 1, 0)  # 5 Emerald, not 3 + 3


def test_r32_iridia_relic_plays_the_same_type_in_sets_and_objective() -> None:
    g = new_game(2)
    set_objectives(g, 0, 14)  # Tantalizing Tech: the most Tech relics
    give_relics(g, 0, 1, 2, 21)  # two Jewelry and an Iridia relic
    b = g.scores()[0]
    # As Tech: no set but the objective (7); as Jewelry: a set (5) and no objective.
    assert (b.relic_sets, b.objective) == (0, 7) and b.wilds.relic_types == (0, 1, 0)


def test_r32_iridia_relic_lead_gem_completes_regal_rainbow() -> None:
    g = new_game(2)
    set_objectives(g, 0, 6)  # Regal Rainbow: a relic of each lead gem
    give_relics(g, 0, 1, 2, 3, 22)  # Amethyst, Citrine, Emerald leads and an Iridia relic
    b = g.scores()[0]
    assert b.objective == 7 and b.wilds.relic_leads == (0, 0, 0, 1)
    assert b.relic_sets == 5, "the same Iridia relic is also the third Jewelry"


def test_d21_two_objectives_still_held_score_the_better() -> None:
    g = new_game(2)
    set_objectives(g, 0, 11, 15)
    give_relics(g, 0, 1, 9, 15)
    b = g.scores()[0]
    assert b.objective_id == 15 and b.objective == 7


@pytest.mark.parametrize(
    ("extra", "winners", "ranking"),
    [
        # Totals all equal 10; the Iridia Stone beats every token.
        ({3: "iridia"}, [3], [2, 3, 4, 1]),
        # No Iridia Stone: Throne, then Scepter, then Banner.
        ({}, [0], [1, 2, 3, 4]),
    ],
)
def test_r33_ties_broken_by_iridia_stone_then_throne_scepter_banner(
    extra: dict[int, str], winners: list[int], ranking: list[int]
) -> None:
    g = new_game(4)
    s = g.state
    for seat, obj in enumerate((6, 11, 13, 15)):  # objectives nobody completes
        set_objectives(g, seat, obj)
    bonus = {0: 3, 1: 5, 2: 7, 3: 10}  # + Throne 7, Scepter 5, Banner 3, nothing = 10 each
    for seat in range(3):
        s.players[seat].token = take_token(s)
    for seat, points in bonus.items():
        s.players[seat].tile_bonus_points = points
    if extra.get(3) == "iridia":
        s.players[3].tile_bonus_points = 0
        s.players[3].iridia_stone = True
    assert [b.total for b in g.scores()] == [10, 10, 10, 10]
    assert g.winners() == winners and g.ranking() == ranking


def test_r33_players_still_tied_share_the_place() -> None:
    g = new_game(3)
    s = g.state
    for seat, obj in enumerate((6, 11, 13)):
        set_objectives(g, seat, obj)
    s.players[0].tile_bonus_points = 4
    s.players[1].tile_bonus_points = 4
    s.players[2].tile_bonus_points = 3
    assert g.winners() == [0, 1] and g.ranking() == [1, 1, 3]


def test_final_scores_at_the_end_of_a_played_game() -> None:
    g = new_game(2)
    set_objectives(g, 0, 11)
    set_objectives(g, 1, 6)
    reach_castle(g, 0, 49, CASTLE_E)
    reach_castle(g, 1, 50, CASTLE_S)
    assert g.is_terminal()
    s0, s1 = g.scores()
    assert (s0.tile_bonus_points, s0.token, s0.gems, s0.total) == (5, 5, 0, 10)
    assert (s1.tile_bonus_points, s1.token, s1.gems, s1.total) == (5, 0, 0, 5)
    assert g.winners() == [0] and g.ranking() == [1, 2]
