"""The languages the board game plays: a tile set and a word list each.

========  =========================================================  ==========================
code      tiles (:mod:`.rules`)                                      bundled word list
========  =========================================================  ==========================
``en``    100 tiles, A-Z and 2 blanks                                SCOWL-based English list
                                                                     (``dictionaries/en``)
``ru``    104 tiles, 32 letters (no Ё) and 3 blanks                  the word engine's Russian
                                                                     nouns (``dictionaries/ru``)
``fr``    102 tiles, A-Z and 2 blanks                                French from Debian's
                                                                     ``wfrench`` (``dictionaries/fr``)
========  =========================================================  ==========================

Russian: the word engine's list keeps Ё as a letter; the board game reads it through
:func:`~wordbler.boardgame.rules.board_alphabet` (Ё folded into Е), so ``ЁЖ`` is played and
checked as ``ЕЖ``.  French: the list is already folded to A-Z by
``scripts/build_fr_dictionary.py`` (É -> E, Ç -> C, Œ -> OE...).

A user's own list works with any tile set: it is read in that language's alphabet (for
Russian with the same Ё folding), and a list with no word of that alphabet is refused with a
clear message (:class:`~wordbler.lexicon.WordListError`, a ``ValueError``).

English keeps the word list it always had (:func:`wordbler.lexicon.dictionary.load_bundled`,
with each word's SCOWL size for the computer players); the others are
:class:`~wordbler.lexicon.WordList` objects of the board-game alphabet.  Both answer
``word in lexicon`` for upper-case words and have ``name`` and ``content_hash``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .rules import TILE_SETS, TileSet, board_alphabet

__all__ = ["LANGUAGES", "Language", "get_language", "load_bundled_words", "load_user_words"]


@dataclass(frozen=True, slots=True)
class Language:
    code: str
    name: str  # in English, for menus ("Russian")
    native: str  # in the language itself ("Русский")
    tiles: TileSet

    @property
    def title(self) -> str:
        """``Russian (Русский)``; just ``English`` for English."""
        return self.name if self.native == self.name else f"{self.name} ({self.native})"


LANGUAGES: dict[str, Language] = {
    "en": Language("en", "English", "English", TILE_SETS["en"]),
    "ru": Language("ru", "Russian", "Русский", TILE_SETS["ru"]),
    "fr": Language("fr", "French", "Français", TILE_SETS["fr"]),
}

#: The bundled list of each language inside ``dictionaries/``.
_BUNDLED = {"ru": "ru/words.txt", "fr": "fr/words.txt"}
_BUNDLED_NAMES = {"ru": "Russian nouns (bundled)", "fr": "French (Debian wfrench)"}


def get_language(code: str) -> Language:
    """The language ``code`` (``en``, ``ru``, ``fr``); ``ValueError`` naming the known ones."""
    try:
        return LANGUAGES[code]
    except (KeyError, TypeError):
        raise ValueError(f"unknown language {code!r} (known: {', '.join(LANGUAGES)})") from None


def _bundled_path(code: str) -> Path:
    from wordbler.datafiles import data_dir

    return Path(str(data_dir("dictionaries").joinpath(*_BUNDLED[code].split("/"))))


def load_bundled_words(code: str = "en"):
    """The bundled word list of language ``code`` for the board game.

    Raises ``ValueError`` (``LexiconError`` / ``WordListError``) when it cannot be read.
    """
    get_language(code)
    if code == "en":
        from wordbler.lexicon.dictionary import load_bundled

        return load_bundled()
    from wordbler.lexicon.wordlist import WordListError, load_wordlist

    path = _bundled_path(code)
    if not path.is_file():
        raise WordListError(f"the bundled {LANGUAGES[code].name} word list is not installed "
                            f"(dictionaries/{_BUNDLED[code]})")
    return load_wordlist(path, board_alphabet(code), name=_BUNDLED_NAMES[code])


def load_user_words(path: str | os.PathLike[str], code: str = "en"):
    """A user's word list read for language ``code``'s tiles.

    English reads it as it always has (:func:`wordbler.lexicon.dictionary.load_file`: a line
    that is not A-Z is an error naming the line).  Other languages read it in the board-game
    alphabet, skipping lines outside it; a file with no word of that alphabet is refused
    ("no word of the Russian alphabet in it").  ``ValueError`` for every problem.
    """
    get_language(code)
    if code == "en":
        from wordbler.lexicon.dictionary import load_file

        return load_file(path)
    from wordbler.lexicon.wordlist import WordListError, load_wordlist

    wl = load_wordlist(path, board_alphabet(code))
    playable = [w for w in wl.words if 2 <= len(w) <= 15]
    if not playable:
        raise WordListError(f"{os.fspath(path)}: no word of 2 to 15 letters of the "
                            f"{LANGUAGES[code].name} alphabet in it", path=os.fspath(path))
    return wl
