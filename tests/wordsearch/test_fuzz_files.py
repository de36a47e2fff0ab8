"""Fuzzing every Word Search file reader and both commands (issue 16).

Readers: the saved game (``read_save``: the puzzle and the play state, every value
checked), the words file (``read_entries``), the picture of cells (``--shape-file``:
``read_text_file`` + ``mask_from_picture``), and the word list ``--lexicon`` as the
command reads it.  Each gets random bytes, and real files with random damage (hostile JSON
values such as 5,000-digit numbers, NaN, infinity, ``<img src=...>`` titles, deep nesting;
keys dropped or added; bytes flipped; the file cut short).  The contract: a value back,
or :class:`WordSearchError` whose message is one line; what comes back is then used
(played, exported as text, saved again as strict JSON).  The commands ``wordsearch new``
and ``wordsearch solve`` run in this process with random flags and values: exit 0, or
exit 2 with exactly one line on stderr.

Modest example counts here (``WORDBLER_FUZZ_EXAMPLES``, default 40); the long run is
``scripts/fuzz_puzzles.py``.  ``TRIED`` counts the inputs each test has tried.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import tempfile
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbler.cli import main as cli_main
from wordbler.lexicon.alphabet import get_alphabet
from wordbler.wordsearch import Settings, generate, mask_from_picture
from wordbler.wordsearch.play import PlayState, read_save, write_json_atomic
from wordbler.wordsearch.textexport import to_text
from wordbler.wordsearch.words import WordSearchError, read_entries, read_text_file

from .conftest import POOL_EN, clean_draw, entries
from mutate import dump, mutate_doc, spoil_bytes  # tests/mutate.py

TRIED: Counter = Counter()

FUZZ = settings(
    max_examples=int(os.environ.get("WORDBLER_FUZZ_EXAMPLES", "40")),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much],
)

TMP = Path(tempfile.mkdtemp(prefix="wordbler-wordsearch-fuzz-"))


def _valid_save() -> dict:
    puzzle = generate(Settings(cols=10, rows=9, level="hard", bonus=("OWL",), message="hi",
                               title="Fun", theme="Things"),
                      entries(clean_draw(random.Random(3), 8)), 3)
    state = PlayState(puzzle, ["Ann", "Bob"])
    for p in puzzle.placed[:3]:
        state.select(p.cells[0], p.cells[-1])
    state.hint()
    state.tick(42.5)
    return json.loads(json.dumps(state.to_json()))


SAVE = _valid_save()
PICTURE = "..#####..\n.#######.\n#########\n#########\n#########\n.#######.\n..#####..\n"


def _one_line(e: BaseException) -> None:
    msg = str(e)
    assert msg and len(msg.splitlines()) == 1, repr(msg)


def _use(state: PlayState, rng: random.Random) -> None:
    """What the window does with a loaded game: play lines, hints, the clock, saving."""
    p = state.puzzle
    for _ in range(6):
        a = (rng.randrange(-1, p.n_rows + 1), rng.randrange(-1, p.n_cols + 1))
        b = (rng.randrange(-1, p.n_rows + 1), rng.randrange(-1, p.n_cols + 1))
        state.select(a, b)
    for pl in p.placed[:2]:
        state.select(pl.cells[-1], pl.cells[0])
    state.hint()
    state.tick(1.5)
    state.winners()
    to_text(p)
    to_text(p, lower=True)
    json.dumps(p.cli_json(), allow_nan=False)
    json.dumps(state.to_json(), allow_nan=False)   # saved again as strict JSON
    back = PlayState.from_json(json.loads(json.dumps(state.to_json())))
    assert back.puzzle.rows == p.rows and back.scores == state.scores


@FUZZ
@given(seed=st.integers(0, 2 ** 32 - 1), how=st.integers(0, 3))
def test_fuzz_save_reader(seed, how):
    TRIED["save"] += 1
    rng = random.Random(seed)
    if how == 0:
        data = rng.randbytes(rng.randint(0, 300))
    elif how == 1:
        data = spoil_bytes(dump(SAVE), rng)
    else:
        data = dump(mutate_doc(SAVE, rng, steps=4 if how == 2 else 1))
    path = TMP / f"save-{seed % 7}.json"
    path.write_bytes(data)
    try:
        state = read_save(path)
    except WordSearchError as e:
        _one_line(e)
        return
    _use(state, rng)


@FUZZ
@given(seed=st.integers(0, 2 ** 32 - 1), how=st.integers(0, 2))
def test_fuzz_words_file_reader(seed, how):
    TRIED["words"] += 1
    rng = random.Random(seed)
    lang = rng.choice(["en", "ru"])
    alphabet = get_alphabet(lang)
    good = "\n".join(w.lower() if rng.random() < 0.5 else w for w in rng.sample(POOL_EN, 12))
    if lang == "ru":
        good = "ёлка\nЛЕС\nкот-ёж\nзима лето\n"
    if how == 0:
        data = rng.randbytes(rng.randint(0, 200))
    elif how == 1:
        data = spoil_bytes(good.encode(), rng)
    else:  # text damage: odd characters put into the lines
        chars = ["ß", "ſ", "ı", "-", " ", "\t", "\u00a0", "'", "1", "é", "ё", "Q", "\u2028", "\r"]
        lines = good.splitlines()
        i = rng.randrange(len(lines))
        lines[i] = lines[i][:1] + rng.choice(chars) + lines[i][1:]
        data = "\n".join(lines).encode()
    path = TMP / f"words-{seed % 5}.txt"
    path.write_bytes(data)
    try:
        got = read_entries(path, alphabet, max_len=15)
    except WordSearchError as e:
        _one_line(e)
        return
    assert got and all(alphabet.is_word(e.word) and 2 <= len(e.word) <= 15 for e in got)
    assert len({e.word for e in got}) == len(got)
    puzzle = generate(Settings(cols=15, rows=15, level="hard", lang=lang), got, seed)
    assert {p.word for p in puzzle.placed} | set(puzzle.unplaced) == {e.word for e in got}


@FUZZ
@given(seed=st.integers(0, 2 ** 32 - 1), how=st.integers(0, 2))
def test_fuzz_shape_picture_reader(seed, how):
    TRIED["shape"] += 1
    rng = random.Random(seed)
    if how == 0:
        data = rng.randbytes(rng.randint(0, 200))
    elif how == 1:
        data = spoil_bytes(PICTURE.encode(), rng)
    else:
        rows = rng.randint(1, 60)
        cols = rng.randint(1, 60)
        data = "\n".join("".join(rng.choice("#.. x") for _ in range(cols)) for _ in range(rows)).encode()
    path = TMP / f"shape-{seed % 5}.txt"
    path.write_bytes(data)
    try:
        mask = mask_from_picture(read_text_file(path, what="shape file"))
    except WordSearchError as e:
        _one_line(e)
        return
    assert 5 <= mask.cols <= 50 and 5 <= mask.rows <= 50 and mask.count() >= 4
    try:
        puzzle = generate(Settings(mask=mask, level="hard"), entries(["OX", "CAT", "DOG"]), seed)
    except WordSearchError as e:   # a shape that leaves no room for the filler's rules
        _one_line(e)
        return
    assert len(puzzle.rows) == mask.rows and all(len(r) == mask.cols for r in puzzle.rows)
    for r in range(mask.rows):
        for c in range(mask.cols):
            assert (puzzle.rows[r][c] != " ") == mask.cells[r][c]


NEW_ARGS = ["--size", "--words", "--count", "--level", "--seed", "--lang", "--lexicon", "--json",
            "--paper", "--shape", "--shape-file", "--message", "--bonus", "--title", "--lower",
            "--text", "--theme"]
VALUES = ["15x15", "5x5", "12x7", "7x12", "50x50", "4x4", "0x4", "4x", "100x100", "-3x3",
          "5X5", "5×5", "5х5", "1" * 5000 + "x5", "", " ", "easy", "medium", "hard", "insane",
          "a4", "letter", "a3", "en", "ru", "fr", "1", "0", "-1", "20", "1000", "100000",
          "1" * 5000, "circle", "heart", "diamond", "star", "hi there", "ß", "ёж", "<b>x</b>",
          "WORDS", "RUWORDS", "LIST", "FIFO", "DIR", "BIN", "EMPTY", "MISSING", "LONG", "SHAPE",
          "OUT", "\n", "\u0663"]


def _files() -> dict:
    f = {"WORDS": TMP / "cli-words.txt", "RUWORDS": TMP / "cli-ru.txt", "LIST": TMP / "cli-list.txt",
         "FIFO": TMP / "cli-fifo", "DIR": TMP, "BIN": TMP / "cli-bin.txt", "EMPTY": TMP / "cli-empty.txt",
         "MISSING": TMP / "no-such-file", "LONG": TMP / "cli-long.txt", "SHAPE": TMP / "cli-shape.txt",
         "OUT": TMP / "cli-out.txt"}
    if not f["WORDS"].exists():
        f["WORDS"].write_text("cat\ndog\nparty\nart\nlevel\nice-cream\n", encoding="utf-8")
        f["RUWORDS"].write_text("ёлка\nлес\nкот\n", encoding="utf-8")
        f["LIST"].write_text("\n".join(POOL_EN), encoding="utf-8")
        f["BIN"].write_bytes(b"\x00\x01\x02")
        f["EMPTY"].write_bytes(b"")
        f["LONG"].write_text("a" * 60 + "\n", encoding="utf-8")
        f["SHAPE"].write_text(PICTURE, encoding="utf-8")
        os.mkfifo(f["FIFO"])
    return f


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    # in the temporary folder: a fuzzed "--text VALUE" writes a file named VALUE
    with contextlib.chdir(TMP), redirect_stdout(out), redirect_stderr(err):
        try:
            code = cli_main(argv)
        except SystemExit as e:   # argparse's own errors
            code = e.code
    return code, out.getvalue(), err.getvalue()


def _check_run(argv, code, out, err) -> None:
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        assert len(err.splitlines()) == 1 and out == "", (argv, err)
    else:
        assert err == "", (argv, err)
        if "--json" in argv:
            json.loads(out)


@FUZZ
@given(seed=st.integers(0, 2 ** 32 - 1))
def test_fuzz_wordsearch_new_command(seed):
    TRIED["wordsearch-new"] += 1
    rng = random.Random(seed)
    files = _files()
    argv = ["wordsearch", "new"]
    for _ in range(rng.randint(0, 6)):
        flag = rng.choice(NEW_ARGS)
        argv.append(flag)
        if flag not in ("--json", "--lower"):
            v = rng.choice(VALUES)
            argv.append(str(files.get(v, v)))
    if rng.random() < 0.5:
        argv += ["--words", str(files["WORDS"])]
    code, out, err = _run(argv)
    _check_run(argv, code, out, err)


@FUZZ
@given(seed=st.integers(0, 2 ** 32 - 1))
def test_fuzz_wordsearch_solve_command(seed):
    TRIED["wordsearch-solve"] += 1
    rng = random.Random(seed)
    files = _files()
    rows = rng.choice([
        "CATX/DOGX", "catx/dogx", "PARTY/XXXXX", "ЁЛКА/ЛЕСА", "ABC/DE", "", " ", "/", "A//B",
        "AB1", "(QU)IT", "ß", "A" * 51, "/".join(["A" * 5] * 51), "a.b/c d", "-",
    ])
    if rows != "-" and rng.random() < 0.5:
        rows = "/".join(r[:rng.randint(0, len(r))] + rng.choice(["", "x", "ё", "1", " "])
                        for r in rows.split("/"))
    argv = ["wordsearch", "solve", rows]
    for _ in range(rng.randint(0, 3)):
        flag = rng.choice(["--words", "--lang", "--json"])
        argv.append(flag)
        if flag != "--json":
            v = rng.choice(["WORDS", "RUWORDS", "BIN", "EMPTY", "FIFO", "DIR", "MISSING", "en", "ru",
                            "xx", "LONG"])
            argv.append(str(files.get(v, v)))
    if "--words" not in argv:
        argv += ["--words", str(files["WORDS" if rng.random() < 0.7 else "RUWORDS"])]
    if rows == "-":
        lines = rng.choice(["CATX/DOGX\n\nAB1\nёлка/лесс\n", "", "\n", "x" * 100])
        stdin = io.TextIOWrapper(io.BytesIO(lines.encode() + rng.choice([b"", b"\xff\xfe\n"])),
                                 encoding="utf-8")
        import sys
        saved, sys.stdin = sys.stdin, stdin
        try:
            code, out, err = _run(argv)
        finally:
            sys.stdin = saved
        assert code in (0, 2)
        if code == 0:
            for line in out.splitlines():
                json.loads(line)
        return
    code, out, err = _run(argv)
    _check_run(argv, code, out, err)


def test_a_good_save_survives_writing_next_to_a_bad_one(tmp_path):
    """Writing is atomic: a save that cannot be written leaves the previous file whole."""
    path = tmp_path / "autosave.json"
    state = PlayState.from_json(SAVE)
    write_json_atomic(path, state.to_json())
    before = path.read_bytes()
    try:
        write_json_atomic(path, {"bad": object()})
    except TypeError:
        pass
    assert path.read_bytes() == before and not list(tmp_path.glob(".*.tmp"))
