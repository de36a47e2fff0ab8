"""Data safety across processes: ``python -m wordbler.ui.app`` in child processes (offscreen,
their own data and config folders, playing a script of intents through
``WORDBLER_TEST_SCRIPT``), killed with SIGKILL or run side by side with the app started in
this process through ``main()``.

- 16.1: a game killed mid-game survives the next sessions' New games and quits.
- 13.2: killed mid-turn, resumed: the turn's undo history is back, and the hand-off shows
  none of the turn's tiles.
- 16.2: two instances at once never write one file: the second gets its own, is told about
  the other's game, cannot resume it while the other holds it, and can once it is gone.
- 16.4: an unreadable data folder (``chmod 000``; as root, in a child without the power to
  read anything) starts with autosave off and says why.
- 13.3: ``--open`` of a file that is not a game with no display at all: one line, exit 2.
"""

from __future__ import annotations

import ctypes
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from wordbler.boardgame import savegame
from wordbler.boardgame.game import Game
from wordbler.boardgame.model import Coord
from wordbler.ui.boardgame import autosave
from wordbler.ui.boardgame.autosave import Store

from ..conftest import Driver
from .test_kill_resume import SEED, _plain, _wait_for, plan
from .test_safety_startup import (  # noqa: F401  (app_env is a fixture)
    activate,
    answer_offer,
    app_env,
    kept,
    play_a_pass,
    quit_window,
    settle,
    start,
    table,
)

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL and chmod are POSIX")]


def _env(data: Path, tmp_path: Path, script: Path | None) -> dict:
    env = dict(os.environ)
    env.update({
        "QT_QPA_PLATFORM": "offscreen",
        "WORDBLER_DATA_DIR": str(data),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),  # QSettings stay out of the user's
    })
    env.pop("WORDBLER_TEST_SCRIPT", None)
    if script is not None:
        env["WORDBLER_TEST_SCRIPT"] = str(script)
    return env


def _app(data: Path, tmp_path: Path, steps: list[dict], *args: str, name: str = "app",
         preexec=None) -> subprocess.Popen:
    """``python -m wordbler.ui.app ARGS`` playing ``steps``."""
    script = tmp_path / f"{name}.json"
    script.write_text(json.dumps(steps))
    cmd = [sys.executable, "-m", "wordbler.ui.app", *args, "--animation", "off"]
    return subprocess.Popen(cmd, env=_env(data, tmp_path, script), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=preexec)


def _kill(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=60)


def _lexicon(tmp_path: Path, words) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(sorted(words)) + "\n")
    return path


def _killed_mid_turn(data: Path, tmp_path: Path) -> tuple[Path, dict]:
    """A child plays three turns and half of a fourth (two tiles placed, one moved, the rack
    shuffled) and is killed with SIGKILL.  Returns its game file and its last state."""
    steps, _after, words, _played = plan()
    lexicon = _lexicon(tmp_path, words)
    before, ready = tmp_path / "before.json", tmp_path / "ready.txt"
    proc = _app(data, tmp_path, steps + [{"do": "dump", "path": str(before)},
                                         {"do": "ready", "path": str(ready)}],
                "--players", "Ann,Bob", "--seed", str(SEED), "--lexicon", str(lexicon))
    try:
        assert _wait_for(ready, proc) == "ready\n"
    finally:
        _kill(proc)
    assert proc.returncode == -signal.SIGKILL
    [path] = kept(data / "boardgame")
    return path, json.loads(before.read_text())


# --------------------------------------------------------------------------- 16.1


def test_a_killed_game_survives_the_next_sessions_new_games_and_quits(qapp, qtbot, app_env,
                                                                       tmp_path):
    """Issue 16.1's repro: a game is killed; ``wordbler --players Cy,Di``, New game, quit;
    ``wordbler --players Ed,Flo``, quit: the killed game is whole, and offered next time."""
    path, state = _killed_mid_turn(app_env.parent, tmp_path)
    data = path.read_bytes()
    w = start(qapp, "--players", "Cy,Di")
    w.new_action.trigger()  # nothing played: no question, the setup dialog
    qtbot.mouseClick(w.setup_dialog.start_button, Qt.MouseButton.LeftButton)
    quit_window(qtbot, w)
    w = start(qapp, "--players", "Ed,Flo")
    quit_window(qtbot, w)
    assert kept(app_env) == [path] and path.read_bytes() == data
    found = autosave.inspect(app_env)
    assert found.kind is autosave.FoundKind.UNFINISHED and found.path == path
    assert len(found.game.history) == len(state["history"]) == 3
    found.release()


# --------------------------------------------------------------------------- 13.2


def test_killed_mid_turn_the_resumed_turn_has_its_undo_history(qapp, qtbot, app_env, tmp_path):
    path, state = _killed_mid_turn(app_env.parent, tmp_path)
    w = start(qapp, "--resume")
    activate(qtbot, w)
    s = w.session
    assert w.autosaver.path == path
    pending = [(Coord.parse_gcg(label)[0], tile) for label, tile, _ in state["pending"]]
    assert s.handoff and w.table.handoff.isVisible()
    assert w.table.bottom.currentWidget() is not w.table.rack
    assert all(w.board.squares[c].state.face is None for c, _ in pending)  # hidden
    assert w.table.preview_label.text() == ""  # and not named in the live preview
    d = Driver(qtbot, w)
    assert w.table.preview_label.text() == ""
    d.reveal()
    assert all(w.board.squares[c].state.face is not None for c, _ in pending)
    assert w.table.preview_label.text()  # the player at the seat sees the preview again
    assert [t.id for t in s.rack_tiles()] == state["shown_rack"]
    # place, place, move, shuffle: all four steps can be taken back, one by one
    assert (s.undo_stack.count(), s.undo_stack.index()) == (4, 4)
    rack_before_shuffle = None
    undo = Qt.KeyboardModifier.ControlModifier
    d.key(Qt.Key.Key_Z, modifier=undo)  # the shuffle
    rack_before_shuffle = [t.id for t in s.rack_tiles()]
    assert rack_before_shuffle != state["shown_rack"]
    assert sorted(rack_before_shuffle) == sorted(state["shown_rack"])
    d.key(Qt.Key.Key_Z, modifier=undo)  # the move: back on G11
    assert sorted(p.coord.label for p in s.pending()) == ["G11", "H11"]
    d.key(Qt.Key.Key_Z, modifier=undo)
    d.key(Qt.Key.Key_Z, modifier=undo)
    assert s.pending() == ()
    redo = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    for _ in range(4):
        d.key(Qt.Key.Key_Z, modifier=redo)
    assert sorted(p.coord.label for p in s.pending()) == ["H11", "H12"]
    assert [t.id for t in s.rack_tiles()] == state["shown_rack"]


# --------------------------------------------------------------------------- 16.2


def test_two_instances_never_write_one_file(qapp, qtbot, app_env, tmp_path, monkeypatch):
    data = app_env.parent
    g = Game(["Ann", "Bob"], seed=SEED)
    letter = _plain(g, 1)
    ready = tmp_path / "a-ready.txt"
    # A: one tile on the board, then it keeps moving it (each move autosaved)
    a = _app(data, tmp_path, [
        {"do": "reveal"}, {"do": "place", "letter": letter, "at": "H8"},
        {"do": "ready", "path": str(ready)},
        {"do": "repeat", "times": 3000, "steps": [{"do": "move", "from": "H8", "to": "H9"},
                                                  {"do": "move", "from": "H9", "to": "H8"}]},
    ], "--players", "Ann,Bob", "--seed", str(SEED), name="a")
    try:
        assert _wait_for(ready, a) == "ready\n"
        [a_path] = kept(app_env)
        # B, in this process, starts meanwhile: A's game is not offered (A holds it)
        answer_offer(monkeypatch, resume=True)  # would take it, if it were offered
        w = start(qapp)
        assert w.autosaver.path is None and w.session.game.history == []
        assert "open in another Wordbler window" in w.table.message_label.text()
        play_a_pass(qtbot, w)
        w.autosaver.flush()
        b_path = w.autosaver.path
        assert b_path is not None and b_path != a_path
        # B's File > Resume lists A's game, not to be resumed while A holds it
        w.files.resume_menu.aboutToShow.emit()
        entry = next(x for x in w.files.resume_actions if x.statusTip() == str(a_path))
        assert "(open in another window)" in entry.text() and not entry.isEnabled()
        w.files.resume_path(a_path)
        assert "open in another Wordbler window" in w.files.box.text()
        assert w.autosaver.path == b_path
        # C, a third instance asked to --resume: nothing free to resume, a new game of its own
        c_dump = tmp_path / "c.json"
        c = _app(data, tmp_path, [{"do": "dump", "path": str(c_dump)}, {"do": "quit"}],
                 "--players", "Cy,Di", "--resume", name="c")
        out, err = c.communicate(timeout=120)
        assert c.returncode == 0, err
        assert "no unfinished game to resume" in err
        assert {p[0] for p in json.loads(c_dump.read_text())["players"]} == {"Cy", "Di"}
        # all along, each file held one game: A's is A's, B's is B's
        assert {p.name for p in savegame.load_game(a_path).players} == {"Ann", "Bob"}
        assert len(savegame.load_game(b_path).history) == 1
    finally:
        _kill(a)
    # A is gone (killed): its game can be resumed now, here, and goes on in its own file
    w.files.resume_menu.aboutToShow.emit()
    entry = next(x for x in w.files.resume_actions if x.statusTip() == str(a_path))
    assert entry.isEnabled()
    entry.trigger()
    box = w.files.box
    if box is not None and box.isVisible():  # B's game has a turn: "Save first?"
        qtbot.mouseClick(box.button(QMessageBox.StandardButton.Discard), Qt.MouseButton.LeftButton)
    assert w.autosaver.path == a_path
    assert {p.name for p in w.session.game.players} == {"Ann", "Bob"}
    assert set(kept(app_env)) == {a_path, b_path}


# --------------------------------------------------------------------------- 16.4


def _without_read_everything() -> None:
    """In the child, before exec: the root user loses the power to read and write any file
    (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH), so ``chmod 000`` means what it says."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (1, 2):  # PR_CAPBSET_DROP = 24
        if libc.prctl(24, cap, 0, 0, 0) != 0:
            os._exit(97)


def test_an_unreadable_data_folder_starts_with_autosave_off_and_says_why(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (tmp_path / "config").mkdir()
    dump = tmp_path / "state.json"
    os.chmod(data, 0)
    try:
        proc = _app(data, tmp_path, [{"do": "reveal"}, {"do": "pass"},
                                     {"do": "dump", "path": str(dump)}, {"do": "quit"}],
                    "--players", "Ann,Bob", preexec=_without_read_everything)
        out, err = proc.communicate(timeout=120)
    finally:
        os.chmod(data, 0o755)
    if proc.returncode == 97:
        pytest.skip("cannot drop the power to read anything here")
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert "autosave is off" in err.lower() and "Permission denied" in err
    assert len(json.loads(dump.read_text())["history"]) == 1  # the game went on
    assert os.listdir(data) == []  # nothing written


# --------------------------------------------------------------------------- 13.3


def test_open_of_a_file_that_is_not_a_game_with_no_display_at_all(tmp_path):
    bad = tmp_path / "binary.gcg"
    bad.write_bytes(b"\x00\x01\x02 not a game \xff")
    env = _env(tmp_path / "data", tmp_path, None)
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    proc = subprocess.run([sys.executable, "-m", "wordbler.ui.app", "--open", str(bad)],
                          env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"wordbler: {bad}") and "binary" in lines[0]
