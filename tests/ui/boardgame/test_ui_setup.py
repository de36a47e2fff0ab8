"""The setup dialog: a seat left without its mascot (taken by a drag to another seat) stops
the game from starting; every player type and every validation message is shown whole."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from wordbler.ui.boardgame.mascots import mascot_names
from wordbler.ui.boardgame.mime import mascot_mime
from wordbler.ui.boardgame.setup import SetupDialog

from tests.ui.boardgame.test_ui_screens import text_problems
from tests.ui.conftest import send_drop


def make(qtbot) -> SetupDialog:
    dlg = SetupDialog()
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg


def test_a_seat_whose_mascot_was_dragged_away_cannot_start(qtbot):
    dlg = make(qtbot)
    b0, b1 = dlg.boxes[:2]
    assert dlg.start_button.isEnabled()
    taken = b0.mascot()
    # drag player 1's mascot onto player 2: player 1 has none now
    assert send_drop(b1, mascot_mime(taken))
    assert b1.mascot() == taken and b0.mascot() is None
    assert not dlg.start_button.isEnabled()
    assert "Player 1" in dlg.problem.text() and "mascot" in dlg.problem.text()
    assert b0.name_error.isVisible() and "mascot" in b0.name_error.text()
    accepted = []
    dlg.accepted.connect(lambda: accepted.append(True))
    qtbot.mouseClick(dlg.start_button, Qt.MouseButton.LeftButton)
    dlg.buttons.accepted.emit()  # even Enter (the default button's signal) does not start
    assert not accepted and dlg.isVisible()
    # give player 1 another mascot: the game can start
    other = next(m for m in mascot_names() if m not in dlg.mascots())
    assert send_drop(b0, mascot_mime(other))
    assert dlg.start_button.isEnabled() and dlg.problem.text() == ""
    assert not b0.name_error.isVisible()
    # undo the pick (Ctrl+Z): player 1 is without a mascot again, and cannot start
    dlg.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dlg)
    qtbot.keyClick(dlg, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: b0.mascot() is None)  # the button's key clicks it (animated)
    assert not dlg.start_button.isEnabled()
    qtbot.keyClick(dlg, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: b0.mascot() == taken)
    assert dlg.start_button.isEnabled()


def test_a_hidden_seat_needs_no_mascot(qtbot):
    dlg = make(qtbot)
    dlg.count.setValue(4)
    b3 = dlg.boxes[3]
    assert send_drop(dlg.boxes[0], mascot_mime(b3.mascot()))
    assert b3.mascot() is None and not dlg.start_button.isEnabled()
    dlg.count.setValue(3)  # the fourth seat is not played: its mascot does not matter
    assert dlg.start_button.isEnabled()


def test_every_player_type_and_message_is_shown_whole(qtbot):
    dlg = make(qtbot)
    dlg.count.setValue(4)
    for box in dlg.boxes:
        assert box.kind.count() >= 1
        box.kind.setCurrentIndex(box.kind.count() - 1)
    dlg.boxes[1].name_edit.setText(dlg.boxes[0].name_edit.text())
    dlg.boxes[2].name_edit.setText("")
    send_drop(dlg.boxes[3], mascot_mime(dlg.boxes[0].mascot()))
    assert not dlg.start_button.isEnabled()
    qtbot.wait(50)
    assert text_problems(dlg) == []
    dlg.resize(800, 500)  # the smallest screen: the form scrolls, nothing is cut
    qtbot.waitUntil(lambda: dlg.height() <= 500)
    qtbot.wait(50)
    assert text_problems(dlg) == []
