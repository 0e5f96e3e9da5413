"""What the web benchmarks run against: server processes, and services of their own to break.

``server_load`` and ``server_faults`` (run by hand) use these helpers:

- ``server_options`` and ``start_servers``: real ``python -m iridescia.web.server`` processes
  with the limits per client address lifted (every client of a benchmark comes from 127.0.0.1);
- ``cpu_seconds`` (one process) and ``named_cpu_seconds`` (every process of a name, such as
  ``postgres``), read from ``/proc``; ``machine_cpu`` (the whole machine's busy and total time);
- ``with_schema``: a PostgreSQL URL with a schema of the run's own (dropped afterwards with
  ``testing.drop_schema``), so a benchmark on the shared database leaves nothing behind;
- ``PrivateRedis`` and ``PrivateCluster``: a ``redis-server`` and a PostgreSQL cluster
  (``initdb`` in a temporary folder, run as the ``postgres`` user) on free ports, which the
  fault benchmark kills and starts again; the machine's own servers are never touched.

Linux only (``/proc``, ``runuser``); nothing here is used by the server.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import redis

from iridescia.web.testing import ServerProcess

START_WAIT = 60.0  # seconds a service may take to answer after a start

# Every client of a benchmark comes from one address: the limits per address are lifted, the
# ones per connection kept at the browser's pace or above.
LIFTED_LIMITS = [
    "--create-burst", "100000", "--create-rate", "1000", "--msg-rate", "1000",
    "--address-msg-rate", "1000000", "--address-msg-burst", "1000000",
    "--max-address-connections", "1000000", "--max-spectators", "1000000",
    "--join-rate", "1000", "--join-burst", "100000",
]  # fmt: skip


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (0 once it is gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def named_cpu_seconds(name: str) -> float:
    """CPU time of every running process whose command name is ``name`` (``postgres``,
    ``redis-server``), all of them together: on a shared machine, others' use included."""
    total = 0.0
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            text = Path(stat).read_text()
        except OSError:
            continue
        comm = text[text.find("(") + 1 : text.rfind(")")]
        if comm == name:
            fields = text.rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def machine_cpu() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine since boot, all cores."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    tick = os.sysconf("SC_CLK_TCK")
    return (sum(values) - idle) / tick, sum(values) / tick


def with_schema(url: str, schema: str) -> str:
    """``url`` with ``?schema=`` set to ``schema`` (any schema it named is replaced)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "schema"] + [("schema", schema)]
    return urlunsplit(parts._replace(query=urlencode(query)))


def server_options(
    db: str, redis_url: str | None, prefix: str, *more: str, limits: bool = True
) -> list[str]:
    """The options of a benchmark's server process: no bot or step delay, and (``limits``)
    the limits per address lifted."""
    opts = ["--db", db, "--bot-delay", "0", "--step-delay", "0", *more]
    if redis_url:
        opts += ["--redis", redis_url, "--redis-prefix", prefix]
    return opts + (LIFTED_LIMITS if limits else [])


def start_servers(count: int, opts: list[str], log_dir: str) -> list[ServerProcess]:
    """``count`` server processes with the same options, each on its own free port, started
    one after the other (the first migrates the schema)."""
    servers: list[ServerProcess] = []
    try:
        for _ in range(count):
            servers.append(ServerProcess(*opts, log_dir=log_dir).start())
    except BaseException:
        for srv in servers:
            srv.stop()
        raise
    return servers


def delete_redis_keys(url: str, prefix: str) -> int:
    """Remove a run's keys (``<prefix>:*``) from a shared Redis; returns how many."""
    client = redis.Redis.from_url(url)
    keys = list(client.scan_iter(f"{prefix}:*"))
    return int(client.delete(*keys)) if keys else 0


def _alive(pid: int) -> bool:
    """Whether a process runs (a zombie waiting for its parent counts as dead)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _wait_until(check: object, what: str) -> None:
    deadline = time.monotonic() + START_WAIT
    while True:
        try:
            if check():  # type: ignore[operator]
                return
        except Exception:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not answer in {START_WAIT} s")
        time.sleep(0.02)


class PrivateRedis:
    """A ``redis-server`` of the run's own on a free port, in memory only (``--save ''``):
    ``kill`` loses everything it held, as a crash of a cache server does."""

    def __init__(self) -> None:
        self.port = free_port()
        self.folder = tempfile.mkdtemp(prefix="iridescia-redis-")
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed (scripts/install-system-packages.sh)")
        self.proc = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", self.folder],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        client = redis.Redis.from_url(self.url, socket_connect_timeout=1)
        _wait_until(client.ping, "redis-server")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def close(self) -> None:
        self.kill()
        shutil.rmtree(self.folder, ignore_errors=True)


class PrivateCluster:
    """A PostgreSQL cluster of the run's own: ``initdb`` in a temporary folder owned by the
    ``postgres`` user, listening on 127.0.0.1 at a free port, trust authentication, the default
    durability (``fsync`` and ``synchronous_commit`` on, as in production). ``crash`` stops it
    as a crash would: ``immediate`` (SIGQUIT: no checkpoint, recovery from the WAL on the next
    start) or ``kill`` (SIGKILL to the postmaster and every one of its processes)."""

    def __init__(self) -> None:
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
        if not bins:
            raise RuntimeError("PostgreSQL is not installed (scripts/install-system-packages.sh)")
        self.bin = Path(bins[-1]).parent
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="iridescia-pg-"))
        self.data = self.folder / "data"
        shutil.chown(self.folder, "postgres", "postgres")
        self._as_postgres(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust",
                          "-U", "postgres", "--no-sync")  # fmt: skip

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _as_postgres(self, *cmd: str) -> None:
        subprocess.run(
            ["runuser", "-u", "postgres", "--", *cmd],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        self._as_postgres(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options,
            "-l", str(self.folder / "log"), "-w", "-t", str(int(START_WAIT)), "start",
        )  # fmt: skip

    def postmaster_pid(self) -> int | None:
        try:
            return int((self.data / "postmaster.pid").read_text().split("\n", 1)[0])
        except (OSError, ValueError):
            return None

    def _children(self, pid: int) -> list[int]:
        found = []
        for stat in glob.glob("/proc/[0-9]*/stat"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                if int(Path(stat).read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(stat.split("/")[2]))
        return found

    def crash(self, how: str) -> None:
        pid = self.postmaster_pid()
        if pid is None:
            return
        if how == "immediate":
            self._as_postgres(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                              "-w", "stop")  # fmt: skip
            return
        doomed = [pid, *self._children(pid)]
        for p in doomed:
            with contextlib.suppress(ProcessLookupError):
                os.kill(p, signal.SIGKILL)
        deadline = time.monotonic() + START_WAIT
        while any(_alive(p) for p in doomed):
            if time.monotonic() > deadline:
                raise RuntimeError("PostgreSQL's processes did not die")
            time.sleep(0.01)
        # A dead postmaster nobody reaped yet (a zombie: this machine's init reaps late) still
        # answers kill(pid, 0), so PostgreSQL would take its lock files for a running server's.
        for lock in (self.data / "postmaster.pid", self.folder / f".s.PGSQL.{self.port}.lock"):
            lock.unlink(missing_ok=True)

    def close(self) -> None:
        if self.postmaster_pid() is not None:
            with contextlib.suppress(subprocess.CalledProcessError):
                self._as_postgres(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast",
                                  "-w", "stop")  # fmt: skip
        shutil.rmtree(self.folder, ignore_errors=True)
