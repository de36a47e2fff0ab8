"""A generated puzzle as a frozen value, and its JSON form (validated on load)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wordbler.lexicon.alphabet import AlphabetError, get_alphabet

from .grid import DIRECTIONS, HOLE, LEVELS, MAX_SIDE, MIN_SIDE, Placement
from .words import Entry, WordSearchError

FORMAT = 1


@dataclass(frozen=True, slots=True)
class Puzzle:
    """Everything a player, a printer or a checker needs.

    ``rows``: one string per row, one letter per cell, ``" "`` for a hole of the shape.
    ``entries``: the listed words (shown text and grid form) in the order they are listed.
    ``placed``: a placement for each listed word that was hidden (listing order).
    ``unplaced``: the grid forms of listed words that could not be hidden.
    ``bonus``: secret words hidden too but not listed; ``unplaced_bonus`` those that were not.
    ``message``: the hidden message's letters (grid form, ``message_shown`` as typed); they
    are the first ``len(message)`` leftover letters in reading order (``message_cells``).
    """

    lang: str
    level: str
    seed: int
    rows: tuple[str, ...]
    entries: tuple[Entry, ...]
    placed: tuple[Placement, ...]
    unplaced: tuple[str, ...] = ()
    bonus: tuple[Placement, ...] = ()
    unplaced_bonus: tuple[str, ...] = ()
    message: str = ""
    message_shown: str = ""
    message_cells: tuple[tuple[int, int], ...] = ()
    title: str = ""
    theme: str = ""
    shape: str = "rectangle"
    _shown: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_shown", {e.word: e.shown for e in self.entries})

    @property
    def n_rows(self) -> int:
        return len(self.rows)

    @property
    def n_cols(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    def letter(self, r: int, c: int) -> str:
        return self.rows[r][c]

    def is_cell(self, r: int, c: int) -> bool:
        return 0 <= r < self.n_rows and 0 <= c < self.n_cols and self.rows[r][c] != HOLE

    def shown(self, word: str) -> str:
        return self._shown.get(word, word)

    def placement_of(self, word: str) -> Placement | None:
        for p in self.placed:
            if p.word == word:
                return p
        return None

    def leftover_cells(self) -> list[tuple[int, int]]:
        """Cells in no placement (listed or bonus), in reading order."""
        used = {rc for p in self.placed + self.bonus for rc in p.cells}
        return [(r, c) for r in range(self.n_rows) for c in range(self.n_cols)
                if self.rows[r][c] != HOLE and (r, c) not in used]

    # ---- JSON -----------------------------------------------------------------------
    def cli_json(self) -> dict[str, Any]:
        """The contract's JSON (MODES.md) plus extra fields."""
        return {
            "rows": list(self.rows),
            "placed": [p.as_json() for p in self.placed],
            "unplaced": list(self.unplaced),
            "words": [e.shown for e in self.entries],
            "size": f"{self.n_cols}x{self.n_rows}",
            "level": self.level,
            "lang": self.lang,
            "seed": self.seed,
            "bonus": [p.as_json() for p in self.bonus],
            "unplaced_bonus": list(self.unplaced_bonus),
            "message": self.message,
            "shape": self.shape,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "lang": self.lang,
            "level": self.level,
            "seed": self.seed,
            "rows": list(self.rows),
            "entries": [[e.shown, e.word] for e in self.entries],
            "placed": [p.as_json() for p in self.placed],
            "unplaced": list(self.unplaced),
            "bonus": [p.as_json() for p in self.bonus],
            "unplaced_bonus": list(self.unplaced_bonus),
            "message": self.message,
            "message_shown": self.message_shown,
            "message_cells": [list(rc) for rc in self.message_cells],
            "title": self.title,
            "theme": self.theme,
            "shape": self.shape,
        }

    @classmethod
    def from_json(cls, data: Any) -> "Puzzle":
        """A puzzle from :meth:`to_json`; every value checked (``WordSearchError`` naming the
        first bad one)."""
        v = _Checker("puzzle")
        d = v.obj(data)
        if d.get("format") != FORMAT:
            raise WordSearchError(f"puzzle: unknown format {d.get('format')!r}")
        lang = v.str(d, "lang")
        try:
            alphabet = get_alphabet(lang)
        except AlphabetError as e:
            raise WordSearchError(f"puzzle: {e}") from None
        level = v.str(d, "level")
        if level not in LEVELS:
            raise WordSearchError(f"puzzle: unknown level {level!r}")
        seed = v.int(d, "seed")
        rows = v.list(d, "rows")
        if not MIN_SIDE <= len(rows) <= MAX_SIDE:
            raise WordSearchError(f"puzzle: {len(rows)} rows (must be {MIN_SIDE}..{MAX_SIDE})")
        width = None
        for i, row in enumerate(rows):
            if not isinstance(row, str):
                raise WordSearchError(f"puzzle: row {i} is not text")
            if width is None:
                width = len(row)
            if len(row) != width or not MIN_SIDE <= len(row) <= MAX_SIDE:
                raise WordSearchError(f"puzzle: row {i} has {len(row)} cells (rows must be equal, {MIN_SIDE}..{MAX_SIDE})")
            for ch in row:
                if ch != HOLE and ch not in alphabet:
                    raise WordSearchError(f"puzzle: row {i} holds {ch!r}, not a {alphabet.name} letter")
        entries = []
        for item in v.list(d, "entries"):
            if (not isinstance(item, list) or len(item) != 2
                    or not all(isinstance(x, str) for x in item) or not alphabet.is_word(item[1])):
                raise WordSearchError(f"puzzle: bad word entry {item!r}")
            entries.append(Entry(item[0], item[1]))
        words = {e.word for e in entries}

        def placements(key: str, allowed: set[str] | None) -> tuple[Placement, ...]:
            out = []
            for item in v.list(d, key):
                p = _placement(item, key)
                if allowed is not None and p.word not in allowed:
                    raise WordSearchError(f"puzzle: {key} word {p.word!r} is not in the word list")
                for (r, c), ch in zip(p.cells, p.word):
                    if not (0 <= r < len(rows) and 0 <= c < width) or rows[r][c] != ch:
                        raise WordSearchError(f"puzzle: {key} word {p.word!r} does not read at its place")
                out.append(p)
            return tuple(out)

        placed = placements("placed", words)
        bonus = placements("bonus", None)
        unplaced = tuple(v.str_list(d, "unplaced"))
        message = v.str(d, "message")
        cells = []
        for item in v.list(d, "message_cells"):
            if (not isinstance(item, list) or len(item) != 2 or not all(type(x) is int for x in item)
                    or not (0 <= item[0] < len(rows) and 0 <= item[1] < width)):
                raise WordSearchError(f"puzzle: bad message cell {item!r}")
            cells.append((item[0], item[1]))
        if len(cells) != len(message) or any(rows[r][c] != ch for (r, c), ch in zip(cells, message)):
            raise WordSearchError("puzzle: the hidden message does not match its cells")
        return cls(
            lang=lang, level=level, seed=seed, rows=tuple(rows), entries=tuple(entries),
            placed=placed, unplaced=unplaced, bonus=bonus,
            unplaced_bonus=tuple(v.str_list(d, "unplaced_bonus")),
            message=message, message_shown=v.str(d, "message_shown"),
            message_cells=tuple(cells), title=v.str(d, "title"), theme=v.str(d, "theme"),
            shape=v.str(d, "shape"),
        )


def _placement(item: Any, key: str) -> Placement:
    if not isinstance(item, dict):
        raise WordSearchError(f"puzzle: {key} entry {item!r} is not an object")
    w, r, c, dr = item.get("word"), item.get("row"), item.get("col"), item.get("dir")
    if (not isinstance(w, str) or len(w) < 2 or type(r) is not int or type(c) is not int
            or not isinstance(dr, str) or dr not in DIRECTIONS):
        raise WordSearchError(f"puzzle: bad {key} entry {item!r}")
    return Placement(w, r, c, dr)


class _Checker:
    def __init__(self, what: str):
        self.what = what

    def obj(self, data: Any) -> dict:
        if not isinstance(data, dict):
            raise WordSearchError(f"{self.what}: not a JSON object")
        return data

    def str(self, d: dict, key: str) -> str:
        x = d.get(key)
        if not isinstance(x, str):
            raise WordSearchError(f"{self.what}: {key!r} must be text")
        return x

    def int(self, d: dict, key: str) -> int:
        x = d.get(key)
        if type(x) is not int:
            raise WordSearchError(f"{self.what}: {key!r} must be a whole number")
        return x

    def list(self, d: dict, key: str) -> list:
        x = d.get(key)
        if not isinstance(x, list):
            raise WordSearchError(f"{self.what}: {key!r} must be a list")
        return x

    def str_list(self, d: dict, key: str) -> list[str]:
        x = self.list(d, key)
        if not all(isinstance(s, str) for s in x):
            raise WordSearchError(f"{self.what}: {key!r} must be a list of text")
        return x
