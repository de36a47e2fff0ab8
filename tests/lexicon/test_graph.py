"""The word graph for any alphabet: Russian (33 letters, masks past 32 bits), long words,
the forward-only variant, its cache, and that an A-Z graph is what the board game had."""

from __future__ import annotations

import random

import pytest

from wordbler.lexicon import WordList, get_alphabet
from wordbler.lexicon.graph import (
    ENGLISH_LETTERS,
    FINAL,
    CacheError,
    LexGraph,
    cache_path,
    load_or_build,
    options_text,
)
from wordbler.lexicon.search import heights

RU = get_alphabet("ru")
RU_LETTERS = "".join(RU.letters)


def random_words(rng, letters, n, max_len):
    return {"".join(rng.choices(letters, k=rng.randint(1, max_len))) for _ in range(n)}


def test_russian_graph_holds_exactly_its_words():
    rng = random.Random(3)
    words = random_words(rng, RU_LETTERS, 500, 9) | {"ЁЖ", "ЕЖ", "ЯЯЯ", "Ё"}
    g = LexGraph.build(words, letters=RU_LETTERS, min_len=1, max_len=None, reverse=False)
    assert g.final == 1 << 33 and g.fmask.itemsize == 8
    assert list(g.words()) == sorted(words, key=RU.sort_key)
    for w in words:
        assert g.contains(w) and g.contains(w.lower())
    assert not g.contains("ЁЁЁЁЁЁЁЁЁЁЁЁ") and not g.contains("CAT") and not g.contains("")


def test_words_longer_than_the_board():
    long = ["A" * 40, "AB" * 17, "ABC"]
    g = LexGraph.build(long, min_len=1, max_len=None, reverse=False)
    assert sorted(g.words()) == sorted(long) and g.max_len == 40
    assert heights(g)[g.froot] == 40
    # the board game's defaults still stop at 15 letters
    assert list(LexGraph.build(long).words()) == ["ABC"]


def test_english_graph_is_the_board_games():
    words = ["CAT", "CATS", "ACT", "TACT", "A", "QUIZZICALLY", "SCAT"]
    g = LexGraph.build(words)
    assert (g.letters, g.final, g.all_letters) == (ENGLISH_LETTERS, FINAL, FINAL - 1)
    assert g.has_reverse and g.fmask.itemsize == 4
    f = LexGraph.build(words, min_len=2, reverse=False)
    assert (f.fmask, f.fstart, f.fedge, f.froot) == (g.fmask, g.fstart, g.fedge, g.froot)
    assert not f.has_reverse and f.rroot == 0


def test_heights_are_the_longest_continuations():
    words = ["AB", "ABCDE", "B", "BCD"]
    g = LexGraph.build(words, min_len=1, max_len=None, reverse=False)
    h = heights(g)
    assert h[g.froot] == 5
    assert h[g.walk("AB")] == 3 and h[g.walk("BCD")] == 0 and h[g.walk("B")] == 2


@pytest.mark.parametrize("letters,words", [
    (ENGLISH_LETTERS, ["CAT", "DOG", "A", "LONGERTHANFIFTEENLETTERS"]),
    (RU_LETTERS, ["ЁЖ", "ЕЖ", "ЖУК", "Я"]),
])
def test_cache_round_trip_keeps_the_options(tmp_path, letters, words):
    opts = dict(letters=letters, min_len=1, max_len=None, reverse=False)
    g = load_or_build(words, "k", tmp_path, **opts)
    files = list(tmp_path.glob("lexgraph-*.bin"))
    assert len(files) == 1

    def no_words():
        raise AssertionError("words must not be read when the cache is valid")
        yield  # pragma: no cover

    h = load_or_build(no_words(), "k", tmp_path, **opts)
    assert list(h.words()) == list(g.words()) == sorted(words, key=lambda w: [letters.index(c) for c in w])
    assert (h.letters, h.final, h.max_len, h.has_reverse) == (g.letters, g.final, g.max_len, False)
    # the same key with other options is another graph, never the cached one
    board = load_or_build([w for w in words if w.isascii()], "k", tmp_path)
    assert board.has_reverse and board.min_len == 2
    data = files[0].read_bytes()
    with pytest.raises(CacheError, match="other options"):
        LexGraph.from_bytes(data, "k", options_text(letters, 2, 15, True))
    assert LexGraph.from_bytes(data, "k", options_text(letters, 1, None, False)).word_count == len(words)


def test_board_game_cache_file_name_is_unchanged(tmp_path):
    load_or_build(["CAT"], "key", tmp_path)
    assert cache_path("key", tmp_path).is_file()


def test_bad_build_options():
    with pytest.raises(ValueError):
        LexGraph.build(["A"], letters="AA")
    with pytest.raises(ValueError):
        LexGraph.build(["A"], letters="")
    with pytest.raises(ValueError):
        LexGraph.build(["A"], min_len=0)


def test_wordlist_graph_small_in_memory_large_cached(tmp_path, monkeypatch):
    from wordbler.lexicon import wordlist as wordlist_mod

    wl = WordList.from_words(["ёж", "ель"], "ru")
    g = wl.graph(tmp_path)
    assert g is wl.graph() and g.contains("ЁЖ") and not list(tmp_path.iterdir())
    monkeypatch.setattr(wordlist_mod, "CACHE_MIN_WORDS", 1)
    wl2 = WordList.from_words(["ёж", "ель"], "ru")
    assert list(wl2.graph(tmp_path).words()) == ["ЕЛЬ", "ЁЖ"]
    assert len(list(tmp_path.glob("lexgraph-*.bin"))) == 1
    wl3 = WordList.from_words(["ель", "ёж"], "ru")
    assert list(wl3.graph(tmp_path).words()) == ["ЕЛЬ", "ЁЖ"]  # read back
    assert len(list(tmp_path.glob("lexgraph-*.bin"))) == 1


def test_file_list_finds_its_cached_graph_by_the_files_bytes(tmp_path, monkeypatch):
    from wordbler.lexicon import load_wordlist
    from wordbler.lexicon import wordlist as wordlist_mod

    monkeypatch.setattr(wordlist_mod, "CACHE_MIN_WORDS", 1)
    p = tmp_path / "list.txt"
    p.write_text("жук\nёж\nель\n", encoding="utf-8")
    cache = tmp_path / "cache"
    first = load_wordlist(p, "ru").graph(cache)
    again = load_wordlist(p, "ru")
    g = again.graph(cache)
    assert list(g.words()) == list(first.words()) == ["ЕЛЬ", "ЁЖ", "ЖУК"]
    assert again._words is None  # the words were never sorted: the graph came from the cache
    assert again.words == ("ЕЛЬ", "ЁЖ", "ЖУК") and "ЁЖ" in again and len(again) == 3
    # another file with the same words is another key, but the same graph
    q = tmp_path / "other.txt"
    q.write_text("ЁЖ\r\nЕЛЬ\r\nЖУК\r\n", encoding="utf-8")
    assert list(load_wordlist(q, "ru").graph(cache).words()) == ["ЕЛЬ", "ЁЖ", "ЖУК"]
    assert len(list(cache.glob("lexgraph-*.bin"))) == 2


# ---- the build's word order: sorted and distinct, however the words come ---------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from wordbler.lexicon.graph import _normalise  # noqa: E402


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="ABCDEZabz1 ", max_size=6), max_size=40), st.booleans())
def test_normalise_is_sorted_distinct_whether_the_words_come_sorted_or_not(words, presort):
    # the build sorts unsorted words a first letter at a time and keeps sorted ones as they
    # are (sorting them whole held Python's lock for 150 ms); both give the sorted set
    if presort:
        words = sorted(set(words))
    want = sorted({w.strip().upper() for w in words
                   if 2 <= len(w.strip()) <= 15 and w.strip().isascii() and w.strip().isalpha()})
    assert _normalise(words) == want
    ru = [w.replace("A", "Ё").replace("B", "Я") for w in words]
    inner = {ord(c): chr(65 + i) for i, c in enumerate(RU_LETTERS)}  # the graph's spelling
    want_ru = sorted({w.strip().upper().translate(inner) for w in ru
                      if w.strip() and set(w.strip().upper()) <= set(RU_LETTERS)})
    assert _normalise(ru, RU_LETTERS, 1, None) == want_ru


def test_a_graph_of_unsorted_words_with_repeats_holds_them_once_in_order():
    rng = random.Random(5)
    words = [w for w in random_words(rng, ENGLISH_LETTERS, 400, 8) if len(w) >= 2]
    shuffled = words + words[:50]
    rng.shuffle(shuffled)
    g = LexGraph.build(shuffled, min_len=2, max_len=15, reverse=False)
    assert list(g.words()) == sorted(set(words))
