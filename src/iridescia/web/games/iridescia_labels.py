"""Gems of Iridescia's action labels that read the state: what an action costs and yields now
(the tile on a hex, the coins of a sale, the target of a mining roll, an item's price), built
for each state message of the seat that acts from the view it gets (``STATE_LABELS``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from iridescia.core.game import View
from iridescia.web.games import iridescia_words as words
from iridescia.web.plugin import Text, msg

# ---------------------------------------------------------------- labels that read the state
# The table's labels say what an action is; these say what it costs and yields now (the tile
# on a hex, the coins of a sale, the target of a mining roll). They are built for each state
# message of the seat that acts, from the view it gets: a dict lookup or two per action (about
# 50 µs a state over a random 4-player game; the first call also builds the action table).

StateLabel = Callable[[list[str], View], Text | None]


def _cell(view: View, hex_number: int) -> dict[str, Any] | None:
    board = view.get("board") or ()
    if 0 < hex_number <= len(board) and board[hex_number - 1].get("hex") == hex_number:
        return cast(dict[str, Any], board[hex_number - 1])
    return next((c for c in board if c.get("hex") == hex_number), None)


def _hex_label(args: list[str], view: View, kind: str) -> Text | None:
    """A hex action with what lies there: the face-up tile, or the region of a face-down one."""
    number = int(args[0])
    cell = _cell(view, number)
    if cell is None or not cell.get("has_tile"):
        return None
    tile = cell.get("tile")
    if cell.get("face_up") and tile:
        key = f"act.{kind}.tile"
        return msg(key, hex=number, tile=words.tile(tile["id"])) if words.known(key) else None
    key = f"act.{kind}.face_down"
    region = msg(f"region.{cell.get('region')}")
    return msg(key, hex=number, region=region) if words.known(key) else None


def _buy_label(args: list[str], view: View) -> Text | None:
    slot = int(args[0])
    market = view.get("item_market") or ()
    key = market[slot - 1] if 0 < slot <= len(market) else None
    if not key:
        return None
    # The same item in two slots is one choice for the player: the labels are the same, so
    # the table shows one button.
    return msg("act.buy", item=words.item(key), cost=words.item_costs().get(key, "?"))


def _sell_label(args: list[str], view: View) -> Text | None:
    colour, count = args[0], int(args[1])
    value = (view.get("market") or {}).get(colour)
    if value is None:
        return None
    return msg(
        "act.sell_for",
        count=count,
        colour=words.colour(colour),
        coins=words.counted("coins", count * value),
    )


def _mine_label(args: list[str], view: View) -> Text | None:
    turn = view.get("turn") or {}
    params = view.get("params") or {}
    colour = turn.get("mining_colour")
    target = (view.get("market") or {}).get(colour)
    if colour is None or target is None:
        return None
    stones = int(args[0])
    dice = int(params.get("mining_dice", 2)) + int(turn.get("active_stone_dice") or 0) + stones
    parts: dict[str, Any] = {
        "colour": words.colour(colour),
        "cost": words.counted("coins", int(params.get("mining_cost", 3))),
        "target": target,
        "dice": words.counted("dice", dice),
        "gems": words.counted(
            "gems", 2 if turn.get("mine_cart") else 1
        ),  # the Mine Cart doubles them
    }
    if stones:
        return msg("act.mine_stone_at", stones=words.counted("stone", stones), **parts)
    return msg("act.mine_at", **parts)


def _face(view: View, target: str) -> int | None:
    """The face a die shows now: one of the latest roll (``roll:2``) or a market die."""
    kind, _, arg = target.partition(":")
    if kind == "market":
        return cast(int | None, (view.get("market") or {}).get(arg))
    roll = (view.get("turn") or {}).get("latest_roll") or {}
    return next((d["face"] for d in roll.get("dice") or () if d.get("die") == target), None)


def _die_label(args: list[str], view: View) -> Text | None:
    """Choosing a die says what it shows; changing it says what it will show (6 wraps to 1)."""
    face = _face(view, args[0])
    if face is None:
        return None
    if len(args) == 1:
        return msg("act.die_at", die=words.die(args[0]), face=face)
    after = (face - 1 + int(args[1])) % 6 + 1
    return msg("act.adjust_to", die=words.die(args[0]), before=face, after=after)


def _pick_label(args: list[str], view: View) -> Text | None:
    face = _face(view, args[0])
    return None if face is None else msg("act.pick_at", die=words.die(args[0]), face=face)


STATE_LABELS: dict[str, StateLabel] = {
    "buy": _buy_label,
    "die": _die_label,
    "pick": _pick_label,
    "sell": _sell_label,
    "mine": _mine_label,
    **{k: (lambda kind: lambda a, v: _hex_label(a, v, kind))(k)
       for k in ("reveal", "move", "land", "pickaxe", "remove")},
}  # fmt: skip
