"""Setting up a game of Gem Rush (Gem Rush R1-R9): seats, first player, the deal, the first
tile.

``new_state`` draws everything random from the state's own RNG, in a fixed order: the first player
(Gem Rush R6, unless the table fixed it), the gem deck's shuffle and the deal (Gem Rush R7: one card
at a time, clockwise from the first player), the room stack's shuffle and the starting tile
(Gem Rush R8). When the starting tile is a tunnel, the first player extends it through the placement
chain (Gem Rush R8, R86) before the first turn; ``rules.advance`` then runs until the first
decision.
"""

from __future__ import annotations

from iridescia.core.rng import Rng, check_seed
from iridescia.games.gemrush import mine, rules
from iridescia.games.gemrush.construction import begin_chain
from iridescia.games.gemrush.data import NUM_CARDS, NUM_TILES, TILE_IS_TUNNEL
from iridescia.games.gemrush.grid import DELTA, ORIGIN, N
from iridescia.games.gemrush.options import MAX_SEATS, Options
from iridescia.games.gemrush.params import DEFAULT_PARAMS, RulesParams
from iridescia.games.gemrush.state import (
    CH_SETUP,
    CHAIN_NAMES,
    CRISIS,
    MODE_NAMES,
    NO_TILE,
    PH_TURN_START,
    RUSH,
    PlayerState,
    State,
)

MIN_PLAYERS = (1, 2)  # by mode: Crisis 1-7, Rush 2-7 (Gem Rush R2, R87)


def check_players(mode: int, players: int) -> None:
    """Gem Rush R2: Crisis takes 1-7 players, Rush 2-7 (Gem Rush R87)."""
    low = MIN_PLAYERS[mode]
    if not low <= players <= MAX_SEATS:
        raise ValueError(f"{MODE_NAMES[mode]} takes {low}-{MAX_SEATS} players, not {players}")


def target_for(mode: int, options: Options, params: RulesParams, players: int) -> int:
    """The target score: Gem Rush R3 (Crisis: level, custom, or 0 for no target) and Gem Rush R4
    (Rush)."""
    if options.target is not None:
        return options.target
    if mode == RUSH:
        return params.rush_target(players)
    level = options.level_index
    return 0 if level < 0 else params.level_target(level)


def new_state(
    players: int,
    seed: int,
    options: Options | None = None,
    params: RulesParams | None = None,
) -> State:
    """A new game at its first decision (ValueError for a bad table, or a seed outside
    0..2**64 - 1)."""
    options = options or Options()
    params = params or DEFAULT_PARAMS
    mode = RUSH if options.mode == "rush" else CRISIS
    check_players(mode, players)
    seed = check_seed(seed)
    if options.first_player is not None and options.first_player >= players:
        raise ValueError(f"the first player must be a seat below {players}")
    s = State()
    s.params = params
    s.data_set = params.data_set
    s.options = options
    s.mode = mode
    s.seed = seed
    s.num_players = players
    s.target = target_for(mode, options, params, players)
    s.rng = Rng(seed)
    s.players = [PlayerState(i) for i in range(players)]
    # Gem Rush R6: the first player (holds the First Player marker in Rush, Gem Rush R46).
    first = options.first_player if options.first_player is not None else s.rng.below(players)
    s.first_player = s.current = first
    s.emit(
        "game_start",
        -1,
        mode=MODE_NAMES[mode],
        players=players,
        first_player=first,
        target=s.target,
        data_set=s.data_set,
    )
    _deal(s)
    _first_tile(s)
    rules.advance(s)
    return s


def _deal(s: State) -> None:
    """Gem Rush R7: shuffle the 75 cards; deal ``starting_hand`` one at a time clockwise."""
    s.deck = list(range(1, NUM_CARDS + 1))
    s.rng.shuffle(s.deck)
    n = s.num_players
    dealt: list[list[int]] = [[] for _ in range(n)]
    for _ in range(s.params.starting_hand):
        for k in range(n):
            seat = (s.first_player + k) % n
            if s.deck:
                dealt[seat].append(s.deck.pop())
    for seat, cards in enumerate(dealt):
        s.players[seat].hand = sorted(cards)
        s.emit("deal", seat, cards=sorted(cards), count=len(cards), open=s.open_hands)


def _first_tile(s: State) -> None:
    """Gem Rush R8: shuffle the 80 tiles; the top one goes to (0, 0) with rotation 0. A room holds
    every dwarf; a tunnel starts the setup chain heading N (Gem Rush R86)."""
    s.stack = list(range(1, NUM_TILES + 1))
    s.rng.shuffle(s.stack)
    tile = mine.draw_tile(s)
    mine.place(s, tile, ORIGIN, 0)
    s.placing = NO_TILE
    s.emit("tile_placed", -1, tile=tile, x=0, y=0, rotation=0, purpose=CHAIN_NAMES[CH_SETUP])
    if TILE_IS_TUNNEL[tile]:
        begin_chain(s, CH_SETUP, NO_TILE, ORIGIN + DELTA[N], N, walking=False)
        return
    for p in s.players:
        p.room = tile
    s.emit("start_room", -1, tile=tile)
    s.phase = PH_TURN_START
