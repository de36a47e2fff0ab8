"""Word Search generator: time and placement rate, ours beside the PyPI peer.

    python benchmarks/wordsearch_generate.py [--puzzles 200] [--peer-puzzles 100]

Prints figures only (no pass/fail).  Each puzzle hides 20 different words of 4-10 letters
drawn from the English common words (none inside another one or its reverse, so the peer's
validators reject none of them) in a 15x15 grid; the same word lists go to both generators.
The peer is the PyPI package ``word-search-generator`` (measured only if it is installed:
``pip install word-search-generator``); its levels 1/2/3 are the nearest to our easy
(E,S) / medium (E,S,SE,SW; the peer's level 2 is E,S,SE,NE) / hard (all eight).
Also: 118 words in 40x40 (ours; the peer stops at 100 words), and accidental extra
occurrences of listed words, counted by a brute-force scan of all eight directions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordbler.lexicon.alphabet import get_alphabet  # noqa: E402
from wordbler.wordsearch import Settings, generate  # noqa: E402
from wordbler.wordsearch.words import common_pool, draw_words  # noqa: E402

LEVELS = {"easy": 1, "medium": 2, "hard": 3}
EIGHT = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def occurrences(rows, word) -> int:
    found = set()
    R, C = len(rows), len(rows[0])
    for r in range(R):
        for c in range(C):
            for dr, dc in EIGHT:
                cells = []
                for i, ch in enumerate(word):
                    rr, cc = r + i * dr, c + i * dc
                    if not (0 <= rr < R and 0 <= cc < C) or rows[rr][cc] != ch:
                        break
                    cells.append((rr, cc))
                else:
                    found.add(frozenset(cells))
    return len(found)


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


def word_lists(n: int, seed: int = 2024) -> list[list[str]]:
    alphabet = get_alphabet("en")
    pool = common_pool("en")
    rng = random.Random(seed)
    return [[e.word for e in draw_words(pool, 20, rng, alphabet=alphabet, min_len=4, max_len=10)] for _ in range(n)]


def run_ours(lists, level):
    from wordbler.wordsearch.words import Entry

    times, all_placed, placed_words, accidents = [], 0, 0, 0
    for i, words in enumerate(lists):
        entries = [Entry(w, w) for w in words]
        t = time.perf_counter()
        p = generate(Settings(cols=15, rows=15, level=level), entries, i)
        times.append(time.perf_counter() - t)
        all_placed += not p.unplaced
        placed_words += len(p.placed)
        accidents += sum(occurrences(p.rows, x.word) > 1 for x in p.placed)
    return times, all_placed, placed_words, accidents


def run_peer(lists, level):
    from word_search_generator import WordSearch

    times, all_placed, placed_words, accidents = [], 0, 0, 0
    for i, words in enumerate(lists):
        random.seed(i)
        t = time.perf_counter()
        ws = WordSearch(" ".join(words), level=LEVELS[level], size=15)
        times.append(time.perf_counter() - t)
        placed = [w.text for w in ws.placed_words if not w.secret]
        all_placed += len(placed) == len(words)
        placed_words += len(placed)
        rows = ["".join(ch or "?" for ch in row) for row in ws.puzzle]
        accidents += sum(occurrences(rows, w) > 1 for w in placed)
    return times, all_placed, placed_words, accidents


def line(name, level, n, res):
    times, all_placed, placed_words, accidents = res
    ms = [t * 1000 for t in times]
    print(f"{name:<26} {level:<7} {100 * all_placed / n:6.1f}% {100 * placed_words / (20 * n):7.1f}%"
          f" {statistics.median(ms):7.1f} {pct(ms, 95):7.1f} {max(ms):7.1f} {accidents:6d}")


PEER_118 = """
import random, sys, time
from word_search_generator import WordSearch
words = sys.argv[1].split(",")
random.seed(1)
t = time.perf_counter()
ws = WordSearch(" ".join(words), level=3, size=40)
print(len([w for w in ws.placed_words if not w.secret]), round(time.perf_counter() - t, 3))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", type=int, default=200)
    ap.add_argument("--peer-puzzles", type=int, default=100)
    args = ap.parse_args()
    try:
        import word_search_generator  # noqa: F401

        have_peer = True
    except ImportError:
        have_peer = False
    lists = word_lists(max(args.puzzles, args.peer_puzzles))
    print(f"20 words of 4-10 letters in 15x15, {args.puzzles} word lists (peer: first {args.peer_puzzles})")
    print(f"{'generator':<26} {'level':<7} {'all in':>7} {'words':>8} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'dupes':>6}")
    for level in ("easy", "medium", "hard"):
        line("wordbler", level, args.puzzles, run_ours(lists[:args.puzzles], level))
        if have_peer and args.peer_puzzles > 0:
            line("word-search-generator 5.x", level, args.peer_puzzles, run_peer(lists[:args.peer_puzzles], level))
    if not have_peer:
        print("(the peer word-search-generator is not installed: pip install word-search-generator)")
    print("'all in': puzzles holding every word; 'words': words placed; "
          "'dupes': placed words that read more than once (brute-force scan, 8 directions)")

    # 118 words in 40x40
    alphabet = get_alphabet("en")
    pool = common_pool("en")
    print("\n118 words of 4-10 letters in 40x40, hard:")
    times, placed = [], []
    for seed in range(10):
        entries = draw_words(pool, 118, random.Random(seed), alphabet=alphabet)
        t = time.perf_counter()
        p = generate(Settings(cols=40, rows=40, level="hard"), entries, seed)
        times.append(time.perf_counter() - t)
        placed.append(len(p.placed))
    print(f"  wordbler: placed {min(placed)}-{max(placed)} of 118, time p50 {statistics.median(times):.3f} s, "
          f"max {max(times):.3f} s")
    if have_peer:
        words = [e.word for e in draw_words(pool, 118, random.Random(0), alphabet=alphabet)]
        try:
            out = subprocess.run([sys.executable, "-c", PEER_118, ",".join(words)], capture_output=True,
                                 text=True, timeout=60)
            if out.returncode == 0:
                n, secs = out.stdout.split()
                print(f"  peer: placed {n} of 118 in {secs} s")
            else:
                print(f"  peer: failed: {out.stderr.strip().splitlines()[-1] if out.stderr.strip() else out.returncode}")
        except subprocess.TimeoutExpired:
            print("  peer: no result within 60 s")


if __name__ == "__main__":
    main()
