"""Gem Rush bots: every shared bot plays it, from views only, for the team or for itself.

- Conformance: in Crisis (open and hidden hands) and Rush, a bot given the view of the true game
  and the view of a game in which everything hidden from it was re-dealt (the same view) picks
  the same action with the same RNG; it never changes what it was given.
- Behaviour of the heuristic player (spec §8) through the greedy bot: it builds the door with
  the best points per card it can pay, takes a room's effect when it gains more than a draw,
  burns from the deck in Crisis, and builds with cards that will be worth nothing later.
- The evaluator: one team value in Crisis (R43), leads over the best other seat in Rush (R45),
  exact at the end; the default policy finishes a turn just after it passes.
- Strength (small samples; the measured figures are in docs/gemrush-balance.md and
  docs/bots.md): greedy beats random in Rush, and a greedy team reaches Apprentice in Crisis.
"""

from __future__ import annotations

import copy

import pytest

from iridescia.bots import bot_names, make_bot
from iridescia.core.rng import Rng
from iridescia.games import get
from iridescia.games.gemrush import GemRushGame, scenario
from iridescia.games.gemrush.policy import default_action

GAME = get("gem-rush")
FAST_SPECS = ["random", "greedy", "easy", "mcts:iterations=40,per_action=10,worlds=8"]
HEURISTICS = GAME.heuristics()
assert HEURISTICS is not None


def _advance(game: GemRushGame, steps: int, seed: int) -> None:
    rng = Rng(seed)
    for _ in range(steps):
        if game.is_terminal():
            return
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])


def play(specs: list[str], seed: int, mode: str) -> GemRushGame:
    game = GAME.new(len(specs), seed, mode=mode)
    assert isinstance(game, GemRushGame)
    bots = [make_bot(spec, GAME) for spec in specs]
    rngs = [Rng(seed * 16 + i + 1) for i in range(len(specs))]
    while not game.is_terminal():
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        action = bots[seat].choose(game.view(seat), legal, rngs[seat])
        assert action in legal
        game.apply(action)
    return game


def test_every_shared_bot_plays_gem_rush() -> None:
    assert {"random", "greedy", "easy", "medium", "hard", "mcts"} <= set(bot_names(GAME))
    for spec in ("greedy", "easy", "medium", "hard", "mcts:iterations=50"):
        assert make_bot(spec, GAME).choose  # built for the game, no refusal


def test_a_horizon_asked_of_a_game_without_one_changes_nothing() -> None:
    """Gem Rush's heuristics cannot play the others' turns (``core.game.Horizon``): a bot asked
    to look past the turn judges within it, exactly as without the option."""
    for within, past in (
        ("greedy", "greedy:horizon"),
        ("mcts:iterations=40,worlds=8", "mcts:iterations=40,worlds=8,horizon=1"),
    ):
        a = play([within, "random"], 3, "rush")
        b = play([past, "random"], 3, "rush")
        assert a.state_hash() == b.state_hash()


@pytest.mark.parametrize("spec", FAST_SPECS)
@pytest.mark.parametrize(
    ("mode", "players", "options"),
    [("crisis", 3, {}), ("crisis", 2, {"hidden_hands": True}), ("rush", 2, {}),
     ("rush", 4, {})],
)  # fmt: skip
def test_bots_see_only_their_view(
    spec: str, mode: str, players: int, options: dict[str, object]
) -> None:
    checked = 0
    for seed in range(4):
        game = GAME.new(players, seed, options, mode=mode)
        assert isinstance(game, GemRushGame)
        _advance(game, 12 + 23 * seed, seed)
        if game.is_terminal() or len(game.legal_actions()) < 2:
            continue
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        view = game.view(seat)
        frozen_view, frozen_legal = copy.deepcopy(view), list(legal)
        action = make_bot(spec, GAME).choose(view, legal, Rng(seed))
        assert view == frozen_view and legal == frozen_legal
        assert action in legal
        redealt = game.determinize(seat, Rng(1000 + seed))
        assert redealt.state_hash() != game.state_hash() or not _hidden(game, seat)
        assert redealt.view(seat) == view
        again = make_bot(spec, GAME).choose(redealt.view(seat), redealt.legal_actions(), Rng(seed))
        assert again == action
        checked += 1
    assert checked >= 2


def _hidden(game: GemRushGame, seat: int) -> bool:
    """Whether anything is hidden from ``seat`` that a re-deal could change."""
    s = game.state
    others = [p for p in s.players if p.seat != seat]
    return len(s.deck) > 1 or len(s.stack) > 1 or any(len(p.hand) > len(p.known) for p in others)


@pytest.mark.parametrize("spec", ["greedy", "easy"])
def test_bot_games_are_deterministic(spec: str) -> None:
    a = play([spec, "random"], 5, "rush")
    b = play([spec, "random"], 5, "rush")
    assert a.state_hash() == b.state_hash()
    assert [str(x) for x in a.history()] == [str(x) for x in b.history()]


def test_greedy_beats_random_in_rush() -> None:
    wins = 0.0
    for seed in range(6):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        game = play(specs, 200 + seed, "rush")
        wins += game.outcome().returns[specs.index("greedy")]
    assert wins >= 5


def test_a_greedy_team_reaches_apprentice_in_crisis() -> None:
    # Apprentice (36) is "almost always reached" by a competent team (spec §8); these two
    # seeds score well above it with the current data set.
    for seed in (1, 2):
        outcome = play(["greedy"] * 3, seed, "crisis").outcome()
        assert outcome.team_score is not None and outcome.team_score >= 36


def _greedy_choice(game: GemRushGame, seed: int = 0) -> str:
    seat = game.current_player
    assert seat is not None
    return str(make_bot("greedy", GAME).choose(game.view(seat), game.legal_actions(), Rng(seed)))


# T68 (Void, no effect of its own): N FR+OB+ST+SS:5, E OB+EL:2, S EL:0, W OB+EL:2. In hand: G01
# (FR+OB), G17 (OB+EL), G33 (ST+SS). G17 alone pays E or W (2 points, 1 card); G01 with G33 pays
# N (5 points for 2 cards: 2.5 a card, the best).
BUILDER = {"tiles": [(68, 0, 0, 0)], "hands": [[1, 17, 33], []]}


def test_the_heuristic_player_builds_the_door_with_the_best_points_per_card() -> None:
    game = scenario(2, mode="rush", **BUILDER)  # type: ignore[arg-type]
    s = game.state
    assert default_action(s, game.legal_actions(), Rng(0)) == game.spec.actions.parse("walk N")
    for _ in range(4):  # walks, pays with exactly G01 and G33, and says "paid"
        game.apply(default_action(s, game.legal_actions(), Rng(0)))
    assert game.scores()[0] == 5 and s.players[0].hand == [17]


def test_greedy_builds_what_it_can_pay_and_scores() -> None:
    game = scenario(2, mode="rush", **BUILDER)  # type: ignore[arg-type]
    first = _greedy_choice(game)
    assert first in ("walk N", "walk E", "walk W")  # a construction, not "end"
    bot = make_bot("greedy", GAME)
    rng = Rng(3)
    while game.state.turns_done == 0:
        game.apply(bot.choose(game.view(0), game.legal_actions(), rng))
    assert game.scores()[0] >= 5  # at least the best single door's worth in the turn


def test_greedy_uses_a_room_that_gains_more_than_a_draw() -> None:
    # T25 (Hope Spring) reveals many cards and keeps those that match: worth more than 1 card.
    game = scenario(2, mode="rush", tiles=[(25, 0, 0, 0)], hands=[[], []], phase="action")
    assert {str(a) for a in game.legal_actions()} == {"draw", "room"}
    assert _greedy_choice(game) == "room"


def test_greedy_burns_from_the_deck_before_anyones_hand() -> None:
    game = scenario(3, tiles=[(33, 0, 0, 0)], hands=[[1, 2], [13, 14], [31]], phase="burn")
    assert "burn deck" in {str(a) for a in game.legal_actions()}
    assert _greedy_choice(game) == "burn deck"


def test_cards_left_unspent_at_the_end_of_crisis_are_worth_nothing() -> None:
    # Crisis, last turn (3 unburnt cards outside the hands): a 1-point door is built even with
    # a two-gem card, since the card is worth nothing afterwards.
    hands = [[11], [12]]
    burnt = [c for c in range(1, 76) if c not in (11, 12, 1, 2, 3)]
    game = scenario(2, tiles=[(34, 0, 0, 0)], hands=hands, deck=[1, 2, 3], discard=[], stack=None)
    s = game.state
    s.deck = [1, 2, 3]
    s.burnt_deck = burnt
    assert "walk E" in {str(a) for a in game.legal_actions()}
    assert _greedy_choice(game) == "walk E"


def test_crisis_seats_share_one_value_and_rush_seats_compete() -> None:
    crisis = scenario(3, tiles=[(33, 0, 0, 0)], hands=[[1, 2], [13], []], scores=[4, 2, 0])
    leads = HEURISTICS.leads(crisis)
    assert len(set(leads)) == 1 and leads[0] > 6  # the team's points and cards
    rush = scenario(3, mode="rush", tiles=[(33, 0, 0, 0)], hands=[[], [], []],
                    scores=[9, 4, 2])  # fmt: skip
    leads = HEURISTICS.leads(rush)
    assert leads == [5.0, -5.0, -7.0]


def test_finished_games_are_judged_exactly() -> None:
    game = play(["greedy", "random"], 3, "rush")
    scores = game.scores()
    leads = HEURISTICS.leads(game)
    assert leads == [scores[0] - scores[1], scores[1] - scores[0]]


def test_the_default_policy_finishes_a_turn_just_after_it_passes() -> None:
    game = GAME.new(3, 4, mode="crisis", keep_log=False)
    assert isinstance(game, GemRushGame)
    seat = game.current_player
    assert seat is not None
    done = game.state.turns_done
    finished = HEURISTICS.finish_turn(game.clone(), seat, Rng(1))
    assert isinstance(finished, GemRushGame)
    assert finished.state.turns_done == done + 1
    assert finished.current_player == (seat + 1) % 3
    assert HEURISTICS.turn_index(finished) == done + 1
    assert not any(HEURISTICS.may_pass_turn(a) for a in GAME.actions)


@pytest.mark.parametrize(("seed", "players"), [(7205, 6), (7143, 6), (7218, 2)])
def test_greedy_tables_never_stall(seed: int, players: int) -> None:
    # Seeds where earlier heuristics stalled a Rush game (data set -1, target 15 or 20): dwarves
    # hoarding cards in a room while sites waited; cut off from every site, walking to and fro;
    # the last site a 0-point door nobody would pay for (64 rounds). Each now ends in time.
    game = GAME.new(players, seed, None, {"data_set": "gemrush-2e-provisional-1"}, mode="rush")
    assert isinstance(game, GemRushGame)
    bots = [make_bot("greedy", GAME) for _ in range(players)]
    rngs = [Rng(seed * 16 + i + 1) for i in range(players)]
    while not game.is_terminal():
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(), rngs[seat]))
    assert game.state.turns_done <= 16 * players and max(game.scores()) >= game.state.target
