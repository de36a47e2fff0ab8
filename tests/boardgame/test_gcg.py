"""The GCG reader and writer: real records, every lenient case, every malformed line."""

from __future__ import annotations

import dataclasses
import pathlib
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbler.boardgame import gcg
from wordbler.boardgame.gcg import (Event, EventKind, GCGError, GCGRecord, PlayerInfo, Pragma,
                                   tile_letter)
from wordbler.boardgame.model import Coord, Direction
from wordbler.boardgame.rules import board_alphabet

DATA = pathlib.Path(__file__).resolve().parent / "data"
HEAD = "#player1 ann Ann Example\n#player2 bob Bob Example\n"


def parse(text: str | bytes, source: str = "t.gcg") -> GCGRecord:
    return gcg.parse(text, source)


def comparable(record: GCGRecord):
    """A record without what depends on the file's layout (line numbers, raw text)."""
    return (
        [(p.number, p.nick, p.name) for p in record.players],
        [dataclasses.replace(e, line=0, text="") for e in record.events],
        [(p.name, p.value, p.position) for p in record.extra],
        record.title, record.description, record.game_id, record.id_authority,
        record.lexicon, record.notes, [r[:2] for r in record.racks], record.incomplete,
        record.tile_glyphs,
    )


# --------------------------------------------------------------------------- real records


def shared_records(shared_dir):
    files = sorted((shared_dir / "gcg").glob("*.gcg"))
    assert len(files) >= 39, "the shared records are missing"
    return files


def test_every_shared_record_parses(shared_dir):
    kinds = set()
    for path in shared_records(shared_dir):
        record = gcg.read_file(path)
        assert len(record.players) == 2, path.name
        assert record.events, path.name
        kinds |= {e.kind for e in record.events}
        for e in record.events:
            assert e.nick == record.players[e.player].nick
            assert e.text.startswith(">")
    # every kind but the own-rack penalty (no game among them ended on six scoreless turns)
    assert kinds == set(EventKind) - {EventKind.END_PENALTY}


def test_shared_records_survive_write_then_read(shared_dir):
    for path in shared_records(shared_dir):
        record = gcg.read_file(path)
        text = gcg.write(record)
        assert text.startswith("#character-encoding UTF-8\n")
        assert "\r" not in text
        again = gcg.parse(text.encode("utf-8"), "again.gcg")
        assert comparable(again) == comparable(record), path.name


def test_crlf_and_multiline_note(shared_dir):
    record = gcg.read_file(shared_dir / "gcg" / "utf8_dos.gcg")
    assert record.encoding == "utf-8"
    assert record.players[1] == PlayerInfo(2, "Michal_Josko", "Michal Josko", 3)
    first = record.events[0]
    assert (first.line, first.nick, first.rack, first.position, first.word) == (
        4, "angwantibo", "ABDELNO", "8D", "BLONDE")
    assert (first.coord, first.direction, first.score, first.total) == (
        Coord(7, 3), Direction.ACROSS, 24, 24)
    einstein = next(e for e in record.events if e.word == "E.NSTEIN")
    assert einstein.notes == (
        "tennises dentines way more points\nsince ive been behind  and the board is not open, "
        "ive made decision to do that risky play. win or lose. will it work?",)
    last = record.events[-1]
    assert (last.kind, last.rack, last.tiles, last.score, last.total) == (
        EventKind.END_POINTS, "", "ET", 4, 375)


def test_utf8_nicknames_and_names(shared_dir):
    record = gcg.read_file(shared_dir / "gcg" / "some_isc_game.gcg")
    assert [p.nick for p in record.players] == ["arcadio", "úrsula"]
    assert record.players[1].name == "Úrsula Iguarán Buendía"
    assert (record.id_authority, record.game_id) == ("org.aerolith", "RfqTieg8s6eg4J9TXp5n7R")
    bonus = [e for e in record.events if e.kind is EventKind.CHALLENGE_BONUS]
    assert len(bonus) == 1 and bonus[0].rack == "" and bonus[0].score == 5


def test_pragmata_and_the_time_penalty(shared_dir):
    record = gcg.read_file(shared_dir / "gcg" / "issue_476.gcg")
    assert record.lexicon == "NWL23" and record.description == "Created with Macondo"
    assert record.pragma("game-type") == Pragma(5, "game-type", "classic", 0)
    ex = record.events[0]
    assert (ex.kind, ex.tiles, ex.count, ex.score, ex.total) == (EventKind.EXCHANGE, "EQ", 2, 0, 0)
    time = record.events[-1]
    assert (time.kind, time.rack, time.score, time.total) == (
        EventKind.TIME_PENALTY, "NU", -10, 422)


def test_withdrawn_phony_and_two_space_pass(shared_dir):
    record = gcg.read_file(shared_dir / "gcg" / "noah_vs_peter.gcg")
    phony = next(e for e in record.events if e.kind is EventKind.WITHDRAWN)
    assert (phony.nick, phony.rack, phony.score, phony.total) == (
        "Peter_Armstrong", "AEY", -37, 335)
    passes = [e for e in record.events if e.kind is EventKind.PASS]
    assert len(passes) == 4 and passes[0].rack == "DEINNOR" and passes[-1].rack == "Q"


# --------------------------------------------------------------------------- lenient reading


def test_latin1_by_default_and_utf8_when_declared():
    latin = (HEAD.replace("Ann Example", "Andr\xe9 Caf\xe9") +
             ">ann: ABC 8G CAB +14 14\n").encode("latin-1")
    assert parse(latin).players[0].name == "André Café"
    assert parse(latin).encoding == "latin-1"
    utf = ("#character-encoding UTF-8\n" + HEAD.replace("Ann Example", "André Café")).encode()
    record = parse(utf)
    assert record.players[0].name == "André Café" and record.encoding == "utf-8"
    bom = b"\xef\xbb\xbf" + HEAD.replace("Ann Example", "Zoë").encode()
    assert parse(bom).players[0].name == "Zoë"
    assert parse("\ufeff" + HEAD).players[0].nick == "ann"


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r", "\n\r\n", "\r\r"])
def test_any_run_of_cr_and_lf_ends_a_line(end):
    text = (HEAD + ">ann: ABC 8G CAB +14 14\n>bob: DEF - +0 0").replace("\n", end)
    record = parse(text)
    assert [e.kind for e in record.events] == [EventKind.PLAY, EventKind.PASS]
    assert record.events[1].total == 0


def test_line_numbers_count_blank_lines():
    record = parse(HEAD + "\n\n>ann: ABC 8G CAB +14 14\r\n\r\n>bob: DEF - +0 0\n")
    assert [e.line for e in record.events] == [5, 7]


def test_old_syntax_lowercase_positions_board_letters_and_cross_words():
    record = parse(HEAD + ">ann: ABC 8g CAB +14 14\n>bob: DEOT h7 DAT +8 8  AT, DA\n"
                          ">ann:\tABC\t\t-\t+0\t14\n")
    play = record.events[1]
    assert (play.position, play.coord, play.direction, play.word) == (
        "H7", Coord(6, 7), Direction.DOWN, "DAT")
    assert play.extra == ("AT,", "DA")
    assert record.events[0].position == "8G"
    assert record.events[2].kind is EventKind.PASS


def test_exchange_forms_and_end_lines():
    record = parse(HEAD + ">ann: ABCDEFG -ABC +0 0\n>bob: ABCDEFG -4 +0 0\n"
                          ">ann: QU (QU) -11 -11\n>bob:  (QU) +22 22\n>ann: ?? (??) +0 -11\n"
                          ">bob: (?) +0 22\n")
    kinds = [(e.kind, e.tiles, e.count) for e in record.events]
    assert kinds == [
        (EventKind.EXCHANGE, "ABC", 3), (EventKind.EXCHANGE, "", 4),
        (EventKind.END_PENALTY, "QU", 0), (EventKind.END_POINTS, "QU", 0),
        (EventKind.END_PENALTY, "??", 0), (EventKind.END_POINTS, "?", 0),
    ]


def test_notes_game_notes_continuations_and_unknown_pragmata():
    text = (
        "#note about the whole game\n" + HEAD + "#wordbler-seed 7\n"
        ">ann: ABC 8G CAB +14 14\n#note first\nsecond line\n\n  third, indented\n"
        "#note another note\n#- macondo style\n#style wsc2001\n>bob: DEF - +0 0\n#- alone\n"
    )
    record = parse(text)
    assert record.notes == ("about the whole game",)
    assert record.events[0].notes == ("first\nsecond line\n  third, indented",
                                      "another note\nmacondo style")
    assert record.events[1].notes == ("alone",)
    assert record.extra == (Pragma(4, "wordbler-seed", "7", 0), Pragma(12, "style", "wsc2001", 1))
    assert record.pragma("WORDBLER-SEED").value == "7"


def test_racks_incomplete_tile_and_one_token_id():
    record = parse(HEAD + "#id 12345\n#tile Ñ N~\n>ann: ABC 8G CAB +14 14\n#rack1 DEF\n"
                          "#rack2 ?\n#incomplete\n")
    assert record.racks == ((0, "DEF", 6), (1, "?", 7)) and record.incomplete
    assert record.game_id == "12345" and record.id_authority is None
    assert record.tile_glyphs == (("Ñ", "N~"),)


def test_players_inferred_when_none_declared():
    record = parse(">ann: ABC 8G CAB +14 14\n>bob: DEF - +0 0\n>ann: GHI - +0 14\n")
    assert [(p.number, p.nick, p.name, p.line) for p in record.players] == [
        (1, "ann", "ann", 0), (2, "bob", "bob", 0)]
    assert [e.player for e in record.events] == [0, 1, 0]


def test_nick_case_differences_are_tolerated():
    record = parse("#player1 Ann Ann\n#player2 bob Bob\n>ANN: ABC 8G CAB +14 14\n")
    assert record.events[0].nick == "Ann" and record.events[0].player == 0
    with pytest.raises(GCGError, match='unknown player "ANN"'):
        parse("#player1 Ann Ann\n#player2 ann Bob\n>ANN: ABC 8G CAB +14 14\n")
    with pytest.raises(GCGError, match='line 1: nickname "a:b" contains ":"'):
        parse("#player1 a:b Ann\n")


def test_player_without_full_name_and_dos_eof_mark():
    record = parse(b"#player1 ann\n#player2 bob Bob\n>ann: ABC 8G CAB +14 14\n\x1a")
    assert record.players[0].name == "ann" and len(record.events) == 1


def test_players_but_no_events_is_a_record():
    assert parse(HEAD).events == ()


# --------------------------------------------------------------------------- errors

BAD_LINES = [
    # (event line 3, message)
    (">ann: ABC Z99 CAB +14 14", 'bad position "Z99"'),
    (">ann: ABC 16A CAB +14 14", 'bad position "16A"'),
    (">ann: ABC 8P CAB +14 14", 'bad position "8P"'),
    (">ann: ABC 0A CAB +14 14", 'bad position "0A"'),
    (">ann: ABC 8M BLONDE +14 14", "8M BLONDE runs off the board"),
    (">ann: ABC M12 BLONDE +14 14", "M12 BLONDE runs off the board"),
    (">ann: ABC 88 CAB +14 14", 'bad move "88"'),
    (">ann: ABC 8G C4B +14 14", 'bad word "C4B"'),
    (">ann: ABC 8G ... +0 14", "8G ... places no tile"),
    (">ann: ABC 8G CAB +14", "truncated event: missing the total after the score"),
    (">ann: ABC 8G CAB", "truncated event: missing the score and the total"),
    (">ann: ABC 8G", "truncated event: no word after 8G"),
    (">ann: ABC", "truncated event: no move after the rack"),
    (">ann:", "truncated event: nothing after the nickname"),
    (">ann: ABC 8G CAB +x 14", 'bad score "+x"'),
    (">ann: ABC 8G CAB +14 1e3", 'bad total "1e3"'),
    (">ann: ABC 8G CAB +14 9999999999", 'bad total "9999999999"'),  # over 9 digits
    (">ann: abc 8G CAB +14 14", 'bad rack "abc"'),
    (">ann: ABC -abc +0 0", 'bad exchange "-abc"'),
    (">ann: ABC -0 +0 0", 'bad exchange "-0"'),
    (">ann: ABC () +0 0", 'bad end-of-game tiles "()"'),
    (">ann: (ab) +0 0", 'bad end-of-game tiles "(ab)"'),
    (">carl: ABC 8G CAB +14 14", 'unknown player "carl"'),
    (">ann ABC 8G CAB +14 14", 'an event must start ">nick:"'),
    (">ann:ABC 8G CAB +14 14", 'an event must start ">nick:"'),
    ("just some words", "text outside a note"),
    ("#player1 carl Carl", "#player1 declared twice (first on line 1)"),
    ("#player3 ann Ann again", 'nickname "ann" is used by #player1 too'),
    ("#player5 eve Eve", "#player5: players are numbered 1 to 4"),
    ("#player3", "#player3 needs a nickname"),
    ("#rack3 ABC", "#rack3 for a player that is not declared"),
    ("#rack1 abc", 'bad rack "abc" in #rack1'),
    ("#character-encoding UTF-8", "#character-encoding must be the first line"),
    ("#title one\n#title two", "#title given twice"),
    ("#id", "#id needs an authority and an id"),
    ("#tile X", "#tile needs a glyph and its ASCII form"),
]


@pytest.mark.parametrize("line, message", BAD_LINES)
def test_malformed_lines_name_their_line(line, message):
    text = HEAD + line + "\n>ann: XYZ - +0 0\n"
    with pytest.raises(GCGError) as info:
        parse(text, "game.gcg")
    err = info.value
    assert err.message.startswith(message), err.message
    expected_line = 4 if line.startswith("#title one") else 3
    assert err.line == expected_line
    assert err.path == "game.gcg"
    assert str(err) == f"game.gcg, line {expected_line}: {err.message}"


def test_error_text_format():
    with pytest.raises(GCGError, match=r'^game\.gcg, line 3: bad position "Z99"$'):
        parse(HEAD + ">ann: ABC Z99 CAB +14 14\n", "game.gcg")
    assert isinstance(GCGError("x"), ValueError)
    assert str(GCGError("boom", line=4)) == "line 4: boom"
    assert str(GCGError("boom")) == "boom"


@pytest.mark.parametrize("data, line, message", [
    (b"", None, "empty file"),
    (b"  \r\n\n\t\n", None, "empty file"),
    (HEAD.encode() + b">ann: A\x00BC 8G CAB +14 14\n", 3, "binary data (a NUL byte)"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 3, "binary data (a NUL byte)"),
    (HEAD.encode() + b"#note bell \x07\n", 3, "binary data (control character U+0007)"),
    (b"#character-encoding UTF-8\n" + HEAD.encode() + b"#note caf\xe9\n", 4,
     "not valid UTF-8 (byte 0xe9)"),
    (b"\xef\xbb\xbf" + HEAD.encode() + b"#note \xff\n", 3, "not valid UTF-8 (byte 0xff)"),
    (b"#character-encoding KOI8-R\n" + HEAD.encode(), 1, 'unsupported character encoding "KOI8-R"'),
    (b"\xef\xbb\xbf#character-encoding ISO-8859-1\n" + HEAD.encode(), 1,
     "a UTF-8 byte-order mark but #character-encoding ISO-8859-1"),
    (b"Dear diary,\ntoday I played.\n", 1, "not a GCG game record"),
    (b"#title only a title\n", None, "no players and no moves"),
    (b"#player2 bob Bob\n>bob: A - +0 0\n", 1, "#player2 without #player1"),
    (b">a: A - +0 0\n>b: A - +0 0\n>c: A - +0 0\n>d: A - +0 0\n>e: A - +0 0\n", 5,
     'a 5th player "e"'),
])
def test_unreadable_data(data, line, message):
    with pytest.raises(GCGError) as info:
        parse(data, "bad.gcg")
    assert info.value.message.startswith(message), info.value.message
    assert info.value.line == line


def test_iso_8859_1_may_be_declared():
    data = b"#character-encoding ISO-8859-1\n" + HEAD.replace("Ann", "\xc5sa").encode("latin-1")
    assert parse(data).players[0].name == "Åsa Example"


def test_enormous_files_are_refused_without_reading_them(tmp_path):
    huge = tmp_path / "huge.gcg"
    with open(huge, "wb") as f:
        f.truncate(1 << 30)  # sparse: 1 GB that is never read
    with pytest.raises(GCGError, match=r"huge\.gcg: file is too large \(1024\.0 MB"):
        gcg.read_file(huge)
    with pytest.raises(GCGError, match="too large"):
        gcg.parse(b"#" * (gcg.MAX_BYTES + 1))
    with pytest.raises(GCGError, match="too large"):
        gcg.parse("#" * (gcg.MAX_BYTES + 1))


def test_missing_file_folder_and_wrong_type(tmp_path):
    with pytest.raises(GCGError, match=r"nope\.gcg: cannot read: No such file"):
        gcg.read_file(tmp_path / "nope.gcg")
    with pytest.raises(GCGError, match="is a folder"):
        gcg.read_file(tmp_path)
    with pytest.raises(TypeError):
        gcg.parse(42)  # type: ignore[arg-type]
    assert gcg.parse(DATA / "sample.gcg").source == str(DATA / "sample.gcg")


def test_data_files_give_line_numbered_errors():
    cases = {
        "truncated.gcg": (5, "truncated event"),
        "binary.gcg": (2, "binary data"),
        "bad_position.gcg": (4, 'bad position "Z99"'),
        "unknown_player.gcg": (4, 'unknown player "zed"'),
    }
    for name, (line, message) in cases.items():
        with pytest.raises(GCGError) as info:
            gcg.read_file(DATA / name)
        assert info.value.line == line, name
        assert info.value.message.startswith(message), name
        assert str(info.value).startswith(f"{DATA / name}, line {line}: ")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_arbitrary_bytes_give_a_record_or_a_gcg_error(data):
    try:
        gcg.parse(data)
    except GCGError as e:
        assert e.message
        assert e.line is None or e.line >= 1


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=" \t:>#-+()?.0123456789abhoABCHOZ\n", max_size=30),
                max_size=8))
def test_garbled_event_lines_give_a_record_or_a_gcg_error(lines):
    text = HEAD + "\n".join(">ann: " + line for line in lines) + "\n"
    try:
        record = gcg.parse(text)
    except GCGError as e:
        assert e.line is not None and e.line >= 3
    else:
        assert len(record.events) <= len(lines)


# --------------------------------------------------------------------------- writing


def test_make_nicks():
    assert gcg.make_nicks(["Ann Lee", "Ann_Lee", "ann lee", " ", "a:b", "#x>y", "Zoë\tQ"]) == [
        "Ann_Lee", "Ann_Lee_2", "ann_lee_3", "player4", "a_b", "x_y", "Zoë_Q"]


def test_write_layout():
    record = parse(HEAD + "#title T\n>ann: ABC 8G CAB +14 14\n>bob:  (challenge) +5 5\n"
                          ">ann: ABC -- -14 0\n>bob: (QU) +22 27\n#rack1 ABC\n#incomplete\n")
    text = gcg.write(record)
    assert text == (
        "#character-encoding UTF-8\n#player1 ann Ann Example\n#player2 bob Bob Example\n"
        "#title T\n>ann: ABC 8G CAB +14 14\n>bob:  (challenge) +5 5\n>ann: ABC -- -14 0\n"
        ">bob:  (QU) +22 27\n#rack1 ABC\n#incomplete\n"
    )


def test_write_refuses_what_gcg_cannot_hold():
    record = parse(HEAD + ">ann: ABC 8G CAB +14 14\n")
    with pytest.raises(ValueError, match="single token"):
        gcg.write(dataclasses.replace(
            record, players=(PlayerInfo(1, "an n", "Ann"), record.players[1])))
    with pytest.raises(ValueError, match="two players"):
        gcg.write(dataclasses.replace(record, players=(record.players[0],) * 2))
    with pytest.raises(ValueError, match="one line"):
        gcg.write(dataclasses.replace(record, title="two\nlines"))


def test_notes_with_awkward_lines_round_trip():
    note = "first\n#not a pragma\n>not an event\n\n  indented\nlast"
    record = parse(HEAD + ">ann: ABC 8G CAB +14 14\n")
    record = dataclasses.replace(record, notes=("game\nnote",), events=(
        dataclasses.replace(record.events[0], notes=(note, "second")),))
    again = gcg.parse(gcg.write(record))
    assert again.notes == ("game\nnote",)
    assert again.events[0].notes == (note, "second")


RACK = st.text(alphabet="ABCEQZ?", max_size=7)


@st.composite
def events(draw, index):
    nick_i = draw(st.integers(0, 1))
    kind = draw(st.sampled_from(list(EventKind)))
    kw = {}
    rack = draw(RACK)
    score = draw(st.integers(-999, 999))
    if kind is EventKind.PLAY:
        direction = draw(st.sampled_from(list(Direction)))
        length = draw(st.integers(1, 15))
        row = draw(st.integers(0, 14 if direction is Direction.ACROSS else 15 - length))
        col = draw(st.integers(0, 15 - length if direction is Direction.ACROSS else 14))
        word = draw(st.text(alphabet="AZqs.", min_size=length, max_size=length)
                    .filter(lambda w: w.strip(".")))
        coord = Coord(row, col)
        kw = dict(position=coord.gcg(direction), coord=coord, direction=direction, word=word)
    elif kind is EventKind.EXCHANGE:
        tiles = draw(st.text(alphabet="ABQ?", max_size=7))
        kw = dict(tiles=tiles, count=len(tiles) or draw(st.integers(1, 7)))
    elif kind in (EventKind.END_POINTS, EventKind.END_PENALTY):
        tiles = draw(st.text(alphabet="ABQ?", min_size=1, max_size=7))
        kw = dict(tiles=tiles)
        if kind is EventKind.END_PENALTY:
            rack, score = tiles, -abs(score) or 0
            if score == 0:
                score = -1
        else:
            rack, score = "", abs(score) or 1
    notes = tuple(draw(st.lists(st.text(alphabet="ab #>:\n", max_size=12), max_size=2)))
    return Event(kind, 0, ["ann", "bob"][nick_i], nick_i, rack, score,
                 draw(st.integers(-999, 9999)), notes=notes, **kw)


@st.composite
def records(draw):
    n = draw(st.integers(0, 6))
    evs = tuple(draw(events(i)) for i in range(n))
    extra = tuple(
        Pragma(0, name, value, draw(st.integers(0, n)))
        for name, value in draw(st.lists(st.tuples(
            st.sampled_from(["wordbler-seed", "style", "game-type"]),
            st.text(alphabet="ab 1%", max_size=6)), max_size=3))
    )
    extra = tuple(sorted(extra, key=lambda p: p.position))
    return GCGRecord(
        players=(PlayerInfo(1, "ann", draw(st.sampled_from(["Ann", "Ann  Lee", "ann"]))),
                 PlayerInfo(2, "bob", "Bob")),
        events=evs,
        title=draw(st.none() | st.text(alphabet="ab ", min_size=1, max_size=5).map(str.strip)
                   .filter(bool)),
        lexicon=draw(st.none() | st.just("NWL23")),
        notes=tuple(draw(st.lists(st.text(alphabet="ab #\n", max_size=8), max_size=2))),
        racks=tuple(draw(st.lists(st.tuples(st.integers(0, 1), RACK, st.just(0)), max_size=2))),
        incomplete=draw(st.booleans()),
        extra=tuple(dataclasses.replace(p, value=p.value.strip()) for p in extra),
    )


def normal_notes(notes):
    return tuple(n.rstrip(" \t") for n in notes)


@settings(max_examples=200, deadline=None)
@given(records())
def test_write_then_read_is_the_identity(record):
    text = gcg.write(record)
    again = gcg.parse(text.encode("utf-8"))

    def strip(r: GCGRecord):
        c = comparable(r)
        evs = [dataclasses.replace(e, notes=tuple(
            "\n".join(x.rstrip(" \t") for x in n.split("\n")).strip(" \t") for n in e.notes))
            for e in c[1]]
        notes = tuple("\n".join(x.rstrip(" \t") for x in n.split("\n")).strip(" \t")
                      for n in r.notes)
        return (c[0], evs, c[2], c[3], c[4], c[5], c[6], c[7], notes, *c[9:])

    assert strip(again) == strip(record)


@pytest.mark.parametrize("language", ["en", "ru", "fr"])
def test_a_tile_letter_is_an_alphabet_letter_in_either_case_and_nothing_else(language):
    # every Unicode character (surrogates aside): ſ and ı upper-case to S and I, but are
    # no tile, as ß and ﬁ are none; what the game reads as a letter is that letter (Russian
    # Ё as Е, French É as E: a record with them replays as the game played them)
    alphabet = board_alphabet(language)
    letters = {chr(i): tile_letter(chr(i), alphabet) for i in range(sys.maxunicode + 1)
               if not 0xD800 <= i < 0xE000}
    took = {ch: letter for ch, letter in letters.items() if letter is not None}
    expected = {**{ch: ch for ch in alphabet.letters},
                **{ch.lower(): ch for ch in alphabet.letters}, **alphabet.aliases}
    assert took == expected
    assert (("Ё" in took) == (language == "ru")) and (("é" in took) == (language == "fr"))
