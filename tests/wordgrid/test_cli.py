"""``wordbler-cli wordgrid new`` / ``solve`` per the contract in MODES.md."""

import io
import json

import pytest

from wordbler.cli import main
from wordbler.wordgrid.grid import layout, parse_rows
from wordbler.wordgrid.swaps import apply_swaps, min_swaps
from wordbler.lexicon import get_alphabet

from tests.wordgrid.helpers import random_words


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory):
    path = tmp_path_factory.mktemp("lex") / "words.txt"
    words = random_words(5, 1500, 1) + random_words(7, 4000, 2)
    path.write_text("\r\n".join(w.lower() for w in words) + "\r\nnot-a-word\r\n", encoding="utf-8")
    return path


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def check_new(data, size, words):
    assert set(data) >= {"size", "solution", "puzzle", "swaps"}
    assert data["size"] == size and data["swaps"] == {5: 10, 7: 20}[size]
    en = get_alphabet("en")
    lay, sol = parse_rows(data["solution"], en, size=size)
    _, puz = parse_rows(data["puzzle"], en, size=size)
    assert all(" " in row for row in data["puzzle"][1::2])
    assert min_swaps(puz, sol) == data["swaps"]
    assert all(w in words for w in lay.words(sol))
    return puz, sol


@pytest.mark.parametrize("size", [5, 7])
def test_new_then_solve_with_lexicon(capsys, lexicon, size):
    words = set(lexicon.read_text().upper().split())
    code, out, err = run(capsys, "wordgrid", "new", "--size", str(size), "--seed", "4",
                         "--lexicon", str(lexicon), "--lang", "en", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    puz, sol = check_new(data, size, words)
    # the same seed gives the same puzzle
    code, again, _ = run(capsys, "wordgrid", "new", "--size", str(size), "--seed", "4",
                         "--lexicon", str(lexicon), "--json")
    assert json.loads(again) == data
    if size == 7:
        return  # solving 7x7 is covered by the engine tests; keep this test fast
    code, out, err = run(capsys, "wordgrid", "solve", "/".join(data["puzzle"]),
                         "--lexicon", str(lexicon), "--json")
    assert code == 0
    solved = json.loads(out)
    assert solved["solution"] == data["solution"]
    lay = layout(size)
    pairs = [(lay.cell(r1, c1), lay.cell(r2, c2)) for r1, c1, r2, c2 in solved["swaps"]]
    assert len(pairs) == data["swaps"]
    assert apply_swaps(puz, pairs) == sol


def test_new_default_common_words_and_text(capsys):
    code, out, err = run(capsys, "wordgrid", "new", "--seed", "1")
    assert code == 0 and "seed 1" in out and "10 swaps" in out
    code, out, _ = run(capsys, "wordgrid", "new", "--seed", "1", "--lang", "ru", "--json")
    data = json.loads(out)
    assert code == 0 and data["size"] == 5 and data["swaps"] == 10
    assert all(ch == " " or "А" <= ch <= "Я" or ch == "Ё" for row in data["puzzle"] for ch in row)
    # French: the common French words, solved back to the same grid
    code, out, _ = run(capsys, "wordgrid", "new", "--seed", "2", "--lang", "fr", "--json")
    data = json.loads(out)
    assert code == 0 and data["lang"] == "fr" and data["swaps"] == 10
    from wordbler.lexicon import common_words

    common = set(common_words("fr", length=5))
    assert set(data["words"]) <= common and len(data["words"]) == 6
    code, out, _ = run(capsys, "wordgrid", "solve", "/".join(data["puzzle"]), "--lang", "fr",
                       "--json")
    assert code == 0 and json.loads(out)["solution"] == data["solution"]


def test_solve_batch_and_errors(capsys, lexicon, monkeypatch):
    code, out, _ = run(capsys, "wordgrid", "new", "--seed", "9", "--lexicon", str(lexicon), "--json")
    puzzle = "/".join(json.loads(out)["puzzle"])
    code, out, err = run(capsys, "wordgrid", "solve", "-", "--lexicon", str(lexicon),
                         stdin=f"{puzzle}\nABC/DEF\n{puzzle.lower()}\n", monkeypatch=monkeypatch)
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and len(lines) == 3
    assert "solution" in lines[0] and "error" in lines[1] and lines[2] == lines[0]


@pytest.mark.parametrize("argv, fragment, status", [
    (["wordgrid", "solve", "ABCDE/F G H/IJKLM/N O P"], "4 rows", 2),
    (["wordgrid", "solve", "AB1DE/F G H/IJKLM/N O P/QRSTU"], "'1'", 2),
    (["wordgrid", "solve", "ZZZZZ/Z Z Z/ZZZZZ/Z Z Z/ZZZZQ"], "no grid", 2),
    (["wordgrid", "new", "--lang", "xx"], "unknown language", 2),
    (["wordgrid", "new", "--seed", "-1"], "negative", 2),  # Random(-1) is Random(1)
    (["wordgrid", "new", "--lexicon", "/nonexistent/words.txt"], "words.txt", 2),
])
def test_bad_input_one_line(capsys, argv, fragment, status):
    code, out, err = run(capsys, *argv)
    assert code == status and out == ""
    assert len(err.strip().splitlines()) == 1 and fragment in err
    assert "Traceback" not in err


def test_tiny_lexicon_is_a_clear_error(capsys, tmp_path):
    path = tmp_path / "tiny.txt"
    path.write_text("apple\nbanjo\n")
    code, out, err = run(capsys, "wordgrid", "new", "--lexicon", str(path))
    assert code == 2 and "needs at least 6" in err and len(err.splitlines()) == 1


def test_same_seed_same_puzzle_in_the_app_and_the_cli(capsys):
    """The daily puzzle of a date is the same whether the app or the command line makes it."""
    import datetime as dt

    from wordbler.wordgrid.game import daily_seed
    from wordbler.wordgrid.words import common_grid_words, make_puzzle

    seed = daily_seed(dt.date(2026, 11, 23), 5, "en")
    code, out, _ = run(capsys, "wordgrid", "new", "--seed", str(seed), "--json")
    data = json.loads(out)
    p = make_puzzle(common_grid_words("en", 5), seed)
    assert data["puzzle"] == p.start_rows() and data["solution"] == p.solution_rows()


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_json_is_utf8_whatever_the_locale(encoding, tmp_path):
    """Under an ASCII or Latin-1 locale a Russian puzzle once ended in a UnicodeEncodeError
    traceback; JSON now goes out as UTF-8 bytes, the human listing with ? for what the
    terminal cannot show, and batch input is read as UTF-8."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, PYTHONIOENCODING=encoding)
    run_ = lambda *a, **kw: subprocess.run([sys.executable, "-m", "wordbler.cli", "wordgrid", *a],  # noqa: E731
                                           capture_output=True, env=env, timeout=120, **kw)
    new = run_("new", "--lang", "ru", "--seed", "3", "--json")
    assert new.returncode == 0 and b"Traceback" not in new.stderr
    data = json.loads(new.stdout.decode("utf-8"))
    assert all(get_alphabet("ru").is_word(row.replace(" ", "")) for row in data["solution"])
    listing = run_("new", "--lang", "ru", "--seed", "3")
    assert listing.returncode == 0 and b"Traceback" not in listing.stderr
    batch = run_("solve", "-", "--lang", "ru", input="/".join(data["puzzle"]).encode("utf-8") + b"\n")
    assert batch.returncode == 0
    answer = json.loads(batch.stdout.decode("utf-8").splitlines()[0])
    assert answer["solution"] == data["solution"]
