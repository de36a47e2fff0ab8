"""The committed board: which tile stands on which square."""

from __future__ import annotations

from typing import Iterable, Iterator

from .model import Coord, Placement
from .rules import BoardLayout, Premium


class Board:
    """Tiles on a grid.  A game's board is changed only by its :class:`wordbler.boardgame.game.Game`;
    :meth:`put` and :meth:`take` are for code that builds positions itself (replays, tests)."""

    __slots__ = ("layout", "rows", "cols", "_cells", "_count")

    def __init__(self, layout: BoardLayout) -> None:
        self.layout = layout
        self.rows = layout.rows
        self.cols = layout.cols
        self._cells: list[Placement | None] = [None] * (self.rows * self.cols)
        self._count = 0

    def copy(self) -> "Board":
        other = Board(self.layout)
        other._cells = list(self._cells)
        other._count = self._count
        return other

    def in_bounds(self, coord: Coord) -> bool:
        return 0 <= coord.row < self.rows and 0 <= coord.col < self.cols

    def __getitem__(self, coord: Coord) -> Placement | None:
        if not self.in_bounds(coord):
            return None
        return self._cells[coord.row * self.cols + coord.col]

    def letter_at(self, row: int, col: int) -> str | None:
        if 0 <= row < self.rows and 0 <= col < self.cols:
            p = self._cells[row * self.cols + col]
            return p.letter if p else None
        return None

    def is_occupied(self, coord: Coord) -> bool:
        return self[coord] is not None

    def is_empty(self) -> bool:
        return self._count == 0

    def __len__(self) -> int:
        return self._count

    def placements(self) -> Iterator[Placement]:
        return (p for p in self._cells if p is not None)

    def premium_at(self, coord: Coord) -> Premium | None:
        """The premium of a square that is still unused (None once a tile covers it)."""
        if self.is_occupied(coord):
            return None
        return self.layout.premium(coord.row, coord.col)

    def put(self, placements: Iterable[Placement]) -> None:
        for p in placements:
            i = p.coord.row * self.cols + p.coord.col
            if self._cells[i] is not None:
                raise ValueError(f"square {p.coord.label} is occupied")
            self._cells[i] = p
            self._count += 1

    def take(self, coords: Iterable[Coord]) -> None:
        for c in coords:
            i = c.row * self.cols + c.col
            if self._cells[i] is not None:
                self._cells[i] = None
                self._count -= 1

    def rows_text(self) -> list[str]:
        """The board as lines of text: ``.`` empty, ``A``-``Z`` tiles, ``a``-``z`` blanks."""
        out = []
        for r in range(self.rows):
            line = []
            for c in range(self.cols):
                p = self._cells[r * self.cols + c]
                line.append("." if p is None else (p.letter.lower() if p.is_blank else p.letter))
            out.append("".join(line))
        return out
