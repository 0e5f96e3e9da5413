"""Setting up a new game (spec section 2): board, decks, markets, players, tokens, first player.

Everything random is drawn from the state's own RNG, in a fixed order, so a (seed, options)
pair always gives the same table.
"""

from __future__ import annotations

from typing import Final

from iridescia.core.rng import Rng, check_seed
from iridescia.games.iridescia import steps, turn
from iridescia.games.iridescia.board import ROW_HEXES
from iridescia.games.iridescia.data import (
    CATAPULT,
    EMPTY_HEXES_SMALL,
    ITEMS,
    OBJECTIVES,
    RELICS,
    RHOM_CARDS,
    TILES,
    TOKENS_BY_EXPLORERS,
)
from iridescia.games.iridescia.params import RulesParams
from iridescia.games.iridescia.state import Options, PlayerState, State

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
REGION_ROWS: Final = {0: (1, 2), 1: (3, 4), 2: (5, 6), 3: (7, 8), 4: (9,)}


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
                state.thinned = (*state.thinned, gone)
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
    num_players: object,
    seed: object,
    options: object = None,
    params: object = None,
) -> State:
    """A new game ready for its first decision.

    ``num_players`` counts the human seats: 2-4, or 1 for solo against the Rhom (which implies
    ``Options(rhom=True)``); with ``rhom`` and 2-3 humans the Rhom joins as one more explorer
    (R46). The Rhom always takes the last seat and plays first. ``seed`` is an int in
    0..2**64 - 1 (``core.rng.check_seed``), ``options`` an ``Options`` and ``params`` a
    ``RulesParams`` (or None): anything else is a ValueError.
    (The arguments are typed ``object`` because they are checked here: compiled, narrower
    annotations would raise TypeError before these checks.)
    """
    if isinstance(num_players, bool) or not isinstance(num_players, int):
        raise ValueError("the number of players must be an integer")
    seed = check_seed(seed)
    if options is None:
        options = Options()
    elif not isinstance(options, Options):
        raise ValueError("options must be an Options value")
    if params is None:
        params = RulesParams()
    elif not isinstance(params, RulesParams):
        raise ValueError("params must be a RulesParams value")
    return _new_state(num_players, seed, options, params)


def _new_state(num_players: int, seed: int, options: Options, params: RulesParams) -> State:
    if num_players == 1 and not options.rhom:
        options = Options(options.catapult_for_fourth, options.first_player, rhom=True)
    if options.rhom and not 1 <= num_players <= 3:
        raise ValueError(f"the Rhom plays with 1-3 human players, not {num_players}")
    if not options.rhom and not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(f"Gems of Iridescia is for 2-4 players, not {num_players}")
    if not isinstance(options.rhom, bool):
        raise ValueError("rhom must be true or false")
    seats = num_players + (1 if options.rhom else 0)
    if options.first_player is not None and (
        isinstance(options.first_player, bool) or not isinstance(options.first_player, int)
    ):
        raise ValueError("first_player must be a seat number")
    if options.first_player is not None and options.rhom:
        raise ValueError("with the Rhom the order is fixed: the Rhom plays first")
    if options.first_player is not None and not 0 <= options.first_player < seats:
        raise ValueError(f"first_player must be a seat in 0..{seats - 1}")
    if not isinstance(options.catapult_for_fourth, bool):
        raise ValueError("catapult_for_fourth must be true or false")
    if options.catapult_for_fourth and seats != 4:
        raise ValueError("the 4th-player Catapult option is for 4-player games (4 explorers)")
    explorers = seats

    s = State()
    s.params = params
    s.options = options
    s.seed = seed
    s.num_players = seats
    s.rng = Rng(seed)
    s.market = [params.market_start_value] * 4
    s.supply = [params.gem_supply_per_colour] * 4
    s.stone_supply = params.stone_dice

    deal_tiles(s, explorers)

    relics = [r.id for r in RELICS]
    s.rng.shuffle(relics)
    row = []
    for _ in range(params.relic_row_size):
        if relics:
            row.append(relics.pop())
    s.relic_deck, s.relic_row = tuple(relics), tuple(row)

    # First player (R4) is drawn before the item market so that the 4th player's Catapult
    # (spec 2.7) can be taken from the deck before the market is dealt. The Rhom plays first.
    first = options.first_player
    if options.rhom:
        first = seats - 1
    elif first is None:
        first = s.rng.below(seats)
    s.current = first

    s.players = [PlayerState(seat, params.starting_coins) for seat in range(seats)]
    deck = item_deck(explorers)
    if options.catapult_for_fourth:
        fourth = (first + 3) % seats
        deck.remove(CATAPULT)
        s.players[fourth].items = (CATAPULT,)
    s.rng.shuffle(deck)
    s.item_deck = deck
    size = params.item_market_size_with_rhom if options.rhom else params.item_market_size
    s.item_market = [-1] * size
    steps.fill_item_market(s)

    objectives = [o.id for o in OBJECTIVES]
    s.rng.shuffle(objectives)
    for p in s.players:
        if options.rhom and p.seat == seats - 1:
            continue  # the Rhom gets neither objectives nor coins
        p.objectives = tuple(sorted(objectives.pop() for _ in range(params.objectives_dealt)))
    s.objective_deck = tuple(objectives)

    if options.rhom:
        s.rhom = seats - 1
        s.players[s.rhom].coins = 0
        rhom_deck = [c.id for c in RHOM_CARDS]
        s.rng.shuffle(rhom_deck)
        s.rhom_deck = tuple(rhom_deck)

    s.tokens_left = tuple(TOKENS_BY_EXPLORERS[explorers])
    s.emit("setup", -1, players=seats, first=first)  # never the seed: it reveals all
    turn.start_turn(s)
    return s
