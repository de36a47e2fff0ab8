"""Word lists: the bundled English list and user-supplied ones.

A :class:`Lexicon` is a fixed set of uppercase words of letters A-Z.  Make one with
:func:`load_bundled` (``dictionaries/en/wordbler-en.txt``, built by
``scripts/build_dictionary.py`` from SCOWL), :func:`load_file` (a user's list) or
:meth:`Lexicon.from_words`.  Nothing is cached at module level: each call loads afresh, and
whoever needs the list twice keeps the object.

User files (:func:`load_file`)
    * Plain text: one word per line, any letter case; LF, CRLF or CR line ends; UTF-8 with or
      without a byte-order mark (UTF-16 with a BOM is read too).  Blank lines and lines whose
      first non-space character is ``#`` are ignored; spaces around a word are stripped.
    * JSON: an array of strings (the original game's format), chosen by a ``.json`` name or
      by content whose first non-space character is ``[``.
    * An entry that is not made of the letters A-Z after upper-casing (``don't``, ``café``,
      ``ice cream``, ``42``) is an error naming the file and line.  Words shorter than
      ``MIN_WORD_LENGTH`` or longer than ``max_length`` (default ``MAX_WORD_LENGTH``, the
      board's width) are skipped without error: they can never be played.
    * Every problem raises :class:`LexiconError` (a ``ValueError``): missing or unreadable
      file, a file over ``MAX_FILE_BYTES`` (refused before reading), binary content, text
      that is not UTF-8, malformed JSON, a JSON value that is not an array of strings, and a
      list with no playable words.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from itertools import chain
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from wordbler.datafiles import data_dir
from wordbler.fileio import ReadRefused, read_bounded

BUNDLED_FILE = "wordbler-en.txt"
BUNDLED_NAME = "English (SCOWL 80)"
MIN_WORD_LENGTH = 2
MAX_WORD_LENGTH = 15
MAX_FILE_BYTES = 50 * 1024 * 1024  # the bundled list is 2.5 MB

_SIZE_HEADER = b"\n# size "  # the bundled file's section header: "# size N" on its own line
_WORD_BYTES = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ\r\n"  # CR: a checkout may have made it CRLF
_JSON_START = re.compile(r"\s*\[")
_SPACES = re.compile(r"\s*")
_SHOWN_CHARS = 40


class LexiconError(ValueError):
    """A word list that cannot be used.  ``path``: the file (None for in-memory words);
    ``line``: the 1-based line at fault, or None when the problem is not one line's."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None):
        super().__init__(message)
        self.path = path
        self.line = line


class Lexicon:
    """An immutable set of uppercase words, optionally with each word's SCOWL size.

    ``word in lexicon`` accepts any letter case (uppercase is the fast path); iteration
    yields the words sorted.  ``content_hash`` identifies the word set (not its name, source
    or sizes) and is the same for the same words however they were loaded.
    """

    __slots__ = ("_words", "_groups", "_name", "_source", "_sizes", "_sorted", "_hash")

    def __init__(
        self,
        groups: Sequence[tuple[int | None, Sequence[str]]],
        *,
        name: str,
        source: str,
    ) -> None:
        # Private: use the loaders.  ``groups`` holds valid uppercase words by SCOWL size
        # (None: unknown); a word may repeat, and near-sorted groups make sorting cheap.
        self._groups = tuple(groups)
        self._words = frozenset(chain.from_iterable(ws for _, ws in self._groups))
        self._name = name
        self._source = source
        # Derived on first use, so loading stays fast; both are pure functions of _groups.
        self._sizes: dict[str, int] | None = None
        self._sorted: tuple[str, ...] | None = None
        self._hash: str | None = None

    @classmethod
    def from_words(
        cls,
        words: Iterable[str],
        *,
        name: str = "custom",
        max_length: int = MAX_WORD_LENGTH,
    ) -> Lexicon:
        """A lexicon of ``words`` (any case).  A non-word raises :class:`LexiconError`;
        words of the wrong length are skipped, as in :func:`load_file`.  May be empty."""
        kept: list[str] = []
        for word in words:
            if not (isinstance(word, str) and word.isascii() and word.isalpha()):
                raise LexiconError(f"{_show(word)} is not a word of letters A-Z")
            if MIN_WORD_LENGTH <= len(word) <= max_length:
                kept.append(word.upper())
        return cls([(None, kept)], name=name, source="words")

    @property
    def name(self) -> str:
        return self._name

    @property
    def source(self) -> str:
        """The file the words came from, ``"bundled"`` or ``"words"`` (from_words)."""
        return self._source

    def __contains__(self, word: object) -> bool:
        words = self._words
        try:
            if word in words:
                return True
        except TypeError:  # unhashable: not a word
            return False
        return isinstance(word, str) and word.isascii() and word.upper() in words

    def size_of(self, word: str) -> int | None:
        """The word's SCOWL size (10 = most common ... 80 = rare); None if unknown or absent."""
        sizes = self._sizes
        if sizes is None:
            sizes = self._sizes = {
                w: size for size, ws in reversed(self._groups) if size is not None for w in ws
            }  # reversed: a word listed twice keeps its first (smallest) size
        if not isinstance(word, str):
            return None
        size = sizes.get(word)
        if size is None and word.isascii():
            size = sizes.get(word.upper())
        return size

    def __len__(self) -> int:
        return len(self._words)

    def __iter__(self) -> Iterator[str]:
        return iter(self._sorted_words())

    @property
    def content_hash(self) -> str:
        """sha256 (hex) of the sorted words joined by ``"\\n"``: a cache key for the word set."""
        if self._hash is None:
            joined = "\n".join(self._sorted_words())
            self._hash = hashlib.sha256(joined.encode("ascii")).hexdigest()
        return self._hash

    def _sorted_words(self) -> tuple[str, ...]:
        if self._sorted is None:
            ordered = sorted(chain.from_iterable(ws for _, ws in self._groups))
            if len(ordered) != len(self._words):  # some word was listed twice
                ordered = list(dict.fromkeys(ordered))
            self._sorted = tuple(ordered)
        return self._sorted

    def __repr__(self) -> str:
        return f"<Lexicon {self._name!r}: {len(self._words)} words from {self._source}>"


def load_bundled() -> Lexicon:
    """The bundled English list, with each word's SCOWL size."""
    resource = data_dir("dictionaries").joinpath("en", BUNDLED_FILE)
    where = str(resource)
    try:
        on_disk = Path(where)
        data = _read_bytes(on_disk, BUNDLED_FILE) if on_disk.exists() else resource.read_bytes()
    except LexiconError as e:
        raise LexiconError(f"the bundled word list cannot be read: {e}", path=where) from None
    except OSError as e:
        raise LexiconError(f"the bundled word list {BUNDLED_FILE} cannot be read: {e}",
                           path=where) from e
    groups: list[tuple[int, list[str]]] = []
    for section in data.split(_SIZE_HEADER)[1:]:  # [0] is the header comment
        size, _, body = section.partition(b"\n")
        size = size.strip()
        if not size.isdigit() or body.translate(None, _WORD_BYTES):
            raise LexiconError(f"the bundled word list {BUNDLED_FILE} is damaged "
                               f"(section {size[:10]!r})", path=where)
        groups.append((int(size), body.decode("ascii").split()))
    if not groups:
        raise LexiconError(f"the bundled word list {BUNDLED_FILE} has no words", path=where)
    return Lexicon(groups, name=BUNDLED_NAME, source="bundled")


def load_file(
    path: str | os.PathLike[str],
    *,
    name: str | None = None,
    max_length: int = MAX_WORD_LENGTH,
) -> Lexicon:
    """A user's word list (plain text or JSON array, see the module docstring).

    ``name`` defaults to the file name.  Raises :class:`LexiconError` for anything wrong.
    """
    p = Path(path)
    shown = _file_name(p.name or str(p))
    text = _read_text(p, shown)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if p.suffix.lower() == ".json" or _JSON_START.match(text):
        entries = _json_entries(text, p, shown)
    else:
        entries = _text_entries(text, p, shown)
    words = [w for w in entries if MIN_WORD_LENGTH <= len(w) <= max_length]
    if not words:
        detail = f" of {MIN_WORD_LENGTH} to {max_length} letters" if entries else ""
        raise LexiconError(f"{shown} has no words{detail}", path=str(p))
    return Lexicon([(None, words)], name=name if name is not None else shown, source=str(p))


# ----------------------------------------------------------------------------------------
# Reading and parsing


def _read_bytes(p: Path, shown: str) -> bytes:
    """The bytes of a regular file of at most ``MAX_FILE_BYTES``.  The file is opened
    without blocking and checked with ``fstat`` on that descriptor (no gap between the check
    and the read): a folder, a device (``/dev/zero``), a FIFO or a socket is refused and
    never waited on, and a large file is refused before it is read."""
    where = str(p)
    try:
        return read_bounded(p, MAX_FILE_BYTES)
    except ReadRefused as e:
        if e.kind == "folder":
            message = f"{shown} is a folder, not a word list"
        elif e.kind == "special":
            message = f"{shown} is not a regular file"
        elif e.kind == "too_large":
            message = _too_large(shown, e.size)
        else:
            message = _os_problem(shown, e.error)
        raise LexiconError(message, path=where) from None


def _read_text(p: Path, shown: str) -> str:
    where = str(p)
    data = _read_bytes(p, shown)

    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"  # Windows Notepad's "Unicode"; its BOM says the byte order
    else:
        encoding = "utf-8-sig"
        if b"\0" in data:
            raise LexiconError(f"{shown} is not a text file (it contains NUL bytes)", path=where)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as e:
        line = _line_at(data[: e.start].decode(encoding, "replace"))
        byte = data[e.start : e.start + 1].hex().upper()
        kind = "UTF-16" if encoding == "utf-16" else "UTF-8"
        raise LexiconError(
            f"{shown}, line {line}: not {kind} text (byte 0x{byte}); save the list as UTF-8",
            path=where, line=line,
        ) from None
    if "\0" in text:
        raise LexiconError(f"{shown} is not a text file (it contains NUL characters)",
                           path=where)
    return text


def _text_entries(text: str, p: Path, shown: str) -> list[str]:
    """The uppercase words of a plain-text list; a bad line raises with its number."""
    lines = list(map(str.strip, text.split("\n")))
    kept = [s for s in lines if s and s[0] != "#"]
    if not kept:
        return []
    body = "\n".join(kept)
    if body.isascii() and body.replace("\n", "").isalpha():  # fast path: all good
        return body.upper().split("\n")
    for number, s in enumerate(lines, 1):  # slow path: find the first bad line
        if s and s[0] != "#" and not (s.isascii() and s.isalpha()):
            raise LexiconError(f"{shown}, line {number}: {_show(s)} is not a word of letters A-Z",
                               path=str(p), line=number)
    raise AssertionError("unreachable: a bad line was detected but not found")


def _json_entries(text: str, p: Path, shown: str) -> list[str]:
    """The uppercase words of a JSON array of strings; errors name the line at fault."""
    where = str(p)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise LexiconError(f"{shown}, line {e.lineno}: not valid JSON ({e.msg})",
                           path=where, line=e.lineno) from None
    except RecursionError:
        raise LexiconError(f"{shown}: JSON nested too deeply", path=where) from None
    if not isinstance(value, list):
        line = _line_at(_SPACES.match(text).group())
        raise LexiconError(
            f"{shown}, line {line}: expected a JSON array of words, found {_json_kind(value)}",
            path=where, line=line,
        )
    words: list[str] = []
    for index, entry in enumerate(value):
        if isinstance(entry, str):
            s = entry.strip()
            if s.isascii() and s.isalpha():
                words.append(s.upper())
                continue
            problem = f"{_show(s)} is not a word of letters A-Z"
        else:
            problem = f"{_show(entry)} is not a word (expected a string)"
        line = _json_element_line(text, index)
        raise LexiconError(f"{shown}, line {line}: {problem}", path=where, line=line)
    return words


def _json_element_line(text: str, index: int) -> int:
    """The line on which element ``index`` of the (valid) top-level JSON array starts."""
    decoder = json.JSONDecoder()
    pos = _SPACES.match(text).end() + 1  # past "["
    for _ in range(index):
        pos = _SPACES.match(text, pos).end()
        _, pos = decoder.raw_decode(text, pos)
        pos = _SPACES.match(text, pos).end() + 1  # past ","
    return _line_at(text[: _SPACES.match(text, pos).end()])


def _file_name(name: str) -> str:
    """A file name for a one-line message: control characters and undecodable bytes
    (surrogates) escaped."""
    if name.isprintable():
        return name
    return "".join(ch if ch.isprintable()
                   else ch.encode("unicode_escape", "backslashreplace").decode("ascii")
                   for ch in name)


def _line_at(prefix: str) -> int:
    """The 1-based line number of the position just after ``prefix``."""
    return prefix.replace("\r\n", "\n").replace("\r", "\n").count("\n") + 1


def _show(value: object) -> str:
    """A value for an error message: quoted, shortened, control characters escaped."""
    if isinstance(value, str):
        s = value if len(value) <= _SHOWN_CHARS else value[: _SHOWN_CHARS - 3] + "..."
        if not s.isprintable():
            s = s.encode("unicode_escape").decode("ascii")
        return f'"{s}"'
    try:
        s = json.dumps(value)
    except (TypeError, ValueError):
        s = repr(value)
    return s if len(s) <= _SHOWN_CHARS else s[: _SHOWN_CHARS - 3] + "..."


def _json_kind(value: object) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, str):
        return "a string"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return "a number"


def _os_problem(shown: str, e: Exception) -> str:
    if isinstance(e, FileNotFoundError):
        return f"{shown}: no such file"
    if isinstance(e, PermissionError):
        return f"{shown} cannot be read: permission denied"
    return f"{shown} cannot be read: {getattr(e, 'strerror', None) or e}"


def _too_large(shown: str, size: int) -> str:
    return (f"{shown} is too large for a word list ({size / 2**20:.0f} MB; "
            f"the limit is {MAX_FILE_BYTES // 2**20} MB)")
