"""The analysis of a finished game in real Chromium (js/analysis.js, web/analysis.py).

A solo game is played to its end fast through the page's own WebSocket; its scoring screen
offers "Analyse", which opens #/a/<id>: a "thinking" state while the server works, then the
value curve (an SVG line with a dot on each mistake) and the mistakes, biggest first, with the
actions in the reader's language; a mistake opens the replay at its step, and the replay's bar
offers "Analyse" too. A browser that played no seat is told it cannot analyse; a device that
played several seats (hot-seat) hands over before showing one seat's analysis. The server runs
with the fast greedy bot (``IRIDESCIA_ANALYSIS_BOT``) to keep this quick.

Screenshots: ``analyse-*.png`` in ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from e2e_support import (  # noqa: F401 - the fixtures are used by name
    FINISHED_GAME_JS,
    NewContext,
    PageErrors,
    assert_accessible,
    browser_fixture,
    errors_fixture,
    fast_analysis_server,
    new_context_fixture,
    shot,
)

from iridescia.web.testing import ServerProcess

DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module", name="server")
def server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The usual test server, analysing with the fast greedy bot."""
    yield from fast_analysis_server(tmp_path_factory.mktemp("e2e-analyse"))


def test_analyse_from_the_scoring_screen_then_a_mistake_in_the_replay(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport=DESKTOP).new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    table_id = page.evaluate(FINISHED_GAME_JS, [5, "solo", ["human"], [0]])
    page.goto(f"{server.url}/#/t/{table_id}")
    page.locator("#scores #analyse-link").wait_for()
    shot(page, "analyse-scores")
    page.locator("#scores #analyse-link").click()
    page.wait_for_function(f"location.hash === '#/a/{table_id}'")
    page.wait_for_selector("#analysis #value-chart polyline.curve", timeout=30_000)
    # the curve: a line over the decisions and a dot on each mistake
    assert page.locator("#value-chart .mistake-dot").count() >= 1
    assert page.locator("#analysis-thinking").count() == 0
    mistakes = page.locator("#mistakes li.mistake")
    assert mistakes.count() >= 1
    shot(page, "analyse-desktop")
    dots = page.locator("#value-chart .mistake-dot").count()
    if page.locator("#mistakes-more").count():  # the rest of a long list, on demand
        assert mistakes.count() == 12
        page.click("#mistakes-more")
    assert dots == mistakes.count()
    # biggest first, each with the action played and the bot's, as labels (not canonical text)
    losses = [float(x.replace("−", "").split()[0]) for x in
              mistakes.locator(".mistake-loss").all_inner_texts()]  # fmt: skip
    assert losses == sorted(losses, reverse=True)
    first = mistakes.first
    played = first.locator("dd.played").inner_text()
    suggested = first.locator("dd.suggested").inner_text()
    assert played and suggested and played != suggested
    assert "analysis." not in page.locator("#analysis").inner_text()
    assert page.locator("#analysis-summary").inner_text().strip()
    assert_accessible(page, "the analysis page")
    # a mistake opens the replay at its step
    step = first.get_attribute("data-step")
    first.locator("a.mistake-step").click()
    page.wait_for_function(f"document.querySelector('#replay')?.dataset.step === '{step}'")
    shot(page, "analyse-replay-at-mistake")
    # the replay offers the analysis too
    page.locator("#analyse-link").click()
    page.wait_for_selector("#mistakes li.mistake")  # cached: at once
    # in French
    page.select_option("#lang", "fr")  # the page is drawn again, in French
    page.wait_for_function(
        "document.querySelector('#analysis h2')?.textContent === 'Analyse de la partie'"
    )
    page.wait_for_selector("#mistakes li.mistake")
    shot(page, "analyse-desktop-fr")
    page.set_viewport_size(PHONE)
    page.select_option("#lang", "ja")
    page.wait_for_function("document.querySelector('#analysis h2')?.textContent === 'ゲームの分析'")
    page.wait_for_selector("#mistakes li.mistake")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    shot(page, "analyse-phone-ja")
    assert not errors.errors, errors.errors


def test_a_browser_that_played_no_seat_is_told_why(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport=DESKTOP).new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    table_id = page.evaluate(FINISHED_GAME_JS, [6, "solo", ["human"], [0]])
    page.evaluate(f"localStorage.removeItem('iridescia.seats.{table_id}')")
    page.goto(f"{server.url}/#/a/{table_id}")
    page.wait_for_selector("#analysis-error")
    assert page.locator("#analysis-error").inner_text().strip()
    page.goto(f"{server.url}/#/r/{table_id}")
    page.wait_for_selector("#replay svg.board .hex")
    assert page.locator("#analyse-link").count() == 0
    assert not errors.errors, errors.errors


def test_a_hot_seat_device_hands_over_before_a_seats_analysis(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport=DESKTOP).new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    table_id = page.evaluate(FINISHED_GAME_JS, [8, "standard", ["human", "human"], [0, 1]])
    page.goto(f"{server.url}/#/a/{table_id}/1")
    page.wait_for_selector("#handoff #handoff-go")
    assert page.locator("#analysis").count() == 0  # nothing of seat 2's shown yet
    assert page.locator("#analysis-seat").input_value() == "1"
    shot(page, "analyse-handoff")
    page.click("#handoff-go")
    page.wait_for_selector("#analysis #value-chart polyline.curve", timeout=30_000)
    assert "2" in page.locator("#analysis-seat-title").inner_text()
    # the other seat: its own hand-off first
    page.select_option("#analysis-seat", "0")
    page.wait_for_selector("#handoff #handoff-go")
    page.click("#handoff-go")
    page.wait_for_selector("#analysis #value-chart polyline.curve", timeout=30_000)
    assert not errors.errors, errors.errors


def test_hints_at_a_solo_table_highlight_the_bots_choice(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport=DESKTOP).new_page())
    page.goto(server.url + "/")
    page.select_option("#mode", "solo")
    assert not page.locator("#hints").is_checked()  # off by default
    page.check("#hints")
    page.locator("#hints").scroll_into_view_if_needed()
    shot(page, "analyse-lobby-hints")
    page.click("#create")
    page.wait_for_selector("#prompt[data-mine='1'] #actions [data-action]", timeout=20_000)
    page.click("#hint")
    page.wait_for_selector("#hint-text:not(:empty)")
    page.wait_for_function(
        "document.querySelector('#actions .act.hinted') || "
        "!document.querySelector('#hint-text').textContent.includes('…')"
    )
    shot(page, "analyse-hint")
    said = page.locator("#hint-text").inner_text()
    assert said.strip() and "table_hint." not in said
    assert page.locator("#actions .act.hinted").count() == 1
    # the action's places on the table (a hex, a card...) glow as well, and nothing else does
    places = page.evaluate(
        """() => {
          const act = document.querySelector('#actions .act.hinted').dataset.action;
          const all = [...document.querySelectorAll('#main [data-actions]')];
          const own = all.filter((n) => JSON.parse(n.dataset.actions).includes(act));
          return [own.length, own.filter((n) => n.classList.contains('hinted')).length,
                  all.filter((n) => n.classList.contains('hinted')).length];
        }"""
    )
    assert places[0] >= 1 and places[0] == places[1] == places[2], places  # a hex, first turn
    # with friends invited, the lobby does not offer hints
    page.goto(server.url + "/")
    page.select_option("#mode", "standard")
    assert page.locator("#hints").count() == 1  # against a bot: offered
    page.select_option(".seat-kind[data-seat='1']", "human")
    page.wait_for_selector("#create")
    assert page.locator("#hints").count() == 0
    page.check("#hotseat")  # both on this device: offered again
    assert page.locator("#hints").count() == 1
    assert not errors.errors, errors.errors


def test_the_value_curve_of_one_decision_is_a_point(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport=DESKTOP).new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    drawn = page.evaluate(
        """async () => {
          const { valueChart } = await import('/static/js/analysis-chart.js');
          const one = valueChart([{step: 3, value_before: 4.5, loss: 0}], [], 10, (s) => `#${s}`);
          const many = valueChart([{step: 1, value_before: 1, loss: 0},
                                   {step: 5, value_before: -2, loss: 3}], [5], 10, (s) => `#${s}`);
          document.body.append(one);
          const box = one.querySelector('.curve-point').getBoundingClientRect();
          return [box.width > 2 && box.height > 2, !!many.querySelector('.curve-point'),
                  many.querySelectorAll('.mistake-dot').length];
        }"""
    )
    assert drawn == [True, False, 1]
    assert not errors.errors, errors.errors
