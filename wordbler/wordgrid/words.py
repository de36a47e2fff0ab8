"""Which words a Word Grid is made of.

Without a user list, grids are built from the language's common words of the grid's length
(:func:`wordbler.lexicon.common_words`, ranked by word frequency, most common first), cut at
:data:`CUTOFF` so that no grid needs an obscure word.  The uniqueness check and the solver
count *every* common word of that length as valid (a superset of the grid words), so no
other arrangement of the letters spells common words either.  Russian common words are
nouns (nominative singular).  With a user list every word of that length in it counts, for
all three.

Cut-offs, chosen by reading the lists at each rank: English 5 letters 2500 (around rank
2500: ANVIL, DECOY, FORAY, FRIAR), English 7 letters 3000 (PEBBLES, RAPTURE, TWINKLE);
Russian 5 letters 1200 (КАМЫШ, ПРОЁМ, АОРТА, КЕЛЬЯ; further down, ТУЛЯК and ТЕМПЛ turn
obscure), Russian 7 letters 1500 (ИДИЛЛИЯ, КАЧАЛКА, ИЗБУШКА; by 2000 АКАФИСТ and
РАМБЛЕР come in); French (every form: plurals and conjugated verbs) 5 letters 2000 (LOBES,
PAIEN, LACET, LUTIN; by 2500 NOUES, SALAT, CAIDS), 7 letters 2000 (BRULANT, CARNETS,
CONCLUE): French 7-letter words cross in so many ways that with 3000 the solver check
(see :mod:`.puzzle`) ran out of its budget for 16 puzzles in 20 (0 with 2000), and
generation took up to 2.5 s (0.9 s).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from wordbler.lexicon.alphabet import get_alphabet

# (language, length) -> how many of the most common words of that length are used
CUTOFF = {("en", 5): 2500, ("en", 7): 3000, ("ru", 5): 1200, ("ru", 7): 1500,
          ("fr", 5): 2000, ("fr", 7): 2000}
DEFAULT_CUTOFF = 2500


@dataclass(frozen=True, slots=True)
class GridWords:
    lang: str
    size: int
    words: tuple[str, ...]  # the words grids are made of
    check: tuple[str, ...]  # the words counted valid by the uniqueness check and the solver
    source: str  # "common" or the user list's name


@lru_cache(maxsize=8)
def common_grid_words(lang: str, size: int) -> GridWords:
    from wordbler.lexicon import common_words

    alphabet = get_alphabet(lang)
    cut = CUTOFF.get((lang, size), DEFAULT_CUTOFF)
    ranked: list[str] = []
    seen = set()
    for w in common_words(lang):
        if len(w) == size and alphabet.is_word(w) and w not in seen:
            seen.add(w)
            ranked.append(w)
    return GridWords(lang, size, tuple(ranked[:cut]), tuple(ranked), "common")


def wordlist_grid_words(wordlist, size: int) -> GridWords:
    words = tuple(w for w in wordlist.words if len(w) == size)
    return GridWords(wordlist.alphabet.code, size, words, words,
                     getattr(wordlist, "name", "") or "list")


def load_grid_words(lang: str, size: int, lexicon: str | None = None) -> GridWords:
    """The words for a grid: the common words, or every word of the ``lexicon`` file
    (raises ``WordListError`` / ``AlphabetError`` on bad input)."""
    if lexicon is None:
        return common_grid_words(lang, size)
    from wordbler.lexicon import load_wordlist

    return wordlist_grid_words(load_wordlist(lexicon, lang), size)


def make_puzzle(words: GridWords, seed: int, *, progress=None, cancel=None):
    """The puzzle of ``seed`` from these words: the one function the app, the command line
    and the benchmark all call, so a seed gives the same puzzle everywhere."""
    from .puzzle import generate

    return generate(words.size, words.words, seed, check_words=words.check,
                    progress=progress, cancel=cancel)
