"""Gems of Iridescia's words for the browser, as messages: colours, counts, tiles, places, dice,
items, reasons, and the card data the labels read (item costs, relics). Shared by the log lines
and prompts (``iridescia``) and the labels that read the state (``iridescia_labels``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from iridescia.core.events import Event
from iridescia.games.iridescia import catalogue
from iridescia.games.iridescia import tile_json as _tile_json
from iridescia.i18n import FALLBACK
from iridescia.i18n import catalogue as messages
from iridescia.web.plugin import Msg, Text, listed, msg, seat_ref


def known(key: str) -> bool:
    return key in messages(FALLBACK)


def colour(c: str) -> Msg:
    return msg(f"colour.{c}")


def counted(noun: str, n: int) -> Msg:
    """``n`` and a noun in the right number ("1 coin", "3 coins"): the ``n.<noun>`` forms."""
    return msg(f"n.{noun}", n=n)


def gems(cost: Mapping[str, int]) -> dict[str, Any]:
    """A relic's cost as a list of gems ("2 amethyst, 1 citrine")."""
    return listed(msg("gems.count", n=n, colour=colour(c)) for c, n in cost.items() if n)


def reason(r: str | None) -> Text:
    """A reason by key when the catalogue has it, else as the engine says it."""
    key = f"reason.{r}"
    return msg(key) if r and known(key) else (r or "")


def tile(tile_id: int | None) -> Text:
    if tile_id is None:
        return "?"
    t = _tile_json(tile_id)
    gem = colour(t["gem"])
    if not t["bonus"]:
        return msg("tile", gem=gem)
    return msg("tile.bonus", gem=gem, bonus=msg(f"bonus.{t['bonus']}", n=t["amount"]))


def where(at: int | str) -> Msg:
    if at in (0, "off"):
        return msg("where.off")
    if at in (-1, "castle"):
        return msg("where.castle")
    return msg("where.hex", hex=at)


def faces(faces: Sequence[int] | None) -> str:
    return " ".join(str(f) for f in faces or ())


def die(target: str) -> Msg:
    kind, _, arg = target.partition(":")
    if kind == "roll":
        return msg("die.roll", n=arg)
    return msg("die.market", colour=colour(arg))


def item(key: str) -> Msg:
    return msg(f"item.{key}")


def who(e: Event) -> Any:
    return seat_ref(e.player) if e.player >= 0 else msg("table.name")


@cache
def item_costs() -> dict[str, int]:
    return {it["key"]: it["cost"] for it in catalogue()["items"]}


@cache
def relics() -> dict[int, dict[str, Any]]:
    return {r["id"]: r for r in catalogue()["relics"]}
