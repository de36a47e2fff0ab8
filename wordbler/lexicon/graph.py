"""The lexicon as a GADDAG in flat integer arrays, built once and cached on disk.

Structure
---------
Two automata share the work, both stored as flat ``array('I')`` tables (4 bytes a slot):

*Forward graph* ``F`` -- a minimal DAWG of the words (Appel--Jacobson).  Node ``n`` has an
edge mask ``fmask[n]`` (bit ``i`` = the alphabet's letter ``i``; bit ``len(letters)``, the
graph's ``final``, = "a word ends here") and its children in letter order at
``fedge[fstart[n]:]``; the child for letter bit ``b`` is
``fedge[fstart[n] + popcount(fmask[n] & (b - 1))]``.  Node 0 is a dead node, ``froot`` the root.

Any alphabet: the letters are given to :meth:`LexGraph.build` (default ``A``-``Z``, the
board game's; then bit 26 is the final bit, :data:`FINAL`, and the masks fit 32-bit
slots).  An alphabet of more than 31 letters (Russian: 33) keeps its masks in 64-bit slots.
Word lengths are bounded only by ``max_len`` (the board game's 15 by default; ``None``: the
longest word).

*Reverse graph* ``R`` -- the "before the separator" half of Gordon's GADDAG.  Reading letters
leftwards from some square spells ``u`` backwards; ``R`` has a path for that exactly when ``u``
occurs inside some word.  ``rsep[n]`` is the GADDAG's separator edge: the forward node reached
by ``u`` when ``u`` is a word prefix (0 otherwise), so the right-hand part of a move continues
in ``F``.  Sharing ``F`` as the whole "after the separator" half is what makes this small and
quick to build: a classic GADDAG stores ``len(word)`` paths per word, here only the
reversed factors are stored, and ``R`` is minimised too (equal signature -> one node).

The reverse graph is optional (``reverse=False``): the word queries of
:mod:`wordbler.lexicon.search` walk the forward graph only, so lists that only they use
skip it (a fraction of the build time and cache size).

Both graphs are built level by level from sorted sets of strings with comprehensions and
dicts, so the build of a 250k-word list takes seconds, not minutes, in pure Python.

Cache
-----
``load_or_build`` keeps the arrays in the user's cache directory
(:func:`wordbler.paths.user_cache_dir`), keyed by the caller's key (e.g. the word list's
content hash), the build options and ``FORMAT_VERSION``. The file is a fixed header (magic,
version, key, array lengths, SHA-256 of the payload) followed by the raw little-endian
arrays; anything that does not match is rebuilt, never trusted. No pickle, eval or marshal
is involved.
"""

from __future__ import annotations

import errno
import gc
import hashlib
import os
import stat
import struct
import sys
import time
from array import array
from collections import Counter
from itertools import accumulate
from pathlib import Path
from typing import Callable, Iterable

from ..fileio import write_atomic

MAX_CACHE_BYTES = 256 * 1024 * 1024  # the bundled English graph is about 10 MB
FORMAT_VERSION = 3  # 3: the checksum covers the header too
MAGIC = b"WBLXGRF\x00"
ENGLISH_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
FINAL = 1 << 26  # the final bit of an A-Z graph (the board game's)
ALL_LETTERS = (1 << 26) - 1
MAX_WORD = 15
MIN_WORD = 2
MAX_LETTERS = 63  # letters of one alphabet (the final bit must fit a 64-bit mask)
CACHE_KEEP = 4  # graphs kept in the cache directory (the most recently used)
MEMO_LIMIT = 50_000  # nodes per memo of children tuples (a few MB at most)

_TYPECODE = "I" if array("I").itemsize == 4 else "L"
if array(_TYPECODE).itemsize != 4:  # pragma: no cover - no such platform in practice
    raise ImportError("no 4-byte unsigned array type on this platform")
_TYPECODE64 = "Q"
_MASK_ARRAYS = frozenset({"fmask", "rmask"})

# header: magic, version, word count, froot, rroot, key length, 7 array lengths, sha256
_HEADER = struct.Struct("<8sIIIII7I32s")
_DIGEST_AT = _HEADER.size - 32  # the digest closes the header
_ARRAY_NAMES = ("fmask", "fstart", "fedge", "rmask", "rstart", "redge", "rsep")

Progress = Callable[[float], None]


class CacheError(ValueError):
    """A cache file that cannot be used (corrupt, truncated, stale or for another key)."""


def _normalise(words: Iterable[str], letters: str = ENGLISH_LETTERS, min_len: int = MIN_WORD,
               max_len: int | None = MAX_WORD) -> list[str]:
    """Sorted distinct words of ``min_len..max_len`` of ``letters`` (upper-cased), each in
    the graph's internal spelling (letter ``i`` as ``chr(65 + i)``, which is the word itself
    for A-Z); anything else is skipped."""
    top = max_len if max_len is not None else 1 << 30
    out = []
    if letters == ENGLISH_LETTERS:
        for w in words:
            w = w.strip().upper()
            if min_len <= len(w) <= top and w.isascii() and w.isalpha():
                out.append(w)
    else:
        table = {ord(c): chr(65 + i) for i, c in enumerate(letters)}
        allowed = frozenset(letters)
        for w in words:
            w = w.strip().upper()
            if min_len <= len(w) <= top and allowed.issuperset(w):
                out.append(w.translate(table))
    # Sorting 300,000 words is one C call that holds Python's lock for about 150 ms: a
    # freeze of the window whose worker thread builds the graph.  A word list's words
    # mostly come sorted and distinct, which a Python loop (letting other threads run)
    # checks; others are sorted a first letter at a time, a few milliseconds each.
    it = iter(out)
    prev = next(it, None)
    for w in it:
        if not prev < w:
            break
        prev = w
    else:
        return out
    by_first: dict[str, list[str]] = {}
    for w in out:
        by_first.setdefault(w[:1], []).append(w)
    ordered: list[str] = []
    for first in sorted(by_first):
        ordered.extend(sorted(set(by_first[first])))
    return ordered


def _minimise_levels(levels, heads_of, progress, lo, hi):
    """Bottom-up minimisation of a trie given as sorted per-length lists of its strings.

    ``levels[L]`` holds the sorted, distinct strings of length ``L``; the children of ``s``
    are the strings ``s + c`` of the next level, so (both lists being sorted) they form one
    contiguous block there, in letter order, and the blocks come in the order of their
    parents.  ``heads_of(L)`` gives, per string of level ``L``, the integer that leads its
    signature (final flag or separator target).  Returns ``(signatures, classes)``:
    signatures in class order (class 0 is a dead sentinel) and the class of every string,
    per level.  A childless node's signature is its bare head; others are tuples.
    """
    reg: dict = {None: 0}
    classes: list[list[int]] = [[] for _ in levels]
    top = len(levels) - 1
    for L in range(top, -1, -1):
        lev = levels[L]
        heads = heads_of(L)
        nxt = levels[L + 1] if L < top else []
        setdefault = reg.setdefault
        if nxt:
            counts = Counter([s[:-1] for s in nxt])
            get = counts.get
            ends = list(accumulate([get(s, 0) for s in lev]))
            starts = [0]
            starts += ends[:-1]
            tokens = [c * 64 + ord(s[-1]) - 65 for c, s in zip(classes[L + 1], nxt)]
            classes[L] = [
                setdefault((h, *tokens[a:b]) if a != b else h, len(reg))
                for h, a, b in zip(heads, starts, ends)
            ]
        else:
            classes[L] = [setdefault(h, len(reg)) for h in heads]
        if progress is not None:
            progress(lo + (hi - lo) * (top - L + 1) / (top + 1))
    return list(reg), classes


def _reverse_classes(plevels, fclasses, progress, lo, hi, top):
    """The minimised reverse graph, level by level from the longest reversed factors.

    Level ``L`` holds the reversed factors of length ``L``: the reversed prefixes of that
    length plus level ``L+1`` less its last letter.  Both are sorted runs (cutting the last
    letter off a sorted list keeps it sorted), so one merge gives the level, and the parents
    cut from level ``L+1`` are counted on the way, which is where each node's block of
    children ends.  A node's signature is its separator target (the forward class of the
    prefix it spells, if any) and its children's letters and classes, as in
    :func:`_minimise_levels`.  Returns ``(signatures, root class)``.
    """
    reg: dict = {None: 0}
    setdefault = reg.setdefault
    nxt: list[str] = []
    nxt_classes: list[int] = []
    for L in range(top, -1, -1):
        if L:
            revs = [p[::-1] for p in plevels[L]]
            sep_of = dict(zip(revs, fclasses[L])).get
            revs.sort()
        else:
            revs, sep_of = [""], {}.get  # the root; it never crosses the separator
        if nxt:
            counts = Counter([s[:-1] for s in nxt])
            level = list(dict.fromkeys(sorted([*counts, *revs]))) if revs else list(counts)
            get = counts.get
            ends = list(accumulate([get(s, 0) for s in level]))
            starts = [0]
            starts += ends[:-1]
            tokens = [c * 64 + ord(s[-1]) - 65 for c, s in zip(nxt_classes, nxt)]
            classes = [
                setdefault((h, *tokens[a:b]) if a != b else h, len(reg))
                for h, a, b in zip([sep_of(s, 0) for s in level], starts, ends)
            ]
        else:
            level = revs
            classes = [setdefault(sep_of(s, 0), len(reg)) for s in level]
        nxt, nxt_classes = level, classes
        if progress is not None:
            progress(lo + (hi - lo) * (top - L + 1) / (top + 1))
    return list(reg), nxt_classes[0]


def _layout(sigs, mask_of_head, mask_type=_TYPECODE):
    """Flatten signatures (class order) into mask / start / edge arrays (+ heads)."""
    mask = array(mask_type, [0])
    start = array(_TYPECODE, [0])
    edge = array(_TYPECODE)
    heads = array(_TYPECODE, [0])
    bits = [1 << i for i in range(64)]
    for sig in sigs[1:]:
        if isinstance(sig, tuple):
            head = sig[0]
            toks = sig[1:]
        else:
            head, toks = sig, ()
        m = 0
        for t in toks:
            m |= bits[t & 63]
        mask.append(m | mask_of_head(head))
        start.append(len(edge))
        edge.extend([t >> 6 for t in toks])
        heads.append(head)
    return mask, start, edge, heads


class LexGraph:
    """A GADDAG-style lexicon graph in flat arrays.  Build with :meth:`build`.

    ``letters``: the alphabet (letter ``i`` is bit ``i`` of a mask); ``final``: the bit
    that marks a word's end (``FINAL`` for A-Z); ``all_letters``: ``final - 1``;
    ``has_reverse``: whether the reverse half (``rmask``...) was built; ``min_len`` /
    ``max_len``: the word lengths kept.
    """

    __slots__ = (
        "fmask",
        "fstart",
        "fedge",
        "rmask",
        "rstart",
        "redge",
        "rsep",
        "froot",
        "rroot",
        "word_count",
        "letters",
        "final",
        "all_letters",
        "has_reverse",
        "min_len",
        "max_len",
        "memo",
        "options",
        "_index",
        "_fkids",
        "_rkids",
    )

    def __init__(self, arrays: dict[str, array], froot: int, rroot: int, word_count: int,
                 letters: str = ENGLISH_LETTERS, *, has_reverse: bool = True,
                 min_len: int = MIN_WORD, max_len: int = MAX_WORD, options: str | None = None):
        for name in _ARRAY_NAMES:
            setattr(self, name, arrays[name])
        self.froot = froot
        self.rroot = rroot
        self.word_count = word_count
        self.letters = letters
        self.final = 1 << len(letters)
        self.all_letters = self.final - 1
        self.has_reverse = has_reverse
        self.min_len = min_len
        self.max_len = max_len
        self.options = options or options_text(letters, min_len, max_len, has_reverse)
        self.memo: dict = {}  # per-graph tables of the word searches (wordbler.lexicon.search)
        self._index = {c: i for i, c in enumerate(letters)}
        self._fkids: dict[int, tuple] = {}  # memo for forward_children()
        self._rkids: dict[int, tuple] = {}  # memo for reverse_children()

    # ---------------------------------------------------------------- building
    @classmethod
    def build(
        cls,
        words: Iterable[str],
        progress: Progress | None = None,
        *,
        letters: str | Iterable[str] = ENGLISH_LETTERS,
        min_len: int = MIN_WORD,
        max_len: int | None = MAX_WORD,
        reverse: bool = True,
    ) -> "LexGraph":
        """Build from any iterable of words (upper-cased; kept when they have
        ``min_len..max_len`` letters, all of ``letters``; others are skipped).

        The defaults are the board game's: 2..15 letters A-Z, with the reverse half.
        ``max_len=None``: no upper bound.  ``reverse=False``: the forward DAWG only.
        """
        letters = "".join(letters)
        if not letters or len(set(letters)) != len(letters) or len(letters) > MAX_LETTERS:
            raise ValueError(f"letters must be 1..{MAX_LETTERS} distinct characters")
        if min_len < 1:
            raise ValueError("min_len must be at least 1")
        # The build allocates millions of short-lived strings and tuples; the cyclic garbage
        # collector would rescan them over and over (none of them forms a cycle).
        gc_was_enabled = gc.isenabled()
        gc.disable()
        try:
            return cls._build(words, progress or (lambda f: None), letters, min_len, max_len,
                              reverse)
        finally:
            if gc_was_enabled:
                gc.enable()

    @classmethod
    def _build(cls, words: Iterable[str], report: Progress, letters: str, min_len: int,
               max_len: int | None, reverse: bool) -> "LexGraph":
        report(0.0)
        ws = _normalise(words, letters, min_len, max_len)
        report(0.05)
        wordset = set(ws)
        top = max_len if max_len is not None else max(map(len, ws), default=0)
        top = max(top, 1)
        final = 1 << len(letters)
        mask_type = _TYPECODE if len(letters) < 32 else _TYPECODE64

        # Prefixes by length, sorted.  Cutting the last letter off a sorted level keeps it
        # sorted (duplicates side by side), and sorting two sorted runs is one merge, so
        # no level needs a full sort.
        by_len: list[list[str]] = [[] for _ in range(top + 1)]
        for w in ws:
            by_len[len(w)].append(w)  # ws is sorted, so each list is too
        plevels: list[list[str]] = [[] for _ in range(top + 1)]
        plevels[top] = by_len[top]
        for L in range(top - 1, -1, -1):
            cut = list(dict.fromkeys([s[:-1] for s in plevels[L + 1]]))
            plevels[L] = list(dict.fromkeys(sorted(cut + by_len[L]))) if by_len[L] else cut
        plevels[0] = [""]  # the root, even for an empty list
        del by_len
        report(0.12)

        def final_flags(L: int) -> list[int]:
            lev = plevels[L]
            return [1 if s in wordset else 0 for s in lev] if L >= min_len else [0] * len(lev)

        split = 0.3 if reverse else 0.95
        fsigs, fclasses = _minimise_levels(plevels, final_flags, report, 0.12, split)
        fmask, fstart, fedge, _ = _layout(fsigs, lambda fin: final if fin else 0, mask_type)
        froot = fclasses[0][0]
        report(split + 0.02)

        if reverse:
            rsigs, rroot = _reverse_classes(plevels, fclasses, report, 0.32, 0.92, top)
            del plevels, fclasses
            rmask, rstart, redge, rsep = _layout(rsigs, lambda sep: 0, mask_type)
        else:
            del plevels, fclasses
            rroot = 0
            rmask, rstart = array(mask_type, [0]), array(_TYPECODE, [0])
            redge, rsep = array(_TYPECODE), array(_TYPECODE, [0])
        report(0.98)
        graph = cls(
            {
                "fmask": fmask,
                "fstart": fstart,
                "fedge": fedge,
                "rmask": rmask,
                "rstart": rstart,
                "redge": redge,
                "rsep": rsep,
            },
            froot,
            rroot,
            len(ws),
            letters,
            has_reverse=reverse,
            min_len=min_len,
            max_len=top,
            options=options_text(letters, min_len, max_len, reverse),
        )
        report(1.0)
        return graph

    # ---------------------------------------------------------------- queries
    def letter_index(self, letter: str) -> int:
        """The index (bit number) of ``letter``, or -1 if it is no letter of the graph."""
        return self._index.get(letter, -1)

    def forward(self, node: int, letter: int) -> int:
        """The forward child of ``node`` for a letter index, or 0 if there is none."""
        m = self.fmask[node]
        b = 1 << letter
        if not m & b or letter >= len(self.letters):
            return 0
        return self.fedge[self.fstart[node] + (m & (b - 1)).bit_count()]

    def walk(self, text: str, node: int | None = None) -> int:
        """Follow ``text`` (letters of the graph) forwards from ``node`` (default the root);
        0 if it falls off."""
        n = self.froot if node is None else node
        fmask, fstart, fedge = self.fmask, self.fstart, self.fedge
        index = self._index
        for ch in text:
            i = index.get(ch)
            if i is None:
                return 0
            b = 1 << i
            m = fmask[n]
            if not m & b:
                return 0
            n = fedge[fstart[n] + (m & (b - 1)).bit_count()]
        return n

    def forward_children(self, node: int) -> tuple[tuple[int, int, int, int], ...]:
        """``(letter bit, letter index, child, child's mask)`` per forward edge of ``node``.

        Memoised: the move search calls this for the nodes it meets again and again (every
        letter a blank could be), where walking a tuple beats bit tricks on the arrays.
        """
        kids = self._fkids.get(node)
        if kids is None:
            if len(self._fkids) >= MEMO_LIMIT:
                self._fkids.clear()  # keeps the memory bounded; hot nodes come back quickly
            kids = self._fkids[node] = self._children(node, self.fmask, self.fstart, self.fedge,
                                                      self.fmask, self.all_letters)
        return kids

    def reverse_children(self, node: int) -> tuple[tuple[int, int, int, int], ...]:
        """As :meth:`forward_children` for the reverse graph (the mask is the child's)."""
        kids = self._rkids.get(node)
        if kids is None:
            if len(self._rkids) >= MEMO_LIMIT:
                self._rkids.clear()
            kids = self._rkids[node] = self._children(node, self.rmask, self.rstart, self.redge,
                                                      self.rmask, self.all_letters)
        return kids

    @staticmethod
    def _children(node, mask, start, edge, child_mask, all_letters=ALL_LETTERS):
        m = mask[node] & all_letters
        k = start[node]
        out = []
        while m:
            b = m & -m
            m ^= b
            c = edge[k]
            out.append((b, b.bit_length() - 1, c, child_mask[c]))
            k += 1
        return tuple(out)

    def is_final(self, node: int) -> bool:
        return bool(self.fmask[node] & self.final)

    def contains(self, word: str) -> bool:
        """Is ``word`` (case-insensitive) in the lexicon?"""
        n = self.walk(word.upper())
        return bool(n and self.fmask[n] & self.final)

    __contains__ = contains

    def __len__(self) -> int:
        return self.word_count

    def words(self) -> Iterable[str]:
        """Every word in alphabetical order (for tests and debugging; not fast)."""
        fmask, fstart, fedge = self.fmask, self.fstart, self.fedge
        final, letters = self.final, self.letters
        stack = [(self.froot, "")]
        while stack:
            n, prefix = stack.pop()
            m = fmask[n]
            if m & final and prefix:
                yield prefix
            kids = []
            k = fstart[n]
            for i, ch in enumerate(letters):
                if m & (1 << i):
                    kids.append((fedge[k], prefix + ch))
                    k += 1
            stack.extend(reversed(kids))

    @property
    def nbytes(self) -> int:
        """Bytes held by the arrays."""
        return sum(len(getattr(self, n)) * getattr(self, n).itemsize for n in _ARRAY_NAMES)

    def stats(self) -> dict[str, int]:
        return {
            "words": self.word_count,
            "forward_nodes": len(self.fmask) - 1,
            "forward_edges": len(self.fedge),
            "reverse_nodes": len(self.rmask) - 1,
            "reverse_edges": len(self.redge),
            "bytes": self.nbytes,
        }

    # ---------------------------------------------------------------- serialising
    def to_bytes(self, key: str) -> bytes:
        """The cache file's bytes: header, key and build options, the arrays."""
        key_bytes = f"{key}\n{self.options};top={self.max_len}".encode("utf-8")
        arrays = [getattr(self, n) for n in _ARRAY_NAMES]
        payload = bytearray(key_bytes)
        for a in arrays:
            if sys.byteorder == "little":
                payload += a.tobytes()
            else:  # pragma: no cover - big-endian hosts
                b = array(a.typecode, a)
                b.byteswap()
                payload += b.tobytes()
        fields = (MAGIC, FORMAT_VERSION, self.word_count, self.froot, self.rroot,
                  len(key_bytes), *(len(a) for a in arrays))
        # the digest covers the whole file: the header's fields (roots, counts, lengths) too
        unsigned = _HEADER.pack(*fields, bytes(32))
        digest = hashlib.sha256(unsigned[:_DIGEST_AT] + payload).digest()
        return _HEADER.pack(*fields, digest) + bytes(payload)

    @classmethod
    def from_bytes(cls, data: bytes, key: str, options: str | None = None) -> "LexGraph":
        """Parse a cache file's bytes; :class:`CacheError` unless everything checks out
        (``options``: the build options the caller needs, see :func:`options_text`; None
        accepts any)."""
        if len(data) < _HEADER.size:
            raise CacheError("truncated header")
        magic, version, word_count, froot, rroot, key_len, *rest = _HEADER.unpack_from(data)
        lengths, digest = rest[:7], rest[7]
        if magic != MAGIC:
            raise CacheError("not a lexicon graph cache")
        if version != FORMAT_VERSION:
            raise CacheError(f"format version {version}, expected {FORMAT_VERSION}")
        if len(data) < _HEADER.size + key_len:
            raise CacheError("truncated key")
        view = memoryview(data)[_HEADER.size :]
        stored_key, _, stored_opts = (
            bytes(view[:key_len]).decode("utf-8", "replace").rpartition("\n")
        )
        stored_opts, _, top = stored_opts.rpartition(";top=")
        try:
            opts = dict(item.split("=", 1) for item in stored_opts.split(";"))
            letters = opts["letters"]
            min_len, max_len = int(opts["min"]), int(top)
            has_reverse = opts["reverse"] == "1"
        except (KeyError, ValueError):
            raise CacheError("unreadable build options") from None
        if not letters or len(letters) > MAX_LETTERS or len(set(letters)) != len(letters):
            raise CacheError("unreadable build options")
        mask_type = _TYPECODE if len(letters) < 32 else _TYPECODE64
        sizes = [array(mask_type if n in _MASK_ARRAYS else _TYPECODE).itemsize
                 for n in _ARRAY_NAMES]
        expected = _HEADER.size + key_len + sum(s * n for s, n in zip(sizes, lengths))
        if len(data) != expected:
            raise CacheError(f"length {len(data)}, expected {expected}")
        if hashlib.sha256(memoryview(data)[:_DIGEST_AT].tobytes() + view).digest() != digest:
            raise CacheError("checksum mismatch")
        if stored_key != key:
            raise CacheError("cache is for another word list")
        if options is not None and stored_opts != options:
            raise CacheError("cache was built with other options")
        pos = key_len
        arrays = {}
        for name, n, size in zip(_ARRAY_NAMES, lengths, sizes):
            a = array(mask_type if name in _MASK_ARRAYS else _TYPECODE)
            a.frombytes(view[pos : pos + size * n])
            if sys.byteorder != "little":  # pragma: no cover
                a.byteswap()
            arrays[name] = a
            pos += size * n
        graph = cls(arrays, froot, rroot, word_count, letters, has_reverse=has_reverse,
                    min_len=min_len, max_len=max_len, options=stored_opts)
        graph._check_shape()
        return graph

    def _check_shape(self) -> None:
        """Cheap structural sanity checks so a corrupt-but-checksummed file cannot crash."""
        nf, nr = len(self.fmask), len(self.rmask)
        if not (
            len(self.fstart) == nf
            and len(self.rstart) == nr
            and len(self.rsep) == nr
            and 0 < self.froot < nf
            and (0 < self.rroot < nr if self.has_reverse else self.rroot == 0)
            and (not self.fedge or max(self.fedge) < nf)
            and (not self.redge or max(self.redge) < nr)
            and (not self.rsep or max(self.rsep) < nf)
            and (not self.fstart or max(self.fstart) <= len(self.fedge))
            and (not self.rstart or max(self.rstart) <= len(self.redge))
            and (not self.fmask or max(self.fmask) < 2 * self.final)
            and (not self.rmask or max(self.rmask) < self.final)
        ):
            raise CacheError("inconsistent arrays")


def options_text(letters: str, min_len: int, max_len: int | None, reverse: bool) -> str:
    """The build options as a cache file records them (a graph is reused only for the same)."""
    top = "none" if max_len is None else str(max_len)
    return f"letters={letters};min={min_len};max={top};reverse={int(reverse)}"


def cache_path(key: str, cache_dir: Path) -> Path:
    """Where the graph for ``key`` lives inside ``cache_dir``."""
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
    return cache_dir / f"lexgraph-v{FORMAT_VERSION}-{digest}.bin"


def load_or_build(
    words: Iterable[str],
    key: str,
    cache_dir: Path | None = None,
    progress: Progress | None = None,
    *,
    letters: str | Iterable[str] = ENGLISH_LETTERS,
    min_len: int = MIN_WORD,
    max_len: int | None = MAX_WORD,
    reverse: bool = True,
) -> LexGraph:
    """The graph for ``words``: from the cache if a valid file for ``key`` (and the same
    build options, see :meth:`LexGraph.build`) is there, else built (reporting ``progress``
    0..1) and written to the cache.

    ``key`` must change whenever the words do (pass the word list's content hash).  ``words``
    is only iterated when a build is needed.  A cache that cannot be read or written is not an
    error: the graph is built and returned all the same.
    """
    letters = "".join(letters)
    options = options_text(letters, min_len, max_len, reverse)
    if cache_dir is None:
        from ..paths import user_cache_dir

        cache_dir = user_cache_dir()
    if options != options_text(ENGLISH_LETTERS, MIN_WORD, MAX_WORD, True):
        # another file than the board game's graph of the same words
        path = cache_path(key + "\n" + options, Path(cache_dir))
    else:
        path = cache_path(key, Path(cache_dir))
    try:
        data = _read_cache(path)
    except (OSError, CacheError):
        data = None  # rebuilt below, and the file replaced
    if data is not None:
        try:
            graph = LexGraph.from_bytes(data, key, options)
        except CacheError:
            graph = None
        if graph is not None:
            try:
                os.utime(path)  # most recently used: kept by _prune_cache
            except OSError:
                pass
            if progress is not None:
                progress(1.0)
            return graph
    graph = LexGraph.build(words, progress, letters=letters, min_len=min_len, max_len=max_len,
                           reverse=reverse)
    try:
        write_atomic(path, graph.to_bytes(key))
        _prune_cache(Path(cache_dir), keep=path)
    except OSError:
        pass
    return graph


def _read_cache(path: Path) -> bytes:
    """A cache file's bytes, read bounded: never through a link, never a device or FIFO (a
    cache replaced by a link to ``/dev/zero`` would read without end), never more than
    ``MAX_CACHE_BYTES``.  :class:`CacheError` for anything but a regular file of a sane size."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) \
        | getattr(os, "O_BINARY", 0)
    if not getattr(os, "O_NOFOLLOW", 0) and path.is_symlink():  # pragma: no cover - Windows
        raise CacheError("the cache file is a link")
    try:
        fd = os.open(path, flags)
    except OSError as e:
        if e.errno in (errno.ELOOP, errno.EMLINK):  # O_NOFOLLOW on a link
            raise CacheError("the cache file is a link") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise CacheError("the cache file is not a regular file")
        if st.st_size > MAX_CACHE_BYTES:
            raise CacheError(f"the cache file is {st.st_size} bytes, over {MAX_CACHE_BYTES}")
        with os.fdopen(fd, "rb", closefd=True) as f:
            fd = -1
            data = f.read(MAX_CACHE_BYTES + 1)
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > MAX_CACHE_BYTES:
        raise CacheError("the cache file grew past its limit while read")
    return data


def _prune_cache(cache_dir: Path, keep: Path) -> None:
    """Drop all but the ``CACHE_KEEP`` most recently used graphs (old dictionary versions
    would otherwise pile up, ~10 MB each) and temporary files left by a crash."""
    now = time.time()
    files = []
    for p in cache_dir.glob("lexgraph-*"):
        try:
            st = p.stat()
        except OSError:
            continue
        if p.name.endswith(".tmp"):
            if now - st.st_mtime > 3600:
                _unlink_quietly(p)
        elif p.name.endswith(".bin") and p != keep:
            files.append((st.st_mtime, p))
    files.sort(reverse=True)
    for _, p in files[CACHE_KEEP - 1 :]:
        _unlink_quietly(p)


def _unlink_quietly(p: Path) -> None:
    try:
        p.unlink()
    except OSError:
        pass
