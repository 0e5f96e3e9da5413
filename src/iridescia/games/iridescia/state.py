"""The complete state of a game of Gems of Iridescia, with a cheap ``clone()`` and a stable hash.

The state is plain mutable data (lists of small ints) so that ``clone()`` is a handful of list
copies; the rules in ``rules.py``, ``turn.py`` and ``items.py`` are the only code that changes it.
Hidden information (face-down tiles, thinned tiles, deck orders, objectives, the RNG) lives here
and leaves the core only through ``views.py``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from iridescia.core.events import Event as Event  # re-exported: the shared event value
from iridescia.core.rng import Rng
from iridescia.games.iridescia.params import RulesParams

# ``Event(...)`` goes through a Python-level ``__new__``; ``tuple.__new__`` builds the same value
# in C (emit runs about twice per action).
_new_event: Final = tuple.__new__

T = TypeVar("T")


def without(values: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``values`` without the first ``item`` (ValueError if absent), for the tuple fields."""
    i = values.index(item)
    return values[:i] + values[i + 1 :]


# ``State(_BLANK)``: an object ``clone`` fills (positional: a keyword costs 0.3 µs).
_BLANK: Final = True

RULES_VERSION: Final = 1  # bump only when behaviour changes: records say which rules they follow

# Turn phases (the decision when no pending decision is open).
REVEAL_PHASE: Final = 0  # start-of-turn items, reveal, move (or blocked)
ACTIONS_PHASE: Final = 1  # optional actions
RESTORE_PHASE: Final = 2  # end of turn: restore relics
REMOVE_PHASE: Final = 3  # a player in the Castle removes a tile
GAME_OVER: Final = 4
PHASE_NAMES: Final = ("reveal", "actions", "restore", "remove", "game over")

# Pending decisions (a stack; the top one is the current decision).
P_OBJECTIVE: Final = 0  # (P_OBJECTIVE,)                        discard one objective (R12)
P_ARRIVAL_COLOUR: Final = 1  # (P_ARRIVAL_COLOUR,)              colour of a rainbow/Iridia tile
P_OVERFLOW: Final = 2  # (P_OVERFLOW,)                          give away gems above the cargo limit
P_BLOCKED_DISCARD: Final = 3  # (P_BLOCKED_DISCARD,)
P_BLOCKED_PLACE: Final = 4  # (P_BLOCKED_PLACE,)
P_DIE: Final = 5  # (P_DIE, item)                               choose the die to change
P_ADJUST: Final = 6  # (P_ADJUST, item, target)                 choose the change
P_LIBATION_MODE: Final = 7  # (P_LIBATION_MODE,)
P_LIBATION_PICK: Final = 8  # (P_LIBATION_PICK, mode, picked bitmask)
P_WELL: Final = 9  # (P_WELL,)                                  take the Wishing Well's gem
P_CAULDRON_RETURN: Final = 10  # (P_CAULDRON_RETURN, gems still to return)
P_CAULDRON_TAKE: Final = 11  # (P_CAULDRON_TAKE,)
P_AXE: Final = 12  # (P_AXE,)
P_RESERVE: Final = 13  # (P_RESERVE,)
P_LAND: Final = 14  # (P_LAND,)
P_SWAP: Final = 15  # (P_SWAP,)
P_PICKAXE_TILE: Final = 16  # (P_PICKAXE_TILE,)
P_PICKAXE_COLOUR: Final = 17  # (P_PICKAXE_COLOUR, hex)

# Latest roll kinds.
NO_ROLL: Final = 0
MINING_ROLL: Final = 1
WELL_ROLL: Final = 2

# Explorer positions beyond hex ids: off the board is 0 (board.OFF_BOARD), in the Castle is -1.
IN_CASTLE: Final = -1


@dataclass(frozen=True, slots=True)
class Options:
    """Table options chosen at creation (part of the game record)."""

    catapult_for_fourth: bool = False  # spec 2.7: the 4th player starts with a Clever Catapult
    first_player: int | None = None  # fix the first seat (0-based) instead of R4's random draw
    rhom: bool = False  # add the Rhom automa as one more explorer (solo, or the variant of R46)

    def __post_init__(self) -> None:
        # The compiled build checks these types on construction (TypeError); the pure build
        # does the same here so both refuse ``Options(rhom="yes")`` alike. Input from outside
        # goes through ``from_json`` (ValueError with a message) before it gets here.
        if not isinstance(self.catapult_for_fourth, bool) or not isinstance(self.rhom, bool):
            raise TypeError("bool object expected for catapult_for_fourth and rhom")
        if not (self.first_player is None or isinstance(self.first_player, int)):
            raise TypeError("int or None expected for first_player")  # a bool: Game.new refuses

    def to_json(self) -> dict[str, Any]:
        return {
            "catapult_for_fourth": self.catapult_for_fourth,
            "first_player": self.first_player,
            "rhom": self.rhom,
        }

    @staticmethod
    def from_json(data: object) -> Options:
        if not isinstance(data, dict):
            raise ValueError("options must be an object")
        unknown = set(data) - {"catapult_for_fourth", "first_player", "rhom"}
        if unknown:
            raise ValueError(f"unknown options: {sorted(unknown)}")
        cat = data.get("catapult_for_fourth", False)
        first = data.get("first_player")
        rhom = data.get("rhom", False)
        if not isinstance(cat, bool) or not isinstance(rhom, bool):
            raise ValueError("bad option types")
        if not (first is None or (isinstance(first, int) and not isinstance(first, bool))):
            raise ValueError("bad option types")
        return Options(catapult_for_fourth=cat, first_player=first, rhom=rhom)


class PlayerState:
    """One seat's belongings."""

    __slots__ = (
        "cargo",
        "coins",
        "discarded_objective",
        "finished",
        "iridia_stone",
        "items",
        "merchant_points",
        "objectives",
        "overflow_points",
        "pos",
        "relic_points",
        "relics",
        "reserved",
        "seat",
        "stone_idle",
        "tile_bonus_points",
        "tiles",
        "token",
    )

    def __init__(self, seat: int = 0, coins: int = 0, blank: bool = False) -> None:
        if blank:
            return  # ``clone`` sets every field (see ``State.__init__``)
        self.seat = seat
        self.coins = coins
        self.cargo = [0, 0, 0, 0]
        self.stone_idle = 0  # stone dice held and not activated (kept across turns, R13)
        # Containers that change a few times a game are tuples, replaced whole when they change:
        # a clone shares them (copying them was a third of ``clone``).
        self.items: tuple[int, ...] = ()  # item kinds in hand (never two of a kind, R14)
        self.objectives: tuple[int, ...] = ()
        self.discarded_objective = 0
        self.tiles: tuple[int, ...] = ()  # victory pile, in collection order
        self.relics: tuple[int, ...] = ()
        self.reserved = 0  # relic reserved with the Regal Reference Book (R23), 0 if none
        self.relic_points = 0
        self.tile_bonus_points = 0
        self.merchant_points = 0  # the Rhom: item costs scored by the Merchant icon
        self.overflow_points = 0  # the Rhom: market value of gems returned (R45)
        self.iridia_stone = False
        self.token = ""  # royalty token key, "" if none
        self.pos = 0  # hex id, 0 off the board, -1 in the Castle
        self.finished = False

    def clone(self) -> PlayerState:
        o = PlayerState(0, 0, _BLANK)
        o.seat = self.seat
        o.coins = self.coins
        o.cargo = self.cargo[:]
        o.stone_idle = self.stone_idle
        o.items = self.items
        o.objectives = self.objectives
        o.discarded_objective = self.discarded_objective
        o.tiles = self.tiles
        o.relics = self.relics
        o.reserved = self.reserved
        o.relic_points = self.relic_points
        o.tile_bonus_points = self.tile_bonus_points
        o.merchant_points = self.merchant_points
        o.overflow_points = self.overflow_points
        o.iridia_stone = self.iridia_stone
        o.token = self.token
        o.pos = self.pos
        o.finished = self.finished
        return o

    def key(self) -> tuple[Any, ...]:
        return (
            self.seat, self.coins, tuple(self.cargo), self.stone_idle, tuple(self.items),
            tuple(self.objectives), self.discarded_objective, tuple(self.tiles),
            tuple(self.relics), self.reserved, self.relic_points, self.tile_bonus_points,
            self.merchant_points, self.overflow_points, self.iridia_stone, self.token, self.pos,
            self.finished,
        )  # fmt: skip


class State:
    """Everything about one game. Mutated only by the rules modules."""

    __slots__ = (
        "active_stone",
        "barricade",
        "bought",
        "cart",
        "current",
        "elixir_pending",
        "elixir_turn",
        "events",
        "face_up",
        "item_deck",
        "item_discard",
        "item_market",
        "market",
        "mine_colour",
        "num_players",
        "objective_deck",
        "options",
        "params",
        "pending",
        "phase",
        "pickaxe_colour",
        "players",
        "relic_deck",
        "relic_row",
        "removed",
        "removed_hidden",
        "reveals",
        "rhom",
        "rhom_deck",
        "rhom_discard",
        "rng",
        "roll",
        "roll_colour",
        "roll_gain",
        "roll_kind",
        "roll_locked",
        "roll_mult",
        "roll_ok",
        "roll_pick",
        "seed",
        "silent",
        "sold",
        "start_items",
        "stone_supply",
        "supply",
        "thinned",
        "tile_at",
        "tokens_left",
        "turn_number",
        "turns_taken",
    )

    def __init__(self, blank: bool = False) -> None:
        # A blank state has no fields set: ``clone`` fills every one. (The usual idiom,
        # ``State.__new__(State)``, skips ``__init__`` in Python but not in the compiled build,
        # where building the defaults only to overwrite them made ``clone`` twice as slow.)
        if blank:
            return
        self.params = RulesParams()
        self.options = Options()
        self.seed = 0
        self.num_players = 0
        self.rng = Rng(0)
        self.tile_at = [0] * 59  # tile id on each hex (0 = empty hex)
        self.face_up = [False] * 59
        # Containers that change a few times a game are tuples (see ``PlayerState``).
        self.barricade: tuple[bool, ...] = (False,) * 59
        self.thinned: tuple[int, ...] = ()
        self.removed: tuple[int, ...] = ()  # tiles that left the game (Castle removals, R9)
        self.removed_hidden: tuple[int, ...] = ()  # of those, the ones removed face down
        self.market = [2, 2, 2, 2]
        self.supply = [16, 16, 16, 16]
        self.stone_supply = 4
        self.relic_deck: tuple[int, ...] = ()  # top of the deck is the END of the tuple
        self.relic_row: tuple[int, ...] = ()
        self.item_deck: list[int] = []  # top is the end
        self.item_market: list[int] = []  # one kind per slot, -1 for an empty slot
        self.item_discard: tuple[int, ...] = ()
        self.objective_deck: tuple[int, ...] = ()
        self.tokens_left: tuple[str, ...] = ()
        self.rhom = -1  # the Rhom's seat, -1 without the Rhom
        self.rhom_deck: tuple[int, ...] = ()  # Rhom cards, top is the end (its back: a vane)
        self.rhom_discard: tuple[int, ...] = ()
        self.players: list[PlayerState] = []
        self.current = 0
        self.phase = REVEAL_PHASE
        self.turn_number = 0  # turns started so far in the game
        self.turns_taken: tuple[int, ...] = (0, 0, 0, 0)
        # Turn-scoped.
        self.reveals = 0
        self.start_items = True  # Swapping Stones / Catapult still allowed (before first reveal)
        self.bought = False
        self.sold = False
        self.cart = False
        self.pickaxe_colour = -1
        self.mine_colour = -1  # colour mined on the current tile (chosen on a rainbow)
        self.active_stone = 0
        self.elixir_pending = 0
        self.elixir_turn = False
        # The latest roll (mining attempt or Wishing Well), for dice-changing items (R21).
        self.roll_kind = NO_ROLL
        self.roll: tuple[int, ...] = ()  # faces
        self.roll_ok: tuple[bool, ...] = ()
        self.roll_gain: tuple[tuple[int, int], ...] = ()  # per die: (own colour, pickaxe gems)
        self.roll_colour = -1
        self.roll_mult = 1
        self.roll_pick = -1
        self.roll_locked = False
        self.pending: list[tuple[int, ...]] = []
        self.events: list[Event] = []
        self.silent = False  # search copies emit no events (see ``emit``)

    def clone(self) -> State:
        """An independent copy sharing no mutable part (tested: playing on it never changes us)."""
        o = State(_BLANK)
        o.params = self.params
        o.options = self.options
        o.seed = self.seed
        o.num_players = self.num_players
        o.rng = self.rng.clone()
        o.tile_at = self.tile_at[:]
        o.face_up = self.face_up[:]
        o.barricade = self.barricade
        o.thinned = self.thinned
        o.removed = self.removed
        o.removed_hidden = self.removed_hidden
        o.market = self.market[:]
        o.supply = self.supply[:]
        o.stone_supply = self.stone_supply
        o.relic_deck = self.relic_deck
        o.relic_row = self.relic_row
        o.item_deck = self.item_deck[:]
        o.item_market = self.item_market[:]
        o.item_discard = self.item_discard
        o.objective_deck = self.objective_deck
        o.tokens_left = self.tokens_left
        o.rhom = self.rhom
        o.rhom_deck = self.rhom_deck
        o.rhom_discard = self.rhom_discard
        # A loop, not a list comprehension: in the pure build (Python 3.11) the comprehension's
        # own frame cost 0.3 µs, as much as the RNG's copy; compiled, both are the same loop.
        players = []
        for p in self.players:
            players.append(p.clone())
        o.players = players
        o.current = self.current
        o.phase = self.phase
        o.turn_number = self.turn_number
        o.turns_taken = self.turns_taken
        o.reveals = self.reveals
        o.start_items = self.start_items
        o.bought = self.bought
        o.sold = self.sold
        o.cart = self.cart
        o.pickaxe_colour = self.pickaxe_colour
        o.mine_colour = self.mine_colour
        o.active_stone = self.active_stone
        o.elixir_pending = self.elixir_pending
        o.elixir_turn = self.elixir_turn
        o.roll_kind = self.roll_kind
        o.roll = self.roll
        o.roll_ok = self.roll_ok
        o.roll_gain = self.roll_gain
        o.roll_colour = self.roll_colour
        o.roll_mult = self.roll_mult
        o.roll_pick = self.roll_pick
        o.roll_locked = self.roll_locked
        o.pending = self.pending[:]
        o.events = []
        o.silent = self.silent
        return o

    def key(self) -> tuple[Any, ...]:
        """Everything that defines the state (events excluded), as a tuple."""
        return (
            RULES_VERSION, self.params, self.options, self.num_players, self.rng.state,
            tuple(self.tile_at),
            tuple(self.face_up), tuple(self.barricade), tuple(self.thinned),
            tuple(self.removed), tuple(self.removed_hidden), tuple(self.market),
            tuple(self.supply), self.stone_supply,
            tuple(self.relic_deck), tuple(self.relic_row), tuple(self.item_deck),
            tuple(self.item_market), tuple(self.item_discard), tuple(self.objective_deck),
            tuple(self.tokens_left), self.rhom, tuple(self.rhom_deck), tuple(self.rhom_discard),
            tuple(p.key() for p in self.players), self.current,
            self.phase, self.turn_number, tuple(self.turns_taken), self.reveals,
            self.start_items, self.bought, self.sold, self.cart, self.pickaxe_colour,
            self.mine_colour, self.active_stone, self.elixir_pending, self.elixir_turn,
            self.roll_kind, tuple(self.roll), tuple(self.roll_ok), tuple(self.roll_gain),
            self.roll_colour, self.roll_mult, self.roll_pick, self.roll_locked,
            tuple(self.pending),
        )  # fmt: skip

    def state_hash(self) -> str:
        """A stable hex digest of the state (same on every machine and Python process)."""
        return hashlib.blake2b(repr(self.key()).encode(), digest_size=16).hexdigest()

    def emit(self, event_kind: str, player: int, /, **data: Any) -> None:
        """Record an event of this action. A silent state (a search copy, whose events nobody
        reads) records none: building the events was about a tenth of a random game's time."""
        if not self.silent:
            self.events.append(_new_event(Event, (event_kind, player, data)))

    @property
    def current_player_state(self) -> PlayerState:
        return self.players[self.current]
