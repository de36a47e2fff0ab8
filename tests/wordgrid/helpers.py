"""Test word lists and brute-force references for the Word Grid tests."""

from __future__ import annotations

import random
from collections import Counter
from collections import deque

from wordbler.wordgrid.grid import layout

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def random_words(length: int, count: int, seed: int, letters: str = LETTERS) -> list[str]:
    """A reproducible list of random 'words' (strings of letters) of one length."""
    rng = random.Random(seed)
    out = set()
    while len(out) < count:
        out.add("".join(rng.choice(letters) for _ in range(length)))
    return sorted(out)


def bfs_swaps(a, b) -> int:
    """The fewest swaps from a to b by breadth-first search over single swaps."""
    a, b = tuple(a), tuple(b)
    seen = {a: 0}
    queue = deque([a])
    while queue:
        s = queue.popleft()
        if s == b:
            return seen[s]
        for i in range(len(s)):
            for j in range(i + 1, len(s)):
                if s[i] != s[j]:
                    t = list(s)
                    t[i], t[j] = t[j], t[i]
                    t = tuple(t)
                    if t not in seen:
                        seen[t] = seen[s] + 1
                        queue.append(t)
    raise AssertionError("not reachable")


def brute_grids(size: int, words, letters=None, fixed=None):
    """Every grid of listed words (repeats allowed) as a set of cell tuples, by plain nested
    loops: the across words first, then down words checked against them.

    ``letters``: the multiset the whole grid must use; ``fixed``: cell -> letter kept."""
    lay = layout(size)
    words = sorted(set(w for w in words if len(w) == size))
    fixed = fixed or {}
    need = Counter(letters) if letters is not None else None
    across = [s for s in lay.slots if s.across]
    down = [s for s in lay.slots if not s.across]

    def fits(word, slot):
        return all(fixed.get(i, word[p]) == word[p] for p, i in enumerate(slot.cells))

    def within(counter):
        return need is None or all(need[k] >= v for k, v in counter.items())

    options = [[w for w in words if fits(w, s)] for s in across]
    # each column's possible letters on the across rows so far, as a set of prefixes
    prefixes = []
    for slot in down:
        seen = set()
        for w in words:
            if fits(w, slot):
                for k in range(1, len(across) + 1):
                    seen.add(w[0:2 * k:2])
        prefixes.append(seen)
    out = set()

    def rows(k, grid, used):
        if k == len(across):
            cols(0, grid, used)
            return
        for w in options[k]:
            c = used + Counter(w)
            if not within(c):
                continue
            g = dict(grid)
            for p, i in enumerate(across[k].cells):
                g[i] = w[p]
            ok = True
            for j, slot in enumerate(down):
                known = "".join(g[slot.cells[2 * r]] for r in range(k + 1))
                if known not in prefixes[j]:
                    ok = False
                    break
            if ok:
                rows(k + 1, g, c)

    def cols(k, grid, used):
        if k == len(down):
            cells = tuple(grid[i] for i in range(lay.n_cells))
            if need is None or Counter(cells) == need:
                out.add(cells)
            return
        slot = down[k]
        for w in words:
            if not fits(w, slot):
                continue
            if any(i in grid and grid[i] != w[p] for p, i in enumerate(slot.cells)):
                continue
            new = Counter(w[p] for p, i in enumerate(slot.cells) if i not in grid)
            c = used + new
            if not within(c):
                continue
            g = dict(grid)
            for p, i in enumerate(slot.cells):
                g[i] = w[p]
            cols(k + 1, g, c)

    rows(0, {}, Counter())
    return out
