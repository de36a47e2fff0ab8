"""Fuzzing every board-game command of wordbler-cli: check, replay, moves, selfplay.

Each example runs the real command (``wordbler.cli.main``, in this process) on generated
arguments and files (damaged records, boards and word lists; special files: a FIFO with no
writer, ``/dev/zero``, a folder, a missing path, names with control characters) and checks
the command-line contract: exit status 0, 1 or 2 and never an exception; status 2 comes with
exactly one line on stderr naming the problem; statuses 0 and 1 with nothing on stderr.

Modest example counts here (``WORDBLER_FUZZ_EXAMPLES``, default 40; selfplay plays real
games on a tiny word list, so it takes a quarter of that); ``scripts/fuzz_files.py`` runs
them for longer.
"""

from __future__ import annotations

import contextlib
import io
import os
import pathlib
import random
import sys
import tempfile
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbler.cli import main

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "boardgame"))
from test_trust_fuzz import (  # noqa: E402
    EDIT,
    RECORDS,
    SAVES,
    TOKENS,
    damaged,
)

TRIED: Counter = Counter()
EXAMPLES = int(os.environ.get("WORDBLER_FUZZ_EXAMPLES", "40"))


def _fuzz(n: int) -> settings:
    return settings(max_examples=max(n, 1), deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


FUZZ = _fuzz(EXAMPLES)
FUZZ_SLOW = _fuzz(EXAMPLES // 4)

SMALL_WORDS = ["AT", "TA", "CAT", "ACT", "TO", "ON", "NO", "IN", "IT", "AN", "ATE", "TEA", "EAT",
               "NET", "TEN", "QI", "ZA", "XI", "OX", "AX", "CATS", "SCAT", "EATS", "SEAT"]
EMPTY = ["." * 15] * 15
OPENED = list(EMPTY)
OPENED[7] = "......CATS....."
OPENED[8] = "......A........"
OPENED[9] = "......T........"

HAS_FIFO = hasattr(os, "mkfifo")


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """Run wordbler-cli in this process: (status, stdout, stderr); any exception fails."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:  # argparse: usage errors
            code = e.code if isinstance(e.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def check_contract(argv: list[str], code: int, out: str, err: str) -> None:
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err, err
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("wordbler-cli"), (argv, err)
    else:
        assert err == "", (argv, err)


@contextlib.contextmanager
def workspace():
    """A temporary folder with the special files and a small word list; the graph cache
    inside it too, so nothing leaks into the user's cache."""
    with tempfile.TemporaryDirectory() as folder:
        base = pathlib.Path(folder)
        (base / "words.txt").write_text("\n".join(SMALL_WORDS) + "\n")
        (base / "folder").mkdir()
        (base / "plain.txt").write_text("not a game\n")
        if HAS_FIFO:
            os.mkfifo(base / "fifo")
        old = os.environ.get("WORDBLER_CACHE_DIR")
        os.environ["WORDBLER_CACHE_DIR"] = str(base / "cache")
        try:
            yield base
        finally:
            if old is None:
                os.environ.pop("WORDBLER_CACHE_DIR", None)
            else:
                os.environ["WORDBLER_CACHE_DIR"] = old


def special_path(base: pathlib.Path, kind: str) -> str:
    return {
        "fifo": str(base / "fifo") if HAS_FIFO else str(base / "missing"),
        "zero": "/dev/zero" if os.path.exists("/dev/zero") else str(base / "missing"),
        "folder": str(base / "folder"),
        "missing": str(base / "missing"),
        "plain": str(base / "plain.txt"),
        "odd name": str(base / "a\nb\x1b\u2028"),
    }[kind]


SPECIAL = st.sampled_from(["fifo", "zero", "folder", "missing", "plain", "odd name"])
TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
               max_size=20)
RACK_TEXT = st.one_of(
    st.text(st.sampled_from(list("ACTSEZQacts?")), min_size=1, max_size=7),
    st.text(st.sampled_from(list("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdez??") +
                            ["\u00df", "\u017f", "\u0131", " ", "1", "\u00e9", "\u0410"]),
            max_size=9),
    TEXT)


def file_or_special(data: bytes | None, kind: str, base: pathlib.Path, name: str) -> str:
    if data is None:
        return special_path(base, kind)
    path = base / name
    path.write_bytes(data)
    return str(path)


# --------------------------------------------------------------------------- check


@FUZZ
@given(words=st.lists(TEXT, min_size=1, max_size=4),
       lexicon=st.one_of(st.none(), st.binary(max_size=100),
                         st.just(b"cat\ndog\n"), SPECIAL),
       bundled=st.integers(0, 9).map(lambda n: n == 0))
def test_fuzz_check(words, lexicon, bundled):
    TRIED["check"] += 1
    with workspace() as base:
        argv = ["check"]
        if isinstance(lexicon, bytes):
            argv += ["--lexicon", file_or_special(lexicon, "", base, "list.txt")]
        elif isinstance(lexicon, str):
            argv += ["--lexicon", special_path(base, lexicon)]
        elif not bundled:
            argv += ["--lexicon", str(base / "words.txt")]
        argv += ["--", *words]
        code, out, err = run_cli(argv)
        check_contract(argv, code, out, err)
        if code != 2:
            assert len(out.splitlines()) == len(words)


# --------------------------------------------------------------------------- replay


@FUZZ
@given(data=st.one_of(damaged(RECORDS, EDIT, 4), damaged(SAVES, EDIT, 4),
                      st.binary(max_size=200), st.none()),
       kind=SPECIAL,
       flags=st.lists(st.sampled_from(["--all", "--rules=standard", "--rules=tournament",
                                       "--rules=bogus", "--time"]), max_size=2, unique=True))
def test_fuzz_replay(data, kind, flags):
    TRIED["replay"] += 1
    with workspace() as base:
        argv = ["replay", *flags, "--", file_or_special(data, kind, base, "game.gcg")]
        code, out, err = run_cli(argv)
        check_contract(argv, code, out, err)


# --------------------------------------------------------------------------- moves


@st.composite
def board_bytes(draw) -> bytes | None:
    """Mostly real boards with a few squares changed (valid letters mostly, so that many
    positions are legal), sometimes broken ones, binary data or a special file (None)."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return None  # a special file
    if kind == 1:
        return draw(st.binary(max_size=300))
    rows = list(draw(st.sampled_from([EMPTY, OPENED, OPENED])))
    hostile = kind == 2
    letters = list(".ACTSEZQcz") + (list("?# \t\u00df\u017f\u0131\u00c9\x00\x85") + ["AA", ""]
                                     if hostile else [])
    for _ in range(draw(st.integers(0, 3))):
        r = draw(st.integers(0, 16 if hostile else 14))
        c = draw(st.integers(0, 16 if hostile else 14))
        ch = draw(st.sampled_from(letters))
        if r >= len(rows):
            rows.append(ch * c)
        else:
            rows[r] = rows[r][:c] + ch + rows[r][c + 1:]
    end = draw(st.sampled_from(["\n", "\r\n", "\r", ""])) if hostile else "\n"
    tails = ["", "\n", "\n\n", "\n \n"] if hostile else ["", "\n"]
    text = end.join(rows) + draw(st.sampled_from(tails))
    encoding = draw(st.sampled_from(["utf-8", "latin-1", "utf-16"])) if hostile else "utf-8"
    return text.encode(encoding, "replace")


@FUZZ
@given(board=board_bytes(), kind=SPECIAL, rack=RACK_TEXT,
       top=st.one_of(st.none(), st.integers(-2, 5)),
       lexicon=st.one_of(st.none(), st.binary(max_size=60), SPECIAL))
def test_fuzz_moves(board, kind, rack, top, lexicon):
    TRIED["moves"] += 1
    with workspace() as base:
        argv = ["moves", "--board", file_or_special(board, kind, base, "b.board"),
                f"--rack={rack}"]
        if isinstance(lexicon, bytes):
            argv += ["--lexicon", file_or_special(lexicon, "", base, "list.txt")]
        elif isinstance(lexicon, str):
            argv += ["--lexicon", special_path(base, lexicon)]
        else:
            argv += ["--lexicon", str(base / "words.txt")]
        if top is not None:
            argv.append(f"--top={top}")
        code, out, err = run_cli(argv)
        check_contract(argv, code, out, err)
        assert code != 1
        if code == 0 and top is not None:
            assert len(out.splitlines()) <= top


# --------------------------------------------------------------------------- selfplay


@FUZZ_SLOW
@given(players=st.one_of(st.sampled_from(["beginner,beginner", "intermediate,beginner",
                                          "beginner,beginner,beginner", "beginner", "",
                                          "god,beginner", "BEGINNER, beginner", ",,"]), TEXT),
       rules=st.sampled_from(["standard", "wordbler-classic", "tournament", "Standard", "bogus",
                              ""]),
       games=st.sampled_from(["1", "0", "-1", "x", "2"]),
       seed=st.sampled_from(["1", "-7", "0", "99999999999999999999", "1.5"]),
       out=st.sampled_from([None, "new", "nested/deeper", "file", "under-file", "folder",
                            "odd name"]),
       lexicon=st.sampled_from(["small", "missing", "folder", "fifo", "binary"]))
def test_fuzz_selfplay(players, rules, games, seed, out, lexicon):
    TRIED["selfplay"] += 1
    with workspace() as base:
        (base / "binary.txt").write_bytes(b"\x00\x01\x02")
        lex = {"small": str(base / "words.txt"), "missing": str(base / "missing"),
               "folder": str(base / "folder"), "fifo": special_path(base, "fifo"),
               "binary": str(base / "binary.txt")}[lexicon]
        argv = ["selfplay", "--quiet", f"--players={players}", f"--rules={rules}",
                f"--games={games}", f"--seed={seed}", "--lexicon", lex]
        if out is not None:
            target = {"new": base / "new", "nested/deeper": base / "nested" / "deeper",
                      "file": base / "plain.txt", "under-file": base / "plain.txt" / "sub",
                      "folder": base / "folder", "odd name": base / "x\ny"}[out]
            argv += ["--gcg-dir", str(target)]
        code, out_text, err = run_cli(argv)
        check_contract(argv, code, out_text, err)
        if code in (0, 1):
            assert "invariant failure" in out_text.splitlines()[-1]


@pytest.mark.skipif(not HAS_FIFO, reason="no FIFOs on this platform")
def test_the_workspace_fifo_is_a_fifo():
    import stat

    with workspace() as base:
        assert stat.S_ISFIFO(os.stat(base / "fifo").st_mode)


def test_seeded_example_runs_every_command():
    """One fixed run of each command through the same contract check (a smoke test of the
    harness itself: the valid inputs really succeed)."""
    rnd = random.Random(5)
    with workspace() as base:
        board = base / "b.board"
        board.write_text("\n".join(OPENED) + "\n")
        record = base / "g.gcg"
        record.write_bytes(SAVES[0])
        for argv, want in [
            (["check", "--lexicon", str(base / "words.txt"), "cat", "dog"], 1),
            (["replay", str(record)], 0),
            (["moves", "--board", str(board), "--rack", "EATS" + rnd.choice("ABC"),
              "--lexicon", str(base / "words.txt")], 0),
            (["selfplay", "--games", "1", "--players", "beginner,beginner", "--lexicon",
              str(base / "words.txt"), "--gcg-dir", str(base / "out")], 0),
        ]:
            code, out, err = run_cli(argv)
            check_contract(argv, code, out, err)
            assert code == want, (argv, out, err)
        assert len(list((base / "out").glob("*.gcg"))) == 1
    assert TOKENS  # the token pool is shared with the file fuzzers
