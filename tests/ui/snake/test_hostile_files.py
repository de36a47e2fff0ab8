"""The Word Snake window against hostile files in its data folder (issue 16): it always
opens, says what was wrong, sets the bad file aside with its bytes kept, and never shows a
file's text as rich text (a crafted ``<img src=...>`` would make Qt read that path; a FIFO
there hung the window)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox

from wordbler.snake import BoardSpec, FakeClock, Phase, SnakeGame, SnakeWords, generate
from wordbler.snake.storage import HIGHSCORES_FORMAT, save_round

from tests.ui.conftest import locks_cannot_be_made
import wordbler.ui.snake.window as window_module
from wordbler.ui.snake.window import describe_saved

BIG = "1" * 5000


@pytest.fixture
def saved_round(tmp_path, en_list):
    """A real autosave (two players, a word found) as text, and its path."""
    words = SnakeWords.from_file(en_list, "en")
    clock = FakeClock()
    deal = generate(BoardSpec(4, 4), words, 3)
    game = SnakeGame(deal, ["Ann", "Bob"], duration=120, clock=clock)
    game.begin_turn()
    game.submit(deal.words[0][1])
    clock.advance(30)
    path = save_round(game, words, tmp_path / "data" / "autosave.json")
    return path


def _rewrite(path, change):
    doc = json.loads(path.read_text("utf-8"))
    change(doc)
    text = json.dumps(doc, ensure_ascii=False)
    text = text.replace('"@BIG@"', BIG).replace('"@INF@"', "Infinity").replace('"@NAN@"', "NaN")
    path.write_text(text, encoding="utf-8")
    return path.read_bytes()


def test_every_label_shows_plain_text(make_driver, saved_round, tmp_path):
    image = tmp_path / "picture.png"
    image.write_bytes(b"not really a picture")
    name = f"<img src='{image}'>"
    _rewrite(saved_round, lambda d: d["game"]["players"][0].update(name=name))
    d = make_driver()
    label = d.window.setup.resume_label
    assert d.window.setup.resume_box.isVisible() and name in label.text()
    assert label.textFormat() == Qt.TextFormat.PlainText
    assert all(lb.textFormat() == Qt.TextFormat.PlainText for lb in d.window.findChildren(QLabel))


@pytest.mark.parametrize("change, shown", [
    (lambda d: d["game"].update(duration="@INF@"), "time unknown"),
    (lambda d: d["game"].update(turn_elapsed="@NAN@"), "time unknown"),
    (lambda d: d["game"].update(duration=10 ** 400), "time unknown"),
    (lambda d: d["game"].update(current=10 ** 30), "A saved round."),
])
def test_the_resume_offer_survives_odd_numbers(change, shown, saved_round):
    doc = json.loads(saved_round.read_text("utf-8"))
    change(doc)
    doc = json.loads(json.dumps(doc).replace('"@INF@"', "Infinity").replace('"@NAN@"', "NaN"))
    assert shown in describe_saved(doc)


@pytest.mark.parametrize("change", [
    lambda d: d["deal"].update(seed="@BIG@"),              # over int()'s 4,300 digits
    lambda d: d["game"].update(duration="@BIG@"),
    lambda d: d.update(game=[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]),
])
def test_a_damaged_autosave_opens_set_aside(make_driver, saved_round, change):
    data = _rewrite(saved_round, change)
    d = make_driver()
    assert "set aside" in d.window.setup.status.text()
    assert not saved_round.exists() and saved_round.with_name("autosave.json.bad").read_bytes() == data


@pytest.mark.parametrize("change", [
    lambda d: d["deal"].update(target_path=[["@INF@", 0]]),
    lambda d: d["deal"].update(cols=4.0, rows=4.0),
    lambda d: d["deal"].update(min_len=3.0),
    lambda d: d["game"].update(turn_elapsed="@INF@"),
    lambda d: d["game"]["players"][0]["found"][0].update(at="@NAN@"),
])
def test_a_saved_round_with_bad_values_is_refused_on_resume(make_driver, saved_round, change):
    data = _rewrite(saved_round, change)
    d = make_driver()
    assert d.window.setup.resume_box.isVisible()
    with d.qtbot.waitSignal(d.window.job_finished, timeout=20000):
        d.click(d.window.setup.resume_button)
    assert d.window.session is None or d.window.session.game.deal.spec.cols == 4
    assert "not valid" in d.window.setup.status.text() or "malformed" in d.window.setup.status.text() \
        or "seconds" in d.window.setup.status.text() or "whole number" in d.window.setup.status.text()
    assert saved_round.with_name("autosave.json.bad").read_bytes() == data


def test_a_damaged_high_score_file_is_set_aside_with_its_bytes(make_driver, tmp_path):
    path = tmp_path / "data" / "highscores.json"
    path.parent.mkdir(parents=True)
    text = json.dumps({"format": HIGHSCORES_FORMAT, "version": 1,
                       "tables": {"<img src='/dev/zero'>": [{"name": "Ann", "score": "@BIG@"}]}})
    path.write_text(text.replace('"@BIG@"', BIG), encoding="utf-8")
    data = path.read_bytes()
    d = make_driver()
    assert "high scores start again" in d.window.setup.status.text()
    assert d.window.setup.status.textFormat() == Qt.TextFormat.PlainText
    assert (tmp_path / "data" / "highscores.json.bad").read_bytes() == data


def _ann_and_bob_saved(make_driver, en_list, tmp_path):
    """A window whose round (Ann and Bob, a word found) is autosaved: (its driver, the file)."""
    first = make_driver()
    first.deal(word_list=en_list, seed="rich", players=2, names=["Ann", "Bob"])
    first.start_turn()
    first.drag(first.word_path(first.some_words(1)[0]))
    first.session.autosave(force=True)
    return first, tmp_path / "data" / "autosave.json"


def test_one_window_at_a_time_keeps_the_files(make_driver, en_list, tmp_path):
    """Two windows on one data folder (issue 16: two instances overwrote each other's
    autosave): the second is told, offers no resume and writes nothing; closing the first
    hands the files over."""
    first, save = _ann_and_bob_saved(make_driver, en_list, tmp_path)

    second = make_driver(settings_name="second.ini")
    # the first window's round paused when the second was activated (and saved so)
    first.qtbot.waitUntil(lambda: first.game.phase is Phase.PAUSED)
    before = save.read_bytes()
    assert b"Ann" in before
    assert not second.window.owns_files
    assert "Another Word Snake window is open" in second.window.setup.status.text()
    assert not second.window.setup.resume_box.isVisible()
    second.deal(word_list=en_list, seed=5, players=2, names=["Cy", "Di"])
    second.start_turn()
    second.drag(second.word_path(second.some_words(1)[0]))
    second.window.close()
    assert save.read_bytes() == before                   # the first window's round is whole

    first.window.close()                                 # hands the files over
    third = make_driver(settings_name="third.ini")
    assert third.window.owns_files and third.window.setup.resume_box.isVisible()
    assert "Ann" in third.window.setup.resume_label.text()


def test_a_window_shown_again_takes_its_files_back(make_driver, en_list, tmp_path):
    d = make_driver()
    d.window.close()
    assert not d.window.owns_files
    d.window.show()
    assert d.window.owns_files
    d.deal(word_list=en_list, seed="rich", names=["Ann"])
    d.drag(d.word_path(d.some_words(1)[0]))
    assert d.session.autosave(force=True) and (tmp_path / "data" / "autosave.json").exists()


def test_a_save_failure_stays_in_view_until_saving_works(make_driver, en_list, tmp_path):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich", names=["Ann"])
    save = tmp_path / "data" / "autosave.json"
    save.unlink(missing_ok=True)
    save.mkdir(parents=True)                             # a folder where the file should be
    first, second = d.some_words(2)
    d.drag(d.word_path(first))
    assert not d.session.autosave(force=True)
    label = d.window.files_label
    assert label.isVisible() and "Could not save the round" in label.text()
    d.window.statusBar().showMessage("something else", 1000)
    d.drag(d.word_path(second))
    assert label.isVisible()
    save.rmdir()
    assert d.session.autosave(force=True) and save.is_file()
    assert not label.isVisible()


def test_a_folder_that_cannot_be_written_still_shows_scores_and_the_saved_round(
        make_driver, saved_round, tmp_path, monkeypatch):
    # a read-only or full data folder: the window did not read its files at all, so the
    # high scores looked wiped and the saved round was not offered
    hs = tmp_path / "data" / "highscores.json"
    hs.write_text(json.dumps({"format": HIGHSCORES_FORMAT, "version": 1, "tables": {
        "en-4x4": [{"name": "Ann", "score": 77, "words": 30, "percent": 40.0,
                    "date": "2025-01-01", "code": "EN-4X4-1"}]}}), encoding="utf-8")
    before = saved_round.read_bytes(), hs.read_bytes()
    locks_cannot_be_made(monkeypatch, window_module)
    d = make_driver()
    assert not d.window.owns_files and "cannot be written" in d.window.setup.status.text()
    assert [e.name for e in d.window.highscores.table("en-4x4")] == ["Ann"]
    assert d.window.setup.resume_box.isVisible() and "Ann" in d.window.setup.resume_label.text()
    assert (saved_round.read_bytes(), hs.read_bytes()) == before


def test_a_window_handed_the_files_keeps_the_other_windows_saved_round(
        make_driver, en_list, tmp_path):
    # a second window, closed and shown again from the start page once the first had
    # closed, took the files with its own round going: its next word wrote that round over
    # the one the first window saved, without a word
    first, save = _ann_and_bob_saved(make_driver, en_list, tmp_path)
    second = make_driver(settings_name="second.ini")
    second.deal(word_list=en_list, seed=5, players=1, names=["Cy"])
    first.window.close()
    kept = save.read_bytes()
    second.window.close()
    second.window.show()
    assert second.window.owns_files
    assert "round the other Word Snake window saved is kept" in second.window.files_note
    second.window.resume()  # back to Cy's round (closing the window paused it)
    if second.window.pages.currentWidget() is second.window.handoff:
        second.start_turn()
    second.drag(second.word_path(second.some_words(1)[0]))
    assert not second.session.autosave(force=True)
    assert save.read_bytes() == kept
    assert "other window's saved round is kept" in second.window.files_label.text()
    with second.qtbot.waitSignal(second.session.round_finished):
        second.clock.advance(1000)
    # the note was about the round now over: it goes
    assert second.window.files_note is None and not second.window.files_label.isVisible()
    second.window.show_setup()  # the kept round is offered once this one is over
    assert second.window.setup.resume_box.isVisible()
    assert "Ann" in second.window.setup.resume_label.text()
    assert save.read_bytes() == kept


def test_a_second_window_takes_the_files_once_the_first_has_closed(make_driver, en_list,
                                                                   tmp_path):
    # it tried only when shown again: with the first window gone, its rounds were never
    # autosaved, its scores never reached the high scores, and its note said another
    # window was open for as long as it ran
    first = make_driver()
    second = make_driver(settings_name="second.ini")
    assert not second.window.owns_files and second.window.files_label.isVisible()
    with first.qtbot.waitActive(first.window):
        first.window.activateWindow()
    first.window.close()
    assert not second.window.owns_files
    with second.qtbot.waitActive(second.window):  # the player comes back to it
        second.window.activateWindow()
    assert second.window.owns_files and not second.window.files_label.isVisible()
    second.deal(word_list=en_list, seed="rich", names=["Cy"])
    words = second.some_words(2)
    for word in words:
        second.drag(second.word_path(word))
    save = tmp_path / "data" / "autosave.json"
    assert second.session.autosave(force=True) and save.is_file()
    second.click(second.window.round.end_button)
    scores = json.loads((tmp_path / "data" / "highscores.json").read_text(encoding="utf-8"))
    assert [e["name"] for t in scores["tables"].values() for e in t] == ["Cy"]


def test_a_second_window_asks_before_a_new_board_replaces_the_first_ones_round(
        make_driver, en_list, tmp_path, monkeypatch):
    first, save = _ann_and_bob_saved(make_driver, en_list, tmp_path)
    second = make_driver(settings_name="second.ini")
    second.window.confirm_discard = True
    first.window.close()  # its round stays saved
    kept = save.read_bytes()
    asked = []

    def answer(parent, title, text, *args, **kwargs):
        asked.append(text)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(window_module.QMessageBox, "question", answer)
    second.click(second.window.setup.new_button)
    assert len(asked) == 1 and "Ann" in asked[0]
    assert second.window.owns_files and second.window.session is None
    assert second.window.setup.resume_box.isVisible() and save.read_bytes() == kept
