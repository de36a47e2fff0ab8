"""Word Snake: what the letter weights give before any improvement, per size and language.

    python benchmarks/snake_bands.py [--boards N] [--lang en|ru|fr|all]

For each board size: the word counts of N first fills (``generate(..., budget=1)``: target
word + letters by weight, one solve) as percentiles, next to the band the generator keeps
boards in.  Also prints each language's letter shares in its common words of 3-9 letters
(the figures ``wordbler/snake/letters.py`` holds as weights).  This is how the Russian bands
in ``wordbler/snake/generator.py`` were set.  Figures only, no pass/fail.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordbler.snake import BoardSpec, SnakeWords, band_for, generate  # noqa: E402
from wordbler.snake.letters import letter_set  # noqa: E402

SIZES = ((3, 3), (4, 3), (4, 4), (5, 4), (5, 5), (6, 5), (6, 6))


def letter_shares(words: SnakeWords) -> str:
    letters = letter_set(words.lang)
    c: Counter[str] = Counter()
    for w in words.common:
        if 3 <= len(w) <= 9:
            tiles = letters.tiles_of(w)
            if tiles:
                c.update(tiles)
    n = sum(c.values())
    return ", ".join(f'"{k}": {100 * v / n:.2f}' for k, v in c.most_common())


def pct(sorted_values: list[int], p: float) -> int:
    return sorted_values[min(len(sorted_values) - 1, int(p * len(sorted_values)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=200)
    ap.add_argument("--lang", default="all", choices=("en", "ru", "fr", "all"))
    args = ap.parse_args()
    for lang in ("en", "ru", "fr") if args.lang == "all" else (args.lang,):
        words = SnakeWords.bundled_list(lang)
        print(f"== {lang}: {len(words)} words, {len(words.common)} common")
        print(f"letter shares (common words, 3-9 letters): {letter_shares(words)}")
        print(f"{'size':>5} {'min':>4} {'band':>10}   first fills: p5   p25   p50   p75   p95   min   max   in band")
        for cols, rows in SIZES:
            spec = BoardSpec(cols, rows, lang)
            counts = sorted(generate(spec, words, seed, budget=1).count for seed in range(args.boards))
            band = band_for(spec)
            inside = sum(1 for c in counts if c in band)
            print(f"{cols}x{rows:<3} {spec.min_word:>4} {band.lo:>4}-{band.hi:<5}              "
                  f"{pct(counts, .05):>4} {pct(counts, .25):>5} {pct(counts, .5):>5} "
                  f"{pct(counts, .75):>5} {pct(counts, .95):>5} {counts[0]:>5} {counts[-1]:>5}"
                  f"   {100 * inside / len(counts):5.1f}%")


if __name__ == "__main__":
    main()
