"""Gem Rush's mine in real Chromium: what the board draws, checked in the page.

Most tests draw the mine straight from views the engine made (a harness on the app's own page:
the plug-in's ``renderMine`` into a box of a given size, with the legal places found through
the server's action table and a recording ``pick``), so each takes a second or two; one plays
the first moves of a real Rush table with a bot by clicking the mine.

- the mine renders a fresh Crisis and Rush table and a large mine after 60+ random actions:
  one tile per placed tile, one dashed square per construction site, one dwarf per seat, every
  legal action with a place on the mine clickable there (``data-actions``), no catalogue key left
  (English, French, Japanese); axe-core finds no serious accessibility violation;
- each of the eleven gems has its own shape (the colour-blind check, with a greyscale shot);
- a construction's rotation is chosen by clicking a preview in the tray (pointing at one turns
  the ghost tile), and from the keyboard;
- zoomed in, the view centres on the acting dwarf and the legal places; a drag pans it;
- ``project`` applies each step of a random game to a copy of the view before it and gets the
  mine, rooms and scores of the view after it (the old view is never changed);
- a click on a doorway of the dwarf's room walks through it; Mystic Elevator's doors are clickable;
- on a real table, a click on a doorway's destination walks the dwarf there.

Screenshots: ``test-artifacts/gemrush-board-*.png``.
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

from iridescia.games.gemrush import GAME, GEM_CODES, GEM_COLOURS
from iridescia.web.testing import ServerProcess

PLUGIN = "/static/games/gem-rush"
SEATS = [{"kind": "human", "name": n} for n in ("Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")]

# Draws the mine into a fixed box; `window.picked` records what the mine asks to apply. The
# legal places come from the server's action table, as the table page finds them.
DRAW = """async ([view, events, before, motion, w, h, lang, zoom]) => {
  const i18n = await import('/static/js/i18n.js');
  if (i18n.lang !== lang) await i18n.loadLanguage(lang);
  i18n.setSeats(SEATS);
  const words = await import('PLUGIN/words.js');
  const meta = await (await fetch('/api/meta')).json();
  words.setCatalogue(meta.games.find((g) => g.name === 'gem-rush').data);
  const table = (await (await fetch('/api/games/gem-rush/actions')).json()).actions;
  const legal = {};
  for (const text of (view.decision && view.decision.actions) || []) {
    const row = table.find((r) => r.text === text);
    if (row && row.at) (legal[row.at] = legal[row.at] || []).push(text);
  }
  const mine = await import('PLUGIN/mine.js');
  const { attachZoom } = await import('/static/js/zoom.js');
  window.picked = [];
  const ctx = { seat: 0, table: {}, events, before, motion,
    at: (place) => legal[place] || [], pick: (acts) => window.picked.push(acts) };
  let box = document.querySelector('#board-box');
  if (!box) {
    box = document.createElement('div');
    box.id = 'board-box';
    document.body.replaceChildren(box);
  }
  box.style.cssText = `width:${w}px;height:${h}px;position:relative;`;
  const svg = mine.renderMine(view, ctx);
  svg.style.cssText = 'width:100%;height:100%;';
  box.replaceChildren(svg);
  window.zoomState = window.zoomState || { z: 1 };
  if (zoom !== null) window.zoomState.z = zoom;
  attachZoom(svg, window.zoomState, () => {});
  return legal;
}""".replace("PLUGIN", PLUGIN).replace("SEATS", json.dumps(SEATS))


def _draw(
    page: Page,
    view: dict[str, Any],
    *,
    events: list[dict[str, Any]] | None = None,
    before: dict[str, Any] | None = None,
    size: tuple[int, int] = (900, 700),
    lang: str = "en",
    zoom: float | None = None,
) -> dict[str, list[str]]:
    args = [view, events or [], before, 0, *size, lang, zoom]
    legal: dict[str, list[str]] = page.evaluate(DRAW, args)
    return legal


def _harness(context: BrowserContext, server: ServerProcess, errors: PageErrors) -> Page:
    page = errors.watch(context.new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    return page


def _play(mode: str, players: int, seed: int, actions: int, stop: str | None = None) -> Any:
    """A game after `actions` random actions (then up to a decision of kind `stop`), with the
    events and the acting seat's view before the last action."""
    game = GAME.new(players, seed=seed, mode=mode)
    rng = random.Random(seed)
    events: list[dict[str, Any]] = []
    before: dict[str, Any] | None = None
    done = 0
    while game.current_player is not None:
        decision = game.decision()
        if done >= actions and (stop is None or (decision and decision.kind == stop)):
            break
        before = dict(game.view(game.current_player))
        happened = game.apply(rng.choice(game.legal_actions()))
        events = [{"kind": e.kind, "player": e.player, "data": e.data} for e in happened]
        done += 1
    seat = game.current_player if game.current_player is not None else 0
    return dict(game.view(seat)), events, before


def _check_mine(page: Page, view: dict[str, Any], legal: dict[str, list[str]]) -> None:
    tiles = page.eval_on_selector_all(
        "svg.gr-mine .gr-tiles > .gr-tile", "els => els.map(e => Number(e.dataset.tile))"
    )
    assert sorted(tiles) == sorted(t["id"] for t in view["mine"]["tiles"])
    cells = {(s["x"], s["y"]) for s in view["mine"]["sites"]}
    assert page.locator("svg.gr-mine .gr-sites > .gr-site").count() >= len(cells)
    assert page.locator("svg.gr-mine .gr-dwarf-piece").count() == view["num_players"]
    offered = set(
        page.eval_on_selector_all(
            "svg.gr-mine [data-actions]", "els => els.flatMap(e => JSON.parse(e.dataset.actions))"
        )
    )
    mine_places = ("dir", "site", "door", "tile", "rotate")
    on_mine = {a for p, acts in legal.items() if p.split(":")[0] in mine_places for a in acts}
    assert on_mine <= offered, on_mine - offered
    text = page.eval_on_selector("svg.gr-mine", "s => s.textContent")
    assert "grb." not in text and "gr." not in text, text


def test_mine_renders_fresh_tables_and_a_large_mine(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _harness(context, server, errors)
    for mode, players in (("crisis", 3), ("rush", 4)):
        view, _, _ = _play(mode, players, seed=4, actions=0)
        legal = _draw(page, view)
        assert legal, "a fresh table offers walks"
        _check_mine(page, view, legal)
        shot(page, f"gemrush-board-fresh-{mode}")
    for lang in ("fr", "ja"):  # tooltips and labels in the reader's language, no key left
        legal = _draw(page, view, lang=lang)
        _check_mine(page, view, legal)
        words = page.eval_on_selector("svg.gr-mine", "s => s.textContent")
        assert ("porte" in words) if lang == "fr" else ("扉" in words), words
    view, events, before = _play("rush", 4, seed=2, actions=160)
    assert len(view["mine"]["tiles"]) >= 8
    for name, size in (("desktop", (1440, 900)), ("phone", (390, 844))):
        legal = _draw(page, view, events=events, before=before, size=size)
        _check_mine(page, view, legal)
        shot(page, f"gemrush-board-large-{name}")
    # Every place a click plays is a Tab stop or shares its actions with one, and says what it is.
    labels = page.eval_on_selector_all(
        "svg.gr-mine .gr-legal[tabindex='0']", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert all(labels), labels
    assert not errors.errors, errors.errors


def test_mine_has_no_serious_accessibility_violation(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    page = _harness(context, server, errors)
    view, events, before = _play("rush", 4, seed=2, actions=60, stop="rotation")
    _draw(page, view, events=events, before=before)
    found = axe.Axe().run(page, context={"include": [["svg.gr-mine"]]}).response["violations"]
    serious = [v["id"] for v in found if v["impact"] in ("serious", "critical")]
    assert not serious, found
    assert not errors.errors, errors.errors


def test_every_gem_has_its_own_shape_in_grey(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _harness(context, server, errors)
    shapes = page.evaluate(
        """async (codes) => {
          const icons = await import('PLUGIN/icons.js');
          const box = document.createElement('div');
          box.id = 'gems';
          box.style.cssText = 'background:#f3ece0;padding:8px;display:inline-block';
          document.body.replaceChildren(box);
          const out = {};
          for (const code of codes) {
            const svg = icons.gemIcon(code, 40, code);
            box.append(svg);
            const s = svg.querySelector('.gr-gem > :nth-child(2)');
            const outline = s.getAttribute('points') || s.getAttribute('d') || s.getAttribute('r');
            out[code] = [s.tagName, outline];
          }
          return [out, icons.GEM_CODES, icons.GEM_FILL];
        }""".replace("PLUGIN", PLUGIN),
        list(GEM_CODES),
    )
    by_code, codes, fills = shapes
    assert codes == list(GEM_CODES)
    assert fills == dict(zip(GEM_CODES, GEM_COLOURS, strict=True))  # the catalogue's colours
    signatures = {json.dumps(v) for v in by_code.values()}
    assert len(signatures) == len(GEM_CODES), by_code
    page.eval_on_selector("#gems", "b => { b.style.filter = 'grayscale(1)'; }")
    page.locator("#gems").screenshot(path=str(ARTIFACTS / "gemrush-board-gems-greyscale.png"))
    assert not errors.errors, errors.errors


def test_rotation_is_chosen_by_clicking_a_preview(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _harness(context, server, errors)
    view, _, _ = _play("rush", 4, seed=2, actions=60, stop="rotation")
    assert view["decision"]["kind"] == "rotation"
    legal = _draw(page, view, size=(1000, 800))
    rotations = sorted(int(p.split(":")[1]) for p in legal if p.startswith("rotate:"))
    minis = page.locator("svg.gr-mine .gr-tray .gr-mini")
    assert minis.count() == len(rotations) >= 2
    # Pointing at the second preview turns the ghost that way.
    minis.nth(1).hover()
    shown = page.eval_on_selector_all(
        "svg.gr-mine .gr-ghost",
        "els => els.filter(e => e.getAttribute('display') !== 'none')"
        ".map(e => Number(e.dataset.rotation))",
    )
    assert shown == [rotations[1]]
    shot(page, "gemrush-board-rotation")
    minis.nth(1).click()
    assert page.evaluate("window.picked") == [[f"rotate {rotations[1]}"]]
    # The keyboard: focus the first preview, the arrow walks to the next, Enter chooses it.
    page.evaluate("window.picked = []")
    minis.nth(0).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert page.evaluate("window.picked") == [[f"rotate {rotations[1]}"]]
    assert not errors.errors, errors.errors


def test_doors_are_clickable(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    """A walk is played by clicking the doorway of the dwarf's room; Mystic Elevator is sent by
    clicking a door onto the rock (each such door is a Tab stop with a badge)."""
    page = _harness(context, server, errors)
    view, _, _ = _play("crisis", 3, seed=1, actions=0)
    legal = _draw(page, view)
    walks = sorted(p for p in legal if p.startswith("dir:"))
    assert walks
    room = next(p["room"] for p in view["players"] if p["seat"] == view["decision"]["player"])
    direction = walks[0].split(":")[1]
    page.locator(f"svg.gr-mine .gr-door-target[data-door='{room}:{direction}']").click()
    assert page.evaluate("window.picked") == [[f"walk {direction}"]]
    view, _, _ = _play("rush", 4, seed=0, actions=400, stop="elevator door")
    assert view["decision"]["kind"] == "elevator door"
    legal = _draw(page, view, size=(1000, 800))
    doors = page.locator("svg.gr-mine .gr-door-target.gr-legal[tabindex='0']")
    assert doors.count() == len([p for p in legal if p.startswith("door:")]) >= 2
    assert doors.first.locator(".gr-badge-lift").count() == 1
    doors.first.click()
    tile, side = str(doors.first.get_attribute("data-door")).split(":")
    assert page.evaluate("window.picked") == [[f"door T{int(tile):02d} {side}"]]
    shot(page, "gemrush-board-elevator")
    assert not errors.errors, errors.errors


def _inside(page: Page, selector: str) -> bool:
    got: bool = page.evaluate(
        """(sel) => {
          const box = document.querySelector('svg.gr-mine').getBoundingClientRect();
          const r = document.querySelector(sel).getBoundingClientRect();
          return r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1
            && r.bottom <= box.bottom + 1;
        }""",
        selector,
    )
    return got


def test_zoom_keeps_the_acting_dwarf_in_view_and_a_drag_pans(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _harness(context, server, errors)
    view, _, _ = _play("rush", 4, seed=2, actions=160, stop="movement")
    seat = view["current_player"]
    dwarf = f"svg.gr-mine .gr-dwarf-piece[data-seat='{seat}']"
    _draw(page, view, size=(600, 500), zoom=3)
    assert _inside(page, dwarf)
    shot(page, "gemrush-board-zoomed")
    before = page.get_attribute("svg.gr-mine", "viewBox")
    box = page.locator("svg.gr-mine").bounding_box()
    assert box
    page.mouse.move(box["x"] + 300, box["y"] + 250)
    page.mouse.down()
    page.mouse.move(box["x"] + 200, box["y"] + 200, steps=6)
    page.mouse.up()
    assert page.get_attribute("svg.gr-mine", "viewBox") != before
    # The next decision (another seat's turn) centres the view on that dwarf again.
    later, _, _ = _play("rush", 4, seed=2, actions=175, stop="movement")
    _draw(page, later, size=(600, 500), zoom=3)
    assert _inside(page, f"svg.gr-mine .gr-dwarf-piece[data-seat='{later['current_player']}']")
    assert not errors.errors, errors.errors


PROJECT = """async ([steps]) => {
  const words = await import('PLUGIN/words.js');
  const meta = await (await fetch('/api/meta')).json();
  words.setCatalogue(meta.games.find((g) => g.name === 'gem-rush').data);
  const { project } = await import('PLUGIN/project.js');
  const mine = (v) => JSON.stringify([v.mine, v.players.map((p) => p.room), v.scores, v.placing]);
  const wrong = [];
  steps.forEach(([before, events, after], i) => {
    const copy = JSON.stringify(before);
    const out = project(before, events);
    if (JSON.stringify(before) !== copy) wrong.push(`step ${i}: the old view changed`);
    if (mine(out) !== mine(after)) wrong.push(`step ${i}: ${events.map((e) => e.kind).join(' ')}`);
  });
  return wrong;
}""".replace("PLUGIN", PLUGIN)


def test_project_applies_each_step_to_a_copy(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    """Over a random Rush game of 200 actions (constructions, tunnels, elevators, jumps, carts,
    swaps...), each step projected on the view before it gives the mine, the dwarves' rooms, the
    scores and the tile being placed of the view after it, and never changes the view before."""
    page = _harness(context, server, errors)
    game = GAME.new(4, seed=0, mode="rush")
    rng = random.Random(0)
    steps: list[Any] = []
    while game.current_player is not None and len(steps) < 200:
        before = dict(game.view(0))
        happened = game.apply(rng.choice(game.legal_actions()))
        events = [{"kind": e.kind, "player": e.player, "data": e.data} for e in happened]
        steps.append([before, events, dict(game.view(0))])
    assert any(e["kind"] == "tile_placed" for _, events, _ in steps for e in events)
    wrong: list[str] = page.evaluate(PROJECT, [steps])
    assert not wrong, wrong
    assert not errors.errors, errors.errors


def test_walk_by_clicking_on_a_real_table(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    context = new_context(viewport={"width": 1440, "height": 900})
    page = errors.watch(context.new_page())
    fix_seed(page, 21)
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    table = page.evaluate(
        """async () => {
          const res = await fetch('/api/tables', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({game: 'gem-rush', mode: 'rush', seats: ['human', 'bot:random'],
              mine: [0]})});
          const made = await res.json();
          const id = made.table.id;
          const token = made.seats.find((s) => s.seat === 0).token;
          localStorage.setItem('iridescia.seats.' + id, JSON.stringify({0: token}));
          localStorage.setItem('iridescia.creator.' + id, made.creator);
          return id;
        }"""
    )
    page.goto(f"{server.url}/#/t/{table}")
    # Build into the rock (pay with the cards the panels offer, turn the new tile with the
    # tray), until a room can be walked into; then click that room.
    order = [
        "svg.gr-mine .gr-mini",
        "svg.gr-mine .gr-site.gr-legal",
        "#main [data-actions*='pay ']",
        "#actions [data-action='paid']",
    ]
    walked = None
    for _ in range(60):
        page.wait_for_selector('#prompt[data-mine="1"] #actions [data-action]', timeout=30_000)
        walk = page.locator("svg.gr-mine .gr-tile.gr-legal[data-actions*='walk']")
        if walk.count():
            walked = walk.first.get_attribute("data-tile")
            walk.first.click()
            menu = page.locator(".menu [role=menuitem]")
            if menu.count():
                menu.first.click()
            break
        clickable = next((page.locator(sel) for sel in order if page.locator(sel).count()), None)
        (clickable or page.locator("#actions [data-action]")).first.click()
        page.wait_for_timeout(150)
    assert walked
    page.wait_for_selector(f"svg.gr-mine .gr-dwarf-piece[data-seat='0'][data-room='{walked}']")
    shot(page, "gemrush-board-table")
    assert not errors.errors, errors.errors
