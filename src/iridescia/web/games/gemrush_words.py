"""Gem Rush's words for the browser, as messages (``web.plugin`` documents the format): gems,
cards, room tiles, directions, seats and counts, read from the package's ``catalogue()``.

Shared by the log lines (``gemrush_events``), the action labels (``gemrush_labels``) and the
plug-in (``gemrush``). Names come from the shared catalogue: gems ``gr.gem.<CODE>``, rooms
``gr.room.<slug>`` (``room_slug``), directions ``gr.dir.<D>``; the few sentences only the web
says are ``grw.*`` (``i18n/*/web-gemrush.json``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from iridescia.core.events import Event
from iridescia.games.gemrush import GEM_CODES, catalogue
from iridescia.i18n import FALLBACK
from iridescia.i18n import catalogue as messages
from iridescia.web.plugin import Msg, Text, listed, msg, seat_ref

_NOT_A_LETTER = re.compile(r"[^a-z]")


def known(key: str) -> bool:
    return key in messages(FALLBACK)


def room_slug(name: str) -> str:
    """The key part naming a room: lower case, every non-letter an underscore
    (``Auric Fountain`` -> ``auric_fountain``); the browser's ``slug`` does the same."""
    return _NOT_A_LETTER.sub("_", name.lower())


def room(name: str) -> Text:
    """A room by name, translated; a name the catalogue lacks is shown as it is."""
    key = f"gr.room.{room_slug(name)}"
    return msg(key) if known(key) else name


def gem(code: str | int) -> Text:
    """A gem by code (``FR``) or by index (construction events carry indexes)."""
    if isinstance(code, int):
        code = GEM_CODES[code] if 0 <= code < len(GEM_CODES) else "?"
    key = f"gr.gem.{code}"
    return msg(key) if known(key) else str(code)


def gems(codes: Iterable[str | int], sep: str = " + ") -> dict[str, Any]:
    return listed((gem(c) for c in codes), sep)


def direction(d: str) -> Text:
    key = f"gr.dir.{d}"
    return msg(key) if known(key) else d


def who(e: Event) -> Any:
    """The seat that acts in ``e``, or the table for setup and the end."""
    return seat_ref(e.player) if e.player >= 0 else msg("gr.ev.table")


def count_cards(n: int) -> Msg:
    return msg("gr.n.cards", n=n)


def points(n: int) -> Msg:
    return msg("gr.say.pts", n=n)


@cache
def _cards() -> dict[int, dict[str, Any]]:
    return {int(c["id"]): c for c in catalogue()["cards"]}


@cache
def _tiles() -> dict[int, dict[str, Any]]:
    return {int(t["id"]): t for t in catalogue()["tiles"]}


def card_gems(card_id: int) -> list[str]:
    row = _cards().get(card_id)
    return list(row["gems"]) if row else []


def card_label(card_id: int) -> str:
    return f"G{card_id:02d}"


def tile_label(tile_id: int) -> str:
    return f"T{tile_id:02d}"


def tile_room(tile_id: int) -> str | None:
    row = _tiles().get(tile_id)
    return str(row["room"]) if row else None


def card(card_id: Any) -> Text:
    """A card with its gems: "G07 (Fire Ruby / Electrum)"."""
    if not isinstance(card_id, int) or card_id not in _cards():
        return "?"
    return msg("grw.card", label=card_label(card_id), gems=gems(card_gems(card_id), " / "))


def cards(card_ids: Sequence[Any], limit: int = 8) -> Text:
    """Cards one after another; past ``limit``, how many more (a dig may turn 40)."""
    shown: list[Any] = [card(c) for c in card_ids[:limit]]
    if len(card_ids) > limit:
        shown.append(msg("gr.decision.more", n=len(card_ids) - limit))
    return listed(shown)


def tile(tile_id: Any) -> Text:
    """A room tile with its room: "T12 Auric Fountain"."""
    name = tile_room(tile_id) if isinstance(tile_id, int) else None
    if name is None:
        return "?"
    return msg("grw.tile", label=tile_label(tile_id), room=room(name))


def tiles(tile_ids: Sequence[Any]) -> dict[str, Any]:
    return listed(tile(t) for t in tile_ids)


def door(cost: Sequence[str | int], pts: int) -> Text:
    """A door's price: its gems and points, or "free door"."""
    if not cost:
        return msg("gr.act.free_door")
    return msg("grw.door", cost=gems(cost), points=points(pts))


def reason(r: Any) -> Text:
    """Why a game ended or cards were discarded, by key when the catalogue has it."""
    text = str(r or "").replace(" ", "_")
    for prefix in ("gr.end.", "gr.reason."):
        if known(prefix + text):
            return msg(prefix + text)
    return str(r or "")


def tile_row(tile_id: int) -> dict[str, Any] | None:
    """A tile's printed data (``catalogue()["tiles"]``): room, sides, tunnel pairs."""
    return _tiles().get(tile_id)
