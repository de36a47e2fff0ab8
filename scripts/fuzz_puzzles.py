"""A long fuzz run over Word Snake's and Word Search's file readers and commands.

    python scripts/fuzz_puzzles.py [--minutes M] [--examples N] [--only NAME ...]

Runs the Hypothesis fuzz tests of ``tests/snake/test_fuzz_files.py`` (the autosaved round,
high scores, word lists, ``snake new``) and ``tests/wordsearch/test_fuzz_files.py`` (the
saved game, words files, pictures of cells, ``wordsearch new``, ``wordsearch solve``)
round after round, ``N`` examples per test and round (each round draws new inputs),
until ``M`` minutes have passed.  Prints, per target, the inputs tried, the failures (with
the first lines of each) and the time spent, then a total line
``inputs tried: T, failures: F``.  Exit status 1 if anything failed.

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
    os.chdir(base)  # fuzzed commands may write files named after their arguments
    os.environ["WORDBLER_CACHE_DIR"] = str(base / "cache")
    os.environ["WORDBLER_DATA_DIR"] = str(base / "data")
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests"))
    from snake import test_fuzz_files as snake_fuzz
    from wordsearch import test_fuzz_files as ws_fuzz

    return {
        "snake-autosave": (snake_fuzz.test_fuzz_autosave_reader, snake_fuzz.TRIED, "autosave"),
        "snake-highscores": (snake_fuzz.test_fuzz_highscore_reader, snake_fuzz.TRIED, "highscores"),
        "snake-wordlist": (snake_fuzz.test_fuzz_word_list_reader, snake_fuzz.TRIED, "wordlist"),
        "snake-new": (snake_fuzz.test_fuzz_snake_new_command, snake_fuzz.TRIED, "snake-new"),
        "ws-save": (ws_fuzz.test_fuzz_save_reader, ws_fuzz.TRIED, "save"),
        "ws-words": (ws_fuzz.test_fuzz_words_file_reader, ws_fuzz.TRIED, "words"),
        "ws-shape": (ws_fuzz.test_fuzz_shape_picture_reader, ws_fuzz.TRIED, "shape"),
        "ws-new": (ws_fuzz.test_fuzz_wordsearch_new_command, ws_fuzz.TRIED, "wordsearch-new"),
        "ws-solve": (ws_fuzz.test_fuzz_wordsearch_solve_command, ws_fuzz.TRIED, "wordsearch-solve"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--examples", type=int, default=200,
                        help="examples per test and round (default 200)")
    parser.add_argument("--only", nargs="*", metavar="NAME",
                        help="snake-autosave, snake-highscores, snake-wordlist, snake-new, "
                             "ws-save, ws-words, ws-shape, ws-new, ws-solve")
    args = parser.parse_args(argv)

    targets = _setup(args.examples)
    names = args.only or list(targets)
    for name in names:
        if name not in targets:
            parser.error(f"unknown target {name!r}; choose from {', '.join(targets)}")
    spent = {name: 0.0 for name in names}
    failures: dict[str, list[str]] = {name: [] for name in names}
    rounds = 0
    deadline = time.monotonic() + args.minutes * 60
    while True:
        rounds += 1
        for name in names:
            test, counter, key = targets[name]
            started = time.monotonic()
            try:
                test()
            except Exception as e:  # noqa: BLE001 - a failure is what we count
                lines = traceback.format_exception_only(type(e), e)
                failures[name].append("".join(lines).strip()[:2000])
                print(f"FAILURE in {name} (round {rounds}):\n{failures[name][-1]}\n", flush=True)
            spent[name] += time.monotonic() - started
        done = {n: targets[n][1][targets[n][2]] for n in names}
        print(f"round {rounds}: " + ", ".join(f"{n} {done[n]}" for n in names), flush=True)
        if time.monotonic() >= deadline:
            break
    total_inputs = total_failures = 0
    print()
    print(f"{'target':<18} {'inputs':>8} {'failures':>8} {'seconds':>8}")
    for name in names:
        test, counter, key = targets[name]
        tried, failed = counter[key], len(failures[name])
        total_inputs += tried
        total_failures += failed
        print(f"{name:<18} {tried:>8} {failed:>8} {spent[name]:>8.0f}")
    print(f"inputs tried: {total_inputs}, failures: {total_failures} ({rounds} rounds, "
          f"{args.examples} examples per test and round)")
    return 1 if total_failures else 0


if __name__ == "__main__":
    sys.exit(main())
