"""Hypothesis properties of the generator, the solver and play."""

from hypothesis import HealthCheck, given, settings, strategies as st

from wordbler.wordsearch import LEVELS, Settings, generate
from wordbler.wordsearch.grid import make_mask
from wordbler.wordsearch.play import PlayState
from wordbler.wordsearch.solver import occurrences

from .bruteforce import accidents, cells_of
from .conftest import entries

words_st = st.lists(st.text(alphabet="ABCDEFGHIJ", min_size=2, max_size=8), min_size=1, max_size=14, unique=True)
small_words_st = st.lists(st.text(alphabet="ABC", min_size=2, max_size=5), min_size=1, max_size=8, unique=True)

common = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@common
@given(words=st.one_of(words_st, small_words_st), cols=st.integers(5, 14), rows=st.integers(5, 14),
       level=st.sampled_from(sorted(LEVELS)), shape=st.sampled_from(["rectangle", "circle", "heart", "diamond"]),
       seed=st.integers(0, 2 ** 31))
def test_no_accidents_and_every_word_accounted(words, cols, rows, level, shape, seed):
    words = [w for w in words if len(w) <= max(cols, rows)] or ["AB"]
    p = generate(Settings(mask=make_mask(shape, cols, rows), level=level), entries(words), seed)
    placed = {x.word: x for x in p.placed}
    assert accidents(p.rows, placed, p.unplaced) == []
    assert sorted(list(placed) + list(p.unplaced)) == sorted(words)
    assert all(x.dir in LEVELS[level] for x in p.placed)
    # the same inputs replay exactly
    assert generate(Settings(mask=make_mask(shape, cols, rows), level=level), entries(words), seed) == p


@common
@given(words=words_st, level=st.sampled_from(sorted(LEVELS)), seed=st.integers(0, 10 ** 6))
def test_solver_finds_each_placement(words, level, seed):
    p = generate(Settings(cols=12, rows=10, level=level), entries(words), seed)
    for x in p.placed:
        occ = [cells_of(o) for o in occurrences(p.rows, x.word)]
        assert cells_of(x) in occ


@common
@given(words=words_st, seed=st.integers(0, 10 ** 6), data=st.data())
def test_play_finds_exactly_the_placements(words, seed, data):
    p = generate(Settings(cols=10, rows=10, level="hard"), entries(words), seed)
    s = PlayState(p, ["A", "B"])
    order = data.draw(st.permutations(list(p.placed)))
    total = 0
    for x in order:
        r = s.select(x.cells[-1], x.cells[0]) if data.draw(st.booleans()) else s.select(x.cells[0], x.cells[-1])
        assert r.kind == "found"
        # the word read, or its reverse partner hidden on the same cells (AB and BA)
        assert r.word == x.word or (r.word == x.word[::-1] and cells_of(r.placement) == cells_of(x))
        total += len(x.word)
    assert s.finished and sum(s.scores) == total
    assert set(s.found) == {x.word for x in p.placed}
