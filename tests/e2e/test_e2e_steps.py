"""The Rhom's and bots' steps played on the board one by one, in real Chromium.

- the plug-in's ``project(view, events)`` (games/gems-of-iridescia/project.js), given the view
  before a step and the step's events, gives the server's view after it on every field it
  claims to handle: checked over whole random solo games through the replay API (the spectator
  view and the events of each step);
- on a live solo table whose server paces the Rhom's steps, at the "slow" speed, the board shows
  the Rhom's pawn at its new hex while its turn is still being played back, before the state
  that ends the turn is on screen; a bot's move likewise (on a phone), and a step drawn again
  (a note, the clock) does not play its motion again;
- playback puts each events frame's projected view on screen, animated from the one before.

Screenshots go to ``test-artifacts/steps-*.png``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from e2e_support import (  # noqa: F401 - the fixtures are used by name
    FINISHED_GAME_JS,
    NewContext,
    PageErrors,
    browser_fixture,
    choose,
    errors_fixture,
    fix_seed,
    legal_actions,
    new_context_fixture,
    server_args,
    server_fixture,
    shot,
)
from playwright.sync_api import Page

from iridescia.web.testing import ServerProcess

# Project each step's events onto the view before it and compare with the server's view after
# it, field by field: the mismatches (at most 20), and how many steps and events were checked.
CHECK_PROJECTION = """async (id) => {
  const plugin = (await import('/static/games/gems-of-iridescia/index.js')).default;
  const meta = await (await fetch('/api/meta')).json();
  plugin.setData(meta.games.find((g) => g.name === 'gems-of-iridescia').data);
  const at = async (n) => (await fetch(`/api/tables/${id}/replay/${n}`)).json();
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const pick = (v) => ({
    board: v.board.map((h) => [h.hex, h.has_tile, h.face_up, h.tile, h.barricade]),
    players: v.players.map((p) => ({ seat: p.seat, position: p.position, coins: p.coins,
      cargo: p.cargo, items: p.items, pile: p.victory_pile, relics: p.relics, token: p.token,
      finished: p.finished, reserved: p.reserved, points: p.points, stone: p.stone_dice,
      iridia: p.iridia_stone })),
    market: v.market, supply: v.supply, relic_row: v.relic_row, deck: v.relic_deck.count,
    stone_supply: v.stone_supply,
    rhom: v.rhom && [v.rhom.discard, v.rhom.barricades, v.rhom.barricades_left],
    tokens_left: v.tokens_left, current: v.current_player, over: v.game_over,
  });
  let prev = await at(0);
  const frozen = JSON.stringify(prev.view);
  const bad = [];
  let events = 0;
  for (let n = 1; n <= prev.steps; n++) {
    const next = await at(n);
    const before = JSON.stringify(prev.view);
    const projected = plugin.project(prev.view, next.events);
    const got = pick(projected);
    if (JSON.stringify(prev.view) !== before) bad.push(`step ${n}: the old view was changed`);
    const want = pick(next.view);
    // an emptied slot of the item market is dealt its new card by the state only
    got.items = projected.item_market.map((k, i) => k ?? next.view.item_market[i]);
    want.items = next.view.item_market;
    for (const key of Object.keys(want)) {
      if (!same(got[key], want[key])) {
        bad.push(`step ${n} ${key}: ${JSON.stringify(got[key]).slice(0, 300)} != ` +
          `${JSON.stringify(want[key]).slice(0, 300)}; ` +
          next.events.map((e) => `${e.kind}${JSON.stringify(e.data)}`).join(' ').slice(0, 600));
      }
    }
    events += next.events.length;
    prev = next;
  }
  return { bad: bad.slice(0, 20), steps: prev.steps, events, frozen: frozen.length > 0 };
}"""


@pytest.mark.parametrize(
    ("seed", "mode", "humans"), [(5, "solo", 1), (17, "solo", 1), (23, "standard", 3)]
)
def test_project_gives_the_next_view_from_a_step_s_events(
    new_context: NewContext,
    server: ServerProcess,
    errors: PageErrors,
    seed: int,
    mode: str,
    humans: int,
) -> None:
    page = errors.watch(new_context().new_page())
    page.set_default_timeout(60_000)
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    seats = ["human"] * humans
    table_id = page.evaluate(FINISHED_GAME_JS, [seed, mode, seats, list(range(humans))])
    got = page.evaluate(CHECK_PROJECTION, table_id)
    assert got["steps"] > 20 and got["events"] > 200
    assert not got["bad"], "\n".join(got["bad"])
    assert not errors.errors, errors.errors


@pytest.fixture(scope="module", name="paced_server")
def paced_server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server that paces the Rhom's steps as the game's catalogue declares (step delay 0.5)."""
    tmp = tmp_path_factory.mktemp("e2e-steps")
    args = [*server_args(tmp / "steps.sqlite3"), "--step-delay", "0.5"]  # the last one counts
    with ServerProcess(*args, log_dir=tmp) as srv:
        yield srv
        log = srv.log()
    assert "Traceback" not in log, log


# Each draw of the table: whether other seats' steps are playing, the state version on screen,
# where the board draws each seat's pawn, and which seats move in the step on screen.
RECORD = """window.__draws = [];
window.addEventListener('iridescia:rendered', (e) => {
  const conn = e.detail.page.conns && e.detail.page.conns.get(e.detail.seat);
  if (!conn || !conn.screen) return;  // not a table's draw
  const screen = conn.screen;
  window.__table = e.detail.page;
  const pawns = {};
  const board = document.querySelectorAll('svg.board g.explorer');
  for (const g of board) pawns[g.dataset.seat] = g.dataset.pos;
  window.__draws.push({ playing: screen.playing, version: screen.state.version, pawns,
    movers: screen.events.filter((x) => x.kind === 'move').map((x) => String(x.player)) });
});
localStorage.setItem('iridescia.settings', JSON.stringify({speed: 'slow'}));"""

# A table made as the lobby makes it, this browser holding seat 0; resolves with its id.
CREATE = """async ([seats, seed]) => {
  const body = {game: 'gems-of-iridescia', mode: 'standard', seats, mine: [0], seed};
  const made = await (await fetch('/api/tables', {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)})).json();
  const id = made.table.id;
  localStorage.setItem('iridescia.seats.' + id, JSON.stringify({0: made.seats[0].token}));
  location.hash = '#/t/' + id;
  return id;
}"""


def play_until_seat_moves(page: Page, seat: int) -> None:
    """Click seat 0's actions until the board shows ``seat``'s pawn moving in its turn."""
    rng = random.Random(11)
    moving = f"window.__draws.some((d) => d.playing && d.movers.includes('{seat}'))"
    for _ in range(60):
        page.wait_for_selector('#skip, #prompt[data-mine="1"] #actions [data-action]')
        if page.locator("#skip").count():
            page.wait_for_function(moving, timeout=20_000)
            return
        page.click(f'#actions [data-action="{choose(legal_actions(page), rng)}"]')
        page.wait_for_timeout(50)
    raise AssertionError(f"seat {seat} never moved")


def assert_moved_before_the_state(page: Page, seat: int) -> None:
    """``seat``'s pawn stood on its new hex while its turn still played, over the old state;
    then "Skip" brings the state that ends the turn."""
    key = str(seat)
    draws = page.evaluate("window.__draws")
    moved = next(i for i, d in enumerate(draws) if d["playing"] and key in d["movers"])
    still = [d for d in draws[:moved] if not d["playing"]][-1]  # the board as the turn began
    assert draws[moved]["pawns"][key] != still["pawns"][key]
    assert draws[moved]["version"] == still["version"]
    page.click("#skip")
    page.wait_for_selector('#prompt[data-mine="1"] #actions [data-action]')
    final = page.evaluate("window.__draws")[-1]
    assert final["version"] > still["version"] and not final["playing"]


def test_the_rhom_s_steps_move_its_pawn_before_the_turn_s_state_arrives(
    new_context: NewContext, paced_server: ServerProcess, errors: PageErrors
) -> None:
    ctx = new_context(viewport={"width": 1440, "height": 900})
    ctx.add_init_script(RECORD)
    page = errors.watch(ctx.new_page())
    fix_seed(page, 7)
    page.goto(paced_server.url + "/")
    page.select_option("#mode", "solo")
    page.click("#create")
    page.wait_for_selector("svg.board .hex")
    play_until_seat_moves(page, 1)  # the Rhom's seat
    page.wait_for_timeout(700)  # the slide is over, the step still on screen
    shot(page, "steps-rhom-moved")
    assert_moved_before_the_state(page, 1)
    assert not errors.errors, errors.errors


def test_a_bot_s_move_is_on_the_board_before_its_turn_s_state(
    new_context: NewContext, paced_server: ServerProcess, errors: PageErrors
) -> None:
    ctx = new_context(viewport={"width": 390, "height": 844})
    ctx.add_init_script(RECORD)
    page = errors.watch(ctx.new_page())
    page.goto(paced_server.url + "/")
    page.wait_for_selector("#create")
    page.evaluate(CREATE, [["human", "bot:random"], 9])
    page.wait_for_selector("svg.board .hex")
    play_until_seat_moves(page, 1)
    # drawn again mid-step (a note, the clock), the board shows where the step ended: the
    # slide does not start over
    again = """() => { window.__table.render();
      const pawn = document.querySelector('svg.board g.explorer[data-seat="1"]');
      return pawn.getAnimations().length; }"""
    assert page.evaluate(again) == 0
    page.wait_for_timeout(700)
    shot(page, "steps-bot-moved-phone")
    assert_moved_before_the_state(page, 1)
    assert not errors.errors, errors.errors


# Playback with a projection: each events frame puts the projected view on screen, animated
# from the view before it; a failing projection leaves the board as it was.
PLAYBACK = """async () => {
  const { Playback } = await import('/static/js/playback.js');
  const project = (view, events) => {
    if (events.some((e) => e.kind === 'bad')) throw new Error('cannot');
    return { v: view.v + events.length };
  };
  const playback = new Playback({ speed: 'slow' }, () => {}, project);
  const conn = { log: [] };
  const ev = (kind) => ({ kind, player: 1, text: kind });
  playback.add(conn, { type: 'state', version: 1, view: { v: 10 }, events: [], reset: true });
  playback.add(conn, { type: 'events', events: [ev('move'), ev('reveal')] });
  const s = conn.screen;
  const first = { v: s.view.v, before: s.before && s.before.v, motion: s.motion,
    playing: s.playing };
  playback.add(conn, { type: 'events', events: [ev('bad')] });
  playback.skip(conn);  // the rest at once, no motion
  const failed = { v: conn.screen.view.v, before: conn.screen.before };
  playback.add(conn, { type: 'state', version: 2, view: { v: 13 }, events: [] });
  return { first, failed, end: { v: conn.screen.view.v, playing: conn.screen.playing } };
}"""


def test_playback_shows_each_step_s_projected_view(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context().new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    got = page.evaluate(PLAYBACK)
    assert got["first"] == {"v": 12, "before": 10, "motion": 600, "playing": True}
    assert got["failed"]["v"] == 12 and got["failed"]["before"] is None
    assert got["end"] == {"v": 13, "playing": False}
    # the failing projection is reported, not thrown
    assert errors.errors and all("cannot project" in e for e in errors.errors), errors.errors
