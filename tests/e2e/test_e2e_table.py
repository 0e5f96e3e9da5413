"""The table page's frame in real Chromium: what a player sees around the board.

- at 1440x900 the board, the prompt, your board and the opponents fit the window without any
  scrolling, for 1, 2 and 4 players; on a phone (390x844 and 844x390) every part is reachable
  through the tab bar, the board and the prompt stay inside the screen;
- while the Rhom plays, nothing can be clicked (no action, no Undo), its steps play one by one
  ("Skip" shows the end at once), the tab's title says "Your turn" only when it is; a refused
  action says why and the message goes when the game moves on; the log shows gem pictures;
- a hot-seat table shows the hand-off screen before its first player too;
- identical actions are one button; the settings are remembered;
- at the end of a game the scores come in a dialog that takes the focus, closes with Esc and
  opens again from the "Scores" button; the log holds the whole game.

Screenshots go to ``test-artifacts/table-*.png``.
"""

from __future__ import annotations

import random

from e2e_support import (  # noqa: F401 - the fixtures are used by name
    ClickingPlayer,
    NewContext,
    PageErrors,
    browser_fixture,
    choose,
    errors_fixture,
    fix_seed,
    legal_actions,
    new_context_fixture,
    server_fixture,
    shot,
)
from playwright.sync_api import Page

from iridescia.web.testing import ServerProcess

# Keeps the table page object at hand (the page announces every draw) and, when asked, a speed.
WATCH = "window.addEventListener('iridescia:rendered', (e) => { window.__table = e.detail.page; });"

CREATE = """async ([mode, seats, hot]) => {
  const humans = seats.map((k, i) => (k === 'human' ? i : -1)).filter((i) => i >= 0);
  const mine = hot ? humans : humans.slice(0, 1);
  const body = {game: 'gems-of-iridescia', mode, seats, options: {}, name: '', mine, player: ''};
  const r = await fetch('/api/tables', {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
  const res = await r.json();
  localStorage.setItem('iridescia.creator.' + res.table.id, res.creator);
  const tokens = {};
  for (const s of res.seats) if (s.token && mine.includes(s.seat)) tokens[s.seat] = s.token;
  localStorage.setItem('iridescia.seats.' + res.table.id, JSON.stringify(tokens));
  location.hash = '#/t/' + res.table.id;
  return res.table.id;
}"""

# Everything of the table that is not inside a panel that scrolls must be inside the window.
OVERFLOW = """() => {
  const W = innerWidth, H = innerHeight, out = [];
  const de = document.documentElement;
  if (de.scrollHeight > H + 1 || de.scrollWidth > W + 1) {
    out.push(`the page scrolls: ${de.scrollWidth}x${de.scrollHeight}`);
  }
  const page = document.querySelector('.table-page');
  const clipped = (el) => {
    for (let p = el.parentElement; p && p !== page; p = p.parentElement) {
      const s = getComputedStyle(p);
      const clips = ['auto', 'scroll', 'hidden'];
      if (clips.includes(s.overflowY) || clips.includes(s.overflowX)) return true;
    }
    return false;
  };
  for (const el of page.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || clipped(el)) continue;
    if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1) {
      const box = [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
      out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.getAttribute('class')} ${box}`);
    }
  }
  return out.slice(0, 10);
}"""

INSIDE = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.left >= -1 && r.top >= -1 &&
    r.right <= innerWidth + 1 && r.bottom <= innerHeight + 1;
}"""


def open_table(
    new_context: NewContext,
    server: ServerProcess,
    errors: PageErrors,
    seats: list[str],
    *,
    mode: str = "standard",
    hot: bool = False,
    size: tuple[int, int] = (1440, 900),
    speed: str | None = None,
    seed: int = 7,
    **options: object,
) -> Page:
    ctx = new_context(viewport={"width": size[0], "height": size[1]}, **options)
    ctx.add_init_script(WATCH)
    if speed:
        ctx.add_init_script(
            f"localStorage.setItem('iridescia.settings', JSON.stringify({{speed: '{speed}'}}));"
        )
    page = errors.watch(ctx.new_page())
    fix_seed(page, seed)
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.evaluate(CREATE, [mode, seats, hot])
    return page


def bots(n: int) -> list[str]:
    return ["human"] + ["bot:random"] * n


def test_the_table_fits_1440x900_for_1_2_and_4_players(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    for name, mode, seats in [
        ("solo", "solo", ["human"]),
        ("2p", "standard", bots(1)),
        ("4p", "standard", bots(3)),
    ]:
        page = open_table(new_context, server, errors, seats, mode=mode)
        page.wait_for_selector("svg.board .hex")
        page.wait_for_selector("#players-area > *")
        page.wait_for_timeout(300)
        shot(page, f"table-1440-{name}")
        assert page.evaluate(OVERFLOW) == [], name
        for part in ("#prompt", "svg.board", "#players-area", "#side-area"):
            assert page.evaluate(INSIDE, part), f"{part} is not inside the window ({name})"
        board = page.locator("svg.board").bounding_box()
        assert board is not None and board["height"] > 600  # a board one can play on
        if page.evaluate("!!window.__table.plugin.areas"):  # your board and the opponents in view
            assert page.evaluate(INSIDE, "[data-area=me]"), name
            if len(seats) > 1:
                assert page.evaluate(INSIDE, "[data-area=others]"), name
            assert page.evaluate(
                "(() => { const a = document.querySelector('#players-area');"
                " return a.scrollHeight <= a.clientHeight + 2; })()"
            ), name
        page.context.close()
    assert not errors.errors, errors.errors


def test_phone_layouts_reach_every_part(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    for size in [(390, 844), (844, 390)]:
        page = open_table(
            new_context, server, errors, bots(1), size=size, is_mobile=True, has_touch=True
        )
        page.wait_for_selector("svg.board .hex")
        page.wait_for_timeout(300)
        tag = f"{size[0]}x{size[1]}"
        shot(page, f"table-phone-{tag}")
        assert page.evaluate(OVERFLOW) == [], tag
        assert page.evaluate(INSIDE, "svg.board") and page.evaluate(INSIDE, "#prompt")
        assert page.evaluate(INSIDE, "#phone-tabs")
        tabs = page.eval_on_selector_all(
            "#phone-tabs [data-tab]", "els => els.map(e => e.dataset.tab)"
        )
        assert {"players", "log", "chat", "seats"} <= set(tabs)
        for tab in tabs:
            button = page.locator(f"#phone-tabs-{tab}")
            if not button.is_visible():  # landscape: the board is always there
                continue
            button.tap()
            part = {"board": "#board-area", "players": "#players-area"}.get(tab, f"#side-{tab}")
            page.wait_for_function(f"document.querySelector('#table-page').dataset.phone=='{tab}'")
            assert page.locator(part).is_visible(), f"{tab} ({tag})"
            assert page.evaluate(INSIDE, "#prompt"), f"the prompt left the screen ({tag}, {tab})"
            assert page.evaluate(OVERFLOW) == [], (tag, tab)
            shot(page, f"table-phone-{tag}-{tab}")
        page.context.close()
    assert not errors.errors, errors.errors


def play_until_the_rhom_plays(page: Page, rng: random.Random) -> None:
    """Click the explorer's actions until the Rhom's turn is playing on the board."""
    for _ in range(40):
        page.wait_for_selector('#skip, #prompt[data-mine="1"] #actions [data-action]')
        if page.locator("#skip").count():
            return
        action = choose(legal_actions(page), rng)
        page.click(f'#actions [data-action="{action}"]')
        page.wait_for_timeout(50)
    raise AssertionError("the Rhom never played")


def test_controls_are_inert_while_the_rhom_plays_and_errors_go_away(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = open_table(new_context, server, errors, ["human"], mode="solo", speed="slow")
    page.wait_for_selector('#prompt[data-mine="1"] #actions [data-action]')
    assert page.title().startswith("▶")  # your turn, in the tab's title
    play_until_the_rhom_plays(page, random.Random(3))
    # one step at a time: nothing to click, no undo, the prompt says who plays
    shot(page, "table-rhom-playing")
    assert page.locator("#actions [data-action]").count() == 0
    assert page.locator("#undo").count() == 0
    assert page.get_attribute("#prompt", "data-mine") == "0"
    assert "Rhom" in page.inner_text("#prompt-text")
    assert not page.title().startswith("▶")
    marked = page.evaluate("window.__table.conns.get(0).screen.events.length")
    assert marked >= 1  # the board is told the step on screen
    lines = page.locator("#log li").count()
    page.wait_for_timeout(1700)  # slow: a step stays 1.5 s, then the next one comes
    assert page.locator("#log li").count() > lines
    page.click("#skip")
    page.wait_for_selector('#prompt[data-mine="1"] #actions [data-action]')
    assert page.title().startswith("▶")
    assert page.evaluate("window.__table.conns.get(0).screen.events.length") >= marked
    assert page.locator("#log li svg.icon").count() >= 1  # a gem's picture in the log
    # a refused action says why, in words; it goes when the game moves on
    page.evaluate(
        """() => { const c = window.__table.conns.get(0);
        const act = {type: 'act', action: 'move 58', version: c.state.version, id: 'refused1'};
        c.ws.send(JSON.stringify(act)); }"""
    )
    page.wait_for_selector("#error")
    text = page.inner_text("#error")
    assert text and "refusal." not in text and "error." not in text
    page.click(f'#actions [data-action="{legal_actions(page)[0]}"]')
    page.wait_for_selector("#error", state="detached")
    assert not errors.errors, errors.errors


def test_hot_seat_hand_off_comes_before_the_first_player(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = open_table(new_context, server, errors, ["human", "human"], hot=True)
    page.wait_for_selector("#handoff-go")
    assert page.locator("svg.board").count() == 0 and page.locator("#players-area").count() == 0
    assert page.evaluate("document.activeElement && document.activeElement.id") == "handoff-go"
    shot(page, "table-first-handoff")
    page.click("#handoff-go")
    page.wait_for_selector("svg.board .hex")
    assert not errors.errors, errors.errors


def test_identical_actions_are_one_button_and_settings_are_remembered(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = open_table(new_context, server, errors, ["human"], mode="solo")
    page.wait_for_selector("svg.board .hex")
    labels = page.evaluate(
        """async () => {
      const { actionButtons } = await import('/static/js/prompt.js');
      const label = {key: 'action.buy', args: {item: 'Dazzling Dynamite'}};
      const acts = [{text: 'buy 1', label}, {text: 'buy 2', label}, {text: 'end', label: 'End'}];
      return actionButtons(acts, new Set(), () => {}).map((b) => b.dataset.action);
    }"""
    )
    assert labels == ["buy 1", "end"]
    page.click("#settings summary")
    page.select_option("#speed", "slow")
    page.check("#sound")
    shot(page, "table-settings")
    page.reload()
    page.wait_for_selector("svg.board .hex")
    assert page.locator("#speed").input_value() == "slow"
    assert page.locator("#sound").is_checked()
    assert not errors.errors, errors.errors


def test_scores_come_to_the_player_in_a_dialog(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = open_table(new_context, server, errors, ["human"], mode="solo", seed=101)
    page.wait_for_selector("svg.board .hex")
    page = ClickingPlayer([page], seed=1).play()
    page.wait_for_selector("#scores-dialog #scores")
    inside = "document.querySelector('#scores-dialog').contains(document.activeElement)"
    assert page.evaluate(inside)  # the dialog took the focus
    assert page.evaluate(INSIDE, "#scores-dialog")
    page.wait_for_timeout(400)  # it fades in
    shot(page, "table-scores-dialog")
    page.keyboard.press("Escape")
    page.wait_for_selector("#scores-dialog", state="detached")
    assert page.evaluate("document.activeElement.id") == "show-scores"
    page.click("#show-scores")
    page.wait_for_selector("#scores-dialog #scores")
    page.click("#scores-close")
    page.wait_for_selector("#scores-dialog", state="detached")
    # the log keeps the whole game
    lines = page.evaluate("window.__table.conns.get(0).log.filter((e) => e.text).length")
    assert page.locator("#log li").count() == lines > 100
    assert not errors.errors, errors.errors


def test_the_frame_speaks_every_language(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    for lang, size in [("en", (1440, 900)), ("fr", (1440, 900)), ("ja", (390, 844))]:
        page = open_table(new_context, server, errors, bots(1), size=size, speed="slow")
        page.evaluate(f"localStorage.setItem('iridescia.lang', '{lang}')")
        page.reload()
        page.wait_for_selector("svg.board .hex")
        page.click("#settings summary")
        page.wait_for_timeout(300)
        shot(page, f"table-frame-{lang}")
        text = page.evaluate(
            """() => [document.querySelector('#table-page').innerText, document.title,
            ...[...document.querySelectorAll('[title], [aria-label]')].map(
              (e) => `${e.getAttribute('title') || ''} ${e.getAttribute('aria-label') || ''}`)
            ].join('\\n')"""
        )
        for raw in ("table.", "undefined", "null"):
            assert raw not in text, (lang, raw)
        page.context.close()
    assert not errors.errors, errors.errors


PLAYBACK = """async () => {
  const { Playback } = await import('/static/js/playback.js');
  let draws = 0;
  const playback = new Playback({ speed: 'slow' }, () => { draws += 1; });
  const conn = { log: [] };
  const ev = (n) => ({ kind: 'step', player: 1, text: `e${n}` });
  const state = (v, events, reset) => ({ type: 'state', version: v, view: { v }, events, reset });
  playback.add(conn, state(1, [ev(0)], true));
  const first = { events: conn.screen.events.length, busy: playback.busy(conn) };
  playback.add(conn, { type: 'events', events: [ev(1)] });
  const screen = conn.screen;
  const playing = { shown: screen.events[0].text, busy: playback.busy(conn), view: screen.view.v };
  playback.add(conn, { type: 'events', events: [ev(2)] });
  playback.add(conn, state(2, [ev(3)], false));
  const queued = { frames: conn.frames.length, log: conn.log.length };
  playback.skip(conn);
  return { first, playing, queued, end: { busy: playback.busy(conn), view: conn.screen.view.v,
    marked: conn.screen.events.map((e) => e.text), log: conn.log.map((e) => e.text),
    before: conn.screen.before, motion: conn.screen.motion }, draws };
}"""


def test_playback_shows_steps_in_order_and_skip_jumps_to_the_end(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context().new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    got = page.evaluate(PLAYBACK)
    assert got["first"] == {"events": 0, "busy": False}  # a reset is shown at once, unmarked
    # the first step of the Rhom is on the board at once, over the old view, controls inert
    assert got["playing"] == {"shown": "e1", "busy": True, "view": 1}
    assert got["queued"] == {"frames": 2, "log": 2}  # the log never runs ahead of the board
    end = got["end"]
    assert end["busy"] is False and end["view"] == 2
    assert end["marked"] == ["e1", "e2", "e3"]  # the whole last move stays marked
    assert end["log"] == ["e0", "e1", "e2", "e3"]
    assert end["before"] is None and end["motion"] == 0  # a skip does not animate
    assert not errors.errors, errors.errors


def test_panels_keep_their_scroll_when_the_table_is_drawn_again(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = open_table(new_context, server, errors, bots(1), size=(1100, 640))
    page.wait_for_selector("svg.board .hex")
    scrolled = page.evaluate(
        """() => {
      const el = [...document.querySelectorAll('#players-area, .side-panel')].find(
        (e) => e.offsetParent && e.scrollHeight > e.clientHeight + 80);
      if (!el) return null;
      el.scrollTop = 60;
      window.__table.render();
      return [el.id, document.getElementById(el.id).scrollTop];
    }"""
    )
    assert scrolled is not None, "nothing scrolls at 1100x640"
    assert scrolled[1] == 60, scrolled
    assert not errors.errors, errors.errors


FAKE_AUDIO = """window.__chimes = 0;
class FakeNode { connect(n) { return n || this; } start() {} stop() {} }
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = new FakeNode(); }
  createOscillator() { window.__chimes += 1; const o = new FakeNode(); o.frequency = {}; return o; }
  createGain() { const g = new FakeNode();
    g.gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} }; return g; }
};"""


def test_the_chime_rings_when_the_turn_comes_back_if_asked(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    ctx = new_context(viewport={"width": 1440, "height": 900})
    ctx.add_init_script(FAKE_AUDIO)
    ctx.add_init_script(WATCH)
    ctx.add_init_script(
        "localStorage.setItem('iridescia.settings', JSON.stringify({speed: 'slow', sound: true}));"
    )
    page = errors.watch(ctx.new_page())
    fix_seed(page, 9)
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.evaluate(CREATE, ["solo", ["human"], False])
    page.wait_for_selector('#prompt[data-mine="1"] #actions [data-action]')
    assert page.evaluate("window.__chimes") == 0  # not for the page opening
    play_until_the_rhom_plays(page, random.Random(5))
    assert page.evaluate("window.__chimes") == 0
    page.click("#skip")
    page.wait_for_selector('#prompt[data-mine="1"] #actions [data-action]')
    assert page.evaluate("window.__chimes") > 0
    assert not errors.errors, errors.errors


def test_unread_chat_lines_are_counted_on_the_closed_chat_tab(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    host = errors.watch(new_context(viewport={"width": 1440, "height": 900}).new_page())
    host.goto(server.url + "/")
    host.select_option(".seat-kind[data-seat='1']", "human")
    host.click("#create")
    link = host.locator(".invite-link[data-seat='1']").input_value()
    guest = errors.watch(new_context(viewport={"width": 1440, "height": 900}).new_page())
    guest.goto(link)
    guest.fill("#invite-name", "Bo")
    guest.click("#take-seat")
    guest.wait_for_selector("svg.board .hex")
    host.wait_for_selector("svg.board .hex")
    host.wait_for_function("document.querySelector('#table-page').dataset.side !== 'seats'")
    assert host.locator(".tab-count").count() == 0
    guest.click("#side-tabs-chat")
    for line in ("hello", "good luck"):
        guest.fill("#chat-input", line)
        guest.click("#chat-send")
    host.wait_for_selector("#side-tabs-chat .tab-count >> text=2")
    assert guest.locator(".tab-count").count() == 0  # the writer's chat is open
    shot(host, "table-unread-chat")
    host.click("#side-tabs-chat")
    host.wait_for_selector(".tab-count", state="detached")
    host.click("#side-tabs-log")
    assert host.locator(".tab-count").count() == 0  # read once, read for good
    assert not errors.errors, errors.errors
