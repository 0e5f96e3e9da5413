"""Research APIs: Gymnasium, PettingZoo and OpenSpiel adapters over the game contract.

Thin, typed shells over ``core.game.Game`` with no rules logic and no game of their own; they
need the ``rl`` extra (``pip install "iridescia[rl]"``). Each API chooses the game by name
(``game="gems-of-iridescia"``, the default); what only one game can say comes from its
observation encoder plug-in (``rl/games/<game>/``, ``rl.games.get(name)``, the interface in
``plugin``). Generic parts:

* ``layout``: a vector declared as fields (offsets, bounds, the generated docs table);
  ``actions``: ``Discrete(num_actions)`` over the game's action table, names and masks;
  ``rewards``: final margin, win/loss, score or the outcome's returns, optional potential-based
  shaping; ``seats``: who sits where (``match.Seating``, bots through ``match.BotSeats``);
  ``text``: a view as plain text, by the game's encoder.
* ``gym_env``: ``gymnasium.make("iridescia/Solo-v0")`` and ``"iridescia/Versus-v0"``, and each
  game's own ids (Gem Rush: ``"iridescia/GemRushCrisis-v0"``, ``"iridescia/GemRushRush-v0"``);
  importing this package registers them.
* ``pettingzoo_env``: ``env(players=3)``, a turn-based AEC environment.
* ``openspiel_game``: ``pyspiel.load_game("python_gems_of_iridescia(players=3)")`` or
  ``"python_gem_rush(players=3)"`` once imported (one OpenSpiel game per game with an encoder);
  ``openspiel_bots`` runs our bots and OpenSpiel's search bots against each other.

The names below are Gems of Iridescia's, as before games plugged in: ``encode``, ``LAYOUT``,
``OBS_SIZE``, ``ACTION_NAMES``, ``NUM_ACTIONS``, ``action_name``, ``mask_from_view``. For any
game: ``rl.games.get(name).encode`` / ``.layout`` and ``ActionIds.of(name)``.

``docs/research.md`` shows each API in use, with throughput and conformance results.
"""

from __future__ import annotations

from iridescia.rl.actions import ActionIds
from iridescia.rl.games import EncoderNotAvailable
from iridescia.rl.games.iridescia import LAYOUT, OBS_SIZE, encode, mask_from_view

_ACTIONS = ActionIds.of(None)
ACTION_NAMES: tuple[str, ...] = _ACTIONS.names
NUM_ACTIONS: int = _ACTIONS.size
action_name = _ACTIONS.name

try:  # Gymnasium is part of the rl extra; the encoders above need only NumPy.
    from iridescia.rl.gym_env import register_envs
except ImportError:  # pragma: no cover - without gymnasium there is nothing to register
    pass
else:
    register_envs()

__all__ = [
    "ACTION_NAMES",
    "LAYOUT",
    "NUM_ACTIONS",
    "OBS_SIZE",
    "ActionIds",
    "EncoderNotAvailable",
    "action_name",
    "encode",
    "mask_from_view",
]
