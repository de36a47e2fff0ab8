"""The bundled word list and the word-list loaders (wordbler/dictionary.py)."""

from __future__ import annotations

import codecs
import importlib.util
import json
import os
import re
from pathlib import Path

import pytest

from wordbler.lexicon import dictionary
from wordbler.datafiles import data_path
from wordbler.lexicon.dictionary import Lexicon, LexiconError, load_bundled, load_file

ROOT = Path(__file__).resolve().parents[2]


def _build_script():
    """scripts/build_dictionary.py as a module (its curated lists are the test oracle)."""
    spec = importlib.util.spec_from_file_location(
        "build_dictionary", ROOT / "scripts" / "build_dictionary.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _build_script()


@pytest.fixture(scope="module")
def bundled() -> Lexicon:
    return load_bundled()


# ----------------------------------------------------------------------------------------
# The bundled list


def test_bundled_loads_with_a_plausible_size(bundled):
    assert 200_000 <= len(bundled) <= 260_000
    assert bundled.source == "bundled"
    assert bundled.name


def test_bundled_words_are_uppercase_a_to_z_of_2_to_15_letters(bundled):
    bad = [w for w in bundled if not re.fullmatch(r"[A-Z]{2,15}", w)]
    assert bad == []


def test_bundled_has_common_words(bundled):
    for word in ("THE", "AND", "WORD", "GAME", "QUIZ", "JUXTAPOSE", "ZEBRA", "COLOUR", "COLOR"):
        assert word in bundled, word


def test_bundled_two_letter_words_are_exactly_the_curated_list(bundled):
    two = {w for w in bundled if len(w) == 2}
    assert two == set(BUILD.TWO_LETTER_WORDS)
    assert len(two) == 107
    for word in ("QI", "ZA", "AA", "OE", "XU", "JO", "KI", "OK", "EW"):
        assert word in bundled
    for junk in ("CS", "GS", "KB", "XX", "ZN", "BB"):
        assert junk not in bundled


def test_bundled_drops_vowelless_abbreviations_but_keeps_real_ones(bundled):
    for junk in ("CSC", "DKL", "HHD"):
        assert junk not in bundled
    for word in ("HMM", "SHH", "BRR", "PST", "TSK", "NTH", "CWM", "CRWTH", "PFFT", "PHT", "ZZZ"):
        assert word in bundled, word
    vowelless = {w for w in bundled if len(w) >= 3 and not re.search("[AEIOUY]", w)}
    assert vowelless <= {w.upper() for w in BUILD.VOWELLESS_KEEP}


def test_bundled_has_no_blocklisted_slur(bundled):
    assert len(BUILD.BLOCKLIST) > 100
    present = sorted(w for w in BUILD.BLOCKLIST if w.upper() in bundled)
    assert present == []


def test_bundled_keeps_innocent_words_near_the_blocklist(bundled):
    for word in ("NIGGARDLY", "NIGGLE", "CHINK", "FAGOT", "DIKE", "SPADE", "HUNKY"):
        assert word in bundled, word


def test_bundled_has_no_word_containing_the_trademarked_name(bundled):
    stems = [codecs.decode(s, "rot13").upper() for s in BUILD.TRADEMARK_STEMS_ROT13]
    assert [w for w in bundled if any(s in w for s in stems)] == []


def test_bundled_sizes_are_recorded(bundled):
    assert bundled.size_of("THE") == 10
    assert bundled.size_of("the") == 10
    assert bundled.size_of("QI") is not None
    assert bundled.size_of("AA") == BUILD.TWO_LETTER_DEFAULT_SIZE  # not in SCOWL
    assert bundled.size_of("ZYZZYVA") > 50
    assert bundled.size_of("NOTAWORDATALL") is None
    assert {bundled.size_of(w) for w in bundled} <= set(BUILD.SIZES)


def test_bundled_header_records_count_and_hash(bundled):
    text = data_path("dictionaries", "en", dictionary.BUNDLED_FILE).read_text(encoding="ascii")
    count = int(re.search(r"^# words: (\d+)$", text, re.M).group(1))
    digest = re.search(r"^# sha256 [^:]*: ([0-9a-f]{64})$", text, re.M).group(1)
    assert count == len(bundled)
    assert digest == bundled.content_hash


def test_bundled_file_is_readable_by_the_plain_loader(bundled):
    plain = load_file(data_path("dictionaries", "en", dictionary.BUNDLED_FILE))
    assert plain.content_hash == bundled.content_hash
    assert plain.size_of("THE") is None  # the plain loader does not read sizes


def test_licence_and_readme_ship_beside_the_list():
    licence = data_path("dictionaries", "en", "LICENSE-SCOWL.txt").read_text(encoding="utf-8")
    assert "Kevin Atkinson" in licence
    assert "UK Advanced Cryptics Dictionary" in licence
    assert "Copyright (c) J Ross Beresford 1993-1999" in licence
    readme = data_path("dictionaries", "en", "README.md").read_text(encoding="utf-8")
    assert "python scripts/build_dictionary.py" in readme


def test_each_load_is_a_fresh_object():
    assert load_bundled() is not load_bundled()


# ----------------------------------------------------------------------------------------
# Lexicon behaviour


def test_membership_is_case_insensitive():
    lex = Lexicon.from_words(["cat", "Dog", "EMU"])
    for word in ("CAT", "cat", "Cat", "DOG", "dog", "emu", "eMu"):
        assert word in lex
    for word in ("COW", "", "ca", "CATS"):
        assert word not in lex


def test_membership_rejects_non_words_without_raising():
    lex = Lexicon.from_words(["STRASSE", "FIX"])
    assert "straße" not in lex  # no Unicode case folding into A-Z
    assert "ﬁx" not in lex
    assert 42 not in lex
    assert None not in lex
    assert ["CAT"] not in lex
    assert lex.size_of(42) is None


def test_iteration_is_sorted_and_len_counts_distinct_words():
    lex = Lexicon.from_words(["pear", "APPLE", "fig", "apple", "Fig"])
    assert list(lex) == ["APPLE", "FIG", "PEAR"]
    assert len(lex) == 3


def test_from_words_skips_unplayable_lengths_and_refuses_non_words():
    lex = Lexicon.from_words(["a", "ok", "x" * 15, "y" * 16])
    assert list(lex) == ["OK", "X" * 15]
    assert "Y" * 16 in Lexicon.from_words(["y" * 16], max_length=21)
    with pytest.raises(LexiconError, match='"don\'t" is not a word of letters A-Z'):
        Lexicon.from_words(["do", "don't"])
    with pytest.raises(LexiconError):
        Lexicon.from_words(["caf\u00e9"])
    with pytest.raises(LexiconError):
        Lexicon.from_words([None])
    assert len(Lexicon.from_words([])) == 0


def test_content_hash_is_the_sha256_of_sorted_words():
    import hashlib

    lex = Lexicon.from_words(["bb", "aa", "cc"])
    assert lex.content_hash == hashlib.sha256(b"AA\nBB\nCC").hexdigest()


def test_content_hash_ignores_order_case_duplicates_and_format(tmp_path):
    words = ["zebra", "apple", "mango", "kiwi"]
    txt = tmp_path / "a.txt"
    txt.write_text("# fruit\nKIWI\r\nzebra\r\n\r\n  Apple  \r\nmango\r\nkiwi\r\n", encoding="utf-8")
    js = tmp_path / "b.json"
    js.write_text(json.dumps(["Mango", "ZEBRA", "apple", "Kiwi"]), encoding="utf-8")
    hashes = {
        Lexicon.from_words(words).content_hash,
        Lexicon.from_words([w.upper() for w in reversed(words)]).content_hash,
        load_file(txt).content_hash,
        load_file(js).content_hash,
    }
    assert len(hashes) == 1
    assert Lexicon.from_words(words + ["pear"]).content_hash not in hashes


def test_lexicon_attributes_are_read_only():
    lex = Lexicon.from_words(["cat"], name="pets")
    assert lex.name == "pets"
    with pytest.raises(AttributeError):
        lex.name = "other"
    with pytest.raises(AttributeError):
        lex.extra = 1


# ----------------------------------------------------------------------------------------
# load_file: formats


def test_plain_text_with_bom_crlf_comments_and_blank_lines(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes(
        b"\xef\xbb\xbf# my list\r\ncat\r\n\r\n  DOG  \r\n   # indented comment\r\nEmu\r\n"
    )
    lex = load_file(path)
    assert list(lex) == ["CAT", "DOG", "EMU"]
    assert lex.name == "words.txt"
    assert lex.source == str(path)
    assert lex.size_of("CAT") is None


def test_plain_text_with_cr_only_and_lf_line_ends(tmp_path):
    cr = tmp_path / "cr.txt"
    cr.write_bytes(b"cat\rdog\remu")
    lf = tmp_path / "lf.txt"
    lf.write_bytes(b"cat\ndog\nemu\n")
    assert list(load_file(cr)) == list(load_file(lf)) == ["CAT", "DOG", "EMU"]


def test_utf16_with_bom_is_read(tmp_path):
    path = tmp_path / "notepad.txt"
    path.write_bytes("cat\r\ndog\r\n".encode("utf-16"))
    assert list(load_file(path)) == ["CAT", "DOG"]


def test_too_short_and_too_long_words_are_skipped_silently(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("a\nI\nox\n" + "q" * 16 + "\n" + "z" * 15 + "\n", encoding="utf-8")
    assert list(load_file(path)) == ["OX", "Z" * 15]
    assert "Q" * 16 in load_file(path, max_length=16)


def test_json_array_of_strings(tmp_path):
    path = tmp_path / "words.json"
    path.write_text('[\n  "cat",\n  "Dog",\n  " emu "\n]\n', encoding="utf-8")
    assert list(load_file(path)) == ["CAT", "DOG", "EMU"]


def test_json_detected_by_content_whatever_the_name(tmp_path):
    path = tmp_path / "words.lst"
    path.write_bytes(b'\xef\xbb\xbf  ["ant", "bee"]')
    assert list(load_file(path)) == ["ANT", "BEE"]


def test_name_can_be_given(tmp_path):
    path = tmp_path / "w.txt"
    path.write_text("cat\n", encoding="utf-8")
    assert load_file(path, name="Pets").name == "Pets"
    assert load_file(str(path)).source == str(path)


# ----------------------------------------------------------------------------------------
# load_file: errors


def _error(path, **kwargs) -> LexiconError:
    with pytest.raises(LexiconError) as info:
        load_file(path, **kwargs)
    assert isinstance(info.value, ValueError)
    return info.value


def test_non_alphabetic_entry_names_file_and_line(tmp_path):
    path = tmp_path / "words.txt"
    lines = ["# header", "cat", ""] + ["dog"] * 8 + ["don't", "emu"]
    path.write_text("\n".join(lines), encoding="utf-8")
    err = _error(path)
    assert str(err) == 'words.txt, line 12: "don\'t" is not a word of letters A-Z'
    assert err.line == 12
    assert err.path == str(path)


@pytest.mark.parametrize(
    "entry",
    ["ice cream", "caf\u00e9", "r2d2", "well-known", "na\u00efve", "x\tY", "\u00a0oz\u00a0x"],
)
def test_each_kind_of_non_word_is_refused_with_its_line(tmp_path, entry):
    path = tmp_path / "words.txt"
    path.write_text(f"cat\r\ndog\r\n{entry}\r\n", encoding="utf-8")
    err = _error(path)
    assert err.line == 3
    assert str(err).startswith("words.txt, line 3: ")


def test_line_numbers_count_cr_only_line_ends(tmp_path):
    path = tmp_path / "mac.txt"
    path.write_bytes(b"cat\rdog\r\rb@d\r")
    assert _error(path).line == 4


def test_long_bad_entry_is_shortened_in_the_message(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("cat\n" + "x" * 500 + "!\n", encoding="utf-8")
    err = _error(path)
    assert err.line == 2
    assert len(str(err)) < 120


def test_binary_file_is_refused(tmp_path):
    path = tmp_path / "image.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    err = _error(path)
    assert "image.png" in str(err)
    assert "not a text file" in str(err)


def test_non_utf8_text_is_refused_with_its_line(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes("cat\ndog\ncaf\u00e9\n".encode("latin-1"))
    err = _error(path)
    assert err.line == 3
    assert str(err).startswith("latin1.txt, line 3: not UTF-8 text (byte 0xE9)")


def test_empty_and_comment_only_files_are_refused(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    assert str(_error(empty)) == "empty.txt has no words"
    comments = tmp_path / "comments.txt"
    comments.write_text("# nothing here\n\n   \n", encoding="utf-8")
    assert str(_error(comments)) == "comments.txt has no words"
    short = tmp_path / "short.txt"
    short.write_text("a\ni\n", encoding="utf-8")
    assert str(_error(short)) == "short.txt has no words of 2 to 15 letters"
    empty_json = tmp_path / "empty.json"
    empty_json.write_text("[]", encoding="utf-8")
    assert "has no words" in str(_error(empty_json))


def test_missing_file_and_folder(tmp_path):
    err = _error(tmp_path / "nope.txt")
    assert str(err) == "nope.txt: no such file"
    assert err.line is None
    assert "is a folder" in str(_error(tmp_path))
    assert "cannot be read" in str(_error(str(tmp_path / "bad\0name.txt")))


def test_unreadable_file(tmp_path):
    locked = tmp_path / "locked.txt"
    locked.write_text("cat\n", encoding="utf-8")
    locked.chmod(0)
    try:
        if os.access(locked, os.R_OK):  # e.g. running as root: permissions do not bite
            pytest.skip("file permissions are not enforced for this user")
        assert "permission denied" in str(_error(locked))
    finally:
        locked.chmod(0o600)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_special_file_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert "not a regular file" in str(_error(fifo))


def test_enormous_file_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.txt"
    with open(path, "wb") as f:  # sparse: big on paper, nothing written
        f.truncate(dictionary.MAX_FILE_BYTES + 1)
    err = _error(path)
    assert "huge.txt is too large" in str(err)


def test_malformed_json_names_the_line(tmp_path):
    path = tmp_path / "words.json"
    path.write_text('[\n  "cat",\n  "dog"\n  "emu"\n]\n', encoding="utf-8")
    err = _error(path)
    assert err.line == 4
    assert str(err).startswith("words.json, line 4: not valid JSON")


def test_json_that_is_not_an_array(tmp_path):
    path = tmp_path / "words.json"
    path.write_text('\n\n{"words": ["cat"]}', encoding="utf-8")
    err = _error(path)
    assert err.line == 3
    assert "expected a JSON array of words, found an object" in str(err)


def test_json_bad_entry_names_its_line(tmp_path):
    path = tmp_path / "words.json"
    path.write_text('[\n  "cat",\n  ["nested", 1],\n  "dog"\n]', encoding="utf-8")
    err = _error(path)
    assert err.line == 3
    assert "is not a word (expected a string)" in str(err)
    path.write_text('["cat", "dog",\n "emu", 12,\n\n  "it\'s"]', encoding="utf-8")
    assert _error(path).line == 2
    path.write_text('["cat", "dog",\n "emu",\n\n  "it\'s"]', encoding="utf-8")
    err = _error(path)
    assert err.line == 4
    assert str(err) == 'words.json, line 4: "it\'s" is not a word of letters A-Z'


def test_deeply_nested_json_is_an_error_not_a_crash(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    err = _error(path)
    assert "deep.json" in str(err)


def test_json_extension_with_plain_text_content(tmp_path):
    path = tmp_path / "words.json"
    path.write_text("cat\ndog\n", encoding="utf-8")
    err = _error(path)
    assert err.line == 1
    assert "not valid JSON" in str(err)
