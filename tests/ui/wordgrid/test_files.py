"""Word Grid's progress file in the window: one window at a time writes it, a failed save
stays on show until a save works, a hostile file never reaches the window as an exception."""

import errno
import json
import os

import pytest

import wordbler.ui  # noqa: F401  (refcount guard before PySide6)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget
from PySide6.QtTest import QTest

from wordbler.wordgrid.game import Status, new_game

import wordbler.ui.wordgrid.window as window_module
import wordbler.wordgrid.storage as storage_module
from tests.ui.conftest import locks_cannot_be_made
from tests.ui.wordgrid.test_window import (TODAY, click, drag, make,  # noqa: F401
                                            movable_pair, puzzle)


def _path(tmp_path):
    return tmp_path / "wordgrid" / "progress.json"


def test_second_window_says_so_and_writes_nothing(make, puzzle, tmp_path):
    first = make(new_game(puzzle, daily=TODAY.isoformat()))
    assert first.owns_files and not first.files_label.isVisibleTo(first)
    a, b = movable_pair(first.session.game)
    drag(first.board, a, b)
    before = _path(tmp_path).read_bytes()
    assert json.loads(before)["game"]["moves"]

    second = make(new_game(puzzle, daily=TODAY.isoformat()))
    assert not second.owns_files
    assert "Another Word Grid window is open" in second.files_label.text()
    assert second.files_label.isVisibleTo(second)
    g2 = second.session.game
    for _ in range(3):
        a, b = movable_pair(g2)
        drag(second.board, a, b)
    assert g2.swaps_used == 3
    assert _path(tmp_path).read_bytes() == before          # the first window's game is intact
    assert not list(_path(tmp_path).parent.glob("*.tmp"))
    # a status message does not hide the note
    QTest.keyClick(second.board, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "Another Word Grid window is open" in second.files_label.text()

    # once the first one closes, a new window takes the files and resumes the first game
    first.close()
    third = make(autostart=True)
    assert third.owns_files and not third.files_label.text()
    assert third.session.game.swaps_used == 1


def test_save_failure_stays_visible_until_a_save_works(make, puzzle, tmp_path, qtbot):
    w = make(new_game(puzzle, daily=TODAY.isoformat()))
    path = _path(tmp_path)
    path.mkdir(parents=True)                      # the file cannot be replaced: a folder is there
    g = w.session.game
    a, b = movable_pair(g)
    drag(w.board, a, b)
    assert g.swaps_used == 1
    assert "Could not save the progress" in w.files_label.text()
    assert w.files_label.isVisibleTo(w)
    # other messages come and go; the failure stays
    w.statusBar().showMessage("something else", 10)
    qtbot.wait(30)
    assert "Could not save the progress" in w.files_label.text()
    a, b = movable_pair(g)
    drag(w.board, a, b)
    assert "Could not save the progress" in w.files_label.text()
    os.rmdir(path)
    a, b = movable_pair(g)
    drag(w.board, a, b)
    assert not w.files_label.text() and not w.files_label.isVisibleTo(w)
    assert len(json.loads(path.read_text(encoding="utf-8"))["game"]["moves"]) == 3
    assert g.status is Status.PLAYING


def test_unusable_folder_is_told_and_nothing_written(make, puzzle, tmp_path):
    (tmp_path / "wordgrid").write_text("a file where the folder should be", encoding="utf-8")
    w = make(new_game(puzzle, daily=TODAY.isoformat()))
    assert not w.owns_files and "not saved" in w.files_label.text()
    a, b = movable_pair(w.session.game)
    drag(w.board, a, b)
    assert w.session.game.swaps_used == 1
    assert (tmp_path / "wordgrid").read_text(encoding="utf-8") == "a file where the folder should be"


def test_hostile_autosave_on_start_is_set_aside(make, tmp_path, qtbot):
    path = _path(tmp_path)
    path.parent.mkdir(parents=True)
    hostile = b'{"version": 1, "stats": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    path.write_bytes(hostile)
    w = make()
    assert not w.session.restore()
    assert w.session.load_problem and "\n" not in w.session.load_problem
    assert not path.exists()
    assert path.with_name(path.name + ".bad").read_bytes() == hostile


def test_a_window_shown_again_saves_again(make, puzzle, tmp_path, qtbot):
    # the start page keeps a closed window and shows it again: closing gave up the files,
    # and nothing took them back, so every later swap and result was silently not written
    w = make(new_game(puzzle, daily=TODAY.isoformat()))
    g = w.session.game
    drag(w.board, *movable_pair(g))
    moves = lambda: len(json.loads(_path(tmp_path).read_bytes())["game"]["moves"])  # noqa: E731
    assert moves() == 1
    w.close()
    assert not w.owns_files
    w.show()
    qtbot.waitExposed(w)
    assert w.owns_files and w.session.can_save and not w.files_label.text()
    drag(w.board, *movable_pair(g))
    assert g.swaps_used == 2 and moves() == 2

    # a second window, shown again once the first has closed, takes the files over
    other = make(new_game(puzzle, daily=TODAY.isoformat()))
    assert not other.owns_files
    w.close()
    other.hide()
    other.show()
    qtbot.waitExposed(other)
    assert other.owns_files and not other.files_label.text()
    # its own puzzle was not started: the first window's unfinished one goes on here
    assert other.session.game.swaps_used == 2
    drag(other.board, *movable_pair(other.session.game))
    assert moves() == 3


def test_a_folder_that_cannot_be_written_still_shows_the_progress(make, puzzle, tmp_path,
                                                                   monkeypatch):
    # a read-only or full data folder: the window did not even read the file, so the
    # statistics showed 0 played and the unfinished puzzle was gone, to the player's eyes
    w = make(new_game(puzzle, daily=TODAY.isoformat()))
    for _ in range(2):
        a, b = movable_pair(w.session.game)
        drag(w.board, a, b)
    w.session.stats.played = 40
    w.session.save()
    w.close()
    before = _path(tmp_path).read_bytes()
    locks_cannot_be_made(monkeypatch, window_module)
    again = make(autostart=True)
    assert not again.owns_files and "cannot be written" in again.files_label.text()
    assert again.session.stats.played == 40 and again.session.game.swaps_used == 2
    a, b = movable_pair(again.session.game)
    drag(again.board, a, b)  # played on, not saved, as the note says
    assert again.session.game.swaps_used == 3 and _path(tmp_path).read_bytes() == before


def _first_closes_after_three_swaps(make, puzzle, tmp_path, second_swaps):
    """A first window plays 3 swaps of a free puzzle; a second (not saving, as it is told)
    plays ``second_swaps`` of today's; the first closes; the second is closed and shown
    again from the start page, which hands it the files."""
    first = make(new_game(puzzle))
    for _ in range(3):
        a, b = movable_pair(first.session.game)
        drag(first.board, a, b)
    second = make(new_game(puzzle, daily=TODAY.isoformat()))
    assert not second.owns_files
    for _ in range(second_swaps):
        a, b = movable_pair(second.session.game)
        drag(second.board, a, b)
    first.close()
    kept = json.loads(_path(tmp_path).read_text())
    assert len(kept["game"]["moves"]) == 3
    second.close()
    second.show()
    assert second.owns_files
    return second, kept


def test_a_window_handed_the_files_with_no_game_going_resumes_the_saved_one(
        make, puzzle, tmp_path):
    # its next swap used to write its own game over the other window's unfinished one
    second, kept = _first_closes_after_three_swaps(make, puzzle, tmp_path, 0)
    assert second.session.game.swaps_used == 3 and second.session.game.daily is None
    a, b = movable_pair(second.session.game)
    drag(second.board, a, b)
    assert len(json.loads(_path(tmp_path).read_text())["game"]["moves"]) == 4


@pytest.mark.parametrize("resume", [True, False])
def test_a_window_handed_the_files_with_a_game_going_asks_which_goes_on(
        make, puzzle, tmp_path, qtbot, monkeypatch, resume):
    asked = []

    def answer(parent, title, text, *args, **kwargs):
        asked.append(text)
        return QMessageBox.StandardButton.Yes if resume else QMessageBox.StandardButton.No

    monkeypatch.setattr(window_module.QMessageBox, "question", answer)
    second, kept = _first_closes_after_three_swaps(make, puzzle, tmp_path, 2)
    qtbot.waitUntil(lambda: len(asked) == 1)
    assert "swaps made: 3" in asked[0] and "swaps made: 2" in asked[0]
    a, b = movable_pair(second.session.game)
    drag(second.board, a, b)
    saved = json.loads(_path(tmp_path).read_text())
    if resume:
        assert second.session.game.daily is None and len(saved["game"]["moves"]) == 4
        assert saved["stats"]["finished"] == []
    else:  # this one is saved in its place; the other counts as given up
        assert second.session.game.daily == TODAY.isoformat()
        assert len(saved["game"]["moves"]) == 3 and saved["game"]["daily"] == TODAY.isoformat()
        assert len(saved["stats"]["finished"]) == 1 and saved["stats"]["played"] == 1


@pytest.mark.parametrize("give_up", [False, True])
def test_a_new_puzzle_asks_before_giving_up_the_one_going_on(make, puzzle, tmp_path, qtbot,
                                                            monkeypatch, give_up):
    # Free play or Daily during a puzzle gave it up at once: a loss, and the streak gone
    w = make(new_game(puzzle, daily=TODAY.isoformat()))
    w.confirm_give_up = True
    a, b = movable_pair(w.session.game)
    drag(w.board, a, b)
    asked = []

    def answer(parent, title, text, *args, **kwargs):
        asked.append(text)
        return QMessageBox.StandardButton.Yes if give_up else QMessageBox.StandardButton.No

    monkeypatch.setattr(window_module.QMessageBox, "question", answer)
    game = w.session.game
    if give_up:
        with qtbot.waitSignal(w.session.game_ready, timeout=60000):
            qtbot.mouseClick(w.free_button, Qt.MouseButton.LeftButton)
        assert w.session.game is not game and w.session.stats.played == 1
    else:
        qtbot.mouseClick(w.free_button, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(w.daily_button, Qt.MouseButton.LeftButton)
        assert not w.session.busy and w.session.game is game
        assert w.session.stats.played == 0
    assert len(asked) == (1 if give_up else 2) and "swaps made: 1" in asked[0]


def _solve(w):
    """Solves the window's puzzle with the mouse, two clicks a swap."""
    for a, b in w.session.game.solving_swaps():
        click(w.board, a)
        click(w.board, b)


def test_a_second_window_saves_its_win_once_the_first_has_closed(make, puzzle, tmp_path):
    # QA (wg_two_instances): A opens, B opens (told it does not save), A quits, B solves
    # today's puzzle and quits: on restart 0 played, 0 won, and B's note kept saying another
    # window was open; B took the files only if it was hidden and shown again
    first = make(new_game(puzzle, daily=TODAY.isoformat()))
    second = make(new_game(puzzle, daily=TODAY.isoformat()))
    assert not second.owns_files and "Another Word Grid window" in second.files_label.text()
    first.close()
    _solve(second)
    assert second.session.game.status is Status.WON
    assert second.owns_files and not second.files_label.text()
    saved = json.loads(_path(tmp_path).read_text(encoding="utf-8"))
    assert (saved["stats"]["played"], saved["stats"]["won"]) == (1, 1)
    second.close()
    again = make(autostart=True)
    assert (again.session.stats.played, again.session.stats.won) == (1, 1)
    assert again.session.game.status is Status.WON


def test_a_second_window_takes_the_files_when_activated(make, puzzle, tmp_path, qtbot):
    first = make(new_game(puzzle, daily=TODAY.isoformat()))
    drag(first.board, *movable_pair(first.session.game))
    first.session.stats.played = 6
    first.session.save_now()
    second = make(new_game(puzzle))
    assert not second.owns_files
    first.activateWindow()
    assert QTest.qWaitForWindowActive(first)
    first.close()
    second.activateWindow()  # the player comes back to it
    qtbot.waitUntil(lambda: second.owns_files)
    assert not second.files_label.text() and second.session.can_save
    # nothing started here: the first window's unfinished puzzle goes on, and its statistics
    assert second.session.game.daily == TODAY.isoformat()
    assert second.session.game.swaps_used == 1 and second.session.stats.played == 6


def test_a_second_window_never_writes_over_the_other_ones_game_unasked(
        make, puzzle, tmp_path, qtbot, monkeypatch):
    asked = []

    def answer(parent, title, text, *args, **kwargs):
        asked.append(text)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(window_module.QMessageBox, "question", answer)
    first = make(new_game(puzzle))
    for _ in range(3):
        drag(first.board, *movable_pair(first.session.game))
    second = make(new_game(puzzle, daily=TODAY.isoformat()))
    drag(second.board, *movable_pair(second.session.game))
    first.close()
    kept = _path(tmp_path).read_bytes()
    drag(second.board, *movable_pair(second.session.game))  # its swap takes the files over
    assert second.owns_files and second.session.game.swaps_used == 2
    assert _path(tmp_path).read_bytes() == kept  # not before the player has said
    qtbot.waitUntil(lambda: len(asked) == 1)
    assert "swaps made: 3" in asked[0]
    saved = json.loads(_path(tmp_path).read_text(encoding="utf-8"))
    assert saved["game"]["daily"] == TODAY.isoformat() and len(saved["game"]["moves"]) == 2
    assert saved["stats"]["played"] == 1  # the other one counts as given up, as answered


def _disk_full(monkeypatch):
    """Every write of the progress file fails as on a full disk; returns what frees the space."""
    real = storage_module.write_json_atomic

    def full(path, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(storage_module, "write_json_atomic", full)
    return lambda: monkeypatch.setattr(storage_module, "write_json_atomic", real)


def test_a_win_played_while_the_disk_was_full_is_saved_on_close(make, puzzle, tmp_path,
                                                                  monkeypatch):
    # QA (wg_diskfull_win_lost): one swap saved, the disk fills, the puzzle is solved (the
    # red note says the progress could not be saved), space is freed, Game > Close: on
    # restart 0 played, 0 won, and the puzzle came back unsolved after 1 swap
    w = make(new_game(puzzle, daily=TODAY.isoformat()))
    plan = w.session.game.solving_swaps()
    click(w.board, plan[0][0])
    click(w.board, plan[0][1])
    assert len(json.loads(_path(tmp_path).read_text(encoding="utf-8"))["game"]["moves"]) == 1
    space_freed = _disk_full(monkeypatch)
    _solve(w)
    assert w.session.game.status is Status.WON
    assert "No space left on device" in w.files_label.text()
    space_freed()
    w.act_close.trigger()
    assert not w.isVisible()
    again = make(autostart=True)
    assert (again.session.stats.played, again.session.stats.won) == (1, 1)
    assert again.session.game.status is Status.WON and again.session.game.swaps_used == len(plan)


@pytest.mark.parametrize("moment", ["activated", "statistics"])
def test_a_failed_save_is_tried_again_at_the_next_moment(make, puzzle, tmp_path, qtbot,
                                                        monkeypatch, moment):
    w = make(new_game(puzzle, daily=TODAY.isoformat()))
    space_freed = _disk_full(monkeypatch)
    _solve(w)
    assert "No space left on device" in w.files_label.text() and not _path(tmp_path).exists()
    space_freed()
    if moment == "activated":  # the player was elsewhere, freeing space, and comes back
        elsewhere = QWidget()
        qtbot.addWidget(elsewhere)
        elsewhere.show()
        elsewhere.activateWindow()
        assert QTest.qWaitForWindowActive(elsewhere)
        w.activateWindow()
    else:
        qtbot.mouseClick(w.stats_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not w.files_label.text())
    saved = json.loads(_path(tmp_path).read_text(encoding="utf-8"))
    assert (saved["stats"]["played"], saved["stats"]["won"]) == (1, 1)
    assert w.session.save_problem is None


STATS_7_5 = {"played": 7, "won": 5, "stars": 12, "star_counts": [0, 1, 1, 1, 1, 1],
             "streak": 3, "best_streak": 4, "finished": list("abcdefg")}


def _open_on(make, qtbot, tmp_path, raw: bytes):
    """A window opened (today's puzzle made, or the saved one resumed) on this progress file."""
    _path(tmp_path).parent.mkdir(parents=True)
    _path(tmp_path).write_bytes(raw)
    w = make(autostart=True)
    qtbot.waitUntil(lambda: w.session.game is not None and not w.session.busy, timeout=60000)
    return w


def test_a_newer_versions_file_is_left_for_it(make, tmp_path, qtbot):
    # QA (wg_badstats_shot future): a progress.json of version 2 (7 played, 5 won) was
    # renamed progress.json.bad with an 8-second message; the next swap wrote fresh
    # statistics in its place, so the newer version found 0 played
    raw = json.dumps({"version": 2, "game": None, "stats": STATS_7_5}).encode()
    w = _open_on(make, qtbot, tmp_path, raw)
    note = w.files_label.text()
    assert "newer version of Wordbler" in note and str(_path(tmp_path)) in note
    assert w.files_label.isVisibleTo(w)
    for _ in range(2):
        drag(w.board, *movable_pair(w.session.game))
    assert w.session.game.swaps_used == 2
    w.statusBar().showMessage("something else")
    assert w.files_label.text() == note
    w.act_close.trigger()
    assert _path(tmp_path).read_bytes() == raw
    assert os.listdir(_path(tmp_path).parent) == ["progress.json"]


def test_once_the_newer_versions_file_is_moved_away_saving_starts_again(make, tmp_path,
                                                                          qtbot):
    # the "newer version" flag stood for the whole session: the player moved that file
    # away and won, the screen said 1 played / 1 won, and nothing was ever written
    raw = json.dumps({"version": 2, "game": None, "stats": STATS_7_5}).encode()
    w = _open_on(make, qtbot, tmp_path, raw)
    assert "newer version of Wordbler" in w.files_label.text()
    _path(tmp_path).rename(tmp_path / "kept-by-the-player.json")
    drag(w.board, *movable_pair(w.session.game))
    saved = json.loads(_path(tmp_path).read_text(encoding="utf-8"))
    assert saved["game"]["moves"] and not w.files_label.isVisibleTo(w)


def test_a_bad_saved_game_keeps_the_statistics(make, tmp_path, qtbot):
    # QA (wg_badstats_shot badgame): a saved game this version cannot use took 7 played /
    # 5 won with it; Statistics showed zeros and the next swap wrote them
    raw = json.dumps({"version": 1, "game": {"size": 5, "lang": "en"},
                      "stats": STATS_7_5}).encode()
    w = _open_on(make, qtbot, tmp_path, raw)
    bad = _path(tmp_path).with_name("progress.json.bad")
    note = w.files_label.text()
    assert "saved game could not be read" in note and "statistics were kept" in note
    assert str(bad) in note and w.files_label.isVisibleTo(w)
    assert bad.read_bytes() == raw
    # the statistics are written again at once: closing now loses nothing
    assert json.loads(_path(tmp_path).read_text(encoding="utf-8"))["stats"]["played"] == 7
    w.act_stats.trigger()
    dialog = w.findChildren(window_module.StatsDialog)[-1]
    assert dialog.values["Played"] == "7" and dialog.values["Won"].startswith("5")
    dialog.close()
    drag(w.board, *movable_pair(w.session.game))
    saved = json.loads(_path(tmp_path).read_text(encoding="utf-8"))
    assert (saved["stats"]["played"], saved["stats"]["won"]) == (7, 5)
    assert w.files_label.text() == note


def test_a_file_set_aside_is_named_in_a_lasting_note(make, tmp_path, qtbot):
    # a truncated file: its statistics cannot be had, and the only word of it was an
    # 8-second status message
    raw = b'{"version": 1, "game": null, "stats": {"played": 7, "wo'
    w = _open_on(make, qtbot, tmp_path, raw)
    bad = _path(tmp_path).with_name("progress.json.bad")
    note = w.files_label.text()
    assert "could not be read" in note and "start again from zero" in note and str(bad) in note
    assert bad.read_bytes() == raw
    drag(w.board, *movable_pair(w.session.game))  # still playable, and saved
    assert len(json.loads(_path(tmp_path).read_text(encoding="utf-8"))["game"]["moves"]) == 1
    w.statusBar().showMessage("something else")
    assert w.files_label.text() == note and w.files_label.isVisibleTo(w)
