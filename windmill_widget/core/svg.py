"""SVG primitives for every game's static pictures (they render on GitHub, nbviewer and in an
untrusted notebook): a card's face or back, an empty slot, a caption and the table around them.
The colours come from ``table.json``, which the canvas board reads too.

>>> from windmill_widget.core.cards import Card
>>> card(Card("TH"), 0, 0, pile="n1").startswith('<g data-pile="n1">')
True
>>> document(100, 50, "", label="A picture").startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
"""

from __future__ import annotations

import base64
from html import escape
from typing import Any

from .cards import SUIT_SYMBOLS, Card
from .facts import TABLE
from .moves import Move
from .text import excerpt

#: Colour name -> its light-theme value (the static pictures use the light table).
LIGHT: dict[str, str] = {name: light for name, (_var, light, _dark) in TABLE["colours"].items()}

#: A card's size in a picture (before ``scale``): its height from the table's card shape.
CARD_W = 56
CARD_H = round(CARD_W * TABLE["cardShape"]["aspect"])
#: The space between piles in a picture.
GAP = 12
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


def card(c: Card, x: float, y: float, *, pile: str = "", across: bool = False, mark: str = "") -> str:
    """Card ``c``'s face with its top-left corner at ``(x, y)``. ``across``: the card lies on its
    side (turned a quarter clockwise), filling a ``CARD_H`` x ``CARD_W`` box from ``(x, y)``.
    ``mark``: a colour for a ring around the card (e.g. for a card that is free to play)."""
    colour = LIGHT["red"] if c.color == "red" else LIGHT["black"]
    rank = escape(c.symbol[:-1])
    suit = SUIT_SYMBOLS[c.suit]
    turn = ""
    if across:  # draw it upright, centred in the box, and turn it about the box's centre
        cx, cy = x + CARD_H / 2, y + CARD_W / 2
        x, y = cx - CARD_W / 2, cy - CARD_H / 2
        turn = f' transform="rotate(90 {cx:g} {cy:g})"'
    ring = (
        f'<rect x="{x - 3:g}" y="{y - 3:g}" width="{CARD_W + 6}" height="{CARD_H + 6}" rx="8" fill="none" '
        f'stroke="{mark}" stroke-width="3"/>'
        if mark
        else ""
    )
    return (
        f'<g data-pile="{escape(pile)}"{turn}>'
        f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="{LIGHT["cardFace"]}" '
        f'stroke="{LIGHT["cardEdge"]}"/>{ring}'
        f'<text x="{x + 5:g}" y="{y + 18:g}" font-size="16" font-weight="bold" fill="{colour}">{rank}</text>'
        f'<text x="{x + 5:g}" y="{y + 34:g}" font-size="15" fill="{colour}">{suit}</text>'
        f'<text x="{x + CARD_W / 2:g}" y="{y + CARD_H - 14:g}" font-size="26" text-anchor="middle" '
        f'fill="{colour}">{suit}</text></g>'
    )


def back(x: float, y: float, *, pile: str = "stock") -> str:
    """A face-down card (the stock)."""
    return (
        f'<rect data-pile="{escape(pile)}" x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="6" '
        f'fill="{LIGHT["back"]}" stroke="{LIGHT["cardFace"]}" stroke-width="3"/>'
    )


def slot(x: float, y: float, *, pile: str = "", text: str = "", across: bool = False) -> str:
    """An empty place, dashed, with an optional word in it (``"K"`` where only a King may go)."""
    w, h = (CARD_H, CARD_W) if across else (CARD_W, CARD_H)
    return (
        f'<rect data-pile="{escape(pile)}" x="{x:g}" y="{y:g}" width="{w}" height="{h}" rx="6" fill="none" '
        f'stroke="{LIGHT["slot"]}" stroke-width="1.5" stroke-dasharray="4 3"/>'
        + (
            f'<text x="{x + w / 2:g}" y="{y + h / 2 + 5:g}" font-size="14" text-anchor="middle" '
            f'fill="{LIGHT["onFelt"]}" fill-opacity="0.8">{escape(text)}</text>'
            if text
            else ""
        )
    )


def label(text: str, x: float, y: float, width: float = CARD_W, *, size: int = 11) -> str:
    """A caption centred above the ``width`` pixels from ``x``, its baseline 4 pixels above ``y``."""
    return (
        f'<text x="{x + width / 2:g}" y="{y - 4:g}" font-size="{size}" text-anchor="middle" '
        f'fill="{LIGHT["onFelt"]}">{escape(text)}</text>'
    )


def note(text: str, x: float, y: float) -> str:
    """A line of text centred on ``x`` with its baseline at ``y``: how a picture ends (e.g. the
    game's outcome)."""
    fill = LIGHT["onFelt"]
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="13" text-anchor="middle" fill="{fill}">{escape(text)}</text>'
    )


def as_img(svg: str, alt: str) -> str:
    """An SVG picture as an HTML ``<img>`` with the picture inline (a data URI). Where a notebook is not
    trusted, JupyterLab draws no SVG output and strips ``<svg>`` from HTML, but it shows images: so a
    picture offered this way shows in a notebook nobody has run or trusted, on GitHub and in nbviewer.

    >>> as_img('<svg xmlns="http://www.w3.org/2000/svg"/>', "a dot")[:60]
    '<img alt="a dot" src="data:image/svg+xml;base64,PHN2ZyB4bWxu'
    """
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'<img alt="{escape(alt)}" src="data:image/svg+xml;base64,{data}"/>'


def document(width: float, height: float, body: str, *, label: str, scale: float = 1.0) -> str:
    """The whole picture: the felt, and ``body`` on it. ``label`` names it for screen readers."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:g}" height="{height * scale:g}" '
        f'viewBox="0 0 {width:g} {height:g}" font-family="{FONT}" role="img" aria-label="{escape(label)}">'
        f'<rect width="{width:g}" height="{height:g}" rx="10" fill="{LIGHT["felt"]}" '
        f'stroke="{LIGHT["feltEdge"]}" stroke-width="2"/>{body}</svg>'
    )


# -- pictures that point (as python-chess's chess.svg.board: lastmove, arrows, fill, squares) --------
#: Where each pile's top card lies in a picture: x, y, width, height.
Box = tuple[float, float, float, float]
#: The colours a pointing picture uses unless told otherwise (names of ``table.json``'s colours).
LAST_MOVE, ARROW, HIGHLIGHT = "highlight", "hint", "hint"


def colour(value: str) -> str:
    """A colour for a picture: one of the table's colour names (``"hint"``), else a CSS colour
    (``"#c62828"``, ``"red"``) as given.

    >>> colour("hint"), colour("red"), colour("#123456")
    ('#4dd0e1', '#c62828', '#123456')
    """
    if not isinstance(value, str) or not value or len(value) > 40:
        raise ValueError(f"A colour is a name of the table's colours or a CSS colour, not {excerpt(value)}.")
    return LIGHT.get(value, value)


def pointing(
    boxes: dict[str, Box],
    move_piles: object,
    *,
    last_move: object = None,
    arrows: object = (),
    highlight: object = (),
    labels: object = None,
) -> tuple[str, str]:
    """What a picture adds to point at its piles, drawn under the cards (``[0]``: the last move's
    two piles tinted) and over them (``[1]``: rings, arrows, labels). ``boxes`` says where each
    pile's top card lies; ``move_piles(move)`` turns a move (or its notation) into its two piles,
    raising ``ValueError`` for junk.

    ``last_move``: a move, tinted from and to. ``arrows``: ``(from, to)`` pairs of pile names, or
    ``(from, to, colour)``, or moves. ``highlight``: pile names (a ring of the table's highlight
    colour), or a mapping of pile name to colour. ``labels``: a mapping of pile name to a short text
    shown on the pile. Colours are the table's colour names or CSS colours. Unknown piles raise
    ``ValueError`` naming them.
    """
    under: list[str] = []
    over: list[str] = []

    def box(name: object, what: str) -> Box:
        if not isinstance(name, str) or name not in boxes:
            raise ValueError(
                f"{what} names the piles of the picture ({', '.join(boxes)}), not {excerpt(name)}."
            )
        return boxes[name]

    if last_move is not None:
        for name in move_piles(last_move):  # type: ignore[operator]
            x, y, w, h = box(name, "last_move")
            under.append(
                f'<rect x="{x - 5:g}" y="{y - 5:g}" width="{w + 10:g}" height="{h + 10:g}" rx="9" '
                f'fill="{colour(LAST_MOVE)}" fill-opacity="0.55"/>'
            )
    if isinstance(highlight, dict):
        marks = list(highlight.items())
    elif isinstance(highlight, (str, bytes)) or not _iterable(highlight):
        raise ValueError(
            f"highlight is a list of pile names, or a mapping to colours, not {excerpt(highlight)}."
        )
    else:
        marks = [(name, HIGHLIGHT) for name in highlight]  # type: ignore[union-attr]
    for name, paint in marks:
        x, y, w, h = box(name, "highlight")
        over.append(
            f'<rect x="{x - 4:g}" y="{y - 4:g}" width="{w + 8:g}" height="{h + 8:g}" rx="8" fill="none" '
            f'stroke="{escape(colour(paint))}" stroke-width="4"/>'
        )
    if isinstance(arrows, (str, bytes)) or not _iterable(arrows):
        raise ValueError(f"arrows is a list of (from, to) pairs of piles, or moves, not {excerpt(arrows)}.")
    for i, arrow in enumerate(arrows):  # type: ignore[union-attr]
        if isinstance(arrow, tuple) and len(arrow) in (2, 3):
            tail, head, paint = (*arrow, ARROW)[:3]
        else:
            try:
                tail, head = move_piles(arrow)  # type: ignore[operator]
            except ValueError as err:
                raise ValueError(
                    f"Arrow {i + 1} is a (from, to) pair of piles, (from, to, colour), or a move: {err}"
                ) from None
            paint = ARROW
        over.append(_arrow(box(tail, "An arrow"), box(head, "An arrow"), colour(paint), i))
    if labels is not None:
        if not isinstance(labels, dict):
            raise ValueError(f"labels is a mapping of pile names to short texts, not {excerpt(labels)}.")
        for name, text in labels.items():
            x, y, w, h = box(name, "labels")
            if not isinstance(text, str) or len(text) > 12:
                raise ValueError(f"A label is a short text (12 characters at most), not {excerpt(text)}.")
            bw = max(18, 8 + 7 * len(text))
            over.append(
                f'<g data-label="{escape(name)}"><rect x="{x + w - 3 - bw:g}" y="{y + 3:g}" width="{bw}" '
                f'height="18" rx="9" fill="{LIGHT["black"]}" fill-opacity="0.8"/>'
                f'<text x="{x + w - 3 - bw / 2:g}" y="{y + 16:g}" font-size="12" font-weight="bold" '
                f'text-anchor="middle" fill="{LIGHT["cardFace"]}">{escape(text)}</text></g>'
            )
    return "".join(under), "".join(over)


def _arrow(tail: Box, head: Box, paint: str, i: int) -> str:
    """An arrow from the centre of ``tail`` to the edge of ``head`` (from a pile to itself: a ring)."""
    x1, y1 = tail[0] + tail[2] / 2, tail[1] + tail[3] / 2
    x2, y2 = head[0] + head[2] / 2, head[1] + head[3] / 2
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5
    if length < 1:
        return (
            f'<circle cx="{x1:g}" cy="{y1:g}" r="{min(tail[2], tail[3]) / 2:g}" fill="none" '
            f'stroke="{escape(paint)}" stroke-width="5" stroke-opacity="0.85"/>'
        )
    ux, uy = dx / length, dy / length
    # stop at the head box's edge, less a little, so the point shows on the card it points at
    reach = min(head[2] / 2 / abs(ux) if ux else 1e9, head[3] / 2 / abs(uy) if uy else 1e9) - 14
    tip_x, tip_y = x2 - ux * reach, y2 - uy * reach
    px, py = -uy, ux
    base_x, base_y = tip_x - ux * 18, tip_y - uy * 18
    points = (
        f"{tip_x:.1f},{tip_y:.1f} {base_x + px * 11:.1f},{base_y + py * 11:.1f} "
        f"{base_x - px * 11:.1f},{base_y - py * 11:.1f}"
    )
    return (
        f'<g data-arrow="{i}" opacity="0.85"><line x1="{x1:.1f}" y1="{y1:.1f}" x2="{base_x:.1f}" '
        f'y2="{base_y:.1f}" stroke="{escape(paint)}" stroke-width="8" stroke-linecap="round"/>'
        f'<polygon points="{points}" fill="{escape(paint)}"/></g>'
    )


def _iterable(value: object) -> bool:
    try:
        iter(value)  # type: ignore[call-overload]
    except TypeError:
        return False
    return True


def move_piles(move_type: type) -> Any:
    """For :func:`pointing`: a function giving a move's two piles (a move of ``move_type``, or its
    notation), ``ValueError`` for anything else."""

    def piles(move: object) -> tuple[str, str]:
        if isinstance(move, Move) and type(move) is not move_type:
            raise ValueError(f"{move!r} is a move of another game.")
        if not isinstance(move, (str, Move)):
            raise ValueError(f"a move is a move or its notation, not {excerpt(move)}")
        m = move_type.parse(move)  # ValueError for junk notation
        return m.src, m.dst

    return piles


class Picture:
    """A picture that shows itself in a notebook: ``_repr_svg_``, and ``_repr_html_`` as an
    ``<img>`` (:func:`as_img`, so it shows in an untrusted notebook, on GitHub and nbviewer);
    ``str(picture)`` is the SVG document. What ``game.picture(...)`` returns.

    >>> p = Picture('<svg xmlns="http://www.w3.org/2000/svg"/>', "a dot")
    >>> str(p) == p._repr_svg_(), p._repr_html_().startswith('<img alt="a dot"')
    (True, True)
    """

    __slots__ = ("alt", "svg")

    def __init__(self, svg: str, alt: str) -> None:
        self.svg = svg
        self.alt = alt

    def __str__(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<Picture {self.alt}>"

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return as_img(self.svg, self.alt)
