"""Deals on the bundled English, Russian and French lists: in the band, the target a common word
on the board, and the solution checked against a brute-force search on a sample of the
list (every listed word must have a path; sampled words not listed must have none)."""

from __future__ import annotations

import random

import pytest

from wordbler.snake import Band, BoardSpec, SnakeWords, band_for, generate
from wordbler.snake.generator import preferred_part

from .conftest import brute_force_word_search, is_path

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", params=["en", "ru", "fr"])
def bundled(request):
    try:
        return SnakeWords.bundled_list(request.param)
    except ValueError as e:   # a checkout without the bundled lists
        pytest.skip(f"no bundled {request.param} list: {e}")


def test_bands_of_the_game():
    assert band_for(BoardSpec(4, 4)) == Band(40, 400)
    assert band_for(BoardSpec(5, 5)) == Band(100, 800)
    assert band_for(BoardSpec(6, 6)) == Band(200, 1500)
    assert preferred_part(Band(40, 400)) == Band(80, 320)
    assert preferred_part(Band(1, 6)) == Band(2, 4)


@pytest.mark.parametrize("size", [(4, 4), (5, 5), (6, 6), (3, 5)])
def test_bundled_deals(bundled, size):
    spec = BoardSpec(*size, bundled.lang)
    rng = random.Random(7)
    sample = rng.sample(bundled.wordlist.words, 3000)
    for seed in (1, 2):
        deal = generate(spec, bundled, seed)
        assert deal.in_band and deal.count in band_for(spec)
        assert deal.target in bundled.common
        lo = {16: 7, 25: 8, 36: 9, 15: 6}[spec.cells]
        assert len(deal.target) >= lo
        assert is_path(deal.board, deal.target_path)
        assert deal.board.spell(deal.target_path) == deal.target
        listed = {w for w, _ in deal.words}
        for w, p in deal.words:
            assert is_path(deal.board, p) and deal.board.spell(p) == w
        ref = brute_force_word_search(deal.board, list(listed) + sample, spec.min_word)
        assert ref == listed | (ref & set(sample))
        assert {w for w in sample if len(w) >= spec.min_word} & listed == ref & set(sample)
