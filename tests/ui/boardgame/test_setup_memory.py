"""The New game dialog offers the last setup again after a restart (the app's QSettings):
names, mascots, computer seats, head starts, language, rules, hint options and clock.  A
damaged stored value is left out, never an error."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog

from wordbler.boardgame.clock import ClockMode
from wordbler.ui.app import main
from wordbler.ui.boardgame.mainwindow import MainWindow
from wordbler.ui.boardgame.setup import SetupDialog, default_name

from tests.ui.conftest import quit_tables




def _new_game_dialog(qapp, monkeypatch, answer) -> None:
    """Start the app (its start page) and choose the board game: ``answer(dialog)`` fills
    in the New game dialog as a person would and returns its result."""
    monkeypatch.setattr(SetupDialog, "exec", lambda dialog: answer(dialog))
    assert main(["--animation", "off"]) == 0
    qapp.wordbler_launcher.open("boardgame")


def test_the_new_game_dialog_offers_the_last_setup_after_a_restart(qapp, app_env, monkeypatch):
    def choose(d: SetupDialog) -> int:
        d.count.setValue(3)
        d.language.setCurrentIndex(d.language.findData("fr"))
        for box, name in zip(d.boxes, ("Zoé", "Léon", "Inès")):
            box.name_edit.setText(name)  # (QTest types ASCII only)
        d.boxes[1].kind.setCurrentIndex(2)  # a computer
        d.boxes[2].head_start.setValue(40)
        d.hint_cost.setValue(3)
        d.clock_box.set_mode(ClockMode.CHESS)
        d.clock_box.total.setValue(15)
        d.pick_mascot(0, "owl")  # as a drag from the palette does
        d.start_button.click()
        return d.result()

    _new_game_dialog(qapp, monkeypatch, choose)
    started = next(w for w in qapp.wordbler_launcher.startup.windows if isinstance(w, MainWindow))
    chosen = started.config
    assert chosen.language == "fr" and [p.name for p in chosen.players] == ["Zoé", "Léon", "Inès"]
    quit_tables(qapp)  # ... and the next day:

    offered = {}

    def look(d: SetupDialog) -> int:
        n = d.count.value()
        offered.update(
            count=n, language=d.language_code(), rules=d.rules.currentData(),
            names=[b.name_edit.text() for b in d.boxes[:n]],
            mascots=[b.mascot() for b in d.boxes[:n]],
            kinds=[b.kind.currentData() for b in d.boxes[:n]],
            heads=[b.head_start.value() for b in d.boxes[:n]],
            hints=(d.hints_check.isChecked(), d.hint_cost.value()),
            clock=d.clock_box.settings())
        d.reject()
        return QDialog.DialogCode.Rejected

    _new_game_dialog(qapp, monkeypatch, look)
    assert offered["count"] == 3 and offered["language"] == "fr"
    assert offered["names"] == ["Zoé", "Léon", "Inès"]
    assert offered["mascots"] == [p.mascot for p in chosen.players] and offered["mascots"][0] == "owl"
    assert offered["kinds"] == [p.computer for p in chosen.players] and offered["kinds"][1]
    assert offered["heads"] == [0, 0, 40]
    assert offered["hints"] == (True, 3)
    assert offered["clock"].mode is ClockMode.CHESS and offered["clock"].total == 15 * 60


@pytest.mark.parametrize("stored", [
    "{not json",
    "[1, 2]",
    '{"players": "Ann", "rules": 7, "language": "xx", "clock": {"mode": "sundial"}}',
    '{"players": [{"name": 5, "mascot": "unicorn", "computer": "god", "handicap": -3},'
    ' {"name": "Bob", "mascot": "unicorn", "handicap": 1e9}, 17],'
    ' "rule_changes": {"hint_cost": "lots", "challenge": "duel"},'
    ' "clock": {"mode": "chess", "total": -1}}',
])
def test_a_damaged_stored_setup_is_left_out(qapp, app_env, monkeypatch, stored):
    from wordbler.ui.boardgame.setup import SETUP_KEY

    QSettings().setValue(SETUP_KEY, stored)
    offered = {}

    def look(d: SetupDialog) -> int:
        n = d.count.value()
        offered.update(names=[b.name_edit.text() for b in d.boxes[:n]],
                       mascots=[b.mascot() for b in d.boxes[:n]],
                       clock=d.clock_box.settings().mode, ok=d.validate())
        d.reject()
        return QDialog.DialogCode.Rejected

    _new_game_dialog(qapp, monkeypatch, look)
    assert offered, "the New game dialog did not open"
    assert offered["clock"] is ClockMode.NONE
    assert all(offered["mascots"]) and len(set(offered["mascots"])) == len(offered["mascots"])
    if stored.startswith('{"players": [{'):  # what makes sense is kept: Bob
        assert offered["names"][:2] == [default_name(0), "Bob"] and offered["ok"]
