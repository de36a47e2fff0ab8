"""Word lists: a fixed set of words of one alphabet, loaded from a plain text file.

File format (user lists and the bundled ones alike)
    * UTF-8, with or without a byte-order mark (UTF-16 with a BOM is read too); one word a
      line; any letter case (read through the alphabet's own case table); LF, CRLF or CR.
    * Blank lines and lines starting with ``#`` (comments, the bundled files' ``# size N``
      section headers) are ignored.  Spaces and tabs around a word are stripped.
    * Any other line that is not made only of letters of the alphabet (``don't``, ``café``
      in English, ``ice cream``, ``42``), or has more than :data:`MAX_WORD_LETTERS`, is
      skipped and counted (:attr:`WordList.skipped`).
    * Refused with :class:`WordListError` naming the file and the problem: a missing or
      unreadable file, a directory or other non-regular file, a file over
      :data:`MAX_FILE_BYTES`, binary content (NUL bytes), text that is not UTF-8, and a
      file with no word of the alphabet at all.

A :class:`WordList` is immutable.  ``words`` is sorted in the alphabet's own order (Russian:
Е before Ё before Ж).  The word graph that the fast queries use (:mod:`.graph`) is built on
first use and cached on disk, keyed by :attr:`WordList.content_hash`.
"""

from __future__ import annotations

import codecs
import hashlib
import os
import re
from pathlib import Path
from typing import Iterable

from ..fileio import ReadRefused, read_bounded
from .alphabet import Alphabet, AlphabetError, get_alphabet

MAX_FILE_BYTES = 50 * 1024 * 1024
#: A longer line is skipped and counted like any other line that is not a word: no game has
#: room for one, and a single line of 100,000 letters made the word graph take gigabytes.
MAX_WORD_LETTERS = 100
#: Lists with at least this many words keep their word graph in the user's cache folder;
#: smaller ones build it in memory (milliseconds) when first needed.
CACHE_MIN_WORDS = 20_000
#: Part of the cache key of a list read from a file: change it when the reading rules change.
PARSE_VERSION = 1

#: Where each language's bundled list lives inside ``dictionaries/`` (first match wins).
BUNDLED_FILES: dict[str, tuple[str, ...]] = {
    "en": ("en/wordbler-en.txt", "wordbler-en.txt"),
    "ru": ("ru/words.txt", "ru/wordbler-ru.txt"),
    "fr": ("fr/words.txt",),
}


class WordListError(ValueError):
    """A word list that cannot be used; the message names the file and the problem."""

    def __init__(self, message: str, *, path: str | None = None):
        super().__init__(message)
        self.path = path


def _as_alphabet(lang: "str | Alphabet") -> Alphabet:
    return lang if isinstance(lang, Alphabet) else get_alphabet(lang)


class WordList:
    """An immutable set of upper-case words of one alphabet.

    ``words``: sorted tuple (alphabet order); ``word in wl``: membership (upper case);
    ``len(wl)``; ``name``: for display; ``skipped``: lines outside the alphabet;
    ``content_hash``: SHA-256 (hex) identifying the alphabet and the word set, the same
    however the words were loaded.
    """

    __slots__ = ("alphabet", "name", "skipped", "_words", "_pending", "_set", "_hash",
                 "_graph", "_by_len", "_listing", "_source_key")

    def __init__(self, words: Iterable[str], alphabet: Alphabet, *, name: str = "",
                 skipped: int = 0, _checked: bool = False, _source_key: str | None = None):
        # Private: use load_wordlist / bundled_wordlist / from_words.  The words are sorted
        # when first needed (a grid search on a cached graph never needs them).
        if not _checked:
            words = [w for w in words if alphabet.is_word(w)]
        self.alphabet = alphabet
        self._pending: list[str] | None = list(words)
        self._words: tuple[str, ...] | None = None
        self.name = name
        self.skipped = skipped
        self._set: frozenset[str] | None = None
        self._hash: str | None = None
        self._graph = None
        self._by_len: dict[int, tuple[str, ...]] | None = None
        self._listing: tuple[str, dict[int, tuple[int, int]]] | None = None
        self._source_key = _source_key

    @property
    def words(self) -> tuple[str, ...]:
        """Every word once, sorted in the alphabet's order."""
        ws = self._words
        if ws is None:
            # dict.fromkeys keeps the given order (often sorted runs, which timsort merges fast)
            unique = list(dict.fromkeys(self._pending or ()))
            if self.alphabet._collate_swaps == ():
                unique.sort()
            else:
                unique.sort(key=self.alphabet.collation_key)
            ws = self._words = tuple(unique)
            self._pending = None
        return ws

    # ---- construction ---------------------------------------------------------------
    @classmethod
    def from_words(cls, words: Iterable[str], alphabet: "Alphabet | str" = "en", *,
                   name: str = "") -> "WordList":
        """A list from in-memory words (any case through the case table); words outside
        the alphabet are skipped and counted."""
        alphabet = _as_alphabet(alphabet)
        good: list[str] = []
        skipped = 0
        for w in words:
            n = alphabet.try_normalise(w.strip())
            if n and len(n) <= MAX_WORD_LETTERS:
                good.append(n)
            elif w.strip():
                skipped += 1
        return cls(good, alphabet, name=name or "word list", skipped=skipped, _checked=True)

    # ---- the set ----------------------------------------------------------------------
    def __contains__(self, word: object) -> bool:
        st = self._set
        if st is None:
            pending = self._pending
            st = self._set = frozenset(pending if pending is not None else self.words)
        return word in st
    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self):
        return iter(self.words)

    def __repr__(self) -> str:
        return f"<WordList {self.name!r} {self.alphabet.code} {len(self.words)} words>"

    @property
    def content_hash(self) -> str:
        h = self._hash
        if h is None:
            data = ("\n".join(self.words)).encode("utf-8")
            h = self._hash = hashlib.sha256(self.alphabet.code.encode() + b"\0" + data).hexdigest()
        return h

    def by_length(self, n: int) -> tuple[str, ...]:
        """The words of exactly ``n`` letters, in alphabet order."""
        return self._lengths().get(n, ())

    def _lengths(self) -> dict[int, tuple[str, ...]]:
        """The words grouped by length, each group in alphabet order (built on first use)."""
        if self._by_len is None:
            groups: dict[int, list[str]] = {}
            for w in self.words:
                groups.setdefault(len(w), []).append(w)
            self._by_len = {k: tuple(v) for k, v in groups.items()}
        return self._by_len

    def listing_text(self) -> tuple[str, dict[int, tuple[int, int]]]:
        """Every word in listing order (longest first, then the alphabet's order), one a
        line, and where each length's words lie in that text (``{length: (start, end)}``),
        so a pattern's regular expression is run over the lengths it can match only.  Built
        on first use."""
        if self._listing is None:
            parts, spans, at = [], {}, 0
            for n, ws in sorted(self._lengths().items(), reverse=True):
                block = "\n".join(ws) + "\n"
                spans[n] = (at, at + len(block))
                parts.append(block)
                at += len(block)
            self._listing = ("".join(parts), spans)
        return self._listing

    @property
    def max_length(self) -> int:
        return max(map(len, self.words), default=0)

    def graph(self, cache_dir: Path | None = None, progress=None):
        """The word graph (:class:`~wordbler.lexicon.graph.LexGraph`, the forward DAWG of
        every word) of this list: built on first use, and for a large list kept in the
        cache folder (``cache_dir``, default the user's) so the next run reads it back.
        ``progress`` (0..1) reports a build."""
        g = self._graph
        if g is None:
            from .graph import LexGraph, load_or_build

            opts = dict(letters=self.alphabet.letters, min_len=1, max_len=None, reverse=False)
            pending = self._pending
            words = pending if pending is not None else self.words  # the build sorts them
            if len(words) >= CACHE_MIN_WORDS:
                # a list read from a file is known by the file's bytes (no need to sort the
                # words to find the cached graph); others by their content hash
                key = self._source_key or self.content_hash
                g = load_or_build(words, key, cache_dir, progress, **opts)
            else:
                g = LexGraph.build(words, progress, **opts)
            self._graph = g
        return g


# ---- loading ------------------------------------------------------------------------
_BLANK_OR_COMMENT = re.compile(r"^[ \t]*(?:#.*)?$", re.M)


def _line_pattern(alphabet: Alphabet) -> re.Pattern[str]:
    letters = re.escape("".join(alphabet.letters))
    return re.compile(rf"^[ \t]*([{letters}]{{1,{MAX_WORD_LETTERS}}})[ \t]*$", re.M)


def _line_chunks(text: str, size: int = 1 << 18):
    """``text``'s lines in pieces of about ``size`` characters or more, split at newlines
    (the newline dropped), so every line is in one piece, whole.  Each piece is one short
    call into the regular expression and the case mapping: over a whole 3.5 MB list each held
    Python's lock for 0.25-0.3 s, and a list read on a worker thread froze the window."""
    start = 0
    while True:
        end = text.find("\n", start + size)
        if end < 0:
            yield text[start:]
            return
        yield text[start:end]
        start = end + 1


def parse_text(text: str, alphabet: Alphabet, chunk: int = 1 << 18) -> tuple[list[str], int]:
    """The words of a list's text (in file order, maybe repeated) and the number of lines
    skipped (neither words, nor blank, nor comments).  ``chunk``: characters read at a time
    (any size gives the same result)."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    pattern = _line_pattern(alphabet)
    words: list[str] = []
    for piece in _line_chunks(text, chunk):
        words += pattern.findall(alphabet.upper(piece))
    lines = text.count("\n") + 1
    # quick count of the comment and empty lines; exact when no line has spaces around
    quick = text.count("\n#") + text.startswith("#") + text.count("\n\n") + text.endswith("\n")
    quick += text.startswith("\n")
    if len(words) + quick == lines:
        return words, 0
    ignored = sum(len(_BLANK_OR_COMMENT.findall(piece)) for piece in _line_chunks(text, chunk))
    return words, lines - ignored - len(words)


def decode_bytes(data: bytes, shown: str) -> str:
    """The text of a word-list file, or :class:`WordListError` for binary / non-UTF-8."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) and not data.startswith(
        codecs.BOM_UTF8
    ):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as e:
            raise WordListError(f"{shown}: not valid UTF-16 text (byte {e.start})", path=shown)
    nul = data.find(b"\0")
    if nul >= 0:
        raise WordListError(
            f"{shown}: looks like a binary file (a NUL byte at offset {nul}), not a word list",
            path=shown,
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise WordListError(
            f"{shown}: not UTF-8 text (invalid byte 0x{data[e.start]:02X} at offset {e.start}); "
            "save the list as UTF-8",
            path=shown,
        ) from None


def _size(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 100_000 else f"{n} bytes"


def read_file_bytes(path: "str | os.PathLike[str]", limit: int | None = None) -> bytes:
    """A regular file's bytes, at most ``limit`` (default :data:`MAX_FILE_BYTES`);
    :class:`WordListError` naming the file and the problem."""
    if limit is None:
        limit = MAX_FILE_BYTES
    shown = os.fspath(path)
    try:
        return read_bounded(path, limit)
    except ReadRefused as e:
        if e.kind == "folder":
            message = f"{shown}: is a folder, not a word list file"
        elif e.kind == "special":
            message = f"{shown}: not a regular file"
        elif e.kind == "too_large":
            message = f"{shown}: too large ({_size(e.size)}; a word list may have {_size(limit)})"
        elif isinstance(e.error, FileNotFoundError):
            message = f"{shown}: no such file"
        else:
            err = e.error
            message = f"{shown}: cannot read it ({getattr(err, 'strerror', None) or err})"
        raise WordListError(message, path=shown) from None


def load_wordlist(path: "str | os.PathLike[str]", lang: "str | Alphabet" = "en", *,
                  name: str | None = None) -> WordList:
    """Load a plain-text word list (see the module docstring for the format)."""
    alphabet = _as_alphabet(lang)
    shown = os.fspath(path)
    data = read_file_bytes(path)
    if not data.strip():
        raise WordListError(f"{shown}: the file is empty", path=shown)
    text = decode_bytes(data, shown)
    words, skipped = parse_text(text, alphabet)
    # the characters the alphabet reads as letters are part of how the file reads (the
    # board game's Russian reads Ё as Е under the same code): none for plain alphabets, so
    # their keys, and the graphs cached under them, stay as they were
    reads = "".join(f"{k}{v}" for k, v in sorted({**alphabet.aliases, **alphabet.expansions}.items()))
    source_key = hashlib.sha256(
        f"wordlist-file v{PARSE_VERSION} {alphabet.code}{' ' + reads if reads else ''}\0".encode()
        + data
    ).hexdigest()
    if not words:
        raise WordListError(
            f"{shown}: no word of the {alphabet.name} alphabet in it"
            + (f" ({skipped} lines skipped)" if skipped else ""),
            path=shown,
        )
    return WordList(words, alphabet, name=name or Path(shown).name, skipped=skipped,
                    _checked=True, _source_key=source_key)


def bundled_path(lang: "str | Alphabet") -> Path:
    """The bundled list of ``lang``; :class:`WordListError` if there is none."""
    alphabet = _as_alphabet(lang)
    try:  # the word data's own table of files, when it has one
        from .data import data_file
    except ImportError:  # pragma: no cover - without wordbler/lexicon/data.py
        data_file = None
    if data_file is not None:
        try:
            return data_file(alphabet.code, "bundled")
        except ValueError as e:
            raise WordListError(str(e)) from None
    from ..datafiles import data_dir

    root = data_dir("dictionaries")
    rels = BUNDLED_FILES.get(alphabet.code, (f"{alphabet.code}/wordbler-{alphabet.code}.txt",))
    for rel in rels:
        p = root.joinpath(*rel.split("/"))
        if p.is_file():
            return Path(str(p))
    raise WordListError(f"no bundled {alphabet.name} word list is installed "
                        f"(looked for dictionaries/{rels[0]})")


def bundled_wordlist(lang: "str | Alphabet" = "en") -> WordList:
    """The full bundled word list of a language (``en``, ``ru``, ``fr``)."""
    alphabet = _as_alphabet(lang)
    path = bundled_path(alphabet.code)
    wl = load_wordlist(path, alphabet, name=f"{alphabet.name} (bundled)")
    return wl


__all__ = [
    "AlphabetError",
    "MAX_FILE_BYTES",
    "WordList",
    "WordListError",
    "bundled_path",
    "bundled_wordlist",
    "load_wordlist",
]
