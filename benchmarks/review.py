"""How long a game review takes (``windmill_widget.review.review``): a typical game of each game,
played by a built-in player to its end, reviewed with the default settings (or those given), CPU
time (the machine may be busy: CPU time is what an idle core would take), the positions solved
and what the review found.

    nice -n 15 .venv/bin/python benchmarks/review.py          # Windmill deal 3, Crazy Quilt deal 3
    .venv/bin/python benchmarks/review.py --game windmill --deals 0-4 --samples 8

A second review of the same game (from the cache) is timed too. Pure Python (no numba, as in
Pyodide): ``WINDMILL_WIDGET_PURE_PYTHON=1``.

Figures (2026-11, a busy 2-core machine, CPU s, default settings, numba): Windmill deal 3 (172
moves) 11.5 s before positions settled by the verdict or the move before went unsampled, 4.5 s
after; Crazy Quilt deal 3 (150 moves) 17.2 s before, 17.4 s after (its verdicts stay unknown, so
nothing is settled). Greedy's Windmill deal 42 (200 moves, won)
5.9 s before, 4.6 s after; deal 29 (175 moves) 2.6 s after. Pure Python, greedy's deal 29 at
samples 4, sample_budget 2000, budget 50000: 38.5 s before, 35.6 s after (136 of 175 positions
sampled); a lighter sample_budget (500) is quicker but leaves every guess undecided, so every
chance reads 0%: sampling, not the verdicts (about 3%), is where a review's time goes.

Sharing guesses (issue 41): the positions between two cards shown meet the same guesses and start
from what the solver found on them after the move played, and Windmill's per-move test skips the
relaxation its guess already passed. The typical games (the defaults above; each game's strongest
quick player, deal 3, both lost), CPU s, before -> after:

    Windmill, numba, default settings                         5.3 -> 3.9
    Windmill, pure Python, default settings                   248.5 -> 210.2
    Windmill, pure Python, samples 4, sample_budget 2000,
      budget 50000 (review.PYTHON_DEFAULTS, the board's
      Review button's without numba)                         76.1 -> 52.7
    Crazy Quilt, numba, default settings                     17.3 -> 14.4
    Crazy Quilt, pure Python, default settings               16.3 -> 13.5

(Crazy Quilt's solver runs as Python either way.) In pure Python about a quarter of Windmill's time
is the verdicts' solves (about ten a game), the rest the beam searches on the guesses; Crazy
Quilt's goes to its solver's suit relaxation and rollouts on every guess. With the default
sample_budget (500) Crazy Quilt's guesses before the redeal stay undecided: their chances read
"unknown" (a gap in the board's chart), no longer 0%.

Machine defaults and playouts (issue 41, 29 November; load 6-8 from other jobs, CPU s, deal 3 as
above). Without numba ``review()`` now takes ``review.PYTHON_DEFAULTS`` for the settings left out
(the line above names which defaults ran); Crazy Quilt plays a no-peeking player's playout after each
move on 16 guesses (``--playouts``), a lower bound on the chance where its solver leaves the guesses
undecided:

    Windmill, pure Python, review(game) with no settings     210.2 (DEFAULTS) -> 55.2 (PYTHON_DEFAULTS)
    Windmill, numba, review(game)                            3.9 -> 4.3 (unchanged code; noise)
    Crazy Quilt, numba, default settings                     11.2 -> 16.6-17.0 (--playouts 0: 10.9)
    Crazy Quilt, pure Python, default settings               12.0 -> 15.6

On deal 3 the playouts win none of the guesses before the redeal, so its 69 first-pass chances
still read "unknown" (81 known after it). On tips's games of deals 4-8 (``--deals 4-8``), the
chances before the moves that read unknown before now read: deal 4, 10 a range and 28 unknown (22.6 s);
deal 5, 7 a range (a ceiling below 100%, no playout won) and 11 unknown (8.3 s); deal 6 (won), 46 a
range and 5 unknown, where 59 read unknown with --playouts 0 (65.1 s, 81.7 s with --playouts 0: a
guess a playout wins needs no solve); deal 7, 22 and 19 (11.5 s); deal 8 (won), 14 and 53 (19.5 s).
What the options cost: a playout 1-2 ms of Python, a
guess's solve at sample_budget 500 6-11 ms, at 10,000 positions some 110 ms, and that decides a
fifth of deal 3's guesses at moves 0 and 20 and none from move 40 on. A profile of the pure-Python
Windmill review at PYTHON_DEFAULTS (cProfile, 153 s of CPU under it) finds no waste in the
review's own code (some 3 s of the 1125 s it counts): 69% is the beam searches and dig relaxations
on the guesses, 31% the verdicts' solves (13), all of it in the solver's Python loops (the dig
relaxation's state copies alone 12%).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from windmill_widget import find_game
from windmill_widget.review import ReviewCache, default_settings, review
from windmill_widget.solver.windmill.clairvoyant import warm_up
from windmill_widget.strategies import lookahead, tips

PLAYERS = {"windmill": lookahead, "crazy-quilt": tips}  # each game's strongest quick player


def deals(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def one(game_name: str, seed: int, settings: dict) -> None:
    game = find_game(game_name)(seed=seed)
    player = PLAYERS[game_name]
    while game.status == "playing":
        game.play(player(game.view()))
    cache = ReviewCache()
    t = time.process_time()
    r = review(game, progress=False, cache=cache, **settings)
    first = time.process_time() - t
    solved, estimated = len(cache.solutions), len(cache.choices)
    t = time.process_time()
    review(game, progress=False, cache=cache, **settings)
    again = time.process_time() - t
    tp = r.turning_point
    points = [m.chance_before for m in r]
    known = sum(c.known for c in points)
    ranged = [c for c in points if c.range is not None]
    above = sum(c.floor > 0 for c in ranged)
    print(
        f"{game_name:<12} deal {seed:>4}  {len(r):>3} moves  {game.status:<4}  review {first:6.1f} s CPU "
        f"({first / max(1, len(r)):.2f} s a move), again {again:.2f} s; {solved} positions solved, "
        f"{estimated} estimated; "
        f"turning point {tp.number if tp else '-'}; blunders/mistakes/inaccuracies "
        f"{r.count('blunder')}/{r.count('mistake')}/{r.count('inaccuracy')}; chances before the moves: "
        f"{known} known, {len(ranged)} a range ({above} with a floor above 0), "
        f"{len(points) - known - len(ranged)} unknown"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=[*PLAYERS, "both"], default="both")
    ap.add_argument("--deals", default="3", help="a deal number or a range, e.g. 0-4")
    ap.add_argument("--budget", type=int, help="positions per solve of a position (default: the game's)")
    ap.add_argument("--samples", type=int, help="guesses at the stock per position (default: the game's)")
    ap.add_argument("--sample-budget", type=int, help="positions per guess (default: the game's)")
    ap.add_argument("--playouts", type=int, help="Crazy Quilt's playouts per move (default: the game's)")
    args = ap.parse_args()
    warm_up()  # compile (or load) Windmill's solver loops before any clock starts
    given = {"budget": args.budget, "samples": args.samples, "sample_budget": args.sample_budget,
             "playouts": args.playouts}  # fmt: skip
    settings = {k: v for k, v in given.items() if v is not None}
    games = list(PLAYERS) if args.game == "both" else [args.game]
    for name in games:
        defaults, which = default_settings(name)
        print(f"{name}: defaults {defaults} ({which}), overridden by {settings or 'nothing'}")
        for seed in deals(args.deals):
            one(name, seed, settings)


if __name__ == "__main__":
    main()
