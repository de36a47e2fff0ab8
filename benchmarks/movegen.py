"""Move-generation figures: per-position times, cache load, build time, structure memory.

    python benchmarks/movegen.py [--repeat N] [--no-bundled]

Uses the golden positions in ``../shared/positions`` (beside the repository; skipped with a
message when absent) with their ``words.txt``, and the bundled dictionary when
``wordbler.lexicon.dictionary.load_bundled`` is available.  Prints figures only, no pass/fail, and
the machine load (other work on the machine makes every figure noisy).

Each position also shows the CPU time of one generation (``time.process_time``, median),
which other sessions on a shared machine disturb far less than the wall clock, beside the
figure BEFORE the generator rework of issue 15 (same machine, golden words.txt, CPU time,
alternating old/new runs in one process, load ~4 on 2 cores).  Before -> after, CPU ms:
median over the 14 positions 2.32 -> 2.31 (the wall-clock 7.2 ms of the issue was taken
under load); position 14 (two blanks) 102.7 -> 93-100.  The gain is small: kids tuples for
blank tiles, the board-run walk hoisted out of the per-letter loop, and a blank on the
left is not tried when its node can neither stop nor go further left.

The compiled search (``_movegen.c``, built by ``python setup.py build_ext --inplace``) is
timed beside the pure-Python one: the table's "pure" columns are ``generate(...,
native=False)``, the "native" ones ``native=True`` (the default when it is built), and
"x" is the pure CPU time over the native one.  Without the build the native columns say so.
First figures (golden words.txt, CPU ms, load ~2 on 2 cores): median over the 14 positions
pure 1.9 -> native 0.05; position 14 pure 86 -> native 7 (its 38,720 records: making the
tuples and strings is about two thirds of the native time).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wordbler.boardgame.movegen import LexGraph, generate, load_or_build  # noqa: E402
from wordbler.boardgame.movegen import generator as _generator  # noqa: E402

NATIVE = _generator._native is not None

POSITIONS = ROOT.parent / "shared" / "positions"


def load_line() -> str:
    try:
        out = subprocess.run(["uptime"], capture_output=True, text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        out = ""
    if not out and hasattr(os, "getloadavg"):
        out = "load average: " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return out or "load: unknown"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def ms3(seconds: float) -> str:
    """The native figures: tenths of a millisecond are most of them."""
    return f"{seconds * 1000:8.3f} ms"


def time_call(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


_CHILD = r"""
import json, sys, time, tracemalloc
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from wordbler.boardgame.movegen import load_or_build
source, key, cache, mode = sys.argv[2:6]
if source == "bundled":
    from wordbler.lexicon.dictionary import load_bundled
    words = list(load_bundled())
else:
    words = Path(source).read_text().split()
out = {}
if mode == "build":
    t = time.perf_counter()
    load_or_build(words, key, Path(cache))
    out["build"] = time.perf_counter() - t
else:
    loads = []
    for i in range(5):
        t = time.perf_counter()
        graph = load_or_build((), key, Path(cache))
        loads.append(time.perf_counter() - t)
        del graph
    tracemalloc.start()
    graph = load_or_build((), key, Path(cache))
    out["held"], out["peak"] = tracemalloc.get_traced_memory()
    out["loads"] = loads
print(json.dumps(out))
"""


def fresh_process(source: str, key: str, cache: str, mode: str) -> dict:
    """Run a build or cache loads in a new interpreter, as at an application's start."""
    res = subprocess.run(
        [sys.executable, "-c", _CHILD, str(ROOT), source, key, cache, mode],
        capture_output=True, text=True, check=True,
    )
    return json.loads(res.stdout.strip().splitlines()[-1])


def graph_figures(label: str, source: str, key: str) -> LexGraph:
    """Build and load times in fresh processes; returns the graph for the position runs."""
    print(f"\n== lexicon graph: {label}")
    with tempfile.TemporaryDirectory() as tmp:
        built = fresh_process(source, key, tmp, "build")
        print(f"first build + cache write  {ms(built['build'])}  (fresh process)")
        loaded = fresh_process(source, key, tmp, "load")
        loads = loaded["loads"]
        print(f"ready from cache           {ms(loads[0])} first load in a fresh process; "
              f"then median {ms(statistics.median(loads[1:]))}")
        size = sum(f.stat().st_size for f in Path(tmp).iterdir())
        graph = load_or_build((), key, Path(tmp))
    stats = graph.stats()
    print(f"structure memory           {loaded['held'] / 2**20:8.2f} MiB held "
          f"(peak {loaded['peak'] / 2**20:.2f} MiB while loading; arrays "
          f"{stats['bytes'] / 2**20:.2f} MiB; cache file {size / 2**20:.2f} MiB)")
    print(f"nodes/edges                forward {stats['forward_nodes']}/{stats['forward_edges']}, "
          f"reverse {stats['reverse_nodes']}/{stats['reverse_edges']}, words {stats['words']}")
    return graph


# CPU ms per position before the issue-15 rework (golden words.txt; see the docstring)
BEFORE_CPU_MS = [2.3, 1.1, 0.7, 2.3, 1.8, 2.3, 1.2, 1.9, 2.3, 2.4, 36.5, 14.0, 10.0, 96.2]


def cpu_call(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        out.append(time.process_time() - t)
    return out


def position_figures(graph: LexGraph, repeat: int, label: str = "positions/words.txt") -> None:
    golden = "words.txt" in label
    print(f"\n== move generation on the golden positions with {label} "
          f"(median of {repeat} runs each)")
    print("                       ------------------ pure Python ------------------   "
          "------- native -------")
    print("pos  rack     moves   generate (scores)   + objects, sorted   CPU now  (before)   "
          "generate   CPU         x")
    rows = []
    cpus: list[float] = []
    ncpus: list[float] = []
    for i in range(1, 15):
        n = f"{i:02d}"
        board = (POSITIONS / f"{n}.board").read_text().splitlines()
        rack = (POSITIONS / f"{n}.rack").read_text().strip()

        def pure():
            return generate(board, rack, graph, native=False)

        moves = pure()
        reps = repeat if i <= 10 else max(3, repeat // 4)
        gen = statistics.median(time_call(pure, reps))
        full = statistics.median(time_call(lambda: pure().sorted_moves(), max(3, reps // 2)))
        cpu = statistics.median(cpu_call(pure, reps))
        rows.append((i, gen, full))
        cpus.append(cpu)
        before = f"({BEFORE_CPU_MS[i - 1]:5.1f} ms)" if golden else " " * 10
        line = f"{n}   {rack:8} {len(moves):6}   {ms(gen)}          {ms(full)}  {ms(cpu)} {before}"
        if NATIVE:
            def native():
                return generate(board, rack, graph, native=True)

            nreps = repeat * 5 if i <= 10 else repeat
            ngen = statistics.median(time_call(native, nreps))
            ncpu = statistics.median(cpu_call(native, nreps))
            ncpus.append(ncpu)
            ratio = f"{cpu / ncpu:6.1f}" if ncpu > 0 else "     -"
            line += f"  {ms3(ngen)} {ms3(ncpu)} {ratio}"
        print(line)
    first = [g for i, g, _ in rows if i <= 10]
    first_full = [f for i, _, f in rows if i <= 10]
    print(f"01-10 pure generate: median {ms(statistics.median(first))}, mean "
          f"{ms(statistics.mean(first))}, max {ms(max(first))}")
    print(f"01-10 pure + objects: median {ms(statistics.median(first_full))}, mean "
          f"{ms(statistics.mean(first_full))}, max {ms(max(first_full))}")
    print(f"01-14 pure CPU: median {ms(statistics.median(cpus))}, position 14 {ms(cpus[13])}"
          + (f"  (before: median {statistics.median(BEFORE_CPU_MS):.2f} ms, 14: "
             f"{BEFORE_CPU_MS[13]:.1f} ms)" if golden else ""))
    if NATIVE:
        med = statistics.median(ncpus)
        ratios = (f"  (pure/native: median {statistics.median(cpus) / med:.1f}x, "
                  f"14: {cpus[13] / ncpus[13]:.1f}x)" if med > 0 and ncpus[13] > 0 else "")
        print(f"01-14 native CPU: median {ms3(med)}, position 14 {ms3(ncpus[13])}{ratios}")
    else:
        print("native: the compiled move search is not built (python setup.py build_ext "
              "--inplace); pure-Python figures only")
    for i, g, f in rows[10:]:
        print(f"{i:02d} pure generate {ms(g)}; with every GeneratedMove made and sorted {ms(f)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--no-bundled", action="store_true", help="skip the bundled dictionary")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} CPUs")
    print(f"machine load before: {load_line()}")

    if POSITIONS.is_dir():
        graph = graph_figures("positions/words.txt", str(POSITIONS / "words.txt"), "bench-golden")
        position_figures(graph, args.repeat)
    else:
        print(f"\n(golden positions not found at {POSITIONS}: position figures skipped)")

    if not args.no_bundled:
        try:
            from wordbler.lexicon.dictionary import load_bundled
        except ImportError:
            print("\n(wordbler.lexicon.dictionary.load_bundled not available: bundled figures skipped)")
        else:
            graph = graph_figures("bundled dictionary", "bundled", load_bundled().content_hash)
            if POSITIONS.is_dir():
                position_figures(graph, args.repeat, "the bundled dictionary")

    print(f"\nmachine load after: {load_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
