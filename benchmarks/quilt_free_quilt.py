"""Which Crazy Quilt deals no proof that frees the quilt can decide.

The suit relaxation (``windmill_widget/solver/crazy_quilt/suits.py``) proves a position lost when
one suit's *small game* cannot be won: the suit's quilt cards free to go up at any moment, the other
suits gone, its stock, waste and hand exact. The same small game for several suits at once (their
cards sharing the waste, in the order the real game lays them there) is a stronger relaxation. But
a proof of either kind on a fresh deal is answered by one legal line: turn the whole stock without
playing a card, redeal (as often as the rules allow), and play the last pass. The small game must
allow that line (it plays nothing and needs nothing of the quilt), so if the small game of some
suits can be won from the position the line reaches, the relaxation of those suits cannot prove
the deal lost, whatever it does with the first pass.

For each deal this script searches the small game of each suit, each pair and each triple of suits
(and all four) from that position, exhaustively, and prints which are lost. By default the deals
are those a tier of ``benchmarks/solver.py`` left unknown (``--unknown-at 10``: the ten-second
tier's results file).

The small game's search lets a quilt card go up only when a card of the stock, the waste or the hand
needs its foundation raised (raised then by the quilt's copies of every rank between, if it holds
them): a free quilt card enables nothing but foundation plays, so playing it later loses nothing,
and once the stock, waste and hand are empty every card left is in the quilt and goes up in order.
With an empty quilt the small game of all four suits is the real game (``tests/test_free_quilt.py``
checks it against brute force there, and the one-suit games against the solver's suit relaxation).

    .venv/bin/python benchmarks/quilt_free_quilt.py --rules literal              # the 10 s unknowns
    .venv/bin/python benchmarks/quilt_free_quilt.py --rules common --deals 9 83 180 --sizes 1 2
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

# benchmarks/solver.py, beside this script: its results files
from solver import in_units, quilt_results, read_results, status_at

from windmill_widget import QuiltGame, QuiltRules
from windmill_widget.games.crazy_quilt.search import REDEAL, TURN, SearchState

SUITS = "SHDC"
#: Positions one small game may search before it is left undecided.
LIMIT = 2_000_000


class Undecided(Exception):
    """The search ran out of its positions."""


def after_blind_passes(game: QuiltGame) -> SearchState:
    """The clairvoyant state after turning the whole stock, playing nothing, and redealing, as often
    as the rules allow: the start of the last pass, reached by a legal line."""
    s = SearchState.from_game(game)
    while s.redeals:
        while s.stock_left():
            s.apply(TURN)
        s.apply(REDEAL)
    return s


def small_game_won(s: SearchState, suits: Iterable[int], limit: int = LIMIT) -> bool | None:
    """Can the small game of ``suits`` (0..3: S H D C) be won from ``s``: those suits' quilt cards
    free, the other suits gone, the rest exact (stock, waste, hand, redeals left)? ``None`` when the
    search ran out of ``limit`` positions."""
    keep = set(suits)
    stock = tuple(f for f in s.stock_faces() if f // 13 in keep)  # in the order they are turned
    waste = tuple(f for f in s.waste_faces() if f // 13 in keep)  # its bottom first, its top last
    hand0 = s.hand_face() if s.hand_face() // 13 in keep else -1
    quilt = [0] * 52
    for c in range(64):
        if s.mask >> c & 1 and s.faces[c] // 13 in keep:
            quilt[s.faces[c]] += 1
    heights = tuple(s.height(j) for j in range(8))
    held = s.held
    seen = [0]

    Row = tuple[int, ...]

    def raised(h: Row, q: Row, face: int) -> list[tuple[Row, Row]]:
        """Each way to put ``face`` on a foundation, its quilt copies of the ranks between first."""
        suit, rank = face // 13, face % 13 + 1
        ways = []
        for j, between in ((suit, range(h[suit] + 1, rank)), (suit + 4, range(13 - h[suit + 4], rank, -1))):
            top = h[j] + 1 if j < 4 else 13 - h[j]  # the rank it takes next
            if h[j] >= 13 or (top > rank if j < 4 else top < rank):
                continue
            left = list(q)
            for r in between:
                if not left[suit * 13 + r - 1]:
                    break
                left[suit * 13 + r - 1] -= 1
            else:
                grown = list(h)
                grown[j] += 1 + len(between)
                ways.append((tuple(grown), tuple(left)))
        return ways

    @cache
    def won(stock: tuple[int, ...], waste: tuple[int, ...], hand: int, q: tuple[int, ...],
            h: tuple[int, ...], redeals: int) -> bool:  # fmt: skip
        seen[0] += 1
        if seen[0] > limit:
            raise Undecided
        if not stock and not waste and hand < 0 and not redeals:
            return True  # what is left is in the quilt, and goes up in order
        if hand >= 0 and any(won(stock, waste, -1, q2, h2, redeals) for h2, q2 in raised(h, q, hand)):
            return True
        if waste and any(won(stock, waste[:-1], hand, q2, h2, redeals) for h2, q2 in raised(h, q, waste[-1])):
            return True
        if stock:  # turn: the held card (literal reading) goes onto the waste, the next into the hand
            if held:
                return won(stock[1:], waste + ((hand,) if hand >= 0 else ()), stock[0], q, h, redeals)
            return won(stock[1:], waste + stock[:1], -1, q, h, redeals)
        if redeals:  # the waste, the held card on it, turned over: its bottom card comes up first
            return won(waste + ((hand,) if hand >= 0 else ()), (), -1, q, h, redeals - 1)
        return False

    try:
        return won(stock, waste, hand0, tuple(quilt), heights, s.redeals)
    except Undecided:
        return None


def unknown_deals(rules: str, seconds: float) -> list[int]:
    """The deals the ``seconds`` tier of ``benchmarks/solver.py`` left unknown (its results file)."""
    records = [r for r in read_results(quilt_results(rules, 1)) if not in_units(r)]
    return sorted(seed for seed, r in status_at(records, seconds).items() if r["result"] == "unknown")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="literal", choices=QuiltRules.PRESETS)
    parser.add_argument("--deals", type=int, nargs="+", help="default: the deals --unknown-at left unknown")
    parser.add_argument(
        "--unknown-at", type=float, default=10.0, help="the tier (CPU s) whose unknowns to take"
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 2, 3], choices=[1, 2, 3, 4],
                        help="how many suits each small game holds")  # fmt: skip
    parser.add_argument("--limit", type=int, default=LIMIT, help="positions a small game may search")
    args = parser.parse_args()
    rules = getattr(QuiltRules, args.rules)()
    deals = args.deals or unknown_deals(args.rules, args.unknown_at)
    if not deals:
        raise SystemExit(f"The {args.unknown_at:g} s tier left no deal unknown (or never ran): give --deals.")
    sys.setrecursionlimit(10_000)
    free = {k: [] for k in args.sizes}  # the deals whose every small game of k suits is won
    for seed in deals:
        s = after_blind_passes(QuiltGame(seed=seed, rules=rules))
        parts = []
        for k in args.sizes:
            verdicts = {"".join(SUITS[i] for i in group): small_game_won(s, group, args.limit)
                        for group in itertools.combinations(range(4), k)}  # fmt: skip
            lost = [name for name, v in verdicts.items() if v is False]
            open_ = [name for name, v in verdicts.items() if v is None]
            if not lost and not open_:
                free[k].append(seed)
            undecided = f" (undecided {' '.join(open_)})" if open_ else ""
            parts.append(f"{k}: lost {' '.join(lost) or '-'}{undecided}")
        print(f"deal {seed:4d}  " + "; ".join(parts), flush=True)
    print(f"\n{args.rules}, {len(deals)} deals, after the blind first pass:")
    for k in args.sizes:
        print(f"  every small game of {k} suit{'s' if k > 1 else ''} won: {len(free[k])} deals {free[k]}")


if __name__ == "__main__":
    main()
