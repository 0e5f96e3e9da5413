"""Building exact game situations for the table-driven rules tests.

A rules test starts from ``new_game(...)`` (a real ``Game.new`` with the first seat fixed), then
sets the state directly with the helpers below, and finally plays real actions through
``Game.apply`` (so legality is always the engine's). Every helper keeps the state consistent
the way ``conftest.check_invariants`` demands: gems move between the supply and cargoes, tiles
are swapped with where they came from (board, thinned tiles, removed tiles, victory piles),
item cards are taken from the merchant deck or discard, relics and objectives from their decks.

Dice are forced with ``ScriptedDraws``: ``script_dice(game, 4, 4, 5)`` makes the next three calls
of ``state.rng.die()`` return 4, 4 and 5. An unexpected die roll fails the test (strict mode);
``below()`` (used by shuffles) draws from queued values first, then from the real stream.

Limits: the helpers trust the caller about game logic (they do not stop you from standing on a
tile that another explorer is standing on); call ``check(game)`` to assert the invariants.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from conftest import check_invariants
from iridescia.games.iridescia import turn
from iridescia.games.iridescia.data import (
    BONUS_NAMES,
    COLOUR_NAMES,
    ITEM_BY_KEY,
    REGION_NAMES,
    TILE_BY_ID,
    TILE_GEM_NAMES,
    TILES,
)
from iridescia.games.iridescia.game import Game
from iridescia.games.iridescia.params import RulesParams
from iridescia.games.iridescia.state import (
    ACTIONS_PHASE,
    NO_ROLL,
    Event,
    Options,
    State,
    without,
)

AMETHYST, CITRINE, EMERALD, SAPPHIRE = 0, 1, 2, 3


# ---------------------------------------------------------------- a scripted RNG


class ScriptedDraws:
    """Queued draws for a state's ``Rng`` (its ``source``): ``die()`` and ``below()`` values.

    ``die()`` pops the next queued face; with an empty queue it raises AssertionError in strict
    mode (the default), so a test notices any roll it did not plan, or lets the ``Rng`` roll
    from its real SplitMix64 stream when ``strict`` is False. ``below(n)`` pops a queued value
    (checked to be in ``[0, n)``) or, with an empty queue, lets the stream draw, so shuffles
    still work. ``clone()`` copies the queues (``Rng.clone``, hence ``State.clone``, relies on
    it). The ``Rng`` is not subclassed: in the compiled build it is a native class.
    """

    __slots__ = ("belows", "faces", "strict")

    def __init__(
        self, faces: Iterable[int] = (), belows: Iterable[int] = (), strict: bool = True
    ) -> None:
        self.faces = list(faces)
        self.belows = list(belows)
        self.strict = strict
        for f in self.faces:
            assert 1 <= f <= 6, f"a die face is 1..6, not {f}"

    def clone(self) -> ScriptedDraws:
        return ScriptedDraws(self.faces, self.belows, self.strict)

    def die(self) -> int | None:
        if self.faces:
            return self.faces.pop(0)
        if self.strict:
            raise AssertionError("the engine rolled a die the test did not script")
        return None

    def below(self, n: int) -> int | None:
        if self.belows:
            v = self.belows.pop(0)
            assert 0 <= v < n, f"scripted below({n}) value {v} is out of range"
            return v
        return None


def script_dice(game: Game, *faces: int, strict: bool = True) -> ScriptedDraws:
    """Queue die faces for the engine's next rolls (gives the state's RNG a scripted source)."""
    rng = game.state.rng
    scripted = rng.source
    if not isinstance(scripted, ScriptedDraws):
        scripted = ScriptedDraws(strict=strict)
        rng.source = scripted
    scripted.strict = strict
    scripted.faces.extend(faces)
    for f in faces:
        assert 1 <= f <= 6, f"a die face is 1..6, not {f}"
    return scripted


def dice_left(game: Game) -> list[int]:
    """The scripted faces not rolled yet."""
    source = game.state.rng.source
    return list(source.faces) if isinstance(source, ScriptedDraws) else []


# ---------------------------------------------------------------- games and actions


def new_game(
    players: int = 2,
    seed: int = 0,
    first: int = 0,
    catapult_for_fourth: bool = False,
    params: RulesParams | None = None,
) -> Game:
    """``Game.new`` with the first seat fixed (``Options(first_player=first)``)."""
    return Game.new(
        players, seed, Options(first_player=first, catapult_for_fourth=catapult_for_fourth), params
    )


def check(game: Game) -> None:
    """Assert every state invariant (only meaningful with the default rules parameters)."""
    if game.state.params == RulesParams():
        check_invariants(game.state)


def act(game: Game, *texts: str) -> list[Event]:
    """Apply actions by text (each must be legal); returns all their events."""
    out: list[Event] = []
    for t in texts:
        out += game.apply(t)
        check(game)
    return out


def legal(game: Game) -> set[str]:
    """The texts of the legal actions of the current decision."""
    return {str(a) for a in game.legal_actions()}


def decision(game: Game) -> str:
    """The name of the current decision (``'game over'`` when there is none)."""
    d = game.decision()
    return "game over" if d is None else d.kind


def kinds(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    """The data of the events of one kind."""
    return [e.data for e in events if e.kind == kind]


def end_actions(game: Game) -> list[Event]:
    """End the optional actions and finish the turn (``end``, then ``done`` if restoring waits)."""
    events = act(game, "end")
    s = game.state
    while game.decision() is not None and decision(game) == "restore" and s.pending == []:
        events += act(game, "done")
    return events


# ---------------------------------------------------------------- tiles


def tiles_of(gem: str, region: str | None = None, bonus: str | None = "any") -> list[int]:
    """Tile ids with this gem (``amethyst``..``sapphire``, ``rainbow``, ``iridia``), optionally
    this region and bonus (``None`` for no bonus, ``"coins"``, ``"points"``, ``"stone_die"``)."""
    g = TILE_GEM_NAMES.index(gem)
    out = []
    for t in TILES:
        if t.gem != g:
            continue
        if region is not None and t.region != REGION_NAMES.index(region):
            continue
        if bonus != "any" and t.bonus != BONUS_NAMES.index(bonus):
            continue
        out.append(t.id)
    assert out, f"no tile {gem} {region} {bonus}"
    return out


def take_token(s: State) -> str:
    """Take the next royalty token, as an explorer reaching the Castle does."""
    token = s.tokens_left[0]
    s.tokens_left = s.tokens_left[1:]
    return token


def barricade(s: State, *hexes: int) -> None:
    """Put barricades on these hexes."""
    cells = list(s.barricade)
    for h in hexes:
        cells[h] = True
    s.barricade = tuple(cells)


def _replaced(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return (*values[:i], value, *values[i + 1 :])


def _dropped(values: tuple[int, ...], i: int) -> tuple[int, ...]:
    return values[:i] + values[i + 1 :]


def _where(s: State, tid: int) -> tuple[str, int, int]:
    """Where a tile is: ("board", hex, 0), ("thinned"|"removed", index, 0), ("pile", seat, i)."""
    if tid in s.tile_at:
        return ("board", s.tile_at.index(tid), 0)
    if tid in s.thinned:
        return ("thinned", s.thinned.index(tid), 0)
    if tid in s.removed:
        return ("removed", s.removed.index(tid), 0)
    for p in s.players:
        if tid in p.tiles:
            return ("pile", p.seat, p.tiles.index(tid))
    raise AssertionError(f"tile {tid} is nowhere")


def pick_tile(game: Game, gem: str, region: str | None = None, bonus: str | None = "any") -> int:
    """A tile of that kind, preferring one that is on the board (so it can be moved freely)."""
    s = game.state
    ids = tiles_of(gem, region, bonus)
    on_board = [t for t in ids if t in s.tile_at]
    return (on_board or ids)[0]


# Tiles a test placed, per state: ``put`` never takes its tile from one of them. (The state is
# kept referenced so that its id cannot be reused by another state.)
_PLACED: dict[int, tuple[State, set[int]]] = {}


def _placed(s: State) -> set[int]:
    return _PLACED.setdefault(id(s), (s, set()))[1]


def put_tile(game: Game, hex_id: int, tile: int, up: bool = True) -> int:
    """Put ``tile`` on ``hex_id`` (face up or down). The tile that was there takes the tile's old
    place (a board hex, the thinned tiles, the removed tiles or a victory pile); returns ``tile``.
    """
    s = game.state
    if s.tile_at[hex_id] == tile:
        s.face_up[hex_id] = up
        _placed(s).add(tile)
        return tile
    place, i, j = _where(s, tile)
    old = s.tile_at[hex_id]
    old_up = s.face_up[hex_id]
    if place == "board":
        s.tile_at[i], s.face_up[i] = old, (old_up if old else False)
    elif old:
        if place == "thinned":
            s.thinned = _replaced(s.thinned, i, old)
        elif place == "removed":
            s.removed = _replaced(s.removed, i, old)
            if tile in s.removed_hidden:
                s.removed_hidden = without(s.removed_hidden, tile)
        else:
            s.players[i].tiles = _replaced(s.players[i].tiles, j, old)
    else:
        assert place != "thinned", f"tile {tile} is thinned: pick a tile from the board"
        if place == "removed":
            s.removed = _dropped(s.removed, i)
            if tile in s.removed_hidden:
                s.removed_hidden = without(s.removed_hidden, tile)
        else:
            s.players[i].tiles = _dropped(s.players[i].tiles, j)
    s.tile_at[hex_id] = tile
    s.face_up[hex_id] = up
    _placed(s).add(tile)
    return tile


def put(
    game: Game,
    hex_id: int,
    gem: str,
    region: str | None = None,
    bonus: str | None = "any",
    up: bool = True,
) -> int:
    """Put a tile of that kind on ``hex_id``; returns its id. Region defaults to the hex's."""
    from iridescia.games.iridescia.board import REGION_OF_HEX

    if region is None:
        region = REGION_NAMES[REGION_OF_HEX[hex_id]]
    s = game.state
    current = s.tile_at[hex_id]
    ids = tiles_of(gem, region, bonus)
    if current in ids:
        return put_tile(game, hex_id, current, up)
    placed = _placed(s)
    free = [t for t in ids if t not in placed]
    assert free, f"every {gem} {region} {bonus} tile is placed already"
    on_board = [t for t in free if t in s.tile_at]
    return put_tile(game, hex_id, (on_board or free)[0], up)


def empty(game: Game, *hexes: int) -> None:
    """Take the tiles off these hexes (they go to the removed tiles, out of the game)."""
    s = game.state
    for h in hexes:
        tid = s.tile_at[h]
        if tid:
            s.removed = (*s.removed, tid)
            s.tile_at[h] = 0
            s.face_up[h] = False


def empty_rows(game: Game, *rows: int) -> None:
    from iridescia.games.iridescia.board import ROW_HEXES

    for r in rows:
        empty(game, *ROW_HEXES[r])


def give_tiles(game: Game, seat: int, *tiles: int) -> None:
    """Put these tiles in a victory pile (taken from wherever they are; a board hex empties)."""
    s = game.state
    for tid in tiles:
        place, i, j = _where(s, tid)
        if place == "board":
            s.tile_at[i] = 0
            s.face_up[i] = False
        elif place == "thinned":
            raise AssertionError(f"tile {tid} is thinned: pick a tile from the board")
        elif place == "removed":
            s.removed = _dropped(s.removed, i)
            if tid in s.removed_hidden:
                s.removed_hidden = without(s.removed_hidden, tid)
        else:
            s.players[i].tiles = _dropped(s.players[i].tiles, j)
        s.players[seat].tiles = (*s.players[seat].tiles, tid)


# ---------------------------------------------------------------- explorers and turns


def set_pos(game: Game, seat: int, hex_id: int) -> None:
    """Place an explorer (0 = off the board) on an empty hex: explorers wait on the empty hex of
    the tile they collected, so a tile still on ``hex_id`` is taken off the board."""
    if hex_id > 0:
        empty(game, hex_id)
    game.state.players[seat].pos = hex_id


def begin_turn(game: Game, seat: int, at: int | None = None) -> list[Event]:
    """Make it ``seat``'s turn from its very start (reveal phase), at hex ``at`` if given: the
    turn-scoped fields are reset and the blocked check runs, as the engine does."""
    s = game.state
    s.current = seat
    if at is not None:
        set_pos(game, seat, at)
    s.elixir_turn = False
    s.elixir_pending = 0
    s.events = []
    turn.start_turn(s)
    events = list(s.events)
    game.log.extend(events)
    s.events = []
    check(game)
    return events


def stand_on(game: Game, seat: int, hex_id: int, tile: int | None = None, colour: int = -1) -> None:
    """Make it ``seat``'s turn in the optional-actions phase, standing on ``hex_id`` (with
    ``tile`` put there face up if given), as if it had just arrived and taken the arrival gem.
    ``colour`` is the colour mined here (required on a rainbow or Iridia tile)."""
    s = game.state
    begin_turn(game, seat)
    if tile is not None:
        put_tile(game, hex_id, tile, up=True)
    assert s.tile_at[hex_id], f"no tile on hex {hex_id}"
    s.face_up[hex_id] = True
    s.players[seat].pos = hex_id
    gem = TILE_BY_ID[s.tile_at[hex_id]].gem
    s.mine_colour = gem if gem < 4 else colour
    assert s.mine_colour >= 0, "name the colour mined on a rainbow/Iridia tile"
    s.start_items = False
    s.phase = ACTIONS_PHASE
    s.pending = []
    s.roll_kind = NO_ROLL


# ---------------------------------------------------------------- gems, coins, dice


def set_cargo(game: Game, seat: int, cargo: Sequence[int]) -> None:
    """Set a cargo (A, C, E, S counts); the difference comes from / goes to the supply."""
    s = game.state
    p = s.players[seat]
    for c in range(4):
        diff = cargo[c] - p.cargo[c]
        if not s.params.unlimited_gem_supply:
            s.supply[c] -= diff
            assert s.supply[c] >= 0, f"not enough {COLOUR_NAMES[c]} in the supply"
        p.cargo[c] = cargo[c]


def set_coins(game: Game, seat: int, n: int) -> None:
    game.state.players[seat].coins = n


def set_market(game: Game, *values: int) -> None:
    """The four market dice (A, C, E, S)."""
    assert len(values) == 4 and all(1 <= v <= 6 for v in values)
    game.state.market = list(values)


def give_stone_dice(game: Game, seat: int, n: int) -> None:
    """Move ``n`` stone dice from the supply to a seat (idle: not activated)."""
    s = game.state
    assert s.stone_supply >= n
    s.stone_supply -= n
    s.players[seat].stone_idle += n


# ---------------------------------------------------------------- items


def item(key: str) -> int:
    return ITEM_BY_KEY[key].index


def _take_item(s: State, kind: int) -> None:
    if kind in s.item_deck:
        s.item_deck.remove(kind)
    elif kind in s.item_discard:
        s.item_discard = without(s.item_discard, kind)
    elif kind in s.item_market:
        slot = s.item_market.index(kind)
        s.item_market[slot] = s.item_deck.pop() if s.item_deck else -1
    else:
        raise AssertionError(f"no {kind} card left to take")


def give_items(game: Game, seat: int, *keys: str) -> None:
    """Put item cards in a hand, taken from the deck, else the discard, else the market."""
    s = game.state
    for key in keys:
        kind = item(key)
        _take_item(s, kind)
        s.players[seat].items = (*s.players[seat].items, kind)


def set_item_market(game: Game, *keys: str) -> None:
    """Lay out the item market (keys, or ``""`` for an empty slot); the old cards go to the deck.
    No market-refresh check is made: lay out a valid market unless testing the refresh."""
    s = game.state
    s.item_deck += [k for k in s.item_market if k >= 0]
    s.item_market = []
    for key in keys:
        if key == "":
            s.item_market.append(-1)
            continue
        kind = item(key)
        if kind in s.item_deck:
            s.item_deck.remove(kind)
        else:
            s.item_discard = without(s.item_discard, kind)
        s.item_market.append(kind)


def stack_item_deck(game: Game, *keys: str) -> None:
    """Put these cards (from the deck or the discard) on top of the merchant deck, the first key
    on top (the next card drawn)."""
    s = game.state
    for key in keys:
        kind = item(key)
        if kind in s.item_deck:
            s.item_deck.remove(kind)
        else:
            s.item_discard = without(s.item_discard, kind)
    s.item_deck += [item(k) for k in keys][::-1]


def deck_to_discard(game: Game, keep: int = 0) -> None:
    """Move the merchant deck to the discard, keeping its top ``keep`` cards in the deck."""
    s = game.state
    cut = len(s.item_deck) - keep
    s.item_discard += tuple(s.item_deck[:cut])
    s.item_deck = s.item_deck[cut:]


# ---------------------------------------------------------------- relics and objectives


def set_relic_row(game: Game, *relics: int) -> None:
    """Lay out the relic row exactly (taken from the deck; the old row goes under the deck)."""
    s = game.state
    deck = list(s.relic_row) + list(s.relic_deck)
    for r in relics:
        deck.remove(r)
    s.relic_deck, s.relic_row = tuple(deck), tuple(relics)


def set_relic_deck_top(game: Game, *relics: int) -> None:
    """Put these relics on top of the deck, the first one on top (next to be dealt)."""
    s = game.state
    for r in relics:
        s.relic_deck = without(s.relic_deck, r)
    s.relic_deck += tuple(relics)[::-1]


def give_relics(game: Game, seat: int, *relics: int, points: bool = True) -> None:
    """Give restored relics to a seat (from the deck or row; the row is refilled)."""
    from iridescia.games.iridescia.data import RELIC_BY_ID
    from iridescia.games.iridescia.steps import refill_relic_row

    s = game.state
    p = s.players[seat]
    for r in relics:
        if r in s.relic_deck:
            s.relic_deck = without(s.relic_deck, r)
        else:
            s.relic_row = without(s.relic_row, r)
        p.relics = (*p.relics, r)
        if points:
            p.relic_points += RELIC_BY_ID[r].points
    refill_relic_row(s)


def set_objectives(game: Game, seat: int, *objectives: int) -> None:
    """Give a seat exactly these objectives (1 or 2). With one, another objective is recorded
    as discarded, as after reaching the Forest."""
    s = game.state
    p = s.players[seat]
    deck = list(s.objective_deck) + list(p.objectives)
    if p.discarded_objective:
        deck.append(p.discarded_objective)
    mine: list[int] = []
    p.discarded_objective = 0
    for o in objectives:
        if o not in deck:
            # held by another seat: swap with it
            for other in s.players:
                if o in other.objectives:
                    spare = next(x for x in deck if x not in objectives)
                    deck.remove(spare)
                    other.objectives = tuple(sorted((*without(other.objectives, o), spare)))
                    deck.append(o)
                    break
                if other.discarded_objective == o:
                    spare = next(x for x in deck if x not in objectives)
                    deck.remove(spare)
                    other.discarded_objective = spare
                    deck.append(o)
                    break
        deck.remove(o)
        mine.append(o)
    p.objectives = tuple(sorted(mine))
    if len(objectives) == 1:
        spare = deck.pop()
        p.discarded_objective = spare
    s.objective_deck = tuple(deck)


# ---------------------------------------------------------------- the Rhom (solo, R40-R46)


def rhom_card(icon: str, weathervane: str, first: str | None = None) -> int:
    """The id of a Rhom card with this icon and this weathervane on its back (and, if given,
    this first direction in its reveal order)."""
    from iridescia.games.iridescia.data import RHOM_CARDS

    for c in RHOM_CARDS:
        if (c.icon, c.weathervane) == (icon, weathervane) and first in (None, c.reveal_order[0]):
            return c.id
    raise AssertionError(f"no Rhom card {icon} {weathervane} {first}")


def stack_rhom_deck(game: Game, *cards: int) -> None:
    """Put these Rhom cards (from its deck or discard) on top of the Rhom deck, the first one on
    top (the next drawn). The card under a drawn card shows the weathervane after the draw."""
    s = game.state
    for c in cards:
        if c in s.rhom_deck:
            s.rhom_deck = without(s.rhom_deck, c)
        else:
            s.rhom_discard = without(s.rhom_discard, c)
    s.rhom_deck += tuple(cards)[::-1]


def rhom_turn(game: Game) -> list[Event]:
    """Play the Rhom's whole turn now (the engine plays it inside ``start_turn``); returns its
    events and those of the start of the next turn."""
    return begin_turn(game, game.state.rhom)


def rhom_back_off_board(game: Game) -> None:
    """Undo the Rhom's first turn as far as the board goes: its tile back face down on its hex,
    every row-1 tile face down, the Rhom off the board with an empty cargo."""
    from iridescia.games.iridescia.board import ROW_HEXES

    s = game.state
    rhom = s.players[s.rhom]
    for tid in list(rhom.tiles):
        put_tile(game, rhom.pos, tid, up=False)
    rhom.pos = 0
    for h in ROW_HEXES[1]:
        s.face_up[h] = False
    set_cargo(game, s.rhom, [0, 0, 0, 0])
