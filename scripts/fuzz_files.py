"""A long fuzz run over the board game's file readers and commands; prints the figures.

    python scripts/fuzz_files.py [--minutes M] [--examples N] [--only NAME ...] [--big]

Runs the Hypothesis fuzz tests of ``tests/boardgame/test_trust_fuzz.py`` (GCG records, our
own saves, word lists) and ``tests/cli/test_boardgame_cli_fuzz.py`` (``check``, ``replay``,
``moves``, ``selfplay`` run in this process) round after round, ``N`` examples per test and
round (each round draws new inputs), until ``M`` minutes have passed.  Prints, per target,
the inputs tried, the failures (with the first lines of each) and the time spent, then a
total line ``inputs tried: T, failures: F``.  Exit status 1 if anything failed.

``--big`` also times the issue's worst case: a 4 MB record of passes, read and replayed
in a child process (seconds and peak resident memory), and a 10 MB + 1 byte record refused
unread.

Caches and data go to a temporary folder; nothing of the user's is touched.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _setup(examples: int) -> dict:
    os.environ["WORDBLER_FUZZ_EXAMPLES"] = str(examples)
    base = Path(tempfile.mkdtemp(prefix="wordbler-fuzz-"))
    os.environ["WORDBLER_CACHE_DIR"] = str(base / "cache")
    os.environ["WORDBLER_DATA_DIR"] = str(base / "data")
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests" / "boardgame"))
    sys.path.insert(0, str(ROOT / "tests" / "cli"))
    import test_boardgame_cli_fuzz as cli_fuzz
    import test_trust_fuzz as file_fuzz

    return {
        "gcg": (file_fuzz.test_fuzz_gcg_reader, file_fuzz.TRIED, "gcg"),
        "save": (file_fuzz.test_fuzz_save_reader, file_fuzz.TRIED, "save"),
        "wordlist": (file_fuzz.test_fuzz_word_list_reader, file_fuzz.TRIED, "wordlist"),
        "check": (cli_fuzz.test_fuzz_check, cli_fuzz.TRIED, "check"),
        "replay": (cli_fuzz.test_fuzz_replay, cli_fuzz.TRIED, "replay"),
        "moves": (cli_fuzz.test_fuzz_moves, cli_fuzz.TRIED, "moves"),
        "selfplay": (cli_fuzz.test_fuzz_selfplay, cli_fuzz.TRIED, "selfplay"),
    }


_BIG_CHILD = """
import resource, sys, time
from wordbler.boardgame import gcg, replay
path = sys.argv[1]
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
started = time.perf_counter()
record = gcg.read_file(path)
read_s = time.perf_counter() - started
result = replay.replay(record)
total_s = time.perf_counter() - started
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(f"{len(record.events)} {read_s:.2f} {total_s:.2f} {before / 1024:.0f} {after / 1024:.0f} "
      f"{len(result.mismatches)}")
"""


def _big() -> None:
    """The issue's worst case, in a child process (its own memory figures): a 4 MB record
    of passes read and replayed; a 10 MB + 1 byte record refused unread."""
    import subprocess

    from wordbler.boardgame import gcg

    lines = [b"#player1 ann Ann", b"#player2 bob Bob"]
    lines += [b">ann: ABCDEFG - +0 0", b">bob: ABCDEFG - +0 0"] * 100_000
    data = b"\n".join(lines) + b"\n"
    folder = Path(tempfile.mkdtemp(prefix="wordbler-big-"))
    path = folder / "passes.gcg"
    path.write_bytes(data)
    done = subprocess.run([sys.executable, "-c", _BIG_CHILD, str(path)], capture_output=True,
                          text=True, cwd=ROOT, check=True)
    events, read_s, total_s, rss0, rss1, bad = done.stdout.split()
    print(f"big: {len(data) / 2**20:.1f} MB record of {events} passes: read {read_s} s, read + "
          f"replay {total_s} s, peak RSS {rss1} MB (imports alone {rss0} MB), {bad} mismatches")
    huge = folder / "huge.gcg"
    with open(huge, "wb") as f:
        f.truncate(gcg.MAX_BYTES + 1)
    started = time.perf_counter()
    try:
        gcg.read_file(huge)
    except gcg.GCGError as e:
        print(f"big: 10 MB + 1 byte refused in {time.perf_counter() - started:.4f} s: "
              f"{e.message}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--examples", type=int, default=200,
                        help="examples per test and round (default 200)")
    parser.add_argument("--only", nargs="*", metavar="NAME",
                        help="gcg, save, wordlist, check, replay, moves, selfplay")
    parser.add_argument("--big", action="store_true", help="time the 4 MB record of passes")
    args = parser.parse_args(argv)

    targets = _setup(args.examples)
    names = args.only or list(targets)
    for name in names:
        if name not in targets:
            parser.error(f"unknown target {name!r}; choose from {', '.join(targets)}")
    if args.big:
        _big()
    spent = {name: 0.0 for name in names}
    failures: dict[str, list[str]] = {name: [] for name in names}
    rounds = 0
    deadline = time.monotonic() + args.minutes * 60
    while True:
        rounds += 1
        for name in names:
            test, counter, key = targets[name]
            if name == "selfplay" and (rounds - 1) % 4:  # real games: one round in four
                continue
            started = time.monotonic()
            try:
                test()
            except Exception as e:  # noqa: BLE001 - a failure is what we count
                where = traceback.format_exception(type(e), e, e.__traceback__)[-3:]
                failures[name].append("".join(where).strip()[:3000])
                print(f"FAILURE in {name} (round {rounds}):\n{failures[name][-1]}\n",
                      flush=True)
            spent[name] += time.monotonic() - started
        done = {n: targets[n][1][targets[n][2]] for n in names}
        print(f"round {rounds}: " + ", ".join(f"{n} {done[n]}" for n in names), flush=True)
        if time.monotonic() >= deadline:
            break
    total_inputs = total_failures = 0
    print()
    print(f"{'target':<10} {'inputs':>8} {'failures':>8} {'seconds':>8}")
    for name in names:
        test, counter, key = targets[name]
        tried, failed = counter[key], len(failures[name])
        total_inputs += tried
        total_failures += failed
        print(f"{name:<10} {tried:>8} {failed:>8} {spent[name]:>8.0f}")
    print(f"inputs tried: {total_inputs}, failures: {total_failures} ({rounds} rounds, "
          f"{args.examples} examples per test and round)")
    return 1 if total_failures else 0


if __name__ == "__main__":
    sys.exit(main())
