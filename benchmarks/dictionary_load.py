"""How long the word lists take to load and how much memory they hold.

    python benchmarks/dictionary_load.py [--runs N]

Prints, for ``load_bundled()`` and for ``load_file()`` on a plain-text copy of the bundled
list: the median and best wall time over N runs, the time of the lazy extras (sorted words +
``content_hash``, ``size_of``'s table), the tracemalloc peak of one load, and the RSS growth
while the loaded lexicon is held.  Figures only, no pass/fail.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordbler.lexicon.dictionary import load_bundled, load_file  # noqa: E402


def rss_bytes() -> int | None:
    """Current resident set size (Linux /proc; None elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def report(label: str, load, runs: int) -> None:
    times = timed(load, runs)
    print(f"{label}")
    print(f"  load:        median {statistics.median(times) * 1000:7.1f} ms, "
          f"best {min(times) * 1000:7.1f} ms ({runs} runs)")

    extras = []
    for _ in range(runs):
        lex = load()
        start = time.perf_counter()
        lex.content_hash  # sorts the words, then hashes them
        extras.append(time.perf_counter() - start)
    print(f"  first content_hash: median {statistics.median(extras) * 1000:7.1f} ms")
    start = time.perf_counter()
    lex.size_of("THE")
    print(f"  first size_of:      {(time.perf_counter() - start) * 1000:7.1f} ms "
          "(builds the size table once)")
    del lex

    gc.collect()
    tracemalloc.start()
    lex = load()
    held, peak = tracemalloc.get_traced_memory()
    lex.content_hash
    lex.size_of("THE")
    with_extras, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"  tracemalloc: held {held / 2**20:6.1f} MiB after load, peak {peak / 2**20:6.1f} MiB "
          f"during ({len(lex)} words); {with_extras / 2**20:.1f} MiB once the sorted words "
          "and size table exist")
    del lex

    gc.collect()
    before = rss_bytes()
    lex = load()
    after = rss_bytes()
    if before is not None and after is not None:
        print(f"  RSS:         +{(after - before) / 2**20:6.1f} MiB while held")
    del lex


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()

    print(f"Python {sys.version.split()[0]}")
    report("load_bundled()", load_bundled, args.runs)
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "words.txt"
        copy.write_text("\n".join(load_bundled()) + "\n", encoding="utf-8")
        report(f"load_file(plain text copy, {copy.stat().st_size / 2**20:.1f} MiB)",
               lambda: load_file(copy), args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
