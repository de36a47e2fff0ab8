"""The board: a rectangle of tiles, paths through neighbouring tiles, and a path being built.

Coordinates are ``(row, col)``, 0-based, row 0 at the top.  A *path* is a tuple of
coordinates, each one of the eight neighbours of the one before, no cell twice.  A tile
holds one letter or several (``QU``); a path spells the tiles' letters one after another.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Mapping, Sequence

#: tile letters a player may type as another letter, by language (typing only: a word is
#: still the letters of its tiles).  Russian Ё is usually written Е.
TYPED_AS: dict[str, dict[str, str]] = {"ru": {"Ё": "Е"}}

Cell = tuple[int, int]
Path = tuple[Cell, ...]

MIN_SIDE = 3
MAX_SIDE = 6


class PathProblem(enum.Enum):
    """Why a sequence of cells is not a path on a board."""

    EMPTY = "empty"
    OUTSIDE = "outside"
    NOT_ADJACENT = "not adjacent"
    REUSED = "reused"


class BoardError(ValueError):
    """Rows that do not make a board (empty, ragged, a bad tile)."""


@dataclass(frozen=True, slots=True)
class Board:
    """An immutable grid of tiles, ``cells[row][col]`` an upper-case string (one tile)."""

    cells: tuple[tuple[str, ...], ...]
    _nbrs: dict = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if not self.cells or not self.cells[0]:
            raise BoardError("a board needs at least one row and one column")
        width = len(self.cells[0])
        for r, row in enumerate(self.cells):
            if len(row) != width:
                raise BoardError(f"row {r} has {len(row)} tiles, row 0 has {width}")
            for c, tile in enumerate(row):
                if not isinstance(tile, str) or not tile or not tile.isupper():
                    raise BoardError(f"tile [{r}, {c}] = {tile!r} is not upper-case letters")
        nbrs = {}
        rows = len(self.cells)
        for r in range(rows):
            for c in range(width):
                nbrs[(r, c)] = tuple(
                    (r + dr, c + dc)
                    for dr in (-1, 0, 1)
                    for dc in (-1, 0, 1)
                    if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < width
                )
        object.__setattr__(self, "_nbrs", nbrs)

    # ---- construction ---------------------------------------------------------------
    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[str]]) -> "Board":
        """From rows of tiles (each row a sequence of tile strings)."""
        if isinstance(rows, str):
            raise BoardError("rows must be a list of rows of tiles")
        out = []
        for r, row in enumerate(rows):
            if isinstance(row, str):
                row = split_row(row)
            out.append(tuple(row))
        return cls(tuple(out))

    # ---- shape ----------------------------------------------------------------------
    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0])

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def coords(self) -> Iterator[Cell]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield (r, c)

    def __contains__(self, cell: object) -> bool:
        return cell in self._nbrs

    def tile(self, cell: Cell) -> str:
        return self.cells[cell[0]][cell[1]]

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        return self._nbrs[cell]

    @staticmethod
    def adjacent(a: Cell, b: Cell) -> bool:
        return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1

    # ---- text forms -------------------------------------------------------------------
    def row_strings(self) -> list[str]:
        """The rows as text, a multi-letter tile in parentheses: ``["(QU)AB", ...]``."""
        return ["".join(t if len(t) == 1 else f"({t})" for t in row) for row in self.cells]

    def as_lists(self) -> list[list[str]]:
        return [list(row) for row in self.cells]

    def __str__(self) -> str:
        return "/".join(self.row_strings())

    # ---- paths ------------------------------------------------------------------------
    def path_problem(self, path: Sequence[Cell]) -> PathProblem | None:
        """None when ``path`` is a path on this board, else the first thing wrong."""
        if not path:
            return PathProblem.EMPTY
        seen: set[Cell] = set()
        prev = None
        for cell in path:
            if cell not in self._nbrs:
                return PathProblem.OUTSIDE
            if cell in seen:
                return PathProblem.REUSED
            if prev is not None and not self.adjacent(prev, cell):
                return PathProblem.NOT_ADJACENT
            seen.add(cell)
            prev = cell
        return None

    def spell(self, path: Iterable[Cell]) -> str:
        cells = self.cells
        return "".join(cells[r][c] for r, c in path)

    def find_path(self, text: str, prefer: Sequence[Cell] = (), *, partial: bool = False,
                  typed_as: Mapping[str, str] | None = None) -> Path | None:
        """A path spelling ``text``, or None.

        ``prefer``: a path tried first, cell by cell (typing a word keeps the tiles already
        lit while a longer word still fits them).  ``partial``: the last tile may hold more
        letters than are left to match (typing ``Q`` lights the ``QU`` tile).
        ``typed_as``: a tile letter that may also be typed as another (Russian ``{"Ё": "Е"}``:
        Ё is usually written Е, so ПРИКЛЕПКА typed lights ПРИКЛЁПКА's tiles).
        """
        if not text:
            return ()
        cells = self.cells
        nbrs = self._nbrs
        prefer = tuple(prefer)

        def ordered(options: Iterable[Cell], depth: int) -> list[Cell]:
            opts = list(options)
            if depth < len(prefer) and prefer[depth] in opts:
                opts.remove(prefer[depth])
                opts.insert(0, prefer[depth])
            return opts

        loose = typed_as or {}
        faces: dict[str, tuple[str, ...]] = {}  # tile -> how it may be typed (once a search)
        for row in cells:
            for tile in row:
                if tile not in faces:
                    typed = "".join(loose.get(ch, ch) for ch in tile)
                    faces[tile] = (tile,) if typed == tile else (tile, typed)

        def matches(tile: str, pos: int) -> int:
            """Letters of ``text`` at ``pos`` that ``tile`` uses, or 0 when it does not fit."""
            for face in faces[tile]:
                if text.startswith(face, pos):
                    return len(face)
                if partial and face.startswith(text[pos:]):
                    return len(text) - pos
            return 0

        path: list[Cell] = []
        used: set[Cell] = set()

        def search(pos: int, options: Iterable[Cell]) -> bool:
            for cell in ordered(options, len(path)):
                if cell in used:
                    continue
                k = matches(cells[cell[0]][cell[1]], pos)
                if not k:
                    continue
                path.append(cell)
                used.add(cell)
                if pos + k == len(text) or search(pos + k, nbrs[cell]):
                    return True
                path.pop()
                used.discard(cell)
            return False

        return tuple(path) if search(0, self.coords()) else None

    def all_paths(self, max_cells: int) -> Iterator[Path]:
        """Every path of 1..``max_cells`` cells (exhaustive; for small boards and tests)."""
        nbrs = self._nbrs

        def walk(path: list[Cell], used: set[Cell]) -> Iterator[Path]:
            yield tuple(path)
            if len(path) == max_cells:
                return
            for nb in nbrs[path[-1]]:
                if nb not in used:
                    path.append(nb)
                    used.add(nb)
                    yield from walk(path, used)
                    path.pop()
                    used.discard(nb)

        for cell in self.coords():
            yield from walk([cell], {cell})


def split_row(text: str) -> list[str]:
    """``"(QU)ABC"`` -> ``["QU", "A", "B", "C"]``; ``BoardError`` for unbalanced brackets."""
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "(":
            j = text.find(")", i + 1)
            if j <= i + 1:
                raise BoardError(f"row {text!r}: a '(' without a tile and ')'")
            out.append(text[i + 1:j])
            i = j + 1
        elif ch == ")":
            raise BoardError(f"row {text!r}: ')' without '('")
        else:
            out.append(ch)
            i += 1
    return out


class Step(enum.Enum):
    """What touching a tile did to a :class:`Selection`."""

    STARTED = "started"
    ADDED = "added"
    BACKTRACKED = "backtracked"
    SAME = "same"            # the last tile again: nothing changes
    NOT_ADJACENT = "not adjacent"
    REUSED = "reused"
    OUTSIDE = "outside"


class Selection:
    """The path a player is building, tile by tile (the rules of a drag).

    * the first touch starts the path;
    * a neighbour of the last tile not yet used is added;
    * the tile before the last one takes the last one off (backtracking);
    * the last tile again changes nothing;
    * any other tile is refused (not a neighbour, or already used) and changes nothing.
    """

    __slots__ = ("board", "_cells")

    def __init__(self, board: Board, cells: Iterable[Cell] = ()) -> None:
        self.board = board
        self._cells: list[Cell] = []
        for cell in cells:
            step = self.touch(cell)
            if step not in (Step.STARTED, Step.ADDED):
                raise ValueError(f"{cell} cannot follow {self._cells}: {step.value}")

    @property
    def cells(self) -> Path:
        return tuple(self._cells)

    def __len__(self) -> int:
        return len(self._cells)

    def __bool__(self) -> bool:
        return bool(self._cells)

    @property
    def last(self) -> Cell | None:
        return self._cells[-1] if self._cells else None

    @property
    def text(self) -> str:
        return self.board.spell(self._cells)

    def clear(self) -> None:
        self._cells.clear()

    def pop(self) -> Cell | None:
        return self._cells.pop() if self._cells else None

    def set(self, cells: Sequence[Cell]) -> None:
        """Replace the path (``ValueError`` if ``cells`` is not a path of the board)."""
        cells = tuple(cells)
        if cells:
            problem = self.board.path_problem(cells)
            if problem is not None:
                raise ValueError(f"not a path: {problem.value}")
        self._cells = list(cells)

    def can_extend(self, cell: Cell) -> bool:
        return (cell in self.board and cell not in self._cells
                and (not self._cells or Board.adjacent(self._cells[-1], cell)))

    def touch(self, cell: Cell) -> Step:
        if cell not in self.board:
            return Step.OUTSIDE
        cells = self._cells
        if not cells:
            cells.append(cell)
            return Step.STARTED
        if cell == cells[-1]:
            return Step.SAME
        if len(cells) >= 2 and cell == cells[-2]:
            cells.pop()
            return Step.BACKTRACKED
        if cell in cells:
            return Step.REUSED
        if not Board.adjacent(cells[-1], cell):
            return Step.NOT_ADJACENT
        cells.append(cell)
        return Step.ADDED
