"""The panels around the map: market, relics, items, players, objectives, the decision, scores.

Each function takes a view (``Game.view(seat)`` or ``Game.spectator_view()``) and returns a
``rich`` renderable. The only private information drawn is the viewer's own objectives, which the
view itself holds for its seat only; the decision's actions come from the acting seat's
decision. Final scores take the engine's ``ScoreBreakdown`` values.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from iridescia.games.iridescia.scoring import ScoreBreakdown
from iridescia.games.iridescia.views import objective_json, relic_json, tile_json
from iridescia.tui import theme
from iridescia.tui.messages import Messages

SCORE_ROWS: tuple[tuple[str, str], ...] = (  # (label key, ScoreBreakdown.as_dict() key)
    ("score.relics", "relic_points"),
    ("score.tile_bonus", "tile_bonus_points"),
    ("score.iridia_stone", "iridia_stone"),
    ("score.token", "token"),
    ("score.gems", "gems"),
    ("score.relic_sets", "relic_sets"),
    ("score.tile_sets", "tile_sets"),
    ("score.objective", "objective"),
    ("score.merchant", "merchant"),
    ("score.overflow", "overflow"),
)


def _grid(*, expand: bool = False) -> Table:
    return Table.grid(padding=(0, 1), expand=expand)


def _listing(title: str, columns: int) -> Table:
    """A borderless titled list whose cells never wrap (the last column is cut instead)."""
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
    return table


def market_panel(view: dict[str, Any], msgs: Messages) -> Text:
    """Market dice, gem supply and stone dice, two lines."""
    text = Text(f"{msgs('panel.market'):<7}", "bold")
    for colour in theme.GEMS:
        text.append_text(theme.market_die(colour, int(view["market"][colour])))
        text.append(" ")
    text.append("  ")
    text.append(msgs("panel.stone", n=view["stone_supply"]), "bold #bbbbbb")
    text.append(f"\n{msgs('panel.supply'):<7}", "bold")
    for colour in theme.GEMS:
        text.append(f" {theme.gem_letter(colour)}", theme.gem_style(colour))
        text.append(f"{int(view['supply'][colour]):<3}")
    return text


def relics_panel(view: dict[str, Any], msgs: Messages) -> Table:
    """The relic row: id, name, lead gem, type, points and cost, with the deck's count and lead."""
    deck = view["relic_deck"]
    if deck["count"]:
        lead = deck["top_lead"]
        lead_word = msgs("lead.wild") if lead == "wild" else msgs.colour(str(lead))
        title = msgs("panel.relics", count=deck["count"], lead=lead_word)
    else:
        title = msgs("panel.relics_empty")
    table = _listing(title, 6)
    for relic in view["relic_row"]:
        table.add_row(*_relic_cells(relic, msgs))
    return table


def _relic_cells(relic: dict[str, Any], msgs: Messages) -> list[Text]:
    return [
        Text(f"{relic['id']:>2}", "bold"),
        Text(str(relic["name"])),
        theme.lead_text(str(relic["lead"]), msgs),
        Text(msgs(f"type.{relic['type']}"), "italic"),
        Text(f"{relic['points']}p", "bold #f8f8f2"),
        theme.cost_text(relic["cost"]),
    ]


def items_panel(view: dict[str, Any], msgs: Messages) -> Table:
    """The item market with slot numbers (for ``buy N``), costs and short texts."""
    title = msgs("panel.items", count=view.get("item_deck_count", 0))
    table = _listing(title, 4)
    for slot, key in enumerate(view["item_market"], start=1):
        if key is None:
            table.add_row(Text(str(slot), "bold"), Text("-", theme.DIM), Text(""), Text(""))
            continue
        table.add_row(
            Text(str(slot), "bold"),
            Text(theme.item_name(key, msgs)),
            Text(f"{theme.item_cost(key)}c", "bold #ffd60a"),
            Text(msgs.get(f"item.short.{key}", ""), theme.DIM),
        )
    return table


def objectives_panel(view: dict[str, Any], msgs: Messages) -> Table | None:
    """The viewer's own objectives, one a line (None for a spectator view)."""
    viewer = view.get("viewer")
    if viewer is None:
        return None
    me = view["players"][viewer]
    if me.get("objectives") is None:
        return None
    table = _listing(msgs("panel.objectives"), 3)
    rows = [(obj, "bold #ffd60a") for obj in me["objectives"]]
    gone = me.get("discarded_objective")
    if gone:
        rows.append((gone, theme.DIM + " strike"))  # the one given up, struck out
    for obj, style in rows:
        table.add_row(
            Text(str(obj["name"]), style),
            Text(f"{obj['points']}p", style),
            Text(theme.objective_goal(int(obj["id"]), msgs), theme.DIM),
        )
    return table


def _tiles_text(pile: Sequence[dict[str, Any]]) -> Text:
    counts = {c: 0 for c in theme.GEMS}
    wild = 0
    for tile in pile:
        gem = str(tile["gem"])
        if gem in counts:
            counts[gem] += 1
        else:
            wild += 1
    text = theme.counts_text(counts)
    if wild:
        text.append(f" *{wild}", "bold #ffffff")
    return text


def _relics_text(relics: Sequence[dict[str, Any]], msgs: Messages) -> Text:
    counts: dict[str, int] = {}
    for relic in relics:
        counts[str(relic["type"])] = counts.get(str(relic["type"]), 0) + 1
    parts = [
        f"{msgs(f'type.{t}')[0]}{counts[t]}"
        for t in ("jewelry", "tech", "lore", "iridia")
        if counts.get(t)
    ]
    return Text(" ".join(parts) if parts else "-")


def players_table(
    view: dict[str, Any], msgs: Messages, who: Sequence[str], acting: int | None
) -> Table:
    """One row per seat: where, coins, cargo, stone dice, victory pile, relics, points, items."""
    table = Table(
        box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), show_edge=False, pad_edge=False, expand=True
    )
    for key in (
        "col.seat",
        "col.where",
        "col.coins",
        "col.cargo",
        "col.stone",
        "col.tiles",
        "col.relics",
        "col.points",
        "col.token",
        "col.reserved",
    ):
        table.add_column(msgs(key), no_wrap=True)
    table.add_column(msgs("col.items"), ratio=1)
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
            Text(theme.where_words(int(p["position"]), msgs)),
            none if rhom else Text(str(p["coins"]), "bold #ffd60a"),
            cargo,
            none if rhom else Text(str(p["stone_dice"])),
            _tiles_text(p["victory_pile"]),
            _relics_text(p["relics"], msgs),
            Text(str(sum(int(v) for v in p["points"].values())), "bold"),
            Text(msgs(f"token.{token}") if token else "-"),
            none if rhom else _reserved_text(p.get("reserved"), msgs),
            _points_by_source(p["points"], msgs) if rhom else Text(", ".join(p["items"]) or "-"),
        )
    return table


RHOM_SOURCES = ("relics", "tile_bonus", "iridia_stone", "token", "merchant", "overflow")


def _points_by_source(points: dict[str, Any], msgs: Messages) -> Text:
    """The Rhom's points by source, those above 0 (it has no items: this fills its Items
    cell)."""
    parts = [
        msgs(f"rhom.points.{k}", n=int(points.get(k, 0)))
        for k in RHOM_SOURCES
        if int(points.get(k, 0))
    ]
    return Text(", ".join(parts) or "-", theme.DIM)


def rhom_panel(view: dict[str, Any], msgs: Messages) -> Text | None:
    """The Rhom's deck, weathervane, barricades left and last card (None without a Rhom)."""
    rhom = view.get("rhom")
    if not rhom:
        return None
    from iridescia.games.iridescia.automa import CARD_BY_ID, MAX_BARRICADES

    vane = str(rhom["weathervane"])
    text = Text(f"{msgs('panel.rhom'):<7}", theme.RHOM_STYLE)
    parts = [
        msgs("panel.rhom.deck", count=rhom["deck_count"]),
        msgs("panel.rhom.vane", arrow="<-" if vane == "left" else "->"),
        msgs("panel.rhom.barricades", left=rhom["barricades_left"], max=MAX_BARRICADES),
    ]
    text.append(", ".join(parts), "bold")
    discard = rhom.get("discard") or []
    card = CARD_BY_ID.get(int(discard[-1])) if discard else None
    if card is not None:
        icon = msgs.get(f"icon.{card.icon}", card.icon)
        last = msgs("panel.rhom.last", card=card.id, icon=icon, order=", ".join(card.reveal_order))
        text.append(f"\n{'':<7}{last}", theme.DIM)
    return text


def _reserved_text(relic: dict[str, Any] | None, msgs: Messages) -> Text:
    if not relic:
        return Text("-")
    text = Text(f"{relic['id']} ", "bold")
    text.append_text(theme.lead_text(str(relic["lead"]), msgs))
    return text


def gloss(action: str, view: dict[str, Any], msgs: Messages) -> str:
    """A short explanation of an action text from public data ("" when none helps)."""
    words = action.split()
    head, args = words[0], words[1:]
    try:
        if head in ("reveal", "move", "land", "place", "remove", "pickaxe") and args:
            h = view["board"][int(args[0]) - 1]
            return str(theme.tile_label(h["tile"])) if h["face_up"] and h["tile"] else ""
        if head in ("restore", "reserve") and args:
            return str(relic_json(int(args[0]))["name"])
        if head == "discard" and args[0] == "objective":
            return str(objective_json(int(args[1]))["name"])
        if head == "discard" and args[0] == "tile":
            return theme.tile_words(tile_json(int(args[1])), msgs)
        if head == "buy":
            key = view["item_market"][int(args[0]) - 1]
            return theme.item_name(key, msgs)
        if head == "play":
            return theme.item_name(args[0], msgs)
        if head == "sell":
            return msgs("gloss.sell", coins=int(args[1]) * int(view["market"][args[0]]))
        if head == "mine":
            colour = view["turn"]["mining_colour"]
            note = msgs("gloss.mine", colour=msgs.colour(colour), target=view["market"][colour])
            return note + (msgs("gloss.stone", n=args[0]) if args[0] != "0" else "")
        if head == "give":
            return msgs("gloss.give", seat=msgs.seat(int(args[1]) - 1))
        if head == "swap":
            return msgs("gloss.swap", seat=msgs.seat(int(args[0]) - 1))
        if head in ("end", "done"):
            return msgs(f"gloss.{head}")
    except (IndexError, KeyError, ValueError, TypeError):
        return ""
    return ""


def action_cells(actions: Sequence[str], view: dict[str, Any], msgs: Messages) -> list[Text]:
    cells = []
    for i, action in enumerate(actions, start=1):
        text = Text(f"{i:>2} ", "bold #ffd60a")
        text.append(action, "bold")
        note = gloss(action, view, msgs)
        if note:
            text.append(f" ({note})", theme.DIM)
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


def roll_text(view: dict[str, Any], msgs: Messages) -> Text | None:
    """The latest mining or Wishing Well roll, for the dice items."""
    roll = view.get("turn", {}).get("latest_roll")
    if not roll:
        return None
    text = Text(msgs("panel.roll", kind=roll["kind"]) + " ", "bold")
    for die in roll["dice"]:
        ok = bool(die["success"])
        text.append(f"{die['die']}={die['face']}", "bold #2ec27e" if ok else "#ff6b6b")
        text.append(" ")
    if roll.get("locked"):
        text.append(msgs("panel.roll.locked"), theme.DIM)
    return text


def decision_panel(
    view: dict[str, Any],
    msgs: Messages,
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


def scores_table(
    scores: Sequence[ScoreBreakdown], places: Sequence[int], msgs: Messages, who: Sequence[str]
) -> Table:
    """The final score breakdown: one column per seat, one row per source, then the total."""
    table = Table(title=msgs("score.title"), box=box.ROUNDED, title_style="bold")
    table.add_column("")
    for seat in range(len(scores)):
        kind = who[seat] if seat < len(who) and seat != msgs.rhom else ""
        label = msgs.seat(seat) + (f" ({kind})" if kind else "")
        table.add_column(Text(label, theme.seat_style(seat, msgs.rhom)), justify="right")
    parts = [dict(s.as_dict()) for s in scores]
    for label_key, name in SCORE_ROWS:
        table.add_row(msgs(label_key), *(str(part.get(name, 0)) for part in parts))
    known = {name for _, name in SCORE_ROWS} | {"total"}
    for name in sorted({k for part in parts for k in part} - known):  # a source added later
        table.add_row(name, *(str(part.get(name, 0)) for part in parts))
    table.add_row(
        Text(msgs("score.objective_name"), theme.DIM),
        *(_objective_cell(s, msgs) for s in scores),
    )
    table.add_section()
    table.add_row(Text(msgs("score.total"), "bold"), *(Text(str(s.total), "bold") for s in scores))
    table.add_row(Text(msgs("score.place"), "bold"), *(Text(str(p), "bold") for p in places))
    return table


def result_line(winners: Sequence[int], scores: Sequence[ScoreBreakdown], msgs: Messages) -> Text:
    """Who won: in solo (one explorer and the Rhom) "You win", "The Rhom wins" or "Draw";
    otherwise the winner or the seats sharing first place."""
    rhom = msgs.rhom
    if rhom is not None and len(scores) == 2:
        you = 1 - rhom
        totals = {"you": scores[you].total, "rhom": scores[rhom].total}
        if len(winners) != 1:
            key, style = "score.solo.draw", "bold"
        elif winners[0] == you:
            key, style = "score.solo.win", "bold #2ec27e"
        else:
            key, style = "score.solo.loss", theme.RHOM_STYLE
        return Text(msgs(key, **totals), style)
    names = ", ".join(msgs.seat(s) for s in winners)
    key = "score.winner" if len(winners) == 1 else "score.winners"
    line = Text(msgs(key, seats=names), "bold")
    for s in winners:
        line.highlight_words([msgs.seat(s)], theme.seat_style(s, msgs.rhom))
    return line


def _objective_cell(score: ScoreBreakdown, msgs: Messages) -> Text:
    if not score.objective_id:
        return Text("-", theme.DIM)
    done = score.objective_completed
    mark = msgs("score.done") if done else msgs("score.missed")
    name = objective_json(score.objective_id)["name"]
    return Text(f"{mark} {name}", "#2ec27e" if done else theme.DIM)
