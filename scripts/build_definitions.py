#!/usr/bin/env python3
"""Build Wordbler's offline English definitions from WordNet 3.0 (Debian's ``wordnet-base``).

    apt-get install wordnet-base          # puts WordNet 3.0 in /usr/share/wordnet/
    python scripts/build_definitions.py   # [--wordnet-dir DIR] [--out DIR] [--senses N]

Writes, in ``dictionaries/en/``:

``definitions.tsv.gz``
    gzip'd UTF-8 text read by ``wordbler.lexicon.definitions``.  ``#`` lines are the header
    (format version, source, counts, the sha256 of the body); every other line is one of

    * ``LEMMA<TAB>pos<TAB>gloss|gloss|gloss`` -- the first ``--senses`` senses (WordNet's
      sense order: most frequent in the tagged corpus first) of an upper-case A-Z lemma for
      one part of speech, ``pos`` being ``n``, ``v``, ``a`` (adjectives, satellites included)
      or ``r`` (adverbs);
    * ``FORM<TAB>pos=<TAB>BASE BASE...`` -- an inflected form from WordNet's exception lists
      (``noun.exc`` ...) with its base forms for that part of speech (GEESE n= GOOSE).

    Lines are sorted by (lemma, pos), sense lines and exception lines interleaved.
``LICENSE-WordNet.txt``
    The WordNet 3.0 licence, copied from the package's copyright file.
``DEFINITIONS.md``
    Source, version, licence, what was kept and the counts.

What is kept
    * Lemmas of letters a-z only (no spaces/underscores, hyphens, digits, apostrophes).
    * Senses where WordNet writes the lemma in lower case: a synset that writes it with a
      capital (``Paris``, ``March`` the month, ``DNA``, ``Turkey`` the country) is a proper
      name or an abbreviation, which no word game plays, and is left out.
    * The definition part of each gloss: WordNet's quoted examples (``; "..."``) are cut.
    * Identical definitions of one lemma and part of speech are kept once.
    * Exception-list entries whose form and base forms are a-z words and whose base form has
      senses here for that part of speech.

Standard library only.  Deterministic: the same WordNet files give the same bytes (the gzip
header carries no time stamp and no file name).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_WORDNET = Path("/usr/share/wordnet")
DEFAULT_OUT = ROOT / "dictionaries" / "en"
FORMAT_VERSION = 1

#: WordNet file suffix -> the pos letter written to the bundled file.
POS_FILES = (("noun", "n"), ("verb", "v"), ("adj", "a"), ("adv", "r"))
POS_NAMES = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}

_LEMMA = re.compile(r"^[a-z]+$")
_ADJ_MARKER = re.compile(r"\((?:a|p|ip)\)$")


def _package_version(name: str) -> str:
    try:
        out = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", name],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out or "unknown"


def _body_lines(path: Path):
    """The lines of a WordNet data/index file after its licence header (which starts with
    two spaces)."""
    with open(path, encoding="ascii") as f:
        for line in f:
            if line.startswith("  "):
                continue
            yield line.rstrip("\n")


def definition_of(gloss: str) -> str:
    """The definition part of a WordNet gloss: the ``;``-separated parts before the first
    quoted example, e.g. ``draw air into, and expel out of, the lungs``."""
    parts = []
    for part in gloss.strip().split(";"):
        part = part.strip()
        if part.startswith('"'):
            break
        if part:
            parts.append(part)
    return "; ".join(parts).replace("\t", " ").replace("|", "/")


def read_data(path: Path) -> dict[int, tuple[list[str], str]]:
    """synset offset -> (the words of the synset as written, the definition)."""
    synsets: dict[int, tuple[list[str], str]] = {}
    for line in _body_lines(path):
        head, sep, gloss = line.partition(" | ")
        if not sep:  # a synset without gloss (none in 3.0, but be safe)
            head, gloss = line, ""
        fields = head.split()
        offset = int(fields[0])
        w_cnt = int(fields[3], 16)
        words = [_ADJ_MARKER.sub("", fields[4 + 2 * i]) for i in range(w_cnt)]
        synsets[offset] = (words, definition_of(gloss))
    return synsets


def read_index(path: Path) -> dict[str, list[int]]:
    """lemma -> synset offsets in WordNet's sense order."""
    index: dict[str, list[int]] = {}
    for line in _body_lines(path):
        fields = line.split()
        lemma = fields[0]
        synset_cnt = int(fields[2])
        index[lemma] = [int(x) for x in fields[len(fields) - synset_cnt:]]
    return index


def read_exceptions(path: Path) -> dict[str, list[str]]:
    exc: dict[str, list[str]] = {}
    with open(path, encoding="ascii") as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 2:
                exc.setdefault(fields[0], []).extend(fields[1:])
    return exc


def build(wordnet: Path, max_senses: int):
    """(body lines, stats)."""
    senses: dict[tuple[str, str], list[str]] = {}
    stats = {"proper_dropped": 0, "lemmas_skipped": 0, "senses_cut": 0}
    for suffix, pos in POS_FILES:
        data = read_data(wordnet / f"data.{suffix}")
        for lemma, offsets in read_index(wordnet / f"index.{suffix}").items():
            if not _LEMMA.match(lemma):
                stats["lemmas_skipped"] += 1
                continue
            kept: list[str] = []
            for offset in offsets:
                words, definition = data[offset]
                written = [w for w in words if w.lower() == lemma]
                if not written or all(w != lemma for w in written):
                    stats["proper_dropped"] += 1  # written with a capital: a name
                    continue
                if not definition or definition in kept:
                    continue
                if len(kept) == max_senses:
                    stats["senses_cut"] += 1
                    continue
                kept.append(definition)
            if kept:
                senses[(lemma.upper(), pos)] = kept

    exceptions: dict[tuple[str, str], list[str]] = {}
    for suffix, pos in POS_FILES:
        for form, bases in read_exceptions(wordnet / f"{suffix}.exc").items():
            if not _LEMMA.match(form):
                continue
            good = []
            for base in bases:
                b = base.upper()
                if _LEMMA.match(base) and base != form and (b, pos) in senses and b not in good:
                    good.append(b)
            if good:
                exceptions[(form.upper(), pos)] = good

    order = {p: i for i, (_, p) in enumerate(POS_FILES)}
    lines = []
    keys = sorted(set(senses) | set(exceptions), key=lambda k: (k[0], order[k[1]]))
    for key in keys:
        lemma, pos = key
        if key in senses:
            lines.append(f"{lemma}\t{pos}\t{'|'.join(senses[key])}")
        if key in exceptions:
            lines.append(f"{lemma}\t{pos}=\t{' '.join(exceptions[key])}")
    stats["lemmas"] = len({k[0] for k in senses})
    stats["entries"] = len(senses)
    stats["senses"] = sum(len(v) for v in senses.values())
    stats["exceptions"] = len(exceptions)
    stats["per_pos"] = {
        pos: (sum(1 for k in senses if k[1] == pos), sum(len(v) for k, v in senses.items() if k[1] == pos))
        for _, pos in POS_FILES
    }
    return lines, stats


def write_bytes_atomic(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def gzip_bytes(text: str) -> bytes:
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as f:
        f.write(text.encode("utf-8"))
    return buf.getvalue()


def licence_text() -> str:
    """The WordNet 3.0 licence from Debian's copyright file (the same text heads every
    WordNet data file)."""
    path = Path("/usr/share/doc/wordnet-base/copyright")
    text = path.read_text(encoding="utf-8")
    m = re.search(r"^License: WordNet3\.0\n((?: .*\n)+)", text, re.M)
    if not m:
        raise SystemExit(f"build_definitions: no WordNet3.0 licence in {path}")
    body = []
    for line in m.group(1).splitlines():
        line = line[1:]
        body.append("" if line == "." else line)
    return (
        "WordNet 3.0 licence (the text of Debian's wordnet-base copyright file, which also\n"
        "heads every WordNet 3.0 data file).  It covers dictionaries/en/definitions.tsv.gz,\n"
        "which is derived from WordNet 3.0.\n\n"
        + "\n".join(body).rstrip() + "\n"
    )


def coverage(out_dir: Path) -> list[str]:
    """Rows for DEFINITIONS.md: how many words of the bundled lists get a definition."""
    sys.path.insert(0, str(ROOT))
    try:
        from wordbler.lexicon.data import bundled_words, common_words
        from wordbler.lexicon.definitions import Definitions
    except Exception as e:  # the module or the lists are not there: say so, build anyway
        return [f"(coverage not measured: {e})"]
    defs = Definitions(out_dir / "definitions.tsv.gz")
    rows = []
    for title, words in (
        ("bundled list `wordbler-en.txt`", bundled_words("en")),
        ("common words `common.txt`", common_words("en")),
        ("top 5,000 common words", common_words("en")[:5000]),
    ):
        direct = sum(1 for w in words if defs.has_lemma(w))
        found = sum(1 for w in words if defs.lookup(w))
        rows.append(
            f"| {title} | {len(words)} | {direct} ({100 * direct / len(words):.1f} %) "
            f"| {found} ({100 * found / len(words):.1f} %) |"
        )
    return rows


def write_definitions(wordnet: Path, out: Path, max_senses: int = 3,
                      version: str = "unknown") -> tuple[bytes, dict]:
    """Build ``out/definitions.tsv.gz`` from the WordNet files in ``wordnet``; (its bytes,
    the build's counts)."""
    lines, stats = build(wordnet, max_senses)
    body = "".join(line + "\n" for line in lines)
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    header = (
        "# Wordbler English definitions\n"
        f"# format: {FORMAT_VERSION}\n"
        f"# source: WordNet 3.0 (Debian wordnet-base {version}); licence: LICENSE-WordNet.txt\n"
        f"# senses per lemma and part of speech: at most {max_senses}\n"
        f"# entries: {stats['entries']}\n"
        f"# senses: {stats['senses']}\n"
        f"# exceptions: {stats['exceptions']}\n"
        f"# sha256 of the body: {digest}\n"
    )
    data = gzip_bytes(header + body)
    write_bytes_atomic(out / "definitions.tsv.gz", data)
    return data, stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wordnet-dir", type=Path, default=DEFAULT_WORDNET)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--senses", type=int, default=3, help="senses kept per lemma and pos (3)")
    args = ap.parse_args(argv)
    if not (args.wordnet_dir / "data.noun").is_file():
        print(f"build_definitions: no WordNet in {args.wordnet_dir} "
              "(apt-get install wordnet-base)", file=sys.stderr)
        return 2
    if args.senses < 1:
        print("build_definitions: --senses must be at least 1", file=sys.stderr)
        return 2

    version = _package_version("wordnet-base")
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    data, stats = write_definitions(args.wordnet_dir, out, args.senses, version)
    text_size = len(gzip.decompress(data))
    write_bytes_atomic(out / "LICENSE-WordNet.txt", licence_text().encode("utf-8"))

    rows = coverage(out)
    per_pos = "\n".join(
        f"| {POS_NAMES[p]} | {n} | {s} |" for p, (n, s) in stats["per_pos"].items()
    )
    md = f"""# English definitions (`definitions.tsv.gz`)

`definitions.tsv.gz` holds short English definitions for every game's "what does this word
mean?": `wordbler.lexicon.definitions` reads it (lazily, on the first look-up).  It is
generated by `scripts/build_definitions.py`; do not edit it by hand.

## Source and licence

- **WordNet 3.0** by Princeton University (George A. Miller et al.),
  <https://wordnet.princeton.edu/>, as packaged by Debian in `wordnet-base`
  **{version}** (files in `/usr/share/wordnet/`).
- Licence: the WordNet 3.0 licence, a permissive BSD-like licence that asks for its
  copyright notice and disclaimer on all copies: see `LICENSE-WordNet.txt` (kept beside the
  data, shipped with it).  "WordNet 3.0 Copyright 2006 by Princeton University.  All rights
  reserved."
- Changes made: only a selection and a reformatting (below); no gloss text is rewritten
  except that WordNet's quoted usage examples are cut.

## Rebuilding

```sh
apt-get install wordnet-base
python scripts/build_definitions.py     # --senses N to keep more senses (default 3)
```

Deterministic: the same WordNet files give the same bytes.  The script also writes this
file and `LICENSE-WordNet.txt`.

## What is in it

- Lemmas made of letters a-z only (WordNet's collocations such as `physical_entity`,
  hyphenated and numeric lemmas are left out), stored in upper case.
- For each lemma and part of speech (noun, verb, adjective -- satellites included -- and
  adverb) its first {args.senses} senses in WordNet's order (most frequent in WordNet's tagged
  corpus first), each as the definition part of the gloss (quoted examples cut); duplicate
  definitions kept once.
- Senses where WordNet writes the word with a capital are left out: proper names and
  abbreviations (`Paris`, `March` the month, `Turkey` the country, `DNA`) are not played in
  word games; the same word's common senses stay (`turkey` the bird, `march` the walk).
- WordNet's exception lists (`noun.exc`, `verb.exc`, `adj.exc`, `adv.exc`) for irregular
  forms (GEESE -> GOOSE, RAN -> RUN, WORSE -> BAD), kept when the base form has senses here.
  Regular forms are found at look-up time by WordNet's "morphy" detachment rules
  (CATS -> CAT, RUNNING -> RUN, TALLER -> TALL).

## Format

gzip (no time stamp) of UTF-8 text, `\\n` line ends.  `#` lines are the header: format
version, source, counts and the sha256 of the body (every non-`#` line with its `\\n`).
Body lines, sorted by lemma then part of speech (n, v, a, r):

```
CAT<TAB>n<TAB>feline mammal usually having thick soft fur and no ability to roar|...
GEESE<TAB>n=<TAB>GOOSE
```

`pos` alone: up to {args.senses} definitions separated by `|`.  `pos=`: an irregular form
and its base forms, separated by spaces.

## Counts

- {stats['lemmas']} lemmas, {stats['entries']} lemma/part-of-speech entries,
  {stats['senses']} senses, {stats['exceptions']} exception entries.
- File size: {len(data)} bytes compressed, {text_size} bytes of text.
- Left out while building: {stats['lemmas_skipped']} index lemmas not made of a-z,
  {stats['proper_dropped']} capitalised (proper-name) senses, {stats['senses_cut']} senses
  beyond the first {args.senses}.

| part of speech | entries | senses |
|---|--:|--:|
{per_pos}

How many words of the bundled lists get a definition (as lemmas themselves, and with the
inflected forms mapped to their base form):

| list | words | a lemma | with a definition |
|---|--:|--:|--:|
{chr(10).join(rows)}

Words with no definition are mostly function words WordNet does not cover (THE, OF, AND,
MAY as a modal), rare or archaic words, and forms morphy cannot reduce; the games say
"No definition found" for them.
"""
    write_bytes_atomic(out / "DEFINITIONS.md", md.encode("utf-8"))
    print(
        f"{out / 'definitions.tsv.gz'}: {len(data)} bytes, {stats['lemmas']} lemmas, "
        f"{stats['entries']} entries, {stats['senses']} senses, "
        f"{stats['exceptions']} exceptions"
    )
    for row in rows:
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
