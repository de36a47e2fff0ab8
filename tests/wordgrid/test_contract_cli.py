"""``wordbler-cli wordgrid new`` / ``solve`` checked against MODES.md the way an outside check
calls them: child processes, ``--lang`` with ``--lexicon`` together, bad input and bad files.
Swap counts are checked with the engine's counter (``min_swaps``) on the printed rows, and
every row/column word of a solved grid against the word list."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordbler.wordgrid.swaps import min_swaps

from tests.wordgrid.helpers import random_words

ROOT = Path(__file__).resolve().parent.parent.parent
RU = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
EN_WORDS = random_words(5, 1500, 1)
RU_WORDS = random_words(5, 1500, 2, letters=RU)


def _cli(*argv: str, env: dict | None = None, stdin: bytes | None = None,
         timeout: float = 120) -> subprocess.CompletedProcess:
    full = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "wordbler.cli", "wordgrid", *argv],
                          capture_output=True, cwd=ROOT, env=full, input=stdin, timeout=timeout)


def _json(*argv: str, env: dict | None = None) -> dict:
    r = _cli(*argv, "--json", env=env)
    assert r.returncode == 0, r.stderr.decode()
    assert r.stderr == b""
    return json.loads(r.stdout.decode("utf-8"))


def _bad(*argv: str, stdin: bytes | None = None) -> str:
    r = _cli(*argv, stdin=stdin, timeout=30)
    err = r.stderr.decode("utf-8", "replace")
    assert r.returncode == 2, (r.returncode, err)
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("wordbler-cli wordgrid"), err
    return err


def cells(row: str) -> list[str]:
    out, i = [], 0
    while i < len(row):
        if row[i] == "(":
            j = row.index(")", i)
            out.append(row[i + 1:j])
            i = j + 1
        else:
            out.append(row[i])
            i += 1
    return out


def grid(rows: list[str]) -> list[list[str]]:
    return [cells(r) for r in rows]


def words_of(g: list[list[str]]) -> list[str]:
    n = len(g)
    across = ["".join(g[r]) for r in range(0, n, 2)]
    down = ["".join(g[r][c] for r in range(n)) for c in range(0, n, 2)]
    return across + down


def check_shape(rows: list[str], n: int) -> None:
    g = grid(rows)
    assert len(g) == n and all(len(r) == n for r in g)
    for r in range(n):
        for c in range(n):
            assert (g[r][c] == " ") == (r % 2 == 1 and c % 2 == 1), (rows, r, c)


def flat(rows: list[str]) -> list[str]:
    return [c for r in grid(rows) for c in r]


def apply(rows: list[str], swaps) -> list[list[str]]:
    g = grid(rows)
    for r1, c1, r2, c2 in swaps:
        assert g[r1][c1] != " " and g[r2][c2] != " "
        g[r1][c1], g[r2][c2] = g[r2][c2], g[r1][c1]
    return g


@pytest.fixture(scope="module")
def en_file(tmp_path_factory):
    p = tmp_path_factory.mktemp("lex") / "en.txt"
    p.write_text("\r\n".join(w.lower() for w in EN_WORDS) + "\r\nstraße\r\n", encoding="utf-8")
    return str(p)


@pytest.fixture(scope="module")
def ru_file(tmp_path_factory):
    p = tmp_path_factory.mktemp("lex") / "ru.txt"
    p.write_text("\n".join(w.lower() for w in RU_WORDS) + "\nlatin\n", encoding="utf-8")
    return str(p)


@pytest.fixture(scope="module")
def en_new(en_file):
    return _json("new", "--seed", "11", "--lang", "en", "--lexicon", en_file)


def test_new_fields_shape_and_fewest_swaps(en_new):
    d = en_new
    assert d["size"] == 5 and isinstance(d["swaps"], int)
    check_shape(d["solution"], 5)
    check_shape(d["puzzle"], 5)
    assert sorted(flat(d["puzzle"])) == sorted(flat(d["solution"]))
    assert d["swaps"] == min_swaps(flat(d["puzzle"]), flat(d["solution"])) == 10
    assert all(w in set(EN_WORDS) for w in words_of(grid(d["solution"])))


def test_same_seed_same_puzzle_across_hash_seeds(en_file, en_new):
    for hs in ("0", "1", "4242"):
        d = _json("new", "--seed", "11", "--lang", "en", "--lexicon", en_file,
                  env={"PYTHONHASHSEED": hs})
        assert (d["solution"], d["puzzle"], d["swaps"]) == (en_new["solution"], en_new["puzzle"],
                                                          en_new["swaps"])


def test_solve_undoes_new(en_file, en_new):
    d = _json("solve", "/".join(en_new["puzzle"]), "--lang", "en", "--lexicon", en_file)
    assert set(d) >= {"solution", "swaps"}
    g = apply(en_new["puzzle"], d["swaps"])
    assert ["".join(r) for r in g] == d["solution"] == en_new["solution"]   # unique: the same grid
    assert len(d["swaps"]) == en_new["swaps"]
    assert all(w in set(EN_WORDS) for w in words_of(g))


def test_russian_new_and_solve(ru_file):
    d = _json("new", "--seed", "5", "--lang", "ru", "--lexicon", ru_file)
    check_shape(d["puzzle"], 5)
    assert d["swaps"] == min_swaps(flat(d["puzzle"]), flat(d["solution"]))
    # lower case in, upper case out (ё -> Ё through the alphabet's own table)
    s = _json("solve", "/".join(d["puzzle"]).lower(), "--lang", "ru", "--lexicon", ru_file)
    g = apply(d["puzzle"], s["swaps"])
    assert all(w in set(RU_WORDS) for w in words_of(g))
    assert len(s["swaps"]) == min_swaps(flat(d["puzzle"]), flat(s["solution"]))


def test_bundled_seven_by_seven_same_seed():
    a = _json("new", "--size", "7", "--seed", "2")
    b = _json("new", "--size", "7", "--seed", "2", env={"PYTHONHASHSEED": "99"})
    assert a["size"] == 7 and a["puzzle"] == b["puzzle"] and a["solution"] == b["solution"]
    check_shape(a["puzzle"], 7)
    assert a["swaps"] == min_swaps(flat(a["puzzle"]), flat(a["solution"])) == 20


@pytest.mark.parametrize("rows", [
    "SOUßS/C R Y/REIGN/U N T/BEECH",      # ß is not an English letter
    "SOUPS/C R Y/REIGN/U N T",            # an even number of rows
    "SOUP/C R/REIG/U N",                   # even size
    "SOUPS/C R Y/REIGNS/U N T/BEECH",     # ragged
    "SOUPS/C R Y/REIGN/U N T/BEEC",       # ragged (short)
    "SOUPS/CXR Y/REIGN/U N T/BEECH",      # a letter where a hole is
    "SO PS/C R Y/REIGN/U N T/BEECH",      # a hole where a letter is
    "",                                    # empty
    "S(QU)PS/C R Y/REIGN/U N T/BEECH",    # a cell of two letters: the row is too long
])
def test_bad_rows(rows, en_file):
    _bad("solve", rows, "--lang", "en", "--lexicon", en_file)


def test_latin_letters_with_russian(ru_file):
    _bad("solve", "SOUPS/C R Y/REIGN/U N T/BEECH", "--lang", "ru", "--lexicon", ru_file)


@pytest.mark.parametrize("argv", [
    ("new", "--size", "6"), ("new", "--size", "4"), ("new", "--lang", "xx"),
    ("new", "--seed", "x"), ("solve",), ("frobnicate",),
])
def test_bad_arguments(argv):
    _bad(*argv)


def _bad_files(tmp: Path) -> dict[str, str]:
    (tmp / "empty.txt").write_bytes(b"")
    (tmp / "binary.bin").write_bytes(bytes(range(256)) * 40)
    (tmp / "folder").mkdir()
    os.mkfifo(tmp / "fifo")
    return {"missing": str(tmp / "nope.txt"), "empty": str(tmp / "empty.txt"),
            "binary": str(tmp / "binary.bin"), "folder": str(tmp / "folder"),
            "fifo": str(tmp / "fifo")}


@pytest.mark.parametrize("kind", ["missing", "empty", "binary", "folder", "fifo"])
@pytest.mark.parametrize("cmd", [("new", "--seed", "1"), ("solve", "SOUPS/C R Y/REIGN/U N T/BEECH")])
def test_bad_lexicon(tmp_path, kind, cmd):
    files = _bad_files(tmp_path)
    _bad(*cmd, "--lang", "en", "--lexicon", files[kind])   # a FIFO never blocks (timeout 30 s)


def test_fuzzed_rows_never_raise(en_file):
    """Random puzzle text in one process (batch mode, the list loaded once): every line gets a
    solution or ``{"error": ...}``; nothing escapes."""
    import random as _random

    rng = _random.Random(16)
    alphabet = "ABCZßſı ё/()?\t\x00é" + "SOUPSCRYREIGNUNTBEECH"
    lines = []
    for _ in range(150):
        n = rng.choice([3, 5, 7])
        rows = ["".join(rng.choice(alphabet) for _ in range(rng.choice([n, n, n - 1, n + 1])))
                for _ in range(rng.choice([n, n, n - 1]))]
        lines.append("/".join(rows).replace("\n", " "))
    r = _cli("solve", "-", "--lang", "en", "--lexicon", en_file,
             stdin="\n".join(lines).encode("utf-8"), timeout=120)
    assert r.returncode == 0 and b"Traceback" not in r.stderr, r.stderr.decode()
    out = [json.loads(x) for x in r.stdout.decode("utf-8").splitlines()]
    assert len(out) == len(lines)  # one answer a query, in order
    assert all(("error" in d and "\n" not in d["error"]) or set(d) >= {"solution", "swaps"}
               for d in out)


def test_batch_answers_every_line_in_order(en_file):
    # a blank line is an empty puzzle, answered with an error on its line (it used to be
    # skipped, so the answers no longer lined up with the queries); a BOM before the first
    # line is not part of it; a line that is not UTF-8 gets an error of its own
    made = _cli("new", "--seed", "3", "--lang", "en", "--lexicon", en_file, "--json")
    puzzle = "/".join(json.loads(made.stdout)["puzzle"]).encode()
    stdin = b"\xef\xbb\xbf" + puzzle + b"\n\n   \r\n\xff\xfe\n" + puzzle + b"\r\n"
    r = _cli("solve", "-", "--lang", "en", "--lexicon", en_file, stdin=stdin, timeout=120)
    assert r.returncode == 0, r.stderr.decode()
    out = [json.loads(x) for x in r.stdout.decode("utf-8").splitlines()]
    assert len(out) == 5
    assert "solution" in out[0] and out[4] == out[0]
    assert out[1] == out[2] == {"error": "the puzzle is empty"}
    assert out[3] == {"error": "the line is not UTF-8 text (invalid byte at offset 0)"}
