"""Offline definitions: the build script, morphy (inflected -> base), lazy loading, damaged
files, the bundled English file, languages without a source.

Most tests build a definitions file from a tiny WordNet written here (same file layout as
WordNet 3.0's data/index/exception files), so the expected answers can be read off the test.
The bundled file is checked against a reference table of English forms at the end.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import os
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordbler.lexicon import definitions as defs_mod
from wordbler.lexicon.definitions import (
    Definitions,
    DefinitionsError,
    Sense,
    available,
    bundled_definitions,
    describe,
    describe_html,
    lookup,
)

ROOT = Path(__file__).resolve().parents[2]


def _load_script():
    spec = importlib.util.spec_from_file_location(
        "build_definitions", ROOT / "scripts" / "build_definitions.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_definitions", module)
    spec.loader.exec_module(module)
    return module


build_script = _load_script()

# -- a tiny WordNet --------------------------------------------------------------------------

LICENCE_HEADER = "  1 This is a licence line, as at the top of every WordNet file.  \n"

# pos -> list of (offset, [words as written], gloss)
SYNSETS = {
    "noun": [
        (100, ["cat", "true_cat"], 'feline mammal; "cats purr"'),
        (101, ["cat"], "a spiteful woman gossip"),
        (102, ["cat"], "a whip with nine knotted cords"),
        (103, ["cat"], "a large tracked vehicle"),  # 4th sense: cut at 3
        (104, ["goose"], 'web-footed bird; "a goose honked"'),
        (105, ["box"], "a container"),
        (106, ["church"], "a place of worship"),
        (107, ["woman"], "an adult female person"),
        (108, ["glass"], "a brittle transparent solid"),
        (109, ["glasses", "spectacles"], "optical instrument for vision"),
        (110, ["Paris"], "the capital of France"),  # proper: dropped, no entry
        (111, ["March"], "the month"),  # proper sense of MARCH: dropped
        (112, ["march"], "the act of marching"),
        (113, ["ice_cream"], "frozen dessert"),  # not a-z: skipped
        (114, ["bus"], "a vehicle carrying many passengers"),
        (115, ["dress"], "a one-piece garment"),
        (116, ["running"], "the act of running"),
        (117, ["ax"], "an edge tool"),
        (118, ["axis"], "a straight line about which a body rotates"),
        (119, ["cat"], "a spiteful woman gossip"),  # duplicate gloss: kept once
    ],
    "verb": [
        (200, ["run"], "move fast by using one's feet"),
        (201, ["cry"], "shed tears"),
        (202, ["box"], "put into a box"),
        (203, ["go"], "change location"),
        (204, ["stop"], "come to a halt"),
        (205, ["cat"], "beat with a cat-o'-nine-tails"),
        (206, ["march"], "walk fast, with regular steps"),
    ],
    "adj": [
        (300, ["tall"], "great in vertical dimension"),
        (301, ["happy"], "enjoying joy"),
        (302, ["big(a)"], "above average in size"),
        (303, ["good"], "having desirable qualities"),
        (304, ["bad"], "having undesirable qualities"),
        (305, ["running"], "moving in a stream"),
    ],
    "adv": [
        (400, ["well"], "in a good manner"),
        (401, ["fast"], "quickly"),
    ],
}
INDEX = {  # pos -> lemma -> offsets in sense order
    "noun": {"cat": [100, 101, 119, 102, 103], "goose": [104], "box": [105],
             "church": [106], "woman": [107], "glass": [108], "glasses": [109],
             "paris": [110], "march": [111, 112], "ice_cream": [113], "bus": [114],
             "dress": [115], "running": [116], "ax": [117], "axis": [118]},
    "verb": {"run": [200], "cry": [201], "box": [202], "go": [203], "stop": [204],
             "cat": [205], "march": [206]},
    "adj": {"tall": [300], "happy": [301], "big": [302], "good": [303], "bad": [304],
            "running": [305]},
    "adv": {"well": [400], "fast": [401]},
}
EXCEPTIONS = {
    "noun": ["geese goose", "mice mouse", "axes ax axis", "children child"],
    "verb": ["ran run", "running run", "went go", "stopped stop"],
    "adj": ["bigger big", "worse bad", "better good well"],
    "adv": ["better well", "best well"],
}


def write_wordnet(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for pos, synsets in SYNSETS.items():
        lines = [LICENCE_HEADER]
        for offset, words, gloss in synsets:
            ws = " ".join(f"{w} 0" for w in words)
            lines.append(f"{offset:08d} 05 {pos[0]} {len(words):02x} {ws} 000 | {gloss}  \n")
        (folder / f"data.{pos}").write_text("".join(lines), encoding="ascii")
        idx = [LICENCE_HEADER]
        for lemma, offsets in sorted(INDEX[pos].items()):
            offs = " ".join(f"{o:08d}" for o in offsets)
            idx.append(f"{lemma} {pos[0]} {len(offsets)} 0 {len(offsets)} 0 {offs}  \n")
        (folder / f"index.{pos}").write_text("".join(idx), encoding="ascii")
        (folder / f"{pos}.exc").write_text(
            "".join(line + "\n" for line in EXCEPTIONS[pos]), encoding="ascii")
    return folder


@pytest.fixture(scope="module")
def small_file(tmp_path_factory) -> Path:
    """Built once per module; tests only read it."""
    base = tmp_path_factory.mktemp("definitions")
    out = base / "out"
    out.mkdir()
    build_script.write_definitions(write_wordnet(base / "wn"), out, 3, "test")
    return out / "definitions.tsv.gz"


@pytest.fixture
def small(small_file) -> Definitions:
    return Definitions(small_file)


# -- the build ---------------------------------------------------------------------------------

def test_build_keeps_lower_case_a_z_lemmas_three_senses_definitions_only(small_file):
    text = gzip.decompress(small_file.read_bytes()).decode("utf-8")
    body = [line for line in text.splitlines() if not line.startswith("#")]
    entries = {tuple(line.split("\t")[:2]): line.split("\t")[2] for line in body}
    # first three distinct senses in index order; the quoted example cut; the duplicate once
    assert entries[("CAT", "n")] == (
        "feline mammal|a spiteful woman gossip|a whip with nine knotted cords")
    assert entries[("GOOSE", "n")] == "web-footed bird"
    assert entries[("BIG", "a")] == "above average in size"  # the (a) marker is no part
    assert ("PARIS", "n") not in entries  # only a proper-name sense
    assert entries[("MARCH", "n")] == "the act of marching"  # "March" the month dropped
    assert not any(k[0].startswith("ICE") for k in entries)
    # exceptions only where the base has senses; pos "=" lines
    assert entries[("GEESE", "n=")] == "GOOSE"
    assert entries[("AXES", "n=")] == "AX AXIS"
    assert ("MICE", "n=") not in entries and ("CHILDREN", "n=") not in entries
    assert entries[("BETTER", "a=")] == "GOOD"  # WELL is no adjective here
    # sorted by lemma, then n, v, a, r
    keys = [tuple(line.split("\t")[:2]) for line in body]
    order = {"n": 0, "n=": 0, "v": 1, "v=": 1, "a": 2, "a=": 2, "r": 3, "r=": 3}
    assert keys == sorted(keys, key=lambda k: (k[0], order[k[1]]))
    assert "# sha256 of the body: " + hashlib.sha256(
        "".join(line + "\n" for line in body).encode()).hexdigest() in text


def test_build_is_deterministic(tmp_path):
    wn = write_wordnet(tmp_path / "wn")
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    build_script.write_definitions(wn, a, 3, "test")
    os.utime(wn / "data.noun", (1, 1))  # file times do not matter
    build_script.write_definitions(wn, b, 3, "test")
    assert (a / "definitions.tsv.gz").read_bytes() == (b / "definitions.tsv.gz").read_bytes()


def test_build_script_refuses_a_folder_without_wordnet(tmp_path, capsys):
    assert build_script.main(["--wordnet-dir", str(tmp_path), "--out", str(tmp_path)]) == 2
    assert "no WordNet" in capsys.readouterr().err
    assert not (tmp_path / "definitions.tsv.gz").exists()


# -- morphy: inflected -> base ---------------------------------------------------------------

# word -> the (base, pos) pairs, in order: per part of speech (n, v, a, r) the word itself,
# then its base forms from the exception list, or else from the detachment rules.
MORPHY_TABLE = {
    "CAT": [("CAT", "n"), ("CAT", "v")],
    "CATS": [("CAT", "n"), ("CAT", "v")],  # noun s->"", verb s->""
    "GEESE": [("GOOSE", "n")],  # noun.exc
    "BOXES": [("BOX", "n"), ("BOX", "v")],  # noun xes->x, verb es->""
    "CHURCHES": [("CHURCH", "n")],  # ches->ch
    "WOMEN": [("WOMAN", "n")],  # men->man
    "BUSES": [("BUS", "n")],  # ses->s
    "GLASSES": [("GLASSES", "n"), ("GLASS", "n")],  # the word itself, then its base
    "DRESS": [("DRESS", "n")],  # a noun ending in SS is not detached (DRES)
    "RAN": [("RUN", "v")],  # verb.exc
    "RUNNING": [("RUNNING", "n"), ("RUN", "v"), ("RUNNING", "a")],
    "RUNS": [("RUN", "v")],
    "CRIED": [],  # no rule gives CRY (CRIE, CRI): WordNet lists CRIED in verb.exc
    "CRIES": [("CRY", "v")],  # ies->y
    "WENT": [("GO", "v")],
    "STOPPED": [("STOP", "v")],  # only through verb.exc (STOPP is no rule result)
    "MARCHED": [("MARCH", "v")],  # ed->""
    "MARCHES": [("MARCH", "n"), ("MARCH", "v")],
    "TALLER": [("TALL", "a")],  # er->""
    "TALLEST": [("TALL", "a")],  # est->""
    "HAPPIER": [],  # no rule gives HAPPY: WordNet lists HAPPIER in adj.exc
    "BIGGER": [("BIG", "a")],  # adj.exc
    "WORSE": [("BAD", "a")],
    "BETTER": [("GOOD", "a"), ("WELL", "r")],
    "BEST": [("WELL", "r")],
    "AXES": [("AX", "n"), ("AXIS", "n")],
    "MICE": [],  # its base MOUSE has no senses here
    "FASTER": [],  # adverbs have no rules
    "PARIS": [],  # proper names are not kept
    "THE": [],
    "ICECREAM": [],
}


@pytest.mark.parametrize("word", sorted(MORPHY_TABLE))
def test_inflected_forms_map_to_their_base(small, word):
    assert small.base_forms(word) == MORPHY_TABLE[word]
    expected = [(b, defs_mod.POS_NAMES[p]) for b, p in MORPHY_TABLE[word]
                for _ in small._entries[f"{b}\t{p}"].split("|")]
    assert [(s.base, s.pos) for s in small.lookup(word)] == expected


def test_lookup_gives_senses_in_order_with_base_and_pos(small):
    assert small.lookup("cats")[:4] == [
        Sense("noun", "feline mammal", "CAT"),
        Sense("noun", "a spiteful woman gossip", "CAT"),
        Sense("noun", "a whip with nine knotted cords", "CAT"),
        Sense("verb", "beat with a cat-o'-nine-tails", "CAT"),
    ]
    assert small.lookup("Geese") == small.lookup("  GEESE\n") == [
        Sense("noun", "web-footed bird", "GOOSE")]


@pytest.mark.parametrize("word", ["", "   ", "ICE CREAM", "T-SHIRT", "CAT3", "КОТ", "ÇAT", None, 7])
def test_words_not_of_letters_a_z_have_no_senses(small, word):
    assert small.lookup(word) == []
    assert small.base_forms(word) == []
    assert small.has_lemma(word) is False


LEMMAS = sorted({(lemma.upper(), pos) for pos, idx in INDEX.items() for lemma in idx
                 if lemma.isalpha() and lemma != "paris"})


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ABCEGINORSTUXY", max_size=9))
def test_any_word_gives_only_lemmas_of_the_file(small_file, word):
    defs = Definitions(small_file)
    pos_letter = {"noun": "n", "verb": "v", "adjective": "a", "adverb": "r"}
    for s in defs.lookup(word):
        assert s.gloss and s.pos in pos_letter
        assert f"{s.base}\t{pos_letter[s.pos]}" in defs._entries


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([lem for lem, pos in LEMMAS if pos == "noun"
                        and not lem.endswith("S")]))
def test_a_regular_plural_finds_its_noun(small_file, lemma):
    defs = Definitions(small_file)
    assert (lemma, "n") in defs.base_forms(lemma + "S") or lemma + "S" in {
        line.split()[0].upper() for line in EXCEPTIONS["noun"]}


# -- lazy loading ----------------------------------------------------------------------------

def test_nothing_is_read_until_the_first_lookup(tmp_path, small_file):
    path = tmp_path / "later.tsv.gz"
    defs = Definitions(path)  # the file does not exist yet: no error
    assert not defs.loaded and "not loaded" in repr(defs)
    path.write_bytes(small_file.read_bytes())
    assert defs.lookup("cat")
    assert defs.loaded
    path.unlink()  # kept in memory after the first read
    assert defs.lookup("geese") == [Sense("noun", "web-footed bird", "GOOSE")]
    assert defs.counts == {"entries": 28, "senses": 30, "exceptions": 11}
    assert len(defs) == 28


def test_bundled_definitions_are_shared_and_lazy(monkeypatch):
    defs_mod.bundled_definitions.cache_clear()
    try:
        reads = []
        real = defs_mod._read_bounded
        monkeypatch.setattr(defs_mod, "_read_bounded", lambda p: reads.append(p) or real(p))
        en = bundled_definitions("en")
        assert en is bundled_definitions("en")
        assert reads == [] and not en.loaded
        assert lookup("geese") and reads == [en.path]
        lookup("mice")
        assert len(reads) == 1
    finally:
        defs_mod.bundled_definitions.cache_clear()


def test_load_can_run_in_another_thread(small_file):
    import threading

    defs = Definitions(small_file)
    t = threading.Thread(target=defs.load)
    t.start()
    t.join()
    assert defs.loaded and defs.lookup("ran")[0].base == "RUN"


# -- languages without a source --------------------------------------------------------------

def test_russian_has_no_definitions():
    assert available("en") and not available("ru") and not available("xx")
    assert bundled_definitions("ru") is None
    assert lookup("КОТ", "ru") is None
    assert "not available for Russian" in describe("КОТ", None, lang="ru")
    assert "not available for French words" in describe("CHAT", None, lang="fr")  # not "fr"
    with pytest.raises(DefinitionsError, match="no definitions for language 'ru'"):
        defs_mod.definitions_file("ru")


def test_describe_words_with_and_without_definitions(small):
    assert describe("the", small.lookup("the")) == "No definition found for THE."
    text = describe("running", small.lookup("running"))
    assert text.splitlines() == [
        "RUNNING",
        "running (noun): the act of running",
        "run (verb), base form of RUNNING: move fast by using one's feet",
        "running (adjective): moving in a stream",
    ]
    assert "1. feline mammal 2. a spiteful woman gossip 3. a whip" in describe(
        "cat", small.lookup("cat"))
    h = describe_html("cat", [Sense("noun", "a <b> & c", "CAT")])
    assert "a &lt;b&gt; &amp; c" in h and "<b>CAT</b>" in h
    assert "No definition found for THE." in describe_html("the", [])


# -- damaged files ---------------------------------------------------------------------------

def _regzip(text: str) -> bytes:
    return gzip.compress(text.encode("utf-8"), mtime=0)


def _damage(kind: str, good: bytes) -> bytes:
    text = gzip.decompress(good).decode("utf-8")
    if kind == "truncated":
        return good[: len(good) // 2]
    if kind == "flipped byte":
        b = bytearray(good)
        b[len(b) // 2] ^= 0x55
        return bytes(b)
    if kind == "not gzip":
        return b"CAT\tn\tfeline mammal\n"
    if kind == "empty":
        return b""
    if kind == "edited body":
        return _regzip(text.replace("feline mammal", "canine mammal"))
    if kind == "no header":
        return _regzip("".join(l + "\n" for l in text.splitlines() if not l.startswith("#")))
    if kind == "wrong count":
        return _regzip(text.replace("# senses: 30", "# senses: 31"))
    if kind == "new format":
        return _regzip(text.replace("# format: 1", "# format: 2"))
    if kind == "binary inside":
        return _regzip(text) + b"\x00\x01"
    if kind == "not utf-8":
        return gzip.compress(text.encode("utf-8").replace(b"feline", b"fel\xffne"), mtime=0)
    raise AssertionError(kind)


DAMAGE = {
    "truncated": "ends too early",
    "flipped byte": "is damaged",
    "not gzip": "not gzip-compressed",
    "empty": "is empty",
    "edited body": "do not match the checksum",
    "no header": "not a Wordbler definitions file",
    "wrong count": "header says 31 senses, it holds 30",
    "new format": "has format 2",
    "binary inside": "is damaged",
    "not utf-8": "not UTF-8",
}


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_a_damaged_file_gives_a_clear_error(tmp_path, small_file, kind):
    path = tmp_path / "bad.tsv.gz"
    path.write_bytes(_damage(kind, small_file.read_bytes()))
    defs = Definitions(path)
    with pytest.raises(DefinitionsError, match=DAMAGE[kind]) as err:
        defs.lookup("cat")
    message = str(err.value)
    assert "bad.tsv.gz" in message and "\n" not in message
    assert isinstance(err.value, ValueError) and err.value.path == str(path)
    assert defs.error is err.value and not defs.loaded
    with pytest.raises(DefinitionsError) as again:  # the same error, the file not re-read
        defs.lookup("dog")
    assert again.value is err.value


def test_missing_folder_fifo_and_huge_files_are_refused(tmp_path, monkeypatch):
    with pytest.raises(DefinitionsError, match="is missing"):
        Definitions(tmp_path / "nope.tsv.gz").lookup("cat")
    with pytest.raises(DefinitionsError, match="not a regular file"):
        Definitions(tmp_path).lookup("cat")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(DefinitionsError, match="not a regular file"):
        Definitions(fifo).lookup("cat")  # refused at once, never waits for a writer
    big = tmp_path / "big.gz"
    big.write_bytes(b"\x1f\x8b" + b"\0" * 100)
    monkeypatch.setattr(defs_mod, "MAX_FILE_BYTES", 50)
    with pytest.raises(DefinitionsError, match="too large"):
        Definitions(big).lookup("cat")


def test_a_decompression_bomb_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "bomb.gz"
    path.write_bytes(gzip.compress(b"#" * 10_000, mtime=0))
    monkeypatch.setattr(defs_mod, "MAX_TEXT_BYTES", 1000)
    with pytest.raises(DefinitionsError, match="too large once decompressed"):
        Definitions(path).lookup("cat")


# -- the bundled English file ----------------------------------------------------------------

# measured on the bundled file: 70717 entries, 101442 senses, 4325 exceptions, 2.1 MB
def test_the_bundled_file_loads_with_sane_counts():
    path = defs_mod.definitions_file("en")
    assert path.name == "definitions.tsv.gz" and path.parent.name == "en"
    assert path.stat().st_size < 4_000_000
    en = Definitions(path).load()
    counts = en.counts
    assert 60_000 <= counts["entries"] <= 90_000
    assert 90_000 <= counts["senses"] <= 3 * counts["entries"]
    assert 4_000 <= counts["exceptions"] <= 6_000
    head = gzip.decompress(path.read_bytes())[:400].decode()
    assert "WordNet 3.0 (Debian wordnet-base" in head
    licence = (path.parent / "LICENSE-WordNet.txt").read_text()
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in licence
    md = (path.parent / "DEFINITIONS.md").read_text()
    assert "scripts/build_definitions.py" in md and "LICENSE-WordNet.txt" in md


# Real English, the forms the brief names and more: word -> base forms expected among the
# (base, pos) pairs found.
ENGLISH_TABLE = {
    "RUNNING": {("RUN", "v")},
    "GEESE": {("GOOSE", "n")},
    "CATS": {("CAT", "n")},
    "TALLER": {("TALL", "a")},
    "TALLEST": {("TALL", "a")},
    "RAN": {("RUN", "v")},
    "MICE": {("MOUSE", "n")},
    "CHILDREN": {("CHILD", "n")},
    "WOLVES": {("WOLF", "n")},
    "BOXES": {("BOX", "n"), ("BOX", "v")},
    "CHURCHES": {("CHURCH", "n")},
    "WOMEN": {("WOMAN", "n")},
    "BABIES": {("BABY", "n")},
    "CRIED": {("CRY", "v")},
    "STOPPED": {("STOP", "v")},
    "WRITTEN": {("WRITE", "v")},
    "WENT": {("GO", "v")},
    "WAS": {("BE", "v")},
    "HAPPIEST": {("HAPPY", "a")},
    "WORSE": {("BAD", "a")},
    "BETTER": {("GOOD", "a"), ("WELL", "r")},
    "HOTTER": {("HOT", "a")},
    "QUIZZES": {("QUIZ", "n")},
}


@pytest.mark.parametrize("word", sorted(ENGLISH_TABLE))
def test_bundled_english_inflections(word):
    en = bundled_definitions("en")
    assert ENGLISH_TABLE[word] <= set(en.base_forms(word))
    senses = en.lookup(word)
    assert {s.base for s in senses} >= {b for b, _ in ENGLISH_TABLE[word]}
    assert describe(word, senses).startswith(word + "\n")


@pytest.mark.parametrize("word, wrong", [("HIS", "HI"), ("ITS", "IT"), ("ALAS", "ALA"),
                                         ("BES", "BE"), ("THIS", "THI")])
def test_words_whose_s_is_no_ending_are_not_read_as_plurals(word, wrong):
    # the results showed HIS as "hi (noun), base form of HIS: an expression of greeting"
    en = bundled_definitions("en")
    assert wrong not in {b for b, _ in en.base_forms(word)}
    assert ("AD", "n") in en.base_forms("ADS")  # a two-letter noun's plural still is one


def test_bundled_english_senses_and_gaps():
    en = bundled_definitions("en")
    cat = en.lookup("cat")
    assert cat[0] == Sense("noun", cat[0].gloss, "CAT") and "feline" in cat[0].gloss
    assert len([s for s in cat if s.pos == "noun"]) == 3
    turkey = en.lookup("turkey")  # the bird, not the country
    assert turkey and all("Asia" not in s.gloss for s in turkey)
    for word in ("THE", "OF", "AND", "ZZZ"):  # valid words WordNet does not define
        assert en.lookup(word) == []
        assert describe(word, en.lookup(word)) == f"No definition found for {word}."
