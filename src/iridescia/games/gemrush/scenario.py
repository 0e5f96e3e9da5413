"""Build a game in a chosen position: for rule tests, golden transcripts, tutorials and bugs.

``scenario(...)`` places the given tiles, dwarves, hands, piles and scores, fills the rest
(every card not placed goes to the deck, every tile not placed to the room stack, in id order
unless given) and starts the chosen phase of the current player's turn. Everything is checked
(each card and tile in exactly one place, dwarves in rooms) so that a mistake in a test shows
as a ValueError, not as a strange game. Example, Gem Rush R15 and R21 (a walk, then a
construction through T33's east door)::

    game = scenario(
        2,
        tiles=[(33, 0, 0, 0), (29, 0, 1, 0)],  # Mine Shaft at (0, 0), a Mine Cart north of it
        hands=[[14, 15], []],  # seat 0 holds G14 (OB+PF) and G15 (OB+ST)
        stack=[5, 6],  # the next tiles drawn: T05 first
    )
    game.apply("walk N")  # to the Mine Cart, 1 step
    ...

Piles are given in the order of the views: ``deck`` and ``stack`` top first, ``discard``
bottom first. The game has a seed for everything random later (reshuffles, shortfalls).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from iridescia.core.rng import Rng
from iridescia.games.gemrush import rules
from iridescia.games.gemrush import skills as SK
from iridescia.games.gemrush.data import NUM_CARDS, NUM_TILES, TILE_IS_TUNNEL
from iridescia.games.gemrush.game import GAME, GemRushGame
from iridescia.games.gemrush.grid import encode
from iridescia.games.gemrush.params import RulesParams
from iridescia.games.gemrush.setup import target_for
from iridescia.games.gemrush.state import (
    PH_ACTION,
    PH_BURN,
    PH_MOVE_START,
    PH_TURN_START,
    PlayerState,
    State,
)

PHASES = {
    "turn start": PH_TURN_START,
    "movement": PH_MOVE_START,
    "action": PH_ACTION,
    "burn": PH_BURN,
}


def scenario(
    players: int = 2,
    *,
    mode: str = "crisis",
    options: Mapping[str, Any] | None = None,
    params: Mapping[str, Any] | RulesParams | None = None,
    tiles: Sequence[tuple[int, int, int, int]] = ((33, 0, 0, 0),),
    rooms: Sequence[int] | None = None,
    hands: Sequence[Sequence[int]] | None = None,
    known: Sequence[Sequence[int]] | None = None,
    deck: Sequence[int] | None = None,
    discard: Sequence[int] = (),
    stack: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
    current: int = 0,
    first_player: int = 0,
    phase: str = "movement",
    steps: int | None = None,
    turns_done: int = 0,
    seed: int = 0,
    skills: Sequence[Sequence[str]] | None = None,
    colours: Sequence[str] | None = None,
) -> GemRushGame:
    """A game in the given position, at the first decision of ``phase`` of seat ``current``.

    ``tiles`` are ``(tile id, x, y, rotation)``; ``rooms`` each seat's room (default: the first
    non-tunnel tile listed); ``hands`` each seat's cards and ``known`` the cards of each hand that
    everyone saw enter it (Gem Rush R89); ``phase`` is one of ``PHASES``: "turn start" runs phases 0
    and 1 first, "movement" gives fresh steps (``steps`` overrides them) and checks Gem Rush R101.
    ``skills`` gives each seat registered skill keys and ``colours`` the dwarf colours
    (``skills.assign``; spec §5: no skill ships, so only tests register any).
    """
    base = GAME.new(players, seed, dict(options or {}, first_player=first_player),
                    params, mode=mode)  # fmt: skip
    s = base.state
    s.events = []
    s.history = []
    _place_tiles(s, tiles, stack)
    _place_cards(s, players, hands, known, deck, discard)
    first_room = next((t for t, _, _, _ in tiles if not TILE_IS_TUNNEL[t]), 0)
    for seat, p in enumerate(s.players):
        room = rooms[seat] if rooms is not None else first_room
        if room not in s.tile_at.values() or TILE_IS_TUNNEL[room]:
            raise ValueError(f"seat {seat}'s dwarf must stand in a placed room, not T{room:02d}")
        p.room = room
        p.score = scores[seat] if scores is not None else 0
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}")
    s.current = current
    s.first_player = first_player
    s.turns_done = turns_done
    s.target = target_for(s.mode, s.options, s.params, players)
    s.rng = Rng(seed)
    if skills is not None:
        SK.assign(s, skills, colours)
    s.pending = []
    s.chosen = []
    s.phase = PHASES[phase]
    if s.phase == PH_MOVE_START:
        s.steps = SK.turn_steps(s)
    if s.phase == PH_BURN:
        s.burns_left = s.params.burn_per_turn
    rules.advance(s)
    if steps is not None:
        s.steps = steps
        s.legal_cache = None
    game = GemRushGame(s)
    game.log.extend(s.events)
    s.events = []
    return game


def _place_tiles(
    s: State, tiles: Sequence[tuple[int, int, int, int]], stack: Sequence[int] | None
) -> None:
    s.tile_at = {}
    s.pos_of = [s.pos_of[0]] * (NUM_TILES + 1)
    s.rot_of = [0] * (NUM_TILES + 1)
    s.placing = 0
    s.stack_bottom_known = 0
    for tile, x, y, rotation in tiles:
        pos = encode(x, y)
        if not 1 <= tile <= NUM_TILES or s.pos_of[tile] != s.pos_of[0] or pos in s.tile_at:
            raise ValueError(f"tile {tile} at ({x}, {y}): each tile and position once")
        if rotation not in range(4):
            raise ValueError("a rotation is 0-3")
        s.tile_at[pos] = tile
        s.pos_of[tile] = pos
        s.rot_of[tile] = rotation
    s.touch_mine()
    rest = [t for t in range(1, NUM_TILES + 1) if s.pos_of[t] == s.pos_of[0]]
    order = list(stack) if stack is not None else []
    if len(set(order)) != len(order) or not set(order) <= set(rest):
        raise ValueError("the stack lists unplaced tiles, each once")
    order += [t for t in rest if t not in order]
    s.stack = list(reversed(order))  # top first -> top at the end


def _place_cards(
    s: State,
    players: int,
    hands: Sequence[Sequence[int]] | None,
    known: Sequence[Sequence[int]] | None,
    deck: Sequence[int] | None,
    discard: Sequence[int],
) -> None:
    placed: list[int] = list(discard)
    s.players = [PlayerState(i) for i in range(players)]
    for seat, p in enumerate(s.players):
        p.hand = sorted(hands[seat]) if hands is not None else []
        p.known = sorted(known[seat]) if known is not None else []
        if not set(p.known) <= set(p.hand):
            raise ValueError(f"seat {seat}'s known cards must be in its hand")
        placed += p.hand
    top_first = list(deck) if deck is not None else []
    placed += top_first
    if len(set(placed)) != len(placed) or not all(1 <= c <= NUM_CARDS for c in placed):
        raise ValueError("each card may be placed once (ids 1-75)")
    rest = [c for c in range(1, NUM_CARDS + 1) if c not in set(placed)]
    s.deck = list(reversed(top_first + rest))
    s.discard = list(discard)
    s.revealed = []
    s.dug = []
    s.burnt_deck = []
    s.burnt_hand = []
