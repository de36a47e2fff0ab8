import random

import pytest

from wordbler.wordsearch.words import (WordSearchError, draw_words, make_entries, read_entries,
                                       theme_entries, theme_names)


def test_normalising_keeps_the_shown_form(en):
    es = make_entries(["  Ice cream ", "jack-in-the-box", "ice-cream", "", "APPLE"], en)
    assert [(e.shown, e.word) for e in es] == [("Ice cream", "ICECREAM"), ("jack-in-the-box", "JACKINTHEBOX"),
                                               ("APPLE", "APPLE")]


@pytest.mark.parametrize("bad, named", [("caf\u00e9", "café"), ("stra\u00dfe", "straße"), ("don't", "don't"),
                                        ("a", "shorter")])
def test_bad_words_name_the_word(en, bad, named):
    with pytest.raises(WordSearchError, match=named):
        make_entries(["fine", bad], en)


def test_too_long_for_the_grid(en):
    with pytest.raises(WordSearchError, match="ELEPHANT"):
        make_entries(["ELEPHANT"], en, max_len=5)


def test_russian_yo_is_its_own_letter(ru):
    (e,) = make_entries(["ёлка"], ru)
    assert e.word == "ЁЛКА"
    with pytest.raises(WordSearchError):
        make_entries(["tree"], ru)


def test_comment_lines_are_skipped_as_in_every_word_list(tmp_path, en):
    # the suite's own lists begin with '#' lines; a hash inside a word is still an error
    f = tmp_path / "w.txt"
    f.write_text("# my list\n  # indented note\ncat\n#dog\nbird\n", encoding="utf-8")
    assert [e.word for e in read_entries(f, en)] == ["CAT", "BIRD"]
    with pytest.raises(WordSearchError, match="'c#t'"):
        make_entries(["c#t"], en)
    (tmp_path / "only").write_text("# nothing but a note\n", encoding="utf-8")
    with pytest.raises(WordSearchError, match="holds no words"):
        read_entries(tmp_path / "only", en)


def test_read_entries_files(tmp_path, en):
    f = tmp_path / "w.txt"
    f.write_bytes("\ufeffcat\r\ndog\r\n\r\n".encode())
    assert [e.word for e in read_entries(f, en)] == ["CAT", "DOG"]
    (tmp_path / "bin").write_bytes(b"\x00\x01")
    with pytest.raises(WordSearchError, match="binary"):
        read_entries(tmp_path / "bin", en)
    (tmp_path / "empty").write_text("\n\n")
    with pytest.raises(WordSearchError, match="no words"):
        read_entries(tmp_path / "empty", en)
    with pytest.raises(WordSearchError, match="not a regular file"):
        read_entries(tmp_path, en)
    with pytest.raises(WordSearchError, match="cannot read"):
        read_entries(tmp_path / "missing", en)


@pytest.mark.parametrize("lang", ["en", "ru", "fr"])
def test_themes_are_valid(lang):
    names = theme_names(lang)
    assert len(names) >= 5
    for n in names:
        es = theme_entries(lang, n)
        assert len(es) >= 15
    with pytest.raises(WordSearchError, match="no theme"):
        theme_entries(lang, "nope")


def test_draw_words_is_seeded_and_clean(en):
    pool = ["APPLE", "PEAR", "PEARL", "LRAEP", "CHERRY", "MELON", "LEMON", "GRAPE", "BANANA", "KIWI"]
    a = draw_words(pool, 5, random.Random(1), alphabet=en)
    b = draw_words(pool, 5, random.Random(1), alphabet=en)
    assert a == b and len(a) == 5
    ws = [e.word for e in a]
    assert not any(x != y and (x in y or x[::-1] in y) for x in ws for y in ws)
    with pytest.raises(WordSearchError, match="only"):
        draw_words(pool, 50, random.Random(1), alphabet=en)
