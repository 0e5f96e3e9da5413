"""The primitives of room effects that move dwarves or tiles, and their decisions.

Destinations (Portal, Warp Stream, Mine Cart, and the Warpstone jump, Gem Rush R18, R19, R75),
Warped Mirror (Gem Rush R77), Scrying Pool (Gem Rush R76), Dimensional Rift (Gem Rush R70), Mystic
Elevator (Gem Rush R71) and Time Vein (Gem Rush R72). Same conventions as ``ops_cards.py``: ``run``
returns False when it opened a decision, and the decision's ``apply`` moves the effect on by one
step. Mine Cart rides and elevator moves count towards ``free_effect_limit`` (Gem Rush R73).
"""

from __future__ import annotations

from iridescia.core.actions import Action
from iridescia.games.gemrush import mine
from iridescia.games.gemrush.actions import (
    DOOR_AT,
    ORDER_TILE,
    REMOVE_TILE,
    ROTATE_R,
    SWAP_SEAT,
    TO_TILE,
)
from iridescia.games.gemrush.grid import DELTA, DIRECTION_CODES, decode, opposite, rotations_for
from iridescia.games.gemrush.program import Op
from iridescia.games.gemrush.state import (
    DEST_CART,
    DEST_JUMP,
    DEST_NAMES,
    DEST_PORTAL,
    P_DEST,
    P_ELEVATOR_DOOR,
    P_ORDER,
    P_REMOVE,
    P_ROTATE,
    P_SWAP,
    ROT_ELEVATOR,
    State,
)

MINE_CART_EFFECT = "mine_cart"


def move_dwarf(s: State, seat: int, room: int, how: str) -> None:
    p = s.players[seat]
    before = p.room
    p.room = room
    s.emit("move", seat, room=room, before=before, how=how)


def free_use_left(s: State) -> bool:
    """Gem Rush R73: Mine Cart rides and elevator moves left this turn."""
    limit = s.params.free_effect_limit
    return limit == 0 or s.free_uses < limit


# ------------------------------------------------------------------ destinations


def destinations(s: State, how: int) -> list[int]:
    """The rooms a destination choice offers (Gem Rush R18, R19, R75)."""
    here = s.me.room
    if how == DEST_CART:
        return [t for t in mine.tiles_with_effect(s, MINE_CART_EFFECT) if t != here]
    if how in (DEST_JUMP, DEST_PORTAL):
        return [t for t in mine.rooms(s) if t != here]
    return mine.rooms(s)  # DEST_STREAM: staying is allowed


def usable_dest(s: State, op: Op) -> bool:
    """Gem Rush R53: Portal needs another room (Warp Stream can always stay)."""
    return bool(destinations(s, op[1]))


def run_dest(s: State, op: Op) -> bool:
    s.pending.append((P_DEST, op[1]))
    return False


def legal_dest(s: State) -> list[Action]:
    return [TO_TILE[t] for t in destinations(s, s.pending[-1][1])]


def apply_dest(s: State, a: Action) -> None:
    how = s.pending.pop()[1]
    move_dwarf(s, s.current, a.a, DEST_NAMES[how])
    if how != DEST_JUMP:  # the jump is a move of phase 2, not an effect
        s.fx_pc += 1


def usable_cart(s: State, op: Op) -> bool:
    """Gem Rush R18, R92, R73: another Mine Cart in the mine, and a free use left this turn."""
    return free_use_left(s) and bool(destinations(s, DEST_CART))


def run_cart(s: State, op: Op) -> bool:
    s.free_uses += 1
    s.pending.append((P_DEST, DEST_CART))
    return False


# ------------------------------------------------------------------ Warped Mirror


def swap_partners(s: State) -> list[int]:
    """Gem Rush R77: seats whose dwarf stands in a different room from the current player's."""
    here = s.me.room
    return [p.seat for p in s.players if p.seat != s.current and p.room != here]


def usable_swap(s: State, op: Op) -> bool:
    return bool(swap_partners(s))


def run_swap(s: State, op: Op) -> bool:
    s.pending.append((P_SWAP,))
    return False


def legal_swap(s: State) -> list[Action]:
    return [SWAP_SEAT[seat] for seat in swap_partners(s)]


def apply_swap(s: State, a: Action) -> None:
    """The two dwarves trade rooms (Gem Rush R77; moved by another player, Gem Rush R93)."""
    me, other = s.me, s.players[a.a]
    mine_room, their_room = me.room, other.room
    move_dwarf(s, s.current, their_room, "swap")
    move_dwarf(s, other.seat, mine_room, "swapped")
    s.pending.pop()
    s.fx_pc += 1


# ------------------------------------------------------------------ Scrying Pool


def run_scry(s: State, op: Op) -> bool:
    """Gem Rush R76: look at the top m = min(n, stack) tiles; reorder them top tile first."""
    m = min(op[1], len(s.stack))
    top = list(reversed(s.stack[len(s.stack) - m :]))  # top first
    seen_by_all = not s.rush
    for p in s.players:
        if p.seat == s.current or seen_by_all:
            p.stack_known = max(p.stack_known, m)
        elif m > 0:
            p.stack_known = 0  # the top m were reordered out of this seat's sight
    s.emit("scry_look", s.current, tiles=top, open=seen_by_all)
    if m <= 1:
        return True
    s.chosen = []
    s.pending.append((P_ORDER, m))
    return False


def legal_order(s: State) -> list[Action]:
    m = s.pending[-1][1]
    chosen = s.chosen
    return [ORDER_TILE[t] for t in s.stack[len(s.stack) - m :] if t not in chosen]


def apply_order(s: State, a: Action) -> None:
    m = s.pending[-1][1]
    s.chosen.append(a.a)
    if len(s.chosen) < m - 1:
        return
    top = s.stack[len(s.stack) - m :]
    order = s.chosen + [t for t in top if t not in s.chosen]  # the last tile goes last
    s.stack[len(s.stack) - m :] = list(reversed(order))
    # Gem Rush R47, R70, R76: tiles Dimensional Rift returned to the bottom are public only while
    # they stay there; once a reorder reaches them (a short stack), the bottom run shrinks to
    # the tiles below the top m, or a Rush view would name tiles its seat never saw moved.
    s.stack_bottom_known = min(s.stack_bottom_known, len(s.stack) - m)
    s.chosen = []
    s.emit("scry", s.current, tiles=order, open=not s.rush)
    s.pending.pop()
    s.fx_pc += 1


# ------------------------------------------------------------------ Dimensional Rift


def rift_targets(s: State) -> list[int]:
    """Gem Rush R70: placed tiles holding no dwarf (rooms or tunnels, the starting tile too)."""
    occupied = {p.room for p in s.players}
    return sorted(t for t in s.tile_at.values() if t not in occupied)


def run_rift(s: State, op: Op) -> bool:
    if not rift_targets(s):
        return True  # the removal may fall short (Gem Rush R53, R70)
    s.pending.append((P_REMOVE,))
    return False


def legal_remove(s: State) -> list[Action]:
    return [REMOVE_TILE[t] for t in rift_targets(s)]


def apply_remove(s: State, a: Action) -> None:
    x, y = mine.xy(s, a.a)
    mine.lift(s, a.a)
    s.stack.insert(0, a.a)  # face down at the bottom; public (Gem Rush R47, R70)
    s.stack_bottom_known += 1
    s.emit("tile_removed", s.current, tile=a.a, x=x, y=y)
    s.pending.pop()
    s.fx_pc += 1


# ------------------------------------------------------------------ Mystic Elevator


def usable_elevator(s: State, op: Op) -> bool:
    """Gem Rush R71, R73: an open door of another tile, and a free use left this turn."""
    return free_use_left(s) and bool(mine.open_doors(s, s.me.room))


def run_elevator(s: State, op: Op) -> bool:
    s.free_uses += 1
    s.pending.append((P_ELEVATOR_DOOR, s.me.room))
    return False


def legal_elevator_door(s: State) -> list[Action]:
    return [DOOR_AT[t][d] for t, d in mine.open_doors(s, s.pending[-1][1])]


def apply_elevator_door(s: State, a: Action) -> None:
    elevator = s.pending.pop()[1]
    target = s.pos_of[a.a] + DELTA[a.b]
    towards = opposite(a.b)  # the elevator shows a door back towards that tile
    rotations = rotations_for(elevator, towards)
    s.emit("elevator_door", s.current, tile=a.a, dir=DIRECTION_CODES[a.b])
    if len(rotations) == 1:
        place_elevator(s, elevator, target, rotations[0])
    else:
        s.pending.append((P_ROTATE, ROT_ELEVATOR, elevator, target, towards))


def legal_elevator_rotation(s: State) -> list[Action]:
    _, _, tile, _, towards = s.pending[-1]
    return [ROTATE_R[r] for r in rotations_for(tile, towards)]


def apply_elevator_rotation(s: State, a: Action) -> None:
    _, _, tile, target, _ = s.pending.pop()
    place_elevator(s, tile, target, a.a)


def place_elevator(s: State, tile: int, target: int, rotation: int) -> None:
    """Gem Rush R71: move the elevator, with every dwarf in it, to ``target``; nothing paid or
    scored."""
    before = decode(mine.lift(s, tile))
    mine.place(s, tile, target, rotation)
    x, y = decode(target)
    s.emit(
        "elevator",
        s.current,
        tile=tile,
        x=x,
        y=y,
        rotation=rotation,
        before=list(before),
        dwarves=[p.seat for p in s.players if p.room == tile],
    )
    s.fx_pc += 1


# ------------------------------------------------------------------ Time Vein


def usable_refill(s: State, op: Op) -> bool:
    """Gem Rush R72: once a turn."""
    return not s.time_vein_used


def run_refill(s: State, op: Op) -> bool:
    s.steps = max(s.steps, op[1])
    s.time_vein_used = True
    s.emit("time_vein", s.current, steps=s.steps)
    return True
