"""Output and input of the commands, whatever the locale says.

JSON goes out as UTF-8 bytes (the contract: UTF-8, not ASCII-escaped) even under an ASCII or
Latin-1 locale; a human listing uses the terminal's encoding with ``?`` for what it cannot
show; batch input is read as UTF-8; messages stay on one line.
"""

from __future__ import annotations

import functools
import sys
from typing import Iterator


def emit(text: str, *, utf8: bool) -> None:
    """Write ``text`` and a line end to stdout (``utf8``: as UTF-8 bytes, for JSON)."""
    out = sys.stdout
    buf = getattr(out, "buffer", None)
    if buf is None:  # a text-only stream (tests, embedding): it takes str
        out.write(text + "\n")
        out.flush()
        return
    out.flush()
    data = (text + "\n").encode("utf-8") if utf8 else \
        (text + "\n").encode(out.encoding or "utf-8", "replace")
    buf.write(data)
    buf.flush()


def stdin_lines() -> Iterator[str | UnicodeDecodeError]:
    """The batch queries: each line of stdin as UTF-8 text without its line end (a BOM at
    the start skipped), blank lines included, so the answers line up with the queries.  A
    line that is not UTF-8 comes as its :class:`UnicodeDecodeError`, to report on its line
    (:func:`not_utf8`)."""
    stream = getattr(sys.stdin, "buffer", None)
    for i, raw in enumerate(stream if stream is not None else sys.stdin):
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                yield e
                continue
        yield (raw.lstrip("\ufeff") if i == 0 else raw).rstrip("\r\n")


def not_utf8(error: UnicodeDecodeError) -> str:
    """The batch answer's message for a line that is not UTF-8."""
    return f"the line is not UTF-8 text (invalid byte at offset {error.start})"


def one_line(message: object) -> str:
    """``message`` on one line: control characters (from a file name, say) escaped."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(message))


def unknown_language(lang: str, known: "tuple[str, ...] | None" = None) -> str | None:
    """Why a puzzle mode refuses ``--lang`` (None: it takes it).  ``known``: the languages
    the mode plays (default: those with bundled word data, the contract's ``en`` and
    ``ru`` and more); the board game's commands and the word tools know their own."""
    from wordbler.lexicon.data import LANGUAGES

    known = LANGUAGES if known is None else known
    if lang in known:
        return None
    return f"unknown language {one_line(lang)!r} (known: {', '.join(known)})"


def lang_code(value: str, known: "tuple[str, ...] | None" = None) -> str:
    """argparse type of the new modes' ``--lang`` (see :func:`unknown_language`)."""
    import argparse

    why = unknown_language(value, known)
    if why:
        raise argparse.ArgumentTypeError(why)
    return value


def lang_code_of(known: tuple[str, ...]):
    """:func:`lang_code` for a mode that plays only the languages ``known`` (its refusal is
    an ``ArgumentTypeError``, whose own message argparse prints)."""
    return functools.partial(lang_code, known=known)


def seed_number(text: str) -> int:
    """argparse type of the new modes' ``--seed``: a whole number, not negative (Python's
    ``random.Random(-n)`` is ``Random(n)``: -1 gave seed 1's puzzle)."""
    import argparse

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed {text!r} is not a whole number") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"seed {n} is negative")
    return n
