"""Hypothesis stateful tests of both engines (Windmill and Crazy Quilt), for every rule option.

One state machine, :class:`EngineMachine`, drives any game of the kit through the core's protocol: it
deals (from a seed, from the dealing order, through a save file or ``load_game``), plays legal moves,
undoes, redoes, saves and reloads, restages the position and fast-forwards with a player; after every
step it checks that:

- every card of the game is somewhere, exactly once (card conservation: 104 distinct cards when dealt);
- undo and redo are exact inverses (the whole position: every pile card by card, identities included,
  and the counters beside them: Windmill's corner run, Crazy Quilt's redeals used and card in hand);
- every listed legal move plays (and undoes and redoes exactly);
- the fast path agrees: ``legal_codes()`` are the legal moves' codes, ``play_code`` plays as ``play``
  does (and refuses alike) and its steps, replayed card by card, give the new piles; ``pile_ids``
  are the piles (a view's with the stock face down, ``unseen_ids`` its cards in id order);
- unlisted moves, drawn from *all* pile pairs and actions, are refused with an ``IllegalMove`` that
  carries a sentence (never the fallback) and a rule key, and leave the game unchanged (after each
  game, every pair is tried);
- ``status`` agrees with the piles and the legal moves;
- a save file written at any point (history and redo tail included) loads back to the same game;
- the player view agrees with the game, never shows the stock's order (``view.pile("stock")`` is refused,
  ``view.to_dict()`` carries only a count) and survives ``to_dict``/``from_dict``.

Each game adds its own layout checks (:class:`WindmillMachine`, :class:`QuiltMachine`; Crazy Quilt's
include an independent oracle of its legal moves). The runs are derandomized, so a failure reproduces
on every machine.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any, ClassVar

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from windmill_widget import (
    CORNERS,
    SAILS,
    Game,
    IllegalMove,
    Move,
    PatienceGame,
    PlayerView,
    QuiltGame,
    QuiltRules,
    Rules,
    greedy,
    load_game,
)
from windmill_widget.games.crazy_quilt import CELLS, FOUNDATIONS, UP

FALLBACK = "That move is not allowed here."
NEXT_UP = {r: r % 13 + 1 for r in range(1, 14)}


def settings_for(examples: int, steps: int) -> settings:
    return settings(
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


def ids(g: PatienceGame, name: str) -> tuple[int, ...]:
    return tuple(c.id for c in g.pile(name))


class EngineMachine(RuleBasedStateMachine):
    """The checks every game shares. A subclass names its game and rules, and adds its layout."""

    game_type: ClassVar[type[PatienceGame]]
    rules_value: ClassVar[Any]
    #: Every move between two piles (the actions are among them: Windmill's deal is stock>waste).
    ALL_MOVES: ClassVar[tuple[Move, ...]]

    def __init__(self) -> None:
        super().__init__()
        self.game: PatienceGame
        self.cards: list[int] = []
        self.past: list[tuple] = []  # snapshot after 0, 1, ... len(history) moves
        self.future: list[tuple] = []  # snapshots redo would reach, next last

    @property
    def piles(self) -> tuple[str, ...]:
        return self.game_type.move_type.notation.piles

    def snapshot(self) -> tuple:
        """Everything undo and redo must restore: every pile card by card, and what the position holds
        beside its piles (``position()`` gives both: the corner run, the redeals used, the hand)."""
        return self.game.position()  # cards are interned: == compares identities

    # -- starting points --------------------------------------------------------------------------
    @initialize(seed=st.integers(0, 2**64 - 1), how=st.sampled_from(["seed", "order", "json", "load_game"]))
    def start(self, seed: int, how: str) -> None:
        cls = self.game_type
        g = cls(seed=seed, rules=self.rules_value)
        if how == "order":  # the same deal through from_order
            g = cls.from_order(cls.deal_order(seed), rules=self.rules_value)
        elif how == "json":
            g = cls.from_json(g.to_json())
        elif how == "load_game":
            g = load_game(g.to_json())
            assert type(g) is cls
        self._adopt(g)
        assert sorted(self.cards) == list(range(104))

    def _adopt(self, g: PatienceGame) -> None:
        self.game = g
        self.cards = sorted(c.id for name in self.piles for c in g.pile(name))
        self.past = [self.snapshot()]
        self.future = []
        assert g.history == () and not g.can_undo and not g.can_redo

    # -- steps ------------------------------------------------------------------------------------
    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        moves = self.game.legal_moves()
        if not moves:
            return
        move = data.draw(st.sampled_from(moves), label="move")
        assert self.game.play(move) is move
        self.past.append(self.snapshot())
        self.future.clear()
        assert not self.game.can_redo

    @rule(data=st.data())
    def play_a_legal_code(self, data: st.DataObject) -> None:
        # the fast path (integer codes): played as play plays it, and its steps say what changed
        g = self.game
        codes = g.legal_codes()
        if not codes:
            return
        code = data.draw(st.sampled_from(codes), label="code")
        piles = [list(p) for p in g.pile_ids]
        steps = g.play_code(code)
        stride = g.move_type.notation.stride
        for step in steps:  # each step one top card from pile to pile: replayed, they give the new piles
            piles[step % stride].append(piles[step // stride].pop())
        assert piles == g.pile_ids, f"steps {steps} of {g.history[-1]}"
        assert g.history[-1] is g.move_type.from_code(code)
        self.past.append(self.snapshot())
        self.future.clear()
        assert not g.can_redo

    @rule()
    def undo(self) -> None:
        if not self.game.can_undo:  # (a precondition would make hypothesis redraw rules: slower)
            return
        move = self.game.history[-1]
        assert self.game.undo() is move
        self.future.append(self.past.pop())
        assert self.snapshot() == self.past[-1]
        assert self.game.redo_moves[0] is move

    @rule()
    def redo(self) -> None:
        if not self.game.can_redo:
            return
        move = self.game.redo_moves[0]
        assert self.game.redo() is move
        self.past.append(self.future.pop())
        assert self.snapshot() == self.past[-1]
        assert self.game.history[-1] is move

    @rule(indent=st.sampled_from([None, 1]), loader=st.sampled_from(["from_json", "load_game"]))
    def save_and_load(self, indent: int | None, loader: str) -> None:
        g = self.game
        text = g.to_json(indent=indent)
        h = self.game_type.from_json(text) if loader == "from_json" else load_game(text)
        assert type(h) is type(g)
        assert (h.seed, h.rules, h.history, h.redo_moves, h.status, h.origin) == (
            g.seed, g.rules, g.history, g.redo_moves, g.status, g.origin,
        )  # fmt: skip
        snap = self.snapshot()
        self.game = h
        assert self.snapshot() == snap
        assert json.loads(h.to_json()) == json.loads(text)
        # carry on with the loaded game: undo and redo must still work from there

    @rule()
    def restage_the_position(self) -> None:
        self._adopt(self.game_type.from_position(**self.game.position()))

    @rule(data=st.data(), steps=st.integers(1, 150), player=st.sampled_from(["random", "own"]))
    def fast_forward(self, data: st.DataObject, steps: int, player: str) -> None:
        rng = random.Random(data.draw(st.integers(0, 2**32), label="rng seed"))
        for _ in range(steps):
            moves = self.game.legal_moves()
            if not moves:
                break
            move = self.own_player(self.game, rng) if player == "own" else rng.choice(moves)
            assert move in moves
            self.game.play(move)
            self.past.append(self.snapshot())
            self._conservation()
            # every move played is undone and redone exactly, not only those the invariants meet
            self.game.undo()
            assert self.snapshot() == self.past[-2], f"undo of {move}"
            self.game.redo()
            assert self.snapshot() == self.past[-1], f"redo of {move}"
        self.future.clear()

    def own_player(self, g: PatienceGame, rng: random.Random) -> Move:
        """A player that makes progress (so the machine reaches the late game), per game."""
        raise NotImplementedError

    @rule(data=st.data())
    def unlisted_moves_are_refused(self, data: st.DataObject) -> None:
        near = self.near_misses()
        pool = st.one_of(st.sampled_from(self.ALL_MOVES), *([st.sampled_from(near)] if near else []))
        self._refused(data.draw(st.lists(pool, min_size=1, max_size=12), label="moves"))

    def near_misses(self) -> list[Move]:
        """Moves worth trying more often than a uniform draw would: those of cards that are in play."""
        return []

    def _refused(self, moves: Any, *, explain: bool = True) -> None:
        """Each of ``moves`` that is not listed as legal is refused with a sentence and a rule key (the
        one ``explain`` gives), and changes nothing (one snapshot before and after them all: they are
        many)."""
        g = self.game
        before = self.snapshot(), g.history, g.redo_moves
        legal = set(g.legal_moves())
        for move in moves:
            if move in legal:
                assert g.explain(move) is None and g.is_legal(move)
                continue
            why = g.explain(move) if explain else None
            try:
                g.play(move)
            except IllegalMove as err:
                assert str(err) != FALLBACK and err.move is move, f"{move}: {err}"
                assert why is None or str(err) == why, f"{move}: {err} / {why}"
                assert err.rule not in ("illegal", "notation") and err.rule.islower(), err.rule
                event(f"refused: {err.rule}")
                refusal = str(err), err.rule, move
            else:
                raise AssertionError(f"{move} is not listed as legal but played")
            if explain:  # (not for every pile pair at the end: they are thousands)
                try:  # the fast path refuses it the same way
                    g.play_code(move.code)
                except IllegalMove as err:
                    assert (str(err), err.rule, err.move) == refusal
                else:
                    raise AssertionError(f"{move} is not listed as legal but its code played")
            assert len(g.history) == len(before[1]), f"{move} left a move in the history"
        assert (self.snapshot(), g.history, g.redo_moves) == before

    def teardown(self) -> None:
        # Once per game: every pile pair, listed or not.
        if hasattr(self, "game"):
            self._refused(self.ALL_MOVES, explain=False)  # play's refusal is explain's sentence

    # -- invariants -------------------------------------------------------------------------------
    @invariant()
    def cards_are_conserved(self) -> None:
        self._conservation()

    def _conservation(self) -> None:
        found = sorted(c.id for pile in self.game.piles().values() for c in pile)
        assert found == self.cards and len(set(found)) == len(found)
        assert self.game.total_cards == len(found)

    @invariant()
    def the_history_is_in_step(self) -> None:
        g = self.game
        assert len(g.history) == len(self.past) - 1 and len(g.redo_moves) == len(self.future)

    @invariant()
    def status_agrees_with_the_piles_and_moves(self) -> None:
        g = self.game
        legal = g.legal_moves()
        won = g.cards_on_foundations == g.total_cards == len(self.cards)
        over = self.is_over(g, legal)
        assert g.status == ("won" if won else "lost" if over else "playing")
        assert (g.outcome is None) == (g.status == "playing")
        # the fast path's one call per move: the legal codes and the ending the outcome gives
        codes, why = g.legal_codes_and_termination()
        assert codes == g.legal_codes() == tuple(m.code for m in legal)
        assert why is (None if g.outcome is None else g.outcome.termination)
        if won:
            assert legal == []
        event(f"status {g.status}")

    def is_over(self, g: PatienceGame, legal: list[Move]) -> bool:
        return not legal

    @invariant()
    def every_listed_move_plays(self) -> None:
        g = self.game
        before = self.snapshot(), g.history, g.redo_moves
        legal = g.legal_moves()
        assert len(set(legal)) == len(legal)
        h = g.copy()  # try the legal moves on a copy, so the redo tail of the game itself stays
        saved, self.game = self.game, h
        try:
            for move in legal:
                assert h.explain(move) is None
                h.play(move)
                after = self.snapshot()
                assert after != before[0] and h.history == (*before[1], move)
                h.undo()
                assert self.snapshot() == before[0]
                h.redo()
                assert self.snapshot() == after
                h.undo()
        finally:
            self.game = saved
        assert (self.snapshot(), g.history, g.redo_moves) == before

    @invariant()
    def the_view_agrees_and_hides_the_stock(self) -> None:
        g = self.game
        view = g.view()
        assert view.legal_moves() == g.legal_moves() and view.status == g.status
        assert view.stock_count == len(g.pile("stock")) and view.history == g.history
        try:
            view.pile("stock")
        except PermissionError:
            pass
        else:
            raise AssertionError("the view showed the stock")
        for name in self.piles:
            if name != "stock":
                assert view.pile(name) == g.pile(name)
        data = view.to_dict()
        stock = self.piles.index("stock")
        assert data["piles"][stock] == len(g.pile("stock"))  # a count, not cards
        assert data["unseen"] == sorted(ids(g, "stock"))  # which cards, in card order only
        # the fast path reads the same: the legal codes, the piles' own lists by index (the stock's
        # cards its unseen ones), and the view's with the stock face down
        assert g.legal_codes() == tuple(m.code for m in g.legal_moves())
        fast = [sorted(p) if i == stock else p for i, p in enumerate(g.pile_ids)]
        assert fast == [data["unseen"] if i == stock else p for i, p in enumerate(data["piles"])]
        assert view.unseen_ids == tuple(data["unseen"]) and set(view.pile_ids[stock]) <= {None}
        assert [len(p) if i == stock else p for i, p in enumerate(view.pile_ids)] == data["piles"]
        again = PlayerView.from_dict(data)
        assert type(again) is type(view) and again.to_dict() == data
        assert again.legal_moves() == view.legal_moves() and again.status == view.status


# -- Windmill ------------------------------------------------------------------------------------------
FOUNDATION_PILES = {"c", *CORNERS}
WINDMILL_PILES = Game.move_type.notation.piles


def can_move_on(game: Game) -> bool:
    """A brute-force oracle for the end under transfers="any", through the public API only: can some
    sequence of moves between foundations reach a deal or a play from a sail or the waste?"""
    seen: set[str] = set()
    todo = [game.copy()]
    while todo:
        g = todo.pop()
        for move in g.legal_moves():
            if move.src not in FOUNDATION_PILES or move.dst not in FOUNDATION_PILES:
                return True
            nxt = g.copy()
            nxt.play(move)
            key = repr([len(nxt.pile(n)) for n in FOUNDATION_PILES]) + str(nxt.corner_run)
            if key not in seen:
                seen.add(key)
                todo.append(nxt)
    return False


class WindmillMachine(EngineMachine):
    game_type = Game
    ALL_MOVES = tuple(
        Move(a, b) for a in Game.move_type.notation.piles for b in Game.move_type.notation.piles
    )

    def own_player(self, g: PatienceGame, rng: random.Random) -> Move:
        return greedy(g.view())  # type: ignore[return-value]

    def is_over(self, g: PatienceGame, legal: list[Move]) -> bool:
        return not legal or (g.rules.transfers == "any" and not can_move_on(g))  # type: ignore[arg-type]

    @invariant()
    def every_unlisted_pair_is_refused(self) -> None:
        self._refused(self.ALL_MOVES)  # Windmill has only 15 x 15 pile pairs: try them all every step

    @invariant()
    def the_layout_holds(self) -> None:
        g: Game = self.game  # type: ignore[assignment]
        centre = [c.rank for c in g.pile("c")]
        assert 1 <= len(centre) <= 52 and centre[0] == 1
        assert all(b == NEXT_UP[a] for a, b in itertools.pairwise(centre))
        for name in CORNERS:
            ranks = [c.rank for c in g.pile(name)]
            assert ranks == list(range(13, 13 - len(ranks), -1))
        assert all(len(g.pile(n)) <= 1 for n in SAILS)
        if g.pile("waste") or g.pile("stock"):
            assert all(g.pile(n) for n in SAILS), "an emptied sail must be refilled while cards remain"
        limit = g.rules.corner_streak
        assert limit is None or g.corner_run <= limit
        if g.rules.auto_kings and any(not g.pile(n) for n in CORNERS):
            tops = [g.top(n) for n in (*SAILS, "waste")]
            assert not any(c is not None and c.rank == 13 for c in tops), "an available King waits"
        legal = g.legal_moves()
        if legal and g.status == "lost":
            event("lost with only moves between foundations left")
        if len(g.pile("c")) > 13:
            event("the centre has wrapped past a King")
        if g.corner_run:
            event("a corner card just went to the centre")
        assert (Move.deal() in legal) == bool(g.pile("stock")) or g.status == "won"
        assert (g.view().corner_run, g.view().sails) == (g.corner_run, {n: g.top(n) for n in SAILS})


def windmill(preset: str) -> type:
    rules = getattr(Rules, preset)()
    cls = type(f"Windmill{preset.title()}Machine", (WindmillMachine,), {"rules_value": rules})
    case = cls.TestCase
    case.settings = settings_for(50, 50)
    return case


TestWindmillStrict = windmill("strict")
TestWindmillRelaxed = windmill("relaxed")
TestWindmillClassic = windmill("classic")
TestWindmillPysolfc = windmill("pysolfc")


# -- Crazy Quilt ---------------------------------------------------------------------------------------
QUILT_PILES = QuiltGame.move_type.notation.piles
SUITS, RANKS = "SHDC", "A23456789TJQK"


def quilt_oracle(g: QuiltGame) -> set[str]:
    """Crazy Quilt's legal moves, worked out afresh from seed 002's sentences and the public piles only
    (slow and plain, to check the engine's one implementation of the rules against)."""

    def card(name: str) -> Any:
        return g.top(name)

    def free(index: int) -> bool:
        r, c = divmod(index, 8)
        ends = [(r - 1, c), (r + 1, c)] if (r + c) % 2 == 0 else [(r, c - 1), (r, c + 1)]
        return any(not (0 <= rr < 8 and 0 <= cc < 8) or card(CELLS[rr * 8 + cc]) is None for rr, cc in ends)

    def takes(f: str, c: Any) -> bool:
        pile = g.pile(f)
        top = pile[-1]
        if c.suit != f[0] or len(pile) == 13:
            return False
        return c.rank == top.rank + 1 if f in UP else c.rank == top.rank - 1

    def on_waste(c: Any) -> bool:
        top = card("waste")
        return top is not None and c.suit == top.suit and (c.rank - top.rank) % 13 in (1, 12)

    moves = set()
    for i, cell in enumerate(CELLS):
        c = card(cell)
        if c is None or not free(i):
            continue
        moves |= {f"{cell}>{f}" for f in FOUNDATIONS if takes(f, c)}
        if on_waste(c):
            moves.add(f"{cell}>waste")
    for src in ("hand", "waste"):
        c = card(src)
        if c is not None:
            moves |= {f"{src}>{f}" for f in FOUNDATIONS if takes(f, c)}
    if card("hand") is not None:
        moves.add("hand>waste")
    if g.pile("stock"):
        moves.add("turn")
    elif g.redeals_left and (g.pile("waste") or g.pile("hand")):
        moves.add("redeal")
    return moves


def quilt_endgame(seed: int, rules: QuiltRules) -> QuiltGame:
    """A random late position: each suit's foundations built up and down until 0 to 4 of its cards are
    left, those spread over random cells, the stock, the waste and the hand (so the machine meets wins,
    held cards and redeals often)."""
    rng = random.Random(seed)
    foundations: dict[str, list[str]] = {}
    loose: list[str] = []
    for suit in SUITS:
        built = 26 - rng.randint(0, 4)
        up = rng.randint(built - 13, 13)
        ups, downs = RANKS[:up], RANKS[::-1][: built - up]
        foundations[f"{suit}+"] = [rank + suit for rank in ups]
        foundations[f"{suit}-"] = [rank + suit for rank in downs]
        loose += [rank + suit for rank in RANKS for _ in range(2 - (rank in ups) - (rank in downs))]
    rng.shuffle(loose)
    hand = loose.pop() if loose and rules.held and rng.random() < 0.5 else None
    cells = rng.sample(CELLS, rng.randint(0, len(loose)))
    quilt = {cell: loose.pop() for cell in cells}
    cut = rng.randint(0, len(loose))
    return QuiltGame.from_position(
        quilt=quilt,
        foundations=foundations,
        stock=loose[:cut],
        waste=loose[cut:],
        hand=hand,
        rules=rules,
        redeals_used=rng.randint(0, rules.redeals),
    )


class QuiltMachine(EngineMachine):
    game_type = QuiltGame
    ALL_MOVES = tuple(QuiltGame.move_type(a, b) for a in QUILT_PILES for b in QUILT_PILES)

    def own_player(self, g: PatienceGame, rng: random.Random) -> Move:
        moves = g.legal_moves()
        home = [m for m in moves if m.dst in FOUNDATIONS]
        return rng.choice(home or moves)

    def near_misses(self) -> list[Move]:
        g = self.game
        sources = [n for n in (*CELLS, "hand", "waste") if g.pile(n)]
        return [QuiltGame.move_type(s, d) for s in sources for d in (*FOUNDATIONS, "waste") if s != d]

    @invariant()
    def the_quilt_layout_holds(self) -> None:
        g: QuiltGame = self.game  # type: ignore[assignment]
        assert all(len(g.pile(c)) <= 1 for c in CELLS)
        for f in FOUNDATIONS:
            pile = g.pile(f)
            assert 1 <= len(pile) <= 13 and {c.suit for c in pile} == {f[0]}
            ranks = [c.rank for c in pile]
            assert ranks == (
                list(range(1, len(pile) + 1)) if f in UP else list(range(13, 13 - len(pile), -1))
            )
        assert len(g.pile("hand")) <= (1 if g.rules.held else 0)
        assert 0 <= g.redeals_left <= g.rules.redeals
        assert {str(m) for m in g.legal_moves()} == quilt_oracle(g)
        view = g.view()
        assert view.available() == g.available() and view.hand == g.top("hand")
        assert view.redeals_left == g.redeals_left and view.quilt == {c: g.top(c) for c in CELLS}
        if g.pile("hand"):
            event("a card in hand")
        if g.redeals_left < g.rules.redeals:
            event("after a redeal")
        if sum(1 for c in CELLS if g.pile(c)) < 32:
            event("the quilt is half empty")


class QuiltEndgameMachine(QuiltMachine):
    """Crazy Quilt from random late positions (staged), where wins, redeals and held cards are common."""

    @initialize(seed=st.integers(0, 2**32))
    def start(self, seed: int) -> None:  # type: ignore[override]
        self._adopt(quilt_endgame(seed, self.rules_value))


def quilt(name: str, rules: QuiltRules, base: type = QuiltMachine, examples: int = 25) -> type:
    cls = type(f"Quilt{name}Machine", (base,), {"rules_value": rules})
    case = cls.TestCase
    case.settings = settings_for(examples, 40)
    return case


TestQuiltLiteral = quilt("Literal", QuiltRules.literal())
TestQuiltCommon = quilt("Common", QuiltRules.common())
TestQuiltNoRedeal = quilt("NoRedeal", QuiltRules(redeals=0))
TestQuiltThreeRedealsCommon = quilt("ThreeRedealsCommon", QuiltRules(turn_to="waste", redeals=3))
TestQuiltEndgameLiteral = quilt("EndgameLiteral", QuiltRules(redeals=3), QuiltEndgameMachine)
TestQuiltEndgameCommon = quilt("EndgameCommon", QuiltRules(turn_to="waste", redeals=0), QuiltEndgameMachine)
