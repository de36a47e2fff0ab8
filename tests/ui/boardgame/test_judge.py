"""Game > Word judge… (Ctrl+J) and "Meaning of WORD" in the score history, driven by keys and
the context menu's action: verdicts against the game's own word list, meanings for valid
English words only (the bundled WordNet file), never a rack."""

from __future__ import annotations

import wordbler.ui  # noqa: F401  (the PySide6 refcount guard, before PySide6)

from PySide6.QtCore import Qt

from wordbler.ui.boardgame.judge import WordJudgeDialog, game_lang, split_words

from ..conftest import Words


def _open_judge(qtbot, window) -> WordJudgeDialog:
    with qtbot.waitActive(window):
        window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.judge_dialog is not None and window.judge_dialog.isVisible())
    return window.judge_dialog


def _type_and_enter(qtbot, dlg: WordJudgeDialog, text: str) -> None:
    dlg.entry.clear()
    qtbot.keyClicks(dlg.entry, text)
    with qtbot.waitSignal(dlg.judged, timeout=20000):
        qtbot.keyClick(dlg.entry, Qt.Key.Key_Return)


def test_split_words_takes_spaces_and_commas_once_each():
    assert split_words(" cat,dog  Cat ,, emu ") == ["CAT", "DOG", "EMU"]
    assert split_words("  ") == []


def test_the_judge_says_valid_and_not_valid_with_meanings_for_valid_words_only(driver, qtbot):
    d = driver(lexicon=Words({"CAT", "RUNNING", "QZXV"}))
    dlg = _open_judge(qtbot, d.window)
    assert not dlg.isModal()
    assert game_lang(d.game.lexicon, d.game.rules.tiles) == "en"
    _type_and_enter(qtbot, dlg, "cat, dogz running")
    assert dlg.verdicts == [("CAT", True), ("DOGZ", False), ("RUNNING", True)]
    text = dlg.result_text()
    assert "CAT — VALID" in text and "DOGZ — NOT VALID" in text and "RUNNING — VALID" in text
    assert "feline mammal" in text  # CAT's WordNet gloss
    assert "base form of RUNNING" in text  # inflected -> base (RUN)
    # the invalid word gets nothing but its verdict: the text after it is the next verdict
    after = text.split("DOGZ — NOT VALID", 1)[1].strip()
    assert after.startswith("RUNNING — VALID")
    assert "No definition found for DOGZ" not in text
    # a valid word without a meaning says so
    _type_and_enter(qtbot, dlg, "qzxv")
    assert dlg.verdicts == [("QZXV", True)]
    assert "No definition found for QZXV." in dlg.result_text()
    # an invalid word alone: its verdict and nothing else
    _type_and_enter(qtbot, dlg, "dogz")
    assert dlg.result_text().strip() == "DOGZ — NOT VALID"
    # no rack letters anywhere in the dialog
    assert d.rack_letters() not in dlg.result_text()


def test_a_game_without_a_word_list_says_so(driver, qtbot):
    d = driver(lexicon=None)
    dlg = _open_judge(qtbot, d.window)
    assert WordJudgeDialog.no_lexicon_text() in dlg.result_text()
    assert not dlg.entry.isEnabled()


def test_meaning_of_a_word_from_the_score_history_context_menu(driver, qtbot):
    words = Words({"CAT"})
    d = driver(lexicon=words)
    d.reveal()
    a, b = d.place_opening(words)
    d.done()
    played = a.letter + b.letter
    assert d.game.history and d.game.history[-1].breakdown is not None
    d.window.show_history(None)
    hist = d.window.history_dialog
    tree = hist.tree
    item = tree.topLevelItem(0)
    pos = tree.visualItemRect(item).center()
    tree.customContextMenuRequested.emit(pos)
    menu = hist.context_menu
    assert menu is not None
    actions = [act for act in menu.actions() if act.text() == f"Meaning of {played}"]
    assert len(actions) == 1
    actions[0].trigger()
    qtbot.waitUntil(lambda: d.window.judge_dialog is not None
                    and d.window.judge_dialog.verdicts == [(played, True)], timeout=20000)
    dlg = d.window.judge_dialog
    qtbot.waitUntil(lambda: "Looking up" not in dlg.result_text(), timeout=20000)
    assert f"{played} — VALID" in dlg.result_text()
    assert dlg.entry.text() == played
    # the same dialog again, for a typed word
    _type_and_enter(qtbot, dlg, "cat")
    assert d.window.judge_dialog is dlg
    assert "feline mammal" in dlg.result_text()


def test_the_help_names_the_word_judge(driver, qtbot):
    from wordbler.ui.boardgame.dialogs import help_markdown

    d = driver(lexicon=Words())
    text = help_markdown(d.session.rules)
    assert "Word judge" in text and "Ctrl+J" in text and "Meaning of WORD" in text


def test_the_judge_reads_yo_as_ye_in_a_russian_word_list(qtbot):
    """The Russian list is kept with Ё folded to Е (the tiles have no Ё): ёлка is judged
    as ЕЛКА, the way the board plays it; a Latin word is simply not valid."""
    from wordbler.boardgame.rules import board_alphabet
    from wordbler.lexicon import WordList

    words = WordList.from_words(["ЕЛКА", "КОТ"], board_alphabet("ru"))  # as a Russian game has
    dlg = WordJudgeDialog(words, "ru")
    qtbot.addWidget(dlg)
    dlg.show()
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    dlg.entry.setFocus()
    for ch in "ёлка кот cat":  # key events carrying the text (QTest types ASCII only)
        for kind in (QKeyEvent.Type.KeyPress, QKeyEvent.Type.KeyRelease):
            QApplication.sendEvent(dlg.entry, QKeyEvent(kind, Qt.Key.Key_unknown,
                                                        Qt.KeyboardModifier.NoModifier, ch))
    assert dlg.entry.text() == "ёлка кот cat"
    with qtbot.waitSignal(dlg.judged, timeout=20000):
        qtbot.keyClick(dlg.entry, Qt.Key.Key_Return)
    assert dlg.verdicts == [("ЁЛКА", True), ("КОТ", True), ("CAT", False)]
