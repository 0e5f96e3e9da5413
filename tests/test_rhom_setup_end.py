"""The Rhom's setup (solo and the R46 variant), the game end with the Rhom, the solo result and
the Rhom's score breakdown (spec sections 2, 6, 8 and 9; R31, R33, R46).

The Rhom's turn itself is tested rule by rule in ``test_rhom.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from iridescia.core.rng import Rng
from iridescia.games.iridescia.board import ROW_HEXES
from iridescia.games.iridescia.data import (
    CATAPULT,
    EMPTY_HEXES_SMALL,
    SWAPPING,
    TOKENS_BY_EXPLORERS,
)
from iridescia.games.iridescia.game import Game
from iridescia.games.iridescia.state import IN_CASTLE, Options
from rules_helpers import (
    act,
    check,
    decision,
    empty,
    end_actions,
    give_relics,
    give_tiles,
    kinds,
    put,
    put_tile,
    rhom_card,
    rhom_turn,
    set_cargo,
    set_objectives,
    set_pos,
    stack_rhom_deck,
    stand_on,
    take_token,
    tiles_of,
)

HUMAN, RHOM = 0, 1


def all_item_cards(g: Game) -> Counter[int]:
    s = g.state
    cards = s.item_deck + list(s.item_discard) + [k for k in s.item_market if k >= 0]
    for p in s.players:
        cards += p.items
    return Counter(cards)


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_solo_setup_two_explorer_board_six_items_rhom_first(seed: int) -> None:
    g = Game.new(1, seed)
    s = g.state
    assert g.num_players == 2 and g.rhom_seat == RHOM and s.options.rhom
    # The Rhom played first: its first turn is in the log, then the human's turn begins.
    log = [(e.kind, e.player) for e in g.log]
    assert log[0] == ("setup", -1) and g.log[0].data == {"players": 2, "first": RHOM}
    assert log[1] == ("turn", RHOM) and g.log[1].data["kind"] == "rhom"
    assert ("rhom_dice", RHOM) in log and ("turn", HUMAN) in log
    assert s.current == HUMAN and decision(g) == "reveal"
    # The board of two explorers: thinned, row ends empty (one of them, now, by collection).
    assert len(s.thinned) == 16
    assert all(s.tile_at[h] == 0 for h in EMPTY_HEXES_SMALL)
    assert sum(1 for h in ROW_HEXES[1] if s.tile_at[h]) == 3  # 4 dealt, 1 collected
    # No Swapping Stones or Catapults; 30 cards; a 6-card market.
    cards = all_item_cards(g)
    assert sum(cards.values()) == 30 and cards[SWAPPING] == cards[CATAPULT] == 0
    assert len(s.item_market) == 6 and all(k >= 0 for k in s.item_market)
    # The Rhom: no coins, no objectives; the human: 5 coins, 2 objectives; the Scepter only.
    assert (s.players[RHOM].coins, s.players[RHOM].objectives) == (0, ())
    assert (s.players[HUMAN].coins, len(s.players[HUMAN].objectives)) == (5, 2)
    assert s.tokens_left == ("scepter",)
    assert sorted(s.rhom_deck + s.rhom_discard) == list(range(1, 17))
    check(g)


@pytest.mark.parametrize(("humans", "tokens"), [(2, ("throne", "banner")), (3, None)])
def test_r46_variant_setup_for_the_total_number_of_explorers(
    humans: int, tokens: tuple[str, ...] | None
) -> None:
    g = Game.new(humans, 3, Options(rhom=True))
    s = g.state
    explorers = humans + 1
    assert g.num_players == explorers and s.rhom == explorers - 1  # the last seat
    assert g.log[0].data["first"] == s.rhom and g.log[1].player == s.rhom
    assert s.current == 0
    assert s.thinned == () and sum(1 for h in ROW_HEXES[1] if s.tile_at[h]) == 5
    assert sum(all_item_cards(g).values()) == 36 and len(s.item_market) == 6
    assert tuple(s.tokens_left) == (tokens or TOKENS_BY_EXPLORERS[4])
    assert s.players[s.rhom].coins == 0 and s.players[s.rhom].objectives == ()
    assert all(len(s.players[i].objectives) == 2 for i in range(humans))
    check(g)


def test_rhom_views_show_the_weathervane_but_not_the_deck_order() -> None:
    g = Game.new(1, 0)
    view = g.view(HUMAN)["rhom"]
    s = g.state
    assert view["seat"] == RHOM and view["deck_count"] == len(s.rhom_deck)
    assert view["weathervane"] == ("left" if s.rhom_deck[-1] in (1, 2, 7, 8, 9, 12, 13, 14)
                                   else "right")  # fmt: skip
    assert view["barricades"] == [] and view["barricades_left"] == 6
    assert "rhom_deck" not in view


# ---------------------------------------------------------------- every step is an event


@pytest.mark.parametrize("seed", range(6))
def test_every_rhom_turn_is_told_by_its_events(seed: int) -> None:
    g = Game.new(1, seed)
    rng = Rng(seed)
    while not g.is_terminal():
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
    turns: list[list[str]] = []
    for e in g.log:
        if e.kind == "turn":
            turns.append([])
        if turns and e.player == RHOM:
            turns[-1].append(e.kind)
    rhom_turns = [t for t in turns if t and t[0] == "turn"]
    assert rhom_turns[0][:2] == ["turn", "rhom_dice"]
    for kinds_ in rhom_turns[1:]:
        assert kinds_[1] == "rhom_card" or kinds_[1] == "blocked"
        assert "rhom_choice" in kinds_ and "move" in kinds_ and "collect" in kinds_
        assert kinds_.index("rhom_choice") < kinds_.index("move") < kinds_.index("gain")
    assert g.state.players[RHOM].finished and g.state.players[HUMAN].finished


# ---------------------------------------------------------------- the game end (section 6)


def rhom_to_the_castle(g: Game) -> None:
    """The Rhom on hex 50 (row 8) with one Castle tile to go to (Amethyst, 5 points, on 56)."""
    set_pos(g, RHOM, 50)
    put_tile(g, 56, 53)
    empty(g, 49, 51, 57)


def test_rhom_finishing_first_its_turns_are_skipped_until_the_human_arrives() -> None:
    g = Game.new(1, 0)
    s = g.state
    rhom_to_the_castle(g)
    stack_rhom_deck(g, rhom_card("2x", "left"))
    events = rhom_turn(g)
    assert kinds(events, "castle") == [{"token": "scepter", "points": 5}]
    assert s.players[RHOM].pos == IN_CASTLE and s.players[RHOM].tile_bonus_points == 5
    # The human plays on, turn after turn: the Rhom neither acts nor removes tiles.
    for _ in range(2):
        stand_on(g, HUMAN, 3, put(g, 3, "amethyst"))
        events = end_actions(g)
        assert [e.player for e in events if e.kind == "turn"] == [HUMAN]
        assert all(e.player != RHOM for e in events)
        assert s.current == HUMAN and decision(g) == "reveal"
    # The game ends when the human reaches the Castle too (no token left for it).
    stand_on(g, HUMAN, 55, 55)
    events = end_actions(g)
    assert kinds(events, "castle") == [{"token": None, "points": 0}]
    assert kinds(events, "game_over") == [{}] and g.is_terminal()
    check(g)


def test_human_finishing_first_removes_tiles_while_the_rhom_plays_on() -> None:
    g = Game.new(1, 0)
    s = g.state
    human = s.players[HUMAN]
    human.pos, human.finished, human.token = IN_CASTLE, True, take_token(s)
    rhom_to_the_castle(g)
    stack_rhom_deck(g, rhom_card("barricade", "left"), rhom_card("2x", "left"))
    from rules_helpers import begin_turn

    assert decision(g) == "reveal"
    begin_turn(g, HUMAN)
    assert decision(g) == "remove" and "remove 50" not in {str(a) for a in g.legal_actions()}
    events = act(g, "remove 8")
    assert kinds(events, "remove")[0]["hex"] == 8
    # The Rhom's turn follows: its barricade is ignored (the human is in the Castle), it
    # reaches the Castle (no token left) and the game ends.
    assert [e.player for e in events if e.kind == "turn"] == [RHOM]
    assert kinds(events, "rhom_barricade") == [{"hex": None, "reason": "ignored"}]
    assert kinds(events, "castle") == [{"token": None, "points": 0}]
    assert kinds(events, "game_over") == [{}] and g.is_terminal()


# ---------------------------------------------------------------- the solo result (8, R33)


def neutral_solo() -> Game:
    """A solo game where nobody scores anything yet."""
    g = Game.new(1, 0)
    s = g.state
    set_objectives(g, HUMAN, 11, 15)  # 5 relics / one of each type: not met below
    s.removed += s.players[RHOM].tiles
    s.players[RHOM].tiles = ()
    set_cargo(g, RHOM, (0, 0, 0, 0))
    return g


@pytest.mark.parametrize(
    ("human", "rhom", "winners", "ranking"),
    [
        ({"relic": 21}, {}, [HUMAN], [1, 2]),  # 10 to 0
        ({}, {"tile_bonus_points": 3}, [RHOM], [2, 1]),
        ({"relic": 21}, {"iridia_stone": True}, [RHOM], [2, 1]),  # 10-10: the Stone breaks it
        ({"token": True}, {"merchant_points": 5}, [HUMAN], [1, 2]),  # 5-5: the Scepter
        ({}, {"overflow_points": 0}, [HUMAN, RHOM], [1, 1]),  # a full tie: a draw
        ({"relic": 21}, {"overflow_points": 10}, [HUMAN, RHOM], [1, 1]),
    ],
)
def test_r33_solo_result_higher_score_then_tie_breaks_else_a_draw(
    human: dict[str, object], rhom: dict[str, object], winners: list[int], ranking: list[int]
) -> None:
    g = neutral_solo()
    s = g.state
    if "relic" in human:
        give_relics(g, HUMAN, int(str(human["relic"])))
    if human.get("token"):
        s.players[HUMAN].token = "scepter"
    for field, value in rhom.items():
        setattr(s.players[RHOM], field, value)
    assert g.winners() == winners and g.ranking() == ranking


def test_rhom_score_breakdown_by_source() -> None:
    g = neutral_solo()
    s = g.state
    rhom = s.players[RHOM]
    give_relics(g, RHOM, 1, 2, 3)  # three Jewelry: 5 + 5 + 5 points, a set of 5
    amethysts = [t for t in tiles_of("amethyst") if t not in s.thinned][:3]
    give_tiles(g, RHOM, *amethysts, tiles_of("rainbow")[0])  # a set of 3 (and a wild)
    set_cargo(g, RHOM, (2, 1, 2, 0))
    rhom.tile_bonus_points, rhom.merchant_points, rhom.overflow_points = 4, 6, 4
    rhom.iridia_stone, rhom.token = True, "scepter"
    b = g.scores()[RHOM]
    assert (b.relic_points, b.relic_sets, b.tile_sets, b.gems) == (15, 5, 3, 2)
    assert (b.tile_bonus_points, b.merchant, b.overflow, b.other) == (4, 6, 4, 10)
    assert (b.iridia_stone, b.token, b.objective, b.objective_id) == (10, 5, 0, None)
    assert b.total == 15 + 5 + 3 + 2 + 4 + 6 + 4 + 10 + 5
    assert b.as_dict()["merchant"] == 6 and b.as_dict()["overflow"] == 4
