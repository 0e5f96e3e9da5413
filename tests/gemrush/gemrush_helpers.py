"""Shared helpers for the Gem Rush tests: state invariants and random playouts.

``check_invariants(state)`` asserts what must hold in every reachable state (it reads the state
directly, hidden parts included): each of the 75 cards in exactly one zone, each of the 80 tiles
in the mine, the room stack or being placed, exactly once; dwarves only in rooms; the mine's
tables consistent; scores and steps never negative. ``play(game, rng)`` plays a game to its end
with the uniform policy, checking the invariants at every step when asked, and bounding the
decisions of one turn (every turn must end).

Imported by the tests as ``from gemrush_helpers import ...`` (this folder is on ``sys.path``).
"""

from __future__ import annotations

from collections.abc import Callable

from iridescia.core.rng import Rng
from iridescia.games.gemrush import GemRushGame
from iridescia.games.gemrush.data import NUM_CARDS, NUM_TILES, TILE_IS_TUNNEL
from iridescia.games.gemrush.state import OFF_MINE, PH_CHAIN, PH_OVER, State

ALL_CARDS = list(range(1, NUM_CARDS + 1))
ALL_TILES = list(range(1, NUM_TILES + 1))
_CARD_SET = frozenset(ALL_CARDS)
_TILE_SET = frozenset(ALL_TILES)
MAX_DECISIONS_PER_TURN = 400


def check_invariants(s: State) -> None:
    # Run at every step of thousands of playouts: sets and lengths rather than sorting (a
    # list of n distinct values equal as a set to 1..n is a permutation of it).
    zones = s.deck + s.discard + s.revealed + s.burnt_deck + s.burnt_hand
    placed = s.tile_at
    for p in s.players:
        zones += p.hand
        hand = p.hand
        assert all(hand[i] < hand[i + 1] for i in range(len(hand) - 1)), "hands stay sorted"
        assert set(p.known) <= set(hand), "known cards are in the hand (R89)"
        assert p.score >= 0, "scores never go below 0 (R78)"
        if not p.room:  # not in the mine yet: only while a starting tunnel chain is built (R8)
            assert s.phase == PH_CHAIN and s.turns_done == 0, "a dwarf outside the mine"
            continue
        assert s.pos_of[p.room] in placed, "a dwarf stands on a placed tile"
        assert not TILE_IS_TUNNEL[p.room], "a dwarf never stands in a tunnel"
    assert len(zones) == NUM_CARDS and set(zones) == _CARD_SET, "each card in one zone (R34)"
    tiles = [*placed.values(), *s.stack]
    if s.placing:
        tiles.append(s.placing)
    assert len(tiles) == NUM_TILES and set(tiles) == _TILE_SET, "each tile placed/stacked once"
    pos_of = s.pos_of
    for pos, tile in placed.items():
        assert pos_of[tile] == pos
    assert len(pos_of) - pos_of.count(OFF_MINE) == len(placed)  # index 0 is never a tile
    assert s.steps >= 0
    assert set(s.dug) <= set(s.revealed)
    assert 0 <= s.stack_bottom_known <= len(s.stack)


def play(
    game: GemRushGame,
    rng: Rng,
    *,
    check: bool = False,
    on_step: Callable[[GemRushGame], None] | None = None,
    max_actions: int = 100_000,
) -> int:
    """Play to the end with uniformly random legal actions; the number of actions."""
    s = game.state
    actions = 0
    turn_seat, turn_done, in_turn = s.current, s.turns_done, 0
    while s.phase != PH_OVER:
        if check:
            check_invariants(s)
        if on_step is not None:
            on_step(game)
        legal = game.legal_actions()
        assert legal, "a game that is not over always offers an action"
        game.apply(legal[rng.below(len(legal))])
        actions += 1
        assert actions < max_actions, "a game must end"
        if (s.current, s.turns_done) == (turn_seat, turn_done):
            in_turn += 1
            assert in_turn < MAX_DECISIONS_PER_TURN, "every turn ends (R73)"
        else:
            turn_seat, turn_done, in_turn = s.current, s.turns_done, 0
    if check:
        check_invariants(s)
    return actions
