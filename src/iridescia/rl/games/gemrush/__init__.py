"""Gem Rush for the research APIs: its observation encoder plug-in.

**Provisional components.** Gem Rush's room tiles and gem cards are the project's stand-ins for
the unpublished component data (data set ``gemrush-2e-provisional-1``, Gem Rush spec §0.3): every
size in the observation comes from ``catalogue()`` of the game's data set, so a transcription of
the real components with other counts changes the layout's sizes, not this code.

``ENCODER`` satisfies ``rl.plugin.ObservationEncoder``: the vector of ``layout.LAYOUT``
(``observation.encode``, ``docs/observation-gemrush.md``), the text picture of a view
(``text.render_view``), the running score used for shaping (the seat's own score in Rush, the
team score in Crisis, where every seat shares one result: Gem Rush R43), information-state
histories in which Scrying Pool's ``order Tnn`` hides the order (in Rush only its user sees it:
Gem Rush R76; Crisis histories hide it too, which loses nothing a Crisis seat needs: the tiles
reach every view as the known stack top), and two Gymnasium ids:

* ``iridescia/GemRushCrisis-v0``: Crisis with the agent as the only player (``opponents=`` adds
  bot teammates; every seat gets the team's return);
* ``iridescia/GemRushRush-v0``: Rush against bots, by default one ``"greedy"`` bot.

Rewards default to the outcome's returns (Gem Rush R43, R45) in every API.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from iridescia.core.actions import Action
from iridescia.core.game import Game
from iridescia.games.gemrush import GAME, GAME_NAME, GemRushGame, Options, RulesParams
from iridescia.rl.games.gemrush.layout import LAYOUT, OBS_SIZE, TABLES
from iridescia.rl.games.gemrush.observation import ENCODER as VIEW_ENCODER
from iridescia.rl.games.gemrush.observation import ViewEncoder, encode
from iridescia.rl.games.gemrush.text import render_view
from iridescia.rl.layout import Layout

# A bound on any seat's final score and on a Crisis team's (the return of a Crisis game
# without a target), for the utility ranges OpenSpiel declares. Rush ends at 15-20 points (the
# best of 75 random games scored 26); the provisional tiles' doors carry 490 points in all and
# scoring rooms add a few more, so no Crisis team comes near this.
MAX_SCORE = 1000.0
# Decisions in one turn: the longest turn of 75 random games of 1-7 players took 33 decisions
# (hand-limit discards, steps, payments, placements, effect steps, burns); 200 is far above.
DECISIONS_PER_TURN = 200
# Gem Rush R88: a Rush game stops after ``rush_round_limit`` rounds; a Crisis game burns every
# card within 25 turns (75 cards, 3 a turn), far fewer.
MAX_GAME_LENGTH = RulesParams().rush_round_limit * GAME.info.max_seats * DECISIONS_PER_TURN
_ORDER = "order"


class GemRushEncoder:
    """Gem Rush's ``ObservationEncoder`` (see the module docstring)."""

    __slots__ = ()

    game: str = GAME_NAME
    layout: Layout = LAYOUT
    # What OpenSpiel takes as game parameters (``target`` is not one: OpenSpiel parameters
    # cannot be None; Gymnasium and PettingZoo take it as a keyword).
    table_options: Mapping[str, Any] = MappingProxyType(
        {
            "mode": "crisis",
            "level": "journeyman",
            "hidden_hands": False,
            "rush_burns": False,
            "crisis_may_stop": False,
        }
    )
    max_score: float = MAX_SCORE
    max_game_length: int = MAX_GAME_LENGTH
    default_reward: str = "returns"
    default_returns: str = "returns"
    gym_envs: Mapping[str, Mapping[str, Any]] = MappingProxyType(
        {
            "iridescia/GemRushCrisis-v0": MappingProxyType({"game": GAME_NAME, "mode": "crisis"}),
            "iridescia/GemRushRush-v0": MappingProxyType(
                {"game": GAME_NAME, "mode": "rush", "opponents": ("greedy",)}
            ),
        }
    )
    encode = staticmethod(encode)
    render = staticmethod(render_view)

    @staticmethod
    def score(game: Game, seat: int) -> float:
        """The seat's own score in Rush; the team score in Crisis (every seat's potential)."""
        if not isinstance(game, GemRushGame):
            raise TypeError(f"not a game of Gem Rush: {type(game).__name__}")
        scores = game.scores()
        return float(sum(scores) if game.mode == "crisis" else scores[seat])

    @staticmethod
    def returns_range(mode: str, options: Mapping[str, Any]) -> tuple[float, float]:
        """0..1 (Gem Rush R43, R45: a Crisis team reaches its target or not, Rush winners
        share 1) except in Crisis without a target (level ``none`` and no custom target, R3),
        where every seat's return is the team score: 0..``MAX_SCORE``."""
        table = Options.from_json({**options, "mode": mode})
        if mode == "crisis" and table.level_index < 0 and table.target is None:
            return 0.0, MAX_SCORE
        return 0.0, 1.0

    @staticmethod
    def public_text(action: Action) -> str:
        text = str(action)
        return _ORDER if text.startswith(_ORDER + " ") else text


ENCODER = GemRushEncoder()

__all__ = [
    "ENCODER",
    "LAYOUT",
    "MAX_GAME_LENGTH",
    "OBS_SIZE",
    "TABLES",
    "VIEW_ENCODER",
    "GemRushEncoder",
    "ViewEncoder",
    "encode",
    "render_view",
]
