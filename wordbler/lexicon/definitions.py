"""Offline word definitions, for every game's "what does this word mean?".

English has WordNet 3.0's glosses, bundled as ``dictionaries/en/definitions.tsv.gz`` (built by
``scripts/build_definitions.py``; source, licence and format in
``dictionaries/en/DEFINITIONS.md``).  Other languages (Russian) have no offline source yet:
:func:`available` says so and :func:`lookup` returns ``None`` for them.

Use::

    from wordbler.lexicon import definitions
    if definitions.available("en"):
        senses = definitions.lookup("running")     # list[Sense]; [] = no definition
        text = definitions.describe("running", senses)

An inflected form is looked up under its base forms the way WordNet's *morphy* does it: for
each part of speech, the word itself when it is a lemma, then the base forms from WordNet's
exception lists (GEESE -> GOOSE, RAN -> RUN, RUNNING -> RUN) or, when the word is not in them,
its regular detachment rules (CATS -> CAT, BOXES -> BOX, CRIED -> CRY, TALLER -> TALL), kept
when the base form is a lemma of that part of speech.

The file is read on the first look-up (or :meth:`Definitions.load`, e.g. from a worker thread)
and then kept.  A missing, damaged or foreign file raises :class:`DefinitionsError` (a
``ValueError``) whose message names the file and what is wrong; the same error is raised again
by later look-ups without reading the file again.

Standard library only; no Qt.
"""

from __future__ import annotations

import gzip
import hashlib
import html
import io
import os
import re
import stat
import threading
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = [
    "DefinitionsError",
    "Definitions",
    "POS_NAMES",
    "Sense",
    "available",
    "bundled_definitions",
    "definitions_file",
    "describe",
    "describe_html",
    "lookup",
    "no_definition_text",
    "unavailable_text",
]

#: Languages with an offline source, and their file inside ``dictionaries/``.
_FILES: dict[str, str] = {"en": "en/definitions.tsv.gz"}
_LANGUAGE_NAMES = {"en": "English", "ru": "Russian", "fr": "French"}

#: The part-of-speech letters of the file and their names, in the order senses are given.
POS_NAMES: dict[str, str] = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}

#: WordNet's detachment rules (morphy): (suffix, ending) per part of speech.
_RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "n": (("S", ""), ("SES", "S"), ("XES", "X"), ("ZES", "Z"), ("CHES", "CH"),
          ("SHES", "SH"), ("MEN", "MAN"), ("IES", "Y")),
    "v": (("S", ""), ("IES", "Y"), ("ES", "E"), ("ES", ""), ("ED", "E"), ("ED", ""),
          ("ING", "E"), ("ING", "")),
    "a": (("ER", ""), ("EST", ""), ("ER", "E"), ("EST", "E")),
    "r": (),
}

#: Words the rules above must not take for inflected forms: function words and others whose
#: -S or -ES is not an ending (HIS was shown as HI, "an expression of greeting"; ALAS as ALA)
NOT_INFLECTED = frozenset("""
    ALAS AS BES HERS HIS IS ITS OURS THEIRS THIS THUS US WAS YES YOURS
""".split())

MAX_FILE_BYTES = 32 * 1024 * 1024  # compressed; the bundled file is a few MB
MAX_TEXT_BYTES = 128 * 1024 * 1024  # decompressed
FORMAT_VERSION = 1

_WORD = re.compile(r"^[A-Z]+$")
_HEADER_INT = re.compile(r"^# (entries|senses|exceptions|format): (\d+)$", re.M)
_HEADER_HASH = re.compile(r"^# sha256 of the body: ([0-9a-f]{64})$", re.M)


class DefinitionsError(ValueError):
    """The definitions file is missing, unreadable or damaged, or the language has no
    definitions; the message names the file (or language) and what is wrong."""

    def __init__(self, message: str, *, path: str | None = None):
        super().__init__(message)
        self.path = path


@dataclass(frozen=True, slots=True)
class Sense:
    """One meaning: ``pos`` is ``"noun"``, ``"verb"``, ``"adjective"`` or ``"adverb"``,
    ``gloss`` the definition, ``base`` the upper-case lemma it is a sense of (the word
    itself, or the base form an inflected word was mapped to)."""

    pos: str
    gloss: str
    base: str


def _shown(path: object) -> str:
    """A file name for a one-line message (control characters escaped)."""
    return repr(str(path))


def _read_bounded(path: Path) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES (a FIFO or device is refused
    without waiting on it)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise DefinitionsError(
            f"definitions file {_shown(path)} is missing (rebuild it with "
            "scripts/build_definitions.py)", path=str(path)) from None
    except OSError as e:
        raise DefinitionsError(
            f"cannot open definitions file {_shown(path)}: {e.strerror or e}",
            path=str(path)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise DefinitionsError(
                f"definitions file {_shown(path)} is not a regular file", path=str(path))
        if st.st_size > MAX_FILE_BYTES:
            raise DefinitionsError(
                f"definitions file {_shown(path)} is too large ({st.st_size} bytes; "
                f"at most {MAX_FILE_BYTES})", path=str(path))
        chunks = []
        total = 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            total += len(chunk)
            if total > MAX_FILE_BYTES:
                raise DefinitionsError(
                    f"definitions file {_shown(path)} is too large", path=str(path))
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as e:
        raise DefinitionsError(
            f"cannot read definitions file {_shown(path)}: {e.strerror or e}",
            path=str(path)) from None
    finally:
        os.close(fd)


def _decompress(raw: bytes, path: Path) -> str:
    damaged = f"definitions file {_shown(path)} is damaged"
    if not raw:
        raise DefinitionsError(f"definitions file {_shown(path)} is empty", path=str(path))
    if raw[:2] != b"\x1f\x8b":
        raise DefinitionsError(
            f"definitions file {_shown(path)} is not gzip-compressed definitions",
            path=str(path))
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(raw), mode="rb") as f:
            data = f.read(MAX_TEXT_BYTES + 1)
    except EOFError:
        raise DefinitionsError(f"{damaged} (it ends too early)", path=str(path)) from None
    except (OSError, zlib.error) as e:  # BadGzipFile, CRC or length check failed
        raise DefinitionsError(f"{damaged} ({e})", path=str(path)) from None
    if len(data) > MAX_TEXT_BYTES:
        raise DefinitionsError(
            f"definitions file {_shown(path)} is too large once decompressed", path=str(path))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DefinitionsError(
            f"{damaged} (not UTF-8 text at byte {e.start})", path=str(path)) from None


def _parse(text: str, path: Path) -> tuple[dict[str, str], dict[str, int]]:
    """The entries (``"LEMMA\\tpos"`` or ``"FORM\\tpos="`` -> the rest of the line) and the
    header counts; DefinitionsError when the text is not a whole definitions file."""
    damaged = f"definitions file {_shown(path)} is damaged"
    body_start = 0
    while text.startswith("#", body_start):
        nl = text.find("\n", body_start)
        if nl < 0:
            raise DefinitionsError(f"{damaged} (it has a header and no body)", path=str(path))
        body_start = nl + 1
    header, body = text[:body_start], text[body_start:]
    counts = {k: int(v) for k, v in _HEADER_INT.findall(header)}
    digest = _HEADER_HASH.search(header)
    if not header.startswith("# Wordbler English definitions") or digest is None or any(
        k not in counts for k in ("format", "entries", "senses", "exceptions")
    ):
        raise DefinitionsError(
            f"definitions file {_shown(path)} is not a Wordbler definitions file "
            "(its header is missing or incomplete)", path=str(path))
    if counts["format"] != FORMAT_VERSION:
        raise DefinitionsError(
            f"definitions file {_shown(path)} has format {counts['format']}; this version of "
            f"Wordbler reads format {FORMAT_VERSION}", path=str(path))
    if hashlib.sha256(body.encode("utf-8")).hexdigest() != digest.group(1):
        raise DefinitionsError(
            f"{damaged} (its contents do not match the checksum in its header)",
            path=str(path))
    # The checksum vouches for every line; a line is only split here (a malformed key could
    # only fail to match, never crash a look-up).
    lines = body.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    entries: dict[str, str] = {}
    for line in lines:
        key, sep, value = line.rpartition("\t")
        if not sep or "\t" not in key:
            number = header.count("\n") + 1 + lines.index(line)
            raise DefinitionsError(f"{damaged} (line {number} is not an entry)", path=str(path))
        entries[key] = value
    if len(entries) != len(lines):
        raise DefinitionsError(f"{damaged} (an entry is repeated)", path=str(path))
    n_exc = sum(1 for k in entries if k.endswith("="))
    n_entries = len(entries) - n_exc
    n_senses = body.count("|") + n_entries
    found = {"entries": n_entries, "senses": n_senses, "exceptions": n_exc}
    for k, n in found.items():
        if counts[k] != n:
            raise DefinitionsError(
                f"{damaged} (its header says {counts[k]} {k}, it holds {n})", path=str(path))
    return entries, found


class Definitions:
    """The definitions of one language, read from ``path`` on first use.

    Thread-safe: :meth:`load` may run in a worker while the GUI thread asks
    :attr:`loaded`; a look-up waits for a load in progress."""

    def __init__(self, path: str | os.PathLike[str], *, lang: str = "en"):
        self.path = Path(path)
        self.lang = lang
        self._entries: dict[str, str] | None = None
        self._counts: dict[str, int] = {}
        self._error: DefinitionsError | None = None
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        state = "loaded" if self._entries is not None else "not loaded"
        return f"Definitions({str(self.path)!r}, lang={self.lang!r}, {state})"

    @property
    def loaded(self) -> bool:
        """True once the file has been read successfully."""
        return self._entries is not None

    @property
    def error(self) -> DefinitionsError | None:
        """The error of a failed load, if any."""
        return self._error

    def load(self) -> "Definitions":
        """Read the file now (once); DefinitionsError when it is missing or damaged."""
        if self._entries is not None:
            return self
        with self._lock:
            if self._entries is None:
                if self._error is not None:
                    raise self._error
                try:
                    text = _decompress(_read_bounded(self.path), self.path)
                    self._entries, self._counts = _parse(text, self.path)
                except DefinitionsError as e:
                    self._error = e
                    raise
        return self

    @property
    def counts(self) -> dict[str, int]:
        """``entries`` (lemma and part of speech), ``senses`` and ``exceptions`` (loads)."""
        self.load()
        return dict(self._counts)

    def __len__(self) -> int:
        """The number of lemma/part-of-speech entries (loads the file)."""
        return self.counts["entries"]

    # -- look-ups ------------------------------------------------------------------------

    @staticmethod
    def _normal(word: object) -> str | None:
        if not isinstance(word, str):
            return None
        w = word.strip().upper()
        return w if _WORD.match(w) else None

    def has_lemma(self, word: str) -> bool:
        """True when ``word`` itself has senses (any part of speech)."""
        w = self._normal(word)
        if w is None:
            return False
        entries = self.load()._entries
        assert entries is not None
        return any(f"{w}\t{p}" in entries for p in POS_NAMES)

    def base_forms(self, word: str) -> list[tuple[str, str]]:
        """(base, pos letter) pairs ``word`` has senses under, in sense order: per part of
        speech (noun, verb, adjective, adverb) the word itself, then its base forms."""
        w = self._normal(word)
        if w is None:
            return []
        entries = self.load()._entries
        assert entries is not None
        found: list[tuple[str, str]] = []
        for pos in POS_NAMES:
            candidates = [w]
            exc = entries.get(f"{w}\t{pos}=")
            if exc is not None:
                candidates += exc.split(" ")
            elif not (pos == "n" and (w.endswith("SS") or len(w) <= 2)) and w not in NOT_INFLECTED:
                for suffix, ending in _RULES[pos]:
                    if w.endswith(suffix) and len(w) > len(suffix):
                        candidates.append(w[: -len(suffix)] + ending)
            for base in candidates:
                if f"{base}\t{pos}" in entries and (base, pos) not in found:
                    found.append((base, pos))
        return found

    def lookup(self, word: str) -> list[Sense]:
        """The senses of ``word`` (any case), inflected forms mapped to their base forms;
        ``[]`` when it has none (or is not made of letters A-Z).  DefinitionsError when the
        file cannot be read."""
        senses: list[Sense] = []
        entries = self.load()._entries
        assert entries is not None
        for base, pos in self.base_forms(word):
            name = POS_NAMES[pos]
            for gloss in entries[f"{base}\t{pos}"].split("|"):
                senses.append(Sense(name, gloss, base))
        return senses


# -- the bundled files -------------------------------------------------------------------

def available(lang: str) -> bool:
    """True when the language has an offline source of definitions (English)."""
    return lang in _FILES


def definitions_file(lang: str) -> Path:
    """The bundled definitions file of ``lang``; DefinitionsError when it has none."""
    if not available(lang):
        raise DefinitionsError(f"no definitions for language {lang!r} (only: {', '.join(_FILES)})")
    from wordbler.datafiles import data_path

    return data_path("dictionaries", *_FILES[lang].split("/"))


@lru_cache(maxsize=None)
def bundled_definitions(lang: str) -> Definitions | None:
    """The shared, lazily loaded definitions of ``lang``; ``None`` when it has no source.
    Nothing is read until the first look-up (or ``.load()``)."""
    if not available(lang):
        return None
    return Definitions(definitions_file(lang), lang=lang)


def lookup(word: str, lang: str = "en") -> list[Sense] | None:
    """``bundled_definitions(lang).lookup(word)``; ``None`` when the language has no
    definitions.  DefinitionsError when its file is missing or damaged."""
    defs = bundled_definitions(lang)
    return None if defs is None else defs.lookup(word)


# -- wording shared by the games ---------------------------------------------------------

def no_definition_text(word: str) -> str:
    return f"No definition found for {word.strip().upper()}."


def unavailable_text(lang: str) -> str:
    name = _LANGUAGE_NAMES.get(lang, lang)
    return f"Definitions are not available for {name} words (no offline source)."


def _groups(senses: list[Sense]) -> list[tuple[str, str, list[str]]]:
    groups: list[tuple[str, str, list[str]]] = []
    for s in senses:
        if groups and groups[-1][0] == s.base and groups[-1][1] == s.pos:
            groups[-1][2].append(s.gloss)
        else:
            groups.append((s.base, s.pos, [s.gloss]))
    return groups


def describe(word: str, senses: list[Sense] | None, *, lang: str = "en") -> str:
    """Plain text for a word's senses, e.g.::

        RUNNING
        running (noun): 1. the act of running; ... 2. ...
        run (verb), base form of RUNNING: 1. move fast by using one's feet ...

    ``senses`` ``None`` (no source for the language) or ``[]`` give the matching sentence."""
    if senses is None:
        return unavailable_text(lang)
    if not senses:
        return no_definition_text(word)
    w = word.strip().upper()
    lines = [w]
    for base, pos, glosses in _groups(senses):
        head = f"{base.lower()} ({pos})"
        if base != w:
            head += f", base form of {w}"
        numbered = " ".join(
            f"{i}. {g}" for i, g in enumerate(glosses, 1)) if len(glosses) > 1 else glosses[0]
        lines.append(f"{head}: {numbered}")
    return "\n".join(lines)


def describe_html(word: str, senses: list[Sense] | None, *, lang: str = "en",
                  title: bool = True) -> str:
    """The same as :func:`describe` as simple HTML for a QLabel/QTextBrowser (escaped)."""
    if senses is None:
        return f"<i>{html.escape(unavailable_text(lang))}</i>"
    if not senses:
        return f"<i>{html.escape(no_definition_text(word))}</i>"
    w = word.strip().upper()
    parts = [f"<b>{html.escape(w)}</b>"] if title else []
    for base, pos, glosses in _groups(senses):
        head = f"<b>{html.escape(base.lower())}</b> <i>{html.escape(pos)}</i>"
        if base != w:
            head += f" (base form of {html.escape(w)})"
        items = "".join(f"<li>{html.escape(g)}</li>" for g in glosses)
        parts.append(f"<div>{head}</div><ol style='margin-top:0; margin-bottom:4px'>{items}</ol>")
    return "".join(parts)
