import argparse
import json
import random

import pytest

from wordbler.cli import wordsearch as cli

from .bruteforce import accidents
from .conftest import clean_draw


def run(argv, capsys):
    parser = argparse.ArgumentParser(prog="wordbler-cli")
    sub = parser.add_subparsers(dest="command", required=True)
    cli.register(sub)
    args = parser.parse_args(argv)
    code = args.func(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_new_json_contract(tmp_path, capsys):
    words = clean_draw(random.Random(2), 12)
    f = tmp_path / "w.txt"
    f.write_text("\n".join(w.lower() for w in words) + "\n")
    code, out, err = run(["wordsearch", "new", "--words", str(f), "--size", "14x11", "--level", "hard",
                          "--seed", "5", "--json"], capsys)
    assert code == 0 and err == ""
    d = json.loads(out)
    assert len(d["rows"]) == 11 and all(len(r) == 14 for r in d["rows"])
    assert sorted(p["word"] for p in d["placed"]) == sorted(words) and d["unplaced"] == []
    assert set(d["placed"][0]) >= {"word", "row", "col", "dir"}
    assert accidents(d["rows"], {p["word"]: p for p in d["placed"]}, d["unplaced"]) == []
    code2, out2, _ = run(["wordsearch", "new", "--words", str(f), "--size", "14x11", "--level", "hard",
                          "--seed", "5", "--json"], capsys)
    assert out2 == out


def test_new_defaults_count_and_russian(capsys):
    code, out, _ = run(["wordsearch", "new", "--seed", "1", "--json"], capsys)
    d = json.loads(out)
    assert code == 0 and len(d["rows"]) == 15 and len(d["placed"]) == 20 and d["level"] == "medium"
    assert {p["dir"] for p in d["placed"]} <= {"E", "S", "SE", "SW"}
    code, out, _ = run(["wordsearch", "new", "--seed", "1", "--count", "8", "--lang", "ru", "--size", "10x10",
                        "--json"], capsys)
    d = json.loads(out)
    assert code == 0 and len(d["placed"]) + len(d["unplaced"]) == 8
    assert all("А" <= ch <= "я" or ch == "Ё" for r in d["rows"] for ch in r)


def test_lexicon_draw(tmp_path, capsys):
    lex = tmp_path / "lex.txt"
    lex.write_text("\n".join(clean_draw(random.Random(4), 30)) + "\n")
    code, out, _ = run(["wordsearch", "new", "--seed", "3", "--count", "6", "--lexicon", str(lex), "--json"], capsys)
    d = json.loads(out)
    assert code == 0 and {p["word"] for p in d["placed"]} <= set(lex.read_text().split())


@pytest.mark.parametrize("argv, needle", [
    (["--size", "4x4"], "5..50"),
    (["--size", "big"], "COLSxROWS"),
    (["--count", "0"], "at least 1"),
    (["--lang", "xx"], "unknown language"),
    (["--theme", "nope"], "no theme"),
])
def test_new_bad_input_one_line_exit_2(argv, needle, capsys):
    code, out, err = run(["wordsearch", "new", *argv], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and needle in err and err.startswith("wordbler-cli wordsearch new:")


def test_new_bad_words_file(tmp_path, capsys):
    f = tmp_path / "w.txt"
    f.write_text("cat\ncafé\n")
    code, _, err = run(["wordsearch", "new", "--words", str(f)], capsys)
    assert code == 2 and "café" in err and err.count("\n") == 1


def test_a_word_longer_than_the_grid_is_unplaced(tmp_path, capsys):
    # not bad input: the list is fine, the grid is small; placed + unplaced are the list
    f = tmp_path / "w.txt"
    f.write_text("cat\nabcdefghijklmnopq\ndog\n")
    for level in ("easy", "medium", "hard"):
        code, out, err = run(["wordsearch", "new", "--words", str(f), "--size", "15x15",
                              "--level", level, "--seed", "4", "--json"], capsys)
        d = json.loads(out)
        assert code == 0 and err == ""
        assert d["unplaced"] == ["ABCDEFGHIJKLMNOPQ"]
        assert sorted(p["word"] for p in d["placed"]) == ["CAT", "DOG"]
        assert not any("ABCDEFGHIJKLMNOPQ" in line or "QPONMLKJIHGFEDCBA" in line
                       for line in d["rows"])


def test_solve_round_trip(tmp_path, capsys):
    f = tmp_path / "w.txt"
    f.write_text("party\nart\ndog\n")
    code, out, err = run(["wordsearch", "solve", "PARTYQ/XXXXXX/QARTXX", "--words", str(f), "--json"], capsys)
    d = json.loads(out)
    assert code == 0 and d["unplaced"] == ["DOG"]
    assert {"word": "ART", "row": 2, "col": 1, "dir": "E"} in d["placed"]
    code, out, err = run(["wordsearch", "solve", "AB1/CDE", "--words", str(f)], capsys)
    assert code == 2 and "'1'" in err


def test_text_export(tmp_path, capsys):
    t = tmp_path / "p.txt"
    code, out, _ = run(["wordsearch", "new", "--seed", "2", "--count", "5", "--text", str(t), "--title", "Fun"], capsys)
    assert code == 0 and "Fun" in out
    text = t.read_text()
    assert text.startswith("Fun\n") and "Answer key" in text


def test_text_export_into_a_missing_folder_is_refused_as_for_a_pdf(tmp_path, capsys):
    # it made every missing folder of a mistyped path (/nonexistent/x.txt made /nonexistent)
    t = tmp_path / "no" / "such" / "p.txt"
    code, out, err = run(["wordsearch", "new", "--seed", "2", "--count", "5", "--text", str(t)],
                         capsys)
    assert code == 2 and err.count("\n") == 1 and "no folder" in err
    assert not (tmp_path / "no").exists()


def test_solve_batch_from_stdin(tmp_path, capsys, monkeypatch):
    import io

    f = tmp_path / "w.txt"
    f.write_text("cat\ndog\n")
    monkeypatch.setattr("sys.stdin", io.StringIO("CATX/DOGX\nAB1/CDE\nXXXX/TACX\n"))
    code, out, err = run(["wordsearch", "solve", "-", "--words", str(f), "--json"], capsys)
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(docs) == 3
    assert docs[0]["unplaced"] == [] and "error" in docs[1]
    assert docs[2] == {"placed": [{"word": "CAT", "row": 1, "col": 2, "dir": "W"}], "unplaced": ["DOG"]}


def test_shape_file_message_and_bonus(tmp_path, capsys):
    pic = tmp_path / "shape.txt"
    pic.write_text("..#####..\n.#######.\n#########\n#########\n#########\n.#######.\n..#####..\n")
    code, out, err = run(["wordsearch", "new", "--shape-file", str(pic), "--count", "4", "--seed", "1",
                          "--message", "hi", "--bonus", "ox", "--json"], capsys)
    d = json.loads(out)
    assert code == 0 and d["rows"][0].startswith("  ") and d["message"] == "HI" and d["shape"] == "picture"
    assert [b["word"] for b in d["bonus"]] + d["unplaced_bonus"] == ["OX"]
    pic.write_text("#####\n##?##\n#####\n#####\n#####\n")
    code, out, err = run(["wordsearch", "new", "--shape-file", str(pic)], capsys)
    assert code == 2 and "line 2" in err


def test_a_negative_seed_is_bad_input(capsys):
    # random.Random(-1) is Random(1): --seed -1 gave seed 1's puzzle
    from wordbler.cli import main

    assert main(["wordsearch", "new", "--seed", "-1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "seed -1 is negative" in err
