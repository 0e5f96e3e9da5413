"""The Gem Rush action table (spec §9): every action any decision can offer, in a fixed order.

Actions are ``core.actions.Action`` values (a kind and two small ints) from one ``ActionTable``;
an action's id is its index there, stable for a rules version (new kinds go at the end).
Arguments name card ids (``G01``...), tile ids (``T01``...), directions, gems and 1-based
seats, never grid coordinates. Texts parse back case-insensitively (``WALK n`` is ``walk N``);
``name EG FR`` is accepted for the canonical ``name FR EG``.

The table is sized from the data set (75 cards, 80 tiles) and for 7 seats. The tuples at the
end (``WALK_DIR``, ``PAY_CARD``...) are the hot path's direct lookups, indexed by argument.
"""

from __future__ import annotations

from iridescia.core.actions import Action, ActionTable
from iridescia.games.gemrush.data import NUM_CARDS, NUM_TILES, card_label, tile_label
from iridescia.games.gemrush.grid import DIRECTION_CODES
from iridescia.games.gemrush.options import MAX_SEATS
from iridescia.games.gemrush.schemas import GEM_CODES, GEM_INDEX, NUM_GEMS

GAME_NAME = "gem-rush"

# Action kinds, in table order (append new kinds at the end).
WALK = 0  # walk D                 phase 2: through a door (a construction if the trace ends empty)
USE = 1  # use                     phase 2: the movement or free room's effect
JUMP = 2  # jump Gnn               phase 2: Warpstone jump with this card (Gem Rush R19)
BUILD = 3  # build Tnn D           phase 2: warped construction at this site (Gem Rush R25)
END = 4  # end                     end phase 2
PAY = 5  # pay Gnn                 add a card to the payment
PAID = 6  # paid                   the payment is complete
ROTATE = 7  # rotate r             the rotation of the tile being placed
TO = 8  # to Tnn                   a destination room
DOOR = 9  # door Tnn D             an open door (Mystic Elevator, setup chain)
DRAW = 10  # draw                  phase 3: draw 1 card
ROOM = 11  # room                  phase 3: use the room's effect
DISCARD = 12  # discard Gnn        hand limit, DISCARD ONE, DISCARD ANY
DONE = 13  # done                  end DISCARD ANY
KEEP = 14  # keep Gnn              KEEP k
NAME = 15  # name G                NAME
NAME2 = 16  # name G G             NAME 2 (a < b, canonical order)
COPY = 17  # copy Tnn              Observatory
REMOVE = 18  # remove Tnn          Dimensional Rift
SWAP = 19  # swap s                Warped Mirror (a = 0-based seat, 1-based in text)
ORDER = 20  # order Tnn            Scrying Pool, top tile first
BURN_DECK = 21  # burn deck        phase 4
BURN = 22  # burn Gnn              phase 4: a card from a hand
BURN_SEAT = 23  # burn seat s      phase 4 shortfall: a random card of seat s (a = 0-based)
STOP = 24  # stop                  Gem Rush R67
PLAY_ON = 25  # play on            Gem Rush R67
REOPEN = 26  # reopen D            Gem Rush R101

KIND_NAMES = (
    "walk", "use", "jump", "build", "end", "pay", "paid", "rotate", "to", "door", "draw",
    "room", "discard", "done", "keep", "name", "name2", "copy", "remove", "swap", "order",
    "burn deck", "burn", "burn seat", "stop", "play on", "reopen",
)  # fmt: skip

_CARDS = range(1, NUM_CARDS + 1)
_TILES = range(1, NUM_TILES + 1)
_SEATS = range(MAX_SEATS)
_GEM_PAIRS = [(a, b) for a in range(NUM_GEMS) for b in range(a + 1, NUM_GEMS)]


def _entries() -> list[tuple[int, int, int, str]]:
    dirs = DIRECTION_CODES
    out: list[tuple[int, int, int, str]] = []
    out += [(WALK, d, 0, f"walk {dirs[d]}") for d in range(4)]
    out += [(USE, 0, 0, "use")]
    out += [(JUMP, c, 0, f"jump {card_label(c)}") for c in _CARDS]
    out += [(BUILD, t, d, f"build {tile_label(t)} {dirs[d]}") for t in _TILES for d in range(4)]
    out += [(END, 0, 0, "end")]
    out += [(PAY, c, 0, f"pay {card_label(c)}") for c in _CARDS]
    out += [(PAID, 0, 0, "paid")]
    out += [(ROTATE, r, 0, f"rotate {r}") for r in range(4)]
    out += [(TO, t, 0, f"to {tile_label(t)}") for t in _TILES]
    out += [(DOOR, t, d, f"door {tile_label(t)} {dirs[d]}") for t in _TILES for d in range(4)]
    out += [(DRAW, 0, 0, "draw"), (ROOM, 0, 0, "room")]
    out += [(DISCARD, c, 0, f"discard {card_label(c)}") for c in _CARDS]
    out += [(DONE, 0, 0, "done")]
    out += [(KEEP, c, 0, f"keep {card_label(c)}") for c in _CARDS]
    out += [(NAME, g, 0, f"name {GEM_CODES[g]}") for g in range(NUM_GEMS)]
    out += [(NAME2, a, b, f"name {GEM_CODES[a]} {GEM_CODES[b]}") for a, b in _GEM_PAIRS]
    out += [(COPY, t, 0, f"copy {tile_label(t)}") for t in _TILES]
    out += [(REMOVE, t, 0, f"remove {tile_label(t)}") for t in _TILES]
    out += [(SWAP, s, 0, f"swap {s + 1}") for s in _SEATS]
    out += [(ORDER, t, 0, f"order {tile_label(t)}") for t in _TILES]
    out += [(BURN_DECK, 0, 0, "burn deck")]
    out += [(BURN, c, 0, f"burn {card_label(c)}") for c in _CARDS]
    out += [(BURN_SEAT, s, 0, f"burn seat {s + 1}") for s in _SEATS]
    out += [(STOP, 0, 0, "stop"), (PLAY_ON, 0, 0, "play on")]
    out += [(REOPEN, d, 0, f"reopen {dirs[d]}") for d in range(4)]
    return out


def _alias(key: str) -> str | None:
    """Accept a named pair in either order: ``name eg fr`` reads as ``name fr eg``."""
    words = key.split(" ")
    if len(words) == 3 and words[0] == "name":
        a, b = words[1].upper(), words[2].upper()
        if a in GEM_INDEX and b in GEM_INDEX and GEM_INDEX[a] > GEM_INDEX[b]:
            return f"name {b.lower()} {a.lower()}"
    return None


ACTIONS = ActionTable(GAME_NAME, _entries(), alias=_alias)
NUM_ACTIONS = len(ACTIONS)


def act(kind: int, a: int = 0, b: int = 0) -> Action:
    """The table's action for ``(kind, a, b)`` (InvalidActionError if there is none)."""
    return ACTIONS.lookup(kind, a, b)


def _row(kind: int, size: int) -> tuple[Action, ...]:
    """Actions of one kind indexed by their first argument (index 0 may be a placeholder)."""
    placeholder = ACTIONS[0]
    return tuple(ACTIONS.get(kind, i) or placeholder for i in range(size))


def _grid(kind: int, size: int) -> tuple[tuple[Action, ...], ...]:
    placeholder = ACTIONS[0]
    return tuple(
        tuple(ACTIONS.get(kind, i, d) or placeholder for d in range(4)) for i in range(size)
    )


WALK_DIR = _row(WALK, 4)
REOPEN_DIR = _row(REOPEN, 4)
ROTATE_R = _row(ROTATE, 4)
JUMP_CARD = _row(JUMP, NUM_CARDS + 1)
PAY_CARD = _row(PAY, NUM_CARDS + 1)
DISCARD_CARD = _row(DISCARD, NUM_CARDS + 1)
KEEP_CARD = _row(KEEP, NUM_CARDS + 1)
BURN_CARD = _row(BURN, NUM_CARDS + 1)
TO_TILE = _row(TO, NUM_TILES + 1)
COPY_TILE = _row(COPY, NUM_TILES + 1)
REMOVE_TILE = _row(REMOVE, NUM_TILES + 1)
ORDER_TILE = _row(ORDER, NUM_TILES + 1)
BUILD_AT = _grid(BUILD, NUM_TILES + 1)
DOOR_AT = _grid(DOOR, NUM_TILES + 1)
SWAP_SEAT = _row(SWAP, MAX_SEATS)
BURN_SEAT_OF = _row(BURN_SEAT, MAX_SEATS)
NAME_GEM = _row(NAME, NUM_GEMS)
NAME_PAIR: dict[tuple[int, int], Action] = {(a, b): act(NAME2, a, b) for a, b in _GEM_PAIRS}
USE_ACTION = act(USE)
END_ACTION = act(END)
PAID_ACTION = act(PAID)
DRAW_ACTION = act(DRAW)
ROOM_ACTION = act(ROOM)
DONE_ACTION = act(DONE)
BURN_DECK_ACTION = act(BURN_DECK)
STOP_ACTION = act(STOP)
PLAY_ON_ACTION = act(PLAY_ON)
