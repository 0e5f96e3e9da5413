"""Gem Rush R21-R47, one or more tests per rule: construction (R21-R25), payment decisions
(R26-R32), the action (R33), card flow (R34-R40), burning (R41), the end (R42-R46) and
information (R47); spec §3.5-§3.11.

Each test builds an exact position with ``scenario``, plays action texts of spec §9 and checks
the exact outcome. Helpers and card ids: ``gemrush_rule_helpers.py``. Tiles used (printed sides
N, E, S, W; spec §2.4.7):

- T06 Dark Pit (SS:1, walls), T15 Echoglass Vein (OB+ST:2, wall, FR+OB+PF+SS:5, wall),
  T20 Fire Ruby Shaft (PF:1, wall, FR+EL+RH:3, wall), T22 Honeycomb (RH:1, EL:0, FR+FR:2,
  FR+OB+PF+ST:5), T25 Hope Spring (OB+PF+ST:3, walls), T30 Mine Cart (OB+PF+EL:3, wall,
  EL+SS+SS+RH:5, wall), T31 Mine Cart (free:0, SS:1, PF+SS:2, wall);
- T33 Mine Shaft (OB+ST:2, OB+ST:2, RH+RH:2, FR+FR+SS:3), T34 Mine Shaft (OB+PF+EL+SS+RH:6,
  FR:1, ST:1, PF+SS+RH:3), T51 Rich Deposits (FR:1, OB+ST+ST+SS+RH:6, OB+PF+ST+RH:5, OB:1),
  T53 Ruins (free:0, ST:1, OB:1, SS:1), T59 Temperance Vein (PF+PF+RH:3, OB:1, free:0,
  OB+SS+RH:3), T70 Vortex (SS:1, ST+RH:2, OB+ST+SS+RH+RH:6, free:0), T72 Warped Mirror
  (free:0, wall, FR+EL+SS:3, wall);
- T63 cross tunnel (N-S, E-W), T65 bend tunnel (N-E, S-W).
"""

from __future__ import annotations

import pytest
from gemrush_rule_helpers import at, kind, late_crisis, play, quiet_turn, texts

from iridescia.games.gemrush import scenario
from iridescia.games.gemrush.payment import match
from iridescia.games.gemrush.schemas import EG, FR

ALL = list(range(1, 76))


def rest_of(*used: list[int]) -> list[int]:
    """Every card not in ``used``: a hand that keeps the deck and the pile as built."""
    taken = {c for cards in used for c in cards}
    return [c for c in ALL if c not in taken]


# ------------------------------------------------------------------ R21-R25 construction


def test_r21_a_site_is_a_room_door_whose_trace_ends_empty() -> None:
    """R21: a site is a room A with a door towards d whose trace ends at an empty position; "the
    door of A towards d sets the cost and the points, even when the trace crossed tunnels"."""
    game = scenario(1, tiles=[(34, 0, 0, 0), (63, 1, 0, 0), (53, 0, -1, 0)])
    sites = [(v["tile"], v["dir"], v["x"], v["y"], "+".join(v["cost"]), v["points"])
             for v in game.view(0)["mine"]["sites"]]  # fmt: skip
    assert sites == [
        (34, "N", 0, 1, "OB+PF+EL+SS+RH", 6),
        (34, "E", 2, 0, "FR", 1),  # through the tunnel: T34's door, built at its far end
        (34, "W", -1, 0, "PF+SS+RH", 3),
        (53, "E", 1, -1, "ST", 1),
        (53, "S", 0, -2, "OB", 1),
        (53, "W", -1, -1, "SS", 1),
    ]  # T34 S and T53 N lead into rooms; the tunnel's own open sides are not sites


def test_r22_construction_needs_stack_payment_and_a_step_then_pays_scores_places_moves() -> None:
    """R22: legal only with tiles in the stack, a valid payment and (walking) a step left; then
    "1. Pay. 2. Score. 3. Place. 4. Move in", and phase 2 goes on."""
    tiles = [(33, 0, 0, 0)]
    assert "walk E" not in texts(scenario(1, tiles=tiles, hands=[[1]]))  # OB+ST unpaid
    assert "walk E" not in texts(scenario(1, tiles=tiles, hands=[[15]], steps=0))
    game = scenario(1, tiles=tiles, hands=[[15]], stack=[6])
    before = len(game.log)
    play(game, "walk E", "pay G15", "paid")  # T06 has one door: placed without asking
    order = [e.kind for e in game.log[before:] if e.kind != "construction"]
    assert order == ["discard", "score", "tile_drawn", "tile_placed", "move"]
    s = game.state
    assert s.me.room == 6 and s.me.score == 2 and s.steps == 2 and kind(game) == "movement"


def test_r23_room_rotation_must_show_a_door_back_the_way_the_dwarf_came() -> None:
    """R23: "the player chooses a rotation under which it shows a door towards opposite(e)";
    "There are as many legal rotations as the tile has doors"; equal placements are one."""
    game = scenario(1, tiles=[(33, 0, 0, 0)], hands=[[15]], stack=[72])
    play(game, "walk E", "pay G15", "paid")
    assert texts(game) == ["rotate 1", "rotate 3"]  # T72's N or S door turned to face W
    play(game, "rotate 3")
    assert at(game, 72) == (1, 0) and game.state.rot_of[72] == 3
    four = scenario(1, tiles=[(33, 0, 0, 0)], hands=[[15]], stack=[34])
    play(four, "walk E", "pay G15", "paid")
    assert texts(four) == ["rotate 0", "rotate 1", "rotate 2", "rotate 3"]
    one = scenario(1, tiles=[(33, 0, 0, 0)], hands=[[15]], stack=[6])
    play(one, "walk E", "pay G15", "paid")
    assert one.state.rot_of[6] == 3 and kind(one) == "movement"  # its one door faces W


def test_r24_a_drawn_tunnel_continues_the_trace_and_nothing_more_is_paid() -> None:
    """R24: "The trace then continues through it"; "take the next tile and place it there ...
    Nothing more is paid or scored"; a cross is one placement, a bend two."""
    game = scenario(1, tiles=[(33, 0, 0, 0)], hands=[[15, 16]], stack=[65, 34])
    play(game, "walk E", "pay G15", "paid")
    assert texts(game) == ["rotate 0", "rotate 1"]  # the bend turns S or N
    play(game, "rotate 1")
    assert at(game, 65) == (1, 0) and texts(game) == [f"rotate {r}" for r in range(4)]
    play(game, "rotate 0")
    s = game.state
    assert at(game, 34) == (1, 1) and s.me.room == 34
    assert s.me.score == 2 and s.me.hand == [16] and s.discard == [15] and s.steps == 2
    into_room = scenario(1, tiles=[(33, 0, 0, 0), (53, 2, 0, 0)], hands=[[15]], stack=[63, 6])
    play(into_room, "walk E", "pay G15", "paid")  # the cross leads straight into Ruins
    assert into_room.state.me.room == 53 and into_room.state.me.score == 2
    assert into_room.state.stack[-1] == 6  # only the tunnel was drawn


def test_r25_warped_construction_at_any_site_without_steps() -> None:
    """R25: with a WS card in the payment, build "at any construction site in the mine"; "No
    path is needed and no step is spent"; the WS card's other gem may help but need not."""
    tiles = [(33, 0, 0, 0), (53, 9, 9, 0)]
    game = scenario(1, tiles=tiles, hands=[[15, 64]], steps=0, stack=[6])
    assert "build T53 E" in texts(game)  # ST:1 far away
    play(game, "build T53 E")
    assert texts(game) == ["pay G15", "pay G64"]
    play(game, "pay G64")
    assert texts(game) == ["pay G15"]  # the ST slot is still empty
    play(game, "pay G15", "paid")
    s = game.state
    assert s.me.room == 6 and at(game, 6) == (10, 9) and s.steps == 0 and s.me.score == 1
    assert s.discard == [15, 64]
    assert not [t for t in texts(scenario(1, tiles=tiles, hands=[[15]])) if t.startswith("build")]


# ------------------------------------------------------------------ R26-R32 payment


def test_r26_every_slot_matched_and_every_card_fills_one() -> None:
    """R26: each slot matched to its own printed gem; "Both gems of a card may fill slots. A gem
    that fills nothing is wasted"; every card in S fills a slot."""
    game = scenario(1, tiles=[(30, 0, 0, 0)], hands=[[13, 17, 27, 41]], stack=[6])
    play(game, "walk N")  # OB+PF+EL:3
    assert texts(game) == ["pay G13", "pay G17", "pay G27"]  # G41 (SS+RH) fills nothing
    play(game, "pay G17")  # both of its gems fill: OB and EL
    assert texts(game) == ["pay G13", "pay G27"]
    play(game, "pay G13")  # its PF fills; its OB is wasted
    # G27 may still join: G13's OB, G17's EL and G27's PF would then each fill a slot.
    assert texts(game) == ["pay G27", "paid"]
    play(game, "paid")
    assert game.state.me.score == 3 and game.state.discard == [13, 17]


def test_r27_diamond_dust_is_wild_only_when_paying() -> None:
    """R27: "a DD fills a slot of any standard gem. Everywhere else ... it counts only as Diamond
    Dust"."""
    game = scenario(1, tiles=[(34, 0, 0, 0)], hands=[[71]], stack=[6])
    play(game, "walk E", "pay G71", "paid")  # FR:1 paid by a lone DD
    assert game.state.me.score == 1
    shaft = scenario(1, tiles=[(20, 0, 0, 0)], hands=[[71]], phase="action")
    assert texts(shaft) == ["draw"]  # DISCARD ONE has FR: the DD is no Fire Ruby here
    both = scenario(1, tiles=[(20, 0, 0, 0)], hands=[[43, 71]], phase="action")
    play(both, "room")
    assert texts(both) == ["discard G43"]


def test_r28_echoglass_copies_a_printed_gem_of_the_same_payment() -> None:
    """R28: "An EG fills a slot of standard gem g only if another slot of gem g in the same
    payment is filled by a printed g"; several EGs may copy one gem; never DD's stand-in."""
    game = scenario(1, tiles=[(22, 0, 0, 0)], hands=[[1, 51]], stack=[6])
    play(game, "walk S", "pay G01", "pay G51", "paid")  # FR+FR: FR, and EG copying it
    assert game.state.me.score == 2
    assert "walk S" not in texts(scenario(1, tiles=[(22, 0, 0, 0)], hands=[[71, 51]]))
    assert "walk S" not in texts(scenario(1, tiles=[(22, 0, 0, 0)], hands=[[51, 52]]))
    assert match([(FR,), (EG,), (EG,)], (FR, FR, FR), False) == 0  # two EGs copy one FR


def test_r29_orichalcum_scores_with_its_own_cards_gem() -> None:
    """R29: "Each OR printed on a card in S adds 1 point to the construction, if another gem on
    that same card fills a slot"."""
    two = scenario(1, tiles=[(31, 0, 0, 0)], hands=[[59, 62]], stack=[6])
    play(two, "walk S", "pay G59", "pay G62", "paid")  # PF+SS:2 with PF+OR and SS+OR
    assert two.state.me.score == 4
    apart = scenario(1, tiles=[(6, 0, 0, 0)], hands=[[19, 57]], stack=[33])
    play(apart, "walk N")  # SS:1
    assert texts(apart) == ["pay G19"]  # FR+OR fills nothing: it may not join the payment
    play(apart, "pay G19", "paid", "rotate 0")
    assert apart.state.me.score == 1


def test_r30_warpstone_never_fills_a_slot() -> None:
    """R30: "WS never fills a slot"; a WS card may pay when its other gem fills; a free door is
    paid with nothing walking and exactly one WS card warped."""
    assert "walk E" not in texts(scenario(1, tiles=[(53, 0, 0, 0)], hands=[[64]]))  # ST:1
    plain = scenario(1, tiles=[(53, 0, 0, 0)], hands=[[67]], stack=[6])
    play(plain, "walk E", "pay G67", "paid")  # its ST fills, its WS is wasted
    assert plain.state.me.score == 1 and plain.state.discard == [67]
    free = scenario(1, tiles=[(53, 0, 0, 0)], hands=[[64]], stack=[6])
    play(free, "walk N")  # free:0 walked: no payment decision at all
    assert free.state.me.room == 6 and free.state.me.hand == [64]
    warped = scenario(1, tiles=[(53, 0, 0, 0)], hands=[[64, 65]], stack=[6])
    play(warped, "build T53 N")
    assert texts(warped) == ["pay G64", "pay G65"]
    play(warped, "pay G64")
    assert texts(warped) == ["paid"]  # one exempt warp card, no second
    play(warped, "paid")
    assert warped.state.discard == [64] and warped.state.me.hand == [65]


def test_r31_no_card_that_fills_no_slot() -> None:
    """R31: "A payment may not include a card that fills no slot, apart from the warp card", so
    "construction cannot be used to dump unwanted cards"."""
    game = scenario(1, tiles=[(6, 0, 0, 0)], hands=[[19, 20, 41, 62]], stack=[33])
    play(game, "walk N")  # SS:1
    assert texts(game) == ["pay G19", "pay G20", "pay G41", "pay G62"]
    play(game, "pay G62")
    assert texts(game) == ["paid"]  # any other SS card would fill nothing now
    play(game, "paid", "rotate 0")
    assert game.state.me.hand == [19, 20, 41] and game.state.me.score == 2


def test_r32_points_are_the_door_plus_orichalcum_whatever_the_way() -> None:
    """R32: "the door's printed points plus the Orichalcum bonus ... for walking, warped and tunnel
    constructions. Extra tiles placed along a tunnel chain add nothing"."""
    tiles = [(34, 0, 0, 0), (63, 1, 0, 0)]  # FR:1 through an existing tunnel
    game = scenario(1, tiles=tiles, hands=[[57, 64]], steps=0, stack=[65, 6])
    play(game, "build T34 E", "pay G57", "pay G64", "paid")  # warped: FR+OR pays, WS warps
    assert game.state.me.score == 2
    play(game, "rotate 0")  # a further tunnel, then T06 beyond it
    s = game.state
    assert at(game, 65) == (2, 0) and at(game, 6) == (2, -1) and s.me.room == 6
    assert s.me.score == 2 and s.steps == 0


# ------------------------------------------------------------------ R33 the action


def test_r33_the_action_is_draw_or_the_rooms_effect_then_no_more_moving() -> None:
    """R33: "draw 1 card" or "use the effect of the room the dwarf is in"; "After the action
    there is no more moving or building this turn"."""
    game = scenario(2, tiles=[(33, 0, 0, 0), (53, 0, 1, 0)], hands=[[15], []], phase="action")
    assert texts(game) == ["draw", "room"]
    play(game, "room")  # Mine Shaft: DRAW 2
    assert len(game.state.me.hand) == 3 and kind(game) == "burn"
    rush = scenario(2, mode="rush", tiles=[(33, 0, 0, 0)], hands=[[15], []], phase="action")
    play(rush, "draw")
    assert rush.state.current == 1 and len(rush.state.players[0].hand) == 2


# ------------------------------------------------------------------ R34-R40 card flow


def test_r34_the_five_zones_always_hold_the_75_cards() -> None:
    """R34: "Every gem card is in exactly one of these zones ... The five zones always hold 75
    cards between them"."""
    game = scenario(2, tiles=[(22, 0, 0, 0)], hands=[[1, 2], [3]], discard=[4, 5],
                    phase="action")  # fmt: skip
    play(game, "room")  # Honeycomb: REVEAL 6, then a KEEP 1 decision
    s = game.state
    assert len(s.revealed) == 6 and kind(game) == "keep"
    late_crisis(game, 10)
    zones = s.deck + s.discard + s.revealed + s.burnt_deck + s.burnt_hand
    zones += [c for p in s.players for c in p.hand]
    assert sorted(zones) == list(range(1, 76))


def test_r35_an_empty_deck_is_refilled_from_the_whole_discard_pile_when_needed() -> None:
    """R35: "If the deck is empty when a card is needed, first shuffle the whole discard pile ...
    This includes cards discarded earlier in the same effect, but never the revealed row"."""
    late = scenario(2, hands=[[], rest_of([1], [2, 3])], deck=[1], discard=[2, 3], phase="action")
    play(late, "draw")
    assert late.state.deck == [] and late.state.discard == [2, 3]  # no refill until needed
    tempered = scenario(2, tiles=[(59, 0, 0, 0)], hands=[[1, 2], rest_of([1, 2])],
                        phase="action")  # fmt: skip
    play(tempered, "room", "discard G01")  # Temperance Vein: DISCARD ONE, then DRAW 3
    assert tempered.state.me.hand == [1, 2]  # the card just discarded came back; then nothing
    spring = scenario(2, tiles=[(25, 0, 0, 0)], hands=[[], rest_of([1, 2, 3, 4, 5])],
                      deck=[1, 2, 3], discard=[4, 5], phase="action")  # fmt: skip
    play(spring, "room")  # Hope Spring: REVEAL 12
    reveal = next(e for e in spring.log if e.kind == "reveal")
    assert sorted(reveal.data["cards"]) == [1, 2, 3, 4, 5] and reveal.data["cards"][:3] == [1, 2, 3]
    assert [e.data["cards"] for e in spring.log if e.kind == "reshuffle"] == [2]


def test_r36_reveal_turns_the_top_cards_face_up() -> None:
    """R36: "Reveal n" moves the top card of the deck face up into the revealed row, n times."""
    game = scenario(1, tiles=[(22, 0, 0, 0)], deck=[6, 5, 4, 3, 2, 1], phase="action")
    play(game, "room")  # Honeycomb: REVEAL 6, KEEP 1
    assert game.state.revealed == [6, 5, 4, 3, 2, 1]
    assert texts(game) == [f"keep G0{c}" for c in range(1, 7)]
    play(game, "keep G03")
    assert game.state.me.hand == [3] and game.state.discard == [6, 5, 4, 2, 1]


def test_r37_a_dig_sets_rejects_aside_until_n_cards_pass() -> None:
    """R37: cards that pass are dug, "A card that fails is set aside"; the dig stops at n cards
    or when deck and discard are empty; "Set-aside cards are never kept"."""
    game = scenario(1, tiles=[(15, 0, 0, 0)], deck=[1, 50, 2, 51, 52], phase="action")
    play(game, "room")  # Echoglass Vein: DIG 2 FOR has EG, KEEP ALL dug
    s = game.state
    assert s.me.hand == [50, 51] and s.discard == [1, 2] and s.deck[-1] == 52
    short = scenario(2, tiles=[(15, 0, 0, 0)], hands=[[], rest_of([1, 50])], deck=[1, 50],
                     phase="action")  # fmt: skip
    play(short, "room")
    assert short.state.players[0].hand == [50] and short.state.discard == [1]


def test_r38_keep_all_takes_every_match_and_keep_k_exactly_k() -> None:
    """R38: "Keep every card that ..." keeps all matches with no choice; "Keep k" means "exactly
    min(k, cards available)"."""
    game = scenario(1, tiles=[(51, 0, 0, 0)], deck=[1, 2, 3], phase="action")
    play(game, "room")  # Rich Deposits: REVEAL 3, KEEP 2
    assert texts(game) == ["keep G01", "keep G02", "keep G03"]
    play(game, "keep G02")
    assert texts(game) == ["keep G01", "keep G03"]
    play(game, "keep G03")
    assert game.state.me.hand == [2, 3] and game.state.discard == [1] and kind(game) == "burn"
    one = scenario(2, tiles=[(51, 0, 0, 0)], hands=[[], rest_of([1])], deck=[1], phase="action")
    play(one, "room")  # only one card to reveal: it is kept without a decision
    assert one.state.players[0].hand == [1] and kind(one) == "burn"


def test_r39_cleanup_discards_the_row_in_the_order_turned_up() -> None:
    """R39: "every card still in the revealed row goes to the discard pile, in the order the cards
    were turned face up. The last one turned ends on top"."""
    game = scenario(1, tiles=[(53, 0, 0, 0)], deck=[50, 1, 43, 2], phase="action")
    play(game, "room")  # Ruins: REVEAL 4, KEEP ALL standard only
    s = game.state
    assert s.me.hand == [1, 2] and s.discard == [50, 43] and s.revealed == []


def test_r40_cards_discarded_together_go_in_ascending_id_order() -> None:
    """R40: "they go in ascending card-id order, so the highest id ends on top"."""
    game = scenario(1, tiles=[(70, 0, 0, 0)], hands=[[9, 3, 71, 7]], discard=[60],
                    deck=[1, 2, 4, 5], phase="action")  # fmt: skip
    play(game, "room")  # Vortex: discard the whole hand, DRAW 4
    assert game.state.discard == [60, 3, 7, 9, 71] and game.state.me.hand == [1, 2, 4, 5]


# ------------------------------------------------------------------ R41 burning


def test_r41_crisis_burns_three_from_the_deck_or_any_open_hand() -> None:
    """R41: the team burns exactly 3 cards, each "the top card of the deck ... or any card in any
    player's hand"; deck burns stay hidden, hand burns are shown."""
    game = scenario(2, hands=[[1], [5, 6]], deck=[20, 21, 22], phase="action")
    play(game, "draw")
    assert texts(game) == ["burn deck", "burn G01", "burn G05", "burn G06", "burn G20"]
    play(game, "burn G06", "burn deck", "burn deck")
    s = game.state
    assert s.burnt_hand == [6] and s.burnt_deck == [21, 22] and s.players[0].hand == [1, 20]
    assert s.current == 1 and kind(game) == "movement"
    burns = [e for e in game.redact(game.log, 1) if e.kind == "burn_deck"]
    assert len(burns) == 2 and all("card" not in e.data and "cards" not in e.data for e in burns)
    v = game.view(1)
    assert v["burnt_from_hands"] == [6] and v["burnt_from_deck"] == 2


# ------------------------------------------------------------------ R42-R46 the end


def test_r42_crisis_ends_after_the_phase_4_that_burns_the_last_card() -> None:
    """R42: "The game ends immediately after the phase 4 in which the last unburnt card is
    burnt"."""
    game = scenario(2, hands=[[1], [2]], phase="burn")
    late_crisis(game, 2)  # 4 unburnt cards: 2 in the deck, one in each hand
    play(game, "burn deck", "burn deck", "burn G01")
    assert not game.is_terminal() and game.state.current == 1
    quiet_turn(game)  # draws nothing, burns G02: the last card
    assert game.is_terminal() and game.outcome().reason == "all cards burnt"


@pytest.mark.parametrize(
    ("target", "winners", "returns"), [(40, (0, 1), (1.0, 1.0)), (46, (), (0.0, 0.0))]
)
def test_r43_the_team_wins_with_the_sum_of_scores(
    target: int, winners: tuple[int, ...], returns: tuple[float, ...]
) -> None:
    """R43: "The team score is the sum of the players' scores"; the team wins at or above the
    target; every seat gets 1 if the team wins, 0 if it loses."""
    game = scenario(2, options={"target": target}, scores=[30, 15], phase="burn")
    late_crisis(game, 3)
    play(game, "burn deck", "burn deck", "burn deck")
    out = game.outcome()
    assert out.team_score == 45 and out.scores == (30, 15)
    assert out.winners == winners and out.returns == returns


def test_r44_rush_ends_only_by_phase_0_or_the_last_burn_with_rush_burns() -> None:
    """R44: "A Rush game ends only by phase 0 (R11)", and with rush_burns "when the 75th card is
    burnt"."""
    game = scenario(2, mode="rush", scores=[30, 0], phase="action")
    play(game, "draw")
    assert not game.is_terminal() and game.state.current == 1  # the round is finished first
    quiet_turn(game)
    assert game.is_terminal() and game.outcome().reason == "target reached"
    burns = scenario(2, mode="rush", options={"rush_burns": True}, phase="burn")
    late_crisis(burns, 3)
    play(burns, "burn deck", "burn deck", "burn deck")
    assert burns.is_terminal() and burns.outcome().reason == "all cards burnt"


def test_r45_the_highest_score_wins_and_ties_share() -> None:
    """R45: "The player with the highest score when the game ends wins ... each of the k tied
    winners receives 1/k, and every other seat 0"."""
    game = scenario(4, mode="rush", scores=[21, 25, 25, 3], phase="turn start")
    out = game.outcome()
    assert out.winners == (1, 2) and out.returns == (0.0, 0.5, 0.5, 0.0)


def test_r46_the_first_player_marker_times_the_rush_end_check() -> None:
    """R46: "The first player holds it throughout, and its only use is the end check of R11"."""
    early = scenario(3, mode="rush", scores=[20, 0, 0], first_player=2, current=0,
                     phase="turn start")  # fmt: skip
    assert not early.is_terminal()
    quiet_turn(early)
    quiet_turn(early)
    assert early.is_terminal() and early.state.current == 2
    assert [p["first_player"] for p in early.view(0)["players"]] == [False, False, True]


# ------------------------------------------------------------------ R47 information


def test_r47_rush_hands_are_private_and_the_rest_is_public() -> None:
    """R47: Rush "each hand private; hand sizes public"; the discard pile, revealed row, sizes,
    scores, burnt counts and Patience flags are always public; the deck is always hidden."""
    game = scenario(2, mode="rush", tiles=[(22, 0, 0, 0)], hands=[[1, 2], [3]], discard=[4],
                    scores=[2, 5], phase="action")  # fmt: skip
    game.state.players[1].patience = True
    play(game, "room")  # Honeycomb reveals 6 cards and waits for a KEEP
    s = game.state
    v = game.view(1)
    mine, theirs = v["players"][1], v["players"][0]
    assert mine["hand"] == [3] and theirs["hand"] is None and theirs["hand_size"] == 2
    assert v["discard"] == [4] and v["revealed"] == s.revealed and len(v["revealed"]) == 6
    assert v["deck_size"] == len(s.deck) and "deck" not in v and mine["patience"]
    assert v["scores"] == [2, 5] and v["stack_size"] == len(s.stack)
    crisis = scenario(2, hands=[[1, 2], [3]])
    assert crisis.view(1)["players"][0]["hand"] == [1, 2]  # Crisis: open by default
    hidden = scenario(2, options={"hidden_hands": True}, hands=[[1, 2], [3]])
    assert hidden.view(1)["players"][0]["hand"] is None
