"""A round of Word Snake: players in turn on one board, words submitted along paths, the
timer, hints, and the results with the cancel rule.

The :class:`SnakeGame` owns the state and changes it only through its methods, which
check first and change second: a refused word leaves no trace.
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from wordbler.lexicon import get_alphabet

from .board import Cell, Path, PathProblem
from .clock import Clock, RoundTimer
from .generator import Deal
from .rules import DEFAULT_DURATION, MAX_PLAYERS, check_duration, word_points


class Phase(enum.Enum):
    READY = "ready"          # the hand-off: the current player has not started yet
    PLAYING = "playing"
    PAUSED = "paused"
    FINISHED = "finished"


class Verdict(enum.Enum):
    """What became of a submitted path."""

    ACCEPTED = "accepted"
    TOO_SHORT = "too short"
    NOT_A_WORD = "not a word"
    ALREADY_PLAYED = "already played"
    BAD_PATH = "bad path"
    NOT_PLAYING = "not playing"
    TIME_UP = "time up"


class Preview(enum.Enum):
    """The state of the path being built (the line's colour and cue while dragging)."""

    EMPTY = "empty"
    NEW_WORD = "new word"
    PLAYED = "already played"
    NOT_WORD = "not a word"


@dataclass(frozen=True, slots=True)
class Submission:
    verdict: Verdict
    word: str = ""
    path: Path = ()
    points: int = 0
    bonus: bool = False
    problem: PathProblem | None = None

    @property
    def accepted(self) -> bool:
        return self.verdict is Verdict.ACCEPTED


@dataclass(frozen=True, slots=True)
class Found:
    word: str
    path: Path
    at: float = 0.0          # seconds into the player's turn


@dataclass(slots=True)
class PlayerState:
    name: str
    found: list[Found] = field(default_factory=list)
    elapsed: float = 0.0     # time used, when the turn is over or paused for the hand-off
    hinted: bool = False
    done: bool = False

    def words(self) -> set[str]:
        return {f.word for f in self.found}


@dataclass(frozen=True, slots=True)
class Hints:
    """Words left to find (common words only), by first letter and length.

    ``lengths``: column labels (the last one means "this many letters or more");
    ``letters``: row labels (first letters that still have words, alphabet order);
    ``counts[(letter, length)]``; ``total``.
    """

    lengths: tuple[int, ...]
    letters: tuple[str, ...]
    counts: dict[tuple[str, int], int]
    total: int
    open_ended: bool = True

    def count(self, letter: str, length: int) -> int:
        return self.counts.get((letter, length), 0)

    def row_total(self, letter: str) -> int:
        return sum(self.counts.get((letter, n), 0) for n in self.lengths)

    def column_total(self, length: int) -> int:
        return sum(self.counts.get((a, length), 0) for a in self.letters)


@dataclass(frozen=True, slots=True)
class ResultWord:
    word: str
    path: Path
    base_points: int
    points: int              # after the cancel rule
    bonus: bool              # a valid word outside the common ones
    cancelled: bool          # found by more than one player
    finders: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayerResult:
    index: int
    name: str
    score: int
    words: tuple[ResultWord, ...]    # listing order
    common_found: int
    percent: float
    hinted: bool
    time_used: float

    @property
    def cancelled(self) -> int:
        return sum(1 for w in self.words if w.cancelled)

    @property
    def bonus_words(self) -> tuple[ResultWord, ...]:
        return tuple(w for w in self.words if w.bonus)


@dataclass(frozen=True, slots=True)
class Results:
    players: tuple[PlayerResult, ...]
    missed: tuple[str, ...]              # common words nobody found, listing order
    total_common: int
    found_together: int                  # common words found by someone
    longest: tuple[str, ...]             # the longest words on the board
    target: str
    finders: dict[str, tuple[int, ...]]  # every word found -> who found it
    cancel_rule: bool

    @property
    def percent_together(self) -> float:
        return 100.0 * self.found_together / self.total_common if self.total_common else 100.0

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.players:
            return ()
        best = max(p.score for p in self.players)
        return tuple(p.index for p in self.players if p.score == best)


class GameError(ValueError):
    """A game that cannot be set up or restored as asked."""


class SnakeGame:
    """One board, 1-4 players taking turns, each with the full round time."""

    def __init__(self, deal: Deal, players: Sequence[str] = ("Player 1",), *,
                 duration: int | None = DEFAULT_DURATION, clock: Clock = time.monotonic,
                 cancel_rule: bool = True) -> None:
        names = [str(p).strip() for p in players]
        if not 1 <= len(names) <= MAX_PLAYERS:
            raise GameError(f"{len(names)} players: a round has 1 to {MAX_PLAYERS}")
        if any(not n for n in names):
            raise GameError("every player needs a name")
        self.deal = deal
        self.duration = check_duration(duration)
        self.clock = clock
        self.cancel_rule = cancel_rule
        self.players = [PlayerState(n) for n in names]
        self.current = 0
        self.phase = Phase.READY
        self.timer = RoundTimer(self.duration, clock)
        self._alphabet = get_alphabet(deal.spec.lang)
        self._rank = {w: i for i, (w, _) in enumerate(deal.words)}

    # ---- state ---------------------------------------------------------------------
    @property
    def player(self) -> PlayerState:
        return self.players[self.current]

    @property
    def started(self) -> bool:
        """True once anyone has played: a turn begun, a word found, a turn over."""
        return (self.phase is not Phase.READY or self.current > 0
                or any(p.found or p.done for p in self.players))

    @property
    def finished(self) -> bool:
        return self.phase is Phase.FINISHED

    @property
    def remaining(self) -> float | None:
        return self.timer.remaining

    def score(self, index: int | None = None) -> int:
        """Points so far (before the cancel rule, which only applies at the end)."""
        p = self.players[self.current if index is None else index]
        return sum(word_points(f.word) for f in p.found)

    def found_words(self, index: int | None = None) -> list[Found]:
        p = self.players[self.current if index is None else index]
        return list(p.found)

    # ---- turns -----------------------------------------------------------------------
    def begin_turn(self) -> None:
        """The current player starts (after the hand-off screen)."""
        if self.phase is not Phase.READY:
            raise GameError(f"cannot start a turn while {self.phase.value}")
        self.phase = Phase.PLAYING
        self.timer.start()

    def pause(self) -> bool:
        if self.phase is not Phase.PLAYING:
            return False
        if self.poll():
            return False
        self.timer.pause()
        self.phase = Phase.PAUSED
        return True

    def resume(self) -> bool:
        if self.phase is not Phase.PAUSED:
            return False
        self.phase = Phase.PLAYING
        self.timer.resume()
        return True

    def poll(self) -> bool:
        """End the turn if its time is up; True when this call ended it."""
        if self.phase is Phase.PLAYING and self.timer.expired:
            self._finish_turn()
            return True
        return False

    def end_turn(self) -> None:
        """The current player is done (or gives up the rest of the time)."""
        if self.phase not in (Phase.PLAYING, Phase.PAUSED, Phase.READY):
            raise GameError("the round is over")
        self._finish_turn()

    def _finish_turn(self) -> None:
        self.timer.stop()
        p = self.player
        p.elapsed = self.timer.elapsed if self.duration is None else min(
            self.timer.elapsed, float(self.duration))
        p.done = True
        if self.current + 1 < len(self.players):
            self.current += 1
            self.timer = RoundTimer(self.duration, self.clock)
            self.phase = Phase.READY
        else:
            self.phase = Phase.FINISHED

    # ---- words ------------------------------------------------------------------------
    def preview(self, path: Sequence[Cell]) -> Preview:
        """New word / already played / not a word (yet) for the path being built."""
        if not path:
            return Preview.EMPTY
        board = self.deal.board
        if board.path_problem(path) is not None:
            return Preview.NOT_WORD
        word = board.spell(path)
        if not self.deal.is_word(word):
            return Preview.NOT_WORD
        return Preview.PLAYED if word in self.player.words() else Preview.NEW_WORD

    def submit(self, path: Sequence[Cell]) -> Submission:
        """Play the word along ``path`` for the current player."""
        path = tuple(tuple(c) for c in path)  # type: ignore[misc]
        if self.phase is Phase.PLAYING and self.poll():
            return Submission(Verdict.TIME_UP, path=path)
        if self.phase is not Phase.PLAYING:
            return Submission(Verdict.NOT_PLAYING, path=path)
        board = self.deal.board
        problem = board.path_problem(path)
        if problem is not None:
            return Submission(Verdict.BAD_PATH, path=path, problem=problem)
        word = board.spell(path)
        if len(word) < self.deal.min_len:
            return Submission(Verdict.TOO_SHORT, word, path)
        if not self.deal.is_word(word):
            return Submission(Verdict.NOT_A_WORD, word, path)
        if word in self.player.words():
            return Submission(Verdict.ALREADY_PLAYED, word, path)
        self.player.found.append(Found(word, path, round(self.timer.elapsed, 2)))
        return Submission(Verdict.ACCEPTED, word, path, word_points(word),
                          bonus=word not in self.deal.common)

    def submit_text(self, text: str) -> Submission:
        """Play a typed word: any path spelling it."""
        word = self._alphabet.try_normalise(text.strip()) or ""
        if not word:
            return Submission(Verdict.NOT_A_WORD, text)
        path = self.deal.board.find_path(word)
        if path is None:
            return Submission(Verdict.BAD_PATH, word, problem=PathProblem.EMPTY)
        return self.submit(path)

    # ---- hints ------------------------------------------------------------------------
    def hints(self, index: int | None = None) -> Hints:
        """The common words the player has not found, counted by first letter and length."""
        p = self.players[self.current if index is None else index]
        have = p.words()
        lo = self.deal.min_len
        hi = max(lo, 8)
        lengths = tuple(range(lo, hi + 1))
        counts: dict[tuple[str, int], int] = {}
        letters: set[str] = set()
        total = 0
        for w, _ in self.deal.words:
            if w in have or w not in self.deal.common:
                continue
            n = min(len(w), hi)
            key = (w[0], n)
            counts[key] = counts.get(key, 0) + 1
            letters.add(w[0])
            total += 1
        order = sorted(letters, key=self._alphabet.sort_key)
        return Hints(lengths, tuple(order), counts, total)

    def mark_hinted(self) -> None:
        """The current player looked at the hints (their high score says so)."""
        if self.phase in (Phase.PLAYING, Phase.PAUSED):
            self.player.hinted = True

    # ---- results ----------------------------------------------------------------------
    def results(self) -> Results:
        """Scores with the cancel rule (a word found by two or more players scores nothing
        for anyone), words missed by everyone, percentages (common words only)."""
        deal = self.deal
        finders: dict[str, list[int]] = {}
        for i, p in enumerate(self.players):
            for f in p.found:
                finders.setdefault(f.word, []).append(i)
        multi = len(self.players) > 1 and self.cancel_rule
        total_common = len(deal.common)
        rank = self._rank
        players = []
        for i, p in enumerate(self.players):
            words = []
            for f in sorted(p.found, key=lambda f: rank.get(f.word, 1 << 30)):
                base = word_points(f.word)
                cancelled = multi and len(finders[f.word]) > 1
                words.append(ResultWord(f.word, f.path, base, 0 if cancelled else base,
                                        f.word not in deal.common, cancelled,
                                        tuple(finders[f.word])))
            common_found = sum(1 for w in words if not w.bonus)
            pct = 100.0 * common_found / total_common if total_common else 100.0
            players.append(PlayerResult(i, p.name, sum(w.points for w in words), tuple(words),
                                        common_found, pct, p.hinted, p.elapsed))
        found_any = set(finders)
        missed = tuple(w for w, _ in deal.words if w in deal.common and w not in found_any)
        return Results(tuple(players), missed, total_common,
                       sum(1 for w in found_any if w in deal.common),
                       tuple(deal.longest_words()), deal.target,
                       {w: tuple(v) for w, v in finders.items()}, multi)

    # ---- saving -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The round's state as JSON-able data (the deal is saved beside it)."""
        elapsed = self.timer.elapsed
        return {
            "duration": self.duration,
            "cancel_rule": self.cancel_rule,
            "current": self.current,
            "phase": self.phase.value,
            "turn_elapsed": round(elapsed, 3),
            "players": [
                {
                    "name": p.name,
                    "elapsed": round(p.elapsed, 3),
                    "hinted": p.hinted,
                    "done": p.done,
                    "found": [{"word": f.word, "path": [list(c) for c in f.path], "at": f.at}
                              for f in p.found],
                }
                for p in self.players
            ],
        }

    @classmethod
    def from_dict(cls, data: Any, deal: Deal, *, clock: Clock = time.monotonic) -> "SnakeGame":
        """A round restored from :meth:`to_dict` data; every value is checked
        (``GameError`` naming the first bad one).  A round that was being played comes
        back paused."""
        if not isinstance(data, dict):
            raise GameError("the saved round is not an object")
        duration = data.get("duration")
        if duration is not None and (not isinstance(duration, int) or isinstance(duration, bool)):
            raise GameError(f"round time {duration!r} is not a number of seconds")
        try:
            check_duration(duration)
        except ValueError as e:
            raise GameError(str(e)) from None
        raw_players = data.get("players")
        if not isinstance(raw_players, list) or not 1 <= len(raw_players) <= MAX_PLAYERS:
            raise GameError("the saved round must have 1 to 4 players")
        names = []
        for i, rp in enumerate(raw_players):
            if not isinstance(rp, dict) or not isinstance(rp.get("name"), str) or not rp["name"].strip():
                raise GameError(f"player {i + 1} has no name")
            names.append(rp["name"].strip()[:40])
        cancel_rule = data.get("cancel_rule", True)
        if not isinstance(cancel_rule, bool):
            raise GameError("cancel_rule must be true or false")
        game = cls(deal, names, duration=duration, clock=clock, cancel_rule=cancel_rule)
        board = deal.board
        for i, rp in enumerate(raw_players):
            p = game.players[i]
            el = rp.get("elapsed", 0)
            if not isinstance(el, (int, float)) or isinstance(el, bool) or not 0 <= el < 1e7:
                raise GameError(f"player {i + 1}: time used {el!r} is not a number of seconds")
            p.elapsed = float(el)
            for key in ("hinted", "done"):
                v = rp.get(key, False)
                if not isinstance(v, bool):
                    raise GameError(f"player {i + 1}: {key} must be true or false")
                setattr(p, key, v)
            found = rp.get("found", [])
            if not isinstance(found, list):
                raise GameError(f"player {i + 1}: found words must be a list")
            seen: set[str] = set()
            for j, f in enumerate(found):
                where = f"player {i + 1}, word {j + 1}"
                if not isinstance(f, dict):
                    raise GameError(f"{where}: not an object")
                word, path, at = f.get("word"), f.get("path"), f.get("at", 0.0)
                if not isinstance(word, str) or not isinstance(path, list):
                    raise GameError(f"{where}: needs a word and a path")
                try:
                    cells = tuple((int(c[0]), int(c[1])) for c in path
                                  if isinstance(c, list) and len(c) == 2
                                  and all(isinstance(x, int) and not isinstance(x, bool) for x in c))
                except (TypeError, ValueError):
                    cells = ()
                if len(cells) != len(path) or board.path_problem(cells) is not None:
                    raise GameError(f"{where}: the path of {word!r} is not a path on the board")
                if board.spell(cells) != word or not deal.is_word(word) or len(word) < deal.min_len:
                    raise GameError(f"{where}: {word!r} is not a word along its path on this board")
                if word in seen:
                    raise GameError(f"{where}: {word!r} is listed twice")
                if not isinstance(at, (int, float)) or isinstance(at, bool) or not 0 <= at < 1e7:
                    raise GameError(f"{where}: time {at!r} is not a number of seconds")
                seen.add(word)
                p.found.append(Found(word, cells, float(at)))
        current = data.get("current", 0)
        if not isinstance(current, int) or isinstance(current, bool) or not 0 <= current < len(names):
            raise GameError(f"current player {current!r} is not one of the players")
        try:
            phase = Phase(data.get("phase", "ready"))
        except ValueError:
            raise GameError(f"phase {data.get('phase')!r} is not one of "
                            f"{', '.join(p.value for p in Phase)}") from None
        turn_elapsed = data.get("turn_elapsed", 0.0)
        if (not isinstance(turn_elapsed, (int, float)) or isinstance(turn_elapsed, bool)
                or not 0 <= turn_elapsed < 1e7):  # NaN and infinity fail this too
            raise GameError(f"turn time {turn_elapsed!r} is not a number of seconds")
        if phase is not Phase.FINISHED:
            if any(p.done for p in game.players[current:]):
                raise GameError("the current player or one after them has already played")
            if not all(p.done for p in game.players[:current]):
                raise GameError("a player before the current one has not played yet")
        game.current = current
        if phase is Phase.FINISHED:
            game.phase = Phase.FINISHED
        else:
            game.timer = RoundTimer(duration, clock, elapsed=float(turn_elapsed))
            # a round being played comes back paused: nothing ran while the app was closed
            game.phase = Phase.PAUSED if phase in (Phase.PLAYING, Phase.PAUSED) else Phase.READY
            if game.phase is Phase.PAUSED and game.timer.expired:
                game._finish_turn()
        return game
