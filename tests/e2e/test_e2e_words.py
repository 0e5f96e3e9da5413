"""The words of the table in real Chromium, in English, French and Japanese: a solo game played
by clicking for a few turns in each language, with every text the page shows (its text, the
tooltips, the labels for screen readers, the SVG titles) read at each step for what a player
must never see: a catalogue key ("timing.any_time", "bot.mcts"), an unfilled "{placeholder}",
English grammar slips ("1 coins", "a amethyst"), English codes left in French or Japanese ("+2p",
the Rhom's "R, L, FL, FR") and ASCII commas in Japanese lists. The browser's plural forms and
list separator (and a Rhom card's words) are checked against the server's catalogue code
(``iridescia.i18n``).

Screenshots: ``words-table-<lang>.png`` (1440×900) and ``words-phone-ja.png`` (390×844).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from e2e_support import (  # noqa: F401 - the fixtures are used by name
    NewContext,
    PageErrors,
    browser_fixture,
    choose,
    click_action,
    errors_fixture,
    fix_seed,
    homes,
    legal_actions,
    new_context_fixture,
    server_fixture,
    shot,
    wait_ready,
)
from playwright.sync_api import Page

from iridescia.i18n import Messages
from iridescia.web.testing import ServerProcess

KEY = re.compile(r"(?<![\w./:-])[a-z][a-z_]*\.[a-z_]+(\.[a-z0-9_]+)*(?![\w./(-])")
SLIPS = {
    "en": [r"\b[Aa] (amethyst|emerald)\b", r"(?<![\d.])1 (points|coins|stone dice|players)\b",
           r"\((s|es)\)"],
    "fr": [r"\+\d+[cp]\b", r"\+sd\b", r"(?<![\w'’])(FL|FR)(?![\w'’])", r"\((s|es)\)",
           r"\b(coins?|stone dic?e|weathervane)\b"],
    "ja": [r"\+\d+[cp]\b", r"\+sd\b", r"(?<![\w'’])(FL|FR)(?![\w'’])", r"[^\d\s], ",
           r"\b(coins?|points?|stone dic?e|weathervane)\b"],
}  # fmt: skip

# The board's bonus codes ("+2c") are left to the board's part, which draws them as icons.
TEXTS_JS = """() => {
  const codes = [...document.querySelectorAll('svg.board text.bonus')];
  codes.forEach((e) => { e.style.display = 'none'; });
  const out = [document.body.innerText, document.title];
  codes.forEach((e) => { e.style.display = ''; });
  for (const el of document.querySelectorAll('[title], [data-tip], [aria-label], [placeholder]')) {
    for (const a of ['title', 'data-tip', 'aria-label', 'placeholder']) {
      if (el.getAttribute(a)) out.push(el.getAttribute(a));
    }
  }
  for (const t of document.querySelectorAll('svg title, option')) out.push(t.textContent);
  return out;
}"""


def defects(lang: str, texts: list[str]) -> list[str]:
    found = set()
    for text in texts:
        for line in text.splitlines():
            if KEY.search(line) and not re.search(r"https?://|\w+\.\w+\.(js|json|py)", line):
                found.add(f"a key: {line!r}")
            if "{" in line or "}" in line:
                found.add(f"a placeholder: {line!r}")
            for slip in SLIPS[lang]:
                if re.search(slip, line):
                    found.add(f"{slip}: {line!r}")
    return sorted(found)


def _table(page: Page, server: ServerProcess, lang: str, seed: int) -> list[str]:
    """Open a solo table from the lobby in ``lang``: the lobby's defects (bots, modes...)."""
    fix_seed(page, seed)
    page.add_init_script(f"localStorage.setItem('iridescia.lang', '{lang}')")
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    problems = defects(lang, page.evaluate(TEXTS_JS))
    page.select_option("#mode", "solo")
    page.click("#create")
    page.wait_for_selector("#prompt")
    page.wait_for_selector("svg.board .hex")
    return problems


def _play_and_read(page: Page, lang: str, actions: int, seed: int) -> list[str]:
    """Click ``actions`` actions of the game, reading the page's texts before each."""
    rng = random.Random(seed)
    problems: list[str] = []
    done = 0
    while done < actions:
        _, what = wait_ready([page])
        if what == "over":
            break
        problems += defects(lang, page.evaluate(TEXTS_JS))
        legal = legal_actions(page)
        if click_action(page, choose(legal, rng), homes(page)) is not None:
            done += 1
    problems += defects(lang, page.evaluate(TEXTS_JS))
    return sorted(set(problems))


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_the_table_reads_well_in_each_language(
    lang: str, new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport={"width": 1440, "height": 900}).new_page())
    problems = _table(page, server, lang, seed=311)
    assert page.evaluate("document.documentElement.lang") == lang
    problems += _play_and_read(page, lang, actions=14, seed=5)
    wait_ready([page])
    shot(page, f"words-table-{lang}")
    assert problems == []
    prompt = page.locator("#prompt").inner_text()
    assert prompt.strip() and "decision." not in prompt
    assert not errors.errors, errors.errors


def test_the_phone_table_reads_well_in_japanese(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    phone = {"width": 390, "height": 844}
    context = new_context(viewport=phone, is_mobile=True, has_touch=True)
    page = errors.watch(context.new_page())
    problems = _table(page, server, "ja", seed=312)
    problems += _play_and_read(page, "ja", actions=6, seed=6)
    wait_ready([page])
    shot(page, "words-phone-ja")
    assert problems == []
    assert not errors.errors, errors.errors


PLURALS = [
    ("n.coins", {"n": 0}), ("n.coins", {"n": 1}), ("n.coins", {"n": 2}),
    ("n.points", {"n": 1}), ("n.stone", {"n": 1}), ("n.stone", {"n": 3}),
    ("bonus.points", {"n": 1}), ("ev.coins", {"count": 1, "seat": "S", "reason": "r"}),
    ("ev.coins", {"count": 4, "seat": "S", "reason": "r"}), ("act.mine_stone", {"n": 2}),
]  # fmt: skip


def test_the_browser_picks_plural_forms_and_separators_as_the_server_does(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context().new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    for lang in ("en", "fr", "ja"):
        got: list[Any] = page.evaluate(
            """async ([lang, cases]) => {
              const i18n = await import('/static/js/i18n.js');
              await i18n.loadLanguage(lang);
              const words = await import('/static/games/gems-of-iridescia/words.js');
              const card = {id: 2, reveal_order: ['R', 'L', 'FL', 'FR'], icon: 'merchant',
                            weathervane: 'left'};
              return [...cases.map(([k, v]) => i18n.t(k, v)),
                      i18n.render({list: [{key: 'colour.emerald'}, {key: 'colour.citrine'}]}),
                      words.rhomCardText(card)];
            }""",
            [lang, PLURALS],
        )
        words = Messages(lang)
        expected = [words(k, **v) for k, v in PLURALS]
        expected.append(words.join([words("colour.emerald"), words("colour.citrine")]))
        order = words.join([words(f"rhom.dir.{d}") for d in ("R", "L", "FL", "FR")])
        expected.append(
            words(
                "rhom.card",
                card=2,
                icon=words("icon.merchant"),
                order=order,
                vane=words("vane.left"),
            )
        )
        assert got == expected, lang
    assert not errors.errors, errors.errors
