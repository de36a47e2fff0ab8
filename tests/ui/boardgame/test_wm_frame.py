"""A window manager reports a window's frame (title bar, borders) only after the window is
shown, with a move of the window: the table and the New game dialog then fit the screen again,
frame and all.  (With openbox on a 1024 x 700 screen both stood 25 px out of the screen, the
dialog's Start game and Cancel half cut off.)

The offscreen platform has no window manager: :class:`WmFrame` plays one, as openbox does it
(the frame known only after the window is shown, the window moved down by its title bar)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMargins, QPoint
from PySide6.QtWidgets import QApplication, QWidget

from wordbler.boardgame.game import PlayerSpec
from wordbler.ui.boardgame.animation import Speed
from wordbler.ui.boardgame.config import GameConfig
from wordbler.ui.boardgame.mainwindow import MainWindow
from wordbler.ui.boardgame.setup import SetupDialog
from wordbler.ui.boardgame.theme import fits_screen

TITLE_BAR = QMargins(1, 25, 1, 1)


class WmFrame:
    """A frame of ``extra`` margins round the window, beyond the platform's own: none until
    :meth:`wm_reports_frame`."""

    extra = QMargins()

    def frameGeometry(self):  # noqa: N802
        return super().frameGeometry().marginsAdded(self.extra)

    def move(self, *args):  # move() places the frame
        p = args[0] if len(args) == 1 else QPoint(*args)
        super().move(p.x() + self.extra.left(), p.y() + self.extra.top())

    def wm_reports_frame(self, margins: QMargins = TITLE_BAR, moves: bool = True) -> None:
        """The window manager frames the window where it is: the window itself goes down
        and right by the frame (a real move: the window gets its move event).  ``moves``
        False: the frame goes round the window where it is, and the window hears of it only
        by being painted (openbox with a window put back where it was last time)."""
        self.extra = margins
        pos = self.pos()
        if moves:
            QWidget.move(self, pos.x() + margins.left(), pos.y() + margins.top())
        else:
            self.repaint()


class FramedWindow(WmFrame, MainWindow):
    pass


class FramedSetup(WmFrame, SetupDialog):
    pass


def _too_big_for(window) -> tuple[int, int]:
    free = window.screen().availableGeometry()
    return free.width() + 200, free.height() + 200


def _no_room_for_a_title_bar(window) -> None:
    """As tall as the screen: a title bar added now would push the bottom out of it.  (The
    window's own work after showing, its zero timers, done first: the real window manager
    comes later.)"""
    for _ in range(3):
        QApplication.processEvents()
    free = window.screen().availableGeometry()
    assert window.frameGeometry().height() + TITLE_BAR.top() > free.height()


def _frame_fits(qtbot, window) -> None:
    free = window.screen().availableGeometry()
    qtbot.waitUntil(lambda: fits_screen(window), timeout=3000)
    assert window.frameGeometry().bottom() <= free.bottom()


@pytest.mark.parametrize("moves", [True, False], ids=["moved-down", "framed-in-place"])
def test_the_table_fits_again_when_the_window_manager_reports_its_title_bar(qtbot, moves):
    config = GameConfig((PlayerSpec("Ann", "fox"), PlayerSpec("Bob", "owl")), seed=7)
    w = FramedWindow(config, Speed.OFF)
    qtbot.addWidget(w)
    w.resize(*_too_big_for(w))
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: fits_screen(w))  # fitted while no frame is known
    _no_room_for_a_title_bar(w)
    if not moves:  # put back a little down the screen: the frame's bottom goes out of it
        w.move(w.frameGeometry().x(), w.frameGeometry().y() + TITLE_BAR.top())
        w.resize(w.width(), w.height() - TITLE_BAR.top())
        qtbot.waitUntil(lambda: fits_screen(w))
    w.wm_reports_frame(moves=moves)
    _frame_fits(qtbot, w)
    # a move of the user's afterwards (the frame unchanged) is left alone
    size = w.size()
    w.move(w.frameGeometry().x() + 5, w.frameGeometry().y())
    qtbot.waitUntil(lambda: w.frameGeometry().x() >= 5)
    assert w.size() == size


def test_the_new_game_dialog_fits_again_when_the_window_manager_reports_its_title_bar(qtbot):
    dlg = FramedSetup()
    qtbot.addWidget(dlg)
    dlg.resize(dlg.width(), _too_big_for(dlg)[1])
    dlg.show()
    qtbot.waitExposed(dlg)
    qtbot.waitUntil(lambda: fits_screen(dlg))
    _no_room_for_a_title_bar(dlg)
    dlg.wm_reports_frame()
    _frame_fits(qtbot, dlg)
    # its Start game and Cancel buttons are inside the screen, whole
    free = dlg.screen().availableGeometry()
    for button in dlg.buttons.buttons():
        bottom = button.mapToGlobal(button.rect().bottomLeft()).y()
        assert bottom <= free.bottom(), f"{button.text()} cut off at y={bottom}"
    dlg.reject()
