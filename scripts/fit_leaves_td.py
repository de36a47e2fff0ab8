"""An alternative leave fit (temporal difference), not yet the one that ships.

    python scripts/fit_leaves_td.py [--games N] [--rounds R] [--procs P] [--out FILE]

The shipped ``wordbler/boardgame/data/leaves_en.json`` comes from ``scripts/fit_leaves.py``.
This variant is kept to be measured against it (``benchmarks/levels.py --pair`` with a
level using its output); it replaces that script only if it wins over >= 400 games.

Each round plays strong-vs-strong games (round 1 with the hand-made leave values, every
later round with the model fitted so far) and records, for every tile play or exchange
whose draw filled the rack, the leave kept (``L``), the same player's score on their next
turn (``s``) and the leave they kept then (``L'``, when that draw too filled the rack).

The fit is temporal-difference least squares: a leave is worth the points it helps score
on the next turn plus what it helps keep after that, so the target is
``s + V(L')`` (``V(L') = 0`` when no full draw followed), and ``s + V(L') = base + V(L)``
is solved by ridge least squares, ``V`` being a sum of the ``LeaveModel`` terms (tile,
duplicate, pair, vowel/consonant balance).  The targets use the ``V`` of the previous
solve, so the solve is repeated until it settles (a few times).  ``base`` absorbs the
average score of a turn: an empty leave is worth 0, the value of drawing seven fresh
tiles.  Samples of every round are pooled for the final fit.  Writes compact JSON (terms
rounded to 0.01 points, terms under 0.05 dropped) with the number of games and samples.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wordbler.boardgame.ai import (  # noqa: E402
    LeaveModel, Position, decision_to_move, handmade_leave_value, make_player, rng_for,
)
from wordbler.boardgame.game import Game, PlayerSpec  # noqa: E402
from wordbler.boardgame.movegen.generator import engine_generator  # noqa: E402
from wordbler.boardgame.rules import STANDARD  # noqa: E402
from wordbler.fileio import write_atomic  # noqa: E402

OUT = ROOT / "wordbler" / "boardgame" / "data" / "leaves_en.json"

_STATE: dict = {}


def _engine():
    if not _STATE:
        from wordbler.lexicon.dictionary import load_bundled

        lexicon = load_bundled()
        _STATE["lexicon"] = lexicon
        _STATE["generate"] = engine_generator(lexicon, STANDARD)
    return _STATE["lexicon"], _STATE["generate"]


def play(job):
    """One game -> [(leave, next score, next leave or None)]."""
    seed, terms = job
    lexicon, generate = _engine()
    leaves = LeaveModel(terms) if terms is not None else handmade_leave_value
    game = Game([PlayerSpec("A", computer="strong"), PlayerSpec("B", computer="strong")],
                rules=STANDARD, lexicon=lexicon, seed=seed)
    players = [make_player("strong", generate, None, leaves) for _ in range(2)]
    rack_size = STANDARD.rack_size
    pending: dict[int, str] = {}  # player -> leave kept by a move whose draw filled the rack
    samples = []
    while not game.is_over and len(game.history) < 200:
        pos = Position.from_game(game)
        p = game.current
        d = players[p].choose(pos, rng_for(pos))
        before = len(game.history)
        game.apply(decision_to_move(game, d))
        rec = game.history[before]
        if d.kind == "play":
            leave = d.play.leave
        elif d.kind == "exchange":
            left = list(pos.rack)
            for ch in d.exchange:
                left.remove(ch)
            leave = "".join(left)
        else:
            leave = None  # a pass keeps everything and draws nothing: not a sample
        full = leave is not None and pos.bag_count >= rack_size - len(leave) and \
            pos.bag_count > 0
        if d.kind == "exchange":
            full = full and pos.bag_count >= pos.rules.min_bag_for_exchange
        if p in pending:
            samples.append((pending.pop(p), rec.score, leave if full else None))
        if full:
            pending[p] = leave
    return samples


def _design(samples):
    names: dict[str, int] = {}
    feats = []
    for leave, _s, _n in samples:
        f = LeaveModel.features(leave)
        for k in f:
            names.setdefault(k, len(names))
        feats.append(f)
    X = np.zeros((len(samples), len(names) + 1))
    for i, f in enumerate(feats):
        X[i, 0] = 1.0
        for k, v in f.items():
            X[i, names[k] + 1] = v
    return names, X


def fit(samples, ridge=3.0, iterations=6, start=None):
    """TD least squares (see the module doc): (terms, base)."""
    names, X = _design(samples)
    score = np.array([s for _, s, _ in samples], dtype=float)
    reg = ridge * np.eye(X.shape[1])
    reg[0, 0] = 0.0
    lhs = X.T @ X + reg
    model = start
    terms, base = {}, 0.0
    for _ in range(iterations):
        nxt = np.array([model(n) if (model is not None and n) else 0.0
                        for _, _, n in samples])
        w = np.linalg.solve(lhs, X.T @ (score + nxt))
        terms = {k: float(w[i + 1]) for k, i in names.items()}
        base = float(w[0])
        model = LeaveModel(terms)
    kept = {k: round(v, 2) for k, v in terms.items() if abs(v) >= 0.05}
    return kept, base


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per round")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--procs", type=int, default=1, help="processes (the machine is shared)")
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    samples: list = []
    games = 0
    seed = args.seed
    terms = None  # round 1: the hand-made values
    model = handmade_leave_value
    for rnd in range(1, args.rounds + 1):
        t0 = time.perf_counter()
        jobs = [(seed + i, terms) for i in range(args.games)]
        seed += args.games
        if args.procs > 1:
            import multiprocessing as mp

            with mp.get_context("spawn").Pool(args.procs) as pool:
                got = pool.map(play, jobs, chunksize=20)
        else:
            got = [play(j) for j in jobs]
        for g in got:
            samples += g
        games += args.games
        terms, base = fit(samples, start=model)
        model = LeaveModel(terms)
        print(f"round {rnd}: {args.games} games ({time.perf_counter() - t0:.0f} s), "
              f"{len(samples)} samples so far; base {base:.1f}; blank "
              f"{terms.get('t:?', 0):+.1f}, S {terms.get('t:S', 0):+.1f}, "
              f"Q {terms.get('t:Q', 0):+.1f}", flush=True)
    data = {"version": 1, "tiles": "en", "vowels": "AEIOU", "games": games,
            "samples": len(samples), "base": round(base, 2),
            "method": "temporal-difference ridge least squares: next turn's score plus the "
                      "value of the leave kept then, on leave features; "
                      f"{args.rounds} rounds of self-play (round 1 with hand-made values)",
            "terms": dict(sorted(terms.items()))}
    text = json.dumps(data, separators=(",", ":"))
    write_atomic(args.out, text.encode("utf-8"))  # makes the folder too
    print(f"wrote {args.out} ({len(text)} bytes, {len(terms)} terms, {games} games, "
          f"{len(samples)} samples)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
