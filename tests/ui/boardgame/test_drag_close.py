"""Closing the window while a tile is in the hand: Qt's drag runs its own event loop, in
which a close (a shortcut, the window manager, quitting) deletes the window; the code after
the drag then touched the deleted rack or square and the program crashed (a segmentation
fault under X11).  The drag's loop is stood in for by an ``exec`` that closes the window and lets its
deletion happen, as the loop would."""

from __future__ import annotations

import weakref

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt
from PySide6.QtGui import QDrag
from PySide6.QtTest import QTest

from wordbler.boardgame.game import PlayerSpec
from wordbler.boardgame.model import Coord
from wordbler.ui.boardgame import board as board_module
from wordbler.ui.boardgame import rack as rack_module
from wordbler.ui.boardgame.animation import Speed
from wordbler.ui.boardgame.config import GameConfig
from wordbler.ui.boardgame.mainwindow import MainWindow

from tests.ui.conftest import Driver


def _drag_that_deletes(window):
    ref = weakref.ref(window)  # the test's clean-up must not find the window alive

    class ClosingDrag(QDrag):
        def exec(self, *args):  # noqa: A003 - QDrag's name
            ref().close()
            ref().deleteLater()
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            return Qt.DropAction.IgnoreAction

    return ClosingDrag


def _window(qtbot) -> Driver:
    """A window the test's clean-up does not hold: the drag deletes it."""
    specs = (PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl"))
    w = MainWindow(GameConfig(specs, "standard", None, "test words", 7), Speed.OFF)
    w.resize(1000, 760)
    w.show()
    qtbot.waitExposed(w)
    return Driver(qtbot, w)


def _press_and_move(widget):
    centre = widget.rect().center()
    QTest.mousePress(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre)
    QTest.mouseMove(widget, centre + QPoint(40, 0))


def test_a_rack_drag_outlives_its_window(qtbot, monkeypatch):
    d = _window(qtbot)
    d.reveal()
    w = d.window
    monkeypatch.setattr(rack_module, "QDrag", _drag_that_deletes(w))
    tile = next(t for t in w.rack.tiles if t.isVisible() and t.tile_id is not None)
    _press_and_move(tile)  # raised on the deleted rack after the drag
    assert not shiboken6.isValid(w)


def test_a_board_drag_outlives_its_window(qtbot, monkeypatch):
    d = _window(qtbot)
    d.reveal()
    w = d.window
    t = d.session.rack_tiles()[0]
    assert d.drop_on_square(t.id, Coord(7, 7))
    monkeypatch.setattr(board_module, "QDrag", _drag_that_deletes(w))
    _press_and_move(d.square(Coord(7, 7)))  # raised on the deleted square after the drag
    assert not shiboken6.isValid(w)
