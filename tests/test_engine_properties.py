"""Hypothesis stateful tests of the engine, for all four presets.

A state machine plays legal moves, undoes, redoes, saves and reloads, restages the position and
fast-forwards with a player, and after every step checks that:

- every card of the game is somewhere, exactly once (card conservation);
- the piles obey the layout (one card per sail, sails refilled while cards remain, foundations in sequence);
- undo and redo are exact inverses (full pile snapshots, corner-run counter included);
- every listed legal move plays, and every unlisted (from, to) pair over all 15 x 15 pile names is refused
  with an ``IllegalMove`` whose sentence is the one ``explain`` gives, never the fallback sentence;
- ``status`` agrees with the piles and the legal moves, and the player view agrees with the game;
- a save file written at any point (redo tail included) loads back to the same game.

The runs are derandomized, so a failure reproduces on every machine.
"""

from __future__ import annotations

import itertools
import json
import random

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from windmill_widget import CORNERS, PILES, SAILS, Game, IllegalMove, Move, Rules, greedy
from windmill_widget.games.windmill import deal_order

ALL_MOVES = [Move(a, b) for a in PILES for b in PILES]
FALLBACK = "That move is not allowed here."
NEXT_UP = {r: r % 13 + 1 for r in range(1, 14)}

SETTINGS = settings(
    max_examples=50,
    stateful_step_count=50,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def snapshot(g: Game) -> tuple:
    """Everything undo/redo must restore: every pile card by card (identities), and the corner run."""
    return tuple(tuple(c.id for c in g.pile(name)) for name in PILES), g.corner_run


FOUNDATIONS = {"c", *CORNERS}


def can_move_on(game: Game) -> bool:
    """A brute-force oracle for the end under transfers="any", through the public API only: can some
    sequence of moves between foundations reach a deal or a play from a sail or the waste?"""
    seen: set[str] = set()
    todo = [game.copy()]
    while todo:
        g = todo.pop()
        for move in g.legal_moves():
            if move.src not in FOUNDATIONS or move.dst not in FOUNDATIONS:
                return True
            nxt = g.copy()
            nxt.play(move)
            key = repr([len(nxt.pile(n)) for n in FOUNDATIONS]) + str(nxt.corner_run)
            if key not in seen:
                seen.add(key)
                todo.append(nxt)
    return False


class EngineMachine(RuleBasedStateMachine):
    rules_value: Rules = Rules.strict()

    def __init__(self) -> None:
        super().__init__()
        self.game: Game
        self.cards: list[int] = []
        self.past: list[tuple] = []  # snapshot after 0, 1, ... len(history) moves
        self.future: list[tuple] = []  # snapshots redo would reach, next last

    # -- starting points ------------------------------------------------------------------------
    @initialize(seed=st.integers(0, 2**64 - 1), how=st.sampled_from(["seed", "order", "json"]))
    def start(self, seed: int, how: str) -> None:
        g = Game(seed=seed, rules=self.rules_value)
        if how == "order":  # the same deal through from_order
            g = Game.from_order(deal_order(seed), rules=self.rules_value)
        elif how == "json":
            g = Game.from_json(g.to_json())
        self._adopt(g)

    def _adopt(self, g: Game) -> None:
        self.game = g
        self.cards = sorted(c.id for name in PILES for c in g.pile(name))
        self.past = [snapshot(g)]
        self.future = []
        assert g.history == () and not g.can_undo and not g.can_redo

    # -- steps ----------------------------------------------------------------------------------
    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        moves = self.game.legal_moves()
        if not moves:
            return
        move = data.draw(st.sampled_from(moves), label="move")
        assert self.game.play(move) is move
        self.past.append(snapshot(self.game))
        self.future.clear()
        assert not self.game.can_redo

    @precondition(lambda self: self.game.can_undo)
    @rule()
    def undo(self) -> None:
        move = self.game.history[-1]
        assert self.game.undo() is move
        self.future.append(self.past.pop())
        assert snapshot(self.game) == self.past[-1]
        assert self.game.redo_moves[0] is move

    @precondition(lambda self: self.game.can_redo)
    @rule()
    def redo(self) -> None:
        move = self.game.redo_moves[0]
        assert self.game.redo() is move
        self.past.append(self.future.pop())
        assert snapshot(self.game) == self.past[-1]
        assert self.game.history[-1] is move

    @rule(indent=st.sampled_from([None, 1]))
    def save_and_load(self, indent: int | None) -> None:
        g = self.game
        text = g.to_json(indent=indent)
        h = Game.from_json(text)
        assert (h.seed, h.rules, h.history, h.redo_moves, h.status) == (
            g.seed, g.rules, g.history, g.redo_moves, g.status,
        )  # fmt: skip
        assert snapshot(h) == snapshot(g)
        assert json.loads(h.to_json()) == json.loads(text)
        self.game = h  # carry on with the loaded game: undo and redo must still work from there

    @rule()
    def restage_the_position(self) -> None:
        self._adopt(Game.from_position(**self.game.position()))

    @rule(data=st.data(), steps=st.integers(1, 150), player=st.sampled_from(["random", "greedy"]))
    def fast_forward(self, data: st.DataObject, steps: int, player: str) -> None:
        rng = random.Random(data.draw(st.integers(0, 2**32), label="rng seed"))
        for _ in range(steps):
            moves = self.game.legal_moves()
            if not moves:
                break
            move = greedy(self.game.view()) if player == "greedy" else rng.choice(moves)
            assert move in moves
            self.game.play(move)
            self.past.append(snapshot(self.game))
            self._conservation()
        self.future.clear()

    # -- invariants -----------------------------------------------------------------------------
    @invariant()
    def cards_are_conserved(self) -> None:
        self._conservation()

    def _conservation(self) -> None:
        assert sorted(c.id for name in PILES for c in self.game.pile(name)) == self.cards

    @invariant()
    def the_layout_holds(self) -> None:
        g = self.game
        assert len(g.history) == len(self.past) - 1 and len(g.redo_moves) == len(self.future)
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

    @invariant()
    def status_agrees_with_the_piles_and_moves(self) -> None:
        g = self.game
        legal = g.legal_moves()
        won = g.cards_on_foundations == g.total_cards == len(self.cards)
        over = not legal or (g.rules.transfers == "any" and not can_move_on(g))
        assert g.status == ("won" if won else "lost" if over else "playing")
        if legal and g.status == "lost":
            event("lost with only moves between foundations left")
        event(f"status {g.status}")
        if len(g.pile("c")) > 13:
            event("the centre has wrapped past a King")
        if g.corner_run:
            event("a corner card just went to the centre")
        if any(m.src in ("c", *CORNERS) and m.dst != "c" for m in legal):
            event("a transfer between foundations is legal")
        if won:
            assert legal == []
        assert (Move.deal() in legal) == bool(g.pile("stock")) or won
        view = g.view()
        assert view.legal_moves() == legal and view.status == g.status
        assert view.stock_count == len(g.pile("stock"))

    @invariant()
    def every_listed_move_plays_and_every_other_pair_is_refused(self) -> None:
        g = self.game
        before = snapshot(g), g.history, g.redo_moves
        legal = g.legal_moves()
        assert len(set(legal)) == len(legal)
        h = g.copy()  # try the legal moves on a copy, so the redo tail of the game itself stays
        for move in legal:
            h.play(move)
            after = snapshot(h)
            assert after != before[0] and h.history == (*before[1], move)
            h.undo()
            assert snapshot(h) == before[0]
            h.redo()
            assert snapshot(h) == after
            h.undo()
        listed = set(legal)
        for move in ALL_MOVES:
            why = g.explain(move)
            if move in listed:
                assert why is None and g.is_legal(move)
                continue
            assert why and why != FALLBACK, f"{move}: {why!r}"
            try:
                g.play(move)
            except IllegalMove as err:
                assert str(err) == why and err.rule not in ("illegal", "notation") and err.move is move
            else:
                raise AssertionError(f"{move} is not listed as legal but played")
        assert (snapshot(g), g.history, g.redo_moves) == before


def machine(preset: str) -> type:
    cls = type(f"{preset.title()}Machine", (EngineMachine,), {"rules_value": getattr(Rules, preset)()})
    case = cls.TestCase
    case.settings = SETTINGS
    return case


TestStrict = machine("strict")
TestRelaxed = machine("relaxed")
TestClassic = machine("classic")
TestPysolfc = machine("pysolfc")
