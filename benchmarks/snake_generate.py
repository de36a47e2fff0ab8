"""Word Snake board generation time, per size and language.

    python benchmarks/snake_generate.py [--boards N] [--lang en|ru|fr|all]

The bundled list is loaded once (its load and the word graph's are printed apart); then
N boards per size are dealt with seeds 0..N-1 and the wall time of each ``generate`` call
is measured: p50, p95 and max, with the solves per board and the share of boards in the
word-count band.  The first deal of a list also builds the list's common-word index
(printed as "first deal").  Targets: p95 <= 150 ms on 4x4, <= 400 ms on 6x6.  Figures
only, no pass/fail.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordbler.snake import BoardSpec, SnakeWords, generate  # noqa: E402

SIZES = ((3, 3), (4, 4), (5, 5), (6, 6), (5, 4))


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p * (len(s) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=300)
    ap.add_argument("--lang", default="all", choices=("en", "ru", "fr", "all"))
    args = ap.parse_args()
    for lang in ("en", "ru", "fr") if args.lang == "all" else (args.lang,):
        t0 = time.perf_counter()
        words = SnakeWords.bundled_list(lang)
        t1 = time.perf_counter()
        words.solve([[words.alphabet.letters[0]]], 3)   # loads or builds the word graph
        t2 = time.perf_counter()
        first = generate(BoardSpec(4, 4, lang), words, 10**9)
        t3 = time.perf_counter()
        print(f"== {lang}: list load {1000 * (t1 - t0):.0f} ms, word graph {1000 * (t2 - t1):.0f} ms, "
              f"first deal {1000 * (t3 - t2):.1f} ms ({first.solves} solve)")
        print(f"{'size':>5} {'boards':>6} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} "
              f"{'solves':>7} {'in band':>8} {'words p50':>10}")
        for cols, rows in SIZES:
            spec = BoardSpec(cols, rows, lang)
            times, solves, counts, inside = [], [], [], 0
            for seed in range(args.boards):
                t = time.perf_counter()
                deal = generate(spec, words, seed)
                times.append(1000 * (time.perf_counter() - t))
                solves.append(deal.solves)
                counts.append(deal.count)
                inside += deal.in_band
            print(f"{cols}x{rows:<3} {args.boards:>6} {pct(times, .5):>7.1f} {pct(times, .95):>7.1f} "
                  f"{max(times):>7.1f} {statistics.mean(solves):>7.2f} "
                  f"{100 * inside / args.boards:>7.1f}% {statistics.median(counts):>10}")


if __name__ == "__main__":
    main()
