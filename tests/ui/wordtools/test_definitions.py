"""Word tools: clicking a result word shows its meaning in the panel below the results."""

from __future__ import annotations

import gzip

import pytest

pytest.importorskip("pytestqt")

import wordbler.ui  # noqa: F401  (installs the PySide6 refcount guard first)
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from wordbler.lexicon import definitions
from wordbler.ui.wordtools.window import WordToolsWindow

EN_WORDS = ["CAT", "ACT", "CATS", "GEESE", "RUNNING", "THE", "TEA", "EAT", "ATE"]


@pytest.fixture
def window(qtbot, tmp_path):
    en = tmp_path / "en.txt"
    en.write_text("\n".join(EN_WORDS) + "\n", encoding="utf-8")
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    w = WordToolsWindow(settings=settings)
    qtbot.addWidget(w)
    with qtbot.waitSignal(w.list_ready, timeout=60_000):
        w.show()
    with qtbot.waitSignal(w.list_ready, timeout=10_000):
        w.load_user_list(str(en))
    return w


def _search(qtbot, window, pattern):
    window.tabs.setCurrentIndex(1)
    qtbot.mouseClick(window.mode_pattern, Qt.MouseButton.LeftButton)
    window.query_edit.setText(pattern)
    with qtbot.waitSignal(window.results_ready, timeout=10_000):
        qtbot.mouseClick(window.anagram_button, Qt.MouseButton.LeftButton)


def _click_word(qtbot, window, tree, word):
    for i in range(tree.topLevelItemCount()):
        group = tree.topLevelItem(i)
        for j in range(group.childCount()):
            item = group.child(j)
            if item.text(0) == word:
                tree.scrollToItem(item)
                rect = tree.visualItemRect(item)
                with qtbot.waitSignal(window.definition_ready, timeout=30_000):
                    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton,
                                     Qt.KeyboardModifier.NoModifier, rect.center())
                return
    raise AssertionError(f"{word} is not among the results")


def test_clicking_a_result_shows_its_meaning(qtbot, window):
    assert "Select a result word" in window.definition_text()
    _search(qtbot, window, "*")
    tree = window.anagram_results
    _click_word(qtbot, window, tree, "CAT")
    text = window.definition_text()
    assert text.startswith("CAT") and "feline mammal" in text and "noun" in text

    _click_word(qtbot, window, tree, "GEESE")  # an inflected form: its base form's meaning
    text = window.definition_text()
    assert "goose" in text and "base form of GEESE" in text and "web-footed" in text

    _click_word(qtbot, window, tree, "RUNNING")
    text = window.definition_text()
    assert "run verb (base form of RUNNING)" in text
    assert "running noun" in text

    _click_word(qtbot, window, tree, "THE")  # a valid word WordNet has no sense for
    assert window.definition_text() == "No definition found for THE."


def test_the_panel_follows_the_tab_in_view(qtbot, window):
    _search(qtbot, window, "C?T")
    _click_word(qtbot, window, window.anagram_results, "CAT")
    window.tabs.setCurrentIndex(0)  # nothing selected on the guess tab
    assert "Select a result word" in window.definition_text()
    window.tabs.setCurrentIndex(1)
    assert "feline" in window.definition_text()


def test_russian_words_show_a_short_note(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("wordtools/lang", "ru")
    w = WordToolsWindow(settings=settings)
    qtbot.addWidget(w)
    ru = tmp_path / "ru.txt"
    ru.write_text("КОТ\nТОК\nКТО\n", encoding="utf-8")
    with qtbot.waitSignal(w.list_ready, timeout=60_000):
        w.show()
    with qtbot.waitSignal(w.list_ready, timeout=10_000):
        w.load_user_list(str(ru))
    _search(qtbot, w, "???")
    _click_word(qtbot, w, w.anagram_results, "КОТ")
    assert w.definition_text() == "Definitions are not available for Russian words (no offline source)."


def test_a_damaged_definitions_file_is_reported_in_the_panel(qtbot, window, tmp_path):
    bad = tmp_path / "definitions.tsv.gz"
    bad.write_bytes(gzip.compress(b"garbage\n", mtime=0)[:-3])
    damaged = definitions.Definitions(bad)
    window.definitions_for = lambda lang: damaged
    _search(qtbot, window, "???")
    _click_word(qtbot, window, window.anagram_results, "CAT")
    text = window.definition_text()
    assert text.startswith("Definitions cannot be shown: definitions file")
    assert "definitions.tsv.gz" in text and "damaged" in text
    _click_word(qtbot, window, window.anagram_results, "ACT")  # still the window, same note
    assert window.definition_text() == text
