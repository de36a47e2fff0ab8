"""Directions, placements, levels and grid shapes (masks).

Coordinates are 0-based ``(row, col)``, row 0 at the top.  ``E`` runs left to right along a
row, ``S`` top to bottom down a column.  A cell outside a mask is a hole, written ``" "``
in a row string.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

DIRECTIONS: dict[str, tuple[int, int]] = {
    "E": (0, 1), "S": (1, 0), "W": (0, -1), "N": (-1, 0),
    "SE": (1, 1), "SW": (1, -1), "NE": (-1, 1), "NW": (-1, -1),
}
DIR_OF_STEP = {v: k for k, v in DIRECTIONS.items()}
LEVELS: dict[str, tuple[str, ...]] = {
    "easy": ("E", "S"),
    "medium": ("E", "S", "SE", "SW"),
    "hard": ("E", "S", "W", "N", "SE", "SW", "NE", "NW"),
}
HOLE = " "
MIN_SIDE, MAX_SIDE = 5, 50


@dataclass(frozen=True, slots=True)
class Placement:
    """A word hidden at ``(row, col)`` (its first letter) running in direction ``dir``."""

    word: str
    row: int
    col: int
    dir: str

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        dr, dc = DIRECTIONS[self.dir]
        return tuple((self.row + i * dr, self.col + i * dc) for i in range(len(self.word)))

    @property
    def end(self) -> tuple[int, int]:
        dr, dc = DIRECTIONS[self.dir]
        n = len(self.word) - 1
        return (self.row + n * dr, self.col + n * dc)

    def as_json(self) -> dict:
        return {"word": self.word, "row": self.row, "col": self.col, "dir": self.dir}


def line_cells(a: tuple[int, int], b: tuple[int, int]) -> tuple[tuple[int, int], ...] | None:
    """The cells of the straight line (one of the eight directions) from ``a`` to ``b``,
    both included, or None when ``a`` and ``b`` are not on such a line."""
    dr, dc = b[0] - a[0], b[1] - a[1]
    n = max(abs(dr), abs(dc))
    if n == 0:
        return (a,)
    if dr != 0 and dc != 0 and abs(dr) != abs(dc):
        return None
    sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
    return tuple((a[0] + i * sr, a[1] + i * sc) for i in range(n + 1))


def read_cells(rows: Iterable[str], cells: Iterable[tuple[int, int]]) -> str:
    rows = list(rows)
    return "".join(rows[r][c] for r, c in cells)


# ---- masks -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Mask:
    """Which cells of a ``rows`` x ``cols`` grid hold letters (``cells[r][c]``)."""

    name: str
    cells: tuple[tuple[bool, ...], ...]

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0]) if self.cells else 0

    def __contains__(self, rc: object) -> bool:
        r, c = rc  # type: ignore[misc]
        return 0 <= r < self.rows and 0 <= c < self.cols and self.cells[r][c]

    def count(self) -> int:
        return sum(sum(row) for row in self.cells)

    def picture(self) -> str:
        return "\n".join("".join("#" if x else "." for x in row) for row in self.cells)


def check_size(cols: int, rows: int) -> None:
    from .words import WordSearchError

    for what, n in (("columns", cols), ("rows", rows)):
        if not isinstance(n, int) or not MIN_SIDE <= n <= MAX_SIDE:
            raise WordSearchError(f"{what} must be {MIN_SIDE}..{MAX_SIDE}, not {n}")


def _shape(name: str, cols: int, rows: int, inside) -> Mask:
    check_size(cols, rows)
    cells = []
    for r in range(rows):
        y = (r + 0.5) / rows * 2 - 1  # -1 top .. 1 bottom
        cells.append(tuple(bool(inside((c + 0.5) / cols * 2 - 1, y)) for c in range(cols)))
    return Mask(name, tuple(cells))


def rectangle(cols: int, rows: int) -> Mask:
    return _shape("rectangle", cols, rows, lambda x, y: True)


def circle(cols: int, rows: int) -> Mask:
    return _shape("circle", cols, rows, lambda x, y: x * x + y * y <= 1.0)


def diamond(cols: int, rows: int) -> Mask:
    return _shape("diamond", cols, rows, lambda x, y: abs(x) + abs(y) <= 1.0 + 0.5 / max(cols, rows))


def heart(cols: int, rows: int) -> Mask:
    def inside(x: float, y: float) -> bool:
        # the classic heart curve (x^2 + y^2 - 1)^3 - x^2 y^3 <= 0, scaled to the grid
        x, y = x * 1.22, -(y * 1.2 - 0.12) * 1.0
        return (x * x + y * y - 1) ** 3 - x * x * y ** 3 <= 0

    return _shape("heart", cols, rows, inside)


SHAPES = {"rectangle": rectangle, "circle": circle, "heart": heart, "diamond": diamond}


def make_mask(name: str, cols: int, rows: int) -> Mask:
    from .words import WordSearchError

    try:
        return SHAPES[name](cols, rows)
    except KeyError:
        raise WordSearchError(f"no shape {name!r} (known: {', '.join(SHAPES)})") from None


def mask_from_picture(text: str, name: str = "picture") -> Mask:
    """A mask drawn as text: ``#``, ``X``, ``x``, ``*``, ``O``, ``o`` or ``1`` is a letter cell,
    ``.``, ``-``, ``_``, ``0`` or a space is a hole; each line is a row (short lines are
    padded with holes); blank lines at the top and bottom are ignored."""
    from .words import WordSearchError

    lines = [ln.rstrip("\r\n") for ln in text.splitlines()]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise WordSearchError("the shape picture is empty")
    width = max(len(ln.rstrip()) for ln in lines)
    cells = []
    for i, ln in enumerate(lines, 1):
        row = []
        for ch in ln.rstrip().ljust(width):
            if ch in "#Xx*Oo1\u2588":
                row.append(True)
            elif ch in ".-_0 ":
                row.append(False)
            else:
                raise WordSearchError(f"shape picture line {i}: {ch!r} is neither a cell (#) nor a hole (.)")
        cells.append(tuple(row))
    check_size(width, len(cells))
    mask = Mask(name, tuple(cells))
    if mask.count() < 4:
        raise WordSearchError("the shape picture has fewer than 4 cells")
    return mask


def longest_line(mask: Mask, dirs: Iterable[str]) -> int:
    """The longest straight run of mask cells in any of ``dirs``."""
    best = 0
    for d in dirs:
        dr, dc = DIRECTIONS[d]
        for r in range(mask.rows):
            for c in range(mask.cols):
                if (r - dr, c - dc) in mask or (r, c) not in mask:
                    continue
                n = 0
                rr, cc = r, c
                while (rr, cc) in mask:
                    n += 1
                    rr += dr
                    cc += dc
                best = max(best, n)
    return best
