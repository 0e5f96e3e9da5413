"""One source of legality: every decision's fast ``check`` agrees with its generator.

Checked ``apply`` asks ``DecisionKind.check`` (when the decision has one) instead of building the
legal list. Over states from random games of every table kind, for every action of the table,
``check(s, a)`` must equal ``a in legal(s)``; ``rules.is_legal`` must agree for every decision;
and ``apply`` must accept exactly the legal actions (the state unchanged after a refusal).
"""

from __future__ import annotations

import pytest

from iridescia.core.errors import IllegalActionError
from iridescia.core.rng import Rng
from iridescia.games.iridescia import rules
from iridescia.games.iridescia.actions import ACTION_TABLE
from iridescia.games.iridescia.setup import new_state
from iridescia.games.iridescia.state import Options, State

TABLES = [(2, Options()), (3, Options()), (4, Options()), (1, Options(rhom=True)),
          (2, Options(rhom=True)), (4, Options(catapult_for_fourth=True))]  # fmt: skip


def sampled_states(players: int, options: Options, games: int, every: int) -> list[State]:
    out = []
    for seed in range(games):
        s = new_state(players, seed, options)
        rng = Rng(seed * 7 + 1)
        step = 0
        while True:
            legal = rules.legal_actions(s)
            if not legal:
                break
            if step % every == 0:
                out.append(s.clone())
            rules.apply_unchecked(s, legal[rng.below(len(legal))])
            step += 1
    return out


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_every_check_agrees_with_its_generator(players: int, options: Options) -> None:
    checked_decisions = 0
    for s in sampled_states(players, options, games=12, every=3):
        d = rules.decision_kind(s)
        assert d is not None
        legal_ids = {a.id for a in d.legal(s)}
        for a in ACTION_TABLE:
            expected = a.id in legal_ids
            assert rules.is_legal(s, a) == expected, (
                d.name,
                str(a),
            )
            if d.check is not None:
                assert bool(d.check(s, a)) == expected, (d.name, str(a))
        checked_decisions += d.check is not None
    assert checked_decisions > 50  # the fast paths were exercised


def test_apply_accepts_exactly_the_legal_actions() -> None:
    for s in sampled_states(3, Options(), games=3, every=11):
        legal_ids = {a.id for a in rules.legal_actions(s)}
        for a in ACTION_TABLE:
            trial = s.clone()
            if a.id in legal_ids:
                rules.apply(trial, a)
                continue
            before = trial.state_hash()
            with pytest.raises(IllegalActionError):
                rules.apply(trial, a)
            assert trial.state_hash() == before
