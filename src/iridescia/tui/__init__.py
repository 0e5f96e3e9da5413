"""Terminal play of Gems of Iridescia with ``rich``: hot-seat humans, bots, replays.

Layers inside the package, bottom up:

* ``messages`` - the message catalog (``--lang``; English, with per-key fallback);
* ``theme`` - colours and short text forms of gems, tiles, relics, seats;
* ``events`` - engine events as log sentences, redacted for the viewer;
* ``board`` - the hex map; ``panels`` - market, relics, items, players, decision, scores;
* ``screen`` - one full screen from a ``Frame``;
* ``terminal`` - input functions, messages, saving;
* ``play`` - the play loop; ``replay`` - stepping through a record.

Everything here reads the game through ``Game``'s public API and views only.
"""

from iridescia.tui.messages import Messages, languages
from iridescia.tui.play import PlaySession
from iridescia.tui.replay import ReplaySession
from iridescia.tui.terminal import InputFn, default_input, scripted_input, stream_input

__all__ = [
    "InputFn",
    "Messages",
    "PlaySession",
    "ReplaySession",
    "default_input",
    "languages",
    "scripted_input",
    "stream_input",
]
