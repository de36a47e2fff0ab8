"""``generate(..., lines=changed_lines(...))``: after one move, the moves of a rack are the
old board's moves on the lines the move did not change plus the new board's moves on the
lines it did (the expert's simulation relies on it).  Checked against generating the whole
new board, over random games played with a small word list."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from wordbler.boardgame.movegen import LexGraph, generate
from wordbler.boardgame.movegen.generator import changed_lines
from wordbler.boardgame.rules import STANDARD

from .test_movegen_properties import WORDS

GRAPH = LexGraph.build(WORDS)
EMPTY = tuple("." * 15 for _ in range(15))
BAG = "AAAAAAAAABBCCDDDDEEEEEEEEEEEEFFGGGHHIIIIIIIIIJKLLLLMMNNNNNNOOOOOOOOPPQRRRRRRSSSSTTTTTTUUUUVVWWXYYZ??"


def place(rows, rec):
    _score, down, line, start, word = rec
    grid = [list(r) for r in rows]
    placed = []
    for i, ch in enumerate(word):
        r, c = (start + i, line) if down else (line, start + i)
        if grid[r][c] == ".":
            grid[r][c] = ch
            placed.append((r, c))
    return tuple("".join(r) for r in grid), placed


def combined(before, after, placed, rack):
    rows, cols = changed_lines(after, placed)
    kept = [m for m in generate(before, rack, GRAPH).records
            if m[2] not in (cols if m[1] else rows)]
    return sorted(kept + generate(after, rack, GRAPH, STANDARD, (rows, cols)).records)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_moves_after_a_move_are_the_old_moves_off_the_changed_lines_plus_the_new_ones(seed):
    rng = random.Random(seed)
    rows = EMPTY
    for _turn in range(8):
        rack = "".join(rng.sample(BAG, 7))
        moves = generate(rows, rack, GRAPH).records
        if not moves:
            continue
        after, placed = place(rows, rng.choice(moves))
        for _ in range(3):
            other = "".join(rng.sample(BAG, 7))
            assert combined(rows, after, placed, other) == sorted(generate(after, other, GRAPH).records)
        rows = after


def test_changed_lines_reach_past_the_crossing_runs():
    rows = ["." * 15 for _ in range(15)]
    rows[5] = "....." + "A" + "." * 9  # a tile at (5, 5)
    rows[7] = "....." + "T" + "." * 9  # a tile at (7, 5)
    rows[6] = "....." + "E" + "." * 9  # placed: joins them into one run, rows 5-7
    r, c = changed_lines(rows, [(6, 5)])
    assert r == {4, 6, 8} and c == {4, 5, 6}
