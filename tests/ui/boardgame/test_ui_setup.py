"""The setup dialog: a seat left without its mascot (taken by a drag to another seat) stops
the game from starting; every player type and every validation message is shown whole; a
head start typed in the dialog is the player's score from the start, in the score history,
the scoreboard and the game-over screen."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

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


# --------------------------------------------------------------------------- head start


def test_a_head_start_typed_in_new_game_is_the_players_score_from_the_start(qtbot, driver):
    """New game: click Bob's Head start box, type 20, one step up (25), start: Bob's score
    panel shows 25 before anyone has moved, and his score history begins with the head
    start."""
    from wordbler.ui.boardgame.setup import HEAD_START_MAX, HEAD_START_STEP

    d = driver(players=("Ann", "Bob"))
    w = d.window
    old_game = w.session.game
    w.new_action.trigger()
    qtbot.waitUntil(lambda: w.setup_dialog is not None and w.setup_dialog.isVisible())
    dlg = w.setup_dialog
    box = next(b for b in dlg.boxes if b.name() == "Bob")  # the table played before
    spin = box.head_start
    assert (spin.value(), spin.minimum(), spin.maximum(), spin.singleStep()) == (
        0, 0, HEAD_START_MAX, HEAD_START_STEP) == (0, 0, 200, 5)
    assert "starts the game with these points" in spin.toolTip()
    assert spin.isVisibleTo(dlg) and box.head_start_label.buddy() is spin
    d.click(spin)
    qtbot.waitUntil(spin.hasFocus)
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)  # select all
    qtbot.keyClicks(spin, "20")
    assert spin.value() == 20
    qtbot.keyClick(spin, Qt.Key.Key_Up)  # one step of 5
    assert spin.value() == 25
    assert all(b.head_start.value() == 0 for b in dlg.boxes if b is not box)
    d.click(dlg.start_button)
    qtbot.waitUntil(lambda: w.session.game is not old_game, timeout=20000)
    game = w.session.game
    assert not game.history
    bob = next(i for i, p in enumerate(game.players) if p.name == "Bob")
    ann = 1 - bob
    assert game.players[bob].handicap == 25 and game.scores == [25 if i == bob else 0
                                                                for i in range(2)]
    panels = w.table.player_panels
    assert panels[bob].score.text() == "25" and panels[ann].score.text() == "0"
    assert "25 points" in panels[bob].accessibleName()
    # Bob's score history (a click on his mascot) starts with the head start
    d.click(panels[bob].mascot)
    hist = w.history_dialog
    assert hist is not None and hist.player() == bob
    first = hist.tree.topLevelItem(0)
    assert [first.text(c) for c in range(4)] == ["Start", "Head start +25", "+25", "25"]
    assert hist.summary.text() == "Bob: 25 points"
    hist.who.setCurrentIndex(0)  # all players: only Bob has a head start
    assert hist.tree.topLevelItemCount() == 1
    assert hist.tree.topLevelItem(0).text(1) == "Bob: Head start +25"
    # a turn later the totals go on from the head start
    hist.close()
    d.reveal()
    w.session.pass_turn()
    d.reveal()
    w.session.pass_turn()
    d.click(panels[bob].mascot)
    rows = [w.history_dialog.tree.topLevelItem(i) for i in range(2)]
    assert [(r.text(1), r.text(3)) for r in rows] == [("Head start +25", "25"), ("passed", "25")]
    # New game again: the dialog offers the same head starts
    w.new_action.trigger()
    qtbot.waitUntil(lambda: w.new_game_box is not None or w.setup_dialog is not None)
    if w.new_game_box is not None:
        d.click(w.new_game_box.button(QMessageBox.StandardButton.Yes))
    qtbot.waitUntil(lambda: w.setup_dialog is not None and w.setup_dialog.isVisible())
    again = {b.name(): b.head_start.value() for b in w.setup_dialog.boxes[:2]}
    assert again == {"Ann": 0, "Bob": 25}


def test_head_starts_in_the_scoreboard_and_the_game_over_screen(qtbot, driver):
    from wordbler.boardgame.game import PlayerSpec

    d = driver(players=(PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl", handicap=40)))
    w, s = d.window, d.session
    bob = next(i for i, p in enumerate(s.game.players) if p.name == "Bob")
    while not s.game.is_over:  # six passes end the game
        if s.handoff:
            d.reveal()
        s.pass_turn()
    qtbot.waitUntil(lambda: w.game_over_dialog is not None and w.game_over_dialog.isVisible())
    over = w.game_over_dialog
    assert over.head_start_label.isVisible()
    assert over.head_start_label.text() == "Head start, counted in the scores: Bob +40."
    assert s.game.outcome.winners == (bob,) and "Bob wins" in over.headline.text()
    over.close()
    w.scoreboard_action.trigger()
    table = w.scoreboard_dialog.table
    assert table.verticalHeaderItem(0).text() == "Start"
    assert table.item(0, bob).text() == "head start +40"
    assert table.item(0, 1 - bob).text() == ""
    assert table.item(1, bob).text() == "pass  +0  = 40"
    last = table.rowCount() - 1
    assert table.item(last, bob).text() == f"Total {s.game.scores[bob]}"
