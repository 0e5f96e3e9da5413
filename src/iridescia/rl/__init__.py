"""Research APIs: Gymnasium, PettingZoo and OpenSpiel adapters over the forward model.

Thin, typed shells over ``iridescia.Game`` with no rules logic of their own; they need the
``rl`` extra (``pip install "iridescia[rl]"``). Shared parts:

* ``layout`` / ``observation``: the fixed-length ``float32`` observation of one seat's view
  (``docs/observation.md``); ``actions``: ``Discrete(NUM_ACTIONS)`` over the engine's action
  table, names and legal-action masks; ``rewards``: final margin, win/loss or score, optional
  potential-based shaping; ``seats``: who sits where and the bots that play other seats;
  ``text``: a view as plain text.
* ``gym_env``: ``gymnasium.make("iridescia/Solo-v0")`` and ``"iridescia/Versus-v0"`` (importing
  this package registers them).
* ``pettingzoo_env``: ``env(players=3)``, a turn-based AEC environment.
* ``openspiel_game``: ``pyspiel.load_game("python_gems_of_iridescia(players=3)")`` once imported;
  ``openspiel_bots`` runs our bots and OpenSpiel's search bots against each other.

``docs/research.md`` shows each API in use, with throughput and conformance results.
"""

from __future__ import annotations

from iridescia.rl.actions import ACTION_NAMES, NUM_ACTIONS, action_name, mask_from_view
from iridescia.rl.layout import LAYOUT, OBS_SIZE
from iridescia.rl.observation import encode

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
    "action_name",
    "encode",
    "mask_from_view",
]
