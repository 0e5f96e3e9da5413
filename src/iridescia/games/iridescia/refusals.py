"""Why an action is not legal now (Gems of Iridescia): the refusal kinds and who finds them.

``REFUSALS`` declares every kind of refusal this game gives (catalogue key -> English template;
the faces translate the key, ``core.refusals`` explains the value conventions). Each decision
of ``rules.py`` has a ``refuse_*`` function here, asked only once its legality check said no:
it asks the same predicates the legal-action generators ask (``turn``, ``items``, ``steps``,
``dice``), in the order they ask them, and names the first one that fails. Nothing here runs on
the hot path: search and simulation never ask why.

An action of a kind the current decision never offers gets ``refusal.not_now`` with the
decision's name (``"reveal"``, ``"cargo limit"``...), which the faces show as that decision's
prompt. ``tests/test_refusals.py`` holds every refusal to "None exactly when legal" over many
random states, and has a case for every key.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from iridescia.core.refusals import Refusal, RefusalCatalogue
from iridescia.games.iridescia import actions as A
from iridescia.games.iridescia import dice, steps
from iridescia.games.iridescia import items as I
from iridescia.games.iridescia import turn as T
from iridescia.games.iridescia.actions import MARKET_TARGET_BASE, Action
from iridescia.games.iridescia.board import ADJACENT, ALL_SIX, CATAPULT_LANDINGS
from iridescia.games.iridescia.data import (
    AXE,
    BOOK,
    CART,
    CATAPULT,
    CAULDRON,
    COLOUR_NAMES,
    ELIXIR,
    ITEM_KEYS,
    ITEMS,
    PICKAXE,
    RELIC_BY_ID,
    SWAPPING,
)
from iridescia.games.iridescia.state import NO_ROLL, State

REFUSALS: Final = RefusalCatalogue(
    "gems-of-iridescia",
    {
        "refusal.not_now": "That is not possible now; the decision now is: {decision}.",
        # Revealing and moving (R6, R9, R11, R20, the Castle).
        "refusal.not_adjacent": "Hex {hex} is not next to your explorer (beside or ahead).",
        "refusal.no_tile": "There is no tile on hex {hex}.",
        "refusal.barricaded": "Hex {hex} is barricaded.",
        "refusal.not_revealed": "The tile on hex {hex} is face down: reveal it first.",
        "refusal.already_revealed": "The tile on hex {hex} is already revealed: move onto it.",
        "refusal.reveal_limit": "You have revealed {limit} tiles this turn: move onto a "
        "revealed tile.",
        "refusal.already_moved": "You have already moved this turn.",
        "refusal.not_closest_empty": "Hex {hex} is not one of the closest empty hexes to "
        "restart from.",
        "refusal.castle_row": "The tiles of the Castle row (hex {hex}) cannot be removed.",
        # Items (R10, R14, R16, R20-R23 and the cards).
        "refusal.item_not_held": "You do not hold the {item}.",
        "refusal.item_before_reveal": "The {item} is played at the start of your turn, before "
        "your first reveal.",
        "refusal.item_after_move": "The {item} is played after you move, among your optional "
        "actions.",
        "refusal.item_not_now": "The {item} cannot be played now; the decision now is: {decision}.",
        "refusal.no_swap_partner": "No other explorer is on the board to swap with.",
        "refusal.no_landing": "The {item} has no tile to land on from here.",
        "refusal.not_a_landing": "The {item} cannot reach hex {hex}: it jumps over one hex in "
        "a straight line.",
        "refusal.occupied": "Another explorer stands on hex {hex}.",
        "refusal.cart_active": "The {item} is already in play this turn.",
        "refusal.pickaxe_used": "You have already used the {item} this turn.",
        "refusal.no_revealed_neighbour": "No revealed tile lies around your explorer.",
        "refusal.pickaxe_not_adjacent": "Hex {hex} is not one of the six hexes around your "
        "explorer.",
        "refusal.relic_already_reserved": "You have already reserved {relic}.",
        "refusal.no_relic_left": "No relic is left to reserve.",
        "refusal.relic_gone": "{relic} is neither in the relic row nor in the relic deck.",
        "refusal.too_few_gems": "That needs at least {need} gems; you have {have}.",
        # Mining, buying, selling (R13-R16, R21).
        "refusal.mining_cost": "Mining costs {cost} coins; you have {coins}.",
        "refusal.no_mine_colour": "This tile has no gem colour to mine yet.",
        "refusal.stone_dice": "You have only {have} stone dice to add.",
        "refusal.already_bought": "You have already bought an item this turn.",
        "refusal.no_such_slot": "The item market has no slot {slot}.",
        "refusal.slot_empty": "Slot {slot} of the item market is empty.",
        "refusal.item_already_held": "You already hold the {item}: nobody holds two of a kind.",
        "refusal.item_too_dear": "The {item} costs {cost} coins; you have {coins}.",
        "refusal.no_elixir_in_extra_turn": "The {item} cannot be bought in the extra turn it "
        "gave you.",
        "refusal.already_sold": "You have already sold gems this turn.",
        "refusal.not_enough_gems": "You hold {have} {colour}; that needs {need}.",
        "refusal.colour_not_held": "You hold no {colour}.",
        # Dice (R21 and the dice items).
        "refusal.no_roll": "There is no roll to change: mine (or roll the Wishing Well) first.",
        "refusal.roll_locked": "Your latest roll can no longer change: a market die changed since.",
        "refusal.no_such_die": "Your latest roll has no die {die}.",
        "refusal.gems_spent": "Die {die} cannot become a failure: the gems it gave are no "
        "longer in your cargo.",
        "refusal.other_die": "Change the die you chose, not another one.",
        "refusal.item_delta": "The {item} cannot change a die by {delta}.",
        "refusal.nothing_to_reroll": "No die of your latest roll can be re-rolled.",
        "refusal.pick_own_dice": "You chose to re-roll your dice: pick dice of your latest roll.",
        "refusal.pick_market_dice": "You chose to roll market dice: pick market dice.",
        "refusal.already_picked": "You have already picked that die.",
        "refusal.pick_first": "Pick at least one die before rolling.",
        "refusal.well_too_low": "{colour} is at {price} on the market; your best die is {best}.",
        "refusal.well_must_take": "A colour is within reach of your best die: take a gem.",
        "refusal.supply_empty": "The supply has no {colour} left: choose a colour it still has.",
        # Relics, objectives, tiles, seats (R12, R17, R18, R23).
        "refusal.relic_not_in_row": "{relic} is not in the relic row.",
        "refusal.relic_reserved": "{relic} is reserved by {seat}: only they may restore it.",
        "refusal.relic_too_dear": "{relic} needs {need} {colour}; you hold {have}.",
        "refusal.objective_not_held": "You do not hold objective {objective}.",
        "refusal.tile_not_held": "Tile {tile} is not in your victory pile.",
        "refusal.nobody_has_room": "Nobody has room for another gem: return one to the supply.",
        "refusal.someone_has_room": "Another explorer has room: give the gem away instead.",
        "refusal.no_such_seat": "There is no {seat} at this table.",
        "refusal.own_seat": "You cannot choose yourself here.",
        "refusal.cargo_full": "{seat} has no room for another gem.",
        "refusal.seat_off_board": "{seat} is not on the board.",
    },
)

_r: Final = REFUSALS.make
Refuse = Callable[[State, Action], Refusal]


def not_now(s: State, decision: str) -> Refusal:
    return _r("refusal.not_now", decision=decision)


def _hex_refusal(s: State, h: int) -> Refusal | None:
    """No tile, or a barricaded one (``steps.has_open_tile`` fails), on hex ``h``."""
    if not s.tile_at[h]:
        return _r("refusal.no_tile", hex=h)
    if s.barricade[h]:
        return _r("refusal.barricaded", hex=h)
    return None


def _seat_refusal(s: State, seat: int) -> Refusal | None:
    """A 0-based seat that is not at the table, or is the current player's own."""
    if seat >= s.num_players:
        return _r("refusal.no_such_seat", seat=seat)
    if seat == s.current:
        return _r("refusal.own_seat")
    return None


# ---------------------------------------------------------------- items


def _start_item_refusal(s: State, kind: int) -> Refusal:
    """Swapping Stones and the Catapult: before the first reveal (R10), with a target."""
    item = ITEM_KEYS[kind]
    if not s.start_items:
        return _r("refusal.item_before_reveal", item=item)
    if kind == SWAPPING:
        return _r("refusal.no_swap_partner")
    return _r("refusal.no_landing", item=item)


def _cargo_refusal(s: State, need: int) -> Refusal:
    return _r("refusal.too_few_gems", need=need, have=steps.cargo_size(s.players[s.current].cargo))


# Why ``items.can_play(s, kind)`` is False, per item whose ``can_play`` may be False.
_ITEM_REFUSALS: Final[dict[int, Callable[[State], Refusal]]] = {
    SWAPPING: lambda s: _start_item_refusal(s, SWAPPING),
    CATAPULT: lambda s: _start_item_refusal(s, CATAPULT),
    CART: lambda s: _r("refusal.cart_active", item=ITEM_KEYS[CART]),
    PICKAXE: lambda s: (
        _r("refusal.pickaxe_used", item=ITEM_KEYS[PICKAXE])
        if s.pickaxe_colour >= 0
        else _r("refusal.no_revealed_neighbour")
    ),
    BOOK: lambda s: (
        _r("refusal.relic_already_reserved", relic=s.players[s.current].reserved)
        if s.players[s.current].reserved
        else _r("refusal.no_relic_left")
    ),
    CAULDRON: lambda s: _cargo_refusal(s, 2),
    AXE: lambda s: _cargo_refusal(s, 1),
}


# The items each decision lets a player play (``turn`` and ``items`` offer them).
_START_ITEMS: Final = frozenset(T.START_ITEMS)
_OPTIONAL_ITEMS: Final = frozenset(k for k, optional in enumerate(T.OPTIONAL_ITEM) if optional)
_ELIXIR_ONLY: Final = frozenset((ELIXIR,))


def _play_refusal(s: State, a: Action, allowed: frozenset[int], wrong: Refusal) -> Refusal:
    """``play <item>``: not held, not playable in this decision (``wrong``), or its card's
    own condition fails (``items.can_play``)."""
    kind = a.a
    if kind not in s.players[s.current].items:
        return _r("refusal.item_not_held", item=ITEM_KEYS[kind])
    if kind not in allowed:
        return wrong
    refuse = _ITEM_REFUSALS.get(kind)
    assert refuse is not None and not I.can_play(s, kind), f"play {ITEM_KEYS[kind]} is legal"
    return refuse(s)


def _item_not_now(s: State, a: Action, decision: str) -> Refusal:
    return _r("refusal.item_not_now", item=ITEM_KEYS[a.a], decision=decision)


# ---------------------------------------------------------------- the turn's phases


def refuse_reveal(s: State, a: Action) -> Refusal:
    """Reveal phase (R6, R10): ``turn.check_reveal_phase`` said no."""
    k = a.kind
    if k == A.PLAY:
        wrong = _r("refusal.item_after_move", item=ITEM_KEYS[a.a])
        return _play_refusal(s, a, _START_ITEMS, wrong)
    if k != A.REVEAL and k != A.MOVE:
        return not_now(s, "reveal")
    h, pos = a.a, s.players[s.current].pos
    if h not in ADJACENT[pos]:
        return _r("refusal.not_adjacent", hex=h)
    found = _hex_refusal(s, h)
    if found is not None:
        return found
    if k == A.MOVE:
        return _r("refusal.not_revealed", hex=h)
    if s.face_up[h]:
        return _r("refusal.already_revealed", hex=h)
    return _r("refusal.reveal_limit", limit=s.params.max_reveals)  # turn._may_reveal said no


def refuse_actions(s: State, a: Action) -> Refusal:
    """Optional actions (R13-R16): ``turn.check_actions_phase`` said no."""
    k = a.kind
    p = s.players[s.current]
    if k == A.MINE:
        if p.coins < s.params.mining_cost:
            return _r("refusal.mining_cost", cost=s.params.mining_cost, coins=p.coins)
        if s.mine_colour < 0:
            return _r("refusal.no_mine_colour")
        return _r("refusal.stone_dice", have=p.stone_idle)
    if k == A.BUY:
        slot = a.a
        if s.bought:
            return _r("refusal.already_bought")
        if slot > len(s.item_market):
            return _r("refusal.no_such_slot", slot=slot)
        return _buy_refusal(s, slot)
    if k == A.SELL:
        if s.sold:
            return _r("refusal.already_sold")
        c = a.a
        return _r("refusal.not_enough_gems", colour=COLOUR_NAMES[c], need=a.b, have=p.cargo[c])
    if k == A.PLAY:
        wrong = _r("refusal.item_before_reveal", item=ITEM_KEYS[a.a])
        return _play_refusal(s, a, _OPTIONAL_ITEMS, wrong)
    if k == A.REVEAL or k == A.MOVE:
        return _r("refusal.already_moved")
    return not_now(s, "actions")


def _buy_refusal(s: State, slot: int) -> Refusal:
    """Why ``turn.buy_obstacle`` refuses the 1-based market ``slot``."""
    why = T.buy_obstacle(s, s.players[s.current], slot - 1)
    kind = s.item_market[slot - 1]
    if why == T.SLOT_EMPTY:
        return _r("refusal.slot_empty", slot=slot)
    item = ITEM_KEYS[kind]
    if why == T.ALREADY_HELD:
        return _r("refusal.item_already_held", item=item)
    if why == T.TOO_DEAR:
        cost, coins = ITEMS[kind].cost, s.players[s.current].coins
        return _r("refusal.item_too_dear", item=item, cost=cost, coins=coins)
    assert why == T.ELIXIR_IN_EXTRA_TURN, "buy is legal"
    return _r("refusal.no_elixir_in_extra_turn", item=item)


def refuse_restore(s: State, a: Action) -> Refusal:
    """Restoring relics (R18, R23): ``turn.legal_restore`` does not offer ``a``."""
    k = a.kind
    if k == A.PLAY:
        return _play_refusal(s, a, _ELIXIR_ONLY, _item_not_now(s, a, "restore"))
    if k != A.RESTORE:
        return not_now(s, "restore")
    r = a.a
    p = s.players[s.current]
    if r not in s.relic_row and r != p.reserved:
        holder = next((o.seat for o in s.players if o.reserved == r), None)
        if holder is not None:
            return _r("refusal.relic_reserved", relic=r, seat=holder)
        return _r("refusal.relic_not_in_row", relic=r)
    c = steps.missing_colour(p.cargo, RELIC_BY_ID[r].cost)
    assert c >= 0, "restore is legal"
    need = RELIC_BY_ID[r].cost[c]
    return _r("refusal.relic_too_dear", relic=r, colour=COLOUR_NAMES[c], need=need, have=p.cargo[c])


def refuse_remove(s: State, a: Action) -> Refusal:
    """The Castle (section 5): ``steps.removable_hexes`` does not hold the hex."""
    if a.kind != A.REMOVE:
        return not_now(s, "remove")
    h = a.a
    if h not in steps.REMOVABLE_HEXES:
        return _r("refusal.castle_row", hex=h)
    found = _hex_refusal(s, h)
    assert found is not None, "remove is legal"
    return found


# ---------------------------------------------------------------- pending decisions


def refuse_objective(s: State, a: Action) -> Refusal:
    if a.kind != A.DISCARD_OBJECTIVE:
        return not_now(s, "objective")
    return _r("refusal.objective_not_held", objective=a.a)


def refuse_overflow(s: State, a: Action) -> Refusal:
    """The cargo limit (R17): give to a seat with room, or return when nobody has room."""
    k = a.kind
    others = steps.others_with_room(s, s.current)
    if k == A.GIVE:
        if not others:
            return _r("refusal.nobody_has_room")
        to = a.b - 1
        found = _seat_refusal(s, to)
        if found is not None:
            return found
        if to not in others:
            return _r("refusal.cargo_full", seat=to)
    elif k == A.RETURN:
        if others:
            return _r("refusal.someone_has_room")
    else:
        return not_now(s, "cargo limit")
    return _r("refusal.colour_not_held", colour=COLOUR_NAMES[a.a])


def refuse_blocked_discard(s: State, a: Action) -> Refusal:
    """A blocked explorer (R9) gives up a tile of the victory pile, or plays a start item."""
    if a.kind == A.PLAY:
        wrong = _r("refusal.item_after_move", item=ITEM_KEYS[a.a])
        return _play_refusal(s, a, _START_ITEMS, wrong)
    if a.kind != A.DISCARD_TILE:
        return not_now(s, "blocked: discard")
    return _r("refusal.tile_not_held", tile=a.a)


def refuse_blocked_place(s: State, a: Action) -> Refusal:
    if a.kind == A.PLAY:
        return refuse_blocked_discard(s, a)
    if a.kind != A.PLACE:
        return not_now(s, "blocked: place")
    return _r("refusal.not_closest_empty", hex=a.a)


def _roll_refusal(s: State, die: int) -> Refusal:
    """Why die ``die`` (0-based) of the latest roll cannot change (``dice.roll_modifiable``,
    then the die's existence, then R21's take-back, ``dice.delta_allowed``)."""
    if s.roll_kind == NO_ROLL:
        return _r("refusal.no_roll")
    if s.roll_locked:
        return _r("refusal.roll_locked")
    if die >= len(s.roll):
        return _r("refusal.no_such_die", die=die + 1)
    return _r("refusal.gems_spent", die=die + 1)


def refuse_die(s: State, a: Action) -> Refusal:
    """Jackhammer and Dynamite: the die to change (``items.legal_die``; market dice always)."""
    if a.kind != A.DIE:
        return not_now(s, "die")
    return _roll_refusal(s, a.a)


def refuse_adjust(s: State, a: Action) -> Refusal:
    if a.kind != A.ADJUST:
        return not_now(s, "adjust")
    _, item, target = s.pending[-1]
    if a.a != target:
        return _r("refusal.other_die")
    if a.b not in I.DELTAS_BY_ITEM[item]:
        return _r("refusal.item_delta", item=ITEM_KEYS[item], delta=a.b)
    assert not dice.delta_allowed(s, target, a.b), "adjust is legal"
    return _r("refusal.gems_spent", die=target + 1)


def refuse_libation_mode(s: State, a: Action) -> Refusal:
    """Lucky Libation: re-rolling needs a die ``items._rerollable`` allows."""
    if a.kind != A.LIBATION:
        return not_now(s, "libation")
    if not dice.roll_modifiable(s):
        return _roll_refusal(s, 0)
    return _r("refusal.nothing_to_reroll")


def refuse_libation_pick(s: State, a: Action) -> Refusal:
    _, mode, mask = s.pending[-1]
    if a.kind == A.ROLL:
        return _r("refusal.pick_first")
    if a.kind != A.PICK:
        return not_now(s, "libation dice")
    target = a.a
    if mode == 0 and target >= MARKET_TARGET_BASE:
        return _r("refusal.pick_own_dice")
    if mode == 1 and target < MARKET_TARGET_BASE:
        return _r("refusal.pick_market_dice")
    if mask >> target & 1:
        return _r("refusal.already_picked")
    return _roll_refusal(s, target)  # not in ``items._rerollable(s, mask)``


def refuse_well(s: State, a: Action) -> Refusal:
    """The Wishing Well: a colour whose market die is at most the best die, if any."""
    k = a.kind
    if k == A.PLAY:
        return _play_refusal(s, a, I.WELL_MODIFIERS, _item_not_now(s, a, "wishing well"))
    if k == A.TAKE_NONE:
        return _r("refusal.well_must_take")
    if k != A.TAKE:
        return not_now(s, "wishing well")
    c = a.a
    best = I.well_best(s)
    return _r("refusal.well_too_low", colour=COLOUR_NAMES[c], price=s.market[c], best=best)


def refuse_cauldron_return(s: State, a: Action) -> Refusal:
    if a.kind != A.RETURN:
        return not_now(s, "cauldron")
    return _r("refusal.colour_not_held", colour=COLOUR_NAMES[a.a])


def refuse_cauldron_take(s: State, a: Action) -> Refusal:
    if a.kind != A.TAKE:
        return not_now(s, "cauldron gem")
    return _r("refusal.supply_empty", colour=COLOUR_NAMES[a.a])  # ``items._takeable`` said no


def refuse_axe(s: State, a: Action) -> Refusal:
    if a.kind != A.TAKE:
        return not_now(s, "axe")
    c = a.a
    if s.players[s.current].cargo[c] == 0:
        return _r("refusal.colour_not_held", colour=COLOUR_NAMES[c])
    return _r("refusal.supply_empty", colour=COLOUR_NAMES[c])


def refuse_reserve(s: State, a: Action) -> Refusal:
    if a.kind != A.RESERVE:
        return not_now(s, "book")
    return _r("refusal.relic_gone", relic=a.a)


def refuse_land(s: State, a: Action) -> Refusal:
    """The Catapult (R11): ``items.catapult_landings``."""
    if a.kind != A.LAND:
        return not_now(s, "catapult")
    h = a.a
    if h not in CATAPULT_LANDINGS[s.players[s.current].pos]:
        return _r("refusal.not_a_landing", item=ITEM_KEYS[CATAPULT], hex=h)
    found = _hex_refusal(s, h)
    return found if found is not None else _r("refusal.occupied", hex=h)


def refuse_swap(s: State, a: Action) -> Refusal:
    """Swapping Stones: another explorer on the board (``items._swap_targets``)."""
    if a.kind != A.SWAP:
        return not_now(s, "swap")
    seat = a.a - 1
    found = _seat_refusal(s, seat)
    return found if found is not None else _r("refusal.seat_off_board", seat=seat)


def refuse_pickaxe_tile(s: State, a: Action) -> Refusal:
    """The Pickaxe (R20): a revealed tile on one of the six hexes around the explorer."""
    if a.kind != A.PICKAXE:
        return not_now(s, "pickaxe")
    h = a.a
    if h not in ALL_SIX[s.players[s.current].pos]:
        return _r("refusal.pickaxe_not_adjacent", hex=h)
    if not s.tile_at[h]:
        return _r("refusal.no_tile", hex=h)
    return _r("refusal.not_revealed", hex=h)


def refuse_other(decision: str) -> Refuse:
    """For decisions that offer every action of their kind (a colour): any other kind."""
    return lambda s, a: not_now(s, decision)
