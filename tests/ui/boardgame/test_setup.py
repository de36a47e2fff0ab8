"""The setup dialog: mascots by drag and drop with undo, names, rules, dictionary."""

from __future__ import annotations

from PySide6.QtCore import Qt

from wordbler.ui.boardgame.mascots import mascot_names
from wordbler.ui.boardgame.mime import mascot_mime, tile_mime
from wordbler.ui.boardgame.setup import SetupDialog

from tests.ui.conftest import send_drop


def make(qtbot, **kw) -> SetupDialog:
    dlg = SetupDialog(**kw)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg


def test_at_least_eight_distinct_bundled_mascots_render(qtbot):
    names = mascot_names()
    assert len(names) >= 8 and len(set(names)) == len(names)
    dlg = make(qtbot)
    assert [c.mascot() for c in dlg.chips] == names
    images = set()
    for chip in dlg.chips:
        img = chip.grab().toImage()
        images.add(bytes(img.constBits()))
    assert len(images) == len(names)  # every mascot looks different


def test_drag_a_mascot_onto_a_player_and_undo_the_pick(qtbot):
    dlg = make(qtbot)
    box0, box1 = dlg.boxes[:2]
    before = (box0.mascot(), box1.mascot())
    assert send_drop(box0, mascot_mime("penguin"))
    assert box0.mascot() == "penguin"
    assert not send_drop(box0, tile_mime(3))  # not a mascot: refused
    # taking player 1's mascot for player 2 leaves player 1 without one
    assert send_drop(box1, mascot_mime("penguin"))
    assert box1.mascot() == "penguin" and box0.mascot() is None
    assert dlg.undo_button.isEnabled()
    qtbot.mouseClick(dlg.undo_button, Qt.MouseButton.LeftButton)
    assert (box0.mascot(), box1.mascot()) == ("penguin", before[1])
    dlg.undo_stack.undo()
    assert (box0.mascot(), box1.mascot()) == before
    assert not dlg.undo_button.isEnabled()


def test_names_are_required_and_unique(qtbot):
    dlg = make(qtbot)
    b0, b1 = dlg.boxes[:2]
    assert dlg.start_button.isEnabled()
    b1.name_edit.setText("")
    assert not dlg.start_button.isEnabled() and "required" in b1.name_error.text()
    qtbot.keyClicks(b1.name_edit, "player 1")  # same name, other case
    assert not dlg.start_button.isEnabled() and "already has this name" in b1.name_error.text()
    b1.name_edit.setText("Bob")
    assert dlg.start_button.isEnabled() and not dlg.problem.text()


def test_player_count_follows_the_rules_preset(qtbot):
    dlg = make(qtbot)
    dlg.count.setValue(4)
    assert all(b.isVisible() for b in dlg.boxes)
    dlg.rules.setCurrentIndex(dlg.rules.findData("tournament"))
    assert dlg.count.value() == 2 and dlg.count.maximum() == 2
    assert not dlg.boxes[2].isVisible()
    assert "twice" in dlg.rules_text.text()


def test_a_bad_dictionary_file_shows_an_inline_error(qtbot, tmp_path):
    dlg = make(qtbot)
    bad = tmp_path / "words.txt"
    bad.write_text("cat\ndon't\n", encoding="utf-8")
    assert not dlg.load_file(str(bad))
    assert "Could not load" in dlg.dict_status.text()
    assert not dlg.start_button.isEnabled()
    missing = tmp_path / "nope.txt"
    assert not dlg.load_file(str(missing))
    assert "nope.txt" in dlg.dict_status.text()
    good = tmp_path / "good.txt"
    good.write_text("cat\ndog\n", encoding="utf-8")
    assert dlg.load_file(str(good))
    assert "Loaded" in dlg.dict_status.text() and dlg.start_button.isEnabled()
    qtbot.mouseClick(dlg.start_button, Qt.MouseButton.LeftButton)
    cfg = dlg.config()
    assert "CAT" in cfg.lexicon and "COW" not in cfg.lexicon
    assert [p.name for p in cfg.players] == ["Player 1", "Player 2"]


def test_start_with_the_bundled_dictionary(qtbot):
    dlg = make(qtbot)
    dlg.boxes[0].name_edit.setText("Ann")
    dlg.boxes[1].name_edit.setText("Bob")
    send_drop(dlg.boxes[1], mascot_mime("rabbit"))
    qtbot.mouseClick(dlg.start_button, Qt.MouseButton.LeftButton)
    cfg = dlg.config()
    assert [(p.name, p.mascot, p.computer) for p in cfg.players][1] == ("Bob", "rabbit", None)
    assert cfg.rules == "standard"
    assert "HELLO" in cfg.lexicon and cfg.lexicon_label
    game = cfg.new_game()
    assert {p.name for p in game.players} == {"Ann", "Bob"}


def test_computer_seats_only_when_computer_players_can_run(qtbot):
    from wordbler.ui.boardgame.config import computer_levels

    dlg = make(qtbot)
    levels = computer_levels()
    kind = dlg.boxes[0].kind
    assert kind.isVisibleTo(dlg) == bool(levels)
    assert kind.count() == 1 + len(levels)


def test_the_language_is_in_view_without_scrolling_with_four_players(qtbot):
    # it came last, below the clock and classic play: at 1366 x 768 with four players it
    # was under the dialog's fold, though it decides the tiles and the word list
    dlg = make(qtbot)
    dlg.count.setValue(4)
    dlg.resize(760, 700)
    qtbot.waitUntil(lambda: dlg.height() == 700)
    view = dlg.scroll_area.viewport()
    assert dlg.scroll_area.verticalScrollBar().value() == 0
    bottom = dlg.language.mapTo(view, dlg.language.rect().bottomLeft())
    assert 0 <= bottom.y() <= view.height()


def test_the_bundled_list_is_read_off_the_gui_thread_while_the_form_is_filled(qtbot,
                                                                              monkeypatch):
    # Start read the list on the GUI thread: a French game froze the window 0.5-2 s
    import threading

    from wordbler.boardgame import languages

    threads = []
    real = languages.load_bundled_words

    def spy(code="en"):
        threads.append((code, threading.current_thread() is threading.main_thread()))
        return real(code)

    monkeypatch.setattr(languages, "load_bundled_words", spy)
    dlg = make(qtbot)
    dlg.language.setCurrentIndex(dlg.language.findData("ru"))
    qtbot.waitUntil(lambda: dlg._bundled["ru"].done(), timeout=30000)
    dlg.language.setCurrentIndex(dlg.language.findData("en"))
    dlg.language.setCurrentIndex(dlg.language.findData("ru"))  # read once, not again
    qtbot.mouseClick(dlg.start_button, Qt.MouseButton.LeftButton)
    cfg = dlg.config()
    assert cfg.language == "ru" and "КОТ" in cfg.lexicon
    ru = [on_gui for code, on_gui in threads if code == "ru"]
    assert ru == [False]
    assert dlg._bundled == {}  # the dialog lets go of the lists once it is done


def test_a_bundled_list_that_cannot_be_read_is_named_at_start_and_read_again(qtbot,
                                                                            monkeypatch):
    from wordbler.boardgame import languages
    from wordbler.lexicon.wordlist import WordListError

    real = languages.load_bundled_words
    broken = {"on": True}

    def flaky(code="en"):
        if broken["on"]:
            raise WordListError("the bundled Russian word list is not installed")
        return real(code)

    monkeypatch.setattr(languages, "load_bundled_words", flaky)
    dlg = make(qtbot)
    dlg.language.setCurrentIndex(dlg.language.findData("ru"))
    qtbot.mouseClick(dlg.start_button, Qt.MouseButton.LeftButton)
    assert dlg.result() != dlg.DialogCode.Accepted
    assert "not installed" in dlg.dict_status.text()
    broken["on"] = False  # installed now: the next Start reads it again
    qtbot.mouseClick(dlg.start_button, Qt.MouseButton.LeftButton)
    assert dlg.config().language == "ru"
