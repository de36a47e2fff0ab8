"""Replaying records: every shared record matches; every kind of wrong record is caught."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbler.boardgame import gcg, replay
from wordbler.cli import main
from wordbler.boardgame.gcg import EventKind
from wordbler.boardgame.model import Coord
from wordbler.boardgame.rules import ENGLISH_TILES, WORDBLER_CLASSIC, Settlement

DATA = pathlib.Path(__file__).resolve().parent / "data"
SAMPLE = DATA / "sample.gcg"


def replay_text(text: str, rules=None) -> replay.ReplayResult:
    return replay.replay(gcg.parse(text, "t.gcg"), rules)


def sample_text() -> str:
    return SAMPLE.read_text(encoding="utf-8")


def messages(result: replay.ReplayResult) -> list[str]:
    return [str(m) for m in result.mismatches]


# --------------------------------------------------------------------------- real records


def test_every_shared_record_replays_without_a_mismatch(shared_dir):
    files = sorted((shared_dir / "gcg").glob("*.gcg"))
    assert len(files) >= 39
    problems = []
    for path in files:
        result = replay.replay_file(path)
        problems += [f"{path.name}: {m}" for m in result.mismatches]
        assert len(result.steps) == len(result.record.events) + 1
        last = {}
        for e in result.record.events:
            last[e.player] = e.total
        assert result.final.scores == tuple(last.get(i, 0) for i in range(2))
    assert problems == []


def test_positions_step_by_step(shared_dir):
    result = replay.replay_file(shared_dir / "gcg" / "utf8_dos.gcg")
    start = result.steps[0]
    assert start.index == 0 and start.event is None and start.scores == (0, 0)
    assert start.rows == ["." * 15] * 15
    first = result.steps[1]
    assert first.event is result.record.events[0]
    assert first.rows[7] == "...BLONDE......"
    assert first.scores == (24, 0) and first.mismatch is None
    assert first.changed == tuple(Coord(7, c) for c in range(3, 9))
    assert first.breakdown.total == 24
    # E7 C.ATCH goes down through the L of BLONDE
    second = result.steps[2]
    assert [row[4] for row in second.rows[6:12]] == list("CLATCH")
    assert len(second.changed) == 5 and second.scores == (24, 26)
    # the steps are independent copies
    assert len(first.board) == 6 and len(result.final.board) > 6
    assert result.ok and result.names == ("angwantibo", "Michal Josko")
    assert result.final.scores == (375, 488)
    # a blank shows lowercase: 3G BIRTHeD
    birthed = next(s for s in result.steps if s.event and s.event.word == "BIRTHeD")
    assert birthed.rows[2][6:13] == "BIRTHeD"


def test_a_withdrawn_phony_leaves_the_board(shared_dir):
    result = replay.replay_file(shared_dir / "gcg" / "noah_vs_peter.gcg")
    for i, step in enumerate(result.steps):
        if step.event is not None and step.event.kind is EventKind.WITHDRAWN:
            assert step.rows == result.steps[i - 2].rows
            assert step.changed == result.steps[i - 1].changed
    assert result.ok


def test_end_of_game_multiplier_is_inferred(shared_dir):
    assert replay.replay_file(shared_dir / "gcg" / "guy_vs_bot.gcg").settlement is (
        Settlement.TOURNAMENT)
    assert replay.replay_file(SAMPLE).settlement is None


def test_the_sample_game_replays():
    result = replay.replay_file(SAMPLE)
    assert result.ok, messages(result)
    assert result.final.scores == (50, 70)
    seriate = result.steps[10]
    assert seriate.breakdown.bingo_bonus == 50 and seriate.breakdown.total == 71


# --------------------------------------------------------------------------- wrong records


def changed(old: str, new: str, text: str | None = None) -> str:
    text = sample_text() if text is None else text
    assert old in text, old
    return text.replace(old, new, 1)


@pytest.mark.parametrize("old, new, expected", [
    ("HARDEN +28 28", "HARDEN +26 26", "line 5: score 26 recorded, 28 computed for 8D HARDEN"),
    ("SOLV. +9 9", "SOLV. +9 10", "line 7: total 10 recorded, 9 expected (0 + 9)"),
    # a word laid over a square that holds another letter
    ("H4 SOLV. +9 9", "H4 SOLVO +9 9", "line 7: H4 SOLVO: H8 already holds E, not O"),
    # "." where there is no tile
    ("I8 .OTE", "I9 .OTE", 'line 10: I9 .OTE: "." at I9, but that square is empty'),
    # tiles not in the rack
    (">ann: ADEHNRT 8D HARDEN", ">ann: ADEHNST 8D HARDEN",
     "line 5: 8D HARDEN: R not on the rack ADEHNST"),
    (">ann: ADEHNRT 8D HARDEN", ">ann: ADEHNRT 8D HArDEN",
     "line 5: 8D HArDEN: ? not on the rack ADEHNRT"),
    (">ann: ADEHNRT 8D HARDEN", ">ann: ADEHNRTT 8D HARDEN",
     "line 5: rack ADEHNRTT has 8 tiles, more than 7"),
    # the record's own letters for tiles on the board (old syntax) are fine
    ("H4 SOLV.", "H4 SOLVE", None),
    ("I8 .OTE", "I8 NOTE", None),
    # not the whole word: the E below is part of it
    ("I8 .OTE", "I9 OTE", "line 10: I9 OTE is not the whole word: I8 holds a tile too"),
    # first move away from the centre
    ("8D HARDEN +28 28", "7D HARDEN +28 28",
     "line 5: 7D HARDEN is not a legal placement: the first word must cover the centre star "
     "(H8)"),
    (">bob: EILORSV H4 SOLV. +9 9", ">bob: EILORSV A1 SOLV +9 9",
     "line 7: A1 SOLV is not a legal placement: the word must touch tiles already on the "
     "board (A1, A2, A3, A4)"),
    # phony withdrawals
    ("-- -4 9", "-- -5 8",
     "line 12: withdrawal of -5 recorded, but the play on line 11 scored 4"),
    ("-- -4 9", "-- +0 9", None),  # old style: the total already lowered
    ("-- -4 9", "-- +0 13", "line 12: total 13 recorded, 9 expected (13 - 4)"),
    (">bob: AEEIRST -- -4 9", ">ann: AEEIRST -- -4 29",
     "line 12: a withdrawn play (--) must follow a play by the same player"),
    (">bob: AEEIRST -- -4 9", ">bob: AEEIRSS -- -4 9",
     "line 12: rack AEEIRSS differs from the withdrawn play's rack AEEIRST"),
    # passes, exchanges, bonuses, penalties
    (">ann: AEIOTTU - +0 28", ">ann: AEIOTTU - +3 31", "line 8: a pass scores 0, not +3"),
    ("-QUUW +0 9", "-QUUX +0 9", "line 9: exchange -QUUX: X not on the rack EIQRUUW"),
    ("-QUUW +0 9", "-8 +0 9", "line 9: exchange of 8 tiles, more than a rack holds"),
    ("-UVW +0 50", "-UVW +2 52", "line 16: an exchange scores 0, not +2"),
    ("(challenge) +5 50", "(challenge) -5 40",
     "line 14: a challenge bonus cannot be negative (-5)"),
    ("(time) -10 70", "(time) +10 90", "line 17: a time penalty cannot be positive (+10)"),
    # impossible racks: one Z in the set
    (">ann: AEIPTUZ 10G", ">ann: AIPTUZZ 10G", "line 13: rack AIPTUZZ: no Z left off the board"),
])
def test_wrong_records_give_line_numbered_mismatches(old, new, expected):
    """The first mismatch (later ones may follow from it: the record's totals are trusted)."""
    result = replay_text(changed(old, new))
    if expected is None:
        assert result.ok, messages(result)
        return
    assert messages(result)[0] == expected
    for m in result.mismatches:
        assert m.event is not None and m.event.line == m.line
        step = next(s for s in result.steps if s.event is m.event)
        assert m in step.mismatches


def test_a_conflicting_play_is_not_put_on_the_board():
    result = replay_text(changed("H4 SOLV. +9 9", "H4 SOLVO +9 9"))
    assert result.steps[2].rows == result.steps[1].rows
    assert result.steps[2].scores == (28, 9)  # the record's totals are trusted


END = ("#player1 ann Ann\n#player2 bob Bob\n>ann: AEFGINS 8D FEASING +80 80\n"
       ">ann: {rack} ({tiles}) {score} {total}\n")


def end_lines(text_tiles: str, score: str, total: int, rack: str = "") -> replay.ReplayResult:
    return replay_text(END.format(rack=rack, tiles=text_tiles, score=score, total=total))


def test_end_of_game_points():
    # the tiles left off the board: the whole set but FEASING
    left = ENGLISH_TILES.letters()
    for ch in "FEASING":
        left.remove(ch)
    tiles = "".join(sorted(left))
    value = sum(ENGLISH_TILES.value(t) for t in tiles)
    assert value == 187 - 11
    assert end_lines(tiles, f"+{2 * value}", 80 + 2 * value).ok
    ok1 = end_lines(tiles, f"+{value}", 80 + value)
    assert ok1.ok and ok1.settlement is Settlement.STANDARD
    bad = end_lines(tiles, f"+{value + 1}", 81 + value)
    assert messages(bad) == [
        f"line 4: ({tiles}) recorded as +{value + 1}, but the tiles are worth {value}: "
        f"expected +{2 * value} or +{value}"]
    short = end_lines("QU", "+22", 102)
    assert messages(short) == [f"line 4: (QU) are not the tiles left off the board ({tiles})"]


def test_end_of_game_multiplier_must_be_consistent():
    text = ("#player1 a A\n#player2 b B\n#player3 c C\n>a: AEFGINS 8D FEASING +80 80\n"
            ">b: QU (QU) -11 -11\n>c: QU (QU) +22 22\n>a: QU (QU) +11 91\n")
    result = replay_text(text)
    assert "expected +22" in messages(result)[-2]


def test_own_rack_penalty():
    base = "#player1 ann Ann\n#player2 bob Bob\n"
    assert replay_text(base + ">ann: EIQ (EIQ) -12 -12\n").ok
    assert messages(replay_text(base + ">ann: EIQ (EIQ) -11 -11\n")) == [
        "line 3: (EIQ) recorded as -11, but the rack is worth 12: expected -12"]
    assert messages(replay_text(base + ">ann: EIQS (EIQ) -12 -12\n")) == [
        "line 3: rack EIQS but (EIQ) counted"]


def test_rules_decide_the_bingo_bonus():
    result = replay_text(sample_text(), rules=WORDBLER_CLASSIC)
    assert messages(result)[0] == "line 15: score 71 recorded, 21 computed for 12I SERIATE"
    named = changed("#title", "#wordbler-rules wordbler-classic\n#title")
    assert messages(replay_text(named))[0] == (
        "line 16: score 71 recorded, 21 computed for 12I SERIATE")


# --------------------------------------------------------------------------- CLI


def run_cli(capsys, *args: str) -> tuple[int, list[str]]:
    code = main(["replay", *args])
    return code, capsys.readouterr().out.splitlines()


def test_cli_on_the_shared_records(shared_dir, capsys):
    files = sorted(str(p) for p in (shared_dir / "gcg").glob("*.gcg"))
    events = sum(len(gcg.read_file(f).events) for f in files)
    code, lines = run_cli(capsys, *files)
    assert code == 0
    assert lines[:-1] == [f"{f}: ok ({len(gcg.read_file(f).events)} events)" for f in files]
    assert lines[-1] == f"{len(files)} games, {events} events, 0 mismatches, 0 errors"


def test_cli_reports_the_first_mismatch_and_errors(tmp_path, capsys):
    bad = tmp_path / "bad.gcg"
    bad.write_text(changed("HARDEN +28 28", "HARDEN +26 26"), encoding="utf-8")
    code, lines = run_cli(capsys, str(SAMPLE), str(bad))
    assert code == 1
    assert lines == [
        f"{SAMPLE}: ok (12 events)",
        f"{bad}: line 5: score 26 recorded, 28 computed for 8D HARDEN (and 1 more)",
        "2 games, 24 events, 2 mismatches, 0 errors",
    ]
    code, lines = run_cli(capsys, "--all", str(bad))
    assert code == 1 and lines[1] == f"{bad}: line 8: total 28 recorded, 26 expected (26 + 0)"

    missing = tmp_path / "missing.gcg"
    code = main(["replay", str(bad), str(DATA / "truncated.gcg"), str(DATA / "binary.gcg"),
                 str(missing)])
    assert code == 2
    captured = capsys.readouterr()
    lines, errors = captured.out.splitlines(), captured.err.splitlines()
    # a file that cannot be read: one line on stderr each, naming the file and the problem
    assert errors[0] == (f"wordbler-cli replay: {DATA / 'truncated.gcg'}, line 5: truncated "
                         "event: missing the total after the score")
    assert errors[1].startswith(f"wordbler-cli replay: {DATA / 'binary.gcg'}, line 2: binary data")
    assert errors[2].startswith(f"wordbler-cli replay: {missing}: cannot read")
    assert len(errors) == 3
    assert lines[-1] == "4 games, 12 events, 2 mismatches, 3 errors"


def test_cli_rules_option(capsys):
    code, lines = run_cli(capsys, "--rules", "wordbler-classic", str(SAMPLE))
    assert code == 1 and "21 computed for 12I SERIATE" in lines[0]


def test_cli_as_a_program():
    done = subprocess.run(
        [sys.executable, "-m", "wordbler.cli", "replay", str(SAMPLE),
         str(DATA / "bad_position.gcg")],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout.splitlines() == [
        f"{SAMPLE}: ok (12 events)",
        "2 games, 12 events, 0 mismatches, 1 error",
    ]
    assert done.stderr.splitlines() == [
        f"wordbler-cli replay: {DATA / 'bad_position.gcg'}, line 4: bad position \"Z99\"",
    ]


TOKENS = ["8D", "H4", "h8", "15O", "O15", "A1", "HARDEN", "SOLV.", ".....", "qI", "-", "--",
          "-QU", "-3", "(challenge)", "(time)", "(QU)", "(?)", "+0", "+28", "-4", "9", "-10",
          "ADEHNRT", "?", "ZZZZZZZ", "E"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 16), st.integers(0, 7), st.sampled_from(TOKENS)),
                max_size=6))
def test_replay_never_fails_on_a_readable_record(edits):
    """Whatever a record says, replay reports mismatches; it never raises."""
    rows = sample_text().splitlines()
    for row, column, token in edits:
        parts = rows[row].split(" ")
        parts[min(column, len(parts) - 1)] = token
        rows[row] = " ".join(parts)
    try:
        record = gcg.parse("\n".join(rows) + "\n")
    except gcg.GCGError:
        return
    result = replay.replay(record)
    assert len(result.steps) == len(record.events) + 1
    for m in result.mismatches:
        assert m.line in {e.line for e in record.events}


# --------------------------------------------------------------------------- head starts


def test_a_handicapped_game_replays_from_its_head_starts(tmp_path, capsys):
    import random

    from wordbler.boardgame import savegame

    from .test_savegame import new_game, play_random

    game = play_random(new_game("standard", 2, seed=21, handicaps=(0, 40)), random.Random(21),
                       16)
    text = savegame.game_to_gcg(game)
    result = replay_text(text)
    assert result.ok, messages(result)
    by_name = {p.name: i for i, p in enumerate(result.record.players)}
    assert result.steps[0].scores[by_name["Player 2"]] == 40
    assert result.steps[0].scores[by_name["Player 1"]] == 0
    assert result.final.scores == tuple(game.scores)
    path = tmp_path / "handicap.gcg"
    path.write_text(text, encoding="utf-8")
    code, lines = run_cli(capsys, str(path))
    assert code == 0 and lines[0] == f"{path}: ok ({len(result.record.events)} events)"
    # without the line, the first total of Player 2 is 40 more than the scores add up to
    bare = replay_text(text.replace("#wordbler-handicap 0 40\n", ""))
    assert not bare.ok and "expected" in bare.mismatches[0].message
