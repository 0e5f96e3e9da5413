"""The forward model: the current decision, its legal actions, and applying an action.

One source of legality: ``apply`` accepts exactly what ``legal_actions`` offers, checks before it
changes anything (so an illegal action leaves the state untouched), and returns the events the
action produced. ``apply_unchecked`` skips the check for search code that already took the action
from ``legal_actions`` of the same state.

Checking is cheap: a decision whose legal list is costly to build (the reveal phase, the optional
actions) has a ``check`` that answers "is this action in the list?" from the same predicates the
generator uses, without building the list; ``tests/test_legality.py`` holds every ``check`` equal
to membership in its generator's list, for every action of the table, over many random states.
The other decisions' lists are a handful of actions: their check is a scan of the list.

Why an action is not legal is asked separately (``refusal``), never on the way of a legal
action: each decision's ``refuse`` (``refusals.py``) names the first of its predicates that
fails, once the check has said no. ``apply`` raises ``IllegalActionError`` with that refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Final

from iridescia.core.errors import IllegalActionError, InvalidActionError
from iridescia.core.refusals import Refusal, game_over, not_your_turn
from iridescia.games.iridescia import items as I
from iridescia.games.iridescia import refusals as R
from iridescia.games.iridescia import turn as T
from iridescia.games.iridescia.actions import ACTION_TABLE, NUM_ACTIONS, Action, from_id, parse
from iridescia.games.iridescia.state import (
    ACTIONS_PHASE,
    GAME_OVER,
    P_ADJUST,
    P_ARRIVAL_COLOUR,
    P_AXE,
    P_BLOCKED_DISCARD,
    P_BLOCKED_PLACE,
    P_CAULDRON_RETURN,
    P_CAULDRON_TAKE,
    P_DIE,
    P_LAND,
    P_LIBATION_MODE,
    P_LIBATION_PICK,
    P_OBJECTIVE,
    P_OVERFLOW,
    P_PICKAXE_COLOUR,
    P_PICKAXE_TILE,
    P_RESERVE,
    P_SWAP,
    P_WELL,
    REMOVE_PHASE,
    RESTORE_PHASE,
    REVEAL_PHASE,
    Event,
    State,
)

Legal = Callable[[State], list[Action]]
Apply = Callable[[State, Action], None]
Check = Callable[[State, Action], bool]


@dataclass(frozen=True, slots=True)
class DecisionKind:
    name: str
    prompt: str
    legal: Legal
    apply: Apply
    refuse: R.Refuse  # why an action this decision does not offer is not legal (see above)
    check: Check | None = None  # membership in ``legal(s)`` without building it (see above)


_PHASES: Final[dict[int, DecisionKind]] = {
    REVEAL_PHASE: DecisionKind(
        "reveal", "Reveal a tile or move onto one", T.legal_reveal_phase, T.apply_reveal_phase,
        R.refuse_reveal, T.check_reveal_phase,
    ),
    ACTIONS_PHASE: DecisionKind(
        "actions", "Mine, buy, sell, play items, or end", T.legal_actions_phase,
        T.apply_actions_phase, R.refuse_actions, T.check_actions_phase,
    ),
    RESTORE_PHASE: DecisionKind(
        "restore", "Restore relics, then finish the turn", T.legal_restore, T.apply_restore,
        R.refuse_restore,
    ),
    REMOVE_PHASE: DecisionKind(
        "remove", "From the Castle: remove a tile from the board", T.legal_remove,
        T.apply_remove, R.refuse_remove,
    ),
}  # fmt: skip

_PENDING: Final[dict[int, DecisionKind]] = {
    P_OBJECTIVE: DecisionKind(
        "objective", "Discard one of your two objectives", T.legal_objective, T.apply_objective,
        R.refuse_objective,
    ),
    P_ARRIVAL_COLOUR: DecisionKind(
        "tile colour", "Choose the colour of this tile", T.legal_arrival_colour,
        T.apply_arrival_colour, R.refuse_other("tile colour"),
    ),
    P_OVERFLOW: DecisionKind(
        "cargo limit", "Too many gems: give one away", T.legal_overflow, T.apply_overflow,
        R.refuse_overflow,
    ),
    P_BLOCKED_DISCARD: DecisionKind(
        "blocked: discard", "Blocked: discard a tile from your victory pile",
        T.legal_blocked_discard, T.apply_blocked_discard, R.refuse_blocked_discard,
    ),
    P_BLOCKED_PLACE: DecisionKind(
        "blocked: place", "Blocked: choose the empty hex to restart from",
        T.legal_blocked_place, T.apply_blocked_place, R.refuse_blocked_place,
    ),
    P_DIE: DecisionKind("die", "Choose a die to change", I.legal_die, I.apply_die, R.refuse_die),
    P_ADJUST: DecisionKind(
        "adjust", "Choose how to change it", I.legal_adjust, I.apply_adjust, R.refuse_adjust
    ),
    P_LIBATION_MODE: DecisionKind(
        "libation", "Re-roll your dice or roll market dice", I.legal_libation_mode,
        I.apply_libation_mode, R.refuse_libation_mode,
    ),
    P_LIBATION_PICK: DecisionKind(
        "libation dice", "Pick dice to roll, then roll", I.legal_libation_pick,
        I.apply_libation_pick, R.refuse_libation_pick,
    ),
    P_WELL: DecisionKind(
        "wishing well", "Take your gem", I.legal_well, I.apply_well, R.refuse_well
    ),
    P_CAULDRON_RETURN: DecisionKind(
        "cauldron", "Return a gem", I.legal_cauldron_return, I.apply_cauldron_return,
        R.refuse_cauldron_return,
    ),
    P_CAULDRON_TAKE: DecisionKind(
        "cauldron gem", "Take a gem of any colour", I.legal_cauldron_take,
        I.apply_cauldron_take, R.refuse_cauldron_take,
    ),
    P_AXE: DecisionKind(
        "axe", "Choose a colour you hold to gain one more", I.legal_axe, I.apply_axe,
        R.refuse_axe,
    ),
    P_RESERVE: DecisionKind(
        "book", "Reserve a relic", I.legal_reserve, I.apply_reserve, R.refuse_reserve
    ),
    P_LAND: DecisionKind(
        "catapult", "Choose where to land", I.legal_land, I.apply_land, R.refuse_land
    ),
    P_SWAP: DecisionKind(
        "swap", "Choose an explorer to swap with", I.legal_swap, I.apply_swap, R.refuse_swap
    ),
    P_PICKAXE_TILE: DecisionKind(
        "pickaxe", "Choose an adjacent revealed tile", I.legal_pickaxe_tile,
        I.apply_pickaxe_tile, R.refuse_pickaxe_tile,
    ),
    P_PICKAXE_COLOUR: DecisionKind(
        "pickaxe colour", "Name the colour of that tile", I.legal_pickaxe_colour,
        I.apply_pickaxe_colour, R.refuse_other("pickaxe colour"),
    ),
}  # fmt: skip


def decision_kind(s: State) -> DecisionKind | None:
    if s.phase == GAME_OVER:
        return None
    if s.pending:
        return _PENDING[s.pending[-1][0]]
    return _PHASES[s.phase]


# A C-level sort key: sorting by a Python function cost 8% of a game.
_BY_ID: Final = attrgetter("id")


def legal_actions(s: State) -> list[Action]:
    """The legal actions of the current decision, sorted by action id ([] when the game is over)."""
    d = decision_kind(s)
    if d is None:
        return []
    out = d.legal(s)
    out.sort(key=_BY_ID)
    return out


def coerce(action: object) -> Action:
    """The table's action from an Action, its text, or its id; InvalidActionError for anything
    else (typed ``object``: compiled, a narrower type would raise TypeError first)."""
    if isinstance(action, Action):
        i = action.id
        if 0 <= i < NUM_ACTIONS:
            entry = ACTION_TABLE[i]
            if entry is action or entry == action:
                return entry
        raise InvalidActionError(f"{action!r} is not an action of the action table")
    if isinstance(action, str):
        return parse(action)
    if isinstance(action, int) and not isinstance(action, bool):
        return from_id(action)
    raise InvalidActionError(f"cannot read an action from {type(action).__name__}")


def is_legal(s: State, a: Action) -> bool:
    """Whether the table action ``a`` is legal now."""
    d = decision_kind(s)
    if d is None:
        return False
    if d.check is not None:
        return d.check(s, a)
    return any(x is a for x in d.legal(s))  # table actions are unique objects: compare identity


def refusal(s: State, a: Action, seat: int | None = None) -> Refusal | None:
    """Why the table action ``a`` is not legal now, or None when it is (for ``seat``, when
    given: another seat's turn is a refusal too). Never changes the state."""
    d = decision_kind(s)
    if d is None:
        return game_over()
    if seat is not None and seat != s.current:
        return not_your_turn(s.current)
    legal = d.check(s, a) if d.check is not None else any(x is a for x in d.legal(s))
    return None if legal else d.refuse(s, a)


def apply(s: State, action: object) -> list[Event]:
    """Apply a legal action and return its events; the state is untouched on any error."""
    a = coerce(action)
    d = decision_kind(s)
    if d is None:
        raise IllegalActionError(f"{a}: the game is over", game_over())
    legal = d.check(s, a) if d.check is not None else any(x is a for x in d.legal(s))
    if not legal:
        why = d.refuse(s, a)  # only now: a legal action never pays for the reason
        options = sorted(d.legal(s), key=_BY_ID)
        shown = ", ".join(str(x) for x in options[:12])
        more = "" if len(options) <= 12 else f", ... ({len(options)} in all)"
        raise IllegalActionError(
            f"{a} is not legal now (seat {s.current + 1}, {d.name}): {why.text()} "
            f"(legal: {shown}{more})",
            why,
        )
    s.events = []
    d.apply(s, a)
    return s.events


def apply_unchecked(s: State, a: Action) -> list[Event]:
    """Apply an action taken from ``legal_actions(s)`` without checking it again (search)."""
    d = decision_kind(s)
    assert d is not None
    s.events = []
    d.apply(s, a)
    return s.events
