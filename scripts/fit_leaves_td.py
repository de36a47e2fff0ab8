"""Fit the leave values the `strong` and `expert` levels use (temporal difference, with a
table for the leaves self-play meets often).

    python scripts/fit_leaves_td.py [--games N] [--rounds R] [--procs P] [--seed S]
        [--start handmade|FILE] [--samples FILE] [--table-min N] [--table-ridge R]
        [--words FILE] [--out FILE]

The shipped ``wordbler/boardgame/data/leaves_en.json`` comes from this script (its
``method`` field says how); ``scripts/fit_leaves.py`` is the earlier one-step fit.  Write
to another file with ``--out`` and measure it with ``benchmarks/levels.py --pair
"strong[leaves=FILE]:strong"`` before it replaces the shipped one.

Each round plays strong-vs-strong games (round 1 with ``--start``: the hand-made leave
values or a model file; every later round with the model fitted so far; the endgame
search off, for speed) and records, for every tile play or exchange
whose draw filled the rack, the leave kept (``L``), the same player's score on their next
turn (``s``) and the leave they kept then (``L'``, when that draw too filled the rack).
``--samples FILE`` keeps every game's samples (a JSON line each) and reads those of
earlier runs, so a fit can be redone or grown without playing the games again
(``--games 0`` only fits).

The fit is temporal-difference least squares: a leave is worth the points it helps score
on the next turn plus what it helps keep after that, so the target is
``s + V(L')`` (``V(L') = 0`` when no full draw followed), and ``s + V(L') = base + V(L)``
is solved by ridge least squares, ``V`` being a sum of the ``LeaveModel`` terms (tile,
duplicate, pair, vowel/consonant balance) plus, with ``--table-min N``, a correction of its
own (``l:LEAVE``) for each leave seen at least N times, shrunk toward the model by
``--table-ridge`` samples' worth (:func:`solve_table`).  The targets use the ``V`` of the
previous solve, so the solve is repeated until it settles (a few times).  ``base``
absorbs the average score of a turn: an empty leave is worth 0, the value of drawing
seven fresh tiles.  Samples of every round are pooled for the final fit.  Writes compact
JSON (terms rounded to 0.01 points, terms under 0.05 dropped) with the number of games
and samples.
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
from wordbler.boardgame.rules import STANDARD  # noqa: E402
from wordbler.boardgame.selfplay import standard_engine, words_error  # noqa: E402
from wordbler.fileio import write_atomic  # noqa: E402

OUT = ROOT / "wordbler" / "boardgame" / "data" / "leaves_en.json"

def play(job):
    """One game -> [(leave, next score, next leave or None)]."""
    seed, terms, words = job
    lexicon, generate = standard_engine(words)
    leaves = LeaveModel(terms) if terms is not None else handmade_leave_value
    game = Game([PlayerSpec("A", computer="strong"), PlayerSpec("B", computer="strong")],
                rules=STANDARD, lexicon=lexicon, seed=seed)
    players = [make_player("strong", generate, None, leaves) for _ in range(2)]
    for pl in players:  # for speed: a sample's next turn is at most the first with the bag
        # empty, where the one-reply rule plays; the endgame search changes nothing else
        pl.exact_endgame = False
        pl.presim_bag = 0  # the static choice to the end of the bag, as the shipped fit
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


def _design(leaves):
    """The leave-feature design: (feature names -> column less one, a row per leave with
    the intercept in column 0)."""
    names: dict[str, int] = {}
    feats = []
    for leave in leaves:
        f = LeaveModel.features(leave)
        for k in f:
            names.setdefault(k, len(names))
        feats.append(f)
    X = np.zeros((len(feats), len(names) + 1))
    for i, f in enumerate(feats):
        X[i, 0] = 1.0
        for k, v in f.items():
            X[i, names[k] + 1] = v
    return names, X


def fit(samples, ridge=3.0, iterations=6, start=None):
    """TD least squares (see the module doc): (terms, base)."""
    names, X = _design([leave for leave, _s, _n in samples])
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


def _grouped(samples):
    """The samples by leave: unique leaves (sorted), and per sample the index of its
    leave and of its next leave (-1: none)."""
    index: dict[str, int] = {}
    leaves: list[str] = []

    def at(leave):
        key = "".join(sorted(leave))
        i = index.get(key)
        if i is None:
            i = index[key] = len(leaves)
            leaves.append(key)
        return i

    li = np.fromiter((at(leave) for leave, _s, _n in samples), dtype=np.int64)
    ni = np.fromiter((at(n) if n else -1 for _l, _s, n in samples), dtype=np.int64)
    return leaves, li, ni


def solve_table(samples, ridge=3.0, table_ridge=25.0, min_count=30, iterations=6,
                start=None):
    """TD least squares (as :func:`fit`) with a table part: ``V(L)`` is the feature model
    plus, for each leave seen at least ``min_count`` times, a correction of its own
    (``l:LEAVE``), shrunk toward 0 by ``table_ridge`` samples' worth (a leave seen
    ``table_ridge`` times is pulled half way back to the model).  Each TD step fits the
    features to the targets less the corrections, then the corrections to what is left
    (back-fitting, until they settle); the samples are grouped by leave, so the solve is
    over the distinct leaves, not every sample.  The empty leave has no correction (it is worth 0: the base
    is the value of drawing seven fresh tiles).  Returns (feature terms, {leave:
    correction}, base)."""
    leaves, li, ni = _grouped(samples)
    score = np.array([s for _, s, _ in samples], dtype=float)
    count = np.bincount(li, minlength=len(leaves)).astype(float)
    names, X = _design(leaves)
    reg = ridge * np.eye(X.shape[1])
    reg[0, 0] = 0.0
    lhs = (X * count[:, None]).T @ X + reg
    tabled = (count >= min_count) & np.array([bool(k) for k in leaves])
    corr = np.zeros(len(leaves))
    w = np.zeros(X.shape[1])
    values = np.array([start(k) if (start is not None and k) else 0.0 for k in leaves])
    for _ in range(iterations):
        nxt = np.where(ni >= 0, values[np.maximum(ni, 0)], 0.0)
        total = np.bincount(li, weights=score + nxt, minlength=len(leaves))
        for _pass in range(200):  # back-fitting: features, then the corrections, to rest
            w = np.linalg.solve(lhs, X.T @ (total - count * corr))
            new = np.where(tabled, (total - count * (X @ w)) / (count + table_ridge), 0.0)
            moved = float(np.max(np.abs(new - corr))) if len(new) else 0.0
            corr = new
            if moved < 1e-9:
                break
        values = X @ w - w[0] + corr  # the empty leave: no features, no correction, 0
    terms = {k: float(w[i + 1]) for k, i in names.items()}
    table = {leaves[i]: float(corr[i]) for i in np.flatnonzero(tabled)}
    return terms, table, float(w[0])


def fit_table(samples, ridge=3.0, table_ridge=25.0, min_count=30, iterations=6,
              start=None):
    """:func:`solve_table`, rounded for the file (0.01 points; terms under 0.05 dropped):
    (terms with the ``l:`` corrections among them, base, leaves given a correction)."""
    terms, table, base = solve_table(samples, ridge, table_ridge, min_count, iterations,
                                     start)
    kept = {k: round(v, 2) for k, v in terms.items() if abs(v) >= 0.05}
    for leave, v in table.items():
        if abs(v) >= 0.05:
            kept["l:" + leave] = round(v, 2)
    return kept, base, len(table)


def _play_round(jobs, procs, sink=None):
    """Play the jobs; each game's samples, in the order the games finish.  ``sink``: an
    open file each game's samples are appended to (a JSON line), as the game finishes."""
    import contextlib
    import multiprocessing as mp

    with (mp.get_context("spawn").Pool(procs) if procs > 1 else contextlib.nullcontext()) \
            as pool:
        games = pool.imap_unordered(play, jobs, chunksize=10) if pool else map(play, jobs)
        for g in games:
            if sink is not None:
                sink.write(json.dumps(g, separators=(",", ":")) + "\n")
            yield g


def read_samples(path: Path) -> tuple[list, int]:
    """Samples saved by ``--samples``: (samples, games)."""
    samples: list = []
    games = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            got = json.loads(line)
            samples += [(str(a), int(b), None if c is None else str(c)) for a, b, c in got]
            games += 1
    return samples, games


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per round (0: only fit "
                    "the samples of --samples)")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--procs", type=int, default=1, help="processes (the machine is shared)")
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--start", default="handmade", metavar="handmade|FILE",
                    help="the leave values round 1 plays with and the fit starts from: "
                         "the hand-made ones, or a model file")
    ap.add_argument("--samples", type=Path, metavar="FILE",
                    help="read the samples of earlier runs from FILE (JSON lines, a game "
                         "each) and append this run's games to it")
    ap.add_argument("--table-min", type=int, default=0, metavar="N",
                    help="give each leave seen at least N times a correction of its own "
                         "(0: the feature model only)")
    ap.add_argument("--table-ridge", type=float, default=25.0, metavar="R",
                    help="a correction is shrunk toward the model by R samples' worth")
    ap.add_argument("--words", metavar="FILE",
                    help="play the games on this word list (a text file, a word a line) "
                         "instead of the bundled one")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    if args.words is not None and (bad := words_error("fit_leaves_td.py", args.words)):
        return bad
    samples: list = []
    games = 0
    if args.samples is not None and args.samples.is_file():
        samples, games = read_samples(args.samples)
        print(f"{games} games, {len(samples)} samples read from {args.samples}", flush=True)
    if args.start == "handmade":
        terms, model = None, handmade_leave_value
    else:
        model = LeaveModel.from_json(json.loads(Path(args.start).read_text(encoding="utf-8")))
        terms = model.terms
    seed = args.seed
    sink = open(args.samples, "a", encoding="utf-8") if args.samples is not None else None
    rounds = args.rounds if args.games > 0 else 0
    base, tabled = 0.0, 0

    def solve(start):
        if args.table_min > 0:
            return fit_table(samples, table_ridge=args.table_ridge,
                             min_count=args.table_min, start=start)
        return (*fit(samples, start=start), 0)

    try:
        for rnd in range(1, rounds + 1):
            t0 = time.perf_counter()
            jobs = [(seed + i, terms, args.words) for i in range(args.games)]
            seed += args.games
            for g in _play_round(jobs, args.procs, sink):
                samples += g
            games += args.games
            terms, base, tabled = solve(model)
            model = LeaveModel(terms)
            print(f"round {rnd}: {args.games} games ({time.perf_counter() - t0:.0f} s), "
                  f"{len(samples)} samples so far; base {base:.1f}; blank "
                  f"{terms.get('t:?', 0):+.1f}, S {terms.get('t:S', 0):+.1f}, "
                  f"Q {terms.get('t:Q', 0):+.1f}", flush=True)
    finally:
        if sink is not None:
            sink.close()
    if rounds == 0:
        if not samples:
            print("no samples: give --games or a --samples file with games", file=sys.stderr)
            return 2
        terms, base, tabled = solve(model)
    method = ("temporal-difference ridge least squares: next turn's score plus the value of "
              "the leave kept then, on leave features")
    if tabled:
        method += (f", with a correction of its own for each of the {tabled} leaves seen "
                   f"at least {args.table_min} times (shrunk by {args.table_ridge:g} "
                   "samples' worth)")
    method += f"; self-play with the {'hand-made' if args.start == 'handmade' else 'fitted'} " \
              "values first"
    data = {"version": 1, "tiles": "en", "vowels": "AEIOU", "games": games,
            "samples": len(samples), "base": round(base, 2), "method": method,
            "terms": dict(sorted(terms.items()))}
    text = json.dumps(data, separators=(",", ":"))
    write_atomic(args.out, text.encode("utf-8"))  # makes the folder too
    print(f"wrote {args.out} ({len(text)} bytes, {len(terms)} terms, {tabled} leaves with "
          f"their own correction, {games} games, {len(samples)} samples)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
