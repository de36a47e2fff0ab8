"""Paths on the board and the rules of a drag: adjacency, no reuse, backtracking."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordbler.snake import Board, BoardError, PathProblem, Selection, Step

from .conftest import is_path

B = Board.from_rows(["(QU)ITE", "SEAT", "NOTE", "CATS"])


def test_rows_and_tiles():
    assert (B.rows, B.cols, B.size) == (4, 4, 16)
    assert B.tile((0, 0)) == "QU"
    assert B.row_strings()[0] == "(QU)ITE"
    assert str(B).startswith("(QU)ITE/SEAT")
    assert len(B.neighbours((0, 0))) == 3
    assert len(B.neighbours((1, 1))) == 8


@pytest.mark.parametrize("rows, msg", [
    ([], "at least one row"),
    (["AB", "C"], "row 1 has 1"),
    (["A)B"], "without"),
    (["(Q"], "without"),
])
def test_bad_rows_are_refused(rows, msg):
    with pytest.raises(BoardError, match=msg):
        Board.from_rows(rows)


def test_path_problems():
    assert B.path_problem([(0, 0), (0, 1), (0, 2)]) is None
    assert B.path_problem([]) is PathProblem.EMPTY
    assert B.path_problem([(0, 0), (0, 2)]) is PathProblem.NOT_ADJACENT
    assert B.path_problem([(0, 0), (1, 1), (0, 0)]) is PathProblem.REUSED
    assert B.path_problem([(0, 0), (-1, 0)]) is PathProblem.OUTSIDE
    assert B.spell([(0, 0), (0, 1), (0, 2)]) == "QUIT"


def test_selection_adds_neighbours_only():
    s = Selection(B)
    assert s.touch((1, 1)) is Step.STARTED
    assert s.touch((1, 1)) is Step.SAME
    assert s.touch((3, 3)) is Step.NOT_ADJACENT
    assert s.cells == ((1, 1),)
    assert s.touch((2, 2)) is Step.ADDED          # diagonal
    assert s.touch((2, 1)) is Step.ADDED          # across
    assert s.touch((1, 1)) is Step.REUSED         # used, not the one before the last
    assert s.cells == ((1, 1), (2, 2), (2, 1))
    assert s.touch((9, 9)) is Step.OUTSIDE


def test_selection_backtracks_onto_the_previous_tile():
    s = Selection(B, [(0, 0), (0, 1), (0, 2)])
    assert s.text == "QUIT"
    assert s.touch((0, 1)) is Step.BACKTRACKED
    assert s.cells == ((0, 0), (0, 1))
    assert s.touch((0, 0)) is Step.BACKTRACKED
    assert s.cells == ((0, 0),)
    # with one tile there is nothing before it: touching a neighbour adds it
    assert s.touch((0, 1)) is Step.ADDED


def test_selection_refuses_a_bad_start_path():
    with pytest.raises(ValueError):
        Selection(B, [(0, 0), (2, 2)])
    s = Selection(B)
    with pytest.raises(ValueError):
        s.set([(0, 0), (0, 0)])
    s.set([(3, 0), (3, 1)])
    assert s.text == "CA"


def test_find_path_for_typed_words():
    p = B.find_path("SEAT")
    assert p is not None and B.spell(p) == "SEAT" and is_path(B, p)
    assert B.find_path("QUITE") is not None
    assert B.find_path("ZZZ") is None
    assert B.find_path("QI") is None                 # Q is only on the QU tile
    # a typed Q lights the QU tile while the U is still to come
    assert B.find_path("Q", partial=True) == ((0, 0),)
    assert B.find_path("Q") is None
    assert B.find_path("") == ()


def test_find_path_keeps_the_preferred_tiles():
    board = Board.from_rows(["TAT", "AXA", "TAT"])
    for prefer in [((0, 0), (0, 1)), ((2, 2), (2, 1)), ((0, 2), (1, 2))]:
        p = board.find_path("TAT", prefer=prefer)
        assert p[:2] == prefer and board.spell(p) == "TAT"


boards = st.integers(2, 4).flatmap(lambda r: st.integers(2, 4).flatmap(
    lambda c: st.lists(st.lists(st.sampled_from(["A", "B", "C", "QU"]), min_size=c, max_size=c),
                       min_size=r, max_size=r)))


@settings(max_examples=60, deadline=None)
@given(boards, st.data())
def test_find_path_finds_every_spelled_path(rows, data):
    """Whatever a real path spells, find_path finds a path spelling the same."""
    board = Board.from_rows(rows)
    path = data.draw(st.sampled_from(list(board.all_paths(4))))
    text = board.spell(path)
    found = board.find_path(text)
    assert found is not None and board.spell(found) == text and is_path(board, found)


@settings(max_examples=60, deadline=None)
@given(boards, st.lists(st.tuples(st.integers(-1, 4), st.integers(-1, 4)), max_size=12))
def test_selection_is_always_a_path(rows, touches):
    """Any sequence of touches leaves the selection a valid path (or empty)."""
    board = Board.from_rows(rows)
    s = Selection(board)
    for cell in touches:
        before = s.cells
        step = s.touch(cell)
        if step in (Step.SAME, Step.NOT_ADJACENT, Step.REUSED, Step.OUTSIDE):
            assert s.cells == before
        elif step is Step.BACKTRACKED:
            assert s.cells == before[:-1]
        else:
            assert s.cells == before + (cell,)
        assert not s.cells or is_path(board, s.cells)


def test_all_paths_counts_small_boards():
    # 2x2: 4 single cells, 12 ordered pairs, 24 paths of 3, 24 of 4 (all cells adjacent)
    board = Board.from_rows(["AB", "CD"])
    lengths = [len(p) for p in board.all_paths(4)]
    assert [lengths.count(n) for n in (1, 2, 3, 4)] == [4, 12, 24, 24]


def test_a_yo_tile_may_be_typed_as_ye():
    # Russian Ё is usually written Е: typing ПРИКЛЕПКА did not light ПРИКЛЁПКА's tiles
    b = Board.from_rows(["ЁЛК", "ЖОА", "МЕР"])
    loose = {"Ё": "Е"}
    p = b.find_path("ЕЛКА", typed_as=loose)
    assert p == ((0, 0), (0, 1), (0, 2), (1, 2)) and b.spell(p) == "ЁЛКА"
    assert b.find_path("ЕЛКА") is None            # the letters as they are: no such path
    assert b.find_path("ЁЛКА", typed_as=loose) == p  # Ё typed still fits
    # only the tile is loose: a typed Ё never lights an Е tile
    assert b.find_path("МЕ", typed_as=loose) == ((2, 0), (2, 1))
    assert b.find_path("МЁ", typed_as=loose) is None
