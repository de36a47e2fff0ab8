"""The first leave fit (one step: the next turn's score), kept for comparison.

The shipped values now come from ``scripts/fit_leaves_td.py`` (temporal difference, with
a table for frequent leaves), which beat this fit's values in play.

    python scripts/fit_leaves.py --out FILE [--games N] [--minutes M] [--rounds R]

``--out`` is required: this fit is not the shipped one, so it never writes over
``wordbler/boardgame/data/leaves_en.json`` unless told to.

One process (the machine is shared).  Round 1 plays strong-vs-strong games with the
hand-made leave values; every later round plays with the model fitted so far.  For each
tile play or exchange made while the bag still held tiles, the sample is (the leave kept,
the same player's score on their next turn); least squares with a small ridge fits
``next score = base + sum(terms of the leave)`` and the terms (tile, duplicate, pair,
vowel/consonant balance, see ``LeaveModel``) become the leave values (an empty leave is
worth 0: ``base`` is the next score after drawing a fresh rack).  Samples of every round
are pooled for the final fit.  Writes compact JSON (terms rounded to 0.01 points, terms
under 0.05 dropped) with the number of games and samples.
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


def play(seed, lexicon, generate, leaves):
    """One game; returns [(leave, next score of the same player)]."""
    game = Game([PlayerSpec("A", computer="strong"), PlayerSpec("B", computer="strong")],
                rules=STANDARD, lexicon=lexicon, seed=seed)
    players = [make_player("strong", generate, None, leaves) for _ in range(2)]
    for pl in players:  # the static choice to the end of the bag, as the shipped fit
        pl.presim_bag = 0
    pending: dict[int, str] = {}
    samples = []
    while not game.is_over and len(game.history) < 200:
        pos = Position.from_game(game)
        p = game.current
        d = players[p].choose(pos, rng_for(pos))
        before = len(game.history)
        game.apply(decision_to_move(game, d))
        rec = game.history[before]
        if p in pending:
            samples.append((pending.pop(p), rec.score))
        if pos.bag_count > 0 and len(game.bag) > 0 and d.kind in ("play", "exchange"):
            if d.kind == "play":
                pending[p] = d.play.leave
            else:
                left = list(pos.rack)
                for ch in d.exchange:
                    left.remove(ch)
                pending[p] = "".join(left)
    return samples


def fit(samples, ridge=3.0):
    names: dict[str, int] = {}
    rows = []
    for leave, _ in samples:
        f = LeaveModel.features(leave)
        for k in f:
            names.setdefault(k, len(names))
        rows.append(f)
    X = np.zeros((len(samples), len(names) + 1))
    y = np.array([s for _, s in samples], dtype=float)
    for i, f in enumerate(rows):
        X[i, 0] = 1.0
        for k, v in f.items():
            X[i, names[k] + 1] = v
    reg = ridge * np.eye(X.shape[1])
    reg[0, 0] = 0.0
    w = np.linalg.solve(X.T @ X + reg, X.T @ y)
    terms = {k: round(float(w[i + 1]), 2) for k, i in names.items() if abs(w[i + 1]) >= 0.05}
    return terms, float(w[0])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="games per round at most")
    ap.add_argument("--minutes", type=float, default=None, help="wall-clock cap per round")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--out", type=Path, required=True,
                    help="where to write the model (measure it with benchmarks/levels.py "
                         "--pair \"strong[leaves=FILE]:strong\")")
    args = ap.parse_args()
    from wordbler.lexicon.dictionary import load_bundled

    lexicon = load_bundled()
    generate = engine_generator(lexicon, STANDARD)
    leaves = handmade_leave_value
    samples: list = []
    games = 0
    seed = args.seed
    for rnd in range(1, args.rounds + 1):
        t0 = time.perf_counter()
        n = 0
        while n < args.games and (args.minutes is None
                                  or time.perf_counter() - t0 < args.minutes * 60):
            samples += play(seed, lexicon, generate, leaves)
            seed += 1
            n += 1
        games += n
        terms, base = fit(samples)
        leaves = LeaveModel(terms)
        print(f"round {rnd}: {n} games ({time.perf_counter() - t0:.0f} s), {len(samples)} "
              f"samples so far; base {base:.1f}; blank {terms.get('t:?', 0):+.1f}, "
              f"S {terms.get('t:S', 0):+.1f}, Q {terms.get('t:Q', 0):+.1f}", flush=True)
    data = {"version": 1, "tiles": "en", "vowels": "AEIOU", "games": games,
            "samples": len(samples), "base": round(base, 2),
            "method": "ridge least squares of the next turn's score on leave features, "
                      f"{args.rounds} rounds (round 1 with hand-made values)",
            "terms": dict(sorted(terms.items()))}
    text = json.dumps(data, separators=(",", ":"))
    write_atomic(args.out, text.encode("utf-8"))  # makes the folder too
    print(f"wrote {args.out} ({len(text)} bytes, {len(terms)} terms, {games} games, "
          f"{len(samples)} samples)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
