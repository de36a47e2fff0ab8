"""Computer-vs-computer games: ``wordbler-cli selfplay``.

Plays complete games, checks the engine's invariants after every turn (all tiles accounted
for, scores equal to the history's sums), optionally writes each game as a GCG record, and
prints a summary with the mean score per level and the time per move.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .ai import ALL_LEVELS, LEVELS, Position, decision_to_move, make_player, rng_for
from .game import Game, PlayerSpec
from .gcg import shown
from .rules import PRESETS, STANDARD, RuleSet

PROG = "wordbler-cli selfplay"


class InvariantError(AssertionError):
    pass


@dataclass
class GameResult:
    seed: int
    levels: tuple[str, ...]  # in seat order as given
    scores: tuple[int, ...]  # by seat as given
    winners: tuple[int, ...]  # seats as given
    turns: int
    move_ms: list[float] = field(default_factory=list)
    game: Game | None = None


def check_invariants(game: Game) -> None:
    total = game.rules.tiles.total
    if game.tile_count() != total:
        raise InvariantError(f"{game.tile_count()} tiles accounted for, not {total}")
    for p in range(len(game.players)):
        s = game.players[p].handicap + sum(r.score for r in game.history if r.player == p)
        if s != game.scores[p]:
            raise InvariantError(f"player {p}: score {game.scores[p]} but head start and "
                                 f"history sum to {s}")


def play_game(levels, seed: int, lexicon, generate, rules: RuleSet = STANDARD,
              max_turns: int = 500) -> GameResult:
    names = [f"{lvl.capitalize()}{i + 1}" for i, lvl in enumerate(levels)]
    specs = [PlayerSpec(n, computer=lvl) for n, lvl in zip(names, levels)]
    game = Game(specs, rules=rules, lexicon=lexicon, seed=seed)
    sizes = getattr(lexicon, "size_of", None)
    players = [make_player(p.computer, generate, sizes) for p in game.players]
    times = []
    for _ in range(max_turns):
        if game.is_over:
            break
        pos = Position.from_game(game)
        t0 = time.perf_counter()
        decision = players[game.current].choose(pos, rng_for(pos))
        times.append((time.perf_counter() - t0) * 1000)
        game.apply(decision_to_move(game, decision))
        check_invariants(game)
    if not game.is_over:
        raise InvariantError(f"game with seed {seed} did not end in {max_turns} turns")
    by_seat = [0] * len(levels)
    for turn_index, seat in enumerate(game.seat_order):
        by_seat[seat] = game.scores[turn_index]
    winners = tuple(game.seat_order[i] for i in game.outcome.winners)
    return GameResult(seed, tuple(levels), tuple(by_seat), winners, len(game.history),
                      times, game)


def configure_parser(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=10, metavar="N")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="seed of the first game")
    p.add_argument("--players", default="strong,intermediate", metavar="LEVEL,LEVEL,...",
                   help=f"levels in seat order: {', '.join(LEVELS)}")
    p.add_argument("--rules", default="standard", metavar="PRESET")
    p.add_argument("--lexicon", metavar="FILE",
                   help="word list (default: the bundled one of --lang)")
    p.add_argument("--lang", default="en", metavar="CODE",
                   help="tile set and word list: en (default), ru (Ё played as Е) or fr")
    p.add_argument("--gcg-dir", metavar="DIR", help="write each game as a GCG record here")
    p.add_argument("--quiet", action="store_true", help="only the summary")


_ENGINE: dict = {}


def standard_engine(words: str | None = None):
    """(lexicon, move search) for English under the standard rules: the bundled word list,
    or the file ``words`` (a word a line).  Made once per process and kept for the same
    ``words`` (benchmark and fit workers play many games each); raises
    :class:`~wordbler.lexicon.dictionary.LexiconError` for a file that cannot be used."""
    if not _ENGINE or _ENGINE["words"] != words:
        from ..lexicon.dictionary import load_bundled, load_file
        from .movegen import engine_generator

        lexicon = load_bundled() if words is None else load_file(words)
        _ENGINE.clear()  # one list at a time: a lexicon and its search are large
        _ENGINE.update(words=words, lexicon=lexicon,
                       generate=engine_generator(lexicon, STANDARD))
    return _ENGINE["lexicon"], _ENGINE["generate"]


def words_error(prog: str, words: str | None) -> int | None:
    """Load ``words`` (see :func:`standard_engine`) before a script starts its games:
    None when it can be used, else 2 after one line on stderr naming what is wrong."""
    from ..lexicon.dictionary import LexiconError

    try:
        standard_engine(words)
    except LexiconError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 2
    return None


def _error(message: str) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return 2


def _prepare_folder(name: str) -> Path:
    """The ``--gcg-dir`` folder, made if needed and checked writable before any game is
    played; ``ValueError`` naming the problem (a file of that name, no permission...)."""
    folder = Path(name)
    label = shown(name, 4096)
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--gcg-dir {label}: is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".selfplay-", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except (FileExistsError, NotADirectoryError):  # a part of the path is a file
        raise ValueError(f"--gcg-dir {label}: a part of the path is a file, not a folder") \
            from None
    except (OSError, ValueError) as e:
        reason = getattr(e, "strerror", None) or str(e)
        raise ValueError(f"--gcg-dir {label}: cannot write there ({reason})") from None
    return folder


def run(args: argparse.Namespace) -> int:
    from .languages import LANGUAGES, load_bundled_words, load_user_words
    from .movegen import engine_generator

    levels = [lvl.strip().lower() for lvl in args.players.split(",") if lvl.strip()]
    try:
        for lvl in levels:
            if lvl not in ALL_LEVELS:
                raise ValueError(f"unknown level {shown(lvl)!r}; choose from "
                                 f"{', '.join(ALL_LEVELS)}")
        rules = PRESETS.get(args.rules.strip().lower())
        if rules is None:
            raise ValueError(f"unknown rules preset {shown(args.rules)!r}; choose one of: "
                             f"{', '.join(PRESETS)}")
        lang = (getattr(args, "lang", None) or "en").strip().lower()
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {shown(lang)!r}; choose one of: "
                             f"{', '.join(LANGUAGES)}")
        rules = rules.with_language(lang)
        if not rules.min_players <= len(levels) <= rules.max_players:
            raise ValueError(f"{rules.name} needs {rules.min_players}-{rules.max_players} "
                             f"players (--players gives {len(levels)})")
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        out_dir = _prepare_folder(args.gcg_dir) if args.gcg_dir else None
        lexicon = (load_user_words(args.lexicon, lang) if args.lexicon
                   else load_bundled_words(lang))
    except ValueError as e:  # LexiconError / WordListError are ValueErrors
        return _error(str(e))
    generate = engine_generator(lexicon, rules)
    results: list[GameResult] = []
    failures = write_errors = 0
    for i in range(args.games):
        seed = args.seed + i
        try:
            res = play_game(levels, seed, lexicon, generate, rules)
        except InvariantError as e:
            failures += 1
            print(f"game {i + 1} (seed {seed}): INVARIANT FAILED: {e}")
            continue
        results.append(res)
        if out_dir:
            from .savegame import save_game

            target = out_dir / f"selfplay_{seed:06d}.gcg"
            try:
                save_game(res.game, target)
            except (OSError, ValueError) as e:  # disk full, folder removed...: go on
                write_errors += 1
                reason = getattr(e, "strerror", None) or str(e)
                print(f"{PROG}: game {i + 1} (seed {seed}) not written to "
                      f"{shown(str(target), 4096)}: {reason}", file=sys.stderr)
        if not args.quiet:
            scores = " ".join(f"{lvl}={s}" for lvl, s in zip(res.levels, res.scores))
            print(f"game {i + 1} (seed {seed}): {scores}, {_count(res.turns, 'turn')}")
        res.game = None  # keep memory flat over long runs
    _summary(levels, results, failures)
    if write_errors:
        return 2
    return 1 if failures else 0


def _count(n: int, noun: str) -> str:
    """``1 game``, ``2 games``."""
    return f"{n} {noun if n == 1 else noun + 's'}"


def _summary(levels, results: list[GameResult], failures: int) -> None:
    head = f"{_count(len(results), 'game')}, {_count(failures, 'invariant failure')}"
    if not results:
        print(head)
        return
    ms = [t for r in results for t in r.move_ms]
    parts = []
    for seat, lvl in enumerate(levels):
        mean = statistics.fmean(r.scores[seat] for r in results)
        wins = sum(1 for r in results if seat in r.winners and len(r.winners) == 1)
        parts.append(f"{lvl}#{seat + 1} mean {mean:.1f} wins {wins}/{len(results)}")
    if len(levels) == 2:
        spread = statistics.fmean(r.scores[0] - r.scores[1] for r in results)
        parts.append(f"mean spread (seat 1 - seat 2) {spread:+.1f}")
    print(
        f"{head}; " + "; ".join(parts)
        + f"; ms/move mean {statistics.fmean(ms):.1f} max {max(ms):.1f}"
    )
