import random
from collections import Counter

import pytest

from wordbler.lexicon import get_alphabet
from wordbler.wordgrid.fill import Cancelled, WordIndex, fills
from wordbler.wordgrid.grid import GridError, layout, parse_rows

from .helpers import brute_grids, random_words

EN = get_alphabet("en")
RU = get_alphabet("ru")


def test_layout_counts():
    five, seven = layout(5), layout(7)
    assert (len(five.slots), five.n_cells) == (6, 21)
    assert (len(seven.slots), seven.n_cells) == (8, 40)
    assert sum(five.crossing(i) for i in range(21)) == 9
    assert sum(seven.crossing(i) for i in range(40)) == 16


def test_rows_round_trip_and_russian():
    lay, letters = parse_rows("абвгд/е ё ж/зийкл/м н о/прсту", RU)
    assert lay.rows(letters) == ["АБВГД", "Е Ё Ж", "ЗИЙКЛ", "М Н О", "ПРСТУ"]
    _, again = parse_rows(["ABCDE", "F.G.H", "IJKLM", "N#O#P", "QRSTU"], EN)
    assert "".join(again) == "ABCDEFGHIJKLMNOPQRSTU"


@pytest.mark.parametrize("text, fragment", [
    ("", "empty"),
    ("ABCDE/F G H/IJKLM/N O P", "4 rows"),
    ("ABCDE/FXG H/IJKLM/N O P/QRSTU", "hole"),
    ("ABCDE/F G H/IJ LM/N O P/QRSTU", "empty"),
    ("ABCDE/F G H/IJKLM/N O P/QRST", "4 characters"),
    ("ABCDE/F G H/IJKLM/N O P/QRSTß", "ß"),
    ("ABCDE/F G H/IJ1LM/N O P/QRSTU", "'1'"),
])
def test_bad_rows(text, fragment):
    with pytest.raises(GridError) as e:
        parse_rows(text, EN)
    assert fragment in str(e.value)


@pytest.mark.parametrize("seed", range(3))
def test_fills_match_brute_force(seed):
    words = random_words(5, 22, seed, letters="AEIRS")
    idx = WordIndex.build(words, 5)
    got = set(fills(layout(5), idx))
    assert got == brute_grids(5, words)
    assert got  # the test means something: these words make grids


@pytest.mark.parametrize("seed", range(4))
def test_fills_with_budget_and_fixed_match_brute_force(seed):
    words = random_words(5, 30, 10 + seed, letters="AEIRS")
    idx = WordIndex.build(words, 5)
    lay = layout(5)
    grids = sorted(fills(lay, idx))
    assert grids
    rng = random.Random(seed)
    target = rng.choice(grids)
    fixed = {i: target[i] for i in rng.sample(range(21), 4)}
    budget = Counter(target[i] for i in range(21) if i not in fixed)
    got = set(fills(lay, idx, fixed=fixed, budget=budget))
    assert target in got
    assert got == brute_grids(5, words, letters=target, fixed=fixed)


def test_distinct_words():
    words = ["AAAAA", "ABABA"]
    idx = WordIndex.build(words, 5)
    assert set(fills(layout(5), idx)) == brute_grids(5, words)
    assert list(fills(layout(5), idx, distinct=True)) == []


def test_cancel():
    words = random_words(5, 400, 3)
    idx = WordIndex.build(words, 5)
    with pytest.raises(Cancelled):
        for _ in fills(layout(5), idx, cancel=lambda: True):
            pass


@pytest.mark.parametrize("seed", range(3))
def test_ordered_fills_plus_mirror_images_are_all_fills(seed):
    words = random_words(5, 22, seed, letters="AEIRS")
    idx = WordIndex.build(words, 5)
    lay = layout(5)
    everything = set(fills(lay, idx))
    half = set(fills(lay, idx, ordered=(0, 3)))
    mirror = [lay.index[(c, r)] for r, c in lay.coords]
    assert half <= everything
    assert half | {tuple(g[mirror[i]] for i in range(21)) for g in half} == everything
