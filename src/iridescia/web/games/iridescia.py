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
from iridescia.i18n import FALLBACK
from iridescia.i18n import catalogue as messages
from iridescia.web.plugin import (
    LobbyOption,
    Msg,
    Text,
    Tutorial,
    action_json,
    listed,
    msg,
    seat_ref,
)

HEX_ACTIONS = ("reveal", "move", "place", "land", "pickaxe", "remove")
CARGO_ACTIONS = ("colour", "give", "return", "take", "sell")


def _known(key: str) -> bool:
    return key in messages(FALLBACK)


# ---------------------------------------------------------------- words


def _colour(c: str) -> Msg:
    return msg(f"colour.{c}")


def _n(noun: str, n: int) -> Msg:
    """``n`` and a noun in the right number ("1 coin", "3 coins"): the ``n.<noun>`` forms."""
    return msg(f"n.{noun}", n=n)


def _gems(cost: Mapping[str, int]) -> dict[str, Any]:
    """A relic's cost as a list of gems ("2 amethyst, 1 citrine")."""
    return listed(msg("gems.count", n=n, colour=_colour(c)) for c, n in cost.items() if n)


def _reason(r: str | None) -> Text:
    """A reason by key when the catalogue has it, else as the engine says it."""
    key = f"reason.{r}"
    return msg(key) if r and _known(key) else (r or "")


def _tile(tile_id: int | None) -> Text:
    if tile_id is None:
        return "?"
    t = _tile_json(tile_id)
    gem = _colour(t["gem"])
    if not t["bonus"]:
        return msg("tile", gem=gem)
    return msg("tile.bonus", gem=gem, bonus=msg(f"bonus.{t['bonus']}", n=t["amount"]))


def _where(at: int | str) -> Msg:
    if at in (0, "off"):
        return msg("where.off")
    if at in (-1, "castle"):
        return msg("where.castle")
    return msg("where.hex", hex=at)


def _faces(faces: Sequence[int] | None) -> str:
    return " ".join(str(f) for f in faces or ())


def _die(target: str) -> Msg:
    kind, _, arg = target.partition(":")
    if kind == "roll":
        return msg("die.roll", n=arg)
    return msg("die.market", colour=_colour(arg))


def _item(key: str) -> Msg:
    return msg(f"item.{key}")


def _who(e: Event) -> Any:
    return seat_ref(e.player) if e.player >= 0 else msg("table.name")


# ---------------------------------------------------------------- events

Describer = Callable[[Event, Any, dict[str, Any]], Text]


def _turn(e: Event, who: Any, d: dict[str, Any]) -> Text:
    return msg(f"ev.turn.{d.get('kind') or 'normal'}", number=d["number"], seat=who)


def _market(e: Event, who: Any, d: dict[str, Any]) -> Text:
    crash = d["before"] == 6 and d["after"] == 1
    return msg(
        "ev.market_crash" if crash else "ev.market",
        colour=_colour(d["colour"]),
        before=d["before"],
        after=d["after"],
        reason=_reason(d.get("reason")),
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
    return msg("ev.remove", seat=who, tile=_tile(d["tile"]), hex=d["hex"])


def _amount(e: Event, who: Any, d: dict[str, Any]) -> Text:  # gain, return
    return msg(
        f"ev.{e.kind}",
        seat=who,
        count=d["count"],
        colour=_colour(d["colour"]),
        reason=_reason(d.get("reason")),
    )


def _refresh(e: Event, who: Any, d: dict[str, Any]) -> Text:
    names = [_item(ITEM_KEYS[k]) if 0 <= k < len(ITEM_KEYS) else "–" for k in d.get("market", ())]
    return msg("ev.item_market_refresh", items=listed(names))


def _rhom_dice(e: Event, who: Any, d: dict[str, Any]) -> Text:
    key = f"ev.rhom_dice.{d.get('reason')}"
    return msg(
        key if _known(key) else "ev.rhom_dice",
        seat=who,
        faces=_faces(d.get("faces")),
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
        item=_item(d["item"]),
        slot=d["slot"],
        points=_n("points", d["points"]),
    )


def _rhom_barricade(e: Event, who: Any, d: dict[str, Any]) -> Text:
    if d.get("hex") is None:
        return msg("ev.rhom_barricade.none", seat=who, reason=_reason(d.get("reason")))
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
    "blocked": _row("ev.blocked", where=lambda d: _where(d["at"])),
    "collect": _row("ev.collect", tile=lambda d: _tile(d["tile"]), hex=_get("hex")),
    "market": _market,
    "castle": _castle,
    "move": _row("ev.move", hex=_get("to")),
    "reveal": _row("ev.reveal", hex=_get("hex"), tile=lambda d: _tile(d["tile"])),
    "coins": _row("ev.coins", count=_get("count"), reason=lambda d: _reason(d.get("reason"))),
    "points": _row("ev.points", count=_get("count"), reason=lambda d: _reason(d.get("reason"))),
    "stone_die": lambda e, who, d: msg("ev.stone_die" if d.get("got") else "ev.stone_die.none",
                                       seat=who),
    "objective_discarded": _objective,
    "colour_chosen": _row("ev.colour_chosen", colour=lambda d: _colour(d["colour"])),
    "tile_discarded": _row("ev.tile_discarded", tile=lambda d: _tile(d["tile"])),
    "give": _row("ev.give", colour=lambda d: _colour(d["colour"]), to=lambda d: seat_ref(d["to"])),
    "buy": _row("ev.buy", item=lambda d: _item(d["item"]), cost=_get("cost")),
    "sell": _row("ev.sell", count=_get("count"), colour=lambda d: _colour(d["colour"]),
                 coins=lambda d: _n("coins", d["coins"])),
    "restore": _row("ev.restore", relic=lambda d: msg(f"relic.{d['relic']}"),
                    points=_get("points")),
    "relic_dealt": lambda e, who, d: msg("ev.relic_dealt", relic=msg(f"relic.{d['relic']}")),
    "remove": _remove,
    "gain": _amount,
    "return": _amount,
    "supply_short": _row("ev.supply_short", missing=_get("missing"),
                         colour=lambda d: _colour(d["colour"])),
    "item_market_refresh": _refresh,
    "play": _row("ev.play", item=lambda d: _item(d["item"])),
    "swap": _row("ev.swap", other=lambda d: seat_ref(d["with_seat"]),
                 where=lambda d: _where(d["now_at"])),
    "catapult": _row("ev.catapult", hex=_get("to")),
    "reserve": _row("ev.reserve", relic=lambda d: msg(f"relic.{d['relic']}"),
                    source=lambda d: msg("ev.reserve.row" if d.get("from_row")
                                         else "ev.reserve.deck")),
    "pickaxe": _row("ev.pickaxe", hex=_get("hex"), colour=lambda d: _colour(d["colour"])),
    "mine": _row("ev.mine", colour=lambda d: _colour(d["colour"]), target=_get("target"),
                 faces=lambda d: _faces(d.get("faces")),
                 successes=lambda d: _n("successes", d["successes"])),
    "die": _row("ev.die", die=_get("die"), before=_get("before"), after=_get("after"),
                reason=lambda d: _reason(d.get("reason"))),
    "well_roll": _row("ev.well_roll", faces=lambda d: _faces(d.get("faces"))),
    "rhom_card": _rhom_card,
    "rhom_dice": _rhom_dice,
    "rhom_choice": _row("ev.rhom_choice", hex=_get("hex"),
                        reason=lambda d: _reason(d.get("reason"))),
    "rhom_overflow": _row("ev.rhom_overflow", count=_get("count"),
                          colour=lambda d: _colour(d["colour"]),
                          points=lambda d: _n("points", d["points"])),
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
        return msg("act.discard_gem_tile", gem=_colour(_tile_json(int(b))["gem"])), None
    if k == "discard":
        return msg("act.discard_objective", objective=msg(f"objective.{b}")), f"objective:{b}"
    if k == "take" and a == "none":
        return msg("act.take_none"), None
    if k == "give":
        return msg("act.give", colour=_colour(a), seat=seat_ref(int(b) - 1)), f"gem:{a}"
    if k == "sell":
        return msg("act.sell", count=int(b), colour=_colour(a)), f"gem:{a}"
    if k in CARGO_ACTIONS:
        return msg(f"act.{k}", colour=_colour(a)), f"gem:{a}"
    if k == "mine":
        return (msg("act.mine") if a == "0" else msg("act.mine_stone", n=int(a))), None
    if k == "play":
        return msg("act.play", item=_item(a)), f"item:{a}"
    if k == "die" and b:
        return msg("act.adjust", die=_die(a), delta=b), f"die:{a}"
    if k in ("die", "pick"):
        return msg(f"act.{k}", die=_die(a)), f"die:{a}"
    if k == "libation":
        return msg(f"act.libation_{a}"), None
    if k == "restore":
        relic = _relics()[int(a)]
        return msg(
            "act.restore_for",
            relic=msg(f"relic.{a}"),
            cost=_gems(relic["cost"]),
            points=_n("points", relic["points"]),
        ), f"relic:{a}"
    if k == "reserve":
        relic = _relics()[int(a)]
        return msg(
            "act.reserve_for",
            relic=msg(f"relic.{a}"),
            cost=_gems(relic["cost"]),
            points=_n("points", relic["points"]),
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


@cache
def _item_costs() -> dict[str, int]:
    return {it["key"]: it["cost"] for it in catalogue()["items"]}


@cache
def _relics() -> dict[int, dict[str, Any]]:
    return {r["id"]: r for r in catalogue()["relics"]}


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
        return msg(key, hex=number, tile=_tile(tile["id"])) if _known(key) else None
    key = f"act.{kind}.face_down"
    region = msg(f"region.{cell.get('region')}")
    return msg(key, hex=number, region=region) if _known(key) else None


def _buy_label(args: list[str], view: View) -> Text | None:
    slot = int(args[0])
    market = view.get("item_market") or ()
    key = market[slot - 1] if 0 < slot <= len(market) else None
    if not key:
        return None
    # The same item in two slots is one choice for the player: the labels are the same, so
    # the table shows one button.
    return msg("act.buy", item=_item(key), cost=_item_costs().get(key, "?"))


def _sell_label(args: list[str], view: View) -> Text | None:
    colour, count = args[0], int(args[1])
    value = (view.get("market") or {}).get(colour)
    if value is None:
        return None
    return msg(
        "act.sell_for", count=count, colour=_colour(colour), coins=_n("coins", count * value)
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
    words: dict[str, Any] = {
        "colour": _colour(colour),
        "cost": _n("coins", int(params.get("mining_cost", 3))),
        "target": target,
        "dice": _n("dice", dice),
        "gems": _n("gems", 2 if turn.get("mine_cart") else 1),  # the Mine Cart doubles them
    }
    if stones:
        return msg("act.mine_stone_at", stones=_n("stone", stones), **words)
    return msg("act.mine_at", **words)


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
        return msg("act.die_at", die=_die(args[0]), face=face)
    after = (face - 1 + int(args[1])) % 6 + 1
    return msg("act.adjust_to", die=_die(args[0]), before=face, after=after)


def _pick_label(args: list[str], view: View) -> Text | None:
    face = _face(view, args[0])
    return None if face is None else msg("act.pick_at", die=_die(args[0]), face=face)


STATE_LABELS: dict[str, StateLabel] = {
    "buy": _buy_label,
    "die": _die_label,
    "pick": _pick_label,
    "sell": _sell_label,
    "mine": _mine_label,
    **{k: (lambda kind: lambda a, v: _hex_label(a, v, kind))(k)
       for k in ("reveal", "move", "land", "pickaxe", "remove")},
}  # fmt: skip


# ---------------------------------------------------------------- the plug-in


class IridesciaWeb:
    """Gems of Iridescia's web plug-in (``web.plugin.WebGame``)."""

    __slots__ = ()

    game = GAME_NAME
    board = True
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
        who = _who(event)
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
        return msg(key) if _known(key) else decision.prompt

    def result(self, game: AnyGame) -> dict[str, Any]:
        """Each seat's points by source, places after the tie-breaks, the winners, what
        decided between the seats tied on points, every seat's objectives and the statistics
        of spec section 10 (see ``final_result``)."""
        return final_result(cast(Game, game))

    def turn(self, game: AnyGame) -> int | None:
        return _HEURISTICS.turn_index(cast(Game, game))


# ---------------------------------------------------------------- the end of the game

TOKEN_BY_RANK = {2: "throne", 3: "scepter", 4: "banner"}


def final_result(g: Game) -> dict[str, Any]:
    """The end of a game, as every seat and spectator sees it (stored with the table).

    Objectives: a seat's kept objective is scored at the end, so once the game is over it is
    revealed to everyone with whether it was met (``objectives``: per seat, the objectives
    still held and the one scored). A discarded objective stays secret (R12: "hidden from
    others"; final scoring never needs it). ``tiebreak``: per seat, what R33 compares after the
    total (the Iridia Stone, the royalty token), and ``decided_by``: ``"points"`` (one seat
    had the most), ``"iridia_stone"`` or ``"token"`` (the tie-break that separated the seats
    tied on points), ``"shared"`` (still tied: the place is shared)."""
    tallies = g.tallies()
    scores = g.scores()
    winners = g.winners()
    totals = [s.total for s in scores]
    tied = [i for i, total in enumerate(totals) if total == max(totals)]
    return {
        "scores": [s.as_dict() for s in scores],
        "ranking": g.ranking(),
        "winners": winners,
        "decided_by": _decided_by(tallies, tied),
        "tiebreak": [
            {"iridia_stone": t.has_iridia_stone, "token": TOKEN_BY_RANK.get(t.token_rank)}
            for t in tallies
        ],
        "objectives": [
            {
                "held": list(t.objectives),
                "scored": s.objective_id if t.objectives else None,
                "met": bool(t.objectives) and s.objective_completed,
                "points": s.objective,
            }
            for t, s in zip(tallies, scores, strict=True)
        ],
        "statistics": g.statistics(),
    }


def _decided_by(tallies: Sequence[Any], tied: list[int]) -> str:
    """What separated the seats tied on points (R33), as ``final_result`` documents it: the
    last tie-break that narrowed them down (with three seats tied, the Stone may set one
    aside and the token part the other two: the token decided the winner)."""
    if len(tied) == 1:
        return "points"
    levels: tuple[tuple[str, Callable[[Any], Any]], ...] = (
        ("iridia_stone", lambda t: t.has_iridia_stone),
        ("token", lambda t: (t.token_rank > 0, -t.token_rank)),
    )
    left, decided = tied, "shared"
    for name, key in levels:
        best = max(key(tallies[i]) for i in left)
        narrowed = [i for i in left if key(tallies[i]) == best]
        if len(narrowed) < len(left):
            left, decided = narrowed, name
    return decided if len(left) == 1 else "shared"


_HEURISTICS = Heuristics()
PLUGIN = IridesciaWeb()
