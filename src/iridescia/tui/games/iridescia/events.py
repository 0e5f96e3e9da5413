"""Gems of Iridescia's events as log sentences (the plug-in's ``describe``).

The engine emits events in data (``Event(kind, player, data)``); this module translates them at
display time through the catalogue. The generic terminal has already redacted each event for
its viewer (the game's event catalogue: another player's discarded objective comes without its
name) and left out those logs do not show; a describer per kind fills that kind's sentence.
Unknown event kinds still render (kind and data), so a new engine event never breaks the log.
Where the terminal's sentence differs from the browser's, its key is ``tui.ev.<kind>``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text

from iridescia.core.events import Event
from iridescia.games.iridescia import ITEMS
from iridescia.tui.games.iridescia import theme
from iridescia.tui.games.iridescia.words import Words

Describer = Callable[[Event, Words], str]


def _seat(e: Event, m: Words) -> str:
    return m.seat(e.player) if e.player >= 0 else m("table.name")


def _faces(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values)


def _market(e: Event, m: Words) -> str:
    d = e.data
    before, after = int(d["before"]), int(d["after"])
    crash = before == 6 and after == 1
    key = "tui.ev.market_crash" if crash else "tui.ev.market"
    return m(
        key,
        colour=m.colour(d["colour"]),
        before=before,
        after=after,
        reason=m.reason(str(d.get("reason", ""))),
    )


def _turn(e: Event, m: Words) -> str:
    kind = str(e.data.get("kind", "normal"))
    return m(f"tui.ev.turn.{kind}", number=e.data.get("number", "?"), seat=_seat(e, m))


def _castle(e: Event, m: Words) -> str:
    token = e.data.get("token")
    if not token:
        return m("ev.castle.none", seat=_seat(e, m))
    return m("ev.castle", seat=_seat(e, m), token=m(f"token.{token}"), points=e.data["points"])


def _objective(e: Event, m: Words) -> str:
    obj = e.data.get("objective")
    if not obj:
        return m("ev.objective_discarded.hidden", seat=_seat(e, m))
    objective = theme.objective_name(obj, m)
    return m("ev.objective_discarded", seat=_seat(e, m), objective=objective)


def _remove(e: Event, m: Words) -> str:
    tile = e.data.get("tile")
    if tile is None:
        return m("ev.remove.hidden", seat=_seat(e, m), hex=e.data["hex"])
    return m("tui.ev.remove", seat=_seat(e, m), tile=theme.tile_by_id(tile, m), hex=e.data["hex"])


def _reserve(e: Event, m: Words) -> str:
    source = m("ev.reserve.row") if e.data.get("from_row") else m("ev.reserve.deck")
    relic = theme.relic_name(e.data["relic"], m)
    return m("ev.reserve", seat=_seat(e, m), relic=relic, source=source)


def _market_refresh(e: Event, m: Words) -> str:
    names = [
        theme.item_name(ITEMS[k].key, m) if 0 <= k < len(ITEMS) else "-"
        for k in e.data.get("market", [])
    ]
    return m("ev.item_market_refresh", items=m.join(names))


def _mine(e: Event, m: Words) -> str:
    d = e.data
    return m(
        "tui.ev.mine",
        seat=_seat(e, m),
        colour=m.colour(d["colour"]),
        target=d["target"],
        stone=d.get("stone", 0),
        faces=_faces(d["faces"]),
        successes=d["successes"],
    )


def _simple(key: str) -> Describer:
    """A describer that fills ``key`` with the seat and the event's data as they are."""

    def describe(e: Event, m: Words) -> str:
        return m(key, seat=_seat(e, m), **e.data)

    return describe


def _gems(key: str) -> Describer:
    """Gains and returns: a count of one colour, with a reason."""

    def describe(e: Event, m: Words) -> str:
        d = e.data
        return m(
            key,
            seat=_seat(e, m),
            count=d.get("count", 0),
            colour=m.colour(d["colour"]),
            reason=m.reason(str(d.get("reason", ""))),
        )

    return describe


def _rhom_card(e: Event, m: Words) -> str:
    d = e.data
    icon = str(d["icon"])
    return m(
        "tui.ev.rhom_card",
        seat=_seat(e, m),
        card=d["card"],
        icon=m.get(f"icon.{icon}", icon),
        order=m.join(str(x) for x in d["reveal_order"]),
        vane=m.get(f"vane.{d['weathervane']}", str(d["weathervane"])),
    )


def _rhom_dice(e: Event, m: Words) -> str:
    reason = str(e.data.get("reason", ""))
    template = m.get(f"ev.rhom_dice.{reason}", m.get("ev.rhom_dice", ""))
    return template.format(seat=_seat(e, m), faces=_faces(e.data["faces"]), reason=reason)


def demand_text(demand: dict[str, int]) -> str:
    """``{"amethyst": 3, ...}`` as ``A3 C5 E2 S4``."""
    return " ".join(f"{theme.gem_letter(c)}{int(demand[c])}" for c in theme.GEMS if c in demand)


def _rhom_choice(e: Event, m: Words) -> str:
    d = e.data
    return m(
        "tui.ev.rhom_choice",
        seat=_seat(e, m),
        hex=d["hex"],
        reason=m.reason(str(d.get("reason", ""))),
        demand=demand_text(d["demand"]),
    )


def _rhom_merchant(e: Event, m: Words) -> str:
    d = e.data
    if not d.get("item"):
        return m("ev.rhom_merchant.none", seat=_seat(e, m))
    return m(
        "ev.rhom_merchant",
        seat=_seat(e, m),
        item=theme.item_name(str(d["item"]), m),
        slot=d["slot"],
        points=m.count("points", int(d["points"])),
    )


def _rhom_barricade(e: Event, m: Words) -> str:
    d = e.data
    if d.get("hex") is None:
        reason = m.reason(str(d.get("reason", "")))
        return m("ev.rhom_barricade.none", seat=_seat(e, m), reason=reason)
    return m(
        "tui.ev.rhom_barricade", seat=_seat(e, m), hex=d["hex"], row=d["row"], count=d["count"]
    )


_DESCRIBERS: dict[str, Describer] = {
    "setup": lambda e, m: m("ev.setup", players=e.data["players"], first=m.seat(e.data["first"])),
    "turn": _turn,
    "turn_skipped": _simple("ev.turn_skipped"),
    "blocked": lambda e, m: m(
        "ev.blocked", seat=_seat(e, m), where=theme.where_words(e.data["at"], m)
    ),
    "collect": lambda e, m: m(
        "tui.ev.collect",
        seat=_seat(e, m),
        tile=theme.tile_by_id(e.data["tile"], m),
        hex=e.data["hex"],
    ),
    "stone_returned": lambda e, m: m(
        "tui.ev.stone_returned", seat=_seat(e, m), count=m.count("stone", int(e.data["count"]))
    ),
    "market": _market,
    "castle": _castle,
    "game_over": lambda e, m: m("ev.game_over"),
    "extra_turn": _simple("ev.extra_turn"),
    "move": lambda e, m: m("ev.move", seat=_seat(e, m), hex=e.data["to"]),
    "reveal": lambda e, m: m(
        "ev.reveal", seat=_seat(e, m), hex=e.data["hex"], tile=theme.tile_by_id(e.data["tile"], m)
    ),
    "coins": lambda e, m: m(
        "tui.ev.coins",
        seat=_seat(e, m),
        count=m.count("coins", int(e.data["count"])),
        reason=m.reason(str(e.data.get("reason", ""))),
    ),
    "points": lambda e, m: m(
        "tui.ev.points",
        seat=_seat(e, m),
        count=m.count("points", int(e.data["count"])),
        reason=m.reason(str(e.data.get("reason", ""))),
    ),
    "stone_die": lambda e, m: m(
        "ev.stone_die" if e.data.get("got") else "ev.stone_die.none", seat=_seat(e, m)
    ),
    "iridia_stone": _simple("ev.iridia_stone"),
    "objective_discarded": _objective,
    "colour_chosen": lambda e, m: m(
        "ev.colour_chosen", seat=_seat(e, m), colour=m.colour(e.data["colour"])
    ),
    "tile_discarded": lambda e, m: m(
        "tui.ev.tile_discarded", seat=_seat(e, m), tile=theme.tile_by_id(e.data["tile"], m)
    ),
    "placed": _simple("ev.placed"),
    "give": lambda e, m: m(
        "ev.give", seat=_seat(e, m), colour=m.colour(e.data["colour"]), to=m.seat(e.data["to"])
    ),
    "end_actions": _simple("ev.end_actions"),
    "buy": lambda e, m: m(
        "tui.ev.buy",
        seat=_seat(e, m),
        item=theme.item_name(e.data["item"], m),
        cost=e.data["cost"],
        slot=e.data["slot"],
    ),
    "sell": lambda e, m: m(
        "tui.ev.sell",
        seat=_seat(e, m),
        count=e.data["count"],
        colour=m.colour(e.data["colour"]),
        coins=m.count("coins", int(e.data["coins"])),
    ),
    "restore": lambda e, m: m(
        "ev.restore",
        seat=_seat(e, m),
        relic=theme.relic_name(e.data["relic"], m),
        points=e.data["points"],
    ),
    "relic_dealt": lambda e, m: m("ev.relic_dealt", relic=theme.relic_name(e.data["relic"], m)),
    "remove": _remove,
    "gain": _gems("ev.gain"),
    "return": _gems("ev.return"),
    "supply_short": lambda e, m: m(
        "ev.supply_short",
        seat=_seat(e, m),
        missing=e.data["missing"],
        colour=m.colour(e.data["colour"]),
    ),
    "item_reshuffle": lambda e, m: m("ev.item_reshuffle", cards=e.data["cards"]),
    "item_market_refresh": _market_refresh,
    "play": lambda e, m: m("ev.play", seat=_seat(e, m), item=theme.item_name(e.data["item"], m)),
    "swap": lambda e, m: m(
        "tui.ev.swap",
        seat=_seat(e, m),
        other=m.seat(e.data["with_seat"]),
        where=theme.where_words(e.data["now_at"], m),
    ),
    "catapult": lambda e, m: m("ev.catapult", seat=_seat(e, m), hex=e.data["to"]),
    "well_nothing": _simple("ev.well_nothing"),
    "reserve": _reserve,
    "pickaxe": lambda e, m: m(
        "ev.pickaxe", seat=_seat(e, m), hex=e.data["hex"], colour=m.colour(e.data["colour"])
    ),
    "mine": _mine,
    "die": lambda e, m: m(
        "tui.ev.die",
        seat=_seat(e, m),
        die=e.data["die"],
        before=e.data["before"],
        after=e.data["after"],
        reason=m.reason(str(e.data["reason"])),
    ),
    "roll_locked": _simple("ev.roll_locked"),
    "well_roll": lambda e, m: m("ev.well_roll", seat=_seat(e, m), faces=_faces(e.data["faces"])),
    # The Rhom automa's steps (its whole turn is played by the engine).
    "rhom_card": _rhom_card,
    "rhom_dice": _rhom_dice,
    "rhom_choice": _rhom_choice,
    "rhom_overflow": lambda e, m: m(
        "ev.rhom_overflow",
        seat=_seat(e, m),
        count=e.data["count"],
        colour=m.colour(e.data["colour"]),
        points=m.count("points", int(e.data["points"])),
    ),
    "rhom_merchant": _rhom_merchant,
    "rhom_barricade": _rhom_barricade,
    "rhom_reshuffle": lambda e, m: m("ev.rhom_reshuffle", cards=e.data["cards"]),
    "rhom_stuck": _simple("ev.rhom_stuck"),
}


def describe(event: Event, msgs: Words) -> str:
    """One (already redacted) event as a sentence; never raises on odd data."""
    describer = _DESCRIBERS.get(event.kind)
    if describer is not None:
        try:
            return describer(event, msgs)
        except (KeyError, IndexError, TypeError, ValueError):
            pass  # fall through to the generic form
    data: dict[str, Any] = dict(event.data)
    return msgs("tui.ev.unknown", seat=_seat(event, msgs), kind=event.kind, data=data)


def event_text(event: Event, msgs: Words, num_players: int) -> Text:
    """The (already redacted) event as a log line, seat names in their colours, turns bold."""
    text = Text(describe(event, msgs))
    for seat in range(num_players):
        text.highlight_words([msgs.seat(seat)], theme.seat_style(seat, msgs.rhom))
    if event.kind == "turn":
        text.stylize("bold")
    return text


def rhom_steps(events: Sequence[Event], msgs: Words, num_players: int) -> list[Text]:
    """The steps of a Rhom turn as lines: a move onto the hex the line before chose is left
    out (the choice says it; the log keeps both)."""
    out = []
    chosen = None
    for event in events:
        if event.kind == "move" and event.data.get("to") == chosen:
            continue
        chosen = event.data.get("hex") if event.kind == "rhom_choice" else None
        out.append(event_text(event, msgs, num_players))
    return out
