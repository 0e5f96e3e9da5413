"""Where the games of a run are played: in this process, in a process pool, or on Ray.

The run is cut into chunks of consecutive game indices; every backend executes the same
``play.run_chunk`` on each chunk and the results are put back in game order, so the output does
not depend on the backend, the number of workers or the order in which chunks finish.

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


@dataclass(slots=True)
class RunOutcome:
    """Every chunk's results merged in game order, and how long the run took."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    games: list[dict[str, Any]] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    chunks: int = 0

    @property
    def games_per_second(self) -> float:
        return len(self.games) / self.seconds if self.seconds > 0 else 0.0


def plan_chunks(games: int, workers: int, chunk_size: int | None = None) -> list[tuple[int, int]]:
    """``[start, stop)`` ranges covering ``range(games)``; by default about four chunks per
    worker (so a slow chunk is not left running alone at the end), at most MAX_CHUNK games."""
    if chunk_size is None:
        chunk_size = max(1, min(MAX_CHUNK, math.ceil(games / (max(1, workers) * 4))))
    return [(a, min(games, a + chunk_size)) for a in range(0, games, chunk_size)]


def merge(results: list[ChunkResult], seconds: float) -> RunOutcome:
    out = RunOutcome(seconds=seconds, chunks=len(results))
    for r in sorted(results, key=lambda r: r.start):
        out.rows.extend(r.rows)
        out.games.extend(r.games)
        out.records.extend(r.records)
        out.errors.extend(r.errors)
    return out


def _run_in_process(
    config: SimConfig, chunks: list[tuple[int, int]], advance: Advance
) -> list[ChunkResult]:
    results = []
    for a, b in chunks:
        results.append(run_chunk(config, a, b))
        advance(b - a)
    return results


def _run_pool(
    config: SimConfig, chunks: list[tuple[int, int]], workers: int, advance: Advance
) -> list[ChunkResult]:
    context = multiprocessing.get_context("spawn")
    results = []
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
                    results.append(future.result())
                except Exception as exc:
                    for other in pending:
                        other.cancel()
                    raise SimRunError(f"games {a}-{b - 1} could not be played: {exc!r}") from exc
                advance(b - a)
    return results


def _run_ray(
    config: SimConfig,
    chunks: list[tuple[int, int]],
    workers: int,
    address: str | None,
    advance: Advance,
) -> list[ChunkResult]:
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
        results = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                a, b = refs[ref]
                try:
                    results.append(ray.get(ref))
                except Exception as exc:
                    for other in pending:
                        ray.cancel(other)
                    raise SimRunError(f"games {a}-{b - 1} could not be played: {exc!r}") from exc
                advance(b - a)
        return results
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
) -> RunOutcome:
    """Play every game of ``config``; ``advance(n)`` is called as ``n`` more games finish."""
    if backend not in BACKENDS:
        raise SimRunError(f"unknown backend {backend!r}; use {' or '.join(BACKENDS)}")
    if workers < 1:
        raise SimRunError("--workers must be at least 1")
    chunks = plan_chunks(config.games, workers, chunk_size)
    step = advance or (lambda n: None)
    began = time.perf_counter()
    if backend == "ray":
        results = _run_ray(config, chunks, workers, address, step)
    elif workers == 1:
        results = _run_in_process(config, chunks, step)
    else:
        results = _run_pool(config, chunks, workers, step)
    return merge(results, time.perf_counter() - began)


class _RateColumn(ProgressColumn):
    """Games per second so far (rich's own speed column is for bytes)."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:.1f} games/s", style="progress.data.speed")


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
