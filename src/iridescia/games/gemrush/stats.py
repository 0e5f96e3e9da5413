"""Gem Rush statistics for the balancing pass (spec §8), folded from the event stream.

An observer: the engine keeps no counters. ``Statistics`` folds the events ``apply`` returns,
setup's first (``Game.log`` with ``keep_log=True``), then every action's, in order. Feed it the
engine's own events, not redacted copies: hands are followed from the card ids they name.
``as_json`` is the game's record (a simulation's ``games.jsonl`` row), ``seat_json`` one
seat's figures; ``docs/simulation.md`` lists every field. Where each comes from:

- points: ``score`` events; constructions by door-cost size, free and 0-point doors, the
  Orichalcum bonus apart (``construction``);
- cards per action: the draw action (a ``draw`` outside any effect) and each room's effect
  (all gained between ``effect`` and ``effect_end``; Observatory's copies count as
  Observatory), with the cards the effect discarded as its cost and the points it scored;
- the deck: reshuffles, digs by the room whose effect dug (a copied one's for Observatory;
  cards turned, short: the deck and pile ran dry, reshuffled), Crisis burns: deck, hands;
- the mine: tiles placed, open construction sites at each turn start (``turn``'s ``sites``),
  the stack running out, tunnel chains, Mine Cart rides, dead-end starts, R101, R73, R88;
- per turn (``per_turn``, ``TURN_COLUMNS``): hand, sites, decisions (``turn``/``turn_end``
  ``actions``), constructions, points, cards;
- payability (§8.3): the hand phase 2 begins with against a door (``balance.Payability``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from iridescia.core.events import Event
from iridescia.games.gemrush.balance import (
    DigStats,
    Payability,
    RoomStats,
    SeatStats,
    highest_level,
    level_targets,
    ratio,
)
from iridescia.games.gemrush.data import TILES
from iridescia.games.gemrush.params import DEFAULT_PARAMS, RulesParams
from iridescia.games.gemrush.state import CHAIN_NAMES, DEST_CART, DEST_NAMES
from iridescia.games.gemrush.turn import ROUND_LIMIT_REASON

# Gem Rush R73 caps these effects together each turn (Mine Cart rides and elevator moves).
FREE_CAPPED_EFFECTS: Final = frozenset({"mine_cart", "elevator"})
MINE_CART_EFFECT: Final = "mine_cart"
_LARGEST_DOOR: Final = max(len(side.cost) for tile in TILES for side in tile.sides)
_TILE_ROOM_NAME: Final = ("", *(t.room.name for t in TILES))
_TILE_DOORS: Final = (0, *(t.doors for t in TILES))
_TILE_IS_TUNNEL: Final = (False, *(t.is_tunnel for t in TILES))
_TILE_EFFECT: Final = ("", *(t.room.effect for t in TILES))
_CHAIN_MOVES: Final = frozenset(CHAIN_NAMES)  # a ``move`` that ends a chain of tile placements
# ``per_turn``'s columns; a turn's line is filled as the turn goes (hand: once phase 2 begins).
# Turn i (from 0) is seat (first_player + i) % players's, in round i // players + 1 (R10).
TURN_COLUMNS: Final = ("hand", "sites", "decisions", "constructions", "points", "cards")
_HAND, _DECISIONS, _CONSTRUCTIONS, _POINTS, _CARDS = 0, 2, 3, 4, 5
# Before the first turn (setup), figures of a turn go to a line that is never reported.
_BEFORE_TURNS: Final = (None, 0, None, 0, 0, 0)
_CART_RIDE: Final = DEST_NAMES[DEST_CART]  # a ``move`` by Mine Cart
# The seats' figures a game's record sums (the first two before the by-cost tables).
_SUMMED: Final = (
    "orichalcum_bonus", "room_points", "free_doors", "zero_point_doors", "warped_constructions",
    "draw_actions", "draw_cards", "room_actions", "room_action_cards",
)  # fmt: skip


class Statistics:
    """Folds one game's events into its spec §8 figures (the module docstring). ``players``,
    ``params`` and ``seed`` are the game's (``Statistics.of(game)``): the hand limit says when
    phase 2 begins, the R73 cap when it is hit; the seed seeds the payability sampler."""

    __slots__ = (
        "_chain", "_door", "_frame", "_frame_stats", "_free_uses", "_hand_limit", "_hands",
        "_now", "_params", "_payability_due", "_pulls", "_record", "_rooms_of", "_turn_start",
        "burns_random", "carts", "carts_max", "chains_stopped", "closures", "copies",
        "digs", "doors_by_cost", "elevator_moves", "first_player", "free_cap_hits", "mode",
        "moves", "payability", "points_by_cost", "reason", "reopenings", "reshuffles",
        "rooms", "rounds", "seats", "stack_empty_turn", "stack_left", "start_room",
        "start_tile", "start_tunnels", "target", "tiles_placed", "tiles_removed",
        "tunnel_chains", "turn_lines",
    )  # fmt: skip

    def __init__(self, players: int, params: RulesParams = DEFAULT_PARAMS, seed: int = 0) -> None:
        if players < 1:
            raise ValueError(f"a game of Gem Rush has at least 1 player, not {players}")
        self._params = params
        self._hand_limit = params.hand_limit
        self.payability = Payability(seed)
        self.seats = [SeatStats() for _ in range(players)]
        self._hands: list[list[int]] = [[] for _ in range(players)]
        self._rooms_of = [0] * players  # the tile each dwarf stands in
        self.mode = ""
        self.target = 0
        self.first_player = -1
        self.reason = ""
        self.rounds = 0
        self.start_room = ""
        self.start_tile = 0
        self.start_tunnels = 0
        self.doors_by_cost = [0] * (_LARGEST_DOOR + 1)  # constructions by door-cost size
        self.points_by_cost = [0] * (_LARGEST_DOOR + 1)  # printed points by door-cost size
        self.rooms: dict[str, RoomStats] = {}
        self.copies: dict[str, int] = {}  # rooms Observatory copied
        self.digs: dict[str, DigStats] = {}
        self.moves: dict[str, int] = {}  # dwarf moves by how (walk, mine cart, portal...)
        self.reshuffles = 0
        self.burns_random = 0  # Gem Rush R41's shortfall burns
        self.tiles_placed = dict.fromkeys(CHAIN_NAMES, 0)
        self.tiles_removed = 0
        self.tunnel_chains: list[int] = []  # tunnels placed by each chain that placed any
        self.stack_left = -1
        self.stack_empty_turn: int | None = None
        self.chains_stopped = 0  # Gem Rush R65
        self.closures = 0  # Gem Rush R101: the mine closed
        self.reopenings = 0  # Gem Rush R101: tiles placed to reopen it
        self.elevator_moves = 0
        self.carts = 0  # Mine Carts in the mine now
        self.carts_max = 0
        self.free_cap_hits = 0  # Gem Rush R73: turns that reached the cap
        self.turn_lines: list[list[Any]] = []  # one line per turn, ``TURN_COLUMNS``
        self._now: list[Any] = list(_BEFORE_TURNS)  # the line of the turn under way
        self._frame = ""  # the room whose effect is running, a copied one's for Observatory
        self._frame_stats: RoomStats | None = None
        self._door = (0, 0)  # the construction under way: cost size, printed points
        self._chain = 0  # tunnels placed by the chain under way
        self._pulls = 0  # reshuffles since the last card taken from the deck
        self._turn_start = 0  # actions before the current turn
        self._free_uses = 0
        self._payability_due = False
        self._record: dict[str, Any] | None = None

    @classmethod
    def of(cls, game: Any) -> Statistics:
        """The observer of a ``GemRushGame`` (its players, rules parameters and seed)."""
        return cls(game.num_players, game.params, game.seed)

    # ------------------------------------------------------------ folding

    def observe(self, events: Iterable[Event]) -> None:
        self._record = None
        handlers = _HANDLERS
        for e in events:
            handler = handlers.get(e.kind)
            if handler is not None:
                handler(self, e)

    def _room(self, name: str) -> RoomStats:
        stats = self.rooms.get(name)
        if stats is None:
            stats = self.rooms[name] = RoomStats()
        return stats

    def _gained(self, seat: int, cards: Sequence[int]) -> None:
        self._hands[seat].extend(cards)
        if self._frame_stats is not None:
            self._frame_stats.cards += len(cards)
            self.seats[seat].room_action_cards += len(cards)
        self._now[_CARDS] += len(cards)

    def _check_payability(self, seat: int) -> None:
        """Spec §8.3: a door against the hand phase 2 starts with."""
        self._payability_due = False
        hand = self._hands[seat]
        self.payability.check(hand)
        self._now[_HAND] = len(hand)

    # ------------------------------------------------------------ results

    def hands(self) -> list[list[int]]:
        """Every seat's hand as folded from the events, sorted (a check on the fold)."""
        return [sorted(hand) for hand in self._hands]

    def seat_json(self, seat: int) -> dict[str, Any]:
        return self.seats[seat].as_json()

    def record(self) -> dict[str, Any]:
        """``as_json``, made once until more events come (a game's rows read it twice)."""
        if self._record is None:
            self._record = self.as_json()
        return self._record

    def as_json(self) -> dict[str, Any]:
        """The game's figures (docs/simulation.md, "Gem Rush in games.jsonl")."""
        crisis = self.mode == "crisis"
        built = sum(st.constructions for st in self.seats)
        points = sum(st.door_points + st.orichalcum_bonus for st in self.seats)
        out: dict[str, Any] = {
            "first_player": self.first_player,
            "target": self.target or None,
            "target_reached": self._target_reached(),
            "turns": len(self.turn_lines),
            "rounds": self.rounds,
            "round_limit_hit": self.reason == ROUND_LIMIT_REASON,
        }
        if crisis:
            out["levels"] = levels = level_targets(self._params)
            out["level_reached"] = highest_level(levels, sum(st.score for st in self.seats))
        out.update(
            {
                "constructions": built,
                "constructions_by_seat": [st.constructions for st in self.seats],
                "construction_points": points,
                "points_per_construction": ratio(points, built),
                **{name: sum(getattr(st, name) for st in self.seats) for name in _SUMMED[:2]},
                "doors_by_cost": {str(k): n for k, n in enumerate(self.doors_by_cost)},
                "points_by_cost": {str(k): n for k, n in enumerate(self.points_by_cost)},
                **{name: sum(getattr(st, name) for st in self.seats) for name in _SUMMED[2:]},
                "rooms": {name: r.as_list() for name, r in sorted(self.rooms.items())},
                "observatory_copies": dict(sorted(self.copies.items())),
                "reshuffles": self.reshuffles,
                "digs": {name: d.as_json() for name, d in sorted(self.digs.items())},
                "burns": {
                    "deck": sum(st.burns_deck for st in self.seats),
                    "hand": sum(st.burns_hand for st in self.seats),
                    "random": self.burns_random,
                },
                "tiles_placed": dict(self.tiles_placed),
                "tiles_removed": self.tiles_removed,
                "tunnel_chains": list(self.tunnel_chains),
                "start_room": self.start_room,
                "start_tunnels": self.start_tunnels,
                "dead_end_start": _TILE_DOORS[self.start_tile] == 1,
                "stack_left": self.stack_left,
                "stack_exhausted_turn": self.stack_empty_turn,
                "chains_stopped": self.chains_stopped,
                "mine_closures": self.closures,
                "reopenings": self.reopenings,
                "moves": dict(sorted(self.moves.items())),
                "mine_cart_rides": self.moves.get(_CART_RIDE, 0),
                "mine_carts_max": self.carts_max,
                "elevator_moves": self.elevator_moves,
                "free_effect_cap_hits": self.free_cap_hits,
                "payability": self.payability.as_json(),
                "per_turn": {
                    name: [line[i] for line in self.turn_lines]
                    for i, name in enumerate(TURN_COLUMNS)
                },
            }
        )
        return out

    def _target_reached(self) -> bool | None:
        if not self.target:
            return None
        if self.mode == "crisis":
            return sum(st.score for st in self.seats) >= self.target
        return max(st.score for st in self.seats) >= self.target


# ------------------------------------------------------------------ the handlers, by event kind


def _game_start(st: Statistics, e: Event) -> None:
    st.mode = str(e.data["mode"])
    st.target = int(e.data["target"])
    st.first_player = int(e.data["first_player"])


def _deal(st: Statistics, e: Event) -> None:
    st._hands[e.player] = list(e.data["cards"])


def _start_room(st: Statistics, e: Event) -> None:
    tile = int(e.data["tile"])
    st.start_tile = tile
    st.start_room = _TILE_ROOM_NAME[tile]
    st._rooms_of = [tile] * len(st._rooms_of)
    st.start_tunnels = st._chain
    _end_chain(st)


def _turn(st: Statistics, e: Event) -> None:
    seat = e.player
    d = e.data
    st.seats[seat].turns += 1
    st.rounds = max(st.rounds, int(d["round"]))
    st._turn_start = int(d["actions"])
    st._free_uses = 0
    st._now = [None, d["sites"], None, 0, 0, 0]  # TURN_COLUMNS
    st.turn_lines.append(st._now)
    if len(st._hands[seat]) <= st._hand_limit:
        st._check_payability(seat)  # no phase 1: phase 2 begins now
    else:
        st._payability_due = True  # after the hand-limit discards, or the Patience skip


def _patience_skip(st: Statistics, e: Event) -> None:
    if st._payability_due:
        st._check_payability(e.player)


def _turn_end(st: Statistics, e: Event) -> None:
    st._now[_DECISIONS] = int(e.data["actions"]) - st._turn_start


def _game_over(st: Statistics, e: Event) -> None:
    st.reason = str(e.data["reason"])


def _draw(st: Statistics, e: Event) -> None:
    st._pulls = 0
    cards = list(e.data["cards"])
    if st._frame_stats is None:  # outside any effect: the phase-3 draw action (Gem Rush R33)
        seat = st.seats[e.player]
        seat.draw_actions += 1
        seat.draw_cards += len(cards)
        st._room(_TILE_ROOM_NAME[st._rooms_of[e.player]]).present += 1
    st._gained(e.player, cards)


def _gain_face_up(st: Statistics, e: Event) -> None:  # ``keep`` and ``take``
    st._gained(e.player, list(e.data["cards"]))


def _reveal(st: Statistics, e: Event) -> None:
    st._pulls = 0


def _dig(st: Statistics, e: Event) -> None:
    d = e.data
    digs = st.digs.get(st._frame)
    if digs is None:
        digs = st.digs[st._frame] = DigStats()
    digs.lengths.append(len(d["cards"]))
    if len(d["dug"]) < int(d["wanted"]):
        digs.short += 1
    if st._pulls:
        digs.reshuffled += 1
    st._pulls = 0


def _discard(st: Statistics, e: Event) -> None:
    hand = st._hands[e.player]
    cards = e.data["cards"]
    for card in cards:
        hand.remove(card)
    reason = e.data["reason"]
    if reason == "effect" and st._frame_stats is not None:
        st._frame_stats.spent += len(cards)
    elif reason == "hand limit" and st._payability_due:
        st._check_payability(e.player)


def _reshuffle(st: Statistics, e: Event) -> None:
    st.reshuffles += 1
    st._pulls += 1


def _burn_deck(st: Statistics, e: Event) -> None:
    st._pulls = 0
    st.seats[e.player].burns_deck += 1


def _burn_hand(st: Statistics, e: Event) -> None:
    st._hands[int(e.data["seat"])].remove(int(e.data["card"]))
    st.seats[e.player].burns_hand += 1
    if e.data.get("random"):
        st.burns_random += 1


def _score(st: Statistics, e: Event) -> None:
    seat = st.seats[e.player]
    total = int(e.data["total"])
    change = total - seat.score  # the score never drops below 0 (Gem Rush R78): use the totals
    seat.score = total
    if e.data["reason"] == "construction":
        bonus = int(e.data.get("bonus", 0))
        seat.orichalcum_bonus += bonus
        seat.door_points += change - bonus
        st.points_by_cost[st._door[0]] += change - bonus
    else:
        seat.room_points += change
        if st._frame_stats is not None:
            st._frame_stats.points += change
    st._now[_POINTS] += change


def _construction(st: Statistics, e: Event) -> None:
    d = e.data
    size, points = len(d["cost"]), int(d["points"])
    st._door = (size, points)
    seat = st.seats[e.player]
    seat.constructions += 1
    st.doors_by_cost[size] += 1
    if size == 0:
        seat.free_doors += 1
    elif points == 0:
        seat.zero_point_doors += 1
    if d["warped"]:
        seat.warped_constructions += 1
    st._now[_CONSTRUCTIONS] += 1


def _tile_drawn(st: Statistics, e: Event) -> None:
    st.stack_left = int(e.data["stack"])
    if st.stack_left == 0 and st.stack_empty_turn is None:
        st.stack_empty_turn = len(st.turn_lines)  # 0: during setup


def _tile_placed(st: Statistics, e: Event) -> None:
    tile = int(e.data["tile"])
    st.tiles_placed[str(e.data["purpose"])] += 1
    if _TILE_EFFECT[tile] == MINE_CART_EFFECT:
        st.carts += 1
        st.carts_max = max(st.carts_max, st.carts)
    if _TILE_IS_TUNNEL[tile]:
        st._chain += 1
    else:
        _end_chain(st)  # a room ends a chain (Gem Rush R23)


def _end_chain(st: Statistics) -> None:
    if st._chain:
        st.tunnel_chains.append(st._chain)
        st._chain = 0


def _move(st: Statistics, e: Event) -> None:
    how = str(e.data["how"])
    st._rooms_of[e.player] = int(e.data["room"])
    st.moves[how] = st.moves.get(how, 0) + 1
    if how in _CHAIN_MOVES:
        _end_chain(st)  # the chain's trace ended in a room already placed (Gem Rush R24)


def _tile_removed(st: Statistics, e: Event) -> None:
    st.tiles_removed += 1
    if _TILE_EFFECT[int(e.data["tile"])] == MINE_CART_EFFECT:
        st.carts -= 1


def _effect(st: Statistics, e: Event) -> None:
    d = e.data
    name = str(d["room"])
    room = st._room(name)
    room.uses += 1
    st._frame = name
    st._frame_stats = room
    seat = st.seats[e.player]
    seat.room_uses += 1
    if d.get("as_action"):
        room.actions += 1
        room.present += 1
        seat.room_actions += 1
    if d["effect"] in FREE_CAPPED_EFFECTS:
        st._free_uses += 1
        if st._free_uses == st._params.free_effect_limit:
            st.free_cap_hits += 1


def _effect_end(st: Statistics, e: Event) -> None:
    st._frame = ""
    st._frame_stats = None


def _copy(st: Statistics, e: Event) -> None:
    name = str(e.data["room"])
    st.copies[name] = st.copies.get(name, 0) + 1
    st._frame = name  # its digs are the copied room's; its gains stay Observatory's


def _counter(attribute: str) -> Callable[[Statistics, Event], None]:
    """A handler that counts its events in ``attribute``."""

    def count(st: Statistics, e: Event) -> None:
        setattr(st, attribute, getattr(st, attribute) + 1)

    return count


_HANDLERS: Final[dict[str, Callable[[Statistics, Event], None]]] = {
    "game_start": _game_start,
    "deal": _deal,
    "start_room": _start_room,
    "turn": _turn,
    "patience_skip": _patience_skip,
    "turn_end": _turn_end,
    "game_over": _game_over,
    "draw": _draw,
    "keep": _gain_face_up,
    "take": _gain_face_up,
    "reveal": _reveal,
    "dig": _dig,
    "discard": _discard,
    "reshuffle": _reshuffle,
    "burn_deck": _burn_deck,
    "burn_hand": _burn_hand,
    "score": _score,
    "construction": _construction,
    "tile_drawn": _tile_drawn,
    "tile_placed": _tile_placed,
    "chain_stopped": _counter("chains_stopped"),
    "mine_closed": _counter("closures"),
    "reopen": _counter("reopenings"),
    "move": _move,
    "tile_removed": _tile_removed,
    "elevator": _counter("elevator_moves"),
    "effect": _effect,
    "effect_end": _effect_end,
    "copy": _copy,
}
