"""Never trust a file (reliability issue, items 7-10): the exact bad bytes of each defect.

- 7: a save's ``mascot=`` naming a path (``../../x``) is refused; the renderer only draws the
  bundled mascots by id, never a path.
- 8: out-of-range values in saves (``computer=god``, ``hint_cost=-5``, ``bingo_bonus=-50``...)
  are refused with an error naming the line.
- 9: numbers of more than 4,300 digits (GCG player numbers, ``#rack``, our own pragmata) are
  a GCGError naming the line, never Python's own ValueError.
- 10: special files (a FIFO, ``/dev/zero``, a folder) are refused without blocking; game
  records and saves over 10 MB and word lists over 50 MB are refused before being read;
  a record of passes replays in linear memory (positions are not copied per event).
Old save files still open, and the real tournament records still replay with no mismatch.
"""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys
import tracemalloc

import pytest

from wordbler.boardgame import gcg, replay, savegame
from wordbler.boardgame.gcg import GCGError
from wordbler.boardgame.rules import PRESETS
from wordbler.lexicon import dictionary
from wordbler.lexicon.dictionary import LexiconError

DATA = pathlib.Path(__file__).resolve().parent / "data"
OLD_UNFINISHED = DATA / "old_save_unfinished.gcg"  # written by the code of commit fdb4093
OLD_FINISHED = DATA / "old_save_finished.gcg"
BIG = "1" * 5000
HAS_FIFO = hasattr(os, "mkfifo")


def old_text() -> str:
    return OLD_UNFINISHED.read_text(encoding="utf-8")


def line_of(text: str, prefix: str) -> int:
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith(prefix):
            return number
    raise AssertionError(prefix)


def load(text: str):
    return savegame.game_from_gcg(text.encode("utf-8"), None, source="s.gcg")


# --------------------------------------------------------------------------- old files


def test_old_saves_still_open_exactly():
    for path in (OLD_UNFINISHED, OLD_FINISHED):
        game = savegame.load_game(path)
        again = savegame.game_from_gcg(savegame.game_to_gcg(game))
        assert again.scores == game.scores and again.players == game.players
    game = savegame.load_game(OLD_UNFINISHED)
    assert [p.mascot for p in game.players] == [None, "owl", "fox"]
    assert [p.computer for p in game.players] == ["beginner", None, "strong"]
    assert game.rules.hint_cost == 3 and not game.is_over
    assert savegame.load_game(OLD_FINISHED).is_over


def test_real_tournament_records_replay_without_a_mismatch(shared_dir):
    files = sorted((shared_dir / "gcg").glob("*.gcg"))
    assert len(files) >= 30
    for f in files:
        result = replay.replay_file(f)
        assert result.ok, (f.name, result.mismatches[:1])


# --------------------------------------------------------------------------- item 7


@pytest.mark.parametrize("value", [
    "..%2F..%2F..%2F..%2Ftmp%2Fevil", "%2Fdev%2Fzero", "owl%2F..%2Fowl", "..", "owl.svg",
    "OWL", "owl%00", "%5C%5Cserver%5Cshare%5Cx", "cat%20and%20dog", "a" * 40,
])
def test_a_mascot_is_an_id_from_the_fixed_set_never_a_path(value):
    text = old_text().replace("#wordbler-player Ann_Lee mascot=owl",
                              f"#wordbler-player Ann_Lee mascot={value}")
    number = line_of(text, "#wordbler-player Ann_Lee")
    with pytest.raises(GCGError) as info:
        load(text)
    assert info.value.line == number
    assert str(info.value).startswith(f"s.gcg, line {number}: unknown mascot")
    assert "owl" in str(info.value)  # the known ones are listed


def test_the_mascot_renderer_draws_only_bundled_ids(tmp_path):
    pytest.importorskip("PySide6")
    import wordbler.ui  # noqa: F401  (refcount guard, before PySide6)
    from wordbler.datafiles import data_path
    from wordbler.ui.boardgame import mascots

    # a valid SVG reachable by a relative path from the mascot folder: not drawn
    shutil.copy(data_path("resources", "mascots", "owl.svg"), tmp_path / "evil.svg")
    folder = data_path("resources", "mascots")
    relative = os.path.relpath(tmp_path / "evil", folder)
    assert (folder / f"{relative}.svg").is_file()
    assert mascots.mascot_renderer(relative) is None
    assert mascots.mascot_renderer(str(tmp_path / "evil")) is None
    if HAS_FIFO:  # a FIFO there would have hung the app for good
        os.mkfifo(tmp_path / "fifo.svg")
        assert mascots.mascot_renderer(os.path.relpath(tmp_path / "fifo", folder)) is None
    assert mascots.mascot_renderer("owl") is not None
    assert set(mascots.mascot_names()) == savegame.known_mascots() >= {"owl", "fox", "cat"}


def test_a_game_with_an_unknown_mascot_or_level_is_not_saved_unloadable():
    from wordbler.boardgame.game import Game, PlayerSpec

    for spec in (PlayerSpec("Ann", mascot="../x"), PlayerSpec("Ann", computer="god")):
        with pytest.raises(ValueError, match="cannot save"):
            savegame.game_to_gcg(Game([spec, PlayerSpec("Bob")], seed=1))


# --------------------------------------------------------------------------- item 8


@pytest.mark.parametrize("old, new, message", [
    ("Robo mascot=fox computer=strong", "Robo mascot=fox computer=god",
     'unknown computer level "god"'),
    ("Robo mascot=fox computer=strong", "Robo mascot=fox computer=",
     'unknown computer level ""'),
    ("Robo mascot=fox computer=strong", "Robo mascot=fox computer=strong computer=expert",
     "computer= given twice"),
    ("Robo mascot=fox computer=strong", "Robo name=%20%20",
     "a player's name must be 1 to 1000 characters"),
    ("Robo mascot=fox computer=strong", "Robo name=" + "x" * 1001,
     "a player's name must be 1 to 1000 characters"),
    ("#player3 Robo Robo", "#player3 Robo " + "x" * 1001,
     "a player's name must be 1 to 1000 characters"),
    ("standard hint_cost=3", "standard hint_cost=-5", "the rule hint_cost must be 0 to 50, not -5"),
    ("standard hint_cost=3", "standard hint_cost=51", "the rule hint_cost must be 0 to 50"),
    ("standard hint_cost=3", "standard hint_cost=3 bingo_bonus=-50",
     "the rule bingo_bonus must be 0 to 1000, not -50"),
    ("standard hint_cost=3", "standard hint_cost=3 fail_limit=0", "the rule fail_limit must be"),
    ("standard hint_cost=3", "standard hint_cost=3 rack_size=99", "the rule rack_size must be"),
    ("standard hint_cost=3", "standard hint_cost=3 min_players=5", "the rule min_players must"),
    ("standard hint_cost=3", "tournament hint_cost=3 min_players=3",
     "min_players (3) is more than max_players (2)"),
    ("standard hint_cost=3", "standard hint_cost=3 min_first_move_tiles=8",
     "min_first_move_tiles (8) is more than rack_size (7)"),
    ("standard hint_cost=3", "standard hint_cost=3 hint_cost=4", "hint_cost is given twice"),
    ("standard hint_cost=3", "standard hint_cost=%C2%B2", 'bad value "²" for the rule hint_cost'),
    ("standard hint_cost=3", "standard hint_cost=3 title=a%0Ab",
     "the rule title must be one line"),
    ("standard hint_cost=3", "standard hint_cost=3 settlement=weird",
     'bad value "weird" for the rule settlement'),
])
def test_out_of_range_values_name_their_line(old, new, message):
    text = old_text().replace(old, new)
    assert text != old_text()
    prefix = ("#wordbler-rules" if "hint_cost" in old else
              "#player3" if old.startswith("#player3") else "#wordbler-player Robo")
    number = line_of(text, prefix)
    with pytest.raises(GCGError) as info:
        load(text)
    assert info.value.line == number, str(info.value)
    assert message in info.value.message, info.value.message


def test_the_rule_limits_hold_for_every_preset():
    for rules in PRESETS.values():
        savegame.check_rules(rules)
    # the setup dialog's hint cost range is the rule's range
    assert savegame.RULE_LIMITS["hint_cost"] == (0, 50)


def test_every_integer_rule_a_save_may_change_has_a_range():
    """A rule added later cannot slip through unchecked: each integer field that
    #wordbler-rules may set has its range in RULE_LIMITS."""
    from dataclasses import fields

    from wordbler.boardgame.rules import STANDARD, RuleSet

    for f in fields(RuleSet):
        value = getattr(STANDARD, f.name)
        if isinstance(value, int) and not isinstance(value, bool) \
                and f.name not in savegame._EDITABLE:
            assert f.name in savegame.RULE_LIMITS, f.name


def test_every_value_in_range_loads():
    text = old_text().replace("standard hint_cost=3", "standard hint_cost=3 fail_limit=9")
    assert load(text).rules.fail_limit == 9
    text = old_text().replace("computer=strong", "computer=expert")
    assert load(text).players[2].computer == "expert"


# --------------------------------------------------------------------------- item 9


GCG_BIG = [
    (f"#player{BIG} ann Ann\n>ann: ABC - +0 0\n", 1, "players are numbered 1 to 4"),
    (f"#player1 ann Ann\n#rack{BIG} ABC\n>ann: ABC - +0 0\n", 2, "players are numbered 1 to 4"),
    (f"#player1 ann Ann\n>ann: ABC - +{BIG} 0\n", 2, "bad score"),
    (f"#player1 ann Ann\n>ann: ABC - +0 {BIG}\n", 2, "bad total"),
    (f"#player1 ann Ann\n>ann: ABC -{BIG} +0 0\n", 2, "bad exchange"),
    (f"#player1 ann Ann\n>ann: ABC {BIG}A ABC +0 0\n", 2, "bad move"),
    ("#player1 ann Ann\n>ann: ABC -\u00b2 +0 0\n", 2, "bad exchange"),
]


@pytest.mark.parametrize("text, number, message", GCG_BIG)
def test_huge_numbers_in_records_are_a_gcg_error(text, number, message):
    with pytest.raises(GCGError) as info:
        gcg.parse(text.encode("utf-8"), "big.gcg")
    assert info.value.line == number and message in info.value.message
    assert len(str(info.value)) < 200  # the 5,000 digits are not repeated in full


@pytest.mark.parametrize("old, new", [
    ("#wordbler-hint Robo 3", f"#wordbler-hint Robo {BIG}"),
    ("#wordbler-hint Robo 3", f"#wordbler-hint Robo -{BIG}"),
    ("#wordbler-seed 4242", f"#wordbler-seed {BIG}"),
    ("#wordbler-rules standard hint_cost=3", f"#wordbler-rules standard hint_cost={BIG}"),
    ("#wordbler-format 1", f"#wordbler-format {BIG}"),
    ("#wordbler-seats Ann_Lee Robo Zoë",
     f"#wordbler-seats Ann_Lee Robo Zoë\n#wordbler-rack-order Zoë {BIG} 1"),
    (">Zoë: IOLUNNT 8F UNION +10 10", f">Zoë: IOLUNNT 8F UNION +10 10\n#wordbler-tiles {BIG}"),
    ("#incomplete", f"#wordbler-pending {BIG}:H8:A\n#incomplete"),
    ("#incomplete", f"#wordbler-pending 0:Z9:A\n#incomplete"),
    ("#incomplete", f"#wordbler-pending 0:H{BIG}:A\n#incomplete"),
])
def test_huge_numbers_in_our_pragmata_are_a_gcg_error(old, new):
    text = old_text()
    assert old in text
    text = text.replace(old, new, 1)
    with pytest.raises(GCGError) as info:
        load(text)
    assert info.value.line is not None
    assert len(str(info.value)) < 300


def test_huge_numbers_reach_the_cli_as_one_line(tmp_path, capsys):
    from wordbler.cli import main

    path = tmp_path / "big.gcg"
    path.write_text(f"#player{BIG} ann Ann\n>ann: ABC - +0 0\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"wordbler-cli replay: {path}, line 1: #player{'1' * 31}...: players are "
                   "numbered 1 to 4"]


# --------------------------------------------------------------------------- item 10


@pytest.mark.skipif(not HAS_FIFO, reason="no FIFOs on this platform")
def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "game.gcg"
    os.mkfifo(fifo)
    # in a child process with a timeout: a reader that opens it blocking would hang
    code = (
        "import sys\n"
        "from wordbler.boardgame import gcg, savegame\n"
        "from wordbler.lexicon import dictionary\n"
        "for f in (gcg.read_file, savegame.load_game, dictionary.load_file):\n"
        "    try:\n"
        f"        f({str(fifo)!r})\n"
        "    except ValueError as e:\n"
        "        print(type(e).__name__, e)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=pathlib.Path(__file__).resolve().parents[2])
    lines = done.stdout.splitlines()
    assert len(lines) == 3, (done.stdout, done.stderr)
    assert lines[0] == f"GCGError {fifo}: not a regular file (a device, pipe or socket), not a " \
                       "game record"
    assert lines[1] == lines[0]
    assert lines[2] == "LexiconError game.gcg is not a regular file"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_devices_and_folders_are_refused(tmp_path):
    with pytest.raises(GCGError, match="not a regular file"):
        gcg.read_file("/dev/zero")
    link = tmp_path / "zero.gcg"
    link.symlink_to("/dev/zero")
    with pytest.raises(GCGError, match="not a regular file"):
        savegame.load_game(link)
    with pytest.raises(LexiconError, match="not a regular file"):
        dictionary.load_file(link)
    with pytest.raises(GCGError, match="is a folder"):
        gcg.read_file(tmp_path)
    with pytest.raises(LexiconError, match="is a folder"):
        dictionary.load_file(tmp_path)


def test_sizes_are_refused_before_reading(tmp_path):
    record = tmp_path / "huge.gcg"
    with open(record, "wb") as f:  # sparse: nothing is written, nothing may be read
        f.truncate(10 * 1024 * 1024 + 1)
    with pytest.raises(GCGError, match=r"too large \(10\.0 MB; a game record is at most 10 MB"):
        gcg.read_file(record)
    with pytest.raises(GCGError, match="too large"):
        savegame.load_game(record)
    words = tmp_path / "huge.txt"
    with open(words, "wb") as f:
        f.truncate(50 * 1024 * 1024 + 1)
    with pytest.raises(LexiconError, match="the limit is 50 MB"):
        dictionary.load_file(words)
    assert gcg.MAX_BYTES == 10 * 1024 * 1024 and dictionary.MAX_FILE_BYTES == 50 * 1024 * 1024
    # at the limit: read (and then judged on its content)
    fits = tmp_path / "fits.gcg"
    fits.write_bytes(b"#player1 a A\n" + b">a: A - +0 0\n" * 1000)
    assert len(gcg.read_file(fits).events) == 1000


def passes(n: int) -> bytes:
    lines = [b"#player1 ann Ann", b"#player2 bob Bob"]
    lines += [b">ann: ABCDEFG - +0 0", b">bob: ABCDEFG - +0 0"] * (n // 2)
    return b"\n".join(lines) + b"\n"


def test_a_record_of_passes_is_read_and_replayed_in_linear_memory():
    """(The 4 MB record of the issue is timed by scripts/fuzz_files.py --big; here 0.5 MB
    and allocation counts, which do not depend on the machine's speed.)"""
    data = passes(25_000)
    assert len(data) >= 512 * 1024
    result = replay.replay(gcg.parse(data))
    assert result.ok and len(result.steps) == 25_001
    # no board is copied for an event that does not change it
    positions = result.steps[-1].positions
    assert len(positions.checkpoints) == 1 and positions.changes == []
    assert result.steps[-1].board is result.steps[1].board
    # memory per event does not grow with the length (measured allocations, not time)
    per_event = []
    for n in (2_000, 8_000):
        record = gcg.parse(passes(n))
        tracemalloc.start()
        kept = replay.replay(record)
        size, _peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert len(kept.steps) == n + 1
        per_event.append(size / n)
    assert per_event[1] < per_event[0] * 1.3, per_event
    assert per_event[1] < 300, per_event  # bytes per event kept by the replay (~130)


def test_replayed_positions_rebuild_exactly(shared_dir):
    """The compact positions (changes + checkpoints) give the same boards as replaying
    by hand, at every step, including withdrawn plays."""
    from wordbler.boardgame.board import Board

    for path in sorted((shared_dir / "gcg").glob("*.gcg"))[:8]:
        result = replay.replay_file(path)
        board = Board(result.rules.layout)
        for step in result.steps[1:]:
            ev = step.event
            if ev.kind is gcg.EventKind.WITHDRAWN:
                board.take(step.changed)
            elif step.changed:
                board.put(p for p in step.board.placements() if p.coord in step.changed)
            assert step.rows == board.rows_text(), (path.name, step.index)
        assert len(step.positions.checkpoints) == len(step.positions.changes) // \
            replay.CHECKPOINT + 1


def test_a_long_note_is_read_in_linear_time():
    # each continuation line used to copy the whole note so far (quadratic)
    text = "#player1 ann Ann\n>ann: ABC - +0 0\n#note start\n" + "more\n" * 300_000
    record = gcg.parse(text)
    assert record.events[0].notes[0].count("\n") == 300_000


def test_error_messages_stay_one_line_whatever_the_file_name(tmp_path):
    name = tmp_path / "a\nb\x1b.gcg"
    name.write_bytes(b"\x00binary")
    with pytest.raises(GCGError) as info:
        gcg.read_file(name)
    assert "\n" not in str(info.value) and "a\\nb\\x1b.gcg" in str(info.value)
    with pytest.raises(LexiconError) as info2:
        dictionary.load_file(name)
    assert "\n" not in str(info2.value)


def test_unicode_digits_are_not_numbers():
    with pytest.raises(GCGError, match='bad score'):
        gcg.parse("#player1 ann Ann\n>ann: ABC - +\u0663 3\n")
    assert re.fullmatch(r"\d", "\u0663")  # what the reader no longer trusts
