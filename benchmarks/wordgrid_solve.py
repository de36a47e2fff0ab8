"""Word Grid: the solver's time (``wordgrid solve``) on a fixed set of seeded puzzles.

    python benchmarks/wordgrid_solve.py [--seeds 1-10] [--sizes 5,7] [--words FILE]
                                        [--lists default,words] [--pure]

The puzzles are made from the common words (``wordgrid new --size S --seed N``), then
solved from their letters alone, once with the default list (the common words, as
``wordgrid solve`` without ``--lexicon``) and once with every word of ``--words FILE`` (as
``--lexicon FILE``; some puzzles' words are not in a given list, and then the answer is
that the letters make no grid, which must be quick too).  The list's index is built once
per size, outside the times, as the command line's batch mode does.  Prints one line per
puzzle (time, valid grids, swaps) and the median and max per size and list; no pass/fail
on time.  ``--pure`` runs the pure-Python search (``WORDBLER_PURE_PYTHON=1``).

To compare with other code (an older commit), copy this file into that tree's
``benchmarks/`` and run it there: it imports the ``wordbler`` next to it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordbler.wordgrid.fill import PURE_PYTHON_ENV, WordIndex, native_available  # noqa: E402
from wordbler.wordgrid.grid import layout  # noqa: E402
from wordbler.wordgrid.solve import NoSolution, solve  # noqa: E402
from wordbler.wordgrid.words import common_grid_words, load_grid_words, make_puzzle  # noqa: E402


def seed_range(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="1-10", help="seeds, e.g. 1-10 or 1,4,7 (default 1-10)")
    ap.add_argument("--sizes", default="5,7")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--words", metavar="FILE", default=None,
                    help="a word list to solve with as well (as --lexicon FILE)")
    ap.add_argument("--lists", default="default,words",
                    help="which lists to solve with: default, words or both (default both)")
    ap.add_argument("--pure", action="store_true", help="the pure-Python search")
    args = ap.parse_args(argv)
    if args.pure:
        os.environ[PURE_PYTHON_ENV] = "1"
    print(f"compiled search: {'yes' if native_available() else 'no'}")
    lists = [x for x in args.lists.split(",") if x == "default" or (x == "words" and args.words)]
    seeds = seed_range(args.seeds)
    for size in (int(s) for s in args.sizes.split(",")):
        lay = layout(size)
        gw = common_grid_words(args.lang, size)
        puzzles = [(seed, make_puzzle(gw, seed)) for seed in seeds]
        for which in lists:
            t = time.perf_counter()
            words = load_grid_words(args.lang, size, args.words if which == "words" else None)
            index = WordIndex.build(words.words, size)
            print(f"{args.lang} {size}x{size}, {which} list ({len(index)} words, indexed in "
                  f"{time.perf_counter() - t:.2f} s):")
            times = []
            for seed, p in puzzles:
                t = time.perf_counter()
                try:
                    s = solve(lay, index, p.start)
                    what = f"{s.grids_found} grids, {len(s.swaps)} swaps"
                except NoSolution:
                    what = "no grid"
                times.append(time.perf_counter() - t)
                print(f"  seed {seed:>3}: {times[-1]:8.3f} s  {what}")
                sys.stdout.flush()
            print(f"  {size}x{size} {which}: {len(times)} puzzles, median "
                  f"{statistics.median(times):.3f} s, max {max(times):.3f} s, "
                  f"total {sum(times):.2f} s")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
