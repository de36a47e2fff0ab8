"""Words for a puzzle: normalising what the user typed, themed lists, common-word draws.

A word is kept twice: ``shown`` is what the user wrote (for the list printed beside the
grid, ``"ice-cream"``) and ``word`` is what hides in the grid (``"ICECREAM"``): the shown
text read through the language's own case table with spaces and hyphens dropped.  Any other
character outside the alphabet is an error naming the word.

Themed lists are package data: ``wordbler/wordsearch/data/themes_<lang>.json``, an object
``{"theme name": ["word", ...], ...}``.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Iterable, Sequence

from wordbler.lexicon.alphabet import Alphabet, AlphabetError, get_alphabet

MIN_LEN = 2
MAX_FILE_BYTES = 4 * 1024 * 1024
_DROPPED = {" ", "-", "\u2010", "\u2011", "\u00a0", "\t"}


class WordSearchError(ValueError):
    """Bad input for a word search: a word, a size, a file, a saved game."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One word of the list: ``shown`` as written, ``word`` as hidden in the grid."""

    shown: str
    word: str


def normalise_word(text: str, alphabet: Alphabet) -> str:
    """``text`` for the grid: case through the alphabet, spaces and hyphens dropped."""
    kept = "".join(ch for ch in text if ch not in _DROPPED)
    try:
        return alphabet.normalise(kept, what="word")
    except AlphabetError as e:
        bad = next((ch for ch in kept if alphabet.letter(ch) is None), "?")
        raise WordSearchError(
            f"word {text.strip()!r} has {bad!r} (U+{ord(bad):04X}), which is not a letter of "
            f"the {alphabet.name} alphabet"
        ) from e


def make_entries(
    lines: Iterable[str], alphabet: Alphabet, *, max_len: int | None = None
) -> list[Entry]:
    """The entries of ``lines`` (blank lines and ``#`` comment lines skipped, as in every word
    list the suite reads; duplicates after normalising kept once).

    A word shorter than two letters, longer than ``max_len`` or holding a character outside
    the alphabet is a :class:`WordSearchError` naming it."""
    out: list[Entry] = []
    seen: set[str] = set()
    for raw in lines:
        shown = raw.strip().strip("\ufeff")
        if not shown or shown.startswith("#"):
            continue
        word = normalise_word(shown, alphabet)
        if len(word) < MIN_LEN:
            raise WordSearchError(f"word {shown!r} is shorter than {MIN_LEN} letters")
        if max_len is not None and len(word) > max_len:
            raise WordSearchError(
                f"word {shown!r} has {len(word)} letters; the grid holds at most {max_len} in a line"
            )
        if word in seen:
            continue
        seen.add(word)
        out.append(Entry(shown, word))
    return out


def read_text_file(path: str | os.PathLike[str], *, what: str = "words file") -> str:
    """The UTF-8 text of a small regular file, or a :class:`WordSearchError` saying why not."""
    p = Path(path)
    try:
        st = p.stat()
    except OSError as e:
        raise WordSearchError(f"cannot read {what} {str(p)!r}: {e.strerror or e}") from None
    if not p.is_file():
        raise WordSearchError(f"{what} {str(p)!r} is not a regular file")
    if st.st_size > MAX_FILE_BYTES:
        raise WordSearchError(f"{what} {str(p)!r} is too large ({st.st_size} bytes)")
    try:
        data = p.read_bytes()
    except OSError as e:
        raise WordSearchError(f"cannot read {what} {str(p)!r}: {e.strerror or e}") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16 with its mark (Windows Notepad)
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise WordSearchError(f"{what} {str(p)!r} is not valid UTF-16 text") from None
    if b"\x00" in data:
        raise WordSearchError(f"{what} {str(p)!r} is a binary file, not a word list")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise WordSearchError(f"{what} {str(p)!r} is not UTF-8 text (byte {e.start}); "
                              "save it as UTF-8") from None


def read_entries(path: str | os.PathLike[str], alphabet: Alphabet, *, max_len: int | None = None) -> list[Entry]:
    entries = make_entries(read_text_file(path).splitlines(), alphabet, max_len=max_len)
    if not entries:
        raise WordSearchError(f"words file {str(path)!r} holds no words")
    return entries


# ---- themed lists --------------------------------------------------------------------
def _themes_raw(lang: str) -> dict[str, list[str]]:
    name = f"themes_{lang}.json"
    try:
        text = resources.files("wordbler.wordsearch").joinpath("data", name).read_text("utf-8")
    except (FileNotFoundError, OSError):
        return {}
    data = json.loads(text)
    return {str(k): [str(w) for w in v] for k, v in data.items()}


def theme_names(lang: str) -> list[str]:
    """The themed lists of a language, in the order the data file gives them."""
    return list(_themes_raw(lang))


def theme_entries(lang: str, theme: str) -> list[Entry]:
    themes = _themes_raw(lang)
    if theme not in themes:
        known = ", ".join(themes) or "none"
        raise WordSearchError(f"no theme {theme!r} for language {lang!r} (known: {known})")
    return make_entries(themes[theme], get_alphabet(lang))


def offensive_words(lang: str) -> frozenset[str]:
    """Words the filler must never spell (package data ``offensive_<lang>.txt``)."""
    try:
        text = resources.files("wordbler.wordsearch").joinpath("data", f"offensive_{lang}.txt").read_text("utf-8")
    except (FileNotFoundError, OSError):
        return frozenset()
    alphabet = get_alphabet(lang)
    out = set()
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        w = alphabet.try_normalise(line)
        if w and len(w) >= 2:
            out.add(w)
    return frozenset(out)


# ---- common words --------------------------------------------------------------------
def common_pool(lang: str) -> list[str]:
    """The language's common words, most common first.

    From :func:`wordbler.lexicon.common_words`; while the word engine does not have it, the
    words of this package's themed lists stand in."""
    try:
        from wordbler.lexicon import common_words  # type: ignore[attr-defined]
    except ImportError:
        common_words = None
    if common_words is not None:
        try:
            words = list(common_words(lang))
        except (LookupError, ValueError, OSError):
            words = []
        if words:
            return words
    seen: dict[str, None] = {}
    for theme in theme_names(lang):
        for e in theme_entries(lang, theme):
            if " " not in e.shown and "-" not in e.shown:
                seen.setdefault(e.word, None)
    return list(seen)


#: the most words ``--count`` may ask for (a 50x50 grid holds a few hundred)
MAX_COUNT = 1000


def draw_words(
    pool: Sequence[str],
    count: int,
    rng: random.Random,
    *,
    alphabet: Alphabet,
    min_len: int = 4,
    max_len: int = 10,
    top: int = 3000,
) -> list[Entry]:
    """``count`` different words of ``min_len``..``max_len`` letters from the first ``top``
    words of ``pool`` (all of it when the first ``top`` are too few), chosen so that none
    is inside another or its reverse (so every word is a clean find).  When the list has
    too few such words (a small list of CAT, CATS, SCAT...), words inside other chosen
    words make up the number (the generator allows ART inside PARTY), but never a word
    whose reverse is chosen too."""
    if count < 1:
        raise WordSearchError("the word count must be at least 1")
    if count > MAX_COUNT:
        raise WordSearchError(f"the word count must be at most {MAX_COUNT}, not {count}")
    candidates: list[str] = []
    seen: set[str] = set()
    for w in pool:
        n = alphabet.try_normalise(w)
        if n and min_len <= len(n) <= max_len and n not in seen:
            seen.add(n)
            candidates.append(n)
        if len(candidates) >= top and len(candidates) >= count:
            break
    rng.shuffle(candidates)
    chosen: list[str] = []
    chosen_set: set[str] = set()
    inside: set[str] = set()  # every piece of a chosen word, read either way

    def pieces(w: str):
        n = len(w)
        for i in range(n):
            for j in range(i + 1, n + 1):
                yield w[i:j]

    rest: list[str] = []
    for w in candidates:
        if len(chosen) == count:
            break
        if w in inside or any(p in chosen_set or p[::-1] in chosen_set for p in pieces(w)):
            rest.append(w)
            continue
        chosen.append(w)
        chosen_set.add(w)
        for p in pieces(w):
            inside.add(p)
            inside.add(p[::-1])
    for w in rest:  # too few clean words: allow one inside another, never a reverse pair
        if len(chosen) == count:
            break
        rw = w[::-1]
        if rw != w and rw in chosen_set:
            continue
        chosen.append(w)
        chosen_set.add(w)
    if len(chosen) < count:
        raise WordSearchError(
            f"the word list has only {len(chosen)} usable words of {min_len}-{max_len} letters, "
            f"{count} were asked for"
        )
    return [Entry(w, w) for w in chosen]
