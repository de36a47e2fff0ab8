"""Game > Analyse the game on a finished game, through the widgets; the worker is waited
for with qtbot.waitUntil (no sleeps)."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from wordbler.boardgame.analysis import ANALYSED, analyse_game, score_race, turn_numbers
from wordbler.boardgame.movegen import engine_generator
from wordbler.boardgame.model import Coord, TurnKind

from tests.ui.conftest import Words


def finish_game(d, words, hint=False):
    """An opening play (after a hint, with ``hint``), then passes until the scoreless-turn
    limit ends the game."""
    d.reveal()
    if hint:
        d.click(d.window.table.hint_button)
        d.qtbot.waitUntil(lambda: any(r.kind is TurnKind.HINT for r in d.game.history),
                          timeout=60000)
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    words.add(a.letter + b.letter)
    assert d.drop_on_square(a.id, Coord(7, 7)) and d.drop_on_square(b.id, Coord(7, 8))
    d.done()
    while not d.game.is_over:
        d.reveal()
        d.click(d.window.table.pass_button)
        d.click(d.window.pass_box.button(QMessageBox.StandardButton.Yes))


def test_analysis_of_a_finished_game(driver, qtbot, tmp_path):
    words = Words({"AT", "TA", "CAT", "ACT", "TEA", "EAT", "ATE", "NET", "TEN", "ON", "NO",
                   "IN", "IT", "TI", "RE", "ER", "ES", "SO", "OS", "TO", "OR", "DO", "GO"})
    d = driver(seed=12, lexicon=words)
    w = d.window
    ctl = w.analysis_controller
    assert not ctl.action.isEnabled()  # not during the game: it would show the racks
    finish_game(d, words, hint=True)  # a hint is part of turn 1: the turns keep their numbers
    assert ctl.action.isEnabled()
    ctl.action.trigger()
    dlg = ctl.dialog
    assert dlg is not None and dlg.isVisible()
    qtbot.waitUntil(lambda: not dlg.running, timeout=120000)
    assert "analysed" in dlg.status.text()
    gen = engine_generator(frozenset(words), d.game.rules, cache_dir=tmp_path)
    want = analyse_game(d.game, gen)
    assert [t.number for t in dlg.turns] == [t.number for t in want]
    assert dlg.tree.topLevelItemCount() == len(want)
    for t, u in zip(dlg.turns, want):
        assert (t.best and (t.best.word, t.best.score)) == (u.best and (u.best.word, u.best.score))
        assert t.left_on_table == u.left_on_table
    # rows are numbered as the score history lists the turns
    listed = [n for r, n in zip(d.game.history, turn_numbers(d.game.history)) if r.kind in ANALYSED]
    assert [dlg.tree.topLevelItem(i).text(0) for i in range(len(want))] == listed
    assert listed[:2] == ["1", "2"] and d.game.history[0].kind is TurnKind.HINT
    assert dlg.chart.axis_label().startswith(f"turns (1–{listed[-1]})")
    first = dlg.tree.topLevelItem(0)
    assert first.text(3) == dlg.turns[0].played
    assert dlg.chart.race == score_race(d.game)
    img = dlg.chart.grab()  # paints without error
    assert not img.isNull()
    assert d.window.analysis_controller.dialog is dlg
    assert "left on the table" in dlg.summary.text()
    dlg.close()


def test_cancel_stops_the_analysis(driver, qtbot):
    words = Words({"AT", "TA"})
    d = driver(seed=12, lexicon=words)
    finish_game(d, words)
    dlg = d.window.analysis_controller.open()
    dlg.cancel_button.click()
    qtbot.waitUntil(lambda: not dlg.running, timeout=120000)
    assert not dlg.cancel_button.isEnabled()
    assert "Cancelled" in dlg.status.text() or "analysed" in dlg.status.text()
    dlg.close()
