"""Gem Rush's observation layout, built from the catalogue of the game's data set.

Gem Rush's component data is provisional (data set ``gemrush-2e-provisional-1``, spec §0.3): a
transcription of the published tiles and cards may change how many there are and what they show.
So nothing here counts tiles, cards, gems or rooms by hand: ``Tables.from_catalogue`` reads them
from ``catalogue()`` (the package's static component data) and ``build_layout`` sizes every field
from those tables. ``TABLES`` and ``LAYOUT`` are the current data set's; ``docs/observation-
gemrush.md`` documents them field by field (its table is ``LAYOUT.markdown_table()``, kept in
sync by a test).

The other vocabularies come from the documented view format (``GemRushView``): phases, decision
kinds, room types, door kinds, rotation purposes and destinations. A view value outside them is
an error (``ValueError``): the view format grew and the layout must follow.

``Tables`` also holds the static parts of the vector, precomputed once (the measured reason: a
placed tile's four shown sides are one NumPy row per (tile, rotation) instead of four parsed side
texts per tile and call): every card's gems and every tile's sides under each rotation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from iridescia.games.gemrush import (
    DATA_SET,
    DATA_SETS,
    DIRECTION_CODES,
    GAME,
    GEM_CODES,
    catalogue,
)
from iridescia.rl.layout import FieldSpec, Layout, one_hot

Array = npt.NDArray[np.float32]

# From the view format (``GemRushView``).
PHASES: tuple[str, ...] = (
    "setup", "turn start", "hand limit", "movement start", "movement", "action", "effect",
    "placement", "after action", "burn", "turn end", "stop", "game over",
)  # fmt: skip
DECISION_KINDS: tuple[str, ...] = (
    "hand limit", "movement", "action", "burn", "stop", "payment", "rotation", "setup door",
    "reopen", "destination", "elevator door", "discard one", "discard any", "keep", "name",
    "name two", "copy", "remove", "swap", "order",
)  # fmt: skip
NUM_PENDING_CODES = 15  # the engine's pending-decision codes 0..14 (``view.engine.pending``)
ROOM_TYPES: tuple[str, ...] = ("action", "movement", "free", "tunnel", "none")
SIDE_KINDS: tuple[str, ...] = ("door", "wall", "tunnel", "free_door")
PURPOSES: tuple[str, ...] = ("construction", "setup", "reopening", "elevator")
DESTINATIONS: tuple[str, ...] = ("warpstone jump", "mine cart", "portal", "warp stream")
OFFSETS: tuple[str, ...] = ("east", "west", "north", "south")  # signed (dx, dy) as four >= 0
DIRECTIONS: tuple[str, ...] = tuple(DIRECTION_CODES)
MODES: tuple[str, ...] = tuple(m.name for m in GAME.info.modes)
MAX_SEATS = GAME.info.max_seats
SLOTS: tuple[str, ...] = tuple(f"slot{k}" for k in range(MAX_SEATS))

COST_SCALE, COST_CAP = 2.0, 5.0  # gems of one kind in a door's cost
POINTS_SCALE, POINTS_CAP = 3.0, 12.0  # a door's points


@dataclass(frozen=True)
class Tables:
    """What the encoder needs from one data set's catalogue, as index tables and arrays."""

    data_set: str
    num_cards: int
    num_tiles: int
    gems: tuple[str, ...]  # every gem code, in the catalogue's (canonical) order
    standard_gems: tuple[str, ...]  # the gems a door's cost is made of
    effects: tuple[str, ...]  # the rooms' effect keys, sorted
    tile_type: tuple[int, ...]  # per tile row: index into ROOM_TYPES
    card_gems: Array  # (cards, gems): how many of each gem a card shows
    side_kinds: Array  # (tiles, rotation, 4 directions x SIDE_KINDS): 0/1
    side_costs: Array  # (tiles, rotation, 4 directions x standard gems): scaled counts
    side_points: Array  # (tiles, rotation, 4 directions): scaled points
    # Every data set whose views these tables encode: the derived data sets keep the
    # components (the catalogue) and change only default rules parameters.
    data_sets: tuple[str, ...] = ()

    def encodes(self, data_set: object) -> bool:
        return data_set == self.data_set or data_set in self.data_sets

    @staticmethod
    def from_catalogue(data: Mapping[str, Any], data_set: str) -> Tables:
        """The tables of a catalogue (``catalogue()``); ValueError when its ids are not the
        contiguous 1..n that the actions and views use."""
        gems = tuple(g["code"] for g in data["gems"])
        if gems != tuple(GEM_CODES):
            raise ValueError(f"the catalogue's gems {gems} are not the game's {GEM_CODES}")
        standard = tuple(g["code"] for g in data["gems"] if not g["special"])
        cards, tiles, rooms = data["cards"], data["tiles"], data["rooms"]
        _check_ids("card", [c["id"] for c in cards])
        _check_ids("tile", [t["id"] for t in tiles])
        gem_index = {g: i for i, g in enumerate(gems)}
        card_gems = np.zeros((len(cards), len(gems)), dtype=np.float32)
        for c in cards:
            for g in c["gems"]:
                card_gems[c["id"] - 1, gem_index[g]] += 1
        type_index = {t: i for i, t in enumerate(ROOM_TYPES)}
        tile_type = []
        for t in tiles:
            kind = rooms[t["room_index"]]["type"]
            if kind not in type_index:
                raise ValueError(f"the observation layout has no room type {kind!r}")
            tile_type.append(type_index[kind])
        kinds, costs, points = _side_arrays(tiles, standard)
        return Tables(
            data_set=data_set,
            num_cards=len(cards),
            num_tiles=len(tiles),
            gems=gems,
            standard_gems=standard,
            effects=tuple(sorted({r["effect"] for r in rooms})),
            tile_type=tuple(tile_type),
            card_gems=card_gems,
            side_kinds=kinds,
            side_costs=costs,
            side_points=points,
        )


def _check_ids(what: str, ids: Sequence[int]) -> None:
    if list(ids) != list(range(1, len(ids) + 1)):
        raise ValueError(f"the catalogue's {what} ids are not 1..{len(ids)} in order")


def _parse_side(text: str, standard: Sequence[str]) -> tuple[str, list[str], int]:
    """A printed side's text (``"FR+OB:3"``, ``"free:0"``, ``"wall"``, ``"tunnel"``) as (kind,
    cost gems, points)."""
    if text in ("wall", "tunnel"):
        return text, [], 0
    cost, _, points = text.partition(":")
    gems = [] if cost == "free" else cost.split("+")
    unknown = [g for g in gems if g not in standard]
    if unknown or not points.lstrip("-").isdigit():
        raise ValueError(f"cannot read the printed side {text!r}")
    return ("free_door" if not gems else "door"), gems, int(points)


def _side_arrays(
    tiles: Sequence[Mapping[str, Any]], standard: Sequence[str]
) -> tuple[Array, Array, Array]:
    """Each tile's sides as shown towards N, E, S, W under each rotation r: the printed side
    (d - r) mod 4 (spec §1), already scaled as the layout stores them."""
    n, k, g = len(tiles), len(SIDE_KINDS), len(standard)
    kinds = np.zeros((n, 4, 4 * k), dtype=np.float32)
    costs = np.zeros((n, 4, 4 * g), dtype=np.float32)
    points = np.zeros((n, 4, 4), dtype=np.float32)
    for row, tile in enumerate(tiles):
        printed = [_parse_side(side, standard) for side in tile["sides"]]
        for r in range(4):
            for d in range(4):
                kind, gems, pts = printed[(d - r) % 4]
                kinds[row, r, d * k + SIDE_KINDS.index(kind)] = 1.0
                if kind == "free_door":  # a free door is a door too
                    kinds[row, r, d * k] = 1.0
                for gem in set(gems):
                    count = min(gems.count(gem), COST_CAP)
                    costs[row, r, d * g + standard.index(gem)] = count / COST_SCALE
                points[row, r, d] = min(max(pts, 0), POINTS_CAP) / POINTS_SCALE
    return kinds, costs, points


def _per_direction(names: Sequence[str]) -> tuple[str, ...]:
    return tuple(f"{d}.{name}" for d in DIRECTIONS for name in names)


def build_layout(t: Tables) -> Layout:
    """Every field of the vector, in order, sized from the data set's tables."""
    cards, tiles, gems, std = t.num_cards, t.num_tiles, t.gems, t.standard_gems
    per_card = f"one row per card id 1..{cards}"
    per_tile = f"one row per tile id 1..{tiles}"
    specs: list[FieldSpec] = [
        ("mode", 1, one_hot("mode", MODES), "the game's mode", 1, 1),
        ("seats", 1, one_hot("seats", range(1, MAX_SEATS + 1)), "players in the game", 1, 1),
        ("viewer_seat", 1, one_hot("seat", range(MAX_SEATS)), "the observing seat (0-based)",
         1, 1),
        ("current_player", 1, SLOTS,
         "who decides now, as a player slot (none when the game is over)", 1, 1),
        ("status", 1, ("my_decision", "game_over", "has_target", "open_hands", "hidden_hands",
                       "rush_burns", "crisis_may_stop", "time_vein_used"),
         "the observing seat decides; the game is over; a target is set; every hand is visible "
         "to the observer; table options; Time Vein used this turn", 1, 1),
        ("phase", 1, one_hot("phase", PHASES), "the turn's phase", 1, 1),
        ("decision_kind", 1, one_hot("kind", DECISION_KINDS), "what is being decided", 1, 1),
        ("pending_depth", 1, ("depth",), "pending decisions stacked on the phase / 2", 2, 8),
        ("pending_below", 1, one_hot("code", range(NUM_PENDING_CODES)),
         "the engine's code of the pending decision under the current one", 1, 1),
        ("turn_round", 1, ("turn", "round"), "turns started so far and the round / 10", 10, 1000),
        ("target_team", 1, ("target", "team_score"),
         "the target score (0: none) and the team score (Crisis) / 20", 20, 1000),
        ("card_counts", 1, ("deck", "discard", "revealed", "burnt", "burnt_from_deck",
                            "burnt_from_hands", "unburnt"),
         f"cards per zone / {cards} (the data set's card count)", cards, cards),
        ("burns_left", 1, ("burns",), "burns left in this phase 4 / 3", 3, 12),
        ("burn_clock", 1, ("turns",),
         "turns until every card is burnt at the burn rate (Crisis, or Rush with rush_burns) / 25",
         25, cards),
        ("tile_counts", 1, ("stack", "mine", "stack_top_known", "stack_bottom_known"),
         f"tiles per place / {tiles} (the data set's tile count)", tiles, tiles),
        ("steps", 1, ("steps",), "steps left this turn / 3", 3, 12),
        ("free_effects", 1, ("used", "limit"),
         "free-room uses this turn and their limit (0: none) / 8", 8, 64),
        ("rules", 1, ("hand_limit", "steps_per_turn", "burn_per_turn"),
         "rules parameters / 4", 4, 16),
        ("round_limit", 1, ("rounds",), "the Rush safety limit (R88; 0: none) / 100", 100, 1000),
        ("pile_gems", 2, one_hot("gem", gems),
         "gems shown by the discard pile's cards, then the revealed row's / 8", 8, 2 * cards),
        ("effect_kind", 1, one_hot("effect", t.effects),
         "the effect key of the room effect in progress", 1, 1),
        ("effect_state", 1, ("step", "x"),
         "the effect's program step and its number X / 4", 4, 4 * cards),
        ("effect_named", 1, one_hot("gem", gems), "gems the effect named", 1, 1),
        ("decision_cost", 1, one_hot("gem", std),
         "the gems of the cost being paid (payment)", COST_SCALE, COST_CAP),
        ("decision_numbers", 1, ("points", "keep", "count", "limit", "chosen"),
         "the door's points (payment), cards to keep, tiles to order, the hand limit, items "
         "chosen so far / 4", 4, 4 * cards),
        ("decision_flags", 1, ("warped", "any_rotation"),
         "a warped construction (payment); a tunnel that may take any rotation", 1, 1),
        ("decision_door", 1, one_hot("dir", DIRECTIONS), "the door being paid for", 1, 1),
        ("decision_towards", 1, one_hot("dir", DIRECTIONS),
         "the tile being placed must show a door towards this direction", 1, 1),
        ("decision_purpose", 1, one_hot("purpose", PURPOSES),
         "why a tile is being placed (rotation)", 1, 1),
        ("decision_destination", 1, one_hot("how", DESTINATIONS),
         "how the dwarf is moved (destination)", 1, 1),
        ("decision_place", 1, OFFSETS,
         "where the tile being placed goes, from the observer's dwarf / 10", 10, tiles),
        ("players_flags", MAX_SEATS,
         ("present", "first_player", "patience", "with_me", "hand_visible"),
         "player slots (0 = the observer, then the next seats in turn order): in the game, holds "
         "the First Player marker, Patience pending, dwarf in the observer's room, hand visible",
         1, 1),
        ("players_score", MAX_SEATS, ("score",), "each player's score / 10", 10, 1000),
        ("players_cards", MAX_SEATS, ("hand_size", "known"),
         "hand size and the cards known to be in it (R89) / 4", 4, cards),
        ("players_stack_known", MAX_SEATS, ("tiles",),
         "top tiles of the room stack the player knows (R76) / 4", 4, tiles),
        ("players_hand_gems", MAX_SEATS, one_hot("gem", gems),
         "gems shown by the cards the observer sees in each hand (all of it, or its known cards) "
         "/ 4", 4, 2 * cards),
        ("players_dwarf", MAX_SEATS, OFFSETS,
         "each dwarf's room, from the observer's dwarf / 10", 10, tiles),
        ("tiles", tiles,
         ("placed", "placing", "stack_bottom", "decision_tile", "effect_tile", "to_order",
          "ordered", *one_hot("type", ROOM_TYPES), *(f"dwarf.{s}" for s in SLOTS)),
         f"{per_tile}: in the mine, being placed, returned to the stack's bottom (R70), the tile "
         "the decision is about, the room whose effect runs, Scrying Pool's tiles and those "
         "ordered so far, room type (static), dwarves by player slot", 1, 1),
        ("tiles_rotation", tiles, one_hot("r", range(4)), f"{per_tile}: rotation in the mine",
         1, 1),
        ("tiles_position", tiles, OFFSETS,
         f"{per_tile}: position in the mine, from the observer's dwarf / 10", 10, tiles),
        ("tiles_stack_position", tiles, ("from_top", "from_bottom"),
         f"{per_tile}: known place in the room stack (1 = top, or bottom) / 4", 4, tiles),
        ("tile_sides", tiles, _per_direction(SIDE_KINDS),
         f"{per_tile}: each side as shown towards N, E, S, W (in the mine), else as printed: "
         "door, wall, tunnel door, free door", 1, 1),
        ("tile_door_costs", tiles, _per_direction(std),
         f"{per_tile}: each door's cost, gems per kind / 2", COST_SCALE, COST_CAP),
        ("tile_door_points", tiles, _per_direction(("points",)),
         f"{per_tile}: each door's points / 3", POINTS_SCALE, POINTS_CAP),
        ("tile_door_state", tiles, _per_direction(("open", "site", "through_tunnels")),
         f"{per_tile}: each door faces an empty position; is a construction site (R21); whose "
         "trace crosses tunnels", 1, 1),
        ("cards", cards,
         (*(f"hand.{s}" for s in SLOTS), "known", "discard", "revealed", "dug", "chosen",
          "effect_c", "burnt_from_hand"),
         f"{per_card}: seen in a player slot's hand, known to be there (R89), on the discard "
         "pile, in the revealed row, dug, chosen in the current decision, the effect's card c, "
         "burnt from a hand", 1, 1),
        ("cards_discard_depth", cards, ("depth",),
         f"{per_card}: place in the discard pile (1 = top) / 10", 10, cards),
        ("card_gems", cards, one_hot("gem", gems), f"{per_card}: the gems it shows (static)",
         1, 2),
    ]  # fmt: skip
    return Layout(specs)


TABLES = dataclasses.replace(Tables.from_catalogue(catalogue(), DATA_SET), data_sets=DATA_SETS)
LAYOUT = build_layout(TABLES)
OBS_SIZE = LAYOUT.size

__all__ = [
    "DECISION_KINDS",
    "DESTINATIONS",
    "LAYOUT",
    "MAX_SEATS",
    "MODES",
    "NUM_PENDING_CODES",
    "OBS_SIZE",
    "OFFSETS",
    "PHASES",
    "PURPOSES",
    "ROOM_TYPES",
    "SIDE_KINDS",
    "TABLES",
    "Tables",
    "build_layout",
]
