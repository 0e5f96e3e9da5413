"""Gem Rush R1-R20, one or more tests per rule: modes, players, targets, parameters, setup, the
turn's phases, and movement (spec §3.1-§3.4).

Every test builds an exact position (``scenario``, or ``GAME.new`` with a fixed seed), plays
action texts of spec §9 and checks the exact outcome, so that it fails if its rule breaks. The
helpers and the card ids used are described in ``gemrush_rule_helpers.py``. Tiles used (printed
sides N, E, S, W; spec §2.4.7):

- T04 Crystal Garden (EL+SS:2, walls), T06 Dark Pit (SS:1, walls), T09 Diamond Spring (SS:1,
  walls), T20 Fire Ruby Shaft (PF:1, wall, FR+EL+RH:3, wall);
- T29 Mine Cart (PF+PF:2, ST+EL+SS:3, wall, wall), T31 Mine Cart (free:0, SS:1, PF+SS:2, wall),
  T32 Mine Cart (EL+RH:2, FR+EL+EL+RH:5, free:0, wall);
- T33 Mine Shaft (OB+ST:2, OB+ST:2, RH+RH:2, FR+FR+SS:3), T34 Mine Shaft (OB+PF+EL+SS+RH:6,
  FR:1, ST:1, PF+SS+RH:3);
- T48 Portal (OB:1, PF+PF:2, EL+SS:2, RH:1), T49 Recycler (OB+SS:2, PF+EL+RH:3, PF:1, OB:1),
  T53 Ruins (free:0, ST:1, OB:1, SS:1);
- T63 cross tunnel (N-S, E-W), T65 bend tunnel (N-E, S-W).
"""

from __future__ import annotations

import pytest
from gemrush_rule_helpers import at, kind, late_crisis, play, quiet_turn, texts

from iridescia.core.rng import Rng
from iridescia.games.gemrush import GAME, INFO, RulesParams, scenario
from iridescia.games.gemrush.data import TILE_IS_TUNNEL
from iridescia.games.gemrush.params import DEFAULT_PARAMS

# ------------------------------------------------------------------ R1 modes


def test_r01_crisis_is_cooperative_and_rush_competitive() -> None:
    """R1: "Crisis is cooperative ... Rush is competitive"; each rule says which mode it is for."""
    assert [m.name for m in INFO.modes] == ["crisis", "rush"]
    assert INFO.mode("crisis").cooperative and not INFO.mode("rush").cooperative
    crisis = scenario(2, options={"target": 40}, scores=[30, 15], phase="burn")
    late_crisis(crisis, 3)
    play(crisis, "burn deck", "burn deck", "burn deck")
    team = crisis.outcome()
    assert team.winners == (0, 1) and team.returns == (1.0, 1.0) and team.team_score == 45
    rush = scenario(2, mode="rush", options={"target": 40}, scores=[45, 15], phase="turn start")
    assert rush.outcome().winners == (0,) and rush.outcome().returns == (1.0, 0.0)
    with pytest.raises(ValueError, match="mode"):
        GAME.new(2, 0, {"mode": "solo"})


# ------------------------------------------------------------------ R2 players


@pytest.mark.parametrize(
    ("mode", "players", "ok"),
    [("crisis", 0, False), ("crisis", 1, True), ("crisis", 7, True), ("crisis", 8, False),
     ("rush", 1, False), ("rush", 2, True), ("rush", 7, True), ("rush", 8, False)],
)  # fmt: skip
def test_r02_crisis_takes_1_to_7_players_and_rush_2_to_7(mode: str, players: int, ok: bool) -> None:
    """R2: "Crisis takes 1-7 players; Rush takes 2-7"."""
    if ok:
        assert GAME.new(players, 1, mode=mode).num_players == players
    else:
        with pytest.raises(ValueError):
            GAME.new(players, 1, mode=mode)


def test_r02_play_goes_clockwise_by_seat() -> None:
    """R2: "Seats are numbered clockwise, and play goes clockwise"."""
    game = scenario(3, mode="rush", current=1, phase="action")
    seats = [game.state.current]
    for _ in range(4):
        quiet_turn(game)
        seats.append(game.state.current)
    assert seats == [1, 2, 0, 1, 2]


# ------------------------------------------------------------------ R3, R4 targets


@pytest.mark.parametrize(
    ("level", "target"),
    [("apprentice", 36), ("journeyman", 44), ("artisan", 52), ("expert", 60), ("master", 66),
     ("grandmaster", 72), ("none", 0)],
)  # fmt: skip
def test_r03_crisis_levels_use_the_printed_targets(level: str, target: int) -> None:
    """R3: a difficulty level (36/44/52/60/66/72 with the default offset 0), or no target."""
    assert GAME.new(2, 0, {"level": level}, mode="crisis").state.target == target


def test_r03_custom_target_offset_and_no_target_result() -> None:
    """R3: "a custom target (any positive integer)"; "no target: play to the end and see the
    score"; a non-zero offset lowers every level."""
    assert GAME.new(1, 0, {"target": 50}).state.target == 50
    offset = RulesParams(no_skills_offset=8)
    assert [offset.level_target(i) for i in range(6)] == [28, 36, 44, 52, 58, 64]
    game = scenario(2, options={"level": "none"}, scores=[7, 5], phase="burn")
    late_crisis(game, 3)
    play(game, "burn deck", "burn deck", "burn deck")
    assert game.outcome().returns == (12.0, 12.0) and game.outcome().target is None


@pytest.mark.parametrize(("players", "target"), [(2, 20), (3, 20), (4, 20), (5, 15), (7, 15)])
def test_r04_rush_target_is_20_up_to_4_players_then_15(players: int, target: int) -> None:
    """R4: "20 points with 2-4 players and 15 points with 5-7 players"; any positive integer.
    (With the components' own data set; gemrush-2e-provisional-2 raises 15 to 20, as measured in
    docs/gemrush-balance.md.)"""
    first = {"data_set": "gemrush-2e-provisional-1"}
    assert GAME.new(players, 0, {}, first, mode="rush").state.target == target
    assert GAME.new(players, 0, {"target": 9}, first, mode="rush").state.target == 9
    assert GAME.new(players, 0, mode="rush").state.target == 20  # the newest data set


# ------------------------------------------------------------------ R5 parameters


def test_r05_every_tunable_number_is_one_parameter_with_the_spec_default() -> None:
    """R5: "Every tunable number sits in one parameters object" with the table's defaults."""
    expected = {
        "starting_hand": 4, "hand_limit": 4, "steps_per_turn": 3, "burn_per_turn": 3,
        "crisis_levels": (36, 44, 52, 60, 66, 72), "no_skills_offset": 0,
        "rush_target_small": 20, "rush_target_large": 15, "free_effect_limit": 8,
        "rush_round_limit": 100, "rush_burns": False, "crisis_open_hands": True,
        "crisis_may_stop": False,
    }  # fmt: skip
    first = RulesParams.for_data_set("gemrush-2e-provisional-1")
    assert {k: getattr(first, k) for k in expected} == expected
    assert first == RulesParams()  # the class defaults are the spec's
    # The newest data set changes only what its changelog says (data/data_sets.toml).
    assert {k: getattr(DEFAULT_PARAMS, k) for k in expected} == expected | {"rush_target_large": 20}


def test_r05_the_parameters_drive_the_rules() -> None:
    """R5: the balance tool varies a number and the rules follow it."""
    params = {"starting_hand": 6, "steps_per_turn": 5, "burn_per_turn": 2, "hand_limit": 2}
    game = GAME.new(2, 3, {"first_player": 0}, params, mode="crisis")
    s = game.state
    assert [len(p.hand) for p in s.players] == [6, 6]
    assert kind(game) == "hand limit"  # 6 cards > a limit of 2
    for _ in range(4):
        play(game, texts(game)[0])  # phase-1 discards, one card at a time
    assert len(s.me.hand) == 2 and s.steps == 5
    play(game, "end", "draw")
    assert s.burns_left == 2


# ------------------------------------------------------------------ R6-R9 setup


def test_r06_first_player_is_drawn_at_random_unless_fixed() -> None:
    """R6: "The first player is drawn at random with the game's RNG, unless the table fixes it";
    in Rush the first player holds the First Player marker."""
    drawn = {GAME.new(4, seed).state.first_player for seed in range(24)}
    assert drawn == {0, 1, 2, 3}
    assert GAME.new(4, 5).state.first_player == GAME.new(4, 5).state.first_player
    fixed = GAME.new(4, 5, {"first_player": 2}, mode="rush")
    assert fixed.state.current == 2 and fixed.current_player == 2
    marker = [p["first_player"] for p in fixed.view(0)["players"]]
    assert marker == [False, False, True, False]
    crisis = GAME.new(4, 5, {"first_player": 2}, mode="crisis")
    assert not any(p["first_player"] for p in crisis.view(0)["players"])  # R46: Rush only


def test_r07_four_cards_dealt_one_at_a_time_clockwise_from_the_first_player() -> None:
    """R7: "Deal starting_hand (4) cards to each player, one card at a time, going clockwise from
    the first player"; the rest form the deck; discard and burnt piles start empty."""
    seed = 11
    game = GAME.new(3, seed, {"first_player": 1}, mode="rush")
    deck = list(range(1, 76))
    Rng(seed).shuffle(deck)  # the state's RNG: a fixed first player draws nothing before it
    dealt: list[list[int]] = [[], [], []]
    for i in range(12):
        dealt[(1 + i) % 3].append(deck.pop())
    s = game.state
    assert [p.hand for p in s.players] == [sorted(h) for h in dealt]
    assert s.deck == deck and len(s.deck) == 63
    assert s.discard == [] and s.burnt_deck == [] and s.burnt_hand == []


def test_r08_a_room_starting_tile_holds_every_dwarf() -> None:
    """R8: "Take the top tile and place it at (0, 0) with rotation 0 ... If it is a room, every
    dwarf starts in it"."""
    game = GAME.new(3, 0)
    placed = [e.data for e in game.log if e.kind == "tile_placed"]
    assert len(placed) == 1 and (placed[0]["x"], placed[0]["y"], placed[0]["rotation"]) == (0, 0, 0)
    tile = placed[0]["tile"]
    assert not TILE_IS_TUNNEL[tile] and [p.room for p in game.state.players] == [tile] * 3
    assert len(game.state.stack) == 79


def test_r08_a_tunnel_start_is_extended_through_the_chain() -> None:
    """R8: "If it is a tunnel, extend it ... no one pays or scores anything"; the trace heads N
    and each tile goes where the trace ends, until a room appears."""
    game = GAME.new(2, 178)  # seed 178 draws the bend tunnel T65 first
    placed = [e.data for e in game.log if e.kind == "tile_placed"]
    assert placed[0]["tile"] == 65 and (placed[0]["x"], placed[0]["y"]) == (0, 0)
    assert (placed[1]["x"], placed[1]["y"]) == (0, 1)  # T65 at rotation 0 leads N out of (0, 0)
    assert all(TILE_IS_TUNNEL[p["tile"]] for p in placed[:-1])
    room = placed[-1]["tile"]
    assert not TILE_IS_TUNNEL[room]
    s = game.state
    assert [p.room for p in s.players] == [room, room] and [p.score for p in s.players] == [0, 0]
    assert len(s.stack) == 80 - len(placed) and s.discard == []


def test_r09_every_player_starts_at_0_points() -> None:
    """R9: "Every player starts at 0 points"."""
    for players in range(1, 8):
        assert GAME.new(players, players).scores() == [0] * players


# ------------------------------------------------------------------ R10-R12 the turn


def test_r10_a_crisis_turn_runs_its_phases_in_order() -> None:
    """R10: phases 1 (hand limit), 2 (movement), 3 (one action), 4 (burn 3), then the next
    player."""
    game = scenario(2, hands=[[1, 2, 3, 4, 5, 6], []], phase="turn start")
    seen = [kind(game)]
    for text in ("discard G01", "discard G02", "end", "draw", "burn deck", "burn deck"):
        game.apply(text)
        seen.append(kind(game))
    game.apply("burn deck")
    assert seen == ["hand limit", "hand limit", "movement", "action", "burn", "burn", "burn"]
    assert game.state.current == 1 and kind(game) == "movement"


def test_r11_rush_ends_only_at_the_start_of_the_first_players_turn() -> None:
    """R11: "At the start of a turn of the player holding the First Player marker, the game ends
    at once ... if at least one player's current score is at or above the target"."""
    ahead = scenario(3, mode="rush", scores=[0, 20, 0], current=1, phase="turn start")
    assert not ahead.is_terminal() and ahead.state.current == 1
    quiet_turn(ahead)  # seat 1's turn is played in full: it is not the first player
    quiet_turn(ahead)
    assert ahead.is_terminal() and ahead.outcome().winners == (1,)
    assert ahead.state.turns_done == 2
    crisis = scenario(2, options={"target": 10}, scores=[30, 30], phase="turn start")
    assert not crisis.is_terminal()  # R61: Crisis has no phase 0


def test_r12_discard_down_to_the_hand_limit_before_moving() -> None:
    """R12: "If the current player holds more than hand_limit (4) cards, they choose cards to
    discard until hand_limit (4) remain"; the cards go to the pile in ascending id order."""
    game = scenario(2, hands=[[9, 1, 30, 4, 7, 64], []], phase="turn start")
    assert texts(game) == ["discard G01", "discard G04", "discard G07", "discard G09",
                           "discard G30", "discard G64"]  # fmt: skip
    play(game, "discard G30")
    assert game.state.discard == [] and texts(game)[-1] == "discard G64"  # not yet committed
    play(game, "discard G07")
    s = game.state
    assert s.discard == [7, 30] and s.me.hand == [1, 4, 9, 64] and kind(game) == "movement"
    small = scenario(2, hands=[[1, 2, 3, 4], []], phase="turn start")
    assert kind(small) == "movement"  # exactly 4 cards: nothing to discard


def test_r12_a_patience_flag_skips_phase_1_once() -> None:
    """R12: "If the player has a pending Patience Vein flag, phase 1 is skipped and the flag is
    cleared"."""
    game = scenario(1, tiles=[(45, 0, 0, 0)], hands=[[1, 2, 3, 4]], phase="action")
    play(game, "room")  # Patience Vein: DRAW 1 and set the flag
    assert game.state.me.patience and len(game.state.me.hand) == 5
    play(game, "burn deck", "burn deck", "burn deck")  # one player: the next turn is seat 0's
    s = game.state
    assert kind(game) == "movement" and len(s.me.hand) == 5 and not s.me.patience
    play(game, "end", "draw", "burn deck", "burn deck", "burn deck")
    assert kind(game) == "hand limit"  # the flag was used up


# ------------------------------------------------------------------ R13-R19 movement


def test_r13_three_steps_a_turn_and_end_at_any_time() -> None:
    """R13: the player has steps_per_turn (3) steps; a move that costs a step needs one left; the
    player may end phase 2 at any time."""
    row = [(33, 0, 0, 0), (34, 1, 0, 0), (48, 2, 0, 0), (49, 3, 0, 0), (53, 4, 0, 0)]
    game = scenario(1, tiles=row)
    assert game.state.steps == 3 and "end" in texts(game)
    play(game, "walk E", "walk E", "walk E")
    s = game.state
    assert s.me.room == 49 and s.steps == 0
    assert texts(game) == ["end"]  # T49 shows doors E (to T53) and W, but no step is left
    play(game, "end")
    assert kind(game) == "action"


def test_r14_a_trace_crosses_tunnels_for_one_step_into_any_room() -> None:
    """R14: a trace through tunnels "costs one step however many tunnels it crosses"; the room
    where it ends "never needs a door of its own"."""
    tiles = [(34, 0, 0, 0), (63, 1, 0, 0), (65, 2, 0, 0), (29, 2, -1, 2)]  # T29 shows a wall N
    game = scenario(1, tiles=tiles)
    play(game, "walk E")  # E through the cross, then the bend turns S into the cart
    s = game.state
    assert s.me.room == 29 and s.steps == 2
    assert "walk N" not in texts(game)  # the cart shows a wall back: one-way
    empty = scenario(1, tiles=tiles[:3], hands=[[1]], stack=[33])
    play(empty, "walk E", "pay G01", "paid")  # the trace ends empty at (2, -1): build there
    assert empty.state.me.score == 1  # T34's E door (FR:1) sets cost and points
    assert texts(empty) == ["rotate 0", "rotate 1", "rotate 2", "rotate 3"]
    play(empty, "rotate 0")
    assert at(empty, 33) == (2, -1) and empty.state.me.room == 33


def test_r15_walking_needs_a_door_and_a_door_facing_a_wall_is_one_way() -> None:
    """R15: the player picks a direction towards which the room shows a door; "a door that faces
    a wall makes a one-way passage"; "two walls facing each other block passage both ways"."""
    tiles = [(20, 0, 0, 0), (29, 0, 1, 0), (4, 1, 0, 1)]  # T04 turned: a wall faces T20's wall
    game = scenario(1, tiles=tiles)
    assert texts(game) == ["walk N", "end"]  # E: wall against wall; S: a door it cannot pay
    play(game, "walk N")
    assert game.state.me.room == 29 and game.state.steps == 2
    assert texts(game) == ["end"]  # the cart's S side is a wall: no way back
    paying = scenario(1, tiles=tiles, hands=[[7, 21]], stack=[33])
    assert texts(paying) == ["walk N", "walk S", "end"]  # FR+EL+RH:3 can now be built


def test_r16_movement_rooms_cost_a_step_in_phase_2_or_serve_as_the_action() -> None:
    """R16: a movement room's effect costs 1 step in phase 2 or is the phase-3 action at no
    step; phase 2 goes on from wherever the dwarf stands; it may be used again."""
    tiles = [(48, 0, 0, 0), (53, 0, 1, 0), (33, 5, 5, 0)]  # Portal, Ruins N of it, a far room
    game = scenario(1, tiles=tiles)
    play(game, "use")
    assert texts(game) == ["to T33", "to T53"] and game.state.steps == 2
    play(game, "to T53", "walk S")  # from Ruins back into the Portal
    assert game.state.me.room == 48 and game.state.steps == 1
    play(game, "use", "to T33")
    assert game.state.me.room == 33 and game.state.steps == 0 and kind(game) == "movement"
    tired = scenario(1, tiles=tiles, steps=0)
    assert "use" not in texts(tired)
    action = scenario(1, tiles=tiles, phase="action")
    assert texts(action) == ["draw", "room"]
    play(action, "room", "to T33")
    assert action.state.me.room == 33 and kind(action) == "burn"


def test_r17_free_rooms_cost_nothing_even_with_no_step_left() -> None:
    """R17: a free room's effect is used "at no cost, even with 0 steps left", repeatedly, and
    "a free room is never the phase-3 action"."""
    game = scenario(1, tiles=[(31, 0, 0, 0), (32, 9, 9, 0)], steps=0)
    play(game, "use", "to T32", "use", "to T31")
    s = game.state
    assert s.me.room == 31 and s.steps == 0 and s.free_uses == 2
    assert texts(scenario(1, tiles=[(31, 0, 0, 0), (32, 9, 9, 0)], phase="action")) == ["draw"]


def test_r18_a_mine_cart_needs_a_second_cart_and_goes_to_any_other() -> None:
    """R18: "A Mine Cart's effect works only while the mine holds at least 2 Mine Cart tiles"; it
    moves the dwarf to a different cart, connected or not."""
    alone = scenario(1, tiles=[(29, 0, 0, 0), (33, 0, 1, 2)])
    assert "use" not in texts(alone)
    network = scenario(1, tiles=[(29, 0, 0, 0), (33, 0, 1, 2), (30, -7, 4, 0), (31, 12, -3, 0)])
    play(network, "use")
    assert texts(network) == ["to T30", "to T31"]  # neither is connected to T29
    play(network, "to T31")
    assert network.state.me.room == 31 and network.state.steps == 3


def test_r19_warpstone_jump_discards_a_ws_card_to_reach_any_other_room() -> None:
    """R19: "discard one card showing WS ... The dwarf then moves to any room in the mine other
    than its own. This costs no step and needs no path"."""
    tiles = [(33, 0, 0, 0), (63, 0, 1, 0), (53, 7, 7, 0)]  # a tunnel, and a room far away
    game = scenario(1, tiles=tiles, hands=[[1, 64]], steps=0)
    assert [t for t in texts(game) if t.startswith("jump")] == ["jump G64"]
    play(game, "jump G64")
    assert texts(game) == ["to T53"]  # not its own room, never a tunnel
    play(game, "to T53")
    s = game.state
    assert s.me.room == 53 and s.steps == 0 and s.discard == [64] and s.me.hand == [1]
    assert kind(game) == "movement"


# ------------------------------------------------------------------ R20


def test_r20_moving_into_an_existing_room_never_pays_or_scores() -> None:
    """R20: "Moving into an existing room never costs gems and never scores"; tiles placed to
    reopen a closed mine "are not constructions: nothing is paid or scored"."""
    game = scenario(1, tiles=[(33, 0, 0, 0), (53, -1, 0, 0)], hands=[[9, 10]])
    play(game, "walk W")  # through T33's FR+FR+SS:3 door, which these cards could pay
    s = game.state
    assert s.me.room == 53 and s.me.score == 0 and s.me.hand == [9, 10] and s.discard == []
    assert kind(game) == "movement"
    closed = scenario(1, tiles=[(4, 0, 0, 0), (9, 0, 1, 2)], hands=[[37]], stack=[33])
    play(closed, "reopen E", "rotate 0")
    assert closed.state.me.room == 33 and closed.state.me.score == 0
    assert closed.state.me.hand == [37]
