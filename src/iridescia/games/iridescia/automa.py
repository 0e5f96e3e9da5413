"""The Rhom automa (spec sections 8 and 9, rulings R40-R46): a seat the engine plays itself.

The Rhom's whole turn runs inside the engine, drawing from the state's RNG, and every step is
an event (card drawn, dice, reveals, why it chose its tile, gains, overflow, items taken,
barricades, relics). "Weathervane" ties go to the leftmost (or rightmost) option, as shown on
the back of the top card of the Rhom deck.
"""

from __future__ import annotations

from typing import Final

from iridescia.games.iridescia import steps
from iridescia.games.iridescia.board import (
    ADJACENT,
    CASTLE_ROW,
    COL_OF,
    DIRECTION_NAMES,
    DIRECTIONAL,
    OFF_BOARD,
    ROW_HEXES,
    ROW_OF,
)
from iridescia.games.iridescia.data import (
    BONUS_COINS,
    BONUS_POINTS,
    BONUS_STONE,
    COLOUR_NAMES,
    IRIDIA,
    ITEMS,
    RAINBOW,
    RELIC_BY_ID,
    RHOM_CARDS,
    TILE_BY_ID,
)
from iridescia.games.iridescia.state import State

MAX_BARRICADES: Final = 6
CARD_BY_ID: Final = {c.id: c for c in RHOM_CARDS}


def weathervane(s: State) -> str:
    """The direction on the back of the top card of the Rhom deck ("left" or "right")."""
    return CARD_BY_ID[s.rhom_deck[-1]].weathervane


def _by_vane(s: State, options: list[int], key: dict[int, int] | None = None) -> int:
    """The leftmost (lowest key) or rightmost (highest key) option, per the weathervane."""
    k = key or {o: o for o in options}
    return (
        min(options, key=lambda o: k[o])
        if weathervane(s) == "left"
        else max(options, key=lambda o: k[o])
    )


def demand(s: State) -> list[int]:
    """Gems of each colour in the costs of the relics in the row (an Iridia relic counts 1 each)."""
    out = [0, 0, 0, 0]
    for r in s.relic_row:
        cost = RELIC_BY_ID[r].cost
        for c in range(4):
            out[c] += cost[c]
    return out


def draw_card(s: State) -> int:
    card = s.rhom_deck[-1]
    s.rhom_deck = s.rhom_deck[:-1]
    s.rhom_discard = (*s.rhom_discard, card)
    if not s.rhom_deck:
        # Reshuffled at once, so a weathervane is always visible.
        deck = list(s.rhom_discard)
        s.rhom_discard = ()
        s.rng.shuffle(deck)
        s.rhom_deck = tuple(deck)
        s.emit("rhom_reshuffle", s.rhom, cards=len(s.rhom_deck))
    info = CARD_BY_ID[card]
    s.emit(
        "rhom_card",
        s.rhom,
        card=card,
        icon=info.icon,
        reveal_order=list(info.reveal_order),
        weathervane=weathervane(s),
    )
    return card


def play_turn(s: State) -> bool:
    """The Rhom's whole turn, from its first step to its restoring. Returns whether it moved
    onto a tile, which the turn flow then collects as at the end of anyone's turn (3.5); False
    only when no tile was left to move onto, even after the blocked restart."""
    me = s.players[s.rhom]
    multiplier = 1
    if me.pos == OFF_BOARD:
        _first_turn_reveals(s)
    else:
        if not any(steps.has_open_tile(s, h) for h in ADJACENT[me.pos]):
            _blocked(s)
        card = CARD_BY_ID[draw_card(s)]
        if card.icon in ("2x", "3x"):
            multiplier = int(card.icon[0])
        elif card.icon == "merchant":
            _merchant(s)
        elif card.icon == "barricade":
            _barricade(s)
        if not any(steps.has_open_tile(s, h) for h in ADJACENT[me.pos]):
            _blocked(s)  # ruling D24: its own barricade took its last adjacent tile
        revealed = 0
        for name in card.reveal_order:
            h = DIRECTIONAL[me.pos][DIRECTION_NAMES.index(name)]
            face_down = h and steps.has_open_tile(s, h) and not s.face_up[h]
            if revealed < s.params.max_reveals and face_down:
                steps.reveal(s, h)
                revealed += 1
    target = choose_tile(s)
    if not target:
        # No tile to move onto even after the blocked restart (not reached in play; a guard
        # so the engine never crashes): the Rhom ends its turn where it stands.
        s.emit("rhom_stuck", s.rhom, at=me.pos)
        return False
    me.pos = target
    s.emit("move", s.rhom, to=target)
    _arrive(s, target, multiplier)
    _restore_all(s)
    return True


def _first_turn_reveals(s: State) -> None:
    """R40: roll two dice, count row-1 tiles from the left (wrapping), reveal those tiles."""
    dice = [s.rng.die(), s.rng.die()]
    s.emit("rhom_dice", s.rhom, faces=list(dice), reason="first turn")
    tiles = [h for h in ROW_HEXES[1] if steps.has_open_tile(s, h)]
    if not tiles:
        return
    step = -1 if weathervane(s) == "left" else 1
    for d in dice:
        i = (d - 1) % len(tiles)
        for k in range(len(tiles)):
            h = tiles[(i + k * step) % len(tiles)]
            if not s.face_up[h]:
                steps.reveal(s, h)
                break


def _blocked(s: State) -> None:
    """Spec 8.1: discard its latest tile, go to the closest empty hex (weathervane ties)."""
    me = s.players[s.rhom]
    s.emit("blocked", s.rhom, at=me.pos)
    if me.tiles:
        tile = me.tiles[-1]
        me.tiles = me.tiles[:-1]
        s.removed = (*s.removed, tile)
        s.emit("tile_discarded", s.rhom, tile=tile)
    options = steps.closest_empty_hexes(s, me.pos)
    if options:
        me.pos = _by_vane(s, options, {h: COL_OF[h] * 100 + ROW_OF[h] for h in options})
        s.emit("placed", s.rhom, hex=me.pos)


def _merchant(s: State) -> None:
    die = s.rng.die()
    s.emit("rhom_dice", s.rhom, faces=[die], reason="merchant")
    slots = [i for i, k in enumerate(s.item_market) if k >= 0]
    if not slots:
        s.emit("rhom_merchant", s.rhom, item=None, points=0)
        return
    slot = slots[(die - 1) % len(slots)]
    kind = s.item_market[slot]
    s.item_market[slot] = -1
    s.item_discard = (*s.item_discard, kind)
    points = ITEMS[kind].cost
    s.players[s.rhom].merchant_points += points
    s.emit("rhom_merchant", s.rhom, item=ITEMS[kind].key, slot=slot + 1, points=points)
    steps.fill_item_market(s)


def barricade_target_seat(s: State) -> int:
    """Solo: the human; variant (R46): the next human player in turn order."""
    return (s.rhom + 1) % s.num_players


def _barricade(s: State) -> None:
    """R41: count spaces along the row above the human's explorer from the weathervane edge."""
    human = s.players[barricade_target_seat(s)]
    placed = sum(s.barricade)
    if human.finished or placed >= MAX_BARRICADES:
        s.emit("rhom_barricade", s.rhom, hex=None, reason="ignored")
        return
    row = 1 if human.pos == OFF_BOARD else ROW_OF[human.pos] + 1
    if row >= CASTLE_ROW:
        s.emit("rhom_barricade", s.rhom, hex=None, reason="never in the Castle row")
        return
    die = s.rng.die()
    s.emit("rhom_dice", s.rhom, faces=[die], reason="barricade")
    spaces = list(ROW_HEXES[row])
    if weathervane(s) == "right":
        spaces.reverse()
    start = (die - 1) % len(spaces)
    for k in range(len(spaces)):
        h = spaces[(start + k) % len(spaces)]
        if steps.has_open_tile(s, h):
            s.barricade = (*s.barricade[:h], True, *s.barricade[h + 1 :])
            s.emit("rhom_barricade", s.rhom, hex=h, row=row, count=die)
            return
    s.emit("rhom_barricade", s.rhom, hex=None, reason="no tile left in that row")


def choose_tile(s: State) -> int:
    """R42: the Iridia tile; else no rainbow unless only rainbows; a colour it lacks; the most
    demanded colour; then the weathervane (leftmost or rightmost tile)."""
    me = s.players[s.rhom]
    cands = [h for h in ADJACENT[me.pos] if steps.has_open_tile(s, h) and s.face_up[h]]
    gem = {h: TILE_BY_ID[s.tile_at[h]].gem for h in cands}
    want = demand(s)
    reason = "only choice"
    iridia = [h for h in cands if gem[h] == IRIDIA]
    if iridia:
        cands, reason = iridia, "the Iridia tile"
    else:
        colours = [h for h in cands if gem[h] < RAINBOW]
        if colours:
            cands = colours
            lacking = [h for h in cands if me.cargo[gem[h]] == 0]
            if lacking:
                cands = lacking
            top = max(want[gem[h]] for h in cands)
            cands = [h for h in cands if want[gem[h]] == top]
            reason = "most demanded colour it lacks" if lacking else "most demanded colour"
        else:
            reason = "only rainbows"
    if not cands:
        return 0
    choice = _by_vane(s, cands, {h: COL_OF[h] for h in cands}) if len(cands) > 1 else cands[0]
    s.emit(
        "rhom_choice",
        s.rhom,
        hex=choice,
        reason=reason,
        demand=dict(zip(COLOUR_NAMES, want, strict=True)),
        weathervane=weathervane(s),
    )
    return choice


def rainbow_colour(s: State) -> int:
    """R43: the most demanded colour it does not hold; ties by weathervane over A, C, E, S."""
    cargo = s.players[s.rhom].cargo
    want = demand(s)
    pool = [c for c in range(4) if cargo[c] == 0] or [0, 1, 2, 3]
    top = max(want[c] for c in pool)
    return _by_vane(s, [c for c in pool if want[c] == top])


def _arrive(s: State, h: int, multiplier: int) -> None:
    me = s.players[s.rhom]
    tile = TILE_BY_ID[s.tile_at[h]]
    # R44: bonuses become points; the multiplier never applies to them.
    if tile.bonus in (BONUS_COINS, BONUS_POINTS):
        me.tile_bonus_points += tile.amount
        s.emit("points", s.rhom, count=tile.amount, reason="tile bonus")
    elif tile.bonus == BONUS_STONE:
        if s.stone_supply > 0:
            face = s.rng.die()
            me.tile_bonus_points += face
            s.emit("rhom_dice", s.rhom, faces=[face], reason="stone die")
            s.emit("points", s.rhom, count=face, reason="stone die")
        else:
            s.emit("stone_die", s.rhom, got=False)
    if tile.gem == IRIDIA:
        me.iridia_stone = True
        s.emit("iridia_stone", s.rhom, points=s.params.iridia_stone_points)
    colour = tile.gem
    if colour >= RAINBOW:
        colour = rainbow_colour(s)
        s.emit("colour_chosen", s.rhom, colour=COLOUR_NAMES[colour])
    _gain(s, colour, multiplier)


def _gain(s: State, colour: int, n: int) -> None:
    """Gain with the Rhom's too-many-gems rule (R45)."""
    me = s.players[s.rhom]
    new_colour = me.cargo[colour] == 0
    got = n
    if not s.params.unlimited_gem_supply:
        got = min(n, s.supply[colour])
        s.supply[colour] -= got
    me.cargo[colour] += got
    s.emit("gain", s.rhom, colour=COLOUR_NAMES[colour], count=got, reason="arrival")
    if got < n:
        s.emit("supply_short", s.rhom, colour=COLOUR_NAMES[colour], missing=n - got)
    excess = steps.cargo_size(me.cargo) - s.params.cargo_limit
    while excess > 0:
        out = colour
        if new_colour and got:
            # It keeps the new colour and gives up gems of the colour it holds most of.
            others = [c for c in range(4) if c != colour and me.cargo[c] > 0]
            if others:
                most = max(me.cargo[c] for c in others)
                out = _by_vane(s, [c for c in others if me.cargo[c] == most])
        count = min(excess, me.cargo[out])
        value = s.market[out]
        steps.pay_gems(s, s.rhom, out, count, "rhom hold full")
        me.overflow_points += value * count
        s.emit("rhom_overflow", s.rhom, colour=COLOUR_NAMES[out], count=count, points=value * count)
        excess -= count


def _restore_all(s: State) -> None:
    """Restore at once as many relics as it can, highest value first (weathervane ties)."""
    while True:
        options = [r for r in steps.restorable(s) if r in s.relic_row]
        if not options:
            return
        best = max(RELIC_BY_ID[r].points for r in options)
        top = [r for r in options if RELIC_BY_ID[r].points == best]
        position = {r: s.relic_row.index(r) for r in top}
        steps.restore(s, _by_vane(s, top, position))
