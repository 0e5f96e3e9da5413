"""The panels around the map: market, relics, items, players, objectives, the decision.

Each function takes a view (``Game.view(seat)`` or ``Game.spectator_view()``) and returns a
``rich`` renderable. The only private information drawn is the viewer's own objectives, which the
view itself holds for its seat only; the decision's actions come from the acting seat's
decision (their labels are sentences, ``sentences.sentence``, a note in brackets dimmed). Labels
that precede values (``Market``, ``Supply``, ``Rhom``) share one width, computed in the
catalogue's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from iridescia.core.game import View
from iridescia.games.iridescia import MAX_BARRICADES, RHOM_CARD_BY_ID
from iridescia.tui.games.iridescia import theme
from iridescia.tui.games.iridescia.words import Words


def _grid(*, expand: bool = False) -> Table:
    return Table.grid(padding=(0, 1), expand=expand)


def _listing(title: str, rows: Sequence[list[Text]], width: int, flexible: int) -> Table:
    """A borderless titled list whose cells never wrap. When the rows are wider than
    ``width``, the cells of the ``flexible`` column are cut (with an ellipsis) to make room,
    rather than every column a little (long names in French or Japanese)."""
    columns = len(rows[0]) if rows else 1
    table = Table(
        box=None,
        padding=(0, 1, 0, 0),
        show_header=False,
        title=title,
        title_justify="left",
        title_style="bold",
    )
    for i in range(columns):
        table.add_column(no_wrap=True, overflow="ellipsis" if i == columns - 1 else "fold")
    if rows:
        others = sum(
            max(row[i].cell_len for row in rows) + 1 for i in range(columns) if i != flexible
        )
        room = max(4, width - others - 1)
        for row in rows:
            if row[flexible].cell_len > room:
                row[flexible].truncate(room, overflow="ellipsis")
            table.add_row(*row)
    return table


def label_width(msgs: Words) -> int:
    """The width of the labels before the market, the supply and the Rhom's line."""
    return theme.label_width([msgs("panel.market"), msgs("panel.supply"), msgs("seat.rhom")], 7)


def market_panel(view: View, msgs: Words) -> Text:
    """Market dice, gem supply and stone dice, two lines."""
    width = label_width(msgs)
    text = Text(theme.fit(msgs("panel.market"), width), "bold")
    for colour in theme.GEMS:
        text.append_text(theme.market_die(colour, int(view["market"][colour])))
        text.append(" ")
    text.append("  ")
    text.append(msgs("panel.stone", n=view["stone_supply"]), "bold #bbbbbb")
    text.append("\n" + theme.fit(msgs("panel.supply"), width), "bold")
    for colour in theme.GEMS:
        text.append(f" {theme.gem_letter(colour)}", theme.gem_style(colour))
        text.append(f"{int(view['supply'][colour]):<3}")
    return text


def relics_panel(view: View, msgs: Words, width: int) -> Table:
    """The relic row: id, name, lead gem, type, points and cost, with the deck's count and lead
    (names are cut to fit ``width``)."""
    deck = view["relic_deck"]
    if deck["count"]:
        lead = deck["top_lead"]
        lead_word = msgs("lead.wild") if lead == "wild" else msgs.colour(str(lead))
        title = msgs("panel.relics", count=deck["count"], lead=lead_word)
    else:
        title = msgs("table.relics_empty")
    return _listing(title, [_relic_cells(r, msgs) for r in view["relic_row"]], width, 1)


def _relic_cells(relic: dict[str, Any], msgs: Words) -> list[Text]:
    return [
        Text(f"{relic['id']:>2}", "bold"),
        Text(theme.relic_name(int(relic["id"]), msgs)),
        theme.lead_text(str(relic["lead"]), msgs),
        Text(msgs(f"tui.type.{relic['type']}"), "italic"),
        Text(f"{relic['points']}p", "bold #f8f8f2"),
        theme.cost_text(relic["cost"]),
    ]


def items_panel(view: View, msgs: Words, width: int) -> Table:
    """The item market with slot numbers (for ``buy N``), costs and short texts."""
    title = msgs("panel.items", count=view.get("item_deck_count", 0))
    rows = []
    for slot, key in enumerate(view["item_market"], start=1):
        if key is None:
            rows.append([Text(str(slot), "bold"), Text("-", theme.DIM), Text(""), Text("")])
            continue
        rows.append(
            [
                Text(str(slot), "bold"),
                Text(theme.item_name(key, msgs)),
                Text(f"{theme.item_cost(key)}c", "bold #ffd60a"),
                Text(msgs.get(f"item.short.{key}", ""), theme.DIM),
            ]
        )
    return _listing(title, rows, width, 3)


def objectives_panel(view: View, msgs: Words, width: int) -> Table | None:
    """The viewer's own objectives, one a line (None for a spectator view)."""
    viewer = view.get("viewer")
    if viewer is None:
        return None
    me = view["players"][viewer]
    if me.get("objectives") is None:
        return None
    held = [(obj, "bold #ffd60a") for obj in me["objectives"]]
    gone = me.get("discarded_objective")
    if gone:
        held.append((gone, theme.DIM + " strike"))  # the one given up, struck out and said
    rows = [
        [
            Text(theme.objective_name(int(obj["id"]), msgs), style),
            Text(f"{obj['points']}p", style),
            Text(theme.objective_goal(int(obj["id"]), msgs), theme.DIM),
        ]
        for obj, style in held
    ]
    if gone:
        goal = theme.objective_goal(int(gone["id"]), msgs)
        rows[-1][2] = Text(msgs("tui.objective.discarded", goal=goal), theme.DIM)
    return _listing(msgs("panel.objectives"), rows, width, 2)


def _tiles_text(pile: Sequence[dict[str, Any]], letters: bool = False) -> Text:
    counts = {c: 0 for c in theme.GEMS}
    wild = 0
    for tile in pile:
        gem = str(tile["gem"])
        if gem in counts:
            counts[gem] += 1
        else:
            wild += 1
    text = letter_counts(counts, total=False) if letters else theme.counts_text(counts)
    if wild:
        text.append(f" *{wild}", "bold #ffffff")
    return text


def _relics_text(relics: Sequence[dict[str, Any]], msgs: Words) -> Text:
    counts: dict[str, int] = {}
    for relic in relics:
        counts[str(relic["type"])] = counts.get(str(relic["type"]), 0) + 1
    parts = [
        f"{msgs(f'type.{t}')[0]}{counts[t]}"
        for t in ("jewelry", "tech", "lore", "iridia")
        if counts.get(t)
    ]
    return Text(" ".join(parts) if parts else "-")


def players_table(view: View, msgs: Words, who: Sequence[str], acting: int | None) -> Table:
    """One row per seat: where, coins, cargo, stone dice, victory pile, relics, points, items;
    ``who`` says who plays each seat, in words."""
    table = Table(
        box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), show_edge=False, pad_edge=False, expand=True
    )
    for key in (
        "col.seat",
        "col.where",
        "table.coins",
        "col.cargo",
        "col.stone",
        "col.tiles",
        "col.relics",
        "col.points",
        "col.token",
        "col.reserved",
    ):
        table.add_column(msgs(key), no_wrap=True)
    table.add_column(msgs("table.hand"), ratio=1)
    for p in view["players"]:
        seat = int(p["seat"])
        name = Text(">" if seat == acting else " ", "bold")
        name.append(msgs.seat(seat), theme.seat_style(seat, msgs.rhom))
        if seat < len(who) and who[seat]:
            name.append(f" {who[seat]}", theme.DIM)
        cargo = theme.counts_text(p["cargo"])
        cargo.append(f" ={sum(p['cargo'].values())}", theme.DIM)
        token = p.get("token")
        rhom = bool(p.get("rhom"))
        none = Text("-", theme.DIM)
        table.add_row(
            name,
            Text(theme.where_words(int(p["position"]), msgs, short=True)),
            none if rhom else Text(str(p["coins"]), "bold #ffd60a"),
            cargo,
            none if rhom else Text(str(p["stone_dice"])),
            _tiles_text(p["victory_pile"]),
            _relics_text(p["relics"], msgs),
            Text(str(sum(int(v) for v in p["points"].values())), "bold"),
            Text(msgs(f"token.{token}") if token else "-"),
            none if rhom else _reserved_text(p.get("reserved"), msgs),
            none if rhom else _items_text(p, msgs),
        )
    return table


def _items_text(p: dict[str, Any], msgs: Words) -> Text:
    return Text(", ".join(theme.item_name(k, msgs) for k in p["items"]) or "-")


def player_details(p: dict[str, Any], msgs: Words) -> Text:
    """A seat's goods, folded for a narrow window (the compact players panel): coins, cargo,
    stone dice, tiles, relics, the reserved relic and items (the Rhom: its points by
    source)."""
    sep = msgs("tui.sep")
    text = Text()
    text.append(msgs("col.cargo.short") + " ", theme.DIM).append_text(letter_counts(p["cargo"]))
    if p.get("rhom"):
        return text.append(sep).append_text(_points_by_source(p["points"], msgs))
    text.append(sep).append(msgs.count("coins", int(p["coins"])), "#ffd60a")
    text.append(sep + msgs("col.stone") + f" {p['stone_dice']}", theme.DIM)
    text.append(sep + msgs("col.tiles.short") + " ", theme.DIM)
    text.append_text(_tiles_text(p["victory_pile"], letters=True))
    text.append(sep + msgs("col.relics") + " ", theme.DIM)
    text.append_text(_relics_text(p["relics"], msgs))
    if p.get("reserved"):
        text.append(sep + msgs("col.reserved") + " ", theme.DIM)
        text.append_text(_reserved_text(p.get("reserved"), msgs))
    if p["items"]:
        text.append(sep).append_text(_items_text(p, msgs))
    return text


def letter_counts(counts: dict[str, int], total: bool = True) -> Text:
    """``A0 C2 E0 S1 =3``: each gem's letter and count (zero dimmed), and the total."""
    text = Text()
    for colour in theme.GEMS:
        n = int(counts.get(colour, 0))
        text.append(f"{theme.gem_letter(colour)}{n} ", theme.gem_style(colour) if n else theme.DIM)
    if not total:
        text.right_crop(1)
        return text
    return text.append(f"={sum(counts.values())}", theme.DIM)


def own_items(view: View, msgs: Words) -> Text:
    """The viewer's own items (a spectator: nothing)."""
    viewer = view.get("viewer")
    if viewer is None:
        return Text("")
    me = view["players"][viewer]
    return Text(msgs("tui.own_items") + " ", "bold").append_text(_items_text(me, msgs))


RHOM_SOURCES = ("relics", "tile_bonus", "iridia_stone", "token", "merchant", "overflow")


def _points_by_source(points: dict[str, Any], msgs: Words) -> Text:
    """The Rhom's points by source, those above 0 (it has no items: this fills its Items
    cell)."""
    parts = [
        msgs(f"rhom.points.{k}", n=int(points.get(k, 0)))
        for k in RHOM_SOURCES
        if int(points.get(k, 0))
    ]
    return Text(msgs("tui.sep").join(parts) or "-", theme.DIM)


def rhom_panel(view: View, msgs: Words) -> Text | None:
    """The Rhom's deck, weathervane, barricades left and last card (None without a Rhom)."""
    rhom = view.get("rhom")
    if not rhom:
        return None
    width = label_width(msgs)
    vane = str(rhom["weathervane"])
    text = Text(theme.fit(msgs("seat.rhom"), width), theme.RHOM_STYLE)
    parts = [
        msgs("panel.rhom.deck", count=rhom["deck_count"]),
        msgs("panel.rhom.vane", arrow="<-" if vane == "left" else "->"),
        msgs("panel.rhom.barricades", left=rhom["barricades_left"], max=MAX_BARRICADES),
    ]
    text.append(msgs("tui.sep").join(parts), "bold")
    discard = rhom.get("discard") or []
    card = RHOM_CARD_BY_ID.get(int(discard[-1])) if discard else None
    if card is not None:
        icon = msgs.get(f"icon.{card.icon}", card.icon)
        last = msgs("panel.rhom.last", card=card.id, icon=icon, order=", ".join(card.reveal_order))
        text.append("\n" + " " * width + last, theme.DIM)
    points = rhom_points(view)
    if any(int(v) for v in points.values()):
        text.append("\n" + " " * width).append_text(_points_by_source(points, msgs))
    return text


def rhom_points(view: View) -> dict[str, Any]:
    """The Rhom's points by source, from its seat's row."""
    for p in view["players"]:
        if p.get("rhom"):
            points: dict[str, Any] = p["points"]
            return points
    return {}


def _reserved_text(relic: dict[str, Any] | None, msgs: Words) -> Text:
    if not relic:
        return Text("-")
    text = Text(f"{relic['id']} ", "bold")
    text.append_text(theme.lead_text(str(relic["lead"]), msgs))
    return text


def action_cells(actions: Sequence[str], view: View, msgs: Words) -> list[Text]:
    cells = []
    for i, action in enumerate(actions, start=1):
        text = Text(f"{i:>2} ", "bold #ffd60a")
        main, paren, note = action.partition(" (")
        text.append(main, "bold")
        if paren:
            text.append(paren + note, theme.DIM)
        cells.append(text)
    return cells


def actions_grid(cells: Sequence[Text], width: int) -> Table:
    """Numbered actions in as many columns as fit ``width``, numbered down each column."""
    longest = max((c.cell_len for c in cells), default=1)
    columns = max(1, min(4, (width + 2) // (longest + 2)))
    per_column = -(-len(cells) // columns) if cells else 0
    grid = Table.grid(padding=(0, 2))
    for _ in range(columns):
        grid.add_column(no_wrap=True)
    for r in range(per_column):
        row = [
            cells[c * per_column + r] if c * per_column + r < len(cells) else Text("")
            for c in range(columns)
        ]
        grid.add_row(*row)
    return grid


def roll_text(view: View, msgs: Words) -> Text | None:
    """The latest mining or Wishing Well roll, for the dice items."""
    roll = view.get("turn", {}).get("latest_roll")
    if not roll:
        return None
    kind = msgs.get(f"roll.{roll['kind']}", str(roll["kind"]))
    text = Text(msgs("panel.roll", kind=kind) + " ", "bold")
    for die in roll["dice"]:
        ok = bool(die["success"])
        text.append(f"{die['die']}={die['face']}", "bold #2ec27e" if ok else "#ff6b6b")
        text.append(" ")
    if roll.get("locked"):
        text.append(msgs("table.locked"), theme.DIM)
    return text


def decision_panel(
    view: View,
    msgs: Words,
    prompt: str,
    seat: int,
    actions: Sequence[str],
    width: int,
) -> Table:
    """The prompt, the latest roll, and the numbered legal actions of the acting seat."""
    out = _grid()
    head = Text(msgs("panel.decision", seat=msgs.seat(seat), prompt=prompt), "bold")
    head.highlight_words([msgs.seat(seat)], theme.seat_style(seat, msgs.rhom))
    out.add_row(head)
    roll = roll_text(view, msgs)
    if roll is not None:
        out.add_row(roll)
    if actions:
        out.add_row(actions_grid(action_cells(actions, view, msgs), width))
    else:
        out.add_row(Text(msgs("panel.no_actions"), theme.DIM))
    return out
