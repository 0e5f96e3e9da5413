"""Bots in set positions: each behaviour issue 16 fixed, shown as a scenario.

The positions are reached by playing a solo game (the first legal action at each of the
player's decisions, the Rhom playing itself) to the player's optional actions, then setting the
player's holdings by hand (the gem supply kept consistent). The bots decide from the view, as
in play; the searches run with small budgets. Measured strength is in docs/bots.md.

- A reservation is worth what the cargo can make of it: a reserved relic the cargo nearly pays
  for is worth more than one it barely starts, and a bot one gem short of its reserved relic,
  standing on a tile of that colour with coins, mines it and restores the relic.
- The Rhom is judged by its road, its cargo and the relics it is about to restore: gems given
  to it and relics left for it count for it.
"""

from __future__ import annotations

import pytest

from iridescia import Game
from iridescia.bots import make_bot
from iridescia.core.rng import Rng
from iridescia.games.iridescia.actions import END, MINE
from iridescia.games.iridescia.data import BOOK, RELIC_BY_ID
from iridescia.games.iridescia.evaluate import estimate

CHALICE = 21  # an Iridia relic: 10 points for one gem of each colour


def optional_actions(seed: int) -> Game:
    """A solo game at the player's first optional actions on a tile of a colour (mining
    allowed), with the Chalice out of the row and the deck (reserved for nobody yet)."""
    game = Game.new(1, seed)
    while True:
        legal = game.legal_actions()
        s = game.state
        if any(a.kind == END for a in legal) and s.current == 0 and s.mine_colour >= 0:
            return game
        game.apply(legal[0])


def set_cargo(game: Game, seat: int, cargo: list[int]) -> None:
    s = game.state
    p = s.players[seat]
    for c in range(4):
        s.supply[c] += p.cargo[c] - cargo[c]
    p.cargo = cargo[:]


# A relic row that asks for pairs of one colour (Amethyst Ring, Citrine Amulet, Emerald Brooch,
# Sapphire Chatelaine, Sapphire Droid): one gem of each colour pays for none of them.
PAIRS_ROW = (1, 2, 3, 4, 13)


def reserve(game: Game, relic: int, row: tuple[int, ...] = PAIRS_ROW) -> None:
    """The player holds ``relic`` reserved (as if with a Book bought and played earlier), the
    relic row is ``row`` and the deck holds the other relics."""
    s = game.state
    unseen = (*s.relic_row, *s.relic_deck)
    s.relic_row = row
    s.relic_deck = tuple(r for r in unseen if r not in row and r != relic)
    s.item_deck.remove(BOOK)  # the Book lies under the reserved relic
    s.players[0].reserved = relic


def play_turn(game: Game, spec: str, seed: int) -> None:
    """The bot plays the rest of the player's turn."""
    bot = make_bot(spec)
    rng = Rng(seed)
    turn = game.state.turn_number
    while not game.is_terminal() and game.state.turn_number == turn:
        game.apply(bot.choose(game.view(0), game.legal_actions(), rng))


def test_a_reservation_is_worth_what_the_cargo_can_make_of_it() -> None:
    game = optional_actions(1)
    reserve(game, CHALICE)
    worth = {}
    for cargo in ([0, 0, 0, 0], [1, 1, 1, 0], [3, 0, 0, 0], [1, 1, 1, 1]):
        set_cargo(game, 0, cargo)
        with_it = estimate(game.state)[0]
        game.state.players[0].reserved = 0
        worth[tuple(cargo)] = with_it - estimate(game.state)[0]
        game.state.players[0].reserved = CHALICE
    # Before, any reservation was credited 0.6 of its points (6 for the Chalice), whatever the
    # cargo: the bots bought a Book on their first turn and almost never restored the relic.
    assert worth[0, 0, 0, 0] == 0.0
    assert worth[3, 0, 0, 0] < worth[1, 1, 1, 0] < 3.0
    assert worth[1, 1, 1, 1] > 5.0  # paid for: it is restored at the end of this turn


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=120,per_action=30,worlds=8"])
def test_a_bot_one_gem_short_of_its_reserved_relic_mines_it_and_restores_it(spec: str) -> None:
    game = optional_actions(1)
    s = game.state
    colour = s.mine_colour
    reserve(game, CHALICE)
    cargo = [1, 1, 1, 1]
    cargo[colour] = 0
    set_cargo(game, 0, cargo)
    s.market[colour] = 2  # two dice succeed on 2 or more
    s.players[0].coins = 9
    first = make_bot(spec).choose(game.view(0), game.legal_actions(), Rng(5))
    assert first.kind == MINE
    play_turn(game, spec, 5)
    assert CHALICE in game.state.players[0].relics


def test_the_rhom_is_judged_by_its_cargo_and_the_relics_it_is_about_to_restore() -> None:
    game = optional_actions(2)
    s = game.state
    rhom = s.rhom
    base = estimate(s)[rhom]
    set_cargo(game, rhom, [c + (1 if i == 0 else 0) for i, c in enumerate(s.players[rhom].cargo)])
    assert estimate(s)[rhom] > base + 0.5  # a gem given to the Rhom counts for it
    relic = s.relic_row[0]
    set_cargo(game, rhom, list(RELIC_BY_ID[relic].cost))
    ready = estimate(s)[rhom]
    s.relic_row = s.relic_row[1:]  # a player restored it first
    assert ready - estimate(s)[rhom] >= RELIC_BY_ID[relic].points * 0.9
