"""Encode one seat's view of Gem Rush as the ``float32`` vector of ``layout.LAYOUT``.

The input is ``game.view(seat)`` (or ``game.spectator_view()``) and nothing else: the encoder
never sees the state, so the vector holds only what the seat may know (Gem Rush R47, R76, R89),
and re-dealing what is hidden from it (``game.determinize``, ``GAME.world_from_view``) leaves the
vector unchanged (``tests/test_rl_gemrush_observation.py``). Tiles and cards are rows by id, never
by grid position: a tile's place in the mine is its offset from the observer's dwarf (from the
starting position (0, 0) for a spectator). Players are slots relative to the observer: slot 0 is
the observing seat, slot k the seat k places after it (for a spectator, slot k is seat k).

``ViewEncoder`` is built for one data set's ``Tables``; a view of another data set is refused, as
is a view that names a card, tile or vocabulary word the layout has no place for.

Measured tricks (one core of the loaded development machine, a 3-player Rush game's views): the
static part of the vector (every tile's printed sides, room types, card gems) is a template
copied once, and only placed tiles with a rotation other than 0 overwrite their side rows; the
dynamic entries are collected as Python lists of indices and scattered once. Small NumPy
operations cost a microsecond or two each here, so per-card and per-tile work stays in plain
Python, and the thirty-odd single numbers are written in one loop over precomputed columns: a
first version with NumPy gathers and clips per view took about 250 us a view, this one about
100 us (the same views, the same machine, best of seven passes).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from iridescia.rl.games.gemrush.layout import (
    DECISION_KINDS,
    DESTINATIONS,
    MAX_SEATS,
    MODES,
    NUM_PENDING_CODES,
    PHASES,
    PURPOSES,
    TABLES,
    Tables,
    build_layout,
)
from iridescia.rl.layout import Field, Layout, Vector, Writer

_DIRECTION = {"N": 0, "E": 1, "S": 2, "W": 3}
_SIDE_FIELDS = ("tile_sides", "tile_door_costs", "tile_door_points")


# The single numbers of the vector, in the order the encoder lists them: (field, column).
_SCALARS = (
    ("pending_depth", 0), ("turn_round", 0), ("turn_round", 1), ("target_team", 0),
    ("target_team", 1), *(("card_counts", c) for c in range(7)), ("burns_left", 0),
    ("burn_clock", 0), *(("tile_counts", c) for c in range(4)), ("steps", 0),
    ("free_effects", 0), ("free_effects", 1), *(("rules", c) for c in range(3)),
    ("round_limit", 0),
)  # fmt: skip
_PLAYER_SCALARS = (("players_score", 0), ("players_cards", 0), ("players_cards", 1),
                   ("players_stack_known", 0))  # fmt: skip
Column = tuple[int, float, float]  # a value's vector index, cap and scale


def _column(f: Field, row: int, column: int) -> Column:
    return f.at(row, column), f.cap, f.scale


def _put(w: Writer, columns: Sequence[Column], numbers: Sequence[int]) -> None:
    """Scaled numbers at their columns, as ``Writer.value`` writes them, without a call for
    each (the encoder writes about 30 a view)."""
    idx, val = w.idx, w.val
    for (i, cap, scale), x in zip(columns, numbers, strict=True):
        if x:
            if x < 0:
                raise ValueError(f"negative value {x} in the view at observation index {i}")
            idx.append(i)
            val.append((x if x < cap else cap) / scale)


def _index(vocabulary: Sequence[Any]) -> dict[Any, int]:
    return {name: i for i, name in enumerate(vocabulary)}


def _lookup(table: Mapping[Any, int], value: Any, what: str) -> int:
    try:
        return table[value]
    except (KeyError, TypeError):
        raise ValueError(
            f"the observation layout has no {what} {value!r}: the view format changed"
        ) from None


class ViewEncoder:
    """The encoder of one data set (see the module docstring)."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.layout: Layout = build_layout(tables)
        self.size = self.layout.size
        f = self._f = self.layout.by_name
        self._mode = _index(MODES)
        self._phase = _index(PHASES)
        self._kind = _index(DECISION_KINDS)
        self._purpose = _index(PURPOSES)
        self._destination = _index(DESTINATIONS)
        self._effect = _index(tables.effects)
        self._gem = _index(tables.gems)
        self._std = _index(tables.standard_gems)
        self._card_row = {card: card - 1 for card in range(1, tables.num_cards + 1)}
        self._tile_row = {tile: tile - 1 for tile in range(1, tables.num_tiles + 1)}
        self._card_gems = {
            card: [g for g, count in enumerate(row) for _ in range(int(count))]
            for card, row in enumerate(tables.card_gems, start=1)
        }
        self._scalars = [_column(f[name], 0, c) for name, c in _SCALARS]
        self._player_scalars = [
            [_column(f[name], slot, c) for name, c in _PLAYER_SCALARS] for slot in range(MAX_SEATS)
        ]
        self._tile_col = _index(f["tiles"].columns)
        self._card_col = _index(f["cards"].columns)
        # The static part: every tile's sides as printed (rotation 0), room types, card gems.
        template = np.zeros(self.size, dtype=np.float32)
        self._sides = []  # (field, its rows by tile and rotation) for the three side fields
        for name, static in zip(
            _SIDE_FIELDS, (tables.side_kinds, tables.side_costs, tables.side_points), strict=True
        ):
            field = f[name]
            template[field.start : field.start + field.size] = static[:, 0].ravel()
            self._sides.append((field, static))
        first_type = self._tile_col["type=action"]
        for row, room_type in enumerate(tables.tile_type):
            template[f["tiles"].at(row, first_type + room_type)] = 1.0
        gems = f["card_gems"]
        card_gems = np.minimum(tables.card_gems, gems.cap) / gems.scale
        template[gems.start : gems.start + gems.size] = card_gems.ravel()
        self._template = template

    # ------------------------------------------------------------ ids and small helpers

    def _cards(self, cards: Sequence[int]) -> list[int]:
        """The rows of card ids (ValueError for an id this data set has not)."""
        try:
            return [self._card_row[c] for c in cards]
        except (KeyError, TypeError):
            raise ValueError(f"the view names a card this data set has not: {cards!r}") from None

    def _tile(self, tile: Any) -> int:
        try:
            return self._tile_row[tile]
        except (KeyError, TypeError):
            raise ValueError(f"the view names tile {tile!r}, which this data set has not") from None

    @staticmethod
    def _offset(w: Writer, f: Field, row: int, dx: int, dy: int) -> None:
        """A signed offset as the four columns east, west, north, south (all >= 0)."""
        if dx:
            w.value(f, row, 0 if dx > 0 else 1, abs(dx))
        if dy:
            w.value(f, row, 2 if dy > 0 else 3, abs(dy))

    def _gems(self, w: Writer, f: Field, row: int, cards: Sequence[int]) -> None:
        """Row ``row`` of ``f``: how many of each gem the cards show."""
        counts = [0] * len(self.tables.gems)
        card_gems = self._card_gems
        try:
            for card in cards:
                for g in card_gems[card]:
                    counts[g] += 1
        except (KeyError, TypeError):
            raise ValueError(f"the view names a card this data set has not: {cards!r}") from None
        for g, count in enumerate(counts):
            if count:
                w.value(f, row, g, count)

    # ------------------------------------------------------------ the vector

    def encode(self, view: Mapping[str, Any]) -> Vector:
        """The observation vector of ``view`` (a seat's or a spectator's), shape ``(size,)``."""
        if not self.tables.encodes(view.get("data_set")):
            raise ValueError(
                f"this encoder is for data set {self.tables.data_set!r}, the view is of "
                f"{view.get('data_set')!r}"
            )
        viewer: int | None = view["viewer"]
        n: int = view["num_players"]
        if not 1 <= n <= MAX_SEATS or (viewer is not None and not 0 <= viewer < n):
            raise ValueError(f"a view of seat {viewer!r} at a table of {n!r} players")
        me = viewer if viewer is not None else 0
        slots = [(seat - me) % n for seat in range(n)]
        positions = {t["id"]: (t["x"], t["y"]) for t in view["mine"]["tiles"]}
        my_room = None if viewer is None else view["players"][viewer]["room"]
        origin = positions.get(my_room, (0, 0))
        w = Writer()
        self._encode_game(w, view, viewer, slots)
        self._encode_decision(w, view, origin)
        self._encode_players(w, view, slots, my_room, origin, positions)
        out = self._template.copy()
        self._encode_mine(w, out, view, slots, origin)
        self._encode_cards(w, view, slots)
        out[w.ones] = 1.0
        out[w.idx] = w.val
        return out

    def _encode_game(
        self, w: Writer, view: Mapping[str, Any], viewer: int | None, slots: list[int]
    ) -> None:
        f = self._f
        w.flag(f["mode"], 0, _lookup(self._mode, view["mode"], "mode"))
        w.flag(f["seats"], 0, view["num_players"] - 1)
        if viewer is not None:
            w.flag(f["viewer_seat"], 0, viewer)
        current = view["current_player"]
        if current is not None:
            w.flag(f["current_player"], 0, slots[current])
        options, params = view["options"], view["params"]
        status = (
            current is not None and current == viewer,
            view["outcome"] is not None,
            view["target"] is not None,
            all(p["hand"] is not None for p in view["players"]),
            options["hidden_hands"],
            options["rush_burns"],
            options["crisis_may_stop"],
            view["time_vein_used"],
        )
        for column, on in enumerate(status):
            if on:
                w.flag(f["status"], 0, column)
        w.flag(f["phase"], 0, _lookup(self._phase, view["phase"], "phase"))
        pending = view["engine"]["pending"]
        if len(pending) >= 2:
            w.flag(f["pending_below"], 0, _lookup(_PENDING, pending[-2][0], "pending code"))
        burnt, cards = view["burnt"], self.tables.num_cards
        rate = params["burn_per_turn"]
        burning = rate > 0 and (view["mode"] == "crisis" or options["rush_burns"])
        numbers = (  # in the order of _SCALARS
            len(pending), view["turn"], view["round"], view["target"] or 0,
            view["team_score"] or 0, view["deck_size"], len(view["discard"]),
            len(view["revealed"]), burnt, view["burnt_from_deck"], len(view["burnt_from_hands"]),
            cards - burnt, view["burns_left"], math.ceil((cards - burnt) / rate) if burning else 0,
            view["stack_size"], len(view["mine"]["tiles"]), len(view["stack_top"]),
            len(view["stack_bottom"]), view["steps"], view["free_effects_used"],
            view["free_effect_limit"], params["hand_limit"], params["steps_per_turn"], rate,
            params["rush_round_limit"],
        )  # fmt: skip
        _put(w, self._scalars, numbers)
        self._gems(w, f["pile_gems"], 0, view["discard"])
        self._gems(w, f["pile_gems"], 1, view["revealed"])
        effect = view["effect"]
        if effect is not None:
            w.flag(f["effect_kind"], 0, _lookup(self._effect, effect["effect"], "effect"))
            w.value(f["effect_state"], 0, 0, effect["step"])
            w.value(f["effect_state"], 0, 1, effect["x"])
            for gem in effect["named"]:
                w.flag(f["effect_named"], 0, _lookup(self._gem, gem, "gem"))
            w.flag(f["tiles"], self._tile(effect["tile"]), self._tile_col["effect_tile"])

    def _encode_decision(self, w: Writer, view: Mapping[str, Any], origin: tuple[int, int]) -> None:
        decision = view["decision"]
        if decision is None:
            return
        f, tile_col = self._f, self._tile_col
        kind = decision["kind"]
        w.flag(f["decision_kind"], 0, _lookup(self._kind, kind, "decision kind"))
        details = decision["details"]
        numbers = f["decision_numbers"]
        w.value(numbers, 0, 4, decision["chosen_count"])
        if "tile" in details:
            w.flag(f["tiles"], self._tile(details["tile"]), tile_col["decision_tile"])
        if kind == "payment":
            for gem in details["cost"]:
                w.value(f["decision_cost"], 0, _lookup(self._std, gem, "cost gem"), 1)
            w.value(numbers, 0, 0, details["points"])
            if details["warped"]:
                w.flag(f["decision_flags"], 0, 0)
            w.flag(f["decision_door"], 0, _lookup(_DIRECTION, details["dir"], "direction"))
        elif kind == "rotation":
            towards = details["towards"]
            if towards is None:
                w.flag(f["decision_flags"], 0, 1)
            else:
                w.flag(f["decision_towards"], 0, _lookup(_DIRECTION, towards, "direction"))
            purpose = _lookup(self._purpose, details["purpose"], "rotation purpose")
            w.flag(f["decision_purpose"], 0, purpose)
            dx, dy = details["x"] - origin[0], details["y"] - origin[1]
            self._offset(w, f["decision_place"], 0, dx, dy)
        elif kind == "destination":
            how = _lookup(self._destination, details["how"], "destination")
            w.flag(f["decision_destination"], 0, how)
        elif kind == "keep":
            w.value(numbers, 0, 1, details["keep"])
        elif kind == "order":
            w.value(numbers, 0, 2, details["count"])
            for tile in details["tiles"] or ():
                w.flag(f["tiles"], self._tile(tile), tile_col["to_order"])
        elif kind == "hand limit":
            w.value(numbers, 0, 3, details["limit"])
        chosen = decision["chosen"] or ()
        if kind == "order":  # Scrying Pool's choices are tiles; every other decision's cards
            for tile in chosen:
                w.flag(f["tiles"], self._tile(tile), tile_col["ordered"])
        else:
            for row in self._cards(chosen):
                w.flag(f["cards"], row, self._card_col["chosen"])

    def _encode_players(
        self,
        w: Writer,
        view: Mapping[str, Any],
        slots: list[int],
        my_room: int | None,
        origin: tuple[int, int],
        positions: Mapping[int, tuple[int, int]],
    ) -> None:
        f = self._f
        flags, dwarf, hand_gems = f["players_flags"], f["players_dwarf"], f["players_hand_gems"]
        for p in view["players"]:
            s = slots[p["seat"]]
            hand = p["hand"]
            for column, on in enumerate(
                (True, p["first_player"], p["patience"], p["room"] == my_room, hand is not None)
            ):
                if on:
                    w.flag(flags, s, column)
            numbers = (p["score"], p["hand_size"], len(p["known"]), p["stack_known"])
            _put(w, self._player_scalars[s], numbers)
            self._gems(w, hand_gems, s, hand if hand is not None else p["known"])
            if p["room"] in positions:
                x, y = positions[p["room"]]
                self._offset(w, dwarf, s, x - origin[0], y - origin[1])

    def _encode_mine(
        self,
        w: Writer,
        out: Vector,
        view: Mapping[str, Any],
        slots: list[int],
        origin: tuple[int, int],
    ) -> None:
        f, col = self._f, self._tile_col
        tiles, rotation, position = f["tiles"], f["tiles_rotation"], f["tiles_position"]
        state = f["tile_door_state"]
        ones, idx, val = w.ones, w.idx, w.val
        scale, cap = position.scale, position.cap
        placed = tiles.start + col["placed"]
        dwarf = tiles.start + col["dwarf.slot0"]
        ox, oy = origin
        turned: list[int] = []  # rows of the placed tiles whose rotation is not 0
        turns: list[int] = []  # and their rotations
        tile_row, mine = self._tile_row, view["mine"]
        # The hottest loop of the encoder: plain index arithmetic, one dictionary per id.
        try:
            for t in mine["tiles"]:
                row, r = tile_row[t["id"]], t["rotation"]
                if r not in (0, 1, 2, 3):
                    raise ValueError(f"tile {t['id']} has rotation {r!r}; rotations are 0..3")
                ones.append(placed + row * tiles.width)
                ones.append(rotation.start + row * 4 + r)
                if r:
                    turned.append(row)
                    turns.append(r)
                base = position.start + row * 4
                dx, dy = t["x"] - ox, t["y"] - oy
                if dx:
                    idx.append(base + (dx < 0))
                    val.append(min(abs(dx), cap) / scale)
                if dy:
                    idx.append(base + 2 + (dy < 0))
                    val.append(min(abs(dy), cap) / scale)
                for seat in t["dwarves"]:
                    ones.append(dwarf + row * tiles.width + slots[seat])
            for door in mine["open_doors"]:
                row = tile_row[door["tile"]]
                ones.append(state.start + row * state.width + 3 * _DIRECTION[door["dir"]])
            for site in mine["sites"]:
                at = (
                    state.start + tile_row[site["tile"]] * state.width + 3 * _DIRECTION[site["dir"]]
                )
                ones.append(at + 1)
                if site["through_tunnels"]:
                    ones.append(at + 2)
        except (KeyError, TypeError) as e:
            raise ValueError(
                f"the view's mine names a tile or direction {e} unknown here"
            ) from None
        if turned:  # the template holds the sides as printed, which rotation 0 shows
            for side, static in self._sides:
                block = out[side.start : side.start + side.size].reshape(side.rows, side.width)
                block[turned] = static[turned, turns]
        if view["placing"] is not None:
            ones.append(tiles.at(self._tile(view["placing"]), col["placing"]))
        stack = f["tiles_stack_position"]
        for depth, tile in enumerate(view["stack_top"], start=1):
            w.value(stack, self._tile(tile), 0, depth)
        for depth, tile in enumerate(view["stack_bottom"], start=1):
            row = self._tile(tile)
            ones.append(tiles.at(row, col["stack_bottom"]))
            w.value(stack, row, 1, depth)

    def _encode_cards(self, w: Writer, view: Mapping[str, Any], slots: list[int]) -> None:
        cards, col, rows = self._f["cards"], self._card_col, self._cards
        start, width, ones = cards.start, cards.width, w.ones
        for p in view["players"]:
            seen = p["hand"] if p["hand"] is not None else p["known"]
            column = start + col["hand.slot0"] + slots[p["seat"]]
            ones.extend(column + row * width for row in rows(seen))
            column = start + col["known"]
            ones.extend(column + row * width for row in rows(p["known"]))
        pile = view["discard"]
        depth = self._f["cards_discard_depth"]
        top = len(pile)
        column = start + col["discard"]
        for i, row in enumerate(rows(pile)):
            ones.append(column + row * width)
            w.idx.append(depth.start + row)
            w.val.append(min(top - i, depth.cap) / depth.scale)  # the top card is 1
        for key, name in (("revealed", "revealed"), ("burnt_from_hands", "burnt_from_hand")):
            column = start + col[name]
            ones.extend(column + row * width for row in rows(view[key]))
        effect = view["effect"]
        if effect is not None:
            column = start + col["dug"]
            ones.extend(column + row * width for row in rows(effect["dug"]))
            if effect["c"] is not None:
                ones.append(start + col["effect_c"] + rows([effect["c"]])[0] * width)


_PENDING = _index(range(NUM_PENDING_CODES))
ENCODER = ViewEncoder(TABLES)
encode = ENCODER.encode

__all__ = ["ENCODER", "ViewEncoder", "encode"]
