"""The lobby, accessibility and keyboard play, in real Chromium against a real server.

- the lobby at 1440x900 fits the screen, shows no "null"/"undefined", and is clean for axe-core
  (no serious or critical violation) in English, French and Japanese; on a phone too;
- its four starts (solo against the automa, hot-seat, friends, bots) set the table's settings,
  and are a radio group the arrows walk;
- axe-core on a solo table, a hot-seat table (its hand-off screen and its board), the replay
  page and a table on a phone;
- the keyboard alone: Tab reaches every legal action, Enter and Space press them, an action
  menu is walked with the arrows and closed with Esc (the focus goes back), and a whole solo
  game is played from the lobby to the final scores without a mouse.
"""

from __future__ import annotations

import random

import pytest
from e2e_support import (  # noqa: F401 - the fixtures are used by name
    NewContext,
    PageErrors,
    ServerProcess,
    assert_accessible,
    assert_inside_viewport,
    assert_no_leaked_values,
    browser_fixture,
    choose,
    context_fixture,
    errors_fixture,
    fix_seed,
    homes,
    legal_actions,
    new_context_fixture,
    server_fixture,
    shot,
    wait_ready,
)
from playwright.sync_api import BrowserContext, Page

DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}
LOBBY_PARTS = [".lobby", ".lobby-title", ".new-table", ".tables", ".starts", "#create", "header"]


def _open(context: BrowserContext, server: ServerProcess, errors: PageErrors, seed: int = 0,
          lang: str = "en") -> Page:  # fmt: skip
    page = errors.watch(context.new_page())
    page.add_init_script(f"localStorage.setItem('iridescia.lang', '{lang}')")
    fix_seed(page, seed)
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.wait_for_selector(".tables-head .refresh")  # the tables are listed
    return page


def _no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"


def test_lobby_fits_the_screen_says_no_null_and_passes_axe_in_every_language(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    # a public table with an open seat, so that the tables list has a card to show
    host = _open(new_context(viewport=DESKTOP), server, errors, seed=11)
    host.select_option(".seat-kind[data-seat='1']", "human")
    host.check("#public")
    host.fill("#table-name", "Open table")
    host.click("#create")
    host.wait_for_selector(".invite-link[data-seat='1']")
    assert_no_leaked_values(host)
    assert_accessible(host, "a friends' table waiting, with its invite links")
    for lang in ("en", "fr", "ja"):
        page = _open(new_context(viewport=DESKTOP), server, errors, lang=lang)
        page.wait_for_selector(".table-row")
        assert page.locator(".lobby-title").inner_text().strip()
        assert page.locator(".start").count() == 4
        assert_inside_viewport(page, LOBBY_PARTS)
        assert_no_leaked_values(page)
        assert_accessible(page, f"the lobby ({lang})")
        shot(page, f"a11y-lobby-{lang}")
        phone = _open(new_context(viewport=PHONE, is_mobile=True, has_touch=True), server, errors,
                      lang=lang)  # fmt: skip
        _no_sideways_scroll(phone)
        assert_inside_viewport(phone, ["header", ".lobby-title", ".starts", "#player-name"])
        assert_no_leaked_values(phone)
        assert_accessible(phone, f"the lobby on a phone ({lang})")
        shot(phone, f"a11y-lobby-phone-{lang}", full=True)
    # a phone held sideways
    sideways = new_context(viewport={"width": 844, "height": 390}, is_mobile=True, has_touch=True)
    wide = _open(sideways, server, errors)
    _no_sideways_scroll(wide)
    assert_accessible(wide, "the lobby on a phone held sideways")
    shot(wide, "a11y-lobby-phone-landscape")
    # the pages around the lobby: an invite link opened again, a table that is not there
    for address, selector in [("#/j/nothing", "#invite-page"), ("#/t/nothing", "#refused")]:
        page.goto(f"{server.url}/{address}")
        page.wait_for_selector(selector)
        assert_no_leaked_values(page)
        assert_accessible(page, address)
    assert not errors.errors, errors.errors


def test_the_checks_catch_what_they_look_for(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    """The shared checks fail where they should: an element past the viewport's edge, a "null"
    in a label, an unlabelled field."""
    page = _open(context, server, errors)
    assert_inside_viewport(page, [".starts"])
    page.evaluate(
        """() => {
          const far = document.createElement('div');
          far.id = 'too-far';
          far.textContent = 'x';
          far.style = 'position: absolute; left: 2000px; top: 10px';
          document.querySelector('#main').append(far);
        }"""
    )
    with pytest.raises(AssertionError, match="too-far"):
        assert_inside_viewport(page, ["#too-far"])
    page.evaluate("document.querySelector('#too-far').remove()")
    assert_no_leaked_values(page)
    page.evaluate("document.querySelector('#create').setAttribute('title', 'Seat null')")
    with pytest.raises(AssertionError, match="null"):
        assert_no_leaked_values(page)
    page.evaluate("document.querySelector('#main').append(document.createElement('input'))")
    with pytest.raises(AssertionError, match="label"):
        assert_accessible(page, "a page with an unlabelled field")


def test_the_starts_set_the_table_and_the_arrows_walk_them(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _open(context, server, errors)
    chosen = page.locator(".start.chosen")
    assert chosen.get_attribute("data-start") == "bots"  # the default: you against a bot
    assert chosen.get_attribute("aria-checked") == "true"
    page.click(".start[data-start='hotseat']")
    assert page.locator("#hotseat").is_checked()
    kinds = page.locator(".seat-kind").evaluate_all("els => els.map(e => e.value)")
    assert kinds == ["human", "human"]
    page.click(".start[data-start='friends']")
    assert not page.locator("#hotseat").is_checked() and page.locator("#private").is_checked()
    # the keyboard: the arrows move the choice, and the focus stays on the chosen start
    page.focus(".start[data-start='friends']")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.start") == "bots"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.start") == "solo"
    assert page.locator("#mode").input_value() == "solo"
    assert page.locator(".start[tabindex='0']").count() == 1  # one Tab stop for the group
    # the games are radio buttons: the arrows choose, and the focus stays on the choice
    page.focus(".game-choice.chosen input")
    page.keyboard.press("ArrowDown")
    page.wait_for_selector(".game-choice[data-game='gem-rush'].chosen")
    assert page.evaluate("document.activeElement.value") == "gem-rush"
    page.keyboard.press("ArrowUp")
    page.wait_for_selector("#create")
    assert page.evaluate("document.activeElement.value") == "gems-of-iridescia"
    # a seat changed by hand: the focus stays on that select (the form is drawn anew)
    page.click(".start[data-start='bots']")
    page.focus(".seat-kind[data-seat='1']")
    page.keyboard.press("ArrowUp")  # a closed select changes its value with the arrows
    assert page.evaluate("document.activeElement.dataset.seat") == "1"
    page.click(".start[data-start='solo']")
    page.click("#create")
    page.wait_for_selector("svg.board")
    assert page.locator(".player[data-seat]").count() == 2  # you and the automa
    assert not errors.errors, errors.errors


def test_axe_on_a_solo_table_a_hot_seat_table_and_a_phone(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _open(new_context(viewport=DESKTOP), server, errors, seed=21)
    page.click(".start[data-start='solo']")
    page.click("#create")
    wait_ready([page])
    page.wait_for_selector("svg.board .hex.legal")
    assert_no_leaked_values(page)
    assert_accessible(page, "a solo table")
    # a screen reader hears the prompt, from a live region that is not drawn anew with the page
    prompt = page.locator("#prompt .prompt-text").inner_text().strip()
    page.wait_for_function(
        "(p) => document.querySelector('#announcer[aria-live]').textContent.includes(p)", arg=prompt
    )
    # every legal thing on the board is a named Tab stop with the role of a button
    unnamed = page.eval_on_selector_all(
        "#main .layout [data-actions]",
        "els => els.filter(e => e.tabIndex < 0"
        " || e.getAttribute('role') !== 'button' && !['BUTTON', 'A'].includes(e.tagName)"
        " || !(e.getAttribute('aria-label') || e.textContent.trim()))"
        ".map(e => e.outerHTML.slice(0, 120))",
    )
    assert not unnamed, unnamed

    hot = _open(new_context(viewport=DESKTOP), server, errors, seed=22)
    hot.click(".start[data-start='hotseat']")
    hot.click("#create")
    _, what = wait_ready([hot])
    assert_accessible(hot, "a hot-seat table")
    rng = random.Random(3)
    for _ in range(30):  # play by the prompt's buttons up to the first hand-off screen
        if what == "handoff":
            break
        hot.click(f'#actions [data-action="{choose(legal_actions(hot), rng)}"]')
        _, what = wait_ready([hot])
    assert what == "handoff"
    assert_accessible(hot, "the hot-seat hand-off screen")
    shot(hot, "a11y-handoff")

    phone_context = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = _open(phone_context, server, errors, seed=23)
    phone.click(".start[data-start='solo']")
    phone.click("#create")
    wait_ready([phone])
    _no_sideways_scroll(phone)
    assert_accessible(phone, "a solo table on a phone")
    shot(phone, "a11y-table-phone")
    assert not errors.errors, errors.errors


# ---------------------------------------------------------------- the keyboard alone

FOCUSED_JS = """([a, onTable]) => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  if (e.closest('#actions') && e.dataset.action === a) return onTable ? null : 'prompt';
  if (e.dataset.actions && JSON.parse(e.dataset.actions).includes(a))
    return JSON.parse(e.dataset.actions).length > 1 ? 'menu' : 'table';
  return null;
}"""

# Every legal action of the prompt that no visible Tab stop carries (a folded one is reached
# by its table element, or by opening the fold, whose summary is a Tab stop).
UNREACHABLE_JS = """() => {
  const legal = [...document.querySelectorAll('#actions [data-action]')]
    .map(e => e.dataset.action);
  const stops = [...document.querySelectorAll('#main [data-action], #main [data-actions]')]
    .filter(e => e.tabIndex >= 0 && e.getClientRects().length
      && !e.closest('details:not([open])'));
  const reached = new Set(stops.flatMap(e =>
    e.dataset.actions ? JSON.parse(e.dataset.actions) : [e.dataset.action]));
  const folded = (a) => document.querySelector(
    `.more-actions summary ~ [data-action="${CSS.escape(a)}"]`);
  return legal.filter(a => !reached.has(a) && !folded(a));
}"""

MAX_TABS = 400

# Notes whether the page changes after a key (an action sent makes the page draw itself anew).
WATCH_JS = """() => {
  window.keyboardActed = false;
  const seen = new MutationObserver((changes) => {
    if (changes.every((c) => c.target.closest && c.target.closest('#clock'))) return;  // ticking
    window.keyboardActed = true;
    seen.disconnect();
  });
  seen.observe(document.querySelector('#main'), {childList: true, subtree: true});
}"""


class KeyboardPlayer:
    """Plays the seat of one page with the keyboard alone: Tab to the action (from wherever the
    focus is), Enter or Space in turn to press it, the arrows and Enter in an action menu."""

    def __init__(self, page: Page, seed: int) -> None:
        self.page = page
        self.rng = random.Random(seed)
        self.actions = 0
        self.tabs = 0
        self.menus = 0
        self.on_table = 0
        self.kept = 0

    def act(self, action: str) -> bool:
        page = self.page
        # after an action the focus waits on the next decision's first button
        self.kept += page.evaluate("!!document.activeElement.closest('#actions')")
        # an action that belongs to something on the table is pressed there, not in the prompt
        on_table = action in homes(page)
        where = page.evaluate(FOCUSED_JS, [action, on_table])
        for _ in range(MAX_TABS):
            if where:
                break
            page.keyboard.press("Tab")
            self.tabs += 1
            where = page.evaluate(FOCUSED_JS, [action, on_table])
        else:
            raise AssertionError(f"{action!r} is never reached by Tab")
        page.evaluate(WATCH_JS)
        page.keyboard.press("Enter" if self.actions % 2 else " ")
        if where == "menu":
            self.menus += 1
            page.wait_for_selector(".menu [role=menuitem]")
            focused = page.evaluate("!!document.activeElement.closest('.menu')")
            assert focused, "the menu has no focus"
            if self.menus == 1:
                assert_accessible(page, "an action menu")
            for _ in range(20):
                if page.evaluate("document.activeElement.dataset.action") == action:
                    break
                page.keyboard.press("ArrowDown")
            page.keyboard.press("Enter")
        # the key did something: the action went (the page is drawn anew at once)
        page.wait_for_function("window.keyboardActed", timeout=5000)
        self.on_table += where != "prompt"
        self.actions += 1
        return True

    def play(self, max_actions: int = 600) -> None:
        while self.actions < max_actions:
            _, what = wait_ready([self.page])
            if what == "over":
                return
            assert what == "mine", what
            unreachable = self.page.evaluate(UNREACHABLE_JS)
            assert not unreachable, f"not reachable by Tab: {unreachable}"
            self.act(choose(legal_actions(self.page), self.rng))
            error = self.page.locator("#error")
            assert error.count() == 0, error.inner_text()
        raise AssertionError(f"the game did not end in {max_actions} actions")


def _tab_to(page: Page, selector: str) -> None:
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} is never reached by Tab")


def test_a_whole_solo_game_with_the_keyboard_alone(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _open(new_context(viewport=DESKTOP), server, errors, seed=31)
    _tab_to(page, ".start.chosen")
    for _ in range(3):  # bots -> solo: the arrows, round the group
        page.keyboard.press("ArrowRight")
        if page.evaluate("document.activeElement.dataset.start") == "solo":
            break
    assert page.locator("#mode").input_value() == "solo"
    _tab_to(page, "#create")
    page.keyboard.press("Enter")
    page.wait_for_selector("svg.board")
    player = KeyboardPlayer(page, seed=5)
    player.play()
    page.wait_for_selector("#scores")
    shot(page, "a11y-keyboard-final", full=True)
    assert player.actions >= 20 and player.on_table > 0, (player.actions, player.on_table)
    assert player.on_table >= player.actions // 3, (player.on_table, player.actions)  # by the board
    assert player.kept >= player.actions // 2, (player.kept, player.actions)  # the focus is kept
    assert_no_leaked_values(page)
    assert_accessible(page, "the end of a solo game")
    # the replay of the finished game
    table = page.url.split("#/t/")[1].split("/")[0]
    page.goto(f"{server.url}/#/r/{table}")
    page.wait_for_selector("#replay-step")
    assert_no_leaked_values(page)
    assert_accessible(page, "the replay page")
    shot(page, "a11y-replay")
    assert not errors.errors, errors.errors


def test_an_action_menu_by_keyboard_arrows_enter_and_esc(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    """dom.js's clickable() and its menus, on a node of the page: Enter and Space press it; a
    menu takes the focus, the arrows walk it (wrapping), Esc closes it and the focus comes back."""
    page = _open(context, server, errors)
    page.evaluate(
        """async () => {
      const { h, clickable, placePopup } = await import('/static/js/dom.js');
      window.picked = [];
      const ctx = { at: () => ['one', 'two', 'three'], label: (a) => `Do ${a}`,
        pick: (acts, ev) => {
          const item = (a) => h('button', { role: 'menuitem', 'data-action': a,
            onclick: () => { menu.remove(); window.picked.push(a); } }, a);
          const menu = h('div', { class: 'menu', role: 'menu' }, ...acts.map(item));
          placePopup(menu, ev);
        } };
      const single = { at: () => ['only'], pick: (acts) => window.picked.push(acts[0]) };
      document.querySelector('#main').prepend(
        clickable(h('span', { id: 'many' }, 'many'), 'x', ctx),
        clickable(h('span', { id: 'one' }, 'one'), 'y', single));
    }"""
    )
    assert page.get_attribute("#many", "aria-label") == "Do one · Do two · Do three"
    assert page.get_attribute("#many", "role") == "button"
    page.focus("#one")
    page.keyboard.press(" ")
    page.keyboard.press("Enter")
    assert page.evaluate("window.picked") == ["only", "only"]
    page.focus("#many")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.action") == "one"
    page.keyboard.press("ArrowUp")  # wraps to the last
    assert page.evaluate("document.activeElement.dataset.action") == "three"
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.action") == "two"
    page.keyboard.press("Escape")
    assert page.locator(".menu").count() == 0
    assert page.evaluate("document.activeElement.id") == "many"  # the focus came back
    # the focus ring: visible on a keyboard focus
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert ring != "none", ring
    page.keyboard.press(" ")
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    assert page.evaluate("window.picked") == ["only", "only", "three"]
    assert not errors.errors, errors.errors
