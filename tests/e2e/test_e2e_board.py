"""The Gems of Iridescia map in real Chromium: what the board draws, checked in the page.

Most tests draw the board straight from views the engine made (a harness on the app's own page:
the plug-in's ``renderBoard`` into a box of a given size, with a recording ``pick``), so each
takes a second or two; one plays the first moves of a real solo table at 1440x900 and on a phone.

- tiles are drawn as tiles: gems by shape (four colours, four shapes: the colour-blind check,
  with a greyscale screenshot), bonuses as icons with their amounts, never the English codes
  ("+1c", "+2p", "+sd", "R"); face-down tiles by region mark; empty hexes as sockets;
- explorers are pawns in four clan colours far apart, the Rhom a figure of its own; up to four
  on one hex never cover the tile's gem or bonus; a barricade leaves the gem in sight;
- legal hexes keep ``.legal``, ``data-hex`` and ``data-actions`` and answer a click, Enter and
  Space;
- the last move: a ring and an arrow in the mover's colour from the step's events; the motion
  plays only when asked, and never under prefers-reduced-motion;
- the board scales to any box (viewBox only) and zoom centres on the legal hexes;
- tooltips are translated (no catalogue key left, Japanese lists with 、);
- axe-core finds no serious accessibility violation in the board (when it is installed).

Screenshots: ``test-artifacts/board-*.png`` (the greyscale one is there to be looked at).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from e2e_support import (  # noqa: F401 - the fixtures are used by name
    ARTIFACTS,
    NewContext,
    PageErrors,
    browser_fixture,
    context_fixture,
    errors_fixture,
    fix_seed,
    new_context_fixture,
    server_fixture,
    shot,
)
from playwright.sync_api import BrowserContext, Page

from iridescia.games.iridescia.game import Game
from iridescia.games.iridescia.views import tile_json
from iridescia.web.testing import ServerProcess

PLUGIN = "/static/games/gems-of-iridescia"
HUMANS = [{"kind": "human", "name": n} for n in ("Ada", "Bo", "Cy", "Di")]
SOLO = [{"kind": "human", "name": "Ada"}, {"kind": "rhom", "name": ""}]

# Draws the board into a fixed box; `window.picked` records what the board asks to apply.
DRAW = """async ([view, events, before, motion, w, h, legal, seats, lang, zoom]) => {
  const i18n = await import('/static/js/i18n.js');
  if (i18n.lang !== lang) await i18n.loadLanguage(lang);
  i18n.setSeats(seats);
  const words = await import('PLUGIN/words.js');
  const meta = await (await fetch('/api/meta')).json();
  words.setCards(meta.games.find((g) => g.name === 'gems-of-iridescia').data);
  const board = await import('PLUGIN/board.js');
  const { attachZoom } = await import('/static/js/zoom.js');
  window.picked = [];
  const ctx = { seat: 0, table: {}, events, before, motion,
    at: (place) => (legal[place] || []), pick: (acts) => window.picked.push(acts) };
  let box = document.querySelector('#board-box');
  if (!box) {
    box = document.createElement('div');
    box.id = 'board-box';
    document.body.replaceChildren(box);
  }
  box.style.cssText = `width:${w}px;height:${h}px;background:#e8dcc4;`;
  const svg = board.renderBoard(view, ctx);
  box.replaceChildren(svg);
  window.zoomState = window.zoomState || { z: 1 };
  if (zoom !== null) window.zoomState.z = zoom;
  attachZoom(svg, window.zoomState, () => {});
}""".replace("PLUGIN", PLUGIN)


def _draw(
    page: Page,
    view: dict[str, Any],
    *,
    events: list[dict[str, Any]] | None = None,
    before: dict[str, Any] | None = None,
    motion: int = 0,
    size: tuple[int, int] = (700, 760),
    legal: dict[str, list[str]] | None = None,
    seats: list[dict[str, str]] | None = None,
    lang: str = "en",
    zoom: float | None = None,
) -> None:
    args = [view, events or [], before, motion, *size, legal or {}, seats or HUMANS, lang, zoom]
    page.evaluate(DRAW, args)


def _harness(context: BrowserContext, server: ServerProcess, errors: PageErrors) -> Page:
    page = errors.watch(context.new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    return page


# Tiles chosen to show every gem, every bonus kind and amount, the rainbow and the Iridia Stone.
SHOWN_TILES = {
    2: 1, 3: 4, 4: 7, 5: 10, 8: 13, 9: 14, 10: 15, 11: 16, 15: 27, 16: 41, 53: 57, 54: 58,
}  # fmt: skip


def _showcase() -> dict[str, Any]:
    """A 4-player view with those tiles face up, a barricade on a face-up tile, one collected
    hex, four explorers on a points tile and one in the Castle."""
    view = Game.new(4, seed=3).view(0)
    by_hex = {h["hex"]: h for h in view["board"]}
    for hex_id, tile in SHOWN_TILES.items():
        by_hex[hex_id].update(face_up=True, tile=tile_json(tile))
    by_hex[4]["barricade"] = True
    by_hex[12].update(has_tile=False, face_up=False, tile=None)
    for p, pos in zip(view["players"], (10, 10, 10, 10), strict=True):
        p["position"] = pos
    return view


def _solo_step() -> dict[str, Any]:
    """A solo game's step in which the Rhom reveals, moves and collects (and its views)."""
    game = Game.new(1, seed=5)
    rng = random.Random(5)
    while not game.is_terminal():
        before = game.view(0)
        events = game.apply(rng.choice(game.legal_actions()))
        kinds = [e.kind for e in events]
        rhom_moves = [e for e in events if e.kind == "move" and e.player == 1]
        if rhom_moves and "reveal" in kinds and before["players"][1]["position"] > 0:
            return {
                "before": before,
                "after": game.view(0),
                "events": [{"kind": e.kind, "player": e.player, "data": e.data} for e in events],
                "to": rhom_moves[-1].data["to"],
            }
    raise AssertionError("no Rhom move in that game")


def test_tiles_drawn_as_tiles_and_gems_told_apart_by_shape(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _harness(context, server, errors)
    view = _showcase()
    _draw(page, view)
    texts = page.eval_on_selector_all(
        "svg.board text:not(.start-label)", "els => els.map(e => e.textContent)"
    )
    assert page.locator("svg.board .start-label").text_content() == "Start"  # from the catalogue
    for text in texts:  # numbers only: hex numbers, amounts, seat numbers
        assert text.isdigit(), f"text on the board that is not a number: {text!r}"
    gems = page.eval_on_selector_all(
        ".hex .tile-face .gem-shape",
        """els => els.map(g => {
            const s = g.firstElementChild;
            return [g.getAttribute('class').split(' ')[1], s.tagName + ':' +
                    (s.getAttribute('points') || '').trim().split(/\\s+/).length];
        })""",
    )
    shapes: dict[str, set[str]] = {}
    for colour, shape in gems:
        shapes.setdefault(colour, set()).add(shape)
    four = ["gem-amethyst", "gem-citrine", "gem-emerald", "gem-sapphire"]
    assert all(len(shapes[c]) == 1 for c in four), shapes
    distinct = {next(iter(shapes[c])) for c in four}
    assert len(distinct) == 4, f"two gem colours share a shape: {shapes}"
    assert {"gem-rainbow", "gem-iridia"} <= shapes.keys()

    def amount(hex_id: int, icon: str) -> str:
        return page.locator(f'.hex[data-hex="{hex_id}"] .{icon} text').text_content()

    assert amount(9, "coin-shape") == "1" and amount(15, "coin-shape") == "2"
    assert amount(10, "points-shape") == "1" and amount(16, "points-shape") == "3"
    assert amount(54, "points-shape") == "5"
    assert page.locator('.hex[data-hex="11"] .stone-die-shape').count() == 1
    # Face-down tiles carry their region's mark; empty hexes are bare dashed sockets.
    regions = {1: "desert", 20: "canyon", 30: "forest", 45: "ruins", 57: "castle"}
    for hex_id, region in regions.items():
        assert page.locator(f'.hex[data-hex="{hex_id}"] .region-mark.region-{region}').count() == 1
    assert page.locator('.hex[data-hex="12"] .socket-empty').count() == 1
    assert page.locator('.hex[data-hex="12"] .tile *').count() == 0
    assert page.locator(".castle").count() == 1
    shot(page, "board-tiles")
    page.eval_on_selector("#board-box", "b => { b.style.filter = 'grayscale(1)'; }")
    shot(page, "board-greyscale")
    assert not errors.errors, errors.errors


def _boxes(page: Page, selector: str) -> list[dict[str, float]]:
    boxes: list[dict[str, float]] = page.eval_on_selector_all(
        selector,
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {x: r.x, y: r.y, w: r.width, h: r.height}; })",
    )
    return boxes


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["w"] - 0.5
        and b["x"] < a["x"] + a["w"] - 0.5
        and a["y"] < b["y"] + b["h"] - 0.5
        and b["y"] < a["y"] + a["h"] - 0.5
    )


def test_explorers_and_barricades_never_hide_the_tile(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _harness(context, server, errors)
    view = _showcase()
    _draw(page, view)
    pawns = _boxes(page, ".explorers .explorer")
    assert len(pawns) == 4
    gem = _boxes(page, '.hex[data-hex="10"] .gem-shape')[0]
    bonus = _boxes(page, '.hex[data-hex="10"] .points-shape')[0]
    for pawn in pawns:
        assert not _overlap(pawn, gem) and not _overlap(pawn, bonus), (pawn, gem, bonus)
    for i, a in enumerate(pawns):  # four on one hex stay apart
        assert all(not _overlap(a, b) for b in pawns[i + 1 :])
    # Four clan colours, none pale enough to vanish on a cream tile; every pawn outlined dark.
    fills = page.eval_on_selector_all(
        ".explorer .pawn > path:not(.halo)",
        "els => els.map(e => [e.getAttribute('fill'), e.getAttribute('stroke')])",
    )
    assert len({f for f, _ in fills}) == 4
    for fill, stroke in fills:
        r, g, b = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))
        assert 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.75, fill
        assert stroke == "#141414"
    # A barricade on a face-up tile: a frame and a corner sign, the gem still in sight.
    barricade = page.locator('.hex[data-hex="4"] .barricade')
    assert barricade.count() == 1
    fills_inside = barricade.locator("polygon").evaluate_all(
        "els => els.map(e => e.getAttribute('fill'))"
    )
    assert set(fills_inside) == {"none"}
    sign = _boxes(page, '.hex[data-hex="4"] .barricade circle')[0]
    assert not _overlap(sign, _boxes(page, '.hex[data-hex="4"] .gem-shape')[0])
    # The Rhom: its own figure, no letter.
    solo = Game.new(1, seed=2).view(0)
    solo["players"][0]["position"] = 3
    solo["players"][1]["position"] = 3
    _draw(page, solo, seats=SOLO)
    rhom = page.locator(".explorer.rhom")
    assert rhom.count() == 1 and rhom.locator(".pawn-rhom").count() == 1
    assert rhom.locator("text").count() == 0
    shot(page, "board-solo-pawns")
    assert not errors.errors, errors.errors


def test_legal_hexes_answer_click_enter_and_space(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _harness(context, server, errors)
    view = Game.new(2, seed=1).view(0)
    legal = {"hex:2": ["reveal 2"], "hex:5": ["reveal 5", "move 5"], "hex:12": ["move 12"]}
    _draw(page, view, legal=legal)
    hexes = page.locator("svg.board .hex.legal")
    assert hexes.count() == 3
    # A picture says what a click does: an eye reveals, an arrow moves.
    assert page.locator('.hex[data-hex="2"] .legal-badge.legal-reveal').count() == 1
    assert page.locator('.hex[data-hex="12"] .legal-badge.legal-move').count() == 1
    two = page.locator('svg.board .hex.legal[data-hex="2"]')
    assert json.loads(two.get_attribute("data-actions") or "[]") == ["reveal 2"]
    assert two.get_attribute("tabindex") == "0" and two.get_attribute("role") == "button"
    assert "Hex 2" in (two.get_attribute("aria-label") or "")
    two.click()
    page.locator('svg.board .hex.legal[data-hex="5"]').focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    picked = page.evaluate("window.picked")
    assert picked == [["reveal 2"], ["reveal 5", "move 5"], ["reveal 5", "move 5"]]
    page.keyboard.press("ArrowLeft")  # the arrow keys go from legal hex to legal hex
    assert page.evaluate("document.activeElement.dataset.hex") == "2"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.hex") == "5"
    assert page.locator('svg.board .hex[data-hex="3"]').get_attribute("tabindex") is None
    shot(page, "board-legal")
    assert not errors.errors, errors.errors


def _web_animations(page: Page) -> int:
    count: int = page.evaluate(
        "document.getAnimations().filter(a => !(a instanceof CSSAnimation)).length"
    )
    return count


def test_last_move_marked_and_played_only_when_asked(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _harness(context, server, errors)
    step = _solo_step()
    _draw(page, step["after"], events=step["events"], before=step["before"], seats=SOLO)
    mark = page.locator('.marks .last-move[data-seat="1"]')
    assert mark.count() == 1
    assert mark.get_attribute("data-to") == str(step["to"])
    assert mark.locator(".last-move-ring").count() >= 1
    assert mark.locator("polyline").count() == 2  # the arrow (outline and colour)
    title = page.locator(f'.hex[data-hex="{step["to"]}"] > title').text_content() or ""
    assert "Rhom just moved here" in title
    assert _web_animations(page) == 0  # motion 0: nothing moves
    # With a motion time: the step plays (the pawn slides, the tile flips and lifts away).
    _draw(page, step["after"], events=step["events"], before=step["before"], seats=SOLO,
          motion=1500)  # fmt: skip
    assert _web_animations(page) >= 3
    page.wait_for_timeout(700)
    shot(page, "board-motion-midway")
    page.wait_for_timeout(1200)
    assert _web_animations(page) == 0 or page.locator(".ghosts .ghost").count() == 0
    assert page.locator(".ghosts .ghost").count() == 0
    shot(page, "board-last-move")
    # A barricade the Rhom placed is marked too.
    barricade = [{"kind": "rhom_barricade", "player": 1, "data": {"hex": 30, "row": 5, "count": 3}}]
    _draw(page, step["after"], events=barricade, seats=SOLO)
    assert page.locator('.marks .last-rhom_barricade[data-hex="30"]').count() == 1
    # Without the view before (a reload): the ring still marks where the Rhom went.
    _draw(page, step["after"], events=step["events"], before=None, seats=SOLO, motion=1500)
    assert _web_animations(page) == 0
    assert page.locator(".marks .last-move .last-move-ring").count() >= 1
    # Odd input draws the board all the same (no page error).
    odd = [
        {"kind": "move", "player": 0, "data": {}},
        {"kind": "swap", "player": 0, "data": None},
        {"kind": "rhom_barricade", "player": 1, "data": {"hex": 999}},
        {"kind": "?", "player": None},
    ]
    _draw(page, step["after"], events=odd, before={"players": []}, seats=SOLO, motion=300)
    assert page.locator("svg.board .hex").count() == 58
    # prefers-reduced-motion: no motion at all, not even the breathing rings.
    page.emulate_media(reduced_motion="reduce")
    _draw(page, step["after"], events=step["events"], before=step["before"], seats=SOLO,
          motion=1500, legal={"hex:3": ["reveal 3"]})  # fmt: skip
    assert page.evaluate("document.getAnimations().length") == 0
    assert not errors.errors, errors.errors


def test_board_fits_any_box_and_zoom_centres_on_legal_hexes(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _harness(context, server, errors)
    view = Game.new(2, seed=1).view(0)
    for w, h in ((300, 700), (900, 300), (390, 420)):
        _draw(page, view, size=(w, h))
        svg = page.locator("svg.board")
        assert svg.get_attribute("width") is None and svg.get_attribute("height") is None
        box = _boxes(page, "svg.board .hexes")[0]
        assert box["x"] >= -0.5 and box["y"] >= -0.5
        assert box["x"] + box["w"] <= w + 0.5 and box["y"] + box["h"] <= h + 0.5, (w, h, box)
        assert max(box["w"] / w, box["h"] / h) > 0.8  # and uses the box
    # Zoomed in, the view centres on the legal hexes, again when they change.
    for legal_hex in (3, 52):
        _draw(page, view, legal={f"hex:{legal_hex}": [f"reveal {legal_hex}"]}, zoom=2.5)
        vb = [float(v) for v in (page.locator("svg.board").get_attribute("viewBox") or "").split()]
        hexbox = _boxes(page, f'svg.board .hex[data-hex="{legal_hex}"] .socket')[0]
        svgbox = _boxes(page, "svg.board")[0]
        assert vb[2] < float(page.locator("svg.board").get_attribute("data-width") or 0)
        assert svgbox["x"] <= hexbox["x"] and hexbox["x"] + hexbox["w"] <= svgbox["x"] + svgbox["w"]
        assert svgbox["y"] <= hexbox["y"] and hexbox["y"] + hexbox["h"] <= svgbox["y"] + svgbox["h"]
    shot(page, "board-zoomed")
    # The wheel zooms about the point under the pointer.
    _draw(page, view, zoom=1)
    before = _boxes(page, 'svg.board .hex[data-hex="50"] .socket')[0]
    x, y = before["x"] + before["w"] / 2, before["y"] + before["h"] / 2
    page.mouse.move(x, y)
    page.mouse.wheel(0, -100)
    page.wait_for_timeout(100)
    after = _boxes(page, 'svg.board .hex[data-hex="50"] .socket')[0]
    assert after["w"] > before["w"] * 1.1
    assert abs(after["x"] + after["w"] / 2 - x) < 3 and abs(after["y"] + after["h"] / 2 - y) < 3
    assert not errors.errors, errors.errors


def test_board_tooltips_are_translated(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _harness(context, server, errors)
    step = _solo_step()
    view = _showcase()
    view["players"][1]["position"] = 9  # two explorers listed on one hex
    for lang in ("en", "fr", "ja"):
        _draw(page, view, lang=lang)
        titles = page.eval_on_selector_all("svg.board title", "els => els.map(e => e.textContent)")
        _draw(page, step["after"], events=step["events"], before=step["before"], seats=SOLO,
              lang=lang)  # fmt: skip
        titles += page.eval_on_selector_all("svg.board title", "els => els.map(e => e.textContent)")
        for title in titles:
            assert "board." not in title and "{" not in title and "colour." not in title, title
        joined = "\n".join(titles)
        if lang == "ja":
            assert "、" in joined and ", " not in joined
            assert "マス" in joined and "探検者" in joined
        if lang == "fr":
            assert "Hexagone" in joined and "tuile" in joined
    assert not errors.errors, errors.errors


def test_board_on_a_real_table_desktop_and_phone(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    for name, size in (("desktop", (1440, 900)), ("phone", (390, 844))):
        context = new_context(viewport={"width": size[0], "height": size[1]})
        page = errors.watch(context.new_page())
        fix_seed(page, 11)
        page.goto(server.url + "/")
        page.wait_for_selector("#create")
        page.select_option("#mode", "solo")
        page.click("#create")
        page.wait_for_selector("svg.board .hex.legal")
        for _ in range(3):
            page.wait_for_selector('#prompt[data-mine="1"] #actions [data-action]')
            legal = page.locator("svg.board .hex.legal")
            if not legal.count():
                break
            legal.last.click()
            page.wait_for_timeout(300)
        page.wait_for_selector("svg.board .explorer")
        board = _boxes(page, "svg.board")[0]
        assert board["x"] >= 0 and board["x"] + board["w"] <= size[0] + 0.5
        shot(page, f"board-table-{name}")
    assert (ARTIFACTS / "board-table-phone.png").exists()
    assert not errors.errors, errors.errors


def test_board_has_no_serious_accessibility_violation(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    page = _harness(context, server, errors)
    step = _solo_step()
    legal = {"hex:3": ["reveal 3"], "hex:4": ["reveal 4", "move 4"]}
    _draw(page, step["after"], events=step["events"], seats=SOLO, legal=legal)
    found = axe.Axe().run(page, context={"include": [["svg.board"]]}).response["violations"]
    serious = [v["id"] for v in found if v["impact"] in ("serious", "critical")]
    assert not serious, found
    assert not errors.errors, errors.errors
