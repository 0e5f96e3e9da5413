"""Worlds a seat cannot tell from the real one: determinisation, and a state from a view.

Spec §3.11. ``determinize(state, seat, rng)`` re-deals, uniformly from ``rng``, the cards whose
place the seat does not know (the deck, other players' hand cards that are not on Gem Rush R89's
known list, cards burnt from the deck) into those same slots, and the room stack's unknown tiles,
keeping the top tiles the seat saw through Scrying Pool and the bottom tiles Dimensional Rift
returned. ``world_from_view(view, rng)`` builds the same kind of world from a seat's view alone
(bots never see the state): every public fact is copied from the view and the cards and tiles seen
nowhere are dealt at random. Both give the world a fresh RNG from ``rng``, so future chance is
unknown too. The finer constraints of the history (which cards a reshuffle put into the deck) are
deliberately not modelled, with one exception: when another seat is in the middle of a decision that
depends on its hidden hand (a payment, a DISCARD ONE), the hidden cards are re-dealt until that
decision can go on (ruling GR-3.11a), so a world never has a decision with no legal action. Tested:
``view(world_from_view(v, rng), seat) == v``.
"""

from __future__ import annotations

from typing import Any

from iridescia.core.game import Outcome
from iridescia.core.rng import Rng
from iridescia.games.gemrush.data import DATA_SETS, NUM_CARDS, NUM_TILES
from iridescia.games.gemrush.grid import encode
from iridescia.games.gemrush.options import Options
from iridescia.games.gemrush.params import RulesParams
from iridescia.games.gemrush.rules import is_over, legal_actions
from iridescia.games.gemrush.state import (
    MODE_NAMES,
    P_DISCARD_ANY,
    P_ORDER,
    P_PAY,
    PH_HAND,
    PlayerState,
    State,
)


def chosen_are_hand_cards(s: State) -> bool:
    """Whether ``state.chosen`` holds cards of the current player's hand (public once chosen:
    payment, hand limit, DISCARD ANY; ruling GR-9a)."""
    if s.pending:
        return s.pending[-1][0] in (P_PAY, P_DISCARD_ANY)
    return s.phase == PH_HAND


def _order_by_other(s: State, viewer: int) -> bool:
    """Whether another seat is reordering the top of the room stack out of this seat's sight."""
    return bool(s.pending) and s.pending[-1][0] == P_ORDER and s.rush and s.current != viewer


def _seen_in_hand(s: State, seat: int) -> set[int]:
    seen = set(s.players[seat].known)
    if seat == s.current and chosen_are_hand_cards(s):
        seen.update(s.chosen)
    return seen


def determinize(s: State, viewer: int, rng: Rng) -> State:
    """A clone where everything hidden from ``viewer`` is re-dealt from ``rng``."""
    if not 0 <= viewer < s.num_players:
        raise ValueError(f"no seat {viewer} in a {s.num_players}-player game")
    o = s.clone()
    for _ in range(_DEAL_TRIES):
        _redeal_cards(s, o, viewer, rng)
        if _can_go_on(o):
            break
    _redeal_stack(o, o.players[viewer].stack_known, rng)
    if _order_by_other(o, viewer):
        _rechoose_order(o)
    o.rng = Rng(rng.next64())
    o.legal_cache = None
    return o


# Re-deals allowed to find hidden cards with which another seat's decision can go on; a miss
# is kept (never seen in the tests: the decision was opened because such cards existed).
_DEAL_TRIES = 200


def _can_go_on(o: State) -> bool:
    o.legal_cache = None
    return is_over(o) or bool(legal_actions(o))


def _redeal_cards(s: State, o: State, viewer: int, rng: Rng) -> None:
    """Deal the cards hidden from ``viewer`` in ``s`` into the same slots of ``o``."""
    hidden_seats = [] if s.open_hands else [p.seat for p in s.players if p.seat != viewer]
    pool = s.deck + s.burnt_deck
    kept: dict[int, list[int]] = {}
    for seat in hidden_seats:
        seen = _seen_in_hand(s, seat)
        kept[seat] = [c for c in s.players[seat].hand if c in seen]
        pool += [c for c in s.players[seat].hand if c not in seen]
    rng.shuffle(pool)
    o.deck = [pool.pop() for _ in range(len(s.deck))]
    o.burnt_deck = [pool.pop() for _ in range(len(s.burnt_deck))]
    for seat in hidden_seats:
        hand = s.players[seat].hand
        o.players[seat].hand = sorted(kept[seat] + [pool.pop() for _ in hand[len(kept[seat]) :]])
    assert not pool


def _redeal_stack(o: State, known_top: int, rng: Rng) -> None:
    """Shuffle the room stack's tiles except the known top and bottom ones."""
    size = len(o.stack)
    top = min(known_top, size)
    bottom = min(o.stack_bottom_known, size - top)
    middle = o.stack[bottom : size - top]
    rng.shuffle(middle)
    o.stack[bottom : size - top] = middle


def _rechoose_order(o: State) -> None:
    """Another seat's Scrying Pool order in progress: the tiles it chose so far are unknown, so
    take them from the (re-dealt) top of the stack."""
    m = o.pending[-1][1]
    top_first = list(reversed(o.stack[len(o.stack) - m :]))
    o.chosen = top_first[: len(o.chosen)]


# ------------------------------------------------------------------ a world from a view


def world_from_view(view: Any, rng: Rng) -> State:
    """A full state in which ``view``'s seat sees exactly ``view``; the rest dealt from ``rng``.

    ``view`` must be a seat's view (``views.view(state, seat)``), not a spectator's; ValueError
    otherwise, or when the view is of another data set.
    """
    viewer = view["viewer"]
    if viewer is None:
        raise ValueError("a world is built from a seat's view, not a spectator's")
    if view["data_set"] not in DATA_SETS:
        known = ", ".join(DATA_SETS)
        raise ValueError(f"this engine plays data sets {known}, not {view['data_set']}")
    s = State()
    s.options = Options.from_json(view["options"], view["num_players"])
    s.params = RulesParams.from_json(view["params"])
    s.data_set = s.params.data_set
    s.mode = MODE_NAMES.index(view["mode"])
    s.num_players = view["num_players"]
    s.target = view["target"] or 0
    s.first_player = view["first_player"]
    _copy_engine(s, view)
    _copy_mine(s, view)
    _copy_players(s, view)
    _deal_tiles(s, view, rng)
    if _order_by_other(s, viewer):
        s.chosen = [0] * view["decision"]["chosen_count"]  # which tiles: dealt just below
        _rechoose_order(s)
    _deal_cards(s, view, rng)
    s.legal_cache = None
    if view["outcome"] is not None:
        out = view["outcome"]
        s.outcome = Outcome(
            tuple(out["scores"]),
            tuple(out["winners"]),
            tuple(out["returns"]),
            out["reason"],
            out["team_score"],
            out["target"],
        )
    s.rng = Rng(rng.next64())
    return s


def _copy_engine(s: State, view: Any) -> None:
    e = view["engine"]
    s.phase = e["phase"]
    s.current = e["current"]
    s.pending = [tuple(p) for p in e["pending"]]
    s.fx_room, s.fx_tile, s.fx_pc, s.fx_c, s.fx_names, s.fx_x, s.fx_return = e["fx"]
    purpose, site, walking, pos, direction = e["chain"]
    s.chain_purpose, s.chain_site, s.chain_walking = purpose, site, bool(walking)
    s.chain_pos, s.chain_dir = pos, direction
    s.turns_done = e["turns_done"]
    s.burns_left = e["burns_left"]
    s.stack_bottom_known = e["stack_bottom_known"]
    s.steps = view["steps"]
    s.time_vein_used = view["time_vein_used"]
    s.free_uses = view["free_effects_used"]
    decision = view["decision"]
    if decision is not None and decision["chosen"] is not None:
        s.chosen = list(decision["chosen"])


def _copy_mine(s: State, view: Any) -> None:
    for t in view["mine"]["tiles"]:
        pos = encode(t["x"], t["y"])
        s.tile_at[pos] = t["id"]
        s.pos_of[t["id"]] = pos
        s.rot_of[t["id"]] = t["rotation"]
    s.placing = view["placing"] or 0


def _copy_players(s: State, view: Any) -> None:
    for pv in view["players"]:
        p = PlayerState(pv["seat"])
        p.score = pv["score"]
        p.room = pv["room"]
        p.known = list(pv["known"])
        p.patience = pv["patience"]
        p.stack_known = pv["stack_known"]
        s.players.append(p)


def _deal_cards(s: State, view: Any, rng: Rng) -> None:
    s.discard = list(view["discard"])
    s.revealed = list(view["revealed"])
    s.dug = list(view["effect"]["dug"]) if view["effect"] is not None else []
    s.burnt_hand = list(view["burnt_from_hands"])
    seen = set(s.discard) | set(s.revealed) | set(s.burnt_hand)
    partial: list[tuple[PlayerState, list[int], int]] = []
    for pv, p in zip(view["players"], s.players, strict=True):
        if pv["hand"] is not None:
            p.hand = list(pv["hand"])
        else:
            known = set(p.known)
            if p.seat == s.current and chosen_are_hand_cards(s):
                known.update(s.chosen)
            partial.append((p, sorted(known), pv["hand_size"] - len(known)))
        seen.update(p.hand)
        seen.update(p.known)
    seen.update(c for _, cards, _ in partial for c in cards)
    unseen = [c for c in range(1, NUM_CARDS + 1) if c not in seen]
    if len(unseen) != view["deck_size"] + view["burnt_from_deck"] + sum(m for *_, m in partial):
        raise ValueError("the view's card counts do not add up")
    for _ in range(_DEAL_TRIES):
        pool = unseen[:]
        rng.shuffle(pool)
        for p, known_cards, missing in partial:
            p.hand = sorted(known_cards + [pool.pop() for _ in range(missing)])
        s.burnt_deck = [pool.pop() for _ in range(view["burnt_from_deck"])]
        s.deck = pool
        if not partial or _can_go_on(s):
            break


def _deal_tiles(s: State, view: Any, rng: Rng) -> None:
    size = view["stack_size"]
    stack: list[int] = [0] * size
    for i, t in enumerate(view["stack_bottom"]):
        stack[i] = t
    for i, t in enumerate(view["stack_top"]):
        stack[size - 1 - i] = t
    placed = set(s.tile_at.values()) | {s.placing} | set(stack)
    pool = [t for t in range(1, NUM_TILES + 1) if t not in placed]
    rng.shuffle(pool)
    for i in range(size):
        if stack[i] == 0:
            stack[i] = pool.pop()
    if pool:
        raise ValueError("the view's tiles do not add up to the room stack")
    s.stack = stack
