"""The game contract, checked for every registered game, every mode and every table size.

Like PettingZoo's and Pgx's ``api_test``: whatever a game is, if it is registered it must
- declare its metadata consistently (modes, seat ranges, options, an action table of the size
  it says, every action's text parsing back to it);
- be deterministic (same seed, same hashes), and replay its record to the same hash at every
  step (also after a JSON round trip);
- keep clones independent (playing on a clone never changes the original);
- accept in ``apply`` exactly the legal actions, and refuse every other action of the table
  without changing anything;
- do in ``apply_unchecked`` exactly what ``apply`` does for a legal action;
- build views that hide what a seat cannot see (a view is the same in every world the seat
  cannot tell apart; a spectator's, in every world any seat cannot tell apart), rebuild a
  world from a view that shows the same view again, and emit
  events whose redacted form reveals nothing either, except those the catalogue declares as
  turning hidden information face up (``random``);
- declare every event kind it emits, and end with one ``Outcome`` whose vectors fit the table.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

import iridescia.games as games
from iridescia.core.errors import IllegalActionError, InvalidActionError
from iridescia.core.game import Game, GameSpec
from iridescia.core.record import GameRecord
from iridescia.core.rng import Rng
from iridescia.match import Seating

MAX_STEPS = 5000  # far beyond any game of either game played at random


def tables() -> Iterator[tuple[str, str, int]]:
    for spec in games.all_games():
        for mode in spec.info.modes:
            for players in range(mode.min_players, mode.max_players + 1):
                yield spec.info.name, mode.name, players


TABLES = list(tables())
IDS = [f"{g}-{m}-{p}" for g, m, p in TABLES]


def play(game: Game, rng: Rng, limit: int = MAX_STEPS) -> list[Game]:
    """Play at random to the end; returns copies of the positions passed through."""
    seen: list[Game] = []
    for _ in range(limit):
        if game.is_terminal():
            return seen
        seen.append(game.clone())
        legal = game.legal_actions()
        assert legal, "a game that is not over has legal actions"
        game.apply(legal[rng.below(len(legal))])
    raise AssertionError(f"the game did not end within {limit} actions")


def sample(positions: list[Game], count: int) -> list[Game]:
    step = max(1, len(positions) // count)
    return positions[::step][:count]


@pytest.mark.parametrize("spec", games.all_games(), ids=lambda s: s.info.name)
def test_metadata_and_the_action_table(spec: GameSpec) -> None:
    info = spec.info
    assert info.name in games.names() and games.get(info.name) is spec
    assert info.modes and len({m.name for m in info.modes}) == len(info.modes)
    assert all(1 <= m.min_players <= m.max_players for m in info.modes)
    assert info.data_set and info.rules_version >= 1
    assert len(spec.actions) == info.num_actions
    json.dumps(info.to_json())  # the lobby sends it as it is
    for a in spec.actions:
        assert spec.actions.parse(str(a)) is a and spec.actions.from_id(a.id) is a
        assert spec.actions.parse(f"  {str(a).upper()} ") is a
    for bad in ("", "no such action", "x" * 500):
        with pytest.raises(InvalidActionError):
            spec.actions.parse(bad)
    for bad_id in (-1, len(spec.actions), True, 2**70):
        with pytest.raises(InvalidActionError):
            spec.actions.from_id(bad_id)


@pytest.mark.parametrize(("name", "mode", "players"), TABLES, ids=IDS)
def test_a_random_game_keeps_the_contract(name: str, mode: str, players: int) -> None:
    spec = games.get(name)
    seed = 7 + players
    game = spec.new(players, seed, mode=mode)
    twin = spec.new(players, seed, mode=mode)
    assert game.state_hash() == twin.state_hash()
    assert game.mode == mode and game.seed == seed
    assert game.num_players == players + spec.info.mode(mode).automa_seats
    positions = play(game, Rng(seed))
    kinds_seen = {e.kind for e in game.log}
    assert kinds_seen <= {k.name for k in spec.events}, "every emitted event kind is declared"

    # Determinism: the same seed and actions give the same hashes; the record replays.
    for a in game.history():
        twin.apply(str(a))
    assert twin.state_hash() == game.state_hash()
    record = game.record(with_hashes=True)
    assert record.game == name and record.data_set == spec.info.data_set
    assert record.notice == spec.info.notice
    again = GameRecord.loads(record.dumps())
    assert spec.from_record(again).state_hash() == game.state_hash()

    # One outcome, computed once, fitting the table.
    outcome = game.outcome()
    assert game.outcome() is outcome
    n = game.num_players
    assert len(outcome.scores) == n and len(outcome.returns) == n
    assert all(0 <= w < n for w in outcome.winners) and outcome.reason
    assert game.legal_actions() == [] and game.current_player is None and game.decision() is None
    final_hash, final_history, final_log = game.state_hash(), game.history(), len(game.log)
    for action in (spec.actions[0], spec.actions[len(spec.actions) - 1], str(spec.actions[0]), 0):
        with pytest.raises(IllegalActionError):  # a finished game refuses, and stays as it was
            game.apply(action)
    assert game.state_hash() == final_hash and game.history() == final_history
    assert len(game.log) == final_log and game.outcome() is outcome

    for i, position in enumerate(sample(positions, 6)):
        check_position(spec, position, Rng(seed * 100 + i))


def check_position(spec: GameSpec, game: Game, rng: Rng) -> None:
    before = game.state_hash()
    decision = game.decision()
    assert decision is not None and decision.player == game.current_player
    assert decision.player not in game.automa_seats
    legal_ids = [a.id for a in decision.actions]
    assert legal_ids == sorted(legal_ids) and len(set(legal_ids)) == len(legal_ids)

    # Clones are independent.
    clone = game.clone()
    assert clone.state_hash() == before
    play(clone, Rng(rng.next64()))
    assert game.state_hash() == before and game.decision() == decision

    # apply accepts exactly the legal actions; refusals change nothing.
    legal = set(legal_ids)
    for a in spec.actions:
        if a.id in legal:
            continue
        with pytest.raises(IllegalActionError):
            game.apply(a)
    with pytest.raises(InvalidActionError):
        game.apply("not an action at all")
    assert game.state_hash() == before
    for a in decision.actions:
        trial, fast = game.clone(), game.clone()
        events = trial.apply(a)
        # The unchecked path (search) does exactly what the checked one does.
        assert fast.apply_unchecked(a) == events
        assert fast.state_hash() == trial.state_hash()

    # Views hide what the seat cannot see, and a world rebuilt from a view shows that view.
    for seat in range(game.num_players):
        if seat in game.automa_seats:
            continue
        view = game.view(seat)
        assert view["viewer"] == seat
        json.dumps(view)
        other = game.determinize(seat, Rng(rng.next64()))
        assert other.view(seat) == view, f"seat {seat}'s view shows something it cannot see"
        world = spec.world_from_view(view, Rng(rng.next64()))
        assert world.view(seat) == view
        check_events_reveal_nothing(spec, game, other, seat, rng.next64())
    spectator = game.spectator_view()
    assert spectator["viewer"] is None
    json.dumps(spectator)
    # A spectator sees only what is public: re-dealing what any one seat cannot see (other
    # hands, objectives, deck orders) leaves the spectator's view as it was.
    for seat in range(game.num_players):
        if seat not in game.automa_seats:
            other = game.determinize(seat, Rng(rng.next64()))
            assert other.spectator_view() == spectator, f"a spectator sees a secret ({seat})"


def check_events_reveal_nothing(
    spec: GameSpec, game: Game, other: Game, seat: int, seed: int
) -> None:
    """The next action, played in two worlds ``seat`` cannot tell apart with the same dice,
    gives ``seat`` the same redacted events up to the first one the catalogue says turns
    hidden information face up (or draws randomness from what the seat cannot see)."""
    decision = game.decision()
    assert decision is not None
    action = decision.actions[seed % len(decision.actions)]
    if action not in other.legal_actions():
        return  # legal only given what the seat cannot see (another seat's hand): no compare
    real, alt = game.clone(), other.clone()
    real.reseed(seed)
    alt.reseed(seed)
    mine = public_prefix(spec, real.apply(action), seat)
    theirs = public_prefix(spec, alt.apply(action), seat)
    assert mine == theirs, f"an event shows seat {seat} something it cannot see: {mine}"


def public_prefix(spec: GameSpec, events: list, seat: int) -> list:  # type: ignore[type-arg]
    out = []
    for e in events:
        kind = spec.events[e.kind]
        if kind.random or kind.reveals:
            break
        out.append(spec.events.redact(e, seat))
    return out


@pytest.mark.parametrize("spec", games.all_games(), ids=lambda s: s.info.name)
def test_bad_tables_are_refused_with_a_clear_error(spec: GameSpec) -> None:
    info = spec.info
    for mode in info.modes:
        for players in (mode.min_players - 1, mode.max_players + 1, 0, -3):
            with pytest.raises(ValueError, match=r"\S"):
                spec.new(players, 1, mode=mode.name)
    with pytest.raises(ValueError, match="mode"):
        spec.new(info.default_mode.min_players, 1, mode="no such mode")
    with pytest.raises(ValueError, match="option"):
        spec.new(info.default_mode.min_players, 1, {"no_such_option": 1})


@pytest.mark.parametrize("spec", games.all_games(), ids=lambda s: s.info.name)
def test_an_option_that_contradicts_the_mode_is_refused_everywhere(spec: GameSpec) -> None:
    """A mode sets some options (Iridescia's solo sets ``rhom``, Gem Rush's modes set
    ``mode``): asking for another value is refused by ``new`` and by the faces' seating."""
    checked = 0
    for mode in spec.info.modes:
        for key, value in mode.options.items():
            if isinstance(value, bool):
                other: object = not value
            else:
                other = next(m.options[key] for m in spec.info.modes if m.options.get(key) != value)
            with pytest.raises(ValueError, match="contradicts mode"):
                spec.new(mode.min_players, 1, {key: other}, mode=mode.name)
            with pytest.raises(ValueError, match="contradicts mode"):
                Seating.build(spec, mode=mode.name, options={key: other})
            assert mode.with_options({})[key] == value
            checked += 1
    assert checked
