"""The mutable core of a Windmill game: piles, the corner-run counter, and the rules.

This is the one place the rules of play live. :meth:`Position.legal_codes` decides what is
legal; :meth:`Position.apply` carries a move out (with its refill and automatic Kings);
:func:`explain` only *describes* why a move that :meth:`legal_codes` left out is illegal.
Everything else (``Game``, the player view, the widget, strategies, the solver) asks these.

Moves are small integers here (``src * 16 + dst``, pile indices from :mod:`.notation`) and
cards are ids 0..103, so solvers and tournaments can push millions of moves through it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.cards import RANK_OF, Card, rank_article
from ...core.outcome import Termination
from .notation import (
    CORNER_IDX,
    DEAL_CODE,
    NPILES,
    PILES,
    SAIL_IDX,
    C,
    S,
    W,
    describe_pile,
)
from .rules import Rules

CENTRE_FULL = 52
CORNER_FULL = 13
KING = 13
_NEXT_UP = (0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1)  # K wraps to A (seed 002: "Sequence is circular")
_SOURCES = (*SAIL_IDX, W)
_SOURCE_CODES = tuple((s, s << 4) for s in _SOURCES)  # (pile index, its moves' code base)


class Position:
    """Piles (lists of card ids, bottom -> top; the stock's top is the next card dealt),
    how many corner cards went to the centre in a row, and the rules in force."""

    __slots__ = ("_any", "_auto", "_limit", "corner_run", "piles", "rules")
    STOCK = S

    def __init__(self, piles: list[list[int]], rules: Rules, corner_run: int = 0) -> None:
        if len(piles) != NPILES:
            raise ValueError(f"a position has {NPILES} piles")
        self.piles = piles
        self.rules = rules
        self.corner_run = corner_run
        self._limit = rules.corner_streak
        self._any = rules.transfers == "any"
        self._auto = rules.auto_kings

    def copy(self) -> Position:
        return Position([list(p) for p in self.piles], self.rules, self.corner_run)

    def extras(self) -> dict[str, int]:
        return {"corner_run": self.corner_run}

    @classmethod
    def from_parts(cls, piles: list[list[int]], rules: Rules, *, corner_run: int = 0) -> Position:
        return cls(piles, rules, corner_run)

    def hidden(self) -> Position:
        """A copy with the stock face down (its cards ``None``, its count kept)."""
        piles = [list(p) for p in self.piles]
        piles[S] = [None] * len(piles[S])  # type: ignore[list-item]
        return Position(piles, self.rules, self.corner_run)

    # -- status --------------------------------------------------------------------------
    def cards_out(self) -> int:
        """How many cards are not yet on a foundation."""
        p = self.piles
        return sum(len(p[i]) for i in SAIL_IDX) + len(p[W]) + len(p[S])

    def on_foundations(self) -> int:
        p = self.piles
        return len(p[0]) + len(p[1]) + len(p[2]) + len(p[3]) + len(p[4])

    def is_won(self) -> bool:
        # Seed 000: "The goal is to move all the cards onto the foundations."
        p = self.piles
        return not p[S] and not p[W] and not any(p[5:13])

    def termination(self, codes: Sequence[int]) -> Termination | None:
        """Why the game is over (won, no move, or only moves that lead nowhere); ``None`` if it is not."""
        if not codes:
            return Termination.WON if self.is_won() else Termination.NO_MOVES
        if self._any and not self.piles[S] and self.is_over(codes):
            return Termination.NO_PROGRESS
        return None

    def explain(self, code: int) -> tuple[str, str] | None:
        """Why move ``code`` is illegal here, as ``(rule key, sentence)``; ``None`` if it is legal."""
        return explain(self, code)

    def is_over(self, codes: Sequence[int] | None = None) -> bool:
        """Is the game over (lost, unless it is won)? ``codes``: the legal codes, if known.

        Over when no legal move remains. With ``transfers="any"`` also when the only legal moves
        go between foundations and no sequence of them ever leads to a deal or to a card played
        from a sail or the waste: cards could shuttle between foundations for ever, but the game
        is over in all but name. (An engine rule, not a seed's: see ``docs/rules.md``.)
        """
        if codes is None:
            codes = self.legal_codes()
        if not codes:
            return True
        if not self._any or self.piles[S]:  # no transfers, or a deal is still to come
            return False
        if not all(between_foundations(code) for code in codes):
            return False
        return not self._progress_after_transfers()

    def _progress_after_transfers(self) -> bool:
        """Does some sequence of moves between foundations lead to a position with another kind
        of move? Visits each arrangement of foundation heights once (the ranks on a foundation
        follow from its height; the window does not change on the way)."""
        placed = self.on_foundations()
        seen = {self._foundations_key()}
        todo = [self]
        while todo:
            pos = todo.pop()
            for code in pos.legal_codes():
                if not between_foundations(code):
                    return True
                nxt = pos.copy()
                nxt.apply(code)
                if nxt.on_foundations() != placed:  # automatic Kings played from the window
                    return True
                key = nxt._foundations_key()
                if key not in seen:
                    seen.add(key)
                    todo.append(nxt)
        return False

    def _foundations_key(self) -> tuple[int, ...]:
        p = self.piles
        limit = self._limit
        run = 0 if limit is None else min(self.corner_run, limit)
        return (len(p[0]), len(p[1]), len(p[2]), len(p[3]), len(p[4]), run)

    # -- legality: the rules, once ----------------------------------------------------------
    def legal_codes(self) -> list[int]:
        """Every legal move, as codes, in a stable order: plays from sails and the waste,
        then from corners (and, with ``transfers="any"``, the centre), then the deal."""
        p = self.piles
        stock = p[S]
        if not stock and self.is_won():
            return []
        out: list[int] = []
        # Which rank each foundation takes next, as {rank: [foundation index, ...]}.
        centre = p[C]
        centre_need = 0
        if centre and len(centre) < CENTRE_FULL:
            # Seed 000: "The center foundation builds up without regard for suit, until it contains 52 cards."
            centre_need = _NEXT_UP[RANK_OF[centre[-1]]]
            wants: dict[int, list[int]] = {centre_need: [C]}
        else:
            wants = {}
        for i in CORNER_IDX:
            pile = p[i]
            # Seed 000: "The corner foundations start with Kings and build down [...] but only to the
            # first Ace": an empty corner wants a King; a corner whose top is the Ace is full (need 0).
            need = RANK_OF[pile[-1]] - 1 if pile else KING
            if need:
                if need in wants:
                    wants[need].append(i)
                else:
                    wants[need] = [i]
        # Seed 000: "Cards in the sails and the top card of the discard pile are available for
        # play on any foundation."
        for s, base in _SOURCE_CODES:
            pile = p[s]
            if pile:
                rank = RANK_OF[pile[-1]]
                if rank in wants:
                    for d in wants[rank]:
                        out.append(base | d)
        # Seed 000: "The top card of a corner foundation may be transferred to the center foundation,
        # but after doing this the next card played to the center must come from the sails or the
        # discard pile."
        corner_to_centre = centre_need and (self._limit is None or self.corner_run < self._limit)
        if self._any:
            for s in CORNER_IDX:
                pile = p[s]
                if pile:
                    for d in wants.get(RANK_OF[pile[-1]], ()):
                        if d != s and (d != C or corner_to_centre):
                            out.append(s << 4 | d)
            if len(centre) > 1:  # PySolFC: the centre's base Ace never moves
                for d in wants.get(RANK_OF[centre[-1]], ()):
                    if d != C:
                        out.append(d)  # C << 4 | d
        elif corner_to_centre:
            for s in CORNER_IDX:
                pile = p[s]
                if pile and RANK_OF[pile[-1]] == centre_need:
                    out.append(s << 4)
        # Seed 000: "You may deal at any time ... There are no redeals."
        if stock:
            out.append(DEAL_CODE)
        return out

    # -- carrying out a move -------------------------------------------------------------------
    def apply(self, code: int) -> tuple[int, tuple[int, ...]]:
        """Carry out a legal move (unchecked) and return its undo record:
        ``(corner_run before, primitive steps)``, each step ``from << 4 | to`` moving one top card."""
        p = self.piles
        run = self.corner_run
        src, dst = code >> 4, code & 15
        p[dst].append(p[src].pop())
        if dst == C:
            self.corner_run = run + 1 if 1 <= src <= 4 else 0  # from a corner?
        steps: tuple[int, ...] = (code,)
        if 5 <= src <= 12:
            # Seed 000: "Empty spaces in the sails must be filled immediately from the discard pile,
            # or if it is empty, from the deck."
            if p[W]:
                p[src].append(p[W].pop())
                steps = (code, W << 4 | src)
            elif p[S]:
                p[src].append(p[S].pop())
                steps = (code, S << 4 | src)
        if self._auto:
            extra: list[int] = []
            self._auto_kings(extra)
            if extra:
                steps += tuple(extra)
        return run, steps

    def _auto_kings(self, steps: list[int]) -> None:
        # Seed 001: "As the first four Kings turn up, place them in the corners of the windmill."
        p = self.piles
        while True:
            corner = next((i for i in CORNER_IDX if not p[i]), 0)
            if not corner:
                return
            src = next((s for s in _SOURCES if p[s] and RANK_OF[p[s][-1]] == KING), 0)
            if not src:
                return
            p[corner].append(p[src].pop())
            steps.append(src << 4 | corner)
            if src != W:
                if p[W]:
                    p[src].append(p[W].pop())
                    steps.append(W << 4 | src)
                elif p[S]:
                    p[src].append(p[S].pop())
                    steps.append(S << 4 | src)

    def settle(self) -> tuple[int, ...]:
        """Apply the automatic moves a fresh position owes (auto Kings at the start)."""
        steps: list[int] = []
        if self._auto:
            self._auto_kings(steps)
        return tuple(steps)

    def revert(self, record: tuple[int, tuple[int, ...]]) -> None:
        """Undo a move exactly, given the record :meth:`apply` returned."""
        run, steps = record
        p = self.piles
        for step in reversed(steps):
            p[step >> 4].append(p[step & 15].pop())
        self.corner_run = run

    # -- reading ---------------------------------------------------------------------------
    def top(self, index: int) -> int | None:
        pile = self.piles[index]
        return pile[-1] if pile else None


def _card(cid: int | None) -> str:
    return "an unseen card" if cid is None else f"the {Card.from_id(cid).symbol}"


def explain(pos: Position, code: int) -> tuple[str, str] | None:
    """Why the move ``code`` is illegal in ``pos``, as ``(rule key, sentence)``; ``None`` if it is legal.

    Legality itself is decided by :meth:`Position.legal_codes`; this only finds the words.
    """
    if code in pos.legal_codes():
        return None
    p = pos.piles
    src, dst = code >> 4, code & 15
    sname, dname = PILES[src], PILES[dst]
    if pos.is_won():
        return (
            "game-over",
            "The game is won: every card is on a foundation, so there is nothing left to move.",
        )
    if code == DEAL_CODE:
        return "no-redeal", "The stock is empty and there is no redeal."
    if src == dst:
        return "same-pile", "A card cannot move onto the pile it is already on."
    if src == S:
        return (
            "stock-deal-only",
            "Cards leave the stock only by dealing them onto the waste (the move 'deal').",
        )
    if dst == S:
        return "stock-closed", "Nothing goes back into the stock."
    if dst == W:
        return "waste-deal-only", "Only dealing puts cards on the waste; its top card is played from there."
    if dst in SAIL_IDX:
        return (
            "sails-not-built",
            "Sails are never built on: an emptied sail is refilled from the waste, "
            "or from the stock when the waste is empty.",
        )
    if not p[src]:
        if src == W:
            if p[S]:
                return "empty-source", "The waste is empty: deal a card from the stock first."
            return "empty-source", "The waste is empty, and so is the stock."
        return "empty-source", f"{describe_pile(sname).capitalize()} is empty."
    cid = p[src][-1]
    what = f"{_card(cid)} on {describe_pile(sname)}"
    rank = RANK_OF[cid]
    if src == C:
        if pos.rules.transfers != "any":
            return (
                "centre-stays",
                "Cards on the centre stay there: play from the sails, the waste or a corner's top card.",
            )
        if len(p[C]) == 1:
            return "centre-base", "The centre's base Ace never leaves the centre."
    if src in CORNER_IDX and dst in CORNER_IDX and pos.rules.transfers != "any":
        return "corner-to-centre-only", "A corner's top card may only go to the centre."
    if dst == C:
        centre = p[C]
        if len(centre) >= CENTRE_FULL:
            return "centre-full", "The centre is full: it holds all 52 of its cards."
        if not centre:
            return "centre-empty", "The centre has no base Ace, so nothing can be built on it."
        top = RANK_OF[centre[-1]]
        need = _NEXT_UP[top]
        if rank != need:
            # One parenthesis: the King's wrap-around joins the top card's remark.
            wrap = ", and after a King comes an Ace again" if top == KING else ""
            return (
                "centre-sequence",
                f"The centre needs {rank_article(need)} next (its top card is "
                f"{rank_article(top)}{wrap}); {what} cannot go there.",
            )
        if src in CORNER_IDX:
            limit = pos.rules.corner_streak
            if limit == 1:
                return (
                    "corner-streak",
                    "After a corner card goes to the centre, the next centre card "
                    "must come from a sail or the waste.",
                )
            return (
                "corner-streak",
                f"At most {limit} corner cards may go to the centre in a row; the next "
                "centre card must come from a sail or the waste.",
            )
    if dst in CORNER_IDX:
        corner = p[dst]
        if not corner:
            return "empty-corner-king", f"An empty corner takes only a King; {what} is not one."
        if len(corner) >= CORNER_FULL:
            return (
                "corner-full",
                f"Corner {dname} is complete: it has been built down to the Ace and takes no more cards.",
            )
        top = RANK_OF[corner[-1]]
        if rank != top - 1:
            return (
                "corner-sequence",
                f"Corner {dname} needs {rank_article(top - 1)} next (its top card is "
                f"{rank_article(top)}); {what} cannot go there.",
            )
    return "illegal", "That move is not allowed here."  # unreachable when the rules above are complete


def between_foundations(code: int) -> bool:
    """Does move ``code`` go from a foundation (the centre 0, corners 1-4) to another?"""
    return code >> 4 <= 4 and code & 15 <= 4
