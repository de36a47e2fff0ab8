"""Levels against each other: wins with a 95% interval, mean spread, time per move.

    python benchmarks/levels.py [--pair A:B ...] [--games N] [--procs P] [--seed S]
        [--words FILE] [--log FILE] [--pool FILE...]

A level may carry settings for an experiment: ``expert[playouts=20,width=6]`` is the expert
with those class attributes changed (numbers), and ``strong[leaves=FILE]`` values leaves
with a model file written by ``scripts/fit_leaves*.py``, so a setting can be measured
against the shipped one in the same run.

Default pairs: ``strong:strong-handmade`` (the fitted leave values and the pre-endgame
simulation against the hand-made values and the static choice) and ``expert:strong``;
``strong-handmade[exact_endgame=0]`` is the strong level as issue 15 was filed.  Each game
pair swaps seats (alternating starts: seed s is played with A first, then with B first).
Draws count half.  ``--procs`` runs games in that many processes (default 1: the machine
is shared).  Prints figures, no pass/fail.  ``--log FILE`` appends each game's result (JSON
lines), and ``--pool FILE...`` prints the summary of logged games, so runs on other seeds
or machines can be pooled.  ``--words FILE`` plays on that word list instead of the bundled
one (the leave values were fitted on the bundled list; this measures them on another, such
as the 110k-word list beside the golden positions); a list that cannot be read gives one
line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

def _settings(level: str) -> tuple[str, list[tuple[str, str]]]:
    """``base[name=value,...]`` as (base, [(name, value text), ...])."""
    base, _, rest = level.partition("[")
    items = [item.partition("=") for item in rest.rstrip("]").split(",") if item]
    return base, [(k.strip(), v) for k, _, v in items]


def _number(text: str) -> int | float:
    return float(text) if any(ch in text for ch in ".eE") else int(text)


def _variant(level: str) -> str:
    """Register ``base[name=value,...]`` as a level (a subclass with those attributes)."""
    from wordbler.boardgame import ai

    if "[" not in level or level in ai.PLAYER_CLASSES:
        return level
    base, settings = _settings(level)
    attrs = {}
    for k, v in settings:
        if k == "leaves":  # a leave model file (scripts/fit_leaves*.py --out)
            model = ai.LeaveModel.from_json(json.loads(Path(v).read_text(encoding="utf-8")))
            attrs["leave_fn"] = lambda self, pos, _m=model: _m
            continue
        if k == "leave_scale":  # the level's own leave values times a factor
            cls0, f = ai.PLAYER_CLASSES[base], float(v)

            def scaled(self, pos, _c=cls0, _f=f):
                fn = _c.leave_fn(self, pos)
                return lambda leave, bag=100: _f * fn(leave, bag)
            attrs["leave_fn"] = scaled
            continue
        attrs[k] = _number(v)
    cls = type(f"Variant_{base}", (ai.PLAYER_CLASSES[base],), attrs)
    ai.PLAYER_CLASSES = {**ai.PLAYER_CLASSES, level: cls}  # make_player looks levels up here
    return level


def _variant_error(level: str) -> str | None:
    """Why ``level`` (a level, or ``base[name=value,...]``) cannot be played, or None: an
    unknown level, or a setting the level does not have (a typo would otherwise be set on
    the variant, read by nothing, and the run would measure the level unchanged)."""
    from wordbler.boardgame import ai

    base, settings = _settings(level)
    cls = ai.PLAYER_CLASSES.get(base)
    if cls is None:
        return f"unknown level {base!r} (levels: {', '.join(ai.PLAYER_CLASSES)})"
    for k, v in settings:
        if k not in ("leaves", "leave_scale") and not hasattr(cls, k):
            return f"{base} has no setting {k!r}"
        if k != "leaves":
            try:
                _number(v)
            except ValueError:
                return f"{level}: {k}={v!r} is not a number"
    return None


def one_game(job):
    """(a, b, seed, a_first[, words]) -> (spread for a, a's ms per move, b's ms per move)."""
    from wordbler.boardgame.selfplay import play_game, standard_engine

    a, b, seed, a_first = job[:4]
    _variant(a), _variant(b)
    lexicon, generate = standard_engine(job[4] if len(job) > 4 else None)
    levels = (a, b) if a_first else (b, a)
    res = play_game(levels, seed, lexicon, generate)
    ia, ib = (0, 1) if a_first else (1, 0)
    spread = res.scores[ia] - res.scores[ib]
    # move times alternate by turn; split them by who moved
    game = res.game
    ta, tb = [], []
    moves = [r for r in game.history if r.kind.name != "SETTLEMENT"]
    for rec, ms in zip(moves, res.move_ms):
        seat = game.seat_order[rec.player]
        (ta if seat == ia else tb).append(ms)
    return spread, ta, tb


def wilson(p, n, z=1.96):
    if n == 0:
        return 0.0, 1.0
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def _progress(a, results, games) -> None:
    n = len(results)
    if n % 10 == 0 and n < games:
        wins = _wins(r[0] for r in results)
        print(f"  ... {n}/{games} games, {a} {100 * wins / n:.1f}%", file=sys.stderr, flush=True)


def _wins(spreads) -> float:
    """Games won by the first level, a draw counting half."""
    return sum(1.0 if s > 0 else 0.5 if s == 0 else 0.0 for s in spreads)


def run_pair(a, b, games, procs, seed, log=None, words=None):
    jobs = [(a, b, seed + i // 2, i % 2 == 0, words) for i in range(games)]
    t0 = time.perf_counter()
    results = []

    def got(job, r):
        results.append(r)
        _progress(a, results, games)
        if log is not None:  # one line a game, so runs on other seeds can be pooled
            with open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps({"a": a, "b": b, "seed": job[2], "a_first": job[3],
                                    "words": words, "spread": r[0], "ms_a": r[1],
                                    "ms_b": r[2]}) + "\n")

    if procs > 1:
        import multiprocessing as mp

        with mp.get_context("spawn").Pool(procs) as pool:
            for job, r in zip(jobs, pool.imap(one_game, jobs)):
                got(job, r)
    else:
        for j in jobs:
            got(j, one_game(j))
    summarise(a, b, results, time.perf_counter() - t0)


def summarise(a, b, results, wall) -> None:
    spreads = [r[0] for r in results]
    ta = [x for r in results for x in r[1]]
    tb = [x for r in results for x in r[2]]
    wins = _wins(spreads)
    p = wins / len(spreads)
    lo, hi = wilson(p, len(spreads))
    print(f"{a} vs {b}: {len(spreads)} games (alternating starts), {a} won {wins:g} "
          f"= {100 * p:.1f}% (95% interval {100 * lo:.1f}-{100 * hi:.1f}%), mean spread "
          f"{statistics.mean(spreads):+.1f}; ms per move: {a} mean {statistics.mean(ta):.0f} "
          f"max {max(ta):.0f}, {b} mean {statistics.mean(tb):.0f} max {max(tb):.0f}; "
          f"wall {wall:.0f} s", flush=True)


def pooled(paths) -> int:
    """The summary of every game in the ``--log`` files given, per pair of levels."""
    by_pair: dict = {}
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                g = json.loads(line)
                key = (g["a"], g["b"], g.get("words"))  # games on other word lists apart
                by_pair.setdefault(key, {})[(g["seed"], g["a_first"])] = (
                    g["spread"], g["ms_a"], g["ms_b"])
    for (a, b, words), games in by_pair.items():  # a game logged twice counts once
        if words is not None:
            print(f"on the word list {words}:")
        summarise(a, b, list(games.values()), float("nan"))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pair", action="append", metavar="A:B")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--procs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=500000)
    ap.add_argument("--words", metavar="FILE",
                    help="play on this word list (a text file, a word a line) instead of the "
                         "bundled one: leave values are fitted on one list and played on many")
    ap.add_argument("--log", metavar="FILE", help="append each game's result here (JSON lines)")
    ap.add_argument("--pool", nargs="+", metavar="FILE",
                    help="print the summary of the games in these --log files and stop")
    args = ap.parse_args()
    if args.pool:
        return pooled(args.pool)
    if args.games < 1 or args.procs < 1:
        print("levels.py: --games and --procs must be at least 1", file=sys.stderr)
        return 2
    pairs = args.pair or ["strong:strong-handmade", "expert:strong"]
    if args.words is not None:
        from wordbler.boardgame.selfplay import words_error

        if (bad := words_error("levels.py", args.words)):
            return bad
    for pair in pairs:
        for level in pair.partition(":")[::2]:
            if (why := _variant_error(level)):
                print(f"levels.py: {why}", file=sys.stderr)
                return 2
    for pair in pairs:
        a, _, b = pair.partition(":")
        run_pair(a, b, args.games, args.procs, args.seed, args.log, args.words)
    return 0


if __name__ == "__main__":
    sys.exit(main())
