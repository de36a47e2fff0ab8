"""The word engine shared by every game: alphabets, word lists, the word graph, queries.

No Qt and no game package is imported here.
"""

from .alphabet import ALPHABETS, Alphabet, AlphabetError, get_alphabet
from .wordlist import (
    MAX_FILE_BYTES,
    WordList,
    WordListError,
    bundled_path,
    bundled_wordlist,
    load_wordlist,
)

__all__ = [
    "ALPHABETS",
    "Alphabet",
    "AlphabetError",
    "MAX_FILE_BYTES",
    "WordList",
    "WordListError",
    "bundled_path",
    "bundled_wordlist",
    "get_alphabet",
    "load_wordlist",
]

try:  # the common-word lists (wordbler/lexicon/data.py, by the word-data work)
    from .data import bundled_words, common_words  # noqa: F401
except ModuleNotFoundError as _e:  # pragma: no cover - until data.py exists
    if _e.name != f"{__name__}.data":
        raise
else:
    __all__ += ["bundled_words", "common_words"]
