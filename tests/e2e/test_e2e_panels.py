"""Gems of Iridescia's panels in real Chromium: the player boards, the markets, the Rhom's deck and
the score track (``static/games/gems-of-iridescia/``: ``panels.js`` and its modules).

Tables are made and played a few steps through the REST API and a seat's WebSocket (fast); the
page then opens the table as that seat. Some tests draw the plug-in's ``areas(st, view, ctx)``
straight into the page (``_draw``) from a view the test shapes (every item, relic and Rhom card;
a cargo over its limit; a roll), with a context that offers an action at every place, so each
component is checked on its own:

- every component is drawn (the icons' gradients always painted), and everything an action
  belongs to takes it (relic:<id>, slot:<n>, item:<key>, gem:<colour>, die:<target>,
  objective:<id>); opponents' boards take none;
- the cargo has the rules' number of slots, and a gain beyond it shows as overflow;
- every card, tooltip and label reads in English, French and Japanese with no catalogue key
  left (items' timings were shown as raw ``timing.*`` keys), Japanese lists joined with 、;
- the victory pile's sort (tiles by gem or region, relics by lead gem or category) is
  remembered after a reload;
- with four players the opponents' boards stay compact; on a phone nothing runs off the side;
- two players: your board big, the other compact with its objectives face down; a spectator
  has no board of their own; the one-column ``panels()`` keeps the same parts in order;
- what a step changed shows briefly (a counter pulses with its difference, a new card rises in)
  when the table gives the view before it and a motion time, and nothing moves without them.

Screenshots go to ``test-artifacts/panels-*.png``.
"""

from __future__ import annotations

import copy
import random
import re
from typing import Any

from e2e_support import (  # noqa: F401 - the fixtures are used by name
    SHOW_AREAS_JS,
    NewContext,
    PageErrors,
    browser_fixture,
    errors_fixture,
    new_context_fixture,
    server_fixture,
    shot,
)
from playwright.sync_api import Page

from iridescia.web.testing import SeatClient, ServerProcess, get_json, post_json

GEMS = ["amethyst", "citrine", "emerald", "sapphire"]
# A catalogue key left in a text: "timing.any_time", "panels.dir.FL", "type.lore"...
RAW_KEY = re.compile(
    r"\b(panels|timing|type|lead|region|token|item|itemtext|relic|objective|obj|colour|vane|"
    r"bonus|table|where|seat|die|tile)\.[A-Za-z_0-9.]+"
)

DRAW_JS = (
    """async ([st, offer, width, before, motion, events]) => {
  const plugin = (await import("/static/games/gems-of-iridescia/index.js")).default;
  const ctx = { seat: st.seat, table: st.table, events, before, motion,
    at: (place) => (offer ? [`act ${place}`] : []), pick: () => {} };
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
  for (const e of box.querySelectorAll("title")) out.push(e.textContent);
  return out;
}"""


def _table(
    server: ServerProcess, mode: str, seats: list[str], seed: int, steps: int
) -> tuple[str, str, dict[str, Any]]:
    """A new table (seat 0 is ours), ``steps`` random actions played by seat 0: (id, token,
    state)."""
    made = post_json(
        server.url + "/api/tables",
        {"game": "gems-of-iridescia", "mode": mode, "seats": seats, "mine": [0], "seed": seed},
    )
    table, token = made["table"]["id"], made["seats"][0]["token"]
    rng = random.Random(seed)
    with SeatClient(server, table, token) as seat:
        st = seat.state()
        for _ in range(steps):
            while not st["view"]["game_over"] and not (
                st["decision"] and st["decision"]["player"] == 0 and st["actions"]
            ):
                st = seat.state(min_version=st["version"] + 1)
            if st["view"]["game_over"]:
                break
            seat.act(rng.choice(st["actions"]), st["version"])
            st = seat.state(min_version=st["version"] + 1)
        return table, token, st


def _open(page: Page, server: ServerProcess, table: str, token: str, lang: str = "en") -> Page:
    page.goto(server.url + "/")
    page.wait_for_selector("#create")  # the app has loaded (and stored its language) first
    page.evaluate(
        "([t, tok, lang]) => { localStorage.setItem('iridescia.lang', lang);"
        " localStorage.setItem(`iridescia.seats.${t}`, JSON.stringify({0: tok})); }",
        [table, token, lang],
    )
    page.goto(f"{server.url}/#/t/{table}")
    page.reload()
    page.wait_for_selector("svg.board .hex")
    return page


def _draw(
    page: Page,
    st: dict[str, Any],
    offer: bool = False,
    width: int = 480,
    before: dict[str, Any] | None = None,
    motion: int = 0,
    events: list[dict[str, Any]] | None = None,
) -> dict[str, bool]:
    return dict(page.evaluate(DRAW_JS, [st, offer, width, before, motion, events or []]))


_META: dict[str, Any] = {}


def _meta(server: ServerProcess) -> dict[str, Any]:
    if not _META:
        games = get_json(server.url + "/api/meta")["games"]
        _META.update(next(g for g in games if g["name"] == "gems-of-iridescia"))
    return _META


def _shaped(st: dict[str, Any], server: ServerProcess, rhom_card: int = 1) -> dict[str, Any]:
    """The state with a view holding every component: all items (in hand and in the market, one
    of them twice), all relics in the row, a reserved relic, the Book's view of the relic deck,
    tiles with every bonus, a cargo two gems over its limit, a roll of two mining dice and a stone
    die, the Rhom's last card."""
    data = _meta(server)["data"]
    st = copy.deepcopy(st)
    v = st["view"]
    me = v["players"][0]
    keys = [i["key"] for i in data["items"]]
    me["items"] = keys
    v["item_market"] = [*keys[:5], keys[0]]
    v["item_discard"] = keys[5:8]
    v["relic_row"] = data["relics"]
    me["relics"] = data["relics"][:4]
    me["reserved"] = data["relics"][5]
    me["victory_pile"] = [
        {"id": t["id"], "gem": t["gem"], "bonus": t["bonus"], "amount": t["amount"]}
        for t in data["tiles"][::4]
    ]
    me["cargo"] = {"amethyst": 3, "citrine": 2, "emerald": 2, "sapphire": 2}  # 9 of 7
    me["token"] = "scepter"
    me["points"] = {**me["points"], "relics": 12, "tile_bonus": 3}
    dice = [("roll:0", 5, True), ("roll:1", 1, False), ("roll:2", 6, True)]
    v["turn"]["latest_roll"] = {
        "kind": "mining",
        "locked": False,
        "dice": [{"die": d, "face": f, "success": ok} for d, f, ok in dice],
    }
    v["turn"]["mining_colour"] = "emerald"
    v["current_player"] = 0
    v["decision"] = {**(v.get("decision") or {}), "relic_deck": data["relics"][10:14]}  # the Book
    if v.get("rhom"):
        v["rhom"]["discard"] = [rhom_card]
    return st


def test_every_component_is_drawn_and_takes_its_actions(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    table, token, st = _table(server, "solo", ["human"], seed=41, steps=12)
    page = _open(
        errors.watch(new_context(viewport={"width": 1440, "height": 900}).new_page()),
        server,
        table,
        token,
    )
    shot(page, "panels-solo-1440")
    # the real page: your board, the Rhom's, the markets
    assert page.locator(".player.me[data-seat='0']").count() == 1
    assert page.locator(".player.rhom .rhom-pieces .vane").count() == 1
    assert page.locator(".market-die").count() == 4
    shaped = _shaped(st, server, rhom_card=6)
    got = _draw(page, shaped, offer=True)
    assert got == {"me": True, "others": True, "market": True, "track": True}
    box = page.locator("#harness")
    me = box.locator("[data-area='me'] .player.me")
    # the cargo: 7 slots (the rules' limit) and 2 in overflow
    hold = me.locator(".cargo-hold")
    assert hold.get_attribute("data-limit") == "7" and hold.get_attribute("data-held") == "9"
    assert hold.locator(".slot").count() == 9 and hold.locator(".slot.overflow").count() == 2
    assert "over" in (hold.get_attribute("class") or "")
    # every place an action belongs to takes it
    view = shaped["view"]
    places = [f"gem:{c}" for c in GEMS]
    places += [f"item:{k}" for k in view["players"][0]["items"]]
    places += [f"slot:{i + 1}" for i in range(len(view["item_market"]))]
    places += [f"relic:{r['id']}" for r in view["relic_row"]]
    places += [f"relic:{view['players'][0]['reserved']['id']}"]
    places += [f"die:market:{c}" for c in GEMS] + ["die:roll:0", "die:roll:1", "die:roll:2"]
    places += [f"objective:{o['id']}" for o in view["players"][0]["objectives"]]
    legal = box.locator(".legal").evaluate_all(
        "els => els.flatMap((e) => JSON.parse(e.dataset.actions))"
    )
    for place in places:
        assert f"act {place}" in legal, place
    assert box.locator("[data-area='others'] .legal").count() == 0  # the Rhom's board takes none
    # the items: name, cost, text and timing, translated; the duplicate item reads "×2"
    first = box.locator("[data-area='market'] .card.item[data-item]").first
    assert "×2" in first.inner_text()
    assert box.locator("[data-area='market'] .card.item .timing").count() == 6
    # the Rhom: deck and weathervane, last card (card 6: R, L, FL, FR, 2x), barricades left
    rhom = box.locator("[data-area='others'] .rhom-pieces")
    assert rhom.get_attribute("data-vane") == view["rhom"]["weathervane"]
    tip = rhom.locator(".rhom-card").get_attribute("data-tip") or ""
    assert "right, left, front left, front right" in tip and "2 gems" in tip
    assert rhom.locator(".barricades-left b").inner_text() == str(view["rhom"]["barricades_left"])
    # seen played (its steps on screen one by one), the card's tooltip also says what it did
    merchant = "The Rhom takes the Epic Elixir and scores 6 points."
    steps = [
        [{"kind": "rhom_card", "player": 1, "data": {"card": 6}, "text": "draws"}],
        [{"kind": "rhom_merchant", "player": 1, "data": {"item": "elixir"}, "text": merchant}],
    ]
    for events in steps + steps[1:]:  # a step drawn twice adds its line once
        _draw(page, shaped, offer=True, events=events)
    tip = box.locator(".rhom-card").get_attribute("data-tip") or ""
    assert tip.endswith("\n" + merchant) and tip.count(merchant) == 1
    # the score track: a marker per player at its points
    for p in view["players"]:
        marker = box.locator(f".track-marker[data-seat='{p['seat']}']")
        assert marker.get_attribute("data-points") == str(sum(p["points"].values()))
    # the Book's look through the relic deck is on your board, each card taking its action
    book = me.locator(".book-deck .card.relic.legal")
    assert book.count() == 4 and box.locator("[data-area='market'] .book-deck").count() == 0
    # your points, with their sources in the tooltip
    badge = me.locator(".points-badge").get_attribute("title") or ""
    assert badge.startswith(f"Points: {sum(view['players'][0]['points'].values())}")
    assert "relics 12" in badge and "tile bonuses 3" in badge
    # the roll: three dice, the third a stone die, marked success or failure
    roll = me.locator(".roll")
    assert roll.locator(".roll-die.ok").count() == 2 and roll.locator(".roll-die.fail").count() == 1
    assert roll.locator(".die-stone").count() == 1
    # a label only where it is read (axe: no aria-label on an element without a role)
    bare = box.locator("[aria-label]").evaluate_all(
        "els => els.filter((e) => !e.getAttribute('role') && !['SECTION', 'BUTTON', 'svg']"
        ".includes(e.tagName)).map((e) => e.outerHTML.slice(0, 80))"
    )
    assert bare == [], bare
    # the icons' gradients resolve to a copy that is always painted (not one in a closed tab)
    first = "['#shine', '#rainbow'].map((id) => document.querySelector(id).closest('svg').id)"
    assert page.evaluate(first) == ["gem-defs", "gem-defs"]
    shot(page, "panels-components")
    assert not errors.errors, errors.errors


def test_cards_read_in_every_language(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    table, token, st = _table(server, "solo", ["human"], seed=42, steps=6)
    rhom_ids = [c["id"] for c in _meta(server)["data"]["rhom_cards"]]
    page = errors.watch(new_context(viewport={"width": 1440, "height": 900}).new_page())
    timing = {
        "en": "Play at any time during your turn.",
        "fr": "À jouer à tout moment pendant votre tour.",
        "ja": "自分の手番中いつでも使用。",
    }
    for lang in ("en", "fr", "ja"):
        _open(page, server, table, token, lang)
        for card in rhom_ids:
            _draw(page, _shaped(st, server, rhom_card=card))
            texts = page.evaluate(TEXTS_JS)
            joined = "\n".join(texts)
            left = sorted({m.group(0) for m in RAW_KEY.finditer(joined)})
            assert not left, (lang, card, left)
            for bad in ("undefined", "null", "NaN", "[object"):
                assert bad not in joined, (lang, card, bad)
        tips = " ".join(
            page.locator("#harness .card.item").evaluate_all("els => els.map((e) => e.dataset.tip)")
        )
        assert timing[lang] in tips, lang
        rhom_tip = page.locator("#harness .rhom-card").get_attribute("data-tip") or ""
        if lang == "ja":
            assert "、" in rhom_tip and ", " not in rhom_tip
        shot(page, f"panels-cards-{lang}")
    assert not errors.errors, errors.errors


def test_the_victory_pile_sort_is_remembered(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    table, token, st = _table(server, "solo", ["human"], seed=43, steps=4)
    page = _open(
        errors.watch(new_context(viewport={"width": 1440, "height": 900}).new_page()),
        server,
        table,
        token,
    )
    shaped = _shaped(st, server)
    _draw(page, shaped)
    pile = page.locator("#harness .victory")
    assert (
        pile.get_attribute("data-sort-tiles") == "gem"
        and pile.get_attribute("data-sort-relics") == "gem"
    )
    gem_groups = pile.locator(".tile-groups .group").evaluate_all(
        "els => els.map((e) => e.dataset.group)"
    )
    assert gem_groups == [g for g in [*GEMS, "rainbow", "iridia"] if g in gem_groups]
    page.click("#harness [data-sort='tiles:region']")
    page.click("#harness [data-sort='relics:category']")
    pile = page.locator("#harness .victory")
    assert pile.get_attribute("data-sort-tiles") == "region"
    regions = pile.locator(".tile-groups .group").evaluate_all(
        "els => els.map((e) => e.dataset.group)"
    )
    assert (
        regions == [r for r in ["desert", "canyon", "forest", "ruins", "castle"] if r in regions]
        and len(regions) >= 3
    )
    # the Rhom's compact board follows at once: its tiles counted by region
    marks = page.locator("#harness [data-area='others'] .tiles-mini .region-mark")
    assert marks.count() >= 1
    categories = pile.locator(".relic-groups .group").evaluate_all(
        "els => els.map((e) => e.dataset.group)"
    )
    assert categories == [c for c in ["jewelry", "tech", "lore", "iridia"] if c in categories]
    page.reload()  # remembered: the page and the boards drawn after it sort by region and category
    page.wait_for_selector("svg.board .hex")
    _draw(page, shaped)
    pile = page.locator("#harness .victory")
    assert (
        pile.get_attribute("data-sort-tiles") == "region"
        and pile.get_attribute("data-sort-relics") == "category"
    )
    assert page.evaluate("localStorage.getItem('iridescia.sort.tiles')") == "region"
    assert not errors.errors, errors.errors


def test_four_players_stay_compact_and_phones_fit(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    seats = ["human", "bot:random", "bot:random", "bot:random"]
    table, token, st = _table(server, "standard", seats, seed=44, steps=25)
    page = _open(
        errors.watch(new_context(viewport={"width": 1440, "height": 900}).new_page()),
        server,
        table,
        token,
    )
    shot(page, "panels-four-1440")
    _draw(page, st, width=470)  # about the side column's width at 1440×900
    heights = page.locator("#harness [data-area='others'] .player").evaluate_all(
        "els => els.map((e) => e.getBoundingClientRect().height)"
    )
    assert len(heights) == 3 and max(heights) <= 64, heights
    mine = page.locator("#harness [data-area='me']").bounding_box()
    assert mine is not None and mine["height"] <= 330, mine
    track = page.locator("#harness [data-area='track']").bounding_box()
    assert track is not None and track["height"] <= 56, track
    shot(page, "panels-four-areas")
    phone = _open(
        errors.watch(
            new_context(
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
            ).new_page()
        ),
        server,
        table,
        token,
        "ja",
    )
    _draw(phone, _shaped(st, server), width=382)
    wide = phone.evaluate(
        "() => [...document.querySelectorAll("
        "'#harness .players, #harness .markets, #harness .player, #harness .cards')]"
        ".filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.className)"
    )
    assert wide == [], wide
    phone.evaluate("document.querySelector('#harness').remove()")
    shot(phone, "panels-four-phone", full=True)
    assert not errors.errors, errors.errors


def box_rolled(page: Page) -> int:
    return page.locator("#harness .roll.rolled").count()


def test_what_a_step_changed_shows_briefly(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    table, token, st = _table(server, "solo", ["human"], seed=45, steps=3)
    page = _open(
        errors.watch(new_context(viewport={"width": 1440, "height": 900}).new_page()),
        server,
        table,
        token,
    )
    now = _shaped(st, server)
    was = copy.deepcopy(now["view"])
    me = was["players"][0]
    me["coins"] -= 2
    me["cargo"]["emerald"] += 1
    me["relics"] = me["relics"][:3]  # the 4th relic was just restored
    was["market"]["citrine"] = now["view"]["market"]["citrine"] % 6 + 1
    # the player on turn just rolled: the roll was not on the table before this step
    roll = [
        {"die": "roll:1", "face": 4, "success": True},
        {"die": "roll:2", "face": 1, "success": False},
    ]
    now["view"]["turn"]["latest_roll"] = {"kind": "mining", "dice": roll, "locked": False}
    now["view"]["current_player"] = me["seat"]
    was["turn"]["latest_roll"] = None
    _draw(page, now, before=was, motion=400)
    assert box_rolled(page) == 1  # the new roll's dice tumble in
    box = page.locator("#harness")
    coins = box.locator("[data-area='me'] .counter.coins")
    assert (
        "up" in (coins.get_attribute("class") or "") and coins.get_attribute("data-delta") == "+2"
    )
    emerald = box.locator("[data-area='me'] .cargo-gem.bump.down")
    assert emerald.count() == 1 and emerald.get_attribute("data-delta") == "−1"
    assert box.locator("[data-area='me'] .relic-groups .card.relic.arrived").count() == 1
    assert box.locator("[data-area='market'] .market-die[data-gem='citrine'] .bump").count() == 1
    shot(page, "panels-motion")
    _draw(page, now, before=was, motion=0)  # no motion asked: nothing moves
    assert box.locator(".bump, .arrived").count() == 0 and box_rolled(page) == 0
    _draw(page, now, before=None, motion=400)  # nothing to compare with
    assert box.locator(".bump, .arrived").count() == 0
    assert not errors.errors, errors.errors


def test_two_players_and_a_spectator(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    table, token, st = _table(server, "standard", ["human", "bot:random"], seed=46, steps=10)
    page = _open(
        errors.watch(new_context(viewport={"width": 1440, "height": 900}).new_page()),
        server,
        table,
        token,
    )
    shot(page, "panels-two-1440")
    assert _draw(page, st) == {"me": True, "others": True, "market": True, "track": True}
    box = page.locator("#harness")
    assert box.locator("[data-area='me'] .player.big.me[data-seat='0']").count() == 1
    assert box.locator("[data-area='others'] .player.compact[data-seat='1']").count() == 1
    assert box.locator("[data-area='others'] .objective-backs").count() == 1  # face down
    assert box.locator(".track-marker").count() == 2
    assert box.locator(".rhom-pieces").count() == 0  # no Rhom at this table
    # a spectator has no board of their own: every player is among the others, no secret shown
    watcher = {**st, "seat": None}
    assert _draw(page, watcher)["me"] is False
    assert box.locator("[data-area='others'] .player.compact").count() == 2
    assert box.locator(".objective, .card.objective").count() == 0
    # the one-column fallback (the replay page): the same parts, in order
    parts = page.evaluate(
        """async (st) => {
      const plugin = (await import("/static/games/gems-of-iridescia/index.js")).default;
      const ctx = { seat: null, table: st.table, events: [], before: null, motion: 0,
        at: () => [], pick: () => {} };
      const panels = plugin.panels(st, st.view, ctx);
      return [...panels.children].map((e) => e.className);
    }""",
        watcher,
    )
    assert parts == ["score-track", "panel players others", "panel market"]
    assert not errors.errors, errors.errors
