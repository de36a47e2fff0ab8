"""The suite's start page, the Game menu every game window gets, and the launcher behind both.

The start page lists the five games with a picture and one line each.  A game is playable
when its window package (``wordbler.ui.<key>``) offers ``create_window(parent=None)``; the
others are listed as coming, their button disabled.  The :class:`Launcher` opens a game's
window (one per game: asking again raises the open one), gives it the Game menu, and keeps the
windows alive.  The board game starts through its own :class:`~wordbler.ui.boardgame.startup.Startup`
(resume offer, setup dialog), exactly as ``wordbler`` did before the suite.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import (QT_TRANSLATE_NOOP, QCoreApplication, QObject, QRectF, QSize, Qt, QTimer,
                            Signal)
from PySide6.QtGui import QAction, QColor, QFont, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from .common.screen import fit_to_screen
from .common.wrapped import WrappedLabel


@dataclass(frozen=True, slots=True)
class GameEntry:
    key: str  # the window package: wordbler.ui.<key>
    title: str
    line: str  # one line on the start page
    picture: tuple[str, ...]  # letters of the little picture, row by row ("." = no tile)
    colour: str

    # title and line are English (marked for lupdate below); these are what the UI shows
    @property
    def shown_title(self) -> str:
        return QCoreApplication.translate("games", self.title)

    @property
    def shown_line(self) -> str:
        return QCoreApplication.translate("games", self.line)


GAMES: tuple[GameEntry, ...] = (
    GameEntry("boardgame", QT_TRANSLATE_NOOP("games", "Board game"),
              QT_TRANSLATE_NOOP("games", "Crossword tiles on a 15×15 board for 2–4 players at one PC, or against the computer."),
              ("W...", "ORB.", "R.E.", "DOTS"), "#2f5d50"),
    GameEntry("snake", QT_TRANSLATE_NOOP("games", "Word Snake"),
              QT_TRANSLATE_NOOP("games", "Drag through neighbouring letters to spell words before the time runs out."),
              ("SNA", "EKE", "TOR"), "#6c3483"),
    GameEntry("wordgrid", QT_TRANSLATE_NOOP("games", "Word Grid"),
              QT_TRANSLATE_NOOP("games", "Swap letters two at a time to restore a grid of crossing words."),
              ("CRANE", "A.O.A", "TIMER", "E.E.E", "RATED"), "#b9770e"),
    GameEntry("wordsearch", QT_TRANSLATE_NOOP("games", "Word Search"),
              QT_TRANSLATE_NOOP("games", "Find the words hidden in a grid of letters, in eight directions; print it too."),
              ("WQFIND", "OKHIDE", "RXLOOK", "DSEEKZ"), "#1f618d"),
    GameEntry("wordtools", QT_TRANSLATE_NOOP("games", "Word tools"),
              QT_TRANSLATE_NOOP("games", "Anagrams, patterns and every word in a letter grid, in English, Russian and French."),
              ("ANAG", "?..R", "PAT*"), "#7b241c"),
)

_ENTRIES = {g.key: g for g in GAMES}


def entry(key: str) -> GameEntry:
    return _ENTRIES[key]


def window_factory(key: str) -> Callable[..., QMainWindow] | None:
    """The ``create_window`` of a game's window package, or None while the game is coming."""
    if key == "boardgame":
        return None  # started by the launcher through its Startup, not a plain factory
    name = f"wordbler.ui.{key}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is not None and (e.name == name or name.startswith(e.name + ".")):
            return None
        raise
    factory = getattr(module, "create_window", None)
    return factory if callable(factory) else None


def _is_menu(action: QAction, name: str, english: str, translated: str) -> bool:
    """Whether a menu bar's ``action`` opens the window's menu ``name`` (its object name), or,
    in a window that does not name it, the menu titled ``english`` or its translation."""
    menu = action.menu()
    if menu is None:
        return False
    if menu.objectName():
        return menu.objectName() == name
    title = action.text().replace("&", "")
    return title in (english, translated.replace("&", ""))


def is_available(key: str) -> bool:
    return key == "boardgame" or window_factory(key) is not None


# ------------------------------------------------------------------------------ pictures
def game_picture(game: GameEntry, size: int) -> QPixmap:
    """A small picture of the game: its letters on tiles, painted (so it scales crisply)."""
    ratio = 1.0
    pm = QPixmap(size, size)
    pm.setDevicePixelRatio(ratio)
    pm.fill(QColor(game.colour))
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    rows = game.picture
    n = max(len(rows), max(len(r) for r in rows))
    margin = size * 0.08
    cell = (size - 2 * margin) / n
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(6, int(cell * 0.6)))
    p.setFont(font)
    top = margin + (n - len(rows)) * cell / 2
    for r, row in enumerate(rows):
        left = margin + (n - len(row)) * cell / 2
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            rect = QRectF(left + c * cell + cell * 0.06, top + r * cell + cell * 0.06,
                          cell * 0.88, cell * 0.88)
            p.setPen(QPen(QColor("#b58a3c"), max(1.0, cell * 0.04)))
            p.setBrush(QColor("#f6dfa8"))
            p.drawRoundedRect(rect, cell * 0.12, cell * 0.12)
            p.setPen(QColor("#2b2118"))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, ch)
    p.end()
    return pm


# ------------------------------------------------------------------------------ start page
class GameCard(QFrame):
    """One game on the start page: picture, title, one line, and its button."""

    chosen = Signal(str)

    def __init__(self, game: GameEntry, available: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.setObjectName(f"card-{game.key}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.picture = QLabel()
        self.picture.setFixedSize(96, 96)
        self.picture.setPixmap(game_picture(game, 96))
        self.picture.setAccessibleName(self.tr("{title} picture").format(title=game.shown_title))
        self.title = QLabel(game.shown_title)
        f = self.title.font()
        f.setPointSizeF(f.pointSizeF() * 1.35)
        f.setBold(True)
        self.title.setFont(f)
        # as tall as its wrapped text: the grid of cards does not ask a wrapped label's
        # height for its width, so with a large system font a card kept two lines' room
        # for three ("… in English and" and the rest cut off)
        line = game.shown_line if available else self.tr("{line}  (Coming soon.)").format(
            line=game.shown_line)
        self.line = WrappedLabel(line)
        # at the top of its room, as the title is: centred (QLabel's default), a card whose
        # row was taller had its line further down than the card beside it
        self.line.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.line.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.button = QPushButton(self.tr("Play") if available else self.tr("Coming soon"))
        self.button.setObjectName(f"play-{game.key}")
        self.button.setEnabled(available)
        self.button.setAccessibleName(self.tr("Play {title}")
                                      .format(title=game.shown_title) if available
                                      else self.tr("{title}: coming soon").format(title=game.shown_title))
        self.button.setAutoDefault(True)
        self.button.clicked.connect(lambda: self.chosen.emit(self.game.key))

        text = QVBoxLayout()
        text.addWidget(self.title)
        text.addWidget(self.line)
        text.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.button)
        text.addLayout(buttons)
        row = QHBoxLayout(self)
        row.addWidget(self.picture, 0, Qt.AlignmentFlag.AlignTop)
        row.addLayout(text, 1)


class StartPage(QMainWindow):
    """The first window of ``wordbler``: every game of the suite, one card each."""

    game_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Wordbler"))
        self.setObjectName("start-page")
        # narrower, a card's text column was too narrow for its lines and they ran under the
        # Play button (the page scrolls; it does not squeeze the cards further)
        self.setMinimumSize(440, 320)
        self.cards: dict[str, GameCard] = {}
        body = QWidget()
        outer = QVBoxLayout(body)
        heading = QLabel(self.tr("Wordbler"))
        hf = heading.font()
        hf.setPointSizeF(hf.pointSizeF() * 2.0)
        hf.setBold(True)
        heading.setFont(hf)
        sub = QLabel(self.tr("A suite of word games. Choose one to play."))
        sub.setWordWrap(True)
        outer.addWidget(heading)
        outer.addWidget(sub)
        grid = QGridLayout()
        grid.setSpacing(12)
        self._grid = grid
        outer.addLayout(grid)
        outer.addStretch(1)
        for game in GAMES:
            card = GameCard(game, is_available(game.key))
            card.chosen.connect(self.game_chosen)
            self.cards[game.key] = card
        self._columns = 0
        self._relayout(2)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        self.setCentralWidget(scroll)
        self.game_menu = QMenu(self.tr("&Game"), self)
        self.game_menu.setObjectName("game-menu")  # found by the launcher whatever the language
        self.menuBar().addMenu(self.game_menu)
        quit_action = QAction(self.tr("&Quit"), self)
        quit_action.setShortcut("Ctrl+Q")
        quit_action.triggered.connect(self.close)
        self._quit_action = quit_action
        first = next((c.button for c in self.cards.values() if c.button.isEnabled()), None)
        if first is not None:
            first.setFocus()

    def _relayout(self, columns: int) -> None:
        if columns == self._columns:
            return
        self._columns = columns
        for card in self.cards.values():
            self._grid.removeWidget(card)
        for i, card in enumerate(self.cards.values()):
            self._grid.addWidget(card, i // columns, i % columns)

    def resizeEvent(self, event) -> None:  # one column on narrow windows, two on wide ones
        self._relayout(1 if event.size().width() < 760 else 2)
        super().resizeEvent(event)

    def sizeHint(self) -> QSize:
        return QSize(980, 640)



# ------------------------------------------------------------------------------ launcher
# The games' code, read while the start page waits for a click, one module a step in the
# GUI thread's idle time (each step 30-130 ms): the first Play of a game took 130-270 ms,
# most of it reading its modules.  The word engine first; every game needs it.
PRELOAD: tuple[str, ...] = (
    "wordbler.lexicon", "wordbler.snake", "wordbler.ui.snake.pages", "wordbler.ui.snake.window",
    "wordbler.wordgrid", "wordbler.ui.wordgrid.window", "wordbler.wordsearch",
    "wordbler.ui.wordsearch.window", "wordbler.ui.wordtools.window", "wordbler.boardgame.game",
    "wordbler.ui.boardgame.startup", "wordbler.ui.boardgame.mainwindow",
)
PRELOAD_DELAY_MS = 400  # after the start page is shown: its first paint comes first


class Launcher(QObject):
    """Opens the games' windows (one each), gives each the Game menu, keeps them alive."""

    preloaded = Signal()  # every module of PRELOAD has been read (or could not be)

    def __init__(self, args=None, speed=None, settings=None) -> None:
        super().__init__()
        self.args = args
        self.speed = speed
        self.settings = settings
        self.start_page: StartPage | None = None
        self.windows: dict[str, QMainWindow] = {}
        self.startup = None  # the board game's Startup, once it has been started
        self.preload_pending: list[str] | None = None  # None: not started

    def _preload_start(self) -> None:
        if self.preload_pending is None:
            self.preload_pending = [m for m in PRELOAD if m not in sys.modules]
            QTimer.singleShot(PRELOAD_DELAY_MS, self, self._preload_step)

    def _preload_step(self) -> None:
        """Read the next module of PRELOAD, then let the event loop run before the one after."""
        pending = self.preload_pending or []
        while pending and pending[0] in sys.modules:
            pending.pop(0)
        if not pending:
            self.preloaded.emit()
            return
        name = pending.pop(0)
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - opening that game says what is wrong, not this
            pass
        QTimer.singleShot(0, self, self._preload_step)

    # the start page
    def show_start_page(self) -> StartPage:
        if self.start_page is None:
            self.start_page = StartPage()
            self.start_page.game_chosen.connect(self.open)
            self.install_game_menu(self.start_page)
            fit_to_screen(self.start_page, self.start_page.sizeHint())
            self._preload_start()
        self.start_page.show()
        self.start_page.raise_()
        self.start_page.activateWindow()
        return self.start_page

    # the games
    def open(self, key: str):
        """Show the game ``key``'s window (raising it when it is open already); the other
        games' windows that can pause (a timed round) do, as the player turns away."""
        for other_key, other in list(self.windows.items()):
            pause = getattr(other, "pause_for_switch", None)
            if other_key != key and pause is not None and _alive(other):
                pause()
        if key == "start":
            return self.show_start_page()
        if key == "boardgame":
            return self._open_board_game()
        window = self.windows.get(key)
        if window is not None and _alive(window):
            window.show()
            window.raise_()
            window.activateWindow()
            return window
        factory = window_factory(key)
        if factory is None:
            return None
        window = factory()
        self.windows[key] = window
        self.install_game_menu(window)
        window.show()
        return window

    def _open_board_game(self):
        from .boardgame.startup import Startup

        if self.startup is not None:
            tables = [w for w in self.startup.windows if _alive(w) and w.isVisible()]
            if tables:
                tables[0].raise_()
                tables[0].activateWindow()
                return tables[0]
        if self.startup is None:
            self.startup = Startup(self.args, self.speed, self.settings, launcher=self)
        self.startup.run(None)
        tables = [w for w in self.startup.windows if _alive(w) and w.isVisible()]
        return tables[-1] if tables else None

    # the Game menu
    def install_game_menu(self, window: QMainWindow) -> None:
        """Add the suite's entries to ``window``'s Game menu (made if it has none)."""
        bar = window.menuBar()
        menu = None
        for action in bar.actions():
            if action.menu() is not None and _is_menu(action, "game-menu", "Game",
                                                      self.tr("&Game")):
                menu = action.menu()
                break
        if menu is None:
            menu = QMenu(self.tr("&Game"), window)
            menu.setObjectName("game-menu")  # found by the launcher whatever the language
            actions = bar.actions()
            after_file = 1 if actions and _is_menu(actions[0], "file-menu", "File",
                                                   self.tr("&File")) else 0
            if after_file < len(actions):
                bar.insertMenu(actions[after_file], menu)
            else:
                bar.addMenu(menu)
        elif not menu.isEmpty():
            menu.addSeparator()
        used = {key for a in menu.actions() if (key := _mnemonic(a.text()))}
        switch = []
        start = QAction(_with_mnemonic(self.tr("Start page"), used), window)
        start.setObjectName("game-menu-start")
        start.triggered.connect(lambda: self.open("start"))
        menu.addAction(start)
        switch.append(start)
        for game in GAMES:
            a = QAction(_with_mnemonic(game.shown_title, used), window)
            a.setObjectName(f"game-menu-{game.key}")
            a.setEnabled(is_available(game.key))
            a.triggered.connect(lambda _=False, k=game.key: self.open(k))
            menu.addAction(a)
            switch.append(a)
        window.suite_game_actions = switch  # for tests and for keeping them alive
        if isinstance(window, StartPage):
            menu.addSeparator()
            menu.addAction(window._quit_action)


def _mnemonic(text: str) -> str | None:
    """The letter after the single ``&`` of a menu text (lower case), or None."""
    i = text.replace("&&", "\0\0").find("&")
    return text[i + 1].casefold() if 0 <= i < len(text) - 1 else None


def _with_mnemonic(text: str, used: set[str]) -> str:
    """``text`` with a menu key not in ``used`` (which it joins): the first letter of a word
    if one is free, else any free letter, else none.  The suite's entries in a game's own
    Game menu had none, or one the game's items had taken ("&Scoreboard", "&Start page"):
    the key then only moved between them."""
    plain = text.replace("&", "&&")
    words = [i for i, ch in enumerate(text)
             if ch.isalpha() and (i == 0 or not text[i - 1].isalpha())]
    others = [i for i, ch in enumerate(text) if ch.isalpha() and i not in words]
    for i in words + others:
        key = text[i].casefold()
        if key not in used:
            used.add(key)
            return text[:i].replace("&", "&&") + "&" + text[i:].replace("&", "&&")
    return plain


def _alive(widget) -> bool:
    try:
        import shiboken6

        return shiboken6.isValid(widget)
    except ImportError:  # pragma: no cover - shiboken6 comes with PySide6
        return True
