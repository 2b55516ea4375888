"""Static pictures of a Crazy Quilt position: SVG for notebooks (renders on GitHub and nbviewer) and text.

The picture follows seed 002's layout: "Put the aces in a column at the extreme left, and the kings
in a column at the extreme right. Between the columns deal sixty-four cards in a 'crazy quilt' of
eight rows of eight, turning cards alternatively." The cards that are free to play wear a ring; the
stock, the waste and the card in hand lie in a row above the quilt (``board.json``'s ``top``, as on the
live board).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import svg as pic
from ...core.svg import CARD_H, CARD_W, GAP, LIGHT
from .board import BOARD, FAN_SHOWN, FAN_STEP
from .notation import CELLS, COLUMNS, DOWN, SIZE, UP, upright
from .position import FOUNDATION_FULL

if TYPE_CHECKING:
    from .game import QuiltGame

CELL = CARD_H + 6  #: each quilt cell is a square that holds a card either way
LABEL_H = 14
QUILT_X = GAP + CARD_W + 2 * GAP
TOP_Y = GAP + LABEL_H  #: the row of the stock, the waste and the card in hand
QUILT_Y = TOP_Y + CARD_H + GAP + LABEL_H
RIGHT_X = QUILT_X + SIZE * CELL + GAP
WIDTH = RIGHT_X + CARD_W + GAP  #: the picture's width (before ``scale``)
WASTE_SHOWN, WASTE_STEP = FAN_SHOWN, round(FAN_STEP * CARD_W)


def _cell_box(index: int) -> tuple[float, float, bool]:
    """Where cell ``index``'s card goes: its top-left corner, and whether it lies across."""
    r, c = divmod(index, SIZE)
    across = not upright(index)
    w, h = (CARD_H, CARD_W) if across else (CARD_W, CARD_H)
    return QUILT_X + c * CELL + (CELL - w) / 2, QUILT_Y + r * CELL + (CELL - h) / 2, across


def _foundation_y(k: int) -> float:
    step = SIZE * CELL / 4
    return QUILT_Y + k * step + (step - CARD_H) / 2 + LABEL_H / 2


def svg(
    game: QuiltGame,
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
    free = set(game.available())
    for c, letter in enumerate(COLUMNS):
        parts.append(pic.label(letter, QUILT_X + c * CELL, QUILT_Y, CELL))
    for r in range(SIZE):
        parts.append(
            f'<text x="{QUILT_X - 4:g}" y="{QUILT_Y + r * CELL + CELL / 2 + 4:g}" font-size="11" '
            f'text-anchor="end" fill="{LIGHT["onFelt"]}">{r + 1}</text>'
        )
    for i, name in enumerate(CELLS):
        x, y, across = _cell_box(i)
        boxes[name] = (x, y, CARD_H, CARD_W) if across else (x, y, CARD_W, CARD_H)
        card = game.top(name)
        if card is None:
            parts.append(pic.slot(x, y, pile=name, across=across))
        else:
            mark = LIGHT["highlight"] if name in free else ""
            parts.append(pic.card(card, x, y, pile=name, across=across, mark=mark))
    for names, x in ((UP, GAP), (DOWN, RIGHT_X)):
        for k, name in enumerate(names):
            y = _foundation_y(k)
            pile = game.pile(name)
            boxes[name] = (x, y, CARD_W, CARD_H)
            parts.append(pic.label(f"{name} {len(pile)}/{FOUNDATION_FULL}", x, y))
            parts.append(pic.card(pile[-1], x, y, pile=name) if pile else pic.slot(x, y, pile=name))
    x = QUILT_X
    for name in BOARD["top"]:
        if name == "stock":
            stock = game.pile("stock")
            boxes[name] = (x, TOP_Y, CARD_W, CARD_H)
            left = game.redeals_left
            text = f"stock ({len(stock)}), {left} redeal{'s' * (left != 1)} left"
            parts.append(pic.label(text, x, TOP_Y, 2 * CARD_W + GAP))
            parts.append(pic.back(x, TOP_Y) if stock else pic.slot(x, TOP_Y, pile="stock", text="empty"))
            x += 2 * CARD_W + 2 * GAP
        elif name == "waste":
            waste = game.pile("waste")
            fan = CARD_W + (WASTE_SHOWN - 1) * WASTE_STEP
            parts.append(pic.label(f"waste ({len(waste)})", x, TOP_Y, fan))
            shown = max(0, min(len(waste), WASTE_SHOWN) - 1)
            boxes[name] = (x + shown * WASTE_STEP, TOP_Y, CARD_W, CARD_H)
            if not waste:
                parts.append(pic.slot(x, TOP_Y, pile="waste"))
            for k, card in enumerate(waste[-WASTE_SHOWN:]):
                parts.append(pic.card(card, x + k * WASTE_STEP, TOP_Y, pile="waste"))
            x += fan + 2 * GAP
        elif game.rules.held:
            hand = game.top("hand")
            boxes["hand"] = (x, TOP_Y, CARD_W, CARD_H)
            parts.append(pic.label("hand", x, TOP_Y))
            parts.append(pic.card(hand, x, TOP_Y, pile="hand") if hand else pic.slot(x, TOP_Y, pile="hand"))
    height = QUILT_Y + SIZE * CELL + GAP
    outcome = game.outcome
    if outcome is not None:
        parts.append(pic.note(outcome.text, WIDTH / 2, height + 4))
        height += 16
    under, over = pic.pointing(
        boxes,
        pic.move_piles(type(game).move_type),
        last_move=last_move,
        arrows=arrows,
        highlight=highlight,
        labels=labels,
    )
    body = under + "".join(parts) + over
    return pic.document(WIDTH, height, body, label="Crazy Quilt position", scale=scale)


def text(game: QuiltGame) -> str:
    """A plain-text picture: the quilt row by row (a free card in brackets, a space as ``·``), then
    the foundations, the stock, the waste and the card in hand.

    >>> from windmill_widget import QuiltGame
    >>> game = QuiltGame.from_position(quilt={"a1": "9H", "b1": "7C", "a2": "5S"})
    >>> print(game.text().splitlines()[1])
    1   [9♥]  [7♣]   ·     ·     ·     ·     ·     ·
    """
    free = set(game.available())
    lines = ["   " + "".join(f"{letter:^6}" for letter in COLUMNS).rstrip()]
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            name = CELLS[r * SIZE + c]
            card = game.top(name)
            text = "·" if card is None else f"[{card.symbol}]" if name in free else card.symbol
            row.append(f"{text:^6}")
        lines.append(f"{r + 1}  " + "".join(row).rstrip())

    def found(name: str) -> str:
        top = game.top(name)
        return f"{name} {top.symbol if top else '--'}"

    lines.append("   ".join(found(n) for n in UP))
    lines.append("   ".join(found(n) for n in DOWN))
    waste = game.pile("waste")
    tail = f"   hand {game.top('hand').symbol if game.top('hand') else '--'}" if game.rules.held else ""
    lines.append(
        f"stock {len(game.pile('stock'))}   waste {' '.join(c.symbol for c in waste[-5:]) or '--'}"
        f"{f' ({len(waste)})' if waste else ''}{tail}   redeals left {game.redeals_left}   {game.status}"
    )
    return "\n".join(line.rstrip() for line in lines)
