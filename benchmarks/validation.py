"""Validation + scoring time per move, over every tile play of the shared tournament records.

For each play, on the position before it: ``Game``-style checks (``analyze`` for the shape and
the per-letter breakdown of every word, then the dictionary lookup of each word formed).
Prints the median, mean, 95th percentile and max in microseconds.  Figures only.

    python benchmarks/validation.py [../shared/gcg]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from wordbler.lexicon.dictionary import load_bundled
from wordbler.boardgame.gcg import EventKind
from wordbler.boardgame.model import Placement, Tile
from wordbler.boardgame.placement import analyze, invalid_words
from wordbler.boardgame.replay import replay_file
from wordbler.boardgame.rules import STANDARD


def cases(folder: Path):
    """(board before, placements) for every tile play that stayed on the board."""
    out = []
    for path in sorted(folder.glob("*.gcg")):
        result = replay_file(path)
        for before, after in zip(result.steps, result.steps[1:]):
            ev = after.event
            if ev.kind is not EventKind.PLAY or not after.changed:
                continue
            placements = []
            for i, c in enumerate(after.changed):
                p = after.board[c]
                if p is None:
                    break
                placements.append(Placement(Tile(1000 + i, p.tile.letter), c, p.letter))
            else:
                out.append((before.board, placements))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description="Validation and scoring time per move over the "
                                 "tile plays of a folder of .gcg records.")
    ap.add_argument("folder", nargs="?", type=Path,
                    default=Path(__file__).resolve().parents[2] / "shared" / "gcg",
                    help="a folder of .gcg files (default: ../shared/gcg)")
    folder = ap.parse_args().folder
    if not folder.is_dir():
        print(f"validation.py: no folder {folder}; pass a folder of .gcg files", file=sys.stderr)
        return 2
    lexicon = load_bundled()
    work = cases(folder)
    times = []
    for _ in range(5):
        for board, placements in work:
            t0 = time.perf_counter()
            breakdown = analyze(board, placements, STANDARD)
            invalid_words(breakdown, lexicon)
            times.append((time.perf_counter() - t0) * 1e6)
    times.sort()
    print(f"load average: {os.getloadavg()[0]:.2f}")
    print(f"{len(work)} tile plays from {folder}, x5")
    print(
        f"validation+scoring per move: median {statistics.median(times):.0f} us, "
        f"mean {statistics.fmean(times):.0f} us, p95 {times[int(len(times) * 0.95)]:.0f} us, "
        f"max {times[-1]:.0f} us"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
