"""Classic play through the widgets: no validity in the live preview, and challenges."""

from __future__ import annotations

import pytest

from wordbler.boardgame.game import PlayerSpec
from wordbler.boardgame.model import TurnKind
from wordbler.boardgame.rules import ChallengeRule
from wordbler.ui.boardgame.animation import Speed
from wordbler.ui.boardgame.classic import ClassicOptionsBox
from wordbler.ui.boardgame.config import GameConfig

from tests.ui.conftest import Driver, Words


@pytest.fixture
def classic(qtbot):
    from wordbler.ui.boardgame.mainwindow import MainWindow

    def make(changes, seed=12):
        specs = (PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl"))
        words = Words()
        config = GameConfig(specs, "standard", words, "test words", seed,
                            rule_changes=tuple(changes))
        window = MainWindow(config, Speed.OFF)
        qtbot.addWidget(window)
        window.resize(1000, 760)
        window.show()
        qtbot.waitExposed(window)
        return Driver(qtbot, window), words

    return make


def opening(d, words, valid: bool):
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    from wordbler.boardgame.model import Coord
    assert d.drop_on_square(a.id, Coord(7, 7)) and d.drop_on_square(b.id, Coord(7, 8))
    word = a.letter + b.letter
    if valid:
        words.add(word)
    return word


def test_hidden_preview_judges_only_at_done(classic):
    d, words = classic([("show_validity", False)])
    d.reveal()
    word = opening(d, words, valid=False)
    text = d.window.table.preview_label.text()
    assert word in text and "dictionary" not in text
    d.done()  # standard rules refuse it now, and say why
    assert not d.game.history and "dictionary" in d.window.table.message_label.text()


def test_double_challenge_takes_a_phony_back(classic):
    d, words = classic([("challenge", ChallengeRule.DOUBLE), ("show_validity", False)])
    w = d.window
    ctl = w.challenge_controller
    d.reveal()
    ann = d.game.current
    assert not ctl.button.isEnabled()
    word = opening(d, words, valid=False)
    assert "dictionary" not in w.table.preview_label.text()
    d.done()
    assert d.game.history[-1].kind is TurnKind.PLAY  # the phony stands...
    assert not ctl.button.isEnabled()  # (not in the hand-off)
    d.reveal()
    assert ctl.button.isEnabled() and word in ctl.button.text()
    d.click(ctl.button)  # ...until challenged
    rec = d.game.history[-1]
    assert rec.kind is TurnKind.FAILED_PLAY and rec.player == ann and d.game.scores[ann] == 0
    assert d.game.board.is_empty() and w.board.squares
    assert "taken back" in w.table.message_label.text()
    assert not ctl.button.isEnabled()
    assert d.game.current != ann and not d.session.handoff  # the challenger plays on


def test_double_wrong_challenge_loses_the_turn(classic):
    d, words = classic([("challenge", ChallengeRule.DOUBLE)])
    ctl = d.window.challenge_controller
    d.reveal()
    ann = d.game.current
    opening(d, words, valid=True)
    d.done()
    d.reveal()
    ctl.action.trigger()  # Turn > Challenge the last play (Ctrl+L)
    rec = d.game.history[-1]
    assert rec.kind is TurnKind.PASS and rec.player != ann
    assert d.game.current == ann and d.session.handoff
    assert "loses this turn" in d.window.table.message_label.text()


def test_single_wrong_challenge_gives_five(classic):
    d, words = classic([("challenge", ChallengeRule.SINGLE)])
    ctl = d.window.challenge_controller
    d.reveal()
    ann = d.game.current
    opening(d, words, valid=True)
    d.done()
    score = d.game.scores[ann]
    d.reveal()
    d.click(ctl.button)
    assert d.game.scores[ann] == score + 5 and d.game.history[-1].kind is TurnKind.CHALLENGE_BONUS
    assert d.game.current != ann and not d.session.handoff
    assert "5 points" in d.window.table.message_label.text()
    assert not ctl.button.isEnabled()


def test_no_challenge_button_without_challenge_rules(classic):
    d, words = classic([])
    ctl = d.window.challenge_controller
    assert ctl.button is None and not ctl.action.isVisible()


def test_setup_box(qtbot):
    box = ClassicOptionsBox()
    qtbot.addWidget(box)
    assert box.rule_changes() == ()
    box.show_validity.setChecked(False)
    assert box.rule_changes() == (("show_validity", False),)
    box.challenge.setCurrentIndex(box.challenge.findData("single"))
    assert not box.show_validity.isEnabled()
    assert box.rule_changes() == (("challenge", ChallengeRule.SINGLE), ("show_validity", False))
    box.set_changes({})
    assert box.rule_changes() == () and box.show_validity.isEnabled()


def test_challenge_rules_are_saved(classic, tmp_path):
    from wordbler.boardgame.savegame import load_game, save_game

    d, words = classic([("challenge", ChallengeRule.SINGLE), ("show_validity", False)])
    path = tmp_path / "c.gcg"
    save_game(d.game, path)
    back = load_game(path, words)
    assert back.rules.challenge is ChallengeRule.SINGLE and not back.rules.show_validity
