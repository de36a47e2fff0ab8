"""Making a Word Grid puzzle: fill a grid with words, then scramble its letters.

:func:`generate` is a pure function of (size, words, seed): all randomness goes through one
``random.Random(seed)``.  The puzzle it returns satisfies:

- the fewest swaps from the puzzle to the solution is exactly :data:`TARGET_SWAPS` (10 for
  5x5, 20 for 7x7), counted exactly with repeated letters (:mod:`.swaps`);
- a few letters start in their place (:data:`IN_PLACE`);
- the solution is the only grid of listed words that the puzzle's letters make while the
  letters in place stay put (an exhaustive search, :func:`other_fills`, over the check
  words, which may be more than the words grids are built from).

- the solver, which is not told which letters are in place, finds the same solution: every
  other grid of the solver's words that the letters make (the transposed grid, often
  more) takes more swaps than ``TARGET_SWAPS``.  The valid grids depend on the letters
  only, not on their order, so they are listed once per filled grid
  (:func:`.solve.valid_grids`), within a node budget (:data:`CHECK_NODES`); a grid whose
  list would take longer is set aside for another.  Only after :data:`CHECK_GRIDS` grids
  in a row are set aside (7x7 words can cross in very many ways) is a puzzle made without
  this check, and then ``Puzzle.solver_checked`` is False.

A scramble that fails a check is drawn again; after a few failed scrambles another grid is
filled.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .fill import Cancelled, WordIndex, fills
from .grid import Layout, layout
from .solve import valid_grids
from .swaps import min_swaps

TARGET_SWAPS = {5: 10, 7: 20}
SWAP_LIMIT = {5: 15, 7: 25}
IN_PLACE = {5: (4, 6), 7: (6, 9)}  # letters that start in place: inclusive range
SCRAMBLES_PER_GRID = 12
MAX_GRIDS = 400
CHECK_NODES = {5: 10_000, 7: 60_000}  # search nodes allowed for listing a grid's rivals
CHECK_GRIDS = {5: 25, 7: 3}  # grids set aside in a row before one is taken unchecked


class GenerationError(ValueError):
    """No puzzle can be made from the words (too few, or none cross)."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    size: int
    solution: tuple[str, ...]  # letters per cell (reading order, holes skipped)
    start: tuple[str, ...]
    swaps: int  # fewest swaps from start to solution
    seed: int
    solver_checked: bool = field(default=True, compare=False)  # no rival grid as near

    @property
    def layout(self) -> Layout:
        return layout(self.size)

    @property
    def limit(self) -> int:
        return swap_limit(self.size, self.swaps)

    def solution_rows(self) -> list[str]:
        return self.layout.rows(self.solution)

    def start_rows(self) -> list[str]:
        return self.layout.rows(self.start)

    def words(self) -> list[str]:
        return self.layout.words(self.solution)


def target_swaps(size: int) -> int:
    return TARGET_SWAPS.get(size, (size * size - (size // 2) ** 2) // 2)


def swap_limit(size: int, swaps: int | None = None) -> int:
    if size in SWAP_LIMIT and (swaps is None or swaps == TARGET_SWAPS[size]):
        return SWAP_LIMIT[size]
    return (swaps if swaps is not None else target_swaps(size)) + 5


def fill_grid(lay: Layout, words: Sequence[str], rng: random.Random, *,
              cancel: Callable[[], bool] | None = None,
              index: WordIndex | None = None) -> tuple[str, ...] | None:
    """A random grid of distinct words (None when the words make no grid)."""
    order = list(words)
    rng.shuffle(order)
    idx = WordIndex.build(order, lay.size)
    return next(fills(lay, idx, distinct=True, cancel=cancel, limit=1), None)


def scramble(lay: Layout, solution: Sequence[str], rng: random.Random, *, target: int,
             in_place: tuple[int, int]) -> tuple[str, ...] | None:
    """Move the solution's letters so that exactly ``target`` swaps put them back and a
    number of letters in ``in_place`` start in place; None if this draw missed."""
    n = lay.n_cells
    lo, hi = in_place
    greens = rng.randint(lo, hi)
    moved = n - greens
    cycles = moved - target  # k cells in one cycle take k - 1 swaps
    if cycles < 1 or 2 * cycles > moved:
        return None
    sizes = [2] * cycles
    for _ in range(moved - 2 * cycles):
        sizes[rng.randrange(cycles)] += 1
    cells = list(range(n))
    rng.shuffle(cells)
    start = list(solution)
    k = 0
    for size in sizes:
        cyc = cells[k:k + size]
        k += size
        for j in range(size):
            start[cyc[j]] = solution[cyc[(j + 1) % size]]
    if sum(a == b for a, b in zip(start, solution)) != greens:
        return None  # a repeated letter landed on its own kind
    if min_swaps(start, solution) != target:
        return None
    return tuple(start)


def other_fills(lay: Layout, index: WordIndex, start: Sequence[str], solution: Sequence[str],
                *, cancel: Callable[[], bool] | None = None) -> bool:
    """True when the puzzle's letters, with the letters in place kept, make some grid of
    listed words other than ``solution``."""
    fixed = {i: a for i, (a, b) in enumerate(zip(start, solution)) if a == b}
    budget = Counter(a for i, a in enumerate(start) if i not in fixed)
    # the solution is one fill: of any two, one is another
    for grid in fills(lay, index, fixed=fixed, budget=budget, cancel=cancel, limit=2):
        if tuple(grid) != tuple(solution):
            return True
    return False


def generate(size: int, words: Sequence[str], seed: int, *,
             check_words: Sequence[str] | None = None,
             solver_words: Sequence[str] | None = None,
             progress: Callable[[int, int], None] | None = None,
             cancel: Callable[[], bool] | None = None,
             max_grids: int = MAX_GRIDS) -> Puzzle:
    """A puzzle of ``size`` from ``words`` (grid words) and ``seed``.

    ``check_words`` (default: ``words``) are the words the uniqueness check counts as valid;
    ``solver_words`` (default: ``words``) the words the solver will use.
    ``progress(done, total)`` is called after each grid tried; ``cancel()`` returning True
    raises :class:`Cancelled`.  Raises :class:`GenerationError` when no puzzle comes out.
    """
    lay = layout(size)
    words = sorted({w for w in words if len(w) == size})
    check = sorted({w for w in (check_words if check_words is not None else words)
                    if len(w) == size} | set(words))
    if len(words) < len(lay.slots):
        raise GenerationError(f"the word list has {len(words)} words of {size} letters; "
                              f"a {size}x{size} grid needs at least {len(lay.slots)}")
    rng = random.Random(seed)
    check_index = WordIndex.build(check, size)
    solver = sorted({w for w in (solver_words if solver_words is not None else words)
                     if len(w) == size})
    solver_index = WordIndex.build(solver, size)
    target = target_swaps(size)
    in_place = IN_PLACE.get(size, (size, size + 3))
    set_aside = 0
    for attempt in range(max_grids):
        if cancel is not None and cancel():
            raise Cancelled()
        if progress is not None:
            progress(attempt, max_grids)
        solution = fill_grid(lay, words, rng, cancel=cancel)
        if solution is None:
            raise GenerationError(f"the {len(words)} words of {size} letters do not make any "
                                  f"{size}x{size} grid")
        rivals = valid_grids(lay, solver_index, solution, cancel=cancel,
                             node_limit=CHECK_NODES.get(size, 60_000))
        if rivals is None:
            set_aside += 1
            if set_aside < CHECK_GRIDS.get(size, 3):
                continue
        set_aside = 0
        checked = rivals is not None
        rivals = [g for g in rivals or () if g != tuple(solution)]
        for _ in range(SCRAMBLES_PER_GRID):
            start = scramble(lay, solution, rng, target=target, in_place=in_place)
            if start is None:
                continue
            if any(min_swaps(start, g) <= target for g in rivals):
                continue
            if other_fills(lay, check_index, start, solution, cancel=cancel):
                continue
            if progress is not None:
                progress(max_grids, max_grids)
            return Puzzle(size, tuple(solution), start, target, seed, checked)
    raise GenerationError(f"no puzzle with a single solution came out of {max_grids} grids "
                          f"from these {len(words)} words")
