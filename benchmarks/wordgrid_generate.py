"""Word Grid: generation time (p50/p95) per size and language, and solver time.

    python benchmarks/wordgrid_generate.py [--count N] [--sizes 5,7] [--langs en,ru]

Generates N puzzles per (size, language) from the common words (seeds 0..N-1), then solves
the first ``--solve-count`` of them from their letters alone (``wordgrid solve``) and checks
the solver finds the generator's solution in exactly 10 / 20 swaps.  Also counts the
puzzles made without the solver-agreement check (see ``wordbler.wordgrid.puzzle``).
Prints figures; no pass/fail on time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordbler.wordgrid.fill import WordIndex  # noqa: E402
from wordbler.wordgrid.grid import layout  # noqa: E402
from wordbler.wordgrid.puzzle import GenerationError  # noqa: E402
from wordbler.wordgrid.solve import solve  # noqa: E402
from wordbler.wordgrid.words import common_grid_words, make_puzzle  # noqa: E402


def pct(values, q):
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(q * (len(values) - 1))))
    return values[k]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--sizes", default="5,7")
    ap.add_argument("--langs", default="en,ru")
    ap.add_argument("--solve-count", type=int, default=10,
                    help="solve only the first N puzzles of each kind (7x7 solves take seconds)")
    args = ap.parse_args(argv)
    for lang in args.langs.split(","):
        for size in (int(s) for s in args.sizes.split(",")):
            try:
                gw = common_grid_words(lang, size)
                words = gw.words
            except Exception as e:  # noqa: BLE001 - a benchmark reports and goes on
                print(f"{lang} {size}x{size}: no common words ({e})")
                continue
            gen, sol, failures, mismatch, unchecked = [], [], 0, 0, 0
            index = WordIndex.build(gw.words, size)
            for seed in range(args.count):
                t = time.perf_counter()
                try:
                    p = make_puzzle(gw, seed)
                except GenerationError as e:
                    failures += 1
                    print(f"  {lang} {size}x{size} seed {seed}: {e}")
                    continue
                gen.append(time.perf_counter() - t)
                unchecked += not p.solver_checked
                if seed >= args.solve_count:
                    continue
                t = time.perf_counter()
                s = solve(layout(size), index, p.start)
                sol.append(time.perf_counter() - t)
                if s.grid != p.solution or len(s.swaps) != p.swaps:
                    mismatch += 1
            if not gen:
                print(f"{lang} {size}x{size}: {len(words)} words, no puzzle ({failures} failed)")
                continue
            print(f"{lang} {size}x{size}: {len(words)} words, {len(gen)} puzzles: "
                  f"generate p50 {statistics.median(gen):.3f} s  p95 {pct(gen, 0.95):.3f} s  "
                  f"max {max(gen):.3f} s | {len(sol)} solved: solve p50 {statistics.median(sol):.3f} s  "
                  f"p95 {pct(sol, 0.95):.3f} s  max {max(sol):.3f} s | "
                  f"failed {failures}, solver disagreed {mismatch}, "
                  f"made without the solver check {unchecked}")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
