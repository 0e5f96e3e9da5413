"""Setting up a new game (spec section 2): board, decks, markets, players, tokens, first player.

Everything random is drawn from the state's own RNG, in a fixed order, so a (seed, options)
pair always gives the same table.
"""

from __future__ import annotations

from iridescia.core.rng import Rng
from iridescia.games.iridescia import effects, turn
from iridescia.games.iridescia.board import ROW_HEXES
from iridescia.games.iridescia.data import (
    CATAPULT,
    EMPTY_HEXES_SMALL,
    ITEMS,
    OBJECTIVES,
    RELICS,
    TILES,
    TOKENS_BY_EXPLORERS,
)
from iridescia.games.iridescia.params import RulesParams
from iridescia.games.iridescia.state import Options, PlayerState, State

MIN_PLAYERS, MAX_PLAYERS = 2, 4
REGION_ROWS = {0: (1, 2), 1: (3, 4), 2: (5, 6), 3: (7, 8), 4: (9,)}


def deal_tiles(state: State, explorers: int) -> None:
    """Shuffle each region's tiles onto its hexes; thin for 1-2 explorers (R2)."""
    rng = state.rng
    small = explorers <= 2
    empty = set(EMPTY_HEXES_SMALL) if small else set()
    for region, rows in REGION_ROWS.items():
        tiles = [t for t in TILES if t.region == region]
        if small and region != 4:
            for colour in range(4):
                same = [t.id for t in tiles if t.gem == colour]
                gone = same[rng.below(len(same))]
                state.thinned.append(gone)
                tiles = [t for t in tiles if t.id != gone]
        ids = [t.id for t in tiles]
        rng.shuffle(ids)
        hexes = [h for r in rows for h in ROW_HEXES[r] if h not in empty]
        assert len(hexes) == len(ids)
        for h, tid in zip(hexes, ids, strict=True):
            state.tile_at[h] = tid


def item_deck(explorers: int) -> list[int]:
    """The merchant deck as item kinds (3 copies each); no Swapping/Catapult for 1-2 explorers."""
    deck: list[int] = []
    for kind in ITEMS:
        if kind.needs_three_explorers and explorers <= 2:
            continue
        deck += [kind.index] * kind.copies
    return deck


def new_state(
    num_players: int,
    seed: int,
    options: Options | None = None,
    params: RulesParams | None = None,
) -> State:
    """A new game for 2-4 players, ready for the first player's first decision."""
    if isinstance(num_players, bool) or not isinstance(num_players, int):
        raise ValueError("the number of players must be an integer")
    if num_players == 1:
        raise ValueError("a 1-player game needs the Rhom automa (solo play); use 2-4 players")
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(f"Gems of Iridescia is for 2-4 players, not {num_players}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("the seed must be an integer")
    if options is not None and not isinstance(options, Options):
        raise ValueError("options must be an Options value")
    if params is not None and not isinstance(params, RulesParams):
        raise ValueError("params must be a RulesParams value")
    options = options or Options()
    if options.first_player is not None and (
        isinstance(options.first_player, bool) or not isinstance(options.first_player, int)
    ):
        raise ValueError("first_player must be a seat number")
    if not isinstance(options.catapult_for_fourth, bool):
        raise ValueError("catapult_for_fourth must be true or false")
    if options.first_player is not None and not 0 <= options.first_player < num_players:
        raise ValueError(f"first_player must be a seat in 0..{num_players - 1}")
    if options.catapult_for_fourth and num_players != 4:
        raise ValueError("the 4th-player Catapult option is for 4-player games")
    params = params or RulesParams()
    explorers = num_players

    s = State()
    s.params = params
    s.options = options
    s.seed = seed
    s.num_players = num_players
    s.rng = Rng(seed)
    s.market = [params.market_start_value] * 4
    s.supply = [params.gem_supply_per_colour] * 4
    s.stone_supply = params.stone_dice

    deal_tiles(s, explorers)

    s.relic_deck = [r.id for r in RELICS]
    s.rng.shuffle(s.relic_deck)
    for _ in range(params.relic_row_size):
        if s.relic_deck:
            s.relic_row.append(s.relic_deck.pop())

    # First player (R4) is drawn before the item market so that the 4th player's Catapult
    # (spec 2.7) can be taken from the deck before the market is dealt.
    first = options.first_player
    if first is None:
        first = s.rng.below(num_players)
    s.current = first

    s.players = [PlayerState(seat, params.starting_coins) for seat in range(num_players)]
    deck = item_deck(explorers)
    if options.catapult_for_fourth:
        fourth = (first + 3) % num_players
        deck.remove(CATAPULT)
        s.players[fourth].items.append(CATAPULT)
    s.rng.shuffle(deck)
    s.item_deck = deck
    s.item_market = [-1] * params.item_market_size
    effects.fill_item_market(s)

    s.objective_deck = [o.id for o in OBJECTIVES]
    s.rng.shuffle(s.objective_deck)
    for p in s.players:
        for _ in range(params.objectives_dealt):
            p.objectives.append(s.objective_deck.pop())
        p.objectives.sort()

    s.tokens_left = list(TOKENS_BY_EXPLORERS[explorers])
    s.emit("setup", -1, players=num_players, first=first)  # never the seed: it reveals all
    turn.start_turn(s)
    return s
