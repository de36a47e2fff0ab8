"""The Word Search window against hostile saved games (issue 16): a damaged save is set
aside with its bytes kept and a notice, never a crash; text from a save (title, theme,
names, words, message) is never shown as rich text (a crafted ``<img src=...>`` would make
Qt read that path, and a FIFO there would hang the window)."""

from __future__ import annotations

import json
import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

import wordbler.ui.wordsearch.session as session_module
import wordbler.ui.wordsearch.window as window_module
from wordbler.ui.wordsearch.session import WordSearchSession
from wordbler.wordsearch.play import PlayState, write_json_atomic
from mutate import dump, mutate_doc, spoil_bytes  # tests/mutate.py
from tests.ui.conftest import locks_cannot_be_made

BIG = "1" * 5000


def _save(puzzle, path, **puzzle_changes):
    state = PlayState(puzzle, ["Ann", "<b>Bob</b>"])
    p = puzzle.placed[0]
    state.select(p.cells[0], p.cells[-1])
    doc = state.to_json()
    doc["puzzle"].update(puzzle_changes)
    write_json_atomic(path, doc)
    return doc


def test_text_from_a_save_is_shown_as_plain_text(make_window, puzzle, tmp_path):
    image = tmp_path / "picture.png"
    image.write_bytes(b"not a picture")
    title = f"<img src='{image}'>"
    save = tmp_path / "wordsearch" / "autosave.json"
    _save(puzzle, save, title=title, theme="<b>theme</b>")
    w = make_window(autoload=True, save_path=save)
    assert w.session.state is not None and w.session.state.puzzle.title == title
    assert w.title_label.text() == title and w.title_label.textFormat() == Qt.TextFormat.PlainText
    for label in (w.info_label, w.extra_label, w.banner, w.clock_label, w.count_label):
        assert label.textFormat() == Qt.TextFormat.PlainText
    assert "&lt;b&gt;Bob" in w.players_box.text()        # the rich player box escapes names


def test_a_save_with_a_huge_number_is_set_aside(qapp, puzzle, tmp_path):
    save = tmp_path / "autosave.json"
    doc = _save(puzzle, save)
    text = json.dumps(doc).replace('"hints": 1', f'"hints": {BIG}').replace('"hints": 0', f'"hints": {BIG}')
    save.write_text(text, encoding="utf-8")
    data = save.read_bytes()
    session = WordSearchSession(save_path=save)
    notices = []
    session.notice.connect(notices.append)
    assert session.load() is False and session.state is None
    assert not save.exists() and save.with_suffix(".corrupt").read_bytes() == data
    assert len(notices) == 1 and "set aside" in notices[0]


FUZZ = settings(max_examples=int(os.environ.get("WORDBLER_FUZZ_EXAMPLES", "40")), deadline=None,
                database=None, suppress_health_check=[HealthCheck.too_slow,
                                                      HealthCheck.function_scoped_fixture])


@FUZZ
@given(seed=st.integers(0, 2 ** 32 - 1), how=st.integers(0, 3))
def test_fuzz_the_session_load(qapp, puzzle, tmp_path_factory, seed, how):
    """Random damage to a real save: the session resumes it or sets it aside (bytes kept,
    one notice); it never raises."""
    folder = tmp_path_factory.mktemp("ws-load")
    save = folder / "autosave.json"
    doc = _save(puzzle, save)
    rng = random.Random(seed)
    data = (rng.randbytes(rng.randint(0, 200)) if how == 0 else spoil_bytes(dump(doc), rng) if how == 1
            else dump(mutate_doc(doc, rng, steps=3 if how == 2 else 1)))
    save.write_bytes(data)
    session = WordSearchSession(save_path=save)
    notices = []
    session.notice.connect(notices.append)
    if session.load():
        assert session.state is not None and save.read_bytes() == data and notices == []
        session.tick(20)
        session.hint()
    else:
        assert save.with_suffix(".corrupt").read_bytes() == data and len(notices) == 1


def test_one_window_at_a_time_keeps_the_saved_puzzle(make_window, puzzle, tmp_path):
    """Two windows on one saved game (issue 16: two instances overwrote each other's
    autosave): the second is told and keeps the note in view, and writes nothing; closing
    the first hands the file over."""
    save = tmp_path / "shared" / "autosave.json"
    first = make_window(puzzle, save_path=save)
    p = puzzle.placed[0]
    first.session.select(p.cells[0], p.cells[-1])
    before = save.read_bytes()

    second = make_window(puzzle, save_path=save)
    assert not second.session.owns_file
    assert second.files_label.isVisible() and "another Word Search window" in second.files_label.text()
    q = puzzle.placed[1]
    second.session.select(q.cells[0], q.cells[-1])
    second.session.hint()
    second.close()
    assert save.read_bytes() == before

    first.close()
    third = make_window(save_path=save, autoload=True)
    assert third.session.owns_file and not third.files_label.isVisible()
    assert third.session.state is not None and list(third.session.state.found) == [p.word]


def test_an_autosave_failure_stays_in_view_until_a_write_works(make_window, puzzle, tmp_path):
    folder = tmp_path / "ws"
    w = make_window(puzzle, save_path=folder / "autosave.json")
    assert w.session.take_file()
    (folder / "autosave.json").mkdir()               # a folder where the file should be
    p0, p1 = puzzle.placed[0], puzzle.placed[1]
    w.session.select(p0.cells[0], p0.cells[-1])
    assert w.files_label.isVisible() and "Could not autosave" in w.files_label.text()
    w.statusBar().showMessage("something else", 1000)
    assert w.files_label.isVisible()
    (folder / "autosave.json").rmdir()
    w.session.select(p1.cells[0], p1.cells[-1])
    assert not w.files_label.isVisible() and (folder / "autosave.json").is_file()


def test_a_folder_that_cannot_be_written_still_resumes_the_saved_puzzle(
        make_window, puzzle, tmp_path, monkeypatch):
    # a read-only or full data folder: the saved puzzle was not even read, so it looked lost
    save = tmp_path / "ws" / "autosave.json"
    first = make_window(puzzle, save_path=save)
    p = puzzle.placed[0]
    first.session.select(p.cells[0], p.cells[-1])
    first.close()
    before = save.read_bytes()
    locks_cannot_be_made(monkeypatch, session_module)
    again = make_window(save_path=save, autoload=True)
    assert not again.session.owns_file and "cannot be written" in again.files_label.text()
    assert again.session.state is not None and list(again.session.state.found) == [p.word]
    q = puzzle.placed[1]
    again.session.select(q.cells[0], q.cells[-1])  # played on, not saved, as the note says
    assert save.read_bytes() == before


def _two_windows_then_the_first_closes(make_window, puzzle, tmp_path, qtbot):
    """The first window finds three words and closes; the second played a puzzle of its own
    meanwhile (not autosaved, as it was told) and finds a word after the first closed."""
    from wordbler.wordsearch import Settings, generate
    from wordbler.wordsearch.words import Entry

    from tests.ui.wordsearch.test_window import drag

    save = tmp_path / "shared" / "autosave.json"
    first = make_window(puzzle, save_path=save)
    for p in puzzle.placed[:3]:
        drag(qtbot, first, p.cells[0], p.cells[-1])
    other = generate(Settings(cols=8, rows=8), [Entry("cat", "CAT"), Entry("dog", "DOG")], 1)
    second = make_window(other, save_path=save)
    assert not second.session.owns_file
    first.close()
    kept = save.read_bytes()
    p = other.placed[0]
    return save, kept, second, lambda: drag(qtbot, second, p.cells[0], p.cells[-1])


def test_a_window_handed_the_file_asks_before_saving_over_the_other_puzzle(
        make_window, puzzle, tmp_path, qtbot, monkeypatch):
    # the second window took the file over at its next found word and wrote its own puzzle
    # over the first window's unfinished one, without a word
    save, kept, second, find = _two_windows_then_the_first_closes(make_window, puzzle,
                                                                  tmp_path, qtbot)
    asked = []
    monkeypatch.setattr(window_module.QMessageBox, "question",
                        lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.Yes)
    find()
    assert len(asked) == 1 and "3 of" in asked[0] and "1 of" in asked[0]
    assert save.read_bytes() == kept  # resumed: the saved puzzle goes on in this window
    assert second.session.puzzle == puzzle and len(second.session.state.found) == 3
    assert second.grid.puzzle == puzzle


def test_a_window_handed_the_file_saves_its_own_puzzle_when_told(
        make_window, puzzle, tmp_path, qtbot, monkeypatch):
    save, kept, second, find = _two_windows_then_the_first_closes(make_window, puzzle,
                                                                  tmp_path, qtbot)
    monkeypatch.setattr(window_module.QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.No)
    find()
    assert [w for w, _player in json.loads(save.read_text())["found"]] == ["CAT"]
    assert list(second.session.state.found) == ["CAT"]


def test_a_session_handed_the_file_with_no_one_to_ask_keeps_the_saved_puzzle(
        make_window, puzzle, tmp_path, qtbot):
    save, kept, second, find = _two_windows_then_the_first_closes(make_window, puzzle,
                                                                  tmp_path, qtbot)
    second.session.resume_other = None
    find()
    assert save.read_bytes() == kept
