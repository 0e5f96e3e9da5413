"""Gems of Iridescia in the browser, the server's side: how its events, actions and decisions
read, its final score table, the lobby's options and the card data the board is drawn with.

Everything here becomes messages (``web.plugin`` documents the format) translated in the
browser from the shared catalogue: ``ev.*`` for the log, ``act.*`` for actions, ``decision.*``
for prompts, and words by key (``colour.*``, ``item.*``, ``relic.*``, ``objective.*``,
``reason.*``...). The board and the panels are the browser plug-in
``static/games/gems-of-iridescia/``; each legal action says where it belongs on the table
(``at``): ``hex:23``, ``relic:5``, ``slot:2`` (item market), ``item:book`` (an item in your
hand), ``gem:emerald`` (your cargo), ``die:roll:1`` / ``die:market:emerald``, ``objective:7``.

The texts are the game's canonical action texts (``reveal 23``, ``give emerald 2``), read here
once per action of the table; the browser never reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, cast

from iridescia.core.actions import Action
from iridescia.core.events import Event
from iridescia.core.game import Decision, View
from iridescia.core.game import Game as AnyGame
from iridescia.games.iridescia import ACTIONS, GAME_NAME, ITEM_KEYS, Game, Heuristics, catalogue
from iridescia.games.iridescia import tile_json as _tile_json
from iridescia.web.games import iridescia_words as words
from iridescia.web.games.iridescia_labels import STATE_LABELS
from iridescia.web.games.iridescia_result import final_result
from iridescia.web.plugin import (
    LobbyOption,
    Text,
    Tutorial,
    action_json,
    listed,
    msg,
    seat_ref,
)

HEX_ACTIONS = ("reveal", "move", "place", "land", "pickaxe", "remove")
CARGO_ACTIONS = ("colour", "give", "return", "take", "sell")


# ---------------------------------------------------------------- events

Describer = Callable[[Event, Any, dict[str, Any]], Text]


def _turn(e: Event, who: Any, d: dict[str, Any]) -> Text:
    return msg(f"ev.turn.{d.get('kind') or 'normal'}", number=d["number"], seat=who)


def _market(e: Event, who: Any, d: dict[str, Any]) -> Text:
    crash = d["before"] == 6 and d["after"] == 1
    return msg(
        "ev.market_crash" if crash else "ev.market",
        colour=words.colour(d["colour"]),
        before=d["before"],
        after=d["after"],
        reason=words.reason(d.get("reason")),
    )


def _castle(e: Event, who: Any, d: dict[str, Any]) -> Text:
    if not d.get("token"):
        return msg("ev.castle.none", seat=who)
    return msg("ev.castle", seat=who, token=msg(f"token.{d['token']}"), points=d["points"])


def _objective(e: Event, who: Any, d: dict[str, Any]) -> Text:
    if not d.get("objective"):  # another seat's discarded objective is redacted away
        return msg("ev.objective_discarded.hidden", seat=who)
    return msg("ev.objective_discarded", seat=who, objective=msg(f"objective.{d['objective']}"))


def _remove(e: Event, who: Any, d: dict[str, Any]) -> Text:
    if d.get("tile") is None:
        return msg("ev.remove.hidden", seat=who, hex=d["hex"])
    return msg("ev.remove", seat=who, tile=words.tile(d["tile"]), hex=d["hex"])


def _amount(e: Event, who: Any, d: dict[str, Any]) -> Text:  # gain, return
    return msg(
        f"ev.{e.kind}",
        seat=who,
        count=d["count"],
        colour=words.colour(d["colour"]),
        reason=words.reason(d.get("reason")),
    )


def _refresh(e: Event, who: Any, d: dict[str, Any]) -> Text:
    names = [
        words.item(ITEM_KEYS[k]) if 0 <= k < len(ITEM_KEYS) else "–" for k in d.get("market", ())
    ]
    return msg("ev.item_market_refresh", items=listed(names))


def _rhom_dice(e: Event, who: Any, d: dict[str, Any]) -> Text:
    key = f"ev.rhom_dice.{d.get('reason')}"
    return msg(
        key if words.known(key) else "ev.rhom_dice",
        seat=who,
        faces=words.faces(d.get("faces")),
        reason=d.get("reason") or "",
    )


def _rhom_card(e: Event, who: Any, d: dict[str, Any]) -> Text:
    return msg(
        "ev.rhom_card",
        seat=who,
        card=d["card"],
        icon=msg(f"icon.{d['icon']}"),
        order=listed(msg(f"rhom.dir.{x}") for x in d.get("reveal_order") or ()),
        vane=msg(f"vane.{d['weathervane']}"),
    )


def _rhom_merchant(e: Event, who: Any, d: dict[str, Any]) -> Text:
    if not d.get("item"):
        return msg("ev.rhom_merchant.none", seat=who)
    return msg(
        "ev.rhom_merchant",
        seat=who,
        item=words.item(d["item"]),
        slot=d["slot"],
        points=words.counted("points", d["points"]),
    )


def _rhom_barricade(e: Event, who: Any, d: dict[str, Any]) -> Text:
    if d.get("hex") is None:
        return msg("ev.rhom_barricade.none", seat=who, reason=words.reason(d.get("reason")))
    return msg("ev.rhom_barricade", seat=who, hex=d["hex"])


def _plain(e: Event, who: Any, d: dict[str, Any]) -> Text:
    """Events whose template takes the seat and the event's own numbers as they are."""
    return msg(f"ev.{e.kind}", seat=who, **d)


def _row(
    key: str, **fields: Callable[[dict[str, Any]], Any]
) -> Callable[[Event, Any, dict[str, Any]], Text]:
    """A describer filling ``key`` with the seat and one argument per field."""

    def describe(e: Event, who: Any, d: dict[str, Any]) -> Text:
        return msg(key, seat=who, **{name: get(d) for name, get in fields.items()})

    return describe


def _get(name: str) -> Callable[[dict[str, Any]], Any]:
    return lambda d: d[name]


DESCRIBERS: dict[str, Describer] = {
    "setup": lambda e, who, d: msg("ev.setup", players=d["players"], first=seat_ref(d["first"])),
    "turn": _turn,
    "blocked": _row("ev.blocked", where=lambda d: words.where(d["at"])),
    "collect": _row("ev.collect", tile=lambda d: words.tile(d["tile"]), hex=_get("hex")),
    "market": _market,
    "castle": _castle,
    "move": _row("ev.move", hex=_get("to")),
    "reveal": _row("ev.reveal", hex=_get("hex"), tile=lambda d: words.tile(d["tile"])),
    "coins": _row("ev.coins", count=_get("count"), reason=lambda d: words.reason(d.get("reason"))),
    "points": _row("ev.points", count=_get("count"),
                   reason=lambda d: words.reason(d.get("reason"))),
    "stone_die": lambda e, who, d: msg("ev.stone_die" if d.get("got") else "ev.stone_die.none",
                                       seat=who),
    "objective_discarded": _objective,
    "colour_chosen": _row("ev.colour_chosen", colour=lambda d: words.colour(d["colour"])),
    "tile_discarded": _row("ev.tile_discarded", tile=lambda d: words.tile(d["tile"])),
    "give": _row("ev.give", colour=lambda d: words.colour(d["colour"]),
                 to=lambda d: seat_ref(d["to"])),
    "buy": _row("ev.buy", item=lambda d: words.item(d["item"]), cost=_get("cost")),
    "sell": _row("ev.sell", count=_get("count"), colour=lambda d: words.colour(d["colour"]),
                 coins=lambda d: words.counted("coins", d["coins"])),
    "restore": _row("ev.restore", relic=lambda d: msg(f"relic.{d['relic']}"),
                    points=_get("points")),
    "relic_dealt": lambda e, who, d: msg("ev.relic_dealt", relic=msg(f"relic.{d['relic']}")),
    "remove": _remove,
    "gain": _amount,
    "return": _amount,
    "supply_short": _row("ev.supply_short", missing=_get("missing"),
                         colour=lambda d: words.colour(d["colour"])),
    "item_market_refresh": _refresh,
    "play": _row("ev.play", item=lambda d: words.item(d["item"])),
    "swap": _row("ev.swap", other=lambda d: seat_ref(d["with_seat"]),
                 where=lambda d: words.where(d["now_at"])),
    "catapult": _row("ev.catapult", hex=_get("to")),
    "reserve": _row("ev.reserve", relic=lambda d: msg(f"relic.{d['relic']}"),
                    source=lambda d: msg("ev.reserve.row" if d.get("from_row")
                                         else "ev.reserve.deck")),
    "pickaxe": _row("ev.pickaxe", hex=_get("hex"), colour=lambda d: words.colour(d["colour"])),
    "mine": _row("ev.mine", colour=lambda d: words.colour(d["colour"]), target=_get("target"),
                 faces=lambda d: words.faces(d.get("faces")),
                 successes=lambda d: words.counted("successes", d["successes"])),
    "die": _row("ev.die", die=_get("die"), before=_get("before"), after=_get("after"),
                reason=lambda d: words.reason(d.get("reason"))),
    "well_roll": _row("ev.well_roll", faces=lambda d: words.faces(d.get("faces"))),
    "rhom_card": _rhom_card,
    "rhom_dice": _rhom_dice,
    "rhom_choice": _row("ev.rhom_choice", hex=_get("hex"),
                        reason=lambda d: words.reason(d.get("reason"))),
    "rhom_overflow": _row("ev.rhom_overflow", count=_get("count"),
                          colour=lambda d: words.colour(d["colour"]),
                          points=lambda d: words.counted("points", d["points"])),
    "rhom_merchant": _rhom_merchant,
    "rhom_barricade": _rhom_barricade,
    **{
        kind: _plain
        for kind in (
            "iridia_stone", "placed", "end_actions", "extra_turn", "well_nothing", "roll_locked",
            "rhom_stuck", "turn_skipped", "stone_returned", "game_over", "item_reshuffle",
            "rhom_reshuffle",
        )
    },
}  # fmt: skip


# ---------------------------------------------------------------- actions


def _label(text: str) -> tuple[Text, str | None]:
    """An action's label and where it belongs on the table, from its canonical text (``buy``
    names its slot here; the item in it is the state's: see ``labels``)."""
    k, a, b = (text.split(" ") + ["", ""])[:3]
    if k in HEX_ACTIONS:
        return msg(f"act.{k}", hex=int(a)), f"hex:{a}"
    if k == "discard" and a == "tile":  # only the gem of a collected tile still matters
        return msg("act.discard_gem_tile", gem=words.colour(_tile_json(int(b))["gem"])), None
    if k == "discard":
        return msg("act.discard_objective", objective=msg(f"objective.{b}")), f"objective:{b}"
    if k == "take" and a == "none":
        return msg("act.take_none"), None
    if k == "give":
        return msg("act.give", colour=words.colour(a), seat=seat_ref(int(b) - 1)), f"gem:{a}"
    if k == "sell":
        return msg("act.sell", count=int(b), colour=words.colour(a)), f"gem:{a}"
    if k in CARGO_ACTIONS:
        return msg(f"act.{k}", colour=words.colour(a)), f"gem:{a}"
    if k == "mine":
        return (msg("act.mine") if a == "0" else msg("act.mine_stone", n=int(a))), None
    if k == "play":
        return msg("act.play", item=words.item(a)), f"item:{a}"
    if k == "die" and b:
        return msg("act.adjust", die=words.die(a), delta=b), f"die:{a}"
    if k in ("die", "pick"):
        return msg(f"act.{k}", die=words.die(a)), f"die:{a}"
    if k == "libation":
        return msg(f"act.libation_{a}"), None
    if k in ("restore", "reserve"):  # the relic, what it costs and what it scores
        relic = words.relics()[int(a)]
        return msg(
            f"act.{k}_for",
            relic=msg(f"relic.{a}"),
            cost=words.gems(relic["cost"]),
            points=words.counted("points", relic["points"]),
        ), f"relic:{a}"
    if k == "swap":
        return msg("act.swap", seat=seat_ref(int(a) - 1)), None
    if k in ("roll", "end", "done"):
        return msg(f"act.{k}"), None
    if k == "buy":
        return msg("act.buy_slot", slot=int(a)), f"slot:{a}"
    return text, None


@cache
def _action_table() -> list[dict[str, Any]]:
    """Every action as the browser gets it, by action id (618 rows, built once)."""
    return [action_json(a, *_label(str(a))) for a in ACTIONS]


# ---------------------------------------------------------------- the plug-in


class IridesciaWeb:
    """Gems of Iridescia's web plug-in (``web.plugin.WebGame``)."""

    __slots__ = ()

    game = GAME_NAME
    board = True
    record_public_at_end = False  # discarded objectives stay secret for good (ruling D35)
    automa_kind = "rhom"
    lobby_options = (LobbyOption("catapult_for_fourth", "lobby.catapult", seats=(4, 4)),)
    keyed_lists: Mapping[str, str] = {"board": "hex"}
    # The tutorial's solo game: with seed 28 the first turn reveals, moves, mines two gems,
    # can buy an item and sell, and the second turn restores a relic (static/js/tutorial.js).
    tutorial = Tutorial("solo", 28)

    def client_data(self) -> dict[str, Any]:
        return catalogue()

    def describe_event(self, event: Event) -> Text:
        describe = DESCRIBERS.get(event.kind)
        who = words.who(event)
        if describe is not None:
            try:
                return describe(event, who, event.data)
            except (KeyError, TypeError, ValueError, IndexError):
                pass  # an event whose data this build does not know: still one line
        return msg("ev.unknown", seat=who, kind=event.kind)

    def heading(self, event: Event) -> bool:
        return event.kind == "turn"

    def action_table(self) -> list[dict[str, Any]]:
        return _action_table()

    def labels(self, view: View, actions: Sequence[Action]) -> dict[int, Text]:
        """What the actions cost and yield in this state (``STATE_LABELS``): a purchase names
        the item in its slot and its cost, a sale its coins, mining its cost, target and dice,
        a hex action the tile there. Other actions keep the table's label."""
        out: dict[int, Text] = {}
        table = _action_table()
        for a in actions:
            head, *args = table[a.id]["text"].split(" ")
            make = STATE_LABELS.get(head)
            if make is None:
                continue
            try:
                label = make(args, view)
            except (KeyError, TypeError, ValueError, IndexError):
                label = None  # a view this build does not know: the table's label
            if label is not None:
                out[a.id] = label
        return out

    def prompt(self, decision: Decision) -> Text:
        key = f"decision.{decision.kind}"
        return msg(key) if words.known(key) else decision.prompt

    def result(self, game: AnyGame) -> dict[str, Any]:
        """Each seat's points by source, places after the tie-breaks, the winners, what
        decided between the seats tied on points, every seat's objectives and the statistics
        of spec section 10 (see ``final_result``)."""
        return final_result(cast(Game, game))

    def turn(self, game: AnyGame) -> int | None:
        return _HEURISTICS.turn_index(cast(Game, game))


_HEURISTICS = Heuristics()
PLUGIN = IridesciaWeb()
