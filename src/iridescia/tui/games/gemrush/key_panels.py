"""The panels a Gem Rush player opens by typing a key (``HasPanels``), drawn to any size.

``p`` the players (scores, where each dwarf is, every hand as far as the viewer may see it),
``h`` the viewer's own hand in full with each gem named, ``c`` the cards on the table (revealed
row, discard pile, deck, burnt cards, the burn clock, what is known of the tile stack), ``r``
the rooms of the mine nearest the acting dwarf first with their effects, ``k`` the key to every
symbol, ``a`` every action on offer with its sentence and its typeable text. The compact
layout draws the open panel in place of the mine; the full layout, inside the mine's frame.

Each panel is a title and lines cut to the width it is given; what does not fit the height is
counted on its last line, never drawn past it. Like every screen, a panel shows only what the
view holds: a hand the viewer may not see is card backs and the cards everyone saw enter it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text

from iridescia.core.game import View
from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import theme as th
from iridescia.tui.games.gemrush.decision import action_lines, choices
from iridescia.tui.games.gemrush.effects import room_steps
from iridescia.tui.games.gemrush.legend import legend_lines
from iridescia.tui.games.gemrush.panels import burn_clock, burns, pile_counts, score_marks
from iridescia.tui.plugin import Panel, Screen

PLAYERS, HAND, CARDS, ROOMS, SYMBOLS, ACTIONS = "p", "h", "c", "r", "k", "a"
NAMES = {
    PLAYERS: "gr.key.players",
    HAND: "gr.key.hand",
    CARDS: "gr.key.cards",
    ROOMS: "gr.key.rooms",
    SYMBOLS: "gr.key.symbols",
    ACTIONS: "gr.key.actions",
}


def offered(view: View, msgs: Messages) -> list[Panel]:
    """The panels that have something to show for this view: the hand only to a seat, the
    actions only to the seat that decides now."""
    keys = [PLAYERS]
    if _own_hand(view) is not None:
        keys.append(HAND)
    keys += [CARDS, ROOMS, SYMBOLS]
    if (view.get("decision") or {}).get("actions"):
        keys.append(ACTIONS)
    return [Panel(key, msgs(NAMES[key])) for key in keys]


def _own_hand(view: View) -> list[int] | None:
    viewer = view.get("viewer")
    if viewer is None:
        return None
    hand = view["players"][viewer].get("hand")
    return None if hand is None else [int(c) for c in hand]


def _counted(lines: list[Text], width: int, height: int, msgs: Messages) -> list[Text]:
    """``lines`` cut to ``height``, the last line shown saying how many were left out."""
    if height <= 0:
        return []
    if len(lines) <= height:
        return [th.fit(x, width) for x in lines]
    kept = [th.fit(x, width) for x in lines[: height - 1]]
    more = msgs("gr.decision.more", n=len(lines) - len(kept))
    return [*kept, th.fit(th.seg(more, "italic " + th.DIM), width)]


def _hand_items(p: dict[str, Any]) -> list[Text]:
    hand = p.get("hand")
    if hand is not None:
        return [th.card_text(int(c)) for c in hand]
    known = [int(c) for c in p.get("known", [])]
    backs = int(p.get("hand_size", 0)) - len(known)
    items = [th.card_text(c) for c in known]
    if backs > 0:
        back = th.seg("▮" * min(backs, 8), th.CARD_BACK)
        back.append(f"×{backs}", style=th.DIM)
        items.append(back)
    return items


def players(screen: Screen, width: int, msgs: Messages) -> list[Text]:
    """A head line per seat (who acts, dwarf, name, score, marks, room), then its hand."""
    view = screen.view
    target = view.get("target")
    rush = view.get("mode") == "rush"
    out = []
    for p in view["players"]:
        seat = int(p["seat"])
        head = th.seg("▶ " if seat == screen.acting else "  ", "bold " + th.ACCENT)
        head.append_text(th.dwarf_chip(seat, acting=seat == screen.acting))
        head.append(" " + th.seat_name(seat, msgs), style=th.seat_style(seat))
        if seat == view.get("viewer"):
            head.append(" " + msgs("gr.players.you"), style=th.DIM)
        head.append("  ")
        head.append_text(score_marks(p, msgs, rush, target))
        head.append("  " + msgs("gr.key.in_room", room=th.room_name(int(p["room"]))), style=th.DIM)
        out.extend(th.wrap_text(head, width, indent=4))
        hand = th.seg(msgs("gr.key.hand_of", n=p["hand_size"]) + " ", th.DIM)
        out.extend(
            Text("    ").append_text(line)
            for line in th.wrap_items([hand, *_hand_items(p)], width - 4)
        )
    return out


def hand(screen: Screen, width: int, msgs: Messages) -> list[Text]:
    """The viewer's hand, a card a line with its gems named."""
    cards = _own_hand(screen.view) or []
    out = [th.seg(msgs("gr.key.hand_of", n=len(cards)) + (" —" if not cards else ""), th.TEXT)]
    for card in cards:
        line = th.seg("  ")
        line.append_text(th.card_text(card))
        names = [msgs(f"gr.gem.{g}") for g in th.CARD_GEMS.get(card, ())]
        line.append("  " + " · ".join(names), style=th.TEXT)
        out.append(line)
    return out


def cards(screen: Screen, width: int, msgs: Messages) -> list[Text]:
    """The revealed row, the whole discard pile (newest first), the deck, the rooms stack, the
    burnt cards and the burn clock."""
    view = screen.view
    out: list[Text] = []
    revealed = [int(c) for c in view.get("revealed", [])]
    dug = {int(c) for c in (view.get("effect") or {}).get("dug", [])}
    if revealed:
        items = [th.seg(msgs("gr.cards.revealed"), th.DIM)]
        for card in revealed:
            item = th.card_text(card)
            if card in dug:
                item.stylize("underline")
            items.append(item)
        out.extend(th.wrap_items(items, width))
    counts = pile_counts(view, msgs)
    if view.get("burnt"):
        split = msgs("gr.cards.burnt_split", deck=view.get("burnt_from_deck", 0),
                     hands=len(view.get("burnt_from_hands", [])))  # fmt: skip
        counts[-1].append(" " + split, style=th.FAINT)
    if burns(view):
        turns, left = burn_clock(view)
        clock = th.seg("◷ " + msgs("gr.status.clock") + " ", th.DIM)
        clock.append(msgs("gr.status.turns_left", n=turns), style="bold " + th.TEXT)
        clock.append(" · " + msgs("gr.status.cards_left", n=left), style=th.TEXT)
        counts.append(clock)
    out.extend(th.wrap_items(counts, width, "  ·  "))
    for key, tiles in (
        ("gr.cards.stack_top", view.get("stack_top", [])),
        ("gr.cards.stack_bottom", view.get("stack_bottom", [])),
    ):
        if tiles:
            line = th.seg(msgs(key) + " ", th.DIM)
            line.append_text(th.join([th.tile_ref(int(t)) for t in tiles], ", "))
            out.extend(th.wrap_text(line, width, indent=2))
    discard = [int(c) for c in reversed(view.get("discard", []))]
    head = th.seg(msgs("gr.key.discard", n=len(discard)), th.DIM)
    items = [th.card_text(c) for c in discard] or [th.seg("—", th.FAINT)]
    out.extend(th.wrap_items([head, *items], width))
    return out


def _distance(a: dict[str, Any], b: dict[str, Any] | None) -> int:
    if b is None:
        return 0
    return abs(int(a["x"]) - int(b["x"])) + abs(int(a["y"]) - int(b["y"]))


def rooms(screen: Screen, width: int, msgs: Messages) -> list[Text]:
    """Every room of the mine, nearest the acting dwarf first: type, name, tile, dwarves and
    its effect step by step (the running step underlined)."""
    view = screen.view
    tiles = [t for t in view["mine"]["tiles"] if t["type"] != "tunnel"]
    seat = screen.acting if screen.acting is not None else view.get("viewer")
    here = None
    if seat is not None:
        room = int(view["players"][seat]["room"])
        here = next((t for t in tiles if int(t["id"]) == room), None)
    effect = view.get("effect") or {}
    out = []
    for t in sorted(tiles, key=lambda t: (_distance(t, here), int(t["id"]))):
        name = str(t["room"])
        line = th.type_icon(str(t["type"]))
        line.append(" " + name, style="bold " + (th.ACCENT if t is here else th.TEXT))
        line.append(" " + th.tile_label(int(t["id"])), style=th.FAINT)
        for dwarf in t["dwarves"]:
            line.append(" ")
            line.append_text(th.dwarf_chip(int(dwarf)))
        line.append(msgs("gr.colon"), style=th.DIM)
        running = effect.get("tile") == t["id"]
        line.append_text(room_steps(name, msgs, int(effect["step"]) if running else None))
        out.extend(th.wrap_text(line, width, indent=4) if t is here else [line])
    return out


def actions(screen: Screen, width: int, height: int, msgs: Messages) -> list[Text]:
    """Every action on offer: numbered, as sentences, with the text that may be typed."""
    return action_lines(choices(screen), width, height, msgs)


_BODIES: dict[str, Callable[[Screen, int, Messages], list[Text]]] = {
    PLAYERS: players,
    HAND: hand,
    CARDS: cards,
    ROOMS: rooms,
}


def panel_title(key: str, msgs: Messages) -> Text:
    name = msgs(NAMES.get(key, "gr.key.unknown"))
    out = th.seg(name[:1].upper() + name[1:], "bold " + th.TEXT)
    out.append(f"  ({key})", style=th.DIM)
    return out


def panel_lines(screen: Screen, key: str, width: int, height: int, msgs: Messages) -> list[Text]:
    """The body of panel ``key`` in exactly ``width`` x at most ``height`` cells."""
    if key == SYMBOLS:
        return legend_lines(msgs, width, height)
    if key == ACTIONS:
        return actions(screen, width, height, msgs)
    body = _BODIES.get(key)
    lines = body(screen, width, msgs) if body is not None else []
    if not lines:
        lines = [th.seg(msgs("gr.key.empty"), th.DIM)]
    return _counted(lines, width, height, msgs)


def titled(key: str, body: Sequence[Text], width: int, height: int, msgs: Messages) -> list[Text]:
    """A panel's ``body`` (``panel_lines`` for ``width - 1``) under a rule that names it and
    says how to go back, indented like the lines around it, in exactly ``height`` lines
    (compact layout)."""
    rule = th.seg("── ", th.FAINT)
    rule.append_text(panel_title(key, msgs))
    rule.append(" ── " + msgs("gr.key.back") + " ", style=th.FAINT)
    rule.append("─" * max(width - rule.cell_len, 0), style=th.FAINT)
    lines = [th.fit(rule, width), *[Text(" ").append_text(x) for x in body]][:height]
    return lines + [Text(" " * width)] * (height - len(lines))


def key_items(
    panels: Sequence[Panel], open_key: str | None, msgs: Messages, replay: bool = False
) -> list[Text]:
    """The key line's items: each panel's key and name (the open one marked), then the
    generic ``help`` (not in a replay, which takes no commands) and ``log``."""
    items = []
    for panel in panels:
        style = "reverse bold " + th.ACCENT if panel.key == open_key else "bold " + th.ACCENT
        item = th.seg(panel.key, style)
        item.append(" " + panel.name, style=th.DIM)
        items.append(item)
    generic = (
        (("log", "gr.key.log"),) if replay else (("help", "gr.key.help"), ("log", "gr.key.log"))
    )
    for word, key in generic:
        item = th.seg(word, "bold " + th.ACCENT)
        item.append(" " + msgs(key), style=th.DIM)
        items.append(item)
    return items
