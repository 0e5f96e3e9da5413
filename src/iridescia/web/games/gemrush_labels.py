"""Gem Rush's action labels that read the state (``state_labels``): where a walk leads and
what its door costs, the price of a warped build, what each rotation of a tile shows, which
room the room action uses and what it does, which cards a payment adds up to, whose hand a
burnt card leaves, where a swapped dwarf stands.

Built for each state message of the seat that acts, from the view it gets (the same view the
browser draws): a few dict lookups per legal action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from iridescia.core.actions import Action
from iridescia.core.game import View
from iridescia.web.games import gemrush_words as words
from iridescia.web.plugin import Text, listed, msg, seat_ref

DIRS = "NESW"
STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}  # the package's grid: N is +y

StateLabel = Callable[[list[str], View], Text | None]


def _tiles(view: View) -> list[dict[str, Any]]:
    return list((view.get("mine") or {}).get("tiles") or ())


def _tile(view: View, tile_id: int) -> dict[str, Any] | None:
    return next((t for t in _tiles(view) if t.get("id") == tile_id), None)


def _acting_room(view: View) -> dict[str, Any] | None:
    seat = view.get("current_player")
    players = view.get("players") or ()
    if not isinstance(seat, int) or not 0 <= seat < len(players):
        return None
    return _tile(view, int(players[seat].get("room", 0)))


def _site(view: View, tile_id: int, d: str) -> dict[str, Any] | None:
    sites = (view.get("mine") or {}).get("sites") or ()
    return next((s for s in sites if s.get("tile") == tile_id and s.get("dir") == d), None)


def _effect(room_name: str) -> Text:
    key = f"gr.effect.{words.room_slug(room_name)}"
    return msg(key) if words.known(key) else msg("gr.op.none")


def _price(cost: Sequence[str], points: int) -> Text:
    if not cost:
        return msg("gr.act.free_door")
    return msg("gr.say.cost", cost=words.gems(cost), points=words.points(points))


def _walk(args: list[str], view: View) -> Text | None:
    """Where a walk leads: the room beyond the door, or a construction and its price."""
    d = args[0]
    here = _acting_room(view)
    if here is None:
        return None
    towards = msg(f"gr.say.towards.{d}")
    site = _site(view, int(here["id"]), d)
    if site is not None:
        return msg("gr.say.walk_build", towards=towards,
                   cost=_price(site.get("cost") or (), int(site.get("points", 0))))  # fmt: skip
    beyond = _walk_end(view, here, d)
    if beyond is None:
        return None
    return msg("gr.say.walk_to", towards=towards, room=words.tile(beyond["id"]))


OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


def _walk_end(view: View, here: dict[str, Any], d: str) -> dict[str, Any] | None:
    """The room a walk from ``here`` towards ``d`` ends in: through tunnels, each entered by
    one side and left by the side paired with it (None: no tile there, or a loop)."""
    at = {(int(t["x"]), int(t["y"])): t for t in _tiles(view)}
    x, y = int(here["x"]), int(here["y"])
    for _ in range(len(at)):
        dx, dy = STEP[d]
        x, y = x + dx, y + dy
        tile = at.get((x, y))
        if tile is None or tile.get("type") != "tunnel":
            return tile
        entry = OPPOSITE[d]
        pair = next((p for p in tile.get("pairs") or () if entry in p), None)
        if pair is None:
            return None
        d = pair.replace(entry, "", 1)
    return None


def _build(args: list[str], view: View) -> Text | None:
    tile_id, d = int(args[0][1:]), args[1]
    site = _site(view, tile_id, d)
    if site is None:
        return None
    return msg("gr.say.build", dir=words.direction(d), room=words.tile(tile_id),
               cost=_price(site.get("cost") or (), int(site.get("points", 0))))  # fmt: skip


def _printed_side(side: str) -> Text:
    if side == "wall":
        return msg("gr.act.wall")
    if ":" not in side:
        return msg("gr.type.tunnel")
    cost, _, points = side.partition(":")
    return _price([g for g in cost.split("+") if g and g != "free"], int(points))


def _rotate(args: list[str], view: View) -> Text | None:
    """What each side shows once the tile being placed is turned ``r`` quarter turns."""
    r = int(args[0])
    details = (view.get("decision") or {}).get("details") or {}
    tile_id = details.get("tile") or view.get("placing")
    row = words.tile_row(int(tile_id)) if isinstance(tile_id, int) else None
    if row is None:
        return None
    printed = list(row["sides"])
    shown = [
        msg("gr.say.side", dir=msg(f"gr.say.dir.{d}"), side=_printed_side(printed[(k - r) % 4]))
        for k, d in enumerate(DIRS)
    ]
    return msg("gr.say.rotate", sides=listed(shown, " · "))


def _room(args: list[str], view: View) -> Text | None:
    here = _acting_room(view)
    if here is None:
        return None
    return msg("gr.say.room", room=words.tile(here["id"]), effect=_effect(str(here["room"])))


def _copy(args: list[str], view: View) -> Text | None:
    tile_id = int(args[0][1:])
    name = words.tile_room(tile_id)
    return (
        None if name is None else msg("gr.say.copy", room=words.tile(tile_id), effect=_effect(name))
    )


def _paid(args: list[str], view: View) -> Text | None:
    chosen = (view.get("decision") or {}).get("chosen")
    if chosen is None:
        return None
    if not chosen:
        return msg("gr.say.paid_none")
    return msg("gr.say.paid", cards=words.cards(chosen))


def _burn(args: list[str], view: View) -> Text | None:
    """A card burnt from a hand names the hand, when it is not the burner's own."""
    if args[0] == "deck" or args[0] == "seat":
        return None
    card = int(args[0][1:])
    me = view.get("current_player")
    for p in view.get("players") or ():
        if p.get("seat") != me and card in (p.get("hand") or p.get("known") or ()):
            return msg("gr.say.burn_from", card=words.card(card), seat=seat_ref(int(p["seat"])))
    return None


def _swap(args: list[str], view: View) -> Text | None:
    seat = int(args[0]) - 1
    players = view.get("players") or ()
    if not 0 <= seat < len(players):
        return None
    room = int(players[seat].get("room", 0))
    return msg("gr.say.swap", seat=seat_ref(seat), room=words.tile(room))


def _door(args: list[str], view: View) -> Text | None:
    kind = str((view.get("decision") or {}).get("kind", "")).replace(" ", "_")
    key = f"gr.say.door.{kind}"
    if not words.known(key):
        return None
    return msg(key, dir=words.direction(args[1]), room=words.tile(int(args[0][1:])))


STATE_LABELS: dict[str, StateLabel] = {
    "walk": _walk,
    "build": _build,
    "rotate": _rotate,
    "room": _room,
    "copy": _copy,
    "paid": _paid,
    "burn": _burn,
    "swap": _swap,
    "door": _door,
}


def state_labels(
    view: View, actions: Sequence[Action], table: Sequence[dict[str, Any]]
) -> dict[int, Text]:
    """Labels of ``actions`` that depend on the state, by action id (the others keep the
    table's label; an action whose state this build cannot read keeps it too)."""
    out: dict[int, Text] = {}
    for a in actions:
        head, *args = str(table[a.id]["text"]).split(" ")
        make = STATE_LABELS.get(head)
        if make is None:
            continue
        try:
            label = make(args, view)
        except (KeyError, TypeError, ValueError, IndexError):
            label = None
        if label is not None:
            out[a.id] = label
    return out
