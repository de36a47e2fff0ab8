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
(bingo bonus 50 for seven tiles).  The running totals start at the head starts of a
``#wordbler-handicap`` line (our own games: :func:`wordbler.boardgame.savegame.handicap_from_record`),
else at 0; a bad handicap line is a mismatch naming it, and the totals then start at 0.  The end-of-game multiplier is inferred from the record:
2x (tournament) or 1x (standard).

The result (:class:`ReplayResult`) holds one :class:`ReplayStep` per position: ``steps[0]``
is the empty board before the first event and ``steps[k]`` the position after event ``k``
(``steps[k].event is record.events[k - 1]``), so a replay view can go First / Back /
Forward / Last by index.  Problems are :class:`Mismatch` values naming the line; replay
goes on after one, trusting the totals written.

Time and memory are linear in the record's length with a small constant (a record is at
most :data:`~wordbler.boardgame.gcg.MAX_BYTES`): the positions are not stored one full board
per step but as each event's change plus a full board every :data:`CHECKPOINT` changes, and
``step.board`` rebuilds a position on demand (the last few are cached); the tiles not on
the board are counted as they come and go, not recounted per event.

``wordbler-cli replay FILE...`` (:func:`configure_parser`, :func:`run`) prints one line per
file and a summary.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass

from .board import Board
from .gcg import Event, EventKind, GCGError, GCGRecord, read_file, shown, tile_letter
from .model import Coord, Placement, ScoreBreakdown, Tile
from .placement import IllegalMove, analyze
from .rules import BLANK, ENGLISH_TILES, PRESETS, STANDARD, TILE_SETS, RuleSet, Settlement  # noqa: F401

__all__ = ["Mismatch", "ReplayStep", "ReplayResult", "replay", "replay_file",
           "configure_parser", "run", "CHECKPOINT"]

CHECKPOINT = 32  # a full board is kept every this many board changes


@dataclass(frozen=True, slots=True)
class Mismatch:
    """Something in the record that the replay does not confirm."""

    line: int
    message: str
    event: Event | None = None

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


class _Positions:
    """The boards of one replay, compactly: ``changes[v]`` is the ``v``-th change to the
    board (each square it touched and what that square holds after it), and
    ``checkpoints[k]`` a full board after ``k * CHECKPOINT`` changes.  Position ``v`` (after
    ``v`` changes) is a checkpoint plus fewer than CHECKPOINT changes."""

    __slots__ = ("layout", "changes", "checkpoints", "_cache")

    def __init__(self, start: Board) -> None:
        self.layout = start.layout
        self.changes: list[tuple[tuple[Coord, Placement | None], ...]] = []
        self.checkpoints: list[Board] = [start.copy()]
        self._cache: OrderedDict[int, Board] = OrderedDict()

    @property
    def version(self) -> int:
        return len(self.changes)

    def add(self, change: tuple[tuple[Coord, Placement | None], ...], live: Board) -> None:
        self.changes.append(change)
        if len(self.changes) % CHECKPOINT == 0:
            self.checkpoints.append(live.copy())

    def board(self, version: int) -> Board:
        found = self._cache.get(version)
        if found is not None:
            self._cache.move_to_end(version)
            return found
        k = version // CHECKPOINT
        board = self.checkpoints[k].copy()
        for change in self.changes[k * CHECKPOINT:version]:
            for coord, placement in change:
                board.take((coord,))
                if placement is not None:
                    board.put((placement,))
        self._cache[version] = board
        if len(self._cache) > 8:
            self._cache.popitem(last=False)
        return board


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One position of the replay.  ``index`` 0 is the start (no event)."""

    index: int
    event: Event | None
    positions: _Positions  # shared by all the steps of one replay
    version: int  # the number of board changes before this position
    scores: tuple[int, ...]  # running totals per player (record order), as written
    changed: tuple[Coord, ...] = ()  # squares the event filled (or emptied, for "--")
    breakdown: ScoreBreakdown | None = None  # the recomputed score of a play
    mismatches: tuple[Mismatch, ...] = ()

    @property
    def board(self) -> Board:
        """The position after this step's event (shared with the steps that did not change
        the board, and cached: do not mutate it)."""
        return self.positions.board(self.version)

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


def replay_file(path: str | os.PathLike, rules: RuleSet | None = None,
                language: str | None = None) -> ReplayResult:
    """Read (raising :class:`~wordbler.boardgame.gcg.GCGError`) and replay the record at ``path``."""
    return replay(read_file(path), rules, language)


def replay(record: GCGRecord, rules: RuleSet | None = None,
           language: str | None = None) -> ReplayResult:
    """Replay ``record``; ``rules`` overrides the rules the record names (default standard),
    ``language`` the tiles (default the record's: :func:`~.savegame.language_from_record`)."""
    return _Replayer(record, rules, language).run()


def _rules_for(record: GCGRecord) -> tuple[RuleSet, bool]:
    """The rules a record names (``#wordbler-rules``), and whether it named any."""
    from .savegame import language_from_record, rules_from_record  # our own games' rules

    if record.pragma("wordbler-rules") is None:
        try:  # a record may name only its language (#wordbler-language)
            return STANDARD.with_language(language_from_record(record)), False
        except GCGError:
            return STANDARD, False

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
    def __init__(self, record: GCGRecord, rules: RuleSet | None,
                 language: str | None = None) -> None:
        self.record = record
        if rules is None:
            self.rules, self.rules_named = _rules_for(record)
        else:
            self.rules, self.rules_named = rules, True
        if language is not None:
            self.rules = self.rules.with_language(language)
        self.board = Board(self.rules.layout)
        self.positions = _Positions(self.board)
        self.mismatches: list[Mismatch] = []
        self.totals = self._head_starts()
        self.steps: list[ReplayStep] = [
            ReplayStep(0, None, self.positions, 0, tuple(self.totals),
                       mismatches=tuple(self.mismatches))
        ]
        self.next_id = 0
        # the last play, for a withdrawal: (event, its placements or None if not placed)
        self.last_play: tuple[Event, tuple[Placement, ...] | None] | None = None
        self.factor: int | None = None  # end-of-game multiplier seen so far
        # a language's own tile set (English, Russian, French): its counts are known
        tiles = self.rules.tiles
        standard_tiles = TILE_SETS.get(tiles.language) == tiles
        dist = record.pragma("tile-distribution")
        if dist is not None and dist.value.strip().lower() not in (
                "", tiles.name.lower(), tiles.language):
            standard_tiles = False
        self.check_unseen = standard_tiles and not record.tile_glyphs
        self.left = Counter(self.rules.tiles.counts)  # the tiles of the set off the board

    def _head_starts(self) -> list[int]:
        """The totals before the first event: the record's head starts (our own games'
        ``#wordbler-handicap``), else zeros; a bad handicap line is a mismatch."""
        from .savegame import handicap_from_record

        try:
            return list(handicap_from_record(self.record))
        except GCGError as e:
            self.mismatches.append(Mismatch(e.line or 0, e.message))
            return [0] * len(self.record.players)

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
            if self.totals[ev.player] != ev.total:
                self.totals[ev.player] = ev.total
                scores = tuple(self.totals)
            else:  # shared with the step before: a long run of passes costs little
                scores = self.steps[-1].scores
            self.mismatches.extend(self.current)
            self.steps.append(ReplayStep(
                index, ev, self.positions, self.positions.version, scores, self.changed,
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
            left = self.left
            need: dict[str, int] = {}
            for ch in ev.rack:
                need[ch] = need.get(ch, 0) + 1
            over = [ch * (n - left[ch]) for ch, n in need.items() if n > left[ch]]
            if over:
                letters = "".join(sorted("".join(over)))
                self.bad(ev, f"rack {ev.rack}: no {letters} left off the board")

    def unseen(self) -> Counter:
        """The tiles of the set not on the board (``?`` for blanks)."""
        return +self.left

    def put(self, placements: tuple[Placement, ...]) -> None:
        self.board.put(placements)
        for p in placements:
            self.left[BLANK if p.is_blank else p.letter] -= 1
        self.positions.add(tuple((p.coord, p) for p in placements), self.board)

    def take(self, placements: tuple[Placement, ...]) -> None:
        self.board.take(p.coord for p in placements)
        for p in placements:
            self.left[BLANK if p.is_blank else p.letter] += 1
        self.positions.add(tuple((p.coord, None) for p in placements), self.board)

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
        alphabet = self.rules.alphabet
        for ch, c in zip(ev.word, ev.squares):
            letter = tile_letter(ch, alphabet) if ch != "." else None
            if ch != "." and letter is None:
                self.bad(ev, f"{what}: {ch} is not a letter of the {alphabet.name} tiles")
                conflict = True
                break
            if not self.board.in_bounds(c):
                self.bad(ev, f"{what} runs off the board at {c.label}")
                conflict = True
                break
            on_board = self.board[c]
            if on_board is not None:
                if ch != "." and letter != on_board.letter:
                    shown = on_board.letter.lower() if on_board.is_blank else on_board.letter
                    self.bad(ev, f"{what}: {c.label} already holds {shown}, not {ch}")
                    conflict = True
            elif ch == ".":
                self.bad(ev, f'{what}: "." at {c.label}, but that square is empty')
                conflict = True
            elif ch.islower():
                placements.append(Placement(self.tile(BLANK), c, letter))
            else:
                placements.append(Placement(self.tile(letter), c, letter))
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
        self.put(tuple(placements))
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
            self.take(placements)
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
        "line per file and a summary; a file that cannot be read gets one line on stderr "
        "instead. Exits 0 if all is well, 1 on mismatches, 2 on unreadable or malformed "
        "files."
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="a .gcg game record")
    parser.add_argument("--all", action="store_true",
                        help="print every mismatch, not only the first of each file")
    parser.add_argument("--rules", choices=sorted(PRESETS),
                        help="score with these rules (default: the record's own, else standard)")
    parser.add_argument("--lang", choices=sorted(TILE_SETS),
                        help="score with this language's tiles (default: the record's own "
                             "#wordbler-language; without one, Russian for a record in "
                             "Cyrillic, else English)")
    parser.add_argument("--time", action="store_true", help="print how long the replay took")


def _count(n: int, noun: str, plural: str | None = None) -> str:
    """``1 game``, ``2 games``, ``0 mismatches``."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def summary_line(games: int, events: int, mismatches: int, errors: int) -> str:
    """The last line of ``replay``: ``G games, M events, K mismatches, E errors`` (singular
    where the number is 1)."""
    return ", ".join([_count(games, "game"), _count(events, "event"),
                      _count(mismatches, "mismatch", "mismatches"), _count(errors, "error")])


def run(args: argparse.Namespace) -> int:
    rules = PRESETS[args.rules] if getattr(args, "rules", None) else None
    lang = getattr(args, "lang", None)
    show_all = getattr(args, "all", False)
    games = events = mismatches = errors = 0
    started = time.perf_counter()
    out = sys.stdout
    for name in args.files:
        games += 1
        label = shown(name, 4096)
        try:
            result = replay_file(name, rules, lang)
        except GCGError as e:
            errors += 1
            print(f"wordbler-cli replay: {e.with_path(label)}", file=sys.stderr)
            continue
        count = len(result.record.events)
        events += count
        mismatches += len(result.mismatches)
        if result.ok:
            print(f"{label}: ok ({_count(count, 'event')})", file=out)
        elif show_all:
            for m in result.mismatches:
                print(f"{label}: {m}", file=out)
        else:
            more = len(result.mismatches) - 1
            tail = f" (and {more} more)" if more else ""
            print(f"{label}: {result.mismatches[0]}{tail}", file=out)
    # a fixed format, easy to grep: "G games, M events, K mismatches, E errors"
    print(summary_line(games, events, mismatches, errors), file=out)
    if getattr(args, "time", False):
        print(f"{time.perf_counter() - started:.3f} s", file=out)
    if errors:
        return 2
    return 1 if mismatches else 0
