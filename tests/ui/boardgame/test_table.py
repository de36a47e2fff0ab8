"""The table through its widgets: drops, clicks, keys, buttons, hand-off, undo."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from wordbler.boardgame.model import Coord, TurnKind

from tests.ui.conftest import Words, send_drop

H8, I8, J8, K8 = Coord(7, 7), Coord(7, 8), Coord(7, 9), Coord(7, 10)


def test_first_handoff_shows_the_draw_and_covers_the_rack(driver):
    d = driver()
    w = d.window
    assert d.session.handoff
    assert w.table.handoff.isVisible()
    assert w.table.bottom.currentWidget() is not w.rack
    first = d.game.players[d.game.current].name
    assert f"Pass to {first}" == w.table.handoff.title.text()
    assert f"{first} goes first" in w.table.handoff.recap.text()
    # every player's draw tile is shown
    rounds = d.game.first_draw.rounds
    assert len(w.table.handoff._draw_widgets) >= sum(len(r.draws) for r in rounds) * 2
    assert not w.board.accepting
    d.reveal()
    assert not w.table.handoff.isVisible()
    assert w.table.bottom.currentWidget() is w.rack
    assert len(w.rack.tile_ids()) == 7


def test_drop_rack_to_board_then_board_to_board_then_back_to_rack(driver):
    d = driver()
    d.reveal()
    t = d.session.rack_tiles()[0]
    if t.is_blank:
        t = d.session.rack_tiles()[1]
    assert d.drop_on_square(t.id, H8)
    assert d.session.pending_at(H8).tile == t
    assert t.id not in d.window.rack.tile_ids()
    assert d.square(H8).state.face.letter == t.letter and d.square(H8).state.movable
    # board to board
    assert d.drop_on_square(t.id, I8, origin=H8)
    assert d.session.pending_at(H8) is None and d.session.pending_at(I8).tile == t
    assert d.square(H8).state.face is None
    # board to rack, at the front
    assert d.drop_on_rack(t.id, 0, origin=I8)
    assert d.session.rack_tiles()[0] == t
    assert not d.session.pending()


def test_drop_rejects_foreign_mime_and_occupied_squares(driver):
    from PySide6.QtCore import QMimeData

    d = driver()
    d.reveal()
    other = QMimeData()
    other.setText("hello")
    assert not send_drop(d.square(H8), other)
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    d.drop_on_square(a.id, H8)
    assert not d.drop_on_square(b.id, H8)  # taken: the square refuses the drag
    assert d.session.pending_at(H8).tile == a and b.id in d.window.rack.tile_ids()
    assert not d.square(H8).drag_hover
    # the session refuses it too, with a message, if asked directly
    d.session.move_tile(b.id, H8)
    assert "taken" in d.window.table.message_label.text()


def test_rack_reorder_by_drop(driver):
    d = driver()
    d.reveal()
    ids = d.window.rack.tile_ids()
    d.drop_on_rack(ids[0], 7)  # to the end
    assert d.window.rack.tile_ids() == ids[1:] + ids[:1]
    assert [t.id for t in d.game.rack()] == ids[1:] + ids[:1]  # the engine knows the order
    d.drop_on_rack(ids[0], 0)
    assert d.window.rack.tile_ids() == ids


def test_click_tile_then_click_square(driver):
    d = driver()
    d.reveal()
    t = next(t for t in d.session.rack_tiles() if not t.is_blank)
    d.click_rack_tile(t.id)
    assert d.session.selected == t.id
    assert d.window.rack.tile_widget(t.id).face().selected
    d.click(d.square(H8))
    assert d.session.pending_at(H8).tile == t
    # click the placed tile, then the rack: it comes back
    d.click(d.square(H8))
    assert d.session.selected == t.id
    d.click(d.window.rack)
    assert not d.session.pending()


def test_keyboard_play_cursor_typing_backspace_escape_enter(driver):
    words = Words()
    d = driver(lexicon=words)
    d.reveal()
    board = d.window.board
    d.click(d.square(H8))
    assert board.cursor == H8 and board.direction.name == "ACROSS"
    d.click(d.square(H8))  # click again: typing goes down
    assert board.direction.name == "DOWN"
    d.key(Qt.Key.Key_Space)
    assert board.direction.name == "ACROSS"
    d.key(Qt.Key.Key_Left)
    d.key(Qt.Key.Key_Right)
    assert board.cursor == H8
    letters = [t.letter for t in d.session.rack_tiles() if not t.is_blank][:3]
    for ch in letters:
        d.key(ch.lower())
    assert [d.session.pending_at(c).letter for c in (H8, I8, J8)] == letters
    assert board.cursor == K8
    d.key(Qt.Key.Key_Backspace)
    assert d.session.pending_at(J8) is None and board.cursor == J8
    d.key(Qt.Key.Key_Escape)
    assert not d.session.pending()
    assert len(d.session.rack_tiles()) == 7
    # type two letters and Enter plays them
    d.click(d.square(H8))
    for ch in letters[:2]:
        d.key(ch)
    words.add("".join(letters[:2]))
    d.key(Qt.Key.Key_Return)
    assert d.game.history[-1].kind is TurnKind.PLAY
    assert d.session.handoff


def test_typing_a_letter_not_on_the_rack_uses_a_blank_or_says_so(driver):
    d = driver(seed=11)
    d.reveal()
    rack = d.rack_letters()
    missing = next(ch for ch in "QZXJKVW" if ch not in rack)
    d.click(d.square(H8))
    d.key(missing)
    if "?" in rack:
        p = d.session.pending_at(H8)
        assert p.is_blank and p.letter == missing
        assert d.square(H8).state.face.blank
    else:
        assert d.session.pending_at(H8) is None
        assert f"No {missing}" in d.window.table.message_label.text()


def test_live_preview_names_words_and_errors(driver):
    words = Words({"AB"})
    d = driver(lexicon=words)
    d.reveal()
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    label = d.window.table.preview_label
    d.drop_on_square(a.id, Coord(0, 0))
    assert "centre star" in label.text()
    d.drop_on_square(a.id, H8, origin=Coord(0, 0))
    assert "at least two tiles" in label.text()
    d.drop_on_square(b.id, J8)
    assert "gap" in label.text()
    d.drop_on_square(b.id, Coord(8, 8), origin=J8)
    assert "one row or one column" in label.text()
    d.drop_on_square(b.id, I8, origin=Coord(8, 8))
    word = a.letter + b.letter
    assert word in label.text() and "points" in label.text()
    if word not in words:
        assert "not in the dictionary" in label.text()
    assert d.window.table.done_button.isEnabled()


def test_shuffle_and_recall_buttons(driver):
    d = driver()
    d.reveal()
    before = d.window.rack.tile_ids()
    d.click(d.window.table.shuffle_button)
    after = d.window.rack.tile_ids()
    assert sorted(after) == sorted(before) and after != before
    t = d.session.rack_tiles()[0]
    if not t.is_blank:
        d.drop_on_square(t.id, H8)
        d.click(d.window.table.recall_button)
        assert not d.session.pending() and len(d.window.rack.tile_ids()) == 7


def test_undo_redo_every_movement_with_keys_and_menu(driver, qtbot):
    d = driver()
    d.reveal()
    w = d.window
    with qtbot.waitActive(w):  # shortcuts go to the active window
        w.activateWindow()
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    d.drop_on_square(a.id, H8)
    d.drop_on_square(b.id, I8)
    d.drop_on_square(b.id, J8, origin=I8)
    assert w.undo_action.isEnabled() and "Place" in w.undo_action.text()
    d.key(Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)
    assert d.session.pending_at(I8).tile == b and d.session.pending_at(J8) is None
    d.key(Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)
    assert d.session.pending_at(I8) is None and b.id in w.rack.tile_ids()
    assert w.redo_action.isEnabled()
    d.key(Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert d.session.pending_at(I8).tile == b
    w.redo_action.trigger()
    assert d.session.pending_at(J8).tile == b
    # recall is one step
    d.click(w.table.recall_button)
    assert not d.session.pending()
    w.undo_action.trigger()
    assert {p.coord for p in d.session.pending()} == {H8, J8}
    assert w.edit_menu.actions() == [w.undo_action, w.redo_action]


def test_blank_drop_opens_the_chooser_typing_works_cancel_keeps_it(driver, qtbot):
    d = driver(seed=12)
    d.reveal()
    blank = next((t for t in d.session.rack_tiles() if t.is_blank), None)
    assert blank is not None  # seed 12 deals one
    d.drop_on_square(blank.id, H8)
    dlg = d.window.wildcard_dialog
    assert dlg is not None and dlg.isVisible()
    assert d.session.pending_at(H8) is None
    qtbot.keyClick(dlg, Qt.Key.Key_Escape)
    assert d.window.wildcard_dialog is None or not d.window.wildcard_dialog.isVisible()
    assert blank.id in d.window.rack.tile_ids()
    d.drop_on_square(blank.id, H8)
    dlg = d.window.wildcard_dialog
    qtbot.keyClick(dlg, Qt.Key.Key_Q)
    p = d.session.pending_at(H8)
    assert p.is_blank and p.letter == "Q"
    face = d.square(H8).state.face
    assert face.blank and face.letter == "Q" and face.value == 0
    # the blank keeps its letter when moved on the board, loses it back on the rack
    d.drop_on_square(blank.id, I8, origin=H8)
    assert d.session.pending_at(I8).letter == "Q"
    d.drop_on_rack(blank.id, 0, origin=I8)
    assert d.session.rack_tiles()[0].is_blank and d.window.rack.tile_widget(blank.id).face().letter == ""


def test_blank_chooser_click_a_letter(driver, qtbot):
    d = driver(seed=12)
    d.reveal()
    blank = next((t for t in d.session.rack_tiles() if t.is_blank), None)
    assert blank is not None
    d.drop_on_square(blank.id, H8)
    d.click(d.window.wildcard_dialog.buttons["E"])
    assert d.session.pending_at(H8).letter == "E"


def test_exchange_marking_and_disabled_reasons(driver):
    d = driver()
    d.reveal()
    w = d.window
    ex = w.table.exchange_button
    assert not ex.isEnabled() and "Ctrl+click" in ex.toolTip()
    a, b = d.session.rack_tiles()[:2]
    d.click_rack_tile(a.id, ctrl=True)
    d.click_rack_tile(b.id, ctrl=True)
    assert d.session.marked == {a.id, b.id}
    assert w.rack.tile_widget(a.id).face().marked
    assert ex.isEnabled() and ex.text() == "Exchange 2"
    d.click_rack_tile(b.id, ctrl=True)  # unmark
    assert d.session.marked == {a.id}
    # tiles on the board block an exchange
    c = next(t for t in d.session.rack_tiles() if not t.is_blank and t.id != a.id)
    d.drop_on_square(c.id, H8)
    assert not ex.isEnabled() and "back from the board" in ex.toolTip()
    d.click(w.table.recall_button)
    assert ex.isEnabled() or not d.session.marked
    if not d.session.marked:
        d.click_rack_tile(a.id, ctrl=True)
    player = d.game.current
    # like Pass, Exchange asks first (the turn ends and cannot be taken back)
    d.click(ex)
    box = w.exchange_box
    assert box is not None and box.isVisible() and "exchange 1 tile" in box.text()
    d.click(box.button(QMessageBox.StandardButton.No))
    assert not d.game.history and d.session.marked == {a.id}
    d.click(ex)
    d.click(w.exchange_box.button(QMessageBox.StandardButton.Yes))
    rec = d.game.history[-1]
    assert rec.kind is TurnKind.EXCHANGE and rec.player == player
    assert [t.id for t in rec.move.exchanged] == [a.id]
    assert len(d.game.racks[player]) == 7
    assert "exchanged 1 tile" in w.table.handoff.recap.text()


def test_exchange_disabled_when_the_bag_is_low(driver):
    d = driver()
    g = d.game
    # empty the bag down to 6 tiles (engine state, as a late game would have)
    while len(g.bag) > 6:
        g.bag.draw(1)
    d.reveal()
    t = d.session.rack_tiles()[0]
    d.click_rack_tile(t.id, ctrl=True)
    ex = d.window.table.exchange_button
    assert not ex.isEnabled()
    assert "at least 7 tiles" in ex.toolTip() and "6 left" in ex.toolTip()


def test_pass_asks_for_confirmation(driver, qtbot):
    from PySide6.QtWidgets import QMessageBox

    d = driver()
    d.reveal()
    w = d.window
    d.click(w.table.pass_button)
    box = w.pass_box
    assert box is not None and box.isVisible()
    d.click(box.button(QMessageBox.StandardButton.No))
    assert not d.game.history
    d.click(w.table.pass_button)
    d.click(w.pass_box.button(QMessageBox.StandardButton.Yes))
    assert d.game.history[-1].kind is TurnKind.PASS
    assert d.game.fails == 1
    assert "Scoreless turns in a row: 1 of 6" == w.table.fails_label.text()
    assert "passed" in w.table.handoff.recap.text()


def test_invalid_word_refused_under_standard_rules_tiles_stay(driver):
    d = driver(lexicon=Words())
    d.reveal()
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    d.drop_on_square(a.id, H8)
    d.drop_on_square(b.id, I8)
    d.done()
    assert not d.game.history
    assert d.session.pending_at(H8) is not None
    assert "not in the dictionary" in d.window.table.message_label.text()


def test_invalid_word_loses_the_turn_under_classic_rules(driver):
    d = driver(lexicon=Words(), rules="wordbler-classic")
    d.reveal()
    player = d.game.current
    rack_before = sorted(t.id for t in d.game.rack())
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    d.drop_on_square(a.id, H8)
    d.drop_on_square(b.id, I8)
    d.done()
    rec = d.game.history[-1]
    assert rec.kind is TurnKind.FAILED_PLAY and rec.player == player
    assert sorted(t.id for t in d.game.racks[player]) == rack_before
    assert d.session.pending_at(H8) is None and d.square(H8).state.face is None
    assert "lost the turn" in d.window.table.message_label.text()
    assert d.session.handoff


def test_illegal_shape_is_refused_with_a_reason(driver):
    d = driver()
    d.reveal()
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    d.drop_on_square(a.id, H8)
    d.drop_on_square(b.id, Coord(9, 9))
    d.done()
    assert not d.game.history
    assert "one row or one column" in d.window.table.message_label.text()


def test_last_move_is_highlighted_and_scores_shown(driver):
    words = Words()
    d = driver(lexicon=words)
    d.reveal()
    a, b = d.place_opening(words)
    player = d.game.current
    d.done()
    assert d.square(H8).state.face.last_move and d.square(I8).state.face.last_move
    assert not d.square(H8).state.movable
    panel = d.window.table.player_panels[player]
    assert panel.score.text() == str(d.game.scores[player]) != "0"
    nxt = d.window.table.player_panels[d.game.current]
    assert nxt.view.is_current and nxt.marker.text() == "▶"
    assert d.window.table.bag_label.text() == f"{len(d.game.bag)} tiles in the bag"
    recap = d.window.table.handoff.recap.text()
    assert a.letter + b.letter in recap and "drew 2 tiles" in recap


def test_premium_labels_can_be_hidden_colours_stay(driver):
    d = driver()
    w = d.window
    sq = d.square(Coord(0, 0))
    assert sq.state.show_label and sq.premium is not None
    w.labels_action.trigger()
    assert not sq.state.show_label
    assert sq.premium is not None  # the colour comes from the premium, still there
    w.labels_action.trigger()
    assert sq.state.show_label


def test_mascot_click_opens_the_score_history(driver):
    d = driver()
    w = d.window
    d.click(w.table.player_panels[1].mascot)
    dlg = w.history_dialog
    assert dlg is not None and dlg.isVisible()
    assert dlg.player() == 1


def test_about_shows_the_dictionary_notes(driver):
    d = driver()
    d.window.show_about()
    dlg = d.window.about_dialog
    names = [name for name, _ in dlg.notes]
    # each language folder's README (attribution) and licence
    assert "en/README.md" in names and "en/LICENSE-SCOWL.txt" in names
    assert all(n.rsplit("/", 1)[-1].upper().startswith(("README", "LICENSE", "COPYING")) for n in names)
    assert dlg.tabs.count() == 1 + len(dlg.notes)


def test_view_choices_are_remembered(make_window, tmp_path):
    from PySide6.QtCore import QSettings

    from wordbler.ui.boardgame.animation import Speed
    from wordbler.ui.boardgame.mainwindow import MainWindow

    settings = QSettings(str(tmp_path / "wordbler.ini"), QSettings.Format.IniFormat)
    w = make_window()
    w.settings = settings
    w.labels_action.trigger()
    w.speed_actions[Speed.SLOW].trigger()
    settings.sync()
    again = MainWindow(w.config, Speed.OFF, settings=settings)
    assert not again.show_labels and not again.labels_action.isChecked()
    assert settings.value("view/animation_speed") == "slow"
    again.close()
    again.deleteLater()


def test_first_draw_ties_are_redrawn_and_shown(driver):
    d = driver(players=("Ann", "Bob", "Cleo"), seed=28)
    g = d.game
    assert len(g.first_draw.rounds) == 2
    h = d.window.table.handoff
    labels = [w.text() for w in h._draw_widgets if hasattr(w, "text")]
    assert labels == ["Ann", "Bob", "Cleo", "Tie, drawn again:", "Ann starts", "Cleo"]
    assert "after 1 tie" in h.recap.text()
    assert g.players[g.current].name == "Ann" and h.title.text() == "Pass to Ann"


def test_scoreboard_lists_turns_and_totals(driver):
    words = Words()
    d = driver(lexicon=words)
    d.reveal()
    a, b = d.place_opening(words)
    d.done()
    d.reveal()
    d.session.pass_turn()
    d.window.scoreboard_action.trigger()
    board = d.window.scoreboard_dialog
    t = board.table
    assert [t.horizontalHeaderItem(i).text() for i in range(2)] == d.session.names()
    first = d.game.history[0].player
    assert (a.letter + b.letter) in t.item(0, first).text()
    assert "pass" in t.item(0, 1 - first).text()
    assert t.item(t.rowCount() - 1, first).text() == f"Total {d.game.scores[first]}"


def test_history_shows_failed_plays_with_the_invalid_words(driver):
    d = driver(lexicon=Words(), rules="wordbler-classic")
    d.reveal()
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    d.drop_on_square(a.id, H8)
    d.drop_on_square(b.id, I8)
    d.done()
    d.window.show_history(None)
    item = d.window.history_dialog.tree.topLevelItem(0)
    assert "failed play" in item.text(1) and (a.letter + b.letter) in item.text(1)
    assert "not in the dictionary" in item.child(0).text(1)


def test_double_click_takes_a_tile_of_this_turn_back(driver, qtbot):
    d = driver()
    d.reveal()
    t = next(t for t in d.session.rack_tiles() if not t.is_blank)
    d.drop_on_square(t.id, H8)
    qtbot.mouseDClick(d.square(H8), Qt.MouseButton.LeftButton)
    assert d.session.pending_at(H8) is None and d.session.rack_tiles()[-1] == t


def test_handoff_recaps_every_turn_since_the_players_last(driver):
    d = driver(players=("Ann", "Bob", "Cleo"))
    names = d.session.names()
    for _ in range(2):  # two passes
        d.reveal()
        d.session.pass_turn()
    recap = d.window.table.handoff.recap.text().splitlines()
    assert recap == [f"{names[0]} passed.", f"{names[1]} passed."]
    d.reveal()
    d.session.pass_turn()
    assert d.window.table.handoff.recap.text().splitlines() == [f"{names[1]} passed.", f"{names[2]} passed."]


def test_starting_a_real_drag_from_rack_and_board_leaves_things_tidy(driver, qtbot):
    """QDrag.exec runs the platform's drag loop; offscreen it ends at once with no drop.
    What matters here: the drag starts from a press-and-move, and a cancelled drag puts the
    tile back on show."""
    from PySide6.QtCore import QPoint

    d = driver()
    d.reveal()
    rack = d.window.rack
    t = next(t for t in d.session.rack_tiles() if not t.is_blank)
    w = rack.tile_widget(t.id)
    started = []
    real = rack.start_tile_drag
    monkey = lambda tile_widget: (started.append(tile_widget.tile_id), real(tile_widget))  # noqa: E731
    rack.start_tile_drag = monkey
    qtbot.mousePress(w, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    qtbot.mouseMove(w, QPoint(w.width() - 2, w.height() - 2))
    qtbot.mouseRelease(w, Qt.MouseButton.LeftButton)
    if started:  # some platforms deliver no move while the button is down
        assert started == [t.id]
    assert rack.tile_widget(t.id) is not None and rack.dragging is None
    d.drop_on_square(t.id, H8)
    sq = d.square(H8)
    d.window.board.start_tile_drag(sq, t.id)
    assert not sq.dragging and sq.state.face is not None


def test_preview_says_when_the_word_does_not_touch(driver):
    words = Words()
    d = driver(lexicon=words)
    d.reveal()
    a, b = d.place_opening(words)
    d.done()
    d.reveal()
    c, e = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    d.drop_on_square(c.id, Coord(0, 0))
    d.drop_on_square(e.id, Coord(0, 1))
    assert "must touch" in d.window.table.preview_label.text()
    d.done()
    assert "must touch" in d.window.table.message_label.text() and len(d.game.history) == 1


def test_new_game_mid_game_asks_first_and_starts_a_fresh_one(driver, qtbot):
    from PySide6.QtWidgets import QMessageBox

    d = driver()
    w = d.window
    d.reveal()
    d.session.pass_turn()
    w.new_action.trigger()
    box = w.new_game_box
    assert box is not None and w.setup_dialog is None
    d.click(box.button(QMessageBox.StandardButton.No))
    assert w.setup_dialog is None and d.game.history
    w.new_action.trigger()
    d.click(w.new_game_box.button(QMessageBox.StandardButton.Yes))
    dlg = w.setup_dialog
    assert dlg is not None and dlg.isVisible()
    assert [b.name() for b in dlg.boxes[:2]] == ["Ann", "Bob"]  # the last game's players
    old = w.session
    d.click(dlg.start_button)
    assert w.session is not old and not w.session.game.history
    assert w.table.handoff.isVisible()


def test_the_next_player_can_take_the_seat_with_the_keyboard(driver, qtbot):
    d = driver()
    w = d.window
    with qtbot.waitActive(w):
        w.activateWindow()
    assert w.table.handoff.button.hasFocus()
    qtbot.keyClick(w.table.handoff.button, Qt.Key.Key_Space)
    assert not d.session.handoff and w.board.hasFocus()


def test_score_history_rows_show_whole_when_the_dialog_is_narrow(driver, qtbot):
    # the per-letter breakdown had a fixed one-line height: under a large system font, or a
    # narrow dialog, it was cut with "…" (the other rows wrapped)
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QTreeWidgetItemIterator

    words = Words()
    d = driver(lexicon=words)
    d.reveal()
    d.place_opening(words)
    d.done()
    d.window.show_history(None)
    dlg = d.window.history_dialog
    dlg.resize(360, 420)
    tree = dlg.tree
    tree.expandAll()
    qtbot.waitUntil(lambda: tree.header().sectionSize(1) < 300)
    qtbot.wait(50)  # the delegate measures the rows again once the columns settle
    it = QTreeWidgetItemIterator(tree)
    checked = 0
    while it.value():
        item = it.value()
        text = item.text(1)
        if "\u00a0" in text:  # a breakdown: a letter and its value are never split
            checked += 1
            fm = QFontMetrics(item.font(1).resolve(tree.font()), tree)  # as painted
            width = tree.header().sectionSize(1)
            lines = -(-fm.horizontalAdvance(text) // width)  # at least this many lines
            assert lines >= 2  # too long for the column: it must wrap
            assert tree.visualItemRect(item).height() >= lines * fm.lineSpacing(), text
        it += 1
    assert checked >= 1
