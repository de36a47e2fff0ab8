import random

import pytest

from wordbler.wordsearch import Settings, generate
from wordbler.wordsearch.solver import Rays, occurrences, parse_rows, solve
from wordbler.wordsearch.words import WordSearchError

from .bruteforce import all_occurrences, cells_of
from .conftest import clean_draw, entries


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_solver_finds_every_placement_of_generated_puzzles(level):
    for seed in range(15):
        p = generate(Settings(level=level, cols=16, rows=13), entries(clean_draw(random.Random(seed), 22)), seed)
        placed, unplaced = solve(p.rows, [e.word for e in p.entries])
        assert unplaced == list(p.unplaced)
        assert {x.word: cells_of(x) for x in placed} == {x.word: cells_of(x) for x in p.placed}
        for x in p.placed:
            assert [cells_of(o) for o in occurrences(p.rows, x.word)] == [cells_of(x)]


def test_occurrences_match_brute_force_on_random_grids():
    rng = random.Random(0)
    for _ in range(40):
        R, C = rng.randint(1, 6), rng.randint(1, 6)
        rows = ["".join(rng.choice("AB") for _ in range(C)) for _ in range(R)]
        for w in ("A", "AB", "ABA", "BAB", "AAB", "ABBA"):
            got = [cells_of(o) for o in occurrences(rows, w)]
            assert len(got) == len(set(got))  # one per set of cells (palindromes once)
            assert set(got) == all_occurrences(rows, w)


def test_the_rays_index_finds_what_the_scan_finds_in_the_same_order():
    # solve() looks words up in the index of lines; occurrences() scans every cell
    rng = random.Random(1)
    for _ in range(60):
        R, C = rng.randint(1, 7), rng.randint(1, 7)
        rows = ["".join(rng.choice("AB ") for _ in range(C)) for _ in range(R)]
        rays = Rays(rows)
        for w in ("AB", "BA", "AA", "ABA", "BAB", "AAB", "ABBA", "AAAAAAA", "ABABABAB"):
            assert rays.find(w) == occurrences(rows, w)
            assert {cells_of(o) for o in rays.find(w)} == all_occurrences(rows, w)


def test_palindrome_is_one_occurrence():
    assert len(occurrences(["XLEVELX"], "LEVEL")) == 1


def test_solve_prefers_the_word_outside_a_longer_one():
    rows = ["PARTYQ", "XXXXXX", "QARTXX"]
    placed, unplaced = solve(rows, ["PARTY", "ART", "DOG"])
    assert unplaced == ["DOG"]
    art = next(p for p in placed if p.word == "ART")
    assert (art.row, art.col, art.dir) == (2, 1, "E")


def test_parse_rows(en, ru):
    assert parse_rows("abc/DEF", en) == ("ABC", "DEF")
    assert parse_rows("ab./DEF", en) == ("AB ", "DEF")
    assert parse_rows("ёж/ЕЛ", ru) == ("ЁЖ", "ЕЛ")
    for bad, msg in [("AB/C", "differ"), ("A1/BC", "'1'"), ("", "empty"), ("AB//CD", "row 2")]:
        with pytest.raises(WordSearchError, match=msg):
            parse_rows(bad, en)
