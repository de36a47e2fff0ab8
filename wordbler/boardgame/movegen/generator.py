"""Every legal tile placement for a rack on a board, with scores.

The search is Gordon's GADDAG algorithm on :class:`~wordbler.lexicon.graph.LexGraph`, run
once on the board's rows (across moves) and once on its columns (down moves) by the same code.

Who generates which move
------------------------
In one line (a row, or a column of the transposed board) a move's main word either

* contains board tiles: it is generated from the *leftmost* run of board tiles it contains.
  The search reads that run backwards through the reverse graph (the most constraining start
  there is), then places rack tiles leftwards -- never so far that the word would touch the
  previous run -- then crosses the separator into the forward graph and extends rightwards,
  reading any further board tiles it meets; or
* contains no board tile: it then touches the board only through cross words, and it is
  generated from its leftmost *cross anchor* (an empty square with a tile above or below and
  none beside it).  Leftwards it may only cover squares with no neighbours at all; neither
  way may it reach a square beside a board tile (that would be the first case).

Each move thus has exactly one generator.  A one-tile play is kept by the direction of its
longer word (across on a tie), so it is listed once.  On the empty board the start square is
the only (cross) anchor, in both directions.

Scores accumulate while searching: the main word's letter sum and word multiplier, and the
finished cross words' scores (cross-word letter sums are precomputed per square), so a move
costs one tuple when it is recorded.  :class:`GeneratedMove` objects are made only when a
caller looks at a move (:class:`MoveList` is a lazy sequence).

The compiled search
-------------------
``_movegen.c`` is :func:`_search` and :func:`_cross_info` in C, both directions in one call
(optional: built by ``setup.py`` when a C compiler is at hand).  It is a faithful port: the
same records in the same order (lines in order, runs then anchors, letters in bit order,
tiles before blanks), which the callers' tie-breaking and seeded replays rely on; the tests
compare the two record for record.  :func:`generate` uses it when it is built, unless the
environment variable ``WORDBLER_PURE_PYTHON_MOVEGEN`` (this search only) or
``WORDBLER_PURE_PYTHON`` (every compiled part, as for the word tools' grid search) is set to
anything but "" or "0"; ``generate(..., native=False)`` asks for the pure-Python search.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence, overload

from ..model import COLUMN_LETTERS, Direction
from ..rules import BLANK, STANDARD, RuleSet
from wordbler.lexicon.alphabet import get_alphabet
from wordbler.lexicon.graph import ENGLISH_LETTERS, LexGraph, load_or_build
from wordbler.lexicon.search import PURE_PYTHON_ENV as _ALL_PURE_ENV

try:  # the same search compiled (optional: see _movegen.c and setup.py)
    from . import _movegen as _native
except ImportError:  # pragma: no cover - depends on the build
    _native = None

#: Set (to anything but "" or "0") to run the pure-Python move search even when the compiled
#: one is there.  ``WORDBLER_PURE_PYTHON`` (the lexicon's switch) does it too.
PURE_PYTHON_ENV = "WORDBLER_PURE_PYTHON_MOVEGEN"
_NATIVE_MAX_SIDE = 128  # the compiled search's longest line (MAXW in _movegen.c)

_ACROSS, _DOWN = Direction.ACROSS, Direction.DOWN


def native_available() -> bool:
    """Is the compiled move search built (and not switched off by the environment)?"""
    env = os.environ
    return (_native is not None and env.get(PURE_PYTHON_ENV, "") in ("", "0")
            and env.get(_ALL_PURE_ENV, "") in ("", "0"))


@dataclass(frozen=True, slots=True)
class _Letters:
    """One alphabet's tables, made once: the search works on letter indices (bit ``i`` of a
    graph mask is letter ``i``) and turns them into characters only to record a word."""

    upper: list[str]  # index -> tile letter
    lower: list[str]  # index -> blank letter
    bit_index: dict[int, int]  # 1 << i -> i
    index: dict[str, int]  # a board character (either case) -> index
    face: dict[str, tuple[str, bool, str]]  # word char -> (letter, is_blank, rack tile)
    english: bool  # A-Z: the messages and rack reading of the English game


@lru_cache(maxsize=16)
def _letters(upper: tuple[str, ...], lower: tuple[str, ...]) -> _Letters:
    up, low = list(upper), list(lower)
    index = {c: i for i, c in enumerate(up)}
    index.update({c: i for i, c in enumerate(low)})
    face = {**{c: (c, False, c) for c in up}, **{lo: (u, True, BLANK) for u, lo in zip(up, low)}}
    return _Letters(up, low, {1 << i: i for i in range(len(up))}, index, face,
                    "".join(up) == ENGLISH_LETTERS)


def _letters_of(rules: RuleSet) -> _Letters:
    a = rules.alphabet
    if a is _ENGLISH:  # the English game: no table lookup at all
        return _EN
    return _letters(a.letters, a.lower)


_EN = _letters(tuple(ENGLISH_LETTERS), tuple(ENGLISH_LETTERS.lower()))
_ENGLISH = get_alphabet("en")
_FACE = _EN.face


class BoardFormatError(ValueError):
    """A board or rack that is not in the expected text format."""


@dataclass(frozen=True, slots=True)
class GeneratedMove:
    """One tile placement.  ``word`` is the whole main word (lower case = blank)."""

    row: int
    col: int
    direction: Direction
    word: str
    score: int
    tiles: tuple[tuple[int, int, str, bool], ...]  # (row, col, letter A-Z, is_blank)
    leave: str  # what stays on the rack, in rack order

    @property
    def coord(self) -> str:
        """GCG position: ``8H`` across, ``H8`` down."""
        return _gcg(self.direction is Direction.DOWN, self.row, self.col)

    def __str__(self) -> str:
        return f"{self.coord} {self.word} {self.score}"


def _gcg(down: bool, row: int, col: int) -> str:
    if down:
        return f"{COLUMN_LETTERS[col]}{row + 1}"
    return f"{row + 1}{COLUMN_LETTERS[col]}"


def format_move(m: GeneratedMove) -> str:
    """``"<coord> <word> <score>"`` as in the golden ``.moves`` files."""
    return f"{m.coord} {m.word} {m.score}"


def sort_key(m: GeneratedMove) -> tuple[int, str, str]:
    """The ``.moves`` order: score descending, then coord, then word (plain string order)."""
    return (-m.score, m.coord, m.word)


def parse_board(board_rows: Sequence[str], rules: RuleSet = STANDARD) -> list[str]:
    """Check the board text format; returns the rows as a list of strings."""
    layout = rules.layout
    tables = _letters_of(rules)
    index = tables.index
    rows = [r.rstrip("\r\n") for r in board_rows]
    if len(rows) != layout.rows:
        raise BoardFormatError(f"the board has {len(rows)} rows, expected {layout.rows}")
    for i, r in enumerate(rows, 1):
        if len(r) != layout.cols:
            raise BoardFormatError(f"row {i} has {len(r)} squares, expected {layout.cols}")
        for ch in r:
            if ch != "." and ch not in index:
                if tables.english:
                    raise BoardFormatError(f"row {i}: bad character {ch!r} (use ., A-Z or a-z)")
                raise BoardFormatError(
                    f"row {i}: bad character {ch!r} (use ., {rules.alphabet.name} letters: "
                    f"upper case for a tile, lower case for a blank)")
    return rows


def parse_rack(rack: str, rules: RuleSet = STANDARD) -> str:
    """The rack as upper-case letters and ``?``; a rack typed in lower case is accepted
    (and, in Russian, Ё as Е: the alphabet's own case table and folding)."""
    tables = _letters_of(rules)
    if tables.english:
        r = rack.strip().upper()
        for ch in r:
            if not ("A" <= ch <= "Z" or ch == BLANK):
                raise BoardFormatError(f"bad rack letter {ch!r} (use A-Z and ? for a blank)")
    else:
        r = rules.alphabet.upper(rack.strip())
        for ch in r:
            if ch != BLANK and ch not in rules.alphabet:
                raise BoardFormatError(f"bad rack letter {ch!r} (use {rules.alphabet.name} "
                                       f"letters and ? for a blank)")
    if len(r) > rules.rack_size:
        raise BoardFormatError(f"the rack has {len(r)} tiles, at most {rules.rack_size}")
    return r


class MoveList(Sequence[GeneratedMove]):
    """The moves of one generation, made into :class:`GeneratedMove` objects on demand.

    Raw records are ``(score, down, line, start, word)``.  ``sorted_moves()``,
    ``lines()`` and ``best()`` work on the records without building every object.
    """

    __slots__ = ("records", "_rows", "_rack", "_cols", "_face")

    def __init__(self, records: list[tuple[int, int, int, int, str]], rows: list[str], rack: str,
                 face: dict[str, tuple[str, bool, str]] | None = None):
        self.records = records
        self._rows = rows
        self._rack = rack
        self._cols: list[str] | None = None
        self._face = _FACE if face is None else face

    def __len__(self) -> int:
        return len(self.records)

    @overload
    def __getitem__(self, i: int) -> GeneratedMove: ...
    @overload
    def __getitem__(self, i: slice) -> list[GeneratedMove]: ...
    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self._make(r) for r in self.records[i]]
        return self._make(self.records[i])

    def __iter__(self) -> Iterator[GeneratedMove]:
        make = self._make
        for r in self.records:
            yield make(r)

    def __repr__(self) -> str:
        return f"<MoveList of {len(self.records)} moves>"

    def _make(self, rec: tuple[int, int, int, int, str]) -> GeneratedMove:
        score, down, line, start, word = rec
        leave = list(self._rack)
        tiles = []
        _FACE = self._face
        if down:
            cols = self._cols
            if cols is None:
                cols = self._cols = ["".join(col) for col in zip(*self._rows)]
            i = start
            for ch, there in zip(word, cols[line][start:]):
                if there == ".":
                    letter, blank, rack_tile = _FACE[ch]
                    tiles.append((i, line, letter, blank))
                    leave.remove(rack_tile)
                i += 1
            return GeneratedMove(start, line, _DOWN, word, score, tuple(tiles), "".join(leave))
        i = start
        for ch, there in zip(word, self._rows[line][start:]):
            if there == ".":
                letter, blank, rack_tile = _FACE[ch]
                tiles.append((line, i, letter, blank))
                leave.remove(rack_tile)
            i += 1
        return GeneratedMove(line, start, _ACROSS, word, score, tuple(tiles), "".join(leave))

    @staticmethod
    def _key(rec):
        score, down, line, start, word = rec
        if down:
            coord = f"{COLUMN_LETTERS[line]}{start + 1}"
        else:
            coord = f"{line + 1}{COLUMN_LETTERS[start]}"
        return (-score, coord, word)

    def sorted_records(self) -> list[tuple[int, int, int, int, str]]:
        return sorted(self.records, key=self._key)

    def sorted_moves(self) -> list[GeneratedMove]:
        """All moves as objects, in the ``.moves`` order."""
        return [self._make(r) for r in self.sorted_records()]

    def best(self, n: int = 1) -> list[GeneratedMove]:
        """The ``n`` first moves in the ``.moves`` order (highest scores)."""
        import heapq

        return [self._make(r) for r in heapq.nsmallest(n, self.records, key=self._key)]

    def scores(self) -> list[int]:
        """Every move's score, in generation order, without making move objects."""
        return [r[0] for r in self.records]

    def tile_counts(self) -> list[int]:
        """Every move's number of tiles placed, in generation order, without objects."""
        rows = self._rows
        cols = self._cols
        if cols is None:
            cols = self._cols = ["".join(col) for col in zip(*rows)]
        return [
            (cols if down else rows)[line].count(".", start, start + len(word))
            for _, down, line, start, word in self.records
        ]

    def lines(self, top: int | None = None) -> list[str]:
        """``"<coord> <word> <score>"`` lines in the ``.moves`` order."""
        keyed = sorted(map(self._key, self.records))
        if top is not None:
            keyed = keyed[:top]
        return [f"{coord} {word} {-neg}" for neg, coord, word in keyed]


def generate(
    board_rows: Sequence[str],
    rack: str,
    graph: LexGraph,
    rules: RuleSet = STANDARD,
    lines: tuple[Iterable[int], Iterable[int]] | None = None,
    *,
    native: bool | None = None,
) -> MoveList:
    """Every legal tile placement of ``rack`` on the board (see the module docstring).

    ``lines``: (rows, columns) to search, for a caller that knows the moves elsewhere are
    unchanged (the simulation, after one move: see :func:`changed_lines`); across moves are
    generated in those rows only, down moves in those columns only.  None: the whole board.

    ``board_rows``: the ``.board`` text format (``.`` empty, ``A``-``Z`` tiles, ``a``-``z``
    blanks).  ``rack``: ``A``-``Z`` and ``?``.  Raises :class:`BoardFormatError` (a
    ``ValueError``) for malformed input.  ``graph``: an A-Z graph with its reverse half (the
    defaults of :meth:`LexGraph.build`).

    ``native``: True for the compiled search (RuntimeError when it is not built), False for
    the pure-Python one, None (the default) for the compiled one when
    :func:`native_available`.  Both give the same records in the same order.
    """
    tables = _letters_of(rules)
    if graph.letters != "".join(tables.upper) or not graph.has_reverse:
        raise ValueError(f"the move generator needs a lexicon graph of the rules' letters "
                         f"({rules.alphabet.name}) with its reverse half")
    if native is None:
        native = native_available()
    elif native and _native is None:
        raise RuntimeError("the compiled move search is not built")
    records: list[tuple[int, int, int, int, str]] = []
    if native:
        layout = rules.layout
        n_rows, n_cols = layout.rows, layout.cols
        if n_rows <= _NATIVE_MAX_SIDE and n_cols <= _NATIVE_MAX_SIDE:
            # parse_board's checks, the letters' in C (per-call cost counts here: the
            # simulation generates thousands of times per move); parse_board runs only
            # to raise its error, so the errors and their order are the pure path's
            rows = [r.rstrip("\r\n") for r in board_rows]
            if len(rows) != n_rows or any(len(r) != n_cols for r in rows):
                parse_board(rows, rules)
            try:
                rack = parse_rack(rack, rules)
            except BoardFormatError:
                parse_board(rows, rules)
                raise
            only_r = only_c = None
            if lines is not None:
                only_r, only_c = frozenset(lines[0]), frozenset(lines[1])
            if not _native.generate(_graph_args(graph), _rules_args(rules, tables),
                                    "".join(rows), rack, only_r, only_c, records):
                parse_board(rows, rules)  # a character outside the alphabet: raises
                raise AssertionError("the compiled search refused a board parse_board takes")
            return MoveList(records, rows, rack, tables.face)
    rows = parse_board(board_rows, rules)
    rack = parse_rack(rack, rules)
    if rack:
        layout = rules.layout
        empty = all(ch == "." for r in rows for ch in r)
        prem = [[layout.premium(r, c) for c in range(layout.cols)] for r in range(layout.rows)]
        cols = ["".join(r[c] for r in rows) for c in range(layout.cols)]
        prem_t = [list(col) for col in zip(*prem)]
        start_r, start_c = layout.start
        only_r = only_c = None
        if lines is not None:
            only_r, only_c = frozenset(lines[0]), frozenset(lines[1])
        if only_r is None or only_r:
            _search(rows, prem, rack, graph, rules, records, 0, empty and (start_r, start_c),
                    tables, only_r)
        if only_c is None or only_c:
            _search(cols, prem_t, rack, graph, rules, records, 1, empty and (start_c, start_r),
                    tables, only_c)
    return MoveList(records, rows, rack, tables.face)


def _graph_args(graph: LexGraph) -> tuple:
    """The compiled search's view of a graph (made once per graph, kept in its memo)."""
    args = graph.memo.get("movegen_native")
    if args is None:
        args = graph.memo["movegen_native"] = (
            graph.fmask, graph.fmask.itemsize, graph.fstart, graph.fedge,
            graph.rmask, graph.rmask.itemsize, graph.rstart, graph.redge, graph.rsep,
            graph.froot, graph.rroot, len(graph.letters))
    return args


_RULES_ARGS: dict[int, tuple[RuleSet, _Letters, tuple]] = {}


def _rules_args(rules: RuleSet, tables: _Letters) -> tuple:
    """The compiled search's view of a rule set: premium tables (row-major bytes), tile
    values per letter index, the letters (made once per rule set object)."""
    hit = _RULES_ARGS.get(id(rules))
    if hit is not None and hit[0] is rules and hit[1] is tables:
        return hit[2]
    layout = rules.layout
    lm, wm = bytearray(), bytearray()
    for r in range(layout.rows):
        for c in range(layout.cols):
            p = layout.premium(r, c)
            lm.append(p.letter_multiplier if p else 1)
            wm.append(p.word_multiplier if p else 1)
    values = rules.tiles.values
    assert BLANK == "?"  # the compiled search reads "?" on the rack as a blank
    args = (layout.rows, layout.cols, bytes(lm), bytes(wm),
            tuple(values.get(ch, 0) for ch in tables.upper),
            "".join(tables.upper), "".join(tables.lower), rules.bingo_bonus, rules.rack_size,
            rules.min_first_move_tiles, layout.start[0], layout.start[1])
    if len(_RULES_ARGS) >= 32:
        _RULES_ARGS.clear()
    _RULES_ARGS[id(rules)] = (rules, tables, args)  # the rules kept alive: id not reused
    return args


def _cross_info(lines, graph, values, tables):
    """Per line, per square: cross-check mask, cross-word tile sum (-1: none), cross length."""
    fmask, fstart, fedge, froot = graph.fmask, graph.fstart, graph.fedge, graph.froot
    ALL_LETTERS, FINAL = graph.all_letters, graph.final
    index = tables.index
    n_letters = len(tables.upper)
    value_of = values  # tile letters only: a blank (lower case) counts 0 through .get
    height = len(lines)
    width = len(lines[0])
    xcs, xss, xls = [], [], []
    cache: dict[tuple[str, str], int] = {}
    for r in range(height):
        xc = [ALL_LETTERS] * width
        xs = [-1] * width
        xl = [0] * width
        line = lines[r]
        above_line = lines[r - 1] if r else None
        below_line = lines[r + 1] if r + 1 < height else None
        for x in range(width):
            if line[x] != ".":
                xc[x] = 0
                continue
            if not (
                (above_line is not None and above_line[x] != ".")
                or (below_line is not None and below_line[x] != ".")
            ):
                continue
            i = r - 1
            while i >= 0 and lines[i][x] != ".":
                i -= 1
            up = "".join(lines[k][x] for k in range(i + 1, r))
            j = r + 1
            while j < height and lines[j][x] != ".":
                j += 1
            down = "".join(lines[k][x] for k in range(r + 1, j))
            xs[x] = sum(value_of.get(ch, 0) for ch in up + down)
            xl[x] = len(up) + len(down) + 1
            key = (up.upper(), down.upper())
            mask = cache.get(key)
            if mask is None:
                mask = 0
                n = froot
                for ch in key[0]:
                    m = fmask[n]
                    b = 1 << index[ch]
                    if not m & b:
                        n = 0
                        break
                    n = fedge[fstart[n] + (m & (b - 1)).bit_count()]
                if n:
                    m0 = fmask[n]
                    k = fstart[n]
                    for li in range(n_letters):
                        b = 1 << li
                        if not m0 & b:
                            continue
                        c = fedge[k]
                        k += 1
                        for ch in key[1]:
                            m = fmask[c]
                            bb = 1 << index[ch]
                            if not m & bb:
                                c = 0
                                break
                            c = fedge[fstart[c] + (m & (bb - 1)).bit_count()]
                        if c and fmask[c] & FINAL:
                            mask |= b
                cache[key] = mask
            xc[x] = mask
        xcs.append(xc)
        xss.append(xs)
        xls.append(xl)
    return xcs, xss, xls


def changed_lines(rows: Sequence[str], placed: Iterable[tuple[int, int]]):
    """The (rows, columns) whose moves can differ once tiles are ``placed`` on the board
    ``rows`` (the board *with* them): a move along a line depends only on that line's
    squares and on the cross-words of its empty squares, so a line changes when it holds a
    placed tile, or when it lies just beyond the end of the crossing run of tiles a placed
    tile joined."""
    n_rows, n_cols = len(rows), len(rows[0]) if rows else 0
    out_r: set[int] = set()
    out_c: set[int] = set()
    for r, c in placed:
        out_r.add(r)
        out_c.add(c)
        t = r
        while t > 0 and rows[t - 1][c] != ".":
            t -= 1
        b = r
        while b + 1 < n_rows and rows[b + 1][c] != ".":
            b += 1
        if t > 0:
            out_r.add(t - 1)
        if b + 1 < n_rows:
            out_r.add(b + 1)
        left = c
        while left > 0 and rows[r][left - 1] != ".":
            left -= 1
        right = c
        while right + 1 < n_cols and rows[r][right + 1] != ".":
            right += 1
        if left > 0:
            out_c.add(left - 1)
        if right + 1 < n_cols:
            out_c.add(right + 1)
    return out_r, out_c


def _search(lines, prem, rack, graph, rules, out, down, first_square, tables=_EN, only=None):
    """Generate the moves along ``lines`` (rows of the board, or of its transpose).

    Letters are small ints throughout (``tables`` maps characters to indices once, here);
    ``BL`` (the alphabet's size) indexes the blanks' count in ``rk``."""
    values_by_letter = rules.tiles.values
    VAL = [values_by_letter.get(ch, 0) for ch in tables.upper]
    INDEX = tables.index
    BL = len(tables.upper)
    ALL_LETTERS, FINAL = graph.all_letters, graph.final
    width = len(lines[0])
    bingo = rules.bingo_bonus
    rack_size = rules.rack_size
    tie_ok = not down  # one-tile plays: across keeps ties, down only strictly longer words

    FM, FS, FE = graph.fmask, graph.fstart, graph.fedge
    RM, RS, RE, RSEP = graph.rmask, graph.rstart, graph.redge, graph.rsep
    rroot = graph.rroot
    FK, fkids = graph._fkids, graph.forward_children
    RK, rkids = graph._rkids, graph.reverse_children
    BIDX = tables.bit_index
    UP, LOW = tables.upper, tables.lower

    rk = [0] * (BL + 1)  # counts per letter, [BL] = blanks
    for ch in rack:
        rk[BL if ch == BLANK else INDEX[ch]] += 1
    rack_mask0 = 0
    for i in range(BL):
        if rk[i]:
            rack_mask0 |= 1 << i

    if first_square:
        xcs = [[ALL_LETTERS] * width for _ in lines]
        xss = [[-1] * width for _ in lines]
        xls = [[0] * width for _ in lines]
    else:
        xcs, xss, xls = _cross_info(lines, graph, values_by_letter, tables)

    # per-line state read by the closures below (rebound for every line / anchor)
    xc = xs = xl = lm = wm = occ = cur = runs_at = None
    line_no = 0
    start = 0  # first square of the word being built
    rend = 0  # last square of the part the search started from
    llim = 0  # leftmost square a tile may go on
    rlim = width  # squares >= rlim take no tile
    min_np = 1
    record = out.append
    join = "".join

    # The search state travels as arguments: ms = main word's letter sum so far (board tiles
    # at face value, new tiles times their letter premium), mw = its word multiplier, cs =
    # the summed scores of the cross words made so far, np = tiles placed, rmask = letters
    # with at least one tile left on the rack (rk holds the counts, rk[BL] the blanks).
    # cur holds the line's letters, the new tiles written in as they are placed.

    def finish(x, ms, mw, cs, np):
        """The word spans [start, x): record it (one-tile plays only for their direction)."""
        if np == 1:
            p = start
            while occ[p]:
                p += 1
            n = x - start
            if n < xl[p] or (n == xl[p] and not tie_ok):
                return
        score = ms * mw + cs
        if np == rack_size:
            score += bingo
        record((score, down, line_no, start, "".join(cur[start:x])))

    def go_right(x, f, ms, mw, cs, np, rmask):
        # The word spans [start, x); square x (< rlim) is empty; f is a forward node with a
        # letter that may go on x.  Each child's word is recorded here when it ends a word,
        # and the search goes on only where another tile could follow (fewer calls).
        # Children come from the graph's memoised (bit, index, child, child mask) tuples:
        # walking a short tuple beats bit arithmetic on the arrays for every letter.
        fm = FM[f]
        cand = fm & xc[x]
        base = FS[f]
        lmx = lm[x]
        wmx = wm[x]
        xsx = xs[x]
        mw2 = mw * wmx
        np2 = np + 1
        # a one-tile word here is listed only when it is this direction's (see finish)
        one_ok = np2 >= min_np and not (
            np2 == 1 and (x + 1 - start < xl[x] or (x + 1 - start == xl[x] and not tie_ok)))
        bonus = bingo if np2 == rack_size else 0
        run = runs_at[x + 1]
        nx = x + 1
        blanks = ALL_LETTERS if rk[BL] else 0
        m = cand & rmask
        if run is None:
            xcn = xc[nx] if nx < rlim else 0
            while m:
                b = m & -m
                m ^= b
                li = BIDX[b]
                child = FE[base + (fm & (b - 1)).bit_count()]
                cm = FM[child]
                v = VAL[li] * lmx
                ms2 = ms + v
                cs2 = cs + (xsx + v) * wmx if xsx >= 0 else cs
                cur[x] = UP[li]
                if cm & FINAL and one_ok:
                    record((ms2 * mw2 + cs2 + bonus, down, line_no, start, join(cur[start:nx])))
                c = rk[li] - 1
                rmask2 = rmask if c else rmask ^ b
                if cm & xcn & (rmask2 | blanks):
                    rk[li] = c
                    go_right(nx, child, ms2, mw2, cs2, np2, rmask2)
                    rk[li] = c + 1
            if blanks:
                rk[BL] -= 1
                blanks2 = ALL_LETTERS if rk[BL] else 0
                cs2 = cs + xsx * wmx if xsx >= 0 else cs
                more = rmask | blanks2
                for b, li, child, cm in FK.get(f) or fkids(f):
                    if not cand & b:
                        continue
                    cur[x] = LOW[li]
                    if cm & FINAL and one_ok:
                        record((ms * mw2 + cs2 + bonus, down, line_no, start, join(cur[start:nx])))
                    if cm & xcn & more:
                        go_right(nx, child, ms, mw2, cs2, np2, rmask)
                rk[BL] += 1
            return
        bits, rv, nx = run
        xcn = xc[nx] if nx < rlim else 0
        if np2 == 1:
            one_ok = np2 >= min_np and not (
                nx - start < xl[x] or (nx - start == xl[x] and not tie_ok))
        while m:
            b = m & -m
            m ^= b
            li = BIDX[b]
            child = FE[base + (fm & (b - 1)).bit_count()]
            cm = FM[child]
            for bb in bits:
                if not cm & bb:
                    child = 0
                    break
                child = FE[FS[child] + (cm & (bb - 1)).bit_count()]
                cm = FM[child]
            if not child:
                continue
            v = VAL[li] * lmx
            ms2 = ms + v + rv
            cs2 = cs + (xsx + v) * wmx if xsx >= 0 else cs
            cur[x] = UP[li]
            if cm & FINAL and one_ok:
                record((ms2 * mw2 + cs2 + bonus, down, line_no, start, join(cur[start:nx])))
            c = rk[li] - 1
            rmask2 = rmask if c else rmask ^ b
            if cm & xcn & (rmask2 | blanks):
                rk[li] = c
                go_right(nx, child, ms2, mw2, cs2, np2, rmask2)
                rk[li] = c + 1
        if blanks:
            rk[BL] -= 1
            blanks2 = ALL_LETTERS if rk[BL] else 0
            cs2 = cs + xsx * wmx if xsx >= 0 else cs
            ms2 = ms + rv
            more = rmask | blanks2
            for b, li, child, cm in FK.get(f) or fkids(f):
                if not cand & b:
                    continue
                for bb in bits:
                    if not cm & bb:
                        child = 0
                        break
                    child = FE[FS[child] + (cm & (bb - 1)).bit_count()]
                    cm = FM[child]
                if not child:
                    continue
                cur[x] = LOW[li]
                if cm & FINAL and one_ok:
                    record((ms2 * mw2 + cs2 + bonus, down, line_no, start, join(cur[start:nx])))
                if cm & xcn & more:
                    go_right(nx, child, ms2, mw2, cs2, np2, rmask)
            rk[BL] += 1

    def go_left(left, n, ms, mw, cs, np, rmask):
        # The word spans [left, rend]; square left-1 is empty or off the board; n is a
        # reverse node.  Either stop here (cross the separator) or put a tile on left-1.
        nonlocal start
        sep = RSEP[n]
        if sep:
            start = left
            sm = FM[sep]
            if sm & FINAL and np >= min_np:
                finish(rend + 1, ms, mw, cs, np)
            nx = rend + 1
            if nx < rlim and sm & xc[nx] & (rmask | (ALL_LETTERS if rk[BL] else 0)):
                go_right(nx, sep, ms, mw, cs, np, rmask)
        x = left - 1
        if x < llim:
            return
        rm = RM[n]
        cand = rm & xc[x]
        if not cand:
            return
        base = RS[n]
        lmx = lm[x]
        wmx = wm[x]
        xsx = xs[x]
        mw2 = mw * wmx
        m = cand & rmask
        while m:
            b = m & -m
            m ^= b
            li = BIDX[b]
            child = RE[base + (rm & (b - 1)).bit_count()]
            v = VAL[li] * lmx
            cur[x] = UP[li]
            c = rk[li] - 1
            rk[li] = c
            go_left(
                x,
                child,
                ms + v,
                mw2,
                cs + (xsx + v) * wmx if xsx >= 0 else cs,
                np + 1,
                rmask if c else rmask ^ b,
            )
            rk[li] = c + 1
        if rk[BL]:
            rk[BL] -= 1
            cs2 = cs + xsx * wmx if xsx >= 0 else cs
            kids = RK.get(n) or rkids(n)
            # a child with no separator and no room or letter further left leads nowhere
            if x > llim:
                xcl = xc[x - 1] & (rmask | (ALL_LETTERS if rk[BL] else 0))
            else:
                xcl = 0
            for b, li, child, cm in kids:
                if not cand & b:
                    continue
                if not (cm & xcl or RSEP[child]):
                    continue
                cur[x] = LOW[li]
                go_left(x, child, ms, mw2, cs2, np + 1, rmask)
            rk[BL] += 1

    def start_at_anchor(a):
        """A pure move's leftmost cross anchor ``a``: put a rack tile there first."""
        nonlocal rend
        rend = a
        cand = RM[rroot] & xc[a]
        if not cand:
            return
        base = RS[rroot]
        rm = RM[rroot]
        lmx = lm[a]
        wmx = wm[a]
        xsx = xs[a]
        m = cand & rack_mask0
        while m:
            b = m & -m
            m ^= b
            li = BIDX[b]
            child = RE[base + (rm & (b - 1)).bit_count()]
            v = VAL[li] * lmx
            cur[a] = UP[li]
            c = rk[li] - 1
            rk[li] = c
            go_left(
                a,
                child,
                v,
                wmx,
                (xsx + v) * wmx if xsx >= 0 else 0,
                1,
                rack_mask0 if c else rack_mask0 ^ b,
            )
            rk[li] = c + 1
        if rk[BL]:
            rk[BL] -= 1
            cs = xsx * wmx if xsx >= 0 else 0
            m = cand
            while m:
                b = m & -m
                m ^= b
                li = BIDX[b]
                child = RE[base + (rm & (b - 1)).bit_count()]
                cur[a] = LOW[li]
                go_left(a, child, 0, wmx, cs, 1, rack_mask0)
            rk[BL] += 1

    for r, text in enumerate(lines):
        if only is not None and r not in only:
            continue
        if first_square:
            if r != first_square[0]:
                continue
        elif text.count(".") == width and not any(
            xl_ for xl_ in xls[r]
        ):
            continue  # nothing on or beside this line
        line_no = r
        xc, xs, xl = xcs[r], xss[r], xls[r]
        lm = [p.letter_multiplier if p and text[c] == "." else 1 for c, p in enumerate(prem[r])]
        wm = [p.word_multiplier if p and text[c] == "." else 1 for c, p in enumerate(prem[r])]
        occ = [ch != "." for ch in text]
        cur = list(text)
        # runs of board tiles: (first, last)
        runs = []
        x = 0
        while x < width:
            if occ[x]:
                y = x
                while y + 1 < width and occ[y + 1]:
                    y += 1
                runs.append((x, y))
                x = y + 2
            else:
                x += 1
        runs_at = [None] * (width + 2)
        for s, e in runs:
            bits = tuple(1 << INDEX[text[k]] for k in range(s, e + 1))
            rv = sum(values_by_letter.get(text[k], 0) for k in range(s, e + 1))  # blank: 0
            runs_at[s] = (bits, rv, e + 1)

        # moves whose main word contains board tiles: from their leftmost run
        min_np = 1
        rlim = width
        prev_end = -2
        for s, e in runs:
            llim = prev_end + 2
            prev_end = e
            n = rroot
            ok = True
            for k in range(e, s - 1, -1):
                m = RM[n]
                b = 1 << INDEX[text[k]]
                if not m & b:
                    ok = False
                    break
                n = RE[RS[n] + (m & (b - 1)).bit_count()]
            if not ok:
                continue
            rend = e
            go_left(s, n, runs_at[s][1], 1, 0, 0, rack_mask0)

        # moves touching the board only through cross words: from their leftmost cross anchor
        min_np = max(2, rules.min_first_move_tiles) if first_square else 2
        if first_square:
            anchors = [first_square[1]]
        else:
            anchors = [
                x
                for x in range(width)
                if not occ[x]
                and xl[x]
                and not (x > 0 and occ[x - 1])
                and not (x + 1 < width and occ[x + 1])
            ]
        for a in anchors:
            y = a
            while y > 0 and not occ[y - 1] and not xl[y - 1] and not (y > 1 and occ[y - 2]):
                y -= 1
            llim = y
            z = a + 1
            while z < width and not occ[z]:
                z += 1
            rlim = z - 1 if z < width else width
            start_at_anchor(a)


def engine_generator(
    lexicon: Iterable[str],
    rules: RuleSet = STANDARD,
    *,
    cache_dir: Path | None = None,
    progress: Callable[[float], None] | None = None,
) -> Callable[[Sequence[str], str], MoveList]:
    """A ``generate(board_rows, rack)`` function for the computer players and hints.

    The graph comes from the user cache (keyed by ``lexicon.content_hash`` when the
    lexicon has one, else by the SHA-256 of its sorted upper-case words), or is built once
    and cached; ``progress`` reports a build 0..1.
    """
    key = getattr(lexicon, "content_hash", None)
    words: Iterable[str] = lexicon
    alphabet = rules.alphabet
    letters = "".join(alphabet.letters)
    if not isinstance(key, str):
        if letters == ENGLISH_LETTERS and alphabet.code == "en":
            words = sorted({w.strip().upper() for w in lexicon})
            salt = b""
        else:  # the alphabet's case table and folding (Russian Ё -> Е); its code in the key
            words = sorted({alphabet.upper(w.strip()) for w in lexicon})
            salt = alphabet.code.encode() + b"\0"
        key = hashlib.sha256(salt + "\n".join(words).encode("utf-8")).hexdigest()
    graph = load_or_build(words, key, cache_dir, progress, letters=letters)

    def generate_moves(board_rows: Sequence[str], rack: str, lines=None) -> MoveList:
        return generate(board_rows, rack, graph, rules, lines)

    generate_moves.graph = graph  # type: ignore[attr-defined]
    generate_moves.takes_lines = True  # type: ignore[attr-defined]
    return generate_moves
