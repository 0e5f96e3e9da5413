"""A finished table's game record, for the browser's "Download the record":
``GET /api/tables/{id}/record`` with a seat's or the creator's token (``X-Iridescia-Token``).

The record is the one ``iridescia play`` saves and ``iridescia replay`` steps through: the game,
its rules version and data set, the seed, the options, who played each seat and every action
with the state hash after it, so a replay checks that it reaches the same states. It holds the
seed, so it shows everything the game kept hidden. Who may have it:

- only a finished game's (409 ``not_finished``), only for its players and creator (a private
  table is 404 to anyone else, as its replay is);
- a table whose every person played on the device that made it (solo, hot-seat, against bots:
  ``analysis.local_only``) keeps no secret from anyone at it: its record is theirs;
- a table with invited or joined players gets it only when its game keeps no secret once over
  (the plug-in's ``record_public_at_end``: Gem Rush shows every hand at the end, ruling
  GR-W1); Gems of Iridescia keeps the discarded objectives secret for good (ruling D35), so its
  record stays with the server (403 ``record_secret``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from iridescia.web.analysis import local_only
from iridescia.web.games import plugin
from iridescia.web.protocol import ProtocolError
from iridescia.web.seats import not_found
from iridescia.web.service import GameService


async def table_record(
    service: GameService, table_id: str, token: str | None
) -> tuple[str, dict[str, Any]]:
    """The file name and the JSON of a finished table's record for the holder of ``token``
    (see the module docstring for the refusals)."""
    slot = await service._slot(table_id)
    table = slot.table
    if token is None or not (table.is_creator(token) or table.seat_of_token(token) is not None):
        raise not_found()
    if not table.finished:
        raise ProtocolError("not_finished", "a game's record is given once the game is over")
    if not (local_only(table) or plugin(table.row.game).record_public_at_end):
        raise ProtocolError(
            "record_secret",
            "this game keeps secrets after its end (discarded objectives): its record is given "
            "only for games whose players all played on one device",
        )
    record = dataclasses.replace(
        table.game.record(),
        hashes=tuple(step.state_hash for step in table.steps),
        seats=tuple(s.kind for s in table.row.seats),
    )
    return f"{table.row.game}-{table_id}.json", record.to_json()
