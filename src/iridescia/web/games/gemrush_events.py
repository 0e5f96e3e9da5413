"""Gem Rush's log in the browser: one message per event (every kind of the package's
``EVENTS``), built from the terminal's ``gr.ev.*`` sentences so both faces say the same.

Events arrive redacted for their reader: a draw may carry its cards or only how many, a Scrying
Pool look its tiles or only their number. A describer never reads what redaction removed
(``describe`` falls back to one plain line for data it does not know, rather than failing).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from iridescia.core.events import Event
from iridescia.web.games import gemrush_words as words
from iridescia.web.plugin import Text, listed, msg, seat_ref

Describer = Callable[[Event, Any, dict[str, Any]], Text]


def _game_start(e: Event, who: Any, d: dict[str, Any]) -> Text:
    mode = msg(f"mode.gem-rush.{d.get('mode', 'crisis')}")
    first = seat_ref(int(d.get("first_player", 0)))
    line = msg("gr.ev.game_start", mode=mode, n=d.get("players", "?"), first=first)
    if d.get("target"):
        return msg("grw.two", first=line, second=msg("gr.ev.game_start.target", target=d["target"]))
    return line


def _hand_cards(key: str) -> Describer:
    """A deal or a draw: the cards for the seats that may see them, else how many."""

    def describe(e: Event, who: Any, d: dict[str, Any]) -> Text:
        seen = d.get("cards")
        n = int(d.get("count", len(seen) if seen is not None else 0))
        if seen:
            line = msg(f"{key}.cards", who=who, n=words.count_cards(n), cards=words.cards(seen))
        else:
            line = msg(key, who=who, n=words.count_cards(n))
        wanted = d.get("wanted")
        if isinstance(wanted, int) and wanted > n:
            return msg("grw.two", first=line, second=msg("gr.ev.short", wanted=wanted))
        return line

    return describe


def _construction(e: Event, who: Any, d: dict[str, Any]) -> Text:
    key = "gr.ev.construction.warped" if d.get("warped") else "gr.ev.construction"
    return msg(
        key,
        who=who,
        tile=words.tile(d.get("tile")),
        dir=words.direction(str(d.get("dir", "N"))),
        door=words.door(d.get("cost") or (), int(d.get("points", 0))),
    )


def _tile_placed(e: Event, who: Any, d: dict[str, Any]) -> Text:
    key = f"gr.ev.tile_placed.{d.get('purpose', '')}"
    if not words.known(key):
        key = "gr.ev.tile_placed.construction"
    return msg(key, tile=words.tile(d.get("tile")))


def _move(e: Event, who: Any, d: dict[str, Any]) -> Text:
    key = f"gr.ev.move.{str(d.get('how', 'walk')).replace(' ', '_')}"
    if not words.known(key):
        key = "gr.ev.move"
    return msg(key, who=who, room=words.tile(d.get("room")))


def _elevator(e: Event, who: Any, d: dict[str, Any]) -> Text:
    line = msg("gr.ev.elevator", tile=words.tile(d.get("tile")))
    riders = [seat_ref(int(s)) for s in d.get("dwarves") or ()]
    if not riders:
        return msg("grw.sentence", text=line)
    return msg("grw.two", first=line, second=msg("gr.ev.elevator.with", who=listed(riders)))


def _dig(e: Event, who: Any, d: dict[str, Any]) -> Text:
    turned = words.count_cards(len(d.get("cards") or ()))
    dug = list(d.get("dug") or ())
    if not dug:
        return msg("gr.ev.dig.none", who=who, n=turned)
    return msg("gr.ev.dig", who=who, cards=words.cards(dug), n=turned)


def _discard(e: Event, who: Any, d: dict[str, Any]) -> Text:
    line = msg("gr.ev.discard", who=who, cards=words.cards(list(d.get("cards") or ())))
    why = words.reason(d.get("reason"))
    return msg("grw.because", line=line, why=why) if why else msg("grw.sentence", text=line)


def _score(e: Event, who: Any, d: dict[str, Any]) -> Text:
    delta = int(d.get("delta", 0))
    line = msg("gr.ev.score", who=who, delta=f"{delta:+d}", total=d.get("total", "?"))
    bonus = int(d.get("bonus", 0) or 0)
    return msg("grw.two", first=line, second=msg("gr.ev.score.bonus", n=bonus)) if bonus else line


def _burn_hand(e: Event, who: Any, d: dict[str, Any]) -> Text:
    key = "gr.ev.burn_hand.random" if d.get("random") else "gr.ev.burn_hand"
    return msg(key, who=who, card=words.card(d.get("card")), owner=seat_ref(int(d["seat"])))


def _scry(key: str) -> Describer:
    def describe(e: Event, who: Any, d: dict[str, Any]) -> Text:
        seen = d.get("tiles")
        if seen is None:
            return msg(f"{key}.hidden", who=who, n=d.get("count", "?"))
        return msg(key, who=who, n=len(seen), tiles=words.tiles(seen))

    return describe


def _game_over(e: Event, who: Any, d: dict[str, Any]) -> Text:
    why = words.reason(d.get("reason"))
    if d.get("team_score") is not None:
        if d.get("target"):
            key = "gr.ev.game_over.won" if d.get("winners") else "gr.ev.game_over.lost"
            return msg(key, score=d["team_score"], target=d["target"], why=why)
        return msg("gr.ev.game_over.team", score=d["team_score"], why=why)
    winners = listed(seat_ref(int(s)) for s in d.get("winners") or ())
    return msg("gr.ev.game_over.rush", who=winners, why=why)


def _with(key: str, **fields: Callable[[dict[str, Any]], Any]) -> Describer:
    """A describer filling ``key`` with the acting seat (``who``) and one argument per field."""

    def describe(e: Event, who: Any, d: dict[str, Any]) -> Text:
        return msg(key, who=who, **{name: get(d) for name, get in fields.items()})

    return describe


def _tile_of(d: dict[str, Any]) -> Text:
    return words.tile(d.get("tile"))


def _dir_of(d: dict[str, Any]) -> Text:
    return words.direction(str(d.get("dir", "")))


def _cards_of(d: dict[str, Any]) -> Text:
    return words.cards(list(d.get("cards") or ()))


DESCRIBERS: dict[str, Describer] = {
    "game_start": _game_start,
    "deal": _hand_cards("gr.ev.deal"),
    "start_room": _with("gr.ev.start_room", tile=_tile_of),
    "turn": _with("gr.ev.turn", number=lambda d: d["number"], round=lambda d: d["round"]),
    "patience_skip": _with("gr.ev.patience_skip"),
    "turn_end": _with("gr.ev.turn_end"),
    "game_over": _game_over,
    "tile_drawn": _with("gr.ev.tile_drawn", tile=_tile_of, stack=lambda d: d.get("stack", "?")),
    "tile_placed": _tile_placed,
    "construction": _construction,
    "chain_stopped": _with("gr.ev.chain_stopped"),
    "mine_closed": _with("gr.ev.mine_closed"),
    "reopen": _with("gr.ev.reopen", tile=_tile_of, dir=_dir_of),
    "move": _move,
    "tile_removed": _with("gr.ev.tile_removed", tile=_tile_of),
    "elevator_door": _with("gr.ev.elevator_door", tile=_tile_of, dir=_dir_of),
    "elevator": _elevator,
    "time_vein": _with("gr.ev.time_vein", steps=lambda d: d.get("steps", "?")),
    "draw": _hand_cards("gr.ev.draw"),
    "reveal": _with("gr.ev.reveal", cards=_cards_of),
    "dig": _dig,
    "keep": _with("gr.ev.keep", cards=_cards_of),
    "take": _with("gr.ev.take", cards=_cards_of),
    "discard": _discard,
    "cleanup": _with("gr.ev.cleanup", n=lambda d: words.count_cards(len(d.get("cards") or ()))),
    "reshuffle": _with("gr.ev.reshuffle", n=lambda d: words.count_cards(int(d.get("cards", 0)))),
    "burn_deck": _with("gr.ev.burn_deck"),
    "burn_hand": _burn_hand,
    "score": _score,
    "effect": _with("gr.ev.effect", tile=_tile_of),
    "effect_end": _with("gr.ev.effect_end"),
    "copy": _with("gr.ev.copy", tile=_tile_of),
    "name": _with("gr.ev.name", gems=lambda d: words.gems(d.get("gems") or (), ", ")),
    "x_chosen": _with("gr.ev.x_chosen", x=lambda d: d.get("x", "?")),
    "patience": _with("gr.ev.patience"),
    "scry_look": _scry("gr.ev.scry_look"),
    "scry": _scry("gr.ev.scry"),
}


def describe(event: Event) -> Text:
    """``event`` as one line of the log (never fails: the log must go on)."""
    make = DESCRIBERS.get(event.kind)
    who = words.who(event)
    if make is not None:
        try:
            return make(event, who, dict(event.data))
        except (KeyError, TypeError, ValueError, IndexError):
            pass  # an event whose data this build does not know: still one line
    return msg("ev.unknown", seat=who, kind=event.kind)
