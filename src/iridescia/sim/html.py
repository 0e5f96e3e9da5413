"""Building blocks of the self-contained HTML pages: figures as embedded PNG, tables, sections.

Figures are drawn with matplotlib's object API (``Figure`` + the Agg canvas), never ``pyplot``:
no global figure state, no GUI backend to select, nothing left open between plots. Each figure
becomes a ``data:image/png;base64`` URI, so a page is one file that can be mailed or archived.
Every value put into the page is escaped.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Iterable, Sequence
from typing import Any

from matplotlib.figure import Figure

GEM_COLOURS = {
    "amethyst": "#8e44ad",
    "citrine": "#d4a017",
    "emerald": "#1e8449",
    "sapphire": "#1f4e9c",
}
PALETTE = (
    "#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3",
    "#937860", "#da8bc3", "#8c8c8c", "#ccb974", "#64b5cd", "#2f4b7c", "#a05195",
)  # fmt: skip

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: right; }
th { background: #f3f3f3; } td:first-child, th:first-child { text-align: left; }
img { max-width: 100%; } .note { color: #555; font-size: 0.9em; }
code { background: #f5f5f5; padding: 0 3px; }
"""


def new_figure(width: float = 8.0, height: float = 4.0) -> Figure:
    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def figure_uri(fig: Figure) -> str:
    """The figure as a PNG data URI (no file on disk; metadata left out for stable bytes)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def img(fig: Figure, alt: str) -> str:
    return f'<img src="{figure_uri(fig)}" alt="{html.escape(alt)}">'


def cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    return html.escape("" if value is None else str(value))


def table(headers: Sequence[str], rows: Iterable[Sequence[Any]], css_class: str = "") -> str:
    """An HTML table; floats are shown with two decimals."""
    cls = f' class="{html.escape(css_class)}"' if css_class else ""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{cell(v)}</td>" for v in r) + "</tr>" for r in rows)
    return f"<table{cls}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def section(anchor: str, title: str, *parts: str, note: str = "") -> str:
    """A titled section with an id (the report's table of contents links to it)."""
    text = f'<p class="note">{html.escape(note)}</p>' if note else ""
    body = "\n".join(parts)
    head = f'<section id="{html.escape(anchor)}">\n<h2>{html.escape(title)}</h2>'
    return f"{head}\n{text}{body}\n</section>"


def page(title: str, header: str, sections: Sequence[tuple[str, str, str]]) -> str:
    """A whole page: ``sections`` are (anchor, title, html) in order, listed in a contents box."""
    toc = "".join(
        f'<li><a href="#{html.escape(a)}">{html.escape(t)}</a></li>' for a, t, _ in sections
    )
    body = "\n".join(s for _, _, s in sections)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        f"<h1>{html.escape(title)}</h1>\n{header}\n<nav><ul>{toc}</ul></nav>\n{body}\n"
        "</body>\n</html>\n"
    )


def error_bars(rates: Sequence[tuple[float, float, float]]) -> list[list[float]]:
    """matplotlib's [below, above] error lengths for (p, lo, hi); clipped at 0 because float
    rounding can put a Wilson bound a hair past p when p is 0 or 1."""
    return [[max(0.0, p - lo) for p, lo, _ in rates], [max(0.0, hi - p) for p, _, hi in rates]]


def rate_bars(
    fig: Figure,
    labels: Sequence[str],
    rates: Sequence[tuple[float, float, float]],
    *,
    title: str,
    xlabel: str,
    reference: float | None = None,
) -> None:
    """Bars of rates (p, lo, hi) with their confidence intervals as error bars."""
    ax = fig.add_subplot()
    xs = range(len(labels))
    ps = [p for p, _, _ in rates]
    err = error_bars(rates)
    colours = [PALETTE[i % len(PALETTE)] for i in xs]
    ax.bar(xs, ps, color=colours, yerr=err, capsize=4)
    ax.set_xticks(list(xs), labels=list(labels), rotation=30 if len(labels) > 6 else 0)
    if reference is not None:
        ax.axhline(reference, color="#555", linestyle="--", linewidth=1, label="even share")
        ax.legend(loc="upper right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("rate (95% Wilson interval)")
    ax.set_xlabel(xlabel)
    ax.set_title(title)


def no_data(fig: Figure, message: str) -> None:
    """A figure that says there is nothing to plot (every section keeps its figure)."""
    ax = fig.add_subplot()
    ax.text(0.5, 0.5, message, ha="center", va="center", fontsize=12, color="#555")
    ax.set_axis_off()
