"""The suite's start page and Game menu, driven as a person would: clicks and menu actions."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

import wordbler.ui  # noqa: F401  (installs the PySide6 refcount guard first)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMainWindow

from wordbler.ui import start
from wordbler.ui.start import GAMES, Launcher, StartPage


class FakeGameWindow(QMainWindow):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Fake game")
        self.menuBar().addMenu("&File")
        self.menuBar().addMenu("&Help")


@pytest.fixture
def launcher(qtbot):
    made = Launcher()
    yield made
    for w in [made.start_page, *made.windows.values()]:
        if w is not None:
            w.close()
            w.deleteLater()


def test_the_start_page_lists_every_game_with_a_picture_and_a_line(qtbot):
    page = StartPage()
    qtbot.addWidget(page)
    page.show()
    assert [k for k in page.cards] == ["boardgame", "snake", "wordgrid", "wordsearch", "wordtools"]
    for game in GAMES:
        card = page.cards[game.key]
        assert card.title.text() == game.title
        assert game.line in card.line.text()
        assert not card.picture.pixmap().isNull()
    # the board game is always playable; a game without a window package is coming
    assert page.cards["boardgame"].button.isEnabled()
    for key, card in page.cards.items():
        assert card.button.isEnabled() == start.is_available(key)
        if not card.button.isEnabled():
            assert "Coming soon" in card.button.text()


def test_a_game_without_its_window_is_listed_as_coming(qtbot, monkeypatch):
    monkeypatch.setattr(start, "window_factory", lambda key: None)
    page = StartPage()
    qtbot.addWidget(page)
    assert page.cards["boardgame"].button.isEnabled()
    for key in ("snake", "wordgrid", "wordsearch", "wordtools"):
        assert not page.cards[key].button.isEnabled()
        assert "Coming soon" in page.cards[key].line.text()


def test_clicking_play_opens_the_game_with_the_game_menu(qtbot, launcher, monkeypatch):
    opened = []

    def factory(key):
        if key == "wordtools":
            def make(parent=None):
                w = FakeGameWindow(parent)
                opened.append(w)
                return w
            return make
        return None

    monkeypatch.setattr(start, "window_factory", factory)
    page = launcher.show_start_page()
    qtbot.waitExposed(page)
    qtbot.mouseClick(page.cards["wordtools"].button, Qt.MouseButton.LeftButton)
    assert len(opened) == 1 and opened[0].isVisible()
    window = opened[0]
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles == ["&File", "&Game", "&Help"]  # the Game menu comes after File
    # asking again raises the same window instead of opening a second one
    qtbot.mouseClick(page.cards["wordtools"].button, Qt.MouseButton.LeftButton)
    assert len(opened) == 1
    # the Game menu goes back to the start page
    page.hide()
    back = next(a for a in window.suite_game_actions if a.objectName() == "game-menu-start")
    back.trigger()
    assert page.isVisible()


def test_the_game_menu_lists_every_game_and_disables_the_coming_ones(qtbot, launcher, monkeypatch):
    monkeypatch.setattr(start, "window_factory", lambda key: None)
    window = FakeGameWindow()
    qtbot.addWidget(window)
    launcher.install_game_menu(window)
    by_name = {a.objectName(): a for a in window.suite_game_actions}
    assert set(by_name) == {"game-menu-start"} | {f"game-menu-{g.key}" for g in GAMES}
    assert by_name["game-menu-boardgame"].isEnabled()
    assert not by_name["game-menu-snake"].isEnabled()


def test_a_window_with_its_own_game_menu_gets_the_switcher_below_its_items(qtbot, launcher):
    window = QMainWindow()
    qtbot.addWidget(window)
    own = window.menuBar().addMenu("&Game")
    own.addAction("&Scoreboard")
    launcher.install_game_menu(window)
    menus = [a for a in window.menuBar().actions() if a.text() == "&Game"]
    assert len(menus) == 1
    texts = [a.text() for a in own.actions()]
    # the switcher's entries take menu keys the window's own items left free: "&Scoreboard"
    # and "&Start page" shared S, and the games had none
    assert texts[0] == "&Scoreboard" and "Start &page" in texts
    keys = [start._mnemonic(t) for t in texts if t]
    assert None not in keys and len(keys) == len(set(keys))


def test_the_start_page_fits_small_windows_without_clipping(qtbot):
    page = StartPage()
    qtbot.addWidget(page)
    for w, h in ((1024, 700), (800, 500), (1920, 1080)):
        page.resize(w, h)
        page.show()
        qtbot.waitExposed(page)
        QApplication.processEvents()
        for card in page.cards.values():
            fm = card.title.fontMetrics()
            assert fm.horizontalAdvance(card.title.text()) <= card.title.width()
            fm = card.button.fontMetrics()
            assert fm.horizontalAdvance(card.button.text()) < card.button.width()


def test_the_start_page_is_never_squeezed_until_its_lines_run_under_the_button(qtbot):
    # at 300 x 200 a card's description ran under its Play button
    page = StartPage()
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    page.resize(300, 200)
    QApplication.processEvents()
    assert page.width() >= 440 and page.height() >= 320
    for card in page.cards.values():
        line = card.line
        wrapped = line.fontMetrics().boundingRect(line.contentsRect(),
                                                  int(Qt.TextFlag.TextWordWrap), line.text())
        assert wrapped.height() <= line.contentsRect().height(), line.text()
        bottom = line.mapTo(card, line.contentsRect().topLeft()).y() + wrapped.height()
        assert bottom <= card.button.mapTo(card, card.button.rect().topLeft()).y()


def test_wordbler_without_options_opens_the_start_page(qapp, monkeypatch, tmp_path):
    from PySide6.QtCore import QSettings

    from wordbler.ui.app import main

    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    monkeypatch.setattr(qapp, "exec", lambda: 0)  # do not block: look at what main built
    assert main([]) == 0
    launcher = qapp.wordbler_launcher
    page = launcher.start_page
    try:
        assert isinstance(page, StartPage) and page.isVisible()
        assert launcher.windows == {} and launcher.startup is None  # no game started by itself
        titles = [a.text() for a in page.menuBar().actions()]
        assert "&Game" in titles
    finally:
        page.close()
        page.deleteLater()


def test_wordbler_with_players_goes_straight_to_the_board_game_with_the_game_menu(
        qapp, monkeypatch, tmp_path):
    from PySide6.QtCore import QSettings

    from wordbler.ui.app import main
    from wordbler.ui.boardgame.mainwindow import MainWindow

    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path))
    monkeypatch.setattr(qapp, "exec", lambda: 0)
    assert main(["--players", "Ann,Bob", "--seed", "3", "--animation", "off"]) == 0
    launcher = qapp.wordbler_launcher
    try:
        assert launcher.start_page is None
        tables = [w for w in launcher.startup.windows if isinstance(w, MainWindow)]
        assert len(tables) == 1
        game_menu = next(a.menu() for a in tables[0].menuBar().actions() if a.text() == "&Game")
        texts = [a.text() for a in game_menu.actions()]
        plain = [t.replace("&", "") for t in texts]
        assert "Scoreboard" in plain and "Start page" in plain and "Word Snake" in plain
        keys = [start._mnemonic(t) for t in texts if t and start._mnemonic(t)]
        assert len(keys) == len(set(keys))  # each key opens one item
    finally:
        for w in launcher.startup.windows:
            w.settings = None
            w.close()
            w.deleteLater()


def test_windows_fit_the_available_screen(qtbot):
    from PySide6.QtCore import QSize

    from wordbler.ui.common.screen import available_size, fit_to_screen

    page = StartPage()
    qtbot.addWidget(page)
    avail = available_size(page)
    got = fit_to_screen(page, QSize(avail.width() * 3, avail.height() * 3))
    assert got.width() <= avail.width() and got.height() <= avail.height()
    assert page.width() <= avail.width() and page.height() <= avail.height()
    small = fit_to_screen(page, QSize(500, 400))
    assert small == QSize(500, 400)


@pytest.mark.parametrize("key", ["snake", "wordgrid", "wordsearch", "wordtools"])
def test_every_game_window_opens_within_the_screen(qtbot, key):
    """QT_SCALE_FACTOR=2 on a 1600x1000 screen is 800x500 logical: a window asking for more
    would run off it (the Word Grid window asked for 1024x700)."""
    from wordbler.ui.common.screen import available_size

    factory = start.window_factory(key)
    assert factory is not None
    window = factory()
    qtbot.addWidget(window)
    avail = available_size(window)
    assert window.width() <= avail.width() and window.height() <= avail.height()


def test_a_help_page_larger_than_the_screen_is_fitted_to_it(qtbot):
    # at 2x scale on a 1366x768 screen (683x384 logical) the games' help pages ran off it
    from PySide6.QtCore import QSize
    from PySide6.QtWidgets import QWidget

    from wordbler.ui.common.helpdialog import show_help_dialog

    parent = QWidget()
    qtbot.addWidget(parent)
    room = parent.screen().availableGeometry()
    dlg = show_help_dialog(parent, "Help", "<p>" + "words " * 2000 + "</p>",
                           QSize(room.width() * 2, room.height() * 2))
    assert dlg.isVisible() and "words" in dlg.text.toPlainText()
    assert dlg.width() <= room.width() and dlg.height() <= room.height()
    dlg.close()


def test_each_cards_line_starts_at_the_top_of_its_room(qtbot):
    # centred in a taller room, the board game's line sat lower than its neighbour's
    page = StartPage()
    qtbot.addWidget(page)
    page.resize(1366, 740)
    page.show()
    qtbot.waitExposed(page)
    tops = {}
    for key, card in page.cards.items():
        img = card.line.grab().toImage()
        ink = next(y for y in range(img.height())
                   if any(img.pixelColor(x, y).lightness() < 100 for x in range(img.width())))
        tops[key] = ink
    assert max(tops.values()) <= 8, tops


def test_a_timed_round_pauses_when_the_player_turns_to_another_game(qtbot, launcher,
                                                                    monkeypatch, tmp_path):
    # Word Snake's round ran on behind the other game's window, and ended with nobody there
    from PySide6.QtCore import QSettings

    from wordbler.snake import Phase
    from wordbler.ui.snake.window import SnakeWindow

    def factory(key):
        if key == "snake":
            return lambda parent=None: SnakeWindow(parent, settings=QSettings(
                str(tmp_path / "snake.ini"), QSettings.Format.IniFormat))
        return FakeGameWindow if key == "wordgrid" else None

    monkeypatch.setattr(start, "window_factory", factory)
    snake = launcher.open("snake")
    qtbot.waitExposed(snake)
    with qtbot.waitSignal(snake.deal_ready, timeout=30000):
        snake.new_board(seed=7)
    game = snake.session.game
    assert game.phase is Phase.PLAYING  # one player: the round starts at once
    to_grid = next(a for a in snake.suite_game_actions if a.objectName() == "game-menu-wordgrid")
    to_grid.trigger()
    assert game.phase is Phase.PAUSED and snake.round.board_view.cover_text
    # back to the round: the player resumes it; minimising the window pauses it again
    next(a for a in launcher.windows["wordgrid"].suite_game_actions
         if a.objectName() == "game-menu-snake").trigger()
    qtbot.mouseClick(snake.round.pause_button, Qt.MouseButton.LeftButton)
    assert game.phase is Phase.PLAYING
    snake.showMinimized()
    qtbot.waitUntil(lambda: game.phase is Phase.PAUSED)


@pytest.mark.parametrize("points", [14, 18])
def test_every_cards_line_shows_whole_with_a_large_system_font(qtbot, points):
    # the grid of cards did not give a wrapped line the height it needs for its width:
    # with a 14-point font "print it too." and "in English and Russian." were cut off
    from PySide6.QtGui import QFont

    app = QApplication.instance()
    before = app.font()
    font = QFont(before)
    font.setPointSize(points)
    app.setFont(font)  # the system's font, before the page is made
    try:
        page = StartPage()
        qtbot.addWidget(page)
        page.resize(980, 640)
        page.show()
        qtbot.waitExposed(page)
        for _ in range(5):
            QApplication.processEvents()
        for card in page.cards.values():
            line = card.line
            wrapped = line.fontMetrics().boundingRect(line.contentsRect(),
                                                      int(Qt.TextFlag.TextWordWrap), line.text())
            assert wrapped.height() <= line.contentsRect().height(), line.text()
    finally:
        app.setFont(before)


@pytest.mark.parametrize("key", ["snake", "wordgrid", "wordsearch", "wordtools"])
def test_each_menu_key_of_a_games_window_opens_one_item(qtbot, launcher, key):
    # Word Snake's Board code and Close shared C, Word Grid's Play a seed and Size S and its
    # Copy result and Close C, Word Search's Export PDF and Print P: the key only moved
    # between them
    from PySide6.QtWidgets import QMenu

    window = launcher.open(key)
    qtbot.addWidget(window)
    for menu in window.menuBar().findChildren(QMenu):
        keys = [start._mnemonic(a.text()) for a in menu.actions() if a.text()]
        keys = [k for k in keys if k]
        assert len(keys) == len(set(keys)), (menu.title(), [a.text() for a in menu.actions()])
    # a window's own pool (word tools reads its list in one) is idle before the window goes:
    # deleting a pool waits for its job, and a wait that holds Python's lock would never end
    pool = getattr(window, "_pool", None)
    if pool is not None:
        qtbot.waitUntil(lambda: pool.activeThreadCount() == 0, timeout=60000)


def test_about_names_every_game_of_the_suite(qtbot):
    # it read "A crossword-tile word game for 2–4 players" long after the suite had five games
    from wordbler.ui.boardgame.dialogs import AboutDialog

    dlg = AboutDialog("Test list")
    qtbot.addWidget(dlg)
    text = dlg.tabs.widget(0).toPlainText()
    for game in GAMES[1:]:
        assert game.title.lower() in text.lower(), game.title
    assert "board game" in text and "Test list" in text
