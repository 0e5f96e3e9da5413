"""On a phone, no card or player name is broken in the middle of a word: the market's item and
relic cards and the players' boards, in English and French (Japanese breaks between any two
characters by design), at 390×844 upright.

It would have caught the three-cards-a-row market that broke "Jolty Jackhammer" as
"Jackhamme / r" at 390 px.
"""

from __future__ import annotations

import pytest
from e2e_support import (  # noqa: F401 - the fixtures are used by name
    NewContext,
    PageErrors,
    broken_words,
    browser_fixture,
    errors_fixture,
    fix_seed,
    new_context_fixture,
    server_fixture,
    shot,
)

from iridescia.web.testing import ServerProcess

NAMES = ".card .card-name, .player-name, .card .card-meta, .row-label"
# The shown elements of a selector whose right edge passes the screen's (a board wider than
# the phone, a tab label cut off); below the fold is fine: the tabs scroll.
TOO_WIDE = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.getClientRects().length && (e.getBoundingClientRect().right > innerWidth + 0.5
    || (e.classList.contains('tab') && e.scrollWidth > e.clientWidth + 1)))
  .map((e) => e.className + ' ' + e.textContent.slice(0, 30))"""
SEED = 1  # its item market holds the Prosperous Pickaxe, Axe of Awesomeness, Jolty Jackhammer


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_name_breaks_mid_word_on_a_phone(
    new_context: NewContext, server: ServerProcess, errors: PageErrors, lang: str
) -> None:
    ctx = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = errors.watch(ctx.new_page())
    fix_seed(page, SEED)
    page.add_init_script(f"localStorage.setItem('iridescia.lang', '{lang}')")
    page.goto(server.url + "/")
    page.click(".start[data-start='bots']")
    page.click("#create")
    page.locator("svg.board").wait_for()
    page.wait_for_selector("#prompt[data-mine='1']")  # your turn: your board wears its flag
    assert page.evaluate("document.documentElement.lang") == lang
    for tab in ("market", "players"):
        page.tap(f"#phone-tabs-{tab}")
        page.locator(".card .card-name:visible").first.wait_for()
        assert broken_words(page, NAMES) == [], tab
        assert page.evaluate(TOO_WIDE, ".player, .card, .phone-tabs .tab") == [], tab
        shot(page, f"phone-words-{tab}-{lang}")
    assert not errors.errors, errors.errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_name_breaks_mid_word_on_a_desktop(
    new_context: NewContext, server: ServerProcess, errors: PageErrors, lang: str
) -> None:
    """The same at 1440×900, where the market is a side column of three cards a row."""
    page = errors.watch(new_context(viewport={"width": 1440, "height": 900}).new_page())
    fix_seed(page, SEED)
    page.add_init_script(f"localStorage.setItem('iridescia.lang', '{lang}')")
    page.goto(server.url + "/")
    page.click(".start[data-start='bots']")
    page.click("#create")
    page.locator(".card .card-name:visible").first.wait_for()
    assert page.evaluate("document.documentElement.lang") == lang
    assert broken_words(page, NAMES) == []
    assert not errors.errors, errors.errors
