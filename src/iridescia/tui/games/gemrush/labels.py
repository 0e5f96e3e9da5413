"""How an action is listed for choosing: its canonical text first, then what it means here.

``walk N → build (FR+OB: 2 pts)``, ``pay G07 (FR+WS)``, ``to T12 (Resonant Chamber)``: the label
always starts with the action's canonical text (spec §9), so what is shown can be typed as it
is. The meaning is read from the view (the acting dwarf's room, the construction sites, the
tiles, the hands) and from the static catalogue; the action's text is the only thing read from
the action, so this module needs nothing of the rules package beyond its public data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from iridescia.core.actions import Action
from iridescia.core.game import View
from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import theme as th
from iridescia.tui.games.gemrush.effects import room_steps_plain
from iridescia.tui.games.gemrush.mine import tiles_by_position, trace


def _card(word: str) -> int:
    return int(word[1:]) if len(word) > 1 and word[0] in "Gg" and word[1:].isdigit() else 0


def _tile(word: str) -> int:
    return int(word[1:]) if len(word) > 1 and word[0] in "Tt" and word[1:].isdigit() else 0


def _cost(cost: list[Any], points: int, msgs: Messages) -> str:
    if not cost:
        return msgs("gr.act.free_door")
    return msgs("gr.act.cost", cost=th.cost_plain(cost), points=points)


def _acting_room(view: View) -> dict[str, Any] | None:
    seat = view.get("current_player")
    if seat is None:
        return None
    room = int(view["players"][seat]["room"])
    return next((t for t in view["mine"]["tiles"] if int(t["id"]) == room), None)


def _site(view: View, tile: int, d: str) -> dict[str, Any] | None:
    for s in view["mine"]["sites"]:
        if int(s["tile"]) == tile and s["dir"] == d:
            site: dict[str, Any] = s
            return site
    return None


def _walk(words: list[str], view: View, msgs: Messages) -> str:
    room = _acting_room(view)
    if room is None or len(words) < 2:
        return ""
    d = words[1].upper()
    site = _site(view, int(room["id"]), d)
    if site is not None:
        return msgs("gr.act.walk_build", cost=_cost(site["cost"], int(site["points"]), msgs))
    _, dest = trace(tiles_by_position(view), room, d)
    if dest is None:
        return ""
    return msgs("gr.act.walk_room", room=dest["room"], tile=dest["label"])


def _build(words: list[str], view: View, msgs: Messages) -> str:
    site = _site(view, _tile(words[1]), words[2].upper()) if len(words) > 2 else None
    if site is None:
        return ""
    return msgs("gr.act.build", cost=_cost(site["cost"], int(site["points"]), msgs))


def _rotate(words: list[str], view: View, msgs: Messages) -> str:
    turning = th.turning(view)
    if turning is None or len(words) < 2 or not words[1].isdigit():
        return ""
    r = int(words[1])
    sides = th.TILES[turning[0]]["sides"]
    shown = []
    for d, code in (("N", 0), ("E", 1), ("S", 2), ("W", 3)):
        side = str(sides[(code - r) % 4])
        if side == "wall":
            text = msgs("gr.act.wall")
        elif side == "tunnel":
            text = msgs("gr.mine.tunnel")
        elif side.startswith("free"):
            text = msgs("gr.door.free")
        else:
            text = side
        shown.append(f"{d} {text}")
    return " · ".join(shown)


def _seat_room(view: View, seat: int, msgs: Messages) -> str:
    players = view["players"]
    name = msgs("gr.seat.short", n=seat + 1)
    if not 0 <= seat < len(players):
        return name
    room = int(players[seat]["room"])
    return msgs("gr.act.seat_in", seat=name, room=th.room_name(room))


def _card_owner(view: View, card: int) -> int | None:
    for p in view["players"]:
        if card in (p.get("hand") or []) or card in p.get("known", []):
            return int(p["seat"])
    return None


def _burn(words: list[str], view: View, msgs: Messages) -> str:
    if words[1] == "deck":
        return msgs("gr.act.burn_deck")
    if words[1] == "seat" and len(words) > 2 and words[2].isdigit():
        return msgs("gr.act.burn_seat", seat=msgs("gr.seat.short", n=int(words[2])))
    card = _card(words[1])
    owner = _card_owner(view, card)
    gems = th.card_gems_plain(card)
    if owner is None:
        return gems
    return msgs("gr.act.burn_card", gems=gems, seat=msgs("gr.seat.short", n=owner + 1))


def _room_of_acting(view: View, msgs: Messages) -> str:
    room = _acting_room(view)
    if room is None:
        return ""
    name = str(room["room"])
    return msgs("gr.act.room", room=name, effect=room_steps_plain(name, msgs))


def _names(words: list[str], msgs: Messages) -> str:
    return ", ".join(msgs(f"gr.gem.{w.upper()}") for w in words[1:])


def _tile_word(words: list[str]) -> str:
    return th.room_name(_tile(words[1])) if len(words) > 1 else ""


def _door(words: list[str], msgs: Messages) -> str:
    if len(words) < 3:
        return ""
    return msgs("gr.act.door", room=th.room_name(_tile(words[1])), dir=msgs(f"gr.dir.{words[2]}"))


def _chosen(view: View, msgs: Messages) -> str:
    decision = view.get("decision") or {}
    chosen = decision.get("chosen") or []
    if not chosen:
        return msgs("gr.act.paid_none")
    return msgs("gr.act.paid", cards=" ".join(th.card_label(c) for c in chosen))


_Explain = Callable[[list[str], View, Messages], str]

_BY_VERB: dict[str, _Explain] = {
    "walk": _walk,
    "use": lambda w, v, m: _room_of_acting(v, m),
    "jump": lambda w, v, m: m("gr.act.jump", gems=th.card_gems_plain(_card(w[1]))),
    "build": _build,
    "end": lambda w, v, m: m("gr.act.end"),
    "pay": lambda w, v, m: th.card_gems_plain(_card(w[1])),
    "paid": lambda w, v, m: _chosen(v, m),
    "rotate": _rotate,
    "to": lambda w, v, m: _tile_word(w),
    "door": lambda w, v, m: _door(w, m),
    "draw": lambda w, v, m: m("gr.act.draw"),
    "room": lambda w, v, m: _room_of_acting(v, m),
    "discard": lambda w, v, m: th.card_gems_plain(_card(w[1])),
    "done": lambda w, v, m: m("gr.act.done"),
    "keep": lambda w, v, m: th.card_gems_plain(_card(w[1])),
    "name": lambda w, v, m: _names(w, m),
    "copy": lambda w, v, m: _tile_word(w),
    "remove": lambda w, v, m: _tile_word(w),
    "swap": lambda w, v, m: _seat_room(v, int(w[1]) - 1, m) if w[1].isdigit() else "",
    "order": lambda w, v, m: _tile_word(w),
    "burn": _burn,
    "stop": lambda w, v, m: m("gr.act.stop"),
    "play": lambda w, v, m: m("gr.act.play_on"),
    "reopen": lambda w, v, m: m("gr.act.reopen", dir=m(f"gr.dir.{w[1].upper()}")),
}

# Verbs whose explanation is an outcome (``→``) rather than a description (in brackets).
_OUTCOMES = frozenset(
    {"walk", "use", "jump", "build", "end", "paid", "rotate", "draw", "room", "done", "stop",
     "play", "reopen", "swap"}
)  # fmt: skip


def action_label(action: Action, view: View, msgs: Messages) -> str:
    """The action's canonical text, then what it does here (``walk N → build (FR+OB: 2)``)."""
    text = str(action)
    words = text.split()
    if not words:
        return text
    explain = _BY_VERB.get(words[0])
    try:
        extra = explain(words, view, msgs) if explain is not None else ""
    except (KeyError, IndexError, ValueError, TypeError):
        extra = ""  # a label is a help, never a reason to fail: the text stays typeable
    if not extra:
        return text
    if words[0] == "burn" and words[1] in ("deck", "seat"):
        return f"{text} → {extra}"
    if words[0] in _OUTCOMES:
        return f"{text} → {extra}"
    return f"{text} ({extra})"
