"""Why an action is not legal now (Gem Rush): the refusal kinds and who finds them.

``REFUSALS`` declares every kind of refusal this game gives (catalogue key -> English template;
the faces translate the key, ``core.refusals`` explains the value conventions: cards and tiles
are named by their labels, ``G07`` and ``T12``, directions and gems by their codes). Each
decision of ``rules.py`` has a ``refuse_*`` function here, asked only once the action was
found missing from the legal actions: it asks the same predicates the generators ask (``turn``,
``construction``, ``effects``, ``ops_cards``, ``ops_mine``, ``mine``), in their order, and
names the first one that fails. A room effect that cannot be used (Gem Rush R53) is explained by
its first blocked op (``effects.blocking_op``). Nothing here runs on the hot path.

An action of a kind the current decision never offers gets ``gr.refusal.not_now`` with the
decision's name, which the faces show as that decision's prompt.
"""

from __future__ import annotations

from collections.abc import Callable

from iridescia.core.actions import Action
from iridescia.core.refusals import Refusal, RefusalCatalogue
from iridescia.games.gemrush import actions as A
from iridescia.games.gemrush import construction as K
from iridescia.games.gemrush import effects as FX
from iridescia.games.gemrush import mine
from iridescia.games.gemrush import ops_mine as OM
from iridescia.games.gemrush import turn as T
from iridescia.games.gemrush.data import (
    ACTION,
    CARD_MASK,
    FREE,
    MOVEMENT,
    ROOMS,
    TILE_IS_TUNNEL,
    TILE_ROOM,
    TILE_TYPE,
    card_label,
    tile_label,
)
from iridescia.games.gemrush.grid import DIRECTION_CODES, DOOR_DIRS
from iridescia.games.gemrush.program import FROM_DUG, Op
from iridescia.games.gemrush.rooms import current_op
from iridescia.games.gemrush.state import DEST_CART, DEST_STREAM, NO_TILE, OFF_MINE, State

REFUSALS = RefusalCatalogue(
    "gem-rush",
    {
        "gr.refusal.not_now": "That is not possible now; the decision now is: {prompt}.",
        # Cards and seats.
        "gr.refusal.card_not_held": "{card} is not in your hand.",
        "gr.refusal.already_chosen": "{card} is already chosen.",
        "gr.refusal.no_such_seat": "There is no {seat} at this table.",
        "gr.refusal.own_seat": "You cannot choose yourself here.",
        # Phase 2: walking, building, warping (R13-R25, R84).
        "gr.refusal.no_steps": "You have no steps left this turn.",
        "gr.refusal.wall": "Your room shows no door to the {dir}.",
        "gr.refusal.stack_empty": "The room stack is empty: nothing more can be built.",
        "gr.refusal.cannot_pay_door": "Your hand cannot pay for the door to the {dir}.",
        "gr.refusal.not_warpstone": "{card} shows no Warpstone.",
        "gr.refusal.no_warpstone": "A warped construction needs a Warpstone card in your hand.",
        "gr.refusal.not_a_site": "The {dir} door of {tile} leads to no construction site.",
        "gr.refusal.cannot_pay_site": "Your hand cannot pay for the {dir} door of {tile} with a "
        "Warpstone.",
        # Room effects (R16, R17, R33, R53, R69-R77).
        "gr.refusal.room_is_action": "This room's effect is an action: use it in phase 3.",
        "gr.refusal.room_no_effect": "This room has no effect to use.",
        "gr.refusal.room_no_action": "Only an action or movement room's effect can be your "
        "action; draw a card instead.",
        "gr.refusal.no_card_to_discard": "No card in your hand can be discarded for this effect.",
        "gr.refusal.not_enough_points": "This effect costs {need} points; you have {have}.",
        "gr.refusal.no_other_room": "There is no other room to move to.",
        "gr.refusal.no_swap_partner": "No other dwarf stands in another room.",
        "gr.refusal.nothing_to_copy": "No other dwarf stands in a room whose effect you could "
        "copy now.",
        "gr.refusal.free_uses_spent": "The {limit} Mine Cart rides and elevator moves of this "
        "turn are spent.",
        "gr.refusal.no_open_door": "No other tile shows an open door to move this room to.",
        "gr.refusal.no_other_cart": "There is no other Mine Cart in the mine.",
        "gr.refusal.time_vein_used": "The Time Vein was already used this turn.",
        # Phase 4: burning (R41, R60, R68).
        "gr.refusal.nothing_to_burn": "The deck and the discard pile are empty.",
        "gr.refusal.hand_hidden": "Hands are hidden: you may burn only from your own hand.",
        "gr.refusal.card_in_no_hand": "{card} is in nobody's hand.",
        "gr.refusal.burn_seat_shortfall": "A random card of another hand is burnt only when "
        "nothing else can be.",
        "gr.refusal.hand_empty": "{seat} has no card in hand.",
        # Pending decisions (payment, placement, destinations, effects).
        "gr.refusal.card_does_not_fit": "{card} cannot join a valid payment with the cards "
        "chosen so far.",
        "gr.refusal.payment_incomplete": "The chosen cards do not pay for the door yet.",
        "gr.refusal.rotation_no_door": "That rotation shows no door back to the {dir}.",
        "gr.refusal.rotation_same": "Rotation {rotation} places the tile as an offered "
        "rotation does: choose one of those.",
        "gr.refusal.not_open_door": "The {dir} side of {tile} is not an open door.",
        "gr.refusal.elevator_own_door": "The elevator itself moves: choose a door of another tile.",
        "gr.refusal.side_not_empty": "The {dir} side of the room is not empty.",
        "gr.refusal.tile_not_in_mine": "{tile} is not in the mine.",
        "gr.refusal.not_a_room": "{tile} is a tunnel, not a room.",
        "gr.refusal.already_there": "Your dwarf is already in {tile}.",
        "gr.refusal.not_a_cart": "{tile} is not a Mine Cart.",
        "gr.refusal.card_fails_test": "{card} does not match what this effect asks for.",
        "gr.refusal.card_not_revealed": "{card} is not in the revealed row.",
        "gr.refusal.card_not_dug": "{card} was not dug by this effect.",
        "gr.refusal.no_dwarf_there": "No other dwarf stands in {tile}.",
        "gr.refusal.copy_not_action": "{tile} is neither an action nor a movement room.",
        "gr.refusal.copy_observatory": "An Observatory cannot copy an Observatory.",
        "gr.refusal.copy_same_room": "That room is copied through {tile}.",
        "gr.refusal.tile_occupied": "A dwarf stands in {tile}.",
        "gr.refusal.same_room_dwarf": "{seat} stands in your room.",
        "gr.refusal.tile_already_ordered": "{tile} is already put back.",
        "gr.refusal.not_top_tile": "{tile} is not among the tiles you looked at.",
    },
)

_r = REFUSALS.make
Refuse = Callable[[State, Action], Refusal]


def not_now(s: State, decision: str) -> Refusal:
    return _r("gr.refusal.not_now", prompt=decision)


def _card(s: State, card: int, cards: list[int], chosen: list[int] | None = None) -> Refusal:
    """A card missing from ``cards`` (a hand) or already among ``chosen``, if either."""
    label = card_label(card)
    if card not in cards:
        return _r("gr.refusal.card_not_held", card=label)
    if chosen is not None and card in chosen:
        return _r("gr.refusal.already_chosen", card=label)
    return _r("gr.refusal.card_fails_test", card=label)


def _seat(s: State, seat: int) -> Refusal | None:
    if seat >= s.num_players:
        return _r("gr.refusal.no_such_seat", seat=seat)
    if seat == s.current:
        return _r("gr.refusal.own_seat")
    return None


# ------------------------------------------------------------------ room effects (R53)


def _op_refusal(s: State, op: Op) -> Refusal:
    """Why the op ``effects.blocking_op`` found cannot be carried out (its ``usable`` said no)."""
    name = FX.PRIMITIVES[op[0]].name
    if name == "discard one":
        return _r("gr.refusal.no_card_to_discard")
    if name == "lose":
        return _r("gr.refusal.not_enough_points", need=op[1], have=s.me.score)
    if name == "move to":
        return _r("gr.refusal.no_other_room")
    if name == "swap":
        return _r("gr.refusal.no_swap_partner")
    if name == "copy":
        return _r("gr.refusal.nothing_to_copy")
    if name in ("elevator", "mine cart") and not OM.free_use_left(s):
        return _r("gr.refusal.free_uses_spent", limit=s.params.free_effect_limit)
    if name == "elevator":
        return _r("gr.refusal.no_open_door")
    if name == "mine cart":
        return _r("gr.refusal.no_other_cart")
    assert name == "refill steps", f"the op {name!r} has no mandatory part"
    return _r("gr.refusal.time_vein_used")


def _effect_refusal(s: State, room: int) -> Refusal:
    op = FX.blocking_op(s, room)
    assert op is not None, "the room's effect is usable"
    return _op_refusal(s, op)


# ------------------------------------------------------------------ the turn's phases


def refuse_hand_limit(s: State, a: Action) -> Refusal:
    if a.kind != A.DISCARD:
        return not_now(s, "hand limit")
    return _card(s, a.a, s.me.hand, s.chosen)


def refuse_move(s: State, a: Action) -> Refusal:
    """Phase 2 (``turn.legal_move``): walk, use, jump, build."""
    k = a.kind
    me = s.me
    room = me.room
    if k == A.WALK:
        if s.steps < 1:
            return _r("gr.refusal.no_steps")
        d = a.a
        exit_ = next((e for e in mine.room_exits(s, room) if e[0] == d), None)
        if exit_ is None:
            return _r("gr.refusal.wall", dir=DIRECTION_CODES[d])
        assert exit_[1] == NO_TILE, "walk is legal"
        if not s.stack:
            return _r("gr.refusal.stack_empty")
        return _r("gr.refusal.cannot_pay_door", dir=DIRECTION_CODES[d])
    if k == A.USE:
        room_type = TILE_TYPE[room]
        if room_type == ACTION:
            return _r("gr.refusal.room_is_action")
        if room_type != FREE and room_type != MOVEMENT:
            return _r("gr.refusal.room_no_effect")
        if room_type == MOVEMENT and s.steps < 1:
            return _r("gr.refusal.no_steps")
        return _effect_refusal(s, TILE_ROOM[room])
    if k == A.JUMP:
        card = a.a
        if card not in me.hand:
            return _r("gr.refusal.card_not_held", card=card_label(card))
        if not CARD_MASK[card] & K.WARP_BIT:
            return _r("gr.refusal.not_warpstone", card=card_label(card))
        return _r("gr.refusal.no_other_room")
    if k == A.BUILD:
        tile, d = a.a, a.b
        if not K.holds_warpstone(s):
            return _r("gr.refusal.no_warpstone")
        if not s.stack:
            return _r("gr.refusal.stack_empty")
        where = {"tile": tile_label(tile), "dir": DIRECTION_CODES[d]}
        if mine.site_of(s, tile, d) is None:
            return _r("gr.refusal.not_a_site", **where)
        return _r("gr.refusal.cannot_pay_site", **where)
    return not_now(s, "movement")


def refuse_action(s: State, a: Action) -> Refusal:
    """Phase 3 (``turn.legal_action``): drawing is always possible; the room's effect not."""
    if a.kind != A.ROOM:
        return not_now(s, "action")
    room = s.me.room
    if TILE_TYPE[room] not in (ACTION, MOVEMENT):
        return _r("gr.refusal.room_no_action")
    return _effect_refusal(s, TILE_ROOM[room])


def refuse_burn(s: State, a: Action) -> Refusal:
    """Phase 4 (``turn.legal_burn``)."""
    k = a.kind
    if k == A.BURN_DECK:
        return _r("gr.refusal.nothing_to_burn")
    if k == A.BURN:
        card = a.a
        if any(card in p.hand for p in s.players):
            return _r("gr.refusal.hand_hidden")
        return _r("gr.refusal.card_in_no_hand", card=card_label(card))
    if k == A.BURN_SEAT:
        seat = a.a
        if s.deck or s.discard or any(s.players[x].hand for x in T.burnable_seats(s)):
            return _r("gr.refusal.burn_seat_shortfall")
        found = _seat(s, seat)
        return found if found is not None else _r("gr.refusal.hand_empty", seat=seat)
    return not_now(s, "burn")


# ------------------------------------------------------------------ pending decisions


def refuse_pay(s: State, a: Action) -> Refusal:
    """The payment (``construction.legal_pay``: ``payment.extensions``, ``payment.match``)."""
    if a.kind == A.PAID:
        return _r("gr.refusal.payment_incomplete")
    if a.kind != A.PAY:
        return not_now(s, "payment")
    card = a.a
    if card not in s.me.hand or card in s.chosen:
        return _card(s, card, s.me.hand, s.chosen)
    return _r("gr.refusal.card_does_not_fit", card=card_label(card))


def refuse_rotation(s: State, a: Action) -> Refusal:
    """A rotation (``grid.rotations_for``): a door back the way the trace came, one rotation
    per distinct placement."""
    if a.kind != A.ROTATE:
        return not_now(s, "rotation")
    _, _, tile, _, towards = s.pending[-1]
    if towards >= 0 and towards not in DOOR_DIRS[tile][a.a]:
        return _r("gr.refusal.rotation_no_door", dir=DIRECTION_CODES[towards])
    return _r("gr.refusal.rotation_same", rotation=a.a)


def _door(s: State, a: Action, decision: str, exclude: int = NO_TILE) -> Refusal:
    """``door Tnn D`` missing from ``mine.open_doors`` (``exclude``: the elevator itself)."""
    if a.kind != A.DOOR:
        return not_now(s, decision)
    if a.a == exclude:
        return _r("gr.refusal.elevator_own_door")
    return _r("gr.refusal.not_open_door", tile=tile_label(a.a), dir=DIRECTION_CODES[a.b])


def refuse_setup_door(s: State, a: Action) -> Refusal:
    return _door(s, a, "setup door")


def refuse_elevator_door(s: State, a: Action) -> Refusal:
    return _door(s, a, "elevator door", s.pending[-1][1])


def refuse_reopen(s: State, a: Action) -> Refusal:
    if a.kind != A.REOPEN:
        return not_now(s, "reopen")
    return _r("gr.refusal.side_not_empty", dir=DIRECTION_CODES[a.a])


def _placed_room(s: State, tile: int) -> Refusal | None:
    if s.pos_of[tile] == OFF_MINE:
        return _r("gr.refusal.tile_not_in_mine", tile=tile_label(tile))
    if TILE_IS_TUNNEL[tile]:
        return _r("gr.refusal.not_a_room", tile=tile_label(tile))
    return None


def refuse_dest(s: State, a: Action) -> Refusal:
    """A destination (``ops_mine.destinations``)."""
    if a.kind != A.TO:
        return not_now(s, "destination")
    tile, how = a.a, s.pending[-1][1]
    found = _placed_room(s, tile)
    if found is not None:
        return found
    if tile == s.me.room and how != DEST_STREAM:
        return _r("gr.refusal.already_there", tile=tile_label(tile))
    assert how == DEST_CART, "to is legal"
    return _r("gr.refusal.not_a_cart", tile=tile_label(tile))


def refuse_discard_one(s: State, a: Action) -> Refusal:
    if a.kind != A.DISCARD:
        return not_now(s, "discard one")
    return _card(s, a.a, s.me.hand)


def refuse_discard_any(s: State, a: Action) -> Refusal:
    if a.kind != A.DISCARD:
        return not_now(s, "discard any")
    return _card(s, a.a, s.me.hand, s.chosen)


def refuse_keep(s: State, a: Action) -> Refusal:
    """KEEP k (``ops_cards.legal_keep``): a card of the revealed row (the dug ones, if so)."""
    if a.kind != A.KEEP:
        return not_now(s, "keep")
    card = a.a
    label = card_label(card)
    if card not in s.revealed:
        return _r("gr.refusal.card_not_revealed", card=label)
    if card in s.chosen:
        return _r("gr.refusal.already_chosen", card=label)
    assert current_op(s)[2] == FROM_DUG and card not in s.dug, "keep is legal"
    return _r("gr.refusal.card_not_dug", card=label)


def refuse_copy(s: State, a: Action) -> Refusal:
    """Observatory (``effects.copyable_rooms``), in the order it looks at the rooms."""
    if a.kind != A.COPY:
        return not_now(s, "copy")
    tile = a.a
    label = tile_label(tile)
    others = sorted({p.room for p in s.players if p.seat != s.current})
    if tile not in others:
        return _r("gr.refusal.no_dwarf_there", tile=label)
    if TILE_TYPE[tile] not in (ACTION, MOVEMENT):
        return _r("gr.refusal.copy_not_action", tile=label)
    room = TILE_ROOM[tile]
    if ROOMS[room].effect == FX.COPY_EFFECT:
        return _r("gr.refusal.copy_observatory")
    first = next(t for t in others if TILE_ROOM[t] == room)
    if first != tile and FX.room_usable(s, room):
        return _r("gr.refusal.copy_same_room", tile=tile_label(first))
    return _effect_refusal(s, room)


def refuse_remove(s: State, a: Action) -> Refusal:
    """Dimensional Rift (``ops_mine.rift_targets``): a placed tile holding no dwarf."""
    if a.kind != A.REMOVE:
        return not_now(s, "remove")
    tile = a.a
    if s.pos_of[tile] == OFF_MINE:
        return _r("gr.refusal.tile_not_in_mine", tile=tile_label(tile))
    return _r("gr.refusal.tile_occupied", tile=tile_label(tile))


def refuse_swap(s: State, a: Action) -> Refusal:
    """Warped Mirror (``ops_mine.swap_partners``): another seat, in another room."""
    if a.kind != A.SWAP:
        return not_now(s, "swap")
    found = _seat(s, a.a)
    return found if found is not None else _r("gr.refusal.same_room_dwarf", seat=a.a)


def refuse_order(s: State, a: Action) -> Refusal:
    """Scrying Pool (``ops_mine.legal_order``): the top m tiles not put back yet."""
    if a.kind != A.ORDER:
        return not_now(s, "order")
    tile = a.a
    if tile in s.chosen:
        return _r("gr.refusal.tile_already_ordered", tile=tile_label(tile))
    return _r("gr.refusal.not_top_tile", tile=tile_label(tile))


def refuse_other(decision: str) -> Refuse:
    """For decisions that offer every action of their kinds (stop, name): any other kind."""
    return lambda s, a: not_now(s, decision)
