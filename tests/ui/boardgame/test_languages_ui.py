"""The board game's window in Russian and French: choose the language in the setup, type a
Russian word on the board with a Russian keyboard (the keys' text, Ё placed as Е), press
Done, see the score; the blank chooser offers the game's alphabet, unclipped."""

from __future__ import annotations

from itertools import permutations

import pytest

import wordbler.ui  # noqa: F401  (the PySide6 guard first)
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFontMetrics, QKeyEvent
from PySide6.QtWidgets import QApplication
from PySide6.QtWidgets import QApplication

from wordbler.boardgame.game import Game, PlayerSpec
from wordbler.boardgame.languages import load_bundled_words
from wordbler.boardgame.model import Coord, TurnKind
from wordbler.boardgame.rules import STANDARD, board_alphabet
from wordbler.ui.boardgame.animation import Speed
from wordbler.ui.boardgame.config import GameConfig
from wordbler.ui.boardgame.dialogs import WildcardDialog
from wordbler.ui.boardgame.mainwindow import MainWindow
from wordbler.ui.boardgame.setup import SetupDialog

RU = board_alphabet("ru")
H8 = Coord(7, 7)


@pytest.fixture(scope="module")
def russian_words():
    return load_bundled_words("ru")


def type_text(widget, text: str) -> None:
    """Key presses as a Russian keyboard layout sends them: each key's text is the Cyrillic
    character and its key code the upper-case letter's code point (what Qt reports for a
    non-Latin layout).  QTest.keyClicks cannot do this: it only knows Latin-1 characters
    (a Cyrillic one stops the program on an assertion in qasciikey.cpp)."""
    for ch in text:
        key = Qt.Key(ord(ch.upper()))
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier,
                                                     ch))


def _choose_language(qtbot, dlg: SetupDialog, code: str) -> None:
    """Pick a language in the combo box with the keyboard, as a person would."""
    combo = dlg.language
    combo.setFocus()
    for _ in range(combo.count()):
        if combo.currentData() == code:
            break
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentData() == code


def test_setup_offers_the_languages_and_makes_a_russian_game(qtbot, tmp_path):
    dlg = SetupDialog()
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    assert [dlg.language.itemData(i) for i in range(dlg.language.count())] == ["en", "ru", "fr"]
    assert dlg.bundled_radio.text() == "Bundled English word list"
    _choose_language(qtbot, dlg, "ru")
    assert dlg.bundled_radio.text() == "Bundled Russian word list"
    assert "104 tiles" in dlg.language_text.text() and "Ё is played as Е" in dlg.language_text.text()
    qtbot.mouseClick(dlg.start_button, Qt.MouseButton.LeftButton)
    config = dlg.config()
    assert config.language == "ru" and config.ruleset().tiles.language == "ru"
    assert "ЕЛКА" in config.lexicon and "Russian" in config.lexicon_label
    game = config.new_game()
    assert game.rules.alphabet == RU and game.tile_count() == 104


def test_a_word_list_file_is_read_in_the_chosen_language(qtbot, tmp_path):
    english = tmp_path / "english.txt"
    english.write_text("cat\ndog\n", encoding="utf-8")
    russian = tmp_path / "russian.txt"
    russian.write_text("кот\nёж\n", encoding="utf-8")
    dlg = SetupDialog()
    qtbot.addWidget(dlg)
    dlg.show()
    _choose_language(qtbot, dlg, "ru")
    assert not dlg.load_file(str(english))
    assert "Russian alphabet" in dlg.dict_status.text()
    assert not dlg.start_button.isEnabled()
    assert dlg.load_file(str(russian))
    assert dlg.start_button.isEnabled()
    # the same file under French: read again in that alphabet, and refused there
    _choose_language(qtbot, dlg, "fr")
    assert "French alphabet" in dlg.dict_status.text() and not dlg.start_button.isEnabled()
    # an English list works with the French tiles
    assert dlg.load_file(str(english))
    qtbot.mouseClick(dlg.start_button, Qt.MouseButton.LeftButton)
    config = dlg.config()
    assert config.language == "fr" and "CAT" in config.lexicon


def _seed_with_word(words) -> tuple[int, str]:
    """A seed whose first rack (no blank used) spells a 3-4 letter word of the list."""
    for seed in range(1, 300):
        g = Game(["Аня", "Боря"], rules=STANDARD.with_language("ru"), seed=seed)
        letters = [t.letter for t in g.rack() if not t.is_blank]
        for n in (4, 3):
            for p in permutations(letters, n):
                w = "".join(p)
                if w in words and "Е" in w:
                    return seed, w
    raise AssertionError("no seed")


def _open(qtbot, config) -> MainWindow:
    """The table window of ``config``, shown at 1024 x 700 and active (keys go to it)."""
    w = MainWindow(config, Speed.OFF)
    qtbot.addWidget(w)
    w.resize(1024, 700)
    w.show()
    qtbot.waitExposed(w)
    with qtbot.waitActive(w):
        w.activateWindow()
    return w


def test_type_a_russian_word_on_the_board(qtbot, russian_words):
    seed, word = _seed_with_word(russian_words)
    specs = (PlayerSpec("Аня", "fox"), PlayerSpec("Боря", "owl"))
    config = GameConfig(specs, "standard", russian_words, "Russian nouns", seed, language="ru")
    w = _open(qtbot, config)
    s = w.session
    assert s.game.rules.language == "ru"
    assert "(Russian)" in w.windowTitle()
    qtbot.mouseClick(w.table.handoff.button, Qt.MouseButton.LeftButton)
    assert not s.handoff
    # the rack shows Cyrillic letters with their values
    faces = [f for _i, f in w.rack._faces]
    assert all(f.letter in RU or f.blank for f in faces)
    assert all(f.value == s.game.rules.tiles.value(f.letter) for f in faces if not f.blank)
    # click the start square, then type the word in lower case on a Russian layout, with
    # Ё typed for Е (the keys' text: Qt sends the Cyrillic characters)
    qtbot.mouseClick(w.board.squares[H8], Qt.MouseButton.LeftButton)
    typed = word.lower().replace("е", "ё", 1)
    assert "ё" in typed
    type_text(w.board, typed)
    placed = "".join(s.pending_at(Coord(7, 7 + i)).letter for i in range(len(word)))
    assert placed == word  # Ё was placed as Е
    preview = s.game.preview(s.pending())
    assert preview.ok, preview.error
    w.table.done_button.setFocus()
    qtbot.mouseClick(w.table.done_button, Qt.MouseButton.LeftButton)
    last = s.game.history[-1]
    assert last.kind is TurnKind.PLAY and last.words[0].word == word
    assert last.score == preview.breakdown.total > 0
    mover = last.player
    qtbot.waitUntil(lambda: w.table.player_panels[mover].score.text() == str(last.score))


def test_accented_letters_typed_on_a_french_board_are_the_plain_letters(qtbot):
    # é, è, ê and ç (keys of a French layout) were ignored: the French board read only A-Z
    seed = next(seed for seed in range(1, 300)
                if {"E", "C"} <= {t.letter for t in Game(
                    ["Ann", "Bob"], rules=STANDARD.with_language("fr"), seed=seed).rack()})
    specs = (PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl"))
    w = _open(qtbot, GameConfig(specs, "standard", {"EC", "CE"}, "own", seed, language="fr"))
    s = w.session
    qtbot.mouseClick(w.table.handoff.button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(w.board.squares[H8], Qt.MouseButton.LeftButton)
    type_text(w.board, "éç")
    assert [s.pending_at(Coord(7, 7 + i)).letter for i in range(2)] == ["E", "C"]


def test_the_blank_chooser_offers_the_game_alphabet_unclipped(qtbot):
    dlg = WildcardDialog(None, alphabet=RU)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    assert list(dlg.buttons) == list(RU.letters) and len(dlg.buttons) == 32
    for ch, b in dlg.buttons.items():
        assert b.isVisible()
        fm = QFontMetrics(b.font())
        box = fm.boundingRect(ch)
        assert box.width() < b.width() - 4 and fm.height() < b.height(), ch
    # every button inside the dialog
    for b in dlg.buttons.values():
        top_left = b.mapTo(dlg, b.rect().topLeft())
        assert dlg.rect().contains(top_left) and dlg.rect().contains(
            b.mapTo(dlg, b.rect().bottomRight()))
    with qtbot.waitSignal(dlg.letter_chosen) as blocker:
        type_text(dlg, "ё")  # Ё typed names Е
    assert blocker.args == ["Е"]


def test_the_english_blank_chooser_is_as_it_was(qtbot):
    dlg = WildcardDialog(None)
    qtbot.addWidget(dlg)
    assert "".join(dlg.buttons) == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    with qtbot.waitSignal(dlg.letter_chosen) as blocker:
        qtbot.keyClicks(dlg, "q")
    assert blocker.args == ["Q"]


def test_a_resumed_russian_save_gets_the_russian_words(qtbot, tmp_path, russian_words):
    from wordbler.boardgame import savegame
    from wordbler.lexicon.dictionary import load_bundled
    from wordbler.ui.boardgame.config import lexicon_for_game

    g = Game(["Аня", "Боря"], rules=STANDARD.with_language("ru"), seed=3)
    g.pass_turn()
    path = tmp_path / "ru.gcg"
    savegame.save_game(g, path)
    english = load_bundled()
    back = savegame.load_game(path, english)
    lex, label = lexicon_for_game(back, english, "English")
    assert "ЕЛКА" in lex and "Russian" in label
    en_game = Game(["Ann", "Bob"], seed=3)
    assert lexicon_for_game(en_game, english, "English") == (english, "English")


def test_russian_vowels_in_the_unseen_tiles_and_cyrillic_undo_steps():
    from wordbler.boardgame.tracker import unseen_for
    from wordbler.ui.boardgame import autosave

    g = Game(["Аня", "Боря"], rules=STANDARD.with_language("ru"), seed=3)
    u = unseen_for(g, 0, g.rules.tiles.vowels)
    letters = dict(u.counts)
    assert g.rules.tiles.vowels == frozenset("АЕИОУЫЭЮЯ")
    assert u.vowels > 20 and u.consonants > 40, letters
    # a turn's undo steps in the autosave keep Cyrillic letters
    assert autosave._letter_parse("Ж") == "Ж" and autosave._letter_parse("-") is None
    with pytest.raises(ValueError):
        autosave._letter_parse("1")
