"""The fewest swaps that turn one arrangement of letters into another, exactly.

Each misplaced cell is an edge ``current letter -> wanted letter`` of a directed multigraph
on the letters.  A cycle of k such cells is put right with k - 1 swaps, so the fewest swaps
is ``misplaced - (the largest number of edge-disjoint cycles the edges split into)``.  With
repeated letters the split is a real choice (which copy of an E goes where), so it is
searched exactly:

1. every pair of opposite edges (a->b, b->a) is taken as a 2-cycle: there is always a best
   split that does so (swapping edges between cycles never loses one);
2. what is left has no 2-cycles; a depth-first search takes the first remaining edge and
   tries every simple cycle through it, memoised on the multiset of edges left, with the
   bound ``found + left // 3``.

The instances are small (at most 40 cells), so this is exact and fast.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Sequence


class SwapError(ValueError):
    """The two arrangements do not hold the same letters."""


def _edges(current: Sequence[str], target: Sequence[str]):
    if len(current) != len(target):
        raise SwapError("the arrangements have different sizes")
    if sorted(current) != sorted(target):
        raise SwapError("the arrangements do not hold the same letters")
    cells: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, (a, b) in enumerate(zip(current, target)):
        if a != b:
            cells[(a, b)].append(i)
    return cells


def _max_cycles(counts: dict[tuple[str, str], int]) -> tuple[int, list[list[tuple[str, str]]]]:
    """The largest number of edge-disjoint cycles of a 2-cycle-free Eulerian multigraph given
    as edge counts, and one such split (each cycle a list of edges in order)."""
    keys = sorted(counts)
    pos = {k: i for i, k in enumerate(keys)}
    out: dict[str, list[str]] = defaultdict(list)
    for a, b in keys:
        out[a].append(b)
    memo: dict[tuple[int, ...], tuple[int, tuple | None]] = {}

    def cycles_through(state: list[int], first: tuple[str, str]):
        start, nxt = first
        path = [first]
        seen = {start, nxt}
        used = {first: 1}

        def walk(node: str):
            for b in out[node]:
                e = (node, b)
                if state[pos[e]] - used.get(e, 0) <= 0:
                    continue
                if b == start:
                    yield path + [e]
                    continue
                if b in seen:
                    continue
                seen.add(b)
                path.append(e)
                used[e] = used.get(e, 0) + 1
                yield from walk(b)
                used[e] -= 1
                path.pop()
                seen.discard(b)

        yield from walk(nxt)

    def best(state: list[int]) -> int:
        key = tuple(state)
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        try:
            k = next(i for i, c in enumerate(state) if c)
        except StopIteration:
            memo[key] = (0, None)
            return 0
        left = sum(state)
        top, choice = -1, None
        for cyc in cycles_through(state, keys[k]):
            for e in cyc:
                state[pos[e]] -= 1
            v = 1 + best(state)
            for e in cyc:
                state[pos[e]] += 1
            if v > top:
                top, choice = v, tuple(cyc)
                if top >= left // 3:  # every cycle here has 3 or more edges: no better split
                    break
        if choice is None:  # cannot happen for an Eulerian graph
            raise SwapError("the letters do not balance")
        memo[key] = (top, choice)
        return top

    state = [counts[k] for k in keys]
    total = best(state)
    split = []
    while any(state):
        cyc = memo[tuple(state)][1]
        split.append(list(cyc))
        for e in cyc:
            state[pos[e]] -= 1
    return total, split


def _split(current: Sequence[str], target: Sequence[str]) -> list[list[int]]:
    """A largest split of the misplaced cells into cycles; each cycle lists cells so that the
    letter of each cell is wanted by the cell before it."""
    cells = _edges(current, target)
    pools = {k: list(v) for k, v in cells.items()}
    cycles: list[list[int]] = []
    counts: dict[tuple[str, str], int] = {}
    for (a, b), v in sorted(cells.items()):
        if a < b and (b, a) in cells:
            for _ in range(min(len(v), len(cells[(b, a)]))):
                cycles.append([pools[(a, b)].pop(), pools[(b, a)].pop()])
    for k, v in pools.items():
        if v:
            counts[k] = len(v)
    _, split = _max_cycles(counts)
    for cyc in split:
        cycles.append([pools[e].pop() for e in cyc])
    return cycles


def min_swaps(current: Sequence[str], target: Sequence[str]) -> int:
    """The fewest swaps of two cells that turn ``current`` into ``target``."""
    cycles = _split(current, target)
    return sum(len(c) - 1 for c in cycles)


def swap_plan(current: Sequence[str], target: Sequence[str]) -> list[tuple[int, int]]:
    """A fewest-swaps sequence (pairs of cell indices) turning ``current`` into ``target``.

    Every swap puts at least one letter in its place, and no swap moves a letter that is
    already in its place."""
    plan: list[tuple[int, int]] = []
    for cyc in _split(current, target):
        # cell cyc[j] wants the letter of cyc[j+1]: swap them, cyc[j] is done, go on
        for j in range(len(cyc) - 1):
            plan.append((cyc[j], cyc[j + 1]))
    return plan


def apply_swaps(letters: Sequence[str], swaps) -> tuple[str, ...]:
    out = list(letters)
    for i, j in swaps:
        out[i], out[j] = out[j], out[i]
    return tuple(out)
