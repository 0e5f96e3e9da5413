"""Colours and short text forms shared by the board, the panels and the log.

Everything here turns public, JSON-ready view data (tiles, relics, cargo, positions) into
``rich`` text: gem colours for the four gems, a colour per region for face-down tiles, a colour
per seat for explorers, and the compact tile labels of the hex map (``E+2c``, ``S+3p``,
``A+sd``, ``Rbw``, ``Irid``: symbols, the same in every language). Static card data (costs) is
read through the rules package's API and card names through the catalogue; nothing here ever
sees the game state. ``fit`` pads or cuts a label to a number of terminal cells (Japanese
characters take two).
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text

from iridescia.games.iridescia import (
    COLOUR_NAMES,
    ITEM_BY_KEY,
    OBJECTIVE_BY_ID,
    REGION_NAMES,
    RELIC_TYPE_NAMES,
    objective_json,
    relic_json,
    tile_json,
)
from iridescia.tui.games.iridescia.words import Words
from iridescia.tui.terminal import DIM as DIM  # the seen-lines grey, re-exported

GEMS: tuple[str, ...] = ("amethyst", "citrine", "emerald", "sapphire")
GEM_LETTERS: dict[str, str] = {"amethyst": "A", "citrine": "C", "emerald": "E", "sapphire": "S"}
GEM_STYLES: dict[str, str] = {
    "amethyst": "bold #c77dff",
    "citrine": "bold #ffd60a",
    "emerald": "bold #2ec27e",
    "sapphire": "bold #4ea8ff",
}
RAINBOW_STYLES: tuple[str, ...] = ("bold #ff5f5f", "bold #ffd60a", "bold #2ec27e", "bold #4ea8ff")
IRIDIA_STYLE = "bold #ffffff on #8e44ad"
# Face-down tiles take their region's colour.
REGION_STYLES: dict[str, str] = {
    "desert": "#1c1c1c on #d7b46a",  # sand
    "canyon": "#ffffff on #a84a2a",  # rust
    "forest": "#ffffff on #2d6a36",  # green
    "ruins": "#ffffff on #5f5f6f",  # stone grey
    "castle": "#ffffff on #6a3d9a",  # royal purple
}
FACE_UP_STYLE = "on #262626"
EMPTY_STYLE = "#5f5f5f"
BARRICADE_STYLE = "bold #ffffff on #c0392b"
SEAT_STYLES: tuple[str, ...] = ("bold #ff6b6b", "bold #4dd0e1", "bold #ffa94d", "bold #f8f8f2")
SEAT_MARK_STYLES: tuple[str, ...] = (
    "bold #ffffff on #c0392b",
    "bold #000000 on #4dd0e1",
    "bold #000000 on #ffa94d",
    "bold #000000 on #f8f8f2",
)
RHOM_STYLE = "bold #b5e853"  # the Rhom automa: lime, whatever its seat number
RHOM_MARK_STYLE = "bold #000000 on #b5e853"


def fit(text: str, width: int) -> str:
    """``text`` padded with spaces or cut to exactly ``width`` terminal cells."""
    return set_cell_size(text, width)


def label_width(texts: list[str], least: int) -> int:
    """Room for the widest of ``texts`` and a space after it, at least ``least`` cells."""
    return max([least, *(cell_len(t) + 1 for t in texts)])


def region_name(region: int | str) -> str:
    """A region's name from a view, which may give its number (0 = desert) or its name."""
    if isinstance(region, str):
        return region
    return REGION_NAMES[region] if 0 <= region < len(REGION_NAMES) else ""


def region_style(region: int | str) -> str:
    return REGION_STYLES.get(region_name(region), "on #444444")


def seat_style(seat: int, rhom: int | None = None) -> str:
    """A seat's colour; the Rhom's seat (``rhom``) has its own."""
    if seat == rhom:
        return RHOM_STYLE
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def seat_mark(seat: int, rhom: int | None = None) -> Text:
    """An explorer on the map: ``@1``..``@4``, or ``@R`` for the Rhom."""
    if seat == rhom:
        return Text("@R", RHOM_MARK_STYLE)
    return Text(f"@{seat + 1}", SEAT_MARK_STYLES[seat % len(SEAT_MARK_STYLES)])


def gem_style(colour: str) -> str:
    return GEM_STYLES.get(colour, "bold")


def gem_letter(colour: str) -> str:
    return GEM_LETTERS.get(colour, "?")


def bonus_short(tile: dict[str, Any]) -> str:
    """``+2c``, ``+3p``, ``+sd`` or ``""``."""
    bonus = tile.get("bonus")
    if bonus == "coins":
        return f"+{tile['amount']}c"
    if bonus == "points":
        return f"+{tile['amount']}p"
    if bonus == "stone_die":
        return "+sd"
    return ""


def tile_label(tile: dict[str, Any]) -> Text:
    """The compact label of a face-up tile for the hex map (at most 7 characters)."""
    gem = str(tile["gem"])
    bonus = bonus_short(tile)
    if gem == "rainbow":
        text = Text()
        for ch, style in zip("Rbw", RAINBOW_STYLES, strict=False):
            text.append(ch, style)
    elif gem == "iridia":
        text = Text("Irid", IRIDIA_STYLE)
    else:
        text = Text(gem_letter(gem), gem_style(gem))
    if bonus:
        text.append(bonus, "bold #e0e0e0")
    return text


def tile_words(tile: dict[str, Any], msgs: Words) -> str:
    """A tile in words: ``emerald, +2 coins``."""
    gem = msgs.colour(str(tile["gem"]))
    bonus = tile.get("bonus")
    if bonus in ("coins", "points"):
        extra = "+" + msgs.count(str(bonus), int(tile.get("amount", 0)))
    elif bonus:
        extra = msgs.get(f"tui.bonus.{bonus}", str(bonus))
    else:
        return gem
    return msgs("tile.with_bonus", gem=gem, bonus=extra)


def tile_by_id(tile_id: int, msgs: Words) -> str:
    """``tile 23 (emerald, +2 coins)`` from a tile id (tile data is public once face up)."""
    return msgs("tile.numbered", id=tile_id, words=tile_words(tile_json(tile_id), msgs))


def relic_name(relic_id: int, msgs: Words) -> str:
    return msgs.get(f"relic.{relic_id}", str(relic_json(relic_id)["name"]))


def objective_name(objective_id: int, msgs: Words) -> str:
    return msgs.get(f"objective.{objective_id}", str(objective_json(objective_id)["name"]))


def objective_points(objective_id: int) -> int:
    return int(objective_json(objective_id)["points"])


def objective_goal(objective_id: int, msgs: Words) -> str:
    """What an objective asks for, in words (``most emerald tiles``)."""
    obj = OBJECTIVE_BY_ID.get(objective_id)
    if obj is None:
        return ""
    arg = obj.argument
    values: dict[str, Any] = {}
    if obj.condition in ("most_tiles", "most_relics_lead") and arg is not None:
        values["colour"] = msgs.colour(COLOUR_NAMES[arg])
    elif obj.condition == "most_relics_type" and arg is not None:
        values["type"] = msgs(f"type.{RELIC_TYPE_NAMES[arg]}")
    elif arg is not None:
        values["n"] = arg
    return msgs.get(f"obj.{obj.condition}", obj.condition).format(**values)


def item_name(key: str, msgs: Words) -> str:
    kind = ITEM_BY_KEY.get(key)
    return msgs.get(f"item.{key}", kind.name if kind else key)


def item_cost(key: str) -> int:
    kind = ITEM_BY_KEY.get(key)
    return kind.cost if kind else 0


def cost_text(cost: dict[str, int]) -> Text:
    """A relic cost like ``2A 1S`` with each gem in its colour."""
    text = Text()
    for colour in GEMS:
        n = cost.get(colour, 0)
        if n:
            if text:
                text.append(" ")
            text.append(f"{n}{gem_letter(colour)}", gem_style(colour))
    return text


def counts_text(counts: dict[str, int], zero_dim: bool = True) -> Text:
    """Counts per gem colour (``2 0 1 3``), coloured; zeros dimmed."""
    text = Text()
    for i, colour in enumerate(GEMS):
        n = counts.get(colour, 0)
        if i:
            text.append(" ")
        style = DIM if zero_dim and n == 0 else gem_style(colour)
        text.append(str(n), style)
    return text


def lead_text(lead: str, msgs: Words) -> Text:
    """A relic's lead gem in the relic row and the players table: its letter, or wild."""
    if lead == "wild":
        return Text(msgs("tui.lead.wild"), "bold #ffffff")
    return Text(gem_letter(lead), gem_style(lead))


def seat_text(seat: int, msgs: Words) -> Text:
    return Text(msgs.seat(seat), seat_style(seat, msgs.rhom))


def where_words(position: int, msgs: Words, short: bool = False) -> str:
    """Where an explorer stands (``hex 23``, ``off board``, ``Castle``); ``short`` for the
    players table, where the hex is named in as few letters as the language allows."""
    if position == 0:
        return msgs("tui.where.off")
    if position < 0:
        return msgs("tui.where.castle")
    return msgs("tui.where.hex" if short else "where.hex", hex=position)


def market_die(colour: str, value: int) -> Text:
    """A market die: the gem letter and its value on a dark chip."""
    return Text(f" {gem_letter(colour)}{value} ", Style.parse(gem_style(colour) + " on #303030"))
