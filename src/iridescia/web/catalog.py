"""Public card data and translation catalogues for the browser client.

``card_data()`` is the printed content of every card and tile (items with cost and text, relics
with cost, points, lead gem and type, objectives, tiles, royalty tokens): public game-box data
that lets the client draw and translate what the views mention by id. It never says where a
tile lies or in which order a deck is.

The client's strings live in ``static/i18n/<lang>.json`` (flat ``key -> template`` tables with
``{name}`` placeholders); ``load_catalogue`` reads one, and ``missing_keys`` lists what a
language lacks compared with English (the tests require nothing missing).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

I18N = Path(__file__).parent / "static" / "i18n"
DATA_PACKAGE = "iridescia.games.iridescia"


def _data(name: str) -> Any:
    return json.loads(
        resources.files(DATA_PACKAGE).joinpath("data", name).read_text(encoding="utf-8")
    )


@cache
def card_data() -> dict[str, Any]:
    royalty = _data("royalty.json")
    return {
        "items": [
            {k: it[k] for k in ("key", "name", "cost", "timing", "text")}
            for it in _data("items.json")
        ],
        "relics": _data("relics.json"),
        "objectives": _data("objectives.json"),
        "tiles": _data("tiles.json"),
        "tokens": royalty["tokens"],
        "rhom_cards": _data("rhom_cards.json"),
    }


def languages() -> list[str]:
    return sorted(p.stem for p in I18N.glob("*.json"))


def load_catalogue(lang: str) -> dict[str, str]:
    table = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    if not isinstance(table, dict):
        raise ValueError(f"{lang}.json must be one JSON object")
    return {str(k): str(v) for k, v in table.items()}


def missing_keys(lang: str) -> list[str]:
    """Keys English has and ``lang`` lacks."""
    english = load_catalogue("en")
    other = load_catalogue(lang)
    return sorted(k for k in english if k not in other)
