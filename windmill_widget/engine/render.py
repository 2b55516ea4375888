"""Static pictures of a position: SVG for notebooks (renders on GitHub and nbviewer) and text.

The picture is the windmill cross of seed 000: the centre, two sails on each side, the four
corners between the arms, and the stock and waste along the top.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .board import CROSS, LIGHT
from .cards import SUIT_SYMBOLS, Card
from .notation import CORNERS, PILES, SAILS
from .position import CENTRE_FULL, CORNER_FULL

if TYPE_CHECKING:
    from .game import Game

# The cross comes from board.json, shared with the canvas board; the static picture adds the stock
# and waste in the cross's free top corners.
GRID: dict[str, tuple[float, float]] = {**CROSS, "stock": (0, 0), "waste": (4, 0)}
CARD_W, CARD_H, GAP = 56, 78, 12
FELT, FELT_EDGE, CARD_FACE, CARD_EDGE = LIGHT["felt"], LIGHT["feltEdge"], LIGHT["cardFace"], LIGHT["cardEdge"]
RED, BLACK, BACK = LIGHT["red"], LIGHT["black"], LIGHT["back"]
LABEL, SLOT = LIGHT["onFelt"], LIGHT["slot"]
WIDTH = GAP + 5 * (CARD_W + GAP)  #: the picture's width (before ``scale``)


def _cell(name: str) -> tuple[float, float]:
    col, row = GRID[name]
    return GAP + col * (CARD_W + GAP), GAP + 14 + row * (CARD_H + GAP + 14)


# The waste fans its top WASTE_SHOWN cards left to right, top card rightmost (as the canvas board does),
# inside a box wide enough for the whole fan. The box ends where the waste's grid cell ends, so it
# stays in the picture; it reaches left into the top row's free cell beside the n2 sail.
WASTE_SHOWN, WASTE_STEP = 3, 16
_WASTE_RIGHT = _cell("waste")[0] + CARD_W
WASTE_BOX: tuple[float, float, float, float] = (  #: x, y, width, height
    _WASTE_RIGHT - CARD_W - (WASTE_SHOWN - 1) * WASTE_STEP,
    _cell("waste")[1],
    CARD_W + (WASTE_SHOWN - 1) * WASTE_STEP,
    CARD_H,
)


def _card_svg(card: Card, x: float, y: float, pile: str) -> str:
    colour = RED if card.color == "red" else BLACK
    rank = card.symbol[:-1]
    suit = SUIT_SYMBOLS[card.suit]
    return (
        f'<g data-pile="{pile}"><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" '
        f'fill="{CARD_FACE}" stroke="{CARD_EDGE}"/>'
        f'<text x="{x + 5}" y="{y + 18}" font-size="16" font-weight="bold" fill="{colour}">{rank}</text>'
        f'<text x="{x + 5}" y="{y + 34}" font-size="15" fill="{colour}">{suit}</text>'
        f'<text x="{x + CARD_W / 2}" y="{y + CARD_H - 14}" font-size="26" text-anchor="middle" '
        f'fill="{colour}">{suit}</text></g>'
    )


def _slot_svg(x: float, y: float, pile: str, text: str = "") -> str:
    return (
        f'<rect data-pile="{pile}" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" '
        f'stroke="{SLOT}" stroke-width="1.5" stroke-dasharray="4 3"/>'
        f'<text x="{x + CARD_W / 2}" y="{y + CARD_H / 2 + 5}" font-size="14" text-anchor="middle" '
        f'fill="{LABEL}" fill-opacity="0.8">{escape(text)}</text>'
    )


def _label(name: str, x: float, y: float, extra: str = "", width: float = CARD_W) -> str:
    """A pile's caption, centred above the ``width`` pixels from ``x``."""
    text = f"{name} {extra}".strip()
    return (
        f'<text x="{x + width / 2}" y="{y - 4}" font-size="11" text-anchor="middle" '
        f'fill="{LABEL}">{escape(text)}</text>'
    )


def svg(game: Game, *, scale: float = 1.0) -> str:
    """The position as an SVG document string."""
    parts: list[str] = []
    for name in PILES:
        x, y = _cell(name)
        pile = game.pile(name)
        if name == "stock":
            parts.append(_label(name, x, y, f"({len(pile)})"))
            if pile:
                parts.append(
                    f'<rect data-pile="stock" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" '
                    f'fill="{BACK}" stroke="{CARD_FACE}" stroke-width="3"/>'
                )
            else:
                parts.append(_slot_svg(x, y, name, "empty"))
            continue
        if name == "waste":
            x, y, box_w, _ = WASTE_BOX
            parts.append(_label(name, x, y, f"({len(pile)})", box_w))
            if not pile:
                parts.append(_slot_svg(x, y, name))  # where the first card lands
            for k, card in enumerate(pile[-WASTE_SHOWN:]):
                parts.append(_card_svg(card, x + k * WASTE_STEP, y, name))
            continue
        extra = ""
        if name == "c":
            extra = f"{len(pile)}/{CENTRE_FULL}"
        elif name in CORNERS and pile:
            extra = f"{len(pile)}/{CORNER_FULL}"
        parts.append(_label(name, x, y, extra))
        if pile:
            parts.append(_card_svg(pile[-1], x, y, name))
        else:
            parts.append(_slot_svg(x, y, name, "K" if name in CORNERS else ""))
    width = WIDTH
    height = GAP + 5 * (CARD_H + GAP + 14) + 4
    status = game.status
    if status != "playing":
        parts.append(
            f'<text x="{width / 2}" y="{height - 4}" font-size="13" text-anchor="middle" '
            f'fill="{LABEL}">{"Won!" if status == "won" else "No legal move left."}</text>'
        )
        height += 12
    body = "".join(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:g}" height="{height * scale:g}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" '
        f'role="img" aria-label="Windmill position">'
        f'<rect width="{width}" height="{height}" rx="10" fill="{FELT}" stroke="{FELT_EDGE}" '
        f'stroke-width="2"/>'
        f"{body}</svg>"
    )


def _show(game: Game, name: str) -> str:
    top = game.top(name)
    return top.symbol if top else "--"


def text_diagram(game: Game) -> str:
    """A plain-text picture of the cross, for terminals and doctests."""
    c = game.pile("c")
    corner = {n: f"{n} {_show(game, n)}{f' ({len(game.pile(n))})' if game.pile(n) else ''}" for n in CORNERS}
    sail = {n: f"{n} {_show(game, n)}" for n in SAILS}
    waste = game.pile("waste")
    lines = [
        f"{corner['nw']:<16}{sail['n2']:^12}{corner['ne']:>16}",
        f"{'':<16}{sail['n1']:^12}{'':>16}",
        f"{sail['w2']:<8}{sail['w1']:<8}{'c ' + _show(game, 'c') + f' ({len(c)}/52)':^12}"
        f"{sail['e1']:>8}{sail['e2']:>8}",
        f"{'':<16}{sail['s1']:^12}{'':>16}",
        f"{corner['sw']:<16}{sail['s2']:^12}{corner['se']:>16}",
        f"stock {len(game.pile('stock'))}   waste {' '.join(x.symbol for x in waste[-5:]) or '--'}"
        f"{f' ({len(waste)})' if waste else ''}   {game.status}",
    ]
    return "\n".join(line.rstrip() for line in lines)
