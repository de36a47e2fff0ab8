#!/usr/bin/env python3
"""Rebuild Wordbler's bundled Russian word list from the OpenCorpora dictionary.

    python -m venv /tmp/ru-build
    /tmp/ru-build/bin/pip install pymorphy3==2.0.6 pymorphy3-dicts-ru==2.4.417150.4580142
    /tmp/ru-build/bin/python scripts/build_ru_dictionary.py [--dict-dir DIR] [--out-dir DIR]
                                                            [--list-only]

(``pip install --target DIR ...`` and ``PYTHONPATH=DIR`` work as well.)  The packages are
needed only to build the list, never at run time.

Writes ``dictionaries/ru/words.txt`` (the list) and ``dictionaries/ru/README.md`` (source,
licence, what was filtered, counts), unless ``--list-only``.  The licence texts beside them
(``LICENSE-CC-BY-SA-3.0.txt``, ``LICENSE-CC-BY-SA-4.0.txt``) are static files, not rebuilt.
Same input, same output: nothing depends on time, locale, hash seed or set order.

Source
    ``pymorphy3-dicts-ru`` (PyPI): the OpenCorpora morphological dictionary
    (https://opencorpora.org, CC BY-SA 3.0) compiled for pymorphy3.  Its tags tell the part of
    speech, case and number of every word form, which is exactly what a list of
    "common nouns in the nominative singular" needs.  (Debian's hunspell-ru / aspell-ru have
    no part-of-speech data: nouns could only be guessed from affix flags.)

What goes in
    Every word form with a parse that is a noun (``NOUN``) in the nominative (``nomn``), either
    singular (``sing``) or plural of a plural-only noun (``Pltm`` + ``plur``: НОЖНИЦЫ, САНИ),
    and that carries none of the grammemes in ``EXCLUDED_GRAMMEMES`` (proper names, place and
    organisation names, abbreviations, initials, misspellings, distorted forms).  A form with
    several parses is kept when any one of them qualifies (РОЗА is a name and a flower).
    Then: upper case, only words made of the 33 letters А-Я and Ё (no hyphen, digit, Latin
    letter), at least 2 letters long, not in the blocklist.  Ё stays Ё: the source writes it
    (ЁЛКА, САМОЛЁТ), and ВЕДРО / ВЁДРО are different words.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import sys
import tempfile
import textwrap
from collections import Counter
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_OUT_DIR = REPO / "dictionaries" / "ru"
LIST_NAME = "words.txt"

PINNED = {"pymorphy3": "2.0.6", "pymorphy3-dicts-ru": "2.4.417150.4580142"}

ALPHABET = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
_ORDER = {c: i for i, c in enumerate(ALPHABET)}
_WORD = re.compile(f"[{ALPHABET}]+")
MIN_LENGTH = 2

# OpenCorpora grammemes that make a noun parse unsuitable for a word game.
EXCLUDED_GRAMMEMES = {
    "Name": "first names",
    "Surn": "surnames",
    "Patr": "patronymics",
    "Geox": "place names",
    "Orgn": "organisation names",
    "Trad": "trade marks",
    "Abbr": "abbreviations",
    "Init": "initials",
    "Erro": "misspellings",
    "Dist": "distorted forms",
}

# Offensive words: obscene vocabulary ("mat") and ethnic, racial, religious and
# sexual-orientation slurs.  Words whose main sense is innocent (СУКА a female dog, ХОХОЛ a
# tuft of hair, ЧУРКА a chock of wood) and vulgar words of the standard dictionaries stay in
# the full list, as in the English one; the common-word lists drop them too (see
# scripts/build_common_words.py).
BLOCKLIST = frozenset(
    """
    бля блядь блять блядство блядина блядун блядунья блядюга блядёшка блядища
    гандон гондон
    ебальник еблан ебло ебля ебарь ёбарь ебака ебанат ебанашка ебанько ебун ебучка
    залупа манда мандавошка
    мудак мудачок мудачина мудила мудозвон мудачество муде мудо
    пидор пидорас пидарас пидар пидорок педрила педик пидорюга гомик
    жид жидовка жидок жидёнок жидовство жидомасон жидомасонство жидяра жидовин
    жидобандеровец жиденёнок хач хачик хачьё кацап москаль пиндос нерусь свидомит
    хохлушка хохлуша хохлёнок чухна чухонец татарва ахуй
    черножопый черномазый ниггер негритос негритоска узкоглазый чучмек
    """.split()
)
# Roots that only ever spell obscene words.  Matched at the start of the word or after one
# of the usual prefixes, so that innocent words with the same letters (ТРЕБОВАНИЕ,
# ОСКОРБЛЕНИЕ, ШАХУИ) are untouched.
_PREFIXES = "(?:|вы|до|за|из|на|недо|о|об|от|пере|по|под|при|про|раз|рас|с|у|въ|съ|объ|разъ|подъ|отъ|изъ)"
OBSCENE_ROOTS = re.compile(
    rf"^{_PREFIXES}(?:хуй|хуе|хуё|хуя|хуи|пизд|бляд|блят|ёб|еб(?:а[лнрй]|л|ун|ук|уч|ище|ня))"
)


def blocked(word_lower: str) -> bool:
    if word_lower in BLOCKLIST:
        return True
    return bool(OBSCENE_ROOTS.match(word_lower))


def sort_key(word: str) -> list[int]:
    return [_ORDER[c] for c in word]


def versions() -> dict[str, str]:
    found = {}
    for name in PINNED:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "?"
    return found


def load_dictionary(dict_dir: str | None):
    try:
        from pymorphy3.opencorpora_dict.wrapper import Dictionary
    except ImportError:
        sys.exit("build_ru_dictionary: pymorphy3 is not installed (see the docstring)")
    if dict_dir is None:
        try:
            import pymorphy3_dicts_ru
        except ImportError:
            sys.exit("build_ru_dictionary: pymorphy3-dicts-ru is not installed (see the docstring)")
        dict_dir = pymorphy3_dicts_ru.get_path()
    return Dictionary(dict_dir)


def select(dictionary) -> tuple[list[str], Counter, dict[str, list[str]]]:
    """The list's words (upper case, sorted) and what was dropped, counted by reason."""
    verdict: dict[tuple[int, int], str | None] = {}  # (para, idx) -> None=ok / reason / "-"

    def judge(para_id: int, idx: int) -> str:
        key = (para_id, idx)
        v = verdict.get(key)
        if v is None:
            tag = dictionary.build_tag_info(para_id, idx)
            g = tag.grammemes
            if "NOUN" not in g or "nomn" not in g or not (
                "sing" in g or ("Pltm" in g and "plur" in g)
            ):
                v = "-"
            else:
                bad = sorted(x for x in g if x in EXCLUDED_GRAMMEMES)
                v = bad[0] if bad else "ok"
            verdict[key] = v
        return v

    best: dict[str, str] = {}  # word -> "ok" or the reason of its first excluded parse
    for word, (para_id, idx) in dictionary.words.iteritems():
        v = judge(para_id, idx)
        if v == "-":
            continue
        if best.get(word) != "ok":
            if v == "ok" or word not in best:
                best[word] = v

    dropped: Counter = Counter()
    blocked_words: list[str] = []
    keep: list[str] = []
    for word in sorted(best):
        v = best[word]
        if v != "ok":
            dropped[EXCLUDED_GRAMMEMES[v]] += 1
            continue
        upper = word.upper()
        if not _WORD.fullmatch(upper):
            dropped["not only letters А-Я, Ё (hyphen, digit, Latin)"] += 1
            continue
        if len(upper) < MIN_LENGTH:
            dropped["one letter"] += 1
            continue
        if blocked(word):
            blocked_words.append(upper)
            dropped["offensive (blocklist)"] += 1
            continue
        keep.append(upper)
    keep = sorted(set(keep), key=sort_key)
    return keep, dropped, {"blocked": sorted(blocked_words, key=sort_key)}


def content_hash(words: list[str]) -> str:
    return hashlib.sha256("\n".join(words).encode("utf-8")).hexdigest()


def render_list(words: list[str], meta: dict[str, str]) -> str:
    head = [
        "# Wordbler Russian word list: common nouns, nominative singular (plural-only nouns",
        "# in the nominative plural), upper case, letters А-Я and Ё (Ё kept as written).",
        f"# Built by scripts/build_ru_dictionary.py from the OpenCorpora dictionary "
        f"{meta['source_version']}",
        f"# (revision {meta['source_revision']}, https://opencorpora.org) as packaged in "
        f"pymorphy3-dicts-ru {meta['package_version']}.",
        "# Licence: CC BY-SA 3.0 (OpenCorpora; LICENSE-CC-BY-SA-3.0.txt beside this file).",
        "# This list is an adaptation of it under the same licence.  How it was built and what",
        "# was left out: README.md beside this file.",
        "# Format: one word a line; lines starting with # are comments.",
        f"# words: {len(words)}",
        f"# sha256 of the words (alphabet order) joined by newlines: {content_hash(words)}",
    ]
    return "\n".join(head + words) + "\n"


def length_table(words: list[str]) -> list[str]:
    counts = Counter(len(w) for w in words)
    rows = ["| letters | words |", "|--------:|------:|"]
    for n in sorted(counts):
        rows.append(f"| {n} | {counts[n]} |")
    return rows


def render_readme(words: list[str], dropped: Counter, extra: dict[str, list[str]],
                  meta: dict[str, str], common_section: str | None) -> str:
    yo = sum("Ё" in w for w in words)
    lines = [
        "# Bundled Russian word lists",
        "",
        "This folder holds two generated files; do not edit them by hand.",
        "",
        "- `words.txt`: the full Russian list (common nouns), loaded by",
        "  `wordbler.lexicon.bundled_words(\"ru\")`; built by `scripts/build_ru_dictionary.py`.",
        "- `common.txt`: the most common of those nouns, most common first, loaded by",
        "  `wordbler.lexicon.common_words(\"ru\")`; built by `scripts/build_common_words.py`.",
        "",
        "## Source and licence of `words.txt`",
        "",
        f"The OpenCorpora morphological dictionary, version {meta['source_version']} "
        f"(revision {meta['source_revision']}),",
        "<https://opencorpora.org>, as compiled for pymorphy3 in the PyPI package",
        f"`pymorphy3-dicts-ru` **{meta['package_version']}** (package code MIT; the data",
        "\"Creative Commons Attribution-ShareAlike\").  OpenCorpora publishes its dictionary under",
        "**CC BY-SA 3.0**; `words.txt` is an adaptation of it (a filtered selection of its word",
        "forms) and is distributed under the same licence: the full text is in",
        "`LICENSE-CC-BY-SA-3.0.txt`.  Attribution: *OpenCorpora (opencorpora.org), the open",
        "corpus of Russian and its morphological dictionary.*",
        "",
        "Why this source: its tags give every word form's part of speech, case, number and",
        "kind (proper name, abbreviation ...), so \"common nouns in the nominative singular\" can",
        "be selected exactly.  Debian's `hunspell-ru` / `aspell-ru` (also free) have no",
        "part-of-speech data; nouns could only be guessed from their affix flags.",
        "",
        "## Rebuilding",
        "",
        "```sh",
        "python -m venv /tmp/ru-build",
        f"/tmp/ru-build/bin/pip install pymorphy3=={PINNED['pymorphy3']} "
        f"pymorphy3-dicts-ru=={PINNED['pymorphy3-dicts-ru']}",
        "/tmp/ru-build/bin/python scripts/build_ru_dictionary.py",
        "```",
        "",
        "The packages are used at build time only.  The build is deterministic: the same",
        "package versions give the same files byte for byte.  It takes about a minute.",
        "",
        "## What is in `words.txt`",
        "",
        "- Every word form with a parse that is a noun (`NOUN`) in the nominative (`nomn`),",
        "  singular (`sing`), or plural for nouns that have no singular (`Pltm`: НОЖНИЦЫ,",
        "  САНИ), as Russian crossword-tile players count words.",
        *textwrap.wrap(
            "- Not proper names and the like: parses tagged " + ", ".join(
                f"`{g}` ({d})" for g, d in EXCLUDED_GRAMMEMES.items()) + " do not count.  "
            "A form with several parses stays when one of them qualifies (РОЗА: a name and a "
            "flower).", width=86, subsequent_indent="  ", break_on_hyphens=False),
        "- Upper case, only words of the 33 letters А-Я and Ё (no hyphen, digit, space or",
        "  Latin letter), 2 letters or more.",
        "- Ё is kept as its own letter where OpenCorpora writes it (ЁЛКА, САМОЛЁТ); ВЕДРО and",
        "  ВЁДРО are different words and both are in.  A game that plays Ё as Е folds it",
        "  itself.",
        "- Offensive words dropped: obscene vocabulary and ethnic, racial and",
        "  sexual-orientation slurs (the script's `BLOCKLIST` and `OBSCENE_ROOTS`).  Words",
        "  with an innocent main sense stay.",
        "",
        "Format: UTF-8, one upper-case word a line, `\\n` line ends, sorted in the order of",
        "the Russian alphabet (Е before Ё before Ж); `#` lines are comments.  The header",
        "records the word count and the sha256 of the words joined by `\\n`.",
        "",
        "## Counts",
        "",
        f"{len(words)} words, {yo} of them with Ё.",
        "",
        *length_table(words),
        "",
        "Left out of the nominative-singular noun forms:",
        "",
    ]
    for reason, n in sorted(dropped.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"- {reason}: {n}")
    lines.append("")
    if common_section:
        lines.append(common_section.rstrip("\n"))
        lines.append("")
    return "\n".join(lines)


COMMON_MARK = "## The common-word list `common.txt`"


def existing_common_section(readme: Path) -> str | None:
    """The README's common-word section (written by build_common_words.py), kept as is."""
    try:
        text = readme.read_text(encoding="utf-8")
    except OSError:
        return None
    at = text.find(COMMON_MARK)
    return text[at:] if at >= 0 else None


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dict-dir", help="a pymorphy3 dictionary folder (default: the installed "
                                       "pymorphy3-dicts-ru)")
    ap.add_argument("--out-dir", type=Path, default=DEFAULT_OUT_DIR)
    ap.add_argument("--list-only", action="store_true", help="write words.txt only")
    ap.add_argument("--show-blocked", action="store_true", help="print the dropped offensive words")
    args = ap.parse_args(argv)

    found = versions()
    for name, want in PINNED.items():
        if found[name] != want:
            print(f"build_ru_dictionary: warning: {name} {found[name]} installed, the bundled list "
                  f"was built from {want}", file=sys.stderr)
    dictionary = load_dictionary(args.dict_dir)
    meta = {
        "source_version": str(dictionary.meta.get("source_version", "?")),
        "source_revision": str(dictionary.meta.get("source_revision", "?")),
        "package_version": found["pymorphy3-dicts-ru"],
    }
    words, dropped, extra = select(dictionary)
    if args.show_blocked:
        print(" ".join(extra["blocked"]))
    out = args.out_dir
    write_atomic(out / LIST_NAME, render_list(words, meta))
    if not args.list_only:
        readme = out / "README.md"
        write_atomic(readme, render_readme(words, dropped, extra, meta,
                                           existing_common_section(readme)))
    counts = Counter(len(w) for w in words)
    print(f"{len(words)} words ({sum('Ё' in w for w in words)} with Ё) -> {out / LIST_NAME}")
    print("by length: " + ", ".join(f"{n}:{counts[n]}" for n in sorted(counts)))
    for reason, n in sorted(dropped.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"dropped {reason}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
