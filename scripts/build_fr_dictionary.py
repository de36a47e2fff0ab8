#!/usr/bin/env python3
"""Build the board game's French word list from Debian's ``wfrench`` word list.

    apt-get install wfrench          # or: apt-get download wfrench && dpkg-deb -x wfrench_*.deb DIR
    python scripts/build_fr_dictionary.py [--source /usr/share/dict/french] [--out FILE]

Writes ``dictionaries/fr/words.txt``.  The licence text (``LICENSE-GPL-2.0.txt``) and the
``README.md`` beside it are static files, not rebuilt.

Source
    Debian package ``wfrench`` 1.2.7-2 (``/usr/share/dict/french``), the French word list of
    Paul Leyland (1989), GPL-2+ (``/usr/share/doc/wfrench/copyright``).  The output is an
    adaptation of it and is under the same licence.

What goes in (the same input gives the same output byte for byte: nothing depends on time,
locale, hash seed or set order)
    * Lines with an apostrophe (``aujourd'hui``), a hyphen (``arc-en-ciel``), a space, a full
      stop or any other character that is not a letter are dropped, and so are lines with an
      upper-case letter (proper nouns, acronyms).
    * The rest is folded as French crossword-tile games play: accents dropped (É -> E,
      È -> E, Ê -> E, À -> A, Ç -> C, Ï -> I, Ô -> O, Û -> U, Ü -> U ...) and the ligatures
      spelt out (Œ -> OE, Æ -> AE), then upper-cased.  Words that differ only by accents
      become one word (``côte``, ``coté``, ``cote`` -> ``COTE``).
    * Only words of 2 to 15 letters A-Z are kept (the board is 15 squares wide).
    * Sorted, each word once, one a line, after a ``#`` header that gives the word count and
      the SHA-256 of the words joined by newlines (the format of the other bundled lists).
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/dict/french")
OUT = ROOT / "dictionaries" / "fr" / "words.txt"
MIN_LEN, MAX_LEN = 2, 15
SOURCE_NAME = "Debian wfrench 1.2.7-2 (/usr/share/dict/french)"

LIGATURES = {"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"}
_WORD = re.compile(r"[A-Z]+")


def fold(word: str) -> str:
    """``word`` without accents and ligatures, upper case: ``cœur`` -> ``COEUR``."""
    for src, dst in LIGATURES.items():
        word = word.replace(src, dst)
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).upper()


def keep(line: str) -> str | None:
    """The folded word of a source line, or None when the line is dropped."""
    w = line.strip()
    if not w or not all(c.isalpha() for c in w):  # apostrophe, hyphen, space, '.', digit
        return None
    if any(c.isupper() for c in w):  # proper nouns and acronyms
        return None
    f = fold(w)
    if not (MIN_LEN <= len(f) <= MAX_LEN and _WORD.fullmatch(f)):
        return None
    return f


def build(lines: list[str]) -> list[str]:
    return sorted({f for f in map(keep, lines) if f is not None})


def render(words: list[str]) -> str:
    digest = hashlib.sha256("\n".join(words).encode("ascii")).hexdigest()
    header = [
        "# Wordbler French word list for the board game: upper case, letters A-Z, accents",
        "# and ligatures folded (É -> E, Ç -> C, Œ -> OE, Æ -> AE), 2 to 15 letters.",
        f"# Built by scripts/build_fr_dictionary.py from {SOURCE_NAME},",
        "# the French word list of Paul Leyland (1989).",
        "# Licence: GPL-2+ (LICENSE-GPL-2.0.txt beside this file); this list is an adaptation",
        "# of it under the same licence.  Details: README.md beside this file.",
        "# Format: one word a line; lines starting with # are comments.",
        f"# words: {len(words)}",
        f"# sha256 of the words (alphabet order) joined by newlines: {digest}",
    ]
    return "\n".join(header + words) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--source", type=Path, default=SOURCE)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    try:
        text = args.source.read_text(encoding="utf-8")
    except OSError as e:
        print(f"build_fr_dictionary: cannot read {args.source}: {e.strerror or e} "
              f"(apt-get install wfrench)", file=sys.stderr)
        return 2
    lines = text.split("\n")
    words = build(lines)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_suffix(".tmp")
    tmp.write_text(render(words), encoding="utf-8", newline="\n")
    tmp.replace(args.out)
    print(f"{len([x for x in lines if x.strip()])} source lines -> {len(words)} words in "
          f"{args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
