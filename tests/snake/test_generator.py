"""The board generator: target along a path, word count in the band, seeds replay, and the
solution equal to a brute-force search written here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordbler.snake import Band, BoardSpec, Deal, GenerationCancelled, SnakeWords, band_for, generate
from wordbler.snake.generator import random_path, target_lengths
from wordbler.snake.letters import ENGLISH_LETTERS, RUSSIAN_LETTERS

from .conftest import EN_WORDS, brute_force_word_search, brute_force_words, is_path


def check_deal(deal: Deal, words: SnakeWords) -> None:
    """Every property a deal promises."""
    board = deal.board
    spec = deal.spec
    assert (board.cols, board.rows) == (spec.cols, spec.rows)
    # the target lies along its path
    if deal.target:
        assert is_path(board, deal.target_path)
        assert board.spell(deal.target_path) == deal.target
        assert deal.target in words.common
        assert deal.is_word(deal.target) or len(deal.target) < spec.min_word
    # the solution: every word along a real path, and exactly the brute-force set
    for word, path in deal.words:
        assert is_path(board, path) and board.spell(path) == word
        assert len(word) >= spec.min_word and word in words
    ref = brute_force_word_search(board, words.wordlist.words, spec.min_word)
    assert {w for w, _ in deal.words} == ref
    # listing order: longest first, then the alphabet's order
    listed = [w for w, _ in deal.words]
    assert listed == sorted(listed, key=lambda w: (-len(w), words.alphabet.sort_key(w)))
    assert deal.common == frozenset(w for w in listed if w in words.common)
    assert deal.in_band == (deal.count in deal.band)
    # the tiles are the language's (no plain Q in English)
    tiles = {t for row in board.cells for t in row}
    letters = ENGLISH_LETTERS if spec.lang == "en" else RUSSIAN_LETTERS
    assert tiles <= set(letters.weights)


@pytest.mark.parametrize("size", [(3, 3), (4, 4), (5, 4), (5, 5), (6, 6)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_deals_keep_their_promises(en_words, size, seed):
    spec = BoardSpec(*size)
    deal = generate(spec, en_words, seed)
    check_deal(deal, en_words)
    lo, hi = target_lengths(spec, en_words)
    assert lo <= len(deal.target) <= hi


def test_russian_deals(ru_words):
    for seed in range(4):
        deal = generate(BoardSpec(4, 4, "ru"), ru_words, seed)
        check_deal(deal, ru_words)
        assert deal.target and all("А" <= ch <= "я" or ch == "Ё" for ch in deal.target)


def test_the_solution_equals_path_enumeration_on_3x3(en_words):
    """The slower reference: every path of the board, not word by word."""
    for seed in range(6):
        deal = generate(BoardSpec(3, 3), en_words, seed)
        ref = brute_force_words(deal.board, en_words.wordlist.words, 3)
        assert {w for w, _ in deal.words} == ref


def test_same_seed_same_board(en_words):
    spec = BoardSpec(4, 4)
    a, b = generate(spec, en_words, 42), generate(spec, en_words, 42)
    assert a == b and a.words == b.words
    boards = {str(generate(spec, en_words, s).board) for s in range(8)}
    assert len(boards) == 8
    # the size and language are part of the seed: another size is not a crop of this one
    assert str(generate(BoardSpec(4, 5), en_words, 42).board)[:19] != str(a.board)[:19]


def test_a_qu_target_lies_on_one_tile():
    words = SnakeWords.from_words(EN_WORDS, "en", common=["QUESTS", "QUITE", "SUITES"])
    spec = BoardSpec(3, 3)
    deals = [generate(spec, words, s) for s in range(12)]
    qu = [d for d in deals if d.target.startswith("QU")]
    assert qu, "a QU word should be drawn as the target sometimes"
    for d in qu:
        assert d.board.tile(d.target_path[0]) == "QU"
        assert len(d.target_path) == len(d.target) - 1   # QU counts two letters, one tile


def test_word_count_lands_in_a_band_by_improving_locally(en_words):
    """A band the first fill rarely reaches is reached by changing cells one by one."""
    spec = BoardSpec(4, 4)
    plain = [generate(spec, en_words, s, budget=1).count for s in range(20)]
    band = Band(max(plain) + 3, max(plain) + 40)
    hits = 0
    for s in range(10):
        deal = generate(spec, en_words, s, band=band, budget=200)
        check_deal(deal, en_words)
        hits += deal.in_band
        assert deal.band == band
    assert hits >= 7


def test_budget_runs_out_gives_the_best_board_flagged(en_words):
    counts = []

    class Counting(SnakeWords):
        def solve(self, cells, min_len):
            sol = super().solve(cells, min_len)
            counts.append(len(sol))
            return sol

    words = Counting(en_words.wordlist, common=en_words.common)
    band = Band(500, 600)                    # more than the whole list holds
    deal = generate(BoardSpec(4, 4), words, 3, band=band, budget=15)
    assert not deal.in_band and deal.solves == 15 == len(counts)
    assert deal.count == max(counts)         # the nearest to the band of all boards tried
    check_deal(deal, words)


def test_cancel_and_progress(en_words):
    seen = []
    with pytest.raises(GenerationCancelled):
        generate(BoardSpec(4, 4), en_words, 1, band=Band(900, 999), budget=50,
                 cancel=lambda: len(seen) >= 3, progress=lambda d, n: seen.append((d, n)))
    assert seen == [(1, 50), (2, 50), (3, 50)]


def test_bands_for_the_bundled_lists():
    assert band_for(BoardSpec(4, 4)) == Band(40, 400)
    assert band_for(BoardSpec(5, 5)) == Band(100, 800)
    assert band_for(BoardSpec(6, 6)) == Band(200, 1500)
    # between the anchors, and scaled down for a smaller list
    b = band_for(BoardSpec(5, 4))
    assert 40 < b.lo < 100 and 400 < b.hi < 800
    small = band_for(BoardSpec(4, 4), scale=0.1)
    assert small == Band(4, 40)
    assert band_for(BoardSpec(4, 4), scale=0.0001).lo == 1
    # a longer minimum length expects fewer words
    assert band_for(BoardSpec(4, 4, min_len=4)).hi < 400


def test_small_lists_scale_the_target_down():
    words = SnakeWords.from_words(["CAT", "CATS", "SCAT", "TACT", "TACTS", "ACTS"], "en")
    spec = BoardSpec(4, 4)
    assert target_lengths(spec, words) == (5, 5)          # the longest it has
    deal = generate(spec, words, 5)
    assert deal.target == "TACTS" and deal.in_band == (deal.count in deal.band)
    check_deal(deal, words)


def test_a_list_with_nothing_to_place_still_deals_a_board():
    words = SnakeWords.from_words(["AB", "QI"], "en")      # nothing of 3+ letters
    deal = generate(BoardSpec(3, 3), words, 1, budget=5)
    assert deal.target == "" and deal.target_path == ()
    assert deal.count == 0 and not deal.in_band
    assert deal.board.size == 9


def test_the_word_list_must_match_the_language(en_words):
    with pytest.raises(ValueError):
        generate(BoardSpec(4, 4, "ru"), en_words, 1)


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 6), st.integers(3, 6), st.integers(1, 36), st.integers(0, 10**6))
def test_random_paths_are_self_avoiding(cols, rows, length, seed):
    import random

    path = random_path(random.Random(seed), cols, rows, length)
    if length > cols * rows:
        assert path is None
    elif path is not None:
        assert len(path) == length
        assert len(set(path)) == length
        assert all(0 <= r < rows and 0 <= c < cols for r, c in path)
        assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(path, path[1:]))


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text(alphabet="ACENOST", min_size=3, max_size=7), min_size=5, max_size=60),
       st.integers(0, 10**9), st.sampled_from([(3, 3), (4, 3), (4, 4)]))
def test_any_list_any_seed(words, seed, size):
    """Hypothesis: for random small lists the deal keeps every promise."""
    sw = SnakeWords.from_words(words, "en")
    deal = generate(BoardSpec(*size), sw, seed, budget=4)
    check_deal(deal, sw)
    assert deal == generate(BoardSpec(*size), sw, seed, budget=4)


def test_fill_keeps_tiles_under_their_caps(en_words):
    for s in range(10):
        deal = generate(BoardSpec(6, 6), en_words, s, budget=1)
        counts = {}
        for row in deal.board.cells:
            for t in row:
                counts[t] = counts.get(t, 0) + 1
        target_tiles = [deal.board.tile(c) for c in deal.target_path]
        for t, n in counts.items():
            assert n <= ENGLISH_LETTERS.cap(t, 36) + target_tiles.count(t)
