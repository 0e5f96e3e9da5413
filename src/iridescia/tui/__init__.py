"""Terminal play with ``rich``, for every game with a terminal plug-in: hot seat, bots, replays.

Generic modules (they know no game), bottom up:

* ``plugin`` - what a game gives the terminal (``TerminalPlugin``, ``Screen``, optional members);
* ``messages`` - the shared catalogue (``iridescia.i18n``) with the terminal's helpers;
* ``terminal`` - input functions, messages, saving, the size check, opening lines;
* ``log`` - the log as a viewer may read it, and the automa's turns in it;
* ``play`` - the play loop; ``replay`` - stepping through a record;
* ``saves`` - the games folder (every game people play, kept as it goes); ``settings`` - the
  settings file and the language of a command;
* ``play_arguments`` - the parser of ``play`` for one game; ``saved_games`` - ``iridescia games``;
* ``commands`` - the ``play``, ``replay`` and ``games`` subcommands.

Per game: ``games/<game>/`` holds its plug-in, registered by game name in ``games/__init__.py``
(``plugin_for(name)``). Everything here reads a game through the game contract
(``core.game``), its event catalogue, views and the game package's public API only.
"""

from iridescia.tui.games import plugin_for
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
    "plugin_for",
    "scripted_input",
    "stream_input",
]
