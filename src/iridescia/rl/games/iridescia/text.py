"""A plain-text picture of a view of Gems of Iridescia, for ``render()`` and for logs.

Built from a view only (no colours, no terminal control codes), so it is safe to print for any
seat: the hex map with the Castle on top, then the markets, every player's public holdings, the
viewer's own objectives and the decision in progress. One hex is a cell of nine characters:
its number, then the tile (``?`` face down, ``Ec2`` an emerald with 2 coins, ``R``
rainbow, ``I`` Iridia, ``.`` no tile, ``##`` a barricade), then explorers by 1-based seat
(``R`` for the Rhom). The terminal app (``iridescia play``) draws the same view in colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_GEM_LETTER = {
    "amethyst": "A",
    "citrine": "C",
    "emerald": "E",
    "sapphire": "S",
    "rainbow": "R",
    "iridia": "I",
}
_BONUS_LETTER = {"coins": "c", "points": "p", "stone_die": "s"}
_CELL = 9
_STEP = 5  # characters per doubled column: two neighbours in a row are ten characters apart


def _tile_text(cell: Mapping[str, Any]) -> str:
    if cell["barricade"]:
        return "##"
    if not cell["has_tile"]:
        return "."
    tile = cell["tile"]
    if tile is None:
        return "?"
    text = _GEM_LETTER[tile["gem"]]
    if tile["bonus"] is not None:
        text += _BONUS_LETTER[tile["bonus"]] + str(tile["amount"])
    return text


def _seat_mark(player: Mapping[str, Any]) -> str:
    return "R" if player["rhom"] else str(player["seat"] + 1)


def board_lines(view: Mapping[str, Any]) -> list[str]:
    """The hex map, one line per board row, the Castle row first."""
    explorers: dict[int, str] = {}
    for p in view["players"]:
        if p["position"] > 0:
            explorers[p["position"]] = explorers.get(p["position"], "") + _seat_mark(p)
    rows: dict[int, list[Mapping[str, Any]]] = {}
    for cell in view["board"]:
        rows.setdefault(cell["row"], []).append(cell)
    width = max(c["col"] for c in view["board"]) * _STEP + _CELL
    lines = []
    for row in sorted(rows, reverse=True):
        line = [" "] * width
        for cell in rows[row]:
            text = f"{cell['hex']:>2}{_tile_text(cell):<4}{explorers.get(cell['hex'], ''):<3}"
            x = cell["col"] * _STEP
            line[x : x + _CELL] = text[:_CELL]
        lines.append(f"{row} {rows[row][0]['region']:<7}" + "".join(line).rstrip())
    return lines


def _counts(d: Mapping[str, int]) -> str:
    return " ".join(f"{_GEM_LETTER[k]}{v}" for k, v in d.items())


def player_line(p: Mapping[str, Any]) -> str:
    where = {0: "start", -1: "castle"}.get(p["position"], f"hex {p['position']}")
    name = "Rhom" if p["rhom"] else f"seat {p['seat'] + 1}"
    points = sum(p["points"].values())
    parts = [
        f"{name:<7} {where:<7} coins {p['coins']:>2}  cargo {_counts(p['cargo'])}",
        f"dice {p['stone_dice']}",
        f"tiles {len(p['victory_pile'])}",
        f"relics {len(p['relics'])}",
        f"points {points}",
    ]
    if p["items"]:
        parts.append("items " + ",".join(p["items"]))
    if p["token"]:
        parts.append(f"token {p['token']}")
    if p["finished"]:
        parts.append("finished")
    return "  ".join(parts)


def render_view(view: Mapping[str, Any]) -> str:
    """The whole view as text (the viewer's secrets only when the viewer is a seat)."""
    viewer = view["viewer"]
    who = "spectator" if viewer is None else f"seat {viewer + 1}"
    lines = [f"Gems of Iridescia, turn {view['turn']['number']}, seen by {who}"]
    lines += board_lines(view)
    lines.append(f"market  {_counts(view['market'])}   supply {_counts(view['supply'])}")
    relics = ", ".join(f"{r['id']}:{r['name']} ({r['points']})" for r in view["relic_row"])
    lines.append(f"relics  {relics}   deck {view['relic_deck']['count']}")
    items = ", ".join(f"{i + 1}:{k}" for i, k in enumerate(view["item_market"]) if k)
    lines.append(f"items   {items}")
    for p in view["players"]:
        lines.append(player_line(p))
        if p["objectives"]:
            lines.append("        objectives " + ", ".join(o["name"] for o in p["objectives"]))
    decision = view["decision"]
    if decision is None:
        lines.append("game over")
    else:
        lines.append(f"seat {decision['player'] + 1} to decide: {decision['prompt']}")
        if "actions" in decision:
            lines.append("legal: " + ", ".join(decision["actions"]))
    return "\n".join(lines)


__all__ = ["board_lines", "player_line", "render_view"]
