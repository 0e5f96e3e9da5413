"""Tables for friends, in the game service (no network): private tables and their invite links,
the creator's links and bots, the start when every seat has its player, names, chat.

Each test runs a ``GameService`` on a SQLite file in one event loop; connections are read as
the browser reads them (``Table``: state messages with their views rebuilt, notes, errors).
Absent players, the clock and bots playing in their place are in ``test_web_absence.py``; the
REST API, the operator's log and the health check in ``test_web_operator.py``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from iridescia.web import protocol, storage_changes
from iridescia.web.broadcast import Subscriber
from iridescia.web.notes import CHAT_MAX, NAME_MAX, TextError, clean_chat, clean_name, played_by
from iridescia.web.protocol import ProtocolError, apply_patch
from iridescia.web.service import GameService
from iridescia.web.storage import NoteRow, SqliteStorage
from iridescia.web.tables import SpecError, TableSpec

WAIT = 20.0  # seconds a reader waits for what must come (a failure, never a measurement)


class Conn:
    """What one connection received: the latest state (its view rebuilt), notes, errors."""

    def __init__(self, sub: Subscriber) -> None:
        self.sub = sub
        self.state: dict[str, Any] = {}
        self.notes: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []

    async def until(self, done: Callable[[Conn], bool]) -> Conn:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        while not done(self):
            left = deadline - loop.time()
            if left <= 0:
                raise AssertionError(f"never happened; latest {self.state.get('version')}")
            raw = await asyncio.wait_for(self.sub.queue.get(), left)
            if raw is None:
                raise AssertionError("the connection was closed")
            m = json.loads(raw) if isinstance(raw, str) else raw
            if m["type"] == "state":
                if "patch" in m:
                    m["view"] = apply_patch(self.state["view"], m["patch"])
                self.state = m
            elif m["type"] == "notes":
                self.notes.extend(m["notes"])
            elif m["type"] == "error":
                self.errors.append(m)
        return self

    async def ready(self) -> Conn:
        return await self.until(lambda c: bool(c.state))

    def seat(self, n: int) -> dict[str, Any]:
        seat: dict[str, Any] = self.state["table"]["seats"][n]
        return seat


def run(scenario: Callable[[GameService], Awaitable[None]], tmp: Path, **kw: Any) -> None:
    async def main() -> None:
        opts: dict[str, Any] = dict(bot_delay=0, step_delay=0, allow_seed=True)
        opts.update(kw)
        svc = GameService(SqliteStorage(str(tmp / "friends.sqlite3")), **opts)
        await svc.start()
        try:
            await scenario(svc)
        finally:
            await svc.stop()

    asyncio.run(main())


def spec(**extra: Any) -> TableSpec:
    body = {"mode": "standard", "seats": ["human", "human"], "player": "Ada", **extra}
    return TableSpec.from_json(body)


async def fails(code: str, work: Awaitable[Any]) -> ProtocolError:
    with pytest.raises(ProtocolError) as caught:
        await work
    assert caught.value.code == code, caught.value.message
    return caught.value


def test_a_private_table_is_seen_only_with_its_tokens(tmp_path: Path) -> None:
    async def scenario(svc: GameService) -> None:
        row, _ = await svc.create(spec(private=True), {0}, seed=3)
        public, _ = await svc.create(spec(), {0}, seed=3)
        listed = [t["id"] for t in await svc.list_tables()]
        assert public.id in listed and row.id not in listed
        await fails("no_table", svc.info(row.id))
        await fails("no_table", svc.info(row.id, "not-its-token"))
        assert (await svc.info(row.id, row.creator))["private"] is True
        assert (await svc.info(row.id, row.seats[0].token))["id"] == row.id
        await fails("no_table", svc.connect(row.id, None))  # nobody watches it by its id
        await fails("no_table", svc.join(row.id, "Eve"))  # nor joins it
        watcher = await Conn(await svc.connect(row.id, None, row.creator)).ready()
        assert watcher.state["seat"] is None
        # A browser's own tables: the private one with its token, nothing with a wrong one.
        known = await svc.known([(row.id, row.creator), (public.id, "x"), ("nope", "x")])
        assert [t["id"] for t in known] == [row.id, public.id]
        assert await svc.known([(row.id, public.creator)]) == []

    run(scenario, tmp_path)


def test_each_invite_link_takes_one_seat_once_and_the_game_starts_then(tmp_path: Path) -> None:
    async def scenario(svc: GameService) -> None:
        row, table = await svc.create(spec(private=True, seats=["human"] * 3), {0}, seed=5)
        invites = [s.invite for s in row.seats]
        assert invites[0] is None and invites[1] and invites[2] and invites[1] != invites[2]
        assert not table.started and all(s.token for s in row.seats)
        host = await Conn(await svc.connect(row.id, row.seats[0].token)).ready()
        assert host.state["table"]["started"] is False and host.state["actions"] == []
        first = table.game.current_player
        assert first is not None
        await fails("bad_invite", svc.claim(row.id, "no-such-invite", "Bo"))
        await fails("bad_invite", svc.claim(row.id, row.seats[0].token, "Bo"))  # not an invite
        seat, token = await svc.claim(row.id, str(invites[1]), "  Bo  ")
        assert (seat, token) == (1, row.seats[1].token)
        await fails("invite_used", svc.claim(row.id, str(invites[1]), "Eve"))  # taken once
        await host.until(lambda c: c.seat(1)["name"] == "Bo")  # white space trimmed
        assert not svc._slots[row.id].table.started
        mover = await Conn(await svc.connect(row.id, row.seats[first].token)).ready()
        if first != 2:
            await fails("not_started", svc.act(mover.sub, 0, mover.state["version"]))
        await svc.claim(row.id, str(invites[2]), "Cy")
        await host.until(lambda c: c.state["table"]["started"])
        mover = await Conn(await svc.connect(row.id, row.seats[first].token)).ready()
        assert mover.state["actions"]
        await svc.act(mover.sub, mover.state["actions"][0], mover.state["version"])
        await host.until(lambda c: c.state["version"] == 1)
        kinds = [(n["kind"], n["seat"], n["data"]) for n in host.notes]
        assert kinds == [("join", 1, {"name": "Bo"}), ("join", 2, {"name": "Cy"})]

    run(scenario, tmp_path)


def test_the_creator_sees_the_links_again_and_gives_a_seat_to_a_bot(tmp_path: Path) -> None:
    async def scenario(svc: GameService) -> None:
        row, _ = await svc.create(spec(private=True, seats=["human"] * 3), {0}, seed=9)
        seen = await svc.invites(row.id, row.creator)
        assert [s["invite"] for s in seen["seats"]] == [
            None,
            row.seats[1].invite,
            row.seats[2].invite,
        ]
        assert seen["seats"][0]["name"] == "Ada"
        await fails("no_table", svc.invites(row.id, row.seats[0].token))  # a player is not it
        await fails("no_table", svc.fill(row.id, "wrong", 1, "easy"))
        await fails("bad_bot", svc.fill(row.id, row.creator, 1, "nobody"))
        await fails("bad_seat", svc.fill(row.id, row.creator, 9, "easy"))
        await fails("no_seat", svc.fill(row.id, row.creator, 0, "easy"))  # the creator's own
        await svc.claim(row.id, str(row.seats[2].invite), "Cy")
        seen = await svc.invites(row.id, row.creator)
        assert [s["invite"] for s in seen["seats"]] == [None, row.seats[1].invite, None]
        assert not seen["table"]["started"]
        host = await Conn(await svc.connect(row.id, row.seats[0].token)).ready()
        await svc.fill(row.id, row.creator, 1, "easy")
        await host.until(lambda c: c.state["table"]["started"])
        assert host.seat(1)["kind"] == "bot:easy"
        await fails("invite_used", svc.claim(row.id, str(row.seats[1].invite), "Late"))
        await host.until(lambda c: c.notes[-1]["kind"] == "fill")
        assert host.notes[-1]["data"] == {"bot": "easy"} and host.notes[-1]["seat"] == 1

    run(scenario, tmp_path)


def test_the_creator_replaces_a_link_and_the_old_one_opens_nothing(tmp_path: Path) -> None:
    async def scenario(svc: GameService) -> None:
        row, _ = await svc.create(spec(private=True, seats=["human"] * 3), {0}, seed=4)
        host = await Conn(await svc.connect(row.id, row.seats[0].token)).ready()
        old = str(row.seats[1].invite)
        await fails("no_table", svc.renew_invite(row.id, row.seats[0].token, 1))  # not the creator
        await fails("bad_seat", svc.renew_invite(row.id, row.creator, 7))
        await fails("bad_seat", svc.renew_invite(row.id, row.creator, True))
        await fails("no_seat", svc.renew_invite(row.id, row.creator, 0))  # the creator's own
        seen = await svc.invites(row.id, row.creator)
        renewed = await svc.renew_invite(row.id, row.creator, 1)
        new = renewed["seats"][1]["invite"]
        assert new and new != old and protocol.is_token(new)
        assert renewed["seats"][2] == seen["seats"][2]  # the other link is untouched
        assert (await svc.invites(row.id, row.creator))["seats"] == renewed["seats"]
        await fails("bad_invite", svc.claim(row.id, old, "Eve"))  # the old link: nothing
        await host.until(lambda c: bool(c.notes) and c.notes[-1]["kind"] == "invite")
        assert host.notes[-1]["data"] == {} and host.notes[-1]["seat"] == 1  # never the link
        assert new not in json.dumps(host.state) + json.dumps(host.notes)
        assert await svc.claim(row.id, new, "Bo") == (1, row.seats[1].token)
        await fails("no_seat", svc.renew_invite(row.id, row.creator, 1))  # taken now

    run(scenario, tmp_path)


def test_a_public_table_is_joined_from_the_lobby_with_a_name(tmp_path: Path) -> None:
    async def scenario(svc: GameService) -> None:
        row, _ = await svc.create(spec(), {0}, seed=2)
        await fails("bad_name", svc.join(row.id, "a\u202eb"))  # a right-to-left override
        seat, token = await svc.join(row.id, "Bo")
        assert (seat, token) == (1, row.seats[1].token)
        await fails("no_seat", svc.join(row.id, "Eve"))
        listed = {t["id"]: t for t in await svc.list_tables()}
        assert [s["name"] for s in listed[row.id]["seats"]] == ["Ada", "Bo"]
        assert listed[row.id]["started"] is True and listed[row.id]["open_seats"] == []

    run(scenario, tmp_path)


def test_names_and_chat_lines_are_plain_text_within_limits() -> None:
    assert clean_name("  Ada \n Lovelace\t") == "Ada Lovelace"
    assert clean_name("<b>Bo</b>") == "<b>Bo</b>"  # kept as text: the browser shows it as text
    assert clean_name("👩\u200d🚀 Sal") == "👩\u200d🚀 Sal"  # the zero-width joiner of emoji
    for bad in ("", "   ", "x" * (NAME_MAX + 1), "a\x00b", "a\u202eb", "a\u200bb", "\ue000", 3):
        with pytest.raises(TextError):
            clean_name(bad)
    assert clean_chat("good\nluck!") == "good luck!"
    with pytest.raises(TextError):
        clean_chat("x" * (CHAT_MAX + 1))
    with pytest.raises(TextError):
        clean_chat("x" * 100_000)  # refused before any work on it


def test_names_change_and_chat_goes_to_everyone_players_only(tmp_path: Path) -> None:
    async def scenario(svc: GameService) -> None:
        row, _ = await svc.create(spec(), {0, 1}, seed=4)
        ada = await Conn(await svc.connect(row.id, row.seats[0].token)).ready()
        other = await Conn(await svc.connect(row.id, row.seats[1].token)).ready()
        watcher = await Conn(await svc.connect(row.id, None)).ready()
        await svc.rename(other.sub, "Bo")
        await svc.rename(other.sub, "Bo")  # the same name again: no note
        await fails("bad_name", svc.rename(other.sub, "x" * 40))
        await svc.chat(ada.sub, "hello <b>Bo</b>")
        await fails("spectator", svc.chat(watcher.sub, "can I play?"))
        await fails("bad_chat", svc.chat(ada.sub, " \n "))
        for conn in (ada, other, watcher):
            await conn.until(lambda c: len(c.notes) == 2 and c.seat(1)["name"] == "Bo")
            assert conn.notes[1]["data"] == {"text": "hello <b>Bo</b>", "name": "Ada"}
        late = await Conn(await svc.connect(row.id, None)).ready()  # a new page gets them all
        await late.until(lambda c: len(c.notes) == 2)
        assert [n["kind"] for n in late.notes] == ["name", "chat"]

    run(scenario, tmp_path)


def test_a_table_keeps_a_bounded_number_of_notes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage_changes, "MAX_CHAT", 3)
    monkeypatch.setattr(storage_changes, "MAX_NOTES", 5)

    async def scenario(svc: GameService) -> None:
        row, _ = await svc.create(spec(), {0, 1}, seed=4)
        ada = await Conn(await svc.connect(row.id, row.seats[0].token)).ready()
        for i in range(3):
            await svc.chat(ada.sub, f"line {i}")
        await fails("chat_full", svc.chat(ada.sub, "one too many"))
        await svc.rename(ada.sub, "Ada L.")  # other notes still fit
        await svc.rename(ada.sub, "Ada M.")
        await fails("notes_full", svc.rename(ada.sub, "Ada N."))
        assert len(svc._slots[row.id].table.notes) == 5

    run(scenario, tmp_path)


def test_who_played_each_step_is_read_from_the_notes() -> None:
    def note(n: int, step: int, seat: int, kind: str, **data: Any) -> NoteRow:
        return NoteRow(n, 0.0, step, seat, kind, data)

    notes = [
        note(1, 0, 1, "join", name="Bo"),
        note(2, 2, 1, "takeover", bot="easy", reason="away"),
        note(3, 4, 0, "chat", text="hi", name="Ada"),
        note(4, 4, 1, "takeback"),
    ]
    seats = [0, 1, 0, 1, 1, 0, 1]
    assert played_by(notes, seats) == [None, None, None, "easy", None, None, None]


def test_table_requests_check_the_new_fields() -> None:
    for body, why in [
        ({"private": "yes"}, "private"),
        ({"clock": 5}, "clock"),
        ({"clock": 10**9}, "clock"),
        ({"clock": True}, "clock"),
        ({"away": "kick"}, "away"),
        ({"away_bot": "nobody"}, "away_bot"),
        ({"player": "\x07"}, "character"),
    ]:
        with pytest.raises(SpecError, match=why):
            spec(**body)
    made = spec(private=True, clock=120, away="bot", away_bot="easy")
    assert (made.private, made.clock, made.away, made.away_bot, made.player) == (
        True, 120, "bot", "easy", "Ada",
    )  # fmt: skip
    old = TableSpec.from_json({"mode": "standard", "seats": ["human", "human"]})
    assert (old.private, old.clock, old.away, old.player) == (False, 0, "vote", "")
