"""The Gem Rush rulebook's worked examples as tables, played through the public API.

Each row cites the line of the rulebook transcription (``shared/seeds/003_927174d12473bee3.txt``)
whose example it plays, builds the position with ``scenario`` and applies action texts of spec §9,
so the tables double as documentation of the action grammar. The rulebook's pictures are lost, so
each position is the smallest one on the provisional tiles (spec §2.4.7) that shows the example:

- payment: the construction example (OB+PF+EL paid by OB+EL and PF+SS), the four Echoglass cases,
  the two Orichalcum cases, the Warpstone example;
- tunnels: movement, construction through a tunnel, a drawn cross leading into a room or on to a
  new room, placement through a bend, a long tunnel trace, the stack running out (R65);
- movement: one-way passages, Warped Mirror and Mystic Elevator going on afterwards, Mine Carts;
- X (R52, R98): X = 0 for Transmuter, Hope Refinery and Maelstrom, and X limited by what is there;
- the burn clock (25 turns; 5 players 5 turns each; 7 players 4/4/4/4/3/3/3) and the Rush end.

Card ids: ``gemrush_rule_helpers.py``. Tiles: T04 Crystal Garden (EL+SS:2, walls), T06 Dark Pit
(SS:1, walls), T09 Diamond Spring (SS:1, walls), T20 Fire Ruby Shaft (PF:1, wall, FR+EL+RH:3,
wall), T22 Honeycomb (RH:1, EL:0, FR+FR:2, FR+OB+PF+ST:5), T24 Hope Refinery, T28 Maelstrom,
T29/T30 Mine Carts, T30 (OB+PF+EL:3, wall, EL+SS+SS+RH:5, wall), T33 Mine Shaft (OB+ST:2, OB+ST:2,
RH+RH:2, FR+FR+SS:3), T34 Mine Shaft (OB+PF+EL+SS+RH:6, FR:1, ST:1, PF+SS+RH:3), T38 Mystic
Elevator (PF+ST+EL:3, OB+RH:2, FR+OB+EL:3, wall), T48 Portal, T53 Ruins (free:0, ST:1, OB:1, SS:1),
T62 Transmuter, T72 Warped Mirror (free:0, wall, FR+EL+SS:3, wall); T63/T64 crosses, T65 a bend
(N-E, S-W).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from gemrush_rule_helpers import at, kind, play, quiet_turn, texts

from iridescia.games.gemrush import GAME, scenario

RULEBOOK = "shared/seeds/003_927174d12473bee3.txt"


@dataclass(frozen=True)
class Example:
    """One worked example: where the rulebook gives it, the position, the actions, the result.

    ``expect`` keys: ``legal`` (the legal texts afterwards), ``offered``/``refused`` (a text that
    is / is not legal afterwards), ``score``, ``room``, ``hand``, ``discard``, ``steps`` (seat 0),
    ``rooms`` (every seat's room), ``placed`` (tile -> (x, y)), ``rotation`` (tile -> r),
    ``unplaced`` (tiles still in the stack), ``kind`` (the decision afterwards).
    """

    line: int
    what: str
    position: dict[str, Any]
    actions: tuple[str, ...]
    expect: dict[str, Any] = field(default_factory=dict)


def far_away(*keep: int) -> list[tuple[int, int, int, int]]:
    """Every tile but ``keep``, alone and far away: the room stack is then empty."""
    return [(t, 3 * t, 300, 0) for t in range(1, 81) if t not in keep]


def check(example: Example) -> None:
    game = scenario(**example.position)
    play(game, *example.actions)
    s = game.state
    me = s.players[0]
    legal = texts(game)
    for key, want in example.expect.items():
        got: Any
        if key == "legal":
            got = legal
        elif key == "offered":
            got, want = want in legal, True
        elif key == "refused":
            got, want = want in legal, False
        elif key in ("score", "room", "hand"):
            got = getattr(me, key)
        elif key == "discard":
            got = s.discard
        elif key == "steps":
            got = s.steps
        elif key == "rooms":
            got = [p.room for p in s.players]
        elif key == "placed":
            got = {t: at(game, t) for t in want}
        elif key == "rotation":
            got = {t: s.rot_of[t] for t in want}
        elif key == "unplaced":
            got, want = all(t in s.stack for t in want), True
        elif key == "kind":
            got = kind(game)
        else:
            raise AssertionError(f"unknown expectation {key!r}")
        assert got == want, f"{RULEBOOK}:{example.line} {example.what}: {key}"


def _ids(rows: list[Example]) -> list[str]:
    return [f"line{r.line}-{r.what}" for r in rows]


# ------------------------------------------------------------------ paying for doors

PAYMENTS = [
    Example(257, "OB+PF+EL paid by OB+EL and PF+SS, the SS wasted",
            dict(players=1, tiles=[(30, 0, 0, 0)], hands=[[17, 27]], stack=[9]),
            ("walk N", "pay G17", "pay G27", "paid"),
            dict(score=3, discard=[17, 27], hand=[], room=9, placed={9: (0, 1)}, steps=2)),
    Example(257, "OB+EL alone leaves the PF slot open",
            dict(players=1, tiles=[(30, 0, 0, 0)], hands=[[17, 27]]),
            ("walk N", "pay G17"), dict(legal=["pay G27"])),
    Example(307, "FR+FR built with FR and EG",
            dict(players=1, tiles=[(22, 0, 0, 0)], hands=[[1, 51]], stack=[9]),
            ("walk S", "pay G01", "pay G51", "paid"), dict(score=2, discard=[1, 51])),
    Example(307, "FR+FR NOT built with DD and EG",
            dict(players=1, tiles=[(22, 0, 0, 0)], hands=[[71, 51]]), (),
            dict(refused="walk S")),
    Example(307, "FR+FR built with two DD",
            dict(players=1, tiles=[(22, 0, 0, 0)], hands=[[71, 72]], stack=[9]),
            ("walk S", "pay G71", "pay G72", "paid"), dict(score=2, discard=[71, 72])),
    Example(307, "FR+FR built with DD and FR",
            dict(players=1, tiles=[(22, 0, 0, 0)], hands=[[1, 71]], stack=[9]),
            ("walk S", "pay G01", "pay G71", "paid"), dict(score=2, discard=[1, 71])),
    Example(315, "SS:1 built with SS+OR scores 2",
            dict(players=1, tiles=[(6, 0, 0, 0)], hands=[[62]], stack=[9]),
            ("walk N", "pay G62", "paid"), dict(score=2, discard=[62])),
    Example(315, "SS from one card and OR from another: the OR card cannot join",
            dict(players=1, tiles=[(6, 0, 0, 0)], hands=[[19, 57]]),
            ("walk N",), dict(legal=["pay G19"])),
    Example(315, "SS from one card and OR from another scores 1",
            dict(players=1, tiles=[(6, 0, 0, 0)], hands=[[19, 57]], stack=[9]),
            ("walk N", "pay G19", "paid"), dict(score=1, hand=[57])),
    Example(323, "ST:1 far away built with ST+WS, no path and no step",
            dict(players=1, tiles=[(33, 0, 0, 0), (34, 20, 20, 0)], hands=[[67]], steps=0,
                 stack=[9]),
            ("build T34 S", "pay G67", "paid"),
            dict(score=1, room=9, placed={9: (20, 19)}, steps=0, discard=[67])),
]  # fmt: skip


@pytest.mark.parametrize("example", PAYMENTS, ids=_ids(PAYMENTS))
def test_payment_examples(example: Example) -> None:
    check(example)


# ------------------------------------------------------------------ tunnels

TUNNELS = [
    Example(441, "Red walks through the tunnel into the Portal for one step",
            dict(players=1, tiles=[(33, 0, 0, 0), (63, 1, 0, 0), (48, 2, 0, 0)]),
            ("walk E",), dict(room=48, steps=2)),
    Example(447, "Blue builds on the far side of a tunnel, earning the door's 1 point",
            dict(players=1, tiles=[(34, 0, 0, 0), (63, 1, 0, 0)], hands=[[1]], stack=[9]),
            ("walk E", "pay G01", "paid"),
            dict(score=1, room=9, placed={9: (2, 0)}, rotation={9: 3}, steps=2)),
    Example(435, "a trace through two tunnels builds with the room door's cost and points",
            dict(players=1, tiles=[(33, 0, 0, 0), (63, 1, 0, 0), (64, 2, 0, 0)], hands=[[15]],
                 stack=[9]),
            ("walk E", "pay G15", "paid"), dict(score=2, room=9, placed={9: (3, 0)})),
    Example(429, "a new room beyond a bend shows its door back towards the tunnel",
            dict(players=1, tiles=[(33, 0, 0, 0), (65, 1, 0, 0)], hands=[[15]], stack=[72]),
            ("walk E", "pay G15", "paid"), dict(legal=["rotate 0", "rotate 2"])),
    Example(429, "a bend drawn while building turns the chain; the next room goes beyond it",
            dict(players=1, tiles=[(33, 0, 0, 0)], hands=[[15]], stack=[65, 9]),
            ("walk E", "pay G15", "paid", "rotate 1"),
            dict(score=2, room=9, placed={65: (1, 0), 9: (1, 1)}, rotation={9: 2})),
    Example(453, "Yellow draws the cross, moves into the Mine Cart beyond, scores 3",
            dict(players=1, tiles=[(33, 0, 0, 0), (29, -2, 0, 0)], hands=[[9, 10]],
                 stack=[63, 9]),
            ("walk W", "pay G09", "pay G10", "paid"),
            dict(score=3, room=29, placed={63: (-1, 0)}, unplaced=[9], steps=2)),
    Example(455, "Black draws the cross and places another room beyond it, scoring 2",
            dict(players=1, tiles=[(33, 0, 0, 0)], hands=[[15]], stack=[63, 9]),
            ("walk E", "pay G15", "paid"),
            dict(score=2, room=9, placed={63: (1, 0), 9: (2, 0)}, steps=2)),
    Example(431, "the stack runs out after a drawn tunnel: back to the room built from (R65)",
            dict(players=1, tiles=[(34, 0, 0, 0), *far_away(34, 63)], hands=[[1]], stack=[63]),
            ("walk E", "pay G01", "paid"),
            dict(score=1, room=34, placed={63: (1, 0)}, steps=2, discard=[1], kind="movement")),
]  # fmt: skip


@pytest.mark.parametrize("example", TUNNELS, ids=_ids(TUNNELS))
def test_tunnel_examples(example: Example) -> None:
    check(example)


# ------------------------------------------------------------------ movement

MOVEMENT = [
    Example(190, "a door facing a wall: through from the door's side",
            dict(players=1, tiles=[(20, 0, 0, 0), (29, 0, 1, 0)]),
            ("walk N",), dict(room=29, steps=2)),
    Example(190, "a door facing a wall: not back from the wall's side",
            dict(players=1, tiles=[(20, 0, 0, 0), (29, 0, 1, 0)]),
            ("walk N",), dict(legal=["end"])),
    Example(189, "two walls facing each other: no passage",
            dict(players=1, tiles=[(20, 0, 0, 0), (4, 1, 0, 1)]), (), dict(refused="walk E")),
    Example(188, "doors on both sides: a step each way",
            dict(players=1, tiles=[(33, 0, 0, 0), (53, 1, 0, 0)]),
            ("walk E", "walk W"), dict(room=33, steps=1)),
    Example(407, "Warped Mirror: one step to swap, then movement goes on from there",
            dict(players=2, tiles=[(72, 0, 0, 0), (33, 5, 5, 0), (53, 5, 6, 0)],
                 rooms=[72, 33]),
            ("use", "swap 2", "walk N"), dict(rooms=[53, 72], steps=1)),
    Example(413, "Mystic Elevator: move the room with everyone in it, then walk on for free",
            dict(players=2, tiles=[(33, 0, 0, 0), (38, 0, 1, 0)], rooms=[38, 38]),
            ("use", "door T33 E", "rotate 2", "walk W"),
            dict(rooms=[33, 38], placed={38: (1, 0)}, steps=2)),
    Example(417, "the first Mine Cart does nothing",
            dict(players=1, tiles=[(29, 0, 0, 0), (33, 0, 1, 2)]), (), dict(refused="use")),
    Example(417, "two Mine Carts: ride from one to the other at no cost",
            dict(players=1, tiles=[(29, 0, 0, 0), (30, 8, 8, 0)], steps=0),
            ("use", "to T30"), dict(room=30, steps=0, kind="movement")),
]  # fmt: skip


@pytest.mark.parametrize("example", MOVEMENT, ids=_ids(MOVEMENT))
def test_movement_examples(example: Example) -> None:
    check(example)


# ------------------------------------------------------------------ X (R52, R98)

X_RULE = [
    Example(710, "Transmuter with X = 0 does nothing, legally",
            dict(players=1, tiles=[(62, 0, 0, 0)], hands=[[1]], phase="action"),
            ("room", "done"), dict(hand=[1], discard=[], kind="burn")),
    Example(587, "Hope Refinery with X = 0 scores nothing and draws 1",
            dict(players=1, tiles=[(24, 0, 0, 0)], hands=[[11]], deck=[40], phase="action"),
            ("room", "done"), dict(score=0, hand=[11, 40])),
    Example(604, "Maelstrom with X = 0 draws up to 3",
            dict(players=1, tiles=[(28, 0, 0, 0)], hands=[[1, 2]], deck=[40], phase="action"),
            ("room", "done"), dict(hand=[1, 2, 40])),
    Example(377, "X is limited to the cards that can be discarded",
            dict(players=1, tiles=[(24, 0, 0, 0)], hands=[[1, 11, 12]], phase="action"),
            ("room",), dict(legal=["discard G11", "discard G12", "done"])),
    Example(377, "X = 2: two RH cards discarded, 2 points, then a card",
            dict(players=1, tiles=[(24, 0, 0, 0)], hands=[[1, 11, 12]], deck=[40],
                 phase="action"),
            ("room", "discard G11", "discard G12", "done"),
            dict(score=2, hand=[1, 40], discard=[11, 12])),
    Example(377, "every X of one effect takes the same value: discard 2, dig 2",
            dict(players=1, tiles=[(62, 0, 0, 0)], hands=[[1, 2]], deck=[13, 5, 14, 15],
                 phase="action"),
            ("room", "discard G01", "discard G02", "done", "name OB"),
            dict(hand=[13, 14], discard=[1, 2, 5])),
]  # fmt: skip


@pytest.mark.parametrize("example", X_RULE, ids=_ids(X_RULE))
def test_x_examples(example: Example) -> None:
    check(example)


# ------------------------------------------------------------------ the burn clock (R41, R42)

# (players, first player, turns per seat by seat number), rulebook line 227: "the game will
# last a total of 25 turns ... in a game with 5 players, each player will get 5 turns".
CLOCK = [
    (1, 0, [25]),
    (2, 1, [12, 13]),
    (3, 0, [9, 8, 8]),
    (4, 2, [6, 6, 7, 6]),
    (5, 3, [5, 5, 5, 5, 5]),
    (6, 0, [5, 4, 4, 4, 4, 4]),
    (7, 0, [4, 4, 4, 4, 3, 3, 3]),
    (7, 2, [3, 3, 4, 4, 4, 4, 3]),  # the four seats from the first player get the 4th turn
]


@pytest.mark.parametrize(("players", "first", "turns"), CLOCK)
def test_the_burn_clock_lasts_25_turns(players: int, first: int, turns: list[int]) -> None:
    """Rulebook line 227 (R42): 3 of 75 cards burnt a turn, so 25 turns in all."""
    game = GAME.new(players, 7, {"first_player": first}, mode="crisis")
    while not game.is_terminal():
        quiet_turn(game)
    counted = [0] * players
    for event in game.log:
        if event.kind == "turn_end":
            counted[event.player] += 1
    assert counted == turns and sum(counted) == 25
    s = game.state
    assert game.outcome().reason == "all cards burnt"
    assert len(s.burnt_deck) + len(s.burnt_hand) == 75 and not any(p.hand for p in s.players)


# ------------------------------------------------------------------ the Rush end (R11, R66)

# (what, players, first player, seat to play, turns already done, scores, turns to play until
# the end, winners, returns); rulebook lines 111 and 176: "Once someone reaches the target, you
# will play out the remainder of the round so that all players get an equal number of turns".
RUSH_END = [
    ("the first player reaches the target: the round is played out", 3, 0, 0, 0, [20, 4, 9], 3,
     (0,), (1.0, 0.0, 0.0)),
    ("the last seat of the round reaches it: the end comes next", 3, 0, 2, 2, [3, 4, 21], 1,
     (2,), (0.0, 0.0, 1.0)),
    ("a tie at the top shares the win (R66)", 3, 0, 1, 1, [20, 20, 5], 2,
     (0, 1), (0.5, 0.5, 0.0)),
    ("the marker is with seat 2: seat 1 ends its round", 3, 1, 0, 2, [25, 0, 0], 1,
     (0,), (1.0, 0.0, 0.0)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("what", "players", "first", "seat", "done", "scores", "turns", "winners", "returns"),
    RUSH_END,
    ids=[row[0] for row in RUSH_END],
)
def test_the_rush_end_gives_everyone_the_same_number_of_turns(
    what: str,
    players: int,
    first: int,
    seat: int,
    done: int,
    scores: list[int],
    turns: int,
    winners: tuple[int, ...],
    returns: tuple[float, ...],
) -> None:
    """Rulebook lines 111 and 176 (R11, R66): the game ends only at the start of the first
    player's turn, so all players have had the same number of turns."""
    game = scenario(players, mode="rush", scores=scores, first_player=first, current=seat,
                    turns_done=done, phase="action")  # fmt: skip
    for _ in range(turns):
        assert not game.is_terminal(), what
        quiet_turn(game)
    assert game.is_terminal(), what
    assert game.state.turns_done % players == 0 and game.state.current == first
    outcome = game.outcome()
    assert outcome.winners == winners and outcome.returns == returns
