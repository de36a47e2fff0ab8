"""The compiled Word Grid search (``_fill.c``) against the pure-Python one: the same fills
in the same order, the same nodes (``cancel`` is asked at the same points, so a node budget
cuts both alike), the same puzzles from the same seed; and both against brute force."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbler.wordgrid import fill
from wordbler.wordgrid.fill import Cancelled, WordIndex, fills
from wordbler.wordgrid.grid import layout
from wordbler.wordgrid.puzzle import generate
from wordbler.wordgrid.solve import valid_grids

from .helpers import brute_grids, random_words

needs_native = pytest.mark.skipif(
    fill._native is None,
    reason="the compiled Word Grid search is not built (python setup.py build_ext --inplace)")

pytestmark = needs_native


def both(lay, idx, **kw):
    py = list(fills(lay, idx, native=False, **kw))
    c = list(fills(lay, idx, native=True, **kw))
    assert c == py
    return py


class Stop(Exception):
    pass


def calls_until_stopped(lay, idx, native, after, **kw):
    """How many times the search asked ``cancel`` (stopped at call ``after``), and the
    fills it had found by then."""
    asked = []
    got = []

    def cancel():
        asked.append(1)
        if len(asked) >= after:
            raise Stop()
        return False

    try:
        got = list(fills(lay, idx, native=native, cancel=cancel, **kw))
    except Stop:
        pass
    return len(asked), got


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), size=st.sampled_from([5, 7]),
       count=st.integers(1, 60), alphabet=st.sampled_from(["AEIRS", "ABEILNORST", "AB"]),
       distinct=st.booleans(), ordered=st.booleans(), keep=st.integers(0, 12),
       use_budget=st.booleans(), limit=st.sampled_from([1, 2, 5, 300]))
def test_same_fills_in_the_same_order(seed, size, count, alphabet, distinct, ordered, keep,
                                      use_budget, limit):
    # always a limit: two letters make millions of 7x7 grids (one run held 24 GB)
    words = random_words(size, min(count, len(alphabet) ** size), seed, letters=alphabet)
    lay = layout(size)
    idx = WordIndex.build(words, size)
    rng = random.Random(seed)
    kw = dict(distinct=distinct, limit=limit)
    if ordered:
        kw["ordered"] = (0, sum(1 for s in lay.slots if s.across))
    grids = list(fills(lay, idx, native=False, limit=20))
    # a target from a real fill (so budgets and fixed letters often fit), or random letters
    target = rng.choice(grids) if grids and rng.random() < 0.7 else tuple(
        rng.choice(alphabet + "Z") for _ in range(lay.n_cells))
    fixed = {i: target[i] for i in rng.sample(range(lay.n_cells), min(keep, lay.n_cells))}
    if fixed:
        kw["fixed"] = fixed
    if use_budget:
        kw["budget"] = Counter(target[i] for i in range(lay.n_cells) if i not in fixed)
    both(lay, idx, **kw)


@pytest.mark.parametrize("native", [False, True])
@pytest.mark.parametrize("seed", range(3))
def test_fills_with_budget_and_fixed_match_brute_force(native, seed):
    words = random_words(5, 30, 10 + seed, letters="AEIRS")
    idx = WordIndex.build(words, 5)
    lay = layout(5)
    grids = sorted(fills(lay, idx, native=native))
    assert set(grids) == brute_grids(5, words) and grids
    rng = random.Random(seed)
    target = rng.choice(grids)
    fixed = {i: target[i] for i in rng.sample(range(21), 4)}
    budget = Counter(target[i] for i in range(21) if i not in fixed)
    got = set(fills(lay, idx, fixed=fixed, budget=budget, native=native))
    assert target in got
    assert got == brute_grids(5, words, letters=target, fixed=fixed)


@pytest.mark.parametrize("after", [1, 2, 5, 40])
def test_cancel_is_asked_at_the_same_nodes(after):
    words = random_words(5, 300, 7, letters="AEIRSTN")
    idx = WordIndex.build(words, 5)
    lay = layout(5)
    py = calls_until_stopped(lay, idx, False, after)
    c = calls_until_stopped(lay, idx, True, after)
    assert py == c and py[0] == after  # stopped, at the same call


def test_a_node_budget_cuts_both_alike_and_cancel_true_raises(monkeypatch):
    words = random_words(5, 400, 3, letters="AEIRSTNLO")
    idx = WordIndex.build(words, 5)
    lay = layout(5)
    p = generate(5, words, 1)
    for limit in (64, 640, 6400, None):
        seen = []
        for pure in ("1", "0"):
            monkeypatch.setenv(fill.PURE_PYTHON_ENV, pure)
            seen.append(valid_grids(lay, idx, p.start, node_limit=limit))
        assert seen[0] == seen[1]
    assert seen[0] is not None and p.solution in seen[0]
    with pytest.raises(Cancelled):
        fills(lay, idx, cancel=lambda: True, native=True)


@pytest.mark.parametrize("size, seed", [(5, 1), (5, 2), (7, 4)])
def test_the_same_puzzle_from_the_same_seed(size, seed, monkeypatch):
    letters = "AEIOURSTLNDCMP" if size == 5 else "AEIORSTLN"
    words = random_words(size, 900 if size == 5 else 2500, seed, letters=letters)
    monkeypatch.setenv(fill.PURE_PYTHON_ENV, "1")
    py = generate(size, words, seed)
    monkeypatch.setenv(fill.PURE_PYTHON_ENV, "0")
    c = generate(size, words, seed)
    assert (c.solution, c.start, c.solver_checked) == (py.solution, py.start, py.solver_checked)


def test_a_letter_no_word_has_and_an_empty_index():
    words = ["ABABA", "BABAB", "AAAAA"]
    idx = WordIndex.build(words, 5)
    lay = layout(5)
    assert both(lay, idx, fixed={0: "Q"}) == []
    assert both(lay, idx, budget=Counter("Q" * 21)) == []
    assert both(lay, WordIndex.build([], 5)) == []
    assert both(lay, idx, budget=Counter("A" * 21)) == [tuple("A" * 21)]
