"""What the browser learns about the games once, at start (``GET /api/meta``).

``meta()`` lists every registered game with its metadata (``GameInfo.to_json()``: title, notice,
modes with their seat ranges, options), and what the web face adds: whether the browser has a
board for it, the seat kinds and bots the lobby offers, the options the lobby shows as
controls, the seat kind of its automa seats, whether it has a tutorial table (``"tutorial"``:
the plug-in's optional ``tutorial``), the terminal command that plays it, and (for a game with a
board) the public card data its browser plug-in draws with. The client's texts are
the shared catalogue of ``iridescia.i18n``, served per language at ``/i18n/<lang>.json``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from iridescia.bots import bot_names
from iridescia.core.game import GameSpec
from iridescia.games import DEFAULT_GAME, all_games
from iridescia.i18n import languages
from iridescia.web.games import plugin
from iridescia.web.tables import seat_kinds, terminal_command


def game_json(spec: GameSpec) -> dict[str, Any]:
    """One game as the lobby sees it."""
    web = plugin(spec.info.name)
    entry = spec.info.to_json()
    entry.update(
        board=web.board,
        seat_kinds=seat_kinds(spec),
        bots=bot_names(spec),
        automa_kind=web.automa_kind,
        lobby_options=[o.to_json() for o in web.lobby_options],
        tutorial=web.board and getattr(web, "tutorial", None) is not None,
        terminal=terminal_command(spec.info.name),
        data=web.client_data() if web.board else {},
    )
    return entry


@cache
def meta() -> dict[str, Any]:
    """The body of ``GET /api/meta`` (built once: it depends only on the installed games)."""
    return {
        "games": [game_json(spec) for spec in all_games()],
        "default_game": DEFAULT_GAME,
        "languages": languages(),
    }
