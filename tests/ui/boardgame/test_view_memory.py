"""What the View menu and the window remember for the next start (the app's QSettings)."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QAbstractButton

from wordbler.boardgame.game import PlayerSpec
from wordbler.ui.boardgame.animation import Speed
from wordbler.ui.boardgame.config import GameConfig
from wordbler.ui.boardgame.mainwindow import MainWindow

CONFIG = GameConfig((PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl")), seed=7)


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "wordbler.ini"), QSettings.Format.IniFormat)


@pytest.fixture(autouse=True)
def _close_the_rest():
    """The windows a test leaves open (deleted on close: no qtbot.addWidget for them)."""
    yield
    for w in OPENED:
        if shiboken6.isValid(w):
            w.close()
    OPENED.clear()


OPENED: list = []


def _open(qtbot, settings) -> MainWindow:
    w = MainWindow(CONFIG, Speed.OFF, settings=settings)
    w.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)  # as the app's windows are
    OPENED.append(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def _leave(qtbot, w, how: str) -> None:
    if how == "quit":
        w.files.quit_action.trigger()  # File > Quit
    else:
        w.close()  # the window's close button
    qtbot.waitUntil(lambda: not shiboken6.isValid(w))  # deleted, docks and all


@pytest.mark.parametrize("how", ["quit", "close"])
def test_unseen_tiles_stay_on_at_the_next_start(qtbot, settings, how):
    w = _open(qtbot, settings)
    assert not w.tracker_dock.isVisible()
    w.tracker_action.trigger()  # View > Unseen tiles
    assert w.tracker_dock.isVisible()
    _leave(qtbot, w, how)
    settings.sync()
    assert settings.value("view/unseen_tiles") == "true"
    again = _open(qtbot, settings)
    assert again.tracker_action.isChecked() and again.tracker_dock.isVisible()
    # turned off from the menu: off at the next start
    again.tracker_action.trigger()
    _leave(qtbot, again, how)
    assert settings.value("view/unseen_tiles") == "false"
    third = _open(qtbot, settings)
    assert not third.tracker_action.isChecked() and not third.tracker_dock.isVisible()


def test_closing_the_unseen_tiles_dock_with_its_button_is_remembered(qtbot, settings):
    w = _open(qtbot, settings)
    w.tracker_action.trigger()
    close = next(b for b in w.tracker_dock.findChildren(QAbstractButton)
                 if b.objectName() == "qt_dockwidget_closebutton")
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    assert not w.tracker_dock.isVisible()
    assert settings.value("view/unseen_tiles") == "false"
