"""Expert settings' choices judged by full rollouts on the same (midgame or later) positions.

    python benchmarks/decisions.py [--positions N] [--seed S] [--rollouts K] [--procs P]
        [--bags LO-HI] [--width W] [--oracle FILE] [--setting NAME=JSON ...]

Each seed is a strong-vs-strong game played to its first turn with at most T tiles in the
bag, T drawn from the seed between LO and HI (``--bags``, default 15-80: the midgame; 3-14
is the pre-endgame, where two plies may empty the bag; a game that ends first gives no
position).
There the best ``--width`` candidates by static value (default the expert's ``width``; a
setting that chooses a move outside them is not counted) are each played out to
the end of the game over K futures: the opponent's rack and the bag drawn as the expert
draws them (its inference of the opponent's leave included) but from another seed, then
every move the static choice (score plus leave) on both sides, and with the bag empty each
side's best by the endgame rule (going out, or the fewest points left; the simulation's
``finish``).  A candidate's oracle value is its mean final spread and its chance of
winning (the lead before the move plus that spread).

Each setting (``NAME=JSON``: expert class attributes, e.g. ``wide={"width": 12}``; default
the shipped expert) chooses on the same positions, without the time cap.  Prints, per
setting, how often it left the static choice and what that gained by the oracle: the mean
over positions of (oracle value of its choice - oracle value of the static choice), in
points and in chance of winning, with standard errors, and its time per choice.  Summed
over a player's moves in a game, the gain in chance of winning is what the setting adds to
its games won against the static player, so a setting is screened here in minutes where
whole games need hours.  The rollouts' later moves are static, not the expert's, and each
candidate's value has its own noise (about 3% in chance of winning at 300 rollouts): only
the mean over many positions means anything.

``--oracle FILE`` keeps the positions' rollout values (JSON lines) and reads them back, so
more settings are judged on the same positions without playing the rollouts again.
Figures, no pass/fail; bad arguments give one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

# the bundled words and move search, made once a process
from wordbler.boardgame.selfplay import standard_engine as _engine  # noqa: E402
from preendgame import _expert, reach  # noqa: E402  (an expert with settings; a game at a bag size)


MIDGAME = (15, 80)  # the default --bags


def _position(seed: int, bags: tuple[int, int] = MIDGAME):
    """The position of ``seed`` (see the module doc) or None."""
    from wordbler.boardgame.ai import Position

    game = reach(seed, 1, random.Random(seed).randint(*bags))
    return None if game is None else Position.from_game(game)


def rollout(sim, rows, cand, future) -> float:
    """The final spread for the player of ``cand`` when it is played in ``future`` and the
    rest of the game is the static choice on both sides (see the module doc)."""
    from wordbler.boardgame.ai import apply_to_rows

    bag = future.bag
    n = min(len(cand.tiles), len(bag))
    mine, bag = cand.leave + bag[:n], bag[n:]
    board = apply_to_rows(rows, cand)
    value = float(cand.score)
    if not mine:  # went out
        return value + 2 * sim.rack_points(future.opp_rack)
    return value + sim.play_out(board, future.opp_rack, mine, bag)


def _key(c) -> tuple:
    return (c.row, c.col, str(c.direction), c.word)


def _oracle(pos, seed: int, rollouts: int, bags: tuple[int, int], width: int):
    from wordbler.boardgame.ai import make_player
    from wordbler.boardgame.rules import STANDARD
    from wordbler.boardgame.simulation import Simulator

    generate = _engine()[1]
    expert = make_player("expert", generate)
    ranked = expert.ranked(pos, width)
    if len(ranked) < 2:
        return None
    lead = pos.lead
    sim = Simulator(generate, STANDARD, expert.leave_fn(pos))
    rng = random.Random(f"oracle {seed}")  # not the expert's own futures
    leaves = sim.infer_leaves(pos.last_play, pos.unseen, rng, expert.infer_tries) \
        if pos.last_play is not None and pos.bag_count > 2 else []
    futures = sim.futures(pos.unseen, pos.bag_count, rng, rollouts, leaves)
    total = sum(f.weight for f in futures)
    spread, win = [], []
    for c in ranked:
        vals = [rollout(sim, pos.board, c, f) for f in futures]
        spread.append(sum(f.weight * v for f, v in zip(futures, vals)) / total)
        win.append(sum(f.weight * (1.0 if lead + v > 0 else 0.5 if lead + v == 0 else 0.0)
                       for f, v in zip(futures, vals)) / total)
    return {"seed": seed, "bags": list(bags), "width": width, "bag": pos.bag_count, "lead": lead,
            "rollouts": len(futures),
            "moves": [list(_key(c)) for c in ranked], "spread": spread, "win": win}


def one(job):
    """(seed, rollouts, known oracle row or None, settings, bags, width) -> row with each
    choice."""
    from wordbler.boardgame.ai import rng_for

    seed, rollouts, row, settings, bags, width = job
    pos = _position(seed, bags)
    if pos is None:
        return None
    if row is not None and (row.get("bag"), row.get("lead")) != (pos.bag_count, pos.lead):
        row = None  # kept from another position (the game reached it otherwise): played again
    if row is None:
        row = _oracle(pos, seed, rollouts, bags, width)
        if row is None:
            return None
    moves = [tuple(m) for m in row["moves"]]
    choices = {}
    for name, setting in settings.items():
        # the fixed counts only (no time caps), unless the setting names them
        expert = _expert({"budget_s": float("inf"), "endgame_budget_s": None, **setting})
        t0 = time.perf_counter()
        d = expert.choose(pos, rng_for(pos))
        ms = (time.perf_counter() - t0) * 1000
        i = moves.index(_key(d.play)) if d.kind == "play" and _key(d.play) in moves else None
        choices[name] = {"i": i, "ms": ms}  # None: an exchange or a move outside the oracle's
    return row, choices


def _se(xs) -> float:
    return statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0


def _settings(items) -> dict:
    out = {}
    for item in items or ["expert={}"]:
        name, eq, text = item.partition("=")
        if not eq or not name:
            raise ValueError(f"--setting {item!r}: give NAME=JSON, such as wide={{\"width\": 12}}")
        try:
            value = json.loads(text)
        except json.JSONDecodeError as e:
            raise ValueError(f"--setting {name}: not JSON ({e.msg}, column {e.colno})") from None
        if not isinstance(value, dict):
            raise ValueError(f"--setting {name}: the settings must be a JSON object")
        from wordbler.boardgame.ai import Expert

        unknown = sorted(k for k in value if not hasattr(Expert, k))
        if unknown:
            raise ValueError(f"--setting {name}: the expert has no setting {unknown[0]!r}")
        out[name] = value
    return out


def _bags(text: str) -> tuple[int, int]:
    lo, dash, hi = text.partition("-")
    try:
        bags = (int(lo), int(hi)) if dash else (int(lo), int(lo))
    except ValueError:
        bags = (0, 0)
    if not 1 <= bags[0] <= bags[1] <= 93:
        raise ValueError(f"--bags {text!r}: give LO-HI tiles in the bag, 1 <= LO <= HI <= 93")
    return bags


def _read_oracle(path: Path, bags: tuple[int, int], width: int) -> dict[int, dict]:
    """The oracle rows of an ``--oracle`` file by seed, those drawn from the same ``bags``
    with the same ``width`` (a row without them: the midgame default and 8 candidates);
    ValueError naming what is wrong."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path.name}: not UTF-8 text (not an oracle file)") from None
    except OSError as e:
        raise ValueError(f"{path.name or path}: {e.strerror or e}") from None
    known = {}
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            row = None
        if not (isinstance(row, dict) and {"seed", "moves", "spread", "win"} <= set(row)):
            raise ValueError(f"{path.name}, line {n}: not an oracle row (JSON with seed, "
                             f"moves, spread and win)")
        if tuple(row.get("bags", MIDGAME)) == bags and row.get("width", 8) == width:
            known[row["seed"]] = row
    return known


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=100, help="seeds tried")
    ap.add_argument("--seed", type=int, default=9000000)
    ap.add_argument("--rollouts", type=int, default=300)
    ap.add_argument("--procs", type=int, default=1, help="processes (the machine is shared)")
    ap.add_argument("--bags", default="15-80", metavar="LO-HI",
                    help="the bag size each seed stops at is drawn from LO-HI")
    ap.add_argument("--width", type=int, metavar="W",
                    help="candidates the oracle values (default: the expert's width)")
    ap.add_argument("--oracle", type=Path, metavar="FILE")
    ap.add_argument("--setting", action="append", metavar="NAME=JSON")
    args = ap.parse_args()
    known: dict[int, dict] = {}
    try:
        settings = _settings(args.setting)
        bags = _bags(args.bags)
        from wordbler.boardgame.ai import Expert

        width = Expert.width if args.width is None else args.width
        if not 2 <= width <= 64:
            raise ValueError("--width must be between 2 and 64")
        if args.rollouts < 2 or args.positions < 1:
            raise ValueError("--rollouts must be at least 2 and --positions at least 1")
        if args.oracle is not None and args.oracle.exists():
            known = _read_oracle(args.oracle, bags, width)
    except (ValueError, OSError) as e:
        print(f"decisions.py: {e}", file=sys.stderr)
        return 2
    jobs = [(s, args.rollouts, known.get(s), settings, bags, width)
            for s in range(args.seed, args.seed + args.positions)]
    t0 = time.perf_counter()
    results = []

    def got(done: int, r) -> None:
        if r is not None:
            results.append(r)
        if done % 10 == 0 and done < len(jobs):
            print(f"  ... {done}/{len(jobs)} seeds, {len(results)} positions",
                  file=sys.stderr, flush=True)

    if args.procs > 1:
        import multiprocessing as mp

        with mp.get_context("spawn").Pool(args.procs) as pool:
            for done, r in enumerate(pool.imap_unordered(one, jobs), 1):
                got(done, r)
    else:
        for done, r in enumerate(map(one, jobs), 1):
            got(done, r)
    if args.oracle is not None:
        new = [row for row, _ in results if known.get(row["seed"]) != row]  # a later line wins
        with args.oracle.open("a", encoding="utf-8") as f:
            for row in new:
                f.write(json.dumps(row) + "\n")
    counts = sorted({row.get("rollouts", 0) for row, _ in results})  # cached rows: their own
    print(f"{len(results)} positions from {args.positions} seeds; oracle: "
          f"{'/'.join(map(str, counts)) or args.rollouts} rollouts a candidate; wall "
          f"{time.perf_counter() - t0:.0f} s")
    for name in settings:
        gs, gw, ms, left, outside = [], [], [], 0, 0
        by_bag: dict[tuple[int, int], list[float]] = {}
        for row, choices in results:
            c = choices[name]
            ms.append(c["ms"])
            if c["i"] is None:
                outside += 1
                continue
            left += c["i"] != 0
            gs.append(row["spread"][c["i"]] - row["spread"][0])
            gw.append(row["win"][c["i"]] - row["win"][0])
            by_bag.setdefault(_bucket(row["bag"]), []).append(gw[-1])
        if not gs:
            print(f"{name}: no choice among the oracle's candidates")
            continue
        print(f"{name}: left the static choice on {left} of {len(gs)} positions; gain over "
              f"it {statistics.mean(gs):+.2f} points (standard error {_se(gs):.2f}), chance "
              f"of winning {100 * statistics.mean(gw):+.2f}% ({100 * _se(gw):.2f}); ms per "
              f"choice mean {statistics.mean(ms):.0f}, max {max(ms):.0f}"
              + (f"; {outside} choices outside the oracle's candidates" if outside else ""))
        if len(by_bag) > 1:
            print("    chance of winning by tiles in the bag: " + ", ".join(
                f"{lo}-{hi}: {100 * statistics.mean(v):+.2f}% ({100 * _se(v):.2f}, {len(v)})"
                for (lo, hi), v in sorted(by_bag.items())))
    return 0


def _bucket(bag: int) -> tuple[int, int]:
    """The bag-size group (lo, hi) a position's gain is shown in."""
    return next(((lo, hi) for lo, hi in ((1, 2), (3, 7), (8, 14), (15, 40), (41, 93))
                 if lo <= bag <= hi), (bag, bag))


if __name__ == "__main__":
    sys.exit(main())
