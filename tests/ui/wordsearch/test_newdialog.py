import pytest

import wordbler.ui  # noqa: F401
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox

from wordbler.ui.wordsearch.newdialog import NewPuzzleDialog


@pytest.fixture
def dialog(qtbot, tmp_path):
    d = NewPuzzleDialog(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(d)
    d.show()
    return d


def ok(d):
    QTest.mouseClick(d.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)


def choose(combo, data):
    combo.setCurrentIndex(combo.findData(data))


def test_own_words_with_a_bad_one_show_an_error_and_stay_open(dialog):
    choose(dialog.source, "mine")
    dialog.words.setPlainText("apple\nice cream\ncaf\u00e9\n")
    ok(dialog)
    assert dialog.isVisible() and dialog.error.isVisible() and "caf\u00e9" in dialog.error.text()
    dialog.words.setPlainText("apple\nice cream\n")
    dialog.seed.setText("5")
    ok(dialog)
    assert not dialog.isVisible()
    r = dialog.request
    assert [e.shown for e in r.entries] == ["apple", "ice cream"] and r.seed == 5


def test_theme_shape_extras_players(dialog):
    choose(dialog.lang, "ru")
    choose(dialog.source, "theme")
    assert dialog.theme.count() >= 5
    choose(dialog.shape, "heart")
    choose(dialog.level, "hard")
    dialog.message.setText("Привет")
    dialog.bonus.setText("кот, пёс")
    dialog.players.setText("Аня, Боря")
    ok(dialog)
    r = dialog.request
    assert r.settings.lang == "ru" and r.settings.mask.name == "heart" and r.settings.level == "hard"
    assert r.players == ("Аня", "Боря") and r.settings.bonus == ("кот", "пёс")


def test_french_themes_and_own_words_with_accents(dialog):
    # "café" is no English word (the test above); in French its É is an E
    choose(dialog.lang, "fr")
    choose(dialog.source, "theme")
    assert dialog.theme.count() >= 5 and dialog.theme.findText("Météo") >= 0
    choose(dialog.source, "mine")
    dialog.words.setPlainText("café\nélève\ncœur\n")
    ok(dialog)
    assert not dialog.isVisible()
    r = dialog.request
    assert r.settings.lang == "fr"
    assert [(e.shown, e.word) for e in r.entries] == [("café", "CAFE"), ("élève", "ELEVE"),
                                                      ("cœur", "COEUR")]


def test_bad_players_and_seed(dialog):
    dialog.players.setText("Solo")
    ok(dialog)
    assert "2 to 4" in dialog.error.text()
    dialog.players.setText("")
    dialog.seed.setText("abc")
    ok(dialog)
    assert "seed" in dialog.error.text()


def test_picture_shape(dialog):
    choose(dialog.shape, "picture")
    assert dialog.picture.isVisible() and not dialog.cols.isEnabled()
    dialog.picture.setPlainText("#####\n#...#\n#####\n#####\n#####")
    ok(dialog)
    assert dialog.request.settings.mask.rows == 5
    assert not dialog.request.settings.mask.cells[1][2]


def test_new_puzzle_from_the_window(qtbot, make_window, puzzle, monkeypatch):
    w = make_window(puzzle)

    def fake_exec(self):
        choose(self.source, "mine")
        self.words.setPlainText("cat\ndog\nowl\n")
        choose(self.level, "easy")
        ok(self)
        return self.result()

    monkeypatch.setattr(NewPuzzleDialog, "exec", fake_exec)
    with qtbot.waitSignal(w.session.puzzle_changed, timeout=10000):
        w.new_action.trigger()
    p = w.session.puzzle
    assert sorted(x.word for x in p.placed) == ["CAT", "DOG", "OWL"] and p.level == "easy"


@pytest.mark.parametrize("count", ["99999999999999999999999", "-7", "lots"])
def test_a_remembered_number_out_of_range_is_ignored(qtbot, tmp_path, count):
    # a number too large for Qt in the settings file raised OverflowError: the dialog did
    # not open (the first time: a traceback)
    s = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    s.setValue("wordsearch/new/count", count)
    s.setValue("wordsearch/new/cols", 20)
    s.sync()
    d = NewPuzzleDialog(settings=s)
    qtbot.addWidget(d)
    d.show()
    fresh = NewPuzzleDialog(settings=QSettings(str(tmp_path / "t.ini"),
                                               QSettings.Format.IniFormat))
    qtbot.addWidget(fresh)
    assert d.count.value() == fresh.count.value() and d.cols.value() == 20


def test_the_word_count_box_is_as_tall_as_a_spin_box(dialog, qtbot):
    # the pages of the word source were stacked, and the stack is as tall as its tallest
    # page: the count box was stretched to the own-words page's height (about 180 pixels)
    assert dialog.count.height() <= dialog.count.sizeHint().height() + 4
    assert dialog.source_pages.height() <= dialog.count.sizeHint().height() + 8
    choose(dialog.source, "mine")
    qtbot.waitUntil(lambda: dialog.words.isVisible())
    choose(dialog.source, dialog.source.itemData(0))
    qtbot.waitUntil(lambda: dialog.count.isVisible())
    assert dialog.count.height() <= dialog.count.sizeHint().height() + 4
    # and no gap the height of the other page under it
    assert dialog.source_pages.height() <= dialog.count.sizeHint().height() + 8


def test_a_size_the_user_gave_the_dialog_is_kept_when_the_source_changes(dialog, qtbot):
    # it snapped back to its natural size at every change of the word source or shape
    qtbot.waitExposed(dialog)
    natural = dialog.size()
    big = natural.grownBy(__import__("PySide6.QtCore", fromlist=["QMargins"]).QMargins(0, 0, 300, 250))
    dialog.resize(big)
    qtbot.waitUntil(lambda: dialog.size() == big)
    choose(dialog.source, "mine")
    qtbot.waitUntil(lambda: dialog.words.isVisible())
    assert dialog.size() == big
    choose(dialog.source, dialog.source.itemData(0))
    qtbot.waitUntil(lambda: dialog.count.isVisible())
    assert dialog.size() == big
    choose(dialog.shape, "picture")
    assert dialog.width() >= big.width() and dialog.height() >= big.height()
    assert dialog.height() >= dialog.minimumSizeHint().height()


def test_an_untouched_dialog_still_fits_each_source(dialog, qtbot):
    qtbot.waitExposed(dialog)
    short = dialog.height()
    choose(dialog.source, "mine")
    qtbot.waitUntil(lambda: dialog.words.isVisible())
    tall = dialog.height()
    assert tall > short  # grew for the own-words box
    choose(dialog.source, dialog.source.itemData(0))
    qtbot.waitUntil(lambda: dialog.count.isVisible())
    assert dialog.height() == short  # and went back
