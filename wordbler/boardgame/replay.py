"""Replaying game records: rebuild every position and recompute every score.

:func:`replay` walks a parsed :class:`~wordbler.boardgame.gcg.GCGRecord` on a :class:`Board` and
checks each event against the position: a play's squares (letters already on the board must
match, ``.`` or the letter itself; the new tiles' squares must be empty), its tiles against
the rack written on the line (when there is one; ``?`` is a blank, shown lowercase in the
word), its score recomputed with :func:`wordbler.boardgame.placement.analyze` (words are *not* looked
up: records use other word lists), every running total (previous total + the change written
== the total written), a withdrawn phony (``--``: its tiles leave the board and it takes
back exactly the play's score), end-of-game rack points (1x or 2x the tiles' value, the
tiles being exactly those not on the board) and own-rack penalties (the rack's value).

The rules are those named by a ``#wordbler-rules`` pragma (our own games), else standard
(bingo bonus 50 for seven tiles).  The end-of-game multiplier is inferred from the record:
2x (tournament) or 1x (standard).

The result (:class:`ReplayResult`) holds one :class:`ReplayStep` per position: ``steps[0]``
is the empty board before the first event and ``steps[k]`` the position after event ``k``
(``steps[k].event is record.events[k - 1]``), so a replay view can go First / Back /
Forward / Last by index.  Problems are :class:`Mismatch` values naming the line; replay
goes on after one, trusting the totals written.

``wordbler-cli replay FILE...`` (:func:`configure_parser`, :func:`run`) prints one line per
file and a summary.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass

from .board import Board
from .gcg import Event, EventKind, GCGError, GCGRecord, read_file
from .model import Coord, Placement, ScoreBreakdown, Tile
from .placement import IllegalMove, analyze
from .rules import BLANK, ENGLISH_TILES, PRESETS, STANDARD, RuleSet, Settlement

__all__ = ["Mismatch", "ReplayStep", "ReplayResult", "replay", "replay_file",
           "configure_parser", "run"]


@dataclass(frozen=True, slots=True)
class Mismatch:
    """Something in the record that the replay does not confirm."""

    line: int
    message: str
    event: Event | None = None

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One position of the replay.  ``index`` 0 is the start (no event)."""

    index: int
    event: Event | None
    board: Board  # a copy owned by this step: do not mutate
    scores: tuple[int, ...]  # running totals per player (record order), as written
    changed: tuple[Coord, ...] = ()  # squares the event filled (or emptied, for "--")
    breakdown: ScoreBreakdown | None = None  # the recomputed score of a play
    mismatches: tuple[Mismatch, ...] = ()

    @property
    def rows(self) -> list[str]:
        """The board as text: ``.`` empty, ``A``-``Z`` tiles, ``a``-``z`` blanks."""
        return self.board.rows_text()

    @property
    def mismatch(self) -> Mismatch | None:
        return self.mismatches[0] if self.mismatches else None


@dataclass(frozen=True, slots=True)
class ReplayResult:
    record: GCGRecord
    rules: RuleSet
    steps: tuple[ReplayStep, ...]
    mismatches: tuple[Mismatch, ...]
    # what the end-of-game lines imply: TOURNAMENT for 2x, STANDARD for 1x, None if no sign
    settlement: Settlement | None = None

    @property
    def ok(self) -> bool:
        return not self.mismatches

    @property
    def final(self) -> ReplayStep:
        return self.steps[-1]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.record.players)


def replay_file(path: str | os.PathLike, rules: RuleSet | None = None) -> ReplayResult:
    """Read (raising :class:`~wordbler.boardgame.gcg.GCGError`) and replay the record at ``path``."""
    return replay(read_file(path), rules)


def replay(record: GCGRecord, rules: RuleSet | None = None) -> ReplayResult:
    """Replay ``record``; ``rules`` overrides the rules the record names (default standard)."""
    return _Replayer(record, rules).run()


def _rules_for(record: GCGRecord) -> tuple[RuleSet, bool]:
    """The rules a record names (``#wordbler-rules``), and whether it named any."""
    if record.pragma("wordbler-rules") is None:
        return STANDARD, False
    from .savegame import rules_from_record  # our own games name their rules

    try:
        return rules_from_record(record), True
    except GCGError:
        return STANDARD, False


def _value(rules: RuleSet, tiles: str) -> int | None:
    try:
        return sum(rules.tiles.value(t) for t in tiles)
    except KeyError:
        return None


class _Replayer:
    def __init__(self, record: GCGRecord, rules: RuleSet | None) -> None:
        self.record = record
        if rules is None:
            self.rules, self.rules_named = _rules_for(record)
        else:
            self.rules, self.rules_named = rules, True
        self.board = Board(self.rules.layout)
        self.totals = [0] * len(record.players)
        self.mismatches: list[Mismatch] = []
        self.steps: list[ReplayStep] = [
            ReplayStep(0, None, self.board.copy(), tuple(self.totals))
        ]
        self.next_id = 0
        # the last play, for a withdrawal: (event, its placements or None if not placed)
        self.last_play: tuple[Event, tuple[Placement, ...] | None] | None = None
        self.factor: int | None = None  # end-of-game multiplier seen so far
        standard_tiles = self.rules.tiles == ENGLISH_TILES
        dist = record.pragma("tile-distribution")
        if dist is not None and dist.value.strip().lower() not in ("", "english"):
            standard_tiles = False
        self.check_unseen = standard_tiles and not record.tile_glyphs

    def run(self) -> ReplayResult:
        for index, ev in enumerate(self.record.events, start=1):
            self.current: list[Mismatch] = []
            self.changed: tuple[Coord, ...] = ()
            self.breakdown: ScoreBreakdown | None = None
            if ev.kind is not EventKind.WITHDRAWN:  # its rack is the play's, checked there
                self.check_rack(ev)
            handler = getattr(self, f"on_{ev.kind.value}")
            handler(ev)
            if ev.kind is not EventKind.PLAY:  # only the line right after a play withdraws it
                self.last_play = None
            self.totals[ev.player] = ev.total
            self.mismatches.extend(self.current)
            self.steps.append(ReplayStep(
                index, ev, self.board.copy(), tuple(self.totals), self.changed,
                self.breakdown, tuple(self.current),
            ))
        settlement = None
        if self.factor is not None:
            settlement = Settlement.TOURNAMENT if self.factor == 2 else Settlement.STANDARD
        return ReplayResult(self.record, self.rules, tuple(self.steps), tuple(self.mismatches),
                            settlement)

    # ----------------------------------------------------------------- helpers
    def bad(self, ev: Event, message: str) -> None:
        self.current.append(Mismatch(ev.line, message, ev))

    def check_total(self, ev: Event, change: int | None = None) -> None:
        before = self.totals[ev.player]
        delta = ev.score if change is None else change
        if before + delta != ev.total:
            self.bad(ev, f"total {ev.total} recorded, {before + delta} expected "
                         f"({before} {'+' if delta >= 0 else '-'} {abs(delta)})")

    def check_rack(self, ev: Event) -> None:
        """The rack fits on a rack, and the tile set still has its tiles off the board."""
        if len(ev.rack) > self.rules.rack_size:
            self.bad(ev, f"rack {ev.rack} has {len(ev.rack)} tiles, more than "
                         f"{self.rules.rack_size}")
        if self.check_unseen and ev.rack:
            left = self.unseen()
            over = Counter(ev.rack) - left
            if over:
                letters = "".join(sorted(over.elements()))
                self.bad(ev, f"rack {ev.rack}: no {letters} left off the board")

    def unseen(self) -> Counter:
        """The tiles of the set not on the board (``?`` for blanks)."""
        left = Counter(self.rules.tiles.counts)
        left.subtract(BLANK if p.is_blank else p.letter for p in self.board.placements())
        return +left

    def tile(self, letter: str) -> Tile:
        self.next_id += 1
        return Tile(self.next_id, letter)

    # ----------------------------------------------------------------- events
    def on_play(self, ev: Event) -> None:
        self.last_play = (ev, None)
        self.place(ev)
        self.check_total(ev)

    def place(self, ev: Event) -> None:
        """Put the play's tiles on the board (unless the record contradicts the board)."""
        what = f"{ev.position} {ev.word}"
        placements: list[Placement] = []
        conflict = False
        for ch, c in zip(ev.word, ev.squares):
            if not self.board.in_bounds(c):
                self.bad(ev, f"{what} runs off the board at {c.label}")
                conflict = True
                break
            on_board = self.board[c]
            if on_board is not None:
                if ch != "." and ch.upper() != on_board.letter:
                    shown = on_board.letter.lower() if on_board.is_blank else on_board.letter
                    self.bad(ev, f"{what}: {c.label} already holds {shown}, not {ch}")
                    conflict = True
            elif ch == ".":
                self.bad(ev, f'{what}: "." at {c.label}, but that square is empty')
                conflict = True
            elif ch.islower():
                placements.append(Placement(self.tile(BLANK), c, ch.upper()))
            else:
                placements.append(Placement(self.tile(ch), c, ch))
        if conflict:
            return
        if not placements:
            self.bad(ev, f"{what} places no new tile")
            return
        step = ev.direction.step  # type: ignore[union-attr]
        squares = ev.squares
        before, after = squares[0] - step, squares[-1] + step
        for c in (before, after):
            if self.board.letter_at(c.row, c.col) is not None:
                self.bad(ev, f"{what} is not the whole word: {c.label} holds a tile too")
        if ev.rack:
            used = Counter(BLANK if p.is_blank else p.letter for p in placements)
            missing = used - Counter(ev.rack)
            if missing:
                letters = "".join(sorted(missing.elements()))
                self.bad(ev, f"{what}: {letters} not on the rack {ev.rack}")
        try:
            self.breakdown = analyze(self.board, placements, self.rules)
        except IllegalMove as e:
            self.bad(ev, f"{what} is not a legal placement: {e}")
        else:
            if self.breakdown.total != ev.score:
                self.bad(ev, f"score {ev.score} recorded, {self.breakdown.total} computed "
                             f"for {what}")
        self.board.put(placements)
        self.changed = tuple(p.coord for p in placements)
        self.last_play = (ev, tuple(placements))

    def on_withdrawn(self, ev: Event) -> None:
        last = self.last_play
        self.last_play = None
        if last is None or last[0].player != ev.player:
            self.bad(ev, "a withdrawn play (--) must follow a play by the same player")
            self.check_total(ev)
            return
        play, placements = last
        if ev.rack and play.rack and Counter(ev.rack) != Counter(play.rack):
            self.bad(ev, f"rack {ev.rack} differs from the withdrawn play's rack {play.rack}")
        if placements:
            self.board.take(p.coord for p in placements)
            self.changed = tuple(p.coord for p in placements)
        if ev.score == -play.score:
            self.check_total(ev)
        elif ev.score == 0:  # old style: "-- +0 total", the total already lowered
            self.check_total(ev, change=-play.score)
        else:
            self.bad(ev, f"withdrawal of {ev.score:+d} recorded, but the play on line "
                         f"{play.line} scored {play.score}")
            self.check_total(ev)

    def on_pass(self, ev: Event) -> None:
        if ev.score != 0:
            self.bad(ev, f"a pass scores 0, not {ev.score:+d}")
        self.check_total(ev)

    def on_exchange(self, ev: Event) -> None:
        if ev.score != 0:
            self.bad(ev, f"an exchange scores 0, not {ev.score:+d}")
        if ev.count > self.rules.rack_size:
            self.bad(ev, f"exchange of {ev.count} tiles, more than a rack holds")
        elif ev.rack:
            if ev.tiles:
                missing = Counter(ev.tiles) - Counter(ev.rack)
                if missing:
                    letters = "".join(sorted(missing.elements()))
                    self.bad(ev, f"exchange -{ev.tiles}: {letters} not on the rack {ev.rack}")
            elif ev.count > len(ev.rack):
                self.bad(ev, f"exchange of {ev.count} tiles from the rack {ev.rack}")
        self.check_total(ev)

    def on_challenge(self, ev: Event) -> None:
        if ev.score < 0:
            self.bad(ev, f"a challenge bonus cannot be negative ({ev.score:+d})")
        self.check_total(ev)

    def on_time(self, ev: Event) -> None:
        if ev.score > 0:
            self.bad(ev, f"a time penalty cannot be positive ({ev.score:+d})")
        self.check_total(ev)

    def on_end_points(self, ev: Event) -> None:
        value = _value(self.rules, ev.tiles)
        if value is None:
            self.bad(ev, f"({ev.tiles}): unknown tile")
        else:
            if self.rules_named:
                allowed = [2 if self.rules.settlement is Settlement.TOURNAMENT else 1]
            elif self.factor is not None:
                allowed = [self.factor]
            else:
                allowed = [2, 1]
            factor = next((f for f in allowed if ev.score == f * value), None)
            if factor is None:
                want = " or ".join(f"{f * value:+d}" for f in allowed)
                self.bad(ev, f"({ev.tiles}) recorded as {ev.score:+d}, but the tiles are worth "
                             f"{value}: expected {want}")
            elif value:
                self.factor = factor
            if self.check_unseen:
                unseen = self.unseen()
                if unseen != Counter(ev.tiles):
                    left = "".join(sorted(unseen.elements()))
                    self.bad(ev, f"({ev.tiles}) are not the tiles left off the board ({left})")
        self.check_total(ev)

    def on_end_penalty(self, ev: Event) -> None:
        if ev.rack and Counter(ev.rack) != Counter(ev.tiles):
            self.bad(ev, f"rack {ev.rack} but ({ev.tiles}) counted")
        value = _value(self.rules, ev.tiles)
        if value is None:
            self.bad(ev, f"({ev.tiles}): unknown tile")
        elif ev.score != -value:
            self.bad(ev, f"({ev.tiles}) recorded as {ev.score:+d}, but the rack is worth "
                         f"{value}: expected -{value}")
        self.check_total(ev)


# --------------------------------------------------------------------------- CLI


def configure_parser(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Replay GCG game records, recomputing every score and running total. Prints one "
        "line per file and a summary; exits 0 if all is well, 1 on mismatches, 2 on "
        "unreadable or malformed files."
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="a .gcg game record")
    parser.add_argument("--all", action="store_true",
                        help="print every mismatch, not only the first of each file")
    parser.add_argument("--rules", choices=sorted(PRESETS),
                        help="score with these rules (default: the record's own, else standard)")
    parser.add_argument("--time", action="store_true", help="print how long the replay took")


def run(args: argparse.Namespace) -> int:
    rules = PRESETS[args.rules] if getattr(args, "rules", None) else None
    show_all = getattr(args, "all", False)
    games = events = mismatches = errors = 0
    started = time.perf_counter()
    out = sys.stdout
    for name in args.files:
        games += 1
        try:
            result = replay_file(name, rules)
        except GCGError as e:
            errors += 1
            print(str(e.with_path(name)), file=out)
            continue
        events += len(result.record.events)
        mismatches += len(result.mismatches)
        if result.ok:
            print(f"{name}: ok ({len(result.record.events)} events)", file=out)
        elif show_all:
            for m in result.mismatches:
                print(f"{name}: {m}", file=out)
        else:
            more = len(result.mismatches) - 1
            tail = f" (and {more} more)" if more else ""
            print(f"{name}: {result.mismatches[0]}{tail}", file=out)
    # a fixed format, easy to grep: "G games, M events, K mismatches, E errors"
    print(f"{games} games, {events} events, {mismatches} mismatches, {errors} errors", file=out)
    if getattr(args, "time", False):
        print(f"{time.perf_counter() - started:.3f} s", file=out)
    if errors:
        return 2
    return 1 if mismatches else 0

