"""The 12 item cards (spec 1.6 and 4) as a registry of named effect functions.

``ITEM_EFFECTS[kind]`` holds ``can_play(state) -> bool`` and ``start(state)``; playing a card
removes it from the hand (to the discard, except the Regal Reference Book, which stays under the
reserved relic until it is restored, R23), then ``start`` either resolves the effect at once or
opens a pending decision, whose generator and resolver live here too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from iridescia.games.iridescia import actions as A
from iridescia.games.iridescia import dice, steps
from iridescia.games.iridescia.actions import MARKET_TARGET_BASE, Action
from iridescia.games.iridescia.board import ALL_SIX, CATAPULT_LANDINGS
from iridescia.games.iridescia.data import (
    AXE,
    BOOK,
    CART,
    CATAPULT,
    CAULDRON,
    COLOUR_NAMES,
    DYNAMITE,
    ELIXIR,
    ITEMS,
    JACKHAMMER,
    LIBATION,
    PICKAXE,
    RAINBOW,
    SWAPPING,
    TILE_BY_ID,
    WELL,
)
from iridescia.games.iridescia.state import (
    MINING_ROLL,
    NO_ROLL,
    P_ADJUST,
    P_AXE,
    P_CAULDRON_RETURN,
    P_CAULDRON_TAKE,
    P_DIE,
    P_LAND,
    P_LIBATION_MODE,
    P_LIBATION_PICK,
    P_PICKAXE_COLOUR,
    P_PICKAXE_TILE,
    P_RESERVE,
    P_SWAP,
    P_WELL,
    State,
    without,
)

DELTAS_BY_ITEM: Final = {JACKHAMMER: (-1, 1), DYNAMITE: (-2, -1, 1, 2)}
DICE_ITEMS: Final = (LIBATION, JACKHAMMER, DYNAMITE)


@dataclass(frozen=True, slots=True)
class ItemEffect:
    can_play: Callable[[State], bool]
    start: Callable[[State], None]


def _cargo(s: State) -> list[int]:
    return s.players[s.current].cargo


def _always(s: State) -> bool:
    return True


# ---------------------------------------------------------------- start-of-turn items


def catapult_landings(s: State) -> list[int]:
    """R11: straight-line landings on a tile that is not barricaded and not under an explorer."""
    pos = s.players[s.current].pos
    if pos < 0:
        return []
    return sorted(
        h
        for h in CATAPULT_LANDINGS[pos]
        if steps.has_open_tile(s, h) and not steps.explorer_at(s, h)
    )


def _swap_targets(s: State) -> list[int]:
    me = s.players[s.current]
    if me.pos <= 0:
        return []
    return [p.seat for p in s.players if p.seat != me.seat and p.pos > 0]


ITEM_EFFECTS: Final[dict[int, ItemEffect]] = {}


def _register(kind: int, can_play: Callable[[State], bool], start: Callable[[State], None]) -> None:
    ITEM_EFFECTS[kind] = ItemEffect(can_play, start)


_register(
    SWAPPING,
    lambda s: s.start_items and bool(_swap_targets(s)),
    lambda s: s.pending.append((P_SWAP,)),
)
_register(
    CATAPULT,
    lambda s: s.start_items and bool(catapult_landings(s)),
    lambda s: s.pending.append((P_LAND,)),
)


def _elixir(s: State) -> None:
    s.elixir_pending += 1


def _cart(s: State) -> None:
    s.cart = True  # R22: applies to mining attempts made from now on


def _well(s: State) -> None:
    dice.well_roll(s)
    s.pending.append((P_WELL,))


def _can_pickaxe(s: State) -> bool:
    return s.pickaxe_colour < 0 and bool(_pickaxe_tiles(s))


def _pickaxe_tiles(s: State) -> list[int]:
    pos = s.players[s.current].pos
    if pos <= 0:
        return []
    return sorted(h for h in ALL_SIX[pos] if s.tile_at[h] and s.face_up[h])  # R20: all six


def _can_book(s: State) -> bool:
    return s.players[s.current].reserved == 0 and bool(s.relic_row or s.relic_deck)


_register(ELIXIR, _always, _elixir)
_register(CART, lambda s: not s.cart, _cart)
_register(WELL, _always, _well)
_register(PICKAXE, _can_pickaxe, lambda s: s.pending.append((P_PICKAXE_TILE,)))
_register(BOOK, _can_book, lambda s: s.pending.append((P_RESERVE,)))
_register(
    CAULDRON, lambda s: sum(_cargo(s)) >= 2, lambda s: s.pending.append((P_CAULDRON_RETURN, 2))
)
_register(AXE, lambda s: sum(_cargo(s)) >= 1, lambda s: s.pending.append((P_AXE,)))
_register(LIBATION, _always, lambda s: s.pending.append((P_LIBATION_MODE,)))
_register(JACKHAMMER, _always, lambda s: s.pending.append((P_DIE, JACKHAMMER)))
_register(DYNAMITE, _always, lambda s: s.pending.append((P_DIE, DYNAMITE)))
assert len(ITEM_EFFECTS) == len(ITEMS)


def can_play(s: State, kind: int) -> bool:
    return ITEM_EFFECTS[kind].can_play(s)


def play(s: State, kind: int) -> None:
    p = s.players[s.current]
    p.items = without(p.items, kind)
    if kind != BOOK:
        s.item_discard = (*s.item_discard, kind)
    s.emit("play", s.current, item=ITEMS[kind].key)
    ITEM_EFFECTS[kind].start(s)


WELL_MODIFIERS: Final = frozenset((*DICE_ITEMS, ELIXIR))


def modifier_actions(s: State, out: list[Action]) -> None:
    """Dice items and the Elixir, offered while a Wishing Well roll waits for its gem."""
    items = s.players[s.current].items
    for kind in sorted(items):
        if kind in WELL_MODIFIERS:
            out.append(A.PLAY_ITEM[kind])


# ---------------------------------------------------------------- pending decisions


def legal_swap(s: State) -> list[Action]:
    return [A.SWAP_WITH[seat + 1] for seat in _swap_targets(s)]


def apply_swap(s: State, a: Action) -> None:
    s.pending.pop()
    me = s.players[s.current]
    other = s.players[a.a - 1]
    me.pos, other.pos = other.pos, me.pos
    s.emit("swap", s.current, with_seat=other.seat, now_at=me.pos)
    steps.check_blocked(s)  # R10: then the turn goes on from Reveal


def legal_land(s: State) -> list[Action]:
    return [A.LAND_AT[h] for h in catapult_landings(s)]


def apply_land(s: State, a: Action) -> None:
    s.pending.pop()
    s.emit("catapult", s.current, to=a.a)
    if not s.face_up[a.a]:
        steps.reveal(s, a.a)  # counts as one of the two reveals
    s.emit("move", s.current, to=a.a)
    steps.arrive(s, a.a)


def well_best(s: State) -> int:
    """The best die of the Wishing Well's roll: a colour whose market die is at most this
    qualifies."""
    return max(s.roll) if s.roll_kind != NO_ROLL else 0


def legal_well(s: State) -> list[Action]:
    best = well_best(s)
    qualifying = [c for c in range(4) if s.market[c] <= best]
    out = [A.TAKE_OF[c] for c in qualifying] if qualifying else [A.TAKE_NONE_ACTION]
    modifier_actions(s, out)
    return out


def apply_well(s: State, a: Action) -> None:
    if a.kind == A.PLAY:
        play(s, a.a)
        return
    s.pending.pop()
    s.roll_kind = NO_ROLL  # the Well is resolved: its dice no longer matter
    s.roll, s.roll_ok, s.roll_gain = (), (), ()
    if a.kind == A.TAKE:
        steps.gain(s, s.current, a.a, 1, "wishing well")
    else:
        s.emit("well_nothing", s.current)


def legal_cauldron_return(s: State) -> list[Action]:
    return [A.RETURN_OF[c] for c in range(4) if _cargo(s)[c] > 0]


def apply_cauldron_return(s: State, a: Action) -> None:
    left = s.pending.pop()[1] - 1
    steps.pay_gems(s, s.current, a.a, 1, "cauldron")
    s.pending.append((P_CAULDRON_RETURN, left) if left > 0 else (P_CAULDRON_TAKE,))


def _takeable(s: State, colours: range | list[int]) -> list[Action]:
    if s.params.unlimited_gem_supply:
        return [A.TAKE_OF[c] for c in colours]
    out = [A.TAKE_OF[c] for c in colours if s.supply[c] > 0]
    return out or [A.TAKE_OF[c] for c in colours]


def legal_cauldron_take(s: State) -> list[Action]:
    return _takeable(s, range(4))


def apply_cauldron_take(s: State, a: Action) -> None:
    s.pending.pop()
    steps.gain(s, s.current, a.a, 1, "cauldron")


def legal_axe(s: State) -> list[Action]:
    return _takeable(s, [c for c in range(4) if _cargo(s)[c] > 0])


def apply_axe(s: State, a: Action) -> None:
    s.pending.pop()
    steps.gain(s, s.current, a.a, 1, "axe")  # may overflow (spec 4)


def legal_reserve(s: State) -> list[Action]:
    return [A.RESERVE_OF[r] for r in sorted(s.relic_row + s.relic_deck)]


def apply_reserve(s: State, a: Action) -> None:
    s.pending.pop()
    r = a.a
    from_row = r in s.relic_row
    row = s.relic_row
    idx = row.index(r) if from_row else -1
    deck = list(s.relic_deck)
    if not from_row:
        deck.remove(r)
    s.players[s.current].reserved = r
    s.rng.shuffle(deck)  # R23: the deck is shuffled after the search
    s.emit("reserve", s.current, relic=r, from_row=from_row)
    if from_row:
        if deck:
            new = deck.pop()
            s.relic_row = (*row[:idx], new, *row[idx + 1 :])
            s.emit("relic_dealt", -1, relic=new)
        else:
            s.relic_row = row[:idx] + row[idx + 1 :]
    s.relic_deck = tuple(deck)


def legal_pickaxe_tile(s: State) -> list[Action]:
    return [A.PICKAXE_AT[h] for h in _pickaxe_tiles(s)]


def apply_pickaxe_tile(s: State, a: Action) -> None:
    s.pending.pop()
    gem = TILE_BY_ID[s.tile_at[a.a]].gem
    if gem >= RAINBOW:
        s.pending.append((P_PICKAXE_COLOUR, a.a))  # R22: name the rainbow's colour once
        return
    s.pickaxe_colour = gem
    s.emit("pickaxe", s.current, hex=a.a, colour=COLOUR_NAMES[gem])


def legal_pickaxe_colour(s: State) -> list[Action]:
    return list(A.COLOUR_OF)


def apply_pickaxe_colour(s: State, a: Action) -> None:
    hex_id = s.pending.pop()[1]
    s.pickaxe_colour = a.a
    s.emit("pickaxe", s.current, hex=hex_id, colour=COLOUR_NAMES[a.a])


# Dice items.


def legal_die(s: State) -> list[Action]:
    item = s.pending[-1][1]
    targets = dice.roll_targets(s, DELTAS_BY_ITEM[item])
    return [A.DIE_OF[t] for t in targets] + [A.DIE_OF[MARKET_TARGET_BASE + c] for c in range(4)]


def apply_die(s: State, a: Action) -> None:
    item = s.pending.pop()[1]
    s.pending.append((P_ADJUST, item, a.a))


def legal_adjust(s: State) -> list[Action]:
    _, item, target = s.pending[-1]
    return [
        A.ADJUST_OF[(target, d)] for d in DELTAS_BY_ITEM[item] if dice.delta_allowed(s, target, d)
    ]


def apply_adjust(s: State, a: Action) -> None:
    _, item, _target = s.pending.pop()
    dice.change_die(s, a.a, a.b, ITEMS[item].key)


def _rerollable(s: State, mask: int) -> list[int]:
    if not dice.roll_modifiable(s):
        return []
    picked = [s.roll_gain[i] for i in range(len(s.roll)) if mask >> i & 1 and s.roll_ok[i]]
    out = []
    for i in range(len(s.roll)):
        if mask >> i & 1:
            continue
        success = s.roll_kind == MINING_ROLL and s.roll_ok[i]
        if success and not dice.can_take_back(s, [*picked, s.roll_gain[i]]):
            continue  # ruling D4: a success whose gems are gone cannot be re-rolled
        out.append(i)
    return out


def legal_libation_mode(s: State) -> list[Action]:
    out = []
    if _rerollable(s, 0):
        out.append(A.LIBATION_MODE[0])
    out.append(A.LIBATION_MODE[1])
    return out


def apply_libation_mode(s: State, a: Action) -> None:
    s.pending.pop()
    s.pending.append((P_LIBATION_PICK, a.a, 0))


def legal_libation_pick(s: State) -> list[Action]:
    _, mode, mask = s.pending[-1]
    if mode == 0:
        out = [A.PICK_OF[i] for i in _rerollable(s, mask)]
    else:
        out = [
            A.PICK_OF[MARKET_TARGET_BASE + c]
            for c in range(4)
            if not mask >> (MARKET_TARGET_BASE + c) & 1
        ]
    if mask:
        out.append(A.ROLL_ACTION)
    return out


def apply_libation_pick(s: State, a: Action) -> None:
    _, mode, mask = s.pending.pop()
    if a.kind == A.PICK:
        s.pending.append((P_LIBATION_PICK, mode, mask | (1 << a.a)))
        return
    if mode == 0:
        dice.reroll(s, mask, "libation")
    else:
        dice.roll_market(s, mask, "libation")
