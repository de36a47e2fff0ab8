"""Letter weights per language: how often each tile is dealt (data, no logic but lookups).

A *tile* is what one board cell shows: one letter, or several where the language deals
them together (English ``QU``: a plain ``Q`` is never dealt, and a ``QU`` tile counts as
two letters for length, minimum length and score).

Where the numbers come from
    English: the share of each letter in the common words (SCOWL sizes 10-50) of 3 to 9
    letters of the bundled list, ``QU`` counted as one tile (measured with
    ``benchmarks/snake_letters.py``), rounded to two decimals.
    Russian: the same measure on the bundled Russian list (nouns in the nominative
    singular; ``Ё`` kept as its own letter), rounded; ``Ъ`` and ``Ы`` are capped at one
    tile per board because few nouns in the nominative singular use them.

The generator fills the cells around the target word with these weights, keeping the
share of vowel tiles near :attr:`LetterSet.vowel_share` and no tile more often than
:meth:`LetterSet.cap` allows, then improves the board locally; the weights only set where
it starts, the word-count band decides what is kept.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping


@dataclass(frozen=True, slots=True)
class LetterSet:
    """The tiles a language deals and their weights."""

    lang: str
    weights: Mapping[str, float]
    vowels: frozenset[str]
    vowel_share: float
    #: tiles never dealt more than this many times on one board, whatever its size
    hard_caps: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    _multi: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _share: Mapping[str, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.weights or any(w <= 0 for w in self.weights.values()):
            raise ValueError(f"letter set {self.lang}: weights must be positive")
        total = sum(self.weights.values())
        object.__setattr__(self, "_share", MappingProxyType(
            {t: w / total for t, w in self.weights.items()}))
        multi = tuple(sorted((t for t in self.weights if len(t) > 1), key=len, reverse=True))
        object.__setattr__(self, "_multi", multi)

    @property
    def tiles(self) -> tuple[str, ...]:
        return tuple(self.weights)

    def is_vowel(self, tile: str) -> bool:
        return tile in self.vowels

    def share(self, tile: str) -> float:
        return self._share.get(tile, 0.0)

    def cap(self, tile: str, cells: int) -> int:
        """At most this many copies of ``tile`` on a board of ``cells`` cells: about twice
        its expected count, at least one, and never above a hard cap."""
        n = max(1, math.ceil(cells * self.share(tile) * 2.0))
        hard = self.hard_caps.get(tile)
        return min(n, hard) if hard is not None else n

    def tiles_of(self, word: str) -> tuple[str, ...] | None:
        """``word`` cut into the tiles this set deals (``QUEEN`` -> QU E E N), or None when
        it cannot be laid (a ``Q`` not followed by ``U`` in English)."""
        out: list[str] = []
        i = 0
        n = len(word)
        weights = self.weights
        while i < n:
            for m in self._multi:
                if word.startswith(m, i):
                    out.append(m)
                    i += len(m)
                    break
            else:
                ch = word[i]
                if ch not in weights:
                    return None
                out.append(ch)
                i += 1
        return tuple(out)


ENGLISH_LETTERS = LetterSet(
    lang="en",
    weights=MappingProxyType({
        "E": 12.13, "S": 9.38, "I": 7.81, "A": 7.27, "R": 7.24, "N": 6.30, "T": 6.23,
        "O": 5.73, "L": 5.36, "D": 4.52, "C": 3.67, "G": 3.36, "U": 3.28, "P": 2.90,
        "M": 2.65, "H": 2.34, "B": 2.12, "Y": 1.60, "F": 1.58, "K": 1.22, "W": 1.19,
        "V": 1.04, "Z": 0.36, "X": 0.28, "J": 0.23, "QU": 0.20,
    }),
    vowels=frozenset("AEIOU"),
    vowel_share=0.38,
    hard_caps=MappingProxyType({"QU": 1, "J": 1, "X": 1, "Z": 1, "S": 3}),
)

RUSSIAN_LETTERS = LetterSet(
    lang="ru",
    weights=MappingProxyType({
        "А": 10.61, "О": 8.96, "И": 7.74, "Е": 7.51, "Р": 6.33, "Н": 5.54, "Т": 5.81,
        "К": 5.03, "Л": 4.67, "С": 4.51, "В": 2.90, "Ц": 1.18, "Я": 1.53, "П": 2.75,
        "Д": 2.54, "М": 2.70, "У": 2.37, "Ь": 2.14, "Г": 1.72, "З": 1.61, "Б": 1.70,
        "Ч": 1.46, "Й": 0.96, "Х": 0.84, "Ш": 0.92, "Ж": 0.67, "Ф": 0.87, "Ю": 0.35,
        "Щ": 0.35, "Э": 0.30, "Ы": 0.60, "Ё": 0.15, "Ъ": 0.05,
    }),
    vowels=frozenset("АЕЁИОУЫЭЮЯ"),
    vowel_share=0.42,
    hard_caps=MappingProxyType({"Ъ": 1, "Ы": 1, "Ё": 1, "Щ": 1, "Э": 1, "Ю": 1, "Ь": 2}),
)

LETTER_SETS: Mapping[str, LetterSet] = MappingProxyType({"en": ENGLISH_LETTERS, "ru": RUSSIAN_LETTERS})


def letter_set(lang: str) -> LetterSet:
    """The tiles of a language; ``KeyError`` naming the known languages otherwise."""
    try:
        return LETTER_SETS[lang]
    except KeyError:
        raise KeyError(f"no letter weights for language {lang!r} "
                       f"(known: {', '.join(LETTER_SETS)})") from None
