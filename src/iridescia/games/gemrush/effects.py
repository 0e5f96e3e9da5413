"""Running room effects (Gem Rush R50-R54, R69): the primitive registry and the effect runner.

``PRIMITIVES`` maps each opcode of ``program.py`` to its implementation (``ops_cards.py``,
``ops_mine.py``, and Observatory's copy here). ``start_effect`` opens an effect frame on the state
and switches to the automatic ``PH_EFFECT`` phase; ``rules.advance`` then calls ``effect_step``,
which runs ops in order (Gem Rush R54) until one opens a decision or the program ends. At the end,
``finish_effect`` cleans up the revealed row (Gem Rush R39) and hands the turn back to the phase the
effect was used from (phase 2 for movement and free rooms, else the end of phase 3).

``usable`` is Gem Rush R53: an effect may be chosen only if every mandatory part can be done now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from iridescia.core.actions import Action
from iridescia.games.gemrush import cards as C
from iridescia.games.gemrush import ops_cards as OC
from iridescia.games.gemrush import ops_mine as OM
from iridescia.games.gemrush import program as P
from iridescia.games.gemrush import skills as SK
from iridescia.games.gemrush.actions import COPY_TILE
from iridescia.games.gemrush.data import ACTION, MOVEMENT, ROOMS, TILE_ROOM, TILE_TYPE
from iridescia.games.gemrush.program import Op
from iridescia.games.gemrush.rooms import PROGRAMS, running_program
from iridescia.games.gemrush.state import P_COPY, PH_AFTER_ACTION, PH_EFFECT, State

COPY_EFFECT = "copy"


@dataclass(frozen=True, slots=True)
class Primitive:
    """One primitive of Gem Rush R50: how it runs, and (if it has a mandatory part) whether it
    can."""

    name: str
    run: Callable[[State, Op], bool]
    usable: Callable[[State, Op], bool] | None = None


# ------------------------------------------------------------------ Observatory (Gem Rush R69)


def copyable_rooms(s: State) -> list[int]:
    """Gem Rush R69: one tile per copyable room, the lowest id: a room holding another player's
    dwarf, of type action or movement, not an Observatory, whose effect the user could use now."""
    seen: set[int] = set()
    out: list[int] = []
    me = s.current
    for tile in sorted({p.room for p in s.players if p.seat != me}):
        room = TILE_ROOM[tile]
        if room in seen or TILE_TYPE[tile] not in (ACTION, MOVEMENT):
            continue
        if ROOMS[room].effect == COPY_EFFECT:
            continue  # copies never chain
        seen.add(room)
        if room_usable(s, room):
            out.append(tile)
    return out


def usable_copy(s: State, op: Op) -> bool:
    return bool(copyable_rooms(s))


def run_copy(s: State, op: Op) -> bool:
    s.pending.append((P_COPY,))
    return False


def legal_copy(s: State) -> list[Action]:
    return [COPY_TILE[t] for t in copyable_rooms(s)]


def apply_copy(s: State, a: Action) -> None:
    """Run the copied room's effect from its start, for the user (Gem Rush R69)."""
    room = TILE_ROOM[a.a]
    s.emit("copy", s.current, tile=a.a, room=ROOMS[room].name, effect=ROOMS[room].effect)
    s.pending.pop()
    s.fx_room = room
    s.fx_pc = 0
    if s.skills is not None:
        SK.begin_effect(s, room)  # the effect-modifier hook sees the copied room


PRIMITIVES: tuple[Primitive, ...] = (
    Primitive("discard one", OC.run_discard_one, OC.usable_discard_one),
    Primitive("discard any", OC.run_discard_any),
    Primitive("discard hand", OC.run_discard_hand),
    Primitive("reveal", OC.run_reveal),
    Primitive("dig", OC.run_dig),
    Primitive("keep all", OC.run_keep_all),
    Primitive("keep", OC.run_keep),
    Primitive("name", OC.run_name),
    Primitive("draw", OC.run_draw),
    Primitive("score", OC.run_score),
    Primitive("lose", OC.run_lose, OC.usable_lose),
    Primitive("take", OC.run_take),
    Primitive("move to", OM.run_dest, OM.usable_dest),
    Primitive("swap", OM.run_swap, OM.usable_swap),
    Primitive("copy", run_copy, usable_copy),
    Primitive("scry", OM.run_scry),
    Primitive("rift", OM.run_rift),
    Primitive("elevator", OM.run_elevator, OM.usable_elevator),
    Primitive("mine cart", OM.run_cart, OM.usable_cart),
    Primitive("refill steps", OM.run_refill, OM.usable_refill),
    Primitive("patience", OC.run_patience),
)
assert [p.name for p in PRIMITIVES] == list(P.OP_NAMES), "one primitive per opcode, in order"


# ------------------------------------------------------------------ the runner


def blocking_op(s: State, room: int) -> Op | None:
    """Gem Rush R53: the first op of the room's effect whose mandatory part cannot be carried
    out now, or None when the effect may be used (``room_usable``; the refusals name it).

    Mandatory parts only ever come first in a program or depend on nothing the effect changes
    earlier, so checking every op against the current state is the rule.
    """
    program = PROGRAMS[room] if s.skills is None else SK.program_for(s, room)
    for op in program:
        check = PRIMITIVES[op[0]].usable
        if check is not None and not check(s, op):
            return op
    return None


def room_usable(s: State, room: int) -> bool:
    """Gem Rush R53: whether every mandatory part of the room's effect can be carried out now."""
    return blocking_op(s, room) is None


def tile_usable(s: State, tile: int) -> bool:
    return room_usable(s, TILE_ROOM[tile])


def start_effect(s: State, tile: int, back_to: int) -> None:
    """Open the effect of the room ``tile`` for the current player; when it ends, the turn
    goes on in phase ``back_to``."""
    room = ROOMS[TILE_ROOM[tile]]
    as_action = back_to == PH_AFTER_ACTION  # the phase-3 action, not a use during phase 2
    s.emit("effect", s.current, tile=tile, room=room.name, effect=room.effect, as_action=as_action)
    s.fx_room = room.index
    s.fx_tile = tile
    s.fx_pc = 0
    s.fx_c = C.NO_CARD
    s.fx_names = 0
    s.fx_x = 0
    s.fx_return = back_to
    s.dug = []
    s.phase = PH_EFFECT
    if s.skills is not None:
        SK.begin_effect(s, room.index)  # the effect-modifier hook (spec §5)


def effect_step(s: State) -> None:
    """Run the effect's ops in order until one opens a decision or the program ends
    (Gem Rush R54). The program cannot change inside the loop: Observatory switches rooms
    through a decision, after which this runs again."""
    program = running_program(s)
    while True:
        if s.fx_pc >= len(program):
            finish_effect(s)
            return
        op = program[s.fx_pc]
        if not PRIMITIVES[op[0]].run(s, op):
            return  # a decision was opened; its apply moves the effect on
        s.fx_pc += 1


def finish_effect(s: State) -> None:
    """Gem Rush R39: clean up the revealed row, close the frame, go back to the turn."""
    C.cleanup(s)
    s.emit("effect_end", s.current, tile=s.fx_tile)
    s.phase = s.fx_return
    s.fx_room = -1
    s.fx_tile = 0
    s.fx_pc = 0
    s.fx_c = C.NO_CARD
    s.fx_names = 0
    s.fx_x = 0
    if s.skills is not None:
        s.skills.program = None
