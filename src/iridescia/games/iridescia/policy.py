"""A cheap default way to finish one's turn, so that look-ahead compares like with like.

Comparing the state after "reveal 23" with the state after "move 24" or "end" is unfair: one
turn is half played, the other over. The bots therefore judge an action by the state reached
when the same seat's turn is about to pass, after finishing the turn with this default policy:
move to the best-looking tile (one step of look-ahead), reveal at random when no tile can be
entered yet, mine while the market value of the colour is low (at most 3) and the cargo has
room, skip the other optional actions, restore the most valuable relics, settle any open choice
(colour, gift, die) by one step of look-ahead. The turn-passing action itself (``end`` or
``done`` when nothing follows) is not played: it would start the next seat's turn, and with the
Rhom its whole turn, whose dice would make the comparison noisy. The tile under the explorer,
collected when the turn passes, is counted by the evaluator already (``evaluate.estimate``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from iridescia.core.rng import Rng
from iridescia.games.iridescia import rules
from iridescia.games.iridescia.actions import DONE, END, MINE, MOVE, RESTORE, REVEAL, Action
from iridescia.games.iridescia.data import RELIC_BY_ID
from iridescia.games.iridescia.evaluate import Weights, estimate, margin
from iridescia.games.iridescia.state import State

MAX_STEPS: Final = 30  # a turn of the default policy is a handful of actions; this bounds odd cases
MAX_LOOKAHEAD: Final = 16  # beyond this many options, a choice is made at random
MINE_UP_TO_VALUE: Final = 3  # two dice then succeed with p >= 2/3 each: over 1.3 gems for 3 coins


def static_value(s: State, seat: int, weights: Weights) -> float:
    """The seat's predicted lead over the best other seat in ``s`` as it stands."""
    return margin(estimate(s, weights), seat)


def best_by_lookahead(s: State, seat: int, options: Sequence[Action], weights: Weights) -> Action:
    best, best_value = options[0], float("-inf")
    for a in options:
        o = s.clone()
        rules.apply_unchecked(o, a)
        o.events = []
        value = static_value(o, seat, weights)
        if value > best_value:
            best, best_value = a, value
    return best


def default_action(
    s: State, seat: int, legal: Sequence[Action], weights: Weights, rng: Rng
) -> Action:
    if len(legal) == 1:
        return legal[0]
    restore = _best_restore(legal)
    if restore is not None:
        return restore
    mine = _worth_mining(s, legal)
    if mine is not None:
        return mine
    for a in legal:
        if a.kind in (END, DONE) and not s.pending:
            return a
    moves = [a for a in legal if a.kind == MOVE]
    if moves:
        return best_by_lookahead(s, seat, moves, weights)
    reveals = [a for a in legal if a.kind == REVEAL]
    if reveals:
        return reveals[rng.below(len(reveals))]
    if len(legal) > MAX_LOOKAHEAD:
        return legal[rng.below(len(legal))]
    return best_by_lookahead(s, seat, legal, weights)


def _best_restore(legal: Sequence[Action]) -> Action | None:
    """The relic worth the most points among the restores offered (ties: the lowest id)."""
    best: Action | None = None
    best_points = -1
    for a in legal:
        if a.kind == RESTORE:
            points = RELIC_BY_ID[a.a].points
            if best is None or points > best_points or (points == best_points and a.id < best.id):
                best, best_points = a, points
    return best


def _worth_mining(s: State, legal: Sequence[Action]) -> Action | None:
    """A mining attempt with every idle stone die, when the market value of the colour mined
    here is low enough for the dice to pay back the coins, and the cargo has room."""
    if s.mine_colour < 0 or s.market[s.mine_colour] > MINE_UP_TO_VALUE:
        return None
    p = s.players[s.current]
    if sum(p.cargo) > s.params.cargo_limit - 2:
        return None
    best: Action | None = None
    for a in legal:
        if a.kind == MINE and (best is None or a.a > best.a):
            best = a  # the most stone dice
    return best


def finish_turn(s: State, seat: int, weights: Weights, rng: Rng) -> State:
    """The state when ``seat``'s turn is about to pass, playing on from ``s`` by default.

    ``s`` may be changed; the returned state is ``s`` or a later one. A state where another
    seat decides (or the game is over) is returned as it is.
    """
    start = s.turn_number
    for _ in range(MAX_STEPS):
        if s.current != seat or s.turn_number != start or rules.decision_kind(s) is None:
            return s
        legal = rules.legal_actions(s)
        a = default_action(s, seat, legal, weights, rng)
        if a.kind in (END, DONE):
            after = s.clone()
            rules.apply_unchecked(after, a)
            after.events = []
            if after.turn_number != start or rules.decision_kind(after) is None:
                return s  # the turn passes with this action: judge the state before it
            s = after
            continue
        rules.apply_unchecked(s, a)
        s.events = []
    return s


def play_on(s: State, seat: int, turn: int, weights: Weights, rng: Rng) -> State:
    """The state when ``seat``'s next turn after turn number ``turn`` starts (or the game is
    over), playing on from ``s`` by default: the rest of ``seat``'s turn and every other
    explorer's turn by this module's policy, the Rhom's turn by its own rules (the engine plays
    it as the turn passes to it: its card is the world's, dealt from the cards not yet seen with
    the public weathervane on top). ``s`` is changed and returned.
    """
    limit = MAX_STEPS * (s.num_players + 1)
    for _ in range(limit):
        if rules.decision_kind(s) is None:
            return s
        if s.current == seat and s.turn_number != turn:
            return s  # seat's next turn has just started (an Elixir's extra turn counts)
        legal = rules.legal_actions(s)
        a = default_action(s, s.current, legal, weights, rng)
        rules.apply_unchecked(s, a)
        s.events = []
    return s
