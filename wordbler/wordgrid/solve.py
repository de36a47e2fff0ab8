"""Solving a scrambled Word Grid: the valid grid its letters make, and the fewest swaps.

Every grid of listed words that uses exactly the puzzle's letters (holes stay holes) is
found by the slot search of :mod:`.fill` with the letters as a budget; for each, the exact
fewest swaps is computed (:mod:`.swaps`), and the grid reachable in the fewest swaps wins
(ties: the first in row order).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Sequence

from .fill import WordIndex, fills
from .grid import Layout
from .swaps import min_swaps, swap_plan

MAX_GRIDS = 100_000


class NoSolution(ValueError):
    """The letters make no grid of listed words."""


class _NodeLimit(Exception):
    pass


def valid_grids(lay: Layout, index: WordIndex, letters: Sequence[str], *,
                node_limit: int | None = None, cancel: Callable[[], bool] | None = None,
                max_grids: int = MAX_GRIDS) -> list[tuple[str, ...]] | None:
    """Every grid of listed words made of exactly ``letters`` (in search order), or None
    when the search needs more than ``node_limit`` nodes (a deterministic budget).

    A grid's mirror image in the main diagonal is a grid of the same words and letters, so
    only grids whose first row word comes no later in the index than the first column word
    are searched, and each one's mirror image is added."""
    across = sum(1 for s in lay.slots if s.across)
    mirror = [lay.index[(c, r)] for r, c in lay.coords]
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1  # the search asks every 64 nodes
        if node_limit is not None and calls * 64 > node_limit:
            raise _NodeLimit()
        return cancel() if cancel is not None else False

    out: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    try:
        for grid in fills(lay, index, budget=Counter(letters), cancel=stop, ordered=(0, across),
                          limit=max_grids):
            for g in (tuple(grid), tuple(grid[mirror[i]] for i in range(lay.n_cells))):
                if g not in seen:
                    seen.add(g)
                    out.append(g)
            if len(out) >= max_grids:
                break
    except _NodeLimit:
        return None
    return out


@dataclass(frozen=True, slots=True)
class Solution:
    grid: tuple[str, ...]
    swaps: tuple[tuple[int, int], ...]  # cell index pairs
    grids_found: int  # how many valid grids the letters make


def solve(lay: Layout, index: WordIndex, letters: Sequence[str], *,
          cancel: Callable[[], bool] | None = None, max_grids: int = MAX_GRIDS) -> Solution:
    best: tuple[int, list[str], tuple[str, ...]] | None = None
    grids = valid_grids(lay, index, letters, cancel=cancel, max_grids=max_grids) or []
    for g in grids:
        key = (min_swaps(letters, g), lay.rows(g), g)
        if best is None or key[:2] < best[:2]:
            best = key
    found = len(grids)
    if best is None:
        raise NoSolution("these letters make no grid whose every row and column word is listed")
    grid = best[2]
    return Solution(grid, tuple(swap_plan(letters, grid)), found)
