"""Encode one seat's view of Gems of Iridescia as the ``float32`` vector of ``layout.LAYOUT``.

The input is ``game.view(seat)`` (or ``game.spectator_view()``) and nothing else: the encoder
never sees the state, so the vector cannot hold what the seat may not know, and re-dealing the
hidden information (``game.determinize``) leaves it unchanged (``tests/test_rl_observation.py``).
Players are ordered relative to the observer: slot 0 is the observing seat, slot k the seat k
places after it (for a spectator, slot k is seat k). ``docs/observation.md`` documents each field.
The vector is filled by the generic ``rl.layout.Writer`` (sparse writes, one scatter).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from iridescia.rl.games.iridescia.layout import (
    ARG_BITS,
    BONUSES,
    COLOURS,
    DECISION_KINDS,
    DICE_TARGETS,
    ITEM_KEYS,
    LAYOUT,
    LEADS,
    MAX_ITEM_SLOTS,
    NUM_PENDING_KINDS,
    PENDING_SHOWN,
    PHASES,
    POINT_SOURCES,
    ROLL_KINDS,
    TILE_GEMS,
    TOKENS,
    WEATHERVANES,
)
from iridescia.rl.layout import Vector, Writer


def _index(vocabulary: Sequence[str]) -> dict[str, int]:
    return {name: i for i, name in enumerate(vocabulary)}


_COLOUR = _index(COLOURS)
_ITEM = _index(ITEM_KEYS)
_GEM = _index(TILE_GEMS)
_BONUS = _index(BONUSES)
_LEAD = _index(LEADS)
_TOKEN = _index(TOKENS)
_PHASE = _index(PHASES)
_KIND = _index(DECISION_KINDS)
_DIE = _index(DICE_TARGETS)
_ROLL_KIND = _index(ROLL_KINDS)
_VANE = _index(WEATHERVANES)
_F = LAYOUT.by_name


def _lookup(table: Mapping[str, int], value: Any, what: str) -> int:
    try:
        return table[str(value)] if isinstance(value, str) else table[value]
    except (KeyError, TypeError):
        raise ValueError(
            f"the observation layout has no {what} {value!r}: the view format changed"
        ) from None


def encode(view: Mapping[str, Any]) -> Vector:
    """The observation vector of ``view`` (a seat's or a spectator's), shape ``(OBS_SIZE,)``."""
    w = Writer()
    viewer: int | None = view["viewer"]
    n: int = view["num_players"]
    me = viewer if viewer is not None else 0

    def slot(seat: int) -> int:
        return (seat - me) % n

    w.flag(_F["seats"], 0, n - 1)
    rhom = view["rhom"]
    if rhom is not None:
        w.flag(_F["rhom"], 0)
    if viewer is not None:
        w.flag(_F["viewer_seat"], 0, viewer)
    current = view["current_player"]
    if current is not None:
        w.flag(_F["current_player"], 0, slot(current))
        if current == viewer:
            w.flag(_F["my_decision"], 0)
    if view["game_over"]:
        w.flag(_F["game_over"], 0)
    w.flag(_F["phase"], 0, _lookup(_PHASE, view["phase"], "phase"))
    decision = view["decision"]
    if decision is not None:
        w.flag(_F["decision_kind"], 0, _lookup(_KIND, decision["kind"], "decision kind"))
    _encode_turn(w, view["turn"])
    _encode_public(w, view)
    _encode_board(w, view, slot)
    _encode_players(w, view, slot, viewer)
    if decision is not None and decision.get("relic_deck"):
        f = _F["relics"]
        for relic in decision["relic_deck"]:
            w.flag(f, relic["id"] - 1, 1)
    return w.vector(LAYOUT.size)


def _encode_turn(w: Writer, turn: Mapping[str, Any]) -> None:
    engine = turn["engine"]
    pending = engine["pending"]
    w.value(_F["pending_depth"], 0, 0, len(pending))
    f = _F["pending"]
    for row, entry in enumerate(reversed(pending[-PENDING_SHOWN:])):
        code = entry[0]
        if not 0 <= code < NUM_PENDING_KINDS:
            raise ValueError(f"the observation layout has no pending decision code {code}")
        w.flag(f, row, code)
        for k, arg in enumerate(entry[1:3]):
            w.bits(f, row, NUM_PENDING_KINDS + k * ARG_BITS, arg, ARG_BITS)
    w.value(_F["turn_number"], 0, 0, turn["number"])
    f = _F["turn_flags"]
    for column, key in enumerate(("start_items_allowed", "bought", "sold", "mine_cart")):
        if turn[key]:
            w.flag(f, 0, column)
    if turn["extra_turn"]:
        w.flag(f, 0, 4)
    f = _F["turn_counts"]
    w.value(f, 0, 0, turn["reveals"])
    w.value(f, 0, 1, turn["active_stone_dice"])
    w.value(f, 0, 2, turn["extra_turns_pending"])
    for name, key in (("pickaxe_colour", "pickaxe_colour"), ("mining_colour", "mining_colour")):
        if turn[key] is not None:
            w.flag(_F[name], 0, _lookup(_COLOUR, turn[key], "colour"))
    roll = turn["latest_roll"]
    if roll is not None:
        w.flag(_F["roll_kind"], 0, _lookup(_ROLL_KIND, roll["kind"], "roll kind"))
        if roll["locked"]:
            w.flag(_F["roll_locked"], 0)
        dice, faces = _F["roll_dice"], _F["roll_faces"]
        for die in roll["dice"]:
            row = _lookup(_DIE, die["die"], "die")
            w.flag(dice, row, 0)
            if die["success"]:
                w.flag(dice, row, 1)
            w.value(faces, row, 0, die["face"])
    f = _F["roll_gain"]
    for row, gain in enumerate(engine["roll_gain"][: f.rows]):
        for column, x in enumerate(gain[:2]):
            if x:
                w.value(f, row, column, x)
    if engine["roll_colour"] >= 0:
        w.flag(_F["roll_colour"], 0, engine["roll_colour"])
    w.value(_F["roll_mult"], 0, 0, engine["roll_mult"])
    if engine["roll_pick"] >= 0:
        w.flag(_F["roll_pick"], 0, engine["roll_pick"])


def _encode_public(w: Writer, view: Mapping[str, Any]) -> None:
    market, supply = _F["market"], _F["supply"]
    for colour, i in _COLOUR.items():
        w.value(market, i, 0, view["market"][colour])
        w.value(supply, i, 0, view["supply"][colour])
    w.value(_F["stone_supply"], 0, 0, view["stone_supply"])
    deck = view["relic_deck"]
    w.value(_F["relic_deck_count"], 0, 0, deck["count"])
    if deck["top_lead"] is not None:
        w.flag(_F["relic_deck_top"], 0, _lookup(_LEAD, deck["top_lead"], "relic lead"))
    f = _F["item_market"]
    for i, key in enumerate(view["item_market"][:MAX_ITEM_SLOTS]):
        if key is not None:
            w.flag(f, i, _lookup(_ITEM, key, "item"))
    w.value(_F["item_deck_count"], 0, 0, view["item_deck_count"])
    f = _F["item_discard"]
    counts = [0] * len(ITEM_KEYS)
    for key in view["item_discard"]:
        counts[_lookup(_ITEM, key, "item")] += 1
    for i, c in enumerate(counts):
        if c:
            w.value(f, i, 0, c)
    f = _F["tokens_left"]
    for key in view["tokens_left"]:
        w.flag(f, 0, _lookup(_TOKEN, key, "token"))
    f = _F["hidden_tiles"]
    w.value(f, 0, 0, view["thinned_count"])
    w.value(f, 0, 1, view["removed_face_down"])
    f = _F["removed_face_down_by_region"]
    for region, c in enumerate(view["removed_face_down_by_region"][: f.rows]):
        w.value(f, region, 0, c)
    f = _F["tiles"]
    for tile_id in view["removed"]:
        w.flag(f, tile_id - 1, 1)
    rhom = view["rhom"]
    if rhom is not None:
        f = _F["rhom_deck"]
        w.value(f, 0, 0, rhom["deck_count"])
        w.value(f, 0, 1, rhom["barricades_left"])
        w.flag(_F["rhom_weathervane"], 0, _lookup(_VANE, rhom["weathervane"], "weathervane"))
        f = _F["rhom_discard"]
        for card in rhom["discard"]:
            w.flag(f, card - 1, 0)
    f = _F["relics"]
    for relic in view["relic_row"]:
        w.flag(f, relic["id"] - 1, 0)


_BOARD_GEM = 3
_BOARD_BONUS = _BOARD_GEM + len(TILE_GEMS)
_BOARD_EXPLORER = _BOARD_BONUS + len(BONUSES)


def _encode_board(w: Writer, view: Mapping[str, Any], slot: Callable[[int], int]) -> None:
    board, amounts, tiles = _F["board"], _F["board_bonus_amount"], _F["tiles"]
    ones = w.ones
    start, width = board.start, board.width
    for cell in view["board"]:
        base = start + (cell["hex"] - 1) * width
        if cell["has_tile"]:
            ones.append(base)
        if cell["face_up"]:
            ones.append(base + 1)
        if cell["barricade"]:
            ones.append(base + 2)
        tile = cell["tile"]
        if tile is not None:
            ones.append(base + _BOARD_GEM + _lookup(_GEM, tile["gem"], "tile gem"))
            if tile["bonus"] is not None:
                ones.append(base + _BOARD_BONUS + _lookup(_BONUS, tile["bonus"], "bonus"))
                w.value(amounts, cell["hex"] - 1, 0, tile["amount"])
            w.flag(tiles, tile["id"] - 1, 0)
    for p in view["players"]:
        pos = p["position"]
        if pos > 0:
            ones.append(start + (pos - 1) * width + _BOARD_EXPLORER + slot(p["seat"]))


def _encode_players(
    w: Writer, view: Mapping[str, Any], slot: Callable[[int], int], viewer: int | None
) -> None:
    flags, tokens = _F["players_flags"], _F["players_token"]
    tiles, relics = _F["tiles"], _F["relics"]
    for p in view["players"]:
        s = slot(p["seat"])
        w.flag(flags, s, 0)
        for column, on in enumerate(
            (
                p["rhom"],
                p["position"] == 0,
                p["position"] < 0,
                p["finished"],
                p["iridia_stone"],
                p["objective_discarded"],
                p["reserved"] is not None,
            ),
            start=1,
        ):
            if on:
                w.flag(flags, s, column)
        if p["token"] is not None:
            w.flag(tokens, s, _lookup(_TOKEN, p["token"], "token"))
        w.value(_F["players_coins"], s, 0, p["coins"])
        f = _F["players_cargo"]
        cargo = p["cargo"]
        for colour, i in _COLOUR.items():
            if cargo[colour]:
                w.value(f, s, i, cargo[colour])
        w.value(_F["players_stone_dice"], s, 0, p["stone_dice"])
        counts = [0] * len(ITEM_KEYS)
        for key in p["items"]:
            counts[_lookup(_ITEM, key, "item")] += 1
        f = _F["players_items"]
        for i, c in enumerate(counts):
            if c:
                w.value(f, s, i, c)
        gems = [0] * len(TILE_GEMS)
        for tile in p["victory_pile"]:
            gems[_lookup(_GEM, tile["gem"], "tile gem")] += 1
            w.flag(tiles, tile["id"] - 1, 2 + s)
        f = _F["players_pile"]
        for i, c in enumerate(gems):
            if c:
                w.value(f, s, i, c)
        for relic in p["relics"]:
            w.flag(relics, relic["id"] - 1, 2 + s)
        if p["reserved"] is not None:
            w.flag(relics, p["reserved"]["id"] - 1, 6 + s)
        w.value(_F["players_relics"], s, 0, len(p["relics"]))
        f = _F["players_points"]
        points = p["points"]
        for i, source in enumerate(POINT_SOURCES):
            if points[source]:
                w.value(f, s, i, points[source])
        w.value(_F["players_objective_count"], s, 0, p["objective_count"])
        w.value(_F["players_turns_taken"], s, 0, p["turns_taken"])
        if p["seat"] == viewer:
            f = _F["my_objectives"]
            for obj in p["objectives"] or ():
                w.flag(f, obj["id"] - 1, 0)
            if p["discarded_objective"] is not None:
                w.flag(f, p["discarded_objective"]["id"] - 1, 1)
