"""Static charts and tables (SVG and HTML) for tournament results.

They are plain strings with no scripts, so they survive in a saved notebook and render on GitHub
and nbviewer (the live chart, :mod:`.live`, needs a running kernel).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .compare import Comparison
    from .records import Results

BAR = "#2e7d4f"
CEILING = "#8a6d1f"
WHISKER = "#1b1b1b"
GRID = "#d0d0c8"
TEXT = "#1b1b1b"
FONT = "font-family='system-ui, sans-serif'"


class Lane(NamedTuple):
    """One bar of a win-rate chart."""

    name: str
    wins: int
    n: int
    low: float
    high: float
    ceiling: bool = False


def lanes_of(results: Sequence[Results]) -> list[Lane]:
    return [Lane(r.name, r.wins, r.n, *r.ci, ceiling=r.kind == "solver") for r in results]


def win_rate_svg(lanes: Sequence[Lane], *, title: str = "Win rate (95% Wilson interval)", width: int = 560) -> str:
    """Horizontal bars, one per lane, with the confidence interval as a whisker."""
    label_w, right = 150, 110
    row_h, top = 30, 34
    plot_w = width - label_w - right
    height = top + row_h * max(1, len(lanes)) + 26
    top_rate = max([0.0, *[lane.high for lane in lanes]])
    # Zoom the axis to the data (rounded up to 10%) so small win rates stay readable.
    axis = min(1.0, max(0.1, -(-top_rate * 10 // 1) / 10))
    x = lambda v: label_w + plot_w * min(v, axis) / axis  # noqa: E731
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
           f"viewBox='0 0 {width} {height}' {FONT} font-size='12'>",
           f"<rect width='{width}' height='{height}' fill='white'/>",
           f"<text x='8' y='18' font-size='13' font-weight='600' fill='{TEXT}'>{escape(title)}</text>"]
    for i in range(6):
        v = axis * i / 5
        gx = x(v)
        out.append(f"<line x1='{gx:.1f}' y1='{top - 6}' x2='{gx:.1f}' y2='{height - 22}' stroke='{GRID}'/>")
        out.append(f"<text x='{gx:.1f}' y='{height - 8}' text-anchor='middle' fill='{TEXT}'>{v:.0%}</text>")
    for i, lane in enumerate(lanes):
        y = top + i * row_h
        rate = lane.wins / lane.n if lane.n else 0.0
        colour = CEILING if lane.ceiling else BAR
        out.append(f"<text x='{label_w - 8}' y='{y + 17}' text-anchor='end' fill='{TEXT}'>{escape(lane.name)}</text>")
        out.append(f"<rect x='{label_w}' y='{y + 5}' width='{x(rate) - label_w:.1f}' height='{row_h - 12}' "
                   f"fill='{colour}' opacity='0.85'/>")
        if lane.n:
            lo, hi = x(lane.low), x(lane.high)
            mid = y + row_h / 2 - 1
            out.append(f"<line x1='{lo:.1f}' y1='{mid}' x2='{hi:.1f}' y2='{mid}' stroke='{WHISKER}' stroke-width='1.5'/>")
            for end in (lo, hi):
                out.append(f"<line x1='{end:.1f}' y1='{mid - 5}' x2='{end:.1f}' y2='{mid + 5}' stroke='{WHISKER}' "
                           "stroke-width='1.5'/>")
        out.append(f"<text x='{width - right + 8}' y='{y + 17}' fill='{TEXT}'>{rate:.1%} ({lane.wins}/{lane.n})</text>")
    out.append("</svg>")
    return "".join(out)


def distribution_svg(counts: dict[int, int], *, width: int = 560, height: int = 150,
                     title: str = "Cards on the foundations at the end") -> str:
    """A histogram of how far the games got (1 to 104 cards)."""
    left, bottom, top = 40, 24, 26
    plot_w, plot_h = width - left - 10, height - top - bottom
    peak = max(counts.values(), default=1)
    bar_w = plot_w / 104
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
           f"viewBox='0 0 {width} {height}' {FONT} font-size='11'>",
           f"<rect width='{width}' height='{height}' fill='white'/>",
           f"<text x='8' y='16' font-size='13' font-weight='600' fill='{TEXT}'>{escape(title)}</text>"]
    for cards, k in sorted(counts.items()):
        h = plot_h * k / peak
        colour = BAR if cards >= 104 else "#7a9a88"
        out.append(f"<rect x='{left + (cards - 1) * bar_w:.1f}' y='{top + plot_h - h:.1f}' width='{max(bar_w - 0.5, 0.8):.1f}' "
                   f"height='{h:.1f}' fill='{colour}'><title>{cards} cards: {k} games</title></rect>")
    for v in (1, 26, 52, 78, 104):
        gx = left + (v - 0.5) * bar_w
        out.append(f"<text x='{gx:.1f}' y='{height - 8}' text-anchor='middle' fill='{TEXT}'>{v}</text>")
    out.append(f"<text x='{left - 6}' y='{top + 8}' text-anchor='end' fill='{TEXT}'>{peak}</text>")
    out.append(f"<line x1='{left}' y1='{top + plot_h}' x2='{left + plot_w}' y2='{top + plot_h}' stroke='{GRID}'/>")
    out.append("</svg>")
    return "".join(out)


def results_svg(results: Results) -> str:
    return win_rate_svg(lanes_of([results]), title=f"{results.name}: win rate (95% Wilson interval)")


def _table(rows: list[dict], columns: list[tuple[str, str]]) -> str:
    head = "".join(f"<th style='text-align:left;padding:2px 8px'>{escape(label)}</th>" for _, label in columns)
    body = []
    for row in rows:
        cells = "".join(f"<td style='padding:2px 8px'>{escape(str(row.get(key, '')))}</td>" for key, _ in columns)
        body.append(f"<tr>{cells}</tr>")
    return f"<table style='border-collapse:collapse'><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _summary_row(r: Results) -> dict:
    lo, hi = r.ci
    row = {"name": r.name, "games": r.n, "wins": r.wins, "rate": f"{r.win_rate:.1%}",
           "ci": f"{lo:.1%} – {hi:.1%}", "cards": f"{r.mean_cards:.1f}" if r.kind != "solver" else "",
           "failed": len(r.failures)}
    if r.kind == "solver":
        c = r.counts
        row["note"] = f"clairvoyant: {c['lost']} proved lost, {c['unknown']} unknown"
    return row


COLUMNS = [("name", "player"), ("games", "games"), ("wins", "wins"), ("rate", "win rate"),
           ("ci", "95% CI (Wilson)"), ("cards", "mean cards placed"), ("failed", "failed"), ("note", "")]


def results_html(results: Results) -> str:
    parts = [_table([_summary_row(results)], COLUMNS), results_svg(results)]
    if results.kind != "solver":
        parts.append(distribution_svg(results.distribution))
    return "<div>" + "".join(parts) + "</div>"


def comparison_svg(comparison: Comparison) -> str:
    return win_rate_svg(lanes_of(comparison.all_results()),
                        title=f"Win rate on the same {comparison.n} deals (95% Wilson interval)")


def comparison_html(comparison: Comparison) -> str:
    rows = [_summary_row(r) for r in comparison.all_results()]
    notes = []
    best = comparison.best()
    if best is not None and comparison.ceiling is not None and comparison.ceiling.wins:
        ratio = best.win_rate / comparison.ceiling.win_rate
        notes.append(f"Best no-peeking player: <b>{escape(best.name)}</b>, {ratio:.1%} of the clairvoyant win rate.")
    elif best is not None:
        notes.append(f"Best player: <b>{escape(best.name)}</b>.")
    note = f"<p>{' '.join(notes)}</p>" if notes else ""
    return "<div>" + _table(rows, COLUMNS) + note + comparison_svg(comparison) + "</div>"
