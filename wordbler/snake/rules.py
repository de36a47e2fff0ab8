"""The rules of Word Snake as data: board sizes, minimum word length, scoring, round time."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .board import MAX_SIDE, MIN_SIDE

DEFAULT_COLS = 4
DEFAULT_ROWS = 4
DEFAULT_DURATION = 180          # seconds
MIN_DURATION = 60
MAX_DURATION = 600
MAX_PLAYERS = 4
MIN_WORD_LEN_LIMITS = (3, 6)    # what a player may configure

#: points by the number of letters (a QU tile counts as two letters)
POINTS_BY_LENGTH = {3: 1, 4: 1, 5: 2, 6: 3, 7: 5}
LONG_WORD_POINTS = 11           # 8 letters or more

LANGS = ("en", "ru", "fr")


class SpecError(ValueError):
    """A board size, language or minimum length the game does not offer."""


def word_points(word: str) -> int:
    """Points of a word by its letters: 3-4 -> 1, 5 -> 2, 6 -> 3, 7 -> 5, 8+ -> 11."""
    n = len(word)
    if n >= 8:
        return LONG_WORD_POINTS
    return POINTS_BY_LENGTH.get(n, 0)


def default_min_len(cols: int, rows: int) -> int:
    """3 letters on boards smaller than 5x5, 4 letters from 25 cells up."""
    return 4 if cols * rows >= 25 else 3


# ASCII digits only (``int`` would take any Unicode digit), and at most 4 of them: a side of
# thousands of digits is refused here instead of reaching ``int``'s 4,300-digit limit
_SIZE = re.compile(r"\s*([0-9]+)\s*[xX×хХ]\s*([0-9]+)\s*")


def parse_size(text: str) -> tuple[int, int]:
    """``"4x4"`` / ``"5x4"`` (COLSxROWS) -> ``(cols, rows)``; ``SpecError`` otherwise."""
    m = _SIZE.fullmatch(text or "") if isinstance(text, str) else None
    if not m:
        raise SpecError(f"size {text!r} is not COLSxROWS (for example 4x4)")
    sides = []
    for name, digits in (("columns", m.group(1)), ("rows", m.group(2))):
        if len(digits) > 4:
            raise SpecError(f"{digits[:8]}... {name}: a board has {MIN_SIDE} to {MAX_SIDE} {name}")
        sides.append(int(digits))
    cols, rows = sides
    check_size(cols, rows)
    return cols, rows


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check_size(cols: int, rows: int) -> None:
    for name, v in (("columns", cols), ("rows", rows)):
        if not _is_int(v):
            raise SpecError(f"{name} {v!r}: not a whole number")
        if not MIN_SIDE <= v <= MAX_SIDE:
            raise SpecError(f"{v} {name}: a board has {MIN_SIDE} to {MAX_SIDE} {name}")


@dataclass(frozen=True, slots=True)
class BoardSpec:
    """What a board is dealt for: size, language, minimum word length.

    ``min_len`` None means the game's default for the size (:func:`default_min_len`).
    """

    cols: int = DEFAULT_COLS
    rows: int = DEFAULT_ROWS
    lang: str = "en"
    min_len: int | None = None

    def __post_init__(self) -> None:
        check_size(self.cols, self.rows)
        if self.lang not in LANGS:
            raise SpecError(f"unknown language {self.lang!r} (known: {', '.join(LANGS)})")
        if self.min_len is not None:
            lo, hi = MIN_WORD_LEN_LIMITS
            if not _is_int(self.min_len):
                raise SpecError(f"minimum word length {self.min_len!r}: not a whole number")
            if not lo <= self.min_len <= hi:
                raise SpecError(f"minimum word length {self.min_len}: choose {lo} to {hi}")

    @property
    def cells(self) -> int:
        return self.cols * self.rows

    @property
    def min_word(self) -> int:
        return self.min_len if self.min_len is not None else default_min_len(self.cols, self.rows)

    @property
    def size_text(self) -> str:
        return f"{self.cols}x{self.rows}"


def check_duration(seconds: int | None) -> int | None:
    """A round time in seconds (60-600) or None for an untimed round."""
    if seconds is None:
        return None
    if not isinstance(seconds, int) or not MIN_DURATION <= seconds <= MAX_DURATION:
        raise SpecError(f"round time {seconds!r}: choose {MIN_DURATION // 60} to "
                        f"{MAX_DURATION // 60} minutes, or untimed")
    return seconds
