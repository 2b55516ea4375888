"""What every patience game of the kit shares: a deal, the rules in force, the moves played, undo and
redo, how the game stands, a player's view, save files and pictures.

A game's package subclasses :class:`PatienceGame` once (Windmill's ``Game``, Crazy Quilt's
``QuiltGame``) and supplies its :class:`~windmill_widget.core.position.Position` (the rules), its move
class and notation, its rule options, its player view and its pictures. Everything here works for any
of them, so a player, the lab and the board meet every game the same way.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar

from .annotations import Annotation
from .cards import Card, CardLike, assign_ids
from .deal import check_seed, random_seed
from .errors import IllegalMove
from .moves import Move
from .outcome import Outcome, Status, Termination
from .text import excerpt

if TYPE_CHECKING:
    from .position import Position
    from .svg import Picture
    from .view import PlayerView


class PatienceGame:
    """One game: build it from a seed (``Game(seed=42)``), a full dealing order (:meth:`from_order`),
    a staged position (each game's ``from_position``), PySolFC's game number (:meth:`from_pysolfc`,
    Windmill only) or a save file (:meth:`from_json`)."""

    #: The registry's name (``"windmill"``), the name for people, and other names it is known by.
    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    #: The game's move class, rule options, player view and position (its rules).
    move_type: ClassVar[type[Move]]
    rules_type: ClassVar[type]
    view_type: ClassVar[type[PlayerView]]
    position_type: ClassVar[type[Position]]
    #: How many cards a dealing order lists (:meth:`from_order`).
    order_size: ClassVar[int]
    #: The module that draws the game's pictures, by name: its ``svg(game, *, scale, last_move, arrows,
    #: highlight, labels)`` is :meth:`svg`'s and its ``text(game)`` is :meth:`text`'s. Imported when a
    #: picture is first asked for.
    renderer: ClassVar[str]

    # _pos is only ever changed through the methods below: _legal caches its legal codes until then.
    # _moves lists the moves played (kept in step with _records); _history caches it as a tuple until
    # the next play/undo/redo/restart, so repeated views and history reads do not rebuild it.
    # annotations: PGN-like marks and comments by move index (core/annotations.py), kept by save files.
    __slots__ = (
        "_history", "_legal", "_moves", "_origin", "_pos", "_records", "_redo", "annotations", "rules", "seed"
    )  # fmt: skip

    def __init__(self, seed: int | None = None, *, rules: Any = None) -> None:
        if seed is None:
            seed = random_seed()  # recorded, so a random deal can be replayed
        self.seed = check_seed(seed)
        self._init(self._deal(self.deal_order(seed), self._check_rules(rules)), ("seed", seed))

    # -- what a game's package supplies ----------------------------------------------------------
    @classmethod
    def deal_order(cls, seed: int) -> list[int]:
        """Card ids in dealing order for deal ``seed`` (the order :meth:`from_order` takes)."""
        raise NotImplementedError

    @classmethod
    def _deal(cls, order: list[int], rules: Any) -> Position:
        """The starting position of a dealing order (already checked)."""
        raise NotImplementedError

    @classmethod
    def _check_order(cls, ids: list[int]) -> None:
        """Raise ValueError if ``ids`` is not a dealing order of this game."""

    @classmethod
    def _reserved_ids(cls) -> frozenset[int]:
        """Cards every deal sets out before the order is dealt (so text in an order names the other copy)."""
        return frozenset()

    def _position_doc(self) -> dict[str, Any]:
        """A staged starting position as JSON (for save files)."""
        raise NotImplementedError

    @classmethod
    def _from_position_doc(cls, doc: Any, rules: Any) -> PatienceGame:
        """Rebuild a staged game from :meth:`_position_doc`'s output; ValueError if it is not one."""
        raise NotImplementedError

    def svg(
        self,
        *,
        scale: float = 1.0,
        last_move: Any = None,
        arrows: Any = (),
        highlight: Any = (),
        labels: Any = None,
    ) -> str:
        """The position as a standalone SVG picture (renders on GitHub and nbviewer), pointing as
        ``chess.svg.board`` does: ``last_move`` tinted, ``arrows`` (``[("w1", "c")]``, with a colour
        as a third item, or moves), ``highlight`` (pile names, or a mapping to colours) and
        ``labels`` (pile name to a short text); see :func:`windmill_widget.core.svg.pointing`.
        Drawn by the game's :attr:`renderer`.

        >>> from windmill_widget import Game, QuiltGame
        >>> g = Game(seed=1); m = g.play("n1>c")
        >>> svg = g.svg(last_move=m, arrows=[("w1", "c")], highlight=["w1"], labels={"c": "2"})
        >>> svg.startswith("<svg") and 'data-arrow="0"' in svg and 'data-label="c"' in svg
        True
        >>> 'aria-label="Crazy Quilt position"' in QuiltGame(seed=7).svg(arrows=["c1>C-"], scale=0.5)
        True
        """
        draw = import_module(self.renderer).svg
        return draw(self, scale=scale, last_move=last_move, arrows=arrows, highlight=highlight, labels=labels)

    def picture(self, *, last_move: Any = "last", **pointing: Any) -> Picture:
        """The position as a picture that shows itself in a notebook (and as an ``<img>`` where the
        notebook is not trusted), pointing as :meth:`svg` does; ``last_move`` is the last move
        played unless told otherwise (``None``: no move), as ``chess.svg.board`` shows its
        ``lastmove``.

        >>> from windmill_widget import Game
        >>> g = Game(seed=1); _ = g.play("n1>c")
        >>> p = g.picture(arrows=[("w1", "c")], highlight=["w1"], labels={"c": "2"})
        >>> p
        <Picture Windmill position, seed=1: centre 2/52, playing>
        >>> 'data-arrow="0"' in str(p)
        True
        """
        from .svg import Picture

        if last_move == "last":
            last_move = self.history[-1] if self.history else None
        svg = self.svg(last_move=last_move, **pointing)
        return Picture(svg, f"{self.title} position, {self.origin}: {self.progress}, {self.status}")

    def text(self) -> str:
        """The position as a plain-text picture, for terminals and doctests. Drawn by the game's
        :attr:`renderer`.

        >>> from windmill_widget import Game, QuiltGame
        >>> print(Game(seed=1).text().splitlines()[2])
        w2 8♣   w1 2♥   c A♠ (1/52)    e1 9♣  e2 10♣
        >>> print(QuiltGame(seed=7).text().splitlines()[0])
             a     b     c     d     e     f     g     h
        """
        return import_module(self.renderer).text(self)

    def describe(self, move: Move | str) -> str:
        """What a legal ``move`` would do, for a learner: ``"the 7 of hearts from sail n1 to the
        centre"``."""
        raise NotImplementedError

    def describe_last(self) -> str:
        """What the last move did, everything that followed from it included, in sentences."""
        raise NotImplementedError

    def board_facts(self) -> dict[str, Any]:
        """What a board needs to know of this game once (not with every move), as JSON: its
        ``title``, its ``piles`` in index order, each pile's label for people (``labels``), each
        foundation's capacity (``caps``), the ``foundations`` (in the order a double-click tries
        them) with the ``preferred`` one and the ``home`` a card is sent to for an explanation (a
        pile, or one per suit), the stock's moves (``stockMoves``, with ``moveLabels`` and
        ``moveTitles`` for its buttons) and the game's ``options`` for the board's layout."""
        raise NotImplementedError

    def board_state(self) -> dict[str, Any]:
        """What a board shows beside the piles and the legal moves, as JSON (changes with every move)."""
        return {}

    @property
    def progress(self) -> str:
        """How far the game is, in a few words (``"centre 1/52"``)."""
        return f"foundations {self.cards_on_foundations}/{self.total_cards}"

    def _repr_detail(self) -> str:
        """What the repr adds after the status (e.g. ``centre=1/52``)."""
        return self.progress.replace(" ", "=", 1)

    # -- construction ----------------------------------------------------------------------------
    @classmethod
    def _blank(cls) -> PatienceGame:
        g = object.__new__(cls)
        g.seed = None
        return g

    def _init(self, pos: Position, origin: tuple) -> None:
        self.rules = pos.rules
        self._origin = origin
        self._pos = pos
        pos.settle()
        self._records: list[tuple[int, Any]] = []
        self._redo: list[int] = []
        self._legal: tuple[int, ...] | None = None
        self._moves: list[Move] = []
        self._history: tuple[Move, ...] | None = ()
        self.annotations: dict[int, Annotation] = {}

    @classmethod
    def _check_rules(cls, rules: Any) -> Any:
        if rules is None:
            return cls.rules_type()
        if not isinstance(rules, cls.rules_type):
            raise TypeError(
                f"rules must be a {cls.rules_type.__name__} value for {cls.title}, not {excerpt(rules)}."
            )
        return rules

    @classmethod
    def from_order(cls, cards: Iterable[CardLike], *, rules: Any = None) -> PatienceGame:
        """A game dealt from an explicit order of cards (each game's docstring says which). Cards may
        be :class:`Card` values, ids 0..103, or text such as ``"7H"`` (text takes the first copy of
        that card not yet used)."""
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
            raise TypeError(f"A dealing order is a list of cards, not {excerpt(cards)}.")
        cards = list(cards)
        if len(cards) != cls.order_size:
            raise ValueError(f"A {cls.title} dealing order lists {cls.order_size} cards; got {len(cards)}.")
        reserved = cls._reserved_ids()
        for c in cards:
            cid = c.id if isinstance(c, Card) else c if type(c) is int else None
            if cid in reserved:
                card = Card.from_id(cid)
                raise ValueError(
                    f"The {card.symbol} of deck {card.deck} starts a foundation before the deal; "
                    f"a {cls.title} dealing order lists the other {cls.order_size} cards."
                )
        ids = assign_ids(cards, set(reserved))
        cls._check_order(ids)
        g = cls._blank()
        g._init(cls._deal(ids, cls._check_rules(rules)), ("order", tuple(ids)))
        return g

    @classmethod
    def from_pysolfc(cls, number: int, *, rules: Any = None) -> PatienceGame:
        """The deal PySolFC gives game ``number`` (each game that has PySolFC's deals says how);
        ValueError for a game whose PySolFC deals the kit cannot make."""
        raise ValueError(f"The kit deals PySolFC's numbered deals of Windmill, not of {cls.title}.")

    def copy(self) -> PatienceGame:
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
        g.annotations = dict(self.annotations)
        return g

    def annotate(self, number: int, mark: str = "", comment: str = "") -> None:
        """Mark move ``number`` (from 1, as people count moves) as PGN does (``"?"``, ``"??"``,
        ``"!"``...) and comment on it; both empty: no annotation. Save files keep them.

        >>> from windmill_widget import Game
        >>> g = Game(seed=1); _ = g.play("n1>c")
        >>> g.annotate(1, "!", "A 2 to the centre at once.")
        >>> g.annotations
        {0: Annotation('!', 'A 2 to the centre at once.')}
        """
        moves = len(self.history) + len(self._redo)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= moves:
            raise ValueError(f"There is no move {excerpt(number)} to annotate: this game has {moves} moves.")
        note = Annotation(mark, comment)
        if note.mark or note.comment:
            self.annotations[number - 1] = note
        else:
            self.annotations.pop(number - 1, None)

    def restart(self) -> None:
        """Back to the deal, keeping nothing to redo (use ``undo`` to step back instead)."""
        while self._records:
            self._pos.revert(self._records.pop()[1])
        self._redo.clear()
        self._legal = None
        self._moves.clear()
        self._history = ()

    # -- save files ------------------------------------------------------------------------------
    @classmethod
    def from_json(cls, text: str | bytes) -> PatienceGame:
        """Load a game saved by :meth:`to_json`; raises :class:`SaveFileError` on any fault (also
        for a save file of another game)."""
        from .savefile import load

        return load(text, expect=cls)

    def to_json(self, *, indent: int | None = None) -> str:
        """The game, its deal, its rules and every move (with the undo/redo position), as JSON."""
        from .savefile import dump

        return dump(self, indent=indent)

    # -- moves -----------------------------------------------------------------------------------
    def legal_codes(self) -> tuple[int, ...]:
        """Every legal move's code (its :attr:`Move.code <windmill_widget.core.moves.Move.code>`), in
        :meth:`legal_moves`'s order: the fast path for programs that step many games (the Gymnasium
        environments, solvers), no move built. Worked out once per position and kept until the next
        move, so asking again is free.

        >>> from windmill_widget import Game
        >>> g = Game(seed=1)
        >>> g.legal_codes()
        (80, 176, 237)
        >>> [g.move_type.from_code(c) for c in g.legal_codes()] == g.legal_moves()
        True
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._pos.legal_codes())
        return legal

    def legal_codes_and_termination(self) -> tuple[tuple[int, ...], Termination | None]:
        """:meth:`legal_codes` and why the game is over (:attr:`outcome`'s ``termination``; ``None``
        while it goes on), in one call: what a program stepping many games asks after each move,
        the rules' ending read from the codes already worked out.

        >>> from windmill_widget import Game
        >>> g = Game(seed=1)
        >>> codes, why = g.legal_codes_and_termination()
        >>> codes, why
        ((80, 176, 237), None)
        >>> while why is None:  # the first legal move, to the end
        ...     _ = g.play_code(codes[0])
        ...     codes, why = g.legal_codes_and_termination()
        >>> codes, why, g.outcome
        ((), Termination.NO_MOVES, Outcome(Termination.NO_MOVES))
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._pos.legal_codes())
        return legal, self._pos.termination(legal)

    def _coerce(self, move: Move | str) -> Move:
        mt = self.move_type
        if type(move) is mt:
            return move  # type: ignore[return-value]
        try:
            return mt.parse(move)  # type: ignore[arg-type]
        except ValueError as err:
            raise IllegalMove(str(err), move=move, rule="notation") from None

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a stable order."""
        from_code = self.move_type.from_code
        return [from_code(c) for c in self.legal_codes()]

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` may be played now (:meth:`explain` says why not)."""
        return self.explain(move) is None

    def explain(self, move: Move | str) -> str | None:
        """``None`` if ``move`` is legal here, else the sentence saying why not."""
        try:
            m = self._coerce(move)
        except IllegalMove as err:
            return str(err)
        if m.code in self.legal_codes():
            return None
        return self._pos.explain(m.code)[1]  # type: ignore[index]  # never None for an illegal move

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a move or its notation) and return it.

        Raises :class:`IllegalMove`, whose message says which rule forbids it; the game is unchanged.
        """
        m = move if type(move) is self.move_type else self._coerce(move)  # the common case, inline
        code = m.code
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._pos.legal_codes())
        if code not in legal:
            rule, why = self._pos.explain(code)  # type: ignore[misc]  # never None for an illegal move
            raise IllegalMove(why, move=m, rule=rule)
        self._push(code, m)
        if self._redo:  # a new move: what was taken back cannot come again
            self._redo.clear()
        return m

    def play_code(self, code: int) -> tuple[int, ...]:
        """Play the move whose code is ``code`` (one of :meth:`legal_codes`) as :meth:`play` plays it
        (checked, recorded in the history, taken back by :meth:`undo`) and return its *primitive
        steps*: the piles it changed, in order, each step one top card from pile ``src`` onto pile
        ``dst``, written ``src * stride + dst`` (the stride of ``move_type.notation``; pile indices
        as :attr:`pile_ids` lists them), what followed by itself included (a refilled sail, an
        automatic King). A program that keeps its own picture of the position (an environment's
        observation) updates only those piles.

        Raises :class:`IllegalMove` for a code not legal here (the game is unchanged), ValueError
        for a number that is no move code of this game.

        >>> from windmill_widget import Game
        >>> g = Game(seed=1)
        >>> stride = g.move_type.notation.stride
        >>> steps = g.play_code(g.move_type("n1>c").code)
        >>> [(g.move_type.notation.piles[s // stride], g.move_type.notation.piles[s % stride]) for s in steps]
        [('n1', 'c'), ('stock', 'n1')]
        >>> g.history, g.undo()
        ((Move('n1>c'),), Move('n1>c'))
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._pos.legal_codes())
        if type(code) is not int or code not in legal:
            m = self.move_type.from_code(_whole(code))  # ValueError for no move code at all
            code = m.code
            if code not in legal:
                rule, why = self._pos.explain(code)  # type: ignore[misc]  # never None when illegal
                raise IllegalMove(why, move=m, rule=rule)
        else:
            m = self.move_type.from_code(code)
        steps = self._push(code, m)[1]
        if self._redo:
            self._redo.clear()
        return steps

    def _push(self, code: int, m: Move) -> tuple[Any, tuple[int, ...]]:
        """Carry out legal move ``m`` (code ``code``) and record it for undo; return the position's
        record of it (redo's list is the caller's to keep or clear)."""
        record = self._pos.apply(code)
        self._records.append((code, record))
        self._legal = None
        self._moves.append(m)
        self._history = None
        return record

    def undo(self) -> Move:
        """Take back the last move (with everything that followed from it); returns it."""
        if not self._records:
            raise IllegalMove("There is no move to undo.", rule="nothing-to-undo")
        code, record = self._records.pop()
        self._pos.revert(record)
        self._legal = None
        self._history = None
        self._redo.append(code)
        return self._moves.pop()

    def redo(self) -> Move:
        """Play again the last move taken back; returns it."""
        if not self._redo:
            raise IllegalMove("There is no move to redo.", rule="nothing-to-redo")
        code = self._redo.pop()
        m = self.move_type.from_code(code)
        self._push(code, m)
        return m

    @property
    def can_undo(self) -> bool:
        """Whether a move has been played that :meth:`undo` can take back."""
        return bool(self._records)

    @property
    def can_redo(self) -> bool:
        """Whether a move taken back by :meth:`undo` can be played again by :meth:`redo`."""
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
        from_code = self.move_type.from_code
        return tuple(from_code(c) for c in reversed(self._redo))

    # -- how it stands ---------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (``None`` while it goes on): ``outcome.termination`` says why,
        ``outcome.text`` in a sentence."""
        why = self.legal_codes_and_termination()[1]
        return None if why is None else Outcome(why)

    @property
    def status(self) -> Status:
        """:attr:`Status.WON` when every card is on a foundation, :attr:`Status.LOST` when the game is
        over otherwise (see :attr:`outcome` for why), else :attr:`Status.PLAYING`."""
        why = self.legal_codes_and_termination()[1]
        if why is None:
            return Status.PLAYING
        return Status.WON if why is Termination.WON else Status.LOST

    @property
    def cards_on_foundations(self) -> int:
        """How many cards are on the foundations: the game's score (all of them in a won game)."""
        return self._pos.on_foundations()

    @property
    def total_cards(self) -> int:
        """How many cards this game plays with (104 for a dealt game; fewer in a staged lesson)."""
        return sum(len(p) for p in self._pos.piles)

    def signature(self) -> tuple:
        """The position as the rules see it, which copy of a card is which dropped (each game says
        what else it drops): two positions with the same signature have the same futures, so the
        clairvoyant solver's verdict on one holds for the other."""
        raise NotImplementedError  # pragma: no cover - each game defines it

    # -- reading piles ---------------------------------------------------------------------------
    def _index(self, name: str) -> int:
        n = self.move_type.notation
        try:
            return n.index[n.pile_name(name)]
        except ValueError as err:
            raise ValueError(str(err)) from None

    @property
    def pile_ids(self) -> list[list[int]]:
        """Every pile's card ids (0..103, as :attr:`Card.id`), bottom to top, by pile index (the
        order of ``move_type.notation.piles``; the stock's last id is the next card turned). These
        are the game's own lists, not copies, for programs that read a position many times a second
        (:meth:`play_code` says which of them a move changed): they change as the game is played and
        stay the same lists for the game's life. Read them only; change the game by playing.

        >>> from windmill_widget import Game
        >>> g = Game(seed=1)
        >>> piles = g.pile_ids
        >>> len(piles), len(piles[g.move_type.notation.index["stock"]])
        (15, 95)
        >>> _ = g.play("deal")
        >>> g.pile_ids is piles, len(piles[g.move_type.notation.index["stock"]])
        (True, 94)
        """
        return self._pos.piles

    def pile(self, name: str) -> tuple[Card, ...]:
        """The cards of pile ``name``, bottom to top. The stock's top is the next card turned."""
        cards = Card._all
        return tuple(cards[i] for i in self._pos.piles[self._index(name)])

    def top(self, name: str) -> Card | None:
        """The top card of pile ``name`` (a name of the notation), or None if it is empty."""
        pile = self._pos.piles[self._index(name)]
        return Card._all[pile[-1]] if pile else None

    def piles(self) -> dict[str, tuple[Card, ...]]:
        """Every pile by name."""
        cards = Card._all
        return {
            name: tuple(cards[i] for i in pile)
            for name, pile in zip(self.move_type.notation.piles, self._pos.piles, strict=True)
        }

    def view(self) -> PlayerView:
        """What a player may see: everything face up, the stock only as a count."""
        return self.view_type(self._pos, self.history)

    # -- display ---------------------------------------------------------------------------------
    @property
    def pysolfc(self) -> int | None:
        """PySolFC's game number of this deal (:meth:`from_pysolfc`), else None."""
        kind, how = self._origin
        return how if kind == "pysolfc" else None

    @property
    def origin(self) -> str:
        """``"seed=42"``, ``"pysolfc=12345"`` (PySolFC's deal of that number), or how a game without
        a seed was made (``"from_order"``, ``"from_position"``)."""
        if self.seed is not None:
            return f"seed={self.seed}"
        number = self.pysolfc
        return f"pysolfc={number}" if number is not None else f"from_{self._origin[0]}"

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.origin} {self.rules!r} moves={len(self._records)} "
            f"{self.status} {self._repr_detail()}>"
        )

    def __str__(self) -> str:
        return self.text()

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_html_(self) -> str:
        """The picture as an ``<img>``: it shows even where a notebook is not trusted (see
        :func:`windmill_widget.core.svg.as_img`)."""
        from .svg import as_img

        return as_img(self.svg(), f"{self.title} position, {self.origin}: {self.progress}, {self.status}")


def _whole(code: object) -> object:
    """A NumPy integer (or anything else that is a whole number but not a bool) as an int; anything
    else as it is, for :meth:`Move.from_code` to refuse."""
    if isinstance(code, bool):
        return code
    try:
        return operator.index(code)  # type: ignore[arg-type]
    except TypeError:
        return code
