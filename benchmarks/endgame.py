"""Endgame accuracy: the solver without a time budget against an exhaustive search.

    python benchmarks/endgame.py [--positions N] [--seed S] [--tiles K]

Bag-empty positions: the golden boards of ``../shared/positions`` (real mid-game boards,
with their ``words.txt``), each with two random racks of 1..K tiles drawn from the tiles
not on the board.  The exhaustive reference is a plain minimax over every play and pass of
both players to the end of the game (memoised per state, no pruning).  Prints agreement,
node counts and times.  No pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wordbler.boardgame.endgame import EndgameSolver, play_record  # noqa: E402
from wordbler.boardgame.movegen import LexGraph, generate  # noqa: E402
from wordbler.boardgame.rules import STANDARD, TOURNAMENT  # noqa: E402

POSITIONS = ROOT.parent / "shared" / "positions"


def exhaustive_value(graph, rules, rows, me, opp, fails):
    val = {ch: rules.tiles.value(ch) for ch in rules.tiles.values}

    def rv(rack):
        return sum(val.get(ch, 0) for ch in rack)

    @lru_cache(maxsize=None)
    def v(rows, me, opp, fails):
        best = None
        for rec in generate(list(rows), me, graph, rules).records:
            after, leave = play_record(rows, rec, me)
            if not leave:
                x = rec[0] + 2 * rv(opp)
            else:
                nf = fails + 1 if rec[0] == 0 and rules.zero_score_play_counts else 0
                if nf >= rules.fail_limit:
                    x = rec[0] - rv(leave) + rv(opp)
                else:
                    x = rec[0] - v(after, opp, leave, nf)
            best = x if best is None else max(best, x)
        nf = fails + 1
        x = rv(opp) - rv(me) if nf >= rules.fail_limit else -v(rows, opp, me, nf)
        return x if best is None else max(best, x)

    return v(tuple(rows), "".join(sorted(me)), "".join(sorted(opp)), fails), v.cache_info().currsize


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tiles", type=int, default=2, help="at most this many tiles per rack")
    args = ap.parse_args()
    if not POSITIONS.is_dir():
        print(f"golden positions not found at {POSITIONS}")
        return 0
    graph = LexGraph.build((POSITIONS / "words.txt").read_text().split())
    boards = [(POSITIONS / f"{i:02d}.board").read_text().splitlines() for i in range(1, 15)]
    rng = random.Random(args.seed)
    agree = 0
    t_solver, t_ref, nodes = [], [], []
    for k in range(args.positions):
        rules = STANDARD if k % 2 == 0 else TOURNAMENT
        rows = tuple(rng.choice(boards))
        pool = Counter(rules.tiles.counts) if hasattr(rules.tiles, "counts") else None
        letters = []
        if pool:
            on_board = Counter("?" if ch.islower() else ch for r in rows for ch in r if ch != ".")
            for ch, n in pool.items():
                letters += [ch] * max(0, n - on_board.get(ch, 0))
        else:
            letters = list("AAEEIIOOUURRSSTTLLNNDDGBCMPFHVWYKJXQZ??")
        rng.shuffle(letters)
        a, b = rng.randint(1, args.tiles), rng.randint(1, args.tiles)
        me, opp = "".join(letters[:a]), "".join(letters[a:a + b])
        t = time.perf_counter()
        res = EndgameSolver(lambda r, k_: generate(r, k_, graph, rules), rules).solve(rows, me, opp)
        t_solver.append(time.perf_counter() - t)
        t = time.perf_counter()
        want, states = exhaustive_value(graph, rules, rows, me, opp, 0)
        t_ref.append(time.perf_counter() - t)
        nodes.append(res.nodes)
        ok = res.exact and res.value == want
        agree += ok
        if not ok:
            print(f"  DISAGREE #{k}: {me} v {opp} ({rules.name}): solver {res.value} "
                  f"(exact={res.exact}), exhaustive {want}")
    n = args.positions
    print(f"endgame positions: {n} (racks of 1..{args.tiles} tiles, standard and tournament "
          f"settlement alternately, seed {args.seed})")
    print(f"agreement with exhaustive search: {agree}/{n}")
    print(f"solver: median {statistics.median(t_solver) * 1000:.1f} ms, max "
          f"{max(t_solver) * 1000:.1f} ms, median nodes {statistics.median(nodes):.0f}")
    print(f"exhaustive: median {statistics.median(t_ref) * 1000:.1f} ms, max "
          f"{max(t_ref) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
