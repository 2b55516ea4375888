"""Crazy Quilt's beam search alone (``windmill_widget.solver.crazy_quilt.beam``): on each deal, from
the deal, beams of growing width until one wins, a width fails past the last one, or the CPU time
is used up; which width won, the units of work and the CPU seconds of all the beams tried. One JSON
line a deal on standard output (and ``--out``).

    .venv/bin/python benchmarks/quilt_beam.py --deals 0 2 19 23
    .venv/bin/python benchmarks/quilt_beam.py --rules common --deals 15 42 --widths 8 32 128 512
    .venv/bin/python benchmarks/quilt_beam.py --deals 4 --judges 7 --seconds 60
    .venv/bin/python benchmarks/quilt_beam.py --widths 8 32 128 512 2048 --repeat 3 \
        --deals 7 24 36 53 76 83 95 105 113 131     # a timing to compare two versions by

The beam runs as one compiled loop (``WINDMILL_WIDGET_PURE_PYTHON=1`` runs the same loop as Python).
Measured when it replaced the beam written over the search model, with the same lines and units (literal
deals, one beam each, CPU s before and after, on the project's 2-core machine): 32 wide, deal 24
(2,670,195 units) 0.37 and 0.13, deal 0 (2,168,420) 0.42 and 0.11; 128 wide, deal 24 (11,757,639) 1.53
and 0.73, deal 19 (3,377,011, won) 0.40 and 0.15. Nearly all its time is now the playouts' (:func:`judge_from`
in ``rollout.py``, some 60 ns a unit).

Since the beam's playouts share a cache (``rollout.py``, *the playout cache*), the same beams play
the same lines with far fewer units; ``--no-cache`` plays every playout to its end, as before. On
literal deals 0, 84, 89, 110, 152, 156, 160, 167, 186, 200, 246 and 250 (widths 8 to 512 until one
wins): 15.4 million units and 2.1 CPU s with the cache, 243 million and 15.2 s without.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from windmill_widget import QuiltGame, QuiltRules
from windmill_widget.games.crazy_quilt.search import SearchState
from windmill_widget.solver.crazy_quilt.beam import BEAM_POLICIES, Beam
from windmill_widget.solver.crazy_quilt.beam import warm_up as warm_up_beams
from windmill_widget.solver.crazy_quilt.clairvoyant import BEAMS
from windmill_widget.solver.crazy_quilt.playout import JUDGES, warm_up

#: The solver's beams' widths, narrowest first.
BEAM_WIDTHS = sorted({width for width, _ in BEAMS})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, nargs="+", default=[0, 2, 19, 23])
    parser.add_argument("--rules", default="literal", choices=QuiltRules.PRESETS)
    parser.add_argument("--widths", type=int, nargs="+", default=BEAM_WIDTHS,
                        help="the widths tried in turn (default: the solver's)")  # fmt: skip
    parser.add_argument("--judges", type=int, default=len(BEAM_POLICIES), choices=range(1, len(JUDGES) + 1),
                        help="judge by the first N of playout.JUDGES (default: the beam's own)")  # fmt: skip
    parser.add_argument("--seconds", type=float, default=120.0,
                        help="CPU seconds per deal: no wider beam starts after them")  # fmt: skip
    parser.add_argument("--out", type=Path, help="a JSON lines file to append the records to")
    parser.add_argument("--no-cache", action="store_true", help="play every playout to its end")
    parser.add_argument("--repeat", type=int, default=1,
                        help="play each deal's beams N times, the least CPU counts")  # fmt: skip
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error(f"--repeat must be at least 1, not {args.repeat}")
    warm_up()  # loading the compiled playouts and the beam's loop is not the deals' work
    warm_up_beams()
    policies = JUDGES[: args.judges]
    total = 0.0
    for seed in args.deals:
        game = QuiltGame(seed=seed, rules=getattr(QuiltRules, args.rules)())
        runs = [_beams(game, args, policies) for _ in range(args.repeat)]
        won_at, units, tried, _ = runs[0]
        if any(run[:3] != runs[0][:3] for run in runs):  # pragma: no cover - the beams are deterministic
            raise SystemExit(f"deal {seed}: the beams' repeats differ: {[run[:3] for run in runs]}")
        cpu = min(run[3] for run in runs)  # the least of the repeats: the machine's noise only adds
        total += cpu
        record = {
            "seed": seed, "rules": args.rules, "judges": args.judges, "cache": not args.no_cache,
            "widths": tried, "won_at": won_at,
            "units": units, "cpu": round(cpu, 3),
        }  # fmt: skip
        line = json.dumps(record)
        print(line, flush=True)
        if args.out:
            with args.out.open("a") as f:
                f.write(line + "\n")
    print(f"{len(args.deals)} deals, {total:.2f} CPU s in all", file=sys.stderr)


def _beams(game: QuiltGame, args: argparse.Namespace, policies) -> tuple[int | None, int, list[int], float]:
    """The beams of ``args.widths`` on ``game`` in turn until one wins (or the CPU seconds are used
    up): the width that won, the units, the widths tried and the CPU seconds."""
    cpu = time.process_time()
    won_at, units, tried = None, 0, []
    for width in args.widths:
        if time.process_time() - cpu >= args.seconds:
            break
        beam = Beam(SearchState.from_game(game), width, policies, cache=not args.no_cache)
        won = beam.run(1 << 62)
        units += beam.nodes
        tried.append(width)
        if won:
            won_at = width
            break
    return won_at, units, tried, time.process_time() - cpu


if __name__ == "__main__":
    main()
