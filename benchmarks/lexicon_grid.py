"""Grid-solver figures: words along paths in random boards, as the word tools batch them.

    python benchmarks/lexicon_grid.py [--boards N] [--sizes 4,6] [--lang en] [--no-cli]
                                      [--baseline N] [--profile]

For each size, N random boards (default 1,000; letters drawn with their frequency in the
word list, ``Q`` dealt as a ``QU`` cell; seeded) are solved in ONE process, with the word
list's load included:

* in-process: ``bundled_wordlist`` + its graph (read from the cache; a cold build is shown
  separately) + ``queries.grid_words`` on every board, per board = total / N;
* command line: ``wordbler-cli grid - --json`` fed the N boards on stdin (process start,
  imports, list load, JSON out all included), per board = wall time / N;
* the reference design: a plain prefix-set search in Python on the first boards
  (``--baseline``, default 100; the prefix set is built once, outside the timing).

Prints figures only, no pass/fail, and the machine load (other work on the machine makes
every figure noisy).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wordbler.lexicon import bundled_wordlist  # noqa: E402
from wordbler.lexicon import queries, search  # noqa: E402


def load_line() -> str:
    if hasattr(os, "getloadavg"):
        return "load average: " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return "load: unknown"


def boards(words, n: int, size: int, seed: int) -> list[list[list[str]]]:
    """``n`` random ``size`` x ``size`` boards, letters by frequency, Q as a QU cell."""
    freq = Counter("".join(words))
    letters = sorted(freq)
    weights = [freq[c] for c in letters]
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        out.append([
            ["QU" if c == "Q" else c for c in rng.choices(letters, weights, k=size)]
            for _ in range(size)
        ])
    return out


def prefix_search(words: frozenset, prefixes: frozenset, grid, min_len: int = 3) -> dict:
    """The reference design: DFS over cells, a set of every prefix to prune."""
    R = len(grid)
    C = len(grid[0])
    found = {}

    def dfs(r, c, text, path):
        for rr in range(max(0, r - 1), min(R, r + 2)):
            for cc in range(max(0, c - 1), min(C, c + 2)):
                if (rr, cc) in path:
                    continue
                t = text + grid[rr][cc]
                if t not in prefixes:
                    continue
                p = path + ((rr, cc),)
                if len(t) >= min_len and t in words and t not in found:
                    found[t] = p
                dfs(rr, cc, t, p)

    for r in range(R):
        for c in range(C):
            t = grid[r][c]
            if t in prefixes:
                dfs(r, c, t, ((r, c),))
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=1000)
    ap.add_argument("--sizes", default="4,6")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--baseline", type=int, default=100, help="boards for the prefix-set search")
    ap.add_argument("--no-cli", action="store_true", help="skip the command-line batch runs")
    ap.add_argument("--profile", action="store_true", help="pyinstrument profile of one batch")
    ap.add_argument("--pure", action="store_true",
                    help="pure Python only, also for the command line (even if compiled)")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"Grid solver, {args.boards} boards per size, lang {args.lang}; {load_line()}")
    impls = ["pure Python"]
    if search.native_available() and not args.pure:
        impls.insert(0, "compiled")
    print("grid search: " + ("compiled (wordbler.lexicon._gridsearch), pure Python shown too"
                             if len(impls) == 2 else "pure Python (the compiled search is "
                             + ("switched off)" if args.pure else "not built)")))

    # cold: list + graph built in a fresh cache (what the first run on a machine pays)
    with tempfile.TemporaryDirectory() as cache:
        t = time.perf_counter()
        wl = bundled_wordlist(args.lang)
        t_list = time.perf_counter() - t
        t = time.perf_counter()
        wl.graph(Path(cache))
        t_build = time.perf_counter() - t
    print(f"word list load {t_list * 1000:.1f} ms ({len(wl)} words); "
          f"graph build (cold cache, once per list) {t_build:.2f} s; "
          f"graph {wl.graph().stats()['bytes'] / 1e6:.2f} MB")
    bundled_wordlist(args.lang).graph()  # make sure the user cache holds it for the runs below

    for size in sizes:
        bs = boards(wl.words, args.boards, size, seed=size)
        text = "\n".join(queries.format_grid(b) for b in bs) + "\n"
        for impl in impls:
            # in process, list load and graph read from the cache included
            os.environ[search.PURE_PYTHON_ENV] = "1" if impl == "pure Python" else ""
            t0, c0 = time.perf_counter(), time.process_time()
            wl2 = bundled_wordlist(args.lang)
            wl2.graph()
            t1, c1 = time.perf_counter(), time.process_time()
            if args.profile:
                from pyinstrument import Profiler

                prof = Profiler(interval=0.0005)
                prof.start()
            total_words = 0
            for b in bs:
                total_words += len(queries.grid_words(wl2, b))
            t2, c2 = time.perf_counter(), time.process_time()
            if args.profile:
                prof.stop()
                print(prof.output_text(unicode=False, color=False))
            per = (t2 - t0) / len(bs) * 1000
            cper = (c2 - c0) / len(bs) * 1000
            if impl == impls[0]:
                print(f"\n{size}x{size}: {total_words / len(bs):.1f} words/board")
            print(f"  in process, {impl}: {per:7.3f} ms/board wall incl. load "
                  f"(load {1000 * (t1 - t0):.0f} ms, solving "
                  f"{(t2 - t1) / len(bs) * 1000:.3f} ms/board)")
            print(f"  {'':<{len(impl) + 12}}{cper:7.3f} ms/board CPU incl. load "
                  f"(load {1000 * (c1 - c0):.0f} ms, solving "
                  f"{(c2 - c1) / len(bs) * 1000:.3f} ms/board)")
        os.environ.pop(search.PURE_PYTHON_ENV, None)

        if not args.no_cli:
            t = time.perf_counter()
            before = os.times()
            env = dict(os.environ, **({search.PURE_PYTHON_ENV: "1"} if args.pure else {}))
            r = subprocess.run(
                [sys.executable, "-m", "wordbler.cli", "grid", "-", "--json", "--lang", args.lang],
                input=text.encode(), capture_output=True, cwd=ROOT, env=env,
            )
            dt = time.perf_counter() - t
            after = os.times()
            cpu = (after.children_user - before.children_user
                   + after.children_system - before.children_system)
            lines = r.stdout.count(b"\n")
            print(f"  CLI batch, {impls[0]}: {dt / len(bs) * 1000:7.3f} ms/board wall, "
                  f"{cpu / len(bs) * 1000:.3f} ms CPU, the whole process "
                  f"({dt:.2f} s for {lines} JSON lines, exit {r.returncode})")

        if args.baseline:
            k = min(args.baseline, len(bs))
            longest = size * size + 1
            words = frozenset(w for w in wl.words if len(w) <= longest)
            prefixes = frozenset(w[:i] for w in words for i in range(1, len(w) + 1))
            t, c = time.perf_counter(), time.process_time()
            ref = [prefix_search(words, prefixes, b) for b in bs[:k]]
            dt, dc = time.perf_counter() - t, time.process_time() - c
            same = all(
                set(r_) == {w for w, _ in queries.grid_words(wl, b)} for r_, b in zip(ref, bs)
            )
            print(f"  prefix set (reference): {dt / k * 1000:7.3f} ms/board wall, {dc / k * 1000:.3f} ms CPU "
                  f"({k} boards, set built outside the timing; "
                  f"same words: {same})")
    print(f"\n{load_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
