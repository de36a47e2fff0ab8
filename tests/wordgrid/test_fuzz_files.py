"""Fuzzing the Word Grid save reader (issue 16): ``load_progress`` (the game in play and the
statistics, one file).

Inputs: random bytes, real saves with random damage (``tests/mutate.py``: 5,000-digit
numbers, NaN, infinity, JSON nested 100,000 deep, wrong types, keys dropped or doubled,
bytes flipped, the file cut short), and special files (a FIFO, a folder, a huge file).  The
contract: a ``Progress`` back, never an exception; when the file is refused the problem is one
line and the file is set aside as ``progress.json.bad`` with its bytes kept (its statistics
still used when only the game part is refused), except a newer version's file, left as it
is; a loaded game can be played on and saved again.  The number of examples is modest here
(``WORDBLER_FUZZ_EXAMPLES``, default 40).
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbler.wordgrid.game import Stats, new_game
from wordbler.wordgrid.puzzle import generate
from wordbler.wordgrid.storage import MAX_BYTES, load_progress, save_progress

from tests.wordgrid.helpers import random_words
from mutate import dump, mutate_doc, spoil_bytes  # tests/mutate.py

FUZZ = settings(max_examples=int(os.environ.get("WORDBLER_FUZZ_EXAMPLES", "40")),
                deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])

PUZZLE = generate(5, random_words(5, 1500, 1), 8)


def _good_doc() -> dict:
    """A real save: a started game with a few swaps (one undone) and some statistics."""
    g = new_game(PUZZLE, lang="en", daily="2026-03-14")
    cells = [i for i in range(g.layout.n_cells) if not g.locked(i)]
    g.swap(cells[0], cells[1])
    g.swap(cells[2], cells[3])
    g.undo()
    stats = Stats()
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "progress.json"
        save_progress(g, stats, p)
        doc = json.loads(p.read_text(encoding="utf-8"))
    doc["stats"].update(played=3, won=2, stars=7, streak=1, best_streak=2,
                        star_counts=[0, 0, 0, 1, 1, 0], finished=["daily:2026-03-13"])
    return doc


GOOD = _good_doc()
GOOD_BYTES = json.dumps(GOOD).encode("utf-8")


def _check(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "progress.json"
        path.write_bytes(raw)
        progress = load_progress(path)          # never raises
        if progress.problem is None:
            assert path.read_bytes() == raw      # a file that is used is left as it was
            g = progress.game
            if g is not None and not g.over:     # the loaded game plays on and saves again
                free = [i for i in range(g.layout.n_cells) if not g.locked(i)]
                if len(free) >= 2:
                    g.swap(free[0], free[1])
            save_progress(g, progress.stats, path)
            again = load_progress(path)
            assert again.problem is None, again.problem
        else:
            assert "\n" not in progress.problem and len(progress.problem) < 600
            assert progress.game is None
            if progress.newer:  # a newer version's file: left as it is, for that version
                assert progress.stats == Stats() and progress.kept_as is None
                assert path.read_bytes() == raw
                assert not path.with_name("progress.json.bad").exists()
                return
            assert not path.exists()
            assert path.with_name("progress.json.bad").read_bytes() == raw  # kept, renamed
            if progress.stats_read:  # only the game part was refused: the statistics are used
                assert progress.stats == Stats.from_dict(json.loads(raw).get("stats", {}))
            else:
                assert progress.stats == Stats()


def test_the_good_save_loads():
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "progress.json"
        path.write_bytes(GOOD_BYTES)
        progress = load_progress(path)
        assert progress.problem is None and progress.game is not None
        assert progress.game.swaps_used == 3 and progress.stats.won == 2


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes(raw):
    _check(raw)


@FUZZ
@given(st.integers(0, 2**32 - 1))
def test_mutated_saves(seed):
    rng = random.Random(seed)
    _check(dump(mutate_doc(GOOD, rng, steps=rng.randint(1, 4))))


@FUZZ
@given(st.integers(0, 2**32 - 1))
def test_spoiled_bytes(seed):
    _check(spoil_bytes(GOOD_BYTES, random.Random(seed)))


@settings(max_examples=30, deadline=None, database=None)
@given(st.sampled_from(["game", "stats", "version"]),
       st.sampled_from(["NaN", "Infinity", "-Infinity", "1" * 5000, "[" * 100_000 + "]" * 100_000,
                        "1e999", "-1", "true", "null", '"5"', "{}", "[]", "3.5", '"x"' * 1]))
def test_each_top_value_hostile(key, value):
    text = json.dumps(GOOD).replace(f'"{key}": ', f'"{key}": {value}, "_old_{key}": ', 1)
    _check(text.encode("utf-8"))


def _refused_and_kept(path: Path, what: str) -> None:
    progress = load_progress(path)
    assert progress.problem and "\n" not in progress.problem, progress.problem
    assert what in progress.problem
    assert progress.game is None
    assert os.path.lexists(path.with_name("progress.json.bad"))


def test_fifo_folder_and_huge_file_are_refused(tmp_path):
    fifo = tmp_path / "f" / "progress.json"
    fifo.parent.mkdir()
    os.mkfifo(fifo)
    _refused_and_kept(fifo, "not a regular file")           # no hang
    folder = tmp_path / "d" / "progress.json"
    folder.mkdir(parents=True)
    _refused_and_kept(folder, "not a regular file")
    huge = tmp_path / "h" / "progress.json"
    huge.parent.mkdir()
    with open(huge, "wb") as f:
        f.truncate(MAX_BYTES + 1)
    _refused_and_kept(huge, "more than a save can be")
    # the good save written after a refused one is read back whole
    save_progress(None, Stats(played=1), huge)
    assert load_progress(huge).stats.played == 1


def test_a_refused_file_never_takes_the_good_save(tmp_path):
    path = tmp_path / "progress.json"
    path.write_bytes(GOOD_BYTES)
    assert load_progress(path).problem is None
    assert path.read_bytes() == GOOD_BYTES      # reading never rewrites a good save
    path.write_bytes(b'{"version": 1, "stats": NaN}')
    assert load_progress(path).problem
    assert path.with_name("progress.json.bad").read_bytes() == b'{"version": 1, "stats": NaN}'


def test_a_5000_character_row_gives_a_short_message(tmp_path):
    # found by test_spoiled_bytes: the message quoted the whole row (5,130 characters)
    doc = json.loads(GOOD_BYTES)
    doc["game"]["puzzle"][4] = "1" * 5000 + doc["game"]["puzzle"][4]
    path = tmp_path / "progress.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    problem = load_progress(path).problem
    assert problem and len(problem) < 300 and "\n" not in problem and "5005 characters" in problem
