"""Helpers for UI tests: a window with animations off, real drops, clicks and keys."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

import wordbler.ui  # noqa: F401  (installs the PySide6 refcount guard first)
from PySide6.QtCore import QLockFile, QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QWidget

from wordbler.boardgame.game import PlayerSpec
from wordbler.boardgame.model import Coord
from wordbler.ui.boardgame.animation import Speed
from wordbler.ui.boardgame.config import GameConfig
from wordbler.ui.boardgame.mime import tile_mime


class Words(set):
    """A test lexicon: a plain set of upper-case words that a test can add to."""


def send_drop(widget: QWidget, mime, pos: QPoint | None = None) -> bool:
    """Deliver a drag-enter, drag-move and drop of ``mime`` to ``widget`` at ``pos``,
    through the same event path a real drag uses.  Returns whether the drop was accepted."""
    pos = pos if pos is not None else widget.rect().center()
    posf = QPointF(pos)
    actions = Qt.DropAction.MoveAction | Qt.DropAction.CopyAction
    enter = QDragEnterEvent(posf, actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, enter)
    if not enter.isAccepted():
        return False
    move = QDragMoveEvent(posf, actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, move)
    drop = QDropEvent(posf, actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, drop)
    return drop.isAccepted()


def locks_cannot_be_made(monkeypatch, module) -> None:
    """``module``'s lock files fail as on a full disk or a read-only folder (the system's
    answer, which root's permissions cannot produce in a test): no lock, and not because
    another process holds it."""

    class NoLocks(QLockFile):
        def tryLock(self, timeout=0):  # noqa: N802
            return False

        def error(self):
            return QLockFile.LockError.PermissionError

    monkeypatch.setattr(module, "QLockFile", NoLocks)


class Driver:
    """Plays a window through its widgets only (drops, clicks, keys)."""

    def __init__(self, qtbot, window) -> None:
        self.qtbot = qtbot
        self.window = window

    @property
    def session(self):
        return self.window.session

    @property
    def game(self):
        return self.window.session.game

    def rack_letters(self) -> str:
        return "".join(t.letter for t in self.session.rack_tiles())

    def tile(self, letter: str, exclude=()):
        for t in self.session.rack_tiles():
            if t.letter == letter and t.id not in exclude:
                return t
        raise AssertionError(f"no {letter} on the rack {self.rack_letters()}")

    def square(self, coord: Coord):
        return self.window.board.squares[coord]

    def drop_on_square(self, tile_id: int, coord: Coord, origin: Coord | None = None) -> bool:
        return send_drop(self.square(coord), tile_mime(tile_id, origin))

    def drop_on_rack(self, tile_id: int, index: int, origin: Coord | None = None) -> bool:
        rack = self.window.rack
        n = len(rack.tile_ids())
        if index >= n:
            x = rack.slot_rect(n - 1).right() + 4 if n else rack.width() // 2
        else:
            x = rack.slot_rect(index).center().x() - 2
        return send_drop(rack, tile_mime(tile_id, origin), QPoint(x, rack.height() // 2))

    def click(self, widget, modifier=Qt.KeyboardModifier.NoModifier) -> None:
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, modifier)

    def click_rack_tile(self, tile_id: int, ctrl: bool = False) -> None:
        w = self.window.rack.tile_widget(tile_id)
        assert w is not None, f"tile {tile_id} not shown on the rack"
        self.click(w, Qt.KeyboardModifier.ControlModifier if ctrl else Qt.KeyboardModifier.NoModifier)

    def key(self, key, widget=None, modifier=Qt.KeyboardModifier.NoModifier) -> None:
        self.qtbot.keyClick(widget or self.window.board, key, modifier)

    def reveal(self) -> None:
        handoff = self.window.table.handoff
        assert handoff.isVisible(), "the hand-off panel should cover the rack"
        self.click(handoff.button)
        assert not self.session.handoff

    def done(self) -> None:
        self.click(self.window.table.done_button)

    def place_opening(self, words: set) -> tuple:
        """Drop the first two non-blank rack tiles on H8 and I8, making them a word of
        ``words``; returns the two tiles (the caller submits)."""
        a, b = [t for t in self.session.rack_tiles() if not t.is_blank][:2]
        words.add(a.letter + b.letter)
        assert self.drop_on_square(a.id, Coord(7, 7)) and self.drop_on_square(b.id, Coord(7, 8))
        return a, b

    def place(self, letters_at: list[tuple[str, Coord]]) -> None:
        """Drop rack tiles showing these letters on these squares."""
        used = set()
        for letter, coord in letters_at:
            t = self.tile(letter, used)
            used.add(t.id)
            assert self.drop_on_square(t.id, coord), f"drop of {letter} on {coord.label} refused"


@pytest.fixture
def make_window(qtbot):
    from wordbler.ui.boardgame.mainwindow import MainWindow

    def make(players=("Ann", "Bob"), seed=7, rules="standard", lexicon=None, size=(1000, 760),
             speed=Speed.OFF, label="test words"):
        specs = tuple(p if isinstance(p, PlayerSpec) else PlayerSpec(p, m)
                      for p, m in zip(players, ("fox", "owl", "frog", "cat")))
        config = GameConfig(specs, rules, lexicon, label, seed)
        window = MainWindow(config, speed)
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        return window

    return make


@pytest.fixture
def driver(qtbot, make_window):
    def make(**kw):
        return Driver(qtbot, make_window(**kw))

    return make


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path, monkeypatch):
    """Each UI test has its own data folder: an autosave one test leaves is never offered
    to (or overwritten by) another."""
    monkeypatch.setenv("WORDBLER_DATA_DIR", str(tmp_path / "wordbler-data"))


def quit_tables(qapp) -> None:
    """The board-game windows ``main()`` made are closed, as at the end of a session."""
    from wordbler.ui.boardgame.mainwindow import MainWindow

    for w in qapp.topLevelWidgets():
        if isinstance(w, MainWindow) and w.isVisible():
            w.files._close_confirmed = True
            w.close()


@pytest.fixture
def app_env(qapp, monkeypatch, tmp_path):
    """``main()`` returns instead of running the event loop; the app's settings and data
    folder are the test's own."""
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    monkeypatch.setattr(qapp, "exec", lambda: 0)
    monkeypatch.setenv("WORDBLER_DATA_DIR", str(tmp_path / "data"))
    yield
    quit_tables(qapp)
