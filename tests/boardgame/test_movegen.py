"""Move generator: golden positions, the lexicon graph and its cache, the CLI subcommand."""

from __future__ import annotations

import argparse
import hashlib
import os
import struct
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordbler import paths
from wordbler.boardgame.model import Direction
from wordbler.boardgame.movegen import (
    BoardFormatError,
    CacheError,
    GeneratedMove,
    LexGraph,
    cache_path,
    engine_generator,
    format_move,
    generate,
    load_or_build,
    sort_key,
)
from wordbler.boardgame.movegen import cli as moves_cli
from wordbler.lexicon.graph import FORMAT_VERSION, MAGIC
from wordbler.boardgame.rules import STANDARD

EMPTY = ["." * 15] * 15
SMALL = ["AT", "CAT", "CATS", "SCAT", "ACT", "TA", "AS", "TAS", "AX", "XI", "ZA", "QI"]


# ---------------------------------------------------------------------------- golden files
@pytest.mark.parametrize("number", [f"{i:02d}" for i in range(1, 15)])
def test_golden_position(number, shared_dir, golden_graph):
    pos = shared_dir / "positions"
    board = (pos / f"{number}.board").read_text().splitlines()
    rack = (pos / f"{number}.rack").read_text().strip()
    expected = (pos / f"{number}.moves").read_text().splitlines()
    moves = generate(board, rack, golden_graph)
    assert moves.lines() == expected


def test_golden_objects_format_and_sort_like_lines(shared_dir, golden_graph):
    pos = shared_dir / "positions"
    board = (pos / "01.board").read_text().splitlines()
    moves = generate(board, (pos / "01.rack").read_text().strip(), golden_graph)
    objs = sorted(moves, key=sort_key)
    assert [format_move(m) for m in objs] == moves.lines()
    assert [format_move(m) for m in moves.sorted_moves()] == moves.lines()
    assert [format_move(m) for m in moves.best(3)] == moves.lines(3)
    best = objs[0]
    assert isinstance(best, GeneratedMove)
    assert str(best) == "1A DRAFTER 33"
    assert best.direction is Direction.ACROSS and (best.row, best.col) == (0, 0)
    assert best.tiles == (
        (0, 0, "D", False),
        (0, 1, "R", False),
        (0, 2, "A", False),
        (0, 4, "T", False),
        (0, 5, "E", False),
        (0, 6, "R", False),
    )
    assert best.leave == "U"


# ---------------------------------------------------------------------------- small cases
def test_first_move_covers_start_in_both_directions():
    g = LexGraph.build(SMALL)
    lines = generate(EMPTY, "CAT", g).lines()
    # CAT/ACT/AT/TA across through H8 and down through H8; every one covers the start square
    assert "8F CAT 10" in lines and "H6 CAT 10" in lines
    assert "8H AT 4" in lines and "H8 AT 4" in lines
    assert not any(line.split()[1] in {"A", "C", "T"} for line in lines)
    for m in generate(EMPTY, "CAT", g):
        assert any((r, c) == (7, 7) for r, c, _, _ in m.tiles)


def test_one_tile_play_is_listed_once_under_the_longer_word():
    g = LexGraph.build(SMALL)
    board = list(EMPTY)
    board[7] = "......CAT......"
    lines = generate(board, "S", g).lines()
    assert lines == ["8F SCAT 6", "8G CATS 6", "H8 AS 2"]  # AS: the down word is longer
    # a one-tile play forming a two-letter word down and CATS across is listed across
    board2 = list(EMPTY)
    board2[6] = ".........X....."  # X above the square right of CAT
    board2[7] = "......CAT......"
    lines2 = generate(board2, "I", LexGraph.build(SMALL + ["CATI"])).lines()
    assert any(line.startswith("8G CATI ") for line in lines2)
    assert not any(line.startswith("J7 XI") for line in lines2)


def test_blank_on_rack_and_on_board():
    g = LexGraph.build(SMALL)
    board = list(EMPTY)
    board[7] = "......cAT......"  # a blank standing for C
    lines = generate(board, "?", g).lines()
    assert "8G cATs 2" in lines  # blank C and blank S score nothing
    assert "8F scAT 2" in lines
    # every letter a blank could be is a distinct move
    lines = generate(EMPTY, "A?", g).lines()
    assert {"8H At 2", "8G tA 2", "8G As 2", "8H Ax 2"} <= set(lines)


def test_bingo_bonus_from_rules():
    words = ["TESTING", "SETTING"]
    g = LexGraph.build(words)
    lines = generate(EMPTY, "TESTING", g).lines()
    assert len(lines) == 2 * 7 * 2  # two words, seven starts, two directions
    scores = {int(line.split()[2]) for line in lines}
    plain = generate(EMPTY, "TESTING", g, STANDARD.with_changes(bingo_bonus=0)).lines()
    no_bonus = {int(line.split()[2]) for line in plain}
    assert {s - 50 for s in scores} == no_bonus


def test_empty_rack_and_no_moves():
    g = LexGraph.build(SMALL)
    assert len(generate(EMPTY, "", g)) == 0
    assert generate(EMPTY, "QQ", g).lines() == []


@pytest.mark.parametrize(
    "board, rack",
    [
        (EMPTY[:14], "A"),
        (EMPTY[:14] + ["." * 14], "A"),
        (EMPTY[:14] + ["......1........"], "A"),
        (EMPTY, "a-b"),
        (EMPTY, "A B"),
        (EMPTY, "ABCDEFGH"),
    ],
)
def test_malformed_input_is_refused(board, rack):
    with pytest.raises(BoardFormatError):
        generate(board, rack, LexGraph.build(SMALL))


def test_a_lower_case_rack_means_the_same_tiles():
    graph = LexGraph.build(SMALL)
    assert generate(EMPTY, "ae?t", graph).lines() == generate(EMPTY, "AE?T", graph).lines()


# ---------------------------------------------------------------------------- lexicon graph
def test_graph_contains_exactly_the_words():
    words = SMALL + ["a", "toolongwordsforthe", "x-ray", "Zoo", " bee\n"]
    g = LexGraph.build(words)
    expected = sorted({w.strip().upper() for w in words if w.strip().isalpha()
                       and 2 <= len(w.strip()) <= 15})
    assert list(g.words()) == expected
    assert len(g) == len(expected)
    for w in expected:
        assert g.contains(w) and w.lower() in g
    for w in ["", "A", "C", "CA", "CATSS", "SCATS", "XRAY", "TOOLONGWORDSFORTHE", "Ca7"]:
        assert not g.contains(w)


def test_build_reports_progress():
    seen: list[float] = []
    LexGraph.build(SMALL, progress=seen.append)
    assert seen[0] == 0.0 and seen[-1] == 1.0
    assert seen == sorted(seen)


def test_graph_serialises_round_trip():
    g = LexGraph.build(SMALL)
    h = LexGraph.from_bytes(g.to_bytes("k"), "k")
    assert list(h.words()) == list(g.words())
    assert h.stats() == g.stats()


# ---------------------------------------------------------------------------- disk cache
def test_cache_is_written_then_loaded(tmp_path):
    built: list[float] = []
    g1 = load_or_build(SMALL, "key1", tmp_path, progress=built.append)
    assert built and cache_path("key1", tmp_path).is_file()
    assert not list(tmp_path.glob("*.tmp"))  # the temporary file was renamed into place

    def no_words():
        raise AssertionError("words must not be read when the cache is valid")
        yield  # pragma: no cover

    g2 = load_or_build(no_words(), "key1", tmp_path)
    assert list(g2.words()) == list(g1.words())


def test_cache_dir_defaults_to_the_user_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.CACHE_ENV, str(tmp_path / "c"))
    load_or_build(SMALL, "key-default")
    assert cache_path("key-default", tmp_path / "c").is_file()


def _damage(path: Path, how: str) -> None:
    data = bytearray(path.read_bytes())
    if how == "truncated":
        data = data[: len(data) // 2]
    elif how == "header-only":
        data = data[:10]
    elif how == "flipped":
        data[-5] ^= 0xFF
    elif how == "magic":
        data[:8] = b"NOTMAGIC"
    elif how == "version":
        data[8:12] = struct.pack("<I", FORMAT_VERSION + 1)
    elif how == "appended":
        data += b"\0\0\0\0"
    elif how == "empty":
        data = bytearray()
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    "how", ["truncated", "header-only", "flipped", "magic", "version", "appended", "empty"]
)
def test_damaged_cache_is_rebuilt(tmp_path, how):
    load_or_build(SMALL, "key", tmp_path)
    path = cache_path("key", tmp_path)
    _damage(path, how)
    with pytest.raises(CacheError):
        LexGraph.from_bytes(path.read_bytes(), "key")
    g = load_or_build(SMALL + ["ZZZ"], "key", tmp_path)  # rebuilt from the words given now
    assert g.contains("ZZZ")
    assert LexGraph.from_bytes(path.read_bytes(), "key").contains("ZZZ")  # and rewritten


def test_every_flipped_header_byte_is_caught():
    """Reliability item 6: the checksum once left the header out, so flipping byte 20 (the
    forward root) gave wrong moves silently.  Now any byte of the header, or of the arrays,
    changed makes the file refused (and so rebuilt)."""
    data = LexGraph.build(SMALL).to_bytes("k")
    header_size = struct.calcsize("<8sIIIII7I32s")
    positions = list(range(header_size)) + list(range(header_size, len(data), 7))
    for i in positions:
        bad = bytearray(data)
        bad[i] ^= 0x01
        with pytest.raises(CacheError):
            LexGraph.from_bytes(bytes(bad), "k")
    assert LexGraph.from_bytes(data, "k").contains("CAT")


@pytest.mark.parametrize("kind", ["dev-zero-link", "fifo", "folder", "link-to-good-file"])
def test_a_cache_that_is_not_a_regular_file_is_never_read_but_replaced(tmp_path, kind):
    load_or_build(SMALL, "key", tmp_path)
    path = cache_path("key", tmp_path)
    good = tmp_path / "elsewhere.bin"
    path.replace(good)
    if kind == "dev-zero-link":
        path.symlink_to("/dev/zero")  # read without a bound, this never ends
    elif kind == "fifo":
        os.mkfifo(path)  # read blocking, this never returns
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to(good)
    g = load_or_build(SMALL + ["ZZZ"], "key", tmp_path)
    assert g.contains("ZZZ")  # built from the words given, not read
    if kind != "folder":  # a folder cannot be replaced by a file; the graph is still right
        assert path.is_file() and not path.is_symlink()
        assert LexGraph.from_bytes(path.read_bytes(), "key").contains("ZZZ")


def test_cache_for_another_key_is_not_trusted(tmp_path):
    load_or_build(SMALL, "old", tmp_path)
    # a file for "old" placed where "new" would be: the key inside it gives it away
    cache_path("old", tmp_path).replace(cache_path("new", tmp_path))
    g = load_or_build(["NEW", "WORDS"], "new", tmp_path)
    assert g.contains("NEW") and not g.contains("CAT")


def test_checksummed_but_inconsistent_cache_is_refused():
    g = LexGraph.build(SMALL)
    data = bytearray(g.to_bytes("k"))
    header = struct.Struct("<8sIIIII7I32s")
    fields = list(header.unpack_from(data))
    fields[3] = 10**6  # froot out of range
    payload = bytes(data[header.size:])
    fields[-1] = bytes(32)
    fields[-1] = hashlib.sha256(header.pack(*fields)[:-32] + payload).digest()
    forged = header.pack(*fields) + payload
    assert forged[:8] == MAGIC
    with pytest.raises(CacheError, match="inconsistent"):
        LexGraph.from_bytes(forged, "k")


def test_unwritable_cache_still_gives_a_graph(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    g = load_or_build(SMALL, "k", blocker / "sub")
    assert g.contains("CAT")


def test_cache_file_holds_no_pickle(tmp_path):
    load_or_build(SMALL, "k", tmp_path)
    data = cache_path("k", tmp_path).read_bytes()
    assert data.startswith(MAGIC)
    assert b"\x80\x04\x95" not in data[:64]  # no pickle protocol header


# ---------------------------------------------------------------------------- paths
def test_cache_dir_per_platform(tmp_path, monkeypatch):
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: tmp_path))
    assert paths.user_cache_dir({}, "linux") == tmp_path / ".cache" / "wordbler"
    assert paths.user_cache_dir({"XDG_CACHE_HOME": "/x/c"}, "linux") == Path("/x/c/wordbler")
    assert paths.user_cache_dir({"XDG_CACHE_HOME": "rel"}, "linux") == (
        tmp_path / ".cache" / "wordbler"
    )
    assert paths.user_cache_dir({}, "darwin") == tmp_path / "Library" / "Caches" / "Wordbler"
    assert paths.user_cache_dir({"LOCALAPPDATA": "C:/L"}, "win32") == Path(
        "C:/L/Wordbler/Cache"
    )
    assert paths.user_cache_dir({paths.CACHE_ENV: "/o"}, "win32") == Path("/o")
    assert paths.user_data_dir({}, "linux") == tmp_path / ".local" / "share" / "wordbler"
    assert paths.user_data_dir({paths.DATA_ENV: "/d"}, "darwin") == Path("/d")
    assert paths.user_data_dir({"XDG_DATA_HOME": "/x/d"}, "linux") == Path("/x/d/wordbler")
    assert paths.user_data_dir({}, "darwin") == (
        tmp_path / "Library" / "Application Support" / "Wordbler")
    assert paths.user_data_dir({"LOCALAPPDATA": "C:/L"}, "win32") == Path("C:/L/Wordbler")
    assert isinstance(paths.user_cache_dir(), Path)


# ---------------------------------------------------------------------------- CLI
def _cli(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="wordbler-cli moves")
    moves_cli.configure_parser(parser)
    return moves_cli.run(parser.parse_args(argv))


def test_cli_output_diffs_empty_against_golden(shared_dir, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(paths.CACHE_ENV, str(tmp_path))
    pos = shared_dir / "positions"
    rack = (pos / "07.rack").read_text().strip()
    argv = ["--board", str(pos / "07.board"), "--rack", rack, "--lexicon", str(pos / "words.txt")]
    assert _cli(argv) == 0
    assert capsys.readouterr().out == (pos / "07.moves").read_text()
    assert _cli(argv + ["--top", "3"]) == 0
    assert capsys.readouterr().out.splitlines() == (pos / "07.moves").read_text().splitlines()[:3]


def test_cli_with_a_small_lexicon(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(paths.CACHE_ENV, str(tmp_path / "cache"))
    lex = tmp_path / "words.txt"
    lex.write_text("\n".join(SMALL) + "\n")
    board = tmp_path / "b.board"
    board.write_text("\n".join(EMPTY) + "\n")
    assert _cli(["--board", str(board), "--rack", "CAT", "--lexicon", str(lex), "--top", "2"]) == 0
    assert capsys.readouterr().out == "8F ACT 10\n8F CAT 10\n"


@pytest.mark.parametrize(
    "board_text, rack, message",
    [
        ("\n".join(EMPTY[:3]), "AB", "3 rows"),
        ("\n".join(EMPTY[:14] + ["......#........"]), "AB", "bad character"),
        ("\n".join(EMPTY[:14] + ["...."]), "AB", "4 squares"),
        ("\n".join(EMPTY), "a1", "bad rack letter"),
        ("\n".join(EMPTY), "ABCDEFGH", "at most 7"),
    ],
)
def test_cli_bad_input_exits_2(tmp_path, capsys, board_text, rack, message):
    board = tmp_path / "b.board"
    board.write_text(board_text + "\n")
    assert _cli(["--board", str(board), "--rack", rack]) == 2
    err = capsys.readouterr()
    assert message in err.err and err.out == ""


def test_cli_missing_files_exit_2(tmp_path, capsys):
    assert _cli(["--board", str(tmp_path / "nope"), "--rack", "A"]) == 2
    assert "cannot read" in capsys.readouterr().err
    board = tmp_path / "b.board"
    board.write_text("\n".join(EMPTY) + "\n")
    assert _cli(["--board", str(board), "--rack", "A", "--lexicon", str(tmp_path / "no")]) == 2
    assert capsys.readouterr().err


def test_engine_modules_do_not_import_qt():
    root = Path(moves_cli.__file__).resolve().parent
    for py in list(root.glob("*.py")) + [Path(paths.__file__)]:
        text = py.read_text()
        assert "PySide" not in text and "PyQt" not in text, py


# ---------------------------------------------------------------------------- engine_generator
def test_engine_generator_caches_by_content(tmp_path):
    from wordbler.lexicon.dictionary import Lexicon

    gen = engine_generator(SMALL, cache_dir=tmp_path)
    assert gen(EMPTY, "CAT").lines()[:2] == ["8F ACT 10", "8F CAT 10"]
    assert len(list(tmp_path.iterdir())) == 1
    # the same words in another order (or as a Lexicon with the same content hash) hit the cache
    gen2 = engine_generator(list(reversed(SMALL)), cache_dir=tmp_path)
    assert gen2.graph.stats() == gen.graph.stats()
    lex = Lexicon.from_words(SMALL)
    gen3 = engine_generator(lex, STANDARD.with_changes(bingo_bonus=0), cache_dir=tmp_path)
    assert len(list(tmp_path.iterdir())) == 1
    assert gen3(EMPTY, "CAT").lines() == gen(EMPTY, "CAT").lines()
    m = gen3(EMPTY, "CATS")[0]
    assert isinstance(m, GeneratedMove) and m.leave in {"", "C", "A", "T", "S"}


def test_cache_keeps_only_recent_graphs_and_drops_stale_temp_files(tmp_path):
    from wordbler.lexicon.graph import CACHE_KEEP

    stale = tmp_path / "lexgraph-v1-dead.bin.123.tmp"
    stale.write_bytes(b"partial")
    os.utime(stale, (1, 1))
    fresh_tmp = tmp_path / "lexgraph-v1-busy.bin.456.tmp"  # maybe another process writing
    fresh_tmp.write_bytes(b"partial")
    other = tmp_path / "unrelated.txt"
    other.write_text("mine")
    for i in range(CACHE_KEEP + 2):
        load_or_build(SMALL, f"key{i}", tmp_path)
        os.utime(cache_path(f"key{i}", tmp_path), (1000 + i, 1000 + i))
    graphs = sorted(p.name for p in tmp_path.glob("*.bin"))
    assert len(graphs) == CACHE_KEEP
    assert cache_path(f"key{CACHE_KEEP + 1}", tmp_path).exists()
    assert not cache_path("key0", tmp_path).exists()
    assert not stale.exists() and fresh_tmp.exists() and other.exists()


def test_empty_word_list_gives_an_empty_graph(tmp_path):
    g = load_or_build([], "empty", tmp_path)
    assert len(g) == 0 and list(g.words()) == [] and not g.contains("AB")
    assert len(generate(EMPTY, "AB?", g)) == 0
    assert load_or_build([], "empty", tmp_path).stats() == g.stats()


def test_cheap_views_match_the_objects():
    g = LexGraph.build(SMALL + ["CATTIER"])
    board = list(EMPTY)
    board[7] = "......CAT......"
    moves = generate(board, "ST?A", g)
    assert len(moves) > 10
    assert moves.scores() == [m.score for m in moves]
    assert moves.tile_counts() == [len(m.tiles) for m in moves]
    assert moves[0] == list(moves)[0] and moves[:2] == list(moves)[:2]


_CACHE_BYTES = None


def _cache_bytes() -> bytes:
    global _CACHE_BYTES
    if _CACHE_BYTES is None:
        _CACHE_BYTES = LexGraph.build(SMALL).to_bytes("k")
    return _CACHE_BYTES


@settings(max_examples=int(os.environ.get("WORDBLER_FUZZ_EXAMPLES", "60")), deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10**6), st.integers(1, 255)), min_size=1, max_size=4))
def test_fuzz_a_damaged_cache_is_always_refused(changes):
    """Reliability issue, fuzz over the cache reader: any bytes changed (xor), anywhere in the
    file, make it refused; a changed file is never read as a graph."""
    data = bytearray(_cache_bytes())
    for pos, flip in changes:
        data[pos % len(data)] ^= flip
    if bytes(data) == _cache_bytes():  # the flips undid each other
        return
    with pytest.raises(CacheError):
        LexGraph.from_bytes(bytes(data), "k")


@settings(max_examples=int(os.environ.get("WORDBLER_FUZZ_EXAMPLES", "60")), deadline=None)
@given(st.binary(max_size=400), st.booleans())
def test_fuzz_random_bytes_are_no_cache(blob, with_magic):
    data = (MAGIC + blob) if with_magic else blob
    with pytest.raises(CacheError):
        LexGraph.from_bytes(data, "k")
