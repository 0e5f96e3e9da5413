"""First rule scenarios for Gem Rush, built with ``scenario``: movement, construction, payment,
placement, special gems, the turn's phases, burning and the end.

Tiles used (printed sides N, E, S, W; spec §2.4.7): T01 Auric Fountain (FR+OB+SS:3, FR:0,
PF+SS:2, wall), T04 Crystal Garden (EL+SS:2, walls), T05 Crystalarium (FR+PF+ST+EL+SS:6, EL:1,
FR+ST+SS+SS:5, wall), T09 Diamond Spring (SS:1, walls), T20 Fire Ruby Shaft (PF:1, wall,
FR+EL+RH:3, wall), T29 Mine Cart (PF+PF:2, ST+EL+SS:3, wall, wall), T33 Mine Shaft (OB+ST:2,
OB+ST:2, RH+RH:2, FR+FR+SS:3), T39 Nexus (EL:1, free:0, PF+ST+EL:3, FR+PF:2), T63 cross tunnel,
T65 bend tunnel (N-E, S-W). Cards: G15 OB+ST, G17 OB+EL, G64 FR+WS, G67 ST+WS, G71 DD.
"""

from __future__ import annotations

from iridescia.games.gemrush import GemRushGame, rules, scenario
from iridescia.games.gemrush.grid import decode


def texts(game: GemRushGame) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def at(game: GemRushGame, tile: int) -> tuple[int, int]:
    return decode(game.state.pos_of[tile])


def test_r15_walking_and_one_way_passages() -> None:
    game = scenario(2, tiles=[(20, 0, 0, 0), (29, 0, 1, 0)], hands=[[], []])
    assert texts(game) == ["walk N", "end"]  # T20 shows walls E, W; its S door needs cards
    game.apply("walk N")
    s = game.state
    assert s.me.room == 29 and s.steps == 2
    assert "walk S" not in texts(game)  # the cart shows a wall S: one-way (R15)


def test_r21_r22_r26_construction_pays_scores_and_places() -> None:
    game = scenario(2, tiles=[(33, 0, 0, 0)], hands=[[15, 17, 71], []], stack=[5])
    assert "walk E" in texts(game)  # OB+ST:2, payable
    game.apply("walk E")
    assert texts(game) == ["pay G15", "pay G17", "pay G71"]  # no "paid" yet
    game.apply("pay G15")
    # G15 pays it all; G17's OB or G71's DD could still fill a slot in its place (R31).
    assert texts(game) == ["pay G17", "pay G71", "paid"]
    game.apply("paid")
    s = game.state
    assert s.me.score == 2 and s.discard == [15]
    assert texts(game) == ["rotate 1", "rotate 2", "rotate 3"]  # T05 shows a door W 3 ways
    game.apply("rotate 2")
    assert at(game, 5) == (1, 0) and s.me.room == 5 and s.steps == 2
    assert s.rot_of[5] == 2


def test_r40_payment_cards_go_to_the_pile_in_id_order() -> None:
    # T05's N door costs FR+PF+ST+EL+SS: five single-gem needs.
    game = scenario(1, tiles=[(5, 0, 0, 0)], hands=[[71, 3, 33, 25]], stack=[1])
    game.apply("walk N")
    for text in ("pay G71", "pay G33", "pay G25", "pay G03"):  # DD stands for FR here
        game.apply(text)
    assert "paid" in texts(game)
    game.apply("paid")
    assert game.state.discard == [3, 25, 33, 71]
    assert game.state.me.score == 6


def test_r24_tunnel_chain_builds_on_the_far_side() -> None:
    game = scenario(1, tiles=[(39, 0, 0, 0)], hands=[[]], stack=[63, 65, 4])
    game.apply("walk E")  # a free door: no payment decision
    # The cross tunnel has one placement, the bend two (R23, R24).
    assert texts(game) == ["rotate 0", "rotate 1"]
    game.apply("rotate 0")  # entering heading E, the bend turns S
    s = game.state
    assert at(game, 63) == (1, 0) and at(game, 65) == (2, 0) and at(game, 4) == (2, -1)
    assert s.me.room == 4 and s.me.score == 0 and s.steps == 2


def test_r24_a_tunnel_leading_into_a_room_ends_the_construction() -> None:
    game = scenario(1, tiles=[(39, 0, 0, 0), (1, 2, 0, 0)], hands=[[]], stack=[63, 4])
    game.apply("walk E")
    assert game.state.me.room == 1 and game.state.stack[-1] == 4


def test_r65_stack_runs_out_during_a_chain() -> None:
    far = [(t, 10 + t, 50, 0) for t in range(1, 81) if t not in (39, 63)]
    game = scenario(1, tiles=[(39, 0, 0, 0), *far], hands=[[]], stack=[63])
    game.apply("walk E")
    s = game.state
    assert not s.stack and at(game, 63) == (1, 0)
    assert s.me.room == 39 and s.steps == 2  # back in room A, the step spent
    assert not any(t.startswith(("walk", "build")) for t in texts(game))  # R65


def test_r19_warpstone_jump() -> None:
    game = scenario(2, tiles=[(33, 0, 0, 0), (1, 5, 5, 0)], hands=[[64], []], steps=0)
    assert texts(game) == ["jump G64", "build T01 E", "end"]  # G64's FR pays T01's FR door
    game.apply("jump G64")
    assert texts(game) == ["to T01"]
    game.apply("to T01")
    s = game.state
    assert s.me.room == 1 and s.steps == 0 and s.discard == [64]


def test_r25_warped_construction_anywhere_without_steps() -> None:
    game = scenario(2, tiles=[(33, 0, 0, 0), (1, 5, 5, 0)], hands=[[64], []], steps=0)
    assert "build T01 E" in texts(game)  # FR:0, paid by the FR of the Warpstone card
    game.apply("build T01 E")
    assert texts(game) == ["pay G64"]
    game.apply("pay G64")
    game.apply("paid")
    assert game.decision().kind == "rotation"  # type: ignore[union-attr]
    game.apply(texts(game)[0])  # T02, the top tile, shows a door W three ways
    s = game.state
    assert s.me.room == 2 and at(game, 2) == (6, 5) and s.steps == 0


def test_r12_hand_limit_and_patience() -> None:
    game = scenario(2, hands=[[1, 2, 3, 4, 5, 6], []], phase="turn start")
    assert game.decision() is not None and game.decision().kind == "hand limit"  # type: ignore[union-attr]
    game.apply("discard G05")
    game.apply("discard G02")
    assert game.state.discard == [2, 5] and game.decision().kind == "movement"  # type: ignore[union-attr]
    patient = scenario(2, hands=[[1, 2, 3, 4, 5, 6], []], phase="turn start", steps=3)
    assert patient.decision().kind == "hand limit"  # type: ignore[union-attr]
    flagged = scenario(2, hands=[[1, 2, 3, 4, 5, 6], []])
    flagged.state.players[0].patience = True
    flagged.state.phase = 1  # back to the start of the turn
    rules.advance(flagged.state)
    assert flagged.decision().kind == "movement"  # type: ignore[union-attr]
    assert not flagged.state.players[0].patience and len(flagged.state.me.hand) == 6


def test_r11_r66_rush_ends_at_the_first_players_turn_with_shared_wins() -> None:
    game = scenario(3, mode="rush", scores=[20, 20, 3], phase="turn start", current=0)
    assert game.is_terminal()
    outcome = game.outcome()
    assert outcome.winners == (0, 1) and outcome.returns == (0.5, 0.5, 0.0)
    assert outcome.reason == "target reached"
    later = scenario(3, mode="rush", scores=[25, 0, 0], phase="turn start", current=1)
    assert not later.is_terminal()  # only at the First Player's turn (R11)


def test_r41_r68_hidden_hands_burn_own_hand_then_a_random_card() -> None:
    everything = list(range(1, 76))
    game = scenario(2, options={"hidden_hands": True}, hands=[[], everything], phase="burn")
    assert texts(game) == ["burn seat 2"]
    game.apply("burn seat 2")
    s = game.state
    assert len(s.burnt_hand) == 1 and len(s.players[1].hand) == 74 and s.burns_left == 2
    open_game = scenario(2, hands=[[], everything], phase="burn")
    assert texts(open_game)[:2] == ["burn G01", "burn G02"]  # R41: any hand when open


def test_r69_observatory_copies_another_players_room() -> None:
    game = scenario(2, tiles=[(41, 0, 0, 0), (33, 0, 1, 0)], rooms=[41, 33], phase="action")
    assert texts(game) == ["draw", "room"]
    game.apply("room")
    assert texts(game) == ["copy T33"]
    game.apply("copy T33")
    assert len(game.state.players[0].hand) == 2  # Mine Shaft draws 2
    void = scenario(2, tiles=[(41, 0, 0, 0), (67, 0, 1, 0)], rooms=[41, 67], phase="action")
    assert texts(void) == ["draw"]  # Void is not copyable (R69)


def test_r70_dimensional_rift_returns_an_empty_tile_to_the_bottom() -> None:
    game = scenario(1, tiles=[(11, 0, 0, 0), (33, 0, 1, 0)], phase="action")
    game.apply("room")
    assert texts(game) == ["remove T33"]
    game.apply("remove T33")
    s = game.state
    assert s.stack[0] == 33 and s.stack_bottom_known == 1 and 33 not in s.tile_at.values()
    assert game.view(0)["stack_bottom"] == [33]


def test_r71_r73_mystic_elevator_moves_with_its_dwarves() -> None:
    game = scenario(2, tiles=[(38, 0, 0, 0), (33, 3, 0, 0)])
    assert "use" in texts(game)
    game.apply("use")
    assert "door T33 N" in texts(game)
    game.apply("door T33 N")
    if game.decision().kind == "rotation":  # type: ignore[union-attr]
        game.apply(texts(game)[0])
    s = game.state
    assert at(game, 38) == (3, 1) and s.players[1].room == 38 and s.free_uses == 1


def test_r72_time_vein_once_a_turn() -> None:
    game = scenario(1, tiles=[(61, 0, 0, 0)], steps=1)
    game.apply("use")
    assert game.state.steps == 3 and game.state.time_vein_used
    assert "use" not in texts(game)


def test_r101_a_closed_mine_is_reopened() -> None:
    # Crystal Garden's only door leads into Diamond Spring, whose only door leads back.
    game = scenario(1, tiles=[(4, 0, 0, 0), (9, 0, 1, 2)], stack=[33])
    assert game.decision().kind == "reopen"  # type: ignore[union-attr]
    assert texts(game) == ["reopen E", "reopen S", "reopen W"]
    game.apply("reopen E")
    assert texts(game) == ["rotate 0", "rotate 1", "rotate 2", "rotate 3"]  # 4 doors
    game.apply("rotate 1")
    s = game.state
    assert at(game, 33) == (1, 0) and s.me.room == 33 and s.me.score == 0 and s.steps == 3


def test_r53_dark_pit_needs_a_point_and_r74_free_rooms_only_draw() -> None:
    broke = scenario(1, tiles=[(6, 0, 0, 0)], phase="action", scores=[0])
    assert texts(broke) == ["draw"]
    rich = scenario(1, tiles=[(6, 0, 0, 0)], phase="action", scores=[2])
    rich.apply("room")
    assert rich.state.me.score == 1 and len(rich.state.me.hand) == 4
    cart = scenario(1, tiles=[(29, 0, 0, 0)], phase="action")
    assert texts(cart) == ["draw"]


def test_r82_echo_chamber_takes_the_cards_beneath() -> None:
    game = scenario(
        1, tiles=[(14, 0, 0, 0)], hands=[[50]], discard=[1, 2, 3, 4, 5, 6], phase="action"
    )
    game.apply("room")
    game.apply("discard G50")
    s = game.state
    assert s.discard == [1, 2, 50]  # the four beneath G50 were taken; it stays on top
    assert s.me.hand == [3, 4, 5, 6] and s.me.known == [3, 4, 5, 6]


def test_r98_transmuter_with_x_zero_names_nothing() -> None:
    game = scenario(1, tiles=[(62, 0, 0, 0)], hands=[[1]], phase="action")
    game.apply("room")
    game.apply("done")
    assert game.decision().kind == "burn"  # type: ignore[union-attr]
