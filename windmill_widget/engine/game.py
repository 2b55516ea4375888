"""A game of Windmill: a deal, the rules, the moves played, undo and redo.

>>> g = Game(seed=42)
>>> g
<Game seed=42 Rules.strict() moves=0 playing centre=1/52>
>>> len(g.pile("stock")), g.pile("c")
(95, (Card('AS'),))
>>> g.play("deal")
Move('deal')
>>> g.undo()
Move('deal')
>>> g.explain("c>stock")
'Nothing goes back into the stock.'
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from .cards import NUM_CARDS, Card, parse_face
from .deal import check_seed, deal_order
from .errors import IllegalMove
from .notation import CORNERS, MOVES, NPILES, PILE_INDEX, PILES, SAIL_IDX, SAILS, Move, pile_name
from .position import _NEXT_UP, CENTRE_FULL, CORNER_FULL, Position, explain
from .rules import Rules

if TYPE_CHECKING:
    from .view import PlayerView

Status = str  # "playing" | "won" | "lost"
CardLike = Card | str


class Game:
    """One game of Windmill. See the module docstring and ``docs/rules.md``.

    Build one from a seed (``Game(seed=42)``), from a full dealing order
    (:meth:`from_order`), from a staged position (:meth:`from_position`) or from a save file
    (:meth:`from_json`).
    """

    # _pos is only ever changed through the methods below: _legal caches its legal codes until then.
    # _moves lists the moves played (kept in step with _records); _history caches it as a tuple until
    # the next play/undo/redo/restart, so repeated views and history reads do not rebuild it.
    __slots__ = ("_history", "_legal", "_moves", "_origin", "_pos", "_records", "_redo", "rules", "seed")

    def __init__(self, seed: int | None = None, *, rules: Rules | None = None) -> None:
        if seed is None:
            seed = secrets.randbelow(2**32)  # recorded, so a random deal can be replayed
        self.seed = check_seed(seed)
        self._setup(deal_order(seed), rules, origin=("seed", seed))

    # -- construction ----------------------------------------------------------------------
    def _setup(self, order: list[int], rules: Rules | None, origin: tuple) -> None:
        rules = _check_rules(rules)
        piles: list[list[int]] = [[] for _ in range(NPILES)]
        piles[0].append(order[0])
        for i, cid in zip(SAIL_IDX, order[1:9], strict=True):
            piles[i].append(cid)
        piles[PILE_INDEX["stock"]] = order[:8:-1]  # stored top-last: the next card dealt is order[9]
        self._init(Position(piles, rules), origin)

    def _init(self, pos: Position, origin: tuple) -> None:
        self.rules = pos.rules
        self._origin = origin
        self._pos = pos
        pos.settle()
        self._records: list[tuple[int, tuple]] = []
        self._redo: list[int] = []
        self._legal: list[int] | None = None
        self._moves: list[Move] = []
        self._history: tuple[Move, ...] | None = ()

    @classmethod
    def _blank(cls) -> Game:
        g = object.__new__(cls)
        g.seed = None
        return g

    @classmethod
    def from_order(cls, cards: Iterable[CardLike | int], *, rules: Rules | None = None) -> Game:
        """A game dealt from an explicit order of all 104 cards: the centre Ace, the eight sails
        ``n1 n2 e1 e2 s1 s2 w1 w2``, then the stock in dealing order (the first is dealt first).

        Cards may be :class:`Card` values, ids 0..103, or text such as ``"7H"`` (text takes the
        first copy of that card not yet used).
        """
        ids = _assign_ids(list(cards), set())
        if len(ids) != NUM_CARDS:
            raise ValueError(f"A Windmill deal uses all {NUM_CARDS} cards of a double deck; got {len(ids)}.")
        if Card.from_id(ids[0]).rank != 1:
            raise ValueError(
                f"The first card of the order starts the centre and must be an Ace, not {_sym(ids[0])}."
            )
        g = cls._blank()
        g._setup(ids, rules, origin=("order", tuple(ids)))
        return g

    @classmethod
    def from_position(
        cls,
        center: Iterable[CardLike] | None = None,
        corners: Mapping[str, Iterable[CardLike]] | None = None,
        sails: Mapping[str, CardLike | None] | None = None,
        waste: Iterable[CardLike] = (),
        stock: Iterable[CardLike] = (),
        *,
        rules: Rules | None = None,
        corner_run: int = 0,
        centre: Iterable[CardLike] | None = None,
    ) -> Game:
        """Stage any position, e.g. for a lesson. Every pile is listed bottom to top, exactly as
        :meth:`pile` shows it (so the *last* stock card is dealt first). Partial decks are fine.

        ``center`` (or ``centre``) defaults to a lone Ace of Spades; ``corners`` maps ``nw ne se sw``
        to piles; ``sails`` maps ``n1``..``w2`` to one card each; ``corner_run`` is how many corner
        cards have just gone to the centre in a row. Text cards take the first unused copy.

        >>> g = Game.from_position(center=["AS", "2H"], sails={"n1": "3C", "n2": "KD"}, stock=[])
        >>> g.legal_moves()
        [Move('n1>c'), Move('n2>nw'), Move('n2>ne'), Move('n2>se'), Move('n2>sw')]
        """
        if centre is not None:
            if center is not None:
                raise ValueError("Give the centre pile once, as center= or centre=, not both.")
            center = centre
        rules = _check_rules(rules)
        used: set[int] = set()
        piles: list[list[int]] = [[] for _ in range(NPILES)]
        piles[0] = _assign_ids(list(center) if center is not None else ["AS"], used)
        corners = dict(corners or {})
        for name in corners:
            if name not in CORNERS:
                raise ValueError(f"{name!r} is not a corner; the corners are {', '.join(CORNERS)}.")
        for name in CORNERS:
            piles[PILE_INDEX[name]] = _assign_ids(list(corners.get(name, ())), used)
        sails = dict(sails or {})
        for name, card in sails.items():
            if name not in SAILS:
                raise ValueError(f"{name!r} is not a sail; the sails are {', '.join(SAILS)}.")
            if isinstance(card, (list, tuple)):
                raise ValueError(f"A sail holds one card; sail {name} was given {len(card)}.")
            if card is not None:
                piles[PILE_INDEX[name]] = _assign_ids([card], used)
        piles[PILE_INDEX["waste"]] = _assign_ids(list(waste), used)
        piles[PILE_INDEX["stock"]] = _assign_ids(list(stock), used)
        _check_position(piles, corner_run)
        pos = Position(piles, rules, corner_run)
        g = cls._blank()
        g._init(pos, origin=("position", tuple(tuple(p) for p in piles), corner_run))
        return g

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved by :meth:`to_json`; raises :class:`SaveFileError` on any fault."""
        from .savefile import load

        return load(text)

    def to_json(self, *, indent: int | None = None) -> str:
        """The deal, the rules and every move (with the undo/redo position), as JSON text."""
        from .savefile import dump

        return dump(self, indent=indent)

    def copy(self) -> Game:
        """An independent copy, history included."""
        g = self._blank()
        g.seed = self.seed
        g.rules = self.rules
        g._origin = self._origin
        g._pos = self._pos.copy()
        g._records = list(self._records)
        g._redo = list(self._redo)
        g._legal = None
        g._moves = list(self._moves)
        g._history = self._history  # a tuple: safe to share
        return g

    def restart(self) -> None:
        """Back to the deal, keeping nothing to redo (use ``undo`` to step back instead)."""
        while self._records:
            self._pos.revert(self._records.pop()[1])
        self._redo.clear()
        self._legal = None
        self._moves.clear()
        self._history = ()

    # -- moves -------------------------------------------------------------------------------
    def _legal_codes(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._pos.legal_codes()
        return legal

    def legal_moves(self) -> list[Move]:
        """Every legal move in a stable order; ``deal`` is included while the stock has cards."""
        return [MOVES[c] for c in self._legal_codes()]

    def is_legal(self, move: Move | str) -> bool:
        return self.explain(move) is None

    def explain(self, move: Move | str) -> str | None:
        """``None`` if ``move`` is legal here, else the sentence saying why not."""
        try:
            m = _coerce(move)
        except IllegalMove as err:
            return str(err)
        if m.code in self._legal_codes():
            return None
        return explain(self._pos, m.code)[1]  # type: ignore[index]  # never None for an illegal move

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a :class:`Move` or notation such as ``"n1>c"``) and return it.

        Raises :class:`IllegalMove`, whose message says which rule forbids it; the game is unchanged.
        """
        m = move if type(move) is Move else _coerce(move)
        code = m.code
        if code not in self._legal_codes():
            rule, why = explain(self._pos, code)  # type: ignore[misc]  # never None for an illegal move
            raise IllegalMove(why, move=m, rule=rule)
        self._records.append((code, self._pos.apply(code)))
        self._legal = None
        self._moves.append(MOVES[code])
        self._history = None
        if self._redo:
            self._redo.clear()
        return m

    def deal(self) -> Move:
        """Turn the stock's top card onto the waste (same as ``play("deal")``)."""
        return self.play(Move.deal())

    def undo(self) -> Move:
        """Take back the last move (with its refill and automatic Kings); returns it."""
        if not self._records:
            raise IllegalMove("There is no move to undo.", rule="nothing-to-undo")
        code, record = self._records.pop()
        self._pos.revert(record)
        self._legal = None
        self._moves.pop()
        self._history = None
        self._redo.append(code)
        return MOVES[code]

    def redo(self) -> Move:
        """Play again the last move taken back; returns it."""
        if not self._redo:
            raise IllegalMove("There is no move to redo.", rule="nothing-to-redo")
        code = self._redo.pop()
        self._records.append((code, self._pos.apply(code)))
        self._legal = None
        self._moves.append(MOVES[code])
        self._history = None
        return MOVES[code]

    @property
    def can_undo(self) -> bool:
        return bool(self._records)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves played, oldest first (moves taken back by ``undo`` are not included)."""
        history = self._history
        if history is None:
            history = self._history = tuple(self._moves)  # one C-level copy, then cached
        return history

    @property
    def redo_moves(self) -> tuple[Move, ...]:
        """The moves ``redo`` would play, next first."""
        return tuple(MOVES[c] for c in reversed(self._redo))

    # -- reading -------------------------------------------------------------------------------
    @property
    def status(self) -> Status:
        """``"won"`` when every card is on a foundation, ``"lost"`` when no legal move remains
        (with ``transfers="any"``, also when only moves between foundations remain and none of
        them leads anywhere else), else ``"playing"``."""
        if self._pos.is_won():
            return "won"
        return "lost" if self._pos.is_over(self._legal_codes()) else "playing"

    @property
    def corner_run(self) -> int:
        """How many corner cards went to the centre in a row just now (the strict rule's counter)."""
        return self._pos.corner_run

    @property
    def cards_on_foundations(self) -> int:
        return self._pos.on_foundations()

    @property
    def total_cards(self) -> int:
        return self._pos.on_foundations() + self._pos.cards_out()

    def pile(self, name: str) -> tuple[Card, ...]:
        """The cards of pile ``name`` bottom -> top (``c nw ne se sw n1 .. w2 waste stock``).
        The stock's top is the next card dealt."""
        return tuple(Card._all[i] for i in self._pos.piles[PILE_INDEX[pile_name(name)]])

    def top(self, name: str) -> Card | None:
        cid = self._pos.top(PILE_INDEX[pile_name(name)])
        return None if cid is None else Card._all[cid]

    def piles(self) -> dict[str, tuple[Card, ...]]:
        """Every pile by name."""
        return {name: self.pile(name) for name in PILES}

    def position(self) -> dict[str, Any]:
        """Keyword arguments that :meth:`from_position` turns back into this position."""
        p = self.piles()
        return {
            "center": list(p["c"]),
            "corners": {n: list(p[n]) for n in CORNERS},
            "sails": {n: (p[n][0] if p[n] else None) for n in SAILS},
            "waste": list(p["waste"]),
            "stock": list(p["stock"]),
            "rules": self.rules,
            "corner_run": self.corner_run,
        }

    def view(self) -> PlayerView:
        """What a player may see: everything face up, the stock only as a count."""
        from .view import PlayerView

        return PlayerView(self._pos, self.history)

    # -- display -------------------------------------------------------------------------------
    def __repr__(self) -> str:
        origin = f"seed={self.seed}" if self.seed is not None else f"from_{self._origin[0]}"
        return (
            f"<Game {origin} {self.rules!r} moves={len(self._records)} {self.status} "
            f"centre={len(self._pos.piles[0])}/{CENTRE_FULL}>"
        )

    def __str__(self) -> str:
        from .render import text_diagram

        return text_diagram(self)

    def _repr_svg_(self) -> str:
        from .render import svg

        return svg(self)

    def svg(self, **kwargs: Any) -> str:
        """The position as a standalone SVG picture (renders on GitHub and nbviewer)."""
        from .render import svg

        return svg(self, **kwargs)


def _check_rules(rules: Rules | None) -> Rules:
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value (e.g. Rules.relaxed()), not {rules!r}.")
    return rules


def _coerce(move: Move | str) -> Move:
    try:
        return Move.parse(move)
    except ValueError as err:
        raise IllegalMove(str(err), move=move, rule="notation") from None


def _sym(cid: int) -> str:
    return Card.from_id(cid).symbol


def _assign_ids(cards: list[Any], used: set[int]) -> list[int]:
    """Card-like values -> distinct ids; text takes the first copy not yet used."""
    ids = []
    for c in cards:
        if isinstance(c, Card):
            cid = c.id
            if cid in used:
                raise ValueError(f"The {c.symbol} of deck {c.deck} is used twice in this position.")
        elif isinstance(c, int) and not isinstance(c, bool):
            cid = Card.from_id(c).id
            if cid in used:
                raise ValueError(f"Card id {cid} ({_sym(cid)}) is used twice.")
        else:
            rank, suit = parse_face(c)
            first = Card(rank=rank, suit=suit).id
            cid = first if first not in used else first + 52
            if cid in used:
                raise ValueError(f"A double deck has only two {Card._all[first].symbol}; this uses more.")
        used.add(cid)
        ids.append(cid)
    return ids


def _check_position(piles: list[list[int]], corner_run: int) -> None:
    from .cards import RANK_OF

    centre = piles[0]
    if not centre:
        raise ValueError("The centre always holds at least its base Ace.")
    if RANK_OF[centre[0]] != 1:
        raise ValueError(f"The centre starts with an Ace, not the {_sym(centre[0])}.")
    if len(centre) > CENTRE_FULL:
        raise ValueError(f"The centre holds at most {CENTRE_FULL} cards; this one has {len(centre)}.")
    for a, b in pairwise(centre):
        if RANK_OF[b] != _NEXT_UP[RANK_OF[a]]:
            raise ValueError(
                f"The centre builds up one rank at a time (King then Ace); "
                f"the {_sym(b)} cannot follow the {_sym(a)}."
            )
    for name in CORNERS:
        pile = piles[PILE_INDEX[name]]
        if pile and RANK_OF[pile[0]] != 13:
            raise ValueError(f"Corner {name} must start with a King, not the {_sym(pile[0])}.")
        if len(pile) > CORNER_FULL:
            raise ValueError(f"Corner {name} holds at most {CORNER_FULL} cards (King down to Ace).")
        for a, b in pairwise(pile):
            if RANK_OF[b] != RANK_OF[a] - 1:
                raise ValueError(
                    f"Corner {name} builds down one rank at a time; "
                    f"the {_sym(b)} cannot follow the {_sym(a)}."
                )
    if piles[PILE_INDEX["waste"]] or piles[PILE_INDEX["stock"]]:
        empty = [n for n in SAILS if not piles[PILE_INDEX[n]]]
        if empty:
            raise ValueError(
                f"Sail {empty[0]} is empty while the waste or stock still has cards; "
                "an emptied sail is refilled at once, so give every sail a card."
            )
    if not isinstance(corner_run, int) or isinstance(corner_run, bool) or corner_run < 0:
        raise ValueError(f"corner_run is a whole number of at least 0, not {corner_run!r}.")
