"""The web app in real Chromium (Debian's, driven by Playwright), against a real server process.

- solo: a player creates a solo table in the lobby and plays the whole game by clicking what
  the table offers, reaches the final score table, then steps through the replay;
- hot-seat: two human seats on one page; during every hand-off screen none of the other seat's
  objective names is anywhere in the page;
- online: two browser contexts, the second taking its seat by the invite link the table page
  shows the creator, play a 2-player game to the end, each seeing the other's moves;
- a bad invite link: refused once, forgotten (not retried, not kept for the plain link), with an
  offer to watch the table instead; a table that does not exist says so;
- languages: English -> French -> Japanese changes the strings, and the choice survives a reload;
- the game chooser: every registered game is listed; Gem Rush's provisional-components notice
  is one click away (without choosing the game), and choosing it offers its modes, its Crisis
  level or a custom target and its table options, in each language (its tables are played in
  ``test_e2e_gemrush_*.py``).

Screenshots of the board at several moments go to ``test-artifacts/``.
"""

from __future__ import annotations

from e2e_support import (  # noqa: F401 - the fixtures are used by name
    ClickingPlayer,
    NewContext,
    PageErrors,
    assert_accessible,
    assert_no_leaked_values,
    browser_fixture,
    context_fixture,
    errors_fixture,
    fix_seed,
    new_context_fixture,
    server_fixture,
    shot,
)
from playwright.sync_api import BrowserContext, Page

from iridescia.web.testing import ServerProcess, get_json


def _lobby(
    context: BrowserContext, server: ServerProcess, errors: PageErrors, seed: int = 0
) -> Page:
    page = errors.watch(context.new_page())
    fix_seed(page, seed)
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    return page


def test_solo_game_by_clicking_then_replay(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _lobby(context, server, errors, seed=101)
    shot(page, "lobby")
    page.select_option("#mode", "solo")
    page.click("#create")
    page.wait_for_selector("#prompt")
    page.wait_for_selector("svg.board .hex")
    # the tab names the table's game (and says when it is your turn)
    assert page.title().endswith("Gems of Iridescia · iridescia")
    shot(page, "solo-start")
    player = ClickingPlayer([page], seed=1)

    def step(p: Page, n: int) -> None:
        if n in (10, 30):
            shot(p, f"solo-action-{n}")

    page = player.play(on_step=step)
    page.wait_for_selector("#scores .winner")
    shot(page, "solo-final-scores", full=True)
    assert player.actions >= 20 and player.on_table >= player.actions // 3
    assert {"reveal", "move"} <= player.kinds
    assert page.locator("#scores tr.total td").count() == 2  # the explorer and the Rhom

    page.click("#replay-link")
    page.wait_for_selector("#replay-step")
    total = int(page.locator("#replay-step").inner_text().split()[-1])
    assert total == player.actions  # the Rhom plays inside the explorer's steps
    page.click("#replay-next")
    page.wait_for_function("document.querySelector('#replay-step').textContent.includes('1 ')")
    page.click("#replay-last")
    page.wait_for_function(
        f"document.querySelector('#replay-step').textContent.startsWith('Step {total}')"
    )
    assert page.locator("svg.board .hex").count() == 58
    assert page.locator(".panels .player").count() == 2  # the explorer and the Rhom
    assert page.locator("#scores .winner").count() == 1  # the final scores at the last step
    shot(page, "solo-replay-last", full=True)
    assert not errors.errors, errors.errors


def test_hot_seat_hand_off_hides_objectives(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _lobby(context, server, errors, seed=202)
    page.select_option(".seat-kind[data-seat='1']", "human")
    page.check("#hotseat")
    page.click("#create")
    page.wait_for_selector("#handoff-go")  # the first player gets the device by a hand-off too
    seen: dict[str, list[str]] = {}  # the seat shown -> its objective names

    def step(p: Page, n: int) -> None:
        # one look at the page (it may turn into the hand-off screen at any moment)
        shown = p.evaluate(
            """() => {
          const me = document.querySelector('.player.me');
          if (!me) return null;
          const names = [...me.querySelectorAll('.objective .card-name')].map((e) => e.textContent);
          return {seat: me.dataset.seat, names, html: document.documentElement.outerHTML};
        }"""
        )
        if shown is None:
            return
        seat = shown["seat"]
        seen[seat] = shown["names"]
        for other, names in seen.items():
            for name in names if other != seat else ():
                assert name not in shown["html"], f"seat {other}'s objective {name!r} is shown"

    def handoff(p: Page) -> None:
        html = p.evaluate("document.documentElement.outerHTML")
        names = [n for ns in seen.values() for n in ns]
        assert names or player.handoffs == 1, "no objectives were shown before the hand-off"
        for n in names:
            assert n not in html, f"objective {n!r} is in the page during the hand-off"
        assert p.locator(".objective").count() == 0 and p.locator("svg.board").count() == 0
        if player.handoffs == 1:
            shot(p, "hotseat-handoff")

    step(page, 0)
    player = ClickingPlayer([page], seed=2)
    try:
        player.play(max_actions=60, on_handoff=handoff, on_step=step)
    except AssertionError as exc:  # 60 actions are enough: the game need not end here
        if "did not end" not in str(exc):
            raise
    assert player.handoffs >= 3
    assert set(seen) == {"0", "1"} and seen["0"] != seen["1"]
    shot(page, "hotseat-board")
    assert not errors.errors, errors.errors


def test_online_game_with_an_invite_link(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    host_ctx = new_context(viewport={"width": 1100, "height": 850})
    guest_ctx = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    host = _lobby(host_ctx, server, errors, seed=303)
    host.select_option(".seat-kind[data-seat='1']", "human")
    host.click("#create")
    link = host.locator(".invite-link[data-seat='1']").input_value()
    assert "#/j/" in link
    guest = errors.watch(guest_ctx.new_page())
    guest.goto(link)
    guest.fill("#invite-name", "Guest")
    assert link.rsplit("/", 1)[1] not in guest.url  # the invite left the address bar
    guest.click("#take-seat")
    guest.wait_for_selector("#prompt")
    assert "#/t/" in guest.url and link.rsplit("/", 1)[1] not in guest.url
    host.wait_for_selector(".player[data-seat='1'] >> text=online")
    shot(guest, "online-guest-phone")
    player = ClickingPlayer([host, guest], seed=3)
    versions: list[str] = []

    def step(p: Page, n: int) -> None:
        if n % 15 == 0:  # both pages show the same game: same log length after settling
            versions.append(str(n))
        if n == 20:
            shot(host, "online-host")

    last = player.play(on_step=step)
    for p in (host, guest):
        p.wait_for_selector("#scores .winner")
    shot(last, "online-final-scores", full=True)
    assert host.locator("#scores").inner_text() != ""
    host_rows = host.locator("#scores tr.total").inner_text()
    assert host_rows == guest.locator("#scores tr.total").inner_text()
    assert player.actions >= 30
    assert not errors.errors, errors.errors


def test_a_bad_invite_link_is_forgotten_and_the_table_can_be_watched(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    """A link with a token the table does not have used to reconnect every second for ever and
    to break the table in that browser even through the plain link (the bad token was kept)."""
    host = _lobby(new_context(), server, errors, seed=404)
    host.select_option(".seat-kind[data-seat='1']", "human")
    host.check("#public")  # watched by its id
    host.click("#create")
    host.wait_for_selector(".invite-link[data-seat='1']")
    table = host.url.split("#/t/")[1].split("/")[0]
    link = f"{server.url}/#/t/{table}/seat-token"
    guest = errors.watch(new_context().new_page())
    sockets: list[object] = []
    guest.on("websocket", lambda ws: sockets.append(ws))
    guest.goto(link.rsplit("/", 1)[0] + "/not-a-seat-token")
    guest.wait_for_selector("#refused")
    assert "not valid" in guest.locator("#refused").inner_text()
    stored = guest.evaluate(f"localStorage.getItem('iridescia.seats.{table}')")
    assert stored is None  # the bad token is forgotten at once
    guest.click("#watch-instead")
    guest.wait_for_selector("#prompt")
    assert "watching" in guest.locator("#prompt").inner_text()
    assert len(sockets) == 2  # the refused one (not retried) and the spectator's
    guest.goto(link.rsplit("/", 1)[0])  # the plain link works, as a spectator
    guest.reload()
    guest.wait_for_selector("#prompt")
    assert "watching" in guest.locator("#prompt").inner_text()
    guest.goto(server.url + "/#/t/no-such-table")
    guest.wait_for_selector("#refused")
    assert guest.locator("#watch-instead").count() == 0
    assert not errors.errors, errors.errors


def test_language_switch_is_remembered(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _lobby(context, server, errors)
    english = page.locator("#create").inner_text()
    assert english == "Create the table"
    page.select_option("#lang", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    french = page.locator("#create").inner_text()
    assert french != english and page.locator("html").get_attribute("lang") == "fr"
    page.select_option("#lang", "ja")
    page.wait_for_function("document.documentElement.lang === 'ja'")
    japanese = page.locator("#create").inner_text()
    assert japanese not in (english, french)
    page.reload()
    page.wait_for_selector("#create")
    assert page.locator("#create").inner_text() == japanese
    assert page.locator("#lang").input_value() == "ja"
    # a table in Japanese: the prompt and the log are translated too
    page.select_option("#mode", "solo")
    page.click("#create")
    page.wait_for_selector("#log li", state="attached")  # the log may be in a closed tab
    assert "Turn" not in page.locator("#log").inner_text()
    shot(page, "table-ja")
    page.select_option("#lang", "en")
    page.wait_for_selector("#log li", state="attached")
    page.wait_for_function("document.querySelector('#log').textContent.includes('Turn')")
    assert not errors.errors, errors.errors


def test_phone_layout_zoom_pan_and_touch_tooltips(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    ctx = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = errors.watch(ctx.new_page())
    page.goto(server.url + "/")
    page.select_option("#mode", "solo")
    page.click("#create")
    board = page.locator("svg.board")
    board.wait_for()
    page.wait_for_selector("#prompt[data-mine='1']")  # the Rhom's first turn, if any, is shown
    # Read in one go: the board is drawn anew as the Rhom's first steps play, so a locator's
    # element may be replaced between finding it and measuring it.
    width = page.evaluate(
        """() => new Promise((done) => { const look = () => {
             const b = document.querySelector('svg.board');
             const w = b ? b.getBoundingClientRect().width : 0;
             if (w > 0) done(w); else requestAnimationFrame(look); }; look(); })"""
    )
    assert 0 < width <= 390  # the board fits the phone's width
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    full = [float(x) for x in (board.get_attribute("viewBox") or "").split()]
    page.click("#zoom-in")
    page.click("#zoom-in")
    zoomed = [float(x) for x in (page.locator("svg.board").get_attribute("viewBox") or "").split()]
    assert zoomed[2] < full[2] * 0.7  # a closer look
    # drag to pan
    box = page.locator("svg.board").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 40, steps=5)
    page.mouse.up()
    panned = [float(v) for v in (page.locator("svg.board").get_attribute("viewBox") or "").split()]
    assert panned[:2] != zoomed[:2] and panned[2:] == zoomed[2:]
    shot(page, "phone-zoomed")
    # a tap on a card shows its text (touch screens have no hover); the cards are in a tab
    market = page.locator("#phone-tabs-market").count() > 0
    page.tap("#phone-tabs-market" if market else "#phone-tabs-players")
    relic = page.locator(".card.relic").first
    name = relic.locator(".card-name").inner_text()
    relic.tap()
    tip = page.locator(".tip")
    tip.wait_for()
    assert name in tip.inner_text() and "points" in tip.inner_text()
    shot(page, "phone-tooltip")
    page.tap("#prompt-text")  # a tap elsewhere closes it
    assert page.locator(".tip").count() == 0
    # the zoom is remembered
    page.reload()
    page.locator("svg.board").wait_for()
    again = [float(v) for v in (page.locator("svg.board").get_attribute("viewBox") or "").split()]
    assert again[2] == zoomed[2]
    assert not errors.errors, errors.errors


def test_game_chooser_offers_gem_rush_with_its_notice_one_click_away(
    context: BrowserContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = _lobby(context, server, errors)
    games = page.locator(".game-choice")
    assert games.count() == 2
    assert page.locator(".game-choice.chosen").get_attribute("data-game") == "gems-of-iridescia"
    rush = page.locator(".game-choice[data-game='gem-rush']")
    notice = rush.locator("details.notice")
    assert notice.locator("summary").inner_text() == "Provisional components"
    assert not notice.locator(".notice-text").is_visible()
    shot(page, "lobby-en", full=True)
    notice.locator("summary").click()  # opens the notice, does not choose the game
    assert "designed by the iridescia project" in notice.locator(".notice-text").inner_text()
    assert page.locator(".game-choice.chosen").get_attribute("data-game") == "gems-of-iridescia"
    rush.locator(".game-title").click()
    page.wait_for_selector(".game-choice[data-game='gem-rush'].chosen")
    modes = page.locator("#mode option")
    assert [modes.nth(i).inner_text() for i in range(modes.count())] == [
        "Crisis (cooperative)", "Rush (competitive)",
    ]  # fmt: skip
    assert page.locator("select[data-option='level']").input_value() == "journeyman"
    assert page.locator("input[data-option='target']").get_attribute("placeholder") == "the usual"
    assert page.locator("#option-hidden_hands").count() == 1
    assert_no_leaked_values(page)
    assert_accessible(page, "the lobby, Gem Rush chosen, its notice open")
    shot(page, "lobby-gem-rush-en", full=True)
    page.select_option("#mode", "rush")
    assert page.locator("select[data-option='level']").count() == 0
    assert page.locator("#option-rush_burns").count() == 1
    assert page.locator("#option-hidden_hands").count() == 0
    for lang, short, level in [
        ("fr", "Composants provisoires", "Niveau"),
        ("ja", "暫定コンポーネント", "レベル"),
    ]:
        page.select_option("#lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        page.wait_for_selector(".game-choice[data-game='gem-rush'].chosen")  # the choice is kept
        assert page.locator(".game-choice[data-game='gem-rush'] summary").inner_text() == short
        page.select_option("#mode", "crisis")
        assert (
            level
            in page.locator("label.option", has=page.locator("[data-option='level']")).inner_text()
        )
        shot(page, f"lobby-gem-rush-{lang}", full=True)
    page.locator(".game-choice[data-game='gems-of-iridescia']").click()
    page.wait_for_selector("#create")
    shot(page, "lobby-ja", full=True)
    page.select_option("#lang", "fr")
    page.wait_for_selector("#create")
    shot(page, "lobby-fr", full=True)
    # A Crisis table made by the lobby's controls: a level, then a custom target, hidden hands.
    page.locator(".game-choice[data-game='gem-rush'] .game-title").click()
    page.wait_for_selector(".game-choice[data-game='gem-rush'].chosen")
    page.select_option("select[data-option='level']", "master")
    page.fill("input[data-option='target']", "30")
    page.dispatch_event("input[data-option='target']", "change")
    page.check("#option-hidden_hands")
    page.click("#create")
    page.wait_for_url("**/#/t/*")
    table = get_json(server.url + "/api/tables/" + page.url.rsplit("/", 1)[1])
    assert table["game"] == "gem-rush" and table["mode"] == "crisis"
    assert table["options"]["level"] == "master" and table["options"]["target"] == 30
    assert table["options"]["hidden_hands"] is True
    assert not errors.errors, errors.errors
