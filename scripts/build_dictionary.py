#!/usr/bin/env python3
"""Rebuild Wordbler's bundled English word list from Debian's ``scowl`` package.

    python scripts/build_dictionary.py [--scowl-dir DIR] [--doc-dir DIR] [--out FILE]
                                       [--list-only]

Writes ``dictionaries/en/wordbler-en.txt`` (the word list), and beside it ``README.md`` (how it
was built, counts) and ``LICENSE-SCOWL.txt`` (the SCOWL/UKACD/... notices), unless
``--list-only``.  Same input, same output: nothing depends on time, locale or set order.

What goes in
    SCOWL size 80 ("huge") with variants up to level 2, all spellings: the ``*-words.N`` files
    (N <= 80) of the spelling categories in ``SPELLING_CATEGORIES``.  The ``upper``,
    ``proper-names``, ``abbreviations`` and ``contractions`` sub-categories are not read.
    Only entries of letters a-z (no capital letter, apostrophe or accent), 2-15 letters long.
    Each word keeps its SCOWL size: the smallest size of a file it appears in (10 = most
    common ... 80 = rare).

What is changed by hand (each list below says why)
    * Two-letter words: SCOWL's are dropped (it lacks many real ones and has abbreviations
      such as cs, gs, kb) and replaced by ``TWO_LETTER_WORDS``.
    * Words of 3+ letters without a vowel or Y are dropped (csc, dkl, hhd ...) except the
      interjections and loanwords in ``VOWELLESS_KEEP``.
    * Ethnic, racial and sexual-orientation slurs in ``BLOCKLIST`` are dropped.
    * Words containing a trademarked game name are dropped (``TRADEMARK_STEMS_ROT13``).
"""

from __future__ import annotations

import argparse
import codecs
import gzip
import hashlib
import os
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_SCOWL_DIR = Path("/usr/share/dict/scowl")
DEFAULT_DOC_DIR = Path("/usr/share/doc/scowl")
DEFAULT_OUT = REPO / "dictionaries" / "en" / "wordbler-en.txt"

SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80)
MIN_LENGTH, MAX_LENGTH = 2, 15

# SCOWL's README: combine "english" with one or more regional categories; "variant_1" /
# "variant_2" (and the regional *_variant_N) add the spellings considered (almost) equal.
# A word game should accept every accepted spelling, so all regions are in.
SPELLING_CATEGORIES = (
    "english",
    "american",
    "british",
    "british_z",
    "canadian",
    "australian",
    "variant_1",
    "variant_2",
    "british_variant_1",
    "british_variant_2",
    "canadian_variant_1",
    "canadian_variant_2",
    "australian_variant_1",
    "australian_variant_2",
)

# The North-American tournament two-letter list (107 words: the 101 of 2006, DA GI PO TE
# added in 2014, EW OK in 2018).  Size: SCOWL's if SCOWL has the word, else this default.
TWO_LETTER_WORDS = """
    AA AB AD AE AG AH AI AL AM AN AR AS AT AW AX AY
    BA BE BI BO BY
    DA DE DO
    ED EF EH EL EM EN ER ES ET EW EX
    FA FE
    GI GO
    HA HE HI HM HO
    ID IF IN IS IT
    JO
    KA KI
    LA LI LO
    MA ME MI MM MO MU MY
    NA NE NO NU
    OD OE OF OH OI OK OM ON OP OR OS OW OX OY
    PA PE PI PO
    QI
    RE
    SH SI SO
    TA TE TI TO
    UH UM UN UP US UT
    WE WO
    XI XU
    YA YE YO
    ZA
""".split()
TWO_LETTER_DEFAULT_SIZE = 70

VOWELS = frozenset("aeiouy")
# Real words of 3+ letters with no vowel or Y (interjections, Welsh loanwords, "nth").
# Everything else of that shape in SCOWL is an abbreviation: csc csch dkl hhd, and the slang
# or doubtful pwn pwns ssh psts pssts.
VOWELLESS_KEEP = frozenset(
    """
    brr brrr crwth crwths cwm cwms hmm nth pfft phpht pht psst pst shh
    tsk tsks tsktsk tsktsks zzz
    """.split()
)

# Slurs: words whose main sense is an ethnic, racial or sexual-orientation slur.  Words with
# an established innocent main sense stay (chink = a crack, cracker, coon = raccoon, fagot =
# a bundle of sticks, dike, fairy, hunky, poof = the interjection, pouf = a footstool,
# spade, golliwog = the doll, faggoting = the embroidery stitch); only the inflections that
# exist solely as the slur go (chinkies, hunkies).  Exact words, never substrings
# (niggard, niggle stay).
BLOCKLIST = frozenset(
    """
    abo abos boong boongs lubra
    bohunk bohunks hunkies
    boche boches kraut krauts
    chinkies gook gooks jap japs
    dago dagoes dagos ginzo ginzos wop wops
    darkey darkeys darkie darkies darky
    jigaboo jigaboos nigga niggas niggered niggering nigger niggers
    pickaninnies pickaninny piccaninnies piccaninny sambo sambos
    gippo gippos gyp gypped gypping gyppo gyppos gyps
    halfbreed redskin redskins squaw squaws
    hebe hebes jew jewed jewing jews kike kikes sheenie sheenies sheeny
    shylock shylocked shylocking shylocks yid yids
    honkey honkeys honkie honkies honky ofay ofays peckerwood peckerwoods whitey whiteys
    kaffir kaffirs kafir kafirs coolie coolies coon coons
    golliwog golliwogs golliwogg golliwoggs gollywog gollywogs
    mick micks taig taigs
    spic spick spicks spics wetback wetbacks
    wog wogs
    bulldyke bulldykes dyke dykes dykey dykier
    fag faggot faggotry faggots faggoty faggy fags homo homos
    lesbo lesbos lez lezes lezzes lezzie lezzies lezzy
    nance nances poofter poofters pooftah pooftahs poove pooves
    trannie trannies tranny
    """.split()
)

# The project never writes a certain trademarked game name (it is also an English verb), so
# it is stored ROT13-encoded; every word containing it is dropped.
TRADEMARK_STEMS_ROT13 = ("fpenooy",)


def trademark_stems() -> tuple[str, ...]:
    return tuple(codecs.decode(s, "rot13") for s in TRADEMARK_STEMS_ROT13)


class BuildError(Exception):
    pass


def debian_version(doc_dir: Path) -> str:
    """The scowl package version, from its Debian changelog ("unknown" if absent)."""
    try:
        with gzip.open(doc_dir / "changelog.Debian.gz", "rt", encoding="utf-8") as f:
            first = f.readline()
    except OSError:
        return "unknown"
    m = re.match(r"scowl \(([^)]+)\)", first)
    return m.group(1) if m else "unknown"


def read_scowl(scowl_dir: Path) -> dict[str, int]:
    """Every a-z word of 2..15 letters in the chosen SCOWL files, with its smallest size."""
    if not scowl_dir.is_dir() or not (scowl_dir / "english-words.10").is_file():
        raise BuildError(
            f"SCOWL word lists not found in {scowl_dir}: install Debian's package with "
            "'apt-get install scowl' or pass --scowl-dir"
        )
    word_re = re.compile(rf"[a-z]{{{MIN_LENGTH},{MAX_LENGTH}}}")
    sizes: dict[str, int] = {}
    for size in SIZES:  # ascending, so the first size seen for a word is its smallest
        for category in SPELLING_CATEGORIES:
            path = scowl_dir / f"{category}-words.{size}"
            if not path.is_file():
                continue  # not every category has every size
            for line in path.read_text(encoding="utf-8").splitlines():
                if word_re.fullmatch(line):
                    sizes.setdefault(line, size)
    return sizes


def curate(scowl: dict[str, int]) -> tuple[dict[str, int], dict[str, list[str]]]:
    """Apply the hand-made changes; return the final {WORD: size} and what was dropped."""
    stems = trademark_stems()
    dropped: dict[str, list[str]] = {
        "two-letter (replaced)": [],
        "no vowel": [],
        "slur": [],
        "trademark": [],
    }
    words: dict[str, int] = {}
    for word, size in scowl.items():
        if len(word) == 2:
            dropped["two-letter (replaced)"].append(word)
        elif VOWELS.isdisjoint(word) and word not in VOWELLESS_KEEP:
            dropped["no vowel"].append(word)
        elif word in BLOCKLIST:
            dropped["slur"].append(word)
        elif any(stem in word for stem in stems):
            dropped["trademark"].append(word)
        else:
            words[word.upper()] = size
    for word in TWO_LETTER_WORDS:
        words[word] = scowl.get(word.lower(), TWO_LETTER_DEFAULT_SIZE)
    for reason in dropped:
        dropped[reason].sort()
    return words, dropped


def content_hash(words) -> str:
    """sha256 of the sorted words joined by newlines: ``Lexicon.content_hash``'s definition."""
    return hashlib.sha256("\n".join(sorted(words)).encode("ascii")).hexdigest()


def render_list(words: dict[str, int], version: str) -> str:
    by_size: dict[int, list[str]] = {}
    for word, size in words.items():
        by_size.setdefault(size, []).append(word)
    lines = [
        "# Wordbler English word list.",
        f"# Built by scripts/build_dictionary.py from Debian's scowl package {version}",
        "# (SCOWL by Kevin Atkinson, http://wordlist.aspell.net/): size 80, variants up to",
        "# level 2, American/British/Canadian/Australian spellings.  Licence and attribution:",
        "# LICENSE-SCOWL.txt; how it was built: README.md (both beside this file).",
        "# Format: one uppercase word per line, sorted within each section; a line",
        '# "# size N" starts the words whose SCOWL size is N (10 = most common ... 80 = rare).',
        "# Every other line starting with # is a comment.",
        f"# words: {len(words)}",
        f"# sha256 of the sorted words joined by newlines: {content_hash(words)}",
    ]
    for size in sorted(by_size):
        lines.append(f"# size {size}")
        lines.extend(sorted(by_size[size]))
    return "\n".join(lines) + "\n"


def render_license(copyright_text: str, version: str) -> str:
    pattern = re.compile("|".join(trademark_stems()) + r"e\b", re.IGNORECASE)
    body, replaced = pattern.subn("[word-game]", copyright_text)
    note = (
        f"Copyright and licence of SCOWL and its sources, copied from /usr/share/doc/scowl/"
        f"copyright\nof Debian's scowl package {version}.  Wordbler's word list "
        "(wordbler-en.txt) is derived from\nSCOWL size 80, which includes UKACD, so the "
        "notices below apply to it.\n"
    )
    if replaced:
        note += (
            "Editorial change: in the ENABLE word list's public-domain statement a trademarked\n"
            f"game name is replaced by \"[word-game]\" (times: {replaced}); nothing else is "
            "changed.\n"
        )
    return note + "\n" + "-" * 72 + "\n\n" + body


def render_readme(words: dict[str, int], dropped: dict[str, list[str]], version: str) -> str:
    by_length = Counter(len(w) for w in words)
    by_size = Counter(words.values())
    out = [
        "# Bundled word lists",
        "",
        "`wordbler-en.txt` is Wordbler's default English word list, loaded by",
        "`wordbler.lexicon.dictionary.load_bundled()`.  It is generated; do not edit it by hand.",
        "",
        "## Rebuilding",
        "",
        "```sh",
        "apt-get install scowl           # Debian/Ubuntu package with the SCOWL word lists",
        "python scripts/build_dictionary.py",
        "```",
        "",
        f"This copy was built from Debian's `scowl` package **{version}** (SCOWL by Kevin",
        "Atkinson, <http://wordlist.aspell.net/>).  The build is deterministic: the same package",
        "gives the same files byte for byte.  The script also writes this README and",
        "`LICENSE-SCOWL.txt`.",
        "",
        "## What is in it",
        "",
        "- SCOWL size 80 with variants up to level 2, every spelling category (`english`,",
        "  `american`, `british`, `british_z`, `canadian`, `australian` and their",
        "  `variant_1`/`variant_2` lists); only the `words` sub-category (no proper names,",
        "  abbreviations or contractions).",
        "- Only words of letters a-z (nothing with a capital, apostrophe or accent), 2-15",
        "  letters, stored in upper case.",
        "- Each word keeps its SCOWL size, the smallest list it appears in: 10 = most common",
        "  ... 80 = rare.",
        "- Hand-made changes, all listed in `scripts/build_dictionary.py`:",
        "  - SCOWL's two-letter entries are replaced by the 107 two-letter words of the",
        "    North-American tournament list (sized by SCOWL where it has them, else 70);",
        "  - words of 3+ letters with no vowel or Y are dropped (abbreviations such as csc,",
        "    dkl, hhd) except real ones (BRR, CRWTH, CWM, HMM, NTH, PFFT, PHT, PST, SHH, TSK,",
        "    ZZZ ...);",
        "  - ethnic, racial and sexual-orientation slurs are dropped (the script's",
        "    `BLOCKLIST`; words with an innocent main sense stay);",
        "  - words containing a trademarked game name are dropped.",
        "",
        "## File format",
        "",
        "Plain ASCII text, one uppercase word per line, `\\n` line ends.  `#` lines are",
        "comments, so any plain-text list reader (including `load_file`) reads it.  Lines",
        "`# size N` open sections: the words after one, up to the next, have SCOWL size N.",
        "The header records the word count and the sha256 of the sorted words joined by",
        "`\\n` (what `Lexicon.content_hash` computes).",
        "",
        "## Counts",
        "",
        f"{len(words)} words.",
        "",
        "| letters | words |",
        "|--------:|------:|",
    ]
    out += [f"| {n} | {by_length[n]} |" for n in sorted(by_length)]
    out += ["", "| SCOWL size | words |", "|-----------:|------:|"]
    out += [f"| {s} | {by_size[s]} |" for s in sorted(by_size)]
    out += ["", "Dropped from SCOWL's entries:", ""]
    out += [f"- {reason}: {len(ws)}" for reason, ws in dropped.items()]
    out += [
        "",
        "## Licence",
        "",
        "SCOWL and its sources (ENABLE, UKACD, 12Dicts, Moby, WordNet, Ispell ...) are free",
        "to use and redistribute; their notices, which must accompany the list, are in",
        "`LICENSE-SCOWL.txt`.",
        "",
    ]
    return "\n".join(out)


def write_atomic(path: Path, text: str, encoding: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="\n") as f:
            f.write(text)
        os.chmod(tmp, 0o644)  # mkstemp makes it owner-only; this is data to install
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scowl-dir", type=Path, default=DEFAULT_SCOWL_DIR,
                        help=f"SCOWL's final/ word lists (default {DEFAULT_SCOWL_DIR})")
    parser.add_argument("--doc-dir", type=Path, default=DEFAULT_DOC_DIR,
                        help=f"the package's copyright and changelog (default {DEFAULT_DOC_DIR})")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help="the word list to write; README.md and LICENSE-SCOWL.txt go "
                        "beside it (default dictionaries/en/wordbler-en.txt)")
    parser.add_argument("--list-only", action="store_true",
                        help="write only the word list, not README.md and LICENSE-SCOWL.txt")
    args = parser.parse_args(argv)

    try:
        scowl = read_scowl(args.scowl_dir)
        copyright_file = args.doc_dir / "copyright"
        if not args.list_only and not copyright_file.is_file():
            raise BuildError(
                f"{copyright_file} not found: it holds the licence text that must ship with "
                "the list ('apt-get install scowl', or pass --doc-dir, or --list-only)"
            )
    except BuildError as e:
        print(f"build_dictionary: {e}", file=sys.stderr)
        return 1

    version = debian_version(args.doc_dir)
    words, dropped = curate(scowl)
    write_atomic(args.out, render_list(words, version), "ascii")
    if not args.list_only:
        license_text = copyright_file.read_text(encoding="utf-8")
        write_atomic(args.out.parent / "LICENSE-SCOWL.txt", render_license(license_text, version),
                     "utf-8")
        write_atomic(args.out.parent / "README.md", render_readme(words, dropped, version),
                     "utf-8")

    by_length = Counter(len(w) for w in words)
    print(f"{args.out}: {len(words)} words from scowl {version}")
    print("  by length: " + ", ".join(f"{n}:{by_length[n]}" for n in sorted(by_length)))
    for reason, ws in dropped.items():
        print(f"  dropped ({reason}): {len(ws)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
