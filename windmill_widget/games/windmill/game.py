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

from collections.abc import Iterable, Mapping
from itertools import pairwise
from typing import Any

from ...core.cards import NUM_CARDS, Card, CardLike, assign_ids, card_list
from ...core.game import PatienceGame
from ...core.registry import register
from ...core.text import excerpt
from . import search
from .deal import deal_order
from .notation import (
    CORNERS,
    DEAL_CODE,
    MOVES,
    NPILES,
    PILE_INDEX,
    PILES,
    SAIL_IDX,
    SAILS,
    Move,
    S,
    W,
    describe_pile,
)
from .position import _NEXT_UP, CENTRE_FULL, CORNER_FULL, Position
from .rules import Rules
from .view import PlayerView


@register
class Game(PatienceGame):
    """One game of Windmill. See the module docstring and ``docs/rules.md``.

    Build one from a seed (``Game(seed=42)``), from a full dealing order (:meth:`from_order`),
    from a staged position (:meth:`from_position`), from PySolFC's game number
    (:meth:`from_pysolfc`) or from a save file (:meth:`from_json`).
    """

    name = "windmill"
    title = "Windmill"
    aliases = ("propeller",)
    move_type = Move
    rules_type = Rules
    view_type = PlayerView
    position_type = Position
    order_size = NUM_CARDS
    renderer = f"{__package__}.render"

    __slots__ = ()

    rules: Rules

    # -- dealing ---------------------------------------------------------------------------------
    @classmethod
    def deal_order(cls, seed: int) -> list[int]:
        """The centre Ace, the sails ``n1 n2 e1 e2 s1 s2 w1 w2``, then the stock, first dealt first."""
        return deal_order(seed)

    @classmethod
    def _deal(cls, order: list[int], rules: Rules) -> Position:
        piles: list[list[int]] = [[] for _ in range(NPILES)]
        piles[0].append(order[0])
        for i, cid in zip(SAIL_IDX, order[1:9], strict=True):
            piles[i].append(cid)
        piles[S] = order[:8:-1]  # stored top-last: the next card dealt is order[9]
        return Position(piles, rules)

    @classmethod
    def _check_order(cls, ids: list[int]) -> None:
        if Card.from_id(ids[0]).rank != 1:
            raise ValueError(
                f"The first card of the order starts the centre and must be an Ace, not {_sym(ids[0])}."
            )

    @classmethod
    def from_order(cls, cards: Iterable[CardLike], *, rules: Rules | None = None) -> Game:
        """A game dealt from an explicit order of all 104 cards: the centre Ace, the eight sails
        ``n1 n2 e1 e2 s1 s2 w1 w2``, then the stock in dealing order (the first is dealt first).

        Cards may be :class:`Card` values, ids 0..103, or text such as ``"7H"`` (text takes the
        first copy of that card not yet used).
        """
        return super().from_order(cards, rules=rules)  # type: ignore[return-value]

    @classmethod
    def from_pysolfc(cls, number: int, *, rules: Rules | None = None) -> Game:
        """PySolFC's Windmill deal ``number`` (its game 30; "Windmill #12345" there): the same centre
        Ace, sails, first waste card and stock, so a deal met in PySolFC can be played, solved and
        reviewed here. The rules default to :meth:`Rules.pysolfc`; ``docs/rules.md`` says where they
        still differ from PySolFC's. Numbers run from 1 to 10**20; the ``pysol-cards`` package deals
        them (``pip install "windmill_widget[pysolfc]"``).

        >>> g = Game.from_pysolfc(12345)
        >>> g
        <Game pysolfc=12345 Rules.pysolfc() moves=0 playing centre=1/52>
        >>> g.pile("c"), len(g.pile("waste")), len(g.pile("stock"))
        ((Card('AC'),), 1, 94)
        """
        from .pysolfc import pysolfc_order

        rules = cls._check_rules(Rules.pysolfc() if rules is None else rules)
        pos = cls._deal(pysolfc_order(number), rules)
        pos.piles[W].append(pos.piles[S].pop())  # PySolFC turns the first stock card up as it deals
        g = cls._blank()
        g._init(pos, origin=("pysolfc", number))
        return g  # type: ignore[return-value]

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
        rules = cls._check_rules(rules)
        used: set[int] = set()
        piles: list[list[int]] = [[] for _ in range(NPILES)]
        piles[0] = assign_ids(card_list(center, "the centre") if center is not None else ["AS"], used)
        corners = dict(corners or {})
        for name in corners:
            if name not in CORNERS:
                raise ValueError(f"{excerpt(name)} is not a corner; the corners are {', '.join(CORNERS)}.")
        for name in CORNERS:
            piles[PILE_INDEX[name]] = assign_ids(card_list(corners.get(name, ()), f"corner {name}"), used)
        sails = dict(sails or {})
        for name, card in sails.items():
            if name not in SAILS:
                raise ValueError(f"{excerpt(name)} is not a sail; the sails are {', '.join(SAILS)}.")
            if isinstance(card, (list, tuple)):
                raise ValueError(f"A sail holds one card; sail {name} was given {len(card)}.")
            if card is not None:
                piles[PILE_INDEX[name]] = assign_ids([card], used)
        piles[W] = assign_ids(card_list(waste, "the waste"), used)
        piles[S] = assign_ids(card_list(stock, "the stock"), used)
        _check_position(piles, corner_run)
        pos = Position(piles, rules, corner_run)
        g = cls._blank()
        g._init(pos, origin=("position", pos.copy()))
        return g  # type: ignore[return-value]

    # -- save files --------------------------------------------------------------------------------
    def _position_doc(self) -> dict[str, Any]:
        start: Position = self._origin[1]
        return {
            "position": {name: list(start.piles[PILE_INDEX[name]]) for name in PILES},
            "corner_run": start.corner_run,
        }

    @classmethod
    def _from_position_doc(cls, deal: Any, rules: Rules) -> Game:
        if set(deal) != {"position", "corner_run"}:
            raise ValueError(
                "the deal has either a seed and algorithm, an order, a PySolFC game number, "
                "or a position and corner_run"
            )
        pos = deal["position"]
        if not isinstance(pos, dict) or set(pos) != set(PILE_INDEX):
            raise ValueError(f"a position names every pile: {', '.join(PILE_INDEX)}")
        for name, pile in pos.items():
            if not isinstance(pile, list) or not all(type(c) is int for c in pile):
                raise ValueError(f"pile {name} is a list of card ids 0..103")
            if name in SAILS and len(pile) > 1:
                raise ValueError(f"sail {name} holds at most one card")
        return cls.from_position(
            center=pos["c"],
            corners={n: pos[n] for n in CORNERS},
            sails={n: (pos[n][0] if pos[n] else None) for n in SAILS},
            waste=pos["waste"],
            stock=pos["stock"],
            rules=rules,
            corner_run=deal["corner_run"],
        )

    # -- moves -------------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:  # type: ignore[override]
        """Every legal move in a stable order; ``deal`` is included while the stock has cards."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._pos.legal_codes())
        return [MOVES[c] for c in legal]  # type: ignore[misc]

    def deal(self) -> Move:
        """Turn the stock's top card onto the waste (same as ``play("deal")``)."""
        return self.play(Move.deal())  # type: ignore[return-value]

    def describe(self, move: Move | str) -> str:
        """What ``move`` would do, for a learner: ``"deal a card from the stock"``, ``"the 7 of hearts
        from sail n1 to the centre"``."""
        m = self._coerce(move)
        if m.is_deal:  # type: ignore[attr-defined]
            return "deal a card from the stock"
        card = self.top(m.src)
        return f"the {card.name if card else 'card'} from {describe_pile(m.src)} to {describe_pile(m.dst)}"

    def describe_last(self) -> str:
        """What the last move did, refills and automatic Kings included: ``"Dealt the 7 of hearts; 94
        left in the stock."``, ``"10 of clubs from sail n1 to the centre. Queen of spades from the
        waste fills sail n1."``"""
        if not self._records:
            return ""
        code, (_run, steps) = self._records[-1]
        if code == DEAL_CODE:
            card = self.top("waste")
            return f"Dealt the {card.name if card else 'card'}; {len(self._pos.piles[S])} left in the stock."
        # Replay the steps' cards from the end state backwards: each step moved one top card.
        piles = [list(p) for p in self._pos.piles]
        moved = []
        for step in reversed(steps):
            src, dst = step >> 4, step & 15
            cid = piles[dst].pop()
            piles[src].append(cid)
            moved.append((cid, PILES[src], PILES[dst]))
        sentences = []
        for i, (cid, src, dst) in enumerate(reversed(moved)):
            name = Card.from_id(cid).name
            if i and dst in SAILS:
                sentences.append(f"{name} from {describe_pile(src)} fills {describe_pile(dst)}.")
            elif i:
                sentences.append(f"{name} goes from {describe_pile(src)} to {describe_pile(dst)} by itself.")
            else:
                sentences.append(f"{name} from {describe_pile(src)} to {describe_pile(dst)}.")
        return " ".join(s[:1].upper() + s[1:] for s in sentences)

    # -- reading -----------------------------------------------------------------------------------
    @property
    def corner_run(self) -> int:
        """How many corner cards went to the centre in a row just now (the strict rule's counter)."""
        return self._pos.corner_run

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
        return PlayerView(self._pos, self.history, self.legal_codes())

    # -- display -----------------------------------------------------------------------------------
    def signature(self) -> tuple:
        """The position as the rules see it, suits dropped and sails and corners interchangeable:
        two positions with the same signature have the same futures, so the clairvoyant solver's
        verdict on one holds for the other.

        >>> a, b = Game(seed=1), Game(seed=1)
        >>> a.legal_moves()
        [Move('n1>c'), Move('w1>c'), Move('deal')]
        >>> a.play("n1>c"), b.play("w1>c")  # a 2 from either sail, the stock's top card refills it
        (Move('n1>c'), Move('w1>c'))
        >>> a.signature() == b.signature()
        True
        """
        return search.signature(search.SearchState.from_game(self))

    def board_facts(self) -> dict[str, Any]:
        """What the board needs to know once (see :meth:`PatienceGame.board_facts`): pile labels for
        people ("Sail n1", "Corner nw", "Centre"), the foundations' capacities, the centre first."""
        labels = {name: describe_pile(name).removeprefix("the ").capitalize() for name in PILES}
        return {
            "title": self.title,
            "piles": list(PILES),
            "labels": labels,
            "caps": {"c": CENTRE_FULL, **dict.fromkeys(CORNERS, CORNER_FULL)},
            "foundations": ["c", *CORNERS],
            "preferred": "c",
            "home": "c",
            "stockMoves": ["deal"],
            "moveLabels": {"deal": "Deal"},
            "moveTitles": {"deal": "Deal a card from the stock (d)"},
            "options": {},
        }

    @property
    def progress(self) -> str:
        """How far the game has come, in a few words (``centre 12/52``), for one-line summaries."""
        return f"centre {len(self._pos.piles[0])}/{CENTRE_FULL}"


PlayerView.game_type = Game


def _sym(cid: int) -> str:
    return Card.from_id(cid).symbol


def _check_position(piles: list[list[int]], corner_run: int) -> None:
    from ...core.cards import RANK_OF

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
        raise ValueError(f"corner_run is a whole number of at least 0, not {excerpt(corner_run)}.")
