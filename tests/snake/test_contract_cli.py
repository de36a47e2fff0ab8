"""``wordbler-cli snake new`` checked against MODES.md the way an outside check calls it:
in a child process, with hidden small word lists (``--lang`` + ``--lexicon`` together),
odd sizes and bad files.  The words are compared with a brute-force search written here."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbler.cli import main

ROOT = Path(__file__).resolve().parent.parent.parent
EN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
RU = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"

# word pools for the hidden lists: English with QU words, Russian with Ё words
EN_POOL = """QUIT QUITE QUEST QUOTA QUOTE QUAY QUEEN QUIRE SQUAT SQUARE EQUAL AQUA TOQUE QUIRT
CAT CATS ACT TACT SCAT TEA SEA SET TEN NET NEST SENT STONE NOTES TONES ONSET ONE ONES NOSE
TOAST COAT COST SCOT TACO CONE CONES SCONE OCEAN CANOE TRAIN RAIN RATE TEAR STAR RATS ART
ARTS EAR ERA DOG GOD LOG LEG GEL ELF SELF SHELF FRESH HERS SHE HER HERE THERE THREE TREE
STREET SISTER RESIST TRIES TIRES RITES SITE TIES IRE RISE SIRE LINE LION LOIN NAIL SNAIL
SLAIN LANE LEAN DEAL LEAD DALE DIAL LAID MAID AIM MAIN MANE NAME MEAN AMEN""".split()
RU_POOL = """ЁЖ ЁЛКА ЛЁД ЛЁН ОСЁЛ ТЁЛКА ЕЛЬ ЛЕС ЛЕТО СЕЛО ТЕЛО ОСЕНЬ КОТ ТОК СОК КОСА ОСА НОС
СОН ТОН НОТА СТОЛ СТО ЛОТ ЛОТО ОКНО НОЖ СЕТЬ ТЕНЬ ЛЕНЬ КОНЬ СЛОН ЛАСКА КАСТА КЛЁН МЁД ЁРШ
ЖЁН ЖЕНА ЖАР ЖАЛО ЖЕЛЕ МЕЛ МЕЛЬ МОЛ МОРЕ РОМ РОТ ТОР КРОТ СОРТ ТРОС РОСТ ОСТРОВ НЕБО БОК
""".split()


def _cli(*argv: str, env: dict | None = None, stdin: bytes | None = None,
         timeout: float = 120) -> subprocess.CompletedProcess:
    """``wordbler-cli ARGV`` in a child process (the installed entry point's module)."""
    full = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "wordbler.cli", *argv], capture_output=True,
                          cwd=ROOT, env=full, input=stdin, timeout=timeout)


def _in_process(*argv: str) -> dict:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(argv)) == 0
    return json.loads(out.getvalue())


def split_row(row: str) -> list[str]:
    cells, i = [], 0
    while i < len(row):
        if row[i] == "(":
            j = row.index(")", i)
            cells.append(row[i + 1:j])
            i = j + 1
        else:
            cells.append(row[i])
            i += 1
    return cells


def brute_force(cells: list[list[str]], words: set[str], min_len: int) -> set[str]:
    """Every spelling along every path (eight neighbours, no cell twice) that is a word of
    at least ``min_len`` letters; paths are cut where no word starts with the spelling."""
    prefixes = {w[:k] for w in words for k in range(1, len(w) + 1)}
    rows, cols = len(cells), len(cells[0])
    found: set[str] = set()

    def walk(r: int, c: int, used: frozenset, text: str) -> None:
        text += cells[r][c]
        if text not in prefixes:
            return
        if len(text) >= min_len and text in words:
            found.add(text)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                n = (r + dr, c + dc)
                if (dr or dc) and 0 <= n[0] < rows and 0 <= n[1] < cols and n not in used:
                    walk(n[0], n[1], used | {n}, text)

    for r in range(rows):
        for c in range(cols):
            walk(r, c, frozenset({(r, c)}), "")
    return found


def listing_key(word: str, letters: str):
    return (-len(word), [letters.index(ch) for ch in word])


def check_contract(doc: dict, words: set[str], cols: int, rows: int, lang: str,
                   min_len: int | None = None) -> None:
    letters = EN if lang == "en" else RU
    assert {"rows", "min", "words", "target", "in_band"} <= set(doc)
    expected_min = min_len or (4 if cols * rows >= 25 else 3)
    assert doc["min"] == expected_min
    cells = [split_row(r) for r in doc["rows"]]
    assert len(cells) == rows and all(len(r) == cols for r in cells)      # COLSxROWS
    for t in (t for row in cells for t in row):
        assert t in letters or (lang == "en" and t == "QU"), t
    if lang == "en":
        assert "Q" not in "".join(doc["rows"]).replace("(QU)", "")
    assert set(doc["words"]) == brute_force(cells, words, expected_min)
    assert len(doc["words"]) == len(set(doc["words"]))
    assert doc["words"] == sorted(doc["words"], key=lambda w: listing_key(w, letters))
    assert isinstance(doc["in_band"], bool) and isinstance(doc["target"], str)
    if doc["target"]:
        assert doc["target"] in doc["words"] and doc["target"] in words


@settings(max_examples=int(os.environ.get("WORDBLER_EXAMPLES", "25")), deadline=None,
          database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(lang=st.sampled_from(["en", "ru"]), seed=st.integers(0, 10 ** 9),
       cols=st.integers(3, 6), rows=st.integers(3, 6),
       min_len=st.sampled_from([None, None, 3, 4, 5]), pick=st.randoms(use_true_random=False))
def test_words_are_exactly_the_brute_force_set(tmp_path, lang, seed, cols, rows, min_len, pick):
    pool = EN_POOL if lang == "en" else RU_POOL
    words = pick.sample(pool, 30)
    path = tmp_path / f"hidden-{lang}.txt"
    # any case, CRLF, a line outside the alphabet (skipped and counted, not fatal)
    lines = [w.lower() if pick.random() < 0.5 else w for w in words] + ["don't", "café"]
    path.write_bytes("\r\n".join(lines).encode("utf-8"))
    argv = ["snake", "new", "--size", f"{cols}x{rows}", "--seed", str(seed), "--lang", lang,
            "--lexicon", str(path), "--json"]
    if min_len:
        argv += ["--min", str(min_len)]
    check_contract(_in_process(*argv), set(words), cols, rows, lang, min_len)


def test_defaults_and_size_order(tmp_path):
    path = tmp_path / "w.txt"
    path.write_text("\n".join(EN_POOL), encoding="utf-8")
    doc = _in_process("snake", "new", "--seed", "4", "--lang", "en", "--lexicon", str(path), "--json")
    check_contract(doc, set(EN_POOL), 4, 4, "en")                   # default 4x4, min 3
    wide = _in_process("snake", "new", "--size", "6x3", "--seed", "4", "--lang", "en",
                       "--lexicon", str(path), "--json")
    check_contract(wide, set(EN_POOL), 6, 3, "en")                  # 6 columns, 3 rows
    big = _in_process("snake", "new", "--size", "5x5", "--seed", "4", "--lang", "en",
                      "--lexicon", str(path), "--json")
    check_contract(big, set(EN_POOL), 5, 5, "en")                   # min 4 from 5x5


@pytest.mark.parametrize("size", ["4X4", "4×4", "4х4", " 4x4 "])
def test_size_spellings_are_the_same_board(tmp_path, size):
    path = tmp_path / "w.txt"
    path.write_text("\n".join(EN_POOL), encoding="utf-8")
    base = ["snake", "new", "--seed", "8", "--lang", "en", "--lexicon", str(path), "--json"]
    assert _in_process(*base, "--size", size)["rows"] == _in_process(*base, "--size", "4x4")["rows"]


def test_russian_order_utf8_and_the_same_board_in_every_process(tmp_path):
    """Е before Ё before Ж; UTF-8 JSON (not escaped) even under an ASCII locale; the same
    board whatever PYTHONHASHSEED is."""
    path = tmp_path / "ru.txt"
    path.write_text("\n".join(w.lower() for w in RU_POOL), encoding="utf-8")
    argv = ["snake", "new", "--seed", "12", "--size", "5x4", "--lang", "ru", "--lexicon", str(path),
            "--json"]
    outs = []
    for hashseed, extra in (("0", {}), ("1", {"PYTHONIOENCODING": "ascii", "LC_ALL": "C"}),
                            ("4242", {"PYTHONIOENCODING": "latin-1"})):
        done = _cli(*argv, env={"PYTHONHASHSEED": hashseed, **extra})
        assert done.returncode == 0 and done.stderr == b"", done.stderr
        assert b"\\u" not in done.stdout
        outs.append(done.stdout)
    assert outs[0] == outs[1] == outs[2]
    doc = json.loads(outs[0].decode("utf-8"))
    check_contract(doc, set(RU_POOL), 5, 4, "ru")
    # the human listing under an ASCII terminal: no traceback
    done = _cli(*argv[:-1], env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and b"Traceback" not in done.stderr


def test_same_board_in_every_process_english(tmp_path):
    path = tmp_path / "en.txt"
    path.write_text("\n".join(EN_POOL), encoding="utf-8")
    argv = ["snake", "new", "--seed", "77", "--size", "3x5", "--lang", "en", "--lexicon", str(path),
            "--json"]
    outs = {_cli(*argv, env={"PYTHONHASHSEED": h}).stdout for h in ("0", "7", "123456")}
    assert len(outs) == 1 and json.loads(outs.pop())["rows"]


def _bad_files(tmp_path) -> dict[str, str]:
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "blank.txt").write_bytes(b"\n \n\t\n")
    (tmp_path / "binary.txt").write_bytes(b"CAT\x00\x01DOG")
    (tmp_path / "latin1.txt").write_bytes("caf\xe9\n".encode("latin-1"))
    (tmp_path / "latin.txt").write_text("cat\ndog\n", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "fifo")
    with open(tmp_path / "huge.txt", "wb") as f:       # sparse: 51 MB, no disk used
        f.truncate(51 * 1024 * 1024)
    return {k: str(tmp_path / v) for k, v in {
        "empty": "empty.txt", "blank": "blank.txt", "binary": "binary.txt", "latin1": "latin1.txt",
        "latin": "latin.txt", "folder": "folder", "fifo": "fifo", "huge": "huge.txt",
        "missing": "no-such-file.txt"}.items()}


BAD = [
    (["--size", "0x4"], "0 columns"),
    (["--size", "4x"], "not COLSxROWS"),
    (["--size", "100x100"], "100 columns"),
    (["--size", "-3x3"], "--size"),
    (["--size", "4x4x4"], "not COLSxROWS"),
    (["--size", ""], "not COLSxROWS"),
    (["--size", "2x4"], "2 columns"),
    (["--size", "4x7"], "7 rows"),
    (["--size", "9" * 5000 + "x4"], "columns"),         # was a ValueError traceback
    (["--size", "４x４"], "not COLSxROWS"),              # full-width digits
    (["--min", "2"], "minimum word length"),
    (["--min", "x"], "--min"),
    (["--seed", "-1"], "negative"),
    (["--seed", "1.5"], "whole number"),
    (["--lang", "de"], "unknown language 'de'"),
    (["--code", "EN-9X9-1"], "size"),
    (["--lexicon", "@empty"], "empty"),
    (["--lexicon", "@blank"], "empty"),
    (["--lexicon", "@binary"], "binary"),
    (["--lexicon", "@latin1"], "UTF-8"),
    (["--lexicon", "@folder"], "folder"),
    (["--lexicon", "@fifo"], "not a regular file"),
    (["--lexicon", "/dev/zero"], "not a regular file"),
    (["--lexicon", "@huge"], "too large"),
    (["--lexicon", "@missing"], "no such file"),
    (["--lexicon", "@latin", "--lang", "ru"], "no word of the Russian alphabet"),
    (["--lexicon", "line\nbreak.txt"], "no such file"),  # a name with a line break: one line
]


@pytest.mark.parametrize("argv, needle", BAD)
def test_bad_input_is_one_line_exit_2_no_traceback(tmp_path, argv, needle):
    files = _bad_files(tmp_path)
    argv = [files[a[1:]] if a.startswith("@") else a for a in argv]
    if "--lexicon" not in argv:
        argv += ["--lexicon", files["latin"]]
    if "--lang" not in argv:
        argv += ["--lang", "en"]
    done = _cli("snake", "new", *argv, "--json", timeout=60)
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, err
    assert done.stdout == b"" and len(err.splitlines()) == 1 and err.endswith("\n")
    assert "Traceback" not in err and needle in err, err


def test_a_list_with_no_word_long_enough_still_deals(tmp_path):
    path = tmp_path / "short.txt"
    path.write_text("at\nto\nit\n", encoding="utf-8")
    doc = _in_process("snake", "new", "--seed", "1", "--lang", "en", "--lexicon", str(path), "--json")
    assert doc["words"] == [] and doc["target"] == "" and doc["in_band"] in (True, False)


def test_a_qu_tile_counts_as_two_letters_for_the_minimum(tmp_path):
    """With --min 4 a 3x3 board lists QUIT / QUAY (three tiles, four letters), and a word
    of three tiles without QU never."""
    path = tmp_path / "qu.txt"
    words = ["QUAY", "QUIT", "QUIP", "SQUAT", "QUIET", "QUITE", "AQUA", "EQUAL", "QUOTA", "SUIT",
             "TEA", "ATE"]
    path.write_text("\n".join(w.lower() for w in words), encoding="utf-8")
    short = []
    for seed in range(1, 41):
        doc = _in_process("snake", "new", "--size", "3x3", "--min", "4", "--seed", str(seed), "--lang", "en",
                          "--lexicon", str(path), "--json")
        check_contract(doc, set(words), 3, 3, "en", 4)
        short += [w for w in doc["words"] if len(w) - w.count("QU") < 4]
    assert short and all("QU" in w for w in short)
