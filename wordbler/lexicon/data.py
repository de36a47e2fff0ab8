"""The bundled word data of each language: its full word list and its common words.

``bundled_words(lang)``
    The language's full bundled list, sorted in the alphabet's order: English is the SCOWL-based
    ``dictionaries/en/wordbler-en.txt`` (all its ``# size N`` sections), Russian the noun list
    ``dictionaries/ru/words.txt`` (common nouns in the nominative singular, Ё kept), French
    Debian's ``wfrench`` folded to A-Z (``dictionaries/fr/words.txt``).
``common_words(lang, *, length=None)``
    The language's common words, most common first (``dictionaries/<lang>/common.txt``): a
    subset of the bundled list ranked by word frequency, 2-15 letters, without offensive
    words.  The puzzle games build boards from these and count them as the words a player
    should find.  ``length`` keeps the words of that many letters (still ranked).
``LANGUAGES``
    The codes of the languages with bundled lists (a full list and a common-word list).

Each file is read when it is first asked for (then kept, see ``functools.lru_cache``) and checked:
a word list whose lines are not all words of the language's alphabet, whose word count differs
from its ``# words: N`` header, or whose sha256 differs from its header is reported as damaged
with :class:`WordDataError` (a ``ValueError``), as are an unknown language and a missing file.
The callers get a new list each time, so changing it changes nothing here.

Standard library only; no Qt.  The files and their sources and licences are described in
``dictionaries/<lang>/README.md`` (and ``dictionaries/en/COMMON-WORDS.md``).
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from functools import lru_cache
from pathlib import Path

from .alphabet import get_alphabet

__all__ = ["LANGUAGES", "WordDataError", "bundled_words", "common_words", "data_file"]

#: Languages with a bundled word list and a common-word list.
LANGUAGES: tuple[str, ...] = ("en", "ru", "fr")

#: Where each file lives inside ``dictionaries/`` (first match wins).
_FILES: dict[tuple[str, str], tuple[str, ...]] = {
    ("en", "bundled"): ("en/wordbler-en.txt", "wordbler-en.txt"),
    ("en", "common"): ("en/common.txt",),
    ("ru", "bundled"): ("ru/words.txt", "ru/wordbler-ru.txt"),
    ("ru", "common"): ("ru/common.txt",),
    ("fr", "bundled"): ("fr/words.txt",),
    ("fr", "common"): ("fr/common.txt",),
}
_WHAT = {"bundled": "word list", "common": "common-word list"}

MAX_FILE_BYTES = 50 * 1024 * 1024

_HEADER_CHARS = 4096  # the "# words:" and "# sha256" lines are in the first lines
_COUNT = re.compile(r"^# words: (\d+)$", re.M)
_HASH = re.compile(r"^# sha256 of the ([^:\n]*): ([0-9a-f]{64})$", re.M)


class WordDataError(ValueError):
    """An unknown language, or a bundled word file that is missing or damaged; the message
    names the language or the file and what is wrong."""

    def __init__(self, message: str, *, path: str | None = None):
        super().__init__(message)
        self.path = path


def _check_lang(lang: object) -> str:
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise WordDataError(
            f"no bundled word data for language {lang!r} (known: {', '.join(LANGUAGES)})"
        )
    return lang


def data_file(lang: str, kind: str = "bundled") -> Path:
    """The path of a bundled file: ``kind`` is ``"bundled"`` (the full list) or ``"common"``.
    :class:`WordDataError` for an unknown language or when the file is not installed."""
    lang = _check_lang(lang)
    try:
        candidates = _FILES[(lang, kind)]
    except KeyError:
        raise WordDataError(f"no bundled file of kind {kind!r} (bundled, common)") from None
    from ..datafiles import data_dir

    root = data_dir("dictionaries")
    for rel in candidates:
        p = root.joinpath(*rel.split("/"))
        if p.is_file():
            return Path(str(p))
    name = get_alphabet(lang).name
    raise WordDataError(
        f"the bundled {name} {_WHAT[kind]} is not installed (looked for dictionaries/"
        f"{candidates[0]})"
    )


def _read_text(path: Path) -> str:
    shown = str(path)
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            raise WordDataError(f"{shown}: not a regular file", path=shown)
        if st.st_size > MAX_FILE_BYTES:
            raise WordDataError(f"{shown}: too large ({st.st_size} bytes) for a bundled word "
                                "list; the file is damaged", path=shown)
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise WordDataError(f"{shown}: cannot read it ({e.strerror or e})", path=shown) from None
    if b"\0" in data:
        raise WordDataError(f"{shown}: damaged bundled word list (binary data in it)",
                            path=shown)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise WordDataError(f"{shown}: damaged bundled word list (not UTF-8 at byte "
                            f"{e.start})", path=shown) from None


def _parse(path: Path, lang: str) -> tuple[list[str], str]:
    """The words of a bundled file in file order, checked, and its text."""
    text = _read_text(path)
    alphabet = get_alphabet(lang)
    word = re.compile(f"[{re.escape(''.join(alphabet.letters))}]+")
    words: list[str] = []
    for number, line in enumerate(text.split("\n"), 1):
        line = line.rstrip("\r")
        if not line or line.startswith("#"):
            continue
        if not word.fullmatch(line):
            shown = line if len(line) <= 40 else line[:40] + "…"
            raise WordDataError(
                f"{path}: damaged bundled word list: line {number} ({shown!r}) is not an "
                f"upper-case word of the {alphabet.name} alphabet",
                path=str(path),
            )
        words.append(line)
    if not words:
        raise WordDataError(f"{path}: damaged bundled word list (no words in it)",
                            path=str(path))
    return words, text


def _verify(path: Path, words: list[str], text: str, *, sorted_hash: bool) -> None:
    """Check the header's word count and sha256 (when the header has them)."""
    head = text[:_HEADER_CHARS]
    m = _COUNT.search(head)
    if m and int(m.group(1)) != len(words):
        raise WordDataError(
            f"{path}: damaged bundled word list: {len(words)} words, its header says "
            f"{m.group(1)} (truncated or edited?)",
            path=str(path),
        )
    m = _HASH.search(head)
    if m:
        ordered = sorted(words) if sorted_hash else words
        digest = hashlib.sha256("\n".join(ordered).encode("utf-8")).hexdigest()
        if digest != m.group(2):
            raise WordDataError(
                f"{path}: damaged bundled word list: its words do not match the sha256 in its "
                "header (edited?)",
                path=str(path),
            )
    if len(set(words)) != len(words):
        raise WordDataError(f"{path}: damaged bundled word list: a word is listed twice",
                            path=str(path))


@lru_cache(maxsize=None)
def _bundled(lang: str) -> tuple[str, ...]:
    path = data_file(lang, "bundled")
    words, text = _parse(path, lang)
    # The English list's header hashes the words sorted; the others are stored in order.
    _verify(path, words, text, sorted_hash=(lang == "en"))
    alphabet = get_alphabet(lang)
    if list(alphabet.letters) == sorted(alphabet.letters):
        words.sort()
    else:
        words.sort(key=alphabet.sort_key)
    return tuple(words)


@lru_cache(maxsize=None)
def _common(lang: str) -> tuple[str, ...]:
    path = data_file(lang, "common")
    words, text = _parse(path, lang)
    _verify(path, words, text, sorted_hash=False)
    return tuple(words)


def bundled_words(lang: str) -> list[str]:
    """The full bundled word list of ``lang`` (upper case, in the alphabet's order)."""
    return list(_bundled(_check_lang(lang)))


def common_words(lang: str, *, length: int | None = None) -> list[str]:
    """The common words of ``lang``, most common first; with ``length``, only the words of
    that many letters (still most common first)."""
    words = _common(_check_lang(lang))
    if length is None:
        return list(words)
    if isinstance(length, bool) or not isinstance(length, int):
        raise TypeError(f"length must be an int, not {type(length).__name__}")
    return [w for w in words if len(w) == length]
