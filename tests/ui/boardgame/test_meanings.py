"""Meaning of WORD from the last-move recap (the hand-off screen and the side recap), the hint
list and the game-over screen, driven through the real widgets (their context menus and
buttons): each opens the word judge with the word looked up; an inflected word (RAN) shows
the gloss of its base form (RUN); a valid word without a definition says so; a game in
another language says meanings are for English only; no rack is revealed."""

from __future__ import annotations

import wordbler.ui  # noqa: F401  (the PySide6 refcount guard, before PySide6)

from PySide6.QtCore import Qt

from wordbler.boardgame.model import Coord
from wordbler.ui.boardgame.judge import WordJudgeDialog

from ..conftest import Words

SEED = 40  # Ann (first to play) draws AANTAUR: she can play RAN, and AUN (no definition)
RUN_GLOSS = "move fast by using one's feet"


def _judge_text(qtbot, window, word: str) -> str:
    qtbot.waitUntil(lambda: window.judge_dialog is not None
                    and window.judge_dialog.entry.text() == word, timeout=20000)
    dlg = window.judge_dialog
    qtbot.waitUntil(lambda: bool(dlg.verdicts) and "Looking up" not in dlg.result_text(),
                    timeout=20000)
    return dlg.result_text()


def _menu_action(menu, text: str):
    found = [a for a in menu.actions() if a.text() == text]
    assert len(found) == 1, [a.text() for a in menu.actions()]
    return found[0]


def _play_ran(d) -> None:
    d.reveal()
    assert "R" in d.rack_letters() and "N" in d.rack_letters()
    d.place([("R", Coord(7, 7)), ("A", Coord(7, 8)), ("N", Coord(7, 9))])
    d.done()
    assert d.game.history[-1].breakdown.words[0].word == "RAN"


def test_the_hand_off_recap_offers_the_meanings_of_the_last_moves_words(driver, qtbot):
    d = driver(seed=SEED, lexicon=Words({"RAN", "AUN"}))
    assert d.game.players[d.game.current].name == "Ann"
    handoff = d.window.table.handoff
    # the draw for first play formed no word: nothing to look up
    assert handoff.words == [] and not handoff.meanings.isVisible()
    _play_ran(d)
    # Bob's hand-off: the recap of Ann's move, with its word to look up
    assert handoff.isVisible() and d.session.handoff
    assert handoff.words == ["RAN"]
    assert handoff.meanings.isVisible()
    assert [a.text() for a in handoff.meanings.menu().actions()] == ["Meaning of RAN"]
    # right-click the panel: the same words in a context menu
    handoff.customContextMenuRequested.emit(handoff.rect().center())
    menu = handoff.context_menu
    assert menu is not None
    _menu_action(menu, "Meaning of RAN").trigger()
    text = _judge_text(qtbot, d.window, "RAN")
    assert "RAN — VALID" in text
    assert "base form of RAN" in text and RUN_GLOSS in text  # inflected -> base (RUN)
    # the look-up revealed nothing: Bob's tiles are still covered, and not in the judge
    assert d.session.handoff and handoff.isVisible()
    assert d.rack_letters() not in text
    # the button's menu looks up the same way
    d.window.judge_dialog.entry.clear()
    _menu_action(handoff.meanings.menu(), "Meaning of RAN").trigger()
    assert RUN_GLOSS in _judge_text(qtbot, d.window, "RAN")


def test_the_hint_list_looks_up_a_rows_words_and_forgets_them_after_the_turn(driver, qtbot):
    d = driver(seed=SEED, lexicon=Words({"RAN", "AUN"}))
    w = d.window
    d.reveal()
    d.click(w.table.hint_button)
    panel = w.table.hint_panel
    qtbot.waitUntil(lambda: panel.isVisible() and not w.hints.busy and bool(panel.groups),
                    timeout=30000)
    words = [g.best.words[0] for g in panel.groups]
    assert set(words) == {"RAN", "AUN"}
    assert not panel.meaning_button.isEnabled()  # no row chosen yet

    def row_item(word):
        return panel.item(words.index(word))

    # right-click a row: "Meaning of WORD" for the words its move forms
    tree = panel.tree
    tree.customContextMenuRequested.emit(tree.visualItemRect(row_item("AUN")).center())
    _menu_action(panel.context_menu, "Meaning of AUN").trigger()
    text = _judge_text(qtbot, w, "AUN")
    assert "AUN — VALID" in text and "No definition found for AUN." in text
    # choose a row: the Meaning… button offers its words
    tree.setCurrentItem(row_item("RAN"))
    assert panel.meaning_button.isEnabled()
    _menu_action(panel.meaning_button.menu(), "Meaning of RAN").trigger()
    text = _judge_text(qtbot, w, "RAN")
    assert "base form of RAN" in text and RUN_GLOSS in text
    # play it: the turn ends, and the hinted word is no longer on show for the next player
    d.click(panel.play_button)
    qtbot.waitUntil(lambda: d.session.handoff)
    dlg = w.judge_dialog
    assert dlg.verdicts == [] and dlg.entry.text() == ""
    assert "RAN" not in dlg.result_text()


def test_the_game_over_screen_lists_the_words_of_the_game_to_look_up(driver, qtbot):
    d = driver(seed=SEED, lexicon=Words({"RAN", "AUN"}))
    w = d.window
    _play_ran(d)
    s = d.session
    while not s.is_over:  # six scoreless turns end the game
        if s.handoff:
            s.reveal()
        s.pass_turn()
    qtbot.waitUntil(lambda: w.game_over_dialog is not None and w.game_over_dialog.isVisible())
    over = w.game_over_dialog
    # Ann's best move first (★), then every word played
    assert over.word_list() == ["RAN", "RAN"]
    assert over.words.topLevelItem(0).text(0) == "★ RAN"
    assert over.words.topLevelItem(0).text(1) == "Ann"
    assert not over.meaning_button.isEnabled()
    over.words.setCurrentItem(over.words.topLevelItem(1))
    assert over.meaning_button.toolTip() == "Meaning of RAN"
    qtbot.mouseClick(over.meaning_button, Qt.MouseButton.LeftButton)
    text = _judge_text(qtbot, w, "RAN")
    assert "base form of RAN" in text and RUN_GLOSS in text
    # the judge belongs to the (modal) game-over screen, so it is not blocked by it
    assert w.judge_dialog.parentWidget() is over and w.judge_dialog.isVisible()
    # right-click a word: the same
    w.judge_dialog.entry.clear()
    over.words.customContextMenuRequested.emit(
        over.words.visualItemRect(over.words.topLevelItem(0)).center())
    _menu_action(over.context_menu, "Meaning of RAN").trigger()
    assert RUN_GLOSS in _judge_text(qtbot, w, "RAN")


def test_a_game_without_plays_says_so_on_the_game_over_screen(driver, qtbot):
    d = driver(seed=SEED, lexicon=Words({"RAN"}))
    s = d.session
    while not s.is_over:
        if s.handoff:
            s.reveal()
        s.pass_turn()
    qtbot.waitUntil(lambda: d.window.game_over_dialog is not None
                    and d.window.game_over_dialog.isVisible())
    over = d.window.game_over_dialog
    assert over.word_list() == []
    assert over.words_label.text() == "No word was played in this game."
    assert not over.meaning_button.isVisible()


def test_meanings_are_for_english_only_in_another_language(qtbot):
    dlg = WordJudgeDialog({"КОТ"}, "ru")
    qtbot.addWidget(dlg)
    dlg.show()
    with qtbot.waitSignal(dlg.judged, timeout=20000):
        dlg.look_up("кот")
    assert dlg.verdicts == [("КОТ", True)]
    text = dlg.result_text()
    assert "КОТ — VALID" in text
    assert "Meanings are available for English words only." in text
    # an invalid word alone: its verdict and nothing else
    with qtbot.waitSignal(dlg.judged, timeout=20000):
        dlg.look_up("кто")
    assert dlg.result_text().strip() == "КТО — NOT VALID"


def test_the_side_recap_against_the_computer_offers_the_meanings(driver, qtbot):
    from wordbler.boardgame.game import PlayerSpec

    d = driver(seed=SEED, lexicon=Words({"RAN", "AUN"}),
               players=(PlayerSpec("Ann", "fox"), PlayerSpec("Robo", "owl", "beginner")))
    w = d.window
    g = d.game
    qtbot.waitUntil(lambda: not d.session.handoff and g.current == 0, timeout=20000)
    d.place([("R", Coord(7, 7)), ("A", Coord(7, 8)), ("N", Coord(7, 9))])
    d.done()
    # the computer answers; Ann (the only human) sees the last moves beside the buttons
    qtbot.waitUntil(lambda: len(g.history) >= 2 and g.current == 0
                    and not w.computer.busy and not d.session.handoff, timeout=30000)
    label = w.table.recap_label
    assert label.isVisible() and "RAN" in label.text()
    label.customContextMenuRequested.emit(label.rect().center())
    menu = w.recap_menu
    assert menu is not None
    _menu_action(menu, "Meaning of RAN").trigger()
    assert RUN_GLOSS in _judge_text(qtbot, w, "RAN")
