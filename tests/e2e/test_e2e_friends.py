"""A table for friends in real Chromium: the creator makes a private table with a clock, sees
its invite link (again after a reload), a friend opens it in another browser, picks a name and
takes the seat (their own seat link is there for another device); the game starts, a move is
played and seen on both pages, both chat (names and lines shown as text, never as HTML); the
same link opened a second time is refused, and a stranger with the table's plain address finds
nothing.

Screenshots go to ``test-artifacts/`` only when the test fails (``new_context``).
"""

from __future__ import annotations

from e2e_support import (  # noqa: F401 - the fixtures are used by name
    NewContext,
    PageErrors,
    browser_fixture,
    errors_fixture,
    fix_seed,
    new_context_fixture,
    server_fixture,
    shot,
    wait_ready,
)
from playwright.sync_api import Page

from iridescia.web.testing import ServerProcess


def _log_length(page: Page) -> int:
    return int(page.evaluate("document.querySelectorAll('#log li').length"))


def test_a_private_table_an_invite_a_move_and_a_chat(
    new_context: NewContext, server: ServerProcess, errors: PageErrors
) -> None:
    host = errors.watch(new_context(viewport={"width": 1440, "height": 900}).new_page())
    fix_seed(host, 505)
    host.goto(server.url + "/")
    host.fill("#player-name", "Ada")
    host.select_option(".seat-kind[data-seat='1']", "human")
    assert host.locator("#private").is_checked()  # friends' tables are private by default
    host.select_option("#clock", "300")
    host.click("#create")
    link = host.locator(".invite-link[data-seat='1']").input_value()
    assert "#/j/" in link
    assert "Waiting for players: 1 of 2" in host.locator("#waiting-players").inner_text()
    host.reload()  # the creator finds the link again
    assert host.locator(".invite-link[data-seat='1']").input_value() == link
    table = host.url.split("#/t/")[1]
    # A link sent to the wrong person is replaced: the old one opens nothing any more.
    host.click(".invite .renew[data-seat='1']")
    host.wait_for_selector(".invite[data-seat='1'] .renewed")
    shot(host, "friends-new-link")
    old_link, link = link, host.locator(".invite-link[data-seat='1']").input_value()
    assert link != old_link and "#/j/" in link
    host.wait_for_selector(".chat-log .note >> text=invite link", state="attached")

    guest = errors.watch(
        new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        .new_page()
    )  # fmt: skip
    guest.goto(link)
    guest.fill("#invite-name", "<b>Bo</b>")
    guest.click("#take-seat")
    guest.wait_for_selector("#prompt")
    assert guest.evaluate("localStorage.getItem('iridescia.name')") == "<b>Bo</b>"
    for page in (host, guest):  # the names, as text
        # (the seats are in the table's side tab, which a started game may have closed)
        page.wait_for_selector(".seat-row[data-seat='1'] >> text=<b>Bo</b>", state="attached")
        assert page.locator(".seat-row[data-seat='0'] .seat-name").inner_text() == "Ada"
        assert page.locator("#table-panel b b").count() == 0  # no element made of a name
    host.wait_for_selector("#clock")
    own = guest.locator("#seat-link").input_value()  # to play from another device
    assert f"#/t/{table}/" in own and own.rsplit("/", 1)[1] not in link
    assert host.locator("#invites").count() == 0  # the seat is taken: no link left

    # One move, by whoever plays first; the other page sees it.
    index, what = wait_ready([host, guest])
    assert what == "mine"
    mover, other = (host, guest) if index == 0 else (guest, host)
    before = _log_length(other)
    mover.locator("#actions [data-action]").first.click()
    other.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")

    # The chat, both ways, as text (in its tab).
    guest.tap("#phone-tabs-chat")
    host.click("#side-tabs-chat")
    guest.fill("#chat-input", "hello <i>Ada</i>")
    guest.click("#chat-send")
    host.wait_for_selector(".chat-log .chat-line >> text=hello <i>Ada</i>")
    assert "<b>Bo</b>:" in host.locator(".chat-log .chat-line").last.inner_text()
    host.fill("#chat-input", "good luck!")
    host.press("#chat-input", "Enter")
    guest.wait_for_selector(".chat-log .chat-line >> text=good luck!")
    assert host.locator("#chat-input").input_value() == ""

    # The link again, in a third browser: its seat is taken. A stranger finds no table.
    refused = PageErrors()  # the browser says the claim was refused (409): that one only
    late = refused.watch(new_context().new_page())
    late.goto(link)
    late.fill("#invite-name", "Eve")
    late.click("#take-seat")
    late.wait_for_selector("#invite-error >> text=used already")
    late.goto(old_link)
    late.fill("#invite-name", "Eve")
    late.click("#take-seat")
    late.wait_for_selector("#invite-error >> text=not valid")
    late.goto(f"{server.url}/#/t/{table}")
    late.wait_for_selector("#refused")
    assert late.locator("#watch-instead").count() == 0
    assert all("409" in e or "404" in e for e in refused.errors), refused.errors
    assert not errors.errors, errors.errors
