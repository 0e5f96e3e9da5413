"""Gem Rush's panel words (``i18n/<lang>/web-gemrush-panels.json`` and the ``gr.*`` keys the panels
borrow from ``gem-rush.json``): every key the browser plug-in names is in every language with
the same placeholders, and the key families the panels build from data (a decision's kind, a
special gem, a figure of the end screen, a room type) have a text for every value the engine
and the result produce, so no player sees a raw key such as ``gr.kind.name_two`` (the browser
tests ``tests/e2e/test_e2e_gemrush_panels.py`` render every decision in three languages)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import iridescia.i18n
from iridescia.games.gemrush import GAME, catalogue
from iridescia.i18n import catalogue as words
from iridescia.i18n import languages
from iridescia.web.games.gemrush_result import GAME_FIGURES, SEAT_FIGURES

SECTION = Path(iridescia.i18n.__file__).parent
PLUGIN = Path(__file__).resolve().parents[1] / "src/iridescia/web/static/games/gem-rush"
PANEL_FILES = ("panels", "hand", "payment", "effects", "piles", "scores", "result", "aid", "words")
# Keys the panels name whole: t("grp.hand", ...), t("gr.kind.keep")...
NAMED = re.compile(r"""\bt\(\s*"((?:grp|gr|grw)\.[a-z_.A-Z]+)"[,)]""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _section(lang: str) -> dict[str, str]:
    path = SECTION / lang / "web-gemrush-panels.json"
    return dict(json.loads(path.read_text(encoding="utf-8")))


def _has(table: dict[str, str], key: str) -> bool:
    return key in table or f"{key}.other" in table


def test_every_language_has_every_panel_key_with_the_same_placeholders() -> None:
    english = _section("en")
    for lang in languages():
        table = _section(lang)
        # Japanese has one plural form (.other): a ".one" form is English's and French's only
        singular = {k for k in english if k.endswith(".one")}
        missing = set(english) - set(table) - (singular if lang == "ja" else set())
        assert sorted(missing) == [] and sorted(set(table) - set(english)) == [], lang
        for key, text in table.items():
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english[key])), (
                lang,
                key,
            )


def test_every_key_the_panels_name_is_in_every_catalogue() -> None:
    named: set[str] = set()
    for name in PANEL_FILES:
        named.update(NAMED.findall((PLUGIN / f"{name}.js").read_text(encoding="utf-8")))
    assert len(named) > 80
    for lang in languages():
        table = words(lang)
        assert sorted(k for k in named if not _has(table, k)) == [], lang


def _decision_kinds() -> set[str]:
    """Every decision kind met in a few seeded random games (Crisis and Rush), and each
    destination decision's ``how`` as ``destination:<how>``."""
    kinds: set[str] = set()
    for mode, seed in (("crisis", 1), ("rush", 2), ("crisis", 3), ("rush", 4)):
        game = GAME.new(3, seed, mode=mode)
        rng = random.Random(seed)
        for _ in range(1500):
            seat = game.current_player
            if seat is None:
                break
            decision = game.view(seat)["decision"]
            assert decision is not None
            kinds.add(decision["kind"])
            if "how" in decision["details"]:
                kinds.add(f"destination:{decision['details']['how']}")
            game.apply(rng.choice(game.legal_actions()))
    return kinds


def test_the_key_families_cover_the_data() -> None:
    data = catalogue()
    kinds = _decision_kinds()
    assert {"payment", "keep", "burn", "movement"} <= kinds
    hows = {k.split(":", 1)[1] for k in kinds if k.startswith("destination:")}
    kinds -= {f"destination:{how}" for how in hows}
    assert "warpstone jump" in hows  # the effects panel names it as gr.ctx.dest.warpstone_jump
    families = {f"gr.kind.{k.replace(' ', '_')}" for k in kinds}
    families |= {f"gr.ctx.dest.{how.replace(' ', '_')}" for how in hows}
    families |= {f"grp.special.{g['code']}" for g in data["gems"] if g["special"]}
    families |= {f"gr.gem.{g['code']}" for g in data["gems"]}
    families |= {f"grp.end.fig.{f}" for f in SEAT_FIGURES if f not in ("score", "turns")}
    families |= {f"grp.end.game.{f}" for f in GAME_FIGURES if f != "construction_points"}
    families |= {f"grp.aid.type.{r['type']}" for r in data["rooms"]}
    families |= {f"gr.type.{r['type']}" for r in data["rooms"]}
    for lang in languages():
        table = words(lang)
        assert sorted(k for k in families if not _has(table, k)) == [], lang
