"""Word queries on a :class:`~wordbler.lexicon.WordList`: anagrams, patterns, grid words.

Every query is exact and returns its words in listing order (longest first, then the
alphabet's own order).  Bad input raises a ``ValueError`` (:class:`QueryError`, or
:class:`~wordbler.lexicon.AlphabetError` for a character outside the alphabet) whose message
names what is wrong.
"""

from __future__ import annotations

import re
from typing import Sequence

from . import search
from .alphabet import Alphabet, AlphabetError
from .wordlist import WordList

BLANK = "?"

Path = tuple[tuple[int, int], ...]


class QueryError(ValueError):
    """A malformed query (empty letters, bad pattern, malformed grid...)."""


# ---- letters ------------------------------------------------------------------------
def parse_letters(text: str, alphabet: Alphabet, *, what: str = "letters") -> tuple[str, int]:
    """``(letters, blanks)``: the query's letters upper-cased and its ``?`` count."""
    if not isinstance(text, str):
        raise QueryError(f"{what} must be text")
    t = text.strip()
    if not t:
        raise QueryError(f"no {what} given")
    blanks = t.count(BLANK)
    letters = alphabet.normalise(t.replace(BLANK, ""), what=what) if len(t) > blanks else ""
    return letters, blanks


def anagrams(wl: WordList, letters: str, *, sub: bool = False, min_len: int = 2,
             length: int | None = None) -> list[str]:
    """Words made from ``letters`` (``?`` = any letter).

    Default: full anagrams (every letter used exactly once).  ``sub``: words from any part
    of the letters, each letter at most as often as given, of at least ``min_len`` letters.
    ``length``: the words of exactly ``length`` letters from part of the letters.
    """
    alphabet = wl.alphabet
    fixed, blanks = parse_letters(letters, alphabet)
    total = len(fixed) + blanks
    if length is not None:
        if length < 1:
            raise QueryError(f"length must be at least 1, not {length}")
        lo = hi = length
    elif sub:
        if min_len < 1:
            raise QueryError(f"the minimum length must be at least 1, not {min_len}")
        lo, hi = min_len, total
    else:
        lo = hi = total
    return alphabet.sorted_listing(search.anagram_search(wl.graph(), fixed, blanks, lo, hi))


# ---- patterns -----------------------------------------------------------------------
def parse_pattern(pat: str, alphabet: Alphabet) -> list[tuple[str, frozenset[str] | str | None]]:
    """The pattern as items: ``("lit", letter)``, ``("any", None)`` (one letter),
    ``("set", letters)`` (one of them), ``("star", None)`` (any run)."""
    if not isinstance(pat, str):
        raise QueryError("the pattern must be text")
    p = pat.strip()
    if not p:
        raise QueryError("empty pattern")
    items: list[tuple[str, frozenset[str] | str | None]] = []
    i = 0
    letters = frozenset(alphabet.letters)
    while i < len(p):
        ch = p[i]
        if ch in "?.":
            items.append(("any", None))
        elif ch == "*":
            if not (items and items[-1][0] == "star"):
                items.append(("star", None))
        elif ch == "[":
            j = p.find("]", i + 1)
            if j < 0:
                raise QueryError(f"pattern {p!r}: '[' at position {i + 1} is never closed")
            body = p[i + 1 : j]
            neg = body.startswith("^")
            if neg:
                body = body[1:]
            if not body:
                raise QueryError(f"pattern {p!r}: empty letter set at position {i + 1}")
            for c in body:  # one letter each: a ligature (French Œ) is two
                if alphabet.letter(c) is None:
                    spelt = alphabet.normalise(c, what=f"letter set [{p[i + 1:j]}]", quote=False)
                    raise QueryError(f"pattern {p!r}: {c} stands for the {len(spelt)} letters "
                                     f"{spelt}, not one letter of a set [...]")
            chosen = frozenset(alphabet.normalise(
                body, what=f"letter set [{p[i + 1:j]}]", quote=False))
            items.append(("set", letters - chosen if neg else chosen))
            i = j
        elif ch == "]":
            raise QueryError(f"pattern {p!r}: ']' at position {i + 1} without '['")
        else:
            letter = alphabet.letter(ch)
            if letter is None:
                # raises for a character outside the alphabet; a ligature (French Œ) is
                # its letters, each a letter of the pattern (CŒUR is COEUR)
                spelt = alphabet.normalise(ch, what=f"pattern {p!r}", quote=False)
                items.extend(("lit", c) for c in spelt)
            else:
                items.append(("lit", letter))
        i += 1
    return items


def pattern(wl: WordList, pat: str, letters: str | None = None) -> list[str]:
    """Words matching ``pat`` (``?``/``.`` one letter, ``*`` any run of letters, ``[ABC]``
    one of those, ``[^ABC]`` one letter not among them, anything else that letter).

    ``letters``: if given, the open places (everything but the pattern's own letters) are
    filled only from these letters, each at most as often as given (``?`` = any letter).
    """
    alphabet = wl.alphabet
    items = parse_pattern(pat, alphabet)
    if letters is None:
        if all(len(letter) == 1 for letter in alphabet.letters):
            return _pattern_by_regex(wl, items)
        return alphabet.sorted_listing(search.pattern_search(wl.graph(), items))
    fixed, blanks = parse_letters(letters, alphabet)
    return alphabet.sorted_listing(search.pattern_search(wl.graph(), items, fixed, blanks))


def _pattern_by_regex(wl: WordList, items) -> list[str]:
    """:func:`pattern` without ``letters``, as one regular expression run over the list's
    text in listing order (so the matches come out in that order), over the lengths the
    pattern can match only.  Between two stars each run of items has a fixed length, so
    the leftmost place of each middle run is as good as any (it leaves the most room to
    what follows): atomic groups take it and never backtrack, which keeps a pattern like
    ``*A*E*I*O*U*`` linear in the text.  Several times faster than walking the word
    graph, whose every path a leading ``*`` visits."""
    runs: list[list[str]] = [[]]
    for kind, arg in items:
        if kind == "star":
            runs.append([])
        elif kind == "lit":
            runs[-1].append(re.escape(arg))
        elif kind == "any":
            runs[-1].append("[^\n]")
        else:
            if not arg:
                return []  # a set no letter is in
            runs[-1].append("[" + "".join(re.escape(ch) for ch in sorted(arg)) + "]")
    fixed = sum(map(len, runs))
    text, spans = wl.listing_text()
    if len(runs) == 1:  # no star: words of exactly that length
        regex = "^" + "".join(runs[0]) + "$"
        blocks = [span for n, span in spans.items() if n == fixed]
    else:
        regex = ("^" + "".join(runs[0])
                 + "".join("(?>[^\n]*?" + "".join(run) + ")" for run in runs[1:-1] if run)
                 + "[^\n]*" + "".join(runs[-1]) + "$")
        blocks = [span for n, span in spans.items() if n >= fixed]
    if not blocks:
        return []
    start, end = min(a for a, _ in blocks), max(b for _, b in blocks)
    # end - 1: the last word's line end is left out, or "^...$" would also meet the empty
    # line after it
    return re.compile(regex, re.M).findall(text, start, end - 1)


# ---- grids --------------------------------------------------------------------------
def parse_grid(text: str, alphabet: Alphabet) -> list[list[str]]:
    """Rows separated by ``/``, a multi-letter cell in parentheses: ``"(QU)AB/CDEF"``.

    Letters in either case; rows must all have the same number of cells.  Returns the
    cells as rows of upper-case strings.  :class:`QueryError` / ``AlphabetError`` for a
    malformed grid, naming the row and the problem.
    """
    if not isinstance(text, str):
        raise QueryError("the grid must be text")
    t = text.strip()
    if not t:
        raise QueryError("empty grid")
    rows: list[list[str]] = []
    for rno, raw in enumerate(t.split("/"), 1):
        raw = raw.strip()
        if not raw:
            raise QueryError(f"grid row {rno} is empty")
        cells: list[str] = []
        i = 0
        while i < len(raw):
            ch = raw[i]
            if ch == "(":
                j = raw.find(")", i + 1)
                if j < 0:
                    raise QueryError(f"grid row {rno}: '(' is never closed")
                inner = raw[i + 1 : j]
                if not inner:
                    raise QueryError(f"grid row {rno}: empty cell '()'")
                if "(" in inner:
                    raise QueryError(f"grid row {rno}: '(' inside a cell")
                cells.append(alphabet.normalise(
                    inner, what=f"grid row {rno} cell ({inner})", quote=False))
                i = j + 1
                continue
            if ch == ")":
                raise QueryError(f"grid row {rno}: ')' without '('")
            cells.append(alphabet.normalise(ch, what=f"grid row {rno}", quote=False))
            i += 1
        rows.append(cells)
    widths = {len(r) for r in rows}
    if len(widths) != 1:
        first = len(rows[0])
        bad = next(i for i, r in enumerate(rows, 1) if len(r) != first)
        raise QueryError(
            f"the grid is not rectangular: row 1 has {first} cells, "
            f"row {bad} has {len(rows[bad - 1])}"
        )
    return rows


def format_grid(cells: Sequence[Sequence[str]]) -> str:
    """The ``/``-separated form of a grid (multi-letter cells in parentheses)."""
    return "/".join("".join(c if len(c) == 1 else f"({c})" for c in row) for row in cells)


def check_cells(cells: Sequence[Sequence[str]], alphabet: Alphabet) -> list[list[str]]:
    """The cells as lists of upper-case strings; :class:`QueryError` for a bad cell."""
    out = []
    for r, row in enumerate(cells):
        if isinstance(row, str):
            raise QueryError(f"grid row {r} must be a list of cells, not a string")
        line = []
        for c, cell in enumerate(row):
            if not isinstance(cell, str) or not cell or not alphabet.is_word(cell):
                raise QueryError(f"grid cell [{r}, {c}] = {cell!r} is not upper-case letters "
                                 f"of the {alphabet.name} alphabet")
            line.append(cell)
        out.append(line)
    return out


def neighbours(cells: Sequence[Sequence[str]], r: int, c: int) -> list[tuple[int, int]]:
    """The eight neighbours of ``(r, c)`` that exist, in (row, col) order."""
    out = []
    for dr in (-1, 0, 1):
        rr = r + dr
        if not 0 <= rr < len(cells):
            continue
        for dc in (-1, 0, 1):
            cc = c + dc
            if (dr or dc) and 0 <= cc < len(cells[rr]):
                out.append((rr, cc))
    return out


def grid_words(wl: WordList, cells: Sequence[Sequence[str]], *, min_len: int = 3
               ) -> list[tuple[str, Path]]:
    """Every word of the list along a path in the grid: each step to one of the eight
    neighbours, each cell at most once, at least ``min_len`` letters (a ``QU`` cell counts
    as two).  One ``(word, path)`` per word, in listing order; the path is the first in
    (row, col) order, i.e. the smallest sequence of coordinates spelling the word.
    """
    alphabet = wl.alphabet
    grid = check_cells(cells, alphabet)
    if min_len < 1:
        raise QueryError(f"the minimum length must be at least 1, not {min_len}")
    found = search.grid_search(wl.graph(), grid, min_len)
    return [(w, found[w]) for w in alphabet.sorted_listing(found)]


__all__ = [
    "AlphabetError",
    "BLANK",
    "QueryError",
    "anagrams",
    "check_cells",
    "format_grid",
    "grid_words",
    "neighbours",
    "parse_grid",
    "parse_letters",
    "parse_pattern",
    "pattern",
]
