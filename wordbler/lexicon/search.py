"""The word searches on a :class:`~wordbler.lexicon.graph.LexGraph` (its forward DAWG).

Each search walks the flat arrays directly: a node's children are a bit mask (bit ``i`` =
letter ``i`` of the graph's alphabet, ``graph.final`` = a word ends here) and the child for
bit ``b`` is ``fedge[fstart[n] + popcount(mask & (b - 1))]``.  The hot loops allocate
nothing per step but the words they find.

* :func:`grid_search` -- words along paths in a letter grid.  Per grid shape a neighbour
  table is made once (cached); per board each cell's neighbours are listed with their
  letter bits, and each cell gets the mask of the letters around it, so the search only
  descends where a neighbour can continue the word.
* :func:`anagram_search` -- words from a multiset of letters and blanks, between two
  lengths.  A word's letter is taken from a real tile when one is left, else from a blank,
  so each word is reached once; nodes whose longest continuation is too short are pruned
  (per-node heights, computed once per graph).
* :func:`pattern_search` -- words matching a pattern, walked as a set of pattern positions
  (an NFA run on the DAWG), or, when the open places must come from given letters, one
  position at a time with the letters' counts.

The results are plain collections; :mod:`wordbler.lexicon.queries` sorts them for listing.
"""

from __future__ import annotations

import os
from array import array
from functools import lru_cache
from typing import Sequence

from .graph import LexGraph

try:  # the same grid search compiled (optional: see _gridsearch.c and setup.py)
    from . import _gridsearch as _native
except ImportError:  # pragma: no cover - depends on the build
    _native = None

#: Set (to anything but "" or "0") to run the pure-Python grid search even when the
#: compiled one is there.
PURE_PYTHON_ENV = "WORDBLER_PURE_PYTHON"

GridPath = tuple[tuple[int, int], ...]


# ---- per-graph tables ---------------------------------------------------------------
def heights(graph: LexGraph) -> array:
    """Per forward node, the most letters that can still follow it to a word's end
    (0 for a node that only ends a word; the dead node 0 gets 0)."""
    h = graph.memo.get("heights")
    if h is not None:
        return h
    FM, FS, FE = graph.fmask, graph.fstart, graph.fedge
    allm = graph.all_letters
    n = len(FM)
    h = array("i", bytes(4 * n))
    ordered = True
    for node in range(1, n):
        k = (FM[node] & allm).bit_count()
        if k:
            base = FS[node]
            best = 0
            for j in range(base, base + k):
                c = FE[j]
                if c >= node:
                    ordered = False
                    break
                if h[c] > best:
                    best = h[c]
            if not ordered:
                break
            h[node] = best + 1
    if not ordered:  # not the usual layout (children first): a plain memoised walk
        h = array("i", bytes(4 * n))
        done = bytearray(n)
        for start in range(1, n):
            stack = [start]
            while stack:
                node = stack[-1]
                if done[node]:
                    stack.pop()
                    continue
                k = (FM[node] & allm).bit_count()
                kids = FE[FS[node] : FS[node] + k]
                todo = [c for c in kids if not done[c]]
                if todo:
                    stack.extend(todo)
                    continue
                h[node] = 1 + max((h[c] for c in kids), default=-1) if k else 0
                done[node] = 1
                stack.pop()
    graph.memo["heights"] = h
    return h


def _bit_index(graph: LexGraph) -> dict[int, int]:
    d = graph.memo.get("bit_index")
    if d is None:
        d = graph.memo["bit_index"] = {1 << i: i for i in range(len(graph.letters))}
    return d


# ---- grids --------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _shape(widths: tuple[int, ...]
           ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]]:
    """For a grid whose rows have these widths: each cell's neighbours (cell numbers, in
    (row, col) order) and each cell's coordinates."""
    starts = []
    total = 0
    for w in widths:
        starts.append(total)
        total += w
    coords = tuple((r, c) for r, w in enumerate(widths) for c in range(w))
    nbs = []
    rows = len(widths)
    for r, c in coords:
        out = []
        for rr in (r - 1, r, r + 1):
            if 0 <= rr < rows:
                for cc in (c - 1, c, c + 1):
                    if (rr != r or cc != c) and 0 <= cc < widths[rr]:
                        out.append(starts[rr] + cc)
        nbs.append(tuple(out))
    return tuple(nbs), coords


def native_available() -> bool:
    """Is the compiled grid search built (and not switched off by the environment)?"""
    return _native is not None and os.environ.get(PURE_PYTHON_ENV, "") in ("", "0")


def grid_search(graph: LexGraph, cells: Sequence[Sequence[str]], min_len: int = 3, *,
                native: bool | None = None) -> dict[str, GridPath]:
    """Every word along a path of neighbouring cells (each cell once), of at least
    ``min_len`` letters (a cell's letters all count).  Maps each word to its first path in
    (row, col) order.  ``cells``: rows of non-empty strings of the graph's letters.

    ``native``: use the compiled search (True), the Python one (False), or the compiled
    one when it is available (None).  Both give the same result.
    """
    if native is None:
        native = native_available()
    elif native and _native is None:
        raise RuntimeError("the compiled grid search is not built")
    index = graph._index
    nbs, coords = _shape(tuple(len(row) for row in cells))
    flat = [cell for row in cells for cell in row]
    n = len(flat)
    if not n:
        return {}
    FM, FS, FE = graph.fmask, graph.fstart, graph.fedge
    FINAL = graph.final
    try:
        first_i = [index[cell[0]] for cell in flat]
        rest_i = [tuple([index[ch] for ch in cell[1:]]) for cell in flat]
    except KeyError as e:
        raise ValueError(f"grid letter {e.args[0]!r} is not in the word graph's alphabet") from None
    if native:
        return _native.search(graph.fmask, graph.fmask.itemsize, graph.fstart, graph.fedge,
                              graph.froot, len(graph.letters), first_i, rest_i, flat, nbs,
                              coords, min_len)
    first = [1 << i for i in first_i]
    rest = [tuple([1 << i for i in r]) for r in rest_i]
    lens = [len(cell) for cell in flat]
    multi = any(rest)
    # per cell: its neighbours with their (first) letter bits, and the mask of those
    # letters (the search descends only where a neighbour can continue the word)
    nb = []
    near = []
    for i in range(n):
        pairs = tuple([(j, first[j]) for j in nbs[i]])
        nb.append(pairs)
        m = 0
        for _, b in pairs:
            m |= b
        near.append(m)
    found: dict[str, GridPath] = {}
    used = [False] * n
    path: list = [None] * (n + 1)  # coordinates of the path's cells
    text = [""] * (n + 1)  # the path's cells' letters
    join = "".join

    # Two copies of one search: cells of one letter each (a word's length is its path's),
    # and any cells (a cell's further letters are followed in the graph too).
    def extend(node: int, i: int, depth: int) -> None:
        # node: reached by the path's first ``depth`` cells, ending at cell i
        m = FM[node]
        base = FS[node]
        d1 = depth + 1
        for j, b in nb[i]:
            if not m & b or used[j]:
                continue
            child = FE[base + (m & (b - 1)).bit_count()]
            path[depth] = coords[j]
            text[depth] = flat[j]
            cm = FM[child]
            if cm & FINAL and d1 >= min_len:
                w = join(text[:d1])
                if w not in found:
                    found[w] = tuple(path[:d1])
            if cm & near[j]:
                used[j] = True
                extend(child, j, d1)
                used[j] = False

    def extend_multi(node: int, i: int, depth: int, length: int) -> None:
        m = FM[node]
        base = FS[node]
        d1 = depth + 1
        for j, b in nb[i]:
            if not m & b or used[j]:
                continue
            child = FE[base + (m & (b - 1)).bit_count()]
            for bb in rest[j]:
                cm = FM[child]
                if not cm & bb:
                    child = 0
                    break
                child = FE[FS[child] + (cm & (bb - 1)).bit_count()]
            if not child:
                continue
            path[depth] = coords[j]
            text[depth] = flat[j]
            cm = FM[child]
            ln = length + lens[j]
            if cm & FINAL and ln >= min_len:
                w = join(text[:d1])
                if w not in found:
                    found[w] = tuple(path[:d1])
            if cm & near[j]:
                used[j] = True
                extend_multi(child, j, d1, ln)
                used[j] = False

    root = graph.froot
    rm = FM[root]
    rbase = FS[root]
    for i in range(n):
        b = first[i]
        if not rm & b:
            continue
        child = FE[rbase + (rm & (b - 1)).bit_count()]
        for bb in rest[i]:
            cm = FM[child]
            if not cm & bb:
                child = 0
                break
            child = FE[FS[child] + (cm & (bb - 1)).bit_count()]
        if not child:
            continue
        path[0] = coords[i]
        text[0] = flat[i]
        cm = FM[child]
        if cm & FINAL and lens[i] >= min_len and flat[i] not in found:
            found[flat[i]] = (coords[i],)
        if cm & near[i]:
            used[i] = True
            if multi:
                extend_multi(child, i, 1, lens[i])
            else:
                extend(child, i, 1)
            used[i] = False
    return found


# ---- anagrams -----------------------------------------------------------------------
def anagram_search(graph: LexGraph, letters: str, blanks: int, lo: int, hi: int) -> list[str]:
    """The words of ``lo..hi`` letters that ``letters`` (each at most as often as given)
    and ``blanks`` (each any letter) can make.  Unordered; each word once."""
    index = graph._index
    L = graph.letters
    counts = [0] * len(L)
    for ch in letters:
        counts[index[ch]] += 1
    hi = min(hi, len(letters) + blanks)
    if lo > hi:
        return []
    rack = 0
    for i, k in enumerate(counts):
        if k:
            rack |= 1 << i
    FM, FS, FE = graph.fmask, graph.fstart, graph.fedge
    FINAL, ALL = graph.final, graph.all_letters
    H = heights(graph)
    BIDX = _bit_index(graph)
    cur = [""] * (hi + 1)
    out: list[str] = []
    record = out.append
    join = "".join

    def rec(node: int, depth: int, rmask: int, nblank: int) -> None:
        m = FM[node]
        d1 = depth + 1
        need = lo - d1  # letters still needed after the next one
        cand = m & (ALL if nblank else rmask)
        base = FS[node]
        while cand:
            b = cand & -cand
            cand ^= b
            child = FE[base + (m & (b - 1)).bit_count()]
            if need > 0 and H[child] < need:
                continue
            li = BIDX[b]
            cur[depth] = L[li]
            if rmask & b:
                c = counts[li] - 1
                counts[li] = c
                rm2 = rmask if c else rmask ^ b
                nb2 = nblank
            else:
                c = -1
                rm2 = rmask
                nb2 = nblank - 1
            cm = FM[child]
            if cm & FINAL and d1 >= lo:
                record(join(cur[:d1]))
            if d1 < hi and cm & ALL and (rm2 or nb2):
                rec(child, d1, rm2, nb2)
            if c >= 0:
                counts[li] = c + 1

    rec(graph.froot, 0, rack, blanks)
    return out


# ---- patterns -----------------------------------------------------------------------
# Pattern items (as parsed by wordbler.lexicon.queries.parse_pattern):
#   ("lit", letter) | ("any", None) | ("set", frozenset of letters) | ("star", None)

def _item_masks(graph: LexGraph, items) -> tuple[list[int], list[bool]]:
    index = graph._index
    ALL = graph.all_letters
    masks, stars = [], []
    for kind, val in items:
        if kind == "lit":
            i = index.get(val, -1)
            masks.append(1 << i if i >= 0 else 0)
        elif kind == "set":
            m = 0
            for ch in val:
                i = index.get(ch, -1)
                if i >= 0:
                    m |= 1 << i
            masks.append(m)
        else:
            masks.append(ALL)
        stars.append(kind == "star")
    return masks, stars


def pattern_search(graph: LexGraph, items, letters: str | None = None, blanks: int = 0
                   ) -> set[str]:
    """The words matching the pattern ``items``; with ``letters``, the open places (all but
    the pattern's own letters) are filled only from ``letters`` (each at most as often as
    given) and ``blanks`` (any letter)."""
    masks, stars = _item_masks(graph, items)
    K = len(items)
    # fixed letters after each position (the fewest letters still to come)
    after = [0] * (K + 1)
    for k in range(K - 1, -1, -1):
        after[k] = after[k + 1] + (0 if stars[k] else 1)
    if letters is None:
        return _pattern_nfa(graph, items, masks, stars, after)
    if all(kind in ("star", "any") for kind, _ in items):
        # only ``?`` and ``*``: a length rule over the words the letters make.  The walk
        # met each word once for every way to split it between the stars and the ``?``s
        # (``*?*?*`` with seven blanks: 7.6 s, with fifteen: never done), the anagram
        # search once
        n = K - sum(stars)
        hi = len(letters) + blanks if any(stars) else n
        return set(anagram_search(graph, letters, blanks, max(n, 1), hi))
    # The letters a word takes from ``letters`` are its letters less the pattern's own
    # (literal) letters, whatever way the word splits between the stars: every literal takes
    # one place holding its letter.  So the walk over the pattern's states (each word met
    # once) keeps a budget of ``letters`` plus the literals, then ``blanks``.  The walk over
    # pattern places met a word once per split: ``*?E*?*`` with seven blanks took 2.8 s
    index = graph._index
    budget = [0] * len(graph.letters)
    for ch in letters:
        budget[index[ch]] += 1
    for kind, val in items:
        if kind == "lit":
            budget[index[val]] += 1
    return _pattern_nfa(graph, items, masks, stars, after, budget, blanks)


def _pattern_nfa(graph, items, masks, stars, after, budget: list[int] | None = None,
                 blanks: int = 0) -> set[str]:
    """The words matching the pattern, each met once: the walk keeps the set of pattern
    places the word so far can reach.  ``budget`` (letter index -> copies) and ``blanks``:
    every letter of the word is taken from them (None: no limit)."""
    K = len(items)
    FM, FS, FE = graph.fmask, graph.fstart, graph.fedge
    FINAL = graph.final
    H = heights(graph)
    BIDX = _bit_index(graph)
    L = graph.letters

    def closure(s: int) -> int:
        k = 0
        while k < K:
            if s >> k & 1 and stars[k]:
                s |= 1 << (k + 1)
            k += 1
        return s

    accept_bit = 1 << K
    info: dict[int, tuple[int, int]] = {}  # state -> (letters it can take, fewest to come)
    step: dict[tuple[int, int], int] = {}

    def state_info(s: int) -> tuple[int, int]:
        r = info.get(s)
        if r is None:
            cm = 0
            least = 1 << 30
            for k in range(K + 1):
                if s >> k & 1:
                    if k < K:
                        cm |= masks[k]
                    least = min(least, after[k])
            r = info[s] = (cm, least)
        return r

    def move(s: int, b: int) -> int:
        t = step.get((s, b))
        if t is None:
            t = 0
            for k in range(K):
                if s >> k & 1 and masks[k] & b:
                    t |= 1 << k if stars[k] else 1 << (k + 1)
            t = step[(s, b)] = closure(t)
        return t

    out: set[str] = set()
    cur: list[str] = []
    spare = [blanks]
    left = [blanks + (sum(budget) if budget is not None else 0)]  # letters the budget has

    def rec(node: int, s: int) -> None:
        m = FM[node]
        if m & FINAL and s & accept_bit and cur:
            out.add("".join(cur))
        cm, least = state_info(s)
        cand = m & cm
        base = FS[node]
        while cand:
            b = cand & -cand
            cand ^= b
            t = move(s, b)
            if not t:
                continue
            child = FE[base + (m & (b - 1)).bit_count()]
            if H[child] < state_info(t)[1]:
                continue  # the word cannot go on as long as the pattern needs
            li = BIDX[b]
            if budget is not None:
                if state_info(t)[1] >= left[0]:
                    continue  # more letters still to come than the budget has after this one
                # the letter's own copies first, then a blank
                pool, k = (budget, li) if budget[li] else (spare, 0)
                if not pool[k]:
                    continue
                pool[k] -= 1
                left[0] -= 1
            cur.append(L[li])
            rec(child, t)
            cur.pop()
            if budget is not None:
                pool[k] += 1
                left[0] += 1

    rec(graph.froot, closure(1))
    return out
