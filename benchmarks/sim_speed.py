"""Time the expert's simulated choices on fixed positions, and fingerprint the choices.

    python benchmarks/sim_speed.py [--mid N] [--late N] [--seed S] [--out FILE]

Positions: ``--mid`` strong-vs-strong games (seeds S, S+1, ...) played to their first turn
with 15-80 tiles in the bag, and ``--late`` more (seeds S+100000, ...) to their first turn
with 1-14 (the pre-endgame); a game that skips the range gives no position.  The expert
(shipped settings, without its time cap, so the fixed counts decide) chooses once on each,
with a random.Random seeded by the position's seed.  Prints the choices made, the time per
choice (mean, median, max) and a fingerprint of the choices (move, its equity to nine
places, the reason).  Run it on two commits: a speed change that keeps the same moves keeps
the fingerprint, and the times compare (alternate the runs on a busy machine).  ``--out``
writes every choice as JSON.  Figures, no pass/fail; bad arguments give one line on stderr
and exit 2.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from decisions import _position  # noqa: E402  (a strong-vs-strong game at a bag size)
from preendgame import _expert  # noqa: E402  (an expert with settings)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mid", type=int, default=30, help="midgame positions (seeds tried)")
    ap.add_argument("--late", type=int, default=20, help="pre-endgame positions (seeds tried)")
    ap.add_argument("--seed", type=int, default=7700000)
    ap.add_argument("--out", metavar="FILE", help="write the choices here (JSON)")
    args = ap.parse_args()
    if args.mid < 0 or args.late < 0 or args.mid + args.late == 0:
        print("sim_speed.py: --mid and --late must not be negative, nor both 0",
              file=sys.stderr)
        return 2
    expert = _expert({"budget_s": 1e9, "endgame_budget_s": None})
    rows, times = [], []
    plan = [((15, 80), args.seed + i) for i in range(args.mid)] + \
        [((1, 14), args.seed + 100_000 + i) for i in range(args.late)]
    for bags, seed in plan:
        pos = _position(seed, bags)
        if pos is None:
            continue
        t0 = time.perf_counter()
        d = expert.choose(pos, random.Random(seed))
        times.append(time.perf_counter() - t0)
        play = None if d.play is None else [d.play.row, d.play.col, str(d.play.direction),
                                           d.play.word, round(d.play.equity, 9)]
        rows.append([seed, d.kind, d.exchange, play, d.reason])
    if not rows:
        print("no position came out of these seeds")
        return 0
    text = json.dumps(rows)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    ms = [t * 1000 for t in times]
    print(f"{len(rows)} expert choices: {statistics.mean(ms):.0f} ms a choice (median "
          f"{statistics.median(ms):.0f}, max {max(ms):.0f}); fingerprint "
          f"{hashlib.sha256(text.encode()).hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
