"""Actions: small frozen values, one ordered action table, and one canonical text form each.

Every action any decision of the game can offer is in ``ACTION_TABLE``, in a fixed order; an
action's ``id`` is its index there, stable across releases of the same rules version (append new
kinds at the end). ``str(action)`` is its canonical text and ``parse(text)`` reads it back
(case and spacing are forgiven). The ``Action`` value and ``ActionTable`` are the core's, shared by
every game. Seats in texts are 1-based (``give emerald 2`` gives to seat 2).
"""

from __future__ import annotations

from typing import Final

from iridescia.core.actions import Action as Action  # re-exported: the shared action value
from iridescia.core.actions import ActionTable
from iridescia.core.errors import InvalidActionError
from iridescia.games.iridescia.data import COLOUR_NAMES, ITEM_KEYS

GAME_NAME: Final = "gems-of-iridescia"

# Action kinds, in table order.
REVEAL: Final = 0  # reveal <hex>
MOVE: Final = 1  # move <hex>
PLACE: Final = 2  # place <hex>             blocked explorer: the empty hex to restart from (R9)
DISCARD_TILE: Final = 3  # discard tile <tile>    blocked explorer: the tile given up (R9)
DISCARD_OBJECTIVE: Final = 4  # discard objective <id>  on reaching the Forest (R12)
COLOUR: Final = 5  # colour <colour>         rainbow / Iridia tile, or the Pickaxe's rainbow tile
GIVE: Final = 6  # give <colour> <seat>    cargo overflow (R17)
RETURN: Final = 7  # return <colour>         overflow with nobody to give to; Cauldron payment
TAKE: Final = 8  # take <colour>           Cauldron, Axe, Wishing Well
TAKE_NONE: Final = 9  # take none               Wishing Well when no colour qualifies
MINE: Final = 10  # mine <stone dice to add>
BUY: Final = 11  # buy <market slot>
SELL: Final = 12  # sell <colour> <count>
PLAY: Final = 13  # play <item>
DIE: Final = 14  # die <target>            choose the die an item changes
ADJUST: Final = 15  # die <target> <delta>    change it
LIBATION: Final = 16  # libation roll|market
PICK: Final = 17  # pick <target>           a die for Lucky Libation
ROLL: Final = 18  # roll                    roll the picked dice
RESERVE: Final = 19  # reserve <relic>
LAND: Final = 20  # land <hex>              Clever Catapult landing
SWAP: Final = 21  # swap <seat>             Swapping Stones
PICKAXE: Final = 22  # pickaxe <hex>           the Pickaxe's tile
RESTORE: Final = 23  # restore <relic>
END: Final = 24  # end                     end optional actions
DONE: Final = 25  # done                    end restoring, finish the turn
REMOVE: Final = 26  # remove <hex>            a player in the Castle removes a tile

KIND_NAMES: Final = (
    "reveal", "move", "place", "discard tile", "discard objective", "colour", "give", "return",
    "take", "take none", "mine", "buy", "sell", "play", "die", "adjust", "libation", "pick",
    "roll", "reserve", "land", "swap", "pickaxe", "restore", "end", "done", "remove",
)  # fmt: skip

# Dice targets: 0..5 are the dice of the latest roll (1-based in text), 6..9 the market dice.
ROLL_TARGETS: Final = 6
MARKET_TARGET_BASE: Final = 6
NUM_TARGETS: Final = 10
DELTAS: Final = (-2, -1, 1, 2)
MAX_SEATS: Final = 4
MAX_SELL: Final = 7
MAX_STONE: Final = 4
MAX_SLOTS: Final = 6
LIBATION_MODES: Final = ("roll", "market")


def target_text(t: int) -> str:
    if t < MARKET_TARGET_BASE:
        return f"roll:{t + 1}"
    return f"market:{COLOUR_NAMES[t - MARKET_TARGET_BASE]}"


def _text(kind: int, a: int, b: int) -> str:
    if kind in (REVEAL, MOVE, PLACE, LAND, PICKAXE, REMOVE):
        return f"{KIND_NAMES[kind]} {a}"
    if kind in (DISCARD_TILE, DISCARD_OBJECTIVE, RESERVE, RESTORE, BUY, MINE, SWAP):
        return f"{KIND_NAMES[kind]} {a}"
    if kind in (COLOUR, RETURN, TAKE):
        return f"{KIND_NAMES[kind]} {COLOUR_NAMES[a]}"
    if kind == GIVE:
        return f"give {COLOUR_NAMES[a]} {b}"
    if kind == SELL:
        return f"sell {COLOUR_NAMES[a]} {b}"
    if kind == PLAY:
        return f"play {ITEM_KEYS[a]}"
    if kind == DIE:
        return f"die {target_text(a)}"
    if kind == ADJUST:
        return f"die {target_text(a)} {b:+d}"
    if kind == LIBATION:
        return f"libation {LIBATION_MODES[a]}"
    if kind == PICK:
        return f"pick {target_text(a)}"
    return KIND_NAMES[kind]  # TAKE_NONE, ROLL, END, DONE


def _enumerate() -> list[tuple[int, int, int]]:
    out: list[tuple[int, int, int]] = []
    hexes = range(1, 59)
    out += [(REVEAL, h, 0) for h in hexes]
    out += [(MOVE, h, 0) for h in hexes]
    out += [(PLACE, h, 0) for h in hexes]
    out += [(DISCARD_TILE, t, 0) for t in range(1, 59)]
    out += [(DISCARD_OBJECTIVE, o, 0) for o in range(1, 16)]
    out += [(COLOUR, c, 0) for c in range(4)]
    out += [(GIVE, c, s) for c in range(4) for s in range(1, MAX_SEATS + 1)]
    out += [(RETURN, c, 0) for c in range(4)]
    out += [(TAKE, c, 0) for c in range(4)]
    out += [(TAKE_NONE, 0, 0)]
    out += [(MINE, k, 0) for k in range(MAX_STONE + 1)]
    out += [(BUY, s, 0) for s in range(1, MAX_SLOTS + 1)]
    out += [(SELL, c, n) for c in range(4) for n in range(1, MAX_SELL + 1)]
    out += [(PLAY, k, 0) for k in range(len(ITEM_KEYS))]
    out += [(DIE, t, 0) for t in range(NUM_TARGETS)]
    out += [(ADJUST, t, d) for t in range(NUM_TARGETS) for d in DELTAS]
    out += [(LIBATION, m, 0) for m in range(len(LIBATION_MODES))]
    out += [(PICK, t, 0) for t in range(NUM_TARGETS)]
    out += [(ROLL, 0, 0)]
    out += [(RESERVE, r, 0) for r in range(1, 25)]
    out += [(LAND, h, 0) for h in hexes]
    out += [(SWAP, s, 0) for s in range(1, MAX_SEATS + 1)]
    out += [(PICKAXE, h, 0) for h in hexes]
    out += [(RESTORE, r, 0) for r in range(1, 25)]
    out += [(END, 0, 0), (DONE, 0, 0)]
    out += [(REMOVE, h, 0) for h in hexes]
    return out


def _hint(key: str) -> str:
    word = key.split(" ")[0] if key else ""
    forms = sorted({t.split(" ")[0] for t in _TEXT})
    if word in forms:
        examples = [t for t in _TEXT if t.split(" ")[0] == word][:3]
        return f"'{word}' takes arguments like: {', '.join(examples)}"
    return f"actions start with one of: {', '.join(forms)}"


_ROWS: Final = _enumerate()
_TEXT: Final[tuple[str, ...]] = tuple(_text(k, a, b) for k, a, b in _ROWS)
TABLE: Final = ActionTable(
    GAME_NAME, [(k, a, b, t) for (k, a, b), t in zip(_ROWS, _TEXT, strict=True)], hint=_hint
)
ACTION_TABLE: Final[tuple[Action, ...]] = TABLE.actions
NUM_ACTIONS: Final = len(ACTION_TABLE)
_BY_KEY: Final[dict[tuple[int, int, int], Action]] = {(x.kind, x.a, x.b): x for x in ACTION_TABLE}


def parse(text: object) -> Action:
    """The action named by ``text`` (case and spacing forgiven); InvalidActionError if none."""
    return TABLE.parse(text)


def from_id(action_id: object) -> Action:
    """The action with this id; InvalidActionError when there is none."""
    return TABLE.from_id(action_id)


def act(kind: int, a: int = 0, b: int = 0) -> Action:
    """The table's action for (kind, a, b). Raises InvalidActionError if there is none."""
    found = _BY_KEY.get((kind, a, b))
    if found is None:
        raise InvalidActionError(f"no action {KIND_NAMES[kind]} {a} {b}")
    return found


# Fast per-kind lookups for the legal-action generators (hot path).
def _row(kind: int, size: int, offset: int = 0) -> tuple[Action, ...]:
    return tuple(_BY_KEY.get((kind, i + offset, 0), ACTION_TABLE[0]) for i in range(size))


REVEAL_AT: Final = _row(REVEAL, 59)  # index by hex id (index 0 unused)
MOVE_TO: Final = _row(MOVE, 59)
PLACE_AT: Final = _row(PLACE, 59)
LAND_AT: Final = _row(LAND, 59)
REMOVE_AT: Final = _row(REMOVE, 59)
PICKAXE_AT: Final = _row(PICKAXE, 59)
DISCARD_TILE_OF: Final = _row(DISCARD_TILE, 59)
DISCARD_OBJECTIVE_OF: Final = _row(DISCARD_OBJECTIVE, 16)
RESERVE_OF: Final = _row(RESERVE, 25)
RESTORE_OF: Final = _row(RESTORE, 25)
BUY_SLOT: Final = _row(BUY, MAX_SLOTS + 1)  # index by 1-based slot
MINE_K: Final = _row(MINE, MAX_STONE + 1)
PLAY_ITEM: Final = _row(PLAY, len(ITEM_KEYS))
COLOUR_OF: Final = _row(COLOUR, 4)
RETURN_OF: Final = _row(RETURN, 4)
TAKE_OF: Final = _row(TAKE, 4)
DIE_OF: Final = _row(DIE, NUM_TARGETS)
PICK_OF: Final = _row(PICK, NUM_TARGETS)
SWAP_WITH: Final = _row(SWAP, MAX_SEATS + 1)
SELL_OF: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(_BY_KEY.get((SELL, c, n), ACTION_TABLE[0]) for n in range(MAX_SELL + 1)) for c in range(4)
)
GIVE_OF: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(_BY_KEY.get((GIVE, c, s), ACTION_TABLE[0]) for s in range(MAX_SEATS + 1))
    for c in range(4)
)
ADJUST_OF: Final[dict[tuple[int, int], Action]] = {
    (x.a, x.b): x for x in ACTION_TABLE if x.kind == ADJUST
}
TAKE_NONE_ACTION: Final = act(TAKE_NONE)
ROLL_ACTION: Final = act(ROLL)
END_ACTION: Final = act(END)
DONE_ACTION: Final = act(DONE)
LIBATION_MODE: Final = (act(LIBATION, 0), act(LIBATION, 1))
