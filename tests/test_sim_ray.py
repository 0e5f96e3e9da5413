"""The Ray backend plays the very same chunks as the local one: byte-identical results files.

A local Ray instance (2 CPUs, no dashboard) is started once for this module; ``simulate`` finds
Ray already initialised, uses it and leaves it running, and the fixture shuts it down. Ray is
part of the test extra, so this module is never skipped.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray
from rich.console import Console

from iridescia.cli import main
from iridescia.sim.backends import run
from iridescia.sim.config import SimConfig


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def simulate(out: Path, *args: str) -> None:
    argv = ["simulate", "--quiet", "--out", str(out), *args]
    assert main(argv, console=Console(file=io.StringIO())) == 0


@pytest.mark.usefixtures("local_ray")
def test_ray_and_local_write_identical_files(tmp_path: Path) -> None:
    common = ["--games", "10", "--players", "4", "--seed", "21", "--records", "--format", "csv"]
    simulate(tmp_path / "local", *common, "--workers", "1")
    simulate(tmp_path / "ray", *common, "--backend", "ray", "--workers", "2")
    for name in ("results.csv", "games.jsonl", "records.jsonl"):
        assert (tmp_path / "local" / name).read_bytes() == (tmp_path / "ray" / name).read_bytes()
    assert ray.is_initialized()  # a session the command did not start is left running


@pytest.mark.usefixtures("local_ray")
@pytest.mark.parametrize("mode", ["crisis", "rush"])
def test_gem_rush_on_ray_writes_the_local_files(tmp_path: Path, mode: str) -> None:
    """Gem Rush's plug-in folds every game's events into its statistics: the same bytes."""
    common = ["--game", "gem-rush", "--mode", mode, "--players", "3", "--games", "8"]
    common += ["--seed", "5", "--records"]
    simulate(tmp_path / "local", *common, "--workers", "1")
    simulate(tmp_path / "ray", *common, "--backend", "ray", "--workers", "2")
    for name in ("results.jsonl", "games.jsonl", "records.jsonl"):
        assert (tmp_path / "local" / name).read_bytes() == (tmp_path / "ray" / name).read_bytes()


@pytest.mark.usefixtures("local_ray")
def test_ray_chunks_come_back_in_game_order() -> None:
    table = (("random", "random"),)
    config = SimConfig(games=7, players=2, tables=table, seed=2, options=(("rhom", True),))
    outcome = run(config, backend="ray", workers=2, chunk_size=2)
    assert outcome.chunks == 4 and not outcome.errors
    assert [g["game"] for g in outcome.games] == list(range(7))
    assert outcome.rows == run(config, chunk_size=3).rows
