"""One line of the log per Gem Rush event (``games/gemrush/events.py`` lists the kinds).

The event arrives already redacted for the viewer, so a draw may carry its card ids or only
their number (``drew 2 cards``), and a Scrying Pool look may carry its tiles or only how many.
Every sentence is a template of the ``gr.ev.*`` keys; card ids come with their gem chips, seats
in their dwarf's colour, tiles with their room's name. A kind this module does not know (a new
kind added to the catalogue later) still gets a plain line rather than an error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from iridescia.core.events import Event
from iridescia.core.game import View
from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import theme as th

_Piece = Text | str


def fill(template: str, style: str = th.TEXT, **parts: _Piece) -> Text:
    """``template`` with ``{name}`` placeholders replaced by texts (kept with their styles)."""
    out = Text(style=style)
    rest = template
    while rest:
        start = rest.find("{")
        end = rest.find("}", start)
        if start < 0 or end < 0:
            out.append(rest)
            break
        out.append(rest[:start])
        key = rest[start + 1 : end]
        value = parts.get(key)
        if value is None:
            out.append(rest[start : end + 1])
        elif isinstance(value, Text):
            out.append_text(value)
        else:
            out.append(str(value))
        rest = rest[end + 1 :]
    return out


def _say(msgs: Messages, key: str, style: str = th.TEXT, **parts: _Piece) -> Text:
    return fill(msgs.get(key, key), style, **parts)


def _seat(e: Event, msgs: Messages) -> Text:
    return th.seat_short(e.player, msgs) if e.player >= 0 else Text(msgs("gr.ev.table"))


def _cards(cards: list[int], limit: int = 6) -> Text:
    out = th.cards_text(cards[:limit])
    if len(cards) > limit:
        out.append(f" +{len(cards) - limit}", style=th.DIM)
    return out


def _tile(tile: Any) -> Text:
    return th.tile_ref(int(tile)) if isinstance(tile, int) and tile > 0 else Text("?")


def _count(msgs: Messages, n: int) -> str:
    return msgs("gr.n.cards.one" if n == 1 else "gr.n.cards.other", n=n)


def _game_start(e: Event, v: View, m: Messages) -> Text:
    d = e.data
    mode = m(f"mode.gem-rush.{d.get('mode', 'crisis')}")
    line = _say(
        m, "gr.ev.game_start", mode=mode, n=str(d.get("players", "?")),
        first=th.seat_short(int(d.get("first_player", 0)), m),
    )  # fmt: skip
    target = d.get("target")
    if target:
        line.append(" " + m("gr.ev.game_start.target", target=target))
    return line


def _hand_cards(e: Event, m: Messages, key: str) -> Text:
    d = e.data
    cards = d.get("cards")
    n = int(d.get("count", len(cards) if cards is not None else 0))
    if cards:  # seen cards by name; none seen (an empty pile): "draws 0 cards"
        return _say(m, key + ".cards", who=_seat(e, m), n=_count(m, n), cards=_cards(cards))
    line = _say(m, key, who=_seat(e, m), n=_count(m, n))
    wanted = d.get("wanted")
    if isinstance(wanted, int) and wanted > n:
        line.append(" " + m("gr.ev.short", wanted=wanted), style=th.DIM)
    return line


def _draw(e: Event, v: View, m: Messages) -> Text:
    line = _hand_cards(e, m, "gr.ev.draw")
    d = e.data
    if d.get("cards") and int(d.get("wanted", 0)) > int(d.get("count", 0)):
        line.append(" " + m("gr.ev.short", wanted=d["wanted"]), style=th.DIM)
    return line


def _construction(e: Event, v: View, m: Messages) -> Text:
    d = e.data
    cost = list(d.get("cost", []))
    if cost:
        chips = th.gems_text(cost, "+")
        door = fill(
            m.get("gr.act.cost", "{cost}: {points}"), cost=chips, points=str(d.get("points", 0))
        )
    else:
        door = th.seg(m("gr.act.free_door"), "italic " + th.GOOD)
    key = "gr.ev.construction.warped" if d.get("warped") else "gr.ev.construction"
    return _say(
        m, key, who=_seat(e, m), tile=_tile(d.get("tile")),
        dir=m(f"gr.dir.{d.get('dir', 'N')}"), door=door,
    )  # fmt: skip


def _move(e: Event, v: View, m: Messages) -> Text:
    how = str(e.data.get("how", "walk")).replace(" ", "_")
    key = f"gr.ev.move.{how}"
    if not m.has(key):
        key = "gr.ev.move"
    return _say(m, key, who=_seat(e, m), room=_tile(e.data.get("room")))


def _discard(e: Event, v: View, m: Messages) -> Text:
    reason = str(e.data.get("reason", "")).replace(" ", "_")
    cards = list(e.data.get("cards", []))
    line = _say(m, "gr.ev.discard", who=_seat(e, m), cards=_cards(cards))
    if m.has(f"gr.reason.{reason}"):
        line.append(f" ({m(f'gr.reason.{reason}')})", style=th.DIM)
    return line


def _score(e: Event, v: View, m: Messages) -> Text:
    d = e.data
    delta = int(d.get("delta", 0))
    sign = th.seg(f"{delta:+d}", th.POINTS if delta >= 0 else "bold " + th.BAD)
    line = _say(m, "gr.ev.score", who=_seat(e, m), delta=sign, total=str(d.get("total", "?")))
    bonus = int(d.get("bonus", 0) or 0)
    if bonus:
        line.append(" " + m("gr.ev.score.bonus", n=bonus), style=th.DIM)
    return line


def _burn_hand(e: Event, v: View, m: Messages) -> Text:
    d = e.data
    key = "gr.ev.burn_hand.random" if d.get("random") else "gr.ev.burn_hand"
    return _say(
        m, key, who=_seat(e, m), card=th.card_text(int(d.get("card", 0))),
        owner=th.seat_short(int(d.get("seat", 0)), m), n=str(d.get("burnt", "?")),
    )  # fmt: skip


def _scry(e: Event, v: View, m: Messages, key: str) -> Text:
    tiles = e.data.get("tiles")
    if tiles is None:
        return _say(m, key + ".hidden", who=_seat(e, m), n=str(e.data.get("count", "?")))
    listed = th.join([th.seg(th.tile_label(int(t)), th.TEXT) for t in tiles], " ")
    return _say(m, key, who=_seat(e, m), tiles=listed, n=str(len(tiles)))


def _elevator(e: Event, v: View, m: Messages) -> Text:
    seats = [th.seat_short(int(s), m) for s in e.data.get("dwarves", [])]
    line = _say(m, "gr.ev.elevator", tile=_tile(e.data.get("tile")))
    if seats:
        line.append(" ")
        line.append_text(_say(m, "gr.ev.elevator.with", who=th.join(seats, ", ")))
    return line


def _game_over(e: Event, v: View, m: Messages) -> Text:
    d = e.data
    reason = str(d.get("reason", "")).replace(" ", "_")
    why = m(f"gr.end.{reason}") if m.has(f"gr.end.{reason}") else str(d.get("reason", ""))
    if d.get("team_score") is not None:
        target = d.get("target")
        if target:
            won = bool(d.get("winners"))
            key = "gr.ev.game_over.won" if won else "gr.ev.game_over.lost"
            return _say(m, key, "bold", score=str(d["team_score"]), target=str(target), why=why)
        return _say(m, "gr.ev.game_over.team", "bold", score=str(d["team_score"]), why=why)
    winners = th.join([th.seat_short(int(s), m) for s in d.get("winners", [])], ", ")
    return _say(m, "gr.ev.game_over.rush", "bold", who=winners, why=why)


def _simple(key: str, style: str = th.TEXT) -> Callable[[Event, View, Messages], Text]:
    """A sentence with the acting seat, and the event's tile, cards and numbers as they are."""

    def make(e: Event, v: View, m: Messages) -> Text:
        d = e.data
        parts: dict[str, _Piece] = {"who": _seat(e, m)}
        if "tile" in d:
            parts["tile"] = _tile(d["tile"])
        if "cards" in d and isinstance(d["cards"], list):
            parts["cards"] = _cards(list(d["cards"]))
            parts["n"] = _count(m, len(d["cards"]))
        if "dir" in d:
            parts["dir"] = m(f"gr.dir.{d['dir']}")
        for name in ("number", "round", "steps", "x", "stack", "burnt", "room"):
            if name in d and name not in parts:
                parts[name] = str(d[name])
        if "gems" in d:
            parts["gems"] = th.gems_text(d["gems"], " ")
        if "cards" in d and isinstance(d["cards"], int):
            parts["n"] = str(d["cards"])
        return _say(m, key, style, **parts)

    return make


def _dig(e: Event, v: View, m: Messages) -> Text:
    d = e.data
    turned = list(d.get("cards", []))
    dug = list(d.get("dug", []))
    if not dug:
        return _say(m, "gr.ev.dig.none", who=_seat(e, m), n=_count(m, len(turned)))
    return _say(m, "gr.ev.dig", who=_seat(e, m), cards=_cards(dug), n=_count(m, len(turned)))


def _turn(e: Event, v: View, m: Messages) -> Text:
    d = e.data
    line = th.seg("── ", th.FAINT)
    line.append_text(
        _say(m, "gr.ev.turn", "bold", who=_seat(e, m), number=str(d.get("number", "?")),
             round=str(d.get("round", "?")))
    )  # fmt: skip
    line.append(" ──", style=th.FAINT)
    return line


def _placed_key(e: Event, m: Messages) -> str:
    key = f"gr.ev.tile_placed.{th.key(str(e.data.get('purpose', '')))}"
    return key if m.has(key) else "gr.ev.tile_placed.construction"


_KINDS: dict[str, Callable[[Event, View, Messages], Text]] = {
    "game_start": _game_start,
    "deal": lambda e, v, m: _hand_cards(e, m, "gr.ev.deal"),
    "start_room": _simple("gr.ev.start_room"),
    "turn": _turn,
    "patience_skip": _simple("gr.ev.patience_skip"),
    "turn_end": _simple("gr.ev.turn_end", th.DIM),
    "game_over": _game_over,
    "tile_drawn": _simple("gr.ev.tile_drawn"),
    "tile_placed": lambda e, v, m: _simple(_placed_key(e, m))(e, v, m),
    "construction": _construction,
    "chain_stopped": _simple("gr.ev.chain_stopped"),
    "mine_closed": _simple("gr.ev.mine_closed"),
    "reopen": _simple("gr.ev.reopen"),
    "move": _move,
    "tile_removed": _simple("gr.ev.tile_removed"),
    "elevator_door": _simple("gr.ev.elevator_door"),
    "elevator": _elevator,
    "time_vein": _simple("gr.ev.time_vein"),
    "draw": _draw,
    "reveal": _simple("gr.ev.reveal"),
    "dig": _dig,
    "keep": _simple("gr.ev.keep"),
    "take": _simple("gr.ev.take"),
    "discard": _discard,
    "cleanup": _simple("gr.ev.cleanup", th.DIM),
    "reshuffle": _simple("gr.ev.reshuffle"),
    "burn_deck": _simple("gr.ev.burn_deck"),
    "burn_hand": _burn_hand,
    "score": _score,
    "effect": lambda e, v, m: _say(
        m, "gr.ev.effect", who=_seat(e, m), tile=_tile(e.data.get("tile"))
    ),
    "effect_end": _simple("gr.ev.effect_end", th.DIM),
    "copy": _simple("gr.ev.copy"),
    "name": _simple("gr.ev.name"),
    "x_chosen": _simple("gr.ev.x_chosen"),
    "patience": _simple("gr.ev.patience"),
    "scry_look": lambda e, v, m: _scry(e, v, m, "gr.ev.scry_look"),
    "scry": lambda e, v, m: _scry(e, v, m, "gr.ev.scry"),
}

KNOWN_KINDS = frozenset(_KINDS)


def describe(event: Event, view: View, msgs: Messages) -> Text:
    """One event as a line of the log (never raises on odd data: the log must go on)."""
    make = _KINDS.get(event.kind)
    if make is not None:
        try:
            line = make(event, view, msgs)
            line.no_wrap = True
            return line
        except (KeyError, IndexError, ValueError, TypeError):
            pass
    return Text(f"{event.kind} {event.data}", style=th.DIM, no_wrap=True)
