"""The mutable core of a Crazy Quilt game, and the one place its rules live.

:meth:`QuiltPosition.legal_codes` decides what is legal; :meth:`QuiltPosition.apply` carries a move
out; :func:`explain` only *describes* why a move that :meth:`~QuiltPosition.legal_codes` left out is
illegal. Everything else (``QuiltGame``, the player view, the board, players and solvers) asks these.

Piles are lists of card ids, bottom to top, in :data:`~.notation.PILES` order: a quilt cell holds
one card or none; the stock's top (last) card is the next turned. Moves are codes
``src << 7 | dst``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.cards import RANK_LABELS, RANK_OF, SUIT_NAMES, SUITS, Card, rank_article
from ...core.outcome import Termination
from .notation import (
    F_ALL,
    F_DOWN,
    F_UP,
    NCELLS,
    NPILES,
    PILES,
    REDEAL_CODE,
    SHIFT,
    SIZE,
    TURN_CODE,
    H,
    K,
    W,
    upright,
)
from .rules import QuiltRules

FOUNDATION_FULL = 13
_MASK = (1 << SHIFT) - 1
SUIT_OF: tuple[int, ...] = tuple(SUITS.index(Card.from_id(i).suit) for i in range(104))


def _narrow(index: int) -> tuple[int, int]:
    r, c = divmod(index, SIZE)
    ends = ((r - 1, c), (r + 1, c)) if upright(index) else ((r, c - 1), (r, c + 1))
    return tuple(rr * SIZE + cc if 0 <= rr < SIZE and 0 <= cc < SIZE else -1 for rr, cc in ends)  # type: ignore[return-value]


#: For each cell, the cells across its card's two narrow edges (``-1`` off the quilt: that edge is
#: free): above and below an upright card, left and right of one lying across.
NARROW: tuple[tuple[int, int], ...] = tuple(_narrow(i) for i in range(NCELLS))


def builds_on_waste(card: int, top: int) -> bool:
    """Seed 002: "Available tableau cards may be built upon the top card of the wastepile in suit,
    either up or down. Sequence of rank is circular, so that an ace may be built on a king or vice
    versa." """
    return SUIT_OF[card] == SUIT_OF[top] and (RANK_OF[card] - RANK_OF[top]) % 13 in (1, 12)


class QuiltPosition:
    """Piles, how many redeals were used, and the rules in force."""

    __slots__ = ("_held", "piles", "redeals_used", "rules")
    STOCK = K

    def __init__(self, piles: list[list[int]], rules: QuiltRules, redeals_used: int = 0) -> None:
        if len(piles) != NPILES:
            raise ValueError(f"a position has {NPILES} piles")
        self.piles = piles
        self.rules = rules
        self.redeals_used = redeals_used
        self._held = rules.held

    def copy(self) -> QuiltPosition:
        return QuiltPosition([list(p) for p in self.piles], self.rules, self.redeals_used)

    def extras(self) -> dict[str, int]:
        return {"redeals_used": self.redeals_used}

    @classmethod
    def from_parts(cls, piles: list[list[int]], rules: QuiltRules, *, redeals_used: int = 0) -> QuiltPosition:
        return cls(piles, rules, redeals_used)

    def hidden(self) -> QuiltPosition:
        piles = [list(p) for p in self.piles]
        piles[K] = [None] * len(piles[K])  # type: ignore[list-item]
        return QuiltPosition(piles, self.rules, self.redeals_used)

    # -- reading -------------------------------------------------------------------------------
    def available(self) -> list[int]:
        """The cells whose card is available, in cell order. Seed 002: "A tableau card is available
        for play on foundations if it has a narrow edge free." A narrow edge is free when the cell
        across it is empty, or off the quilt. (The one place this rule lives: :meth:`legal_codes`,
        the game, the player's view and the environments ask it.)"""
        p = self.piles
        return [i for i, (a, b) in enumerate(NARROW) if p[i] and (a < 0 or b < 0 or not p[a] or not p[b])]

    def is_available(self, cell: int) -> bool:
        """Is the card at ``cell`` available (see :meth:`available`)?"""
        return cell in self.available()

    def wants(self) -> dict[int, list[int]]:
        """Which card each foundation takes next, as ``{(suit, rank): [foundation, ...]}`` keyed by
        ``suit * 16 + rank``. Seed 002: "The aces are to be built up in suit to kings, and the kings
        down in suit to aces." No wrap: a full foundation takes nothing."""
        p = self.piles
        out: dict[int, list[int]] = {}
        for f in F_UP:
            pile = p[f]
            if pile and len(pile) < FOUNDATION_FULL and RANK_OF[pile[-1]] < 13:
                out.setdefault(SUIT_OF[pile[-1]] * 16 + RANK_OF[pile[-1]] + 1, []).append(f)
        for f in F_DOWN:
            pile = p[f]
            if pile and len(pile) < FOUNDATION_FULL and RANK_OF[pile[-1]] > 1:
                out.setdefault(SUIT_OF[pile[-1]] * 16 + RANK_OF[pile[-1]] - 1, []).append(f)
        return out

    def on_foundations(self) -> int:
        p = self.piles
        return sum(len(p[f]) for f in F_ALL)

    def is_won(self) -> bool:
        # Seed 002: "Game is won if all tableau cards are released and all foundations are built in suit."
        p = self.piles
        return not p[K] and not p[W] and not p[H] and not any(p[:NCELLS])

    def redeals_left(self) -> int:
        return self.rules.redeals - self.redeals_used

    def termination(self, codes: Sequence[int]) -> Termination | None:
        if codes:
            return None
        return Termination.WON if self.is_won() else Termination.NO_MOVES

    # -- legality: the rules, once ----------------------------------------------------------
    def legal_codes(self) -> list[int]:
        """Every legal move, as codes, in a stable order: from the quilt (cell order; foundations,
        then the waste), from the hand, from the waste, then ``turn`` and ``redeal``."""
        p = self.piles
        out: list[int] = []
        wants = self.wants()
        waste = p[W]
        wtop = waste[-1] if waste else None
        for i in self.available():
            cid = p[i][0]
            for f in wants.get(SUIT_OF[cid] * 16 + RANK_OF[cid], ()):
                out.append(i << SHIFT | f)
            if wtop is not None and builds_on_waste(cid, wtop):
                out.append(i << SHIFT | W)
        hand = p[H]
        if hand:
            cid = hand[-1]
            for f in wants.get(SUIT_OF[cid] * 16 + RANK_OF[cid], ()):
                out.append(H << SHIFT | f)
            out.append(H << SHIFT | W)  # "placing unplayable cards face up on a single wastepile"
        if wtop is not None:
            for f in wants.get(SUIT_OF[wtop] * 16 + RANK_OF[wtop], ()):
                out.append(W << SHIFT | f)
        if p[K]:
            out.append(TURN_CODE)
        elif self.redeals_used < self.rules.redeals and (waste or hand):
            out.append(REDEAL_CODE)
        return out

    # -- carrying out a move -------------------------------------------------------------------
    def apply(self, code: int) -> tuple[int, tuple[int, ...]]:
        """Carry out a legal move (unchecked); return ``(redeals used before, primitive steps)``,
        each step ``from << 7 | to`` moving one top card."""
        p = self.piles
        before = self.redeals_used
        if code == TURN_CODE:
            if self._held:
                # The held card goes onto the waste when the next card is turned.
                steps: tuple[int, ...] = (H << SHIFT | W, TURN_CODE) if p[H] else (TURN_CODE,)
            else:
                steps = (K << SHIFT | W,)
        elif code == REDEAL_CODE:
            # Seed 002: "One redeal is permitted": the waste, unshuffled, becomes the stock, so the
            # card turned first comes up first again (the held card goes onto the waste first).
            steps = ((H << SHIFT | W,) if p[H] else ()) + (REDEAL_CODE,) * (len(p[W]) + len(p[H]))
            self.redeals_used = before + 1
        else:
            steps = (code,)
        for step in steps:
            p[step & _MASK].append(p[step >> SHIFT].pop())
        return before, steps

    def settle(self) -> tuple[int, ...]:
        return ()  # nothing happens by itself in Crazy Quilt

    def revert(self, record: tuple[int, tuple[int, ...]]) -> None:
        before, steps = record
        p = self.piles
        for step in reversed(steps):
            p[step >> SHIFT].append(p[step & _MASK].pop())
        self.redeals_used = before

    def explain(self, code: int) -> tuple[str, str] | None:
        return explain(self, code)


def _cap(text: str) -> str:
    """The sentence's first letter in capitals, the rest as it is (``str.capitalize`` would write "q♥")."""
    return text[:1].upper() + text[1:]


def _sym(cid: int | None) -> str:
    return "an unseen card" if cid is None else f"the {Card.from_id(cid).symbol}"


def _suit_word(cid: int) -> str:
    """``"spade"``, ``"heart"``, ...: one card's suit (the core's name for the suit, singular)."""
    return SUIT_NAMES[Card.from_id(cid).suit][:-1]


def _foundation_line(f: int) -> tuple[str, str]:
    """(``"up"``/``"down"``, the suit's name) of foundation ``f``."""
    return ("up" if f in F_UP else "down"), SUIT_NAMES[SUITS[(f - F_UP[0]) % 4]]


def explain(pos: QuiltPosition, code: int) -> tuple[str, str] | None:
    """Why move ``code`` is illegal in ``pos``, as ``(rule key, sentence)``; ``None`` if it is legal.

    Legality itself is decided by :meth:`QuiltPosition.legal_codes`; this only finds the words. The
    checks run in the order a learner needs them: first a move no position ever allows (nothing comes
    out of a foundation or the stock, nothing goes onto the quilt), then why *this* card cannot be
    taken (there is none, or it is blocked), then why it cannot go *there*. A blocked card aimed at a
    place that would refuse it anyway hears both: the key names the first rule, the sentence both.
    """
    if code in pos.legal_codes():
        return None
    if pos.is_won():
        return (
            "game-over",
            "The game is won: every card is on a foundation, so there is nothing left to move.",
        )
    if code == TURN_CODE:
        return _why_not_turn(pos)
    if code == REDEAL_CODE:
        return _why_not_redeal(pos)
    src, dst = code >> SHIFT, code & _MASK
    why = _kind_fault(pos, src, dst)
    if why is None:
        why = _card_fault(pos, src, dst)
    return why or ("illegal", "That move is not allowed here.")  # unreachable when the rules are complete


def _why_not_turn(pos: QuiltPosition) -> tuple[str, str]:
    p = pos.piles  # the stock is empty, or turning would be legal
    if pos.redeals_used >= pos.rules.redeals:
        return "stock-empty", "The stock is empty, and no redeal is left."
    if p[W] or p[H]:
        return (
            "stock-empty",
            "The stock is empty: turn the waste over as a new stock first (the move 'redeal').",
        )
    return "stock-empty", "The stock is empty, and so is the waste: there is nothing left to turn."


def _why_not_redeal(pos: QuiltPosition) -> tuple[str, str]:
    p = pos.piles
    allowed = pos.rules.redeals
    # No redeal left comes first: "the stock still holds cards" would suggest one is still to come.
    if pos.redeals_used >= allowed:
        if allowed == 0:
            return "no-redeal", "There is no redeal under these rules."
        if allowed == 1:
            return (
                "no-redeal",
                'No redeal is left: the one redeal has been used (seed 002: "One redeal is permitted.").',
            )
        every = "both" if allowed == 2 else f"all {allowed}"
        return "no-redeal", f"No redeal is left: {every} redeals these rules allow have been used."
    if p[K]:
        n = len(p[K])
        return "redeal-stock", (
            f"A redeal comes only when the stock is used up; it still holds {n} card{'s' * (n != 1)}."
        )
    return "redeal-empty", "There is nothing to redeal: the waste is empty."


def _kind_fault(pos: QuiltPosition, src: int, dst: int) -> tuple[str, str] | None:
    """A move between these two piles is never legal, whatever lies on them."""
    if src == dst:
        return "same-pile", "A card cannot move onto the pile it is already on."
    if src == K:
        return "stock-turn-only", "Cards leave the stock only by turning them up (the move 'turn')."
    if src in F_ALL:
        return "foundation-stays", "Cards never leave a foundation."
    if H in (src, dst) and not pos.rules.held:
        return (
            "no-hand",
            "There is no card in hand under these rules: a turned card goes straight onto the waste.",
        )
    if dst == K:
        return (
            "stock-closed",
            "Nothing goes back into the stock but the whole waste, by a redeal (the move 'redeal').",
        )
    if dst == H:
        return (
            "hand-turn-only",
            "The card in hand comes only from the stock, by turning it up (the move 'turn').",
        )
    if dst < NCELLS:
        return "spaces-stay", "Spaces in the quilt are never filled, and nothing is built on a quilt card."
    return None


def _card_fault(pos: QuiltPosition, src: int, dst: int) -> tuple[str, str] | None:
    """Why this card (the top of ``src``: a quilt cell, the hand or the waste) cannot go to ``dst`` (the
    waste or a foundation)."""
    p = pos.piles
    if not p[src]:
        if src == H:
            if p[K]:
                return "empty-source", "There is no card in hand: turn one up from the stock first."
            return "empty-source", "There is no card in hand, and the stock is empty."
        if src == W:
            return "empty-source", "The waste is empty."
        return "empty-cell", f"Cell {PILES[src]} is empty: its card has already been played."
    cid = p[src][-1]
    if src < NCELLS:
        where = f"{_sym(cid)} at {PILES[src]}"
    else:
        where = f"{_sym(cid)} {'in hand' if src == H else 'on the waste'}"
    target = _target_fault(pos, cid, where, dst)
    if src < NCELLS and not pos.is_available(src):
        a, b = NARROW[src]
        if upright(src):
            edges = f"lies upright; the cells above and below it, {PILES[a]} and {PILES[b]},"
        else:
            edges = f"lies across; the cells to its left and right, {PILES[a]} and {PILES[b]},"
        blocked = f"{_cap(where)} {edges} are still filled, so neither narrow edge is free."
        if target is not None:
            blocked += f" Besides, {target[1][:1].lower()}{target[1][1:]}"
        return "narrow-edge", blocked
    return target


def _target_fault(pos: QuiltPosition, cid: int, where: str, dst: int) -> tuple[str, str] | None:
    """Why card ``cid`` (described as ``where``) cannot go onto ``dst``, the waste or a foundation;
    ``None`` if it could (were it free)."""
    p = pos.piles
    if dst == W:
        waste = p[W]
        if not waste:
            return (
                "waste-empty",
                "A quilt card is built only on the waste's top card, and the waste is empty.",
            )
        top = waste[-1]
        if SUIT_OF[cid] != SUIT_OF[top]:
            return "waste-suit", (
                f"{_cap(where)} can go onto the waste only in suit: the waste's top card is "
                f"{_sym(top)}, a {_suit_word(top)}."
            )
        if builds_on_waste(cid, top):
            return None
        above, below = RANK_OF[top] % 13 + 1, (RANK_OF[top] - 2) % 13 + 1
        return "waste-sequence", (
            f"{_cap(where)} cannot go onto the {Card.from_id(top).symbol}: a card goes onto the waste "
            f"one rank up or down ({rank_article(above)} or {rank_article(below)}; "
            "the sequence is circular)."
        )
    pile = p[dst]
    way, suit = _foundation_line(dst)
    name = PILES[dst]
    if Card.from_id(cid).suit != SUITS[(dst - F_UP[0]) % 4]:
        return (
            "foundation-suit",
            f"Foundation {name} builds {way} in {suit}; {where} is a {_suit_word(cid)}.",
        )
    top = pile[-1]
    if len(pile) >= FOUNDATION_FULL or RANK_OF[top] == (13 if way == "up" else 1):
        end = "the King" if way == "up" else "the Ace"
        return "foundation-full", f"Foundation {name} is complete: it has been built {way} to {end}."
    need = RANK_OF[top] + (1 if way == "up" else -1)
    if RANK_OF[cid] == need:
        return None
    return "foundation-sequence", (
        f"Foundation {name} needs the {RANK_LABELS[need]}{Card.from_id(top).symbol[-1]} next "
        f"(its top card is {_sym(top)}); {where} cannot go there."
    )
