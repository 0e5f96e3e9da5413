"""Helpers for the web app's tests and benchmarks: a real server process and a seat client.

``ServerProcess`` starts ``python -m iridescia.web.server`` (uvicorn) on a free loopback port,
waits until it answers, and stops or kills it; its log goes to a file so a failing test can show
it. ``SeatClient`` is a blocking WebSocket client for one seat (or a spectator) that keeps the
latest ``state`` message and collects errors. ``check_postgres`` and ``check_redis`` say in one
clear sentence why a service cannot be used, for tests that must fail rather than skip.

Nothing here is used by the server itself.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from iridescia.web.protocol import apply_patch

START_TIMEOUT = 30.0
PG_URL = os.environ.get("IRIDESCIA_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("IRIDESCIA_TEST_REDIS", "redis://127.0.0.1:6379/0")
PG_START = "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start"
ACCESS_LINE = '{"time": '  # how a line of the access log (web.oplog) begins
REDIS_START = "redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no"


class ServerProcess:
    """One ``iridescia.web.server`` process; use as a context manager or call ``stop``."""

    def __init__(self, *args: str, log_dir: str | Path | None = None) -> None:
        self.args = list(args)
        folder = Path(log_dir) if log_dir else Path(tempfile.gettempdir())
        folder.mkdir(parents=True, exist_ok=True)
        self.log_path = folder / f"iridescia-server-{os.getpid()}-{secrets.token_hex(4)}.log"
        self.url = ""
        self.proc: subprocess.Popen[str] | None = None

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    @property
    def ws_url(self) -> str:
        return "ws" + self.url[len("http") :]

    def start(self) -> ServerProcess:
        cmd = [sys.executable, "-m", "iridescia.web.server", "--host", "127.0.0.1", "--port", "0"]
        log = open(self.log_path, "w")  # noqa: SIM115 - kept open by the child only
        self.proc = subprocess.Popen(
            [*cmd, *self.args],
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        log.close()
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().strip()  # "listening on http://127.0.0.1:PORT"
        if not line.startswith("listening on "):
            self.proc.wait(10)
            raise RuntimeError(f"the server did not start: {line!r}\n{self.log()}")
        self.url = line.split()[-1]
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited ({self.proc.returncode}):\n{self.log()}")
            try:
                with urllib.request.urlopen(self.url + "/api/meta", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"the server did not answer in {START_TIMEOUT} s:\n{self.log()}")
            time.sleep(0.05)

    def _lines(self) -> list[str]:
        try:
            return self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return []

    def log(self) -> str:
        """The end of the server's own log (its standard error without the access log)."""
        own = [line for line in self._lines() if not line.startswith(ACCESS_LINE)]
        return "\n".join(own)[-4000:]

    def access(self) -> list[dict[str, Any]]:
        """The lines of the access log (``--access-log -``, the default: standard error)."""
        return [json.loads(line) for line in self._lines() if line.startswith(ACCESS_LINE)]

    def access_text(self) -> str:
        return "\n".join(line for line in self._lines() if line.startswith(ACCESS_LINE))

    def stop(self, timeout: float = 10.0) -> None:
        """A clean shutdown (SIGTERM), then SIGKILL if it takes too long."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()

    def kill(self) -> None:
        """A crash: SIGKILL, nothing flushed or closed by the server."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
        if self.proc is not None and self.proc.stdout is not None:
            self.proc.stdout.close()


def post_json(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        data: dict[str, Any] = json.loads(r.read())
        return data


def get_json(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=10) as r:
        data: dict[str, Any] = json.loads(r.read())
        return data


class SeatClient:
    """A blocking WebSocket connection to one table, bound to a seat token (or spectating)."""

    def __init__(self, server: ServerProcess | str, table_id: str, token: str | None) -> None:
        from websockets.sync.client import connect

        base = server.ws_url if isinstance(server, ServerProcess) else server
        self._conn = connect(f"{base}/ws/{table_id}", open_timeout=10, max_size=2**24)
        self.ws = self._conn.__enter__()
        self.errors: list[dict[str, Any]] = []
        self.latest: dict[str, Any] = {}
        self.ws.send(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
        self.state()

    def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        m: dict[str, Any] = json.loads(self.ws.recv(timeout))
        if m["type"] == "state":
            if "patch" in m:  # rebuild the whole view, as the browser does
                m["view"] = apply_patch(self.latest["view"], m["patch"])
            self.latest = m
        elif m["type"] == "error":
            self.errors.append(m)
        return m

    def state(self, min_version: int = -1, timeout: float = 20.0) -> dict[str, Any]:
        """The latest state message once it is at ``min_version`` or later."""
        deadline = time.monotonic() + timeout
        while True:
            if self.latest and self.latest["version"] >= min_version:
                return self.latest
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no state at version {min_version} in {timeout} s")
            self.recv(left)

    def error(self, timeout: float = 20.0) -> dict[str, Any]:
        """The next error message (an earlier unread one first)."""
        deadline = time.monotonic() + timeout
        while not self.errors:
            self.recv(max(0.01, deadline - time.monotonic()))
        return self.errors.pop(0)

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def act(self, action: str | int, version: int) -> None:
        self.send({"type": "act", "action": action, "version": version})

    def close(self) -> None:
        self._conn.__exit__(None, None, None)

    def __enter__(self) -> SeatClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _unreachable(service: str, url: str, exc: BaseException, start: str) -> str:
    return (
        f"{service} is not reachable at {url.split('@')[-1]} ({type(exc).__name__}: {exc}); "
        f"the web tests need a real {service} server on loopback. Start it with: {start}"
    )


def check_postgres(url: str = PG_URL) -> str | None:
    """None if PostgreSQL answers at ``url``, else a sentence saying why not."""

    async def ping() -> None:
        import asyncpg  # type: ignore[import-untyped]

        con = await asyncpg.connect(url, timeout=5)
        await con.close()

    try:
        asyncio.run(ping())
    except Exception as exc:
        return _unreachable("PostgreSQL", url, exc, PG_START)
    return None


def check_redis(url: str = REDIS_URL) -> str | None:
    """None if Redis answers at ``url``, else a sentence saying why not."""
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=5).ping()
    except Exception as exc:
        return _unreachable("Redis", url, exc, REDIS_START)
    return None


def unique_schema(prefix: str = "t") -> str:
    """A schema name of its own for one test run (pytest-xdist worker and process aware)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return f"{prefix}_{worker}_{os.getpid()}_{secrets.token_hex(3)}".lower()


def drop_schema(url: str, schema: str) -> None:
    """Remove a test run's schema (and its tables)."""

    async def drop() -> None:
        import asyncpg

        con = await asyncpg.connect(url, timeout=10)
        try:
            await con.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        finally:
            await con.close()

    asyncio.run(drop())
