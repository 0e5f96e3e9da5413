"""Building blocks of the self-contained HTML pages: figures as embedded PNG, tables, sections.

Figures are drawn with matplotlib's object API (``Figure`` + the Agg canvas), never ``pyplot``:
no global figure state, no GUI backend to select, nothing left open between plots. Each figure
becomes a ``data:image/png;base64`` URI, so a page is one file that can be mailed or archived.
Every value put into the page is escaped.

A game with a notice (provisional component data) has it on every figure: ``Stamp.label`` is
drawn into the image itself (so a figure copied out of the page keeps it) and ``Stamp.caption``
is the figure's caption in the page.
"""

from __future__ import annotations

import base64
import html
import io
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure

PALETTE = (
    "#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3",
    "#937860", "#da8bc3", "#8c8c8c", "#ccb974", "#64b5cd", "#2f4b7c", "#a05195",
)  # fmt: skip
NOTICE_COLOUR = "#9a5b00"

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222;
       padding: 0 1em; line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } .subtitle { color: #555; margin-top: 0; }
h2 { margin-top: 2em; border-bottom: 1px solid #ccc; padding-bottom: 0.2em; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: right; }
th { background: #f3f3f3; } td:first-child, th:first-child, td.text { text-align: left; }
table.meta td { text-align: left; } table.meta td:first-child { color: #555; white-space: nowrap; }
img { max-width: 100%; } .note { color: #555; font-size: 0.9em; }
figure { margin: 0.8em 0; } figcaption { font-size: 0.85em; color: #9a5b00; }
.notice { border: 1px solid #e0b060; background: #fff6e0; color: #5c3c00; padding: 0.6em 1em;
          border-radius: 4px; margin: 1em 0; }
nav ul { columns: 2; padding-left: 1.2em; } details { margin: 0.5em 0; }
code { background: #f5f5f5; padding: 0 3px; }
"""


@dataclass(frozen=True, slots=True)
class Stamp:
    """What every figure of a page carries: a short label in the image, a caption under it."""

    label: str = ""
    caption: str = ""


NO_STAMP = Stamp()


def game_stamp(title: str, notice: str | None, data_set: str) -> Stamp:
    """The stamp of a game's figures: none without a notice; else the notice's label (its
    words before the first colon, e.g. "Provisional components") with the data set in the
    image, and the whole notice with the data set as the caption."""
    if not notice:
        return NO_STAMP
    head, colon, _ = notice.partition(":")
    label = head if colon and len(head) <= 40 else "Notice"
    return Stamp(f"{title} · {label} · data set {data_set}", f"{notice} Data set: {data_set}.")


def new_figure(width: float = 8.0, height: float = 4.0) -> Figure:
    # matplotlib is an optional dependency (the "sim" extra): imported when a figure is drawn.
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def figure_uri(fig: Figure) -> str:
    """The figure as a PNG data URI (no file on disk; metadata left out for stable bytes)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def img(fig: Figure, alt: str, stamp: Stamp = NO_STAMP) -> str:
    """The figure as an ``<img>``; with a stamp, its label drawn under the plot and its caption
    under the image."""
    if stamp.label:
        fig.supxlabel(stamp.label, fontsize=8, color=NOTICE_COLOUR)
    tag = f'<img src="{figure_uri(fig)}" alt="{html.escape(alt)}">'
    if not stamp.caption:
        return tag
    return f"<figure>{tag}<figcaption>{html.escape(stamp.caption)}</figcaption></figure>"


def cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    return html.escape("" if value is None else str(value))


_NUMBER = re.compile(r"^[-+]?[\d.]+%?( \[.*\])?$|^-$")


def _td(value: Any, first: bool) -> str:
    """A cell: numbers (and rates with their interval) right-aligned, text left-aligned (the
    first column is always left-aligned)."""
    if not first and isinstance(value, str) and not _NUMBER.match(value):
        return f'<td class="text">{cell(value)}</td>'
    return f"<td>{cell(value)}</td>"


def table(headers: Sequence[str], rows: Iterable[Sequence[Any]], css_class: str = "") -> str:
    """An HTML table; floats are shown with two decimals."""
    cls = f' class="{html.escape(css_class)}"' if css_class else ""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(_td(v, i == 0) for i, v in enumerate(r)) + "</tr>" for r in rows
    )
    return f"<table{cls}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def facts(rows: Iterable[tuple[str, Any]]) -> str:
    """A two-column table of labelled facts (no header row)."""
    body = "".join(f"<tr><td>{html.escape(k)}</td><td>{cell(v)}</td></tr>" for k, v in rows)
    return f'<table class="meta"><tbody>{body}</tbody></table>'


def notice(text: str) -> str:
    return f'<p class="notice">{html.escape(text)}</p>' if text else ""


def section(anchor: str, title: str, *parts: str, note: str = "") -> str:
    """A titled section with an id (the report's table of contents links to it)."""
    text = f'<p class="note">{html.escape(note)}</p>' if note else ""
    body = "\n".join(parts)
    head = f'<section id="{html.escape(anchor)}">\n<h2>{html.escape(title)}</h2>'
    return f"{head}\n{text}{body}\n</section>"


def page(
    title: str, header: str, sections: Sequence[tuple[str, str, str]], subtitle: str = ""
) -> str:
    """A whole page: ``sections`` are (anchor, title, html) in order, listed in a contents box."""
    toc = "".join(
        f'<li><a href="#{html.escape(a)}">{html.escape(t)}</a></li>' for a, t, _ in sections
    )
    body = "\n".join(s for _, _, s in sections)
    sub = f'<p class="subtitle">{html.escape(subtitle)}</p>\n' if subtitle else ""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        f"<h1>{html.escape(title)}</h1>\n{sub}{header}\n<nav><ul>{toc}</ul></nav>\n{body}\n"
        "</body>\n</html>\n"
    )


def error_bars(rates: Sequence[tuple[float, float, float]]) -> list[list[float]]:
    """matplotlib's [below, above] error lengths for (p, lo, hi); clipped at 0 because float
    rounding can put a Wilson bound a hair past p when p is 0 or 1."""
    return [[max(0.0, p - lo) for p, lo, _ in rates], [max(0.0, hi - p) for p, _, hi in rates]]


def int_bins(values: Sequence[float], bins: int = 30) -> list[float] | int:
    """Histogram bins for whole numbers: edges between integers, each bin a whole number of
    values wide (about ``bins`` of them), so that no bin is empty just because of where the
    integers fall; one empty bin each side keeps a single value readable. Other values: 20
    bins."""
    if not values or any(v != int(v) for v in values):
        return 20
    low, high = int(min(values)), int(max(values))
    width = max(1, math.ceil((high - low + 1) / bins))
    return [low - 0.5 + width * k for k in range(-1, (high - low) // width + 3)]


def rate_labels(ax: Any, rates: Sequence[tuple[float, float, float]]) -> None:
    """Each bar's rate written above its interval (a 0% bar is otherwise invisible)."""
    for x, (p, _, hi) in enumerate(rates):
        ax.text(x, hi + 0.015, f"{p:.0%}", ha="center", va="bottom", fontsize=8, color="#333")


def rate_axis(ax: Any, bars: int) -> None:
    """A 0-1 rate axis with room above 1 for the labels; one or two bars keep a bar's width
    instead of filling the plot."""
    ax.set_ylim(0, 1.1)
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    if bars <= 2:
        ax.set_xlim(-1.5, bars + 0.5)


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
    ax.bar(xs, ps, color=colours, yerr=err, capsize=4, width=0.5 if len(labels) <= 2 else 0.8)
    if len(labels) <= 12:
        rate_labels(ax, rates)
    ax.set_xticks(list(xs), labels=list(labels), rotation=30 if len(labels) > 6 else 0)
    if reference is not None:
        ax.axhline(reference, color="#555", linestyle="--", linewidth=1, label="even share")
        ax.legend(loc="upper right")
    rate_axis(ax, len(labels))
    ax.set_ylabel("rate (95% Wilson interval)")
    ax.set_xlabel(xlabel)
    ax.set_title(title)


def no_data(fig: Figure, message: str) -> None:
    """A figure that says there is nothing to plot (every section keeps its figure)."""
    ax = fig.add_subplot()
    ax.text(0.5, 0.5, message, ha="center", va="center", fontsize=12, color="#555")
    ax.set_axis_off()
