"""A plain-text picture of a view of Gem Rush, for ``render()`` and for logs.

Built from a view only (no colours, no terminal control codes), so it is safe to print for the
view's seat. It opens with the provisional-components notice (Gem Rush's tiles and cards are the
project's stand-ins, data set ``gemrush-2e-provisional-1``), then draws the mine north up, one
cell per grid position: the tile's label, a letter for its type (``a`` action, ``m`` movement,
``f`` free, ``t`` tunnel, ``-`` none), its rotation, and after ``@`` the 1-based seats of the
dwarves there (``T38f1@12``).
Below it: the cards in play, every player's public holdings (and the hands the viewer may see),
and the decision in progress. The terminal app draws the same view in colour.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

_TYPE_LETTER = {"action": "a", "movement": "m", "free": "f", "tunnel": "t", "none": "-"}
_CELL = 10


def _cards(cards: Sequence[int] | None) -> str:
    if cards is None:
        return "hidden"
    return " ".join(f"G{c:02d}" for c in cards) or "-"


def _cell(tile: Mapping[str, Any]) -> str:
    seats = "".join(str(s + 1) for s in tile["dwarves"])
    kind = _TYPE_LETTER.get(tile["type"], "?")
    return (f"{tile['label']}{kind}{tile['rotation']}" + (f"@{seats}" if seats else ""))[:_CELL]


def mine_lines(view: Mapping[str, Any]) -> list[str]:
    """The mine, one line per grid row, north first; empty positions are dots."""
    tiles = view["mine"]["tiles"]
    if not tiles:
        return ["(the mine is empty)"]
    at = {(t["x"], t["y"]): t for t in tiles}
    xs = [x for x, _ in at]
    ys = [y for _, y in at]
    lines = []
    for y in range(max(ys), min(ys) - 1, -1):
        cells = []
        for x in range(min(xs), max(xs) + 1):
            tile = at.get((x, y))
            cells.append(f"{_cell(tile) if tile else '.':<{_CELL}}")
        lines.append(f"{y:>3} " + "".join(cells).rstrip())
    return lines


def player_line(p: Mapping[str, Any]) -> str:
    parts = [
        f"seat {p['seat'] + 1}",
        f"score {p['score']:>3}",
        f"in T{p['room']:02d}" if p["room"] else "not in the mine",
        f"hand {p['hand_size']}: {_cards(p['hand'])}",
    ]
    if p["known"] and p["hand"] is None:
        parts.append(f"known {_cards(p['known'])}")
    if p["first_player"]:
        parts.append("first player")
    if p["patience"]:
        parts.append("patience")
    return "  ".join(parts)


def render_view(view: Mapping[str, Any]) -> str:
    """The whole view as text (a hidden hand stays hidden)."""
    viewer = view["viewer"]
    who = "spectator" if viewer is None else f"seat {viewer + 1}"
    target = view["target"] if view["target"] is not None else "none"
    lines = [
        f"Gem Rush ({view['mode']}), turn {view['turn']}, round {view['round']}, seen by {who}",
        f"data set {view['data_set']}: {view['notice']}",
        f"target {target}" + (f", team score {view['team_score']}" if view["team_score"] else ""),
    ]
    lines += mine_lines(view)
    lines.append(
        f"room stack {view['stack_size']}  deck {view['deck_size']}  burnt {view['burnt']}  "
        f"discard {len(view['discard'])} (top {_cards(view['discard'][-3:])})"
    )
    if view["revealed"]:
        lines.append(f"revealed {_cards(view['revealed'])}")
    if view["stack_top"]:
        lines.append("known stack top " + " ".join(f"T{t:02d}" for t in view["stack_top"]))
    lines += [player_line(p) for p in view["players"]]
    effect = view["effect"]
    if effect is not None:
        lines.append(f"effect of {effect['room']}: {'; '.join(effect['program'])}")
    decision = view["decision"]
    if decision is None:
        lines.append(f"game over: {view['outcome']}")
    else:
        lines.append(
            f"seat {decision['player'] + 1} to decide ({decision['kind']}): {decision['prompt']}; "
            f"steps left {view['steps']}"
        )
        if decision["actions"] is not None:
            lines.append("legal: " + ", ".join(decision["actions"]))
    return "\n".join(lines)


__all__ = ["mine_lines", "player_line", "render_view"]
