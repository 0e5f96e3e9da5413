"""The turn (Gem Rush R10-R13, R15-R19, R33, R41-R46, R60, R61, R66-R68, R72-R74, R88, R97,
Gem Rush R101): its phases, the decisions of phases 1-4, the end checks and the outcome.

Automatic phases (``turn_start``, ``move_start``, ``after_action``, ``turn_end``) are stepped by
``rules.advance``; the decision phases have a ``legal_*``/``apply_*`` pair each. Phase 2's moves are
walking (Gem Rush R15; a construction when the trace ends empty, Gem Rush R21-R24), using the
movement or free room the dwarf is in (Gem Rush R16, R17), a Warpstone jump (Gem Rush R19), a warped
construction (Gem Rush R25), and ending the phase.
"""

from __future__ import annotations

from iridescia.core.actions import Action
from iridescia.core.game import Outcome
from iridescia.games.gemrush import cards as C
from iridescia.games.gemrush import construction as K
from iridescia.games.gemrush import effects as FX
from iridescia.games.gemrush import mine
from iridescia.games.gemrush import skills as SK
from iridescia.games.gemrush.actions import (
    BUILD,
    BUILD_AT,
    BURN,
    BURN_CARD,
    BURN_DECK,
    BURN_DECK_ACTION,
    BURN_SEAT,
    BURN_SEAT_OF,
    DISCARD_CARD,
    DRAW,
    DRAW_ACTION,
    END,
    END_ACTION,
    JUMP,
    JUMP_CARD,
    PLAY_ON_ACTION,
    ROOM_ACTION,
    STOP,
    STOP_ACTION,
    USE,
    USE_ACTION,
    WALK,
    WALK_DIR,
)
from iridescia.games.gemrush.data import (
    ACTION,
    CARD_MASK,
    FREE,
    MOVEMENT,
    TILE_IS_TUNNEL,
    TILE_TYPE,
)
from iridescia.games.gemrush.ops_mine import move_dwarf
from iridescia.games.gemrush.state import (
    DEST_JUMP,
    NO_TILE,
    P_DEST,
    PH_ACTION,
    PH_AFTER_ACTION,
    PH_BURN,
    PH_HAND,
    PH_MOVE,
    PH_MOVE_START,
    PH_OVER,
    PH_STOP,
    PH_TURN_END,
    PH_TURN_START,
    State,
)

ROUND_LIMIT_REASON = "round limit"  # the outcome's reason when Gem Rush R88 ends a game

# ------------------------------------------------------------------ phases 0 and 1


def turn_start(s: State) -> None:
    """Phase 0 (Gem Rush R11, Gem Rush R44, Gem Rush R61: Rush only, at the First Player's turn;
    current scores, Gem Rush R66; the round limit, Gem Rush R88) and phase 1: the hand limit,
    applied here only (Gem Rush R90), or the Patience
    skip."""
    n = s.num_players
    if s.rush and s.current == s.first_player:
        rounds = s.turns_done // n
        if any(p.score >= s.target for p in s.players):
            end_game(s, "target reached")
            return
        limit = s.params.rush_round_limit
        if limit and rounds >= limit:
            end_game(s, ROUND_LIMIT_REASON)
            return
    # ``sites`` (open construction sites, Gem Rush R21) and ``actions`` (actions applied so far)
    # are facts for observers (spec §8.6, §8.7). Scanning the sites here costs no measurable time:
    # the scan is cached and phase 2 needs it anyway (A/B, 6 x 40 random 4-player games a mode).
    s.emit(
        "turn",
        s.current,
        number=s.turns_done + 1,
        round=s.turns_done // n + 1,
        sites=len(mine.sites(s)),
        actions=len(s.history),
    )
    p = s.me
    if p.patience:
        p.patience = False  # Gem Rush R12: the pending Patience flag skips phase 1 and is cleared
        s.emit("patience_skip", s.current)
        begin_phase2(s)
    elif len(p.hand) > SK.hand_limit(s):  # spec §5: the hand-limit hook
        s.chosen = []
        s.phase = PH_HAND
    else:
        begin_phase2(s)


def legal_hand_limit(s: State) -> list[Action]:
    chosen = s.chosen
    return [DISCARD_CARD[c] for c in s.me.hand if c not in chosen]


def apply_hand_limit(s: State, a: Action) -> None:
    """Gem Rush R12: one card at a time; once down to the limit, the set goes to the pile
    (Gem Rush R40)."""
    s.chosen.append(a.a)
    if len(s.me.hand) - len(s.chosen) > SK.hand_limit(s):
        return
    chosen = s.chosen
    s.chosen = []
    C.discard(s, s.current, chosen, "hand limit")
    begin_phase2(s)


# ------------------------------------------------------------------ phase 2: movement


def begin_phase2(s: State) -> None:
    s.steps = SK.turn_steps(s)  # steps_per_turn, through the step-count hook (spec §5)
    s.time_vein_used = False
    s.free_uses = 0
    s.phase = PH_MOVE_START


def move_start(s: State) -> None:
    """Gem Rush R13, R101: before moving, reopen a closed mine (again, while it stays closed)."""
    if K.needs_reopening(s) and K.start_reopening(s):
        return
    s.phase = PH_MOVE


def legal_move(s: State) -> list[Action]:
    """Phase 2 (Gem Rush R13): walk, use the room, jump, build warped, or end."""
    out: list[Action] = []
    me = s.me
    room = me.room
    stack = bool(s.stack)
    if s.steps >= 1:
        for d, target, _, _ in mine.room_exits(s, room):
            if target != NO_TILE:
                out.append(WALK_DIR[d])  # Gem Rush R15 (ending in the same room is a legal step)
            elif stack and K.payable(s, mine.shown_side(s, room, d).cost, False):
                out.append(WALK_DIR[d])  # Gem Rush R21, R22: a walking construction
    room_type = TILE_TYPE[room]
    may_use = room_type == FREE or (room_type == MOVEMENT and s.steps >= 1)
    if may_use and FX.tile_usable(s, room):
        out.append(USE_ACTION)  # Gem Rush R16 (movement room), Gem Rush R17 (free room)
    warpstones = [c for c in me.hand if CARD_MASK[c] & K.WARP_BIT]
    if warpstones:
        if any(t != room and not TILE_IS_TUNNEL[t] for t in s.tile_at.values()):
            # Gem Rush R19; Gem Rush R84: in phase 2 only, with 0 steps too, to any other room
            out.extend(JUMP_CARD[c] for c in warpstones)
        if stack:
            out.extend(_warped_sites(s))  # Gem Rush R25
    out.append(END_ACTION)
    return out


def _warped_sites(s: State) -> list[Action]:
    """Gem Rush R25: every site whose door the hand can pay with a Warpstone card in the payment."""
    out: list[Action] = []
    verdict: dict[tuple[int, ...], bool] = {}  # one payment check per distinct cost
    for tile, d, _, _ in mine.sites(s):
        cost = mine.shown_side(s, tile, d).cost
        ok = verdict.get(cost)
        if ok is None:
            ok = verdict[cost] = K.payable(s, cost, True)
        if ok:
            out.append(BUILD_AT[tile][d])
    return out


def apply_move(s: State, a: Action) -> None:
    kind = a.kind
    me = s.me
    if kind == WALK:
        target = next(room for d, room, _, _ in mine.room_exits(s, me.room) if d == a.a)
        if target != NO_TILE:
            s.steps -= 1
            move_dwarf(s, s.current, target, "walk")
        else:
            K.start(s, me.room, a.a, warped=False)
    elif kind == USE:
        if TILE_TYPE[me.room] == MOVEMENT:
            s.steps -= 1  # Gem Rush R16: a movement room's effect costs a step in phase 2
        FX.start_effect(s, me.room, PH_MOVE)
    elif kind == JUMP:
        # Gem Rush R19, R84: a discard, not a payment
        C.discard(s, s.current, [a.a], "warpstone jump")
        s.pending.append((P_DEST, DEST_JUMP))
    elif kind == BUILD:
        K.start(s, a.a, a.b, warped=True)
    else:
        assert kind == END
        s.phase = PH_ACTION


# ------------------------------------------------------------------ phase 3: the action


def legal_action(s: State) -> list[Action]:
    """Gem Rush R33, Gem Rush R97: draw 1, or use the room's effect if it is usable and the room
    is an action or movement room (a free room or Void only draws, Gem Rush R74)."""
    room = s.me.room
    if TILE_TYPE[room] in (ACTION, MOVEMENT) and FX.tile_usable(s, room):
        return [DRAW_ACTION, ROOM_ACTION]
    return [DRAW_ACTION]


def apply_action(s: State, a: Action) -> None:
    if a.kind == DRAW:
        # Gem Rush R97: always available, even when it yields nothing (Gem Rush R64)
        C.draw(s, s.current, 1)
        s.phase = PH_AFTER_ACTION
    else:
        FX.start_effect(s, s.me.room, PH_AFTER_ACTION)


def after_action(s: State) -> None:
    """Phase 4 exists in Crisis, and in Rush only with rush_burns (Gem Rush R41, R60). A skill
    may first grant another phase-3 action (the extra-actions hook, spec §5)."""
    if s.skills is not None and SK.extra_action(s):
        s.phase = PH_ACTION
        return
    if s.burns and C.unburnt(s) > 0 and s.params.burn_per_turn > 0:
        s.burns_left = s.params.burn_per_turn
        s.phase = PH_BURN
    else:
        s.phase = PH_TURN_END


# ------------------------------------------------------------------ phase 4: burning


def burnable_seats(s: State) -> list[int]:
    """Whose hands the burner may pick from: every hand when hands are open, else their own
    (Gem Rush R41, Gem Rush R68; Gem Rush R60 for Rush)."""
    return list(range(s.num_players)) if s.open_hands else [s.current]


def legal_burn(s: State) -> list[Action]:
    out: list[Action] = []
    if s.deck or s.discard:
        out.append(BURN_DECK_ACTION)
    for seat in burnable_seats(s):
        out.extend(BURN_CARD[c] for c in s.players[seat].hand)
    if not out:  # Gem Rush R41: a shortfall burns a random card of another player's hand
        out.extend(BURN_SEAT_OF[p.seat] for p in s.players if p.seat != s.current and p.hand)
    return out


def apply_burn(s: State, a: Action) -> None:
    if a.kind == BURN_DECK:
        C.burn_from_deck(s)
    elif a.kind == BURN:
        owner = next(p.seat for p in s.players if a.a in p.hand)
        C.burn_from_hand(s, owner, a.a, True)
    else:
        assert a.kind == BURN_SEAT
        hand = s.players[a.a].hand
        C.burn_from_hand(s, a.a, hand[s.rng.below(len(hand))], False)
    s.burns_left -= 1
    if s.burns_left == 0 or C.unburnt(s) == 0:
        s.burns_left = 0
        s.phase = PH_TURN_END


# ------------------------------------------------------------------ end of turn, end of game


def turn_end(s: State) -> None:
    """Gem Rush R42 (and Gem Rush R60's Rush variant): the game ends once every card is burnt;
    Gem Rush R67: the choice to stop; otherwise the next player's turn."""
    s.turns_done += 1
    # ``actions`` minus the ``turn`` event's is the number of decisions the turn took.
    s.emit("turn_end", s.current, actions=len(s.history))
    if s.burns and C.unburnt(s) == 0:
        end_game(s, "all cards burnt")
        return
    if s.may_stop and team_score(s) >= s.target:
        s.phase = PH_STOP
        return
    next_turn(s)


def next_turn(s: State) -> None:
    s.current = (s.current + 1) % s.num_players
    s.phase = PH_TURN_START


def legal_stop(s: State) -> list[Action]:
    return [STOP_ACTION, PLAY_ON_ACTION]


def apply_stop(s: State, a: Action) -> None:
    if a.kind == STOP:
        end_game(s, "stopped at the target")
    else:
        next_turn(s)


def team_score(s: State) -> int:
    return sum(p.score for p in s.players)


def end_game(s: State, reason: str) -> None:
    s.phase = PH_OVER
    s.outcome = compute_outcome(s, reason)
    s.emit("game_over", -1, **s.outcome.to_json())


def compute_outcome(s: State, reason: str) -> Outcome:
    """Gem Rush R43 (Crisis: the team result; every seat gets 1/0, or the team score without a
    target) and Gem Rush R45, Gem Rush R66 (Rush: the highest scores share the win, 1/k each)."""
    scores = tuple(p.score for p in s.players)
    n = s.num_players
    if not s.rush:
        team = sum(scores)
        if s.target > 0:
            won = team >= s.target
            return Outcome(
                scores,
                tuple(range(n)) if won else (),
                (1.0 if won else 0.0,) * n,
                reason,
                team_score=team,
                target=s.target,
            )
        return Outcome(scores, (), (float(team),) * n, reason, team_score=team, target=None)
    best = max(scores)
    winners = tuple(i for i in range(n) if scores[i] == best)
    share = 1.0 / len(winners)
    returns = tuple(share if i in winners else 0.0 for i in range(n))
    return Outcome(scores, winners, returns, reason, target=s.target)
