"""The table from the keyboard only: undo and redo by their keys (one action per key), Esc
and Backspace wherever the focus is, Tab round the rack, board and buttons, the rack's own
keys, the hint list, Help (F1), and a whole game played without the mouse."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from wordbler.boardgame.game import PlayerSpec
from wordbler.boardgame.model import Coord, EndReason, TurnKind
from wordbler.ui.boardgame.animation import Speed
from wordbler.ui.boardgame.config import GameConfig
from wordbler.ui.boardgame.mainwindow import MainWindow

from tests.ui.conftest import Words

H8, I8, J8 = Coord(7, 7), Coord(7, 8), Coord(7, 9)
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
NONE = Qt.KeyboardModifier.NoModifier


def press(qtbot, key, modifier=NONE) -> None:
    """A key pressed by a person: it goes to whatever has the focus."""
    target = QApplication.focusWidget()
    assert target is not None, "nothing has the keyboard focus"
    qtbot.keyClick(target, key, modifier)


def answer(qtbot, box: QMessageBox, which) -> None:
    """Answer a question with the keyboard: Tab to the button, then Space."""
    button = box.button(which)
    _active(qtbot, box)  # a window manager gives a new dialog the focus
    for _ in range(6):
        if QApplication.focusWidget() is button:
            break
        press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is button, "Tab never reached the button"
    press(qtbot, Qt.Key.Key_Space)


def _active(qtbot, w) -> None:
    """``w`` is the active window (shortcuts and keys go there), as a window manager makes
    a window that opens or is clicked."""
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)


def _take_seat(qtbot, w) -> None:
    """The next player takes the seat with Enter on the hand-off (which has the focus)."""
    qtbot.waitUntil(lambda: w.table.handoff.isVisible())
    if QApplication.activeWindow() is not w:  # a question just closed: the window is back
        _active(qtbot, w)
    assert QApplication.focusWidget() is w.table.handoff.button
    press(qtbot, Qt.Key.Key_Return)
    assert not w.session.handoff


def _letters(s, n: int) -> list[str]:
    return [t.letter for t in s.rack_tiles() if not t.is_blank][:n]


# ---------------------------------------------------------------------------------- item 4
def test_every_key_sequence_belongs_to_one_action(make_window):
    """"Ambiguous shortcut overload": Redo listed Ctrl+Shift+Z twice (the platform's Redo is
    the same key on X11).  No key may reach two actions (nor one action twice)."""
    w = make_window()
    seen: dict[str, str] = {}
    for action in w.findChildren(QAction):
        if not action.associatedObjects():
            continue  # not in any menu or widget: no key reaches it
        for key in action.shortcuts():
            text = key.toString()
            assert text not in seen, f"{text} is both {seen[text]!r} and {action.text()!r}"
            seen[text] = action.text()
    redo = [k.toString() for k in w.redo_action.shortcuts()]
    assert "Ctrl+Shift+Z" in redo and "Ctrl+Y" in redo
    # a new game makes new undo actions: the old ones take no key with them
    w.start_game(w.config)
    again = [a for a in w.findChildren(QAction)
             if a.associatedObjects() and QKeySequence("Ctrl+Y") in a.shortcuts()]
    assert again == [w.redo_action]


@pytest.mark.parametrize("redo_key", [(Qt.Key.Key_Z, CTRL | SHIFT), (Qt.Key.Key_Y, CTRL)],
                         ids=["Ctrl+Shift+Z", "Ctrl+Y"])
def test_undo_and_redo_from_the_keyboard(driver, qtbot, qtlog, redo_key):
    d = driver()
    w = d.window
    _active(qtbot, w)
    _take_seat(qtbot, w)
    a, b = _letters(d.session, 2)
    press(qtbot, a.lower())
    press(qtbot, b.lower())
    assert d.session.pending_at(H8).letter == a and d.session.pending_at(I8).letter == b
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert d.session.pending_at(I8) is None
    press(qtbot, *redo_key)
    assert d.session.pending_at(I8) is not None and d.session.pending_at(I8).letter == b
    press(qtbot, Qt.Key.Key_Z, CTRL)
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert not d.session.pending()
    press(qtbot, *redo_key)
    press(qtbot, *redo_key)
    assert {p.coord for p in d.session.pending()} == {H8, I8}
    assert not [r for r in qtlog.records if "mbiguous" in r.message]


def test_the_typing_cursor_follows_undo_and_redo(driver, qtbot):
    # Ctrl+Z took the last typed tile back but left the cursor after it, so the letter
    # typed again went one square further, leaving a gap (Backspace moved the cursor back)
    d = driver()
    w, s = d.window, d.session
    _active(qtbot, w)
    _take_seat(qtbot, w)
    a, b, c = _letters(s, 3)
    for ch in (a, b, c):
        press(qtbot, ch.lower())
    K8 = Coord(7, 10)
    assert w.board.cursor == K8
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert s.pending_at(J8) is None and w.board.cursor == J8
    press(qtbot, Qt.Key.Key_Z, CTRL | SHIFT)  # redo puts it back, and the cursor past it
    assert s.pending_at(J8).letter == c and w.board.cursor == K8
    press(qtbot, Qt.Key.Key_Z, CTRL)
    press(qtbot, c.lower())  # typed again: on J8, no gap
    assert {p.coord for p in s.pending()} == {H8, I8, J8} and w.board.cursor == K8


# ---------------------------------------------------------------------------------- item 5
def test_escape_and_backspace_work_wherever_the_focus_is(driver, qtbot):
    d = driver()
    w, s = d.window, d.session
    _active(qtbot, w)
    _take_seat(qtbot, w)
    letters = _letters(s, 3)
    for ch in letters:
        press(qtbot, ch.lower())
    assert len(s.pending()) == 3
    # the focus leaves the board: Tab to the buttons
    press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is w.table.done_button
    press(qtbot, Qt.Key.Key_Backspace)
    assert s.pending_at(J8) is None and len(s.pending()) == 2
    press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is w.table.recall_button
    press(qtbot, Qt.Key.Key_Escape)
    assert not s.pending() and len(s.rack_tiles()) == 7
    # and from the rack
    press(qtbot, Qt.Key.Key_B, CTRL)  # a key nobody uses changes nothing
    w.table.rack.setFocus()
    d.drop_on_square(s.rack_tiles()[0].id, H8)
    assert QApplication.focusWidget() is w.table.rack
    press(qtbot, Qt.Key.Key_Escape)
    assert not s.pending()


def test_tab_goes_round_rack_board_and_buttons(driver, qtbot):
    d = driver()
    w, s = d.window, d.session
    t = w.table
    _active(qtbot, w)
    _take_seat(qtbot, w)
    assert QApplication.focusWidget() is t.board
    press(qtbot, s.rack_tiles()[0].letter.lower() if not s.rack_tiles()[0].is_blank
          else _letters(s, 1)[0].lower())  # a tile on the board: Done and Recall come on
    order = []
    for _ in range(9):
        press(qtbot, Qt.Key.Key_Tab)
        order.append(QApplication.focusWidget())
    enabled = [b for b in t.all_buttons if b.isEnabled()]
    assert order[:len(enabled)] == enabled, [type(o).__name__ for o in order]
    assert order[len(enabled)] is t.rack and order[len(enabled) + 1] is t.board
    while QApplication.focusWidget() is not t.board:
        press(qtbot, Qt.Key.Key_Tab)
    press(qtbot, Qt.Key.Key_Backtab, SHIFT)
    assert QApplication.focusWidget() is t.rack


def test_the_rack_from_the_keyboard(driver, qtbot):
    d = driver()
    w, s = d.window, d.session
    rack = w.table.rack
    _active(qtbot, w)
    _take_seat(qtbot, w)
    press(qtbot, Qt.Key.Key_Backtab, SHIFT)  # board -> rack
    assert QApplication.focusWidget() is rack and rack.key_tile() == s.rack_tiles()[0].id
    first, second = s.rack_tiles()[:2]
    # Space marks the chosen tile for exchange; Right chooses the next one
    press(qtbot, Qt.Key.Key_Space)
    press(qtbot, Qt.Key.Key_Right)
    press(qtbot, Qt.Key.Key_Space)
    assert s.marked == {first.id, second.id}
    press(qtbot, Qt.Key.Key_Space)
    assert s.marked == {first.id}
    # Shift+Right moves the chosen tile along the rack (an undoable step)
    press(qtbot, Qt.Key.Key_Home)
    press(qtbot, Qt.Key.Key_Right, SHIFT)
    assert [t.id for t in s.rack_tiles()][:2] == [second.id, first.id]
    assert rack.key_tile() == first.id
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert [t.id for t in s.rack_tiles()][:2] == [first.id, second.id]
    # a letter chooses the tile showing it
    last = s.rack_tiles()[-1]
    if not last.is_blank:
        press(qtbot, last.letter.lower())
        assert s.tile(rack.key_tile()).letter == last.letter


def test_help_lists_the_keys(make_window, qtbot):
    w = make_window()
    _active(qtbot, w)
    press(qtbot, Qt.Key.Key_F1)
    dlg = w.help_dialog
    assert dlg is not None and dlg.isVisible()
    text = dlg.text.toPlainText()
    for key in ("Esc", "Backspace", "Tab", "Ctrl+Enter", "Ctrl+E", "Ctrl+P", "Ctrl+R", "?",
                "Ctrl+Shift+Z", "Ctrl+Y", "Space", "Shift+Left", "F1", "8H CAT"):
        assert key in text, key
    _active(qtbot, dlg)
    press(qtbot, Qt.Key.Key_Escape)
    assert not dlg.isVisible()


HINT_WORDS = frozenset({"AT", "TA", "IT", "TI", "ON", "NO", "TO", "OE", "EAT", "TEA", "ATE",
                        "RAT", "TAR", "ART", "ONE", "EON", "TEN", "NET", "SIT", "ITS", "TIS",
                        "SAT", "AS", "IS", "OR", "RE", "ER", "ES", "DO", "GO", "IN", "AN",
                        "AND", "END", "DEN", "RED", "LED", "OLD", "SOD", "NOD", "GOD", "DOG",
                        "RAIN", "TRAIN", "STAIN", "SAINT", "SATIN", "STONE", "NOTES", "ONSET",
                        "TONES", "RATE", "TEAR", "STARE", "ASTER", "RATES", "DATE", "LATE"})


def _window(qtbot, players, lexicon, seed=7, size=(1100, 800)):
    config = GameConfig(tuple(players), "standard", lexicon, "test words", seed)
    w = MainWindow(config, Speed.OFF)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_the_hint_list_from_the_keyboard(qtbot):
    w = _window(qtbot, (PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl")), HINT_WORDS)
    s = w.session
    panel = w.table.hint_panel
    _active(qtbot, w)
    _take_seat(qtbot, w)
    press(qtbot, Qt.Key.Key_Question, SHIFT)
    qtbot.waitUntil(lambda: panel.isVisible() and not w.hints.busy and bool(panel.rows),
                    timeout=30000)
    assert QApplication.focusWidget() is panel.tree, "the list takes the focus"
    press(qtbot, Qt.Key.Key_Down)  # the first move, on the board
    first = panel.rows[0]
    assert {p.coord for p in s.pending()} == {p.coord for p in first.placements}
    assert first.words[0] in w.table.preview_label.text()
    if len(panel.groups) > 1:
        press(qtbot, Qt.Key.Key_Down)  # the next word
        second = panel.groups[1].best
        assert {p.coord for p in s.pending()} == {p.coord for p in second.placements}
        press(qtbot, Qt.Key.Key_Up)
    # Esc closes the list (the tiles stay), the focus goes back to the board
    press(qtbot, Qt.Key.Key_Escape)
    assert not panel.isVisible() and QApplication.focusWidget() is w.board
    assert {p.coord for p in s.pending()} == {p.coord for p in first.placements}
    # asked again: the same list, no new charge; Enter plays the chosen move
    press(qtbot, Qt.Key.Key_Question, SHIFT)
    qtbot.waitUntil(lambda: panel.isVisible() and bool(panel.rows))
    press(qtbot, Qt.Key.Key_Down)
    press(qtbot, Qt.Key.Key_Return)
    played = s.game.history[-1]
    assert played.kind is TurnKind.PLAY and played.score == first.score
    assert sum(1 for r in s.game.history if r.kind is TurnKind.HINT) == 1


def test_a_whole_game_without_the_mouse(qtbot):
    words = Words()
    w = _window(qtbot, (PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl")), words, seed=12)
    s, g = w.session, w.session.game
    _active(qtbot, w)
    # turn 1: type a word at the star, take a tile back and type it again, Enter plays it
    _take_seat(qtbot, w)
    a, b = _letters(s, 2)
    words.add(a + b)
    press(qtbot, a.lower())
    press(qtbot, b.lower())
    press(qtbot, Qt.Key.Key_Backspace)
    assert s.pending_at(I8) is None
    press(qtbot, b.lower())
    press(qtbot, Qt.Key.Key_Return)
    assert g.history[-1].kind is TurnKind.PLAY and g.history[-1].move is not None
    # turn 2: mark two tiles on the rack, Ctrl+E, and say yes with the keyboard
    _take_seat(qtbot, w)
    press(qtbot, Qt.Key.Key_Backtab, SHIFT)
    press(qtbot, Qt.Key.Key_Space)
    press(qtbot, Qt.Key.Key_Right)
    press(qtbot, Qt.Key.Key_Space)
    press(qtbot, Qt.Key.Key_E, CTRL)
    box = w.exchange_box
    assert box is not None and box.isVisible()
    answer(qtbot, box, QMessageBox.StandardButton.Yes)
    assert g.history[-1].kind is TurnKind.EXCHANGE and len(g.history[-1].move.exchanged) == 2
    # then passes (Ctrl+P, asked, answered by keys) until six scoreless turns end the game;
    # the first one is declined with Esc
    _take_seat(qtbot, w)
    press(qtbot, Qt.Key.Key_P, CTRL)
    _active(qtbot, w.pass_box)
    press(qtbot, Qt.Key.Key_Escape)
    assert g.history[-1].kind is TurnKind.EXCHANGE
    while not g.is_over:
        if s.handoff:
            _take_seat(qtbot, w)
        elif QApplication.activeWindow() is not w:  # the question closed: the window is back
            _active(qtbot, w)
        press(qtbot, Qt.Key.Key_P, CTRL)
        answer(qtbot, w.pass_box, QMessageBox.StandardButton.Yes)
    assert g.outcome.reason is EndReason.FAIL_LIMIT
    qtbot.waitUntil(lambda: w.game_over_dialog is not None and w.game_over_dialog.isVisible())
    _active(qtbot, w.game_over_dialog)
    press(qtbot, Qt.Key.Key_Escape)
    assert not w.game_over_dialog.isVisible()


def _mnemonic(text: str) -> str | None:
    """The menu key of a menu text: the letter after its single "&", or None."""
    plain = text.replace("&&", "\0\0")
    i = plain.find("&")
    return plain[i + 1].casefold() if 0 <= i < len(plain) - 1 else None


def _menus(menu, path: str):
    """``menu`` and every submenu in it, with a path for messages."""
    yield path, menu
    for a in menu.actions():
        if a.menu() is not None:
            yield from _menus(a.menu(), f"{path} > {a.text()}")


def test_each_menu_key_opens_one_item_of_its_menu(make_window):
    """Alt+F then R highlighted "Open recent" and "Replay this game" in turn, Alt+G then S
    "Scoreboard" and the suite's "Start page"; the animation speeds and the volumes had no
    key at all."""
    from wordbler.ui.start import Launcher

    w = make_window()
    Launcher().install_game_menu(w)  # the suite's entries, as the app's windows have them
    checked = 0
    for bar_action in w.menuBar().actions():
        for path, menu in _menus(bar_action.menu(), bar_action.text()):
            items = [a for a in menu.actions() if not a.isSeparator() and a.isVisible()]
            keys = [k for k in (_mnemonic(a.text()) for a in items) if k]
            assert len(keys) == len(set(keys)), f"{path}: {[a.text() for a in items]}"
            # every item of the board game's own has a key (not a placeholder such as "No
            # recent files", nor the suite's games, which the suite names)
            for a in items:
                if a.isEnabled() and not a.objectName().startswith("game-menu-"):
                    assert _mnemonic(a.text()), f"{path} > {a.text()} has no menu key"
            checked += 1
    assert checked >= 10  # File, Open recent, Resume, Game, Turn, Edit, View and its submenus


def test_tab_leaves_the_scoreboard_for_its_close_button(make_window, qtbot):
    """Tab only went from cell to cell of the scoreboard: Close was out of the keyboard's
    reach."""
    from PySide6.QtWidgets import QDialogButtonBox

    w = make_window()
    w.scoreboard_action.trigger()  # Game > Scoreboard
    dlg = w.scoreboard_dialog
    qtbot.waitExposed(dlg)
    close = dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    dlg.table.setFocus()
    qtbot.keyClick(dlg.table, Qt.Key.Key_Tab)
    assert dlg.focusWidget() is close
    qtbot.keyClick(close, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    assert dlg.focusWidget() is dlg.table
    qtbot.keyClick(dlg.table, Qt.Key.Key_Tab)
    qtbot.keyClick(close, Qt.Key.Key_Space)  # and Close closes it
    assert not dlg.isVisible()


@pytest.mark.parametrize("key", [Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space],
                         ids=["Return", "Enter", "Space"])
def test_enter_on_a_letter_of_the_blank_chooser_chooses_it(make_window, qtbot, key):
    """Tab from A to B and Enter cancelled the chooser: the blank went back to the rack."""
    from wordbler.ui.boardgame.dialogs import WildcardDialog

    w = make_window()
    dlg = WildcardDialog(w, w.theme, w.session.game.rules.alphabet)
    chosen, results = [], []
    dlg.letter_chosen.connect(chosen.append)
    dlg.finished.connect(results.append)
    dlg.open()
    qtbot.waitExposed(dlg)
    dlg.buttons["A"].setFocus()
    qtbot.keyClick(dlg.buttons["A"], Qt.Key.Key_Tab)
    assert dlg.focusWidget() is dlg.buttons["B"]
    qtbot.keyClick(dlg.buttons["B"], key)
    assert chosen == ["B"] and results == [QDialog.DialogCode.Accepted]
