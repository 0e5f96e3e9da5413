"""The forward model: the current decision, its legal actions, applying an action, and the
driver that steps the automatic phases.

One source of legality: ``apply`` accepts exactly what ``legal_actions`` offers, checks before
it changes anything (so an illegal action leaves the state untouched), and returns the events
it produced. ``apply_unchecked`` skips the check, for search code that took the action from
``legal_actions`` of the very same state.

Every decision is a ``DecisionKind(name, prompt, legal, apply)`` row: one per decision phase
(``_PHASES``) and one per pending decision (``_PENDING``). After an action, ``advance`` runs the
automatic phases (turn start, phase-2 start, effects, placement chains, end of turn) until a
decision is needed or the game is over.

Why an action is not legal (``refusal``) is asked only once it is found missing from the legal
actions: each decision's ``refuse`` (``refusals.py``) names the first predicate that fails, and
``apply`` raises ``IllegalActionError`` with it.

The legal actions of a state are computed once and kept in ``state.legal_cache`` until the
next change, so a player that asks for them and then applies one pays for them once (measured:
a random playout step costs about half as much).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter

from iridescia.core.actions import Action
from iridescia.core.errors import IllegalActionError
from iridescia.core.events import Event
from iridescia.core.refusals import Refusal, game_over, not_your_turn
from iridescia.games.gemrush import construction as K
from iridescia.games.gemrush import effects as FX
from iridescia.games.gemrush import ops_cards as OC
from iridescia.games.gemrush import ops_mine as OM
from iridescia.games.gemrush import refusals as R
from iridescia.games.gemrush import turn as T
from iridescia.games.gemrush.actions import ACTIONS, NUM_ACTIONS
from iridescia.games.gemrush.state import (
    DECISION_PHASES,
    P_COPY,
    P_DEST,
    P_DISCARD_ANY,
    P_DISCARD_ONE,
    P_ELEVATOR_DOOR,
    P_KEEP,
    P_NAME,
    P_NAME2,
    P_ORDER,
    P_PAY,
    P_REMOVE,
    P_REOPEN,
    P_ROTATE,
    P_SETUP_DOOR,
    P_SWAP,
    PH_ACTION,
    PH_AFTER_ACTION,
    PH_BURN,
    PH_CHAIN,
    PH_EFFECT,
    PH_HAND,
    PH_MOVE,
    PH_MOVE_START,
    PH_OVER,
    PH_STOP,
    PH_TURN_END,
    PH_TURN_START,
    ROT_CHAIN,
    State,
)

Legal = Callable[[State], list[Action]]
Apply = Callable[[State, Action], None]


@dataclass(frozen=True, slots=True)
class DecisionKind:
    """One kind of decision: its name (views, logs), prompt, legal actions, apply, and why an
    action it does not offer is not legal (asked only then)."""

    name: str
    prompt: str
    legal: Legal
    apply: Apply
    refuse: R.Refuse


def _legal_rotation(s: State) -> list[Action]:
    if s.pending[-1][1] == ROT_CHAIN:
        return K.legal_chain_rotation(s)
    return OM.legal_elevator_rotation(s)


def _apply_rotation(s: State, a: Action) -> None:
    if s.pending[-1][1] == ROT_CHAIN:
        K.apply_chain_rotation(s, a)
    else:
        OM.apply_elevator_rotation(s, a)


_PHASES: dict[int, DecisionKind] = {
    PH_HAND: DecisionKind("hand limit", "Discard down to the hand limit, one card at a time",
                          T.legal_hand_limit, T.apply_hand_limit, R.refuse_hand_limit),
    PH_MOVE: DecisionKind("movement", "Walk, build, use the room, warp, or end your movement",
                          T.legal_move, T.apply_move, R.refuse_move),
    PH_ACTION: DecisionKind("action", "Draw a card or use the room's effect",
                            T.legal_action, T.apply_action, R.refuse_action),
    PH_BURN: DecisionKind("burn", "Burn a card: the deck's top card or one from a hand",
                          T.legal_burn, T.apply_burn, R.refuse_burn),
    PH_STOP: DecisionKind("stop", "The team reached the target: stop now or play on",
                          T.legal_stop, T.apply_stop, R.refuse_other("stop")),
}  # fmt: skip

_PENDING: dict[int, DecisionKind] = {
    P_PAY: DecisionKind("payment", "Choose the cards that pay for the door, then 'paid'",
                        K.legal_pay, K.apply_pay, R.refuse_pay),
    P_ROTATE: DecisionKind("rotation", "Choose how to turn the tile", _legal_rotation,
                           _apply_rotation, R.refuse_rotation),
    P_SETUP_DOOR: DecisionKind("setup door", "Choose an open tunnel door to extend the start",
                               K.legal_setup_door, K.apply_setup_door, R.refuse_setup_door),
    P_REOPEN: DecisionKind("reopen", "The mine is closed: choose where to add a tile",
                           K.legal_reopen, K.apply_reopen, R.refuse_reopen),
    P_DEST: DecisionKind("destination", "Choose the room to move to", OM.legal_dest,
                         OM.apply_dest, R.refuse_dest),
    P_ELEVATOR_DOOR: DecisionKind("elevator door", "Choose the open door to move the room to",
                                  OM.legal_elevator_door, OM.apply_elevator_door,
                                  R.refuse_elevator_door),
    P_DISCARD_ONE: DecisionKind("discard one", "Discard a card", OC.legal_discard_one,
                                OC.apply_discard_one, R.refuse_discard_one),
    P_DISCARD_ANY: DecisionKind("discard any", "Discard any number of cards, then 'done'",
                                OC.legal_discard_any, OC.apply_discard_any,
                                R.refuse_discard_any),
    P_KEEP: DecisionKind("keep", "Keep a card", OC.legal_keep, OC.apply_keep, R.refuse_keep),
    P_NAME: DecisionKind("name", "Name a gem", OC.legal_name, OC.apply_name,
                         R.refuse_other("name")),
    P_NAME2: DecisionKind("name two", "Name two different gems", OC.legal_name2,
                          OC.apply_name, R.refuse_other("name two")),
    P_COPY: DecisionKind("copy", "Choose the room to copy", FX.legal_copy, FX.apply_copy,
                         R.refuse_copy),
    P_REMOVE: DecisionKind("remove", "Choose a tile without dwarves to remove",
                           OM.legal_remove, OM.apply_remove, R.refuse_remove),
    P_SWAP: DecisionKind("swap", "Choose the player to swap places with", OM.legal_swap,
                         OM.apply_swap, R.refuse_swap),
    P_ORDER: DecisionKind("order", "Put the tiles back, top tile first", OM.legal_order,
                          OM.apply_order, R.refuse_order),
}  # fmt: skip

_AUTOMATIC: dict[int, Callable[[State], None]] = {
    PH_TURN_START: T.turn_start,
    PH_MOVE_START: T.move_start,
    PH_EFFECT: FX.effect_step,
    PH_CHAIN: K.chain_step,
    PH_AFTER_ACTION: T.after_action,
    PH_TURN_END: T.turn_end,
}


def decision_kind(s: State) -> DecisionKind | None:
    """The current decision's row, or None once the game is over."""
    if s.pending:
        return _PENDING[s.pending[-1][0]]
    return _PHASES.get(s.phase)


def advance(s: State) -> None:
    """Run the automatic phases until a decision is needed or the game is over."""
    auto = _AUTOMATIC
    while not s.pending and s.phase not in DECISION_PHASES and s.phase != PH_OVER:
        auto[s.phase](s)
    s.legal_cache = None


def legal_actions(s: State) -> list[Action]:
    """The legal actions of the current decision, sorted by id ([] once the game is over).
    The list is the state's cache: callers must not change it."""
    cached = s.legal_cache
    if cached is not None:
        return cached
    d = decision_kind(s)
    out = [] if d is None else d.legal(s)
    out.sort(key=_BY_ID)
    s.legal_cache = out
    return out


_BY_ID = attrgetter("id")


def _table_action(action: Action | str | int) -> Action:
    if isinstance(action, Action) and 0 <= action.id < NUM_ACTIONS and ACTIONS[action.id] is action:
        return action  # an action value from the table itself: nothing to look up
    return ACTIONS.coerce(action)


def refusal(s: State, action: Action | str | int, seat: int | None = None) -> Refusal | None:
    """Why ``action`` is not legal now, or None when it is (for ``seat``, when given: another
    seat's turn is a refusal too). InvalidActionError when it cannot be read; the state is
    unchanged (only the legal-action cache may be filled)."""
    a = _table_action(action)
    d = decision_kind(s)
    if d is None:
        return game_over()
    if seat is not None and seat != s.current:
        return not_your_turn(s.current)
    for x in legal_actions(s):
        if x is a:
            return None
    return d.refuse(s, a)


def apply(s: State, action: Action | str | int) -> list[Event]:
    """Apply a legal action and return its events; the state is untouched on any error
    (InvalidActionError when it cannot be read, IllegalActionError when it is not legal)."""
    if isinstance(action, Action) and 0 <= action.id < NUM_ACTIONS and ACTIONS[action.id] is action:
        a = action  # an action value from the table itself: nothing to look up
    else:
        a = ACTIONS.coerce(action)
    legal = legal_actions(s)
    for x in legal:
        if x is a:
            return apply_unchecked(s, a)
    d = decision_kind(s)
    if d is None:
        raise IllegalActionError(f"{a}: the game is over", game_over())
    why = d.refuse(s, a)  # only now: a legal action never pays for the reason
    options = ", ".join(str(x) for x in legal[:12])
    more = "" if len(legal) <= 12 else f", ... ({len(legal)} in all)"
    raise IllegalActionError(
        f"{a} is not legal now (seat {s.current + 1}, {d.name}): {why.text()} "
        f"(legal: {options}{more})",
        why,
    )


def apply_unchecked(s: State, a: Action) -> list[Event]:
    """Apply an action taken from ``legal_actions(s)`` without checking it again (search).
    Anything else is undefined behaviour."""
    d = decision_kind(s)
    assert d is not None
    s.events = []
    s.legal_cache = None
    s.history.append(a.id)
    d.apply(s, a)
    advance(s)
    return s.events


def is_over(s: State) -> bool:
    return s.phase == PH_OVER
