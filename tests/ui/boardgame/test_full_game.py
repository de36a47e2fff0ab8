"""A complete two-player game played through the widgets only: drops, clicks, keys.

Seed 12 deals the first player a blank; the test lexicon is a set the script adds words to
just before it submits them, so the game is scriptable whatever the racks hold.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from wordbler.boardgame.model import Coord, EndReason, TurnKind

from tests.ui.conftest import Words

H8, I8, J8, H9 = Coord(7, 7), Coord(7, 8), Coord(7, 9), Coord(8, 7)


def _pass(d) -> None:
    d.reveal()
    d.click(d.window.table.pass_button)
    d.click(d.window.pass_box.button(QMessageBox.StandardButton.Yes))


def _exchange(d, n: int) -> None:
    d.reveal()
    for t in d.session.rack_tiles()[:n]:
        d.click_rack_tile(t.id, ctrl=True)
    d.click(d.window.table.exchange_button)
    d.click(d.window.exchange_box.button(QMessageBox.StandardButton.Yes))  # it asks, as Pass


def test_a_whole_game_through_the_widgets(driver, qtbot):
    words = Words()
    d = driver(seed=12, lexicon=words)
    w, g = d.window, d.game
    with qtbot.waitActive(w):
        w.activateWindow()
    names = [p.name for p in g.players]
    first, second = 0, 1

    # ---- turn 1: first player plays two tiles across the star
    d.reveal()
    rack = d.session.rack_tiles()
    assert any(t.is_blank for t in rack)
    a, b = [t for t in rack if not t.is_blank][:2]
    assert d.drop_on_square(a.id, H8)
    assert d.drop_on_square(b.id, I8)
    w1 = a.letter + b.letter
    words.add(w1)
    assert w1 in w.table.preview_label.text()
    d.done()
    assert g.history[-1].kind is TurnKind.PLAY and g.history[-1].player == first
    assert w.table.handoff.isVisible() and f"Pass to {names[second]}" == w.table.handoff.title.text()
    assert w1 in w.table.handoff.recap.text()

    # ---- turn 2: second player tries a word that is not in the dictionary, undoes, redoes
    d.reveal()
    c = next(t for t in d.session.rack_tiles() if not t.is_blank)
    assert d.drop_on_square(c.id, H9)
    w2 = a.letter + c.letter
    d.done()
    assert len(g.history) == 1, "an invalid word is refused under standard rules"
    assert "not in the dictionary" in w.table.message_label.text()
    d.key(Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)  # undo: back to the rack
    assert d.session.pending_at(H9) is None and c.id in w.rack.tile_ids()
    d.key(Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert d.session.pending_at(H9).tile == c  # redo: on the board again
    words.add(w2)
    d.key(Qt.Key.Key_Return)
    assert g.history[-1].kind is TurnKind.PLAY and g.history[-1].player == second

    # ---- turn 3: first player extends the first word with the blank as S
    d.reveal()
    blank = next(t for t in d.session.rack_tiles() if t.is_blank)
    assert d.drop_on_square(blank.id, J8)
    dlg = w.wildcard_dialog
    assert dlg is not None and dlg.isVisible()
    qtbot.keyClick(dlg, Qt.Key.Key_S)
    assert d.session.pending_at(J8).letter == "S"
    words.add(w1 + "S")
    d.done()
    rec = g.history[-1]
    assert rec.kind is TurnKind.PLAY
    blank_letter = next(ls for wd in rec.breakdown.words for ls in wd.letters if ls.is_blank)
    assert blank_letter.value == 0 and blank_letter.points == 0
    assert d.square(J8).state.face.blank and d.square(J8).state.face.letter == "S"

    # ---- six scoreless turns in a row end the game: exchange, pass, pass, exchange, pass, pass
    _exchange(d, 2)
    assert g.history[-1].kind is TurnKind.EXCHANGE and len(g.history[-1].move.exchanged) == 2
    _pass(d)
    _pass(d)
    _exchange(d, 1)
    _pass(d)
    assert not g.is_over
    _pass(d)
    assert g.is_over and g.outcome.reason is EndReason.FAIL_LIMIT

    # ---- the end: settlement, scores, winner
    kinds = [r.kind for r in g.history]
    assert kinds[:9] == [TurnKind.PLAY] * 3 + [TurnKind.EXCHANGE, TurnKind.PASS, TurnKind.PASS,
                                              TurnKind.EXCHANGE, TurnKind.PASS, TurnKind.PASS]
    assert kinds[9:] == [TurnKind.SETTLEMENT, TurnKind.SETTLEMENT]
    for p in range(2):
        from_history = sum(r.score for r in g.history if r.player == p)
        assert g.scores[p] == from_history
        assert w.table.player_panels[p].score.text() == str(from_history)
    over = w.game_over_dialog
    assert over is not None and over.isVisible()
    winner = names[g.outcome.winners[0]]
    assert winner in over.headline.text()
    assert len(over.settlement_lines) == 2
    assert w.table.bottom.currentWidget() is w.table.game_over_label
    assert not w.table.handoff.isVisible()
    assert not w.table.pass_button.isEnabled() and not w.table.done_button.isEnabled()

    # ---- the score history lists every turn, with the per-letter breakdown
    d.click(w.table.player_panels[first].mascot)
    hist = w.history_dialog
    hist.who.setCurrentIndex(0)  # all players
    assert hist.tree.topLevelItemCount() == len(g.history)
    play = hist.tree.topLevelItem(0)
    assert play.child(0).text(1) == f"8H {w1}"  # GCG notation: the square, then the word
    assert "→" in play.child(0).child(0).text(1)

    # ---- the scoreboard: one row per round, the settlement, the totals
    w.scoreboard_action.trigger()
    table = w.scoreboard_dialog.table
    rows = [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
    assert rows[-2:] == ["End", "Σ"] and len(rows) == 9 // 2 + 1 + 2
    for p in range(2):
        assert table.item(table.rowCount() - 1, p).text() == f"Total {g.scores[p]}"
        assert "tiles left" in table.item(table.rowCount() - 2, p).text()

    # ---- New game from the game-over screen opens the setup dialog
    d.click(over.new_button)
    assert w.setup_dialog is not None and w.setup_dialog.isVisible()
    w.setup_dialog.reject()
