"""What each seat may see: per-player and spectator views, event redaction, determinisation.

A view is plain JSON-ready data built fresh from the state. It never holds face-down tile
identities, thinned tiles, tiles removed face down, deck orders, other players' objectives (held
or discarded) or RNG state. ``determinize`` re-deals exactly that hidden part from a separate RNG,
so a search bot can sample worlds consistent with what it saw; the viewer's view is unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Final

from iridescia.core.rng import Rng
from iridescia.games.iridescia import rules
from iridescia.games.iridescia.actions import target_text
from iridescia.games.iridescia.automa import CARD_BY_ID, MAX_BARRICADES, weathervane
from iridescia.games.iridescia.board import COL_OF, HEXES, REGION_OF_HEX, ROW_OF
from iridescia.games.iridescia.data import (
    BONUS_NAMES,
    COLOUR_NAMES,
    ITEMS,
    OBJECTIVE_BY_ID,
    REGION_NAMES,
    RELIC_BY_ID,
    RELIC_TYPE_NAMES,
    TILE_BY_ID,
    TILE_GEM_NAMES,
    TOKEN_BY_KEY,
    WILD_LEAD,
)
from iridescia.games.iridescia.params import RulesParams
from iridescia.games.iridescia.state import (
    NO_ROLL,
    P_RESERVE,
    PHASE_NAMES,
    RULES_VERSION,
    Event,
    State,
)


def tile_json(tile_id: int) -> dict[str, Any]:
    t = TILE_BY_ID[tile_id]
    return {
        "id": t.id,
        "gem": TILE_GEM_NAMES[t.gem],
        "bonus": BONUS_NAMES[t.bonus],
        "amount": t.amount,
    }


def relic_json(relic_id: int) -> dict[str, Any]:
    r = RELIC_BY_ID[relic_id]
    return {
        "id": r.id,
        "name": r.name,
        "lead": "wild" if r.lead == WILD_LEAD else COLOUR_NAMES[r.lead],
        "type": RELIC_TYPE_NAMES[r.type],
        "points": r.points,
        "cost": dict(zip(COLOUR_NAMES, r.cost, strict=True)),
    }


def objective_json(obj_id: int) -> dict[str, Any]:
    o = OBJECTIVE_BY_ID[obj_id]
    return {"id": o.id, "name": o.name, "points": o.points}


def _colours(values: list[int]) -> dict[str, int]:
    return dict(zip(COLOUR_NAMES, values, strict=True))


def view(s: State, viewer: int | None) -> dict[str, Any]:
    """The view of seat ``viewer`` (0-based), or of a spectator when ``viewer`` is None."""
    if viewer is not None and not 0 <= viewer < s.num_players:
        raise ValueError(f"no seat {viewer} in a {s.num_players}-player game")
    board = []
    for h in HEXES:
        tid = s.tile_at[h]
        board.append(
            {
                "hex": h,
                "row": ROW_OF[h],
                "col": COL_OF[h],
                "region": REGION_NAMES[REGION_OF_HEX[h]],
                "has_tile": tid != 0,
                "face_up": s.face_up[h],
                "tile": tile_json(tid) if tid and s.face_up[h] else None,
                "barricade": s.barricade[h],
            }
        )
    players = []
    for p in s.players:
        mine = viewer == p.seat
        players.append(
            {
                "seat": p.seat,
                "position": p.pos,
                "coins": p.coins,
                "cargo": _colours(p.cargo),
                "stone_dice": p.stone_idle,
                "items": sorted(ITEMS[k].key for k in p.items),
                "victory_pile": [tile_json(t) for t in p.tiles],
                "relics": [relic_json(r) for r in p.relics],
                "reserved": relic_json(p.reserved) if p.reserved else None,
                "points": {
                    "relics": p.relic_points,
                    "tile_bonus": p.tile_bonus_points,
                    "iridia_stone": s.params.iridia_stone_points if p.iridia_stone else 0,
                    "token": _token_points(p.token),
                    "merchant": p.merchant_points,
                    "overflow": p.overflow_points,
                },
                "iridia_stone": p.iridia_stone,
                "token": p.token or None,
                "finished": p.finished,
                "objective_count": len(p.objectives),
                "objective_discarded": p.discarded_objective != 0,  # the discard is seen
                "objectives": [objective_json(o) for o in p.objectives] if mine else None,
                "discarded_objective": (
                    objective_json(p.discarded_objective)
                    if mine and p.discarded_objective
                    else None
                ),
                "turns_taken": s.turns_taken[p.seat],
                "rhom": p.seat == s.rhom,
            }
        )
    d = rules.decision_kind(s)
    decision: dict[str, Any] | None = None
    if d is not None:
        decision = {"player": s.current, "kind": d.name, "prompt": d.prompt}
        if viewer == s.current:
            legal = rules.legal_actions(s)
            decision["actions"] = [str(a) for a in legal]
            decision["action_ids"] = [a.id for a in legal]
            if s.pending and s.pending[-1][0] == P_RESERVE:
                # The Book lets its owner look through the deck: contents only, never order.
                decision["relic_deck"] = [relic_json(r) for r in sorted(s.relic_deck)]
    out: dict[str, Any] = {
        "rules_version": RULES_VERSION,
        "viewer": viewer,
        "num_players": s.num_players,
        "params": _params_json(s.params),
        "current_player": s.current if d is not None else None,
        "phase": PHASE_NAMES[s.phase],
        "decision": decision,
        "board": board,
        "thinned_count": len(s.thinned),
        "removed": sorted(t for t in s.removed if t not in s.removed_hidden),
        "removed_face_down": len(s.removed_hidden),
        # Which region each face-down removal came from is public (everyone saw the hex).
        "removed_face_down_by_region": [
            sum(1 for t in s.removed_hidden if TILE_BY_ID[t].region == r) for r in range(5)
        ],
        "market": _colours(s.market),
        "supply": _colours(s.supply),
        "stone_supply": s.stone_supply,
        "relic_row": [relic_json(r) for r in s.relic_row],
        "relic_deck": {"count": len(s.relic_deck), "top_lead": _top_lead(s)},
        "item_market": [ITEMS[k].key if k >= 0 else None for k in s.item_market],
        "item_deck_count": len(s.item_deck),
        "item_discard": sorted(ITEMS[k].key for k in s.item_discard),
        "tokens_left": list(s.tokens_left),
        "rhom": _rhom_json(s),
        "players": players,
        "turn": _turn_json(s),
        "game_over": d is None,
    }
    return out


@lru_cache(maxsize=64)
def _params_json_cached(params: RulesParams) -> str:
    return json.dumps(params.to_json())


def _params_json(params: RulesParams) -> dict[str, Any]:
    """The rules parameters as JSON (a fresh dict: views are the caller's to change). Building
    it with ``dataclasses.asdict`` on every view took about a third of a view's time."""
    loaded: dict[str, Any] = json.loads(_params_json_cached(params))
    return loaded


def _rhom_json(s: State) -> dict[str, Any] | None:
    if s.rhom < 0:
        return None
    return {
        "seat": s.rhom,
        "deck_count": len(s.rhom_deck),
        "weathervane": weathervane(s),  # printed on the back of the top card
        "discard": list(s.rhom_discard),  # drawn cards are face up
        "barricades": [h for h in HEXES if s.barricade[h]],
        "barricades_left": MAX_BARRICADES - sum(s.barricade),
    }


def _token_points(token: str) -> int:
    return TOKEN_BY_KEY[token].points if token else 0


def _top_lead(s: State) -> str | None:
    if not s.relic_deck:
        return None
    lead = RELIC_BY_ID[s.relic_deck[-1]].lead  # the lead gem is printed on the card back
    return "wild" if lead == WILD_LEAD else COLOUR_NAMES[lead]


def _turn_json(s: State) -> dict[str, Any]:
    return {
        "number": s.turn_number,
        "reveals": s.reveals,
        "start_items_allowed": s.start_items,
        "bought": s.bought,
        "sold": s.sold,
        "mine_cart": s.cart,
        "pickaxe_colour": COLOUR_NAMES[s.pickaxe_colour] if s.pickaxe_colour >= 0 else None,
        "mining_colour": COLOUR_NAMES[s.mine_colour] if s.mine_colour >= 0 else None,
        "active_stone_dice": s.active_stone,
        "extra_turns_pending": s.elixir_pending,
        "extra_turn": s.elixir_turn,
        "latest_roll": None
        if s.roll_kind == NO_ROLL
        else {
            "kind": "mining" if s.roll_kind == 1 else "wishing well",
            "dice": [
                {"die": target_text(i), "face": f, "success": ok}
                for i, (f, ok) in enumerate(zip(s.roll, s.roll_ok, strict=True))
            ],
            "locked": s.roll_locked,
        },
        # The engine's public bookkeeping of the decision in progress and of the latest roll,
        # exactly as held in the state, so a search bot can rebuild a world from this view.
        "engine": {
            "pending": [list(p) for p in s.pending],
            "roll_kind": s.roll_kind,
            "roll": list(s.roll),
            "roll_ok": list(s.roll_ok),
            "roll_gain": [list(g) for g in s.roll_gain],
            "roll_colour": s.roll_colour,
            "roll_mult": s.roll_mult,
            "roll_pick": s.roll_pick,
            "pickaxe_colour": s.pickaxe_colour,
            "mine_colour": s.mine_colour,
        },
    }


def redact_event(event: Event, viewer: int | None) -> Event:
    """An event as ``viewer`` may see it (another player's discarded objective is hidden)."""
    if event.kind == "objective_discarded" and viewer != event.player:
        return Event(event.kind, event.player, {})
    return event


def determinize(s: State, viewer: int, rng: Rng) -> State:
    """A clone where everything hidden from ``viewer`` is re-dealt from ``rng``."""
    o = s.clone()
    _redeal_tiles(o, rng)
    _redeal_relics(o, rng)
    rng.shuffle(o.item_deck)
    _redeal_objectives(o, viewer, rng)
    _redeal_rhom(o, rng)
    o.rng = Rng(rng.next64())  # future chance events are unknown too
    return o


_REGION_HEXES: Final = tuple(tuple(h for h in HEXES if REGION_OF_HEX[h] == r) for r in range(5))
_TILE_REGION: Final = (0, *(TILE_BY_ID[t].region for t in range(1, len(TILE_BY_ID) + 1)))
_TILE_GEM: Final = (0, *(TILE_BY_ID[t].gem for t in range(1, len(TILE_BY_ID) + 1)))


def _redeal_tiles(o: State, rng: Rng) -> None:
    """Re-deal, region by region, the tiles nobody has seen: face-down tiles on the board,
    tiles removed face down, and (1-2 explorers) the thinned tiles, keeping the known
    constraint that thinning took one tile of each colour from each region (R2)."""
    hidden_before = set(o.removed_hidden)
    public_removed = [t for t in o.removed if t not in hidden_before]
    new_hidden: list[int] = []
    new_thinned: list[int] = []
    tile_at, face_up = o.tile_at, o.face_up
    for region in range(5):
        hexes = [h for h in _REGION_HEXES[region] if tile_at[h] and not face_up[h]]
        hidden_removed = [t for t in o.removed_hidden if _TILE_REGION[t] == region]
        thinned = [t for t in o.thinned if _TILE_REGION[t] == region]
        pool = [tile_at[h] for h in hexes] + hidden_removed + thinned
        if thinned:
            for colour in range(4):
                same = [t for t in pool if _TILE_GEM[t] == colour]
                pick = same[rng.below(len(same))]
                new_thinned.append(pick)
                pool.remove(pick)
        rng.shuffle(pool)
        for h in hexes:
            o.tile_at[h] = pool.pop()
        new_hidden += pool  # what is left were the tiles removed face down in this region
    o.thinned = tuple(new_thinned)
    o.removed_hidden = tuple(new_hidden)
    o.removed = tuple(public_removed + new_hidden)


def _shuffle_keeping_back(deck: list[int], rng: Rng, back: Callable[[int], object]) -> None:
    """Shuffle a deck whose top card's back is public: the new top shows the same back."""
    if len(deck) <= 1:
        return
    shown = back(deck[-1])
    rng.shuffle(deck)
    same = [i for i, card in enumerate(deck) if back(card) == shown]
    i = same[rng.below(len(same))]
    deck[i], deck[-1] = deck[-1], deck[i]


def _redeal_relics(o: State, rng: Rng) -> None:
    """The relic deck's order is hidden; the lead gem on the top card's back is public."""
    deck = list(o.relic_deck)
    _shuffle_keeping_back(deck, rng, lambda r: RELIC_BY_ID[r].lead)
    o.relic_deck = tuple(deck)


def _redeal_rhom(o: State, rng: Rng) -> None:
    """The Rhom deck's order is hidden; the weathervane on the top card's back is public."""
    deck = list(o.rhom_deck)
    _shuffle_keeping_back(deck, rng, lambda c: CARD_BY_ID[c].weathervane)
    o.rhom_deck = tuple(deck)


def _redeal_objectives(o: State, viewer: int, rng: Rng) -> None:
    me = o.players[viewer]
    others = [p for p in o.players if p.seat != viewer]
    pool = list(o.objective_deck)
    for p in others:
        pool += p.objectives
        if p.discarded_objective:
            pool.append(p.discarded_objective)
    rng.shuffle(pool)
    for p in others:
        n = len(p.objectives)
        p.objectives = tuple(sorted(pool.pop() for _ in range(n)))
        if p.discarded_objective:
            p.discarded_objective = pool.pop()
    o.objective_deck = tuple(pool)
    assert me.objectives is not None
