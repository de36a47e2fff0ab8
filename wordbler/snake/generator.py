"""Dealing a board: a hidden long target word along a random path, letters by weight around
it, kept only if the number of words on the board lies in the band for its size.

``generate(spec, words, seed)`` is a pure function of the board spec, the word list and the
seed: every random choice goes through one ``random.Random`` seeded from them, and the work
budget is counted in solves of the whole board (never in seconds), so the same inputs give
the same board on any machine, however loaded.

The search
    1. Draw a common word of the target length for the size (``TARGET_LENGTHS``) and lay its
       tiles along a random self-avoiding path (depth-first with random order, neighbours
       with fewer free onward cells first half of the time).
    2. Fill the other cells by the language's letter weights (:mod:`.letters`), with the
       share of vowel tiles held near the language's figure and no tile above its cap.
    3. Solve the board (one call of the engine's grid solver) and count its words.
    4. Outside the band: change one non-target cell at a time -- with too few words a rare
       letter becomes a common one, with too many the other way round -- solve again and
       keep the change if the count moved towards the band.  After ``STALL`` changes in a
       row that did not help, start again from step 1.
    5. Stop at the first board in the preferred part of the band (:func:`preferred_part`),
       or at the first in the band once ``PREFER_SOLVES`` solves are spent; when the
       budget runs out, the board nearest the band is dealt with ``in_band`` False.

Bands (words of at least the default minimum length, bundled lists) are anchored per
number of cells in ``BANDS`` and interpolated (geometrically) between anchors; a
non-default minimum length multiplies them by ``MIN_LEN_FACTOR`` per letter; a user list
smaller than the bundled one scales them by its size (:attr:`SnakeWords.band_scale`).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable

from .board import Board, Cell, Path
from .letters import LetterSet, letter_set
from .rules import BoardSpec, default_min_len
from .words import SnakeWords

#: (cells, low, high): the word-count band of the bundled list at the default minimum
#: length, at anchor sizes.  English 16/25/36 cells are the game's figures (40-400,
#: 100-800, 200-1,500) and 9 cells follows their shape.  Russian, measured with
#: ``benchmarks/snake_bands.py`` on the bundled noun list (67,709 words; first fills of
#: 4x4 boards: median 49 words, 5th-95th percentile 25-85; 6x6: median 113, 50-210), is
#: set with the same shape as the English band around its median: 3x3 5-60, 4x4 12-150,
#: 5x5 16-250, 6x6 30-450 -- the Russian list holds nouns in the nominative singular
#: only, so a board has about a quarter of the English count.  French (the common French
#: words, every form) measured the same way gives first fills close to English (medians
#: 48, 154, 304 and 541 words at 3x3, 4x4, 5x5 and 6x6; English 61, 197, 318, 515), so it
#: keeps the English band.
BANDS: dict[str, tuple[tuple[int, int, int], ...]] = {
    "en": ((9, 12, 150), (16, 40, 400), (25, 100, 800), (36, 200, 1500)),
    "ru": ((9, 5, 60), (16, 12, 150), (25, 16, 250), (36, 30, 450)),
}
BANDS["fr"] = BANDS["en"]  # measured close to English (above)
#: the band is multiplied by this for each letter the minimum length is above the default
#: (divided for each letter below)
MIN_LEN_FACTOR = {"en": 0.55, "ru": 0.6}
MIN_LEN_FACTOR["fr"] = MIN_LEN_FACTOR["en"]

#: (fewest cells, shortest, longest) target word length in letters, by board cells
TARGET_LENGTHS = ((36, 9, 12), (30, 8, 12), (25, 8, 11), (20, 7, 10), (16, 7, 9),
                  (12, 6, 8), (0, 6, 7))

#: solves of the whole board allowed per deal, by board cells (fewest cells, solves)
BUDGETS = ((30, 45), (20, 60), (0, 80))
STALL = 8               # changes in a row that did not help before starting again
PREFER_SOLVES = 6       # solves a deal may spend moving a board from the band's edge inward
PATH_TRIES = 30         # random paths tried for one target word
TARGET_TRIES = 40       # words drawn before giving up on a target


class GenerationCancelled(Exception):
    """The caller's ``cancel()`` said stop."""


@dataclass(frozen=True, slots=True)
class Band:
    """The number of words a good board has: ``lo`` to ``hi`` inclusive."""

    lo: int
    hi: int

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and self.lo <= n <= self.hi

    def distance(self, n: int) -> float:
        """0 inside the band, else how far outside on a log scale."""
        if n < self.lo:
            return math.log(self.lo / max(n, 0.5))
        if n > self.hi:
            return math.log(n / self.hi)
        return 0.0


def _interpolate(anchors: tuple[tuple[int, int, int], ...], cells: int) -> tuple[float, float]:
    pts = sorted(anchors)
    if cells <= pts[0][0]:
        lo_a, hi_a = pts[0], pts[1]
    elif cells >= pts[-1][0]:
        lo_a, hi_a = pts[-2], pts[-1]
    else:
        i = next(i for i in range(1, len(pts)) if pts[i][0] >= cells)
        lo_a, hi_a = pts[i - 1], pts[i]
    t = (cells - lo_a[0]) / (hi_a[0] - lo_a[0])
    lo = math.exp(math.log(lo_a[1]) + t * (math.log(hi_a[1]) - math.log(lo_a[1])))
    hi = math.exp(math.log(lo_a[2]) + t * (math.log(hi_a[2]) - math.log(lo_a[2])))
    return lo, hi


def band_for(spec: BoardSpec, scale: float = 1.0) -> Band:
    """The word-count band for a board spec, scaled for a smaller word list."""
    lo, hi = _interpolate(BANDS[spec.lang], spec.cells)
    extra = spec.min_word - default_min_len(spec.cols, spec.rows)
    factor = MIN_LEN_FACTOR[spec.lang] ** extra * max(0.0, min(1.0, scale))
    lo_n = max(1, round(lo * factor))
    hi_n = max(round(hi * factor), 4 * lo_n, lo_n + 5)
    return Band(lo_n, hi_n)


def preferred_part(band: Band) -> Band:
    """The part of a band a deal aims for first: from twice the band's low end to four
    fifths of its high end (4x4 English: 80-320 words), so a board is seldom dealt at the
    band's thin edge.  A board in the band but outside this part is still in the band."""
    lo = min(band.hi, 2 * band.lo)
    return Band(lo, max(lo, (band.hi * 4) // 5))


def target_lengths(spec: BoardSpec, words: SnakeWords) -> tuple[int, int] | None:
    """The target's length range in letters for this board and list, or None when the list
    has no common word a board of this size can hold.

    A list much smaller than the bundled one draws shorter targets (one letter shorter
    under a tenth of its size, two under a hundredth); a list without words of the usual
    length gives its longest common word that fits.
    """
    cells = spec.cells
    lo, hi = next((a, b) for n, a, b in TARGET_LENGTHS if cells >= n)
    scale = words.band_scale
    shrink = 2 if scale < 0.01 else 1 if scale < 0.1 else 0
    floor = spec.min_word
    lo = max(floor, lo - shrink)
    hi = max(lo, hi - shrink)
    # a tile may hold two letters (QU), so a word may have a few more letters than cells
    longest = min(words.longest_common, cells + 2)
    lengths = [n for n in range(floor, longest + 1) if words.common_of_length(n)]
    if not lengths:
        return None
    in_range = [n for n in lengths if lo <= n <= hi]
    if in_range:
        return min(in_range), max(in_range)
    shorter = [n for n in lengths if n < lo]
    if shorter:
        return max(shorter), max(shorter)
    return min(lengths), min(lengths)


def budget_for(cells: int) -> int:
    return next(b for n, b in BUDGETS if cells >= n)


@dataclass(frozen=True, slots=True)
class Deal:
    """A dealt board and its solution."""

    spec: BoardSpec
    seed: int
    board: Board
    target: str                      # "" when the list had no target word to give
    target_path: Path
    words: tuple[tuple[str, Path], ...]   # every word on the board, listing order
    common: frozenset[str]           # the words of ``words`` that count as missed
    band: Band
    in_band: bool
    solves: int = 0
    word_paths: dict = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "word_paths", dict(self.words))

    @property
    def count(self) -> int:
        return len(self.words)

    @property
    def min_len(self) -> int:
        return self.spec.min_word

    def is_word(self, word: str) -> bool:
        return word in self.word_paths

    def longest_words(self) -> list[str]:
        """The longest words on the board (all of the greatest length), listing order."""
        if not self.words:
            return []
        n = len(self.words[0][0])
        return [w for w, _ in self.words if len(w) == n]

    @classmethod
    def from_board(cls, spec: BoardSpec, board: Board, words: SnakeWords, *, seed: int = 0,
                   target: str = "", target_path: Path = (), solves: int = 0,
                   band: Band | None = None) -> "Deal":
        """A deal for a known board (a resumed game, a test): solve it and measure it."""
        band = band or band_for(spec, words.band_scale)
        sol = tuple((w, tuple(p)) for w, p in words.solve(board.as_lists(), spec.min_word))
        common = frozenset(w for w, _ in sol if w in words.common)
        return cls(spec, seed, board, target, tuple(target_path), sol, common, band,
                   len(sol) in band, solves)


def seeded_random(spec: BoardSpec, seed: int) -> random.Random:
    """The one generator of randomness for a deal (a string seed hashes the same way in
    every process, unlike ``hash()``)."""
    return random.Random(f"wordbler-snake/{spec.lang}/{spec.cols}x{spec.rows}/"
                         f"{spec.min_word}/{seed}")


def random_path(rng: random.Random, cols: int, rows: int, length: int,
                max_steps: int = 4000) -> Path | None:
    """A random self-avoiding path of ``length`` cells (eight neighbours), or None."""
    if length > cols * rows or length <= 0:
        return None
    warnsdorff = rng.random() < 0.5
    steps = 0

    def nbrs(cell: Cell) -> list[Cell]:
        r, c = cell
        return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]

    path: list[Cell] = []
    used: set[Cell] = set()

    def extend() -> bool:
        nonlocal steps
        if len(path) == length:
            return True
        steps += 1
        if steps > max_steps:
            return False
        options = [n for n in nbrs(path[-1]) if n not in used]
        rng.shuffle(options)
        if warnsdorff:
            options.sort(key=lambda n: sum(1 for m in nbrs(n) if m not in used))
        for n in options:
            path.append(n)
            used.add(n)
            if extend():
                return True
            path.pop()
            used.discard(n)
        return False

    start = (rng.randrange(rows), rng.randrange(cols))
    path.append(start)
    used.add(start)
    return tuple(path) if extend() else None


class _Search:
    """One deal's search state (the grid being improved, the best board so far)."""

    def __init__(self, spec: BoardSpec, words: SnakeWords, seed: int, budget: int,
                 cancel: Callable[[], bool] | None,
                 progress: Callable[[int, int], None] | None, band: Band | None = None) -> None:
        self.spec = spec
        self.words = words
        self.seed = seed
        self.rng = seeded_random(spec, seed)
        self.letters: LetterSet = letter_set(spec.lang)
        self.band = band or band_for(spec, words.band_scale)
        self.preferred = preferred_part(self.band)
        self.lengths = target_lengths(spec, words)
        self.budget = budget
        self.cancel = cancel
        self.progress = progress
        self.solves = 0
        self.best: tuple[float, list[list[str]], str, Path, list] | None = None

    # ---- the target ---------------------------------------------------------------------
    def candidates(self) -> tuple[str, ...]:
        if not self.lengths:
            return ()
        return self.words.common_in_range(*self.lengths)

    def place_target(self) -> tuple[str, Path, dict[Cell, str]]:
        """A target word laid along a random path: (word, path, {cell: tile})."""
        cands = self.candidates()
        rng = self.rng
        cells = self.spec.cells
        for _ in range(TARGET_TRIES if cands else 0):
            word = cands[rng.randrange(len(cands))]
            tiles = self.letters.tiles_of(word)
            if tiles is None or len(tiles) > cells:
                continue
            for _ in range(PATH_TRIES):
                path = random_path(rng, self.spec.cols, self.spec.rows, len(tiles))
                if path is not None:
                    return word, path, dict(zip(path, tiles))
        return "", (), {}

    # ---- filling ------------------------------------------------------------------------
    def fill(self, fixed: dict[Cell, str]) -> list[list[str]]:
        spec, rng, letters = self.spec, self.rng, self.letters
        grid = [["" for _ in range(spec.cols)] for _ in range(spec.rows)]
        counts: dict[str, int] = {}
        for (r, c), t in fixed.items():
            grid[r][c] = t
            counts[t] = counts.get(t, 0) + 1
        free = [(r, c) for r in range(spec.rows) for c in range(spec.cols) if (r, c) not in fixed]
        rng.shuffle(free)
        want_vowels = round(spec.cells * letters.vowel_share)
        vowels = sum(1 for t in fixed.values() if letters.is_vowel(t))
        for i, (r, c) in enumerate(free):
            left = len(free) - i
            need = max(0, want_vowels - vowels)
            vowel = rng.random() < need / left
            t = self.draw(counts, vowel, power=1.0)
            grid[r][c] = t
            counts[t] = counts.get(t, 0) + 1
            vowels += letters.is_vowel(t)
        return grid

    def draw(self, counts: dict[str, int], vowel: bool | None, power: float,
             exclude: str = "") -> str:
        """A tile by weight (``power`` > 1 favours common tiles, < 1 rare ones), of the
        class asked (vowel / consonant / either), not above its cap."""
        letters = self.letters
        cells = self.spec.cells
        tiles = []
        weights = []
        for t, w in letters.weights.items():
            if vowel is not None and letters.is_vowel(t) != vowel:
                continue
            if t == exclude or counts.get(t, 0) >= letters.cap(t, cells):
                continue
            tiles.append(t)
            weights.append(w ** power)
        if not tiles:  # every tile of the class at its cap: any class, then any tile at all
            if vowel is not None:
                return self.draw(counts, None, power, exclude)
            return self.rng.choice([t for t in letters.weights if t != exclude])
        return self.rng.choices(tiles, weights)[0]

    # ---- scoring ------------------------------------------------------------------------
    def evaluate(self, grid: list[list[str]], target: str, path: Path
                 ) -> tuple[tuple[float, float], list]:
        """Solve the grid; its score is (distance to the band, distance to the preferred
        part of the band), smaller is better, (0, 0) is the aim."""
        if self.cancel is not None and self.cancel():
            raise GenerationCancelled()
        sol = self.words.solve(grid, self.spec.min_word)
        self.solves += 1
        if self.progress is not None:
            self.progress(self.solves, self.budget)
        n = len(sol)
        score = (self.band.distance(n), self.preferred.distance(n))
        if self.best is None or score < self.best[0]:
            self.best = (score, [row[:] for row in grid], target, path, sol)
        return score, sol

    def done(self, score: tuple[float, float]) -> bool:
        """In the preferred part of the band, or in the band once the few extra solves
        spent looking for the preferred part are used up."""
        return score == (0.0, 0.0) or (score[0] == 0.0 and self.solves >= PREFER_SOLVES)

    # ---- the search ---------------------------------------------------------------------
    def run(self) -> Deal:
        rng = self.rng
        letters = self.letters
        spec = self.spec
        score = (math.inf, math.inf)
        while self.solves < self.budget and not self.done(score):
            target, path, fixed = self.place_target()
            grid = self.fill(fixed)
            score, sol = self.evaluate(grid, target, path)
            free = [(r, c) for r in range(spec.rows) for c in range(spec.cols)
                    if (r, c) not in fixed]
            stall = 0
            while free and self.solves < self.budget and stall < STALL and not self.done(score):
                too_few = len(sol) < (self.band.lo if score[0] else self.preferred.lo)
                # replace a rare tile when words are wanted, a common one otherwise
                cell_w = [(1.0 / letters.share(grid[r][c])) if too_few else letters.share(grid[r][c])
                          for r, c in free]
                r, c = rng.choices(free, cell_w)[0]
                old = grid[r][c]
                counts: dict[str, int] = {}
                for row in grid:
                    for t in row:
                        counts[t] = counts.get(t, 0) + 1
                counts[old] -= 1
                new = self.draw(counts, letters.is_vowel(old), 1.6 if too_few else 0.5, exclude=old)
                if new == old:
                    stall += 1
                    continue
                grid[r][c] = new
                new_score, new_sol = self.evaluate(grid, target, path)
                if new_score < score:
                    score, sol = new_score, new_sol
                    stall = 0
                else:
                    grid[r][c] = old
                    stall += 1
        assert self.best is not None
        best_score, grid, target, path, sol = self.best
        board = Board.from_rows(grid)
        words = tuple((w, tuple(p)) for w, p in sol)
        common = frozenset(w for w, _ in words if w in self.words.common)
        return Deal(spec, self.seed, board, target, path, words, common, self.band,
                    best_score[0] == 0.0, self.solves)


def generate(spec: BoardSpec, words: SnakeWords, seed: int, *,
             budget: int | None = None,
             cancel: Callable[[], bool] | None = None,
             progress: Callable[[int, int], None] | None = None,
             band: Band | None = None) -> Deal:
    """Deal a board for ``spec`` from ``words`` with ``seed`` (see the module docstring).

    ``budget``: solves of the whole board allowed (default by size, :data:`BUDGETS`).
    ``cancel``: asked before every solve; True raises :class:`GenerationCancelled`.
    ``progress(done, budget)``: called after every solve.
    ``band``: a word-count band instead of the game's (tests, puzzles of a set difficulty).
    """
    if words.lang != spec.lang:
        raise ValueError(f"the word list is {words.lang}, the board is {spec.lang}")
    if budget is not None and budget < 1:
        raise ValueError("the budget is at least one solve")
    search = _Search(spec, words, seed, budget or budget_for(spec.cells), cancel, progress, band)
    return search.run()
