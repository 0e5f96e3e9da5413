"""The web server's settings, each declared once: its name, default, command-line option and
meaning.

``ServeOptions`` holds them; ``add_options`` puts them on an ``argparse`` parser (``iridescia
serve`` and ``python -m iridescia.web.server`` read the same ones; the few marked ``tests``
only the latter) and ``from_args`` reads them back, refusing values out of range with a message
that says what was expected. docs/web.md lists every setting with its default
(``test_web_faults`` checks the table against this module). Nothing here imports the server's
dependencies, so the command line can describe ``serve`` without them.

Every limit has a safe default: a server started with no option resists floods (messages,
connections, joins, table creation, large or deep bodies) and keeps itself tidy (finished
tables leave memory; abandoned ones are deleted after a week).
"""

from __future__ import annotations

import argparse
import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

DEFAULT_DB = "iridescia-web.sqlite3"
DEFAULT_REDIS_PREFIX = "iridescia"
_PREFIX = re.compile(r"^[A-Za-z0-9:_-]{1,64}$")


def _opt(help_text: str, metavar: str | None = None, *, tests: bool = False) -> Any:
    """A setting's metadata: its help text; ``tests``: offered by ``python -m
    iridescia.web.server`` only (for tests and benchmarks)."""
    return {"help": help_text, "tests": tests, "metavar": metavar}


@dataclass(frozen=True, slots=True)
class ServeOptions:
    """Everything a server process is started with (the defaults are the safe ones)."""

    host: str = field(default="127.0.0.1", metadata=_opt("address to listen on"))
    port: int = field(default=8000, metadata=_opt("port to listen on (0: any free port)"))
    db: str = field(
        default=DEFAULT_DB,
        metadata=_opt("SQLite file, or postgresql://user@host/db[?schema=name]", metavar="URL"),
    )
    redis: str | None = field(
        default=None,
        metadata=_opt("redis://host:port: share live games between server processes", "URL"),
    )
    redis_prefix: str = field(
        default=DEFAULT_REDIS_PREFIX,
        metadata=_opt("prefix of this installation's Redis keys (one per installation)"),
    )
    bot_delay: float = field(
        default=0.8, metadata=_opt("seconds before each bot action", metavar="SECONDS")
    )
    step_delay: float = field(
        default=0.5,
        metadata=_opt(
            "the pace of automa and bot steps (0.5 plays the catalogue's pauses as declared; "
            "0 sends them at once)",
            metavar="SECONDS",
        ),
    )
    allow_seed: bool = field(default=False, metadata=_opt("let a request fix the seed", tests=True))
    create_rate: float = field(
        default=1.0, metadata=_opt("tables created per second per client address")
    )
    create_burst: float = field(default=30.0, metadata=_opt("tables created at once per address"))
    join_rate: float = field(default=1.0, metadata=_opt("seat joins per second per address"))
    join_burst: float = field(default=10.0, metadata=_opt("seat joins at once per address"))
    msg_rate: float = field(
        default=10.0, metadata=_opt("WebSocket messages per second per connection")
    )
    msg_burst: float = field(default=30.0, metadata=_opt("messages at once per connection"))
    address_msg_rate: float = field(
        default=30.0,
        metadata=_opt("WebSocket messages per second per address, all its connections together"),
    )
    address_msg_burst: float = field(
        default=90.0, metadata=_opt("messages at once per address, all its connections together")
    )
    max_body: int = field(
        default=16 * 1024, metadata=_opt("largest request body in bytes (413 beyond)")
    )
    max_spectators: int = field(default=200, metadata=_opt("spectator connections per table"))
    max_seat_connections: int = field(
        default=8, metadata=_opt("connections per seat of a table (tabs, devices)")
    )
    max_address_connections: int = field(
        default=32, metadata=_opt("open WebSocket connections per client address")
    )
    allowed_origins: tuple[str, ...] = field(
        default=(),
        metadata=_opt(
            "comma-separated origins (https://host[:port]) whose pages may open WebSockets and "
            "post, besides the server's own host; * allows any",
            metavar="ORIGINS",
        ),
    )
    evict_after: float = field(
        default=60.0,
        metadata=_opt(
            "seconds a finished table with no connection stays in memory", metavar="SECONDS"
        ),
    )
    expire_after: float = field(
        default=7 * 24 * 3600.0,
        metadata=_opt(
            "seconds after which an unfinished table nobody acted at or watched is deleted "
            "(0: never)",
            metavar="SECONDS",
        ),
    )
    sweep_every: float = field(
        default=300.0,
        metadata=_opt("seconds between two sweeps for abandoned tables", metavar="SECONDS"),
    )
    resync_every: float = field(
        default=15.0,
        metadata=_opt(
            "with Redis: seconds between two checks of every loaded table against the database "
            "(catches any change whose notice was lost)",
            metavar="SECONDS",
        ),
    )
    db_timeout: float = field(
        default=10.0,
        metadata=_opt("seconds a PostgreSQL statement may take before it fails", "SECONDS"),
    )
    grace: float = field(
        default=60.0,
        metadata=_opt(
            "seconds a player may be disconnected before they count as away (a bot may then "
            "play for them, as their table says)",
            "SECONDS",
        ),
    )
    chat_rate: float = field(default=0.5, metadata=_opt("chat lines per second per address"))
    chat_burst: float = field(default=5.0, metadata=_opt("chat lines at once per address"))
    access_log: str = field(
        default="-",
        metadata=_opt(
            "where the access and event log goes (JSON lines): - (standard error), a file, or none",
            "PATH",
        ),
    )
    forwarded_allow_ips: str = field(
        default="127.0.0.1",
        metadata=_opt(
            "comma-separated addresses of the reverse proxies whose X-Forwarded-For and "
            "X-Forwarded-Proto are believed (* any)",
            "ADDRESSES",
        ),
    )


# Settings that must be at least this (the others: not negative).
_MINIMUM: dict[str, float] = {
    "create_rate": 1e-6, "create_burst": 1, "join_rate": 1e-6, "join_burst": 1,
    "msg_rate": 1e-6, "msg_burst": 1, "address_msg_rate": 1e-6, "address_msg_burst": 1,
    "max_body": 64, "max_spectators": 0, "max_seat_connections": 1,
    "max_address_connections": 1, "sweep_every": 0.01, "resync_every": 0.01, "db_timeout": 0.1,
    "grace": 1, "chat_rate": 1e-6, "chat_burst": 1,
}  # fmt: skip


def settings() -> list[dataclasses.Field[Any]]:
    """Every setting, in order."""
    return list(dataclasses.fields(ServeOptions))


def flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _origins(text: str) -> tuple[str, ...]:
    return tuple(o.strip().rstrip("/") for o in text.split(",") if o.strip())


def add_options(parser: argparse.ArgumentParser, *, tests: bool = False) -> None:
    """Add every setting to ``parser`` (the ``tests`` ones too when ``tests``)."""
    defaults = ServeOptions()
    for f in settings():
        meta = f.metadata
        if meta["tests"] and not tests:
            continue
        default = getattr(defaults, f.name)
        help_text = f"{meta['help']} (default: {_shown(default)})"
        if f.type in (bool, "bool"):
            parser.add_argument(flag(f.name), action="store_true", help=meta["help"])
            continue
        kind: Any = {"int": int, "float": float, "tuple[str, ...]": _origins}.get(str(f.type), str)
        metavar = meta["metavar"] or ("N" if kind in (int, float) else None)
        parser.add_argument(
            flag(f.name), type=kind, default=default, metavar=metavar, help=help_text
        )


def _shown(value: Any) -> str:
    if isinstance(value, tuple):
        return ",".join(value) or "none"
    return "none" if value is None else str(value)


def from_args(parser: argparse.ArgumentParser, args: argparse.Namespace) -> ServeOptions:
    """The settings ``parser`` read into ``args`` (absent ones keep their defaults); a value out
    of range ends the program through ``parser.error`` with what was expected."""
    values = {f.name: getattr(args, f.name) for f in settings() if hasattr(args, f.name)}
    for name, value in values.items():
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        least = _MINIMUM.get(name, 0)
        if value < least:
            parser.error(f"{flag(name)} must be at least {least:g}, not {value:g}")
    if not 0 <= values.get("port", 0) <= 65535:
        parser.error("--port is 0 to 65535")
    prefix = values.get("redis_prefix", DEFAULT_REDIS_PREFIX)
    if not _PREFIX.match(prefix):
        parser.error("--redis-prefix is 1 to 64 ASCII letters, digits, '_', '-' or ':'")
    return ServeOptions(**values)


def default_documentation() -> list[tuple[str, str, str]]:
    """(option, default, meaning) of every setting, as docs/web.md lists them."""
    defaults = ServeOptions()
    return [
        (flag(f.name), _shown(getattr(defaults, f.name)), f.metadata["help"]) for f in settings()
    ]
