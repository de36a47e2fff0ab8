"""The generator: hide words in a grid, fill the rest, with no accidental words.

``generate(settings, entries, seed)`` is a pure function of its arguments: every random
choice goes through one ``random.Random(seed)``.

How it works
------------
1. Words are placed longest first by a depth-first search with backtracking.  A word's
   candidates are the (start, direction) pairs where it fits the shape and agrees with the
   letters already there; at ``medium`` the candidates that cross other words come first, at
   ``hard`` those that share the most letters, at ``easy`` the free ones.  At ``medium`` and
   ``hard`` that holds for a share of the words only (:data:`CROSS_FIRST`, rising as the grid
   fills); the others try every start in a seeded order, so the words spread over the grid.  When a word has no
   candidate, the search goes back to the word before and tries its next candidate (a
   bounded number of alternatives per word, and a global budget; when the budget runs out
   the deepest partial solution is kept and the remaining words are placed greedily).
2. A candidate is refused if it shares two or more cells with another word (words may
   cross, not run along each other) or if writing it makes any listed word read somewhere
   other than its own placement, in any of the eight directions (a listed word inside the
   placement of a longer listed word is allowed: ART inside PARTY).
3. A word that cannot be placed but already reads inside another word's placement (in a
   direction of the level) takes that place; otherwise it is reported as unplaced.
4. The hidden message goes into the first leftover cells in reading order; then each
   remaining cell gets a filler letter that completes no listed word, no unplaced word and
   no word of the language's offensive list in any direction.  At ``hard`` the filler is
   drawn from the letters of the hidden words, falling back to the whole alphabet where
   those letters would spell something.
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence

from wordbler.lexicon.alphabet import Alphabet, get_alphabet

from .grid import DIRECTIONS, HOLE, LEVELS, Mask, Placement, check_size, rectangle
from .puzzle import Puzzle
from .words import Entry, WordSearchError, normalise_word, offensive_words

AXES = ((0, 1), (1, 0), (1, 1), (1, -1))

# letter frequencies (per mille, rounded) for the easy and medium filler
FREQUENCIES = {
    "en": dict(zip("ETAOINSHRDLCUMWFGYPBVKJXQZ",
                   (127, 91, 82, 75, 70, 67, 63, 61, 60, 43, 40, 28, 28, 24, 24, 22, 20, 20, 19, 15, 10, 8, 2, 2, 1, 1))),
    "ru": dict(zip("ОЕАИНТСРВЛКМДПУЯЫЬГЗБЧЙХЖШЮЦЩЭФЪЁ",
                   (110, 85, 80, 74, 67, 63, 55, 47, 45, 44, 35, 32, 30, 28, 26, 20, 19, 17, 17, 16, 16, 14,
                    12, 10, 9, 7, 6, 5, 4, 3, 3, 1, 1))),
    # French text with its accents folded (É counts for E)
    "fr": dict(zip("EASITNRULODCMPVQFBGHJXYZWK",
                   (167, 80, 79, 76, 72, 71, 66, 63, 55, 54, 37, 33, 30, 30, 16, 10, 11, 9, 9, 7, 6, 4, 3, 1, 1, 1))),
}


class Cancelled(Exception):
    """The caller's ``cancel()`` said stop."""


# the share of words whose crossing candidates are tried first, by level, in an empty grid
# (the rest try every start in a seeded order, so the words spread over the grid); it rises
# with the share of the grid filled, to every word in a half-full one
CROSS_FIRST = {"medium": 0.5, "hard": 0.6}


@dataclass(frozen=True, slots=True)
class Settings:
    """What a puzzle is made of, apart from its words and seed.

    ``mask``: the shape (its size wins over ``cols``/``rows``); None is the full rectangle.
    """

    cols: int = 15
    rows: int = 15
    level: str = "medium"
    lang: str = "en"
    mask: Mask | None = None
    message: str = ""
    title: str = ""
    theme: str = ""
    bonus: tuple[str, ...] = ()
    budget: int = 6_000
    max_backtrack: int = 25

    def size(self) -> tuple[int, int]:
        if self.mask is not None:
            return self.mask.cols, self.mask.rows
        return self.cols, self.rows


def max_word_length(settings: Settings) -> int:
    """The longest word the grid can hold in a line (its larger side)."""
    cols, rows = settings.size()
    return max(cols, rows)


@dataclass(slots=True)
class _Word:
    wid: int
    word: str
    bonus: bool
    placement: tuple | None = None  # (start, step, dir) or ("inside", Placement)


class _Board:
    """The mutable grid during one generation (flat list, None = free, HOLE = no cell)."""

    def __init__(self, mask: Mask, words: list[_Word], offensive: Iterable[str],
                 blocked: Iterable[int] = ()):
        self.mask = mask
        #: ids of words that must not read anywhere, not even inside a longer word (a word
        #: whose reverse is listed too, at a level without backward directions)
        self.blocked = frozenset(blocked)
        #: ids of the secret bonus words: a listed word may read inside a longer listed
        #: word only, never inside a bonus word (the contract allows no other occurrence)
        self.bonus_ids = frozenset(w.wid for w in words if w.bonus)
        self.R, self.C = mask.rows, mask.cols
        R, C = self.R, self.C
        self.grid: list[str | None] = [None if mask.cells[r][c] else HOLE for r in range(R) for c in range(C)]
        self.owners: list[list[int]] = [[] for _ in range(R * C)]
        self.letter_cells: dict[str, set[int]] = {}
        self.open_cells = sum(1 for g in self.grid if g is None)  # cells of the shape
        self.runs = _runs_for(mask)
        self._starts: dict[tuple[int, tuple[str, ...]], list[tuple[int, int, str]]] = {}
        # forbidden strings: length -> {string read either way: word ids (-1: offensive)}
        index: dict[int, dict[str, tuple[int, ...]]] = {}
        listed = {w.word for w in words}
        for w in words:
            for s in {w.word, w.word[::-1]}:
                bucket = index.setdefault(len(s), {})
                bucket[s] = tuple(sorted(set(bucket.get(s, ())) | {w.wid}))
        for o in offensive:
            if o in listed or o[::-1] in listed:
                continue
            for s in (o, o[::-1]):
                bucket = index.setdefault(len(s), {})
                if s not in bucket:
                    bucket[s] = (-1,)
        self.index = index
        self.lengths = sorted(index)
        self.maxlen = max(self.lengths) if self.lengths else 1
        self.rays = _rays(self.R, self.C, self.maxlen - 1)

    # ---- geometry -------------------------------------------------------------------
    def starts(self, length: int, dirs: tuple[str, ...]) -> list[tuple[int, int, str]] | tuple:
        key = (length, dirs)
        got = self._starts.get(key)
        if got is None:
            got = _starts_for(self.mask, length, dirs)
            self._starts[key] = got
        return got

    # ---- reading windows --------------------------------------------------------------
    def _context(self, cell: int) -> list[tuple[str, list[int], str, list[int]]]:
        """For each of the four axes through ``cell``: the run of letters before it (in
        reading order) and after it, with their cells."""
        grid = self.grid
        out = []
        for back_ray, fwd_ray in self.rays[cell]:
            bl: list[str] = []
            bc: list[int] = []
            for i in back_ray:
                g = grid[i]
                if g is None or g == HOLE:
                    break
                bl.append(g)
                bc.append(i)
            fl: list[str] = []
            fc: list[int] = []
            for i in fwd_ray:
                g = grid[i]
                if g is None or g == HOLE:
                    break
                fl.append(g)
                fc.append(i)
            if bl or fl:
                bl.reverse()
                bc.reverse()
                out.append(("".join(bl), bc, "".join(fl), fc))
        return out

    def matches(self, cell: int) -> Iterator[tuple[tuple[int, ...], list[int]]]:
        """Every forbidden string read through ``cell`` (which holds a letter): its word ids
        and cells."""
        letter = self.grid[cell]
        index = self.index
        for back, bc, fwd, fc in self._context(cell):
            s = back + letter + fwd  # type: ignore[operator]
            cells = bc + [cell] + fc
            pos, n = len(back), len(s)
            for L in self.lengths:
                if L > n:
                    break
                bucket = index[L]
                for i in range(max(0, pos - L + 1), min(pos, n - L) + 1):
                    ids = bucket.get(s[i:i + L])
                    if ids is not None:
                        yield ids, cells[i:i + L]

    def letter_ok(self, context, letter: str) -> bool:
        """Whether ``letter`` in the cell whose :meth:`_context` this is spells nothing."""
        index, lengths = self.index, self.lengths
        for back, _bc, fwd, _fc in context:
            s = back + letter + fwd
            pos, n = len(back), len(s)
            for L in lengths:
                if L > n:
                    break
                bucket = index[L]
                for i in range(max(0, pos - L + 1), min(pos, n - L) + 1):
                    if s[i:i + L] in bucket:
                        return False
        return True

    # ---- placing ----------------------------------------------------------------------
    def try_place(self, w: _Word, start: int, step: int, unplaced_ids: set[int]) -> list[int] | None:
        """Write ``w`` at ``start`` going ``step`` if allowed; the newly written cells, or None."""
        grid, owners, word = self.grid, self.owners, w.word
        L = len(word)
        cells = [start + i * step for i in range(L)]
        new = []
        shared: set[int] = set()
        for i, cell in enumerate(cells):
            g = grid[cell]
            if g is None:
                new.append(cell)
            elif g != word[i]:
                return None
            else:
                for o in owners[cell]:
                    if o in shared:
                        return None
                    shared.add(o)
        if not new:
            return None
        for cell in new:
            grid[cell] = word[cells.index(cell)]
        cellset = set(cells)
        ok = True
        for cell in new:
            for ids, wc in self.matches(cell):
                if (len(wc) < L and cellset.issuperset(wc) and self.blocked.isdisjoint(ids)
                        and (not w.bonus or all(x == -1 or x in self.bonus_ids for x in ids))):
                    continue  # a shorter word inside this one
                if len(wc) == L and cellset.issuperset(wc):
                    if all(x == w.wid or x == -1 or x in unplaced_ids for x in ids):
                        continue  # the word itself (and a reverse partner still to come)
                if all(x == -1 for x in ids):
                    continue  # placed words may spell anything; only the filler may not
                ok = False
                break
            if not ok:
                break
        if not ok:
            for cell in new:
                grid[cell] = None
            return None
        for cell in cells:
            owners[cell].append(w.wid)
        for cell in new:
            self.letter_cells.setdefault(grid[cell], set()).add(cell)  # type: ignore[arg-type]
        return new

    def remove(self, w: _Word, start: int, step: int, new: list[int]) -> None:
        for i in range(len(w.word)):
            self.owners[start + i * step].remove(w.wid)
        for cell in new:
            self.letter_cells[self.grid[cell]].discard(cell)  # type: ignore[index]
            self.grid[cell] = None

    def candidates(self, word: str, dirs: tuple[str, ...], level: str, rng: random.Random) -> Iterator[tuple[int, int, str]]:
        L = len(word)
        starts = self.starts(L, dirs)
        if not starts:
            return
        C = self.C
        counts: dict[tuple[int, int, str], int] = {}
        # crossings first for only a share of the words: with every word tried across the
        # others first, the words grew into one blob (in a 30 x 30 hard grid, 10 of 30 rows
        # held no word on average, 14 at worst); the other words go anywhere they fit
        # (and more of them as the grid fills: crossings pack a crowded grid)
        share = CROSS_FIRST.get(level, 0.0)
        if share:
            filled = sum(len(cells) for cells in self.letter_cells.values())
            share += (1.0 - share) * min(1.0, 2.0 * filled / max(1, self.open_cells))
        if level != "easy" and rng.random() < share:
            runs = self.runs
            steps = {d: (DIRECTIONS[d], DIRECTIONS[d][0] * C + DIRECTIONS[d][1]) for d in dirs}
            for i, ch in enumerate(word):
                for cell in self.letter_cells.get(ch, ()):
                    r, c = divmod(cell, C)
                    for d, ((dr, dc), step) in steps.items():
                        r0, c0 = r - i * dr, c - i * dc
                        if 0 <= r0 < self.R and 0 <= c0 < C and runs[d][r0 * C + c0] >= L:
                            key = (r0 * C + c0, step, d)
                            counts[key] = counts.get(key, 0) + 1
        seen: set[tuple[int, int, str]] = set()
        if counts:
            # a seeded order without a random call per candidate: a salted multiplicative hash
            salt = rng.getrandbits(32)
            dir_rank = {d: i for i, d in enumerate(dirs)}

            def mixed(k: tuple[int, int, str]) -> int:
                return ((k[0] * 8 + dir_rank[k[2]]) * 2654435761 + salt) & 0xFFFFFFFF

            if level == "hard":
                overlap = sorted(counts, key=lambda k: (-counts[k], mixed(k)))
            else:
                overlap = sorted(counts, key=mixed)
            for k in overlap:
                seen.add(k)
                yield k
        n = len(starts)
        a = rng.randrange(n)
        k = 1
        if n > 2:
            k = rng.randrange(1, n)
            while math.gcd(k, n) != 1:
                k = rng.randrange(1, n)
        for j in range(n):
            cand = starts[(a + j * k) % n]
            if cand not in seen:
                yield cand

    def find_inside(self, w: _Word, dirs: tuple[str, ...], placed: list[_Word]) -> Placement | None:
        """An occurrence of ``w`` in the letters of another placed word, in one of ``dirs``:
        on the cells of its reverse partner first (SPOT on TOPS), else inside a longer word
        (ART in PARTY)."""
        hosts = []
        for host in placed:
            if host.placement is None or len(host.word) < len(w.word):
                continue
            if host.placement[0] == "inside":
                hp = host.placement[1]
            else:
                start, _step, d = host.placement
                hp = Placement(host.word, *divmod(start, self.C), d)
            hosts.append((host.word != w.word[::-1], hp))
        hosts.sort(key=lambda h: h[0])
        for _rank, hp in hosts:
            cells = list(hp.cells)
            hdr, hdc = DIRECTIONS[hp.dir]
            for d in dirs:
                if DIRECTIONS[d] == (hdr, hdc):
                    seq = cells
                elif DIRECTIONS[d] == (-hdr, -hdc):
                    seq = cells[::-1]
                else:
                    continue
                text = "".join(self.grid[r * self.C + c] for r, c in seq)  # type: ignore[misc]
                i = text.find(w.word)
                if i >= 0:
                    r, c = seq[i]
                    return Placement(w.word, r, c, d)
        return None


@functools.lru_cache(maxsize=64)
def _runs_for(mask: Mask) -> dict[str, list[int]]:
    """For each direction, how many shape cells run from each cell that way (0 off-shape)."""
    R, C = mask.rows, mask.cols
    runs = {}
    for d, (dr, dc) in DIRECTIONS.items():
        run = [0] * (R * C)
        rows_order = range(R - 1, -1, -1) if dr > 0 else range(R)
        cols_order = range(C - 1, -1, -1) if dc > 0 else range(C)
        for r in rows_order:
            for c in cols_order:
                if mask.cells[r][c]:
                    rr, cc = r + dr, c + dc
                    run[r * C + c] = 1 + (run[rr * C + cc] if 0 <= rr < R and 0 <= cc < C else 0)
        runs[d] = run
    return runs


@functools.lru_cache(maxsize=64)
def _rays(R: int, C: int, reach: int) -> tuple:
    """For each cell, for each axis of :data:`AXES`: the cells before it (nearest first) and
    after it, at most ``reach`` each way."""
    out = []
    for cell in range(R * C):
        r, c = divmod(cell, C)
        axes = []
        for dr, dc in AXES:
            back, fwd = [], []
            rr, cc = r - dr, c - dc
            while len(back) < reach and 0 <= rr < R and 0 <= cc < C:
                back.append(rr * C + cc)
                rr, cc = rr - dr, cc - dc
            rr, cc = r + dr, c + dc
            while len(fwd) < reach and 0 <= rr < R and 0 <= cc < C:
                fwd.append(rr * C + cc)
                rr, cc = rr + dr, cc + dc
            axes.append((tuple(back), tuple(fwd)))
        out.append(tuple(axes))
    return tuple(out)


@functools.lru_cache(maxsize=512)
def _starts_for(mask: Mask, length: int, dirs: tuple[str, ...]) -> tuple[tuple[int, int, str], ...]:
    """Every (start cell, flat step, direction) where ``length`` cells in a line fit the
    shape (a pure function of its arguments, so remembered between puzzles)."""
    R, C = mask.rows, mask.cols
    cells = mask.cells
    out = []
    for d in dirs:
        dr, dc = DIRECTIONS[d]
        step = dr * C + dc
        er, ec = (length - 1) * dr, (length - 1) * dc
        for r in range(max(0, -er), min(R, R - er)):
            row = cells[r]
            for c in range(max(0, -ec), min(C, C - ec)):
                if row[c] and all(cells[r + i * dr][c + i * dc] for i in range(1, length)):
                    out.append((r * C + c, step, d))
    return tuple(out)


ATTEMPTS = 6  # layouts tried before giving up
# a layout whose leftover cells make the hidden message spell a listed word is common with
# short words: it is worth more tries (each a new layout, so new leftover cells)
MESSAGE_ATTEMPTS = 24
MESSAGE_SPELLS = "the hidden message spells a listed word"


def generate(
    settings: Settings,
    entries: Sequence[Entry],
    seed: int,
    *,
    cancel: Callable[[], bool] | None = None,
) -> Puzzle:
    """The puzzle of ``entries`` for ``settings`` and ``seed`` (same inputs, same puzzle)."""
    if settings.level not in LEVELS:
        raise WordSearchError(f"unknown level {settings.level!r} (easy, medium, hard)")
    alphabet = get_alphabet(settings.lang)
    mask = settings.mask
    if mask is None:
        check_size(settings.cols, settings.rows)
        mask = rectangle(settings.cols, settings.rows)
    else:
        check_size(mask.cols, mask.rows)
    dirs = LEVELS[settings.level]
    limit = max(mask.cols, mask.rows)
    listed: list[Entry] = []
    seen: set[str] = set()
    for e in entries:
        if not alphabet.is_word(e.word) or len(e.word) < 2:
            raise WordSearchError(f"word {e.shown!r} is not a word of at least 2 {alphabet.name} letters")
        # a word longer than any line of the grid is kept: it cannot be placed, so it is
        # reported unplaced (the contract's placed + unplaced are the whole list)
        if e.word not in seen:
            seen.add(e.word)
            listed.append(e)
    if not listed:
        raise WordSearchError("there are no words to hide")
    bonus_words: list[str] = []
    for b in settings.bonus:
        try:
            bw = normalise_word(b, alphabet)
        except WordSearchError as e:
            raise WordSearchError(f"bonus {e}") from None
        if len(bw) < 2:
            raise WordSearchError(f"bonus word {b!r} is shorter than 2 letters")
        if len(bw) > limit:
            raise WordSearchError(f"bonus word {b!r} has {len(bw)} letters; the grid holds at most {limit} in a line")
        if bw not in seen:
            seen.add(bw)
            bonus_words.append(bw)
    message_letters = normalise_message(settings.message, alphabet)
    rng = random.Random(seed)
    offensive = offensive_words(settings.lang)
    counter = [0]

    def check_cancel() -> None:
        counter[0] += 1
        if cancel is not None and counter[0] % 512 == 0 and cancel():
            raise Cancelled()

    last_error = "could not fill the grid"
    attempt = 0
    while attempt < ATTEMPTS or (last_error == MESSAGE_SPELLS and attempt < MESSAGE_ATTEMPTS):
        attempt += 1
        result = _attempt_once(settings, mask, dirs, alphabet, listed, bonus_words, message_letters,
                               offensive, rng, check_cancel)
        if isinstance(result, str):
            last_error = result
            continue
        rows, placed, unplaced, bonus, unplaced_bonus, message_cells = result
        key = alphabet.listing_key
        return Puzzle(
            lang=settings.lang, level=settings.level, seed=seed, rows=rows,
            entries=tuple(listed),
            placed=tuple(sorted(placed, key=lambda p: key(p.word))),
            unplaced=tuple(sorted(unplaced, key=key)),
            bonus=tuple(bonus), unplaced_bonus=tuple(unplaced_bonus),
            message=message_letters, message_shown=settings.message.strip(),
            message_cells=tuple(message_cells), title=settings.title, theme=settings.theme,
            shape=mask.name,
        )
    if last_error == MESSAGE_SPELLS:
        inside = [w for w in [e.word for e in listed] + bonus_words
                  if w in message_letters or ("W" in dirs and w[::-1] in message_letters)]
        if inside:  # then it reads wherever the message's letters run along a line
            last_error = (f"the hidden message holds the word {inside[0]}, which may not read "
                          "anywhere else in the grid; change the message or the words")
        else:
            last_error = MESSAGE_SPELLS + "; try another seed"
    raise WordSearchError(last_error)


def _reads_at(board: _Board, word: str) -> list[Placement]:
    """Every place where ``word`` reads in the letters on the board so far, in the eight
    directions (a palindrome read both ways on the same cells once), in reading order."""
    grid, R, C = board.grid, board.R, board.C
    n = len(word)
    out: list[Placement] = []
    seen: set[frozenset] = set()
    for cell, g in enumerate(grid):
        if g != word[0]:
            continue
        r, c = divmod(cell, C)
        for d, (dr, dc) in DIRECTIONS.items():
            er, ec = r + (n - 1) * dr, c + (n - 1) * dc
            if 0 <= er < R and 0 <= ec < C and all(
                    grid[(r + i * dr) * C + c + i * dc] == word[i] for i in range(1, n)):
                p = Placement(word, r, c, d)
                key = frozenset(p.cells)
                if key not in seen:
                    seen.add(key)
                    out.append(p)
    return out


def _cells_of(w: _Word, C: int) -> list[int]:
    if w.placement[0] == "inside":  # type: ignore[index]
        return [r * C + c for r, c in w.placement[1].cells]  # type: ignore[index]
    start, step, _d = w.placement  # type: ignore[misc]
    return [start + i * step for i in range(len(w.word))]


def _leave_no_stray_words(board: _Board, words: list[_Word], dirs: tuple[str, ...]) -> None:
    """Make sure no word left out reads anywhere (the contract: an unplaced word does not
    occur at all).

    Placing never spells a listed word across other words, but a word given up for lack of
    room can still read inside a longer placed word: along it (it then takes that place,
    ART in PARTY) or, at a level without backward directions, backwards (TRAP in PARTY).
    For the second kind the longer word is taken out again (its cells that no other word
    uses are emptied for the filler), and so on until nothing left out reads; only if that
    could not end would a word be reported where it reads, in whatever direction."""
    C = board.C
    grid, owners = board.grid, board.owners
    removed: set[int] = set()
    for _round in range(3 * len(words) + 3):
        changed = False
        # a word placed inside another one whose letters were emptied is out too
        for w in words:
            if (w.placement is not None and w.placement[0] == "inside"
                    and any(grid[i] != ch for i, ch in zip(_cells_of(w, C), w.word))):
                w.placement = None
                changed = True
        for w in words:
            if w.placement is not None:
                continue
            spots = _reads_at(board, w.word)
            if not spots:
                continue
            # a listed word may take a place inside a longer listed word only (a bonus
            # word, not part of the contract, inside any)
            along = [p for p in spots if p.dir in dirs and any(
                h.placement is not None and h is not w and (w.bonus or not h.bonus)
                and len(h.word) >= len(w.word)   # the same length: its reverse partner's cells
                and {r * C + c for r, c in p.cells} <= set(_cells_of(h, C)) for h in words)]
            if along:
                w.placement = ("inside", along[0])
                changed = True
                continue
            cells = {r * C + c for r, c in spots[0].cells}
            host = next((h for h in words if h.placement is not None and h.wid not in removed
                         and h is not w and len(h.word) >= len(w.word)
                         and cells <= set(_cells_of(h, C))), None)
            if host is None:
                continue
            removed.add(host.wid)
            if host.placement[0] != "inside":  # type: ignore[index]
                for i in _cells_of(host, C):
                    if host.wid in owners[i]:
                        owners[i].remove(host.wid)
                    if not owners[i] and grid[i] not in (None, HOLE):
                        board.letter_cells.get(grid[i], set()).discard(i)  # type: ignore[arg-type]
                        grid[i] = None
            host.placement = None
            changed = True
        if not changed:
            return
    for w in words:  # could not settle (not seen in practice): report where each reads
        if w.placement is None:
            spots = _reads_at(board, w.word)
            if spots:
                w.placement = ("inside", spots[0])


def _attempt_once(settings, mask, dirs, alphabet: Alphabet, listed, bonus_words, message, offensive, rng,
                  check_cancel):
    words = [_Word(i, e.word, False) for i, e in enumerate(listed)]
    words += [_Word(len(listed) + i, b, True) for i, b in enumerate(bonus_words)]
    level = settings.level
    backwards = "W" in dirs
    # at a level without backward directions a word whose reverse is listed too can never
    # be placed (wherever one of the pair went, the other would read backwards on its
    # cells), and it must not read anywhere either, since an unplaced word never occurs: so
    # a longer word holding one of the pair, either way round, cannot be placed either
    # (PARTS holds PART, and TRAP backwards)
    present = {w.word for w in words}
    pairs = {w.wid for w in words
             if not backwards and w.word != w.word[::-1] and w.word[::-1] in present}
    pair_words = [w.word for w in words if w.wid in pairs]
    hosts = {w.wid for w in words
             if any(len(p) < len(w.word) and (p in w.word or p in w.word[::-1]) for p in pair_words)}
    board = _Board(mask, words, offensive, blocked=pairs)

    # longest first; ties in a seeded random order; bonus words after the listed ones
    order = list(words)
    rng.shuffle(order)
    order.sort(key=lambda w: (w.bonus, -len(w.word)))
    # out from the start: the words above, and words that fit nowhere even in the empty grid
    hopeless = {w.wid for w in order if w.wid in pairs or w.wid in hosts
                or not board.starts(len(w.word), dirs)}
    order = [w for w in order if w.wid not in hopeless]
    pending = {w.wid for w in order}

    n = len(order)
    iters: list[Iterator | None] = [None] * n
    news: list[list[int] | None] = [None] * n
    alts = [0] * n
    budget = settings.budget
    best_depth = -1
    best: list = []
    i = 0
    while i < n:
        w = order[i]
        if iters[i] is None:
            iters[i] = board.candidates(w.word, dirs, level, rng)
            alts[i] = 0
        placed_here = False
        if alts[i] <= settings.max_backtrack and budget > 0:
            # the other words still to place (made once a word, not once a try: with a
            # thousand words the copy was most of a try)
            others = pending - {w.wid} if backwards else set()
            for start, step, d in iters[i]:  # type: ignore[union-attr]
                check_cancel()
                budget -= 1
                new = board.try_place(w, start, step, others)
                if new is not None:
                    w.placement = (start, step, d)
                    news[i] = new
                    placed_here = True
                    break
                if budget <= 0:
                    break
        if not placed_here:
            inside = board.find_inside(w, dirs, [order[j] for j in range(i)])
            if inside is not None:
                w.placement = ("inside", inside)
                news[i] = []
                placed_here = True
        if placed_here:
            pending.discard(w.wid)
            i += 1
            if i > best_depth:
                best_depth = i
                best = [(x, x.placement) for x in order[:i]]
            continue
        # dead end at word i
        iters[i] = None
        if budget > 0 and i > 0:
            i -= 1
            prev = order[i]
            pending.add(prev.wid)
            if prev.placement is not None and prev.placement[0] != "inside":
                start, step, _d = prev.placement
                board.remove(prev, start, step, news[i] or [])
            prev.placement = None
            alts[i] += 1
            continue
        # out of budget: go back to the deepest state found and carry on greedily
        break

    if i < n:
        for x in order:
            x.placement = None
        board = _Board(mask, words, offensive, blocked=board.blocked)
        pending = {w.wid for w in order}
        for x, pl in best:
            if pl[0] == "inside":
                x.placement = pl
            else:
                new = board.try_place(x, pl[0], pl[1], pending - {x.wid} if backwards else set())
                assert new is not None, "replaying a found state"
                x.placement = pl
            pending.discard(x.wid)
        for x in order[len(best):]:
            done = False
            others = pending - {x.wid} if backwards else set()
            for start, step, d in board.candidates(x.word, dirs, level, rng):
                check_cancel()
                if board.try_place(x, start, step, others) is not None:
                    x.placement = (start, step, d)
                    done = True
                    break
            if not done:
                inside = board.find_inside(x, dirs, [y for y in order if y.placement is not None])
                if inside is not None:
                    x.placement = ("inside", inside)
            pending.discard(x.wid)

    _leave_no_stray_words(board, words, dirs)

    C = board.C
    placed: list[Placement] = []
    bonus: list[Placement] = []
    unplaced: list[str] = []
    unplaced_bonus: list[str] = []
    for w in words:
        if w.placement is None:
            (unplaced_bonus if w.bonus else unplaced).append(w.word)
            continue
        if w.placement[0] == "inside":
            p = w.placement[1]
        else:
            start, step, d = w.placement
            r, c = divmod(start, C)
            p = Placement(w.word, r, c, d)
        (bonus if w.bonus else placed).append(p)

    # hidden message: the first leftover cells in reading order
    free = [i for i, g in enumerate(board.grid) if g is None]
    if len(message) > len(free):
        return (f"the hidden message has {len(message)} letters but only {len(free)} cells are left; "
                "use a larger grid or fewer words")
    message_cells = []
    for cell, ch in zip(free, message):
        board.grid[cell] = ch
        message_cells.append(divmod(cell, C))
        for ids, _wc in board.matches(cell):
            if any(x >= 0 for x in ids):
                return MESSAGE_SPELLS

    # filler
    if level == "hard":
        counts: dict[str, int] = {}
        for p in placed:
            for ch in p.word:
                counts[ch] = counts.get(ch, 0) + 1
        pool, weights = list(counts), [counts[ch] for ch in counts]
    if level != "hard" or not pool:
        freq = FREQUENCIES.get(alphabet.code) or {ch: 1 for ch in alphabet.letters}
        pool = [ch for ch in alphabet.letters if ch in freq]
        weights = [freq[ch] for ch in pool]
    cum = []
    total = 0
    for wt in weights:
        total += wt
        cum.append(total)
    every = list(alphabet.letters)
    for cell in free[len(message):]:
        check_cancel()
        ctx = board._context(cell)
        pick = pool[_bisect(cum, rng.random() * total)]
        if board.letter_ok(ctx, pick):
            board.grid[cell] = pick
            continue
        tries = sorted(set(pool))
        rng.shuffle(tries)
        rest = [ch for ch in every if ch not in set(tries)]
        rng.shuffle(rest)
        for ch in tries + rest:
            if board.letter_ok(ctx, ch):
                board.grid[cell] = ch
                break
        else:
            return "could not fill the grid without spelling a listed word"

    rows = tuple("".join(board.grid[r * C:(r + 1) * C]) for r in range(board.R))  # type: ignore[arg-type]
    return rows, placed, unplaced, bonus, unplaced_bonus, message_cells


def normalise_message(text: str, alphabet: Alphabet) -> str:
    """The letters of a hidden message: spaces and punctuation dropped, case through the
    alphabet; any other character is an error."""
    out = []
    for ch in text:
        up = alphabet.letter(ch)
        if up is not None:
            out.append(up)
        elif not (ch.isspace() or ch in ".,;:!?'\"-()\u2019\u2014\u2013\u2026\u00ab\u00bb"):
            raise WordSearchError(
                f"the hidden message has {ch!r} (U+{ord(ch):04X}), which is not a letter of the "
                f"{alphabet.name} alphabet")
    return "".join(out)


def _bisect(cum: list[int], x: float) -> int:
    lo, hi = 0, len(cum) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if cum[mid] > x:
            hi = mid
        else:
            lo = mid + 1
    return lo
