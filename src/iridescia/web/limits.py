"""What one client may open, send and create, and which pages may talk to the server.

A client is known by its address (``request.client.host``; behind a reverse proxy uvicorn takes
it from ``X-Forwarded-For`` when the proxy's address is in ``FORWARDED_ALLOW_IPS``, see
docs/web.md). Per address the server counts:

- open WebSocket connections (``max_address_connections``): opening more sockets must not buy a
  client more of anything;
- messages over all its connections together (a token bucket, ``address_msg_rate`` /
  ``address_msg_burst``), on top of each connection's own bucket, so that many sockets do not
  multiply the per-connection rate;
- tables created and seats joined (buckets of their own).

Buckets of addresses gone quiet are dropped once there are many (``PRUNE_AT``), so a flood of
addresses cannot grow the server's memory without bound.

``origin_allowed`` is the check a browser's cross-site request cannot pass: a page of another
site must not open a WebSocket to a table (it would play with the visitor's stored seat) nor
post to the API. ``read_body`` reads a request body while counting its bytes, refusing it as
soon as it exceeds the limit (before reading it all: one 100 MB post used to grow the server
from 43 to 238 MB).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.requests import Request

from iridescia.web.protocol import ProtocolError, RateLimiter

PRUNE_AT = 10_000  # buckets kept before the idle ones are dropped
MAX_LENGTH_DIGITS = 15  # a Content-Length longer than this is nonsense


@dataclass(frozen=True, slots=True)
class Rate:
    """A token bucket's sustained rate (per second) and burst."""

    rate: float
    burst: float


class AddressLimits:
    """Connections and token buckets per client address (see the module docstring)."""

    def __init__(self, rates: Mapping[str, Rate], max_connections: int) -> None:
        self.rates = dict(rates)  # by kind: "create", "join", "message"
        self.max_connections = max_connections
        self._buckets: dict[tuple[str, str], RateLimiter] = {}
        self._connections: dict[str, int] = {}

    def bucket(self, kind: str, address: str) -> RateLimiter:
        """The bucket of ``kind`` for ``address`` (shared by all its connections)."""
        key = (kind, address)
        limiter = self._buckets.get(key)
        if limiter is None:
            if len(self._buckets) >= PRUNE_AT:
                self._prune()
            rate = self.rates[kind]
            limiter = self._buckets[key] = RateLimiter(rate.rate, rate.burst)
        return limiter

    def allow(self, kind: str, address: str) -> bool:
        """Whether ``address`` may do one more ``kind`` now (and count it)."""
        return self.bucket(kind, address).allow()

    def _prune(self) -> None:
        for key in [k for k, b in self._buckets.items() if b.idle()]:
            del self._buckets[key]

    def connect(self, address: str) -> bool:
        """Count a new connection of ``address``; False (not counted) when it has too many."""
        n = self._connections.get(address, 0)
        if n >= self.max_connections:
            return False
        self._connections[address] = n + 1
        return True

    def disconnect(self, address: str) -> None:
        n = self._connections.get(address, 0) - 1
        if n > 0:
            self._connections[address] = n
        else:
            self._connections.pop(address, None)

    def connections(self, address: str) -> int:
        return self._connections.get(address, 0)


def client_address(scope_client: tuple[str, int] | None) -> str:
    """The address a request or connection came from ("?" when the server does not know)."""
    return scope_client[0] if scope_client else "?"


def _origin_of(url: str) -> tuple[str, str] | None:
    """(scheme, host[:port]) of an origin or URL, lower-cased; None if it is not one."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if not parts.scheme or not parts.netloc:
        return None
    return parts.scheme.lower(), parts.netloc.lower()


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a request with this ``Origin`` header may use the server reached as ``host``
    (its ``Host`` header). No ``Origin``: not a browser's cross-site request (command-line
    clients, the tests), allowed. Otherwise the origin's host must be the server's own, or the
    origin one of ``allowed`` (``*``: any)."""
    if origin is None:
        return True
    if "*" in allowed:
        return True
    seen = _origin_of(origin)
    if seen is None:
        return False  # "null" (a sandboxed frame, a file) or garbage
    if host is not None and seen[1] == host.lower():
        return True
    return any(_origin_of(a) == seen for a in allowed)


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body, read as it streams in and refused (ProtocolError ``too_large``)
    once it exceeds ``limit`` bytes, or at once when its ``Content-Length`` says it will."""
    length = request.headers.get("content-length")
    if length is not None:
        text = length.strip()
        if not text.isdigit() or not text.isascii() or len(text) > MAX_LENGTH_DIGITS:
            raise ProtocolError("bad_request", "Content-Length must be a number of bytes")
        if int(text) > limit:
            raise ProtocolError("too_large", f"request bodies are limited to {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ProtocolError("too_large", f"request bodies are limited to {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)
