"""A game of Crazy Quilt: a deal, the rules, the moves played, undo and redo.

>>> g = QuiltGame(seed=7)
>>> g
<QuiltGame seed=7 QuiltRules.literal() moves=0 playing foundations=8/104, 16 free>
>>> len(g.pile("stock")), g.pile("S+"), len(g.available())
(32, (Card('AS'),), 16)
>>> g.play("turn")
QuiltMove('turn')
>>> g.pile("hand")
(Card('4D', deck=1),)
>>> print(g.explain("c2>waste"))  # doctest: +NORMALIZE_WHITESPACE
The 7♠ at c2 lies across; the cells to its left and right, b2 and d2, are still filled,
so neither narrow edge is free. Besides, a quilt card is built only on the waste's top card,
and the waste is empty.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import pairwise
from typing import Any

from ...core.cards import RANK_OF, SUIT_SYMBOLS, SUITS, Card, CardLike, assign_ids, card_list
from ...core.game import PatienceGame
from ...core.registry import register
from ...core.text import excerpt
from . import search
from .deal import BASES, QUILT_CARDS, STOCK_CARDS, deal_order
from .notation import (
    CELLS,
    F_ALL,
    F_UP,
    FOUNDATIONS,
    NCELLS,
    NPILES,
    PILE_INDEX,
    PILES,
    REDEAL_CODE,
    SHIFT,
    TURN_CODE,
    H,
    K,
    QuiltMove,
    W,
    describe_pile,
    upright,
)
from .position import FOUNDATION_FULL, SUIT_OF, QuiltPosition
from .rules import QuiltRules
from .view import QuiltView


@register
class QuiltGame(PatienceGame):
    """One game of Crazy Quilt (also Quilt, Carpet, Japanese Rug). See ``docs/rules.md``.

    Build one from a seed (``QuiltGame(seed=7)``), from a dealing order of the 96 shuffled cards
    (:meth:`from_order`), from a staged position (:meth:`from_position`) or from a save file
    (:meth:`from_json`).
    """

    name = "crazy-quilt"
    title = "Crazy Quilt"
    aliases = ("quilt", "carpet", "japanese rug", "crazy_quilt")
    move_type = QuiltMove
    rules_type = QuiltRules
    view_type = QuiltView
    position_type = QuiltPosition
    order_size = QUILT_CARDS + STOCK_CARDS
    renderer = f"{__package__}.render"

    __slots__ = ()

    rules: QuiltRules

    # -- dealing ---------------------------------------------------------------------------------
    @classmethod
    def deal_order(cls, seed: int) -> list[int]:
        """The 96 shuffled cards: the quilt row by row from the top left, then the stock (first turned
        first)."""
        return deal_order(seed)

    @classmethod
    def _reserved_ids(cls) -> frozenset[int]:
        return frozenset(BASES)

    @classmethod
    def _deal(cls, order: list[int], rules: QuiltRules) -> QuiltPosition:
        piles: list[list[int]] = [[] for _ in range(NPILES)]
        for i, cid in enumerate(order[:QUILT_CARDS]):
            piles[i].append(cid)
        for f, base in zip(F_ALL, BASES, strict=True):
            piles[f].append(base)
        piles[K] = order[: QUILT_CARDS - 1 : -1]  # stored top-last: the next card turned is order[64]
        return QuiltPosition(piles, rules)

    @classmethod
    def from_order(cls, cards: Iterable[CardLike], *, rules: QuiltRules | None = None) -> QuiltGame:
        """A game dealt from an explicit order of the 96 cards left once the foundations' bases (the
        Ace and King of each suit of the first deck) are set out: the quilt row by row from the top
        left (``a1 b1 .. h1 a2 .. h8``), then the stock, the first of them turned first.

        Cards may be :class:`Card` values, ids, or text such as ``"7H"`` (text takes the first copy of
        that card not yet used; the bases are used already).
        """
        return super().from_order(cards, rules=rules)  # type: ignore[return-value]

    @classmethod
    def from_position(
        cls,
        quilt: Mapping[str, CardLike | None] | None = None,
        foundations: Mapping[str, Iterable[CardLike]] | None = None,
        stock: Iterable[CardLike] = (),
        waste: Iterable[CardLike] = (),
        hand: CardLike | None = None,
        *,
        rules: QuiltRules | None = None,
        redeals_used: int = 0,
    ) -> QuiltGame:
        """Stage any position, e.g. for a lesson. ``quilt`` maps cells (``"a1"`` .. ``"h8"``) to a card
        each; cells left out are spaces. ``foundations`` maps ``S+`` .. ``C-`` to piles, bottom to top;
        a foundation left out holds just its base (the Ace or King of its suit). ``stock`` and
        ``waste`` are listed bottom to top, as :meth:`pile` shows them (so the *last* stock card is
        turned first); ``hand`` is the card held (the literal rules only). Partial decks are fine.

        Seed 002's example: "playing the 2 from the bottom edge of the diagram will release the 9 and 7".

        >>> g = QuiltGame.from_position(quilt={"b8": "KC", "c8": "9H", "d8": "2H", "e8": "7C", "f8": "QD"})
        >>> g.available()
        ['b8', 'd8', 'f8']
        >>> g.play("d8>H+")
        QuiltMove('d8>H+')
        >>> g.available()
        ['b8', 'c8', 'e8', 'f8']
        """
        rules = cls._check_rules(rules)
        used: set[int] = set()
        piles: list[list[int]] = [[] for _ in range(NPILES)]
        founds = _mapping(foundations, "The foundations are", "{'H+': ['AH', '2H']}")
        for name in founds:
            if name not in FOUNDATIONS:
                raise ValueError(
                    f"{excerpt(name)} is not a foundation; the foundations are {', '.join(FOUNDATIONS)}."
                )
        for f, name in zip(F_ALL, FOUNDATIONS, strict=True):
            given = founds.get(name)
            if given is None:
                up = f in F_UP
                given = [f"{'A' if up else 'K'}{SUITS[(f - F_UP[0]) % 4]}"]
            piles[f] = assign_ids(card_list(given, f"foundation {name}"), used)
        cells = _mapping(quilt, "The quilt is", "{'a1': '7H', 'c4': '9S'}")
        for name, card in cells.items():
            if name not in PILE_INDEX or PILE_INDEX[name] >= NCELLS:
                raise ValueError(f"{excerpt(name)} is not a quilt cell; the cells are a1 .. h8.")
            if isinstance(card, (list, tuple)):
                raise ValueError(f"A quilt cell holds one card; {name} was given {len(card)}.")
            if card is not None:
                piles[PILE_INDEX[name]] = assign_ids([card], used)
        piles[K] = assign_ids(card_list(stock, "the stock"), used)
        piles[W] = assign_ids(card_list(waste, "the waste"), used)
        if hand is not None:
            if not rules.held:
                raise ValueError(
                    "These rules hold no card in hand (turned cards go straight onto the waste)."
                )
            piles[H] = assign_ids([hand], used)
        _check_position(piles, rules, redeals_used)
        pos = QuiltPosition(piles, rules, redeals_used)
        g = cls._blank()
        g._init(pos, origin=("position", pos.copy()))
        return g  # type: ignore[return-value]

    # -- save files --------------------------------------------------------------------------------
    def _position_doc(self) -> dict[str, Any]:
        start: QuiltPosition = self._origin[1]
        return {
            "position": {name: list(start.piles[i]) for i, name in enumerate(PILES) if start.piles[i]},
            "redeals_used": start.redeals_used,
        }

    @classmethod
    def _from_position_doc(cls, deal: Any, rules: QuiltRules) -> QuiltGame:
        if set(deal) != {"position", "redeals_used"}:
            raise ValueError(
                "the deal has either a seed and algorithm, an order, or a position and redeals_used"
            )
        pos = deal["position"]
        if not isinstance(pos, dict) or not set(pos) <= set(PILE_INDEX):
            raise ValueError(
                "a position maps pile names (a1 .. h8, S+ .. C-, stock, waste, hand) to card ids"
            )
        for name, pile in pos.items():
            if not isinstance(pile, list) or not all(type(c) is int for c in pile):
                raise ValueError(f"pile {name} is a list of card ids 0..103")
            if (name in CELLS or name == "hand") and len(pile) > 1:
                raise ValueError(f"{name} holds at most one card")
        return cls.from_position(
            quilt={n: pos[n][0] for n in CELLS if pos.get(n)},
            foundations={n: pos.get(n, []) for n in FOUNDATIONS},
            stock=pos.get("stock", []),
            waste=pos.get("waste", []),
            hand=pos["hand"][0] if pos.get("hand") else None,
            rules=rules,
            redeals_used=deal["redeals_used"],
        )

    # -- moves -------------------------------------------------------------------------------------
    def turn(self) -> QuiltMove:
        """Turn the stock's top card up (same as ``play("turn")``)."""
        return self.play(QuiltMove.turn())  # type: ignore[return-value]

    def redeal(self) -> QuiltMove:
        """Turn the waste over as the new stock (same as ``play("redeal")``)."""
        return self.play(QuiltMove.redeal())  # type: ignore[return-value]

    def describe(self, move: QuiltMove | str) -> str:
        """What ``move`` would do, for a learner: ``"turn up the next card of the stock"``, ``"the 9 of
        hearts from c4 to foundation H+"``, ``"the 9 of hearts from the hand to the waste"``."""
        m = self._coerce(move)
        held = self.top("hand")
        aside = f" (the {held.name} in hand goes onto the waste)" if held else ""
        if m.code == TURN_CODE:
            return f"turn up the next card of the stock{aside}"
        if m.code == REDEAL_CODE:
            return f"turn the waste over as a new stock{aside}"
        card = self.top(m.src)
        return f"the {card.name if card else 'card'} from {_source(m.src)} to {describe_pile(m.dst)}"

    def describe_last(self) -> str:
        """What the last move did, a held card that went onto the waste with it included: ``"Turned up
        the 7 of hearts; 31 left in the stock."``, ``"9 of hearts from c4 to foundation H+."``"""
        if not self._records:
            return ""
        code, (_before, steps) = self._records[-1]
        p = self._pos.piles
        stock = len(p[K])
        left = f"{stock} left in the stock" if stock else "the stock is empty now"
        held = steps[0] == (H << SHIFT | W) and code in (TURN_CODE, REDEAL_CODE)
        if code == TURN_CODE:
            card = self.top("hand" if self.rules.held else "waste")
            aside = f" (the {Card.from_id(p[W][-1]).name} in hand went onto the waste)" if held else ""
            return f"Turned up the {card.name if card else 'card'}{aside}; {left}."
        if code == REDEAL_CODE:
            redeals = self.redeals_left
            first = "Turned"
            if held:  # it went onto the waste first, so it is the new stock's bottom card
                first = f"Put the {Card.from_id(p[K][0]).name} in hand on the waste and turned"
            return (
                f"{first} the waste over: {stock} cards make the new stock "
                f"({redeals} redeal{'s' * (redeals != 1)} left)."
            )
        move = self.move_type.from_code(code)
        card = self.top(move.dst)
        text = f"{card.name if card else 'card'} from {_source(move.src)} to {describe_pile(move.dst)}."
        return text[:1].upper() + text[1:]

    # -- reading -----------------------------------------------------------------------------------
    def is_available(self, cell: str) -> bool:
        """Is the card at ``cell`` free to play (seed 002: "if it has a narrow edge free")?"""
        index = self._index(cell)
        if index >= NCELLS:
            raise ValueError(f"{excerpt(cell)} is not a quilt cell; the cells are a1 .. h8.")
        return self._pos.is_available(index)

    def available(self) -> list[str]:
        """The cells whose card is free to play, in cell order (row by row from the top left)."""
        return [CELLS[i] for i in self._pos.available()]

    def available_indices(self) -> list[int]:
        """:meth:`available` as pile indices (``0`` .. ``63``, as :attr:`pile_ids` lists the cells):
        the fast path's form, for code that reads the piles by index.

        >>> g = QuiltGame(seed=7)
        >>> [g.move_type.notation.piles[i] for i in g.available_indices()] == g.available()
        True
        """
        return self._pos.available()

    @staticmethod
    def lies_upright(cell: str) -> bool:
        """Does the card at ``cell`` lie upright (else across)? Cards alternate, ``a1`` upright."""
        if cell not in CELLS:
            raise ValueError(f"{excerpt(cell)} is not a quilt cell; the cells are a1 .. h8.")
        return upright(PILE_INDEX[cell])

    @property
    def redeals_left(self) -> int:
        """How many more times the waste may become the stock."""
        return self._pos.redeals_left()

    def position(self) -> dict[str, Any]:
        """Keyword arguments that :meth:`from_position` turns back into this position."""
        p = self.piles()
        return {
            "quilt": {n: p[n][0] for n in CELLS if p[n]},
            "foundations": {n: list(p[n]) for n in FOUNDATIONS},
            "stock": list(p["stock"]),
            "waste": list(p["waste"]),
            "hand": p["hand"][0] if p["hand"] else None,
            "rules": self.rules,
            "redeals_used": self._pos.redeals_used,
        }

    def view(self) -> QuiltView:
        """What a player may see: everything face up, the stock only as a count."""
        return QuiltView(self._pos, self.history, self.legal_codes())

    # -- display -----------------------------------------------------------------------------------
    def signature(self) -> tuple:
        """The position as the rules see it, which of the two copies of a card is which dropped:
        two positions with the same signature have the same futures, so the clairvoyant solver's
        verdict on one holds for the other."""
        return search.signature(search.SearchState.from_game(self))

    def board_facts(self) -> dict[str, Any]:
        """What the board needs to know once (see :meth:`PatienceGame.board_facts`): pile labels for
        people ("Cell c4", "Foundation H+", "Card in hand"), the foundations, the stock's two moves,
        and whether a turned card is held in hand (the literal rules)."""
        labels = {name: describe_pile(name).removeprefix("the ") for name in PILES}
        labels = {name: text[:1].upper() + text[1:] for name, text in labels.items()}
        labels.update({name: f"Cell {name}" for name in CELLS})
        return {
            "title": self.title,
            "piles": list(PILES),
            "cells": list(CELLS),
            "labels": labels,
            "caps": dict.fromkeys(FOUNDATIONS, FOUNDATION_FULL),
            "foundations": list(FOUNDATIONS),
            "preferred": None,
            "home": {suit: f"{suit}+" for suit in SUITS},
            "stockMoves": ["turn", "redeal"],
            "moveLabels": {"turn": "Turn", "redeal": "Redeal"},
            "moveTitles": {
                "turn": "Turn up the next card of the stock (d or t)",
                "redeal": "Turn the waste over as a new stock, once the stock is empty",
            },
            "options": {"hand": self.rules.held},
        }

    def board_state(self) -> dict[str, Any]:
        """The free cells and the redeals left, beside the piles (changes with every move)."""
        return {"free": self.available(), "redeals_left": self.redeals_left}

    def _repr_detail(self) -> str:
        return f"{self.progress.replace(' ', '=', 1)}, {len(self._pos.available())} free"


QuiltView.game_type = QuiltGame


def _sym(cid: int) -> str:
    return Card.from_id(cid).symbol


def _source(name: str) -> str:
    """Where a card comes from, for a sentence: ``"c4"``, ``"the hand"``, ``"the waste"``."""
    return "the hand" if name == "hand" else describe_pile(name)


def _mapping(value: object, what: str, example: str) -> dict:
    """``value`` (a mapping, or ``None`` for an empty one) as a dict; ValueError if it is something else
    (``what`` starts the sentence: "The quilt is")."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ValueError(f"{what} given as a mapping such as {example}, not {excerpt(value)}.")
    return dict(value)


def _check_position(piles: list[list[int]], rules: QuiltRules, redeals_used: int) -> None:
    for f, name in zip(F_ALL, FOUNDATIONS, strict=True):
        pile = piles[f]
        up = f in F_UP
        suit = SUITS[(f - F_UP[0]) % 4]
        if not pile:
            raise ValueError(
                f"Foundation {name} always holds at least its base, the {'Ace' if up else 'King'}."
            )
        if RANK_OF[pile[0]] != (1 if up else 13) or Card.from_id(pile[0]).suit != suit:
            raise ValueError(
                f"Foundation {name} starts with the {'A' if up else 'K'}{SUIT_SYMBOLS[suit]}, "
                f"not the {_sym(pile[0])}."
            )
        if len(pile) > FOUNDATION_FULL:
            raise ValueError(f"Foundation {name} holds at most {FOUNDATION_FULL} cards.")
        for a, b in pairwise(pile):
            if SUIT_OF[a] != SUIT_OF[b] or RANK_OF[b] != RANK_OF[a] + (1 if up else -1):
                raise ValueError(
                    f"Foundation {name} builds {'up' if up else 'down'} in suit, one rank at a time; "
                    f"the {_sym(b)} cannot follow the {_sym(a)}."
                )
    if (
        not isinstance(redeals_used, int)
        or isinstance(redeals_used, bool)
        or not 0 <= redeals_used <= rules.redeals
    ):
        raise ValueError(
            f"redeals_used is a whole number from 0 to the rules' {rules.redeals}, "
            f"not {excerpt(redeals_used)}."
        )
