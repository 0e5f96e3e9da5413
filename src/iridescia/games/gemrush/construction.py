"""Construction and tile placement (Gem Rush R20-R32, R65, and the chains of Gem Rush R8 and R101).

A construction is chosen by ``walk D`` into an empty trace or by ``build Tnn D`` (warped). Its
door sets the cost and points (Gem Rush R21). The payment decision takes one card at a time: ``pay``
is offered only for cards that keep a valid payment reachable (``payment.extensions``) and
``paid`` once the chosen set is valid (``payment.match``); a construction cannot be taken back
(spec §9). A free door walked through needs no payment decision. Which sets are valid is
``payment.py``'s answer: Gem Rush R26 (slots), Gem Rush R27 (Diamond Dust), Gem Rush R28
(Echoglass), Gem Rush R29 (Orichalcum), Gem Rush R30 (Warpstone), Gem Rush R31 (no spare cards),
with the readings of Gem Rush R83.

Then the player scores (Gem Rush R32) and tiles are placed by a *chain*: draw the top tile; a room
takes a rotation showing a door back the way the trace came (Gem Rush R23); a tunnel takes any
rotation and the trace goes on through it (Gem Rush R24) into an existing room or to the next empty
position. The same chain places the starting tunnels at setup (Gem Rush R8, R86) and reopens a
closed mine (Gem Rush R101); only its ``chain_purpose`` and the way it ends differ. Rotations that
give the same placement are one choice, and a tile with one possible placement is placed without
asking.
"""

from __future__ import annotations

from iridescia.core.actions import Action
from iridescia.games.gemrush import cards as C
from iridescia.games.gemrush import mine
from iridescia.games.gemrush import skills as SK
from iridescia.games.gemrush.actions import (
    DOOR_AT,
    PAID,
    PAID_ACTION,
    PAY_CARD,
    REOPEN_DIR,
    ROTATE_R,
)
from iridescia.games.gemrush.data import CARD_GEMS, CARD_MASK, TILE_IS_TUNNEL
from iridescia.games.gemrush.grid import (
    DELTA,
    DIRECTION_CODES,
    TUNNEL_EXIT,
    decode,
    opposite,
    rotations_for,
)
from iridescia.games.gemrush.ops_mine import move_dwarf
from iridescia.games.gemrush.payment import can_pay, extensions, match
from iridescia.games.gemrush.schemas import WS
from iridescia.games.gemrush.state import (
    ANY_ROTATION,
    CH_BUILD,
    CH_REOPEN,
    CH_SETUP,
    CHAIN_NAMES,
    NO_TILE,
    P_PAY,
    P_REOPEN,
    P_ROTATE,
    P_SETUP_DOOR,
    PH_CHAIN,
    PH_MOVE,
    PH_MOVE_START,
    PH_TURN_START,
    ROT_CHAIN,
    State,
)

WARP_BIT = 1 << WS


def hand_gems(s: State, cards: list[int]) -> list[tuple[int, ...]]:
    """The gems of ``cards`` as a payment counts them: as printed, unless a skill substitutes
    (the payment-substitution hook, spec §5)."""
    if s.skills is None:
        return [CARD_GEMS[c] for c in cards]
    return SK.payment_gems(s, cards)


def holds_warpstone(s: State) -> bool:
    return any(CARD_MASK[c] & WARP_BIT for c in s.me.hand)


# Payability by (hand, cost, warped): a pure function of card ids, so a memo is safe. Asking
# ``payment.can_pay`` directly builds its key from card tuples on every door of every phase-2
# decision (profiled: about an eighth of a random playout's time before the memo).
_PAYABLE: dict[tuple[tuple[int, ...], tuple[int, ...], bool], bool] = {}
_PAYABLE_MAX = 1 << 18


def payable(s: State, cost: tuple[int, ...], warped: bool) -> bool:
    """Whether the current player can pay ``cost`` (Gem Rush R22, R26-R31); a walked free door
    always."""
    if not cost and not warped:
        return True
    hand = s.me.hand
    if s.skills is not None:  # a skill may change what the cards count as: no memo by card id
        return can_pay(hand_gems(s, hand), cost, warped)
    key = (tuple(hand), cost, warped)
    ok = _PAYABLE.get(key)
    if ok is None:
        if len(_PAYABLE) >= _PAYABLE_MAX:
            _PAYABLE.clear()
        ok = _PAYABLE[key] = can_pay(hand_gems(s, hand), cost, warped)
    return ok


# ------------------------------------------------------------------ choosing a construction


def start(s: State, tile: int, d: int, warped: bool) -> None:
    """Begin a construction at the site of room ``tile`` towards d (legality checked before)."""
    side = mine.shown_side(s, tile, d)
    s.emit(
        "construction",
        s.current,
        tile=tile,
        dir=DIRECTION_CODES[d],
        cost=list(side.cost),
        points=side.points,
        warped=warped,
    )
    if not side.cost and not warped:
        _score_and_place(s, tile, d, False, 0)
        return
    s.chosen = []
    s.pending.append((P_PAY, tile, d, int(warped)))


def _pay_context(s: State) -> tuple[int, int, bool, tuple[int, ...]]:
    _, tile, d, warped = s.pending[-1]
    return tile, d, bool(warped), mine.shown_side(s, tile, d).cost


def legal_pay(s: State) -> list[Action]:
    """``pay Gnn`` for every card that keeps a valid payment reachable, ``paid`` once the
    chosen cards are one (Gem Rush R26-R31, spec §9)."""
    _, _, warped, cost = _pay_context(s)
    chosen = s.chosen
    rest = [c for c in s.me.hand if c not in chosen]
    chosen_gems = hand_gems(s, chosen)
    out = [PAY_CARD[rest[i]] for i in extensions(chosen_gems, hand_gems(s, rest), cost, warped)]
    if match(chosen_gems, cost, warped) is not None:
        out.append(PAID_ACTION)
    return out


def apply_pay(s: State, a: Action) -> None:
    if a.kind != PAID:
        s.chosen.append(a.a)
        return
    tile, d, warped, cost = _pay_context(s)
    paid = s.chosen
    bonus = match(hand_gems(s, paid), cost, warped)
    assert bonus is not None
    s.chosen = []
    s.pending.pop()
    if paid:
        C.discard(s, s.current, paid, "payment")
    _score_and_place(s, tile, d, warped, bonus)


def _score_and_place(s: State, tile: int, d: int, warped: bool, bonus: int) -> None:
    """Gem Rush R22 steps 2-4 and Gem Rush R32: score the door's points plus the Orichalcum bonus,
    then place."""
    side = mine.shown_side(s, tile, d)
    gained = side.points + bonus
    p = s.me
    p.score += gained
    s.emit("score", s.current, delta=gained, total=p.score, reason="construction", bonus=bonus)
    site = mine.site_of(s, tile, d)
    assert site is not None, "a construction needs its site"
    begin_chain(s, CH_BUILD, tile, site[2], site[3], walking=not warped)


# ------------------------------------------------------------------ the chain


def begin_chain(s: State, purpose: int, site: int, pos: int, arrive: int, walking: bool) -> None:
    """Start placing tiles at ``pos``, entered heading ``arrive``."""
    s.chain_purpose = purpose
    s.chain_site = site
    s.chain_walking = walking
    s.chain_pos = pos
    s.chain_dir = arrive
    s.phase = PH_CHAIN


def chain_step(s: State) -> None:
    """Automatic phase PH_CHAIN: draw the next tile and place it, or ask for its rotation."""
    if not s.stack:
        _ran_out(s)
        return
    tile = mine.draw_tile(s)
    towards = ANY_ROTATION if TILE_IS_TUNNEL[tile] else opposite(s.chain_dir)
    rotations = rotations_for(tile, towards)
    if len(rotations) == 1:
        place_chain_tile(s, rotations[0])
    else:
        s.pending.append((P_ROTATE, ROT_CHAIN, tile, s.chain_pos, towards))


def legal_chain_rotation(s: State) -> list[Action]:
    _, _, tile, _, towards = s.pending[-1]
    return [ROTATE_R[r] for r in rotations_for(tile, towards)]


def apply_chain_rotation(s: State, a: Action) -> None:
    s.pending.pop()
    place_chain_tile(s, a.a)


def place_chain_tile(s: State, rotation: int) -> None:
    """Place the drawn tile; a room ends the chain, a tunnel goes on (Gem Rush R8, R23, R24).
    Only the side facing back must match; the others face anything (Gem Rush R62)."""
    tile, pos = s.placing, s.chain_pos
    mine.place(s, tile, pos, rotation)
    s.placing = NO_TILE
    x, y = decode(pos)
    s.emit(
        "tile_placed",
        s.current,
        tile=tile,
        x=x,
        y=y,
        rotation=rotation,
        purpose=CHAIN_NAMES[s.chain_purpose],
    )
    if not TILE_IS_TUNNEL[tile]:
        _end_chain(s, tile)
        return
    out = TUNNEL_EXIT[tile][rotation][s.chain_dir]
    if s.chain_purpose == CH_SETUP:
        # Gem Rush R8 step 2: the setup trace stops at any placed tile; then the first player picks
        # an open tunnel door of the chain.
        nxt = pos + DELTA[out]
        if nxt in s.tile_at:
            s.pending.append((P_SETUP_DOOR,))
        else:
            s.chain_pos, s.chain_dir = nxt, out
        return
    room, end, arrive = mine.trace(s, pos, out)
    if room != NO_TILE:
        _end_chain(s, room)  # Gem Rush R24: the trace ends in an existing room
    else:
        s.chain_pos, s.chain_dir = end, arrive


def _end_chain(s: State, room: int) -> None:
    purpose = s.chain_purpose
    if purpose == CH_SETUP:
        for p in s.players:  # Gem Rush R8: every dwarf starts in the first room
            p.room = room
        s.emit("start_room", -1, tile=room)
        s.phase = PH_TURN_START
        return
    move_dwarf(s, s.current, room, CHAIN_NAMES[purpose])
    if purpose == CH_BUILD:
        if s.chain_walking:
            s.steps -= 1  # Gem Rush R22 step 4: walking construction costs 1 step
        s.phase = PH_MOVE
    else:
        s.phase = PH_MOVE_START  # Gem Rush R101 step 3: check again


def _ran_out(s: State) -> None:
    """Gem Rush R65: the stack ran out in the middle of a chain: the dwarf goes to the room of the
    site (for a reopening, the room it was reopened from, ruling GR-Gem Rush R101b); tunnels placed
    stay, payment and points stand, a walking construction's step stays spent."""
    assert s.chain_purpose != CH_SETUP, "setup never runs out of tiles"
    s.emit("chain_stopped", s.current, tile=s.chain_site)
    _end_chain(s, s.chain_site)


# ------------------------------------------------------------------ setup door (Gem Rush R8 step 2)


def legal_setup_door(s: State) -> list[Action]:
    """Open tunnel doors of the starting chain: sides of placed tunnels facing an empty
    position (at setup, every placed tile is one of the chain's tunnels)."""
    return [DOOR_AT[t][d] for t, d in mine.open_doors(s) if TILE_IS_TUNNEL[t]]


def apply_setup_door(s: State, a: Action) -> None:
    s.pending.pop()
    s.chain_pos = s.pos_of[a.a] + DELTA[a.b]
    s.chain_dir = a.b


# ------------------------------------------------------------------ reopening (Gem Rush R101)


def needs_reopening(s: State) -> bool:
    return bool(s.stack) and not mine.has_site(s)


def start_reopening(s: State) -> bool:
    """Gem Rush R101: ask where to reopen the closed mine; False if no room has an empty
    neighbour."""
    room = mine.reopen_room(s, s.me.room)
    if room == NO_TILE:
        return False
    s.emit("mine_closed", s.current, tile=room)
    s.pending.append((P_REOPEN, room))
    return True


def legal_reopen(s: State) -> list[Action]:
    return [REOPEN_DIR[d] for d in mine.empty_neighbours(s, s.pending[-1][1])]


def apply_reopen(s: State, a: Action) -> None:
    room = s.pending.pop()[1]
    s.emit("reopen", s.current, tile=room, dir=DIRECTION_CODES[a.a])
    begin_chain(s, CH_REOPEN, room, s.pos_of[room] + DELTA[a.a], a.a, walking=False)
