"""Learning the game in real Chromium: the rules dialog and the interactive tutorial.

- the rules dialog opens from the lobby's header and from a table's, in English, French and
  Japanese: every section of the game's aid is there (the 12 items from the card data, the 16
  Rhom cards), no catalogue key is shown raw, Esc closes it and gives the focus back;
- ``#/rules`` opens the lobby with the dialog;
- the tutorial (``Learn to play``): a test player clicks what the coach suggests through the
  first two turns of the fixed tutorial game, and the coach explains each step as it comes:
  revealing, moving, mining (with the dice rolled), buying, selling, ending the turn, the
  Rhom's turn (waiting for "Got it"), and restoring a relic; the coach points at the right
  things on the table;
- on a phone (390×844) the coach and the dialog fit the screen.

Screenshots go to ``test-artifacts/learn-*.png``.
"""

from __future__ import annotations

import re

import pytest
from e2e_support import (  # noqa: F401 - the fixtures are used by name
    ClickingPlayer,
    NewContext,
    PageErrors,
    browser_fixture,
    context_fixture,
    errors_fixture,
    new_context_fixture,
    server_fixture,
    shot,
    wait_ready,
)
from playwright.sync_api import BrowserContext, Page

from iridescia.web.testing import ServerProcess

# A catalogue key left untranslated looks like "aid.turn.mine" or "tutor.lesson.x".
RAW_KEY = re.compile(
    r"\b(?:aid|learn|tutor|timing|itemtext|item|icon|vane|seat|colour)\.[a-z_.]+\b"
)
SECTIONS = ["glance", "goal", "setup", "turn", "castle", "scoring", "items", "rhom", "icons"]
WORDS = {
    "en": ("Rules", "How to play"),
    "fr": ("Règles", "Comment jouer"),
    "ja": ("ルール", "遊び方"),
}


def _page(context: BrowserContext, errors: PageErrors, lang: str = "en") -> Page:
    page = errors.watch(context.new_page())
    page.add_init_script(f"localStorage.setItem('iridescia.lang', '{lang}')")
    return page


def _check_dialog(page: Page, lang: str) -> None:
    page.wait_for_selector("#rules[open]")
    text = page.inner_text("#rules")
    assert WORDS[lang][1] in text
    assert not RAW_KEY.findall(text), RAW_KEY.findall(text)
    for s in SECTIONS:
        assert page.locator(f"#rules-{s}").count() == 1, s
    assert page.locator("#rules .aid-items tbody tr").count() == 12
    assert page.locator("#rules .aid-rhom tbody tr").count() == 16
    assert page.locator("#rules .aid-gem svg").count() >= 6  # a shape per gem, and the icons
    if lang == "ja":
        assert ", " not in page.inner_text("#rules .aid-rhom")  # Japanese lists use 、
    assert page.evaluate("document.activeElement.id") == "rules-close"


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_rules_dialog_from_the_lobby_and_a_table(
    context: BrowserContext, server: ServerProcess, errors: PageErrors, lang: str
) -> None:
    page = _page(context, errors, lang)
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    assert page.inner_text("#rules-button") == WORDS[lang][0]
    page.focus("#rules-button")  # by keyboard: Enter opens, Esc closes, the focus comes back
    page.keyboard.press("Enter")
    _check_dialog(page, lang)
    page.click("#rules .rules-contents a >> nth=7")  # the Rhom's section
    page.wait_for_timeout(200)
    shot(page, f"learn-rules-lobby-{lang}")
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules", state="detached")
    assert page.evaluate("document.activeElement.id") == "rules-button"

    # at a table: the tutorial's (made by "Learn to play"), the dialog over the board
    page.click("#tutorial-link")
    page.wait_for_selector("svg.board .hex")
    page.wait_for_selector("#coach")
    page.click("#rules-button")
    _check_dialog(page, lang)
    shot(page, f"learn-rules-table-{lang}")
    page.click("#rules-close")
    page.wait_for_selector("#rules", state="detached")
    assert not errors.errors, errors.errors


def test_rules_dialog_explains_the_game_chosen_in_the_lobby(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _page(context, errors, "en")
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.click(".game-choice[data-game='gem-rush'] .game-title")
    page.wait_for_selector(".game-choice[data-game='gem-rush'].chosen")
    page.click("#rules-button")
    page.wait_for_selector("#rules .rules-section")
    assert "Gem Rush" in page.inner_text("#rules-title")
    assert page.locator("#rules-tutorial").count() == 0  # Gem Rush has no tutorial table
    assert "Provisional" in page.inner_text("#rules")
    page.click("#rules-close")
    page.click(".game-choice[data-game='gems-of-iridescia'] .game-title")
    page.click("#rules-button")
    page.wait_for_selector("#rules .rules-section")
    assert "Gems of Iridescia" in page.inner_text("#rules-title")
    assert page.locator("#rules-tutorial").count() == 1
    assert not errors.errors, errors.errors


def test_rules_address_opens_the_dialog(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _page(context, errors)
    page.goto(server.url + "/#/rules")
    _check_dialog(page, "en")
    page.click("#rules-tutorial")  # the dialog leads to the tutorial
    page.wait_for_selector("#coach[data-lesson='welcome']")
    assert not errors.errors, errors.errors


def _lesson(page: Page, lesson: str) -> str:
    page.wait_for_selector(f"#coach[data-lesson='{lesson}']")
    text = page.inner_text("#coach")
    assert not RAW_KEY.findall(text), RAW_KEY.findall(text)
    assert not re.search(r"\b(?:null|undefined|NaN)\b", text), text
    return text


def _targets(page: Page) -> list[str]:
    """The actions of what the coach points at."""
    page.wait_for_selector(".coach-target")
    read = "e => e.dataset.actions ? JSON.parse(e.dataset.actions) : [e.dataset.action || '']"
    found = page.eval_on_selector_all(".coach-target", f"els => els.flatMap({read})")
    return [str(a) for a in found]


def _act(page: Page, action: str) -> None:
    """Click ``action`` where it is on the table (a hex, a card), else its prompt button."""
    on_table = page.locator(f".layout [data-action='{action}']")
    if on_table.count():
        on_table.first.click()
    else:
        page.click(f"#actions [data-action='{action}']")


# What the coach must say in each language at some lessons of the fixed tutorial game.
COACH_SAYS = {
    "en": {
        "welcome": "You play against the Rhom",
        "mine": "Mining costs 3 coins",
        "mined": "rolled 6, 5: every die showing 2 or more gives a gem, 2 this time",
        "rhom": "It drew card 9: 3x, so it took 3 gems from its tile.",
    },
    "fr": {
        "welcome": "Vous jouez contre le Rhom",
        "mine": "Miner coûte 3 pièces",
        "mined": "obtenu 6, 5 : chaque dé de 2 ou plus rapporte une gemme, 2 cette fois",
        "rhom": "Il a pioché la carte 9 : 3x, il a donc pris 3 gemmes sur sa tuile.",
    },
    "ja": {
        "welcome": "相手はロムで",
        "mine": "採掘は3コイン",
        "mined": "出目は6、5。2以上の目1つにつき宝石1個、今回は2個です。",
        "rhom": "引いたカードは9番:3倍なので、タイルから宝石を3個得ました。",
    },
}


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_tutorial_coach_explains_the_first_turns(
    context: BrowserContext, server: ServerProcess, errors: PageErrors, lang: str
) -> None:
    says = COACH_SAYS[lang]
    page = _page(context, errors, lang)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.click("#tutorial-link")
    assert says["welcome"] in _lesson(page, "welcome")
    assert {"reveal 2", "reveal 5"} <= set(_targets(page))  # the row-1 tiles it can reveal
    shot(page, f"learn-tutorial-welcome-{lang}")

    _act(page, "reveal 2")
    _lesson(page, "move_first")
    assert "move 2" in _targets(page)
    _act(page, "move 2")
    assert says["mine"] in _lesson(page, "mine")
    assert any(a.startswith("mine") for a in _targets(page))
    _act(page, "mine 0")
    assert says["mined"] in _lesson(page, "mined")  # the fixed game's roll, explained
    shot(page, f"learn-tutorial-mined-{lang}")
    page.wait_for_selector("#actions [data-action='buy 1']")
    _act(page, "buy 1")
    _lesson(page, "sell")
    _act(page, "sell emerald 1")
    _lesson(page, "end_turn")
    assert "end" in _targets(page)
    _act(page, "end")

    # the Rhom plays; the coach tells what it did and waits for "Got it"
    assert says["rhom"] in _lesson(page, "rhom")
    shot(page, f"learn-tutorial-rhom-{lang}")
    page.click("#coach-ok")
    _lesson(page, "reveal")
    _act(page, "reveal 8")
    _act(page, "move 8")
    _lesson(page, "buy")  # no coins left to mine: the coach offers what can be done
    _act(page, "end")
    _lesson(page, "restore")
    assert "restore 3" in _targets(page)  # the relic it can pay for glows
    shot(page, f"learn-tutorial-restore-{lang}")
    _act(page, "restore 3")

    # the coach folds away and comes back; leaving the tutorial removes it
    page.click("#coach-hide")
    page.wait_for_selector("#coach-show")
    page.click("#coach-show")
    page.wait_for_selector("#coach-text")
    page.click("#coach-quit")
    page.wait_for_selector("#coach", state="detached")
    assert not errors.errors, errors.errors


def test_tutorial_lets_the_player_finish_the_game(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    """After the guided turns the coach says so (and waits for "Got it"), folds away, and the
    player plays on to the end, where the coach (unfolded) says the game is over."""
    page = _page(context, errors)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server.url + "/#/tutorial")
    _lesson(page, "welcome")
    page.click("#coach-hide")
    lessons: set[str] = set()
    shots: set[str] = set()

    def step(p: Page, n: int) -> None:
        wait_ready([p])  # the next state is drawn, and the coach with it
        coach = p.locator("#coach")
        lessons.add(coach.get_attribute("data-lesson") or "")
        if coach.get_attribute("data-lesson") == "free" and "free" not in shots:
            shots.add("free")
            shot(p, "learn-tutorial-free")
        if p.locator("#coach-ok").count():
            p.click("#coach-ok")  # "Got it": the Rhom's turn, then "on your own"

    page = ClickingPlayer([page], seed=3).play(on_step=step)
    assert "free" in lessons
    page.click("#coach-show")
    _lesson(page, "over")
    shot(page, "learn-tutorial-over")
    assert not errors.errors, errors.errors


def test_phone_coach_and_rules_fit_the_screen(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    context = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    for lang in ("en", "fr"):  # the header's new buttons fit beside the language choice
        other = _page(context, errors, lang)
        other.goto(server.url + "/")
        other.wait_for_selector("#tutorial-link")
        assert other.evaluate("document.documentElement.scrollWidth") <= 390, lang
        other.close()
    page = _page(context, errors, "ja")
    page.goto(server.url + "/#/tutorial")
    _lesson(page, "welcome")
    box = page.locator("#coach").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] <= 844 * 0.4
    shot(page, "learn-phone-coach-ja")
    page.click("#coach-rules")
    page.wait_for_selector("#rules[open]")
    box = page.locator("#rules").bounding_box()
    assert box and box["width"] <= 390 and box["height"] <= 844
    shot(page, "learn-phone-rules-ja")
    assert not errors.errors, errors.errors
