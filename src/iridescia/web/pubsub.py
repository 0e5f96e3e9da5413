"""Change notices between server processes: "table T is now at version V".

One process serves its own WebSocket connections; when several processes share one database,
each must learn that a table changed elsewhere so it can reload it and update its own
connections. ``LocalPubSub`` is the single-process case (nothing to carry). ``RedisPubSub``
appends every committed change to one Redis stream per installation (``<prefix>:notices``;
``--redis-prefix`` keeps installations sharing a Redis server apart) and calls the service back
for changes made by the other processes (each process has a random origin id and skips its own
notices).

Notices carry no game data, only (table id, version; -1: the table is gone): the database stays
the one source of truth, so a lost notice may delay an update but never corrupts a game. And a
lost notice is never left unrepaired:

- the reader keeps the id of the last entry it read and asks for the entries after it, so a
  dropped connection loses nothing while Redis keeps its data (and after a restart, the new
  stream is read from its start);
- when the reader's connection fails (Redis restarted and lost the stream, or the network
  dropped), it says so (``lost``) as soon as Redis answers again, and the service then checks
  every table it holds against the database;
- publishing never waits for Redis: notices go through a queue that a sender task flushes,
  keeping the newest notice of each table while Redis is away and sending it when Redis is
  back, so a Redis outage never slows or stalls an action;
- the service checks its tables against the database every ``--resync-every`` seconds anyway
  (a notice can still be lost with Redis's memory if it dies between a write and a read).

Following a notice means reading the table back from the database (several round trips), so
the reader does not wait for it: each table's notices are followed by a task of their own, one
at a time and in order (a notice that arrives meanwhile waits, only the newest one per table),
at most ``FOLLOWERS`` tables at once. Followed one after the other, a notice waited for every
earlier one: with two processes, 200 tables and 1,000 spectators the other seats received a
move 75-770 ms later at the 99th percentile (benchmarks/server_load.py, docs/web.md).

Redis's own automatic retries are off for this client: a silent reconnection inside the library
would hide an outage, and with it the need to catch up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

try:  # optional: only a server given --redis needs it (the "web" extra)
    import redis.asyncio as aioredis
    from redis.asyncio.retry import Retry
    from redis.backoff import NoBackoff
except ImportError:  # pragma: no cover - open_pubsub says what to install
    aioredis = None  # type: ignore[assignment]

DEFAULT_PREFIX = "iridescia"
STREAM_LENGTH = 10_000  # notices Redis keeps (about a megabyte); readers stay far closer
READ_BLOCK_MS = 1000  # how long one read waits for a notice
# Seconds between attempts while Redis (or, for a notice, the database) is away. At most a
# second, so a process is back in step within about a second of the service's return: with 5 s,
# Redis back after 3.1 s was noticed at 6.2 s (benchmarks/server_faults.py, docs/web.md).
BACKOFF_FIRST, BACKOFF_MAX = 0.2, 1.0
GONE = -1  # the version of a notice saying the table no longer exists
# Tables whose notices are followed at once (each reads its table back: half of the database
# pool of eight connections at most, the rest is left for actions).
FOLLOWERS = 4
NOTICE_TRIES = 60  # tries to follow one notice (about a minute) before the periodic check
log = logging.getLogger("iridescia.web")

Callback = Callable[[str, int], Awaitable[None]]
LostCallback = Callable[[], Awaitable[None]]


class PubSub(Protocol):
    @property
    def shared(self) -> bool:
        """Whether other processes may change the tables (the service then re-checks them)."""
        ...

    async def start(self, callback: Callback, lost: LostCallback) -> None:
        """Begin calling ``callback(table, version)`` for other processes' changes, and
        ``lost()`` whenever notices may have been missed."""
        ...

    async def publish(self, table_id: str, version: int) -> None:
        """Tell the other processes (never waits for the network)."""
        ...

    async def ping(self) -> None:
        """Raise when the notices cannot be carried now (the health check)."""
        ...

    async def close(self) -> None: ...


class LocalPubSub:
    """One process: nothing to tell anyone."""

    shared = False

    async def start(self, callback: Callback, lost: LostCallback) -> None:
        return None

    async def publish(self, table_id: str, version: int) -> None:
        return None

    async def ping(self) -> None:
        return None

    async def close(self) -> None:
        return None


class _Backoff:
    """Growing pauses between attempts while a service is away."""

    def __init__(self) -> None:
        self.delay = BACKOFF_FIRST

    async def wait(self) -> None:
        await asyncio.sleep(self.delay)
        self.delay = min(BACKOFF_MAX, self.delay * 2)

    def reset(self) -> None:
        self.delay = BACKOFF_FIRST


class RedisPubSub:
    """Notices on the Redis stream ``<prefix>:notices`` (``redis.asyncio``)."""

    shared = True

    def __init__(self, url: str, prefix: str = DEFAULT_PREFIX) -> None:
        self.url = url
        self.key = f"{prefix}:notices"
        self.origin = secrets.token_hex(8)
        self._redis: Any = None
        self._last = "0-0"  # the id of the last entry read
        self._pending: dict[str, int] = {}  # table -> newest version not sent yet
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._waiting: dict[str, int | None] = {}  # tables being followed -> the next notice
        self._followers: set[asyncio.Task[None]] = set()
        self._room = asyncio.Semaphore(FOLLOWERS)
        # The loops also stop on this: the Redis client may swallow a task's cancellation
        # (seen while a pipeline was being sent), and close() must not wait for ever.
        self._closing = False

    async def start(self, callback: Callback, lost: LostCallback) -> None:
        if aioredis is None:
            raise RuntimeError("--redis needs the redis package: pip install -e '.[web]'")
        self._redis = aioredis.from_url(
            self.url,
            decode_responses=True,
            retry=Retry(NoBackoff(), 0),
            socket_connect_timeout=5,
            socket_timeout=READ_BLOCK_MS / 1000 + 5,
        )
        await self._redis.ping()  # a wrong URL stops the server at once, with the reason
        self._last = await self._latest_id()
        self._tasks = [
            asyncio.create_task(self._listen(callback, lost)),
            asyncio.create_task(self._send()),
        ]

    async def _latest_id(self) -> str:
        newest = await self._redis.xrevrange(self.key, count=1)
        return str(newest[0][0]) if newest else "0-0"

    async def _listen(self, callback: Callback, lost: LostCallback) -> None:
        backoff = _Backoff()
        broken = False
        while not self._closing:
            try:
                if broken:
                    # Read on from the last entry seen; if the stream is behind it, Redis lost
                    # it (a restart): read the new one from its start. Then catch up from the
                    # database: whatever was lost with the old stream, the check finds.
                    if _entry_id(await self._latest_id()) < _entry_id(self._last):
                        self._last = "0-0"
                    broken = False
                    backoff.reset()
                    log.warning("redis is back: checking every table against the database")
                    await lost()
                reply = await self._redis.xread(
                    {self.key: self._last}, count=500, block=READ_BLOCK_MS
                )
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if not broken:
                    log.warning("redis notices interrupted (%s); retrying", exc)
                broken = True
                await backoff.wait()
                continue
            for _key, entries in reply or ():
                for entry_id, fields in entries:
                    self._last = str(entry_id)
                    await self._deliver(fields, callback)

    async def _deliver(self, fields: dict[str, str], callback: Callback) -> None:
        if fields.get("o") == self.origin:
            return
        try:
            table_id, version = str(fields["t"]), int(fields["v"])
        except (KeyError, ValueError) as exc:
            log.warning("redis notice ignored: %r (%s)", fields, exc)
            return
        if table_id in self._waiting:  # being followed: this one is next (the newest only)
            queued = self._waiting[table_id]
            self._waiting[table_id] = version if queued is None else _newest(queued, version)
            return
        self._waiting[table_id] = None
        task = asyncio.create_task(self._follow(table_id, version, callback))
        self._followers.add(task)
        task.add_done_callback(self._followers.discard)

    async def _follow(self, table_id: str, version: int, callback: Callback) -> None:
        """Follow one table's notices, one at a time, while more of them come. A notice that
        cannot be followed (the database is away) is followed again until it is: dropped, it
        left the table behind until the periodic check, up to ``--resync-every`` seconds after
        the database was back (14 s, measured with benchmarks/server_faults.py). After
        ``NOTICE_TRIES`` tries the periodic check is left to it."""
        backoff = _Backoff()
        tries = 0
        try:
            while True:
                try:
                    async with self._room:
                        await callback(table_id, version)
                    backoff.reset()
                    tries = 0
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    tries += 1
                    if tries == 1 or tries == NOTICE_TRIES:  # said once per outage
                        log.warning(
                            "table %s: a notice could not be followed (%s); %s", table_id, exc,
                            "trying again" if tries == 1 else "left to the periodic check",
                        )  # fmt: skip
                    if tries < NOTICE_TRIES:
                        await backoff.wait()
                        queued = self._waiting.get(table_id)
                        self._waiting[table_id] = (
                            version if queued is None else _newest(queued, version)
                        )
                    else:
                        tries = 0
                queued = self._waiting.get(table_id)
                if queued is None:
                    return
                version = queued
                self._waiting[table_id] = None
        finally:
            self._waiting.pop(table_id, None)

    async def publish(self, table_id: str, version: int) -> None:
        self._pending[table_id] = version
        self._wake.set()

    async def ping(self) -> None:
        if self._redis is None:
            raise RuntimeError("not started")
        await self._redis.ping()

    async def _send(self) -> None:
        backoff = _Backoff()
        while not self._closing:
            await self._wake.wait()
            self._wake.clear()
            while self._pending and not self._closing:
                batch, self._pending = self._pending, {}
                try:
                    await self._append(batch)
                    backoff.reset()
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    for table_id, version in batch.items():  # a newer notice may be queued
                        self._pending.setdefault(table_id, version)
                    log.warning("redis publish failed (%s); %d notices wait", exc, len(batch))
                    await backoff.wait()

    async def _append(self, batch: dict[str, int]) -> None:
        async with self._redis.pipeline(transaction=False) as pipe:
            for table_id, version in batch.items():
                notice = {"t": table_id, "v": version, "o": self.origin}
                pipe.xadd(self.key, notice, maxlen=STREAM_LENGTH, approximate=True)
            await pipe.execute()

    async def close(self) -> None:
        self._closing = True
        self._wake.set()
        tasks = [*self._tasks, *self._followers]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=READ_BLOCK_MS / 1000 + 2)
        if self._pending and self._redis is not None:  # the last changes, if Redis answers
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._append(self._pending), 2.0)
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()


def _newest(a: int, b: int) -> int:
    """The notice to follow of two waiting for one table: the later version, or GONE."""
    return GONE if GONE in (a, b) else max(a, b)


def _entry_id(text: str) -> tuple[int, int]:
    """A stream entry id ("1700000000000-3") as numbers, to compare."""
    ms, _, seq = text.partition("-")
    return int(ms), int(seq or 0)


def open_pubsub(url: str | None, prefix: str = DEFAULT_PREFIX) -> PubSub:
    return RedisPubSub(url, prefix) if url else LocalPubSub()
