"""Refusals: why an action of Gems of Iridescia is not legal now, in data; and the refusal
contract every game keeps (``Game.refusal``, ``core.refusals``, ``i18n.refusals``).

- A case for every kind of refusal the game declares (``REFUSALS``) and the core's: most reached
  by a short scripted sequence of actions from a seed (``SCRIPTED``: the shortest a search over
  random playouts found), the rest built with ``rules_helpers`` (``CRAFTED``: positions random
  games reach only late, and two the rules never let a real game reach, which the legality
  code still guards: an explorer waiting on a tile, a tile without a colour to mine). Each case
  checks the key and values, that ``apply`` raises ``IllegalActionError`` carrying the same
  refusal and an English message, that nothing changed, and the sentence in every language.
- For random positions of every registered game and every action of its table: ``refusal(a)``
  is None exactly when ``a`` is legal, never raises, never changes the state hash, and names a
  specific reason (not ``not_now``) for an action of a kind the decision offers.
- The ``Refusal`` value: JSON round trip, malformed JSON refused, ``text()`` never raising; the
  catalogue: every key in ``refusals.json`` of every language with the same placeholders, the
  English the engine's own.
"""

from __future__ import annotations

import json
import pickle
import string
from collections import defaultdict
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

import iridescia.games as games
from iridescia.core.errors import IllegalActionError, InvalidActionError
from iridescia.core.game import Game as AnyGame
from iridescia.core.refusals import (
    CORE_REFUSALS,
    GAME_OVER,
    NOT_YOUR_TURN,
    Refusal,
    declared_keys,
    template,
)
from iridescia.core.rng import Rng
from iridescia.games.gemrush.refusals import REFUSALS as GEM_RUSH_REFUSALS
from iridescia.games.iridescia import GAME, Game
from iridescia.games.iridescia.board import CATAPULT_LANDINGS
from iridescia.games.iridescia.data import COLOUR_NAMES
from iridescia.games.iridescia.params import RulesParams
from iridescia.games.iridescia.refusals import REFUSALS
from iridescia.games.iridescia.state import IN_CASTLE
from iridescia.i18n import HERE, Messages, languages
from iridescia.i18n.refusals import SECTION, describe_refusal, id_key, refusal_message
from rules_helpers import (
    act,
    begin_turn,
    empty,
    give_items,
    give_relics,
    new_game,
    put,
    script_dice,
    set_cargo,
    set_coins,
    set_item_market,
    set_pos,
    stand_on,
    take_token,
)

Values = dict[str, int | str]


class Case(NamedTuple):
    """A refusal reached by playing ``prefix`` (action texts, comma-separated) from a seed."""

    key: str
    mode: str
    players: int
    seed: int
    action: str
    values: Values
    prefix: str


SCRIPTED = [
    Case("refusal.already_bought", "solo", 1, 5, "buy 1", {}, "move 3, buy 6"),
    Case("refusal.already_moved", "solo", 1, 4, "reveal 1", {}, "move 5"),
    Case("refusal.already_picked", "rhom", 2, 81, "pick market:amethyst", {},
        "move 6, buy 2, play libation, libation market, pick market:amethyst"
    ),
    Case("refusal.already_revealed", "solo", 1, 0, "reveal 3", {"hex": 3}, ""),
    Case("refusal.already_sold", "solo", 1, 4, "sell amethyst 1", {}, "move 5, sell emerald 1"),
    Case("refusal.barricaded", "solo", 1, 5, "reveal 10", {"hex": 10}, "move 3, buy 6, end"),
    Case("refusal.colour_not_held", "rhom", 2, 39, "take amethyst", {"colour": "amethyst"},
        "reveal 2, move 2, buy 5, play axe"
    ),
    Case("refusal.gems_spent", "standard", 2, 110, "pick roll:1", {"die": 1},
        "reveal 5, move 5, buy 4, mine 0, sell amethyst 2, play libation, libation roll, "
        "pick roll:2"
    ),
    Case("refusal.item_after_move", "solo", 1, 5, "play well", {"item": "well"},
        "move 3, buy 6, end"
    ),
    Case("refusal.item_already_held", "solo", 1, 23, "buy 1", {"item": "axe"},
        "reveal 4, move 4, buy 3, end, move 5"
    ),
    Case("refusal.item_before_reveal", "rhom", 2, 15, "play catapult", {"item": "catapult"},
        "move 4, buy 6"
    ),
    Case("refusal.item_delta", "solo", 1, 18, "die market:amethyst -2",
        {"item": "jackhammer", "delta": -2},
        "move 4, buy 2, play jackhammer, die market:amethyst"
    ),
    Case("refusal.item_not_held", "standard", 2, 0, "play cauldron", {"item": "cauldron"}, ""),
    Case("refusal.item_not_now", "solo", 1, 24, "play jackhammer",
        {"item": "jackhammer", "decision": "restore"},
        "reveal 2, move 2, buy 6, mine 0, end, move 3, end"
    ),
    Case("refusal.item_too_dear", "solo", 1, 4, "buy 3", {"item": "pickaxe", "cost": 6, "coins": 5},
        "move 5"
    ),
    Case("refusal.mining_cost", "solo", 1, 5, "mine 0", {"cost": 3, "coins": 0}, "move 3, buy 6"),
    Case("refusal.no_elixir_in_extra_turn", "solo", 1, 9, "buy 5", {"item": "elixir"},
        "reveal 3, move 3, colour amethyst, buy 5, play well, take sapphire, "
        "sell amethyst 1, end, move 4, sell sapphire 1, end, reveal 11, reveal 5, move 5, "
        "sell amethyst 1, buy 1, end, play elixir, reveal 12, move 12, sell citrine 1"
    ),
    Case("refusal.no_revealed_neighbour", "solo", 1, 4, "play pickaxe", {},
        "move 5, sell emerald 1, buy 3"
    ),
    Case("refusal.no_roll", "solo", 1, 18, "die roll:1", {}, "move 4, buy 2, play jackhammer"),
    Case("refusal.no_such_die", "standard", 2, 4, "pick roll:3", {"die": 3},
        "reveal 5, move 5, buy 3, mine 0, play libation, libation roll"
    ),
    Case("refusal.no_such_seat", "rhom", 2, 87, "swap 4", {"seat": 3},
        "reveal 1, reveal 3, move 3, buy 6, end, reveal 2, move 1, buy 6, mine 0, end, "
        "play swapping"
    ),
    Case("refusal.no_such_slot", "standard", 2, 4, "buy 6", {"slot": 6}, "reveal 5, move 5"),
    Case("refusal.no_tile", "standard", 2, 0, "reveal 1", {"hex": 1}, ""),
    Case("refusal.not_a_landing", "rhom", 2, 12, "land 1", {"item": "catapult", "hex": 1},
        "reveal 3, move 2, buy 5, end, reveal 6, reveal 1, move 3, buy 6, sell emerald 1, "
        "end, play catapult"
    ),
    Case("refusal.not_adjacent", "standard", 2, 0, "reveal 7", {"hex": 7}, ""),
    Case("refusal.not_closest_empty", "solo", 1, 103, "place 1", {"hex": 1},
        "move 5, buy 2, end, discard tile 11"
    ),
    Case("refusal.not_enough_gems", "solo", 1, 4, "sell amethyst 1",
        {"colour": "amethyst", "need": 1, "have": 0},
        "move 5"
    ),
    Case("refusal.not_now", "standard", 2, 0, "place 1", {"decision": "reveal"}, ""),
    Case("refusal.not_revealed", "standard", 2, 0, "move 2", {"hex": 2}, ""),
    Case("refusal.nothing_to_reroll", "standard", 2, 46, "libation roll", {},
        "reveal 5, reveal 4, move 5, buy 5, sell citrine 1, end, move 4, mine 0, buy 1, "
        "sell sapphire 3, play libation"
    ),
    Case("refusal.objective_not_held", "solo", 1, 41, "discard objective 1", {"objective": 1},
        "move 5, buy 1, mine 0, end, reveal 11, move 11, end, reveal 17, move 17, "
        "colour emerald, end, reveal 23, reveal 24, move 24, sell citrine 2, buy 2, end, "
        "reveal 31, move 31"
    ),
    Case("refusal.other_die", "solo", 1, 18, "die roll:1 -2", {},
        "move 4, buy 2, play jackhammer, die market:amethyst"
    ),
    Case("refusal.own_seat", "rhom", 2, 87, "swap 1", {},
        "reveal 1, reveal 3, move 3, buy 6, end, reveal 2, move 1, buy 6, mine 0, end, "
        "play swapping"
    ),
    Case("refusal.pick_first", "rhom", 2, 81, "roll", {},
        "move 6, buy 2, play libation, libation market"
    ),
    Case("refusal.pick_market_dice", "rhom", 2, 81, "pick roll:1", {},
        "move 6, buy 2, play libation, libation market"
    ),
    Case("refusal.pick_own_dice", "standard", 2, 4, "pick market:amethyst", {},
        "reveal 5, move 5, buy 3, mine 0, play libation, libation roll"
    ),
    Case("refusal.pickaxe_not_adjacent", "standard", 2, 53, "pickaxe 1", {"hex": 1},
        "reveal 2, reveal 4, move 4, colour sapphire, buy 2, mine 0, end, reveal 3, "
        "reveal 5, move 3, sell citrine 1, buy 5, play pickaxe"
    ),
    Case("refusal.relic_already_reserved", "solo", 1, 0, "play book", {"relic": 3},
        "reveal 5, move 3, buy 1, sell citrine 1, mine 0, play book, reserve 3, end, "
        "reveal 10, move 10, buy 6, sell citrine 1, end, reveal 11, move 11, buy 6"
    ),
    Case("refusal.relic_gone", "rhom", 2, 98, "reserve 1", {"relic": 1},
        "reveal 2, reveal 6, move 1, mine 0, end, move 6, end, reveal 7, move 7, "
        "sell sapphire 1, buy 1, mine 0, play book"
    ),
    Case("refusal.relic_not_in_row", "standard", 3, 19, "restore 1", {"relic": 1},
        "reveal 5, move 5, sell emerald 1, buy 5, end"
    ),
    Case("refusal.relic_reserved", "standard", 3, 63, "restore 10", {"relic": 10, "seat": 2},
        "reveal 1, move 1, end, reveal 4, reveal 3, move 3, buy 1, sell citrine 1, "
        "play book, reserve 10, mine 0, mine 0, end, reveal 2, reveal 5, move 4, "
        "sell sapphire 1, buy 1, end"
    ),
    Case("refusal.relic_too_dear", "standard", 3, 19, "restore 4",
        {"relic": 4, "colour": "amethyst", "need": 1, "have": 0},
        "reveal 5, move 5, sell emerald 1, buy 5, end"
    ),
    Case("refusal.reveal_limit", "standard", 2, 0, "reveal 2", {"limit": 2}, "reveal 4, reveal 3"),
    Case("refusal.roll_locked", "standard", 2, 23, "die roll:1", {},
        "reveal 3, reveal 5, move 3, end, move 5, buy 3, end, reveal 9, reveal 10, move 10, "
        "buy 5, sell emerald 1, end, reveal 11, move 11, mine 0, sell sapphire 1, "
        "play jackhammer, die market:citrine, die market:citrine +1, buy 3, play jackhammer"
    ),
    Case("refusal.someone_has_room", "solo", 1, 73, "return amethyst", {},
        "move 2, buy 2, play cart, sell citrine 1, mine 0, end, reveal 8, move 8, "
        "sell citrine 3, buy 1, mine 0, play jackhammer, die roll:2, die roll:2 -1, mine 0, "
        "end, move 15, sell sapphire 1, mine 1"
    ),
    Case("refusal.stone_dice", "solo", 1, 4, "mine 1", {"have": 0}, "move 5"),
    Case("refusal.tile_not_held", "solo", 1, 103, "discard tile 1", {"tile": 1},
        "move 5, buy 2, end"
    ),
    Case("refusal.too_few_gems", "solo", 1, 58, "play cauldron", {"need": 2, "have": 1},
        "move 5, buy 3"
    ),
    Case("refusal.well_must_take", "rhom", 2, 184, "take none", {}, "move 3, buy 4, play well"),
    Case("refusal.well_too_low", "solo", 1, 9, "take emerald",
        {"colour": "emerald", "price": 3, "best": 2},
        "reveal 3, move 3, colour amethyst, buy 5, play well"
    ),
]  # fmt: skip


def _scripted(case: Case) -> Game:
    game = GAME.new(case.players, case.seed, mode=case.mode)
    for text in filter(None, case.prefix.split(", ")):
        game.apply(text)
    return game


# ---------------------------------------------------------------- positions built by hand


def _castle_row() -> Game:
    """Seat 1 is in the Castle: its turns remove a tile, never one of the Castle row's."""
    game = new_game(2, 1)
    s = game.state
    me = s.players[0]
    me.pos, me.finished, me.token = IN_CASTLE, True, take_token(s)
    begin_turn(game, 0)
    return game


def _alone_with_swapping_stones() -> Game:
    """Nobody else is on the board yet."""
    game = new_game(3, 1)
    begin_turn(game, 0)
    act(game, "reveal 1", "move 1")
    begin_turn(game, 0)
    give_items(game, 0, "swapping")
    return game


def _swapping_with_seat_3_off_board() -> Game:
    game = _alone_with_swapping_stones()
    set_pos(game, 1, 8)
    begin_turn(game, 0)
    act(game, "play swapping")
    return game


def _catapult_with_nowhere_to_land() -> Game:
    game = new_game(3, 1)
    begin_turn(game, 0, at=10)
    give_items(game, 0, "catapult")
    empty(game, *CATAPULT_LANDINGS[10])
    return game


def _catapult_onto_an_explorer() -> Game:
    """An explorer standing on a tile: never in a real game (they wait on the empty hex of the
    tile they collected), but the landing rule still says no."""
    game = new_game(3, 1)
    begin_turn(game, 0, at=10)
    give_items(game, 0, "catapult")
    set_pos(game, 1, 8)
    put(game, 8, "emerald")
    game.apply("play catapult")
    return game


def _overflow(full_seats: int) -> Game:
    """Seat 1 mines sapphires over the cargo limit; ``full_seats`` of the other two have no
    room."""
    game = new_game(3, 1)
    stand_on(game, 0, 10)
    c = game.state.mine_colour
    assert COLOUR_NAMES[c] == "sapphire"
    set_coins(game, 0, 3)
    set_cargo(game, 0, [7 if x == c else 0 for x in range(4)])
    others = [x for x in range(4) if x != c]
    for seat in range(1, full_seats + 1):
        set_cargo(game, seat, [7 if x == others[seat] else 0 for x in range(4)])
    script_dice(game, 6, 6)
    game.apply("mine 0")
    return game


def _played_twice(key: str, *first: str) -> Callable[[], Game]:
    def build() -> Game:
        game = new_game(2, 1)
        stand_on(game, 0, 10)
        put(game, 9, "emerald")
        give_items(game, 0, key)
        act(game, *first)
        give_items(game, 0, key)  # another copy, bought later in the same turn
        return game

    return build


def _cauldron_with_no_emerald_left() -> Game:
    game = new_game(2, 1, params=RulesParams(gem_supply_per_colour=3))
    stand_on(game, 0, 10)
    set_cargo(game, 0, [2, 0, 0, 0])
    set_cargo(game, 1, [0, 0, 3, 0])
    give_items(game, 0, "cauldron")
    for text in ("play cauldron", "return amethyst", "return amethyst"):
        game.apply(text)
    return game


def _book_with_no_relic_left() -> Game:
    game = new_game(2, 1)
    stand_on(game, 0, 10)
    give_relics(game, 1, *game.state.relic_row, *game.state.relic_deck)
    give_items(game, 0, "book")
    return game


def _market_with_an_empty_slot() -> Game:
    """The merchant deck and discard ran out: a slot stays empty."""
    game = new_game(2, 1)
    stand_on(game, 0, 10)
    set_item_market(game, "cart", "", "axe", "book", "well")
    return game


def _no_colour_to_mine() -> Game:
    """Never in a real game (the colour of a rainbow tile is chosen before the actions)."""
    game = new_game(2, 1)
    stand_on(game, 0, 10)
    game.state.mine_colour = -1
    return game


class Crafted(NamedTuple):
    key: str
    build: Callable[[], Game]
    action: str
    values: Values


CRAFTED = [
    Crafted("refusal.castle_row", _castle_row, "remove 53", {"hex": 53}),
    Crafted("refusal.no_swap_partner", _alone_with_swapping_stones, "play swapping", {}),
    Crafted("refusal.seat_off_board", _swapping_with_seat_3_off_board, "swap 3", {"seat": 2}),
    Crafted("refusal.no_landing", _catapult_with_nowhere_to_land, "play catapult",
            {"item": "catapult"}),
    Crafted("refusal.occupied", _catapult_onto_an_explorer, "land 8", {"hex": 8}),
    Crafted("refusal.cargo_full", lambda: _overflow(1), "give sapphire 2", {"seat": 1}),
    Crafted("refusal.nobody_has_room", lambda: _overflow(2), "give sapphire 2", {}),
    Crafted("refusal.cart_active", _played_twice("cart", "play cart"), "play cart",
            {"item": "cart"}),
    Crafted("refusal.pickaxe_used", _played_twice("pickaxe", "play pickaxe", "pickaxe 9"),
            "play pickaxe", {"item": "pickaxe"}),
    Crafted("refusal.supply_empty", _cauldron_with_no_emerald_left, "take emerald",
            {"colour": "emerald"}),
    Crafted("refusal.no_relic_left", _book_with_no_relic_left, "play book", {}),
    Crafted("refusal.slot_empty", _market_with_an_empty_slot, "buy 2", {"slot": 2}),
    Crafted("refusal.no_mine_colour", _no_colour_to_mine, "mine 0", {}),
]  # fmt: skip


def _check_refused(game: AnyGame, action: str, key: str, values: Values) -> Refusal:
    """``action`` is refused for ``key`` and ``values`` by ``refusal`` and by ``apply``
    (IllegalActionError carrying the same refusal, an English message), changing nothing."""
    before, legal = game.state_hash(), [str(a) for a in game.legal_actions()]
    found = game.refusal(action)
    assert found is not None, f"{action} is legal"
    assert (found.key, found.as_dict()) == (key, values)
    with pytest.raises(IllegalActionError) as raised:
        game.apply(action)
    assert raised.value.refusal == found
    assert f"{action} is not legal now" in str(raised.value) and found.text() in str(raised.value)
    assert game.state_hash() == before and [str(a) for a in game.legal_actions()] == legal
    for lang in languages():
        text = describe_refusal(found, Messages(lang))
        assert text and "{" not in text and key not in text, (lang, text)
    return found


@pytest.mark.parametrize("case", SCRIPTED, ids=[c.key for c in SCRIPTED])
def test_each_refusal_after_a_scripted_sequence(case: Case) -> None:
    _check_refused(_scripted(case), case.action, case.key, case.values)


@pytest.mark.parametrize("case", CRAFTED, ids=[c.key for c in CRAFTED])
def test_each_refusal_in_a_position_built_by_hand(case: Crafted) -> None:
    _check_refused(case.build(), case.action, case.key, case.values)


def test_another_seats_turn_and_a_finished_game() -> None:
    game = GAME.new(3, 4)
    seat = game.current_player
    assert seat is not None
    legal = str(game.legal_actions()[0])
    assert game.refusal(legal, seat) is None
    other = (seat + 1) % 3
    assert game.refusal(legal, other) == Refusal.of(NOT_YOUR_TURN, seat=seat)
    assert game.refusal("move 40", other) == Refusal.of(NOT_YOUR_TURN, seat=seat)
    rng = Rng(4)
    while not game.is_terminal():
        legal_now = game.legal_actions()
        game.apply(legal_now[rng.below(len(legal_now))])
    for action in (legal, "end", 0, GAME.actions[5]):
        assert game.refusal(action) == Refusal.of(GAME_OVER)
        assert game.refusal(action, 1) == Refusal.of(GAME_OVER)
        with pytest.raises(IllegalActionError) as raised:
            game.apply(action)
        assert raised.value.refusal == Refusal.of(GAME_OVER)


@pytest.mark.parametrize("spec", games.all_games(), ids=lambda s: s.info.name)
def test_text_that_names_no_action_is_not_a_refusal(spec: Any) -> None:
    game = spec.new(spec.info.default_mode.min_players or 1, 3)
    before = game.state_hash()
    for bad in ("", "fly 3", "x" * 300, -1, len(spec.actions), 2.5, None, True, b"end"):
        with pytest.raises(InvalidActionError):
            game.refusal(bad)
    assert game.state_hash() == before


def test_every_kind_of_refusal_has_a_case() -> None:
    covered = {c.key for c in SCRIPTED} | {c.key for c in CRAFTED} | {GAME_OVER, NOT_YOUR_TURN}
    assert covered == set(REFUSALS) | set(CORE_REFUSALS)


# ---------------------------------------------------------------- the contract, at random


def _random_positions(spec: Any, mode: str, players: int, seed: int, every: int) -> list[Any]:
    game = spec.new(players, seed, mode=mode)
    rng = Rng(seed)
    out = []
    for step in range(5000):
        if game.is_terminal():
            out.append(game)
            return out
        if step % every == 0:
            out.append(game.clone())
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    raise AssertionError("the game did not end")


TABLES = [
    ("gems-of-iridescia", "standard", 2, 1, 3),
    ("gems-of-iridescia", "standard", 4, 2, 5),
    ("gems-of-iridescia", "solo", 1, 3, 3),
    ("gems-of-iridescia", "rhom", 3, 4, 5),
    ("gem-rush", "crisis", 1, 1, 6),
    ("gem-rush", "crisis", 4, 2, 12),
    ("gem-rush", "rush", 3, 3, 9),
]


@pytest.mark.parametrize(("name", "mode", "players", "seed", "every"), TABLES)
def test_refusal_is_none_exactly_for_the_legal_actions(
    name: str, mode: str, players: int, seed: int, every: int
) -> None:
    """Every action of the table at sampled positions of a random game: None exactly when
    legal; never raises; never changes the state; a specific reason for an action of a kind the
    decision offers at some point of the game (``not_now`` only for the other kinds)."""
    spec = games.get(name)
    offered: dict[str, set[int]] = defaultdict(set)
    generic: list[tuple[str, str]] = []
    for game in _random_positions(spec, mode, players, seed, every):
        legal = {a.id for a in game.legal_actions()}
        decision = game.decision()
        kind = "over" if decision is None else decision.kind
        offered[kind] |= {a.kind for a in game.legal_actions()}
        before = game.state_hash()
        for a in spec.actions:
            found = game.refusal(a)
            assert (found is None) == (a.id in legal), (kind, str(a), found)
            if found is not None:
                assert template(found.key) is not None, found
                found.text()
                if found.key.endswith("refusal.not_now"):
                    generic.append((kind, str(a)))
        assert game.state_hash() == before
    unexplained = [(k, a) for k, a in generic if spec.actions.parse(a).kind in offered[k]]
    assert unexplained == []


# ---------------------------------------------------------------- the value and its JSON


def test_a_refusal_goes_to_json_and_back() -> None:
    for case in SCRIPTED:
        found = _scripted(case).refusal(case.action)
        assert found is not None
        data = json.loads(json.dumps(found.to_json()))
        assert Refusal.from_json(data) == found
        assert data == {"key": case.key, "values": case.values}


def test_an_error_keeps_its_refusal_across_a_pickle() -> None:
    """Simulation backends send errors between processes (compiled build included)."""
    game = GAME.new(2, 1)
    with pytest.raises(IllegalActionError) as raised:
        game.apply("move 40")
    copy = pickle.loads(pickle.dumps(raised.value))
    assert copy.refusal == raised.value.refusal == Refusal.of("refusal.not_adjacent", hex=40)
    assert str(copy) == str(raised.value)
    assert pickle.loads(pickle.dumps(IllegalActionError("no reason"))).refusal is None


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=8,
)  # fmt: skip


@given(_JSON)
def test_malformed_refusal_json_is_a_clear_error(data: object) -> None:
    try:
        found = Refusal.from_json(data)
    except ValueError as exc:
        assert str(exc)
        return
    assert isinstance(found, Refusal) and found.key  # whatever it read says something
    assert isinstance(found.text(), str)
    assert isinstance(describe_refusal(found, Messages("fr")), str)
    json.dumps(refusal_message(found))


@pytest.mark.parametrize(
    "data",
    [
        None, [], "refusal.no_tile", {}, {"key": ""}, {"key": 3}, {"key": "k", "values": []},
        {"key": "k", "values": {"x": True}}, {"key": "k", "values": {"x": 1.5}},
        {"key": "k", "values": {"x": None}}, {"key": "k", "values": {"1x": 1}},
        {"key": "k", "other": 1}, {"key": "k", "values": {f"v{i}": i for i in range(17)}},
    ],
)  # fmt: skip
def test_these_are_not_refusals(data: object) -> None:
    with pytest.raises(ValueError):
        Refusal.from_json(data)


def test_text_and_descriptions_never_raise_on_values_that_do_not_fit() -> None:
    odd = [
        Refusal("refusal.relic_too_dear", (("relic", 7),)),  # values missing
        Refusal("refusal.no_tile", (("hex", "{0}"),)),  # braces in a value
        Refusal("refusal.nowhere", (("seat", 2),)),  # a key nobody declared
        Refusal("refusal.not_your_turn", (("seat", "two"),)),  # a seat that is no number
    ]
    for found in odd:
        assert found.text()
        for lang in languages():
            assert describe_refusal(found, Messages(lang))
        json.dumps(refusal_message(found))
    assert odd[0].text() == "refusal.relic_too_dear (relic=7)"
    assert refusal_message(odd[0]) == odd[0].text()
    assert odd[2].text() == "refusal.nowhere (seat=seat 3)"


def test_a_catalogue_refuses_undeclared_keys_and_wrong_values() -> None:
    with pytest.raises(ValueError, match="undeclared"):
        REFUSALS.make("refusal.nowhere")
    with pytest.raises(ValueError, match="takes the values"):
        REFUSALS.make("refusal.no_tile")
    with pytest.raises(ValueError, match="takes the values"):
        REFUSALS.make("refusal.no_tile", hex=3, colour="emerald")


# ---------------------------------------------------------------- the message catalogues


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_refusal_key_is_in_every_language_with_the_same_placeholders() -> None:
    declared = set(REFUSALS) | set(CORE_REFUSALS) | set(GEM_RUSH_REFUSALS)
    assert declared == set(declared_keys())
    english = json.loads((HERE / "en" / SECTION).read_text(encoding="utf-8"))
    assert english == {key: template(key) for key in english}, "the engine's English, verbatim"
    for lang in languages():
        section = json.loads((HERE / lang / SECTION).read_text(encoding="utf-8"))
        assert set(section) == declared, lang
        for key, text in section.items():
            assert _placeholders(text) == _placeholders(english[key]), (lang, key)
            if lang != "en":
                assert text != english[key], (lang, key)


def test_ids_are_named_in_the_readers_language() -> None:
    """Colours, items, relics and decisions come out translated, seats by the catalogue (or
    the face's own naming), and the browser's message nests them the same way."""
    found = Refusal.of("refusal.relic_too_dear", relic=7, colour="emerald", need=2, have=1)
    assert describe_refusal(found, Messages("fr")) == (
        "Pendentif de Saphir demande 2 émeraude ; vous en avez 1."
    )
    assert "エメラルド" in describe_refusal(found, Messages("ja"))
    assert refusal_message(found) == {
        "key": "refusal.relic_too_dear",
        "args": {"relic": {"key": "relic.7"}, "colour": {"key": "colour.emerald"}, "need": 2,
                 "have": 1},
    }  # fmt: skip
    turn = Refusal.of(NOT_YOUR_TURN, seat=2)
    assert describe_refusal(turn, Messages("en")) == "It is not your turn: Seat 3 is to act."
    assert "the Rhom" in describe_refusal(turn, Messages(), seat_name=lambda s: "the Rhom")
    assert refusal_message(turn) == {"key": NOT_YOUR_TURN, "args": {"seat": {"seat": 2}}}
    assert id_key("held_colour", "citrine") == "colour.citrine"
    assert id_key("prompt", "hand limit") == "gr.prompt.hand_limit"
    assert id_key("hex", 3) is None
    messages = Messages("fr")
    for case in SCRIPTED:
        for name, value in case.values.items():
            key = id_key(name, value)
            if key is not None:
                assert messages.has(key), key
                text = describe_refusal(Refusal(case.key, tuple(case.values.items())), messages)
                assert messages.get(key, "") in text
