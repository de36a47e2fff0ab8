"""Hot-seat turns, the results, board codes, the daily board, autosave and resume, high
scores, and what goes wrong (bad word lists, a cancelled deal)."""

from __future__ import annotations

import json
import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from wordbler.snake import GenerationCancelled, Phase, ShareCode, daily_seed, word_points
from wordbler.snake.codes import to_base36
from wordbler.ui.snake.texts import points_text

from .conftest import DAY


def test_hot_seat_with_hand_off_and_the_cancel_rule(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich", players=2, names=["Ann", "Bob"])
    w = d.window
    # the hand-off screen hides the board
    assert w.pages.currentWidget() is w.handoff
    assert not w.round.board_view.isVisible()
    assert "Ann" in w.handoff.title.text()
    assert d.game.phase is Phase.READY
    d.clock.advance(100)                                  # the hand-off takes no time off
    d.start_turn()
    assert w.pages.currentWidget() is w.round and w.round.board_view.isVisible()
    assert d.game.remaining == pytest.approx(180)
    shared, ann_only, bob_only = d.some_words(3)
    d.drag(d.word_path(shared))
    d.drag(d.word_path(ann_only))
    d.click(w.round.end_button)
    assert w.pages.currentWidget() is w.handoff
    assert not w.round.board_view.isVisible()
    assert "Bob" in w.handoff.title.text() and "Ann has played" in w.handoff.info.text()
    d.start_turn()
    assert w.round.words_list.count() == 0                # Bob sees his own words only
    assert "Bob" in w.round.player_label.text()
    d.type(shared.lower())
    d.drag(d.word_path(bob_only))
    with d.qtbot.waitSignal(d.session.round_finished):
        d.clock.advance(181)
    assert w.pages.currentWidget() is w.results
    r = d.session.results
    ann, bob = r.players
    assert ann.score == word_points(ann_only) and bob.score == word_points(bob_only)
    scores = w.results.scores
    assert [scores.item(i, 1).text() for i in range(2)] == [str(ann.score), str(bob.score)]
    assert [scores.item(i, 3).text() for i in range(2)] == ["1", "1"]          # cancelled
    # the table of who found what
    tabs = w.results.tabs
    who = next(tabs.widget(i) for i in range(tabs.count()) if tabs.tabText(i) == "Who found")
    rows = {who.item(i, 0).text(): (who.item(i, 1).text(), who.item(i, 2).text())
            for i in range(who.rowCount())}
    assert rows[shared] == ("✓ ✗", "✓ ✗")
    assert rows[ann_only] == ("✓", "") and rows[bob_only] == ("", "✓")


def test_results_show_found_missed_percent_and_paths(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich")
    deal = d.game.deal
    common = [w for w, _ in deal.words if w in deal.common]
    d.drag(deal.word_paths[common[0]])
    d.click(d.window.round.end_button)
    res = d.window.results
    assert d.window.pages.currentWidget() is res
    pct = 100 / len(common)
    assert f"1 of {len(common)} common words ({pct:.0f}%)" in res.summary.text()
    longest = deal.words[0][0]
    assert f"Longest word on the board: {longest}" in res.summary.text()
    assert f"Hidden word: {deal.target}" in res.summary.text()
    tabs = res.tabs
    missed = next(tabs.widget(i) for i in range(tabs.count()) if tabs.tabText(i).startswith("Missed"))
    assert missed.count() == len(common) - 1
    # clicking a word shows its path, numbered, on the board
    tabs.setCurrentWidget(missed)
    item = missed.item(2)
    word = item.data(Qt.ItemDataRole.UserRole)
    rect = missed.visualItemRect(item)
    d.qtbot.mouseClick(missed.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert res.board_view.path == deal.word_paths[word]
    assert res.board_view.show_steps
    assert word in res.caption.text() and "not found" in res.caption.text()


def test_results_show_each_word_with_its_points_on_every_tab(make_driver, en_list):
    # the number after a word was its points under "Your words" and its length under
    # "Missed" and "All", with nothing saying which: BALLOTS 5 beside BALLOTS 7
    d = make_driver()
    d.deal(word_list=en_list, seed="rich")
    deal = d.game.deal
    played = max((w for w, _ in deal.words if w in deal.common), key=len)
    assert len(played) != word_points(played)
    d.drag(deal.word_paths[played])
    d.click(d.window.round.end_button)
    tabs = d.window.results.tabs
    lists = {tabs.tabText(i).split(" (")[0]: tabs.widget(i) for i in range(tabs.count())}
    assert set(lists) == {"Your words", "Missed", "All"}
    rows = {name: {lst.item(j).data(Qt.ItemDataRole.UserRole): lst.item(j).text()
                   for j in range(lst.count())} for name, lst in lists.items()}
    line = f"{played}  {points_text(word_points(played))}"
    assert rows["Your words"][played] == line
    assert rows["All"][played] == line
    for w, text in rows["Missed"].items():
        assert text == f"{w}  {points_text(word_points(w))}"
        assert rows["All"][w] == text
    bonus = [w for w, _ in deal.words if w not in deal.common]
    for w in bonus:
        assert rows["All"][w].startswith(f"{w}  {points_text(word_points(w))}")
        assert "bonus" in rows["All"][w]
    # nothing cut: each row fits its list
    for name, lst in lists.items():
        tabs.setCurrentWidget(lst)
        room = lst.viewport().width()
        for j in range(lst.count()):
            assert lst.fontMetrics().horizontalAdvance(lst.item(j).text()) < room, name


def test_copy_and_enter_a_board_code(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed=4242)
    code = d.session.code
    board = d.game.deal.board
    assert code.startswith(f"EN-4X4-{to_base36(4242)}-")
    d.qtbot.keyClick(d.window, Qt.Key.Key_C,
                     Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.clipboard().text() == code
    d.click(d.window.round.end_button)
    # the code dialog: a bad code is explained and cannot be played
    d.qtbot.keyClick(d.window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    dlg = d.window._dialog
    d.qtbot.waitUntil(dlg.isVisible)
    d.qtbot.keyClicks(dlg.edit, "nonsense")
    assert not dlg.ok.isEnabled() and "not a board code" in dlg.message.text()
    dlg.edit.clear()
    d.qtbot.keyClicks(dlg.edit, code.lower())
    assert dlg.ok.isEnabled()
    with d.qtbot.waitSignal(d.window.deal_ready):
        d.click(dlg.ok)
    assert d.game.deal.board == board and d.session.code == code


def test_a_code_changes_size_and_language(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed=1)
    d.click(d.window.round.end_button)
    d.window.setup.list_edit.clear()                      # the bundled lists from here on
    code = ShareCode("en", 3, 5, 77)
    with d.qtbot.waitSignal(d.window.deal_ready, timeout=30000):
        d.window.new_board(code=code)
    b = d.game.deal.board
    assert (b.cols, b.rows) == (3, 5)
    assert d.window.setup.cols.value() == 3 and d.window.setup.rows.value() == 5
    assert d.session.code == "EN-3X5-25"


def test_a_code_sets_the_shortest_word_and_a_board_names_its_own(make_driver, en_list):
    # the shortest word changes the deal; codes left it out, so a shared code dealt a
    # friend another board
    d = make_driver()
    d.deal(word_list=en_list, seed=1)
    d.click(d.window.round.end_button)
    d.window.setup.list_edit.clear()
    with d.qtbot.waitSignal(d.window.deal_ready, timeout=30000):
        d.window.new_board(code=ShareCode("en", 4, 4, 77, None, 5))
    assert d.game.deal.min_len == 5 and d.window.setup.min_len.currentData() == 5
    assert d.session.code == "EN-4X4-25-M5"
    d.click(d.window.round.end_button)
    with d.qtbot.waitSignal(d.window.deal_ready, timeout=30000):
        d.window.new_board(code=ShareCode("en", 4, 4, 77))  # no -M: the usual length again
    assert d.game.deal.min_len == 3 and d.session.code == "EN-4X4-25"


def test_daily_board_is_the_days_seed(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed=1)
    d.click(d.window.round.end_button)
    d.window.show_setup()
    with d.qtbot.waitSignal(d.window.deal_ready):
        d.click(d.window.setup.daily_button)
    assert d.game.deal.seed == daily_seed(DAY) == 20251123
    first = d.game.deal.board
    d.click(d.window.round.end_button)
    with d.qtbot.waitSignal(d.window.deal_ready):
        d.qtbot.keyClick(d.window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert d.game.deal.board == first


def test_autosave_and_resume_after_closing(make_driver, en_list, tmp_path):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich", players=2, names=["Ann", "Bob"], duration=120)
    d.start_turn()
    word = d.some_words(1)[0]
    d.drag(d.word_path(word))
    d.clock.advance(30)
    board = d.game.deal.board
    d.window.close()
    save = tmp_path / "data" / "autosave.json"
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["game"]["players"][0]["found"][0]["word"] == word

    e = make_driver(clock=d.clock)
    assert e.window.setup.resume_box.isVisible()
    assert "Ann" in e.window.setup.resume_label.text() and "1:30 left" in e.window.setup.resume_label.text()
    with e.qtbot.waitSignal(e.window.deal_ready):
        e.click(e.window.setup.resume_button)
    assert e.game.deal.board == board and e.found() == [word]
    assert e.game.phase is Phase.PAUSED
    assert e.window.round.board_view.cover_text                  # back paused, board hidden
    assert e.game.remaining == pytest.approx(90)
    e.click(e.window.round.pause_button)
    assert e.game.phase is Phase.PLAYING


def test_an_unplayed_deal_never_replaces_a_saved_round(make_driver, en_list, tmp_path):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich", players=2, names=["Ann", "Bob"])
    d.start_turn()
    d.drag(d.word_path(d.some_words(1)[0]))
    d.window.close()
    save = tmp_path / "data" / "autosave.json"
    before = save.read_text(encoding="utf-8")
    e = make_driver()
    e.deal(word_list=en_list, seed=5, players=2, names=["Cy", "Di"])   # dealt, not started
    e.window.close()
    assert save.read_text(encoding="utf-8") == before


def test_a_damaged_autosave_is_reported_and_set_aside(make_driver, tmp_path):
    save = tmp_path / "data" / "autosave.json"
    save.parent.mkdir(parents=True)
    save.write_text("{broken", encoding="utf-8")
    d = make_driver()
    assert "set aside" in d.window.setup.status.text()
    assert not d.window.setup.resume_box.isVisible()
    assert (tmp_path / "data" / "autosave.json.bad").exists()


def test_a_finished_round_makes_the_high_scores(make_driver, en_list, tmp_path):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich", names=["Ann"])
    for word in d.some_words(2):
        d.drag(d.word_path(word))
    d.click(d.window.round.hints_button)
    with d.qtbot.waitSignal(d.session.round_finished):
        d.click(d.window.round.end_button)
    assert "New high score" in d.window.results.highscore_label.text()
    doc = json.loads((tmp_path / "data" / "highscores.json").read_text(encoding="utf-8"))
    (key, rows), = doc["tables"].items()
    assert key.startswith("en-4x4-") and rows[0]["name"] == "Ann" and rows[0]["hinted"] is True
    assert (tmp_path / "data" / "autosave.json").exists() is False     # the round is over
    d.click(d.window.results.scores_button)
    dlg = d.window._dialog
    d.qtbot.waitUntil(dlg.isVisible)
    assert dlg.table.item(0, 1).text() == "Ann" and "with hints" in dlg.table.item(0, 7).text()
    dlg.close()


def test_a_bad_word_list_is_reported_on_the_setup_page(make_driver, tmp_path):
    d = make_driver()
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\x00\x01\x02")
    for bad, msg in ((tmp_path / "missing.txt", "no such file"), (binary, "binary")):
        d.window.setup.list_edit.setText(str(bad))
        with d.qtbot.waitSignal(d.window.job_finished):
            d.click(d.window.setup.new_button)
        assert msg in d.window.setup.status.text()
        assert d.window.session is None
        assert d.window.pages.currentWidget() is d.window.setup
        assert d.window.setup.new_button.isEnabled()


def test_dealing_can_be_cancelled(make_driver, en_list, monkeypatch):
    import wordbler.ui.snake.window as window_module

    started = threading.Event()

    def slow_generate(spec, words, seed, *, cancel, progress):
        started.set()
        while not cancel():          # a deal that only ends when cancelled
            started.wait(0.01)
        raise GenerationCancelled()

    d = make_driver()
    monkeypatch.setattr(window_module, "generate", slow_generate)
    d.window.setup.list_edit.setText(str(en_list))
    d.click(d.window.setup.new_button)
    assert d.window.setup.busy_row.isVisible() and not d.window.setup.new_button.isEnabled()
    assert started.wait(20)
    with d.qtbot.waitSignal(d.window.job_finished):
        d.click(d.window.setup.cancel_button)
    assert d.window.session is None and "Cancelled" in d.window.setup.status.text()
    assert not d.window.setup.busy_row.isVisible()


def test_settings_are_remembered(make_driver, en_list):
    d = make_driver()
    s = d.window.setup
    s.cols.setValue(5)
    s.rows.setValue(3)
    s.duration.setCurrentIndex(s.duration.findData(None))
    s.players.setValue(3)
    s.names[1].setText("Zed")
    s.list_edit.setText(str(en_list))
    d.window.close()
    e = make_driver()
    s = e.window.setup
    assert (s.cols.value(), s.rows.value(), s.players.value()) == (5, 3, 3)
    assert s.duration.currentData() is None and s.names[1].text() == "Zed"
    assert s.list_edit.text() == str(en_list)


def test_new_board_during_a_round_keeps_it_resumable(make_driver, en_list):
    d = make_driver()
    d.deal(word_list=en_list, seed="rich")
    word = d.some_words(1)[0]
    d.drag(d.word_path(word))
    d.qtbot.keyClick(d.window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert d.window.pages.currentWidget() is d.window.setup
    assert d.game.phase is Phase.PAUSED
    assert d.window.setup.resume_box.isVisible()
    d.click(d.window.setup.resume_button)
    assert d.window.pages.currentWidget() is d.window.round and d.found() == [word]


@pytest.mark.parametrize("own, tag, code, warn", [
    (False, None, "EN-4X4-1Z", None),
    (False, None, "EN-4X4-1Z-A1F0", "own word list"),
    (True, "A1F0", "EN-4X4-1Z-A1F0", None),
    (True, "A1F0", "EN-4X4-1Z-BEEF", "another word list"),
    (True, "A1F0", "EN-4X4-1Z", "bundled list"),
    (True, None, "EN-4X4-1Z-A1F0", "only with that list"),
])
def test_the_code_dialog_warns_when_the_lists_differ(qtbot, own, tag, code, warn):
    from wordbler.ui.snake.dialogs import CodeDialog

    dlg = CodeDialog(tag, own_list=own)
    qtbot.addWidget(dlg)
    qtbot.keyClicks(dlg.edit, code)
    assert dlg.ok.isEnabled() and "English, 4×4 board." in dlg.message.text()
    if warn:
        assert warn in dlg.message.text()
    else:
        assert dlg.message.text() == "English, 4×4 board."


def test_the_next_results_delete_the_last_rounds_word_lists(make_driver, en_list):
    # the tabs were only taken out: every round left about 36 hidden widgets behind
    import shiboken6
    from PySide6.QtCore import QCoreApplication, QEvent

    d = make_driver()
    d.deal(word_list=en_list, seed="rich")
    d.click(d.window.round.end_button)
    tabs = d.window.results.tabs
    old = [tabs.widget(i) for i in range(tabs.count())]
    assert len(old) >= 3
    d.deal(word_list=en_list, seed=4242)
    d.click(d.window.round.end_button)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not any(shiboken6.isValid(page) for page in old)
    assert tabs.count() == len(old) and all(shiboken6.isValid(tabs.widget(i))
                                            for i in range(tabs.count()))


@pytest.mark.parametrize("agree", [False, True])
def test_a_new_board_asks_before_it_ends_the_round_going_on(make_driver, en_list, tmp_path,
                                                            monkeypatch, agree):
    # Daily board (Ctrl+D), New board and a board code started at once: the round going on
    # was gone, and its autosave written over with the new one
    from PySide6.QtWidgets import QMessageBox

    from wordbler.ui.snake import window as window_module

    d = make_driver()
    d.window.confirm_discard = True
    d.deal(word_list=en_list, seed="rich", names=["Ann"])
    words = d.some_words(2)
    for word in words:
        d.drag(d.word_path(word))
    save = tmp_path / "data" / "autosave.json"
    d.window.session.autosave(force=True)
    before = save.read_text(encoding="utf-8")
    asked = []

    def answer(parent, title, text, *args, **kwargs):
        asked.append(text)
        return QMessageBox.StandardButton.Yes if agree else QMessageBox.StandardButton.No

    monkeypatch.setattr(window_module.QMessageBox, "question", answer)
    board = d.game.deal.board
    if agree:
        with d.qtbot.waitSignal(d.window.deal_ready):
            d.qtbot.keyClick(d.window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
        assert d.game.deal.seed == daily_seed(DAY) and d.found() == []
    else:
        d.qtbot.keyClick(d.window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
        assert d.window.job is None
        assert d.game.deal.board == board and d.found() == words
        # the clock stopped while the question was open (it ran on under it); the saved
        # round is this one, paused
        assert d.game.phase is Phase.PAUSED
        saved, kept = (json.loads(t) for t in (save.read_text(encoding="utf-8"), before))
        assert saved["deal"] == kept["deal"]
        assert saved["game"]["players"] == kept["game"]["players"]
    assert len(asked) == 1 and "Ann's turn" in asked[0] and "2 words found" in asked[0]


@pytest.mark.parametrize("agree", [False, True])
def test_a_new_board_asks_before_it_takes_the_saved_rounds_place(make_driver, en_list,
                                                                 tmp_path, monkeypatch, agree):
    from PySide6.QtWidgets import QMessageBox

    from wordbler.ui.snake import window as window_module

    d = make_driver()
    d.deal(word_list=en_list, seed="rich", names=["Ann"])
    d.drag(d.word_path(d.some_words(1)[0]))
    d.window.close()
    save = tmp_path / "data" / "autosave.json"
    before = save.read_text(encoding="utf-8")
    e = make_driver(clock=d.clock)  # the program started again: the saved round is offered
    e.window.confirm_discard = True
    assert e.window.setup.resume_box.isVisible()
    asked = []

    def answer(parent, title, text, *args, **kwargs):
        asked.append(text)
        return QMessageBox.StandardButton.Yes if agree else QMessageBox.StandardButton.No

    monkeypatch.setattr(window_module.QMessageBox, "question", answer)
    if agree:
        with e.qtbot.waitSignal(e.window.deal_ready):
            e.click(e.window.setup.new_button)
        assert save.read_text(encoding="utf-8") != before
    else:
        e.click(e.window.setup.new_button)
        assert e.window.job is None and e.window.session is None
        assert save.read_text(encoding="utf-8") == before
        assert e.window.setup.resume_box.isVisible()
    assert len(asked) == 1 and "A saved round" in asked[0] and "Ann" in asked[0]


def test_a_score_not_written_for_a_full_disk_is_written_once_there_is_room(
        make_driver, en_list, tmp_path, monkeypatch):
    # the round's autosave goes when it ends: a high score the disk had no room for was
    # only in memory, and gone at quit
    import errno

    from wordbler.snake import storage

    real = storage.write_json_atomic
    full = {"on": True}

    def writer(path, doc):
        if full["on"] and path.name == "highscores.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, doc)

    monkeypatch.setattr(storage, "write_json_atomic", writer)
    d = make_driver()
    d.deal(word_list=en_list, seed="rich", names=["Ann"])
    for word in d.some_words(2):
        d.drag(d.word_path(word))
    with d.qtbot.waitSignal(d.session.round_finished):
        d.click(d.window.round.end_button)
    scores = tmp_path / "data" / "highscores.json"
    assert not scores.exists()
    label = d.window.files_label
    assert label.isVisible() and "not saved yet" in label.text()
    assert "No space left" in label.toolTip()
    full["on"] = False  # room again; the player closes the window
    d.window.close()
    doc = json.loads(scores.read_text(encoding="utf-8"))
    assert [r["name"] for rows in doc["tables"].values() for r in rows] == ["Ann"]


def test_a_rounds_save_error_goes_when_the_round_is_over(make_driver, en_list, tmp_path,
                                                         monkeypatch):
    # the note kept saying "Could not save the round" after the round had ended and the
    # scores were written, hiding the note about the high scores
    import errno

    from wordbler.snake import storage

    real = storage.write_json_atomic
    full = {"on": True}

    def writer(path, doc):
        if full["on"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, doc)

    monkeypatch.setattr(storage, "write_json_atomic", writer)
    d = make_driver()
    d.deal(word_list=en_list, seed="rich", names=["Ann"])
    d.drag(d.word_path(d.some_words(1)[0]))
    label = d.window.files_label
    assert not d.session.autosave(force=True) and "Could not save the round" in label.text()
    with d.qtbot.waitSignal(d.session.round_finished):
        d.click(d.window.round.end_button)
    assert "not saved yet" in label.text()  # the high scores, not the round
    full["on"] = False
    with d.qtbot.waitActive(d.window):
        d.window.activateWindow()
    d.window.save_scores_if_due()
    assert not label.isVisible()


@pytest.mark.parametrize("size", [(654, 386), (700, 450), (960, 480)])
def test_the_results_caption_never_lies_over_the_board(make_driver, en_list, qtbot, size):
    # the caption under the board had one line's height: when it wrapped to two lines (a
    # narrow left column, 2x scale) the layout laid it over the board's bottom edge
    from PySide6.QtCore import QPoint

    d = make_driver(size=size)
    d.deal(word_list=en_list, seed="rich")
    d.click(d.window.round.end_button)
    r = d.window.results
    qtbot.waitUntil(r.isVisible)
    cap, board = r.caption, r.board_view
    qtbot.wait(20)  # the layout settles
    assert cap.height() >= cap.heightForWidth(cap.width())
    board_bottom = board.mapTo(d.window, QPoint(0, board.height())).y()
    assert cap.mapTo(d.window, QPoint(0, 0)).y() >= board_bottom
