"""Where the games of a run are played: in this process, in a process pool, or on Ray.

The run is cut into chunks of consecutive game indices; every backend executes the same
``play.run_chunk`` on each chunk and the results are handed on in game order (``InOrder``: a
chunk that finishes early waits for the ones before it), so the output does not depend on the
backend, the number of workers or the order in which chunks finish. ``run`` gives each chunk's
result to a sink as soon as it is in order (the command line writes it to the run directory
and lets it go), or, without a sink, collects every row in the ``RunOutcome`` it returns.

- ``local`` with 1 worker: in this process (no start-up cost; easiest to debug).
- ``local`` with K > 1 workers: ``concurrent.futures.ProcessPoolExecutor`` with the ``spawn``
  start method (the same on Linux, macOS and Windows; nothing is inherited from the parent but
  the config, which is pickled).
- ``ray``: every chunk is a Ray task. ``address`` joins a running cluster (``auto`` or
  ``ray://host:10001``); without it a local Ray instance with ``workers`` CPUs is started and
  shut down afterwards. When Ray is already initialised (a notebook, a test fixture) that
  session is used and left running. The cluster's nodes need ``iridescia`` installed.

A chunk that fails as a whole (a worker process killed, an unpicklable result) raises
``SimRunError``; a game that fails inside a chunk is an error entry of the result instead.
"""

from __future__ import annotations

import importlib
import logging
import math
import multiprocessing
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from iridescia.sim.config import SimConfig
from iridescia.sim.play import ChunkResult, run_chunk

BACKENDS = ("local", "ray")
MAX_CHUNK = 50  # games per chunk at most: progress moves and a slow chunk does not stall a run

Advance = Callable[[int], None]


class SimRunError(RuntimeError):
    """The run could not finish (not one game's error: those are reported per game)."""


Sink = Callable[[ChunkResult], None]


@dataclass(slots=True)
class RunOutcome:
    """A run's counts, errors and timing; its rows, games and records too when ``run`` had no
    sink to hand them to (every list in game order)."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    games: list[dict[str, Any]] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    played: int = 0  # games that finished (failed ones are in ``errors``)
    seconds: float = 0.0
    chunks: int = 0

    @property
    def games_per_second(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0

    def collect(self, result: ChunkResult) -> None:
        """A sink that keeps everything (``run`` without a sink of its own)."""
        self.rows.extend(result.rows)
        self.games.extend(result.games)
        self.records.extend(result.records)


class InOrder:
    """Passes chunk results on in game order, each as soon as every earlier one has come."""

    __slots__ = ("_next", "_pending", "_sinks", "_starts")

    def __init__(self, chunks: list[tuple[int, int]], *sinks: Sink) -> None:
        self._starts = [a for a, _ in chunks]
        self._next = 0
        self._pending: dict[int, ChunkResult] = {}
        self._sinks = sinks

    def __call__(self, result: ChunkResult) -> None:
        self._pending[result.start] = result
        while self._next < len(self._starts) and self._starts[self._next] in self._pending:
            ready = self._pending.pop(self._starts[self._next])
            self._next += 1
            for sink in self._sinks:
                sink(ready)


def plan_chunks(games: int, workers: int, chunk_size: int | None = None) -> list[tuple[int, int]]:
    """``[start, stop)`` ranges covering ``range(games)``; by default about four chunks per
    worker (so a slow chunk is not left running alone at the end), at most MAX_CHUNK games."""
    if chunk_size is None:
        chunk_size = max(1, min(MAX_CHUNK, math.ceil(games / (max(1, workers) * 4))))
    return [(a, min(games, a + chunk_size)) for a in range(0, games, chunk_size)]


def _run_in_process(
    config: SimConfig, chunks: list[tuple[int, int]], deliver: Sink, advance: Advance
) -> None:
    for a, b in chunks:
        deliver(run_chunk(config, a, b))
        advance(b - a)


def _run_pool(
    config: SimConfig, chunks: list[tuple[int, int]], workers: int, deliver: Sink, advance: Advance
) -> None:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures: dict[Future[ChunkResult], tuple[int, int]] = {
            pool.submit(run_chunk, config, a, b): (a, b) for a, b in chunks
        }
        pending = set(futures)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                a, b = futures[future]
                try:
                    result = future.result()
                except Exception as exc:
                    for other in pending:
                        other.cancel()
                    raise SimRunError(f"games {a}-{b - 1} could not be played: {exc!r}") from exc
                deliver(result)
                advance(b - a)


def _run_ray(
    config: SimConfig,
    chunks: list[tuple[int, int]],
    workers: int,
    address: str | None,
    deliver: Sink,
    advance: Advance,
) -> None:
    try:
        # Imported by name: Ray is an optional extra and its types are not checked here.
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise SimRunError(
            "the Ray backend needs Ray: python -m pip install 'iridescia[ray]'"
        ) from None
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, logging_level=logging.WARNING)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, logging_level=logging.WARNING)
    try:
        task = ray.remote(num_cpus=1, max_retries=0)(run_chunk)
        config_ref = ray.put(config)
        refs = {task.remote(config_ref, a, b): (a, b) for a, b in chunks}
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                a, b = refs[ref]
                try:
                    result = ray.get(ref)
                except Exception as exc:
                    for other in pending:
                        ray.cancel(other)
                    raise SimRunError(f"games {a}-{b - 1} could not be played: {exc!r}") from exc
                deliver(result)
                advance(b - a)
    finally:
        if started:
            ray.shutdown()


def run(
    config: SimConfig,
    *,
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
    chunk_size: int | None = None,
    advance: Advance | None = None,
    sink: Sink | None = None,
) -> RunOutcome:
    """Play every game of ``config``. Each chunk's result goes to ``sink`` in game order (or,
    without a sink, into the returned outcome); ``advance(n)`` is called as ``n`` more games
    finish, in whatever order they finish."""
    if backend not in BACKENDS:
        raise SimRunError(f"unknown backend {backend!r}; use {' or '.join(BACKENDS)}")
    if workers < 1:
        raise SimRunError("--workers must be at least 1")
    chunks = plan_chunks(config.games, workers, chunk_size)
    outcome = RunOutcome(chunks=len(chunks))

    def count(result: ChunkResult) -> None:
        outcome.played += len(result.games)
        outcome.errors.extend(result.errors)

    deliver = InOrder(chunks, count, sink or outcome.collect)
    step = advance or (lambda n: None)
    began = time.perf_counter()
    if backend == "ray":
        _run_ray(config, chunks, workers, address, deliver, step)
    elif workers == 1:
        _run_in_process(config, chunks, deliver, step)
    else:
        _run_pool(config, chunks, workers, deliver, step)
    outcome.seconds = time.perf_counter() - began
    return outcome


def rate_text(games: float, seconds: float) -> str:
    """How fast games go, readable at any speed: ``850 games/s``, ``2.4 games/s``, or, under
    one game a second (search bots), ``12.5 s/game`` rather than ``0.0 games/s``."""
    if games <= 0 or seconds <= 0:
        return "-"
    rate = games / seconds
    if rate >= 10:
        return f"{rate:.0f} games/s"
    if rate >= 1:
        return f"{rate:.1f} games/s"
    return f"{seconds / games:.1f} s/game"


class _RateColumn(ProgressColumn):
    """Games per second so far (rich's own speed column is for bytes)."""

    def render(self, task: Task) -> Text:
        return Text(rate_text(task.completed, task.elapsed or 0.0), style="progress.data.speed")


@contextmanager
def progress_bar(total: int, console: Console, enabled: bool, label: str) -> Iterator[Advance]:
    """A progress bar (games done, games/s, ETA) on ``console``; a no-op when not enabled."""
    if not enabled:
        yield lambda n: None
        return
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(label, total=total)
        yield lambda n: progress.advance(task, n)
