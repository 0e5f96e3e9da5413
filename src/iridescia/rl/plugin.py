"""What a game gives the research APIs: its observation encoder, found by the game's name.

The Gymnasium, PettingZoo and OpenSpiel adapters know no game. They take everything generic
from the contract (``core.game``): the action table (``Discrete(spec.info.num_actions)``,
action names, the mask from ``legal_actions()``), seats from ``match.Seating``, bots through
``match.BotSeats``, final rewards from ``game.outcome()``. What only one game can say comes
from that game's ``ObservationEncoder`` in ``rl/games/<game>/``, registered in
``rl/games/__init__.py`` under the game's registry name: the fixed-length vector of a view, a
plain-text picture of it, the running score that shaping uses, and how each action looks in an
information-state history; what reward each API gives by default and the range of the
outcome's returns at a table (OpenSpiel declares it); the game's own Gymnasium ids.

An encoder reads views (never a game state) except in ``score``, which is asked only for the
seat's own standing (shaping must not depend on what that seat cannot see). A game without an
encoder cannot be played through the research APIs yet: ``rl.games.get`` says so by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from iridescia.core.actions import Action
from iridescia.core.game import Game, View
from iridescia.rl.layout import Layout, Vector


class ObservationEncoder(Protocol):
    """One game's plug-in for the research APIs."""

    @property
    def game(self) -> str:
        """The game's registry name (``iridescia.games.get(encoder.game)``)."""
        ...

    @property
    def layout(self) -> Layout:
        """The vector's fields, size and bounds (``docs/observation.md`` for the first game)."""
        ...

    @property
    def table_options(self) -> Mapping[str, Any]:
        """The table options OpenSpiel takes as game parameters, with their defaults, e.g.
        ``{"rhom": False}`` (a ``"mode"`` entry names the mode). Gymnasium and PettingZoo take
        every option of the game as a keyword."""
        ...

    @property
    def max_score(self) -> float:
        """A bound on any seat's final score (for the reward ranges OpenSpiel declares)."""
        ...

    def returns_range(self, mode: str, options: Mapping[str, Any]) -> tuple[float, float]:
        """Bounds on the outcome's returns (``Outcome.returns``, every seat's) at a table of
        ``mode`` with ``options`` (as the game receives them: the mode's own and those set away
        from their defaults): what OpenSpiel declares as the utility range of
        ``returns="returns"``. E.g. ``(0.0, 1.0)`` where winners share 1; a cooperative mode
        whose return may be the team score says so here."""
        ...

    @property
    def max_game_length(self) -> int:
        """A bound on the decisions of one game, far above anything play reaches."""
        ...

    @property
    def default_reward(self) -> str:
        """The final reward Gymnasium and PettingZoo give when none is named (``rewards``)."""
        ...

    @property
    def default_returns(self) -> str:
        """The ``returns`` OpenSpiel gives when none is named (``rewards``)."""
        ...

    @property
    def gym_envs(self) -> Mapping[str, Mapping[str, Any]]:
        """The game's own Gymnasium ids and their default keywords (``GameEnv``'s), registered
        with the generic ``iridescia/Solo-v0`` and ``iridescia/Versus-v0``."""
        ...

    def encode(self, view: View) -> Vector:
        """The observation vector of a seat's (or a spectator's) view, shape
        ``(layout.size,)``; ValueError for a view value the layout has no place for."""
        ...

    def render(self, view: View) -> str:
        """The view as plain text (``render_mode="ansi"``): safe to show the view's seat."""
        ...

    def score(self, game: Game, seat: int) -> float:
        """``seat``'s score if the game ended now: the potential of reward shaping."""
        ...

    def public_text(self, action: Action) -> str:
        """The action as every seat saw it: its text, without what only its player knows
        (OpenSpiel's information-state history)."""
        ...


__all__ = ["ObservationEncoder"]
