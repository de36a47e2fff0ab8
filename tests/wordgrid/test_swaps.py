import random

from hypothesis import given, settings
from hypothesis import strategies as st

import pytest

from wordbler.wordgrid.swaps import SwapError, apply_swaps, min_swaps, swap_plan

from .helpers import bfs_swaps


def _instances(seed, count, max_len, letters):
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(1, max_len)
        target = [rng.choice(letters) for _ in range(n)]
        current = target[:]
        rng.shuffle(current)
        yield current, target


@pytest.mark.parametrize("letters", ["AB", "ABC", "AABCD", "ABCDEFG"])
def test_fewest_swaps_equals_bfs_with_repeated_letters(letters):
    for current, target in _instances(hash(letters) % 1000, 120, 8, letters):
        expected = bfs_swaps(current, target)
        assert min_swaps(current, target) == expected, (current, target)
        plan = swap_plan(current, target)
        assert len(plan) == expected
        assert apply_swaps(current, plan) == tuple(target)


def test_copy_choice_matters():
    # greedy pairing of the first copies gives 3 swaps here; the best split gives 2
    current = list("BACA")
    target = list("ABAC")
    assert bfs_swaps(current, target) == 2
    assert min_swaps(current, target) == 2


def test_needs_three_cycles_after_two_cycles():
    current = list("BCAEFD")
    target = list("ABCDEF")
    assert min_swaps(current, target) == bfs_swaps(current, target) == 4


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from("ABCD"), min_size=1, max_size=8), st.randoms())
def test_hypothesis_bfs(target, rnd):
    current = target[:]
    rnd.shuffle(current)
    assert min_swaps(current, target) == bfs_swaps(current, target)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from("ABCDEFGH"), min_size=2, max_size=40), st.randoms())
def test_plan_properties(target, rnd):
    current = target[:]
    rnd.shuffle(current)
    plan = swap_plan(current, target)
    assert len(plan) == min_swaps(current, target)
    assert apply_swaps(current, plan) == tuple(target)
    # no swap moves a letter already in its place, and each swap fixes at least one
    state = list(current)
    for i, j in plan:
        assert state[i] != target[i] and state[j] != target[j]
        state[i], state[j] = state[j], state[i]
        assert state[i] == target[i] or state[j] == target[j]
    # one swap changes the distance by at most one
    i, j = rnd.randrange(len(current)), rnd.randrange(len(current))
    moved = list(current)
    moved[i], moved[j] = moved[j], moved[i]
    assert abs(min_swaps(moved, target) - min_swaps(current, target)) <= 1
    assert min_swaps(current, target) == min_swaps(target, current)


def test_different_letters_refused():
    with pytest.raises(SwapError):
        min_swaps("AB", "AC")
    with pytest.raises(SwapError):
        min_swaps("AB", "ABC")
