"""The solver's faster search (``solve.all_grids``: only the words the letters can make, split
by the cell of a letter the puzzle has once) finds exactly the grids of the plain search
(``valid_grids`` over the whole list), which brute force checks; and ``solve`` gives the
same answer as the plain solver, grid count included, in both the compiled and the
pure-Python search."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbler.wordgrid import fill, solve as solve_mod
from wordbler.wordgrid.fill import WordIndex, fills
from wordbler.wordgrid.grid import layout
from wordbler.wordgrid.solve import (NoSolution, Solution, _pivot, all_grids, fitting_index,
                                     solve, valid_grids)
from wordbler.wordgrid.swaps import min_swaps, swap_plan

from .helpers import brute_grids, random_words

PATHS = ["1"] + (["0"] if fill._native is not None else [])


@pytest.fixture(autouse=True)
def fast_path_always(monkeypatch):
    """The test lists are small: the solver would search them whole; here it takes the
    fast path (the fitting words, split) however few words there are."""
    monkeypatch.setattr(solve_mod, "PLAIN_WORDS", 0)
    monkeypatch.setattr(solve_mod, "SPLIT_WORDS", 0)


@pytest.fixture(params=PATHS, ids=lambda v: "python" if v == "1" else "compiled")
def path(request, monkeypatch):
    monkeypatch.setenv(fill.PURE_PYTHON_ENV, request.param)
    return request.param


def plain_solve(lay, index, letters, max_grids=100_000):
    """The solver as it was: every grid of the plain search, the fewest swaps, ties by rows."""
    best = None
    grids = valid_grids(lay, index, letters, max_grids=max_grids) or []
    for g in grids:
        key = (min_swaps(letters, g), lay.rows(g), g)
        if best is None or key[:2] < best[:2]:
            best = key
    if best is None:
        raise NoSolution("none")
    return Solution(best[2], tuple(swap_plan(letters, best[2])), len(grids))


def answer(fn, *args, **kw):
    try:
        s = fn(*args, **kw)
    except NoSolution:
        return None
    return s.grid, s.swaps, s.grids_found


def puzzle_letters(lay, words, rng, rare="", mutate=0.0):
    """Letters of a grid of ``words`` (sometimes with a cell changed, to a rare letter or
    one of the list's), shuffled; or random letters when the words make no grid."""
    idx = WordIndex.build(words, lay.size)
    grids = list(fills(lay, idx, native=False, limit=30))
    if grids:
        letters = list(rng.choice(grids))
    else:
        letters = [rng.choice(words)[0] for _ in range(lay.n_cells)]
    for i in range(lay.n_cells):
        if rng.random() < mutate:
            letters[i] = rng.choice(rare or "AEIRS")
    rng.shuffle(letters)
    return letters


def with_rare(words, rng, rare, share):
    """Some words get one rare letter in a random place (a letter the puzzle may have once)."""
    out = []
    for w in words:
        if rng.random() < share:
            p = rng.randrange(len(w))
            w = w[:p] + rng.choice(rare) + w[p + 1:]
        out.append(w)
    return sorted(set(out))


@pytest.mark.parametrize("seed", range(12))
def test_the_grids_are_the_brute_force_grids(seed, path):
    rng = random.Random(seed)
    words = with_rare(random_words(5, 40, 100 + seed, letters="AEIRS"), rng, "XQZ", 0.3)
    lay = layout(5)
    idx = WordIndex.build(words, 5)
    for _ in range(4):
        letters = puzzle_letters(lay, words, rng, rare="XQZ", mutate=0.05)
        got = all_grids(lay, idx, letters)
        assert len(got) == len(set(got))  # each grid once
        assert set(got) == brute_grids(5, words, letters=letters)
        assert set(got) == set(valid_grids(lay, idx, letters))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), size=st.sampled_from([5, 5, 7]),
       count=st.integers(4, 120), alphabet=st.sampled_from(["AEIRS", "ABEILNORST", "AB", "EST"]),
       rare=st.sampled_from(["", "X", "XQ", "XYZKJ"]), share=st.floats(0, 0.6),
       mutate=st.sampled_from([0.0, 0.0, 0.05, 0.2]), pure=st.booleans())
def test_solve_answers_as_the_plain_solver(seed, size, count, alphabet, rare, share, mutate,
                                           pure):
    if not pure and fill._native is None:
        pure = True
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(fill.PURE_PYTHON_ENV, "1" if pure else "0")
        mp.setattr(solve_mod, "PLAIN_WORDS", 0)
        mp.setattr(solve_mod, "SPLIT_WORDS", 0)
        check_against_plain(seed, size, count, alphabet, rare, share, mutate)


def check_against_plain(seed, size, count, alphabet, rare, share, mutate):
    rng = random.Random(seed)
    words = random_words(size, min(count, len(alphabet) ** size), seed, letters=alphabet)
    if rare:
        words = with_rare(words, rng, rare, share)
    lay = layout(size)
    idx = WordIndex.build(words, size)
    letters = puzzle_letters(lay, words, rng, rare=rare, mutate=mutate)
    # a small max_grids too: past it the plain search's own first grids are kept
    for cap in (100_000, 3):
        assert answer(solve, lay, idx, letters, max_grids=cap) == \
            answer(plain_solve, lay, idx, letters, max_grids=cap)


def test_the_words_the_letters_make_keep_their_order():
    idx = WordIndex.build(["ABCDE", "EEEEE", "EDCBA", "AABCD", "BCDEA", "XBCDE"], 5)
    small = fitting_index(idx, "ABCDE" + "E" * 16)
    assert small.words == ("ABCDE", "EEEEE", "EDCBA", "BCDEA")  # AABCD needs two As
    assert fitting_index(idx, "ABCDEX" + "A" * 15) is not idx
    every = fitting_index(idx, "ABCDEX" * 5)
    assert every is idx  # nothing to drop: the same index


def test_the_pivot_is_a_letter_the_puzzle_has_once_or_twice_and_every_place_for_it():
    lay = layout(5)
    idx = WordIndex.build(["AXAAA", "AAAAA", "AAAXA", "QAAAA", "ZAAAZ"], 5)
    ch, parts = _pivot(lay, idx, Counter("A" * 19 + "XQ"))
    assert ch == "Q"  # one word places Q, two place X
    # Q only starts a word: only the top left cell starts every word through it
    assert parts == [(0,)]
    assert _pivot(lay, idx, Counter("A" * 20 + "X"))[1] == [
        (c,) for c in range(lay.n_cells) if len(lay.slots_of[c]) == 1
        and lay.slots[lay.slots_of[c][0]].cells.index(c) in (1, 3)]
    # twice: pairs of cells, both ends of a word, or the ends of two words
    ch, parts = _pivot(lay, idx, Counter("A" * 19 + "ZZ"))
    assert ch == "Z" and len(parts) == len(set(parts))
    ends = {c for c in range(lay.n_cells)
            if all(lay.slots[si].cells.index(c) in (0, 4) for si in lay.slots_of[c])}
    assert set(parts) == {(a, b) for a in sorted(ends) for b in sorted(ends) if a < b}
    assert _pivot(lay, idx, Counter("A" * 18 + "ZZZ")) is None  # no letter once or twice


def test_a_puzzle_whose_rare_letter_no_word_places_has_no_grid(path):
    lay = layout(5)
    words = random_words(5, 60, 4, letters="AEIRS")
    idx = WordIndex.build(words, 5)
    letters = list(next(fills(lay, idx, limit=1)))
    letters[3] = "X"
    with pytest.raises(NoSolution):
        solve(lay, idx, letters)
    assert all_grids(lay, idx, letters) == []


@pytest.mark.parametrize("seed", [0, 1])
def test_many_grids_past_the_cap_are_the_plain_search_first_ones(seed, path):
    # two letters make hundreds of grids (seed 1: and an X, so the split runs): past
    # max_grids the answer is the plain search's
    words = with_rare(random_words(5, 16, seed, letters="AB"), random.Random(seed), "X", 0.3)
    lay = layout(5)
    idx = WordIndex.build(words, 5)
    letters = list(fills(lay, idx, native=False, limit=200))[186 if seed == 0 else 143]
    full = valid_grids(lay, idx, letters)
    assert len(full) > 400
    assert (_pivot(lay, fitting_index(idx, letters), Counter(letters)) is None) == (seed == 0)
    for cap in (1, 2, 7, 200, len(full), len(full) + 1):
        got = all_grids(lay, idx, letters, max_grids=cap)
        if cap <= len(full):
            assert got == valid_grids(lay, idx, letters, max_grids=cap)
        else:
            assert sorted(got) == sorted(full)
        assert answer(solve, lay, idx, letters, max_grids=cap) == \
            answer(plain_solve, lay, idx, letters, max_grids=cap)


def test_short_lists_are_searched_whole_and_give_the_same_answer(monkeypatch):
    monkeypatch.setattr(solve_mod, "PLAIN_WORDS", 5000)
    monkeypatch.setattr(solve_mod, "SPLIT_WORDS", 1000)
    rng = random.Random(5)
    words = with_rare(random_words(5, 80, 9, letters="AEIRST"), rng, "XQ", 0.3)
    lay = layout(5)
    idx = WordIndex.build(words, 5)
    for _ in range(5):
        letters = puzzle_letters(lay, words, rng, rare="XQ", mutate=0.05)
        assert all_grids(lay, idx, letters) == valid_grids(lay, idx, letters)
        assert answer(solve, lay, idx, letters) == answer(plain_solve, lay, idx, letters)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from("AABBBCDE"), min_size=1, max_size=12), st.randoms())
def test_the_swap_bound_is_never_above_the_fewest_swaps(letters, rnd):
    from wordbler.wordgrid.solve import swaps_at_least

    target = list(letters)
    rnd.shuffle(target)
    assert swaps_at_least(letters, target) <= min_swaps(letters, target)
    assert swaps_at_least(letters, letters) == 0


def test_the_swap_bound_is_tight_on_pairs_and_triangles():
    from wordbler.wordgrid.solve import swaps_at_least

    assert swaps_at_least("AB", "BA") == 1 == min_swaps("AB", "BA")
    assert swaps_at_least("ABC", "BCA") == 2 == min_swaps("ABC", "BCA")
    assert swaps_at_least("ABCD", "BCDA") == 3 == min_swaps("ABCD", "BCDA")
    assert swaps_at_least("ABCDEF", "BCDEFA") == 4 < min_swaps("ABCDEF", "BCDEFA") == 5


def test_ties_in_swaps_go_to_the_first_grid_in_row_order(path):
    # a grid and its mirror image the same swaps away: the bound must not skip the tie
    rng = random.Random(11)
    words = random_words(5, 60, 11, letters="AEIRST")
    lay = layout(5)
    idx = WordIndex.build(words, 5)
    ties = 0
    for g in fills(lay, idx, native=False, limit=40):
        mirror = tuple(g[lay.index[(c, r)]] for r, c in lay.coords)
        if mirror == g:
            continue
        for _ in range(30):
            start = list(g)
            rng.shuffle(start)
            if min_swaps(start, g) == min_swaps(start, mirror):
                ties += 1
                assert answer(solve, lay, idx, start) == answer(plain_solve, lay, idx, start)
    assert ties > 5
