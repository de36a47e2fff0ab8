"""What the View menu and the window remember for the next start (the app's QSettings):
the unseen-tiles dock, the window's size, place and maximised state."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication

from wordbler.boardgame.game import PlayerSpec
from wordbler.ui.boardgame.animation import Speed
from wordbler.ui.boardgame.config import GameConfig
from wordbler.ui.boardgame.mainwindow import MainWindow
from wordbler.ui.boardgame.theme import fits_screen

GEOMETRY_KEY = "boardgame/window_geometry"

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


# ------------------------------------------------------------------ the window's place and size


def _start(qapp, qtbot) -> MainWindow:
    """The app started for a new game at once (as ``wordbler --players Ann,Bob``)."""
    from wordbler.ui.app import main

    assert main(["--players", "Ann,Bob", "--animation", "off"]) == 0
    w = [w for w in qapp.wordbler_launcher.startup.windows if isinstance(w, MainWindow)][-1]
    qtbot.waitExposed(w)
    for _ in range(3):  # its work after showing (fitting itself to the screen) done
        QApplication.processEvents()
    return w


def _restart(qapp, qtbot, w) -> MainWindow:
    """Quit (File > Quit), then start again."""
    w.files.quit_action.trigger()
    qtbot.waitUntil(lambda: not shiboken6.isValid(w))
    return _start(qapp, qtbot)


def test_the_window_comes_back_where_it_was_and_as_big(qapp, app_env, qtbot):
    w = _start(qapp, qtbot)
    free = w.screen().availableGeometry()
    # (the offscreen screen is 800 px wide, no wider than the window's smallest width)
    w.resize(w.minimumWidth(), 540)
    w.move(free.left(), free.top() + 37)
    qtbot.waitUntil(lambda: w.height() == 540 and w.frameGeometry().y() == free.top() + 37)
    where = w.geometry()
    again = _restart(qapp, qtbot, w)
    assert again.geometry() == where  # it was always 1100 x 800, or as much as fitted
    assert fits_screen(again)


def test_a_maximised_window_comes_back_maximised(qapp, app_env, qtbot):
    w = _start(qapp, qtbot)
    w.showMaximized()
    qtbot.waitUntil(w.isMaximized)
    again = _restart(qapp, qtbot, w)
    assert again.isMaximized()
    again.showNormal()  # and un-maximised, a window that fits the screen
    qtbot.waitUntil(lambda: not again.isMaximized())
    assert fits_screen(again)


def test_a_place_on_a_monitor_no_longer_there_comes_back_on_the_screen(qapp, app_env, qtbot):
    """The window was last on a big second monitor, right of this one, now unplugged."""
    from PySide6.QtWidgets import QMainWindow

    w = _start(qapp, qtbot)
    free = w.screen().availableGeometry()
    far = QMainWindow()
    far.setGeometry(free.right() + 400, free.top() + 300, free.width() * 2, free.height() * 2)
    QSettings().setValue(GEOMETRY_KEY, far.saveGeometry())  # as that session saved it
    far.deleteLater()
    w.settings = None  # (this window keeps its own place out of it)
    w.files._close_confirmed = True
    again = _restart(qapp, qtbot, w)
    assert fits_screen(again), (again.frameGeometry(), free)
