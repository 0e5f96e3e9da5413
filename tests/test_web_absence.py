"""Absent players: the turn clock, a player gone beyond the grace period, a bot playing in
their place (at once, or when the other players vote), the seat taken back; deadlines derived
from stored times (a restart keeps them; a process just started waits) and several processes
(whichever acts first wins, the others follow).

Time is the tests' own (``Clock``, given to each service as its ``now``): a test moves it on
and asks the table to look at its deadlines (``check_absence``, which each table's driver
also runs), so nothing here waits for a real deadline.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from iridescia.web.notes import played_by
from iridescia.web.service import GameService
from iridescia.web.slots import Slot
from iridescia.web.storage import SqliteStorage
from iridescia.web.tables import TableSpec
from test_web_friends import Conn, fails
from test_web_sync import Bus, BusPubSub

GRACE = 30.0


class Clock:
    """The services' time, moved on by the test."""

    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


def service(path: Path, clock: Clock, bus: Bus | None = None) -> GameService:
    pubsub = BusPubSub(bus) if bus is not None else None
    svc = GameService(
        SqliteStorage(str(path)), pubsub, bot_delay=0, step_delay=0, allow_seed=True,  # type: ignore[arg-type]
        grace=GRACE, resync_every=3600,
    )  # fmt: skip
    svc.now = clock
    return svc


def run(scenario: Callable[[Clock], Awaitable[None]]) -> None:
    asyncio.run(scenario(Clock()))


def spec(**extra: Any) -> TableSpec:
    body = {"mode": "standard", "seats": ["human", "human"], "away_bot": "random", **extra}
    return TableSpec.from_json(body)


async def settle(slot: Slot, seat: int) -> None:
    """Until the bot playing ``seat`` has played its turn (another seat decides)."""
    for _ in range(2000):
        if slot.table.game.current_player != seat and not slot.suspect:
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the bot did not play its turn")


def kinds(slot: Slot) -> list[tuple[str, int, dict[str, Any]]]:
    return [(n.kind, n.seat, n.data) for n in slot.table.notes]


def test_out_of_time_a_bot_plays_and_the_player_takes_the_seat_back(tmp_path: Path) -> None:
    async def scenario(clock: Clock) -> None:
        svc = service(tmp_path / "a.sqlite3", clock)
        await svc.start()
        row, table = await svc.create(spec(clock=60, away="bot"), {0, 1}, seed=7)
        slot = svc._slots[row.id]
        first = table.game.current_player
        assert first is not None and table.started
        conns = [await Conn(await svc.connect(row.id, s.token)).ready() for s in row.seats]
        clock.t += GRACE + 1  # past the start-up wait, within the turn's minute
        await svc.check_absence(slot)
        assert slot.table.row.seats[first].bot is None and slot.stall is None
        clock.t += 60
        await svc.check_absence(slot)
        assert ("takeover", first, {"bot": "random", "reason": "clock"}) in kinds(slot)
        await settle(slot, first)  # the bot played the rest of the turn
        me = await conns[first].until(lambda c: c.seat(first)["bot"] == "random")
        assert me.state["actions"] == [] and me.state["can_undo"] is False
        other = 1 - first
        assert slot.table.row.turn_started == clock.t  # the next player's clock starts now
        await svc.check_absence(slot)
        assert slot.table.row.seats[other].bot is None  # they have their minute
        await svc.take_back(conns[first].sub)
        assert slot.table.row.seats[first].bot is None
        assert kinds(slot)[-1] == ("takeback", first, {})
        await fails("no_stand_in", svc.take_back(conns[first].sub))
        seats = [s.seat for s in slot.table.steps]
        bots = played_by(slot.table.notes, seats)
        assert bots == ["random" if s == first else None for s in seats] and first in seats
        await svc.stop()

    run(scenario)


def test_the_others_vote_for_a_bot_when_a_player_is_gone(tmp_path: Path) -> None:
    async def scenario(clock: Clock) -> None:
        svc = service(tmp_path / "v.sqlite3", clock)
        await svc.start()
        row, table = await svc.create(spec(seats=["human"] * 3), {0, 1, 2}, seed=11)
        slot = svc._slots[row.id]
        gone = table.game.current_player
        assert gone is not None
        here = [await Conn(await svc.connect(row.id, s.token)).ready() for s in row.seats]
        watcher = await Conn(await svc.connect(row.id, None)).ready()
        svc.disconnect(here[gone].sub)  # the player closed the page
        await svc.heartbeat()
        clock.t += GRACE + 1
        await svc.check_absence(slot)
        assert slot.stall is not None and (slot.stall.seat, slot.stall.reason) == (gone, "away")
        await watcher.until(lambda c: (c.state["table"]["stall"] or {}).get("seat") == gone)
        voters = [s for s in range(3) if s != gone]
        await fails("spectator", svc.vote(watcher.sub, gone))
        await fails("no_vote", svc.vote(here[voters[0]].sub, voters[1]))  # not holding it up
        await svc.vote(here[voters[0]].sub, gone)
        await svc.vote(here[voters[0]].sub, gone)  # twice counts once
        assert slot.table.row.seats[gone].bot is None  # one of two is not more than half
        await watcher.until(lambda c: c.state["table"]["stall"]["votes"] == [voters[0]])
        await svc.vote(here[voters[1]].sub, gone)
        assert ("takeover", gone, {"bot": "random", "reason": "vote"}) in kinds(slot)
        await settle(slot, gone)
        back = await Conn(await svc.connect(row.id, row.seats[gone].token)).ready()
        assert back.seat(gone)["bot"] == "random"
        await svc.take_back(back.sub)
        await back.until(lambda c: c.seat(gone)["bot"] is None)
        await svc.stop()

    run(scenario)


def test_a_table_that_waits_only_says_so(tmp_path: Path) -> None:
    async def scenario(clock: Clock) -> None:
        svc = service(tmp_path / "w.sqlite3", clock)
        await svc.start()
        row, table = await svc.create(spec(away="wait", clock=60), {0, 1}, seed=7)
        slot = svc._slots[row.id]
        first = table.game.current_player
        assert first is not None
        other = await Conn(await svc.connect(row.id, row.seats[1 - first].token)).ready()
        await Conn(await svc.connect(row.id, row.seats[first].token)).ready()  # there, but slow
        clock.t += 1000
        await svc.check_absence(slot)
        assert slot.stall is not None and slot.stall.reason == "clock"
        await fails("no_vote", svc.vote(other.sub, first))
        assert slot.table.row.seats[first].bot is None and not any(
            n.kind == "takeover" for n in slot.table.notes
        )
        await svc.stop()

    run(scenario)


def test_deadlines_survive_a_restart_and_a_new_process_waits_first(tmp_path: Path) -> None:
    async def scenario(clock: Clock) -> None:
        path = tmp_path / "r.sqlite3"
        svc = service(path, clock)
        await svc.start()
        row, table = await svc.create(spec(clock=60, away="bot"), {0, 1}, seed=7)
        first = table.game.current_player
        await svc.stop()
        clock.t += 3600  # the server was down for an hour: the turn's minute is long gone
        again = service(path, clock)
        await again.start()
        slot = again._slots[row.id]
        await again.check_absence(slot)
        assert slot.table.row.seats[first].bot is None  # its players are reconnecting
        assert slot.check_at == clock.t + GRACE  # it looks again after the grace period
        clock.t += GRACE
        await again.check_absence(slot)
        assert slot.table.notes[-1].kind == "takeover"  # from the stored turn start
        await again.stop()

    run(scenario)


def test_two_processes_one_takeover_and_heartbeats_keep_a_player_there(tmp_path: Path) -> None:
    async def scenario(clock: Clock) -> None:
        bus = Bus()
        path = tmp_path / "p.sqlite3"
        a, b = service(path, clock, bus), service(path, clock, bus)
        await a.start()
        await b.start()
        row, table = await a.create(spec(away="bot"), {0, 1}, seed=7)
        first = table.game.current_player
        assert first is not None
        on_b = await Conn(await b.connect(row.id, row.seats[first].token)).ready()
        on_a = await Conn(await a.connect(row.id, row.seats[1 - first].token)).ready()
        slot_a, slot_b = a._slots[row.id], b._slots[row.id]
        clock.t += GRACE + 100
        await b.heartbeat()  # the player is connected to B: B says so
        await a.check_absence(slot_a)  # A reads that, and leaves the seat alone
        assert slot_a.stall is None and slot_a.table.row.seats[first].bot is None
        b.disconnect(on_b.sub)  # the player leaves
        await b.heartbeat()
        clock.t += GRACE + 1
        await asyncio.gather(a.check_absence(slot_a), b.check_absence(slot_b))
        takeovers = [n for n in await a.storage.load_notes(row.id) if n.kind == "takeover"]
        assert len(takeovers) == 1  # both tried; storage let one through
        await on_a.until(lambda c: c.seat(first)["bot"] == "random")
        await settle(slot_a, first)
        await settle(slot_b, first)
        assert slot_b.table.row.seats[first].bot == "random"
        await a.stop()
        await b.stop()

    run(scenario)
