"""Tests of ``iridescia report``: one self-contained page with every section, figure and table,
for ordinary, solo and CSV runs; and the statistics behind it."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from iridescia.cli import main
from iridescia.sim.games.iridescia_report import item_lines
from iridescia.sim.output import load_run
from iridescia.sim.report import sections_of
from iridescia.sim.stats import Rate, wilson


def simulate(out: Path, *args: str) -> None:
    argv = ["simulate", "--quiet", "--out", str(out), *args]
    assert main(argv, console=Console(file=io.StringIO())) == 0


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("runs")
    simulate(base / "three", "--games", "20", "--players", "3", "--seed", "2")
    simulate(base / "solo", "--games", "8", "--players", "1", "--format", "csv")
    return {"three": base / "three", "solo": base / "solo"}


def report(directory: Path, *extra: str) -> str:
    out = io.StringIO()
    assert main(["report", str(directory), *extra], console=Console(file=out)) == 0
    assert "report written to" in out.getvalue()
    target = Path(extra[-1]) if extra else directory / "report.html"
    return target.read_text(encoding="utf-8")


def check_page(page: str, directory: Path) -> None:
    sections = sections_of(load_run(directory))
    assert page.startswith("<!DOCTYPE html>")
    for anchor, title in sections:
        assert f'<section id="{anchor}">' in page
        assert f'href="#{anchor}"' in page
        assert f"<h2>{title}</h2>" in page
    assert page.count("<img") == len(sections)
    assert page.count('<img src="data:image/png;base64,') == len(sections)
    # Self-contained: no file or network reference besides the embedded images.
    assert not re.search(r'(src|href)="(?!data:|#)', page)
    # A table per section, the metadata table and the rules parameters.
    assert page.count("<table") >= len(sections) + 2


def test_report_has_every_section_figure_and_table(runs: dict[str, Path]) -> None:
    page = report(runs["three"])
    check_page(page, runs["three"])
    anchors = [a for a, _ in sections_of(load_run(runs["three"]))]
    assert anchors == [
        "win-by-seat", "win-by-bot", "score-by-seat", "game-length", "score-by-source",
        "items", "relics", "objectives", "market", "first-player",
    ]  # fmt: skip
    assert 'class="notice"' not in page and "<figcaption" not in page  # no notice here
    assert "simulate --quiet" in page  # the command line in the metadata
    assert "Glimmering Gold" in page and "cauldron" in page  # objectives and items by name
    seat_table = page.split('id="win-by-seat"')[1].split("</section>")[0]
    assert seat_table.count("<tr>") == 1 + 3  # the header and one line per turn position


def test_solo_report_from_csv_keeps_the_rhom_apart(runs: dict[str, Path], tmp_path: Path) -> None:
    page = report(runs["solo"], "--out", str(tmp_path / "solo.html"))
    check_page(page, runs["solo"])
    seat_table = page.split('id="win-by-seat"')[1].split("</section>")[0]
    assert "<td>Rhom</td>" in seat_table and "<td>1</td>" not in seat_table


def test_wilson_interval() -> None:
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.161, abs=1e-3)
    lo, hi = wilson(10, 20)
    assert (lo, hi) == pytest.approx((0.299, 0.701), abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert Rate(3, 4).text().startswith("75.0% [")


def test_item_lines_split_win_rates_by_purchase() -> None:
    def row(bought: int, won: bool) -> dict[str, object]:
        return {"is_rhom": False, "bought_axe": bought, "used_axe": 0, "winner": won}

    rows = [row(1, True), row(2, True), row(0, False), row(0, True)]
    (line,) = item_lines(rows, ["axe"])
    assert (line.bought.k, line.bought.n) == (2, 4)
    assert (line.win_bought.k, line.win_bought.n) == (2, 2)
    assert (line.win_not_bought.k, line.win_not_bought.n) == (1, 2)
