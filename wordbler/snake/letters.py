"""Letter weights per language: how often each tile is dealt (data, no logic but lookups).

A *tile* is what one board cell shows: one letter, or several where the language deals
them together (English ``QU``: a plain ``Q`` is never dealt, and a ``QU`` tile counts as
two letters for length, minimum length and score).

Where the numbers come from
    The share (in per cent) of each tile in the language's common words of 3 to 9 letters
    (``wordbler.lexicon.common_words``; English ``QU`` counted as one tile), as printed by
    ``benchmarks/snake_bands.py``, rounded to two decimals.  Rare tiles are capped
    (``hard_caps``): one ``QU``, ``J``, ``X``, ``Z`` in English; one ``Ъ``, ``Ы``, ``Ё``,
    ``Щ``, ``Э``, ``Ю`` in Russian, whose nouns in the nominative singular seldom use them;
    one ``QU``, ``J``, ``K``, ``W``, ``X``, ``Y``, ``Z`` in French.

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
        "E": 12.16, "S": 8.36, "A": 7.68, "I": 7.60, "R": 7.56, "N": 6.54, "T": 6.49,
        "O": 5.94, "L": 5.22, "D": 4.56, "C": 4.00, "G": 3.18, "U": 3.12, "P": 2.98,
        "M": 2.76, "H": 2.34, "B": 1.91, "Y": 1.69, "F": 1.56, "V": 1.19, "W": 1.14,
        "K": 1.13, "X": 0.30, "Z": 0.23, "J": 0.19, "QU": 0.18,
    }),
    vowels=frozenset("AEIOU"),
    vowel_share=0.38,
    hard_caps=MappingProxyType({"QU": 1, "J": 1, "X": 1, "Z": 1, "S": 3}),
)

RUSSIAN_LETTERS = LetterSet(
    lang="ru",
    weights=MappingProxyType({
        "А": 11.00, "О": 8.66, "И": 7.50, "Е": 7.14, "Р": 6.74, "К": 6.58, "Н": 6.10,
        "Т": 5.80, "Л": 4.61, "С": 4.59, "П": 3.25, "Д": 2.84, "М": 2.81, "В": 2.70,
        "У": 2.65, "Б": 2.05, "Г": 1.88, "З": 1.70, "Ь": 1.49, "Я": 1.48, "Ч": 1.24,
        "Ц": 1.08, "Ш": 0.99, "Ф": 0.85, "Х": 0.76, "Ж": 0.74, "Й": 0.70, "Ы": 0.68,
        "Ё": 0.41, "Щ": 0.33, "Ю": 0.32, "Э": 0.31, "Ъ": 0.02,
    }),
    vowels=frozenset("АЕЁИОУЫЭЮЯ"),
    vowel_share=0.42,
    hard_caps=MappingProxyType({"Ъ": 1, "Ы": 1, "Ё": 1, "Щ": 1, "Э": 1, "Ю": 1, "Ь": 2}),
)

# French: the common French words (every form; accents folded), QU one tile as in English
# (the few words with a Q not before U, CINQ and COQ, cannot be laid).
FRENCH_LETTERS = LetterSet(
    lang="fr",
    weights=MappingProxyType({
        "E": 17.20, "R": 8.70, "A": 8.17, "I": 8.07, "S": 7.98, "T": 6.97, "N": 6.70,
        "O": 5.62, "L": 4.29, "U": 4.20, "C": 4.02, "P": 2.88, "M": 2.79, "D": 2.49,
        "G": 1.88, "V": 1.61, "F": 1.56, "B": 1.55, "H": 1.17, "QU": 0.52, "X": 0.48,
        "Y": 0.40, "Z": 0.34, "J": 0.26, "K": 0.12, "W": 0.03,
    }),
    vowels=frozenset("AEIOUY"),
    vowel_share=0.43,
    hard_caps=MappingProxyType({"QU": 1, "J": 1, "K": 1, "W": 1, "X": 1, "Y": 1, "Z": 1,
                                "S": 3}),
)

LETTER_SETS: Mapping[str, LetterSet] = MappingProxyType(
    {"en": ENGLISH_LETTERS, "ru": RUSSIAN_LETTERS, "fr": FRENCH_LETTERS})


def letter_set(lang: str) -> LetterSet:
    """The tiles of a language; ``KeyError`` naming the known languages otherwise."""
    try:
        return LETTER_SETS[lang]
    except KeyError:
        raise KeyError(f"no letter weights for language {lang!r} "
                       f"(known: {', '.join(LETTER_SETS)})") from None
