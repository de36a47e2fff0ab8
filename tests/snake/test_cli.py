"""``wordbler-cli snake new`` as MODES.md writes it."""

from __future__ import annotations

import json

import pytest

from wordbler.cli import main
from wordbler.snake import Board

from .conftest import EN_WORDS, RU_WORDS, brute_force_word_search, is_path


@pytest.fixture
def lexicon(tmp_path):
    p = tmp_path / "words.txt"
    p.write_text("\r\n".join(w.lower() for w in EN_WORDS) + "\r\ndon't\r\n", encoding="utf-8")
    return p


def run(capsys, *argv):
    code = main(["snake", "new", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_contract(capsys, lexicon):
    code, out, err = run(capsys, "--seed", "5", "--lexicon", str(lexicon), "--lang", "en", "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    for key in ("rows", "min", "words", "target", "in_band"):
        assert key in doc
    assert doc["min"] == 3 and len(doc["rows"]) == 4 and isinstance(doc["in_band"], bool)
    board = Board.from_rows(doc["rows"])
    assert (board.cols, board.rows) == (4, 4)
    assert set(doc["words"]) == brute_force_word_search(board, EN_WORDS, 3)
    assert len(doc["words"]) == len(set(doc["words"]))
    assert doc["words"] == sorted(doc["words"], key=lambda w: (-len(w), w))
    assert doc["target"] in doc["words"]
    path = board.find_path(doc["target"])
    assert path is not None and is_path(board, path)
    assert doc["seed"] == 5 and doc["size"] == "4x4" and doc["code"].startswith("EN-4X4-5-")


def test_same_seed_same_board_and_sizes(capsys, lexicon):
    a = run(capsys, "--seed", "9", "--size", "5x3", "--lexicon", str(lexicon), "--json")[1]
    b = run(capsys, "--seed", "9", "--size", "5x3", "--lexicon", str(lexicon), "--json")[1]
    assert a == b
    doc = json.loads(a)
    board = Board.from_rows(doc["rows"])
    assert (board.cols, board.rows) == (5, 3)
    big = json.loads(run(capsys, "--seed", "9", "--size", "5x5", "--lexicon", str(lexicon), "--json")[1])
    assert big["min"] == 4 and all(len(w) >= 4 for w in big["words"])
    # the share code gives the same board
    again = json.loads(run(capsys, "--code", doc["code"], "--lexicon", str(lexicon), "--json")[1])
    assert again["rows"] == doc["rows"]


def test_a_code_carries_the_shortest_word_and_warns_of_another_list(capsys, lexicon):
    # --min changes the board; its code left it out, so the code dealt another board
    short = json.loads(run(capsys, "--seed", "40", "--size", "5x5", "--min", "3",
                           "--lexicon", str(lexicon), "--json")[1])
    usual = json.loads(run(capsys, "--seed", "40", "--size", "5x5",
                           "--lexicon", str(lexicon), "--json")[1])
    assert short["min"] == 3 and "-M3-" in short["code"] and "-M" not in usual["code"]
    again = json.loads(run(capsys, "--code", short["code"], "--lexicon", str(lexicon),
                           "--json")[1])
    assert (again["rows"], again["min"], again["code"]) == (short["rows"], 3, short["code"])
    # the same code without the list it was made with: dealt, with a note on stderr
    code, out, err = run(capsys, "--code", short["code"], "--json")
    assert code == 0 and json.loads(out)["min"] == 3
    assert err.count("\n") == 1 and "note:" in err and "bundled list" in err


def test_qu_rows_are_in_parentheses(capsys, lexicon):
    for seed in range(40):
        doc = json.loads(run(capsys, "--seed", str(seed), "--lexicon", str(lexicon), "--json")[1])
        if doc["target"].startswith("QU"):
            assert any("(QU)" in r for r in doc["rows"])
            assert "Q" not in "".join(doc["rows"]).replace("(QU)", "")
            return
    pytest.fail("no QU target in 40 seeds")


def test_russian(capsys, tmp_path):
    p = tmp_path / "ru.txt"
    p.write_text("\n".join(w.lower() for w in RU_WORDS), encoding="utf-8")
    code, out, _ = run(capsys, "--seed", "1", "--lang", "ru", "--lexicon", str(p), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["lang"] == "ru" and "Ё" in "ЁЖ" and doc["target"]
    assert set(doc["words"]) == brute_force_word_search(Board.from_rows(doc["rows"]), RU_WORDS, 3)
    assert "\\u" not in out


def test_human_listing(capsys, lexicon):
    code, out, _ = run(capsys, "--seed", "5", "--lexicon", str(lexicon))
    assert code == 0
    assert "target:" in out and "letters:" in out and "EN-4X4-5-" in out


@pytest.mark.parametrize("argv, msg", [
    (["--size", "9x9"], "9 columns"),
    (["--size", "four"], "not COLSxROWS"),
    (["--seed", "-1"], "negative"),
    (["--seed", str(36 ** 8)], "larger than a board code holds"),  # its code was unreadable
    (["--seed", "x"], "not a whole number"),
    (["--lang", "de"], "unknown language 'de' (known: en, ru, fr)"),
    (["--code", "nope"], "not a board code"),
    (["--lexicon", "/no/such/file"], "no such file"),
    (["--min", "9"], "minimum word length"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, msg):
    try:
        code = main(["snake", "new", *argv])
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and msg in err
    assert "Traceback" not in err


def test_binary_and_empty_lexicons(capsys, tmp_path):
    b = tmp_path / "b.txt"
    b.write_bytes(b"\x00\x01abc")
    e = tmp_path / "e.txt"
    e.write_text("")
    for p in (b, e, tmp_path):
        code, out, err = run(capsys, "--lexicon", str(p))
        assert code == 2 and len(err.strip().splitlines()) == 1
