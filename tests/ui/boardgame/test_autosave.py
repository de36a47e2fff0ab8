"""Autosave: each played game in its own file (the last 10 kept), written after each tile
movement and turn, atomically and off the GUI thread; the newest unfinished game offered at
start; files that cannot be read set aside, never deleted."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox

from wordbler.boardgame import savegame
from wordbler.boardgame.game import Game
from wordbler.boardgame.model import Coord, Placement
from wordbler.paths import user_data_dir
from wordbler.ui.app import main
from wordbler.ui.boardgame import autosave
from wordbler.ui.boardgame.autosave import KEEP, Autosaver, FoundKind, Store
from wordbler.ui.boardgame.mainwindow import MainWindow
from wordbler.ui.boardgame.scripted import state_of

H8, I8 = Coord(7, 7), Coord(7, 8)


def _on_disk(saver: Autosaver) -> Game:
    saver.flush()
    assert saver.path is not None
    return savegame.load_game(saver.path)


def _games(folder: Path) -> list[Path]:
    return [p for p, _ in Store(folder).game_files()]


def state_of_game(game: Game) -> dict:
    class S:  # state_of wants a session; only its game matters here
        pass

    s = S()
    s.game = game
    s.rack_tiles = lambda: []
    s.pending = lambda: ()
    return state_of(s)


def _kept(folder: Path, game: Game) -> Path:
    """``game`` written as a kept game of ``folder`` (as a window would have)."""
    slot = Store(folder).new_slot()
    savegame.save_game(game, slot.path)
    slot.release()
    return slot.path


def test_the_default_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("WORDBLER_DATA_DIR", str(tmp_path))
    assert autosave.autosave_dir() == tmp_path / "boardgame"
    monkeypatch.delenv("WORDBLER_DATA_DIR")
    assert autosave.autosave_dir() == user_data_dir() / "boardgame"


def test_written_once_played_then_after_each_tile_and_each_turn(qtbot, driver, tmp_path):
    d = driver()
    saver = Autosaver(d.window, tmp_path)
    saver.flush()
    assert saver.path is None and _games(tmp_path) == []  # nothing played: nothing written
    d.reveal()
    a, b = [t for t in d.session.rack_tiles() if not t.is_blank][:2]
    with qtbot.waitSignal(saver.written, timeout=5000):
        assert d.drop_on_square(a.id, H8)
    assert _games(tmp_path) == [saver.path] and saver.path.name.startswith("game-")
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
    assert _games(tmp_path) == [saver.path]  # one game, one file


def test_a_burst_of_changes_is_written_once(qtbot, driver, tmp_path):
    d = driver()
    saver = Autosaver(d.window, tmp_path)
    d.reveal()
    for i, t in enumerate([t for t in d.session.rack_tiles() if not t.is_blank][:4]):
        d.session.move_tile(t.id, Coord(7, 5 + i))
    saver.flush()
    n = len(saver.gui_ms)
    d.session.recall_all()  # four tiles move in one go
    saver.flush()
    assert len(saver.gui_ms) == n + 1
    assert not _on_disk(saver).pending


def test_a_new_game_gets_its_own_file_and_the_old_one_stays(qtbot, driver, tmp_path):
    d = driver()
    saver = Autosaver(d.window, tmp_path)
    d.reveal()
    d.session.pass_turn()
    saver.flush()
    first = saver.path
    played = first.read_bytes()
    d.window.start_game(d.window.config)  # New game
    saver.flush()
    assert saver.path is None and first.read_bytes() == played  # untouched, not replaced
    assert _games(tmp_path) == [first]
    d.reveal()
    d.session.pass_turn()
    saver.flush()
    assert saver.path != first and first.read_bytes() == played
    assert set(_games(tmp_path)) == {first, saver.path}


def test_a_game_that_ends_up_with_nothing_played_leaves_no_file(qtbot, driver, tmp_path):
    d = driver()
    saver = Autosaver(d.window, tmp_path)
    d.reveal()
    t = next(t for t in d.session.rack_tiles() if not t.is_blank)
    assert d.drop_on_square(t.id, H8)
    saver.flush()
    assert _games(tmp_path) == [saver.path]
    d.session.undo_stack.undo()  # taken back: nothing played any more
    d.window.start_game(d.window.config)
    saver.flush()
    assert _games(tmp_path) == []


def test_a_resumed_game_goes_on_in_its_own_file(qtbot, make_window, tmp_path):
    g = Game(["Ann", "Bob"], seed=7)
    g.pass_turn()
    path = _kept(tmp_path, g)
    found = autosave.inspect(tmp_path)
    assert found.kind is FoundKind.UNFINISHED and found.path == path and found.slot.held
    w2 = MainWindow(make_window().config, game=found.game)
    qtbot.addWidget(w2)
    saver = Autosaver(w2, tmp_path, slot=found.slot, record=found.record)
    saver.flush()
    assert saver.path == path and path.read_bytes() == savegame.game_to_gcg(g).encode()
    w2.session.reveal()
    w2.session.pass_turn()
    saver.flush()
    assert _games(tmp_path) == [path] and len(savegame.load_game(path).history) == 2
    saver.close()
    assert not found.slot.held


def test_only_the_last_ten_played_games_are_kept(qtbot, driver, tmp_path):
    old = []
    for n in range(KEEP + 2):
        g = Game(["Ann", "Bob"], seed=n)
        g.pass_turn()
        path = _kept(tmp_path, g)
        os.utime(path, (1_000_000 + n, 1_000_000 + n))
        old.append(path)
    d = driver()
    saver = Autosaver(d.window, tmp_path)
    saver.flush()
    assert len(_games(tmp_path)) == KEEP + 2  # an unplayed game prunes nothing
    d.reveal()
    d.session.pass_turn()
    saver.flush()
    kept = _games(tmp_path)
    assert kept[0] == saver.path and len(kept) == KEEP
    assert kept[1:] == old[::-1][:KEEP - 1]  # the newest of the older ones


def test_an_unfinished_game_is_not_pushed_out_by_finished_ones(qtbot, driver, tmp_path):
    # ten finished games newer than an unfinished one removed it, though it was the only
    # one of them that could still be played
    unfinished = Game(["Ann", "Bob"], seed=1)
    unfinished.pass_turn()
    keep_me = _kept(tmp_path, unfinished)
    os.utime(keep_me, (1_000_000, 1_000_000))
    finished = []
    for n in range(KEEP):
        g = Game(["Cy", "Di"], seed=10 + n)
        while not g.is_over:
            g.pass_turn()
        path = _kept(tmp_path, g)
        os.utime(path, (1_000_100 + n, 1_000_100 + n))
        finished.append(path)
    d = driver()
    saver = Autosaver(d.window, tmp_path)
    d.reveal()
    d.session.pass_turn()
    saver.flush()
    kept = _games(tmp_path)
    assert len(kept) == KEEP and keep_me in kept and saver.path in kept
    # twelve games: the two oldest finished ones go, not the older unfinished one
    assert set(kept) == {keep_me, saver.path, *finished[2:]}
    resume = [e.path for e in Store(tmp_path).entries() if e.unfinished]
    assert keep_me in resume


def test_write_failures_are_reported_not_raised(qtbot, driver, tmp_path):
    blocker = tmp_path / "not a folder"
    blocker.write_text("a file where the folder should be")
    d = driver()
    messages = []
    saver = Autosaver(d.window, blocker / "sub")
    saver.failed.connect(messages.append)
    assert "Autosave is off" in saver.problem and "sub" in saver.problem
    d.reveal()  # the game goes on
    d.session.pass_turn()
    saver.flush()
    assert d.session.game.history and saver.path is None
    assert saver.banner.text == saver.problem


# --------------------------------------------------------------------------- at start


def test_inspect_offers_only_an_unfinished_played_game(tmp_path):
    assert autosave.inspect(tmp_path).kind is FoundKind.NONE
    g = Game(["Ann", "Bob"], seed=1)
    untouched = _kept(tmp_path, g)
    assert autosave.inspect(tmp_path).kind is FoundKind.NONE
    untouched.unlink()
    g.pass_turn()
    path = _kept(tmp_path, g)
    found = autosave.inspect(tmp_path)
    assert found.kind is FoundKind.UNFINISHED and len(found.game.history) == 1
    found.release()
    while not g.is_over:
        g.pass_turn()
    savegame.save_game(g, path)
    assert autosave.inspect(tmp_path).kind is FoundKind.NONE  # finished: nothing to resume


def test_the_newest_unfinished_game_is_offered(tmp_path):
    paths = []
    for n in range(3):
        g = Game(["Ann", "Bob"], seed=n)
        for _ in range(n + 1):
            g.pass_turn()
        paths.append(_kept(tmp_path, g))
        os.utime(paths[-1], (1_000_000 + n, 1_000_000 + n))
    os.utime(paths[0], (2_000_000, 2_000_000))  # the first one was played last
    found = autosave.inspect(tmp_path)
    assert found.path == paths[0] and len(found.game.history) == 1
    found.release()


@pytest.mark.parametrize("data", [
    b"",  # empty
    b"\x00\x01garbage\xff",  # binary
    b"#player1 a A\n#player2 b B\n>a: ABC 8H ABC +10",  # truncated
    b"#character-encoding UTF-8\n#player1 a A\n#player2 b B\n>a: \xe9\xe9 - +0 0\n",
    b"#player1 a A\n#player2 b B\n>a: ABCDEFG 8H BAD +5 5\n",  # not ours: no seed
])
def test_a_kept_game_that_cannot_be_read_is_set_aside_never_deleted(tmp_path, data):
    slot = Store(tmp_path).new_slot()
    slot.path.write_bytes(data)
    slot.release()
    found = autosave.inspect(tmp_path)
    assert found.kind is FoundKind.CORRUPT
    assert not slot.path.exists()
    assert found.set_aside is not None and found.set_aside.read_bytes() == data
    assert found.set_aside.name.startswith("corrupt-")
    notice = autosave.corrupt_notice(found)
    assert str(found.set_aside) in notice and str(slot.path) in notice  # names the file
    # a second bad file gets its own name
    slot2 = Store(tmp_path).new_slot()
    slot2.path.write_bytes(data)
    slot2.release()
    again = autosave.inspect(tmp_path)
    assert again.set_aside != found.set_aside and found.set_aside.exists()


def test_a_kept_game_cut_after_a_whole_line_is_set_aside(tmp_path):
    g = Game(["Ann", "Bob"], seed=1)
    g.pass_turn()
    g.pass_turn()
    text = savegame.game_to_gcg(g)
    slot = Store(tmp_path).new_slot()
    slot.path.write_text(text.split("\n#rack1")[0] + "\n")
    slot.release()
    found = autosave.inspect(tmp_path)
    assert found.kind is FoundKind.CORRUPT and "cut short" in found.error
    assert f"{slot.path}, line " in found.error
    assert found.set_aside is not None and found.set_aside.exists()


def test_the_single_autosave_of_earlier_versions_is_moved_in(tmp_path):
    data = tmp_path / "data"
    (data / "boardgame").mkdir(parents=True)
    g = Game(["Ann", "Bob"], seed=4)
    g.pass_turn()
    savegame.save_game(g, data / autosave.AUTOSAVE_NAME)
    p = Game(["Cy", "Di"], seed=5)
    p.pass_turn()
    savegame.save_game(p, data / autosave.PREVIOUS_NAME)
    os.utime(data / autosave.PREVIOUS_NAME, (1_000_000, 1_000_000))
    found = autosave.inspect(data / "boardgame")
    assert found.kind is FoundKind.UNFINISHED
    assert [q.name for q in found.game.players] == ["Ann", "Bob"]
    found.release()
    assert not (data / autosave.AUTOSAVE_NAME).exists()
    assert [savegame.load_game(q).players[0].name for q in _games(data / "boardgame")] in (
        ["Ann", "Cy"], ["Bob", "Cy"], ["Ann", "Di"], ["Bob", "Di"])


# --------------------------------------------------------------------------- through main()


def _main_window(qapp) -> MainWindow:
    """The table window the last main() opened."""
    windows = [w for w in qapp.wordbler_launcher.startup.windows if isinstance(w, MainWindow)]
    assert windows and windows[-1].isVisible()
    return windows[-1]


def _close_all(qapp) -> None:
    """Close the windows main() made."""
    for w in qapp.topLevelWidgets():
        if isinstance(w, MainWindow) and w.isVisible():
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
    yield data / "boardgame"
    _close_all(qapp)


def _unfinished(folder: Path) -> tuple[Game, Path]:
    g = Game(["Ann", "Bob"], seed=8)
    g.pass_turn()
    t = next(t for t in g.rack() if not t.is_blank)
    g.set_pending([Placement(t, H8, t.letter)])
    return g, _kept(folder, g)


def test_main_offers_the_unfinished_game_and_resumes_it(qapp, app_env, monkeypatch):
    game, path = _unfinished(app_env)
    asked = []

    def answer(box):
        asked.append(box.text())
        box.button(QMessageBox.StandardButton.Yes).click()
        return 0

    monkeypatch.setattr(autosave.ResumeOffer, "exec", answer)
    assert main(["--animation", "off"]) == 0
    qapp.wordbler_launcher.open("boardgame")
    assert asked and "Resume the unfinished game?" in asked[0] and "Ann 0, Bob 0" in asked[0]
    assert "tiles on the board" in asked[0] and "File > Resume" in asked[0]
    w = _main_window(qapp)
    assert [p.name for p in w.session.game.players] == ["Ann", "Bob"]
    assert state_of_game(w.session.game) == state_of_game(game)
    assert w.autosaver.path == path  # it goes on in its own file
    assert _games(app_env) == [path]


def test_main_starts_a_new_game_when_declined_and_keeps_the_old_one(qapp, app_env, monkeypatch):
    _, path = _unfinished(app_env)
    old = path.read_bytes()
    monkeypatch.setattr(autosave.ResumeOffer, "exec",
                        lambda box: box.button(QMessageBox.StandardButton.No).click() or 0)
    from wordbler.ui.boardgame.setup import SetupDialog

    def start(dialog):
        dialog.start_button.click()
        return dialog.result()

    monkeypatch.setattr(SetupDialog, "exec", start)
    assert main(["--animation", "off"]) == 0
    qapp.wordbler_launcher.open("boardgame")
    w = _main_window(qapp)
    assert w.autosaver.path is None  # a new game, not played yet: no file
    w.session.reveal()
    w.session.pass_turn()
    w.autosaver.flush()
    assert path.read_bytes() == old and set(_games(app_env)) == {path, w.autosaver.path}


def test_main_resume_flag_and_the_corrupt_notice(qapp, app_env, capsys):
    slot = Store(app_env).new_slot()
    slot.path.write_bytes(b"\x00 not a game")
    slot.release()
    assert main(["--players", "Cleo,Dan", "--animation", "off", "--resume"]) == 0
    err = capsys.readouterr().err
    assert "could not be read" in err and "no unfinished game to resume" in err
    aside = [p for p in os.listdir(app_env) if p.startswith("corrupt-")]
    assert len(aside) == 1
    boxes = [b for b in QApplication.topLevelWidgets() if isinstance(b, QMessageBox)
             and b.isVisible()] + [b for w in qapp.topLevelWidgets() if isinstance(w, MainWindow)
                                   for b in w.findChildren(QMessageBox) if b.isVisible()]
    assert any(aside[0] in b.text() for b in boxes)


def test_main_open_plays_our_game_and_replays_others(qapp, app_env, shared_dir, tmp_path):
    game, kept = _unfinished(app_env)
    path = tmp_path / "saved.gcg"
    savegame.save_game(game, path)
    kept.unlink()
    assert main(["--open", str(path), "--animation", "off"]) == 0
    w = _main_window(qapp)
    assert w.files.path == str(path) and not w.files.is_modified()
    assert state_of_game(w.session.game) == state_of_game(game)
    _close_all(qapp)
    from wordbler.ui.boardgame.replay_view import ReplayWindow

    record = shared_dir / "gcg" / "vs_andy.gcg"
    assert main(["--open", str(record)]) == 0
    replays = [x for x in qapp.wordbler_launcher.startup.windows if isinstance(x, ReplayWindow)]
    assert replays and replays[-1].path == str(record)
    replays[-1].close()


def test_new_game_says_the_game_in_progress_stays_available(qtbot, driver):
    d = driver()
    d.reveal()
    d.session.pass_turn()
    d.window.new_action.trigger()
    assert "will be lost" in d.window.new_game_box.text()
    d.click(d.window.new_game_box.button(QMessageBox.StandardButton.No))
    Autosaver(d.window)
    d.window.new_action.trigger()
    assert "File > Resume" in d.window.new_game_box.text()


# --------------------------------------------------------------------------- the turn's undo


def _turn_state(session) -> tuple:
    return ([t.id for t in session.rack_tiles()],
            [(p.coord, p.tile.id, p.letter) for p in session.pending()],
            session.undo_stack.count(), session.undo_stack.index())


@pytest.mark.parametrize("seed", [3, 11])
def test_the_turns_undo_history_survives_a_save_with_macros_and_rack_orders(qapp, seed):
    from wordbler.boardgame import gcg
    from wordbler.ui.boardgame.session import GameSession

    s = GameSession(Game(["Ann", "Bob"], seed=seed))
    s.reveal()
    a, b, c = [t for t in s.rack_tiles() if not t.is_blank][:3]
    s.move_tile(a.id, H8)
    s.move_tile(b.id, I8)
    s.shuffle()
    s.recall_all()  # a macro of two steps
    s.undo_stack.undo()  # the recall undone: it can be redone
    s.move_tile(c.id, Coord(8, 7))
    s.move_tile(c.id, 0)  # back to the rack, first slot
    s.undo_stack.undo()
    text = savegame.game_to_gcg(s.game) + autosave.undo_pragmata(s)
    record = gcg.parse(text, "kept")
    again = GameSession(savegame.game_from_gcg(record))
    assert autosave.restore_turn(again, record) == ""
    assert _turn_state(again) == _turn_state(s)
    while s.undo_stack.canUndo():  # step by step back to the start of the turn, the same
        s.undo_stack.undo()
        again.undo_stack.undo()
        assert _turn_state(again) == _turn_state(s)
    while s.undo_stack.canRedo():
        s.undo_stack.redo()
        again.undo_stack.redo()
        assert _turn_state(again) == _turn_state(s)


def test_an_undo_history_that_does_not_fit_is_refused_and_nothing_moves(qapp):
    from wordbler.boardgame import gcg
    from wordbler.ui.boardgame.session import GameSession

    s = GameSession(Game(["Ann", "Bob"], seed=5))
    s.reveal()
    a = next(t for t in s.rack_tiles() if not t.is_blank)
    s.move_tile(a.id, H8)
    good = savegame.game_to_gcg(s.game) + autosave.undo_pragmata(s)
    for bad in (good.replace("m,", "m,999", 1),  # no such tile
                good.replace(",H8,", ",H9,", 1),  # the history ends elsewhere
                good.replace("ui-undo-index 1", "ui-undo-index 7"),
                good + "#wordbler-ui-undo x q,1\n"):
        record = gcg.parse(bad, "kept")
        again = GameSession(savegame.game_from_gcg(record))
        before = _turn_state(again)
        assert "not restored" in autosave.restore_turn(again, record)
        assert _turn_state(again) == before and again.undo_stack.count() == 0


_OPS = st.lists(st.tuples(st.sampled_from(["place", "move", "rack", "shuffle", "recall",
                                           "undo", "redo", "blank"]),
                          st.integers(0, 6), st.integers(0, 24)), max_size=25)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**16), ops=_OPS)
def test_any_turn_comes_back_with_its_whole_undo_history(qapp, seed, ops):
    """Property: whatever a player does in a turn (tiles placed, moved, taken back, shuffled,
    recalled, blanks relabelled, steps undone and redone), the kept game restores the same
    tiles in the same order and the same undo stack, and every undo and redo from there
    gives the same positions as in the game that was saved."""
    from wordbler.boardgame import gcg
    from wordbler.ui.boardgame.session import GameSession

    s = GameSession(Game(["Ann", "Bob"], seed=seed))
    s.reveal()
    squares = [Coord(7, 3 + i % 9) if i < 9 else Coord(i - 6, 7) for i in range(25)]
    for op, i, j in ops:
        rack, placed = s.rack_tiles(), list(s.pending())
        if op == "place" and rack:
            t = rack[i % len(rack)]
            s.move_tile(t.id, squares[j], letter="E" if t.is_blank else None)
        elif op == "move" and placed:
            s.move_tile(placed[i % len(placed)].tile.id, squares[j])
        elif op == "rack" and placed:
            s.move_tile(placed[i % len(placed)].tile.id, j % (len(rack) + 1))
        elif op == "shuffle":
            s.shuffle()
        elif op == "recall":
            s.recall_all()
        elif op == "undo":
            s.undo_stack.undo()
        elif op == "redo":
            s.undo_stack.redo()
        elif op == "blank":
            for p in placed:
                if p.tile.is_blank:
                    s.relabel_blank(p.coord, "ABCDEFG"[i])
    record = gcg.parse(savegame.game_to_gcg(s.game) + autosave.undo_pragmata(s), "kept")
    again = GameSession(savegame.game_from_gcg(record))
    assert autosave.restore_turn(again, record) == ""
    assert _turn_state(again) == _turn_state(s)
    while s.undo_stack.canUndo():
        s.undo_stack.undo()
        again.undo_stack.undo()
        assert _turn_state(again)[0] == _turn_state(s)[0]
        assert sorted(_turn_state(again)[1]) == sorted(_turn_state(s)[1])
    while s.undo_stack.canRedo():
        s.undo_stack.redo()
        again.undo_stack.redo()
        assert _turn_state(again)[0] == _turn_state(s)[0]
        assert sorted(_turn_state(again)[1]) == sorted(_turn_state(s)[1])


def test_the_resume_list_shows_a_head_start_before_the_first_move(tmp_path):
    from wordbler.boardgame.game import PlayerSpec

    store = Store(tmp_path / "kept")
    store.check()
    game = Game([PlayerSpec("Ann"), PlayerSpec("Bob", handicap=25)], seed=3)
    savegame.save_game(game, store.folder / "game-20240101-120000.gcg")
    (entry,) = store.entries()
    assert dict(entry.players) == {"Ann": 0, "Bob": 25} and entry.turns == 0
    assert "Bob 25" in entry.describe()
