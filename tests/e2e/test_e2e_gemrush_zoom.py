"""Gem Rush's mine on a phone, at a real table (Chromium): a mine too large to read whole starts
zoomed in on the acting dwarf at a readable scale (the board's ``data-comfort``, read by the
generic ``js/zoom.js``), and shows the whole mine at one tap of ⤢, which it then keeps. A small
mine is shown whole."""

from __future__ import annotations

from e2e_support import (  # noqa: F401 - the fixtures are used by name
    NewContext,
    PageErrors,
    browser_fixture,
    errors_fixture,
    new_context_fixture,
    server_fixture,
    shot,
)

from iridescia.web.testing import ServerProcess

PHONE = {"width": 360, "height": 640}  # a small phone: a mine of a few rows is already too big
TILE = 120  # board units of a tile (static/games/gem-rush/tiles.js)

SCALE = """() => {
  const s = document.querySelector('svg.gr-mine');
  const box = s.getBoundingClientRect();
  const vb = s.getAttribute('viewBox').split(' ').map(Number);
  return {perUnit: Math.min(box.width / vb[2], box.height / vb[3]), vb,
          width: Number(s.dataset.width), height: Number(s.dataset.height)};
}"""


# A Rush table of two seats played by this page's script (random legal actions, through the
# WebSocket as the browser plays) until it has `actions` actions; the page then holds seat 0.
PLAYED_TABLE_JS = """async ([seed, actions]) => {
  const body = {game: 'gem-rush', mode: 'rush', seats: ['human', 'human'], mine: [0, 1], seed};
  const made = await (await fetch('/api/tables', {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)})).json();
  const id = made.table.id;
  let n = seed;
  const pick = (xs) => { n = (n * 1103515245 + 12345) % 2147483648; return xs[n % xs.length]; };
  await Promise.all(made.seats.map((s) => new Promise((done, fail) => {
    const ws = new WebSocket(`ws://${location.host}/ws/${id}`);
    ws.onopen = () => ws.send(JSON.stringify({type: 'hello', token: s.token}));
    ws.onerror = fail;
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type !== 'state') return;
      if (msg.version >= actions || msg.table.status === 'finished') { ws.close(); done(); return; }
      if (msg.seat === msg.table.current_player && msg.actions.length)
        ws.send(JSON.stringify({type: 'act', action: pick(msg.actions), version: msg.version}));
    };
  })));
  localStorage.setItem('iridescia.seats.' + id, JSON.stringify({0: made.seats[0].token}));
  return id;
}"""


def test_a_large_mine_on_a_phone_starts_readable_and_shows_whole_on_demand(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    tid = page.evaluate(PLAYED_TABLE_JS, [12, 150])
    page.goto(f"{server.url}/#/t/{tid}")
    page.wait_for_selector("svg.gr-mine .gr-tile")
    page.wait_for_selector("#zoom-reset")  # zoomed in by itself
    got = page.evaluate(SCALE)
    assert got["perUnit"] * TILE >= 85, got  # a tile of about 90 px: its name reads
    assert got["vb"][2] < got["width"] or got["vb"][3] < got["height"]
    shot(page, "gemrush-zoom-phone-readable")
    page.tap("#zoom-reset")
    page.wait_for_selector("#zoom-reset", state="detached")
    whole = page.evaluate(SCALE)
    assert whole["vb"][2] >= whole["width"] - 1 and whole["vb"][3] >= whole["height"] - 1, whole
    page.tap("#phone-tabs-log")  # drawn again: the player's choice of the whole mine stays
    page.tap("#phone-tabs-board")
    again = page.evaluate(SCALE)
    assert again["vb"] == whole["vb"] and page.locator("#zoom-reset").count() == 0
    shot(page, "gemrush-zoom-phone-whole")
    assert not errors.errors, errors.errors


def test_a_small_mine_is_shown_whole(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport={"width": 1440, "height": 900}).new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    made = page.evaluate(
        """async () => (await (await fetch('/api/tables', {method: 'POST',
             headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({game: 'gem-rush', mode: 'crisis', seats: ['human'],
                                   seed: 3})})).json())"""
    )
    page.evaluate(
        "([id, token]) => localStorage.setItem("
        "'iridescia.seats.' + id, JSON.stringify({0: token}))",
        [made["table"]["id"], made["seats"][0]["token"]],
    )
    page.goto(f"{server.url}/#/t/{made['table']['id']}")
    page.wait_for_selector("#prompt[data-mine='1']")
    got = page.evaluate(SCALE)
    assert got["vb"][2] >= got["width"] - 1 and got["vb"][3] >= got["height"] - 1, got
    assert page.locator("#zoom-reset").count() == 0
    assert not errors.errors, errors.errors
