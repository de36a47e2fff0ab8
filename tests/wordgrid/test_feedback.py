"""Green / yellow / grey against a straightforward reference of the rule."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from wordbler.wordgrid.feedback import Mark, feedback
from wordbler.wordgrid.grid import layout, parse_rows
from wordbler.lexicon import get_alphabet


def reference(size, current, solution):
    """The rule written out per word and per cell: within a word, a non-green cell is
    yellow when fewer cells before it (non-green, same letter) took a yellow than copies of
    its letter are missing from the word's non-green cells.  A crossing cell is yellow when
    either word says so."""
    lay = layout(size)
    out = []
    for cell in range(lay.n_cells):
        if current[cell] == solution[cell]:
            out.append("green")
            continue
        yellow = False
        for slot in lay.slots:
            if cell not in slot.cells:
                continue
            cells = list(slot.cells)
            letter = current[cell]
            missing = sum(1 for i in cells if current[i] != solution[i] and solution[i] == letter)
            before = sum(1 for i in cells[:cells.index(cell)]
                         if current[i] != solution[i] and current[i] == letter)
            if before < missing:
                yellow = True
        out.append("yellow" if yellow else "grey")
    return out


def marks(size, current, solution):
    return [m.value for m in feedback(layout(size), current, solution)]


def test_repeated_letter_yellow_only_as_often_as_missing():
    en = get_alphabet("en")
    _, sol = parse_rows("ABBEY/X X X/XXXXX/X X X/XXXXX", en)
    _, cur = parse_rows("BBYEA/X X X/XXXXX/X X X/XXXXX", en)
    # row 0: A B B E Y wanted, B B Y E A shown: the second B is green, the E green; one B is
    # missing from the row's other cells, so the first B is yellow; Y and A yellow
    got = marks(5, cur, sol)
    assert got[:5] == ["yellow", "green", "yellow", "green", "yellow"]
    assert got == reference(5, cur, sol)


def test_only_first_copy_yellow():
    en = get_alphabet("en")
    _, sol = parse_rows("EAGLE/Q Q Q/QQQQQ/Q Q Q/QQQQQ", en)
    _, cur = parse_rows("LEEEA/Q Q Q/QQQQQ/Q Q Q/QQQQQ", en)
    # nothing green; E is missing twice from the row, so only the first two Es are yellow
    got = marks(5, cur, sol)
    assert got == reference(5, cur, sol)
    assert got[:5] == ["yellow", "yellow", "yellow", "grey", "yellow"]


def test_crossing_cell_yellow_from_either_word():
    en = get_alphabet("en")
    _, sol = parse_rows("ABCDE/F G H/IJKLM/N O P/QRSTU", en)
    cur = list(sol)
    lay = layout(5)
    a, b = lay.cell(0, 0), lay.cell(4, 4)  # A and U swap: A is in no word through [4,4]
    cur[a], cur[b] = cur[b], cur[a]
    got = marks(5, cur, sol)
    assert got[a] == "grey" and got[b] == "grey"
    c = lay.cell(0, 4)  # E at [0,4] crosses row 0 and column 4; swap it with [0,0]'s A
    cur = list(sol)
    cur[lay.cell(0, 0)], cur[lay.cell(4, 0)] = cur[lay.cell(4, 0)], cur[lay.cell(0, 0)]
    got = marks(5, cur, sol)
    # A (now at [4,0]) is missing from column 0: yellow through the column only
    assert got[lay.cell(4, 0)] == "yellow" and got[lay.cell(0, 0)] == "yellow"
    assert got == reference(5, cur, sol)
    assert c is not None


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([5, 7]), st.text(alphabet="AEST", min_size=40, max_size=40), st.randoms())
def test_against_reference(size, letters, rnd):
    n = layout(size).n_cells
    solution = list(letters[:n])
    current = solution[:]
    rnd.shuffle(current)
    assert marks(size, current, solution) == reference(size, current, solution)


def test_reference_many_random_with_duplicates():
    rng = random.Random(5)
    for _ in range(400):
        size = rng.choice([5, 7])
        n = layout(size).n_cells
        solution = [rng.choice("AABE") for _ in range(n)]
        current = solution[:]
        for _ in range(rng.randint(0, 12)):
            i, j = rng.randrange(n), rng.randrange(n)
            current[i], current[j] = current[j], current[i]
        got = marks(size, current, solution)
        assert got == reference(size, current, solution)
        assert all(g == "green" for g, a, b in zip(got, current, solution) if a == b)


def test_solved_grid_all_green():
    sol = list("ABCDEFGHIJKLMNOPQRSTU")
    assert set(feedback(layout(5), sol, sol)) == {Mark.GREEN}
