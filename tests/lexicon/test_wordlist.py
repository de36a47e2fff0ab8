"""Word lists: loading user files (encodings, line ends, skipped lines, refused files),
in-memory lists, the bundled lists, and the order of words."""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordbler.lexicon import (
    AlphabetError,
    WordList,
    WordListError,
    bundled_wordlist,
    get_alphabet,
    load_wordlist,
)
from wordbler.lexicon import wordlist as wordlist_mod


def write(tmp_path, data: bytes, name: str = "words.txt"):
    p = tmp_path / name
    p.write_bytes(data)
    return p


# ---------------------------------------------------------------------------- good files
@pytest.mark.parametrize("eol", [b"\n", b"\r\n", b"\r"])
def test_line_ends_and_case(tmp_path, eol):
    p = write(tmp_path, eol.join([b"cat", b"Dog", b"  emu\t", b"", b"# a comment", b"ANT"]) + eol)
    wl = load_wordlist(p, "en")
    assert wl.words == ("ANT", "CAT", "DOG", "EMU")
    assert wl.skipped == 0
    assert wl.name == "words.txt"


def test_utf8_bom_and_utf16(tmp_path):
    wl = load_wordlist(write(tmp_path, b"\xef\xbb\xbfcat\ndog\n"), "en")
    assert wl.words == ("CAT", "DOG")
    wl16 = load_wordlist(write(tmp_path, "cat\r\ndog\r\n".encode("utf-16"), "u16.txt"), "en")
    assert wl16.words == ("CAT", "DOG")


def test_lines_outside_the_alphabet_are_skipped_and_counted(tmp_path):
    text = "cat\ndon't\ncafé\nice cream\n42\nstraße\nſun\nıdea\nDOG\nёж\n\n#x\n"
    wl = load_wordlist(write(tmp_path, text.encode()), "en")
    assert wl.words == ("CAT", "DOG")
    assert wl.skipped == 8


def test_russian_keeps_yo_and_sorts_it_between_ie_and_zhe(tmp_path):
    text = "жук\nёж\nель\nЁлка\nеж\nЕЛЬ\ncat\n"
    wl = load_wordlist(write(tmp_path, text.encode()), "ru")
    assert wl.words == ("ЕЖ", "ЕЛЬ", "ЁЖ", "ЁЛКА", "ЖУК")
    assert wl.skipped == 1
    assert "ЁЖ" in wl and "ЕЖ" in wl and "ёж" not in wl


def test_from_words_and_content_hash():
    a = WordList.from_words(["cat", "Dog", "dog", "x-ray"], "en", name="mine")
    b = WordList.from_words(["DOG", "CAT"], get_alphabet("en"))
    assert a.words == b.words == ("CAT", "DOG")
    assert a.skipped == 1 and len(a) == 2 and list(a) == ["CAT", "DOG"]
    assert a.content_hash == b.content_hash
    assert a.content_hash != WordList.from_words(["CAT"], "en").content_hash
    # the same letters in another alphabet are another list
    assert WordList.from_words(["А"], "ru").content_hash != WordList.from_words(["A"], "en").content_hash
    assert a.name == "mine"
    assert a.by_length(3) == ("CAT", "DOG") and a.by_length(9) == ()


# ---------------------------------------------------------------------------- refused files
def test_missing_file(tmp_path):
    with pytest.raises(WordListError, match="no such file") as e:
        load_wordlist(tmp_path / "nope.txt", "en")
    assert "nope.txt" in str(e.value)


def test_binary_file_is_refused(tmp_path):
    p = write(tmp_path, b"cat\n\x00\x01\x02dog\n", "blob.bin")
    with pytest.raises(WordListError, match="binary") as e:
        load_wordlist(p, "en")
    assert "blob.bin" in str(e.value)


def test_invalid_utf8_is_refused(tmp_path):
    p = write(tmp_path, "cat\ncafé\n".encode("latin-1"), "latin.txt")
    with pytest.raises(WordListError, match="not UTF-8") as e:
        load_wordlist(p, "en")
    assert "latin.txt" in str(e.value) and "0xE9" in str(e.value)


@pytest.mark.parametrize("data", [b"", b"\n\n  \r\n", b"# only a comment\n"])
def test_empty_file_is_refused(tmp_path, data):
    with pytest.raises(WordListError, match="empty|no word"):
        load_wordlist(write(tmp_path, data), "en")


def test_file_with_only_skipped_lines_is_refused(tmp_path):
    with pytest.raises(WordListError, match=r"no word of the English alphabet.*3 lines skipped"):
        load_wordlist(write(tmp_path, "ёж\nкот\nдом\n".encode()), "en")


def test_directory_is_refused(tmp_path):
    with pytest.raises(WordListError, match="folder"):
        load_wordlist(tmp_path, "en")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(WordListError, match="not a regular file"):
        load_wordlist(fifo, "en")


def test_too_large_file_is_refused_before_reading(tmp_path, monkeypatch):
    monkeypatch.setattr(wordlist_mod, "MAX_FILE_BYTES", 100)
    p = write(tmp_path, b"cat\n" * 30)
    with pytest.raises(WordListError, match="too large"):
        load_wordlist(p, "en")


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="needs file permissions")
def test_unreadable_file(tmp_path):
    p = write(tmp_path, b"cat\n")
    p.chmod(0)
    try:
        with pytest.raises(WordListError, match="cannot read"):
            load_wordlist(p, "en")
    finally:
        p.chmod(0o644)


def test_unknown_language():
    with pytest.raises(AlphabetError, match="unknown language"):
        WordList.from_words(["cat"], "xx")


def test_errors_are_value_errors():
    assert issubclass(WordListError, ValueError)


# ---------------------------------------------------------------------------- bundled lists
def test_bundled_english():
    wl = bundled_wordlist("en")
    assert len(wl) > 200_000
    assert "QUIZ" in wl and "CAT" in wl and "XYZZYQ" not in wl
    assert wl.skipped == 0
    assert list(wl.words[:3]) == sorted(wl.words[:3])
    assert all(w.isascii() and w.isupper() for w in wl.words[::5000])


def test_bundled_russian_or_a_clear_error():
    try:
        wl = bundled_wordlist("ru")
    except WordListError as e:
        assert "Russian" in str(e)
    else:
        assert len(wl) > 1000
        alphabet = get_alphabet("ru")
        assert list(wl.words) == sorted(wl.words, key=alphabet.sort_key)


def test_a_line_longer_than_any_game_uses_is_skipped_and_counted(tmp_path):
    # one line of 100,000 letters made the word graph (Word Snake, the grid tool) take
    # gigabytes; it is now a skipped line like any other that is not a word
    from wordbler.lexicon.wordlist import MAX_WORD_LETTERS

    longest = "A" * MAX_WORD_LETTERS
    f = tmp_path / "long.txt"
    f.write_text(f"cat\n{'b' * 100_000}\n{longest.lower()}\n{'C' * (MAX_WORD_LETTERS + 1)}\ndog\n",
                 encoding="utf-8")
    wl = load_wordlist(f, "en")
    assert sorted(wl.words) == sorted(["CAT", "DOG", longest]) and wl.skipped == 2
    mem = WordList.from_words(["cat", "x" * (MAX_WORD_LETTERS + 1)], "en")
    assert list(mem.words) == ["CAT"] and mem.skipped == 1


@settings(max_examples=200, deadline=None)
@given(lines=st.lists(st.one_of(
    st.sampled_from(["", "#note", "  ", "cat", " dog ", "ёж", "CAFÉ", "x1", "a b", "\r"]),
    st.text(alphabet="abcёжé #\t\r-", max_size=12)), max_size=40),
    chunk=st.integers(1, 30), lang=st.sampled_from(["en", "ru", "fr"]))
def test_reading_a_list_in_pieces_gives_what_reading_it_whole_gives(lines, chunk, lang):
    # the text is read a piece at a time, so that no single call holds Python's lock for long
    parse_text = wordlist_mod.parse_text
    alphabet = get_alphabet(lang)
    text = "\n".join(lines)
    assert parse_text(text, alphabet, chunk=chunk) == parse_text(text, alphabet, chunk=10**9)
