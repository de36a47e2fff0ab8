"""Pre-endgame choices of two expert settings on the same positions.

    python benchmarks/preendgame.py [--games N] [--seed S] [--procs P] [--bag LO-HI]
        [--a JSON] [--b JSON]

Each seed is a strong-vs-strong game played to the first turn with LO to HI tiles in the
bag (default 1-2; a game that skips those sizes gives no position).  Both settings of the
expert choose there (``--a``/``--b``: class attributes as JSON, default the expert before
and after ``exact_pre_endgame``).  Where they choose differently, each choice is played to
the end of the game (that expert against strong, with the game's own tiles), and the final
spreads are compared.  Prints the positions, how many differ, the mean spread difference
(B - A) over those with its standard error, the games B wins that A does not (less the
other way) and the time per choice.  A choice that differs in few positions needs many
seeds; a whole game decided elsewhere does not dilute the figure, as in
``benchmarks/levels.py``.  Figures, no pass/fail.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

# the bundled words and move search, made once a process
from wordbler.boardgame.selfplay import standard_engine as _engine  # noqa: E402


def reach(seed: int, lo: int, hi: int):
    """The strong-vs-strong game of ``seed`` at its first turn with lo-hi tiles in the bag,
    or None.  The strong level is deterministic before the bag is empty, so this replays.
    Its moves are the static choice throughout (no pre-endgame simulation), so a seed
    reaches the same position as in the runs (and kept oracle files) before Master
    simulated its pre-endgame, and quickly."""
    from wordbler.boardgame.ai import Position, decision_to_move, make_player, rng_for
    from wordbler.boardgame.game import Game, PlayerSpec
    from wordbler.boardgame.rules import STANDARD

    lexicon, generate = _engine()
    game = Game([PlayerSpec("A", computer="strong"), PlayerSpec("B", computer="strong")],
                rules=STANDARD, lexicon=lexicon, seed=seed)
    strong = make_player("strong", generate)
    strong.presim_bag = 0
    while not game.is_over:
        pos = Position.from_game(game)
        if lo <= pos.bag_count <= hi:
            return game
        game.apply(decision_to_move(game, strong.choose(pos, rng_for(pos))))
    return None


def _expert(setting: dict):
    from wordbler.boardgame.ai import make_player

    player = make_player("expert", _engine()[1])
    for k, v in setting.items():
        setattr(player, k, v)
    return player


def _finish(game, mover, decision) -> int:
    """Play ``decision``, then the rest of the game (``mover`` against strong): the final
    spread for the player who made it."""
    from wordbler.boardgame.ai import Position, decision_to_move, make_player, rng_for

    strong = make_player("strong", _engine()[1])
    me = game.current
    game.apply(decision_to_move(game, decision))
    while not game.is_over:
        pos = Position.from_game(game)
        player = mover if game.current == me else strong
        game.apply(decision_to_move(game, player.choose(pos, rng_for(pos))))
    return game.scores[me] - max(s for i, s in enumerate(game.scores) if i != me)


def _key(d):
    p = d.play
    return (d.kind, d.exchange, None if p is None else (p.row, p.col, p.direction, p.word))


def one(job):
    from wordbler.boardgame.ai import Position, rng_for

    seed, lo, hi, sa, sb = job
    game = reach(seed, lo, hi)
    if game is None:
        return None
    pos = Position.from_game(game)
    ea, eb = _expert(sa), _expert(sb)
    t0 = time.perf_counter()
    da = ea.choose(pos, rng_for(pos))
    t1 = time.perf_counter()
    db = eb.choose(pos, rng_for(pos))
    t2 = time.perf_counter()
    out = {"seed": seed, "bag": pos.bag_count, "ms_a": (t1 - t0) * 1000,
           "ms_b": (t2 - t1) * 1000, "same": _key(da) == _key(db)}
    if not out["same"]:
        out["a"] = _finish(reach(seed, lo, hi), ea, da)
        out["b"] = _finish(reach(seed, lo, hi), eb, db)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="seeds tried")
    ap.add_argument("--seed", type=int, default=8000000)
    ap.add_argument("--procs", type=int, default=1, help="processes (the machine is shared)")
    ap.add_argument("--bag", default="1-2", metavar="LO-HI")
    ap.add_argument("--a", default='{"exact_pre_endgame": false}', metavar="JSON")
    ap.add_argument("--b", default='{"exact_pre_endgame": true}', metavar="JSON")
    args = ap.parse_args()
    try:
        lo, _, hi = args.bag.partition("-")
        if not (lo.isdigit() and hi.isdigit()):
            raise ValueError(f"--bag {args.bag!r}: give LO-HI, such as 1-2")
        lo, hi = int(lo), int(hi)
        sa, sb = json.loads(args.a), json.loads(args.b)
        if not (isinstance(sa, dict) and isinstance(sb, dict)):
            raise ValueError("--a and --b must be JSON objects")
    except ValueError as e:
        print(f"preendgame.py: {e}", file=sys.stderr)
        return 2
    jobs = [(s, lo, hi, sa, sb) for s in range(args.seed, args.seed + args.games)]
    t0 = time.perf_counter()
    if args.procs > 1:
        import multiprocessing as mp

        with mp.get_context("spawn").Pool(args.procs) as pool:
            rows = [r for r in pool.imap_unordered(one, jobs, chunksize=4) if r is not None]
    else:
        rows = [r for r in map(one, jobs) if r is not None]
    diff = [r for r in rows if not r["same"]]
    d = [r["b"] - r["a"] for r in diff]
    se = statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else 0.0
    wins = sum((r["b"] > 0) - (r["a"] > 0) for r in diff)
    ms = (statistics.mean(r["ms_a"] for r in rows), statistics.mean(r["ms_b"] for r in rows)) \
        if rows else (0.0, 0.0)
    print(f"{args.games} seeds, {len(rows)} positions with {args.bag} tiles in the bag, "
          f"{len(diff)} chosen differently; there B - A: mean spread "
          f"{statistics.mean(d) if d else 0.0:+.2f} (standard error {se:.2f}), games won "
          f"{wins:+d}; ms per choice A {ms[0]:.0f}, B {ms[1]:.0f}; wall "
          f"{time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
