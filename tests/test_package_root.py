"""The names ``from iridescia import ...`` offers (``iridescia.__all__``), loaded on first use."""

from __future__ import annotations

import pytest

import iridescia
from iridescia import Game, GameRecord
from iridescia.core.record import GameRecord as CoreGameRecord


def test_game_record_from_the_package_root_round_trips_a_game() -> None:
    assert GameRecord is CoreGameRecord
    game = Game.new(2, 11)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    record = game.record(with_hashes=True)
    assert isinstance(record, GameRecord)
    assert GameRecord.loads(record.dumps()) == record


@pytest.mark.parametrize("name", iridescia.__all__)
def test_every_root_name_resolves(name: str) -> None:
    assert getattr(iridescia, name).__name__ == name


def test_an_unknown_root_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="module 'iridescia' has no attribute 'Nope'"):
        iridescia.Nope  # noqa: B018
