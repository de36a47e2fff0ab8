"""Endgame search speed: node-limited solves, the compiled leaves against the Python ones.

    python benchmarks/endgame_speed.py [--games N] [--seed S] [--nodes K ...]

Positions: the first turn with the bag empty in strong-vs-strong games on the bundled word
list (as ``benchmarks/endgame_play.py``).  Each is solved with each ``--nodes`` limit
(default 5,000, the strong level's, and 50,000, the expert's) twice in the same process:
with each move's leave worked out by the compiled ``_movegen.leaves`` and by the Python
loop (``EndgameSolver._leaves``).  Both must give the same result (value, move, nodes,
depth); the script says so or names the position.  Prints the time per solve, the worst,
how many solves took over the expert's 3.5 s cap, and the ratio of the two.  No pass/fail.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from endgame_play import endgame_positions  # noqa: E402

from wordbler.boardgame.endgame import EndgameSolver  # noqa: E402
from wordbler.boardgame.movegen.generator import native_available  # noqa: E402
from wordbler.boardgame.rules import STANDARD  # noqa: E402
from wordbler.boardgame.selfplay import standard_engine as _setup  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1300000)
    ap.add_argument("--nodes", type=int, action="append")
    args = ap.parse_args()
    if args.games < 1 or any(n < 1 for n in args.nodes or ()):
        print("endgame_speed: --games and --nodes must be positive", file=sys.stderr)
        return 2
    limits = args.nodes or [5000, 50000]
    if not native_available():
        print("the compiled move search is not built (python setup.py build_ext --inplace)",
              file=sys.stderr)
        return 2
    _lexicon, generate = _setup()
    positions = list(endgame_positions(args.games, args.seed))
    print(f"{len(positions)} bag-empty positions, seeds {args.seed}+")
    for limit in limits:
        times = {True: [], False: []}
        for pos in positions:
            got = {}
            for native in (True, False):
                solver = EndgameSolver(generate, STANDARD, node_limit=limit, native=native)
                t = time.perf_counter()
                r = solver.solve(pos.board, pos.rack, pos.unseen, pos.fails)
                times[native].append(time.perf_counter() - t)
                got[native] = (r.value, r.move, r.nodes, r.depth, r.exact)
            if got[True] != got[False]:
                print(f"  DIFFERENT results at seed position {pos.seed}: {got}")
        for native in (True, False):
            ts = times[native]
            print(f"  {limit:,} positions, {'compiled' if native else 'Python'} leaves: "
                  f"mean {statistics.mean(ts) * 1000:.0f} ms, median "
                  f"{statistics.median(ts) * 1000:.0f}, max {max(ts) * 1000:.0f}, "
                  f"over 3.5 s: {sum(t > 3.5 for t in ts)} of {len(ts)}")
        print(f"  ratio (Python / compiled): {sum(times[False]) / sum(times[True]):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
