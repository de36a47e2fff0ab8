"""The window as the suite opens it: create_window, the start page's launcher, its menus."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow


def test_create_window_and_the_launcher(qtbot, tmp_path):
    # keep the user's real settings out of it
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    from wordbler.ui.snake import create_window
    from wordbler.ui.start import Launcher, is_available

    w = create_window()
    qtbot.addWidget(w)
    assert isinstance(w, QMainWindow) and not w.isVisible()
    menus = [a.text().replace("&", "") for a in w.menuBar().actions()]
    assert menus == ["Game", "Help"]
    assert w.pages.currentWidget() is w.setup

    assert is_available("snake")
    launcher = Launcher()
    opened = launcher.open("snake")
    qtbot.addWidget(opened)
    assert opened.isVisible() and opened.objectName() == "snake-window"
    game_menu = next(a.menu() for a in opened.menuBar().actions() if a.text().replace("&", "") == "Game")
    texts = [a.text().replace("&", "") for a in game_menu.actions()]
    assert "New board" in texts and "Word Snake" in texts and "Start page" in texts
    assert launcher.open("snake") is opened            # one window per game


def test_every_surface_reads_on_a_dark_desktop(qtbot, tmp_path):
    # with a dark program palette (a dark desktop, or the board game's Theme > Dark) the
    # window kept only its background and text colours: the menu titles were near-white on
    # beige (1.2:1) and the results' tab labels dark on dark grey (1.3:1)
    from PySide6.QtCore import QSettings

    from tests.ui.palette_checks import dark_program_palette, unreadable
    from wordbler.ui.snake.window import SnakeWindow

    with dark_program_palette():
        w = SnakeWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                        data_dir=tmp_path / "data")
        qtbot.addWidget(w)
        for widget in (w.menuBar(), w.results.tabs.tabBar(), w.setup.players, w.round.end_button):
            assert unreadable(widget) == []
