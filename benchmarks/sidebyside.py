"""Run one benchmark under two builds of the code, alternating, and print the ratios.

This machine is shared and noisy, so a figure only means something next to another taken in
the same run. ``compare`` runs a benchmark module's ``--worker`` mode (which prints its figures
as JSON) once per round for each source tree (``PYTHONPATH=<src>``), alternating A B A B, and
keeps the median of each figure. The ratio A/B is printed so that "bigger is better" figures
read as speed-ups (and "smaller is better" ones, marked ``µs``, are inverted).

Results are also compared with the figures stored by the last ``--save`` (``results/<name>.json``,
with the date and machine): the ratio to the previous figures makes a regression show at once.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

RESULTS = Path(__file__).parent / "results"
ROOT = Path(__file__).resolve().parents[1]


def lower_is_better(name: str) -> bool:
    return "µs" in name or name.endswith(" s") or "seconds" in name


def run_worker(module: str, src: str, args: Sequence[str], cpu: int | None) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=src)
    cmd = [sys.executable, "-m", module, "--worker", *args]
    if cpu is not None:
        cmd = ["taskset", "-c", str(cpu), *cmd]
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{module} under {src} failed:\n{out.stderr[-3000:]}")
    figures: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


def ratio(name: str, a: float, b: float) -> float:
    if a == 0 or b == 0:
        return float("nan")
    return b / a if lower_is_better(name) else a / b


def compare(
    module: str,
    args: Sequence[str],
    *,
    against: str | None,
    rounds: int,
    cpu: int | None,
    save: bool,
    label: str,
    extra: dict[str, dict[str, float]] | None = None,
) -> dict[str, float]:
    """Run ``module`` on this checkout (and on ``against``), print the table, maybe save."""
    here = str(ROOT / "src")
    mine: list[dict[str, float]] = []
    theirs: list[dict[str, float]] = []
    for _ in range(rounds):
        mine.append(run_worker(module, here, args, cpu))
        if against:
            theirs.append(run_worker(module, against, args, cpu))
    now = medians(mine)
    other = medians(theirs) if theirs else None
    stored_path = RESULTS / f"{label}.json"
    stored = json.loads(stored_path.read_text())["figures"] if stored_path.exists() else None
    print(f"# {label}: {platform.python_version()} on {platform.machine()}, "
          f"{rounds} round(s), median, {time.strftime('%Y-%m-%d %H:%M')}")  # fmt: skip
    head = ["measure", "this"]
    if other is not None:
        head += [f"against {against}", "× (this vs that)"]
    if stored is not None:
        head += ["stored", "× (this vs stored)"]
    print("| " + " | ".join(head) + " |")
    print("|" + " --- |" * len(head))
    for name, value in now.items():
        row = [name, _fmt(value)]
        if other is not None:
            row += [_fmt(other[name]), f"{ratio(name, value, other[name]):.2f}"]
        if stored is not None and name in stored:
            row += [_fmt(stored[name]), f"{ratio(name, value, stored[name]):.2f}"]
        elif stored is not None:
            row += ["", ""]
        print("| " + " | ".join(row) + " |")
    for title, figures in (extra or {}).items():
        print(f"\n{title}: " + ", ".join(f"{k} {_fmt(v)}" for k, v in figures.items()))
    if save:
        RESULTS.mkdir(exist_ok=True)
        stored_path.write_text(
            json.dumps(
                {
                    "date": time.strftime("%Y-%m-%d"),
                    "machine": f"{platform.machine()} {platform.processor()}".strip(),
                    "python": platform.python_version(),
                    "args": list(args),
                    "figures": now,
                },
                indent=1,
            )
            + "\n"
        )
        print(f"\nsaved to {stored_path.relative_to(ROOT)}")
    return now


def _fmt(v: float) -> str:
    return f"{v:,.0f}" if abs(v) >= 100 else f"{v:.2f}"
