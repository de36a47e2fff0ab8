"""The word tools' commands: ``anagram``, ``pattern``, ``grid`` (contract: MODES.md).

    wordbler-cli anagram LETTERS [--sub] [--min N] [--length L] [--json]
    wordbler-cli pattern PATTERN [--letters LETTERS] [--json]
    wordbler-cli grid ROWS [--min N] [--json]

Each takes ``--lang CODE`` (default ``en``) and ``--lexicon FILE``.  ``-`` in place of the
query reads one query a line from stdin and writes one JSON document a line (JSON Lines),
the word list loaded once; a bad line gets ``{"error": "..."}`` and the run goes on.
Bad input otherwise: one line on stderr, exit status 2.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import Callable

from ._io import not_utf8, stdin_lines

PROG = "wordbler-cli"
BATCH = "-"


class _Bad(Exception):
    """Bad input for the whole command (exit 2)."""


# ---------------------------------------------------------------------------- helpers
def _utf8(stream):
    """``stream`` writing UTF-8 (the contract's encoding), whatever the locale says."""
    enc = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
    if enc != "utf8" and isinstance(stream, io.TextIOWrapper):
        try:
            stream.reconfigure(encoding="utf-8")
        except (ValueError, OSError):  # pragma: no cover - a stream that cannot change
            pass
    return stream


def _dumps(doc) -> str:
    if isinstance(doc, _Raw):
        return str(doc)
    return json.dumps(doc, ensure_ascii=False)


def _load(args):
    """The word list of ``--lexicon`` (or the bundled one of ``--lang``)."""
    from wordbler.lexicon import bundled_wordlist, get_alphabet, load_wordlist

    try:
        alphabet = get_alphabet(args.lang)
        if args.lexicon:
            return load_wordlist(args.lexicon, alphabet)
        return bundled_wordlist(alphabet)
    except ValueError as e:
        raise _Bad(str(e)) from None


def _check_min(value: int, flag: str) -> None:
    if value < 1:
        raise _Bad(f"{flag} must be at least 1, not {value}")


def _run(cmd: str, args, query: str, answer: Callable) -> int:
    """Load the list, answer ``query`` (or each stdin line in batch mode), print."""
    out = _utf8(sys.stdout)
    try:
        wl = _load(args)
        answer_for = answer(args, wl)
        if query != BATCH:
            try:
                doc, human = answer_for(query)
            except ValueError as e:
                raise _Bad(str(e)) from None
            out.write(_dumps(doc) + "\n" if args.json else human())
            out.flush()
            return 0
        for line in stdin_lines():
            if isinstance(line, UnicodeDecodeError):
                doc = {"error": not_utf8(line)}
            else:
                try:
                    doc = answer_for(line)[0]
                except ValueError as e:
                    doc = {"error": str(e)}
            out.write(_dumps(doc) + "\n")
            out.flush()
        return 0
    except _Bad as e:
        print(f"{PROG} {cmd}: {e}", file=sys.stderr)
        return 2
    except MemoryError:
        print(f"{PROG} {cmd}: out of memory", file=sys.stderr)
        return 2


def _human_words(words: list[str], what: str = "word") -> str:
    """Words grouped by length, longest first, with counts."""
    if not words:
        return f"no {what}s\n"
    lines = []
    i = 0
    while i < len(words):
        n = len(words[i])
        j = i
        while j < len(words) and len(words[j]) == n:
            j += 1
        group = words[i:j]
        lines.append(f"{n} letters ({len(group)}):")
        row = " "
        for w in group:
            if len(row) + len(w) + 1 > 78 and row.strip():
                lines.append(row)
                row = " "
            row += " " + w
        lines.append(row)
        i = j
    total = len(words)
    lines.append(f"{total} {what}{'s' if total != 1 else ''}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- commands
def _anagram(args, wl):
    from wordbler.lexicon import queries

    if args.length is not None:
        _check_min(args.length, "--length")
    _check_min(args.min, "--min")

    def answer(text: str):
        words = queries.anagrams(wl, text, sub=args.sub, min_len=args.min, length=args.length)
        return {"words": words}, lambda: _human_words(words)

    return answer


def _pattern(args, wl):
    from wordbler.lexicon import queries

    letters = args.letters

    def answer(text: str):
        words = queries.pattern(wl, text, letters)
        return {"words": words}, lambda: _human_words(words)

    return answer


def _grid(args, wl):
    from wordbler.lexicon import queries

    _check_min(args.min, "--min")
    alphabet = wl.alphabet
    # Words are letters of the alphabet, none of which JSON escapes: the grid's JSON (the
    # bulk of a batch run's output) is put together directly, the same text json.dumps
    # writes.  (The fallback covers an alphabet that ever needs escaping.)
    plain = all(json.dumps(c, ensure_ascii=False) == f'"{c}"' for c in alphabet.letters)
    cell_text: dict[tuple[int, int], str] = {}

    def answer(text: str):
        cells = queries.parse_grid(text, alphabet)
        found = queries.grid_words(wl, cells, min_len=args.min)
        if plain:
            parts = []
            for w, path in found:
                shown = []
                for rc in path:
                    t = cell_text.get(rc)
                    if t is None:
                        t = cell_text[rc] = "[%d, %d]" % rc
                    shown.append(t)
                parts.append('{"word": "' + w + '", "path": [' + ", ".join(shown) + "]}")
            doc = _Raw('{"words": [' + ", ".join(parts) + "]}")
        else:  # pragma: no cover - no such alphabet yet
            doc = {"words": [{"word": w, "path": path} for w, path in found]}
        return doc, lambda: _human_grid(found)

    return answer


class _Raw(str):
    """A JSON document already written out."""


def _human_grid(found) -> str:
    if not found:
        return "no words\n"
    width = max(len(w) for w, _ in found)
    lines = [f"{w:<{width}}  " + " ".join(f"{r},{c}" for r, c in path) for w, path in found]
    lines.append(f"{len(found)} word{'s' if len(found) != 1 else ''}")
    return "\n".join(lines) + "\n"


def _cmd_anagram(args) -> int:
    return _run("anagram", args, args.letters_query, _anagram)


def _cmd_pattern(args) -> int:
    return _run("pattern", args, args.pattern, _pattern)


def _cmd_grid(args) -> int:
    return _run("grid", args, args.rows, _grid)


# ---------------------------------------------------------------------------- parsers
def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", default="en", metavar="CODE",
                   help="language: en (26 letters, default), ru (33 letters) or fr (26 "
                        "letters; accented letters read as plain ones)")
    p.add_argument("--lexicon", metavar="FILE",
                   help="a plain UTF-8 word list, one word a line (default: the bundled list)")
    p.add_argument("--json", action="store_true", help="one JSON document on stdout")


def register(sub) -> None:
    a = sub.add_parser(
        "anagram",
        help="words made from letters (? = any letter)",
        description="Full anagrams of LETTERS (every letter used once); --sub: words from "
        "any part of them; --length L: the words of exactly L letters from part of them. "
        "'-' reads one query a line from stdin and writes JSON Lines.",
    )
    a.add_argument("letters_query", metavar="LETTERS", help="letters; ? is a blank; - for batch")
    a.add_argument("--sub", action="store_true", help="words from any part of the letters")
    a.add_argument("--min", type=int, default=2, metavar="N",
                   help="with --sub: at least N letters (default 2)")
    a.add_argument("--length", type=int, metavar="L", help="words of exactly L letters")
    _common(a)
    a.set_defaults(func=_cmd_anagram)

    p = sub.add_parser(
        "pattern",
        help="words matching a pattern (? . * [ABC] [^ABC])",
        description="? or . is one letter, * any run of letters (also none), [ABC] one of "
        "those letters, [^ABC] one letter not among them; anything else is that letter. "
        "'-' reads one pattern a line from stdin and writes JSON Lines.",
    )
    p.add_argument("pattern", metavar="PATTERN", help="the pattern; - for batch")
    p.add_argument("--letters", metavar="LETTERS",
                   help="fill the open places only from these letters (? = any letter)")
    _common(p)
    p.set_defaults(func=_cmd_pattern)

    g = sub.add_parser(
        "grid",
        help="every word along paths in a letter grid",
        description="ROWS: the grid's rows top to bottom separated by '/', a cell of several "
        "letters in parentheses, e.g. SETE/ABLK/ORTS/NI(QU)M.  A word is a path of "
        "neighbouring cells (eight directions), each cell used once.  '-' reads one grid a "
        "line from stdin and writes JSON Lines.",
    )
    g.add_argument("rows", metavar="ROWS", help="the grid; - for batch")
    g.add_argument("--min", type=int, default=3, metavar="N",
                   help="at least N letters (default 3; a QU cell counts 2)")
    _common(g)
    g.set_defaults(func=_cmd_grid)
