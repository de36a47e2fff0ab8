"""The board game's commands answer bad input with one line on stderr and exit 2.

Issue 13 item 15 and issue 16 items 10-12, 14: ``moves`` refuses an empty rack, binary or
missing board files, letters folded by Unicode case rules (``ßEA``, ``ſıt``), more tiles of a
letter or more blanks than the set has, floating tiles and words not in the list; ``replay``
of a FIFO does not block; ``selfplay --gcg-dir`` on a file exits 2 before playing, and a
record that cannot be written does not lose the summary; summaries say ``1 game``.
"""

from __future__ import annotations

import errno
import os
import pathlib
import subprocess
import sys

import pytest

from wordbler.cli import main

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "boardgame" / "data"
WORDS = ["AT", "TA", "CAT", "ACT", "CATS", "SCAT", "EAT", "TEA", "ATE", "EATS", "SEAT", "TO",
         "QI", "ZA", "XI", "SEA", "SEAS", "SIT", "ITS", "TIS"]
EMPTY = ["." * 15] * 15


def board_with(*placed: tuple[int, int, str]) -> list[str]:
    rows = [list(r) for r in EMPTY]
    for r, c, word in placed:
        for i, ch in enumerate(word):
            rows[r][c + i] = ch
    return ["".join(r) for r in rows]


OPENED = board_with((7, 6, "CATS"))  # CATS at 8G, across the centre


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDBLER_CACHE_DIR", str(tmp_path / "cache"))
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    return tmp_path


def run(capsys, *argv: str) -> tuple[int, str, list[str]]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err.splitlines()


def moves(env, capsys, board: list[str] | bytes | str, rack: str, *more: str):
    if isinstance(board, str):
        path = board
    else:
        path = env / "b.board"
        path.write_bytes(board if isinstance(board, bytes) else ("\n".join(board) + "\n").encode())
    return run(capsys, "moves", "--board", str(path), "--rack", rack,
               "--lexicon", str(env / "words.txt"), *more)


def refused(result, *fragments: str) -> str:
    code, out, err = result
    assert code == 2 and out == "", (code, out, err)
    assert len(err) == 1 and err[0].startswith("wordbler-cli "), err
    for fragment in fragments:
        assert fragment in err[0], err[0]
    return err[0]


# --------------------------------------------------------------------------- moves


def test_a_good_position_still_answers(env, capsys):
    code, out, err = moves(env, capsys, OPENED, "EAT", "--top", "2")
    assert code == 0 and err == [] and len(out.splitlines()) == 2


def test_an_empty_rack_is_bad_input(env, capsys):
    refused(moves(env, capsys, EMPTY, ""), "wordbler-cli moves: the rack is empty")
    refused(moves(env, capsys, EMPTY, "  "), "the rack is empty")


@pytest.mark.parametrize("rack, char", [("\u00dfEA", "'\u00df' (U+00DF)"),
                                        ("\u017f\u0131t", "'\u017f' (U+017F)"),
                                        ("T\u0131S", "'\u0131' (U+0131)"),
                                        ("CA\u0422", "'\u0422' (U+0422)"),  # Cyrillic Te
                                        ("A1", "'1' (U+0031)")])
def test_letters_are_read_through_the_alphabet_never_folded(env, capsys, rack, char):
    refused(moves(env, capsys, EMPTY, rack), "bad rack letter", char)


def test_lower_case_rack_letters_are_letters(env, capsys):
    code, out, _ = moves(env, capsys, EMPTY, "sea")
    assert code == 0 and "8F SEA 6" in out.splitlines()


@pytest.mark.parametrize("board, rack, message", [
    (EMPTY, "ZZZZZZZ", "7 Z tiles (0 on the board and 7 on the rack), but the tile set has 1"),
    (EMPTY, "???", "3 blanks (0 on the board and 3 on the rack), but the tile set has 2"),
    (EMPTY, "???????", "7 blanks"),
    (board_with((7, 6, "ZA")), "Z", "2 Z tiles (1 on the board and 1 on the rack)"),
    (board_with((7, 6, "cAt")), "???", "5 blanks (2 on the board and 3 on the rack)"),
    (board_with((7, 5, "cAtS"), (6, 6, "a")), "?", "4 blanks (3 on the board and 1 on the rack)"),
    (board_with((7, 3, "SEAS"), (7, 7, "SEAS"), (5, 0, "SEAS"), (6, 0, "S")), "S",
     "S tiles"),
])
def test_more_tiles_than_the_set_has_are_refused(env, capsys, board, rack, message):
    refused(moves(env, capsys, board, rack), "impossible position", message)


def test_a_rack_of_blanks_on_a_board_with_blanks_is_answered(env, capsys):
    """Blanks on the board and on the rack are counted apart, as the golden positions (two
    blanks on the board, ?? on the rack) need."""
    code, out, err = moves(env, capsys, board_with((7, 6, "cAt")), "??")
    assert code == 0 and not err  # answered (the golden test below checks the moves)


def test_the_two_blank_golden_position_matches_its_moves(shared_dir, capsys):
    from wordbler.cli import main

    pos = shared_dir / "positions"
    rack = (pos / "14.rack").read_text().strip()
    code = main(["moves", "--board", str(pos / "14.board"), "--rack", rack,
                 "--lexicon", str(pos / "words.txt")])
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines() == (pos / "14.moves").read_text().splitlines()


def test_floating_tiles_and_impossible_shapes_are_refused(env, capsys):
    floating = board_with((7, 6, "CATS"), (0, 0, "AT"))
    refused(moves(env, capsys, floating, "EAT"),
            "impossible position: tiles not connected to the centre square (floating): A1, B1")
    off_centre = board_with((0, 0, "CAT"))
    refused(moves(env, capsys, off_centre, "EAT"),
            "the centre square H8 is empty, but the first word always covers it")
    lone = board_with((7, 7, "A"))
    refused(moves(env, capsys, lone, "EAT"), "a single tile at H8 is no word")


def test_words_not_in_the_list_are_refused(env, capsys):
    bad = board_with((7, 6, "CATZ"))
    refused(moves(env, capsys, bad, "EAT"),
            "impossible position: the board has words not in the word list: CATZ at 8G")
    # cross words count too: T of CATS down into TQ
    crossed = [list(r) for r in OPENED]
    crossed[8][8] = "Q"
    refused(moves(env, capsys, ["".join(r) for r in crossed], "EAT"), "TQ at I8")


def test_board_files_are_read_bounded_and_exactly(env, capsys):
    refused(moves(env, capsys, str(env / "nope.board"), "EAT"),
            "board file", "nope.board: cannot read")
    refused(moves(env, capsys, str(env), "EAT"), "is a folder, not a board file")
    refused(moves(env, capsys, b"\x00\x01" * 100, "EAT"), "binary data, not a board")
    refused(moves(env, capsys, ("\n".join(EMPTY) + "\n").encode("latin-1") + b"\xe9\n", "EAT"),
            "not UTF-8 text")
    refused(moves(env, capsys, b"\xff\xfe" + "\n".join(EMPTY).encode("utf-16-le"), "EAT"),
            "binary data")
    refused(moves(env, capsys, EMPTY + ["." * 15], "EAT"),
            "the board has 16 rows, expected exactly 15 rows of 15 squares")
    refused(moves(env, capsys, EMPTY[:14] + ["." * 16], "EAT"), "row 15 has 16 squares")
    refused(moves(env, capsys, EMPTY[:14] + ["......\u00df........"], "EAT"),
            "row 15, column 7: bad character '\u00df' (U+00DF)")
    refused(moves(env, capsys, b"." * 5000, "EAT"), "too large (5000 bytes; a board file is at "
                                                     "most 4096 bytes)")
    # CRLF line ends and a final line end are fine
    code, _, _ = moves(env, capsys, ("\r\n".join(OPENED) + "\r\n").encode(), "EAT")
    assert code == 0


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_device_board_is_refused(env, capsys):
    refused(moves(env, capsys, "/dev/zero", "EAT"), "not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_fifos_are_refused_by_every_command_without_blocking(env):
    fifo = env / "fifo"
    os.mkfifo(fifo)
    board = env / "b.board"
    board.write_text("\n".join(EMPTY) + "\n")
    commands = [
        ["replay", str(fifo)],
        ["moves", "--board", str(fifo), "--rack", "EAT"],
        ["moves", "--board", str(board), "--rack", "EAT", "--lexicon", str(fifo)],
        ["check", "--lexicon", str(fifo), "cat"],
        ["selfplay", "--games", "1", "--lexicon", str(fifo)],
    ]
    for argv in commands:
        done = subprocess.run([sys.executable, "-m", "wordbler.cli", *argv], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 2, (argv, done.stderr)
        assert len(done.stderr.splitlines()) == 1 and "not a regular file" in done.stderr, \
            (argv, done.stderr)
        assert "Traceback" not in done.stderr


def test_the_top_option_is_checked(env, capsys):
    refused(moves(env, capsys, OPENED, "EAT", "--top", "-1"), "--top must be 0 or more")


# --------------------------------------------------------------------------- replay


def test_replay_bad_files_get_one_line_each_on_stderr(tmp_path, capsys):
    binary = tmp_path / "binary.gcg"
    binary.write_bytes(b"\x00\x01\x02")
    code, out, err = run(capsys, "replay", str(binary))
    assert code == 2
    assert err == [f"wordbler-cli replay: {binary}, line 1: binary data (a NUL byte), not a "
                   "game record"]
    assert out.splitlines() == ["1 game, 0 events, 0 mismatches, 1 error"]
    code, out, err = run(capsys, "replay", str(tmp_path / "missing.gcg"))
    assert code == 2 and len(err) == 1 and "missing.gcg: cannot read: No such file" in err[0]


def test_one_game_is_one_game(capsys):
    code, out, _ = run(capsys, "replay", str(DATA / "sample.gcg"))
    assert code == 0
    assert out.splitlines()[-1] == "1 game, 12 events, 0 mismatches, 0 errors"
    from wordbler.boardgame.replay import summary_line

    assert summary_line(1, 1, 1, 1) == "1 game, 1 event, 1 mismatch, 1 error"
    assert summary_line(2, 0, 2, 0) == "2 games, 0 events, 2 mismatches, 0 errors"


# --------------------------------------------------------------------------- check


def test_check_refuses_an_empty_word_and_keeps_answers_on_one_line(env, capsys):
    refused(run(capsys, "check", "--lexicon", str(env / "words.txt"), "cat", ""),
            "wordbler-cli check: word 2 is empty")
    code, out, err = run(capsys, "check", "--lexicon", str(env / "words.txt"), "a\nb", "\u017fit")
    assert code == 1 and err == []
    assert out.splitlines() == ["a\\nb invalid", "\u017fit invalid"]  # ſIT is not SIT


# --------------------------------------------------------------------------- selfplay


def test_selfplay_gcg_dir_on_a_file_exits_2_before_playing(env, capsys):
    a_file = env / "games.txt"
    a_file.write_text("not a folder")
    refused(run(capsys, "selfplay", "--games", "1", "--lexicon", str(env / "words.txt"),
                "--gcg-dir", str(a_file)),
            f"wordbler-cli selfplay: --gcg-dir {a_file}: is a file, not a folder")
    refused(run(capsys, "selfplay", "--games", "1", "--lexicon", str(env / "words.txt"),
                "--gcg-dir", str(a_file / "sub")),
            "a part of the path is a file, not a folder")


def test_selfplay_keeps_its_summary_when_a_record_cannot_be_written(env, capsys, monkeypatch):
    from wordbler.boardgame import savegame

    def disk_full(game, path):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(savegame, "save_game", disk_full)
    code, out, err = run(capsys, "selfplay", "--games", "2", "--players", "beginner,beginner",
                         "--lexicon", str(env / "words.txt"), "--gcg-dir", str(env / "out"))
    assert code == 2
    assert len(err) == 2 and all("not written to" in e and "No space left" in e for e in err)
    assert out.splitlines()[-1].startswith("2 games, 0 invariant failures;")


def test_selfplay_summary_says_one_game(env, capsys):
    code, out, err = run(capsys, "selfplay", "--games", "1", "--players", "beginner,beginner",
                         "--lexicon", str(env / "words.txt"), "--gcg-dir", str(env / "out"))
    assert code == 0 and err == []
    assert out.splitlines()[-1].startswith("1 game, 0 invariant failures;")
    assert len(list((env / "out").glob("*.gcg"))) == 1


def test_selfplay_records_of_every_level_load_again(env, capsys):
    """A save names its computer levels from a fixed set; self-play's baseline levels are
    in it, so its records are written and load."""
    from wordbler.boardgame import savegame
    from wordbler.boardgame.ai import ALL_LEVELS

    cheap = [lvl for lvl in ALL_LEVELS if lvl != "expert"]
    code, out, err = run(capsys, "selfplay", "--games", "1", "--players",
                         ",".join(cheap[:4]), "--lexicon", str(env / "words.txt"),
                         "--gcg-dir", str(env / "out"))
    assert code == 0 and err == [], (out, err)
    (record,) = (env / "out").glob("*.gcg")
    game = savegame.load_game(record)
    assert sorted(p.computer for p in game.players) == sorted(cheap[:4])


@pytest.mark.parametrize("argv, fragment", [
    (["selfplay", "--rules", "bogus"], "unknown rules preset 'bogus'"),
    (["selfplay", "--players", "god,beginner"], "unknown level 'god'"),
    (["selfplay", "--players", "beginner"], "standard needs 2-4 players"),
    (["selfplay", "--games", "0"], "--games must be at least 1"),
])
def test_selfplay_bad_arguments(env, capsys, argv, fragment):
    refused(run(capsys, *argv, "--lexicon", str(env / "words.txt")), fragment)


# --------------------------------------------------------------------------- as programs


def test_no_command_prints_a_traceback_on_bad_input(env):
    binary = env / "binary.bin"
    binary.write_bytes(bytes(range(256)))
    cases = [
        ["moves", "--board", str(binary), "--rack", "EAT"],
        ["moves", "--board", str(env / "missing"), "--rack", "EAT"],
        ["moves", "--board", str(binary), "--rack", ""],
        ["replay", str(binary)],
        ["check", "--lexicon", str(binary), "cat"],
        ["selfplay", "--gcg-dir", str(binary), "--games", "1"],
    ]
    for argv in cases:
        done = subprocess.run([sys.executable, "-m", "wordbler.cli", *argv], cwd=ROOT,
                              capture_output=True, text=True, timeout=120,
                              env={**os.environ, "WORDBLER_CACHE_DIR": str(env / "cache")})
        assert done.returncode == 2, (argv, done.stderr)
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("wordbler-cli "), (argv, done.stderr)
