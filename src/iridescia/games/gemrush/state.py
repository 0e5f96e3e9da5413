"""The complete state of a game of Gem Rush, with a cheap ``clone()`` and a stable hash.

Plain mutable data (lists of small ints, one dict for the mine), so that ``clone()`` is a
handful of list copies. The rules modules are the only code that changes it. Hidden
information (the deck, unseen hands, the room stack, cards burnt from the deck, the RNG) lives
here and leaves the core only through ``views.py``.

The turn is a small state machine: ``phase`` is either a decision phase (the current player
chooses) or an automatic one that ``rules.advance`` steps through; a stack of ``pending``
decisions (each a tuple whose first item is a ``P_*`` kind) sits on top of any phase for the
multi-step choices of Gem Rush spec §9.

Conventions: the top of the deck, the discard pile and the room stack is the END of its list;
hands are kept sorted by card id; seats are 0-based; positions are encoded by ``grid.py``.
"""

from __future__ import annotations

import hashlib
from typing import Any

from iridescia.core.events import Event
from iridescia.core.game import Outcome
from iridescia.core.rng import Rng
from iridescia.games.gemrush.data import DATA_SET, NUM_TILES
from iridescia.games.gemrush.options import Options
from iridescia.games.gemrush.params import DEFAULT_PARAMS, RulesParams

RULES_VERSION = 1  # bump only when behaviour changes: records say which rules they follow

CRISIS, RUSH = 0, 1
MODE_NAMES = ("crisis", "rush")

# Phases. Decision phases wait for the current player; automatic ones are stepped by
# ``rules.advance`` until a decision is needed.
PH_SETUP = 0  # auto: the starting tunnel chain (Gem Rush R8)
PH_TURN_START = 1  # auto: phase 0 (Gem Rush R11) and phase 1's Patience skip (Gem Rush R12)
PH_HAND = 2  # decision: phase 1, discard down to the hand limit (Gem Rush R12)
PH_MOVE_START = 3  # auto: new steps, then reopen a closed mine (Gem Rush R13, R101)
PH_MOVE = 4  # decision: phase 2 (Gem Rush R13-R25)
PH_ACTION = 5  # decision: phase 3 (Gem Rush R33)
PH_EFFECT = 6  # auto: a room effect runs (Gem Rush R50-R54)
PH_CHAIN = 7  # auto: tiles are placed one after another (Gem Rush R8, R23, R24, R101)
PH_AFTER_ACTION = 8  # auto: phase 4 or the end of the turn
PH_BURN = 9  # decision: phase 4 (Gem Rush R41)
PH_TURN_END = 10  # auto: end checks (Gem Rush R42, R44, R67), next player
PH_STOP = 11  # decision: stop or play on (Gem Rush R67)
PH_OVER = 12
PHASE_NAMES = (
    "setup", "turn start", "hand limit", "movement start", "movement", "action", "effect",
    "placement", "after action", "burn", "turn end", "stop", "game over",
)  # fmt: skip
DECISION_PHASES = frozenset({PH_HAND, PH_MOVE, PH_ACTION, PH_BURN, PH_STOP})

# Pending decisions (the top of ``pending`` is the current decision).
P_PAY = 0  # (P_PAY, site tile, direction, warped)             choose payment cards (Gem Rush R26)
P_ROTATE = 1  # (P_ROTATE, purpose, tile, position, towards)    a rotation (Gem Rush R23, R24)
P_SETUP_DOOR = 2  # (P_SETUP_DOOR,)                             an open tunnel door (Gem Rush R8)
P_REOPEN = 3  # (P_REOPEN, room tile)                           where to reopen (Gem Rush R101)
P_DEST = 4  # (P_DEST, how)                                     a destination room
P_ELEVATOR_DOOR = 5  # (P_ELEVATOR_DOOR, elevator tile)         an open door (Gem Rush R71)
P_DISCARD_ONE = 6  # (P_DISCARD_ONE,)                           DISCARD ONE (Gem Rush R50)
P_DISCARD_ANY = 7  # (P_DISCARD_ANY,)                           DISCARD ANY (Gem Rush R50)
P_KEEP = 8  # (P_KEEP, how many to keep)                        KEEP k (Gem Rush R38)
P_NAME = 9  # (P_NAME,)                                         NAME (Gem Rush R50)
P_NAME2 = 10  # (P_NAME2,)                                      NAME 2 (Gem Rush R79)
P_COPY = 11  # (P_COPY,)                                        Observatory (Gem Rush R69)
P_REMOVE = 12  # (P_REMOVE,)                                    Dimensional Rift (Gem Rush R70)
P_SWAP = 13  # (P_SWAP,)                                        Warped Mirror (Gem Rush R77)
P_ORDER = 14  # (P_ORDER, m)                                    Scrying Pool (Gem Rush R76)
PENDING_NAMES = (
    "payment", "rotation", "setup door", "reopen", "destination", "elevator door",
    "discard one", "discard any", "keep", "name", "name two", "copy", "remove", "swap", "order",
)  # fmt: skip

# Rotation purposes (P_ROTATE) and chain purposes (``chain_purpose``).
ROT_CHAIN, ROT_ELEVATOR = 0, 1
CH_BUILD, CH_SETUP, CH_REOPEN = 0, 1, 2
CHAIN_NAMES = ("construction", "setup", "reopening")
ANY_ROTATION = -1  # P_ROTATE "towards" for a tunnel: every rotation is allowed

# Destinations (P_DEST).
DEST_JUMP, DEST_CART, DEST_PORTAL, DEST_STREAM = range(4)
DEST_NAMES = ("warpstone jump", "mine cart", "portal", "warp stream")

NO_TILE = 0  # "no tile" wherever a tile id is expected
OFF_MINE = -(1 << 60)  # ``pos_of`` of a tile that is not in the mine (no real position)


DEFAULT_OPTIONS = Options()
# A door of a room as the mine leads it (``mine.room_exits``): (direction, the room where the trace
# ends or NO_TILE, the position where it ends, the direction in which it arrives there).
Exit = tuple[int, int, int, int]


class PlayerState:
    """One seat's belongings."""

    __slots__ = ("hand", "known", "patience", "room", "score", "seat", "stack_known")

    def __init__(self, seat: int, source: PlayerState | None = None) -> None:
        if source is None:
            self.seat = seat
            self.hand: list[int] = []  # card ids, sorted
            # cards of the hand everyone saw enter it (Gem Rush R89), sorted
            self.known: list[int] = []
            self.score = 0  # Gem Rush R9
            self.room = NO_TILE  # tile id of the room the dwarf stands in
            self.patience = False  # skip the next phase 1 (Patience Vein, Gem Rush R12)
            # top tiles of the room stack this seat knows in order (Gem Rush R76)
            self.stack_known = 0
        else:  # a copy (``clone``)
            self.seat = source.seat
            self.hand = source.hand[:]
            self.known = source.known[:]
            self.score = source.score
            self.room = source.room
            self.patience = source.patience
            self.stack_known = source.stack_known

    def clone(self) -> PlayerState:
        return PlayerState(self.seat, self)

    def key(self) -> tuple[Any, ...]:
        return (
            self.seat, tuple(self.hand), tuple(self.known), self.score, self.room,
            self.patience, self.stack_known,
        )  # fmt: skip


class SkillState:
    """The skills of one game (spec §5), set on ``State.skills`` only while a skill is active.

    ``held`` lists each seat's skill keys (keys of ``skills.KINDS``; several per seat for Magic
    Circle), ``colours`` each seat's dwarf colour (a possible skill parameter). ``actions`` counts
    the phase-3 actions of the current turn (extra actions), and ``program`` is the running room
    effect's program as the skills modified it (None: the room's own program).
    """

    __slots__ = ("actions", "colours", "held", "program")

    def __init__(
        self,
        held: tuple[tuple[str, ...], ...],
        colours: tuple[str, ...],
        source: SkillState | None = None,
    ) -> None:
        self.held = held  # immutable: shared by copies
        self.colours = colours
        self.actions = 0
        self.program: tuple[tuple[Any, ...], ...] | None = None
        if source is not None:
            self.actions = source.actions
            self.program = source.program  # a tuple of tuples: immutable

    def clone(self) -> SkillState:
        return SkillState(self.held, self.colours, self)

    def key(self) -> tuple[Any, ...]:
        return (self.held, self.colours, self.actions, self.program)


class State:
    """Everything about one game. Mutated only by the rules modules."""

    __slots__ = (
        "burns_left", "burnt_deck", "burnt_hand", "chain_dir", "chain_pos", "chain_purpose",
        "chain_site", "chain_walking", "chosen", "current", "data_set", "deck", "discard",
        "dug", "events", "exits_cache", "first_player", "free_uses", "fx_c", "fx_names",
        "fx_pc", "fx_return", "fx_room", "fx_tile", "fx_x", "history", "legal_cache", "mode",
        "num_players", "options", "outcome", "params", "pending", "phase", "placing",
        "players", "pos_of", "revealed", "rng", "rot_of", "seed", "sites_cache", "skills",
        "stack", "stack_bottom_known", "steps", "target", "tile_at", "time_vein_used",
        "turns_done",
    )  # fmt: skip

    def __init__(self, source: State | None = None) -> None:
        """A blank state (``setup.new_state`` fills it), or a copy of ``source`` sharing no
        mutable part with it (``clone``). One constructor for both keeps a copy to one
        assignment per field (measured: 28 us down to 10 us for a mid-game 4-player state)."""
        if source is not None:
            self._copy(source)
            return
        # Identity: (rules version, data set, seed, options, params) fix the game.
        self.params: RulesParams = DEFAULT_PARAMS
        self.options: Options = DEFAULT_OPTIONS
        self.data_set = DATA_SET
        self.mode = CRISIS
        self.seed = 0
        self.num_players = 0
        self.target = 0  # Crisis or Rush target; 0 = no target (Crisis only)
        self.rng = Rng(0)
        # Cards (Gem Rush R34). Top of deck and discard pile = end of the list.
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.revealed: list[int] = []  # the revealed row, in the order turned face up
        self.dug: list[int] = []  # cards of the revealed row dug by this effect (Gem Rush R37)
        # burnt from the deck: ids hidden from everyone (Gem Rush R41)
        self.burnt_deck: list[int] = []
        self.burnt_hand: list[int] = []  # burnt from hands, in order: public (Gem Rush R41)
        # The mine (Gem Rush R8, R14). ``tile_at`` maps an encoded position to a tile id.
        self.tile_at: dict[int, int] = {}
        self.pos_of: list[int] = [OFF_MINE] * (NUM_TILES + 1)
        self.rot_of: list[int] = [0] * (NUM_TILES + 1)
        self.stack: list[int] = []  # the room stack; top = end
        # bottom tiles returned by Dimensional Rift (public, Gem Rush R70)
        self.stack_bottom_known = 0
        self.placing = NO_TILE  # a tile drawn and being placed (public)
        # Seats and the turn.
        self.players: list[PlayerState] = []
        self.first_player = 0  # holds the First Player marker in Rush (Gem Rush R46)
        self.current = 0
        self.phase = PH_SETUP
        self.turns_done = 0  # finished turns
        self.steps = 0  # steps left (Gem Rush R13)
        self.time_vein_used = False  # Gem Rush R72
        self.free_uses = 0  # Mine Cart rides + Mystic Elevator moves this turn (Gem Rush R73)
        self.burns_left = 0  # burns still due this phase 4 (Gem Rush R41)
        # Decisions in progress.
        self.pending: list[tuple[int, ...]] = []
        self.chosen: list[int] = []  # cards (or tiles) chosen so far in a multi-pick
        # The room effect being carried out (Gem Rush R50-R54).
        self.fx_room = -1  # room index whose effect runs (-1: none)
        self.fx_tile = NO_TILE  # the tile the dwarf used (an Observatory while it copies)
        self.fx_pc = 0  # the step of the effect's program
        self.fx_c = 0  # card c, the one discarded by DISCARD ONE (0: none)
        self.fx_names = 0  # named gems, as a mask
        self.fx_x = 0  # X (Gem Rush R52)
        self.fx_return = PH_AFTER_ACTION  # where the turn goes when the effect ends
        # The placement chain in progress (construction, setup, reopening).
        self.chain_purpose = CH_BUILD
        self.chain_site = NO_TILE  # construction: room A of the site; reopening: the room
        self.chain_walking = False  # a walking construction (spends a step on moving in)
        self.chain_pos = 0  # where the next tile goes
        self.chain_dir = 0  # the direction in which the trace arrived there
        # The end.
        self.outcome: Outcome | None = None
        # Skills (spec §5): None while no skill is active, which is every game until real skill
        # data exists; then it is not part of the hash either (``key``).
        self.skills: SkillState | None = None
        # Bookkeeping (not part of the game's identity).
        self.history: list[int] = []  # action ids applied since setup
        self.events: list[Event] = []
        # Caches derived from the mine (``mine.room_exits``, ``mine.sites``) and the legal
        # actions: shared by clones, replaced on any change (see ``mine.room_exits``).
        self.exits_cache: dict[int, tuple[Exit, ...]] | None = None
        self.sites_cache: tuple[tuple[int, int, int, int], ...] | None = None
        self.legal_cache: list[Any] | None = None

    def _copy(self, o: State) -> None:
        self.params = o.params
        self.options = o.options
        self.data_set = o.data_set
        self.mode = o.mode
        self.seed = o.seed
        self.num_players = o.num_players
        self.target = o.target
        self.rng = o.rng.clone()
        self.deck = o.deck[:]
        self.discard = o.discard[:]
        self.revealed = o.revealed[:]
        self.dug = o.dug[:]
        self.burnt_deck = o.burnt_deck[:]
        self.burnt_hand = o.burnt_hand[:]
        self.tile_at = o.tile_at.copy()
        self.pos_of = o.pos_of[:]
        self.rot_of = o.rot_of[:]
        self.stack = o.stack[:]
        self.stack_bottom_known = o.stack_bottom_known
        self.placing = o.placing
        self.players = [PlayerState(p.seat, p) for p in o.players]
        self.first_player = o.first_player
        self.current = o.current
        self.phase = o.phase
        self.turns_done = o.turns_done
        self.steps = o.steps
        self.time_vein_used = o.time_vein_used
        self.free_uses = o.free_uses
        self.burns_left = o.burns_left
        self.pending = o.pending[:]
        self.chosen = o.chosen[:]
        self.fx_room = o.fx_room
        self.fx_tile = o.fx_tile
        self.fx_pc = o.fx_pc
        self.fx_c = o.fx_c
        self.fx_names = o.fx_names
        self.fx_x = o.fx_x
        self.fx_return = o.fx_return
        self.chain_purpose = o.chain_purpose
        self.chain_site = o.chain_site
        self.chain_walking = o.chain_walking
        self.chain_pos = o.chain_pos
        self.chain_dir = o.chain_dir
        self.outcome = o.outcome
        self.skills = None if o.skills is None else o.skills.clone()
        self.history = o.history[:]
        self.events = []
        self.exits_cache = o.exits_cache
        self.sites_cache = o.sites_cache
        self.legal_cache = o.legal_cache

    def clone(self) -> State:
        """An independent copy sharing no mutable part (tested: playing on it never changes
        the original). Immutable values (params, options, outcome, caches) are shared."""
        return State(self)

    def key(self) -> tuple[Any, ...]:
        """Everything that defines the state (history, events and caches excluded). Skills join
        it only when active, so games without skills keep their hashes."""
        key = (
            RULES_VERSION, self.data_set, self.params, self.options, self.mode,
            self.num_players, self.target, self.rng.state, tuple(self.deck),
            tuple(self.discard), tuple(self.revealed), tuple(self.dug), tuple(self.burnt_deck),
            tuple(self.burnt_hand), tuple(sorted(self.tile_at.items())), tuple(self.pos_of),
            tuple(self.rot_of), tuple(self.stack), self.stack_bottom_known, self.placing,
            tuple(p.key() for p in self.players), self.first_player, self.current,
            self.phase, self.turns_done, self.steps, self.time_vein_used, self.free_uses,
            self.burns_left, tuple(self.pending), tuple(self.chosen), self.fx_room,
            self.fx_tile, self.fx_pc, self.fx_c, self.fx_names, self.fx_x, self.fx_return,
            self.chain_purpose, self.chain_site, self.chain_walking, self.chain_pos,
            self.chain_dir,
            self.outcome,
        )  # fmt: skip
        return key if self.skills is None else (*key, self.skills.key())

    def state_hash(self) -> str:
        """A stable hex digest of the state (same on every machine and Python process)."""
        return hashlib.blake2b(repr(self.key()).encode(), digest_size=16).hexdigest()

    def emit(self, kind: str, player: int, /, **data: Any) -> None:
        self.events.append(Event(kind, player, data))

    def touch_mine(self) -> None:
        """Forget what was derived from the mine (call after any tile moves)."""
        self.exits_cache = None
        self.sites_cache = None

    @property
    def me(self) -> PlayerState:
        """The current player's state."""
        return self.players[self.current]

    @property
    def rush(self) -> bool:
        return self.mode == RUSH

    @property
    def open_hands(self) -> bool:
        """Whether every hand is open to every seat (Crisis by default, Gem Rush R47)."""
        return (
            self.mode == CRISIS and not self.options.hidden_hands and self.params.crisis_open_hands
        )

    @property
    def burns(self) -> bool:
        """Whether turns have a phase 4 (Crisis; Rush only with rush_burns, Gem Rush R60)."""
        return self.mode == CRISIS or self.options.rush_burns or self.params.rush_burns

    @property
    def may_stop(self) -> bool:
        """Whether the Gem Rush R67 choice is offered (Crisis with a target and the option)."""
        return (
            self.mode == CRISIS
            and self.target > 0
            and (self.options.crisis_may_stop or self.params.crisis_may_stop)
        )
