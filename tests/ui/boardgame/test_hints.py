"""Hints through the window: the list, its preview on the board, playing one, the record in
the history, rules that turn hints off or charge for them; and a blank's letter changed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from wordbler.boardgame import ai
from wordbler.boardgame.game import PlayerSpec
from wordbler.boardgame.model import Coord, TurnKind
from wordbler.boardgame.movegen import engine_generator
from wordbler.ui.boardgame.animation import Speed
from wordbler.ui.boardgame.config import GameConfig
from wordbler.ui.boardgame.mainwindow import MainWindow

from tests.ui.conftest import Driver

WORDS = frozenset({"AT", "TA", "IT", "TI", "ON", "NO", "TO", "OE", "EAT", "TEA", "ATE", "RAT",
                   "TAR", "ART", "ONE", "EON", "TEN", "NET", "SIT", "ITS", "TIS", "SAT", "AS",
                   "IS", "OR", "RE", "ER", "ES", "DO", "GO", "IN", "AN", "AND", "END", "DEN",
                   "RED", "LED", "OLD", "SOD", "NOD", "GOD", "DOG", "LOG", "LEG", "NAG", "RAG",
                   "TAG", "GET", "NET", "SET", "LET", "OIL", "SOIL", "TOIL", "RAIN", "TRAIN",
                   "STAIN", "SAINT", "SATIN", "STONE", "NOTES", "ONSET", "TONES", "RATE",
                   "TEAR", "STARE", "ASTER", "RATES", "TREAD", "TRADE", "DATE", "LATE", "TALE"})


def _window(qtbot, rule_changes=(), seed=7, players=("Ann", "Bob"), lexicon=WORDS):
    specs = tuple(PlayerSpec(n, m) for n, m in zip(players, ("fox", "owl", "frog", "cat")))
    config = GameConfig(specs, "standard", lexicon, "test words", seed, rule_changes)
    w = MainWindow(config, Speed.OFF)
    qtbot.addWidget(w)
    w.resize(1100, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


def _hints(qtbot, w):
    panel = w.table.hint_panel
    qtbot.waitUntil(lambda: panel.isVisible() and not w.hints.busy, timeout=30000)
    return panel


def test_hint_lists_the_best_moves_previews_and_plays_one(qtbot):
    w = _window(qtbot)
    d = Driver(qtbot, w)
    g = w.session.game
    d.reveal()
    ranked = ai.hints(ai.Position.from_game(g), engine_generator(WORDS), 80)
    assert ranked, "the test rack should have plays"
    words: list[str] = []  # the distinct words, in the engine's order (its best placement first)
    for c in ranked:
        if c.word.upper() not in words:
            words.append(c.word.upper())
    assert w.table.hint_button.isEnabled()
    d.click(w.table.hint_button)
    panel = _hints(qtbot, w)
    # the list: one line per distinct word, best rating first; other places under it
    assert [grp.best.words[0] for grp in panel.groups] == words[:10]
    assert panel.tree.topLevelItemCount() == len(panel.groups)
    best = ranked[0]
    first = panel.item(0)
    # one notation everywhere (GCG: the square, then the word); the score; the rating
    assert first.text(0).startswith(f"{best.coord} {best.word.upper()}")
    assert first.text(1) == str(best.score)
    assert first.text(2) == f"{best.equity:.1f}".replace("-0.0", "0.0")
    assert ("keeps " + best.leave if best.leave else "keeps nothing") in first.text(0)
    for i, grp in enumerate(panel.groups):
        assert panel.item(i).childCount() == len(grp.others)
        assert all(o.words[0] == grp.best.words[0] and o.equity <= grp.best.equity
                   for o in grp.others)
    assert not any("-0.0" in panel.item(i).text(2) for i in range(len(panel.groups)))
    # recorded in the history, free by default
    rec = g.history[-1]
    assert rec.kind is TurnKind.HINT and rec.score == 0 and rec.player == g.current
    # choosing one puts its tiles on the board as this turn's tiles; the live preview shows it
    row = panel.groups[1].best if len(panel.groups) > 1 else panel.rows[0]
    panel.tree.setCurrentItem(panel.item_for_row(panel.rows.index(row)))
    assert {p.coord for p in d.session.pending()} == {p.coord for p in row.placements}
    assert row.words[0] in w.table.preview_label.text()
    assert str(row.score) in w.table.preview_label.text()
    # another choice replaces it; undo takes the hint's tiles back in one step
    panel.tree.setCurrentItem(panel.item(0))
    assert {p.coord for p in d.session.pending()} == {p.coord for p in panel.rows[0].placements}
    d.key(Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)
    assert {p.coord for p in d.session.pending()} == {p.coord for p in row.placements}
    # Play this
    top = panel.rows[0]
    panel.tree.setCurrentItem(panel.item(0))
    d.click(panel.play_button)
    played = g.history[-1]
    assert played.kind is TurnKind.PLAY and played.score == top.score
    assert {p.coord for p in played.move.placements} == {p.coord for p in top.placements}
    assert not panel.isVisible(), "the list belongs to the turn that ended"


def test_the_hint_is_in_the_score_history_and_scoreboard(qtbot):
    w = _window(qtbot)
    d = Driver(qtbot, w)
    d.reveal()
    w.show_history(None)
    dlg = w.history_dialog
    before = dlg.tree.topLevelItemCount()
    d.click(w.table.hint_button)
    panel = _hints(qtbot, w)
    assert dlg.tree.topLevelItemCount() == before + 1
    text = dlg.tree.topLevelItem(before).text(1)
    assert "took a hint" in text and panel.rows[0].words[0] in text
    w.show_scoreboard()
    panel.tree.setCurrentItem(panel.item(0))
    d.click(panel.play_button)
    cells = [w.scoreboard_dialog.table.item(0, c) for c in range(2)]
    assert any(c is not None and "(hint)" in c.text() for c in cells)


def test_the_question_mark_asks_for_a_hint(qtbot):
    w = _window(qtbot)
    d = Driver(qtbot, w)
    with qtbot.waitActive(w):
        w.activateWindow()
    d.reveal()
    qtbot.keyClick(w.board, Qt.Key.Key_Question, Qt.KeyboardModifier.ShiftModifier)
    panel = _hints(qtbot, w)
    assert panel.rows and w.session.game.history[-1].kind is TurnKind.HINT


def test_asking_twice_in_one_turn_is_recorded_once(qtbot):
    w = _window(qtbot, rule_changes=(("hint_cost", 3),))
    d = Driver(qtbot, w)
    g = w.session.game
    d.reveal()
    me = g.current
    assert w.table.hint_button.text() == "Hint (−3)"
    d.click(w.table.hint_button)
    box = w.hints.confirm_box
    assert box is not None and box.isVisible() and "3 points" in box.text()
    d.click(box.button(QMessageBox.StandardButton.Yes))
    panel = _hints(qtbot, w)
    assert g.scores[me] == -3 and g.history[-1].score == -3
    assert w.table.player_panels[me].score.text() == "-3"
    panel.close_button.click()
    assert not panel.isVisible()
    d.click(w.table.hint_button)  # again, same turn: shown without a new charge or question
    assert w.hints.confirm_box is None and panel.isVisible() and panel.rows
    assert sum(1 for r in g.history if r.kind is TurnKind.HINT) == 1 and g.scores[me] == -3


def test_declining_a_paid_hint_costs_nothing(qtbot):
    w = _window(qtbot, rule_changes=(("hint_cost", 2),))
    d = Driver(qtbot, w)
    d.reveal()
    d.click(w.table.hint_button)
    d.click(w.hints.confirm_box.button(QMessageBox.StandardButton.No))
    assert w.session.game.history == [] and not w.table.hint_panel.isVisible()


def test_hints_turned_off_by_the_rules(qtbot):
    w = _window(qtbot, rule_changes=(("hints_allowed", False),))
    d = Driver(qtbot, w)
    d.reveal()
    assert not w.table.hint_button.isEnabled()
    assert "turned off" in w.table.hint_button.toolTip()
    w.hint_action.trigger()
    assert "turned off" in w.table.message_label.text()
    assert w.session.game.history == [] and not w.table.hint_panel.isVisible()


def test_no_hint_between_turns(qtbot):
    w = _window(qtbot)
    assert w.session.handoff and not w.table.hint_button.isEnabled()
    w.hint_action.trigger()
    assert not w.table.hint_panel.isVisible() and w.session.game.history == []


def test_a_rack_with_no_play_says_so(qtbot):
    w = _window(qtbot, lexicon=frozenset({"ZZZZZZZZ"}))
    d = Driver(qtbot, w)
    d.reveal()
    d.click(w.table.hint_button)
    panel = _hints(qtbot, w)
    assert panel.rows == [] and "exchange or pass" in panel.status.text()


def test_setup_dialog_sets_the_hint_rules(qtbot):
    from wordbler.ui.boardgame.setup import SetupDialog

    dlg = SetupDialog()
    qtbot.addWidget(dlg)
    assert dlg.hints_check.isChecked() and dlg.rule_changes() == ()
    dlg.hint_cost.setValue(2)
    assert dlg.rule_changes() == (("hint_cost", 2),)
    dlg.hints_check.setChecked(False)
    assert not dlg.hint_cost.isEnabled() and dlg.rule_changes() == (("hints_allowed", False),)
    cfg = GameConfig((PlayerSpec("A"), PlayerSpec("B")), "standard", rule_changes=(("hint_cost", 2),))
    assert cfg.new_game().rules.hint_cost == 2
    again = SetupDialog(previous=cfg)
    qtbot.addWidget(again)
    assert again.hints_check.isChecked() and again.hint_cost.value() == 2


def test_a_right_click_on_a_placed_blank_chooses_its_letter_again(qtbot):
    w = _window(qtbot, seed=12, lexicon=None)  # seed 12 deals the first player a blank
    d = Driver(qtbot, w)
    d.reveal()
    blank = next(t for t in d.session.rack_tiles() if t.is_blank)
    h8 = Coord(7, 7)
    d.drop_on_square(blank.id, h8)
    d.click(w.wildcard_dialog.buttons["S"])
    assert d.session.pending_at(h8).letter == "S"
    assert "right-click" in w.table.message_label.text()
    square = d.square(h8)
    from PySide6.QtGui import QContextMenuEvent
    from PySide6.QtWidgets import QApplication

    centre = square.rect().center()
    QApplication.sendEvent(square, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, centre,
                                                     square.mapToGlobal(centre)))
    dlg = w.wildcard_dialog
    assert dlg is not None and dlg.isVisible()
    qtbot.keyClick(dlg, Qt.Key.Key_E)
    assert d.session.pending_at(h8).letter == "E" and d.session.pending_at(h8).tile == blank
    qtbot.waitUntil(lambda: w.wildcard_dialog is None)
    with qtbot.waitActive(w):
        w.activateWindow()
    d.key(Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)
    assert d.session.pending_at(h8).letter == "S", "undo gives the old letter back"


def test_the_first_hint_waits_for_the_build_and_shows_its_progress(qtbot):
    import threading

    gate = threading.Event()

    def building(lexicon, rules, progress=None):
        progress(0.0)
        progress(0.4)
        gate.wait(30)
        return engine_generator(lexicon, rules)

    w = _window(qtbot)
    w.generator_factory = building
    w.start_game(w.config)
    d = Driver(qtbot, w)
    d.reveal()
    d.click(w.table.hint_button)
    panel = w.table.hint_panel
    qtbot.waitUntil(lambda: "40 %" in panel.status.text())
    assert panel.bar.isVisible() and panel.bar.value() == 40 and not panel.tree.isVisible()
    assert w.session.game.history == [], "nothing is recorded before the list is shown"
    gate.set()
    panel = _hints(qtbot, w)
    assert panel.rows and w.session.game.history[-1].kind is TurnKind.HINT


def test_clicking_the_chosen_hint_again_puts_it_back_after_a_recall(qtbot):
    w = _window(qtbot)
    d = Driver(qtbot, w)
    d.reveal()
    d.click(w.table.hint_button)
    panel = _hints(qtbot, w)
    first = panel.item(0)
    rect = panel.tree.visualItemRect(first)
    qtbot.mouseClick(panel.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    wanted = {p.coord for p in panel.rows[0].placements}
    assert {p.coord for p in d.session.pending()} == wanted
    d.click(w.table.recall_button)
    assert not d.session.pending()
    qtbot.mouseClick(panel.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert {p.coord for p in d.session.pending()} == wanted
