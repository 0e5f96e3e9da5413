"""Worlds consistent with a view: rebuild a full state from what one seat sees.

Bots receive views, never the state. A search bot still needs states to simulate, so
``world_from_view`` builds one: every public fact is copied from the view, and everything the
seat cannot see (face-down and thinned tiles, tiles removed face down, the order and contents of
the relic, item, objective and Rhom decks, the other players' objectives, the RNG) is dealt at
random from ``rng``, consistent with what the seat has seen. Tile and card identities that are
not visible anywhere are exactly the hidden ones, so the deal draws from the components that are
unaccounted for. ``views.view(world, seat)`` equals the view it was built from (tested).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from iridescia.core.rng import Rng
from iridescia.games.iridescia.automa import CARD_BY_ID
from iridescia.games.iridescia.board import REGION_OF_HEX
from iridescia.games.iridescia.data import (
    BOOK,
    COLOUR_NAMES,
    ITEM_BY_KEY,
    OBJECTIVES,
    RELIC_BY_ID,
    RELICS,
    RHOM_CARDS,
    TILE_BY_ID,
    TILES,
    TOKEN_BY_KEY,
    WILD_LEAD,
)
from iridescia.games.iridescia.params import RulesParams
from iridescia.games.iridescia.setup import item_deck
from iridescia.games.iridescia.state import P_RESERVE, PHASE_NAMES, Options, PlayerState, State

_COLOUR: Final = {name: i for i, name in enumerate(COLOUR_NAMES)}
_PHASE: Final = {name: i for i, name in enumerate(PHASE_NAMES)}


def _colour_list(d: dict[str, int]) -> list[int]:
    return [int(d[name]) for name in COLOUR_NAMES]


def _colour_or_none(name: str | None) -> int:
    return -1 if name is None else _COLOUR[name]


def world_from_view(view: dict[str, Any], rng: Rng) -> State:
    """A full state in which ``view``'s seat sees exactly ``view``; the rest dealt from ``rng``.

    ``view`` must be a seat's view (``views.view(state, seat)``), not a spectator's.
    """
    viewer = view["viewer"]
    if viewer is None:
        raise ValueError("a world is built from a seat's view, not a spectator's")
    s = State()
    s.params = RulesParams.from_json(view["params"])
    s.num_players = view["num_players"]
    rhom = view["rhom"]
    s.rhom = -1 if rhom is None else rhom["seat"]
    s.options = Options(rhom=s.rhom >= 0)
    s.seed = 0
    _copy_public(s, view)
    _copy_players(s, view)
    _deal_tiles(s, view, rng)
    _deal_relics(s, view, rng)
    _deal_items(s, view, rng)
    _deal_objectives(s, view, viewer, rng)
    if s.rhom >= 0:
        _deal_rhom(s, view, rng)
    s.rng = Rng(rng.next64())
    return s


def _copy_public(s: State, view: dict[str, Any]) -> None:
    barricade = list(s.barricade)
    for cell in view["board"]:
        h = cell["hex"]
        s.face_up[h] = cell["face_up"]
        barricade[h] = cell["barricade"]
        if cell["tile"] is not None:
            s.tile_at[h] = cell["tile"]["id"]
    s.barricade = tuple(barricade)
    s.market = _colour_list(view["market"])
    s.supply = _colour_list(view["supply"])
    s.stone_supply = view["stone_supply"]
    s.relic_row = tuple(r["id"] for r in view["relic_row"])
    s.item_market = [-1 if k is None else ITEM_BY_KEY[k].index for k in view["item_market"]]
    s.item_discard = tuple(sorted(ITEM_BY_KEY[k].index for k in view["item_discard"]))
    s.tokens_left = tuple(view["tokens_left"])
    decision = view["decision"]
    s.current = decision["player"] if decision is not None else 0
    s.phase = _PHASE[view["phase"]]
    t = view["turn"]
    s.turn_number = t["number"]
    s.reveals = t["reveals"]
    s.start_items = t["start_items_allowed"]
    s.bought = t["bought"]
    s.sold = t["sold"]
    s.cart = t["mine_cart"]
    s.active_stone = t["active_stone_dice"]
    s.elixir_pending = t["extra_turns_pending"]
    s.elixir_turn = t["extra_turn"]
    e = t["engine"]
    s.pending = [tuple(p) for p in e["pending"]]
    s.roll_kind = e["roll_kind"]
    s.roll = tuple(e["roll"])
    s.roll_ok = tuple(e["roll_ok"])
    s.roll_gain = tuple((g[0], g[1]) for g in e["roll_gain"])
    s.roll_colour = e["roll_colour"]
    s.roll_mult = e["roll_mult"]
    s.roll_pick = e["roll_pick"]
    s.roll_locked = bool(t["latest_roll"]["locked"]) if t["latest_roll"] else False
    s.pickaxe_colour = e["pickaxe_colour"]
    s.mine_colour = e["mine_colour"]


def _copy_players(s: State, view: dict[str, Any]) -> None:
    turns = [0, 0, 0, 0]
    for pv in view["players"]:
        p = PlayerState(pv["seat"], pv["coins"])
        p.pos = pv["position"]
        p.cargo = _colour_list(pv["cargo"])
        p.stone_idle = pv["stone_dice"]
        p.items = tuple(sorted(ITEM_BY_KEY[k].index for k in pv["items"]))
        p.tiles = tuple(t["id"] for t in pv["victory_pile"])
        p.relics = tuple(r["id"] for r in pv["relics"])
        p.reserved = pv["reserved"]["id"] if pv["reserved"] else 0
        pts = pv["points"]
        p.relic_points = pts["relics"]
        p.tile_bonus_points = pts["tile_bonus"]
        p.merchant_points = pts["merchant"]
        p.overflow_points = pts["overflow"]
        p.iridia_stone = pv["iridia_stone"]
        p.token = pv["token"] or ""
        if p.token:
            TOKEN_BY_KEY[p.token]  # unknown token keys fail here, not later
        p.finished = pv["finished"]
        if pv["objectives"] is not None:
            p.objectives = tuple(o["id"] for o in pv["objectives"])
            d = pv["discarded_objective"]
            p.discarded_objective = d["id"] if d else 0
        turns[p.seat] = pv["turns_taken"]
        s.players.append(p)
    s.turns_taken = tuple(turns)


def _deal_tiles(s: State, view: dict[str, Any], rng: Rng) -> None:
    """Per region, the tiles seen nowhere fill the face-down hexes, the thinned set (one of each
    colour per region, R2) and the face-down removals of that region."""
    seen = {t for t in s.tile_at if t}
    seen.update(view["removed"])
    for p in s.players:
        seen.update(p.tiles)
    thinned = view["thinned_count"] > 0
    hidden_counts = view["removed_face_down_by_region"]
    removed_hidden: list[int] = []
    for region in range(5):
        pool = [t.id for t in TILES if t.region == region and t.id not in seen]
        if thinned and region != 4:
            for colour in range(4):
                same = [t for t in pool if TILE_BY_ID[t].gem == colour]
                pick = same[rng.below(len(same))]
                s.thinned = (*s.thinned, pick)
                pool.remove(pick)
        rng.shuffle(pool)
        hexes = [
            cell["hex"]
            for cell in view["board"]
            if cell["has_tile"] and cell["tile"] is None and REGION_OF_HEX[cell["hex"]] == region
        ]
        for h in hexes:
            s.tile_at[h] = pool.pop()
        if len(pool) != hidden_counts[region]:
            raise ValueError(f"the view's tiles of region {region} do not add up")
        removed_hidden += pool
    s.removed_hidden = tuple(removed_hidden)
    s.removed = tuple(view["removed"]) + tuple(removed_hidden)


def _deal_relics(s: State, view: dict[str, Any], rng: Rng) -> None:
    known = set(s.relic_row)
    for p in s.players:
        known.update(p.relics)
        if p.reserved:
            known.add(p.reserved)
    deck = [r.id for r in RELICS if r.id not in known]
    if len(deck) != view["relic_deck"]["count"]:
        raise ValueError("the view's relics do not add up")
    rng.shuffle(deck)
    top = view["relic_deck"]["top_lead"]
    if deck and top is not None:
        lead = WILD_LEAD if top == "wild" else _COLOUR[top]
        same = [i for i, r in enumerate(deck) if RELIC_BY_ID[r].lead == lead]
        i = same[rng.below(len(same))]
        deck[i], deck[-1] = deck[-1], deck[i]
    s.relic_deck = tuple(deck)


def _deal_items(s: State, view: dict[str, Any], rng: Rng) -> None:
    pool = Counter(item_deck(sum(1 for _ in s.players)))
    pool.subtract(k for k in s.item_market if k >= 0)
    pool.subtract(s.item_discard)
    for p in s.players:
        pool.subtract(p.items)
        if p.reserved:
            pool[BOOK] -= 1  # the Book lies under its reserved relic until it is restored
    if any(entry[0] == P_RESERVE for entry in s.pending):
        pool[BOOK] -= 1  # played, and its search is under way
    deck = sorted(pool.elements())
    if len(deck) != view["item_deck_count"] or any(n < 0 for n in pool.values()):
        raise ValueError("the view's item cards do not add up")
    rng.shuffle(deck)
    s.item_deck = deck


def _deal_objectives(s: State, view: dict[str, Any], viewer: int, rng: Rng) -> None:
    me = s.players[viewer]
    mine = set(me.objectives)
    if me.discarded_objective:
        mine.add(me.discarded_objective)
    pool = [o.id for o in OBJECTIVES if o.id not in mine]
    rng.shuffle(pool)
    for pv, p in zip(view["players"], s.players, strict=True):
        if p.seat == viewer:
            continue
        p.objectives = tuple(sorted(pool.pop() for _ in range(pv["objective_count"])))
        if pv["objective_discarded"]:
            p.discarded_objective = pool.pop()
    s.objective_deck = tuple(pool)


def _deal_rhom(s: State, view: dict[str, Any], rng: Rng) -> None:
    rv = view["rhom"]
    s.rhom_discard = tuple(rv["discard"])
    drawn = set(s.rhom_discard)
    deck = [c.id for c in RHOM_CARDS if c.id not in drawn]
    if len(deck) != rv["deck_count"]:
        raise ValueError("the view's Rhom cards do not add up")
    rng.shuffle(deck)
    vane = rv["weathervane"]
    same = [i for i, c in enumerate(deck) if CARD_BY_ID[c].weathervane == vane]
    if same:
        i = same[rng.below(len(same))]
        deck[i], deck[-1] = deck[-1], deck[i]
    s.rhom_deck = tuple(deck)
