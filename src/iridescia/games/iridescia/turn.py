"""The turn flow (spec sections 3, 5, 6): reveal, move, the blocked explorer, arrival, mining,
buying, selling, the cargo limit, restoring relics, end of turn, the Castle and game end.

Each decision has a ``legal_*`` generator and an ``apply_*`` function; ``rules.py`` routes to
them. ``apply_*`` functions are only called with an action their generator offered.
"""

from __future__ import annotations

from iridescia.games.iridescia import actions as A
from iridescia.games.iridescia import effects as E
from iridescia.games.iridescia.actions import Action
from iridescia.games.iridescia.board import ADJACENT, CASTLE_ROW, ROW_OF
from iridescia.games.iridescia.data import (
    BONUS_COINS,
    BONUS_POINTS,
    BONUS_STONE,
    COLOUR_NAMES,
    FOREST,
    IRIDIA,
    ITEMS,
    RAINBOW,
    RELIC_BY_ID,
    TILE_BY_ID,
    TOKEN_BY_KEY,
)
from iridescia.games.iridescia.state import (
    ACTIONS_PHASE,
    GAME_OVER,
    IN_CASTLE,
    NO_ROLL,
    P_ARRIVAL_COLOUR,
    P_BLOCKED_DISCARD,
    P_BLOCKED_PLACE,
    P_OBJECTIVE,
    REMOVE_PHASE,
    RESTORE_PHASE,
    REVEAL_PHASE,
    State,
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
        s.roll, s.roll_ok, s.roll_gain = [], [], []
        s.roll_locked = False
        s.pending = []
        if s.current == s.rhom:
            s.elixir_pending = 0
            s.elixir_turn = False
            if p.finished:
                # Spec 6: after the Castle the Rhom neither acts nor removes tiles.
                s.current = (s.current + 1) % s.num_players
                continue
            from iridescia.games.iridescia.automa import play_turn

            s.phase = REVEAL_PHASE
            s.turns_taken[s.current] += 1
            s.emit("turn", s.current, number=s.turn_number, kind="rhom")
            play_turn(s)  # ends with finish_turn, which starts the next turn
            return
        if p.finished:
            if removable_hexes(s):
                s.phase = REMOVE_PHASE
                s.turns_taken[s.current] += 1
                s.emit("turn", s.current, number=s.turn_number, kind="remove")
                return
            s.emit("turn_skipped", s.current, reason="nothing left to remove")
            s.elixir_pending = 0
            s.elixir_turn = False
            s.current = (s.current + 1) % s.num_players
            continue
        s.phase = REVEAL_PHASE
        s.turns_taken[s.current] += 1
        s.emit("turn", s.current, number=s.turn_number, kind="extra" if s.elixir_turn else "normal")
        check_blocked(s)
        return


def check_blocked(s: State) -> None:
    """R9: with no adjacent tile at all, the explorer discards a tile and restarts elsewhere."""
    p = s.players[s.current]
    if any(E.has_open_tile(s, h) for h in ADJACENT[p.pos]):
        return
    s.emit("blocked", s.current, at=p.pos)
    s.pending.append((P_BLOCKED_PLACE,))
    if p.tiles:
        s.pending.append((P_BLOCKED_DISCARD,))


def finish_turn(s: State) -> None:
    """End of turn after restoring: collect the tile, adjust the market, the Castle, next turn."""
    p = s.players[s.current]
    h = p.pos
    tid = s.tile_at[h]
    s.tile_at[h] = 0
    s.face_up[h] = False
    p.tiles.append(tid)
    tile = TILE_BY_ID[tid]
    s.emit("collect", s.current, tile=tid, hex=h)
    if s.active_stone:
        s.stone_supply += s.active_stone
        s.emit("stone_returned", s.current, count=s.active_stone)
        s.active_stone = 0
    if tile.gem < RAINBOW:
        E.bump_market(s, tile.gem, 1, "collect")
    if ROW_OF[h] == CASTLE_ROW:
        reach_castle(s)
    end_turn(s)


def reach_castle(s: State) -> None:
    p = s.players[s.current]
    p.pos = IN_CASTLE
    p.finished = True
    token = ""
    if s.tokens_left:
        token = s.tokens_left.pop(0)
        p.token = token
    s.emit(
        "castle",
        s.current,
        token=token or None,
        points=TOKEN_BY_KEY[token].points if token else 0,
    )


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


def _can_play_start_item(s: State, kind: int) -> bool:
    from iridescia.games.iridescia.items import can_play

    return can_play(s, kind)


def _start_item_actions(s: State, out: list[Action]) -> None:
    from iridescia.games.iridescia.data import CATAPULT, ELIXIR, SWAPPING

    items = s.players[s.current].items
    for kind in (ELIXIR, SWAPPING, CATAPULT):
        if kind in items and _can_play_start_item(s, kind):
            out.append(A.PLAY_ITEM[kind])


def legal_reveal_phase(s: State) -> list[Action]:
    p = s.players[s.current]
    out: list[Action] = []
    moves: list[Action] = []
    reveals: list[Action] = []
    tile_at, face_up, barricade = s.tile_at, s.face_up, s.barricade
    for h in ADJACENT[p.pos]:
        if tile_at[h] and not barricade[h]:
            if face_up[h]:
                moves.append(A.MOVE_TO[h])
            else:
                reveals.append(A.REVEAL_AT[h])
    # R6: revealing is optional once a face-up tile is adjacent. The reveal cap never leaves
    # an explorer without a move (ruling D2): past it, revealing goes on only if no move exists.
    if s.reveals < s.params.max_reveals or not moves:
        out += reveals
    out += moves
    _start_item_actions(s, out)
    return out


def apply_reveal_phase(s: State, a: Action) -> None:
    if a.kind == A.REVEAL:
        reveal(s, a.a)
    elif a.kind == A.MOVE:
        s.emit("move", s.current, to=a.a)
        arrive(s, a.a)
    else:
        from iridescia.games.iridescia.items import play

        play(s, a.a)


def reveal(s: State, h: int) -> None:
    s.face_up[h] = True
    s.reveals += 1
    s.start_items = False
    tile = TILE_BY_ID[s.tile_at[h]]
    s.emit("reveal", s.current, hex=h, tile=tile.id)


def arrive(s: State, h: int) -> None:
    """Arriving on a tile (3.3): objective discard, bonus, gem, cargo check."""
    p = s.players[s.current]
    p.pos = h
    s.start_items = False
    s.phase = ACTIONS_PHASE
    tile = TILE_BY_ID[s.tile_at[h]]
    s.mine_colour = tile.gem if tile.gem < RAINBOW else -1
    if tile.region >= FOREST and len(p.objectives) >= 2:
        s.pending.append((P_OBJECTIVE,))  # R12
        return
    arrive_rest(s)


def arrive_rest(s: State) -> None:
    p = s.players[s.current]
    tile = TILE_BY_ID[s.tile_at[p.pos]]
    if tile.bonus == BONUS_COINS:
        p.coins += tile.amount
        s.emit("coins", s.current, count=tile.amount, reason="tile bonus")
    elif tile.bonus == BONUS_POINTS:
        p.tile_bonus_points += tile.amount
        s.emit("points", s.current, count=tile.amount, reason="tile bonus")
    elif tile.bonus == BONUS_STONE:
        if s.stone_supply > 0:
            s.stone_supply -= 1
            p.stone_idle += 1
            s.emit("stone_die", s.current, got=True)
        else:
            s.emit("stone_die", s.current, got=False)
    if tile.gem == IRIDIA:
        p.iridia_stone = True
        s.emit("iridia_stone", s.current, points=s.params.iridia_stone_points)
    if tile.gem >= RAINBOW:
        s.pending.append((P_ARRIVAL_COLOUR,))
        return
    E.gain(s, s.current, tile.gem, 1, "arrival")


def legal_objective(s: State) -> list[Action]:
    return [A.DISCARD_OBJECTIVE_OF[o] for o in s.players[s.current].objectives]


def apply_objective(s: State, a: Action) -> None:
    s.pending.pop()
    p = s.players[s.current]
    p.objectives.remove(a.a)
    p.discarded_objective = a.a
    s.emit("objective_discarded", s.current, objective=a.a)  # views hide the id from others
    arrive_rest(s)


def legal_arrival_colour(s: State) -> list[Action]:
    return list(A.COLOUR_OF)


def apply_arrival_colour(s: State, a: Action) -> None:
    s.pending.pop()
    s.mine_colour = a.a
    s.emit("colour_chosen", s.current, colour=COLOUR_NAMES[a.a])
    E.gain(s, s.current, a.a, 1, "arrival")


# ---------------------------------------------------------------- blocked explorer (R9)


def legal_blocked_discard(s: State) -> list[Action]:
    out = [A.DISCARD_TILE_OF[t] for t in sorted(set(s.players[s.current].tiles))]
    _start_item_actions(s, out)
    return out


def apply_blocked_discard(s: State, a: Action) -> None:
    if a.kind == A.PLAY:
        from iridescia.games.iridescia.data import ELIXIR
        from iridescia.games.iridescia.items import play

        if a.a != ELIXIR:  # Swapping Stones / Catapult replace the blocked restart (R10)
            s.pending = [x for x in s.pending if x[0] not in (P_BLOCKED_DISCARD, P_BLOCKED_PLACE)]

        play(s, a.a)
        return
    s.pending.pop()
    p = s.players[s.current]
    p.tiles.remove(a.a)
    s.removed.append(a.a)
    s.emit("tile_discarded", s.current, tile=a.a)


def legal_blocked_place(s: State) -> list[Action]:
    p = s.players[s.current]
    out = [A.PLACE_AT[h] for h in E.closest_empty_hexes(s, p.pos)]
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
    check_blocked(s)


# ---------------------------------------------------------------- cargo limit (R17)


def legal_overflow(s: State) -> list[Action]:
    p = s.players[s.current]
    held = [c for c in range(4) if p.cargo[c] > 0]
    others = E.others_with_room(s, s.current)
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
        E.pay_gems(s, s.current, a.a, 1, "cargo limit")
    if E.cargo_size(p.cargo) <= s.params.cargo_limit:
        s.pending.pop()


# ---------------------------------------------------------------- optional actions


def legal_actions_phase(s: State) -> list[Action]:
    from iridescia.games.iridescia.items import can_play

    p = s.players[s.current]
    out: list[Action] = []
    if p.coins >= s.params.mining_cost and s.mine_colour >= 0:
        out += A.MINE_K[: p.stone_idle + 1]
    if not s.bought:
        for slot, kind in enumerate(s.item_market):
            if kind < 0 or kind in p.items or p.coins < ITEMS[kind].cost:
                continue
            if s.elixir_turn and kind == _ELIXIR:
                continue  # no Elixir bought during a turn started by an Elixir
            out.append(A.BUY_SLOT[slot + 1])
    if not s.sold:
        for c in range(4):
            n = p.cargo[c]
            if n:
                out += A.SELL_OF[c][1 : min(n, A.MAX_SELL) + 1]
    for kind in sorted(p.items):
        if ITEMS[kind].timing != "start_of_turn" and can_play(s, kind):
            out.append(A.PLAY_ITEM[kind])
    out.append(A.END_ACTION)
    return out


_ELIXIR = next(i.index for i in ITEMS if i.key == "elixir")


def apply_actions_phase(s: State, a: Action) -> None:
    k = a.kind
    if k == A.MINE:
        from iridescia.games.iridescia.dice import mine

        mine(s, a.a)
    elif k == A.BUY:
        buy(s, a.a - 1)
    elif k == A.SELL:
        sell(s, a.a, a.b)
    elif k == A.PLAY:
        from iridescia.games.iridescia.items import play

        play(s, a.a)
    else:  # END
        s.emit("end_actions", s.current)
        go_to_restore(s)


def buy(s: State, slot: int) -> None:
    p = s.players[s.current]
    kind = s.item_market[slot]
    p.coins -= ITEMS[kind].cost
    p.items.append(kind)
    s.bought = True
    s.item_market[slot] = -1
    s.emit("buy", s.current, item=ITEMS[kind].key, cost=ITEMS[kind].cost, slot=slot + 1)
    E.fill_item_market(s)


def sell(s: State, colour: int, n: int) -> None:
    p = s.players[s.current]
    price = s.market[colour]
    E.pay_gems(s, s.current, colour, n, "sell")
    p.coins += price * n
    s.sold = True
    s.emit("sell", s.current, colour=COLOUR_NAMES[colour], count=n, coins=price * n)


# ---------------------------------------------------------------- end of turn: restore (R18)


def restorable(s: State) -> list[int]:
    p = s.players[s.current]
    cargo = p.cargo
    out = []
    candidates = [*s.relic_row, p.reserved] if p.reserved else s.relic_row
    for r in candidates:
        cost = RELIC_BY_ID[r].cost
        if (
            cargo[0] >= cost[0]
            and cargo[1] >= cost[1]
            and cargo[2] >= cost[2]
            and cargo[3] >= cost[3]
        ):
            out.append(r)
    return sorted(out)


def go_to_restore(s: State) -> None:
    s.phase = RESTORE_PHASE
    if not restorable(s) and not _elixir_playable(s):
        finish_turn(s)


def _elixir_playable(s: State) -> bool:
    return _ELIXIR in s.players[s.current].items


def legal_restore(s: State) -> list[Action]:
    out = [A.RESTORE_OF[r] for r in restorable(s)]
    if _elixir_playable(s):
        out.append(A.PLAY_ITEM[_ELIXIR])
    out.append(A.DONE_ACTION)
    return out


def apply_restore(s: State, a: Action) -> None:
    if a.kind == A.DONE:
        finish_turn(s)
        return
    if a.kind == A.PLAY:
        from iridescia.games.iridescia.items import play

        play(s, a.a)
    else:
        restore(s, a.a)
    if not restorable(s) and not _elixir_playable(s):
        finish_turn(s)


def restore(s: State, relic_id: int) -> None:
    p = s.players[s.current]
    relic = RELIC_BY_ID[relic_id]
    for c in range(4):
        if relic.cost[c]:
            E.pay_gems(s, s.current, c, relic.cost[c], "restore")
    p.relics.append(relic_id)
    p.relic_points += relic.points
    if p.reserved == relic_id:
        p.reserved = 0
        from iridescia.games.iridescia.data import BOOK

        s.item_discard.append(BOOK)  # the Book under the reserved relic is discarded (R23)
        s.emit("restore", s.current, relic=relic_id, points=relic.points, reserved=True)
    else:
        idx = s.relic_row.index(relic_id)
        s.relic_row.pop(idx)
        s.emit("restore", s.current, relic=relic_id, points=relic.points, reserved=False)
        if s.relic_deck:
            new = s.relic_deck.pop()
            s.relic_row.insert(idx, new)  # refilled at once, in the same place
            s.emit("relic_dealt", -1, relic=new)


# ---------------------------------------------------------------- the Castle (section 5)


def removable_hexes(s: State) -> list[int]:
    tile_at, barricade = s.tile_at, s.barricade
    return [h for h in range(1, 53) if tile_at[h] and not barricade[h]]


def legal_remove(s: State) -> list[Action]:
    return [A.REMOVE_AT[h] for h in removable_hexes(s)]


def apply_remove(s: State, a: Action) -> None:
    tid = s.tile_at[a.a]
    s.tile_at[a.a] = 0
    was_up = s.face_up[a.a]
    s.face_up[a.a] = False
    s.removed.append(tid)
    if not was_up:
        s.removed_hidden.append(tid)  # nobody sees a tile removed face down
    s.emit("remove", s.current, hex=a.a, tile=tid if was_up else None)
    end_turn(s)
