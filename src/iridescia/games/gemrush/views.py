"""What each seat may see (Gem Rush R47, R76, R89, spec §3.11): per-seat and spectator views.

A view is a fresh JSON-ready ``GemRushView`` (schema in ``view_types.py``) built from the state.
It never holds another hand's unseen cards (Rush, or Crisis with hidden hands), the deck's order
or contents, cards burnt from the deck, the room stack's order beyond what the viewer saw through
Scrying Pool, the RNG or the seed. Crisis hands are open by default. ``catalogue()`` is the
static component data a face needs once per data set (cards, tiles, rooms, gems).
"""

from __future__ import annotations

from typing import Any

from iridescia.games.gemrush import mine, rules
from iridescia.games.gemrush import skills as SK
from iridescia.games.gemrush.actions import GAME_NAME
from iridescia.games.gemrush.data import (
    CARDS,
    GEMS,
    NOTICE,
    ROOM_TYPES,
    ROOMS,
    TILE_BY_ID,
    TILE_ROOM,
    TILES,
    TUNNEL_DOOR,
    WALL,
)
from iridescia.games.gemrush.grid import DELTA, DIRECTION_CODES, SHOWN, decode
from iridescia.games.gemrush.program import describe
from iridescia.games.gemrush.rooms import PROGRAMS, running_program
from iridescia.games.gemrush.schemas import GEM_CODES, mask_gems, params_json
from iridescia.games.gemrush.state import (
    CHAIN_NAMES,
    DEST_NAMES,
    MODE_NAMES,
    P_DEST,
    P_ELEVATOR_DOOR,
    P_KEEP,
    P_ORDER,
    P_PAY,
    P_REOPEN,
    P_ROTATE,
    PH_BURN,
    PH_HAND,
    PH_OVER,
    PHASE_NAMES,
    RULES_VERSION,
    State,
)
from iridescia.games.gemrush.view_types import (
    DecisionView,
    EffectView,
    GemRushView,
    MineView,
    OpenDoorView,
    PlayerView,
    SideView,
    SiteView,
    TileView,
)

_KIND_TEXT = {WALL: "wall", TUNNEL_DOOR: "tunnel"}


def _codes(gems: tuple[int, ...]) -> list[str]:
    return [GEM_CODES[g] for g in gems]


def _tile_view(s: State, tile: int, dwarves: list[int]) -> TileView:
    t = TILE_BY_ID[tile]
    r = s.rot_of[tile]
    x, y = decode(s.pos_of[tile])
    sides: list[SideView] = []
    for d in range(4):
        side = SHOWN[tile][r][d]
        sides.append(
            {
                "kind": _KIND_TEXT.get(side.kind, "door"),
                "cost": _codes(side.cost),
                "points": side.points,
                "printed": DIRECTION_CODES[(d - r) % 4],
            }
        )
    pairs: list[str] = []
    if t.is_tunnel:
        for a in range(4):
            b = (t.partner[(a - r) % 4] + r) % 4
            if a < b:
                pairs.append(DIRECTION_CODES[a] + DIRECTION_CODES[b])
    return {
        "id": tile,
        "label": t.label,
        "room": t.room.name,
        "type": ROOM_TYPES[t.room.type],
        "effect": t.room.effect,
        "x": x,
        "y": y,
        "rotation": r,
        "sides": sides,
        "pairs": pairs,
        "dwarves": dwarves,
    }


def _mine_view(s: State) -> MineView:
    here: dict[int, list[int]] = {}
    for p in s.players:
        here.setdefault(p.room, []).append(p.seat)
    tiles = [_tile_view(s, t, here.get(t, [])) for t in sorted(s.tile_at.values())]
    sites: list[SiteView] = []
    for tile, d, pos, _ in mine.sites(s):
        side = mine.shown_side(s, tile, d)
        x, y = decode(pos)
        sites.append(
            {
                "tile": tile,
                "dir": DIRECTION_CODES[d],
                "x": x,
                "y": y,
                "cost": _codes(side.cost),
                "points": side.points,
                "through_tunnels": pos != s.pos_of[tile] + DELTA[d],
            }
        )
    doors: list[OpenDoorView] = []
    for tile, d in mine.open_doors(s):
        x, y = decode(s.pos_of[tile])
        dx, dy = ((0, 1), (1, 0), (0, -1), (-1, 0))[d]
        doors.append({"tile": tile, "dir": DIRECTION_CODES[d], "x": x + dx, "y": y + dy})
    return {"tiles": tiles, "sites": sites, "open_doors": doors}


def _hand_visible(s: State, viewer: int | None, seat: int) -> bool:
    return s.open_hands or viewer == seat


def _stack_known(s: State, viewer: int | None) -> int:
    if viewer is not None:
        return s.players[viewer].stack_known
    return 0 if s.rush else s.players[0].stack_known  # Crisis: everyone saw the same


def _players(s: State, viewer: int | None) -> list[PlayerView]:
    out: list[PlayerView] = []
    for p in s.players:
        out.append(
            {
                "seat": p.seat,
                "score": p.score,
                "room": p.room,
                "hand_size": len(p.hand),
                "hand": list(p.hand) if _hand_visible(s, viewer, p.seat) else None,
                "known": list(p.known),
                "patience": p.patience,
                "stack_known": p.stack_known,
                "first_player": s.rush and p.seat == s.first_player,
            }
        )
    return out


def _details(s: State, viewer: int | None) -> tuple[dict[str, Any], bool]:
    """The current decision's details, and whether its chosen items are visible to viewer."""
    visible = True
    details: dict[str, Any] = {}
    if s.pending:
        top = s.pending[-1]
        kind = top[0]
        if kind == P_PAY:
            side = mine.shown_side(s, top[1], top[2])
            details = {
                "tile": top[1],
                "dir": DIRECTION_CODES[top[2]],
                "cost": _codes(side.cost),
                "points": side.points,
                "warped": bool(top[3]),
            }
        elif kind == P_ROTATE:
            x, y = decode(top[3])
            details = {
                "tile": top[2],
                "x": x,
                "y": y,
                "towards": DIRECTION_CODES[top[4]] if top[4] >= 0 else None,
                "purpose": "elevator" if top[1] else CHAIN_NAMES[s.chain_purpose],
            }
        elif kind in (P_REOPEN, P_ELEVATOR_DOOR):
            details = {"tile": top[1]}
        elif kind == P_DEST:
            details = {"how": DEST_NAMES[top[1]]}
        elif kind == P_KEEP:
            details = {"keep": top[1]}
        elif kind == P_ORDER:
            visible = not s.rush or viewer == s.current
            m = top[1]
            top_tiles = list(reversed(s.stack[len(s.stack) - m :]))
            details = {"count": m, "tiles": top_tiles if visible else None}
    elif s.phase == PH_HAND:
        details = {"limit": SK.hand_limit(s)}
    elif s.phase == PH_BURN:
        details = {"burns_left": s.burns_left}
    return details, visible


def _decision(s: State, viewer: int | None) -> DecisionView | None:
    d = rules.decision_kind(s)
    if d is None:
        return None
    details, visible = _details(s, viewer)
    mine_to_act = viewer == s.current
    legal = rules.legal_actions(s) if mine_to_act else []
    return {
        "player": s.current,
        "kind": d.name,
        "prompt": d.prompt,
        "actions": [str(a) for a in legal] if mine_to_act else None,
        "action_ids": [a.id for a in legal] if mine_to_act else None,
        "chosen": list(s.chosen) if visible else None,
        "chosen_count": len(s.chosen),
        "details": details,
    }


def _effect(s: State) -> EffectView | None:
    if s.fx_room < 0:
        return None
    room = ROOMS[s.fx_room]
    return {
        "tile": s.fx_tile,
        "room": room.name,
        "effect": room.effect,
        "program": [describe(op) for op in running_program(s)],
        "step": s.fx_pc,
        "c": s.fx_c or None,
        "named": [GEM_CODES[g] for g in mask_gems(s.fx_names)],
        "x": s.fx_x,
        "dug": list(s.dug),
    }


def view(s: State, viewer: int | None) -> GemRushView:
    """The view of seat ``viewer`` (0-based), or of a spectator when ``viewer`` is None."""
    if viewer is not None and not 0 <= viewer < s.num_players:
        raise ValueError(f"no seat {viewer} in a {s.num_players}-player game")
    known = min(_stack_known(s, viewer), len(s.stack))
    n = s.num_players
    scores = [p.score for p in s.players]
    over = s.phase == PH_OVER
    return {
        "game": GAME_NAME,
        "rules_version": RULES_VERSION,
        "data_set": s.data_set,
        "notice": NOTICE,
        "viewer": viewer,
        "mode": MODE_NAMES[s.mode],
        "num_players": n,
        "options": s.options.to_json(),
        "params": s.params.to_json(),
        "first_player": s.first_player,
        "current_player": None if over else s.current,
        "phase": PHASE_NAMES[s.phase],
        "turn": s.turns_done + (0 if over else 1),
        "round": s.turns_done // n + 1,
        "decision": _decision(s, viewer),
        "mine": _mine_view(s),
        "stack_size": len(s.stack),
        "stack_top": list(reversed(s.stack[len(s.stack) - known :])) if known else [],
        "stack_bottom": s.stack[: s.stack_bottom_known],
        "placing": s.placing or None,
        "deck_size": len(s.deck),
        "discard": list(s.discard),
        "revealed": list(s.revealed),
        "burnt": len(s.burnt_deck) + len(s.burnt_hand),
        "burnt_from_deck": len(s.burnt_deck),
        "burnt_from_hands": list(s.burnt_hand),
        "players": _players(s, viewer),
        "steps": s.steps,
        "time_vein_used": s.time_vein_used,
        "free_effects_used": s.free_uses,
        "free_effect_limit": s.params.free_effect_limit,
        "burns_left": s.burns_left,
        "effect": _effect(s),
        "scores": scores,
        "team_score": None if s.rush else sum(scores),
        "target": s.target or None,
        "outcome": s.outcome.to_json() if s.outcome is not None else None,
        "engine": {
            "phase": s.phase,
            "pending": [list(p) for p in s.pending],
            "fx": [s.fx_room, s.fx_tile, s.fx_pc, s.fx_c, s.fx_names, s.fx_x, s.fx_return],
            "chain": [
                s.chain_purpose,
                s.chain_site,
                int(s.chain_walking),
                s.chain_pos,
                s.chain_dir,
            ],
            "current": s.current,
            "turns_done": s.turns_done,
            "burns_left": s.burns_left,
            "stack_bottom_known": s.stack_bottom_known,
        },
    }


def catalogue() -> dict[str, Any]:
    """The static component data of the data set, for faces: gems, cards, rooms, tiles."""
    return {
        "notice": NOTICE,
        "gems": [
            {"code": g.code, "name": g.name, "special": g.special, "colour": g.colour, "hex": g.hex}
            for g in GEMS
        ],
        "cards": [{"id": c.id, "label": f"G{c.id:02d}", "gems": _codes(c.gems)} for c in CARDS],
        "rooms": [
            {
                "name": r.name,
                "number": r.number,
                "type": ROOM_TYPES[r.type],
                "effect": r.effect,
                "params": params_json(r.params),
                "program": [describe(op) for op in PROGRAMS[r.index]],
            }
            for r in ROOMS
        ],
        "tiles": [
            {
                "id": t.id,
                "label": t.label,
                "room": t.room.name,
                "room_index": TILE_ROOM[t.id],
                "sides": [side.text() for side in t.sides],
                "pairs": [
                    DIRECTION_CODES[a] + DIRECTION_CODES[t.partner[a]]
                    for a in range(4)
                    if t.is_tunnel and a < t.partner[a]
                ],
            }
            for t in TILES
        ],
    }
