"""Filling a grid's word slots from a word list: the search under the generator, the
uniqueness check and the solver.

Words of one length are indexed by letter position: ``masks[p][letter]`` is a bitset (a
Python int) of the words with that letter at position p, so the words fitting a slot's known
letters are one AND per known letter, and counting them is ``int.bit_count``.  The search
fills the slot with the fewest candidates first (most constrained) and checks every open
slot after each word (forward checking): a slot left without candidates ends the branch.

With a letter budget (the puzzle's letters) only words whose new letters the budget still
holds are tried, and positions are masked by the letters the budget has left.

The same search is compiled (``_fill.c``, optional: see setup.py); it visits the same nodes
in the same order and finds the same fills, 4-12 times faster, and lets other threads run
while it computes (Python's lock is taken only to ask ``cancel`` and keep a fill).  Without it, or with
``WORDBLER_PURE_PYTHON=1`` in the environment, this module's Python search runs.
"""

from __future__ import annotations

import os
from array import array
from collections import Counter
from dataclasses import dataclass, field
from itertools import islice
from typing import Callable, Iterator, Sequence

from .grid import Layout

try:  # the same search compiled (optional: see _fill.c and setup.py)
    from . import _fill as _native
except ImportError:  # pragma: no cover - a build without a C compiler
    _native = None

PURE_PYTHON_ENV = "WORDBLER_PURE_PYTHON"  # the word tools' compiled search reads it too


class Cancelled(Exception):
    """The caller asked the search to stop."""


@dataclass(frozen=True, slots=True)
class WordIndex:
    length: int
    words: tuple[str, ...]
    masks: tuple[dict, ...]  # position -> letter -> bitset of word indices
    full: int
    # the compiled search's arrays, made on first use (see _native_arrays)
    native: list = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def build(cls, words: Sequence[str], length: int) -> "WordIndex":
        words = tuple(w for w in words if len(w) == length)
        acc: list[dict[str, list[int]]] = [dict() for _ in range(length)]
        for i, w in enumerate(words):
            for p, ch in enumerate(w):
                acc[p].setdefault(ch, []).append(i)
        masks = []
        for p in range(length):
            m = {}
            for ch, idx in acc[p].items():
                bits = bytearray((len(words) + 7) // 8)
                for i in idx:
                    bits[i >> 3] |= 1 << (i & 7)
                m[ch] = int.from_bytes(bits, "little")
            masks.append(m)
        return cls(length, words, tuple(masks), (1 << len(words)) - 1)

    def __len__(self) -> int:
        return len(self.words)


def native_available() -> bool:
    """Is the compiled search built (and not switched off by the environment)?"""
    return _native is not None and os.environ.get(PURE_PYTHON_ENV, "") in ("", "0")


def _native_arrays(index: WordIndex):
    """The index as the compiled search reads it: (letters, letter -> code, masks, words),
    or None when it has more letters than a byte codes."""
    if index.native:
        return index.native[0]
    letters = tuple(sorted({ch for pm in index.masks for ch in pm}))
    got = None
    if len(letters) <= 254:
        code = {ch: i for i, ch in enumerate(letters)}
        nbytes = 8 * ((len(index.words) + 63) // 64)
        zero = bytes(nbytes)
        masks = array("Q")
        for pm in index.masks:
            for ch in letters:
                m = pm.get(ch, 0)
                masks.frombytes(m.to_bytes(nbytes, "little") if m else zero)
            masks.frombytes(zero)  # code len(letters): a letter no word has
        words = bytes(code[ch] for w in index.words for ch in w)
        got = (letters, code, masks, words)
    index.native.append(got)
    return got


def iter_bits(m: int) -> Iterator[int]:
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


_ALLOWED_KEPT = 2048  # budget sets whose allowed words a search keeps at once


class _Search:
    def __init__(self, lay: Layout, index: WordIndex, letters: list, budget: dict | None,
                 distinct: bool, cancel: Callable[[], bool] | None) -> None:
        self.lay = lay
        self.index = index
        self.letters = letters  # cell -> letter or None
        self.budget = budget  # letter -> copies left for the open cells, or None
        self.distinct = distinct
        self.cancel = cancel
        self.nodes = 0
        self.used = 0  # bitset of words placed (distinct)
        self.order: tuple[int, int] | None = None  # slots a, b: word index in a <= in b
        self.placed: list[int | None] = [None] * len(lay.slots)
        self._allowed: dict[frozenset, tuple[int, ...]] = {}
        self._zero: frozenset = frozenset()
        if budget is not None:
            self._zero = frozenset(k for k, v in budget.items() if v <= 0)

    def allowed(self) -> tuple[int, ...] | None:
        """Per position, the words whose letter there the budget still holds."""
        if self.budget is None:
            return None
        zero = self._zero
        hit = self._allowed.get(zero)
        if hit is None:
            out = []
            budget = self.budget
            for pm in self.index.masks:
                m = 0
                for ch, mask in pm.items():
                    if budget.get(ch, 0) > 0:
                        m |= mask
                out.append(m)
            if len(self._allowed) >= _ALLOWED_KEPT:
                # one entry per set of letters used up: with a large list (30,000 words of
                # the size, each entry a bitset over them per position) a long search kept
                # gigabytes; the recent ones are the ones asked for again
                self._allowed.clear()
            hit = self._allowed[zero] = tuple(out)
        return hit

    def candidates(self, slot, allowed: tuple[int, ...] | None) -> int:
        m = self.index.full
        masks = self.index.masks
        letters = self.letters
        for p, i in enumerate(slot.cells):
            ch = letters[i]
            if ch is None:
                if allowed is not None:
                    m &= allowed[p]
            else:
                m &= masks[p].get(ch, 0)
            if not m:
                return 0
        if self.distinct:
            m &= ~self.used
        return m

    def run(self, open_slots: list[int]) -> Iterator[tuple[str, ...]]:
        self.nodes += 1
        if self.cancel is not None and self.nodes % 64 == 0 and self.cancel():
            raise Cancelled()
        if not open_slots:
            yield tuple(self.letters)
            return
        best_si, best_m, best_n = -1, 0, -1
        allowed = self.allowed()
        slots = self.lay.slots
        cands = {}
        order = self.order
        for si in open_slots:
            m = self.candidates(slots[si], allowed)
            if order is not None:
                sa, sb = order
                if si == sb and self.placed[sa] is not None:
                    m &= ~((1 << self.placed[sa]) - 1)
                elif si == sa and self.placed[sb] is not None:
                    m &= (1 << (self.placed[sb] + 1)) - 1
            if not m:
                return
            cands[si] = m
        for si in open_slots:
            m = cands[si]
            n = m.bit_count()
            if best_n < 0 or n < best_n:
                best_si, best_m, best_n = si, m, n
        slot = slots[best_si]
        rest = [s for s in open_slots if s != best_si]
        letters = self.letters
        open_cells = [(p, i) for p, i in enumerate(slot.cells) if letters[i] is None]
        words = self.index.words
        budget = self.budget
        zero_before = self._zero
        for wi in iter_bits(best_m):
            w = words[wi]
            if budget is not None:
                taken = []
                for p, _ in open_cells:
                    ch = w[p]
                    if budget.get(ch, 0) > 0:
                        budget[ch] -= 1
                        taken.append(ch)
                    else:
                        break
                else:
                    taken = None
                if taken is not None:  # the budget lacks a letter (a repeated one)
                    for ch in taken:
                        budget[ch] += 1
                    continue
                emptied = [w[p] for p, _ in open_cells if budget[w[p]] == 0]
                if emptied:
                    self._zero = zero_before | frozenset(emptied)
            for p, i in open_cells:
                letters[i] = w[p]
            self.used |= 1 << wi
            self.placed[best_si] = wi
            yield from self.run(rest)
            self.placed[best_si] = None
            self.used &= ~(1 << wi)
            for p, i in open_cells:
                letters[i] = None
                if budget is not None:
                    budget[w[p]] += 1
            self._zero = zero_before


def fills(lay: Layout, index: WordIndex, *, fixed: dict[int, str] | None = None,
          budget: Counter | None = None, distinct: bool = False,
          cancel: Callable[[], bool] | None = None,
          ordered: tuple[int, int] | None = None, limit: int | None = None,
          native: bool | None = None) -> Iterator[tuple[str, ...]]:
    """Every way to fill the grid's slots with words of ``index`` (the first ``limit``).

    ``fixed``: cell -> letter that stays.  ``budget``: the letters the open cells must use
    (each fill uses exactly these when their count equals the open cells).  ``distinct``:
    no word twice.  ``ordered=(a, b)``: only fills whose word in slot a comes no later in
    the index than the word in slot b (breaks a symmetry: the caller adds the mirror
    images).  Order follows the index's word order.

    The Python search runs lazily, as the fills are asked for; the compiled one (``native``:
    True, False, or None for whenever it is built) finds them all, or the first ``limit``,
    before returning, so a caller that wants only some must say how many.  A ``cancel()``
    that returns True raises :class:`Cancelled`; an exception it raises propagates.
    """
    if index.length != lay.size:
        raise ValueError(f"words of {index.length} letters cannot fill a {lay.size}x{lay.size} grid")
    letters = [None] * lay.n_cells
    for i, ch in (fixed or {}).items():
        letters[i] = ch
    s = _Search(lay, index, letters, dict(Counter(budget)) if budget is not None else None,
                distinct, cancel)
    s.order = ordered
    # a slot whose letters are all fixed must be a word already
    open_slots = []
    for si, slot in enumerate(lay.slots):
        if all(letters[i] is not None for i in slot.cells):
            if not s.candidates(slot, s.allowed()):
                return iter(())
            continue
        open_slots.append(si)
    if native is None:
        native = native_available()
    elif native and _native is None:
        raise RuntimeError("the compiled Word Grid search is not built")
    arrays = _native_arrays(index) if native else None
    if arrays is None:
        found = s.run(open_slots)
        return found if limit is None else islice(found, limit)
    return iter(_run_native(s, open_slots, limit, arrays))


def _run_native(s: _Search, open_slots: list[int], limit: int | None, arrays) -> list:
    letters, code, masks, words = arrays
    lay, nl = s.lay, len(letters)
    slot_cells = array("i", [i for slot in lay.slots for i in slot.cells])
    cells = bytes(255 if ch is None else code.get(ch, nl) for ch in s.letters)
    budget = None
    if s.budget is not None:
        counts = [0] * (nl + 1)
        for ch, k in s.budget.items():
            if ch in code and k > 0:
                counts[code[ch]] = k
        budget = array("i", counts)
    a, b = s.order if s.order is not None else (-1, -1)
    found, nodes, cancelled = _native.search(
        slot_cells, lay.n_cells, lay.size, masks, nl, len(masks) // (lay.size * (nl + 1)),
        len(s.index.words), words, cells, budget, s.distinct, a, b, s.cancel,
        -1 if limit is None else limit, letters, bytes(open_slots))
    s.nodes += nodes
    if cancelled:
        raise Cancelled()
    return found

