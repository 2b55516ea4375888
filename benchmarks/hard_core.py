"""Where a deal's proof is hard: each move's position solved with a budget of work, and the search
going on below those the budget leaves unknown.

A proof of loss has to refute every move, so its cost is the sum of its children's; when the
solver leaves a deal unknown, this shows which children carry that cost and how deep the hard part
reaches. Budgets are units of work (positions plus relaxed positions), so the tree is the same on
any machine. Positions that differ only in which sail holds a card, or in suits, are one position
to the solver; a move leading to one already shown is listed as the same, not solved again. A
child the solver wins makes the position won, and the script stops there with the line.

    .venv/bin/python benchmarks/hard_core.py 58                       # deal 58's first moves, 4M units each
    .venv/bin/python benchmarks/hard_core.py 58 --line "18*deal n2>c 13*deal" --depth 4
    .venv/bin/python benchmarks/hard_core.py 454 --units 20M --depth 1 --rules relaxed
    .venv/bin/python benchmarks/hard_core.py 58 --line "18*deal n2>c" --along lookahead --every 4 --units 60M

``--line`` plays moves in the engine's notation first (``18*deal``: eighteen deals).

``--along PLAYER`` (a player as ``critical.py`` names it: ``lookahead``, ``sampling:width=64``)
measures how far down a proof stays hard instead: it lets the player play the deal out from the
line and solves the position each time the stock comes down to a multiple of ``--every`` cards.
Below a lost position every position is lost, so a proof of it has to settle these too; where
along the game they become cheap shows how deep the hard part reaches.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from critical import make_player  # benchmarks/critical.py, beside this script
from solver import units_budget  # benchmarks/solver.py, beside this script

from windmill_widget import Game, Rules
from windmill_widget.games.windmill.search import SearchState
from windmill_widget.solver import Solution, Verdict, solve
from windmill_widget.solver.windmill.clairvoyant import warm_up


def units(text: str) -> int:
    """``--units``: as ``benchmarks/solver.py`` reads it (``4M``, ``2.5G``)."""
    return int(units_budget(text))


def compress(line: list[str]) -> str:
    """The inverse of :func:`expand`: runs of one move as ``N*move``."""
    words: list[str] = []
    i = 0
    while i < len(line):
        j = i
        while j < len(line) and line[j] == line[i]:
            j += 1
        words.append(line[i] if j - i == 1 else f"{j - i}*{line[i]}")
        i = j
    return " ".join(words) or "the start"


def expand(line: str) -> list[str]:
    """``"18*deal n2>c"`` -> eighteen deals and ``n2>c``."""
    moves: list[str] = []
    for word in line.split():
        count, star, move = word.partition("*")
        if star and not count.isdigit():
            raise ValueError(f"{word[:20]!r}: a repeated move is written N*move, as in 18*deal")
        moves += [move] * int(count) if star else [word]
    return moves


class Budget(Exception):
    """Raised once ``--most`` positions have been solved."""


def piles(game: Game) -> str:
    """How far into the deal ``game`` is: its stock, waste and centre."""
    pos = game.position()
    return f"stock {len(pos['stock'])}, waste {len(pos['waste'])}, centre {len(pos['center'])}"


class Tally:
    """Solves positions with a budget of work, counting the verdicts and the units spent."""

    def __init__(self, units: int) -> None:
        self.units = units
        self.spent = 0
        self.counts = {verdict: 0 for verdict in Verdict}

    def solve(self, game: Game) -> tuple[Solution, str]:
        """``game``'s position solved, and a line saying how: the verdict, the work, the piles."""
        sol = solve(game, max_nodes=self.units)
        self.spent += sol.nodes
        self.counts[sol.result] += 1
        proof = f" ({sol.method})" if sol.result is Verdict.LOST else ""
        return sol, f"{sol.result.value}{proof} after {sol.nodes:,} units; {piles(game)}"

    def summary(self, seconds: float) -> str:
        c = self.counts
        return (
            f"{sum(c.values())} positions solved: {c[Verdict.WON]} won, {c[Verdict.LOST]} lost, "
            f"{c[Verdict.UNKNOWN]} unknown; {self.spent:,} units, {seconds:.0f} s of CPU"
        )


class Explorer:
    def __init__(self, tally: Tally, depth: int, most: int) -> None:
        self.tally, self.depth, self.most = tally, depth, most
        self.shown: dict[int, int] = {}  # search key -> the number it was shown under

    def explore(self, game: Game, line: list[str], level: int = 0) -> list[str] | None:
        """Solve every move's position from ``game`` (reached by ``line``); return a winning line
        if one is found."""
        for move in [str(m) for m in game.legal_moves()]:
            child = game.copy()
            child.play(move)
            key = SearchState.from_game(child).key()
            pad = "  " * level
            if key in self.shown:
                print(f"{pad}{move}: the same position as [{self.shown[key]}]")
                continue
            if len(self.shown) >= self.most:
                raise Budget
            self.shown[key] = number = len(self.shown) + 1
            sol, how = self.tally.solve(child)
            print(f"{pad}[{number}] {move}: {how}", flush=True)
            if sol.result is Verdict.WON:
                return [*line, move, *map(str, sol.moves)]  # a line the engine replays to a win
            if sol.result is Verdict.UNKNOWN and level < self.depth:
                won = self.explore(child, [*line, move], level + 1)
                if won:
                    return won
        return None


def along(start: Game, line: list[str], player: Callable, every: int, tally: Tally) -> list[str] | None:
    """Play ``player``'s game from ``start`` (reached by ``line``) and solve the position each time
    the stock comes down to a multiple of ``every`` cards; return a winning line if one is found."""
    game = start.copy()
    moves = list(line)
    solved: set[int] = set()
    while True:
        stock = len(game.position()["stock"])
        if stock % every == 0 and stock not in solved:
            solved.add(stock)
            sol, how = tally.solve(game)
            print(f"move {len(moves)}: {how}", flush=True)
            if sol.result is Verdict.WON:
                return [*moves, *map(str, sol.moves)]
        if game.outcome is not None:
            print(f"the player's game ends after {len(moves)} moves: {game.outcome.text}")
            return None
        move = player(game.view())
        game.play(move)
        moves.append(str(move))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("deal", type=int)
    parser.add_argument("--line", default="", help='moves played first, e.g. "18*deal n2>c"')
    parser.add_argument("--units", type=units, default=4_000_000, help="work per position (default 4M)")
    parser.add_argument("--depth", type=int, default=2, help="levels to go down (default 2)")
    parser.add_argument("--most", type=int, default=200, help="positions to solve at most (default 200)")
    parser.add_argument("--rules", default="strict", choices=Rules.PRESETS)
    parser.add_argument(
        "--along", help="follow this player's game instead (see above): lookahead, sampling, ..."
    )
    parser.add_argument(
        "--every", type=int, default=4, help="with --along: stock cards between positions (default 4)"
    )
    args = parser.parse_args(argv)
    if args.depth < 0 or args.most < 1 or args.every < 1:
        parser.error("--depth must be 0 or more, and --most and --every 1 or more")
    try:
        player = make_player(args.along) if args.along else None
    except SystemExit as err:  # make_player's own message for a bad name or setting
        parser.error(f"--along: {err}")
    tally = Tally(args.units)
    start = Game(seed=args.deal, rules=getattr(Rules, args.rules)())
    try:
        line = expand(args.line)
        for move in line:
            start.play(move)
    except (ValueError, TypeError) as err:
        parser.error(f"--line: {err}")
    print(
        f"deal {args.deal}, {args.rules} rules, after {len(line)} moves: {piles(start)}; "
        f"{args.units:,} units a position"
    )
    warm_up()
    t0 = time.process_time()
    if player is not None:
        won = along(start, line, player, args.every, tally)
    else:
        try:
            won = Explorer(tally, args.depth, args.most).explore(start, line)
        except Budget:
            won = None
            print(f"(stopped after {args.most} positions: --most)")
    print(tally.summary(time.process_time() - t0))
    if won:
        print("won:", compress(won))
    return 0


if __name__ == "__main__":
    sys.exit(main())
