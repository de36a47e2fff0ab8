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


def _contrast(a, b) -> float:
    def lum(c):
        def ch(v):
            v = v / 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * ch(c.red()) + 0.7152 * ch(c.green()) + 0.0722 * ch(c.blue())
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_every_surface_reads_on_a_dark_desktop(qtbot, tmp_path):
    # with a dark program palette (a dark desktop, or the board game's Theme > Dark) the
    # window kept only its background and text colours: the menu titles were near-white on
    # beige (1.2:1) and the results' tab labels dark on dark grey (1.3:1)
    import itertools

    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtWidgets import QApplication

    from wordbler.ui.snake.window import SnakeWindow

    app = QApplication.instance()
    before = app.palette()
    dark = QPalette(QColor("#31363b"), QColor("#232629"))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText):
        dark.setColor(role, QColor("#fcfcfc"))
    dark.setColor(QPalette.ColorRole.Base, QColor("#1b1e20"))
    app.setPalette(dark)
    try:
        w = SnakeWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                        data_dir=tmp_path / "data")
        qtbot.addWidget(w)
        R = QPalette.ColorRole
        for widget in (w.menuBar(), w.results.tabs.tabBar(), w.setup.players, w.round.end_button):
            pal = widget.palette()
            # the styles draw a role's text on another role's ground (menu titles: button
            # text on the window; tabs: window text on a button shade): every pair must read
            for text, ground in itertools.product((R.WindowText, R.ButtonText, R.Text),
                                                  (R.Window, R.Button, R.Base)):
                assert _contrast(pal.color(text), pal.color(ground)) >= 4.5, \
                    (type(widget).__name__, text, pal.color(text).name(), pal.color(ground).name())
    finally:
        app.setPalette(before)
