"""``wordbler-cli anagram | pattern | grid``: the MODES.md contract (flags, JSON fields,
listing order, batch mode, bad input -> one stderr line and exit 2)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordbler.cli import main

ROOT = Path(__file__).resolve().parents[2]

EN_WORDS = ["cat", "act", "tac", "at", "ta", "cats", "scat", "cast", "quit", "quite", "suit",
            "tea", "eat", "ate", "seat", "east", "don't", "café"]
RU_WORDS = ["ёж", "еж", "жук", "ель", "ёлка", "кот", "ток", "кто"]


@pytest.fixture
def en_list(tmp_path) -> str:
    p = tmp_path / "en.txt"
    p.write_text("\r\n".join(EN_WORDS) + "\r\n", encoding="utf-8")
    return str(p)


@pytest.fixture
def ru_list(tmp_path) -> str:
    p = tmp_path / "ru.txt"
    p.write_text("\n".join(RU_WORDS), encoding="utf-8-sig")
    return str(p)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def cli(*argv, stdin: bytes | None = None):
    env = dict(os.environ, PYTHONIOENCODING="ascii")  # the output must be UTF-8 regardless
    return subprocess.run(
        [sys.executable, "-m", "wordbler.cli", *argv],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


# ---------------------------------------------------------------------------- anagram
def test_anagram_full_sub_and_length(capsys, en_list):
    code, out, _ = run(capsys, "anagram", "tac", "--lexicon", en_list, "--json")
    assert code == 0 and json.loads(out) == {"words": ["ACT", "CAT", "TAC"]}
    code, out, _ = run(capsys, "anagram", "TACS", "--sub", "--lexicon", en_list, "--json")
    assert json.loads(out)["words"] == ["CAST", "CATS", "SCAT", "ACT", "CAT", "TAC", "AT", "TA"]
    code, out, _ = run(capsys, "anagram", "TACS", "--sub", "--min", "3", "--lexicon", en_list,
                       "--json")
    assert json.loads(out)["words"] == ["CAST", "CATS", "SCAT", "ACT", "CAT", "TAC"]
    code, out, _ = run(capsys, "anagram", "tacse", "--length", "3", "--lexicon", en_list, "--json")
    assert json.loads(out)["words"] == ["ACT", "ATE", "CAT", "EAT", "TAC", "TEA"]
    code, out, _ = run(capsys, "anagram", "t?", "--lexicon", en_list, "--json")
    assert json.loads(out)["words"] == ["AT", "TA"]


def test_anagram_human_listing(capsys, en_list):
    code, out, err = run(capsys, "anagram", "TACS", "--sub", "--lexicon", en_list)
    assert code == 0 and not err
    assert out.splitlines() == [
        "4 letters (3):",
        "  CAST CATS SCAT",
        "3 letters (3):",
        "  ACT CAT TAC",
        "2 letters (2):",
        "  AT TA",
        "8 words",
    ]
    code, out, _ = run(capsys, "anagram", "zzz", "--lexicon", en_list)
    assert code == 0 and out == "no words\n"


def test_russian_keeps_yo_and_prints_utf8(capsys, ru_list):
    code, out, _ = run(capsys, "anagram", "ЖЁЕ", "--sub", "--lang", "ru", "--lexicon", ru_list,
                       "--json")
    assert code == 0
    assert "ЁЖ" in out  # not ASCII-escaped
    assert json.loads(out)["words"] == ["ЕЖ", "ЁЖ"]  # Е before Ё
    code, out, _ = run(capsys, "pattern", "*", "--lang", "ru", "--lexicon", ru_list, "--json")
    assert json.loads(out)["words"] == ["ЁЛКА", "ЕЛЬ", "ЖУК", "КОТ", "КТО", "ТОК", "ЕЖ", "ЁЖ"]


def test_french_reads_accents_in_queries_and_lists(capsys, tmp_path):
    # the French alphabet reads accented letters and ligatures as the plain letters, in a
    # user's list (ÉLÈVE was skipped as "not a word") and in a query (élève found nothing)
    p = tmp_path / "fr.txt"
    p.write_text("élève\nlevée\nœuvre\ngarçon\nnoël\nstraße\n", encoding="utf-8")
    code, out, _ = run(capsys, "anagram", "élève", "--lang", "fr", "--lexicon", str(p), "--json")
    assert code == 0 and json.loads(out) == {"words": ["ELEVE", "LEVEE"]}
    code, out, _ = run(capsys, "anagram", "ŒUVRE", "--lang", "fr", "--lexicon", str(p), "--json")
    assert json.loads(out) == {"words": ["OEUVRE"]}
    code, out, _ = run(capsys, "pattern", "gar?on", "--lang", "fr", "--lexicon", str(p), "--json")
    assert json.loads(out) == {"words": ["GARCON"]}
    code, out, err = run(capsys, "anagram", "ß", "--lang", "fr", "--lexicon", str(p))
    assert code == 2 and "French" in err and len(err.strip().splitlines()) == 1
    # a ligature in a pattern is its two letters (it crashed with a traceback); in a set
    # [...], where one letter stands, it is an error naming it
    for pat in ("ŒUVRE", "œuvre", "Œ*", "*ŒUV??"):
        code, out, _ = run(capsys, "pattern", pat, "--lang", "fr", "--lexicon", str(p), "--json")
        assert code == 0 and json.loads(out) == {"words": ["OEUVRE"]}, pat
    code, out, _ = run(capsys, "pattern", "ŒUV??", "--letters", "er", "--lang", "fr",
                       "--lexicon", str(p), "--json")
    assert code == 0 and json.loads(out) == {"words": ["OEUVRE"]}  # open places from E, R
    code, out, err = run(capsys, "pattern", "[Œ]UVRE", "--lang", "fr", "--lexicon", str(p))
    assert code == 2 and "Œ stands for the 2 letters OE" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_french_bundled_list_answers_like_a_brute_force_over_it(capsys):
    from wordbler.lexicon.data import bundled_words

    words = bundled_words("fr")
    assert len(words) > 300_000
    for letters in ("CHIEN", "AIMER", "ETOILE"):
        code, out, _ = run(capsys, "anagram", letters.lower(), "--lang", "fr", "--json")
        key = sorted(letters)
        assert code == 0
        assert json.loads(out)["words"] == sorted(w for w in words if sorted(w) == key)
    code, out, _ = run(capsys, "pattern", "?ÉLÈ?E", "--lang", "fr", "--json")
    assert json.loads(out)["words"] == sorted(
        w for w in words if len(w) == 6 and w[1:4] == "ELE" and w[5] == "E")


# ---------------------------------------------------------------------------- pattern
def test_pattern(capsys, en_list):
    code, out, _ = run(capsys, "pattern", "?A*", "--lexicon", en_list, "--json")
    assert json.loads(out) == {"words": ["CAST", "CATS", "EAST", "CAT", "EAT", "TAC", "TA"]}
    code, out, _ = run(capsys, "pattern", "[^C]A[ST]*", "--lexicon", en_list, "--json")
    assert json.loads(out)["words"] == ["EAST", "EAT"]
    code, out, _ = run(capsys, "pattern", "C.T", "--letters", "A", "--lexicon", en_list, "--json")
    assert json.loads(out)["words"] == ["CAT"]


# ---------------------------------------------------------------------------- grid
def test_grid_json_paths(capsys, en_list):
    code, out, _ = run(capsys, "grid", "(QU)I/ET", "--lexicon", en_list, "--json")
    assert code == 0
    assert json.loads(out) == {
        "words": [
            {"word": "QUITE", "path": [[0, 0], [0, 1], [1, 1], [1, 0]]},
            {"word": "QUIT", "path": [[0, 0], [0, 1], [1, 1]]},
        ]
    }
    code, out, _ = run(capsys, "grid", "(qu)i/et", "--min", "5", "--lexicon", en_list, "--json")
    assert [w["word"] for w in json.loads(out)["words"]] == ["QUITE"]
    code, out, _ = run(capsys, "grid", "CA/ST", "--min", "2", "--lexicon", en_list)
    lines = out.splitlines()
    assert lines[0].split() == ["CAST", "0,0", "0,1", "1,0", "1,1"]
    assert lines[-1] == f"{len(lines) - 1} words"


# ---------------------------------------------------------------------------- batch mode
def test_batch_mode_one_json_line_per_query(capsys, monkeypatch, en_list):
    monkeypatch.setattr(sys, "stdin", io.StringIO("\ufefftac\n\nca1\nT?\n"))
    code, out, err = run(capsys, "anagram", "-", "--lexicon", en_list)
    assert code == 0 and not err
    docs = [json.loads(line) for line in out.splitlines()]
    assert docs[0] == {"words": ["ACT", "CAT", "TAC"]}
    assert set(docs[1]) == {"error"} and "no letters" in docs[1]["error"]
    assert set(docs[2]) == {"error"} and "'1'" in docs[2]["error"]
    assert docs[3] == {"words": ["AT", "TA"]}
    assert len(docs) == 4


def test_batch_grid_and_pattern(capsys, monkeypatch, en_list):
    monkeypatch.setattr(sys, "stdin", io.StringIO("CA/XT\nAB/C\nCA/ST\n"))
    code, out, _ = run(capsys, "grid", "-", "--lexicon", en_list)
    docs = [json.loads(line) for line in out.splitlines()]
    assert [w["word"] for w in docs[0]["words"]] == ["ACT", "CAT", "TAC"]
    assert "not rectangular" in docs[1]["error"]
    assert "CAST" in [w["word"] for w in docs[2]["words"]]
    monkeypatch.setattr(sys, "stdin", io.StringIO("C?T\nC[T\n"))
    code, out, _ = run(capsys, "pattern", "-", "--lexicon", en_list)
    docs = [json.loads(line) for line in out.splitlines()]
    assert docs[0] == {"words": ["CAT"]} and "never closed" in docs[1]["error"]


# ---------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    "argv,message",
    [
        (["anagram", "ca1"], "'1'"),
        (["anagram", ""], "no letters"),
        (["anagram", "straße"], "U+00DF"),
        (["anagram", "cat", "--lang", "xx"], "unknown language"),
        (["anagram", "cat", "--min", "0", "--sub"], "--min"),
        (["anagram", "cat", "--length", "0"], "--length"),
        (["anagram", "cat", "--min", "x"], "invalid int"),
        (["pattern", "C[AT"], "never closed"),
        (["grid", "AB/C"], "not rectangular"),
        (["grid", "A(B"], "never closed"),
        (["grid", ""], "empty grid"),
        (["grid", "AB/CD", "--lexicon", "/nonexistent/list.txt"], "no such file"),
    ],
)
def test_bad_input_one_line_exit_2(argv, message):
    r = cli(*argv)
    err = r.stderr.decode("utf-8")
    assert r.returncode == 2, err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert message in err and err.startswith("wordbler-cli ")
    assert r.stdout == b""


def test_binary_and_empty_lexicon_files(tmp_path):
    blob = tmp_path / "blob.bin"
    blob.write_bytes(b"\x00\x01\x02cat")
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    for path, message in [(blob, "binary"), (empty, "empty"), (tmp_path, "folder")]:
        r = cli("grid", "AB/CD", "--lexicon", str(path))
        err = r.stderr.decode()
        assert r.returncode == 2 and len(err.splitlines()) == 1 and message in err
        assert str(path) in err


def test_subprocess_batch_and_utf8_output(ru_list):
    r = cli("anagram", "-", "--lang", "ru", "--lexicon", ru_list, "--sub",
            stdin="ёж\r\nкот?\n".encode("utf-8") + b"\xff\n")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.decode("utf-8").splitlines()
    assert json.loads(lines[0]) == {"words": ["ЁЖ"]}
    assert "ЁЖ" in lines[0]  # UTF-8, not \\u escapes, even with an ASCII locale
    assert json.loads(lines[1])["words"] == ["КОТ", "КТО", "ТОК"]
    assert "not UTF-8" in json.loads(lines[2])["error"]


def test_lexicon_with_skipped_lines_is_fine(tmp_path):
    p = tmp_path / "mixed.txt"
    p.write_text("cat\ndon't\n42\nact\n", encoding="utf-8")
    r = cli("anagram", "tca", "--lexicon", str(p), "--json")
    assert r.returncode == 0 and json.loads(r.stdout) == {"words": ["ACT", "CAT"]}


def test_grid_json_text_is_what_json_dumps_writes(capsys, ru_list):
    for argv in (["grid", "ЁЖ/ЕЛ", "--min", "2", "--lang", "ru", "--lexicon", ru_list, "--json"],
                 ["grid", "ab/cd", "--json"]):
        code, out, _ = run(capsys, *argv)
        assert code == 0
        assert out == json.dumps(json.loads(out), ensure_ascii=False) + "\n"
