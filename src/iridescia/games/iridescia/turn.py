"""The turn flow (spec sections 3, 5, 6): reveal, move, the blocked explorer, arrival, mining,
buying, selling, the cargo limit, restoring relics, end of turn, the Castle and game end.

Each decision has a ``legal_*`` generator and an ``apply_*`` function; ``rules.py`` routes to
them. ``apply_*`` functions are only called with an action their generator offered.
"""

from __future__ import annotations

from typing import Final

from iridescia.games.iridescia import actions as A
from iridescia.games.iridescia import automa, dice, steps
from iridescia.games.iridescia import items as items_mod
from iridescia.games.iridescia.actions import Action
from iridescia.games.iridescia.board import ADJACENT
from iridescia.games.iridescia.data import CATAPULT, COLOUR_NAMES, ELIXIR, ITEMS, SWAPPING
from iridescia.games.iridescia.state import (
    GAME_OVER,
    NO_ROLL,
    P_BLOCKED_DISCARD,
    P_BLOCKED_PLACE,
    REMOVE_PHASE,
    RESTORE_PHASE,
    REVEAL_PHASE,
    PlayerState,
    State,
    without,
)

# ---------------------------------------------------------------- turn start and end


def start_turn(s: State) -> None:
    """Begin the current player's turn (skipping Castle players with nothing left to remove)."""
    while True:
        p = s.players[s.current]
        s.turn_number += 1
        s.reveals = 0
        s.start_items = True
        s.bought = s.sold = s.cart = False
        s.pickaxe_colour = s.mine_colour = -1
        s.active_stone = 0
        s.roll_kind = NO_ROLL
        s.roll, s.roll_ok, s.roll_gain = (), (), ()
        s.roll_locked = False
        s.pending = []
        if s.current == s.rhom:
            s.elixir_pending = 0
            s.elixir_turn = False
            if p.finished:
                # Spec 6: after the Castle the Rhom neither acts nor removes tiles.
                s.current = (s.current + 1) % s.num_players
                continue
            s.phase = REVEAL_PHASE
            count_turn(s)
            s.emit("turn", s.current, number=s.turn_number, kind="rhom")
            play_rhom_turn(s)  # passes the turn, which starts the next one
            return
        if p.finished:
            if steps.removable_hexes(s):
                s.phase = REMOVE_PHASE
                count_turn(s)
                s.emit("turn", s.current, number=s.turn_number, kind="remove")
                return
            s.emit("turn_skipped", s.current, reason="nothing left to remove")
            s.elixir_pending = 0
            s.elixir_turn = False
            s.current = (s.current + 1) % s.num_players
            continue
        s.phase = REVEAL_PHASE
        count_turn(s)
        s.emit("turn", s.current, number=s.turn_number, kind="extra" if s.elixir_turn else "normal")
        steps.check_blocked(s)
        return


def count_turn(s: State) -> None:
    """One more turn taken by the current seat (``turns_taken`` is a tuple: see ``State``)."""
    taken = s.turns_taken
    i = s.current
    s.turns_taken = (*taken[:i], taken[i] + 1, *taken[i + 1 :])


def play_rhom_turn(s: State) -> None:
    """The Rhom's whole turn (``automa.play_turn``), then the end of its turn: it collects its
    tile as anyone does, unless it found no tile to move onto (a guard, never reached in play)."""
    if automa.play_turn(s):
        finish_turn(s)
    else:
        end_turn(s)


def finish_turn(s: State) -> None:
    """End of turn after restoring: collect the tile (and the Castle), then pass the turn."""
    steps.collect_tile(s)
    end_turn(s)


def end_turn(s: State) -> None:
    s.phase = RESTORE_PHASE  # transient; replaced below
    if all(p.finished for p in s.players):
        s.phase = GAME_OVER
        s.pending = []
        s.emit("game_over", -1)
        return
    if s.elixir_pending > 0:
        s.elixir_pending -= 1
        s.elixir_turn = True
        s.emit("extra_turn", s.current)
    else:
        s.elixir_turn = False
        s.current = (s.current + 1) % s.num_players
    start_turn(s)


# ---------------------------------------------------------------- reveal and move


START_ITEMS: Final = (ELIXIR, SWAPPING, CATAPULT)  # items played before the first reveal (R10)


def _start_item_actions(s: State, out: list[Action]) -> None:
    items = s.players[s.current].items
    for kind in START_ITEMS:
        if kind in items and items_mod.can_play(s, kind):
            out.append(A.PLAY_ITEM[kind])


def _is_start_item_action(s: State, a: Action) -> bool:
    kind = a.a
    return (
        a.kind == A.PLAY
        and kind in START_ITEMS
        and kind in s.players[s.current].items
        and items_mod.can_play(s, kind)
    )


def _may_reveal(s: State, pos: int) -> bool:
    """R6 and ruling D2: revealing is optional once a face-up tile is adjacent, and the reveal
    cap never leaves an explorer without a move: past it, revealing goes on only if no move
    exists."""
    if s.reveals < s.params.max_reveals:
        return True
    tile_at, face_up, barricade = s.tile_at, s.face_up, s.barricade
    return not any(tile_at[h] and face_up[h] and not barricade[h] for h in ADJACENT[pos])


def legal_reveal_phase(s: State) -> list[Action]:
    p = s.players[s.current]
    out: list[Action] = []
    moves: list[Action] = []
    tile_at, face_up, barricade = s.tile_at, s.face_up, s.barricade
    for h in ADJACENT[p.pos]:
        if tile_at[h] and not barricade[h]:
            if face_up[h]:
                moves.append(A.MOVE_TO[h])
            else:
                out.append(A.REVEAL_AT[h])
    if out and not _may_reveal(s, p.pos):
        out = []
    out += moves
    _start_item_actions(s, out)
    return out


def check_reveal_phase(s: State, a: Action) -> bool:
    """Whether ``a`` is in ``legal_reveal_phase(s)``, without building the list (checked
    ``apply``; tested equal to the generator on every action of many random states)."""
    k = a.kind
    if k == A.PLAY:
        return _is_start_item_action(s, a)
    h = a.a
    pos = s.players[s.current].pos
    if (k != A.REVEAL and k != A.MOVE) or h not in ADJACENT[pos]:
        return False
    if not s.tile_at[h] or s.barricade[h]:
        return False
    if k == A.MOVE:
        return s.face_up[h]
    return not s.face_up[h] and _may_reveal(s, pos)


def apply_reveal_phase(s: State, a: Action) -> None:
    if a.kind == A.REVEAL:
        steps.reveal(s, a.a)
    elif a.kind == A.MOVE:
        s.emit("move", s.current, to=a.a)
        steps.arrive(s, a.a)
    else:
        items_mod.play(s, a.a)


def legal_objective(s: State) -> list[Action]:
    return [A.DISCARD_OBJECTIVE_OF[o] for o in s.players[s.current].objectives]


def apply_objective(s: State, a: Action) -> None:
    s.pending.pop()
    p = s.players[s.current]
    p.objectives = without(p.objectives, a.a)
    p.discarded_objective = a.a
    s.emit("objective_discarded", s.current, objective=a.a)  # views hide the id from others
    steps.arrive_rest(s)


def legal_arrival_colour(s: State) -> list[Action]:
    return list(A.COLOUR_OF)


def apply_arrival_colour(s: State, a: Action) -> None:
    s.pending.pop()
    s.mine_colour = a.a
    s.emit("colour_chosen", s.current, colour=COLOUR_NAMES[a.a])
    steps.gain(s, s.current, a.a, 1, "arrival")


# ---------------------------------------------------------------- blocked explorer (R9)


def legal_blocked_discard(s: State) -> list[Action]:
    out = [A.DISCARD_TILE_OF[t] for t in sorted(set(s.players[s.current].tiles))]
    _start_item_actions(s, out)
    return out


def apply_blocked_discard(s: State, a: Action) -> None:
    if a.kind == A.PLAY:
        if a.a != ELIXIR:  # Swapping Stones / Catapult replace the blocked restart (R10)
            s.pending = [x for x in s.pending if x[0] not in (P_BLOCKED_DISCARD, P_BLOCKED_PLACE)]
        items_mod.play(s, a.a)
        return
    s.pending.pop()
    p = s.players[s.current]
    p.tiles = without(p.tiles, a.a)
    s.removed = (*s.removed, a.a)
    s.emit("tile_discarded", s.current, tile=a.a)


def legal_blocked_place(s: State) -> list[Action]:
    p = s.players[s.current]
    out = [A.PLACE_AT[h] for h in steps.closest_empty_hexes(s, p.pos)]
    _start_item_actions(s, out)  # R10: still before the first reveal, discard made or not
    return out


def apply_blocked_place(s: State, a: Action) -> None:
    if a.kind == A.PLAY:
        apply_blocked_discard(s, a)
        return
    s.pending.pop()
    p = s.players[s.current]
    p.pos = a.a
    s.emit("placed", s.current, hex=a.a)
    steps.check_blocked(s)


# ---------------------------------------------------------------- cargo limit (R17)


def legal_overflow(s: State) -> list[Action]:
    p = s.players[s.current]
    held = [c for c in range(4) if p.cargo[c] > 0]
    others = steps.others_with_room(s, s.current)
    if others:
        return sorted((A.GIVE_OF[c][o + 1] for c in held for o in others), key=lambda x: x.id)
    return [A.RETURN_OF[c] for c in held]


def apply_overflow(s: State, a: Action) -> None:
    p = s.players[s.current]
    if a.kind == A.GIVE:
        to = a.b - 1
        p.cargo[a.a] -= 1
        s.players[to].cargo[a.a] += 1
        s.emit("give", s.current, colour=COLOUR_NAMES[a.a], to=to)
    else:
        steps.pay_gems(s, s.current, a.a, 1, "cargo limit")
    if steps.cargo_size(p.cargo) <= s.params.cargo_limit:
        s.pending.pop()


# ---------------------------------------------------------------- optional actions


OPTIONAL_ITEM: Final = tuple(item.timing != "start_of_turn" for item in ITEMS)


def _can_mine(s: State, p: PlayerState) -> bool:
    return p.coins >= s.params.mining_cost and s.mine_colour >= 0


# What stops a purchase (``buy_obstacle``): 0 when nothing does.
SLOT_EMPTY: Final = 1
ALREADY_HELD: Final = 2
TOO_DEAR: Final = 3
ELIXIR_IN_EXTRA_TURN: Final = 4


def buy_obstacle(s: State, p: PlayerState, slot: int) -> int:
    """0 when the item in market ``slot`` (0-based) may be bought now (R14, R16), else what
    stops it (``SLOT_EMPTY``...: one function answers both "may I?" and "why not?")."""
    kind = s.item_market[slot]
    if kind < 0:
        return SLOT_EMPTY
    if kind in p.items:
        return ALREADY_HELD
    if p.coins < ITEMS[kind].cost:
        return TOO_DEAR
    if s.elixir_turn and kind == ELIXIR:
        return ELIXIR_IN_EXTRA_TURN  # no Elixir bought in a turn an Elixir gave
    return 0


def legal_actions_phase(s: State) -> list[Action]:
    p = s.players[s.current]
    out: list[Action] = []
    if _can_mine(s, p):
        out += A.MINE_K[: p.stone_idle + 1]
    if not s.bought:
        for slot in range(len(s.item_market)):
            if not buy_obstacle(s, p, slot):
                out.append(A.BUY_SLOT[slot + 1])
    if not s.sold:
        cargo = p.cargo
        for c in range(4):
            n = cargo[c]
            if n:
                out += A.SELL_OF[c][1 : min(n, A.MAX_SELL) + 1]
    if p.items:
        for kind in sorted(p.items):
            if OPTIONAL_ITEM[kind] and items_mod.can_play(s, kind):
                out.append(A.PLAY_ITEM[kind])
    out.append(A.END_ACTION)
    return out


def check_actions_phase(s: State, a: Action) -> bool:
    """Whether ``a`` is in ``legal_actions_phase(s)``, without building the list."""
    k = a.kind
    p = s.players[s.current]
    if k == A.END:
        return True
    if k == A.MINE:
        return _can_mine(s, p) and a.a <= p.stone_idle
    if k == A.BUY:
        return not s.bought and 1 <= a.a <= len(s.item_market) and not buy_obstacle(s, p, a.a - 1)
    if k == A.SELL:
        return not s.sold and a.b <= p.cargo[a.a]
    if k == A.PLAY:
        kind = a.a
        return kind in p.items and OPTIONAL_ITEM[kind] and items_mod.can_play(s, kind)
    return False


def apply_actions_phase(s: State, a: Action) -> None:
    k = a.kind
    if k == A.MINE:
        dice.mine(s, a.a)
    elif k == A.BUY:
        buy(s, a.a - 1)
    elif k == A.SELL:
        sell(s, a.a, a.b)
    elif k == A.PLAY:
        items_mod.play(s, a.a)
    else:  # END
        s.emit("end_actions", s.current)
        go_to_restore(s)


def buy(s: State, slot: int) -> None:
    p = s.players[s.current]
    kind = s.item_market[slot]
    p.coins -= ITEMS[kind].cost
    p.items = (*p.items, kind)
    s.bought = True
    s.item_market[slot] = -1
    s.emit("buy", s.current, item=ITEMS[kind].key, cost=ITEMS[kind].cost, slot=slot + 1)
    steps.fill_item_market(s)


def sell(s: State, colour: int, n: int) -> None:
    p = s.players[s.current]
    price = s.market[colour]
    steps.pay_gems(s, s.current, colour, n, "sell")
    p.coins += price * n
    s.sold = True
    s.emit("sell", s.current, colour=COLOUR_NAMES[colour], count=n, coins=price * n)


# ---------------------------------------------------------------- end of turn: restore (R18)


def go_to_restore(s: State) -> None:
    s.phase = RESTORE_PHASE
    if not steps.restorable(s) and not _elixir_playable(s):
        finish_turn(s)


def _elixir_playable(s: State) -> bool:
    return ELIXIR in s.players[s.current].items


def legal_restore(s: State) -> list[Action]:
    out = [A.RESTORE_OF[r] for r in steps.restorable(s)]
    if _elixir_playable(s):
        out.append(A.PLAY_ITEM[ELIXIR])
    out.append(A.DONE_ACTION)
    return out


def apply_restore(s: State, a: Action) -> None:
    if a.kind == A.DONE:
        finish_turn(s)
        return
    if a.kind == A.PLAY:
        items_mod.play(s, a.a)
    else:
        steps.restore(s, a.a)
    if not steps.restorable(s) and not _elixir_playable(s):
        finish_turn(s)


# ---------------------------------------------------------------- the Castle (section 5)


def legal_remove(s: State) -> list[Action]:
    return [A.REMOVE_AT[h] for h in steps.removable_hexes(s)]


def apply_remove(s: State, a: Action) -> None:
    tid = s.tile_at[a.a]
    s.tile_at[a.a] = 0
    was_up = s.face_up[a.a]
    s.face_up[a.a] = False
    s.removed = (*s.removed, tid)
    if not was_up:
        s.removed_hidden = (*s.removed_hidden, tid)  # nobody sees a tile removed face down
    s.emit("remove", s.current, hex=a.a, tile=tid if was_up else None)
    end_turn(s)
