"""What Word Snake needs from the word engine, in one place.

:class:`SnakeWords` wraps a :class:`wordbler.lexicon.WordList` with

* the *common* words: the solution a player is held to ("missed" words) and where the
  hidden target word is drawn from.  On a bundled list they come from
  :func:`bundled_common_words`; with the player's own list every word is common (they chose
  the list).  Rarer valid words still score when found, as bonus words.
* the grid solver (:func:`solve_grid`, the engine's ``grid_words``);
* the band scale: how much smaller than the bundled list of its language the list is, so
  the generator's word-count band and target length shrink with a small list.
"""

from __future__ import annotations

import os
from typing import Iterable, Sequence

from wordbler.lexicon import WordList, WordListError, bundled_wordlist, get_alphabet, load_wordlist

from .board import Path

#: Words in each language's bundled list when the bands were measured (the band scale of a
#: user list is its size over this, at most 1).
REFERENCE_SIZES = {"en": 247_366, "ru": 67_709, "fr": 317_790}


def solve_grid(wordlist: WordList, cells: Sequence[Sequence[str]], min_len: int
               ) -> list[tuple[str, Path]]:
    """Every word of ``wordlist`` on the grid with at least ``min_len`` letters, one path
    each, in listing order (the engine's grid solver)."""
    from wordbler.lexicon.queries import grid_words

    return grid_words(wordlist, cells, min_len=min_len)


def load_bundled_wordlist(lang: str) -> WordList:
    """The bundled list of ``lang``: ``wordbler.lexicon.bundled_wordlist``, or, where that
    cannot find the file, the word data's ``bundled_words`` (the two name the Russian file
    differently while the word engine is being finished)."""
    try:
        return bundled_wordlist(lang)
    except WordListError:
        try:
            from wordbler.lexicon import bundled_words  # type: ignore[attr-defined]
        except ImportError:
            raise
        alphabet = get_alphabet(lang)
        return WordList(bundled_words(lang), alphabet, name=f"{alphabet.name} (bundled)")


def bundled_common_words(lang: str, wordlist: WordList) -> frozenset[str]:
    """The common words of a bundled list.

    ``wordbler.lexicon.common_words(lang)`` where the word data provides it.  FALLBACK
    while it does not exist: every word of the list (switch here, nowhere else).
    """
    try:
        from wordbler.lexicon import common_words  # type: ignore[attr-defined]
    except ImportError:
        return frozenset(wordlist.words)
    return frozenset(w for w in common_words(lang) if w in wordlist)


class SnakeWords:
    """A word list as Word Snake uses it (immutable once built)."""

    def __init__(self, wordlist: WordList, *, common: Iterable[str] | None = None,
                 bundled: bool = False, path: str | None = None) -> None:
        self.wordlist = wordlist
        self.alphabet = wordlist.alphabet
        self.lang = wordlist.alphabet.code
        self.bundled = bundled
        self.path = path
        if common is None:
            self.common = frozenset(wordlist.words)
        else:
            self.common = frozenset(w for w in common if w in wordlist)
        self._common_by_len: dict[int, tuple[str, ...]] | None = None
        self._ranges: dict[tuple[int, int], tuple[str, ...]] = {}

    # ---- construction -------------------------------------------------------------------
    @classmethod
    def bundled_list(cls, lang: str) -> "SnakeWords":
        wl = load_bundled_wordlist(lang)
        return cls(wl, common=bundled_common_words(lang, wl), bundled=True)

    @classmethod
    def from_file(cls, path: "str | os.PathLike[str]", lang: str) -> "SnakeWords":
        """A player's own list (``WordListError`` with a clear message if unusable)."""
        wl = load_wordlist(path, lang)
        return cls(wl, path=os.fspath(path))

    @classmethod
    def from_words(cls, words: Iterable[str], lang: str = "en", *,
                   common: Iterable[str] | None = None) -> "SnakeWords":
        return cls(WordList.from_words(words, lang), common=common)

    # ---- queries ------------------------------------------------------------------------
    def __contains__(self, word: object) -> bool:
        return word in self.wordlist

    def __len__(self) -> int:
        return len(self.wordlist)

    @property
    def name(self) -> str:
        return self.wordlist.name

    @property
    def content_hash(self) -> str:
        return self.wordlist.content_hash

    @property
    def band_scale(self) -> float:
        """1 for a bundled list; a user list's size over the bundled one's, at most 1."""
        if self.bundled:
            return 1.0
        ref = REFERENCE_SIZES.get(self.lang, 100_000)
        return min(1.0, len(self.wordlist) / ref)

    def common_of_length(self, n: int) -> tuple[str, ...]:
        """The common words of exactly ``n`` letters, in alphabet order (a fixed order, so a
        seeded choice among them replays)."""
        if self._common_by_len is None:
            groups: dict[int, list[str]] = {}
            for w in self.common:
                groups.setdefault(len(w), []).append(w)
            key = self.alphabet.sort_key
            self._common_by_len = {k: tuple(sorted(v, key=key)) for k, v in groups.items()}
        return self._common_by_len.get(n, ())

    def common_in_range(self, lo: int, hi: int) -> tuple[str, ...]:
        """The common words of ``lo`` to ``hi`` letters, shortest first (cached)."""
        got = self._ranges.get((lo, hi))
        if got is None:
            out: list[str] = []
            for n in range(lo, hi + 1):
                out.extend(self.common_of_length(n))
            got = self._ranges[(lo, hi)] = tuple(out)
        return got

    @property
    def longest_common(self) -> int:
        self.common_of_length(0)
        return max(self._common_by_len or {0: ()}, default=0)

    def solve(self, cells: Sequence[Sequence[str]], min_len: int) -> list[tuple[str, Path]]:
        return solve_grid(self.wordlist, cells, min_len)
