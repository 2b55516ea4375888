"""Crazy Quilt's clairvoyant solver: its entry point.

*Clairvoyant* means it reads the stock's order, which no player can. Its answer is therefore the
ceiling for any strategy on a deal, not advice a player could have followed. (The players in
:mod:`windmill_widget.strategies` see only a :class:`~windmill_widget.QuiltView`.)
"""

from __future__ import annotations

from dataclasses import replace

from ...games.crazy_quilt import QuiltGame, QuiltMove
from ...games.crazy_quilt.search import SearchState, concrete_move
from .. import clock
from ..solution import Solution
from .beam import Beam
from .beam import warm_up as _warm_up_beams
from .bound import waste_order_lost
from .exhaustive import Exhaustive
from .exhaustive import warm_up as _warm_up_search
from .nested import Nested
from .playout import JUDGES, PORTFOLIO
from .playout import warm_up as _warm_up_playouts
from .suits import suit_relaxation_lost

#: Positions each round gives each nested search after the first (whose level 1 runs to its end);
#: the last size repeats, doubled each further round.
NESTED_SLICES = (20_000, 40_000, 80_000, 160_000, 320_000, 640_000)
#: The exhaustive search's positions for each nested search's position, in the first round (level
#: 1) and the later ones: after every nested search's turn it gets that share of the positions the
#: turn used (at least :data:`EXHAUSTIVE_MIN`). It is the only part that proves a loss, and it finds
#: wins the nested searches miss (deals 13, 17, 33 of the literal reading). Compiled, it visits some
#: ten times as many units a CPU second as the nested searches (which run as Python), so twice and
#: eight times their units is about a sixth and a half of the time. Measured on deals 0-49 at one
#: CPU second against the earlier (0.25, 1.0): literal 34 decided against 31 (8, 15 and 41 won),
#: common 35 against 33 (deal 9 proved lost, 41 won), none lost; at 100,000 units, where the nested
#: searches' level 1 has less room, literal 29 against 32 and common 32 against 33.
EXHAUSTIVE_SHARE = (2.0, 8.0)
#: The first round's share while a redeal is left (a fresh deal), where the beams after that round
#: win most of what a second leaves and the exhaustive search proves little: measured on deals 0-999
#: at one CPU second (30 November), 2.0 decided literal 940 and common 950, 1.0 944 and 956, 0.5 944
#: and 957 (one deal's proof of loss past the second); at 100,000 units, deals 0-49, 1.0 decided
#: literal 29 and common 34 against 29 and 32, at a million units 44 and 43 against 45 and 44. On the
#: last pass the exhaustive search is at its strongest (the waste's order cuts it at every position):
#: there the share stays, and the players' last-pass solves keep their answers (of `recall`'s 51 a
#: reading on deals 0-49, one proved lost within 200,000 units would be left unknown at 1.0).
EXHAUSTIVE_SHARE_FRESH = 1.0
EXHAUSTIVE_MIN = 2_000
#: The beam searches' widths (:mod:`.beam`), each four times the last. They all run in the second
#: round, one after another, after the nested searches' level 1 and the exhaustive search's first
#: shares (so that a small budget still proves what the exhaustive search proves quickly) and before
#: the nested searches' next levels; after the widest the beams stop (each is deterministic: run
#: again, it would find nothing new). Within a CPU second, beams win most of the deals the level 1
#: misses, the next levels few: on deals 0-999 at one CPU second, 2 of the 440 literal and 3 of the
#: 472 common wins of nested searches came after 0.3 s, and most of the beams' at 0.2-0.4 s. Measured
#: on deals 0-199 at one CPU second: literal 173 decided and common 174, against 161 and 163 with
#: one beam a round before the nested searches' slices (and :data:`BEAM_SHARE` 0.5), and 173 and 173
#: with the first three in the second round; on the 54 deals one second left unknown, at ten CPU
#: seconds, the same as the last (literal 13 won, common 18). Before (deals 0-49, one beam a round):
#: at one CPU second, literal 42 decided and common 39, against 37 and 36 without beams, whether the
#: widths grow twice or four times a round (and 42 and 40 with the first beam before the level 1, but
#: then a beam took the budget that proves deal 0 without its redeal lost within 50,000 units); at
#: ten CPU seconds, on the deals one second left unknown (literal 8, common 11), four times a round
#: won 4 and 6 of them, twice a round 3 and 5. A beam 2,048 wide (then some 60 CPU s) cost more than
#: it won at 120 s: common deals 24 and 36, which the nested searches win at their next levels, went
#: unknown. Since the beams' playouts share a cache (:mod:`.rollout`) a beam costs some seven times
#: less CPU, and two more widths fit. Run alone on the deals the one-second tier left unknown with
#: four beams (deals 0-999: literal 76, common 57), beams up to 8,192 wide won literal 45 and common
#: 31: 2,048 wide won 27 and 19 (0.4-1.3 CPU s with the narrower beams before it), 8,192 wide 18 and
#: 11 (2.4-7.3 s; such a beam that fails takes some 10 CPU s and half a gigabyte, let go when it ends).
#: The beams the solver runs, in turn: (width, how many of :data:`.playout.JUDGES` judge its
#: positions: the beam's own three, or all seven). Seven judges cost about twice as much a position
#: and rank positions better: run alone on the 69 literal deals the one-second tier leaves unknown
#: (beams up to 2,048 wide, at most 3 CPU s a deal), seven judges won 31 of them (14 within half a
#: CPU second, at widths from 8 up), three judges 18 (1 within half a second); among the 30 that
#: ten seconds leave unknown, seven judges won 7, three none. But the solver judging every beam by
#: seven decided fewer deals within a second (on deals 0-199 six fewer literal, four common, where
#: three judges had won at 512 or 2,048 wide), and so did the narrow beams of seven put before the
#: 2,048-wide one of three (deals 0-999: literal 92.1% against 93.1%, common 94.3% against 94.8%).
#: So the beams of three judges come first up to 2,048 wide, then the narrow ones of seven (some
#: one CPU second in all), then the wide ones (see below for their order). Measured
#: again once the beams ran a fifth faster (30 November), at one CPU second on the deals that tier
#: decides after 0.3 s or not at all (literal 99, common 76): the narrow beams of seven woven in
#: before the 2,048-wide one ((8, 3), (32, 3), (8, 7), (128, 3), (32, 7), (512, 3), (128, 7), (2048,
#: 3), ...) decided literal 48 and 48 in two runs against 45 and 46, but common 34 against 36. The
#: 2,048-wide beam of seven now comes before the 8,192-wide one of three: that one takes some 9 CPU
#: s where it fails, and the beam of seven won literal 83, 862 and 917 in 1-2 s after it, at 10-14 s.
#: At ten CPU seconds on the deals one second leaves (literal 56, common 46): literal 33 won against
#: 31 (24, 83 and 862 won by 5 s; 357 lost, won at 8.8 s before), common 23 against 22 (24 and 357
#: won; 895, won at 6.6 s by the 8,192-wide beam before, past ten seconds now).
BEAMS: tuple[tuple[int, int], ...] = (
    (8, 3), (32, 3), (128, 3), (512, 3), (2048, 3),
    (8, 7), (32, 7), (128, 7), (512, 7),
    (2048, 7), (8192, 3), (8192, 7),
)  # fmt: skip
#: The exhaustive search's positions for each unit of a beam search's work. Since the beams'
#: playouts share a cache, a beam's unit (a playout's move no playout played before it) costs some
#: seven times less than an exhaustive search's position, so this gives the exhaustive search about a
#: fifth of the beams' time. Measured on deals 0-999 at one CPU second (30 November, the beams of
#: :data:`BEAMS`): 0.1 (then some two thirds of the beams' time; a third before the cache) decided
#: literal 927 and common 943, 0.03 943 and 952, 0.015 940 and 951; the exhaustive search won 128
#: and 133 deals, 126 and 132, 125 and 132. Before the cache (deals 0-199, the first three beams): 0.5
#: decided literal 167 and common 168, 0.2 172 and 174, 0.1 173 and 173, 0.05 174 and 175, the
#: same deals proved lost each time.
BEAM_SHARE = 0.03
#: Beams on the **common reading's game** of the same position, for a position of the literal
#: reading (:func:`_common_game`), run after the literal reading's first :data:`COMMON_AFTER` beams.
#: The literal reading can play any line of the common one (a turned card put onto the waste at
#: once, ``hand>waste``), so a win there is a win here, and the common game's smaller tree (no card
#: held) is sometimes the easier search. Measured at ten CPU seconds on the deals the one-second
#: tier left unknown (30 November, the beams dropping the positions proved lost; literal 23): 15
#: decided against 13 (198 and 916 won in 1.6-2 s, 131 and 257 in 1.3-1.6 s instead of 4.6); at one
#: CPU second on the deals that tier decides after 0.3 s or leaves unknown (literal 53), 31 against 30.
#: The common reading's beams that win 596 (8,192 wide, some 6 CPU s) would cost ten seconds.
COMMON_BEAMS: tuple[tuple[int, int], ...] = ((8, 3), (32, 3), (128, 3), (512, 3))
COMMON_AFTER = 5


def warm_up() -> None:
    """Load every compiled loop :func:`solve` runs (the exhaustive search's, the playouts', the
    beams') now: with numba, a second or two in a new process and much more the first time ever (it
    compiles then). :func:`solve` calls it before its clock starts, and a Crazy Quilt board's Hint
    (:meth:`~windmill_widget.strategies.crazy_quilt.Recall.warm_up`) in the background when the board
    opens. After the first call it costs nothing."""
    _warm_up_search()
    _warm_up_playouts()
    _warm_up_beams()


def solve(game: QuiltGame, *, max_seconds: float | None = None, max_nodes: int | None = None) -> Solution:
    """Solve ``game`` from its current position, **clairvoyantly** (knowing the stock's order).

    First a level-1 nested rollout search (:mod:`.nested`, fast at finding wins) with each policy of
    the portfolio in turn (:data:`.playout.PORTFOLIO`); then beam searches judged by playouts, ever
    wider (:mod:`.beam`, which wins deals whose winning line the nested searches are slow to find;
    :data:`BEAMS`; for the literal reading, on the common reading's game of the position too:
    :data:`COMMON_BEAMS`); then rounds, each bigger than the last, that give each nested search a slice
    at the next levels. After every search's turn the exhaustive search (:mod:`.exhaustive`, which
    can prove a loss, and finds some wins the others miss) gets a share of the positions that turn
    used (:data:`EXHAUSTIVE_SHARE`, :data:`EXHAUSTIVE_SHARE_FRESH`, :data:`BEAM_SHARE`), until one
    decides or a budget runs out. With neither budget, it runs until it decides.

    >>> from windmill_widget import QuiltGame
    >>> sol = solve(QuiltGame(seed=1), max_nodes=200_000)
    >>> sol.result, sol.method
    (<Verdict.WON: 'won'>, 'nested')
    >>> g = QuiltGame(seed=1)
    >>> for m in sol.moves:
    ...     _ = g.play(m)
    >>> g.status
    <Status.WON: 'won'>
    """
    if not isinstance(game, QuiltGame):
        raise TypeError(f"This solver takes a QuiltGame (e.g. QuiltGame(seed=7)), not {game!r}.")
    warm_up()  # the compiled loops' loading is not the deal's work
    t0 = clock.now()
    deadline = None if max_seconds is None else t0 + max_seconds
    state = SearchState.from_game(game)
    if state.is_won():
        return Solution("won", (), 0, clock.now() - t0, "exhaustive")
    if not state.moves():
        return Solution("lost", (), 0, clock.now() - t0, "exhaustive")
    if waste_order_lost(state):
        return Solution("lost", (), 1, clock.now() - t0, "waste-order")
    suit, relaxed = suit_relaxation_lost(state)
    work = [relaxed]  # the relaxed positions searched, counted in the units of work
    if suit is not None:  # the certificate: the suit whose small game cannot be won
        return Solution("lost", (), 1 + work[0], clock.now() - t0, "suit-relaxation", {"suit": suit})
    dfs = Exhaustive(SearchState.from_game(game), work)
    first_share = EXHAUSTIVE_SHARE_FRESH if state.redeals else EXHAUSTIVE_SHARE[0]
    searches: list[Nested] = []
    beams: list[Beam] = []
    stats: dict[str, int] = {}

    def nodes() -> int:
        return sum(n.nodes for n in searches) + sum(b.nodes for b in beams) + dfs.nodes + work[0]

    def left() -> int | None:
        return None if max_nodes is None else max_nodes - nodes()

    common = None  # the common reading's game (literal reading only), made when the beams start

    def finish(result: str, line: list[int] | None, method: str, on_common: bool = False) -> Solution:
        if line is None:
            moves: tuple[QuiltMove, ...] = ()
        elif on_common:
            assert common is not None
            moves = _lifted_line(game, common[1], tuple(concrete_move(common[0], m) for m in line))
            stats["common_reading"] = True
        else:
            moves = _engine_line(game, line)
        beam_nodes = sum(b.nodes for b in beams)
        stats.update(nested_nodes=nodes() - beam_nodes - dfs.nodes - work[0],
                     nested_levels=[n.level for n in searches], beam_nodes=beam_nodes,
                     beam_widths=[b.width for b in beams], beam_judges=[len(b.policies) for b in beams],
                     exhaustive_nodes=dfs.nodes,
                     relaxed_nodes=work[0], pruned=dfs.pruned)  # fmt: skip
        return Solution(result, moves, nodes(), clock.now() - t0, method, stats)

    def exhaustive_turn(share: int) -> Solution | None:
        limit = _slice(None, left())  # a relaxation check may go past the slice, not the budget
        verdict = dfs.run(_slice(max(EXHAUSTIVE_MIN, share), left()), deadline, limit)
        if verdict == "won":
            return finish("won", dfs.line, "exhaustive")
        if verdict == "lost":
            return finish("lost", None, "exhaustive")
        return None

    r = 0
    while True:
        scale = 1 << max(0, r - len(NESTED_SLICES))
        schedule = [(width, judges, False) for width, judges in BEAMS] if r == 1 else []
        if r == 1 and (common := _common_game(game)) is not None:
            schedule[COMMON_AFTER:COMMON_AFTER] = [(width, judges, True) for width, judges in COMMON_BEAMS]
        for width, judges, on_common in schedule:  # the beams, each to its end
            beam = Beam(SearchState.from_game(common[0] if on_common else game), width, JUDGES[:judges])
            beams.append(beam)
            before = nodes()
            while not beam.done:
                if _out_of_budget(deadline, left()):
                    return finish("unknown", None, "")
                if beam.run(_slice(None, left()), deadline):
                    return finish("won", beam.line, "beam", on_common)
            if _out_of_budget(deadline, left()):
                return finish("unknown", None, "")
            if (found := exhaustive_turn(int((nodes() - before) * BEAM_SHARE))) is not None:
                return found
        for k, policy in enumerate(PORTFOLIO):
            if _out_of_budget(deadline, left()):
                return finish("unknown", None, "")
            before = nodes()
            if r == 0:  # level 1 with each policy
                search = Nested(SearchState.from_game(game), policy)
                searches.append(search)
                if search.line is not None or search.run(_slice(None, left()), deadline, max_level=1):
                    return finish("won", search.line, "nested")
            else:
                size = NESTED_SLICES[min(r - 1, len(NESTED_SLICES) - 1)] * scale
                if searches[k].run(_slice(size, left()), deadline):
                    return finish("won", searches[k].line, "nested")
            if _out_of_budget(deadline, left()):
                return finish("unknown", None, "")
            share = EXHAUSTIVE_SHARE[1] if r else first_share
            if (found := exhaustive_turn(int((nodes() - before) * share))) is not None:
                return found
        r += 1


def _slice(size: int | None, nodes_left: int | None) -> int:
    """A slice of ``size`` positions (``None``: no limit), cut to the budget left."""
    if nodes_left is None:
        return size if size is not None else 1 << 62
    return nodes_left if size is None else min(size, nodes_left)


def _out_of_budget(deadline: float | None, nodes_left: int | None) -> bool:
    if nodes_left is not None and nodes_left <= 0:
        return True
    return deadline is not None and clock.now() >= deadline


_TO_WASTE = QuiltMove("hand", "waste")


def _common_game(game: QuiltGame) -> tuple[QuiltGame, tuple[QuiltMove, ...]] | None:
    """For a game of the literal reading (a turned card held in hand), the game of the common reading
    from the same position, its held card put onto the waste first (that move, the prefix, with it);
    ``None`` for the common reading. Every line of the common game is one of the literal game with
    each turned card put at once onto the waste (:func:`_lifted_line`), so a win there is a win here."""
    if game.rules.turn_to != "hand":
        return None
    prefix: tuple[QuiltMove, ...] = ()
    g = game
    if game.position()["hand"] is not None:
        g = game.copy()
        g.play(_TO_WASTE)
        prefix = (_TO_WASTE,)
    position = g.position()
    position.update(hand=None, rules=replace(game.rules, turn_to="waste"))
    return QuiltGame.from_position(**position), prefix


def _lifted_line(
    game: QuiltGame, prefix: tuple[QuiltMove, ...], line: tuple[QuiltMove, ...]
) -> tuple[QuiltMove, ...]:
    """The literal game's line for the common game's winning ``line`` (:func:`_common_game`): the
    ``prefix``, then ``line`` with each turned card put onto the waste at once (checked by
    :func:`_winning_line` on ``game`` itself)."""
    moves = list(prefix)
    for m in line:
        moves.append(m)
        if m.src == "stock":  # a turn: the common reading turns the card onto the waste
            moves.append(_TO_WASTE)
    return _winning_line(game, moves)


def _engine_line(game: QuiltGame, line: list[int]) -> tuple[QuiltMove, ...]:
    """The game's moves for the search model's ``line`` (checked by :func:`_winning_line`)."""
    return _winning_line(game, [concrete_move(game, m) for m in line])


def _winning_line(game: QuiltGame, moves: list[QuiltMove]) -> tuple[QuiltMove, ...]:
    """``moves``, once replayed on a copy of ``game``: so a line the rules would not accept, or that
    does not win, can never be returned."""
    g = game.copy()
    for k, move in enumerate(moves):
        if not g.is_legal(move):  # pragma: no cover - would mean the mirror drifted
            raise AssertionError(f"solver line not legal at step {k}: {move}: {g.explain(move)}")
        g.play(move)
    if g.status != "won":  # pragma: no cover
        raise AssertionError("solver line does not win")
    return tuple(moves)
