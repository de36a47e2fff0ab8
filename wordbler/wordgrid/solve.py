"""Solving a scrambled Word Grid: the valid grid its letters make, and the fewest swaps.

Every grid of listed words that uses exactly the puzzle's letters (holes stay holes) is
found by the slot search of :mod:`.fill` with the letters as a budget; for each, the exact
fewest swaps is computed (:mod:`.swaps`), and the grid reachable in the fewest swaps wins
(ties: the first in row order).  The solver's search (:func:`all_grids`) looks only at the
words the letters can make and splits the grids by where a letter the puzzle has once or
twice stands; it finds the same grids as :func:`valid_grids` (which the generator's node budget
counts, so that one stays as it is).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Sequence

from .fill import WordIndex, fills
from .grid import Layout
from .swaps import min_swaps, swap_plan

MAX_GRIDS = 100_000
PLAIN_WORDS = 5000  # a list this long or shorter is searched whole (milliseconds)
SPLIT_WORDS = 1000  # the search is split (see _pivot) only over more words than this


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


def fitting_index(index: WordIndex, letters: Sequence[str]) -> WordIndex:
    """The words of ``index`` whose letters the multiset ``letters`` holds, in index order.

    Every word of a grid made of exactly ``letters`` is among them, and keeping the order
    keeps ``ordered``'s comparison of word indices, so the search over them finds the same
    grids as over the whole index, over far fewer words (a 7x7 puzzle's 40 letters hold
    about one 7-letter word in five of a large list)."""
    total = Counter(letters)
    words = [w for w in index.words if all(w.count(ch) <= total[ch] for ch in set(w))]
    if len(words) == len(index.words):
        return index
    return WordIndex.build(words, index.length)


def _pivot(lay: Layout, index: WordIndex,
           total: Counter) -> tuple[str, list[tuple[int, ...]]] | None:
    """A letter the puzzle has once or twice, and the cells (one or two) where its copies
    can stand; or None.

    Every grid of the letters has that letter in exactly those many cells, so the grids are
    split by those cells, and each part is searched with them fixed: far fewer words fit a
    slot with a rare letter in place than fit an empty one.  Cells can hold the copies
    only if every slot through them has a word with the letter there (at both, for two in
    one slot).  The letter is the one whose parts leave the search least to do: by the sum
    over its parts of the product, over the slots they touch, of the share of the words
    that still fit (what part of the grids' space is left), a part counting a little on
    its own; ties by letter."""
    n = len(index)
    if not n:
        return None
    where = {(si, c): p for si, slot in enumerate(lay.slots) for p, c in enumerate(slot.cells)}
    best = None
    for ch in sorted(k for k, v in total.items() if v <= 2):
        parts, left = [], 0.0
        for cells in combinations(range(lay.n_cells), total[ch]):
            share = 1.0
            for si in sorted({si for c in cells for si in lay.slots_of[c]}):
                fit = index.full
                for c in cells:
                    if (si, c) in where:
                        fit &= index.masks[where[(si, c)]].get(ch, 0)
                share *= fit.bit_count() / n
                if not share:
                    break
            if share:
                parts.append(cells)
                left += share
        cost = left * (1 + len(parts) / 256)
        if best is None or cost < best[0]:
            best = (cost, ch, parts)
    return None if best is None else (best[1], best[2])


def all_grids(lay: Layout, index: WordIndex, letters: Sequence[str], *,
              cancel: Callable[[], bool] | None = None,
              max_grids: int = MAX_GRIDS) -> list[tuple[str, ...]]:
    """Every grid of listed words made of exactly ``letters``: the same grids as
    :func:`valid_grids` finds (not in its order), found faster.

    The search runs over the words the letters can make (:func:`fitting_index`), split by
    the cells of a letter the puzzle has once or twice (:func:`_pivot`).  Both leave every grid in
    and add none; each grid and its mirror image are kept once.  Where there are
    ``max_grids`` grids or more, :func:`valid_grids` keeps the first ``max_grids`` in its
    own search order, so that search runs instead and its answer is returned as it is."""
    if len(index) <= PLAIN_WORDS:  # indexing the fitting words would cost more than it saves
        return valid_grids(lay, index, letters, cancel=cancel, max_grids=max_grids) or []
    small = fitting_index(index, letters)
    total = Counter(letters)
    # over a few hundred words the whole search takes milliseconds, less than the parts'
    pivot = _pivot(lay, small, total) if len(small) > SPLIT_WORDS else None
    if pivot is None:
        parts = [(None, total)]
    else:
        ch, cell_sets = pivot
        rest = total.copy()
        rest[ch] = 0
        parts = [({c: ch for c in cells}, rest) for cells in cell_sets]
    across = sum(1 for s in lay.slots if s.across)
    mirror = [lay.index[(c, r)] for r, c in lay.coords]
    out: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    raw = 0
    for fixed, budget in parts:
        for grid in fills(lay, small, fixed=fixed, budget=budget, cancel=cancel,
                          ordered=(0, across), limit=max_grids - raw):
            raw += 1
            for g in (tuple(grid), tuple(grid[mirror[i]] for i in range(lay.n_cells))):
                if g not in seen:
                    seen.add(g)
                    out.append(g)
        if raw >= max_grids or len(out) >= max_grids:
            return valid_grids(lay, index, letters, cancel=cancel, max_grids=max_grids) or []
    return out


def swaps_at_least(current: Sequence[str], target: Sequence[str]) -> int:
    """A lower bound of :func:`.swaps.min_swaps` (same letters), in one pass.

    The fewest swaps is the misplaced cells ``m`` less the most cycles they split into.  A
    2-cycle takes a pair of opposite misplaced cells (a->b, b->a), so there are at most
    ``P`` of them (the pairs, summed over letter pairs: the fewer of the two directions);
    every other cycle takes 3 cells or more.  So the cycles number at most
    ``c2 + (m - 2*c2) / 3 <= P + (m - 2*P) / 3``."""
    edges: Counter = Counter((a, b) for a, b in zip(current, target) if a != b)
    m = sum(edges.values())
    pairs = sum(min(k, edges.get((b, a), 0)) for (a, b), k in edges.items() if a < b)
    return m - pairs - (m - 2 * pairs) // 3


def solve(lay: Layout, index: WordIndex, letters: Sequence[str], *,
          cancel: Callable[[], bool] | None = None, max_grids: int = MAX_GRIDS) -> Solution:
    best: tuple[int, list[str], tuple[str, ...]] | None = None
    grids = all_grids(lay, index, letters, cancel=cancel, max_grids=max_grids)
    for g in grids:
        # a grid that needs more swaps than the best so far can neither beat it nor tie
        if best is not None and swaps_at_least(letters, g) > best[0]:
            continue
        key = (min_swaps(letters, g), lay.rows(g), g)
        if best is None or key[:2] < best[:2]:
            best = key
    found = len(grids)
    if best is None:
        raise NoSolution("these letters make no grid whose every row and column word is listed")
    grid = best[2]
    return Solution(grid, tuple(swap_plan(letters, grid)), found)
