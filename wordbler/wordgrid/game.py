"""A Word Grid being played: swaps, colours, locks, the swap limit, undo, stars, sharing.

Rules (the Help of the window says the same):

- two letters swap places; a green letter (right letter, right place) is locked;
- the swap limit is :func:`puzzle.swap_limit` (15 for 5x5, 25 for 7x7); the game is won
  when the grid equals the solution, lost when the limit is reached first;
- stars: the swaps left at the win, at most 5 (a fewest-swaps solve earns all 5);
- undo (Ctrl+Z) puts the last swap back and *costs a swap* like any other swap.

:class:`Game` validates before it mutates, so a refused move leaves no trace; refusals
raise :class:`MoveError` with a :class:`Refusal` reason.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
from dataclasses import dataclass, field
from enum import Enum

from wordbler.lexicon.alphabet import get_alphabet

from .feedback import Mark, feedback
from .grid import GridError, Layout, layout, parse_rows
from .puzzle import Puzzle
from .swaps import SwapError, min_swaps, swap_plan

MAX_STARS = 5


class Status(str, Enum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class Refusal(str, Enum):
    NOT_A_CELL = "not a letter cell"
    SAME_CELL = "the same cell twice"
    SAME_LETTER = "the two letters are the same"
    LOCKED = "a green letter is locked"
    OVER = "the game is over"
    NOTHING_TO_UNDO = "no swap to undo"


class MoveError(ValueError):
    def __init__(self, reason: Refusal, detail: str = "") -> None:
        super().__init__(detail or reason.value)
        self.reason = reason


class SaveDataError(ValueError):
    """A saved game that does not hold together (names what is wrong)."""


def daily_seed(date: _dt.date, size: int, lang: str) -> int:
    """The seed of the daily puzzle: the same for everyone on that date."""
    key = f"wordbler-wordgrid:{date.isoformat()}:{size}:{lang}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:6], "big")


Swap = tuple[int, int]  # cell indices


@dataclass
class Game:
    puzzle: Puzzle
    lang: str = "en"
    daily: str | None = None  # ISO date of a daily puzzle, None for free play
    source: str | None = None  # None: the common words; else the user list's path
    letters: list[str] = field(default_factory=list)
    moves: list = field(default_factory=list)  # Swap tuples, or "undo"
    undo_stack: list = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.letters:
            self.letters = list(self.puzzle.start)

    # ---- queries -------------------------------------------------------------------
    @property
    def layout(self) -> Layout:
        return layout(self.puzzle.size)

    @property
    def size(self) -> int:
        return self.puzzle.size

    @property
    def limit(self) -> int:
        return self.puzzle.limit

    @property
    def swaps_used(self) -> int:
        return len(self.moves)

    @property
    def swaps_left(self) -> int:
        return self.limit - self.swaps_used

    @property
    def started(self) -> bool:
        return bool(self.moves)

    @property
    def status(self) -> Status:
        if tuple(self.letters) == self.puzzle.solution:
            return Status.WON
        if self.swaps_used >= self.limit:
            return Status.LOST
        return Status.PLAYING

    @property
    def over(self) -> bool:
        return self.status is not Status.PLAYING

    @property
    def stars(self) -> int:
        if self.status is not Status.WON:
            return 0
        return max(0, min(MAX_STARS, self.swaps_left))

    def marks(self) -> tuple[Mark, ...]:
        return feedback(self.layout, self.letters, self.puzzle.solution)

    def locked(self, cell: int) -> bool:
        return self.letters[cell] == self.puzzle.solution[cell]

    def rows(self) -> list[str]:
        return self.layout.rows(self.letters)

    def check_swap(self, a: int, b: int, *, same_letters: bool = False) -> Refusal | None:
        """Why swapping cells ``a`` and ``b`` is refused, or None.  Two equal letters would
        cost a swap and change nothing (``same_letters``: allowed, for saves older versions
        wrote when it was)."""
        n = self.layout.n_cells
        if not (isinstance(a, int) and isinstance(b, int) and 0 <= a < n and 0 <= b < n):
            return Refusal.NOT_A_CELL
        if self.over:
            return Refusal.OVER
        if a == b:
            return Refusal.SAME_CELL
        if self.locked(a) or self.locked(b):
            return Refusal.LOCKED
        if not same_letters and self.letters[a] == self.letters[b]:
            return Refusal.SAME_LETTER
        return None

    def can_undo(self) -> bool:
        return bool(self.undo_stack) and not self.over

    def fewest_swaps_left(self) -> int:
        return min_swaps(self.letters, self.puzzle.solution)

    def solving_swaps(self) -> list[Swap]:
        """A fewest-swaps sequence from the current letters to the solution."""
        return swap_plan(self.letters, self.puzzle.solution)

    # ---- changes -------------------------------------------------------------------
    def swap(self, a: int, b: int, *, same_letters: bool = False) -> None:
        reason = self.check_swap(a, b, same_letters=same_letters)
        if reason is not None:
            raise MoveError(reason)
        self._exchange(a, b)
        self.moves.append((a, b))
        self.undo_stack.append((a, b))

    def undo(self) -> Swap:
        """Put the last swap back; it costs a swap."""
        if self.over:
            raise MoveError(Refusal.OVER)
        if not self.undo_stack:
            raise MoveError(Refusal.NOTHING_TO_UNDO)
        a, b = self.undo_stack.pop()
        self._exchange(a, b)
        self.moves.append("undo")
        return (a, b)

    def _exchange(self, a: int, b: int) -> None:
        self.letters[a], self.letters[b] = self.letters[b], self.letters[a]

    # ---- records -------------------------------------------------------------------
    def to_dict(self) -> dict:
        lay = self.layout
        moves = []
        for m in self.moves:
            if m == "undo":
                moves.append("undo")
            else:
                (r1, c1), (r2, c2) = lay.coords[m[0]], lay.coords[m[1]]
                moves.append([r1, c1, r2, c2])
        return {
            "size": self.size,
            "lang": self.lang,
            "seed": self.puzzle.seed,
            "daily": self.daily,
            "source": self.source,
            "solution": self.puzzle.solution_rows(),
            "puzzle": self.puzzle.start_rows(),
            "swaps": self.puzzle.swaps,
            "moves": moves,
        }

    @classmethod
    def from_dict(cls, data: object) -> "Game":
        """Rebuild a game from :meth:`to_dict`'s form, checking every value and replaying
        every move; raises :class:`SaveDataError` naming the first problem."""
        if not isinstance(data, dict):
            raise SaveDataError("the saved game is not a JSON object")

        def need(key, typ, what):
            if key not in data:
                raise SaveDataError(f"the saved game has no {key!r}")
            v = data[key]
            if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
                raise SaveDataError(f"the saved game's {key!r} is not {what}")
            return v

        size = need("size", int, "a number")
        if size not in (5, 7):
            raise SaveDataError(f"the saved game's size {size} is not 5 or 7")
        lang = need("lang", str, "a language code")
        try:
            alphabet = get_alphabet(lang)
        except ValueError as e:
            raise SaveDataError(f"the saved game's language: {e}") from None
        seed = need("seed", int, "a number")
        daily = data.get("daily")
        if daily is not None:
            if not isinstance(daily, str):
                raise SaveDataError("the saved game's 'daily' is not a date")
            try:
                _dt.date.fromisoformat(daily)
            except ValueError:
                raise SaveDataError(f"the saved game's 'daily' {daily[:40]!r} is not a date") from None
        source = data.get("source")
        if source is not None and not isinstance(source, str):
            raise SaveDataError("the saved game's 'source' is not a file name")
        rows = {}
        for key in ("solution", "puzzle"):
            v = need(key, list, "a list of rows")
            try:
                _, rows[key] = parse_rows(v, alphabet, size=size, what=f"saved {key}")
            except GridError as e:
                raise SaveDataError(str(e)) from None
        swaps = need("swaps", int, "a number")
        try:
            fewest = min_swaps(rows["puzzle"], rows["solution"])
        except SwapError as e:
            raise SaveDataError(f"the saved puzzle and solution: {e}") from None
        if fewest != swaps:
            raise SaveDataError(f"the saved game says {swaps} swaps solve it; it takes {fewest}")
        puzzle = Puzzle(size, rows["solution"], rows["puzzle"], swaps, seed)
        game = cls(puzzle, lang=lang, daily=daily, source=source)
        moves = need("moves", list, "a list of moves")
        lay = game.layout
        for k, m in enumerate(moves, 1):
            try:
                if m == "undo":
                    game.undo()
                    continue
                if (not isinstance(m, list) or len(m) != 4
                        or not all(isinstance(x, int) and not isinstance(x, bool) for x in m)):
                    raise SaveDataError(f"saved move {k} is not [row, col, row, col] or \"undo\"")
                a = lay.index.get((m[0], m[1]))
                b = lay.index.get((m[2], m[3]))
                if a is None or b is None:
                    raise SaveDataError(f"saved move {k} names a cell outside the grid")
                game.swap(a, b, same_letters=True)  # older versions allowed it
            except MoveError as e:
                raise SaveDataError(f"saved move {k} cannot be played: {e}") from None
        return game


def new_game(puzzle: Puzzle, *, lang: str = "en", daily: str | None = None,
             source: str | None = None) -> Game:
    return Game(puzzle, lang=lang, daily=daily, source=source)


# ---- the shared result -----------------------------------------------------------------
SQUARES = {Mark.GREEN: "🟩", Mark.YELLOW: "🟨", Mark.GREY: "⬜"}
HOLE_SQUARE = "⬛"


def star_text(stars: int) -> str:
    return "★" * stars + "☆" * (MAX_STARS - stars)


def share_text(game: Game) -> str:
    """The result to share: puzzle name, stars, swaps and the finished grid's colours
    (no letters)."""
    lay = game.layout
    marks = game.marks()
    name = f"Word Grid {game.daily}" if game.daily else f"Word Grid #{game.puzzle.seed}"
    lang = game.lang.upper()
    head = f"{name} · {game.size}×{game.size} {lang}"
    if game.source:  # the seed makes this puzzle only from that list: say it is not ours
        head += " · own word list"
    if game.status is Status.WON:
        result = f"{star_text(game.stars)}  {game.swaps_used}/{game.limit} swaps"
    elif game.status is Status.LOST:
        result = f"✗ not solved in {game.limit} swaps"
    else:
        result = f"in progress: {game.swaps_used}/{game.limit} swaps"
    lines = [head, result]
    for r in range(game.size):
        line = []
        for c in range(game.size):
            i = lay.index.get((r, c))
            line.append(HOLE_SQUARE if i is None else SQUARES[marks[i]])
        lines.append("".join(line))
    return "\n".join(lines)


# ---- statistics ------------------------------------------------------------------------
@dataclass
class Stats:
    played: int = 0
    won: int = 0
    stars: int = 0  # total stars
    star_counts: list[int] = field(default_factory=lambda: [0] * (MAX_STARS + 1))
    streak: int = 0  # wins in a row
    best_streak: int = 0
    finished: list[str] = field(default_factory=list)  # keys of games already counted

    def record(self, game: Game) -> bool:
        """Count a finished game once (False when already counted or not finished)."""
        if not game.over:
            return False
        key = game_key(game)
        if key in self.finished:
            return False
        self.finished.append(key)
        del self.finished[:-200]
        self.played += 1
        if game.status is Status.WON:
            self.won += 1
            self.stars += game.stars
            self.star_counts[game.stars] += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        return True

    def record_abandoned(self, game: Game) -> bool:
        """A started game given up for another counts as a loss."""
        key = game_key(game)
        if key in self.finished or not game.started or game.over:
            return False
        self.finished.append(key)
        del self.finished[:-200]
        self.played += 1
        self.streak = 0
        return True

    @property
    def win_percent(self) -> int:
        return round(100 * self.won / self.played) if self.played else 0

    def to_dict(self) -> dict:
        return {"played": self.played, "won": self.won, "stars": self.stars,
                "star_counts": list(self.star_counts), "streak": self.streak,
                "best_streak": self.best_streak, "finished": list(self.finished)}

    @classmethod
    def from_dict(cls, data: object) -> "Stats":
        if not isinstance(data, dict):
            raise SaveDataError("the statistics are not a JSON object")
        out = {}
        for key in ("played", "won", "stars", "streak", "best_streak"):
            v = data.get(key, 0)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 10**9:
                raise SaveDataError(f"the statistics' {key!r} is not a count")
            out[key] = v
        counts = data.get("star_counts", [0] * (MAX_STARS + 1))
        if (not isinstance(counts, list) or len(counts) != MAX_STARS + 1
                or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 10**9
                           for x in counts)):
            raise SaveDataError("the statistics' 'star_counts' is not six counts")
        finished = data.get("finished", [])
        if not isinstance(finished, list) or not all(isinstance(x, str) and len(x) < 200
                                                      for x in finished):
            raise SaveDataError("the statistics' 'finished' is not a list of names")
        if out["won"] > out["played"] or out["streak"] > out["best_streak"]:
            raise SaveDataError("the statistics do not add up (more won than played)")
        if sum(counts) != out["won"]:
            raise SaveDataError("the statistics' star counts do not add up to the games won")
        return cls(star_counts=list(counts), finished=list(finished)[-200:], **out)


def game_key(game: Game) -> str:
    kind = f"daily:{game.daily}" if game.daily else f"seed:{game.puzzle.seed}"
    src = game.source or "common"
    return f"{kind}:{game.size}:{game.lang}:{src}"[:190]
