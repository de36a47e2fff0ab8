"""Share codes and the daily board.

A share code names a board: language, size and seed, e.g. ``EN-4X4-1Z3K9``; a shortest
word other than the size's usual one is part of the board too (it changes the deal), written
``-M5`` after the seed; with a player's own word list a last part tells which list (the
first four hex digits of its content hash: ``EN-4X4-1Z3K9-A1F0``), so a friend with another
list is told the board will differ.  The seed is written in base 36.  Codes are read in any
case, with spaces, and with the Cyrillic ``Х`` for the ``x`` of the size.
"""

from __future__ import annotations

import datetime as _dt
import random
import re
from dataclasses import dataclass

from .rules import LANGS, BoardSpec, SpecError, check_size, default_min_len

DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_SEED = 36 ** 8 - 1
RANDOM_SEED_DIGITS = 6


class CodeError(ValueError):
    """Text that is not a share code."""


def to_base36(n: int) -> str:
    if n < 0:
        raise ValueError("a seed is not negative")
    out = ""
    while True:
        n, d = divmod(n, 36)
        out = DIGITS[d] + out
        if not n:
            return out


@dataclass(frozen=True, slots=True)
class ShareCode:
    lang: str
    cols: int
    rows: int
    seed: int
    list_tag: str | None = None    # 4 hex digits of a user list's content hash
    min_len: int | None = None     # the shortest word; None: the size's usual one

    def __str__(self) -> str:
        s = f"{self.lang.upper()}-{self.cols}X{self.rows}-{to_base36(self.seed)}"
        if self.min_len is not None and self.min_len != default_min_len(self.cols, self.rows):
            s += f"-M{self.min_len}"
        return f"{s}-{self.list_tag.upper()}" if self.list_tag else s


_CODE = re.compile(
    r"^([A-Z]{2})-?(\d)[XХ](\d)-([0-9A-Z]{1,8})(?:-M(\d{1,2}))?(?:-([0-9A-F]{4}))?$")


def parse_code(text: str) -> ShareCode:
    """A share code from text; ``CodeError`` saying what is wrong."""
    if not isinstance(text, str):
        raise CodeError("a share code is text")
    t = re.sub(r"[\s\-_]+", "-", text.strip()).upper()
    if not t:
        raise CodeError("empty share code")
    m = _CODE.match(t)
    if not m:
        raise CodeError(f"{text.strip()!r} is not a board code (like EN-4X4-1Z3K9)")
    lang = m.group(1).lower()
    if lang not in LANGS:
        raise CodeError(f"language {m.group(1)} in the code is not one of "
                        f"{', '.join(l.upper() for l in LANGS)}")
    cols, rows = int(m.group(2)), int(m.group(3))
    try:
        check_size(cols, rows)
    except SpecError as e:
        raise CodeError(f"the code's size {cols}x{rows}: {e}") from None
    seed = int(m.group(4), 36)
    min_len = int(m.group(5)) if m.group(5) else None
    if min_len is not None:
        try:
            BoardSpec(cols, rows, lang, min_len)
        except SpecError as e:
            raise CodeError(f"the code's shortest word: {e}") from None
    return ShareCode(lang, cols, rows, seed, m.group(6), min_len)


def list_tag(content_hash: str) -> str:
    return content_hash[:4].upper()


def daily_seed(day: _dt.date) -> int:
    """The seed of a day's board: its date as the number YYYYMMDD (everyone playing that
    day, size and language gets the same board)."""
    return day.year * 10_000 + day.month * 100 + day.day


def random_seed(rng: random.Random | None = None) -> int:
    """A fresh seed of six base-36 digits, above every daily seed (dates up to 9999)."""
    rng = rng or random.SystemRandom()
    return rng.randrange(100_000_000, 36 ** RANDOM_SEED_DIGITS)
