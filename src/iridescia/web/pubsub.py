"""Change notices between server processes: "table T is now at version V".

One process serves its own WebSocket connections; when several processes share one database,
each must learn that a table changed elsewhere so it can reload it and update its own
connections. ``LocalPubSub`` is the single-process case (nothing to carry). ``RedisPubSub``
publishes every committed change on one Redis channel and calls the service back for changes
made by the other processes (each process has a random origin id and ignores its own notices).

Notices carry no game data, only (table id, version): the database stays the one source of
truth, so a lost notice delays an update but never corrupts a game (the next notice or the next
action's version check brings the process up to date).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

CHANNEL = "iridescia:tables"
log = logging.getLogger("iridescia.web")

Callback = Callable[[str, int], Awaitable[None]]


class PubSub(Protocol):
    async def start(self, callback: Callback) -> None: ...

    async def publish(self, table_id: str, version: int) -> None: ...

    async def close(self) -> None: ...


class LocalPubSub:
    """One process: nothing to tell anyone."""

    async def start(self, callback: Callback) -> None:
        return None

    async def publish(self, table_id: str, version: int) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisPubSub:
    """Redis pub/sub on ``CHANNEL`` (``redis.asyncio``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.origin = secrets.token_hex(8)
        self._redis: Any = None
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None

    async def start(self, callback: Callback) -> None:
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(self.url)
        await self._redis.ping()
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(CHANNEL)
        self._task = asyncio.create_task(self._listen(callback))

    async def _listen(self, callback: Callback) -> None:
        assert self._pubsub is not None
        while True:
            try:
                msg = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a dropped connection: wait and retry
                log.warning("redis pub/sub: %s", exc)
                await asyncio.sleep(0.5)
                continue
            if msg is None:
                continue
            try:
                data = json.loads(msg["data"])
                if data.get("o") == self.origin:
                    continue
                await callback(str(data["t"]), int(data["v"]))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("redis notice ignored: %s", exc)

    async def publish(self, table_id: str, version: int) -> None:
        if self._redis is None:
            return
        notice = json.dumps({"t": table_id, "v": version, "o": self.origin})
        try:
            await self._redis.publish(CHANNEL, notice)
        except Exception as exc:  # the change is committed; others catch up on the next one
            log.warning("redis publish failed: %s", exc)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()


def open_pubsub(url: str | None) -> PubSub:
    return RedisPubSub(url) if url else LocalPubSub()
