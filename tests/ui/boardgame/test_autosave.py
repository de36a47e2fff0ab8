"""Autosave: written at the start and after every tile movement and turn, atomically and off
the GUI thread; offered for resume at start; corrupt files set aside, never deleted."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox

from wordbler.boardgame import savegame
from wordbler.boardgame.game import Game
from wordbler.boardgame.model import Coord
from wordbler.ui.boardgame import autosave
from wordbler.ui.app import main
from wordbler.ui.boardgame.autosave import AUTOSAVE_NAME, PREVIOUS_NAME, Autosaver, FoundKind
from wordbler.ui.boardgame.mainwindow import MainWindow
from wordbler.ui.boardgame.scripted import state_of

H8, I8 = Coord(7, 7), Coord(7, 8)


def _on_disk(saver: Autosaver) -> Game:
    saver.flush()
    return savegame.load_game(saver.path)


def test_the_default_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("WORDBLER_DATA_DIR", str(tmp_path))
    assert autosave.autosave_dir() == tmp_path
    monkeypatch.delenv("WORDBLER_DATA_DIR")
    assert autosave.autosave_dir().name  # Qt's AppDataLocation


def test_written_at_start_after_each_tile_and_each_turn(qtbot, driver, tmp_path):
    d = driver()
    saver = Autosaver(d.window, tmp_path)
    with qtbot.waitSignal(saver.written, timeout=5000):
        pass
    assert (tmp_path / AUTOSAVE_NAME).exists()  # as soon as the game starts
    assert state_of_game(_on_disk(saver)) == state_of_game(d.game)
    d.reveal()
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    with qtbot.waitSignal(saver.written, timeout=5000):
        assert d.drop_on_square(a.id, H8)
    assert [p.coord for p in _on_disk(saver).pending] == [H8]
    with qtbot.waitSignal(saver.written, timeout=5000):
        assert d.drop_on_square(a.id, I8, origin=H8)  # moved
    assert [p.coord for p in _on_disk(saver).pending] == [I8]
    d.session.shuffle()  # the rack order is part of the state
    assert _on_disk(saver).racks == d.game.racks
    assert d.drop_on_square(b.id, H8)
    d.done()
    game = _on_disk(saver)
    assert len(game.history) == 1 and not game.pending
    assert state_of_game(game) == state_of_game(d.game)
    assert saver.gui_ms and saver.write_ms


def state_of_game(game: Game) -> dict:
    class S:  # state_of wants a session; only its game matters here
        pass

    s = S()
    s.game = game
    s.rack_tiles = lambda: []
    s.pending = lambda: ()
    return state_of(s)


def test_a_burst_of_changes_is_written_once(qtbot, driver, tmp_path):
    d = driver()
    saver = Autosaver(d.window, tmp_path)
    saver.flush()
    d.reveal()
    for i, t in enumerate([t for t in d.session.rack_tiles() if not t.is_blank][:4]):
        d.session.move_tile(t.id, Coord(7, 5 + i))
    saver.flush()
    n = len(saver.gui_ms)
    d.session.recall_all()  # four tiles move in one go
    saver.flush()
    assert len(saver.gui_ms) == n + 1
    assert not _on_disk(saver).pending


def test_a_new_game_keeps_the_old_autosave_as_previous(qtbot, driver, tmp_path):
    (tmp_path / AUTOSAVE_NAME).write_text("an older game")
    d = driver()
    saver = Autosaver(d.window, tmp_path)  # another game takes the slot
    saver.flush()
    assert (tmp_path / PREVIOUS_NAME).read_text() == "an older game"
    d.reveal()
    t = d.session.rack_tiles()[0]
    d.session.move_tile(t.id, H8, letter="E" if t.is_blank else None)
    saver.flush()
    played = (tmp_path / AUTOSAVE_NAME).read_text()
    d.window.start_game(d.window.config)  # New game
    saver.flush()
    assert (tmp_path / PREVIOUS_NAME).read_text() == played
    assert not savegame.load_game(tmp_path / AUTOSAVE_NAME).history


def test_a_resumed_game_keeps_its_file(qtbot, make_window, tmp_path):
    w = make_window()
    w.session.reveal()
    w.session.pass_turn()
    savegame.save_game(w.session.game, tmp_path / AUTOSAVE_NAME)
    found = autosave.inspect(tmp_path)
    assert found.kind is FoundKind.UNFINISHED
    w2 = MainWindow(w.config, game=found.game)
    qtbot.addWidget(w2)
    saver = Autosaver(w2, tmp_path, resumed=True)
    saver.flush()
    assert not (tmp_path / PREVIOUS_NAME).exists()
    assert len(savegame.load_game(tmp_path / AUTOSAVE_NAME).history) == 1


def test_write_failures_are_reported_not_raised(qtbot, driver, tmp_path):
    blocker = tmp_path / "not a folder"
    blocker.write_text("a file where the folder should be")
    d = driver()
    messages = []
    saver = Autosaver(d.window, blocker / "sub")  # its first write is queued, not yet done
    saver.failed.connect(messages.append)
    saver.flush()
    qtbot.waitUntil(lambda: bool(messages), timeout=5000)
    assert "Autosave failed" in messages[0] and "sub" in messages[0]
    d.reveal()  # the game goes on
    assert d.session.can_act()


# --------------------------------------------------------------------------- at start


def test_inspect_tells_apart_none_untouched_unfinished_finished(tmp_path):
    assert autosave.inspect(tmp_path).kind is FoundKind.NONE
    g = Game(["Ann", "Bob"], seed=1)
    savegame.save_game(g, tmp_path / AUTOSAVE_NAME)
    assert autosave.inspect(tmp_path).kind is FoundKind.UNTOUCHED
    g.pass_turn()
    savegame.save_game(g, tmp_path / AUTOSAVE_NAME)
    found = autosave.inspect(tmp_path)
    assert found.kind is FoundKind.UNFINISHED and len(found.game.history) == 1
    while not g.is_over:
        g.pass_turn()
    savegame.save_game(g, tmp_path / AUTOSAVE_NAME)
    assert autosave.inspect(tmp_path).kind is FoundKind.FINISHED


@pytest.mark.parametrize("data", [
    b"",  # empty
    b"\x00\x01garbage\xff",  # binary
    b"#player1 a A\n#player2 b B\n>a: ABC 8H ABC +10",  # truncated
    b"#character-encoding UTF-8\n#player1 a A\n#player2 b B\n>a: \xe9\xe9 - +0 0\n",
    b"#player1 a A\n#player2 b B\n>a: ABCDEFG 8H BAD +5 5\n",  # not ours: no seed
])
def test_a_corrupt_autosave_is_set_aside_never_deleted(tmp_path, data):
    path = tmp_path / AUTOSAVE_NAME
    path.write_bytes(data)
    found = autosave.inspect(tmp_path)
    assert found.kind is FoundKind.CORRUPT
    assert not path.exists()
    assert found.set_aside is not None and found.set_aside.read_bytes() == data
    assert found.set_aside.name.startswith("autosave-corrupt-")
    notice = autosave.corrupt_notice(found)
    assert str(found.set_aside) in notice and str(path) in notice  # the error names the file
    # a second corrupt file gets its own name
    path.write_bytes(data)
    again = autosave.inspect(tmp_path)
    assert again.set_aside != found.set_aside and found.set_aside.exists()


def _main_window(qapp) -> MainWindow:
    """The table window the last main() opened."""
    windows = [w for w in qapp.wordbler_startup.windows if isinstance(w, MainWindow)]
    assert windows and windows[-1].isVisible()
    return windows[-1]


def _close_all(qapp) -> None:
    """Close the windows main() made (they stay alive with the application, hidden)."""
    for w in qapp.topLevelWidgets():
        if isinstance(w, MainWindow):
            w.settings = None
            w.files._close_confirmed = True
            w.close()


@pytest.fixture
def app_env(qapp, monkeypatch, tmp_path):
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    monkeypatch.setattr(qapp, "exec", lambda: 0)  # main() returns at once: look at what it built
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("WORDBLER_DATA_DIR", str(data))
    yield data
    _close_all(qapp)


def _unfinished(data: Path) -> Game:
    g = Game(["Ann", "Bob"], seed=8)
    g.pass_turn()
    t = next(t for t in g.rack() if not t.is_blank)
    from wordbler.boardgame.model import Placement

    g.set_pending([Placement(t, H8, t.letter)])
    savegame.save_game(g, data / AUTOSAVE_NAME)
    return g


def test_main_offers_the_unfinished_game_and_resumes_it(qapp, app_env, monkeypatch):
    game = _unfinished(app_env)
    asked = []

    def answer(box):
        asked.append(box.text())
        box.button(QMessageBox.StandardButton.Yes).click()
        return 0

    monkeypatch.setattr(autosave.ResumeOffer, "exec", answer)
    assert main(["--players", "Cleo,Dan", "--animation", "off"]) == 0
    assert asked and "Resume the unfinished game?" in asked[0] and "Ann 0, Bob 0" in asked[0]
    assert "tiles on the board" in asked[0]
    w = _main_window(qapp)
    assert [p.name for p in w.session.game.players] == ["Ann", "Bob"]
    assert state_of_game(w.session.game) == state_of_game(game)
    assert not (app_env / PREVIOUS_NAME).exists()


def test_main_starts_a_new_game_when_declined_and_keeps_the_old_one(qapp, app_env, monkeypatch):
    _unfinished(app_env)
    old = (app_env / AUTOSAVE_NAME).read_bytes()
    monkeypatch.setattr(autosave.ResumeOffer, "exec",
                        lambda box: box.button(QMessageBox.StandardButton.No).click() or 0)
    assert main(["--players", "Cleo,Dan", "--animation", "off"]) == 0
    w = _main_window(qapp)
    assert [p.name for p in w.session.game.players] in (["Cleo", "Dan"], ["Dan", "Cleo"])
    w.autosaver.flush()
    assert (app_env / PREVIOUS_NAME).read_bytes() == old


def test_main_resume_flag_and_corrupt_notice(qapp, app_env, capsys):
    (app_env / AUTOSAVE_NAME).write_bytes(b"\x00 not a game")
    assert main(["--players", "Cleo,Dan", "--animation", "off", "--resume"]) == 0
    err = capsys.readouterr().err
    assert "could not be read" in err and "no unfinished game to resume" in err
    aside = [p for p in os.listdir(app_env) if p.startswith("autosave-corrupt-")]
    assert len(aside) == 1
    boxes = [b for b in QApplication.topLevelWidgets() if isinstance(b, QMessageBox)
             and b.isVisible()] + [b for w in qapp.topLevelWidgets() if isinstance(w, MainWindow)
                                   for b in w.findChildren(QMessageBox) if b.isVisible()]
    assert any(aside[0] in b.text() for b in boxes)


def test_main_open_plays_our_game_and_replays_others(qapp, app_env, shared_dir, capsys):
    game = _unfinished(app_env)
    path = app_env / "saved.gcg"
    savegame.save_game(game, path)
    (app_env / AUTOSAVE_NAME).unlink()
    assert main(["--open", str(path), "--animation", "off"]) == 0
    w = _main_window(qapp)
    assert w.files.path == str(path) and not w.files.is_modified()
    assert state_of_game(w.session.game) == state_of_game(game)
    _close_all(qapp)
    from wordbler.ui.boardgame.replay_view import ReplayWindow

    record = shared_dir / "gcg" / "vs_andy.gcg"
    assert main(["--open", str(record)]) == 0
    replays = [x for x in qapp.wordbler_startup.windows if isinstance(x, ReplayWindow)]
    assert replays and replays[-1].path == str(record)
    replays[-1].close()


def test_the_previous_game_comes_back_from_the_file_menu(qtbot, driver):
    d = driver()
    w = d.window
    saver = Autosaver(w)  # in this test's data folder
    d.reveal()
    d.session.pass_turn()
    first = state_of_game(d.game)
    w.files.menu.aboutToShow.emit()
    assert not w.files.previous_action.isEnabled()
    w.start_game(w.config)  # a new game takes the table
    saver.flush()
    w.files.menu.aboutToShow.emit()
    assert w.files.previous_action.isEnabled()
    w.files.previous_action.trigger()  # nothing done in the new game: no question
    assert state_of_game(w.session.game) == first
    assert w.files.path is None and w.files.is_modified()


def test_an_autosave_cut_after_a_whole_line_is_set_aside(tmp_path):
    g = Game(["Ann", "Bob"], seed=1)
    g.pass_turn()
    g.pass_turn()
    text = savegame.game_to_gcg(g)
    (tmp_path / AUTOSAVE_NAME).write_text(text.split("\n#rack1")[0] + "\n")
    found = autosave.inspect(tmp_path)
    assert found.kind is FoundKind.CORRUPT and "cut short" in found.error
    assert f"{tmp_path / AUTOSAVE_NAME}, line " in found.error
    assert found.set_aside is not None and found.set_aside.exists()


def test_new_game_says_the_game_in_progress_stays_available(qtbot, driver):
    d = driver()
    d.reveal()
    d.session.pass_turn()
    d.window.new_action.trigger()
    assert "will be lost" in d.window.new_game_box.text()
    d.click(d.window.new_game_box.button(QMessageBox.StandardButton.No))
    Autosaver(d.window)
    d.window.new_action.trigger()
    assert "Resume the previous game" in d.window.new_game_box.text()
