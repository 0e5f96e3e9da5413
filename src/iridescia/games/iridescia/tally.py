"""Each seat's holdings as final scoring sees them (``scoring.PlayerTally``), read from a state.

Shared by the public ``Game`` (scores, ranking, the outcome) and the search heuristics, which
score the states they simulate without building a ``Game``.
"""

from __future__ import annotations

from iridescia.games.iridescia.data import (
    IRIDIA_TYPE,
    RAINBOW,
    RELIC_BY_ID,
    TILE_BY_ID,
    TOKEN_BY_KEY,
)
from iridescia.games.iridescia.scoring import PlayerTally
from iridescia.games.iridescia.state import State


def tallies(s: State) -> list[PlayerTally]:
    """What final scoring needs to know of every seat, read from the state."""
    out = []
    for p in s.players:
        colours = [0, 0, 0, 0]
        wild = 0
        for t in p.tiles:
            gem = TILE_BY_ID[t].gem
            if gem >= RAINBOW:
                wild += 1
            else:
                colours[gem] += 1
        types = [0, 0, 0]
        leads = [0, 0, 0, 0]
        iridia = 0
        for r in p.relics:
            relic = RELIC_BY_ID[r]
            if relic.type == IRIDIA_TYPE:
                iridia += 1
            else:
                types[relic.type] += 1
                leads[relic.lead] += 1
        out.append(
            PlayerTally(
                cargo_gems=sum(p.cargo),
                coins=p.coins,
                tile_colours=(colours[0], colours[1], colours[2], colours[3]),
                wild_tiles=wild,
                relic_types=(types[0], types[1], types[2]),
                relic_leads=(leads[0], leads[1], leads[2], leads[3]),
                iridia_relics=iridia,
                objectives=tuple(p.objectives),
                relic_points=p.relic_points,
                tile_bonus_points=p.tile_bonus_points,
                iridia_stone_points=s.params.iridia_stone_points if p.iridia_stone else 0,
                token_points=TOKEN_BY_KEY[p.token].points if p.token else 0,
                merchant_points=p.merchant_points,
                overflow_points=p.overflow_points,
                has_iridia_stone=p.iridia_stone,
                token_rank=TOKEN_BY_KEY[p.token].rank if p.token else 0,
            )
        )
    return out
