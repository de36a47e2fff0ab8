"""Anagram and pattern figures, as the word tools batch them.

    python benchmarks/lexicon_anagram.py [--queries N] [--lang en] [--no-cli]

N random racks (default 1,000; 7 letters drawn with their frequency in the word list, plus
one ``?``; seeded) are answered in ONE process with the word list's load included, for
sub-anagrams (``--sub``, min 2), full anagrams and ``--length 5``; then N random patterns
(a few letters, ``?`` and ``*``).  In-process figures are wall time and CPU time of this
process (CPU time is what other work on a shared machine distorts least); the command-line
figure is ``wordbler-cli anagram - --sub --json`` fed the racks on stdin, the whole process.

Prints figures only, no pass/fail, and the machine load.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wordbler.lexicon import bundled_wordlist  # noqa: E402
from wordbler.lexicon import queries  # noqa: E402
from wordbler.lexicon import search  # noqa: E402


def load_line() -> str:
    if hasattr(os, "getloadavg"):
        return "load average: " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return "load: unknown"


def racks(words, n: int, size: int, blanks: int, seed: int) -> list[str]:
    freq = Counter("".join(words))
    letters = sorted(freq)
    weights = [freq[c] for c in letters]
    rng = random.Random(seed)
    return ["".join(rng.choices(letters, weights, k=size)) + "?" * blanks for _ in range(n)]


def patterns(words, n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        w = rng.choice(words)
        chars = [c if rng.random() < 0.4 else "?" for c in w]
        if rng.random() < 0.5:
            k = rng.randrange(len(chars) + 1)
            chars[k:k + rng.randint(0, 3)] = ["*"]
        out.append("".join(chars))
    return out


def star_patterns(words, n: int, seed: int) -> list[str]:
    """Patterns a leading or inner ``*`` makes hard for a walk from the first letter:
    ``*ING``-like endings, ``*Q*``-like inner letters, ``C*S``-like ends."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        w = rng.choice(words)
        kind = rng.randrange(3)
        if kind == 0:
            out.append("*" + w[-rng.randint(1, min(4, len(w))):])
        elif kind == 1:
            out.append("*" + rng.choice(w) + "*" + rng.choice(w) + "*")
        else:
            out.append(w[0] + "*" + w[-1])
    return out


def timed(label: str, n: int, fn) -> float:
    w0, c0 = time.perf_counter(), time.process_time()
    count = fn()
    w1, c1 = time.perf_counter(), time.process_time()
    print(f"  {label:<38} {(w1 - w0) / n * 1000:7.3f} ms/query wall, "
          f"{(c1 - c0) / n * 1000:7.3f} ms CPU  ({count / n:.1f} words/query)")
    return c1 - c0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queries", type=int, default=1000)
    ap.add_argument("--lang", default="en")
    ap.add_argument("--no-cli", action="store_true")
    args = ap.parse_args()
    n = args.queries
    print(f"Anagrams and patterns, {n} queries each, lang {args.lang}; {load_line()}")

    w0, c0 = time.perf_counter(), time.process_time()
    wl = bundled_wordlist(args.lang)
    wl.graph()
    queries.anagrams(wl, "A")  # first query: per-graph tables (node heights)
    w1, c1 = time.perf_counter(), time.process_time()
    load = w1 - w0
    print(f"word list + graph (cache) + tables: {load * 1000:.0f} ms wall, "
          f"{(c1 - c0) * 1000:.0f} ms CPU ({len(wl)} words)")

    rs = racks(wl.words, n, 7, 1, seed=1)
    timed("sub-anagrams, 7 letters + ?, min 2", n,
          lambda: sum(len(queries.anagrams(wl, r, sub=True)) for r in rs))
    print(f"    (with the load spread over the batch: "
          f"+{load / n * 1000:.3f} ms/query)")
    timed("full anagrams, 7 letters + ?", n, lambda: sum(len(queries.anagrams(wl, r)) for r in rs))
    timed("--length 5 from 7 letters + ?", n,
          lambda: sum(len(queries.anagrams(wl, r, length=5)) for r in rs))
    rs2 = racks(wl.words, n, 7, 2, seed=2)
    timed("sub-anagrams, 7 letters + ??, min 2", n,
          lambda: sum(len(queries.anagrams(wl, r, sub=True)) for r in rs2))
    ps = patterns(wl.words, n, seed=3)
    timed("patterns (letters, ?, *)", n, lambda: sum(len(queries.pattern(wl, p)) for p in ps))
    stars = star_patterns(wl.words, n, seed=4)
    fast = timed("patterns led by * (regular expression)", n,
                 lambda: sum(len(queries.pattern(wl, p)) for p in stars))
    walk = timed("the same by the word-graph walk", n,
                 lambda: sum(len(search.pattern_search(wl.graph(),
                                                      queries.parse_pattern(p, wl.alphabet)))
                             for p in stars))
    print(f"    (the walk takes {walk / max(fast, 1e-9):.1f}x the CPU of the regular expression)")
    timed("patterns + the rack's letters", n,
          lambda: sum(len(queries.pattern(wl, p, r)) for p, r in zip(ps, rs)))

    if not args.no_cli:
        text = "\n".join(rs) + "\n"
        t = time.perf_counter()
        before = os.times()
        r = subprocess.run(
            [sys.executable, "-m", "wordbler.cli", "anagram", "-", "--sub", "--json",
             "--lang", args.lang],
            input=text.encode(), capture_output=True, cwd=ROOT,
        )
        dt = time.perf_counter() - t
        after = os.times()
        cpu = (after.children_user - before.children_user
               + after.children_system - before.children_system)
        lines = r.stdout.count(b"\n")
        print(f"  CLI batch, sub-anagrams 7 + ?        {dt / n * 1000:7.3f} ms/query wall, "
              f"{cpu / n * 1000:7.3f} ms CPU, the whole process ({dt:.2f} s, {lines} lines, "
              f"exit {r.returncode})")
    print(f"\n{load_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
