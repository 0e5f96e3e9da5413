"""The panels' words (``i18n/<lang>/web-panels.json``): every language has every key with the same
placeholders, and the key families the panels build from card data (an item's timing, a Rhom
card's icon and directions, the weathervane) have a text for every value the data holds, so no
player ever sees a raw key such as ``timing.any_time`` (the browser test
``tests/e2e/test_e2e_panels.py`` renders every card in every language)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import iridescia.i18n
from iridescia import games
from iridescia.i18n import catalogue, languages
from iridescia.web.games import PLUGINS

SECTION = Path(iridescia.i18n.__file__).parent
STATIC = Path(__file__).resolve().parents[1] / "src" / "iridescia" / "web" / "static"
PLUGIN = STATIC / "games" / "gems-of-iridescia"


def _section(lang: str) -> dict[str, str]:
    return dict(json.loads((SECTION / lang / "web-panels.json").read_text(encoding="utf-8")))


def test_every_language_has_every_panels_key_with_the_same_placeholders() -> None:
    english = _section("en")
    assert {"en", "fr", "ja"} <= set(languages())
    for lang in languages():
        table = _section(lang)
        assert sorted(set(english) ^ set(table)) == [], lang
        for key, text in table.items():
            assert set(re.findall(r"\{(\w+)\}", text)) == set(
                re.findall(r"\{(\w+)\}", english[key])
            ), (lang, key)
    assert catalogue("ja")["list.sep"] == "、"  # Japanese lists use 、 (one key for every list)


def test_every_key_the_panels_name_is_in_every_catalogue() -> None:
    named = set()
    for path in PLUGIN.glob("*.js"):
        named.update(
            re.findall(r"""\bt\(\s*"(panels\.[^"]+)"\)?""", path.read_text(encoding="utf-8"))
        )
    assert len(named) > 30
    for lang in languages():
        assert sorted(named - set(catalogue(lang))) == [], lang


def test_the_key_families_cover_the_card_data() -> None:
    data = PLUGINS["gems-of-iridescia"].client_data()
    families = {f"panels.timing.{i['timing']}" for i in data["items"]}
    families |= {f"panels.timing_short.{i['timing']}" for i in data["items"]}
    families |= {f"panels.rhom_icon.{c['icon']}" for c in data["rhom_cards"]}
    families |= {f"rhom.dir.{d}" for c in data["rhom_cards"] for d in c["reveal_order"]}
    families |= {f"panels.vane.{c['weathervane']}" for c in data["rhom_cards"]}
    families |= {f"type.{r['type']}" for r in data["relics"]} | {
        f"token.{k['key']}" for k in data["tokens"]
    }
    families |= {f"region.{t['region']}" for t in data["tiles"]}
    view = games.get("gems-of-iridescia").new(1, seed=1, mode="solo").view(0)
    families |= {f"panels.source.{k}" for p in view["players"] for k in p["points"]}
    assert {"panels.timing.any_time", "rhom.dir.FL", "panels.source.merchant"} <= families
    for lang in languages():
        assert sorted(families - set(catalogue(lang))) == [], lang
