"""The Word tools window, driven as a person would: typing, clicks, Enter, a user's list."""

from __future__ import annotations

from itertools import permutations

import pytest

pytest.importorskip("pytestqt")

import wordbler.ui  # noqa: F401  (installs the PySide6 refcount guard first)
from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from wordbler.ui.wordtools.window import WordToolsWindow

EN_WORDS = ["ACT", "CAT", "TAC", "AT", "TA", "CAST", "CATS", "SCAT", "ACTS", "TEA", "EAT",
            "ATE", "SEAT", "EAST", "EATS", "QUA", "QUIT", "SUIT", "IT", "ITS", "SIT"]
RU_WORDS = ["КОТ", "ТОК", "КТО", "ЁЖ", "ЕЖ", "ЁЛКА", "ЕЛКА", "ЛЕС", "СЕЛО", "ОСЕЛ", "ЁЖИК"]


def _brute_exact(words, letters, length):
    """Every word of ``length`` letters that uses part of ``letters`` (no blanks)."""
    out = set()
    for perm in permutations(letters, length):
        w = "".join(perm)
        if w in words:
            out.add(w)
    return out


def shown_window(qtbot, tmp_path):
    """A new window on its own settings, shown, its bundled list loaded."""
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    w = WordToolsWindow(settings=settings)
    qtbot.addWidget(w)
    with qtbot.waitSignal(w.list_ready, timeout=60_000):
        w.show()
    return w, settings


@pytest.fixture
def window(qtbot, tmp_path):
    en = tmp_path / "en.txt"
    en.write_text("\n".join(w.lower() for w in EN_WORDS) + "\nnot a word\n42\n", encoding="utf-8")
    w, _ = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(w.list_ready, timeout=10_000):
        w.load_user_list(str(en))
    assert "2 lines skipped" in w.list_label.text()
    return w


def _type(qtbot, widget, text):
    """Key presses carrying each character (QTest.keyClicks knows only ASCII keys)."""
    widget.setFocus()
    for ch in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, ch))


def test_guess_the_word_lists_words_of_that_length_from_part_of_the_letters(qtbot, window):
    window.tabs.setCurrentIndex(0)
    _type(qtbot, window.guess_letters, "tacse")
    window.guess_length.setValue(4)
    with qtbot.waitSignal(window.results_ready, timeout=10_000):
        QTest.keyClick(window.guess_letters, Qt.Key.Key_Return)
    got = window.result_words(window.guess_results)
    assert set(got) == _brute_exact(set(EN_WORDS), "TACSE", 4)
    assert got == sorted(got)  # one length: alphabetical
    assert window.guess_count.text() == f"{len(got)} words"
    top = window.guess_results.topLevelItem(0)
    assert top.text(0) == f"4 letters ({len(got)})"


def test_anagrams_subanagrams_and_patterns_through_the_radio_buttons(qtbot, window):
    window.tabs.setCurrentIndex(1)
    _type(qtbot, window.query_edit, "tca")
    with qtbot.waitSignal(window.results_ready, timeout=10_000):
        qtbot.mouseClick(window.anagram_button, Qt.MouseButton.LeftButton)
    assert window.result_words(window.anagram_results) == ["ACT", "CAT", "TAC"]

    qtbot.mouseClick(window.mode_sub, Qt.MouseButton.LeftButton)
    window.min_length.setValue(2)
    with qtbot.waitSignal(window.results_ready, timeout=10_000):
        qtbot.mouseClick(window.anagram_button, Qt.MouseButton.LeftButton)
    got = window.result_words(window.anagram_results)
    assert got == ["ACT", "CAT", "TAC", "AT", "TA"]  # longest first, then alphabetical
    groups = [window.anagram_results.topLevelItem(i).text(0)
              for i in range(window.anagram_results.topLevelItemCount())]
    assert groups == ["3 letters (3)", "2 letters (2)"]

    qtbot.mouseClick(window.mode_pattern, Qt.MouseButton.LeftButton)
    window.query_edit.clear()
    _type(qtbot, window.query_edit, "?A[ST]*")
    with qtbot.waitSignal(window.results_ready, timeout=10_000):
        QTest.keyClick(window.query_edit, Qt.Key.Key_Return)
    got = window.result_words(window.anagram_results)
    assert set(got) == {w for w in EN_WORDS
                        if len(w) >= 3 and w[1] == "A" and w[2] in "ST"}


def test_bad_input_says_what_is_wrong_and_keeps_the_window(qtbot, window):
    window.tabs.setCurrentIndex(1)
    _type(qtbot, window.query_edit, "ca1")
    with qtbot.waitSignal(window.results_ready, timeout=10_000):
        qtbot.mouseClick(window.anagram_button, Qt.MouseButton.LeftButton)
    assert "'1'" in window.error_label.text()
    assert window.error_label.isVisible()
    assert window.anagram_results.topLevelItemCount() == 0
    # shown just above the query fields, not under the meaning panel at the window's foot
    y = window.error_label.mapTo(window, window.error_label.rect().bottomLeft()).y()
    assert y <= window.tabs.mapTo(window, window.tabs.rect().topLeft()).y()


def test_a_bad_word_list_is_refused_and_the_list_in_use_stays(qtbot, window, tmp_path):
    before = window.list_label.text()
    binary = tmp_path / "words.bin"
    binary.write_bytes(b"\x00\x01\x02garbage\xff\xfe")
    with qtbot.waitSignal(window.list_ready, timeout=10_000):
        window.load_user_list(str(binary))
    assert "cannot be used" in window.error_label.text()
    assert window.list_label.text() == before
    window.tabs.setCurrentIndex(1)
    _type(qtbot, window.query_edit, "tca")
    with qtbot.waitSignal(window.results_ready, timeout=10_000):
        qtbot.mouseClick(window.anagram_button, Qt.MouseButton.LeftButton)
    assert window.result_words(window.anagram_results) == ["ACT", "CAT", "TAC"]


def test_grid_solver_pastes_rows_and_shows_a_words_path(qtbot, window):
    window.tabs.setCurrentIndex(2)
    _type(qtbot, window.grid_paste, "ca/t(qu)/si")
    QTest.keyClick(window.grid_paste, Qt.Key.Key_Return)
    assert window.grid_cells() == [["C", "A"], ["T", "QU"], ["S", "I"]]
    window.grid_min.setValue(3)
    with qtbot.waitSignal(window.results_ready, timeout=10_000):
        qtbot.mouseClick(window.grid_solve, Qt.MouseButton.LeftButton)
    got = window.result_words(window.grid_results)
    # by hand: CAT, ACT, TAC, CATS and ACTS (T next to S); not SCAT or CAST (S is not next
    # to C or A); QUA, QUIT (QU-I-T); not SUIT (no U cell of its own); ITS, SIT
    assert set(got) == {"CAT", "ACT", "TAC", "CATS", "ACTS", "QUA", "QUIT", "ITS", "SIT"}
    assert got[:3] == ["ACTS", "CATS", "QUIT"]  # QU counts as two letters
    # click QUIT: its path shows on the grid, in order
    quit_item = window.grid_results.findItems("QUIT", Qt.MatchFlag.MatchRecursive)[0]
    rect = window.grid_results.visualItemRect(quit_item)
    qtbot.mouseClick(window.grid_results.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.shown_path == ((1, 1), (2, 1), (1, 0))
    assert window.grid_table.item(1, 1).toolTip() == "1 of 3"
    assert [window.grid_table.item(r, c).data(Qt.ItemDataRole.UserRole + 1)
            for r, c in ((1, 1), (2, 1), (1, 0))] == [1, 2, 3]
    assert window.grid_table.item(0, 0).toolTip() == ""


def test_a_short_window_keeps_its_height_on_every_tab(qtbot, window):
    # a 1920 x 1080 screen at 2x scale leaves about 480 logical pixels under a title bar and
    # a task bar; the window asked for 522 (a five-line meaning panel, a 220-pixel grid)
    window.resize(960, 480)
    for tab in range(window.tabs.count()):
        window.tabs.setCurrentIndex(tab)
        qtbot.waitUntil(lambda: window.height() == 480)
        assert window.minimumSizeHint().height() <= 480, window.tabs.tabText(tab)
    view = window.definition_view
    assert view.height() >= 3 * view.fontMetrics().lineSpacing()


def test_typing_cells_of_the_grid_by_hand(qtbot, window):
    window.tabs.setCurrentIndex(2)
    window.grid_rows.setValue(2)
    window.grid_cols.setValue(2)
    table = window.grid_table
    table.setCurrentCell(0, 0)
    table.setFocus()
    QTest.keyClicks(table, "taco")  # each letter fills a cell and moves on
    assert window.grid_cells() == [["T", "A"], ["C", "O"]]
    QTest.keyClick(table, Qt.Key.Key_Backspace)  # clears the last cell typed
    QTest.keyClicks(table, "i")
    assert window.grid_cells() == [["T", "A"], ["C", "I"]]
    with qtbot.waitSignal(window.results_ready, timeout=10_000):
        qtbot.mouseClick(window.grid_solve, Qt.MouseButton.LeftButton)
    assert set(window.result_words(window.grid_results)) == {"ACT", "CAT", "TAC"}


def test_russian_keeps_yo_and_sorts_by_the_alphabet(qtbot, tmp_path):
    ru = tmp_path / "ru.txt"
    ru.write_text("\n".join(RU_WORDS), encoding="utf-8")
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    w = WordToolsWindow(settings=settings)
    qtbot.addWidget(w)
    ru_index = w.lang_combo.findData("ru")
    with qtbot.waitSignal(w.list_ready, timeout=60_000):
        w.show()
    w.lang_combo.setCurrentIndex(ru_index)  # the bundled Russian list loads meanwhile
    w.load_user_list(str(ru))
    qtbot.waitUntil(lambda: w.source.path == str(ru) and w.source.words is not None,
                    timeout=60_000)
    assert w.source.lang == "ru" and len(w.source.words) == len(RU_WORDS)
    w.tabs.setCurrentIndex(1)
    qtbot.mouseClick(w.mode_pattern, Qt.MouseButton.LeftButton)
    _type(qtbot, w.query_edit, "?лка")
    with qtbot.waitSignal(w.results_ready, timeout=10_000):
        qtbot.mouseClick(w.anagram_button, Qt.MouseButton.LeftButton)
    assert w.result_words(w.anagram_results) == ["ЕЛКА", "ЁЛКА"]  # Е before Ё
    assert settings.value("wordtools/lang") == "ru"


def test_french_uses_the_bundled_french_list_and_reads_accents(qtbot, tmp_path):
    from wordbler.lexicon.data import bundled_words

    w, settings = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(w.list_ready, timeout=60_000):
        w.lang_combo.setCurrentIndex(w.lang_combo.findText("French"))
    words = bundled_words("fr")
    assert w.source.lang == "fr" and len(w.source.words) == len(words)
    assert "bundled French" in w.list_label.text()
    w.tabs.setCurrentIndex(1)
    _type(qtbot, w.query_edit, "élève")  # as typed on a French keyboard
    with qtbot.waitSignal(w.results_ready, timeout=10_000):
        QTest.keyClick(w.query_edit, Qt.Key.Key_Return)
    assert w.result_words(w.anagram_results) == sorted(
        x for x in words if sorted(x) == sorted("ELEVE"))
    assert settings.value("wordtools/lang") == "fr"
    # Guess the word: ŒUF is four letters (the length stopped at the three characters)
    w.tabs.setCurrentIndex(0)
    w.guess_length.setValue(2)
    _type(qtbot, w.guess_letters, "œuf")
    w.guess_length.setValue(4)
    assert w.guess_length.value() == 4
    with qtbot.waitSignal(w.results_ready, timeout=10_000):
        QTest.keyClick(w.guess_letters, Qt.Key.Key_Return)
    assert w.result_words(w.guess_results) == ["OEUF"]


def test_closed_while_its_list_loads_it_loads_it_when_shown_again(qtbot, tmp_path):
    # closing drops the loading; the start page shows the same window again, which said
    # "Loading the word list…" for ever and answered every search "there is no word list"
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    w = WordToolsWindow(settings=settings)
    qtbot.addWidget(w)
    w.close()  # before the loading's answer is taken
    assert w.source.words is None
    with qtbot.waitSignal(w.list_ready, timeout=60_000):
        w.show()
    assert w.source.words is not None and len(w.source.words) > 1000
    assert "words" in w.list_label.text()


def test_a_word_list_from_a_deep_folder_does_not_widen_the_window(qtbot, window, tmp_path):
    # the label showed the whole path and set the window's minimum width: 1,288 pixels for
    # a list two dozen folders down, wider than a 1024-pixel screen
    deep = tmp_path.joinpath(*[f"folder-number-{i}" for i in range(12)])
    deep.mkdir(parents=True)
    words = deep / "my-own-word-list-for-testing.txt"
    words.write_text("cat\ndog\n", encoding="utf-8")
    with qtbot.waitSignal(window.list_ready, timeout=10_000):
        window.load_user_list(str(words))
    assert str(words) in window.list_label.text()
    assert window.minimumSizeHint().width() <= 900
    window.resize(900, 600)
    qtbot.waitUntil(lambda: window.width() == 900)
    assert str(words) in window.list_label.toolTip()
    # the path is shortened, never the count after it ("bundled …66 words" at 14 points)
    label = window.list_label
    tail = label.fontMetrics().horizontalAdvance(": 2 words")
    label.resize(tail + 40, label.height())
    shown = super(type(label), label).text()
    assert "…" in shown and shown.endswith(": 2 words")


def test_a_words_path_reads_on_a_dark_palette(qtbot, window):
    # the path's cells got a light green and kept the palette's text colour: white on pale
    # green (1.4:1) on a dark desktop
    from PySide6.QtGui import QColor, QPalette

    dark = QPalette(QColor("#31363b"), QColor("#232629"))
    dark.setColor(QPalette.ColorRole.Text, QColor("#fcfcfc"))
    window.grid_table.setPalette(dark)
    window.tabs.setCurrentIndex(2)
    _type(qtbot, window.grid_paste, "ca/t(qu)/si")
    QTest.keyClick(window.grid_paste, Qt.Key.Key_Return)
    with qtbot.waitSignal(window.results_ready, timeout=10_000):
        qtbot.mouseClick(window.grid_solve, Qt.MouseButton.LeftButton)
    item = window.grid_results.findItems("QUIT", Qt.MatchFlag.MatchRecursive)[0]
    window.grid_results.setCurrentItem(item)
    for r, c in window.shown_path:
        cell = window.grid_table.item(r, c)
        own = cell.data(Qt.ItemDataRole.ForegroundRole)  # else the palette's text colour
        fg = own.color() if own is not None else dark.color(QPalette.ColorRole.Text)
        assert fg.lightness() < 60 and cell.background().color().lightness() > 150
    window.grid_results.setCurrentItem(None)
    assert window.grid_table.item(1, 1).data(Qt.ItemDataRole.ForegroundRole) is None


def test_guess_the_word_keeps_the_length_chosen_while_the_letters_are_typed(qtbot, window):
    # the length was chosen first, then the letters typed key by key: at the second key
    # the box's maximum became 2, which clamped the length, and Enter listed 2-letter words
    window.tabs.setCurrentIndex(0)
    window.guess_length.setValue(4)
    window.guess_letters.setFocus()
    for i, ch in enumerate("tacse", 1):
        QTest.keyClicks(window.guess_letters, ch)
        assert window.guess_length.value() == 4, window.guess_letters.text()
        assert window.guess_length.maximum() >= max(i, 4)
    with qtbot.waitSignal(window.results_ready, timeout=10_000):
        QTest.keyClick(window.guess_letters, Qt.Key.Key_Return)
    got = window.result_words(window.guess_results)
    assert got and set(got) == _brute_exact(set(EN_WORDS), "TACSE", 4)
    # five letters typed: the length goes up to 5, not beyond
    QTest.keyClick(window.guess_length, Qt.Key.Key_Up)
    QTest.keyClick(window.guess_length, Qt.Key.Key_Up)
    assert window.guess_length.value() == 5
    # letters taken off one by one: the length stays (and may be lowered by hand)
    for _ in range(4):
        QTest.keyClick(window.guess_letters, Qt.Key.Key_Backspace)
    assert window.guess_letters.text() == "t" and window.guess_length.value() == 5
    QTest.keyClick(window.guess_length, Qt.Key.Key_Down)
    assert window.guess_length.value() == 4
    # no letters: the whole range again
    QTest.keyClick(window.guess_letters, Qt.Key.Key_Backspace)
    assert window.guess_length.maximum() == 30


def _find_grid_words(qtbot, window):
    with qtbot.waitSignal(window.results_ready, timeout=10_000):
        qtbot.mouseClick(window.grid_solve, Qt.MouseButton.LeftButton)


def test_find_words_reads_rows_typed_in_the_paste_box_first(qtbot, window):
    # rows typed in the box and Find words clicked: with a grid already in the table the
    # old grid was solved again; with an empty table a mistake in the rows was reported
    # as "the cell in row 1, column 1 is empty"
    window.tabs.setCurrentIndex(2)
    _type(qtbot, window.grid_paste, "ca/t(qu)/si")
    QTest.keyClick(window.grid_paste, Qt.Key.Key_Return)
    _find_grid_words(qtbot, window)
    assert "QUIT" in window.result_words(window.grid_results)
    window.grid_paste.selectAll()
    _type(qtbot, window.grid_paste, "ta/ec")  # a new grid typed, not pasted with Enter
    _find_grid_words(qtbot, window)
    assert window.grid_cells() == [["T", "A"], ["E", "C"]]
    assert set(window.result_words(window.grid_results)) == {
        "ACT", "CAT", "TAC", "TEA", "EAT", "ATE"}
    assert not window.error_label.isVisible()
    # the table edited by hand after a paste: Find words solves the table, not the box
    window.grid_table.setCurrentCell(1, 1)
    window.grid_table.setFocus()
    QTest.keyClicks(window.grid_table, "s")
    _find_grid_words(qtbot, window)
    assert window.grid_cells() == [["T", "A"], ["E", "S"]]
    assert "SEAT" in window.result_words(window.grid_results)
    # rows that cannot be read: their error, and nothing searched
    for rows, error in (("ab/e1/cd", "'1'"), ("abc/de", "not rectangular")):
        window.clear_grid()
        assert window.grid_paste.text() == ""
        _type(qtbot, window.grid_paste, rows)
        _find_grid_words(qtbot, window)
        shown = window.error_label.text()
        assert window.error_label.isVisible() and error in shown, shown
        assert "is empty" not in shown, shown
        assert window.grid_results.topLevelItemCount() == 0 and window.grid_count.text() == ""
    # with a grid in the table too
    window.clear_grid()
    _type(qtbot, window.grid_paste, "ta/ec")
    _find_grid_words(qtbot, window)
    assert window.grid_count.text()
    window.grid_paste.selectAll()
    _type(qtbot, window.grid_paste, "ab/e1")
    _find_grid_words(qtbot, window)
    assert "'1'" in window.error_label.text()
    assert window.grid_results.topLevelItemCount() == 0


def _click_result(qtbot, tree, word):
    item = tree.findItems(word, Qt.MatchFlag.MatchRecursive)[0]
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton,
                     pos=tree.visualItemRect(item).center())


def test_grid_results_go_when_the_grid_changes(qtbot, window):
    # after Find words, Rows set from 4 to 3 kept "200 words" listed, and clicking MUSTARD
    # lit the cells left of its path: "STARD"
    window.tabs.setCurrentIndex(2)
    table = window.grid_table
    lit = lambda: [(r, c) for r in range(table.rowCount()) for c in range(table.columnCount())  # noqa: E731
                   if table.item(r, c).data(Qt.ItemDataRole.UserRole + 1)]

    def solve():
        _find_grid_words(qtbot, window)
        assert "QUIT" in window.result_words(window.grid_results)
        _click_result(qtbot, window.grid_results, "QUIT")
        assert window.shown_path == ((1, 1), (2, 1), (1, 0)) and len(lit()) == 3

    def assert_cleared():
        assert window.result_words(window.grid_results) == []
        assert "changed" in window.grid_count.text()
        assert window.shown_path == () and lit() == []
        assert window.grid_paths == {}

    _type(qtbot, window.grid_paste, "ca/t(qu)/si")
    QTest.keyClick(window.grid_paste, Qt.Key.Key_Return)
    solve()
    QTest.keyClick(window.grid_rows, Qt.Key.Key_Down)  # 3 rows -> 2
    assert window.grid_cells() == [["C", "A"], ["T", "QU"]]
    assert_cleared()
    QTest.keyClick(window.grid_rows, Qt.Key.Key_Up)  # back to 3: the row is empty now
    assert window.grid_count.text() and window.grid_results.topLevelItemCount() == 0

    QTest.keyClick(window.grid_paste, Qt.Key.Key_Return)
    solve()
    table.setCurrentCell(2, 0)
    table.setFocus()
    QTest.keyClicks(table, "s")  # the same letter again: the results still hold
    assert "QUIT" in window.result_words(window.grid_results)
    table.setCurrentCell(2, 1)
    QTest.keyClicks(table, "e")  # a letter typed over another
    assert window.grid_cells()[2] == ["S", "E"]
    assert_cleared()

    # the grid changed while it was searched: the answer comes for the old grid
    QTest.keyClick(window.grid_paste, Qt.Key.Key_Return)
    with qtbot.waitSignal(window.results_ready, timeout=10_000):
        qtbot.mouseClick(window.grid_solve, Qt.MouseButton.LeftButton)
        table.setCurrentCell(0, 0)
        table.setFocus()
        QTest.keyClicks(table, "b")
    assert_cleared()
    # and Find words lists the new grid's words
    _find_grid_words(qtbot, window)
    assert window.grid_cells()[0] == ["B", "A"]
    assert "changed" not in window.grid_count.text()
    assert "CAT" not in window.result_words(window.grid_results)
    assert "QUIT" in window.result_words(window.grid_results)
