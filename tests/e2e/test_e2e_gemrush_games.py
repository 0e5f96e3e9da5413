"""Whole games of Gem Rush played in real Chromium by clicking (the issue's bar): the mine, the
panels and the prompt together, as a person plays.

A player clicks, for each decision, one of the legal actions the page offers (at random with a
fixed seed, leaning to moves that end a game soon: walks that build, paying, stopping at the
target), on the table where the action belongs (a door, a site, a tile, a rotation, a card, a
gem, a seat) and on the prompt only for the actions that belong nowhere else (end, draw, room,
paid, done, burn deck, stop). Every action with a place on the table must be clickable there.

- Crisis, two people on one device (hot-seat) and a bot, to the end (a low target, stopping
  once the team reaches it); its record, downloaded from the end screen, replays to the end;
- Rush against a bot, to the end, in Japanese (no catalogue key left on the page, nor in the
  rules dialog's sections for Gem Rush);
- Rush on one device: the hand-off screen shows no card, and the next player's hand is face up
  only once they take the device (the other hand then shows as card backs), in French;
- a Rush game on a phone (390×844), to the end, its tabs opened as needed.

Screenshots go to ``test-artifacts/gemrush-game-*.png``.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from e2e_support import (  # noqa: F401 - the fixtures are used by name
    NewContext,
    PageErrors,
    assert_no_leaked_values,
    browser_fixture,
    click_action,
    errors_fixture,
    homes,
    legal_actions,
    new_context_fixture,
    server_fixture,
    shot,
    wait_ready,
)
from playwright.sync_api import Page

from iridescia.core.record import GameRecord
from iridescia.games import get as get_game
from iridescia.web.testing import ServerProcess, get_json, post_json

RAW_KEY = re.compile(r"\b(grp|gr|grw)\.[a-z_]+\.?[A-Za-z_0-9.]*")
# The walks of the seat on screen that build (a site of its dwarf's room), from the state the
# table page last drew (it tells who listens: iridescia:rendered).
LISTEN_JS = """window.addEventListener('iridescia:rendered',
  (e) => { window.LAST_STATE = e.detail.state; })"""
BUILDING_WALKS_JS = """() => {
  const st = window.LAST_STATE;
  if (!st || !st.view) return [];
  const me = st.view.players.find((p) => p.seat === st.seat);
  return st.view.mine.sites.filter((s) => me && s.tile === me.room).map((s) => `walk ${s.dir}`);
}"""

_PLACES: dict[str, str] = {}


def _places(server: ServerProcess) -> dict[str, str]:
    if not _PLACES:
        table = get_json(server.url + "/api/games/gem-rush/actions")["actions"]
        _PLACES.update({a["text"]: a["at"] for a in table if a.get("at")})
    return _PLACES


def _choose(actions: list[str], builds: list[str], rng: random.Random) -> str:
    """An action that brings the game to its end soon, or now and then any."""
    for first in ("stop", "paid"):
        if first in actions:
            return first
    if builds and rng.random() < 0.85:
        return rng.choice(builds)
    if rng.random() < 0.25:
        return rng.choice(actions)
    for kind in ("pay", "keep", "rotate", "name", "to", "order", "burn", "discard"):
        of = [a for a in actions if a.split()[0] == kind]
        if of:
            return rng.choice(of)
    for quick in ("end", "done", "room", "draw"):
        if quick in actions:
            return quick
    return rng.choice(actions)


class GemRushPlayer:
    """Plays every local seat of the pages by clicking until the game is over."""

    def __init__(self, pages: list[Page], server: ServerProcess, seed: int) -> None:
        self.pages = pages
        self.places = _places(server)
        self.rng = random.Random(seed)
        self.actions = 0
        self.on_table = 0
        self.handoffs = 0

    def play(self, max_actions: int = 700, on_handoff: Any = None, on_step: Any = None) -> Page:
        while self.actions < max_actions:
            i, what = wait_ready(self.pages)
            page = self.pages[i]
            if what == "over":
                return page
            if what == "handoff":
                self.handoffs += 1
                if on_handoff:
                    on_handoff(page)
                if page.locator("#handoff-go").count():
                    page.click("#handoff-go")
                continue
            if on_step:
                on_step(page)
            legal = legal_actions(page)
            where = homes(page)
            for a in legal:
                # a pair of gems is clickable once its first gem is picked (below)
                if a in self.places and not self.places[a].startswith("gems:"):
                    assert a in where, f"{a!r} ({self.places[a]}) is not clickable on the table"
            builds = [a for a in page.evaluate(BUILDING_WALKS_JS) if a in legal]
            action = _choose(legal, builds, self.rng)
            if self.places.get(action, "").startswith("gems:"):
                first = action.split()[1]
                page.click(f'[data-area=me] .gr-gem-choice[data-gem="{first}"]')
                where = homes(page)
            clicked = click_action(page, action, where)
            if clicked is None:
                continue
            self.on_table += clicked == "table"
            self.actions += 1
            assert page.locator("#error").count() == 0, page.locator("#error").inner_text()
        raise AssertionError(f"the game did not end in {max_actions} actions")


def _table(
    server: ServerProcess,
    page: Page,
    mode: str,
    seats: list[str],
    seed: int,
    options: dict[str, Any],
    lang: str = "en",
) -> str:
    """A new table with every human seat on this page (hot-seat when there are several)."""
    mine = [i for i, s in enumerate(seats) if s == "human"]
    body = {"game": "gem-rush", "mode": mode, "seats": seats, "mine": mine, "seed": seed}
    made = post_json(server.url + "/api/tables", {**body, "options": options})
    table = str(made["table"]["id"])
    tokens = {s["seat"]: s["token"] for s in made["seats"] if s["seat"] in mine}
    page.add_init_script(LISTEN_JS)
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.evaluate(
        "([t, tokens, lang]) => { localStorage.setItem(`iridescia.seats.${t}`, tokens);"
        " localStorage.setItem('iridescia.lang', lang); }",
        [table, json.dumps(tokens), lang],
    )
    page.goto(f"{server.url}/#/t/{table}")
    page.reload()
    return table


def _end_shot(page: Page, name: str) -> None:
    """The end screen once its dialog has finished coming in."""
    page.wait_for_selector("#scores", state="visible")
    page.wait_for_timeout(500)  # the dialog's entrance (.25 s) is over
    shot(page, name)


def _no_raw_keys(page: Page) -> None:
    text = page.evaluate("() => document.body.innerText")
    found = RAW_KEY.findall(text)
    assert not found, f"catalogue keys on the page: {found[:5]}"
    assert_no_leaked_values(page)


def test_a_crisis_game_of_two_people_and_a_bot_is_played_to_the_end(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport={"width": 1440, "height": 900}).new_page())
    options = {"target": 4, "crisis_may_stop": True}
    _table(server, page, "crisis", ["human", "human", "bot:greedy"], 21, options)
    player = GemRushPlayer([page], server, seed=21)
    shots = {"payment": False, "effect": False}

    def look(p: Page) -> None:
        for what, sel in (("payment", ".gr-payment"), ("effect", ".gr-effect")):
            if not shots[what] and p.locator(f"[data-area=me] {sel}").count():
                shots[what] = True
                shot(p, f"gemrush-game-crisis-{what}")

    over = player.play(on_step=look)
    assert player.handoffs >= 2 and player.on_table > 0
    result = over.locator("#scores")
    assert result.locator("#gr-verdict").is_visible()
    assert result.locator(".gr-end-seats thead th").count() == 3
    assert result.locator(".gr-notice").count() == 1
    _end_shot(over, "gemrush-game-crisis-end")
    _no_raw_keys(over)
    # the record, downloaded: it replays to the same state hashes, to the game's end
    with over.expect_download() as download:
        over.click("#download-record")
    saved = GameRecord.loads(Path(download.value.path()).read_bytes())
    assert saved.game == "gem-rush" and len(saved.hashes) == len(saved.actions) > 10
    assert get_game(saved.game).from_record(saved).is_terminal()  # every hash checked
    assert not errors.errors, errors.errors


def test_a_rush_game_is_played_to_the_end_in_japanese(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport={"width": 1280, "height": 900}).new_page())
    _table(server, page, "rush", ["human", "bot:greedy"], 33, {"target": 5}, lang="ja")
    player = GemRushPlayer([page], server, seed=33)
    page.wait_for_selector(".gr-track", state="attached")
    shot(page, "gemrush-game-rush-ja-start")
    _no_raw_keys(page)
    # the rules dialog explains Gem Rush, in Japanese, from the catalogue
    page.click("#rules-button")
    page.wait_for_selector("#rules .rules-section")
    assert page.locator("#rules .rules-section").count() >= 7
    assert page.locator("#rules .gr-aid-rooms tr").count() >= 60
    rules = page.locator("#rules").inner_text()
    assert not RAW_KEY.findall(rules), RAW_KEY.findall(rules)[:5]
    shot(page, "gemrush-game-rules-ja")
    page.click("#rules-close")
    over = player.play()
    assert player.on_table > 0
    assert over.locator("#scores .gr-end-seats").is_visible()
    _end_shot(over, "gemrush-game-rush-ja-end")
    _no_raw_keys(over)
    assert not errors.errors, errors.errors


def test_hot_seat_rush_hides_the_next_hand_until_the_device_is_taken(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    page = errors.watch(new_context(viewport={"width": 1280, "height": 900}).new_page())
    _table(server, page, "rush", ["human", "human"], 45, {"target": 30}, lang="fr")
    player = GemRushPlayer([page], server, seed=45)
    seen: list[int] = []

    def handoff(p: Page) -> None:
        # nothing of either hand behind the hand-off screen
        assert p.locator("#main .gr-card").count() == 0
        assert p.locator("#handoff").is_visible()
        shot(p, "gemrush-game-handoff-fr")
        p.click("#handoff-go")
        p.wait_for_selector("[data-area=me] .gr-player.me")
        me = int(p.locator("[data-area=me] .gr-player.me").get_attribute("data-seat") or "-1")
        other = p.locator("[data-area=others] .gr-player").first
        # your hand face up, the other player's as backs (and the cards known to be in it)
        assert p.locator("[data-area=me] .gr-player.me .gr-card.back").count() == 0
        faces = other.locator(".gr-card:not(.back):not(.known)").count()
        assert faces == 0, "the other player's hand is face up"
        seen.append(me)
        if len(seen) == 1:
            shot(p, "gemrush-game-after-handoff-fr")

    try:
        player.play(max_actions=40, on_handoff=handoff)
    except AssertionError as e:
        assert "did not end" in str(e), e
    assert len(set(seen)) == 2, seen
    assert not errors.errors, errors.errors


def test_a_rush_game_on_a_phone_is_played_to_the_end(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    viewport = {"width": 390, "height": 844}
    page = errors.watch(new_context(viewport=viewport, is_mobile=True, has_touch=True).new_page())
    _table(server, page, "rush", ["human", "bot:greedy"], 57, {"target": 8}, lang="fr")
    player = GemRushPlayer([page], server, seed=57)
    over = player.play()
    assert player.on_table > 0
    _end_shot(over, "gemrush-game-phone-fr-end")
    _no_raw_keys(over)
    assert not errors.errors, errors.errors
