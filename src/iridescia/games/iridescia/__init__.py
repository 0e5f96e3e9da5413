"""Gems of Iridescia (Roberto Panetta, Rock, Stone & Dice): the rules package's one public API.

``GAME`` is the game as a plug-in (``core.game.GameSpec``): ``GAME.info`` (modes ``standard``
2-4 explorers, ``solo`` against the Rhom automa, ``rhom`` where the Rhom joins 2-3 explorers;
the table options), ``GAME.actions`` (the 618-entry action table), ``GAME.events`` (the event
catalogue), ``GAME.new(players, seed, options, params, mode=, keep_log=)``,
``GAME.from_record(record)``, ``GAME.world_from_view(view, rng)`` and ``GAME.heuristics()``.
``Game`` is a game in progress (``core.game.Game``), with this game's extras: score breakdowns,
ranking, statistics. ``PARAM_RANGES`` declares the valid values of every rules parameter
(``docs/rules-parameters.md``). The rest are the component data and display helpers the faces
draw with.

Faces, bots and tools use only the names exported here; the modules below are the rules'
internals (``tests/test_architecture.py`` holds everyone else to that).
"""

from __future__ import annotations

from iridescia.games.iridescia.actions import GAME_NAME
from iridescia.games.iridescia.actions import TABLE as ACTIONS
from iridescia.games.iridescia.automa import CARD_BY_ID as RHOM_CARD_BY_ID
from iridescia.games.iridescia.automa import MAX_BARRICADES
from iridescia.games.iridescia.data import (
    COLOUR_LETTERS,
    COLOUR_NAMES,
    ITEM_BY_KEY,
    ITEM_KEYS,
    ITEMS,
    OBJECTIVE_BY_ID,
    OBJECTIVES,
    REGION_NAMES,
    RELIC_BY_ID,
    RELIC_TYPE_NAMES,
    RELICS,
    TILE_BY_ID,
    TILE_GEM_NAMES,
    TILES,
    catalogue,
)
from iridescia.games.iridescia.events import EVENTS
from iridescia.games.iridescia.game import GAME, Game, GemsOfIridescia, Heuristics
from iridescia.games.iridescia.info import DATA_SET, INFO, RHOM, SOLO, STANDARD
from iridescia.games.iridescia.params import RANGES as PARAM_RANGES
from iridescia.games.iridescia.params import RulesParams
from iridescia.games.iridescia.scoring import ScoreBreakdown
from iridescia.games.iridescia.state import RULES_VERSION, Options
from iridescia.games.iridescia.stats import Statistics
from iridescia.games.iridescia.views import objective_json, relic_json, tile_json

__all__ = [
    "ACTIONS",
    "COLOUR_LETTERS",
    "COLOUR_NAMES",
    "DATA_SET",
    "EVENTS",
    "GAME",
    "GAME_NAME",
    "INFO",
    "ITEMS",
    "ITEM_BY_KEY",
    "ITEM_KEYS",
    "MAX_BARRICADES",
    "OBJECTIVES",
    "OBJECTIVE_BY_ID",
    "PARAM_RANGES",
    "REGION_NAMES",
    "RELICS",
    "RELIC_BY_ID",
    "RELIC_TYPE_NAMES",
    "RHOM",
    "RHOM_CARD_BY_ID",
    "RULES_VERSION",
    "SOLO",
    "STANDARD",
    "TILES",
    "TILE_BY_ID",
    "TILE_GEM_NAMES",
    "Game",
    "GemsOfIridescia",
    "Heuristics",
    "Options",
    "RulesParams",
    "ScoreBreakdown",
    "Statistics",
    "catalogue",
    "objective_json",
    "relic_json",
    "tile_json",
]
