"""The room-effect families (Gem Rush spec §4.5): a registry of named functions by effect key.

Each family is one function from its parameter record (``schemas.py``) to a program of
primitives (``program.py``), written as the effect reads in spec §4.3. ``PROGRAMS[room]`` is
every room's program, built once at import from the rooms data file, so the rules know rooms
only by effect key and parameters: no room name or tile id appears in the rules code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from iridescia.games.gemrush import program as P
from iridescia.games.gemrush.data import ROOMS, DataError
from iridescia.games.gemrush.program import FROM_DUG, FROM_ROW, Program
from iridescia.games.gemrush.schemas import (
    Count,
    DigDraw,
    DigKeep,
    DiscardAnyScoreDraw,
    DiscardDig,
    DiscardDraw,
    DiscardRevealKeep,
    DiscardRevealRelation,
    DiscardScoreDraw,
    DrawScore,
    LoseDraw,
    MoveRoom,
    NameDig,
    NameReveal,
    NoParams,
    RefillSteps,
    RevealKeep,
    RevealKeepAll,
    RevealKeepAllPlus,
    Rift,
    Split,
    TakeDiscard,
)
from iridescia.games.gemrush.state import DEST_PORTAL, DEST_STREAM, State

Family = Callable[[Any], Program]
FAMILIES: dict[str, Family] = {}


def family(key: str) -> Callable[[Family], Family]:
    """Register a family's program builder under its effect key."""

    def register(fn: Family) -> Family:
        assert key not in FAMILIES, key
        FAMILIES[key] = fn
        return fn

    return register


@family("reveal_keep_all")
def reveal_keep_all(p: RevealKeepAll) -> Program:
    """REVEAL n. KEEP ALL test. (The fountains, Diamond Spring, Hope Spring, Nexus, Ruins.)"""
    return (P.reveal(p.n), P.keep_all(FROM_ROW, p.test.compiled))


@family("reveal_keep_all_plus")
def reveal_keep_all_plus(p: RevealKeepAllPlus) -> Program:
    """REVEAL n. KEEP ALL test. Then KEEP extra from the revealed cards not yet kept."""
    return (P.reveal(p.n), P.keep_all(FROM_ROW, p.test.compiled), P.keep(p.extra, FROM_ROW))


@family("reveal_keep")
def reveal_keep(p: RevealKeep) -> Program:
    """REVEAL n. KEEP k (player's choice)."""
    return (P.reveal(p.n), P.keep(p.k, FROM_ROW))


@family("discard_reveal_keep")
def discard_reveal_keep(p: DiscardRevealKeep) -> Program:
    """DISCARD ONE test. REVEAL n. KEEP k. (The shafts, Insight Well.)"""
    return (P.discard_one(p.discard.compiled), P.reveal(p.n), P.keep(p.k, FROM_ROW))


@family("dig_keep")
def dig_keep(p: DigKeep) -> Program:
    """DIG n FOR test. KEEP ALL dug, or KEEP k of the dug cards (Fire Ruby Vein, Gem Rush R94)."""
    last = P.keep_all(FROM_DUG) if p.k == 0 else P.keep(p.k, FROM_DUG)
    return (P.dig(P.fixed(p.n), p.test.compiled), last)


@family("discard_dig")
def discard_dig(p: DiscardDig) -> Program:
    """DISCARD ONE test (c). DIG n FOR relation (to c, or a plain test). KEEP ALL dug."""
    return (
        P.discard_one(p.discard.compiled),
        P.dig(P.fixed(p.n), p.relation.compiled),
        P.keep_all(FROM_DUG),
    )


@family("discard_reveal_relation")
def discard_reveal_relation(p: DiscardRevealRelation) -> Program:
    """DISCARD ONE any card (c). REVEAL n. KEEP ALL relation to c. (Chaos Fountain.)"""
    return (P.discard_one(P.ANY_CARD), P.reveal(p.n), P.keep_all(FROM_ROW, p.relation.compiled))


@family("name_reveal")
def name_reveal(p: NameReveal) -> Program:
    """NAME (or NAME 2). REVEAL n. KEEP ALL that have (any of) / none of the named gems."""
    test = P.NAMED_NONE if p.mode == "none" else P.NAMED_ANY
    return (P.name(p.names), P.reveal(p.n), P.keep_all(FROM_ROW, test))


@family("name_dig")
def name_dig(p: NameDig) -> Program:
    """NAME (or NAME 2). DIG n FOR has (any of) the named gems. KEEP ALL dug."""
    return (P.name(p.names), P.dig(P.fixed(p.n), P.NAMED_ANY), P.keep_all(FROM_DUG))


@family("reveal_name_keep")
def reveal_name_keep(p: Count) -> Program:
    """REVEAL n. Then NAME, after seeing the cards (Gem Rush R81). KEEP ALL has the named gem."""
    return (P.reveal(p.n), P.name(1), P.keep_all(FROM_ROW, P.NAMED_ANY))


@family("draw_score")
def draw_score(p: DrawScore) -> Program:
    """DRAW n. SCORE +points (Mine Shaft scores nothing)."""
    if p.points == 0:
        return (P.draw(P.fixed(p.n)),)
    return (P.draw(P.fixed(p.n)), P.score(P.fixed(p.points)))


@family("lose_draw")
def lose_draw(p: LoseDraw) -> Program:
    """Needs a score of at least points (Gem Rush R53, R78). SCORE -points. DRAW n. (Dark Pit.)"""
    return (P.lose(p.points), P.draw(P.fixed(p.n)))


@family("discard_draw")
def discard_draw(p: DiscardDraw) -> Program:
    """DISCARD ONE test. DRAW n. (Temperance Vein, Dream Shaft.)"""
    return (P.discard_one(p.discard.compiled), P.draw(P.fixed(p.n)))


@family("discard_score_draw")
def discard_score_draw(p: DiscardScoreDraw) -> Program:
    """DISCARD ONE test. SCORE +points. DRAW n. (Diamond Refinery.)"""
    return (
        P.discard_one(p.discard.compiled),
        P.score(P.fixed(p.points)),
        P.draw(P.fixed(p.n)),
    )


@family("discard_any_score_draw")
def discard_any_score_draw(p: DiscardAnyScoreDraw) -> Program:
    """DISCARD ANY test (X >= 0, Gem Rush R98). SCORE +X. DRAW n. (Hope Refinery.)"""
    return (P.discard_any(p.discard.compiled), P.score(P.X), P.draw(P.fixed(p.n)))


@family("split")
def split(p: Split) -> Program:
    """DISCARD ONE test. NAME 2. DIG 1 FOR has both. KEEP ALL dug. SCORE +points, whether or
    not the dig found a card (Gem Rush R80). (Diamond Splitter.)"""
    return (
        P.discard_one(p.discard.compiled),
        P.name(2),
        P.dig(P.fixed(1), P.NAMED_BOTH),
        P.keep_all(FROM_DUG),
        P.score(P.fixed(p.points)),
    )


@family("transmute")
def transmute(p: NoParams) -> Program:
    """DISCARD ANY (X >= 0). NAME (skipped when X = 0, ruling GR-Gem Rush R98a). DIG X FOR has the
    named gem. KEEP ALL dug."""
    return (
        P.discard_any(P.ANY_CARD),
        P.name(1, skip_when_x_is_zero=True),
        P.dig(P.X, P.NAMED_ANY),
        P.keep_all(FROM_DUG),
    )


@family("draw_hand_size")
def draw_hand_size(p: NoParams) -> Program:
    """DRAW h, h being the hand size when the effect starts (Gem Rush R99). (Crystal Garden.)"""
    return (P.draw(P.HAND_SIZE),)


@family("draw_to")
def draw_to(p: Count) -> Program:
    """DISCARD ANY (X >= 0). DRAW max(0, n - hand size), counted after the discards
    (Gem Rush R99). (Maelstrom.)"""
    return (P.discard_any(P.ANY_CARD), P.draw(P.up_to(p.n)))


@family("vortex")
def vortex(p: Count) -> Program:
    """Discard the whole hand (Gem Rush R40). DRAW n."""
    return (P.discard_hand(), P.draw(P.fixed(p.n)))


@family("take_discard")
def take_discard(p: TakeDiscard) -> Program:
    """TAKE n FROM DISCARD (Eddy), or DISCARD ONE test then TAKE the n cards beneath it, the
    discarded card staying on top (Echo Chamber, Gem Rush R82)."""
    if p.discard is None:
        return (P.take(p.n, False),)
    return (P.discard_one(p.discard.compiled), P.take(p.n, True))


@family("draw_per_leader")
def draw_per_leader(p: NoParams) -> Program:
    """DRAW k, k = other players with a strictly higher score (Gem Rush R99). (Recycler.)"""
    return (P.draw(P.LEADERS),)


@family("patience")
def patience(p: Count) -> Program:
    """DRAW n. Set the Patience flag (Gem Rush R12)."""
    return (P.draw(P.fixed(p.n)), P.patience())


@family("dig_draw")
def dig_draw(p: DigDraw) -> Program:
    """DIG dig FOR test. KEEP ALL dug. DRAW draw. (Warpstone Vein.)"""
    return (
        P.dig(P.fixed(p.dig), p.test.compiled),
        P.keep_all(FROM_DUG),
        P.draw(P.fixed(p.draw)),
    )


@family("move_room")
def move_room(p: MoveRoom) -> Program:
    """MOVE TO a room (the current one too if may_stay, Gem Rush R75). DRAW draw."""
    move = P.move_to(DEST_STREAM if p.may_stay else DEST_PORTAL)
    return (move, P.draw(P.fixed(p.draw))) if p.draw else (move,)


@family("swap")
def swap(p: NoParams) -> Program:
    """Swap with another player's dwarf in a different room (Gem Rush R77). (Warped Mirror.)"""
    return (P.swap(),)


@family("copy")
def copy(p: NoParams) -> Program:
    """Carry out the effect of a copyable room holding another player's dwarf (Gem Rush R69)."""
    return (P.copy(),)


@family("scry")
def scry(p: Count) -> Program:
    """Look at the top min(n, stack) tiles and put them back in a chosen order (Gem Rush R76)."""
    return (P.scry(p.n),)


@family("rift")
def rift(p: Rift) -> Program:
    """DRAW draw. Then put a tile without dwarves at the bottom of the room stack (Gem Rush R70)."""
    return (P.draw(P.fixed(p.draw)), P.rift())


@family("elevator")
def elevator(p: NoParams) -> Program:
    """Move this room with its dwarves in front of an open door (Gem Rush R71). (Mystic
    Elevator.)"""
    return (P.elevator(),)


@family("mine_cart")
def mine_cart(p: NoParams) -> Program:
    """MOVE TO another Mine Cart, while the mine holds at least 2 (Gem Rush R18, R92)."""
    return (P.cart(),)


@family("refill_steps")
def refill_steps(p: RefillSteps) -> Program:
    """Steps left become max(steps left, to), once a turn (Gem Rush R72). (Time Vein.)"""
    return (P.refill(p.to),)


@family("none")
def no_effect(p: NoParams) -> Program:
    """No effect (Void, Tunnel)."""
    return ()


def _compile() -> tuple[Program, ...]:
    programs = []
    for room in ROOMS:
        if room.effect not in FAMILIES:
            raise DataError(f"rooms.toml room {room.name!r}: no family {room.effect!r}")
        for name in ("discard",):
            test = getattr(room.params, name, None)
            if test is not None and test.relational:
                raise DataError(f"rooms.toml room {room.name!r}: a discard test cannot use c")
        programs.append(FAMILIES[room.effect](room.params))
    return tuple(programs)


PROGRAMS: tuple[Program, ...] = _compile()


def running_program(s: State) -> Program:
    """The running effect's program: its room's, or the one a skill made of it (spec §5,
    ``skills.begin_effect``)."""
    skills = s.skills
    if skills is not None and skills.program is not None:
        return skills.program
    return PROGRAMS[s.fx_room]


def current_op(s: State) -> P.Op:
    """The op of the running effect that the current decision belongs to."""
    return running_program(s)[s.fx_pc]
