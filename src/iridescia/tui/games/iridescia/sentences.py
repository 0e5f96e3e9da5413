"""Actions of Gems of Iridescia as sentences in the player's language, for the numbered list.

The sentence templates are the catalogue's ``act.*`` keys, shared with the browser (which fills
the same templates in ``web/games/iridescia.py``); the terminal adds, in parentheses, what the
public table says about the action and a player would otherwise look up: the tile on a hex, the
coins a sale brings, the colour and target of a mining roll, the cost of an item. Players still
type either the number or the action's canonical text (``reveal 23``), which ``help`` and the
``a`` panel show next to each sentence.
"""

from __future__ import annotations

from typing import Any

from iridescia.core.game import View
from iridescia.tui.games.iridescia import theme
from iridescia.tui.games.iridescia.words import Words

HEX_ACTIONS = ("reveal", "move", "land", "place", "remove", "pickaxe")
PLAIN = ("roll", "end", "done", "take none")


def die_words(target: str, msgs: Words) -> str:
    """``roll:2`` -> "die 2 of the roll", ``market:emerald`` -> "emerald market die"."""
    kind, _, arg = target.partition(":")
    if kind == "roll":
        return msgs("die.roll", n=arg)
    return msgs("die.market", colour=msgs.colour(arg))


def _hex_note(view: View, hex_number: int, msgs: Words) -> str:
    board: list[dict[str, Any]] = view["board"]
    if not 1 <= hex_number <= len(board):
        return ""
    cell = board[hex_number - 1]
    if cell.get("face_up") and cell.get("tile"):
        return theme.tile_words(cell["tile"], msgs)
    return msgs("sentence.face_down") if cell.get("tile") else ""


def sentence(text: str, view: View, msgs: Words) -> str:
    """The action ``text`` (canonical) as a sentence, with a note from the public table."""
    words = text.split()
    head, args = words[0], words[1:]
    try:
        main, note = _sentence(head, args, text, view, msgs)
    except (IndexError, KeyError, ValueError, TypeError):
        return text  # a text this module does not know: shown as typed
    return f"{main} ({note})" if note else main


def _sentence(head: str, args: list[str], text: str, view: View, msgs: Words) -> tuple[str, str]:
    if head in HEX_ACTIONS:
        hex_number = int(args[0])
        return msgs(f"act.{head}", hex=hex_number), _hex_note(view, hex_number, msgs)
    if text in PLAIN:
        return msgs("act." + text.replace(" ", "_")), ""
    if head == "discard" and args[0] == "tile":
        return msgs("act.discard_tile", tile=theme.tile_by_id(int(args[1]), msgs)), ""
    if head == "discard":
        name = theme.objective_name(int(args[1]), msgs)
        return msgs("act.discard_objective", objective=name), ""
    if head == "give":
        seat = msgs.seat(int(args[1]) - 1)
        return msgs("act.give", colour=msgs.colour(args[0]), seat=seat), ""
    if head == "sell":
        count = int(args[1])
        coins = count * int(view["market"][args[0]])
        main = msgs("act.sell", count=count, colour=msgs.colour(args[0]))
        return main, msgs.count("coins", coins)
    if head in ("colour", "return", "take"):
        return msgs(f"act.{head}", colour=msgs.colour(args[0])), ""
    if head == "mine":
        colour = view["turn"]["mining_colour"]
        note = msgs("gloss.mine", colour=msgs.colour(colour), target=view["market"][colour])
        stone = int(args[0])
        main = msgs("act.mine") if stone == 0 else msgs("act.mine_stone", n=stone)
        return main, note
    if head == "buy":
        key = view["item_market"][int(args[0]) - 1]
        return msgs("act.buy", item=theme.item_name(key, msgs), cost=theme.item_cost(key)), ""
    if head == "play":
        return msgs("act.play", item=theme.item_name(args[0], msgs)), ""
    if head == "die" and len(args) == 2:
        return msgs("act.adjust", die=die_words(args[0], msgs), delta=args[1]), ""
    if head in ("die", "pick"):
        return msgs(f"act.{head}", die=die_words(args[0], msgs)), ""
    if head == "libation":
        return msgs(f"act.libation_{args[0]}"), ""
    if head in ("reserve", "restore"):
        return msgs(f"act.{head}", relic=theme.relic_name(int(args[0]), msgs)), ""
    if head == "swap":
        return msgs("act.swap", seat=msgs.seat(int(args[0]) - 1)), ""
    return text, ""
