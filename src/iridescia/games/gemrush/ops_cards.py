"""The card primitives of room effects (Gem Rush R50-R53, R98, R99) and their decisions.

Each primitive has ``run(s, op) -> bool`` (True once the op is done; False when it opened a pending
decision, whose ``apply`` finishes the op and moves the effect on by one step) and, where
Gem Rush R53 gives it a mandatory part, ``usable(s, op)``. Everything runs for the current player.

Decisions of several cards (DISCARD ANY, KEEP k) collect ``state.chosen`` one card at a time
and commit the set when the step ends: ``done`` for DISCARD ANY, and automatically once k cards
are chosen for KEEP (spec §9). A choice the rules leave no freedom in is made by the engine:
KEEP when the eligible cards are no more than k (Gem Rush R91), DISCARD ANY when no card qualifies
(X = 0), NAME when Transmuter's X is 0 (ruling GR-Gem Rush R98a).
"""

from __future__ import annotations

from iridescia.core.actions import Action
from iridescia.games.gemrush import cards as C
from iridescia.games.gemrush.actions import (
    DISCARD,
    DISCARD_CARD,
    DONE_ACTION,
    KEEP_CARD,
    NAME2,
    NAME_GEM,
    NAME_PAIR,
)
from iridescia.games.gemrush.data import CARD_MASK
from iridescia.games.gemrush.program import (
    CNT_FIXED,
    CNT_HAND,
    CNT_UP_TO,
    CNT_X,
    FROM_DUG,
    Count,
    Op,
)
from iridescia.games.gemrush.rooms import current_op
from iridescia.games.gemrush.schemas import (
    GEM_CODES,
    CompiledTest,
    mask_gems,
    passes,
)
from iridescia.games.gemrush.state import (
    P_DISCARD_ANY,
    P_DISCARD_ONE,
    P_KEEP,
    P_NAME,
    P_NAME2,
    State,
)


def count_value(s: State, count: Count) -> int:
    """The value of a count when its op runs (Gem Rush R52, R99)."""
    how, n = count
    if how == CNT_FIXED:
        return n
    if how == CNT_X:
        return s.fx_x
    if how == CNT_HAND:
        return len(s.me.hand)
    if how == CNT_UP_TO:
        return max(0, n - len(s.me.hand))
    mine = s.me.score  # CNT_LEADERS: players strictly ahead, individual scores (Gem Rush R99)
    return sum(1 for p in s.players if p.seat != s.current and p.score > mine)


def card_passes(s: State, test: CompiledTest, card: int) -> bool:
    return passes(test, CARD_MASK[card], CARD_MASK[s.fx_c], s.fx_names)


def change_score(s: State, delta: int, reason: str) -> None:
    """Change the current player's score (Gem Rush R78: never below 0, no cap)."""
    p = s.me
    p.score = max(0, p.score + delta)
    s.emit("score", s.current, delta=delta, total=p.score, reason=reason)


def _matching(s: State, test: CompiledTest) -> list[int]:
    return [c for c in s.me.hand if card_passes(s, test, c)]


# ------------------------------------------------------------------ DISCARD ONE, DISCARD ANY


def usable_discard_one(s: State, op: Op) -> bool:
    """Gem Rush R53: DISCARD ONE needs a matching card in the hand."""
    return any(card_passes(s, op[1], c) for c in s.me.hand)


def run_discard_one(s: State, op: Op) -> bool:
    s.pending.append((P_DISCARD_ONE,))
    return False


def legal_discard_one(s: State) -> list[Action]:
    test = current_op(s)[1]
    return [DISCARD_CARD[c] for c in _matching(s, test)]


def apply_discard_one(s: State, a: Action) -> None:
    C.discard(s, s.current, [a.a], "effect")
    s.fx_c = a.a
    s.pending.pop()
    s.fx_pc += 1


def run_discard_any(s: State, op: Op) -> bool:
    if not _matching(s, op[1]):
        s.fx_x = 0  # nothing qualifies: X = 0 is the only choice (Gem Rush R98)
        return True
    s.chosen = []
    s.pending.append((P_DISCARD_ANY,))
    return False


def legal_discard_any(s: State) -> list[Action]:
    test = current_op(s)[1]
    chosen = s.chosen
    out = [DISCARD_CARD[c] for c in _matching(s, test) if c not in chosen]
    out.append(DONE_ACTION)
    return out


def apply_discard_any(s: State, a: Action) -> None:
    if a.kind == DISCARD:
        s.chosen.append(a.a)
        return
    chosen = s.chosen
    s.chosen = []
    if chosen:
        C.discard(s, s.current, chosen, "effect")
    s.fx_x = len(chosen)
    s.emit("x_chosen", s.current, x=s.fx_x)
    s.pending.pop()
    s.fx_pc += 1


def run_discard_hand(s: State, op: Op) -> bool:
    if s.me.hand:
        C.discard(s, s.current, list(s.me.hand), "effect")
    return True


# ------------------------------------------------------------------ REVEAL, DIG, KEEP


def run_reveal(s: State, op: Op) -> bool:
    C.reveal(s, count_value(s, op[1]))
    return True


def run_dig(s: State, op: Op) -> bool:
    n = count_value(s, op[1])
    if n > 0:
        C.dig(s, n, op[2], CARD_MASK[s.fx_c], s.fx_names)
    return True


def _eligible(s: State, source: int) -> list[int]:
    if source == FROM_DUG:
        return [c for c in s.revealed if c in s.dug]
    return list(s.revealed)


def run_keep_all(s: State, op: Op) -> bool:
    """KEEP ALL: every eligible card that passes the test goes to the hand; no choice
    (Gem Rush R91)."""
    kept = [c for c in _eligible(s, op[1]) if card_passes(s, op[2], c)]
    if kept:
        C.keep(s, s.current, kept)
    return True


def run_keep(s: State, op: Op) -> bool:
    """KEEP k: exactly min(k, eligible) cards (Gem Rush R38, R91), chosen one at a time."""
    eligible = _eligible(s, op[2])
    need = min(op[1], len(eligible))
    if need == len(eligible):
        if eligible:
            C.keep(s, s.current, eligible)
        return True
    s.chosen = []
    s.pending.append((P_KEEP, need))
    return False


def legal_keep(s: State) -> list[Action]:
    chosen = s.chosen
    return [KEEP_CARD[c] for c in _eligible(s, current_op(s)[2]) if c not in chosen]


def apply_keep(s: State, a: Action) -> None:
    s.chosen.append(a.a)
    if len(s.chosen) < s.pending[-1][1]:
        return
    kept = s.chosen
    s.chosen = []
    C.keep(s, s.current, kept)
    s.pending.pop()
    s.fx_pc += 1


# ------------------------------------------------------------------ NAME, NAME 2


def run_name(s: State, op: Op) -> bool:
    if op[2] and s.fx_x == 0:
        return True  # Transmuter with X = 0 digs nothing: naming would change nothing
    s.pending.append((P_NAME,) if op[1] == 1 else (P_NAME2,))
    return False


def legal_name(s: State) -> list[Action]:
    return list(NAME_GEM)


def legal_name2(s: State) -> list[Action]:
    return list(NAME_PAIR.values())


def apply_name(s: State, a: Action) -> None:
    """Gem Rush R50, R79: one gem, or two different ones (``name FR EG``)."""
    s.fx_names = (1 << a.a) | (1 << a.b) if a.kind == NAME2 else 1 << a.a
    s.emit("name", s.current, gems=[GEM_CODES[g] for g in mask_gems(s.fx_names)])
    s.pending.pop()
    s.fx_pc += 1


# ------------------------------------------------------------------ the rest


def run_draw(s: State, op: Op) -> bool:
    n = count_value(s, op[1])
    if n > 0:
        C.draw(s, s.current, n)
    return True


def run_score(s: State, op: Op) -> bool:
    delta = count_value(s, op[1])
    if delta:
        change_score(s, delta, "effect")
    return True


def usable_lose(s: State, op: Op) -> bool:
    """Gem Rush R53, R78: a score loss needs that many points (Dark Pit: at least 1)."""
    return bool(s.me.score >= op[1])


def run_lose(s: State, op: Op) -> bool:
    change_score(s, -op[1], "effect")
    return True


def run_take(s: State, op: Op) -> bool:
    C.take_from_discard(s, s.current, op[1], s.fx_c if op[2] else C.NO_CARD)
    return True


def run_patience(s: State, op: Op) -> bool:
    s.me.patience = True  # a yes/no flag: setting it twice changes nothing
    s.emit("patience", s.current)
    return True
