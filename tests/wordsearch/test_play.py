import json
import random

import pytest

from wordbler.wordsearch import Settings, generate
from wordbler.wordsearch.play import HINT_COST, PlayState, read_save, write_json_atomic
from wordbler.wordsearch.words import WordSearchError

from .conftest import clean_draw, entries


@pytest.fixture
def puzzle():
    return generate(Settings(cols=12, rows=12, level="hard", bonus=("OWL",), message="hi"),
                    entries(clean_draw(random.Random(1), 10)), 1)


def test_find_every_word_either_way(puzzle):
    s = PlayState(puzzle)
    for i, p in enumerate(puzzle.placed):
        a, b = p.cells[0], p.cells[-1]
        if i % 2:
            a, b = b, a  # dragged from the last letter to the first
        res = s.select(a, b)
        assert (res.kind, res.word, res.points) == ("found", p.word, len(p.word))
    assert s.finished
    again = s.select(puzzle.placed[0].cells[0], puzzle.placed[0].cells[-1])
    assert again.kind == "again"


def test_bonus_misses_and_bad_lines(puzzle):
    s = PlayState(puzzle)
    (owl,) = puzzle.bonus
    res = s.select(owl.cells[0], owl.cells[-1])
    assert res.kind == "bonus" and res.points == 6
    assert s.select((0, 0), (1, 2)).kind == "not_line"
    assert s.select((3, 3), (3, 3)).kind == "short"
    assert not s.finished and s.bonus_count() == 1 and s.found_count() == 0


def test_a_straight_line_across_a_gap_in_the_shape_says_so():
    # it said "Words run in straight lines." for a line that was straight
    from wordbler.wordsearch.grid import HOLE, make_mask

    p = generate(Settings(level="hard", mask=make_mask("heart", 15, 15)),
                 entries(clean_draw(random.Random(3), 10)), 3)
    s = PlayState(p)
    r, row = next((r, row) for r, row in enumerate(p.rows)
                  if HOLE in row.strip(HOLE))  # a row with a hole between letters
    cells = [c for c, ch in enumerate(row) if ch != HOLE]
    assert s.select((r, cells[0]), (r, cells[-1])).kind == "gap"
    assert s.select((r, cells[0]), (r + 1, cells[0] + 2)).kind == "not_line"


def test_hot_seat_turns(puzzle):
    s = PlayState(puzzle, ["Ann", "Bob"])
    p0, p1 = puzzle.placed[0], puzzle.placed[1]
    assert s.select(p0.cells[0], p0.cells[-1]).player == 0
    assert s.current == 0  # a find keeps the turn
    # a line that spells nothing passes the turn
    miss = None
    for r in range(12):
        res = s.select((r, 0), (r, 1))
        if res.kind == "miss":
            miss = res
            break
    assert miss is not None and miss.turn_passed and s.current == 1
    res = s.select(p1.cells[0], p1.cells[-1])
    assert res.player == 1 and s.scores == [len(p0.word), len(p1.word)]
    before = s.scores[1]
    hint = s.hint()
    assert hint is not None and hint.word not in s.found
    assert s.scores[1] == max(0, before - HINT_COST) and s.current == 1


def test_timer_stops_when_finished(puzzle):
    s = PlayState(puzzle)
    s.tick(5)
    assert s.elapsed == 5 and s.started
    for p in puzzle.placed:
        s.select(p.cells[0], p.cells[-1])
    s.tick(5)
    assert s.elapsed == 5


def test_save_round_trip_and_validation(tmp_path, puzzle):
    s = PlayState(puzzle, ["Ann", "Bob"])
    s.select(puzzle.placed[0].cells[0], puzzle.placed[0].cells[-1])
    s.tick(12.5)
    path = tmp_path / "wordsearch" / "autosave.json"
    write_json_atomic(path, s.to_json())
    t = read_save(path)
    assert t.to_json() == s.to_json()
    assert t.puzzle == puzzle
    data = json.loads(path.read_text())
    for key, value, msg in [("scores", [1], "scores"), ("current", 5, "current"), ("elapsed", -1, "time"),
                            ("found", [["NOPE", 0]], "found"), ("format", 9, "format")]:
        bad = dict(data, **{key: value})
        path.write_text(json.dumps(bad))
        with pytest.raises(WordSearchError, match=msg):
            read_save(path)
    bad = json.loads(json.dumps(data))
    bad["puzzle"]["rows"][0] = "1" * len(bad["puzzle"]["rows"][0])
    path.write_text(json.dumps(bad))
    with pytest.raises(WordSearchError, match="row 0"):
        read_save(path)
    bad = json.loads(json.dumps(data))
    bad["puzzle"]["placed"][0]["row"] += 1
    path.write_text(json.dumps(bad))
    with pytest.raises(WordSearchError, match="does not read"):
        read_save(path)
    path.write_text("{not json")
    with pytest.raises(WordSearchError, match="not valid JSON"):
        read_save(path)
    with pytest.raises(WordSearchError, match="not a regular file"):
        read_save(tmp_path)


def test_text_export_has_grid_words_and_key(puzzle):
    from wordbler.wordsearch.textexport import to_text

    text = to_text(puzzle)
    assert " ".join(puzzle.rows[0]) in text
    for p in puzzle.placed:
        assert puzzle.shown(p.word) in text
    assert "Answer key" in text and "Hidden message: hi" in text
    assert to_text(puzzle, lower=True).count(" ".join(puzzle.rows[0]).lower()) == 1
