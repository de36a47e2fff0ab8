"""Data safety through the real start-up (``wordbler.ui.app.main`` with the event loop left
out): no quit, New game or start ever destroys a played game (issue 13.1, 16.1), failures of
the data folder are shown and stop any overwrite (16.3, 16.4, 16.5), a resumed turn comes
back with its undo history and the hand-off hides its tiles (13.2), ``--open`` of a file that
is not a game is shown (13.3), the command line (13.14), and every New game frees the old
window's widgets (16.13).

Each test drives the windows main() opened through their widgets and menus: clicks on the
hand-off, drops of tiles, the New game and Quit actions, the answers to the questions.
"""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from wordbler.boardgame import savegame
from wordbler.boardgame.game import Game
from wordbler.boardgame.model import Coord, Placement
from wordbler.ui.app import _no_display, build_parser, main
from wordbler.ui.boardgame import autosave, startup
from wordbler.ui.boardgame.autosave import Autosaver, Store
from wordbler.ui.boardgame.mainwindow import MainWindow
from wordbler.ui.boardgame.setup import SetupDialog

from ..conftest import Driver

H8, I8, H9 = Coord(7, 7), Coord(7, 8), Coord(8, 7)


# --------------------------------------------------------------------------- helpers


@pytest.fixture
def app_env(qapp, monkeypatch, tmp_path):
    """A data folder of its own; main() returns instead of running the event loop; the
    setup dialog starts the game as it is (the Start button); the resume offer fails the test
    unless a test answers it."""
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    monkeypatch.setattr(qapp, "exec", lambda: 0)
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("WORDBLER_DATA_DIR", str(data))

    def start(dialog):
        dialog.start_button.click()
        return dialog.result()

    monkeypatch.setattr(SetupDialog, "exec", start)
    offers: list[str] = []

    def unexpected(box):
        offers.append(box.text())
        raise AssertionError(f"an unexpected resume offer: {box.text()}")

    monkeypatch.setattr(autosave.ResumeOffer, "exec", unexpected)
    yield data / "boardgame"
    for w in list(qapp.topLevelWidgets()):
        if isinstance(w, MainWindow) and w.isVisible():
            w.settings = None
            w.files._close_confirmed = True
            w.close()
    settle()


def answer_offer(monkeypatch, resume: bool) -> list[str]:
    """The resume offer is answered (Resume or New game); returns the texts it showed."""
    asked: list[str] = []

    def answer(box):
        asked.append(box.text())
        button = QMessageBox.StandardButton.Yes if resume else QMessageBox.StandardButton.No
        box.button(button).click()
        return 0

    monkeypatch.setattr(autosave.ResumeOffer, "exec", answer)
    return asked


def settle() -> None:
    """What the event loop would do next, in its order: the calls queued so far, then the
    deleteLater()s; then Python collects."""
    for _ in range(3):
        QApplication.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        gc.collect()


def table(qapp) -> MainWindow:
    """The table window the last main() opened."""
    windows = [w for w in qapp.wordbler_launcher.startup.windows
               if isinstance(w, MainWindow) and w.isVisible()]
    assert windows, "no table window open"
    return windows[-1]


def start(qapp, *argv: str) -> MainWindow:
    """``wordbler ARGV`` through main(); the board game's window (from the start page when
    no board-game option is given)."""
    assert main([*argv, "--animation", "off"]) == 0
    if not any(a in argv for a in ("--players", "--resume", "--open")):
        qapp.wordbler_launcher.open("boardgame")
    return table(qapp)


def activate(qtbot, w: MainWindow) -> None:
    """The window has the keyboard (its shortcuts work), as the one a person clicked."""
    with qtbot.waitActive(w):
        w.activateWindow()


def quit_window(qtbot, w: MainWindow) -> None:
    """File > Quit, answering "Don't save" if asked; the window is gone afterwards."""
    w.files.quit_action.trigger()
    box = w.files.box
    if box is not None and box.isVisible():
        qtbot.mouseClick(box.button(QMessageBox.StandardButton.Discard), Qt.MouseButton.LeftButton)
    assert not w.isVisible()
    settle()


def play_a_pass(qtbot, w: MainWindow) -> None:
    """The player at the screen takes the seat (clicks the hand-off) and passes (the button,
    then "Pass" in the question)."""
    d = Driver(qtbot, w)
    if w.session.handoff:
        d.reveal()
    d.click(w.table.pass_button)
    d.click(w.pass_box.button(QMessageBox.StandardButton.Yes))


def new_game(qtbot, w: MainWindow) -> None:
    """File > New game, "New game" if asked, then Start in the setup dialog."""
    w.new_action.trigger()
    if w.new_game_box is not None:
        qtbot.mouseClick(w.new_game_box.button(QMessageBox.StandardButton.Yes),
                         Qt.MouseButton.LeftButton)
    dlg = w.setup_dialog
    assert dlg is not None
    qtbot.mouseClick(dlg.start_button, Qt.MouseButton.LeftButton)


def kept(folder: Path) -> list[Path]:
    return [p for p, _ in Store(folder).game_files()]


def kept_game(folder: Path, players=("Ann", "Bob"), turns: int = 3, seed: int = 5,
              pending: bool = False) -> Path:
    """A played, unfinished game kept in ``folder`` (as an earlier session left it)."""
    g = Game(list(players), seed=seed)
    for _ in range(turns):
        g.exchange(g.rack()[:2]) if len(g.bag) >= 7 else g.pass_turn()
    if pending:
        t = next(t for t in g.rack() if not t.is_blank)
        g.set_pending([Placement(t, H8, t.letter)])
    slot = Store(folder).new_slot()
    savegame.save_game(g, slot.path)
    slot.release()
    return slot.path


def resume_menu_texts(w: MainWindow) -> list[str]:
    w.files.resume_menu.aboutToShow.emit()
    return [a.text() for a in w.files.resume_actions]


# --------------------------------------------------------------------------- 13.1 / 16.1


def test_quit_then_new_game_then_quit_keeps_the_played_game(qapp, qtbot, app_env, monkeypatch):
    """Issue 13.1: play game A and quit; start, New game, quit at once: A is still there,
    offered at the next start, and resumes exactly."""
    w = start(qapp, "--players", "Ann,Bob")
    play_a_pass(qtbot, w)
    play_a_pass(qtbot, w)
    a_state = savegame.game_to_gcg(w.session.game)
    quit_window(qtbot, w)
    [a_path] = kept(app_env)
    a_bytes = a_path.read_bytes()

    answer_offer(monkeypatch, resume=False)  # start: "Resume?" - New game
    w = start(qapp)
    assert w.autosaver.path is None
    quit_window(qtbot, w)  # at once, nothing played
    assert kept(app_env) == [a_path] and a_path.read_bytes() == a_bytes

    asked = answer_offer(monkeypatch, resume=True)
    w = start(qapp)
    assert asked and "after 2 turns" in asked[0] and "Ann 0" in asked[0] and "Bob 0" in asked[0]
    assert savegame.game_to_gcg(w.session.game) == a_state
    assert w.autosaver.path == a_path


def test_new_game_twice_in_one_session_keeps_every_played_game(qapp, qtbot, app_env,
                                                                monkeypatch):
    """Issue 16.1: a game kept from before; a session declines it, presses New game twice and
    quits: the kept game is whole; games that were played in between are kept too, each in
    its own file, newest first in File > Resume; unplayed ones left nothing."""
    before = kept_game(app_env, ("Ann", "Bob"), turns=5)
    before_bytes = before.read_bytes()
    answer_offer(monkeypatch, resume=False)
    w = start(qapp)
    new_game(qtbot, w)
    new_game(qtbot, w)
    quit_window(qtbot, w)
    assert kept(app_env) == [before] and before.read_bytes() == before_bytes

    w = start(qapp, "--players", "Cy,Di")
    play_a_pass(qtbot, w)
    new_game(qtbot, w)  # asks first: a game is under way
    play_a_pass(qtbot, w)
    new_game(qtbot, w)  # this one: nothing played
    texts = resume_menu_texts(w)
    assert len(texts) == 3, texts
    for text in texts[:2]:  # the two played here (the setup offers the same players again)
        assert ("Cy 0, Di 0 — 1 turn," in text) or ("Di 0, Cy 0 — 1 turn," in text)
    assert "— 5 turns, unfinished" in texts[2] and "Ann 0" in texts[2]
    quit_window(qtbot, w)
    assert len(kept(app_env)) == 3 and before.read_bytes() == before_bytes


def test_players_starts_a_new_game_without_asking_and_keeps_the_unfinished_one(
        qapp, qtbot, app_env):
    """Issue 13.14: ``--players`` does not offer to resume first (the fixture fails the test
    if it does); the unfinished game stays, and the message line says where."""
    before = kept_game(app_env, ("Ann", "Bob"), turns=2)
    before_bytes = before.read_bytes()
    w = start(qapp, "--players", "Cy,Di", "--seed", "3")
    assert sorted(p.name for p in w.session.game.players) == ["Cy", "Di"]
    assert "kept: File > Resume" in w.table.message_label.text()
    play_a_pass(qtbot, w)
    quit_window(qtbot, w)
    assert before.read_bytes() == before_bytes and len(kept(app_env)) == 2


def test_resume_from_the_file_menu_goes_on_in_the_same_file(qapp, qtbot, app_env):
    before = kept_game(app_env, ("Ann", "Bob"), turns=2)
    w = start(qapp, "--players", "Cy,Di")
    texts = resume_menu_texts(w)
    assert "— 2 turns, unfinished" in texts[0] and "Ann 0" in texts[0]
    w.files.resume_actions[0].trigger()  # nothing played here yet: no question
    assert [p.name for p in w.session.game.players][:1] in (["Ann"], ["Bob"])
    assert w.autosaver.path == before
    play_a_pass(qtbot, w)
    w.autosaver.flush()
    assert kept(app_env) == [before] and len(savegame.load_game(before).history) == 3
    assert "(on the table)" in resume_menu_texts(w)[0]


# --------------------------------------------------------------------------- 13.2


def test_a_resumed_turn_has_its_undo_history_and_the_hand_off_hides_its_tiles(
        qapp, qtbot, app_env):
    """Issue 13.2: tiles placed, one moved, the rack shuffled, one step undone; the app ends.
    Resumed: the hand-off shows no tile of the turn and no rack; once the player takes the
    seat the tiles are there, Ctrl+Z takes the steps back one by one, Ctrl+Shift+Z redoes."""
    w = start(qapp, "--players", "Ann,Bob", "--seed", "11")
    activate(qtbot, w)
    d = Driver(qtbot, w)
    d.reveal()
    a, b, c = [t for t in d.session.rack_tiles() if not t.is_blank][:3]
    assert d.drop_on_square(a.id, H8)
    assert d.drop_on_square(b.id, I8)
    assert d.drop_on_square(b.id, H9, origin=I8)
    assert d.drop_on_square(c.id, I8)
    d.key(Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)  # c goes back
    stack = w.session.undo_stack
    assert (stack.count(), stack.index()) == (4, 3)
    shown = sorted((p.coord, p.tile.id) for p in w.session.pending())
    rack = [t.id for t in w.session.rack_tiles()]
    w.files._close_confirmed = True
    quit_window(qtbot, w)

    w = start(qapp, "--resume")
    activate(qtbot, w)
    s = w.session
    assert s.handoff and w.table.handoff.isVisible()
    assert w.table.bottom.currentWidget() is not w.table.rack  # the rack is covered
    for coord, _ in shown:  # and the board shows none of the turn's tiles
        assert w.board.squares[coord].state.face is None
    assert w.table.preview_label.text() == ""  # nor the word they make
    d = Driver(qtbot, w)
    d.reveal()
    assert sorted((p.coord, p.tile.id) for p in s.pending()) == shown
    assert [t.id for t in s.rack_tiles()] == rack
    for coord, _ in shown:
        assert w.board.squares[coord].state.face is not None
    assert (s.undo_stack.count(), s.undo_stack.index()) == (4, 3)
    d.key(Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)  # b back on I8
    assert sorted(p.coord for p in s.pending()) == [H8, I8]
    d.key(Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)
    d.key(Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)
    assert [p.coord for p in s.pending()] == []
    for _ in range(4):
        d.key(Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier
              | Qt.KeyboardModifier.ShiftModifier)
    assert sorted(p.coord for p in s.pending()) == [H8, I8, H9]


def test_an_undo_history_that_does_not_fit_is_left_out_and_the_tiles_stay(qapp, qtbot, app_env):
    path = kept_game(app_env, turns=1, pending=True)
    text = path.read_text()
    path.write_text(text + "#wordbler-ui-undo-index 1\n#wordbler-ui-undo x m,1,r0,O15,-,Q\n")
    w = start(qapp, "--resume")
    assert w.session.undo_stack.count() == 0 and len(w.session.pending()) == 1
    assert "undo history" in w.table.message_label.text()


# --------------------------------------------------------------------------- 16.3 / 16.4 / 16.5


def _notices(qapp) -> list[str]:
    return [b.text() for b in qapp.wordbler_launcher.startup.boxes if b.isVisible()]


def test_a_file_where_the_folder_should_be_starts_with_autosave_off_and_says_why(
        qapp, qtbot, app_env, capsys):
    app_env.write_bytes(b"not a folder")
    w = start(qapp, "--players", "Ann,Bob")
    assert any("Autosave is off" in t and str(app_env) in t for t in _notices(qapp))
    assert "Autosave is off" in w.autosaver.banner.text and w.autosaver.banner.isVisible()
    assert "autosave is off" in capsys.readouterr().err.lower()
    play_a_pass(qtbot, w)  # the game goes on
    w.autosaver.flush()
    assert app_env.read_bytes() == b"not a folder"  # nothing overwritten
    assert w.autosaver.banner.isVisible()


def test_a_kept_game_whose_lock_cannot_be_made_is_named_not_said_open_elsewhere(
        qapp, qtbot, app_env, monkeypatch):
    # on a full disk (or a folder without write permission) a game's lock file cannot be
    # made; the start said "1 unfinished game is open in another Wordbler window", with no
    # other window, and nothing about the kept game
    path = kept_game(app_env)
    before = path.read_bytes()

    class NoRoomForLocks(autosave.QLockFile):  # what the system answers on a full disk
        def tryLock(self, timeout=0):  # noqa: N802
            return False

        def error(self):
            return autosave.QLockFile.LockError.UnknownError

    monkeypatch.setattr(autosave, "QLockFile", NoRoomForLocks)
    w = start(qapp, "--players", "Cy,Di")  # no resume offer: the game cannot be locked
    text = w.table.message_label.text()
    assert "another Wordbler window" not in text
    assert "1 unfinished game cannot be resumed now" in text and path.name in text
    assert path.read_bytes() == before  # kept as it was


def test_a_folder_in_the_way_of_the_old_previous_game_loses_nothing(qapp, qtbot, app_env):
    """Issue 16.3's repro: an unfinished autosave of the old scheme with a folder named
    autosave-previous.gcg beside it, then a new game: the old game is kept whole."""
    data = app_env.parent
    g = Game(["Ann", "Bob"], seed=2)
    for _ in range(12):
        g.exchange(g.rack()[:1]) if len(g.bag) >= 7 else g.pass_turn()
        if g.is_over:
            break
    savegame.save_game(g, data / autosave.AUTOSAVE_NAME)
    old = (data / autosave.AUTOSAVE_NAME).read_bytes()
    (data / autosave.PREVIOUS_NAME).mkdir()
    w = start(qapp, "--players", "Cy,Di")
    play_a_pass(qtbot, w)
    quit_window(qtbot, w)
    games = {p.read_bytes() for p in kept(app_env)}
    assert old in games and len(games) == 2
    assert (data / autosave.PREVIOUS_NAME).is_dir()


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_an_unreadable_data_folder_starts_with_autosave_off(qapp, qtbot, app_env, capsys):
    """Issue 16.4 in this process (the root user reads anything: then the subprocess test of
    test_safety_processes.py runs the same without that power)."""
    data = app_env.parent
    os.chmod(data, 0)
    try:
        if os.access(data, os.R_OK):
            pytest.skip("this user reads folders without permission (root)")
        w = start(qapp, "--players", "Ann,Bob")
        assert "Permission denied" in w.autosaver.problem
        assert any("Autosave is off" in t for t in _notices(qapp))
        play_a_pass(qtbot, w)
        assert "Traceback" not in capsys.readouterr().err
    finally:
        os.chmod(data, 0o755)


def test_an_autosave_failure_stays_in_view_until_a_write_works(qapp, qtbot, app_env):
    """Issue 16.5: the failure is not replaced by the next message; it goes once autosave
    works again, and the user is told."""
    w = start(qapp, "--players", "Ann,Bob", "--seed", "4")
    d = Driver(qtbot, w)
    d.reveal()
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    assert d.drop_on_square(a.id, H8)
    w.autosaver.flush()
    assert w.autosaver.path is not None and not w.autosaver.banner.isVisible()
    away = app_env.with_name("away")
    app_env.rename(away)
    app_env.write_bytes(b"in the way")  # now no file can be written there
    assert d.drop_on_square(b.id, I8)
    w.autosaver.flush()
    failure = w.autosaver.banner.text
    assert failure.startswith("Autosave failed:") and str(app_env) in failure
    d.click(w.table.recall_button)  # more messages come and go on the message line...
    w.show_message("Something else happened.", "info")
    assert w.table.message_label.text() == "Something else happened."
    assert w.autosaver.banner.isVisible() and w.autosaver.banner.text == failure  # ...it stays
    app_env.unlink()
    away.rename(app_env)
    assert d.drop_on_square(a.id, H8)  # the next change is written: the failure goes
    w.autosaver.flush()
    assert not w.autosaver.banner.isVisible() and w.autosaver.problem == ""
    assert "Autosave works again" in w.table.message_label.text()
    assert [p.coord for p in savegame.load_game(w.autosaver.path).pending] == [H8]


# --------------------------------------------------------------------------- 13.3


def _not_a_game(tmp_path: Path) -> Path:
    path = tmp_path / "picture.gcg"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    return path


def test_open_of_a_file_that_is_not_a_game_is_shown_in_a_message_box(qapp, app_env, tmp_path,
                                                                      monkeypatch, capsys):
    bad = _not_a_game(tmp_path)
    shown = []

    def exec_(box):
        shown.append((box.windowTitle(), box.text(), box.icon()))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(startup, "interactive", lambda: True)  # someone is looking
    monkeypatch.setattr(QMessageBox, "exec", exec_)
    assert main(["--open", str(bad)]) == 2
    [(title, text, icon)] = shown
    assert str(bad) in text and "binary data" in text and icon == QMessageBox.Icon.Critical
    assert "cannot open" in title
    assert str(bad) in capsys.readouterr().err
    assert not [w for w in qapp.wordbler_launcher.startup.windows if w.isVisible()]


def test_open_of_a_file_that_is_not_a_game_in_a_run_with_no_one_to_see(qapp, app_env, tmp_path,
                                                                       monkeypatch, capsys):
    """Offscreen (the tests' platform): no box that would wait for ever; one line, exit 2."""
    bad = _not_a_game(tmp_path)
    monkeypatch.setattr(QMessageBox, "exec", lambda box: pytest.fail("a modal box offscreen"))
    assert not startup.interactive()
    assert main(["--open", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"wordbler: {bad}") and "binary" in err[0]


def test_no_display_at_all_is_told_apart():
    assert _no_display({}) is (os.sys.platform.startswith("linux"))
    assert not _no_display({"DISPLAY": ":0"})
    assert not _no_display({"QT_QPA_PLATFORM": "offscreen"})  # Qt starts; Startup answers


# --------------------------------------------------------------------------- 13.14


def test_rules_are_checked_even_without_players(app_env, capsys):
    for argv in (["--rules", "bogus"], ["--rules", "bogus", "--resume"],
                 ["--rules", "bogus", "--open", "x.gcg"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "unknown rules preset 'bogus'" in err and err.count("\n") == 1


def test_the_help_gives_player_counts_without_2_2():
    text = build_parser().format_help()
    assert "tournament (2 players)" in " ".join(text.split())
    assert "2-2" not in text and "standard (2-4 players)" in " ".join(text.split())


def test_rules_names_are_read_in_any_case(qapp, app_env):
    w = start(qapp, "--players", "Ann,Bob", "--rules", "Tournament")
    assert w.session.game.rules.name == "tournament"


# --------------------------------------------------------------------------- 16.13


def _live_widgets() -> int:
    settle()
    return len(QApplication.allWidgets())


SLACK = 12  # widgets made once on first use, not per round


def test_new_games_free_the_old_windows_and_widgets(qapp, qtbot, app_env, monkeypatch):
    """Issue 16.13: New game from the menu, New game after a game over, and closing the table
    then opening the board game again from the start page: after a first round of each, three
    more do not add a single live widget (the old tables, dialogs and windows are freed: the
    old code kept about 20 widgets per game over and 420 per closed window), and the closed
    windows are gone."""
    import shiboken6

    answer_offer(monkeypatch, resume=False)
    w = start(qapp)

    def by_menu():
        play_a_pass(qtbot, w)
        new_game(qtbot, w)

    def after_game_over():
        while not w.session.is_over:
            play_a_pass(qtbot, w)
        qtbot.mouseClick(w.game_over_dialog.new_button, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(w.setup_dialog.start_button, Qt.MouseButton.LeftButton)

    closed = []

    def close_and_reopen():
        nonlocal w
        play_a_pass(qtbot, w)
        closed.append(w)
        quit_window(qtbot, w)
        qapp.wordbler_launcher.open("boardgame")  # "Resume?" - New game, then the setup
        w = table(qapp)

    for route in (by_menu, after_game_over, close_and_reopen):
        route()
        base = _live_widgets()
        for _ in range(3):
            route()
        # a few widgets that Qt makes once on first use (after other test files have run, a
        # handful more turn up in these rounds) are no leak; the leaks this catches were about
        # 20 widgets per game over and 420 per closed window, each round
        assert _live_widgets() <= base + SLACK, route.__name__
    assert closed and not any(shiboken6.isValid(o) for o in closed)
