"""Shared helpers for the property tests: the state invariants, and random playouts.

``check_invariants(state)`` asserts everything that must hold in every reachable state of a game
played with the default rules parameters (conservation of gems, tiles, relics, items, stone dice
and objectives; the cargo limit; market dice; coins; explorers' positions). It reads the state
directly, so it sees hidden information too. The tests import it with ``from conftest import ...``.
Its asserts carry their own messages, so pytest's assertion rewriting is turned off here
(PYTEST_DONT_REWRITE), which makes the per-step checks about 10% cheaper.

This module imports only the rules core (never ``game.py``), so collecting the rest of the suite
never depends on it.

``_a_fresh_player`` (autouse) gives every test its own per-user folder (``IRIDESCIA_HOME``: the
games the terminal keeps, the settings) and a locale that chooses no language.

``CALL_REPORT`` holds each test's call-phase report on its item (pytest's recipe for making
test results available in fixtures), so a fixture can act only when its test failed: the
browser tests take their failure screenshots that way.

With ``IRIDESCIA_EXPECT_COMPILED=1`` (CI's run on the compiled build, ``PYTHONPATH=build/compiled``)
the session refuses to start unless every module of the compiled packages really is compiled, so
a stale or missing build cannot pass as a test of it.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections import Counter
from collections.abc import Callable, Generator
from itertools import compress
from typing import TYPE_CHECKING

import pytest

from iridescia.core.compiled import COMPILED_PACKAGES
from iridescia.core.rng import Rng
from iridescia.games.iridescia.board import HEXES
from iridescia.games.iridescia.data import (
    BOOK,
    ITEMS,
    RELIC_BY_ID,
    TILE_BY_ID,
    TOKENS_BY_EXPLORERS,
)
from iridescia.games.iridescia.state import (
    GAME_OVER,
    IN_CASTLE,
    P_OVERFLOW,
    P_RESERVE,
    REMOVE_PHASE,
    State,
)

if TYPE_CHECKING:
    from iridescia.games.iridescia.actions import Action
    from iridescia.games.iridescia.game import Game


def not_compiled() -> list[str]:
    """The modules of the compiled build's packages that run as Python here (all of them in the
    pure build, none in the compiled one)."""
    out = []
    for package in COMPILED_PACKAGES:
        names = [package]
        path = importlib.import_module(package).__path__
        names += [m.name for m in pkgutil.iter_modules(path, f"{package}.") if not m.ispkg]
        out += [n for n in names if str(importlib.import_module(n).__file__).endswith(".py")]
    return out


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("IRIDESCIA_EXPECT_COMPILED") == "1":
        interpreted = not_compiled()
        if interpreted:
            raise pytest.UsageError(
                f"IRIDESCIA_EXPECT_COMPILED=1, but these modules are not compiled: "
                f"{', '.join(interpreted)} (build with scripts/build_compiled.py and run with "
                f"PYTHONPATH=build/compiled)"
            )


@pytest.fixture(autouse=True)
def _a_fresh_player(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test plays as a new player on a plain machine: a games folder and settings of its
    own (``IRIDESCIA_HOME``), so no test writes into the real home or reads what another test
    remembered, and no locale that would choose a language (``LANG=C.UTF-8``)."""
    monkeypatch.setenv("IRIDESCIA_HOME", str(tmp_path_factory.mktemp("home")))
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


CALL_REPORT = pytest.StashKey[pytest.TestReport]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.when == "call":
        item.stash[CALL_REPORT] = report
    return report


def call_failed(item: pytest.Item) -> bool:
    """Whether ``item``'s test body failed (for fixture teardowns; False before it ran)."""
    report = item.stash.get(CALL_REPORT, None)
    return report is not None and report.failed


# Component counts from the spec (section 1), for games with the default rules parameters.
GEMS_PER_COLOUR = 16
NUM_TILES = 58
NUM_RELICS = 24
NUM_OBJECTIVES = 15
STONE_DICE = 4
CARGO_LIMIT = 7
MAX_ACTIONS = 3000  # a random game must end well within this many actions


def item_copies(explorers: int) -> Counter[int]:
    """The merchant deck by kind: 36 cards, or 30 without Swapping/Catapult for 1-2 explorers."""
    return Counter(
        {k.index: k.copies for k in ITEMS if not (k.needs_three_explorers and explorers <= 2)}
    )


# The merchant deck as a sorted list, per number of explorers (compared every step: a sorted
# list compares several times faster than a Counter).
_ITEMS_SORTED = {n: sorted(item_copies(n).elements()) for n in (1, 2, 3, 4)}
_TILE_IDS = list(range(1, NUM_TILES + 1))
_RELIC_IDS = list(range(1, NUM_RELICS + 1))
_OBJECTIVE_IDS = list(range(1, NUM_OBJECTIVES + 1))


def all_items(s: State) -> list[int]:
    """Every item card of the game, wherever it is (deck, market, discard, hands, Books)."""
    cards = list(s.item_deck) + [k for k in s.item_market if k >= 0] + list(s.item_discard)
    for p in s.players:
        cards += p.items
        if p.reserved:
            cards.append(BOOK)  # the Book stays under its reserved relic (R23)
    if s.pending and s.pending[-1][0] == P_RESERVE:
        cards.append(BOOK)  # a Book being played: out of the hand, not yet under a relic
    return cards


def hidden_tiles_by_region(s: State) -> dict[int, Counter[int]]:
    """Per region, the tiles whose identity nobody has seen: face down on the board, removed
    face down, and thinned (R2)."""
    out: dict[int, Counter[int]] = {r: Counter() for r in range(5)}
    hidden = [s.tile_at[h] for h in HEXES if s.tile_at[h] and not s.face_up[h]]
    for t in hidden + list(s.removed_hidden) + list(s.thinned):
        out[TILE_BY_ID[t].region][t] += 1
    return out


def check_invariants(s: State) -> None:
    """Assert every invariant of a game with the default rules parameters."""
    n = s.num_players
    where = f"(seed {s.seed}, {n} players, turn {s.turn_number})"
    top = s.pending[-1][0] if s.pending else None

    # Gems (R1): supply + every cargo = 16 per colour.
    for c in range(4):
        assert s.supply[c] >= 0, f"supply of colour {c} is {s.supply[c]} {where}"
        held = 0
        for p in s.players:
            assert p.cargo[c] >= 0, f"seat {p.seat} holds {p.cargo[c]} of colour {c} {where}"
            held += p.cargo[c]
        assert s.supply[c] + held == GEMS_PER_COLOUR, f"colour {c}: {s.supply[c]}+{held} {where}"

    # Tiles: board + victory piles + removed + thinned = 58, each tile once.
    on_board = [t for t in s.tile_at if t]
    piles = [t for p in s.players for t in p.tiles]
    tiles = on_board + piles + list(s.removed) + list(s.thinned)
    assert len(tiles) == NUM_TILES, f"{len(tiles)} tiles in the game {where}"
    assert sorted(tiles) == _TILE_IDS, f"a tile is twice somewhere {where}"
    assert s.tile_at[0] == 0 and not s.face_up[0], f"position 0 holds a tile {where}"
    assert set(s.removed_hidden) <= set(s.removed), f"removed_hidden not in removed {where}"
    assert all(compress(s.tile_at, s.face_up)), f"a face-up hex without a tile {where}"
    assert len(s.thinned) == (16 if n <= 2 else 0), f"{len(s.thinned)} thinned tiles {where}"

    # Relics: deck + row + restored + reserved = 24, each once; the row is full while the deck
    # lasts.
    relics = list(s.relic_deck) + list(s.relic_row)
    for p in s.players:
        relics += p.relics
        if p.reserved:
            relics.append(p.reserved)
    assert sorted(relics) == _RELIC_IDS, f"relics {sorted(relics)} {where}"
    assert len(s.relic_row) == 5 or not s.relic_deck, f"relic row {s.relic_row} {where}"
    for p in s.players:
        points = sum(RELIC_BY_ID[r].points for r in p.relics)
        assert p.relic_points == points, f"seat {p.seat}: relic points {p.relic_points} {where}"

    # Items: every card somewhere, and exactly the deck's copies of each kind.
    cards = all_items(s)
    assert len(cards) == (36 if n >= 3 else 30), f"{len(cards)} item cards {where}"
    assert sorted(cards) == _ITEMS_SORTED[n], f"item cards by kind {Counter(cards)} {where}"
    for p in s.players:
        assert len(set(p.items)) == len(p.items), f"seat {p.seat} holds {p.items} (R14) {where}"

    # Objectives: deck + held + discarded = the 15, each once.
    objectives = list(s.objective_deck)
    for p in s.players:
        want = 0 if p.seat == s.rhom else (1 if p.discarded_objective else 2)  # Rhom: none
        assert len(p.objectives) == want, f"objectives {where}"
        objectives += p.objectives
        if p.discarded_objective:
            objectives.append(p.discarded_objective)
    assert sorted(objectives) == _OBJECTIVE_IDS, f"objectives {where}"

    # Cargo limit (R17): only the cargo-limit decision may see more than 7 gems.
    for p in s.players:
        if top != P_OVERFLOW or p.seat != s.current:
            assert sum(p.cargo) <= CARGO_LIMIT, f"seat {p.seat} holds {p.cargo} {where}"
    if top == P_OVERFLOW:
        assert sum(s.players[s.current].cargo) > CARGO_LIMIT, f"needless overflow {where}"

    # Market dice, coins, stone dice.
    assert all(1 <= m <= 6 for m in s.market), f"market dice {s.market} {where}"
    assert all(p.coins >= 0 for p in s.players), f"coins {[p.coins for p in s.players]} {where}"
    assert s.stone_supply >= 0 and s.active_stone >= 0, f"stone dice {where}"
    assert all(p.stone_idle >= 0 for p in s.players), f"stone dice {where}"
    stones = s.stone_supply + s.active_stone + sum(p.stone_idle for p in s.players)
    assert stones == STONE_DICE, f"{stones} stone dice in the game {where}"

    # Royalty tokens: the ones taken plus the ones left are the table's tokens, best first.
    initial = list(TOKENS_BY_EXPLORERS[n])
    taken = [p.token for p in s.players if p.token]
    assert sorted(taken + list(s.tokens_left)) == sorted(initial), f"tokens {where}"
    assert list(s.tokens_left) == initial[len(taken) :], f"tokens taken out of order {where}"

    # Explorers and turn order.
    assert type(s.current) is int and 0 <= s.current < n, f"current seat {s.current!r} {where}"
    for p in s.players:
        assert p.finished == (p.pos == IN_CASTLE), f"seat {p.seat} at {p.pos} {where}"
        if p.finished and p.token == "":
            assert not s.tokens_left, f"a token was left for seat {p.seat} {where}"
        if p.seat != s.current and p.pos > 0:
            # Only the explorer whose turn it is can stand on a tile: tiles are collected at
            # the end of every turn, so everybody else waits on an empty hex.
            assert s.tile_at[p.pos] == 0, f"seat {p.seat} waits on a tile {where}"
    if s.phase == GAME_OVER:
        assert all(p.finished for p in s.players), f"game over with explorers out {where}"
        assert not s.pending, f"game over with pending decisions {where}"
    elif s.phase == REMOVE_PHASE:
        assert s.players[s.current].finished, f"remove phase for an explorer out {where}"
    else:
        assert not s.players[s.current].finished, f"a turn for an explorer in the Castle {where}"


Policy = Callable[[list["Action"], Rng], "Action"]


def uniform(legal: list[Action], rng: Rng) -> Action:
    """The reference random policy: ``legal[rng.below(len(legal))]``."""
    return legal[rng.below(len(legal))]


def busy(legal: list[Action], rng: Rng) -> Action:
    """A random policy that keeps playing: three times in four it avoids ``end`` and ``done``,
    which drives many more mining attempts, item plays, overflows and supply shortages."""
    from iridescia.games.iridescia.actions import DONE, END

    if len(legal) > 1 and rng.below(4):
        keep = [a for a in legal if a.kind not in (END, DONE)]
        if keep:
            legal = keep
    return legal[rng.below(len(legal))]


def play_randomly(
    game: Game, rng: Rng, max_actions: int | None = None, policy: Policy = uniform
) -> int:
    """Play random legal actions until the game ends (or ``max_actions`` were played);
    returns the number of actions played."""
    played = 0
    limit = MAX_ACTIONS if max_actions is None else max_actions
    while played < limit:
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(policy(legal, rng))
        played += 1
    return played


def random_game(
    players: int, seed: int, actions: int | None = None, policy_seed: int | None = None
) -> Game:
    """A game after ``actions`` random actions (or played to the end)."""
    from iridescia.games.iridescia.game import Game

    game = Game.new(players, seed)
    play_randomly(game, Rng(seed if policy_seed is None else policy_seed), actions)
    return game
