"""Support for the browser tests: a real server process, Debian's Chromium driven by Playwright,
and a player that plays by clicking what the page offers.

The server runs with short bot and Rhom delays so whole games stay quick. Chromium is Debian's
(``/usr/bin/chromium``): Playwright cannot download a browser here. Screenshots go to
``test-artifacts/`` at the top of the repository (ignored by git): the ones the tests take on
purpose, and ``failure-<test>-<n>.png`` of every page open when a test fails (only then).

``ClickingPlayer`` reads the legal actions from the prompt's buttons, checks that each action
that belongs to something on the table (a hex, a card, a die, a gem in your cargo, an
objective) is clickable right there, picks one (mostly actions that move the game on, some at
random) and clicks where it belongs: the board or the card first, the prompt's button only for
actions that belong nowhere else (mine, end, done, roll, skip...).
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import call_failed
from iridescia.web.testing import ServerProcess

CHROMIUM = os.environ.get("IRIDESCIA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
TABLE = "#main :is(.layout, .table-page)"  # the table's things (not its prompt)
HEX_KINDS = ("reveal", "move", "place", "land", "pickaxe", "remove")
# Action kinds that must be clickable where they belong (not only as a prompt button).
HOMED = (*HEX_KINDS, "buy", "restore", "reserve", "play", "die", "pick", "sell", "give", "return")

READY_JS = """() => {
  if (document.querySelector('#scores')) return 'over';
  if (document.querySelector('#handoff-go')) return 'handoff';
  if (document.querySelector('#prompt[data-mine="1"]') &&
      document.querySelector('#actions [data-action]')) return 'mine';
  return null;
}"""


# The other seats' steps play at the server's own pace (here a few ms) unless a test chose a
# speed: the table's default holds each step about a second, which would make whole games slow.
FAST_PLAYBACK = """if (!localStorage.getItem('iridescia.settings'))
  localStorage.setItem('iridescia.settings', JSON.stringify({speed: 'fast'}));"""


def server_args(db: Path) -> list[str]:
    return [
        "--db", str(db), "--bot-delay", "0.02", "--step-delay", "0.01", "--allow-seed",
        "--create-burst", "1000", "--msg-rate", "1000", "--msg-burst", "1000",
        "--address-msg-rate", "1000", "--address-msg-burst", "1000",
    ]  # fmt: skip


@pytest.fixture(scope="module", name="server")
def server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("e2e")
    with ServerProcess(*server_args(tmp / "e2e.sqlite3"), log_dir=tmp) as srv:
        yield srv
        log = srv.log()
    assert "Traceback" not in log, log


@pytest.fixture(scope="module", name="browser")
def browser_fixture() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium is not installed at {CHROMIUM}: the browser tests need Debian's chromium "
            "package (scripts/install-system-packages.sh installs it).",
            pytrace=False,
        )
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


class PageErrors:
    """JavaScript errors and failed requests seen by a page (the tests require none)."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, page: Page) -> Page:
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on(
            "console",
            lambda m: (
                self.errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None
            ),
        )
        page.set_default_timeout(15_000)
        return page


@pytest.fixture(name="errors")
def errors_fixture() -> PageErrors:
    return PageErrors()


NewContext = Callable[..., BrowserContext]


@pytest.fixture(name="new_context")
def new_context_fixture(browser: Browser, request: pytest.FixtureRequest) -> Iterator[NewContext]:
    """``new_context(**options)``: a browser context closed after the test; if the test failed,
    every page still open is saved first as ``failure-<test>-<n>.png``."""
    made: list[BrowserContext] = []

    def new_context(**options: Any) -> BrowserContext:
        made.append(browser.new_context(**options))
        made[-1].add_init_script(FAST_PLAYBACK)
        return made[-1]

    yield new_context
    if call_failed(request.node):
        test = re.sub(r"\W+", "-", request.node.name)[:80]
        pages = [page for ctx in made for page in ctx.pages]
        for i, page in enumerate(pages):
            shot(page, f"failure-{test}-{i}")
    for ctx in made:
        ctx.close()


@pytest.fixture(name="context")
def context_fixture(new_context: NewContext) -> BrowserContext:
    return new_context(viewport={"width": 1280, "height": 900})


def fix_seed(page: Page, seed: int) -> None:
    """Tables this page creates get ``seed`` (the server runs with --allow-seed), so each test
    plays the same game every run; E2E_SEED=random plays new games (to look for gaps)."""
    if os.environ.get("E2E_SEED") == "random":
        return
    seed += int(os.environ.get("E2E_SEED", "0") or 0)

    def add_seed(route: Any) -> None:
        request = route.request
        if request.method != "POST":
            route.continue_()
            return
        body = json.loads(request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, "seed": seed}))

    page.route("**/api/tables", add_seed)


def shot(page: Page, name: str, full: bool = False) -> None:
    """A screenshot for people to look at, with CSS animations run to their end (a dialog
    fading in is shown as it will stay, not half transparent)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full, animations="disabled")


def wait_ready(pages: list[Page], timeout: float = 30.0) -> tuple[int, str]:
    """The first page (index) that can act, is over or shows a hand-off, and what it shows."""
    deadline = time.monotonic() + timeout
    while True:
        for i, page in enumerate(pages):
            got = page.evaluate(READY_JS)
            if got:
                return i, str(got)
        if time.monotonic() > deadline:
            raise TimeoutError("no page became ready to act")
        pages[0].wait_for_timeout(15)


def legal_actions(page: Page) -> list[str]:
    return [str(a) for a in page.eval_on_selector_all(
        "#actions [data-action]", "els => els.map(e => e.dataset.action)"
    )]  # fmt: skip


def choose(actions: list[str], rng: random.Random) -> str:
    """Mostly moves that bring the game to its end (so a game stays short), some at random."""
    if rng.random() < 0.3:
        return rng.choice(actions)
    moves = [a for a in actions if a.startswith("move ")]
    if moves:
        return max(moves, key=lambda a: int(a.split()[1]))
    reveals = [a for a in actions if a.startswith("reveal ")]
    if reveals and rng.random() < 0.7:
        return max(reveals, key=lambda a: int(a.split()[1]))
    for quick in ("end", "done"):
        if quick in actions:
            return quick
    return rng.choice(actions)


def homes(page: Page) -> set[str]:
    """Every action clickable on the table itself (board, cards, dice, your cargo)."""
    found = page.eval_on_selector_all(
        f"{TABLE} [data-actions]", "els => els.flatMap(e => JSON.parse(e.dataset.actions))"
    )
    return {str(a) for a in found}


def reveal(page: Page, el: Any) -> None:
    """Open the tab (a phone's, or the side's) holding ``el`` when it is in a closed one."""
    if el.is_visible():
        return
    name = el.evaluate(
        """(e) => { const part = e.closest('#board-area, #players-area, .side-panel');
        if (!part) return null;
        if (part.id === 'board-area') return 'board';
        return part.id === 'players-area' ? 'players' : part.id.slice(5); }"""
    )
    for tab in (f"#phone-tabs-{name}", f"#side-tabs-{name}"):
        if name and page.locator(tab).is_visible():
            page.click(tab)
            return


def click_action(page: Page, action: str, where: set[str]) -> str | None:
    """Click ``action`` where it belongs: "table" or "prompt" (where it was clicked), or None
    when the page changed under the click (a re-render), so the caller looks again."""
    if action not in where:
        page.click(f'#actions [data-action="{action}"]')
        return "prompt"
    # located again at click time, so a re-render in between is harmless
    el = page.locator(f"{TABLE} [data-actions*='{json.dumps(action)}']").first
    several = len(json.loads(el.get_attribute("data-actions") or "[]")) > 1
    reveal(page, el)
    el.click()
    if several:
        try:
            page.locator(f'.menu [data-action="{action}"]').click(timeout=3000)
        except PlaywrightTimeout:
            return None  # the menu closed: a new state arrived meanwhile
    return "table"


class ClickingPlayer:
    """Plays every local seat of one or more pages by clicking, until the game is over."""

    def __init__(self, pages: list[Page], seed: int) -> None:
        self.pages = pages
        self.rng = random.Random(seed)
        self.actions = 0
        self.on_table = 0
        self.kinds: set[str] = set()
        self.handoffs = 0

    def play(self, max_actions: int = 600, on_handoff: Any = None, on_step: Any = None) -> Page:
        while self.actions < max_actions:
            i, what = wait_ready(self.pages)
            page = self.pages[i]
            if what == "over":
                return page
            if what == "handoff":
                self.handoffs += 1
                if on_handoff:
                    on_handoff(page)
                page.click("#handoff-go")
                continue
            legal = legal_actions(page)
            where = homes(page)
            for a in legal:
                if a.split()[0] in HOMED and not a.startswith("discard tile"):
                    assert a in where, f"{a!r} is not clickable on the table ({sorted(where)})"
            action = choose(legal, self.rng)
            clicked = click_action(page, action, where)
            if clicked is None:
                continue
            self.on_table += clicked == "table"
            self.kinds.add(action.split()[0])
            self.actions += 1
            assert page.locator("#error").count() == 0, page.locator("#error").inner_text()
            if on_step:
                on_step(page, self.actions)
        raise AssertionError(f"the game did not end in {max_actions} actions")


# ---------------------------------------------------------------- layout and accessibility checks

OVERFLOW_JS = """(selectors) => {
  const out = [];
  const w = document.documentElement.clientWidth, h = document.documentElement.clientHeight;
  for (const sel of selectors) {
    for (const el of document.querySelectorAll(sel)) {
      const r = el.getBoundingClientRect();
      if (!r.width && !r.height) continue;  // not shown
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1) {
        const box = [r.left, r.top, r.right, r.bottom].map(Math.round);
        out.push(`${sel} (${el.id || el.className || el.tagName}): ` +
          `${box[0]},${box[1]} to ${box[2]},${box[3]} in ${w}x${h}`);
      }
    }
  }
  return out;
}"""


def outside_viewport(page: Page, selectors: list[str]) -> list[str]:
    """The shown elements matching ``selectors`` that reach out of the viewport (page scrolled
    to the top), each described with its box; empty when everything fits."""
    page.evaluate("window.scrollTo(0, 0)")
    return [str(x) for x in page.evaluate(OVERFLOW_JS, selectors)]


def assert_inside_viewport(page: Page, selectors: list[str]) -> None:
    """No shown element matching one of ``selectors`` overflows the viewport (nor needs a
    scroll to be seen): the layout fits the screen as it is."""
    out = outside_viewport(page, selectors)
    assert not out, "outside the viewport:\n" + "\n".join(out)


# Words that must never reach a player: a JavaScript value printed instead of a text.
LEAKED_WORDS = re.compile(r"\b(null|undefined|NaN|\[object Object\])\b")


def assert_no_leaked_values(page: Page) -> None:
    """The page's visible text, its tooltips and its labels show no "null", "undefined", "NaN"
    nor "[object Object]" (a value the client failed to turn into words)."""
    texts = page.evaluate(
        """() => [document.body.innerText,
            ...[...document.querySelectorAll('[title], [aria-label], [data-tip], [placeholder]')]
              .flatMap(e => [e.getAttribute('title'), e.getAttribute('aria-label'),
                             e.getAttribute('data-tip'), e.getAttribute('placeholder')])
              .filter(Boolean)]"""
    )
    leaks = [t for t in texts if LEAKED_WORDS.search(str(t))]
    found = [LEAKED_WORDS.search(str(t)).group(0) for t in leaks]  # type: ignore[union-attr]
    assert not leaks, f"{found} shown: {[str(t)[:200] for t in leaks]}"


def axe_script() -> str:
    """axe-core's browser script, as the ``axe-playwright-python`` test dependency ships it."""
    try:
        import axe_playwright_python as axe
    except ImportError:
        pytest.fail(
            "axe-core is missing: the browser tests take it from the axe-playwright-python "
            'package (pip install -e ".[test]" installs it).',
            pytrace=False,
        )
    return (Path(axe.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


AXE_SERIOUS = ("serious", "critical")


def axe_violations(page: Page, impacts: tuple[str, ...] = AXE_SERIOUS) -> list[str]:
    """axe-core's violations of the page as it is now (WCAG 2.x A and AA rules and best
    practices) of the given impacts: one line per rule with the elements at fault."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_script())
    result = page.evaluate(
        """async () => {
          const r = await axe.run(document, {resultTypes: ['violations']});
          return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => n.target.join(' ') + ' : ' +
              n.failureSummary.split('\\n').slice(1, 2).join(''))}));
        }"""
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"][:6])
        for v in result
        if v["impact"] in impacts
    ]


def assert_accessible(page: Page, what: str) -> None:
    """axe-core finds no serious or critical violation on the page (``what`` names it)."""
    found = axe_violations(page)
    assert not found, f"accessibility violations on {what}:\n" + "\n".join(found)


# A word of `selector`'s texts laid out over more than one line (a name broken mid-word); for
# languages that separate words with spaces.
BROKEN_WORDS_JS = """(selector) => {
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getClientRects().length) continue;  // hidden (another tab)
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""


def broken_words(page: Page, selector: str) -> list[str]:
    """The words of ``selector``'s visible texts that the layout broke over two lines."""
    return list(page.evaluate(BROKEN_WORDS_JS, selector))


# Make a table as the lobby does (this browser keeps the tokens of the seats in `mine`), then
# play it to its end through one WebSocket per seat with random legal actions; resolves with
# the table's id.
FINISHED_GAME_JS = """async ([seed, mode, seats, mine]) => {
  const body = {game: 'gems-of-iridescia', mode, seats, mine, seed};
  const res = await fetch('/api/tables', {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
  const made = await res.json();
  const id = made.table.id;
  const tokens = {};
  for (const s of made.seats) if (mine.includes(s.seat)) tokens[s.seat] = s.token;
  localStorage.setItem('iridescia.seats.' + id, JSON.stringify(tokens));
  localStorage.setItem('iridescia.creator.' + id, made.creator);
  let n = seed;
  const pick = (xs) => { n = (n * 1103515245 + 12345) % 2147483648; return xs[n % xs.length]; };
  await Promise.all(Object.values(tokens).map((token) => new Promise((done, fail) => {
    const ws = new WebSocket(`ws://${location.host}/ws/${id}`);
    ws.onopen = () => ws.send(JSON.stringify({type: 'hello', token}));
    ws.onerror = fail;
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type !== 'state') return;
      if (msg.table.status === 'finished') { ws.close(); done(); return; }
      if (msg.seat === msg.table.current_player && msg.actions.length)
        ws.send(JSON.stringify({type: 'act', action: pick(msg.actions), version: msg.version}));
    };
  })));
  return id;
}"""


# The end of a panels test's drawing script: the game plug-in's ``areas`` (from
# ``plugin.areas(st, view, ctx)``) in a box at the top of the page (``#harness``, ``width`` px
# wide), each marked with its area's name; it returns which areas were drawn.
SHOW_AREAS_JS = """  document.querySelector("#harness")?.remove();
  const box = document.createElement("div");
  box.id = "harness";
  box.style.cssText = `position:absolute;top:0;left:0;z-index:50;width:${width}px`;
  box.style.background = "#f6f1e7";
  for (const [name, node] of Object.entries(areas)) {
    if (!node) continue;
    node.dataset.area = name;
    box.appendChild(node);
  }
  document.body.appendChild(box);
  return Object.fromEntries(Object.entries(areas).map(([k, v]) => [k, !!v]));
}"""


def fast_analysis_server(folder: Path) -> Iterator[ServerProcess]:
    """The usual test server, analysing with the fast greedy bot (a module's ``server``
    fixture yields from it); no traceback may reach its log."""
    old = os.environ.get("IRIDESCIA_ANALYSIS_BOT")
    os.environ["IRIDESCIA_ANALYSIS_BOT"] = "greedy"
    try:
        with ServerProcess(*server_args(folder / "e2e.sqlite3"), log_dir=folder) as srv:
            yield srv
            log = srv.log()
    finally:
        if old is None:
            os.environ.pop("IRIDESCIA_ANALYSIS_BOT", None)
        else:
            os.environ["IRIDESCIA_ANALYSIS_BOT"] = old
    assert "Traceback" not in log, log
