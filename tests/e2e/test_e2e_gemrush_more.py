"""Gem Rush's undo, replay, analysis and hints in real Chromium (the generic ``js/table.js``,
``js/replay.js``, ``js/analysis.js`` and ``js/hints.js`` with Gem Rush's plug-in).

- Undo within the rules: a walk that starts a construction, and a card chosen for its payment,
  are taken back by the Undo button; once the payment draws the next room tile, or a card is
  drawn, the Undo button is gone.
- The replay of a finished Rush game, through one seat's eyes: it steps forwards and back, the
  mine and the panels follow, the other player's hand stays hidden (card backs and the cards
  known to be in it), the log lines have the plug-in's pictures, and the last step shows the
  end screen.
- The analysis of a short Rush game against a bot: the value curve and the mistakes in Gem Rush's
  words, a mistake opening the replay at its step.
- Hints at a Crisis table made in the lobby (a bot beside you): the hint names an action and
  highlights it on the prompt and at its place on the mine or in the hand.

The server analyses with the fast greedy bot (``IRIDESCIA_ANALYSIS_BOT``), as in
``test_e2e_analyse.py``. Screenshots: ``test-artifacts/gemrush-more-*.png``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_support import (  # noqa: F401 - the fixtures are used by name
    NewContext,
    PageErrors,
    browser_fixture,
    click_action,
    errors_fixture,
    fast_analysis_server,
    fix_seed,
    homes,
    new_context_fixture,
    shot,
)
from playwright.sync_api import Page

from iridescia.web.testing import ServerProcess, post_json

DESKTOP = {"width": 1440, "height": 900}
CRISIS_SHORT = {"target": 3, "crisis_may_stop": True}
RAW_KEY = "gr."  # a catalogue key shown instead of its words

# A table made by this page's script and played to its end with legal actions (leaning to the
# ones that end a game: stop, paid, payments, walks), one WebSocket per human seat; this
# browser then holds the seats in `mine`. Resolves with the table's id.
FINISHED_JS = """async ([body, mine]) => {
  const table = (await (await fetch('/api/games/gem-rush/actions')).json()).actions;
  const made = await (await fetch('/api/tables', {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)})).json();
  const id = made.table.id;
  let n = body.seed;
  const rand = () => { n = (n * 1103515245 + 12345) % 2147483648; return n; };
  const pick = (ids) => {
    const texts = ids.map((i) => table[i].text);
    for (const first of ['stop', 'paid']) if (texts.includes(first)) return first;
    const lean = texts.filter((x) => /^(pay|walk|keep|rotate|name|to) /.test(x));
    const from = lean.length && rand() % 4 ? lean : texts;
    return from[rand() % from.length];
  };
  await Promise.all(made.seats.filter((s) => s.token).map((s) => new Promise((done, fail) => {
    const ws = new WebSocket(`ws://${location.host}/ws/${id}`);
    ws.onopen = () => ws.send(JSON.stringify({type: 'hello', token: s.token}));
    ws.onerror = fail;
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type !== 'state') return;
      if (msg.table.status === 'finished') { ws.close(); done(); return; }
      if (msg.seat === msg.table.current_player && msg.actions.length)
        ws.send(JSON.stringify({type: 'act', action: pick(msg.actions), version: msg.version}));
    };
  })));
  const tokens = {};
  for (const s of made.seats) if (mine.includes(s.seat)) tokens[s.seat] = s.token;
  localStorage.setItem('iridescia.seats.' + id, JSON.stringify(tokens));
  return id;
}"""


@pytest.fixture(scope="module", name="server")
def server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The usual test server, analysing with the fast greedy bot."""
    yield from fast_analysis_server(tmp_path_factory.mktemp("e2e-gemrush-more"))


def _solo_table(server: ServerProcess, page: Page, seed: int) -> str:
    """A solo Crisis table (a low target) that this page plays, opened."""
    body: dict[str, Any] = {"game": "gem-rush", "mode": "crisis", "seats": ["human"]}
    made = post_json(server.url + "/api/tables", {**body, "seed": seed, "options": CRISIS_SHORT})
    table = str(made["table"]["id"])
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.evaluate(
        "([t, tokens]) => localStorage.setItem(`iridescia.seats.${t}`, tokens)",
        [table, json.dumps({0: made["seats"][0]["token"]})],
    )
    page.goto(f"{server.url}/#/t/{table}")
    return table


def _offered(page: Page) -> list[str]:
    """The legal actions once the prompt offers them (the seat on screen may act)."""
    page.wait_for_selector("#prompt[data-mine='1'] #actions [data-action]")
    return [str(a) for a in page.eval_on_selector_all(
        "#actions [data-action]", "els => els.map(e => e.dataset.action)"
    )]  # fmt: skip


def _play(page: Page, action: str) -> None:
    """Play ``action`` where it belongs (the mine, a card) or on the prompt, as a person does."""
    assert action in _offered(page), action
    assert click_action(page, action, homes(page)) is not None


def _after(page: Page, action: str, present: bool) -> None:
    """Wait until the page offers ``action`` (or no longer does)."""
    sel = f'#prompt[data-mine="1"] #actions [data-action="{action}"]'
    page.wait_for_selector(sel, state="attached" if present else "detached")


def test_undo_takes_back_a_walk_and_a_payment_card_but_never_a_draw(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport=DESKTOP).new_page())
    _solo_table(server, page, 4)
    assert page.locator("#undo").count() == 0 and "walk N" in _offered(page)
    # a walk that starts a construction, taken back: the site and the walks are there again
    _play(page, "walk N")
    page.wait_for_selector("#undo")
    assert page.locator("[data-area=me] .gr-payment").count() == 1
    shot(page, "gemrush-more-undo-walk")
    page.click("#undo")
    _after(page, "walk N", present=True)
    assert page.locator("#undo").count() == 0
    assert page.locator("[data-area=me] .gr-payment").count() == 0
    # a card chosen for the payment, taken back
    _play(page, "walk N")
    _play(page, "pay G08")
    _after(page, "pay G08", present=False)
    page.click("#undo")
    _after(page, "pay G08", present=True)
    # the payment done, the next room tile is drawn: no undo past it
    _play(page, "pay G08")
    _play(page, "pay G22")
    _play(page, "paid")
    page.wait_for_selector("#actions [data-action^='rotate ']")
    assert page.locator("#undo").count() == 0
    shot(page, "gemrush-more-undo-after-tile")
    # a card drawn: no undo either (once the turn's end is taken, which may be undone)
    _play(page, "rotate 0")
    _play(page, "end")
    page.wait_for_selector("#undo")
    _play(page, "draw")
    page.wait_for_selector("#actions [data-action^='burn ']")
    assert page.locator("#undo").count() == 0
    assert not errors.errors, errors.errors


def test_a_rush_replay_through_a_seats_eyes_keeps_the_other_hand_hidden(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport=DESKTOP).new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    body = {"game": "gem-rush", "mode": "rush", "seats": ["human", "bot:greedy"], "seed": 15,
            "options": {"target": 3}}  # fmt: skip
    table = page.evaluate(FINISHED_JS, [body, [0]])
    page.goto(f"{server.url}/#/r/{table}")
    page.wait_for_selector("#replay[data-viewer='0'] svg.gr-mine .gr-tile")
    tiles = page.locator("#replay svg.gr-mine .gr-tile").count()
    # forwards: the mine grows, the log with it, and its lines have their pictures
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector("#replay[data-step='12']")
    assert page.locator("#replay svg.gr-mine .gr-tile").count() >= tiles
    assert page.locator("#replay-log li.ev svg").count() >= 1, "the log has no pictures"
    assert page.locator("#replay-log li.now").count() >= 1
    assert "offline" not in page.inner_text("#replay .side")  # not a live table
    # the other player's hand: card backs and the cards known to be in it, never more
    others = page.locator("#replay .gr-others")
    assert others.locator(".gr-card.back").count() + others.locator(".gr-card.known").count() >= 1
    assert others.locator(".gr-card:not(.back):not(.known)").count() == 0
    assert page.locator("#replay .gr-mine-area .gr-card.back").count() == 0  # mine, face up
    shot(page, "gemrush-more-replay-step")
    # backwards
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#replay[data-step='11']")
    assert RAW_KEY not in page.locator("#replay-action").inner_text()
    # the last step: the end screen
    page.keyboard.press("End")
    page.wait_for_selector("#replay #scores .gr-end-seats")
    assert page.locator("#replay .gr-others .gr-card:not(.back):not(.known)").count() == 0
    text = page.locator("#replay").inner_text()
    assert RAW_KEY not in text, text[:300]
    shot(page, "gemrush-more-replay-end")
    assert not errors.errors, errors.errors


def test_the_analysis_of_a_rush_game_words_its_mistakes_and_opens_the_replay(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport=DESKTOP).new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    body = {"game": "gem-rush", "mode": "rush", "seats": ["human", "bot:greedy"], "seed": 9,
            "options": {"target": 12}}  # fmt: skip
    table = page.evaluate(FINISHED_JS, [body, [0]])
    page.goto(f"{server.url}/#/a/{table}")
    page.wait_for_selector("#analysis #value-chart polyline.curve", timeout=30_000)
    mistakes = page.locator("#mistakes li.mistake")
    assert mistakes.count() >= 1
    first = mistakes.first
    played = first.locator("dd.played").inner_text()
    suggested = first.locator("dd.suggested").inner_text()
    assert played and suggested and played != suggested
    text = page.locator("#analysis").inner_text()
    assert "analysis." not in text and RAW_KEY not in text, text[:300]
    shot(page, "gemrush-more-analysis")
    step = first.get_attribute("data-step")
    first.locator("a.mistake-step").click()
    page.wait_for_function(f"document.querySelector('#replay')?.dataset.step === '{step}'")
    page.wait_for_selector("#replay svg.gr-mine .gr-tile")
    shot(page, "gemrush-more-analysis-replay")
    assert not errors.errors, errors.errors


def test_a_hint_at_a_crisis_table_with_a_bot_glows_on_the_prompt_and_the_table(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport=DESKTOP).new_page())
    fix_seed(page, 4)
    page.goto(server.url + "/")
    page.locator(".game-choice[data-game='gem-rush'] .game-title").click()
    page.wait_for_selector(".game-choice[data-game='gem-rush'].chosen")
    page.select_option("#mode", "crisis")
    page.check("#hints")
    page.click("#create")
    page.wait_for_selector("#prompt[data-mine='1'] #actions [data-action]", timeout=20_000)
    page.click("#hint")
    page.wait_for_selector("#actions .act.hinted")
    said = page.locator("#hint-text").inner_text()
    assert said.strip() and "table_hint." not in said and RAW_KEY not in said, said
    hinted = page.locator("#actions .act.hinted").get_attribute("data-action")
    places = page.evaluate(
        """(act) => {
          const all = [...document.querySelectorAll('#main [data-actions]')];
          const own = all.filter((n) => JSON.parse(n.dataset.actions).includes(act));
          return [own.length, own.filter((n) => n.classList.contains('hinted')).length,
                  all.filter((n) => n.classList.contains('hinted')).length];
        }""",
        hinted,
    )
    assert places[0] >= 1 and places[0] == places[1] == places[2], (hinted, places)
    shot(page, "gemrush-more-hint")
    assert not errors.errors, errors.errors
