"""Per-player statistics of spec section 10, built from the event stream (an observer).

The engine keeps no counters of its own: it emits events, and ``Statistics`` folds them. Feed
it every event of a game from its start (``Game.log`` does that), then ``finish`` with the final
score breakdowns to add the end-of-game sources. ``as_json`` gives plain data for reports.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from iridescia.games.iridescia.data import (
    COLOUR_NAMES,
    ITEM_KEYS,
    RELIC_BY_ID,
    RELIC_TYPE_NAMES,
    TILE_BY_ID,
    TILE_GEM_NAMES,
    WILD_LEAD,
)
from iridescia.games.iridescia.scoring import ScoreBreakdown
from iridescia.games.iridescia.state import Event


def _zeros(keys: Sequence[str]) -> dict[str, int]:
    return {k: 0 for k in keys}


@dataclass
class PlayerStats:
    coins_collected: int = 0
    mining_attempts: int = 0
    failed_attempts: int = 0
    gems_mined: int = 0
    items_bought: dict[str, int] = field(default_factory=lambda: _zeros(ITEM_KEYS))
    items_used: dict[str, int] = field(default_factory=lambda: _zeros(ITEM_KEYS))
    tiles_collected: dict[str, int] = field(
        default_factory=lambda: _zeros(("amethyst", "citrine", "emerald", "sapphire", "rainbow"))
    )
    relics_by_lead: dict[str, int] = field(default_factory=lambda: _zeros((*COLOUR_NAMES, "wild")))
    relics_by_type: dict[str, int] = field(default_factory=lambda: _zeros(RELIC_TYPE_NAMES))
    iridia_relics: int = 0
    points: dict[str, int] = field(default_factory=dict)
    dice_faces: list[int] = field(default_factory=lambda: [0] * 6)  # how often 1..6 was rolled
    turns_taken: int = 0
    gems_given: int = 0
    gems_received: int = 0

    def as_json(self) -> dict[str, Any]:
        return {
            "coins_collected": self.coins_collected,
            "mining_attempts": self.mining_attempts,
            "failed_attempts": self.failed_attempts,
            "gems_mined": self.gems_mined,
            "items_bought": dict(self.items_bought),
            "items_used": dict(self.items_used),
            "tiles_collected": dict(self.tiles_collected),
            "relics_by_lead": dict(self.relics_by_lead),
            "relics_by_type": dict(self.relics_by_type),
            "iridia_relics": self.iridia_relics,
            "points": dict(self.points),
            "dice_faces": {str(i + 1): n for i, n in enumerate(self.dice_faces)},
            "turns_taken": self.turns_taken,
            "gems_given": self.gems_given,
            "gems_received": self.gems_received,
        }


class Statistics:
    """Folds events into one ``PlayerStats`` per seat."""

    def __init__(self, num_players: int) -> None:
        self.players = [PlayerStats() for _ in range(num_players)]

    def observe(self, events: Iterable[Event]) -> None:
        for e in events:
            handler = _HANDLERS.get(e.kind)
            if handler is not None and e.player >= 0:
                handler(self.players[e.player], e.data, self, e.player)

    def finish(self, scores: Sequence[ScoreBreakdown]) -> None:
        """Record points by source from the final breakdown."""
        for st, sc in zip(self.players, scores, strict=True):
            st.points = sc.as_dict()

    def as_json(self) -> list[dict[str, Any]]:
        return [p.as_json() for p in self.players]


def _faces(st: PlayerStats, faces: Iterable[int]) -> None:
    for f in faces:
        st.dice_faces[f - 1] += 1


def _mine(st: PlayerStats, d: dict[str, Any], _: Statistics, __: int) -> None:
    st.mining_attempts += 1
    if d["successes"] == 0:
        st.failed_attempts += 1
    _faces(st, d["faces"])


def _gain(st: PlayerStats, d: dict[str, Any], _: Statistics, __: int) -> None:
    if d["reason"] in ("mining", "pickaxe"):
        st.gems_mined += d["count"]


def _coins(st: PlayerStats, d: dict[str, Any], _: Statistics, __: int) -> None:
    st.coins_collected += d["count"]


def _sell(st: PlayerStats, d: dict[str, Any], _: Statistics, __: int) -> None:
    st.coins_collected += d["coins"]


def _buy(st: PlayerStats, d: dict[str, Any], _: Statistics, __: int) -> None:
    st.items_bought[d["item"]] += 1


def _play(st: PlayerStats, d: dict[str, Any], _: Statistics, __: int) -> None:
    st.items_used[d["item"]] += 1


def _collect(st: PlayerStats, d: dict[str, Any], _: Statistics, __: int) -> None:
    gem = TILE_BY_ID[d["tile"]].gem
    key = TILE_GEM_NAMES[gem] if gem < 4 else "rainbow"
    st.tiles_collected[key] += 1


def _restore(st: PlayerStats, d: dict[str, Any], _: Statistics, __: int) -> None:
    relic = RELIC_BY_ID[d["relic"]]
    lead = "wild" if relic.lead == WILD_LEAD else COLOUR_NAMES[relic.lead]
    st.relics_by_lead[lead] += 1
    st.relics_by_type[RELIC_TYPE_NAMES[relic.type]] += 1
    if relic.is_iridia:
        st.iridia_relics += 1


def _well(st: PlayerStats, d: dict[str, Any], _: Statistics, __: int) -> None:
    _faces(st, d["faces"])


def _die(st: PlayerStats, d: dict[str, Any], _: Statistics, __: int) -> None:
    if d["reason"] == "libation":  # a re-roll is a roll; a Jackhammer turn is not
        _faces(st, (d["after"],))


def _turn(st: PlayerStats, d: dict[str, Any], _: Statistics, __: int) -> None:
    st.turns_taken += 1


def _give(st: PlayerStats, d: dict[str, Any], stats: Statistics, __: int) -> None:
    st.gems_given += 1
    stats.players[d["to"]].gems_received += 1


_HANDLERS: Final = {
    "mine": _mine,
    "gain": _gain,
    "coins": _coins,
    "sell": _sell,
    "buy": _buy,
    "play": _play,
    "collect": _collect,
    "restore": _restore,
    "well_roll": _well,
    "die": _die,
    "turn": _turn,
    "give": _give,
}
