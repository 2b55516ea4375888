"""Plain HTML tables, for the values that show themselves as one in a notebook (a review, a
tournament's results, a comparison): one helper, in the core, so the review and the lab draw their
tables alike without one importing the other.

>>> html_table(["move", "chance"], [["n1>c", "50%"]], caption="a <review>")[:58]
'<table style="border-collapse:collapse"><caption style="te'
>>> "a &lt;review&gt;" in html_table(["a"], [], caption="a <review>")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape


def html_table(header: Sequence[str], rows: Iterable[Sequence[object]], *, caption: str = "") -> str:
    """A plain HTML table; numbers right-aligned. Cells are escaped."""
    th = "".join(f'<th style="text-align:left;padding:3px 10px">{escape(h)}</th>' for h in header)
    body = []
    for row in rows:
        cells = []
        for v in row:
            align = "right" if isinstance(v, (int, float)) or str(v)[:1].isdigit() else "left"
            cells.append(f'<td style="text-align:{align};padding:3px 10px">{escape(str(v))}</td>')
        body.append(f"<tr>{''.join(cells)}</tr>")
    cap = f'<caption style="text-align:left;padding:3px 0">{escape(caption)}</caption>' if caption else ""
    return (
        f'<table style="border-collapse:collapse">{cap}<thead><tr>{th}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
    )
