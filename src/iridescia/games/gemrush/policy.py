"""The default policy of the Gem Rush bots: the heuristic player of spec §8, cheap enough to
finish every simulated turn of a search.

It builds the door with the best points per card it can pay and reach (walking, or warped with
a Warpstone card), walks towards such a door when one is a step or two away, and otherwise
takes whichever phase-3 action gains more: a room's effect, tried on a copy with this same
policy making its choices, or drawing a card. Every other choice follows one rule each: keep
and name what the hand and the doors around need, discard and burn what is worth least (in
Crisis, burn from the deck before anyone's hand), turn a new tile so that it opens the most
doors, and stop once the team has reached its target.

``finish_turn`` plays a seat's turn on to its end with this policy, *through* the action that
passes the turn: in Gem Rush that action (a draw, a room effect's last choice, the last burn) is
where the turn's cards come from, and nothing random by another seat happens before the next
seat's first decision, so every line of a search is judged just after its turn has passed.

The policy reads the state it is given; bots give it worlds re-dealt from their view, never
the game in progress.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from iridescia.core.actions import Action
from iridescia.core.rng import Rng
from iridescia.games.gemrush import cards as C
from iridescia.games.gemrush import construction as K
from iridescia.games.gemrush import mine, rules
from iridescia.games.gemrush.actions import (
    BUILD,
    BURN,
    BURN_DECK,
    DISCARD,
    DONE,
    DRAW,
    END,
    JUMP,
    KEEP,
    NAME,
    NAME2,
    PAID,
    PAY,
    ROOM,
    ROTATE,
    STOP,
    WALK,
    WALK_DIR,
)
from iridescia.games.gemrush.data import CARD_GEMS, CARD_MASK, TILE_IS_TUNNEL
from iridescia.games.gemrush.grid import DELTA, DOOR_DIRS
from iridescia.games.gemrush.payment import best_payment
from iridescia.games.gemrush.schemas import DD, EG, NUM_GEMS, NUM_STANDARD, OR, WS
from iridescia.games.gemrush.state import (
    NO_TILE,
    P_DEST,
    P_DISCARD_ANY,
    P_PAY,
    P_ROTATE,
    PH_ACTION,
    PH_MOVE,
    PH_OVER,
    State,
)

# What one printed gem is worth to a hand, in "standard gem" units: a Diamond Dust fills any
# slot; an Echoglass only copies; an Orichalcum adds a point when its card pays; a Warpstone
# jumps or warps.
GEM_WORTH: Final = (1.0,) * NUM_STANDARD + (0.0,) * (NUM_GEMS - NUM_STANDARD)
_SPECIAL_WORTH: Final = {DD: 1.1, EG: 0.4, OR: 0.5, WS: 0.6}
CARD_WORTH: Final[tuple[float, ...]] = tuple(
    sum(_SPECIAL_WORTH.get(g, GEM_WORTH[g]) for g in gems) for gems in CARD_GEMS
)
# The mean card of the data set: what a blind draw is worth.
MEAN_CARD: Final = sum(CARD_WORTH[1:]) / (len(CARD_WORTH) - 1)
# Points per unit of card worth spent: the price of a card when judging a construction, and
# the exchange rate of the evaluator (a card of two standard gems is worth about one point).
POINTS_PER_WORTH: Final = 0.55
# A free door scores nothing but opens a new room and new doors.
FREE_DOOR_GAIN: Final = 0.3
# The worth a card beyond the hand limit keeps (a Patience Vein, a construction before phase 1).
EXCESS_CARD_SHARE: Final = 0.15
# What opening new sites is worth, shared out over the sites the mine has (``construction_gain``).
OPENING_GAIN: Final = 1.5
# Cards a turn's phase-3 action brings, on average (a draw 1, most rooms 2-3).
EXPECTED_INFLOW: Final = 2
FULL_WORTH_TURNS: Final = 2.0  # with fewer turns left than this, cards are worth less
MAX_DECISIONS: Final = 200  # a turn never takes this many decisions; a guard, not a rule


def turns_left(s: State, seat: int, table_turns: int | None = None) -> float:
    """How many more turns ``seat`` should get, the current one included if it is the seat's.
    Crisis: from the burn clock (R41, R42; ``table_turns``, the turns the whole table has
    left, when already known). Rush has no clock: enough that cards keep their full worth."""
    if not s.burns or s.params.burn_per_turn <= 0:
        return FULL_WORTH_TURNS
    left = table_turns_left(s) if table_turns is None else table_turns
    first = (seat - s.current) % s.num_players  # the seat's next turn is this many turns away
    return 0.0 if left <= first else float((left - first - 1) // s.num_players + 1)


def table_turns_left(s: State) -> int:
    """Turns the table has left in Crisis: unburnt cards over burns per turn, rounded up."""
    return -(-C.unburnt(s) // s.params.burn_per_turn) if s.params.burn_per_turn > 0 else 0


def card_share(s: State, seat: int, table_turns: int | None = None) -> float:
    """How much of its worth a card in ``seat``'s hand keeps: all of it with two turns or more
    left to spend it in, half with one, nothing with none."""
    return min(1.0, turns_left(s, seat, table_turns) / FULL_WORTH_TURNS)


# ------------------------------------------------------------------ constructions


def hand_worth(worths: list[float], limit: int) -> float:
    """What cards of these worths are worth in a hand: the best ``limit`` in full, the rest at
    ``EXCESS_CARD_SHARE``, since phase 1 discards down to the limit before they can pay for
    anything (Gem Rush R12). ``worths`` is sorted in place."""
    if len(worths) <= limit:
        return sum(worths)
    worths.sort(reverse=True)
    return sum(worths[:limit]) + EXCESS_CARD_SHARE * sum(worths[limit:])


def construction_gain(s: State, tile: int, d: int, warped: bool) -> float | None:
    """What building at the site of ``tile`` towards d gains the current player: its points
    and Orichalcum bonus less what the hand loses by paying (None when it cannot pay).

    The loss is marginal: the hand is valued with the cards the turn's action should still
    bring (``EXPECTED_INFLOW`` average cards), so paying with cards the hand limit would throw
    away costs next to nothing, and as much as the cards are still worth (``card_share``). The
    new room's doors add ``OPENING_GAIN`` shared over the mine's sites: little in an open mine,
    much when the door is one of the last."""
    side = mine.shown_side(s, tile, d)
    if not side.cost and not warped:
        return FREE_DOOR_GAIN
    hand = s.me.hand
    plan = best_payment(K.hand_gems(s, hand), side.cost, warped)
    if plan is None:
        return None
    picked, bonus = plan
    inflow = [MEAN_CARD] * EXPECTED_INFLOW
    limit = s.params.hand_limit
    before = hand_worth([CARD_WORTH[c] for c in hand] + inflow, limit)
    kept = [CARD_WORTH[c] for i, c in enumerate(hand) if i not in picked]
    loss = before - hand_worth(kept + inflow, limit)
    # A new room opens new sites; that matters most when few are left (with one 0-point door
    # as the last site, nobody would ever build it and the game would stall).
    opening = OPENING_GAIN / max(1, len(mine.sites(s)))
    return side.points + bonus + opening - POINTS_PER_WORTH * card_share(s, s.current) * loss


def _payment_choice(s: State, legal: Sequence[Action]) -> Action:
    """Pay with the cheapest valid payment of the whole hand: its cards one by one, then
    ``paid``. Cards chosen otherwise before (by a search) are completed as cheaply as offered."""
    for a in legal:
        if a.kind == PAID:
            return a
    _, tile, d, warped = s.pending[-1]
    hand = s.me.hand
    plan = best_payment(K.hand_gems(s, hand), mine.shown_side(s, tile, d).cost, bool(warped))
    wanted = {hand[i] for i in plan[0]} if plan is not None else set()
    offered = [a for a in legal if a.kind == PAY]
    if wanted.issuperset(s.chosen):
        for a in offered:
            if a.a in wanted:
                return a
    return min(offered, key=lambda a: (CARD_WORTH[a.a], a.id)) if offered else legal[0]


def _best_site_from(s: State, room: int, walking: bool) -> tuple[float, int]:
    """The best construction gain through ``room``'s doors, and its direction (-1: none)."""
    best, best_d = float("-inf"), -1
    if not s.stack:
        return best, best_d
    for d, target, _, _ in mine.room_exits(s, room):
        if target == NO_TILE:
            gain = construction_gain(s, room, d, warped=not walking)
            if gain is not None and gain > best:
                best, best_d = gain, d
    return best, best_d


def _step_towards_site(s: State) -> Action | None:
    """The first step of a walk to a room from which a worthwhile door can be built with the
    steps left (a breadth-first walk; the nearest best door wins)."""
    if s.steps < 2:
        return None
    start = s.me.room
    first: dict[int, int] = {start: -1}
    frontier = [start]
    best, best_dir = 0.0, -1
    for depth in range(1, s.steps):
        nxt: list[int] = []
        for room in frontier:
            for d, target, _, _ in mine.room_exits(s, room):
                if target == NO_TILE or target in first:
                    continue
                first[target] = d if depth == 1 else first[room]
                nxt.append(target)
                gain, _ = _best_site_from(s, target, walking=True)
                if gain > best:
                    best, best_dir = gain, first[target]
        frontier = nxt
    return None if best_dir < 0 else WALK_DIR[best_dir]


def has_access(s: State, seat: int) -> bool:
    """Whether ``seat`` can still reach a construction site: by walking from its dwarf's room
    (through any number of rooms), or with a Warpstone card (a jump or a warped construction,
    R19, R25). Without access a dwarf can only draw until someone else opens the mine."""
    p = s.players[seat]
    if any(CARD_MASK[c] & K.WARP_BIT for c in p.hand):
        return True
    return _walks_to_site(s, p.room)


def _walks_to_site(s: State, start: int) -> bool:
    """Whether walking from room ``start`` can reach a room with a construction site (a
    breadth-first walk that stops at the first one). A closed mine counts as reachable: it
    reopens at the next turn (R101), and nobody is cut off."""
    site_rooms = {tile for tile, _, _, _ in mine.sites(s)}
    if not site_rooms or start in site_rooms:
        return True
    seen = {start}
    frontier = [start]
    while frontier:
        nxt: list[int] = []
        for room in frontier:
            for _, target, _, _ in mine.room_exits(s, room):
                if target != NO_TILE and target not in seen:
                    if target in site_rooms:
                        return True
                    seen.add(target)
                    nxt.append(target)
        frontier = nxt
    return False


def _escape(s: State, legal: Sequence[Action]) -> Action | None:
    """Cut off from every site: build warped wherever the hand can, else jump."""
    builds = [a for a in legal if a.kind == BUILD]
    if builds:
        return max(builds, key=lambda a: (construction_gain(s, a.a, a.b, True) or 0.0, -a.id))
    jumps = [a for a in legal if a.kind == JUMP]
    if jumps:
        return min(jumps, key=lambda a: (CARD_WORTH[a.a], a.id))
    return None


def _destination_choice(s: State, legal: Sequence[Action], rng: Rng) -> Action:
    """Move to the room with the best door to build next (any, if none has one)."""
    best: list[Action] = []
    best_gain = float("-inf")
    for a in legal:
        gain, _ = _best_site_from(s, a.a, walking=True)
        if gain > best_gain:
            best, best_gain = [a], gain
        elif gain == best_gain:
            best.append(a)
    return best[rng.below(len(best))]


def _site_within_reach(s: State) -> bool:
    """Whether walking alone can ever bring the current dwarf to a site."""
    site_rooms = {tile for tile, _, _, _ in mine.sites(s)}
    return not site_rooms or any(r in site_rooms for r in mine.walk_distances(s, s.me.room))


def _movement_choice(s: State, legal: Sequence[Action]) -> Action:
    best: Action | None = None
    best_gain = 0.0
    room = s.me.room
    exits = {d: target for d, target, _, _ in mine.room_exits(s, room)}
    for a in legal:
        if a.kind == WALK and exits.get(a.a, 0) == NO_TILE:
            gain = construction_gain(s, room, a.a, warped=False)
        elif a.kind == BUILD:
            gain = construction_gain(s, a.a, a.b, warped=True)
            if gain is not None:
                gain -= POINTS_PER_WORTH * MEAN_CARD  # the warp card may be one more card
        else:
            continue
        if gain is not None and gain > best_gain:
            best, best_gain = a, gain
    if best is not None:
        return best
    step = _step_towards_site(s)
    if step is not None and step in legal:
        return step
    if not _walks_to_site(s, s.me.room):
        escape = _escape(s, legal)
        if escape is not None:
            return escape
    for a in legal:
        if a.kind == END:
            return a
    return legal[-1]


# ------------------------------------------------------------------ phase 3


def room_gain(s: State, rng: Rng) -> float:
    """What using the current room's effect gains, tried on a copy with this policy making its
    choices: points, plus the worth of the cards won (less those given up), in points."""
    seat = s.current
    trial = s.clone()
    before = trial.players[seat]
    score, worth = before.score, sum(CARD_WORTH[c] for c in before.hand)
    room_action = next(a for a in rules.legal_actions(trial) if a.kind == ROOM)
    rules.apply_unchecked(trial, room_action)
    for _ in range(MAX_DECISIONS):
        if trial.fx_room < 0 or trial.phase == PH_OVER or trial.current != seat:
            break
        legal = rules.legal_actions(trial)
        rules.apply_unchecked(trial, default_action(trial, legal, rng, look_ahead=False))
    after = trial.players[seat]
    gained = sum(CARD_WORTH[c] for c in after.hand) - worth
    return after.score - score + POINTS_PER_WORTH * gained


def _action_choice(s: State, legal: Sequence[Action], rng: Rng, look_ahead: bool) -> Action:
    draw = next(a for a in legal if a.kind == DRAW)
    room = next((a for a in legal if a.kind == ROOM), None)
    if room is None or not look_ahead:
        return draw
    if room_gain(s, rng) > POINTS_PER_WORTH * MEAN_CARD:
        return room
    return draw


# ------------------------------------------------------------------ cards


def _needed_gems(s: State) -> list[float]:
    """How much each standard gem is wanted: its count over the costs of the mine's
    construction sites, those of the dwarf's own room counting double."""
    need = [0.0] * NUM_GEMS
    room = s.me.room
    for tile, d, _, _ in mine.sites(s):
        weight = 2.0 if tile == room else 1.0
        for g in mine.shown_side(s, tile, d).cost:
            need[g] += weight
    return need


def _keep_worth(s: State, card: int, need: Sequence[float]) -> float:
    return CARD_WORTH[card] + 0.1 * sum(need[g] for g in CARD_GEMS[card] if g < NUM_STANDARD)


def _cheapest(actions: Sequence[Action], s: State) -> Action:
    need = _needed_gems(s)
    return min(actions, key=lambda a: (_keep_worth(s, a.a, need), a.id))


def _dearest(actions: Sequence[Action], s: State) -> Action:
    need = _needed_gems(s)
    return max(actions, key=lambda a: (_keep_worth(s, a.a, need), -a.id))


def _rotation_choice(s: State, legal: Sequence[Action]) -> Action:
    """Turn the tile so that most of its doors face empty places (future sites)."""
    _, _, tile, pos, _ = s.pending[-1]
    if TILE_IS_TUNNEL[tile]:
        return legal[0]

    def open_doors(a: Action) -> int:
        return sum(1 for d in DOOR_DIRS[tile][a.a] if pos + DELTA[d] not in s.tile_at)

    return max(legal, key=lambda a: (open_doors(a), -a.id))


# ------------------------------------------------------------------ the policy


def default_action(s: State, legal: Sequence[Action], rng: Rng, look_ahead: bool = True) -> Action:
    """The heuristic player's choice among ``legal`` (non-empty) in ``s``."""
    if len(legal) == 1:
        return legal[0]
    if s.pending:
        kind = s.pending[-1][0]
        if kind == P_PAY:
            return _payment_choice(s, legal)
        if kind == P_ROTATE:
            return _rotation_choice(s, legal)
        if kind == P_DISCARD_ANY:
            return next((a for a in legal if a.kind == DONE), legal[0])
        if kind == P_DEST:
            return _destination_choice(s, legal, rng)
    elif s.phase == PH_MOVE:
        return _movement_choice(s, legal)
    elif s.phase == PH_ACTION:
        return _action_choice(s, legal, rng, look_ahead)
    first = legal[0].kind
    if first == DISCARD:  # the hand limit, DISCARD ONE
        return _cheapest([a for a in legal if a.kind == DISCARD], s)
    if first == KEEP:
        return _dearest(legal, s)
    if first in (NAME, NAME2):
        need = _needed_gems(s)
        return max(legal, key=lambda a: (need[a.a] + (need[a.b] if a.kind == NAME2 else 0), -a.id))
    if first == STOP:
        return legal[0]
    if any(a.kind == BURN_DECK for a in legal):
        return next(a for a in legal if a.kind == BURN_DECK)
    burns = [a for a in legal if a.kind == BURN]
    if burns:
        return _cheapest(burns, s)
    if first == ROTATE:
        return legal[0]
    return legal[rng.below(len(legal))]


def candidates(s: State, legal: Sequence[Action]) -> Sequence[Action]:
    """The actions a search should look at: all, except that a burn from a hand (Crisis, R41)
    is only ever worth making with that hand's least valuable card (by worth, then id), so the
    other cards of each hand are left out (4-player Crisis: 17 burn choices become 5)."""
    if not any(a.kind == BURN for a in legal):
        return legal
    cheapest: dict[int, Action] = {}
    for p in s.players:
        own = [a for a in legal if a.kind == BURN and a.a in p.hand]
        if own:
            cheapest[p.seat] = min(own, key=lambda a: (CARD_WORTH[a.a], a.id))
    kept = set(cheapest.values())
    return [a for a in legal if a.kind != BURN or a in kept]


def finish_turn(s: State, seat: int, rng: Rng) -> State:
    """``s`` played on by the default policy until ``seat``'s turn has passed (or the game is
    over, or another seat decides). ``s`` is changed and returned."""
    start = s.turns_done
    for _ in range(MAX_DECISIONS):
        if s.phase == PH_OVER or s.current != seat or s.turns_done != start:
            return s
        legal = rules.legal_actions(s)
        rules.apply_unchecked(s, default_action(s, legal, rng))
    return s
