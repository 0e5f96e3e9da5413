"""Gem Rush's panels in real Chromium: hands, the payment, the room effects, the piles and the
scores around the mine (``static/games/gem-rush/``: ``panels.js`` and its modules).

Two ways in. Views of every decision kind come from the rules package itself (seeded random
games played until each kind is met, Crisis and Rush, open and hidden hands) and are drawn
straight into the page by the plug-in's ``areas(st, view, ctx)``, with a context that offers the
decision's legal actions at their places (the server's action table gives each its place), so
each kind is checked on its own:

- every legal action that belongs to a card, a gem, a pair of gems, a tile of Scrying Pool or a
  seat is clickable in the panels (a pair once its first gem is picked), and a click picks it;
- hands: your own face up; in Crisis the others' open, or backs when the table hides them; in
  Rush the others' as backs with the cards known to be in them (R89) face up;
- the words: no catalogue key left in English, French or Japanese.

Then real tables: a construction paid by clicking cards of your hand (the cost's slot fills,
the chosen card is marked, ``paid`` builds and scores; axe-core finds no serious fault on the
page meanwhile), and the phone layout (nothing runs off the screen's side on the players' tab).
Screenshots go to ``test-artifacts/gemrush-panels-*.png``.
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest
from e2e_support import (  # noqa: F401 - the fixtures are used by name
    SHOW_AREAS_JS,
    NewContext,
    PageErrors,
    assert_accessible,
    assert_no_leaked_values,
    browser_fixture,
    errors_fixture,
    new_context_fixture,
    server_fixture,
    shot,
)
from playwright.sync_api import Page

from iridescia.games.gemrush import GAME
from iridescia.web.testing import ServerProcess, get_json, post_json

# A catalogue key left in a text: "grp.hand", "gr.kind.keep", "grw.level.master"...
RAW_KEY = re.compile(r"\b(grp|gr|grw|panels|table|seat|notice)\.[A-Za-z_0-9.]+")
# The places the panels own (the mine owns dir:, site:, door:, tile:, rotate:).
PANEL_PLACES = ("card:", "gem:", "gems:", "stack:", "seat:")
KINDS = (
    "payment",
    "keep",
    "name",
    "name two",
    "order",
    "swap",
    "burn",
    "hand limit",
    "discard one",
    "discard any",
)

DRAW_JS = (
    """async ([st, places, width]) => {
  const { setSeats } = await import("/static/js/i18n.js");
  const plugin = (await import("/static/games/gem-rush/index.js")).default;
  setSeats(st.table.seats);
  window.PICKED = [];
  const at = (place) => places[place] || [];
  const ctx = { seat: st.seat, table: st.table, events: [], before: null, motion: 0, at,
    pick: (texts) => window.PICKED.push(texts), label: (x) => x };
  const areas = plugin.areas(st, st.view, ctx);
"""
    + SHOW_AREAS_JS
)

TEXTS_JS = """() => {
  const box = document.querySelector("#harness");
  const out = [box.innerText];
  for (const e of box.querySelectorAll("*"))
    for (const a of ["title", "data-tip", "aria-label"])
      if (e.getAttribute(a)) out.push(e.getAttribute(a));
  return out;
}"""


@cache
def _views() -> dict[tuple[str, str], dict[str, Any]]:
    """A view of the deciding seat for each decision kind met in seeded random games (Crisis
    with open and hidden hands, Rush), keyed by (game, kind)."""
    found: dict[tuple[str, str], dict[str, Any]] = {}
    games = {
        "crisis": ("crisis", {}),
        "hidden": ("crisis", {"hidden_hands": True}),
        "rush": ("rush", {}),
    }
    for name, (mode, options) in games.items():
        for seed in range(12):
            game = GAME.new(3, seed, options, mode=mode)
            rng = random.Random(seed)
            for _ in range(900):
                seat = game.current_player
                if seat is None:
                    break
                view: dict[str, Any] = dict(game.view(seat))
                found.setdefault((name, view["decision"]["kind"]), view)
                game.apply(rng.choice(game.legal_actions()))
    return found


_CACHE: dict[str, Any] = {}


def _places(server: ServerProcess) -> dict[str, str]:
    if "at" not in _CACHE:
        table = get_json(server.url + "/api/games/gem-rush/actions")["actions"]
        _CACHE["at"] = {a["text"]: a["at"] for a in table if a.get("at")}
    return dict(_CACHE["at"])


def _state(
    view: dict[str, Any], places: dict[str, str]
) -> tuple[dict[str, Any], dict[str, list[str]]]:
    seats = [
        {"kind": "human", "name": "", "connected": True, "claimed": True} for _ in view["players"]
    ]
    st = {
        "seat": view["viewer"],
        "table": {"id": "x", "game": "gem-rush", "seats": seats},
        "view": view,
    }
    offer: dict[str, list[str]] = {}
    for text in view["decision"]["actions"] or []:
        if text in places:
            offer.setdefault(places[text], []).append(text)
    return st, offer


def _blank(page: Page, server: ServerProcess, lang: str) -> Page:
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.evaluate(f"localStorage.setItem('iridescia.lang', '{lang}')")
    page.reload()
    page.wait_for_selector("#create")
    return page


def _clickable(page: Page) -> set[str]:
    found = page.eval_on_selector_all(
        "#harness [data-actions]", "els => els.flatMap(e => JSON.parse(e.dataset.actions))"
    )
    return {str(a) for a in found}


def test_every_decision_offers_its_choices_in_the_panels(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    views = _views()
    assert {k for _, k in views} >= set(KINDS) - {"order"}, sorted(views)
    page = _blank(
        errors.watch(new_context(viewport={"width": 1280, "height": 900}).new_page()), server, "en"
    )
    places = _places(server)
    for (name, kind), view in sorted(views.items()):
        if kind not in KINDS:
            continue
        st, offer = _state(view, places)
        got = page.evaluate(DRAW_JS, [st, offer, 460])
        assert got["me"] and got["track"] and got["market"], (name, kind)
        wanted = {
            t for place, texts in offer.items() if place.startswith(PANEL_PLACES) for t in texts
        }
        if kind == "name two":
            # a pair: the first gem is picked here, then its partners take the actions
            first = sorted(wanted)[0].split()[1]
            page.click(f'#harness .gr-gem-choice[data-gem="{first}"]')
            wanted = {t for t in wanted if first in t.split()[1:]}
        missing = wanted - _clickable(page)
        assert not missing, f"{name} {kind}: not clickable in the panels: {sorted(missing)}"
        if wanted:
            text = sorted(wanted)[0]
            page.locator(f"#harness [data-actions*='\"{text}\"']").first.click()
            assert page.evaluate("window.PICKED")[-1] == [text]
        if kind in ("payment", "keep", "name", "burn"):
            shot(page, f"gemrush-panels-{name}-{kind.replace(' ', '-')}")
    assert not errors.errors, errors.errors


def test_hands_are_open_hidden_or_known_as_the_rules_say(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    views = _views()
    page = _blank(
        errors.watch(new_context(viewport={"width": 1280, "height": 900}).new_page()), server, "en"
    )
    places = _places(server)
    # Crisis, open hands: every hand face up
    st, offer = _state(views[("crisis", "burn")], places)
    page.evaluate(DRAW_JS, [st, offer, 460])
    assert page.locator("#harness [data-area=others] .gr-card.back").count() == 0
    others = sum(p["hand_size"] for p in st["view"]["players"] if p["seat"] != st["seat"])
    assert page.locator("#harness [data-area=others] .gr-card").count() == others
    # Crisis with hidden hands, Rush: the others' hands as backs, known cards face up
    for name in ("hidden", "rush"):
        view = next(
            v
            for (n, _), v in views.items()
            if n == name and any(p["known"] and p["hand"] is None for p in v["players"])
        )
        st, offer = _state(view, places)
        page.evaluate(DRAW_JS, [st, offer, 460])
        for p in view["players"]:
            if p["seat"] == st["seat"]:
                mine = page.locator(f"#harness [data-area=me] .gr-player[data-seat='{p['seat']}']")
                assert mine.locator(".gr-card.back").count() == 0
                assert mine.locator(".gr-card").count() == p["hand_size"]
                continue
            board = page.locator(f"#harness [data-area=others] .gr-player[data-seat='{p['seat']}']")
            known = [
                int(x)
                for x in board.locator(".gr-card.known").evaluate_all(
                    "els => els.map(e => e.dataset.card)"
                )
            ]
            assert known == p["known"], (name, p)
            assert board.locator(".gr-card.back").count() == p["hand_size"] - len(p["known"])
        shot(page, f"gemrush-panels-hands-{name}")
    assert not errors.errors, errors.errors


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_the_panels_speak_french_and_japanese(
    new_context: NewContext, server: ServerProcess, errors: PageErrors, lang: str
) -> None:
    views = _views()
    page = _blank(
        errors.watch(new_context(viewport={"width": 1280, "height": 900}).new_page()), server, lang
    )
    places = _places(server)
    for key in (("rush", "keep"), ("crisis", "payment"), ("crisis", "burn"), ("rush", "name two")):
        if key not in views:
            continue
        st, offer = _state(views[key], places)
        page.evaluate(DRAW_JS, [st, offer, 460])
        for text in page.evaluate(TEXTS_JS):
            assert not RAW_KEY.search(text), f"{lang} {key}: raw key in {text!r}"
        assert_no_leaked_values(page)
        shot(page, f"gemrush-panels-{lang}-{key[0]}-{key[1].replace(' ', '-')}")
    assert not errors.errors, errors.errors


# ------------------------------------------------------------------ real tables in the page


def _open_table(
    page: Page,
    server: ServerProcess,
    mode: str,
    seats: list[str],
    seed: int,
    options: dict[str, Any],
) -> str:
    made = post_json(
        server.url + "/api/tables",
        {
            "game": "gem-rush",
            "mode": mode,
            "seats": seats,
            "mine": [0],
            "seed": seed,
            "options": options,
        },
    )
    table, token = str(made["table"]["id"]), made["seats"][0]["token"]
    page.add_init_script(LISTEN_JS)
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.evaluate(
        "([t, tok]) => localStorage.setItem(`iridescia.seats.${t}`, JSON.stringify({0: tok}))",
        [table, token],
    )
    page.goto(f"{server.url}/#/t/{table}")
    page.wait_for_selector(".gr-track", state="attached")
    return table


MY_TURN_JS = """() => document.querySelector('#prompt[data-mine="1"]')
  && document.querySelector('#actions [data-action]')"""
SCORE_JS = "() => Number(document.querySelector('[data-area=me] .gr-score-badge b').textContent)"
CHOSEN_JS = "() => document.querySelectorAll('[data-area=me] .gr-payment .gr-card.chosen').length"
RIGHTMOST_JS = """() => Math.max(...[...document.querySelectorAll('#players-area *')]
  .map(e => e.getBoundingClientRect().right))"""
LISTEN_JS = """window.addEventListener('iridescia:rendered',
  (e) => { window.LAST_STATE = e.detail.state; })"""


# The walks of the seat on screen that build (a site of its dwarf's room: spec R21), from the
# state the table page last drew.
BUILDING_WALKS_JS = """() => {
  const st = window.LAST_STATE;
  if (!st || !st.view) return [];
  const me = st.view.players.find((p) => p.seat === st.seat);
  return st.view.mine.sites.filter((s) => me && s.tile === me.room).map((s) => `walk ${s.dir}`);
}"""


def _reach_payment(page: Page, rng: random.Random, tries: int = 80) -> bool:
    """Play seat 0 by the prompt until a construction asks for a payment (walks that build
    first, else a random walk, else on), True once it does."""
    for _ in range(tries):
        page.wait_for_function(MY_TURN_JS, timeout=20_000)
        if page.locator("[data-area=me] .gr-payment").count():
            return True
        acts = page.eval_on_selector_all(
            "#actions [data-action]", "els => els.map(e => e.dataset.action)"
        )
        builds = [a for a in page.evaluate(BUILDING_WALKS_JS) if a in acts]
        walks = [a for a in acts if a.startswith("walk")]
        choice = (
            builds[0]
            if builds
            else rng.choice(walks)
            if walks and rng.random() < 0.5
            else next((a for a in acts if a in ("end", "draw")), rng.choice(acts))
        )
        page.click(f'#actions [data-action="{choice}"]')
        page.wait_for_timeout(60)
    return False


def test_a_payment_is_made_by_clicking_cards(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport={"width": 1440, "height": 900}).new_page())
    _open_table(page, server, "rush", ["human", "bot:random"], 11, {"target": 30})
    assert _reach_payment(page, random.Random(11)), "no construction to pay for"
    shot(page, "gemrush-panels-payment-before")
    score = int(page.evaluate(SCORE_JS))
    payment = page.locator("[data-area=me] .gr-payment")
    points = payment.locator(".gr-pay-points").inner_text()
    clicked = 0
    while not page.locator('#actions [data-action="paid"]').count():
        card = page.locator("[data-area=me] .gr-player.me .gr-card.legal").first
        card.click()
        clicked += 1
        page.wait_for_function(f"() => ({CHOSEN_JS})() >= {clicked}")
        assert clicked <= 5
    assert page.locator("[data-area=me] .gr-payment .gr-slot.filled").count() >= 1
    assert_accessible(page, "a Gem Rush payment")
    shot(page, "gemrush-panels-payment-chosen")
    page.click('#actions [data-action="paid"]')
    page.wait_for_function("() => !document.querySelector('[data-area=me] .gr-payment')")
    gained = int(re.search(r"\d+", points).group(0))  # type: ignore[union-attr]
    page.wait_for_function(f"() => ({SCORE_JS})() >= {score + gained}")
    assert not errors.errors, errors.errors


def test_phone_panels_stay_on_the_screen(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(
        new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        ).new_page()
    )
    _open_table(page, server, "crisis", ["human", "bot:random", "bot:random"], 5, {})
    page.wait_for_function(MY_TURN_JS, timeout=20_000)
    page.click("#phone-tabs-players")
    page.wait_for_selector("[data-area=me] .gr-player.me", state="visible")
    right = page.evaluate(RIGHTMOST_JS)
    assert right <= 391, right
    shot(page, "gemrush-panels-phone-players")
    page.click("#phone-tabs-market")
    page.wait_for_selector(".gr-piles", state="visible")
    shot(page, "gemrush-panels-phone-market")
    assert not errors.errors, errors.errors
