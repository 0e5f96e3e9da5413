"""The end of a game and its replay in real Chromium.

- a solo game played by clicking to its end: the scoring screen with every section (the winner,
  points by source for both seats, the explorer's objective revealed and marked met or not,
  the statistics of spec section 10 with the dice chart), then "New game with the same seats"
  makes a new solo table that this browser plays at once;
- the replay of a finished game (played fast through the page's own WebSocket): keyboard
  stepping (→ ← Home End, space), autoplay at a speed remembered by the browser, the log up to
  the step, the final scoring at the last step, the player's eyes (their objectives) or the
  spectator's (none), and a phone layout.

Screenshots: ``endgame-*.png`` in ``test-artifacts/``.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from e2e_support import (  # noqa: F401 - the fixtures are used by name
    FINISHED_GAME_JS,
    ClickingPlayer,
    NewContext,
    PageErrors,
    browser_fixture,
    errors_fixture,
    fix_seed,
    new_context_fixture,
    server_fixture,
    shot,
)
from playwright.sync_api import Page

from iridescia.core.record import GameRecord
from iridescia.games import get as get_game
from iridescia.games.iridescia import Game
from iridescia.web.games.iridescia_result import final_result
from iridescia.web.testing import ServerProcess

DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}


def _finished_game(players: int, seed: int) -> Game:
    g = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    return g


def _step(page: Page) -> int:
    return int(page.locator("#replay").get_attribute("data-step") or "-1")


def _wait_step(page: Page, n: int) -> None:
    page.wait_for_function(f"document.querySelector('#replay')?.dataset.step === '{n}'")


def test_solo_game_ends_on_the_scoring_screen_then_a_rematch(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport=DESKTOP).new_page())
    fix_seed(page, 4242)
    page.goto(server.url + "/")
    page.select_option("#mode", "solo")
    page.click("#create")
    page.wait_for_selector("svg.board .hex")
    old = page.evaluate("location.hash")
    page = ClickingPlayer([page], seed=7).play()
    scores = page.locator("#scores")
    scores.locator(".winner").wait_for()
    scores.scroll_into_view_if_needed()
    shot(page, "endgame-scores")
    shot(page, "endgame-scores-full", full=True)
    assert scores.locator(".winner").inner_text().strip()
    # points by source for the explorer and the Rhom, each source with its picture
    assert scores.locator("#score-breakdown tr.total td").count() == 2
    sources = scores.locator("#score-breakdown tr[data-source]")
    assert sources.count() >= 3
    assert sources.locator("th svg.icon").count() == sources.count()
    assert scores.locator("#score-breakdown tr.place td").count() == 2
    # the explorer's kept objective, revealed and judged (the Rhom holds none)
    objective = scores.locator("#end-objectives li[data-seat='0']")
    assert objective.locator(".chip.objective").count() == 1
    assert objective.locator(".verdict.met, .verdict.missed").count() == 1
    # the statistics of spec section 10, both seats
    stats = scores.locator("#end-stats")
    for key in ("turns_taken", "coins_collected", "mining_attempts", "failed_attempts",
                "tiles_collected", "relics_by_lead", "relics_by_type", "iridia_relics",
                "items_bought", "items_used", "dice_faces"):  # fmt: skip
        assert stats.locator(f"tr[data-stat='{key}'] td").count() == 2, key
    assert stats.locator("svg.dice-chart").count() == 2
    turns = stats.locator("tr[data-stat='turns_taken'] td").first.inner_text()
    assert int(turns) > 5
    assert scores.locator("#replay-link").is_visible()
    # the record, downloaded: it replays to the same state hashes, to the game's end
    with page.expect_download() as download:
        page.click("#download-record")
    saved = GameRecord.loads(Path(download.value.path()).read_bytes())
    assert download.value.suggested_filename == f"gems-of-iridescia-{old.split('/')[2]}.json"
    assert len(saved.hashes) == len(saved.actions) > 20 and saved.seats == ("human", "rhom")
    assert get_game(saved.game).from_record(saved).is_terminal()  # every hash checked
    # a new game with the same seats: a new solo table, this browser's seat at once
    page.click("#rematch")
    page.wait_for_function(f"location.hash.startsWith('#/t/') && location.hash !== '{old}'")
    page.wait_for_selector("#prompt[data-mine='1'] #actions [data-action]", timeout=20_000)
    new_id = page.evaluate("location.hash.split('/')[2]")
    seats = json.loads(page.evaluate(f"localStorage.getItem('iridescia.seats.{new_id}')"))
    assert list(seats) == ["0"]
    table = page.evaluate(f"fetch('/api/tables/{new_id}').then(r => r.json())")
    assert table["mode"] == "solo" and [s["kind"] for s in table["seats"]] == ["human", "rhom"]
    shot(page, "endgame-rematch")
    assert not errors.errors, errors.errors


def _finished_replay(
    page: Page, server: ServerProcess, seed: int, mode: str = "solo", humans: int = 1
) -> str:
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    seats = ["human"] * humans
    table_id: str = page.evaluate(FINISHED_GAME_JS, [seed, mode, seats, list(range(humans))])
    page.goto(f"{server.url}/#/r/{table_id}")
    page.wait_for_selector("#replay svg.board .hex")
    return table_id


def test_replay_by_keyboard_and_autoplay_through_the_players_eyes(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport=DESKTOP).new_page())
    table_id = _finished_replay(page, server, 31)
    total = int(page.locator("#replay-slider").get_attribute("max") or "0")
    assert total > 10 and _step(page) == 0
    # the player's own eyes by default: their objectives are on their board
    assert page.locator("#replay").get_attribute("data-viewer") == "0"
    assert page.locator("#main .objectives .card.objective").count() >= 1
    # who is connected now says nothing of the game replayed: no seat reads "offline"
    panels = page.inner_text("#replay .side")
    assert "offline" not in panels and "online" not in panels and "Human" in panels
    setup_lines = page.locator("#replay-log li").count()
    assert setup_lines > 0
    page.keyboard.press("ArrowRight")
    _wait_step(page, 1)
    for _ in range(2):
        page.keyboard.press("ArrowRight")
    _wait_step(page, 3)
    assert page.locator("#replay-log li").count() > setup_lines  # the log grows with the steps
    assert page.locator("#replay-log li.now").count() >= 1
    page.keyboard.press("ArrowLeft")
    _wait_step(page, 2)
    shot(page, "endgame-replay-step")
    page.keyboard.press("End")
    _wait_step(page, total)
    page.locator("#replay #scores .winner").wait_for()
    assert page.locator("#replay #scores #replay-link").count() == 0  # already the replay
    shot(page, "endgame-replay-end")
    page.keyboard.press("Home")
    _wait_step(page, 0)
    # autoplay at the fastest speed, remembered by the browser; space plays and pauses
    page.select_option("#replay-speed", "fastest")
    page.locator("#replay-log").focus()
    page.keyboard.press(" ")
    page.wait_for_function("Number(document.querySelector('#replay').dataset.step) >= 4")
    assert page.locator("#replay-play").get_attribute("aria-pressed") == "true"
    page.keyboard.press(" ")
    page.wait_for_function("document.querySelector('#replay-play').ariaPressed === 'false'")
    paused = _step(page)
    page.wait_for_timeout(700)
    assert _step(page) == paused
    assert page.evaluate("localStorage.getItem('iridescia.replay.speed')") == "fastest"
    # the spectator's eyes: nobody's objectives
    page.select_option("#replay-viewer", "")
    page.wait_for_function("document.querySelector('#replay').dataset.viewer === ''")
    assert page.locator("#main .objectives .card.objective").count() == 0
    assert _step(page) == paused
    assert not errors.errors, errors.errors

    # another browser (no token): the spectator's view only, no choice of eyes
    other = errors.watch(new_context(viewport=PHONE).new_page())
    other.goto(f"{server.url}/#/r/{table_id}")
    other.wait_for_selector("#replay svg.board .hex")
    assert other.locator("#replay-viewer").count() == 0
    assert other.locator("#replay").get_attribute("data-viewer") == ""
    seat_view: Any = other.evaluate(
        f"fetch('/api/tables/{table_id}/replay/3?seat=0').then(r => r.status)"
    )
    assert seat_view == 403
    errors.errors = [e for e in errors.errors if "403 (Forbidden)" not in e]  # that refusal
    other.keyboard.press("End")
    _wait_step(other, total)
    other.locator("#scores .winner").wait_for()
    shot(other, "endgame-replay-phone")
    width = other.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1, width
    assert not errors.errors, errors.errors


def test_hot_seat_replay_hands_the_device_over_before_a_seats_eyes(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport=DESKTOP).new_page())
    _finished_replay(page, server, 57, mode="standard", humans=2)
    # two seats on this device: the spectator's eyes first, both seats offered
    assert page.locator("#replay").get_attribute("data-viewer") == ""
    assert page.locator("#replay-viewer option").count() == 3
    page.keyboard.press("ArrowRight")
    _wait_step(page, 1)
    page.select_option("#replay-viewer", "1")
    page.wait_for_selector("#handoff")
    # nothing of any seat's secrets behind the hand-off screen
    assert page.locator("#main .objectives, #main svg.board, #scores").count() == 0
    shot(page, "endgame-replay-handoff")
    page.click("#handoff-go")
    page.wait_for_function("document.querySelector('#replay')?.dataset.viewer === '1'")
    assert _step(page) == 1
    assert page.locator("#main .objectives .card.objective").count() >= 1  # seat 2's own
    page.select_option("#replay-viewer", "")  # back to a spectator: no hand-off needed
    page.wait_for_function("document.querySelector('#replay')?.dataset.viewer === ''")
    assert page.locator("#main .objectives .card.objective").count() == 0
    assert not errors.errors, errors.errors


RENDER_SCORES_JS = """async ([lang, table]) => {
  const i18n = await import('/static/js/i18n.js');
  await i18n.loadLanguage(lang);
  const plugin = await (await import('/static/js/games.js')).gamePlugin('gems-of-iridescia');
  i18n.setSeats(table.seats);
  const node = plugin.result(table, null);
  document.getElementById('main').replaceChildren(node);
  const texts = [node.innerText, ...[...node.querySelectorAll('[title], [data-tip]')].map(
    (e) => (e.getAttribute('title') || '') + ' ' + (e.dataset.tip || '')),
    ...[...node.querySelectorAll('svg title')].map((e) => e.textContent)];
  return texts.join('\\n');
}"""
RAW_KEY = re.compile(
    r"\b(end|score|replay|stat|token|type|lead|colour|item|objective|obj|table)\.[a-z0-9_.]+"
)


def _tied_table() -> dict[str, Any]:
    """A 3-seat table whose first two seats tied on points, the Iridia Stone deciding."""
    result = final_result(_finished_game(3, 5))
    for seat, total in enumerate((50, 50, 41)):
        result["scores"][seat]["total"] = total
    result.update(winners=[1], ranking=[2, 1, 3], decided_by="iridia_stone")
    result["tiebreak"] = [
        {"iridia_stone": False, "token": "throne"},
        {"iridia_stone": True, "token": None},
        {"iridia_stone": False, "token": "banner"},
    ]
    seats = [
        {"seat": i, "kind": kind, "name": name, "claimed": True, "connected": 0, "bot": None}
        for i, (kind, name) in enumerate((("human", "Ada"), ("human", "Bo"), ("bot:easy", "")))
    ]
    return {
        "id": "tied", "game": "gems-of-iridescia", "mode": "standard", "name": "", "seats": seats,
        "options": {}, "status": "finished", "result": result, "private": True, "clock": 0,
        "away": "vote", "away_bot": "medium",
    }  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_the_scoring_screen_says_the_tie_break_in_every_language(
    new_context: NewContext, server: ServerProcess, errors: PageErrors, lang: str
) -> None:
    viewport = PHONE if lang == "ja" else DESKTOP
    page = errors.watch(new_context(viewport=viewport).new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    text = page.evaluate(RENDER_SCORES_JS, [lang, _tied_table()])
    assert not RAW_KEY.findall(text), RAW_KEY.findall(text)
    assert "Bo" in page.locator("#scores .winner").inner_text()
    decided = page.locator("#decided-by").inner_text()
    assert "50" in decided and "Bo" in decided
    assert page.locator("#score-breakdown tr.tiebreak td").count() == 3
    assert page.locator("#score-breakdown thead th.won").count() == 1
    assert page.locator("#end-objectives li[data-seat]").count() == 3
    assert page.locator("#rematch").count() == 0  # this browser played no seat of it
    if lang == "ja":
        assert ", " not in page.locator("#end-stats").inner_text()  # Japanese lists use 、
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"] + 1, width
    shot(page, f"endgame-tie-{lang}", full=True)
    assert not errors.errors, errors.errors
