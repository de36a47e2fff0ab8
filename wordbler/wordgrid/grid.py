"""The shape of a Word Grid: cells, holes and word slots of an n x n grid (n odd).

Words run across rows 0, 2, 4, ... and down columns 0, 2, 4, ...; a cell where an odd row
meets an odd column is a hole.  A 5x5 grid has 6 words and 21 letter cells, a 7x7 grid 8
words and 40 cells.

Cells are numbered in reading order (holes skipped); a grid's letters are a tuple of
one-letter strings, one per cell, in that order.  Rows are written as strings with a space
for each hole (``"E L A"``), the form of the command-line contract.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from wordbler.lexicon.alphabet import Alphabet, AlphabetError

SIZES = (5, 7)
HOLE_CHARS = frozenset(" .#_")


class GridError(ValueError):
    """Rows that do not make a Word Grid (wrong shape, a letter in a hole, a bad letter)."""


Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Slot:
    """One word of the grid: ``across`` (a row) or down (a column) at ``line``."""

    across: bool
    line: int
    cells: tuple[int, ...]  # cell indices in reading order of the word

    @property
    def name(self) -> str:
        return f"{'row' if self.across else 'column'} {self.line + 1}"


@dataclass(frozen=True, slots=True)
class Layout:
    size: int
    coords: tuple[Cell, ...]  # cell index -> (row, col)
    slots: tuple[Slot, ...]  # across slots first, then down slots
    slots_of: tuple[tuple[int, ...], ...]  # cell index -> indices of the slots through it
    index: dict  # (row, col) -> cell index

    @property
    def n_cells(self) -> int:
        return len(self.coords)

    def cell(self, row: int, col: int) -> int:
        try:
            return self.index[(row, col)]
        except KeyError:
            raise GridError(f"[{row}, {col}] is not a letter cell of a {self.size}x{self.size} grid") from None

    def crossing(self, cell: int) -> bool:
        return len(self.slots_of[cell]) == 2

    def rows(self, letters: Sequence[str]) -> list[str]:
        """The grid as row strings, a space for each hole."""
        out = []
        for r in range(self.size):
            out.append("".join(
                " " if is_hole(r, c) else letters[self.index[(r, c)]] for c in range(self.size)))
        return out

    def words(self, letters: Sequence[str]) -> list[str]:
        return ["".join(letters[i] for i in s.cells) for s in self.slots]


def is_hole(row: int, col: int) -> bool:
    return row % 2 == 1 and col % 2 == 1


@lru_cache(maxsize=None)
def layout(size: int) -> Layout:
    """The layout of a size x size grid (size odd, 3..15)."""
    if not isinstance(size, int) or size % 2 == 0 or not 3 <= size <= 15:
        raise GridError(f"a grid's size must be odd, 3 to 15 (got {size!r})")
    coords = [(r, c) for r in range(size) for c in range(size) if not is_hole(r, c)]
    index = {rc: i for i, rc in enumerate(coords)}
    slots = [Slot(True, r, tuple(index[(r, c)] for c in range(size))) for r in range(0, size, 2)]
    slots += [Slot(False, c, tuple(index[(r, c)] for r in range(size))) for c in range(0, size, 2)]
    slots_of = [[] for _ in coords]
    for si, s in enumerate(slots):
        for i in s.cells:
            slots_of[i].append(si)
    return Layout(size, tuple(coords), tuple(slots), tuple(tuple(x) for x in slots_of), index)


def parse_rows(rows: "str | Iterable[str]", alphabet: Alphabet, *, size: int | None = None,
               what: str = "grid") -> tuple[Layout, tuple[str, ...]]:
    """Read a grid from rows (a list, or one string with rows separated by ``/``).

    Holes may be written as a space, ``.``, ``#`` or ``_``.  Letters go through the
    alphabet's case table.  Raises :class:`GridError` naming what is wrong.
    """
    if isinstance(rows, str):
        text = rows.strip("\r\n")
        if not text.strip():
            raise GridError(f"the {what} is empty")
        rows = text.split("/")
    rows = list(rows)
    n = len(rows)
    if size is not None and n != size:
        raise GridError(f"the {what} has {n} rows; a {size}x{size} grid has {size}")
    if n % 2 == 0 or not 3 <= n <= 15:
        raise GridError(f"the {what} has {n} rows; a grid needs an odd number of rows, 3 to 15")
    lay = layout(n)
    letters: list[str] = []
    for r, row in enumerate(rows):
        if not isinstance(row, str):
            raise GridError(f"row {r + 1} of the {what} is not text")
        if len(row) != n:
            raise GridError(f"row {r + 1} of the {what} ({_shown(row)}) has {len(row)} characters; "
                            f"each row needs {n} (a space for each hole)")
        for c, ch in enumerate(row):
            if is_hole(r, c):
                if ch not in HOLE_CHARS:
                    raise GridError(f"[{r}, {c}] of the {what} is a hole and must be a space, "
                                    f"not {ch!r}")
                continue
            letter = alphabet.letter(ch)
            if letter is None:
                if ch in HOLE_CHARS:
                    raise GridError(f"[{r}, {c}] of the {what} is empty; only cells where an odd "
                                    f"row meets an odd column are holes")
                try:
                    alphabet.normalise(ch, what=f"cell [{r}, {c}]")
                except AlphabetError as e:
                    raise GridError(str(e)) from None
            letters.append(letter)
    return lay, tuple(letters)


def same_letters(a: Sequence[str], b: Sequence[str]) -> bool:
    return sorted(a) == sorted(b)


def _shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters (a row read from a file
    or typed by hand may be thousands long; a message stays one short line)."""
    return repr(text if len(text) <= limit else text[:limit] + "…")
