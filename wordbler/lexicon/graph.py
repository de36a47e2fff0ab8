"""The lexicon as a GADDAG in flat integer arrays, built once and cached on disk.

Structure
---------
Two automata share the work, both stored as flat ``array('I')`` tables (4 bytes a slot):

*Forward graph* ``F`` -- a minimal DAWG of the words (Appel--Jacobson).  Node ``n`` has a
26-bit edge mask ``fmask[n]`` (bit ``i`` = letter ``'A' + i``; bit 26 = "a word ends here")
and its children in letter order at ``fedge[fstart[n]:]``; the child for letter bit ``b`` is
``fedge[fstart[n] + popcount(fmask[n] & (b - 1))]``.  Node 0 is a dead node, ``froot`` the root.

*Reverse graph* ``R`` -- the "before the separator" half of Gordon's GADDAG.  Reading letters
leftwards from some square spells ``u`` backwards; ``R`` has a path for that exactly when ``u``
occurs inside some word.  ``rsep[n]`` is the GADDAG's separator edge: the forward node reached
by ``u`` when ``u`` is a word prefix (0 otherwise), so the right-hand part of a move continues
in ``F``.  Sharing ``F`` as the whole "after the separator" half is what makes this small and
quick to build: a classic GADDAG stores ``len(word)`` paths per word, here only the
reversed factors are stored, and ``R`` is minimised too (equal signature -> one node).

Both graphs are built level by level from sorted sets of strings with comprehensions and
dicts, so the build of a 250k-word list takes seconds, not minutes, in pure Python.

Cache
-----
``load_or_build`` keeps the arrays in the user's cache directory
(:func:`wordbler.paths.user_cache_dir`), keyed by the caller's key (e.g. the word list's
content hash) and ``FORMAT_VERSION``.  The file is a fixed header (magic, version, key,
array lengths, SHA-256 of the payload) followed by the raw little-endian arrays; anything that
does not match is rebuilt, never trusted.  No pickle, eval or marshal is involved.
"""

from __future__ import annotations

import gc
import hashlib
import os
import struct
import sys
import tempfile
import time
from array import array
from collections import Counter
from itertools import accumulate
from pathlib import Path
from typing import Callable, Iterable

FORMAT_VERSION = 1
MAGIC = b"WBLXGRF\x00"
FINAL = 1 << 26
ALL_LETTERS = (1 << 26) - 1
MAX_WORD = 15
MIN_WORD = 2
CACHE_KEEP = 4  # graphs kept in the cache directory (the most recently used)
MEMO_LIMIT = 50_000  # nodes per memo of children tuples (a few MB at most)

_TYPECODE = "I" if array("I").itemsize == 4 else "L"
if array(_TYPECODE).itemsize != 4:  # pragma: no cover - no such platform in practice
    raise ImportError("no 4-byte unsigned array type on this platform")

# header: magic, version, word count, froot, rroot, key length, 7 array lengths, sha256
_HEADER = struct.Struct("<8sIIIII7I32s")
_ARRAY_NAMES = ("fmask", "fstart", "fedge", "rmask", "rstart", "redge", "rsep")

Progress = Callable[[float], None]


class CacheError(ValueError):
    """A cache file that cannot be used (corrupt, truncated, stale or for another key)."""


def _normalise(words: Iterable[str]) -> list[str]:
    """Sorted distinct words of 2..15 letters A-Z (upper-cased); anything else is skipped."""
    out = set()
    for w in words:
        w = w.strip().upper()
        if MIN_WORD <= len(w) <= MAX_WORD and w.isascii() and w.isalpha():
            out.add(w)
    return sorted(out)


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
            tokens = [c * 32 + ord(s[-1]) - 65 for c, s in zip(classes[L + 1], nxt)]
            classes[L] = [
                setdefault((h, *tokens[a:b]) if a != b else h, len(reg))
                for h, a, b in zip(heads, starts, ends)
            ]
        else:
            classes[L] = [setdefault(h, len(reg)) for h in heads]
        if progress is not None:
            progress(lo + (hi - lo) * (top - L + 1) / (top + 1))
    return list(reg), classes


def _reverse_classes(plevels, fclasses, progress, lo, hi):
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
    for L in range(MAX_WORD, -1, -1):
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
            tokens = [c * 32 + ord(s[-1]) - 65 for c, s in zip(nxt_classes, nxt)]
            classes = [
                setdefault((h, *tokens[a:b]) if a != b else h, len(reg))
                for h, a, b in zip([sep_of(s, 0) for s in level], starts, ends)
            ]
        else:
            level = revs
            classes = [setdefault(sep_of(s, 0), len(reg)) for s in level]
        nxt, nxt_classes = level, classes
        if progress is not None:
            progress(lo + (hi - lo) * (MAX_WORD - L + 1) / (MAX_WORD + 1))
    return list(reg), nxt_classes[0]


def _layout(sigs, mask_of_head):
    """Flatten signatures (class order) into mask / start / edge arrays (+ heads)."""
    mask = array(_TYPECODE, [0])
    start = array(_TYPECODE, [0])
    edge = array(_TYPECODE)
    heads = array(_TYPECODE, [0])
    bits = [1 << i for i in range(32)]
    for sig in sigs[1:]:
        if isinstance(sig, tuple):
            head = sig[0]
            toks = sig[1:]
        else:
            head, toks = sig, ()
        m = 0
        for t in toks:
            m |= bits[t & 31]
        mask.append(m | mask_of_head(head))
        start.append(len(edge))
        edge.extend([t >> 5 for t in toks])
        heads.append(head)
    return mask, start, edge, heads


class LexGraph:
    """A GADDAG-style lexicon graph in flat arrays.  Build with :meth:`build`."""

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
        "_fkids",
        "_rkids",
    )

    def __init__(self, arrays: dict[str, array], froot: int, rroot: int, word_count: int):
        for name in _ARRAY_NAMES:
            setattr(self, name, arrays[name])
        self.froot = froot
        self.rroot = rroot
        self.word_count = word_count
        self._fkids: dict[int, tuple] = {}  # memo for forward_children()
        self._rkids: dict[int, tuple] = {}  # memo for reverse_children()

    # ---------------------------------------------------------------- building
    @classmethod
    def build(cls, words: Iterable[str], progress: Progress | None = None) -> "LexGraph":
        """Build from any iterable of words (2..15 letters A-Z; others are skipped)."""
        # The build allocates millions of short-lived strings and tuples; the cyclic garbage
        # collector would rescan them over and over (none of them forms a cycle).
        gc_was_enabled = gc.isenabled()
        gc.disable()
        try:
            return cls._build(words, progress or (lambda f: None))
        finally:
            if gc_was_enabled:
                gc.enable()

    @classmethod
    def _build(cls, words: Iterable[str], report: Progress) -> "LexGraph":
        report(0.0)
        ws = _normalise(words)
        report(0.05)
        wordset = set(ws)

        # Prefixes by length, sorted.  Cutting the last letter off a sorted level keeps it
        # sorted (duplicates side by side), and sorting two sorted runs is one merge, so
        # no level needs a full sort.
        by_len: list[list[str]] = [[] for _ in range(MAX_WORD + 1)]
        for w in ws:
            by_len[len(w)].append(w)  # ws is sorted, so each list is too
        plevels: list[list[str]] = [[] for _ in range(MAX_WORD + 1)]
        plevels[MAX_WORD] = by_len[MAX_WORD]
        for L in range(MAX_WORD - 1, -1, -1):
            cut = list(dict.fromkeys([s[:-1] for s in plevels[L + 1]]))
            plevels[L] = list(dict.fromkeys(sorted(cut + by_len[L]))) if by_len[L] else cut
        plevels[0] = [""]  # the root, even for an empty list
        del by_len
        report(0.12)

        def final_flags(L: int) -> list[int]:
            lev = plevels[L]
            return [1 if s in wordset else 0 for s in lev] if L >= MIN_WORD else [0] * len(lev)

        fsigs, fclasses = _minimise_levels(plevels, final_flags, report, 0.12, 0.3)
        fmask, fstart, fedge, _ = _layout(fsigs, lambda fin: FINAL if fin else 0)
        froot = fclasses[0][0]
        report(0.32)

        rsigs, rroot = _reverse_classes(plevels, fclasses, report, 0.32, 0.92)
        del plevels, fclasses
        rmask, rstart, redge, rsep = _layout(rsigs, lambda sep: 0)
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
        )
        report(1.0)
        return graph

    # ---------------------------------------------------------------- queries
    def forward(self, node: int, letter: int) -> int:
        """The forward child of ``node`` for letter index 0..25, or 0 if there is none."""
        m = self.fmask[node]
        b = 1 << letter
        if not m & b:
            return 0
        return self.fedge[self.fstart[node] + (m & (b - 1)).bit_count()]

    def walk(self, text: str, node: int | None = None) -> int:
        """Follow ``text`` (A-Z) forwards from ``node`` (default the root); 0 if it falls off."""
        n = self.froot if node is None else node
        fmask, fstart, fedge = self.fmask, self.fstart, self.fedge
        for ch in text:
            i = ord(ch) - 65
            if not 0 <= i < 26:
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
                                                      self.fmask)
        return kids

    def reverse_children(self, node: int) -> tuple[tuple[int, int, int, int], ...]:
        """As :meth:`forward_children` for the reverse graph (the mask is the child's)."""
        kids = self._rkids.get(node)
        if kids is None:
            if len(self._rkids) >= MEMO_LIMIT:
                self._rkids.clear()
            kids = self._rkids[node] = self._children(node, self.rmask, self.rstart, self.redge,
                                                      self.rmask)
        return kids

    @staticmethod
    def _children(node, mask, start, edge, child_mask):
        m = mask[node] & ALL_LETTERS
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
        return bool(self.fmask[node] & FINAL)

    def contains(self, word: str) -> bool:
        """Is ``word`` (case-insensitive) in the lexicon?"""
        n = self.walk(word.upper())
        return bool(n and self.fmask[n] & FINAL)

    __contains__ = contains

    def __len__(self) -> int:
        return self.word_count

    def words(self) -> Iterable[str]:
        """Every word in alphabetical order (for tests and debugging; not fast)."""
        fmask, fstart, fedge = self.fmask, self.fstart, self.fedge
        stack = [(self.froot, "")]
        while stack:
            n, prefix = stack.pop()
            m = fmask[n]
            if m & FINAL and prefix:
                yield prefix
            kids = []
            k = fstart[n]
            for i in range(26):
                if m & (1 << i):
                    kids.append((fedge[k], prefix + chr(65 + i)))
                    k += 1
            stack.extend(reversed(kids))

    @property
    def nbytes(self) -> int:
        """Bytes held by the arrays."""
        return sum(len(getattr(self, n)) * 4 for n in _ARRAY_NAMES)

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
        key_bytes = key.encode("utf-8")
        arrays = [getattr(self, n) for n in _ARRAY_NAMES]
        payload = bytearray(key_bytes)
        for a in arrays:
            if sys.byteorder == "little":
                payload += a.tobytes()
            else:  # pragma: no cover - big-endian hosts
                b = array(_TYPECODE, a)
                b.byteswap()
                payload += b.tobytes()
        digest = hashlib.sha256(payload).digest()
        header = _HEADER.pack(
            MAGIC,
            FORMAT_VERSION,
            self.word_count,
            self.froot,
            self.rroot,
            len(key_bytes),
            *(len(a) for a in arrays),
            digest,
        )
        return header + bytes(payload)

    @classmethod
    def from_bytes(cls, data: bytes, key: str) -> "LexGraph":
        """Parse a cache file's bytes; :class:`CacheError` unless everything checks out."""
        if len(data) < _HEADER.size:
            raise CacheError("truncated header")
        magic, version, word_count, froot, rroot, key_len, *rest = _HEADER.unpack_from(data)
        lengths, digest = rest[:7], rest[7]
        if magic != MAGIC:
            raise CacheError("not a lexicon graph cache")
        if version != FORMAT_VERSION:
            raise CacheError(f"format version {version}, expected {FORMAT_VERSION}")
        expected = _HEADER.size + key_len + 4 * sum(lengths)
        if len(data) != expected:
            raise CacheError(f"length {len(data)}, expected {expected}")
        view = memoryview(data)[_HEADER.size :]
        if hashlib.sha256(view).digest() != digest:
            raise CacheError("checksum mismatch")
        if bytes(view[:key_len]).decode("utf-8", "replace") != key:
            raise CacheError("cache is for another word list")
        pos = key_len
        arrays = {}
        for name, n in zip(_ARRAY_NAMES, lengths):
            a = array(_TYPECODE)
            a.frombytes(view[pos : pos + 4 * n])
            if sys.byteorder != "little":  # pragma: no cover
                a.byteswap()
            arrays[name] = a
            pos += 4 * n
        graph = cls(arrays, froot, rroot, word_count)
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
            and 0 < self.rroot < nr
            and (not self.fedge or max(self.fedge) < nf)
            and (not self.redge or max(self.redge) < nr)
            and (not self.rsep or max(self.rsep) < nf)
            and (not self.fstart or max(self.fstart) <= len(self.fedge))
            and (not self.rstart or max(self.rstart) <= len(self.redge))
        ):
            raise CacheError("inconsistent arrays")


def cache_path(key: str, cache_dir: Path) -> Path:
    """Where the graph for ``key`` lives inside ``cache_dir``."""
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
    return cache_dir / f"lexgraph-v{FORMAT_VERSION}-{digest}.bin"


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def load_or_build(
    words: Iterable[str],
    key: str,
    cache_dir: Path | None = None,
    progress: Progress | None = None,
) -> LexGraph:
    """The graph for ``words``: from the cache if a valid file for ``key`` is there, else
    built (reporting ``progress`` 0..1) and written to the cache.

    ``key`` must change whenever the words do (pass the word list's content hash).  ``words``
    is only iterated when a build is needed.  A cache that cannot be read or written is not an
    error: the graph is built and returned all the same.
    """
    if cache_dir is None:
        from ..paths import user_cache_dir

        cache_dir = user_cache_dir()
    path = cache_path(key, Path(cache_dir))
    try:
        data = path.read_bytes()
    except OSError:
        data = None
    if data is not None:
        try:
            graph = LexGraph.from_bytes(data, key)
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
    graph = LexGraph.build(words, progress)
    try:
        _write_atomic(path, graph.to_bytes(key))
        _prune_cache(Path(cache_dir), keep=path)
    except OSError:
        pass
    return graph


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
