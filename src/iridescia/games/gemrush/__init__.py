"""Gem Rush (second edition, Jeremy Lennert), the rules package: its one public API.

**Provisional components.** The room tiles and gem cards (the component files of data set
``gemrush-2e-provisional-1``) were designed by the iridescia project to fit the published
rules, because the real component data is not public (Gem Rush spec §0.3). ``NOTICE`` is the
text every face shows with the game; it is also in ``GAME.info.notice``, in every view and in
every record. ``DATA_SETS`` lists every data set this engine plays: the components' own, then
the derived ones (``VARIANTS``: the same components, other defaults for rules parameters, with
a changelog); new games use the newest, ``DATA_SET``, and a game names another with the rules
parameter ``data_set``.

``GAME`` satisfies ``core.game.GameSpec``: ``GAME.info`` (modes ``crisis``, cooperative, 1-7
players, and ``rush``, 2-7; table options), ``GAME.actions`` (the action table of spec §9),
``GAME.events`` (the event catalogue with redaction per seat), ``GAME.new(players, seed,
options, params, mode=, keep_log=)``, ``GAME.from_record(record)``, ``GAME.world_from_view(view,
rng)`` and ``GAME.heuristics()``. ``GemRushGame`` satisfies ``core.game.Game``. Views are
``GemRushView`` dicts (``view_types``); ``catalogue()`` gives the static component data faces
draw with. ``scenario(...)`` builds a game in a chosen position (tests, tutorials).
``Statistics`` folds a game's events into the figures of the balancing pass (spec §8);
``full_deck_cards()`` gives each room's expected yield from a full deck (spec §2.3.2).
``PARAM_RANGES`` declares the valid values of every rules parameter (``docs/rules-parameters.md``).

Faces use only the names exported here. The game registers itself nowhere: the edition's game
list does that.
"""

from __future__ import annotations

from iridescia.games.gemrush.actions import ACTIONS, GAME_NAME
from iridescia.games.gemrush.balance import DOOR_SIZES, ROOM_FIELDS, Payability, full_deck_cards
from iridescia.games.gemrush.data import DATA_SET, DATA_SETS, GEMS, NOTICE, VARIANTS
from iridescia.games.gemrush.events import EVENTS
from iridescia.games.gemrush.game import GAME, INFO, GemRushGame, GemRushSpec
from iridescia.games.gemrush.grid import DIRECTION_CODES
from iridescia.games.gemrush.options import Options
from iridescia.games.gemrush.params import RANGES as PARAM_RANGES
from iridescia.games.gemrush.params import RulesParams
from iridescia.games.gemrush.scenario import scenario
from iridescia.games.gemrush.schemas import GEM_CODES
from iridescia.games.gemrush.skills import DWARF_COLOURS
from iridescia.games.gemrush.state import RULES_VERSION
from iridescia.games.gemrush.stats import TURN_COLUMNS, Statistics
from iridescia.games.gemrush.view_types import (
    DecisionView,
    EffectView,
    EngineView,
    GemRushView,
    MineView,
    OpenDoorView,
    PlayerView,
    SideView,
    SiteView,
    TileView,
)
from iridescia.games.gemrush.views import catalogue

GEM_NAMES: tuple[str, ...] = tuple(g.name for g in GEMS)
GEM_COLOURS: tuple[str, ...] = tuple(g.hex for g in GEMS)  # display colours, by gem index

__all__ = [
    "ACTIONS",
    "DATA_SET",
    "DATA_SETS",
    "DIRECTION_CODES",
    "DOOR_SIZES",
    "DWARF_COLOURS",
    "EVENTS",
    "GAME",
    "GAME_NAME",
    "GEM_CODES",
    "GEM_COLOURS",
    "GEM_NAMES",
    "INFO",
    "NOTICE",
    "PARAM_RANGES",
    "ROOM_FIELDS",
    "RULES_VERSION",
    "TURN_COLUMNS",
    "VARIANTS",
    "DecisionView",
    "EffectView",
    "EngineView",
    "GemRushGame",
    "GemRushSpec",
    "GemRushView",
    "MineView",
    "OpenDoorView",
    "Options",
    "Payability",
    "PlayerView",
    "RulesParams",
    "SideView",
    "SiteView",
    "Statistics",
    "TileView",
    "catalogue",
    "full_deck_cards",
    "scenario",
]
