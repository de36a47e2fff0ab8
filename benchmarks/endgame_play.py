"""Endgame play: points a level's endgame move gives away against the exact solution.

    python benchmarks/endgame_play.py [--games N] [--seed S] [--nodes K] [--level L ...]

Positions: the first turn with the bag empty in strong-vs-strong games on the bundled word
list (real endgames, racks of up to seven tiles).  Each is solved exactly (no time limit,
at most ``--nodes`` positions; a position the solver cannot finish is left out and
counted).  Each level's move is then valued exactly (its score, going out, or minus the
exact value of the position after it for the opponent), and the loss is the best value
less that one.  Levels are named as in ``benchmarks/levels.py`` (``strong``,
``strong[endgame_horizon=0]``, ``strong[exact_endgame=0]``...).  Prints the mean loss, how
often the move was optimal, and the time per move.  No pass/fail.
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

from levels import _variant  # noqa: E402

from wordbler.boardgame.ai import Position, decision_to_move, make_player, rng_for  # noqa: E402
from wordbler.boardgame.endgame import EndgameSolver, _rec_of, play_record  # noqa: E402
from wordbler.boardgame.game import Game, PlayerSpec  # noqa: E402
from wordbler.boardgame.rules import STANDARD  # noqa: E402
from wordbler.boardgame.selfplay import standard_engine as _setup  # noqa: E402  (once a process)


def endgame_positions(games: int, seed: int):
    lexicon, generate = _setup()
    strong = make_player("strong", generate)
    strong.presim_bag = 0  # static to the end of the bag: the same positions as before, fast
    for s in range(seed, seed + games):
        g = Game([PlayerSpec("A", computer="strong"), PlayerSpec("B", computer="strong")],
                 rules=STANDARD, lexicon=lexicon, seed=s)
        while not g.is_over:
            pos = Position.from_game(g)
            if pos.bag_count == 0:
                yield pos
                break
            g.apply(decision_to_move(g, strong.choose(pos, rng_for(pos))))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1300000)
    ap.add_argument("--nodes", type=int, default=400_000)
    ap.add_argument("--level", action="append")
    args = ap.parse_args()
    levels = args.level or ["strong", "strong[endgame_horizon=0]", "strong[exact_endgame=0]"]
    _lexicon, generate = _setup()
    players = {lvl: make_player(_variant(lvl), generate) for lvl in levels}
    loss = {lvl: [] for lvl in levels}
    ms = {lvl: [] for lvl in levels}
    skipped = 0
    rules = STANDARD
    for pos in endgame_positions(args.games, args.seed):
        exact = EndgameSolver(generate, rules, node_limit=args.nodes)
        me, opp = "".join(sorted(pos.rack)), "".join(sorted(pos.unseen))
        best = exact.solve(pos.board, me, opp, pos.fails)
        if not best.exact:
            skipped += 1
            continue
        opp_points = exact.rack_value(opp)
        for lvl, player in players.items():
            t = time.perf_counter()
            d = player.choose(pos, rng_for(pos))
            ms[lvl].append((time.perf_counter() - t) * 1000)
            rows = tuple(pos.board)
            if d.kind != "play":  # a pass: the opponent moves on the same board
                score, after, leave, nf = 0, rows, me, pos.fails + 1
            else:
                score = d.play.score
                after, leave = play_record(rows, _rec_of(d.play), me)
                zero = score == 0 and rules.zero_score_play_counts
                nf = pos.fails + 1 if zero else 0
            v = None
            if not leave:
                v = score + 2 * opp_points
            else:
                got = EndgameSolver(generate, rules, node_limit=args.nodes).solve(
                    after, opp, leave, nf)
                if got.exact:
                    v = score - got.value
            if v is not None:
                loss[lvl].append(best.value - v)
    n = len(next(iter(loss.values())))
    print(f"endgames: {n} solved exactly (of {n + skipped}; {skipped} over {args.nodes} "
          f"positions left out), seeds {args.seed}+")
    for lvl in levels:
        xs = loss[lvl]
        if not xs:
            continue
        print(f"  {lvl}: mean loss {statistics.mean(xs):.2f} points, optimal "
              f"{sum(x == 0 for x in xs)}/{len(xs)}, worst {max(xs)}; ms per move mean "
              f"{statistics.mean(ms[lvl]):.0f} max {max(ms[lvl]):.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
