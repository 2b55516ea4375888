"""A proof that a position is lost, suit by suit: the *suit relaxation*.

Relax the game in two ways only, and look at one suit at a time:

* **Quilt cards are free.** Every card of the suit still in the quilt may go to a foundation at
  any moment (in the real game it must first have a narrow edge free, or wait on the waste).
* **Other suits vanish.** Cards of other suits take no room on the waste and no turn of the stock
  (in the real game they bury this suit's cards, and in the literal reading a turn pushes the held
  card onto the waste).

What is left is exact: the suit's cards in the stock come up in the stock's order, one turn at a
time; the waste is a stack that only its top leaves (for a foundation); the held card (literal
reading) sits above the waste and is available beside the waste's top; a redeal turns the waste
over as the next stock; each card goes to the Ace's foundation, which builds up, or to the King's,
which builds down. Any winning line of the real game, with the other suits' moves left out and each
quilt card played straight to the foundation it reached, is a winning line of this small game. So
if the small game cannot be won for some suit, neither can the real one: its **certificate** is
that suit.

It is the last pass's waste order (:mod:`.bound`) extended to the stock and to the passes still to
come: it speaks while redeals are left, and on fresh deals too (rarely: the quilt's free cards
usually fill any gap; it bites when both copies of a suit's middle ranks lie in the stock, badly
ordered, with few passes left).

The small game is searched exhaustively with a table of positions known lost, after the moves that
cannot hurt are made at once (a card that only one foundation still needs goes up as soon as it is
available; so does a quilt card whose twin is in the quilt too). A held card is never put onto the
waste by hand: holding it keeps every option that move would give.

>>> from windmill_widget import QuiltGame, QuiltRules
>>> from windmill_widget.games.crazy_quilt.search import SearchState
>>> # Spades, one redeal: S- needs the 5, 4, 3, 2, A; the waste holds the 3, 5, 2, A (the A on
>>> # top) and the stock the 4. The second pass turns the 3, 5, 2, A, 4: the 5 goes, then the 4
>>> # comes up last, on the 3, 2 and A it must go before.
>>> game = QuiltGame.from_position(
...     foundations={"S+": [f"{r}S" for r in "A23456789TJQK"], "S-": [f"{r}S" for r in "KQJT9876"]},
...     waste=["3S", "5S", "2S", "AS"], stock=["4S"], rules=QuiltRules.common())
>>> suit_relaxation_lost(SearchState.from_game(game))
'S'
>>> suit_relaxation_lost(SearchState.from_game(QuiltGame(seed=7))) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ...games.crazy_quilt.search import SearchState
from .bound import splits, suit_tops

#: The suits' letters, in the search model's order (a face is ``suit * 13 + rank - 1``).
SUIT_LETTERS = "SHDC"
#: Positions of the small game one suit may search before the check gives up (no conclusion).
SUIT_BUDGET = 20_000


def suit_relaxation_lost(
    s: SearchState,
    budget: int = SUIT_BUDGET,
    cache: dict[tuple, bool | None] | None = None,
    work: list[int] | None = None,
    suits: Iterable[int] = range(4),
    cut: list[bool] | None = None,
) -> str | None:
    """The suit (``"S"``, ``"H"``, ``"D"`` or ``"C"``) whose small game (see the module docstring)
    cannot be won from ``s``, which proves ``s`` lost; ``None`` when every suit's can, or its search
    ran out of ``budget`` positions, or ``s`` hides its stock (a player's mirror: no conclusion).
    ``cache`` (a dict, for positions of one game: the search's) keeps each small game's answer, since
    most moves leave most suits' small games as they were. ``work`` (a one-item list) is increased
    by the small games' positions searched: the check's units of work. ``suits`` (0..3: S H D C)
    are the suits to check (a search checks those its last move changed: the others' small games
    are its parent's). ``cut`` (a one-item list) is set ``True`` when a small game ran out of a
    ``budget`` smaller than :data:`SUIT_BUDGET`: the full budget might have concluded."""
    stocks = _by_suit(s.stock, False)
    if stocks is None:  # the stock is hidden
        return None
    wastes = _by_suit(s.waste, True)
    assert wastes is not None  # a waste is never hidden
    hand = s.hand_face()
    fc = s.fcode
    for suit in suits:
        up, down = suit_tops(fc, suit)
        if up >= 13 and down <= 1:
            continue
        key = (
            stocks[suit],
            wastes[suit],
            hand if hand // 13 == suit else -1,
            (*_DONE[:suit], up, *_DONE[suit + 1 : suit + 4], down, *_DONE[suit + 5 :]),
            s.redeals,
            s.held,
        )
        if cache is None or key not in cache:
            small = _StackGame(*key, budget)
            won = small.won()
            if work is not None:
                work[0] += budget - max(small.budget, 0)
            if won is None and budget < SUIT_BUDGET and cut is not None:
                cut[0] = True
            if cache is None or (won is None and budget < SUIT_BUDGET):  # a smaller budget's "no
                if won is False:  # conclusion" is not kept: the full budget may conclude
                    return SUIT_LETTERS[suit]
                continue
            cache[key] = won
        if cache[key] is False:
            return SUIT_LETTERS[suit]
    return None


@lru_cache(maxsize=1 << 16)
def _by_suit(code: int, bottom_first: bool) -> tuple[tuple[int, ...], ...] | None:
    """The faces of the stack ``code`` (:func:`~...search.pack`), suit by suit: each suit's top card
    first (a stock: the next turned first), or its bottom card first (a waste); ``None`` when a card
    is unknown. Kept for the stacks met again (a stock is the same for a whole pass, a waste grows
    and shrinks by its top), so each new stack costs one step."""
    if not code:
        return ((), (), (), ())
    rest = _by_suit(code >> 6, bottom_first)
    face = (code & 63) - 1
    if rest is None or face >= 52:
        return None
    suit = face // 13
    mine = (*rest[suit], face) if bottom_first else (face, *rest[suit])
    return (*rest[:suit], mine, *rest[suit + 1 :])


class _OutOfBudget(Exception):
    pass


class _StackGame:
    """The small game: ``stock`` (faces, next turned first), ``waste`` (bottom first), ``hand`` (a
    face, -1 for none), ``tops``: the foundations' top ranks (``S+ H+ D+ C+ S- H- D- C-``; a suit
    left out of the game has its foundations complete). It can hold several suits; all four at once
    (a card buried under another suit's then counts) was tried and is far too big from a fresh
    deal: no conclusion within 50,000 positions on any of 40 deals without a redeal."""

    def __init__(
        self,
        stock: tuple[int, ...],
        waste: tuple[int, ...],
        hand: int,
        tops: tuple[int, ...],
        redeals: int,
        held: bool,
        budget: int,
    ) -> None:
        self.root = (stock, waste, hand, tops, redeals)
        self.held = held
        #: The foundations still open, with their suit's faces' base: the only ones the loops visit.
        self.open = tuple((j, (j & 3) * 13) for j in range(8) if tops[j] != _DONE[j])
        self.suits = tuple(sorted({j & 3 for j, _ in self.open}))
        self.budget = budget
        self.lost: set[tuple] = set()
        # How many of each face the quilt holds: what the foundations still take of it, less what
        # the stock, the waste and the hand hold. (A function of the rest of the state, so it is
        # kept beside it, not in the table's keys.)
        self.quilt = [_need(f, tops) for f in range(52)]
        for f in (*stock, *waste, *([hand] if hand >= 0 else [])):
            self.quilt[f] -= 1
        if min(self.quilt) < 0:
            raise ValueError("more cards of a kind than the foundations still take")

    def won(self) -> bool | None:
        """Can the small game be won (``None``: out of budget)?"""
        try:
            return self._search(*self.root)
        except _OutOfBudget:
            return None

    def _search(self, stock: tuple, waste: tuple, hand: int, tops: tuple, redeals: int) -> bool:
        quilt = self.quilt
        taken: list[int] = []  # faces the safe moves took from the quilt, to give back
        # The safe moves, until none is left: a card only one foundation still takes, or one
        # whose twin is in the quilt too, goes up as soon as it is available.
        changed = True
        while changed:
            changed = False
            for j, base in self.open:
                r = tops[j] + 1 if j < 4 else tops[j] - 1
                if not 1 <= r <= 13:
                    continue
                f = base + r - 1
                # _need(f, tops) == 1: the other foundation of the suit no longer takes rank r
                if quilt[f] == 2 or (r >= tops[j + 4] if j < 4 else r <= tops[j - 4]):
                    if hand == f:
                        hand = -1
                    elif waste and waste[-1] == f:
                        waste = waste[:-1]
                    elif quilt[f]:
                        quilt[f] -= 1
                        taken.append(f)
                    else:
                        continue
                    tops = (*tops[:j], r, *tops[j + 1 :])
                    changed = True
        try:
            return self._branch(stock, waste, hand, tops, redeals)
        finally:
            for f in taken:
                quilt[f] += 1

    def _branch(self, stock: tuple, waste: tuple, hand: int, tops: tuple, redeals: int) -> bool:
        if tops == _DONE:
            return True
        key = (stock, waste, hand, tops, redeals)
        if key in self.lost:
            return False
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        if not redeals and len(waste) > 1 and not self._waste_splits(waste, tops):
            return False  # the last pass's waste order (:mod:`.bound`), in the small game
        quilt = self.quilt
        # A card to a foundation that takes it (both foundations still take its face: a choice).
        for j, base in self.open:
            r = tops[j] + 1 if j < 4 else tops[j] - 1
            if not 1 <= r <= 13:
                continue
            f = base + r - 1
            up = (*tops[:j], r, *tops[j + 1 :])
            if hand == f and self._search(stock, waste, -1, up, redeals):
                return True
            if waste and waste[-1] == f and self._search(stock, waste[:-1], hand, up, redeals):
                return True
            if quilt[f]:
                quilt[f] -= 1
                ok = self._search(stock, waste, hand, up, redeals)
                quilt[f] += 1
                if ok:
                    return True
        if stock:  # turn
            if self.held:
                nxt = (stock[1:], (*waste, hand) if hand >= 0 else waste, stock[0])
            else:
                nxt = (stock[1:], (*waste, stock[0]), hand)
            if self._search(*nxt, tops, redeals):
                return True
        elif redeals and (waste or hand >= 0):  # the waste (the held card on top) is the new stock
            stock = (*waste, hand) if hand >= 0 else waste
            if self._search(stock, (), -1, tops, redeals - 1):
                return True
        self.lost.add(key)
        return False

    def _waste_splits(self, waste: tuple[int, ...], tops: tuple[int, ...]) -> bool:
        """Can the last pass's ``waste`` (faces, bottom first) leave for the foundations top card
        first? The argument of :mod:`.bound`, which holds in the small game as in the real one: its
        waste too is a stack that only its top leaves, for a foundation, and on the last pass
        nothing turns it over."""
        for suit in self.suits:
            ranks = [f % 13 + 1 for f in reversed(waste) if f // 13 == suit]
            if len(ranks) > 1 and not splits(ranks, tops[suit], tops[suit + 4]):
                return False
        return True


#: Every foundation complete.
_DONE = (13, 13, 13, 13, 1, 1, 1, 1)


def _need(f: int, tops: tuple[int, ...]) -> int:
    """How many of the foundations (0 to 2) still take a card of face ``f``."""
    s, r = divmod(f, 13)
    return (r + 1 > tops[s]) + (r + 1 < tops[s + 4])
