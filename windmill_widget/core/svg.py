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
import json
from html import escape
from pathlib import Path

from .cards import SUIT_SYMBOLS, Card

TABLE: dict = json.loads(Path(__file__).with_name("table.json").read_text(encoding="utf-8"))
#: Colour name -> its light-theme value (the static pictures use the light table).
LIGHT: dict[str, str] = {name: light for name, (_var, light, _dark) in TABLE["colours"].items()}

CARD_W, CARD_H = 56, 78
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
