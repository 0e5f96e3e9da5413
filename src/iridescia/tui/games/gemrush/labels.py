"""How an action is listed for choosing: a sentence in the player's language.

``Walk north and build the door (EL+RH, 2 pts)``, ``Add G07 (FR+WS) to the payment``, ``Go to
Resonant Chamber (T12)``: the sentence says what the action does here. The player types its
number, or the action's canonical text (spec §9: ``walk N``, ``pay G07``, ``to T12``), which the
screens show beside each sentence (``Screen.action_texts``) and ``help`` explains.

The meaning is read from the view (the acting dwarf's room, the construction sites, the tiles,
the hands) and from the static catalogue; the action's text is the only thing read from the
action, so this module needs nothing of the rules package beyond its public data.
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


def _card_words(card: int) -> str:
    """``G07 (FR+WS)``: a card as sentences name it (the screen colours its gem codes)."""
    return f"{th.card_label(card)} ({th.card_gems_plain(card)})"


def _room_words(tile: int) -> str:
    return f"{th.room_name(tile)} ({th.tile_label(tile)})"


def _points(points: int, msgs: Messages) -> str:
    return msgs("gr.say.pts.one" if points == 1 else "gr.say.pts.other", n=points)


def _cost(cost: list[Any], points: int, msgs: Messages) -> str:
    """A door's price: ``EL+RH, 2 pts``, or the word for a free door."""
    if not cost:
        return msgs("gr.act.free_door")
    return msgs("gr.say.cost", cost=th.cost_plain(cost), points=_points(points, msgs))


def _dir(word: str, msgs: Messages) -> str:
    return msgs(f"gr.dir.{word.upper()}")


def _towards(word: str, msgs: Messages) -> str:
    """A direction of travel, as the language says it (``north``, ``vers l'est``, ``北へ``)."""
    return msgs(f"gr.say.towards.{word.upper()}")


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


def _effect_of(room: str, msgs: Messages) -> str:
    return msgs("gr.say.room", room=room, effect=room_steps_plain(room, msgs))


def _walk(words: list[str], view: View, msgs: Messages) -> str:
    room = _acting_room(view)
    d = words[1].upper()
    if room is None:
        return msgs("gr.say.walk", towards=_towards(d, msgs))
    site = _site(view, int(room["id"]), d)
    if site is not None:
        cost = _cost(site["cost"], int(site["points"]), msgs)
        return msgs("gr.say.walk_build", towards=_towards(d, msgs), cost=cost)
    _, dest = trace(tiles_by_position(view), room, d)
    if dest is None:
        return msgs("gr.say.walk", towards=_towards(d, msgs))
    return msgs("gr.say.walk_to", towards=_towards(d, msgs), room=_room_words(int(dest["id"])))


def _build(words: list[str], view: View, msgs: Messages) -> str:
    tile, d = _tile(words[1]), words[2].upper()
    site = _site(view, tile, d)
    cost = _cost(site["cost"], int(site["points"]), msgs) if site else "?"
    return msgs("gr.say.build", dir=_dir(d, msgs), room=_room_words(tile), cost=cost)


def _side_words(side: str, msgs: Messages) -> str:
    """A printed side (``wall``, ``tunnel``, ``free:0``, ``FR+OB:2``) in a word or two: a door
    as its cost and points, as the tiles show it."""
    if side == "wall":
        return msgs("gr.act.wall")
    if side == "tunnel":
        return msgs("gr.mine.tunnel")
    cost, _, points = side.partition(":")
    if cost == "free":
        return msgs("gr.door.free")
    return f"{cost} {points or 0}"


def _rotate(words: list[str], view: View, msgs: Messages) -> str:
    turning = th.turning(view)
    if turning is None or not words[1].isdigit():
        return msgs("gr.say.rotate_plain", n=words[1])
    r = int(words[1])
    sides = th.TILES[turning[0]]["sides"]
    shown = [
        msgs("gr.say.side", dir=msgs(f"gr.say.dir.{d}"),
             side=_side_words(str(sides[(code - r) % 4]), msgs))
        for code, d in enumerate("NESW")
    ]  # fmt: skip
    return msgs("gr.say.rotate", sides=" · ".join(shown))


def _door(words: list[str], view: View, msgs: Messages) -> str:
    tile, d = _tile(words[1]), _dir(words[2], msgs)
    kind = th.key(str((view.get("decision") or {}).get("kind", "")))
    key = f"gr.say.door.{kind}" if msgs.has(f"gr.say.door.{kind}") else "gr.say.door"
    return msgs(key, dir=d, room=_room_words(tile))


def _paid(view: View, msgs: Messages) -> str:
    chosen = (view.get("decision") or {}).get("chosen") or []
    if not chosen:
        return msgs("gr.say.paid_none")
    return msgs("gr.say.paid", cards=" ".join(th.card_label(int(c)) for c in chosen))


def _card_owner(view: View, card: int) -> int | None:
    for p in view["players"]:
        if card in (p.get("hand") or []) or card in p.get("known", []):
            return int(p["seat"])
    return None


def _burn(words: list[str], view: View, msgs: Messages) -> str:
    if words[1] == "deck":
        return msgs("gr.say.burn_deck")
    if words[1] == "seat":
        return msgs("gr.say.burn_seat", seat=msgs("gr.seat.short", n=int(words[2])))
    card = _card(words[1])
    owner = _card_owner(view, card)
    if owner is None:
        return msgs("gr.say.burn", card=_card_words(card))
    seat = msgs("gr.seat.short", n=owner + 1)
    return msgs("gr.say.burn_from", card=_card_words(card), seat=seat)


def _name(words: list[str], msgs: Messages) -> str:
    gems = [msgs("gr.say.gem", code=w.upper(), gem=msgs(f"gr.gem.{w.upper()}")) for w in words[1:]]
    if len(gems) == 1:
        return msgs("gr.say.name", gem=gems[0])
    return msgs("gr.say.name_two", first=gems[0], second=gems[1])


def _swap(words: list[str], view: View, msgs: Messages) -> str:
    seat = int(words[1]) - 1
    room = int(view["players"][seat]["room"])
    name = msgs("gr.seat.short", n=seat + 1)
    return msgs("gr.say.swap", seat=name, room=th.room_name(room))


def _use(view: View, msgs: Messages) -> str:
    room = _acting_room(view)
    return _effect_of(str(room["room"]), msgs) if room else msgs("gr.say.use")


def _copy(words: list[str], msgs: Messages) -> str:
    tile = _tile(words[1])
    effect = room_steps_plain(th.room_name(tile), msgs)
    return msgs("gr.say.copy", room=_room_words(tile), effect=effect)


_Say = Callable[[list[str], View, Messages], str]

_BY_VERB: dict[str, _Say] = {
    "walk": _walk,
    "use": lambda w, v, m: _use(v, m),
    "jump": lambda w, v, m: m("gr.say.jump", card=_card_words(_card(w[1]))),
    "build": _build,
    "end": lambda w, v, m: m("gr.say.end"),
    "pay": lambda w, v, m: m("gr.say.pay", card=_card_words(_card(w[1]))),
    "paid": lambda w, v, m: _paid(v, m),
    "rotate": _rotate,
    "to": lambda w, v, m: m("gr.say.to", room=_room_words(_tile(w[1]))),
    "door": _door,
    "draw": lambda w, v, m: m("gr.say.draw"),
    "room": lambda w, v, m: _use(v, m),
    "discard": lambda w, v, m: m("gr.say.discard", card=_card_words(_card(w[1]))),
    "done": lambda w, v, m: m("gr.say.done"),
    "keep": lambda w, v, m: m("gr.say.keep", card=_card_words(_card(w[1]))),
    "name": lambda w, v, m: _name(w, m),
    "copy": lambda w, v, m: _copy(w, m),
    "remove": lambda w, v, m: m("gr.say.remove", room=_room_words(_tile(w[1]))),
    "swap": _swap,
    "order": lambda w, v, m: m("gr.say.order", room=_room_words(_tile(w[1]))),
    "burn": _burn,
    "stop": lambda w, v, m: m("gr.say.stop"),
    "play": lambda w, v, m: m("gr.say.play_on"),
    "reopen": lambda w, v, m: m("gr.say.reopen", towards=_towards(w[1], m)),
}


def action_sentence(action: Action, view: View, msgs: Messages) -> str:
    """What the action does here, as a sentence ("" when this module cannot say)."""
    words = str(action).split()
    say = _BY_VERB.get(words[0]) if words else None
    if say is None:
        return ""
    try:
        return say(words, view, msgs)
    except (KeyError, IndexError, ValueError, TypeError):
        return ""  # a label is a help, never a reason to fail: the text stays typeable


def action_label(action: Action, view: View, msgs: Messages) -> str:
    """The sentence (``End your movement``), or the canonical text when there is none."""
    return action_sentence(action, view, msgs) or str(action)
