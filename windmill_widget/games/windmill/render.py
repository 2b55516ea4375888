"""Static pictures of a position: SVG for notebooks (renders on GitHub and nbviewer) and text.

The picture is the windmill cross of seed 000: the centre, two sails on each side, the four
corners between the arms, and the stock and waste along the top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import svg as pic
from ...core.svg import CARD_H, CARD_W, GAP
from .board import FAN_SHOWN, FAN_STEP, GRID, STARTS
from .notation import CORNERS, PILES, SAILS
from .position import CENTRE_FULL, CORNER_FULL

if TYPE_CHECKING:
    from .game import Game

# Where each pile goes comes from board.json, which the canvas board reads too.
WIDTH = GAP + 5 * (CARD_W + GAP)  #: the picture's width (before ``scale``)


def _cell(name: str) -> tuple[float, float]:
    col, row = GRID[name]
    return GAP + col * (CARD_W + GAP), GAP + 14 + row * (CARD_H + GAP + 14)


# The waste fans its top WASTE_SHOWN cards left to right, top card rightmost (as the canvas board does),
# inside a box wide enough for the whole fan. The box ends where the waste's grid cell ends, so it
# stays in the picture; it reaches left into the top row's free cell beside the n2 sail.
WASTE_SHOWN, WASTE_STEP = FAN_SHOWN, round(FAN_STEP * CARD_W)
_WASTE_RIGHT = _cell("waste")[0] + CARD_W
WASTE_BOX: tuple[float, float, float, float] = (  #: x, y, width, height
    _WASTE_RIGHT - CARD_W - (WASTE_SHOWN - 1) * WASTE_STEP,
    _cell("waste")[1],
    CARD_W + (WASTE_SHOWN - 1) * WASTE_STEP,
    CARD_H,
)


def _label(name: str, x: float, y: float, extra: str = "", width: float = CARD_W) -> str:
    """A pile's caption, centred above the ``width`` pixels from ``x``."""
    return pic.label(f"{name} {extra}".strip(), x, y, width)


def svg(
    game: Game,
    *,
    scale: float = 1.0,
    last_move: object = None,
    arrows: object = (),
    highlight: object = (),
    labels: object = None,
) -> str:
    """The position as an SVG document string, pointing at its piles as asked (see
    :func:`windmill_widget.core.svg.pointing`)."""
    parts: list[str] = []
    boxes: dict[str, pic.Box] = {}
    for name in PILES:
        x, y = _cell(name)
        pile = game.pile(name)
        boxes[name] = (x, y, CARD_W, CARD_H)
        if name == "stock":
            parts.append(_label(name, x, y, f"({len(pile)})"))
            parts.append(pic.back(x, y) if pile else pic.slot(x, y, pile=name, text="empty"))
            continue
        if name == "waste":
            x, y, box_w, _ = WASTE_BOX
            boxes[name] = (x + max(0, min(len(pile), WASTE_SHOWN) - 1) * WASTE_STEP, y, CARD_W, CARD_H)
            parts.append(_label(name, x, y, f"({len(pile)})", box_w))
            if not pile:
                parts.append(pic.slot(x, y, pile=name))  # where the first card lands
            for k, card in enumerate(pile[-WASTE_SHOWN:]):
                parts.append(pic.card(card, x + k * WASTE_STEP, y, pile=name))
            continue
        extra = ""
        if name == "c":
            extra = f"{len(pile)}/{CENTRE_FULL}"
        elif name in CORNERS and pile:
            extra = f"{len(pile)}/{CORNER_FULL}"
        parts.append(_label(name, x, y, extra))
        if pile:
            parts.append(pic.card(pile[-1], x, y, pile=name))
        else:
            parts.append(pic.slot(x, y, pile=name, text=STARTS.get(name, "")))
    width = WIDTH
    height = GAP + 5 * (CARD_H + GAP + 14) + 4
    outcome = game.outcome
    if outcome is not None:
        parts.append(pic.note(outcome.text, width / 2, height - 4))
        height += 12
    under, over = pic.pointing(
        boxes,
        pic.move_piles(type(game).move_type),
        last_move=last_move,
        arrows=arrows,
        highlight=highlight,
        labels=labels,
    )
    return pic.document(width, height, under + "".join(parts) + over, label="Windmill position", scale=scale)


def _show(game: Game, name: str) -> str:
    top = game.top(name)
    return top.symbol if top else "--"


def text(game: Game) -> str:
    """A plain-text picture of the cross, for terminals and doctests."""
    c = game.pile("c")
    corner = {n: f"{n} {_show(game, n)}{f' ({len(game.pile(n))})' if game.pile(n) else ''}" for n in CORNERS}
    sail = {n: f"{n} {_show(game, n)}" for n in SAILS}
    waste = game.pile("waste")
    lines = [
        f"{corner['nw']:<16}{sail['n2']:^12}{corner['ne']:>16}",
        f"{'':<16}{sail['n1']:^12}{'':>16}",
        f"{sail['w2']:<8}{sail['w1']:<8}{'c ' + _show(game, 'c') + f' ({len(c)}/{CENTRE_FULL})':^12}"
        f"{sail['e1']:>8}{sail['e2']:>8}",
        f"{'':<16}{sail['s1']:^12}{'':>16}",
        f"{corner['sw']:<16}{sail['s2']:^12}{corner['se']:>16}",
        f"stock {len(game.pile('stock'))}   waste {' '.join(x.symbol for x in waste[-5:]) or '--'}"
        f"{f' ({len(waste)})' if waste else ''}   {game.status}",
    ]
    return "\n".join(line.rstrip() for line in lines)
